"""Every exercise's solution passes its check, and no lesson holds or runs a solution.

The solutions live in ``lessons/_solutions.toml``; a lesson shows them only through a reveal
button (``check.solution("1")``), so *Run All* runs none. These tests run each lesson's code
cells in order, as a kernel would (figures on the Agg backend), and at every exercise cell —
``answer_… = None`` followed by ``check.check_…(answer_…, …)`` — they check that:

- the check says "✗ Not yet" for the ``None`` the cadet starts with;
- with the solution's value put in the answer variable, the same check call says "✓ Right";
- every solution is used by exactly one exercise and every exercise has a solution and a
  reveal button;
- no lesson cell is a solution cell, and no solution's answer text appears in the lesson.

Set ``HEXRULES_LESSON_FIGURES=folder`` to save every figure a lesson shows as a PNG there (to
look at them as a cadet would).
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from hexrules.language import get_language, set_language

jupytext = pytest.importorskip("jupytext")
pytest.importorskip("ipywidgets")

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
#: Every lesson, in both editions (``NN_name.zh.py`` is the Chinese edition 中文版).
SOURCES = sorted(p for p in LESSONS.glob("[0-9][0-9]_*.py")
                 if p.stem not in ("00_index", "00_index.zh"))
#: What a check says to a wrong answer, by edition.
NOT_YET = {"en": "Not yet", "zh": "再想想"}


def _python(source: str) -> str:
    """A code cell as Python: IPython magics (``%matplotlib inline``) become comments."""
    return "\n".join("#" + line if line.lstrip().startswith(("%", "!")) else line
                     for line in source.splitlines())


def _check_call(stmt: ast.stmt) -> ast.Call | None:
    """``check.check_…(…)`` as a cell's last statement, else None."""
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and getattr(call.func.value, "id", None) == "check"
            and call.func.attr.startswith("check_")):
        return call
    return None


def _answer_var(call: ast.Call) -> str | None:
    first = call.args[0] if call.args else None
    return first.id if isinstance(first, ast.Name) and first.id.startswith("answer") else None


def _reveal(stmt: ast.stmt) -> str | None:
    """The exercise of a ``check.solution("N")`` cell, else None."""
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and getattr(call.func.value, "id", None) == "check"
            and call.func.attr == "solution" and call.args
            and isinstance(call.args[0], ast.Constant)):
        return str(call.args[0].value)
    return None


class LessonRun:
    """The outcome of running one lesson: each exercise cell's verdicts, the reveal cells."""

    def __init__(self) -> None:
        self.exercises: dict[str, tuple[int, Any, Any]] = {}  # var → (cell, None's, solution's)
        self.reveals: list[tuple[int, str]] = []


