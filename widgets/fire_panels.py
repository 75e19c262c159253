"""The fire stepper's panels: one stop of a fire record, drawn (pure functions, no rules).

:func:`stage_html` words one :class:`~hexrules_widgets.fire_stepper.Stage` of a
:class:`~hexrules.combat.FireRecord`: the step's inputs, result and note, and the rule table
it read with the record's cell lit — F-3 by range band, F-4 by height difference and band,
F-6 by 2d6 sum and final level — or the dice (the 2d6 roll, the F-7 faces, the F-8 die).

>>> from hexrules import Hex, HexMap, ScriptedDice, Unit, adjudicate_fire, load_tables
>>> from hexrules_widgets.fire_stepper import fire_stages
>>> rec = adjudicate_fire(HexMap.flat(30, 3), Unit("R1", "red", Hex(0, 1)),
...                       Unit("B1", "blue", Hex(18, 1)), dice=ScriptedDice([2, 3, 4]))
>>> f6 = [s for s in fire_stages(rec) if s.kind == "F-6"][0]
>>> page = stage_html(rec, f6, load_tables())
>>> page.count("hexrules-cell-hit"), "战斗结果表" in page
(1, True)
"""

from __future__ import annotations

import html
from typing import Any

from hexrules_widgets.stepper import dice_html, table_html

from hexrules.combat import FireRecord
from hexrules.glossary import label
from hexrules.records import Step
from hexrules.tables import TableSet

__all__ = ["stage_html", "step_html"]

_e = html.escape


def step_html(step: Step) -> str:
    """A step's rule, title, inputs, result and note."""
    inputs = "".join(f"<li>{_e(k)}: <b>{_e(v)}</b></li>" for k, v in step.inputs)
    mod = "" if step.modifier is None else f"<div>modifier 修正 {step.modifier:+d}</div>"
    note = f"<div class='hexrules-step-note'>{_e(step.note)}</div>" if step.note else ""
    cell = (f"<div class='hexrules-step-cell'>cell: {_e(str(step.cell))}</div>"
            if step.cell is not None else "")
    return (f"<div class='hexrules-step-title'><span class='hexrules-rule'>{_e(step.rule)}"
            f"</span> {_e(step.title)}</div><ul class='hexrules-step-inputs'>{inputs}</ul>"
            f"{mod}{cell}<div class='hexrules-step-result'>→ <b>{_e(step.result)}</b></div>"
            f"{note}")


def _f3(tables: TableSet, step: Step) -> str:
    t = tables.attack_level
    rows = [(b.label, [str(lv)]) for b, lv in zip(t.bands, t.levels, strict=True)]
    cell = step.cell
    return table_html("range 距离 (hexes 格) → level 等级",
                      ["level"], rows, row=cell.row if cell else None,
                      column=cell.column if cell else None, css="hexrules-f3")


def _f4(tables: TableSet, step: Step) -> str:
    t = tables.height_correction
    cols = [b.label for b in t.columns]
    rows = [(str(d), [str(v) for v in vals]) for d, vals in enumerate(t.rows, 1)]
    cell = step.cell
    row = cell.row.split()[0] if cell else None  # '8 (Δ 10 → 8)': the row read is 8
    return table_html("Δlevel 高度差 ↓ × range 距离 →", cols,
                      rows, row=row, column=cell.column if cell else None, css="hexrules-f4")


def _f6(tables: TableSet, step: Step) -> str:
    t = tables.combat_results
    cols = [str(lv) for lv in t.levels]
    rows = [(str(s), [r.code for r in t.rows[s]]) for s in range(2, 13)]
    cell = step.cell
    return table_html("2d6 ↓ × final attack level 最终攻击等级 →", cols, rows,
                      row=cell.row if cell else None, column=cell.column if cell else None,
                      css="hexrules-f6")


def _shot_title(rec: FireRecord, k: int) -> str:
    shot = rec.shots[k]
    of = f"shot {k + 1} of {len(rec.shots)} · " if len(rec.shots) > 1 else ""
    return (f"<div class='hexrules-shot-title'>{of}{_e(shot.shooter.id)} → "
            f"{_e(rec.target.id)} · range 距离 {shot.distance} hexes 格</div>")


def stage_html(rec: FireRecord, stage: Any, tables: TableSet) -> str:
    """The panel of one stop of the stepper."""
    kind, step = stage.kind, stage.step
    if kind == "result":
        skipped = label("not_adjudicated")
        rows = "".join(f"<li>{_e(s.shooter.id)}: "
                       f"{_e(s.result.label if s.adjudicated else skipped)}</li>"
                       for s in rec.shots)
        return (f"<div class='hexrules-step-title'><span class='hexrules-rule'>F-10</span> "
                f"{_e(label('accumulation'))}</div><div class='hexrules-final'>"
                f"<b>{_e(rec.target.id)}</b>: {_e(rec.target_after.status_label)}</div>"
                f"<ul>{rows}</ul><div class='hexrules-step-note'>Rules 规则: "
                f"{_e(', '.join(rec.rules))}</div>")
    head = _shot_title(rec, stage.shot) if stage.shot is not None else ""
    if kind == "roll":
        total = sum(step.dice)
        return (head + f"<div class='hexrules-step-title'><span class='hexrules-rule'>F-6"
                f"</span> 2d6 · {_e(label('dice'))}</div>"
                + dice_html(step.dice, size=64, css="hexrules-roll")
                + f"<div class='hexrules-roll-sum'>{_e(label('dice_sum'))} = <b>{total}</b>"
                  "</div>")
    body = step_html(step)
    extra = ""
    if kind == "F-3":
        extra = _f3(tables, step)
    elif kind == "F-4":
        extra = _f4(tables, step) if step.cell is not None else ""
    elif kind == "F-6" and step.cell is not None:
        extra = dice_html(step.dice, size=26) + _f6(tables, step)
    elif kind == "F-7" and step.dice:
        faces = tables.combat_results.terrain_faces
        target_t = next((v for k, v in step.inputs if k.startswith("target hex")), "")
        mark = next((f for t, f in faces.items() if t.label == target_t), frozenset())
        extra = dice_html(step.dice, mark=mark, size=40)
    elif kind == "F-8" and step.dice:
        extra = dice_html(step.dice, size=48, css="hexrules-armour-die")
    return head + body + extra
