"""The Chinese edition 中文版 of the lessons: one set of code cells, prose per language.

A Chinese edition of ``lessons/NN_name.py`` is ``lessons/NN_name.zh.py`` (jupytext percent,
paired with ``lessons/NN_name.zh.ipynb``, in the same folder so that ``import _checkNN`` and
relative paths work). Its cells are the English source's cells one for one, with ONE extra
first cell, the language cell (a code cell, exactly :data:`LANGUAGE_CELL`)::

    zh cell 0      the language cell     set_language("zh")
    zh cell k + 1  English cell k        code: byte-identical (text and tags)
                                         markdown: the Chinese prose

The code is written once, in the English source; ``sync`` copies it across. Subcommands::

    python scripts/lessons_zh.py check [NN ...]   # parity of every (or the named) edition
    python scripts/lessons_zh.py sync NN          # English code cells → the Chinese source
    python scripts/lessons_zh.py new NN           # start a Chinese source (prose 【待译】)

``check`` fails (exit status 1, naming the lesson and the cell) when the cells differ in
number or kind, when a code cell differs, when a Chinese markdown cell is still marked
``【待译】`` or links an English lesson that has a Chinese edition, or when a rule ID
(``F-3``), a hex name (``4563BB``) or a number of an English markdown cell is missing from
its Chinese twin. The index (``00_index.zh.py``) is the Chinese
edition's own table of contents: it lists the Chinese editions and is checked by
``tests/test_lessons_zh.py``, not by cell parity.

Examples
--------
>>> sorted(tokens("F-3 at 4563BB: 2 hexes, +1.5 (L-5, answer_1, `_check01`)"))
['1.5', '2', '4563BB', 'F-3', 'L-5']
>>> sorted(tokens("第1次射击，距离12格（F-3）"))
['1', '12', 'F-3']
"""

from __future__ import annotations

import argparse
import difflib
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
#: The first cell of every Chinese edition.
LANGUAGE_CELL = 'from hexrules.language import set_language\nset_language("zh")'
#: Marks a markdown cell still to translate (``new`` and ``sync`` write it; ``check`` refuses).
TODO = "【待译】"
#: Sources that are not lessons with a Chinese twin checked cell by cell.
INDEX = "00_index"

RULE_ID = re.compile(r"(?<![A-Za-z0-9_-])[A-Z]-\d+(?![0-9])")
HEX_NAME = re.compile(r"(?<![A-Za-z0-9_])\d{4}[A-Z]{2}(?![A-Za-z0-9_])")
#: A link to a notebook in this folder: ``](02_line_of_sight.ipynb)``.
LINK = re.compile(r"\]\(([\w.]+\.ipynb)\)")
NUMBER = re.compile(r"(?<![A-Za-z0-9_.])\d+(?:\.\d+)?(?![0-9])")


def tokens(markdown: str) -> set[str]:
    """The rule IDs, hex names and numbers of a markdown text (what both editions must show).

    Digits glued to a name (``answer_1``, ``_check01``, ``2d6``'s 6) are part of the name,
    not numbers.
    """
    found = set(RULE_ID.findall(markdown)) | set(HEX_NAME.findall(markdown))
    rest = HEX_NAME.sub(" ", RULE_ID.sub(" ", markdown))
    return found | set(NUMBER.findall(rest))


def english_sources() -> list[Path]:
    """The English lesson sources (``NN_name.py``, ``instructor_demo.py``)."""
    return sorted(p for p in LESSONS.glob("*.py")
                  if not p.name.startswith("_") and p.name != "conftest.py"
                  and not p.stem.endswith(".zh"))


def zh_path(english: Path) -> Path:
    """``lessons/01_hex_map.py`` → ``lessons/01_hex_map.zh.py``."""
    return english.with_name(f"{english.stem}.zh.py")


def english_path(zh: Path) -> Path:
    """``lessons/01_hex_map.zh.py`` → ``lessons/01_hex_map.py``."""
    return zh.with_name(zh.name.removesuffix(".zh.py") + ".py")


def zh_sources() -> list[Path]:
    """Every Chinese edition's source in ``lessons/``."""
    return sorted(LESSONS.glob("*.zh.py"))


def find_english(lesson: str) -> Path:
    """The English source of lesson ``NN`` (or of a name such as ``instructor_demo``)."""
    lesson = lesson.removesuffix(".py").removesuffix(".zh").removesuffix(".ipynb")
    found = [p for p in english_sources()
             if p.stem == lesson or p.stem.split("_", 1)[0] == lesson.zfill(2)]
    if len(found) != 1:
        names = ", ".join(p.stem for p in english_sources())
        raise SystemExit(f"lessons_zh: no single English lesson {lesson!r} (there are {names})")
    return found[0]


def _arg(english: Path) -> str:
    """How the commands name a lesson: ``01`` for ``01_hex_map.py``, else its stem."""
    return english.name[:2] if english.name[:2].isdigit() else english.stem


def _read(path: Path):  # -> nbformat.NotebookNode
    import jupytext

    return jupytext.read(path, fmt="py:percent")


