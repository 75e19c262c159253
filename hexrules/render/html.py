"""HTML of every record and value that shows itself in a notebook, in one place.

The rules modules import this module only inside their ``_repr_html_`` methods. Every table
is bilingual (English with the Chinese term) and draws fields of the record; nothing here
decides a rule.

Examples
--------
>>> from hexrules import HexMap, line_of_sight
>>> rec = line_of_sight(HexMap.load("training"), "4563AE", "4563AF")
>>> sight_record_html(rec).startswith("<div class='hexrules-sight'>")
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import TYPE_CHECKING

from hexrules.glossary import order_label
from hexrules.language import localized
from hexrules.units import Result

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.artillery.odds import ImpactOdds, MissionOdds
    from hexrules.artillery.record import ArtilleryRecord, GunRecord, MarkerEntryRecord
    from hexrules.artillery.steps import ZoneHex
    from hexrules.combat.odds import FireOdds
    from hexrules.combat.record import FireRecord
    from hexrules.dice import DiceSource
    from hexrules.game import Scenario, Score
    from hexrules.game.records import GameEvent, GameRecord
    from hexrules.game.state import GameState
    from hexrules.game.view import View
    from hexrules.records import Step
    from hexrules.sight.exact import SightRecord
    from hexrules.tables import TableSet

__all__ = [
    "artillery_record_html",
    "entry_record_html",
    "gun_record_html",
    "impact_odds_html",
    "mission_odds_html",
    "zone_html",
    "dice_html",
    "fire_odds_html",
    "fire_record_html",
    "game_event_html",
    "game_record_html",
    "game_state_html",
    "game_view_html",
    "scenario_html",
    "score_html",
    "sight_record_html",
    "steps_html",
    "tables_html",
]

e = html.escape

#: Colours of a verdict (the same as the map drawings').
CLEAR, BLOCKED = "#2ca02c", "#d62728"


def _show(value: object) -> str:
    return value.code if isinstance(value, Result) else str(value)


def _step_row(st: Step) -> str:
    cell = ""
    if st.cell is not None:
        cell = (f"{e(st.cell.rule)} {e(st.cell.table.rsplit('/', 1)[-1])}<br>row 行 "
                f"{e(st.cell.row)}, column 列 {e(st.cell.column)} → "
                f"<b>{e(_show(st.cell.value))}</b>")
    inputs = "<br>".join(f"{e(k)}: {e(v)}" for k, v in st.inputs)
    note = f"<br><small>{e(st.note)}</small>" if st.note else ""
    mod = "" if st.modifier is None else f"{st.modifier:+d}"
    return (
        f"<tr><td>{e(st.rule)}</td><td>{e(st.title)}</td><td>{inputs}</td>"
        f"<td>{cell}</td><td>{e(' + '.join(map(str, st.dice)))}</td><td>{mod}</td>"
        f"<td><b>{e(st.result)}</b>{note}</td></tr>"
    )


_HEAD = (
    "<tr><th>Rule 规则</th><th>Step 步骤</th><th>Conditions 条件</th>"
    "<th>Table cell 查表</th><th>Dice 骰子</th><th>Modifier 修正</th>"
    "<th>Result 结果</th></tr>"
)


@localized
def steps_html(groups: Iterable[tuple[str, Iterable[Step]]]) -> str:
    """A table of steps, in groups each headed by a title (an empty title: no header row).

    >>> from hexrules.records import Step
    >>> "<td>F-3</td>" in steps_html([("", [Step("F-3", "Standard attack level 标准攻击等级")])])
    True
    """
    body = []
    for title, steps in groups:
        if title:
            body.append(f"<tr><th colspan='7' style='text-align:left'>{e(title)}</th></tr>")
        body.extend(_step_row(st) for st in steps)
    return f"<table>{_HEAD}{''.join(body)}</table>"


@localized
def fire_record_html(record: FireRecord) -> str:
    """The bilingual step table of a fire record, shot by shot, and the target's state."""
    groups: list[tuple[str, Iterable[Step]]] = [("", [record.declaration])]
    for i, shot in enumerate(record.shots, 1):
        groups.append((f"Shot {i} 第{i}次射击: {shot.shooter.label} → {shot.target_before.label}",
                       shot.steps))
    return (
        f"<div class='hexrules-fire'><p><b>{e(record.kind.label)}</b> "
        f"({e(record.kind.rule)})</p>{steps_html(groups)}"
        f"<p>Target 目标 {e(record.target_after.id)}: "
        f"<b>{e(record.target_after.status_label)}</b></p></div>"
    )


