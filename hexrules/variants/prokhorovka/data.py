"""The variant's numbers as data (P-2, P-10…P-22): :class:`Rules` and :func:`load_rules`.

Every number of Appendix B lives in ``data/prokhorovka.toml`` (an instructor may copy and
change it); :func:`load_rules` checks it and raises
:class:`~hexrules.errors.TableFormatError` naming the file and the entry.

>>> r = load_rules()
>>> r.vehicles["Tiger I"].plate("front"), r.morale["low"].die, r.squads["german"].men
(100, -2, 14)
>>> parse_rules({"meta": {}}, "x.toml")
Traceback (most recent call last):
...
hexrules.errors.TableFormatError: x.toml: meta: missing 'minutes_per_turn' (P-2)
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexrules.errors import TableFormatError

__all__ = ["DATA_FILE", "MORALE_LEVELS", "Modifiers", "Morale", "Rules", "SquadType",
           "VehicleType", "load_rules", "parse_rules"]

DATA_FILE = Path(__file__).parent / "data" / "prokhorovka.toml"
#: Morale states, lowest first (P-21).
MORALE_LEVELS = ("broken", "low", "normal", "high")
GROUNDS = ("forest", "plain", "hills")
FEATURES = ("road", "barn", "house", "haystack")
SIDES = ("german", "soviet")


@dataclass(frozen=True)
class VehicleType:
    """One vehicle type (P-2, P-13, P-15): plates in mm, crew, basic loads, the P-13 base."""

    name: str
    side: str
    front: int
    flank: int
    rear: int
    crew: int
    loads: int
    base: int
    long_range_bonus: bool

    def plate(self, part: str) -> int:
        """The thickness of ``part`` (``'front'``, ``'side'``, ``'rear'``), in mm."""
        return {"front": self.front, "side": self.flank, "rear": self.rear}[part]


@dataclass(frozen=True)
class SquadType:
    """A side's squad (P-2): men and basic loads."""

    side: str
    men: int
    loads: int


@dataclass(frozen=True)
class Modifiers:
    """P-19 values of one terrain for one arm, as exact fractions (+20 % is 1/5)."""

    defence: Fraction = Fraction(0)
    fire: Fraction = Fraction(0)
    speed: Fraction = Fraction(0)
    enter: bool = True


@dataclass(frozen=True)
class Morale:
    """One morale state (P-21): rout threshold (d6 ≤), fire bonus, die modifier, fire to win."""

    name: str
    rout: int
    fire: Fraction
    die: int
    win: bool


@dataclass(frozen=True)
class Rules:
    """Every number of the variant, checked (see the module docstring)."""

    source: str
    title: str
    turns: int
    vehicles: Mapping[str, VehicleType]
    squads: Mapping[str, SquadType]
    bands: tuple[int, ...]
    hit: Mapping[str, tuple[int, ...]]
    long_range_beyond: int
    long_range_plus: int
    hit_cap: int
    concealment: int
    normal_loads: int
    win_loads: int
    high_morale_win_extra: int
    normal_percent: int
    win_percent: int
    anti_tank_base: int
    terrain: Mapping[tuple[str, str], Modifiers]
    trench_defence: Fraction
    trench_fire: Fraction
    trench_fire_win: Fraction
    trench_reload: int
    morale: Mapping[str, Morale]
    attack_turns: int
    support_turns: int
    casualty_turns: int
    tubes: int
    mortar_dice: int
    keypad: tuple[tuple[int, ...], ...]
    mortar_damage: int
    plate_percent: int
    reserve_turn: int
    su152_turn: int
    score: Mapping[str, Fraction]

    def keypad_offset(self, number: int) -> tuple[int, int]:
        """The (d column, d row) of keypad square ``number`` from the aim square 5 (P-17)."""
        for r, row in enumerate(self.keypad):
            for c, v in enumerate(row):
                if v == number:
                    return c - 1, r - 1
        raise TableFormatError(f"{Path(self.source).name}: mortar.keypad has no square "
                               f"{number} (P-17)")


