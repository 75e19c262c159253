"""Terrain types of a hex (rules M-5) with bilingual labels.

The four types are fixed (a map stores their integer values); their map codes, labels and L-2
sight bonus are data, read from ``terrain.toml`` of the default table set
(:func:`hexrules.tables.default_tables`), the file the movement costs (V-1…V-3) live in too.

>>> Terrain.CITY.label
'Settlement 居民地'
>>> Terrain.from_code('F')
<Terrain.FOREST: 2>
>>> Terrain.FOREST.sight_bonus
1
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

from hexrules.errors import RulesError, RulesTypeError

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.tables.catalog import TerrainTable, TerrainType

__all__ = ["Terrain"]


class Terrain(IntEnum):
    """Base terrain of a hex (M-5). The integer values are the codes stored in map arrays."""

    OPEN = 0
    CITY = 1
    FOREST = 2
    WATER = 3

    @classmethod
    def _missing_(cls, value: object) -> Terrain:
        """``Terrain(9)`` raises the project's error listing the types (M-5).

        >>> Terrain(9)
        Traceback (most recent call last):
        ...
        hexrules.errors.RulesError: 9 is not a terrain type (M-5): 0 open, 1 city, 2 forest, \
3 water (Terrain.parse reads names and map codes)
        """
        types = ", ".join(f"{int(t)} {t.name.lower()}" for t in cls)
        raise RulesError(f"{value!r} is not a terrain type (M-5): {types} "
                         "(Terrain.parse reads names and map codes)")

    @property
    def info(self) -> TerrainType:
        """This type's entry in terrain.toml of the default set (codes, labels, costs).

        >>> Terrain.FOREST.info.entry_cost
        2
        """
        return _table().types[self]

    @property
    def code(self) -> str:
        """One-character map-file code: ``.`` open, ``C`` city, ``F`` forest, ``W`` water."""
        return self.info.code

    @property
    def label(self) -> str:
        """English name with the Chinese term, e.g. ``'Forest 丛林地'``."""
        return self.info.label

    @property
    def sight_bonus(self) -> int:
        """Levels added to the elevation for sight (L-2): +1 for city and forest."""
        return self.info.sight_bonus

    @classmethod
    def from_code(cls, code: str) -> Terrain:
        """The terrain of a one-character map-file code.

        Raises
        ------
        MapFormatError
            For an unknown code; the message lists the valid ones.
        RulesTypeError
            If ``code`` is not a string.

        Examples
        --------
        >>> Terrain.from_code("W")
        <Terrain.WATER: 3>
        >>> Terrain.from_code("X")
        Traceback (most recent call last):
        ...
        hexrules.errors.MapFormatError: unknown terrain code 'X': use '.' open, 'C' settlement, ...
        """
        return _table().from_code(code)

    @classmethod
    def parse(cls, value: Terrain | str | int) -> Terrain:
        """A terrain from a :class:`Terrain`, its value, its name (``'city'``), its map code
        (``'C'``) or its Chinese term (``'居民地'``).

        Raises
        ------
        RulesError
            For an unknown name; the message lists the valid ones.
        RulesTypeError
            For a value of another type.

        Examples
        --------
        >>> Terrain.parse("forest"), Terrain.parse("C"), Terrain.parse("面状水系"), Terrain.parse(0)
        (<Terrain.FOREST: 2>, <Terrain.CITY: 1>, <Terrain.WATER: 3>, <Terrain.OPEN: 0>)
        >>> Terrain.parse("swamp")
        Traceback (most recent call last):
        ...
        hexrules.errors.RulesError: unknown terrain 'swamp' (M-5): use open, city, forest, water \
(or a map code '.', 'C', 'F', 'W')
        """
        if isinstance(value, Terrain):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return cls(value)  # an unknown value raises RulesError (_missing_)
        elif isinstance(value, str):
            for t, tt in _table().types.items():
                if value.strip().lower() in (t.name.lower(), tt.name.lower(), tt.name_zh) \
                        or value == tt.code:
                    return t
        else:
            raise RulesTypeError(
                f"a terrain is a Terrain, a name like 'city' or a map code like 'C', "
                f"got {value!r}"
            )
        names = ", ".join(t.name.lower() for t in cls)
        codes = ", ".join(repr(t.code) for t in cls)
        raise RulesError(f"unknown terrain {value!r} (M-5): use {names} (or a map code {codes})")


_TABLE: list[TerrainTable] = []


def _table() -> TerrainTable:
    """terrain.toml of the default set, read once (imported here late: tables imports us)."""
    if not _TABLE:
        from hexrules.tables import default_tables

        _TABLE.append(default_tables().terrain)
    return _TABLE[0]
