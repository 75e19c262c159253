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
# # 第11课 — 普罗霍夫卡 1943
#
# **本课目标。** 学完本课，你应当能够在四方格上推演普罗霍夫卡变体：根据射击方的方位和目标的朝向说出一次射击命中哪一块装甲，并说明向森林中的虎式坦克侧面射击能够击穿、而正面射击只会跳弹的道理；用分数精确地算出呼叫火炮支援的落弹散布，以及它歼灭一辆坦克的概率；并且逐条记录跟读一小段实际推演。
#
# 本课用到的规则（[规则参考](../docs/rules.md)，附录B）：
# [P-5](../docs/rules.md#P-5)、[P-9](../docs/rules.md#P-9)、[P-11](../docs/rules.md#P-11)、
# [P-12](../docs/rules.md#P-12)、[P-13](../docs/rules.md#P-13)、[P-14](../docs/rules.md#P-14)、
# [P-15](../docs/rules.md#P-15)、[P-16](../docs/rules.md#P-16)、[P-17](../docs/rules.md#P-17)、
# [P-18](../docs/rules.md#P-18)、[P-19](../docs/rules.md#P-19)、[P-24](../docs/rules.md#P-24)。

# %% [markdown]
# ## 规则讲解
#
# **条文**：《首次接触》整体设定（四方格、每格 10 m）；六、1（开火骰、伤亡骰）；六、3（1）（步兵伤亡）；六、3（2）及其后的 PS（装甲击穿及其后果）；七、（火力规则与呼叫火炮支援）；八、1 与八、5（森林、农庄）。
#
# **要点**
#
# 1. **方格**（P-5）：地图是 10 m 方格组成的网格，从西北角起以 `(column, row)`（列，行）命名。单位可以走到它 **8** 个相邻格中的任意一格；射程是两个方格中心之间的直线距离，以格计。
# 2. **命中**（P-11）：射击方的开火骰不大于其射程对应的数字时，射击有效。然后目标掷它的伤亡骰 c，每回合一次。
# 3. **装甲**（P-13）：A = T′ ÷ ((100 + c) × (1 + 射击方的火力修正))，其中 T′ 是受弹部位的装甲厚度 × (1 + 目标的防御修正)。**A ≤ 1 为击穿**；否则为跳弹。
# 4. **受弹部位**（P-14）：射击方相对目标的方位，与目标的朝向比较：45° 以内为正面，超过 135° 为后面，其余为侧面。恰好在 45° 或 135° 上时，命中较厚的那块装甲。
# 5. **击穿的后果**（P-16）：正面——被毁；侧面——失去战斗力，不能再射击；后面——丧失行动力，不能再移动。第二次击穿即被毁。
# 6. **迫击炮**（P-17）：德军一次呼叫带来 6 门炮；一个 d6 决定每门炮发射 n 发。每门炮掷 3 个 d6：总数 ÷ 2，舍去小数，就是它在下面九宫格上的着弹点（5 是指定的落弹点）。对装甲目标，一格内落 k 发得 C = 60k − T′ × 0.8（T′ 取侧面装甲）：C > 0 为被毁，否则乘员被震晕。
#
# ```
# 1 2 3
# 4 5 6
# 7 8 9
# ```

# %% [markdown]
# ### 哪些是本项目的裁定
#
# - **【项目裁定】** 按精确方位确定受弹部位（P-14）、九宫格按阅读顺序排列（P-17），是规则参考对原文的解读；原文对这两点都没有说明。
# - **【自定值】** 各装甲厚度（P-15）、命中表（P-11）以及每点一格（P-9）：原文都没有给出。它们放在变体的数据文件 `hexrules/variants/prokhorovka/data/prokhorovka.toml` 中，教员可以修改。
# - **【项目细则】** 附录没有规定的推演情况（穿过友军、轮流行动、谷仓、预备队、白刃战后的溃退、战争迷雾）列在附录B末尾的[普罗霍夫卡变体的裁定](../docs/rules.md#rulings-prokhorovka)中。

# %%
# %matplotlib inline
import sys
from fractions import Fraction
from pathlib import Path

from hexrules import use_cjk_fonts
from hexrules.dice import Dice, ScriptedDice
from hexrules.grid import Square, SquareGrid
from hexrules.variants.prokhorovka import (
    EndPhase,
    MortarCall,
    OpenFire,
    ProkGame,
    load_rules,
    load_scenario,
    result,
)
from hexrules.variants.prokhorovka.fire import hit_part, penetration
from hexrules.variants.prokhorovka.mortar import (
    call_odds,
    mortar_vehicle,
    rounds_odds,
    scatter_odds,
)
from hexrules.variants.prokhorovka.plot import plot_board

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check11.py").exists() else here / "lessons"))
import _check11 as check
from _check import table

