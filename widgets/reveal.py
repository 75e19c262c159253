"""A solution that stays hidden until asked for: one button, then the text.

A lesson's exercise is honest only if its answer is not on the page: not in a collapsed cell
whose first line shows, not run by *Run All*. :class:`Reveal` keeps its text on the Python
side (a plain attribute, not a synced trait), so nothing of it reaches the browser until the
button is pressed; then the text is shown as Markdown in an output area (the front end
renders it like a Markdown cell). Pressing again hides it.

Examples
--------
>>> r = Reveal("**4464BC**: the square, then row and column", title="Exercise 1")
>>> r.shown, r.output.outputs
(False, ())
>>> r.show()
>>> r.shown, r.output.outputs[0]["data"]["text/markdown"][:10]
(True, '**4464BC**')
>>> r.button.description
'Hide the solution 隐藏答案'
"""

from __future__ import annotations

import ipywidgets as ipw

from hexrules.errors import RulesError

__all__ = ["Reveal"]

_SHOW = "Show the solution 显示答案"
_HIDE = "Hide the solution 隐藏答案"


class Reveal(ipw.VBox):
    """A button that shows a Markdown text only when pressed (a lesson's solution).

    Parameters
    ----------
    markdown : str
        The text to reveal, in Markdown. It never enters a synced trait before
        :meth:`show`, so the page does not hold it.
    title : str
        Shown beside the button, e.g. ``"Exercise 2"``.
    show_label, hide_label : str
        The button's text in each state.

    Attributes
    ----------
    button : ipywidgets.Button
    output : ipywidgets.Output
        Empty while hidden; holds the Markdown once shown.
    shown : bool

    Examples
    --------
    >>> r = Reveal("text")
    >>> r.button.click()          # the same as a reader's click
    >>> r.shown
    True
    >>> r.button.click()
    >>> r.shown, r.output.outputs
    (False, ())
    """

    def __init__(self, markdown: str, *, title: str = "", show_label: str = _SHOW,
                 hide_label: str = _HIDE) -> None:
        if not isinstance(markdown, str) or not markdown.strip():
            raise RulesError(f"Reveal needs the text to reveal, got {markdown!r}")
        self._markdown = markdown
        self._labels = (show_label, hide_label)
        self.shown = False
        self.button = ipw.Button(description=show_label, icon="eye", button_style="",
                                 layout=ipw.Layout(width="auto", min_height="2.4em"),
                                 tooltip="Try the exercise first 先自己做，再看答案")
        self.button.add_class("hexrules-reveal-button")
        self.button.on_click(lambda _: self.toggle())
        self.output = ipw.Output()
        self.output.add_class("hexrules-reveal-text")
        head = [ipw.HTML(f"<b>{title}</b>")] if title else []
        super().__init__([ipw.HBox([*head, self.button],
                                   layout=ipw.Layout(align_items="center", grid_gap="0.8em")),
                          self.output])
        self.add_class("hexrules-reveal")

    def show(self) -> None:
        """Show the text (as Markdown) and turn the button into *Hide*."""
        from IPython.display import Markdown

        if self.shown:
            return
        self.output.outputs = ()
        self.output.append_display_data(Markdown(self._markdown))
        self.shown = True
        self.button.description = self._labels[1]
        self.button.icon = "eye-slash"

    def hide(self) -> None:
        """Remove the text from the page again."""
        self.output.outputs = ()
        self.shown = False
        self.button.description = self._labels[0]
        self.button.icon = "eye"

    def toggle(self) -> None:
        """Show the text if hidden, hide it if shown."""
        self.hide() if self.shown else self.show()
