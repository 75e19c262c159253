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
# # Lessons 课程 — hexrules
#
# Welcome, cadet. These notebooks teach the rules of the tactical hex wargame (战术兵棋推演) one
# chapter at a time, with the `hexrules` library doing every calculation so that you can check
# each step of your own reasoning against it. Work through them in order.

# %% [markdown]
# | # | Lesson | What you learn |
# |---|---|---|
# | 01 | [The hex map 兵棋地图](01_hex_map.ipynb) | Hexes (六角格), distance, the six directions, military coordinates such as `4563GH` and the 1 km grid (方里网), elevation (高程), settlement (居民地) and forest (丛林地), rivers (河流（线状水系）), roads (道路) and bridges (桥). |
# | 02 | [Line of sight 通视](02_line_of_sight.ipynb) | The sight line (观察线), the height for sight (通视高程), the three cases L-3/L-4/L-5, the hexside rule, symmetry, and a viewshed (视域). |
# | 03 | [The observation-measurement chart 观察测量表](03_observation_chart.ipynb) | Building the chart by hand from a real sight line, then with the library: change points (高程变化点), the decision line (判定直线); a line that the chart blocks though every change point looks clear. |
# | 04 | [Adjudicating direct fire 直瞄射击裁决](04_direct_fire.ipynb) | A tank shot step by step (F-1…F-12) in each fire mode (halted 停止间射击, short-halt 短停射击, moving 行进间射击), the odds before rolling, cover and concentrated fire. |
# | 05 | [Movement and reactive fire 机动与反应射击](05_movement.ipynb) | Movement costs (机动消耗) and roads (道路) on the training map, march (行军) and why it is risky, stacking (堆叠), opportunity fire (机会射击), covering fire (掩护射击), moving (行进间射击) and short-halt fire (短停射击), an illegal step under the strict and the paper-table referee, close combat (近战) round by round, and a 1-v-1 game from Python. |
# | 06 | [Artillery 炮兵火力](06_artillery.ipynb) | Fire plans (炮兵火力计划) and the delay (正常延迟/非正常延迟), one gun's drift (偏移) step by step, the exact drift map, rings (弹着格, 相邻格, 间隔格) and the shelter of settlement and forest, the risk to your own tanks, and the lasting impact hex (A-1…A-8). |
# | 07 | [The random event cards 随机事件卡](07_event_cards.ipynb) | The seven cards (E-1…E-7) and when each acts, a card draw in a game record, fire enhancement (火力增强) and reactive armour (反应装甲) changing a shot's exact odds, field repair (战地抢修) and the instructor's reward, an artillery card's fire plan inside a game, and what the enemy may know of your hand. |
# | 08 | [A computer opponent 电脑对手](08_computer_opponent.ipynb) | A game against the computer from Python, the computer's explanation of each choice (the exact odds of damage and risk), fog of war, and the balance of a scenario (想定) measured over many seeded games with confidence intervals: why the village favours the defender; then a scenario played on the board in the browser (在浏览器中推演), fog of war on. |
# | 09 | [Real ground 真实地形](09_real_ground.ipynb) | A hex map from a real DEM step by step (window, UTM, heights, levels, drainage, overlay), sight lines on real ground, and the hex rule against GDAL's terrain viewshed with measured figures. |
# | 10 | [The squad game 班组级步兵推演](10_squad.ipynb) | The squad-level infantry variant: teams, postures (姿态) and the front hex (前一格), detection (侦察结算) of detection range against detectability, standing orders (作战指令) on contact, the attack formula (攻击结算) by hand and by the library with its exact odds, and the fog of war of the lesson scenario. |
# | 11 | [Prokhorovka 1943 普罗霍夫卡](11_prokhorovka.ipynb) | The square-grid variant of Appendix B: squares and sight (四方格), armour penetration by plate (击穿, 跳弹) and why a flank shot at a Tiger in the forest matters, the mortar call's scatter (呼叫火炮支援) computed exactly, and a short played cut of the battle (P-5…P-24). |
# | 12 | [Three designs side by side 三种设计](12_three_designs.ipynb) | The tank game, the squad game and Prokhorovka 1943 compared: scale and grid, how each decides sight, fire and damage, where chance enters, the exact distribution of one attack in each from the games' own odds code, and what each asks of the player. |
# | 13 | [The after-action review 复盘](13_after_action_review.ipynb) | Opening a saved game and stepping through it order by order on the board, the full picture against each side's view under fog of war, each decision's exact odds, the luck of its roll and the orders the computer ranks higher, expected against actual damage, win probability and the turning points, plots and a page to hand out; then the review of your own game. |
# | — | [Instructor demo 教员演示](instructor_demo.ipynb) | For the instructor: the interactive board and sight explorer to show in class. |

# %% [markdown]
# ## How to work
#
# - Run each lesson **top to bottom** (Run ▸ Run All Cells, or Shift+Enter cell by cell).
#   Every lesson starts with a goal and ends with a summary; the rules it uses are cited by
#   their IDs (M-…, L-…, F-…), each linked to the project's English rules reference
#   [`docs/rules.md`](../docs/rules.md), for example [F-3](../docs/rules.md#F-3) (the standard
#   attack level, 标准攻击等级).
# - What is the rulebook's and what is the project's is always marked, as in the rules
#   reference: **[decision]** (the project's choice where the rulebook is silent or
#   contradicts itself), **[reconstructed]** (a lost table rebuilt), **[house value]** (a number
#   the sources do not give) and **[project ruling]** (a finer point settled here). The lessons
#   say so whenever they use one, link it to the rules reference, and label their own
#   commentary as such.
# - **Exercises 练习**: replace the `None` in the answer cell with your answer and run the cell.
#   The check shows **✓ Right 正确** or **✗ Not yet 再想想** with a hint; when your answer is
#   a common slip (northing and easting swapped, the +1 for settlement or forest forgotten, the
#   F-4 correction left out …) the hint names it. The checks ask the `hexrules` library for
#   the right answer; they never guess.
# - **Solutions 答案** are not in the notebooks. Under each exercise a **Show the solution
#   显示答案** button reveals it only when you press it; *Run All* never shows or runs one.
#   (They live in [`_solutions.toml`](_solutions.toml): try first.)
#
# ## How to run the tests
#
# From the project folder:
#
# ```bash
# make test                                        # everything: lint, unit tests, lessons, browser
# .venv/bin/python -m pytest --nbval-lax lessons -q   # only the lessons (a few seconds each)
# ```
#
# `nbval` runs every cell of every lesson, and `tests/test_lesson_solutions.py` runs each
# lesson once more with every exercise's solution (from `_solutions.toml`) in its answer cell:
# the exercise's own check must say ✓, so a change in the library that breaks a lesson or a
# solution fails the test.

# %% [markdown]
# The cell below checks that the lessons listed above are here and that the library loads.

# %%
from pathlib import Path

import hexrules

here = Path.cwd()
lessons = here if (here / "00_index.ipynb").exists() else here / "lessons"
names = ["01_hex_map.ipynb", "02_line_of_sight.ipynb", "03_observation_chart.ipynb",
         "04_direct_fire.ipynb", "05_movement.ipynb", "06_artillery.ipynb",
         "07_event_cards.ipynb", "08_computer_opponent.ipynb", "09_real_ground.ipynb",
         "10_squad.ipynb", "11_prokhorovka.ipynb", "12_three_designs.ipynb",
         "13_after_action_review.ipynb", "instructor_demo.ipynb"]
for name in names:
    print(("✓" if (lessons / name).exists() else "✗ missing"), name)
print("hexrules", hexrules.__version__)
assert all((lessons / name).exists() for name in names)
