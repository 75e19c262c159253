"""Checking a fire declaration (F-1, F-9, F-12, C-3, C-4, V-3…V-10): verify and can.

Every function that takes a declaration — :func:`verify_fire`, :func:`can_fire`,
:func:`~hexrules.combat.fire.adjudicate_fire`, :func:`~hexrules.combat.odds.fire_odds`,
:func:`~hexrules.combat.odds.simulate_fire` — accepts it in one of two spellings and turns it
into one :class:`Declaration` through :func:`declare`:

* a :class:`~hexrules.combat.orders.FireOrder` and the units it names
  (``verify_fire(m, FireOrder(("R1",), "B1"), units=[r1, b1])``), as the game will give it;
* the shooting :class:`~hexrules.units.Unit` (or a list of them) and the target ``Unit``
  (``verify_fire(m, r1, b1, kind="moving")``), as a lesson writes it.

The context of the declaration — which shooter plays the fire-enhancement card (E-2),
whether the target's side plays reactive armour (E-4), the rule tables, the referee option
``require_sight`` — is given as keywords and validated here once; a game supplies them from
its state (:mod:`hexrules.game.events`).

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> m = HexMap.flat(10, 3)
>>> r1, b1 = Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(5, 1))
>>> can_fire(m, r1, b1), can_fire(m, FireOrder("R1", "B1"), units=[r1, b1])
(True, True)
>>> verify_fire(m, r1, Unit("R2", "red", Hex(5, 1)))
Traceback (most recent call last):
...
hexrules.errors.IllegalOrderError: R1 at 4563BA cannot fire at R2 at 4563BF: both are Red 红方 ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from hexrules.combat.orders import FireKind, FireOrder
from hexrules.errors import IllegalOrderError, NoLineOfSightError, RulesError, RulesTypeError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.tables import TableSet, load_tables
from hexrules.units import Unit

__all__ = ["Declaration", "can_fire", "declare", "place_name", "verify_fire"]


@dataclass(frozen=True)
class Declaration:
    """A fire declaration with its units and context, checked for types (not yet for rules).

    Attributes
    ----------
    order : FireOrder
    shooters : tuple of Unit
        In declared order.
    target : Unit
    tables : TableSet
    card_unit : str or None
        The shooter that plays the fire-enhancement card (E-2), if any.
    require_sight : bool
        Referee option: refuse a declaration without sight (see :func:`verify_fire`).
    reactive_armour : bool
        The target's side plays the reactive-armour card (E-4): the first shot that hits has
        its result lowered one step (:func:`~hexrules.combat.damage.step_down`).
    """

    order: FireOrder
    shooters: tuple[Unit, ...]
    target: Unit
    tables: TableSet
    card_unit: str | None = None
    require_sight: bool = False
    reactive_armour: bool = False

    @property
    def kind(self) -> FireKind:
        """The kind of fire."""
        return self.order.kind

    def card(self, unit: Unit) -> bool:
        """Whether ``unit`` plays the fire-enhancement card (E-2)."""
        return unit.id == self.card_unit


def _units_by_id(units: Mapping[str, Unit] | Iterable[Unit]) -> dict[str, Unit]:
    if isinstance(units, Mapping):
        items = list(units.values())
    elif isinstance(units, Iterable) and not isinstance(units, str):
        items = list(units)
    else:
        raise RulesTypeError(f"units must be Units or a mapping id → Unit, got {units!r}")
    out: dict[str, Unit] = {}
    for u in items:
        if not isinstance(u, Unit):
            raise RulesTypeError(f"units must be Units, got {u!r}")
        out[u.id] = u
    return out


def _tables(tables: TableSet | None) -> TableSet:
    if tables is None:
        return load_tables()
    if not isinstance(tables, TableSet):
        raise RulesTypeError(
            f"tables must be a TableSet, e.g. tables=load_tables({tables!r}), got "
            f"{type(tables).__name__} {tables!r}"
        )
    return tables


def declare(
    order: FireOrder | Unit | Iterable[Unit],
    target: Unit | None = None,
    *,
    units: Mapping[str, Unit] | Iterable[Unit] | None = None,
    kind: FireKind | str | None = None,
    card_unit: str | None = None,
    tables: TableSet | None = None,
    require_sight: bool = False,
    reactive_armour: bool = False,
) -> Declaration:
    """Turn either spelling of a declaration into a :class:`Declaration` (types only).

    Raises
    ------
    TypeError
        For arguments of the wrong type, or a mix of the two spellings.
    IllegalOrderError
        For an order naming a unit that is not given, an unknown kind, a card for a unit
        that is not a declared shooter (E-2).

    Examples
    --------
    >>> from hexrules import Hex, Unit
    >>> r1, b1 = Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(5, 1))
    >>> declare(r1, b1, kind="moving").order
    FireOrder(('R1',), 'B1', FireKind.MOVING)
    >>> declare(FireOrder("R1", "B9"), units=[r1, b1])
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalOrderError: the order names B9, which is not among the units given ...
    """
    if not isinstance(require_sight, bool):
        raise RulesTypeError(f"require_sight must be True or False, got {require_sight!r}")
    if not isinstance(reactive_armour, bool):
        raise RulesTypeError(f"reactive_armour (E-4) must be True or False, "
                             f"got {reactive_armour!r}")
    table_set = _tables(tables)
    if isinstance(order, FireOrder):
        if target is not None or kind is not None:
            raise RulesTypeError(
                "give either a FireOrder (with units=…) or shooter Unit(s) and a target Unit, "
                "not both: the order already names its target and kind"
            )
        if units is None:
            raise RulesTypeError("a FireOrder names units by id: pass them as units=[...]")
        by_id = _units_by_id(units)
        for uid in order.unit_ids:
            if uid not in by_id:
                raise IllegalOrderError(
                    f"the order names {uid}, which is not among the units given "
                    f"({', '.join(sorted(by_id)) or 'none'}) (F-1)"
                )
        shooters = tuple(by_id[s] for s in order.shooters)
        the_target = by_id[order.target]
    else:
        if units is not None:
            raise RulesTypeError("units=… goes with a FireOrder; with Units, pass them directly")
        shooters = (order,) if isinstance(order, Unit) else tuple(order)  # type: ignore[arg-type]
        for u in shooters:
            if not isinstance(u, Unit):
                raise RulesTypeError(f"shooters must be Units, got {u!r}")
        if not isinstance(target, Unit):
            raise RulesTypeError(f"the target must be a Unit, got {target!r}")
        the_target = target
        order = FireOrder(shooters, target, FireKind.NORMAL if kind is None else kind)
    if card_unit is not None:
        if not isinstance(card_unit, str):
            raise RulesTypeError(
                f"card_unit is the id of the shooter that plays the fire-enhancement card "
                f"(E-2), e.g. card_unit={order.shooters[0]!r}; got {card_unit!r}"
            )
        if card_unit not in order.shooters:
            raise IllegalOrderError(
                f"card_unit names {card_unit!r}, which is not a declared shooter "
                f"({', '.join(order.shooters)}): the fire-enhancement card gives its bonus to "
                "one firing unit (E-2)"
            )
    return Declaration(order, shooters, the_target, table_set, card_unit, require_sight,
                       reactive_armour)


def place_name(hexmap: HexMap, h: Hex) -> str:
    """The military name of ``h``, or a plain description when it is off the map.

    >>> place_name(HexMap.flat(3, 3), Hex(0, 0)), place_name(HexMap.flat(3, 3), Hex(9, 9))
    ('4563AA', 'off-map Hex(9, 9)')
    """
    try:
        return hexmap.name_of(h)
    except RulesError:
        return f"off-map {h!r}"


def check(hexmap: HexMap, d: Declaration) -> None:
    """Raise if the declaration breaks a rule (the checks of :func:`verify_fire`)."""
    if not isinstance(hexmap, HexMap):
        raise RulesTypeError(f"fire needs a HexMap, got {type(hexmap).__name__}")
    kind, target, units = d.kind, d.target, d.shooters
    t_name = place_name(hexmap, target.hex)
    if target.hex not in hexmap:
        raise IllegalOrderError(f"target {target.id} at {t_name} is off the map (M-1)")
    if target.destroyed:
        raise IllegalOrderError(
            f"{target.id} at {t_name} is destroyed (歼灭) and off the board: it cannot be "
            "fired on (C-3)"
        )
    if kind is not FireKind.CLOSE_COMBAT and target.fired_upon:
        raise IllegalOrderError(
            f"{target.id} at {t_name} is already Fired upon (被射击) this turn and cannot be "
            "declared as a target again (F-1; only close combat F-12 or the rapid-reload "
            "card E-5 allow it)"
        )
    if kind in (FireKind.MOVING, FireKind.SHORT_HALT) and len(units) > 1:
        raise IllegalOrderError(
            f"{kind.label} is fired by the one moving unit ({kind.rule} [project ruling]); "
            f"{len(units)} shooters were declared"
        )
    max_range = d.tables.attack_level.max_range
    for u in units:
        who = f"{u.id} at {place_name(hexmap, u.hex)}"
        if u.id == target.id:
            raise IllegalOrderError(f"{who} cannot fire at itself (F-1)")
        if u.hex not in hexmap:
            raise IllegalOrderError(f"shooter {who} is off the map (M-1)")
        if u.destroyed:
            raise IllegalOrderError(f"{who} is destroyed (歼灭) and cannot fire (C-3)")
        if u.side == target.side:
            raise IllegalOrderError(
                f"{who} cannot fire at {target.id} at {t_name}: both are {u.side.label} "
                "(F-1: fire is declared at an enemy unit)"
            )
        if u.weapon_lost:
            raise IllegalOrderError(
                f"{who} has lost its weapon (失火, 丧失火力) and cannot fire its main weapon "
                "(C-3)"
            )
        if u.marching:
            raise IllegalOrderError(f"{who} is marching (行军) and may do nothing else (V-3)")
        distance = u.hex.distance(target.hex)
        if kind is FireKind.CLOSE_COMBAT:
            if distance != 0:
                raise IllegalOrderError(
                    f"{who} cannot fire in close combat at {target.id} at {t_name}: close "
                    f"combat is between units in the same hex (V-10, F-12); range {distance}"
                )
            continue
        if u.fired:
            raise IllegalOrderError(
                f"{who} has already fired (射击) this turn and cannot be declared again "
                "(F-1, C-3)"
            )
        if kind is FireKind.NORMAL and u.moved:
            raise IllegalOrderError(
                f"{who} has moved (机动) this turn: it may only fire the moving or short-halt "
                "fire of its own move (C-4 [decision]: refused, nothing changes; V-8, V-9)"
            )
        if distance == 0:
            raise IllegalOrderError(
                f"{who} and {target.id} share a hex: that is close combat, use "
                "kind='close_combat' (V-10, F-12)"
            )
        if distance > max_range:
            raise IllegalOrderError(
                f"{who} cannot fire at {target.id} at {t_name}: range {distance} hexes is "
                f"beyond {max_range}, out of range (F-1, F-3 [decision])"
            )
        if d.require_sight:
            from hexrules.sight.exact import line_of_sight

            rec = line_of_sight(hexmap, u.hex, target.hex)
            if not rec.visible:
                raise NoLineOfSightError(
                    f"{who} cannot see {target.id} at {t_name} ({rec.case}): {rec.reason}"
                )


def verify_fire(
    hexmap: HexMap,
    order: FireOrder | Unit | Iterable[Unit],
    target: Unit | None = None,
    **context: object,
) -> None:
    """Raise a specific error if the declaration is illegal (F-1, F-12, C-3, C-4, V-3…V-10).

    Parameters
    ----------
    hexmap : HexMap
    order : FireOrder, Unit or sequence of Unit
        A :class:`~hexrules.combat.orders.FireOrder` (then pass ``units=``), or the
        shooter(s) in declared order (then pass the target Unit).
    target : Unit, optional
        The target, when ``order`` is given as Units.
    **context
        ``units`` (with a FireOrder), ``kind`` (with Units: ``'normal'``, ``'moving'``,
        ``'short_halt'``, ``'close_combat'``), ``card_unit`` (the shooter playing the
        fire-enhancement card, E-2), ``reactive_armour`` (the target's side plays E-4),
        ``tables`` (a :class:`~hexrules.tables.TableSet`) and
        ``require_sight``: the rulebook lets a declaration without sight stand (the shot
        fails at F-2 step 1, [project ruling]); a referee who wants to prevent the wasted
        declaration sets it, and :class:`~hexrules.errors.NoLineOfSightError` is raised.

    Raises
    ------
    IllegalOrderError
        Naming the unit, the hexes and the rule broken.
    NoLineOfSightError
        Only with ``require_sight=True``.
    TypeError
        For arguments of the wrong type.

    Examples
    --------
    >>> from hexrules import Hex, Unit
    >>> m = HexMap.flat(60, 3)
    >>> r1 = Unit("R1", "red", Hex.from_offset(0, 1))
    >>> verify_fire(m, r1, Unit("B1", "blue", Hex.from_offset(51, 1)))
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalOrderError: R1 at 4563BA cannot fire at B1 at 4565BL: range 51 hexes ...
    """
    check(hexmap, declare(order, target, **context))  # type: ignore[arg-type]


def can_fire(
    hexmap: HexMap,
    order: FireOrder | Unit | Iterable[Unit],
    target: Unit | None = None,
    **context: object,
) -> bool:
    """Whether :func:`verify_fire` accepts the declaration (same arguments).

    Type mistakes still raise :class:`TypeError`: they are programming errors, not illegal
    orders.

    Examples
    --------
    >>> from hexrules import Hex, Unit
    >>> m = HexMap.flat(10, 3)
    >>> r1 = Unit("R1", "red", Hex(0, 1))
    >>> can_fire(m, r1, Unit("B1", "blue", Hex(5, 1)))
    True
    >>> can_fire(m, r1, Unit("R2", "red", Hex(5, 1)))
    False
    """
    try:
        verify_fire(hexmap, order, target, **context)
    except RulesError:
        return False
    return True
