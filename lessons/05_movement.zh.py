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
# # 第05课 — 机动与反应射击
#
# **本课目标**：学完本课，你要能逐格计算一次机动的机动消耗，说出一辆坦克用它的机动力能到达哪里、行军能走到哪里，会运用堆叠上限，并能裁决机动*过程中*可能发生的一切：对方的机会射击、己方随之进行的掩护射击、机动单位自己的行进间射击或短停射击、一次违规的机动，以及一轮一轮进行的近战。最后你要用Python打一局简短的1对1推演。
#
# 本课用到的规则（[规则参考](../docs/rules.md)，§5 机动、§8 回合）：[V-1](../docs/rules.md#V-1)、[V-2](../docs/rules.md#V-2)、[V-3](../docs/rules.md#V-3)、[V-4](../docs/rules.md#V-4)、[V-5](../docs/rules.md#V-5)、[V-6](../docs/rules.md#V-6)、[V-7](../docs/rules.md#V-7)、[V-8](../docs/rules.md#V-8)、[V-9](../docs/rules.md#V-9)、[V-10](../docs/rules.md#V-10)、[V-11](../docs/rules.md#V-11)；[T-1](../docs/rules.md#T-1)…[T-6](../docs/rules.md#T-6)；以及[C-4](../docs/rules.md#C-4)（违规命令）、[F-1](../docs/rules.md#F-1)（每回合一次）。

# %% [markdown]
# ## 规则讲解
#
# **条文**：规则三（三）“机动”：1“机动力”、2“机动力消耗”、3“实施机动”、4“机会射击”、5“掩护射击”、6“行进间射击”、7“短停射击”、8“近战”、9“堆叠”；裁决顺序见四（三）“机动推演与结果裁决流程”。
#
# **要点**
#
# 1. **宣告机动**（V-4）：指明机动的单位；随即放置“机动”注记（以行军方式机动时放置“行军”注记）。失动的单位、已射击或已机动的单位不能宣告机动。
# 2. **逐格机动**（V-1）：进入开阔地消耗1点，丛林地2点，居民地3点，徒涉河流3点；不能进入面状水系。沿道路每格消耗1点，过桥也一样（V-2）。坦克有5点机动力（C-1）。
# 3. **行军**（V-3）：在机动开始时宣告；只能沿道路，每格消耗½点；本回合不能进行任何射击，不能进入有己方单位的六角格，处于堆叠中的单位不能行军。
# 4. **机动力不足**（V-5）：“如果算子剩余的机动力值小于将进入的六角格需消耗的机动力值时，算子不能进入该格，机动结束”；剩下的机动力作废。
# 5. **每机动一格**，对方都可以喊“停”并射击（**机会射击**，V-6）；这次射击一裁决完，机动一方就可以用没有机动过的单位还击那个射击单位（**掩护射击**，V-7）。机动单位在本次机动中可以自己射击一次：**行进间射击**攻击等级−1（V-8），或**短停射击**消耗3点机动力、攻击等级−3（V-9）。
# 6. **近战**（V-10）：进入敌方单位所在的六角格，机动立即停止；随机事件阶段结束后一轮一轮地裁决，直到只剩一方。
# 7. **堆叠**（V-11）：*机动结束时*，一格内最多4个己方单位；机动结束时超过上限的单位按被歼灭裁决。
#
# 这些数字都是数据（`hexrules/data/tables/terrain.toml`）；下面的每个数字都从载入的表中读出，或由`hexrules`算出。

# %% [markdown]
# ### 哪些出自规则，哪些是本项目的
#
# - 【项目裁定】跨过河流的一步消耗max(地形消耗, 3)，而不是两者之和（[V-1](../docs/rules.md#V-1)）。
# - 【项目细则】行军的单位也不能进入敌方单位所在的六角格：近战属于“行军之外的其它行动”（[V-3](../docs/rules.md#ruling-march-enemy)）。
# - 【项目裁定】默认情况下，违规的一步被*拒绝*，状态不变；规则中纸面推演的处罚办法（退回这一步、机动结束、对方获得一次机会射击）由裁判选项`Options(referee="paper")`提供（[V-5](../docs/rules.md#V-5)、[C-4](../docs/rules.md#C-4)）。第6节两种都演示。
# - 【项目细则】行进间射击和短停射击只有一个射击单位，就是机动单位本身（[V-9](../docs/rules.md#ruling-one-shooter)）。
# - 【项目裁定】近战在随机事件阶段之后裁决；一格内没有单位能射击时，本回合为僵持（[V-10](../docs/rules.md#V-10)）。

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
# ## 1. 一步的消耗（V-1、V-2）
#
# 消耗取自地形表。下面是训练场上的几步，由`step_cost`计算消耗：

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
# 桥使过河的消耗由3点降为1点。面状水系根本不能进入：`step_cost`拒绝这一步，并给出规则编号。

