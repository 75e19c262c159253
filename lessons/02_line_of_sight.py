# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 02 — Line of sight 通视
#
# **Goal.** After this lesson you can decide whether two units see each other (通视判断) and say
# which rule decided it: the same-level rule (同一高程, L-3), the adjacent-levels rule
# (两个相邻高程, L-4) or the observation-measurement chart (观察测量表, L-5, lesson 03). You know
# the hexside (格边) rule, why sight is symmetric, and how to read a viewshed (视域).
#
# Rules used ([rules reference](../docs/rules.md), §3 line of sight):
# [L-1](../docs/rules.md#L-1), [L-2](../docs/rules.md#L-2), [L-3](../docs/rules.md#L-3),
# [L-4](../docs/rules.md#L-4), [L-5](../docs/rules.md#L-5), [L-6](../docs/rules.md#L-6),
# [L-7](../docs/rules.md#L-7) (and [M-4](../docs/rules.md#M-4), [M-5](../docs/rules.md#M-5)
# from lesson 01).

# %% [markdown]
# ## The rule in plain words
#
# 1. **The sight line 观察线 (L-1).** Draw a straight line from the centre of the observing
#    unit's (观察单位) hex to the centre of the target's (目标) hex. The hexes it *passes
#    through* (途经格) are the obstacles. The two end hexes are not obstacles of their own:
#    their settlement or forest never counts — that is the project's reading, a **[decision]**
#    ([L-1](../docs/rules.md#L-1): the rulebook speaks only of terrain *on* the line) — but
#    their ground level does take part in L-4/L-5.
# 2. **Height for sight 通视高程 (L-2).** For sight a hex counts with its elevation level
#    (高程等级), **+1 if it is a settlement (居民地) or forest (丛林地)**.
# 3. **Same level 同一高程 (L-3).** Both units on level *h*: sight is clear unless a passed hex
#    has a height for sight above *h*.
# 4. **Adjacent levels 两个相邻高程 (L-4).** Levels *h* and *h* + 1: find the elevation change
#    point (高程变化点) where the line climbs onto level *h* + 1. Sight is clear if the *higher*
#    unit is at least as near to it as the lower unit (distance from the higher ≤ distance from
#    the lower).
# 5. **Anything else: the chart (L-5)**, with several change points. Lesson 03 builds it.
# 6. **Symmetry (L-7).** A sees B exactly when B sees A.
#
# Rulings that are the project's choice **[decision]**, because the rulebook is silent:
#
# - If the line runs *exactly along a hexside*, the two hexes on either side count as one
#   obstacle of the **lower** of their two heights for sight: sight is blocked there only if
#   *both* sides block. Along the map edge, where one side is off the map, the hexside is no
#   obstacle. A line that only touches a corner (vertex) passes through none of the hexes
#   meeting there (L-1).
# - A change point exactly at the tie (or exactly on the decision line) counts as clear, so L-4 and
#   L-5 always agree (L-5).
# - The higher unit's own hex counts at its ground level: climbing into it is a change point,
#   so adjacent hexes two or more levels apart never see each other (L-5).
# - The case reported is L-3 for equal levels; L-4 for levels one apart when nothing on the line
#   is above the higher unit and the line climbs only once; L-5 otherwise (L-6).

# %%
# %matplotlib inline
import random
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from IPython.display import display

from hexrules import (
    Hex,
    HexMap,
    line_of_sight,
    load_sight_cases,
    plot_grazes,
    plot_map,
    use_cjk_fonts,
    viewshed,
)
from hexrules import visible as fast_visible
from hexrules.language import say

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check02.py").exists() else here / "lessons"))
import _check02 as check
from _check import table

use_cjk_fonts()  # Chinese labels in plots, when a CJK font is available
m = HexMap.load("training")
print(m, "—", m.description)

# %%
# The worked cases of maps/training.cases.json (one observer/target pair per case, found by
# scripts/find_sight_cases.py and checked by the tests), by id.
CASES = {c.id: c for c in load_sight_cases("training") if not c.prepared}

def case(case_id):
    # The sight record of a worked case.
    return line_of_sight(m, *CASES[case_id].pair)

