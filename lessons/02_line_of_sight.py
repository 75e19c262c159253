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
# the hexside rule, why sight is symmetric, and how to read a viewshed.
#
# Rules used ([rules reference](../docs/rules.md), §3 line of sight):
# [L-1](../docs/rules.md#L-1), [L-2](../docs/rules.md#L-2), [L-3](../docs/rules.md#L-3),
# [L-4](../docs/rules.md#L-4), [L-5](../docs/rules.md#L-5), [L-6](../docs/rules.md#L-6),
# [L-7](../docs/rules.md#L-7) (and [M-4](../docs/rules.md#M-4), [M-5](../docs/rules.md#M-5)
# from lesson 01).

# %% [markdown]
# ## The rule in plain words
#
# 1. **The sight line (L-1).** Draw a straight line from the centre of the observer's hex to the
#    centre of the target's hex. The hexes it *passes through* are the obstacles. The two end
#    hexes are not obstacles of their own (their city or forest never counts), but their ground
#    level does take part in L-4/L-5.
# 2. **Effective height (L-2).** For sight a hex counts with its elevation level (高程), **+1 if
#    it is city (居民地) or forest (丛林地)**.
# 3. **Same level 同一高程 (L-3).** Both units on level *h*: sight is clear unless a passed hex
#    has an effective height above *h*.
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
#   obstacle of the **lower** of their two effective heights: sight is blocked there only if
#   *both* sides block. Along the map edge, where one side is off the map, the hexside is no
#   obstacle. A line that only touches a corner (vertex) passes through none of the hexes
#   meeting there (L-1).
# - A change point exactly at the tie (or exactly on the chart line) counts as clear, so L-4 and
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
from IPython.display import HTML, display

from hexrules import Hex, HexMap, line_of_sight
from hexrules.render.plots import plot_map, use_cjk_fonts
from hexrules.sight import load_sight_cases
from hexrules.sight.fast import viewshed
from hexrules.sight.fast import visible as fast_visible

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check02.py").exists() else here / "lessons"))
import _check02 as check

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
# ## 1. Effective height 有效高程 (L-2)
#
# A wood or a village stands about one level above the ground it grows or is built on. A few
# hexes on the training map:

# %%
for name in ["4563GH", "4563KF", "4563ER", "4563LK", "4563OP"]:
    h = m.parse(name)
    print(f"{name}: level {m.elevation_at(h)}, {m.terrain_at(h).label:<14} → effective height"
          f" {m.effective_height(h)}")

# %% [markdown]
# ## 2. Same level 同一高程 (L-3)
#
# Both worked cases are on the level-0 plain. In the first, every hex the line passes is on
# level 0: **visible**. In the second, the line clips the corner of a single level-1 hex
# (`4563WM`) for under a quarter of a hex; that is enough: **blocked**. The record shows every hex the
# line passes, with the height it counts with; the plot outlines them in yellow and draws the
# line green (visible) or red (blocked).

# %%
seen, hidden = case("l3_visible"), case("l3_blocked")
display(seen)
print(hidden.reason)
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
    print(rec.verdict, "—", rec.reason, "\n")
side_by_side(up, down)

# %% [markdown]
# Two adjacent hexes one level apart are the limiting case: the change point is the hexside,
# exactly half-way, 0.50 from each unit. That tie counts as **visible** (≤, L-4; the
# **[decision]** of L-5 keeps the chart agreeing).

# %%
print(case("l4_adjacent").reason)

# %% [markdown]
# ## 4. The general case: the chart 观察测量表 (L-5)
#
# When the levels are two or more apart, or the line climbs more than once, L-4's simple
# comparison is not enough; the observation-measurement chart decides. Lesson 03 builds it step
# by step; here, read the verdicts and the charts. Each dot is a change point, green when below
# (or on) the line from the lower unit to the higher unit's star, red when above.

# %%
multi, blocked = case("l5_visible_multi"), case("l5_blocked")
for rec in (multi, blocked):
    print(rec.verdict, "—", rec.reason)
side_by_side(multi, blocked, chart=True)

# %% [markdown]
# **[decision]** The higher unit's own hex takes part at its ground level. So two adjacent hexes
# two levels apart never see each other: from the foot of a 20 m cliff you cannot see a tank
# parked 25 m back from its edge.

# %%
cliff = case("adjacent_2_levels")
print(cliff.verdict, "—", cliff.reason)
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
    rows.append(f"<tr><td>{c.title}</td><td>{c.observer} → {c.target}</td>"
                f"<td>{rec.distance}</td>"
                f"<td>{m.elevation_at(rec.observer)} → {m.elevation_at(rec.target)}</td>"
                f"<td>{rec.case}</td><td>{rec.verdict}</td><td>{len(rec.chart_points)}</td></tr>")
display(HTML("<table><tr><th>worked case 示例</th><th>observer → target</th><th>range 距离</th>"
             "<th>levels 高程</th><th>case</th><th>verdict</th><th>change points</th></tr>"
             + "".join(rows) + "</table>"))

# %% [markdown]
# ## 6. The hexside rule (L-1 [decision])
#
# Some lines run exactly along a hexside, between two hexes, instead of through one. The
# project rules that such a stretch counts as **one obstacle of the lower of the two effective
# heights**. In the case below the line from `4563FO` (level 1) to `4563CT` (level 2) runs
# along three hexsides (drawn orange). One of them has the forest `4563ER` (height 3) on one
# side and open `4563DQ` (height 1) on the other: it counts as height 1, and sight is clear.

# %%
edge = case("hexside_decides")
for g in edge.grazes:
    print(f"hexside {g.names[0]} | {g.names[1]}: heights {g.heights} → {g.ruling}")
