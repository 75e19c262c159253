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
# # Lesson 03 — The observation-measurement chart 观察测量表
#
# **Goal.** After this lesson you can draw the observation-measurement chart (观察测量表) for any
# sight line by hand, read its verdict, and explain why it sometimes blocks a line that the
# simple half-way test of L-4 would let through. You will build one chart with pencil-and-paper
# steps and then compare it with the library's.
#
# Rules used ([rules reference](../docs/rules.md), §3 line of sight):
# [L-2](../docs/rules.md#L-2), [L-4](../docs/rules.md#L-4), [L-5](../docs/rules.md#L-5),
# [L-6](../docs/rules.md#L-6).

# %% [markdown]
# ## The rule in plain words
#
# 1. Put the **lower unit** at the origin (0, 0). Distances are measured along the sight line
#    from the lower unit, in hexes (1 = 50 m).
# 2. Walk the line from the lower unit. For every level above the lower unit's level that the
#    line climbs into, take the **elevation change point** (高程变化点) where it *first* reaches
#    that level (以距离低高程单位最近的为准, nearest the lower unit). Plot it at (distance,
#    level − lower unit's level); that vertical value is the **elevation change value**
#    (高程变化值). Passed hexes (途经格) count with their height for sight (通视高程, L-2:
#    +1 for settlement 居民地 and forest 丛林地); the two end hexes only with their ground
#    level, a **[decision]** ([L-1](../docs/rules.md#L-1)).
# 3. Plot the **higher unit** (高高程单位) at (length of the line, its level **+ 1** − lower
#    unit's level).
# 4. Draw the straight **decision line** (判定直线) from the origin to the higher unit's point.
#    Sight is clear (通视) if every change point lies **below** that line. (Do not confuse it
#    with the sight line, 观察线, drawn on the map between the two hexes.)
#
# The project's rulings **[decision]**:
#
# - A point **exactly on** the decision line counts as below, so the chart always agrees with L-4
#   (where a tie is visible).
# - Distances are straight-line (Euclidean) distances along the sight line, in hex-centre units.
# - The **higher unit's own hex** takes part at its ground level: where the line climbs into it,
#   that boundary is a change point. So adjacent hexes two or more levels apart never see each
#   other.
# - Only climbs are plotted (the first entry into each level); plotting every entry gives the
#   same verdicts.

# %%
# %matplotlib inline
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from IPython.display import display
from matplotlib.ticker import MaxNLocator

from hexrules import HexMap, label, line_of_sight, load_sight_cases, use_cjk_fonts
from hexrules.language import say

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check03.py").exists() else here / "lessons"))
import _check03 as check
from _check import table as html_table

use_cjk_fonts()  # Chinese labels in plots, when a CJK font is available
m = HexMap.load("training")
print(m, "—", m.description)
# the worked cases of maps/training.cases.json, by id (scripts/find_sight_cases.py)
CASES = {c.id: c for c in load_sight_cases("training")}


# %%
def from_lower(rec):
    # Each hex (and hexside) on the line: (where, distance from the lower unit, rise).
    # Distances are along the sight line, in hexes (1 = 50 m); the rise (the elevation change
    # value 高程变化值) = height for sight - the lower unit's level.
    forward = rec.lower == rec.observer
    rows = [(c.name, c.entry if forward else rec.length - c.exit, c.height - rec.lower_level)
            for c in rec.crossings]
    rows += [("|".join(g.names), g.entry if forward else rec.length - g.exit,
              g.height - rec.lower_level) for g in rec.grazes if g.height is not None]
    return sorted(rows, key=lambda row: row[1])

def change_points(rows):
    # For each rise 1, 2, ... reached on the line: the first place that reaches it.
    points = []
    for rise in range(1, max(r for _, _, r in rows) + 1):
        where, distance, _ = next(row for row in rows if row[2] >= rise)
        points.append((where, distance, rise))
    return points

def table(header, rows):
    # Show a small HTML table (its columns line up, Chinese or not).
    display(html_table(header, rows))

