"""A cadet's side of the class server over HTTP: sign up, log in, start, run a lesson.

What a browser does, with ``requests`` (forms with JupyterHub's ``_xsrf`` token, cookies) and
Jupyter's REST and kernel WebSocket APIs (``tornado``). The hub test (tests/hub) and the
capacity benchmark (benchmarks/bench_hub.py) drive the server with it; nothing here needs
JupyterHub itself.

Examples
--------
>>> code_cells({"cells": [{"cell_type": "markdown", "source": "# x"},
...                       {"cell_type": "code", "source": ["a = 1\\n", "a"]}]})
['a = 1\\na']
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import time
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

import requests

T = TypeVar("T")

__all__ = ["Cadet", "LessonRun", "code_cells"]


def _run(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to the end: in this thread, or in a fresh one when this thread already
    runs an event loop (e.g. a test session that holds Playwright's sync API open)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def code_cells(notebook: dict) -> list[str]:
    """The source of each code cell of a notebook (nbformat 4 JSON), in order."""
    out = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            src = cell["source"]
            out.append("".join(src) if isinstance(src, list) else src)
    return out


@dataclass
class LessonRun:
    """What running a notebook's cells in a kernel gave."""

    cells: int
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    kernel_id: str = ""


class Cadet:
    """One person logged in to the hub (a cadet or the instructor).

    Parameters
    ----------
    hub : str
        The hub's address, e.g. ``http://127.0.0.1:8000``.
    name, password : str
        The account.
    """

    def __init__(self, hub: str, name: str, password: str) -> None:
        self.hub = hub.rstrip("/")
        self.name = name
        self.password = password
        self.http = requests.Session()
        self.token = ""

    # --- the hub's pages (forms, as a browser posts them) -----------------------------------
    def _form(self, path: str, data: dict[str, str]) -> requests.Response:
        page = self.http.get(f"{self.hub}{path}", timeout=30)
        page.raise_for_status()
        data = {"_xsrf": self.http.cookies.get("_xsrf", ""), **data}
        return self.http.post(f"{self.hub}{path}", data=data, timeout=60)

    def sign_up(self) -> requests.Response:
        """Fill in the sign-up page (``/hub/signup``)."""
        return self._form("/hub/signup", {
            "username": self.name, "signup_password": self.password,
            "signup_password_confirmation": self.password})

    def log_in(self) -> bool:
        """Log in through the login page; True if the hub now knows the cadet."""
        self._form("/hub/login", {"username": self.name, "password": self.password})
        who = self.http.get(f"{self.hub}/hub/api/user", timeout=30,
                            headers={"X-XSRFToken": self.http.cookies.get("_xsrf", "")})
        return who.status_code == 200 and who.json().get("name") == self.name

    def approve(self, cadet: str) -> None:
        """(Instructor) approve a sign-up, as the button on ``/hub/authorize`` does."""
        page = self.http.get(f"{self.hub}/hub/authorize", timeout=30)
        page.raise_for_status()
        if f"authorize/{cadet}" not in page.text:
            raise RuntimeError(f"{cadet} is not on the approval page")
        self.http.get(f"{self.hub}/hub/authorize/{cadet}", timeout=30).raise_for_status()

    # --- the hub's REST API -----------------------------------------------------------------
    def api(self, method: str, path: str, **kw: object) -> requests.Response:
        """A hub API call (``/hub/api/...``) with the cadet's token (or session cookie)."""
        headers = {"Authorization": f"token {self.token}"} if self.token else {
            "X-XSRFToken": self.http.cookies.get("_xsrf", "")}
        return self.http.request(method, f"{self.hub}/hub/api{path}", headers=headers,
                                 timeout=60, **kw)

    def make_token(self) -> str:
        """An API token of the cadet's own (made while logged in by cookie)."""
        resp = self.api("POST", f"/users/{self.name}/tokens", json={"note": "hexrules test"})
        resp.raise_for_status()
        self.token = resp.json()["token"]
        return self.token

    def start_server(self, timeout: float = 120.0) -> float:
        """Start the cadet's server and wait until it answers; the seconds it took."""
        t0 = time.perf_counter()
        resp = self.api("POST", f"/users/{self.name}/server")
        if resp.status_code not in (201, 202, 400):  # 400: already running
            raise RuntimeError(f"starting {self.name}'s server: {resp.status_code} {resp.text}")
        while time.perf_counter() - t0 < timeout:
            info = self.api("GET", f"/users/{self.name}").json()
            server = info.get("servers", {}).get("", {})
            if server.get("ready"):
                return time.perf_counter() - t0
            time.sleep(0.25)
        raise TimeoutError(f"{self.name}'s server did not start in {timeout} s")

    def stop_server(self) -> None:
        """Stop the cadet's server and wait until the hub says it stopped."""
        self.api("DELETE", f"/users/{self.name}/server")
        for _ in range(240):
            if not self.api("GET", f"/users/{self.name}").json().get("servers"):
                return
            time.sleep(0.25)
        raise TimeoutError(f"{self.name}'s server did not stop")

    # --- the cadet's own Jupyter server ----------------------------------------------------
    @property
    def server(self) -> str:
        return f"{self.hub}/user/{self.name}"

    def server_api(self, method: str, path: str, *, user: str | None = None,
                   **kw: object) -> requests.Response:
        """A call to a Jupyter server's REST API (``/user/<name>/api/...``), by token."""
        base = f"{self.hub}/user/{user or self.name}"
        return requests.request(method, f"{base}/api{path}", timeout=60,
                                headers={"Authorization": f"token {self.token}"}, **kw)

    def read(self, path: str) -> dict:
        """A file of the cadet's server (contents API model, with content)."""
        resp = self.server_api("GET", f"/contents/{path}")
        resp.raise_for_status()
        return resp.json()

    def write_notebook(self, path: str, notebook: dict) -> None:
        """Save a notebook through the contents API, as JupyterLab's save does."""
        resp = self.server_api("PUT", f"/contents/{path}",
                               json={"type": "notebook", "format": "json", "content": notebook})
        resp.raise_for_status()

    def run_notebook(self, path: str, timeout: float = 180.0,
                     keep_kernel: bool = False) -> LessonRun:
        """Start a kernel, run every code cell of the cadet's notebook ``path`` in it (in the
        notebook's folder), and shut the kernel down (unless ``keep_kernel``: then
        ``shutdown(run.kernel_id)`` does)."""
        folder = path.rsplit("/", 1)[0] if "/" in path else ""
        cells = code_cells(self.read(path)["content"])
        resp = self.server_api("POST", "/kernels", json={"name": "python3", "path": folder})
        resp.raise_for_status()
        kernel = resp.json()["id"]
        t0 = time.perf_counter()
        try:
            errors = _run(self._execute(kernel, cells, timeout))
        finally:
            if not keep_kernel:
                self.shutdown(kernel)
        return LessonRun(len(cells), errors, time.perf_counter() - t0, kernel)

    def shutdown(self, kernel: str) -> None:
        """Shut a kernel of the cadet's server down."""
        self.server_api("DELETE", f"/kernels/{kernel}")

    def run_code(self, code: str, timeout: float = 60.0) -> tuple[list[str], list[str]]:
        """Run one piece of code in a fresh kernel; (its stdout lines, its errors)."""
        resp = self.server_api("POST", "/kernels", json={"name": "python3"})
        resp.raise_for_status()
        kernel = resp.json()["id"]
        out: list[str] = []
        try:
            errors = _run(self._execute(kernel, [code], timeout, out))
        finally:
            self.server_api("DELETE", f"/kernels/{kernel}")
        return "".join(out).splitlines(), errors

    async def _execute(self, kernel: str, cells: list[str], timeout: float,
                       stdout: list[str] | None = None) -> list[str]:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = self.server.replace("http", "ws", 1) + f"/api/kernels/{kernel}/channels"
        request = HTTPRequest(url, headers={"Authorization": f"token {self.token}"})
        ws = await websocket_connect(request)
        session = uuid.uuid4().hex
        errors: list[str] = []
        deadline = time.monotonic() + timeout
        try:
            for i, code in enumerate(cells):
                msg_id = uuid.uuid4().hex
                await ws.write_message(json.dumps({
                    "header": {"msg_id": msg_id, "msg_type": "execute_request",
                               "session": session, "username": self.name, "version": "5.3"},
                    "parent_header": {}, "metadata": {}, "channel": "shell",
                    "content": {"code": code, "silent": False, "store_history": True,
                                "user_expressions": {}, "allow_stdin": False,
                                "stop_on_error": True}}))
                while True:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise TimeoutError(f"cell {i + 1} did not finish in {timeout} s")
                    raw = await asyncio.wait_for(ws.read_message(), left)
                    if raw is None:
                        raise RuntimeError("the kernel's WebSocket closed")
                    if not isinstance(raw, str):
                        continue
                    msg = json.loads(raw)
                    if msg.get("parent_header", {}).get("msg_id") != msg_id:
                        continue
                    kind = msg["header"]["msg_type"]
                    if kind == "stream" and stdout is not None:
                        stdout.append(msg["content"]["text"])
                    elif kind == "error":
                        errors.append(f"cell {i + 1}: {msg['content']['ename']}: "
                                      f"{msg['content']['evalue']}")
                    elif kind == "execute_reply":
                        break
                if errors:
                    break
        finally:
            ws.close()
        return errors
