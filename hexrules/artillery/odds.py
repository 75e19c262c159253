"""Exact odds and Monte Carlo of artillery, from the adjudication's own dice steps (A-2…A-8).

Nothing here restates a rule. Where one gun's fire lands, :func:`impact_distribution`, is
computed by running the adjudication's dice step :func:`~hexrules.artillery.steps.roll_impact`
over every dice sequence it can roll (:func:`hexrules.chance.outcomes`: at most 6⁴ = 1296
sequences, 556 in fact). What one gun does to a unit, :func:`strike_distribution`, enumerates
:func:`~hexrules.artillery.steps.roll_strike` the same way (at most 6³). A gun's result on a
unit in a given hex, :func:`gun_result_distribution`, mixes the two through the zone rule
:func:`~hexrules.artillery.steps.zone_status` (A-5); a whole mission, :func:`mission_odds`,
composes the guns with the one accumulation rule (F-10,
:func:`~hexrules.combat.odds.final_state_distribution`). The guns are independent: each rolls
its own dice, and a unit's result from one gun does not depend on its state (a destroyed
unit is simply not adjudicated again, which the composition follows).

The Monte Carlo samples those exact distributions with numpy (vectorised over runs) and
applies F-10 through :data:`~hexrules.combat.damage.TRANSITIONS`, as the direct-fire Monte
Carlo does; the tests also check seeded adjudications against the exact odds.

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> from hexrules.artillery import FirePlan
>>> m = HexMap.flat(20, 20)
>>> centre = Hex.from_offset(10, 10)
>>> imp = impact_distribution(m, centre)
>>> imp.cancelled, imp.lost, imp.on_target
(Fraction(1, 6), Fraction(0, 1), Fraction(5, 12))
>>> odds = mission_odds(m, FirePlan("red", "155", centre, called=1),
...                     Unit("R1", "red", centre.neighbor(2)))
>>> round(float(odds.p_destroyed), 4), sum(odds.final.values())
(0.2101, Fraction(1, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from hexrules.artillery.adjudicate import _markers_at
from hexrules.artillery.plan import FirePlan, _tables, verify_fire_plan
from hexrules.artillery.record import ImpactMarker
from hexrules.artillery.steps import roll_impact, roll_strike, zone, zone_status
from hexrules.chance import outcomes
from hexrules.combat.damage import TRANSITIONS, bits_to_state, damage_state, state_to_bits
from hexrules.combat.odds import _state_order, final_state_distribution
from hexrules.dice import DiceSource
from hexrules.errors import IllegalOrderError, RulesError, RulesTypeError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.records import MapRef
from hexrules.tables import TableSet
from hexrules.units import Result, Status, Unit

__all__ = [
    "CANCELLED",
    "LOST",
    "ImpactOdds",
    "MissionOdds",
    "attack_odds",
    "entry_odds",
    "gun_result_distribution",
    "impact_distribution",
    "mission_odds",
    "simulate_impacts",
    "simulate_mission",
    "strike_distribution",
]

#: Outcome keys of :meth:`ImpactOdds.outcomes` and :func:`simulate_impacts` besides hexes.
CANCELLED, LOST = "cancelled", "lost"
_NONE = {r: Fraction(int(r is Result.NONE)) for r in Result}


@dataclass(frozen=True)
class ImpactOdds:
    """Where one gun's fire ends, exactly (from :func:`impact_distribution`).

    Attributes
    ----------
    target : Hex
        The planned hex.
    rocket, suppressed : bool
        The flags of A-3.
    hexes : dict of Hex to Fraction
        Each final impact hex on the map and its probability (the planned hex first).
    cancelled : Fraction
        The fire does not arrive (A-2).
    lost : Fraction
        It drifts off the map (A-4).
    map : MapRef
    """

    target: Hex
    rocket: bool
    suppressed: bool
    hexes: dict[Hex, Fraction]
    cancelled: Fraction
    lost: Fraction
    map: MapRef

    @property
    def total(self) -> Fraction:
        """``cancelled + lost + sum(hexes)``: exactly 1."""
        return self.cancelled + self.lost + sum(self.hexes.values(), Fraction(0))

    @property
    def on_target(self) -> Fraction:
        """Probability that the fire lands on the planned hex."""
        return self.hexes.get(self.target, Fraction(0))

    def p(self, h: Hex) -> Fraction:
        """Probability that the fire lands in ``h`` (0 for a hex it cannot reach)."""
        return self.hexes.get(h, Fraction(0))

    def outcomes(self) -> dict[Hex | str, Fraction]:
        """Every outcome: the impact hexes, :data:`CANCELLED` and :data:`LOST`."""
        return {**self.hexes, CANCELLED: self.cancelled, LOST: self.lost}

    def __repr__(self) -> str:
        flags = " rocket" if self.rocket else " suppressed" if self.suppressed else ""
        return (f"<ImpactOdds{flags} {self.target!r}: on target {self.on_target}, cancelled "
                f"{self.cancelled}, lost {self.lost}, {len(self.hexes)} impact hexes>")

    def _repr_html_(self) -> str:
        from hexrules.render.html import impact_odds_html

        return impact_odds_html(self)


def _hexmap(hexmap: object) -> HexMap:
    if not isinstance(hexmap, HexMap):
        raise RulesTypeError(f"artillery needs a HexMap, got {type(hexmap).__name__}")
    return hexmap


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise RulesTypeError(f"{name} must be True or False (A-3), got {value!r}")
    return value


_IMPACT_CACHE: dict[tuple[object, ...], ImpactOdds] = {}


def impact_distribution(hexmap: HexMap, target: Hex | FirePlan, *, rocket: bool = False,
                        suppressed: bool = False, tables: TableSet | None = None
                        ) -> ImpactOdds:
    """Exact probability of each final impact hex of one gun, cancelled and lost (A-2…A-4).

    Parameters
    ----------
    hexmap : HexMap
    target : Hex or FirePlan
        The planned hex; a fire plan also gives its ``rocket`` and ``suppressed`` flags.
    rocket, suppressed : bool
        Rocket artillery, or a suppressed battery: always drifts (A-3).
    tables : TableSet, optional
        Gives the A-2 cancel face (``[battery] cancel_face`` of artillery.toml).

    Returns
    -------
    ImpactOdds
        Exact fractions that sum to exactly 1 (``odds.total``).

    Raises
    ------
    IllegalOrderError
        If the target is off the map (A-1).

    Examples
    --------
    >>> m = HexMap.flat(10, 10)
    >>> corner = impact_distribution(m, Hex(0, 0))
    >>> corner.lost, corner.total          # 4 of the 6 directions leave the map at once
    (Fraction(5, 18), Fraction(1, 1))
    >>> corner
    <ImpactOdds Hex(0, 0): on target 5/12, cancelled 1/6, lost 5/18, 13 impact hexes>
    >>> impact_distribution(m, Hex(5, 5), rocket=True).on_target
    Fraction(0, 1)
    """
    m = _hexmap(hexmap)
    if isinstance(target, FirePlan):
        rocket, suppressed, target = target.rocket, target.suppressed, target.target
    if not isinstance(target, Hex):
        raise RulesTypeError(f"the target must be a Hex or a FirePlan, got {target!r}")
    always = _flag("rocket", rocket) or _flag("suppressed", suppressed)
    if target not in m:
        raise IllegalOrderError(
            f"fire plan (A-1): the target must be a hex of the map; {m._off_map_text(target)}")
    cancel = _tables(tables).artillery.cancel_face
    ref = MapRef.of(m)
    key = (ref.digest, target, rocket, suppressed, cancel)
    hit = _IMPACT_CACHE.get(key)
    if hit is not None:
        return hit

    def one_gun(dice: DiceSource) -> Hex | None:
        return roll_impact(target, always_drifts=always, dice=dice, cancel_face=cancel).impact

    dist = outcomes(one_gun)
    cancelled = dist.pop(None, Fraction(0))
    lost = sum((p for h, p in dist.items() if h not in m), Fraction(0))
    on_map = {h: p for h, p in dist.items() if h in m}
    ordered = dict(sorted(on_map.items(), key=lambda kv: (kv[0] != target, kv[0].r, kv[0].q)))
    odds = ImpactOdds(target, rocket, suppressed, ordered, cancelled, lost, ref)
    _IMPACT_CACHE[key] = odds
    return odds


_STRIKE_CACHE: dict[tuple[object, ...], tuple[TableSet, dict[Result, Fraction]]] = {}


def strike_distribution(level: int, terrain: Terrain | str = Terrain.OPEN,
                        armour_value: int = 0, *, tables: TableSet | None = None
                        ) -> dict[Result, Fraction]:
    """Exact probability of each result of one unit attacked at ``level`` (A-7).

    Enumerates :func:`~hexrules.artillery.steps.roll_strike`: 2d6 on the result table, the
    terrain correction of ``terrain`` on K only, a d6 ≤ ``armour_value`` turning K into S.

    Examples
    --------
    >>> d = strike_distribution(7, "open", 2)
    >>> d[Result.K], sum(d.values())       # 14/36 K at level 7, 4/6 of them survive the d6
    (Fraction(7, 27), Fraction(1, 1))
    >>> strike_distribution(0)[Result.NONE]
    Fraction(1, 1)
    """
    tables = _tables(tables)
    if isinstance(level, bool) or not isinstance(level, int):
        raise RulesTypeError(f"an attack level must be a whole number (A-6), got {level!r}")
    if isinstance(armour_value, bool) or not isinstance(armour_value, int):
        raise RulesTypeError(f"an armour value must be a whole number (A-7), got "
                             f"{armour_value!r}")
    terrain = Terrain.parse(terrain)
    key = (id(tables), level, terrain, armour_value)
    hit = _STRIKE_CACHE.get(key)
    if hit is not None and hit[0] is tables:
        return dict(hit[1])

    def one(dice: DiceSource) -> Result:
        return roll_strike(level, terrain, armour_value, tables=tables, dice=dice).result

    dist = outcomes(one)
    out = {r: dist.get(r, Fraction(0)) for r in Result}
    _STRIKE_CACHE[key] = (tables, out)
    return dict(out)


def _unit(hexmap: HexMap, unit: object) -> Unit:
    if not isinstance(unit, Unit):
        raise RulesTypeError(f"expected a Unit, got {type(unit).__name__} {unit!r}")
    if unit.hex not in hexmap:
        raise RulesError(f"unit {unit.id!r}: {hexmap._off_map_text(unit.hex)}")
    return unit


def _gun_odds(hexmap: HexMap, plan: FirePlan, unit: Unit, tables: TableSet
              ) -> tuple[ImpactOdds, dict[int | None, Fraction], dict[Result, Fraction],
                         list[tuple[Hex | str, Fraction, dict[Result, Fraction]]]]:
    imp = impact_distribution(hexmap, plan, tables=tables)
    gun = tables.artillery.guns[plan.gun]
    terrain = hexmap.terrain_at(unit.hex)
    value = gun.armour[tables.units.armour_of(unit)]
    rings: dict[int | None, Fraction] = {}
    per_gun = {r: Fraction(0) for r in Result}
    parts: list[tuple[Hex | str, Fraction, dict[Result, Fraction]]] = []
    for key, p in imp.outcomes().items():
        ring = None if isinstance(key, str) else zone_status(hexmap, key, unit.hex)[0]
        rings[ring] = rings.get(ring, Fraction(0)) + p
        dist = _NONE if ring is None else strike_distribution(
            int(tables.artillery.lookup(plan.gun, ring).value), terrain, value, tables=tables)
        parts.append((key, p, dist))
        for r, q in dist.items():
            per_gun[r] += p * q
    ring_odds = dict(sorted(rings.items(), key=lambda kv: 3 if kv[0] is None else kv[0]))
    return imp, ring_odds, per_gun, parts


def gun_result_distribution(hexmap: HexMap, plan: FirePlan, unit: Unit, *,
                            tables: TableSet | None = None) -> dict[Result, Fraction]:
    """Exact probability of each result one gun of ``plan`` gives ``unit`` (A-2…A-7).

    The unit stands in its hex (friend or foe alike, A-7); the result is none when the gun is
    cancelled, lost, or does not attack the unit's hex (A-5).

    Examples
    --------
    >>> from hexrules.artillery import FirePlan
    >>> m = HexMap.flat(20, 20)
    >>> centre = Hex.from_offset(10, 10)
    >>> d = gun_result_distribution(m, FirePlan("red", "155", centre, called=1),
    ...                             Unit("B1", "blue", centre))
    >>> d[Result.K], sum(d.values())
    (Fraction(55, 486), Fraction(1, 1))
    """
    tables = _tables(tables)
    verify_fire_plan(hexmap, plan, tables=tables)
    return dict(_gun_odds(hexmap, plan, _unit(hexmap, unit), tables)[2])


@dataclass(frozen=True)
class MissionOdds:
    """Exact odds of a whole mission for one unit (from :func:`mission_odds`).

    Attributes
    ----------
    plan : FirePlan
    unit : Unit
        The unit, in its hex, with its state before the mission.
    impact : ImpactOdds
        Where one gun's fire ends.
    rings : dict of (int or None) to Fraction
        Per gun: the probability that it attacks the unit's hex on ring 0, 1, 2, or not at
        all (``None``).
    per_gun : dict of Result to Fraction
        Per gun: the result on the unit.
    final : dict of frozenset of Status to Fraction
        The unit's damage state after every gun (F-10).
    """

    plan: FirePlan
    unit: Unit
    impact: ImpactOdds
    rings: dict[int | None, Fraction]
    per_gun: dict[Result, Fraction]
    final: dict[frozenset[Status], Fraction]

    @property
    def p_attacked_per_gun(self) -> Fraction:
        """Probability that one gun attacks the unit's hex (any ring)."""
        return 1 - self.rings.get(None, Fraction(0))

    @property
    def p_attacked(self) -> Fraction:
        """Probability that at least one gun of the battery attacks the unit's hex."""
        return 1 - (1 - self.p_attacked_per_gun) ** self.plan.guns

    @property
    def p_destroyed(self) -> Fraction:
        """Probability that the unit ends destroyed."""
        return self.final.get(frozenset({Status.DESTROYED}), Fraction(0))

    @property
    def p_harmed(self) -> Fraction:
        """Probability that the unit ends with a damage marker it did not have."""
        return 1 - self.final.get(damage_state(self.unit.status), Fraction(0))

    def __repr__(self) -> str:
        return (f"<MissionOdds {self.plan.side.value} {self.plan.gun} on {self.plan.target!r} → "
                f"{self.unit.id} {self.unit.hex!r}: attacked {float(self.p_attacked):.1%}, "
                f"destroyed {float(self.p_destroyed):.1%}>")

    def _repr_html_(self) -> str:
        from hexrules.render.html import mission_odds_html

        return mission_odds_html(self)


