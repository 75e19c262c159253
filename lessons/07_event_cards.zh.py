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
# # 第07课 — 随机事件卡
#
# **本课目标。** 学完本课，你应当能够说清七种随机事件卡各起什么作用、*何时*起作用；能在推演记录中读懂一次抽卡；能在掷骰之前看出火力增强和反应装甲怎样改变一次射击的精确概率；能把卡作为命令打出；并且知道对方能掌握你手中卡的哪些情况。
#
# 本课用到的规则（[规则参考](../docs/rules.md)，§7 随机事件卡）：
# [E-1](../docs/rules.md#E-1)、[E-2](../docs/rules.md#E-2)、[E-3](../docs/rules.md#E-3)、
# [E-4](../docs/rules.md#E-4)、[E-5](../docs/rules.md#E-5)、[E-6](../docs/rules.md#E-6)、
# [E-7](../docs/rules.md#E-7)（卡何时起作用见 [T-1](../docs/rules.md#T-1)、[T-4](../docs/rules.md#T-4)；
# 射击见 [F-1](../docs/rules.md#F-1)、[F-5](../docs/rules.md#F-5)、[F-10](../docs/rules.md#F-10)；
# 炮兵卡见 [A-1](../docs/rules.md#A-1) 和 [A-8](../docs/rules.md#A-8)；骰子见 [T-6](../docs/rules.md#T-6)）。

# %% [markdown]
# ## 规则讲解
#
# **条文**：规则五（一）1～7（七种卡的内容及意义）、五（二）（编组方案）、五（三）（卡的使用）、四（一）4（1）（抽取随机事件卡）。
#
# **要点**：每方有**自己的一副卡，共七张，每种一张**（【项目裁定】：双方共用一副七张卡，四个回合就抽完了）。每个随机事件阶段（T-4 第1步），只要本方卡堆里还有卡，双方各抽一张。**卡在下一回合起作用**——整个下一回合，从回合准备阶段（T-1）到近战（T-5）——之后失效。
#
# | 卡 | 名称 | 抽到后的下一回合起什么作用 | 怎样打出 |
# |---|---|---|---|
# | E-1 | 快速突击 | 本方最先机动的3个单位各增加3个机动力值，行军的单位也算 | 自动生效，在 `StartMove` 时 |
# | E-2 | 火力增强 | 由持卡方选定的一次射击增加2个攻击等级（F-5） | `DeclareFire(…, enhance="R1")` 指明射击单位 |
# | E-3 | 战地抢修 | 回合开始时（T-1），1个失火或失动的单位立即完全恢复战斗力 | 推演询问时下达 `FieldRepair("R2")` |
# | E-4 | 反应装甲 | 本方下一个被命中的单位降低1级战果：歼灭 K → 失火 W，失火 W → 压制 S，失动 I → 压制 S，压制 S → 无效 | 自动生效，在第一次被命中时 |
# | E-5 | 急速装填 | 本方最后一个射击的单位连续射击第二次，即使目标已被射击过（F-1）也可以 | 直瞄射击阶段下达 `RapidReload("B1")` |
# | E-6 | 155加榴炮火力支援 | 一个连6门155毫米火炮（A-1…A-8） | 抽卡后立即下达 `PlanFire("4563RN")`，间隔一个回合后到达 |
# | E-7 | 122榴弹炮火力支援 | 一个连6门122毫米榴弹炮 | 同上 |
#
# 导调人员可以把指定的卡发给某一方，并把该方弃掉的卡洗回卡堆（导调人员奖励）：`DealCard("red", "E-4")`。

