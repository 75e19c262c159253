"""The language setting 语言: bilingual (the default), Chinese only or English only.

Every user-facing text of hexrules — glossary labels, record steps, reasons, verdicts, error
messages, widget captions — is written once per language and picked here, so the Chinese
edition (中文版) and the English edition are the same code. The setting is one of

* ``"both"`` — English with the Chinese term, as the rules reference writes it
  ("Suppressed 压制"); the default;
* ``"zh"`` — Chinese only ("压制");
* ``"en"`` — English only ("Suppressed").

It is process-wide (a notebook sets it once, in its first cell) and can be changed for a block
with :func:`using`. The environment variable ``HEXRULES_LANG`` sets the starting value.

Examples
--------
>>> get_language()
'both'
>>> pick("Suppressed", "压制")
'Suppressed 压制'
>>> with using("zh"):
...     pick("Suppressed", "压制")
'压制'
>>> with using("en"):
...     text({"en": "{n} hexes", "zh": "{n}格"}, n=3)
'3 hexes'
>>> set_language("fr")
Traceback (most recent call last):
...
hexrules.errors.RulesError: unknown language 'fr': choose 'both', 'zh' or 'en'
"""

from __future__ import annotations

import functools
import html as _html
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Any, Literal, ParamSpec

from hexrules.errors import RulesError

__all__ = ["LANGUAGES", "Language", "bilingual", "check_language", "get_language", "localize",
           "localize_figure", "localize_html", "localized", "pick", "register_pair", "say",
           "set_language", "text", "using"]

P = ParamSpec("P")

Language = Literal["both", "zh", "en"]

#: The language settings, with their names in both languages (for a toggle).
LANGUAGES: dict[str, str] = {"both": "双语", "zh": "中", "en": "EN"}


def check_language(lang: object) -> Language:
    """``lang`` if it is a language setting, else a :class:`~hexrules.errors.RulesError`.

    >>> check_language("zh")
    'zh'
    """
    if lang not in LANGUAGES:
        raise RulesError(f"unknown language {lang!r}: choose 'both', 'zh' or 'en'")
    return lang  # type: ignore[return-value]


_current: Language = check_language(os.environ.get("HEXRULES_LANG", "both") or "both")


def get_language() -> Language:
    """The current language setting: ``'both'``, ``'zh'`` or ``'en'``."""
    return _current


def set_language(lang: str) -> None:
    """Set the language of every label, record, message and widget drawn from now on.

    Parameters
    ----------
    lang : {'both', 'zh', 'en'}

    Raises
    ------
    RulesError
        For any other value (the setting is left as it was).

    Examples
    --------
    >>> set_language("zh"); get_language()
    'zh'
    >>> set_language("both")
    """
    global _current
    _current = check_language(lang)


@contextmanager
def using(lang: str) -> Iterator[Language]:
    """Use ``lang`` inside a ``with`` block, then restore the previous setting.

    >>> with using("en") as lang:
    ...     lang
    'en'
    >>> get_language()
    'both'
    """
    global _current
    before = _current
    _current = check_language(lang)
    try:
        yield _current
    finally:
        _current = before


def pick(en: str, zh: str, *, sep: str = " ", lang: str | None = None) -> str:
    """One text in the current language: ``en``, ``zh`` or both joined by ``sep``.

    >>> pick("Red", "红方", lang="zh"), pick("Red", "红方", sep=" / ")
    ('红方', 'Red / 红方')
    """
    lang = check_language(lang or _current)
    if lang == "en":
        return en
    if lang == "zh":
        return zh
    return f"{en}{sep}{zh}" if en != zh else en


def text(template: Mapping[str, str], /, *, sep: str = " ", lang: str | None = None,
         **fields: object) -> str:
    """A message from per-language templates ``{'en': …, 'zh': …}``, filled with ``fields``.

    A template given only in English is shown in English in every setting.

    >>> text({"en": "hit on {n}", "zh": "{n}点命中"}, n=5, lang="both")
    'hit on 5 5点命中'
    >>> text({"en": "only English"}, lang="zh")
    'only English'
    """
    lang = check_language(lang or _current)
    en = template["en"].format(**fields) if "en" in template else ""
    zh = template["zh"].format(**fields) if "zh" in template else en
    return pick(en or zh, zh, sep=sep, lang=lang)