def mission_odds(hexmap: HexMap, plan: FirePlan, unit: Unit, *,
                 tables: TableSet | None = None) -> MissionOdds:
    """Exact odds of the unit's final state after a whole mission (A-1…A-7, F-10).

    Every gun gives the unit :func:`gun_result_distribution`; the guns are composed in order
    by the accumulation rule (F-10), a destroyed unit not being adjudicated again.

    Examples
    --------
    >>> from hexrules.artillery import FirePlan, drift
    >>> m = HexMap.flat(20, 20)
    >>> centre = Hex.from_offset(10, 10)
    >>> plan = FirePlan("red", "122", centre, called=1)
    >>> odds = mission_odds(m, plan, Unit("R2", "red", drift(centre, 2, 2)))
    >>> odds.rings[2], round(float(odds.p_attacked), 3), round(float(odds.p_harmed), 3)
    (Fraction(205, 432), 0.986, 0.119)
    """
    tables = _tables(tables)
    verify_fire_plan(hexmap, plan, tables=tables)
    unit = _unit(hexmap, unit)
    imp, rings, per_gun, _ = _gun_odds(hexmap, plan, unit, tables)
    final = final_state_distribution([per_gun] * plan.guns, unit)
    return MissionOdds(plan, unit, imp, rings, per_gun, final)


