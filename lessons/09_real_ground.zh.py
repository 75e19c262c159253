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

# %%
from hexrules.language import set_language
set_language("zh")

# %% [markdown]
# # 第09课 — 真实地形
#
# **本课目标。** 学完本课，你应当能够一步一步地用真实的数字高程模型（DEM）制作一张兵棋地图，在棋盘上推演它，在真实地形上画观察线，并且用实测的数字说明：条令的六角格通视判断与 GDAL 在栅格上计算的地形可视域在哪里不一致、原因何在。
#
# 本课用到的规则（[规则参考](../docs/rules.md)）：
# [M-1](../docs/rules.md#M-1)、[M-2](../docs/rules.md#M-2)、[M-4](../docs/rules.md#M-4)、
# [M-5](../docs/rules.md#M-5)、[M-6](../docs/rules.md#M-6)、[M-7](../docs/rules.md#M-7)、
# [L-1](../docs/rules.md#L-1)、[L-2](../docs/rules.md#L-2)、[L-5](../docs/rules.md#L-5)、
# [L-7](../docs/rules.md#L-7)。

# %% [markdown]
# ## 规则讲解
#
# **条文**：规则一（一）1（六角格的大小）、一（一）2（六角格坐标）、一（二）（高程表示）、一（三）～（六）（居民地、丛林地、水系、道路表示）、三（一）1（通视判断）。
#
# **要点**：真实地图是一张栅格：地面高度的网格，每个像元一个高度。兵棋地图是由 50 m 六角格组成的网格（M-1），每个六角格处在一个完整的高程等级上（M-4）。由前者做出后者，要做四个选择：
#
# 1. **窗口**——地图在哪里、有多大，放在其中心所在的 UTM 投影带中，使军事坐标（M-2）和棋盘底图都是真实的。
# 2. **六角格的高程**——取六角格范围内地面的*平均值*，还是取*六角格中心处插值*的地面高度。
# 3. **高程等级**——`level = floor((height − base) / metres_per_level)`：两条等高线之间的那一条带。
# 4. **高程以外的地形**——河流画在水流经过的地方（由 DEM 推算汇水），丛林地、居民地、面状水系和道路来自手工绘制的叠加图层。
#
# 然后我们问：六角格规则看得见的，是否就是地面让一辆坦克看得见的？
#
# 注意：这四个选择都不是条令的内容——条令只规定六角格和高程等级本身（M-1、M-4）；由真实地形制图时怎样取这四项，由制图人决定。

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
# ## 1. 数字高程模型（DEM）
#
# matplotlib 自带一份美国地质调查局（USGS）的 DEM，范围是田纳西州的 Jacksboro 断层：344 × 403 个像元，每个 3 角秒（东西约 75 m × 南北约 93 m），高度 236–1076 m。我们用 `jacksboro_dem()` 离线读取它。
#
# **一个要紧的检查。** 文件中的纬度键是错的：`ymin`（36.73°）比 `ymax`（36.45°）还大，看上去 `ymin` 是北边界——可那样的话，DEM 的最高像元就会落在 Cross Mountain 以北 32 km，而 Cross Mountain 分明就是 1077 m 的最高峰。以 `ymax` 作北边界，最高像元落在峰顶 20 m 以内。读取程序把这两个键改正了过来。

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
# 那条从西南伸向东北的笔直山脊是 Cumberland Mountain，山下是 Powell Valley 和 LaFollette 镇（北纬 36.375°、西经 84.128°，海拔约 330 m：我们低地的高程等级 0 是 340 m）；从山脊西南端伸向北西北方向的那条长长的直线就是 Jacksboro 断层。我们的窗口（红框）在 LaFollette 以西 2.5 km，横跨山脊：山后的谷地、山脊、山前的 Powell Valley。
#
# ## 2. 一步一步：窗口、高程、高程等级
#
# **窗口。** 给出中心和以六角格计的大小；地图放在其中心所在的 UTM 投影带中。

# %%
georef, cols, rows = choose_window(dem, centre=(-84.155, 36.37), size=(40, 40))
print(georef, cols, rows)
print("UTM zone 16N is EPSG:32616; hex (0, 0) is", m.name_of(m.parse((0, 0))))
assert georef == m.georef

# %% [markdown]
# **每个六角格的高程**，两种取法都算。DEM 的像元比我们的六角格大（75 × 93 m 对 50 m），所以在 50 m 上对 DEM 插值**不会增加任何细节**：一个六角格的精度不可能高于它下面的像元。两种取法在坡上相差几米。

