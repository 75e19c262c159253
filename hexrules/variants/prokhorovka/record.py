"""The record of every adjudication of the variant: :class:`ProkRecord`.

A :class:`ProkRecord` follows :class:`hexrules.records.Record`: its rule, a bilingual title,
the ordered :class:`~hexrules.records.Step` values, the dice rolled (each a
:class:`~hexrules.dice.Roll` with its rule and purpose) and the outcome as named values. It is
frozen, renders itself (``str``, ``_repr_html_``) and round-trips through JSON
(:func:`hexrules.records.encode` / :func:`~hexrules.records.decode`).

>>> from hexrules.records import Step
>>> r = ProkRecord("P-13", "Armour 装甲", (Step("P-13", "Armour 装甲", result="A = 11/20"),),
...                outcome=(("penetrated", True),))
>>> r["penetrated"], ProkRecord.from_dict(r.to_dict()) == r
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hexrules.dice import Roll
from hexrules.language import get_language, localize, localized
from hexrules.records import Effect, Step, StepValue, register
from hexrules.rulings import Ruling

__all__ = ["ProkRecord"]


def _value(text: str) -> str:
    """An input's value in the current language; a list ("cannot fire, destroyed") item by item
    when only its items are known."""
    out = localize(text)
    if out == text and ", " in text:
        items = text.split(", ")
        shown = [localize(t) for t in items]
        if all(a != b for a, b in zip(items, shown, strict=True)):
            return "、".join(shown)
    return out


def _shown(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """The steps as drawn: in Chinese, each input's name and value is localised as a whole
    text ("range" → 距离), and so are the title, result, note and table cell of each step;
    the record itself is unchanged."""
    if get_language() != "zh":
        return steps
    return tuple(replace(st, title=localize(st.title), result=localize(st.result),
                         note=localize(st.note), cell=st.cell and replace(
                             st.cell, row=localize(str(st.cell.row)),
                             column=localize(str(st.cell.column))),
                         inputs=tuple((localize(k), _value(v)) for k, v in st.inputs))
                 for st in steps)


@dataclass(frozen=True)
class ProkRecord(Ruling):
    """One adjudication: rule, title, steps, rolls and outcome (see the module docstring)."""

    rule: str
    title: str
    steps: tuple[Step, ...] = ()
    rolls: tuple[Roll, ...] = ()
    outcome: tuple[tuple[str, StepValue | tuple], ...] = ()

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Always empty: the variant's unit changes are in the game state's log."""
        return ()

    def __getitem__(self, key: str) -> object:
        for k, v in self.outcome:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: object = None) -> object:
        """The outcome named ``key``, or ``default``."""
        try:
            return self[key]
        except KeyError:
            return default

    @localized
    def __str__(self) -> str:
        lines = [f"[{self.rule}] {self.title}"]
        lines += [f"  {st}" for st in _shown(self.steps)]
        return "\n".join(lines)

    @localized
    def _repr_html_(self) -> str:
        import html

        from hexrules.render.html import steps_html

        return (f"<div class='hexrules-prokhorovka'><b>{html.escape(self.title)}</b>"
                f"{steps_html([('', _shown(self.steps))])}</div>")


register(ProkRecord, namespace="prok")
