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
# # Lesson 07 — The random event cards 随机事件卡
#
# **Goal.** After this lesson you can say what each of the seven event cards does and *when*,
# read a card draw in a game record, see how fire enhancement and reactive armour change a
# shot's exact odds before you roll, play the cards as orders, and know what the other side
# may know of your hand.
#
# Rules used ([rules reference](../docs/rules.md), §7 the cards):
# [E-1](../docs/rules.md#E-1), [E-2](../docs/rules.md#E-2), [E-3](../docs/rules.md#E-3),
# [E-4](../docs/rules.md#E-4), [E-5](../docs/rules.md#E-5), [E-6](../docs/rules.md#E-6),
# [E-7](../docs/rules.md#E-7) (and [T-1](../docs/rules.md#T-1), [T-4](../docs/rules.md#T-4)
# for when they act, [F-1](../docs/rules.md#F-1), [F-5](../docs/rules.md#F-5),
# [F-10](../docs/rules.md#F-10) for fire, [A-1](../docs/rules.md#A-1) and
# [A-8](../docs/rules.md#A-8) for the artillery cards, [T-6](../docs/rules.md#T-6) for the dice).

# %% [markdown]
# ## The rule in plain words
#
# Each side has **its own deck of seven cards**, one of each (**[decision]**: one shared deck
# would run out after four turns). In every random-event phase (随机事件阶段, T-4 step 1) each
# side draws one card while its deck holds any. **A card acts in the next turn** — the whole of
# it, from the preparation phase (T-1) to close combat (T-5) — and then expires.
#
# | card | name | what it does in the turn after the draw | how it is played |
# |---|---|---|---|
# | E-1 | Rapid assault 快速突击 | the first 3 units the side moves get +3 movement points each, marching units too | by itself, on `StartMove` |
# | E-2 | Fire enhancement 火力增强 | one shot of the holder's choice gets +2 attack levels (F-5) | `DeclareFire(…, enhance="R1")` names the shooter |
# | E-3 | Field repair 战地抢修 | at the start of the turn (T-1) one unit that lost its weapon or is immobilised is fully repaired | `FieldRepair("R2")` when the game asks |
# | E-4 | Reactive armour 反应装甲 | the side's next unit hit has its result lowered one step: K → W, W → S, I → S, S → no effect | by itself, on the first hit |
# | E-5 | Rapid reload 急速装填 | the last unit of the side to fire fires a second time, even at a target already fired upon (F-1) | `RapidReload("B1")` in the direct-fire phase |
# | E-6 | 155 mm support 155加榴炮火力支援 | a battery of six 155 mm guns (A-1…A-8) | `PlanFire("4563RN")` right after the draw; lands two turns later |
# | E-7 | 122 mm support 122榴弹炮火力支援 | a battery of six 122 mm howitzers | the same |
#
# An instructor may deal a chosen card to a side and reshuffle its discards back (the reward
# rule, 导调人员奖励): `DealCard("red", "E-4")`.

# %% [markdown]
# ### Which parts are the project's rulings
#
# The rulebook gives one line per card; the project settled the rest
# ([Rulings of the cards](../docs/rules.md#rulings-cards)), each **[project ruling]**:
#
# - the draw is uniform among the cards left, made with the game's own dice (so a game with
#   cards replays exactly, T-6);
# - fire enhancement is named with the shot; in concentrated fire one named shooter gets it
#   ([ruling-enhancement](../docs/rules.md#ruling-enhancement));
# - field repair's unit is chosen when the card acts (T-1), not when it is drawn; it removes
#   *Weapon lost* or *Immobilised*, not *Suppressed*;
# - reactive armour acts on the first hit of *any* kind — direct fire, close combat, an
#   artillery gun or an impact marker — and on the first shot that hits in concentrated fire;
# - rapid reload is played in the direct-fire phase, for the last shooter of the side's latest
#   declaration;
# - the enemy knows **how many** cards you hold, how many are left in your deck and which you
#   have played, but not which you hold, and never where your fire plans will land.

# %%
import sys
from pathlib import Path

from hexrules import Dice, HexMap, ScriptedDice, Side, Unit, state_label
from hexrules.game import (
    DealCard,
    DeclareFire,
    FieldRepair,
    Game,
    Options,
    Pass,
    PlanFire,
    order_odds,
)

here = Path.cwd()
sys.path.insert(0, str(here if (here / "_check07.py").exists() else here / "lessons"))
import _check07 as check
from _check import tr

from hexrules.language import say

m = HexMap.load("training")

# %% [markdown]
# ## 1. A game with the cards, and the first draw (T-4, §7)
#
# A small game on the training map: two red tanks on the slope at `4563PH` and `4563OI`, a
# blue tank in the open at `4563EE`, in sight of both. The shipped scenarios play with
# the cards (`"cards": true` in their files); a game built by hand asks for them with
# `Options(cards=True)`. The dice are scripted for the first turns so that the story is the
# same every time (then seeded): the initiative d6s, and the draws — with seven cards left a
# draw reads two d6 as a number 0–35 (35 is rolled again) and takes it modulo 7.

