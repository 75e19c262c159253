"""The Chinese edition 中文版 of the lessons agrees with the English, cell for cell.

``lessons/NN_name.zh.py`` is the Chinese edition of ``lessons/NN_name.py``: the language cell
first, then the English cells one for one, the code byte-identical and the markdown in Chinese
(``scripts/lessons_zh.py`` explains the mechanism; its ``check`` is what these tests run).
Every rule ID, hex name and number of an English markdown cell appears in its Chinese twin,
and ``lessons/00_index.zh.py`` lists every Chinese edition.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from script_support import load_module

jupytext = pytest.importorskip("jupytext")

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
INDEX = LESSONS / "00_index.zh.py"


def _script():
    return load_module("lessons_zh")


zh = _script()
EDITIONS = [p for p in zh.zh_sources() if not p.name.startswith(zh.INDEX)]


@pytest.mark.parametrize("source", EDITIONS, ids=[p.stem for p in EDITIONS])
def test_chinese_edition_has_the_english_cells(source: Path) -> None:
    problems = zh.problems(source)
    assert not problems, "\n".join(map(str, problems))


def test_check_command_passes_on_every_edition(capsys: pytest.CaptureFixture[str]) -> None:
    assert zh.main(["check"]) == 0, capsys.readouterr().err


def _table_links(path: Path) -> list[str]:
    cells = jupytext.read(path).cells
    rows = [line for c in cells if c.cell_type == "markdown"
            for line in c.source.splitlines() if line.strip().startswith("|")]
    return [name for row in rows for name in re.findall(r"\]\(([\w.]+\.ipynb)\)", row)]


def test_the_chinese_index_lists_every_chinese_edition() -> None:
    editions = {p.with_suffix(".ipynb").name for p in EDITIONS}
    if not editions:
        pytest.skip("no Chinese edition yet")
    assert INDEX.exists(), f"{INDEX.name} is missing: the Chinese editions need their index"
    listed = _table_links(INDEX)
    missing = sorted(editions - set(listed))
    assert not missing, f"add a row for each of {missing} to the table of {INDEX.name}"
    absent = sorted(set(listed) - {p.name for p in LESSONS.glob("*.ipynb")})
    assert not absent, f"{INDEX.name} links notebooks that are not there: {absent}"
    assert all(name.endswith(".zh.ipynb") for name in listed), (
        f"{INDEX.name} links English notebooks: {[n for n in listed if '.zh.' not in n]}")


def test_the_english_index_and_readme_point_to_the_chinese_edition() -> None:
    if not INDEX.exists():
        pytest.skip("no Chinese index yet")
    for path in (LESSONS / "README.md", ROOT / "README.md"):
        text = path.read_text(encoding="utf-8")
        assert "中文版" in text and "00_index.zh.ipynb" in text, path.name


# -- the mechanism, on a lesson made up here --------------------------------------------------

ENGLISH = '''# %% [markdown]
# # Lesson 99 — F-3 at 4563BB
#
# Two hexes, 3 dice.

# %%
x = 1

# %% [markdown]
# Then 12.

# %%
x + 1
'''


@pytest.fixture
def made_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "99_test.py").write_text(ENGLISH, encoding="utf-8")
    monkeypatch.setattr(zh, "LESSONS", tmp_path)
    return tmp_path


def _write(path: Path, cells: list[tuple[str, str]]) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(s) if kind == "code" else
                nbformat.v4.new_markdown_cell(s) for kind, s in cells]
    jupytext.write(nb, path, fmt="py:percent")


GOOD = [("code", zh.LANGUAGE_CELL), ("markdown", "# 第99课 — 4563BB的F-3\n\n2格，3个骰子。"),
        ("code", "x = 1"), ("markdown", "然后是12。"), ("code", "x + 1")]


def test_a_faithful_edition_passes(made_up: Path) -> None:
    _write(made_up / "99_test.zh.py", GOOD)
    assert zh.problems(made_up / "99_test.zh.py") == []
    assert zh.main(["check", "99"]) == 0


@pytest.mark.parametrize(("cells", "message"), [
    (GOOD[1:], "the first cell must be the language cell"),
    ([*GOOD[:2], ("code", "x = 2"), *GOOD[3:]], "cell 2: code differs from English cell 1"),
    ([*GOOD[:3], ("markdown", "然后。"), GOOD[4]], "cell 3: English markdown cell 2 shows ['12']"),
    ([*GOOD[:3], ("markdown", "【待译】 Then 12."), GOOD[4]], "cell 3: still marked 【待译】"),
    (GOOD[:3], "2 cells after the language cell, the English 4"),
    ([*GOOD[:1], ("markdown", "第99课 F-3"), *GOOD[2:]], "shows ['3', '4563BB']"),
])
def test_the_check_names_the_lesson_and_the_cell(made_up: Path, cells: list[tuple[str, str]],
                                                 message: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    _write(made_up / "99_test.zh.py", cells)
    assert zh.main(["check", "99"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("99_test.zh, cell ") and message in err, err


def test_a_chinese_edition_links_the_chinese_editions(made_up: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    (made_up / "98_other.zh.ipynb").write_text("{}", encoding="utf-8")
    cells = [*GOOD[:3], ("markdown", "然后是12。下一课：[第98课](98_other.ipynb)"), GOOD[4]]
    _write(made_up / "99_test.zh.py", cells)
    assert zh.main(["check", "99"]) == 1
    assert "links the English ['98_other.ipynb']" in capsys.readouterr().err
    cells[3] = ("markdown", "然后是12。下一课：[第98课](98_other.zh.ipynb)")
    _write(made_up / "99_test.zh.py", cells)
    assert zh.main(["check", "99"]) == 0


def test_new_marks_the_prose_and_sync_keeps_the_translation(made_up: Path) -> None:
    pytest.importorskip("nbformat")
    assert zh.new("99") == 0
    target = made_up / "99_test.zh.py"
    started = jupytext.read(target).cells
    assert started[0].source == zh.LANGUAGE_CELL
    assert [c.source.startswith(zh.TODO) for c in started if c.cell_type == "markdown"] == [
        True, True]
    assert (made_up / "99_test.zh.ipynb").exists()
    _write(target, GOOD)
    # the English code changes and gains a cell: sync brings the code, keeps the Chinese prose
    (made_up / "99_test.py").write_text(
        ENGLISH.replace("x = 1", "x = 2") + "\n# %% [markdown]\n# New 7.\n\n# %%\nx\n",
        encoding="utf-8")
    assert zh.sync("99") == 0
    cells = jupytext.read(target).cells
    assert [c.source for c in cells if c.cell_type == "code"] == [
        zh.LANGUAGE_CELL, "x = 2", "x + 1", "x"]
    prose = [c.source for c in cells if c.cell_type == "markdown"]
    assert prose[:2] == [GOOD[1][1], GOOD[3][1]] and prose[2].startswith(zh.TODO)


def test_sync_keeps_the_translation_when_a_cell_pair_is_inserted(made_up: Path) -> None:
    """A new markdown + code pair in the middle: the following prose keeps its Chinese."""
    pytest.importorskip("nbformat")
    target = made_up / "99_test.zh.py"
    _write(target, GOOD)
    (made_up / "99_test.py").write_text(ENGLISH.replace(
        "# %% [markdown]\n# Then 12.", "# %% [markdown]\n# Play 5.\n\n# %%\ny = 5\n\n"
        "# %% [markdown]\n# Then 12."), encoding="utf-8")
    assert zh.sync("99") == 0
    cells = jupytext.read(target).cells
    assert [c.source for c in cells if c.cell_type == "code"] == [
        zh.LANGUAGE_CELL, "x = 1", "y = 5", "x + 1"]
    prose = [c.source for c in cells if c.cell_type == "markdown"]
    assert prose[0] == GOOD[1][1] and prose[1].startswith(zh.TODO) and prose[2] == GOOD[3][1]
