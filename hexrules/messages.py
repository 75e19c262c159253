"""The phrase table 译文表 of the Chinese edition: English sentences of records and messages
with their Chinese, as data (``hexrules/data/messages.toml``).

Records and messages are written once, in the bilingual form of the English edition; when the
setting (:mod:`hexrules.language`) is ``"zh"``, :func:`hexrules.language.localize` replaces the
English sentences listed here by their Chinese and keeps the Chinese half of every bilingual
pair. A phrase written ``^…$`` matches only a whole text (one HTML text node).
A ``{name}`` in a phrase is carried over: ``{n}``, ``{m}``, ``{x}`` and ``{y}`` stand for
a number, ``{hx}`` for a hex's military name (4563KE); another field at the end of a phrase
stands for one token (a number, a hex, or a bilingual label such as "Open 开阔地"), at the
start for a unit ("R1" or "R1 at 4563CB"), elsewhere for the shortest text up to the words
that follow it.

Examples
--------
>>> from hexrules.language import localize
>>> localize("d6 4 > 1: K stands", lang="zh")
'd6 4 > 1：仍为K'
>>> parse({"phrase": [{"en": "x {n"}]})
Traceback (most recent call last):
...
hexrules.errors.TableFormatError: messages.toml: phrase 1: unbalanced braces in 'x {n'
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from hexrules.errors import TableFormatError

__all__ = ["MESSAGES_FILE", "parse", "phrases"]

#: The phrase table shipped with hexrules.
MESSAGES_FILE = Path(__file__).resolve().parent / "data" / "messages.toml"

_FIELD = re.compile(r"\{(\w+)\}")
#: Fields that stand for a number ("level {n}"), and what they match.
_NUMBERS = frozenset({"n", "m", "x", "y"})
_NUMBER = r"[-+]?(?:\d+(?:[.,/–]\d+)*½?|½)"
#: What a {field} matches: a bilingual label ("Open 开阔地") or one token ("4563KE", "-3").
_TOKEN = (r"(?:[A-Za-z][\w'’-]*(?: [A-Za-z][\w'’-]*)* [\u4e00-\u9fff][\u4e00-\u9fff（）]*"
          r"|[^\s|;,()（）：:→\u4e00-\u9fff]+)")


def _fail(entry: str, problem: str) -> TableFormatError:
    return TableFormatError(f"{MESSAGES_FILE.name}: {entry}: {problem}")


def _pattern(where: str, en: str) -> re.Pattern[str]:
    if en.startswith("^") and en.endswith("$"):  # a whole text only ("red" in a caption)
        return re.compile("^" + _pattern(where, en[1:-1]).pattern + "$")
    if en.count("{") != en.count("}"):
        raise _fail(where, f"unbalanced braces in {en!r}")
    parts, seen, pos = [], set(), 0
    for m in _FIELD.finditer(en):
        parts.append(re.escape(en[pos:m.start()]))
        name = m.group(1)
        if name in _NUMBERS:
            pat = _NUMBER
        elif name == "hx":  # a hex by its military name (M-2)
            pat = r"\d{4}[A-Z]{2}"
        elif not en[m.end():].strip():
            pat = _TOKEN
        elif not en[:m.start()].strip():  # a unit, as the refusals name it: "R1 at 4563CB"
            pat = r"[^\s|;,()]+(?: at [^\s|;,()（）：\u4e00-\u9fff]+)?"
        else:
            pat = r"[^|;\n]+?"
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{pat})")
        seen.add(name)
        pos = m.end()
    parts.append(re.escape(en[pos:]))
    body = "".join(parts)
    head = r"(?<![A-Za-z0-9_'’-])" if en[:1].isascii() and en[:1].isalnum() else ""
    tail = r"(?![A-Za-z0-9_'’])" if en[-1:].isascii() and en[-1:].isalnum() else ""
    if en[-1:].isascii() and en[-1:].isalpha():
        tail += r"(?! +[\u4e00-\u9fff])"  # not the English half of a bilingual pair
    return re.compile(head + body + tail)


_BEFORE_CJK = re.compile(r"(?:(?<=[A-Za-z)'\"\]])|(\{(\w+)\})) (?=[\u4e00-\u9fff])")


def _keep_words(zh: str) -> str:
    """``zh`` with a no-break space after an English word (or a field) followed by Chinese.

    Shown in Chinese, the English half of a bilingual pair ("Suppressed 压制") is dropped;
    a no-break space keeps an identifier the Chinese names ("tables 必须是 TableSet") from
    being read as one.

    >>> _keep_words("{a} 必须是 TableSet，收到 {n} 个")
    '{a}\\xa0必须是 TableSet，收到 {n} 个'
    """
    return _BEFORE_CJK.sub(lambda m: (m.group(1) or "") + (
        " " if m.group(2) in _NUMBERS else "\u00a0"), zh)


def parse(data: dict[str, Any]) -> tuple[tuple[re.Pattern[str], str, str], ...]:
    """Validate the phrase table; longest phrases first. Errors name the entry."""
    rows = data.get("phrase")
    if not isinstance(rows, list) or not rows:
        raise _fail("-", "expected [[phrase]] entries")
    out = []
    for i, row in enumerate(rows, 1):
        where = f"phrase {i}"
        if not isinstance(row, dict) or set(row) - {"en", "zh"}:
            raise _fail(where, "a phrase has exactly the fields en and zh")
        en, zh = row.get("en"), row.get("zh")
        if not isinstance(en, str) or not en.strip():
            raise _fail(where, f"en must be a non-empty string, got {en!r}")
        pattern = _pattern(where, en)
        if not isinstance(zh, str) or not re.search(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]",
                                                     zh):
            raise _fail(where, f"zh must be Chinese, got {zh!r}")
        if set(_FIELD.findall(zh)) != set(_FIELD.findall(en)):
            raise _fail(where, f"zh must use the fields of en ({en!r})")
        out.append((pattern, en, _FIELD.sub(r"\\g<\1>", _keep_words(zh).replace("\\", "\\\\"))))
    return tuple(sorted(out, key=lambda r: -len(r[1])))


@cache
def phrases() -> tuple[tuple[re.Pattern[str], str, str], ...]:
    """Every phrase of the shipped table (read once), longest first."""
    try:
        with MESSAGES_FILE.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise _fail("-", f"not valid TOML: {exc}") from None
    return parse(data)