# %%
r1, r2 = Unit("R1", "red", m.parse("4563PH")), Unit("R2", "red", m.parse("4563OI"))
b1 = Unit("B1", "blue", m.parse("4563EE"))
script = [1, 1,          # turn 1: red fires first (T-2), red moves first (T-3)
          1, 2, 1, 4,    # T-4 draws: red (1, 2) → card 1 of 0…6, blue (1, 4) → card 3
          1,             # turn 2: red fires first
          2, 3, 6]       # R1's shot: 2d6 = 5, armour d6 6
game = Game.new(m, [r1, r2, b1], turns=5, options=Options(cards=True),
                dice=ScriptedDice(script, then=Dice(seed=7)))
before = order_odds(game.state, DeclareFire("R1", "B1"))
print(tr(f"turn 1, R1 → B1, no card yet: level {before.levels[0]} | destroyed "
         f"{float(before.p_destroyed):.1%}", f"第1回合，R1 → B1，尚无卡：攻击等级 "
         f"{before.levels[0]} | 歼灭 {float(before.p_destroyed):.1%}"))

# %% [markdown]
# Nobody fires in turn 1: both sides pass twice in the direct-fire phase and twice in the
# movement phase, and the random-event phase comes. Its first event is the draw:

# %%
for _ in range(4):
    record = game.apply(Pass())
draw = [p for p in record.parts if p.rule == "T-4"][0]
draw

# %% [markdown]
# Red drew **fire enhancement** (E-2) and blue **reactive armour** (E-4); both act in turn 2.
# What each side knows of the cards is in its view: its own hand in full, of the enemy only the
# counts (and the cards played, which are played face up).

# %%
red_view, blue_view = game.view("red").cards, game.view("blue").cards
say(tr("red holds:", "红方持有："), [h.text for h in red_view.hand])
print(tr(f"red knows of blue: holds {red_view.enemy_held} card(s), {red_view.enemy_deck} left "
         f"in its deck; played {red_view.enemy_played}", f"红方所知的蓝方：持有 "
         f"{red_view.enemy_held} 张卡，牌堆剩 {red_view.enemy_deck} 张；"
         f"已出 {red_view.enemy_played}"))
say(tr("blue holds:", "蓝方持有："), [h.text for h in blue_view.hand])

# %% [markdown]
# ## 2. Fire enhancement and reactive armour change the exact odds (E-2, E-4)
#
# Turn 2, red to fire. `order_odds(state, order)` gives the exact odds of an order in a state,
# from the same code the roll will use: it counts the +2 of fire enhancement when the order
# names the shooter (`enhance="R1"`), and the target side's reactive armour, which acts by
# itself on the first hit.

# %%
s = game.state
plain = order_odds(s, DeclareFire("R1", "B1"))
boosted = order_odds(s, DeclareFire("R1", "B1", enhance="R1"))
for name, odds in ((tr("turn 1, no cards", "第1回合，无卡"), before),
                   (tr("turn 2, B1 has reactive armour", "第2回合，B1 有反应装甲"), plain),
                   (tr("turn 2, and R1 plays fire enhancement", "第2回合，R1 再用火力增强"),
                    boosted)):
    print(f"{name:<40} {tr('level', '攻击等级')} {odds.levels[0]:>2}:", ", ".join(
        f"{state_label(k)} {float(p):.1%}" for k, p in odds.final.items()))

# %% [markdown]
# Reactive armour takes the kill away altogether: a K becomes W, and one W does not destroy an
# intact tank (F-10). Fire enhancement, +2 levels, makes a hit far more likely: with both cards
# B1 ends *Weapon lost* four times in five. Red fires with the card; the table gives K, the
# armour die 6 lets it stand (F-8), and blue's reactive armour lowers it to W:

# %%
record = game.apply(DeclareFire("R1", "B1", enhance="R1"))
record

# %%
print(game.state.unit("B1").status_label, tr("| red's E-2 spent:", "| 红方的 E-2 已用："),
      not game.view("red").cards.active(2), tr("| blue's discards:", "| 蓝方弃牌："),
      game.state.cards.discards("blue"))

# %% [markdown]
# ## 3. The instructor's reward and a field repair (§7, E-3)
#
# The instructor rewards blue for a good report and deals it **field repair** (E-3): it counts
# as drawn now and acts at the start of turn 3. There the game waits for blue to name the unit
# (only a unit that has lost its weapon or is immobilised may be named).

# %%
game.apply(DealCard("blue", "E-3"))


def play_on(game, until):
    """Pass (or take the first choice a card asks for) until ``until(state)`` holds."""
    while not until(game.state):
        legal = game.legal_orders()
        game.apply(Pass() if Pass() in legal else legal[0])


