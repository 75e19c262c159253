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
# # Lesson 09 — Real ground 真实地形
#
# **Goal.** After this lesson you can build a hex map (兵棋地图) from a real digital elevation
# model (DEM, 数字高程模型) step by step, play it on the board, draw sight lines (观察线) on real
# ground, and say — with measured figures — where and why the rulebook's hex sight disagrees
# with a terrain viewshed computed on the raster by GDAL.
#
# Rules used ([rules reference](../docs/rules.md)):
# [M-1](../docs/rules.md#M-1), [M-2](../docs/rules.md#M-2), [M-4](../docs/rules.md#M-4),
# [M-5](../docs/rules.md#M-5), [M-6](../docs/rules.md#M-6), [M-7](../docs/rules.md#M-7),
# [L-1](../docs/rules.md#L-1), [L-2](../docs/rules.md#L-2), [L-5](../docs/rules.md#L-5),
# [L-7](../docs/rules.md#L-7).

# %% [markdown]
# ## The idea in plain words
#
# A real map is a raster: a grid of ground heights, one per cell. The game's map is a grid of
# 50 m hexes (M-1), each on one whole elevation level (高程等级, M-4). Making one from the other
# takes four choices:
#
# 1. **The window** — where the map lies and how big it is, in the UTM zone of its centre, so
#    that the military coordinates (M-2) and the board's basemap are the real ones.
# 2. **The height of a hex** — the *mean* of the ground over the hex, or the ground
#    *interpolated at its centre*.
# 3. **The levels** — `level = floor((height − base) / metres_per_level)`: the band between two
#    contour lines.
# 4. **Terrain beyond elevation** — rivers where the water runs (the DEM's drainage), and the
#    woods, villages, water and roads from an overlay drawn by hand.
#
# Then we ask: does the hex rule see what the ground lets a tank see?

# %%
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import LightSource

from hexrules import HexMap, line_of_sight, use_cjk_fonts
from hexrules.mapmaking import choose_window, hex_heights, jacksboro_dem, make_map, quantise
from hexrules.mapmaking.compare import (
    compare_viewsheds,
    gdal_viewshed_available,
    raster_window,
    sweep,
    sweep_table,
)
from hexrules.mapmaking.dem import points_in_crs

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check09.py").exists() else here / "lessons"))
import _check09 as check

use_cjk_fonts()
dem = jacksboro_dem()
dem

# %% [markdown]
# ## 1. The DEM 数字高程模型
#
# matplotlib ships a USGS DEM of the Jacksboro fault in Tennessee: 344 × 403 cells of
# 3 arc-seconds (about 75 m east–west × 93 m north–south), 236–1076 m. We read it offline with
# `jacksboro_dem()`.
#
# **A check that matters.** The file's latitude keys are wrong: `ymin` (36.73°) is larger than
# `ymax` (36.45°), so `ymin` looks like the northern edge — but then the DEM's highest cell
# would lie 32 km north of Cross Mountain, the 1077 m summit it plainly is. With `ymax` as the
# northern edge the highest cell falls within 20 m of the summit. The reader corrects the keys.

# %%
west, south, east, north = dem.bounds
r, c = np.unravel_index(np.nanargmax(dem.heights), dem.heights.shape)
print(f"DEM bounds: {west:.4f}…{east:.4f} E, {south:.4f}…{north:.4f} N")
print(f"highest cell {dem.heights[r, c]:.0f} m at {dem.north - (r + 0.5) * dem.dy:.5f} N, "
      f"{dem.west + (c + 0.5) * dem.dx:.5f} E (Cross Mountain: 1077 m, 36.19833 N, -84.23056 E)")

m = HexMap.load("jacksboro")  # the shipped real-terrain map, made below step by step
g = m.georef
corners = [g.centre(m.parse(p)) for p in ((0, 0), (39, 0), (39, 39), (0, 39), (0, 0))]
lon, lat = points_in_crs(corners, f"EPSG:{g.epsg}", "EPSG:4326")

fig, ax = plt.subplots(figsize=(8, 6.5))
shade = LightSource(315, 45).shade(dem.heights, plt.cm.terrain, vert_exag=3, dx=75, dy=93,
                                   blend_mode="overlay")
ax.imshow(shade, extent=(west, east, south, north), aspect=1 / np.cos(np.radians(36.3)))
ax.plot(lon, lat, color="red", lw=2, label="the map's window 地图范围")
ax.plot(-84.23056, 36.19833, "k^", label="Cross Mountain 1077 m")
ax.set_xlabel("longitude °E")
ax.set_ylabel("latitude °N")
ax.legend(loc="lower right")
plt.show()

