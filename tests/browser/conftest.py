"""Real-browser fixtures: JupyterLab and Voila on 127.0.0.1, driven by Playwright + Chromium.

Follows ``TESTING.md``: Debian's Chromium (``/usr/bin/chromium``, never a Playwright browser
download), the headless flags that stop background networking, every non-local request
recorded and blocked, servers on free ports with temporary config/settings/workspace folders,
``--allow-root`` for JupyterLab when running as root, an empty token, and a screenshot in
``tests/browser/artifacts/`` (git-ignored) when a test fails.

Both servers run with the classroom configuration of ``config/`` exactly as ``make lab`` and
``make voila`` do (``JUPYTER_CONFIG_PATH`` and ``JUPYTER_PATH``); Voila's idle-kernel culling
is shortened on its command line (which wins over the config file) so that a test can watch
a closed page's kernel go.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "lessons" / "instructor_demo.ipynb"
ARTIFACTS = REPO / "tests" / "browser" / "artifacts"
CLASSROOM_CONFIG = REPO / "config"
#: Voila's culling in the tests: a closed page's kernel goes within about 3 s
CULL_IDLE_S, CULL_INTERVAL_S = 2, 1
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")
CHROMIUM = os.environ.get("HEXRULES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SERVER_START_S = 90


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> object:
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(ready: Callable[[], bool], proc: subprocess.Popen, log: Path, timeout: float,
          what: str) -> None:
    """Poll ``ready()`` until it is true; fail with the server's log if it exits or stalls."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        if ready():
            return
        time.sleep(0.3)
    raise RuntimeError(f"{what} after {timeout} s:\n{log.read_text()[-3000:]}")


def _http_answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as resp:  # noqa: S310 - local URL
            return resp.status < 500
    except urllib.error.HTTPError as exc:
        return exc.code < 500
    except OSError:
        return False


def _port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


def _wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float) -> None:
    _wait(lambda: _http_answers(url), proc, log, timeout, f"server at {url} did not answer")


def _wait_port(port: int, proc: subprocess.Popen, log: Path, timeout: float) -> None:
    _wait(lambda: _port_open(port), proc, log, timeout, f"no server on port {port}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def _jupyter_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTER_PLATFORM_DIRS": "1",
        "IPYTHONDIR": str(home / "ipython"),
        "PYTHONUNBUFFERED": "1",
        # the classroom configuration, as make lab / make voila pass it
        "JUPYTER_CONFIG_PATH": str(CLASSROOM_CONFIG),
        "JUPYTER_PATH": str(CLASSROOM_CONFIG),
    })
    return env


def lab_settings(root: Path, extra: dict[str, dict[str, object]] | None = None) -> None:
    """JupyterLab user settings in ``root / 'settings'`` for a quiet test server: no news or
    update prompt, no autosave (plus ``extra``: plugin id → settings)."""
    for plugin, values in {
        "@jupyterlab/apputils-extension/notification": {"fetchNews": "false",
                                                        "checkForUpdates": False},
        "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
        **(extra or {}),
    }.items():
        path = root / "settings" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def _workspace(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """A clean folder with a copy of the demo notebook (a run never touches the repo's)."""
    root = tmp_path_factory.mktemp(name)
    (root / "notebooks").mkdir()
    shutil.copy(DEMO, root / "notebooks" / DEMO.name)
    lab_settings(root)
    return root


class Server(str):
    """A server's base URL (a ``str``) that also knows its log file (``.log``)."""

    log: Path


def _serve(cmd: list[str], root: Path, log_name: str,
           wait: Callable[[subprocess.Popen, Path], None], url: str) -> Iterator[Server]:
    """Start a server with its output in ``root/log_name``, wait until ready, yield ``url``."""
    log = root / log_name
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=_jupyter_env(root), stdout=out,
                                stderr=subprocess.STDOUT)
    try:
        wait(proc, log)
        server = Server(url)
        server.log = log
        yield server
    finally:
        _stop(proc)


