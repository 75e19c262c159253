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
# # Lesson 10 — The squad game 班组级步兵推演
#
# **Goal.** After this lesson you can referee the squad-level infantry variant: say whether a
# team detects another (侦察结算: the detection range against the detectability, measured from
# the front hex), say what a team's standing order (作战指令) makes it do on contact, and work
# the attack formula (攻击结算) by hand, then check it with the library, odds included. At the
# end you play the lesson scenario and look at what each commander may know (fog of war).
#
# Rules used ([rules reference](../docs/rules.md), Appendix A):
# [Q-1](../docs/rules.md#Q-1), [Q-3](../docs/rules.md#Q-3), [Q-5](../docs/rules.md#Q-5),
# [Q-7](../docs/rules.md#Q-7), [Q-8](../docs/rules.md#Q-8), [Q-9](../docs/rules.md#Q-9),
# [Q-10](../docs/rules.md#Q-10), [Q-12](../docs/rules.md#Q-12),
# [Q-13](../docs/rules.md#Q-13), [Q-14](../docs/rules.md#Q-14),
# [Q-15](../docs/rules.md#Q-15), [Q-16](../docs/rules.md#Q-16),
# [Q-17](../docs/rules.md#Q-17), [Q-18](../docs/rules.md#Q-18),
# [Q-19](../docs/rules.md#Q-19), [Q-20](../docs/rules.md#Q-20),
# [Q-21](../docs/rules.md#Q-21), [Q-22](../docs/rules.md#Q-22),
# [Q-23](../docs/rules.md#Q-23), [Q-24](../docs/rules.md#Q-24),
# [Q-26](../docs/rules.md#Q-26), [Q-28](../docs/rules.md#Q-28).

# %% [markdown]
# ## The rule in plain words
#
# 1. **Teams** (Q-5): a three-man team (三人组) is the standard unit; there are also two-man and
#    four-man teams, the marksman (精确射手) and the medic (医疗兵). Each has action points
#    (行动力), an attack and a defence (its strength), a detection range R (侦察范围), a
#    detectability D (被侦察范围: how far away it can be seen) and an attack range.
# 2. **Posture and facing** (Q-7, Q-8): upright (立姿) moves fast and is easy to see;
#    concealed (隐蔽姿态) moves slowly, is hard to see, and hits and holds better. A team faces
#    one of the six directions; its **front hex** (前一格) is the hex it faces, and every
#    distance for detection and attack is counted from there.
# 3. **Detection** (Q-13): O detects T when sight is clear and the distance d from O's front
#    hex to T is within both O's R′ (R adjusted by T's arc) and T's D′ (D adjusted by T's
#    posture, terrain and cover). Within 4, both light up (点亮, Q-14) and see everything.
# 4. **Plans** (Q-9, Q-10): each commander writes an action plan: for each team a standing
#    order and its actions. The referee executes both plans one step at a time, side by side,
#    and checks detection after every step. On contact the standing order decides: *engage on
#    sight* (见敌必战) attacks at once at half strength, *covert approach* (隐蔽接敌) carries
#    on, *search and reconnoitre* (搜索侦察) stops and takes its contact posture.
# 5. **Attack** (Q-16…Q-22): each attacker's actual attack × its range factor c, summed,
#    divided by the target's actual defence, rounded down, is A; a die B ≤ A hits. An attack
#    that opens fire (主动开火) rolls two dice and keeps the lower. A hit removes defence
#    points; at half losses the team is suppressed (压制, Q-23).
#
# All the numbers are data: `hexrules/variants/squad/data/squad.toml`.

