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
# # 第02课 — 通视
#
# **本课目标**：学完本课，你要能判断两个单位是否通视（通视判断），并说出是哪条规则作出的判定：同一高程规则（L-3）、两个相邻高程规则（L-4），还是观察测量表（L-5，第03课）。你还要掌握格边规则，明白通视为何是对称的，会看视域图。
#
# 本课用到的规则（[规则参考](../docs/rules.md)，§3 通视）：[L-1](../docs/rules.md#L-1)、[L-2](../docs/rules.md#L-2)、[L-3](../docs/rules.md#L-3)、[L-4](../docs/rules.md#L-4)、[L-5](../docs/rules.md#L-5)、[L-6](../docs/rules.md#L-6)、[L-7](../docs/rules.md#L-7)（以及第01课的[M-4](../docs/rules.md#M-4)、[M-5](../docs/rules.md#M-5)）。

# %% [markdown]
# ## 规则讲解
#
# **条文**：规则三（一）“观察”，1“通视判断”及其（1）“同一高程上的通视判断”、（2）“两个相邻高程上的通视判断”、（3）“多个高程变化上的通视判断”。规则的原话是：“从己方单位所在六角格中心向目标所在六角格中心连一条直线，尔后通过判断直线上所经过的六角格地形的遮蔽作用确定是否通视。”
#
# **要点**
#
# 1. **观察线（L-1）**：从观察单位所在六角格的中心，向目标所在六角格的中心连一条直线。直线**经过**的六角格（途经格）就是可能的遮挡。
# 2. **通视高程（L-2）**：判断通视时，一格按它的高程等级计算；**居民地或丛林地再加1**（“须在其基础高程上增加一个高程等级进行判断”）。
# 3. **同一高程（L-3）**：两个单位都在*h*级高程上：只要没有哪个途经格的通视高程高于*h*，就通视。
# 4. **两个相邻高程（L-4）**：一个在*h*级，一个在*h* + 1级：找出观察线爬上*h* + 1级的高程变化点。如果**高**高程单位到该点的距离小于或等于低高程单位到该点的距离，就通视，否则不通视。
# 5. **其余情况用观察测量表（L-5）**：观察线上有多个高程变化点时使用。第03课专门讲它。
# 6. **对称（L-7）**：A能看到B，当且仅当B能看到A。
#
# **本项目的处理**（规则未作规定之处）
#
# - 【项目裁定】两端的六角格本身不算遮挡：它们的居民地或丛林地一概不计（[L-1](../docs/rules.md#L-1)：规则只说观察线“上”的地形），但它们的地面高程参与L-4、L-5的判断。
# - 【项目裁定】观察线**恰好沿格边**延伸时，格边两侧的两格合起来算一个遮挡，取两者通视高程中**较低**的一个：只有两侧**都**遮挡，才不通视。在地图边缘，格边一侧在图外，这条格边不算遮挡。观察线只擦过一个角（顶点）时，不算经过交于该点的任何一格（L-1）。
# - 【项目裁定】高程变化点恰好处在两距离相等的位置（或恰好落在判定直线上）时算作通视，这样L-4和L-5的结论总是一致（L-5）。
# - 【项目裁定】高高程单位自己所在的格按地面高程参与判断：爬进这一格也是一个高程变化点，所以高差两级以上的两个相邻格永远不通视（L-5）。
# - 【项目裁定】报告的判定情形：高程相同为L-3；高程相差一级、且观察线上没有高于高高程单位的地形、观察线只爬升一次时为L-4；其余为L-5（L-6）。

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
# ## 1. 通视高程（L-2）
#
# 丛林或居民地大约比它所在的地面高出一个高程等级。训练场上的几个六角格（`m.effective_height(h)`给出通视高程）：

# %%
table(["hex 六角格", "level 高程等级", "terrain 地形", "height for sight 通视高程"],
      [(name, m.elevation_at(h), m.terrain_at(h).label, m.effective_height(h))
       for name in ["4563GH", "4563LK", "4563ER", "4563OP", "4563RM"] for h in [m.parse(name)]])

