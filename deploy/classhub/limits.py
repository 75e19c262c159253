"""Memory and CPU limits for one cadet's server, enforced by the kernel through cgroups.

JupyterHub's ``LocalProcessSpawner`` passes ``mem_limit`` and ``cpu_limit`` to the server only
as environment variables; nothing enforces them. :class:`CadetGroup` does: it makes one
control group per cadet under the hub's own (``<hub's group>/hexrules-hub/<cadet>``), writes
the limits there and the spawner puts the server's process into it before it starts, so the
server, every kernel it starts and everything those start share the cadet's limits. A kernel
that goes over the memory limit is killed by the kernel's OOM killer (the notebook shows "the
kernel died"); the other cadets are unaffected.

This needs writable cgroup v1 ``memory`` and ``cpu`` hierarchies, as in the containers this
project runs on. Where they are missing or read-only (a cgroup v2 host, where systemd owns
the tree) :meth:`CadetGroup.create` returns ``False`` and the hub logs that the limits are
not enforced; the deployment guide says which spawner to use there (SystemdSpawner on a
systemd host, KubeSpawner on Kubernetes).

Examples
--------
>>> parse_bytes("2G"), parse_bytes("512M"), parse_bytes(1024)
(2147483648, 536870912, 1024)
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

__all__ = ["CadetGroup", "parse_bytes"]

_UNITS = {"K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}
CGROUP_ROOT = Path("/sys/fs/cgroup")


def parse_bytes(value: str | int) -> int:
    """Bytes from JupyterHub's size notation (``"2G"``, ``"512M"``) or an int.

    Examples
    --------
    >>> parse_bytes("1.5G")
    1610612736
    """
    if isinstance(value, int):
        return value
    text = str(value).strip().upper()
    if text and text[-1] in _UNITS:
        return int(float(text[:-1]) * _UNITS[text[-1]])
    return int(text)


def _own_groups() -> dict[str, str]:
    """Controller name -> this process's cgroup path, from ``/proc/self/cgroup`` (v1 lines)."""
    groups: dict[str, str] = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        for name in controllers.split(","):
            if name:
                groups[name] = path
    return groups


class CadetGroup:
    """The cgroup (v1 ``memory`` and ``cpu``) of one cadet's server.

    Parameters
    ----------
    name : str
        The cadet's user name.
    root : Path
        Where the cgroup hierarchies are mounted.

    Examples
    --------
    >>> CadetGroup("cadet1").name
    'cadet1'
    """

    def __init__(self, name: str, root: Path = CGROUP_ROOT) -> None:
        self.name = name
        own = _own_groups() if Path("/proc/self/cgroup").exists() else {}
        self.dirs: dict[str, Path] = {}
        for controller, limit_file in (("memory", "memory.limit_in_bytes"),
                                       ("cpu", "cpu.cfs_quota_us")):
            mount = root / controller
            if controller in own and (mount / limit_file).exists():
                self.dirs[controller] = (mount / own[controller].lstrip("/") / "hexrules-hub"
                                         / name)

    def create(self, mem_limit: int | None, cpu_limit: float | None) -> bool:
        """Make the groups and write the limits; ``False`` if they cannot be enforced here.

        ``mem_limit`` in bytes (swap included where the kernel accounts it), ``cpu_limit`` in
        cores (``1.0`` = one core's time in every 100 ms).
        """
        wanted = {"memory": mem_limit, "cpu": cpu_limit}
        if any(wanted[c] and c not in self.dirs for c in wanted):
            return False
        try:
            for folder in self.dirs.values():
                folder.mkdir(parents=True, exist_ok=True)
            if mem_limit and "memory" in self.dirs:
                mem = self.dirs["memory"]
                (mem / "memory.limit_in_bytes").write_text(str(mem_limit))
                memsw = mem / "memory.memsw.limit_in_bytes"
                if memsw.exists():
                    try:
                        memsw.write_text(str(mem_limit))
                    except OSError:
                        pass  # swap accounting off: the memory limit alone holds
            if cpu_limit and "cpu" in self.dirs:
                cpu = self.dirs["cpu"]
                period = int((cpu / "cpu.cfs_period_us").read_text())
                (cpu / "cpu.cfs_quota_us").write_text(str(int(cpu_limit * period)))
        except OSError:
            return False
        return True

    @property
    def procs_files(self) -> list[str]:
        """The ``cgroup.procs`` files a process writes its pid to, to join the groups."""
        return [str(folder / "cgroup.procs") for folder in self.dirs.values()]

    def pids(self) -> list[int]:
        """The processes in the cadet's groups now."""
        found: set[int] = set()
        for folder in self.dirs.values():
            try:
                text = (folder / "cgroup.procs").read_text()
            except OSError:
                continue
            found.update(int(p) for p in text.split())
        return sorted(found)

    def memory_bytes(self) -> int | None:
        """The memory the cadet's processes use now (the kernel's count), if known."""
        try:
            return int((self.dirs["memory"] / "memory.usage_in_bytes").read_text())
        except (KeyError, OSError, ValueError):
            return None

    def kill_all(self, wait: float = 5.0) -> list[int]:
        """SIGKILL every process left in the groups; return those still there after ``wait``."""
        for pid in self.pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + wait
        while self.pids() and time.monotonic() < deadline:
            time.sleep(0.1)
        return self.pids()

    def remove(self) -> None:
        """Remove the (empty) groups; a group that still has processes stays."""
        for folder in self.dirs.values():
            try:
                folder.rmdir()
            except OSError:
                pass
