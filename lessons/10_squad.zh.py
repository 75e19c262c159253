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
# # 第10课 — 班组级步兵推演
#
# **本课目标。** 学完本课，你应当能够担任班组级步兵推演的导演部：判断一个编组能否侦察到另一个编组（侦察结算：侦察范围对被侦察范围，从前一格量起）；说出一个编组的作战指令使它在发现敌人时怎么做；用手算出攻击结算公式，再用程序库核对，连概率一起。最后你推演本课的想定，看看每一方指挥员能掌握哪些情况（战争迷雾）。
#
# 本课用到的规则（[规则参考](../docs/rules.md)，附录A）：
# [Q-1](../docs/rules.md#Q-1)、[Q-3](../docs/rules.md#Q-3)、[Q-5](../docs/rules.md#Q-5)、
# [Q-7](../docs/rules.md#Q-7)、[Q-8](../docs/rules.md#Q-8)、[Q-9](../docs/rules.md#Q-9)、
# [Q-10](../docs/rules.md#Q-10)、[Q-12](../docs/rules.md#Q-12)、
# [Q-13](../docs/rules.md#Q-13)、[Q-14](../docs/rules.md#Q-14)、
# [Q-15](../docs/rules.md#Q-15)、[Q-16](../docs/rules.md#Q-16)、
# [Q-17](../docs/rules.md#Q-17)、[Q-18](../docs/rules.md#Q-18)、
# [Q-19](../docs/rules.md#Q-19)、[Q-20](../docs/rules.md#Q-20)、
# [Q-21](../docs/rules.md#Q-21)、[Q-22](../docs/rules.md#Q-22)、
# [Q-23](../docs/rules.md#Q-23)、[Q-24](../docs/rules.md#Q-24)、
# [Q-26](../docs/rules.md#Q-26)、[Q-28](../docs/rules.md#Q-28)。

# %% [markdown]
# ## 规则讲解
#
# **条文**：班组级步兵推演规则一、1～8（基本属性，其中一、8（1）～（3）为三种作战指令）；二、1～3（兵种及其基础属性）；三、（二）（移动阶段）；四、（侦察结算）；五、1～6（攻击结算）；六、1～3（战场主动、压制状态、点亮机制）。
#
# **要点**
#
# 1. **编组**（Q-5）：三人组是标准作战单位；另有两人组、四人组、精确射手和医疗兵。每种都有行动力、攻击力和防御力（即其实力）、侦察范围 R、被侦察范围 D（能在多远处被发现）和攻击范围。
# 2. **姿态和方向**（Q-7、Q-8）：立姿移动快、容易被发现；隐蔽姿态移动慢、不易被发现，攻击和防御都更好。一个编组朝向六个方向之一；它的**前一格**就是它所朝向的那一格，侦察和攻击的一切距离都从这一格量起。
# 3. **侦察结算**（Q-13）：当通视良好，且从 O 的前一格到 T 的距离 d 同时不超过 O 的 R′（按 T 所在扇区修正后的 R）和 T 的 D′（按 T 的姿态、地形和掩体修正后的 D）时，O 侦察到 T。距离在 4 以内时，双方互相点亮（Q-14），对方情况一览无余。
# 4. **计划**（Q-9、Q-10）：每一方指挥员写一份行动计划表：为每个编组写明作战指令和各个动作。导演部逐步、双方并行执行两份计划，每一步之后都进行侦察结算。发现敌人时由作战指令决定：*见敌必战*立即以一半实力攻击，*隐蔽接敌*继续完成当前动作，*搜索侦察*停止移动并换成接敌姿态。
# 5. **攻击结算**（Q-16…Q-22）：每个攻击单位的实际攻击力 × 其距离修正系数 c，求和，除以目标的实际防御值，向下取整，得 A；掷一枚骰子，B ≤ A 即攻击有效。主动开火的一次攻击掷两枚骰子，取较小的一枚。攻击有效会扣除防御点数；减员达到一半时，该编组被压制（Q-23）。
#
# 所有数字都是数据：`hexrules/variants/squad/data/squad.toml`。

