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
# # 第01课 — 兵棋地图
#
# **本课目标**：学完本课，你要能像规则那样读兵棋地图：以六角格为单位计算距离，说出6个方向，从标绘好的地图上读出、写出六角格坐标（如`4563GH`），分清高程、居民地、丛林地、湖泊（面状水系）、河流（线状水系）和道路。
#
# 本课用到的规则（[规则参考](../docs/rules.md)，§1 地图）：[M-1](../docs/rules.md#M-1)、[M-2](../docs/rules.md#M-2)、[M-3](../docs/rules.md#M-3)、[M-4](../docs/rules.md#M-4)、[M-5](../docs/rules.md#M-5)、[M-6](../docs/rules.md#M-6)、[M-7](../docs/rules.md#M-7)（河流的机动消耗见[V-1](../docs/rules.md#V-1)、[V-2](../docs/rules.md#V-2)）。

# %% [markdown]
# ## 规则讲解
#
# **条文**：规则一（一）1“六角格的大小”、一（一）2“六角格坐标”、一（二）“高程表示”、一（三）“居民地表示”、一（四）“丛林地表示”、一（五）“水系表示”、一（六）“道路表示”。
#
# **要点**
#
# - **六角格（M-1）**：兵棋地图由六角格组成，相邻两格中心相距50米（“战术级兵棋地图每格表示实际距离50米”）。两格之间的距离，就是从一格走到另一格最少要走几步，单位是“格”。
# - **六角格坐标（M-2）**：每个六角格用4位数字加2位字母表示，如`4563GH`。4位数字是六角格中心所在的方里网1 km方格，先纵坐标（`45`），后横坐标（`63`）；2位字母是方格内六角格的编号。
# - **高程（M-4）**：每格有一个高程等级，是不小于0的整数；地图按高程着色，“高程由低到高，颜色由浅到深”。每级合多少米由地图说明（本图为10米），只作显示之用：规则只计高程等级。
# - **地形（M-5）**：每格有一种基本地形：开阔地、居民地、丛林地或面状水系（湖泊、池塘）。居民地画作三小块房屋，丛林地画作三个树冠，都“在高程基础上叠加图案”（静态地图和可点击的棋盘画法相同）。
# - **河流（线状水系）（M-6）**沿格边延伸，位于两格之间。
# - **道路（M-7）**是两个相邻六角格中心点的连线：道路在A格与B格之间，而不在某一格之内。
#
# **本项目的处理**
#
# - 【项目裁定】**方向（M-3）**：六角格尖顶朝上，横行自上而下编号，奇数行向右错开半格。6个方向从东北起按顺时针编号：1 东北（NE）、2 东（E）、3 东南（SE）、4 西南（SW）、5 西（W）、6 西北（NW）。规则对此没有规定，是本项目的选择（与A-4的偏移方向图一致）。
# - 【项目裁定】**坐标字母（M-2）**：第一个字母是在方格内自上而下数的行，第二个字母是自左向右数的列（规则只说“按照从上到下、从左到右的顺序分别按照英文字母顺序编号”）。
# - 【项目裁定】湖泊（面状水系）坦克不能通行。

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
# ## 1. 训练场
#
# 整张30 × 30的地图。请把它一直放在眼前：本课的每个例子都在这张图上。坐标轴以千米为单位，只标末两位，和六角格坐标的读法一样：标着`63.5`的线，位于方里网线63和64的正中间（两线相距1 km）。

# %%
fig, ax = plt.subplots(figsize=(10, 7.5))
m.plot(ax)
plt.show()

# %% [markdown]
# ## 2. 六角格是一个值
#
# 在`hexrules`中，六角格是一个小而不可变的值`Hex(q, r)`（轴向坐标，原因见第5节）。六角格可以像向量一样加减，可以放进集合、作字典的键；`repr`显示的是能重建同一个六角格的代码。

# %%
a = Hex(2, 3)
b = Hex(1, -1)
print("a + b =", a + b, "| a - b =", a - b, "| 3 * b =", 3 * b)
print(tr("the third (cube) coordinate s = -q - r:", "第三个（立方）坐标 s = -q - r："), a.s)
print(tr("repr evaluates back to the same hex:", "repr 求值后得到同一格："), eval(repr(a)) == a)
print(tr("a set of hexes (duplicates vanish):", "六角格的集合（重复的消失）："), {a, Hex(2, 3), b})

# %% [markdown]
# ## 3. 距离（M-1）
#
# 两格之间的距离，是从一格到另一格的最少步数。与某格距离恰好为*k*的六角格组成一个**环**，共6*k*格。下图勾出了山顶格`4563LK`周围距离为3的环：3格 = 150米。

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
# ## 4. 六个方向（M-3）【项目裁定】
#
# 六角格尖顶朝上，所以一格在正东、正西有邻格，正北、正南却没有。方向编号从东北起按顺时针排列，1 东北……6 西北；炮兵的偏移方向图（A-4）用的就是这套编号。

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
# ## 5. 偏移坐标与轴向坐标
#
# 给六角格编号有两种简单的办法，本库两种都保留：
#
# - **偏移坐标** `(col, row)`：按地图上的列和行编号，地图文件就是这样存放各层网格的（`m.elevation[row, col]`）；奇数行向右错开（M-3）。
# - **轴向坐标** `(q, r)`：`r`是行号；`q`沿一行向东增大，但随行倾斜，因此**朝同一方向走一步，永远是同一个向量**。
#
# 偏移坐标好读，却不好算：向东北邻格走一步，偏移量要看这一行是偶数行还是奇数行。轴向坐标的步长永远不变。

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
# ## 6. 六角格坐标（M-2）
#
# 以`4563GH`为例。本库能找到它所在的六角格、它的偏移位置和中心点的米制坐标（地图放在由1 km方格组成的投影坐标网上，即方里网）。4位数字直接由中心点得出：先是纵坐标的千米数对100取余，再是横坐标的千米数对100取余。

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
# **从地图上读坐标。** 加上`labels=True`，每个六角格都标出它的两个字母；数字则来自它所在的1 km方格。下图是四个方格交会的一角：虚线是方里网线，号码标在图框上，每个方格的四位数字写在图中属于该方格的那一角。每个方格内，字母都从`AA`重新开始：第一个字母是行（从方格顶部数起），第二个是列（从左边数起）。一个六角格属于它的**中心点**所在的方格。

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
# **输入有误，报错清楚。** 格式不对的坐标、不在图上的坐标或位置，都会引发`CoordinateError`（一种`ValueError`），报错信息说明错在哪里。格式正确但不在本图上的坐标引发`OffMapError`，它也是一种`CoordinateError`。

