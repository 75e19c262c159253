"""The Chinese edition 中文版: the lessons' self-checks speak Chinese when the notebook does.

A Chinese lesson sets ``set_language("zh")`` in its first cell; from then on every verdict
of ``lessons/_check*.py`` reads ``✓ 正确`` or ``✗ 再想想 — 提示：…`` and its hint is Chinese
prose (rule IDs, hex names and code such as ``mission_odds(...)`` stay as they are). The
wrong answers are the likely slips of ``tests/test_lesson_hints.py``, and a few of lesson 05.
In the default setting the same checks give the English hints, unchanged.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from script_support import load_module

from hexrules import Unit
from hexrules.language import using

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"


def _slips():
    return load_module("test_lesson_hints", "tests")


hints = _slips()
sys.path.insert(0, str(LESSONS))
import _check  # noqa: E402
import _check05  # noqa: E402

sys.path.remove(str(LESSONS))

m = hints.m
CASES = [(check, args) for check, args, _ in hints.SLIPS] + [
    (_check05.check_path_cost, (4, m, ["4563WR", "4563VR", "4563VS", "4563US"])),
    (_check05.check_path_cost, (None, m, ["4563WR", "4563VR"])),
    (_check05.check_march, (True, m, "4563PH", "4563PN")),
    (_check05.check_march, ("yes", m, "4563PH", "4563PN")),
]
#: English prose: three lowercase English words in a row.
ENGLISH = re.compile(r"\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b")
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize(("check", "args"), CASES,
                         ids=[f"{c.__module__}.{c.__name__}-{a[0]!r}" for c, a in CASES])
def test_a_hint_is_chinese_in_the_chinese_edition(check, args) -> None:
    with using("zh"):
        verdict = check(*args)
        shown = repr(verdict)
        html = verdict._repr_html_()
    assert not verdict
    assert shown.startswith("✗ 再想想 — 提示：") and "Not yet" not in shown, shown
    assert CJK.search(verdict.hint) and not ENGLISH.search(verdict.hint), verdict.hint
    assert "再想想" in html and "hint" not in html
    with using("both"):  # the English edition is unchanged
        english = check(*args)
    assert repr(english).startswith(f"{_check.WRONG} — hint 提示: ")
    assert english.hint != verdict.hint and re.search(r"[a-z]{3,} [a-z]", english.hint)


def test_verdicts_and_terms_follow_the_language() -> None:
    with using("zh"):
        assert repr(_check.say(True, "")) == "✓ 正确"
        assert _check.word("northing") == "纵坐标"
        assert "居民地" in _check.sight_bonus_text()
    with using("en"):
        assert repr(_check.say(False, "x")) == "✗ Not yet — hint: x"
        assert _check.word("northing") == "northing"
    assert repr(_check.say(True, "")) == _check.RIGHT == "✓ Right 正确"


def test_a_chinese_edition_reveals_the_chinese_explanation() -> None:
    solutions = _check.load_solutions()
    for lesson in ("01", "02", "03", "04", "05", "06"):
        for exercise, s in solutions[lesson].items():
            assert CJK.search(s.explain_zh), f"lesson {lesson} exercise {exercise}: no explain_zh"
            with using("zh"):
                shown = s.markdown()
            assert s.explain_zh.strip() in shown and s.explain.strip() not in shown
            # the same numbers and hex names as the English explanation
            for token in re.findall(r"\b\d{4}[A-Z]{2}\b|\b[A-Z]-\d+\b", s.explain):
                assert token in s.explain_zh, (lesson, exercise, token)
            with using("both"):
                assert s.explain.strip() in s.markdown()


def test_a_check_refuses_an_unknown_solution_field(tmp_path: Path, monkeypatch) -> None:
    bad = tmp_path / "_solutions.toml"
    bad.write_text('[lesson.01.1]\nanswers = { answer_1 = "1" }\nexplain = "x"\n'
                   'explain_fr = "y"\n', encoding="utf-8")
    monkeypatch.setattr(_check, "SOLUTIONS", bad)
    _check.load_solutions.cache_clear()
    try:
        with pytest.raises(ValueError, match="unknown field.*explain_fr"):
            _check.load_solutions()
    finally:
        monkeypatch.undo()
        _check.load_solutions.cache_clear()


def test_a_unit_label_in_a_hint_is_chinese() -> None:
    r1 = Unit("R1", "red", m.parse("4563PA"))
    with using("zh"):
        verdict = _check05.check_march(True, m, "4563PH", "4563PN", units=[r1])
    assert not ENGLISH.search(verdict.hint), verdict.hint
