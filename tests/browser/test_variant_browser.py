"""The variant players in a real browser: a few orders of each variant by clicks.

JupyterLab at a projector's 1280 × 720 runs two small notebooks (written here): the squad
variant's lesson scenario (red the person, blue the computer) and the Prokhorovka lesson cut
(German the person, Soviet the computer). The tests click through a few orders — the squad
deployment handed in, a team picked, a step by a click on its hex, the plans handed in to
turn 2, a log record opened; the Prokhorovka mortar step ended, a tank activated by a click on
its square, a shaded step clicked, the move finished — while a mirror widget in the test
process, given the same clicks, says what the page must show. With fog of war no id of an
enemy unit the person's side does not see may be in the player's DOM.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hexrules_widgets.player_control import named_ids
from hexrules_widgets.variant_player import ProkPlayer, SquadPlayer

from hexrules.units import Side

from .conftest import lab_settings, serve_lab
from .test_lessons_browser import _KERNEL_IDLE
from .test_play_browser import _notebook
from .test_play_browser import projector as projector  # noqa: F401  (a fixture)

pytestmark = pytest.mark.browser

SQUAD = dict(red="human", blue="objective", seed=2)
PROK = dict(german="human", soviet="greedy", seed=3)
_CELLS = {
    "squad": f"from hexrules_widgets.variant_player import SquadPlayer\nSquadPlayer(**{SQUAD!r})",
    "prok": f"from hexrules_widgets.variant_player import ProkPlayer\nProkPlayer(**{PROK!r})",
}


@pytest.fixture(scope="module")
def variant_lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("variant-lab")
    (root / "notebooks").mkdir()
    for name, source in _CELLS.items():
        (root / "notebooks" / f"{name}.ipynb").write_text(json.dumps(_notebook(source)))
    lab_settings(root)
    yield from serve_lab(root)


def _open(page: Any, url: str, notebook: str, widget: str, ready: str) -> None:
    page.goto(f"{url}/lab/tree/{notebook}?reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell",
                           timeout=90_000)
    page.wait_for_function(_KERNEL_IDLE, timeout=90_000)
    page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')"
                  ".catch(() => null)")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(f".{widget}").wait_for(state="visible", timeout=90_000)
    page.locator(ready).first.wait_for(state="attached", timeout=90_000)
    page.wait_for_timeout(1500)  # the board fits its box


def _dom(page: Any, widget: str) -> str:
    """The player's DOM without its stylesheets (the web font's base64) and the dropdowns'
    URL-encoded ``data-value`` copies of their labels (``%E7%B4%A2`` holds a word "B4")."""
    return page.locator(f".{widget}").evaluate(
        "e => { const c = e.cloneNode(true); c.querySelectorAll('style').forEach(s => s.remove());"
        " c.querySelectorAll('[data-value]').forEach(o => o.removeAttribute('data-value'));"
        " return c.outerHTML; }")


def _phase(page: Any, text: str) -> None:
    page.locator(".hexrules-variant-phase", has_text=text).wait_for(timeout=30_000)


def test_squad_player_a_turn_by_clicks_with_fog_of_war(variant_lab_url: str,
                                                       projector: Any) -> None:
    page, widget = projector, "hexrules-squad-player"
    mirror = SquadPlayer(**SQUAD)
    m = mirror.controller.public.ground.hexmap
    _open(page, variant_lab_url, "squad.ipynb", widget, "path.hexrules-overlay-zone")
    box = page.locator(f".{widget}").bounding_box()
    assert box["width"] <= 1280

    def hidden() -> set[str]:
        s = mirror.controller.game.state
        return {t.id for t in s.teams if t.side is Side.BLUE and not s.detects("red", t.id)}

    assert hidden() and not named_ids(_dom(page, widget), hidden())
    page.locator(".hexrules-squad-hand-in").click()                  # the deployment
    mirror.press("Hand in")
    _phase(page, "Action plan 行动计划表")
    page.locator(".hexrules-squad-team-R3").click()
    mirror.pick("R3")
    to = mirror.planned("R3").hex.neighbor(2)
    page.locator(f"path.hexrules-hex-{m.name_of(to)}").click(force=True)  # a step by a click
    mirror.click(to)
    assert mirror.written["R3"]
    page.locator("path.hexrules-overlay-path").first.wait_for(state="attached",
                                                              timeout=30_000)
    page.locator(".hexrules-squad-hand-in").click()
    mirror.press("Hand in")
    _phase(page, "Attack plan 攻击计划书")
    assert not named_ids(_dom(page, widget), hidden())
    page.locator(".hexrules-squad-hand-in").click()
    mirror.press("Hand in")
    _phase(page, "Turn 回合 2/8")
    assert mirror.controller.game.state.turn == 2
    assert not named_ids(_dom(page, widget), hidden())
    rec = page.locator("details.hexrules-variant-record").last        # the first record
    rec.locator("summary").click()
    assert rec.evaluate("e => e.open")


def test_prok_player_a_move_by_clicks_on_the_square_board(variant_lab_url: str,
                                                          projector: Any) -> None:
    page, widget = projector, "hexrules-prok-player"
    mirror = ProkPlayer(**PROK)
    _open(page, variant_lab_url, "prok.ipynb", widget, "rect.hexrules-square-59-59")
    box = page.locator(f".{widget}").bounding_box()
    assert box["width"] <= 1280

    def hidden() -> set[str]:
        s = mirror.controller.game.state
        seen = {x.id for x in mirror.controller.game.view("german").seen}
        return {u.id for u in s.units if u.side == "soviet" and u.alive and u.id not in seen}

    assert hidden() and not named_ids(_dom(page, widget), hidden())
    page.locator(".hexrules-prok-order", has_text="End phase").click()    # no mortar call
    mirror.press("End phase")
    _phase(page, "movement")
    page.locator("rect.hexrules-square-12-26").click(force=True)          # GP4-1
    mirror.board.click(12, 26)
    assert mirror.controller.game.state.mover.unit == "GP4-1"
    page.locator("rect.hexrules-prok-step").first.wait_for(state="attached", timeout=30_000)
    step = next(x for x in mirror.board.shade if "step" in x["cls"])
    page.locator(f"rect.hexrules-square-{step['col']}-{step['row']}").click(force=True)
    mirror.board.click(step["col"], step["row"])
    page.locator(".hexrules-variant-status", has_text=f"({step['col']}, {step['row']})"
                 ).wait_for(timeout=30_000)
    page.locator(".hexrules-prok-order", has_text="Finish move").click()
    mirror.press("Finish move")
    page.locator(".hexrules-variant-log", has_text="FinishMove").wait_for(timeout=30_000)
    assert not named_ids(_dom(page, widget), hidden())
    rec = page.locator("details.hexrules-variant-record").last
    rec.locator("summary").click()
    assert rec.evaluate("e => e.open")
