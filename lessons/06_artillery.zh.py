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
# # 第06课 — 炮兵火力
#
# **本课目标**：学完本课，你要能计划场外炮兵支援的火力并说出它何时到达，一步步地跟踪一门火炮的射击——非正常延迟、偏移判定、偏移——读懂它的杀伤范围（0、1、2环）以及居民地和丛林地能遮挡什么，在*呼叫火力之前*就说出它打到己方坦克的可能有多大，并处理它留下的弹着标识。
#
# 本课用到的规则（[规则参考](../docs/rules.md)，§6 炮兵）：[A-1](../docs/rules.md#A-1)、[A-2](../docs/rules.md#A-2)、[A-3](../docs/rules.md#A-3)、[A-4](../docs/rules.md#A-4)、[A-5](../docs/rules.md#A-5)、[A-6](../docs/rules.md#A-6)、[A-7](../docs/rules.md#A-7)、[A-8](../docs/rules.md#A-8)（随机事件卡见[E-6](../docs/rules.md#E-6)、[E-7](../docs/rules.md#E-7)，方向见[M-3](../docs/rules.md#M-3)，弹着标识见[C-2](../docs/rules.md#C-2)，战果见[F-6](../docs/rules.md#F-6)、[F-7](../docs/rules.md#F-7)、[F-10](../docs/rules.md#F-10)，回合和骰子见[T-4](../docs/rules.md#T-4)和[T-6](../docs/rules.md#T-6)）。

# %% [markdown]
# ## 规则讲解
#
# **条文**：规则三（四）“炮兵火力”：1“间瞄火力延迟”、2“间瞄火力偏移”、3“间瞄火力战果裁决”；火力支援卡见五（一）6“155加榴炮火力支援”、7“122榴弹炮火力支援”；弹着标识见二（二）“标识算子”；裁决顺序见四（四）“间瞄射击结果裁决流程”。
#
# **要点**
#
# 1. **炮兵火力计划与正常延迟**（A-1）：抽到155 mm卡（155加榴炮，E-6）或122 mm卡（122榴弹炮，E-7）的一方指定一个目标格。火力在**两个回合之后**的随机事件阶段到达：第*n*回合呼叫，第*n* + 2回合到达（间隔1个回合）。一张卡带来一个炮兵连，**6门火炮**，每门火炮单独裁决。
# 2. **非正常延迟**（A-2）：火力到达时，每门火炮掷一颗d6；掷出**6**，“视为该火炮本回合到达的火力非正常延迟，从而自动取消此次射击”，移除它的弹着标识。
# 3. **间瞄火力偏移**（A-3）：未被压制的身管火炮掷一颗d6：“生成奇数随机数时，视为炮弹发生偏移，生成偶数随机数时，视为炮弹不偏移”（落在计划目标格）。火箭炮和被压制的身管火炮总是偏移。
# 4. **偏移**（A-4）：掷一颗d6，在偏移方向图上定方向（1 东北、2 东、3 东南、4 西南、5 西、6 西北，与M-3相同），再掷一颗d6定偏移距离（格数）。偏出地图的火力无效。
# 5. **杀伤范围**（A-5）：一门火炮攻击它的弹着格（0环）、相邻格（1环）和间隔格（2环）。**居民地和丛林地阻挡弹片**：“命中居民地六角格和丛林地六角格的弹着区仅在本格内有攻击力”；落在开阔地的火力，也不攻击1–2环内的居民地和丛林地六角格。
# 6. **攻击等级**（A-6）：155 mm在0 / 1 / 2环上为7 / 4 / 2；122 mm为6 / 3 / 1。
# 7. **战果**（A-7）：受攻击格内的每个单位，**不分敌我**：按火炮的攻击等级掷2d6查战斗结果表；地形修正（F-7的骰点规则）**只作用于K**；另掷一颗d6，不大于火炮的装甲值（155 mm：2，122 mm：3）时K改为S。“逐炮、逐格、逐目标裁决”：攻击等级从不累加，战果累加（F-10）。
# 8. **火炮伤害持续**（A-8）：弹着标识留到下一个随机事件阶段；机动阶段中进入有标识的六角格的单位，立即受到攻击，每个标识一次，按该火炮0环的攻击等级计算。

