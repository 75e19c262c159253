"""Build lessons 00–03 (``lessons/0[0-3]_*.ipynb``) from the cell texts below.

The notebooks are saved without outputs and with stable cell ids, so a rebuild only changes
what the texts change. Run ``python scripts/build_lessons.py``, then check them with
``python -m pytest --nbval-lax lessons/0[0-3]*.ipynb -q``.

Cell texts are raw strings: what you read here is exactly what the cadet reads.
"""

# ruff: noqa: E501  (the cell texts below are prose and Markdown tables, wrapped for reading)

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

LESSONS = Path(__file__).resolve().parent.parent / "lessons"

METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}


def md(text: str) -> nbformat.NotebookNode:
    return new_markdown_cell(text.strip("\n"))


def code(text: str) -> nbformat.NotebookNode:
    return new_code_cell(text.strip("\n"))


def solution(text: str) -> nbformat.NotebookNode:
    """A worked-solution code cell, collapsed in JupyterLab (the reader opens it)."""
    cell = code(text)
    cell.metadata["jupyter"] = {"source_hidden": True}
    cell.metadata["tags"] = ["solution"]
    return cell


def save(name: str, cells: list[nbformat.NotebookNode]) -> Path:
    stem = name.split("_")[0]
    for i, cell in enumerate(cells):
        cell.id = f"l{stem}-{i:02d}"
    nb = new_notebook(cells=cells, metadata=METADATA)
    nbformat.validate(nb)
    path = LESSONS / name
    nbformat.write(nb, path)
    return path


SETUP = r"""
%matplotlib inline
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from IPython.display import HTML, display

{imports}
from hexrules.render.plots import plot_map, use_cjk_fonts

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check{n}.py").exists() else here / "lessons"))
import _check{n} as check

use_cjk_fonts()  # Chinese labels in plots, when a CJK font is available
m = HexMap.load("training")
print(m, "—", m.description)
"""


def setup(n: str, imports: str) -> nbformat.NotebookNode:
    return code(SETUP.replace("{n}", n).replace("{imports}", imports.strip("\n")))


# ---------------------------------------------------------------------------------------
# 00 — the index
# ---------------------------------------------------------------------------------------

INDEX_TABLE = r"""
| # | Lesson | What you learn |
|---|---|---|
| 01 | [The hex map 兵棋地图](01_hex_map.ipynb) | Hexes (六角格), distance, the six directions, military coordinates such as `4563GH`, elevation (高程), terrain, rivers (线状水系) and roads (道路). |
| 02 | [Line of sight 通视](02_line_of_sight.ipynb) | The sight line, effective height, the three cases L-3/L-4/L-5, the hexside rule, symmetry, and a viewshed. |
| 03 | [The observation-measurement chart 观察测量表](03_observation_chart.ipynb) | Building the chart by hand from a real sight line, then with the library; a line that the chart blocks though every change point looks clear. |
| 04 | [Direct fire 直瞄射击](04_direct_fire.ipynb) | Adjudicating a tank shot step by step (F-1…F-12), the odds before rolling, cover and concentrated fire. |
| — | [Instructor demo 教员演示](instructor_demo.ipynb) | For the instructor: the interactive board and sight explorer to show in class. |
"""

INDEX_RUN = r"""
## How to work

- Run each lesson **top to bottom** (Run ▸ Run All Cells, or Shift+Enter cell by cell).
  Every lesson starts with a goal and ends with a summary; the rules it uses are cited by
  their IDs (M-…, L-…, F-…) from `RULES.md`, the English rules reference.
- Rulings marked **[decision]** are the project's choice where the rulebook is silent or
  contradicts itself; the lessons say so whenever they use one.
- **Exercises 练习**: replace the `None` in the answer cell with your answer and run the cell.
  The check prints **✓ Right 正确** or **✗ Not yet 再想想** with a hint. The checks ask the
  `hexrules` library for the right answer; they never guess.
- **Solutions 答案** follow each exercise, collapsed: open them only after
  trying.

## How to run the tests

From the project folder:

```bash
make test                                        # everything: lint, unit tests, lessons, browser
.venv/bin/python -m pytest --nbval-lax lessons -q   # only the lessons (a few seconds each)
```

`nbval` runs every cell of every lesson; the solution cells `assert` that
their answer is right, so a change in the library that breaks a lesson fails the test.
"""


def build_index() -> Path:
    cells = [
        md(r"""
# Lessons 课程 — hexrules

Welcome, cadet. These notebooks teach the rules of the tactical hex wargame (战术兵棋推演) one
chapter at a time, with the `hexrules` library doing every calculation so that you can check
each step of your own reasoning against it. Work through them in order.
"""),
        md(INDEX_TABLE),
        md(INDEX_RUN),
        md(r"""
The cell below checks that the lessons listed above are here and that the library loads.
"""),
        code(r"""
from pathlib import Path

import hexrules

here = Path.cwd()
lessons = here if (here / "00_index.ipynb").exists() else here / "lessons"
names = ["01_hex_map.ipynb", "02_line_of_sight.ipynb", "03_observation_chart.ipynb",
         "04_direct_fire.ipynb", "instructor_demo.ipynb"]
for name in names:
    print(("✓" if (lessons / name).exists() else "✗ missing"), name)
print("hexrules", hexrules.__version__)
assert all((lessons / name).exists() for name in names)
"""),
    ]
    return save("00_index.ipynb", cells)


README = r"""# Lessons 课程

Jupyter lessons for cadets, to be worked through top to bottom. `make lab` opens
[`00_index.ipynb`](00_index.ipynb), the same index as this page.

{table}
{run}
"""


