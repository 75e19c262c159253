"""Find, on a map, one observer/target pair per line-of-sight case for the instructor demo.

Run ``python tests/scan_demo_pairs.py [map]`` to print candidates; the instructor notebook
(``lessons/instructor_demo.ipynb``) hard-codes the names found on the training map, and
``tests/test_widgets.py`` checks with :data:`KINDS` that they still show their case.

Every check below reads only fields of :func:`hexrules.line_of_sight`'s record; nothing here
re-decides a rule.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

from hexrules import Hex, HexMap, SightRecord, line_of_sight

#: Vertex directions: a line along them runs exactly along hexsides (L-1 [decision]).
_ALONG_HEXSIDES = [Hex(1, 1), Hex(2, -1), Hex(1, -2), Hex(-1, -1), Hex(-2, 1), Hex(-1, 2)]


def _l3_clear(r: SightRecord) -> bool:
    # clear over a forest or city that lies lower than the units (L-2 height, not terrain)
    return r.case == "L-3" and r.visible and r.distance >= 6 and any(
        c.terrain.sight_bonus for c in r.passed)


def _l3_blocked(r: SightRecord) -> bool:
    # blocked by a city or forest hex: its effective height (L-2) is what blocks
    if r.case != "L-3" or r.visible or r.distance < 4:
        return False
    first = r.blocking_points[0]
    return any(c.name == first.where and c.terrain.sight_bonus and c.elevation == r.lower_level
               for c in r.passed)


def _l4(visible: bool) -> Callable[[SightRecord], bool]:
    def check(r: SightRecord) -> bool:
        return r.case == "L-4" and r.visible is visible and r.distance >= 4
    return check


def _l5_chart(r: SightRecord) -> bool:
    # blocked by the chart although no passed hex is higher than the higher unit's level
    return (r.case == "L-5" and not r.visible and r.distance >= 4
            and r.higher_level - r.lower_level >= 2
            and all(c.height <= r.higher_level for c in r.passed))


def _hexside(r: SightRecord) -> bool:
    # visible along a hexside whose higher side would block: the lower side counts (L-1)
    return r.case == "L-3" and r.visible and any(
        g.height is not None and max(h for h in g.heights if h is not None) > r.lower_level
        for g in r.grazes)


#: Demo kind → (what the button says, predicate on the record).
KINDS: dict[str, tuple[str, Callable[[SightRecord], bool]]] = {
    "L-3 clear": ("L-3 clear 同一高程 通视", _l3_clear),
    "L-3 blocked": ("L-3 blocked by forest/city 丛林地/居民地 遮挡", _l3_blocked),
    "L-4 clear": ("L-4 clear 相邻高程 通视", _l4(True)),
    "L-4 blocked": ("L-4 blocked 相邻高程 不通视", _l4(False)),
    "L-5 chart": ("L-5 blocked by the chart 观察测量表", _l5_chart),
    "hexside": ("Hexside rule: the lower side counts 格边", _hexside),
}


def _pairs(m: HexMap, kind: str) -> Iterator[tuple[Hex, Hex]]:
    hexes = list(m.hexes())
    if kind == "hexside":
        for a in hexes:
            for d in _ALONG_HEXSIDES:
                for k in range(2, 7):
                    b = a + d * k
                    if b in m:
                        yield a, b
        return
    for a in hexes[::3]:
        for radius in range(4, 12):
            for b in a.ring(radius)[::2]:
                if b in m:
                    yield a, b


def scan(m: HexMap) -> dict[str, tuple[str, str]]:
    """The first pair of each kind of :data:`KINDS` found on ``m``, as military names."""
    found: dict[str, tuple[str, str]] = {}
    for kind, (_, check) in KINDS.items():
        for a, b in _pairs(m, kind):
            if check(line_of_sight(m, a, b)):
                found[kind] = (m.name_of(a), m.name_of(b))
                break
    return found


if __name__ == "__main__":
    hexmap = HexMap.load(sys.argv[1] if len(sys.argv) > 1 else "training")
    for kind, (obs, tgt) in scan(hexmap).items():
        rec = line_of_sight(hexmap, obs, tgt)
        print(f"{KINDS[kind][0]!r}: ({obs!r}, {tgt!r}),  # {rec.case} {rec.verdict}: {rec.reason}")
