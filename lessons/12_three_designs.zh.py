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
# # 第12课 — 三种设计对照
#
# **本课目标。** 学完本课，你应当能够把本项目的三种推演当作设计来比较：坦克推演（主规则）、班组级步兵推演（附录A）和普罗霍夫卡 1943（附录B）。对每一种，你都能说出它的比例尺和网格，它怎样判定通视、射击和毁伤，**随机性从哪里进入**，以及它对推演人员有什么要求；你还能读懂每种推演中一次攻击的精确分布，这些分布都由各自程序库的精确概率代码算出。
#
# 本课用到的规则（[规则参考](../docs/rules.md)）：坦克推演
# [M-1](../docs/rules.md#M-1)、[F-3](../docs/rules.md#F-3)、[F-6](../docs/rules.md#F-6)、
# [F-7](../docs/rules.md#F-7)、[F-10](../docs/rules.md#F-10)；班组级步兵推演
# [Q-1](../docs/rules.md#Q-1)、[Q-13](../docs/rules.md#Q-13)、[Q-20](../docs/rules.md#Q-20)、
# [Q-21](../docs/rules.md#Q-21)、[Q-22](../docs/rules.md#Q-22)、[Q-26](../docs/rules.md#Q-26)；
# 普罗霍夫卡 [P-5](../docs/rules.md#P-5)、[P-11](../docs/rules.md#P-11)、
# [P-13](../docs/rules.md#P-13)、[P-17](../docs/rules.md#P-17)、[P-18](../docs/rules.md#P-18)。
#
# 第04、10、11课分别讲授每一种推演；本课把它们并排放在一起。

# %% [markdown]
# ## 三种设计讲解
#
# **条文**：坦克推演——规则一（一）1（六角格的大小）、三（一）1（通视判断）、三（二）2（2）～（5）（攻击等级、战斗结果表及其修正）；班组级步兵推演——四、（侦察结算）、五、1～6（攻击结算）、六、1（战场主动）；普罗霍夫卡（《首次接触》）——整体设定（四方格）、六、3（装甲单位与步兵单位的伤亡）、七、（呼叫火炮支援）。
#
# | | 坦克推演 | 班组级步兵推演 | 普罗霍夫卡 1943 |
# |---|---|---|---|
# | 指挥什么 | 坦克排 | 1–4 人的编组 | 一场战斗中的坦克和步兵班 |
# | 通视 | 越过高程的观察线（通视判断） | 同样的观察线，**再加上**侦察范围对被侦察范围（侦察结算） | 只有建筑和草垛遮挡（视野） |
# | 射击 | 由射程得出攻击等级，用 2 d6 查表（战斗结果表） | 由攻击力、距离和防御值得出公式 A，对比 1 d6 | 开火骰对比射程档，然后是伤亡骰和装甲 |
# | 毁伤 | 累加的战果（战果累加） | 损失防御点数、压制 | 阵亡和受伤人数、装甲被击穿 |
# | 命令 | 一次一条命令，带应对行动 | 书面计划，由导演部逐步执行 | 激活单位，一次一个 |
#
# **评述（本课的看法，不是条令的内容）：** 这三种推演来源不同，战斗规模也不同：一个坦克排在真实高程上的战斗，一场由导演部主持的校园演练，一次在方格纸上重现的历史战斗。本课不给它们排高下，只说明每一种对推演人员的要求。

# %%
# %matplotlib inline
import sys
from fractions import Fraction
from pathlib import Path

import matplotlib.pyplot as plt

from hexrules import Hex, HexMap, Unit, adjudicate_fire, fire_odds, use_cjk_fonts
from hexrules.dice import Dice
from hexrules.game import ORDER_TYPES
from hexrules.glossary import label
from hexrules.grid import Square, SquareGrid
from hexrules.map.coords import HEX_METRES
from hexrules.records import tag_of
from hexrules.tables import load_tables
from hexrules.units import Result
from hexrules.variants import prokhorovka as prok
from hexrules.variants import squad
from hexrules.variants.prokhorovka.board import BLOCKING
from hexrules.variants.prokhorovka.mortar import (
    call_odds,
    mortar_call,
    mortar_vehicle,
    scatter_odds,
)

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check12.py").exists() else here / "lessons"))
import _check12 as check
from _check import table

use_cjk_fonts()
tables = load_tables()          # the tank game's rule tables
sq_rules = squad.load_rules()   # hexrules/variants/squad/data/squad.toml
p_rules = prok.load_rules()     # hexrules/variants/prokhorovka/data/prokhorovka.toml

