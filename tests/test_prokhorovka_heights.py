"""The hills' heights of the Prokhorovka maps (P-6: up to 77 m, display only; P-18 sight)."""

from __future__ import annotations

import itertools
import tomllib

import numpy as np
import pytest

from hexrules.errors import ScenarioFormatError
from hexrules.grid import Square
from hexrules.variants.prokhorovka import load_scenario, new_state, view
from hexrules.variants.prokhorovka.board import Board
from hexrules.variants.prokhorovka.scenario import SCENARIO_DIR, hill_heights, parse_scenario


def test_P_6_the_cut_carries_hill_252_2_with_its_heights() -> None:
    sc = load_scenario("cut")
    b = sc.board()
    (hill,) = sc.hills
    assert (hill.name, hill.name_zh, hill.height, hill.slope) == ("Hill 252.2", "252.2高地",
                                                                  77.0, 16)
    assert b.height_at(Square(54, 30)) == 77.0                 # the crest
    assert b.height_at(Square(46, 30)) == 38.5                 # the Soviet trench: mid-slope
    assert b.height_at(Square(40, 30)) == pytest.approx(77 * (1 - 14 / 16), abs=0.05)
    assert b.height_at(Square(39, 30)) == 0.0                  # the plain is flat
    assert b.height_at(Square(5, 5)) == 0.0                    # and the forest
    assert 0 <= b.heights.min() and b.heights.max() == 77.0    # P-6: up to 77 m
    hills = b.ground == 2
    assert (b.heights[~hills] == 0).all() and (b.heights[hills] > 0).any()


def test_P_6_the_full_map_crest_trench_is_on_the_crest() -> None:
    b = load_scenario("full").board()
    assert b.height_at(Square(170, 100)) == 77.0
    assert b.height_at(Square(150, 100)) == 38.5               # the mid-slope trench
    assert b.heights.max() <= 77


def test_P_18_heights_are_display_only_sight_ignores_them() -> None:
    """P-6 says the height is for display only and P-18 that only barn, house and haystack
    block: a unit on the plain sees across the crest, and flattening the hills changes no
    sight, no view and no digest."""
    sc = load_scenario("cut")
    b = sc.board()
    assert b.clear(Square(20, 30), Square(59, 30))            # across Hill 252.2
    flat = Board(b.width, b.height, b.ground.copy(), b.feature.copy(), b.trench.copy(),
                 b.rules, b.name)
    assert (flat.heights == 0).all() and flat.digest == b.digest
    rng = np.random.default_rng(6)
    pts = [Square(int(c), int(r)) for c, r in rng.integers(0, 60, size=(40, 2))]
    for a, c in itertools.combinations(pts, 2):
        assert flat.clear(a, c) == b.clear(a, c)
    s = new_state(sc)
    assert view(s, "german").hidden == 1                       # the same fog as before


def test_P_6_hill_heights_fall_linearly_to_the_foot() -> None:
    h = hill_heights(7, 1, (), np.ones((1, 7), bool))
    assert (h == 0).all()
    from hexrules.variants.prokhorovka.scenario import Hill

    two = (Hill("A", "", (Square(0, 0),), 30.0, 3), Hill("B", "", (Square(6, 0),), 60.0, 3))
    assert [float(x) for x in hill_heights(7, 1, two, np.ones((1, 7), bool))[0]] == [
        30.0, 20.0, 10.0, 0.0, 20.0, 40.0, 60.0]


@pytest.mark.parametrize(("hill", "message"), [
    ({"name": "H", "height": 90, "slope": 5, "squares": [[50, 30]]},
     r"hill\[0\]\.height: a hill's height is 0 < metres ≤ 77, got 90 \(P-6\)"),
    ({"name": "H", "height": 50, "slope": 0, "squares": [[50, 30]]},
     r"hill\[0\]\.slope: must be a whole number 1…1000, got 0"),
    ({"name": "H", "height": 50, "slope": 5, "squares": [[20, 30]]},
     r"hill\[0\]: crest square \(20, 30\) is plain, not hills \(P-6\)"),
    ({"name": "H", "height": 50, "slope": 5},
     r"hill\[0\]: give exactly one of squares"),
    ({"height": 50, "slope": 5, "squares": [[50, 30]]}, r"hill\[0\]: missing 'name'"),
])
def test_P_6_a_bad_hill_entry_names_the_file_and_entry(hill: dict, message: str) -> None:
    with (SCENARIO_DIR / "cut.toml").open("rb") as fh:
        data = tomllib.load(fh)
    data["hill"] = [hill]
    with pytest.raises(ScenarioFormatError, match=r"^cut\.toml: " + message):
        parse_scenario(data, "cut.toml")


def test_P_18_a_side_reads_only_what_it_sees_of_the_log() -> None:
    from hexrules.game.logview import names
    from hexrules.variants.prokhorovka import ProkGame
    from hexrules.variants.prokhorovka.logview import hidden_words, public_log

    g = ProkGame.new("cut", seed=4)
    g.play_random(seed=4, max_orders=150)
    hidden = hidden_words(g.state, "german")
    assert hidden
    log = public_log(g, "german")
    assert len(log) == len(g.log)
    shown = 0
    for (summary, rec), (order, full) in zip(log, g.log, strict=True):
        if rec is None:
            assert full.side == "soviet" and "fog of war" in summary
            continue
        shown += 1
        text = "".join(f"{p}\n{p._repr_html_()}" for p in rec.parts)
        assert not names(text, hidden)
        if full.side == "soviet":
            assert not names(repr(order), hidden)
    assert shown > len(log) // 2
