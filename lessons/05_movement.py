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
# # Lesson 05 — Movement and reactive fire 机动与反应射击
#
# **Goal.** After this lesson you can price a move hex by hex (机动消耗), say where a tank can
# get to with its movement allowance (机动力) and where a march (行军) may go, apply the
# stacking limit (堆叠), and referee everything that can happen *during* a move: opportunity
# fire (机会射击) by the opponent, covering fire (掩护射击) in reply, the mover's own moving fire
# (行进间射击) or short-halt fire (短停射击), an illegal step, and a close combat (近战) fought
# round by round. At the end you play a short 1-v-1 game from Python.
#
# Rules used ([rules reference](../docs/rules.md), §5 movement and §8 the turn):
# [V-1](../docs/rules.md#V-1), [V-2](../docs/rules.md#V-2), [V-3](../docs/rules.md#V-3),
# [V-4](../docs/rules.md#V-4), [V-5](../docs/rules.md#V-5), [V-6](../docs/rules.md#V-6),
# [V-7](../docs/rules.md#V-7), [V-8](../docs/rules.md#V-8), [V-9](../docs/rules.md#V-9),
# [V-10](../docs/rules.md#V-10), [V-11](../docs/rules.md#V-11);
# [T-1](../docs/rules.md#T-1)…[T-6](../docs/rules.md#T-6); and
# [C-4](../docs/rules.md#C-4) (illegal orders), [F-1](../docs/rules.md#F-1) (once a turn).

# %% [markdown]
# ## The rule in plain words
#
# 1. **Declare the move** (宣告机动, V-4): name the unit; it gets *Moved* 机动 at once (and
#    *March* 行军 if it marches). A unit that is immobilised, has fired or has moved cannot.
# 2. **Step hex by hex** (逐格机动, V-1): open ground 1 point, forest 2, settlement 3,
#    wading a river (徒涉) 3; water may not be entered. Along a road (道路) every step costs
#    1, bridges (桥) included (V-2). A tank has 5 points (C-1).
# 3. **March** (V-3): declared at the start; roads only, ½ a point a step; no fire of any kind
#    this turn, no friendly hex, not from a stack.
# 4. **Running out** (V-5): a step that costs more than is left is illegal; unspent points
#    are lost.
# 5. **After every step** the opponent may call "stop" 停 and fire (**opportunity fire**, V-6);
#    right after that shot the mover's side may fire back at the shooter with units that have
#    not moved (**covering fire**, V-7). Once in its move the mover may fire itself: **moving
#    fire** at −1 (V-8) or **short-halt fire** at −3 for 3 points (V-9).
# 6. **Close combat** (V-10): entering an enemy's hex stops the move; the fight is settled
#    after the random-event phase, round by round, until one side is left.
# 7. **Stacking** (V-11): at most 4 friendly units in a hex *where a move ends*; a unit whose
#    move ends over the limit is destroyed.
#
# The numbers are data (`hexrules/data/tables/terrain.toml`); every number below is read from
# the loaded tables or worked out by `hexrules`.

# %% [markdown]
# ### What is the rulebook's and what is the project's
#
# - **[decision]** a step across a river costs max(terrain cost, 3), not the sum
#   ([V-1](../docs/rules.md#V-1)).
# - **[project ruling]** a marching unit may not enter an enemy's hex either: close combat
#   would be "something else" ([V-3](../docs/rules.md#ruling-march-enemy)).
# - **[decision]** by default an illegal step is *refused* and nothing changes; the rulebook's
#   paper-table penalty (step undone, move over, one opportunity shot for the opponent) is the
#   `Options(referee="paper")` referee ([V-5](../docs/rules.md#V-5),
#   [C-4](../docs/rules.md#C-4)). Section 6 shows both.
# - **[project ruling]** moving and short-halt fire have exactly one shooter, the mover
#   ([V-9](../docs/rules.md#ruling-one-shooter)).
# - **[decision]** close combat is adjudicated after the random-event phase, and a hex where
#   no unit can fire is a stalemate for the turn ([V-10](../docs/rules.md#V-10)).

