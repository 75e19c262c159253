"""A throwaway class server on 127.0.0.1, for the hub test (tests/hub) and the benchmark.

:class:`TrialHub` starts the real thing with ``deploy/hubctl.py`` (the command ``make hub``
runs), with its own state folder, free ports, its own published course and account names that
start with ``hxt-``, so it never touches a class server that really runs on the machine. Its
:meth:`TrialHub.close` stops the hub with ``hubctl.py stop``, checks that no process of it is
left, and deletes the accounts it made. Needs root (the hub makes Unix accounts) and the hub's
environment (``make hub-env``).

Examples
--------
>>> reasons_not_to_run(Path("/nonexistent")) != []
True
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from classhub import course
from classhub.accounts import is_class_account
from classhub.client import Cadet

__all__ = ["PREFIX", "Capacity", "CadetMemory", "FirstLogin", "TrialHub", "cadet_memory",
           "estimate_capacity", "first_login", "reasons_not_to_run"]

DEPLOY = Path(__file__).resolve().parents[1]
REPO = DEPLOY.parent
#: The hub's environment the trial uses (``make hub-env``).
PREFIX = Path(os.environ.get("HEXRULES_HUB_PREFIX", "/opt/hexrules-hub"))
#: Every trial account's name starts with this.
ACCOUNT_PREFIX = "hxt-"


def reasons_not_to_run(prefix: Path = PREFIX) -> list[str]:
    """Why a trial hub cannot run on this machine (empty when it can)."""
    reasons = []
    if sys.platform != "linux":
        reasons.append("the class server runs on Linux")
    elif os.geteuid() != 0:
        reasons.append("the class server runs as root (it makes one Unix account per cadet)")
    if not (prefix / "venv" / "bin" / "jupyterhub").exists():
        reasons.append(f"no hub environment in {prefix} (`make hub-env` installs it)")
    if not (prefix / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy").exists():
        reasons.append(f"no configurable-http-proxy in {prefix}/proxy (`make hub-env`)")
    if shutil.which("adduser") is None or shutil.which("deluser") is None:
        reasons.append("no adduser/deluser (Debian's adduser package)")
    return reasons


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def delete_trial_accounts() -> list[str]:
    """Delete every ``hxt-`` account the hub made (and its home); the names deleted."""
    gone = []
    for entry in pwd.getpwall():
        if entry.pw_name.startswith(ACCOUNT_PREFIX) and is_class_account(entry.pw_name):
            subprocess.run(["deluser", "--quiet", "--remove-home", entry.pw_name],
                           capture_output=True, check=False)
            subprocess.run(["delgroup", "--quiet", entry.pw_name], capture_output=True,
                           check=False)
            gone.append(entry.pw_name)
    return gone


@dataclass(frozen=True)
class CadetMemory:
    """Memory of one cadet's processes (their server and kernels), in bytes."""

    rss: int  # resident set, shared libraries counted in full for each process
    uss: int  # unique set: what ending these processes would free
    processes: int
    cpu_seconds: float


def cadet_memory(name: str) -> CadetMemory:
    """The memory and CPU time of every process running as the account ``name`` (psutil)."""
    import psutil

    uid = pwd.getpwnam(name).pw_uid
    rss = uss = count = 0
    cpu = 0.0
    for proc in psutil.process_iter(["uids"]):
        try:
            if proc.info["uids"].real != uid:
                continue
            info = proc.memory_full_info()
            times = proc.cpu_times()
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
        rss += info.rss
        uss += info.uss
        cpu += times.user + times.system
        count += 1
    return CadetMemory(rss, uss, count, cpu)


