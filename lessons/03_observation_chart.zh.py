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
# # 第03课 — 观察测量表
#
# **本课目标**：学完本课，你要能为任意一条观察线手工画出观察测量表，读出判定结果，并说明它何以有时会判定不通视，而L-4那种简单的“比距离”办法却会放行。我们先用纸笔的步骤画一张表，再和本库画的表作比较。
#
# 本课用到的规则（[规则参考](../docs/rules.md)，§3 通视）：[L-2](../docs/rules.md#L-2)、[L-4](../docs/rules.md#L-4)、[L-5](../docs/rules.md#L-5)、[L-6](../docs/rules.md#L-6)。

# %% [markdown]
# ## 规则讲解
#
# **条文**：规则三（一）1（3）“多个高程变化上的通视判断”：“当观察单位与目标之间有两个以上的高程变化点时，难以直接判断是否通视，需要借助‘观察测量表’进行辅助判断。”
#
# **要点**（按规则的作业步骤）
#
# 1. 以**低高程单位**为原点(0, 0)。距离沿观察线从低高程单位量起，以格为单位（1格 = 50米）。
# 2. 从低高程单位出发沿观察线走。观察线每爬上一个高于低高程单位的高程等级，就取它**第一次**到达该等级的**高程变化点**（“以距离低高程单位最近的为准”），标在(距离，该等级 − 低高程单位的等级)处；这个纵坐标就是**高程变化值**。途经格按通视高程计算（L-2：居民地、丛林地+1，“须在其基础高程上增加一个高程等级进行判断”）。
# 3. **高高程单位**标在(观察线长度，它的等级 **+ 1** − 低高程单位的等级)处（“在所在六角格高程变化值的基础上再加1个高程变化等级”）。
# 4. 从原点到高高程单位的标示点画**判定直线**。“如果所有的高程变化点均在直线下方，则通视，否则不通视。”（不要把它和观察线混淆：观察线是在地图上两格之间画的线。）
#
# **本项目的处理**
#
# - 【项目裁定】两端的六角格只按地面高程计算，其居民地或丛林地不计（[L-1](../docs/rules.md#L-1)）。
# - 【项目裁定】**恰好落在**判定直线上的点算作在下方，这样观察测量表总与L-4一致（L-4中距离相等算通视）。
# - 【项目裁定】距离是沿观察线量的直线（欧氏）距离，以格中心间距为单位。
# - 【项目裁定】**高高程单位自己所在的格**按地面高程参与判断：观察线爬进这一格的边界就是一个高程变化点。所以高差两级以上的两个相邻格永远不通视。
# - 【项目裁定】只标出爬升（每一等级第一次进入的点）；每次进入都标，判定结果也一样。

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
# ## 1. 手工画一张表
#
# 取从`4563SB`（0级）沿一行向东到`4563SI`（2级）的观察线——这个算例有多个高程变化点，全都在判定直线下方。先看地图：

# %%
rec = line_of_sight(m, *CASES["l5_visible_multi"].pair)
fig, ax = plt.subplots(figsize=(8, 4))
rec.plot(ax)
plt.show()
print("lower unit:", m.name_of(rec.lower), "level", rec.lower_level,
      "| higher unit:", m.name_of(rec.higher), "level", rec.higher_level,
      f"| length {rec.length:.2f} hexes")

# %% [markdown]
# ### 第1步 — 逐格走过观察线
#
# `rec.crossings`按从观察单位起的顺序，列出观察线经过的六角格，以及观察线进入、离开每一格的位置。途经格按通视高程计算；两端的六角格按地面高程计算（L-5；其居民地或丛林地一概不计，是[L-1](../docs/rules.md#L-1)的【项目裁定】）。

# %%
crossing_table(rec)

# %% [markdown]
# ### 第2步 — 从低高程单位量起的距离和高程变化值
#
# 这里低高程单位就是观察单位，所以某格到它的距离就是观察线进入该格的位置。（低高程单位是目标时，要从另一端量：长度 − 离开处。）高程变化值等于通视高程减去低高程单位的等级。开头定义的辅助函数`from_lower`做的就是这个算术；观察线沿格边延伸时，它也会把格边加进去（第02课）。

# %%
rows = from_lower(rec)
table(["where", "distance from the lower unit", "rise 高程变化值"],
      [(w, f"{d:.2f}", r) for w, d, r in rows])

# %% [markdown]
# ### 第3步 — 高程变化点
#
# 现在找高程变化点：变化值1取第一个达到1的行，变化值2取第一个达到2的行，依此类推。这里观察线在5.50处进入`4563SH`时升到+1，在6.50处进入高高程单位自己所在的格`4563SI`时升到+2（【项目裁定】：高高程单位所在的格参与判断）。本库的`rec.chart_points`必须与我们的手算一致：