def attack_odds(hexmap: HexMap, target: Hex | FirePlan, *, rocket: bool = False,
                suppressed: bool = False, guns: int = 1) -> dict[Hex, Fraction]:
    """Exact probability that each hex is attacked by at least one of ``guns`` guns (A-5).

    From :func:`impact_distribution` and the zone of every impact hex
    (:func:`~hexrules.artillery.steps.zone`); hexes never attacked are left out.

    Examples
    --------
    >>> m = HexMap.flat(20, 20)
    >>> c = Hex.from_offset(10, 10)
    >>> one = attack_odds(m, c)
    >>> one[c], attack_odds(m, c, guns=6)[c] > one[c]     # within 2 hexes: 5/12 + 5/72 + 5/72
    (Fraction(5, 9), True)
    """
    imp = impact_distribution(hexmap, target, rocket=rocket, suppressed=suppressed)
    if isinstance(guns, bool) or not isinstance(guns, int) or guns < 1:
        raise RulesTypeError(f"guns must be a whole number >= 1, got {guns!r}")
    acc: dict[Hex, Fraction] = {}
    for h, p in imp.hexes.items():
        for z in zone(hexmap, h):
            if z.attacked:
                acc[z.hex] = acc.get(z.hex, Fraction(0)) + p
    if guns > 1:
        acc = {h: 1 - (1 - p) ** guns for h, p in acc.items()}
    return dict(sorted(acc.items(), key=lambda kv: (kv[0].r, kv[0].q)))


