"""The sight explorer's overlays: a :class:`~hexrules.sight.SightRecord` as board features.

Each function turns fields of the record (L-1…L-7) into the GeoJSON features of one overlay of
a :class:`~hexrules_widgets.board.HexBoard`; nothing here judges sight, it only draws what
:func:`hexrules.line_of_sight` decided. :class:`~hexrules_widgets.explorer.SightExplorer` puts
them on its board.

Examples
--------
>>> from hexrules_widgets.board import HexBoard
>>> from hexrules import HexMap, line_of_sight
>>> m = HexMap.load("training")
>>> board = HexBoard(m)
>>> rec = line_of_sight(m, m.parse("4563BB"), m.parse("4563BF"))
>>> [f["properties"]["part"] for f in line_features(board, rec)][:2]
['casing', 'line']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hexrules_widgets.panels import first_block

from hexrules.render.plots import TERRAIN_COLOURS

if TYPE_CHECKING:
    from hexrules_widgets.board import HexBoard

    from hexrules.map.hexgrid import Hex
    from hexrules.map.hexmap import HexMap
    from hexrules.sight.exact import SightRecord

__all__ = ["OVERLAY_STYLE", "PASSED_STYLE", "block_features", "end_features", "graze_features",
           "line_features", "passed_features", "point_features"]

Feature = dict[str, Any]

#: Colours of the sight overlays. Passed hexes are outlined, never filled, so the forest and
#: settlement symbols on exactly the hexes that block stay visible; every line has a white
#: casing so it shows on light and dark ground alike.
OVERLAY_STYLE = {
    "observer": "#1f4e9c",
    "target": "#111111",
    "casing": "#ffffff",
    "passed": "#ff8c00",
    "block": "#d7191c",
    "block_marker": "#ffe119",
    "graze": "#c51b7d",
    "visible": "#1a9850",
    "blocked": "#d7191c",
    "viewshed": "#4b2991",
}


def end_features(board: HexBoard, h: Hex, role: str) -> list[Feature]:
    """The end hex: a white casing under a blue (observer) or black dashed (target) ring."""
    s = OVERLAY_STYLE
    colour = s[role]
    casing = {"color": s["casing"], "weight": 8, "opacity": 0.95, "fill": False}
    ring = {"color": colour, "weight": 4, "opacity": 1, "fillColor": colour,
            "fillOpacity": 0.18, "dashArray": "" if role == "observer" else "7 5"}
    return [board.hex_feature(h, casing, role=role, part="casing"),
            board.hex_feature(h, ring, role=role, part="ring")]


def passed_features(board: HexBoard, rec: SightRecord) -> list[Feature]:
    """Every hex the line passes, outlined inside its border (L-2)."""
    return [board.hex_feature(c.hex, scale=0.86) for c in rec.passed]


#: The style of :func:`passed_features` (an overlay style: outlined, never filled).
PASSED_STYLE = {"color": OVERLAY_STYLE["passed"], "weight": 3, "opacity": 1, "fill": False,
                "fillOpacity": 0}


def line_features(board: HexBoard, rec: SightRecord) -> list[Feature]:
    """The sight line on a white casing; blocked: solid up to the first block, dashed on."""
    s = OVERLAY_STYLE
    a, z = rec.observer, rec.target
    casing = board.line_feature([a, z], {"color": s["casing"], "weight": 8, "opacity": 0.9},
                                part="casing")
    block = first_block(rec)
    if block is None:
        return [casing, board.line_feature([a, z], {"color": s["visible"], "weight": 4,
                                                    "opacity": 1}, part="line")]
    at = board.geo.along(rec.lower, rec.higher, float(block.t))
    line = {"color": s["blocked"], "weight": 4, "opacity": 1}
    return [casing,
            board.line_feature([a, at], line, part="line"),
            board.line_feature([at, z], {**line, "dashArray": "8 7"}, part="beyond")]


def graze_features(board: HexBoard, rec: SightRecord) -> list[Feature]:
    """Every hexside the line runs along (L-1): a core along it and a dot at each corner.

    Bolder where the two sides differ: there the lower one is what the line meets.
    """
    s = OVERLAY_STYLE
    feats: list[Feature] = []
    for g in rec.grazes:
        ends = board.geo.hexside(*g.hexes)
        differ = g.height is not None and len(set(g.heights)) == 2
        feats.append(board.hexside_feature(*g.hexes, {"color": s["graze"],
                                                      "weight": 5 if differ else 2.5,
                                                      "opacity": 1, "lineCap": "butt"},
                                           ruling=g.ruling, part="graze", differ=differ))
        feats += [board.point_feature(p, {"radius": 5.5 if differ else 3.5,
                                          "color": s["casing"], "weight": 1.5,
                                          "fillColor": s["graze"], "fillOpacity": 1},
                                      ruling=g.ruling, part="corner") for p in ends]
    return feats


def block_features(board: HexBoard, hexmap: HexMap, rec: SightRecord,
                   large: bool = False) -> list[Feature]:
    """The first blocking hex (or hexside) outlined, and its chart point as a ringed dot."""
    block = first_block(rec)
    if block is None:
        return []
    s = OVERLAY_STYLE
    hexes = [hexmap.parse(n) for n in block.where.split("|")]
    feats: list[Feature] = []
    if len(hexes) == 2:
        feats.append(board.hexside_feature(*hexes, {"color": s["block"], "weight": 9,
                                                    "opacity": 1}, where=block.where))
    else:
        feats.append(board.hex_feature(hexes[0], {"color": s["block"], "weight": 4.5,
                                                  "opacity": 1, "fill": False},
                                       scale=0.93, where=block.where, part="hex"))
    # a ring round the point (black under yellow), so the symbol it falls on stays visible
    at = board.geo.along(rec.lower, rec.higher, float(block.t))
    radius = 11 if large else 8.5
    for colour, weight, part in (("#000000", 5, "ring-casing"),
                                 (s["block_marker"], 2.5, "point")):
        feats.append(board.point_feature(at, {"radius": radius, "color": colour,
                                              "weight": weight, "fill": False,
                                              "fillOpacity": 0, "opacity": 1},
                                         where=block.where, rise=block.rise, part=part))
    return feats


def point_features(board: HexBoard, rec: SightRecord, large: bool = False) -> list[Feature]:
    """Every change point (small) and every chart point (large, by its clear flag)."""
    lo, hi = rec.lower, rec.higher
    k = 1.3 if large else 1.0
    feats = [
        board.point_feature(board.geo.along(lo, hi, float(s.t)),
                            {"radius": 4 * k, "color": "#333333", "weight": 1.5,
                             "fillColor": "#ffffff", "fillOpacity": 1},
                            where=s.where, step=f"{s.height_from}→{s.height_to}")
        for s in rec.profile_steps
    ]
    feats += [
        board.point_feature(board.geo.along(lo, hi, float(p.t)),
                            {"radius": 6.5 * k, "color": "#ffffff", "weight": 2,
                             "fillOpacity": 1,
                             "fillColor": TERRAIN_COLOURS["clear" if p.clear else "blocked"]},
                            where=p.where, rise=p.rise, clear=p.clear)
        for p in rec.chart_points
    ]
    return feats
