"""The class server end to end: a real JupyterHub on 127.0.0.1, three cadets and the instructor.

The hub is started with the command ``make hub`` runs (``deploy/hubctl.py start``), from the
hub's environment that ``make hub-env`` installs (``make test`` does). Three cadets sign up
and are approved by the instructor, the four of them log in at once through the login page,
start their servers and run lesson 02 through the server's kernel API; then each cadet's
files are checked to be theirs alone, the course is updated, the limits and the idle culler
are checked, and everything is stopped with ``deploy/hubctl.py stop``: the module's teardown
fails if any process of the hub or of the cadets is left running. The figures (login to a
running lesson, memory per cadet) are printed; benchmarks/bench_hub.py prints more.

Marked ``slow`` (about a minute and a half): ``make test`` runs it (``HEXRULES_SLOW=1``).
Skipped, with the reason, where the class server cannot run: not root, not Linux, or no hub
environment (``make hub-env``).
"""

from __future__ import annotations

import json
import os
import pwd
import stat
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))

from classhub.client import Cadet  # noqa: E402
from classhub.trial import (  # noqa: E402
    ACCOUNT_PREFIX,
    FirstLogin,
    TrialHub,
    estimate_capacity,
    first_login,
    reasons_not_to_run,
)

pytestmark = pytest.mark.slow

LESSON = "hexrules/lessons/02_line_of_sight.ipynb"
CADETS = [ACCOUNT_PREFIX + n for n in ("cadet1", "cadet2", "cadet3")]
MiB = 1024**2


@pytest.fixture(scope="module")
def hub():
    reasons = reasons_not_to_run()
    if reasons:
        pytest.skip("the class server cannot run here: " + "; ".join(reasons))
    trial = TrialHub()
    try:
        trial.start()
        yield trial
    finally:
        left = trial.close() if trial.started else []
        ps = subprocess.run(["ps", "-eo", "pid,user,args"], capture_output=True, text=True)
        stray = [line for line in ps.stdout.splitlines()
                 if ACCOUNT_PREFIX in line or str(trial.state) in line]
        assert not left and not stray, f"left running after hubctl stop: {left} {stray}"


class Person:
    """A cadet or the instructor, logged in, with what their first login measured."""

    def __init__(self, cadet: Cadet, first: FirstLogin) -> None:
        self.cadet = cadet
        self.first = first


@pytest.fixture(scope="module")
def people(hub: TrialHub) -> dict[str, Person]:
    instructor = Cadet(hub.url, hub.instructor, hub.password)
    cadets = [Cadet(hub.url, name, f"lesson-02-{name}") for name in CADETS]
    assert instructor.log_in()  # before the others: approving needs the instructor's session
    for cadet in cadets:
        cadet.sign_up()
        instructor.approve(cadet.name)
    everyone = [instructor, *cadets]
    instructor.http.cookies.clear()  # log in again, at the same moment as the cadets
    with ThreadPoolExecutor(len(everyone)) as pool:
        firsts = list(pool.map(first_login, everyone))
    return {c.name: Person(c, f) for c, f in zip(everyone, firsts, strict=True)}


def test_a_sign_up_waits_for_the_instructor(hub: TrialHub, people: dict[str, Person]) -> None:
    late = Cadet(hub.url, ACCOUNT_PREFIX + "late", "a-long-password")
    late.sign_up()
    assert not late.log_in()  # signed up, not approved
    # a sign-up may never become an account the hub did not make (root, a service, a person)
    Cadet(hub.url, "root", "a-long-password").sign_up()
    page = people[hub.instructor].cadet.http.get(f"{hub.url}/hub/authorize").text
    assert f"authorize/{late.name}" in page
    assert "authorize/root" not in page
    with pytest.raises(KeyError):
        pwd.getpwnam(late.name)  # no account before the first (approved) login


