"""JupyterHub configuration of the hexrules class server (deploy/README.md).

``make hub`` (deploy/hubctl.py) starts JupyterHub with this file and sets the ``HEXRULES_HUB_*``
variables below; every one has a default, so ``jupyterhub -f deploy/jupyterhub_config.py`` also
works by hand (as root, from the hub's environment ``<prefix>/venv``).

* Log in: cadets sign up at ``/hub/signup``; the instructor (an admin) approves them at
  ``/hub/authorize``; each approved cadet gets a Unix account of their own on first login
  (classhub.auth).
* Servers: JupyterLab as the cadet's account, their own copy of the lessons in ``~/hexrules``
  (never overwritten by an update), memory and CPU limits per cadet (classhub.spawner).
* Idle servers are stopped by jupyterhub-idle-culler; idle kernels inside a server by the
  classroom configuration (``config/jupyter_server_config.py``, installed into the hub's
  environment by ``make hub-env``).
* The instructor demo as a Voila page:
  ``/user/<name>/voila/render/hexrules/lessons/instructor_demo.ipynb``
  (Voila's server extension, with the project's offline template from ``config/voila``).
"""

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from classhub.auth import ClassAuthenticator  # noqa: E402
from classhub.spawner import ClassSpawner  # noqa: E402

c = get_config()  # noqa: F821 - provided by traitlets when it loads this file


def setting(name: str, default: str) -> str:
    """``HEXRULES_HUB_<NAME>`` from the environment, else ``default``."""
    return os.environ.get(f"HEXRULES_HUB_{name}", default)


PREFIX = Path(setting("PREFIX", "/opt/hexrules-hub"))
STATE = Path(setting("STATE", "/var/lib/hexrules-hub"))
INSTRUCTORS = {n.strip() for n in setting("INSTRUCTORS", "instructor").split(",") if n.strip()}

# --- where the hub listens and keeps its state ------------------------------------------
c.JupyterHub.bind_url = f"http://{setting('IP', '0.0.0.0')}:{setting('PORT', '8000')}"
if setting("SSL_CERT", ""):  # HTTPS straight from the hub (else put a TLS proxy in front)
    c.JupyterHub.ssl_cert = setting("SSL_CERT", "")
    c.JupyterHub.ssl_key = setting("SSL_KEY", "")
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(setting("HUB_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{setting('PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.command = [str(PREFIX / "proxy" / "node_modules" / ".bin"
                                       / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every cadet's server

# --- who may log in ------------------------------------------------------------------------
c.JupyterHub.authenticator_class = ClassAuthenticator
c.Authenticator.admin_users = INSTRUCTORS
c.Authenticator.allow_all = True  # NativeAuthenticator lets in only the approved sign-ups
c.Authenticator.username_pattern = r"^[a-z][a-z0-9_-]{1,30}$"  # a valid Linux user name
c.NativeAuthenticator.open_signup = False  # the instructor approves each sign-up
c.NativeAuthenticator.minimum_password_length = 8
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5
c.NativeAuthenticator.seconds_before_next_try = 60
c.ClassAuthenticator.instructor_password_file = str(STATE / "instructor-password")

# --- each cadet's server -------------------------------------------------------------------
c.JupyterHub.spawner_class = ClassSpawner
c.Spawner.cmd = [str(PREFIX / "venv" / "bin" / "jupyterhub-singleuser")]
c.ClassSpawner.course_dir = setting("COURSE", str(PREFIX / "share" / "hexrules" / "course"))
c.Spawner.default_url = "/lab/tree/hexrules/lessons/00_index.ipynb"
c.Spawner.mem_limit = setting("MEM_LIMIT", "2G")  # server + kernels of one cadet
c.Spawner.cpu_limit = float(setting("CPU_LIMIT", "1.0"))  # cores
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 60

# --- idle servers end: jupyterhub-idle-culler as a hub service -----------------------------
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={setting('CULL_TIMEOUT', '3600')}",
                f"--cull-every={setting('CULL_EVERY', '300')}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