# %%
for bad in ["45-63", "4599AA", (99, 0)]:
    try:
        m.parse(bad)
    except CoordinateError as err:
        print(f"{bad!r:>10} → {type(err).__name__}: {err}\n")

# %% [markdown]
# ## 7. 高程（M-4）
#
# 地图按高程等级着色（高程着色），由浅（低）到深（高）。训练场的高程从0级到5级；本图每级10米，所以山顶比平地高50米。米数只用于显示；所有规则都按高程等级计算。

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
# ## 8. 地形（M-5）
#
# 居民地画作三小块房屋，丛林地画作三个树冠，都叠加在高程颜色之上；湖泊（面状水系）是纯蓝色。居民地和丛林地有两重作用，正如规则所说，“可以对算子产生防护、阻挡等效果”：对受射击的单位起防护作用（F-7，第04课），又遮挡通视（L-2，第02课）。（本库把居民地叫作`Terrain.CITY`，地图文件里记作`C`。）

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
# ## 9. 河流（线状水系）与道路（M-6、M-7）
#
# **河流**位于**格边**上：它在两格之间，不属于任何一格。**道路**连接两个相邻六角格的**中心点**。所以这两个问题问的都是**一对**相邻六角格：`m.has_river(a, b)`和`m.has_road(a, b)`。
#
# 南边的道路与河流相交处，道路连线和河流格边连接的是同一对六角格：这就是**桥**（道路过河处）。沿道路走一步，只按道路计算消耗，河流不另加（V-2）。不沿道路跨过河流格边就是**徒涉**，消耗更多（V-1）。下面的单元格从地形表读出这两种消耗。

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
# ## 10. 动手试试：六角格查看器
#
# 在棋盘上点击一个六角格（或输入坐标，如`4563GH`，再按**显示**）。该格用红线勾出；棋盘旁的面板给出它的坐标、高程和地形，6个邻格及其间的道路或河流，以及标有方向编号的放大图。棋盘上方一行显示鼠标所在的六角格。

# %%
from hexrules_widgets import HexInspector

inspector = HexInspector(m, start="4563VS")
inspector

# %% [markdown]
# ## 11. 练习
#
# 把每个`None`换成你的答案，运行该单元格：检查结果显示**✓ 正确**，或者**✗ 再想想**并附提示。每道练习都有一个**显示答案**按钮：先自己做，再按它。（运行整个笔记本不会显示任何答案。）
#
# **练习1.** 下图中红线勾出的六角格，坐标是什么？（每格内印有字母；数字取自它所在的1 km方格，先纵坐标。）把`None`换成你的答案，例如`"4563GH"`。

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
# **练习2.** (a) 从`4563LK`到`4563GH`有几格？(b) 从`4563GH`到它的邻格`4563FH`，方向编号（1–6）是几？先在第3、4节的图上和查看器的棋盘上推算出来，再问本库。

# %%
answer_2a = None  # (a) a number of hexes
check.check_distance(answer_2a, m, "4563LK", "4563GH")

# %%
answer_2b = None  # (b) a direction 1–6 (or "NE", "E", …)
check.check_direction(answer_2b, m, "4563GH", "4563FH")

# %%
check.solution("2")

# %% [markdown]
# **练习3.** 桥的东边，`4563VT`和`4563WT`之间有什么相连：`"road"`（道路）、`"river"`（河流）、`"both"`（都有）还是`"none"`（都没有）？看第9节的图。答“道路”“河流”“都有”“无”也可以。

# %%
answer_3 = None  # "road", "river", "both" or "none"
check.check_link(answer_3, m, "4563VT", "4563WT")

# %%
check.solution("3")

# %% [markdown]
# ## 小结
#
# - 地图由尖顶朝上、中心相距50米的六角格组成（M-1）；距离就是步数；距离为*k*的环有6*k*格。
# - 方向为1 东北、2 东、3 东南、4 西南、5 西、6 西北，按顺时针编号（M-3，【项目裁定】）。
# - `Hex(q, r)`是可以相加、比较的轴向坐标值；`Hex.from_offset(col, row)`和`to_offset()`与地图的列、行互相换算。
# - 六角格坐标`NNEEXY`由1 km方格（方里网：先纵坐标，后横坐标）和方格内的行、列字母组成（M-2，【项目裁定】：第一个字母是自方格顶部数起的行）。`m.parse(name)`和`m.name_of(hex)`互相换算；坐标有误引发`CoordinateError`。
# - 高程用高程等级表示，由浅到深着色（高程着色），本图每级10米（M-4）。居民地（房屋图案）和丛林地（树冠图案）叠加其上，湖泊（面状水系）为蓝色（M-5）；河流（线状水系）在格边上，道路连接格中心（M-6、M-7）；道路过河处是桥，在别处过河就是徒涉。
#
# 下一课：[第02课 — 通视](02_line_of_sight.zh.ipynb)。
