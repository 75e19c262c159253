"""The Makefile's instructor targets, as ``make -n`` prints them (nothing is run)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make")


def _dry_run(*args: str) -> str:
    out = subprocess.run(["make", "-n", *args], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    return out.stdout


def test_lab_serves_the_repository_root_and_opens_the_index() -> None:
    cmd = _dry_run("lab", "LAB_ARGS=--no-browser --port 8899")
    assert "jupyter lab --ServerApp.root_dir=. lessons/00_index.ipynb" in cmd
    assert "--no-browser --port 8899" in cmd


def test_voila_takes_options() -> None:
    cmd = _dry_run("voila", "VOILA_ARGS=--no-browser --port 8867")
    assert "voila lessons/instructor_demo.ipynb --no-browser --port 8867" in cmd


def test_browser_install_is_announced() -> None:
    recipe = _dry_run("browser")
    assert recipe.index('echo "make browser: installing') < recipe.index("apt-get update")


def test_gis_install_is_announced_and_the_test_and_lab_targets_use_it() -> None:
    recipe = _dry_run("gis")
    assert recipe.index('echo "make gis: installing') < recipe.index("apt-get update")
    assert "gdal-bin poppler-utils" in recipe
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "\ntest: $(STAMP) browser gis\n" in makefile
    # make lab tries it but opens the lessons even where apt-get cannot run (no sudo)
    lab = makefile.split("\nlab: $(STAMP)\n", 1)[1].split("\n\n", 1)[0]
    assert "$(MAKE) --no-print-directory gis ||" in lab