def _tags(cell) -> tuple[str, ...]:
    return tuple(cell.metadata.get("tags", ()))


@dataclass(frozen=True)
class Problem:
    """One disagreement between an edition and its English source."""

    lesson: str
    cell: int | None  # the Chinese cell's index (None: the whole file)
    what: str

    def __str__(self) -> str:
        where = f"{self.lesson}.zh" + (f", cell {self.cell}" if self.cell is not None else "")
        return f"{where}: {self.what}"


def problems(zh: Path) -> list[Problem]:
    """Everything in which ``zh`` (a ``.zh.py`` source) departs from its English source."""
    english = english_path(zh)
    lesson = english.stem
    if not english.exists():
        return [Problem(lesson, None, f"no English source {english.name}")]
    en_cells, zh_cells = _read(english).cells, _read(zh).cells
    out: list[Problem] = []
    if not zh_cells or zh_cells[0].cell_type != "code" or zh_cells[0].source != LANGUAGE_CELL:
        out.append(Problem(lesson, 0, f"the first cell must be the language cell, exactly "
                                      f"{LANGUAGE_CELL!r}"))
        return out
    rest = zh_cells[1:]
    kinds_en = [c.cell_type for c in en_cells]
    kinds_zh = [c.cell_type for c in rest]
    if kinds_en != kinds_zh:
        diff = next((i for i, (a, b) in enumerate(zip(kinds_en, kinds_zh, strict=False)) if a != b),
                    min(len(kinds_en), len(kinds_zh)))
        out.append(Problem(lesson, diff + 1, (
            f"{len(kinds_zh)} cells after the language cell, the English {len(kinds_en)}; "
            f"they differ from English cell {diff} on "
            f"({kinds_en[diff] if diff < len(kinds_en) else 'none'} in English, "
            f"{kinds_zh[diff] if diff < len(kinds_zh) else 'none'} here): "
            f"run `python scripts/lessons_zh.py sync {_arg(english)}`")))
        return out
    for k, (a, b) in enumerate(zip(en_cells, rest, strict=True)):
        if a.cell_type == "code":
            if a.source != b.source or _tags(a) != _tags(b):
                pairs = zip(a.source.splitlines(), b.source.splitlines(), strict=False)
                line = next((n for n, (x, y) in enumerate(pairs, 1) if x != y), None)
                out.append(Problem(lesson, k + 1, (
                    f"code differs from English cell {k}"
                    + (f" (line {line})" if line else "")
                    + f": code is written in {english.name}; run "
                      f"`python scripts/lessons_zh.py sync {_arg(english)}`")))
            continue
        if TODO in b.source:
            out.append(Problem(lesson, k + 1, f"still marked {TODO} (translate English cell "
                                              f"{k}: {a.source[:60]!r})"))
            continue
        english_links = [name for name in LINK.findall(b.source)
                         if not name.endswith(".zh.ipynb")
                         and (zh.parent / name.replace(".ipynb", ".zh.ipynb")).exists()]
        if english_links:
            out.append(Problem(lesson, k + 1, (
                f"links the English {english_links}: link the Chinese edition "
                f"{[n.replace('.ipynb', '.zh.ipynb') for n in english_links]}")))
        missing = tokens(a.source) - tokens(b.source)
        if missing:
            out.append(Problem(lesson, k + 1, (
                f"English markdown cell {k} shows {sorted(missing)} and the Chinese one does "
                f"not (rule IDs, hex names and numbers must appear in both): "
                f"{a.source[:60]!r}")))
    return out


def check(lessons: list[str]) -> int:
    """Print the problems of the named editions (all when none is named); 1 if any, else 0."""
    if lessons:
        paths = [zh_path(find_english(n)) for n in lessons]
    else:
        paths = [p for p in zh_sources() if not p.name.startswith(INDEX)]
    found = []
    for path in paths:
        if not path.exists():
            found.append(Problem(english_path(path).stem, None, (
                f"no Chinese edition {path.name}: start one with `python "
                f"scripts/lessons_zh.py new {_arg(english_path(path))}`")))
        elif not path.name.startswith(INDEX):
            found.extend(problems(path))
    for problem in found:
        print(problem, file=sys.stderr)
    if not found:
        print(f"lessons_zh: {len(paths)} Chinese edition(s) agree with the English: "
              + ", ".join(p.name for p in paths))
    return 1 if found else 0


def _code_map(en_code: list[str], zh_code: list[str]) -> dict[int, int]:
    """English code cell → the Chinese code cell it was (matched by text)."""
    match = difflib.SequenceMatcher(a=en_code, b=zh_code, autojunk=False)
    out: dict[int, int] = {}
    for block in match.get_matching_blocks():
        for d in range(block.size):
            out[block.a + d] = block.b + d
    # unmatched cells in the same gap (an edited cell) pair up in order
    for tag, a0, a1, b0, b1 in match.get_opcodes():
        if tag == "replace":
            for d in range(min(a1 - a0, b1 - b0)):
                out[a0 + d] = b0 + d
    return out


