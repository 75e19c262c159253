"""The glossary 术语表: every rule term in English with the rulebook's Chinese word, as data.

Labels across the library, the widgets and the lessons are read from one file,
``hexrules/data/glossary.toml``, through :func:`label` ("Suppressed 压制") or :func:`term`, so a
term is written once and matches the rulebook (a later Chinese edition reads the same keys).
Each entry may name its rule, a short gloss for terms that mislead on first sight (失火 is
丧失火力, not "caught fire"), and the Chinese words that must not be used for it. Every entry
also gives the rulebook's section (条, such as ``三（一）1（2）``), a short Chinese definition
(``def_zh``) and its ``source``: ``"rulebook"`` when the Chinese word is the rulebook's own,
``"standard"`` when it is ordinary military or wargame usage the project chose.

Examples
--------
>>> label("suppressed")
'Suppressed 压制'
>>> term("weapon_lost").gloss
"丧失火力: the main weapon is out of action (not 'caught fire')"
>>> label("decision_line"), term("decision_line").rule
('Decision line 判定直线', 'L-5')
>>> term("same_level").section, term("same_level").source
('三（一）1（1）', 'rulebook')
>>> label("supressed")
Traceback (most recent call last):
...
hexrules.errors.RulesError: no glossary term 'supressed' (did you mean 'suppressed'?) ...
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from hexrules.errors import RulesError, RulesTypeError, TableFormatError
from hexrules.language import check_language, get_language, pick

__all__ = ["GLOSSARY_FILE", "ORDER_TERMS", "SOURCES", "Term", "glossary", "label", "order_label",
           "term"]

#: The glossary file shipped with hexrules.
GLOSSARY_FILE = Path(__file__).resolve().parent / "data" / "glossary.toml"

_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
_RULE = re.compile(r"^[A-Z]-\d+$")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_SECTION = re.compile(r"^[一二三四五六七八九十]+(（[一二三四五六七八九十]+）)?(\d+(（\d+）)?)?$")
#: The values of a term's ``source``.
SOURCES = ("rulebook", "standard")
_FIELDS = ("en", "zh", "rule", "gloss", "not", "section", "def_zh", "source")


@dataclass(frozen=True)
class Term:
    """One glossary entry: English, the rulebook's Chinese, its rule, a gloss, words to avoid.

    Examples
    --------
    >>> t = term("armour_correction")
    >>> t.label, t.rule, t.avoid
    ('Armour correction 装甲防护修正', 'F-8', ('装甲修正',))
    """

    key: str
    en: str
    zh: str
    rule: str = ""
    gloss: str = ""
    avoid: tuple[str, ...] = ()
    section: str = ""
    def_zh: str = ""
    source: str = "rulebook"

    @property
    def label(self) -> str:
        """The term in the current language (:mod:`hexrules.language`): ``'Suppressed 压制'``."""
        return pick(self.en, self.zh)

    @property
    def both(self) -> str:
        """English with Chinese whatever the setting, as records and summaries are written
        (they are values; shown in the current language when drawn): ``'Red 红方'``."""
        return f"{self.en} {self.zh}"


def _fail(entry: str, problem: str) -> TableFormatError:
    return TableFormatError(f"{GLOSSARY_FILE.name}: {entry}: {problem}")


def _text(entry: str, field: str, value: Any, *, cjk: bool | None = None) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(entry, f"{field} must be a non-empty string, got {value!r}")
    if cjk is True and not _CJK.search(value):
        raise _fail(entry, f"{field} must be the Chinese term, got {value!r}")
    return value


def parse(data: dict[str, Any]) -> dict[str, Term]:
    """Validate the glossary's TOML data; errors name the file and the entry.

    >>> parse({"term": {"x": {"en": "X"}}})
    Traceback (most recent call last):
    ...
    hexrules.errors.TableFormatError: glossary.toml: term.x: missing 'zh' (the Chinese term)
    >>> parse({"term": {"x": {"en": "X", "zh": "叉", "def_zh": "叉。", "source": "book"}}})
    Traceback (most recent call last):
    ...
    hexrules.errors.TableFormatError: glossary.toml: term.x: source must be ... got 'book'
    """
    terms = data.get("term")
    if not isinstance(terms, dict) or not terms:
        raise _fail("-", "expected [term.<key>] tables")
    out: dict[str, Term] = {}
    for key, entry in terms.items():
        where = f"term.{key}"
        if not _KEY.match(key):
            raise _fail(where, "a key is lower-case letters, digits and _")
        if not isinstance(entry, dict):
            raise _fail(where, "expected a table")
        unknown = set(entry) - set(_FIELDS)
        if unknown:
            raise _fail(where, f"unknown field(s) {', '.join(sorted(unknown))} "
                               f"(known: {', '.join(_FIELDS)})")
        for field, what in (("en", "the English term"), ("zh", "the Chinese term"),
                            ("def_zh", "a short Chinese definition"),
                            ("source", "'rulebook' or 'standard'")):
            if field not in entry:
                raise _fail(where, f"missing {field!r} ({what})")
        rule = entry.get("rule", "")
        if rule and (not isinstance(rule, str) or not _RULE.match(rule)):
            raise _fail(where, f"rule must be a rule ID like 'F-3', got {rule!r}")
        avoid = entry.get("not", [])
        if not isinstance(avoid, list) or not all(isinstance(w, str) and w for w in avoid):
            raise _fail(where, f"'not' must be a list of Chinese words, got {avoid!r}")
        source = entry["source"]
        if source not in SOURCES:
            raise _fail(where, f"source must be 'rulebook' or 'standard', got {source!r}")
        section = entry.get("section", "")
        if section and (not isinstance(section, str) or not _SECTION.match(section)):
            raise _fail(where, "section must be the rulebook's 条 like '三（一）1（2）', "
                               f"got {section!r}")
        if source == "rulebook" and not section:
            raise _fail(where, "a term of the rulebook names its section (条)")
        out[key] = Term(key, _text(where, "en", entry["en"]),
                        _text(where, "zh", entry["zh"], cjk=True), rule,
                        entry.get("gloss", "") and _text(where, "gloss", entry["gloss"]),
                        tuple(avoid), section,
                        _text(where, "def_zh", entry["def_zh"], cjk=True), source)
    return out


@cache
def glossary() -> MappingProxyType[str, Term]:
    """Every term of the shipped glossary, by key (read once).

    >>> len(glossary()) > 50, glossary()["settlement"].zh
    (True, '居民地')
    """
    try:
        with GLOSSARY_FILE.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise _fail("-", f"not valid TOML: {exc}") from None
    return MappingProxyType(parse(data))


def term(key: str) -> Term:
    """The glossary entry ``key``.

    Raises
    ------
    RulesError
        For an unknown key, suggesting the nearest ones.
    """
    if not isinstance(key, str):
        raise RulesTypeError(f"a glossary key is a str, got {key!r}")
    terms = glossary()
    try:
        return terms[key]
    except KeyError:
        near = difflib.get_close_matches(key, terms, n=3)
        hint = f" (did you mean {', '.join(map(repr, near))}?)" if near else ""
        raise RulesError(f"no glossary term {key!r}{hint} in {GLOSSARY_FILE.name}") from None


def label(key: str) -> str:
    """The bilingual label of a term: ``label('suppressed') == 'Suppressed 压制'``."""
    return term(key).label


#: The orders (by class name) and the glossary term that names them (a button, a record's
#: heading in Chinese).
ORDER_TERMS: dict[str, str] = {
    "Pass": "pass", "StartMove": "declare_move", "StepTo": "move_step", "EndMove": "end_move",
    "DeclareFire": "declaration", "MovingFire": "moving_fire",
    "ShortHaltFire": "short_halt_fire", "OpportunityFire": "opportunity_fire",
    "CoveringFire": "covering_fire", "Decline": "decline", "FieldRepair": "field_repair",
    "PlanFire": "fire_plan", "RapidReload": "rapid_reload", "DealCard": "event_card",
    "Deployment": "deployment_phase", "ActionPlan": "action_plan",
    "AttackPlan": "attack_plan", "Override": "referee_ruling",
}


def order_label(order: object, *, lang: str | None = None) -> str:
    """An order as a record's heading shows it: its value (``repr``), preceded in Chinese by
    the glossary's name of the order. The value itself is unchanged.

    >>> from hexrules.game import StepTo
    >>> from hexrules import Hex
    >>> order_label(StepTo(Hex(1, 2)))
    'StepTo(Hex(1, 2))'
    >>> order_label(StepTo(Hex(1, 2)), lang="zh")
    '逐格机动 StepTo(Hex(1, 2))'
    """
    text = repr(order)
    key = ORDER_TERMS.get(type(order).__name__)
    if check_language(lang or get_language()) != "zh" or key is None:
        return text
    return f"{term(key).zh} {text}"