# %%
lake_shore, lake = m.parse((2, 24)), m.parse((3, 24))
assert m.terrain_at(lake) is Terrain.WATER
try:
    step_cost(m, lake_shore, lake)
except IllegalOrderError as err:
    print(err)

# %% [markdown]
# ### 可到达的六角格，标出消耗
#
# `reachable`给出一次机动可以结束的每一格，以及到达它的最小消耗（V-1…V-5）。一辆红方坦克在南边道路上的`4563VS`，就在桥的北边；它用5点机动力能到达的每一格，都标出了到达那里的消耗。过河便宜的走法是过桥（1），而不是徒涉（3）；道路通到哪里，哪里就走得远。

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
# ## 2. 行军（V-3）：快，但只能沿道路，而且不能射击
#
# 行军时沿道路每格消耗½点，所以5点机动力能让坦克沿道路走10格——但只能沿道路走，而且整个回合都既不能行进间射击，也不能短停射击，也不能进行掩护射击。*讲评——这是我们的看法，不是规则的：*所以在敌人视界内行军是危险的：队形沿着一条已知的道路拉开，每一格都招来机会射击，而自己又不能还击。

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
# ## 3. 堆叠（V-11）
#
# 一格内最多可以有`stacking_limit()`个己方单位，按机动结束时计算：经过已满的一格是允许的，停在其中则机动单位被歼灭。

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
# ## 4. 机会射击（V-6）和掩护射击（V-7）
#
# 红方R1从`4563PA`沿西边的道路向东开进；R2在`4563OA`待机。蓝方B1在`4563TE`的开阔地上，监视着这条道路。骰子是**预定的**（`ScriptedDice`），所以每次运行都一样：先手骰为1和1（两个阶段都是红方先手，T-2/T-3），然后B1射击的骰点为3 + 4，R2射击的骰点为4 + 4和6。

# %%
units = [Unit("R1", "red", m.parse("4563PA")), Unit("R2", "red", m.parse("4563OA")),
         Unit("B1", "blue", m.parse("4563TE"))]
g = to_movement(Game.new(m, units, turns=1, dice=ScriptedDice([1, 1, 3, 4, 4, 4, 6])))
display(g.apply(StartMove("R1")))
display(g.apply(StepTo("4563PB")))

# %% [markdown]
# 这一步之后，**反应时机**开启：蓝方（现在的行动方）可以喊“停”。`legal_orders`准确地列出它能做的一切：

# %%
w = g.state.window
say(w.kind.label, "| side 方", w.side.label, "| target 目标", w.targets,
    tr("| may fire:", "| 可射击："), w.shooters)
say(g.legal_orders().describe())

# %%
display(g.apply(OpportunityFire("B1")))

# %% [markdown]
# S（压制）并不能使R1停下（只有K或I才能）。现在红方可以对B1进行**掩护射击**——但只能用没有机动过的单位：R2可以，R1不行。

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
# ## 5. 机动单位自己的射击：行进间射击（V-8）和短停射击（V-9）
#
# 机动单位在本次机动中可以射击一次：行进间射击攻击等级−1；或者改为短停射击，攻击等级−3，并消耗3点机动力。这里R1宣告机动后立即对B1实施行进间射击（骰点3 + 4），然后继续机动；轮到蓝方时没有单位机动；然后R2机动，并对B2实施短停射击（骰点4 + 4，装甲骰6）。

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
# ## 6. 违规的一步：严格裁判与纸面推演的裁判（V-5、C-4）
#
# 南部平地上的R1已消耗4点机动力，只剩1点；东边下一格是丛林地（2点）。在默认的**严格**裁判下，这一步被拒绝，报错信息指明V-5，状态不变：

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
# 引擎**确实**提供了规则中纸面推演的处罚办法，作为一个裁判选项：`Options(referee="paper")`。这一步作为命令被接受，然后退回，R1的机动结束——但在此之前蓝方可以对它实施一次机会射击，而红方不能进行掩护射击。