# %% [markdown]
# ### 哪些是本项目的处理
#
# - 【自定值】A-6的攻击等级、A-7的装甲值和战斗结果表：炮兵的表格已经失传，所以A-7使用F-6的表。这些都是数据文件（`hexrules/data/tables/artillery.toml`），教员可以替换。
# - 【项目裁定】每门火炮的掷骰顺序（A-2）：延迟骰总是要掷；只有火力到达、并且可能落在目标格的火炮才掷偏移骰；只有偏移时才掷方向和距离骰；然后每个单位掷2d6，只有K仍然保留时才掷装甲骰。没有用的骰子一律不掷，所以预定的骰子每次都讲同一个故事。
# - 【项目细则】偏出地图的火力什么也不攻击，连它1–2环内仍在图上的六角格也不攻击。面状水系不阻挡弹片（只有居民地和丛林地阻挡），每格按它自己的地形判断：1环内的丛林地并不掩护它后面的格。地形修正看单位自己所在的格（所以落在丛林地内的火力，其弹着格内单位的K要修正）。各格按环的顺序受到攻击，各单位按给定的顺序裁决；进入有多个标识的六角格的单位，每个标识受到一次攻击，直到被歼灭为止。

# %%
# %matplotlib inline
import sys
from math import comb
from pathlib import Path

import matplotlib.pyplot as plt

from hexrules import (
    Dice,
    FirePlan,
    HexMap,
    ScriptedDice,
    Unit,
    adjudicate_entry,
    adjudicate_gun,
    adjudicate_mission,
    attack_odds,
    drift,
    entry_odds,
    impact_distribution,
    impact_markers,
    load_tables,
    mission_odds,
    plot_gun,
    plot_odds_map,
    simulate_mission,
    state_label,
    use_cjk_fonts,
    zone,
)

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check06.py").exists() else here / "lessons"))
import _check06 as check
from _check import tr

from hexrules.language import localize, say

use_cjk_fonts()  # Chinese labels in plots, when a CJK font is available
m = HexMap.load("training")
tables = load_tables()
tables.artillery.guns["155"], tables.artillery.guns["122"]

# %% [markdown]
# ## 1. 延迟：火力何时到达？（A-1、A-2）
#
# 红方在第2回合抽到155 mm卡，指定目标格`4563RN`——村庄南面的一片开阔地，那里曾发现一辆蓝方坦克。火力计划是一个小小的值；引擎保存它，直到火力到达。

# %%
X = m.parse("4563RN")
plan = FirePlan("red", "155", X, called=2)
print(plan, tr("| lands in turn", "| 到达回合"), plan.lands, tr("| guns", "| 火炮数"), plan.guns)

fig, ax = plt.subplots(figsize=(9, 1.8))
phases = ["T-1", "T-2", "T-3", "T-4"]
for turn in range(1, plan.lands + 2):
    for k, phase in enumerate(phases):
        x = (turn - 1) * 4 + k
        colour = "#d9d9d9"
        if turn == plan.called and phase == "T-4":
            colour = "#fdae61"
        if turn == plan.lands and phase == "T-4":
            colour = "#d7191c"
        ax.add_patch(plt.Rectangle((x, 0), 0.95, 1, color=colour))
        ax.text(x + 0.47, 0.5, phase, ha="center", va="center", fontsize=7)
    ax.text((turn - 1) * 4 + 2, 1.25, f"turn 回合 {turn}", ha="center", fontsize=8)
ax.annotate("card drawn, fire plan 炮兵火力计划", ((plan.called - 1) * 4 + 3.5, 0),
            (1, -0.9), fontsize=8, arrowprops={"arrowstyle": "->"})
ax.annotate("the fire lands 火力到达", ((plan.lands - 1) * 4 + 3.5, 0),
            ((plan.lands - 1) * 4 - 2, -0.9), fontsize=8, arrowprops={"arrowstyle": "->"})
