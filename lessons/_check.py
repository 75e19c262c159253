"""What every lesson's self-check shares: the verdict, reading answers, hidden solutions.

The checks of each lesson (``_check01.py`` …) get the right answer from hexrules, compare it
with the cadet's, and return a :class:`Verdict` made by :func:`say`; they never decide a rule
themselves. When the answer is one a cadet is likely to give by a known slip (northing and
easting swapped, the L-2 bonus forgotten …), the hint names that slip; rule numbers in hints
are read from the loaded tables (:func:`hexrules.load_tables`), never written here.

A verdict *is* its message: as the last line of a notebook cell it shows ``✓ Right 正确`` or
``✗ Not yet 再想想 — hint …`` (as HTML that wraps between words), never a bare
``True``/``False``; it is true exactly when the answer is right, so a test can ``assert`` it.

The solutions live in ``_solutions.toml`` beside the lessons, not in the notebooks: a lesson
shows a button (:func:`solution`) that reveals one only when pressed, and *Run All* runs
none of them. ``tests/test_lesson_solutions.py`` runs every lesson and checks that each
solution passes its exercise's check.

>>> say(True, "unused")
✓ Right 正确
>>> verdict = say(False, "count again")
>>> verdict
✗ Not yet 再想想 — hint 提示: count again
>>> bool(verdict), verdict.ok
(False, False)
>>> as_int("3"), as_int(3.0), as_int("x"), as_int(None)
(3, 3, None, None)
>>> sight_bonus_text()
'+1 for settlement and forest'

The checks speak the notebook's language (``hexrules.language``): a Chinese edition 中文版
sets ``set_language("zh")`` in its first cell and its verdicts, hints and solutions are in
Chinese; the default ("both") and English show the English hint, which names each rule term
with its Chinese word as the lessons do.

>>> from hexrules.language import using
>>> with using("zh"):
...     say(False, tr("count again", "再数一遍")), say(True, ""), word("northing")
(✗ 再想想 — 提示：再数一遍, ✓ 正确, '纵坐标')
>>> with using("zh"):
...     sight_bonus_text()
'居民地和丛林地+1'
"""

from __future__ import annotations

import ast
import html
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hexrules.language import get_language, pick

#: The verdicts as the English edition (the "both" setting) shows them.
RIGHT = "✓ Right 正确"
WRONG = "✗ Not yet 再想想"


def right() -> str:
    """``✓ Right 正确`` in the current language (``✓ 正确`` in Chinese)."""
    return "✓ " + pick("Right", "正确")


def wrong() -> str:
    """``✗ Not yet 再想想`` in the current language (``✗ 再想想`` in Chinese)."""
    return "✗ " + pick("Not yet", "再想想")


def _hint_head() -> str:
    """What introduces a hint: ``hint 提示: `` (``提示：`` in Chinese)."""
    return {"zh": "提示：", "en": "hint: "}.get(get_language(), "hint 提示: ")


def tr(en: str, zh: str) -> str:
    """A hint in the edition's language: the Chinese in a 中文 notebook, else the English.

    The English text already names each rule term with its Chinese word (:func:`word`), so
    the default setting ("both") shows it as it is, not doubled.

    >>> tr("one off", "差了一格")
    'one off'
    """
    return zh if get_language() == "zh" else en

#: The solutions of every lesson's exercises (a data file the lessons never run).
SOLUTIONS = Path(__file__).resolve().parent / "_solutions.toml"


@dataclass(frozen=True)
class Verdict:
    """The outcome of one self-check: shown as its message, true when the answer is right.

    Attributes
    ----------
    ok : bool
        Whether the answer is right.
    hint : str
        What to look at again (shown only when the answer is wrong).

    Examples
    --------
    >>> print(Verdict(False, "look at row 3")._repr_html_())
    <div class="hexrules-check hexrules-check-wrong" ...>✗ Not yet 再想想</b> — hint 提示: look at \
row 3</div>
    """

    ok: bool
    hint: str = ""

    @property
    def message(self) -> str:
        """``✓ Right 正确``, or ``✗ Not yet 再想想 — hint 提示: …`` (in the current language)."""
        return right() if self.ok else f"{wrong()} — {_hint_head()}{self.hint}"

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:  # what a plain-text front end shows
        return self.message

    __str__ = __repr__

    def _repr_html_(self) -> str:
        """The message as a paragraph that wraps between words (never inside one)."""
        colour, kind = ("#1b7a1b", "right") if self.ok else ("#b3261e", "wrong")
        style = ("white-space: normal; word-break: normal; overflow-wrap: normal; "
                 "line-height: 1.45; max-width: 60em; font-size: 1.05em")
        head = f"<b style='color:{colour}'>{right() if self.ok else wrong()}</b>"
        tail = "" if self.ok else f" — {_hint_head()}{html.escape(self.hint)}"
        return (f'<div class="hexrules-check hexrules-check-{kind}" style="{style}">'
                f"{head}{tail}</div>")


def say(ok: bool, hint: str) -> Verdict:
    """The verdict for an answer that is right (``ok``) or not, with the hint if not."""
    return Verdict(bool(ok), hint)


def as_int(answer: Any) -> int | None:
    """A whole-number answer, or None when it is not one."""
    if isinstance(answer, bool) or answer is None:
        return None
    try:
        value = float(answer)
    except (TypeError, ValueError):
        return None
    return int(value) if value.is_integer() else None


def as_name(answer: Any) -> str | None:
    """A military name as typed (``' 4563gh'`` → ``'4563GH'``), or None when it is not text.

    >>> as_name(" 4563gh "), as_name(4563)
    ('4563GH', None)
    """
    return answer.strip().upper() if isinstance(answer, str) else None