# %% [markdown]
# ### 哪些出自原文，哪些是本项目的选择
#
# 原文是一页为校园军训写的练习：它列出了各项属性、五个兵种、回合流程、侦察结算和攻击公式，其余留给导演部裁决。所以本课用到许多加了标记的选择：
#
# - **【项目裁定】** 沿用主推演的六角格地图和通视判断，一格 = 10 m（[Q-1](../docs/rules.md#Q-1)）；“比较被侦察距离与侦察距离”理解为**两者**都要够得着（[Q-13](../docs/rules.md#Q-13)）；“取有利结果”的骰子取**较小**的一枚（[Q-21](../docs/rules.md#Q-21)）。
# - **【自定值】** 各姿态的修正值、各扇区对 R 的修正值、掩体对实际距离的 +2 加成、见敌必战的 ½ 惩罚、攻击结果表（[Q-7](../docs/rules.md#Q-7)、[Q-8](../docs/rules.md#Q-8)、[Q-17](../docs/rules.md#Q-17)、[Q-22](../docs/rules.md#Q-22)、[Q-24](../docs/rules.md#Q-24)）。
# - **【项目细则】** 编写代码时必须解决的细节，列在[班组级变体的裁定](../docs/rules.md#rulings-squad)中。

# %%
# %matplotlib inline
import random
import sys
from pathlib import Path

import matplotlib.pyplot as plt
from IPython.display import display

from hexrules import use_cjk_fonts
from hexrules.dice import Dice, ScriptedDice
from hexrules.map import Hex, HexMap
from hexrules.render.plots import plot_map
from hexrules.variants.squad import (
    ActionPlan,
    Arc,
    SquadGround,
    SquadState,
    StepAction,
    Team,
    TeamPlan,
    arc_of,
    attack_odds,
    detect,
    front_hex,
    hex_name,
    load_rules,
    practice,
    random_order,
    resolve_attack,
)

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check10.py").exists() else here / "lessons"))
import _check10 as check
from _check import table, tr

from hexrules.language import text
from hexrules.units import Side

use_cjk_fonts()
rules = load_rules()
H = Hex.from_offset            # a hex by its column and row: hex_name(H(7, 12)) == "0712"

# %% [markdown]
# ## 1. 编组与姿态（Q-5、Q-7）
#
# 两张表都从数据文件读取（教员可以替换它）。

# %%
display(table([tr("type", "类型"), "AP", tr("attack", "攻击力"), tr("defence", "防御值"), "R", "D",
               tr("attack range", "攻击距离")],
              [(t.label, t.ap, t.attack, t.defence, t.detection, t.detectability,
                t.attack_range) for t in rules.types.values()]))
display(table([tr("posture", "姿态"), tr("AP per step", "每步 AP"),
               tr("detectability", "可侦察性"), tr("attack", "攻击力"), tr("defence", "防御值")],
              [(p.label, p.step_ap, f"{p.detectability:+d}", f"{p.attack:+d}",
                f"{p.defence:+d}") for p in rules.postures.values()]))
display(table([tr("terrain", "地形"), tr("extra AP per step", "每步再加 AP"),
               tr("detectability", "可侦察性"), tr("cover", "掩体")],
              [(t.label, t.step_ap, f"{t.detectability:+d}", t.cover)
               for t in rules.terrains.values() if t.passable]))

# %% [markdown]
# ## 2. 方向与前一格（Q-8）
#
# 一个编组位于 `1005`，朝东（方向 2）。与编组相距 n 格的六角格，位于**前方**扇区时与前一格相距 n − 1，位于**侧方**扇区时相距 n，位于**后方**扇区时相距 n + 1。图中给 4 格以内的每个六角格标出其扇区：F 前方，L 侧方（左或右），R 后方。方向还影响 R：前方 +0，侧方 −3，后方 −6。

# %%
ground = SquadGround(HexMap.flat(30, 12, name="practice field 练习场"))
scout = Team("B1", "blue", "three_man", H(10, 5), facing=2)
near = [h for h in scout.hex.spiral(4) if h != scout.hex]
letters = {Arc.FRONT: "F", Arc.FLANK: "L", Arc.REAR: "R"}
fig, ax = plt.subplots(figsize=(6, 4.5))
plot_map(ground.hexmap, ax, hexes=[scout.hex, *near], legend=False,
         notes={scout.hex: "B1", **{h: letters[arc_of(scout, h)] for h in near}},
         highlight=[front_hex(scout)])
ax.set_title("Arcs of B1 facing east (front hex outlined)")
ax.set_xticks([])
ax.set_yticks([])
plt.show()
counts = {a: sum(arc_of(scout, h) is a for h in scout.hex.ring(4)) for a in Arc}
print("ring 4:", {a.value: n for a, n in counts.items()}, "(2n − 1, 2n, 2n + 1)")

