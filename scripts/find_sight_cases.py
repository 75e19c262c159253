"""Find, on a map, one sight line per teaching case; write ``maps/<map>.cases.json``.

One scanner for every worked line-of-sight case: the cases the lessons explain (02, 03), the
instructor demo's prepared pairs (stricter, for the projector: longer lines with the
obstacle in view) and the tests' worked cases all come from :data:`KINDS` below, and all
read the one file it writes through :func:`hexrules.sight.load_sight_cases`.

Run ``python scripts/find_sight_cases.py [map]`` after changing a map (default: training).
``tests/test_sight_cases.py`` checks that every case in the file still gets its verdict from
the library and still shows what its kind says (the predicates below).

Every predicate reads only fields of :func:`hexrules.line_of_sight`'s record: nothing here
re-decides a rule.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from hexrules import Hex, HexMap, SightRecord, line_of_sight
from hexrules.map.hexmap import MAPS_DIR
from hexrules.sight.cases import FORMAT, SCHEMA_VERSION

Predicate = Callable[[SightRecord], bool]

#: Vertex directions: a line along them runs exactly along hexsides (L-1 [decision]).
_ALONG_HEXSIDES = [Hex(1, 1), Hex(2, -1), Hex(1, -2), Hex(-1, -1), Hex(-2, 1), Hex(-1, 2)]


@dataclass(frozen=True)
class Kind:
    """A teaching case: what it shows, how to recognise it, where to look for it."""

    id: str
    title_en: str
    title_zh: str
    shows: str
    check: Predicate
    #: which stream of pairs to search (:data:`SEARCHES`)
    search: str = "sampled"
    #: a prepared-pair button of the instructor demo
    prepared: bool = False


# -- predicates on a sight record ---------------------------------------------------------


def _verdict(case: str, visible: bool) -> Predicate:
    return lambda r: r.case == case and r.visible is visible


def _ties(r: SightRecord) -> bool:
    """A change point exactly on the chart line (it counts as below, L-5 [decision])."""
    top = r.chart_top[1]
    return r.case == "L-5" and any(p.clear and p.rise == top * p.t for p in r.chart_points)


def _chart_only_block(r: SightRecord) -> bool:
    # blocked although every change point is nearer the higher unit (the L-4 test would pass)
    pts = r.chart_points
    return (r.case == "L-5" and not r.visible and len(pts) >= 2
            and all(p.t >= Fraction(1, 2) for p in pts))


def _hexside_decides(r: SightRecord) -> bool:
    # visible along a hexside whose higher side would stand above the chart line there
    top = r.chart_top[1]
    for g in r.grazes:
        if g.height is not None and g.heights[0] != g.heights[1] and r.visible:
            t = g.t_in if r.lower == r.observer else 1 - g.t_out
            if max(g.heights) - r.lower_level > top * t:
                return True
    return False


def _in_view(check: Predicate) -> Predicate:
    """For the projector: both ends two hexes or more inside the map's edges (clear of the
    board's zoom buttons in a corner), and ``check``."""
    def test(r: SightRecord) -> bool:
        m = r.map.resolve()
        for h in (r.observer, r.target):
            col, row = h.to_offset()
            if not (2 <= col < m.cols - 2 and 2 <= row < m.rows - 2):
                return False
        return check(r)
    return test


def _demo_l3_clear(r: SightRecord) -> bool:
    # clear over a forest or city that lies lower than the units (L-2 height, not terrain)
    return r.case == "L-3" and r.visible and r.distance >= 6 and any(
        c.terrain.sight_bonus for c in r.passed)


def _demo_l3_blocked(r: SightRecord) -> bool:
    # blocked by a city or forest hex: its effective height (L-2) is what blocks
    if r.case != "L-3" or r.visible or r.distance < 4:
        return False
    first = r.blocking_points[0]
    return any(c.name == first.where and c.terrain.sight_bonus and c.elevation == r.lower_level
               for c in r.passed)


def _demo_l4(visible: bool) -> Predicate:
    return lambda r: r.case == "L-4" and r.visible is visible and r.distance >= 4


def _demo_l5_chart(r: SightRecord) -> bool:
    # blocked by the chart although no passed hex is higher than the higher unit's level
    return (r.case == "L-5" and not r.visible and r.distance >= 4
            and r.higher_level - r.lower_level >= 2
            and all(c.height <= r.higher_level for c in r.passed))


