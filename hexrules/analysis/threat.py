"""The threat map 威胁图: how likely a unit stopping in each hex is to be destroyed (or damaged).

For every hex of the map, :func:`threat_map` gives the **exact** probability that a unit of
``side`` stopping there would be destroyed (``kind="destroy"``) or damaged — weapon lost,
immobilised or destroyed (``kind="damage"``) — by the enemy units that can see it. It is what
a cadet should weigh before ending a move: cover (settlement, forest) cuts the odds through
the terrain correction (F-7), distance through the attack level (F-3), height through F-4, and
a hex no enemy sees is safe from direct fire.

Nothing here restates a rule. Sight is the fast path (:mod:`hexrules.sight.fast`, the same
verdicts as :func:`~hexrules.sight.line_of_sight`, one viewshed per enemy unit); each shot's
final level is :func:`~hexrules.combat.fire.final_attack_level` (F-3…F-5); its result
distribution is :func:`~hexrules.combat.odds.shot_distribution` (enumerated from the
adjudication's own dice step, F-6…F-8); the shots combine through
:func:`~hexrules.combat.odds.final_state_distribution` (the F-10 accumulation).

**[project ruling] Threat map** (docs/rules.md, "Threat map"): the unit stopping in the hex is
intact and of ``unit_type``; every living enemy unit that can fire its main gun (not
*Weapon lost*) and sees the hex (L-1…L-7) within range (F-3) fires **once** at it, as halted
fire (F-2) in the next direct-fire phase, with −3 if it is *Suppressed* (F-5; its *Fired* and
*March* markers are ignored: T-1 removes them before that phase); no card is played. The
shots' dice are independent, and the results accumulate (F-10) — whether the enemy fires one
concentrated declaration or several makes no difference to the final state. An enemy in the
same hex is close combat, not direct fire, and is not counted.

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> m = HexMap.flat(20, 3)
>>> enemies = [Unit("B1", "blue", Hex(0, 1)), Unit("B2", "blue", Hex(0, 2))]
>>> threat_map(enemies, m, "red")[Hex(18, 1)]         # two level-9 shots
Fraction(37465, 46656)
>>> threat_of(enemies, m, "red", Hex(18, 1)).shooters
(('B1', 9), ('B2', 9))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hexrules.combat.fire import final_attack_level
from hexrules.combat.odds import final_state_distribution, shot_distribution
from hexrules.errors import RulesError, RulesTypeError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.sight.fast import fast_sight
from hexrules.tables import TableSet, load_tables
from hexrules.units import DEFAULT_UNIT_TYPE, Side, Status, Unit

__all__ = ["THREAT_KINDS", "Threat", "threat_map", "threat_of"]

#: What a threat map measures: ``"destroy"`` (ends destroyed 歼灭) or ``"damage"`` (ends with
#: weapon lost 失火, immobilised 失动 or destroyed).
THREAT_KINDS = ("destroy", "damage")

_DESTROYED = frozenset({Status.DESTROYED})
_DAMAGE = frozenset({Status.WEAPON_LOST, Status.IMMOBILISED, Status.DESTROYED})


@dataclass(frozen=True)
class Threat:
    """The threat to a unit stopping in one hex, with the shots behind it (:func:`threat_of`).

    Attributes
    ----------
    hex : Hex
    terrain : Terrain
        The hex's terrain (F-7).
    armour : str
        The armour class of the unit stopping there (F-8).
    shooters : tuple of (str, int)
        Each enemy unit that would fire (sees the hex, in range, can fire) and its final
        attack level (F-5); a level ≤ 0 has no effect but is listed.
    final : dict of frozenset of Status to Fraction
        The unit's final damage state after those shots (F-10).
    """

    hex: Hex
    terrain: Terrain
    armour: str
    shooters: tuple[tuple[str, int], ...]
    final: dict[frozenset[Status], Fraction]

    @property
    def p_destroyed(self) -> Fraction:
        """Probability of ending destroyed."""
        return self.final.get(_DESTROYED, Fraction(0))

    @property
    def p_damaged(self) -> Fraction:
        """Probability of ending with weapon lost, immobilised or destroyed."""
        return sum((p for s, p in self.final.items() if s & _DAMAGE), Fraction(0))

    def p(self, kind: str = "destroy") -> Fraction:
        """:attr:`p_destroyed` (``"destroy"``) or :attr:`p_damaged` (``"damage"``)."""
        return self.p_destroyed if _kind(kind) == "destroy" else self.p_damaged


def _kind(kind: object) -> str:
    if kind not in THREAT_KINDS:
        raise RulesError(f"unknown threat kind {kind!r}; use one of {', '.join(THREAT_KINDS)}")
    return kind  # type: ignore[return-value]


def _units(state_or_units: Any) -> tuple[Unit, ...]:
    """The units of a GameState or View (``.units``), or an iterable of Unit."""
    units = getattr(state_or_units, "units", state_or_units)
    if isinstance(units, Mapping):
        units = units.values()
    if isinstance(units, str | bytes) or not isinstance(units, Iterable):
        raise RulesTypeError(
            f"a threat map needs a game state, a view or units, got {state_or_units!r}")
    out = tuple(units)
    for u in out:
        if not isinstance(u, Unit):
            raise RulesTypeError(f"a threat map needs Unit values, got {u!r}")
    return out


def _shooters(units: tuple[Unit, ...], hexmap: HexMap, side: Side) -> list[Unit]:
    """The enemy units that could fire: alive, main gun working, on the map."""
    return [u for u in units if u.side is not side and u.alive and not u.weapon_lost
            and u.hex in hexmap]


class _Context:
    """The pieces shared by every hex of one threat map (levels and distributions cached)."""

    def __init__(self, hexmap: HexMap, side: Side, unit_type: str, tables: TableSet) -> None:
        if not isinstance(unit_type, str):
            raise RulesTypeError(f"unit_type must be a unit type name, got {unit_type!r}")
        self.hexmap, self.side, self.tables = hexmap, side, tables
        self.unit_type = unit_type
        self._armour: dict[Hex, str] = {}
        self._levels: dict[tuple[int, int, bool], int | None] = {}
        self._finals: dict[tuple[object, ...], dict[frozenset[Status], Fraction]] = {}
        # the armour class of the unit type (TableLookupError naming units.toml if unknown)
        self.armour = tables.units.armour_of(Unit("probe", side, Hex(0, 0), type=unit_type))

    def level(self, shooter: Unit, h: Hex) -> int | None:
        """The shooter's final level at ``h`` (``None``: out of range or same hex)."""
        d = shooter.hex.distance(h)
        if d == 0:
            return None  # close combat, not direct fire (the ruling)
        cells = self.hexmap.cells  # cached per map: (elevation, terrain, height, name)
        delta = abs(cells[shooter.hex][0] - cells[h][0])
        key = (d, delta, shooter.suppressed)
        if key not in self._levels:
            if self.tables.attack_level.lookup(d) is None:
                self._levels[key] = None  # beyond the last range band (F-3)
            else:
                self._levels[key] = final_attack_level(d, delta, suppressed=shooter.suppressed,
                                                       tables=self.tables)
        return self._levels[key]

    def final(self, levels: Iterable[int], terrain: Terrain) -> dict[frozenset[Status], Fraction]:
        """The final-state distribution of an intact unit after shots at ``levels``."""
        key = (tuple(sorted(levels)), terrain)
        hit = self._finals.get(key)
        if hit is None:
            shots = [shot_distribution(lv, terrain, armour=self.armour, tables=self.tables)
                     for lv in key[0]]
            hit = self._finals[key] = final_state_distribution(shots)
        return hit