# ---------------------------------------------------------------------------------------
# Localising rendered text: records, reasons and messages are written once, bilingually
# ("Suppressed 压制", as the English edition shows them), and shown in the current language
# when they are drawn. Records stay values (equal inputs, equal records, whatever the
# setting); only their rendering follows the setting.
# ---------------------------------------------------------------------------------------
_CJK = "\u4e00-\u9fff"
#: An English word of a bilingual pair: letters only (unit IDs like R1 and hex names like
#: 4563KC, which hold digits, are never words), or the dice names 2d6 / d6.
_WORD = r"(?:[A-Za-zΔ](?:[A-Za-z'’]|-(?=[A-Za-z]))*|2d6|d6)(?![A-Za-z0-9_-])"
#: English words directly followed by a Chinese term: the English half of a pair.
_PAIR_EN = re.compile(rf"(?<![A-Za-z0-9_'’-]){_WORD}(?:[ \-]{_WORD})*[ \n]+(?=\d*[{_CJK}])")
#: A Chinese term with its space (or brackets) in a bilingual text: the Chinese half.
_PAIR_ZH = re.compile(
    rf"[ ]?(?:[（(][{_CJK}0-9、，· ]*[{_CJK}][{_CJK}0-9、，· ]*[)）]"
    rf"|\d*[{_CJK}][{_CJK}0-9（）、，·]*[{_CJK}）]"
    rf"|\d*[{_CJK}])")


@cache
def _phrases() -> tuple[tuple[re.Pattern[str], str, str], ...]:
    """The phrase table (``hexrules/data/messages.toml``): English pattern, en, zh."""
    from hexrules.messages import phrases

    return phrases()


#: Bilingual names the pair rules cannot split — a name with punctuation, "The bridge, north
#: end 桥北端" — with their halves, longest first (:func:`register_pair`).
_KNOWN: list[tuple[str, str, str]] = []


def register_pair(en: str, zh: str) -> None:
    """Teach :func:`localize` the halves of the bilingual name ``f"{en} {zh}"`` when its pair
    rules would split it wrongly (a scenario's or an objective's name with punctuation in it,
    registered as the scenario is loaded); names they already split are not kept.

    >>> localize("The hill, west spur 西山嘴 4563AB", lang="zh")
    'The hill, 西山嘴 4563AB'
    >>> register_pair("The hill, west spur", "西山嘴")
    >>> localize("The hill, west spur 西山嘴 4563AB", lang="zh")
    '西山嘴 4563AB'
    """
    both = f"{en} {zh}"
    if not en or not zh or any(k == both for k, _, _ in _KNOWN):
        return
    if _split(both, "en") == en and _split(both, "zh") == zh:
        return
    _KNOWN.append((both, en, zh))
    _KNOWN.sort(key=lambda k: -len(k[0]))


def localize(message: str, *, lang: str | None = None) -> str:
    """A bilingual text (as the English edition writes it) in the current language.

    ``'both'`` returns it unchanged. ``'en'`` drops the Chinese half of every bilingual pair
    ("Suppressed 压制" → "Suppressed"). ``'zh'`` puts the phrase table's Chinese for the
    English sentences it knows, then keeps the Chinese half of every pair.

    >>> localize("→ Suppressed 压制 | modifier -3", lang="zh")
    '→ 压制 | 修正 -3'
    >>> localize("R1 Fired 射击; range 距离 18 hexes 格", lang="en")
    'R1 Fired; range 18 hexes'
    >>> localize("R1 Fired 射击; range 距离 18 hexes 格", lang="zh")
    'R1 射击; 距离 18 格'
    """
    lang = check_language(lang or _current)
    if lang == "both" or not message:
        return message
    for both, en, zh in _KNOWN:
        if both in message:
            message = message.replace(both, en if lang == "en" else zh)
    return _split(message, lang)


