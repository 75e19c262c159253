"""The lessons' plain-text sources: each notebook is paired with a jupytext percent ``.py``.

The ``.py`` source is what ruff lints and what a diff shows; the notebook is what a cadet
opens. These tests fail when the two differ (naming the lesson and the first differing cell),
when a notebook has no source or a source no notebook, when a notebook is saved with outputs,
and when a lesson could show a bare ``True``/``False`` instead of a check's message.
``jupytext --sync lessons/*.ipynb`` brings a pair back in line (lessons/README.md).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
import unicodedata
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
FORMATS = "ipynb,py:percent"
SYNC = "jupytext --sync lessons/*.ipynb"

NOTEBOOKS = sorted(LESSONS.glob("*.ipynb"))
#: Python files in lessons/ that are helpers, not lesson sources.
HELPERS = {"conftest.py"} | {p.name for p in LESSONS.glob("_check*.py")}
SOURCES = sorted(p for p in LESSONS.glob("*.py") if p.name not in HELPERS)


def _cells(nb) -> list[tuple[str, str, tuple[str, ...]]]:
    """What must agree between a notebook and its source: type, text and tags of each cell."""
    return [(c.cell_type, c.source, tuple(c.metadata.get("tags", ()))) for c in nb.cells]


def _width(line: str) -> int:
    """Columns taken by ``line`` (a CJK character takes two, as ruff counts them)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def _code_cells(path: Path) -> list[tuple[int, str]]:
    nb = jupytext.read(path)
    return [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "code"]


def _python(source: str) -> ast.Module:
    """A code cell as Python: IPython magics (``%matplotlib inline``) become comments."""
    lines = ["#" + line if line.lstrip().startswith(("%", "!")) else line
             for line in source.splitlines()]
    return ast.parse("\n".join(lines))


def test_lessons_are_here() -> None:
    assert len(NOTEBOOKS) >= 6 and (LESSONS / "00_index.ipynb") in NOTEBOOKS


def test_every_notebook_has_a_source_and_every_source_a_notebook() -> None:
    notebooks = {p.stem for p in NOTEBOOKS}
    sources = {p.stem for p in SOURCES}
    assert not notebooks - sources, (
        f"notebooks without a .py source: {sorted(notebooks - sources)}; pair them with "
        f"`jupytext --set-formats {FORMATS} lessons/NAME.ipynb`")
    assert not sources - notebooks, (
        f"sources without a notebook: {sorted(sources - notebooks)}; create them with "
        f"`{SYNC}` (or delete the stray .py)")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_paired_with_its_percent_source(notebook: Path) -> None:
    for path in (notebook, notebook.with_suffix(".py")):
        formats = jupytext.read(path).metadata.get("jupytext", {}).get("formats")
        assert formats == FORMATS, f"{path.name}: jupytext formats {formats!r}, not {FORMATS!r}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_matches_its_source(notebook: Path) -> None:
    source = notebook.with_suffix(".py")
    if not source.exists():
        pytest.fail(f"{notebook.name} has no source {source.name}")
    in_nb, in_py = _cells(jupytext.read(notebook)), _cells(jupytext.read(source))
    for i, (a, b) in enumerate(zip(in_nb, in_py, strict=False)):
        if a != b:
            what = ["type", "text", "tags"][next(k for k in range(3) if a[k] != b[k])]
            pytest.fail(
                f"lesson {notebook.stem}: cell {i} ({a[0]}) differs in its {what} between "
                f"{notebook.name} and {source.name}:\n  notebook: {a[1][:160]!r} {a[2]}\n"
                f"  source:   {b[1][:160]!r} {b[2]}\nrun `{SYNC}` (the newer file wins)")
    assert len(in_nb) == len(in_py), (
        f"lesson {notebook.stem}: {notebook.name} has {len(in_nb)} cells, {source.name} "
        f"{len(in_py)}; the first {min(len(in_nb), len(in_py))} agree. Run `{SYNC}`")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_saved_without_outputs(notebook: Path) -> None:
    """Notebooks are committed without outputs: nbval only runs them, and diffs stay small."""
    nb = jupytext.read(notebook)
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
             and (c.get("outputs") or c.get("execution_count") is not None)]
    assert not dirty, (f"{notebook.name}: cells {dirty} were saved with outputs; clear them "
                       "(Edit ▸ Clear Outputs of All Cells) and save again")


@pytest.mark.parametrize("source", SOURCES, ids=[p.stem for p in SOURCES])
def test_code_cells_fit_in_100_columns(source: Path) -> None:
    """ruff leaves line length to this test in lesson sources (their Markdown has tables)."""
    long = [(i, line) for i, text in _code_cells(source) for line in text.splitlines()
            if _width(line) > 100]
    assert not long, f"{source.name}: code lines over 100 columns (cell, line): {long}"


@pytest.mark.parametrize("source", SOURCES, ids=[p.stem for p in SOURCES])
def test_a_check_is_the_last_line_of_its_cell_or_asserted(source: Path) -> None:
    """A check shows its ✓/✗ message only as the cell's last expression (or under assert)."""
    for i, text in _code_cells(source):
        body = _python(text).body
        for k, stmt in enumerate(body):
            call = stmt.value if isinstance(stmt, ast.Expr) else None
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and getattr(call.func.value, "id", None) == "check"):
                assert k == len(body) - 1, (
                    f"{source.name}, cell {i}: `check.{call.func.attr}(...)` on line "
                    f"{stmt.lineno} is not the cell's last line, so its verdict would not "
                    "show: give it a cell of its own")


