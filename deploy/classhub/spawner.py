"""Starting a cadet's server: their own account, their own lessons, their own limits.

:class:`ClassSpawner` is JupyterHub's LocalProcessSpawner (the server runs as the cadet's Unix
account, so the kernel can read and write only what the cadet may: their home, mode 0700) with
three additions:

* **The lessons.** Before the server starts, the published course is synced into
  ``~/hexrules`` (:func:`classhub.course.sync`), run as the cadet: fresh on the first login,
  and after an update of the course only the new files are added.
* **Limits.** ``mem_limit`` and ``cpu_limit`` are enforced through a cgroup per cadet where the
  machine allows it (:mod:`classhub.limits`); elsewhere the hub logs that they are not.
* **Only class accounts, and nothing left behind.** A server is only ever started as an
  account the hub made (:mod:`classhub.accounts`), and when it stops every process still
  running as that account (a stray kernel, a terminal's job) is ended too.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import signal
import subprocess
import sys
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import Unicode

from classhub import course
from classhub.accounts import is_class_account
from classhub.limits import CadetGroup, parse_bytes

__all__ = ["ClassSpawner", "processes_of"]


def processes_of(uid: int) -> list[int]:
    """The pids of the processes running as ``uid`` (read from ``/proc``).

    Examples
    --------
    >>> os.getpid() in processes_of(os.getuid())
    True
    """
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid == uid:
                found.append(int(entry.name))
        except OSError:
            continue  # ended meanwhile
    return sorted(found)


class ClassSpawner(LocalProcessSpawner):
    """A cadet's server as their own Unix account, with their copy of the course and limits."""

    course_dir = Unicode(
        "", config=True,
        help="The published course (classhub.course.publish); synced into each cadet's "
             "~/hexrules before their server starts. Empty: no lessons are copied.")

    def _account(self) -> pwd.struct_passwd:
        name = self.user.name
        if not is_class_account(name):
            raise RuntimeError(
                f"{name!r} is not an account the class server created; refusing to start a "
                "server as it (see deploy/README.md, Accounts)")
        return pwd.getpwnam(name)

    def _sync_course(self, account: pwd.struct_passwd) -> None:
        if not self.course_dir:
            return
        home = Path(account.pw_dir)
        home.chmod(0o700)
        script = Path(course.__file__).read_bytes()  # read as root; run as the cadet
        out = subprocess.run(
            [sys.executable, "-", "sync", self.course_dir, str(home / course.COURSE_FOLDER)],
            input=script, capture_output=True, preexec_fn=set_user_setuid(account.pw_name),
            env={"HOME": account.pw_dir, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
            cwd=account.pw_dir, timeout=120, check=False)
        text = (out.stdout + out.stderr).decode("utf-8", "replace").strip()
        if out.returncode:
            raise RuntimeError(f"copying the lessons for {account.pw_name} failed: {text}")
        self.log.info("%s: %s", account.pw_name, text)

    def _group(self) -> CadetGroup:
        return CadetGroup(self.user.name)

    async def start(self) -> tuple[str, int]:
        account = self._account()
        await asyncio.to_thread(self._sync_course, account)
        group = self._group()
        mem = parse_bytes(self.mem_limit) if self.mem_limit else None
        self._limited = await asyncio.to_thread(group.create, mem, self.cpu_limit)
        if not self._limited and (mem or self.cpu_limit):
            self.log.warning(
                "%s: mem_limit/cpu_limit are not enforced on this machine (no writable "
                "cgroup v1 memory/cpu); see deploy/README.md, Limits", self.user.name)
        return await super().start()

    def make_preexec_fn(self, name: str):  # noqa: ANN201 - a callable for Popen
        """Join the cadet's cgroups (as root, before exec), then become the cadet."""
        become = super().make_preexec_fn(name)
        procs = self._group().procs_files if getattr(self, "_limited", False) else []

        def preexec() -> None:
            for path in procs:
                with open(path, "w") as fh:
                    fh.write(str(os.getpid()))
            become()

        return preexec

    async def stop(self, now: bool = False) -> None:
        await super().stop(now=now)
        await asyncio.to_thread(self._end_leftovers)

    def _end_leftovers(self) -> None:
        group = self._group()
        left = group.kill_all()
        try:
            uid = pwd.getpwnam(self.user.name).pw_uid
        except KeyError:
            return
        if is_class_account(self.user.name):
            for pid in processes_of(uid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        group.remove()
        if left:
            self.log.warning("%s: processes %s outlived SIGKILL", self.user.name, left)