# %%
# %matplotlib inline
import sys
from pathlib import Path

import matplotlib.pyplot as plt
from IPython.display import display

from hexrules import (
    HexMap,
    IllegalOrderError,
    ScriptedDice,
    Terrain,
    Unit,
    label,
    load_tables,
    plot_map,
    use_cjk_fonts,
)
from hexrules.game import (
    CoveringFire,
    Decline,
    EndMove,
    Game,
    MovingFire,
    OpportunityFire,
    Options,
    Pass,
    Phase,
    Scenario,
    ShortHaltFire,
    StartMove,
    StepTo,
)
from hexrules.movement import (
    can_stack,
    path_cost,
    path_steps,
    points_text,
    reachable,
    stack_count,
    stacking_limit,
    step_cost,
)

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check05.py").exists() else here / "lessons"))
import _check05 as check
from _check import table, tr

from hexrules.language import say, text

use_cjk_fonts()
m = HexMap.load("training")
terrain = load_tables().terrain


def to_movement(game):
    """Both sides pass in the direct-fire phase (T-2), so the movement phase (T-3) begins."""
    while game.state.phase is Phase.DIRECT_FIRE:
        display(game.apply(Pass()))
    return game


# %% [markdown]
# ## 1. What a step costs (V-1, V-2)
#
# The costs come from the terrain table. Some steps on the training map, priced by
# `step_cost`:

# %%
steps = [("4563PA", "4563PB", tr("along the road", "沿道路")),
         ("4563QA", "4563RA", tr("open ground, no road", "开阔地，无道路")),
         ("4563NN", "4563NO", tr("into the settlement of 李庄", "进入李庄居民地")),
         ("4563WR", "4563VR", tr("across the river: wading", "过河：徒涉")),
         ("4563WS", "4563VS", tr("across the river by the road's bridge", "经道路的桥过河"))]
rows = []
for a, b, what in steps:
    rows.append((a, b, what, m.terrain_at(m.parse(b)).label,
                 "yes 是" if m.has_road(m.parse(a), m.parse(b)) else "",
                 "yes 是" if m.has_river(m.parse(a), m.parse(b)) else "",
                 points_text(step_cost(m, a, b))))
table([tr("from 从", "从"), tr("to 到", "到"), tr("step", "这一步"), "terrain 地形",
       label("road"), label("river"), label("movement_cost")], rows)

# %% [markdown]
# The bridge (桥) makes the river crossing cost 1 instead of 3. Water (面状水系) cannot be
# entered at all: `step_cost` refuses it with the rule's ID.

# %%
lake_shore, lake = m.parse((2, 24)), m.parse((3, 24))
assert m.terrain_at(lake) is Terrain.WATER
try:
    step_cost(m, lake_shore, lake)
except IllegalOrderError as err:
    print(err)

# %% [markdown]
# ### Reachable hexes, drawn with their cost
#
# `reachable` gives every hex a move can end in, at its cheapest cost (V-1…V-5). A red tank
# stands on the south road at `4563VS`, just north of the bridge; each hex it can reach with its
# 5 points is labelled with the cost of getting there. Across the river the cheap way is the
# bridge (1), not wading (3); the road keeps the reach long wherever it goes.

# %%
start = m.parse("4563VS")
reach = reachable(m, start, 5)
window = [h for h in m if h.distance(start) <= 6]
fig, ax = plt.subplots(figsize=(10, 8))
plot_map(m, ax, hexes=window, highlight=reach, legend=False,
         notes={h: points_text(c) for h, c in reach.items()})
ax.set_title(f"{label('movement_allowance')} 5 from 4563VS: {len(reach)} hexes", fontsize=13)
plt.show()

# %%
far = max(reach, key=lambda h: h.distance(start))
print(tr(f"farthest hex: {m.name_of(far)} at {far.distance(start)} hexes for "
         f"{points_text(reach[far])} points", f"最远的格：{m.name_of(far)}，距离 "
         f"{far.distance(start)} 格，消耗 {points_text(reach[far])} 点"))
assert len(reach) > 1 and max(reach.values()) <= 5

