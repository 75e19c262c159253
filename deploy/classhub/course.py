"""Each cadet's own copy of the course: published once, copied on first login, never overwritten.

Two steps, both plain file copies (standard library only, so the hub, a Docker image and a
Kubernetes ``postStart`` hook can all run this file as a script):

* :func:`publish` (run by ``make hub-env``, as the administrator) copies what cadets work on
  from a checkout of the repository into one world-readable folder, the *course*: the lesson
  notebooks with the modules they import (``lessons/_check*.py``, ``_solutions.toml``), the
  rules reference ``docs/rules.md`` the lessons link to, and the map files in ``maps/``. The
  jupytext sources ``lessons/NN_x.py`` of the notebooks and the test configuration stay out.
* :func:`sync` (run at every server start, **as the cadet**, never as root) copies every course
  file the cadet does not have yet into ``~/hexrules``. A file that is already there is left
  alone, edited or not: an updated course adds new lessons and never overwrites a cadet's work.
  A cadet who deleted a lesson gets the current version back on the next start.

Running :func:`sync` as the cadet (the hub starts it with the cadet's uid, as it starts the
cadet's server) means the copy can only write where the cadet may write, whatever links a cadet
puts in their home.

Examples
--------
>>> import tempfile
>>> tmp = Path(tempfile.mkdtemp())
>>> (tmp / "course").mkdir(); _ = (tmp / "course" / "01.ipynb").write_text("lesson v1")
>>> sync(tmp / "course", tmp / "home")
['01.ipynb']
>>> _ = (tmp / "home" / "01.ipynb").write_text("my answer")      # the cadet edits
>>> _ = (tmp / "course" / "01.ipynb").write_text("lesson v2")    # the course is updated
>>> _ = (tmp / "course" / "02.ipynb").write_text("a new lesson")
>>> sync(tmp / "course", tmp / "home")
['02.ipynb']
>>> (tmp / "home" / "01.ipynb").read_text()
'my answer'
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

__all__ = ["COURSE_FOLDER", "course_files", "publish", "sync"]

#: The folder in each cadet's home that holds their copy of the course.
COURSE_FOLDER = "hexrules"

#: Files of ``lessons/`` that are for the project's tests, not for cadets.
_NOT_FOR_CADETS = {"conftest.py"}

#: The map files (maps/ and its folders) that cadets can open and load.
_MAP_SUFFIXES = {".json", ".geojson", ".toml"}


def course_files(repo: Path) -> list[str]:
    """The files of a checkout that make up the course, as sorted POSIX paths relative to it.

    ``lessons/`` without the jupytext source of each notebook (``X.py`` beside ``X.ipynb``),
    ``conftest.py``, caches and hidden files; ``docs/rules.md``; the map files of ``maps/``
    and its folders (JSON, GeoJSON, TOML).

    Parameters
    ----------
    repo : Path
        The root of a checkout of the repository.

    Examples
    --------
    >>> root = Path(__file__).resolve().parents[2]
    >>> files = course_files(root)
    >>> "lessons/02_line_of_sight.ipynb" in files, "lessons/02_line_of_sight.py" in files
    (True, False)
    >>> "lessons/_check02.py" in files, "docs/rules.md" in files, "maps/training.json" in files
    (True, True, True)
    """
    repo = Path(repo)
    found: list[str] = []
    for path in sorted((repo / "lessons").rglob("*")):
        rel = path.relative_to(repo)
        if not path.is_file() or any(p.startswith(".") or p == "__pycache__" for p in rel.parts):
            continue
        if path.name in _NOT_FOR_CADETS or path.suffix in {".nbi", ".nbc"}:
            continue
        if path.suffix == ".py" and path.with_suffix(".ipynb").exists():
            continue  # the jupytext source of a notebook: cadets work in the notebook
        found.append(rel.as_posix())
    found.append("docs/rules.md")
    found.extend(p.relative_to(repo).as_posix() for p in sorted((repo / "maps").rglob("*"))
                 if p.is_file() and p.suffix in _MAP_SUFFIXES
                 and not any(part.startswith(".") for part in p.relative_to(repo).parts))
    return sorted(found)


def publish(repo: Path, course: Path) -> int:
    """Copy the course files of a checkout into ``course``, replacing what was there.

    The folder and its files are made world-readable (cadets' servers read them).

    Parameters
    ----------
    repo : Path
        The root of a checkout of the repository.
    course : Path
        The published course folder (``make hub-env``: ``<prefix>/share/hexrules/course``).

    Returns
    -------
    int
        The number of files published.

    Examples
    --------
    >>> import tempfile
    >>> n = publish(Path(__file__).resolve().parents[2], Path(tempfile.mkdtemp()) / "course")
    >>> n > 20
    True
    """
    repo, course = Path(repo), Path(course)
    files = course_files(repo)
    staging = course.with_name(course.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    for rel in files:
        out = staging / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(repo / rel, out)
        out.chmod(0o644)
    for folder in [staging, *(p for p in staging.rglob("*") if p.is_dir())]:
        folder.chmod(0o755)
    old = course.with_name(course.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if course.exists():
        course.rename(old)
    staging.rename(course)
    shutil.rmtree(old, ignore_errors=True)
    return len(files)


def sync(course: Path, home_copy: Path) -> list[str]:
    """Copy each file of ``course`` that ``home_copy`` lacks; never overwrite one it has.

    Parameters
    ----------
    course : Path
        The published course folder.
    home_copy : Path
        The cadet's copy (``~/hexrules``), created if missing.

    Returns
    -------
    list of str
        The files added, as POSIX paths relative to ``home_copy`` (empty when nothing is new).

    Examples
    --------
    >>> import tempfile
    >>> tmp = Path(tempfile.mkdtemp())
    >>> (tmp / "c" / "lessons").mkdir(parents=True)
    >>> _ = (tmp / "c" / "lessons" / "a.ipynb").write_text("{}")
    >>> sync(tmp / "c", tmp / "mine"), sync(tmp / "c", tmp / "mine")
    (['lessons/a.ipynb'], [])
    """
    course, home_copy = Path(course), Path(home_copy)
    added: list[str] = []
    for src in sorted(course.rglob("*")):
        if not src.is_file():
            continue
        rel = src.relative_to(course)
        dest = home_copy / rel
        if os.path.lexists(dest):
            continue  # the cadet's file, edited or not, stays as it is
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(f".{dest.name}.hexrules-sync")
        shutil.copyfile(src, tmp)
        try:
            os.link(tmp, dest)  # fails if the cadet created the file meanwhile: theirs wins
        except FileExistsError:
            pass
        else:
            added.append(rel.as_posix())
        finally:
            tmp.unlink()
    return added


def main(argv: list[str] | None = None) -> int:
    """``course.py publish REPO COURSE`` or ``course.py sync COURSE HOME_COPY``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 3 or args[0] not in {"publish", "sync"}:
        print(__doc__.split("\n\n")[0], file=sys.stderr)
        print("usage: course.py publish REPO COURSE | course.py sync COURSE HOME_COPY",
              file=sys.stderr)
        return 2
    if args[0] == "publish":
        print(f"published {publish(Path(args[1]), Path(args[2]))} course files to {args[2]}")
        return 0
    added = sync(Path(args[1]), Path(args[2]))
    print(f"course sync: {len(added)} new file(s) in {args[2]}" + "".join(
        f"\n  + {rel}" for rel in added))
    return 0


if __name__ == "__main__":
    sys.exit(main())