def test_lesson_02_runs_for_every_cadet_and_the_instructor(people: dict[str, Person],
                                                           hub: TrialHub,
                                                           capsys: pytest.CaptureFixture) -> None:
    firsts = {name: person.first for name, person in people.items()}
    for name, first in firsts.items():
        assert first.cells > 10 and first.errors == [], (name, first.errors)
    cadets = [firsts[n] for n in CADETS]
    capacity = estimate_capacity(max(f.memory.rss for f in cadets), hub.hub_memory(),
                                 max(f.memory.cpu_seconds for f in cadets))
    with capsys.disabled():
        print(f"\nclass server, {len(people)} people logging in at once (lesson 02):")
        for name, p in firsts.items():
            print(f"  {name:18} login→server {p.login_to_server:5.1f} s, login→lesson run "
                  f"{p.login_to_lesson:5.1f} s; server+kernel RSS {p.memory.rss / MiB:4.0f} MiB "
                  f"(USS {p.memory.uss / MiB:4.0f} MiB, {p.memory.processes} processes), "
                  f"CPU {p.memory.cpu_seconds:4.1f} s")
        print(f"  hub+proxy+culler RSS {hub.hub_memory() / MiB:.0f} MiB; estimate for 2 cores / "
              f"24 GiB: {capacity.cadets} cadets with a lesson running (all at once: "
              f"~{capacity.all_at_once_seconds:.0f} s)")


def test_each_cadets_files_are_theirs(hub: TrialHub, people: dict[str, Person]) -> None:
    one, two = people[CADETS[0]].cadet, people[CADETS[1]].cadet
    for cadet in (one, two):
        account = pwd.getpwnam(cadet.name)
        home = Path(account.pw_dir)
        assert stat.S_IMODE(home.stat().st_mode) == 0o700
        assert (home / LESSON).stat().st_uid == account.pw_uid
        notebook = cadet.read(LESSON)["content"]
        notebook["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [],
                                  "execution_count": None,
                                  "source": f"answer = 'written by {cadet.name}'"})
        cadet.write_notebook(LESSON, notebook)
    # another cadet's server refuses the token; their files cannot be opened from a kernel
    assert one.server_api("GET", f"/contents/{LESSON}", user=two.name).status_code in (403, 404)
    code = (f"try:\n    open('/home/{two.name}/{LESSON}').read()\n    print('READ')\n"
            "except PermissionError:\n    print('DENIED')\n")
    out, errors = one.run_code(code)
    assert (out, errors) == (["DENIED"], [])
    assert f"written by {one.name}" in json.dumps(one.read(LESSON)["content"])
    assert f"written by {one.name}" not in json.dumps(two.read(LESSON)["content"])


