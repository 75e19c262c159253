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

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Literal

from hexrules.errors import RulesError

__all__ = ["LANGUAGES", "Language", "get_language", "pick", "set_language", "text", "using"]

Language = Literal["both", "zh", "en"]

#: The language settings, with their names in both languages (for a toggle).
LANGUAGES: dict[str, str] = {"both": "双语", "zh": "中", "en": "EN"}


def _check(lang: object) -> Language:
    if lang not in LANGUAGES:
        raise RulesError(f"unknown language {lang!r}: choose 'both', 'zh' or 'en'")
    return lang  # type: ignore[return-value]


_current: Language = _check(os.environ.get("HEXRULES_LANG", "both") or "both")


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
    _current = _check(lang)


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
    _current = _check(lang)
    try:
        yield _current
    finally:
        _current = before


def pick(en: str, zh: str, *, sep: str = " ", lang: str | None = None) -> str:
    """One text in the current language: ``en``, ``zh`` or both joined by ``sep``.

    >>> pick("Red", "红方", lang="zh"), pick("Red", "红方", sep=" / ")
    ('红方', 'Red / 红方')
    """
    lang = _check(lang or _current)
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
    lang = _check(lang or _current)
    en = template["en"].format(**fields) if "en" in template else ""
    zh = template["zh"].format(**fields) if "zh" in template else en
    return pick(en or zh, zh, sep=sep, lang=lang)
