"""The game state (rules C-1…C-4, V-4…V-11, T-1…T-6): one frozen value per moment of a game.

A :class:`GameState` holds everything a referee needs to go on: the units on the board by id
(side, type, hex, markers C-3), the units lost, the turn, the phase, the side to act, the
consecutive passes, the move in progress (:class:`MoveInProgress`), the open reaction window
(:class:`ReactionWindow`), the close combat in progress and those pending
(:class:`CloseCombat`), the referee options (:class:`Options`), the event cards, fire plans
and impact markers (:class:`~hexrules.game.cards.CardState`, §6, §7), the dice state (T-6)
and the log of every order with its record. The map and the rule tables are held *by reference*
(:class:`~hexrules.records.MapRef`, :class:`~hexrules.records.TableRef`, in
:class:`GameOrigin`); the live :class:`~hexrules.map.hexmap.HexMap` and
:class:`~hexrules.tables.TableSet` ride along outside equality and serialisation.

Orders never edit a state: :meth:`GameState.apply` returns a new state and the record of what
happened (python-chess's ``Board.push`` made pure, OpenSpiel's ``apply_action`` returning the
child). A state saves to JSON (:meth:`GameState.to_dict`, schema-versioned) and loads back
equal (:meth:`GameState.from_dict`); :meth:`GameState.clone` has the same future as the
original for the same orders, dice included.

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> from hexrules.game import GameState, Pass
>>> m = HexMap.flat(12, 6)
>>> s = GameState.new(m, [Unit("R1", "red", Hex(0, 2)), Unit("B1", "blue", Hex(8, 2))],
...                   turns=2, seed=1)
>>> s.turn, s.phase, s.to_act
(1, Phase.DIRECT_FIRE, Side.BLUE)
>>> s2, record = s.apply(Pass())
>>> s2.to_act, s2.passes, s.passes     # the old state is unchanged
(Side.RED, 1, 0)
>>> GameState.from_dict(s2.to_dict()) == s2
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexrules.dice import Dice, DiceSource, DiceState
from hexrules.errors import GameFormatError, RulesError, RulesTypeError
from hexrules.game.cards import CardState
from hexrules.game.values import (
    CloseCombat,
    MoveInProgress,
    Options,
    Phase,
    ReactionWindow,
    Referee,
    WindowKind,
)
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.records import MapRef, RecordFormatError, TableRef, decode, encode, register
from hexrules.tables import TableSet, load_tables
from hexrules.units import Side, Unit

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.game.legal import LegalOrders
    from hexrules.game.log import GameLog
    from hexrules.game.orders import Order
    from hexrules.game.records import GameRecord
    from hexrules.game.view import View

__all__ = [
    "FORMAT",
    "SCHEMA_VERSION",
    "CloseCombat",
    "GameOrigin",
    "GameState",
    "MoveInProgress",
    "Options",
    "Phase",
    "ReactionWindow",
    "Referee",
    "WindowKind",
    "engaged_hexes",
]

#: The ``format`` tag and schema version of a saved game (:meth:`GameState.to_dict`).
FORMAT, SCHEMA_VERSION = "hexrules-game", 1


@dataclass(frozen=True)
class GameOrigin:
    """How a game began: scenario, map and tables by reference, units, turns, options, dice.

    Everything a replay needs (:mod:`hexrules.game.log`).
    """

    scenario: str
    map: MapRef
    tables: TableRef
    units: tuple[Unit, ...]
    turns: int
    options: Options
    dice: DiceState
    seed: int | str | None = None
    setup: Any = None  # the Scenario itself when it has no file to load it from again

    def scenario_file(self) -> Any:
        """The game's :class:`~hexrules.game.scenario.Scenario` (``None`` without one): the
        one the game carries (built in memory, :meth:`Scenario.from_dict
        <hexrules.game.scenario.Scenario.from_dict>`), else its file loaded by name or path.

        >>> GameState.from_scenario("duel", seed=1).origin.scenario_file().turns
        6
        """
        from hexrules.game.scenario import scenario_of

        return scenario_of(self.scenario, self.setup)


def engaged_hexes(units: Iterable[Unit]) -> frozenset[Hex]:
    """Hexes holding units of both sides: close combat (V-10).

    >>> engaged_hexes([Unit("R1", "red", Hex(0, 0)), Unit("B1", "blue", Hex(0, 0)),
    ...                Unit("B2", "blue", Hex(1, 0))])
    frozenset({Hex(0, 0)})
    """
    red, blue = set(), set()
    for u in units:
        (red if u.side is Side.RED else blue).add(u.hex)
    return frozenset(red & blue)


@dataclass(frozen=True)
class GameState:
    """One moment of a game: a frozen value (see the module docstring).

    Build the first state with :meth:`new` or :meth:`from_scenario`; every later state comes
    from :meth:`apply`. Fields are read-only; ``units`` are the units on the board in set-up
    order (destroyed units move to ``losses``).
    """

    origin: GameOrigin
    units: tuple[Unit, ...]
    losses: tuple[Unit, ...]
    turn: int
    phase: Phase
    to_act: Side | None
    initiative: Side | None
    passes: int
    move: MoveInProgress | None
    window: ReactionWindow | None
    melee: CloseCombat | None
    pending: tuple[Hex, ...]
    stalemates: tuple[Hex, ...]
    dice: DiceState
    log: tuple[GameRecord, ...]
    score: Any = None
    cards: CardState = CardState()
    hexmap: HexMap = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    tables: TableSet = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    # -- starting a game ----------------------------------------------------------------
    @classmethod
    def new(cls, hexmap: HexMap, units: Iterable[Unit] | Mapping[str, Unit], *, turns: int,
            seed: int | str | None = None, dice: DiceSource | None = None,
            options: Options | None = None, tables: TableSet | None = None,
            scenario: Any = "") -> GameState:
        """A new game on ``hexmap`` with ``units`` for ``turns`` turns, at the start of turn 1.

        The preparation phase (T-1) and the initiative d6 of the direct-fire phase (T-2) are
        done at once, so the state returned waits for the first side's order.

        Parameters
        ----------
        hexmap : HexMap
        units : Units or a mapping id → Unit
            The starting units, in set-up order; ids must be unique, hexes on the map and
            enterable.
        turns : int
            How many turns the game lasts (§9).
        seed : int or str, optional
            Seed of the game's :class:`~hexrules.dice.Dice` (drawn if neither it nor
            ``dice`` is given).
        dice : DiceSource, optional
            Dice to use instead (e.g. :class:`~hexrules.dice.ScriptedDice` in a lesson).
        options : Options, optional
        tables : TableSet, optional
            The rule tables (default set).
        scenario : str or Scenario
            The scenario's name (a shipped one or a file's path), for the log and the score;
            or a :class:`~hexrules.game.scenario.Scenario` with no file, which the game then
            carries (in its log and its saved file).

        Examples
        --------
        >>> from hexrules import Hex, HexMap, ScriptedDice, Unit
        >>> s = GameState.new(HexMap.flat(6, 4), [Unit("R1", "red", Hex(0, 1))], turns=1,
        ...                   dice=ScriptedDice([3]))
        >>> s.initiative, s.log[0].rolls[0].rule
        (Side.RED, 'T-2')
        """
        from hexrules.game.engine import start

        if not isinstance(hexmap, HexMap):
            raise RulesTypeError(f"a game needs a HexMap, got {type(hexmap).__name__}")
        table_set = load_tables() if tables is None else tables
        if not isinstance(table_set, TableSet):
            raise RulesTypeError(f"tables must be a TableSet, got {type(tables).__name__}")
        items = list(units.values() if isinstance(units, Mapping) else units)
        _check_setup(hexmap, items, table_set)
        if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
            raise RulesError(f"a game lasts a whole number of turns >= 1, got {turns!r} (§9)")
        opts = Options() if options is None else options
        if not isinstance(opts, Options):
            raise RulesTypeError(f"options must be an Options, got {options!r}")
        if dice is None:
            dice = Dice(seed)
            seed = dice.seed
        elif not isinstance(dice, DiceSource):
            raise RulesTypeError(f"dice must be a Dice or ScriptedDice, got {dice!r} (T-6)")
        elif seed is not None:
            raise RulesError("give either seed= or dice=, not both (T-6)")
        elif isinstance(dice, Dice):
            seed = dice.seed
        from hexrules.game.scenario import Scenario

        setup = None
        if isinstance(scenario, Scenario):
            setup, scenario = scenario, scenario.name.en or "scenario"
        if not isinstance(scenario, str):
            raise RulesTypeError(f"scenario must be a name (str) or a Scenario, got "
                                 f"{scenario!r}")
        dstate = dataclasses.replace(dice.getstate(), log=())
        origin = GameOrigin(scenario, MapRef.of(hexmap), TableRef.of(table_set), tuple(items),
                            turns, opts, dstate, seed, setup)
        return start(origin, hexmap, table_set)

    @classmethod
    def from_scenario(cls, scenario: Any, *, seed: int | str | None = None,
                      dice: DiceSource | None = None, options: Options | None = None
                      ) -> GameState:
        """A new game of a shipped scenario (``'duel'``…) or a loaded ``Scenario``.

        The scenario gives the map, the units, the turns, its referee options (``options``
        overrides them) and its seed (``seed`` or ``dice`` override it). The game records
        the scenario by the name given (or the loaded scenario's file), so the end of the
        game is scored by :meth:`Scenario.score <hexrules.game.scenario.Scenario.score>`. A
        scenario with no file (built by :meth:`Scenario.from_dict
        <hexrules.game.scenario.Scenario.from_dict>`) is kept whole in the game's origin
        (:attr:`GameOrigin.setup`), so its saved games and replays are scored by it too.

        Examples
        --------
        >>> s = GameState.from_scenario("duel", seed=1)
        >>> s.scenario, s.turns, [u.id for u in s.units]
        ('duel', 6, ['R1', 'B1'])
        """
        from hexrules.game.scenario import Scenario

        sc = Scenario.load(scenario) if isinstance(scenario, str) else scenario
        if not isinstance(sc, Scenario):
            raise RulesTypeError(f"a scenario is a name like 'duel' or a Scenario, got "
                                 f"{scenario!r}")
        opts = options if options is not None else _scenario_options(sc)
        if seed is None and dice is None:
            seed = sc.seed
        # a shipped scenario by its name; a file of one's own by its full path, so a game
        # saved in one folder opens (for its review) from another; one built in memory
        # travels with the game
        name: Any = scenario if isinstance(scenario, str) and scenario in \
            Scenario.available() else _full_path(sc.source)
        if name == sc.source and not Path(name).is_file():
            name = sc
        return cls.new(sc.hexmap(), sc.units(), turns=sc.turns, seed=seed, dice=dice,
                       options=opts, scenario=name)

    # -- reading ------------------------------------------------------------------------
    @cached_property
    def unit_map(self) -> Mapping[str, Unit]:
        """The units on the board by id (set-up order)."""
        return {u.id: u for u in self.units}

    def unit(self, unit_id: str) -> Unit:
        """The unit ``unit_id`` on the board; :class:`~hexrules.errors.IllegalOrderError`
        naming the units if there is none (a destroyed unit is off the board)."""
        from hexrules.game.checks import no_such_unit

        try:
            return self.unit_map[unit_id]
        except (KeyError, TypeError):
            raise no_such_unit(self, unit_id) from None

    def units_of(self, side: Side | str) -> tuple[Unit, ...]:
        """The units of one side on the board."""
        s = Side.parse(side)
        return tuple(u for u in self.units if u.side is s)

    @cached_property
    def engaged(self) -> frozenset[Hex]:
        """Hexes holding both sides: in close combat (V-10)."""
        return engaged_hexes(self.units)

    @property
    def options(self) -> Options:
        """The referee options."""
        return self.origin.options

    @property
    def turns(self) -> int:
        """How many turns the game lasts."""
        return self.origin.turns

    @property
    def scenario(self) -> str:
        """The scenario's name (``''`` for a game built with :meth:`new`)."""
        return self.origin.scenario

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    # -- orders -------------------------------------------------------------------------
    def legal_orders(self) -> LegalOrders:
        """Every legal order of the side to act, reactions included (a lazy sequence)."""
        from hexrules.game.legal import legal_orders

        return legal_orders(self)

    def verify(self, order: Order) -> None:
        """Raise the project's error naming the unit, the hexes and the rule if ``order`` is
        illegal now; return ``None`` if it may be applied."""
        from hexrules.game.engine import verify

        verify(self, order)

    def can(self, order: Order) -> bool:
        """Whether :meth:`verify` accepts ``order``."""
        from hexrules.game.engine import can

        return can(self, order)

    def apply(self, order: Order) -> tuple[GameState, GameRecord]:
        """The state after ``order`` and the record of what happened; raises (and changes
        nothing) if the order is illegal."""
        from hexrules.game.engine import apply

        return apply(self, order)

    def view(self, side: Side | str) -> View:
        """What ``side`` may know of this state (fog of war, if the options say so)."""
        from hexrules.game.view import view

        return view(self, side)

    def game_log(self) -> GameLog:
        """The game's log: how it began and every record (see :mod:`hexrules.game.log`)."""
        from hexrules.game.log import GameLog

        return GameLog.of(self)

    def clone(self) -> GameState:
        """An equal, independent state: the same orders give the same future.

        >>> from hexrules import Hex, HexMap, Unit
        >>> from hexrules.game import Pass
        >>> s = GameState.new(HexMap.flat(4, 4), [Unit("R1", "red", Hex(0, 0))], turns=1,
        ...                   seed=5)
        >>> c = s.clone()
        >>> c == s, c.apply(Pass())[1] == s.apply(Pass())[1]
        (True, True)
        """
        return dataclasses.replace(self)

    # -- the dice -----------------------------------------------------------------------
    def _take_dice(self) -> DiceSource:
        """A dice source positioned at :attr:`dice` (the live one if it is still unused)."""
        live = self.__dict__.pop("_live_dice", None)
        if live is not None:
            return live
        return DiceSource.from_state(self.dice)

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dictionary (``format``, ``schema_version``, every field, the log)."""
        out: dict[str, Any] = {"format": FORMAT, "schema_version": SCHEMA_VERSION}
        for f in dataclasses.fields(self):
            if f.compare:
                out[f.name] = encode(getattr(self, f.name))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, hexmap: HexMap | None = None,
                  tables: TableSet | None = None) -> GameState:
        """The state of a :meth:`to_dict` dictionary.

        The map is resolved from its reference (``hexmap`` if given and matching, else a
        live or re-loaded copy) and the tables likewise.

        Raises
        ------
        GameFormatError
            Naming the bad entry (unknown format or version, a missing field, a bad value).
        """
        if not isinstance(data, Mapping):
            raise GameFormatError(f"a saved game is a JSON object, got {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise GameFormatError(f"not a saved game: format {data.get('format')!r}, "
                                  f"expected {FORMAT!r}")
        if data.get("schema_version") != SCHEMA_VERSION:
            raise GameFormatError(f"saved game schema_version {data.get('schema_version')!r} "
                                  f"is not supported (this version reads {SCHEMA_VERSION})")
        names = [f.name for f in dataclasses.fields(cls) if f.compare]
        if "cards" not in data:  # a game saved before the cards: none were played
            data = {**data, "cards": encode(CardState())}
        missing = [n for n in names if n not in data]
        unknown = sorted(set(data) - set(names) - {"format", "schema_version"})
        if missing or unknown:
            raise GameFormatError(f"saved game: missing {', '.join(missing) or 'nothing'}, "
                                  f"unknown {', '.join(unknown) or 'nothing'}")
        values: dict[str, Any] = {}
        for n in names:
            try:
                values[n] = decode(data[n])
            except (RecordFormatError, RulesError, TypeError, ValueError) as exc:
                raise GameFormatError(f"saved game, entry {n!r}: {exc}") from None
        origin = values["origin"]
        if not isinstance(origin, GameOrigin):
            raise GameFormatError(f"saved game, entry 'origin': not a GameOrigin: {origin!r}")
        live_map = origin.map.resolve(hexmap)
        table_set = tables if tables is not None else origin.tables.resolve()
        return cls(**values, hexmap=live_map, tables=table_set)

    def serialize(self) -> str:
        """The saved game as JSON text (OpenSpiel's ``serialize``; :meth:`to_dict` dumped).

        >>> from hexrules import Hex, HexMap, Unit
        >>> s = GameState.new(HexMap.flat(4, 4), [Unit("R1", "red", Hex(0, 0))], turns=1,
        ...                   seed=2)
        >>> GameState.deserialize(s.serialize()) == s
        True
        """
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def deserialize(cls, text: str, *, hexmap: HexMap | None = None,
                    tables: TableSet | None = None) -> GameState:
        """The state of :meth:`serialize` text (see :meth:`from_dict`)."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise GameFormatError(f"a saved game is JSON text: {exc}") from None
        return cls.from_dict(data, hexmap=hexmap, tables=tables)

    def __repr__(self) -> str:
        try:
            from hexrules.render.text import game_state_summary

            return f"<GameState {game_state_summary(self)}>"
        except Exception:  # pragma: no cover - a repr never fails
            return object.__repr__(self)

    def __str__(self) -> str:
        from hexrules.render.text import game_state_text

        return game_state_text(self)

    def _repr_html_(self) -> str:
        from hexrules.render.html import game_state_html

        return game_state_html(self)


def _scenario_options(sc: Any) -> Options:
    """The referee options a scenario file asks for (``fog_of_war``, ``paper_table``,
    ``cards``)."""
    return Options(referee=Referee.PAPER if sc.paper_table else Referee.STRICT,
                   fog_of_war=bool(sc.fog_of_war), cards=bool(getattr(sc, "cards", True)))


def _check_setup(hexmap: HexMap, units: list[Unit], tables: TableSet) -> None:
    seen: set[str] = set()
    for u in units:
        if not isinstance(u, Unit):
            raise RulesTypeError(f"a game's units must be Units, got {u!r}")
        if u.id in seen:
            raise RulesError(f"unit id {u.id!r} is used twice: ids must be unique (C-1)")
        seen.add(u.id)
        if u.hex not in hexmap:
            raise RulesError(f"unit {u.id} starts off the map {hexmap.name!r} at {u.hex!r} "
                             f"(M-1)")
        if not tables.terrain[hexmap.terrain_at(u.hex)].enterable:
            raise RulesError(f"unit {u.id} starts in water at {hexmap.name_of(u.hex)} (V-1)")
        if u.destroyed:
            raise RulesError(f"unit {u.id} starts destroyed (C-3)")
        tables.units.type_of(u)  # an unknown type names units.toml


register(GameOrigin, DiceState)


def _full_path(source: str) -> str:
    """A shipped scenario file's name, another file's absolute path (``'<dict>'`` as it is)."""
    from hexrules.game.scenario import SCENARIOS_DIR

    p = Path(source)
    if p.suffix != ".json" or not p.exists():
        return source
    p = p.resolve()
    return p.stem if p.parent == Path(SCENARIOS_DIR).resolve() else str(p)
