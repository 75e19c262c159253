"""An undo history of values: the one undo / redo of the map and scenario editors.

Each step keeps an edit's record and the value after it; undoing moves the step to the redo
list, redoing moves it back, and a new step forgets the undone ones. The values are frozen
(maps, scenarios), so nothing is copied. Refusals are the editor's own error, built by the
``error`` function it passes (``MapEditError``, ``ScenarioEditError``).

Examples
--------
>>> h = UndoHistory("a", error=ValueError)
>>> h.push("edit 1", "ab"); h.push("edit 2", "abc")
>>> h.undo(), h.value, h.can_redo
('edit 2', 'ab', True)
>>> h.redo(), h.value, h.records
('edit 2', 'abc', ('edit 1', 'edit 2'))
>>> h.reset("z"); h.undo()
Traceback (most recent call last):
...
ValueError: nothing to undo: no edit has been made
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["UndoHistory"]

V = TypeVar("V")
R = TypeVar("R")


class UndoHistory(Generic[V, R]):
    """The value as edited so far, with the records of its edits, undo and redo.

    Parameters
    ----------
    start : V
        The value the history starts from.
    error : callable
        Builds the exception raised when there is nothing to undo or redo, from its message
        (called as ``error(message, reason=…)`` when it takes a ``reason``, else
        ``error(message)``).
    """

    def __init__(self, start: V, *, error: Callable[..., Exception]) -> None:
        self.start = start
        self._error = error
        self._done: list[tuple[R, V]] = []
        self._undone: list[tuple[R, V]] = []

    def __len__(self) -> int:
        return len(self._done)

    @property
    def value(self) -> V:
        """The value after every edit done (the start if none)."""
        return self._done[-1][1] if self._done else self.start

    @property
    def records(self) -> tuple[R, ...]:
        """The records of the edits done (undone ones left out), in order."""
        return tuple(r for r, _ in self._done)

    @property
    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone edit to redo."""
        return bool(self._undone)

    def push(self, record: R, after: V) -> None:
        """Keep an edit made: its record and the value after it; forget the undone ones."""
        self._done.append((record, after))
        self._undone.clear()

    def undo(self) -> R:
        """Undo the last edit; return its record."""
        if not self._done:
            raise self._refusal("nothing to undo: no edit has been made", "nothing to undo")
        item = self._done.pop()
        self._undone.append(item)
        return item[0]

    def redo(self) -> R:
        """Redo the last undone edit; return its record."""
        if not self._undone:
            raise self._refusal("nothing to redo: no edit has been undone", "nothing to redo")
        item = self._undone.pop()
        self._done.append(item)
        return item[0]

    def reset(self, start: V) -> None:
        """Start again from ``start`` with an empty history."""
        self.start = start
        self._done.clear()
        self._undone.clear()

    def _refusal(self, message: str, reason: str) -> Exception:
        try:
            return self._error(message, reason=reason)
        except TypeError:  # an exception type without a reason
            return self._error(message)