def test_a_course_update_adds_new_lessons_and_keeps_every_edit(
        hub: TrialHub, people: dict[str, Person]) -> None:
    one, three = people[CADETS[0]].cadet, people[CADETS[2]].cadet
    before = json.dumps(three.read(LESSON)["content"])
    # the instructor publishes an update: lesson 02 changed, a new lesson
    published = hub.course / "lessons" / "02_line_of_sight.ipynb"
    notebook = json.loads(published.read_text())
    notebook["cells"].insert(0, {"cell_type": "markdown", "metadata": {},
                                 "source": "UPDATED COURSE"})
    published.write_text(json.dumps(notebook))
    (hub.course / "lessons" / "10_new.ipynb").write_text(
        (hub.course / "lessons" / "00_index.ipynb").read_text())
    os.chmod(hub.course / "lessons" / "10_new.ipynb", 0o644)
    for cadet in (one, three):
        cadet.stop_server()
        cadet.start_server()
        listing = [f["name"] for f in cadet.read("hexrules/lessons")["content"]]
        assert "10_new.ipynb" in listing
        mine = json.dumps(cadet.read(LESSON)["content"])
        assert "UPDATED COURSE" not in mine  # the cadet's copy is never overwritten
    assert f"written by {one.name}" in json.dumps(one.read(LESSON)["content"])
    assert json.dumps(three.read(LESSON)["content"]) == before


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [  # as tests/browser launches it: nothing but 127.0.0.1
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.mark.skipif(not CHROMIUM.exists(), reason="no Debian chromium (make browser)")
def test_a_cadet_logs_in_from_a_browser_and_lab_opens_the_lessons(
        hub: TrialHub, people: dict[str, Person]) -> None:
    from playwright.sync_api import sync_playwright

    cadet = people[CADETS[2]].cadet
    outside: list[str] = []

    def only_loopback(route) -> None:  # noqa: ANN001 - a Playwright Route
        if route.request.url.startswith(hub.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.route("**/*", only_loopback)
            page.goto(f"{hub.url}/hub/login")
            page.fill("input[name=username]", cadet.name)
            page.fill("input[name=password]", cadet.password)
            page.click("input[type=submit], button[type=submit]")
            page.wait_for_selector(".jp-Notebook", timeout=120_000)
            assert page.url.endswith(f"/user/{cadet.name}/lab/tree/hexrules/lessons/"
                                     "00_index.ipynb")
            page.wait_for_selector(".jp-DirListing-item:has-text('02_line_of_sight')")
        finally:
            browser.close()
    assert outside == []


def test_each_cadet_has_a_memory_and_cpu_limit(hub: TrialHub,
                                               people: dict[str, Person]) -> None:
    cadet = people[CADETS[1]].cadet
    code = ("import subprocess, sys\n"
            "print(open('/proc/self/cgroup').read().replace(chr(10), ' '))\n"
            "big = subprocess.run([sys.executable, '-c', 'x = b\"x\" * (3 * 2**30)'])\n"
            "print('exit', big.returncode)\n")
    out, errors = cadet.run_code(code, timeout=120)
    assert errors == []
    groups, result = out
    if "hexrules-hub" not in groups:
        pytest.skip("no writable cgroup v1 memory/cpu here: limits are not enforced "
                    f"(deploy/README.md, Limits); the kernel's groups: {groups}")
    assert "memory:/" in groups and f"hexrules-hub/{cadet.name}" in groups
    assert result == "exit -9"  # 3 GiB in a 2 GiB limit: killed by the kernel's OOM killer


def test_the_instructor_demo_is_a_voila_page(hub: TrialHub, people: dict[str, Person]) -> None:
    instructor = people[hub.instructor].cadet
    page = instructor.http.get(
        f"{instructor.server}/voila/render/hexrules/lessons/instructor_demo.ipynb",
        headers={"Authorization": f"token {instructor.token}"}, timeout=180)
    assert page.status_code == 200
    assert "from hexrules_widgets import" not in page.text  # Voila shows outputs, not code
    assert "application/vnd.jupyter.widget-view+json" in page.text
    assert "Traceback" not in page.text


def test_idle_servers_are_culled(hub: TrialHub, people: dict[str, Person]) -> None:
    """The hub runs jupyterhub-idle-culler (1 hour); the same culler with a 1-second timeout,
    given an admin's token, stops every idle server. Last in the module: it stops them all."""
    import psutil

    instructor = people[hub.instructor].cadet
    service = instructor.api("GET", "/services/idle-culler").json()
    assert service["name"] == "idle-culler"
    assert "--timeout=3600" in service["command"]
    assert "jupyterhub_idle_culler" in " ".join(psutil.Process(service["pid"]).cmdline())
    running = [n for n in people if instructor.api("GET", f"/users/{n}").json()["servers"]]
    assert running  # the servers of the tests above are still up
    env = {**os.environ, "JUPYTERHUB_API_TOKEN": instructor.token,
           "JUPYTERHUB_API_URL": f"http://127.0.0.1:{hub.hub_port}/hub/api"}
    time.sleep(1.5)  # idle for longer than the timeout
    culler = subprocess.Popen(
        [str(hub.prefix / "venv" / "bin" / "python"), "-m", "jupyterhub_idle_culler",
         "--timeout=1", "--cull-every=2"], env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while running and time.monotonic() < deadline:
            running = [n for n in running
                       if instructor.api("GET", f"/users/{n}").json()["servers"]]
            time.sleep(0.5)
    finally:
        culler.kill()
        culler.wait()
    assert running == []