ax.set_xlim(0, (plan.lands + 1) * 4)
ax.set_ylim(-1.2, 1.6)
ax.axis("off")
plt.show()

# %% [markdown]
# 第3回合在两者*之间*：命令沿指挥链逐级下达。火力到达时，每门火炮掷它的非正常延迟骰（A-2）。六门火炮中有几门到达？每门火炮到达的概率由本库按规则本身算出，各门火炮相互独立：

# %%
p_arrive = 1 - impact_distribution(m, plan).cancelled
print(tr("one gun arrives 火力到达:", "一门炮火力到达："), p_arrive)
for k in range(plan.guns + 1):
    p = comb(plan.guns, k) * p_arrive**k * (1 - p_arrive) ** (plan.guns - k)
    print(tr(f"  {k} guns arrive: {float(p):6.1%}", f"  {k} 门炮火力到达：{float(p):6.1%}"))

# %% [markdown]
# ## 2. 一门火炮，一步一步（A-2…A-7）
#
# 蓝方坦克B1在`4563RN`，红方自己的坦克R1在它东边一格的`4563RO`待机。我们预定第1门火炮的骰点：延迟骰**3**（火力到达），偏移骰**5**（奇数：偏移），方向骰**3**（东南），距离骰**1**；然后逐格为受攻击格内的每个单位掷2d6，K仍然保留时再掷装甲骰。

# %%
b1 = Unit("B1", "blue", X)
r1 = Unit("R1", "red", m.parse("4563RO"))
gun = adjudicate_gun(m, plan, 1, [b1, r1], dice=ScriptedDice([3, 5, 3, 1, 5, 6, 4, 3, 4]))
gun

# %%
fig, ax = plt.subplots(figsize=(7, 6))
plot_gun(gun, ax, units=[b1, r1])
plt.show()
print("path 偏移路径:", " → ".join(m.name_of(h) for h in gun.path))
for s in gun.strikes:
    say(f"{s.unit_before.id}: ring 环 {s.ring}, level 攻击等级 {s.level}, dice 骰子 {s.dice} → "
        f"{s.result.label}")

# %% [markdown]
# 火力向东南偏移了一格。两辆坦克现在都在1环（相邻格）内，所以都按155的1环攻击等级4受到攻击——不分敌我。B1掷出5 + 6 = 11：4级上为K；装甲骰4大于155的装甲值2，所以K保留。R1掷出3 + 4 = 7：无效。每一次掷骰都连同它的规则和用途记入裁决记录：

# %%
for r in gun.rolls:
    say(r)

# %% [markdown]
# ### 在偏移分步演示器中看同一门火炮
#
# **偏移分步演示器**在棋盘上计划射击任务（点击一格），在背后用阴影画出精确的偏移热图（第3节说明），然后按**下一步**逐门火炮走过裁决记录：延迟骰（A-2），偏移判定（A-3），偏移方向图上的方向，偏移距离（弹着标识沿路径移动，A-4），杀伤范围以及居民地和丛林地排除的六角格（A-5），以及每个受攻击的单位（A-6、A-7）。这里给它上面第1门火炮的骰点，其余每门火炮给一个6（取消，A-2）；它停在偏移距离这一步。

# %%
from hexrules_widgets import DriftStepper

drifts = DriftStepper(m, [b1, r1], board_height="460px")
drifts.plan_at(X)
drifts.dice.mode.value = "scripted"
drifts.dice.faces.value = "3 5 3 1 5 6 4 3 4 6 6 6 6 6"
mission = drifts.adjudicate()
assert mission.guns[0].impact == gun.impact and mission.guns[0].strikes == gun.strikes
drifts.go([s.kind for s in drifts.stages].index("distance"))
drifts

# %% [markdown]
# ## 3. 火力落在哪里？精确的偏移图（A-2…A-4）
#
# 呼叫火力之前，指挥员想知道概率。`impact_distribution`把裁决所用的同一个掷骰步骤，在它可能掷出的每一种骰点序列上都走一遍，所以这些都是精确的分数：

