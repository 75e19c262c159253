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
# # Lesson 08 — A computer opponent and scenario balance 想定
#
# **Goal.** After this lesson you can play a whole game against the computer from Python,
# read the computer's explanation of each of its choices (the exact odds behind them), and
# measure whether a scenario (想定) is balanced by letting the computer play it many times —
# and say *why* a scenario is not.
#
# Rules used ([rules reference](../docs/rules.md)): [T-2](../docs/rules.md#T-2) and
# [T-3](../docs/rules.md#T-3) (who acts first), [V-6](../docs/rules.md#V-6) (opportunity
# fire), [F-7](../docs/rules.md#F-7) (cover), [F-9](../docs/rules.md#F-9) (concentrated fire).

# %% [markdown]
# ## The computer player in plain words
#
# `hexrules.players.DefaultPlayer` looks at **its side's view only** (with fog of war it
# knows the enemy tanks it sees now and remembers where it last saw the others) and scores
# every legal order by its expected gain, in scenario points:
#
# - **damage**: the value it expects to take from the target, from the exact odds of the
#   adjudication itself (F-6…F-10, concentrated fire composed, F-9);
# - **risk**: for every hex of a path, the enemy tanks that could see it and still fire
#   opportunity fire (V-6), and their exact chance to destroy or immobilise the mover;
# - **exposure**, **cover**, **watch**: what the end hex costs at the next direct-fire phase,
#   forest and settlement (F-7), sight of the objectives;
# - **objective**: the points of the hold objectives it expects to gain;
# - **commit** and **later**: what a shooter gives up (its move, its reactions), and the
#   better chance that may come if it declines a poor opportunity shot now.
#
# It plays the best order, drawn at random among those within a few hundredths of a point,
# so the same seed gives the same game but a cadet cannot learn it by rote.

# %%
# %matplotlib inline
import sys
from pathlib import Path

from IPython.display import display

from hexrules import use_cjk_fonts
from hexrules.game import DeclareFire, Decline, GameState, OpportunityFire, Pass, Scenario
from hexrules.language import pick, text
from hexrules.players import Decision, DefaultPlayer, balance, play

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check08.py").exists() else here / "lessons"))
import _check08 as check

use_cjk_fonts()

# %% [markdown]
# ## 1. A decision and its numbers
#
# The meeting engagement, at the start of the movement phase of turn 1: the computer plays
# red. Each row of its decision is one candidate order with the parts of its score; the
# chosen one is in bold.

# %%
s = GameState.from_scenario("meeting", seed=3)
s, _ = s.apply(Pass())
s, _ = s.apply(Pass())
computer = DefaultPlayer(seed=1)
decision = computer.decide(s.view(s.to_act), s.legal_orders())
print(text({"en": "{side} to act; {n} legal orders", "zh": "{side}行动；{n}条合法命令"},
           side=s.to_act.label, n=len(s.legal_orders())))
decision

# %% [markdown]
# ### The threat map 威胁图 behind the risk
#
# The *risk* part of a move's score is built on the threat map of lesson 04: for each hex,
# the exact chance that a red tank stopping there is destroyed by the enemy tanks that can
# see it. Under fog of war red's own threat map counts only the enemies red sees — none yet —
# so the computer weighs where the unseen blue tanks may be instead (its memory of the
# set-up and of what it saw). The umpire's picture, from the full state, shows what red
# cannot know. Click a hex for its reasons.

# %%
from hexrules_widgets.threat import ThreatView

from hexrules.analysis import threat_map

seen = threat_map(s.view("red"), s.hexmap, "red")
umpire = threat_map(s, s.hexmap, "red")
print(text({"en": "hexes where a stop may be fatal — in red's view: {a} | in the umpire's: {b}",
            "zh": "停下可能被歼灭的六角格——红方视图中：{a} | 裁判视图中：{b}"},
           a=sum(p > 0 for p in seen.values()), b=sum(p > 0 for p in umpire.values())))
ThreatView(s.hexmap, s, side="red", board_height="420px")

# %% [markdown]
# ## 2. A game against the computer
#
# A player is any object with a `name` and a `decide(view, legal)` method that returns a
# `Decision`. Below is a cadet who only shoots: it fires whenever it may (the last fire order
# listed is the largest concentration) and otherwise lets the chance go or passes. Change
# `my_order` and play again.

# %%
FIRE = (DeclareFire, OpportunityFire)


def my_order(view, legal):
    fire = [o for o in legal if isinstance(o, FIRE)]
    return fire[-1] if fire else legal[0]


class Cadet:
    name = "cadet"

    def decide(self, view, legal):
        return Decision(my_order(view, legal))


said = []
blue = DefaultPlayer(seed=2)
game = play("duel", {"red": Cadet(), "blue": blue}, seed=5,
            each=lambda state, d, record: said.append(d))
print(game.state.score)

# %% [markdown]
# What did the computer think when it fired, or let a shot go? Its decisions carry their
# candidates; here are those of its fire and decline orders.

# %%
for d in said:
    if d.player.startswith("default") and isinstance(d.order, (*FIRE, Decline)):
        display(d)

# %% [markdown]
# With fog of war the computer decided from its view only: it never saw the hidden tank
# except when one of its units did, and it remembers where it last saw it (an empty `{}`:
# it never saw it in this game). It also keeps the hexes the hidden tank may be in: every hex
# it could have reached since it was last known, less the hexes its own units see now.

# %%
print(pick("last seen:", "最后看见："),
      {k: (game.state.hexmap.name_of(u.hex), text({"en": "turn {n}", "zh": "第{n}回合"}, n=t))
       for k, (u, t) in blue.memory.last_seen.items()})
