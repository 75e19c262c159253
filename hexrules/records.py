"""One shape for every adjudication: steps, rolls, effects, and records as JSON-safe values.

Every ruling hexrules makes — a line of sight, a fire declaration, and, as the game grows, a
move step, an opportunity shot, an artillery gun, a card, a close-combat round — returns a
*record*: a frozen value that follows :class:`Record`:

* ``rules``: the rule IDs applied, a tuple, in order (``('F-1', 'L-3', 'F-3', …)``);
* ``steps``: the ordered :class:`Step` values (rule, table cell, dice, modifier, result);
* ``rolls``: every die rolled, each a :class:`~hexrules.dice.Roll` with its rule and purpose;
* ``effects``: the units it changed, as :class:`Effect` (before, after);
* ``to_dict()`` / ``from_dict()``: a JSON-safe dictionary and back (``from_dict(to_dict(r))
  == r``), for the game log, saving and replay;
* ``__str__`` (plain text) and ``_repr_html_`` (bilingual HTML in a notebook), both drawn by
  :mod:`hexrules.render`.

Records are *values*: two identical seeded adjudications compare equal. A record refers to the
map and the rule tables it was made with by :class:`MapRef` / :class:`TableRef` (name and a
content digest), never by holding them.

The JSON form is produced by one tagged codec (:func:`encode` / :func:`decode`) for every
registered value type, so a new record type only has to :func:`register` its classes. A
variant registers its types under its own namespace (``register(..., namespace="squad")``
tags them ``"squad.Team"``), so a variant is an addition: its names never collide with the
tank game's, whose bare tags every saved game uses. What every game's records share beyond
the codec (``to_dict`` / ``from_dict``, the rules of a ruling, the parts of an order's
record) is in :mod:`hexrules.rulings`.

Examples
--------
>>> from hexrules import HexMap, line_of_sight
>>> m = HexMap.load("training")
>>> rec = line_of_sight(m, "4563KC", "4564GD")
>>> isinstance(rec, Record), rec.rules
(True, ('L-1', 'L-2', 'L-5'))
>>> import json
>>> back = record_from_dict(json.loads(json.dumps(rec.to_dict())))
>>> back == rec, back.map == MapRef.of(m)
(True, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

from hexrules.errors import RulesError, RulesTypeError
from hexrules.units import Result, Unit

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.dice import Roll
    from hexrules.map.hexmap import HexMap
    from hexrules.tables import Cell, TableSet

__all__ = [
    "Effect",
    "MapRef",
    "Record",
    "RecordFormatError",
    "Step",
    "StepValue",
    "TableRef",
    "decode",
    "decode_as",
    "encode",
    "record_from_dict",
    "register",
    "tag_of",
]

#: What a step's ``value`` may hold: a level, a verdict, a result, a count, an exact cost
#: (movement points), or nothing.
StepValue = int | bool | Fraction | Result | str | None


class RecordFormatError(RulesError):
    """A record dictionary (e.g. from a saved game) that cannot be read back."""


# ---------------------------------------------------------------------------------------
# Steps and effects
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One step of an adjudication, with the rule that was applied.

    Attributes
    ----------
    rule : str
        Rule ID (``'F-6'``; the sight step of a shot carries the sight case, e.g. ``'L-3'``).
    title : str
        Bilingual title of the step.
    inputs : tuple of (str, str)
        The conditions the step looked at, as (name, value) pairs.
    cell : Cell or None
        The table cell read (rule, file, row, column, value), if any.
    dice : tuple of int
        Dice faces used by the step (F-7 shows the F-6 dice it reuses).
    modifier : int or None
        Attack-level change made by the step.
    result : str
        The result so far, in words.
    value : int, bool, Result, str or None
        The result so far as a value (a level, a verdict, a :class:`~hexrules.units.Result`).
    note : str
        Why, in words.

    Examples
    --------
    >>> s = Step("F-5", "Other modifiers 其他修正", (("shooter suppressed", "-3"),),
    ...          modifier=-3, result="final level 6", value=6)
    >>> print(s)
    [F-5] Other modifiers 其他修正 | shooter suppressed -3 | modifier -3 | → final level 6
    >>> Step.from_dict(s.to_dict()) == s
    True
    """

    rule: str
    title: str
    inputs: tuple[tuple[str, str], ...] = ()
    cell: Cell | None = None
    dice: tuple[int, ...] = ()
    modifier: int | None = None
    result: str = ""
    value: StepValue = None
    note: str = ""

    def __str__(self) -> str:
        from hexrules.render.text import step_text

        return step_text(self)

    def to_dict(self) -> dict[str, object]:
        """JSON-safe dictionary (see :func:`encode`)."""
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Step:
        """The step of a :meth:`to_dict` dictionary."""
        return decode_as(cls, data)


