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
# # Lesson 13 — The after-action review 复盘
#
# **Goal.** Military training learns most from the review after the exercise (复盘): what
# each side saw, what it decided, and where chance or a better choice would have changed the
# outcome. After this lesson you can open any saved game, step through it order by order on
# the board, switch between the full picture and what each side knew under fog of war, read
# each decision's exact odds, the luck of its roll and the orders the computer would have
# preferred, and hand out the review as a page.
#
# Rules used ([rules reference](../docs/rules.md)): [T-6](../docs/rules.md#T-6) (the game
# log and its replay), [F-6](../docs/rules.md#F-6)…[F-10](../docs/rules.md#F-10) (the odds
# of a shot), [V-6](../docs/rules.md#V-6) and [V-8](../docs/rules.md#V-8) (opportunity and
# moving fire). The review's own definitions — luck, expected against actual damage,
# turning points — are **[project ruling]**s ([After-action review](../docs/rules.md#review)).

# %%
# %matplotlib inline
import sys
import tempfile
from pathlib import Path

from IPython.display import display

from hexrules import use_cjk_fonts
from hexrules.language import localize, pick, text
from hexrules.players import GreedyPlayer
from hexrules.review import Review
from hexrules.units import Side

here = Path.cwd()
lessons = here if (here / "_check13.py").exists() else here / "lessons"
sys.path.insert(0, str(lessons))
import _check13 as check

use_cjk_fonts()

# %% [markdown]
# ## 1. Open a saved game
#
# A review opens whatever a game was saved as: the scenario player's **Save 保存** file, a
# `GameState` or its log from Python, a game of a balance run
# (`hexrules.players.balance.game_of`). It plays the log again with the game's own logged
# dice (T-6), so every moment of the game is back exactly as it was.
#
# The prepared game: the duel at the saddle, fog of war on; red is a cadet (the computer at
# its *easy* level), blue the computer at *normal*.

# %%
review = Review.build(lessons / "data" / "review_duel.json")
review

# %% [markdown]
# ## 2. Step through it 逐步回放
#
# **Next 前进 ▶** and **◀ Back 后退** move one record (one order and everything it caused);
# **Go to turn 跳转** and **Go to event 事件** jump (the first kill, an artillery mission, a
# card…). The view **Full 全局 / Red 红方 / Blue 蓝方** shows the full picture or what that
# side knew at that moment: its own tanks, the enemy tanks it saw, the records it may read.
# Under the board's side panel are the record and its decision point.

# %%
from hexrules_widgets.review import GameReview

widget = GameReview(review, board_height="440px")
widget.jump_to_event("first_kill")
widget

# %% [markdown]
# The same from Python: the state after a record, and each side's view of it.

# %%
k = review.find("first_kill")
print(text({"en": "first kill at record {k}: {o}", "zh": "首次击毁在记录 {k}：{o}"}, k=k,
           o=review.record(k).order, sep="\n"))
for side in ("red", "blue"):
    v = review.view_at(k - 1, side)
    print(text({"en": "{s} knew {ids}, hidden {n}", "zh": "{s}知道 {ids}，隐蔽 {n}"},
               s=Side.parse(side).label, ids=[u.id for u in v.units], n=v.hidden, sep="\n"))

# %% [markdown]
# **Exercise 1.** At which record is the first tank destroyed? Find it with the widget
# (without `review.find`), then check.

# %%
answer_1 = None  # a record number
check.check_first_kill(answer_1, review)

# %%
check.solution("1")

# %% [markdown]
# ## 3. Decision points: the odds, the luck, the alternatives 决策点
#
# For every fire order the review gives the **exact odds** the side had — from
# `order_odds`, the adjudication's own code (F-6…F-10, the cards included) — and the result
# the dice gave. The **luck** of that roll is a project ruling:
#
# - *P(this result)*, *P(worse)* and *P(better)* for the shooter, results ordered by the
#   damage they do (destroyed 1, weapon lost 0.45, immobilised 0.35, suppressed 0.08 of a
#   tank's value: the computer player's own scale);
# - the **luck percentile** = P(worse) + P(this result) / 2: 50 % is an ordinary roll, above
#   75 % *lucky*, below 25 % *unlucky*;
# - **luck** = actual − expected damage.
#
# For every fire and move order it also shows the computer's evaluation of the order given
# and the orders it ranks **higher**, with their numbers (from that side's view and memory:
# what the side knew then).

# %%
shots = [d for d in review.decisions if d.fire]
LUCK = {"lucky": pick("lucky", "运气好"), "ordinary": pick("ordinary", "正常"),
        "unlucky": pick("unlucky", "运气差")}
