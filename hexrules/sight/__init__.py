"""Line of sight (rules §3, L-1…L-7): the exact, explained path and the fast bulk path.

:mod:`hexrules.sight.exact` draws one sight line exactly and returns a
:class:`~hexrules.sight.exact.SightRecord`; :mod:`hexrules.sight.fast` answers bulk queries
(viewsheds, all pairs) with a compiled walk that agrees with it. The fast path is imported on
first use so that ``import hexrules.sight`` does not import numba.

>>> from hexrules.map import HexMap
>>> from hexrules.sight import line_of_sight
>>> line_of_sight(HexMap.flat(5, 3), "4563AA", "4563AE").visible
True
"""

from hexrules.sight.cases import SightCase, load_sight_cases
from hexrules.sight.exact import (
    BLOCKED_LABEL,
    CASE_LABELS,
    VISIBLE_LABEL,
    ChartPoint,
    Crossing,
    Graze,
    ProfileStep,
    SightRecord,
    line_geometry,
    line_of_sight,
)

_LAZY = {"FastSight", "fast_sight", "visible", "viewshed", "visibility_matrix"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from hexrules.sight import fast

        return getattr(fast, name)
    raise AttributeError(f"module 'hexrules.sight' has no attribute {name!r}")


__all__ = [
    "BLOCKED_LABEL",
    "CASE_LABELS",
    "VISIBLE_LABEL",
    "ChartPoint",
    "Crossing",
    "Graze",
    "ProfileStep",
    "SightCase",
    "SightRecord",
    "line_geometry",
    "line_of_sight",
    "load_sight_cases",
    *sorted(_LAZY),
]
