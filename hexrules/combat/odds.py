"""Exact odds and Monte Carlo of direct fire, from the adjudication code itself (F-6…F-10).

Nothing here re-states a table rule. The result distribution of one shot,
:func:`shot_distribution`, is computed by running the adjudication's own dice step
(:func:`~hexrules.combat.fire.roll_shot`) over every dice sequence it can roll
(:func:`hexrules.chance.outcomes`: at most 6³ = 216 sequences per shot). The target's final
state after several shots composes those distributions with the one accumulation rule
(:func:`~hexrules.combat.damage.accumulate`, F-10). The Monte Carlo samples the exact shot
distributions and applies F-10 through its table :data:`~hexrules.combat.damage.TRANSITIONS`.

Examples
--------
>>> from fractions import Fraction
>>> from hexrules import Hex, HexMap, Unit
>>> shot_distribution(9)[Result.K]
Fraction(5, 9)
>>> m = HexMap.flat(30, 3)
>>> r1, r2 = Unit("R1", "red", Hex(0, 1)), Unit("R2", "red", Hex(0, 2))
>>> fire_odds(m, [r1, r2], Unit("B1", "blue", Hex(18, 1))).p_destroyed
Fraction(37465, 46656)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from hexrules.chance import outcomes
from hexrules.combat.damage import (
    DAMAGE_ORDER,
    TRANSITIONS,
    accumulate,
    bits_to_state,
    damage_state,
    state_label,
    state_to_bits,
    step_down,
)
from hexrules.combat.declare import _tables, check, declare
from hexrules.combat.fire import plan_shot, roll_shot
from hexrules.combat.orders import FireKind, FireOrder
from hexrules.dice import DiceSource
from hexrules.errors import RulesTypeError, TableFormatError
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.tables import TableSet
from hexrules.units import Result, Status, Unit

__all__ = [
    "FireOdds",
    "final_state_distribution",
    "fire_odds",
    "shot_distribution",
    "simulate_fire",
    "simulate_shots",
    "state_label",
    "table_odds",
]

_NO_EFFECT = {r: Fraction(int(r is Result.NONE)) for r in Result}


def _terrain(terrain: Terrain | str | int) -> Terrain:
    return Terrain.parse(terrain)


def _armour(armour: str, tables: TableSet) -> str:
    if not isinstance(armour, str):
        raise RulesTypeError(f"armour must be an armour-class name, got {armour!r}")
    known = tables.combat_results.armour
    if armour not in known:
        raise TableFormatError(
            f"armour class {armour!r} has no F-8 armour correction in "
            f"{tables.combat_results.meta.file}; known: {', '.join(sorted(known))}"
        )
    return armour


def _level(level: int) -> int:
    if isinstance(level, bool) or not isinstance(level, int):
        raise RulesTypeError(f"an attack level must be a whole number, got {level!r}")
    return level


def table_odds(level: int, *, tables: TableSet | None = None) -> dict[Result, Fraction]:
    """Exact odds of the combat result table alone (F-6, before F-7 and F-8).

    Examples
    --------
    >>> [table_odds(lv)[Result.K] * 36 for lv in (3, 9)]
    [Fraction(2, 1), Fraction(24, 1)]
    """
    tables = _tables(tables)
    level = min(_level(level), tables.combat_results.max_level)
    if level <= 0:
        return dict(_NO_EFFECT)
    crt = tables.combat_results
    dist = outcomes(lambda dice: crt.lookup(level, sum(dice.roll(2, "F-6", "2d6"))).value)
    return {r: dist.get(r, Fraction(0)) for r in Result}


_CACHE: dict[tuple[object, ...], tuple[TableSet, dict[Result, Fraction]]] = {}


def shot_distribution(
    level: int,
    terrain: Terrain | str = Terrain.OPEN,
    *,
    armour: str = "medium",
    close_combat: bool = False,
    tables: TableSet | None = None,
) -> dict[Result, Fraction]:
    """Exact probability of each result of one shot after every correction (F-6, F-7, F-8).

    Parameters
    ----------
    level : int
        Final attack level (F-5); above the top level it is clamped, ≤ 0 is no effect.
    terrain : Terrain or str
        The target's hex terrain (F-7): a :class:`~hexrules.map.terrain.Terrain`, its name
        (``'forest'``) or its map code (``'F'``).
    armour : str
        The target's armour class (F-8), e.g. ``'medium'``.
    close_combat : bool
        No terrain correction (F-12).
    tables : TableSet, optional

    Returns
    -------
    dict of Result to Fraction
        Keys in order none, S, W, I, K; the values sum to 1.

    Raises
    ------
    RulesError
        Unknown terrain; :class:`~hexrules.errors.TableFormatError` for an armour class the
        tables do not know.

    Examples
    --------
    >>> d = shot_distribution(11, "city")
    >>> d[Result.K] + d[Result.W] + d[Result.I] == (1 - Fraction(11, 36)) * Fraction(5, 6)
    True
    >>> shot_distribution(9, "swamp")
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesError: unknown terrain 'swamp' (M-5): use open, city, forest, water ...
    """
    tables = _tables(tables)
    level, terrain = _level(level), _terrain(terrain)
    armour = _armour(armour, tables)
    if not isinstance(close_combat, bool):
        raise RulesTypeError(f"close_combat must be True or False, got {close_combat!r}")
    key = (id(tables), min(level, tables.combat_results.max_level), terrain, armour,
           close_combat)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is tables:
        return dict(hit[1])

    def one_shot(dice: DiceSource) -> Result:
        return roll_shot(level, terrain, armour, close_combat=close_combat, tables=tables,
                         dice=dice).result

    dist = outcomes(one_shot)
    out = {r: dist.get(r, Fraction(0)) for r in Result}
    _CACHE[key] = (tables, out)
    return dict(out)


def _state_order(state: frozenset[Status]) -> tuple[int, ...]:
    return tuple(int(s in state) for s in reversed(DAMAGE_ORDER))


def final_state_distribution(
    shots: Sequence[Mapping[Result, Fraction]],
    start: Unit | Iterable[Status] = (),
    *,
    reactive_armour: bool = False,
) -> dict[frozenset[Status], Fraction]:
    """Exact distribution of a target's damage state after shots in order (F-9, F-10).

    Parameters
    ----------
    shots : sequence of mapping Result → Fraction
        One result distribution per shot, in declared order (e.g. from
        :func:`shot_distribution`).
    start : Unit or iterable of Status
        The target's state before the first shot.
    reactive_armour : bool
        The target's side plays the reactive-armour card (E-4): the first result that is not
        "no effect" is lowered one step (:func:`~hexrules.combat.damage.step_down`, as in
        adjudication), then the card is spent.

    Returns
    -------
    dict of frozenset of Status to Fraction
        Keys are damage states (subsets of S, W, I; a destroyed target is
        ``frozenset({Status.DESTROYED})``); once destroyed, later shots are not adjudicated.

    Examples
    --------
    >>> one = shot_distribution(9)
    >>> two = final_state_distribution([one, one])
    >>> two[frozenset({Status.DESTROYED})] > one[Result.K]
    True
    >>> sum(two.values())
    Fraction(1, 1)
    >>> frozenset({Status.DESTROYED}) in final_state_distribution([one], reactive_armour=True)
    False
    """
    init = damage_state(start.status if isinstance(start, Unit) else start)
    # (damage state, reactive armour still to act) -> probability
    dist: dict[tuple[frozenset[Status], bool], Fraction] = {(init, reactive_armour): Fraction(1)}
    for shot in shots:
        new: dict[tuple[frozenset[Status], bool], Fraction] = {}
        for (state, armour), p in dist.items():
            if Status.DESTROYED in state:
                new[(state, armour)] = new.get((state, armour), Fraction(0)) + p
                continue
            for r, q in shot.items():
                if q:
                    hit = armour and r is not Result.NONE
                    s2 = damage_state(accumulate(state, step_down(r) if hit else r))
                    key = (s2, armour and not hit)
                    new[key] = new.get(key, Fraction(0)) + p * q
        dist = new
    out: dict[frozenset[Status], Fraction] = {}
    for (state, _), p in dist.items():
        out[state] = out.get(state, Fraction(0)) + p
    return dict(sorted(out.items(), key=lambda kv: _state_order(kv[0])))


@dataclass(frozen=True)
class FireOdds:
    """Exact odds of a whole declaration (from :func:`fire_odds`).

    Attributes
    ----------
    order : FireOrder
    shooters : tuple of Unit
    target : Unit
    levels : tuple of (int or None)
        Final attack level per shooter (``None``: no line of sight).
    shots : tuple of dict
        Result distribution of each shot, were it adjudicated.
    final : dict of frozenset of Status to Fraction
        The target's final damage state (F-10; stops after a kill, F-9).
    """

    order: FireOrder
    shooters: tuple[Unit, ...]
    target: Unit
    levels: tuple[int | None, ...]
    shots: tuple[dict[Result, Fraction], ...]
    final: dict[frozenset[Status], Fraction]

    @property
    def p_destroyed(self) -> Fraction:
        """Probability that the target ends destroyed.

        >>> from hexrules import Hex
        >>> m = HexMap.flat(30, 3)
        >>> fire_odds(m, Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(18, 1))
        ...           ).p_destroyed
        Fraction(5, 9)
        """
        return self.final.get(frozenset({Status.DESTROYED}), Fraction(0))

    @property
    def kill_curve(self) -> tuple[Fraction, ...]:
        """Probability that the target is destroyed after the first 1, 2, … shots (F-9).

        The kill probability against shots spent: entry ``k - 1`` is the chance that the
        first ``k`` shooters (in declared order) destroy it; the last is :attr:`p_destroyed`.

        >>> from hexrules import Hex
        >>> m = HexMap.flat(30, 3)
        >>> r1, r2 = Unit("R1", "red", Hex(0, 1)), Unit("R2", "red", Hex(0, 2))
        >>> fire_odds(m, [r1, r2], Unit("B1", "blue", Hex(18, 1))).kill_curve
        (Fraction(5, 9), Fraction(37465, 46656))
        """
        dead = frozenset({Status.DESTROYED})
        return tuple(final_state_distribution(self.shots[: k + 1], self.target).get(
            dead, Fraction(0)) for k in range(len(self.shots)))

    @property
    def expected_shots(self) -> Fraction:
        """Expected number of shots actually adjudicated (the rest are skipped after a kill).

        >>> from hexrules import Hex
        >>> m = HexMap.flat(30, 3)
        >>> r1, r2 = Unit("R1", "red", Hex(0, 1)), Unit("R2", "red", Hex(0, 2))
        >>> fire_odds(m, [r1, r2], Unit("B1", "blue", Hex(18, 1))).expected_shots
        Fraction(13, 9)
        """
        total, alive = Fraction(0), Fraction(1)
        for k in range(len(self.shots)):
            total += alive
            dist = final_state_distribution(self.shots[: k + 1], self.target)
            alive = 1 - dist.get(frozenset({Status.DESTROYED}), Fraction(0))
        return total

    def _repr_html_(self) -> str:
        from hexrules.render.html import fire_odds_html

        return fire_odds_html(self)


def _plans(hexmap: HexMap, order: object, target: object, context: Mapping[str, object]
           ) -> tuple[object, list[int | None], list[dict[Result, Fraction]]]:
    d = declare(order, target, **context)  # type: ignore[arg-type]
    check(hexmap, d)
    terrain = hexmap.terrain_at(d.target.hex)
    close = d.kind is FireKind.CLOSE_COMBAT
    levels: list[int | None] = []
    dists: list[dict[Result, Fraction]] = []
    for u in d.shooters:
        level = plan_shot(hexmap, d, u).level
        levels.append(level)
        dists.append(dict(_NO_EFFECT) if level is None else shot_distribution(
            level, terrain, armour=d.tables.units.armour_of(d.target), close_combat=close,
            tables=d.tables))
    return d, levels, dists


def fire_odds(
    hexmap: HexMap,
    order: FireOrder | Unit | Iterable[Unit],
    target: Unit | None = None,
    **context: object,
) -> FireOdds:
    """Exact odds of a declaration before any die is rolled (same arguments as adjudication).

    Uses the same F-2 steps 1–4 as :func:`~hexrules.combat.fire.adjudicate_fire`, then
    :func:`shot_distribution` per shooter and :func:`final_state_distribution` from the
    target's current state.

    Raises
    ------
    IllegalOrderError
        If the declaration is illegal (:func:`~hexrules.combat.declare.verify_fire`).

    Examples
    --------
    >>> from hexrules import Hex
    >>> m = HexMap.flat(30, 3)
    >>> r1 = Unit("R1", "red", Hex(0, 1))
    >>> odds = fire_odds(m, r1, Unit("B1", "blue", Hex(18, 1)))
    >>> odds.levels, odds.p_destroyed
    ((9,), Fraction(5, 9))
    """
    d, levels, dists = _plans(hexmap, order, target, context)
    final = final_state_distribution(dists, d.target,  # type: ignore[attr-defined]
                                     reactive_armour=d.reactive_armour)  # type: ignore[attr-defined]
    return FireOdds(d.order, d.shooters, d.target, tuple(levels),  # type: ignore[attr-defined]
                    tuple(dists), final)


# ---------------------------------------------------------------------------------------
# Monte Carlo
# ---------------------------------------------------------------------------------------
def _sample(dist: Mapping[Result, Fraction], n: int, rng: np.random.Generator) -> np.ndarray:
    p = np.array([float(dist.get(r, 0)) for r in Result])
    return rng.choice(len(p), size=n, p=p / p.sum()).astype(np.int8)


def simulate_shots(
    level: int,
    terrain: Terrain | str = Terrain.OPEN,
    n: int = 1,
    rng: np.random.Generator | int | None = None,
    *,
    armour: str = "medium",
    close_combat: bool = False,
    tables: TableSet | None = None,
) -> np.ndarray:
    """Simulate ``n`` independent shots at one final level (vectorised, numpy).

    Returns an ``int8`` array of result indices in the order of :class:`Result`
    (0 none, 1 S, 2 W, 3 I, 4 K), sampled from :func:`shot_distribution`.

    Examples
    --------
    >>> r = simulate_shots(9, "open", 10_000, rng=1)
    >>> r.shape, set(np.unique(r)) <= {0, 1, 2, 3, 4}
    ((10000,), True)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise RulesTypeError(f"n must be a whole number of shots >= 0, got {n!r}")
    dist = shot_distribution(level, terrain, armour=armour, close_combat=close_combat,
                             tables=tables)
    return _sample(dist, n, np.random.default_rng(rng))


