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
# # Lesson 01 — The hex map 兵棋地图
#
# **Goal.** After this lesson you can read the wargame map the way the rulebook does: count
# distances in hexes (六角格), name the six directions, read and write a hex's military
# coordinate (六角格坐标) such as `4563GH` off a plotted map, and tell elevation (高程),
# settlement (居民地), forest (丛林地), lakes (面状水系), rivers (河流（线状水系）) and roads
# (道路) apart.
#
# Rules used ([rules reference](../docs/rules.md), §1 the map): [M-1](../docs/rules.md#M-1),
# [M-2](../docs/rules.md#M-2), [M-3](../docs/rules.md#M-3), [M-4](../docs/rules.md#M-4),
# [M-5](../docs/rules.md#M-5), [M-6](../docs/rules.md#M-6), [M-7](../docs/rules.md#M-7)
# (and [V-1](../docs/rules.md#V-1), [V-2](../docs/rules.md#V-2) for what a river costs).

# %% [markdown]
# ## The rule in plain words
#
# - **Hexes 六角格 (M-1).** The map is a grid of hexagons, 50 m from centre to centre. A
#   distance (距离) is the number of steps from hex to hex, in 格.
# - **Orientation (M-3) [decision].** Hexes are *pointy-top*, laid in horizontal rows numbered
#   from the top; odd rows are shifted half a hex to the right. The six directions are numbered
#   clockwise from north-east: 1 NE 东北, 2 E 东, 3 SE 东南, 4 SW 西南, 5 W 西, 6 NW 西北.
#   The rulebook does not fix these; the project chose them (they match the drift chart of A-4).
# - **Military coordinates 六角格坐标 (M-2).** A hex is named by 4 digits and 2 letters, e.g.
#   `4563GH`. The digits name the 1 km grid square (方里网) that holds the hex centre: the
#   northing (纵坐标) first (`45`), then the easting (横坐标) (`63`). The letters number the
#   hexes inside that square. **[decision]** The first letter is the row counted from the top
#   of the square, the second the column counted from its left (the rulebook says only "top to
#   bottom, left to right, alphabetical").
# - **Elevation 高程 (M-4).** Every hex has an elevation level (高程等级), an integer ≥ 0, and
#   the map is shaded by it (高程着色): light for low ground, dark for high. A map says how many
#   metres one level is (here 10 m), for display only: the rules count levels.
# - **Terrain (M-5).** One base terrain per hex: open 开阔地, settlement 居民地, forest 丛林地
#   or water 面状水系 (lake, pond). A settlement is drawn as three small blocks of houses, a
#   forest as three tree crowns, over the elevation colour (the same on the static maps and on
#   the clickable board).
# - **Rivers 河流（线状水系） (M-6)** run *along hexsides*, between two hexes. Lakes are water
#   hexes, impassable to tanks **[decision]**.
# - **Roads 道路 (M-7)** join two adjacent hex *centres*: a road is between hex A and hex B,
#   not in a hex.

# %%
# %matplotlib inline
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

from hexrules import (
    DIRECTION_NAMES,
    DIRECTIONS,
    CoordinateError,
    Hex,
    HexMap,
    Terrain,
    elevation_colour,
    load_tables,
    plot_map,
    use_cjk_fonts,
)

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check01.py").exists() else here / "lessons"))
import _check01 as check
from _check import table, tr

from hexrules.language import say

use_cjk_fonts()  # Chinese labels in plots, when a CJK font is available
m = HexMap.load("training")
print(m, "—", tr(m.description, "手工绘制的30×30训练场地图：东北有一座山丘（高程5），一道南北走向的"
                             "山脊（高程3）带一个鞍部，李庄村，几片树林，一个湖，一条沿格边的河流"
                             "（南面的道路经桥跨越，道路过河处），以及一条道路。"))