def entry_odds(hexmap: HexMap, unit: Unit, hex: Hex | str,
               markers: Mapping[Hex, Iterable[ImpactMarker]] | Iterable[ImpactMarker], *,
               tables: TableSet | None = None, reactive_armour: bool = False
               ) -> dict[frozenset[Status], Fraction]:
    """Exact odds of a unit's state after entering a hex with impact markers (A-8, F-10).

    The same arguments as :func:`~hexrules.artillery.adjudicate.adjudicate_entry`, without
    the dice: one :func:`strike_distribution` per marker at its ring-0 level, composed by
    F-10 (a destroyed unit is not attacked again); with ``reactive_armour`` (E-4) the first
    hit is lowered one step, as in adjudication.

    Examples
    --------
    >>> from hexrules.artillery import ImpactMarker
    >>> m = HexMap.flat(10, 10)
    >>> mk = ImpactMarker(Hex(3, 3), "red", "155", 1, 7, turn=3)
    >>> odds = entry_odds(m, Unit("B1", "blue", Hex(2, 3)), Hex(3, 3), [mk, mk])
    >>> odds[frozenset({Status.DESTROYED})] > strike_distribution(7, "open", 2)[Result.K]
    True
    """
    tables = _tables(tables)
    m = _hexmap(hexmap)
    if not isinstance(unit, Unit):
        raise RulesTypeError(f"entry_odds needs a Unit, got {type(unit).__name__}")
    h = m.parse(hex)
    terrain = m.terrain_at(h)
    armour = tables.units.armour_of(unit)
    dists = [strike_distribution(mk.level, terrain, tables.artillery.guns[mk.gun].armour[armour],
                                 tables=tables) for mk in _markers_at(markers, h)]
    return final_state_distribution(dists, unit, reactive_armour=reactive_armour)