def _prepare(state_or_units: Any, hexmap: HexMap, side: Side | str, unit_type: str,
             tables: TableSet | None) -> tuple[_Context, list[Unit]]:
    if not isinstance(hexmap, HexMap):
        raise RulesTypeError(f"a threat map needs a HexMap, got {type(hexmap).__name__}")
    me = Side.parse(side)
    tables = load_tables() if tables is None else tables
    ctx = _Context(hexmap, me, unit_type, tables)
    return ctx, _shooters(_units(state_or_units), hexmap, me)


def threat_map(
    state_or_units: Any,
    hexmap: HexMap,
    side: Side | str,
    *,
    unit_type: str = DEFAULT_UNIT_TYPE,
    kind: str = "destroy",
    tables: TableSet | None = None,
) -> dict[Hex, Fraction]:
    """For each hex, the exact chance that a unit of ``side`` stopping there is destroyed.

    Parameters
    ----------
    state_or_units : GameState, View or iterable of Unit
        The units on the board (a side's :class:`~hexrules.game.View` under fog of war gives
        the threat from the enemies that side knows of). Units of ``side`` are ignored.
    hexmap : HexMap
    side : Side or str
        The side of the unit that would stop in the hex; the other side's units shoot.
    unit_type : str
        Its unit type in ``units.toml`` (its armour class is read there, F-8).
    kind : str
        ``"destroy"``: ends destroyed; ``"damage"``: ends weapon lost, immobilised or
        destroyed.
    tables : TableSet, optional

    Returns
    -------
    dict of Hex to Fraction
        Every hex of the map (row by row), exact; 0 where no enemy sees the hex.

    Raises
    ------
    RulesError
        An unknown side or kind; :class:`~hexrules.errors.TableLookupError` for a unit type
        that ``units.toml`` does not know; :class:`~hexrules.errors.RulesTypeError` for
        arguments of the wrong type.

    Examples
    --------
    >>> from hexrules import Hex, HexMap, Status, Unit
    >>> m = HexMap.flat(20, 3)
    >>> b1 = Unit("B1", "blue", Hex(0, 1))
    >>> t = threat_map([b1], m, "red")
    >>> t[Hex(18, 1)], t[Hex(0, 1)]                 # level 9; the enemy's own hex: none
    (Fraction(5, 9), Fraction(0, 1))
    >>> threat_map([b1.with_status(Status.SUPPRESSED)], m, "red")[Hex(18, 1)]   # level 6
    Fraction(25, 108)
    >>> threat_map([b1], m, "red", kind="damage")[Hex(18, 1)]
    Fraction(125, 216)
    >>> threat_map([b1], m, "red", kind="kill")
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesError: unknown threat kind 'kill'; use one of destroy, damage
    """
    kind = _kind(kind)
    ctx, shooters = _prepare(state_or_units, hexmap, side, unit_type, tables)
    m = hexmap
    sights = [fast_sight(m).viewshed(u.hex).tolist() for u in shooters]
    cells = m.cells
    zero = Fraction(0)
    out: dict[Hex, Fraction] = {}
    for h in m.hexes():
        col, row = h.to_offset()
        levels = []
        for u, seen in zip(shooters, sights, strict=True):
            if seen[row][col]:
                lv = ctx.level(u, h)
                if lv is not None and lv > 0:
                    levels.append(lv)
        if not levels:
            out[h] = zero
            continue
        final = ctx.final(levels, cells[h][1])
        if kind == "destroy":
            out[h] = final.get(_DESTROYED, Fraction(0))
        else:
            out[h] = sum((p for s, p in final.items() if s & _DAMAGE), Fraction(0))
    return out