# %% [markdown]
# ## 1. The training map 训练场
#
# The whole 30 × 30 map. Keep it in view: every example in this lesson is somewhere on it.
# The axes read in kilometres, by the last two digits, as a hex's name does: the line marked
# `63.5` is half-way between the 1 km grid lines 63 and 64.

# %%
fig, ax = plt.subplots(figsize=(10, 7.5))
m.plot(ax)
plt.show()

# %% [markdown]
# ## 2. A hex is a value 六角格
#
# In `hexrules` a hex is a small, frozen value `Hex(q, r)` (the *axial* coordinates, section 5
# says why). You can add and subtract hexes like vectors, use them in sets and as dictionary
# keys, and `repr` shows code that rebuilds the same hex.

# %%
a = Hex(2, 3)
b = Hex(1, -1)
print("a + b =", a + b, "| a - b =", a - b, "| 3 * b =", 3 * b)
print(tr("the third (cube) coordinate s = -q - r:", "第三个（立方）坐标 s = -q - r："), a.s)
print(tr("repr evaluates back to the same hex:", "repr 求值后得到同一格："), eval(repr(a)) == a)
print(tr("a set of hexes (duplicates vanish):", "六角格的集合（重复的消失）："), {a, Hex(2, 3), b})

# %% [markdown]
# ## 3. Distance 距离 (M-1)
#
# The distance between two hexes is the smallest number of steps from one to the other. The
# hexes at exactly distance *k* form a **ring** of 6*k* hexes. Below, the ring at distance 3
# around the ridge-top hex `4563LK` is outlined: 3 hexes = 150 m.

# %%
centre = m.parse("4563LK")
table(["distance 距离 k", tr("hexes in the ring", "环上格数"), tr("metres", "米")],
      [(k, len(centre.ring(k)), k * 50) for k in range(5)])

# %%
print(tr("distance 4563LK → 4563ER (the northern wood):", "距离 4563LK → 4563ER（北面树林）："),
      centre.distance(m.parse("4563ER")), tr("hexes", "格"))
fig, ax = plt.subplots(figsize=(8, 7))
plot_map(m, ax, hexes=centre.spiral(4), highlight=centre.ring(3), highlight_colour="#d62728",
         labels=True, legend=False)
ax.set_title("ring 3 around 4563LK 距离为3的六角格")
plt.show()

# %% [markdown]
# ## 4. The six directions 方向 (M-3) [decision]
#
# Because the hexes are pointy-top, a hex has neighbours to the east and west but none due
# north or south. Direction numbers run clockwise from north-east, 1 NE … 6 NW; they are the
# numbers the artillery drift chart uses.

# %%
c = m.parse("4563LK")
table(["direction 方向", tr("axial step", "轴向坐标步长"),
       tr("neighbour of 4563LK", "4563LK 的相邻格")],
      [(DIRECTION_NAMES[d - 1], DIRECTIONS[d - 1], m.name_of(c.neighbor(d)))
       for d in range(1, 7)])

# %%
assert c.direction_to(c.neighbor(3)) == 3
fig, ax = plt.subplots(figsize=(6, 5.5))
plot_map(m, ax, hexes=c.spiral(1), highlight=[c], highlight_colour="#d62728", labels=True,
         notes={c.neighbor(d): DIRECTION_NAMES[d - 1].split()[0] for d in range(1, 7)},
         legend=False)
ax.set_title("directions 1–6 from 4563LK 方向")
plt.show()

# %% [markdown]
# ## 5. Offset and axial coordinates
#
# There are two plain ways to number hexes, and the library keeps both:
#
# - **offset** `(col, row)`: columns and rows as they lie on the map, the way a map file stores
#   its grids (`m.elevation[row, col]`); odd rows are shifted right (M-3).
# - **axial** `(q, r)`: `r` is the row, `q` grows to the east along a row but slants with the
#   rows, so that **a step in a given direction is always the same vector**.
#
# Offset coordinates are easy to read but awkward for arithmetic: the offset step to the
# north-east neighbour depends on whether the row is even or odd. Axial steps never change.