# %%
mean = hex_heights(dem, georef, cols, rows, "mean")
centre = hex_heights(dem, georef, cols, rows, "centre")
diff = mean - centre
print(f"ground {mean.min():.1f}…{mean.max():.1f} m; mean − centre: "
      f"median |Δ| {np.median(np.abs(diff)):.2f} m, largest {np.abs(diff).max():.1f} m")

# %% [markdown]
# **高程等级**，按条令每级 10 m，从基准高度算起（最低地面向下取整到 10 m 的整数倍）：处在等级 k 的六角格，其地面在 base + 10k 与 base + 10(k + 1) 之间。

# %%
levels, base = quantise(mean, 10)
print("base (level 0) =", base, "m; levels 0 …", levels.max())
print("the hex (20, 20):", round(float(mean[20, 20]), 1), "m → level", levels[20, 20])
assert (levels == m.elevation).all()

# %% [markdown]
# ## 3. 高程以外的地形，一次调用生成整张地图
#
# `make_map` 执行上面各步，在 DEM 的水流经过处加上河流（汇水面积至少 1 km² 的像元），并读取叠加图层 `maps/jacksboro.overlay.geojson`。**实测的**：高程和河流。**手工绘制的**（为教学虚构）：丛林地、小村、水塘、道路。在命令行中做同样的事：`hexrules-makemap maps/mine.json --centre -84.155 36.37 --size
# 40 40 --overlay maps/jacksboro.overlay.geojson`。

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
# ## 4. 在棋盘上
#
# 棋盘按地图的原点和 EPSG 代码摆放六角格。在能联网时打开 **底图**，街道图就与 Campbell County 真实的谷地、山脊和道路对齐（离线时瓦片保持灰色）。把鼠标停在一个六角格上，可以读出它的坐标。

# %%
from hexrules_widgets import HexBoard

board = HexBoard(m)
board

# %% [markdown]
# ## 5. 真实地形上的观察线
#
# 从山脊后面的谷底看山前的低地：山脊挡住了。从山脊西南端光秃的山顶（高程等级 28，在丛林地旁边）看同一个目标：通视。规则就是第02课和第03课的那些（L-1…L-7）；只是地面换成了真实的。

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
# 在第02课和第03课的观察线工具上试试你自己选的两个格：先点击观察单位所在的六角格，再点击目标所在的六角格（“判定依据”面板逐一列出每个途经格及其高程等级和地形）。

# %%
from hexrules_widgets import SightExplorer

explorer = SightExplorer(m)
explorer.select(crest, lowland)
explorer

# %% [markdown]
# ### 假如这里有一片丛林地
#
# 这是一个真实地面回答不了的教员提问：一片丛林地能不能把低地从山顶的视线里遮住？**地图编辑**在观察线工具上面加了一排工具：选择 **丛林地** 再点击一个六角格，升高或降低一个高程等级，涂上面状水系，在一条格边上切换河流（先点一个格，再点与它相邻的格），或在两个格中心之间切换道路；观察线在编辑后的地面上立即重新判定。**撤销** 退回一次编辑，**保存** 写出地图文件。编辑器用地图文件读取程序自己的规则检查每一次编辑（道路通入面状水系、高程等级低于 0 都会被拒绝，并给出规则：[M-4](../docs/rules.md#M-4)、[V-1](../docs/rules.md#V-1)），所以保存的地图一定能读入。在道路进入的格涂面状水系也会被拒绝，并指出需要先移除的道路连接（【项目细则】，见[规则参考](../docs/rules.md#ruling-water-over-road)）。
#
# 下面是用 Python 做的两次编辑（与选择工具再点击完全相同）：半山腰的一片丛林地，然后是目标旁边的一片丛林地。运行之前先想一想：哪一片能把目标遮住？

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
# 半山腰的丛林地处在高程等级 9，通视时高一级（L-2）：远在从等级 28 的山顶引出的观察线下方。目标旁边的丛林地比目标所在地面高一级，在观察测量表（L-5）上，这个高程变化点位于判定直线上方：低地不通视。在一条长长的下坡观察线上，只有靠近目标的遮蔽才起作用。按 **撤销** 拿掉第二片丛林地，或者自己再试。

