"""Shared maps and helpers of the artillery tests (test_artillery.py, test_artillery_odds.py)."""

from __future__ import annotations

from hexrules import FirePlan, Hex, HexMap, Unit

FLAT = HexMap.flat(12, 12, name="artillery range")
T = Hex.from_offset(6, 5)  # the planned hex of the worked cases
E = 2  # direction east (M-3)


def board(rows: dict[int, str], cols: int = 9, n_rows: int = 9, name: str = "board") -> HexMap:
    """An open map with some rows replaced (``.`` open, ``C`` settlement, ``F`` forest)."""
    d = HexMap.flat(cols, n_rows, name=name).to_dict()
    for r, text in rows.items():
        d["terrain"][r] = text
    return HexMap.from_dict(d)


#: Centre (4, 4); a settlement west of it at (3, 4), a forest east at (5, 4), a forest two
#: away at (4, 2) and water two away at (4, 6) (offset col, row).
VILLAGE = board({2: "....F....", 4: "...C.F...", 6: "....W...."}, name="village")
C = Hex.from_offset(4, 4)


def plan(gun: str = "155", target: Hex = T, **kw: object) -> FirePlan:
    return FirePlan("red", gun, target, called=kw.pop("called", 1), **kw)  # type: ignore[arg-type]


def blue(uid: str, h: Hex, **kw: object) -> Unit:
    return Unit(uid, "blue", h, **kw)  # type: ignore[arg-type]
