"""Dice typed in by hand (T-6): a class rolls real dice and the instructor types the faces.

:class:`TypedDice` is a :class:`~hexrules.dice.ScriptedDice` whose faces come from what was
typed so far. When an adjudication asks for a roll no face was typed for yet, it raises
:class:`FacesNeeded` — naming the rule, the purpose and how many dice to roll — and rolls
nothing (all or nothing, like every dice source). The caller asks the class to roll them,
:meth:`TypedDice.enter` checks what was typed (:func:`parse_faces`: whole numbers 1–6, the
right count; a clear error otherwise, and nothing changes), and the adjudication is run again
from the start with the faces known so far. Adjudication is deterministic, so each run repeats
the same rolls until the next one that is needed.

Examples
--------
>>> from hexrules import Hex, HexMap, Unit, adjudicate_fire
>>> m = HexMap.flat(30, 3)
>>> r1, b1 = Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(18, 1))
>>> typed = TypedDice()
>>> try:
...     adjudicate_fire(m, r1, b1, dice=typed.fresh())
... except FacesNeeded as exc:
...     need = exc
>>> need.rule, need.purpose, need.count
('F-6', '2d6 R1→B1', 2)
>>> typed.enter("5 6", need)
(5, 6)
>>> try:                                  # 11 at level 9: K, so the armour d6 is needed
...     adjudicate_fire(m, r1, b1, dice=typed.fresh())
... except FacesNeeded as exc:
...     need = exc
>>> str(need)
'roll a d6 for F-8 armour d6 R1→B1 and type the face (roll #3; T-6)'
>>> typed.enter("5", need), adjudicate_fire(m, r1, b1, dice=typed.fresh()).result
((5,), Result.K)
>>> typed.enter("7", need)
Traceback (most recent call last):
...
hexrules.errors.RulesError: '7' is not a die face: type whole numbers 1-6 (T-6)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hexrules.dice.sources import ScriptedDice
from hexrules.errors import DiceExhaustedError, RulesError, RulesTypeError

__all__ = ["FacesNeeded", "TypedDice", "parse_faces"]

_SEP = re.compile(r"[\s,;+/]+")


class FacesNeeded(DiceExhaustedError):
    """An adjudication needs a roll that has not been typed in yet (T-6).

    Attributes
    ----------
    rule : str
        The rule that rolls (``'F-6'``).
    purpose : str
        What the roll is for (``'2d6 R1→B1'``).
    count : int
        How many dice to roll at once (2 for 2d6).
    position : int
        How many faces were typed before this roll.
    """

    def __init__(self, rule: str, purpose: str, count: int, position: int) -> None:
        self.rule, self.purpose, self.count, self.position = rule, purpose, count, position
        dice = "a d6" if count == 1 else f"{count}d6"
        super().__init__(f"roll {dice} for {rule} {purpose} and type the face"
                         f"{'' if count == 1 else 's'} (roll #{position + 1}; T-6)")


def parse_faces(text: str, count: int | None = None) -> tuple[int, ...]:
    """The die faces in ``text`` (``"3 5"``, ``"3,5"``; ``"35"`` for two dice), checked.

    Parameters
    ----------
    text : str
        What the instructor typed.
    count : int, optional
        How many faces are expected.

    Raises
    ------
    RulesError
        A token that is not a whole number 1–6, or the wrong number of faces.

    Examples
    --------
    >>> parse_faces("3 5"), parse_faces("3, 5", 2), parse_faces("35", 2), parse_faces(" 4 ", 1)
    ((3, 5), (3, 5), (3, 5), (4,))
    >>> parse_faces("3", 2)
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesError: type 2 faces, got 1: '3' (T-6)
    >>> parse_faces("three")
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesError: 'three' is not a die face: type whole numbers 1-6 (T-6)
    """
    if not isinstance(text, str):
        raise RulesTypeError(f"typed faces must be a str, got {text!r}")
    tokens = [t for t in _SEP.split(text.strip()) if t]
    if count is not None and count > 1 and len(tokens) == 1 and len(tokens[0]) == count \
            and tokens[0].isdigit():
        tokens = list(tokens[0])  # "35": two dice typed without a space
    faces = []
    for t in tokens:
        if not (t.isdigit() and 1 <= int(t) <= 6):
            raise RulesError(f"{t!r} is not a die face: type whole numbers 1-6 (T-6)")
        faces.append(int(t))
    if not faces:
        raise RulesError("no face typed: type the faces rolled, e.g. 3 5 (T-6)")
    if count is not None and len(faces) != count:
        raise RulesError(f"type {count} face{'' if count == 1 else 's'}, got {len(faces)}: "
                         f"{text.strip()!r} (T-6)")
    return tuple(faces)


class _Run(ScriptedDice):
    """One run of an adjudication over the faces typed so far."""

    def _draw(self, rule: str, purposes: list[str]) -> tuple[int, ...]:
        if self._pos + len(purposes) > len(self.script):
            base = purposes[0].rsplit(" (die ", 1)[0] if len(purposes) > 1 else purposes[0]
            raise FacesNeeded(rule, base, len(purposes), self._pos)
        return super()._draw(rule, purposes)


class TypedDice:
    """The faces typed in by hand, roll by roll; :meth:`fresh` gives dice for one run.

    Parameters
    ----------
    faces : iterable of int
        Faces already typed (default none).

    Examples
    --------
    >>> t = TypedDice([3])
    >>> t.fresh().d6("F-8", "armour d6 B1"), t.faces
    (3, (3,))
    >>> t.fresh().roll(2, "F-6", "2d6")
    Traceback (most recent call last):
    ...
    hexrules.dice.typed.FacesNeeded: roll 2d6 for F-6 2d6 and type the faces (roll #1; T-6)
    """

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self.faces: tuple[int, ...] = tuple(ScriptedDice(faces).script)  # checks the faces

    def fresh(self) -> ScriptedDice:
        """Dice replaying the typed faces; past them a roll raises :class:`FacesNeeded`."""
        return _Run(self.faces)

    def enter(self, text: str, need: FacesNeeded | None = None) -> tuple[int, ...]:
        """Add the faces typed for ``need`` (checked: right count, 1–6); nothing changes on error.

        Without ``need`` any number of faces is accepted.
        """
        faces = parse_faces(text, None if need is None else need.count)
        self.faces = (*self.faces, *faces)
        return faces

    def undo(self, n: int = 1) -> None:
        """Forget the last ``n`` faces typed (a typing slip)."""
        self.faces = self.faces[: max(0, len(self.faces) - n)]

    def __repr__(self) -> str:
        return f"TypedDice({list(self.faces)!r})"
