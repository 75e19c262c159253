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
# # 第08课 — 电脑对手与想定平衡
#
# **本课目标。** 学完本课，你应当能够在 Python 中与电脑完整地推演一局；读懂电脑对自己每一个选择的说明（背后的精确概率）；让电脑把一个想定推演许多遍，以此衡量想定是否平衡——并且说出一个想定不平衡的*原因*。
#
# 本课用到的规则（[规则参考](../docs/rules.md)）：[T-2](../docs/rules.md#T-2) 和
# [T-3](../docs/rules.md#T-3)（谁先手）、[V-6](../docs/rules.md#V-6)（机会射击）、
# [F-7](../docs/rules.md#F-7)（地形修正）、[F-9](../docs/rules.md#F-9)（集火射击）。

# %% [markdown]
# ## 电脑推演方讲解
#
# **条文**：电脑推演方不是条令本身的内容，它只是按条令行动：四（一）2（1）与四（一）3（1）（确定先后手）、三（三）4（机会射击）、三（二）2（5）（地形修正射击结果）、三（二）3（集火射击）。
#
# **要点**：`hexrules.players.DefaultPlayer` **只看本方的视图**（有战争迷雾时，它知道现在看得见的敌方坦克，并记得其余坦克最后一次被看见的位置），对每一条合法命令按预期收益打分，单位是想定得分：
#
# - **damage（毁伤）**：预计从目标身上得到的分值，依据的是裁决本身的精确概率（F-6…F-10，集火射击按 F-9 组合）；
# - **risk（风险）**：路线上的每一格，有哪些敌方坦克能看见它并且还能实施机会射击（V-6），以及它们歼灭或打失动机动单位的精确概率；
# - **exposure（暴露）**、**cover（掩蔽）**、**watch（监视）**：终点格在下一个直瞄射击阶段的代价，丛林地和居民地（F-7），对任务目标的通视；
# - **objective（任务目标）**：预计能得到的控制目标得分；
# - **commit（投入）** 和 **later（留待以后）**：射击单位放弃了什么（它的机动、它的应对），以及现在放弃一次不划算的机会射击、以后可能得到的更好机会。
#
# 它执行得分最高的命令，在与最高分相差零点几分以内的命令中随机选一条；所以同一个种子得到同一局推演，但学员没法靠死记硬背摸透它。

# %%
# %matplotlib inline
import sys
from pathlib import Path

from IPython.display import display

from hexrules import use_cjk_fonts
from hexrules.game import DeclareFire, Decline, GameState, OpportunityFire, Pass, Scenario
from hexrules.language import pick, text
from hexrules.players import Decision, DefaultPlayer, balance, play

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check08.py").exists() else here / "lessons"))
import _check08 as check

use_cjk_fonts()

# %% [markdown]
# ## 1. 一次决策及其数字
#
# 遭遇战想定，第1回合机动阶段开始时：电脑执红方。决策的每一行是一条候选命令及其得分的各个组成部分；选中的那条用粗体显示。

# %%
s = GameState.from_scenario("meeting", seed=3)
s, _ = s.apply(Pass())
s, _ = s.apply(Pass())
computer = DefaultPlayer(seed=1)
decision = computer.decide(s.view(s.to_act), s.legal_orders())
print(text({"en": "{side} to act; {n} legal orders", "zh": "{side}行动；{n}条合法命令"},
           side=s.to_act.label, n=len(s.legal_orders())))
decision

# %% [markdown]
# ### 风险背后的威胁图
#
# 机动命令得分中的*风险*部分建立在第04课的威胁图之上：对每一格，给出停在该格的红方坦克被能观察到它的敌方坦克歼灭的准确概率。有战争迷雾时，红方自己的威胁图只计入红方看得见的敌人——此刻一个也没有——所以电脑改为权衡看不见的蓝方坦克可能在哪里（它对开局部署和所见情况的记忆）。导演部的全局画面按完整态势计算，显示红方无从知道的情况。点击一格可看原因。

# %%
from hexrules_widgets.threat import ThreatView

from hexrules.analysis import threat_map

