"""The language toggle 中 / EN / 双语 of the widgets, and relabelling widgets after it.

Every widget with a toggle (the sight explorer, the board with ``language=True``, the scenario
player) uses :func:`language_toggle`; the setting itself is :mod:`hexrules.language`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as ipw

from hexrules.language import LANGUAGES, get_language, localize, localize_html, set_language

__all__ = ["Relabel", "language_toggle"]

_TOGGLES: list[Any] = []  # every toggle shown, kept in step (weak references)
_TOGGLE_TIPS = {"zh": "中文", "en": "English", "both": "双语 English + 中文"}


def language_toggle(on_change: Callable[[str], Any] | None = None) -> ipw.ToggleButtons:
    """A 中 / EN / 双语 toggle: sets :func:`hexrules.language.set_language`, then calls
    ``on_change(lang)`` to redraw; every toggle on the page follows the others.

    >>> t = language_toggle()
    >>> t.value = "zh"
    >>> from hexrules.language import get_language; get_language()
    'zh'
    >>> t.value = "both"
    """
    import weakref

    order = ("zh", "en", "both")
    toggle = ipw.ToggleButtons(options=[(LANGUAGES[k], k) for k in order], value=get_language(),
                               tooltips=[_TOGGLE_TIPS[k] for k in order],
                               style={"button_width": "auto"})
    toggle.add_class("hexrules-language-toggle")

    def changed(change: dict[str, Any]) -> None:
        set_language(change["new"])
        for ref in list(_TOGGLES):
            other = ref()
            if other is None:
                _TOGGLES.remove(ref)
            elif other is not toggle and other.value != change["new"]:
                other.value = change["new"]
        if on_change is not None:
            on_change(change["new"])

    toggle.observe(changed, names="value")
    _TOGGLES.append(weakref.ref(toggle))
    return toggle


class Relabel:
    """The bilingual texts of some widgets (descriptions, tooltips, HTML), shown in the
    current language: :meth:`apply` after the setting changes.

    >>> b = ipw.Button(description="Start over 重新开始")
    >>> r = Relabel(b)
    >>> from hexrules.language import using
    >>> with using("zh"):
    ...     r.apply(); b.description
    '重新开始'
    >>> r.apply(); b.description
    'Start over 重新开始'
    """

    def __init__(self, *widgets: ipw.Widget) -> None:
        self._texts: list[tuple[ipw.Widget, str, str]] = []
        self.add(*widgets)

    def add(self, *widgets: ipw.Widget) -> None:
        """Keep the current texts of ``widgets`` as their bilingual originals."""
        for w in widgets:
            for trait in ("description", "tooltip"):
                text = getattr(w, trait, None) if w.has_trait(trait) else None
                if isinstance(text, str) and text:
                    self._texts.append((w, trait, text))
            if isinstance(w, ipw.HTML) and w.value:
                self._texts.append((w, "value", w.value))

    def apply(self) -> None:
        """Show every kept text in the current language."""
        for w, trait, text in self._texts:
            setattr(w, trait, localize_html(text) if trait == "value" else localize(text))
