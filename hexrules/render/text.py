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

from hexrules.glossary import label, order_label
from hexrules.language import localized

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.artillery.record import ArtilleryRecord, GunRecord, MarkerEntryRecord
    from hexrules.combat.record import FireRecord
    from hexrules.game.records import GameEvent, GameRecord
    from hexrules.game.state import GameState
    from hexrules.records import Step
    from hexrules.sight.exact import SightRecord

__all__ = [
    "artillery_record_text",
    "entry_record_text",
    "fire_record_text",
    "game_event_text",
    "game_record_text",
    "game_state_summary",
    "game_state_text",
    "gun_record_text",
    "sight_record_text",
    "step_text",
]


@localized
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


@localized
def fire_record_text(record: FireRecord) -> str:
    """Every step of a fire record, one line each, grouped by shot."""
    lines = [f"{record.kind.label}: {record.declaration.result}"]
    for i, shot in enumerate(record.shots, 1):
        lines.append(f"Shot {i} 第{i}次射击: {shot.shooter.label} → {shot.target_before.label}")
        lines.extend(f"  {step_text(st)}" for st in shot.steps)
    lines.append(f"Target 目标 {record.target_after.id}: {record.target_after.status_label}")
    return "\n".join(lines)


@localized
def game_event_text(event: GameEvent) -> str:
    """An engine event: its rule and title, then its steps."""
    lines = [f"[{event.rule}] {event.title}"]
    lines.extend(f"  {step_text(st)}" for st in event.steps)
    return "\n".join(lines)


@localized
def game_record_text(record: GameRecord) -> str:
    """What one order caused, part by part."""
    who = f" · {record.side.label}" if record.side is not None else ""
    head = "start of the game 推演开始" if record.order is None else order_label(record.order)
    lines = [f"Turn 回合 {record.turn} · {record.phase.label}{who}: {head}"]
    from hexrules.combat.record import FireRecord as _Fire
    from hexrules.game.records import GameEvent as _Event

    for part in record.parts:
        if isinstance(part, _Fire):
            text = fire_record_text(part)
        elif isinstance(part, _Event):
            text = game_event_text(part)
        else:  # an artillery record (A-1…A-8)
            text = str(part)
        lines.extend("  " + line for line in text.splitlines())
    return "\n".join(lines)


@localized
def game_state_summary(state: GameState) -> str:
    """One line: turn, phase, who is to act, the move or window in progress."""
    if state.over:
        result = "not scored" if state.score is None else state.score.result
        return f"game over after turn {state.turn}/{state.turns}: {result}"
    text = f"turn {state.turn}/{state.turns} {state.phase.value}"
    if state.to_act is not None:
        text += f", {state.to_act.value} to act"
    if state.move is not None:
        mv = state.move
        from hexrules.movement import points_text

        text += f": {mv.unit} moving, {points_text(mv.spent)}/{mv.allowance} spent"
    if state.window is not None:
        w = state.window
        text += f", {w.kind.value} fire window for {w.side.value}"
    if state.melee is not None:
        text += f": close combat round {state.melee.round}"
    return text


@localized
def game_state_text(state: GameState) -> str:
    """The summary line and every unit on the board and lost."""
    m = state.hexmap
    lines = [game_state_summary(state)]
    for u in state.units:
        lines.append(f"  {u.label} at {m.name_of(u.hex)}: {u.status_label}")
    for u in state.losses:
        lines.append(f"  {u.label}: {u.status_label}")
    lines += cards_lines(state)
    return "\n".join(lines)


@localized
def cards_lines(state: GameState) -> list[str]:
    """The event cards of a state in words (nothing without the cards): hands, decks, fire
    plans waiting, impact markers."""
    from hexrules.units import Side

    if not state.options.cards:
        return []
    c, m = state.cards, state.hexmap
    out = []
    for side in (Side.RED, Side.BLUE):
        held = ", ".join(h.text for h in c.held_by(side)) or "no card"
        out.append(f"  {side.label} cards: {held}; {len(c.deck(side))} left in the deck")
    for p in c.plans:
        out.append(f"  fire plan {p.side.label} {p.gun} → {m.name_of(p.target)}, lands in "
                   f"turn {p.lands}")
    if c.markers:
        out.append("  impact markers 弹着标识: " + ", ".join(
            f"{m.name_of(mk.hex)} ({mk.gun})" for mk in c.markers))
    return out


@localized
def sight_record_text(record: SightRecord) -> str:
    """Every step of a sight record, one line each (:meth:`SightRecord.explain`)."""
    from hexrules.sight.exact import CASE_LABELS

    lines = [
        f"{label('sight_line')} {record.observer_name} → {record.target_name}: range "
        f"{record.distance} hexes, length {record.length:.2f} (L-1)",
    ]
    for c in record.crossings:
        what = {"observer": "observer's hex", "target": "target's hex"}.get(c.role, "passed")
        lines.append(
            f"  {c.name} {what}: {c.entry:.2f}–{c.exit:.2f}, level {c.elevation}, "
            f"{c.terrain.label}, height {c.height}"
        )
    for g in record.grazes:
        lines.append(
            f"  hexside {g.names[0]}|{g.names[1]}: {g.entry:.2f}–{g.exit:.2f}, {g.ruling}"
        )
    for p in record.chart_points:
        lines.append(
            f"  {label('change_point')} ({p.distance:.2f}, {p.rise}) at {p.where}: "
            f"{'below or on the line' if p.clear else 'ABOVE the line'}"
        )
    lines.append(f"{record.verdict} — {CASE_LABELS[record.case]}: {record.reason}")
    return "\n".join(lines)


@localized
def gun_record_text(record: GunRecord, indent: str = "") -> str:
    """One gun of a battery (A-2…A-7): its steps, its zone's left-out hexes, every strike."""
    p = record.plan
    lines = [f"{indent}{label('gun')} {record.number} ({p.side.label} {p.gun})"]
    lines.extend(f"{indent}  {step_text(st)}" for st in record.fire_steps)
    for s in record.strikes:
        lines.append(f"{indent}  {s.unit_before.label} (ring {s.ring}):")
        lines.extend(f"{indent}    {step_text(st)}" for st in s.steps)
    return "\n".join(lines)


@localized
def artillery_record_text(record: ArtilleryRecord) -> str:
    """A whole mission: the arrival, then gun by gun, then the units attacked."""
    lines = [step_text(record.arrival)]
    lines.extend(gun_record_text(g, "  ") for g in record.guns)
    for e in record.effects:
        lines.append(f"{e.before.label}: {e.before.status_label} → {e.after.status_label}")
    return "\n".join(lines)


@localized
def entry_record_text(record: MarkerEntryRecord) -> str:
    """A unit entering a hex with impact markers (A-8): one strike per marker."""
    lines = [step_text(record.entry)]
    for s in record.strikes:
        lines.extend(f"  {step_text(st)}" for st in s.steps)
    lines.append(f"{record.unit.label}: {record.unit.status_label} → "
                 f"{record.unit_after.status_label}")
    return "\n".join(lines)