# %% [markdown]
# ## 1. 比例尺和网格，取自数据
#
# 下表读自三种推演的数据和代码：网格的相邻格数由网格自己数出，地图大小取自各课想定文件，通视和射击的数字取自规则表。
#
# 每格代表的米数取自规则参考：坦克推演的是代码中的常量（`HEX_METRES`，M-1，每格表示实际距离50米）；两个变体的数据文件不记载比例尺，因此引自 Q-1（**【自定值】** 每格 10 m）和 P-5（每个方格 10 m）。

# %%
training = HexMap.load("training")
campus = squad.load_scenario("lesson")
cut = prok.load_scenario("cut")
three = sq_rules.types["three_man"]
METRES = {"tank": HEX_METRES, "squad": 10, "prokhorovka": 10}   # M-1, Q-1, P-5

rows = [
    ("cell 格", f"{label('hex')}", f"{label('hex')} (Q-1)", "square 四方格 (P-5)"),
    ("neighbours of a cell", len(Hex(5, 5).neighbors()), len(Hex(5, 5).neighbors()),
     len(SquareGrid(60, 60).neighbours(Square(5, 5)))),
    ("metres per cell", METRES["tank"], METRES["squad"], METRES["prokhorovka"]),
    ("lesson map, cells", f"{training.cols} × {training.rows}",
     f"{campus.ground.hexmap.cols} × {campus.ground.hexmap.rows}", f"{cut.width} × {cut.height}"),
    ("lesson map, km", f"{training.cols * METRES['tank'] / 1000:g} km wide",
     f"{campus.ground.hexmap.cols * METRES['squad'] / 1000:g} km wide",
     f"{cut.width * METRES['prokhorovka'] / 1000:g} km wide"),
    ("sight", label("line_of_sight") + " (L-1…L-7)",
     f"L-1…L-7 + {label('detection_check')}: R {three.detection}, D {three.detectability} "
     "(three-man team)",
     f"{label('prok_sight')}: blocked by {', '.join(sorted(BLOCKING))} (P-18)"),
    ("fire decided by", f"{label('combat_result_table')}, levels 1…"
     f"{tables.combat_results.max_level}, 2 d6 (F-6)",
     f"A = ⌊Σ attack × c ÷ defence⌋, c = 1 up to {sq_rules.full_range}; 1 d6 ≤ A "
     "(Q-19…Q-21)",
     f"{label('prok_fire_die')} ≤ the band's number; bands "
     f"{', '.join(map(str, p_rules.bands))} squares (P-11)"),
    ("damage", label("accumulation") + " (F-10)", label("losses") + " of defence (Q-22)",
     f"{label('prok_casualties')}; {label('prok_armour')} (P-12…P-16)"),
]
table(["", "tank game", "squad game 班组级步兵推演", "Prokhorovka 普罗霍夫卡"], rows)

# %% [markdown]
# 所以坦克推演课程地图宽 1.5 km，班组级步兵推演的校园场地宽 400 m，普罗霍夫卡缩编想定宽 600 m（完整的战斗地图是 200 × 200 个方格，2 km）。坦克推演的一个六角格，按面积相当于 25 个班组级步兵推演的六角格。

# %% [markdown]
# ## 2. 每种推演中的一次攻击及其精确分布
#
# 每种推演取一次典型的攻击，设置方法与各自的课程相同：
#
# - **坦克**（第04课）：R1 射击开阔地上 18 格（900 m）外的 B1：标准攻击等级 9（F-3）；`fire_odds` 对骰子的每一个点数运行 F-6…F-8 的掷骰步骤。
# - **班组**（第10课）：Q-26 的算例，X 和 Y 主动开火攻击有掩体的 T；A = 3；`attack_odds` 对每一个点数运行 Q-21 的掷骰。
# - **普罗霍夫卡**（第11课）：德军呼叫火炮支援，瞄准平原上一辆虎 I 式所在的方格；`call_odds` 给出该格落弹数的精确分布，`mortar_vehicle` 说明每一种落弹数的后果（P-17）。
#
# 下面的每一个分数都来自裁决代码本身，绝不来自本笔记本里写的公式。

# %%
# tank game: one shot
field = HexMap.flat(30, 3)
r1, b1 = Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(18, 1))
tank_odds = fire_odds(field, r1, b1)

# squad game: the worked example of Q-26
H = Hex.from_offset
ground = squad.SquadGround(HexMap.flat(30, 12), cover=frozenset({H(12, 5)}))
x = squad.Team("X", "blue", "three_man", H(2, 5), facing=2, posture="concealed")
y = squad.Team("Y", "blue", "three_man", H(6, 4), facing=3, defence=2)
t = squad.Team("T", "red", "three_man", H(12, 5), defence=2)
squad_odds = squad.attack_odds(ground, [x, y], t, opens_fire=True)