# %% [markdown]
# The straight ridge running south-west to north-east is Cumberland Mountain, above Powell Valley
# and the town of LaFollette (36.375° N, 84.128° W, about 330 m: our lowland's level 0 is
# 340 m); the long straight line from its south-west end to the north-north-west is the
# Jacksboro fault. Our window (red), 2.5 km west of LaFollette, crosses the ridge: the valley
# behind it, the ridge, Powell Valley in front.
#
# ## 2. Step by step: window, heights, levels
#
# **The window.** Centre and size in hexes; the map goes into the UTM zone of its centre.

# %%
georef, cols, rows = choose_window(dem, centre=(-84.155, 36.37), size=(40, 40))
print(georef, cols, rows)
print("UTM zone 16N is EPSG:32616; hex (0, 0) is", m.name_of(m.parse((0, 0))))
assert georef == m.georef

# %% [markdown]
# **The height of each hex**, both ways. The DEM's cells are larger than our hexes (75 × 93 m
# against 50 m), so interpolating the DEM at 50 m **adds no detail**: a hex can only be as
# accurate as the cells under it. The two ways differ by a few metres on the slopes.

# %%
mean = hex_heights(dem, georef, cols, rows, "mean")
centre = hex_heights(dem, georef, cols, rows, "centre")
diff = mean - centre
print(f"ground {mean.min():.1f}…{mean.max():.1f} m; mean − centre: "
      f"median |Δ| {np.median(np.abs(diff)):.2f} m, largest {np.abs(diff).max():.1f} m")

# %% [markdown]
# **The levels**, at the rulebook's 10 m per level, from the base height (the lowest ground
# rounded down to a whole 10 m): a hex on level k has its ground between base + 10k and
# base + 10(k + 1).

# %%
levels, base = quantise(mean, 10)
print("base (level 0) =", base, "m; levels 0 …", levels.max())
print("the hex (20, 20):", round(float(mean[20, 20]), 1), "m → level", levels[20, 20])
assert (levels == m.elevation).all()

# %% [markdown]
# ## 3. Terrain beyond elevation, and the whole map in one call
#
# `make_map` runs the steps above, adds the rivers where the DEM's water runs (cells draining at
# least 1 km²), and reads the overlay `maps/jacksboro.overlay.geojson`. **Measured**: elevation
# and rivers. **Drawn by hand** (invented for teaching): the woods, the hamlet, the pond, the
# roads. The same in a shell: `hexrules-makemap maps/mine.json --centre -84.155 36.37 --size
# 40 40 --overlay maps/jacksboro.overlay.geojson`.

# %%
from hexrules.map.hexmap import MAPS_DIR

made = make_map(dem, centre=(-84.155, 36.37), size=(40, 40),
                overlay=MAPS_DIR / "jacksboro.overlay.geojson")
print(made.summary())
assert made.hexmap.elevation.tolist() == m.elevation.tolist() and made.hexmap.rivers == m.rivers

# %%
fig, ax = plt.subplots(figsize=(8, 7))
m.plot(ax, legend=False)
plt.show()

# %% [markdown]
# ## 4. On the board
#
# The board places the hexes by the map's origin and EPSG code. Switch on **Basemap 底图** with
# network access and the street map lines up with the real valley, ridge and roads of
# Campbell County (offline the tiles stay grey). Hover over a hex to read its coordinate.

# %%
from hexrules_widgets import HexBoard

board = HexBoard(m)
board

# %% [markdown]
# ## 5. Sight lines on real ground
#
# From the valley floor behind the ridge to the lowland in front: the ridge is in the way. From
# the bare crest at the south-west end of the ridge (level 28, beside the wood) the same target
# is in sight. The rules are the ones of lessons 02 and 03 (L-1…L-7); only the ground is real.

# %%
valley, crest, lowland = m.parse((12, 8)), m.parse((6, 31)), m.parse((33, 33))
for a in (valley, crest):
    rec = line_of_sight(m, a, lowland)
    print(m.name_of(a), "level", m.elevation_at(a), "→", m.name_of(lowland), "level",
          m.elevation_at(lowland), ":", rec.verdict, rec.case)

assert not line_of_sight(m, valley, lowland).visible
rec = line_of_sight(m, crest, lowland)
assert rec.visible
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(13, 5))
rec.plot(ax1)
rec.plot_chart(ax2)
plt.show()

# %% [markdown]
# Try your own pairs on the sight-line explorer of lessons 02 and 03: click an observer hex,
# then a target hex (the "why" panel lists every passed hex with its level and terrain).

# %%
from hexrules_widgets import SightExplorer

