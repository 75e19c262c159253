"""The play widgets as Voila apps in a real browser: the fire stepper, the drift stepper and
the scenario player, each its own Voila page at a projector's 1280 × 720.

One Voila server (the classroom configuration of ``config/``, as ``make voila`` runs it) over
a folder of three small notebooks written here; each page load runs its notebook in its own
kernel. Every page: the widget drawn, the board clickable, nothing cut off at 1280 px, no
request leaving 127.0.0.1, no console error. Then what each is for:

* the fire stepper: two shooters and a target clicked, the odds shown are the library's
  (:func:`hexrules.combat.fire_odds`), scripted dice, **Next** to the result, which is the
  library's record's (:func:`hexrules.adjudicate_fire`);
* the drift stepper: a mission planned by a click, scripted dice, stepped to the impact hex,
  the library's (:func:`hexrules.artillery.adjudicate_mission`);
* the scenario player (fog of war, red against the computer): a pass, a move started by a
  click on the counter and made hex by hex by clicks (the step's cost and the points left
  shown), the move ended, the language toggled to EN, 中 and back to 双语 (each redraws the
  player); no hidden unit's id in the page.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hexrules_widgets.player import PlayerController, named_ids

from hexrules import HexMap, ScriptedDice, adjudicate_fire
from hexrules.artillery import FirePlan, adjudicate_mission
from hexrules.combat import FireOrder, fire_odds
from hexrules.game import EndMove, Pass, StartMove, StepTo
from hexrules.movement import points_text
from hexrules.units import Side

from .conftest import (
    ARTIFACTS,
    SERVER_START_S,
    _free_port,
    _serve,
    _wait_port,
)
from .test_play_browser import _CELLS, DRIFT_DICE, DRIFT_TARGET, FIRE_DICE, _notebook, _units

pytestmark = pytest.mark.browser

PLAYER_ARGS = dict(red="human", blue="normal", fog=True, seed=3)
PLAYER_CELL = f"""from hexrules_widgets.player import ScenarioPlayer
ScenarioPlayer("duel", board_height="520px", **{PLAYER_ARGS!r})"""
NOTEBOOKS = {"fire": _CELLS["fire"], "drift": _CELLS["drift"], "player": PLAYER_CELL}


@pytest.fixture(scope="module")
def voila_apps(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voila over a folder of the three notebooks; yields the base URL of its pages."""
    root = tmp_path_factory.mktemp("voila-play")
    (root / "notebooks").mkdir()
    for name, source in NOTEBOOKS.items():
        (root / "notebooks" / f"{name}.ipynb").write_text(json.dumps(_notebook(source)))
    port = _free_port()
    # the classroom's culling (config/voila.py): a page still loading keeps its kernel
    cmd = [sys.executable, "-m", "voila", str(root / "notebooks"), "--no-browser",
           f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]
    yield from _serve(cmd, root, "voila.log",
                      lambda proc, log: _wait_port(port, proc, log, SERVER_START_S),
                      f"http://127.0.0.1:{port}/voila/render/")


_FITS = """(sel) => {
  const box = document.querySelector(sel).getBoundingClientRect();
  const cut = [];
  document.querySelectorAll(sel + ' .widget-button, ' + sel + ' .widget-toggle-button')
    .forEach(e => { if (e.offsetParent && e.scrollWidth > e.clientWidth + 1)
                      cut.push(e.innerText); });
  return {right: box.right, cut};
}"""


def _app(open_page: Callable[..., Any], base: str, name: str, widget: str) -> Any:
    page = open_page(1280, 720)
    page.goto(f"{base}{name}.ipynb")
    page.locator(f".{widget}").wait_for(state="visible", timeout=120_000)
    page.locator("path.hexrules-hex-4563AA").wait_for(state="attached", timeout=90_000)
    page.wait_for_timeout(1500)  # the board fits its box
    return page


def _clean(page: Any, widget: str) -> None:
    """Fits 1280 px, no label cut off, nothing fetched from outside, no console error."""
    fit = page.evaluate(_FITS, f".{widget}")
    assert fit["right"] <= 1280 and not fit["cut"], fit
    assert not page.traffic.remote(), page.traffic.remote()
    errors = [e for e in page.traffic.errors() if "favicon" not in e]
    assert not errors, errors
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"voila-{widget}-1280x720.png"))


def _hex(page: Any, name: str) -> Any:
    return page.locator(f"path.hexrules-hex-{name}")


def _scripted(page: Any, faces: list[int]) -> None:
    page.locator(".hexrules-dice-mode button", has_text="Scripted").click()
    box = page.locator(".hexrules-dice-faces input")
    box.fill(" ".join(map(str, faces)))
    box.press("Enter")
    page.wait_for_timeout(300)


def _next_until(page: Any, done: Callable[[str], bool], limit: int = 40) -> str:
    for _ in range(limit):
        text = page.locator(".hexrules-step").inner_text()
        if done(text):
            return text
        page.locator(".hexrules-step-next").click()
        page.wait_for_function("b => document.querySelector('.hexrules-step').innerText !== b",
                               arg=text, timeout=30_000)
    return page.locator(".hexrules-step").inner_text()


