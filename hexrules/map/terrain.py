"""Terrain types of a hex (RULES.md M-5) with bilingual labels.

>>> Terrain.CITY.label
'City 居民地'
>>> Terrain.from_code('F')
<Terrain.FOREST: 2>
>>> Terrain.FOREST.sight_bonus
1
"""

from __future__ import annotations

from enum import IntEnum

from hexrules.errors import MapFormatError

__all__ = ["Terrain"]


class Terrain(IntEnum):
    """Base terrain of a hex (M-5). The integer values are the codes stored in map arrays."""

    OPEN = 0
    CITY = 1
    FOREST = 2
    WATER = 3

    @property
    def code(self) -> str:
        """One-letter code used in map files: ``.`` open, ``C`` city, ``F`` forest, ``W`` water."""
        return _CODES[self]

    @property
    def label(self) -> str:
        """English name with the Chinese term, e.g. ``'Forest 丛林地'``."""
        return _LABELS[self]

    @property
    def sight_bonus(self) -> int:
        """Levels added to the elevation for sight (L-2): +1 for city and forest."""
        return 1 if self in (Terrain.CITY, Terrain.FOREST) else 0

    @classmethod
    def from_code(cls, code: str) -> Terrain:
        """The terrain of a one-letter map-file code.

        Raises
        ------
        MapFormatError
            For an unknown code; the message lists the valid ones.

        Examples
        --------
        >>> Terrain.from_code("W")
        <Terrain.WATER: 3>
        >>> Terrain.from_code("X")
        Traceback (most recent call last):
        ...
        hexrules.errors.MapFormatError: unknown terrain code 'X': use '.' open, 'C' city, ...
        """
        try:
            return _FROM_CODE[code]
        except KeyError:
            raise MapFormatError(
                f"unknown terrain code {code!r}: use '.' open, 'C' city, 'F' forest, 'W' water"
            ) from None


_CODES = {Terrain.OPEN: ".", Terrain.CITY: "C", Terrain.FOREST: "F", Terrain.WATER: "W"}
_FROM_CODE = {v: k for k, v in _CODES.items()}
_LABELS = {
    Terrain.OPEN: "Open 开阔地",
    Terrain.CITY: "City 居民地",
    Terrain.FOREST: "Forest 丛林地",
    Terrain.WATER: "Water 面状水系",
}
