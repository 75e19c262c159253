"""The artillery table (rules A-6, A-7): attack level by gun and ring, armour values.

The file is ``artillery.toml``; its results use the F-6 table (combat_results.toml) until an
official artillery combat result table is supplied **[house value]**.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hexrules.errors import RulesTypeError, TableLookupError
from hexrules.tables._validate import (
    Cell,
    Entries,
    Named,
    TableMeta,
    _armour,
    _int,
    _keys,
    _meta,
    _text,
    _Where,
)

__all__ = ["ArtilleryTable", "Gun"]

#: The rings a gun attacks (A-5): the impact hex, the adjacent hexes, the hexes two away.
RINGS = (0, 1, 2)


@dataclass(frozen=True)
class Gun(Named):
    """One artillery gun type (A-6, A-7), e.g. label ``'155 mm gun-howitzer 155加榴炮'``.

    ``levels`` are the attack levels on rings 0, 1, 2; ``armour`` maps every armour class of
    units.toml to the A-7 armour value (a d6 ≤ it turns K into S).
    """

    levels: tuple[int, int, int]
    armour: Mapping[str, int]


@dataclass(frozen=True)
class ArtilleryTable:
    """A-6 levels by gun and ring, A-7 armour values; results use the F-6 table (house value).

    Examples
    --------
    >>> from hexrules.tables import load_tables
    >>> a = load_tables().artillery
    >>> a.guns["155"].levels, a.guns["122"].armour["medium"]
    ((7, 4, 2), 3)
    >>> a.battery_guns, a.normal_delay, a.cancel_face
    (6, 2, 6)
    >>> str(a.lookup("122", 1))
    'A-6 row 122, column ring 1 → 3'
    """

    meta: TableMeta
    guns: Mapping[str, Gun]
    #: Guns in the battery an artillery card brings (``[battery] guns``, A-1; rulebook 6).
    battery_guns: int = 6
    #: Turns from calling the fire to its arrival (``[battery] delay``, A-1; rulebook 2).
    normal_delay: int = 2
    #: The abnormal-delay d6 face that cancels a gun (``[battery] cancel_face``, A-2;
    #: rulebook 6; 0: never cancelled).
    cancel_face: int = 6

    def lookup(self, gun: str, ring: int) -> Cell:
        """The A-6 cell: the attack level of ``gun`` on ``ring`` 0, 1 or 2 (A-5).

        Raises
        ------
        TableKeyError
            For a gun the table does not list.
        TableLookupError
            For a ring other than 0, 1, 2.
        RulesTypeError
            If ``ring`` is not an integer.

        Examples
        --------
        >>> from hexrules.tables import load_tables
        >>> load_tables().artillery.lookup("155", 3)
        Traceback (most recent call last):
        ...
        hexrules.errors.TableLookupError: A-6 (artillery.toml): ring 3 does not exist: a gun \
attacks rings 0, 1, 2 (A-5)
        """
        g = self.guns[gun]
        if isinstance(ring, bool) or not isinstance(ring, int):
            raise RulesTypeError(f"A-6: a ring is an integer 0, 1 or 2, got {ring!r}")
        if ring not in RINGS:
            raise TableLookupError(
                f"A-6 (artillery.toml): ring {ring} does not exist: a gun attacks rings "
                "0, 1, 2 (A-5)"
            )
        return Cell(self.meta.rule, self.meta.name, g.id, f"ring {ring}", g.levels[ring])


def parse_artillery(where: _Where, data: Mapping[str, Any], max_level: int,
                    armour_classes: Mapping[str, str]) -> ArtilleryTable:
    """Read artillery.toml (A-6, A-7): levels 0 to ``max_level``, one armour value per class."""
    meta = _meta(where, data, "A-6")
    _keys(where, "-", data, {"meta", "gun"}, frozenset({"battery"}))
    # [battery] may be left out (an older file): the rulebook's 6 guns, 2 turns, face 6
    battery = data.get("battery", {"guns": 6, "delay": 2, "cancel_face": 6})
    if not isinstance(battery, Mapping):
        raise where.fail("battery", "-", "expected a [battery] table: guns, delay, cancel_face")
    _keys(where, "battery", battery, {"guns", "delay", "cancel_face"})
    n_guns = _int(where, "battery", "guns", battery["guns"], 1, 12)
    delay = _int(where, "battery", "delay", battery["delay"], 1, 10)
    cancel = _int(where, "battery", "cancel_face", battery["cancel_face"], 0, 6)
    raw = data["gun"]
    if not isinstance(raw, list) or not raw:
        raise where.fail("gun", "-", "expected at least one [[gun]]")
    guns: dict[str, Gun] = {}
    for i, g in enumerate(raw, 1):
        row = f"gun {i}"
        _keys(where, row, g, {"id", "name", "name_zh", "levels", "armour"})
        for key in ("id", "name", "name_zh"):
            _text(where, row, key, g[key])
        if g["id"] in guns:
            raise where.fail(row, "id", f"duplicate gun id {g['id']!r}")
        lv = g["levels"]
        if not isinstance(lv, list) or len(lv) != len(RINGS):
            raise where.fail(row, "levels", "expected 3 levels: ring 0, ring 1, ring 2")
        levels = tuple(_int(where, row, f"levels[ring {k}]", v, 0, max_level)
                       for k, v in enumerate(lv))
        armour = _armour(where, f"{row} armour", g["armour"], armour_classes)
        guns[g["id"]] = Gun(
            g["id"], g["name"], g["name_zh"], levels,  # type: ignore[arg-type]
            Entries(armour, "armour class", f"{where.name} gun {g['id']!r} armour (A-7)"),
        )
    return ArtilleryTable(meta, Entries(guns, "gun", f"{where.name} (A-6)"), n_guns, delay,
                          cancel)