def threat_of(
    state_or_units: Any,
    hexmap: HexMap,
    side: Side | str,
    hex: Hex | str,
    *,
    unit_type: str = DEFAULT_UNIT_TYPE,
    tables: TableSet | None = None,
) -> Threat:
    """The threat to a unit stopping in one hex, with every shooter and its level.

    The same ruling and code as :func:`threat_map` (which gives ``threat_of(...).p(kind)``
    for every hex), for the "why" of one hex.

    Examples
    --------
    >>> from hexrules import Hex, HexMap, Unit
    >>> m = HexMap.flat(20, 3)
    >>> t = threat_of([Unit("B1", "blue", Hex(0, 1))], m, "red", Hex(18, 1))
    >>> t.shooters, t.p_destroyed, t.p_damaged
    ((('B1', 9),), Fraction(5, 9), Fraction(125, 216))
    """
    ctx, shooters = _prepare(state_or_units, hexmap, side, unit_type, tables)
    h = hexmap.parse(hex)
    fs = fast_sight(hexmap)
    fired: list[tuple[str, int]] = []
    for u in shooters:
        lv = ctx.level(u, h)
        if lv is not None and fs.visible(u.hex, h):
            fired.append((u.id, lv))
    terrain = hexmap.terrain_at(h)
    final = ctx.final([lv for _, lv in fired if lv > 0], terrain)
    return Threat(h, terrain, ctx.armour, tuple(fired), dict(final))

