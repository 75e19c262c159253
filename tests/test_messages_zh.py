"""The Chinese edition of every error message (issue 17): no English sentence is left in "zh".

How the messages are found: every message hexrules can raise is written at a raise site as a
string (or f-string) given to one of the project's exceptions (a subclass of
:class:`~hexrules.errors.RulesError`), or to a module's message helper (``fail``, ``_fail``,
``_refuse``: its ``problem`` / ``message`` / ``reason`` argument). :func:`message_templates`
walks the syntax tree of every module of ``hexrules/`` and collects them all, each field of an
f-string filled with a sample value; each must read in Chinese under ``using("zh")``. A new
message written only in English fails here, until its Chinese is added to the phrase table
``hexrules/data/messages.toml`` (or written as a per-language template).

A second test triggers a catalogue of bad inputs (loaders, coordinates, orders, cards,
artillery, variants) and checks the messages as they are really composed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import hexrules.errors
from hexrules.errors import RulesError
from hexrules.language import localize, using

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hexrules"
#: Folders of hexrules whose messages another piece of work owns (the computer players).
SKIPPED = ("players",)
#: The parameter of a message helper that holds the message.
MESSAGE_PARAMS = ("problem", "message", "reason", "msg")
#: Message helpers (any function with a parameter of MESSAGE_PARAMS) are called by the name
#: of their definition, but a callable object (``__call__``) by the name of its instance.
HELPERS = {"__call__": "fail"}
#: Values that carry a refusal's words: class name → position of the words.
REFUSALS = {"_Refusal": 1}
#: Functions (by the end of their names) that return the words of a problem.
PROBLEM_FUNCTIONS = ("_problem", "_reason", "_why", "_blocked", "_size_text", "_off_map_text")
#: Variables that hold a part of a message (``hint = " (did you mean …?)"``).
MESSAGE_PARTS = ("hint", "why", "reason", "problem", "detail")
#: What a field of an f-string is replaced by: a number fits every kind of field of a phrase.
SAMPLE = "7"


def _error_names() -> set[str]:
    """Names of the project's exception classes (hexrules.errors and the few defined elsewhere)."""
    names = {n for n, v in vars(hexrules.errors).items()
             if isinstance(v, type) and issubclass(v, RulesError)}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(b, ast.Name) and b.id in names for b in node.bases):
                names.add(node.name)
    return names


def _render(node: ast.expr) -> str | None:
    """The text of a string expression, each f-string field replaced by :data:`SAMPLE`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                out.append(str(v.value))
            elif isinstance(v, ast.FormattedValue) and isinstance(v.value, ast.Constant):
                out.append(str(v.value.value))
            else:
                out.append(SAMPLE)
        return "".join(out)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        a, b = _render(node.left), _render(node.right)
        return None if a is None or b is None else a + b
    if isinstance(node, ast.IfExp):  # "a" if c else "b": both are messages
        a, b = _render(node.body), _render(node.orelse)
        return None if a is None or b is None else f"{a} | {b}"
    return None


def _helpers(tree: ast.AST) -> dict[str, tuple[int, str]]:
    """A module's message helpers: name → (position, name) of their message parameter."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            params = [a.arg for a in node.args.args if a.arg not in ("self", "cls")]
            for i, p in enumerate(params):
                if p in MESSAGE_PARAMS:  # a callable object (__call__) is named fail, self
                    out[HELPERS.get(node.name, node.name)] = (i, p)
                    if node.name == "__call__":
                        out["self"] = (i, p)
    return out


def message_templates() -> Iterator[tuple[str, int, str]]:
    """Every message hexrules can raise: (file, line, text with sample fields)."""
    errors = _error_names()
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if any(part in SKIPPED for part in rel.parts):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        helpers = _helpers(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id in MESSAGE_PARTS for t in node.targets):
                value = node.value.value if isinstance(node.value, ast.Subscript) \
                    else node.value  # {kind: "…", …}[kind]
                for part in value.values if isinstance(value, ast.Dict) else [value]:
                    s = _render(part)
                    if s is not None and len(re.findall(r"[A-Za-z]{2,}", s)) > 1:
                        yield str(rel), node.lineno, s
                continue
            if isinstance(node, ast.FunctionDef) and node.name.endswith(PROBLEM_FUNCTIONS):
                for ret in ast.walk(node):  # a function that words a problem returns it
                    s = _render(ret.value) if isinstance(ret, ast.Return) and ret.value \
                        else None
                    if s is not None and len(re.findall(r"[A-Za-z]{2,}", s)) > 1:
                        yield str(rel), ret.lineno, s
                continue
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(
                f, ast.Attribute) else ""
            args: list[ast.expr] = []
            if name in errors:
                args = node.args[:1] + [k.value for k in node.keywords if k.arg == "reason"]
            elif name in REFUSALS:
                args = node.args[REFUSALS[name]:REFUSALS[name] + 1]
            elif name in helpers:
                pos, param = helpers[name]
                args = node.args[pos:pos + 1] + [k.value for k in node.keywords
                                                 if k.arg == param]
            for arg in args:
                s = _render(arg)
                # a text with at most one word of its own ("{a}: {b}", "expected {n} {what}")
                # composes other messages: the catalogue of bad inputs checks those
                if s is not None and len(re.findall(r"[A-Za-z]{2,}", s)) > 1:
                    yield str(rel), node.lineno, s