# Prokhorovka: a mortar call on a Tiger I on the plain
tiger = p_rules.vehicles["Tiger I"]
rounds = call_odds(p_rules, 5)          # rounds on the aim square (keypad 5) → chance
effect_label = {"stunned": label("prok_stunned"), "destroyed": label("prok_destroyed")}
prok_odds: dict[str, Fraction] = {}
for k, p in rounds.items():
    effect = "none" if k == 0 else mortar_vehicle(p_rules, tiger, k)["effect"]
    what = effect_label.get(effect, Result.NONE.label)
    prok_odds[what] = prok_odds.get(what, Fraction(0)) + p

attacks = {
    "tank": {r.label: p for r, p in tank_odds.shots[0].items() if p},
    "squad": {(Result.NONE.label if k == 0 else f"−{k} defence"): p
              for k, p in squad_odds.losses.items()},
    "prokhorovka": prok_odds,
}
print("tank level:", tank_odds.levels[0], "| squad A:", squad_odds.a)
table(["game", "outcome", "exact chance", "≈"],
      [(game, what, str(p), f"{float(p):.1%}")
       for game, dist in attacks.items() for what, p in dist.items()])

# %% [markdown]
# 每个分布的和都恰好是 1：

# %%
{game: sum(dist.values()) for game, dist in attacks.items()}

# %% [markdown]
# 三者并排。等级 9 的坦克射击**从不**让目标保持完好：最轻也是把它压制。班组攻击非此即彼：损失一点防御值，或者一点不失。迫击炮对虎式的呼叫有三种结局，因为一发炮弹只能震晕，两发就被毁。

# %%
fig, axes = plt.subplots(1, 3, figsize=(12, 3.6), sharey=True)
titles = {"tank": "Tank game: one shot, level 9",
          "squad": "Squad game: Q-26, opening fire",
          "prokhorovka": "Prokhorovka: mortar call on a Tiger"}
for ax, (game, dist) in zip(axes, attacks.items(), strict=True):
    names, probs = list(dist), [float(p) for p in dist.values()]
    bars = ax.bar(range(len(names)), probs, color="#4a6fa5")
    ax.set_xticks(range(len(names)), [n.replace(" ", "\n", 1) for n in names], fontsize=8)
    ax.bar_label(bars, [str(p) for p in dist.values()], fontsize=8)
    ax.set_title(titles[game], fontsize=10)
    ax.set_ylim(0, 1)
axes[0].set_ylabel("exact chance")
fig.tight_layout()
plt.show()

# %% [markdown]
# ## 3. 随机性从哪里进入
#
# 每种推演都通过同一个设定种子的骰子来源（`hexrules.dice`）掷骰，每一份记录都列出它的骰子以及要求掷骰的规则。同样三次攻击，用设定种子的骰子裁决：

# %%
tank_rec = adjudicate_fire(field, r1, b1, dice=Dice(seed=1))
squad_rec = squad.resolve_attack(ground, [x, y], t, Dice(seed=1), opens_fire=True, turn=1)
prok_rec = mortar_call(p_rules, Dice(seed=1), Square(30, 30), SquareGrid(60, 60))
records = {"tank": tank_rec, "squad": squad_rec, "prokhorovka": prok_rec}


def dice_summary(rec: object) -> tuple[int, str]:
    """How many dice a record rolled, and for which rules."""
    rules = sorted({r.rule for r in rec.rolls})
    return len(rec.rolls), ", ".join(rules)


table(["game", "dice rolled", "rules that rolled them", "first die's purpose"],
      [(game, *dice_summary(rec), rec.rolls[0].purpose) for game, rec in records.items()])

# %% [markdown]
# - **坦克推演：** 随机性进入 F-6 的 2 d6（随后为地形修正再读一次，F-7），以及结果为 W、I 或 K 时的一个装甲防护修正骰（F-8）：一次射击最多三个骰子。此前的一切（通视、射程、攻击等级）都是确定的。
# - **班组级步兵推演：** 随机性只进入一次，即对比 A 的一个 d6（Q-21）；主动开火掷两个取较小的（**【项目裁定】**，Q-21）：推演人员选择*何时*开火，改变的是骰子，不是公式。侦察结算是确定的：没有骰子决定谁看见谁。
# - **普罗霍夫卡：** 随机性**多次**进入：命中看开火骰，效果看伤亡骰；一次呼叫火炮支援掷一个骰子决定炮弹数，六门炮每门再掷三个决定散布（P-17），所以它的效果分散在整个九宫格上。
#
# 迫击炮的散布是这种分散的主要来源，下面是一门炮的精确分数：

