"""The rules reference in Chinese (docs/rules.zh.md): the same rule IDs and anchors."""

from __future__ import annotations

import re
from pathlib import Path

from script_support import load_module

DOCS = Path(__file__).resolve().parents[1] / "docs"
_RULE_ANCHOR = re.compile(r'<a id="([A-Z]-\d+)"></a>')


def _anchors(name: str) -> set[str]:
    return set(_RULE_ANCHOR.findall((DOCS / name).read_text(encoding="utf-8")))


def test_chinese_reference_has_every_rule_id_of_the_english_one() -> None:
    en, zh = _anchors("rules.md"), _anchors("rules.zh.md")
    assert len(en) > 100
    assert en - zh == set(), f"rule IDs missing from rules.zh.md: {sorted(en - zh)}"
    assert zh - en == set(), f"rule IDs not in rules.md: {sorted(zh - en)}"


def test_chinese_reference_has_every_anchor_of_the_english_one() -> None:
    anchor = re.compile(r'<a id="([^"]+)"></a>')
    en = anchor.findall((DOCS / "rules.md").read_text(encoding="utf-8"))
    zh = anchor.findall((DOCS / "rules.zh.md").read_text(encoding="utf-8"))
    assert set(en) == set(zh), (sorted(set(en) - set(zh)), sorted(set(zh) - set(en)))


def test_chinese_reference_marks_project_choices_and_links_resolve() -> None:
    text = (DOCS / "rules.zh.md").read_text(encoding="utf-8")
    for mark in ("【项目裁定】", "【复原】", "【自定值】"):
        assert mark in text, mark
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
    for target in re.findall(r"\]\(#([^)]+)\)", text):
        assert target in anchors, f"link to #{target} has no anchor"
    # every rule anchor is defined once
    ids = _RULE_ANCHOR.findall(text)
    assert len(ids) == len(set(ids))


# -- parity section by section: a summary cannot pass -----------------------------------------

ROOT = DOCS.parent
_ANY_ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
#: The English markers of project choices and their Chinese forms.
MARKERS = {"decision": "【项目裁定", "reconstructed": "【复原", "house value": "【自定值",
           "project ruling": "【项目细则", "from the source": "【原表"}


def _tokens():
    """``tokens`` of scripts/lessons_zh.py: the rule IDs, hex names and numbers of a text,
    the same parity the Chinese lessons are checked by."""
    return load_module("lessons_zh").tokens


def sections(text: str) -> dict[str, str]:
    """The text of each anchored part (from an anchor to the next), keyed by the anchor;
    ``""`` is the text before the first anchor.

    >>> sections('head <a id="F-1"></a>one <a id="F-2"></a>two')
    {'': 'head ', 'F-1': 'one ', 'F-2': 'two'}
    """
    parts = _ANY_ANCHOR.split(text)
    return {"": parts[0]} | {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def parity_problems(en_text: str, zh_text: str) -> list[str]:
    """What the Chinese text lacks, anchor by anchor: its anchors in the English order, and in
    each part every rule ID, hex name and number of the English part, and a Chinese marker
    for each English marker ([decision] → 【项目裁定】 …)."""
    tokens = _tokens()
    en, zh = sections(en_text), sections(zh_text)
    problems = [] if list(en) == list(zh) else ["the anchors differ or are in another order"]
    for anchor, english in en.items():
        chinese = zh.get(anchor, "")
        missing = sorted(tokens(english) - tokens(chinese))
        if missing:
            problems.append(f"#{anchor or '(top)'}: the Chinese lacks {missing}")
        for mark, zh_mark in MARKERS.items():
            if re.search(rf"\[{mark}s?[\];:]", english) and zh_mark not in chinese:
                problems.append(f"#{anchor or '(top)'}: [{mark}] has no {zh_mark}】")
    return problems


def test_every_section_of_the_chinese_reference_shows_what_the_english_does() -> None:
    en = (DOCS / "rules.md").read_text(encoding="utf-8")
    zh = (DOCS / "rules.zh.md").read_text(encoding="utf-8")
    problems = parity_problems(en, zh)
    assert not problems, "docs/rules.zh.md against docs/rules.md:\n" + "\n".join(problems)


def test_the_appendices_are_translated_in_full() -> None:
    zh = sections((DOCS / "rules.zh.md").read_text(encoding="utf-8"))
    assert "完整的说明" not in zh["appendix-a"] + zh["appendix-b"], "still a summary"
    for heading in ("A.1", "A.8", "B.1", "B.7"):
        assert f"### {heading} " in (DOCS / "rules.zh.md").read_text(encoding="utf-8"), heading


ENGLISH = ('<a id="Q-22"></a>**Q-22 Attack result table [house value].** A hit removes '
           '1 + ⌊(A − B) ÷ 6⌋ points (Q-20).\n<a id="Q-23"></a>**Q-23 Suppression [decision].** '
           'At half, 2 × losses ≥ defence.')
CHINESE = ('<a id="Q-22"></a>**Q-22 攻击结果表【自定值】。** 命中使目标失去1 + ⌊(A − B) ÷ 6⌋点防御'
           '（Q-20）。\n<a id="Q-23"></a>**Q-23 压制【项目裁定】。** 达到一半：2 × 减员 ≥ 防御值。')


def test_the_parity_check_passes_a_translation_and_names_what_a_summary_lacks() -> None:
    assert parity_problems(ENGLISH, CHINESE) == []
    summary = CHINESE.replace("（Q-20）", "").replace("【项目裁定】", "").replace(
        "：2 × 减员 ≥ 防御值", "")
    assert parity_problems(ENGLISH, summary) == [
        "#Q-22: the Chinese lacks ['Q-20']",
        "#Q-23: the Chinese lacks ['2']",
        "#Q-23: [decision] has no 【项目裁定】"]
    assert parity_problems(ENGLISH, CHINESE.split("\n")[0]) == [
        "the anchors differ or are in another order", "#Q-23: the Chinese lacks ['2', 'Q-23']",
        "#Q-23: [decision] has no 【项目裁定】"]