# %% [markdown]
# ### What is the source's and what is the project's
#
# The source is a one-page exercise for a campus military training: it names the attributes,
# the five types, the turn, detection and the attack formula, and leaves the rest to the
# referee (导演部). So this lesson uses many marked choices:
#
# - **[decision]** the hex map and line of sight of the main game, one hex = 10 m
#   ([Q-1](../docs/rules.md#Q-1)); "compare detectability with detection range" means **both**
#   must reach ([Q-13](../docs/rules.md#Q-13)); the favourable die is the **lower**
#   ([Q-21](../docs/rules.md#Q-21)).
# - **[house value]** the postures' modifiers, the arcs' R modifiers, the cover bonus of +2 to
#   the actual distance, the ½ penalty of engage on sight, the result table
#   ([Q-7](../docs/rules.md#Q-7), [Q-8](../docs/rules.md#Q-8), [Q-17](../docs/rules.md#Q-17),
#   [Q-22](../docs/rules.md#Q-22), [Q-24](../docs/rules.md#Q-24)).
# - **[project ruling]** the finer points the code had to settle are listed in
#   [Rulings of the squad variant](../docs/rules.md#rulings-squad).

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
# ## 1. The teams and postures
#
# Both tables are read from the data file (an instructor may replace it).

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
# ## 2. Facing and the front hex
#
# A team at `1005` facing east (direction 2). A hex n away from the team is n − 1 away from
# the front hex when it lies in the **front** arc, n in a **flank** arc and n + 1 in the
# **rear** arc. The drawing marks each hex within 4 with its arc: F front, L flank (left or
# right), R rear. Facing costs R: +0 in front, −3 on a flank, −6 behind.

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
# ## 3. Detection worked by hand and by the library
#
# Blue B1 (above) looks east. Red R1, a three-man team upright in the open, stands at `2505`,
# 15 hexes from B1 and 14 from its front hex `1105`.
#
# - d = 14 (from the front hex);
# - R′ = 15 + 0 (front arc) = 15;
# - D′ = 15 + 2 (upright) + 0 (open) = 17.
#
# d ≤ R′ and d ≤ D′: **detected**. The library's record says the same, step by step:

# %%
r1 = Team("R1", "red", "three_man", H(25, 5), posture="upright")
detect(ground, scout, r1)

# %% [markdown]
# The same team **concealed** has D′ = 15 − 4 = 11 < 14: B1 no longer sees it, although its
# own R′ would reach. Both must reach. Within an actual distance of 4 the two teams light each
# other up and each side sees the other's posture, facing and defence:

# %%
display(detect(ground, scout, r1.but(posture="concealed")))
detect(ground, scout, r1.but(hex=H(14, 5), posture="concealed"))

# %% [markdown]
# ## 4. Standing orders on contact
#
# Red R1 (engage on sight) and R2 (covert approach) walk east, step by step; blue B1 waits,
# crouched, in the open. The referee alternates single steps, the side that won the Q-12 die
# first, and checks detection after every step. When R1 first detects B1 within its attack
# range it stops and attacks at once, at half strength; R2 carries on. (R1 detects B1
# early, but B1 is beyond its attack range of 12 for the first steps: engage on sight waits
# until an enemy it detects is in range.) The scripted
# dice are: 1 (red moves first), then the two dice of R1's attack (it opens fire).

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
# The triggered attack's record, with every formula step and its rule ID:

# %%
[p for p in movement.parts if type(p).__name__ == "AttackRecord"][0]

# %% [markdown]
# Where the teams ended: R1 stopped where it fired, R2 walked its five steps (upright, 1 AP a
# step). R1 fired, so blue has detected it for the rest of the turn:

# %%
print({t.id: hex_name(t.hex) for t in state.teams}, "| blue detects R1:",
      state.detects("blue", "R1"))

# %% [markdown]
# ## 5. The attack formula by hand, then by the library (Q-17…)
#
# The rules reference's worked example: blue X (concealed, 3/3) and Y (crouched, 2/3)
# attack red T (crouched, 2/3) in a hex with cover.
#
# | step | X | Y |
# |---|---|---|
# | actual attack (Q-18) | (4 + 1) × 3/3 = 5 | 4 × 2/3 = 8/3 |
# | actual distance (Q-17) | 9 + 2 = 11 | 6 + 2 = 8 |
# | range factor c (Q-19) | 8/11 | 1 |
# | contribution | 40/11 ≈ 3.64 | 8/3 ≈ 2.67 |
#
# Total 208/33 ≈ 6.30; T's actual defence is 2 + 0 = 2; A = ⌊3.15⌋ = **3**. Blue opens
# fire: two dice, keep the lower. The library, with the dice 5 and 2:

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
# T lost 1 point: 1/3 left, losses 2 ≥ half of 3, so it is **suppressed** (Q-23) and makes no
# attack until it has skipped the next attack phase. The odds come from the very code that
# adjudicated, run over every face of the dice (`hexrules.chance`).