# %% [markdown]
# ## 3. 侦察结算：手算与程序库（Q-13、Q-14）
#
# 蓝方 B1（上图）朝东观察。红方 R1 是一个立姿、位于开阔地的三人组，站在 `2505`，距 B1 15 格，距 B1 的前一格 `1105` 14 格。
#
# - d = 14（从前一格量起）；
# - R′ = 15 + 0（前方扇区）= 15；
# - D′ = 15 + 2（立姿）+ 0（开阔地）= 17。
#
# d ≤ R′ 且 d ≤ D′：**侦察到**。程序库的记录逐步给出同样的结论：

# %%
r1 = Team("R1", "red", "three_man", H(25, 5), posture="upright")
detect(ground, scout, r1)

# %% [markdown]
# 同一个编组如果是**隐蔽姿态**，D′ = 15 − 4 = 11 < 14：B1 就看不见它了，尽管 B1 自己的 R′ 够得着。两者都要够得着。实际距离在 4 以内时，两个编组互相点亮（Q-14），每一方都能看到对方的姿态、方向和防御值：

# %%
display(detect(ground, scout, r1.but(posture="concealed")))
detect(ground, scout, r1.but(hex=H(14, 5), posture="concealed"))

# %% [markdown]
# ## 4. 发现敌人时的作战指令（Q-10、Q-12、Q-24）
#
# 红方 R1（见敌必战）和 R2（隐蔽接敌）逐步向东走；蓝方 B1 以跪姿在开阔地等待。导演部让双方交替各走一步，Q-12 掷骰获胜的一方先走，每一步之后都进行侦察结算。R1 一旦在攻击范围内侦察到 B1，就停下来立即以一半实力攻击（Q-24）；R2 继续前进。（R1 很早就侦察到 B1，但最初几步 B1 在它 12 格的攻击范围之外：见敌必战要等到侦察到的敌人进入攻击范围。）预先写定的骰子是：1（红方先走），然后是 R1 攻击的两枚骰子（它是主动开火）。

# %%
drill = practice(
    [Team("R1", "red", "three_man", H(2, 3), facing=2, order="engage", posture="upright"),
     Team("R2", "red", "three_man", H(2, 7), facing=2, order="covert", posture="upright"),
     Team("B1", "blue", "three_man", H(16, 5), facing=5)])
state = SquadState.new(drill, dice=ScriptedDice([1, 3, 1]), deployed=True)
walk = tuple(StepAction(2) for _ in range(5))
state, _ = state.apply(ActionPlan("red", (TeamPlan("R1", "engage", walk),
                                          TeamPlan("R2", "covert", walk))))
state, movement = state.apply(ActionPlan("blue"))
for part in movement.parts:
    print(str(part).splitlines()[0])

# %% [markdown]
# 这次触发攻击的记录，每一步公式及其规则编号：

# %%
[p for p in movement.parts if type(p).__name__ == "AttackRecord"][0]

# %% [markdown]
# 编组最后的位置：R1 停在它开火的地方，R2 走完了它的五步（立姿，每步 1 点行动力）。R1 开了火，所以本回合余下的时间里蓝方都侦察得到它（Q-15）：

# %%
print({t.id: hex_name(t.hex) for t in state.teams}, "| blue detects R1:",
      state.detects("blue", "R1"))

# %% [markdown]
# ## 5. 攻击公式：先手算，再用程序库（Q-17…Q-22、Q-26）
#
# 规则参考中的算例（Q-26）：蓝方 X（隐蔽姿态，3/3）和 Y（跪姿，2/3）攻击红方 T（跪姿，2/3），T 所在六角格有掩体。
#
# | 步骤 | X | Y |
# |---|---|---|
# | 实际攻击力（Q-18） | (4 + 1) × 3/3 = 5 | 4 × 2/3 = 8/3 |
# | 实际距离（Q-17） | 9 + 2 = 11 | 6 + 2 = 8 |
# | 距离修正系数 c（Q-19） | 8/11 | 1 |
# | 贡献 | 40/11 ≈ 3.64 | 8/3 ≈ 2.67 |
#
# 总攻击值 208/33 ≈ 6.30；T 的实际防御值为 2 + 0 = 2；A = ⌊3.15⌋ = **3**。蓝方主动开火：掷两枚骰子，取较小的一枚。程序库，骰子为 5 和 2：

# %%
field = SquadGround(HexMap.flat(30, 12), cover=frozenset({H(12, 5)}))
x = Team("X", "blue", "three_man", H(2, 5), facing=2, posture="concealed")
y = Team("Y", "blue", "three_man", H(6, 4), facing=3, defence=2)
t = Team("T", "red", "three_man", H(12, 5), defence=2)
odds = attack_odds(field, [x, y], t, opens_fire=True)
print("A =", odds.a, tr("| chance of a hit before rolling:", "| 掷骰前命中概率："), odds.hit,
      f"= {float(odds.hit):.0%}", tr("| with one die:", "| 只掷一颗骰子："),
      attack_odds(field, [x, y], t, opens_fire=False).hit)