def build_readme() -> Path:
    path = LESSONS / "README.md"
    text = README.replace("{table}", INDEX_TABLE.strip("\n")).replace("{run}", INDEX_RUN)
    path.write_text(text.rstrip("\n") + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------
# 01 — the hex map
# ---------------------------------------------------------------------------------------


def build_01() -> Path:
    cells = [
        md(r"""
# Lesson 01 — The hex map 兵棋地图

**Goal.** After this lesson you can read the wargame map the way the rulebook does: count
distances in hexes (六角格), name the six directions, read and write a hex's military
coordinate such as `4563GH` off a plotted map, and tell elevation (高程), city (居民地),
forest (丛林地), lakes (面状水系), rivers (线状水系) and roads (道路) apart.

Rules used: RULES.md §1, M-1 … M-7.
"""),
        md(r"""
## The rule in plain words

- **Hexes 六角格 (M-1).** The map is a grid of hexagons, 50 m from centre to centre. A
  distance (距离) is the number of steps from hex to hex, in 格.
- **Orientation (M-3) [decision].** Hexes are *pointy-top*, laid in horizontal rows numbered
  from the top; odd rows are shifted half a hex to the right. The six directions are numbered
  clockwise from north-east: 1 NE 东北, 2 E 东, 3 SE 东南, 4 SW 西南, 5 W 西, 6 NW 西北.
  The rulebook does not fix these; the project chose them (they match the drift chart of A-4).
- **Military coordinates 六角格坐标 (M-2).** A hex is named by 4 digits and 2 letters, e.g.
  `4563GH`: the digits name the 1 km grid square holding the hex centre, *northing first*
  (`45`), then easting (`63`); the letters number the hexes inside that square. **[decision]**
  The first letter is the row counted from the top of the square, the second the column
  counted from its left (the rulebook says only "top to bottom, left to right, alphabetical").
- **Elevation 高程 (M-4).** Every hex has an integer level ≥ 0, drawn light (low) to dark
  (high). A map says how many metres one level is (here 10 m), for display only: the rules
  use levels.
- **Terrain (M-5).** One base terrain per hex: open 开阔地, city 居民地, forest 丛林地 or water
  面状水系 (lake, pond). City and forest are drawn as a pattern over the elevation colour.
- **Rivers 线状水系 (M-6)** run *along hexsides*, between two hexes. Lakes are water hexes,
  impassable to tanks **[decision]**.
- **Roads 道路 (M-7)** join two adjacent hex *centres*: a road is between hex A and hex B,
  not in a hex.
"""),
        setup("01", r"""
from hexrules import DIRECTION_NAMES, DIRECTIONS, CoordinateError, Hex, HexMap, Terrain
from hexrules.render.plots import elevation_colour
"""),
        md(r"""
## 1. The training map 训练场

The whole 30 × 30 map. Keep it in view: every example in this lesson is somewhere on it.
"""),
        code(r"""
fig, ax = plt.subplots(figsize=(9, 7))
m.plot(ax)
plt.show()
"""),
        md(r"""
## 2. A hex is a value 六角格

In `hexrules` a hex is a small, frozen value `Hex(q, r)` (the *axial* coordinates, section 5
says why). You can add and subtract hexes like vectors, use them in sets and as dictionary
keys, and `repr` shows code that rebuilds the same hex.
"""),
        code(r"""
a = Hex(2, 3)
b = Hex(1, -1)
print("a + b =", a + b, "| a - b =", a - b, "| 3 * b =", 3 * b)
print("the third (cube) coordinate s = -q - r:", a.s)
print("repr evaluates back to the same hex:", eval(repr(a)) == a)
print("a set of hexes (duplicates vanish):", {a, Hex(2, 3), b})
"""),
        md(r"""
## 3. Distance 距离 (M-1)

The distance between two hexes is the smallest number of steps from one to the other. The
hexes at exactly distance *k* form a **ring** of 6*k* hexes. Below, the ring at distance 3
around the ridge-top hex `4563LK` is outlined: 3 hexes = 150 m.
"""),
        code(r"""
centre = m.parse("4563LK")
for k in range(5):
    print(f"ring {k}: {len(centre.ring(k)):>2} hexes at {k} 格 = {k * 50:>3} m")
print("distance 4563LK → 4563GH:", centre.distance(m.parse("4563GH")), "hexes")

fig, ax = plt.subplots(figsize=(7, 6))
plot_map(m, ax, hexes=centre.spiral(4), highlight=centre.ring(3), labels=True, legend=False)
ax.set_title("ring 3 around 4563LK 距离为3的六角格")
plt.show()
"""),
        md(r"""
## 4. The six directions 方向 (M-3) [decision]

Because the hexes are pointy-top, a hex has neighbours to the east and west but none due
north or south. Direction numbers run clockwise from north-east, 1 NE … 6 NW; they are the
numbers the artillery drift chart (A-4) uses.
"""),
        code(r"""
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
"""),
        md(r"""
## 5. Offset and axial coordinates

There are two plain ways to number hexes, and the library keeps both:

- **offset** `(col, row)`: columns and rows as they lie on the map, the way a map file stores
  its grids (`m.elevation[row, col]`); odd rows are shifted right (M-3).
- **axial** `(q, r)`: `r` is the row, `q` grows to the east along a row but slants with the
  rows, so that **a step in a given direction is always the same vector**.

Offset coordinates are easy to read but awkward for arithmetic: the offset step to the
north-east neighbour depends on whether the row is even or odd. Axial steps never change.
"""),
        code(r"""
even, odd = m.parse((10, 10)), m.parse((10, 11))
for h in (even, odd):
    col, row = h.to_offset()
    steps = [(n.to_offset()[0] - col, n.to_offset()[1] - row) for n in h.neighbors()]
    print(f"{m.name_of(h)} offset {h.to_offset()} axial {h}: offset steps 1…6 = {steps}")
print("axial steps 1…6, the same for every hex:", DIRECTIONS)
print("from_offset / to_offset round trip:", Hex.from_offset(10, 11).to_offset())
"""),
        md(r"""
## 6. Military coordinates 六角格坐标 (M-2)

Take `4563GH`. The library finds its hex, its offset position and the metres of its centre
(the map is placed on a projected grid, 1 km squares). The 4 digits come straight from the
centre: northing kilometre mod 100, then easting kilometre mod 100.
"""),
        code(r"""
h = m.parse("4563GH")
e, n = m.georef.centre(h)
print(f"4563GH is {h}, offset {h.to_offset()}, centre E {e:.0f} m  N {n:.0f} m")
print("square digits from the centre:", f"{int(n // 1000) % 100:02d}{int(e // 1000) % 100:02d}")
print("every hex's name leads back to it:", all(m.parse(m.name_of(x)) == x for x in m))
"""),
        md(r"""
**Reading a name off the map.** With `labels=True` each hex shows its two letters; the
digits come from the kilometre square it lies in. Below is the corner where four squares
meet (dashed lines are the 1 km grid lines). Notice that the letters start again at `AA` in
each square, and that the first letter is the row (from the top of the square), the second
the column (from its left).
"""),
        code(r"""
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
"""),
        md(r"""
**Bad input gives a clear error.** A malformed name, a name off the map, or a position off
the map raises `CoordinateError` (a `ValueError`), and the message says what was wrong. A
well-formed name off this map raises `OffMapError`, a kind of `CoordinateError`.
"""),
        code(r"""
for bad in ["45-63", "4599AA", (99, 0)]:
    try:
        m.parse(bad)
    except CoordinateError as err:
        print(f"{bad!r:>10} → {type(err).__name__}: {err}\n")
"""),
        md(r"""
## 7. Elevation 高程 (M-4)

Levels are drawn from light (low) to dark (high). The training map runs from level 0 to 5;
one level is 10 m on this map, so its hill-top stands 50 m above the plain. The metres are
for display; every rule counts in levels.
"""),
        code(r"""
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
"""),
        md(r"""
## 8. Terrain 地形 (M-5)

City 居民地 is drawn cross-hatched (`xx`), forest 丛林地 dotted (`oo`), both over the
elevation colour; a lake 面状水系 is plain blue. City and forest matter twice: they protect
a unit under fire (F-7, lesson 04) and they block sight (L-2, lesson 02).
"""),
        code(r"""
per_kind = np.bincount(m.terrain.ravel(), minlength=4)
for t in Terrain:
    print(f"{t.label:<14} code {t.code!r}: {per_kind[t]:>3} hexes")
village = m.parse("4563OP")
print("4563OP:", m.terrain_at(village).label, "on level", m.elevation_at(village))

fig, ax = plt.subplots(figsize=(8, 6))
plot_map(m, ax, hexes=village.spiral(4), labels=True)
ax.set_title("the village in the middle of the map 居民地")
plt.show()
"""),
        md(r"""
## 9. Rivers 线状水系 and roads 道路 (M-6, M-7)

A **river** lies *on a hexside*: it runs between two hexes and belongs to neither. A **road**
joins two adjacent hex *centres*. So both questions are about a *pair* of adjacent hexes:
`m.has_river(a, b)` and `m.has_road(a, b)`. Where the south road meets the river there is a
ford (徒涉): the road link and the river hexside join the same pair of hexes.
"""),
        code(r"""
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
"""),
        md(r"""
## 10. Try it: hex inspector

Point at a hex on the board: its military name, level and terrain appear above the map. Click
it (or type a name and press **Show 显示**) to inspect it: its coordinates, elevation and
terrain, its six neighbours with the roads and rivers between them, and a close-up with the
direction numbers. The board is georeferenced (it sits on the map's real UTM position); the
**Basemap 底图** toggle shows a street map under it when the internet is reachable.
"""),
        code(r"""
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
"""),
        md(r"""
## 11. Exercises 练习

**Exercise 1.** The hex outlined in yellow below: what is its military name? (Letters are
printed in each hex; the digits come from its kilometre square, northing first.) Replace
`None` with your answer, e.g. `"4563GH"`.
"""),
        code(r"""
mystery = m.parse((22, 24))
fig, ax = plt.subplots(figsize=(8, 6))
plot_map(m, ax, hexes=corner.spiral(4), highlight=[mystery], labels=True, legend=False)
km_grid(ax)
ax.set_title("which hex is outlined? 这个六角格的坐标是?")
plt.show()
"""),
        code(r"""
answer_1 = None  # your answer, e.g. "4563GH"
check.check_name(answer_1, m, mystery)
"""),
        md(r"""
<details><summary><b>Solution 答案</b> (open after trying)</summary>

The hex lies right of the vertical kilometre line (easting 64) and below the horizontal one
(northing 44): square `4464`, northing first. In that square it is in the second row from the
top (`B`) and the third hex from the left (`C`): **`4464BC`**. A common slip is to write the
easting first (`6444…`) or to keep the square of the map's corner (`4563…`).
</details>
"""),
        solution(r"""
answer_1 = "4464BC"
assert check.check_name(answer_1, m, mystery)
"""),
        md(r"""
**Exercise 2.** (a) How many hexes is it from `4563LK` to `4563GH`? (b) Which direction
number (1–6) leads from `4563LK` to its neighbour `4563MK`? Use the library only to look,
not to compute: try the section 3 and 4 pictures first.
"""),
        code(r"""
answer_2a = None  # a number of hexes
answer_2b = None  # a direction 1–6 (or "NE", "E", …)
check.check_distance(answer_2a, m, "4563LK", "4563GH")
check.check_direction(answer_2b, m, "4563LK", "4563MK")
"""),
        md(r"""
<details><summary><b>Solution 答案</b></summary>

(a) `4563GH` is 5 rows up and 3½ hex widths to the left (`4563LK` is on an odd row, shifted
half a hex right). Five north-west steps climb the 5 rows and cover 2½ of those widths; one
west step covers the last: **6** hexes. (In axial terms the difference is `Hex(-1, -5)`, and
the distance is the largest of |q|, |r|, |q + r|: 6.) (b) `4563MK` is the next row down (row
letter M after L), half a hex to the left: south-west, **4**.
</details>
"""),
        solution(r"""
answer_2a, answer_2b = 6, 4
assert check.check_distance(answer_2a, m, "4563LK", "4563GH")
assert check.check_direction(answer_2b, m, "4563LK", "4563MK")
"""),
        md(r"""
**Exercise 3.** What joins `4563WS` and `4563VS`: `"road"`, `"river"`, `"both"` or
`"none"`? Look at the ford picture of section 9.
"""),
        code(r"""
answer_3 = None  # "road", "river", "both" or "none"
check.check_link(answer_3, m, "4563WS", "4563VS")
"""),
        md(r"""
<details><summary><b>Solution 答案</b></summary>

**Both**: the road runs from centre to centre across the blue hexside between them, which is
the river. Rivers are on hexsides (M-6), roads between centres (M-7), so one pair of hexes
can have both: this is the ford.
</details>
"""),
        solution(r"""
answer_3 = "both"
assert check.check_link(answer_3, m, "4563WS", "4563VS")
"""),
        md(r"""
## Summary 小结

- The map is pointy-top hexes 50 m apart (M-1); distance is the number of steps; the ring at
  distance *k* has 6*k* hexes.
- Directions are 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW, clockwise (M-3, **[decision]**).
- `Hex(q, r)` is an axial value you can add and compare; `Hex.from_offset(col, row)` and
  `to_offset()` convert to the map's columns and rows.
- A military name `NNEEXY` is the 1 km square (northing, then easting) and the row and column
  letters inside it (M-2, **[decision]**: first letter = row from the top). `m.parse(name)`
  and `m.name_of(hex)` convert; bad names raise `CoordinateError`.
- Elevation (高程) is a level, light to dark, 10 m per level here (M-4). City (居民地) and
  forest (丛林地) are patterns over it, lakes (面状水系) are blue (M-5); rivers (线状水系) lie on
  hexsides, roads (道路) join centres (M-6, M-7).

Next: [Lesson 02 — Line of sight 通视](02_line_of_sight.ipynb).
"""),
    ]
    return save("01_hex_map.ipynb", cells)


# ---------------------------------------------------------------------------------------
# 02 — line of sight
# ---------------------------------------------------------------------------------------

CASES = r"""
# The worked cases of tests/data/sight_cases.json (observer, target), by what they show.
CASES = {
    "L-3 visible": ("4563AC", "4563FF"),
    "L-3 blocked": ("4463AG", "4564WA"),
    "L-4 visible": ("4563WN", "4563NS"),
    "L-4 blocked": ("4463BH", "4563RH"),
    "L-4 adjacent": ("4563AE", "4563AF"),
    "L-5 visible": ("4564NB", "4564PI"),
    "L-5 visible multi": ("4563SB", "4563SI"),
    "L-5 blocked": ("4463BJ", "4563QJ"),
    "L-5 chart-only block": ("4463EL", "4563TJ"),
    "L-5 tie on line": ("4563KP", "4563FT"),
    "adjacent 2 levels": ("4563HH", "4563II"),
    "hexside decides": ("4563FO", "4563CT"),
    "map edge hexside": ("4464CJ", "4564RJ"),
}

def case(shows):
    # The sight record of a worked case.
    return line_of_sight(m, *CASES[shows])

def side_by_side(*records, chart=False):
    # Plot records next to each other (the map around the line, or the chart).
    fig, axes = plt.subplots(1, len(records), figsize=(6.5 * len(records), 5 if not chart else 3.6))
    for rec, ax in zip(records, np.atleast_1d(axes)):
        rec.plot_chart(ax) if chart else rec.plot(ax)
    plt.tight_layout()
    plt.show()
"""


def build_02() -> Path:
    cells = [
        md(r"""
# Lesson 02 — Line of sight 通视

**Goal.** After this lesson you can decide whether two units see each other (通视判断) and say
which rule decided it: the same-level rule (同一高程, L-3), the adjacent-levels rule
(两个相邻高程, L-4) or the observation-measurement chart (观察测量表, L-5, lesson 03). You know
the hexside rule, why sight is symmetric, and how to read a viewshed.

Rules used: RULES.md §3, L-1 … L-7 (and M-4, M-5 from lesson 01).
"""),
        md(r"""
## The rule in plain words

1. **The sight line (L-1).** Draw a straight line from the centre of the observer's hex to the
   centre of the target's hex. The hexes it *passes through* are the obstacles. The two end
   hexes are not obstacles of their own (their city or forest never counts), but their ground
   level does take part in L-4/L-5.
2. **Effective height (L-2).** For sight a hex counts with its elevation level (高程), **+1 if
   it is city (居民地) or forest (丛林地)**.
3. **Same level 同一高程 (L-3).** Both units on level *h*: sight is clear unless a passed hex
   has an effective height above *h*.
4. **Adjacent levels 两个相邻高程 (L-4).** Levels *h* and *h* + 1: find the elevation change
   point (高程变化点) where the line climbs onto level *h* + 1. Sight is clear if the *higher*
   unit is at least as near to it as the lower unit (distance from the higher ≤ distance from
   the lower).
5. **Anything else: the chart (L-5)**, with several change points. Lesson 03 builds it.
6. **Symmetry (L-7).** A sees B exactly when B sees A.

Rulings that are the project's choice **[decision]**, because the rulebook is silent:

- If the line runs *exactly along a hexside*, the two hexes on either side count as one
  obstacle of the **lower** of their two effective heights: sight is blocked there only if
  *both* sides block. Along the map edge, where one side is off the map, the hexside is no
  obstacle. A line that only touches a corner (vertex) passes through none of the hexes
  meeting there (L-1).
- A change point exactly at the tie (or exactly on the chart line) counts as clear, so L-4 and
  L-5 always agree (L-5).
- The higher unit's own hex counts at its ground level: climbing into it is a change point,
  so adjacent hexes two or more levels apart never see each other (L-5).
- The case reported is L-3 for equal levels; L-4 for levels one apart when nothing on the line
  is above the higher unit and the line climbs only once; L-5 otherwise (L-6).
"""),
        setup("02", r"""
import random

from hexrules import Hex, HexMap, line_of_sight
from hexrules.sight.fast import viewshed
from hexrules.sight.fast import visible as fast_visible
"""),
        code(CASES),
        md(r"""
## 1. Effective height 有效高程 (L-2)

A wood or a village stands about one level above the ground it grows or is built on. A few
hexes on the training map:
"""),
        code(r"""
for name in ["4563GH", "4563KF", "4563ER", "4563LK", "4563OP"]:
    h = m.parse(name)
    print(f"{name}: level {m.elevation_at(h)}, {m.terrain_at(h).label:<14} → effective height"
          f" {m.effective_height(h)}")
"""),
        md(r"""
## 2. Same level 同一高程 (L-3)

Both worked cases are on the level-0 plain. In the first, every hex the line passes is on
level 0: **visible**. In the second, the line clips the corner of a single level-1 hex
(`4563WM`) for under a quarter of a hex; that is enough: **blocked**. The record shows every hex the
line passes, with the height it counts with; the plot outlines them in yellow and draws the
line green (visible) or red (blocked).
"""),
        code(r"""
seen, hidden = case("L-3 visible"), case("L-3 blocked")
display(seen)
print(hidden.reason)
side_by_side(seen, hidden)
"""),
        md(r"""
## 3. Adjacent levels 两个相邻高程 (L-4)

Now one unit stands one level higher. Find where the line climbs onto the higher level (the
change point 高程变化点) and compare the two distances to it:

- `4563WN` (level 0) → `4563NS` (level 1): the line climbs at 5.96 hexes from the lower unit,
  3.58 from the higher one. The higher unit is nearer: **visible**.
- `4463BH` (level 0) → `4563RH` (level 1): the line climbs only 1.22 hexes from the lower unit
  and 4.87 from the higher one. The slope hides the low tank: **blocked**.
"""),
        code(r"""
up, down = case("L-4 visible"), case("L-4 blocked")
for rec in (up, down):
    print(rec.verdict, "—", rec.reason, "\n")
side_by_side(up, down)
"""),
        md(r"""
Two adjacent hexes one level apart are the limiting case: the change point is the hexside,
exactly half-way, 0.50 from each unit. That tie counts as **visible** (≤, L-4; the
**[decision]** of L-5 keeps the chart agreeing).
"""),
        code(r"""
print(case("L-4 adjacent").reason)
"""),
        md(r"""
## 4. The general case: the chart 观察测量表 (L-5)

When the levels are two or more apart, or the line climbs more than once, L-4's simple
comparison is not enough; the observation-measurement chart decides. Lesson 03 builds it step
by step; here, read the verdicts and the charts. Each dot is a change point, green when below
(or on) the line from the lower unit to the higher unit's star, red when above.
"""),
        code(r"""
multi, blocked = case("L-5 visible multi"), case("L-5 blocked")
for rec in (multi, blocked):
    print(rec.verdict, "—", rec.reason)
side_by_side(multi, blocked, chart=True)
"""),
        md(r"""
**[decision]** The higher unit's own hex takes part at its ground level. So two adjacent hexes
two levels apart never see each other: from the foot of a 20 m cliff you cannot see a tank
parked 25 m back from its edge.
"""),
        code(r"""
cliff = case("adjacent 2 levels")
print(cliff.verdict, "—", cliff.reason)
side_by_side(cliff, chart=True)
"""),
        md(r"""
## 5. Which case? (L-6 [decision])

Every record says which rule applied. Here are all thirteen worked cases: levels, case,
verdict and the number of change points on the chart.
"""),
        code(r"""
rows = []
for shows, (a, b) in CASES.items():
    rec = line_of_sight(m, a, b)
    rows.append(f"<tr><td>{shows}</td><td>{a} → {b}</td><td>{rec.distance}</td>"
                f"<td>{m.elevation_at(rec.observer)} → {m.elevation_at(rec.target)}</td>"
                f"<td>{rec.case}</td><td>{rec.verdict}</td><td>{len(rec.chart_points)}</td></tr>")
display(HTML("<table><tr><th>shows</th><th>observer → target</th><th>range 距离</th>"
             "<th>levels 高程</th><th>case</th><th>verdict</th><th>change points</th></tr>"
             + "".join(rows) + "</table>"))
"""),
        md(r"""
## 6. The hexside rule (L-1 [decision])

Some lines run exactly along a hexside, between two hexes, instead of through one. The
project rules that such a stretch counts as **one obstacle of the lower of the two effective
heights**. In the case below the line from `4563FO` (level 1) to `4563CT` (level 2) runs
along three hexsides (drawn orange). One of them has the forest `4563ER` (height 3) on one
side and open `4563DQ` (height 1) on the other: it counts as height 1, and sight is clear.
"""),
        code(r"""
edge = case("hexside decides")
for g in edge.grazes:
    print(f"hexside {g.names[0]} | {g.names[1]}: heights {g.heights} → {g.ruling}")
print(edge.verdict, "—", edge.reason)
side_by_side(edge)
"""),
        md(r"""
Sight is blocked along a hexside only if **both** sides block. To see it, build a copy of the
map where `4563DQ` is forest too (a map is an immutable value: we edit its dictionary and load
a new one; the training map is unchanged). Now both sides of that hexside stand above the
line, and the same pair is blocked.
"""),
        code(r"""
data = m.to_dict()
col, row = m.parse("4563DQ").to_offset()
line = data["terrain"][row]
data["terrain"][row] = line[:col] + "F" + line[col + 1:]
wooded = HexMap.from_dict(data, source="training, with 4563DQ wooded")
rec = line_of_sight(wooded, "4563FO", "4563CT")
print([g.ruling for g in rec.grazes][1])
print(rec.verdict, "—", rec.reason)
assert not rec.visible and edge.visible and m.terrain_at(m.parse("4563DQ")).code == "."
"""),
        md(r"""
Along the **map edge** the other side of the hexside is off the map: that hexside is no
obstacle. In this case the line from `4464CJ` runs up the eastern edge four times; the edge
never blocks, and the verdict comes from the slope (an ordinary L-4 block).
"""),
        code(r"""
rim = case("map edge hexside")
for g in rim.grazes:
    print(f"{g.names[0]} | {g.names[1]}: {g.ruling}")
print(rim.verdict, "—", rim.reason)
"""),
        md(r"""
## 7. Symmetry (L-7)

If A sees B, B sees A: the rules never favour the observer. Check it on 300 random pairs
(seeded, so the same pairs every run), and count the cases met on the way.
"""),
        code(r"""
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
"""),
        md(r"""
## 8. A viewshed 视域

A viewshed is every hex a unit at one hex can see. `hexrules.sight.fast.viewshed` computes it
for the whole map at once with compiled code; it gives exactly the verdicts of
`line_of_sight` (the test suite compares them on every pair). Below, a tank on the ridge
at `4563LK`: hexes it **cannot** see are greyed out.
"""),
        code(r"""
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
"""),
        md(r"""
Look at the shadows: the foot of the ridge itself (its own slope hides it), the far side of
the hill in the north-east, and the ground behind the village and the woods. A wood or a
village hex can itself be seen (an end hex is never its own obstacle), but it hides what lies
behind it.

## 9. Try it: sight explorer

Choose an observer and then a target: click them on the map, or type their military names in
the boxes. The explorer asks `line_of_sight` and shows the verdict with its reason, the line,
the hexes it passes and any hexside it runs along. Try the worked cases above, then your own
pairs: can the ridge see into the village? What does the wood at `4563ER` hide?
"""),
        code(r"""
# The sight-line explorer (replaces the temporary controls): click an observer hex, then a
# target hex (a third click starts over), or type names such as 4563GH in the boxes.
from hexrules_widgets import SightExplorer

explorer = SightExplorer(m)
explorer.select("4563LK", "4563ER")
explorer
"""),
        md(r"""
## 10. Exercises 练习

**Exercise 1.** What is the effective height for sight of `4563ER`? (Its level and terrain
are in the table of section 1, or use `m.elevation_at` and `m.terrain_at`.)
"""),
        code(r"""
answer_1 = None  # a number
check.check_effective_height(answer_1, m, "4563ER")
"""),
        md(r"""
<details><summary><b>Solution 答案</b></summary>

`4563ER` is forest (丛林地) on level 2, so it counts as **2 + 1 = 3** for sight (L-2).
</details>
"""),
        solution(r"""
answer_1 = 3
assert check.check_effective_height(answer_1, m, "4563ER")
"""),
        md(r"""
**Exercise 2.** Two tanks stand on the level-0 plain in the west, at `4563JF` and `4563QE`.
Do they see each other? Answer `True`/`False` (or `"visible"`/`"blocked"`). Look at the map
first; the picture below shows the ground between them.
"""),
        code(r"""
a, b = m.parse("4563JF"), m.parse("4563QE")
fig, ax = plt.subplots(figsize=(6, 6))
between = {n for h in (a, b) for n in h.spiral(4)}
plot_map(m, ax, hexes=between, highlight=[a, b], labels=True, legend=False)
plt.show()
"""),
        code(r"""
answer_2 = None  # True or False
check.check_visible(answer_2, m, "4563JF", "4563QE")
"""),
        md(r"""
<details><summary><b>Solution 答案</b></summary>

Both are on level 0, so L-3 applies. The line passes through the little hamlet at `4563KF`:
city on level 0, effective height 1 (L-2), above level 0: **blocked** (`False`).
</details>
"""),
        solution(r"""
answer_2 = False
assert check.check_visible(answer_2, m, "4563JF", "4563QE")
print(line_of_sight(m, "4563JF", "4563QE").reason)
"""),
        md(r"""
**Exercise 3.** Which case decides sight from `4563VS` (by the ford, level 0) to `4563VM`
(level 1, to the west): `"L-3"`, `"L-4"` or `"L-5"`?
"""),
        code(r"""
answer_3 = None  # "L-3", "L-4" or "L-5"
check.check_case(answer_3, m, "4563VS", "4563VM")
"""),
        md(r"""
<details><summary><b>Solution 答案</b></summary>

The levels are 0 and 1, one apart; nothing on the line is above level 1 and the line climbs
once: **L-4** (L-6). The change point is 5.5 hexes from the lower unit and 0.5 from the higher
one, so it is visible.
</details>
"""),
        solution(r"""
answer_3 = "L-4"
assert check.check_case(answer_3, m, "4563VS", "4563VM")
print(line_of_sight(m, "4563VS", "4563VM").reason)
"""),
        md(r"""
## Summary 小结

- The sight line runs centre to centre (L-1); passed hexes count with their effective height:
  level + 1 for city and forest (L-2); end hexes count only with their ground level.
- Same level (同一高程, L-3): blocked by any passed hex higher than the units.
- Adjacent levels (两个相邻高程, L-4): visible when the higher unit is at least as near the
  change point (高程变化点) as the lower one; a tie is visible.
- Everything else goes to the observation-measurement chart (观察测量表, L-5, lesson 03);
  every record names the case (L-6) and explains itself.
- **[decision]s**: a line along a hexside counts the lower side; the map edge is no obstacle;
  a vertex touch is nothing; a tie is clear; adjacent hexes two levels apart never see each
  other.
- Sight is symmetric (L-7); `fastlos.viewshed` gives every hex a unit sees, with the same
  verdicts as `line_of_sight`.

Next: [Lesson 03 — The observation-measurement chart 观察测量表](03_observation_chart.ipynb).
"""),
    ]
    return save("02_line_of_sight.ipynb", cells)


# ---------------------------------------------------------------------------------------
# 03 — the observation-measurement chart
# ---------------------------------------------------------------------------------------

HAND = r"""
def from_lower(rec):
    # Each hex (and hexside) on the line: (where, distance from the lower unit, rise).
    # Distances are along the sight line, in hexes (1 = 50 m); rise = height - lower level.
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
    # A small HTML table (pandas is not needed).
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>" for row in rows)
    display(HTML(f"<table><tr>{head}</tr>{body}</table>"))

def crossing_table(rec):
    # The hexes the line passes, as the record gives them (the raw material of the chart).
    table(["hex 六角格", "role", "along the line (hexes)", "level 高程", "terrain 地形",
           "height for sight"],
          [(c.name, c.role, f"{c.entry:.2f}–{c.exit:.2f}", c.elevation, c.terrain.label,
            c.height) for c in rec.crossings])
"""


def build_03() -> Path:
    cells = [
        md(r"""
# Lesson 03 — The observation-measurement chart 观察测量表

**Goal.** After this lesson you can draw the observation-measurement chart (观察测量表) for any
sight line by hand, read its verdict, and explain why it sometimes blocks a line that the
simple half-way test of L-4 would let through. You will build one chart with pencil-and-paper
steps and then compare it with the library's.

Rules used: RULES.md §3, L-2, L-4, L-5, L-6.
"""),
        md(r"""
## The rule in plain words

1. Put the **lower unit** at the origin (0, 0). Distances are measured along the sight line
   from the lower unit, in hexes (1 = 50 m).
2. Walk the line from the lower unit. For every level above the lower unit's level that the
   line climbs into, take the **elevation change point** (高程变化点) where it *first* reaches
   that level (以距离低高程单位最近的为准, nearest the lower unit). Plot it at
   (distance, level − lower unit's level). Passed hexes count with their effective height
   (L-2: +1 for city 居民地 and forest 丛林地).
3. Plot the **higher unit** at (length of the line, its level **+ 1** − lower unit's level).
4. Draw the straight **chart line** from the origin to the higher unit's point. Sight is
   clear (通视) if every change point lies **below** that line.

The project's rulings **[decision]**:

- A point **exactly on** the chart line counts as below, so the chart always agrees with L-4
  (where a tie is visible).
- Distances are straight-line (Euclidean) distances along the sight line, in hex-centre units.
- The **higher unit's own hex** takes part at its ground level: where the line climbs into it,
  that boundary is a change point. So adjacent hexes two or more levels apart never see each
  other.
- Only climbs are plotted (the first entry into each level); plotting every entry gives the
  same verdicts.
"""),
        setup("03", r"""
from fractions import Fraction

from hexrules import HexMap, line_of_sight
"""),
        code(HAND),
        md(r"""
## 1. Building a chart by hand

Take the line from `4563SB` (level 0) east along a row to `4563SI` (level 2) — the worked
case "several change points, all below the chart line". First, the map:
"""),
        code(r"""
rec = line_of_sight(m, "4563SB", "4563SI")
fig, ax = plt.subplots(figsize=(8, 4))
rec.plot(ax)
plt.show()
print("lower unit:", m.name_of(rec.lower), "level", rec.lower_level,
      "| higher unit:", m.name_of(rec.higher), "level", rec.higher_level,
      f"| length {rec.length:.2f} hexes")
"""),
        md(r"""
### Step 1 — walk the crossings

`rec.crossings` lists the hexes the line passes through, in order from the observer, with
where the line enters and leaves each one. Passed hexes count with their effective height;
the two end hexes with their ground level (L-1, L-5).
"""),
        code(r"""
crossing_table(rec)
"""),
        md(r"""
### Step 2 — distances and rises from the lower unit

Here the lower unit is the observer, so a hex's distance from it is simply where the line
enters the hex. (When the lower unit is the target, measure from the other end: length − exit.)
The rise is the height minus the lower unit's level. The helper `from_lower` (defined at the
top) does this arithmetic, and would also add any hexside the line runs along (lesson 02).
"""),
        code(r"""
rows = from_lower(rec)
table(["where", "distance from the lower unit", "rise 高程差"],
      [(w, f"{d:.2f}", r) for w, d, r in rows])
"""),
        md(r"""
### Step 3 — the change points

Now the change points: for rise 1, the first row that reaches rise 1; for rise 2, the first
that reaches 2; and so on. Here the line climbs to +1 entering `4563SH` at 5.50 and to +2
entering the higher unit's own hex `4563SI` at 6.50 (**[decision]**: the higher unit's hex
counts). The library's `rec.chart_points` must agree with our hand work:
"""),
        code(r"""
hand = change_points(rows)
for where, d, rise in hand:
    print(f"change point 高程变化点 ({d:.2f}, +{rise}) entering {where}")
library = [(p.where, round(p.distance, 6), p.rise) for p in rec.chart_points]
assert [(w, round(d, 6), r) for w, d, r in hand] == library
"""),
        md(r"""
### Step 4 — the higher unit and the chart line

The higher unit goes at (length, its level + 1 − the lower unit's level) = (7.00, 2 + 1 − 0)
= (7.00, 3). The chart line rises 3 levels over 7 hexes, so at distance *d* it stands at
3 × *d* / 7. Compare each change point with it:
"""),
        code(r"""
length, top = rec.length, rec.higher_level + 1 - rec.lower_level
print(f"higher unit's point: ({length:.2f}, {top}); library says {rec.chart_top}")
table(["where", "distance", "rise", "chart line there = top × d / length", "below or on?"],
      [(w, f"{d:.2f}", r, f"{top * d / length:.2f}", "✓ yes" if r <= top * d / length else "✗ above")
       for w, d, r in hand])
"""),
        md(r"""
### Step 5 — draw it, step by step

(a) the profile of heights seen from the lower unit; (b) the change points; (c) the higher
unit's point and the chart line. Plain matplotlib, from our table.
"""),
        code(r"""
def draw_by_hand(rec, hand, ax, stage=3):
    length, top = rec.length, rec.higher_level + 1 - rec.lower_level
    xs, ys = [], []
    for _, d, r in from_lower(rec):
        xs += [d, d]
        ys += [ys[-1] if ys else 0, r]
    xs.append(length)
    ys.append(ys[-1])
    ax.fill_between(xs, ys, min(ys) - 0.5, color="#d9c9a8", label="profile 剖面")
    ax.plot(0, 0, "ko", label="lower unit 低高程单位")
    if stage >= 2:
        for where, d, r in hand:
            ax.plot(d, r, "o", color="tab:blue")
            ax.annotate(where, (d, r), textcoords="offset points", xytext=(4, 4), fontsize=7)
    if stage >= 3:
        ax.plot([0, length], [0, top], "k-", label="chart line 观测线")
        ax.plot(length, top, "k*", markersize=14, label="higher unit + 1")
    ax.set_xlim(-0.2, length + 0.4)
    ax.set_ylim(min(ys) - 0.5, max(top, max(ys)) + 0.7)
    ax.set_xlabel("distance from the lower unit (hexes)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7, loc="upper left")

fig, axes = plt.subplots(1, 3, figsize=(15, 3.6), sharey=True)
for stage, ax in enumerate(axes, start=1):
    draw_by_hand(rec, hand, ax, stage)
    ax.set_title(["(a) profile", "(b) change points", "(c) chart line"][stage - 1])
axes[0].set_ylabel("levels above the lower unit")
plt.show()
"""),
        md(r"""
### Step 6 — compare with the library

`rec.plot_chart()` draws the same chart from the record: green points are below or on the
line, red points above. Both of ours are below: **visible**.
"""),
        code(r"""
fig, ax = plt.subplots(figsize=(7, 3.8))
rec.plot_chart(ax)
plt.show()
print(rec.verdict, "—", rec.reason)
print("the profile's steps, as the record lists them (rec.profile_steps):")
for st in rec.profile_steps:
    print(f"  at {st.distance:.2f}: height {st.height_from} → {st.height_to} entering {st.where}")
"""),
        md(r"""
## 2. Blocked, though every change point looks clear

L-4's test — *is the higher unit at least as near the change point as the lower one?* — is a
shortcut for one climb of one level. It is tempting to apply it to each change point in
turn. Take `4463EL` (level 0) → `4563TJ` (level 3), the worked case "chart-only block":
"""),
        code(r"""
trap = line_of_sight(m, "4463EL", "4563TJ")
crossing_table(trap)
length, top = trap.length, trap.higher_level + 1 - trap.lower_level
table(["where", "from the lower unit", "from the higher unit", "half-way test (L-4 style)",
       "rise", "chart line there", "chart"],
      [(p.where, f"{p.distance:.2f}", f"{length - p.distance:.2f}",
        "✓ higher is nearer" if length - p.distance <= p.distance else "✗",
        p.rise, f"{top * p.distance / length:.2f}", "✓ below" if p.clear else "✗ above")
       for p in trap.chart_points])
"""),
        md(r"""
Every change point is nearer the higher unit than the lower one, so the half-way test would
pass each of them. But the chart line must climb **4** levels (3 + 1) over 7.21 hexes; at
5.05 hexes it stands at only 2.80, while the steep end of the ridge at `4563VK` already rises
3 levels: that point lies above the line, and the tank at the foot cannot see over the brow.
The half-way test is valid only for a single one-level climb; for anything more, draw the
chart (L-5).
"""),
        code(r"""
fig, axes = plt.subplots(1, 2, figsize=(14, 4.5), gridspec_kw={"width_ratios": [1, 2]})
trap.plot(axes[0])
trap.plot_chart(axes[1])
plt.tight_layout()
plt.show()
print(trap.verdict, "—", trap.reason)
assert not trap.visible and all(length - p.distance <= p.distance for p in trap.chart_points)
"""),
        md(r"""
## 3. A point exactly on the line (L-5 [decision])

The rulebook does not say what happens when a change point lies *exactly* on the chart line.
The project rules that it counts as **below** (clear), so that the chart always agrees with
L-4, where a tie (equal distances) is visible. Such ties are not rare: about 3 % of pairs on a
real map. The library compares in exact fractions, so a tie is a tie, not a rounding accident.

On the line `4563KP` (level 1) → `4563FT` (level 3) the first two change points lie exactly
on the chart line: at 1/3 and 2/3 of the way, rises 1 and 2, and the line climbs 3 over the
whole length. They are clear. The verdict is still *blocked*, by the third point: the forest
at `4563GT` (level 3 + 1 for the trees = rise 3) pokes above the line.
"""),
        code(r"""
tie = line_of_sight(m, "4563KP", "4563FT")
top = tie.chart_top[1]
for p in tie.chart_points:
    on = "exactly ON the line → counts as below" if p.rise == top * p.t else (
        "below" if p.clear else "ABOVE")
    print(f"({p.distance:.2f}, +{p.rise}) at {p.where}: t = {p.t}, line there = {top} × {p.t}"
          f" = {top * p.t} → {on}")
print(tie.verdict, "—", tie.reason)
fig, ax = plt.subplots(figsize=(7, 3.8))
tie.plot_chart(ax)
plt.show()
"""),
        md(r"""
Where a tie decides the verdict: two adjacent hexes one level apart. The change point is the
hexside, half-way; the chart line climbs 2 levels over 1 hex and is at exactly 1 there.
On the line counts as below: **visible**, as L-4 says.
"""),
        code(r"""
step = line_of_sight(m, "4563AE", "4563AF")
p = step.chart_points[0]
print(f"point ({p.distance:.2f}, +{p.rise}), line there {step.chart_top[1] * p.t} →",
      step.verdict, step.case)
assert step.visible and p.rise == step.chart_top[1] * p.t
"""),
        md(r"""
The same on a longer line: from `4563GG` (level 0) east-south-east up an even slope to
`4563MJ` (level 3). The chart line climbs 4 levels over 6 hexes; the first change point, at
1.50 hexes and rise 1, is exactly on it (4 × 1.5 / 6 = 1). Were a tie counted as *above*, this
line would be blocked; the project's ruling makes it **visible**.
"""),
        code(r"""
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
"""),
        md(r"""
## 4. The higher unit's own hex (L-5 [decision])

The rulebook plots the higher unit at its level + 1 but does not say whether climbing into
the higher unit's own hex is a change point. The project says **yes**: the hex takes part at
its ground level. The physical reading: a tank 25 m back from the edge of a 20 m cliff cannot
see the cliff's foot. So adjacent hexes two levels apart never see each other:
"""),
        code(r"""
cliff = line_of_sight(m, "4563HH", "4563II")
for p in cliff.chart_points:
    print(f"({p.distance:.2f}, +{p.rise}) at {p.where}:", "below or on" if p.clear else "ABOVE")
print(cliff.verdict, "—", cliff.reason)
fig, ax = plt.subplots(figsize=(5, 3.5))
cliff.plot_chart(ax)
plt.show()
"""),
        md(r"""
Over flat ground the largest height difference that can still be seen grows with range:
1 level at range 1, 3 at range 2, 5 at range 3, 7 at range 4. Check it with the library: on a
small flat map, raise only the target's hex to level *k* and ask `line_of_sight`.
"""),
        code(r"""
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
"""),
        md(r"""
## 5. Try it: chart explorer

Choose an observer and then a target (click them on the map, or type their names); the chart
is redrawn beside the map for every pair. It starts on the "chart-only block" line of
section 2. Try the other worked cases of this lesson, then your own pairs around the ridge and
the hill: before each click, guess where the change points will fall.
"""),
        code(r"""
# The sight-line explorer (replaces the temporary controls): the chart 观察测量表 redraws
# beside the map for every pair you click (observer first, then target) or type.
from hexrules_widgets import SightExplorer

explorer = SightExplorer(m)
explorer.select("4463EL", "4563TJ")
explorer
"""),
        md(r"""
## 6. Exercises 练习

The line `4563ID` (level 0) → `4563KI` (level 2). Its crossings:
"""),
        code(r"""
ex = line_of_sight(m, "4563ID", "4563KI")
crossing_table(ex)
print(f"length of the line: {ex.length:.2f} hexes")
"""),
        md(r"""
**Exercise 1.** Where is its **first** change point on the chart? Give `(distance, rise)`,
the distance to two decimals.
"""),
        code(r"""
answer_1 = None  # e.g. (1.25, 1)
check.check_chart_point(answer_1, m, "4563ID", "4563KI", index=0)
"""),
        md(r"""
<details><summary><b>Solution 答案</b></summary>

The lower unit is the observer `4563ID` (level 0), at the origin. Walking from it, the first
hex whose height reaches level 1 is `4563KH`, entered at **3.97** hexes; rise 1 − 0 = 1:
**(3.97, 1)**. (The second is the higher unit's own hex `4563KI`, entered at 4.76, rise 2.)
</details>
"""),
        solution(r"""
answer_1 = (3.97, 1)
assert check.check_chart_point(answer_1, m, "4563ID", "4563KI", index=0)
"""),
        md(r"""
**Exercise 2.** Where is the **higher unit's** point on the same chart? Give
`(distance, rise)`.
"""),
        code(r"""
answer_2 = None  # (distance, rise)
check.check_chart_top(answer_2, m, "4563ID", "4563KI")
"""),
        md(r"""
<details><summary><b>Solution 答案</b></summary>

At the full length of the line, **5.29** hexes, and at its level + 1 − the lower level =
2 + 1 − 0 = **3**: **(5.29, 3)**. The chart line rises 3 / 5.29 ≈ 0.57 per hex: at 3.97 it
stands at 2.25 (above rise 1), at 4.76 at 2.70 (above rise 2). Both points are below:
visible.
</details>
"""),
        solution(r"""
answer_2 = (5.29, 3)
assert check.check_chart_top(answer_2, m, "4563ID", "4563KI")
assert line_of_sight(m, "4563ID", "4563KI").visible
"""),
        md(r"""
**Exercise 3.** A new line, `4563SQ` (level 0) → `4563LT` (level 2). Which change point blocks
it? Give the hex name, or `"none"` if sight is clear. Build the chart yourself: use
`crossing_table`, `from_lower` and `change_points` from this lesson.
"""),
        code(r"""
ex3 = line_of_sight(m, "4563SQ", "4563LT")
crossing_table(ex3)
print(f"length {ex3.length:.2f} hexes, levels {ex3.lower_level} → {ex3.higher_level}")
"""),
        code(r"""
answer_3 = None  # a hex name such as "4563AB", or "none"
check.check_blocker(answer_3, m, "4563SQ", "4563LT")
"""),
        md(r"""
<details><summary><b>Solution 答案</b></summary>

The chart line goes from (0, 0) to (7.00, 2 + 1 − 0 = 3): it stands at 3 × *d* / 7. The first
change point, rise 1, is where the line enters `4563QR` at 1.50 hexes; the line is only at
0.64 there: **above**, blocked by **`4563QR`**. (The second point, rise 2 at 5.50 hexes, is
below the line at 2.36, but one point above is enough.)
</details>
"""),
        solution(r"""
answer_3 = "4563QR"
assert check.check_blocker(answer_3, m, "4563SQ", "4563LT")
print(change_points(from_lower(ex3)))
"""),
        md(r"""
## Summary 小结

- The observation-measurement chart (观察测量表, L-5) puts the lower unit at the origin, plots
  each first climb to a new level (高程变化点) at (distance along the line, rise), and the higher
  unit at (length, its level + 1 − lower level). Sight is clear if no point lies above the
  straight line between them.
- Build it from the record: `rec.crossings` (and `rec.grazes`) give where each hex starts and
  its height; `rec.chart_points` and `rec.chart_top` are the library's answer; `rec.plot_chart()`
  draws it.
- The half-way test of L-4 is only for one climb of one level: a line can pass it at every
  change point and still be blocked on the chart.
- **[decision]s**: a point exactly on the line counts as below (so L-4 and L-5 agree); the
  higher unit's own hex is a change point, so adjacent hexes two levels apart never see each
  other, and over flat ground at most 1, 3, 5, 7 levels are visible at ranges 1–4.

Next: [Lesson 04 — Direct fire 直瞄射击](04_direct_fire.ipynb).
"""),
    ]
    return save("03_observation_chart.ipynb", cells)


def main() -> None:
    for build in (build_index, build_readme, build_01, build_02, build_03):
        print("wrote", build().relative_to(LESSONS.parent))


if __name__ == "__main__":
    main()
