"""The exception tree of hexrules.

Every error a user can provoke is a :class:`RulesError`, itself a :class:`ValueError`, so
``except ValueError`` still catches everything. Messages name the offending input and, where
a rule is involved, its rule ID from the rules reference ``docs/rules.md``.

An argument of the wrong *type* (a string where a :class:`~hexrules.map.hexgrid.Hex` is
needed, a float coordinate) raises :class:`RulesTypeError`, which is both a
:class:`RulesError` and a :class:`TypeError`: ``except TypeError`` and ``except RulesError``
both catch it. :class:`CoordinateTypeError` is the same for coordinates, and also a
:class:`CoordinateError`.

Examples
--------
>>> from hexrules.errors import CoordinateError, RulesError
>>> issubclass(CoordinateError, RulesError) and issubclass(RulesError, ValueError)
True
>>> issubclass(CoordinateTypeError, CoordinateError) and issubclass(CoordinateTypeError, TypeError)
True
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error raised by hexrules."""


class RulesTypeError(RulesError, TypeError):
    """An argument of the wrong type; also a :class:`TypeError`."""


class CoordinateError(RulesError):
    """A malformed hex coordinate or military coordinate name (M-2)."""


class CoordinateTypeError(CoordinateError, RulesTypeError):
    """A coordinate of the wrong type (a float, a string where a Hex is needed)."""


class OffMapError(CoordinateError):
    """A well-formed coordinate that names a hex outside the map."""


class MapFormatError(RulesError):
    """A map file that does not follow the documented format.

    The message names the file and the bad entry.
    """


class MapEditError(MapFormatError):
    """A map edit (:mod:`hexrules.map.edit`) the map-file format forbids: a level outside
    0…32000 (M-4), a river on two hexes that share no hexside (M-6), a road into water (V-1),
    a hex off the map. The map is left unchanged.

    The message names the edit, what is wrong and the rule; the attributes say the same as
    values, for a widget: ``edit`` (the edit refused, or ``None``), ``rule`` (the rule ID)
    and ``reason`` (the words after the edit).
    """

    edit: object = None
    rule: str | None = None
    reason: str = ""

    def __init__(self, message: str, *, edit: object = None, rule: str | None = None,
                 reason: str = "") -> None:
        super().__init__(message)
        self.edit = edit
        self.rule = rule
        self.reason = reason or message


class MapNotFoundError(MapFormatError, FileNotFoundError):
    """No map file at the path or name given; also a :class:`FileNotFoundError`."""


class MapMakingError(RulesError):
    """An input the map maker (:mod:`hexrules.mapmaking`) cannot turn into a map: a window
    outside the DEM, a DEM without a coordinate reference system, a level count the map format
    cannot hold, a bad overlay feature.

    The message names the input; the attribute ``input`` names it as a value (``"window"``,
    ``"dem"``, ``"metres_per_level"``, ``"overlay"`` …) for a command line or a widget.
    """

    input: str | None = None

    def __init__(self, message: str, *, input: str | None = None) -> None:  # noqa: A002
        super().__init__(message)
        self.input = input


class ScenarioFormatError(RulesError):
    """A scenario file (``maps/scenarios/*.json``, §9) that does not follow its format, or a
    scenario whose set-up or objectives break the rules (water, stacking, unknown units).

    The message names the file and the bad entry, e.g.
    ``duel.json: sides.red.units[1].hex: '4563ZZ' is not a hex of map 'training' …``.
    The attributes say the same as values, for a widget or an editor: ``entry`` (the bad
    entry, e.g. ``'turns'``, or ``None``) and ``problem`` (the words after it).
    """

    entry: str | None = None
    problem: str = ""

    def __init__(self, message: str, *, entry: str | None = None, problem: str = "") -> None:
        super().__init__(message)
        self.entry = entry
        self.problem = problem or message


class ScenarioEditError(ScenarioFormatError):
    """A scenario edit (:mod:`hexrules.game.scenario_edit`) the scenario format forbids: a
    unit on water, a fifth unit in a hex, the last unit of a side removed…; nothing changes.

    The message names the edit, the entry and the problem; ``edit`` is the edit refused,
    ``rule`` the rule ID the problem cites (``'§9'`` when it cites none) and ``reason`` the
    words after the edit.
    """

    edit: object = None
    rule: str = "§9"
    reason: str = ""

    def __init__(self, message: str, *, edit: object = None, rule: str = "§9",
                 reason: str = "", entry: str | None = None) -> None:
        super().__init__(message, entry=entry, problem=reason)
        self.edit = edit
        self.rule = rule
        self.reason = reason or message


class ScenarioNotFoundError(ScenarioFormatError, FileNotFoundError):
    """No scenario file at the path or name given; also a :class:`FileNotFoundError`."""


class TableFormatError(RulesError):
    """A rule-table file that does not follow its schema (file, table, row, column).

    The attributes ``file``, ``table``, ``row`` and ``column`` say where (``None`` if unknown).
    """

    file: str | None = None
    table: str | None = None
    row: object = None
    column: object = None


class TableLookupError(RulesError):
    """A look-up a rule table has no entry for (a level beyond the table, an unknown gun)."""


class TableKeyError(TableLookupError, KeyError):
    """An unknown key of a rule table's mapping; also a :class:`KeyError`, so ``.get`` works."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class DiceExhaustedError(RulesError):
    """A scripted dice source was asked for more rolls than it was given (T-6)."""


class ReplayDivergedError(RulesError):
    """Dice replaying a logged game were asked for another roll than the log holds (T-6).

    The message names the roll number, the logged rule and purpose, and what was asked.
    """


class IllegalOrderError(RulesError):
    """An order or declaration the rules forbid; the state is left unchanged."""


class NoLineOfSightError(IllegalOrderError):
    """A declaration that needs line of sight where there is none (F-1, L-…)."""


class IllegalMoveError(IllegalOrderError):
    """A step or a move the movement rules forbid (V-1…V-11, M-1); nothing is changed.

    The message names both hexes of the step by their military names (M-2), the reason and
    the rule ID; for a step of a path it starts with the step's position
    (``"step 3, 4563GH → 4563GJ: …"``). The attributes say the same as values, for widgets
    and an AI: ``rule`` (the rule ID), ``reason`` (the words after the hexes), ``hexes`` (the
    step's two hexes, or the one hex concerned) and ``step`` (its 1-based position in a path,
    ``None`` for a single step).
    """

    rule: str | None = None
    reason: str = ""
    hexes: tuple[object, ...] = ()
    step: int | None = None


class OneOrderError(IllegalOrderError):
    """An order for a unit that has already taken its one order this turn (C-4, F-1).

    The paper-table referee option treats it as a breach (违规) instead: the order fails and
    the side's slot is spent.
    """


class OutOfTurnError(IllegalOrderError):
    """An order given out of turn: the wrong phase, the wrong side, or while another decision
    is pending (a reaction window, a move in progress, the game over; T-1…T-5, V-4…V-9)."""


class GameFormatError(RulesError):
    """A saved game or game log that cannot be read back (names the entry)."""


class OverspendError(IllegalMoveError):
    """A step that would spend more movement points than are left (V-5).

    The paper-table referee option applies the rulebook's penalty instead of refusing it.
    """


class CardError(IllegalOrderError):
    """An event card used wrongly (§7, E-1…E-7): a card the side does not hold or has spent,
    one whose turn is over, a repair of an undamaged unit, a fire plan off the map, an
    enhancement named for a unit that is not firing. The message names the card's rule."""
