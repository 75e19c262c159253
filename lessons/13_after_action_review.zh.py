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
# # 第13课 — 复盘
#
# **本课目标。** 军事训练中收获最大的，往往是演习之后的复盘：双方各看到了什么、各作了什么决定，哪里是运气、哪里换一个更好的选择就会改变结局。学完本课，你应当能够打开任何一局保存的对局，在棋盘上按命令逐条回放；在全局态势与战争迷雾下每一方当时所知之间切换；读懂每个决策点的准确概率、这次掷骰的运气，以及电脑认为更好的命令；并把复盘导出为一页材料发给学员。
#
# 本课用到的规则（[规则参考](../docs/rules.md)）：[T-6](../docs/rules.md#T-6)（推演记录及其重放）、
# [F-6](../docs/rules.md#F-6)…[F-10](../docs/rules.md#F-10)（一次射击的概率）、
# [V-6](../docs/rules.md#V-6)和[V-8](../docs/rules.md#V-8)（机会射击和行进间射击）。复盘本身的定义——运气、期望毁伤与实际毁伤、转折点——都是 **【项目裁定】**（中文规则参考的[复盘](../docs/rules.zh.md#review)一节）。

# %%
# %matplotlib inline
import sys
import tempfile
from pathlib import Path

from IPython.display import display

from hexrules import use_cjk_fonts
from hexrules.language import localize, pick, text
from hexrules.players import GreedyPlayer
from hexrules.review import Review
from hexrules.units import Side

here = Path.cwd()
lessons = here if (here / "_check13.py").exists() else here / "lessons"
sys.path.insert(0, str(lessons))
import _check13 as check

use_cjk_fonts()

# %% [markdown]
# ## 1. 打开一局保存的对局
#
# 复盘可以打开对局保存成的任何形式：想定推演界面 **Save 保存** 按钮存下的文件，Python 中的一个 `GameState` 或它的推演记录，对抗统计中的一局（`hexrules.players.balance.game_of`）。它用这局推演本身记录下的骰子把推演记录重放一遍（T-6），所以推演中的每一时刻都按原样重现。
#
# 准备好的这一局：鞍部对决想定，开启战争迷雾；红方是学员（由电脑以*易*难度代替），蓝方是*中*难度（普通难度）的电脑。

# %%
review = Review.build(lessons / "data" / "review_duel.json")
review

# %% [markdown]
# ## 2. 逐步回放
#
# **Next 前进 ▶** 和 **◀ Back 后退** 每次前进或后退一条记录（一道命令及其引起的一切）；**Go to turn 跳转** 和 **Go to event 事件** 直接跳到某一回合或某一事件（首次击毁、一次炮兵火力、一张随机事件卡……）。视角 **Full 全局 / Red 红方 / Blue 蓝方** 显示全局态势，或者该方在那一时刻所知道的情况：本方坦克、它看到的敌方坦克、它可以阅读的记录。棋盘侧栏下方是这条记录及其决策点。
#
# 【项目裁定】一方视角的复盘只显示该方在每条记录之后所知道的：其视图中的算子（战争迷雾）、按记录视图规则该方可读的每条记录、不涉及对其隐藏的算子或格的敌方决策点；全局的总结、转折点和图表只在全局视角中显示。

# %%
from hexrules_widgets.review import GameReview

widget = GameReview(review, board_height="440px")
widget.jump_to_event("first_kill")
widget

# %% [markdown]
# 在 Python 中也一样：某条记录之后的态势，以及每一方对它的视图。

# %%
k = review.find("first_kill")
print(text({"en": "first kill at record {k}: {o}", "zh": "首次击毁在记录 {k}：{o}"}, k=k,
           o=review.record(k).order, sep="\n"))
for side in ("red", "blue"):
    v = review.view_at(k - 1, side)
    print(text({"en": "{s} knew {ids}, hidden {n}", "zh": "{s}知道 {ids}，隐蔽 {n}"},
               s=Side.parse(side).label, ids=[u.id for u in v.units], n=v.hidden, sep="\n"))

# %% [markdown]
# **练习1.** 第一辆坦克在第几条记录被歼灭？先用部件找出来（不用 `review.find`），再检查。

# %%
answer_1 = None  # a record number
check.check_first_kill(answer_1, review)

# %%
check.solution("1")

# %% [markdown]
# ## 3. 决策点：概率、运气和其他选择
#
# **条文**：规则本身没有复盘一节。复盘依据的是推演记录（T-6）和射击裁决（F-6…F-10，含随机事件卡）；下面的定义都是 **【项目裁定】**（见中文规则参考的[复盘](../docs/rules.zh.md#review)一节）。
#
# **要点**：对每一道射击命令，复盘给出该方当时的**准确概率**——来自 `order_odds`，即裁决本身的代码（F-6…F-10，含随机事件卡）——以及骰子给出的结果。这次掷骰的**运气**按【项目裁定】计算：
#
# - 对射击方而言的 *P(此结果)*、*P(更差)* 和 *P(更好)*，结果按毁伤排序，毁伤计为目标价值损失的比例（歼灭1，丧失火力0.45，丧失机动0.35，压制0.08：即电脑推演方自己的标尺）；
# - **运气百分位** = P(更差) + P(此结果)/2：50 %为平常的一次掷骰，大于75 %为*运气好*，小于25 %为*运气差*；
# - **运气** = 实际毁伤 − 期望毁伤（为正表示骰子有利于射击方）。
#
# 对每一道射击命令和机动命令，复盘还给出电脑对实际命令的评分，以及它评分**更高**的命令及其数值（按该方当时的视图及其对先前视图的记忆：即该方当时所知道的）。