def crossing_table(rec, heights=True):
    # The hexes the line passes, as the record gives them (the raw material of the chart).
    # heights=False leaves the height for sight for the reader to work out (L-2).
    header = ["hex 六角格", "role", "along the line (hexes): entry–exit", "level 高程等级",
              "terrain 地形"] + (["height for sight 通视高程"] if heights else [])
    table(header, [(c.name, c.role, f"{c.entry:.2f}–{c.exit:.2f}", c.elevation,
                    c.terrain.label) + ((c.height,) if heights else ())
                   for c in rec.crossings])


# %% [markdown]
# ## 1. Building a chart by hand
#
# Take the line from `4563SB` (level 0) east along a row to `4563SI` (level 2) — the worked
# case with several change points, all below the decision line. First, the map:

# %%
rec = line_of_sight(m, *CASES["l5_visible_multi"].pair)
fig, ax = plt.subplots(figsize=(8, 4))
rec.plot(ax)
plt.show()
print("lower unit:", m.name_of(rec.lower), "level", rec.lower_level,
      "| higher unit:", m.name_of(rec.higher), "level", rec.higher_level,
      f"| length {rec.length:.2f} hexes")

# %% [markdown]
# ### Step 1 — walk the crossings
#
# `rec.crossings` lists the hexes the line passes through, in order from the observing unit,
# with where the line enters and leaves each one. Passed hexes count with their height for
# sight; the two end hexes with their ground level (L-5; that their settlement or forest never
# counts is a **[decision]** of [L-1](../docs/rules.md#L-1)).

# %%
crossing_table(rec)

# %% [markdown]
# ### Step 2 — distances and rises from the lower unit
#
# Here the lower unit is the observer, so a hex's distance from it is simply where the line
# enters the hex. (When the lower unit is the target, measure from the other end: length − exit.)
# The rise — the elevation change value (高程变化值) — is the height for sight minus the lower
# unit's level. The helper `from_lower` (defined at the top) does this arithmetic, and would
# also add any hexside the line runs along (lesson 02).

# %%
rows = from_lower(rec)
table(["where", "distance from the lower unit", "rise 高程变化值"],
      [(w, f"{d:.2f}", r) for w, d, r in rows])

# %% [markdown]
# ### Step 3 — the change points
#
# Now the change points: for rise 1, the first row that reaches rise 1; for rise 2, the first
# that reaches 2; and so on. Here the line climbs to +1 entering `4563SH` at 5.50 and to +2
# entering the higher unit's own hex `4563SI` at 6.50 (**[decision]**: the higher unit's hex
# counts). The library's `rec.chart_points` must agree with our hand work:

# %%
hand = change_points(rows)
for where, d, rise in hand:
    print(f"change point 高程变化点 ({d:.2f}, +{rise}) entering {where}")
library = [(p.where, round(p.distance, 6), p.rise) for p in rec.chart_points]
assert [(w, round(d, 6), r) for w, d, r in hand] == library

# %% [markdown]
# ### Step 4 — the higher unit and the decision line 判定直线
#
# The higher unit goes at (length, its level + 1 − the lower unit's level) = (7.00, 2 + 1 − 0)
# = (7.00, 3). The decision line rises 3 levels over 7 hexes, so at distance *d* it stands at
# 3 × *d* / 7. Compare each change point with it:

# %%
length, top = rec.length, rec.higher_level + 1 - rec.lower_level
print(f"higher unit's point: ({length:.2f}, {top}); library says {rec.chart_top}")
table(["where", "distance", "rise", "decision line there = top × d / length", "below or on?"],
      [(w, f"{d:.2f}", r, f"{top * d / length:.2f}",
        "✓ yes" if r <= top * d / length else "✗ above") for w, d, r in hand])


# %% [markdown]
# ### Step 5 — draw it, step by step
#
# (a) the profile of heights seen from the lower unit; (b) the change points; (c) the higher
# unit's point and the decision line. Plain matplotlib, from our table.