def word(key: str) -> str:
    """A glossary term for the middle of a sentence: ``word("northing") == "northing 纵坐标"``.

    In Chinese only the Chinese term (``纵坐标``), in English only the English word.

    >>> word("river")
    'river 河流（线状水系）'
    """
    from hexrules.glossary import term

    t = term(key)
    return pick(f"{t.en[0].lower()}{t.en[1:]}", t.zh)


def sight_bonus_text() -> str:
    """The L-2 sight bonus as the loaded terrain table states it: '+1 for settlement and forest'.

    The terrain names are the glossary's English words (settlement 居民地, not "city").
    """
    from hexrules import Terrain, load_tables
    from hexrules.glossary import term

    terrain = load_tables().terrain
    by: dict[int, list[str]] = {}
    for t in Terrain:
        if terrain[t].sight_bonus:
            by.setdefault(terrain[t].sight_bonus, []).append(terrain[t].name.lower())
    if get_language() == "zh":  # the table's names are the glossary's keys
        return "；".join("和".join(term(n).zh for n in names) + f"{b:+d}"
                        for b, names in by.items())
    return "; ".join(f"{b:+d} for {' and '.join(names)}" for b, names in by.items())


_BARE: dict[int, Any] = {}


def without_sight_bonus(hexmap: Any) -> Any:
    """The same map with every settlement and forest made open: what a cadet sees who forgets
    the L-2 bonus. Used only to recognise that slip in an answer, never to decide a rule.

    >>> from hexrules import HexMap, Terrain
    >>> bare = without_sight_bonus(HexMap.load("training"))
    >>> {bare.terrain_at(h) for h in bare} <= {Terrain.OPEN, Terrain.WATER}
    True
    """
    from hexrules import HexMap, Terrain, load_tables

    key = id(hexmap)
    if key not in _BARE:
        terrain = load_tables().terrain
        data = hexmap.to_dict()
        bonus = {terrain[t].code for t in Terrain if terrain[t].sight_bonus}
        plain = terrain[Terrain.OPEN].code
        data["terrain"] = ["".join(plain if c in bonus else c for c in row)
                           for row in data["terrain"]]
        _BARE[key] = (hexmap, HexMap.from_dict(data, source=f"{hexmap.name}, no L-2 bonus"))
    return _BARE[key][1]


def table(header: list[str], rows: list[tuple[Any, ...]]) -> Any:
    """An HTML table for a lesson (columns line up, Chinese or not), in the current language.

    >>> table(["a", "b"], [(1, "x")]).data
    '<table class="hexrules-table"><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>x</td></tr>\
</table>'
    """
    from IPython.display import HTML

    from hexrules.language import localize_html

    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>" for row in rows)
    # bilingual cells ("Open 开阔地") in the current language, as records are drawn
    return HTML(localize_html(f'<table class="hexrules-table"><tr>{head}</tr>{body}</table>'))


# -- solutions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Solution:
    """One exercise's solution: the answer variables' values and the worked explanation."""

    lesson: str
    exercise: str
    answers: dict[str, str]  # variable name → Python literal, e.g. {"answer_1": '"4464BC"'}
    explain: str
    explain_zh: str = ""  # the explanation in Chinese (中文版), when written

    def values(self) -> dict[str, Any]:
        """The answers as Python values (``ast.literal_eval`` of each literal)."""
        return {name: ast.literal_eval(text) for name, text in self.answers.items()}

    def markdown(self) -> str:
        """The answer cell to type, then the explanation (in Chinese in a 中文 notebook)."""
        code = "\n".join(f"{name} = {text}" for name, text in self.answers.items())
        explain = tr(self.explain, self.explain_zh or self.explain)
        return f"```python\n{code}\n```\n\n{explain.strip()}"


@cache
def load_solutions() -> dict[str, dict[str, Solution]]:
    """Every solution of ``_solutions.toml``, by lesson ('01' …) and exercise ('1', '2' …)."""
    with SOLUTIONS.open("rb") as fh:
        data = tomllib.load(fh)
    out: dict[str, dict[str, Solution]] = {}
    for lesson, exercises in data["lesson"].items():
        for exercise, entry in exercises.items():
            answers = entry["answers"]
            if not answers or not entry.get("explain"):
                raise ValueError(f"{SOLUTIONS.name}: lesson.{lesson}.{exercise}: needs answers "
                                 "and explain")
            unknown = set(entry) - {"answers", "explain", "explain_zh"}
            if unknown:
                raise ValueError(f"{SOLUTIONS.name}: lesson.{lesson}.{exercise}: unknown "
                                 f"field(s) {sorted(unknown)} (answers, explain, explain_zh)")
            out.setdefault(lesson, {})[exercise] = Solution(
                lesson, exercise, dict(answers), entry["explain"], entry.get("explain_zh", ""))
    return out


def solution(lesson: str, exercise: str) -> Any:
    """A button that reveals the solution of ``exercise`` only when pressed.

    The text stays on the Python side until then (``hexrules_widgets.Reveal``), so neither
    the notebook nor the page holds it, and *Run All* never runs it.
    """
    from hexrules_widgets import Reveal

    s = load_solutions()[lesson][exercise]
    title = pick(f"Exercise {exercise} — solution:", f"练习{exercise} — 答案：")
    if get_language() == "both":
        title = f"Exercise {exercise} 练习 — solution 答案:"
    return Reveal(s.markdown(), title=title)
