"""The scenario file format (§9, ``schema_version`` 1): its parts as values, the checks every
:class:`~hexrules.game.scenario.Scenario` passes, and the parser of the file's dictionary.

The format and the checks are described in :mod:`hexrules.game.scenario`. Every problem
raises :class:`~hexrules.errors.ScenarioFormatError` naming the file and the entry, e.g.
``duel.json: turns: must be 1-50, got 60``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexrules.errors import CoordinateError, MapNotFoundError, ScenarioFormatError
from hexrules.language import pick, register_pair
from hexrules.map.hexmap import MAPS_DIR, HexMap
from hexrules.map.terrain import Terrain
from hexrules.records import register
from hexrules.units import DEFAULT_UNIT_TYPE, Side, Status

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.game.scenario import Scenario

__all__ = [
    "FORMAT",
    "KINDS",
    "SCHEMA_VERSION",
    "SETUP_MARKERS",
    "STACK_LIMIT",
    "TURNS",
    "VICTORY_RULES",
    "Bilingual",
    "Objective",
    "SetupZone",
    "SideSetup",
    "UnitSetup",
    "VictoryRule",
    "check_scenario",
    "load_map",
    "parse_scenario",
    "scenario_dict",
    "stack_limit",
]

FORMAT = "hexrules-scenario"
SCHEMA_VERSION = 1
#: The V-11 stacking limit (at most 4 friendly units share a hex), used unless the default
#: table set's terrain.toml gives a ``stack_limit`` (see :func:`stack_limit`).
STACK_LIMIT = 4
#: The number of turns a scenario may last.
TURNS = range(1, 51)
#: Objective kinds.
KINDS = ("hold", "destroy")
#: Victory rules.
VICTORY_RULES = ("more_points",)
#: The markers a unit may start with (C-3): the lasting ones.
SETUP_MARKERS = (Status.SUPPRESSED, Status.WEAPON_LOST, Status.IMMOBILISED)

_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_HEX_NAME = re.compile(r"[0-9]{4}[A-Z]{2}")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_TOP = {"format", "schema_version", "name", "briefing", "map", "turns", "sides", "objectives"}
_TOP_OPTIONAL = {"fog_of_war", "referee", "seed", "victory", "cards", "setup_zones"}
_UNIT = ({"id", "hex"}, {"type", "status", "name"})
_OBJECTIVE = {"hold": ({"id", "kind", "name", "points", "hex"}, {"side"}),
              "destroy": ({"id", "kind", "name", "points", "units"}, {"side"})}


def stack_limit() -> int:
    """The V-11 stacking limit: ``stack_limit`` of the default terrain table if it has one,
    else :data:`STACK_LIMIT`.

    >>> stack_limit()
    4
    """
    from hexrules.tables import default_tables

    value = getattr(default_tables().terrain, "stack_limit", None)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    return STACK_LIMIT


# ---------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Bilingual:
    """A text in English and in Chinese.

    >>> Bilingual("The saddle", "鞍部").label
    'The saddle 鞍部'
    """

    en: str
    zh: str

    def __post_init__(self) -> None:
        if isinstance(self.en, str) and isinstance(self.zh, str) and len(self.en) < 100 \
                and "\n" not in self.en:  # a name, not a briefing (checked on load)
            register_pair(self.en, self.zh)

    @property
    def label(self) -> str:
        """English, then Chinese."""
        return f"{self.en} {self.zh}"

    def pick(self, sep: str = " ") -> str:
        """The text in the current language (:mod:`hexrules.language`), both by ``sep``.

        >>> from hexrules.language import using
        >>> with using("zh"): print(Bilingual("The saddle", "鞍部").pick())
        鞍部
        """
        return pick(self.en, self.zh, sep=sep)

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True)
class UnitSetup:
    """One unit as a scenario sets it up: id, set-up hex (a military name, M-2), type,
    starting markers (C-3) and display name.

    >>> UnitSetup("R1", "4563NE")
    UnitSetup(id='R1', hex='4563NE', type='tank', status=frozenset(), name='')
    """

    id: str
    hex: str
    type: str = DEFAULT_UNIT_TYPE
    status: frozenset[Status] = frozenset()
    name: str = ""


@dataclass(frozen=True)
class SideSetup:
    """One side's units at set-up."""

    side: Side
    units: tuple[UnitSetup, ...]