# %% [markdown]
# ## 2. March 行军 (V-3): fast, but only on roads, and it may not fire
#
# In march every road step costs ½, so 5 points carry the tank 10 hexes along the road — but
# only along it, and for the whole turn it may fire neither moving nor short-halt fire, and
# cannot answer with covering fire. *Commentary — ours, not the rulebook's:* that is why a march
# in sight of the enemy is risky: the column is strung out on a known road, every hex of it
# invites opportunity fire, and it cannot shoot back.

# %%
start = m.parse("4563PH")            # on the west road
window = [h for h in m if h.distance(start) <= 6]
march = reachable(m, start, 5, march=True)
reach = reachable(m, start, 5)
print(tr(f"{len(march)} hexes by march, all on the road; normal move: {len(reach)} hexes",
         f"行军可达 {len(march)} 格，都在道路上；常规机动：{len(reach)} 格"))
fig, ax = plt.subplots(figsize=(10, 8))
plot_map(m, ax, hexes=window, highlight=march, legend=False,
         notes={h: points_text(c) for h, c in march.items()})
ax.set_title(f"{label('march')} from 4563PH: ½ a point a road step", fontsize=13)
plt.show()

# %%
road_path = ["4563PH", "4563PI", "4563PJ", "4563PK"]
print(tr("the same road path, moving:", "同一段道路，常规机动："),
      points_text(path_cost(m, road_path)), tr("| marching:", "| 行军："),
      points_text(path_cost(m, road_path, march=True)))
for s in path_steps(m, road_path, march=True):
    print(s.rule, s.result)
try:
    path_cost(m, ["4563PH", "4563QH"], march=True)   # off the road
except IllegalOrderError as err:
    print(err)

# %% [markdown]
# ## 3. Stacking 堆叠 (V-11)
#
# At most `stacking_limit()` friendly units may share a hex, counted where a move ends:
# passing through a full hex is allowed, ending in it destroys the mover.

# %%
full = m.parse("4563QC")
four = [Unit(f"R{k}", "red", full) for k in range(1, 5)]
print(tr("limit", "上限"), stacking_limit(),
      tr("| red units in 4563QC:", "| 4563QC 中的红方单位："),
      stack_count(four, full, "red"), tr("| may one more end its move there?",
                                         "| 还能再有一个在此结束机动吗？"),
      can_stack(four, full, "red"))
assert not can_stack(four, full, "red")

# %%
r5 = Unit("R5", "red", m.parse("4563QB"))
g = to_movement(Game.new(m, [*four, r5, Unit("B1", "blue", m.parse((29, 0)))], turns=1,
                         dice=ScriptedDice([1, 1])))
display(g.apply(StartMove("R5")))
display(g.apply(StepTo("4563QC")))      # into the full hex: allowed, the move goes on
if g.state.window:                      # B1, far away, may call "stop" (V-6): it lets it go
    display(g.apply(Decline()))
display(g.apply(EndMove()))             # …but it ends there: over the limit
assert "R5" not in g.state.unit_map

# %% [markdown]
# ## 4. Opportunity fire 机会射击 (V-6) and covering fire 掩护射击 (V-7)
#
# Red R1 drives east along the western road from `4563PA`; R2 waits at `4563OA`. Blue B1 in
# the open at `4563TE` watches the road. The dice are **scripted** (`ScriptedDice`), so this
# plays the same every run: 1 and 1 for the initiatives (red first in both phases, T-2/T-3),
# then 3 + 4 for B1's shot and 4 + 4, 6 for R2's.

# %%
units = [Unit("R1", "red", m.parse("4563PA")), Unit("R2", "red", m.parse("4563OA")),
         Unit("B1", "blue", m.parse("4563TE"))]
g = to_movement(Game.new(m, units, turns=1, dice=ScriptedDice([1, 1, 3, 4, 4, 4, 6])))
display(g.apply(StartMove("R1")))
display(g.apply(StepTo("4563PB")))

# %% [markdown]
# After the step a **reaction window** is open: blue (the side to act now) may call "stop".
# `legal_orders` lists exactly what it may do:

# %%
w = g.state.window
say(w.kind.label, "| side 方", w.side.label, "| target 目标", w.targets,
    tr("| may fire:", "| 可射击："), w.shooters)
say(g.legal_orders().describe())

# %%
display(g.apply(OpportunityFire("B1")))

# %% [markdown]
# S (suppressed) does not stop R1 (only K or I does). Now red may answer with **covering
# fire** at B1 — but only with units that have not moved: R2, not R1.

# %%
w = g.state.window
say(w.kind.label, tr("| may fire:", "| 可射击："), w.shooters, "| target 目标", w.targets)
assert w.shooters == ("R2",)
display(g.apply(CoveringFire("R2")))

# %%
print(tr("B1 left the board:", "B1 已离开棋盘："), "B1" not in g.state.unit_map,
      tr(f"| R1 still moving: {g.state.move.unit} with {points_text(g.state.move.left)} points "
         "left", f"| R1 仍在机动：{g.state.move.unit}，剩余 {points_text(g.state.move.left)} 点"))
display(g.apply(EndMove()))

# %% [markdown]
# ## 5. The mover's own fire: moving fire (V-8) and short-halt fire (V-9)
#
# Once in its move the mover may fire: moving fire at −1, or, instead, short-halt fire at −3
# that costs 3 of its points. Here R1 fires on the move at B1 right after declaring its move
# (dice 3 + 4), then steps on; in blue's turn nothing moves; then R2 moves and uses short-halt
# fire at B2 (dice 4 + 4, armour die 6).

# %%
units = [Unit("R1", "red", m.parse("4563PA")), Unit("R2", "red", m.parse("4563OA")),
         Unit("B1", "blue", m.parse("4563TE")), Unit("B2", "blue", m.parse("4563TF"))]
g = to_movement(Game.new(m, units, turns=1, dice=ScriptedDice([1, 1, 3, 4, 4, 4, 6])))
display(g.apply(StartMove("R1")))
rec = g.apply(MovingFire("B1"))
rec

# %%
print(tr("attack level of the moving fire:", "行进间射击的攻击等级："), rec.fire[0].shots[0].level,
      tr("| a second fire in this move allowed?", "| 本次机动还能第二次射击吗？"),
      g.can(ShortHaltFire("B2")))
display(g.apply(StepTo("4563PB")))
display(g.apply(Decline()))             # blue lets the chance go (B2 could have fired)
display(g.apply(EndMove()))
display(g.apply(Pass()))                # blue moves nothing this time (T-3)

# %%
display(g.apply(StartMove("R2")))
rec = g.apply(ShortHaltFire("B2"))
rec

# %%
print("level", rec.fire[0].shots[0].level, "| points left", points_text(g.state.move.left))
assert g.state.move.left == 5 - terrain.short_halt_cost

# %% [markdown]
# ## 6. An illegal step: the strict referee and the paper table (V-5, C-4)
#
# R1 in the southern plain has spent 4 points and has 1 left; the next hex east is forest
# (丛林地, 2 points). Under the default **strict** referee the step is refused with an error
# naming V-5, and nothing changes:

# %%
def overspend_game(options=None):
    units = [Unit("R1", "red", m.parse((8, 24))), Unit("B1", "blue", m.parse((11, 28)))]
    game = to_movement(Game.new(m, units, turns=1, options=options,
                                dice=ScriptedDice([1, 1, 3, 4])))
    game.apply(StartMove("R1"))
    for col in (9, 10, 11, 12):
        game.apply(StepTo(m.name_of(m.parse((col, 24)))))
        if game.state.window:
            game.apply(Decline())
    return game

g = overspend_game()
forest = m.name_of(m.parse((13, 24)))
cost = step_cost(m, g.state.move.hex, forest)
say(tr("points left", "剩余点数"), points_text(g.state.move.left), tr("| next hex", "| 下一格"),
    forest, m.terrain_at(m.parse(forest)).label, tr("costs", "消耗"), points_text(cost))
try:
    g.apply(StepTo(forest))
except IllegalOrderError as err:
    print(type(err).__name__, ":", err)