class _Where:
    def __init__(self, source: str) -> None:
        self.file = Path(source).name

    def fail(self, entry: str, problem: str, rule: str) -> TableFormatError:
        err = TableFormatError(f"{self.file}: {entry}: {problem} ({rule})")
        err.file, err.table = self.file, entry
        return err


def _table(w: _Where, data: Any, entry: str, keys: set[str], rule: str,
           optional: frozenset[str] = frozenset()) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise w.fail(entry, f"must be a table, got {data!r}", rule)
    for k in sorted(keys - optional):
        if k not in data:
            raise w.fail(entry, f"missing {k!r}", rule)
    unknown = sorted(set(data) - keys)
    if unknown:
        raise w.fail(entry, f"unknown key(s) {', '.join(map(repr, unknown))}", rule)
    return data


def _int(w: _Where, value: Any, entry: str, rule: str, lo: int | None = None,
         hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise w.fail(entry, f"must be a whole number, got {value!r}", rule)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise w.fail(entry, f"must be {lo}…{hi if hi is not None else '∞'}, got {value}", rule)
    return value


def _pct(w: _Where, value: Any, entry: str, rule: str) -> Fraction:
    return Fraction(_int(w, value, entry, rule, -100), 100)


def _bool(w: _Where, value: Any, entry: str, rule: str) -> bool:
    if not isinstance(value, bool):
        raise w.fail(entry, f"must be true or false, got {value!r}", rule)
    return value


def parse_rules(data: Mapping[str, Any], source: str) -> Rules:
    """Check the TOML ``data`` of ``source`` and build :class:`Rules`.

    Raises
    ------
    TableFormatError
        Naming the file, the entry and the rule.
    """
    w = _Where(source)
    top = _table(w, data, "(top)", {"meta", "vehicle", "squad", "hit", "fire", "terrain",
                                     "trench", "morale", "triggers", "mortar", "reserves",
                                     "score"}, "P-2",
                 optional=frozenset({"vehicle", "squad", "hit", "fire", "terrain", "trench",
                                     "morale", "triggers", "mortar", "reserves", "score"}))
    meta = _table(w, top["meta"], "meta", {"title", "title_zh", "turns", "minutes_per_turn"},
                  "P-2")
    for part, key in (("vehicle", "P-15"), ("squad", "P-2"), ("hit", "P-11"), ("fire", "P-12"),
                      ("terrain", "P-19"), ("trench", "P-20"), ("morale", "P-21"),
                      ("triggers", "P-22"), ("mortar", "P-17"), ("reserves", "P-3"),
                      ("score", "P-24")):
        if part not in top:
            raise w.fail("(top)", f"missing [{part}]", key)
    vehicles = {}
    vkeys = {"side", "front", "flank", "rear", "crew", "loads", "base", "long_range_bonus"}
    for name, v in _table(w, top["vehicle"], "vehicle", set(top["vehicle"]), "P-15").items():
        e = f"vehicle.{name!r}"
        v = _table(w, v, e, vkeys, "P-15")
        if v["side"] not in SIDES:
            raise w.fail(f"{e}.side", f"must be 'german' or 'soviet', got {v['side']!r}", "P-2")
        vehicles[name] = VehicleType(
            name, v["side"], *(_int(w, v[k], f"{e}.{k}", "P-15", 0)
                               for k in ("front", "flank", "rear", "crew", "loads")),
            _int(w, v["base"], f"{e}.base", "P-13", 1),
            _bool(w, v["long_range_bonus"], f"{e}.long_range_bonus", "P-11"))
    squads = {}
    for side in SIDES:
        s = _table(w, top["squad"].get(side) if isinstance(top["squad"], Mapping) else None,
                   f"squad.{side}", {"men", "loads"}, "P-2")
        squads[side] = SquadType(side, _int(w, s["men"], f"squad.{side}.men", "P-2", 1),
                                 _int(w, s["loads"], f"squad.{side}.loads", "P-2", 0))
    kinds = ("small_arms", "anti_tank", "vehicle_infantry", "vehicle_armour")
    hit = _table(w, top["hit"], "hit", {"bands", *kinds, "long_range_beyond", "long_range_plus",
                                        "hit_cap", "concealment"}, "P-11")
    bands = hit["bands"]
    if not isinstance(bands, list) or not bands or any(
            isinstance(b, bool) or not isinstance(b, int) for b in bands) \
            or bands != sorted(set(bands)):
        raise w.fail("hit.bands", f"must be increasing whole ranges, got {bands!r}", "P-11")
    needs = {}
    for k in kinds:
        row = hit[k]
        if not isinstance(row, list) or not 1 <= len(row) <= len(bands):
            raise w.fail(f"hit.{k}", f"must be a list of 1-{len(bands)} numbers, one a band, "
                                     f"got {row!r}", "P-11")
        needs[k] = tuple(_int(w, x, f"hit.{k}[{i}]", "P-11", 0, 6) for i, x in enumerate(row))
    fire = _table(w, top["fire"], "fire", {"normal_loads", "win_loads", "high_morale_win_extra",
                                           "normal_percent", "win_percent",
                                           "anti_tank_base"}, "P-10")
    terrain = {}
    for name in (*GROUNDS, *FEATURES):
        t = _table(w, top["terrain"].get(name) if isinstance(top["terrain"], Mapping) else None,
                   f"terrain.{name}", {"infantry", "armour"}, "P-19")
        for arm in ("infantry", "armour"):
            e = f"terrain.{name}.{arm}"
            m = _table(w, t[arm], e, {"defence", "fire", "speed", "enter"}, "P-19",
                       optional=frozenset({"defence", "fire", "speed", "enter"}))
            enter = _bool(w, m.get("enter", True), f"{e}.enter", "P-19")
            if enter and not {"defence", "fire", "speed"} <= set(m):
                raise w.fail(e, "needs defence, fire and speed (or enter = false)", "P-19")
            mods = Modifiers(*(_pct(w, m.get(k, 0), f"{e}.{k}", "P-19")
                               for k in ("defence", "fire", "speed")), enter)
            if mods.speed <= -1:
                raise w.fail(f"{e}.speed", "must be above -100", "P-9")
            terrain[(name, arm)] = mods
    tr = _table(w, top["trench"], "trench", {"defence", "fire", "fire_win", "reload"}, "P-20")
    morale = {}
    for name in MORALE_LEVELS:
        m = _table(w, top["morale"].get(name) if isinstance(top["morale"], Mapping) else None,
                   f"morale.{name}", {"rout", "fire", "die", "win"}, "P-21")
        morale[name] = Morale(name, _int(w, m["rout"], f"morale.{name}.rout", "P-21", 0, 6),
                              _pct(w, m["fire"], f"morale.{name}.fire", "P-21"),
                              _int(w, m["die"], f"morale.{name}.die", "P-21", -6, 6),
                              _bool(w, m["win"], f"morale.{name}.win", "P-21"))
    trig = _table(w, top["triggers"], "triggers",
                  {"attack_turns", "support_turns", "casualty_turns"}, "P-22")
    mo = _table(w, top["mortar"], "mortar",
                {"tubes", "dice", "keypad", "damage", "plate_percent"}, "P-17")
    keypad = mo["keypad"]
    if not (isinstance(keypad, list) and len(keypad) == 3
            and all(isinstance(r, list) and len(r) == 3 for r in keypad)
            and sorted(x for r in keypad for x in r) == list(range(1, 10))
            and keypad[1][1] == 5):
        raise w.fail("mortar.keypad", f"must be 3 rows of 3 holding 1-9 once each, 5 in the "
                                      f"middle, got {keypad!r}", "P-17")
    res = _table(w, top["reserves"], "reserves", {"company_turn", "su152_turn"}, "P-3")
    sc = _table(w, top["score"], "score", {"destroyed", "disabled", "killed", "wounded"}, "P-24")
    score = {}
    for k, v in sc.items():
        try:
            score[k] = Fraction(v) if isinstance(v, str | int) and not isinstance(v, bool) \
                else None
        except (ValueError, ZeroDivisionError):
            score[k] = None
        if score[k] is None:
            raise w.fail(f"score.{k}", f"must be a number or a fraction like '1/2', got {v!r}",
                         "P-24")
    turns = _int(w, meta["turns"], "meta.turns", "P-1", 1)
    return Rules(
        source=source, title=str(meta["title"]), turns=turns, vehicles=vehicles,
        squads=squads, bands=tuple(bands), hit=needs,
        long_range_beyond=_int(w, hit["long_range_beyond"], "hit.long_range_beyond", "P-11", 0),
        long_range_plus=_int(w, hit["long_range_plus"], "hit.long_range_plus", "P-11", 0),
        hit_cap=_int(w, hit["hit_cap"], "hit.hit_cap", "P-11", 0, 6),
        concealment=_int(w, hit["concealment"], "hit.concealment", "P-18", 0),
        normal_loads=_int(w, fire["normal_loads"], "fire.normal_loads", "P-10", 0),
        win_loads=_int(w, fire["win_loads"], "fire.win_loads", "P-10", 0),
        high_morale_win_extra=_int(w, fire["high_morale_win_extra"],
                                   "fire.high_morale_win_extra", "P-21", 0),
        normal_percent=_int(w, fire["normal_percent"], "fire.normal_percent", "P-12", 0),
        win_percent=_int(w, fire["win_percent"], "fire.win_percent", "P-12", 0),
        anti_tank_base=_int(w, fire["anti_tank_base"], "fire.anti_tank_base", "P-13", 1),
        terrain=terrain, trench_defence=_pct(w, tr["defence"], "trench.defence", "P-19"),
        trench_fire=_pct(w, tr["fire"], "trench.fire", "P-19"),
        trench_fire_win=_pct(w, tr["fire_win"], "trench.fire_win", "P-19"),
        trench_reload=_int(w, tr["reload"], "trench.reload", "P-20", 0),
        morale=morale,
        attack_turns=_int(w, trig["attack_turns"], "triggers.attack_turns", "P-22", 1),
        support_turns=_int(w, trig["support_turns"], "triggers.support_turns", "P-22", 1),
        casualty_turns=_int(w, trig["casualty_turns"], "triggers.casualty_turns", "P-22", 1),
        tubes=_int(w, mo["tubes"], "mortar.tubes", "P-17", 1),
        mortar_dice=_int(w, mo["dice"], "mortar.dice", "P-17", 3, 3),
        keypad=tuple(tuple(r) for r in keypad),
        mortar_damage=_int(w, mo["damage"], "mortar.damage", "P-17", 0),
        plate_percent=_int(w, mo["plate_percent"], "mortar.plate_percent", "P-17", 0),
        reserve_turn=_int(w, res["company_turn"], "reserves.company_turn", "P-3", 1, turns),
        su152_turn=_int(w, res["su152_turn"], "reserves.su152_turn", "P-3", 1, turns),
        score=score)


@functools.cache
def _default() -> Rules:
    return _read(DATA_FILE)


def _read(path: Path) -> Rules:
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise TableFormatError(f"{path}: no such rules file (P-2)") from None
    except tomllib.TOMLDecodeError as exc:
        raise TableFormatError(f"{path.name}: not valid TOML: {exc} (P-2)") from None
    return parse_rules(data, str(path))


def load_rules(path: str | Path | None = None) -> Rules:
    """The variant's numbers: the shipped file, or an instructor's copy at ``path``."""
    return _default() if path is None else _read(Path(path))