@dataclass(frozen=True)
class Effect:
    """A unit changed by an adjudication: its state before and after.

    ``before`` and ``after`` are any unit value with an ``id`` (a tank :class:`Unit`, a
    team of a variant such as :class:`hexrules.variants.squad.Team`), registered for JSON.

    Examples
    --------
    >>> from hexrules import Hex, Status
    >>> u = Unit("B1", "blue", Hex(3, 1))
    >>> e = Effect(u, u.with_status(Status.SUPPRESSED))
    >>> e.unit_id, e.added
    ('B1', (Status.SUPPRESSED,))
    """

    before: Unit
    after: Unit

    def __post_init__(self) -> None:
        if self.before.id != self.after.id:
            raise RulesError(
                f"an effect is one unit before and after, got {self.before.id!r} and "
                f"{self.after.id!r}"
            )

    @property
    def unit_id(self) -> str:
        """The id of the unit changed."""
        return self.before.id

    @property
    def added(self) -> tuple[object, ...]:
        """Status markers the adjudication added, in C-3 order (none for a unit value
        without C-3 markers, such as a squad team)."""
        from hexrules.units import Status

        if not hasattr(self.before, "status") or not hasattr(self.after, "status"):
            return ()
        return tuple(s for s in Status if s in self.after.status - self.before.status)


@runtime_checkable
class Record(Protocol):
    """What every adjudication record provides (see the module docstring)."""

    @property
    def rules(self) -> tuple[str, ...]: ...  # pragma: no cover

    @property
    def steps(self) -> tuple[Step, ...]: ...  # pragma: no cover

    @property
    def rolls(self) -> tuple[Roll, ...]: ...  # pragma: no cover

    @property
    def effects(self) -> tuple[Effect, ...]: ...  # pragma: no cover

    def to_dict(self) -> dict[str, object]: ...  # pragma: no cover

    def _repr_html_(self) -> str: ...  # pragma: no cover


# ---------------------------------------------------------------------------------------
# References to the map and the tables
# ---------------------------------------------------------------------------------------
_MAP_DIGESTS: weakref.WeakKeyDictionary[HexMap, str] = weakref.WeakKeyDictionary()
_LIVE_MAPS: weakref.WeakValueDictionary[str, HexMap] = weakref.WeakValueDictionary()


def _map_digest(hexmap: HexMap) -> str:
    digest = _MAP_DIGESTS.get(hexmap)
    if digest is None:
        payload = json.dumps(hexmap.to_dict(), sort_keys=True, ensure_ascii=False)
        digest = hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]
        _MAP_DIGESTS[hexmap] = digest
    _LIVE_MAPS[digest] = hexmap
    return digest


