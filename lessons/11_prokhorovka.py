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
# # Lesson 11 — Prokhorovka 1943 普罗霍夫卡
#
# **Goal.** After this lesson you can play the Prokhorovka variant on its square grid
# (四方格): say which plate a shot hits from the firer's bearing and the target's facing, and
# why a flank shot (侧面) at a Tiger in the forest penetrates (击穿) where a frontal shot
# ricochets (跳弹); compute the mortar call's scatter (呼叫火炮支援) exactly, as fractions, and
# the chance it destroys a tank; and follow a short played cut of the battle record by record.
#
# Rules used ([rules reference](../docs/rules.md), Appendix B):
# [P-5](../docs/rules.md#P-5), [P-9](../docs/rules.md#P-9), [P-11](../docs/rules.md#P-11),
# [P-12](../docs/rules.md#P-12), [P-13](../docs/rules.md#P-13), [P-14](../docs/rules.md#P-14),
# [P-15](../docs/rules.md#P-15), [P-16](../docs/rules.md#P-16), [P-17](../docs/rules.md#P-17),
# [P-18](../docs/rules.md#P-18), [P-19](../docs/rules.md#P-19), [P-24](../docs/rules.md#P-24).

# %% [markdown]
# ## The rule in plain words
#
# 1. **Squares** (P-5): the map is a grid of 10 m squares named `(column, row)` from the
#    north-west. A unit steps to any of its **8** neighbours; range is the straight-line
#    distance between square centres, in squares.
# 2. **Hit** (P-11): a fire takes effect when the firer's fire die (开火骰) is at most the
#    number for its range. Then the target rolls its casualty die (伤亡骰) c, once a turn.
# 3. **Armour** (装甲, P-13): A = T′ ÷ ((100 + c) × (1 + the firer's fire modifiers)), where T′
#    is the thickness of the plate hit × (1 + the target's defence modifiers). **A ≤ 1
#    penetrates**; otherwise the shot ricochets.
# 4. **Which plate** (P-14): the firer's bearing from the target, against the target's
#    facing: within 45° the front (正面), beyond 135° the rear (后面), otherwise the side
#    (侧面). Exactly on 45° or 135°, the thicker plate is hit.
# 5. **What a penetration does** (P-16): front — destroyed (被毁); side — it can no longer
#    fire; rear — it can no longer move. A second penetration destroys.
# 6. **Mortars** (P-17): a German call brings 6 tubes; a d6 gives n rounds a tube. Each tube
#    rolls 3 d6: the sum ÷ 2, truncated, is its square on the keypad below (5 is the aim).
#    Against armour, k rounds in the square give C = 60k − T′ × 0.8 (T′ the side plate):
#    C > 0 destroys, otherwise the crew is stunned (震晕).
#
# ```
# 1 2 3
# 4 5 6
# 7 8 9
# ```

# %% [markdown]
# ### Which parts are the project's rulings
#
# - **[decision]** the hit part by exact bearing (P-14) and the keypad's reading order (P-17)
#   are the rules reference's reading of a source that names neither.
# - **[house value]** the plates (P-15), the hit table (P-11) and one square a pip (P-9): the
#   source gives none of them. They live in the variant's data file,
#   `hexrules/variants/prokhorovka/data/prokhorovka.toml`, which an instructor may change.
# - **[project ruling]** the cases of play the appendix leaves open (passing through friends,
#   taking turns, the barn, reserves, the melee retreat, fog of war) are listed at the end of
#   Appendix B, in [Rulings of the Prokhorovka variant](../docs/rules.md#rulings-prokhorovka).

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
# ## 1. The square grid
#
# A square has 8 neighbours, and range is measured between centres: a diagonal neighbour is
# √2 ≈ 1.41 squares away. The library decides range bands exactly, with the squared
# distance (an integer): `(6, 8)` is exactly 10 squares from `(0, 0)`.

# %%
grid = SquareGrid(60, 60)
a = grid.parse("(0, 0)")
grid.neighbours(a), a.distance(Square(1, 1)), a.within(Square(6, 8), 10)

# %% [markdown]
# Sight (P-18) is blocked only by barn, house and haystack squares that the line between the
# two centres passes *through*; a touched corner does not block. The source's own example: a
# haystack at 5, a unit at 4 — the squares 3, 6 and 9 beyond it cannot be seen.