resolve_attack(field, [x, y], t, ScriptedDice([5, 2]), opens_fire=True, turn=1)

# %% [markdown]
# T 损失 1 点：剩 1/3，减员 2 ≥ 3 的一半，所以它被**压制**（Q-23），在跳过下一个攻击阶段之前不能攻击。概率来自裁决所用的同一段代码，对骰子的每一个点数都运行一遍（`hexrules.chance`）。

# %% [markdown]
# ## 6. 本课想定与战争迷雾（Q-28）
#
# 每方五个编组，从一块 40 × 30 的校园场地的两条短边出发；任务目标是 `2015` 的建筑。这里双方都执行随机的合法计划，直到某个移动阶段之后有一方侦察到了敌方编组。每一方指挥员的**视图**里有本方的编组，以及它侦察到的敌方编组：未被侦察到的编组，其编号、位置和计划在视图中都找不到。

# %%
import json

game = SquadState.new("lesson", seed=10)
rng = random.Random(10)
while not game.over and not (game.phase.value == "attack plans"
                             and any(game.view(s).known for s in ("red", "blue"))):
    game, _ = game.apply(random_order(game, rng))
print("turn", game.turn, "|", game.phase.label)
for side in ("red", "blue"):
    v = game.view(side)
    print(text({"en": "{s} knows {k}", "zh": "{s}知道 {k}"}, s=Side.parse(side).label,
               k=[(k.id, k.kind, hex_name(k.hex)) for k in v.known], sep="\n"))
seen_by_blue = {k.id for k in game.view("blue").known}
red_view = json.dumps(game.view("red").to_dict(), ensure_ascii=False)
print(tr("blue team ids in red's view:", "红方视图中的蓝方编组编号："),
      [t.id for t in game.teams if t.side.value == "blue" and f'"{t.id}"' in red_view])
print(tr("the log replays the game:", "日志能重演这局推演："), game.replay() == game)

# %% [markdown]
# 蓝方指挥员眼中的蓝方视图：本方编组的全部情况；它侦察到的那个红方编组，只有兵种和所在六角格（没有被点亮）；其余的什么也没有。

# %%
game.view("blue")

# %% [markdown]
# ### 在部件中推演
#
# 班组推演部件把本课想定摆上棋盘：你是红方，电脑是蓝方（`"objective"`：它向目标六角格推进，并说明上交的每份计划）。你的屏幕只是你这一方的视图——本方各编组，以及你已侦察到的蓝方编组（虚线算子：已发现，未点亮）。每个阶段写好计划再上交：部署时选一个编组，点击阴影区域中的一格；行动计划中选一个编组，点击它要进入的格（或按一个动作按钮，按钮上标明所需行动力）；攻击计划中先点击本方攻击编组，再点击一个已发现的敌人。打开一条记录可看它的裁决步骤。把双方席位都设为 *Human* 即为轮流推演（两名指挥员之间有遮挡屏），都设为电脑则按 **Computer ▶** 观看。

# %%
from hexrules_widgets.variant_player import SquadPlayer

SquadPlayer(red="human", blue="objective", seed=10)

# %% [markdown]
# ## 7. 练习
#
# 把每个 `None` 换成你的答案并运行该单元格：检查会给出 **✓ 正确**，或给出 **✗ 再想想** 和提示。先自己做，做完再按 **显示答案**。
#
# **练习1。** 红方 R1 是一个三人组，以**隐蔽姿态**趴在有掩体的六角格里的草丛灌木中。它的被侦察范围 D′ 是多少？

# %%
ex_ground = SquadGround(HexMap.flat(30, 12), vegetation=frozenset({H(8, 6)}),
                        cover=frozenset({H(8, 6), H(14, 4)}))
hidden = Team("R1", "red", "three_man", H(8, 6), posture="concealed")
print(ex_ground.terrain(hidden.hex).label, "| cover:", ex_ground.has_cover(hidden.hex))

# %%
answer_1 = None  # a whole number
check.check_detectability(answer_1, ex_ground, hidden)

# %%
check.solution("1")

# %% [markdown]
# **练习2。** 蓝方精确射手 B4 在 `2006`，朝西（方向 5）。红方 R2 是一个三人组，以跪姿在开阔地，位于 `0206`。B4 能侦察到 R2 吗？回答 `True` 或 `False`。