# %%
g = overspend_game(Options(referee="paper"))
display(g.apply(StepTo(forest)))
say(tr("R1 at", "R1 在"), m.name_of(g.state.unit("R1").hex), tr("| window:", "| 射击时机："),
    g.state.window.kind.label, "→", g.state.window.side.label)
display(g.apply(OpportunityFire("B1")))
assert g.state.move is None and g.state.window is None  # no covering fire; the move is over

# %% [markdown]
# ## 7. 近战（V-10），一轮一轮地裁决
#
# R1开进B1所在的六角格：它的机动在那里停止。近战在随机事件阶段之后进行（T-4、T-5）。每一轮掷一颗d6决定谁先射击；射击按距离1格计算，不做地形修正；一轮接一轮，直到只剩一方。这局推演有种子（`seed=`），所以每次运行也都一样。

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
# ## 8. 用Python打一局简短的1对1推演：`duel`想定
#
# 随附的想定*鞍部对决*，有种子。一个非常简单的推演者：只要命令允许就射击，否则向敌人开近一步（最多三步），否则放弃行动或放弃射击。每条命令都必然合法：它们都取自`legal_orders`。这个想定使用随机事件卡（第07课）：当一张卡要求作出选择（炮兵火力计划的目标、要抢修的单位）时，这个推演者选列出的第一项。

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
# ## 9. 练习
#
# 把每个`None`换成你的答案，运行该单元格：检查结果显示**✓ 正确**，或者**✗ 再想想**并附提示。先自己做，再按**显示答案**。
#
# **练习1.** 一辆坦克按`4563WR` → `4563VR` → `4563VS` → `4563US`机动（不是行军）。这条路线消耗多少机动力？（逐步看：地形、河流、道路。）

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
# **练习2.** 道路上`4563PH`处的一辆红方坦克宣告行军。道路上`4563PL`处有一辆己方坦克。这辆行军的坦克能在`4563PN`结束机动吗？回答`True`或`False`。

# %%
friend = Unit("R2", "red", m.parse("4563PL"))
answer_2 = None  # True or False
check.check_march(answer_2, m, "4563PH", "4563PN", units=[friend])

# %%
check.solution("2")

# %% [markdown]
# **练习3.** 红方R1本回合早些时候已经机动过；现在红方R3从`4563PA`机动到`4563PB`，蓝方B1对它实施机会射击（S）。`4563OA`处的红方R2没有机动过。蓝方B2在`4563TF`。**现在哪些红方单位可以射击？**回答一个单位名称的列表，例如`["R1"]`（没有就回答`[]`）。

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
# ## 小结
#
# - 一步的消耗就是进入该地形的消耗（开阔地1、丛林地2、居民地3），跨过河流（徒涉）为max(消耗, 3)，沿道路（包括过桥）为1，行军为½；不能进入面状水系（V-1…V-3）。`step_cost`、`path_cost`、`path_steps`和`reachable`负责计算。
# - 行军快但死板：只能沿道路，不能进入有己方单位的格，堆叠中的单位不能行军，整个回合不能射击（V-3）。
# - 堆叠按机动结束时计算：最多4个；结束时超过上限，机动单位被歼灭（V-11）。
# - 机动过程中：每机动一格之后可能有机会射击（V-6），随后由没有机动过的单位进行掩护射击（V-7）；机动单位自己可以进行一次行进间射击（−1，V-8）或短停射击（−3，消耗3点，V-9）。`legal_orders`和状态中的反应时机说明谁可以射击。
# - 机动力不够的一步，严格裁判拒绝，纸面推演的裁判则予以处罚（V-5、C-4）。近战一轮一轮地进行，直到只剩一方（V-10）。
# - 每条命令都返回一份裁决记录；预定的或有种子的骰子使一局推演可以完全重现（T-6）。
