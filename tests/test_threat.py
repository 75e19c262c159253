"""The threat map (hexrules.analysis.threat): exact, checked against the adjudication itself.

Three independent checks of :func:`threat_map` and its ruling (docs/rules.md, "Threat map"):
brute force (every dice sequence of the adjudication, :func:`hexrules.chance.outcomes` over
:func:`adjudicate_fire`, with the exact sight path), a whole concentrated declaration's exact
odds (:func:`fire_odds`) on every hex of the training map, and a Monte Carlo of seeded games.
"""

from __future__ import annotations

import math
import os
from fractions import Fraction

import pytest

from hexrules import Dice, Hex, HexMap, Status, Unit, adjudicate_fire, line_of_sight
from hexrules.analysis import THREAT_KINDS, threat_map, threat_of
from hexrules.chance import outcomes
from hexrules.combat.odds import fire_odds
from hexrules.errors import RulesError, RulesTypeError, TableLookupError
from hexrules.game import GameState, view

SLOW = bool(os.environ.get("HEXRULES_SLOW"))


@pytest.fixture(scope="module")
def training() -> HexMap:
    return HexMap.load("training")


def _enemies(m: HexMap) -> list[Unit]:
    return [Unit("B1", "blue", m.parse("4563MG")),
            Unit("B2", "blue", m.parse("4563RF"), status=[Status.SUPPRESSED]),
            Unit("B3", "blue", m.parse("4563IK"), status=[Status.FIRED])]


def _destroyed_by_enumeration(m: HexMap, shooters: list[Unit], h: Hex) -> Fraction:
    """Brute force: every dice sequence of the adjudication, with the exact sight path."""
    probe = Unit("P", "red", h)
    fresh = [u.without_status(Status.FIRED) for u in shooters]
    dist = outcomes(lambda dice: adjudicate_fire(m, fresh, probe, dice=dice)
                    .target_after.destroyed)
    return dist.get(True, Fraction(0))


def test_threat_map_F_2_matches_brute_force_enumeration_of_the_adjudication(
        training: HexMap) -> None:
    m = training
    b1, b2 = _enemies(m)[:2]
    t = threat_map([b1, b2], m, "red")
    # open, forest and settlement hexes, some seen by both, some by one, some by none
    names = ["4563NH", "4563RG", "4563OK", "4563QM", "4563MI", "4563KE"]
    for name in names:
        h = m.parse(name)
        seen = [u for u in (b1, b2) if line_of_sight(m, u.hex, h).visible]
        expected = _destroyed_by_enumeration(m, seen, h) if seen else Fraction(0)
        assert t[h] == expected, name
    # a forest hex (F-7: a die showing 3 or 4 turns W, I, K into S)
    b4 = Unit("B4", "blue", m.parse("4563AO"))
    forest = m.parse("4563DS")
    assert threat_map([b4], m, "red")[forest] == _destroyed_by_enumeration(m, [b4], forest) > 0


def test_threat_map_F_9_equals_one_concentrated_declaration_on_every_hex(
        training: HexMap) -> None:
    """On every hex: the exact odds of all enemies firing one concentrated declaration."""
    m = training
    enemies = _enemies(m)
    destroy = threat_map(enemies, m, "red")
    damage = threat_map(enemies, m, "red", kind="damage")
    fresh = [u.without_status(Status.FIRED) for u in enemies]  # T-1 removes Fired
    hexes = list(m.hexes()) if SLOW else list(m.hexes())[::7]
    for h in hexes:
        if any(u.hex == h for u in fresh):
            continue  # a same-hex enemy is close combat, not direct fire (the ruling)
        odds = fire_odds(m, fresh, Unit("P", "red", h))
        assert destroy[h] == odds.p_destroyed, m.name_of(h)
        harmed = sum((p for s, p in odds.final.items()
                      if s & {Status.WEAPON_LOST, Status.IMMOBILISED, Status.DESTROYED}),
                     Fraction(0))
        assert damage[h] == harmed, m.name_of(h)


def test_threat_map_monte_carlo_of_seeded_adjudications(training: HexMap) -> None:
    m = training
    b1, b2 = _enemies(m)[:2]
    h = m.parse("4563NH")
    p = float(threat_map([b1, b2], m, "red")[h])
    n = 3000
    probe = Unit("P", "red", h)
    memo: dict[tuple[Hex, Hex], object] = {}

    def sight(hm: HexMap, a: Hex, b: Hex) -> object:
        if (a, b) not in memo:
            memo[(a, b)] = line_of_sight(hm, a, b)
        return memo[(a, b)]

    dice = Dice(seed=12)
    kills = sum(adjudicate_fire(m, [b1, b2], probe, dice=dice, sight=sight)  # type: ignore[arg-type]
                .target_after.destroyed for _ in range(n))
    sigma = math.sqrt(p * (1 - p) / n)
    assert 0 < p < 1
    assert abs(kills / n - p) < 4.5 * sigma


def test_threat_map_ruling_who_fires(training: HexMap) -> None:
    """[project ruling] Threat map: living enemies with a working gun fire; friends do not."""
    m = training
    h = m.parse("4563NH")
    b1 = Unit("B1", "blue", m.parse("4563MG"))
    base = threat_map([b1], m, "red")[h]
    assert base > 0
    assert threat_map([b1.with_status(Status.WEAPON_LOST)], m, "red")[h] == 0
    assert threat_map([b1.with_status(Status.DESTROYED)], m, "red")[h] == 0
    assert threat_map([b1.with_status(Status.FIRED, Status.MARCH)], m, "red")[h] == base
    assert threat_map([b1.with_status(Status.SUPPRESSED)], m, "red")[h] < base
    assert threat_map([b1], m, "blue")[h] == 0          # blue's own unit is no threat to blue
    assert threat_map([b1], m, "red")[b1.hex] == 0      # same hex: close combat, not counted
    assert threat_map([], m, "red")[h] == 0


def test_threat_map_cover_cuts_the_odds_F_7() -> None:
    m = HexMap.flat(20, 3)
    b1 = Unit("B1", "blue", Hex(0, 1))
    t = threat_of([b1], m, "red", Hex(10, 1))
    assert t.shooters == (("B1", 9),) and t.p_destroyed == Fraction(5, 9)
    assert t.p("damage") == t.p_damaged >= t.p_destroyed


def test_threat_map_takes_a_state_or_a_view(training: HexMap) -> None:
    units = [Unit("R1", "red", training.parse("4563NH")), *_enemies(training)[:1]]
    state = GameState.new(training, units, turns=1, seed=1)
    by_units = threat_map(units, training, "red")
    assert threat_map(state, training, "red") == by_units
    assert threat_map(view(state, "red"), training, "red") == by_units
    assert set(by_units) == set(training.hexes())


def test_threat_map_bad_input_is_refused(training: HexMap) -> None:
    with pytest.raises(RulesError, match="unknown threat kind"):
        threat_map([], training, "red", kind="kill")
    with pytest.raises(RulesError, match="side"):
        threat_map([], training, "green")
    with pytest.raises(TableLookupError, match="units.toml"):
        threat_map([], training, "red", unit_type="battleship")
    with pytest.raises(RulesTypeError):
        threat_map([1, 2], training, "red")
    with pytest.raises(RulesTypeError):
        threat_map([], "training", "red")  # type: ignore[arg-type]
    assert THREAT_KINDS == ("destroy", "damage")
