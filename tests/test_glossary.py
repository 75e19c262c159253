"""The glossary: one file of terms that every label reads, with the rulebook's Chinese words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hexrules import FireKind, Result, Side, Status, Terrain
from hexrules.errors import RulesError, TableFormatError
from hexrules.glossary import glossary, label, parse, term

ROOT = Path(__file__).resolve().parents[1]


def test_labels_read_the_glossary() -> None:
    assert Status.SUPPRESSED.label == label("suppressed") == "Suppressed 压制"
    assert Result.NONE.label == label("no_effect")
    assert Side.BLUE.label == label("blue")
    assert Terrain.CITY.label == label("settlement") == "Settlement 居民地"
    assert FireKind.NORMAL.label == "Halted fire 停止间射击"  # not 直瞄射击: all three are direct
    assert term("weapon_lost").gloss.startswith("丧失火力")


def test_every_term_has_english_and_the_chinese_word() -> None:
    for t in glossary().values():
        assert t.en and re.search(r"[\u4e00-\u9fff]", t.zh), t.key
        assert t.label == f"{t.en} {t.zh}"


def test_glossary_errors_name_the_entry() -> None:
    with pytest.raises(RulesError, match="did you mean 'suppressed'"):
        label("supressed")
    with pytest.raises(TypeError):
        label(3)  # type: ignore[arg-type]
    with pytest.raises(TableFormatError, match="term.x: missing 'zh'"):
        parse({"term": {"x": {"en": "X"}}})
    with pytest.raises(TableFormatError, match="term.x: zh must be the Chinese term"):
        parse({"term": {"x": {"en": "X", "zh": "X", "def_zh": "叉", "source": "standard"}}})
    with pytest.raises(TableFormatError, match="unknown field"):
        parse({"term": {"x": {"en": "X", "zh": "叉", "colour": 1}}})
    with pytest.raises(TableFormatError, match="rule ID"):
        parse({"term": {"x": {"en": "X", "zh": "叉", "rule": "F3", "def_zh": "叉",
                              "source": "standard"}}})


#: Words that taught the wrong thing, found by a bilingual reader against the rulebook, beyond
#: the glossary's own "not" lists: (pattern, why).
WRONG = [
    (r"第\d+射(?!击)", "write 第1次射击"),
    (r"输入不变", "write 原状态不变"),
    (r"(?<!双骰)点数和", "write 双骰点数和"),
    (r"(?<!不再)(?<!再)不裁决", "write 不再裁决"),
    (r"\bford", "the road's river crossing is a bridge 桥 (徒涉 is wading, V-1)"),
    (r"直瞄射击\s*\(F-2\)|Direct fire 直瞄射击\b(?! phase)", "halted fire is 停止间射击"),
]


def _label_files() -> list[Path]:
    out = []
    for folder in ("hexrules", "widgets", "lessons", "maps", "scripts"):
        for p in (ROOT / folder).rglob("*"):
            if p.suffix in {".py", ".json", ".toml", ".js", ".css", ".md"} and p.is_file():
                if p.name not in ("glossary.toml", "glossary.py") \
                        and ".ipynb_checkpoints" not in p.parts:
                    out.append(p)
    return out


def test_no_label_uses_a_word_the_rulebook_does_not() -> None:
    avoid = [(w, f"{t.key}: write {t.zh}") for t in glossary().values() for w in t.avoid]
    bad = []
    for path in _label_files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for word, why in avoid:
                if word in line:
                    bad.append(f"{path.relative_to(ROOT)}:{n}: {word!r} ({why})")
            for pattern, why in WRONG:
                if re.search(pattern, line):
                    bad.append(f"{path.relative_to(ROOT)}:{n}: /{pattern}/ ({why})")
    assert not bad, "\n".join(bad)


# -- the Chinese edition: section, definition and source of every term ---------------------

SEEDS = ROOT.parent / "shared" / "seeds"
#: Traditional forms of the simplified characters of the squad variant's terms (its source text
#: is written in traditional characters).
_S2T = str.maketrans("编组动态侦围结点战见敌隐计划书阶复击实际离数总场阵医疗导决护观发现",
                     "編組動態偵圍結點戰見敵隱計劃書階復擊實際離數總場陣醫療導決護觀發現")


def test_every_term_has_a_section_a_definition_and_a_source() -> None:
    for t in glossary().values():
        assert t.source in ("rulebook", "standard"), t.key
        assert re.search(r"[\u4e00-\u9fff]", t.def_zh), t.key
        if t.source == "rulebook":
            assert t.section, t.key
    assert term("same_level").section == "三（一）1（1）"
    with pytest.raises(TableFormatError, match="source must be"):
        parse({"term": {"x": {"en": "X", "zh": "叉", "def_zh": "叉", "source": "book"}}})
    with pytest.raises(TableFormatError, match="section must be"):
        parse({"term": {"x": {"en": "X", "zh": "叉", "def_zh": "叉", "source": "rulebook",
                              "section": "3.1"}}})
    with pytest.raises(TableFormatError, match="names its section"):
        parse({"term": {"x": {"en": "X", "zh": "叉", "def_zh": "叉", "source": "rulebook"}}})
    with pytest.raises(TableFormatError, match="missing 'def_zh'"):
        parse({"term": {"x": {"en": "X", "zh": "叉", "source": "standard"}}})


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook's texts are not on this machine")
def test_every_rulebook_term_occurs_verbatim_in_the_rulebook() -> None:
    texts = [re.sub(r"\([a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+\)|\s+", "", p.read_text(encoding="utf-8"))
             for p in sorted(SEEDS.glob("*.txt"))]
    missing = [f"{t.key}: {t.zh}" for t in glossary().values() if t.source == "rulebook"
               and not any(t.zh in s or t.zh.translate(_S2T) in s for s in texts)]
    assert not missing, "marked source = 'rulebook' but not in the rulebook:\n" + "\n".join(missing)


_RUN = re.compile(r"[\u4e00-\u9fff]+")

#: Words of the user interface (buttons, headings, exercise feedback) that are not rule terms.
UI_WORDS = frozenset("""
删除 打开 新建 名称 编辑 未打开 已打开 返回编辑 无可删除
再想想 正确 提示 练习 显示答案 隐藏答案 先自己做 再看答案 答案 小结 示例 大字 撤销 已撤销 重做
已重做 保存 已保存 未保存 电脑 新局 悔棋 读取 记录 等待 交换 易 难 不公开 下一步 上一步 显示
输入 手动输入 重新开始 课程 不允许 无变化 关 图例 文件 步骤 语言 中文版 双语 中 英 种子 预设
拒绝 是 否 的 和 与 或 在 为 第 门 张 列 环 格 方 点 无 自 之前 之后
前进 后退 全局 跳转 导出 已导出 图表 时间线 结束 未结束 清除 提交 停火 朝向 裁判 损伤 已行动
无事件 期望 实际 总 击毁 首次击毁 射击击毁 期望击毁 总击毁 毁伤 期望毁伤 实际毁伤 期望与实际毁伤
无效果 运气 运气好 运气差 胜率 胜率估计 转折点 决策点 关键决策 此处无决策点 电脑评分 电脑认为更优
各方小结 各方通视 击毁时间线 逐步回放 每回合结束态势 复盘你自己的对局 结束阶段 结束移动 部署区
在部件中推演 平衡测试 局 置信区间 每局命令数 失利原因 损失单位 分差 最后看见 可能位于 理由 模拟
规则讲解 条文 项目裁定 复原 自定值 项目细则 待译
东 西 南 北 东北 东南 西北 西南
真实 三种设计 教员 演示 浏览器 对手 决策 练习场 参考卡 底图 一致率 差异 原因 重叠 沿线
开始 剩余 用尽 作废 放置 移除 进入 所在 方式 类型 次数 轮次 状态 最终 来源 查表 用途 规则 表
可见 范围 新 已 未 不 被 先 每 个 一次 都 有 此 这个 上 外 仅 对决
下一格 不能悔棋 仅限练习 再点击目标 已悔棋 已读取 无可悔棋 无法继续机动 点击下一格 点击射击单位
点击目标格 点击要机动的单位 画面
返回推演
""".split())



def _rulebook_words() -> set[str]:
    words = set(UI_WORDS)
    for t in glossary().values():
        words.update(_RUN.findall(t.zh))
    return words


def _made_of(run: str, words: set[str]) -> bool:
    """Whether ``run`` splits into known words (glossary terms, UI words)."""
    ends = [True] + [False] * len(run)
    for i in range(1, len(run) + 1):
        ends[i] = any(ends[j] and run[j:i] in words for j in range(max(0, i - 12), i))
    return ends[-1]


def _chinese_edition(path: Path) -> bool:
    """Chinese-edition files (lessons written in Chinese) are prose, not labels."""
    return "zh" in path.parts or ".zh." in path.name or path.stem.endswith("_zh")


def _runs(path: Path) -> list[tuple[int, str]]:
    """The Chinese runs of a file with their lines, leaving out per-language ``zh`` templates.

    In Python, a string given as ``"zh": "…"`` or ``zh="…"`` is the Chinese template of a
    message (hexrules.language) and is prose, not a label; so is the second argument of the
    lessons' ``tr(en, zh)`` (``lessons/_check.py``: a hint in the edition's language).
    """
    src = path.read_text(encoding="utf-8")
    if path.suffix == ".toml":  # a solution's explain_zh is the Chinese edition's prose
        src = re.sub(r'explain_zh = """.*?"""', lambda m: "\n" * m.group().count("\n"), src,
                     flags=re.S)
    if path.suffix != ".py":
        return [(n, r) for n, line in enumerate(src.splitlines(), 1) for r in _RUN.findall(line)]
    return _python_runs(src)


def _doctest_text(docstring: str) -> tuple[str, str]:
    """A docstring's narrative and its doctest examples' code, without their output lines
    (what an example prints comes from the templates checked where they are written)."""
    text, code, in_example = [], [], False
    for line in docstring.splitlines():
        stripped = line.strip()
        if stripped.startswith((">>>", "...")):
            in_example = True
            code.append(stripped[4:])
        elif not (in_example and stripped):
            in_example = False
            text.append(line)
    return "\n".join(text), "\n".join(code)


def _python_runs(src: str) -> list[tuple[int, str]]:
    import io
    import tokenize
    out: list[tuple[int, str]] = []
    prev: list[str] = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(src).readline))
    except (tokenize.TokenError, SyntaxError):
        return [(n, r) for n, line in enumerate(src.splitlines(), 1) for r in _RUN.findall(line)]
    depth, tr_calls = 0, []  # tr_calls: [depth of a tr( call, whether its zh argument began]
    for tok in tokens:
        if tok.type in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            continue
        if tok.type == tokenize.OP and tok.string in "([{":
            depth += 1
            if tok.string == "(" and prev[-1:] == ["tr"]:
                tr_calls.append([depth, False])
        elif tok.type == tokenize.OP and tok.string in ")]}":
            if tr_calls and tr_calls[-1][0] == depth:
                tr_calls.pop()
            depth -= 1
        elif tok.type == tokenize.OP and tok.string == "," and tr_calls \
                and tr_calls[-1][0] == depth:
            tr_calls[-1][1] = True
        is_text = tok.type in (tokenize.STRING, tokenize.COMMENT) or tok.type == getattr(
            tokenize, "FSTRING_MIDDLE", -1)
        in_template = prev[-2:] in (['"zh"', ":"], ["'zh'", ":"], ["zh", "="]) or (
            len(prev) >= 3 and prev[-3:-1] in (['"zh"', ":"], ["zh", "="])
            and prev[-1].startswith(("f\"", "FSTRING"))) or any(zh for _, zh in tr_calls)
        if is_text and not in_template:
            text, code = _doctest_text(tok.string) if ">>>" in tok.string else (tok.string, "")
            out += [(tok.start[0], r) for r in _RUN.findall(text)]
            out += [(tok.start[0], r) for _, r in (_python_runs(code) if code else [])]
        if tok.type != tokenize.COMMENT and tok.type != getattr(tokenize, "FSTRING_MIDDLE", -1):
            prev = (prev + [tok.string if tok.type != getattr(tokenize, "FSTRING_START", -2)
                            else "FSTRING"])[-4:]
    return out


def test_every_chinese_word_is_a_glossary_term_or_a_ui_word() -> None:
    words = _rulebook_words()
    quoted = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")  # rulebook quotations
    bad = []
    for path in _label_files():
        if path.parts[len(ROOT.parts)] not in ("hexrules", "widgets", "lessons") \
                or _chinese_edition(path) or path.name in (
                    "cjk_font.css", "language.py", "messages.py", "messages.toml"):
            continue
        for n, run in _runs(path):
            if run not in quoted and not _made_of(run, words):
                bad.append(f"{path.relative_to(ROOT)}:{n}: {run}")
    assert not bad, ("Chinese words that are neither glossary terms (hexrules/data/glossary.toml)"
                     " nor UI words (UI_WORDS in this file): add a rule term to the glossary, "
                     "a button or heading word to UI_WORDS:\n" + "\n".join(bad))


def test_a_ui_word_is_never_a_glossary_term() -> None:
    """A rule term lives in the glossary only (its English, section and definition with it)."""
    terms = {t.zh: t.key for t in glossary().values()}
    both = sorted(f"{w} (term.{terms[w]})" for w in UI_WORDS if w in terms)
    assert not both, f"UI_WORDS repeats glossary terms, remove them from UI_WORDS: {both}"
