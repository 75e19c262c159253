"""Scenario files of the variant (P-1…P-6, P-24): :class:`Scenario` and :func:`load_scenario`.

A scenario is a TOML file in ``maps/prokhorovka/``: its size and turns, the ground painted
in rectangles, features and trenches (squares, rectangles or straight paths), the hills'
heights (``[[hill]]``: a name, the crest's squares, its height in metres and how many squares
its slope runs, P-6), and the units in groups (a type, a side, where they stand, when they
enter). The loader checks every entry and raises
:class:`~hexrules.errors.ScenarioFormatError` naming the file and the entry.

**[project ruling]** (P-6, P-18) A hill's height is for display only, as P-6 says: the
height of a hills square is the highest of ``height × (1 − d ÷ slope)`` over the hills, d
the distance from the square's centre to the nearest crest square (0 past the foot, and 0 on
forest and plain). No rule reads it, sight included (P-18: only barn, house and haystack
block), so it is not part of the scenario's digest: changing a height changes no game.

>>> s = load_scenario("cut")
>>> s.width, s.turns, len(s.units), len(s.farm)
(60, 6, 14, 10)
>>> s.board().terrain_at(s.board().grid.parse("(32, 31)"))
'barn'
>>> s.hills[0].name, s.board().height_at(Square(54, 30)), s.board().height_at(Square(46, 30))
('Hill 252.2', 77.0, 38.5)
"""

from __future__ import annotations

import functools
import hashlib
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from hexrules.errors import ScenarioFormatError, ScenarioNotFoundError
from hexrules.grid.square import DIRECTION_NAMES, Square
from hexrules.map.hexmap import MAPS_DIR
from hexrules.variants.prokhorovka.board import Board
from hexrules.variants.prokhorovka.data import FEATURES, GROUNDS, SIDES, Rules, load_rules
from hexrules.variants.prokhorovka.morale import MoraleTrack
from hexrules.variants.prokhorovka.units import SQUAD, PUnit

__all__ = ["SCENARIO_DIR", "Hill", "Scenario", "hill_heights", "load_scenario"]

#: Where :func:`load_scenario` finds a bare name such as ``"cut"``.
SCENARIO_DIR = MAPS_DIR / "prokhorovka"
_SHORT = {"T-34/76": "T76-", "T-34/85": "T85-", "Su-152": "SU", "Pz IV G": "P4-",
          "Tiger I": "TI", SQUAD: "Q"}


@dataclass(frozen=True)
class Hill:
    """A hill of the map (P-6): its name, crest squares, height (m) and slope (squares)."""

    name: str
    name_zh: str
    crest: tuple[Square, ...]
    height: float
    slope: int


def hill_heights(width: int, height: int, hills: tuple[Hill, ...], on_hills: np.ndarray
                 ) -> np.ndarray:
    """The height (m) of every square (rows × columns) from the ``hills`` (the ruling above);
    ``on_hills`` marks the squares of hills ground.

    >>> h = hill_heights(5, 1, (Hill("H", "", (Square(0, 0),), 40.0, 4),), np.ones((1, 5), bool))
    >>> [float(x) for x in h[0]]
    [40.0, 30.0, 20.0, 10.0, 0.0]
    """
    rows, cols = np.mgrid[0:height, 0:width]
    out = np.zeros((height, width))
    for hill in hills:
        d = np.full((height, width), np.inf)
        for sq in hill.crest:
            d = np.minimum(d, np.hypot(cols - sq.col, rows - sq.row))
        out = np.maximum(out, hill.height * np.clip(1 - d / hill.slope, 0, 1))
    return np.where(on_hills, np.round(out, 1), 0.0)


@dataclass(frozen=True, eq=False)
class Scenario:
    """A loaded scenario: size, turns, the map recipe, units, the farm (P-24)."""

    name: str
    title: str
    title_zh: str
    width: int
    height: int
    turns: int
    units: tuple[PUnit, ...]
    farm: frozenset[Square]
    source: str
    digest: str
    rules: Rules = field(repr=False, default_factory=load_rules)
    #: where each unit stands or, for a reserve, enters (P-3)
    entry: Mapping[str, Square] = field(repr=False, default_factory=dict)
    _paint: tuple[tuple[str, str, tuple[Square, ...]], ...] = field(repr=False, default=())
    #: the hills' heights, for display only (P-6)
    hills: tuple[Hill, ...] = field(repr=False, default=())

    @functools.cached_property
    def _board(self) -> Board:
        b = Board.blank(self.width, self.height, ground="plain", rules=self.rules,
                        name=self.name)
        for what, value, squares in self._paint:
            if what == "ground":
                b.paint_ground(value, squares)
            elif what == "feature":
                b.paint_feature(value, squares)
            else:
                b.paint_trench(squares)
        b.heights = hill_heights(self.width, self.height, self.hills,
                                 b.ground == GROUNDS.index("hills"))
        b.ground.flags.writeable = b.feature.flags.writeable = False
        b.trench.flags.writeable = b.heights.flags.writeable = False
        return b

    def board(self) -> Board:
        """The scenario's board (built once; read-only)."""
        return self._board

    def __repr__(self) -> str:
        return (f"<Scenario {self.name!r} {self.width} × {self.height}, {self.turns} turns, "
                f"{len(self.units)} units>")


