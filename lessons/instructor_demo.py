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
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown] tags=["voila-hide"]
# # Instructor demo: line of sight 通视判断
#
# **Click an observer hex 观察单位, then a target hex 目标** (a third click starts over), or type military coordinates such as `4563GH`, or press a prepared pair 示例. The board shows the sight line 观察线 (dashed past the point that blocks), the passed hexes 途经格 outlined, grazed hexsides 格边, change points 高程变化点 and, ringed in yellow, the first point that blocks; on the right are the verdict with its case (L-3/L-4/L-5), its reason and rule IDs, the observation-measurement chart 观察测量表 and, below it, *why* 判定依据: every hex on the line with its level, terrain and height for sight (L-2). **Viewshed 视域** shades what the observer cannot see; **Large 大字** enlarges everything for the back of the room.
#
# As an app for the projector: `make voila` (see the README). There this introduction is hidden (the cell's tag `voila-hide`) and the explorer fills the screen.

# %%
from hexrules_widgets import SightExplorer

from hexrules import HexMap
from hexrules.sight import load_sight_cases

# One button per case: the prepared pairs of maps/training.cases.json, found on the training
# map by scripts/find_sight_cases.py and checked by the tests (rerun it if the map changes);
# each button's note (what the pair shows) is shown with its verdict.
CASES = [c for c in load_sight_cases("training") if c.prepared]
PREPARED = {c.title: c.pair for c in CASES}
NOTES = {c.title: c.shows for c in CASES}

explorer = SightExplorer(HexMap.load("training"), prepared=PREPARED, notes=NOTES)
explorer

# %% [markdown] tags=["voila-hide"]
# **Teaching notes.** *L-3 clear*: a forest lower than the units does not block (its height is its level + 1, L-2). *L-3 blocked*: a forest or village on the units' level rises one level above them. *L-4*: the higher unit must be no farther from the change point than the lower one. *L-5*: no hex on the line is higher than the higher unit, yet a change point lies above the chart line. *Hexside*: the line runs along a hexside between a forest or settlement and open ground on the units' level; the two sides count as one obstacle of the lower height (L-1 [decision]), so the forest does not block — the verdict names the hexside and its ruling. Press **Large 大字** before the class reads the chart.

# %% [markdown] tags=["voila-hide"]
# **Your own exercise 想定编辑.** To set up a new scenario on the board — units of each side, set-up zones, objective hexes and their points, turns, cards and referee options — run `from hexrules_widgets.scenario_editor import ScenarioEditorPanel; ScenarioEditorPanel()` in a new cell (or `ScenarioEditorPanel("village")` to start from a shipped one). **Save 保存** writes a scenario file the loader reads back; **Play this scenario 推演此想定** plays it at once. See `docs/scenario_editor.md`.