# %%
rows = []
for h in (m.parse((10, 10)), m.parse((10, 11))):
    col, row = h.to_offset()
    steps = [(n.to_offset()[0] - col, n.to_offset()[1] - row) for n in h.neighbors()]
    rows.append((m.name_of(h), h.to_offset(), repr(h), steps))
table([tr("hex", "六角格"), tr("offset (col, row)", "偏移坐标（列, 行）"), tr("axial", "轴向坐标"),
       tr("offset steps to directions 1…6", "方向1…6的偏移步长")], rows)

# %%
print(tr("axial steps 1…6, the same for every hex:", "方向1…6的轴向步长，每格都一样："), DIRECTIONS)
print(tr("from_offset / to_offset round trip:", "from_offset / to_offset 往返："),
      Hex.from_offset(10, 11).to_offset())

# %% [markdown]
# ## 6. Military coordinates 六角格坐标 (M-2)
#
# Take `4563GH`. The library finds its hex, its offset position and the metres of its centre
# (the map is placed on a projected grid of 1 km squares, 方里网). The 4 digits come straight
# from the centre: the northing (纵坐标) kilometre mod 100, then the easting (横坐标) kilometre
# mod 100.

# %%
h = m.parse("4563GH")
e, n = m.georef.centre(h)
print(tr(f"4563GH is {h!r}, offset {h.to_offset()}, centre: easting {e:.0f} m, northing {n:.0f} m",
         f"4563GH 是 {h!r}，偏移坐标 {h.to_offset()}，中心：横坐标 {e:.0f} 米，纵坐标 {n:.0f} 米"))
print(tr("square digits from the centre:", "由中心得到的方里网数字："),
      f"{int(n // 1000) % 100:02d}{int(e // 1000) % 100:02d}")
print(tr("every hex's name leads back to it:", "每格的名称都能还原到该格："),
      all(m.parse(m.name_of(x)) == x for x in m))

# %% [markdown]
# **Reading a name off the map.** With `labels=True` each hex shows its two letters; the
# digits come from the 1 km square it lies in. Below is the corner where four squares meet:
# the dashed lines are the 1 km grid lines (方里网), numbered on the frame, and each square's
# four digits stand in the corner of the picture that lies in it. The letters start again at
# `AA` in each square: the first letter is the row (from the top of the square), the second
# the column (from its left). A hex belongs to the square that holds its *centre*.

# %%
corner = m.parse("4464AA")
fig, ax = plt.subplots(figsize=(9, 7.5))
plot_map(m, ax, hexes=corner.spiral(4), labels=True, km_grid=True, legend=False)
ax.set_title("where four 1 km squares meet 方里网")
plt.show()
print(tr(f"for example: {m.name_of(corner)} is {corner.to_offset()} and its west neighbour is "
         f"{m.name_of(corner.neighbor(5))}", f"例如：{m.name_of(corner)} 的偏移坐标是 "
         f"{corner.to_offset()}，它西边的相邻格是 {m.name_of(corner.neighbor(5))}"))

# %% [markdown]
# **Bad input gives a clear error.** A malformed name, a name off the map, or a position off
# the map raises `CoordinateError` (a `ValueError`), and the message says what was wrong. A
# well-formed name off this map raises `OffMapError`, a kind of `CoordinateError`.

# %%
for bad in ["45-63", "4599AA", (99, 0)]:
    try:
        m.parse(bad)
    except CoordinateError as err:
        print(f"{bad!r:>10} → {type(err).__name__}: {err}\n")

# %% [markdown]
# ## 7. Elevation 高程 (M-4)
#
# The map is shaded by elevation level (高程着色), light (low) to dark (high). The training
# map runs from level 0 to 5; one level is 10 m on this map, so its hill-top stands 50 m above
# the plain. The metres are for display; every rule counts in levels (高程等级).