# %%
shots = [d for d in review.decisions if d.fire]
LUCK = {"lucky": pick("lucky", "运气好"), "ordinary": pick("ordinary", "正常"),
        "unlucky": pick("unlucky", "运气差")}
for d in shots:
    print(localize(f"{d.index} {d.side.label} {d.order!r} P(destroyed) "
                   f"{float(d.p_destroyed):.0%}, rolled 结果 {d.rolled}, luck percentile "
                   f"{d.percentile:.0%}"), LUCK[d.verdict])
display(review.decision_at(32))

# %% [markdown]
# **练习2.** 第32条记录是红方对B1的机会射击（V-6）。这次射击歼灭B1的概率是多少（取整数百分比）？

# %%
answer_2 = None  # a whole number of per cent
check.check_chance(answer_2, review, 32)

# %%
check.solution("2")

# %% [markdown]
# **练习3.** 对红方来说，这次掷骰是 `"lucky"`（运气好）、`"ordinary"`（平常）还是 `"unlucky"`（运气差）？

# %%
answer_3 = None  # "lucky", "ordinary" or "unlucky"
check.check_verdict(answer_3, review, 32)

# %%
check.solution("3")

# %% [markdown]
# 学员的选择在哪里代价最大？下面是电脑评分远高于学员所下命令的那些命令（遗憾值最大的三个）：

# %%
regrets = sorted((d for d in review.decisions if d.side.value == "red"),
                 key=lambda d: -d.regret)[:3]
for d in regrets:
    print(text({"en": "#{i} turn {t}: {o} scored {x}; best {b} {y}",
                "zh": "#{i} 第{t}回合：{o} 评分 {x}；最优 {b} {y}"}, i=d.index, t=d.turn,
               o=repr(d.order), x=f"{d.chosen.score:.2f}", b=repr(d.better[0].order),
               y=f"{d.better[0].score:.2f}", sep="\n"))

# %% [markdown]
# ## 4. 总结、胜率和转折点
#
# 按每一方列出：射击次数，期望的击毁和毁伤与实际的击毁和毁伤，损失的算子，任务目标。每一时刻的**胜率**，是让电脑从该时刻接着推演几局来估计的（即从保存的态势开始运行对抗统计程序）；三个**转折点**是胜率变化最大的地方。为了让本课运行得快，每个态势只推演两局（双方都用贪心电脑），所以估计很粗：`games=` 用时间换精度，`progress=True` 显示进度。
#
# 【项目裁定】转折点是相邻两次估计之间红方*优势* P(红胜) − P(蓝胜) 变化最大的三个区间；复盘列出其间的事件（击毁、毁伤、炮兵、随机事件卡、近战）。

# %%
for s in review.summary():
    print(s)
review = review.with_win_probability(games=2, players={"red": GreedyPlayer(),
                                                       "blue": GreedyPlayer()})
for t in review.turning:
    print(t)

# %% [markdown]
# **练习4.** 整局推演中，哪一方的射击比它的概率打得更好：`"red"`（红方）还是 `"blue"`（蓝方）？（在总结中比较实际毁伤 damage 和期望毁伤 expected。）

# %%
answer_4 = None  # "red" or "blue"
check.check_luckier(answer_4, review)

# %%
check.solution("4")

# %% [markdown]
# ## 5. 图表和发给学员的材料
#
# 击毁时间线，每回合的期望毁伤与实际毁伤，每一方随时间变化的视野（每条记录之后，其坦克看到了多少辆敌方坦克）；然后是胜率。

# %%
_ = review.plot_kills()
_ = review.plot_damage()
_ = review.plot_sight()
_ = review.plot_win()

# %% [markdown]
# `review.to_html(path)` 把整个复盘写成一个独立的网页（图表，以及每回合结束时的棋盘图像；不从网络加载任何东西）：教员可以把它发给学员或打印出来。部件上的 **Export HTML 导出** 按钮作用相同。

# %%
page = Path(tempfile.gettempdir()) / "review_duel.html"
review.to_html(page)
print(page, f"{page.stat().st_size // 1024} KB")

# %% [markdown]
# ## 6. 复盘你自己的对局
#
# 在下面与电脑推演鞍部对决（你执红方，开启战争迷雾），推演到结束，然后按 **Save 保存**——或者直接往下运行：无论对局进行到哪里，复盘都能打开它。然后运行下一个单元格，用两种视角和决策分析逐条回放你自己的对局。

# %%
from hexrules_widgets.player import ScenarioPlayer

game = ScenarioPlayer("duel", red="human", blue="normal", fog=True, seed=7,
                      board_height="440px")
game

# %%
mine = Review.build(game.controller.game.state)
GameReview(mine, board_height="440px")

# %% [markdown]
# ## 小结
#
# - `Review.build(保存的对局)` 把推演记录重放（T-6）为每一个态势；`state_at`、`view_at(k, side)`、`record_for(k, side)` 给出全局态势或某一方当时所知道的（战争迷雾），`find("first_kill")`、`turn_start(t)` 用于跳转。
# - 每道射击命令的决策点包含裁决的准确概率、掷出结果的概率及其运气百分位；每道射击命令和机动命令的决策点包含电脑的评分和它评分更高的命令。
# - 总结按每一方比较期望与实际的击毁和毁伤；胜率用对抗统计程序从保存的态势估计，据此找出转折点。
# - `GameReview` 在棋盘上逐条回放；`to_html` 生成发给学员的一页材料。