# %%
cut = load_scenario("cut")
board = cut.board()
[(board.terrain_at(sq), board.blocks(sq)) for sq in (Square(14, 30), Square(32, 35))]

# %%
hay = Square(32, 35)
four = Square(hay.col - 1, hay.row)
[board.clear(four, Square(hay.col + 1, hay.row + dr)) for dr in (-1, 0, 1)]

# %% [markdown]
# ## 2. Armour: why a flank shot matters
#
# A T-34/76 on the plain fires at a Tiger I standing in the forest (defence +10 % for armour,
# P-19). The Tiger's front plate becomes T′ = 100 × 1.1 = 110 mm, more than the 100 + c of
# any die: the front **always ricochets**. Its side plate is 80 × 1.1 = 88 mm, less than
# 100 + c: a side shot **always penetrates**. The record shows every step.

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
# A for every casualty die, front against side. The exact fractions are what the rule
# compares with 1; the decimals are only for reading.

# %%
rows = []
for c in range(1, 7):
    af = penetration(rules, tiger, "front", c=c, base=100, defence=forest)["A"]
    aside = penetration(rules, tiger, "side", c=c, base=100, defence=forest)["A"]
    rows.append((c, f"{af} ≈ {float(af):.3f}", f"{aside} ≈ {float(aside):.3f}"))
table(["c", "A, front 正面", "A, side 侧面"], rows)

# %% [markdown]
# **Which plate.** The bearing is the exact angle from the target to the firer, measured
# against the target's facing (facings are numbered 0 N, 1 NE, 2 E … 7 NW). A Tiger at
# `(10, 10)` facing east (2):

# %%
t = Square(10, 10)
[(firer, hit_part(tiger, t, 2, firer)[0])
 for firer in (Square(20, 10), Square(10, 2), Square(2, 10), Square(14, 12))]

# %% [markdown]
# On a diagonal facing the 45° lines run along the row and the column, so a firer due south
# of a Tiger facing south-east (3) is exactly on the line between front and side:

# %%
part, step = hit_part(tiger, t, 3, Square(10, 16))
part, step.note

# %% [markdown]
# ### Exercise 1 练习
#
# A Tiger I stands at `(10, 10)` facing east (2). A T-34/85 fires from `(13, 7)`. Which part is
# hit: `"front"`, `"side"` or `"rear"`?

# %%
answer_1 = None  # "front", "side" or "rear"
check.check_hit_part(answer_1, "Tiger I", Square(10, 10), 2, Square(13, 7))

# %%
check.solution("1")

# %% [markdown]
# ## 3. The mortar scatter, computed exactly
#
# Each tube's square is the sum of 3 d6 ÷ 2, truncated. The library enumerates the 6³ = 216
# dice of one tube **through the same function the adjudication uses**, so the odds are
# those of the rule as played. They sum to exactly 1.

# %%
odds = scatter_odds(rules)
keypad = [[odds[k] for k in row] for row in rules.keypad]
sum(odds.values()), table(["", "west", "centre", "east"],
                          [(name, *(f"{p} = {float(p):.1%}" for p in row))
                           for name, row in zip(["north", "middle", "south"], keypad,
                                                strict=True)])

# %% [markdown]
# The keypad is read in reading order, so the scatter is point-symmetric but **not**
# mirror-symmetric: W and E (4, 6) draw far more rounds than N and S (2, 8).
#
# A call's rounds on one square: each of the 6 tubes lands there on its own, so the number
# of tubes m on the aim square is binomial (6, ¼), and the rounds are k = m × n. For n = 2:

# %%
{k: str(p) for k, p in rounds_odds(rules, 5, 2).items()}

# %% [markdown]
# A T-34/76 hit by a single round is destroyed (C = 60 − 40 × 0.8 = 28 > 0), so it survives a
# call aimed at it only when no tube lands on square 5, whatever n is:

# %%
t34 = rules.vehicles["T-34/76"]
mortar_vehicle(rules, t34, 1)["C"], 1 - call_odds(rules, 5)[0], 1 - Fraction(3, 4) ** 6

# %% [markdown]
# ### Exercise 2 练习
#
# A Tiger I stands on the plain (defence 0) on the aim square of a mortar call. What is the
# exact chance that the call destroys it? (One round gives C = 60 − 64 = −4: only a stun.)
# Answer as a fraction in quotes, such as `"3/4"`, or as a decimal.