# %%
top = int(m.elevation.max())
counts = np.bincount(m.elevation.ravel(), minlength=top + 1)
print(tr("metres per level:", "每个高程等级的米数："), m.metres_per_level)
fig, ax = plt.subplots(figsize=(10, 2.2))
for lv in range(top + 1):
    ax.bar(lv, 1, width=0.95, color=elevation_colour(lv, top), edgecolor="#999999")
    ax.text(lv, 0.5, f"level {lv}\n{lv * m.metres_per_level:g} m\n{counts[lv]} hexes",
            ha="center", va="center", fontsize=11, color="white" if lv > top / 2 else "black")
ax.set_axis_off()
ax.set_title("elevation shading 高程着色: light = low, dark = high")
plt.show()
summit = max(m, key=m.elevation_at)
print(tr("a highest hex:", "一个最高的格："), m.name_of(summit), tr("level", "高程等级"),
      m.elevation_at(summit), f"= {m.elevation_at(summit) * m.metres_per_level:g} m")

# %% [markdown]
# ## 8. Terrain 地形 (M-5)
#
# A settlement 居民地 is drawn as three small blocks of houses, a forest 丛林地 as three tree
# crowns, both over the elevation colour; a lake 面状水系 is plain blue. Settlement and forest
# matter twice: they protect a unit under fire (F-7, lesson 04) and they block sight (L-2,
# lesson 02). (The library calls a settlement `Terrain.CITY`, and map files write it `C`.)

# %%
per_kind = np.bincount(m.terrain.ravel(), minlength=4)
table(["terrain 地形", tr("map code", "地图代码"), tr("hexes on this map", "本图格数")],
      [(t.label, f"<code>{t.code}</code>", per_kind[t]) for t in Terrain])

# %%
centre_settlement = m.parse("4563OP")
say("4563OP:", m.terrain_at(centre_settlement).label, tr("on level", "高程等级"),
      m.elevation_at(centre_settlement))
fig, ax = plt.subplots(figsize=(10, 7))
plot_map(m, ax, hexes=centre_settlement.spiral(4), labels=True)
ax.set_title("the settlement in the middle of the map 居民地")
plt.show()

# %% [markdown]
# ## 9. Rivers 河流（线状水系） and roads 道路 (M-6, M-7)
#
# A **river** lies *on a hexside*: it runs between two hexes and belongs to neither. A **road**
# joins two adjacent hex *centres*. So both questions are about a *pair* of adjacent hexes:
# `m.has_river(a, b)` and `m.has_road(a, b)`.
#
# Where the south road meets the river the road link and the river hexside join the same pair
# of hexes: that is a **bridge** (桥, 道路过河处). A step along the road costs the road's cost
# and nothing extra for the river (V-2). Crossing a river hexside *off* the road is **wading**
# (徒涉), which costs more (V-1). The cell below reads both costs from the terrain table.

# %%
bridges = [sorted(m.name_of(x) for x in link) for link in m.roads & m.rivers]
costs = load_tables().terrain
print(tr(f"{len(m.rivers)} river hexsides, {len(m.roads)} road links; bridges 桥: {bridges}",
         f"河流格边 {len(m.rivers)} 条，道路连接 {len(m.roads)} 条；桥：{bridges}"))
print(tr(f"a step along a road (V-2): {costs.road_step_cost} point; wading across a river "
         f"(V-1): {costs.river_crossing_cost} points",
         f"沿道路一步 (V-2)：{costs.road_step_cost} 点；徒涉河流 (V-1)："
         f"{costs.river_crossing_cost} 点"))
north, south = m.parse("4563VS"), m.parse("4563WS")
fig, ax = plt.subplots(figsize=(10, 7))
plot_map(m, ax, hexes=north.spiral(3), highlight=[north, south], highlight_colour="#d62728",
         labels=True)