# %% [markdown]
# ### 哪些是本项目的裁定
#
# 条令对每种卡只有一句话，其余细节由本项目裁定
# （见[随机事件卡的裁定](../docs/rules.md#rulings-cards)），每条均为 **【项目细则】**：
#
# - 从剩下的卡中等概率抽取，用的是本局推演自己的骰子（所以带卡的推演也能完全复盘，T-6）；
# - 火力增强随射击一并指明；集火射击时，由一个指明的射击单位享有加成
#   （[火力增强的裁定](../docs/rules.md#ruling-enhancement)）；
# - 战地抢修的单位在卡起作用时（T-1）选定，而不是抽卡时；它消除*失火*或*失动*，不消除*压制*；
# - 反应装甲对*任何*第一次命中都起作用——直瞄射击、近战、一门火炮或一个弹着标识——集火射击时对第一个命中的射击起作用；
# - 急速装填在直瞄射击阶段打出，用于本方最近一次宣告射击中的最后一个射击单位；
# - 敌方知道你手中**有几张**卡、卡堆里还剩几张、你已经打出哪些，但不知道你手里具体是哪张，也永远不知道你的炮兵火力计划落在哪里。

# %%
import sys
from pathlib import Path

from hexrules import Dice, HexMap, ScriptedDice, Side, Unit, state_label
from hexrules.game import (
    DealCard,
    DeclareFire,
    FieldRepair,
    Game,
    Options,
    Pass,
    PlanFire,
    order_odds,
)

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check07.py").exists() else here / "lessons"))
import _check07 as check
from _check import tr

from hexrules.language import say

m = HexMap.load("training")

# %% [markdown]
# ## 1. 带卡的推演与第一次抽卡（T-4，§7）
#
# 在训练地图上摆一局小推演：红方两辆坦克在斜坡上的 `4563PH` 和 `4563OI`，蓝方一辆坦克在开阔地 `4563EE`，双方互相通视。项目自带的想定都带卡推演（想定文件中写有 `"cards": true`）；手工组建的推演用 `Options(cards=True)` 要求带卡。前几个回合的骰子是预先写定的，保证每次推演过程都一样（之后改为设定种子的骰子）：先是确定先后手的单骰子（d6），然后是抽卡——剩7张卡时，一次抽卡把两个单骰子（d6）读作 0–35 之间的一个数（掷出35就重掷），再对7取余。

# %%
r1, r2 = Unit("R1", "red", m.parse("4563PH")), Unit("R2", "red", m.parse("4563OI"))
b1 = Unit("B1", "blue", m.parse("4563EE"))
script = [1, 1,          # turn 1: red fires first (T-2), red moves first (T-3)
          1, 2, 1, 4,    # T-4 draws: red (1, 2) → card 1 of 0…6, blue (1, 4) → card 3
          1,             # turn 2: red fires first
          2, 3, 6]       # R1's shot: 2d6 = 5, armour d6 6
game = Game.new(m, [r1, r2, b1], turns=5, options=Options(cards=True),
                dice=ScriptedDice(script, then=Dice(seed=7)))
before = order_odds(game.state, DeclareFire("R1", "B1"))
print(tr(f"turn 1, R1 → B1, no card yet: level {before.levels[0]} | destroyed "
         f"{float(before.p_destroyed):.1%}", f"第1回合，R1 → B1，尚无卡：攻击等级 "
         f"{before.levels[0]} | 歼灭 {float(before.p_destroyed):.1%}"))

# %% [markdown]
# 第1回合谁也不射击：双方在直瞄射击阶段各放弃行动两次，在机动阶段也各放弃两次，随后进入随机事件阶段。它的第一件事就是抽卡：

# %%
for _ in range(4):
    record = game.apply(Pass())
draw = [p for p in record.parts if p.rule == "T-4"][0]
draw

# %% [markdown]
# 红方抽到**火力增强**（E-2），蓝方抽到**反应装甲**（E-4）；两张卡都在第2回合起作用。每一方对卡的了解体现在它的视图里：自己的手牌看得一清二楚，对敌方只知道张数（以及已经打出的卡，打出的卡是亮明的）。

# %%
red_view, blue_view = game.view("red").cards, game.view("blue").cards
say(tr("red holds:", "红方持有："), [h.text for h in red_view.hand])
print(tr(f"red knows of blue: holds {red_view.enemy_held} card(s), {red_view.enemy_deck} left "
         f"in its deck; played {red_view.enemy_played}", f"红方所知的蓝方：持有 "
         f"{red_view.enemy_held} 张卡，牌堆剩 {red_view.enemy_deck} 张；"
         f"已出 {red_view.enemy_played}"))
