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

# %%
from hexrules.language import set_language
set_language("zh")

# %% [markdown] tags=["voila-hide"]
# # 教员演示：通视判断
#
# **先点击观察单位所在的六角格，再点击目标所在的六角格**（第三次点击重新开始），或者输入 `4563GH` 这样的军事坐标，或者按一个预设的示例。棋盘上显示观察线（过了遮挡点之后画成虚线）、描出轮廓的途经格、擦过的格边、高程变化点，以及用黄圈标出的第一个遮挡点；右侧是判定结论及其情形（L-3/L-4/L-5）、理由和规则编号，观察测量表，以及表下面的*判定依据*：观察线上每一个六角格的高程等级、地形和通视高程（L-2）。**视域** 给观察单位看不见的地方加上阴影；**大字** 把一切放大，方便教室后排观看。
#
# 作为投影用的应用程序：`make voila`（见 README）。在那里这段介绍是隐藏的（单元格标签 `voila-hide`），观察线工具占满整个屏幕。

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
# **教学要点。** *L-3 通视*：比两个单位低的丛林地不遮挡（它的通视高程是其高程等级 + 1，L-2）。*L-3 不通视*：与两个单位处在同一高程的丛林地或居民地高出它们一级。*L-4*：高高程单位到高程变化点的距离不得大于低高程单位到该点的距离。*L-5*：观察线上没有一个六角格比高高程单位高，但有一个高程变化点位于判定直线上方。*格边*：观察线沿着一条格边经过，格边一侧是丛林地或居民地，另一侧是与两个单位同一高程的开阔地；两侧按高度较低的一侧算作一个障碍（L-1 【项目裁定】），所以丛林地不遮挡——结论会指出这条格边及其裁定。全班判读观察测量表之前，先按 **大字**。
#
# **条文**：规则三（一）1（1）同一高程上的通视判断、三（一）1（2）两个相邻高程上的通视判断、三（一）1（3）多个高程变化上的通视判断。

# %% [markdown] tags=["voila-hide"]
# **自己设置练习：想定编辑。** 要在棋盘上设置一个新想定——双方各单位、部署区域、任务目标六角格及其得分、回合数、随机事件卡和导调选项——在一个新单元格中运行 `from hexrules_widgets.scenario_editor import ScenarioEditorPanel; ScenarioEditorPanel()`（或者用 `ScenarioEditorPanel("village")` 从项目自带的想定开始）。**保存** 写出一个读取程序能读回的想定文件；**推演此想定** 立即推演它。详见 `docs/scenario_editor.md`。
