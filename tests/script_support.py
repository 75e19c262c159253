"""Load a file that is not in a package (``scripts/*.py``, another test) as a module, once."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_module(name: str, folder: str = "scripts") -> ModuleType:
    """``ROOT/folder/name.py`` as the module ``name`` (kept in ``sys.modules``)."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / folder / f"{name}.py")
        assert spec is not None and spec.loader is not None, name
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
