"""The Chinese edition of the Prokhorovka variant's records (issue 17): every record of random
games (P-3…P-24: movement, fire, hits, casualties, armour, mortar calls, morale, melee, the
result), in text and in HTML, reads in Chinese under ``using("zh")``; "both" shows them as
the English edition always has, and the records are the same values whatever the setting.
"""

from __future__ import annotations

import html
import random
import re

from test_messages_zh import english_words

from hexrules.language import using
from hexrules.records import encode
from hexrules.variants.prokhorovka import ProkGame
from hexrules.variants.prokhorovka.game import random_order


def _text_nodes(html_text: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r">([^<>]+)<", f">{html_text}<")]


def _games(seeds: range, lang: str = "both") -> list[ProkGame]:
    out = []
    for seed in seeds:
        with using(lang):
            g = ProkGame.new("cut", seed=seed)
            rng = random.Random(seed)
            while not g.state.over:
                g.apply(random_order(g.state, rng))
        out.append(g)
    return out


def test_prokhorovka_records_read_in_chinese() -> None:
    bad: set[str] = set()
    rules: set[str] = set()
    for g in _games(range(6)):
        for _order, rec in g.log:
            rules.update(st.rule for p in rec.parts for st in p.steps)
            with using("zh"):
                bad.update(line for line in str(rec).splitlines() if english_words(line))
                bad.update(t for t in _text_nodes(rec._repr_html_()) if english_words(t))
    assert {"P-9", "P-11", "P-12", "P-13", "P-24"} <= rules, rules
    assert not bad, "\n".join(sorted(bad))


def test_prokhorovka_records_are_values_and_both_is_unchanged() -> None:
    (g,) = _games(range(1, 2))
    (again,) = _games(range(1, 2), lang="zh")
    assert [encode(r) for _, r in again.log] == [encode(r) for _, r in g.log]
    rec = next(r for _, r in g.log
               if any(st.rule == "P-11" for p in r.parts for st in p.steps))
    both = str(rec)
    assert "range" in both and "squares" in both
    with using("both"):
        assert str(rec) == both
    with using("en"):
        assert "range" in str(rec) and "命中" not in str(rec)
    with using("zh"):
        assert "距离" in str(rec) and "距离" in rec._repr_html_()


def test_prokhorovka_computer_player_explanations_read_in_chinese() -> None:
    from hexrules.variants.prokhorovka.players import PLAYERS, play

    bad: set[str] = set()
    notes: set[str] = set()

    def each(d, rec) -> None:  # noqa: ANN001 - a Decision and its record
        notes.update(c.note for c in d.candidates)
        with using("zh"):
            shown = str(d).splitlines() + _text_nodes(d._repr_html_())
        bad.update(t for t in shown if english_words(t))

    for seed in range(2):
        play(ProkGame.new("cut", seed=seed),
             {s: PLAYERS["greedy"](seed=seed) for s in ("german", "soviet")}, each=each)
    assert len(notes) > 5, notes
    assert not bad, "\n".join(sorted(bad))