# %%
def draw_by_hand(rec, hand, ax, stage=3):
    length, top = rec.length, rec.higher_level + 1 - rec.lower_level
    xs, ys = [], []
    for _, d, r in from_lower(rec):
        xs += [d, d]
        ys += [ys[-1] if ys else 0, r]
    xs.append(length)
    ys.append(ys[-1])
    ax.fill_between(xs, ys, min(ys) - 0.5, color="#d9c9a8", label="profile 剖面")
    ax.plot(0, 0, "ko", markersize=8, label=label("lower_unit"))
    if stage >= 2:
        for where, d, r in hand:
            ax.plot(d, r, "o", color="tab:blue", markersize=8)
            ax.annotate(where, (d, r), textcoords="offset points", xytext=(-4, 8), fontsize=10,
                        ha="right")
    if stage >= 3:
        ax.plot([0, length], [0, top], "k-", label=label("decision_line"))
        ax.plot(length, top, "k*", markersize=16, label=label("higher_unit") + " + 1")
    ax.set_xlim(-0.2, length + 0.4)
    ax.set_ylim(min(ys) - 0.5, max(top, max(ys)) + 0.9)
    ax.set_xlabel("distance from the lower unit (hexes)")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=10, loc="upper left")

fig, axes = plt.subplots(1, 3, figsize=(16, 5), sharey=True)
for stage, ax in enumerate(axes, start=1):
    draw_by_hand(rec, hand, ax, stage)
    ax.set_title(["(a) profile 剖面", "(b) change points 高程变化点",
                  "(c) decision line 判定直线"][stage - 1])
axes[0].set_ylabel("rise above the lower unit 高程变化值")
plt.tight_layout()
plt.show()

# %% [markdown]
# ### Step 6 — compare with the library
#
# `rec.plot_chart()` draws the same chart from the record: green points are below or on the
# decision line, red points above. Both of ours are below: **visible**.

# %%
fig, ax = plt.subplots(figsize=(7, 3.8))
rec.plot_chart(ax)
plt.show()
say(rec.verdict, "—", rec.reason)
print("the profile's steps, as the record lists them (rec.profile_steps):")
table(["at (hexes from the lower unit)", "height for sight", "entering"],
      [(f"{st.distance:.2f}", f"{st.height_from} → {st.height_to}", st.where)
       for st in rec.profile_steps])

# %% [markdown]
# ## 2. Blocked, though every change point looks clear
#
# L-4's test — *is the higher unit at least as near the change point as the lower one?* — is a
# shortcut for one climb of one level. It is tempting to apply it to each change point in
# turn. Take `4463EL` (level 0) → `4563TJ` (level 3), the worked case "chart-only block":

# %%
trap = line_of_sight(m, *CASES["l5_chartonly_block"].pair)
crossing_table(trap)
length, top = trap.length, trap.higher_level + 1 - trap.lower_level
table(["where", "from the lower unit", "from the higher unit", "half-way test (L-4 style)",
       "rise", "decision line there", "chart"],
      [(p.where, f"{p.distance:.2f}", f"{length - p.distance:.2f}",
        "✓ higher is nearer" if length - p.distance <= p.distance else "✗",
        p.rise, f"{top * p.distance / length:.2f}", "✓ below" if p.clear else "✗ above")
       for p in trap.chart_points])

# %% [markdown]
# Every change point is nearer the higher unit than the lower one, so the half-way test would
# pass each of them. But the decision line must climb **4** levels (3 + 1) over 7.21 hexes; at
# 5.05 hexes it stands at only 2.80, while the steep end of the ridge at `4563VK` already rises
# 3 levels: that point lies above the line, and the tank at the foot cannot see over the brow.
# The half-way test is valid only for a single one-level climb; for anything more, draw the
# chart (L-5).

# %%
fig, axes = plt.subplots(1, 2, figsize=(14, 4.5), gridspec_kw={"width_ratios": [1, 2]})
trap.plot(axes[0])
trap.plot_chart(axes[1])
plt.tight_layout()
plt.show()
say(trap.verdict, "—", trap.reason)
assert not trap.visible and all(length - p.distance <= p.distance for p in trap.chart_points)

