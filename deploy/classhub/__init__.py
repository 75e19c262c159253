"""The parts of the class server written for this project (deploy/README.md).

* :mod:`classhub.auth` — sign-up with the instructor's approval (NativeAuthenticator) and one
  Unix account per cadet (LocalAuthenticator); needs JupyterHub.
* :mod:`classhub.spawner` — each cadet's server as their account, with their copy of the
  lessons and their limits; needs JupyterHub.
* :mod:`classhub.course` — publishing the lessons and copying them into a cadet's home without
  ever overwriting a file (standard library only: also a script).
* :mod:`classhub.limits` — memory and CPU limits through cgroups (standard library only).
* :mod:`classhub.accounts` — which system accounts the hub made (standard library only).
* :mod:`classhub.client` — a cadet's side over HTTP, for the tests and the benchmark.
* :mod:`classhub.trial` — a throwaway class server on 127.0.0.1, for the tests and the
  benchmark, and the capacity estimate.

``deploy/jupyterhub_config.py`` and ``deploy/hubctl.py`` put ``deploy/`` on ``sys.path``; the
package is not installed with the project.
"""
