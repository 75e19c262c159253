"""Start, stop and check the class server: ``make hub`` / ``make hub-stop`` run this.

``python deploy/hubctl.py start`` starts JupyterHub (with ``deploy/jupyterhub_config.py``) in
the background as root, waits until it answers, and prints its address and where the
instructor's password is. ``stop`` stops it and every cadet's server, and checks that nothing
is left running. ``status`` says whether it runs. Standard library only: it runs with any
Python 3.11; the hub itself runs from ``<prefix>/venv``.

Options (each also an environment variable, ``HEXRULES_HUB_<NAME>``):
``--prefix`` the hub's installation (``make hub-env``; default ``/opt/hexrules-hub``),
``--state`` its database, secrets, log and pid file (default ``/var/lib/hexrules-hub``),
``--ip`` / ``--port`` where cadets connect (default ``0.0.0.0:8000``),
``--hub-port`` / ``--proxy-api-port`` the internal ports on 127.0.0.1 (8081, 8001).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pwd
import secrets
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from classhub.accounts import class_accounts  # noqa: E402
from classhub.limits import CadetGroup  # noqa: E402

DEFAULTS = {"prefix": "/opt/hexrules-hub", "state": "/var/lib/hexrules-hub", "ip": "0.0.0.0",
            "port": "8000", "hub_port": "8081", "proxy_api_port": "8001"}


def _options(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["start", "stop", "status"])
    for key, value in DEFAULTS.items():
        parser.add_argument("--" + key.replace("_", "-"),
                            default=os.environ.get(f"HEXRULES_HUB_{key.upper()}", value))
    parser.add_argument("--timeout", type=float, default=90.0,
                        help="seconds to wait for the hub to answer (start) or end (stop)")
    return parser.parse_args(argv)


def _pid(state: Path) -> int | None:
    try:
        pid = int((state / "hubctl.pid").read_text())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return None
    return pid


def _url(opts: argparse.Namespace) -> str:
    host = "127.0.0.1" if opts.ip in {"0.0.0.0", ""} else opts.ip
    return f"http://{host}:{opts.port}"


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/hub/api/", timeout=2) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError):
        return False


def start(opts: argparse.Namespace) -> int:
    """Start the hub in the background; 0 once it answers on its address."""
    prefix, state = Path(opts.prefix), Path(opts.state)
    jupyterhub = prefix / "venv" / "bin" / "jupyterhub"
    if not jupyterhub.exists():
        print(f"hubctl: no hub environment in {prefix}: run `make hub-env` first",
              file=sys.stderr)
        return 1
    if _pid(state):
        print(f"hubctl: the class server already runs (pid {_pid(state)}) at {_url(opts)}")
        return 0
    state.mkdir(parents=True, exist_ok=True)
    state.chmod(0o700)
    password = state / "instructor-password"
    if not password.exists():
        password.touch(mode=0o600)
        password.write_text(secrets.token_urlsafe(12) + "\n", encoding="utf-8")
    env = dict(os.environ)
    env.update({f"HEXRULES_HUB_{k.upper()}": str(getattr(opts, k)) for k in DEFAULTS})
    log = open(state / "hub.log", "ab")  # noqa: SIM115 - handed to the hub process
    proc = subprocess.Popen(
        [str(jupyterhub), "-f", str(HERE / "jupyterhub_config.py")], cwd=state, env=env,
        stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    (state / "hubctl.pid").write_text(str(proc.pid))
    deadline = time.monotonic() + opts.timeout
    while not _answers(_url(opts)):
        if proc.poll() is not None or time.monotonic() > deadline:
            print(f"hubctl: the hub did not start; its log: {state / 'hub.log'}",
                  file=sys.stderr)
            stop(opts)
            return 1
        time.sleep(0.3)
    admins = env.get("HEXRULES_HUB_INSTRUCTORS", "instructor")
    print(f"hubctl: the class server runs at {_url(opts)} (pid {proc.pid}, log "
          f"{state / 'hub.log'})\n  instructor accounts: {admins}, password in {password}"
          f" (change it at {_url(opts)}/hub/change-password)\n"
          f"  cadets sign up at {_url(opts)}/hub/signup; approve them at "
          f"{_url(opts)}/hub/authorize")
    return 0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is as good as gone
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


def hub_accounts(state: Path) -> list[pwd.struct_passwd]:
    """The class accounts of this hub's users (from its database in ``state``)."""
    db = state / "jupyterhub.sqlite"
    if not db.exists():
        return []
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        try:
            names = {row[0] for row in con.execute("SELECT name FROM users")}
        except sqlite3.Error:
            return []
    return [a for a in class_accounts() if a.pw_name in names]


def leftovers(state: Path) -> list[int]:
    """Processes of this class server still running: its proxy, and any process of the class
    accounts of its users (a server or kernel that outlived the hub)."""
    pids: set[int] = set()
    proxy = state / "jupyterhub-proxy.pid"
    try:
        pids.add(int(proxy.read_text()))
    except (OSError, ValueError):
        pass
    uids = {a.pw_uid for a in hub_accounts(state)}
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and entry.stat().st_uid in uids:
                pids.add(int(entry.name))
        except OSError:
            continue
    return sorted(p for p in pids if _alive(p))


def stop(opts: argparse.Namespace) -> int:
    """Stop the hub (it stops the cadets' servers and the proxy), then end any leftover."""
    state = Path(opts.state)
    pid = _pid(state)
    if pid:
        os.kill(pid, signal.SIGTERM)  # the hub stops the cadets' servers and the proxy
        deadline = time.monotonic() + opts.timeout
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    for left in leftovers(state):
        try:
            os.kill(left, signal.SIGKILL)
        except ProcessLookupError:
            pass
    time.sleep(0.2)
    for account in hub_accounts(state):
        CadetGroup(account.pw_name).remove()
    for folder in CadetGroup("-").dirs.values():  # the hub's own group, once it is empty
        with contextlib.suppress(OSError):
            folder.parent.rmdir()
    (state / "hubctl.pid").unlink(missing_ok=True)
    still = leftovers(state)
    if still:
        print(f"hubctl: still running after stop: {still}", file=sys.stderr)
        return 1
    print("hubctl: the class server is stopped" if pid else "hubctl: the class server was "
          "not running")
    return 0


def status(opts: argparse.Namespace) -> int:
    """0 if the hub runs and answers, 1 otherwise."""
    pid = _pid(Path(opts.state))
    ok = bool(pid) and _answers(_url(opts))
    print(f"hubctl: running at {_url(opts)} (pid {pid})" if ok else "hubctl: not running")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    opts = _options(argv)
    return {"start": start, "stop": stop, "status": status}[opts.command](opts)


if __name__ == "__main__":
    sys.exit(main())