# %% [markdown]
# ## 3. A point exactly on the line (L-5 [decision])
#
# The rulebook does not say what happens when a change point lies *exactly* on the decision
# line (判定直线).
# The project rules that it counts as **below** (clear), so that the chart always agrees with
# L-4, where a tie (equal distances) is visible. Such ties are not rare: about 3 % of pairs on a
# real map. The library compares in exact fractions, so a tie is a tie, not a rounding accident.
#
# On the line `4563KP` (level 1) → `4563FT` (level 3) the first two change points lie exactly
# on the decision line: at 1/3 and 2/3 of the way, rises 1 and 2, and the line climbs 3 over the
# whole length. They are clear. The verdict is still *blocked*, by the third point: the forest
# at `4563GT` (level 3 + 1 for the trees = rise 3) pokes above the line.

# %%
tie = line_of_sight(m, *CASES["l5_tie_on_line"].pair)
top = tie.chart_top[1]
table(["change point", "at", "t (exact fraction of the line)", "decision line there", "→"],
      [(f"({p.distance:.2f}, +{p.rise})", p.where, p.t, f"{top} × {p.t} = {top * p.t}",
        "exactly ON the line: counts as below" if p.rise == top * p.t else
        ("below" if p.clear else "ABOVE")) for p in tie.chart_points])
say(tie.verdict, "—", tie.reason)
fig, ax = plt.subplots(figsize=(8, 4.2))
tie.plot_chart(ax)
plt.show()

# %% [markdown]
# Where a tie decides the verdict: two adjacent hexes one level apart. The change point is the
# hexside, half-way; the decision line climbs 2 levels over 1 hex and is at exactly 1 there.
# On the line counts as below: **visible**, as L-4 says.

# %%
step = line_of_sight(m, *CASES["l4_adjacent"].pair)
p = step.chart_points[0]
print(f"point ({p.distance:.2f}, +{p.rise}), line there {step.chart_top[1] * p.t} →",
      step.verdict, step.case)
assert step.visible and p.rise == step.chart_top[1] * p.t

# %% [markdown]
# The same on a longer line: from `4563GG` (level 0) east-south-east up an even slope to
# `4563MJ` (level 3). The decision line climbs 4 levels over 6 hexes; the first change point, at
# 1.50 hexes and rise 1, is exactly on it (4 × 1.5 / 6 = 1). Were a tie counted as *above*, this
# line would be blocked; the project's ruling makes it **visible**.

# %%
slope = line_of_sight(m, "4563GG", "4563MJ")
top = slope.chart_top[1]
for p in slope.chart_points:
    print(f"({p.distance:.2f}, +{p.rise}): line there {top} × {p.t} = {top * p.t}",
          "→ on the line" if p.rise == top * p.t else "→ below")
print(slope.verdict, slope.case)
assert slope.visible and any(p.rise == top * p.t for p in slope.chart_points)
fig, ax = plt.subplots(figsize=(7, 3.5))
slope.plot_chart(ax)
plt.show()

# %% [markdown]
# ## 4. The higher unit's own hex (L-5 [decision])
#
# The rulebook plots the higher unit at its level + 1 but does not say whether climbing into
# the higher unit's own hex is a change point. The project says **yes**: the hex takes part at
# its ground level. The physical reading: a tank 25 m back from the edge of a 20 m cliff cannot
# see the cliff's foot. So adjacent hexes two levels apart never see each other:

# %%
cliff = line_of_sight(m, *CASES["adjacent_2_levels"].pair)
for p in cliff.chart_points:
    print(f"({p.distance:.2f}, +{p.rise}) at {p.where}:", "below or on" if p.clear else "ABOVE")
say(cliff.verdict, "—", cliff.reason)
fig, ax = plt.subplots(figsize=(5, 3.5))
cliff.plot_chart(ax)
plt.show()


# %% [markdown]
# Over flat ground the largest height difference that can still be seen grows with range:
# 1 level at range 1, 3 at range 2, 5 at range 3, 7 at range 4. Check it with the library: on a
# small flat map, raise only the target's hex to level *k* and ask `line_of_sight`.

# %%
def best_visible_rise(distance):
    best = 0
    for k in range(1, 12):
        elevation = np.zeros((3, 8), dtype=int)
        elevation[1, 1 + distance] = k  # the target's hex only
        flat = HexMap(name="flat", elevation=elevation, terrain=np.zeros((3, 8), dtype=int))
        if line_of_sight(flat, flat.parse((1, 1)), flat.parse((1 + distance, 1))).visible:
            best = k
    return best