# %% [markdown]
# ## 6. 六角格通视与地形通视
#
# GDAL 的 `gdal_viewshed` 直接在栅格上计算观察单位能看见什么：地图下的 DEM 重采样为 10 m 像元，观察单位的眼睛在其六角格中心地面以上 2.5 m（坦克车长的视线高度），六角格中心地面以上 2.0 m 的一点可见即算目标可见（车体隐蔽的坦克的炮塔），地球曲率系数 0.85714（GDAL 的默认值：地球曲率减去 1/7 的折射）。栅格是裸地。我们把它与六角格地图从同一格出发的通视范围（快速算法）逐格比较。

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
# 在整张地图上，从按 3 × 3 排列的 9 个观察位置出发，两边都是裸地，比较几种每级米数（六角格 50 m）和几种六角格大小（每级 10 m；地图的六角格总是 50 m，其他大小只是为了这次比较铺在同一片地面上）：

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
# ## 7. 差异的原因
#
# - **高程等级是台阶。** 一个六角格平平地处在它的等级上；一面平滑的凸坡变成了一级级台阶，台阶的棱角高出真实地面，而 L-5 的观察测量表把每一次进入新等级的抬升都算在六角格边界上。等级分得细（2–5 m）时，每一处小起伏都是一级台阶，六角格规则挡住的远比地面多（*仅栅格可见*）。
# - **L-5 观察测量表多出的一级。** 高高程单位画高一级（L-5 第3步）：坦克的高度在每级 10 m 时成了 10 m，在每级 40 m 时成了 40 m。等级分得粗时，六角格规则能越过地面实际挡住的山顶看过去（*仅六角格可见*增多）。在这两种误差之间，条令的 10 m 在这里接近最佳吻合。
# - **丛林地和房屋。** 栅格是裸地；地图上的丛林地和小村在通视时加一级（L-2）。一辆在东北那片丛林地里的坦克，在地图上几乎什么也看不见，而在栅格上光秃的山坡能看见的它都看得见：真实的树高 15–25 m，一级才 10 m。
# - **六角格大小。** 六角格越大，地面越平滑（一个 200 m 的六角格把遮住目标的小山嘴都平均掉了），观察单位的位置与栅格上的观察点最多相差半个六角格；六角格越小，在同样每级 10 m 下台阶越多。这里 50 m 的六角格吻合得最好。
# - **平均值与单点。** 六角格的高程是其地面的平均值；栅格上的观察点站在六角格中心的地面上，在坡上可能相差好几米。
#
# 这些都不是错误：六角格规则是一条推演规则，在棋盘旁判定起来快，而且在大多数六角格上与地面一致。知道它在哪里偏离，导调人员就知道什么时候按真实地面裁决会有不同。

# %% [markdown]
# ## 8. 练习
#
# 把每个 `None` 换成你的答案并运行该单元格：检查会给出 **✓ 正确**，或给出 **✗ 再想想** 和提示。先自己做，做完再按 **显示答案**。
#
# **练习1。** 一个六角格的地面平均高度是 467.8 m；地图的基准高度是 340 m，每级 10 m。这个六角格在哪一个高程等级上？把 `None` 换成你的答案。

# %%
answer_1 = None  # your answer, e.g. 7
check.check_level(answer_1, 467.8, 10, 340)

# %%
check.solution("1")

# %% [markdown]
# **练习2。** 你带来了自己的一份北京训练场 DEM，范围在东经 116.39°、北纬 39.91° 附近。`make_map` 会把地图放在哪个 EPSG 代码中（WGS 84 / UTM 投影带）？

# %%
answer_2 = None  # your answer, an integer EPSG code
check.check_epsg(answer_2, 116.39, 39.91)

# %%
check.solution("2")

# %% [markdown]
# **练习3。** 在第6节从六角格 (20, 20) 出发的比较中，六角格规则判为不通视、而栅格上可见（*仅栅格可见*）的六角格占地图六角格的百分之几？保留一位小数即可。

# %%
answer_3 = None  # your answer, e.g. 3.5
check.check_share(answer_3, cmp, "raster_only")

# %%
check.solution("3")

# %% [markdown]
# ## 小结
#
# - `make_map` 把一个 DEM 窗口变成一张带地理坐标的地图：其中心所在的 UTM 投影带，50 m 六角格，每格一个高程（平均值或中心值），高程等级 = floor((height − base) / 每级米数)，河流来自汇水，地形和道路来自 GeoJSON 叠加图层；`hexrules-makemap` 是同样功能的命令，可用于示例 DEM 或你自己的 GeoTIFF。
# - 要检查你的数据：示例文件的纬度键是错的，一座已知的山峰暴露了它。
# - 把 75 m × 93 m 的 DEM 插值到 50 m 不会增加任何细节。
# - 六角格规则与 GDAL 的地形可视域在大多数六角格上一致；它们在高程等级形成台阶处、L-5 观察测量表多加一级处、有丛林地处，以及随六角格大小而分歧。这里实测：在每级 10 m 和 50 m 六角格附近吻合最好。