@localized
def fire_odds_html(odds: FireOdds) -> str:
    """Each shot's result odds and the target's final-state distribution."""
    from hexrules.combat.damage import state_label

    rows = []
    for u, lv, d in zip(odds.shooters, odds.levels, odds.shots, strict=True):
        cells = "".join(f"<td>{float(d[r]):.1%}</td>" for r in Result)
        rows.append(f"<tr><td>{e(u.id)}</td><td>{'—' if lv is None else lv}</td>{cells}</tr>")
    head = "".join(f"<th>{e(r.label)}</th>" for r in Result)
    final = "".join(
        f"<tr><td>{e(state_label(s))}</td><td>{p}</td><td>{float(p):.2%}</td></tr>"
        for s, p in odds.final.items()
    )
    return (
        "<table><tr><th>Shooter 射击单位</th><th>Final attack level 最终攻击等级</th>" + head
        + "</tr>" + "".join(rows) + "</table><p>Target's final state 目标最终状态</p><table>"
        + "<tr><th>State 状态</th><th>Exact 精确</th><th>%</th></tr>" + final + "</table>"
    )


@localized
def sight_record_html(record: SightRecord) -> str:
    """A bilingual HTML account of a sight record: verdict, case, reason, every step.

    Examples
    --------
    >>> from hexrules import HexMap, line_of_sight
    >>> rec = line_of_sight(HexMap.load("training"), "4563AE", "4563AF")
    >>> "Visible 通视" in sight_record_html(rec)
    True
    """
    from hexrules.sight.exact import CASE_LABELS

    colour = CLEAR if record.visible else BLOCKED
    rows = []
    for c in record.crossings:
        role = {"observer": "observer 观察单位", "target": "target 目标"}.get(
            c.role, "passed 途经格")
        rows.append(
            f"<tr><td>{e(c.name)}</td><td>{role}</td><td>{c.entry:.2f}–{c.exit:.2f}</td>"
            f"<td>{c.elevation}</td><td>{e(c.terrain.label)}</td><td>{c.height}</td></tr>"
        )
    for gz in record.grazes:
        rows.append(
            f"<tr><td>{e(gz.names[0])} | {e(gz.names[1])}</td><td>hexside 格边</td>"
            f"<td>{gz.entry:.2f}–{gz.exit:.2f}</td><td colspan=3>{e(gz.ruling)}</td></tr>"
        )
    points = "".join(
        f"<li>({p.distance:.2f}, +{p.rise}) at {e(p.where)}: "
        f"{'below or on the line ✓' if p.clear else '<b>above the line ✗</b>'}</li>"
        for p in record.chart_points
    ) or "<li>none: no hex on the line rises above the lower unit</li>"
    return (
        f"<div class='hexrules-sight'>"
        f"<p><b>{e(record.observer_name)} → {e(record.target_name)}</b>, range "
        f"{record.distance} hexes: <b style='color:{colour}'>{e(record.verdict)}</b> — "
        f"{e(CASE_LABELS[record.case])}</p>"
        f"<p>{e(record.reason)}</p>"
        f"<table><thead><tr><th>hex 六角格</th><th>role</th><th>along the line</th>"
        f"<th>level 高程等级</th><th>terrain 地形</th><th>height for sight (L-2)</th></tr>"
        f"</thead><tbody>{''.join(rows)}</tbody></table>"
        f"<p>Chart points 高程变化点 (distance from the lower unit, rise):</p><ul>{points}</ul>"
        f"<p><small>rules: {', '.join(record.rules)}</small></p></div>"
    )


@localized
def dice_html(dice: DiceSource) -> str:
    """The roll log of a dice source: number, face, rule, purpose."""
    rows = "".join(
        f"<tr><td>{i}</td><td>{r.value}</td><td>{e(r.rule)}</td>"
        f"<td>{e(r.purpose)}</td></tr>"
        for i, r in enumerate(dice.log, 1)
    )
    return (
        f"<p>{e(repr(dice))}</p><table><thead><tr><th>#</th><th>Die 骰子</th>"
        f"<th>Rule 规则</th><th>Purpose 用途</th></tr></thead><tbody>{rows}</tbody></table>"
    )


