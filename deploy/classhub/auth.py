"""Logging in to the class server: cadets sign up, the instructor approves, each gets an account.

:class:`ClassAuthenticator` is NativeAuthenticator (a sign-up page, passwords stored hashed in
the hub's database, an approval page for admins at ``/hub/authorize``) combined with
JupyterHub's LocalAuthenticator, which creates a real Unix account for each cadet on their
first login (:mod:`classhub.accounts`). The instructor is an admin user: their account is made
when the hub starts, with the password in the file
:attr:`ClassAuthenticator.instructor_password_file` (``make hub`` writes
a random one and prints where), so nobody can claim the name first.
"""

from __future__ import annotations

import pwd
from pathlib import Path

from jupyterhub.auth import LocalAuthenticator
from nativeauthenticator import NativeAuthenticator
from nativeauthenticator.handlers import LoginHandler as NativeLoginHandler
from traitlets import Unicode, default

from classhub.accounts import add_user_cmd, is_class_account

__all__ = ["ClassAuthenticator", "ClassLoginHandler"]


class _NoTimer:
    """Stands in for the statsd client JupyterHub 6 no longer has (see ClassLoginHandler)."""

    def timer(self, name: str) -> _NoTimer:
        return self

    def start(self) -> _NoTimer:
        return self

    def stop(self, send: bool = True) -> None:
        return None


class ClassLoginHandler(NativeLoginHandler):
    """NativeAuthenticator 1.3.0's login page, made to work with JupyterHub 6.

    Its ``post`` still times the login with the statsd client that JupyterHub 6 removed, and
    its ``_render`` refuses the keywords JupyterHub 6 passes when it shows an error on the
    login page; without these two fixes every login fails with a 500.
    """

    statsd = _NoTimer()

    def _render(self, login_error: str | None = None, username: str | None = None,
                **kwargs: object):  # noqa: ANN202 - what NativeAuthenticator returns
        return super()._render(login_error=login_error, username=username)


class ClassAuthenticator(NativeAuthenticator, LocalAuthenticator):
    """Sign-up with the instructor's approval; one system account per cadet.

    Examples
    --------
    In ``jupyterhub_config.py``::

        c.JupyterHub.authenticator_class = ClassAuthenticator
        c.Authenticator.admin_users = {"instructor"}
        c.ClassAuthenticator.instructor_password_file = "/var/lib/hexrules-hub/instructor-password"
    """

    instructor_password_file = Unicode(
        "", config=True,
        help="A file whose first line is the password of the admin users' hub accounts, "
             "created when the hub starts if they have none.")

    @default("create_system_users")
    def _create_system_users_default(self) -> bool:
        return True

    @default("add_user_cmd")
    def _add_user_cmd_default(self) -> list[str]:
        return add_user_cmd()

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self._seed_admins()

    def get_handlers(self, app: object) -> list[tuple[str, type]]:
        """NativeAuthenticator's pages, with the login page of :class:`ClassLoginHandler`."""
        return [(path, ClassLoginHandler if path == r"/login" else handler)
                for path, handler in super().get_handlers(app)]

    def _seed_admins(self) -> None:
        path = Path(self.instructor_password_file) if self.instructor_password_file else None
        if path is None or not path.is_file():
            return
        password = path.read_text(encoding="utf-8").strip()
        for name in sorted(self.admin_users):
            if not self.user_exists(name):
                self.create_user(name, password)
                self.log.info("Created the admin account %s (password in %s)", name, path)

    def validate_username(self, username: str) -> bool:
        """A Linux-safe name that is not an account this hub did not make.

        The pattern (``Authenticator.username_pattern``) is checked first; then a name that
        already belongs to a system account is refused unless the hub made that account.
        """
        if not super().validate_username(username):
            return False
        try:
            pwd.getpwnam(username)
        except KeyError:
            return True
        return is_class_account(username)

    def add_system_user(self, user: object) -> None:
        """Create the account (LocalAuthenticator), then close its home to everyone else."""
        super().add_system_user(user)
        home = Path(pwd.getpwnam(user.name).pw_dir)  # type: ignore[attr-defined]
        home.chmod(0o700)
