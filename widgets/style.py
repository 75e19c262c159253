"""The widgets' stylesheet: ``explorer.css``, ``editor.css`` and the embedded CJK web font, as
one widget.

Every :class:`~hexrules_widgets.HexBoard` and :class:`~hexrules_widgets.SightExplorer`
includes the same :func:`style_widget` (one widget model per kernel, so the font's bytes are
sent to the browser once). The font (``cjk_font.css``, written by
``scripts/make_cjk_font.py``) is a subset of Noto Sans CJK SC with exactly the Chinese
characters the project uses, so the labels never turn into boxes on a machine without a CJK
font, and nothing is fetched from the network.

Examples
--------
>>> css = stylesheet()
>>> "@font-face" in css and '"hexrules CJK"' in css
True
>>> style_widget() is style_widget()
True
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import ipywidgets as ipw

__all__ = ["CJK_FAMILY", "style_widget", "stylesheet"]

#: The CSS family name of the embedded CJK font.
CJK_FAMILY = "hexrules CJK"


def _read(name: str) -> str:
    return (resources.files("hexrules_widgets") / name).read_text(encoding="utf-8")


@cache
def stylesheet() -> str:
    """The widgets' CSS: the CJK font rule, ``explorer.css``, ``editor.css``, ``play.css``."""
    return "\n".join(_read(name) for name in ("cjk_font.css", "explorer.css", "editor.css",
                                              "play.css"))


_STYLE: ipw.HTML | None = None


def style_widget() -> ipw.HTML:
    """The one (invisible) widget that puts :func:`stylesheet` in the page."""
    global _STYLE
    if _STYLE is None or _STYLE.comm is None:  # none yet, or closed (Widget.close_all())
        _STYLE = ipw.HTML(f"<style>{stylesheet()}</style>",
                          layout=ipw.Layout(display="none"))
        _STYLE.add_class("hexrules-style")
    return _STYLE