def _demo_hexside(r: SightRecord) -> bool:
    # clear only because the line runs along a hexside (L-1 [decision]): on one side a forest
    # or settlement on the units' level (it rises one level above them, L-2), on the other
    # lower ground; the two count as one obstacle of the lower height. Counted at the higher
    # height the hexside would block, so the graze decides the verdict. In the middle of a
    # long line, so the class sees the hexside, the symbol and the line apart.
    if r.case != "L-3" or not r.visible or r.distance < 5:
        return False
    m = r.map.resolve()
    for g in r.grazes:
        if g.height is None or g.height > r.lower_level or not (
                Fraction(1, 4) <= g.t_in and g.t_out <= Fraction(3, 4)):
            continue
        for h, height in zip(g.hexes, g.heights, strict=True):
            if (height is not None and height > r.lower_level and m.terrain_at(h).sight_bonus
                    and m.elevation_at(h) == r.lower_level):
                return True
    return False


#: Every teaching case, in the order of the file. The demo's prepared pairs keep both ends
#: inside the map's edges (_in_view) and short titles (the items of its one-row menu).
_KINDS: tuple[Kind, ...] = (
    # the lessons' worked cases (lessons 02 and 03, tests/test_sight.py)
    Kind("l3_visible", "L-3 visible", "同一高程 通视",
         "same level, nothing higher in between (L-3)", _verdict("L-3", True)),
    Kind("l3_blocked", "L-3 blocked", "同一高程 不通视",
         "same level, a higher hex in between (L-3, L-2)", _verdict("L-3", False)),
    Kind("l4_visible", "L-4 visible", "相邻高程 通视",
         "adjacent levels, the higher unit is nearer the change point (L-4)",
         _verdict("L-4", True)),
    Kind("l4_blocked", "L-4 blocked", "相邻高程 不通视",
         "adjacent levels, the lower unit is nearer the change point (L-4)",
         _verdict("L-4", False)),
    Kind("l4_adjacent", "L-4 adjacent", "相邻六角格 高程差1",
         "adjacent hexes one level apart: the change point is half-way, a tie counts as "
         "visible (L-4, L-5 [decision])",
         lambda r: r.distance == 1 and r.case == "L-4", search="adjacent"),
    Kind("l5_visible", "L-5 visible", "观察测量表 通视",
         "levels two or more apart, every point below the chart line (L-5)",
         _verdict("L-5", True)),
    Kind("l5_visible_multi", "L-5 visible multi", "多个高程变化点 通视",
         "several change points, all below the chart line (L-5)",
         lambda r: r.case == "L-5" and r.visible and len(r.chart_points) >= 2),
    Kind("l5_blocked", "L-5 blocked", "观察测量表 不通视",
         "several change points, one above the chart line (L-5)", _verdict("L-5", False)),
    Kind("l5_chartonly_block", "L-5 chart-only block", "仅观察测量表能判定的遮挡",
         "every change point is nearer the higher unit, yet one lies above the chart line "
         "(L-5)", _chart_only_block),
    Kind("l5_tie_on_line", "L-5 tie on line", "高程变化点恰在判定直线上",
         "a change point lies exactly on the chart line (counts as below, L-5 [decision])",
         _ties),
    Kind("l5_tie_decides", "L-5 tie decides", "判定直线上的点决定通视",
         "sight is clear only because a change point lying exactly on the chart line counts "
         "as below (L-5 [decision])", lambda r: _ties(r) and r.visible),
    Kind("adjacent_2_levels", "adjacent 2 levels", "相邻六角格 高程差2",
         "adjacent hexes two levels apart never see each other (L-5 [decision])",
         lambda r: r.distance == 1 and r.higher_level - r.lower_level >= 2, search="adjacent"),
    Kind("hexside_decides", "hexside decides", "格边决定通视",
         "the line runs along a hexside between two heights; the lower one is used and sight "
         "is clear (L-1 [decision])", _hexside_decides),
    Kind("map_edge_hexside", "map edge hexside", "地图边缘格边",
         "the line runs along the map edge: that hexside is no obstacle (L-1 [decision])",
         lambda r: any(g.height is None for g in r.grazes)),
    # the instructor demo's prepared pairs: longer lines, the deciding obstacle in view
    Kind("demo_l3_clear", "L-3 clear", "同一高程 通视",
         "same level, over a forest or city lower than the units: it stands only its level "
         "+ 1 high (L-3, L-2)", _demo_l3_clear, search="rings", prepared=True),
    Kind("demo_l3_blocked", "L-3 blocked by forest/city", "丛林地/居民地遮挡",
         "same level, blocked by a forest or city on the units' level: it rises one level "
         "above them (L-3, L-2)", _demo_l3_blocked, search="rings", prepared=True),
    Kind("demo_l4_clear", "L-4 clear", "相邻高程 通视",
         "adjacent levels, the higher unit no farther from the change point than the lower "
         "one (L-4)", _demo_l4(True), search="rings", prepared=True),
    Kind("demo_l4_blocked", "L-4 blocked", "相邻高程 不通视",
         "adjacent levels, the lower unit nearer the change point (L-4)", _demo_l4(False),
         search="rings", prepared=True),
    Kind("demo_l5_chart", "L-5 blocked by the chart", "观察测量表",
         "no hex on the line is higher than the higher unit, yet a change point lies above "
         "the chart line (L-5)", _demo_l5_chart, search="rings", prepared=True),
    Kind("demo_hexside", "Hexside: lower side counts", "格边",
         "the line runs along a hexside between a forest or settlement on the units' level "
         "and lower ground: the two sides are one obstacle of the lower height, so the forest "
         "or settlement does not block and sight is clear; counted at its own height it would "
         "block (L-1 [decision], L-2, L-3)", _demo_hexside, search="hexsides", prepared=True),
)
KINDS: tuple[Kind, ...] = tuple(
    dataclasses.replace(k, check=_in_view(k.check)) if k.prepared else k for k in _KINDS)