# %%
imp = impact_distribution(m, plan)
say("cancelled 火力未到达:", imp.cancelled, "| on the planned hex 落在计划目标格:", imp.on_target,
    tr("| lost off the map:", "| 落到图外："), imp.lost, tr("| total:", "| 合计："), imp.total)
print(tr("possible impact hexes:", "可能的弹着格："), len(imp.hexes))
imp

# %%
fig, axes = plt.subplots(1, 2, figsize=(15, 6))
plot_odds_map(m, imp.hexes, axes[0], target=X, scale="sqrt",
              colorbar="P(impact hex 弹着格), one gun")
axes[0].set_title("Where one gun's fire lands 弹着格")
plot_odds_map(m, attack_odds(m, plan, guns=plan.guns), axes[1], target=X, units=[b1, r1],
              colorbar="P(attacked by ≥ 1 of 6 guns)")
axes[1].set_title("Hexes attacked by the battery 杀伤范围")
plt.show()

# %% [markdown]
# 左图是偏移的星形：六个方向，一到六格，每个偏移到的六角格概率为5/6 × 1/2 × 1/6 × 1/6 = 5/432 ≈ 1.2 %。右图是六门火炮中至少有一门攻击各格的概率（含0–2环）。注意目标西边紧挨着的那条林带和东北方的李庄村：它们颜色很浅，因为弹片在那里被挡住了（A-5）；只有落在这种六角格里的火炮才会攻击它。
#
# ## 4. 在己方坦克旁边呼叫火力（A-5、A-7）
#
# “抵近”呼叫火力会危及己方坦克：受攻击格内的每个单位都会被打到，不分敌我。`mission_odds`给出一个单位在整个炮兵连射击之后每种最终状态的精确概率，按战果累加规则（F-10）把六门火炮合起来计算：

# %%
r2 = Unit("R2", "red", m.parse("4563RM"))  # adjacent, but in the forest
r3 = Unit("R3", "red", drift(X, 2, 4))  # four hexes east, in the open
print(tr("unit  hex      terrain            attacked ≥1 gun  harmed   destroyed",
         "算子  六角格   地形               至少受1门炮攻击  受损     歼灭"))
for u in (b1, r1, r2, r3):
    o = mission_odds(m, plan, u)
    print(f"{u.id:<5} {m.name_of(u.hex)}  {localize(m.terrain_at(u.hex).label):<17}  "
          f"{float(o.p_attacked):14.1%}  {float(o.p_harmed):6.1%}  {float(o.p_destroyed):8.1%}")
mission_odds(m, plan, r1)

# %% [markdown]
# R1在开阔地上，距目标一格，几乎肯定会受到攻击，大约有五分之一的可能被己方火炮歼灭。R2同样近，但在丛林地内，只有火炮正好落在它那一格时才会受到攻击。即使是四格以外的R3，十次中也有三次会被某门火炮攻击。风险与离目标距离的关系：

# %%
ks = list(range(0, 9))
harmed, killed = [], []
for k in ks:
    o = mission_odds(m, plan, Unit("R9", "red", drift(X, 2, k)))
    harmed.append(float(o.p_harmed))
    killed.append(float(o.p_destroyed))
fig, ax = plt.subplots(figsize=(7, 3.5))
ax.plot(ks, harmed, "o-", label="harmed 毁伤 (any new marker)")
ax.plot(ks, killed, "s-", label="destroyed 歼灭")
ax.set_xlabel("hexes east of the planned hex (in the open)")
ax.set_ylabel("probability, whole battery")
ax.legend()
plt.show()

# %% [markdown]
# 对同一射击任务做蒙特卡洛模拟（numpy向量化），结果与精确概率一致：

# %%
exact = mission_odds(m, plan, r1).final
counts = simulate_mission(m, plan, r1, n=200_000, rng=6)
for state, p in exact.items():
    print(f"{state_label(state):<40} {tr('exact', '精确')} {float(p):6.2%}   "
          f"{tr('simulated', '模拟')} {counts.get(state, 0) / 200_000:6.2%}")