# %%
hand = change_points(rows)
for where, d, rise in hand:
    print(f"change point 高程变化点 ({d:.2f}, +{rise}) entering {where}")
library = [(p.where, round(p.distance, 6), p.rise) for p in rec.chart_points]
assert [(w, round(d, 6), r) for w, d, r in hand] == library

# %% [markdown]
# ### 第4步 — 高高程单位和判定直线
#
# 高高程单位标在(长度，它的等级 + 1 − 低高程单位的等级) = (7.00, 2 + 1 − 0) = (7.00, 3)。判定直线在7格内升高3级，所以在距离*d*处的高度为3 × *d* / 7。把每个高程变化点和它比较：

# %%
length, top = rec.length, rec.higher_level + 1 - rec.lower_level
print(f"higher unit's point: ({length:.2f}, {top}); library says {rec.chart_top}")
table(["where", "distance", "rise", "decision line there = top × d / length", "below or on?"],
      [(w, f"{d:.2f}", r, f"{top * d / length:.2f}",
        "✓ yes" if r <= top * d / length else "✗ above") for w, d, r in hand])


# %% [markdown]
# ### 第5步 — 一步步画出来
#
# (a) 从低高程单位看去的高度剖面；(b) 高程变化点；(c) 高高程单位的标示点和判定直线。用普通的matplotlib，按我们的表来画。

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
# ### 第6步 — 与本库比较
#
# `rec.plot_chart()`根据裁决记录画出同一张表：绿点在判定直线下方或线上，红点在上方。我们的两个点都在下方：**通视**。

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
# ## 2. 每个高程变化点看似都没问题，却不通视
#
# L-4的判定办法——*高高程单位到高程变化点的距离是否小于或等于低高程单位的距离？*——只是“一次爬升一级”的简便算法。人们很容易把它逐个套用到每个高程变化点上。看`4463EL`（0级）→ `4563TJ`（3级），即算例“只有观察测量表才判出的不通视”：

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
# 每个高程变化点都离高高程单位更近，所以“比距离”的办法会让每个点都过关。但判定直线要在7.21格内升高**4**级（3 + 1）；在5.05格处它只有2.80高，而`4563VK`处山脊陡峭的一端已经升高了3级：这个点在直线上方，坡脚下的坦克看不到山脊的那一边。“比距离”的办法只适用于一次爬升一级；其他情况都要画观察测量表（L-5）。

# %%
fig, axes = plt.subplots(1, 2, figsize=(14, 4.5), gridspec_kw={"width_ratios": [1, 2]})
trap.plot(axes[0])
trap.plot_chart(axes[1])
plt.tight_layout()
plt.show()
say(trap.verdict, "—", trap.reason)
assert not trap.visible and all(length - p.distance <= p.distance for p in trap.chart_points)

# %% [markdown]
# ## 3. 恰好落在判定直线上的点（L-5【项目裁定】）
#
# 规则没有说高程变化点**恰好**落在判定直线上时怎么办。
# 本项目裁定它算作在**下方**（通视），这样观察测量表就总与L-4一致，而L-4中距离相等算通视。这种情况并不少见：在真实地图上约占3 %的六角格对。本库用精确分数作比较，所以相等就是相等，不是舍入造成的巧合。
#
# 在`4563KP`（1级）→ `4563FT`（3级）这条线上，前两个高程变化点恰好落在判定直线上：分别在全长的1/3和2/3处，变化值为1和2，而判定直线在全长上升高3级。这两点算通视。但判定结果仍是*不通视*，原因在第三个点：`4563GT`的丛林地（3级高程 + 树林1 = 变化值3）高出了判定直线。

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
# 相等决定判定结果的情形：高差一级的两个相邻格。高程变化点就是两格之间的格边，正好在中间；判定直线在1格内升高2级，在那里的高度恰好是1。落在线上算在下方：**通视**，与L-4一致。

# %%
step = line_of_sight(m, *CASES["l4_adjacent"].pair)
p = step.chart_points[0]
print(f"point ({p.distance:.2f}, +{p.rise}), line there {step.chart_top[1] * p.t} →",
      step.verdict, step.case)
assert step.visible and p.rise == step.chart_top[1] * p.t

