"""Decision points: for each order a side gave, the exact odds it had, the orders the computer
player would have ranked higher, and the luck of the roll.

A :class:`DecisionPoint` is made for every fire order (direct, opportunity, covering, moving,
short-halt and close-combat fire, rapid reload) and every move order (start, step, end) of a
replayed game, from the state *before* the order:

* the **odds**: for a fire order the exact distribution of the target's final damage state,
  from :func:`hexrules.game.order_odds` — the adjudication's own code, cards included;
* the **luck** of the roll (**[project ruling]**, docs/rules.md "After-action review"): the
  rolled result's own probability ``p_result``, the chance of a result worse for the shooter
  ``p_worse`` and better ``p_better`` (results ordered by the damage they do), the *luck
  percentile* ``p_worse + p_result / 2`` (0.5 an ordinary roll; above 0.75 *lucky*, below
  0.25 *unlucky*) and ``luck = actual − expected`` damage;
* the **damage**: the share of the target's value lost, the default player's scale
  (:data:`hexrules.players.board.LOSS`: destroyed 1, weapon lost 0.45, immobilised 0.35,
  suppressed 0.08), so "expected" is the number the computer plays by;
* the **alternatives**: the default player's evaluation (:mod:`hexrules.players.evaluate`,
  normal level) of every legal order, from that side's view with the memory of its earlier
  views (fog of war), and the orders it ranks above the one given, with their numbers.

Examples
--------
>>> from hexrules import Hex, HexMap, ScriptedDice, Unit
>>> from hexrules.game import DeclareFire, GameState
>>> s = GameState.new(HexMap.flat(30, 3), [Unit("R1", "red", Hex(0, 1)),
...                   Unit("B1", "blue", Hex(18, 1))], turns=1, dice=ScriptedDice([1, 5, 6, 2]))
>>> s2, rec = s.apply(DeclareFire("R1", "B1"))
>>> d = fire_point(1, s, rec)
>>> d.p_destroyed, d.rolled, d.killed, round(d.expected, 3), round(d.percentile, 3)
(Fraction(5, 9), 'Destroyed 歼灭', True, 0.597, 0.722)
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hexrules.combat.damage import damage_state, state_label, state_to_bits
from hexrules.combat.record import FireRecord
from hexrules.errors import RulesError
from hexrules.game.orders import (
    CoveringFire,
    DeclareFire,
    EndMove,
    MovingFire,
    OpportunityFire,
    Order,
    RapidReload,
    StartMove,
    StepTo,
)
from hexrules.game.records import GameRecord
from hexrules.game.state import GameState, Phase
from hexrules.language import localized
from hexrules.players.base import Candidate
from hexrules.records import register
from hexrules.units import Side, Status

__all__ = ["FIRE_ORDERS", "MOVE_ORDERS", "DecisionPoint", "Ranker", "damage_of", "fire_point"]

#: The fire orders a decision point gives the odds of (``ShortHaltFire`` is a ``MovingFire``).
FIRE_ORDERS = (DeclareFire, OpportunityFire, CoveringFire, MovingFire, RapidReload)
#: The move orders a decision point ranks.
MOVE_ORDERS = (StartMove, StepTo, EndMove)


def damage_of(state: frozenset[Status] | set[Status]) -> float:
    """The share of a unit's value lost in a damage state (the default player's scale).

    >>> damage_of(frozenset({Status.DESTROYED})), damage_of(frozenset({Status.SUPPRESSED}))
    (1.0, 0.08)
    """
    from hexrules.players.board import LOSS

    return float(LOSS[state_to_bits(state)])


@dataclass(frozen=True)
class DecisionPoint:
    """One order a side gave and what the review says of it (see the module docstring).

    ``odds`` are (damage state label, probability) pairs, least damage first; ``rolled`` the
    label of the state the dice gave. ``chosen`` is the computer's evaluation of the order
    given and ``better`` the orders it ranks higher (best first, at most three).
    """

    index: int
    turn: int
    phase: Phase
    side: Side
    order: Order
    kind: str
    target: str = ""
    odds: tuple[tuple[str, Fraction], ...] = ()
    rolled: str = ""
    p_destroyed: Fraction = Fraction(0)
    p_result: Fraction = Fraction(1)
    p_worse: Fraction = Fraction(0)
    p_better: Fraction = Fraction(0)
    expected: float = 0.0
    actual: float = 0.0
    killed: bool = False
    chosen: Candidate | None = None
    better: tuple[Candidate, ...] = ()
    legal: int = 0

    @property
    def fire(self) -> bool:
        """Whether it is a fire order (it has odds and a roll)."""
        return self.kind == "fire"

    @property
    def luck(self) -> float:
        """Actual minus expected damage (positive: lucky for the shooter)."""
        return self.actual - self.expected

    @property
    def percentile(self) -> float:
        """The luck percentile: P(worse) + P(this result) / 2 (0.5 an ordinary roll)."""
        return float(self.p_worse + self.p_result / 2)

    @property
    def verdict(self) -> str:
        """``'lucky'`` (luck percentile above 0.75), ``'unlucky'`` (below 0.25) or
        ``'ordinary'`` — for a roll (a move has no roll: ``''``)."""
        if not self.fire:
            return ""
        p = self.percentile
        return "lucky" if p > 0.75 else ("unlucky" if p < 0.25 else "ordinary")

    @property
    def regret(self) -> float:
        """How many points the computer's best order scores above the one given (0 if none
        is ranked higher)."""
        if not self.better or self.chosen is None:
            return 0.0
        return self.better[0].score - self.chosen.score

    @localized
    def __str__(self) -> str:
        head = f"#{self.index} turn {self.turn} {self.side.value}: {self.order!r}"
        if self.fire:
            head += (f" — P(destroyed) {float(self.p_destroyed):.0%}, rolled {self.rolled} "
                     f"(p {float(self.p_result):.0%}, luck percentile {self.percentile:.0%}), "
                     f"damage expected {self.expected:.2f} actual {self.actual:.2f}")
        if self.chosen is not None:
            head += f"; computer scores it {self.chosen.score:.2f}"
        for c in self.better:
            head += f"\n    ranked higher: {c}"
        return head

    @localized
    def _repr_html_(self) -> str:
        return decision_point_html(self)


register(DecisionPoint)


def decision_point_html(d: DecisionPoint) -> str:
    """The decision point as a small HTML block (the widget's panel and the report)."""
    e = html.escape
    rows = [f"<p class='hexrules-dp-head'><b>#{d.index}</b> turn {d.turn}, {e(d.phase.label)}"
            f", {e(d.side.label)}: <code>{e(repr(d.order))}</code></p>"]
    if d.fire:
        cells = "".join(
            f"<tr{' class=hexrules-dp-rolled' if lab == d.rolled else ''}><td>{e(lab)}</td>"
            f"<td>{float(p):.1%}</td></tr>" for lab, p in d.odds)
        rows.append(f"<table class='hexrules-dp-odds'><tr><th>target {e(d.target)} ends "
                    f"目标最终状态</th><th>odds 概率</th></tr>{cells}</table>")
        verdict = {"lucky": "lucky 运气好", "unlucky": "unlucky 运气差",
                   "ordinary": "ordinary 正常"}[d.verdict]
        rows.append(f"<p class='hexrules-dp-luck'>rolled 结果 <b>{e(d.rolled)}</b>: "
                    f"p {float(d.p_result):.1%}, worse {float(d.p_worse):.1%}, better "
                    f"{float(d.p_better):.1%}; luck percentile {d.percentile:.0%} ({verdict}); "
                    f"damage expected {d.expected:.2f}, actual {d.actual:.2f}</p>")
    if d.chosen is not None:
        rows.append(f"<p class='hexrules-dp-chosen'>computer's score of this order 电脑评分: "
                    f"{d.chosen.score:.2f} <span>{e(d.chosen.note)}</span> (of {d.legal} legal "
                    "orders)</p>")
        if d.better:
            items = "".join(
                f"<li><code>{e(repr(c.order))}</code> {c.score:.2f} "
                f"({e(', '.join(f'{k} {v:+.2f}' for k, v in c.parts))}) <span>{e(c.note)}</span>"
                "</li>"
                for c in d.better)
            rows.append(f"<p>ranked higher by the computer 电脑认为更优:</p>"
                        f"<ol class='hexrules-dp-better'>{items}</ol>")
        else:
            rows.append("<p class='hexrules-dp-best'>the computer ranks no order higher</p>")
    return f"<div class='hexrules-decision-point'>{''.join(rows)}</div>"


def fire_point(index: int, before: GameState, rec: GameRecord) -> DecisionPoint:
    """The odds and luck of the fire order of ``rec``, given in ``before``."""
    from hexrules.game.odds import order_odds

    order = rec.order
    odds = order_odds(before, order)
    target = odds.target
    start = damage_state(target.status)
    fr: FireRecord | None = next((f for f in rec.fire if f.target.id == target.id), None)
    end = damage_state(fr.target_after.status) if fr is not None else start
    base = damage_of(start)
    final = odds.final
    expected = sum(float(p) * damage_of(s) for s, p in final.items()) - base
    rolled_dmg = damage_of(end)
    p_result = final.get(end, Fraction(0))
    p_worse = sum((p for s, p in final.items() if damage_of(s) < rolled_dmg), Fraction(0))
    p_better = sum((p for s, p in final.items() if damage_of(s) > rolled_dmg), Fraction(0))
    ordered = sorted(final.items(), key=lambda kv: (damage_of(kv[0]), state_to_bits(kv[0])))
    return DecisionPoint(
        index, rec.turn, rec.phase, rec.side, order, "fire", target.id,  # type: ignore[arg-type]
        tuple((_label(s), p) for s, p in ordered), _label(end), odds.p_destroyed, p_result,
        p_worse, p_better, expected, rolled_dmg - base, Status.DESTROYED in end)


def _label(state: frozenset[Status]) -> str:
    return state_label(state) if state else "No effect 无效果"


class Ranker:
    """The default player's evaluation along a game, one memory per side (fog of war).

    :meth:`see` must be given every state where a side is to act, in order (it updates that
    side's memory of last-seen enemies, as the player does when it plays); :meth:`rank`
    scores every legal order there.
    """

    def __init__(self, top: int = 3) -> None:
        from hexrules.players.default import LEVELS
        from hexrules.players.knowledge import Memory

        self.weights = LEVELS["normal"][0]
        self.memory = {s: Memory() for s in Side}
        self.top = top

    def see(self, state: GameState) -> tuple[Any, Any]:
        """The situation of the side to act in ``state`` (its memory updated) and its legal
        orders."""
        from hexrules.players.knowledge import Situation

        side = state.to_act
        if side is None:
            raise RulesError("nobody is to act: the game is over")
        legal = state.legal_orders()
        return Situation.of(state.view(side), legal, self.memory[side]), legal

    def rank(self, seen: tuple[Any, Any], order: Order
             ) -> tuple[Candidate, tuple[Candidate, ...], int]:
        """The order's candidate, those ranked above it (best first) and how many orders
        were legal, in the situation :meth:`see` gave."""
        from hexrules.players.evaluate import Context, evaluate

        sit, legal = seen
        ctx = Context(sit, self.weights)
        cands = [evaluate(ctx, o) for o in legal]
        chosen = next((c for c in cands if c.order == order), None) or evaluate(ctx, order)
        better = sorted((c for c in cands if c.score > chosen.score + 1e-9),
                        key=lambda c: -c.score)[: self.top]
        return chosen, tuple(better), len(cands)