# %% [markdown]
# ## 5. 环，以及居民地和丛林地能遮挡什么（A-5）
#
# 另一次射击任务的两门火炮，骰点是预定的。火炮A落在李庄村（`4563OP`）的目标格上：落在居民地内的火力**只**攻击它自己那一格，所以隔壁的B2安然无恙。火炮B向西南偏移4格，落在`4563SN`的开阔地上：它攻击0–2环，但周围的丛林地六角格除外，它们挡住了弹片。

# %%
village = FirePlan("red", "122", m.parse("4563OP"), called=2)
b2 = Unit("B2", "blue", m.parse("4563OO"))
b3 = Unit("B3", "blue", m.parse("4563SM"))  # in the forest next to 4563SN
gun_a = adjudicate_gun(m, village, 1, [b2, b3], dice=ScriptedDice([2, 2]))
gun_b = adjudicate_gun(m, village, 2, [b2, b3], dice=ScriptedDice([1, 3, 4, 4]))
fig, axes = plt.subplots(1, 2, figsize=(14, 6))
plot_gun(gun_a, axes[0], units=[b2, b3])
plot_gun(gun_b, axes[1], units=[b2, b3])
plt.show()
for g in (gun_a, gun_b):
    out = [z for z in zone(m, g.impact) if not z.attacked]  # the record's g.excluded
    n_in = len(zone(m, g.impact)) - len(out)
    print(tr(f"gun {g.number}: {n_in} hexes attacked; left out:",
             f"第{g.number}门炮：受攻击 {n_in} 格；未受攻击："))
    for z in out[:5]:
        say(f"   {z.name} ring 环 {z.ring}: {z.reason}")

# %% [markdown]
# B2和B3都没有受到攻击：火炮A的火力停留在它的居民地格内，火炮B的弹片被B3所在的丛林地（1环）挡住了。只有落*在*该丛林地格内的火炮才会攻击B3——即便那样，地形修正（F-7的骰点规则，只作用于K）也还给它留有一线生机。
#
# ## 6. 火炮伤害持续（A-8）
#
# 一次射击任务的弹着标识留在地图上，直到下一个随机事件阶段（T-4第2步）。机动进入有标识的六角格的单位，立即受到攻击，每个标识一次，按该火炮0环的攻击等级计算（155 mm：7），在任何机会射击之前进行。下面是一次完整的射击任务，骰子有种子，以及它留下的标识：

# %%
mission = adjudicate_mission(m, plan, [b1, r1, r2, r3], dice=Dice(seed=7))
markers = impact_markers(mission)
for h, ms in markers.items():
    print(m.name_of(h), [f"gun {mk.number}, level {mk.level}" for mk in ms])
mission

# %% [markdown]
# 下一回合，一辆蓝方坦克B5想开过标识最多的那一格。先看它机动之前的概率，再用骰子裁决：

# %%
hot = max(markers, key=lambda h: len(markers[h]))
b5 = Unit("B5", "blue", hot.neighbor(5))
print(f"{m.name_of(hot)}: {len(markers[hot])} marker(s)")
for state, p in entry_odds(m, b5, hot, markers).items():
    print(f"  {state_label(state):<40} {float(p):6.1%}")
entry = adjudicate_entry(m, b5, hot, markers, dice=Dice(seed=3))
entry

# %% [markdown]
# ## 7. 推演中的一次射击任务（E-6、A-1…A-8）
#
# 上面这些函数正是推演引擎调用的函数。在使用随机事件卡的推演中（`Options(cards=True)`；随附的想定都开启了），抽到炮兵卡的一方当即在随机事件阶段指定目标（`PlanFire(hex)`）；引擎把火力计划保存在状态中，在两个回合之后的随机事件阶段裁决这个炮兵连（T-4第3步），并把弹着标识一直保留到下一个随机事件阶段，攻击机动阶段中进入它们的任何单位（A-8）。这里教员在第1回合发给红方155 mm卡（奖励规则，第07课），红方指定B1所在的`4563RN`，此后双方都只放弃行动（种子抽出的其他炮兵火力计划都打到地图角上）。

# %%
from hexrules.artillery import ArtilleryRecord  # noqa: E402
from hexrules.game import DealCard, Game, Options, Pass, PlanFire  # noqa: E402