def test_voila_fire_stepper(voila_apps: str, open_page: Callable[..., Any]) -> None:
    page = _app(open_page, voila_apps, "fire", "hexrules-fire-stepper")
    m = HexMap.load("training")
    units = list(_units(m).values())
    _hex(page, "4563MG").click(force=True)  # R1
    page.locator(".hexrules-fire-status", has_text="R1").wait_for(timeout=30_000)
    _hex(page, "4563RF").click(force=True)  # R2
    page.locator(".hexrules-fire-status", has_text="R1, R2").wait_for(timeout=30_000)
    _hex(page, "4563KE").click(force=True)  # the target B1
    page.locator(".hexrules-odds", has_text="R1+R2 → B1").wait_for(timeout=30_000)
    odds = fire_odds(m, FireOrder(["R1", "R2"], "B1"), units=units)
    assert f"{float(odds.p_destroyed) * 100:.1f} %" in page.locator(".hexrules-odds").inner_text()
    _scripted(page, FIRE_DICE)
    page.locator(".hexrules-adjudicate").click()
    page.locator(".hexrules-chip-current", has_text="declaration").wait_for(timeout=30_000)
    rec = adjudicate_fire(m, FireOrder(["R1", "R2"], "B1"), units=units,
                          dice=ScriptedDice(FIRE_DICE))
    _next_until(page, lambda _t: page.locator(".hexrules-chip-current",
                                              has_text="result").count() > 0)
    assert rec.target_after.status_label in page.locator(".hexrules-step").inner_text()
    _clean(page, "hexrules-fire-stepper")


def test_voila_drift_stepper(voila_apps: str, open_page: Callable[..., Any]) -> None:
    page = _app(open_page, voila_apps, "drift", "hexrules-drift-stepper")
    m = HexMap.load("training")
    _hex(page, DRIFT_TARGET).click(force=True)
    page.locator(".hexrules-drift-plan", has_text=DRIFT_TARGET).wait_for(timeout=30_000)
    script = DRIFT_DICE + [6] * 5  # guns 2-6 cancelled
    _scripted(page, script)
    page.locator(".hexrules-adjudicate").click()
    page.locator(".hexrules-step-where", has_text="step 1 of").wait_for(timeout=30_000)
    rec = adjudicate_mission(m, FirePlan("red", "155", m.parse(DRIFT_TARGET), called=1),
                             list(_units(m).values()), dice=ScriptedDice(script))
    text = _next_until(page, lambda t: "A-5" in t, limit=12)
    assert m.name_of(rec.guns[0].impact) in text, text
    page.locator("path.hexrules-overlay-drift-zone").first.wait_for(state="attached",
                                                                     timeout=30_000)
    _clean(page, "hexrules-drift-stepper")


def test_voila_scenario_player(voila_apps: str, open_page: Callable[..., Any]) -> None:
    page = _app(open_page, voila_apps, "player", "hexrules-scenario-player")
    mirror = PlayerController("duel", **PLAYER_ARGS)  # the same game in the test process
    m = mirror.game.state.hexmap

    def dom() -> str:
        return page.locator(".hexrules-scenario-player").evaluate(
            "e => { const c = e.cloneNode(true);"
            " c.querySelectorAll('style').forEach(s => s.remove()); return c.outerHTML; }")

    def settle() -> None:
        v = mirror.screen().view
        page.locator(".hexrules-player-phase", has_text=v.phase.label).wait_for(
            timeout=30_000)
        assert not named_ids(dom(), mirror.hidden(Side.RED)[0])

    while not any(isinstance(o, StartMove) for o in mirror.screen().orders):
        page.locator(".hexrules-player-order", has_text="Pass").first.click()  # direct fire
        mirror.give(Pass())
        settle()
    r1 = next(u for u in mirror.screen().view.units if u.id == "R1")
    _hex(page, m.name_of(r1.hex)).click(force=True)
    mirror.give(StartMove("R1"))
    settle()
    for _ in range(2):
        scr = mirror.screen()
        st = scr.steps[0]
        shown = page.locator(f".hexrules-player-step[data-hex='{m.name_of(st.hex)}']")
        assert shown.inner_text().endswith(st.text)
        _hex(page, m.name_of(st.hex)).click(force=True)
        mirror.give(StepTo(st.hex))
        left = points_text(mirror.game.state.move.left)
        page.locator(".hexrules-player-phase", has_text=f"剩余 {left}").wait_for(
            timeout=30_000)
        settle()
    page.locator(".hexrules-player-language button", has_text="EN").click()
    page.locator(".hexrules-player-phase", has_text="Turn 1/6").wait_for(timeout=30_000)
    assert "剩余" not in page.locator(".hexrules-player-phase").inner_text()
    page.locator(".hexrules-player-order", has_text="End of the move").click()
    mirror.give(EndMove())
    page.locator(".hexrules-player-status", has_text="End of the move").wait_for(
        timeout=30_000)
    page.locator(".hexrules-player-language button", has_text="中").click()
    page.locator(".hexrules-player-phase", has_text="回合 1/6").wait_for(timeout=30_000)
    text = page.locator(".hexrules-scenario-player .hexrules-player-side").inner_text()
    assert "Turn" not in text and "End of the move" not in text.split("记录")[0], text
    page.locator(".hexrules-player-language button", has_text="双语").click()
    page.locator(".hexrules-player-phase", has_text="Turn 回合 1/6").wait_for(timeout=30_000)
    assert mirror.hidden(Side.RED)[0] == {"B1"}
    assert not named_ids(dom(), {"B1"})
    _clean(page, "hexrules-scenario-player")
