"""The cost of one step (机动消耗, rules V-1…V-3, V-5, V-9), read from the rule tables.

Every movement cost of the project is decided by ``_assess``, the one function that
prices a step; :func:`step_cost`, :func:`step_record`, the path functions and
:func:`~hexrules.movement.reach.reachable` all go through it. The numbers come from
``terrain.toml`` of the table set in use (``tables=``; the default set if ``None``).

A step a → b between adjacent hexes costs, in this order of precedence:

1. along a road link, in march (V-3): ``march_step_cost`` (½), whatever the terrain;
2. along a road link (V-2): ``road_step_cost`` (1), whatever the terrain and even across a
   river hexside: that crossing is a bridge (桥, M-7);
3. otherwise (V-1) the entry cost of b's terrain (open 1, forest 2, settlement 3), and
   across a river hexside, wading (徒涉), max(entry cost, ``river_crossing_cost``)
   (V-1 **[decision]**: the larger, not the sum).

Refused, with :class:`~hexrules.errors.IllegalMoveError`: a hex off the map (M-1), two hexes
that are not adjacent (V-4: a unit moves hex by hex), a water hex (V-1, M-6), a march step
off the road (V-3), and, where the points left are given, a step that costs more than is
left (V-5).

Examples
--------
>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> step_cost(m, "4563AE", "4563AF"), step_cost(m, "4563PA", "4563PB", march=True)
(Fraction(1, 1), Fraction(1, 2))
>>> s = step_record(m, "4563WS", "4563VS", points=5)    # the road's bridge over the river
>>> s.rule, s.title, s.result
('V-2', 'Bridge 桥（道路过河处）', 'cost 消耗 1, points left 剩余 5 → 4')
>>> s.note
"the road crosses the river by a bridge: the road's cost, no wading (V-2, M-7)"
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational
from typing import Any

from hexrules.errors import CoordinateTypeError, IllegalMoveError, OffMapError, RulesTypeError
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.records import Step
from hexrules.tables import TableSet, default_tables
from hexrules.tables.catalog import TerrainTable
from hexrules.units import DEFAULT_UNIT_TYPE, Unit

__all__ = [
    "HexLike",
    "can_short_halt",
    "movement_allowance",
    "points_text",
    "short_halt_cost",
    "step_cost",
    "step_record",
    "verify_short_halt",
]

#: What the movement functions accept for a hex: a :class:`Hex` or a military name (M-2).
HexLike = Hex | str


# ---------------------------------------------------------------------------------------
# The one pricing function
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Price:
    """A legal step: its exact cost, the rule that priced it and what it crossed."""

    cost: Fraction
    rule: str  # V-1 terrain / wading, V-2 road / bridge, V-3 march
    kind: str  # the glossary key of the step's title
    terrain: Terrain  # the terrain of the hex entered
    road: bool
    river: bool


@dataclass(frozen=True, slots=True)
class _Refusal:
    """An illegal step: the rule that forbids it and why, in words."""

    rule: str
    reason: str
    also: tuple[str, ...] = ()


def _assess(hexmap: HexMap, a: Hex, b: Hex, march: bool,
            terrain: TerrainTable) -> _Price | _Refusal:
    """Price the step ``a`` → ``b`` (V-1…V-3), or say why it is illegal (M-1, V-1, V-3, V-4).

    The one place every movement cost of hexrules is decided.
    """
    for h in (a, b):
        if h not in hexmap:
            return _Refusal("M-1", f"{_name(hexmap, h)} is off the map {hexmap.name!r}: a unit "
                                   "moves only on the map's hexes")
    d = a.distance(b)
    if d != 1:
        apart = "the same hex" if d == 0 else f"{d} hexes apart"
        return _Refusal("V-4", f"not adjacent ({apart}): a unit moves hex by hex, one step to a "
                               "neighbouring hex at a time")
    entered = hexmap.terrain_at(b)
    if not terrain[entered].enterable:
        return _Refusal("V-1", f"{_name(hexmap, b)} is {label('water')} (a lake or pond), "
                               "which tanks cannot enter", ("M-6",))
    road = hexmap.has_road(a, b)
    river = hexmap.has_river(a, b)
    if march:
        if not road:
            return _Refusal("V-3", f"no road links {_name(hexmap, a)} and {_name(hexmap, b)}: "
                                   f"a march ({label('march')}) goes along roads only")
        return _Price(terrain.march_step_cost, "V-3", "march", entered, True, river)
    if road:
        return _Price(Fraction(terrain.road_step_cost), "V-2", "bridge" if river else "road",
                      entered, True, river)
    entry = terrain[entered].entry_cost
    if river:
        return _Price(Fraction(max(entry, terrain.river_crossing_cost)), "V-1", "wading",
                      entered, False, True)
    return _Price(Fraction(entry), "V-1", "movement_cost", entered, False, False)


# ---------------------------------------------------------------------------------------
# Shared helpers: hexes, names, tables, points, errors
# ---------------------------------------------------------------------------------------
def _terrain(tables: TableSet | None) -> TerrainTable:
    if tables is None:
        return default_tables().terrain
    if not isinstance(tables, TableSet):
        raise RulesTypeError(f"tables must be a TableSet (load_tables(...)) or None, got "
                             f"{tables!r}")
    return tables.terrain


def _tables(tables: TableSet | None) -> TableSet:
    _terrain(tables)
    return default_tables() if tables is None else tables


def _as_hex(hexmap: HexMap, where: Any) -> Hex:
    """A hex from a :class:`Hex` or a military name; an off-map hex is kept (a step refuses
    it, M-1)."""
    if isinstance(where, Hex):
        return where
    if isinstance(where, str):
        return hexmap.georef.parse(where)  # CoordinateError for a malformed name
    raise CoordinateTypeError(
        f"a move goes between hexes: give a Hex or a military name like '4563GH', "
        f"got {where!r}"
    )


def _name(hexmap: HexMap, h: Hex) -> str:
    """The military name of ``h`` (M-2); off the map, the name its square would give and
    the hex."""
    try:
        return hexmap.name_of(h)
    except OffMapError:
        try:
            return f"{hexmap.georef.name(h)} {h!r}"
        except Exception:  # pragma: no cover - far beyond any map
            return repr(h)


def _points(value: Any, what: str) -> Fraction:
    """Movement points: an int or an exact fraction >= 0 (a float is refused: not exact)."""
    if isinstance(value, bool) or not isinstance(value, Rational):
        hint = " (write Fraction(9, 2), not 4.5: points are exact)" \
            if isinstance(value, float) else ""
        raise RulesTypeError(f"{what} must be movement points, an int or a Fraction, got "
                             f"{value!r}{hint}")
    if value < 0:
        raise IllegalMoveError(f"{what} must be >= 0 movement points, got {value}")
    return Fraction(value)


_VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾"}


def points_text(points: Any) -> str:
    """Movement points as a cadet reads them: ``'3'``, ``'½'``, ``'4½'``, else ``'7/5'``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> points_text(3), points_text(Fraction(1, 2)), points_text(Fraction(9, 2))
    ('3', '½', '4½')
    >>> points_text(Fraction(7, 5))
    '7/5'
    """
    p = Fraction(points)
    if p < 0:
        return f"-{points_text(-p)}"
    if p.denominator == 1:
        return str(p.numerator)
    whole, rest = divmod(p, 1)
    v = _VULGAR.get((rest.numerator, rest.denominator))
    return str(p) if v is None else f"{whole or ''}{v}"


def _move_error(hexmap: HexMap, hexes: tuple[Hex, ...], rule: str, reason: str,
                also: tuple[str, ...] = (), step: int | None = None) -> IllegalMoveError:
    """An :class:`IllegalMoveError` naming the hexes, the reason, the rule and the step."""
    where = " → ".join(_name(hexmap, h) for h in hexes)
    prefix = f"step {step}, " if step is not None else ""
    err = IllegalMoveError(f"{prefix}{where}: {reason} ({', '.join((rule, *also))})")
    err.rule, err.reason, err.hexes, err.step = rule, reason, hexes, step
    return err


def _refuse(hexmap: HexMap, a: Hex, b: Hex, refusal: _Refusal,
            step: int | None = None) -> IllegalMoveError:
    return _move_error(hexmap, (a, b), refusal.rule, refusal.reason, refusal.also, step)


def _price(hexmap: HexMap, a: Any, b: Any, march: bool, terrain: TerrainTable,
           step: int | None = None) -> tuple[Hex, Hex, _Price]:
    if not isinstance(hexmap, HexMap):
        raise RulesTypeError(f"expected a HexMap, got {type(hexmap).__name__} {hexmap!r}")
    ha, hb = _as_hex(hexmap, a), _as_hex(hexmap, b)
    out = _assess(hexmap, ha, hb, bool(march), terrain)
    if isinstance(out, _Refusal):
        raise _refuse(hexmap, ha, hb, out, step)
    return ha, hb, out


# ---------------------------------------------------------------------------------------
# One step
# ---------------------------------------------------------------------------------------
def step_cost(hexmap: HexMap, a: HexLike, b: HexLike, *, march: bool = False,
              tables: TableSet | None = None) -> Fraction:
    """The movement cost of one step between adjacent hexes ``a`` → ``b`` (V-1…V-3).

    Parameters
    ----------
    hexmap : HexMap
    a, b : Hex or str
        The hex left and the hex entered, as :class:`Hex` values or military names.
    march : bool
        A march step (行军, V-3): allowed along a road only.
    tables : TableSet or None
        The rule tables to read (``terrain.toml``); ``None`` for the default set.

    Returns
    -------
    Fraction
        The exact cost: along a road the road step cost (V-2, bridges included), in march
        the march step cost (V-3), else the entry cost of ``b``'s terrain, and across a
        river hexside max(entry cost, river crossing cost) (V-1 [decision]).

    Raises
    ------
    IllegalMoveError
        For a hex off the map (M-1), hexes that are not adjacent (V-4), a water hex (V-1,
        M-6) or a march step off the road (V-3), naming both hexes, the reason and the rule.
    CoordinateError
        For a malformed military name.

    Examples
    --------
    >>> from hexrules import HexMap
    >>> m = HexMap.load("training")
    >>> step_cost(m, "4563AE", "4563AF")            # into open ground
    Fraction(1, 1)
    >>> step_cost(m, "4563WS", "4563VS") == 1       # the road's bridge over the river
    True
    >>> step_cost(m, "4563AE", "4563AG")
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalMoveError: 4563AE → 4563AG: not adjacent (2 hexes apart): a unit \
moves hex by hex, one step to a neighbouring hex at a time (V-4)
    """
    return _price(hexmap, a, b, march, _terrain(tables))[2].cost


#: The cell read for each kind of step: a [movement] key, or None for the terrain's entry cost.
_KIND_CELL = {"march": "march_step_cost", "road": "road_step_cost", "bridge": "road_step_cost",
              "movement_cost": None}


def _step(hexmap: HexMap, a: Hex, b: Hex, price: _Price, terrain: TerrainTable,
          points: Fraction | None) -> Step:
    """The :class:`Step` of a priced step; ``points`` are those left before it."""
    cost = price.cost
    inputs = [("from 从", _name(hexmap, a)), ("to 到", _name(hexmap, b)),
              ("terrain 地形", price.terrain.label)]
    if price.road:
        inputs.append((label("road"), "along the road"))
    if price.river:
        inputs.append((label("river"), "crossed"))
    entry_cell = terrain.cell(price.terrain, "entry_cost")
    if price.kind == "wading":
        river_cell = terrain.movement_cell("river_crossing_cost")
        cell = river_cell if river_cell.value >= entry_cell.value else entry_cell
        note = (f"wading: max(entry cost {entry_cell.value}, river crossing "
                f"{river_cell.value}) = {points_text(cost)} (V-1 [decision])")
    else:
        key = _KIND_CELL[price.kind]
        cell = entry_cell if key is None else terrain.movement_cell(key)
        note = {
            "march": f"march: {points_text(cost)} a road step, whatever the terrain (V-3)",
            "road": "along a road: the road's cost, whatever the terrain (V-2)",
            "bridge": "the road crosses the river by a bridge: the road's cost, no wading "
                      "(V-2, M-7)",
            "movement_cost": f"the entry cost of {price.terrain.label} (V-1)",
        }[price.kind]
    result = f"cost 消耗 {points_text(cost)}"
    if points is not None:
        inputs.append((label("movement_allowance"), f"{points_text(points)} left"))
        result += f", points left 剩余 {points_text(points)} → {points_text(points - cost)}"
    return Step(price.rule, label(price.kind), tuple(inputs), cell, result=result,
                value=cost, note=note)


def _overspend(hexmap: HexMap, a: Hex, b: Hex, cost: Fraction, points: Fraction,
               step: int | None) -> IllegalMoveError:
    return _move_error(
        hexmap, (a, b), "V-5",
        f"the step costs {points_text(cost)} movement points but only {points_text(points)} "
        "are left: a step that would spend more points than are left is illegal", (), step)


def step_record(hexmap: HexMap, a: HexLike, b: HexLike, *, points: Any = None,
                march: bool = False, tables: TableSet | None = None) -> Step:
    """The record of one step a → b: rule, bilingual title, inputs, table cell, cost (V-1…V-3).

    Parameters
    ----------
    hexmap, a, b, march, tables
        As for :func:`step_cost`.
    points : int, Fraction or None
        The movement points left before the step. If given, the step must not cost more
        (V-5), and the record shows the points before and after.

    Returns
    -------
    Step
        ``rule`` is the rule that priced the step (``'V-1'`` terrain or wading, ``'V-2'``
        road or bridge, ``'V-3'`` march), ``title`` its glossary label (*Movement cost
        机动消耗*, *Wading a river 徒涉*, *Road 道路*, *Bridge 桥*, *March 行军*), ``cell``
        the ``terrain.toml`` cell that gave the cost, ``value`` the exact cost (a
        :class:`~fractions.Fraction`), ``result`` the cost and the points before → after.

    Raises
    ------
    IllegalMoveError
        As :func:`step_cost`, and for a step that costs more than ``points`` (V-5).

    Examples
    --------
    >>> from hexrules import HexMap
    >>> m = HexMap.load("training")
    >>> s = step_record(m, "4563PA", "4563PB", points=5, march=True)
    >>> s.rule, s.title, str(s.cell), s.value
    ('V-3', 'March 行军', 'V-3 row movement, column march_step_cost → 1/2', Fraction(1, 2))
    >>> s.result
    'cost 消耗 ½, points left 剩余 5 → 4½'
    >>> step_record(m, "4563PA", "4563PB", points=0)
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalMoveError: 4563PA → 4563PB: the step costs 1 movement points but \
only 0 are left: a step that would spend more points than are left is illegal (V-5)
    """
    terrain = _terrain(tables)
    left = None if points is None else _points(points, "points")
    ha, hb, price = _price(hexmap, a, b, march, terrain)
    if left is not None and price.cost > left:
        raise _overspend(hexmap, ha, hb, price.cost, left, None)
    return _step(hexmap, ha, hb, price, terrain, left)


# ---------------------------------------------------------------------------------------
# The movement allowance (C-1, V-1) and short-halt fire (V-9)
# ---------------------------------------------------------------------------------------
def movement_allowance(unit: Unit | None = None, *, tables: TableSet | None = None) -> int:
    """The movement allowance (机动力, V-1) of ``unit``'s type in ``units.toml`` (C-1).

    ``None`` gives the default unit type's, the tank's. Cards that add points (E-1) are the
    engine's business.

    Examples
    --------
    >>> from hexrules import Hex, Unit, load_tables
    >>> from hexrules.tables import DEFAULT_TABLES_DIR
    >>> movement_allowance()
    5
    >>> alt = load_tables(DEFAULT_TABLES_DIR.parent / "tables_alt_example")
    >>> movement_allowance(Unit("B1", "blue", Hex(0, 0), type="heavy_tank"), tables=alt)
    4
    """
    units = _tables(tables).units
    if unit is None:
        return units.types[DEFAULT_UNIT_TYPE].movement
    return units.type_of(unit).movement


def short_halt_cost(*, tables: TableSet | None = None) -> Fraction:
    """The movement points short-halt fire spends (短停射击, V-9), from ``terrain.toml``.

    >>> short_halt_cost()
    Fraction(3, 1)
    """
    return Fraction(_terrain(tables).short_halt_cost)


def can_short_halt(points_left: Any, *, tables: TableSet | None = None) -> bool:
    """Whether a moving unit with ``points_left`` may fire a short halt (V-9): it needs at
    least the short-halt cost left.

    >>> from fractions import Fraction
    >>> can_short_halt(3), can_short_halt(Fraction(5, 2))
    (True, False)
    """
    return _points(points_left, "points_left") >= short_halt_cost(tables=tables)


def verify_short_halt(points_left: Any, *, tables: TableSet | None = None) -> None:
    """Refuse short-halt fire without enough points left (V-9), with the reason.

    Raises
    ------
    IllegalMoveError
        If ``points_left`` is below the short-halt cost.

    Examples
    --------
    >>> verify_short_halt(2)
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalMoveError: short-halt fire spends 3 movement points and needs at \
least 3 left; 2 are left (V-9)
    """
    left = _points(points_left, "points_left")
    cost = short_halt_cost(tables=tables)
    if left < cost:
        reason = (f"short-halt fire spends {points_text(cost)} movement points and needs at "
                  f"least {points_text(cost)} left; {points_text(left)} are left")
        err = IllegalMoveError(f"{reason} (V-9)")
        err.rule, err.reason = "V-9", reason
        raise err