@dataclass(frozen=True)
class SetupZone:
    """The hexes where one side's units may set up (military names, M-2).

    **[project ruling] Set-up zones.** The rulebook has no deployment phase: a scenario
    places every unit. A scenario may still draw a zone per side (``"setup_zones"``); the
    loader then checks that each unit of that side sets up inside it, and that no hex is in
    both sides' zones. A side without a zone may set up anywhere on land. The zones do not
    change play.

    >>> SetupZone(Side.RED, ("4563NE", "4563NF")).side
    Side.RED
    """

    side: Side
    hexes: tuple[str, ...]


@dataclass(frozen=True)
class Objective:
    """An objective (§9): a hex to hold at the end, or units to destroy.

    ``hex`` is set for ``kind == 'hold'``; ``units`` for ``kind == 'destroy'`` is a tuple of
    unit ids, or ``None`` for every enemy unit (``"units": "enemy"`` in the file). ``side``,
    if set, is the only side that scores it.

    >>> Objective("saddle", "hold", Bilingual("The saddle", "鞍部"), 2, hex="4563PJ").side is None
    True
    """

    id: str
    kind: str
    name: Bilingual
    points: int
    hex: str | None = None
    units: tuple[str, ...] | None = None
    side: Side | None = None


@dataclass(frozen=True)
class VictoryRule:
    """How the points decide the game: ``'more_points'``, a lead of at least ``min_lead``.

    >>> VictoryRule().winner(5, 2), VictoryRule(min_lead=2).winner(3, 2)
    (Side.RED, None)
    """

    rule: str = "more_points"
    min_lead: int = 1

    def winner(self, red: int, blue: int) -> Side | None:
        """The winning side for these points, or ``None`` for a draw."""
        if red - blue >= self.min_lead:
            return Side.RED
        if blue - red >= self.min_lead:
            return Side.BLUE
        return None

    @property
    def text(self) -> str:
        """The rule in words."""
        lead = "" if self.min_lead == 1 else f" by at least {self.min_lead}"
        return f"the side with more points wins{lead}; otherwise a draw"


def _text_dict(text: Bilingual) -> dict[str, str]:
    return {"en": text.en, "zh": text.zh}


# ---------------------------------------------------------------------------------------
# The map of a scenario
# ---------------------------------------------------------------------------------------
def _map_path(map_name: str, source: str) -> Path:
    p = Path(map_name)
    if p.suffix != ".json":
        return MAPS_DIR / f"{map_name}.json"
    if not p.is_absolute() and Path(source).suffix == ".json":
        return Path(source).parent / p
    return p


@lru_cache(maxsize=16)
def _cached_map(path: str, mtime_ns: int) -> HexMap:  # mtime_ns: a changed file is re-read
    return HexMap.load(path)


def load_map(map_name: str, source: str) -> HexMap:
    """The map a scenario names: a bare name is a map of ``maps/`` (as :meth:`HexMap.load`
    finds it), a path ending in ``.json`` is relative to the scenario file. Loaded once per
    file version and shared (a :class:`HexMap` is immutable).

    Raises
    ------
    MapNotFoundError
        If there is no such map file.
    """
    path = _map_path(map_name, source)
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        return HexMap.load(path)  # raises MapNotFoundError
    return _cached_map(str(path), mtime)