play_on(game, lambda s: s.turn == 3)
say(game.state.phase.label, tr("| to act:", "| 行动方："), game.state.to_act.label, "|",
    game.legal_orders().describe())

# %% [markdown]
# Naming a unit the card cannot repair is refused with the rule's reason, and nothing changes
# (here R1, which is not blue's):

# %%
from hexrules.errors import CardError  # noqa: E402

try:
    game.state.verify(FieldRepair("R1"))
except CardError as exc:
    print(tr("refused:", "拒绝："), exc)

# %%
game.apply(FieldRepair("B1"))

# %% [markdown]
# B1 is fully repaired (its *Weapon lost* marker is gone) and turn 3's direct-fire phase
# begins with its initiative d6.

# %% [markdown]
# ## 4. The artillery cards in a game (E-6, E-7, A-1, A-8)
#
# An artillery card is played at once: right after the draw the game waits for the holder's
# fire plan (`PlanFire(hex)`), and the battery lands in the random-event phase two turns later;
# lesson 06 adjudicates such a mission gun by gun. Here the instructor deals red the 155 mm card
# in turn 3; in turn 3's random-event phase red names B1's hex, and the fire lands in turn 5.

# %%
game.apply(DealCard("red", "E-6"))
play_on(game, lambda s: s.to_act is Side.RED and PlanFire(b1.hex) in s.legal_orders())
record = game.apply(PlanFire(m.name_of(game.state.unit("B1").hex)))
print([p for p in game.state.cards.plans if p.side is Side.RED])
print(tr(f"blue sees {game.view('blue').cards.enemy_plans} red plan(s) coming, not where",
         f"蓝方看到红方有 {game.view('blue').cards.enemy_plans} 个火力计划将到，但不知在哪里"))
record

# %% [markdown]
# Both sides now only pass. In turn 5's random-event phase the battery lands, gun by gun
# (A-2…A-7), and its impact markers stay on the map:

# %%
from hexrules.artillery import ArtilleryRecord  # noqa: E402

landed = []
while not game.over:
    legal = game.legal_orders()
    record = game.apply(Pass() if Pass() in legal else legal[0])
    landed += [p for p in record.parts if isinstance(p, ArtilleryRecord)
               and p.plan.side is Side.RED and p.plan.target == b1.hex]
print(landed[0].plan, "| B1:", landed[0].units_after.get("B1", b1).status_label)
landed[0]

# %% [markdown]
# ## 5. Exercises 练习
#
# Replace each `None` with your answer and run the cell; the check says ✓ or gives a hint.
# The button under each exercise shows its solution — press it only after trying.
#
# **Exercise 1.** Red draws rapid reload (E-5) in turn 4. In which turn may its last unit to
# fire fire a second time?

# %%
answer_1 = None  # your answer, e.g. 6
check.check_card_turn(answer_1, 4)

# %%
check.solution("1")

# %% [markdown]
# **Exercise 2.** Blue holds reactive armour in this turn. Red's shot at a blue tank gives
# **I** (immobilised) after every correction. What result lands on the tank? Answer `"K"`,
# `"W"`, `"I"`, `"S"` or `"none"`.

# %%
answer_2 = None  # e.g. "S"
check.check_step_down(answer_2, "I")

# %%
check.solution("2")

# %% [markdown]
# **Exercise 3.** Back in turn 2 (the state `s` of section 2), what was R2's final attack
# level at B1 had red given the card to R2 instead (`DeclareFire("R2", "B1", enhance="R2")`)?
# R2 stands at `4563OI`, ten hexes from B1 and two levels above it.

# %%
answer_3 = None  # a whole number
check.check_level(answer_3, s, DeclareFire("R2", "B1", enhance="R2"))

# %%
check.solution("3")

# %% [markdown]
# **Exercise 4.** In that same state `s`, what was the chance, in percent to the nearest whole
# number, that R2's enhanced shot destroys B1? Think first, then check with `order_odds`.

# %%
answer_4 = None  # e.g. 40
check.check_destroy_chance(answer_4, s, DeclareFire("R2", "B1", enhance="R2"))

# %%
check.solution("4")

# %% [markdown]
# ## Summary 小结
#
# - Each side draws one card of its own seven-card deck in every random-event phase (T-4); a
#   card acts in the next turn only, then expires (§7).
# - Rapid assault (E-1) and reactive armour (E-4) act by themselves; fire enhancement (E-2) is
#   named with the shot, field repair (E-3) when the game asks at T-1, rapid reload (E-5) in
#   the direct-fire phase, and an artillery card (E-6, E-7) with a fire plan right after the
#   draw, landing two turns later.
# - `order_odds(state, order)` gives the exact odds with the cards: +2 levels for the enhanced
#   shooter, one step down for the target's first hit under reactive armour.
# - Your view shows your own cards; the enemy learns only how many you hold, what you have
#   played, and how many fire plans are coming — not where.
# - The instructor's `DealCard` is the reward rule; every draw, play, repair and step-down is
#   in the game record and replays exactly.