g = Game.new(m, [Unit("R1", "red", m.parse("4563PH")), Unit("B1", "blue", X)], turns=4,
             options=Options(cards=True), dice=Dice(seed=5))
g.apply(DealCard("red", "E-6"))  # red holds the 155 mm card: it names the target at T-4
planned, missions = False, []
while not g.over:
    legal = g.legal_orders()
    if not planned and g.state.to_act is not None and g.state.to_act.value == "red" \
            and PlanFire(X) in legal:
        order, planned = PlanFire(X), True
    else:
        order = Pass() if Pass() in legal else legal[0]
    record = g.apply(order)
    missions += [p for p in record.parts if isinstance(p, ArtilleryRecord)
                 and p.plan.target == X]
mission_in_game = missions[0]
print(mission_in_game.plan, tr("landed in turn", "落地回合"), mission_in_game.plan.lands)
mission_in_game

# %% [markdown]
# ## 8. 练习
#
# 把每个`None`换成你的答案，运行该单元格；检查结果显示✓，或者给出提示。每道练习下面的按钮显示它的答案——先自己做，再按它。
#
# **练习1.** 蓝方在第5回合抽到122 mm卡，对一个六角格计划火力。火力在第几回合到达？

# %%
answer_1 = None  # your answer, e.g. 6
check.check_landing_turn(answer_1, 5)

# %%
check.solution("1")

# %% [markdown]
# **练习2.** 红方155 mm火力计划中的一门火炮，对`4563RN`射击，依次掷出2、5、6、3。它的火力最终落在哪一格？给出六角格坐标（偏出地图回答`"lost"`，火力未到达回答`"cancelled"`）。偏移方向图：1 东北、2 东、3 东南、4 西南、5 西、6 西北。

# %%
answer_2 = None  # your answer, e.g. "4563AB"
check.check_impact(answer_2, m, plan, [2, 5, 6, 3])

# %%
check.solution("2")

# %% [markdown]
# **练习3.** 一门火炮的火力落在`4563QN`的开阔地上，位于林带和村庄之间。它攻击多少个六角格？（0–2环共有19格；看地图，或者用`zone(m, m.parse("4563QN"))`查它们的地形。）

# %%
answer_3 = None
check.check_attacked_count(answer_3, m, "4563QN")

# %%
check.solution("3")

# %% [markdown]
# **练习4.** 红方坦克R4在计划目标格以西三格、林带后面的`4563RK`开阔地上待机。`plan`的六门火炮中至少有一门攻击R4所在格的概率是多少（百分数，取整）？用本库算出来，再和第4节的R3比较：R4何以更安全？

# %%
r4 = Unit("R4", "red", m.parse("4563RK"))
answer_4 = None  # e.g. 12
check.check_risk(answer_4, m, plan, r4)

# %%
check.solution("4")

# %% [markdown]
# ## 小结
#
# - 第*n*回合呼叫的火力计划在第*n* + 2回合到达（A-1）；然后六门火炮各掷各的骰子：掷出6即取消（A-2），偏移骰为奇数即偏移（A-3），按M-3的方向图掷d6定方向、掷d6定偏移格数，偏出地图的火力无效（A-4）。
# - 每门火炮按递减的攻击等级攻击0、1、2环（A-6）；居民地和丛林地阻挡弹片（A-5）；受攻击格内的每个单位，不分敌我，掷2d6查战斗结果表，地形修正只作用于K，再掷装甲骰（A-7）；战果累加（F-10）。
# - `impact_distribution`、`attack_odds`和`mission_odds`用裁决本身的掷骰步骤算出精确概率：在开阔地上的己方坦克旁边呼叫火力确实有风险，而丛林地或村庄里的遮蔽能保护它们。
# - 弹着标识留到下一个随机事件阶段：进入一个标识所在的格，就要按0环的攻击等级受到一次攻击（A-8）。
# - 在使用随机事件卡的推演中，炮兵卡在抽到后立即以一个炮兵火力计划（`PlanFire(hex)`）打出，引擎在两个回合之后用这些同样的函数让火力落地（第07课）。
