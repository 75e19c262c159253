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

# %%
from hexrules.language import set_language
set_language("zh")

# %% [markdown]
# # 课程目录（中文版）— hexrules
#
# 学员同志，欢迎。这组笔记本按章讲授战术兵棋推演的规则，每一步计算都由`hexrules`库完成，
# 你可以拿它逐步核对自己的推理。请按顺序学习。
#
# 中文版与英文版是同一套课程：单元格一一对应，代码完全相同，只有讲解文字按语言分别编写。
# 每课第一个单元格`set_language("zh")`把标签、裁决记录和练习检查都切换为中文。
# 英文版目录见[`00_index.ipynb`](00_index.ipynb)。

# %% [markdown]
# | # | 课程 | 学习内容 |
# |---|---|---|
# | 01 | [兵棋地图](01_hex_map.zh.ipynb) | 六角格、距离、6个方向，六角格坐标（如`4563GH`）与方里网，高程，居民地和丛林地，河流（线状水系）、道路和桥。 |
# | 02 | [通视](02_line_of_sight.zh.ipynb) | 观察线、通视高程，L-3/L-4/L-5三种情形，格边规则，通视的对称性，以及视域。 |
# | 03 | [观察测量表](03_observation_chart.zh.ipynb) | 先用一条真实的观察线手工画表，再用本库画表：高程变化点、判定直线；每个高程变化点看似都没问题、观察测量表却判定不通视的观察线。 |
# | 04 | [直瞄射击裁决](04_direct_fire.zh.ipynb) | 按步骤（F-1…F-12）裁决一次坦克射击，包括每种射击方式（停止间射击、短停射击、行进间射击），掷骰前的概率，遮蔽和集火射击。 |
# | 05 | [机动与反应射击](05_movement.zh.ipynb) | 训练场上的机动消耗与道路，行军及其风险，堆叠，机会射击，掩护射击，行进间射击和短停射击，严格裁判与纸面推演裁判下的违规机动，一轮一轮的近战，以及用Python打一局1对1推演。 |
# | 06 | [炮兵火力](06_artillery.zh.ipynb) | 炮兵火力计划与延迟（正常延迟/非正常延迟），一门火炮的偏移逐步演示，精确的偏移图，杀伤范围（弹着格、相邻格、间隔格）与居民地、丛林地的遮挡，对己方坦克的风险，以及火炮伤害持续（A-1…A-8）。 |
# | 07 | [随机事件卡](07_event_cards.zh.ipynb) | 七种随机事件卡（E-1…E-7）及其起作用的时机，推演记录中的一次抽卡，火力增强和反应装甲怎样改变一次射击的精确概率，战地抢修与导调人员奖励，推演中炮兵卡的炮兵火力计划，以及敌方能掌握你手中卡的哪些情况。 |
# | 08 | [电脑对手与想定平衡](08_computer_opponent.zh.ipynb) | 在 Python 中与电脑推演，电脑对每个选择的说明（毁伤和风险的精确概率），战争迷雾，用许多局设定种子的推演和置信区间衡量想定平衡：李庄想定对守方有利的原因；然后在浏览器中推演一个想定（开启战争迷雾）。 |
# | 09 | [真实地形](09_real_ground.zh.ipynb) | 一步一步由真实 DEM 制作六角格地图（窗口、UTM、高程、高程等级、汇水、叠加图层），真实地形上的观察线，六角格通视与 GDAL 地形可视域的实测对比。 |
# | 10 | [班组级步兵推演](10_squad.zh.ipynb) | 班组级步兵推演变体：编组、姿态和前一格，侦察结算（侦察范围对被侦察范围），发现敌人时的作战指令，攻击结算的手算与程序库计算及其精确概率，本课想定的战争迷雾。 |
# | 11 | [普罗霍夫卡 1943](11_prokhorovka.zh.ipynb) | 附录B的四方格变体：方格与视野，按受弹部位的装甲击穿（击穿、跳弹）与侧面射击的分量，精确计算呼叫火炮支援的落弹散布，一小段实际推演（P-5…P-24）。 |
# | 12 | [三种设计对照](12_three_designs.zh.ipynb) | 坦克推演、班组级步兵推演和普罗霍夫卡 1943 的对照：比例尺和网格，各自怎样判定通视、射击和毁伤，随机性从哪里进入，各取一次攻击由其精确概率代码算出的分布，以及对推演人员的要求。 |
# | 13 | [复盘](13_after_action_review.zh.ipynb) | 打开一局保存的对局，在棋盘上按命令逐条回放，全局态势与战争迷雾下每一方视角的对照，每个决策点的准确概率、这次掷骰的运气和电脑评分更高的命令，期望毁伤与实际毁伤，胜率和转折点，图表和发给学员的一页材料；然后复盘你自己的对局。 |
# | — | [教员演示](instructor_demo.zh.ipynb) | 供教员使用：课堂上演示的交互式棋盘和观察线工具（通视判断）。 |

# %% [markdown]
# ## 学习方法
#
# - 每课都要**从头到尾**运行（Run ▸ Run All Cells，或逐个单元格按Shift+Enter）。每课以目标
#   开始，以小结结束；所用规则以编号（M-…、L-…、F-…）引用，每个编号都链接到本项目的规则参考
#   [`docs/rules.md`](../docs/rules.md)（英文），例如[F-3](../docs/rules.md#F-3)（标准攻击等级）。
# - 每课的“规则讲解”先注明所讲的规则条文（如三（一）1（2）“两个相邻高程上的通视判断”），
#   再讲要点，最后列出本项目的处理。哪些出自规则、哪些是本项目的，始终标明，与规则参考一致：
#   **【项目裁定】**（规则未作规定或前后矛盾之处，本项目的选择）、**【复原】**（已失传的表格，
#   由本项目重建）、**【自定值】**（原始资料没有给出的数值）和**【项目细则】**（本项目裁定的
#   细节问题）。
# - **练习**：把答案单元格里的`None`换成你的答案，运行该单元格。检查结果显示**✓ 正确**，或者
#   **✗ 再想想**并附提示；如果你的答案是常见的失误（纵、横坐标写反，忘了居民地或丛林地的+1，
#   漏了F-4的修正……），提示会点明。检查的正确答案都向`hexrules`库询问，从不猜测。
# - **答案**不在笔记本里。每道练习下面有一个**显示答案**按钮，只有按下才显示；*Run All*
#   从不显示或运行答案。（答案存放在[`_solutions.toml`](_solutions.toml)里：先自己做。）
#
# ## 如何运行测试
#
# 在项目目录下：
#
# ```bash
# .venv/bin/python scripts/lessons_zh.py check               # 中文版与英文版逐个单元格对照
# .venv/bin/python -m pytest --nbval-lax lessons/*.zh.ipynb -q  # 运行中文版各课
# ```

# %% [markdown]
# 下面的单元格列出每课的中文版是否已经完成，并检查本库能否加载。

# %%
from pathlib import Path

import hexrules

here = Path.cwd()
lessons = here if (here / "00_index.zh.ipynb").exists() else here / "lessons"
english = sorted(p for p in lessons.glob("*.ipynb")
                 if not p.name.endswith(".zh.ipynb") and p.name != "00_index.ipynb")
for p in english:
    zh = p.with_name(p.stem + ".zh.ipynb")
    print(("✓ " + zh.name) if zh.exists() else f"… {p.name}（中文版待完成）")
print("hexrules", hexrules.__version__)
assert any(p.with_name(p.stem + ".zh.ipynb").exists() for p in english)