seen = threat_map(s.view("red"), s.hexmap, "red")
umpire = threat_map(s, s.hexmap, "red")
print(text({"en": "hexes where a stop may be fatal — in red's view: {a} | in the umpire's: {b}",
            "zh": "停下可能被歼灭的六角格——红方视图中：{a} | 裁判视图中：{b}"},
           a=sum(p > 0 for p in seen.values()), b=sum(p > 0 for p in umpire.values())))
ThreatView(s.hexmap, s, side="red", board_height="420px")

# %% [markdown]
# ## 2. 与电脑推演一局
#
# 推演方可以是任何带有 `name` 和 `decide(view, legal)` 方法、返回 `Decision` 的对象。下面是一个只会射击的学员：能射击就射击（列出的最后一条射击命令就是参加集火最多的那条），否则就放过机会或放弃行动。改一改 `my_order`，再推演一局。

# %%
FIRE = (DeclareFire, OpportunityFire)


def my_order(view, legal):
    fire = [o for o in legal if isinstance(o, FIRE)]
    return fire[-1] if fire else legal[0]


class Cadet:
    name = "cadet"

    def decide(self, view, legal):
        return Decision(my_order(view, legal))


said = []
blue = DefaultPlayer(seed=2)
game = play("duel", {"red": Cadet(), "blue": blue}, seed=5,
            each=lambda state, d, record: said.append(d))
print(game.state.score)

# %% [markdown]
# 电脑射击或放过一次射击时是怎么想的？它的决策带着各条候选命令；下面列出它射击和放弃射击命令的决策。

# %%
for d in said:
    if d.player.startswith("default") and isinstance(d.order, (*FIRE, Decline)):
        display(d)

# %% [markdown]
# 有战争迷雾时，电脑只根据自己的视图决策：只有当它的某个单位看见那辆隐蔽的坦克时，它才看得见，而且它记得最后一次看见它的位置（空的 `{}`：这局中它从未看见过）。它还记着那辆隐蔽的坦克可能位于哪些六角格：自上次知道其位置以来它能到达的每一格，减去己方单位现在看得见的格。

# %%
print(pick("last seen:", "最后看见："),
      {k: (game.state.hexmap.name_of(u.hex), text({"en": "turn {n}", "zh": "第{n}回合"}, n=t))
       for k, (u, t) in blue.memory.last_seen.items()})
print(pick("may be in:", "可能位于："),
      {k: text({"en": "{n} hexes", "zh": "{n}格"}, n=int(m.sum()))
       for k, m in blue.memory.belief.items()})

# %% [markdown]
# ## 3. 想定平衡吗？让电脑推演许多遍
#
# `balance(scenario, players, games=N, seed=…)` 推演 `N` 局设定种子的推演，报告每一方的胜率及其 95 % 置信区间（Wilson 区间）、得分、推演长度，以及落败一方最常见的失利原因。这里是进攻李庄的想定，双方都由电脑推演，共 4 局（一个班组可以推演几百局——默认在进程池上，也可以用 `executor=distributed.Client(...)` 放到 Dask 集群上：每一局只取决于种子和它的序号，所以无论在哪里推演，报告都一样）。

# %%
village = Scenario.load("village")
report = balance("village", {"red": DefaultPlayer(), "blue": DefaultPlayer()}, games=4,
                 seed=6, executor="serial")
report

# %%
_ = report.plot()

# %% [markdown]
# ## 练习
#
# 把每个 `None` 换成你的答案并运行该单元格：检查会给出 **✓ 正确**，或给出 **✗ 再想想** 和提示。先自己做，做完再按 **显示答案**。
#
# **练习1。** 根据上面的报告，李庄想定对哪一方有利：`"red"`、`"blue"` 还是 `"neither"`？（一方的整个置信区间都高于另一方时，才算对它有利。）

# %%
answer_1 = None  # "red", "blue" or "neither"
check.check_favoured(answer_1, report)

# %%
check.solution("1")

# %% [markdown]
# **练习2。** 是什么让李庄想定不平衡？回答 `"a"`、`"b"` 或 `"c"`。
#
# - (a) 蓝方的坦克比红方多；
# - (b) 蓝方一开始就在任务目标上，位于居民地六角格（F-7），监视着各条接近路线，所以红方必须先进入它的视线、承受机会射击（V-6），才能自己射击；
# - (c) 蓝方总是先手。
#
# 回答之前，先看看下面的想定说明和兵力部署（`village`）。

