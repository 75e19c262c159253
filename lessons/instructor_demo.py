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

# One pair per case, found on the training map by tests/scan_demo_pairs.py and checked
# by tests/test_widgets.py (rerun the scan if the map changes).
PREPARED = {
    "L-3 clear 同一高程 通视": ("4563FS", "4563JK"),
    "L-3 blocked by forest/city 丛林地/居民地 遮挡": ("4563AA", "4563LF"),
    "L-4 clear 相邻高程 通视": ("4563AA", "4563AG"),
    "L-4 blocked 相邻高程 不通视": ("4563AA", "4563AK"),
    "L-5 blocked by the chart 观察测量表": ("4563AP", "4563GS"),
    "Hexside rule: the lower side counts 格边": ("4563AC", "4563FJ"),
}

explorer = SightExplorer(HexMap.load("training"), prepared=PREPARED, large=True)
explorer

# %% [markdown]
# **Teaching notes.** *L-3 clear*: a forest lower than the units does not block (its height is its level + 1, L-2). *L-3 blocked*: a forest or village on the units' level rises one level above them. *L-4*: the higher unit must be no farther from the change point than the lower one. *L-5*: no hex on the line is higher than the higher unit, yet a change point lies above the chart line. *Hexside*: a line running along a hexside meets one obstacle of the lower of the two heights (L-1).
