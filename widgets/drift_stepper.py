"""The artillery drift stepper: plan a mission on the board, then step gun by gun (A-1…A-7).

:class:`DriftStepper` shows a board with the units' counters. Click a hex to plan the fire
(:class:`~hexrules.artillery.FirePlan`: side, gun, rocket or suppressed battery): the board
shades the **exact** drift heat map behind it — the probability that one gun's fire lands in
each hex (:func:`hexrules.artillery.impact_distribution`) — and the panel gives each unit's
odds for the whole mission (:func:`hexrules.artillery.mission_odds`). **Adjudicate 裁决**
rolls the dice (seeded, scripted or typed in) through
:func:`hexrules.artillery.adjudicate_mission`; **Next / Back** walk its
:class:`~hexrules.artillery.ArtilleryRecord` gun by gun: the abnormal-delay die (A-2), the
drift check (A-3), the drift direction with the drift-direction chart (M-3 numbers, A-4), the
distance with the impact marker moving along its path, the zones with the hexes settlement
and forest leave out (A-5), and each unit's adjudication in the zone (A-6, A-7) with its
result on the counter.

Everything shown is a field of the records; the stepper decides nothing.

Examples
--------
>>> from hexrules import HexMap, Unit
>>> m = HexMap.load("training")
>>> ds = DriftStepper(m, [Unit("B2", "blue", m.parse("4563NH"))])
>>> ds.plan_at("4563LJ").target == m.parse("4563LJ")
True
>>> ds.dice.mode.value = "scripted"; ds.dice.faces.value = "3 1 2 3 6 6 6 6 6"
>>> rec = ds.adjudicate()
>>> [s.kind for s in ds.stages[:6]]
['A-2', 'A-3', 'direction', 'distance', 'A-5', 'A-2']
>>> ds.go(3); ds.marker == rec.guns[0].impact
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.fire_panels import step_html
from hexrules_widgets.stepper import (
    CAUGHT,
    DiceControls,
    StepNav,
    Stepping,
    dice_html,
    error_html,
    pct,
)
from hexrules_widgets.style import style_widget
from hexrules_widgets.units import CounterLayer, show_impacts, show_path, show_zone, units_of

from hexrules.artillery import (
    ArtilleryRecord,
    FirePlan,
    adjudicate_mission,
    impact_distribution,
    mission_odds,
    verify_fire_plan,
)
from hexrules.dice import FacesNeeded
from hexrules.glossary import label
from hexrules.map.hexgrid import DIRECTION_NAMES, Hex
from hexrules.map.hexmap import HexMap
from hexrules.tables import TableSet, load_tables
from hexrules.units import Side, Unit

__all__ = ["DriftStage", "DriftStepper", "drift_stages", "heat_colour", "m3_chart_svg"]

#: Units this far from the planned hex or nearer get their mission odds listed (drift ≤ 6,
#: zone ring 2).
ODDS_RADIUS = 8


@dataclass(frozen=True)
class DriftStage:
    """One stop: a kind, the gun (index into ``record.guns``) and the strike index."""

    kind: str  # direction, distance, A-5, strike, result
    gun: int | None = None
    strike: int | None = None


def drift_stages(rec: ArtilleryRecord) -> list[DriftStage]:
    """The stops of a mission record, gun by gun (A-4 split into direction and distance).

    >>> from hexrules import HexMap, ScriptedDice
    >>> m = HexMap.flat(10, 10)
    >>> rec = adjudicate_mission(m, FirePlan("red", "155", Hex(3, 3), called=1, guns=1), [],
    ...                          dice=ScriptedDice([2, 1, 2, 1]))
    >>> [s.kind for s in drift_stages(rec)]
    ['A-2', 'A-3', 'direction', 'distance', 'A-5', 'result']
    """
    out: list[DriftStage] = []
    for g, gun in enumerate(rec.guns):
        rules = [s.rule for s in gun.fire_steps]
        out.append(DriftStage("A-2", g))
        if "A-3" in rules:
            out.append(DriftStage("A-3", g))
        if gun.drifted:
            out += [DriftStage("direction", g), DriftStage("distance", g)]
        if "A-5" in rules:
            out.append(DriftStage("A-5", g))
        out += [DriftStage("strike", g, k) for k in range(len(gun.strikes))]
    out.append(DriftStage("result"))
    return out


def heat_colour(share: float) -> str:
    """A colour from pale yellow (rare) to dark red (the likeliest impact hex).

    >>> heat_colour(0.0), heat_colour(1.0)
    ('#fff5b4', '#7f0000')
    """
    lo, hi = (255, 245, 180), (127, 0, 0)
    t = max(0.0, min(1.0, share)) ** 0.6
    return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(lo, hi, strict=True))


def m3_chart_svg(direction: int | None = None, size: int = 150) -> str:
    """The drift-direction chart (偏移方向图, M-3 numbers): ``direction`` lit.

    >>> "hexrules-m3-lit" in m3_chart_svg(2)
    True
    """
    # pointy-top hexes: E is 0°, the others every 60° (SVG y points down)
    angles = {1: -60, 2: 0, 3: 60, 4: 120, 5: 180, 6: -120}
    c = size / 2
    ring = " ".join(f"{c + 0.3 * size * math.cos(math.radians(a - 30)):.1f},"
                    f"{c + 0.3 * size * math.sin(math.radians(a - 30)):.1f}"
                    for a in range(0, 360, 60))
    parts = [f"<svg class='hexrules-m3' width='{size}' height='{size}' "
             f"viewBox='0 0 {size} {size}'><polygon points='{ring}' fill='#eceff1' "
             f"stroke='#455a64' stroke-width='2'/>"]
    for d, a in angles.items():
        lit = d == direction
        x1 = c + 0.18 * size * math.cos(math.radians(a))
        y1 = c + 0.18 * size * math.sin(math.radians(a))
        x2 = c + 0.36 * size * math.cos(math.radians(a))
        y2 = c + 0.36 * size * math.sin(math.radians(a))
        tx = c + 0.45 * size * math.cos(math.radians(a))
        ty = c + 0.45 * size * math.sin(math.radians(a)) + 5
        colour = "#d32f2f" if lit else "#607d8b"
        parts.append(f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' "
                     f"stroke='{colour}' stroke-width='{5 if lit else 2.5}'/>"
                     f"<text x='{tx:.1f}' y='{ty:.1f}' font-size='{16 if lit else 13}' "
                     f"text-anchor='middle' fill='{colour}' font-weight='bold'"
                     f"{' class=' + chr(39) + 'hexrules-m3-lit' + chr(39) if lit else ''}>"
                     f"{d}</text>")
    parts.append("</svg>")
    return "".join(parts)


class DriftStepper(Stepping, ipw.VBox):
    """Plan an artillery mission on the board, see the drift heat map, step gun by gun.

    Parameters
    ----------
    hexmap : HexMap or str
    units : iterable of Unit
    side : Side or str
        The side calling the fire.
    gun : str
        A gun of ``artillery.toml`` (``'155'`` or ``'122'`` in the shipped tables).
    tables : TableSet, optional
    seed : int
    board_height : str

    Attributes
    ----------
    plan : FirePlan or None
    record : ArtilleryRecord or None
    stages : list of DriftStage
    marker : Hex or None
        Where the impact marker being stepped stands.
    """

    def __init__(self, hexmap: HexMap | str, units: Iterable[Unit] = (), *,
                 side: Side | str = "red", gun: str = "155", tables: TableSet | None = None,
                 seed: int = 1, board_height: str = "600px") -> None:
        self.hexmap = hexmap if isinstance(hexmap, HexMap) else HexMap.load(hexmap)
        self.tables = tables or load_tables()
        self.units: tuple[Unit, ...] = units_of(units)
        self.plan: FirePlan | None = None
        self.record: ArtilleryRecord | None = None
        self.stages: list[DriftStage] = []
        self.index = 0
        self.marker: Hex | None = None
        self.need: FacesNeeded | None = None

        self.board = HexBoard(self.hexmap, height=board_height, legend=False)
        self.layer = CounterLayer(self.board, scale=1.15)
        self.board.on_hex_click(self.click)
        auto = ipw.Layout(width="auto")
        self.side_box = ipw.Dropdown(options=[(s.label, s.value) for s in Side],
                                     value=Side.parse(side).value, layout=auto)
        guns = list(self.tables.artillery.guns)
        self.gun_box = ipw.Dropdown(options=guns, value=gun if gun in guns else guns[0],
                                    layout=auto)
        self.gun_box.add_class("hexrules-gun")
        self.rocket_box = ipw.Checkbox(value=False, description=label("rocket_artillery"),
                                       indent=False, layout=auto)
        self.suppressed_box = ipw.Checkbox(value=False, description="suppressed 压制",
                                           indent=False, layout=auto)
        for w in (self.side_box, self.gun_box, self.rocket_box, self.suppressed_box):
            w.observe(lambda _: self._replan(), names="value")
        self.adjudicate_button = ipw.Button(description="Adjudicate 裁决", icon="play",
                                            layout=auto, disabled=True)
        self.adjudicate_button.add_class("hexrules-adjudicate")
        self.adjudicate_button.on_click(lambda _: self.adjudicate())
        self.dice = DiceControls(seed=seed)
        self.typed_box = ipw.Text(placeholder="e.g. 3", layout=ipw.Layout(width="8em"))
        self.typed_box.add_class("hexrules-typed-faces")
        self.typed_button = ipw.Button(description="Enter 输入", layout=auto)
        self.typed_button.add_class("hexrules-typed-enter")
        self.typed_button.on_click(lambda _: self.enter_faces(self.typed_box.value))
        self.typed_prompt = ipw.HTML("")
        self.typed_prompt.add_class("hexrules-typed-prompt")
        self.typed_row = ipw.HBox([self.typed_prompt, self.typed_box, self.typed_button],
                                  layout=ipw.Layout(display="none", align_items="center"))
        self.typed_row.add_class("hexrules-typed-row")
        self.plan_panel = ipw.HTML(f"Click a hex to plan the fire ({label('fire_plan')}).")
        self.plan_panel.add_class("hexrules-drift-plan")
        self.nav = StepNav(self.go)
        self.step_panel = ipw.HTML("")
        self.step_panel.add_class("hexrules-step")
        row = ipw.HBox([self.side_box, self.gun_box, self.rocket_box, self.suppressed_box,
                        self.adjudicate_button],
                       layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        self.side = ipw.VBox([row, self.dice, self.typed_row, self.plan_panel, self.nav,
                              self.step_panel])
        self.side.add_class("hexrules-stepper-side")
        main = ipw.HBox([ipw.VBox([self.board]), self.side])
        main.add_class("hexrules-stepper-main")
        super().__init__([style_widget(), main])
        self.add_class("hexrules-drift-stepper")
        self.layer.show(self.units)

    # -- planning ------------------------------------------------------------------------
    def click(self, h: Hex) -> None:
        """A click plans the fire on hex ``h``."""
        self.plan_at(h)

    def plan_at(self, h: Hex | str) -> FirePlan | None:
        """Plan the fire on ``h``: the heat map and each nearby unit's odds."""
        target = self.hexmap.parse(h)
        self._reset()
        try:
            plan = FirePlan(self.side_box.value, self.gun_box.value, target, called=1,
                            rocket=self.rocket_box.value, suppressed=self.suppressed_box.value)
            verify_fire_plan(self.hexmap, plan, tables=self.tables)
        except CAUGHT as exc:
            self.plan, self.adjudicate_button.disabled = None, True
            self.plan_panel.value = error_html(exc)
            return None
        self.plan = plan
        self.adjudicate_button.disabled = False
        self._draw_plan()
        return plan

    def _replan(self) -> None:
        if self.plan is not None:
            self.plan_at(self.plan.target)

    def _draw_plan(self) -> None:
        plan, m, b = self.plan, self.hexmap, self.board
        assert plan is not None
        odds = impact_distribution(m, plan)
        top = max(odds.hexes.values())
        b.set_overlay("drift-heat", [
            b.hex_feature(h, {"color": heat_colour(float(p / top)), "weight": 0.5,
                              "fillColor": heat_colour(float(p / top)), "fillOpacity": 0.72},
                          p=f"{p}", part="heat")
            for h, p in odds.hexes.items()], level="shade")
        b.set_overlay("drift-target", [b.hex_feature(plan.target, {
            "color": "#000000", "weight": 3, "dashArray": "6 4", "fill": False})],
            level="marker")
        e = html.escape
        rows = []
        for u in self.units:
            if u.alive and u.hex.distance(plan.target) <= ODDS_RADIUS:
                mo = mission_odds(m, plan, u, tables=self.tables)
                rows.append(f"<tr><th>{e(u.id)}</th><td>{pct(mo.p_attacked)}</td>"
                            f"<td>{pct(mo.p_harmed)}</td><td>{pct(mo.p_destroyed)}</td></tr>")
        units = (f"<table class='hexrules-odds-table'><thead><tr><th>unit 算子</th>"
                 f"<th>attacked</th><th>harmed</th><th>{e(label('destroyed'))}</th></tr>"
                 f"</thead><tbody>{''.join(rows)}</tbody></table>" if rows else "")
        scale = (f"linear-gradient(90deg, {heat_colour(0.02)}, {heat_colour(0.5)}, "
                 f"{heat_colour(1.0)})")
        self.plan_panel.value = (
            f"<div><b>{e(label('fire_plan'))}</b>: {e(plan.side.label)} {e(plan.gun)} → "
            f"<b>{e(m.name_of(plan.target))}</b>, {plan.guns} guns 门</div>"
            f"<div class='hexrules-heat-legend'>One gun lands 落点 (A-2…A-4): "
            f"<span class='hexrules-heat-scale' style='background:{scale}'></span> up to "
            f"{pct(top)} · {e(label('on_target'))} {pct(odds.on_target)} · "
            f"{e(label('fire_cancelled'))} {pct(odds.cancelled)} · lost {pct(odds.lost)}</div>"
            f"{units}")

    # -- adjudication --------------------------------------------------------------------
    def _reset(self) -> None:
        self.record, self.stages, self.index, self.need, self.marker = None, [], 0, None, None
        self.dice.reset_typed()
        self.typed_row.layout.display = "none"
        self.nav.set(0, 0)
        self.step_panel.value = ""
        for name in ("drift-path", "drift-zone", "drift-impacts"):
            self.board.clear_overlay(name)
        self.layer.show(self.units)

    def adjudicate(self) -> ArtilleryRecord | None:
        """Roll the mission's dice and adjudicate it; shows gun 1's first step."""
        if self.plan is None:
            return None
        try:
            rec = adjudicate_mission(self.hexmap, self.plan, self.units,
                                     dice=self.dice.source(), tables=self.tables)
        except FacesNeeded as need:
            self.need = need
            self.typed_prompt.value = (f"<b>Roll {'a d6' if need.count == 1 else '2d6'}</b> "
                                       f"for {html.escape(need.rule)} "
                                       f"{html.escape(need.purpose)}:")
            self.typed_row.layout.display = ""
            self.typed_box.value = ""
            return None
        except CAUGHT as exc:
            self.step_panel.value = error_html(exc)
            return None
        self.need = None
        self.typed_row.layout.display = "none"
        self.record = rec
        self.stages = drift_stages(rec)
        self.nav.set(0, len(self.stages))
        self.go(0)
        return rec

    def show(self, rec: ArtilleryRecord, units: Iterable[Unit] | None = None) -> None:
        """Step through a mission record made elsewhere (a game's log).

        ``units`` are the units as they stood before the mission (default: the stepper's).
        """
        if units is not None:
            self.units = units_of(units)
        self.plan_at(rec.plan.target)
        self.plan = rec.plan
        self.record = rec
        self.stages = drift_stages(rec)
        self.nav.set(0, len(self.stages))
        self.go(0)

    # -- stepping ------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show stage ``index``: its panel, the marker, the zone and the counters then."""
        if not self.stages or self.record is None:
            return
        self.index = max(0, min(index, len(self.stages) - 1))
        if self.nav.index != self.index:
            self.nav.set(self.index, len(self.stages))
        st = self.stages[self.index]
        rec = self.record
        self.step_panel.value = self._stage_html(st)
        b = self.board
        # impact markers of the guns already adjudicated, the one moving now
        done = rec.guns if st.kind == "result" else rec.guns[: st.gun]
        placed = {g.impact: (g.marker,) for g in done if g.marker is not None}
        gun = rec.guns[st.gun] if st.gun is not None else None
        self.marker = None
        if gun is not None and not gun.cancelled:
            before = st.kind in ("A-2", "A-3", "direction")  # still on the planned hex
            self.marker = gun.plan.target if before else gun.impact
        if gun is not None and st.kind in ("direction", "distance", "A-5", "strike"):
            path = gun.path if st.kind != "direction" else gun.path[:2]
            show_path(b, path, name="drift-path", colour="#d50000")
        else:
            b.clear_overlay("drift-path")
        show_impacts(b, placed, name="drift-impacts",
                     moving=self.marker if self.marker in self.hexmap else None)
        if gun is not None and st.kind in ("A-5", "strike"):
            show_zone(b, gun.zone, name="drift-zone")
        else:
            b.clear_overlay("drift-zone")
        self.layer.show(self.units_now(), {} if gun is None or st.strike is None else
                        {gun.strikes[st.strike].unit_before.id: "target"})

    def units_now(self) -> list[Unit]:
        """The units as they stand at the stage shown."""
        rec, st = self.record, self.stage
        if rec is None or st is None:
            return list(self.units)
        now = {u.id: u for u in self.units}
        guns = rec.guns if st.kind == "result" else rec.guns[: st.gun]
        for g in guns:
            now.update(g.units_after)
        if st.kind == "strike" and st.gun is not None and st.strike is not None:
            for s in rec.guns[st.gun].strikes[: st.strike + 1]:
                now[s.unit_after.id] = s.unit_after
        return list(now.values())

    def _stage_html(self, st: DriftStage) -> str:
        rec = self.record
        assert rec is not None
        e = html.escape
        if st.kind == "result":
            lines = "".join(f"<li>{e(u.id)}: {e(u.status_label)}</li>"
                            for u in self.units_now() if u.status)
            landed = sum(1 for g in rec.guns if g.landed)
            return (f"<div class='hexrules-step-title'>{e(label('artillery_fire'))}: "
                    f"{landed} of {len(rec.guns)} guns landed</div><ul>{lines}</ul>"
                    f"<div class='hexrules-step-note'>Rules 规则: "
                    f"{e(', '.join(rec.rules))}</div>")
        gun = rec.guns[st.gun]  # type: ignore[index]
        head = (f"<div class='hexrules-shot-title'>{e(label('gun'))} {gun.number} of "
                f"{len(rec.guns)} · {e(rec.plan.gun)} → "
                f"{e(self.hexmap.name_of(rec.plan.target))}</div>")
        steps = {s.rule: s for s in gun.fire_steps}
        if st.kind == "A-2":
            return head + step_html(steps["A-2"]) + dice_html((gun.delay_die,), size=52)
        if st.kind == "A-3":
            faces = () if gun.drift_die is None else (gun.drift_die,)
            return head + step_html(steps["A-3"]) + dice_html(faces, size=52)
        if st.kind == "direction":
            d = gun.direction
            return (head + f"<div class='hexrules-step-title'><span class='hexrules-rule'>A-4"
                    f"</span> {e(label('drift_direction'))}</div>"
                    + dice_html((d,), size=52)  # type: ignore[arg-type]
                    + f"<div>→ <b>{e(DIRECTION_NAMES[d - 1])}</b> "  # type: ignore[operator]
                      f"({e(label('drift_chart'))}, M-3)</div>" + m3_chart_svg(d))
        if st.kind == "distance":
            return (head + step_html(steps["A-4"])
                    + dice_html((gun.distance,), size=52))  # type: ignore[arg-type]
        if st.kind == "A-5":
            left = "".join(f"<li>{e(z.name)}: {e(z.reason)}</li>" for z in gun.excluded)
            return (head + step_html(steps["A-5"])
                    + (f"<div>Left out 不受攻击:</div><ul>{left}</ul>" if left else ""))
        s = gun.strikes[st.strike]  # type: ignore[index]
        return (head + f"<div class='hexrules-step-title'>{e(s.unit_before.id)} · "
                f"{e(label('zones'))}: ring {s.ring}</div>"
                + "".join(f"<div class='hexrules-strike-step'>{step_html(x)}</div>"
                          for x in s.steps)
                + (dice_html(s.dice, size=36) if s.dice else ""))

    def _repr_state(self) -> dict[str, Any]:  # pragma: no cover - debugging aid
        return {"plan": self.plan, "stage": self.stage, "marker": self.marker}