print(pick("may be in:", "可能位于："),
      {k: text({"en": "{n} hexes", "zh": "{n}格"}, n=int(m.sum()))
       for k, m in blue.memory.belief.items()})

# %% [markdown]
# ## 3. Is a scenario balanced? Let the computer play it many times
#
# `balance(scenario, players, games=N, seed=…)` plays `N` seeded games and reports the win
# rate of each side with its 95 % confidence interval (Wilson), the points, the game length
# and the most frequent causes of the losing side's defeat. Here: the attack on Lizhuang,
# the computer on both sides, 4 games (a class would run hundreds — on a process pool by
# default, or on a Dask cluster with `executor=distributed.Client(...)`: each game depends
# only on the seed and its number, so the report is the same wherever the games run).

# %%
village = Scenario.load("village")
report = balance("village", {"red": DefaultPlayer(), "blue": DefaultPlayer()}, games=4,
                 seed=6, executor="serial")
report

# %%
_ = report.plot()

# %% [markdown]
# ## Exercises 练习
#
# Replace each `None` with your answer and run the cell: the check says **✓ Right 正确** or
# **✗ Not yet 再想想** with a hint. Press **Show the solution 显示答案** only after trying.
#
# **Exercise 1.** Which side does the village scenario favour, on the evidence of the report
# above: `"red"`, `"blue"` or `"neither"`? (A side is favoured when its whole interval lies
# above the other's.)

# %%
answer_1 = None  # "red", "blue" or "neither"
check.check_favoured(answer_1, report)

# %%
check.solution("1")

# %% [markdown]
# **Exercise 2.** What makes the village unbalanced? Answer `"a"`, `"b"` or `"c"`.
#
# - (a) blue has more tanks than red;
# - (b) blue starts on the objectives, in settlement hexes (F-7), watching the approaches, so
#   red must step into its sight and take opportunity fire (V-6) before it can fire itself;
# - (c) blue always acts first.
#
# Look at the briefing and the set-up (`village` below) before you answer.

# %%
print(village.briefing.pick(sep="\n"))
print({u.id: u.hex for s in village.sides for u in s.units})

# %%
answer_2 = None  # "a", "b" or "c"
check.check_cause(answer_2, village)

# %%
check.solution("2")

# %% [markdown]
# ## 4. Play a scenario in the browser 在浏览器中推演
#
# The scenario player (`hexrules_widgets.player.ScenarioPlayer`) is the game on the board:
# choose a scenario and who plays each side (a person 人, or the computer at a difficulty),
# then give your orders by clicks — in the direct-fire phase click your shooter(s), then the
# target; in the movement phase click a tank, then hex by hex (each hex it may enter next is
# shaded with the step's cost and the points left after it, `−1` over `4`, also listed beside
# the board); every other legal order (pass, end of the move, opportunity fire, decline,
# the card orders…) is a button. The toggle 中 / EN / 双语 switches the language. An order the rules refuse changes nothing, and the status
# line says which rule refused it. Every record in the log opens with a click.
#
# With **fog of war 战争迷雾** the page is drawn from your side's view only: the blue tanks
# no red tank sees are not on the page at all.
#
# Below, a few orders are given from Python (the same buttons and clicks): red passes in the
# direct-fire phase, starts R1's move, steps two hexes east, tries a hex that is not next to
# it (refused: read the status line) and ends the move. Then play on yourself.

# %%
from hexrules_widgets.player import ScenarioPlayer

from hexrules.units import Side

player = ScenarioPlayer("meeting", red="human", blue="normal", fog=True, seed=4,
                        board_height="480px")
m = player.board.hexmap
player.press("Pass")                                   # T-2: red passes
r1 = next(u for u in player.screen.view.units if u.id == "R1")
player.click(r1.hex)                                   # V-4: R1 declares a move
for name in ("4563OD", "4563PD", "4563QC"):            # two steps, then one too far
    player.click(m.parse(name))
print(player.status_line.value)
player.press("End of the move")
player

# %% [markdown]
# **Exercise 3.** How many blue tanks does red's screen hide now? (Read the phase line.)

# %%
answer_3 = None  # a whole number
check.check_hidden(answer_3, player)

# %%
check.solution("3")

# %% [markdown]
# Without fog of war the computer's reasoning (电脑的决策) is shown under the log: its top
# candidates and the numbers behind each. Here red passes and blue answers.

# %%
open_game = ScenarioPlayer("meeting", red="human", blue="normal", fog=False, seed=4,
                           board_height="480px")
open_game.press("Pass")
decision = open_game.controller.decisions[Side("blue")]
print(decision)
decision

# %% [markdown]
# **Exercise 4.** The computer passed rather than fire B2 at R1 (its second candidate).
# Which part of that candidate weighs most against it? Answer its name, e.g. `"damage"`.

# %%
answer_4 = None  # a part's name
check.check_against(answer_4, decision)

# %%
check.solution("4")

# %% [markdown]
# ## Summary 小结
#
# - A player is anything with `decide(view, legal) -> Decision`; `play(scenario, players)`
#   plays a whole game and `each` shows every decision on the way.
# - The default player scores each legal order from the exact odds (damage, risk,
#   exposure, objective…) and explains itself: a decision shows its top candidates and the
#   numbers behind them. With fog of war it sees only its side's view.
# - `balance` measures a scenario over many seeded games with confidence intervals; four
#   games are too few to tell the sides of the village apart — a class runs hundreds, and
#   the defender sitting in cover on the objectives, watching the approaches, has the edge.
# - The scenario player plays a shipped scenario on the board, hot seat or against the
#   computer; with fog of war the page holds only your side's view.