# %% [markdown]
# ## 6. The lesson scenario and the fog of war
#
# Five teams a side start at the short edges of a 40 × 30 campus ground; the objective is the
# building at `2015`. Here both sides play random legal plans until, after a movement phase,
# one side has detected an enemy team. Each commander's **view** holds its own teams and only
# the enemy teams it has detected: an undetected team's id, place and plan are nowhere in it.

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
# Blue's view as its commander sees it: its own teams in full, the red team it detected with
# only its type and hex (it is not lit up), and nothing of the others.

# %%
game.view("blue")

# %% [markdown]
# ### Play it in the widget 在部件中推演
#
# The squad player puts the lesson scenario on the board: you are red, the computer blue
# (`"objective"`: it plays to the objective hex and explains each plan it hands in). Your
# screen is your view only — your teams, and the blue teams you have detected (a dashed
# counter: detected, not lit up). Each phase you write your plan and hand it in: in the
# deployment pick a team and click a hex of the shaded zone; in the action plan pick a team
# and click the hex to step to (or press an action, with its AP); in the attack plan click
# your attackers, then a detected enemy. Open a log line to see its record. Set both seats to
# *Human* to play hot seat (the screen is curtained between the commanders), or both to a
# computer and watch with **Computer ▶**.

# %%
from hexrules_widgets.variant_player import SquadPlayer

SquadPlayer(red="human", blue="objective", seed=10)

# %% [markdown]
# ## 7. Exercises 练习
#
# Replace each `None` with your answer and run the cell: the check says **✓ Right 正确** or
# **✗ Not yet 再想想** with a hint. Press **Show the solution 显示答案** only after trying.
#
# **Exercise 1.** Red R1, a three-man team, lies **concealed** in low vegetation (草丛灌木) in
# a hex with a cover marker (掩体). What is its detectability D′?

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
# **Exercise 2.** Blue's marksman B4 at `2006` faces west (direction 5). Red R2, a three-man
# team crouched in the open, is at `0206`. Does B4 detect R2? Answer `True` or `False`.

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
# **Exercise 3.** Blue B1 (three-man, crouched, 3/3, at `2504` facing west) and B2 (four-man,
# upright, 4/4, at `2205` facing west) attack red R3, a two-man team crouched at `1404`, a
# hex with cover. What is A? Work it by hand first (front hexes, cover, c, the sum, the
# actual defence).

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
# **Exercise 4.** Red has not attacked B1 or B2 this turn, so blue's attack of exercise 3
# opens fire. What is its exact chance of a hit? Answer a fraction such as `"1/2"`.

# %%
answer_4 = None  # e.g. "1/2"
check.check_hit_chance(answer_4, ex_ground, [b1, b2], r3, opens_fire=True)

# %%
check.solution("4")

# %% [markdown]
# **Exercise 5.** Three red teams, upright, each write five steps east towards blue B1, who
# waits crouched at `1605`: R1 on *engage on sight*, R2 on *covert approach*, R3 on *search
# and reconnoitre*. The cell below runs the movement phase without showing where the teams
# ended (after answering, `{t.id: hex_name(t.hex) for t in s5.teams}` shows it). **Which red
# teams stopped before finishing their five steps?** Answer a list of ids, e.g. `["R2"]` (or
# `[]` for none).

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
# ## Summary 小结
#
# - Distances for detection and attack are counted from the **front hex** (前一格); the facing
#   also costs R on a flank (−3) or behind (−6).
# - Detection needs sight and both ranges: d ≤ R′ and d ≤ D′; posture, terrain and cover
#   change D′; within 4 both teams light up. The view of a side shows nothing of
#   the teams it has not detected.
# - The referee executes written plans one step a side at a time, checking detection after
#   every step; on contact, engage on sight attacks at once at ½, covert approach carries on,
#   search stops and takes its contact posture (Q-9… ).
# - A = ⌊Σ (actual attack × c) ÷ actual defence⌋, at least 1; B ≤ A hits; opening fire keeps
#   the lower of two dice; half losses suppress (Q-16…Q-23). `attack_odds` gives the exact
#   chance before rolling, from the same code as `resolve_attack`.
# - Every adjudication is a record of steps with rule IDs; the game log replays exactly.
