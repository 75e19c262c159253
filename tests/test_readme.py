"""The README's Python examples run as written (in order, sharing one namespace)."""

from __future__ import annotations

import re
from pathlib import Path

import matplotlib

ROOT = Path(__file__).resolve().parents[1]


def test_readme_python_examples_run() -> None:
    matplotlib.use("Agg")
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text("utf-8"), re.S)
    assert len(blocks) >= 3
    namespace: dict[str, object] = {}
    for i, block in enumerate(blocks, 1):
        code = block.replace("my_tables", str(ROOT / "hexrules" / "data" / "tables"))
        exec(compile(code, f"README.md python block {i}", "exec"), namespace)  # noqa: S102
