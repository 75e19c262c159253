"""Helpers for the browser tests: the demo page's layout, measured in the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: Rectangles [left, top, right, bottom] of the parts of the explorer, the union of the hexes
#: drawn on the board, the page's scroll size, and the chart image's natural and shown width.
LAYOUT_JS = """() => {
  const rect = e => { if (!e) return null; const b = e.getBoundingClientRect();
                      return [b.left, b.top, b.right, b.bottom]; };
  const one = s => rect(document.querySelector(s));
  let hexes = [1e9, 1e9, -1e9, -1e9];
  document.querySelectorAll('path.hexrules-hex').forEach(p => {
    const b = p.getBoundingClientRect();
    hexes = [Math.min(hexes[0], b.left), Math.min(hexes[1], b.top),
             Math.max(hexes[2], b.right), Math.max(hexes[3], b.bottom)];
  });
  const img = document.querySelector('img.hexrules-chart');
  const se = document.scrollingElement;
  return {map: one('.hexrules-map'), board: one('.hexrules-board'),
          verdict: one('.hexrules-verdict'), chart: one('img.hexrules-chart'),
          controls: one('.hexrules-controls'),
          legend: one('.hexrules-legend'), side: one('.hexrules-side'), hexes,
          scroll: [se.scrollWidth, se.scrollHeight], viewport: [innerWidth, innerHeight],
          image: img ? [img.naturalWidth, img.naturalHeight, img.clientWidth, img.clientHeight]
                     : null};
}"""

#: Every button, toggle and name box of the explorer whose label or text is cut off.
CLIPPED_JS = """() => {
  const out = [];
  const sel = '.hexrules-explorer .widget-button, .hexrules-explorer .widget-toggle-button, ' +
              '.hexrules-explorer .hexrules-name-box .widget-label, ' +
              '.hexrules-explorer .hexrules-name-box input';
  document.querySelectorAll(sel).forEach(e => {
    if (e.scrollWidth > e.clientWidth + 1)
      out.push([e.className, e.innerText || e.value, e.scrollWidth, e.clientWidth]);
  });
  return out;
}"""


def layout(page: Any) -> dict[str, Any]:
    return page.evaluate(LAYOUT_JS)


def inside(rect: list[float], viewport: list[float], slack: float = 1.0) -> bool:
    """Whether ``rect`` lies wholly within the viewport ``[width, height]``."""
    left, top, right, bottom = rect
    return (left >= -slack and top >= -slack and right <= viewport[0] + slack
            and bottom <= viewport[1] + slack)


def wait_fitted(page: Any, timeout_ms: int = 30_000) -> dict[str, Any]:
    """Wait until the board has fitted the whole map in its box and stopped moving."""
    page.wait_for_function(
        """() => {
          const m = document.querySelector('.hexrules-map');
          const hexes = document.querySelectorAll('path.hexrules-hex');
          if (!m || hexes.length < 900) return false;
          const box = m.getBoundingClientRect();
          let l = 1e9, t = 1e9, r = -1e9, b = -1e9;
          hexes.forEach(p => { const q = p.getBoundingClientRect();
            l = Math.min(l, q.left); t = Math.min(t, q.top);
            r = Math.max(r, q.right); b = Math.max(b, q.bottom); });
          const key = [l, t, r, b].map(Math.round).join(',');
          const fits = l >= box.left - 1 && t >= box.top - 1 && r <= box.right + 1
                       && b <= box.bottom + 1
                       && Math.max((r - l) / box.width, (b - t) / box.height) > 0.88;
          const w = window.__hexFit = window.__hexFit || {key: '', since: 0};
          if (key !== w.key) { w.key = key; w.since = performance.now(); return false; }
          return fits && performance.now() - w.since > 400;
        }""", timeout=timeout_ms, polling=100)
    return layout(page)


def screenshot(page: Any, artifacts: Path, name: str) -> Path:
    """Keep a screenshot of the viewport as a test artefact."""
    artifacts.mkdir(parents=True, exist_ok=True)
    path = artifacts / f"{name}.png"
    page.screenshot(path=str(path))
    print(f"\nscreenshot: {path}")
    return path