# -- where to look --------------------------------------------------------------------------


def _sampled(m: HexMap) -> Iterator[tuple[Hex, Hex]]:
    """Pairs 3-14 hexes apart, in a seeded random order (the same every run)."""
    hexes = list(m.hexes())
    pairs = [(a, b) for a in hexes for b in hexes if a < b and 3 <= a.distance(b) <= 14]
    random.Random(3).shuffle(pairs)
    yield from pairs


def _adjacent(m: HexMap) -> Iterator[tuple[Hex, Hex]]:
    for a in m.hexes():
        for b in a.neighbors():
            if b in m:
                yield a, b


def _rings(m: HexMap) -> Iterator[tuple[Hex, Hex]]:
    """Long lines from every third hex, for the projector."""
    for a in list(m.hexes())[::3]:
        for radius in range(4, 12):
            for b in a.ring(radius)[::2]:
                if b in m:
                    yield a, b


def _hexsides(m: HexMap) -> Iterator[tuple[Hex, Hex]]:
    """Lines that run exactly along hexsides (vertex directions), 2-6 steps long."""
    for a in m.hexes():
        for d in _ALONG_HEXSIDES:
            for k in range(2, 7):  # 2-6 steps of 3 hexsides: ranges 4-12
                b = a + d * k
                if b in m:
                    yield a, b


SEARCHES: dict[str, Callable[[HexMap], Iterator[tuple[Hex, Hex]]]] = {
    "sampled": _sampled, "adjacent": _adjacent, "rings": _rings, "hexsides": _hexsides,
}


def scan(m: HexMap) -> dict[str, SightRecord]:
    """The first record of each kind of :data:`KINDS` found on ``m``, by kind id.

    Each stream of :data:`SEARCHES` is walked once, for all the kinds that search it, and
    only until they are all found.
    """
    found: dict[str, SightRecord] = {}
    for search, pairs in SEARCHES.items():
        pending = [k for k in KINDS if k.search == search]
        for a, b in pairs(m) if pending else ():
            r = line_of_sight(m, a, b)
            for k in pending:
                if k.id not in found and k.check(r):
                    found[k.id] = r
            if all(k.id in found for k in pending):
                break
    return found


def cases_document(m: HexMap, map_name: str, found: dict[str, SightRecord]) -> dict:
    """The ``*.cases.json`` document for the records found (see hexrules.sight.cases)."""
    cases = []
    for k in KINDS:
        r = found.get(k.id)
        if r is None:
            continue
        cases.append({
            "id": k.id, "title": {"en": k.title_en, "zh": k.title_zh},
            "observer": m.name_of(r.observer), "target": m.name_of(r.target),
            "case": r.case, "visible": r.visible, "shows": k.shows, "prepared": k.prepared,
        })
    return {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "map": map_name,
        "comment": f"Worked line-of-sight cases on maps/{map_name}.json, one per teaching "
        "case, found by scripts/find_sight_cases.py (do not edit by hand; rerun it). Read "
        "by hexrules.sight.load_sight_cases for the lessons, the instructor demo (prepared: "
        "its buttons) and the tests.",
        "cases": cases,
    }


def main(argv: list[str]) -> int:
    map_name = argv[0] if argv else "training"
    m = HexMap.load(map_name)
    found = scan(m)
    doc = cases_document(m, map_name, found)
    out = MAPS_DIR / f"{map_name}.cases.json"
    out.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for c in doc["cases"]:
        print(f"{c['id']:20s} {c['observer']} → {c['target']}  {c['case']} "
              f"{'visible' if c['visible'] else 'blocked'}")
    missing = [k.id for k in KINDS if k.id not in found]
    print(f"wrote {out} ({len(doc['cases'])} cases)"
          + (f"; not found on this map: {', '.join(missing)}" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