@pytest.fixture(scope="module")
def check_modules() -> list[object]:
    sys.path.insert(0, str(LESSONS))
    try:
        return [importlib.import_module(p.stem) for p in sorted(LESSONS.glob("_check*.py"))]
    finally:
        sys.path.remove(str(LESSONS))


def test_every_check_returns_a_verdict_not_a_bool(check_modules: list[object]) -> None:
    base = next(mod for mod in check_modules if mod.__name__ == "_check")
    checks = [(mod.__name__, name, fn) for mod in check_modules
              for name, fn in inspect.getmembers(mod, inspect.isfunction)
              if name.startswith("check_") and fn.__module__ == mod.__name__]
    assert len(checks) >= 12
    for module, name, fn in checks:
        assert fn.__annotations__.get("return") == "Verdict", f"{module}.{name}"
    verdict = base.say(False, "look again")
    assert isinstance(verdict, base.Verdict) and not verdict
    assert repr(verdict) == f"{base.WRONG} — hint 提示: look again"
    assert repr(base.say(True, "")) == base.RIGHT and base.say(True, "")


def _table(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("|")]


def test_readme_and_index_list_the_same_lessons() -> None:
    index = jupytext.read(LESSONS / "00_index.ipynb")
    in_index = [row for c in index.cells if c.cell_type == "markdown" for row in _table(c.source)]
    in_readme = _table((LESSONS / "README.md").read_text(encoding="utf-8"))
    assert in_index and in_index == in_readme, "the lesson table of 00_index and README.md"
    listed = {name for row in in_index for name in re.findall(r"\]\(([\w.]+\.ipynb)\)", row)}
    english = {p.name for p in NOTEBOOKS if not p.name.endswith(".zh.ipynb")}  # 中文版 apart
    assert listed == english - {"00_index.ipynb"}


# -- links to the rules reference ------------------------------------------------------------

RULES_DOC = LESSONS.parent / "docs" / "rules.md"
RULES_LINK = "../docs/rules.md"
RULE_ID = re.compile(r"\b[A-Z]-\d+\b")
LESSON_SOURCES = [p for p in SOURCES if p.name[:2].isdigit() and not p.stem.startswith("00_index")]


def _markdown(path: Path) -> str:
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    return "\n".join(c.source for c in jupytext.read(path).cells if c.cell_type == "markdown")


#: How each edition heads the line of the rules a lesson uses (the Chinese edition: 中文版).
RULES_USED = {"en": "Rules used", "zh": "本课用到的规则"}


def _rules_used(source: Path) -> str:
    text = _markdown(source)
    heading = RULES_USED["zh" if source.stem.endswith(".zh") else "en"]
    start = text.find(heading)
    assert start >= 0, f"{source.name}: no '{heading}' line"
    return text[start:text.find("\n\n", start) if "\n\n" in text[start:] else None]


@pytest.mark.parametrize("source", LESSON_SOURCES, ids=[p.stem for p in LESSON_SOURCES])
def test_rules_used_line_links_every_rule_to_the_rules_reference(source: Path) -> None:
    line = _rules_used(source)
    visible = re.sub(r"\]\([^)]*\)", "]", line)  # the text a reader sees
    ids = RULE_ID.findall(visible)
    assert ids, f"{source.name}: no rule IDs in {line!r}"
    for rule in ids:
        assert f"[{rule}]({RULES_LINK}#{rule})" in line, (
            f"{source.name}: {rule} in the 'Rules used' line is not linked to "
            f"{RULES_LINK}#{rule}")


@pytest.mark.parametrize("path", [*SOURCES, LESSONS / "README.md"],
                         ids=[*(p.stem for p in SOURCES), "README"])
def test_lessons_cite_the_rules_reference_not_the_old_files(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for old in ("RULES.md", "decisions.md"):
        assert old not in text, f"{path.name} cites {old}: link {RULES_LINK} instead"


INDEXES = [p for p in (LESSONS / "00_index.py", LESSONS / "00_index.zh.py") if p.exists()]


@pytest.mark.parametrize("path", [*INDEXES, LESSONS / "README.md"],
                         ids=[*(p.stem for p in INDEXES), "README"])
def test_the_index_links_the_rules_reference(path: Path) -> None:
    assert f"]({RULES_LINK})" in _markdown(path) and f"]({RULES_LINK}#" in _markdown(path)


def test_every_linked_rule_has_its_anchor_in_the_rules_reference() -> None:
    if not RULES_DOC.exists():
        pytest.skip("docs/rules.md is not written yet")
    doc = RULES_DOC.read_text(encoding="utf-8")
    anchors = set(re.findall(r"""<a\s+(?:id|name)=["']([^"']+)["']""", doc))
    links = {(p.name, anchor) for p in [*SOURCES, LESSONS / "README.md"]
             for anchor in re.findall(re.escape(RULES_LINK) + r"#([\w-]+)", _markdown(p))}
    missing = sorted(f"{name}: #{anchor}" for name, anchor in links if anchor not in anchors)
    assert not missing, f"links to anchors docs/rules.md does not have: {missing}"
