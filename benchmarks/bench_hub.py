"""Capacity figures of the class server (deploy/README.md): how many cadets one machine holds.

Run as root, after ``make hub-env``::

    sudo .venv/bin/python benchmarks/bench_hub.py              # 1 cadet alone, then 3 at once
    sudo .venv/bin/python benchmarks/bench_hub.py --cadets 6

It starts a throwaway class server on 127.0.0.1 (``deploy/classhub/trial.py``: the command
``make hub`` runs, its own ports, state, course and ``hxt-`` accounts, all removed after),
then measures, for one cadet alone and for ``--cadets`` cadets logging in at the same moment:

* **login to a running lesson**: from the login form to a running server, and to lesson 02 run
  top to bottom in a new kernel through the server's API (as "Run All Cells" does);
* **memory per active cadet**: the resident memory (RSS) of every process of the cadet's
  account with the lesson's kernel still running (the server and the kernel), and its unique
  part (USS, what ending them would free), by psutil; and the CPU time they used;
* **the estimate** for a 2-core / 24 GiB server (``classhub.trial.estimate_capacity``):
  memory decides how many cadets fit with a lesson running; CPU how long a whole class running
  a lesson at the same moment waits.

Wall times depend on what else the machine runs: the load average is printed with them. The
CPU times and the memory do not.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "deploy"))

from classhub.client import Cadet  # noqa: E402
from classhub.trial import (  # noqa: E402
    ACCOUNT_PREFIX,
    FirstLogin,
    TrialHub,
    estimate_capacity,
    first_login,
    reasons_not_to_run,
)

MiB = 1024**2


def _row(first: FirstLogin) -> str:
    m = first.memory
    return (f"  {first.name:14} {first.login_to_server:6.1f} s {first.login_to_lesson:7.1f} s"
            f" {m.rss / MiB:7.0f} MiB {m.uss / MiB:7.0f} MiB {m.cpu_seconds:6.1f} s"
            + ("" if not first.errors else f"  ERRORS: {first.errors}"))


def _wave(hub: TrialHub, instructor: Cadet, names: list[str]) -> list[FirstLogin]:
    cadets = [Cadet(hub.url, n, f"bench-{n}-password") for n in names]
    for cadet in cadets:
        cadet.sign_up()
        instructor.approve(cadet.name)
    with ThreadPoolExecutor(len(cadets)) as pool:
        return list(pool.map(first_login, cadets))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cadets", type=int, default=3, help="cadets logging in at once")
    opts = parser.parse_args()
    reasons = reasons_not_to_run()
    if reasons:
        print("bench_hub: cannot run here: " + "; ".join(reasons), file=sys.stderr)
        return 1
    hub = TrialHub()
    try:
        hub.start()
        instructor = Cadet(hub.url, hub.instructor, hub.password)
        assert instructor.log_in()
        header = (f"  {'cadet':14} {'→server':>8} {'→lesson':>9} {'RSS':>11} {'USS':>11}"
                  f" {'CPU':>8}")
        load0 = os.getloadavg()[0]
        alone = _wave(hub, instructor, [ACCOUNT_PREFIX + "alone"])
        print(f"one cadet alone (load average before: {load0:.1f}):\n{header}")
        print(_row(alone[0]))
        load1 = os.getloadavg()[0]
        t0 = time.perf_counter()
        wave = _wave(hub, instructor, [f"{ACCOUNT_PREFIX}c{i + 1}" for i in range(opts.cadets)])
        print(f"{opts.cadets} cadets logging in at once (load average before: {load1:.1f}, "
              f"all done after {time.perf_counter() - t0:.1f} s):\n{header}")
        for first in wave:
            print(_row(first))
        everyone = alone + wave
        hub_rss = hub.hub_memory()
        rss = max(f.memory.rss for f in everyone)
        uss = max(f.memory.uss for f in wave)  # with several cadets, their libraries are shared
        cpu = max(f.memory.cpu_seconds for f in everyone)
        by_rss = estimate_capacity(rss, hub_rss, cpu)
        by_uss = estimate_capacity(uss, hub_rss, cpu)
        print(f"hub + proxy + idle culler: {hub_rss / MiB:.0f} MiB RSS")
        print(f"estimate for 2 cores / 24 GiB (2 GiB kept for the system): {by_rss.cadets} "
              f"cadets with a lesson's kernel running, counting each cadet's RSS in full "
              f"({rss / MiB:.0f} MiB); {by_uss.cadets} counting the libraries they share once "
              f"(USS {uss / MiB:.0f} MiB, with {opts.cadets} cadets at once). "
              f"Lesson 02 top to bottom costs {cpu:.1f} CPU-s a "
              f"cadet: {by_rss.cadets} cadets all running it at the same moment wait about "
              f"{by_rss.all_at_once_seconds:.0f} s on 2 cores.")
        return 0 if all(not f.errors for f in everyone) else 1
    finally:
        left = hub.close() if hub.started else []
        if left:
            print(f"bench_hub: still running after stop: {left}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