#: English a Chinese message keeps: quoted values, rule IDs, identifiers (snake_case, dotted,
#: CamelCase order names, calls), file names, hexes, units, dice, numbers, result letters.
_KEPT = [
    r"(?<![A-Za-z])'[^'\n]*'(?![A-Za-z])", r'"[^"\n]*"', r"`[^`\n]*`",  # quoted values
    r"\[[^\[\]\n\u4e00-\u9fff]*\]",                       # code in brackets: [armour], [col, row]
    r"(?<![\w.])/[^\s:：，；（）()'\"]+",                       # a path: /tmp/maps/x.json
    r"\b[\w-]+\.(?:json|toml|tif|tiff|geojson|md|py|png|csv|ipynb)\b",  # file names
    r"\b[A-Za-z_]\w*(?:\.\w+)+(?:\(\S*\))?",              # dotted: hexrules.game, a.b()
    r"\b\w+\(\S*?\)",                                     # calls: Pass(), StepTo(…)
    r"\b\w*_\w*\b",                                       # snake_case keys, _private
    r"\b\w+=",                                            # a keyword argument: side='red'
    r"--[\w-]+",                                          # a command-line option
    r"\b[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+\b",                # CamelCase: StepTo, HexMap
    r"\b[A-Z]{1,3}-\d+\w*\b|§\d+",                        # rule IDs
    r"\b[A-Z0-9]{2,}s?\b",                                # acronyms and hexes: TOML, DEM, 4563KE
    r"\b\w*\d\w*\b",                                      # with digits: R1, 2d6, d6, x0
]
_KEPT_RE = re.compile("|".join(_KEPT))
#: Words kept in Chinese beyond the code's identifiers: values, tools, units of measure.
KEPT_WORDS = frozenset("""
true false json toml npz pip install apt-get Debian gdal-bin gdalwarp rasterio pyproj km lon
lat west south east north Fraction Path Feature ruling-enhancement
""".split())


#: Words of English sentences, never taken for identifiers even where the code uses them.
ENGLISH = frozenset("""
a an the is are was were be been being not no nor to of at on in into by for with from and or
but has have had it its this that these those there then than as if so must may can cannot
should will would got expected unknown missing needs need give given use used only one two
all any each every other more less already now here what which who when where why how do does
done get gets make makes take takes see sees names named neither either both
""".split())


@cache
def identifiers() -> frozenset[str]:
    """The names the code uses (classes, functions, arguments, attributes) and the keys of its
    data files: a Chinese message names them as they are written."""
    import json
    import tomllib

    names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.keyword) and node.arg:
                names.add(node.arg)

    def keys(value: object) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                names.update(re.findall(r"[A-Za-z]\w*", str(k)))
                keys(v)
        elif isinstance(value, list):
            for v in value:
                keys(v)

    for path in PACKAGE.rglob("*.py"):  # the values of constants: KINDS = ("hold", ...)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id.lstrip("_").isupper() for t in node.targets):
                names.update(c.value for c in ast.walk(node.value) if isinstance(
                    c, ast.Constant) and isinstance(c.value, str) and c.value.isidentifier())
    names.update(p.stem.split(".")[0] for p in (ROOT / "maps").rglob("*.*"))  # map, scenario
    for path in [*PACKAGE.rglob("*.toml"), *(ROOT / "maps").rglob("*.toml")]:
        keys(tomllib.loads(path.read_text(encoding="utf-8")))
    for path in (ROOT / "maps").rglob("*.json"):
        keys(json.loads(path.read_text(encoding="utf-8")))
    import builtins

    return frozenset((names | set(dir(builtins))) - ENGLISH)


def english_words(text: str) -> list[str]:
    """The English words of ``text`` beyond those a Chinese message keeps."""
    rest = _KEPT_RE.sub(" ", text)
    return [w for w in re.findall(r"[A-Za-z][A-Za-z’'-]*[A-Za-z]", rest)
            if w not in KEPT_WORDS and w not in identifiers()]


def test_the_check_finds_english_and_keeps_identifiers() -> None:
    assert english_words("地图 'x y' 不存在 (M-1)；StepTo(4563KE)，见 turns.json") == []
    assert english_words("setup_zones.red: 7 不是 hexrules.map 的格 d6 2d6 R1 TOML [a, b]") \
        == []
    assert english_words("the value is not a whole number") == ["the", "is", "not", "whole"]
    assert english_words("HexMap 需要 tables=load_tables(folder)，收到 None") == []


def test_every_raise_site_is_found() -> None:
    found = list(message_templates())
    files = {f for f, _, _ in found}
    assert len(found) > 500, len(found)
    for part in ("game/engine.py", "game/cards.py", "map/coords.py", "artillery/plan.py",
                 "game/scenariofile.py", "map/mapfile.py", "tables/_validate.py",
                 "variants/squad/engine.py", "variants/prokhorovka/scenario.py"):
        assert any(f.endswith(part) for f in files), part


def test_every_message_reads_in_chinese() -> None:
    bad = []
    with using("zh"):
        for path, line, message in message_templates():
            words = english_words(localize(message))
            if words:
                bad.append(f"{path}:{line}: {message!r} → {localize(message)!r} "
                           f"(English: {' '.join(words)})")
    assert not bad, (f"{len(bad)} messages have no Chinese: add their sentences to "
                     "hexrules/data/messages.toml:\n" + "\n".join(bad))


def test_both_is_unchanged_and_english_drops_nothing() -> None:
    for _path, _line, message in message_templates():
        assert localize(message, lang="both") == message
        if not re.search(r"[\u4e00-\u9fff]", message):
            assert localize(message, lang="en") == message
