"""The numbers of the squad variant as data (Q-3, Q-5, Q-7, Q-8, Q-13…Q-24): one validated file.

:func:`load_rules` reads ``data/squad.toml`` (or an instructor's copy) into a frozen
:class:`SquadRules`; every bad entry raises :class:`~hexrules.errors.TableFormatError` naming
the file, the table and the entry, like the main game's rule tables.

Examples
--------
>>> r = load_rules()
>>> t = r.types["three_man"]
>>> t.label, t.ap, t.attack, t.defence, t.detection, t.detectability, t.attack_range
('Three-man team 三人组', 5, 4, 3, 15, 15, 12)
>>> r.postures["concealed"].detectability, r.arc["rear"], r.engage_penalty
(-4, -6, Fraction(1, 2))
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from hexrules.errors import TableFormatError
from hexrules.language import pick

__all__ = ["RULES_FILE", "PostureInfo", "SquadRules", "TeamType", "TerrainInfo", "load_rules"]

#: The file shipped with the variant.
RULES_FILE = Path(__file__).resolve().parent / "data" / "squad.toml"

POSTURES = ("upright", "crouched", "concealed")
TERRAINS = ("open", "vegetation", "woods", "building", "water")
ARCS = ("front", "flank", "rear")


@dataclass(frozen=True)
class TeamType:
    """A unit type (Q-5): AP, attack, defence, detection range R, detectability D, range."""

    key: str
    en: str
    zh: str
    ap: int
    attack: int
    defence: int
    detection: int
    detectability: int
    attack_range: int
    medic: bool = False

    @property
    def label(self) -> str:
        """English with the Chinese term, e.g. ``'Medic 医疗兵'`` (in the language setting)."""
        return pick(self.en, self.zh)


@dataclass(frozen=True)
class PostureInfo:
    """A posture's modifiers (Q-7): AP per step, detectability, attack, defence."""

    key: str
    en: str
    zh: str
    step_ap: int
    detectability: int
    attack: int
    defence: int

    @property
    def label(self) -> str:
        """English with the Chinese term (in the language setting)."""
        return pick(self.en, self.zh)


@dataclass(frozen=True)
class TerrainInfo:
    """A terrain's effects (Q-3): extra AP per step, detectability, cover, passable."""

    key: str
    en: str
    zh: str
    step_ap: int
    detectability: int
    cover: bool
    passable: bool

    @property
    def label(self) -> str:
        """English with the Chinese term (in the language setting)."""
        return pick(self.en, self.zh)


@dataclass(frozen=True, eq=False)
class SquadRules:
    """Every number of the variant, read from one file (see the module docstring)."""

    source: str
    types: Mapping[str, TeamType]
    postures: Mapping[str, PostureInfo]
    terrains: Mapping[str, TerrainInfo]
    arc: Mapping[str, int]
    posture_change_ap: int
    turn_ap: int
    cover_distance: int
    cover_detectability: int
    full_range: int
    reveal_distance: int
    engage_penalty: Fraction
    turns: int

    def type_of(self, key: str) -> TeamType:
        """The unit type ``key``; :class:`TableFormatError` lists the known ones."""
        try:
            return self.types[key]
        except KeyError:
            raise TableFormatError(f"unknown unit type {key!r} (Q-5): use "
                                   f"{', '.join(self.types)} ({self.source})") from None

    def __repr__(self) -> str:
        return f"<SquadRules {Path(self.source).name}: {len(self.types)} unit types>"


class _Where:
    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, entry: str, problem: str) -> TableFormatError:
        err = TableFormatError(f"{self.file}: {entry}: {problem}")
        err.file, err.table, err.row = self.file, entry.split(".")[0], entry
        return err