def serve_lab(root: Path) -> Iterator[str]:
    """Start JupyterLab on 127.0.0.1 over ``root / 'notebooks'`` (settings and workspaces in
    ``root``), yield its base URL, stop it (shared by every browser test module)."""
    port = _free_port()
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
        f"--ServerApp.root_dir={root / 'notebooks'}", "--IdentityProvider.token=",
        "--ServerApp.password=", "--LabApp.expose_app_in_browser=True",
        f"--LabApp.user_settings_dir={root / 'settings'}",
        f"--LabApp.workspaces_dir={root / 'workspaces'}",
        "--ServerApp.open_browser=False",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    url = f"http://127.0.0.1:{port}"
    yield from _serve(cmd, root, "lab.log",
                      lambda proc, log: _wait_http(f"{url}/api/status", proc, log,
                                                   SERVER_START_S), url)


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server on 127.0.0.1 serving a copy of the demo; yields its base URL."""
    yield from serve_lab(_workspace(tmp_path_factory, "lab"))


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Voila server on 127.0.0.1 rendering a copy of the demo; yields its URL.

    One for the whole session (every Voila test shares it): config/voila.py as make voila
    reads it, with culling shortened to CULL_IDLE_S.
    """
    root = _workspace(tmp_path_factory, "voila")
    port = _free_port()
    cmd = [
        sys.executable, "-m", "voila", str(root / "notebooks" / DEMO.name), "--no-browser",
        f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_S}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_S}",
    ]
    yield from _serve(cmd, root, "voila.log",
                      lambda proc, log: _wait_port(port, proc, log, SERVER_START_S),
                      f"http://127.0.0.1:{port}/")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Debian's Chromium through Playwright (no browser download).

    One per test module, not per session: Playwright's sync API keeps an event loop running
    in the main thread while it is open, and later tests that run their own asyncio loop
    (the class server's, tests/hub) must not find one.
    """
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} not found: install Debian's chromium (make browser)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


class Traffic:
    """Every request a page makes (the non-local ones are blocked) and its console messages."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.console: list[tuple[str, str]] = []

    def route(self, route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        self.requests.append(url)
        if url.startswith(LOCAL):
            route.continue_()  # type: ignore[attr-defined]
        else:
            route.abort()  # type: ignore[attr-defined]

    def remote(self) -> list[str]:
        """The requests that tried to leave 127.0.0.1."""
        return [u for u in self.requests if not u.startswith(LOCAL)]

    def errors(self) -> list[str]:
        return [text for kind, text in self.console if kind == "error"]


@pytest.fixture
def open_page(browser: object, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """``open_page(width, height)``: a fresh page that reaches only 127.0.0.1.

    It records every request and console message (``page.traffic``); a screenshot is kept in
    tests/browser/artifacts/ when the test fails (always with HEXRULES_SCREENSHOTS=1).
    """
    opened: list[tuple[Any, Any]] = []

    def make(width: int = 1600, height: int = 1000) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
        traffic = Traffic()
        context.route("**/*", traffic.route)
        pg = context.new_page()
        pg.on("console", lambda m: traffic.console.append((m.type, m.text)))
        pg.set_default_timeout(90_000)
        pg.traffic = traffic
        opened.append((context, pg))
        return pg

    try:
        yield make
    finally:
        rep = getattr(request.node, "rep_call", None)
        for i, (context, pg) in enumerate(opened):
            if rep is None or rep.failed or os.environ.get("HEXRULES_SCREENSHOTS"):
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                status = "failed" if rep is None or rep.failed else "passed"
                path = ARTIFACTS / f"{request.node.name}-{i}-{status}.png"
                try:
                    pg.screenshot(path=str(path), full_page=True)
                    print(f"\nscreenshot: {path}")
                except Exception as exc:  # noqa: BLE001 - best effort on the way out
                    print(f"\nno screenshot: {exc}")
            context.close()


@pytest.fixture
def page(open_page: Callable[..., Any]) -> Any:
    """A fresh page of 1600 × 1000 (see :func:`open_page`)."""
    return open_page(1600, 1000)