def _runs(cells) -> list[list[object]]:
    """The runs of markdown cells: run ``c`` stands after code cell ``c`` (0: before the first)."""
    out: list[list[object]] = [[]]
    for cell in cells:
        if cell.cell_type == "code":
            out.append([])
        else:
            out[-1].append(cell)
    return out


def merge(english, zh):  # -> nbformat.NotebookNode
    """The Chinese notebook with the English code and cell order, the Chinese prose kept.

    Prose usually introduces the code after it, so a markdown cell keeps its Chinese text when
    it stands the same number of cells before the same code cell as before; otherwise (the
    last run, or a new code cell after it) when it stands the same number of cells after the
    same code cell, unless that Chinese text is already placed. A new English markdown cell
    (a new cell before new code) comes over marked :data:`TODO`.
    """
    import copy

    import nbformat

    zh_cells = list(zh.cells)
    if zh_cells and zh_cells[0].cell_type == "code" and zh_cells[0].source == LANGUAGE_CELL:
        zh_cells = zh_cells[1:]
    en_code = [c.source for c in english.cells if c.cell_type == "code"]
    zh_code = [c.source for c in zh_cells if c.cell_type == "code"]
    mapping = {a + 1: b + 1 for a, b in _code_map(en_code, zh_code).items()}
    mapping[0] = 0  # before the first code cell
    en_runs, zh_runs = _runs(english.cells), _runs(zh_cells)
    twins: dict[tuple[int, int], object] = {}
    used: set[int] = set()
    # first: by the code cell a markdown cell introduces (counted back from it)
    for c, run in enumerate(en_runs):
        after = c + 1
        if after <= len(en_code) and after in mapping:
            theirs = zh_runs[mapping[after] - 1]
            for back in range(1, min(len(run), len(theirs)) + 1):
                twins[(c, len(run) - back)] = theirs[-back]
                used.add(id(theirs[-back]))
    # then: by the code cell it follows (counted on from it), for what is left
    for c, run in enumerate(en_runs):
        if c not in mapping:
            continue
        theirs = zh_runs[mapping[c]]
        for k in range(min(len(run), len(theirs))):
            if (c, k) not in twins and id(theirs[k]) not in used:
                twins[(c, k)] = theirs[k]
                used.add(id(theirs[k]))
    out = [nbformat.v4.new_code_cell(LANGUAGE_CELL)]
    code, place = 0, 0
    for cell in english.cells:
        new = copy.deepcopy(cell)
        if cell.cell_type == "code":
            code, place = code + 1, 0
        else:
            twin = twins.get((code, place))
            new.source = twin.source if twin is not None else f"{TODO}\n\n{cell.source}"
            place += 1
        out.append(new)
    result = copy.deepcopy(english)
    result.cells = out
    for cell in result.cells:
        cell.pop("id", None)
    return result


def _write(nb, path: Path) -> None:
    import jupytext

    jupytext.write(nb, path, fmt="py:percent")
    subprocess.run([sys.executable, "-m", "jupytext", "--quiet", "--set-formats",
                    "ipynb,py:percent", str(path)], check=True)
    subprocess.run([sys.executable, "-m", "jupytext", "--quiet", "--sync", str(path)],
                   check=True)


def sync(lesson: str) -> int:
    """Copy the English code cells of ``lesson`` into its Chinese source; sync the notebook."""
    english = find_english(lesson)
    target = zh_path(english)
    if not target.exists():
        raise SystemExit(f"lessons_zh: no {target.name}: start it with `new {lesson}`")
    merged = merge(_read(english), _read(target))
    _write(merged, target)
    todo = sum(TODO in c.source for c in merged.cells if c.cell_type == "markdown")
    print(f"lessons_zh: {target.name} has the code of {english.name}"
          + (f"; {todo} markdown cell(s) marked {TODO} to translate" if todo else ""))
    return 0


def new(lesson: str) -> int:
    """Start ``NN_name.zh.py`` from the English source, every markdown cell marked 【待译】."""
    import nbformat

    english = find_english(lesson)
    target = zh_path(english)
    if target.exists():
        raise SystemExit(f"lessons_zh: {target.name} exists; use `sync {lesson}`")
    empty = nbformat.v4.new_notebook()
    _write(merge(_read(english), empty), target)
    print(f"lessons_zh: wrote {target.name} and {target.with_suffix('.ipynb').name}; "
          f"translate the cells marked {TODO}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("check", help="parity of the Chinese editions").add_argument(
        "lessons", nargs="*", help="lesson numbers (NN) or names; all when none")
    sub.add_parser("sync", help="English code → Chinese source").add_argument("lesson")
    sub.add_parser("new", help="start a Chinese source").add_argument("lesson")
    args = parser.parse_args(argv)
    if args.command == "check":
        return check(args.lessons)
    return sync(args.lesson) if args.command == "sync" else new(args.lesson)


if __name__ == "__main__":
    sys.exit(main())
