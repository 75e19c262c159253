"""The class server's parts without a running hub: the lessons copy, limits, files, commands."""

from __future__ import annotations

import doctest
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
sys.path.insert(0, str(DEPLOY))

from classhub import course  # noqa: E402
from classhub.limits import CadetGroup, parse_bytes  # noqa: E402


@pytest.mark.parametrize("module", ["classhub.course", "classhub.limits", "classhub.accounts",
                                    "classhub.client", "classhub.trial"])
def test_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module),
                             optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_the_course_is_the_notebooks_their_modules_the_rules_and_the_maps() -> None:
    files = course.course_files(ROOT)
    lessons = sorted(p.name for p in (ROOT / "lessons").glob("*.ipynb"))
    assert [f.split("/")[-1] for f in files if f.endswith(".ipynb")] == lessons
    assert "lessons/_check.py" in files and "lessons/_solutions.toml" in files
    assert not [f for f in files if re.match(r"lessons/(\d\d_|instructor_demo).*\.py$", f)]
    assert "lessons/conftest.py" not in files


def test_an_update_adds_new_files_and_never_overwrites(tmp_path: Path) -> None:
    src, mine = tmp_path / "course", tmp_path / "home" / "hexrules"
    course.publish(ROOT, src)
    first = course.sync(src, mine)
    assert "lessons/02_line_of_sight.ipynb" in first and "docs/rules.md" in first
    lesson = mine / "lessons" / "02_line_of_sight.ipynb"
    lesson.write_text('{"edited": true}')
    (mine / "lessons" / "01_hex_map.ipynb").unlink()  # a cadet deleted a lesson
    (src / "lessons" / "02_line_of_sight.ipynb").write_text('{"updated": true}')
    (src / "lessons" / "10_new.ipynb").write_text("{}")
    again = course.sync(src, mine)
    assert again == ["lessons/01_hex_map.ipynb", "lessons/10_new.ipynb"]
    assert json.loads(lesson.read_text()) == {"edited": True}


def test_a_link_a_cadet_made_is_never_followed(tmp_path: Path) -> None:
    src, mine, outside = tmp_path / "course", tmp_path / "mine", tmp_path / "outside"
    (src / "lessons").mkdir(parents=True)
    (src / "lessons" / "a.ipynb").write_text("{}")
    (mine / "lessons").mkdir(parents=True)
    (mine / "lessons" / "a.ipynb").symlink_to(outside)  # dangling: points at nothing yet
    assert course.sync(src, mine) == []
    assert not outside.exists()


def test_the_course_command_line(tmp_path: Path) -> None:
    script = DEPLOY / "classhub" / "course.py"
    run = [sys.executable, str(script)]
    out = subprocess.run([*run, "publish", str(ROOT), str(tmp_path / "c")], capture_output=True,
                         text=True, check=True)
    assert out.stdout.startswith("published ")
    # as the hub runs it: the script's text on standard input (so it runs as the cadet)
    out = subprocess.run([sys.executable, "-", "sync", str(tmp_path / "c"), str(tmp_path / "m")],
                         input=script.read_text(), capture_output=True, text=True, check=True)
    assert "new file(s)" in out.stdout and (tmp_path / "m" / "docs" / "rules.md").exists()
    assert subprocess.run(run, capture_output=True).returncode == 2


def test_limits_in_jupyterhub_notation() -> None:
    assert parse_bytes("2G") == 2 * 1024**3 and parse_bytes("512M") == 512 * 1024**2
    group = CadetGroup("nobody-here", root=Path("/nonexistent"))
    assert group.create(2 * 1024**3, 1.0) is False  # no cgroups there: not enforced, said so
    assert group.pids() == [] and group.memory_bytes() is None


def test_the_hub_extra_pins_the_server() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    hub = " ".join(extras["hub"])
    for pin in ("jupyterhub==", "jupyterhub-idle-culler==", "jupyterhub-nativeauthenticator=="):
        assert pin in hub
    proxy = json.loads((DEPLOY / "proxy" / "package.json").read_text())
    assert proxy["dependencies"] == {"configurable-http-proxy": "5.3.0"}


