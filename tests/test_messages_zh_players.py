"""The Chinese edition of the computer players' explanations (issue 17): the decisions of the
default player in the shipped scenarios — their headings, the names of the parts of a score
and the notes of the candidates — read in Chinese under ``using("zh")``, in text
(``str``, :func:`~hexrules.players.render.decision_text`) and in HTML (``_repr_html_``);
"both" shows them as the English edition always has. The decisions stay the same values in
every setting: only their rendering follows it.
"""

from __future__ import annotations

import html
import re

import pytest
from test_messages_zh import english_words

from hexrules.game import GameState
from hexrules.language import using
from hexrules.players import DefaultPlayer, GreedyPlayer
from hexrules.players.base import Decision
from hexrules.players.render import decision_html, decision_text


def _text_nodes(html_text: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r">([^<>]+)<", f">{html_text}<")]


def _titles(html_text: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r"title='([^']*)'", html_text)]


def _decisions(scenario: str, seed: int, orders: int = 120) -> list[Decision]:
    """Decisions of two default players (and a greedy one) over the first orders of a game."""
    state = GameState.from_scenario(scenario, seed=seed)
    players = {"red": DefaultPlayer(seed=seed), "blue": DefaultPlayer(seed=seed + 7)}
    greedy = GreedyPlayer(seed=seed)
    out = []
    for _ in range(orders):
        if state.over:
            break
        side = state.to_act
        assert side is not None
        view, legal = state.view(side), state.legal_orders()
        d = players[side.value].decide(view, legal)
        out += [d, greedy.decide(view, legal)]
        state, _ = state.apply(d.order)
    return out


@pytest.mark.parametrize("scenario", ["duel", "meeting", "village"])
def test_default_player_explanations_read_in_chinese(scenario: str) -> None:
    bad: set[str] = set()
    notes: set[str] = set()
    for seed in range(2 if scenario == "duel" else 1):
        for d in _decisions(scenario, seed):
            notes.update(c.note for c in d.candidates)
            with using("zh"):
                shown = [str(d), *decision_text(d).splitlines()]
                page = d._repr_html_()
                shown += _text_nodes(page) + _titles(page)
            bad.update(line for line in shown if english_words(line))
    assert len(notes) > 10, notes
    assert not bad, "\n".join(sorted(bad))


def test_decisions_are_values_and_both_is_unchanged() -> None:
    decisions = _decisions("duel", 3, orders=40)
    with using("zh"):
        again = _decisions("duel", 3, orders=40)
    assert again == decisions  # decided in "zh", the same values as in "both"
    d = next(d for d in decisions if any(c.note for c in d.candidates))
    chosen = d.chosen
    assert chosen is not None
    with using("both"):
        text = decision_text(d)
        assert text.startswith(f"{d.player} chose {d.order!r}")
        assert f"({chosen.note})" in text
        assert decision_html(d) == d._repr_html_()
        assert f"<b>{html.escape(d.player)}</b> chose" in d._repr_html_()
        assert str(d).startswith(f"{d.order!r} — {len(d.candidates)} candidate")
    with using("en"):
        assert decision_text(d) == text
    with using("zh"):
        assert "选择" in decision_text(d) and "得分" in decision_html(d)


def test_the_parts_of_a_score_read_in_chinese() -> None:
    from hexrules.game import Pass
    from hexrules.players.base import Candidate
    from hexrules.players.render import PARTS

    parts = tuple((k, 0.0) for k in PARTS)
    d = Decision(Pass(), (Candidate(Pass(), 0.0, parts, "wait"),), "default (normal)")
    with using("zh"):
        page = d._repr_html_()
        assert not [t for t in _text_nodes(page) + _titles(page) if english_words(t)]
        assert "默认电脑玩家（普通）" in page and "毁伤" in page and "风险" in page
        assert "（等待）" in decision_text(d)
