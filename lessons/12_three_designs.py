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
# # Lesson 12 — Three designs side by side 三种设计
#
# **Goal.** After this lesson you can compare the three games of this project as designs: the
# tank game (the main rules), the squad game (班组级步兵推演, Appendix A) and Prokhorovka 1943
# (普罗霍夫卡, Appendix B). For each you can say its scale and grid, how it decides sight, fire
# and damage, **where chance enters**, and what it asks of the player; and you can read the
# exact distribution of one attack in each, computed by each library's own exact-odds code.
#
# Rules used ([rules reference](../docs/rules.md)): the tank game
# [M-1](../docs/rules.md#M-1), [F-3](../docs/rules.md#F-3), [F-6](../docs/rules.md#F-6),
# [F-7](../docs/rules.md#F-7), [F-10](../docs/rules.md#F-10); the squad game
# [Q-1](../docs/rules.md#Q-1), [Q-13](../docs/rules.md#Q-13), [Q-20](../docs/rules.md#Q-20),
# [Q-21](../docs/rules.md#Q-21), [Q-22](../docs/rules.md#Q-22), [Q-26](../docs/rules.md#Q-26);
# Prokhorovka [P-5](../docs/rules.md#P-5), [P-11](../docs/rules.md#P-11),
# [P-13](../docs/rules.md#P-13), [P-17](../docs/rules.md#P-17), [P-18](../docs/rules.md#P-18).
#
# Lessons 04, 10 and 11 teach each game on its own; this one puts them next to each other.

# %% [markdown]
# ## The three designs in plain words
#
# | | tank game | squad game | Prokhorovka 1943 |
# |---|---|---|---|
# | what you command | tank platoons | teams of 1–4 soldiers | tanks and squads of a battle |
# | sight | a sight line over heights (通视判断) | the same line, **and** detection range against detectability (侦察结算) | only buildings and haystacks block (视野) |
# | fire | an attack level from range, read with 2 d6 on a table (战斗结果表) | a formula A from attack, range and defence, against 1 d6 | a fire die against the range band, then a casualty die and armour (装甲) |
# | damage | results that accumulate (战果累加) | defence points lost, suppression | men killed and wounded, plates penetrated (击穿) |
# | orders | one order at a time, with reactions | written plans, executed step by step by the referee | activated units, one at a time |
#
# **Commentary (this lesson's, not the rulebook's):** the three come from different sources
# and sizes of battle: a tank platoon's fight over real heights, a campus drill run by a
# referee (导演部), a historical battle on squared paper. Nothing in this lesson ranks them;
# it only shows what each asks for.

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
# ## 1. Scale and grid, from the data
#
# The table below is read from the three games' data and code: the grids count their own
# neighbours, the map sizes are the lesson scenarios' files, the numbers of sight and fire
# are the rule tables.
#
# The metres per cell are the rules reference's: the tank game's is a constant of the code
# (`HEX_METRES`, M-1, 每格表示实际距离50米); the two variants' data files do not carry their
# scale, so it is quoted from Q-1 (**[house value]** 10 m a hex) and P-5 (10 m a square).

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
# So the tank game's lesson map is 1.5 km across, the squad game's campus 400 m and the
# Prokhorovka cut 600 m (the full battle map is 200 × 200 squares, 2 km). One tank-game hex
# holds 25 squad hexes' worth of ground in area.

# %% [markdown]
# ## 2. One attack in each game, and its exact distribution
#
# One typical attack of each game, each set up as in its own lesson:
#
# - **tank** (lesson 04): R1 fires at B1 in the open, 18 hexes away (900 m): standard attack
#   level 9 (F-3); `fire_odds` runs the F-6…F-8 dice step over every face.
# - **squad** (lesson 10): the worked example of Q-26, X and Y open fire on T in cover; A = 3;
#   `attack_odds` runs the Q-21 roll over every face.
# - **Prokhorovka** (lesson 11): a German mortar call aimed at a Tiger I's square on the
#   plain; `call_odds` gives the exact number of rounds on the square, and `mortar_vehicle`
#   says what each number does (P-17).
#
# Every fraction below comes from the adjudication code itself, never from a formula in this
# notebook.

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
# Every distribution sums to exactly 1:

# %%
{game: sum(dist.values()) for game, dist in attacks.items()}

# %% [markdown]
# The three side by side. The tank shot at level 9 **never** leaves its target untouched: the
# worst it does is suppress it (压制). The squad attack is all or nothing: one point of defence
# or none. The mortar call on a Tiger has three outcomes, because one round only stuns (震晕)
# and two destroy.

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
# ## 3. Where chance enters
#
# Each game rolls its dice through the one seeded source (`hexrules.dice`), and every record
# lists its dice with the rule that asked for them. The same three attacks, adjudicated with
# seeded dice:

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
# - **Tank game:** chance enters in the 2 d6 of F-6, which are then read again for the
#   terrain (F-7), and in one armour die (F-8) when the result is W, I or K: at most three
#   dice a shot. Everything before (sight, range, level) is certain.
# - **Squad game:** chance enters once, in one d6 against A; opening fire rolls two and
#   keeps the lower (**[decision]**, Q-21): the player's choice of *when* to fire changes the
#   dice, not the formula. Detection is certain: no die decides who sees whom.
# - **Prokhorovka:** chance enters **many** times: a fire die (开火骰) for the hit and a
#   casualty die (伤亡骰) for its effect; and a mortar call rolls one die for the rounds and
#   three for each of the six tubes' scatter (P-17), so its effect is spread over the keypad.
#
# The mortar's scatter, the source of most of that spread, as exact fractions of one tube:

# %%
odds = scatter_odds(p_rules)
table(["", "west", "centre", "east"],
      [(name, *(str(odds[k]) for k in row))
       for name, row in zip(["north", "middle", "south"], p_rules.keypad, strict=True)])

# %% [markdown]
# ## 4. What each asks of the player
#
# The orders each game accepts are its registered order types. Their record tags show the
# namespaces: a variant registers its types under its own prefix (`squad.`, `prok.`), so it
# adds to the project without renaming anything of the tank game's.

# %%
squad_orders = (squad.Deployment, squad.ActionPlan, squad.AttackPlan, squad.Override)
table(["game", "orders", "record tags (examples)"],
      [("tank", len(ORDER_TYPES), ", ".join(tag_of(o) for o in ORDER_TYPES[:4])),
       ("squad", len(squad_orders), ", ".join(tag_of(o) for o in squad_orders)),
       ("prokhorovka", len(prok.orders.ORDER_TYPES),
        ", ".join(tag_of(o) for o in prok.orders.ORDER_TYPES[:4]))])

# %% [markdown]
# **Commentary:**
#
# - The **tank game** asks for many small decisions, each answered at once: which tank
#   moves, fires, reacts (opportunity and covering fire). Its skill is reading the ground:
#   sight over heights decides who may fire and at what level.
# - The **squad game** asks for a **plan**: each commander writes every team's actions and its
#   standing order (作战指令) before anything moves, and the referee executes both plans step
#   by step. The skill is foresight: posture, facing and cover decide who detects first.
# - **Prokhorovka** asks for **risk management**: the action die decides how far a unit goes
#   and the dice decide most outcomes, so the player's choices are where to stand (the flank
#   shot, the trench) and when to spend a mortar call.

# %% [markdown]
# ## 5. Exercises 练习
#
# Replace each `None` with your answer and run the cell: the check says **✓ Right 正确** or
# **✗ Not yet 再想想** with a hint. Press **Show the solution 显示答案** only after trying.
#
# **Exercise 1.** Of the three attacks of section 2, which one is the **most likely to leave
# its target untouched** (no effect at all)? Answer `"tank"`, `"squad"` or `"prokhorovka"`.

# %%
answer_1 = None  # "tank", "squad" or "prokhorovka"
check.check_untouched(answer_1, attacks)

# %%
check.solution("1")

# %% [markdown]
# **Exercise 2.** The same squad attack as in section 2, but **without** opening fire (red
# attacked first this turn, so blue rolls one die). What is the exact chance of a hit? Answer
# a fraction in quotes, such as `"2/3"`.

# %%
answer_2 = None  # e.g. "2/3"
check.check_squad_hit(answer_2, ground, [x, y], t, opens_fire=False)

# %%
check.solution("2")

# %% [markdown]
# **Exercise 3.** The tank shot of section 2 again, level 9, but B1 now stands in a forest
# hex (丛林地). What is the exact chance that it is destroyed (歼灭)? Answer a fraction in
# quotes.

# %%
answer_3 = None  # e.g. "1/2"
check.check_tank_kill(answer_3, 9, "forest")

# %%
check.solution("3")

# %% [markdown]
# **Exercise 4.** One mortar tube fires at Prokhorovka. What is the exact chance that its
# round lands in the **same row** as the aim square (keypad squares 4, 5 or 6)? Answer a
# fraction in quotes.

# %%
answer_4 = None  # e.g. "1/2"
check.check_scatter_row(answer_4, (4, 5, 6))

# %%
check.solution("4")

# %% [markdown]
# ## Summary 小结
#
# - Scale and grid: 50 m hexes for tanks (M-1), 10 m hexes for squads, 10 m squares
#   with 8 neighbours and straight-line range at Prokhorovka (P-5).
# - Sight: a line over heights (tank), the same line plus detection range against
#   detectability (squad), only blocking buildings and haystacks (Prokhorovka).
# - Chance enters in at most three dice of a tank shot (2 d6 read again for terrain, and the
#   armour die), once in the squad game (1 d6, or the lower of 2 when opening fire), and many
#   times at Prokhorovka (fire and casualty dice, the mortar's rounds and scatter).
# - Each game's exact odds come from its own adjudication code (`fire_odds`, `attack_odds`,
#   `call_odds` with `mortar_vehicle`), so the distributions compared here are those of the
#   rules as played.
# - The variants are additions: they reuse the dice, the records, the replay and the hex map,
#   and register their types under their own namespaces.