use_cjk_fonts()  # Chinese labels in plots, when a CJK font is available
rules = load_rules()
table(["vehicle 车辆", "front 正面 mm", "side 侧面 mm", "rear 后面 mm", "crew"],
      [(v.name, v.front, v.flank, v.rear, v.crew) for v in rules.vehicles.values()])

# %% [markdown]
# ## 1. 四方格
#
# 一个方格有 8 个相邻格，射程在方格中心之间量：斜向相邻的格相距 √2 ≈ 1.41 格。程序库用距离的平方（一个整数）精确地判定射程档：`(6, 8)` 与 `(0, 0)` 恰好相距 10 格。

# %%
grid = SquareGrid(60, 60)
a = grid.parse("(0, 0)")
grid.neighbours(a), a.distance(Square(1, 1)), a.within(Square(6, 8), 10)

# %% [markdown]
# 视野（P-18）只会被观察线*穿过*的谷仓、房屋和草垛方格挡住；只擦到一个角不算遮挡。原文自己的例子：草垛在 5，单位在 4——草垛后面的 3、6、9 格都看不见。

# %%
cut = load_scenario("cut")
board = cut.board()
[(board.terrain_at(sq), board.blocks(sq)) for sq in (Square(14, 30), Square(32, 35))]

# %%
hay = Square(32, 35)
four = Square(hay.col - 1, hay.row)
[board.clear(four, Square(hay.col + 1, hay.row + dr)) for dr in (-1, 0, 1)]

# %% [markdown]
# ## 2. 装甲：侧面射击的分量
#
# 平原上的一辆 T-34/76 向森林中的一辆虎 I 式射击（森林使装甲防御 +10 %，P-19）。虎式的正面装甲变为 T′ = 100 × 1.1 = 110 mm，比任何骰子下的 100 + c 都大：正面**总是跳弹**。它的侧面装甲是 80 × 1.1 = 88 mm，小于 100 + c：侧面射击**总能击穿**。记录给出每一步。

# %%
tiger = rules.vehicles["Tiger I"]
forest = (("forest", Fraction(1, 10)),)
front = penetration(rules, tiger, "front", c=6, base=100, defence=forest,
                    target="GTI1", firer="ST76-1")
front

# %%
side = penetration(rules, tiger, "side", c=1, base=100, defence=forest,
                   target="GTI1", firer="ST76-1")
side

# %% [markdown]
# 每一个伤亡骰点数下的 A，正面对侧面。规则拿来与 1 比较的是精确分数；小数只是为了方便阅读。

# %%
rows = []
for c in range(1, 7):
    af = penetration(rules, tiger, "front", c=c, base=100, defence=forest)["A"]
    aside = penetration(rules, tiger, "side", c=c, base=100, defence=forest)["A"]
    rows.append((c, f"{af} ≈ {float(af):.3f}", f"{aside} ≈ {float(aside):.3f}"))
table(["c", "A, front 正面", "A, side 侧面"], rows)

# %% [markdown]
# **受弹部位。** 方位是从目标到射击方的精确角度，相对目标的朝向来量（朝向编号为 0 北、1 东北、2 东……7 西北）。一辆位于 `(10, 10)`、朝东（2）的虎式：

# %%
t = Square(10, 10)
[(firer, hit_part(tiger, t, 2, firer)[0])
 for firer in (Square(20, 10), Square(10, 2), Square(2, 10), Square(14, 12))]

# %% [markdown]
# 朝向为斜向时，45° 线沿着行和列延伸，所以一个在朝东南（3）的虎式正南方的射击方，恰好落在正面与侧面的分界线上：

# %%
part, step = hit_part(tiger, t, 3, Square(10, 16))
part, step.note

# %% [markdown]
# ### 练习1
#
# 一辆虎 I 式位于 `(10, 10)`，朝东（2）。一辆 T-34/85 从 `(13, 7)` 射击。命中的是哪个部位：`"front"`（正面）、`"side"`（侧面）还是 `"rear"`（后面）？

# %%
answer_1 = None  # "front", "side" or "rear"
check.check_hit_part(answer_1, "Tiger I", Square(10, 10), 2, Square(13, 7))

# %%
check.solution("1")

# %% [markdown]
# ## 3. 精确计算迫击炮的落弹散布
#
# 每门炮的着弹点是 3 个 d6 的总数 ÷ 2，舍去小数。程序库**用裁决所用的同一个函数**枚举一门炮的全部 6³ = 216 种骰子结果，所以概率就是按规则推演时的概率。它们的和恰好是 1。

# %%
odds = scatter_odds(rules)
keypad = [[odds[k] for k in row] for row in rules.keypad]
sum(odds.values()), table(["", "west", "centre", "east"],
                          [(name, *(f"{p} = {float(p):.1%}" for p in row))
                           for name, row in zip(["north", "middle", "south"], keypad,
                                                strict=True)])

