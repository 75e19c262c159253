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

# %% [markdown]
# # Lesson 06 — Artillery 炮兵火力
#
# **Goal.** After this lesson you can plan off-board artillery fire (场外炮兵支援) and say when
# it lands, follow one gun's fire step by step — abnormal delay, drift check, drift — read its
# zones (ring 0, 1, 2) and what settlement and forest shelter, say *before* calling the fire how
# likely it is to hit your own tanks, and handle the impact markers it leaves behind.
#
# Rules used ([rules reference](../docs/rules.md), §6 artillery):
# [A-1](../docs/rules.md#A-1), [A-2](../docs/rules.md#A-2), [A-3](../docs/rules.md#A-3),
# [A-4](../docs/rules.md#A-4), [A-5](../docs/rules.md#A-5), [A-6](../docs/rules.md#A-6),
# [A-7](../docs/rules.md#A-7), [A-8](../docs/rules.md#A-8)
# (and [E-6](../docs/rules.md#E-6), [E-7](../docs/rules.md#E-7) for the cards,
# [M-3](../docs/rules.md#M-3) for the directions, [C-2](../docs/rules.md#C-2) for impact markers,
# [F-6](../docs/rules.md#F-6), [F-7](../docs/rules.md#F-7), [F-10](../docs/rules.md#F-10) for
# results, [T-4](../docs/rules.md#T-4) and [T-6](../docs/rules.md#T-6) for the turn and the dice).

# %% [markdown]
# ## The rule in plain words
#
# 1. **Fire plan and normal delay** (炮兵火力计划, 正常延迟, A-1): a player who draws the 155 mm
#    card (155加榴炮, E-6) or the 122 mm card (122榴弹炮, E-7) names a target hex. The fire lands
#    in the random-event phase **two turns later**: called in turn *n*, it lands in turn *n* + 2
#    (间隔1个回合, one turn in between). One card brings one battery (炮兵连) of **6 guns**, and
#    every gun is adjudicated on its own.
# 2. **Abnormal delay** (非正常延迟, A-2): when the fire arrives, each gun rolls a d6; a **6**
#    means its fire does not arrive, and its impact marker (弹着标识) is removed.
# 3. **Drift check** (间瞄火力偏移, A-3): a barrel gun (身管火炮) that is not suppressed rolls a
#    d6: **odd** drifts, even lands on the planned hex. Rocket artillery (火箭炮) and suppressed
#    barrel guns always drift.
# 4. **Drift** (偏移, A-4): a d6 for the direction on the drift-direction chart (偏移方向图:
#    1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW, as M-3), a d6 for the distance in hexes. Fire that drifts
#    off the map is lost.
# 5. **Zones** (A-5): a gun attacks its impact hex (弹着格, ring 0), the adjacent hexes (相邻格,
#    ring 1) and the hexes two away (间隔格, ring 2). **Settlement and forest stop splinters**:
#    fire landing in one attacks only that hex, and fire landing in the open does not attack
#    settlement or forest hexes in rings 1–2.
# 6. **Attack level** (A-6): 155 mm 7 / 4 / 2 on rings 0 / 1 / 2; 122 mm 6 / 3 / 1.
# 7. **Result** (A-7): every unit in an attacked hex, **friend or foe** (不分敌我): 2d6 on the
#    result table at the gun's level; the terrain correction (F-7's dice rule) on **K only**; a
#    new d6 ≤ the gun's armour value (155 mm: 2, 122 mm: 3) turns K into S. Gun by gun, hex by
#    hex, unit by unit: levels never add up, results accumulate (F-10).
# 8. **Lasting effect** (A-8): impact markers stay until the next random-event phase; a unit
#    that enters a marked hex during the movement phase is attacked at once, once per marker, at
#    that gun's ring-0 level.

# %% [markdown]
# ### Which parts are the project's rulings
#
# - **[house value]** the attack levels of A-6, the armour values of A-7, and the result table:
#   the artillery tables were lost, so A-7 uses the F-6 table. They are data files
#   (`hexrules/data/tables/artillery.toml`) an instructor may replace.
# - **[decision]** the dice order per gun (A-2): the delay die always; the drift die only for a
#   gun that arrived and may land on target; direction and distance only when it drifts; then
#   2d6 per unit and the armour die only when a K still stands. No die is rolled for nothing,
#   so scripted dice tell the same story every time.
# - **[project ruling]** fire that drifts off the map attacks nothing, not even hexes of its
#   rings 1–2 that lie on the map. Water does not stop splinters (only settlement and forest
#   do), and each hex is judged by its own terrain: a forest in ring 1 does not shelter the hex
#   behind it. The terrain correction reads the unit's own hex (so a unit in the impact hex of
#   fire landing in a forest has its K corrected). Hexes are attacked ring by ring, units in the
#   order given, and a unit entering a hex with several markers is attacked once per marker
#   until it is destroyed.

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
# ## 1. The delay: when does the fire land?
#
# Red draws the 155 mm card in turn 2 and names the hex `4563RN`, an open field south of the
# village where a blue tank was seen. The plan is a small value; the engine keeps it until it
# lands.

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
# Turn 3 lies *between*: the orders pass down the chain of command. When the fire arrives,
# each gun rolls its abnormal-delay die. How many of the six guns arrive? Each arrives
# with the probability the library computes from the rule itself, and the guns are independent:

# %%
p_arrive = 1 - impact_distribution(m, plan).cancelled
print(tr("one gun arrives 火力到达:", "一门炮火力到达："), p_arrive)
for k in range(plan.guns + 1):
    p = comb(plan.guns, k) * p_arrive**k * (1 - p_arrive) ** (plan.guns - k)
    print(tr(f"  {k} guns arrive: {float(p):6.1%}", f"  {k} 门炮火力到达：{float(p):6.1%}"))

# %% [markdown]
# ## 2. One gun, step by step (A-2…A-7)
#
# A blue tank B1 stands on `4563RN`, and red's own tank R1 waits one hex east of it, at
# `4563RO`. We script the dice of gun 1: delay **3** (it arrives), drift check **5** (odd: it
# drifts), direction **3** (SE 东南), distance **1**; then, hex by hex, 2d6 for each unit in an
# attacked hex and the armour die when a K stands.

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
# The fire drifted one hex south-east. Both tanks are now in ring 1 (相邻格), so each is attacked
# at the 155's ring-1 level, 4 — friend or foe alike. B1 rolled 5 + 6 = 11: K at level 4; the
# armour die 4 is above the 155's armour value 2, so the K stands. R1 rolled 3 + 4 = 7: no
# effect. Every roll is in the record with its rule and purpose:

# %%
for r in gun.rolls:
    say(r)

# %% [markdown]
# ### The same gun in the drift stepper
#
# The **drift stepper** plans the mission on the board (click a hex), shades the exact drift
# heat map behind it (section 3 explains it), and walks the record gun by gun with **Next
# 下一步**: the delay die, the drift check, the direction on the drift-direction
# chart (偏移方向图), the distance with the impact marker moving along its path, the zones
# with the hexes settlement and forest leave out, and each unit attacked. Here
# it gets the dice of gun 1 above, then a 6 for every other gun (cancelled, A-2); it opens on
# the distance step.

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
# ## 3. Where does the fire land? The exact drift map (A-2…A-4)
#
# Before calling fire, a commander wants the odds. `impact_distribution` runs the very dice step
# the adjudication uses over every sequence of dice it can roll, so these are exact fractions:

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
# On the left, the star of the drift: six directions, one to six hexes, each drifted hex with
# 5/6 × 1/2 × 1/6 × 1/6 = 5/432 ≈ 1.2 %. On the right, the chance that at least one of the six
# guns attacks each hex (rings 0–2 included). Notice the forest strip just west of the target
# and the village of 李庄 to the north-east: they stay pale, because splinters stop there;
# only a gun landing in such a hex attacks it.
#
# ## 4. Fire next to your own tanks
#
# Calling fire "danger close" risks your own tanks: every unit in an attacked hex is hit, friend
# or foe. `mission_odds` gives the exact chance of each final state of one unit after the whole
# battery, composing the six guns with the accumulation rule (F-10):

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
# R1, one hex from the target in the open, is almost sure to be attacked and has about one
# chance in five of being destroyed by its own side's guns. R2, just as close but in the
# forest, is attacked only when a gun lands in its very hex. Even R3, four hexes away, is
# attacked by some gun three times in ten. The risk against the distance from the target:

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
# A Monte Carlo of the same mission (numpy, vectorised) agrees with the exact odds:

# %%
exact = mission_odds(m, plan, r1).final
counts = simulate_mission(m, plan, r1, n=200_000, rng=6)
for state, p in exact.items():
    print(f"{state_label(state):<40} {tr('exact', '精确')} {float(p):6.2%}   "
          f"{tr('simulated', '模拟')} {counts.get(state, 0) / 200_000:6.2%}")

# %% [markdown]
# ## 5. Rings, and what settlement and forest shelter
#
# Two guns of another mission, with scripted dice. Gun A lands on target in the village of 李庄
# (`4563OP`): fire landing in a settlement attacks **only** its own hex, so B2 next door is safe.
# Gun B drifts 4 hexes south-west into the open at `4563SN`: it attacks rings 0–2 except the
# forest hexes around it, which stop the splinters.

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
# Neither B2 nor B3 is attacked: gun A's fire stayed in its settlement hex, and gun B's
# splinters stopped at B3's forest (ring 1). Only a gun landing *in* the forest hex itself
# would have attacked B3 — and then the terrain correction (F-7's dice rule, on K only) would
# still give it a chance.
#
# ## 6. The lasting impact hex
#
# The impact markers of a mission stay on the map until the next random-event phase (T-4
# step 2). A unit that moves into a marked hex is attacked at once, once per marker, at that
# gun's ring-0 level (155 mm: 7), before any opportunity fire. Here is a whole mission with
# seeded dice, and the markers it leaves:

# %%
mission = adjudicate_mission(m, plan, [b1, r1, r2, r3], dice=Dice(seed=7))
markers = impact_markers(mission)
for h, ms in markers.items():
    print(m.name_of(h), [f"gun {mk.number}, level {mk.level}" for mk in ms])
mission

# %% [markdown]
# Next turn, a blue tank B5 wants to drive through the most marked hex. The odds before it
# moves, then the adjudication with dice:

# %%
hot = max(markers, key=lambda h: len(markers[h]))
b5 = Unit("B5", "blue", hot.neighbor(5))
print(f"{m.name_of(hot)}: {len(markers[hot])} marker(s)")
for state, p in entry_odds(m, b5, hot, markers).items():
    print(f"  {state_label(state):<40} {float(p):6.1%}")
entry = adjudicate_entry(m, b5, hot, markers, dice=Dice(seed=3))
entry

# %% [markdown]
# ## 7. A mission inside a game (E-6, A-1…A-8)
#
# The functions above are the ones the game engine calls. In a game played with the event
# cards (`Options(cards=True)`; the shipped scenarios have them on) a side that draws an
# artillery card names its target right away, in the random-event phase (`PlanFire(hex)`); the
# engine keeps the plan in the state, adjudicates the battery in the random-event phase two
# turns later (T-4 step 3), and keeps the impact markers until the next one, attacking any unit
# that enters them during the movement phase. Here the instructor deals red the 155 mm
# card in turn 1 (the reward rule, lesson 07), red names `4563RN` where B1 waits, and both
# sides then only pass (any other fire plan the seeded draws bring goes to the map's corner).

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
# ## 8. Exercises 练习
#
# Replace each `None` with your answer and run the cell; the check says ✓ or gives a hint.
# The button under each exercise shows its solution — press it only after trying.
#
# **Exercise 1.** Blue draws the 122 mm card in turn 5 and plans fire on a hex. In which turn
# does the fire land?

# %%
answer_1 = None  # your answer, e.g. 6
check.check_landing_turn(answer_1, 5)

# %%
check.solution("1")

# %% [markdown]
# **Exercise 2.** A gun of red's 155 mm plan on `4563RN` rolls 2, 5, 6, 3. In which hex does
# its fire end? Give the military name (or `"lost"` if it drifts off the map, `"cancelled"` if
# it does not arrive). The drift chart: 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW.

# %%
answer_2 = None  # your answer, e.g. "4563AB"
check.check_impact(answer_2, m, plan, [2, 5, 6, 3])

# %%
check.solution("2")

# %% [markdown]
# **Exercise 3.** A gun's fire lands in the open at `4563QN`, between the forest strip and the
# village. How many hexes does it attack? (Rings 0–2 hold 19 hexes; look at the map, or at
# `zone(m, m.parse("4563QN"))` for their terrain.)

# %%
answer_3 = None
check.check_attacked_count(answer_3, m, "4563QN")

# %%
check.solution("3")

# %% [markdown]
# **Exercise 4.** Red's tank R4 waits in the open three hexes west of the planned hex, at
# `4563RK`, behind the forest strip. What is the chance, in percent to the nearest whole
# number, that at least one of the six guns of `plan` attacks R4's hex? Use the library, then
# compare with R3 in section 4: why is R4 safer?

# %%
r4 = Unit("R4", "red", m.parse("4563RK"))
answer_4 = None  # e.g. 12
check.check_risk(answer_4, m, plan, r4)

# %%
check.solution("4")

# %% [markdown]
# ## Summary 小结
#
# - A fire plan called in turn *n* lands in turn *n* + 2; each of the six guns then rolls
#   its own dice: a 6 cancels it, an odd drift die makes it drift a d6 of hexes in a
#   d6 direction of the M-3 chart, and fire off the map is lost.
# - Each gun attacks rings 0, 1 and 2 at falling levels; settlement and forest stop the
#   splinters; every unit in an attacked hex, friend or foe, gets 2d6 on the result table,
#   the terrain correction on K only and the armour die; results accumulate (F-10).
# - `impact_distribution`, `attack_odds` and `mission_odds` give exact odds computed from the
#   adjudication's own dice steps: calling fire next to your own tanks in the open is a real
#   risk, while cover in a forest or a village protects them.
# - Impact markers stay until the next random-event phase: entering one costs an attack per
#   marker at ring-0 level.
# - In a game with the event cards, an artillery card is played with a fire plan
#   (`PlanFire(hex)`) right after the draw, and the engine lands it two turns later with these
#   same functions (lesson 07).