@dataclass(frozen=True)
class MapRef:
    """Which map a record was made on: its name, the file it came from, a content digest.

    Examples
    --------
    >>> from hexrules import HexMap
    >>> m = HexMap.flat(4, 3, name="tiny")
    >>> ref = MapRef.of(m)
    >>> ref.name, len(ref.digest), ref.resolve() is m
    ('tiny', 16, True)
    >>> MapRef.of(HexMap.flat(4, 3, name="tiny")) == ref   # same content, same reference
    True
    """

    name: str
    #: where the map was read from; not part of the reference's identity (equal maps read
    #: from two checkouts give equal records, so a saved game replays anywhere)
    source: str = field(compare=False)
    digest: str

    @classmethod
    def of(cls, hexmap: HexMap) -> MapRef:
        """The reference of a map."""
        return cls(hexmap.name, hexmap.source, _map_digest(hexmap))

    def matches(self, hexmap: HexMap) -> bool:
        """Whether ``hexmap`` is the map this reference names (same content)."""
        return _map_digest(hexmap) == self.digest

    def resolve(self, hexmap: HexMap | None = None) -> HexMap:
        """The map itself: ``hexmap`` if given and matching, else a live or re-loaded copy.

        Raises
        ------
        RulesError
            If ``hexmap`` is another map, or the map is neither in memory nor loadable from
            its file with the same content.
        """
        if hexmap is not None:
            if not self.matches(hexmap):
                raise RulesError(
                    f"this record was made on map {self.name!r} ({self.digest}); "
                    f"{hexmap!r} is a different map"
                )
            return hexmap
        live = _LIVE_MAPS.get(self.digest)
        if live is not None:
            return live
        from hexrules.map.hexmap import MAPS_DIR, HexMap

        # the file it was read from; else a shipped map of that file name (a game saved on
        # another machine, or by another checkout, names its own path)
        candidates = [Path(self.source)] if self.source else []
        if self.source:
            candidates.append(MAPS_DIR / Path(self.source.replace("\\", "/")).name)
        for path in candidates:
            if path.is_file():
                loaded = HexMap.load(path)
                if self.matches(loaded):
                    return loaded
        raise RulesError(
            f"this record refers to map {self.name!r} ({self.digest}), which is not loaded "
            f"and cannot be re-read from {self.source!r}: pass the map, e.g. hexmap=m"
        )


def _tables_digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.toml")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


_TABLE_DIGESTS: dict[int, tuple[TableSet, str]] = {}


def _table_set_digest(tables: TableSet) -> str:
    # TableSet is not hashable; keyed by id while the cache holds the set alive
    hit = _TABLE_DIGESTS.get(id(tables))
    if hit is None or hit[0] is not tables:
        hit = (tables, _tables_digest(Path(tables.folder)))
        _TABLE_DIGESTS[id(tables)] = hit
    return hit[1]


@dataclass(frozen=True)
class TableRef:
    """Which rule-table set a record used: its folder, whether it is the default, a digest.

    Examples
    --------
    >>> from hexrules.tables import load_tables
    >>> ref = TableRef.of(load_tables())
    >>> ref.default, ref.resolve() is load_tables()
    (True, True)
    """

    #: where the tables were read from; not part of the identity (the digest is), so a game
    #: saved by one checkout or machine replays on another
    folder: str = field(compare=False)
    default: bool
    digest: str

    @classmethod
    def of(cls, tables: TableSet) -> TableRef:
        """The reference of a loaded table set."""
        return cls(str(tables.folder), bool(tables.is_default), _table_set_digest(tables))

    def resolve(self) -> TableSet:
        """Load the table set again (checking it has not changed since).

        Raises
        ------
        RulesError
            If the folder's files have changed or are gone.
        """
        from hexrules.tables import DEFAULT_TABLES_DIR, load_tables

        folder = DEFAULT_TABLES_DIR if self.default else Path(self.folder)
        if not folder.is_dir() or _tables_digest(folder) != self.digest:
            raise RulesError(
                f"the rule tables of this record ({self.folder}, {self.digest}) have changed "
                "or are gone"
            )
        return load_tables(None if self.default else folder)