table(["range 距离 (hexes)", "largest visible level difference"],
      [(d, best_visible_rise(d)) for d in range(1, 5)])
assert [best_visible_rise(d) for d in range(1, 5)] == [1, 3, 5, 7]

# %% [markdown]
# ## 5. Try it: chart explorer
#
# Choose an observer and then a target (click them on the map, or type their names); the chart
# is redrawn beside the map for every pair. It starts on the "chart-only block" line of
# section 2. Try the other worked cases of this lesson, then your own pairs around the ridge and
# the hill: before each click, guess where the change points will fall.

# %%
# The sight-line explorer (replaces the temporary controls): the chart 观察测量表 redraws
# beside the map for every pair you click (observer first, then target) or type.
from hexrules_widgets import SightExplorer

explorer = SightExplorer(m)
explorer.select(*CASES["l5_chartonly_block"].pair)
explorer

# %% [markdown]
# ## 6. Exercises 练习
#
# Replace each `None` with your answer and run the cell: the check says **✓ Right 正确** or
# **✗ Not yet 再想想** with a hint. Press **Show the solution 显示答案** only after trying.
#
# The line `4563ID` (level 0) → `4563MI` (level 2), east across the small western settlement. Its
# crossings, with each hex's level and terrain — the height for sight is yours to work out
# (L-2):

# %%
ex = line_of_sight(m, "4563ID", "4563MI")
crossing_table(ex, heights=False)

# %% [markdown]
# **Exercise 1.** Where is its **first** change point on the chart? Give `(distance, rise)`,
# the distance to two decimals.

# %%
answer_1 = None  # e.g. (1.25, 1)
check.check_chart_point(answer_1, m, "4563ID", "4563MI", index=0)

# %%
check.solution("1")

# %% [markdown]
# **Exercise 2.** Where is the **higher unit's** point on the same chart? Give
# `(distance, rise)`.

# %%
answer_2 = None  # (distance, rise)
check.check_chart_top(answer_2, m, "4563ID", "4563MI")

# %%
check.solution("2")

# %% [markdown]
# **Exercise 3.** A new line, `4563SQ` (level 0) → `4563LT` (level 2). Which change point blocks
# it? Give the hex name, or `"none"` if sight is clear. Build the chart yourself: use
# `crossing_table`, `from_lower` and `change_points` from this lesson.

# %%
ex3 = line_of_sight(m, "4563SQ", "4563LT")
crossing_table(ex3, heights=False)
print(f"length {ex3.length:.2f} hexes, levels {ex3.lower_level} → {ex3.higher_level}")

# %%
answer_3 = None  # a hex name such as "4563AB", or "none"
check.check_blocker(answer_3, m, "4563SQ", "4563LT")

# %%
check.solution("3")

# %% [markdown]
# ## Summary 小结
#
# - The observation-measurement chart (观察测量表, L-5) puts the lower unit (低高程单位) at the
#   origin, plots each first climb to a new level (高程变化点) at (distance along the line,
#   elevation change value 高程变化值), and the higher unit (高高程单位) at (length, its level
#   + 1 − lower level). Sight is clear if no point lies above the decision line (判定直线)
#   between them.
# - Build it from the record: `rec.crossings` (and `rec.grazes`) give where each hex starts and
#   its height; `rec.chart_points` and `rec.chart_top` are the library's answer; `rec.plot_chart()`
#   draws it.
# - The half-way test of L-4 is only for one climb of one level: a line can pass it at every
#   change point and still be blocked on the chart.
# - **[decision]s**: the end hexes count only with their ground level; a point exactly on the
#   line counts as below (so L-4 and L-5 agree); the
#   higher unit's own hex is a change point, so adjacent hexes two levels apart never see each
#   other, and over flat ground at most 1, 3, 5, 7 levels are visible at ranges 1–4.
#
# Next: [Lesson 04 — Adjudicating direct fire 直瞄射击裁决](04_direct_fire.ipynb).