# %% [markdown]
# ## 2. 同一高程（L-3）
#
# 两个算例都在0级高程的平地上。第一个算例中，观察线经过的每一格都在0级：**通视**。第二个算例中，观察线擦过一个1级六角格（`4563WM`）的一角，经过的长度不到四分之一格；这就够了：**不通视**。裁决记录列出观察线经过的每一格（途经格）及其通视高程；图中途经格用黄线勾出，观察线通视画绿色，不通视画红色。

# %%
seen, hidden = case("l3_visible"), case("l3_blocked")
display(seen)
say(hidden.reason)
side_by_side(seen, hidden)

# %% [markdown]
# ## 3. 两个相邻高程（L-4）
#
# 现在一个单位高出一级。找出观察线爬上高一级高程的地方（高程变化点），比较两个单位到该点的距离：
#
# - `4563WN`（0级）→ `4563NS`（1级）：观察线在距低高程单位5.96格、距高高程单位3.58格处爬升。高高程单位更近：**通视**。
# - `4463BH`（0级）→ `4563RH`（1级）：观察线在距低高程单位仅1.22格、距高高程单位4.87格处爬升。坡面挡住了低处的坦克：**不通视**。

# %%
up, down = case("l4_visible"), case("l4_blocked")
for rec in (up, down):
    say(rec.verdict, "—", rec.reason, "\n")
side_by_side(up, down)

# %% [markdown]
# 高差一级的两个相邻格是极限情况：高程变化点就是两格之间的格边，正好在中间，距两个单位各0.50格。两距离相等算作**通视**（“小于或等于”，L-4；L-5的【项目裁定】使观察测量表与之一致）。

# %%
say(case("l4_adjacent").reason)

# %% [markdown]
# ## 4. 一般情况：观察测量表（L-5）
#
# 两个单位高差两级以上，或者观察线不止一次爬升时，L-4的简单比较就不够了，要由观察测量表判定。第03课一步步地建立这张表；这里先看判定结果和表。每个点是一个高程变化点：位于从低高程单位到高高程单位（星号）的判定直线下方（或线上）时为绿色，位于上方时为红色。

# %%
multi, blocked = case("l5_visible_multi"), case("l5_blocked")
for rec in (multi, blocked):
    say(rec.verdict, "—", rec.reason)
side_by_side(multi, blocked, chart=True)

# %% [markdown]
# 【项目裁定】高高程单位自己所在的格按地面高程参与判断。所以高差两级的两个相邻格永远不通视：站在20米高的陡崖脚下，看不见停在崖边以内25米处的坦克。

# %%
cliff = case("adjacent_2_levels")
say(cliff.verdict, "—", cliff.reason)
side_by_side(cliff, chart=True)

# %% [markdown]
# ## 5. 属于哪种情形？（L-6【项目裁定】）
#
# 每份裁决记录都写明用了哪条规则。下面是本课的全部算例（取自`maps/training.cases.json`，测试会检查它）：高程、情形、判定结果，以及观察测量表上高程变化点的个数。

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
# ## 6. 格边规则（L-1【项目裁定】）
#
# 有的观察线恰好沿格边延伸，走在两格之间，而不是穿过某一格。本项目裁定：这样的一段算作**一个遮挡，取两侧通视高程中较低的一个**。下例中，从`4563FO`（1级）到`4563CT`（2级）的观察线沿三条格边延伸，图中画成虚线下方的宽橙色带；每格标出它的通视高程（`h=`）。中间那条格边一侧是丛林地`4563ER`（h=3），另一侧是开阔地`4563DQ`（h=1）：按高度1计算，通视。

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
# 只有格边两侧**都**遮挡，才不通视。为了看清这一点，我们复制一张地图，把`4563DQ`也改成丛林地（地图是不可变的值：我们修改它的字典，再载入一张新图；训练场本身不变）。这时那条格边两侧都高出观察线，同样这一对单位就不通视了。

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
# 在**地图边缘**，格边的另一侧在图外：这样的格边不算遮挡。下例中，从`4464CJ`出发的观察线四次沿东边缘延伸；边缘从不遮挡，判定结果取决于坡面（一次普通的L-4不通视）。

