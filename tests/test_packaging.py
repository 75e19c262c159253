"""Packaging: every subpackage is installed, and no top-level ``widgets`` package is."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _config() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        return tomllib.load(fh)["tool"]["setuptools"]


def test_every_hexrules_subpackage_is_listed() -> None:
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "hexrules").rglob("__init__.py")
    }
    assert found <= set(_config()["packages"]), found - set(_config()["packages"])


def test_widgets_install_as_hexrules_widgets() -> None:
    cfg = _config()
    assert "widgets" not in cfg["packages"]
    assert cfg["package-dir"] == {"hexrules_widgets": "widgets"}
    import hexrules_widgets

    assert Path(hexrules_widgets.__file__).parent == ROOT / "widgets"