print(tr("still at", "仍在"), m.name_of(g.state.unit("R1").hex),
      tr("| listed as legal?", "| 列为合法命令吗？"), StepTo(forest) in g.legal_orders())

# %% [markdown]
# The engine **does** have the rulebook's paper-table penalty, as a referee option:
# `Options(referee="paper")`. The step is accepted as an order, undone, and R1's move ends —
# but first blue gets one opportunity shot at it, and red may not use covering fire.

# %%
g = overspend_game(Options(referee="paper"))
display(g.apply(StepTo(forest)))
say(tr("R1 at", "R1 在"), m.name_of(g.state.unit("R1").hex), tr("| window:", "| 射击时机："),
    g.state.window.kind.label, "→", g.state.window.side.label)
display(g.apply(OpportunityFire("B1")))
assert g.state.move is None and g.state.window is None  # no covering fire; the move is over

# %% [markdown]
# ## 7. Close combat 近战 (V-10), round by round
#
# R1 drives into B1's hex: its move stops there. The close combat is fought after the
# random-event phase (T-4, T-5). Each round a d6 picks who fires first; shots are at range 1,
# without the terrain correction; rounds go on until one side is left. This game is seeded
# (`seed=`), so it too is the same every run.

# %%
units = [Unit("R1", "red", m.parse("4563QC")), Unit("B1", "blue", m.parse("4563QE"))]
g = to_movement(Game.new(m, units, turns=1, seed=5))
display(g.apply(StartMove("R1")))
display(g.apply(StepTo("4563QD")))
if g.state.window:
    display(g.apply(Decline()))
display(g.apply(StepTo("4563QE")))      # B1's hex: the move stops for close combat
print(tr("hexes in close combat:", "近战中的格："), [m.name_of(h) for h in g.state.engaged])

# %%
while g.state.phase is not Phase.CLOSE_COMBAT and not g.over:
    display(g.apply(Pass()))
while g.state.phase is Phase.CLOSE_COMBAT:
    mel = g.state.melee
    say(f"{label('close_combat_round')} {mel.round}:", mel.side.label,
        tr("fires, units to fire", "射击，待射击单位"), mel.to_fire)
    display(g.apply(g.legal_orders()[0]))
left = [u.id for u in g.state.units if u.hex == m.parse("4563QE")]
print(tr("left in the hex:", "留在该格："), left)

# %% [markdown]
# ## 8. A short 1-v-1 game from Python: the `duel` scenario
#
# The shipped scenario *Duel at the saddle* (鞍部对决), seeded. A very simple player: fire
# whenever an order allows it, otherwise drive one step closer to the enemy (at most three
# steps), otherwise pass or decline. Every order is legal by construction: it comes from
# `legal_orders`. The scenario is played with the random event cards (lesson 07): when a card
# asks for a choice (a fire plan's target, a unit to repair) this player takes the first one
# listed.

# %%
FIRES = ("DeclareFire", "OpportunityFire", "CoveringFire", "MovingFire")


def simple_order(game):
    legal = list(game.legal_orders())
    fire = [o for o in legal if type(o).__name__ in FIRES]
    if fire:
        return fire[0]
    state = game.state
    me = state.to_act
    enemies = [u for u in state.units if u.side is not me]
    if state.move is not None and len(state.move.path) <= 3 and enemies:
        steps = [o for o in legal if isinstance(o, StepTo)]
        here_d = min(state.move.hex.distance(e.hex) for e in enemies)
        best = min(steps, key=lambda o: min(m.parse(o.to).distance(e.hex) for e in enemies),
                   default=None)
        if best and min(m.parse(best.to).distance(e.hex) for e in enemies) < here_d:
            return best
    for kind in (EndMove, Decline):
        if kind() in legal:
            return kind()
    starts = [o for o in legal if isinstance(o, StartMove) and not o.march]
    if starts:
        return starts[0]
    return Pass() if Pass() in legal else legal[0]  # a card's choice (lesson 07)


duel = Game.from_scenario(Scenario.load("duel"), seed=11)
print(duel)
records = []
while not duel.over and len(records) < 400:
    records.append(duel.apply(simple_order(duel)))
print(duel, "|", len(records), "orders")
duel.state.score

