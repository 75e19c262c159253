"""Build maps/training.json, the hand-designed 30 × 30 training map.

Run ``python scripts/make_training_map.py`` to regenerate it. The shapes are written out by
hand (no randomness) so that every line-of-sight case occurs on the map: L-3 clear and
blocked, L-4 both ways, L-5 with several change points, a hexside graze between two
different heights and a map-edge hexside (see ``maps/training.cases.json``; rerun
``scripts/find_sight_cases.py`` after changing the map).

Landscape (offset col, row; row 0 is the north edge):

* a hill in the north-east, peak level 5 around (23, 6);
* a north–south ridge of level 3 along col 9–10, rows 8–22, with a saddle (level 2) at row 15;
* the village of 李庄 Lizhuang (city) at level 1 around (15, 14);
* forest patches: a wood on the hill's west slope, a copse in the south, a line of trees;
* a lake in the south-west and a river from the lake running east along hexsides to the
  east edge, bridged by the road (桥, 道路过河处);
* a road from the west edge through the saddle and the village to the hill.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from hexrules import Hex, HexMap

ROWS = COLS = 30


def elevation() -> np.ndarray:
    e = np.zeros((ROWS, COLS), dtype=int)
    for row in range(ROWS):
        for col in range(COLS):
            # gentle rise to the north-east: level 1 plateau
            if col + (ROWS - row) > 34:
                e[row, col] = 1
            # the hill, peak (23, 6)
            d = Hex.from_offset(col, row).distance(Hex.from_offset(23, 6))
            e[row, col] = max(e[row, col], 5 - d // 2 if d <= 9 else 0)
            # the ridge, cols 9-10, rows 8-22, flanks level 1-2
            if 8 <= row <= 22:
                dc = min(abs(col - 9), abs(col - 10))
                ridge = 3 if dc == 0 else 2 if dc == 1 else 1 if dc == 2 else 0
                if row == 15:
                    ridge = min(ridge, 2)  # the saddle
                if row in (8, 22):
                    ridge = min(ridge, 2)
                e[row, col] = max(e[row, col], ridge)
    # the village plateau
    for row in range(12, 17):
        for col in range(13, 19):
            e[row, col] = max(e[row, col], 1)
    # a single knoll in the south-east, level 2 (an L-4 teaching case)
    for h in Hex.from_offset(22, 23).spiral(1):
        col, row = h.to_offset()
        e[row, col] = max(e[row, col], 2 if h == Hex.from_offset(22, 23) else 1)
    return e


def terrain(e: np.ndarray) -> list[list[str]]:
    t = [["." for _ in range(COLS)] for _ in range(ROWS)]

    def put(code: str, cells: list[tuple[int, int]]) -> None:
        for col, row in cells:
            t[row][col] = code

    # village 李庄: city hexes
    put("C", [(14, 13), (15, 13), (16, 13), (14, 14), (15, 14), (16, 14), (15, 15), (17, 14)])
    # a farmstead on the west
    put("C", [(4, 10), (5, 10)])
    # wood on the hill's west slope
    put("F", [(c, r) for r in range(3, 8) for c in range(17, 20) if (c + r) % 4 != 0])
    # copse in the south
    put("F", [(c, r) for r in range(24, 27) for c in range(13, 17)])
    # a tree line between the ridge and the village
    put("F", [(12, r) for r in range(17, 21)])
    # lake in the south-west
    lake = Hex.from_offset(4, 25)
    put("W", [h.to_offset() for h in lake.spiral(2) if h.to_offset()[1] < ROWS])
    return t


def river() -> list[list[list[int]]]:
    """Hexsides from the lake's east shore running east to the map edge, between rows 21/22."""
    sides = []
    for col in range(7, COLS):
        a, b = Hex.from_offset(col, 21), Hex.from_offset(col, 22)
        sides.append([list(a.to_offset()), list(b.to_offset())])
        c = Hex.from_offset(col + 1, 22) if col + 1 < COLS else None
        if c is not None and a.distance(c) == 1:
            sides.append([list(a.to_offset()), list(c.to_offset())])
    return sides


def _chain(waypoints: list[tuple[int, int]]) -> list[list[int]]:
    """A chain of adjacent hexes through the given (col, row) waypoints (hex line draw)."""
    out: list[Hex] = []
    for (c1, r1), (c2, r2) in zip(waypoints, waypoints[1:], strict=False):
        a, b = Hex.from_offset(c1, r1), Hex.from_offset(c2, r2)
        n = a.distance(b)
        for i in range(n + 1):
            # nudged off the hexsides, so a point never rounds to a tie
            h = Hex.round(a.q + (b.q - a.q) * i / n + 1e-6, a.r + (b.r - a.r) * i / n + 2e-6)
            if not out or out[-1] != h:
                out.append(h)
    return [list(h.to_offset()) for h in out]


def road() -> list[list[list[int]]]:
    """A road: west edge → the saddle → the village → the hill; and a branch south over the
    river bridge to the knoll."""
    main = _chain([(0, 15), (11, 15), (14, 14), (17, 14), (18, 11), (23, 6)])
    south = _chain([(14, 14), (15, 15), (18, 21), (18, 22), (22, 23)])  # joins the main road
    return [main, south]


def build() -> HexMap:
    e = elevation()
    t = terrain(e)
    data = {
        "format": "hexrules-map",
        "schema_version": 1,
        "name": "Training ground 训练场",
        "description": (
            "Hand-made 30×30 training map: a hill (level 5) in the north-east, a north-south "
            "ridge (level 3) with a saddle, the village of 李庄 Lizhuang, forest patches, a lake, "
            "a river along hexsides that the south road crosses by a bridge (桥, 道路过河处), "
            "and a road."
        ),
        "cols": COLS,
        "rows": ROWS,
        "metres_per_level": 10,
        "origin": {"easting": 463020, "northing": 4545975, "epsg": 32650},
        "elevation": e.tolist(),
        "terrain": ["".join(row) for row in t],
        "rivers": river(),
        "roads": road(),
    }
    return HexMap.from_dict(data, source="training")


if __name__ == "__main__":
    m = build()
    out = Path(__file__).resolve().parent.parent / "maps" / "training.json"
    m.save(out)
    print(f"wrote {out}")
