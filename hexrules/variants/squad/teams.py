"""Teams, postures, standing orders, facing and arcs of the squad variant (Q-4…Q-8, Q-10).

A :class:`Team` is a frozen value on the main game's hex grid (:class:`~hexrules.map.Hex`,
directions 1–6 of M-3). Its *front hex* is the adjacent hex it faces (Q-8); the distance from
the front hex to a target is one less, equal or one more than the plain distance, which puts
the target in the front, a flank or the rear arc.

Examples
--------
>>> from hexrules.map import Hex
>>> t = Team("B1", Side.BLUE, "three_man", Hex(5, 5), facing=2)
>>> front_hex(t)
Hex(6, 5)
>>> arc_of(t, Hex(9, 5)), arc_of(t, Hex(5, 8)), arc_of(t, Hex(1, 5))
(<Arc.FRONT: 'front'>, <Arc.FLANK: 'flank'>, <Arc.REAR: 'rear'>)
>>> hex_name(Hex.from_offset(7, 12))
'0712'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import Enum

from hexrules.errors import CoordinateError, RulesError, RulesTypeError
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex, direction_vector
from hexrules.records import register
from hexrules.units import Side
from hexrules.variants.squad.rules import SquadRules, TeamType, load_rules

__all__ = ["Arc", "Posture", "StandingOrder", "Team", "arc_by_angle", "arc_of", "front_hex",
           "hex_name", "hex_order", "parse_hex_name"]


class Posture(Enum):
    """The three postures (Q-7)."""

    UPRIGHT = "upright"
    CROUCHED = "crouched"
    CONCEALED = "concealed"

    @classmethod
    def parse(cls, value: Posture | str) -> Posture:
        """A posture from itself or its name; the error lists the choices."""
        if isinstance(value, Posture):
            return value
        for p in cls:
            if value == p.value:
                return p
        raise RulesError(f"unknown posture {value!r} (Q-7): use "
                         f"{', '.join(p.value for p in cls)}")

    def label(self, rules: SquadRules | None = None) -> str:
        """English with the Chinese term, e.g. ``'Concealed 隐蔽姿态'``."""
        return (rules or load_rules()).postures[self.value].label


class StandingOrder(Enum):
    """The three standing orders 作战指令 (Q-10)."""

    ENGAGE = "engage"     # 见敌必战
    COVERT = "covert"     # 隐蔽接敌
    SEARCH = "search"     # 搜索侦察

    @property
    def label(self) -> str:
        """English with the Chinese term."""
        return label({"engage": "engage_on_sight", "covert": "covert_approach",
                      "search": "search_and_reconnoitre"}[self.value])

    @classmethod
    def parse(cls, value: StandingOrder | str) -> StandingOrder:
        """A standing order from itself or its name; the error lists the choices."""
        if isinstance(value, StandingOrder):
            return value
        for p in cls:
            if value == p.value:
                return p
        raise RulesError(f"unknown standing order {value!r} (Q-10): use "
                         f"{', '.join(p.value for p in cls)}")


class Arc(Enum):
    """Where a hex lies from a team's facing (Q-8)."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


@dataclass(frozen=True)
class Team:
    """One team (Q-4): its type key (Q-5), hex, facing 1–6, posture, current defence, order.

    ``defence`` ``None`` means the type's theoretical defence. ``suppressed_until`` is the
    turn at whose end the team flips back (Q-23), ``None`` if not suppressed; ``triggered``
    whether it has made its one triggered attack this turn (Q-24).
    """

    id: str
    side: Side
    kind: str
    hex: Hex
    facing: int = 1
    posture: Posture = Posture.CROUCHED
    defence: int | None = None
    order: StandingOrder = StandingOrder.COVERT
    contact: Posture = Posture.CONCEALED
    suppressed_until: int | None = None
    triggered: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise RulesTypeError(f"a team id is a non-empty str, got {self.id!r}")
        object.__setattr__(self, "side", Side.parse(self.side))
        if not isinstance(self.hex, Hex):
            raise RulesTypeError(f"team {self.id}: hex must be a Hex, got {self.hex!r}")
        direction_vector(self.facing)  # 1-6, else CoordinateError (M-3)
        object.__setattr__(self, "posture", Posture.parse(self.posture))
        object.__setattr__(self, "order", StandingOrder.parse(self.order))
        object.__setattr__(self, "contact", Posture.parse(self.contact))
        if self.defence is None:
            object.__setattr__(self, "defence", load_rules().type_of(self.kind).defence)
        if isinstance(self.defence, bool) or not isinstance(self.defence, int) \
                or self.defence < 0:
            raise RulesError(f"team {self.id}: defence must be an integer >= 0, "
                             f"got {self.defence!r} (Q-4)")

    @property
    def killed(self) -> bool:
        """Whether its current defence is 0 (阵亡, Q-4)."""
        return self.defence == 0

    @property
    def suppressed(self) -> bool:
        """Whether it is flipped over (压制, Q-23)."""
        return self.suppressed_until is not None

    def type(self, rules: SquadRules | None = None) -> TeamType:
        """Its unit type (Q-5)."""
        return (rules or load_rules()).type_of(self.kind)

    def loss(self, rules: SquadRules | None = None) -> int:
        """Theoretical minus current defence (减员, Q-4)."""
        return self.type(rules).defence - int(self.defence or 0)

    def but(self, **changes: object) -> Team:
        """A copy with some fields changed."""
        return replace(self, **changes)  # type: ignore[arg-type]