for d in shots:
    print(localize(f"{d.index} {d.side.label} {d.order!r} P(destroyed) "
                   f"{float(d.p_destroyed):.0%}, rolled 结果 {d.rolled}, luck percentile "
                   f"{d.percentile:.0%}"), LUCK[d.verdict])
display(review.decision_at(32))

# %% [markdown]
# **Exercise 2.** Record 32 is red's opportunity fire (V-6) at B1. What was the chance, in
# whole per cent, that this shot destroys B1?

# %%
answer_2 = None  # a whole number of per cent
check.check_chance(answer_2, review, 32)

# %%
check.solution("2")

# %% [markdown]
# **Exercise 3.** Was that roll `"lucky"`, `"ordinary"` or `"unlucky"` for red?

# %%
answer_3 = None  # "lucky", "ordinary" or "unlucky"
check.check_verdict(answer_3, review, 32)

# %%
check.solution("3")

# %% [markdown]
# Where did the cadet's choices cost most? The move orders the computer ranks well above
# the one given:

# %%
regrets = sorted((d for d in review.decisions if d.side.value == "red"),
                 key=lambda d: -d.regret)[:3]
for d in regrets:
    print(text({"en": "#{i} turn {t}: {o} scored {x}; best {b} {y}",
                "zh": "#{i} 第{t}回合：{o} 评分 {x}；最优 {b} {y}"}, i=d.index, t=d.turn,
               o=repr(d.order), x=f"{d.chosen.score:.2f}", b=repr(d.better[0].order),
               y=f"{d.better[0].score:.2f}", sep="\n"))

# %% [markdown]
# ## 4. The summary, the win probability and the turning points 转折点
#
# Per side: the shots fired, the kills and damage they were expected to make against what
# they made, the units lost, the objectives. The **win probability** of each moment is
# estimated by letting the computer play the game on from it a few times (the balance
# runner started from the saved state); the three **turning points** are where it changed
# most. Two games per state (greedy players) keep this lesson fast, so the estimate is rough:
# `games=` buys precision with time, and `progress=True` shows how far it is.

# %%
for s in review.summary():
    print(s)
review = review.with_win_probability(games=2, players={"red": GreedyPlayer(),
                                                       "blue": GreedyPlayer()})
for t in review.turning:
    print(t)

# %% [markdown]
# **Exercise 4.** Whose fire did better than its odds over the whole game, `"red"` or
# `"blue"`? (Compare actual and expected damage in the summary.)

# %%
answer_4 = None  # "red" or "blue"
check.check_luckier(answer_4, review)

# %%
check.solution("4")

# %% [markdown]
# ## 5. Plots 图表 and the page to hand out
#
# The kill timeline, expected against actual damage per turn, and each side's sight over
# time (how many enemy tanks its tanks saw after each record); then the win probability.

# %%
_ = review.plot_kills()
_ = review.plot_damage()
_ = review.plot_sight()
_ = review.plot_win()

# %% [markdown]
# `review.to_html(path)` writes the whole review as one self-contained page (plots and the
# board at the end of each turn as images; nothing from the network): an instructor can hand
# it out or print it. The widget's **Export HTML 导出** does the same.

# %%
page = Path(tempfile.gettempdir()) / "review_duel.html"
review.to_html(page)
print(page, f"{page.stat().st_size // 1024} KB")

# %% [markdown]
# ## 6. Review your own game 复盘你自己的对局
#
# Play the duel against the computer below (red is yours, fog of war on), to the end, and
# press **Save 保存** — or just run on: the review opens your game wherever it stands. Then run
# the next cell and step through your own game with both views and the decision analysis.

# %%
from hexrules_widgets.player import ScenarioPlayer

game = ScenarioPlayer("duel", red="human", blue="normal", fog=True, seed=7,
                      board_height="440px")
game

# %%
mine = Review.build(game.controller.game.state)
GameReview(mine, board_height="440px")

# %% [markdown]
# ## Summary 小结
#
# - `Review.build(saved game)` replays the log (T-6) into every state; `state_at`,
#   `view_at(k, side)`, `record_for(k, side)` give the full picture or what a side knew then
#   (fog of war), and `find("first_kill")`, `turn_start(t)` jump.
# - Each fire order's decision point holds the exact odds of the adjudication, the rolled
#   result's probability and its luck percentile; each fire and move order, the computer's
#   evaluation and the orders it ranks higher.
# - The summary compares expected and actual kills and damage per side; the win probability,
#   estimated from the saved states with the balance runner, names the turning points.
# - `GameReview` steps through it on the board; `to_html` makes the page to hand out.