def _int(w: _Where, entry: str, data: Mapping[str, Any], key: str, *, low: int | None = None
         ) -> int:
    if key not in data:
        raise w.fail(entry, f"missing {key!r}")
    v = data[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise w.fail(f"{entry}.{key}", f"must be an integer, got {v!r}")
    if low is not None and v < low:
        raise w.fail(f"{entry}.{key}", f"must be at least {low}, got {v}")
    return v


def _bool(w: _Where, entry: str, data: Mapping[str, Any], key: str, default: bool | None = None
          ) -> bool:
    if key not in data:
        if default is None:
            raise w.fail(entry, f"missing {key!r}")
        return default
    v = data[key]
    if not isinstance(v, bool):
        raise w.fail(f"{entry}.{key}", f"must be true or false, got {v!r}")
    return v


def _names(w: _Where, entry: str, data: Mapping[str, Any]) -> tuple[str, str]:
    for key in ("en", "zh"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise w.fail(entry, f"missing {key!r} (the {'English' if key == 'en' else 'Chinese'}"
                                " term)")
    return data["en"], data["zh"]


def _fields(w: _Where, entry: str, data: object, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise w.fail(entry, f"must be a table, got {data!r}")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise w.fail(entry, f"unknown field(s) {', '.join(unknown)} (allowed: "
                            f"{', '.join(sorted(allowed))})")
    return data


def _section(w: _Where, raw: Mapping[str, Any], name: str, needed: tuple[str, ...] | None
             ) -> Mapping[str, Any]:
    sec = raw.get(name)
    if not isinstance(sec, Mapping) or not sec:
        raise w.fail(name, f"missing the [{name}.…] tables")
    if needed is not None and set(sec) != set(needed):
        raise w.fail(name, f"must have exactly {', '.join(needed)}, got {', '.join(sec)}")
    return sec


def parse_rules(raw: Mapping[str, Any], source: str = "<dict>") -> SquadRules:
    """Validate a parsed TOML mapping into :class:`SquadRules` (see :func:`load_rules`).

    >>> parse_rules({"meta": {}}, "x.toml")
    Traceback (most recent call last):
    ...
    hexrules.errors.TableFormatError: x.toml: type: missing the [type.…] tables
    """
    w = _Where(source)
    unknown = sorted(set(raw) - {"meta", "type", "posture", "terrain", "arc", "rules"})
    if unknown:
        raise w.fail(unknown[0], "unknown table (allowed: meta, type, posture, terrain, arc, "
                                 "rules)")
    types: dict[str, TeamType] = {}
    tfields = {"en", "zh", "ap", "attack", "defence", "detection", "detectability",
               "attack_range", "medic"}
    for key, data in _section(w, raw, "type", None).items():
        e = f"type.{key}"
        d = _fields(w, e, data, tfields)
        types[key] = TeamType(key, *_names(w, e, d), _int(w, e, d, "ap", low=1),
                              _int(w, e, d, "attack", low=0), _int(w, e, d, "defence", low=1),
                              _int(w, e, d, "detection", low=0),
                              _int(w, e, d, "detectability", low=0),
                              _int(w, e, d, "attack_range", low=1),
                              _bool(w, e, d, "medic", False))
    postures: dict[str, PostureInfo] = {}
    pfields = {"en", "zh", "step_ap", "detectability", "attack", "defence"}
    for key, data in _section(w, raw, "posture", POSTURES).items():
        e = f"posture.{key}"
        d = _fields(w, e, data, pfields)
        # [project ruling] a posture's defence modifier is >= 0, so the actual defence of a
        # living target is at least 1 and A is always defined
        postures[key] = PostureInfo(key, *_names(w, e, d), _int(w, e, d, "step_ap", low=1),
                                    _int(w, e, d, "detectability"), _int(w, e, d, "attack"),
                                    _int(w, e, d, "defence", low=0))
    terrains: dict[str, TerrainInfo] = {}
    rfields = {"en", "zh", "step_ap", "detectability", "cover", "passable"}
    for key, data in _section(w, raw, "terrain", TERRAINS).items():
        e = f"terrain.{key}"
        d = _fields(w, e, data, rfields)
        terrains[key] = TerrainInfo(key, *_names(w, e, d), _int(w, e, d, "step_ap", low=0),
                                    _int(w, e, d, "detectability"), _bool(w, e, d, "cover"),
                                    _bool(w, e, d, "passable"))
    arc_raw = _fields(w, "arc", raw.get("arc", {}), set(ARCS))
    arc = {k: _int(w, "arc", arc_raw, k) for k in ARCS}
    rr = _fields(w, "rules", raw.get("rules", {}),
                 {"posture_change_ap", "turn_ap", "cover_distance", "cover_detectability",
                  "full_range", "reveal_distance", "engage_penalty", "turns"})
    pen = rr.get("engage_penalty")
    try:
        penalty = Fraction(str(pen)) if isinstance(pen, str | int) and not isinstance(
            pen, bool) else None
    except (ValueError, ZeroDivisionError):
        penalty = None
    if penalty is None or not 0 <= penalty <= 1:
        raise w.fail("rules.engage_penalty", f"must be a fraction 0…1 such as \"1/2\", got {pen!r}")
    return SquadRules(
        source, MappingProxyType(types), MappingProxyType(postures),
        MappingProxyType(terrains), MappingProxyType(arc),
        _int(w, "rules", rr, "posture_change_ap", low=0), _int(w, "rules", rr, "turn_ap", low=0),
        _int(w, "rules", rr, "cover_distance", low=0), _int(w, "rules", rr, "cover_detectability"),
        _int(w, "rules", rr, "full_range", low=1), _int(w, "rules", rr, "reveal_distance", low=0),
        penalty, _int(w, "rules", rr, "turns", low=1))


def load_rules(path: str | Path | None = None) -> SquadRules:
    """The variant's numbers: the shipped file, or an instructor's copy at ``path``.

    Raises
    ------
    TableFormatError
        Naming the file and the entry (``'type.medic.ap: must be at least 1, got 0'``).

    Examples
    --------
    >>> load_rules() is load_rules()
    True
    >>> load_rules().types["marksman"].attack_range
    15
    """
    return _load(str(Path(path).resolve()) if path is not None else str(RULES_FILE))


@cache
def _load(source: str) -> SquadRules:
    p = Path(source)
    if not p.is_file():
        raise TableFormatError(f"{source}: no such squad rules file (Q-5)")
    try:
        with p.open("rb") as fh:
            raw = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise TableFormatError(f"{source}: not valid TOML: {exc}") from None
    return parse_rules(raw, source)