# ---------------------------------------------------------------------------------------
# Monte Carlo
# ---------------------------------------------------------------------------------------
def _runs(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise RulesTypeError(f"n must be a whole number of runs >= 0, got {n!r}")
    return n


def _probabilities(values: list[Fraction]) -> np.ndarray:
    p = np.array([float(v) for v in values])
    return p / p.sum()


def simulate_impacts(hexmap: HexMap, target: Hex | FirePlan, n: int,
                     rng: np.random.Generator | int | None = None, *, rocket: bool = False,
                     suppressed: bool = False) -> dict[Hex | str, int]:
    """Monte Carlo of ``n`` guns' fire (vectorised): counts of each impact hex, cancelled, lost.

    Samples :func:`impact_distribution`; compare with it (keys as
    :meth:`ImpactOdds.outcomes`).

    Examples
    --------
    >>> counts = simulate_impacts(HexMap.flat(10, 10), Hex(5, 5), 10_000, rng=1)
    >>> sum(counts.values()), 1500 < counts["cancelled"] < 1850
    (10000, True)
    """
    n = _runs(n)
    outcomes_ = impact_distribution(hexmap, target, rocket=rocket,
                                    suppressed=suppressed).outcomes()
    keys = list(outcomes_)
    picks = np.random.default_rng(rng).choice(len(keys), size=n,
                                              p=_probabilities(list(outcomes_.values())))
    counts = np.bincount(picks, minlength=len(keys))
    return {k: int(c) for k, c in zip(keys, counts, strict=True) if c}


def simulate_mission(hexmap: HexMap, plan: FirePlan, unit: Unit, *, n: int,
                     rng: np.random.Generator | int | None = None,
                     tables: TableSet | None = None) -> dict[frozenset[Status], int]:
    """Monte Carlo of a whole mission on one unit, ``n`` times (vectorised); final-state counts.

    Gun by gun, each run samples where the fire ends (:func:`impact_distribution`), then the
    unit's result for that impact (:func:`strike_distribution` at the ring's level, none when
    its hex is not attacked), and accumulates it by the F-10 table. Compare with
    :func:`mission_odds`.

    Examples
    --------
    >>> from hexrules.artillery import FirePlan
    >>> m = HexMap.flat(20, 20)
    >>> c = Hex.from_offset(10, 10)
    >>> counts = simulate_mission(m, FirePlan("red", "155", c, called=1),
    ...                           Unit("B1", "blue", c), n=1000, rng=3)
    >>> sum(counts.values())
    1000
    """
    n = _runs(n)
    tables = _tables(tables)
    verify_fire_plan(hexmap, plan, tables=tables)
    unit = _unit(hexmap, unit)
    _, _, _, parts = _gun_odds(hexmap, plan, unit, tables)
    gen = np.random.default_rng(rng)
    p_impact = _probabilities([p for _, p, _ in parts])
    results = list(Result)
    cum = np.cumsum([[float(d[r]) for r in results] for _, _, d in parts], axis=1)
    cum[:, -1] = 1.0
    state = np.full(n, state_to_bits(unit.status), dtype=np.int8)
    for _ in range(plan.guns):
        where = gen.choice(len(parts), size=n, p=p_impact)
        result = (gen.random(n)[:, None] >= cum[where]).sum(axis=1).astype(np.int8)
        state = TRANSITIONS[state, result]
    values, counts = np.unique(state, return_counts=True)
    out = {bits_to_state(int(v)): int(c) for v, c in zip(values, counts, strict=True)}
    return dict(sorted(out.items(), key=lambda kv: _state_order(kv[0])))

