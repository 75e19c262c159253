"""The classroom configuration in ``config/``: culling idle kernels, Voila's offline template.

``make lab`` and ``make voila`` run with ``JUPYTER_CONFIG_PATH`` and ``JUPYTER_PATH`` set to
``config/`` (see the README's Widgets section). These tests read the files the way the servers
do (traitlets' loader) and check that the Makefile passes them; the browser tests start Voila
and JupyterLab the same way and check what the page loads.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "config"


def _load(name: str):
    return PyFileConfigLoader(name, path=str(CONFIG)).load_config()


def test_voila_culls_the_kernels_of_closed_pages_and_keeps_the_projectors() -> None:
    c = _load("voila.py")
    kernels = c.MappingKernelManager
    # each page load starts a kernel of about 135 MB: a closed page's goes after 5 minutes
    assert 60 <= kernels.cull_idle_timeout <= 900
    assert 0 < kernels.cull_interval <= kernels.cull_idle_timeout
    assert kernels.cull_connected is False and kernels.cull_busy is False


def test_jupyterlab_culls_closed_notebooks_after_an_hour() -> None:
    kernels = _load("jupyter_server_config.py").MappingKernelManager
    assert 1800 <= kernels.cull_idle_timeout <= 4 * 3600
    assert 0 < kernels.cull_interval <= 600
    assert kernels.cull_connected is False and kernels.cull_busy is False


def test_voila_uses_the_offline_template_and_only_the_extensions_it_needs() -> None:
    c = _load("voila.py").VoilaConfiguration
    assert c.template == "hexrules"
    assert set(c.extension_allowlist) == {"@voila-dashboards/widgets-manager8",
                                          "@jupyter-widgets/jupyterlab-manager",
                                          "jupyter-leaflet", "anywidget"}
    template = CONFIG / "voila" / "templates" / "hexrules"
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    page = (template / "index.html.j2").read_text(encoding="utf-8")
    assert "cdn.jsdelivr" not in page and "https://" not in page
    assert "{{ super.super() }}" in page  # Voila's block without its two CDN links
    assert '"voila-hide" not in cell.metadata' in page


def test_the_demo_hides_its_introduction_in_voila() -> None:
    nb = json.loads((ROOT / "lessons" / "instructor_demo.ipynb").read_text(encoding="utf-8"))
    first = nb["cells"][0]
    assert first["cell_type"] == "markdown" and "voila-hide" in first["metadata"]["tags"]


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
@pytest.mark.parametrize("target", ["lab", "voila"])
def test_make_runs_the_servers_with_the_classroom_config(target: str) -> None:
    out = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    command = "bin/jupyter lab" if target == "lab" else "bin/voila"
    line = next(ln for ln in out.splitlines() if command in ln)
    assert f"JUPYTER_CONFIG_PATH={CONFIG}" in line and f"JUPYTER_PATH={CONFIG}" in line