def side_by_side(*records, chart=False):
    # Plot records next to each other (the map around the line, or the chart).
    size = (6.5 * len(records), 3.6 if chart else 5)
    fig, axes = plt.subplots(1, len(records), figsize=size)
    for rec, ax in zip(records, np.atleast_1d(axes), strict=True):
        rec.plot_chart(ax) if chart else rec.plot(ax)
    plt.tight_layout()
    plt.show()


# %% [markdown]
# ## 1. Height for sight 通视高程 (L-2)
#
# A forest or a settlement stands about one level above the ground it grows or is built on. A few
# hexes on the training map (`m.effective_height(h)` gives the height for sight):

# %%
table(["hex 六角格", "level 高程等级", "terrain 地形", "height for sight 通视高程"],
      [(name, m.elevation_at(h), m.terrain_at(h).label, m.effective_height(h))
       for name in ["4563GH", "4563LK", "4563ER", "4563OP", "4563RM"] for h in [m.parse(name)]])

# %% [markdown]
# ## 2. Same level 同一高程 (L-3)
#
# Both worked cases are on the level-0 plain. In the first, every hex the line passes is on
# level 0: **visible**. In the second, the line clips the corner of a single level-1 hex
# (`4563WM`) for under a quarter of a hex; that is enough: **blocked**. The record shows every
# hex the line passes (途经格), with the height it counts with; the plot outlines them in
# yellow and draws the line green (visible) or red (blocked).

# %%
seen, hidden = case("l3_visible"), case("l3_blocked")
display(seen)
say(hidden.reason)
side_by_side(seen, hidden)

# %% [markdown]
# ## 3. Adjacent levels 两个相邻高程 (L-4)
#
# Now one unit stands one level higher. Find where the line climbs onto the higher level (the
# change point 高程变化点) and compare the two distances to it:
#
# - `4563WN` (level 0) → `4563NS` (level 1): the line climbs at 5.96 hexes from the lower unit,
#   3.58 from the higher one. The higher unit is nearer: **visible**.
# - `4463BH` (level 0) → `4563RH` (level 1): the line climbs only 1.22 hexes from the lower unit
#   and 4.87 from the higher one. The slope hides the low tank: **blocked**.

# %%
up, down = case("l4_visible"), case("l4_blocked")
for rec in (up, down):
    say(rec.verdict, "—", rec.reason, "\n")
side_by_side(up, down)

# %% [markdown]
# Two adjacent hexes one level apart are the limiting case: the change point is the hexside,
# exactly half-way, 0.50 from each unit. That tie counts as **visible** (≤, L-4; the
# **[decision]** of L-5 keeps the chart agreeing).

# %%
say(case("l4_adjacent").reason)

# %% [markdown]
# ## 4. The general case: the chart 观察测量表 (L-5)
#
# When the levels are two or more apart, or the line climbs more than once, L-4's simple
# comparison is not enough; the observation-measurement chart decides. Lesson 03 builds it step
# by step; here, read the verdicts and the charts. Each dot is a change point, green when below
# (or on) the decision line (判定直线) from the lower unit to the higher unit's star, red when
# above.

# %%
multi, blocked = case("l5_visible_multi"), case("l5_blocked")
for rec in (multi, blocked):
    say(rec.verdict, "—", rec.reason)
side_by_side(multi, blocked, chart=True)

# %% [markdown]
# **[decision]** The higher unit's own hex takes part at its ground level. So two adjacent hexes
# two levels apart never see each other: from the foot of a 20 m cliff you cannot see a tank
# parked 25 m back from its edge.

# %%
cliff = case("adjacent_2_levels")
say(cliff.verdict, "—", cliff.reason)
side_by_side(cliff, chart=True)

# %% [markdown]
# ## 5. Which case? (L-6 [decision])
#
# Every record says which rule applied. Here are all the worked cases of this lesson (they come
# from `maps/training.cases.json`, which the tests check): levels, case, verdict and the number
# of change points on the chart.

# %%
rows = []
for c in CASES.values():
    rec = line_of_sight(m, *c.pair)
    rows.append((c.title_en, f"{c.observer} → {c.target}", rec.distance,
                 f"{m.elevation_at(rec.observer)} → {m.elevation_at(rec.target)}", rec.case,
                 rec.verdict, len(rec.chart_points)))
table(["worked case 示例", "observer → target 观察单位 → 目标", "range 距离",
       "levels 高程等级", "case", "verdict", "change points 高程变化点"], rows)