register(Posture, StandingOrder, Arc, Team, namespace="squad")


def hex_name(h: Hex) -> str:
    """The hex's ``CCRR`` name: offset column, then row, two digits each (Q-1).

    >>> hex_name(Hex.from_offset(39, 0))
    '3900'
    """
    col, row = h.to_offset()
    return f"{col:02d}{row:02d}"


def parse_hex_name(name: str | Hex) -> Hex:
    """The hex of a ``CCRR`` name (or a Hex, returned as is).

    >>> parse_hex_name("0712")
    Hex(1, 12)
    >>> parse_hex_name("7")
    Traceback (most recent call last):
    ...
    hexrules.errors.CoordinateError: a squad hex name is four digits CCRR (Q-1), got '7'
    """
    if isinstance(name, Hex):
        return name
    if not isinstance(name, str) or len(name) != 4 or not name.isdigit():
        raise CoordinateError(f"a squad hex name is four digits CCRR (Q-1), got {name!r}")
    return Hex.from_offset(int(name[:2]), int(name[2:]))


def hex_order(h: Hex) -> tuple[int, int]:
    """The sort key of Q-24: lowest column first, then lowest row (the ``CCRR`` order)."""
    return h.to_offset()


def front_hex(team: Team) -> Hex:
    """The adjacent hex the team faces (前一格, Q-8); it may lie off the map."""
    return team.hex.neighbor(team.facing)


def arc_of(team: Team, target: Hex) -> Arc:
    """The arc of ``target`` by the front-hex measure (Q-8).

    Raises
    ------
    RulesError
        For the team's own hex.
    """
    n = team.hex.distance(target)
    if n == 0:
        raise RulesError(f"team {team.id}: its own hex has no arc (Q-8)")
    d = front_hex(team).distance(target)
    return Arc.FRONT if d == n - 1 else Arc.FLANK if d == n else Arc.REAR


def _centre(h: Hex) -> tuple[float, float]:
    x, y = h.lattice()
    return x / 2.0, y * math.sqrt(3) / 6.0  # unit spacing between adjacent centres


def arc_by_angle(team: Team, target: Hex) -> Arc:
    """The arc of ``target`` by the angle θ to the facing (Q-8 clarification): front
    |θ| < 60°, flank 60° ≤ |θ| < 120°, rear |θ| ≥ 120°. It agrees with :func:`arc_of`.

    >>> from hexrules.map import Hex
    >>> t = Team("R1", "red", "medic", Hex(0, 0), facing=1)
    >>> all(arc_by_angle(t, h) == arc_of(t, h) for h in Hex(0, 0).spiral(6) if h != t.hex)
    True
    """
    ax, ay = _centre(team.hex)
    fx, fy = _centre(front_hex(team))
    tx, ty = _centre(target)
    a = math.atan2(fy - ay, fx - ax)
    b = math.atan2(ty - ay, tx - ax)
    theta = abs(math.degrees((b - a + math.pi) % (2 * math.pi) - math.pi))
    eps = 1e-9
    if theta < 60 - eps:
        return Arc.FRONT
    return Arc.FLANK if theta < 120 - eps else Arc.REAR
