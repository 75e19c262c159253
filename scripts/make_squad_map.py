"""Write maps/squad_campus.json, the 40 × 30 map of the squad lesson scenario (Q-28).

Run: .venv/bin/python scripts/make_squad_map.py

A campus training ground: open ground with low vegetation (listed in the scenario file),
a wood in the north, a copse in the south, a pond, a low rise in the middle and a cluster
of buildings around the central objective hex 2015.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from hexrules.map import Hex, HexMap, Terrain

ROOT = Path(__file__).resolve().parents[1]
COLS, ROWS = 40, 30


def build() -> HexMap:
    elev = np.zeros((ROWS, COLS), dtype=int)
    terr = np.zeros((ROWS, COLS), dtype=int)  # Terrain codes
    centre = Hex.from_offset(20, 15)
    for row in range(ROWS):
        for col in range(COLS):
            h = Hex.from_offset(col, row)
            d = h.distance(centre)
            elev[row, col] = 2 if d <= 3 else 1 if d <= 7 else 0
            if Hex.from_offset(14, 5).distance(h) <= 3 or Hex.from_offset(26, 6).distance(h) <= 2:
                terr[row, col] = Terrain.FOREST
            if Hex.from_offset(24, 24).distance(h) <= 2:
                terr[row, col] = Terrain.FOREST
            if Hex.from_offset(12, 23).distance(h) <= 1:
                terr[row, col] = Terrain.WATER
    for col, row in [(20, 15), (19, 14), (21, 14), (19, 16), (21, 16), (17, 15), (23, 15)]:
        terr[row, col] = Terrain.CITY
    return HexMap("Campus training ground 校园训练场", elev, terr,
                  description="40 × 30 hexes of 10 m for the squad lesson scenario (Q-28): a "
                              "rise and buildings around the objective hex 2015, woods, a "
                              "pond.")


if __name__ == "__main__":
    build().save(ROOT / "maps" / "squad_campus.json")