def run_lesson(source: Path, solutions: dict[str, Any]) -> LessonRun:
    """Run ``source``'s code cells in one namespace; try each exercise with its solution."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figures = os.environ.get("HEXRULES_LESSON_FIGURES")
    shown = [0]

    def show(*_: Any, **__: Any) -> None:
        if figures:
            Path(figures).mkdir(parents=True, exist_ok=True)
            for num in plt.get_fignums():
                shown[0] += 1
                plt.figure(num).savefig(Path(figures) / f"{source.stem}_{shown[0]:02d}.png",
                                        dpi=100, bbox_inches="tight")
        plt.close("all")

    values = {var: value for s in solutions.values() for var, value in s.values().items()}
    run = LessonRun()
    ns: dict[str, Any] = {"__name__": "__lesson__"}
    cells = [c for c in jupytext.read(source).cells if c.cell_type == "code"]
    old_cwd, old_show, old_language = Path.cwd(), plt.show, get_language()
    os.chdir(LESSONS)
    plt.show = show
    try:
        for i, cell in enumerate(cells):
            tree = ast.parse(_python(cell.source))
            body = tree.body
            last = body[-1] if body else None
            call = _check_call(last) if last is not None else None
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(ast.Module(body[:-1] if call else body, []), f"cell {i}", "exec"),
                     ns)
                if call is not None:
                    expr = compile(ast.Expression(call), f"cell {i}", "eval")
                    verdict_none = eval(expr, ns)
                    var = _answer_var(call)
                    verdict_solution = None
                    if var in values:
                        ns[var] = values[var]
                        verdict_solution = eval(expr, ns)
                    run.exercises[var or f"cell {i}"] = (i, verdict_none, verdict_solution)
            if last is not None and (ex := _reveal(last)) is not None:
                run.reveals.append((i, ex))
            show()
    finally:
        plt.show = old_show
        os.chdir(old_cwd)
        set_language(old_language)  # a Chinese edition's first cell set it to 中文
    return run


@pytest.fixture(scope="module")
def solutions() -> dict[str, dict[str, Any]]:
    sys.path.insert(0, str(LESSONS))
    try:
        import _check

        return _check.load_solutions()
    finally:
        sys.path.remove(str(LESSONS))


@pytest.fixture(scope="module", params=SOURCES, ids=[p.stem for p in SOURCES])
def lesson(request: pytest.FixtureRequest, solutions: dict[str, dict[str, Any]]
           ) -> tuple[Path, dict[str, Any], LessonRun]:
    source: Path = request.param
    mine = solutions.get(source.stem[:2], {})
    sys.path.insert(0, str(LESSONS))
    try:
        return source, mine, run_lesson(source, mine)
    finally:
        sys.path.remove(str(LESSONS))


def test_every_solution_passes_its_check(lesson: tuple[Path, dict[str, Any], LessonRun]
                                         ) -> None:
    source, mine, run = lesson
    assert run.exercises, f"{source.name} has no exercise"
    for var, (cell, none_verdict, solution_verdict) in run.exercises.items():
        assert not none_verdict, f"{source.name} cell {cell}: the check accepts None"
        not_yet = NOT_YET["zh" if source.stem.endswith(".zh") else "en"]
        assert not_yet in repr(none_verdict), f"{source.name} cell {cell}: {none_verdict!r}"
        assert solution_verdict is not None, f"{source.name}: no solution for {var}"
        assert solution_verdict, (f"{source.name} cell {cell}: the solution of {var} fails its "
                                  f"check: {solution_verdict!r}")


def test_every_exercise_has_one_solution_and_one_reveal(
        lesson: tuple[Path, dict[str, Any], LessonRun]) -> None:
    source, mine, run = lesson
    used = {var for s in mine.values() for var in s.answers}
    assert used == set(run.exercises), (
        f"{source.name}: solutions for {sorted(used - set(run.exercises))} have no exercise; "
        f"exercises {sorted(set(run.exercises) - used)} have no solution")
    revealed = [ex for _, ex in run.reveals]
    assert sorted(revealed) == sorted(mine), (
        f"{source.name}: reveal buttons for {revealed}, solutions for {sorted(mine)}")


@pytest.mark.parametrize("source", SOURCES, ids=[p.stem for p in SOURCES])
def test_no_lesson_holds_a_solution(source: Path, solutions: dict[str, dict[str, Any]]
                                    ) -> None:
    nb = jupytext.read(source)
    tagged = [i for i, c in enumerate(nb.cells) if "solution" in c.metadata.get("tags", ())]
    assert not tagged, f"{source.name}: solution cells {tagged}"
    text = source.read_text(encoding="utf-8")
    assigned = re.findall(r"^(answer\w*)\s*=(?!\s*None\b)(.+)$", text, flags=re.M)
    assert not assigned, f"{source.name} assigns answers: {assigned}"
    for s in solutions.get(source.stem[:2], {}).values():
        for var, value in s.values().items():
            items = value if isinstance(value, tuple) else (value,)
            for item in items:
                shown = f"{item:.2f}" if isinstance(item, float) else str(item)
                if re.fullmatch(r"\d{4}[A-Z]{2}|\d+\.\d+", shown):
                    assert shown not in text, (f"{source.name} shows {shown!r}, the answer "
                                               f"of {var}, before it is revealed")
