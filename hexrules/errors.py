"""The exception tree of hexrules.

Every error a user can provoke is a :class:`RulesError`, itself a :class:`ValueError`, so
``except ValueError`` still catches everything. Messages name the offending input and, where
a rule is involved, its rule ID from the rules reference ``docs/rules.md``.

Examples
--------
>>> from hexrules.errors import CoordinateError, RulesError
>>> issubclass(CoordinateError, RulesError) and issubclass(RulesError, ValueError)
True
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error raised by hexrules."""


class CoordinateError(RulesError):
    """A malformed hex coordinate or military coordinate name (M-2)."""


class OffMapError(CoordinateError):
    """A well-formed coordinate that names a hex outside the map."""


class MapFormatError(RulesError):
    """A map file that does not follow the documented format.

    The message names the file and the bad entry.
    """


class TableFormatError(RulesError):
    """A rule-table file that does not follow its schema (file, table, row, column)."""


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