# %% [markdown]
# 更长的观察线上也一样：从`4563GG`（0级）向东南偏东，沿一道均匀的斜坡到`4563MJ`（3级）。判定直线在6格内升高4级；第一个高程变化点在1.50格处，变化值1，恰好落在直线上（4 × 1.5 / 6 = 1）。如果相等算作在*上方*，这条线就不通视了；本项目的裁定使它**通视**。

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
# ## 4. 高高程单位自己所在的格（L-5【项目裁定】）
#
# 规则把高高程单位标在它的等级 + 1处，却没有说爬进高高程单位自己所在的格算不算一个高程变化点。本项目认为**算**：这一格按地面高程参与判断。从实际地形理解：停在20米高陡崖边以内25米处的坦克，看不到崖脚。所以高差两级的两个相邻格永远不通视：

# %%
cliff = line_of_sight(m, *CASES["adjacent_2_levels"].pair)
for p in cliff.chart_points:
    print(f"({p.distance:.2f}, +{p.rise}) at {p.where}:", "below or on" if p.clear else "ABOVE")
say(cliff.verdict, "—", cliff.reason)
fig, ax = plt.subplots(figsize=(5, 3.5))
cliff.plot_chart(ax)
plt.show()


# %% [markdown]
# 在平坦地面上，能看到的最大高差随距离增大：距离1时为1级，距离2时为3级，距离3时为5级，距离4时为7级。用本库检验：在一张小的平坦地图上，只把目标所在的格升到*k*级，然后问`line_of_sight`。

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
# ## 5. 动手试试：观察测量表查看器
#
# 先选观察单位，再选目标（在地图上点击，或键入六角格坐标）；每选一对，地图旁的观察测量表就重画一次。开始时显示的是第2节那条“只有观察测量表才判出的不通视”的线。试试本课的其他算例，再试试山脊和小山周围你自己选的六角格：每次点击之前，先猜一猜高程变化点会落在哪里。

# %%
# The sight-line explorer (replaces the temporary controls): the chart 观察测量表 redraws
# beside the map for every pair you click (observer first, then target) or type.
from hexrules_widgets import SightExplorer

explorer = SightExplorer(m)
explorer.select(*CASES["l5_chartonly_block"].pair)
explorer

# %% [markdown]
# ## 6. 练习
#
# 把每个`None`换成你的答案，运行该单元格：检查结果显示**✓ 正确**，或者**✗ 再想想**并附提示。先自己做，再按**显示答案**。
#
# 观察线`4563ID`（0级）→ `4563MI`（2级），向东穿过西边的小居民地。下面列出它经过的各格，以及每格的高程和地形——通视高程由你自己算（L-2）：

# %%
ex = line_of_sight(m, "4563ID", "4563MI")
crossing_table(ex, heights=False)

# %% [markdown]
# **练习1.** 它的**第一个**高程变化点在表上的什么位置？给出`(距离, 变化值)`，距离保留两位小数。

# %%
answer_1 = None  # e.g. (1.25, 1)
check.check_chart_point(answer_1, m, "4563ID", "4563MI", index=0)

# %%
check.solution("1")

# %% [markdown]
# **练习2.** 在同一张表上，**高高程单位**的标示点在什么位置？给出`(距离, 变化值)`。

# %%
answer_2 = None  # (distance, rise)
check.check_chart_top(answer_2, m, "4563ID", "4563MI")

# %%
check.solution("2")

# %% [markdown]
# **练习3.** 一条新的观察线：`4563SQ`（0级）→ `4563LT`（2级）。是哪个高程变化点挡住了视线？给出六角格坐标；如果通视，回答`"none"`。自己动手画表：用本课的`crossing_table`、`from_lower`和`change_points`。

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
# ## 小结
#
# - 观察测量表（L-5）以低高程单位为原点，把每个第一次爬上新等级的点（高程变化点）标在(沿观察线的距离，高程变化值)处，把高高程单位标在(长度，它的等级 + 1 − 低高程单位的等级)处。没有点在两者之间的判定直线上方，就通视。
# - 用裁决记录来画：`rec.crossings`（以及`rec.grazes`）给出每格的起点和高度；`rec.chart_points`和`rec.chart_top`是本库的答案；`rec.plot_chart()`把它画出来。
# - L-4的“比距离”办法只适用于一次爬升一级：一条观察线可以在每个高程变化点上都过关，在观察测量表上却仍然不通视。
# - 【项目裁定】：两端的六角格只按地面高程计算；恰好落在线上的点算在下方（所以L-4和L-5一致）；高高程单位自己所在的格是一个高程变化点，所以高差两级的相邻格永远不通视；在平坦地面上，距离1–4时最多分别能看到1、3、5、7级的高差。
#
# 下一课：[第04课 — 直瞄射击裁决](04_direct_fire.zh.ipynb)。
