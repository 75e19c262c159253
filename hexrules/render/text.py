"""Plain-text rendering of records (``__str__``), in one place.

Examples
--------
>>> from hexrules.records import Step
>>> step_text(Step("F-3", "Standard attack level 标准攻击等级", (("range 距离", "18"),),
...                result="level 9"))
'[F-3] Standard attack level 标准攻击等级 | range 距离 18 | → level 9'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.combat.record import FireRecord
    from hexrules.records import Step

__all__ = ["fire_record_text", "step_text"]


def step_text(step: Step) -> str:
    """One line: ``[rule] title | inputs | table cell | dice | modifier | → result (note)``."""
    parts = [f"[{step.rule}] {step.title}"]
    if step.inputs:
        parts.append("; ".join(f"{k} {v}" for k, v in step.inputs))
    if step.cell is not None:
        parts.append(f"table {step.cell}")
    if step.dice:
        parts.append(f"dice {'+'.join(map(str, step.dice))}")
    if step.modifier is not None:
        parts.append(f"modifier {step.modifier:+d}")
    parts.append(f"→ {step.result}")
    if step.note:
        parts.append(f"({step.note})")
    return " | ".join(parts)


def fire_record_text(record: FireRecord) -> str:
    """Every step of a fire record, one line each, grouped by shot."""
    lines = [f"{record.kind.label}: {record.declaration.result}"]
    for i, shot in enumerate(record.shots, 1):
        lines.append(f"Shot {i} 第{i}次射击: {shot.shooter.label} → {shot.target_before.label}")
        lines.extend(f"  {step_text(st)}" for st in shot.steps)
    lines.append(f"Target 目标 {record.target_after.id}: {record.target_after.status_label}")
    return "\n".join(lines)
