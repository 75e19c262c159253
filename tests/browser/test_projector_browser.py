"""The instructor demo on a projector: Voila at 1280 × 720 and 1920 × 1080, offline.

What an instructor in front of a class needs, checked in a real browser (Debian's Chromium):
the board, the verdict and the chart all on screen without scrolling, the map filling its box
(and again after a resize), no button label cut off, large mode still fitting, Basemap on and
off keeping every layer, the Chinese labels drawn with the widgets' own web font, no request
leaving 127.0.0.1, no console errors, and a closed page's kernel culled. Screenshots of the
demo at both sizes are kept in tests/browser/artifacts/ (git-ignored).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from hexrules.sight import CASE_LABELS, load_sight_cases

from .conftest import ARTIFACTS, CULL_IDLE_S, CULL_INTERVAL_S
from .demo_page import CLIPPED_JS, inside, layout, screenshot, wait_fitted

pytestmark = pytest.mark.browser

SIZES = [(1280, 720), (1920, 1080)]
PAIRS = {c.id: c for c in load_sight_cases("training") if c.prepared}


def _load(open_page: Callable[..., Any], url: str, width: int, height: int) -> Any:
    page = open_page(width, height)
    page.goto(url)
    page.locator(".hexrules-explorer").wait_for(state="visible", timeout=90_000)
    wait_fitted(page)
    return page


def _on_screen(page: Any, where: str) -> dict[str, Any]:
    """Assert the board, the verdict and the chart are wholly in view, the page unscrolled."""
    lay = layout(page)
    vp = lay["viewport"]
    for part in ("map", "legend", "verdict", "chart", "controls"):
        assert inside(lay[part], vp), f"{where}: the {part} {lay[part]} is not inside {vp}"
    assert lay["scroll"][1] <= vp[1] + 1 and lay["scroll"][0] <= vp[0] + 1, (
        f"{where}: the page scrolls ({lay['scroll']} for a viewport of {vp})")
    nat_w, nat_h, shown_w, shown_h = lay["image"]
    assert (nat_w, nat_h) == (shown_w, shown_h), f"{where}: the chart is stretched {lay['image']}"
    return lay


def _fills(lay: dict[str, Any], where: str) -> None:
    """The whole map is in its box, centred, and fills it (a small margin)."""
    ml, mt, mr, mb = lay["map"]
    hl, ht, hr, hb = lay["hexes"]
    assert ml - 1 <= hl and mt - 1 <= ht and hr <= mr + 1 and hb <= mb + 1, (where, lay)
    fill = max((hr - hl) / (mr - ml), (hb - ht) / (mb - mt))
    assert fill >= 0.9, f"{where}: the hexes fill {fill:.0%} of the map's box"
    assert abs((hl - ml) - (mr - hr)) <= 3 and abs((ht - mt) - (mb - hb)) <= 3, (
        f"{where}: the map is off-centre: box {lay['map']}, hexes {lay['hexes']}")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_demo_fits_the_projector(voila_url: str, open_page: Callable[..., Any],
                                     width: int, height: int) -> None:
    page = _load(open_page, voila_url, width, height)
    where = f"{width}x{height}"
    lay = _on_screen(page, where)
    _fills(lay, where)
    # the introduction is hidden in Voila: the controls are the first thing on the page
    assert lay["controls"][1] < 40, lay["controls"]
    assert page.locator("text=Instructor demo").count() == 0
    clipped = page.evaluate(CLIPPED_JS)
    assert not clipped, f"{where}: labels cut off: {clipped}"
    # a prepared pair: the verdict and the chart stay on screen with it
    case = PAIRS["demo_l5_chart"]
    page.locator(".hexrules-pairs select").select_option(label=case.title)
    page.locator(".hexrules-verdict", has_text=f"{case.observer} → {case.target}").wait_for()
    assert CASE_LABELS[case.case] in page.locator(".hexrules-verdict").inner_text()
    page.wait_for_timeout(300)
    _on_screen(page, where)
    screenshot(page, ARTIFACTS, f"demo-{where}")
    # large mode: everything a class reads is larger, and still on screen
    size = page.eval_on_selector(".hexrules-verdict-line", "e => getComputedStyle(e).fontSize")
    chart_w = layout(page)["image"][0]
    page.locator(".hexrules-large-toggle").click()
    page.wait_for_function("w => document.querySelector('img.hexrules-chart').naturalWidth > w",
                           arg=chart_w, timeout=30_000)
    wait_fitted(page)
    big = page.eval_on_selector(".hexrules-verdict-line", "e => getComputedStyle(e).fontSize")
    assert float(big[:-2]) >= 1.25 * float(size[:-2]), (size, big)
    for sel in (".hexrules-name-box input", ".hexrules-legend .widget-html-content",
                ".hexrules-hover .widget-html-content"):
        px = float(page.eval_on_selector(sel, "e => getComputedStyle(e).fontSize")[:-2])
        assert px >= 16, f"{sel}: {px} px in large mode"
    lay = _on_screen(page, f"{where} large")
    _fills(lay, f"{where} large")
    assert not page.evaluate(CLIPPED_JS)
    screenshot(page, ARTIFACTS, f"demo-{where}-large")
    assert page.traffic.remote() == [], page.traffic.remote()
    assert page.traffic.errors() == [], page.traffic.errors()


def test_the_map_refits_after_a_window_resize(voila_url: str,
                                              open_page: Callable[..., Any]) -> None:
    page = _load(open_page, voila_url, 1920, 1080)
    before = layout(page)["map"]
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_function("w => document.querySelector('.hexrules-map')"
                           ".getBoundingClientRect().width < w - 100", arg=before[2] - before[0])
    lay = wait_fitted(page)
    _fills(lay, "after resizing to 1280x720")
    _on_screen(page, "after resizing to 1280x720")


def test_basemap_on_and_off_keeps_every_layer(voila_url: str,
                                              open_page: Callable[..., Any]) -> None:
    page = _load(open_page, voila_url, 1280, 720)
    kinds = (".hexrules-forest", ".hexrules-city", ".hexrules-river", ".hexrules-road")

    def layers() -> dict[str, Any]:
        """How many of each symbol there are, and whether each kind is on top at its centre."""
        return page.evaluate("""kinds => Object.fromEntries(kinds.map(k => {
          const all = [...document.querySelectorAll('path' + k)];
          const top = all.filter(p => {
            let x, y;
            if (k === '.hexrules-river' || k === '.hexrules-road') {  // a point on the line
              const pt = p.getPointAtLength(p.getTotalLength() / 3), m = p.getScreenCTM();
              [x, y] = [m.a * pt.x + m.c * pt.y + m.e, m.b * pt.x + m.d * pt.y + m.f];
            } else {  // the middle of a symbol
              const b = p.getBoundingClientRect();
              [x, y] = [(b.left + b.right) / 2, (b.top + b.bottom) / 2];
            }
            const hit = document.elementFromPoint(x, y);
            return hit && hit.matches(k); });
          return [k, [all.length, top.length]]; }))""", list(kinds))

    before = layers()
    assert all(n > 0 and on_top > 0 for n, on_top in before.values()), before
    for on in (True, False):
        page.locator(".hexrules-basemap-toggle").click()
        page.wait_for_function(
            "on => !!document.querySelector('.hexrules-map .leaflet-tile-pane img') === on",
            arg=on, timeout=30_000)
        page.wait_for_timeout(400)
    assert layers() == before  # every forest, settlement, river and road, still on top
    # the only requests that left 127.0.0.1 are the basemap's tiles (blocked here)
    assert all("tile.openstreetmap.org" in u for u in page.traffic.remote()), page.traffic.remote()


def test_chinese_labels_use_the_widgets_web_font(voila_url: str,
                                                 open_page: Callable[..., Any]) -> None:
    page = _load(open_page, voila_url, 1280, 720)
    assert page.evaluate("() => document.fonts.check('16px \"hexrules CJK\"', '观察单位')")
    # which font Chromium really drew the Chinese with (this machine may also have a system
    # CJK font: the label must not depend on it)
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    for sel in (".hexrules-observer-box .widget-label", ".hexrules-verdict-line",
                ".hexrules-hover .widget-html-content"):
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": sel})["nodeId"]
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        cjk = [f for f in fonts if f["familyName"].startswith("Noto Sans CJK")]
        assert cjk and all(f["isCustomFont"] for f in cjk), (sel, fonts)
        assert not any("WenQuanYi" in f["familyName"] for f in fonts), (sel, fonts)


def _kernel_status(base: str, kernel_id: str) -> int:
    try:
        with urllib.request.urlopen(f"{base}api/kernels/{kernel_id}", timeout=5) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_a_closed_pages_kernel_is_culled(voila_url: str,
                                         open_page: Callable[..., Any]) -> None:
    page = _load(open_page, voila_url, 1280, 720)
    # config/voila.py is read (its culling shortened on the tests' command line)
    assert f"idle durations > {CULL_IDLE_S} seconds" in voila_url.log.read_text()
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    kernel = config["kernelId"]
    page.wait_for_timeout((CULL_IDLE_S + 2 * CULL_INTERVAL_S) * 1000)
    assert _kernel_status(voila_url, kernel) == 200  # an open page keeps its kernel
    page.context.close()
    deadline = time.monotonic() + CULL_IDLE_S + 4 * CULL_INTERVAL_S + 10
    while time.monotonic() < deadline and _kernel_status(voila_url, kernel) == 200:
        time.sleep(0.5)
    assert _kernel_status(voila_url, kernel) == 404, "the closed page's kernel is still running"
