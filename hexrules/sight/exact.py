"""Line of sight (rules L-1…L-7, docs/rules.md): the exact, explainable path.

:func:`line_of_sight` draws the sight line with shapely from the observer's hex centre to the
target's (L-1), classifies every hex it meets (passed through, hexside graze, vertex touch),
builds the height profile with effective heights (L-2), plots the observation-measurement
chart (L-5) and returns a frozen :class:`SightRecord` that explains the verdict, renders
itself as HTML in a notebook and plots itself.

Geometry is done in the integer *lattice frame* of :meth:`hexrules.map.hexgrid.Hex.lattice`: hex
centres and corners are integer points, so shapely's predicates decide hexside grazes and
vertex touches exactly; every distance along the line is an exact :class:`~fractions.Fraction`
of the line's length, and every chart comparison is made in exact arithmetic (about 3 % of
pairs on a real map are exact ties, where a change point lies on the chart line).

For bulk queries (viewsheds, all pairs) use :mod:`hexrules.sight.fast`, which gives exactly the
same verdicts.

Examples
--------
>>> from hexrules import HexMap, line_of_sight
>>> m = HexMap.flat(10, 10, level=1)
>>> rec = line_of_sight(m, m.parse((1, 1)), m.parse((6, 4)))
>>> rec.visible, rec.case
(True, 'L-3')
>>> [c.name for c in rec.crossings][:3]
['4563BB', '4563CD', '4563DE']
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import shapely

from hexrules.errors import RulesTypeError
from hexrules.glossary import label
from hexrules.language import bilingual, using
from hexrules.map.coords import Georef
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.records import Effect, MapRef, Step, decode_as, encode, register
from hexrules.sight.geometry import line_geometry

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.dice import Roll

__all__ = [
    "ChartPoint",
    "Crossing",
    "Graze",
    "ProfileStep",
    "SightRecord",
    "line_geometry",
    "line_of_sight",
]

#: Bilingual verdict labels (shown in the language setting when drawn).
with using("both"):
    VISIBLE_LABEL = label("visible")
    BLOCKED_LABEL = label("blocked")
    CASE_LABELS = {
        "L-3": f"L-3 {label('same_level')}",
        "L-4": f"L-4 {label('adjacent_levels')}",
        "L-5": f"L-5 {label('chart')}",
    }


# ---------------------------------------------------------------------------------------
# The record
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Crossing:
    """A hex the sight line passes through (L-1), in order from the observer.

    ``t_in``/``t_out`` are exact fractions of the line (0 = observer, 1 = target); ``entry``
    and ``exit`` the same in hex-centre units (1 = 50 m). ``role`` is ``'observer'``,
    ``'target'`` or ``'passed'``; ``height`` is the height the hex takes part with: its
    effective height (L-2) if passed, its ground elevation if it is an end hex (L-1, L-5).
    """

    hex: Hex
    name: str
    role: str
    t_in: Fraction
    t_out: Fraction
    entry: float
    exit: float
    elevation: int
    terrain: Terrain
    height: int


@dataclass(frozen=True, slots=True)
class Graze:
    """A hexside the sight line runs along (L-1 [decision]).

    ``height`` is the obstacle height ruled for it (the lower of the two effective heights),
    or ``None`` when one side is off the map (no obstacle). ``ruling`` says why.
    """

    hexes: tuple[Hex, Hex]
    names: tuple[str, str]
    t_in: Fraction
    t_out: Fraction
    entry: float
    exit: float
    heights: tuple[int | None, int | None]
    height: int | None
    ruling: str


@dataclass(frozen=True, slots=True)
class ProfileStep:
    """Where the height profile changes along the line, seen from the lower unit.

    ``t`` is the exact fraction of the line from the lower unit, ``distance`` the same in
    hex-centre units; the profile steps from ``height_from`` to ``height_to`` entering
    ``where`` (a hex name, or two names for a hexside).
    """

    t: Fraction
    distance: float
    height_from: int
    height_to: int
    where: str


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """A point of the observation-measurement chart (L-5).

    Plotted at (``distance`` from the lower unit, ``rise`` = level − lower unit's level);
    ``clear`` is True when it lies below the chart line or on it (L-5 [decision]).
    """

    level: int
    rise: int
    t: Fraction
    distance: float
    where: str
    clear: bool


@dataclass(frozen=True)
class SightRecord:
    """The full, explained result of one line-of-sight check (L-1…L-7): a JSON-safe value.

    It follows the record protocol of :mod:`hexrules.records` (``rules``, ``steps``,
    ``rolls``, ``effects``, ``to_dict``) and refers to its map by :class:`MapRef`.

    Attributes
    ----------
    map : MapRef
        The map the line was drawn on (name and content digest).
    georef : Georef
        Where that map lies (for :meth:`line` in metres).
    observer, target : Hex
    observer_name, target_name : str
        Their military names (M-2).
    visible : bool
        The verdict.
    case : str
        ``'L-3'``, ``'L-4'`` or ``'L-5'`` (which rule applied, L-6).
    reason : str
        The verdict in words, citing rule IDs.
    rules : tuple of str
        Every rule ID applied.
    crossings : tuple of Crossing
        Hexes passed through, from the observer, the end hexes included.
    grazes : tuple of Graze
        Hexsides run along and how they were ruled.
    touches : tuple of (Fraction, tuple of Hex)
        Vertices touched (not obstacles, L-1).
    lower, higher : Hex
        The lower and higher unit (the observer is ``lower`` when levels are equal).
    lower_level, higher_level : int
        Their ground elevation levels.
    length : float
        Length of the sight line in hex-centre units (1 = 50 m).
    profile_steps : tuple of ProfileStep
        Every elevation change point along the line, from the lower unit.
    chart_points : tuple of ChartPoint
        The change points plotted on the chart (first entry into each level above the lower
        unit's, L-5).
    chart_top : tuple of (float, int)
        The higher unit's chart point: (distance, its level + 1 − lower level).
    """

    map: MapRef
    georef: Georef
    observer: Hex
    target: Hex
    observer_name: str
    target_name: str
    visible: bool
    case: str
    reason: str
    rules: tuple[str, ...]
    crossings: tuple[Crossing, ...]
    grazes: tuple[Graze, ...]
    touches: tuple[tuple[Fraction, tuple[Hex, ...]], ...]
    lower: Hex
    higher: Hex
    lower_level: int
    higher_level: int
    length: float
    profile_steps: tuple[ProfileStep, ...]
    chart_points: tuple[ChartPoint, ...]
    chart_top: tuple[float, int]

    # -- convenience ------------------------------------------------------------------
    @property
    def distance(self) -> int:
        """Range in hexes (M-1).

        >>> from hexrules import HexMap
        >>> line_of_sight(HexMap.load("training"), "4563KC", "4564GD").distance
        23
        """
        return self.observer.distance(self.target)

    @property
    def passed(self) -> tuple[Crossing, ...]:
        """The crossings that are neither the observer's nor the target's hex.

        >>> from hexrules import HexMap
        >>> rec = line_of_sight(HexMap.load("training"), "4563AC", "4563FF")
        >>> [c.name for c in rec.passed]
        ['4563BC', '4563CD', '4563CE', '4563DD', '4563DE', '4563EF']
        """
        return tuple(c for c in self.crossings if c.role == "passed")

    @property
    def blocking_points(self) -> tuple[ChartPoint, ...]:
        """Chart points above the chart line (why sight is blocked).

        >>> from hexrules import HexMap
        >>> rec = line_of_sight(HexMap.load("training"), "4563KC", "4564GD")
        >>> [(p.where, p.rise) for p in rec.blocking_points]
        [('4563KE', 1), ('4563JI', 2), ('4563JJ', 3)]
        """
        return tuple(p for p in self.chart_points if not p.clear)

    @property
    def verdict(self) -> str:
        """``'Visible 通视'`` or ``'Blocked 不通视'``.

        >>> from hexrules import HexMap
        >>> m = HexMap.load("training")
        >>> line_of_sight(m, "4563AE", "4563AF").verdict
        'Visible 通视'
        >>> line_of_sight(m, "4563KC", "4564GD").verdict
        'Blocked 不通视'
        """
        return VISIBLE_LABEL if self.visible else BLOCKED_LABEL

    def lattice_line(self) -> shapely.LineString:
        """The sight line in the lattice frame (hex centres at ``(2q + r, 3r)``).

        >>> from hexrules import HexMap
        >>> line_of_sight(HexMap.load("training"), "4563AC", "4563FF").lattice_line().wkt
        'LINESTRING (4 0, 11 15)'
        """
        return shapely.LineString([self.observer.lattice(), self.target.lattice()])

    def line(self) -> shapely.LineString:
        """The sight line in metres, in the map's projected CRS.

        >>> from hexrules import HexMap
        >>> line = line_of_sight(HexMap.load("training"), "4563AE", "4563AF").line()
        >>> line.wkt, line.length
        ('LINESTRING (463220 4545975, 463270 4545975)', 50.0)
        """
        g = self.georef
        return shapely.LineString([g.centre(self.observer), g.centre(self.target)])

    # -- the record protocol ------------------------------------------------------------
    @property
    def steps(self) -> tuple[Step, ...]:
        """The ruling in three steps: the line (L-1), the heights (L-2), the case and verdict.

        >>> from hexrules import HexMap
        >>> rec = line_of_sight(HexMap.load("training"), "4563KC", "4564GD")
        >>> [s.rule for s in rec.steps], rec.steps[-1].value
        (['L-1', 'L-2', 'L-5'], False)
        """
        passed = self.passed
        top = max((c.height for c in passed), default=None)
        return (
            Step("L-1", label("sight_line"),
                 (("from 自", self.observer_name), ("to 至", self.target_name),
                  ("range 距离", f"{self.distance} hexes 格")),
                 result=f"{len(passed)} hexes passed 途经格, {len(self.grazes)} hexsides run "
                 f"along", value=len(passed)),
            Step("L-2", label("effective_height"),
                 tuple((c.name, str(c.height)) for c in passed),
                 result="no hex passed" if top is None else f"highest passed hex: {top}",
                 value=top, note="elevation level, +1 for settlement or forest"),
            Step(self.case, CASE_LABELS[self.case],
                 (("lower unit 低高程单位", f"level {self.lower_level}"),
                  ("higher unit 高高程单位", f"level {self.higher_level}")),
                 result=self.verdict, value=self.visible, note=self.reason),
        )

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Sight needs no dice: always empty."""
        return ()

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Sight changes no unit: always empty."""
        return ()

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary; :meth:`from_dict` gives back an equal record.

        >>> from hexrules import HexMap
        >>> rec = line_of_sight(HexMap.load("training"), "4563AE", "4563AF")
        >>> SightRecord.from_dict(rec.to_dict()) == rec
        True
        """
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> SightRecord:
        """The record of a :meth:`to_dict` dictionary."""
        return decode_as(cls, data)

    def __repr__(self) -> str:
        return (
            f"<SightRecord {self.observer_name}→{self.target_name} {self.case} "
            f"{'visible' if self.visible else 'blocked'}>"
        )

    def explain(self) -> str:
        """A plain-text account of every step, one line each.

        >>> from hexrules import HexMap
        >>> print(line_of_sight(HexMap.load("training"), "4563AE", "4563AF").explain())
        Sight line 观察线 4563AE → 4563AF: range 1 hexes, length 1.00 (L-1)
          4563AE observer's hex: 0.00–0.50, level 0, Open 开阔地, height 0
          4563AF target's hex: 0.50–1.00, level 1, Open 开阔地, height 1
          Elevation change point 高程变化点 (0.50, 1) at 4563AF: below or on the line
        Visible 通视 — L-4 adjacent levels 两个相邻高程: levels 0 and 1: the line enters level 1
        at 4563AF, 0.50 hexes from the higher unit 4563AF and 0.50 from the lower unit 4563AE;
        0.50 ≤ 0.50 (L-4; the chart agrees, L-5)
        """
        from hexrules.render.text import sight_record_text

        return sight_record_text(self)

    __str__ = explain

    def _repr_html_(self) -> str:
        from hexrules.render.html import sight_record_html

        return sight_record_html(self)

    def plot(self, ax: Any = None, *, hexmap: HexMap | None = None, **kwargs: Any) -> Any:
        """Draw the map around the line, the sight line and the crossed hexes (matplotlib).

        The map is found from :attr:`map` (the loaded map, or its file); pass ``hexmap`` if
        it is neither. See :func:`hexrules.render.plots.plot_sight`.

        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from matplotlib.figure import Figure
        >>> from hexrules import HexMap
        >>> rec = line_of_sight(HexMap.load("training"), "4563KC", "4564GD")
        >>> rec.plot(Figure().add_subplot()).get_title()
        '4563KC → 4564GD: Blocked 不通视 (L-5)'
        """
        from hexrules.render.plots import plot_sight

        return plot_sight(self, ax=ax, hexmap=self.map.resolve(hexmap), **kwargs)

    def plot_chart(self, ax: Any = None, **kwargs: Any) -> Any:
        """Draw the observation-measurement chart (观察测量表, L-5) with every point.

        See :func:`hexrules.render.chart.plot_chart` (``compact=True`` for widgets).

        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from matplotlib.figure import Figure
        >>> from hexrules import HexMap
        >>> rec = line_of_sight(HexMap.load("training"), "4563AE", "4563AF")
        >>> rec.plot_chart(Figure().add_subplot()).get_title()
        'Observation-measurement chart 观察测量表 — Visible 通视 (L-4)'
        """
        from hexrules.render.chart import plot_chart

        return plot_chart(self, ax=ax, **kwargs)


# ---------------------------------------------------------------------------------------
# Adjudication
# ---------------------------------------------------------------------------------------


def _euclid(delta: Hex) -> float:
    return math.sqrt(delta.q * delta.q + delta.q * delta.r + delta.r * delta.r)


@bilingual
def line_of_sight(hexmap: HexMap, observer: Hex | str, target: Hex | str) -> SightRecord:
    """Decide whether ``observer`` sees ``target`` and explain why (L-1…L-7).

    Parameters
    ----------
    hexmap : HexMap
    observer, target : Hex or str
        Hexes, or military names such as ``'4563GH'``.

    Returns
    -------
    SightRecord
        Frozen and self-explaining: the crossed hexes, hexside grazes, change points, chart
        points, the case (L-3/L-4/L-5), the verdict and the reason.

    Raises
    ------
    CoordinateError, OffMapError
        For a malformed name or a hex off the map.

    Examples
    --------
    >>> from hexrules import HexMap, line_of_sight
    >>> m = HexMap.load("training")
    >>> rec = line_of_sight(m, "4563BB", "4563BF")
    >>> rec.visible == line_of_sight(m, "4563BF", "4563BB").visible   # L-7
    True
    """
    if not isinstance(hexmap, HexMap):
        raise RulesTypeError(f"line_of_sight needs a HexMap, got {type(hexmap).__name__}")
    a = hexmap.parse(observer)
    b = hexmap.parse(target)
    delta = b - a
    geo = line_geometry(delta.q, delta.r)
    length = _euclid(delta)
    name = hexmap.name_of
    cells = hexmap.cells  # hex -> (elevation, terrain, effective height, name)

    crossings: list[Crossing] = []
    last = len(geo.cells) - 1
    cell_floats, graze_floats = geo.floats
    for i, (rel, t_in, t_out) in enumerate(geo.cells):
        h = a + rel
        info = cells.get(h)
        if info is None:  # pragma: no cover - impossible between two on-map centres
            raise AssertionError(f"sight line {a!r}→{b!r} passes off the map at {h!r}")
        elev, terr, eff, hname = info
        role = "observer" if i == 0 or not delta else "target" if i == last else "passed"
        height = eff if role == "passed" else elev
        crossings.append(
            Crossing(h, hname, role, t_in, t_out, cell_floats[i][0] * length,
                     cell_floats[i][1] * length, elev, terr, height)
        )

    grazes: list[Graze] = []
    for j, (rel1, rel2, t_in, t_out) in enumerate(geo.grazes):
        h1, h2 = a + rel1, a + rel2
        i1, i2 = cells.get(h1), cells.get(h2)
        heights = (i1[2] if i1 else None, i2[2] if i2 else None)
        names = (i1[3] if i1 else f"off-map {h1.to_offset()}",
                 i2[3] if i2 else f"off-map {h2.to_offset()}")
        if i1 is None or i2 is None:
            height, ruling = None, "map edge: the other side is off the map, no obstacle (L-1)"
        else:
            height = min(i1[2], i2[2])
            ruling = (
                f"runs along the hexside: one obstacle of the lower effective height "
                f"min({i1[2]}, {i2[2]}) = {height} (L-1, L-2)"
            )
        grazes.append(
            Graze((h1, h2), names, t_in, t_out, graze_floats[j][0] * length,
                  graze_floats[j][1] * length, heights, height, ruling)
        )

    touches = tuple((t, tuple(a + h for h in hs)) for t, hs in geo.touches)

    # -- the profile, seen from the lower unit (L-5) -----------------------------------
    level_a, level_b = cells[a][0], cells[b][0]
    forward = level_a <= level_b
    lower, higher = (a, b) if forward else (b, a)
    h0, h1 = min(level_a, level_b), max(level_a, level_b)
    top = h1 + 1 - h0

    # the profile from the lower unit: (t, distance, height, where), in order along the line
    segments: list[tuple[Fraction, float, int, str]] = []
    for kind, i in geo.order if forward else reversed(geo.order):
        item: Crossing | Graze = crossings[i] if kind == 0 else grazes[i]
        if item.height is None:  # a map-edge hexside: no obstacle
            continue
        where = item.name if kind == 0 else "|".join(item.names)  # type: ignore[union-attr]
        if forward:
            segments.append((item.t_in, item.entry, item.height, where))
        else:
            segments.append((geo.back[kind][i], length - item.exit, item.height, where))

    steps: list[ProfileStep] = []
    prev = h0
    for t, dist, height, where in segments[1:]:
        if height != prev:
            steps.append(ProfileStep(t, dist, prev, height, where))
        prev = height

    # chart points: the first entry into each level above the lower unit's (L-5)
    chart: list[ChartPoint] = []
    reached = h0
    for t, dist, height, where in segments:
        for level in range(reached + 1, height + 1):
            rise = level - h0
            chart.append(ChartPoint(level, rise, t, dist, where, rise <= top * t))
        reached = max(reached, height)
    visible = all(p.clear for p in chart)

    # -- which case (L-6) and the reason -----------------------------------------------
    climbs = 0
    above = False
    for _, _, height, _ in segments:
        if height > h0 and not above:
            climbs += 1
        above = height > h0
    too_high = [s for s in segments if s[2] > h1]
    if h0 == h1:
        case = "L-3"
    elif h1 - h0 == 1 and not too_high and climbs == 1:
        case = "L-4"
    else:
        case = "L-5"
    reason = _reason(case, visible, chart, h0, h1, length, name(lower), name(higher))
    rules = ("L-1", "L-2", case) if case == "L-5" else ("L-1", "L-2", case, "L-5")
    return SightRecord(
        map=MapRef.of(hexmap), georef=hexmap.georef, observer=a, target=b,
        observer_name=name(a), target_name=name(b), visible=visible, case=case, reason=reason,
        rules=rules, crossings=tuple(crossings), grazes=tuple(grazes), touches=touches,
        lower=lower, higher=higher, lower_level=h0, higher_level=h1, length=length,
        profile_steps=tuple(steps), chart_points=tuple(chart), chart_top=(length, top),
    )


def _reason(
    case: str, visible: bool, chart: Sequence[ChartPoint], h0: int, h1: int, length: float,
    lower: str, higher: str,
) -> str:
    blockers = [p for p in chart if not p.clear]
    if case == "L-3":
        if visible:
            return f"both units on level {h0} and no hex on the line is above level {h0} (L-3)"
        p = blockers[0]
        return (
            f"both units on level {h0}, but {p.where} at {p.distance:.2f} hexes rises to level "
            f"{p.level} (effective height, L-2), above {h0} (L-3)"
        )
    if case == "L-4":
        p = chart[0]
        from_lower, from_higher = p.distance, length - p.distance
        sign = "≤" if visible else ">"
        return (
            f"levels {h0} and {h1}: the line enters level {h1} at {p.where}, {from_higher:.2f} "
            f"hexes from the higher unit {higher} and {from_lower:.2f} from the lower unit "
            f"{lower}; {from_higher:.2f} {sign} {from_lower:.2f} (L-4; the chart agrees, L-5)"
        )
    if visible:
        return (
            f"every change point lies below or on the chart line from {lower} (level {h0}) to "
            f"{higher} (level {h1} + 1) (L-5)"
        )
    p = blockers[0]
    return (
        f"change point ({p.distance:.2f}, +{p.rise}) at {p.where} lies above the chart line from "
        f"{lower} (level {h0}) to {higher} (level {h1} + 1) (L-5)"
    )


register(Crossing, Graze, ProfileStep, ChartPoint, SightRecord)