class TrialHub:
    """A class server started for a test, on free ports of 127.0.0.1.

    Parameters
    ----------
    instructor : str
        The admin account's name (``hxt-`` is prepended).
    mem_limit : str
        Each cadet's memory limit (``HEXRULES_HUB_MEM_LIMIT``).
    """

    def __init__(self, instructor: str = "instructor", mem_limit: str = "2G",
                 prefix: Path = PREFIX) -> None:
        self.prefix = prefix
        self.instructor = ACCOUNT_PREFIX + instructor
        self.password = "instructor-" + os.urandom(6).hex()
        self.mem_limit = mem_limit
        self.root = Path(tempfile.mkdtemp(prefix="hexrules-hub-trial-"))
        self.root.chmod(0o755)  # the cadets' servers read the course in it
        self.state = self.root / "state"
        self.course = self.root / "course"
        self.port, self.hub_port, self.api_port = _free_port(), _free_port(), _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.started = False

    def _hubctl(self, *args: str) -> subprocess.CompletedProcess[str]:
        cmd = [str(self.prefix / "venv" / "bin" / "python"), str(DEPLOY / "hubctl.py"), *args,
               "--prefix", str(self.prefix), "--state", str(self.state)]
        env = {**os.environ, "HEXRULES_HUB_INSTRUCTORS": self.instructor,
               "HEXRULES_HUB_COURSE": str(self.course), "HEXRULES_HUB_MEM_LIMIT": self.mem_limit}
        return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=180,
                              check=False)

    def start(self) -> None:
        """Publish the course, write the instructor's password, start the hub."""
        delete_trial_accounts()  # what an interrupted earlier run may have left
        course.publish(REPO, self.course)
        self.state.mkdir(mode=0o700)
        (self.state / "instructor-password").write_text(self.password + "\n")
        out = self._hubctl("start", "--ip", "127.0.0.1", "--port", str(self.port),
                           "--hub-port", str(self.hub_port),
                           "--proxy-api-port", str(self.api_port))
        self.started = out.returncode == 0
        if not self.started:
            raise RuntimeError(f"hubctl start failed:\n{out.stdout}{out.stderr}\n"
                               f"{self.log()[-4000:]}")

    def log(self) -> str:
        """The hub's log so far."""
        path = self.state / "hub.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def pids(self) -> list[int]:
        """Processes of this trial still running: the hub and what it started (their working
        folder or environment names its state folder) and the trial accounts' processes."""
        import psutil

        found = []
        uids = {e.pw_uid for e in pwd.getpwall() if e.pw_name.startswith(ACCOUNT_PREFIX)}
        state = str(self.state)
        for proc in psutil.process_iter(["uids", "status"]):
            try:
                if proc.info["status"] == psutil.STATUS_ZOMBIE:
                    continue
                if (proc.info["uids"].real in uids or proc.cwd() == state
                        or proc.environ().get("HEXRULES_HUB_STATE") == state):
                    found.append(proc.pid)
            except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
                continue
        return sorted(found)

    def hub_memory(self) -> int:
        """Resident memory of the hub, the proxy and the idle culler together (bytes)."""
        import psutil

        uids = {e.pw_uid for e in pwd.getpwall() if e.pw_name.startswith(ACCOUNT_PREFIX)}
        total = 0
        for pid in self.pids():
            try:
                proc = psutil.Process(pid)
                if proc.uids().real not in uids:
                    total += proc.memory_info().rss
            except psutil.NoSuchProcess:
                continue
        return total

    def close(self) -> list[int]:
        """Stop the hub, delete the trial accounts and files; the pids still running after."""
        out = self._hubctl("stop")
        deadline = time.monotonic() + 15
        while self.pids() and time.monotonic() < deadline:
            time.sleep(0.2)
        left = self.pids()
        if out.returncode:
            left = left or [-1]
        delete_trial_accounts()
        shutil.rmtree(self.root, ignore_errors=True)
        return left


GIB = 1024**3


@dataclass(frozen=True)
class Capacity:
    """How many cadets a server holds, from measured figures (see :func:`estimate_capacity`)."""

    cadets: int  # by memory, every cadet with a lesson's kernel running
    per_cadet: int  # bytes counted per cadet
    usable: int  # bytes left for cadets
    all_at_once_seconds: float  # the whole class running a lesson top to bottom together


def estimate_capacity(per_cadet: int, hub: int, lesson_cpu_seconds: float,
                      memory: int = 24 * GIB, cores: int = 2,
                      reserve: int = 2 * GIB) -> Capacity:
    """Cadets a server of ``memory`` bytes and ``cores`` cores holds with a lesson running.

    Memory decides: ``(memory - reserve - hub) // per_cadet`` cadets, ``reserve`` for the
    system and the page cache, ``hub`` the hub, proxy and culler. CPU decides how long they
    wait: if all of them run a whole lesson at the same moment, the last is done after about
    ``cadets * lesson_cpu_seconds / cores`` seconds (cadets mostly read and think between cells,
    so a class rarely does).

    Examples
    --------
    >>> c = estimate_capacity(per_cadet=400 * 1024**2, hub=200 * 1024**2, lesson_cpu_seconds=10)
    >>> c.cadets, round(c.all_at_once_seconds)
    (55, 275)
    """
    usable = memory - reserve - hub
    cadets = max(0, usable // per_cadet)
    return Capacity(int(cadets), per_cadet, usable, cadets * lesson_cpu_seconds / cores)


@dataclass
class FirstLogin:
    """What one person's login measured: to a running server, to lesson 02 run, memory."""

    name: str
    login_to_server: float
    login_to_lesson: float
    cells: int
    errors: list[str]
    memory: CadetMemory


def first_login(cadet: Cadet, lesson: str = "hexrules/lessons/02_line_of_sight.ipynb",
                ) -> FirstLogin:
    """Log in, start the server, run ``lesson`` top to bottom in a new kernel; measure the
    times and, with the lesson's kernel still running, the memory; then end the kernel."""
    t0 = time.perf_counter()
    if not cadet.log_in():
        raise RuntimeError(f"{cadet.name} could not log in")
    cadet.make_token()
    cadet.start_server()
    to_server = time.perf_counter() - t0
    run = cadet.run_notebook(lesson, keep_kernel=True)
    to_lesson = time.perf_counter() - t0
    memory = cadet_memory(cadet.name)
    cadet.shutdown(run.kernel_id)
    return FirstLogin(cadet.name, to_server, to_lesson, run.cells, run.errors, memory)