# %%
b4 = Team("B4", "blue", "marksman", H(20, 6), facing=5)
r2 = Team("R2", "red", "three_man", H(2, 6))
print(tr("R of a marksman:", "精确射手的 R："), b4.type().detection,
      tr("| D of a three-man team:", "| 三人组的 D："), r2.type().detectability)

# %%
answer_2 = None  # True or False
check.check_detects(answer_2, ex_ground, b4, r2)

# %%
check.solution("2")

# %% [markdown]
# **练习3。** 蓝方 B1（三人组，跪姿，3/3，在 `2504`，朝西）和 B2（四人组，立姿，4/4，在 `2205`，朝西）攻击红方 R3，R3 是一个跪姿的两人组，位于 `1404`，该格有掩体。A 是多少？先手算（前一格、掩体、c、求和、实际防御值）。

# %%
b1 = Team("B1", "blue", "three_man", H(25, 4), facing=5)
b2 = Team("B2", "blue", "four_man", H(22, 5), facing=5, posture="upright")
r3 = Team("R3", "red", "two_man", H(14, 4))
print(tr("front hexes:", "正面格："), hex_name(front_hex(b1)), hex_name(front_hex(b2)),
      tr("| distances from them:", "| 从它们起的距离："),
      [front_hex(u).distance(r3.hex) for u in (b1, b2)])

# %%
answer_3 = None  # a whole number
check.check_attack_value(answer_3, ex_ground, [b1, b2], r3)

# %%
check.solution("3")

# %% [markdown]
# **练习4。** 本回合红方没有攻击过 B1 或 B2，所以练习3中蓝方的攻击属于主动开火。攻击有效的精确概率是多少？用分数回答，例如 `"1/2"`。

# %%
answer_4 = None  # e.g. "1/2"
check.check_hit_chance(answer_4, ex_ground, [b1, b2], r3, opens_fire=True)

# %%
check.solution("4")

# %% [markdown]
# **练习5。** 三个立姿的红方编组，每个都写了向东走五步，朝着以跪姿在 `1605` 等待的蓝方 B1：R1 是*见敌必战*，R2 是*隐蔽接敌*，R3 是*搜索侦察*。下面的单元格执行移动阶段，但不显示编组最后在哪里（回答之后，`{t.id: hex_name(t.hex) for t in s5.teams}` 会显示）。**哪些红方编组没有走完五步就停下了？** 用编号列表回答，例如 `["R2"]`（一个也没有就写 `[]`）。

# %%
drill5 = practice(
    [Team("R1", "red", "three_man", H(2, 3), facing=2, order="engage", posture="upright"),
     Team("R2", "red", "three_man", H(2, 7), facing=2, order="covert", posture="upright"),
     Team("R3", "red", "two_man", H(2, 5), facing=2, order="search", posture="upright"),
     Team("B1", "blue", "three_man", H(16, 5), facing=5)])
s5 = SquadState.new(drill5, dice=ScriptedDice([1, 6, 6], then=Dice(seed=5)), deployed=True)
s5, _ = s5.apply(ActionPlan("red", tuple(TeamPlan(i, o, walk) for i, o in
                                         [("R1", "engage"), ("R2", "covert"),
                                          ("R3", "search")])))
s5, movement5 = s5.apply(ActionPlan("blue"))
print({t.id: t.order.label for t in s5.teams if t.side.value == "red"})

# %%
answer_5 = None  # e.g. ["R2"]
check.check_stopped(answer_5, movement5, s5)

# %%
check.solution("5")

# %% [markdown]
# ## 小结
#
# - 侦察和攻击的距离从**前一格**量起；方向还使侧方（−3）或后方（−6）的 R 减少（Q-8）。
# - 侦察到需要通视和两个范围都够：d ≤ R′ 且 d ≤ D′；姿态、地形和掩体改变 D′；4 格以内双方互相点亮（Q-13、Q-14）。一方的视图中没有它未侦察到的编组的任何情况。
# - 导演部按书面计划每次每方执行一步，每一步之后都进行侦察结算；发现敌人时，见敌必战立即以 ½ 实力攻击，隐蔽接敌继续前进，搜索侦察停止移动并换成接敌姿态（Q-9…Q-12、Q-24）。
# - A = ⌊Σ（实际攻击力 × c）÷ 实际防御值⌋，最小为 1；B ≤ A 即攻击有效；主动开火取两枚骰子中较小的一枚；减员一半即被压制（Q-16…Q-23）。`attack_odds` 在掷骰前给出精确概率，用的是与 `resolve_attack` 相同的代码。
# - 每一次裁决都是一份带规则编号的步骤记录；推演日志可以完全复盘。