print(edge.verdict, "—", edge.reason)
side_by_side(edge)

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
print(rec.verdict, "—", rec.reason)
assert not rec.visible and edge.visible and m.terrain_at(m.parse("4563DQ")).code == "."

# %% [markdown]
# Along the **map edge** the other side of the hexside is off the map: that hexside is no
# obstacle. In this case the line from `4464CJ` runs up the eastern edge four times; the edge
# never blocks, and the verdict comes from the slope (an ordinary L-4 block).

# %%
rim = case("map_edge_hexside")
for g in rim.grazes:
    print(f"{g.names[0]} | {g.names[1]}: {g.ruling}")
print(rim.verdict, "—", rim.reason)

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
for (c, v), k in sorted(tally.items()):
    print(f"  {c} {v:<14} {k:>3} pairs")
assert asymmetric == 0

# %% [markdown]
# ## 8. A viewshed 视域
#
# A viewshed is every hex a unit at one hex can see. `hexrules.sight.fast.viewshed` computes it
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

fig, ax = plt.subplots(figsize=(9, 7))
plot_map(m, ax, highlight=[post], highlight_colour="red")
ax.add_collection(PolyCollection([m.georef.corners(h) for h in hidden_hexes],
                                 facecolors="#222222", alpha=0.45, edgecolors="none"))
ax.set_title(f"viewshed of {m.name_of(post)} 视域 (grey: not visible 不通视)")
plt.show()

# %% [markdown]
# Look at the shadows: the foot of the ridge itself (its own slope hides it), the far side of
# the hill in the north-east, and the ground behind the village and the woods. A wood or a
# village hex can itself be seen (an end hex is never its own obstacle), but it hides what lies
# behind it.
#
# ## 9. Try it: sight explorer
#
# Choose an observer and then a target: click them on the map, or type their military names in
# the boxes. The explorer asks `line_of_sight` and shows the verdict with its reason, the line,
# the hexes it passes and any hexside it runs along. Try the worked cases above, then your own
# pairs: can the ridge see into the village? What does the wood at `4563ER` hide?

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
# **Exercise 1.** What is the effective height for sight of `4563ER`? (Its level and terrain
# are in the table of section 1, or use `m.elevation_at` and `m.terrain_at`.)

# %%
answer_1 = None  # a number
check.check_effective_height(answer_1, m, "4563ER")

# %% [markdown]
# <details><summary><b>Solution 答案</b></summary>
#
# `4563ER` is forest (丛林地) on level 2, so it counts as **2 + 1 = 3** for sight (L-2).
# </details>

# %% jupyter={"source_hidden": true} tags=["solution"]
answer_1 = 3
assert check.check_effective_height(answer_1, m, "4563ER")

# %% [markdown]
# **Exercise 2.** Two tanks stand on the level-0 plain in the west, at `4563JF` and `4563QE`.
# Do they see each other? Answer `True`/`False` (or `"visible"`/`"blocked"`). Look at the map
# first; the picture below shows the ground between them.

# %%
a, b = m.parse("4563JF"), m.parse("4563QE")
fig, ax = plt.subplots(figsize=(6, 6))
between = {n for h in (a, b) for n in h.spiral(4)}
plot_map(m, ax, hexes=between, highlight=[a, b], labels=True, legend=False)
plt.show()

# %%
answer_2 = None  # True or False
check.check_visible(answer_2, m, "4563JF", "4563QE")

# %% [markdown]
# <details><summary><b>Solution 答案</b></summary>
#
# Both are on level 0, so L-3 applies. The line passes through the little hamlet at `4563KF`:
# city on level 0, effective height 1 (L-2), above level 0: **blocked** (`False`).
# </details>

# %% jupyter={"source_hidden": true} tags=["solution"]
answer_2 = False
assert check.check_visible(answer_2, m, "4563JF", "4563QE")
print(line_of_sight(m, "4563JF", "4563QE").reason)

# %% [markdown]
# **Exercise 3.** Which case decides sight from `4563VS` (by the ford, level 0) to `4563VM`
# (level 1, to the west): `"L-3"`, `"L-4"` or `"L-5"`?

# %%
answer_3 = None  # "L-3", "L-4" or "L-5"
check.check_case(answer_3, m, "4563VS", "4563VM")

# %% [markdown]
# <details><summary><b>Solution 答案</b></summary>
#
# The levels are 0 and 1, one apart; nothing on the line is above level 1 and the line climbs
# once: **L-4** (L-6). The change point is 5.5 hexes from the lower unit and 0.5 from the higher
# one, so it is visible.
# </details>

# %% jupyter={"source_hidden": true} tags=["solution"]
answer_3 = "L-4"
assert check.check_case(answer_3, m, "4563VS", "4563VM")
print(line_of_sight(m, "4563VS", "4563VM").reason)

# %% [markdown]
# ## Summary 小结
#
# - The sight line runs centre to centre (L-1); passed hexes count with their effective height:
#   level + 1 for city and forest (L-2); end hexes count only with their ground level.
# - Same level (同一高程, L-3): blocked by any passed hex higher than the units.
# - Adjacent levels (两个相邻高程, L-4): visible when the higher unit is at least as near the
#   change point (高程变化点) as the lower one; a tie is visible.
# - Everything else goes to the observation-measurement chart (观察测量表, L-5, lesson 03);
#   every record names the case (L-6) and explains itself.
# - **[decision]s**: a line along a hexside counts the lower side; the map edge is no obstacle;
#   a vertex touch is nothing; a tie is clear; adjacent hexes two levels apart never see each
#   other.
# - Sight is symmetric (L-7); `fastlos.viewshed` gives every hex a unit sees, with the same
#   verdicts as `line_of_sight`.
#
# Next: [Lesson 03 — The observation-measurement chart 观察测量表](03_observation_chart.ipynb).
