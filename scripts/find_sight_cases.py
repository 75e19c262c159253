"""Scan maps/training.json for one sight line per LOS case; write tests/data/sight_cases.json.

Run ``python scripts/find_sight_cases.py`` after changing the training map. The tests check
that every case listed still shows what its description says.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

from hexrules import HexMap, SightRecord, line_of_sight

DESCRIPTIONS = {
    "L-3 visible": "same level, nothing higher in between (L-3)",
    "L-3 blocked": "same level, a higher hex in between (L-3, L-2)",
    "L-4 adjacent": "adjacent hexes one level apart: the change point is half-way, "
    "a tie counts as visible (L-4, L-5 [decision])",
    "L-4 visible": "adjacent levels, the higher unit is nearer the change point (L-4)",
    "L-4 blocked": "adjacent levels, the lower unit is nearer the change point (L-4)",
    "L-5 visible multi": "several change points, all below the chart line (L-5)",
    "L-5 visible": "levels two or more apart, every point below the chart line (L-5)",
    "L-5 blocked": "several change points, one above the chart line (L-5)",
    "L-5 chart-only block": "every change point is nearer the higher unit, yet one lies "
    "above the chart line (L-5)",
    "L-5 tie on line": "a change point lies exactly on the chart line (counts as below, "
    "L-5 [decision])",
    "L-5 tie decides": "sight is clear only because a change point lying exactly on the chart "
    "line counts as below (L-5 [decision])",
    "adjacent 2 levels": "adjacent hexes two levels apart never see each other "
    "(L-5 [decision])",
    "hexside decides": "the line runs along a hexside between two heights; the lower one "
    "is used and sight is clear (L-1 [decision])",
    "map edge hexside": "the line runs along the map edge: that hexside is no obstacle "
    "(L-1 [decision])",
}


def classify(r: SightRecord) -> list[str]:
    """The teaching cases one record shows."""
    keys = [f"{r.case} {'visible' if r.visible else 'blocked'}"]
    top = r.chart_top[1]
    pts = r.chart_points
    if r.case == "L-5" and not r.visible and len(pts) >= 2:
        if all(p.t >= Fraction(1, 2) for p in pts):
            keys.append("L-5 chart-only block")
    if r.case == "L-5" and r.visible and len(pts) >= 2:
        keys.append("L-5 visible multi")
    if r.case == "L-5" and any(p.clear and p.rise == top * p.t for p in pts):
        keys.append("L-5 tie on line")
        if r.visible:
            keys.append("L-5 tie decides")
    for g in r.grazes:
        if g.height is None:
            keys.append("map edge hexside")
        elif g.heights[0] != g.heights[1] and r.visible:
            t = g.t_in if r.lower == r.observer else 1 - g.t_out
            if max(g.heights) - r.lower_level > top * t:  # the higher side would block
                keys.append("hexside decides")
    if r.distance == 1 and r.case == "L-4":
        keys.append("L-4 adjacent")
    if r.distance == 1 and r.higher_level - r.lower_level >= 2:
        keys.append("adjacent 2 levels")
    return keys


def main() -> None:
    m = HexMap.load("training")
    hexes = list(m.hexes())
    rng = random.Random(3)
    pairs = [(a, b) for a in hexes for b in hexes if a < b and 3 <= a.distance(b) <= 14]
    rng.shuffle(pairs)
    pairs += [(a, b) for a in hexes for b in a.neighbors() if b in m]
    found: dict[str, SightRecord] = {}
    for a, b in pairs:
        r = line_of_sight(m, a, b)
        for key in classify(r):
            found.setdefault(key, r)
        if len(found) == len(DESCRIPTIONS):
            break
    cases = [
        {
            "id": key.replace(" ", "_").replace("-", "").lower(),
            "observer": m.name_of(r.observer),
            "target": m.name_of(r.target),
            "case": r.case,
            "visible": r.visible,
            "shows": key,
            "description": DESCRIPTIONS[key],
        }
        for key, r in sorted(found.items())
    ]
    out = Path(__file__).resolve().parent.parent / "tests" / "data" / "sight_cases.json"
    doc = {
        "map": "training",
        "comment": "Worked line-of-sight cases on maps/training.json, found by "
        "scripts/find_sight_cases.py and checked by tests/test_sight.py.",
        "cases": cases,
    }
    out.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for c in cases:
        print(f"{c['shows']:22s} {c['observer']} → {c['target']}  {c['case']} {c['visible']}")


if __name__ == "__main__":
    main()