explorer = SightExplorer(m)
explorer.select(crest, lowland)
explorer

# %% [markdown]
# ### What if there were a wood here? (丛林地)
#
# An instructor's question the real ground cannot answer: would a wood hide the lowland from
# the crest? The **map editor** (地图编辑) puts a toolbar over the explorer: choose
# **Forest 丛林地** and click a hex, raise or lower a level, paint water, toggle a river on a
# hexside (a hex, then an adjacent hex) or a road between two centres; the sight line is
# judged again at once on the edited ground. **Undo 撤销** takes an edit back, **Save 保存**
# writes a map file. The editor checks every edit with the map-file loader's own rules (a road
# into water, a level below 0 are refused, with the rule: [M-4](../docs/rules.md#M-4),
# [V-1](../docs/rules.md#V-1)), so a saved map always loads. Water painted where a road enters
# is refused too, naming the road links to remove first
# ([project ruling](../docs/rules.md#ruling-water-over-road)).
#
# Below, two edits made from Python (the same as choosing the tool and clicking): a wood
# half-way down the slope, then a wood beside the target. Before you run it: which one hides
# the target?

# %%
from hexrules_widgets import MapEditorPanel

from hexrules.map.edit import PaintTerrain

panel = MapEditorPanel(SightExplorer(m))
panel.view.select(crest, lowland)
half_way, by_target = m.parse((20, 32)), m.parse((32, 33))
for h in (half_way, by_target):
    rec = panel.apply(PaintTerrain(h, "forest"))
    shown = panel.view.record
    print(rec, "→", shown.verdict, shown.case)

assert shown == line_of_sight(panel.hexmap, crest, lowland) and not shown.visible
assert line_of_sight(m, crest, lowland).visible  # the shipped map is unchanged
panel

# %% [markdown]
# The wood half-way stands on level 9, one level up for sight (L-2): far below the line from
# the crest on level 28. The wood beside the target rises one level above the target's ground,
# and on the observation-measurement chart (L-5) that change point lies above the chart line:
# the lowland is hidden. On a long downhill line, only cover close to the target matters.
# Press **Undo 撤销** to take the second wood away, or try your own.

# %% [markdown]
# ## 6. Hex sight against terrain sight 六角格通视与地形通视
#
# GDAL's `gdal_viewshed` computes what an observer sees on the raster itself: the DEM under the
# map warped to 10 m cells, the observer's eye 2.5 m above the ground at the centre of its hex
# (a tank commander's sight), a target seen when a point 2.0 m above the ground at a hex centre
# is (the turret of a hull-down tank), curvature coefficient 0.85714 (GDAL's default: the
# Earth's curvature less 1/7 for refraction). The raster is bare earth. We compare it, hex by
# hex, with the hex map's viewshed from the same hex (the fast path).

# %%
if not gdal_viewshed_available():
    print("gdal_viewshed is not installed: run `make gis` (Debian: apt-get install gdal-bin); "
          "the comparison cells below need it.")
raster = raster_window(dem, m.georef, m.cols, m.rows)
post = m.parse((20, 20))
cmp = compare_viewsheds(m, dem, post, raster=raster)
print(cmp)
print(cmp.table())

# %%
fig, axes = plt.subplots(1, 3, figsize=(17, 5.5))
for ax, seen, title in ((axes[0], cmp.hex_seen, "hex rule 六角格规则 (L-1…L-7)"),
                        (axes[1], cmp.raster_seen, "gdal_viewshed on the DEM 栅格视域")):
    m.plot(ax, legend=False, highlight=[h for h in m.hexes() if seen[h.r, h.to_offset()[0]]],
           highlight_colour="#1a9641")
    ax.set_title(f"{title}: {int(seen.sum())} hexes")
cmp.plot(axes[2])
plt.tight_layout()
plt.show()

# %% [markdown]
# Over the map, from 9 observers on a 3 × 3 pattern, bare earth on both sides, for several
# metres per level (50 m hexes) and several hex sizes (10 m per level; a map is always 50 m,
# so the other sizes are laid over the same ground for this comparison only):

# %%
rows_ = sweep(dem, m.georef, m.cols, m.rows, metres_per_level=(2, 5, 10, 20, 40))
rows_ += sweep(dem, m.georef, m.cols, m.rows, metres_per_level=(10,), hex_metres=(25, 100, 200))
print(sweep_table(rows_))
best = max(rows_[:5], key=lambda r: r["agreement"])
print("\nbest agreement at 50 m hexes:", best["metres_per_level"], "m per level,",
      f"{100 * best['agreement']:.1f} %")