# ---------------------------------------------------------------------------------------
# The checks (every Scenario, however it was built) and the file parser
# ---------------------------------------------------------------------------------------
class _Fail:
    """Builds the errors of one scenario: ``<source>: <entry>: <problem>``."""

    def __init__(self, source: str) -> None:
        self.source = source

    def __call__(self, entry: str, problem: str) -> ScenarioFormatError:
        return ScenarioFormatError(f"{self.source}: {entry}: {problem}", entry=entry,
                                   problem=problem)

    def integer(self, entry: str, value: Any, lo: int, hi: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self(entry, f"expected an integer, got {value!r}")
        if value < lo or (hi is not None and value > hi):
            limits = f">= {lo}" if hi is None else f"{lo}-{hi}"
            raise self(entry, f"must be {limits}, got {value}")
        return value

    def flag(self, entry: str, value: Any) -> None:
        if not isinstance(value, bool):
            raise self(entry, f"must be true or false, got {value!r}")

    def ident(self, entry: str, value: Any, what: str) -> None:
        if not isinstance(value, str) or not _ID.fullmatch(value):
            raise self(entry, f"{what} must be a letter, then letters, digits, _ or -, got "
                              f"{value!r}")

    def text(self, entry: str, value: Any) -> None:
        if not isinstance(value, Bilingual):
            raise self(entry, f'expected {{"en": "...", "zh": "..."}}, got {value!r}')
        for lang in ("en", "zh"):
            v = getattr(value, lang)
            if not isinstance(v, str) or not v.strip():
                raise self(f"{entry}.{lang}", f"expected a non-empty string, got {v!r}")
        if not _CJK.search(value.zh):
            raise self(f"{entry}.zh", f"must be the Chinese text, got {value.zh!r}")

    def hex_name(self, entry: str, value: Any, m: HexMap, map_name: str) -> Any:
        if not isinstance(value, str) or not _HEX_NAME.fullmatch(value):
            raise self(entry, f"expected a military coordinate such as '4563GH' (M-2), "
                              f"got {value!r}")
        try:
            h = m.parse(value)
        except CoordinateError as exc:
            raise self(entry, f"{value!r} is not a hex of map {map_name!r} ({exc})") from None
        if m.terrain_at(h) is Terrain.WATER:
            raise self(entry, f"{value!r} is a water hex (V-1: tanks cannot enter water)")
        return h


def check_scenario(s: Scenario) -> None:
    """Every check of a scenario value; the errors name ``s.source`` and the entry."""
    fail = _Fail(s.source)
    fail.text("name", s.name)
    fail.text("briefing", s.briefing)
    if not isinstance(s.map, str) or not s.map.strip():
        raise fail("map", f"expected a map name such as 'training', got {s.map!r}")
    try:
        m = load_map(s.map, s.source)
    except MapNotFoundError as exc:
        raise fail("map", f"unknown map {s.map!r}: {exc}") from None
    fail.integer("turns", s.turns, TURNS.start, TURNS.stop - 1)
    fail.flag("fog_of_war", s.fog_of_war)
    fail.flag("referee.paper_table", s.paper_table)
    fail.flag("cards", s.cards)
    if s.seed is not None:
        fail.integer("seed", s.seed, 0)
    if not isinstance(s.victory, VictoryRule):
        raise fail("victory", f"expected a VictoryRule, got {s.victory!r}")
    if s.victory.rule not in VICTORY_RULES:
        raise fail("victory.rule", f"unknown rule {s.victory.rule!r} (valid: "
                                   f"{', '.join(VICTORY_RULES)})")
    fail.integer("victory.min_lead", s.victory.min_lead, 1)
    zones = _check_zones(s, fail, m)
    sides = _check_sides(s, fail, m, zones)
    _check_objectives(s, fail, m, sides)


def _check_zones(s: Scenario, fail: _Fail, m: HexMap) -> dict[Side, set[Any]]:
    """The set-up zones ([project ruling] set-up zones): each side's hexes by side."""
    if (not isinstance(s.setup_zones, tuple)
            or not all(isinstance(z, SetupZone) for z in s.setup_zones)):
        raise fail("setup_zones", f"expected a tuple of SetupZone, got {s.setup_zones!r}")
    order = [z.side for z in s.setup_zones]
    if order not in ([], [Side.RED], [Side.BLUE], [Side.RED, Side.BLUE]):
        raise fail("setup_zones", f"expected at most one zone a side, red's first, got "
                                  f"{', '.join(map(str, order))}")
    zones: dict[Side, set[Any]] = {}
    owner: dict[Any, Side] = {}
    for z in s.setup_zones:
        where = f"setup_zones.{z.side.value}"
        if not isinstance(z.hexes, tuple) or not z.hexes:
            raise fail(where, f"expected at least one hex, got {z.hexes!r}")
        zone = zones.setdefault(z.side, set())
        for i, name in enumerate(z.hexes):
            h = fail.hex_name(f"{where}[{i}]", name, m, s.map)
            if h in zone:
                raise fail(f"{where}[{i}]", f"{name!r} is listed twice")
            if owner.setdefault(h, z.side) is not z.side:
                raise fail(f"{where}[{i}]", f"{name!r} is in both sides' set-up zones "
                                            "([project ruling] set-up zones)")
            zone.add(h)
    return zones


def _check_sides(s: Scenario, fail: _Fail, m: HexMap,
                 zones: dict[Side, set[Any]]) -> dict[str, Side]:
    """The set-up (C-1, C-3, V-1, V-10, V-11); returns each unit's side by id."""
    from hexrules.tables import default_tables

    if (not isinstance(s.sides, tuple) or len(s.sides) != 2
            or not all(isinstance(x, SideSetup) for x in s.sides)
            or [x.side for x in s.sides] != [Side.RED, Side.BLUE]):
        raise fail("sides", f"expected the set-ups of red and of blue, in that order, got "
                            f"{s.sides!r}")
    types = default_tables().units.types
    limit = stack_limit()
    sides: dict[str, Side] = {}
    stacks: Counter[tuple[Side, Any]] = Counter()
    owner: dict[Any, Side] = {}
    for setup in s.sides:
        where = f"sides.{setup.side.value}.units"
        if not isinstance(setup.units, tuple) or not setup.units:
            raise fail(where, f"expected at least one unit, got {setup.units!r}")
        for i, u in enumerate(setup.units):
            entry = f"{where}[{i}]"
            if not isinstance(u, UnitSetup):
                raise fail(entry, f"expected a UnitSetup, got {u!r}")
            fail.ident(f"{entry}.id", u.id, "a unit id")
            if u.id in sides:
                raise fail(f"{entry}.id", f"unit id {u.id!r} is used twice")
            sides[u.id] = setup.side
            if not isinstance(u.type, str) or u.type not in types:
                raise fail(f"{entry}.type", f"unknown unit type {u.type!r} (C-1; units.toml "
                                            f"has {', '.join(map(repr, types))})")
            h = fail.hex_name(f"{entry}.hex", u.hex, m, s.map)
            if setup.side in zones and h not in zones[setup.side]:
                raise fail(f"{entry}.hex", f"{u.hex!r} is outside {setup.side.value}'s set-up "
                                           f"zone (setup_zones.{setup.side.value}; [project "
                                           "ruling] set-up zones)")
            if (not isinstance(u.status, frozenset)
                    or not all(isinstance(x, Status) for x in u.status)):
                raise fail(f"{entry}.status", f"expected a frozenset of Status markers, got "
                                              f"{u.status!r}")
            bad = [x.value for x in Status if x in u.status and x not in SETUP_MARKERS]
            if bad:
                raise fail(f"{entry}.status", f"a unit may start with "
                           f"{', '.join(x.value for x in SETUP_MARKERS)} (C-3), not "
                           f"{', '.join(bad)}: turn markers go at T-1 and a destroyed unit "
                           "is off the board")
            if not isinstance(u.name, str):
                raise fail(f"{entry}.name", f"expected a string, got {u.name!r}")
            if owner.setdefault(h, setup.side) is not setup.side:
                raise fail(f"{entry}.hex", f"{u.hex!r} holds units of both sides at set-up "
                                           "(V-10: that would start a close combat)")
            stacks[setup.side, h] += 1
            if stacks[setup.side, h] > limit:
                raise fail(f"{entry}.hex", f"{stacks[setup.side, h]} {setup.side.value} units "
                                           f"set up on {u.hex!r}, above the stacking limit of "
                                           f"{limit} (V-11)")
    return sides


def _check_objectives(s: Scenario, fail: _Fail, m: HexMap, sides: dict[str, Side]) -> None:
    if not isinstance(s.objectives, tuple) or not s.objectives:
        raise fail("objectives", f"expected at least one objective, got {s.objectives!r}")
    seen: set[str] = set()
    for i, o in enumerate(s.objectives):
        entry = f"objectives[{i}]"
        if not isinstance(o, Objective):
            raise fail(entry, f"expected an Objective, got {o!r}")
        fail.ident(f"{entry}.id", o.id, "an objective id")
        if o.id in seen:
            raise fail(f"{entry}.id", f"objective id {o.id!r} is used twice")
        seen.add(o.id)
        if o.kind not in KINDS:
            raise fail(f"{entry}.kind", f"unknown kind {o.kind!r} (valid: {', '.join(KINDS)})")
        fail.text(f"{entry}.name", o.name)
        fail.integer(f"{entry}.points", o.points, 1, 100)
        if o.side is not None and not isinstance(o.side, Side):
            raise fail(f"{entry}.side", f"expected 'red' or 'blue', got {o.side!r}")
        if o.kind == "hold":
            if o.units is not None:
                raise fail(f"{entry}.units", "a hold objective names a hex, not units")
            fail.hex_name(f"{entry}.hex", o.hex, m, s.map)
            continue
        if o.hex is not None:
            raise fail(f"{entry}.hex", "a destroy objective names units, not a hex")
        if o.units is None:
            continue
        if not isinstance(o.units, tuple) or not o.units:
            raise fail(f"{entry}.units", f'expected "enemy" or a list of unit ids, got '
                                         f"{o.units!r}")
        for j, uid in enumerate(o.units):
            if not isinstance(uid, str) or uid not in sides:
                raise fail(f"{entry}.units[{j}]", f"no unit {uid!r} in this scenario (units: "
                                                  f"{', '.join(sides)})")
            if uid in o.units[:j]:
                raise fail(f"{entry}.units[{j}]", f"unit {uid!r} is listed twice")
            if o.side is not None and sides[uid] is o.side:
                raise fail(f"{entry}.units[{j}]", f"{uid!r} is a {o.side.value} unit: "
                                                  f"{o.side.value} scores for destroying "
                                                  "enemy units only")


def parse_scenario(data: Any, source: str) -> dict[str, Any]:
    """The keyword arguments of :class:`Scenario` in a file-format dictionary: the keys and
    shapes are checked here, the values by :func:`check_scenario` when it is built."""
    fail = _Fail(source)

    def keys(entry: str, value: Any, required: set[str], optional: set[str]) -> Mapping:
        if not isinstance(value, Mapping):
            raise ScenarioFormatError(f"{source}: {entry or 'the top level'}: expected an "
                                      f"object, got {type(value).__name__}")
        dot = f"{entry}." if entry else ""
        for key in value:
            if key not in required | optional:
                known = ", ".join(sorted(required | optional))
                raise fail(f"{dot}{key}", f"unknown key (known keys: {known})")
        for key in sorted(required):
            if key not in value:
                raise fail(f"{dot}{key}", "missing")
        return value

    def text(entry: str, value: Any) -> Bilingual:
        value = keys(entry, value, {"en", "zh"}, set())
        return Bilingual(value["en"], value["zh"])

    def items(entry: str, value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise fail(entry, f"expected a list, got {value!r}")
        return value

    def side(entry: str, value: Any) -> Side:
        if value not in ("red", "blue"):
            raise fail(entry, f"expected 'red' or 'blue', got {value!r}")
        return Side(value)

    if not isinstance(data, Mapping):
        raise ScenarioFormatError(f"{source}: the top level must be a JSON object")
    if data.get("format") != FORMAT:
        raise fail("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("schema_version") != SCHEMA_VERSION:
        raise fail("schema_version", f"this library reads version {SCHEMA_VERSION}, got "
                                     f"{data.get('schema_version')!r}")
    keys("", data, _TOP, _TOP_OPTIONAL)
    referee = keys("referee", data.get("referee", {}), set(), {"paper_table"})
    victory = keys("victory", data.get("victory", {}), set(), {"rule", "min_lead"})
    sides = keys("sides", data["sides"], {"red", "blue"}, set())
    setups = []
    for name in ("red", "blue"):
        where = f"sides.{name}"
        units = []
        for i, u in enumerate(items(f"{where}.units", keys(where, sides[name], {"units"},
                                                           set())["units"])):
            entry = f"{where}.units[{i}]"
            u = keys(entry, u, *_UNIT)
            status = []
            for j, marker in enumerate(items(f"{entry}.status", u.get("status", []))):
                if marker not in [x.value for x in Status]:
                    raise fail(f"{entry}.status[{j}]", f"unknown status {marker!r} (C-3; a "
                               f"unit may start with "
                               f"{', '.join(x.value for x in SETUP_MARKERS)})")
                status.append(Status(marker))
            units.append(UnitSetup(u["id"], u["hex"], u.get("type", DEFAULT_UNIT_TYPE),
                                   frozenset(status), u.get("name", "")))
        setups.append(SideSetup(Side(name), tuple(units)))
    zones_raw = keys("setup_zones", data.get("setup_zones", {}), set(), {"red", "blue"})
    zones = tuple(SetupZone(Side(name), tuple(items(f"setup_zones.{name}", zones_raw[name])))
                  for name in ("red", "blue") if name in zones_raw)
    objectives = []
    for i, o in enumerate(items("objectives", data["objectives"])):
        entry = f"objectives[{i}]"
        kind = o.get("kind") if isinstance(o, Mapping) else None
        if kind not in KINDS:
            keys(entry, o, {"kind"}, set().union(*(a | b for a, b in _OBJECTIVE.values())))
            raise fail(f"{entry}.kind", f"unknown kind {kind!r} (valid: {', '.join(KINDS)})")
        o = keys(entry, o, *_OBJECTIVE[kind])
        units = o.get("units")
        if kind == "destroy":
            if units == "enemy":
                units = None
            elif isinstance(units, list) and units:
                units = tuple(units)
            else:
                raise fail(f"{entry}.units", f'expected "enemy" or a non-empty list of unit '
                                             f"ids, got {units!r}")
        objectives.append(Objective(
            o["id"], kind, text(f"{entry}.name", o["name"]), o["points"], hex=o.get("hex"),
            units=units, side=side(f"{entry}.side", o["side"]) if "side" in o else None))
    return dict(
        name=text("name", data["name"]),
        briefing=text("briefing", data["briefing"]),
        map=data["map"],
        turns=data["turns"],
        sides=tuple(setups),
        objectives=tuple(objectives),
        victory=VictoryRule(victory.get("rule", "more_points"), victory.get("min_lead", 1)),
        fog_of_war=data.get("fog_of_war", False),
        paper_table=referee.get("paper_table", False),
        seed=data.get("seed"),
        cards=data.get("cards", True),
        setup_zones=zones,
        source=source,
    )


def scenario_dict(scenario: Scenario) -> dict[str, Any]:
    """The file-format dictionary of a scenario (:meth:`Scenario.to_dict`)."""
    def unit(u: UnitSetup) -> dict[str, Any]:
        out: dict[str, Any] = {"id": u.id, "hex": u.hex, "type": u.type}
        if u.status:
            out["status"] = [m.value for m in Status if m in u.status]
        if u.name:
            out["name"] = u.name
        return out

    def objective(o: Objective) -> dict[str, Any]:
        out: dict[str, Any] = {"id": o.id, "kind": o.kind, "name": _text_dict(o.name),
                               "points": o.points}
        if o.kind == "hold":
            out["hex"] = o.hex
        else:
            out["units"] = "enemy" if o.units is None else list(o.units)
        if o.side is not None:
            out["side"] = o.side.value
        return out

    out = {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "name": _text_dict(scenario.name),
        "briefing": _text_dict(scenario.briefing),
        "map": scenario.map,
        "turns": scenario.turns,
        "fog_of_war": scenario.fog_of_war,
        "referee": {"paper_table": scenario.paper_table},
        "cards": scenario.cards,
        "seed": scenario.seed,
        "sides": {s.side.value: {"units": [unit(u) for u in s.units]} for s in scenario.sides},
        "objectives": [objective(o) for o in scenario.objectives],
        "victory": {"rule": scenario.victory.rule, "min_lead": scenario.victory.min_lead},
    }
    if scenario.setup_zones:  # optional: written only when drawn
        out["setup_zones"] = {z.side.value: list(z.hexes) for z in scenario.setup_zones}
    return out


register(Bilingual, UnitSetup, SideSetup, SetupZone, Objective, VictoryRule)
