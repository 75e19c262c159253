"""Squad scenarios as data (Q-28): ``maps/squad/NAME.json`` and its validating loader.

Format (``schema_version`` 1)::

    {
      "format": "hexrules-squad-scenario", "schema_version": 1,
      "name": "…", "name_zh": "…", "description": "…",
      "map": "squad_campus",          # a map of maps/ (HexMap.load), or a path
      "rules": null,                  # an instructor's squad.toml (path), or null
      "turns": 8,                     # Q-11
      "objective": "2015",            # the objective hex, CCRR (Q-1, Q-28)
      "zones": {"red": [0, 4], "blue": [35, 39]},   # deployment columns, inclusive (Q-11)
      "vegetation": ["0810", …],      # low vegetation on open hexes (Q-3)
      "cover": ["0612", …],           # cover markers (Q-3)
      "teams": {"red": [{"id", "type", "hex", "facing", "posture", "order", "contact"}, …],
                "blue": […]}
    }

A bad entry raises :class:`~hexrules.errors.ScenarioFormatError` naming the file and the
entry (``lesson.json: teams.red[2].hex: '0099' is off the map …``).

Examples
--------
>>> s = load_scenario("lesson")
>>> s.name, s.turns, hex_name(s.objective), len(s.teams)
('Campus meeting engagement 校园遭遇战', 8, '2015', 10)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexrules.errors import (
    CoordinateError,
    MapFormatError,
    RulesError,
    ScenarioFormatError,
    ScenarioNotFoundError,
    TableFormatError,
)
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import MAPS_DIR, HexMap
from hexrules.units import Side
from hexrules.variants.squad.ground import SquadGround
from hexrules.variants.squad.rules import load_rules
from hexrules.variants.squad.teams import Team, hex_name, parse_hex_name

__all__ = ["SCENARIO_FORMAT", "SQUAD_DIR", "SquadScenario", "load_scenario", "practice"]

SCENARIO_FORMAT = "hexrules-squad-scenario"
#: Where :func:`load_scenario` finds a bare name such as ``"lesson"``.
SQUAD_DIR = MAPS_DIR / "squad"

_KEYS = {"format", "schema_version", "name", "name_zh", "description", "map", "rules",
         "turns", "objective", "zones", "vegetation", "cover", "teams"}
_TEAM_KEYS = {"id", "type", "hex", "facing", "posture", "order", "contact"}


@dataclass(frozen=True, eq=False)
class SquadScenario:
    """A loaded squad scenario: the ground, turns, objective, zones and starting teams."""

    name: str
    source: str
    ground: SquadGround
    turns: int
    objective: Hex
    zones: Mapping[Side, tuple[int, int]]
    teams: tuple[Team, ...]
    description: str = ""

    def in_zone(self, side: Side, h: Hex) -> bool:
        """Whether ``h`` is in ``side``'s deployment zone (Q-11)."""
        lo, hi = self.zones[side]
        return lo <= h.to_offset()[0] <= hi

    def __repr__(self) -> str:
        return f"<SquadScenario {self.name!r}: {len(self.teams)} teams, {self.turns} turns>"


def _fail(src: str, entry: str, problem: str) -> ScenarioFormatError:
    return ScenarioFormatError(f"{Path(src).name}: {entry}: {problem}")


def _hex(src: str, entry: str, value: Any, m: HexMap) -> Hex:
    try:
        h = parse_hex_name(value)
    except CoordinateError as exc:
        raise _fail(src, entry, str(exc)) from None
    if h not in m:
        raise _fail(src, entry, f"{value!r} is off the map ({m.cols} × {m.rows})")
    return h


def load_scenario(where: str | Path = "lesson") -> SquadScenario:
    """Load and check a squad scenario by name (``maps/squad/NAME.json``) or path.

    Raises
    ------
    ScenarioNotFoundError
        If there is no such file.
    ScenarioFormatError
        Naming the file and the bad entry.
    """
    p = Path(where)
    if not p.suffix:
        p = SQUAD_DIR / f"{where}.json"
    if not p.is_file():
        names = ", ".join(sorted(x.stem for x in SQUAD_DIR.glob("*.json")))
        raise ScenarioNotFoundError(f"no squad scenario file {p} (shipped: {names})")
    src = str(p)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise _fail(src, "-", f"not valid JSON: {exc}") from None
    return parse_scenario(data, src)


