"""Scenarios (§9): the map, each side's units and set-up hexes, the turns, the objectives and
how points are scored, as one file ``maps/scenarios/<name>.json`` and one frozen value.

The rulebook gives no victory conditions (docs/rules.md §9); a scenario states them. A
:class:`Scenario` is loaded and validated by :meth:`Scenario.load` (a name such as
``"duel"`` or a path) or :meth:`Scenario.from_dict`; every problem raises
:class:`~hexrules.errors.ScenarioFormatError` naming the file and the entry, e.g.
``duel.json: sides.red.units[1].hex: '4563ZZ' is not a hex of map 'training' (…)``.
:meth:`Scenario.units` gives the starting :class:`~hexrules.units.Unit` values and
:meth:`Scenario.score` scores an end state (:mod:`hexrules.game.score`). A scenario refers to
its map by name and holds no map; it is a value that can go into a game log
(:func:`hexrules.records.encode`). The parts of a scenario, its checks and the file's parser
live in :mod:`hexrules.game.scenariofile`.

File format (``schema_version`` 1)::

    {
      "format": "hexrules-scenario",
      "schema_version": 1,
      "name": {"en": "Duel at the saddle", "zh": "鞍部对决"},
      "briefing": {"en": "...", "zh": "..."},
      "map": "training",          # a map of maps/ by name, or a path ending in .json,
                                  #   relative to this file
      "turns": 6,                 # 1-50 (§8: each turn is T-1…T-5)
      "fog_of_war": true,         # optional, default false: the game's default for hiding
                                  #   units a side does not see (§3)
      "referee": {"paper_table": false},  # optional; false (default): the strict referee
                                  #   refuses illegal orders; true: the rulebook's
                                  #   penalties (C-4, V-5)
      "cards": true,              # optional, default true: play with the random event
                                  #   cards and their artillery (§7, §6)
      "seed": 5,                  # optional: the dice seed (T-6), an integer >= 0, or null
      "sides": {                  # both sides, each with at least one unit
        "red":  {"units": [{"id": "R1", "hex": "4563NE"}]},
        "blue": {"units": [{"id": "B1", "hex": "4563RO", "type": "tank",
                            "status": ["suppressed"], "name": "Platoon leader 排长车"}]}
      },
      "objectives": [
        {"id": "saddle", "kind": "hold", "hex": "4563PJ", "points": 2,
         "name": {"en": "The saddle", "zh": "鞍部"}},
        {"id": "tanks", "kind": "destroy", "units": "enemy", "points": 3,
         "name": {"en": "Enemy tanks", "zh": "敌方坦克"}}
      ],
      "victory": {"rule": "more_points", "min_lead": 1},  # optional; these are the defaults
      "setup_zones": {"red": ["4563NE", "4563NF"]}  # optional, per side: where its units
                                  #   must set up ([project ruling] set-up zones)
    }

A unit (C-1) has an ``id`` (a letter, then letters, digits, ``_`` or ``-``; unique in the
scenario), a set-up ``hex`` (a military coordinate of the map, M-2, on land: water cannot be
entered, V-1), an optional ``type`` of ``units.toml`` (default ``"tank"``), optional
``status`` markers it starts with (C-3: ``suppressed``, ``weapon_lost``, ``immobilised``;
turn markers are removed at T-1 anyway and a destroyed unit is off the board) and an optional
display ``name``. At most :data:`STACK_LIMIT` (4, V-11) units of a side may set up in one hex,
and no hex may hold both sides (V-10).

Objectives score at the end of the last turn:

* ``"kind": "hold"`` with a ``hex``: a hex is **held** by a side when at least one of its
  living units is there and no living enemy unit is (a destroyed unit is off the board, C-3);
  the side holding it scores ``points``. With ``"side"``, only that side can score it.
* ``"kind": "destroy"`` with ``"units": "enemy"``: each side scores ``points`` per enemy unit
  destroyed (with ``"side"``: only that side does); with ``"units": ["B1", …]``: ``points``
  per listed unit destroyed, to the enemy of that unit (with ``"side"``, every listed unit
  must be an enemy of that side). A unit counts however it was destroyed: fire, artillery or
  the V-11 penalty.

Victory (``"rule": "more_points"``, the only rule so far): the side with more points wins, if
it leads by at least ``min_lead`` (default 1); otherwise the game is a draw.

Examples
--------
>>> s = Scenario.load("duel")
>>> s.name.label, s.map, s.turns
('Duel at the saddle 鞍部对决', 'training', 6)
>>> s.units()["R1"]
Unit('R1', Side.RED, Hex(-2, 13))
>>> Scenario.from_dict(s.to_dict()) == s
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexrules.errors import RulesError, RulesTypeError, ScenarioFormatError, ScenarioNotFoundError
from hexrules.game.scenariofile import (
    FORMAT,
    KINDS,
    SCHEMA_VERSION,
    STACK_LIMIT,
    Bilingual,
    Objective,
    SetupZone,
    SideSetup,
    UnitSetup,
    VictoryRule,
    check_scenario,
    load_map,
    parse_scenario,
    scenario_dict,
    stack_limit,
)
from hexrules.map.hexmap import MAPS_DIR, HexMap
from hexrules.records import register
from hexrules.units import Side, Unit

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.game.score import Score

__all__ = [
    "FORMAT",
    "KINDS",
    "SCENARIOS_DIR",
    "SCHEMA_VERSION",
    "STACK_LIMIT",
    "Bilingual",
    "Objective",
    "Scenario",
    "SetupZone",
    "SideSetup",
    "UnitSetup",
    "VictoryRule",
    "stack_limit",
]

#: Where :meth:`Scenario.load` looks for a bare name such as ``"duel"``: ``maps/scenarios``
#: (a wheel installs it under ``<prefix>/share/hexrules/maps/scenarios``).
SCENARIOS_DIR = MAPS_DIR / "scenarios"


@dataclass(frozen=True)
class Scenario:
    """A scenario (§9): map, turns, each side's set-up, objectives and the victory rule.

    Build one with :meth:`load` or :meth:`from_dict`; the constructor validates too (see the
    module docstring for the format and the checks). ``source`` names the file in error
    messages and does not take part in comparisons.

    Raises
    ------
    ScenarioFormatError
        Naming the file and the entry, for anything the format or the rules do not allow.

    Examples
    --------
    >>> s = Scenario.load("village")
    >>> [side.side.value for side in s.sides], [len(side.units) for side in s.sides]
    (['red', 'blue'], [4, 4])
    >>> s.objective("centre").hex
    '4563OP'
    >>> s.contacts()  # nobody starts in sight of an enemy
    ()
    """

    name: Bilingual
    briefing: Bilingual
    map: str
    turns: int
    sides: tuple[SideSetup, ...]
    objectives: tuple[Objective, ...]
    victory: VictoryRule = VictoryRule()
    fog_of_war: bool = False
    paper_table: bool = False
    seed: int | None = None
    cards: bool = True
    setup_zones: tuple[SetupZone, ...] = ()
    source: str = field(default="<memory>", compare=False)

    def __post_init__(self) -> None:
        check_scenario(self)

    # -- loading ------------------------------------------------------------------------
    @classmethod
    def load(cls, name_or_path: str | Path) -> Scenario:
        """Load and validate a scenario file; a bare name like ``"duel"`` looks in
        :data:`SCENARIOS_DIR`.

        Raises
        ------
        ScenarioFormatError
            Naming the file and the entry.
        ScenarioNotFoundError
            If there is no such file (also a :class:`FileNotFoundError`).

        Examples
        --------
        >>> Scenario.load("meeting").turns
        8
        >>> Scenario.load("no-such-scenario")
        Traceback (most recent call last):
        ...
        hexrules.errors.ScenarioNotFoundError: no scenario file .../no-such-scenario.json ...
        """
        if not isinstance(name_or_path, str | Path):
            raise RulesTypeError(f"Scenario.load takes a path or a scenario name, got "
                                 f"{name_or_path!r}")
        p = Path(name_or_path)
        if not p.suffix and not p.exists():
            p = SCENARIOS_DIR / f"{p.name}.json"
        try:
            text = p.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ScenarioNotFoundError(
                f"no scenario file {p} (scenarios are in {SCENARIOS_DIR}: "
                f"{', '.join(cls.available()) or 'none'})") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise ScenarioFormatError(f"{p}: cannot read the scenario file: {exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioFormatError(f"{p}: not valid JSON: {exc}") from None
        return cls.from_dict(data, source=str(p))

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "<dict>") -> Scenario:
        """Build a scenario from the file format's dictionary, validating every entry.

        Examples
        --------
        >>> d = Scenario.load("duel").to_dict()
        >>> d["sides"]["red"]["units"][0]["hex"] = "4563ZZ"
        >>> Scenario.from_dict(d, source="duel.json")
        Traceback (most recent call last):
        ...
        hexrules.errors.ScenarioFormatError: duel.json: sides.red.units[0].hex: '4563ZZ' is \