@localized
def tables_html(tables: TableSet) -> str:
    """The tables of a table set: rule, title, status ([reconstructed] …), file."""
    rows = "".join(
        f"<tr><td>{e(m.rule)}</td><td>{e(m.title)} {e(m.title_zh)}</td>"
        f"<td>{e(m.status)}</td><td>{e(str(m.file))}</td></tr>"
        for m in tables.metas
    )
    return (
        f"<p>Rule tables 规则表: {e(str(tables.folder))}</p><table><thead><tr>"
        "<th>Rule 规则</th><th>Table 表</th><th>Status 来源</th><th>File 文件</th>"
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


@localized
def game_event_html(event: GameEvent) -> str:
    """An engine event of a game: its title and step table."""
    return (f"<div class='hexrules-event'><p><b>{e(event.title)}</b> ({e(event.rule)})</p>"
            f"{steps_html([('', event.steps)])}</div>")


@localized
def game_record_html(record: GameRecord) -> str:
    """What one order caused: a heading, then each part (events and fire records)."""
    from hexrules.combat.record import FireRecord

    who = f" · {e(record.side.label)}" if record.side is not None else ""
    order = "start of the game 推演开始" if record.order is None else order_label(record.order)
    from hexrules.game.records import GameEvent

    body = "".join(fire_record_html(p) if isinstance(p, FireRecord) else
                   game_event_html(p) if isinstance(p, GameEvent) else
                   p._repr_html_()  # an artillery record (A-1…A-8)
                   for p in record.parts)
    return (f"<div class='hexrules-game-record'><p>Turn 回合 {record.turn} · "
            f"{e(record.phase.label)}{who}: <code>{e(order)}</code></p>{body}</div>")


def _units_table(rows: Iterable[tuple[str, str, str, str]]) -> str:
    body = "".join(f"<tr><td>{e(a)}</td><td>{e(b)}</td><td>{e(c)}</td><td>{e(d)}</td></tr>"
                   for a, b, c, d in rows)
    return ("<table><tr><th>Unit 算子</th><th>Side 方</th><th>Hex 六角格</th>"
            f"<th>Markers 注记</th></tr>{body}</table>")


@localized
def game_state_html(state: GameState) -> str:
    """A game state: turn, phase, who is to act, the units on the board and lost."""
    from hexrules.render.text import game_state_summary

    m = state.hexmap
    rows = [(u.id, u.side.label, m.name_of(u.hex), u.status_label) for u in state.units]
    rows += [(u.id, u.side.label, "—", u.status_label) for u in state.losses]
    from hexrules.render.text import cards_lines

    cards = "".join(f"<li>{e(line.strip())}</li>" for line in cards_lines(state))
    cards = f"<ul class='hexrules-cards'>{cards}</ul>" if cards else ""
    return (f"<div class='hexrules-game'><p><b>{e(game_state_summary(state))}</b></p>"
            f"{_units_table(rows)}{cards}</div>")


@localized
def game_view_html(view: View) -> str:
    """What one side may know: its units, the enemy units it sees, the public facts."""
    rows = [(u.id, u.side.label, h, u.status_label)
            for u, h in zip(view.units, view.hexes, strict=True)]
    cards = ""
    c = view.cards
    if c is not None:
        own = ", ".join(h.text for h in c.hand) or "no card"
        cards = (f"<p class='hexrules-cards'>Cards 随机事件卡: {e(own)}; {len(c.deck)} left; "
                 f"{len(c.plans)} fire plan(s). The enemy holds {c.enemy_held} card(s), "
                 f"{c.enemy_deck} left, {c.enemy_plans} fire plan(s) coming; "
                 f"{len(c.markers)} impact marker(s) on the map.</p>")
    return (f"<div class='hexrules-view'><p><b>{e(view.side.label)}</b>: "
            f"{e(view.summary)}</p>{_units_table(rows)}{cards}</div>")
@localized
def scenario_html(scenario: Scenario) -> str:
    """A scenario's name, briefing, turns, set-up and objectives (§9), bilingual.

    >>> from hexrules import Scenario
    >>> "<td>4563PJ</td>" in scenario_html(Scenario.load("duel"))
    True
    """
    from hexrules.glossary import label
    from hexrules.units import Status

    units = "".join(
        f"<tr><td>{e(s.side.label)}</td><td>{e(u.id)}</td><td>{e(u.name)}</td>"
        f"<td>{e(u.type)}</td><td>{e(u.hex)}</td>"
        f"<td>{e(', '.join(m.label for m in Status if m in u.status))}</td>"
        "</tr>"
        for s in scenario.sides for u in s.units
    )
    goals = "".join(
        f"<tr><td>{e(o.id)}</td><td>{e(label('hold' if o.kind == 'hold' else 'destroyed'))}"
        f"</td><td>{e(o.name.label)}</td><td>"
        f"{e(o.hex or ('enemy units' if o.units is None else ', '.join(o.units)))}</td>"
        f"<td>{o.points}</td><td>{e(o.side.label if o.side else '—')}</td></tr>"
        for o in scenario.objectives
    )
    return (
        f"<div class='hexrules-scenario'><p><b>{e(label('scenario'))}: "
        f"{e(scenario.name.label)}</b> — map {e(scenario.map)}, {e(label('turns'))} "
        f"{scenario.turns}, {e(label('fog_of_war'))}: {'on' if scenario.fog_of_war else 'off'}"
        f"</p><p>{e(scenario.briefing.en)}</p><p>{e(scenario.briefing.zh)}</p>"
        f"<p>{e(label('setup'))}</p><table><tr><th>side</th><th>id</th><th>name</th>"
        f"<th>type</th><th>hex 六角格</th><th>{e(label('status_markers'))}</th></tr>{units}"
        f"</table><p>{e(label('objective'))}</p><table><tr><th>id</th><th>kind</th>"
        f"<th>name</th><th>hex / units</th><th>{e(label('points'))}</th><th>for</th></tr>"
        f"{goals}</table><p><small>{e(scenario.victory.text)}</small></p></div>"
    )


@localized
def score_html(score: Score) -> str:
    """A score: each objective's line, each side's points and the result (§9).

    >>> from hexrules import Scenario
    >>> s = Scenario.load("duel")
    >>> "Draw 平局" in score_html(s.score(s.units()))
    True
    """
    from hexrules.glossary import label

    rows = "".join(
        f"<tr><td>{e(x.objective)}</td><td>{e(x.kind_label)}</td><td>{e(x.title)}</td>"
        f"<td>{e(x.side.label if x.side else '—')}</td><td>{x.points}</td>"
        f"<td>{e(x.note)}</td></tr>"
        for x in score.lines
    )
    return (
        f"<div class='hexrules-score'><p><b>{e(label('scenario'))}: {e(score.scenario)}</b>"
        f"</p><table><tr><th>id</th><th>{e(label('objective'))}</th><th></th><th>Side 方</th>"
        f"<th>{e(label('points'))}</th><th>Why 理由</th></tr>{rows}</table>"
        f"<p>{e(label('points'))}: {e(label('red'))} {score.red}, {e(label('blue'))} "
        f"{score.blue} — <b>{e(score.result)}</b></p></div>"
    )


# ---------------------------------------------------------------------------------------
# Artillery (A-1…A-8)
# ---------------------------------------------------------------------------------------
@localized
def zone_html(zone: Iterable[ZoneHex]) -> str:
    """A gun's zone (A-5): each hex, its ring, its terrain, attacked or not, and why."""
    rows = "".join(
        f"<tr><td>{e(z.name)}</td><td>{z.ring}</td><td>{e(z.terrain.label)}</td>"
        f"<td style='color:{CLEAR if z.attacked else BLOCKED}'>"
        f"{'attacked 受攻击' if z.attacked else 'left out 不受攻击'}</td><td>{e(z.reason)}</td>"
        "</tr>"
        for z in zone
    )
    return ("<table><tr><th>Hex 六角格</th><th>Ring 环</th><th>Terrain 地形</th>"
            f"<th>Attacked 受攻击</th><th>Why 判定依据</th></tr>{rows}</table>")


def _gun_body(record: GunRecord) -> str:
    groups: list[tuple[str, Iterable[Step]]] = [("", record.fire_steps)]
    for s in record.strikes:
        groups.append((f"{s.unit_before.label} — ring {s.ring}, level {s.level}", s.steps))
    zone = ""
    if record.zone:
        zone = (f"<details><summary>Zone 杀伤范围: {len(record.attacked)} hexes attacked, "
                f"{len(record.excluded)} left out</summary>{zone_html(record.zone)}</details>")
    return steps_html(groups) + zone


@localized
def gun_record_html(record: GunRecord) -> str:
    """One gun (A-2…A-7): its steps, every strike, its zone with the hexes left out."""
    p = record.plan
    return (f"<div class='hexrules-gun'><p><b>Gun 火炮 {record.number}</b> — "
            f"{e(p.side.label)} {e(p.gun)}</p>{_gun_body(record)}</div>")


def _gun_summary(g: GunRecord) -> str:
    from hexrules.glossary import label

    if g.cancelled:
        return label("fire_cancelled")
    if g.lost:
        return label("fire_lost")
    how = label("drift") if g.drifted else label("on_target")
    ids = ", ".join(s.unit_before.id for s in g.strikes) or "none 无"
    return f"{g.zone[0].name} ({how}); units attacked 受攻击算子: {ids}"


@localized
def artillery_record_html(record: ArtilleryRecord) -> str:
    """A whole mission: the arrival (A-1), gun by gun, and the units before and after."""
    guns = "".join(
        f"<details{' open' if g.strikes else ''}><summary>Gun 火炮 {g.number}: "
        f"{e(_gun_summary(g))}</summary>{_gun_body(g)}</details>"
        for g in record.guns
    )
    units = "".join(
        f"<tr><td>{e(x.before.label)}</td><td>{e(x.before.status_label)}</td>"
        f"<td><b>{e(x.after.status_label)}</b></td></tr>"
        for x in record.effects
    ) or "<tr><td colspan=3>no unit attacked 无算子受攻击</td></tr>"
    return (f"<div class='hexrules-artillery'>{steps_html([('', [record.arrival])])}{guns}"
            "<table><tr><th>Unit 算子</th><th>Before 之前</th><th>After 之后</th></tr>"
            f"{units}</table></div>")


@localized
def entry_record_html(record: MarkerEntryRecord) -> str:
    """A unit entering a hex with impact markers (A-8): one strike per marker."""
    groups: list[tuple[str, Iterable[Step]]] = [("", [record.entry])]
    groups += [(f"Marker 弹着标识 {i}", s.steps) for i, s in enumerate(record.strikes, 1)]
    return (f"<div class='hexrules-entry'>{steps_html(groups)}<p>{e(record.unit.id)}: "
            f"<b>{e(record.unit_after.status_label)}</b></p></div>")


def _name(odds: ImpactOdds, h: object) -> str:
    try:
        return odds.map.resolve().name_of(h)  # type: ignore[arg-type]
    except Exception:  # a map no longer loaded: the hex itself
        return repr(h)


@localized
def impact_odds_html(odds: ImpactOdds, top: int = 8) -> str:
    """Where one gun's fire ends: cancelled, lost, and the likeliest impact hexes."""
    best = sorted(odds.hexes.items(), key=lambda kv: -kv[1])[:top]
    rows = "".join(f"<tr><td>{e(_name(odds, h))}</td><td>{p}</td><td>{float(p):.2%}</td></tr>"
                   for h, p in best)
    return (f"<p>Target 目标 {e(_name(odds, odds.target))}: on target 落在计划目标格 "
            f"{float(odds.on_target):.1%}, cancelled 火力未到达 {float(odds.cancelled):.1%}, "
            f"lost 偏出地图 {float(odds.lost):.1%} ({len(odds.hexes)} impact hexes)</p>"
            "<table><tr><th>Impact hex 弹着格</th><th>Exact 精确</th><th>%</th></tr>"
            f"{rows}</table>")


@localized
def mission_odds_html(odds: MissionOdds) -> str:
    """A mission's odds for one unit: rings per gun, result per gun, the final state."""
    from hexrules.artillery.steps import ring_label
    from hexrules.combat.damage import state_label

    rings = "".join(
        f"<tr><td>{e('not attacked 不受攻击' if k is None else ring_label(k))}</td>"
        f"<td>{p}</td><td>{float(p):.2%}</td></tr>" for k, p in odds.rings.items())
    per_gun = "".join(f"<tr><td>{e(r.label)}</td><td>{p}</td><td>{float(p):.2%}</td></tr>"
                      for r, p in odds.per_gun.items())
    final = "".join(f"<tr><td>{e(state_label(st))}</td><td>{p}</td><td>{float(p):.2%}</td>"
                    "</tr>" for st, p in odds.final.items())
    head = "<tr><th></th><th>Exact 精确</th><th>%</th></tr>"
    return (f"<p><b>{e(odds.unit.label)}</b>: attacked by at least one of "
            f"{odds.plan.guns} guns {float(odds.p_attacked):.1%}, destroyed "
            f"{float(odds.p_destroyed):.1%}</p><p>Per gun 每门火炮</p><table>{head}{rings}"
            f"</table><table>{head}{per_gun}</table><p>Final state 最终状态</p>"
            f"<table>{head}{final}</table>")