# %%
odds = scatter_odds(p_rules)
table(["", "west", "centre", "east"],
      [(name, *(str(odds[k]) for k in row))
       for name, row in zip(["north", "middle", "south"], p_rules.keypad, strict=True)])

# %% [markdown]
# ## 4. 每种推演对推演人员的要求
#
# 每种推演接受的命令就是它登记的命令类型。它们的记录标签显示了命名空间：一个变体把它的类型登记在自己的前缀下（`squad.`、`prok.`），所以它是对项目的增补，不改动坦克推演的任何名称。

# %%
squad_orders = (squad.Deployment, squad.ActionPlan, squad.AttackPlan, squad.Override)
table(["game", "orders", "record tags (examples)"],
      [("tank", len(ORDER_TYPES), ", ".join(tag_of(o) for o in ORDER_TYPES[:4])),
       ("squad", len(squad_orders), ", ".join(tag_of(o) for o in squad_orders)),
       ("prokhorovka", len(prok.orders.ORDER_TYPES),
        ", ".join(tag_of(o) for o in prok.orders.ORDER_TYPES[:4]))])

# %% [markdown]
# **评述：**
#
# - **坦克推演**要求许多个小决定，每一个都立即得到回应：哪辆坦克机动、射击、应对（机会射击和掩护射击）。它的本领在于判读地形：越过高程的通视决定谁能射击、以什么攻击等级射击。
# - **班组级步兵推演**要求一份**计划**：在任何行动之前，每一方指挥员写下每个编组的动作及其作战指令，由导演部逐步执行双方的计划。它的本领在于预见：姿态、方向和掩体决定谁先侦察到对方。
# - **普罗霍夫卡**要求**控制风险**：行动骰决定一个单位走多远，大多数结果由骰子决定，所以推演人员能选择的是站在哪里（侧面射击、战壕）以及何时用掉呼叫火炮支援。

# %% [markdown]
# ## 5. 练习
#
# 把每个 `None` 换成你的答案并运行该单元格：检查会给出 **✓ 正确**，或给出 **✗ 再想想** 和提示。先自己做，做完再按 **显示答案**。
#
# **练习1。** 第2节的三次攻击中，哪一次**最可能让目标保持完好**（完全无效）？回答 `"tank"`（坦克）、`"squad"`（班组）或 `"prokhorovka"`（普罗霍夫卡）。

# %%
answer_1 = None  # "tank", "squad" or "prokhorovka"
check.check_untouched(answer_1, attacks)

# %%
check.solution("1")

# %% [markdown]
# **练习2。** 与第2节相同的班组攻击，但**不是**主动开火（本回合红方先攻击了，所以蓝方只掷一个骰子）。攻击有效的精确概率是多少？用带引号的分数回答，例如 `"2/3"`。

# %%
answer_2 = None  # e.g. "2/3"
check.check_squad_hit(answer_2, ground, [x, y], t, opens_fire=False)

# %%
check.solution("2")

# %% [markdown]
# **练习3。** 还是第2节的坦克射击，等级 9，但 B1 现在位于丛林地六角格。它被歼灭的精确概率是多少？用带引号的分数回答。

# %%
answer_3 = None  # e.g. "1/2"
check.check_tank_kill(answer_3, 9, "forest")

# %%
check.solution("3")

# %% [markdown]
# **练习4。** 普罗霍夫卡的一门迫击炮射击。它的炮弹落在与指定格**同一行**（九宫格的 4、5 或 6 格）的精确概率是多少？用带引号的分数回答。

# %%
answer_4 = None  # e.g. "1/2"
check.check_scatter_row(answer_4, (4, 5, 6))

# %%
check.solution("4")

# %% [markdown]
# ## 小结
#
# - 比例尺和网格：坦克推演为 50 m 六角格（M-1），班组级步兵推演为 10 m 六角格（Q-1），普罗霍夫卡为 10 m 方格，8 个相邻格，射程按直线距离（P-5）。
# - 通视：越过高程的观察线（坦克）；同样的观察线再加侦察范围对被侦察范围（班组）；只有建筑和草垛遮挡（普罗霍夫卡）。
# - 随机性：坦克射击最多三个骰子（2 d6 为地形修正再读一次，外加装甲防护修正骰）；班组级步兵推演只有一次（1 d6，主动开火时取 2 个中较小的）；普罗霍夫卡多次（开火骰和伤亡骰，迫击炮的炮弹数和散布）。
# - 每种推演的精确概率都来自它自己的裁决代码（`fire_odds`、`attack_odds`、`call_odds` 加 `mortar_vehicle`），所以这里比较的分布就是按规则推演时的分布。
# - 变体是增补：它们复用骰子、记录、复盘和六角格地图，并把自己的类型登记在自己的命名空间下。