class _W:
    def __init__(self, source: str) -> None:
        self.file = Path(source).name

    def fail(self, entry: str, problem: str, rule: str = "P-24") -> ScenarioFormatError:
        return ScenarioFormatError(f"{self.file}: {entry}: {problem} ({rule})")


def _keys(w: _W, data: Any, entry: str, required: set[str], optional: set[str] = frozenset()
          ) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise w.fail(entry, f"must be a table, got {data!r}")
    for k in sorted(required):
        if k not in data:
            raise w.fail(entry, f"missing {k!r}")
    unknown = sorted(set(data) - required - optional)
    if unknown:
        raise w.fail(entry, f"unknown key(s) {', '.join(map(repr, unknown))}")
    return data


def _int(w: _W, v: Any, entry: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise w.fail(entry, f"must be a whole number {lo}…{hi}, got {v!r}")
    return v


def _square(w: _W, v: Any, entry: str, width: int, height: int) -> Square:
    if not (isinstance(v, list) and len(v) == 2):
        raise w.fail(entry, f"a square is [column, row], got {v!r}", "P-5")
    return Square(_int(w, v[0], f"{entry}[0]", 0, width - 1),
                  _int(w, v[1], f"{entry}[1]", 0, height - 1))


def _line(a: Square, b: Square) -> Iterator[Square]:
    dc, dr = b.col - a.col, b.row - a.row
    n = max(abs(dc), abs(dr))
    sc, sr = (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)
    for k in range(n + 1):
        yield Square(a.col + sc * k, a.row + sr * k)


def _where(w: _W, d: Mapping[str, Any], entry: str, width: int, height: int
           ) -> tuple[Square, ...]:
    """The squares of a ``squares``, ``cols``/``rows`` rectangle or ``path`` entry."""
    forms = [k for k in ("squares", "cols", "path") if k in d]
    if len(forms) != 1:
        raise w.fail(entry, "give exactly one of squares, cols + rows, path")
    if "squares" in d:
        if not isinstance(d["squares"], list) or not d["squares"]:
            raise w.fail(f"{entry}.squares", "must be a non-empty list of [column, row]")
        return tuple(_square(w, s, f"{entry}.squares[{i}]", width, height)
                     for i, s in enumerate(d["squares"]))
    if "cols" in d:
        if "rows" not in d:
            raise w.fail(entry, "cols needs rows")
        c = _square(w, d["cols"], f"{entry}.cols", width, width)
        r = _square(w, d["rows"], f"{entry}.rows", height, height)
        if c.col > c.row or r.col > r.row:
            raise w.fail(entry, "cols and rows are [first, last], first ≤ last")
        return tuple(Square(x, y) for y in range(r.col, r.row + 1)
                     for x in range(c.col, c.row + 1))
    path = d["path"]
    if not isinstance(path, list) or len(path) < 2:
        raise w.fail(f"{entry}.path", "a path needs at least two squares")
    pts = [_square(w, p, f"{entry}.path[{i}]", width, height) for i, p in enumerate(path)]
    out: dict[Square, None] = {}
    for i, (a, b) in enumerate(zip(pts, pts[1:], strict=False)):
        dc, dr = abs(b.col - a.col), abs(b.row - a.row)
        if dc and dr and dc != dr:
            raise w.fail(f"{entry}.path[{i + 1}]", "each leg of a path must be straight: along "
                                                   "a row, a column or a diagonal")
        out.update(dict.fromkeys(_line(a, b)))
    return tuple(out)


def parse_scenario(data: Mapping[str, Any], source: str, rules: Rules | None = None
                   ) -> Scenario:
    """Check the TOML ``data`` of ``source`` and build the :class:`Scenario`.

    >>> parse_scenario({"scenario": {"name": "x"}}, "x.toml")
    Traceback (most recent call last):
    ...
    hexrules.errors.ScenarioFormatError: x.toml: (top): missing 'unit' (P-24)
    """
    rules = rules if rules is not None else load_rules()
    w = _W(source)
    top = _keys(w, data, "(top)", {"scenario", "unit"}, {"ground", "feature", "trench", "hill"})
    sc = _keys(w, top["scenario"], "scenario", {"name", "title", "title_zh", "width",
                                                "height", "turns"})
    width = _int(w, sc["width"], "scenario.width", 1, 1000)
    height = _int(w, sc["height"], "scenario.height", 1, 1000)
    turns = _int(w, sc["turns"], "scenario.turns", 1, 100)
    paint: list[tuple[str, str, tuple[Square, ...]]] = []
    for i, g in enumerate(top.get("ground", [])):
        e = f"ground[{i}]"
        g = _keys(w, g, e, {"ground"}, {"cols", "rows", "squares", "path"})
        if g["ground"] not in GROUNDS:
            raise w.fail(f"{e}.ground", f"must be one of {', '.join(GROUNDS)}, got "
                                        f"{g['ground']!r}", "P-6")
        paint.append(("ground", g["ground"], _where(w, g, e, width, height)))
    farm: set[Square] = set()
    for i, f in enumerate(top.get("feature", [])):
        e = f"feature[{i}]"
        f = _keys(w, f, e, {"feature"}, {"cols", "rows", "squares", "path"})
        if f["feature"] not in FEATURES:
            raise w.fail(f"{e}.feature", f"must be one of {', '.join(FEATURES)}, got "
                                         f"{f['feature']!r}", "P-6")
        sq = _where(w, f, e, width, height)
        paint.append(("feature", f["feature"], sq))
        if f["feature"] != "road":
            farm.update(sq)
    for i, t in enumerate(top.get("trench", [])):
        e = f"trench[{i}]"
        t = _keys(w, t, e, set(), {"cols", "rows", "squares", "path"})
        paint.append(("trench", "", _where(w, t, e, width, height)))
    hills = _hills(w, top.get("hill", []), paint, width, height)
    features: dict[Square, str] = {}
    for what, value, squares in paint:
        if what == "feature":
            features.update(dict.fromkeys(squares, value))
    units: list[PUnit] = []
    taken: dict[Square, str] = {}
    counters: dict[tuple[str, str], int] = {}
    if not isinstance(top["unit"], list) or not top["unit"]:
        raise w.fail("unit", "needs at least one [[unit]] group")
    for i, u in enumerate(top["unit"]):
        e = f"unit[{i}]"
        u = _keys(w, u, e, {"side", "type"}, {"count", "squares", "cols", "rows", "path",
                                              "step", "facing", "company", "enters",
                                              "anti_tank"})
        side, typ = u["side"], u["type"]
        if side not in SIDES:
            raise w.fail(f"{e}.side", f"must be german or soviet, got {side!r}", "P-2")
        if typ != SQUAD and typ not in rules.vehicles:
            raise w.fail(f"{e}.type", f"unknown type {typ!r}: 'squad' or one of "
                                      f"{', '.join(map(repr, rules.vehicles))}", "P-2")
        if typ != SQUAD and rules.vehicles[typ].side != side:
            raise w.fail(f"{e}.type", f"{typ} is a {rules.vehicles[typ].side} vehicle", "P-2")
        spots = _where(w, u, e, width, height)
        step = _int(w, u.get("step", 1), f"{e}.step", 1, 50)
        if step > 1:
            cols = sorted({s.col for s in spots})
            rows = sorted({s.row for s in spots})
            spots = tuple(s for s in spots if (s.col - cols[0]) % step == 0
                          and (s.row - rows[0]) % step == 0)
        count = _int(w, u.get("count", len(spots)), f"{e}.count", 1, 10000)
        if count > len(spots):
            raise w.fail(f"{e}.count", f"{count} units but only {len(spots)} squares given")
        facing = u.get("facing", "E" if side == "german" else "W")
        if facing not in DIRECTION_NAMES:
            raise w.fail(f"{e}.facing", f"must be one of {', '.join(DIRECTION_NAMES)}, got "
                                        f"{facing!r}", "P-9")
        company = _int(w, u.get("company", 1), f"{e}.company", 1, 99)
        enters = _int(w, u.get("enters", 1), f"{e}.enters", 1, turns)
        at = _int(w, u.get("anti_tank", count if typ == SQUAD else 0), f"{e}.anti_tank",
                  0, count)
        if typ != SQUAD and "anti_tank" in u:
            raise w.fail(f"{e}.anti_tank", "only squads carry anti-tank weapons", "P-2")
        for k, sq in enumerate(spots[:count]):
            arm = "infantry" if typ == SQUAD else "armour"
            feat = features.get(sq)
            if feat is not None and not rules.terrain[(feat, arm)].enter:
                raise w.fail(f"{e}", f"a {typ} may not stand in the {feat} at {sq}", "P-19")
            if sq in taken:
                raise w.fail(f"{e}", f"square {sq} already holds {taken[sq]}: one unit a "
                                     f"square", "P-5")
            n = counters.get((side, typ), 0) + 1
            counters[(side, typ)] = n
            uid = f"{side[0].upper()}{_SHORT.get(typ, typ)}{n}"
            taken[sq] = uid
            if typ == SQUAD:
                st = rules.squads[side]
                units.append(PUnit(uid, side, typ, None if enters > 1 else sq,
                                   DIRECTION_NAMES.index(facing), men=st.men, loads=st.loads,
                                   max_loads=st.loads, anti_tank=k < at, company=company,
                                   enters=enters, morale=MoraleTrack()))
            else:
                vt = rules.vehicles[typ]
                units.append(PUnit(uid, side, typ, None if enters > 1 else sq,
                                   DIRECTION_NAMES.index(facing), crew=vt.crew, loads=vt.loads,
                                   max_loads=vt.loads, company=company, enters=enters))
    # a reserve's square is where it enters: kept in the entry table
    entry = tuple((u.id, sq) for u, sq in zip(units, _spots_of(units, taken), strict=True))
    payload = repr((sc["name"], width, height, turns, paint, entry)).encode()
    s = Scenario(str(sc["name"]), str(sc["title"]), str(sc["title_zh"]), width, height, turns,
                 tuple(units), frozenset(farm), source,
                 hashlib.sha256(payload).hexdigest()[:16], rules, dict(entry), tuple(paint),
                 hills)
    return s


def _hills(w: _W, entries: Any, paint: list[tuple[str, str, tuple[Square, ...]]], width: int,
           height: int) -> tuple[Hill, ...]:
    """The ``[[hill]]`` entries, checked: each crest square on hills ground (P-6)."""
    ground = np.full((height, width), "plain", dtype=object)
    for what, value, squares in paint:
        if what == "ground":
            for sq in squares:
                ground[sq.row, sq.col] = value
    if not isinstance(entries, list):
        raise w.fail("hill", "must be a list of [[hill]] tables", "P-6")
    out = []
    for i, d in enumerate(entries):
        e = f"hill[{i}]"
        d = _keys(w, d, e, {"name", "height", "slope"},
                  {"name_zh", "squares", "cols", "rows", "path"})
        h = d["height"]
        if isinstance(h, bool) or not isinstance(h, int | float) or not 0 < h <= 77:
            raise w.fail(f"{e}.height", f"a hill's height is 0 < metres ≤ 77, got {h!r}", "P-6")
        slope = _int(w, d["slope"], f"{e}.slope", 1, 1000)
        crest = _where(w, d, e, width, height)
        for sq in crest:
            if ground[sq.row, sq.col] != "hills":
                raise w.fail(e, f"crest square {sq} is {ground[sq.row, sq.col]}, not hills",
                             "P-6")
        out.append(Hill(str(d["name"]), str(d.get("name_zh", "")), crest, float(h), slope))
    return tuple(out)


def _spots_of(units: list[PUnit], taken: dict[Square, str]) -> list[Square]:
    where = {uid: sq for sq, uid in taken.items()}
    return [where[u.id] for u in units]


@functools.cache
def _load(path: str) -> Scenario:
    p = Path(path)
    try:
        with p.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioFormatError(f"{p.name}: not valid TOML: {exc} (P-24)") from None
    return parse_scenario(data, str(p))


def load_scenario(name: str | Path) -> Scenario:
    """The scenario ``name`` (``"cut"``, ``"full"``) from ``maps/prokhorovka/``, or a path.

    >>> load_scenario("nowhere")
    Traceback (most recent call last):
    ...
    hexrules.errors.ScenarioNotFoundError: no Prokhorovka scenario 'nowhere' ...
    """
    p = Path(name)
    if not p.suffix:
        p = SCENARIO_DIR / f"{p.name}.toml"
    if not p.is_file():
        known = ", ".join(sorted(q.stem for q in SCENARIO_DIR.glob("*.toml")))
        raise ScenarioNotFoundError(f"no Prokhorovka scenario {str(name)!r} at {p} "
                                    f"(known: {known}; P-24)")
    return _load(str(p.resolve()))
