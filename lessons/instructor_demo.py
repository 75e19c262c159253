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

# %% [markdown]
# # Instructor demo: line of sight 通视判断
#
# **Click an observer hex 观察者, then a target hex 目标** (a third click starts over), or type military coordinates such as `4563GH`, or press a prepared pair. The board shows the sight line 观察线, the hexes it passes through, grazed hexsides and change points 高程变化点; on the right are the verdict with its case (L-3/L-4/L-5), its reason and rule IDs, the observation-measurement chart 观察测量表 and, below it, *why*: every hex on the line with its level, terrain and height for sight (L-2). **Viewshed 视域** shades what the observer cannot see.
#
# As an app for the projector: `voila lessons/instructor_demo.ipynb` (see the README).

# %%
from hexrules_widgets import SightExplorer

from hexrules import HexMap
from hexrules.sight import load_sight_cases

# One button per case: the prepared pairs of maps/training.cases.json, found on the training
# map by scripts/find_sight_cases.py and checked by the tests (rerun it if the map changes).
PREPARED = {c.title: c.pair for c in load_sight_cases("training") if c.prepared}

explorer = SightExplorer(HexMap.load("training"), prepared=PREPARED, large=True)
explorer

# %% [markdown]
# **Teaching notes.** *L-3 clear*: a forest lower than the units does not block (its height is its level + 1, L-2). *L-3 blocked*: a forest or village on the units' level rises one level above them. *L-4*: the higher unit must be no farther from the change point than the lower one. *L-5*: no hex on the line is higher than the higher unit, yet a change point lies above the chart line. *Hexside*: a line running along a hexside meets one obstacle of the lower of the two heights (L-1).
