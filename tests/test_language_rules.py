"""The rules reference in Chinese (docs/rules.zh.md): the same rule IDs and anchors."""

from __future__ import annotations

import re
from pathlib import Path

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