def _split(message: str, lang: str) -> str:
    """:func:`localize` by the phrase table and the pair rules only."""
    if lang == "en":
        out = _PAIR_ZH.sub("", message)
        return re.sub(r"(?<=\S)  +", " ", out)
    for pattern, _en, zh in _phrases():
        if pattern.search(message):
            message = pattern.sub(zh, message)
    out = _PAIR_EN.sub("", message)
    return re.sub(r"(?<=\S)  +", " ", out)


def say(*objects: object, sep: str = " ") -> None:
    """``print`` a bilingual text — a record's verdict, a reason — in the current language
    (:func:`localize`), as a lesson shows what the library wrote.

    >>> with using("zh"):
    ...     say("Suppressed 压制", "—", "modifier -3")
    压制 — 修正 -3
    """
    print(localize(sep.join(map(str, objects))))


_TEXT_NODE = re.compile(r">([^<>]+)<")
_CODE_BLOCK = re.compile(r"(<(?:style|script)\b[^>]*>.*?</(?:style|script)>)", re.S | re.I)
_BR_PAIR = re.compile(
    rf">([^<>{_CJK}]*[A-Za-z][^<>{_CJK}]*)<br ?/?>([^<>]*[{_CJK}][^<>]*)<")


def localize_html(html: str, *, lang: str | None = None) -> str:
    """:func:`localize` applied to the text of an HTML fragment (never to tags, attributes).

    >>> localize_html("<td>Suppressed 压制</td>", lang="en")
    '<td>Suppressed</td>'
    >>> localize_html("<style>table { color: red }</style><td>table</td>", lang="zh")
    '<style>table { color: red }</style><td>查表</td>'
    """
    lang = check_language(lang or _current)
    if lang == "both":
        return html
    # a pair split by a line break ("hex<br>六角格", a table header): keep one half
    keep = 2 if lang == "zh" else 1
    html = _BR_PAIR.sub(lambda m: f">{m.group(keep)}<", html)
    def node(m: re.Match[str]) -> str:
        raw = _html.unescape(m.group(1))
        out = localize(raw, lang=lang)
        return ">" + (m.group(1) if out == raw else _html.escape(out, quote=False)) + "<"

    parts = _CODE_BLOCK.split(html)  # a page's <style> and <script> are not text
    return "".join(part if i % 2 else _TEXT_NODE.sub(node, f">{part}<")[1:-1]
                   for i, part in enumerate(parts))


def localized(func: Callable[P, str]) -> Callable[P, str]:
    """Decorate a renderer: its text (or HTML, when it starts with ``<``) follows the setting."""
    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> str:
        out = func(*args, **kwargs)
        if _current == "both":
            return out
        if isinstance(out, list):  # lines
            return [localize(line) for line in out]  # type: ignore[return-value]
        if not isinstance(out, str):
            return out
        return localize_html(out) if out.lstrip().startswith("<") else localize(out)

    return wrapper


def localize_figure(fig: Any) -> None:
    """Localise every text of a Matplotlib figure (titles, axes, legends, labels) in place."""
    if _current == "both" or fig is None:
        return
    for t in fig.findobj(lambda a: hasattr(a, "get_text") and hasattr(a, "set_text")):
        s = t.get_text()
        if isinstance(s, str) and s:
            t.set_text(localize(s))


def bilingual(func: Callable[P, Any]) -> Callable[P, Any]:
    """Decorate an adjudication: its record is written bilingually whatever the setting.

    Records are values (equal inputs, equal records) and are shown in the current language
    only when drawn (:func:`localized`), so the texts they hold are always the English
    edition's bilingual ones; an error raised inside is shown in the setting too
    (:class:`~hexrules.errors.RulesError`).

    >>> from hexrules.glossary import label
    >>> with using("zh"):
    ...     bilingual(lambda: label("suppressed"))(), label("suppressed")
    ('Suppressed 压制', '压制')
    """
    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> Any:
        global _current
        if _current == "both":
            return func(*args, **kwargs)
        before, _current = _current, "both"
        try:
            return func(*args, **kwargs)
        finally:
            _current = before

    return wrapper