# %%
print(tr("fire records:", "射击记录："))
for rec in records:
    if rec.fire:
        display(rec)
assert duel.replay() == duel.state      # the log replays the game exactly (T-6)

# %% [markdown]
# ## 9. Exercises 练习
#
# Replace each `None` with your answer and run the cell: the check says **✓ Right 正确** or
# **✗ Not yet 再想想** with a hint. Press **Show the solution 显示答案** only after trying.
#
# **Exercise 1.** A tank moves `4563WR` → `4563VR` → `4563VS` → `4563US` (not in march). How
# many movement points does the path cost? (Look at each step: terrain, river, road.)

# %%
ex1 = ["4563WR", "4563VR", "4563VS", "4563US"]
for a, b in zip(ex1, ex1[1:], strict=False):
    say(a, "→", b, "| terrain 地形", m.terrain_at(m.parse(b)).label,
        tr("| river hexside:", "| 河流格边："), m.has_river(m.parse(a), m.parse(b)),
        tr("| road:", "| 道路："), m.has_road(m.parse(a), m.parse(b)))

# %%
answer_1 = None  # your answer, e.g. 4
check.check_path_cost(answer_1, m, ex1)

# %%
check.solution("1")

# %% [markdown]
# **Exercise 2.** A red tank on the road at `4563PH` declares a march (行军). A friendly tank
# stands on the road at `4563PL`. May the marching tank end its move at `4563PN`? Answer
# `True` or `False`.

# %%
friend = Unit("R2", "red", m.parse("4563PL"))
answer_2 = None  # True or False
check.check_march(answer_2, m, "4563PH", "4563PN", units=[friend])

# %%
check.solution("2")

# %% [markdown]
# **Exercise 3.** Red R1 moved earlier this turn; now red R3 steps from `4563PA` to `4563PB`
# and blue B1 takes an opportunity shot at it (S). Red R2 at `4563OA` has not moved. Blue B2
# stands at `4563TF`. **Which red units may fire now?** Answer a list of names, e.g. `["R1"]`
# (or `[]` for none).

# %%
units = [Unit("R1", "red", m.parse("4563QB")), Unit("R2", "red", m.parse("4563OA")),
         Unit("R3", "red", m.parse("4563PA")), Unit("B1", "blue", m.parse("4563TE")),
         Unit("B2", "blue", m.parse("4563TF"))]
g3 = to_movement(Game.new(m, units, turns=1, dice=ScriptedDice([1, 1, 3, 4])))
g3.apply(StartMove("R1"))
g3.apply(StepTo("4563QC"))
g3.apply(Decline())
g3.apply(EndMove())
g3.apply(Pass())
g3.apply(StartMove("R3"))
g3.apply(StepTo("4563PB"))
display(g3.apply(OpportunityFire("B1")))
print(text({"en": "{s} to act", "zh": "{s}行动"}, s=g3.state.to_act.label))

# %%
answer_3 = None  # e.g. ["R1"]
check.check_may_fire(answer_3, g3.state)

# %%
check.solution("3")

# %% [markdown]
# ## Summary 小结
#
# - A step costs its terrain's entry cost (open 1, forest 2, settlement 3), max(cost, 3) across
#   a river (徒涉), 1 along a road and over its bridge (桥), ½ in march; water may not be
#   entered (V-1…V-3). `step_cost`, `path_cost`, `path_steps` and `reachable` do the sums.
# - March is fast but rigid: roads only, no friendly hex, no stack, and no fire all turn (V-3).
# - Stacking counts where a move ends: at most 4; ending over the limit destroys the mover
#   (V-11).
# - During a move: opportunity fire after each step (V-6), then covering fire by units that
#   have not moved (V-7); the mover's one moving fire at −1 (V-8) or short-halt fire at −3
#   for 3 points (V-9). `legal_orders` and the state's reaction window say who may fire.
# - An overspending step is refused by the strict referee and penalised by the paper-table
#   referee (V-5, C-4). Close combat is fought round by round until one side is left (V-10).
# - Every order returns a record; scripted or seeded dice make a game replay exactly (T-6).