# %% [markdown]
# ## 6. The hexside rule (L-1 [decision])
#
# Some lines run exactly along a hexside (格边), between two hexes, instead of through one.
# The project rules that such a stretch counts as **one obstacle of the lower of the two
# heights for sight**. In the case below the line from `4563FO` (level 1) to `4563CT`
# (level 2) runs along three hexsides, drawn as wide orange bands under the dashed line; each
# hex shows its height for sight (`h=`). The middle hexside has the forest `4563ER` (h=3) on
# one side and open `4563DQ` (h=1) on the other: it counts as height 1, and sight is clear.

# %%
edge = case("hexside_decides")
table(["hexside 格边", "heights for sight", "ruling"],
      [(" | ".join(g.names), " | ".join(map(str, g.heights)), g.ruling) for g in edge.grazes])

# %%
say(edge.verdict, "—", edge.reason)
fig, ax = plt.subplots(figsize=(9, 7.5))
plot_grazes(edge, ax)
plt.show()

# %% [markdown]
# Sight is blocked along a hexside only if **both** sides block. To see it, build a copy of the
# map where `4563DQ` is forest too (a map is an immutable value: we edit its dictionary and load
# a new one; the training map is unchanged). Now both sides of that hexside stand above the
# line, and the same pair is blocked.

# %%
data = m.to_dict()
col, row = m.parse("4563DQ").to_offset()
line = data["terrain"][row]
data["terrain"][row] = line[:col] + "F" + line[col + 1:]
wooded = HexMap.from_dict(data, source="training, with 4563DQ wooded")
rec = line_of_sight(wooded, "4563FO", "4563CT")
print([g.ruling for g in rec.grazes][1])
say(rec.verdict, "—", rec.reason)
assert not rec.visible and edge.visible and m.terrain_at(m.parse("4563DQ")).code == "."

# %% [markdown]
# Along the **map edge** the other side of the hexside is off the map: that hexside is no
# obstacle. In this case the line from `4464CJ` runs up the eastern edge four times; the edge
# never blocks, and the verdict comes from the slope (an ordinary L-4 block).

# %%
rim = case("map_edge_hexside")
table(["hexside 格边", "ruling"], [(" | ".join(g.names), g.ruling) for g in rim.grazes])

# %%
say(rim.verdict, "—", rim.reason)

# %% [markdown]
# ## 7. Symmetry (L-7)
#
# If A sees B, B sees A: the rules never favour the observer. Check it on 300 random pairs
# (seeded, so the same pairs every run), and count the cases met on the way.

# %%
rng = random.Random(2024)
hexes = list(m)
tally, asymmetric = {}, 0
for _ in range(300):
    a, b = rng.sample(hexes, 2)
    ab, ba = line_of_sight(m, a, b), line_of_sight(m, b, a)
    asymmetric += ab.visible != ba.visible
    key = (ab.case, ab.verdict)
    tally[key] = tally.get(key, 0) + 1
print("pairs where A sees B but B does not see A:", asymmetric)
assert asymmetric == 0
table(["case", "verdict", "pairs"], [(c, v, k) for (c, v), k in sorted(tally.items())])

# %% [markdown]
# ## 8. A viewshed 视域
#
# A viewshed (视域) is every hex a unit at one hex can see. `hexrules.viewshed` computes it
# for the whole map at once with compiled code; it gives exactly the verdicts of
# `line_of_sight` (the test suite compares them on every pair). Below, a tank on the ridge
# at `4563LK`: hexes it **cannot** see are greyed out.

# %%
post = m.parse("4563LK")
sees = viewshed(m, post)  # bool array [row, col]
hidden_hexes = [Hex.from_offset(c, r) for r, c in np.argwhere(~sees)]
print(f"{m.name_of(post)} sees {int(sees.sum())} of {len(m)} hexes")

sample = random.Random(7).sample(hexes, 40)
assert all(sees[h.to_offset()[::-1]] == line_of_sight(m, post, h).visible for h in sample)
assert fast_visible(m, post, "4563ER") == line_of_sight(m, post, "4563ER").visible

from matplotlib.collections import PolyCollection

fig, ax = plt.subplots(figsize=(10, 7.5))
plot_map(m, ax, highlight=[post], highlight_colour="red")
ax.add_collection(PolyCollection([m.georef.corners(h) for h in hidden_hexes],
                                 facecolors="#222222", alpha=0.45, edgecolors="none"))