# %%
answer_2 = None  # e.g. "3/4"
check.check_kill_chance(answer_2, "Tiger I")

# %%
check.solution("2")

# %% [markdown]
# ## 4. A short played cut
#
# The lesson cut (P-24): 60 × 60 squares, 6 turns, 7 German and 7 Soviet units (the Su-152
# enters on turn 4). A game keeps its state, its dice and the log of every order with its
# record. Here the German player calls the mortars on the middle Soviet squad in its trench,
# with scripted dice for the call (n = 2, four tubes on the aim square, two on its east),
# then seeded dice. The board at the start: forest, plain and hills, the road, the farm
# (barn, house, haystacks) and the two trench lines; German units grey-blue, Soviet red.

# %%
ax = plot_board(cut, window=(0, 15, 59, 45))

# %%
call = [2] + [3, 4, 4] * 4 + [4, 4, 4] * 2
game = ProkGame.new(cut, dice=ScriptedDice(call, then=Dice(seed=11)))
game.apply(MortarCall(1, Square(46, 30)))

# %% [markdown]
# The squad's losses came at once (the rounds land at step 2 of the turn, before any move),
# with its casualty die:

# %%
sq2 = game.state.unit("SQ2")
sq2.men, sq2.killed, sq2.wounded, sq2.cas_die

# %% [markdown]
# The sides then skip their moves, and the Tiger fires at the T-34/85 (if the first side to
# act is Soviet, the Soviet player first passes).

# %%
while game.state.phase == "movement":
    game.apply(EndPhase())
if game.state.to_act == "soviet":
    game.apply(EndPhase())
game.apply(OpenFire("GTI1", "ST85-1"))

# %% [markdown]
# The rest of the game is played by random legal orders (from a seeded generator, never the
# game's dice). A saved game replays to the same state.

# %%
game.play_random(seed=3)
r = result(game.state)
replayed = ProkGame.load(game.save())
r["winner"], r["by"], {k: str(v) for k, v in r["points"].items()}, replayed.state == game.state

# %% [markdown]
# The end of the game as the German side sees it (fog of war): its own units, and only the
# enemies one of them has a clear line to.

# %%
ax = plot_board(game.state, side="german", window=(0, 15, 59, 45))

# %% [markdown]
# ### Play it in the widget 在部件中推演
#
# The Prokhorovka player puts the lesson cut on a square board: you are German, the computer
# Soviet (`"greedy"`: it takes the best shot by the exact odds and otherwise drives for the
# farm, and shows its reasons). You see your own units and only the enemies one of them has a
# clear line to; the hills are shaded by height (Hill 252.2, up to 77 m — for display only,
# P-6). In the mortar step click the aim square, or *End phase*; in movement click a unit
# (its action die is rolled), then the shaded squares one by one, then *Finish move*; in
# fire click your unit, then a seen enemy (*Fire to win* ticked for mode `win`). Hover a
# square for its terrain and height; open a log line for its record.

# %%
from hexrules_widgets.variant_player import ProkPlayer

ProkPlayer(german="human", soviet="greedy", seed=11)

# %% [markdown]
# ### Exercise 3 练习
#
# A Pz IV G on the plain (fire modifier 0) fires normal fire at a Soviet squad in a trench on
# the hills (defence 0 for the hills, +50 % for the trench). The squad's casualty die shows 5.
# How many are killed and how many wounded? Answer as a pair `(killed, wounded)`.

# %%
answer_3 = None  # e.g. (2, 1)
check.check_casualties(answer_3, 5, (("hills", Fraction(0)), ("trench", Fraction(1, 2))))

# %%
check.solution("3")

# %% [markdown]
# ## Summary
#
# - The square grid has 8 neighbours and Euclidean range; sight is blocked only by the farm's
#   buildings and haystacks, and a touched corner does not block (P-5, P-18).
# - A = T′ ÷ ((100 + c)(1 + fire)) decides penetration; the plate hit comes from the exact
#   bearing against the facing, and a Tiger in the forest is safe only from the front
#   (P-13…P-16).
# - The mortar scatter is exact: 1/4 on the aim square, 23/108 on W and E, 1/216 on the
#   corners 1 and 9, and the odds of a kill follow from the same code as the adjudication
#   (P-17).
# - A game is a value with its log: save, load and replay give the same battle (P-24).
