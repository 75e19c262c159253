"""The after-action review widget in the Chinese edition (issue 17): its own texts follow the
language setting and its 中 / EN / 双语 toggle; the bilingual edition is unchanged; the order
of a record is headed by its Chinese name (its value, ``repr``, unchanged)."""

from __future__ import annotations

import html
import re

import pytest
from test_messages_zh import english_words

from hexrules.glossary import order_label
from hexrules.language import using

pytest.importorskip("ipywidgets")

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def review():  # noqa: ANN201
    from hexrules.players import RandomPlayer, play

    return play("duel", {"red": RandomPlayer(seed=1), "blue": RandomPlayer(seed=2)},
                seed=3).state


def _texts(w) -> list[str]:  # noqa: ANN001
    out = [b.description for b in (w.back_button, w.next_button, w.turn_button,
                                   w.event_button, w.plots_button, w.export_button)]
    out += [lab for lab, _ in w.turn_pick.options] + [lab for lab, _ in w.view_pick.options]
    out += [lab for lab, _ in w.event_pick.options]
    for h in (w.position_line, w.record_html, w.decision_html, w.summary_html):
        out += [html.unescape(t) for t in re.findall(r">([^<>]+)<", f">{h.value}<")]
    return [t for t in out if t.strip()]


def test_the_review_reads_in_each_language(review) -> None:  # noqa: ANN001
    from hexrules_widgets.review import GameReview

    w = GameReview(review, language=False)
    for k in range(len(w.review)):
        w.jump_to(k)
        both = _texts(w)
        texts = {}
        for lang in ("zh", "en"):
            with using(lang):
                w.relabel()
                texts[lang] = _texts(w)
        w.relabel()
        assert _texts(w) == both
        bad = [t for t in texts["zh"] if english_words(t)]
        assert not bad, bad
        assert not [t for t in texts["en"] if CJK.search(t)]


def test_the_review_follows_its_language_toggle(review) -> None:  # noqa: ANN001
    from hexrules_widgets.review import GameReview

    w = GameReview(review)
    w.jump_to(5)
    w.set_view("blue")
    try:
        w.language_toggle.value = "zh"
        assert w.side == "blue" and w.view_pick.value == "blue"
        assert "第" in w.position_line.value and "record" not in w.position_line.value
        assert w.back_button.description == "◀ 后退"
        assert "当前格" in w.board.hover.value and "Hex under" not in w.board.hover.value
    finally:
        w.language_toggle.value = "both"
    assert "Hex under the pointer 当前格" in w.board.hover.value
    assert "Blue 蓝方 view" in w.position_line.value
    assert w.back_button.description == "◀ Back 后退"


def test_the_bilingual_review_reads_as_before(review) -> None:  # noqa: ANN001
    from hexrules_widgets.review import GameReview

    w = GameReview(review, language=False)
    assert w.language_toggle is None
    assert w.back_button.description == "◀ Back 后退"
    assert w.next_button.description == "Next 前进 ▶"
    assert w.event_button.description == "Go to event 事件"
    assert w.turn_pick.options[0] == ("turn 1 回合", 1)
    assert [lab for lab, _ in w.view_pick.options] == ["Full 全局", "Red 红方", "Blue 蓝方"]
    assert w.position_line.value.startswith("<b>record 0/")
    assert "full picture 全局" in w.position_line.value


def test_order_names_in_chinese_keep_the_value() -> None:
    from hexrules import Hex
    from hexrules.game import DeclareFire, Pass, StepTo

    step = StepTo(Hex(1, 2))
    assert order_label(step) == repr(step) == "StepTo(Hex(1, 2))"
    with using("zh"):
        assert order_label(step) == "逐格机动 StepTo(Hex(1, 2))"
        assert order_label(Pass()) == "放弃行动 Pass()"
        assert order_label(DeclareFire("R1", "B1")).startswith("宣告射击 DeclareFire(")
        assert repr(step) == "StepTo(Hex(1, 2))"
    with using("en"):
        assert order_label(step) == "StepTo(Hex(1, 2))"


def test_the_review_report_and_its_texts_read_in_chinese(review) -> None:  # noqa: ANN001
    """The notebook display of a review (``_repr_html_``) and the text of its parts (a side's
    summary, a decision point, a turning point) follow the setting as the widget does; the
    page's <style> is left alone."""
    from hexrules.players import RandomPlayer
    from hexrules.review import Review

    r = Review.build(review).with_win_probability(
        games=2, players={"red": RandomPlayer(), "blue": RandomPlayer()})
    both = r._repr_html_()
    with using("zh"):
        page = r._repr_html_()
        texts = [str(s) for s in r.summary()] + [str(t) for t in r.turning]
        texts += [str(d) for d in r.decisions] + [d._repr_html_() for d in r.decisions[:5]]
    assert r._repr_html_() == both
    nodes = [html.unescape(t) for t in re.findall(r">([^<>]+)<", page)]
    nodes += [t for x in texts for t in re.findall(r">([^<>]+)<", f">{x}<")]
    assert not [t for t in nodes if english_words(t)], [t for t in nodes if english_words(t)]
    assert "复盘" in page and "各方小结" in page
    with using("en"):
        assert not CJK.search(r._repr_html_() + "".join(str(s) for s in r.summary()))