def parse_scenario(data: Any, src: str = "<dict>") -> SquadScenario:
    """Check a parsed scenario mapping (see :func:`load_scenario`)."""
    if not isinstance(data, Mapping) or data.get("format") != SCENARIO_FORMAT:
        raise _fail(src, "format", f"must be {SCENARIO_FORMAT!r}")
    if data.get("schema_version") != 1:
        raise _fail(src, "schema_version", f"must be 1, got {data.get('schema_version')!r}")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise _fail(src, unknown[0], f"unknown key (allowed: {', '.join(sorted(_KEYS))})")
    try:
        m = HexMap.load(data.get("map", ""))
    except (MapFormatError, RulesError) as exc:
        raise _fail(src, "map", str(exc)) from None
    try:
        rules = load_rules(data["rules"]) if data.get("rules") else load_rules()
    except TableFormatError as exc:
        raise _fail(src, "rules", str(exc)) from None
    turns = data.get("turns", rules.turns)
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
        raise _fail(src, "turns", f"must be a whole number ≥ 1, got {turns!r}")
    veg = frozenset(_hex(src, f"vegetation[{k}]", v, m)
                    for k, v in enumerate(data.get("vegetation", [])))
    for h in sorted(veg):
        if m.terrain_at(h).name != "OPEN":
            raise _fail(src, "vegetation", f"{hex_name(h)} is not an open hex (Q-3: low "
                                           "vegetation lies on open ground)")
    cover = frozenset(_hex(src, f"cover[{k}]", v, m) for k, v in enumerate(data.get("cover", [])))
    ground = SquadGround(m, veg, cover, rules)
    objective = _hex(src, "objective", data.get("objective"), m)
    zones_raw = data.get("zones")
    if not isinstance(zones_raw, Mapping) or set(zones_raw) != {"red", "blue"}:
        raise _fail(src, "zones", "must give the columns of red and blue, e.g. {\"red\": [0, 4]}")
    zones: dict[Side, tuple[int, int]] = {}
    for side, cols in zones_raw.items():
        if not (isinstance(cols, list) and len(cols) == 2 and all(
                isinstance(c, int) and 0 <= c < m.cols for c in cols) and cols[0] <= cols[1]):
            raise _fail(src, f"zones.{side}", f"must be [first, last] columns 0…{m.cols - 1}, "
                                              f"got {cols!r}")
        zones[Side(side)] = (cols[0], cols[1])
    teams_raw = data.get("teams")
    if not isinstance(teams_raw, Mapping) or set(teams_raw) != {"red", "blue"}:
        raise _fail(src, "teams", "must list the red and the blue teams")
    teams: list[Team] = []
    seen_ids: set[str] = set()
    seen_hexes: dict[Hex, str] = {}
    for side, rows in teams_raw.items():
        if not isinstance(rows, list) or not rows:
            raise _fail(src, f"teams.{side}", "must be a non-empty list")
        for k, row in enumerate(rows):
            e = f"teams.{side}[{k}]"
            if not isinstance(row, Mapping):
                raise _fail(src, e, "must be an object")
            bad = sorted(set(row) - _TEAM_KEYS)
            if bad:
                raise _fail(src, f"{e}.{bad[0]}",
                            f"unknown key (allowed: {', '.join(sorted(_TEAM_KEYS))})")
            tid = row.get("id")
            if not isinstance(tid, str) or not tid or tid in seen_ids:
                raise _fail(src, f"{e}.id", f"must be a new, non-empty id, got {tid!r}")
            seen_ids.add(tid)
            if row.get("type") not in rules.types:
                raise _fail(src, f"{e}.type", f"unknown unit type {row.get('type')!r} (Q-5: "
                                              f"{', '.join(rules.types)})")
            h = _hex(src, f"{e}.hex", row.get("hex"), m)
            if not ground.passable(h):
                raise _fail(src, f"{e}.hex", f"{hex_name(h)} is water (Q-3)")
            if h in seen_hexes:
                raise _fail(src, f"{e}.hex", f"{hex_name(h)} already holds {seen_hexes[h]} "
                                             "(one unit per hex, Q-3)")
            seen_hexes[h] = tid
            try:
                team = Team(tid, Side(side), row["type"], h, facing=row.get("facing", 1),
                            posture=row.get("posture", "crouched"),
                            order=row.get("order", "covert"),
                            contact=row.get("contact", "concealed"))
            except RulesError as exc:
                raise _fail(src, e, str(exc)) from None
            lo, hi = zones[team.side]
            if not lo <= h.to_offset()[0] <= hi:
                raise _fail(src, f"{e}.hex", f"{hex_name(h)} is outside {side}'s deployment "
                                             f"zone, columns {lo}–{hi} (Q-11)")
            teams.append(team)
    name = str(data.get("name", Path(src).stem))
    if data.get("name_zh"):
        name = f"{name} {data['name_zh']}"
    return SquadScenario(name, src, ground, turns, objective, zones, tuple(teams),
                         str(data.get("description", "")))


def practice(teams: Iterable[Team], hexmap: HexMap | None = None, *, cover: Iterable[Hex] = (),
             vegetation: Iterable[Hex] = (), turns: int = 1, name: str = "practice"
             ) -> SquadScenario:
    """A scenario made in memory for a lesson or a test: the teams where they stand, on
    ``hexmap`` (default a flat 30 × 12 field), deployment allowed anywhere.

    >>> from hexrules.map import Hex
    >>> sc = practice([Team("R1", "red", "medic", Hex(1, 1)), Team("B1", "blue", "medic",
    ...                Hex(9, 1))])
    >>> sc.turns, sc.in_zone(Side.RED, Hex(9, 1))
    (1, True)
    """
    m = hexmap or HexMap.flat(30, 12, name="practice field 练习场")
    teams = tuple(teams)
    ground = SquadGround(m, frozenset(vegetation), frozenset(cover))
    for t in teams:
        if not ground.passable(t.hex):
            raise ScenarioFormatError(f"{name}: {t.id}: {t.hex!r} is off the map or water")
    if len({t.hex for t in teams}) != len(teams):
        raise ScenarioFormatError(f"{name}: two teams in one hex (one unit per hex, Q-3)")
    everywhere = {Side.RED: (0, m.cols - 1), Side.BLUE: (0, m.cols - 1)}
    centre = Hex.from_offset(m.cols // 2, m.rows // 2)
    return SquadScenario(name, f"<{name}>", ground, turns, centre, everywhere, teams)