def simulate_fire(
    hexmap: HexMap,
    order: FireOrder | Unit | Iterable[Unit],
    target: Unit | None = None,
    *,
    n: int,
    rng: np.random.Generator | int | None = None,
    **context: object,
) -> dict[frozenset[Status], int]:
    """Monte Carlo of a declaration, ``n`` times (vectorised); counts of final states.

    The same F-2 steps 1–4 as the adjudication, then each shot's result sampled from its
    exact distribution and accumulated by the F-10 table; shots after a kill change nothing
    (F-9). Compare with :func:`fire_odds`.

    Examples
    --------
    >>> from hexrules import Hex
    >>> m = HexMap.flat(30, 3)
    >>> r1, r2 = Unit("R1", "red", Hex(0, 1)), Unit("R2", "red", Hex(1, 1))
    >>> counts = simulate_fire(m, [r1, r2], Unit("B1", "blue", Hex(18, 1)), n=1000, rng=3)
    >>> sum(counts.values())
    1000
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise RulesTypeError(f"n must be a whole number of runs >= 0, got {n!r}")
    d, levels, dists = _plans(hexmap, order, target, context)
    gen = np.random.default_rng(rng)
    state = np.full(n, state_to_bits(d.target.status), dtype=np.int8)  # type: ignore[attr-defined]
    for level, dist in zip(levels, dists, strict=True):
        if level is not None:
            state = TRANSITIONS[state, _sample(dist, n, gen)]
    values, counts = np.unique(state, return_counts=True)
    out = {bits_to_state(int(v)): int(c) for v, c in zip(values, counts, strict=True)}
    return dict(sorted(out.items(), key=lambda kv: _state_order(kv[0])))
