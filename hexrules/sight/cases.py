"""Worked line-of-sight cases of a map: one observer/target pair per teaching case.

Beside each map file ``maps/NAME.json`` may lie ``maps/NAME.cases.json``, written by
``scripts/find_sight_cases.py``: for each case it names a pair of hexes, the verdict the
library gives them, what the pair demonstrates and a bilingual title. The lessons, the
instructor demo's prepared pairs and the tests all read it through :func:`load_sight_cases`,
so a case is chosen once and checked once (the tests recompute every verdict).

The file format (``schema_version`` 1)::

    {"format": "hexrules-sight-cases", "schema_version": 1, "map": "training",
     "comment": "...",
     "cases": [{"id": "l4_adjacent", "title": {"en": "L-4 adjacent", "zh": "相邻六角格"},
                "observer": "4563AE", "target": "4563AF", "case": "L-4", "visible": true,
                "shows": "adjacent hexes one level apart: ...", "prepared": false}, ...]}

``prepared`` marks the instructor demo's buttons. Nothing here decides a rule: the file only
records what :func:`~hexrules.sight.exact.line_of_sight` answered when the scan ran.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexrules.errors import MapFormatError
from hexrules.map.hexmap import MAPS_DIR
from hexrules.sight.exact import BLOCKED_LABEL, VISIBLE_LABEL

__all__ = ["SightCase", "load_sight_cases", "sight_cases_from_dict"]

FORMAT = "hexrules-sight-cases"
SCHEMA_VERSION = 1
#: The cases of L-6 a sight record can report.
SIGHT_CASES = ("L-3", "L-4", "L-5")

_ID = re.compile(r"[a-z][a-z0-9_]*")
_NAME = re.compile(r"[0-9]{4}[A-Z]{2}")  # a military coordinate such as 4563GH (M-2)
_TOP_KEYS = {"format", "schema_version", "map", "comment", "cases"}
_CASE_KEYS = {"id", "title", "observer", "target", "case", "visible", "shows", "prepared"}


@dataclass(frozen=True)
class SightCase:
    """One worked sight line: a pair of hexes, its expected verdict and what it shows.

    Attributes
    ----------
    id : str
        Stable key, e.g. ``'l5_chartonly_block'``.
    observer, target : str
        Military names (M-2) of the two hexes.
    case : str
        ``'L-3'``, ``'L-4'`` or ``'L-5'``: the case :func:`line_of_sight` reports (L-6).
    visible : bool
        The verdict :func:`line_of_sight` gives the pair.
    shows : str
        What the pair demonstrates, in English, with its rule IDs.
    title_en, title_zh : str
        A short title in English and in Chinese.
    prepared : bool
        Whether the instructor demo shows it as a prepared-pair button.
    """

    id: str
    observer: str
    target: str
    case: str
    visible: bool
    shows: str
    title_en: str
    title_zh: str
    prepared: bool = False

    @property
    def title(self) -> str:
        """The bilingual title, e.g. ``'L-4 clear 相邻高程 通视'`` (a button label)."""
        return f"{self.title_en} {self.title_zh}"

    @property
    def verdict(self) -> str:
        """``'Visible 通视'`` or ``'Blocked 不通视'``, as a sight record says it."""
        return VISIBLE_LABEL if self.visible else BLOCKED_LABEL

    @property
    def pair(self) -> tuple[str, str]:
        """``(observer, target)``."""
        return self.observer, self.target


def load_sight_cases(map_name: str | Path = "training") -> tuple[SightCase, ...]:
    """Load and validate the worked sight cases of a map, in file order.

    Parameters
    ----------
    map_name : str or Path
        A map name such as ``"training"`` (reads ``maps/training.cases.json`` beside the map,
        from a source checkout or an installed wheel), or the path of a cases file.

    Returns
    -------
    tuple of SightCase

    Raises
    ------
    MapFormatError
        Naming the file and the bad entry, for any deviation from the format.
    FileNotFoundError
        If there is no such file.

    Examples
    --------
    >>> from hexrules import HexMap, line_of_sight
    >>> cases = {c.id: c for c in load_sight_cases("training")}
    >>> step = cases["l4_adjacent"]
    >>> step.pair, step.case, step.verdict
    (('4563AE', '4563AF'), 'L-4', 'Visible 通视')
    >>> step.title
    'L-4 adjacent 相邻六角格 高程差1'
    >>> line_of_sight(HexMap.load("training"), *step.pair).visible == step.visible
    True
    >>> [c.title_en for c in cases.values() if c.prepared][:2]
    ['L-3 clear', 'L-3 blocked by forest/city']
    """
    p = Path(map_name)
    if not p.suffix and not p.exists():
        p = MAPS_DIR / f"{p.name}.cases.json"
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(f"no sight-case file {p} (scripts/find_sight_cases.py "
                                f"writes one beside a map in {MAPS_DIR})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapFormatError(f"{p}: not valid JSON: {exc}") from None
    return sight_cases_from_dict(data, source=str(p))


def sight_cases_from_dict(data: Any, *, source: str = "<dict>") -> tuple[SightCase, ...]:
    """Build the cases from the file format's dictionary, validating every entry.

    Raises
    ------
    MapFormatError
        Naming ``source``, the entry (index and id) and the bad value.

    Examples
    --------
    >>> good = {"id": "flat", "title": {"en": "flat", "zh": "平地"}, "observer": "4563AA",
    ...         "target": "4563AE", "case": "L-3", "visible": True, "shows": "open ground"}
    >>> doc = {"format": "hexrules-sight-cases", "schema_version": 1, "map": "flat",
    ...        "cases": [good]}
    >>> sight_cases_from_dict(doc)[0].verdict
    'Visible 通视'
    >>> doc["cases"] = [dict(good, case="sideways")]
    >>> sight_cases_from_dict(doc, source="mine.cases.json")
    Traceback (most recent call last):
    ...
    hexrules.errors.MapFormatError: mine.cases.json: cases[0] ('flat'): case: must be one of ...
    """
    def fail(where: str, message: str) -> MapFormatError:
        return MapFormatError(f"{source}: {where}{': ' if where else ''}{message}")

    if not isinstance(data, Mapping):
        raise fail("", f"must be a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise fail("", f"unknown key(s) {', '.join(map(repr, unknown))} (expected "
                       f"{', '.join(sorted(_TOP_KEYS))})")
    if data.get("format") != FORMAT:
        raise fail("format", f"must be {FORMAT!r}, got {data.get('format')!r}")
    if data.get("schema_version") != SCHEMA_VERSION:
        raise fail("schema_version", f"must be {SCHEMA_VERSION}, got "
                                     f"{data.get('schema_version')!r}")
    if not isinstance(data.get("map"), str) or not data["map"]:
        raise fail("map", f"must name the map, got {data.get('map')!r}")
    entries = data.get("cases")
    if not isinstance(entries, list) or not entries:
        raise fail("cases", f"must be a non-empty list, got {entries!r}")

    cases: list[SightCase] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            raise fail(f"cases[{i}]", f"must be an object, got {entry!r}")
        where = f"cases[{i}] ({entry.get('id')!r})"
        missing = sorted(_CASE_KEYS - {"prepared"} - set(entry))
        if missing:
            raise fail(where, f"missing key(s) {', '.join(map(repr, missing))}")
        unknown = sorted(set(entry) - _CASE_KEYS)
        if unknown:
            raise fail(where, f"unknown key(s) {', '.join(map(repr, unknown))}")
        cid = entry["id"]
        if not isinstance(cid, str) or not _ID.fullmatch(cid):
            raise fail(where, f"id: must be lower-case letters, digits and _, got {cid!r}")
        if cid in seen:
            raise fail(where, f"id: {cid!r} is used twice")
        seen.add(cid)
        for key in ("observer", "target"):
            if not isinstance(entry[key], str) or not _NAME.fullmatch(entry[key]):
                raise fail(where, f"{key}: must be a military coordinate such as '4563GH' "
                                  f"(M-2), got {entry[key]!r}")
        if entry["observer"] == entry["target"]:
            raise fail(where, f"observer and target are the same hex {entry['target']!r}")
        if entry["case"] not in SIGHT_CASES:
            raise fail(where, f"case: must be one of {', '.join(map(repr, SIGHT_CASES))}, "
                              f"got {entry['case']!r}")
        for key in ("visible", "prepared"):
            if not isinstance(entry.get(key, False), bool):
                raise fail(where, f"{key}: must be true or false, got {entry[key]!r}")
        if not isinstance(entry["shows"], str) or not entry["shows"].strip():
            raise fail(where, f"shows: must say what the case shows, got {entry['shows']!r}")
        title = entry["title"]
        if (not isinstance(title, Mapping) or set(title) != {"en", "zh"}
                or not all(isinstance(v, str) and v.strip() for v in title.values())):
            raise fail(where, f'title: must be {{"en": "...", "zh": "..."}}, got {title!r}')
        cases.append(SightCase(
            id=cid, observer=entry["observer"], target=entry["target"], case=entry["case"],
            visible=entry["visible"], shows=entry["shows"], title_en=title["en"],
            title_zh=title["zh"], prepared=entry.get("prepared", False),
        ))
    return tuple(cases)