say(tr("blue holds:", "蓝方持有："), [h.text for h in blue_view.hand])

# %% [markdown]
# ## 2. 火力增强和反应装甲改变精确概率（E-2、E-4）
#
# 第2回合，轮到红方射击。`order_odds(state, order)` 给出某一状态下一条命令的精确概率，用的正是掷骰裁决时的同一套代码：命令中指明射击单位（`enhance="R1"`）时，它计入火力增强的+2；目标一方的反应装甲则在第一次被命中时自动生效，也计算在内。

# %%
s = game.state
plain = order_odds(s, DeclareFire("R1", "B1"))
boosted = order_odds(s, DeclareFire("R1", "B1", enhance="R1"))
for name, odds in ((tr("turn 1, no cards", "第1回合，无卡"), before),
                   (tr("turn 2, B1 has reactive armour", "第2回合，B1 有反应装甲"), plain),
                   (tr("turn 2, and R1 plays fire enhancement", "第2回合，R1 再用火力增强"),
                    boosted)):
    print(f"{name:<40} {tr('level', '攻击等级')} {odds.levels[0]:>2}:", ", ".join(
        f"{state_label(k)} {float(p):.1%}" for k, p in odds.final.items()))

# %% [markdown]
# 反应装甲把歼灭的可能完全拿掉了：歼灭 K 降为失火 W，而一个失火 W 不会歼灭一辆完好的坦克（F-10）。火力增强加2个攻击等级，命中的可能大得多：两张卡都在时，B1 五次中有四次以*失火*告终。红方带卡射击；战斗结果表给出 K，装甲防护修正的单骰子掷出6，战果维持不变（F-8），再由蓝方的反应装甲降为 W：

# %%
record = game.apply(DeclareFire("R1", "B1", enhance="R1"))
record

# %%
print(game.state.unit("B1").status_label, tr("| red's E-2 spent:", "| 红方的 E-2 已用："),
      not game.view("red").cards.active(2), tr("| blue's discards:", "| 蓝方弃牌："),
      game.state.cards.discards("blue"))

# %% [markdown]
# ## 3. 导调人员奖励与战地抢修（§7，E-3）
#
# 导调人员因蓝方报告得好给予奖励，发给它**战地抢修**卡（E-3）：这张卡算作现在抽到，在第3回合开始时起作用。届时推演会等蓝方指定单位（只能指定失火或失动的单位）。

# %%
game.apply(DealCard("blue", "E-3"))


def play_on(game, until):
    """Pass (or take the first choice a card asks for) until ``until(state)`` holds."""
    while not until(game.state):
        legal = game.legal_orders()
        game.apply(Pass() if Pass() in legal else legal[0])


play_on(game, lambda s: s.turn == 3)
say(game.state.phase.label, tr("| to act:", "| 行动方："), game.state.to_act.label, "|",
    game.legal_orders().describe())

# %% [markdown]
# 指定一个这张卡修不了的单位，会被拒绝并说明规则依据，原状态不变（这里指定的是 R1，它不是蓝方的单位）：

# %%
from hexrules.errors import CardError  # noqa: E402

try:
    game.state.verify(FieldRepair("R1"))
except CardError as exc:
    print(tr("refused:", "拒绝："), exc)

# %%
game.apply(FieldRepair("B1"))

# %% [markdown]
# B1 完全修复（它的*失火*注记被移除），第3回合的直瞄射击阶段以确定先后手的单骰子（d6）开始。

# %% [markdown]
# ## 4. 推演中的炮兵卡（E-6、E-7、A-1、A-8）
#
# 炮兵卡要立即打出：抽卡之后，推演马上等持卡方下达炮兵火力计划（`PlanFire(hex)`），炮兵连在间隔一个回合后的随机事件阶段到达；第06课已经逐炮裁决过这样的射击任务。这里导调人员在第3回合发给红方155毫米火力支援卡；红方在第3回合的随机事件阶段指定 B1 所在的六角格，火力在第5回合到达。

