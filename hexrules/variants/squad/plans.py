"""The orders of the squad variant as values (Q-9, Q-10, Q-11): written plans.

A commander gives three kinds of orders, each a frozen value for the engine's
``verify`` / ``can`` / ``apply``:

* :class:`Deployment` (once, Q-11): each team's hex in the zone, facing, posture, standing
  order and contact posture;
* :class:`ActionPlan` (before each movement phase, Q-9): per team a :class:`TeamPlan`, its
  standing order, contact posture and actions (:class:`StepAction`, :class:`TurnAction`,
  :class:`ChangePosture`);
* :class:`AttackPlan` (after the movement feedback, Q-9): :class:`Heal` and
  :class:`Attack` entries.

Examples
--------
>>> p = TeamPlan("R1", "engage", (StepAction(2), StepAction(2), ChangePosture("concealed")))
>>> p.actions[2]
ChangePosture(posture=<Posture.CONCEALED: 'concealed'>)
>>> ActionPlan("red", (p,)).rule
'Q-9'
"""

from __future__ import annotations

from dataclasses import dataclass

from hexrules.errors import RulesTypeError
from hexrules.map.hexgrid import Hex, direction_vector
from hexrules.records import register
from hexrules.units import Side
from hexrules.variants.squad.teams import Posture, StandingOrder, parse_hex_name

__all__ = ["Action", "ActionPlan", "Attack", "AttackPlan", "ChangePosture", "Deployment", "Heal",
           "Override", "Placement", "SquadOrder", "StepAction", "TeamPlan", "TurnAction"]


@dataclass(frozen=True)
class StepAction:
    """One step to the adjacent hex in ``direction`` 1–6; the team then faces it (Q-8)."""

    direction: int

    def __post_init__(self) -> None:
        direction_vector(self.direction)


@dataclass(frozen=True)
class TurnAction:
    """Turn in place to face ``direction`` 1–6 (Q-8)."""

    direction: int

    def __post_init__(self) -> None:
        direction_vector(self.direction)


@dataclass(frozen=True)
class ChangePosture:
    """Change to ``posture`` (Q-7)."""

    posture: Posture

    def __post_init__(self) -> None:
        object.__setattr__(self, "posture", Posture.parse(self.posture))


Action = StepAction | TurnAction | ChangePosture


@dataclass(frozen=True)
class TeamPlan:
    """One team's line of the action plan: standing order, actions, contact posture."""

    team: str
    order: StandingOrder = StandingOrder.COVERT
    actions: tuple[Action, ...] = ()
    contact: Posture = Posture.CONCEALED

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", StandingOrder.parse(self.order))
        object.__setattr__(self, "contact", Posture.parse(self.contact))
        object.__setattr__(self, "actions", tuple(self.actions))
        for a in self.actions:
            if not isinstance(a, StepAction | TurnAction | ChangePosture):
                raise RulesTypeError(f"team {self.team}: an action is a StepAction, TurnAction or "
                                     f"ChangePosture, got {a!r} (Q-9)")


@dataclass(frozen=True)
class ActionPlan:
    """A side's action plan 行动计划表 (Q-9). Teams not listed keep their order, no actions."""

    side: Side
    teams: tuple[TeamPlan, ...] = ()
    rule = "Q-9"

    def __post_init__(self) -> None:
        object.__setattr__(self, "side", Side.parse(self.side))
        object.__setattr__(self, "teams", tuple(self.teams))


@dataclass(frozen=True)
class Heal:
    """A medic treating an adjacent friendly team in the recovery phase (Q-6)."""

    medic: str
    patient: str


@dataclass(frozen=True)
class Attack:
    """One attack of the attack plan: its attackers and one target (Q-9, Q-25)."""

    attackers: tuple[str, ...]
    target: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "attackers", tuple(self.attackers))


@dataclass(frozen=True)
class AttackPlan:
    """A side's attack plan 攻击计划书 (Q-9): the medics' patients and the attacks."""

    side: Side
    heals: tuple[Heal, ...] = ()
    attacks: tuple[Attack, ...] = ()
    rule = "Q-9"

    def __post_init__(self) -> None:
        object.__setattr__(self, "side", Side.parse(self.side))
        object.__setattr__(self, "heals", tuple(self.heals))
        object.__setattr__(self, "attacks", tuple(self.attacks))


@dataclass(frozen=True)
class Placement:
    """Where and how one team deploys (Q-11)."""

    team: str
    hex: Hex
    facing: int
    posture: Posture = Posture.CROUCHED
    order: StandingOrder = StandingOrder.COVERT
    contact: Posture = Posture.CONCEALED

    def __post_init__(self) -> None:
        object.__setattr__(self, "hex", parse_hex_name(self.hex))
        direction_vector(self.facing)
        object.__setattr__(self, "posture", Posture.parse(self.posture))
        object.__setattr__(self, "order", StandingOrder.parse(self.order))
        object.__setattr__(self, "contact", Posture.parse(self.contact))


@dataclass(frozen=True)
class Deployment:
    """A side's secret deployment 部署阶段 (Q-11): a placement for every one of its teams."""

    side: Side
    placements: tuple[Placement, ...]
    rule = "Q-11"

    def __post_init__(self) -> None:
        object.__setattr__(self, "side", Side.parse(self.side))
        object.__setattr__(self, "placements", tuple(self.placements))


@dataclass(frozen=True)
class Override:
    """The instructor overrides a result by hand (Q-27): a team's current defence and/or its
    suppression. It is logged like any order, with its reason, and may be given at any time
    before the game is over; it changes no plan."""

    team: str
    reason: str
    defence: int | None = None
    suppressed_until: int | None = None
    clear_suppression: bool = False
    rule = "Q-27"
    side = None


SquadOrder = Deployment | ActionPlan | AttackPlan | Override

register(StepAction, TurnAction, ChangePosture, TeamPlan, ActionPlan, Heal, Attack, AttackPlan,
         Placement, Deployment, Override, namespace="squad")