# %%
print(village.briefing.pick(sep="\n"))
print({u.id: u.hex for s in village.sides for u in s.units})

# %%
answer_2 = None  # "a", "b" or "c"
check.check_cause(answer_2, village)

# %%
check.solution("2")

# %% [markdown]
# ## 4. 在浏览器中推演
#
# 想定推演界面（`hexrules_widgets.player.ScenarioPlayer`）就是棋盘上的推演：选择一个想定，以及每一方由谁推演（人，或某个难度的电脑），然后用点击下达命令——直瞄射击阶段先点击射击单位（可以多个），再点击目标；机动阶段先点击一辆坦克，再逐格点击（下一步可进入的每一格都着色，并标出这一步的消耗和之后的剩余机动点值，如 `−1` 在 `4` 之上，棋盘旁边也列出）；其他每一条合法命令（放弃行动、机动结束、机会射击、放弃射击、各种卡的命令……）都是一个按钮。中 / EN / 双语 切换按钮切换语言。规则不允许的命令不会改变任何东西，状态栏会说明是哪条规则拒绝了它。日志中的每一条记录点击即可展开。
#
# 有**战争迷雾**时，页面只按本方的视图绘制：红方坦克都看不见的蓝方坦克根本不出现在页面上。
#
# 下面用 Python 下达几条命令（与按钮和点击完全相同）：红方在直瞄射击阶段放弃行动，R1 开始机动，向东逐格机动两格，再试一个与它不相邻的格（被拒绝：看状态栏），然后结束机动。接下来你自己推演下去。

# %%
from hexrules_widgets.player import ScenarioPlayer

from hexrules.units import Side

player = ScenarioPlayer("meeting", red="human", blue="normal", fog=True, seed=4,
                        board_height="480px")
m = player.board.hexmap
player.press("Pass")                                   # T-2: red passes
r1 = next(u for u in player.screen.view.units if u.id == "R1")
player.click(r1.hex)                                   # V-4: R1 declares a move
for name in ("4563OD", "4563PD", "4563QC"):            # two steps, then one too far
    player.click(m.parse(name))
print(player.status_line.value)
player.press("End of the move")
player

# %% [markdown]
# **练习3。** 现在红方的屏幕上隐藏着几辆蓝方坦克？（看阶段栏。）

# %%
answer_3 = None  # a whole number
check.check_hidden(answer_3, player)

# %%
check.solution("3")

# %% [markdown]
# 没有战争迷雾时，电脑的决策显示在日志下面：得分最高的几条候选命令及各自背后的数字。这里红方放弃行动，蓝方应对。

# %%
open_game = ScenarioPlayer("meeting", red="human", blue="normal", fog=False, seed=4,
                           board_height="480px")
open_game.press("Pass")
decision = open_game.controller.decisions[Side("blue")]
print(decision)
decision

# %% [markdown]
# **练习4。** 电脑选择了放弃行动，而没有让 B2 向 R1 射击（它的第二条候选命令）。这条候选命令中，哪一部分对它最不利？回答该部分的名称，例如 `"damage"`。

# %%
answer_4 = None  # a part's name
check.check_against(answer_4, decision)

# %%
check.solution("4")

# %% [markdown]
# ## 小结
#
# - 推演方就是任何带有 `decide(view, legal) -> Decision` 的对象；`play(scenario, players)` 推演完整的一局，`each` 显示途中的每一次决策。
# - 默认推演方根据精确概率给每条合法命令打分（毁伤、风险、暴露、任务目标……），并说明自己的理由：一次决策显示得分最高的几条候选命令和背后的数字。有战争迷雾时，它只看本方的视图。
# - `balance` 通过许多局设定种子的推演并给出置信区间来衡量一个想定；四局太少，分不出李庄想定双方的高下——一个班可以推演几百局；守方据守任务目标上的掩蔽地形、监视各条接近路线，占有优势。
# - 想定推演界面在棋盘上推演项目自带的想定，可以两人轮流操作，也可以对电脑；有战争迷雾时，页面上只有本方的视图。