# %%
game.apply(DealCard("red", "E-6"))
play_on(game, lambda s: s.to_act is Side.RED and PlanFire(b1.hex) in s.legal_orders())
record = game.apply(PlanFire(m.name_of(game.state.unit("B1").hex)))
print([p for p in game.state.cards.plans if p.side is Side.RED])
print(tr(f"blue sees {game.view('blue').cards.enemy_plans} red plan(s) coming, not where",
         f"蓝方看到红方有 {game.view('blue').cards.enemy_plans} 个火力计划将到，但不知在哪里"))
record

# %% [markdown]
# 此后双方只放弃行动。在第5回合的随机事件阶段，炮兵连逐炮落弹（A-2…A-7），弹着标识留在地图上（A-8）：

# %%
from hexrules.artillery import ArtilleryRecord  # noqa: E402

landed = []
while not game.over:
    legal = game.legal_orders()
    record = game.apply(Pass() if Pass() in legal else legal[0])
    landed += [p for p in record.parts if isinstance(p, ArtilleryRecord)
               and p.plan.side is Side.RED and p.plan.target == b1.hex]
print(landed[0].plan, "| B1:", landed[0].units_after.get("B1", b1).status_label)
landed[0]

# %% [markdown]
# ## 5. 练习
#
# 把每个 `None` 换成你的答案并运行该单元格；检查会给出 ✓，或给出提示。
# 每道练习下面的按钮会显示答案——先自己做，做完再按。
#
# **练习1。** 红方在第4回合抽到急速装填（E-5）。它最后一个射击的单位在哪一回合可以连续射击第二次？

# %%
answer_1 = None  # your answer, e.g. 6
check.check_card_turn(answer_1, 4)

# %%
check.solution("1")

# %% [markdown]
# **练习2。** 本回合蓝方持有反应装甲。红方对蓝方一辆坦克的射击，经过全部修正后结果为 **I**（失动）。最终落到这辆坦克上的是什么战果？回答 `"K"`、`"W"`、`"I"`、`"S"` 或 `"none"`。

# %%
answer_2 = None  # e.g. "S"
check.check_step_down(answer_2, "I")

# %%
check.solution("2")

# %% [markdown]
# **练习3。** 回到第2回合（第2节的状态 `s`），如果红方把卡给 R2 而不是 R1（`DeclareFire("R2", "B1", enhance="R2")`），R2 对 B1 的最终攻击等级是多少？R2 位于 `4563OI`，距 B1 十格，比它高两个高程等级。

# %%
answer_3 = None  # a whole number
check.check_level(answer_3, s, DeclareFire("R2", "B1", enhance="R2"))

# %%
check.solution("3")

# %% [markdown]
# **练习4。** 仍在同一状态 `s` 下，R2 的这次火力增强射击歼灭 B1 的概率是多少（百分数，取整）？先想一想，再用 `order_odds` 验证。

# %%
answer_4 = None  # e.g. 40
check.check_destroy_chance(answer_4, s, DeclareFire("R2", "B1", enhance="R2"))

# %%
check.solution("4")

# %% [markdown]
# ## 小结
#
# - 每个随机事件阶段（T-4），每方从自己的七张卡中抽一张；卡只在下一回合起作用，之后失效（§7）。
# - 快速突击（E-1）和反应装甲（E-4）自动生效；火力增强（E-2）随射击指明，战地抢修（E-3）在 T-1 推演询问时指定，急速装填（E-5）在直瞄射击阶段打出，炮兵卡（E-6、E-7）在抽卡后立即随炮兵火力计划打出，间隔一个回合后到达（A-1）。
# - `order_odds(state, order)` 给出带卡时的精确概率：火力增强的射击单位加2个攻击等级，反应装甲使目标第一次被命中时战果降低1级。
# - 你的视图显示你自己的卡；敌方只知道你持有几张、打出了哪些、有几个炮兵火力计划要来——不知道落在哪里。
# - 导调人员的 `DealCard` 就是奖励规则；每一次抽卡、打出、抢修和降级都记在推演记录中，可以完全复盘。
