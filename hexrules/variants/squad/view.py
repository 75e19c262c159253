"""What one side may know (fog of war, Q-13…Q-15): :func:`view` and :class:`SquadView`.

A side's view holds its own teams in full and, of the enemy, only the teams it has detected:
their id, type and hex (Q-13), and their full status only when lit up (Q-14). An enemy team
the side has not detected is absent altogether: no id, no hex, no plan, no count
(**[project ruling]**: unlike the main game, not even how many are hidden). The other
side's pending plan and the game log are never part of a view. The side's reports are the
headings of the attacks its own teams made or suffered this turn, naming only the attackers
that took part (they are revealed, Q-15).

Examples
--------
>>> from hexrules.variants.squad import SquadState
>>> v = SquadState.new("lesson", seed=1).view("red")
>>> [t.id for t in v.own], v.known
(['R1', 'R2', 'R3', 'R4', 'R5'], ())
"""

from __future__ import annotations

from dataclasses import dataclass

from hexrules.map.hexgrid import Hex
from hexrules.records import encode, register
from hexrules.units import Side
from hexrules.variants.squad.records import AttackRecord
from hexrules.variants.squad.state import SquadPhase, SquadState
from hexrules.variants.squad.teams import Posture, Team

__all__ = ["KnownTeam", "SquadView", "view"]


@dataclass(frozen=True)
class KnownTeam:
    """An enemy team as its detecting side knows it: id, type, hex; the rest if lit up."""

    id: str
    kind: str
    hex: Hex
    lit: bool = False
    facing: int | None = None
    posture: Posture | None = None
    defence: int | None = None
    suppressed: bool | None = None


@dataclass(frozen=True)
class SquadView:
    """One side's knowledge of a squad game."""

    side: Side
    turn: int
    turns: int
    phase: SquadPhase
    to_act: Side | None
    handed_in: bool
    own: tuple[Team, ...]
    known: tuple[KnownTeam, ...]
    removed: tuple[tuple[Side, int], ...]
    reports: tuple[str, ...] = ()
    winner: Side | None = None

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary."""
        return encode(self)  # type: ignore[return-value]

    def _repr_html_(self) -> str:
        from hexrules.variants.squad.render import view_html

        return view_html(self)


def view(state: SquadState, side: Side | str) -> SquadView:
    """``side``'s view of ``state`` (see the module docstring)."""
    side = Side.parse(side)
    own = tuple(t for t in state.teams if t.side is side)
    known = []
    for t in state.teams:
        if t.side is side or not state.detects(side, t.id):
            continue
        if (side, t.id) in state.lit:
            known.append(KnownTeam(t.id, t.kind, t.hex, True, t.facing, t.posture, t.defence,
                                   t.suppressed))
        else:
            known.append(KnownTeam(t.id, t.kind, t.hex))
    mine = {t.id for t in own}
    reports = []
    for rec in state.log:
        if rec.turn != state.turn and not (state.phase is SquadPhase.ACTION_PLANS
                                           and rec.turn == state.turn - 1):
            continue
        for p in rec.parts:
            if isinstance(p, AttackRecord) and p.attackers and (
                    p.target in mine or p.attackers[0] in mine):
                reports.append(p.heading())
    handed = any(o.side is side for o in state.pending)
    return SquadView(side, state.turn, state.turns, state.phase, state.to_act, handed, own,
                     tuple(known), state.removed, tuple(reports), state.winner)


register(KnownTeam, SquadView, namespace="squad")
