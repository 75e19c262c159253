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
        parse({"term": {"x": {"en": "X", "zh": "X"}}})
    with pytest.raises(TableFormatError, match="unknown field"):
        parse({"term": {"x": {"en": "X", "zh": "叉", "colour": 1}}})
    with pytest.raises(TableFormatError, match="rule ID"):
        parse({"term": {"x": {"en": "X", "zh": "叉", "rule": "F3"}}})


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