# ---------------------------------------------------------------------------------------
# The codec
# ---------------------------------------------------------------------------------------
_TYPES: dict[str, type] = {}
_TAGS: dict[type, str] = {}
T = TypeVar("T")


def register(*classes: type, namespace: str | None = None) -> None:
    """Make dataclasses and enums known to :func:`encode` / :func:`decode` under a tag.

    The tag is the class name, prefixed by ``namespace`` when one is given: the tank game's
    types use bare names (``"Hex"``, ``"DeclareFire"``: every saved game keeps decoding), and
    a variant registers its own under its namespace (``"squad.Attack"``, ``"prok.OpenFire"``),
    so two games may both have an ``Attack``. A tag names one class: registering another
    class under a tag already taken, or one class under two tags, raises ``TypeError``
    (re-registering the same class under the same tag, e.g. after a module reload, is fine).

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Marker:
    ...     hex: tuple[int, int]
    >>> register(Marker)
    >>> decode(encode(Marker((1, 2))))
    Marker(hex=(1, 2))
    >>> @dataclass(frozen=True)
    ... class Flag:
    ...     colour: str
    >>> register(Flag, namespace="demo")
    >>> encode(Flag("red")), tag_of(Flag)
    ({'$': 'demo.Flag', 'colour': 'red'}, 'demo.Flag')
    """
    if namespace is not None and (not isinstance(namespace, str) or not namespace.isidentifier()):
        raise RulesTypeError(f"a record namespace is a plain name such as 'squad', "
                             f"got {namespace!r}")
    for cls in classes:
        if not (dataclasses.is_dataclass(cls) or issubclass(cls, Enum)):
            raise RulesTypeError(f"only dataclasses and enums can be registered, got {cls!r}")
        tag = cls.__name__ if namespace is None else f"{namespace}.{cls.__name__}"
        known = _TYPES.get(tag)
        if known is not None and known is not cls and (
                known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
            raise RulesTypeError(
                f"two record types are tagged {tag!r}: {known.__module__} and "
                f"{cls.__module__}; register one under a namespace (register(..., "
                f"namespace='…')) or rename it")
        held = _TAGS.get(cls)
        if held is not None and held != tag:
            raise RulesTypeError(f"{cls.__module__}.{cls.__qualname__} is already registered as "
                                 f"{held!r}, not {tag!r}: a type has one tag")
        if known is not None and known is not cls:  # the same class, reloaded
            _TAGS.pop(known, None)
        _TYPES[tag] = cls
        _TAGS[cls] = tag


def tag_of(cls: type) -> str:
    """The ``"$"`` tag a registered type is encoded with.

    Raises
    ------
    TypeError
        If ``cls`` is not registered.

    Examples
    --------
    >>> from hexrules import Hex
    >>> tag_of(Hex)
    'Hex'
    """
    tag = _TAGS.get(cls)
    if tag is None:
        raise RulesTypeError(f"{cls.__name__} is not a registered record type")
    return tag


def encode(value: object) -> object:
    """A JSON-safe form of a record value (tagged with ``"$"`` where JSON has no type).

    Tuples become lists (decoded back to tuples), sets and dicts carry a tag, enums and
    dataclasses their class name, fractions their exact ``'p/q'`` text.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from hexrules import Hex, Status
    >>> encode((Hex(1, 2), Fraction(1, 3), Status.FIRED))
    [{'$': 'Hex', 'q': 1, 'r': 2}, {'$': 'Fraction', 'v': '1/3'}, {'$': 'Status', 'v': 'fired'}]
    """
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, Enum):  # before int and str: IntEnum and StrEnum keep their type
        return {"$": _TAGS.get(type(value), type(value).__name__), "v": value.value}
    if isinstance(value, int | str | float):
        return value
    if isinstance(value, Fraction):
        return {"$": "Fraction", "v": str(value)}
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset | set):
        items = [encode(v) for v in value]
        items.sort(key=lambda v: json.dumps(v, sort_keys=True, ensure_ascii=False))
        return {"$": "frozenset", "v": items}
    if isinstance(value, Mapping):
        return {"$": "dict", "v": [[encode(k), encode(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        tag = _TAGS.get(type(value))
        if tag is None:
            raise RulesTypeError(f"cannot encode a {type(value).__name__}: not a registered "
                                 "record type")
        out: dict[str, object] = {"$": tag}
        for f in dataclasses.fields(value):
            if f.init:
                out[f.name] = encode(getattr(value, f.name))
        return out
    raise RulesTypeError(f"cannot encode {type(value).__name__} {value!r} in a record")


def decode(data: object) -> object:
    """The value of an :func:`encode` form.

    Raises
    ------
    RecordFormatError
        Naming the unknown type or the bad entry.

    Examples
    --------
    >>> from hexrules import Hex
    >>> decode([{"$": "Hex", "q": 1, "r": 2}, 3])
    (Hex(1, 2), 3)
    >>> decode({"$": "Spaceship"})
    Traceback (most recent call last):
    ...
    hexrules.records.RecordFormatError: unknown record type 'Spaceship' ...
    """
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    if not isinstance(data, Mapping):
        raise RecordFormatError(f"cannot decode {type(data).__name__} {data!r}")
    tag = data.get("$")
    if tag == "Fraction":
        return Fraction(str(data.get("v")))
    if tag == "frozenset":
        return frozenset(decode(v) for v in _list(data, "v"))
    if tag == "dict":
        return {decode(k): decode(v) for k, v in _list(data, "v")}
    cls = _TYPES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        known = ", ".join(sorted(_TYPES))
        raise RecordFormatError(f"unknown record type {tag!r} (known: {known})")
    if issubclass(cls, Enum):
        try:
            return cls(data.get("v"))
        except ValueError:
            raise RecordFormatError(f"{tag}: unknown value {data.get('v')!r}") from None
    fields = {f.name for f in dataclasses.fields(cls) if f.init}
    kwargs = {k: decode(v) for k, v in data.items() if k != "$"}
    unknown = set(kwargs) - fields
    if unknown:
        raise RecordFormatError(f"{tag}: unknown field(s) {', '.join(sorted(unknown))}")
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise RecordFormatError(f"{tag}: {exc}") from None


def _list(data: Mapping[str, object], key: str) -> list[object]:
    value = data.get(key)
    if not isinstance(value, list):
        raise RecordFormatError(f"{data.get('$')}: {key!r} must be a list, got {value!r}")
    return value


def decode_as(cls: type[T], data: Mapping[str, object]) -> T:
    """The value of an :func:`encode` form, checked to be a ``cls``.

    >>> from hexrules import Hex
    >>> decode_as(Hex, {"$": "Hex", "q": 0, "r": 1})
    Hex(0, 1)
    """
    value = decode(data)
    if not isinstance(value, cls):
        raise RecordFormatError(f"expected a {cls.__name__} dictionary, got {type(value).__name__}")
    return value


def record_from_dict(data: Mapping[str, object]) -> Record:
    """Any record from its :meth:`to_dict` dictionary (the ``"$"`` tag names the type).

    Raises
    ------
    RecordFormatError
        If the dictionary is not a record.
    """
    value = decode(data)
    if not isinstance(value, Record):
        raise RecordFormatError(f"not a record: {type(value).__name__}")
    return value


def _register_core() -> None:
    from hexrules.dice import DiceState, Roll
    from hexrules.map.coords import Georef
    from hexrules.map.hexgrid import Hex
    from hexrules.map.terrain import Terrain
    from hexrules.tables import Cell
    from hexrules.units import Side, Status

    register(Hex, Georef, Terrain, Side, Status, Result, Unit, Roll, DiceState, Cell, Step,
             Effect, MapRef, TableRef)


_register_core()
