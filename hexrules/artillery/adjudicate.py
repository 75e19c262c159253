"""Adjudicating artillery (炮兵火力, A-1…A-8): pure functions the game engine calls.

Each function takes the map, a :class:`~hexrules.artillery.plan.FirePlan` (or impact
markers), the units and the dice, and returns a frozen record; nothing is changed and no game
state is read. The engine calls :func:`adjudicate_mission` in the random-event phase of the
turn the plan lands (T-4 step 3, A-1), keeps :func:`impact_markers` of the record until the
next random-event phase, and calls :func:`adjudicate_entry` when a unit enters a marked hex
during the movement phase, before any opportunity fire (A-8).

Every gun is adjudicated on its own (A-7: gun by gun, hex by hex, unit by unit): its
abnormal-delay d6 (A-2), drift check (A-3), drift (A-4), zones (A-5), then each unit in each
attacked hex — friend or foe, destroyed units skipped — at the gun's level for that ring
(A-6), with 2d6 on the result table, the terrain correction on K only and the armour d6
(A-7). The levels of several guns never add up, but their results accumulate on a unit by
F-10 (:func:`~hexrules.combat.damage.apply_result`). The dice steps are those of
:mod:`hexrules.artillery.steps`, which the exact odds enumerate.

Rulings this module follows (see also :mod:`hexrules.artillery.steps`):

* A-2 dice order **[decision]** (docs/rules.md);
* **[project ruling]** fire that drifts off the map attacks nothing, not even the hexes of its
  rings 1–2 that lie on the map: A-4 says the fire is lost;
* **[project ruling]** hexes are attacked in spiral order (the impact hex, then ring 1, then
  ring 2, each from the west clockwise) and the units of a hex in the order they are given;
* **[project ruling]** the terrain correction reads the unit's own hex, so a unit in the
  impact hex of fire landing in a settlement or a forest has its K corrected (K only);
* **[project ruling]** a unit entering a hex with several markers is attacked once per
  marker, in the order the markers were placed, and no more once it is destroyed (A-8); a unit
  already in a hex when the fire lands is attacked by the mission, not again for staying there
  or leaving it, but again if it enters a marked hex later (A-8 acts on entering);
* **[project ruling]** a fire plan may name any hex of the map, water included (A-1 names a
  hex; only the map's edge limits it).

Examples
--------
>>> from hexrules import Hex, HexMap, ScriptedDice, Unit
>>> from hexrules.artillery import FirePlan
>>> m = HexMap.flat(12, 12)
>>> plan = FirePlan("red", "155", Hex(3, 5), called=1)
>>> b1 = Unit("B1", "blue", Hex(3, 5))
>>> dice = ScriptedDice([6] * 5 + [2, 4, 2, 3, 5])   # guns 1-5 cancelled, gun 6 on target
>>> rec = adjudicate_mission(m, plan, [b1], dice=dice)
>>> [g.cancelled for g in rec.guns], rec.units_after["B1"].destroyed
([True, True, True, True, True, False], True)
>>> rec.rules
('A-1', 'A-2', 'A-3', 'A-5', 'A-6', 'A-7', 'F-10')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from hexrules.artillery.plan import FirePlan, _tables, verify_fire_plan
from hexrules.artillery.record import (
    ArtilleryRecord,
    ArtilleryStrike,
    GunRecord,
    ImpactMarker,
    MarkerEntryRecord,
)
from hexrules.artillery.steps import (
    SPLINTER_STOPPERS,
    ZoneHex,
    impact_steps,
    ring_label,
    roll_impact,
    strike_outcome,
    zone,
)
from hexrules.combat.damage import apply_result
from hexrules.dice import DiceSource
from hexrules.errors import IllegalOrderError, RulesError, RulesTypeError
from hexrules.glossary import label
from hexrules.language import bilingual
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.records import MapRef, Step, TableRef
from hexrules.tables import TableSet
from hexrules.units import Result, Side, Unit

__all__ = ["adjudicate_entry", "adjudicate_gun", "adjudicate_mission", "impact_markers"]


def _units(units: Iterable[Unit]) -> tuple[Unit, ...]:
    if isinstance(units, Unit):
        units = (units,)
    if isinstance(units, str | bytes | Mapping) or not isinstance(units, Iterable):
        raise RulesTypeError(f"units must be an iterable of Unit, got {units!r}")
    out = tuple(units)
    seen: set[str] = set()
    for u in out:
        if not isinstance(u, Unit):
            raise RulesTypeError(f"units must be Unit values, got {type(u).__name__} {u!r}")
        if u.id in seen:
            raise RulesError(f"two units have the id {u.id!r}: unit ids must be unique (C-1)")
        seen.add(u.id)
    return out


def _dice(dice: object) -> DiceSource:
    if not isinstance(dice, DiceSource):
        raise RulesTypeError(f"dice must be a Dice or ScriptedDice, got {dice!r} (T-6)")
    return dice


def _number(gun_number: object, plan: FirePlan) -> int:
    if isinstance(gun_number, bool) or not isinstance(gun_number, int):
        raise RulesTypeError(f"a gun number is a whole number 1-{plan.guns}, got {gun_number!r}")
    if not 1 <= gun_number <= plan.guns:
        raise IllegalOrderError(
            f"gun {gun_number} is not in the battery: its guns are numbered 1-{plan.guns} "
            "(A-1, A-7)")
    return gun_number


def _who(plan: FirePlan, number: int) -> str:
    return f"{plan.side.value} {plan.gun} gun {number}"


def _strike(unit: Unit, hex: Hex, terrain: Terrain, ring: int, level: int, first: Step,
            gun: str, *, tables: TableSet, dice: DiceSource, rule: str, who: str,
            reactive: bool = False) -> ArtilleryStrike:
    """One unit attacked at ``level``: the level step ``first``, A-7, (E-4), F-10."""
    from hexrules.combat.fire import reactive_armour_step

    armour = tables.units.armour_of(unit)
    steps, s = strike_outcome(level, terrain, gun, armour, tables=tables, dice=dice, rule=rule,
                              who=f"{who}→{unit.id}")
    result = s.result
    if reactive and result is not Result.NONE:
        step, result = reactive_armour_step(result, unit.id)
        steps = [*steps, step]
        s = dataclasses.replace(s, result=result)
    after = apply_result(unit, s.result)
    note = ""
    if s.result is Result.S and unit.suppressed:
        note = "already suppressed: no change"
    elif s.result in (Result.W, Result.I) and after.destroyed:
        note = "second W/I: destroyed"
    last = Step("F-10", label("accumulation"),
                (("before 之前", unit.status_label), ("result 结果", s.result.label)),
                result=after.status_label, note=note)
    return ArtilleryStrike(unit, after, hex, ring, level, (first, *steps, last), s.table,
                           s.result, s.dice, s.armour_die)


def _zone_step(hexmap: HexMap, impact: Hex, zone_hexes: tuple[ZoneHex, ...],
               attacked_ids: list[str], skipped: list[str]) -> Step:
    landed = hexmap.terrain_at(impact)
    n_in = sum(z.attacked for z in zone_hexes)
    out = [z for z in zone_hexes if not z.attacked]
    notes = []
    if out and landed in SPLINTER_STOPPERS:
        notes.append(out[0].reason)
    elif out:
        reasons: dict[str, list[str]] = {}
        for z in out:
            reasons.setdefault(z.reason, []).append(z.name)
        notes += [f"{why}: {', '.join(names)}" for why, names in reasons.items()]
    notes.append("units 算子: " + (", ".join(attacked_ids) or "none 无"))
    if skipped:
        notes.append("destroyed, not adjudicated: " + ", ".join(skipped))
    return Step(
        "A-5", label("zones"),
        ((label("impact_hex"), hexmap.name_of(impact)), ("terrain 地形", landed.label)),
        result=f"{n_in} hexes attacked 受攻击, {len(out)} left out 不受攻击", value=n_in,
        note="; ".join(notes),
    )


def _gun(hexmap: HexMap, plan: FirePlan, number: int, units: tuple[Unit, ...],
         dice: DiceSource, tables: TableSet, armour: set[Side] | None = None) -> GunRecord:
    mark = dice.mark()
    who = _who(plan, number)
    cancel = tables.artillery.cancel_face
    imp = roll_impact(plan.target, always_drifts=plan.always_drifts, dice=dice, who=who,
                      cancel_face=cancel)
    steps = impact_steps(hexmap, plan, number, imp, cancel)
    impact = imp.impact
    lost = impact is not None and impact not in hexmap
    zone_hexes: tuple[ZoneHex, ...] = ()
    strikes: list[ArtilleryStrike] = []
    skipped: list[str] = []
    marker = None
    if impact is not None and not lost:
        zone_hexes = zone(hexmap, impact)
        art = tables.artillery
        cells = [art.lookup(plan.gun, ring) for ring in range(3)]
        here: dict[Hex, list[Unit]] = {}
        for u in units:
            here.setdefault(u.hex, []).append(u)
        for z in zone_hexes:
            if not z.attacked or z.hex not in here:
                continue
            cell = cells[z.ring]
            level = int(cell.value)
            for u in here[z.hex]:
                if u.destroyed:
                    skipped.append(u.id)
                    continue
                first = Step("A-6", label("artillery_attack_level"),
                             (("gun 火炮", plan.gun), ("ring 环", ring_label(z.ring)),
                              ("unit 算子", f"{u.id} {z.name}")),
                             cell, result=f"attack level 攻击等级 {level}", value=level)
                reactive = armour is not None and u.side in armour
                strikes.append(_strike(u, z.hex, z.terrain, z.ring, level, first, plan.gun,
                                       tables=tables, dice=dice, rule="A-7", who=who,
                                       reactive=reactive))
                if reactive and any(st.rule == "E-4" for st in strikes[-1].steps):
                    armour.discard(u.side)  # type: ignore[union-attr]
        steps.append(_zone_step(hexmap, impact, zone_hexes,
                                [s.unit_before.id for s in strikes], skipped))
        marker = ImpactMarker(impact, plan.side, plan.gun, number, int(cells[0].value),
                              plan.lands)
    return GunRecord(plan, number, tuple(steps), imp.delay_die, imp.drift_die, imp.direction,
                     imp.distance, imp.path, impact, lost, zone_hexes, tuple(strikes),
                     tuple(skipped), marker, dice.since(mark), MapRef.of(hexmap),
                     TableRef.of(tables))


@bilingual
def adjudicate_gun(
    hexmap: HexMap,
    plan: FirePlan,
    gun_number: int,
    units: Iterable[Unit],
    *,
    dice: DiceSource,
    tables: TableSet | None = None,
) -> GunRecord:
    """Adjudicate one gun of a battery (A-2…A-7).

    Parameters
    ----------
    hexmap : HexMap
    plan : FirePlan
        Checked first by :func:`~hexrules.artillery.plan.verify_fire_plan`.
    gun_number : int
        1 … ``plan.guns``: names the gun in the record and in the rolls' purposes.
    units : iterable of Unit
        Every unit on the map, friend or foe (ids unique); those in attacked hexes are
        adjudicated, in this order within a hex. Destroyed units are skipped.
    dice : DiceSource
    tables : TableSet, optional

    Returns
    -------
    GunRecord
        Frozen; the inputs are unchanged. ``record.units_after`` holds the units attacked.

    Raises
    ------
    IllegalOrderError
        Target off the map (A-1), or a gun number outside the battery.
    TableKeyError
        A gun type the tables do not know (artillery.toml).
    RulesTypeError, RulesError
        Wrong argument types, duplicate unit ids.

    Examples
    --------
    >>> from hexrules import Hex, HexMap, ScriptedDice
    >>> from hexrules.artillery import FirePlan
    >>> m = HexMap.flat(10, 10)
    >>> plan = FirePlan("red", "122", Hex(2, 4), called=1)
    >>> rec = adjudicate_gun(m, plan, 2, [], dice=ScriptedDice([3, 1, 2, 3]))
    >>> rec.path, rec.impact, len(rec.attacked)
    ((Hex(2, 4), Hex(3, 4), Hex(4, 4), Hex(5, 4)), Hex(5, 4), 19)
    >>> [str(r) for r in rec.rolls][:2]
    ['3 (A-2 abnormal delay, red 122 gun 2)', '1 (A-3 drift check, red 122 gun 2)']
    """
    tables = _tables(tables)
    verify_fire_plan(hexmap, plan, tables=tables)
    number = _number(gun_number, plan)
    return _gun(hexmap, plan, number, _units(units), _dice(dice), tables)


@bilingual
def adjudicate_mission(
    hexmap: HexMap,
    plan: FirePlan,
    units: Iterable[Unit],
    *,
    dice: DiceSource,
    tables: TableSet | None = None,
    reactive_armour: Iterable[Side | str] = (),
) -> ArtilleryRecord:
    """Adjudicate a whole battery arriving (A-1…A-7): its guns one by one.

    Each gun is :func:`adjudicate_gun` on the units as the guns before it left them, so the
    results of several guns accumulate (F-10) while their levels never add up (A-7). The
    engine calls it in the random-event phase of turn ``plan.lands`` (T-4 step 3).

    Parameters and errors are those of :func:`adjudicate_gun`; ``reactive_armour`` names
    the sides that play the reactive-armour card (E-4): the first unit of such a side that a
    gun hits has that result lowered one step, then the side's card is spent.

    Returns
    -------
    ArtilleryRecord
        ``record.units_after`` holds the units attacked after the last gun,
        ``record.markers`` the impact markers left on the map (A-8).

    Examples
    --------
    >>> from hexrules import Dice, Hex, HexMap, Unit
    >>> from hexrules.artillery import FirePlan
    >>> m = HexMap.flat(12, 12)
    >>> rec = adjudicate_mission(m, FirePlan("blue", "155", Hex(4, 5), called=2),
    ...                          [Unit("R1", "red", Hex(4, 5))], dice=Dice(seed=1))
    >>> len(rec.guns), rec.arrival.value, rec == adjudicate_mission(
    ...     m, rec.plan, [Unit("R1", "red", Hex(4, 5))], dice=Dice(seed=1))
    (6, 4, True)
    """
    tables = _tables(tables)
    verify_fire_plan(hexmap, plan, tables=tables)
    current = {u.id: u for u in _units(units)}
    dice = _dice(dice)
    kind = label("rocket_artillery" if plan.rocket else "barrel_artillery")
    arrival = Step(
        "A-1", label("normal_delay"),
        ((label("fire_plan"), f"{plan.side.label} {plan.gun} → {hexmap.name_of(plan.target)}"),
         ("called 呼叫", f"turn 回合 {plan.called}"), ("battery 炮兵连", f"{plan.guns} × {kind}")),
        result=f"arrives in turn {plan.lands} 第{plan.lands}回合到达", value=plan.lands,
        note="gun by gun, hex by hex, unit by unit (A-7)",
    )
    armour = {Side.parse(s) for s in reactive_armour}
    guns = []
    for k in range(1, plan.guns + 1):
        g = _gun(hexmap, plan, k, tuple(current.values()), dice, tables, armour)
        current.update(g.units_after)
        guns.append(g)
    return ArtilleryRecord(plan, arrival, tuple(guns), MapRef.of(hexmap), TableRef.of(tables))


def impact_markers(
    records: ArtilleryRecord | GunRecord | Iterable[ArtilleryRecord | GunRecord],
) -> dict[Hex, tuple[ImpactMarker, ...]]:
    """The impact markers missions left on the map, by hex (A-2, A-8).

    Only guns whose fire landed on the map leave one (a cancelled gun's marker is removed,
    A-2; fire off the map is lost, A-4). Each marker carries the gun's ring-0 level, which a
    unit entering its hex suffers (:func:`adjudicate_entry`). Several records (both sides'
    missions of one turn) may be given; markers keep the order they were placed in.

    Examples
    --------
    >>> from hexrules import Hex, HexMap, ScriptedDice
    >>> from hexrules.artillery import FirePlan
    >>> m = HexMap.flat(10, 10)
    >>> rec = adjudicate_mission(m, FirePlan("red", "155", Hex(3, 3), called=1), [],
    ...                          dice=ScriptedDice([2, 2, 6, 6, 6, 6, 6]))
    >>> impact_markers(rec)
    {Hex(3, 3): (ImpactMarker(Hex(3, 3), Side.RED, '155', 1, 7, turn=3),)}
    """
    if isinstance(records, ArtilleryRecord | GunRecord):
        records = (records,)
    if isinstance(records, str | bytes | Mapping) or not isinstance(records, Iterable):
        raise RulesTypeError(f"impact_markers takes artillery records, got {records!r}")
    out: dict[Hex, list[ImpactMarker]] = {}
    for rec in records:
        if isinstance(rec, ArtilleryRecord):
            markers: tuple[ImpactMarker, ...] = rec.markers
        elif isinstance(rec, GunRecord):
            markers = () if rec.marker is None else (rec.marker,)
        else:
            raise RulesTypeError(
                f"impact_markers takes ArtilleryRecord or GunRecord values, got {rec!r}")
        for mk in markers:
            out.setdefault(mk.hex, []).append(mk)
    return {h: tuple(ms) for h, ms in out.items()}


def _markers_at(markers: object, hex: Hex) -> tuple[ImpactMarker, ...]:
    if isinstance(markers, Mapping):
        items: Iterable[object] = markers.get(hex, ())
    elif isinstance(markers, ImpactMarker):
        items = (markers,)
    elif isinstance(markers, Iterable) and not isinstance(markers, str | bytes):
        items = markers
    else:
        raise RulesTypeError(
            f"markers must be impact_markers(...) (a dict of hex to markers) or ImpactMarker "
            f"values, got {markers!r}")
    out = []
    for mk in items:
        if not isinstance(mk, ImpactMarker):
            raise RulesTypeError(f"markers must be ImpactMarker values, got {mk!r}")
        if mk.hex == hex:
            out.append(mk)
    return tuple(out)


@bilingual
def adjudicate_entry(
    hexmap: HexMap,
    unit: Unit,
    hex: Hex | str,
    markers: Mapping[Hex, Iterable[ImpactMarker]] | Iterable[ImpactMarker],
    *,
    dice: DiceSource,
    tables: TableSet | None = None,
    reactive_armour: bool = False,
) -> MarkerEntryRecord:
    """A unit entering ``hex`` during the movement phase, where impact markers lie (A-8).

    The unit is attacked at once, once per marker in ``hex``, at that gun's ring-0 level,
    with the A-7 dice step (2d6, terrain correction on K only by the entered hex's terrain,
    the gun's armour value); results accumulate (F-10), and once the unit is destroyed the
    remaining markers do nothing. The engine calls this before any opportunity fire (V-6).

    Parameters
    ----------
    hexmap : HexMap
    unit : Unit
        The unit entering (its own ``hex`` may be the hex it comes from; only its markers
        change).
    hex : Hex or str
        The hex entered (a Hex, a military name or ``(col, row)``).
    markers : dict of Hex to ImpactMarker, or iterable of ImpactMarker
        The markers on the map (:func:`impact_markers`); those of other hexes are ignored.
    dice : DiceSource
    tables : TableSet, optional
    reactive_armour : bool
        The unit's side plays the reactive-armour card (E-4): the first marker that hits has
        its result lowered one step.

    Returns
    -------
    MarkerEntryRecord
        With no strikes when the hex holds no marker or the unit is destroyed.

    Raises
    ------
    OffMapError
        If ``hex`` is not on the map.
    RulesTypeError
        Wrong argument types.

    Examples
    --------
    >>> from hexrules import Hex, HexMap, ScriptedDice, Unit
    >>> m = HexMap.flat(10, 10)
    >>> mk = ImpactMarker(Hex(3, 3), "red", "155", 1, 7, turn=3)
    >>> rec = adjudicate_entry(m, Unit("B1", "blue", Hex(2, 3)), Hex(3, 3), [mk],
    ...                        dice=ScriptedDice([5, 5, 4]))
    >>> rec.result, rec.unit_after.status_label, rec.rules
    (Result.K, 'Destroyed 歼灭', ('A-8', 'F-10'))
    """
    tables = _tables(tables)
    if not isinstance(hexmap, HexMap):
        raise RulesTypeError(f"artillery needs a HexMap, got {type(hexmap).__name__}")
    if not isinstance(unit, Unit):
        raise RulesTypeError(f"adjudicate_entry needs a Unit, got {type(unit).__name__}")
    h = hexmap.parse(hex)
    found = _markers_at(markers, h)
    dice = _dice(dice)
    mark = dice.mark()
    name = hexmap.name_of(h)
    terrain = hexmap.terrain_at(h)
    current = unit
    strikes = []
    for i, mk in enumerate(found, 1):
        if current.destroyed:
            break
        cell = tables.artillery.lookup(mk.gun, 0)
        first = Step("A-8", label("lasting_effect"),
                     ((label("impact_marker"), f"{i}/{len(found)}: {mk.side.label} {mk.gun} "
                       f"gun {mk.number}, turn {mk.turn}"), ("unit 算子", f"{unit.id} {name}")),
                     cell if cell.value == mk.level else None,
                     result=f"ring-0 level 弹着格攻击等级 {mk.level}", value=mk.level,
                     note="the gun's ring-0 level (A-6)")
        s = _strike(current, h, terrain, 0, mk.level, first, mk.gun, tables=tables,
                    dice=dice, rule="A-8", who=f"marker {i} {mk.side.value} {mk.gun} gun "
                    f"{mk.number}", reactive=reactive_armour)
        if reactive_armour and any(st.rule == "E-4" for st in s.steps):
            reactive_armour = False
        strikes.append(s)
        current = s.unit_after
    if not found:
        result, note = "no impact marker: nothing happens 无弹着标识", ""
    elif unit.destroyed:
        result, note = "destroyed: not adjudicated 已歼灭，不再裁决", ""
    else:
        result = f"{len(found)} marker(s): attacked once per marker 每个弹着标识裁决一次"
        note = ("destroyed before the last marker: the rest do nothing"
                if len(strikes) < len(found) else "")
    entry = Step("A-8", label("lasting_effect"),
                 (("unit 算子", unit.id), ("enters 进入", name),
                  (label("impact_marker"), str(len(found)))),
                 result=result, value=len(strikes), note=note)
    return MarkerEntryRecord(unit, h, name, entry, found, tuple(strikes), current,
                             dice.since(mark), MapRef.of(hexmap), TableRef.of(tables))