ax.set_title(f"viewshed of {m.name_of(post)} 视域 (grey: not visible 不通视)")
plt.show()

# %% [markdown]
# Look at the shadows: the foot of the ridge itself (its own slope hides it), the far side of
# the hill in the north-east, and the ground behind the settlement and the woods. A forest or a
# settlement hex can itself be seen (an end hex is never its own obstacle, a **[decision]** of
# [L-1](../docs/rules.md#L-1)), but it hides what lies behind it.
#
# ## 9. Try it: sight explorer
#
# Choose an observing unit and then a target: click them on the map, or type their military
# names in the boxes. The explorer asks `line_of_sight` and shows the verdict with its reason, the line,
# the hexes it passes and any hexside it runs along. Try the worked cases above, then your own
# pairs: can the ridge see into the central settlement? What does the wood at `4563ER` hide?

# %%
# The sight-line explorer (replaces the temporary controls): click an observer hex, then a
# target hex (a third click starts over), or type names such as 4563GH in the boxes.
from hexrules_widgets import SightExplorer

explorer = SightExplorer(m)
explorer.select("4563LK", "4563ER")
explorer

# %% [markdown]
# ## 10. Exercises 练习
#
# Replace each `None` with your answer and run the cell: the check says **✓ Right 正确** or
# **✗ Not yet 再想想** with a hint. Press **Show the solution 显示答案** only after trying.
#
# **Exercise 1.** What is the height for sight (通视高程) of `4563FS`, in the wood on the
# north-west slope of the hill? Find its level and terrain on the map, with the explorer above,
# or with `m.elevation_at` and `m.terrain_at`.

# %%
answer_1 = None  # a number
check.check_effective_height(answer_1, m, "4563FS")

# %%
check.solution("1")

# %% [markdown]
# **Exercise 2.** Two tanks stand on the level-0 plain in the west, at `4563JF` and `4563QE`.
# Do they see each other? Answer `True`/`False` (or `"visible"`/`"blocked"`). Look at the map
# first; the picture below shows the ground between them.

# %%
a, b = m.parse("4563JF"), m.parse("4563QE")
fig, ax = plt.subplots(figsize=(9, 8))
(c0, r0), (c1, r1) = a.to_offset(), b.to_offset()
between = [Hex.from_offset(c, r) for c in range(min(c0, c1) - 3, max(c0, c1) + 4)
           for r in range(min(r0, r1) - 1, max(r0, r1) + 2)]
plot_map(m, ax, hexes=between, highlight=[a, b], highlight_colour="#d62728", labels=True)
ax.set_title("the two tanks 4563JF and 4563QE (outlined in red)")
plt.show()

# %%
answer_2 = None  # True or False
check.check_visible(answer_2, m, "4563JF", "4563QE")

# %%
check.solution("2")

# %% [markdown]
# **Exercise 3.** Which case decides sight from `4563VS` (by the bridge, level 0) to `4563VM`
# (level 1, to the west): `"L-3"`, `"L-4"` or `"L-5"`?

# %%
answer_3 = None  # "L-3", "L-4" or "L-5"
check.check_case(answer_3, m, "4563VS", "4563VM")

# %%
check.solution("3")

# %% [markdown]
# ## Summary 小结
#
# - The sight line (观察线) runs centre to centre (L-1); passed hexes (途经格) count with their
#   height for sight (通视高程): level + 1 for settlement and forest (L-2); end hexes count
#   only with their ground level (**[decision]**).
# - Same level (同一高程, L-3): blocked by any passed hex higher than the units.
# - Adjacent levels (两个相邻高程, L-4): visible when the higher unit is at least as near the
#   change point (高程变化点) as the lower one; a tie is visible.
# - Everything else goes to the observation-measurement chart (观察测量表, L-5, lesson 03);
#   every record names the case (L-6) and explains itself.
# - **[decision]s**: a line along a hexside counts the lower side; the map edge is no obstacle;
#   a vertex touch is nothing; a tie is clear; adjacent hexes two levels apart never see each
#   other.
# - Sight is symmetric (L-7); `viewshed` gives every hex a unit sees (视域), with the same
#   verdicts as `line_of_sight`.
#
# Next: [Lesson 03 — The observation-measurement chart 观察测量表](03_observation_chart.ipynb).
