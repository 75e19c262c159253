"""The records of the squad variant: each follows :class:`hexrules.records.Record`.

:class:`DetectionRecord` (one observer and one target, Q-13/Q-14), :class:`AttackRecord`
(one attack, Q-16…Q-23) and :class:`HealRecord` (one medic, Q-6) hold their steps
(:class:`~hexrules.records.Step` with rule IDs), their rolls and the teams they changed
(:class:`~hexrules.records.Effect`, before and after). They render as text and bilingual
HTML with the main game's step table and round-trip through JSON.

Examples
--------
>>> from hexrules.records import Step, record_from_dict
>>> r = HealRecord("R5", "R1", (Step("Q-6", "Medic 医疗兵", result="+1"),))
>>> record_from_dict(r.to_dict()) == r, r.rules
(True, ('Q-6',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from hexrules.dice import Roll
from hexrules.language import localized
from hexrules.records import Effect, Step, decode_as, encode, register

__all__ = ["AttackRecord", "DetectionRecord", "HealRecord", "SquadEvent"]


class _Steps:
    """What every squad record shares: rule IDs from the steps, JSON, text and HTML."""

    steps: tuple[Step, ...]
    title: str = ""

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule IDs applied, in order of first use."""
        return tuple(dict.fromkeys(st.rule for st in self.steps))

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary (:func:`hexrules.records.record_from_dict` reads it)."""
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> _Steps:
        """The record of a :meth:`to_dict` dictionary."""
        return decode_as(cls, data)

    def heading(self) -> str:  # pragma: no cover - overridden
        return self.title

    @localized
    def __str__(self) -> str:
        from hexrules.render.text import step_text

        return "\n".join([self.heading(), *(f"  {step_text(s)}" for s in self.steps)])

    @localized
    def _repr_html_(self) -> str:
        from hexrules.render.html import e, steps_html

        return (f"<div class='hexrules-squad'><p><b>{e(self.heading())}</b></p>"
                f"{steps_html([('', self.steps)])}</div>")


@dataclass(frozen=True, repr=False)
class DetectionRecord(_Steps):
    """Whether ``observer`` detects ``target`` (Q-13), and whether they light up (Q-14)."""

    observer: str
    target: str
    detected: bool
    lit: bool
    steps: tuple[Step, ...]
    rolls: tuple[Roll, ...] = ()
    effects: tuple[Effect, ...] = ()

    def heading(self) -> str:
        verdict = "lit up 点亮" if self.lit else "detected 发现" if self.detected else \
            "not detected 未发现"
        return f"Detection 侦察结算 {self.observer} → {self.target}: {verdict}"

    def __repr__(self) -> str:
        return (f"<DetectionRecord {self.observer}→{self.target} detected={self.detected} "
                f"lit={self.lit}>")


@dataclass(frozen=True, repr=False)
class AttackRecord(_Steps):
    """One attack (Q-16…Q-23): who took part, A, the kept die, the loss, the steps.

    ``attackers`` are the teams that took part after Q-16 (``dropped`` the others);
    ``kind`` is ``'triggered'`` (Q-24) or ``'planned'`` (Q-25). ``a`` is ``None`` and
    ``die`` ``None`` when nobody was left to attack (no die rolled).
    """

    kind: str
    attackers: tuple[str, ...]
    dropped: tuple[str, ...]
    target: str
    total: Fraction | None
    a: int | None
    opens_fire: bool
    die: int | None
    hit: bool
    loss: int
    suppressed: bool
    killed: bool
    steps: tuple[Step, ...]
    rolls: tuple[Roll, ...] = ()
    effects: tuple[Effect, ...] = ()

    def heading(self) -> str:
        who = ", ".join(self.attackers) or "nobody"
        if self.a is None:
            return f"Attack 攻击结算 {who} → {self.target}: no attack"
        out = f"hit 有效, −{self.loss}" if self.hit else "miss 无效"
        return f"Attack 攻击结算 {who} → {self.target}: A = {self.a}, B = {self.die}, {out}"

    def __repr__(self) -> str:
        return (f"<AttackRecord {'+'.join(self.attackers) or '-'}→{self.target} A={self.a} "
                f"B={self.die} loss={self.loss}>")


@dataclass(frozen=True, repr=False)
class HealRecord(_Steps):
    """One medic restoring a defence point (Q-6)."""

    medic: str
    patient: str
    steps: tuple[Step, ...]
    rolls: tuple[Roll, ...] = ()
    effects: tuple[Effect, ...] = ()

    def heading(self) -> str:
        return f"Medic 医疗兵 {self.medic} → {self.patient}"

    def __repr__(self) -> str:
        return f"<HealRecord {self.medic}→{self.patient}>"


@dataclass(frozen=True, repr=False)
class SquadEvent(_Steps):
    """Any other ruling of the referee: initiative, a step, a reaction, the end of a turn."""

    rule: str
    title: str
    steps: tuple[Step, ...] = ()
    rolls: tuple[Roll, ...] = ()
    effects: tuple[Effect, ...] = ()

    @property
    def rules(self) -> tuple[str, ...]:
        """The event's rule, then its steps' rules."""
        return tuple(dict.fromkeys([self.rule, *(st.rule for st in self.steps)]))

    def heading(self) -> str:
        return f"[{self.rule}] {self.title}"

    def __repr__(self) -> str:
        return f"<SquadEvent {self.rule} {self.title!r}, {len(self.steps)} step(s)>"


register(DetectionRecord, AttackRecord, HealRecord, SquadEvent, namespace="squad")
