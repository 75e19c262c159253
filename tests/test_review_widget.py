"""The after-action review widget (widgets/review.py), from Python: stepping, jumping, the
views, and that a side's view holds no unit it did not see."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as ipw
import pytest

from hexrules.game.logview import hidden_from, names
from hexrules.review import Review
from hexrules.units import Side

PREPARED = Path(__file__).resolve().parents[1] / "lessons" / "data" / "review_duel.json"


@pytest.fixture(scope="module")
def widget() -> Any:
    from hexrules_widgets.review import GameReview

    return GameReview(Review.build(PREPARED))


def _texts(w: Any) -> list[str]:
    out: list[str] = []
    if isinstance(w, ipw.HTML | ipw.Label):
        out.append(w.value)
    if isinstance(w, ipw.Button):
        out.append(w.description)
    if isinstance(w, ipw.Dropdown | ipw.ToggleButtons):
        out += [str(o) for o in w.options]
    for c in getattr(w, "children", ()):
        if isinstance(c, ipw.Widget) and c.layout.display != "none":
            out += _texts(c)
    return out


def test_review_widget_steps_and_jumps(widget: Any) -> None:
    w = widget
    w.set_view(None)
    w.jump_to(0)
    w.back_button.click()
    assert w.position == 0
    w.next_button.click()
    w.next_button.click()
    assert w.position == 2 and "record 2/" in w.position_line.value
    w.back_button.click()
    assert w.position == 1
    w.turn_pick.value = 3
    w.turn_button.click()
    assert w.review.record(w.position).turn == 3 and w.review.record(w.position - 1).turn == 2
    w.jump_to_event("first_kill")
    k = w.review.find("first_kill")
    assert w.position == k
    lost = {u.id for u in w.review.state_at(k).losses}
    assert lost <= {u.id for u in w.counters.units}
    w.event_pick.value = w.event_pick.options[0][1]
    w.event_button.click()
    assert w.position == w.event_pick.options[0][1]
    w.jump_to(len(w.review) - 1)
    w.next_button.click()
    assert w.position == len(w.review) - 1


def test_review_widget_decision_panel(widget: Any) -> None:
    w = widget
    w.set_view(None)
    d = next(d for d in w.review.decisions if d.fire)
    w.jump_to(d.index)
    assert "hexrules-dp-odds" in w.decision_html.value and "luck percentile" in \
        w.decision_html.value
    d = max(w.review.decisions, key=lambda d: d.regret)
    w.jump_to(d.index)
    assert "ranked higher by the computer" in w.decision_html.value


def test_review_widget_side_views_hide_what_the_side_did_not_see(widget: Any) -> None:
    w = widget
    checked = 0
    for side in Side:
        w.set_view(side)
        assert w.whole.layout.display == "none"
        for k in range(len(w.review)):
            w.jump_to(k)
            s = w.review.state_at(k)
            ids, hexes = hidden_from(s, side)
            assert not ids & {u.id for u in w.counters.units}
            text = "\n".join(_texts(w))
            assert not names(text, ids), (side, k, names(text, ids))
            checked += bool(ids)
    assert checked
    w.set_view(None)
    assert w.whole.layout.display is None
    full = {u.id for u in w.review.state_at(w.position).units}
    assert full <= {u.id for u in w.counters.units}


def test_review_widget_plots_and_export(widget: Any, tmp_path: Path) -> None:
    w = widget
    w.set_view(None)
    w.plots_button.click()
    assert len(w.plots_box.children) >= 3
    assert all(img.value[1:4] == b"PNG" for img in w.plots_box.children)
    w.path_text.value = str(tmp_path / "r.html")
    w.export_button.click()
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "r.html" in w.status_line.value


def test_the_instructor_demo_opens_the_prepared_review(monkeypatch: pytest.MonkeyPatch) -> None:
    demo = (Path(__file__).resolve().parents[1] / "lessons" / "instructor_demo.py").read_text(
        encoding="utf-8")
    code = demo[demo.index("def open_review"):]
    ns: dict[str, Any] = {"Path": Path}
    exec(code, ns)  # noqa: S102
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    w = ns["open_review"]()
    assert len(w.review) == len(Review.build(PREPARED, computer=False))
