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
# coordinate such as `4563GH` off a plotted map, and tell elevation (高程), city (居民地),
# forest (丛林地), lakes (面状水系), rivers (线状水系) and roads (道路) apart.
#
# Rules used ([rules reference](../docs/rules.md), §1 the map): [M-1](../docs/rules.md#M-1),
# [M-2](../docs/rules.md#M-2), [M-3](../docs/rules.md#M-3), [M-4](../docs/rules.md#M-4),
# [M-5](../docs/rules.md#M-5), [M-6](../docs/rules.md#M-6), [M-7](../docs/rules.md#M-7).

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
#   `4563GH`: the digits name the 1 km grid square holding the hex centre, *northing first*
#   (`45`), then easting (`63`); the letters number the hexes inside that square. **[decision]**
#   The first letter is the row counted from the top of the square, the second the column
#   counted from its left (the rulebook says only "top to bottom, left to right, alphabetical").
# - **Elevation 高程 (M-4).** Every hex has an integer level ≥ 0, drawn light (low) to dark
#   (high). A map says how many metres one level is (here 10 m), for display only: the rules
#   use levels.
# - **Terrain (M-5).** One base terrain per hex: open 开阔地, city 居民地, forest 丛林地 or water
#   面状水系 (lake, pond). City and forest are drawn as a pattern over the elevation colour.
# - **Rivers 线状水系 (M-6)** run *along hexsides*, between two hexes. Lakes are water hexes,
#   impassable to tanks **[decision]**.
# - **Roads 道路 (M-7)** join two adjacent hex *centres*: a road is between hex A and hex B,
#   not in a hex.

# %%
# %matplotlib inline
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

from hexrules import DIRECTION_NAMES, DIRECTIONS, CoordinateError, Hex, HexMap, Terrain
from hexrules.render.plots import elevation_colour, plot_map, use_cjk_fonts

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check01.py").exists() else here / "lessons"))
import _check01 as check

use_cjk_fonts()  # Chinese labels in plots, when a CJK font is available
m = HexMap.load("training")
print(m, "—", m.description)

# %% [markdown]
# ## 1. The training map 训练场
#
# The whole 30 × 30 map. Keep it in view: every example in this lesson is somewhere on it.

# %%
fig, ax = plt.subplots(figsize=(9, 7))
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
print("the third (cube) coordinate s = -q - r:", a.s)
print("repr evaluates back to the same hex:", eval(repr(a)) == a)
print("a set of hexes (duplicates vanish):", {a, Hex(2, 3), b})

# %% [markdown]
# ## 3. Distance 距离 (M-1)
#
# The distance between two hexes is the smallest number of steps from one to the other. The
# hexes at exactly distance *k* form a **ring** of 6*k* hexes. Below, the ring at distance 3
# around the ridge-top hex `4563LK` is outlined: 3 hexes = 150 m.

# %%
centre = m.parse("4563LK")
for k in range(5):
    print(f"ring {k}: {len(centre.ring(k)):>2} hexes at {k} 格 = {k * 50:>3} m")
print("distance 4563LK → 4563GH:", centre.distance(m.parse("4563GH")), "hexes")

fig, ax = plt.subplots(figsize=(7, 6))
plot_map(m, ax, hexes=centre.spiral(4), highlight=centre.ring(3), labels=True, legend=False)
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
for d in range(1, 7):
    n = c.neighbor(d)
    print(f"{DIRECTION_NAMES[d - 1]:<10} step {DIRECTIONS[d - 1]!s:<12} → {m.name_of(n)}")
assert c.direction_to(c.neighbor(3)) == 3

fig, ax = plt.subplots(figsize=(5, 4.5))
plot_map(m, ax, hexes=c.spiral(1), highlight=[c], legend=False)
for d in range(1, 7):
    x, y = m.georef.centre(c.neighbor(d))
    ax.text(x, y, DIRECTION_NAMES[d - 1].replace(" ", "\n", 1), ha="center", va="center",
            fontsize=9)
ax.set_title("directions from 4563LK 方向")
ax.set_xticks([]), ax.set_yticks([]), ax.set_xlabel(""), ax.set_ylabel("")
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
even, odd = m.parse((10, 10)), m.parse((10, 11))
for h in (even, odd):
    col, row = h.to_offset()
    steps = [(n.to_offset()[0] - col, n.to_offset()[1] - row) for n in h.neighbors()]
    print(f"{m.name_of(h)} offset {h.to_offset()} axial {h}: offset steps 1…6 = {steps}")