ax.set_title("the bridge 桥: the road crosses the river between 4563VS and 4563WS")
plt.show()

# %% [markdown]
# ## 10. Try it: hex inspector
#
# Click a hex on the board (or type its name, e.g. `4563GH`, and press **Show 显示**). The hex
# is outlined in red, and the panel beside the board gives its military name, coordinates,
# elevation and terrain, its six neighbours with the road or river between them, and a
# close-up with the direction numbers. The line above the board names the hex under the
# pointer.

# %%
from hexrules_widgets import HexInspector

inspector = HexInspector(m, start="4563VS")
inspector

# %% [markdown]
# ## 11. Exercises 练习
#
# Replace each `None` with your answer and run the cell: the check says **✓ Right 正确** or
# **✗ Not yet 再想想** with a hint. Each exercise has a **Show the solution 显示答案** button:
# press it only after trying. (Running the whole notebook never shows a solution.)
#
# **Exercise 1.** The hex outlined in red below: what is its military name? (Letters are
# printed in each hex; the digits come from its 1 km square, northing first.) Replace `None`
# with your answer, e.g. `"4563GH"`.

# %%
mystery = m.parse((22, 24))
fig, ax = plt.subplots(figsize=(9, 7.5))
plot_map(m, ax, hexes=corner.spiral(4), highlight=[mystery], highlight_colour="#d62728",
         labels=True, km_grid=True, legend=False)
ax.set_title("which hex is outlined? 这个六角格的坐标是?")
plt.show()

# %%
answer_1 = None  # your answer, e.g. "4563GH"
check.check_name(answer_1, m, mystery)

# %%
check.solution("1")

# %% [markdown]
# **Exercise 2.** (a) How many hexes is it from `4563LK` to `4563GH`? (b) Which direction
# number (1–6) leads from `4563GH` to its neighbour `4563FH`? Work them out on the pictures
# of sections 3 and 4 and on the inspector's board before you ask the library.

# %%
answer_2a = None  # (a) a number of hexes
check.check_distance(answer_2a, m, "4563LK", "4563GH")

# %%
answer_2b = None  # (b) a direction 1–6 (or "NE", "E", …)
check.check_direction(answer_2b, m, "4563GH", "4563FH")

# %%
check.solution("2")

# %% [markdown]
# **Exercise 3.** What joins `4563VT` and `4563WT`, just east of the bridge: `"road"`,
# `"river"`, `"both"` or `"none"`? Look at the picture of section 9.

# %%
answer_3 = None  # "road", "river", "both" or "none"
check.check_link(answer_3, m, "4563VT", "4563WT")

# %%
check.solution("3")

# %% [markdown]
# ## Summary 小结
#
# - The map is pointy-top hexes 50 m apart (M-1); distance is the number of steps; the ring at
#   distance *k* has 6*k* hexes.
# - Directions are 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW, clockwise (M-3, **[decision]**).
# - `Hex(q, r)` is an axial value you can add and compare; `Hex.from_offset(col, row)` and
#   `to_offset()` convert to the map's columns and rows.
# - A military name `NNEEXY` is the 1 km square (方里网: northing 纵坐标, then easting 横坐标)
#   and the row and column letters inside it (M-2, **[decision]**: first letter = row from the
#   top). `m.parse(name)` and `m.name_of(hex)` convert; bad names raise `CoordinateError`.
# - Elevation (高程) is a level (高程等级), shaded light to dark (高程着色), 10 m per level here
#   (M-4). Settlement (居民地: house blocks) and forest (丛林地: tree crowns) are drawn over it,
#   lakes (面状水系) are blue (M-5); rivers (河流（线状水系）) lie on hexsides, roads (道路) join
#   centres (M-6, M-7); where a road crosses a river there is a bridge (桥), and crossing
#   elsewhere is wading (徒涉).
#
# Next: [Lesson 02 — Line of sight 通视](02_line_of_sight.ipynb).