# %%
rim = case("map_edge_hexside")
table(["hexside 格边", "ruling"], [(" | ".join(g.names), g.ruling) for g in rim.grazes])

# %%
say(rim.verdict, "—", rim.reason)

# %% [markdown]
# ## 7. 对称（L-7）
#
# A能看到B，B就能看到A：规则从不偏袒观察的一方。下面在300对随机的六角格上检验（随机数有固定种子，每次运行都是同样的六角格对），并统计途中遇到的各种情形。

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
# ## 8. 视域
#
# 视域是一个单位从某一格能看到的全部六角格。`hexrules.viewshed`用编译过的代码一次算出整张地图的视域；它的判定结果与`line_of_sight`完全相同（测试对每一对六角格都作了比较）。下图是山脊上`4563LK`处的一辆坦克：它**看不到**的六角格画成灰色。

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
# 看看这些阴影：山脊自己的坡脚（被自身的坡面挡住），东北方那座山的背面，以及居民地和树林后面的地面。丛林地或居民地的六角格本身是可以被看到的（两端的六角格从不遮挡自己，这是[L-1](../docs/rules.md#L-1)的【项目裁定】），但它挡住了后面的东西。
#
# ## 9. 动手试试：通视查看器
#
# 先选观察单位，再选目标：在地图上点击，或在输入框中键入六角格坐标。查看器向`line_of_sight`询问，显示判定结果及判定依据、观察线、途经格，以及观察线沿着延伸的格边。先试试上面的算例，再试试你自己选的六角格：山脊能看到中央的居民地吗？`4563ER`的树林挡住了什么？

# %%
# The sight-line explorer (replaces the temporary controls): click an observer hex, then a
# target hex (a third click starts over), or type names such as 4563GH in the boxes.
from hexrules_widgets import SightExplorer

explorer = SightExplorer(m)
explorer.select("4563LK", "4563ER")
explorer

# %% [markdown]
# ## 10. 练习
#
# 把每个`None`换成你的答案，运行该单元格：检查结果显示**✓ 正确**，或者**✗ 再想想**并附提示。先自己做，再按**显示答案**。
#
# **练习1.** `4563FS`位于山的西北坡的树林中，它的通视高程是多少？在地图上、用上面的查看器，或者用`m.elevation_at`和`m.terrain_at`，查出它的高程和地形。

# %%
answer_1 = None  # a number
check.check_effective_height(answer_1, m, "4563FS")

# %%
check.solution("1")

# %% [markdown]
# **练习2.** 西边0级平地上有两辆坦克，分别在`4563JF`和`4563QE`。它们通视吗？回答`True`/`False`（或`"visible"`通视/`"blocked"`不通视）。先看地图；下图画出了两者之间的地形。

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
# **练习3.** 从`4563VS`（桥边，0级）到`4563VM`（西边，1级）的通视由哪种情形判定：`"L-3"`、`"L-4"`还是`"L-5"`？

# %%
answer_3 = None  # "L-3", "L-4" or "L-5"
check.check_case(answer_3, m, "4563VS", "4563VM")

# %%
check.solution("3")

# %% [markdown]
# ## 小结
#
# - 观察线从格中心连到格中心（L-1）；途经格按通视高程计算：高程等级，居民地和丛林地再+1（L-2）；两端的六角格只按地面高程计算（【项目裁定】）。
# - 同一高程（L-3）：任何一个途经格高于两个单位，就不通视。
# - 两个相邻高程（L-4）：高高程单位到高程变化点的距离小于或等于低高程单位的距离，就通视；相等算通视。
# - 其余情况都交给观察测量表（L-5，第03课）；每份裁决记录都写明判定情形（L-6），并说明判定依据。
# - 【项目裁定】：沿格边的观察线按较低的一侧计算；地图边缘不算遮挡；只擦过顶点不算经过；距离相等算通视；高差两级的相邻格永远不通视。
# - 通视是对称的（L-7）；`viewshed`给出一个单位能看到的所有六角格（视域），判定结果与`line_of_sight`相同。
#
# 下一课：[第03课 — 观察测量表](03_observation_chart.zh.ipynb)。