print("axial steps 1…6, the same for every hex:", DIRECTIONS)
print("from_offset / to_offset round trip:", Hex.from_offset(10, 11).to_offset())

# %% [markdown]
# ## 6. Military coordinates 六角格坐标 (M-2)
#
# Take `4563GH`. The library finds its hex, its offset position and the metres of its centre
# (the map is placed on a projected grid, 1 km squares). The 4 digits come straight from the
# centre: northing kilometre mod 100, then easting kilometre mod 100.

# %%
h = m.parse("4563GH")
e, n = m.georef.centre(h)
print(f"4563GH is {h}, offset {h.to_offset()}, centre E {e:.0f} m  N {n:.0f} m")
print("square digits from the centre:", f"{int(n // 1000) % 100:02d}{int(e // 1000) % 100:02d}")
print("every hex's name leads back to it:", all(m.parse(m.name_of(x)) == x for x in m))


# %% [markdown]
# **Reading a name off the map.** With `labels=True` each hex shows its two letters; the
# digits come from the kilometre square it lies in. Below is the corner where four squares
# meet (dashed lines are the 1 km grid lines). Notice that the letters start again at `AA` in
# each square, and that the first letter is the row (from the top of the square), the second
# the column (from its left).

# %%
def km_grid(ax):
    # Dashed 1 km grid lines 公里网格线, and each square's 4 digits in its top-left corner.
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    for e in range(int(x0 // 1000) + 1, int(x1 // 1000) + 1):
        ax.axvline(e * 1000, color="tab:blue", linestyle="--", linewidth=1.2)
    for n in range(int(y0 // 1000) + 1, int(y1 // 1000) + 1):
        ax.axhline(n * 1000, color="tab:blue", linestyle="--", linewidth=1.2)
    for e in range(int(x0 // 1000), int(x1 // 1000) + 1):
        for n in range(int(y0 // 1000), int(y1 // 1000) + 1):
            x, y = max(x0, e * 1000) + 8, min(y1, (n + 1) * 1000) - 8
            ax.text(x, y, f"{n % 100:02d}{e % 100:02d}", color="tab:blue", fontsize=12,
                    ha="left", va="top",
                    bbox=dict(facecolor="white", alpha=0.8, edgecolor="none"))

corner = m.parse("4464AA")
fig, ax = plt.subplots(figsize=(9, 7))
plot_map(m, ax, hexes=corner.spiral(4), labels=True, legend=False)
km_grid(ax)
ax.set_title("where four 1 km squares meet 公里网格")
plt.show()
print("for example:", m.name_of(corner), "is", corner.to_offset(), "and its west neighbour is",
      m.name_of(corner.neighbor(5)))

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
# Levels are drawn from light (low) to dark (high). The training map runs from level 0 to 5;
# one level is 10 m on this map, so its hill-top stands 50 m above the plain. The metres are
# for display; every rule counts in levels.

# %%
top = int(m.elevation.max())
counts = np.bincount(m.elevation.ravel(), minlength=top + 1)
print("metres per level:", m.metres_per_level)
fig, ax = plt.subplots(figsize=(8, 1.8))
for lv in range(top + 1):
    ax.bar(lv, 1, width=0.95, color=elevation_colour(lv, top), edgecolor="#999999")
    ax.text(lv, 0.5, f"level {lv}\n{lv * m.metres_per_level:g} m\n{counts[lv]} hexes",
            ha="center", va="center", fontsize=8, color="white" if lv > top / 2 else "black")
ax.set_axis_off()
ax.set_title("elevation colours 高程颜色: light = low, dark = high")
plt.show()
summit = max(m, key=m.elevation_at)
print("a highest hex:", m.name_of(summit), "level", m.elevation_at(summit),
      f"= {m.elevation_at(summit) * m.metres_per_level:g} m")

# %% [markdown]
# ## 8. Terrain 地形 (M-5)
#
# Settlement 居民地 is drawn cross-hatched (`xx`), forest 丛林地 dotted (`oo`), both over the
# elevation colour; a lake 面状水系 is plain blue. City and forest matter twice: they protect
# a unit under fire (F-7, lesson 04) and they block sight (L-2, lesson 02).

# %%
per_kind = np.bincount(m.terrain.ravel(), minlength=4)
for t in Terrain:
    print(f"{t.label:<14} code {t.code!r}: {per_kind[t]:>3} hexes")
village = m.parse("4563OP")
print("4563OP:", m.terrain_at(village).label, "on level", m.elevation_at(village))

fig, ax = plt.subplots(figsize=(8, 6))
plot_map(m, ax, hexes=village.spiral(4), labels=True)
ax.set_title("the village in the middle of the map 居民地")
plt.show()

# %% [markdown]
# ## 9. Rivers 线状水系 and roads 道路 (M-6, M-7)
#
# A **river** lies *on a hexside*: it runs between two hexes and belongs to neither. A **road**
# joins two adjacent hex *centres*. So both questions are about a *pair* of adjacent hexes:
# `m.has_river(a, b)` and `m.has_road(a, b)`. Where the south road meets the river there is a
# ford (徒涉): the road link and the river hexside join the same pair of hexes.

# %%
fords = [sorted(link) for link in m.roads & m.rivers]
print(len(m.rivers), "river hexsides,", len(m.roads), "road links; fords:",
      [[m.name_of(x) for x in f] for f in fords])
north, south = m.parse("4563VS"), m.parse("4563WS")
west = north.neighbor(5)
for x, y in [(north, south), (north, west)]:
    print(f"{m.name_of(x)}–{m.name_of(y)}: road {m.has_road(x, y)}, river {m.has_river(x, y)}")

fig, ax = plt.subplots(figsize=(8, 6))
plot_map(m, ax, hexes=north.spiral(3), highlight=[north, south], labels=True)
ax.set_title("the ford 徒涉: road across the river")
plt.show()

# %% [markdown]
# ## 10. Try it: hex inspector
#
# Point at a hex on the board: its military name, level and terrain appear above the map. Click
# it (or type a name and press **Show 显示**) to inspect it: its coordinates, elevation and
# terrain, its six neighbours with the roads and rivers between them, and a close-up with the
# direction numbers. The board is georeferenced (it sits on the map's real UTM position); the
# **Basemap 底图** toggle shows a street map under it when the internet is reachable.

# %%
# The clickable hex board (widgets.HexBoard) with a hex inspector beside it.
import ipywidgets as W
from hexrules_widgets import HexBoard

names = sorted(m.name_of(x) for x in m)
pick = W.Combobox(value="4563VS", options=names, ensure_option=True,
                  description="hex 六角格", placeholder="e.g. 4563GH")
show = W.Button(description="Show 显示", button_style="info")
out = W.Output()

def inspect(_=None):
    out.clear_output(wait=True)
    with out:
        try:
            h = m.parse(pick.value)
        except CoordinateError as err:
            print(err)
            return
        e, n = m.georef.centre(h)
        print(f"{m.name_of(h)}: axial {h}, offset {h.to_offset()}, centre E {e:.0f} N {n:.0f}")
        print(f"level {m.elevation_at(h)} ({m.elevation_at(h) * m.metres_per_level:g} m),",
              m.terrain_at(h).label)
        for d in range(1, 7):
            nb = h.neighbor(d)
            if nb in m:
                links = [w for w, yes in (("road 道路", m.has_road(h, nb)),
                                          ("river 线状水系", m.has_river(h, nb))) if yes]
                print(f"  {DIRECTION_NAMES[d - 1]:<10} {m.name_of(nb)}", ", ".join(links))
            else:
                print(f"  {DIRECTION_NAMES[d - 1]:<10} off the map 地图外")
        fig, ax = plt.subplots(figsize=(6, 5))
        plot_map(m, ax, hexes=h.spiral(2), highlight=[h], labels=True, legend=False)
        for d in range(1, 7):
            if h.neighbor(d) in m:
                x, y = m.georef.centre(h.neighbor(d))
                ax.text(x, y - 12, str(d), ha="center", fontsize=10, color="tab:red")
        plt.show()

def clicked(h):
    pick.value = m.name_of(h)
    inspect()

board = HexBoard(m)
board.on_hex_click(clicked)
show.on_click(inspect)
inspect()
W.HBox([board, W.VBox([W.HBox([pick, show]), out])])

# %% [markdown]
# ## 11. Exercises 练习
#
# **Exercise 1.** The hex outlined in yellow below: what is its military name? (Letters are
# printed in each hex; the digits come from its kilometre square, northing first.) Replace
# `None` with your answer, e.g. `"4563GH"`.

# %%
mystery = m.parse((22, 24))
fig, ax = plt.subplots(figsize=(8, 6))
plot_map(m, ax, hexes=corner.spiral(4), highlight=[mystery], labels=True, legend=False)
km_grid(ax)
ax.set_title("which hex is outlined? 这个六角格的坐标是?")
plt.show()

# %%
answer_1 = None  # your answer, e.g. "4563GH"
check.check_name(answer_1, m, mystery)

# %% [markdown]
# <details><summary><b>Solution 答案</b> (open after trying)</summary>
#
# The hex lies right of the vertical kilometre line (easting 64) and below the horizontal one
# (northing 44): square `4464`, northing first. In that square it is in the second row from the
# top (`B`) and the third hex from the left (`C`): **`4464BC`**. A common slip is to write the
# easting first (`6444…`) or to keep the square of the map's corner (`4563…`).
# </details>

# %% jupyter={"source_hidden": true} tags=["solution"]
answer_1 = "4464BC"
assert check.check_name(answer_1, m, mystery)

# %% [markdown]
# **Exercise 2.** (a) How many hexes is it from `4563LK` to `4563GH`? (b) Which direction
# number (1–6) leads from `4563LK` to its neighbour `4563MK`? Use the library only to look,
# not to compute: try the section 3 and 4 pictures first.

# %%
answer_2a = None  # (a) a number of hexes
check.check_distance(answer_2a, m, "4563LK", "4563GH")

# %%
answer_2b = None  # (b) a direction 1–6 (or "NE", "E", …)
check.check_direction(answer_2b, m, "4563LK", "4563MK")

# %% [markdown]
# <details><summary><b>Solution 答案</b></summary>
#
# (a) `4563GH` is 5 rows up and 3½ hex widths to the left (`4563LK` is on an odd row, shifted
# half a hex right). Five north-west steps climb the 5 rows and cover 2½ of those widths; one
# west step covers the last: **6** hexes. (In axial terms the difference is `Hex(-1, -5)`, and
# the distance is the largest of |q|, |r|, |q + r|: 6.) (b) `4563MK` is the next row down (row
# letter M after L), half a hex to the left: south-west, **4**.
# </details>

# %% jupyter={"source_hidden": true} tags=["solution"]
answer_2a, answer_2b = 6, 4
assert check.check_distance(answer_2a, m, "4563LK", "4563GH")
assert check.check_direction(answer_2b, m, "4563LK", "4563MK")

# %% [markdown]
# **Exercise 3.** What joins `4563WS` and `4563VS`: `"road"`, `"river"`, `"both"` or
# `"none"`? Look at the ford picture of section 9.

# %%
answer_3 = None  # "road", "river", "both" or "none"
check.check_link(answer_3, m, "4563WS", "4563VS")

# %% [markdown]
# <details><summary><b>Solution 答案</b></summary>
#
# **Both**: the road runs from centre to centre across the blue hexside between them, which is
# the river. Rivers are on hexsides (M-6), roads between centres (M-7), so one pair of hexes
# can have both: this is the ford.
# </details>

# %% jupyter={"source_hidden": true} tags=["solution"]
answer_3 = "both"
assert check.check_link(answer_3, m, "4563WS", "4563VS")

# %% [markdown]
# ## Summary 小结
#
# - The map is pointy-top hexes 50 m apart (M-1); distance is the number of steps; the ring at
#   distance *k* has 6*k* hexes.
# - Directions are 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW, clockwise (M-3, **[decision]**).
# - `Hex(q, r)` is an axial value you can add and compare; `Hex.from_offset(col, row)` and
#   `to_offset()` convert to the map's columns and rows.
# - A military name `NNEEXY` is the 1 km square (northing, then easting) and the row and column
#   letters inside it (M-2, **[decision]**: first letter = row from the top). `m.parse(name)`
#   and `m.name_of(hex)` convert; bad names raise `CoordinateError`.
# - Elevation (高程) is a level, light to dark, 10 m per level here (M-4). City (居民地) and
#   forest (丛林地) are patterns over it, lakes (面状水系) are blue (M-5); rivers (线状水系) lie on
#   hexsides, roads (道路) join centres (M-6, M-7).
#
# Next: [Lesson 02 — Line of sight 通视](02_line_of_sight.ipynb).