# %%
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 3.8))
by_mpl = rows_[:5]
ax1.plot([r["metres_per_level"] for r in by_mpl], [100 * r["agreement"] for r in by_mpl], "o-")
for ax, ticks in ((ax1, [2, 5, 10, 20, 40]), (ax2, [25, 50, 100, 200])):
    ax.set_xscale("log")
    ax.set_xticks(ticks, [str(t) for t in ticks])
    ax.minorticks_off()
ax1.set_xlabel("metres per level (50 m hexes)")
ax1.set_ylabel("agreement 一致率 (%)")
by_size = sorted([rows_[2], *rows_[5:]], key=lambda r: r["hex_metres"])
ax2.plot([r["hex_metres"] for r in by_size], [100 * r["agreement"] for r in by_size], "s-")
ax2.set_xlabel("hex size, m (10 m per level)")
plt.tight_layout()
plt.show()

# %% [markdown]
# ## 7. Why they differ 差异的原因
#
# - **Levels are steps.** A hex stands flat on its level; a smooth convex slope becomes a
#   staircase whose step edges stick up above the real ground, and the L-5 chart counts every
#   climb into a new level at the hex boundary. With fine levels (2–5 m) every small undulation
#   is a step and the hex rule blocks far more than the ground does (*raster only*).
# - **The L-5 chart's extra level.** The higher unit is plotted one level up (L-5 step 3): a
#   tank's height becomes 10 m at 10 m per level and 40 m at 40 m per level. With coarse levels
#   the hex rule sees over crests the ground hides (*hex only* grows). Between the two errors the
#   rulebook's 10 m is close to the best agreement here.
# - **Woods and houses.** The raster is bare earth; the map's woods and hamlet add a level for
#   sight (L-2). A tank inside the north-east wood sees almost nothing on the map, and everything
#   the bare hillside shows on the raster: real trees are 15–25 m tall, one level is 10 m.
# - **Hex size.** Bigger hexes smooth the ground (a 200 m hex averages away the small spurs that
#   hide a target) and put the observer up to half a hex from where the raster's stands; smaller
#   hexes, at the same 10 m per level, make more steps. 50 m hexes agree best here.
# - **Mean against point.** A hex's height is the mean of its ground; the raster observer
#   stands on the ground at the hex centre, which on a slope may be several metres off.
#
# None of this is wrong: the hex rule is a game rule, quick to judge at the table, and it
# agrees with the ground on most hexes. Knowing where it departs tells an umpire when a ruling
# on the real ground would differ.

# %% [markdown]
# ## 8. Exercises 练习
#
# Replace each `None` with your answer and run the cell: the check says **✓ Right 正确** or
# **✗ Not yet 再想想** with a hint. Press **Show the solution 显示答案** only after trying.
#
# **Exercise 1.** A hex's mean ground is 467.8 m; the map's base height is 340 m and it has
# 10 m per level. On which level is the hex? Replace `None` with your answer.

# %%
answer_1 = None  # your answer, e.g. 7
check.check_level(answer_1, 467.8, 10, 340)

# %%
check.solution("1")

# %% [markdown]
# **Exercise 2.** You bring your own DEM of the Beijing training area around 116.39° E,
# 39.91° N. Which EPSG code will `make_map` put the map in (WGS 84 / UTM zone)?

# %%
answer_2 = None  # your answer, an integer EPSG code
check.check_epsg(answer_2, 116.39, 39.91)

# %%
check.solution("2")

# %% [markdown]
# **Exercise 3.** In the comparison from the hex (20, 20) of section 6, what percentage of the
# map's hexes does the hex rule call blocked while the raster sees them (*raster only*)? One
# decimal is enough.

# %%
answer_3 = None  # your answer, e.g. 3.5
check.check_share(answer_3, cmp, "raster_only")

# %%
check.solution("3")

# %% [markdown]
# ## Summary 小结
#
# - `make_map` turns a DEM window into a georeferenced map: the UTM zone of its centre, 50 m
#   hexes, a height per hex (mean or centre), levels = floor((height − base) / m per level),
#   rivers from the drainage, terrain and roads from a GeoJSON overlay; `hexrules-makemap` is
#   the same as a command, for the sample DEM or your own GeoTIFF.
# - Check your data: the sample file's latitude keys were wrong, and one known summit showed it.
# - Interpolating a 75 m × 93 m DEM to 50 m adds no detail.
# - The hex rule and GDAL's terrain viewshed agree on most hexes; they part where levels make
#   steps, where the L-5 chart adds its level, where woods stand, and with the hex size.
#   Measured here: best agreement near 10 m per level and 50 m hexes.