# %% [markdown]
# 九宫格按阅读顺序排列，所以落弹散布是中心对称的，但**不是**左右对称的：西和东（4、6）分到的炮弹远多于北和南（2、8）。
#
# 一次呼叫在某一格上落下的炮弹：6 门炮各自独立地落在那里，所以落在指定格上的炮数 m 服从二项分布 (6, ¼)，炮弹数 k = m × n。n = 2 时：

# %%
{k: str(p) for k, p in rounds_odds(rules, 5, 2).items()}

# %% [markdown]
# 一辆 T-34/76 只要挨上一发就被毁（C = 60 − 40 × 0.8 = 28 > 0），所以不论 n 是多少，它只有在没有一门炮落在第5格时，才能在瞄准它的呼叫中幸存：

# %%
t34 = rules.vehicles["T-34/76"]
mortar_vehicle(rules, t34, 1)["C"], 1 - call_odds(rules, 5)[0], 1 - Fraction(3, 4) ** 6

# %% [markdown]
# ### 练习2
#
# 一辆虎 I 式停在平原上（防御修正 0），正处在一次呼叫火炮支援的指定落弹格上。这次呼叫把它摧毁（被毁）的精确概率是多少？（一发炮弹得 C = 60 − 64 = −4：只是震晕。）用带引号的分数回答，例如 `"3/4"`，或用小数回答。

# %%
answer_2 = None  # e.g. "3/4"
check.check_kill_chance(answer_2, "Tiger I")

# %%
check.solution("2")

# %% [markdown]
# ## 4. 一小段实际推演
#
# 本课的缩编想定（P-24）：60 × 60 个方格，6 个回合，德军和苏军各 7 个单位（Su-152 在第4回合进场）。一局推演保存它的状态、骰子以及每一条命令及其记录的日志。这里德军呼叫火炮支援，打击战壕中居中的那个苏军班，这次呼叫的骰子是预先写定的（n = 2，四门炮落在指定格上，两门落在其东侧），之后改为设定种子的骰子。开始时的棋盘：森林、平原和丘陵，土路，农庄（谷仓、房屋、草垛），两道战壕；德军单位为灰蓝色，苏军为红色。

# %%
ax = plot_board(cut, window=(0, 15, 59, 45))

# %%
call = [2] + [3, 4, 4] * 4 + [4, 4, 4] * 2
game = ProkGame.new(cut, dice=ScriptedDice(call, then=Dice(seed=11)))
game.apply(MortarCall(1, Square(46, 30)))

# %% [markdown]
# 这个班的伤亡立即产生（炮弹在回合第2步落下，在任何移动之前），并掷了它的伤亡骰：

# %%
sq2 = game.state.unit("SQ2")
sq2.men, sq2.killed, sq2.wounded, sq2.cas_die

# %% [markdown]
# 双方随后都不移动，虎式向 T-34/85 射击（如果先行动的一方是苏军，苏军先放弃行动）。

# %%
while game.state.phase == "movement":
    game.apply(EndPhase())
if game.state.to_act == "soviet":
    game.apply(EndPhase())
game.apply(OpenFire("GTI1", "ST85-1"))

# %% [markdown]
# 推演的其余部分由随机的合法命令完成（来自一个设定种子的随机数生成器，绝不使用推演自己的骰子）。保存的推演复盘后得到同样的状态。

# %%
game.play_random(seed=3)
r = result(game.state)
replayed = ProkGame.load(game.save())
r["winner"], r["by"], {k: str(v) for k, v in r["points"].items()}, replayed.state == game.state

# %% [markdown]
# 德军一方看到的推演结局（战争迷雾）：它自己的单位，以及只有本方某个单位视线畅通能看到的敌方单位。

# %%
ax = plot_board(game.state, side="german", window=(0, 15, 59, 45))

# %% [markdown]
# ### 练习3
#
# 平原上的一辆 IV 号 G 型（火力修正 0）以普通火力射击丘陵上战壕中的一个苏军班（丘陵防御修正 0，战壕 +50 %）。这个班的伤亡骰掷出 5。阵亡几人、受伤几人？用一对数 `(killed, wounded)`（阵亡，受伤）回答。

# %%
answer_3 = None  # e.g. (2, 1)
check.check_casualties(answer_3, 5, (("hills", Fraction(0)), ("trench", Fraction(1, 2))))

# %%
check.solution("3")

# %% [markdown]
# ## 小结
#
# - 四方格每格有 8 个相邻格，射程按欧氏距离；视野只被农庄的建筑和草垛挡住，擦到一个角不算遮挡（P-5、P-18）。
# - A = T′ ÷ ((100 + c)(1 + 火力修正)) 决定是否击穿；受弹部位由精确方位相对朝向确定，森林中的虎式只有正面是安全的（P-13…P-16）。
# - 迫击炮的落弹散布是精确的：指定格 1/4，西和东各 23/108，角上的 1 和 9 各 1/216；摧毁的概率出自与裁决相同的代码（P-17）。
# - 一局推演是一个带日志的值：保存、读入、复盘得到同一场战斗（P-24）。
