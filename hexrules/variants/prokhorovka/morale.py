"""Morale of the variant's squads (P-21, P-22) and the melee rout (P-23).

A squad's morale is a :class:`MoraleTrack`: its level (broken, low, normal, high) and its
three streaks. :func:`end_of_turn` applies the P-22 triggers in their order — streaks, enemy
wiped out, neighbours, casualties — clamping after each; :func:`rout_roll` is the P-21 rout
d6 of a melee (P-23).

>>> from hexrules.variants.prokhorovka.data import load_rules
>>> r = load_rules()
>>> t, _ = end_of_turn(r, MoraleTrack(), activity="attack")
>>> t, _ = end_of_turn(r, t, activity="attack")
>>> t.level, t.attack
('high', 0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hexrules.dice import DiceSource
from hexrules.errors import RulesError
from hexrules.glossary import label
from hexrules.records import Step, register
from hexrules.tables import Cell
from hexrules.variants.prokhorovka.data import MORALE_LEVELS, Rules
from hexrules.variants.prokhorovka.record import ProkRecord

__all__ = ["ACTIVITIES", "MoraleTrack", "end_of_turn", "rout_roll", "shift"]

#: What a squad did in a turn's fire phase, for the streaks (P-22).
ACTIVITIES = ("attack", "support", "hold")


@dataclass(frozen=True)
class MoraleTrack:
    """A squad's morale level and its streaks (P-21, P-22)."""

    level: str = "normal"
    attack: int = 0
    support: int = 0
    casualties: int = 0

    def __post_init__(self) -> None:
        if self.level not in MORALE_LEVELS:
            raise RulesError(f"unknown morale level {self.level!r}: one of "
                             f"{', '.join(MORALE_LEVELS)} (P-21)")


def shift(level: str, by: int) -> str:
    """``level`` moved ``by`` levels, clamped to broken…high (P-22).

    >>> shift("low", -3), shift("normal", 1), shift("high", 1)
    ('broken', 'high', 'high')
    """
    k = MORALE_LEVELS.index(level) + by
    return MORALE_LEVELS[max(0, min(len(MORALE_LEVELS) - 1, k))]


def _lbl(level: str) -> str:
    return label(f"prok_{level}")


def end_of_turn(rules: Rules, track: MoraleTrack, *, activity: str, wiped_enemy: bool = False,
                neighbours_lost: int = 0, casualties: bool = False,
                squad: str = "") -> tuple[MoraleTrack, ProkRecord]:
    """Apply the P-22 triggers of one turn to a squad, in order, clamping after each.

    ``activity`` is ``'attack'``, ``'support'`` or ``'hold'`` (a melee counts as hold);
    ``wiped_enemy``: it fired at an enemy unit wiped out this turn; ``neighbours_lost``: the
    friendly units wiped out next to it; ``casualties``: it lost men (killed or wounded).

    >>> from hexrules.variants.prokhorovka.data import load_rules
    >>> t, rec = end_of_turn(load_rules(), MoraleTrack("normal", casualties=2), activity="hold",
    ...                      neighbours_lost=1, casualties=True)
    >>> t.level, t.casualties, [s.rule for s in rec.steps]
    ('broken', 0, ['P-22', 'P-22'])
    """
    if activity not in ACTIVITIES:
        raise RulesError(f"unknown activity {activity!r}: one of {', '.join(ACTIVITIES)} (P-22)")
    steps = []
    t = track
    start = t.level
    # streaks
    a = t.attack + 1 if activity == "attack" else 0
    s = t.support + 1 if activity == "support" else 0
    if a >= rules.attack_turns or s >= rules.support_turns:
        why = f"attacks in {a} turns" if a >= rules.attack_turns else f"support in {s} turns"
        t = replace(t, level=shift(t.level, 1), attack=0, support=0)
        steps.append(Step("P-22", f"{label('prok_morale')}: streak",
                          (("activity", activity),), result=f"{why}: +1 → {_lbl(t.level)}",
                          value=t.level, note="a completed streak resets both streaks"))
    else:
        t = replace(t, attack=a, support=s)
    if wiped_enemy:
        t = replace(t, level="high")
        steps.append(Step("P-22", f"{label('prok_morale')}: {label('prok_wiped_out')}",
                          result=f"enemy unit wiped out → {_lbl('high')}", value="high"))
    if neighbours_lost:
        t = replace(t, level=shift(t.level, -neighbours_lost))
        steps.append(Step("P-22", f"{label('prok_morale')}: neighbours",
                          (("friendly units wiped out next to it", str(neighbours_lost)),),
                          result=f"−{neighbours_lost} → {_lbl(t.level)}", value=t.level))
    if casualties:
        n = t.casualties + 1
        if n >= rules.casualty_turns:
            t = replace(t, level=shift(t.level, -1), casualties=0)
            steps.append(Step("P-22", f"{label('prok_morale')}: casualties",
                              (("turns in a row with casualties", str(n)),),
                              result=f"−1 → {_lbl(t.level)}", value=t.level,
                              note="the count restarts after the drop"))
        else:
            t = replace(t, casualties=n)
    else:
        t = replace(t, casualties=0)
    return t, ProkRecord("P-22", f"{label('prok_morale')} {squad}".strip(), tuple(steps), (),
                         (("before", start), ("after", t.level)))


def rout_roll(rules: Rules, dice: DiceSource, squad: str, level: str) -> ProkRecord:
    """P-21/P-23: one d6 for rout; a squad routs if it is ≤ its level's threshold.

    >>> from hexrules.dice import ScriptedDice
    >>> from hexrules.variants.prokhorovka.data import load_rules
    >>> rout_roll(load_rules(), ScriptedDice([4]), "S1", "low")["routed"]
    True
    """
    mark = dice.mark()
    die = dice.d6("P-23", f"rout d6 {squad}")
    need = rules.morale[level].rout
    routed = die <= need
    step = Step("P-21", label("prok_rout"), (("morale", _lbl(level)),),
                cell=Cell("P-21", f"prokhorovka.toml morale.{level}", level, "rout d6 ≤", need),
                dice=(die,), result="routs" if routed else "holds", value=routed)
    return ProkRecord("P-23", f"{label('prok_rout')} {squad}", (step,), dice.since(mark),
                      (("die", die), ("routed", routed)))


register(MoraleTrack, namespace="prok")