not a hex of map 'training' (...)
        """
        return cls(**parse_scenario(data, source))

    @staticmethod
    def available() -> tuple[str, ...]:
        """The names of the scenarios in :data:`SCENARIOS_DIR`.

        >>> Scenario.available()
        ('duel', 'meeting', 'village')
        """
        return tuple(sorted(p.stem for p in SCENARIOS_DIR.glob("*.json")))

    def to_dict(self) -> dict[str, Any]:
        """The file-format dictionary (round-trips through :meth:`from_dict`).

        >>> d = Scenario.load("duel").to_dict()
        >>> d["format"], d["schema_version"], d["sides"]["blue"]["units"][0]["hex"]
        ('hexrules-scenario', 1, '4563RO')
        """
        return scenario_dict(self)

    # -- the game's view ----------------------------------------------------------------
    def hexmap(self) -> HexMap:
        """The scenario's map (loaded once per file version and shared).

        >>> Scenario.load("duel").hexmap()
        <HexMap 'Training ground 训练场' 30×30>
        """
        return load_map(self.map, self.source)

    def side(self, side: Side | str) -> SideSetup:
        """The set-up of one side (``'red'``, ``'蓝'``, a :class:`Side`…).

        >>> [u.id for u in Scenario.load("meeting").side("blue").units]
        ['B1', 'B2', 'B3']
        """
        wanted = Side.parse(side)
        return next(s for s in self.sides if s.side is wanted)

    def objective(self, objective_id: str) -> Objective:
        """The objective with this id.

        Raises
        ------
        RulesError
            For an unknown id, listing the scenario's objectives.
        """
        for o in self.objectives:
            if o.id == objective_id:
                return o
        raise RulesError(f"scenario {self.name.en!r} has no objective {objective_id!r} "
                         f"(objectives: {', '.join(o.id for o in self.objectives)})")

    def units(self) -> dict[str, Unit]:
        """The starting units by id, red's first, in file order.

        >>> {k: (u.side.value, u.hex) for k, u in Scenario.load("duel").units().items()}
        {'R1': ('red', Hex(-2, 13)), 'B1': ('blue', Hex(6, 17))}
        """
        m = self.hexmap()
        return {u.id: Unit(u.id, s.side, m.parse(u.hex), status=u.status, name=u.name,
                           type=u.type)
                for s in self.sides for u in s.units}

    def contacts(self) -> tuple[tuple[str, str], ...]:
        """The (red id, blue id) pairs in sight of each other at set-up (the fast sight path
        :func:`hexrules.viewshed`; sight is symmetric, L-7).

        >>> Scenario.load("meeting").contacts()
        ()
        """
        from hexrules.sight.fast import viewshed

        m = self.hexmap()
        units = list(self.units().values())
        out = []
        for r in (u for u in units if u.side is Side.RED):
            seen = viewshed(m, r.hex)
            for b in (u for u in units if u.side is Side.BLUE):
                col, row = b.hex.to_offset()
                if seen[row, col]:
                    out.append((r.id, b.id))
        return tuple(out)

    def score(self, units: Mapping[str, Unit] | Iterable[Unit]) -> Score:
        """Score an end state: every unit of the scenario, destroyed ones too (see
        :func:`hexrules.game.score.score_scenario`).

        >>> s = Scenario.load("duel")
        >>> end = s.units()
        >>> end["R1"] = end["R1"].replace(hex=s.hexmap().parse("4563PJ"))
        >>> print(s.score(end).result)
        Win 胜: Red 红方
        """
        from hexrules.game.score import score_scenario

        return score_scenario(self, units)

    # -- display ------------------------------------------------------------------------
    def __repr__(self) -> str:
        counts = " v ".join(f"{s.side.value} {len(s.units)}" for s in self.sides)
        return (f"<Scenario {self.name.label!r}: map {self.map!r}, {self.turns} turns, "
                f"{counts}>")

    def _repr_html_(self) -> str:
        from hexrules.render.html import scenario_html

        return scenario_html(self)


register(Scenario)


def scenario_of(name: str, setup: Scenario | None = None) -> Scenario | None:
    """A game's scenario: ``setup`` (one built in memory, which the game carries), else the
    file named ``name`` (loaded once), else ``None`` (a game with no scenario).

    >>> scenario_of("duel").turns, scenario_of("") is None
    (6, True)
    """
    if setup is not None:
        return setup
    return load_cached(name) if name else None


@lru_cache(maxsize=64)
def load_cached(name_or_path: str) -> Scenario:
    """:meth:`Scenario.load`, once per name or path (a scenario is a value; games and
    players look theirs up often)."""
    return Scenario.load(name_or_path)