def test_the_helm_values_match_the_one_machine_configuration() -> None:
    values = yaml.safe_load((DEPLOY / "k8s" / "values.yaml").read_text())
    config = (DEPLOY / "jupyterhub_config.py").read_text()
    single = values["singleuser"]
    assert f'c.Spawner.default_url = "{single["defaultUrl"]}"' in config
    assert f'setting("MEM_LIMIT", "{single["memory"]["limit"]}")' in config
    assert values["cull"]["enabled"] and f"'CULL_TIMEOUT', '{values['cull']['timeout']}'" in config
    assert values["hub"]["config"]["NativeAuthenticator"]["open_signup"] is False
    hook = single["lifecycleHooks"]["postStart"]["exec"]["command"]
    assert hook[1].endswith("deploy/classhub/course.py") and hook[2] == "sync"
    for name, code in values["hub"]["extraConfig"].items():
        compile(code, name, "exec")
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert "course.py publish /srv/hexrules-src" in dockerfile
    assert "/srv/hexrules-src/deploy/classhub/course.py" in " ".join(hook)


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_one_command_starts_and_one_stops_the_class_server() -> None:
    def dry(*args: str) -> str:
        return subprocess.run(["make", "-n", *args], cwd=ROOT, capture_output=True, text=True,
                              check=True, env={**os.environ, "MAKEFLAGS": ""}).stdout

    assert "deploy/hubctl.py --prefix /opt/hexrules-hub --state /var/lib/hexrules-hub start" \
        in dry("hub", "-o", "/opt/hexrules-hub/.installed")
    assert "deploy/hubctl.py --prefix /opt/hexrules-hub --state /var/lib/hexrules-hub stop" \
        in dry("hub-stop")
    recipe = dry("-B", "hub-env")
    assert recipe.index('echo "make hub-env: installing Debian') < recipe.index("apt-get update")
    assert "npm install" in recipe and "course.py publish" in recipe


def test_the_guide_has_the_figures_and_the_readme_points_to_it() -> None:
    guide = (DEPLOY / "README.md").read_text()
    for words in ("sudo make hub", "sudo make hub-stop", "login to a running lesson",
                  "benchmarks/bench_hub.py", "deploy/k8s/values.yaml", "MiB"):
        assert words in guide, words
    readme = (ROOT / "README.md").read_text()
    assert "## Class deployment" in readme and "deploy/README.md" in readme


@pytest.mark.skipif(not (Path(os.environ.get("HEXRULES_HUB_PREFIX", "/opt/hexrules-hub"))
                         / "venv" / "bin" / "jupyterhub").exists(),
                    reason="no hub environment (make hub-env)")
def test_the_configuration_loads_in_the_hubs_environment() -> None:
    prefix = Path(os.environ.get("HEXRULES_HUB_PREFIX", "/opt/hexrules-hub"))
    code = ("from traitlets.config import PyFileConfigLoader\n"
            "cfg = PyFileConfigLoader('jupyterhub_config.py', path='.').load_config()\n"
            "print(cfg.JupyterHub.authenticator_class.__name__,"
            " cfg.JupyterHub.spawner_class.__name__, cfg.Spawner.mem_limit)\n")
    out = subprocess.run([str(prefix / "venv" / "bin" / "python"), "-c", code], cwd=DEPLOY,
                         capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["ClassAuthenticator", "ClassSpawner", "2G"]
    # the doctests of the modules that need JupyterHub, in the hub's environment
    code = ("import doctest, classhub.auth, classhub.spawner\n"
            "print(sum(doctest.testmod(m).failed for m in (classhub.auth, classhub.spawner)))\n")
    out = subprocess.run([str(prefix / "venv" / "bin" / "python"), "-c", code], cwd=DEPLOY,
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"
