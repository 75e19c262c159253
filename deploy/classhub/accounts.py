"""The system accounts the class server creates, one per cadet (standard library only).

Each cadet (and the instructor) gets a real Unix account, made by the hub when the instructor
has approved the sign-up and the cadet first logs in: a home folder of their own (mode 0700,
which no other cadet can open) where their copy of the lessons lives. The hub marks every
account it makes with :data:`MARK` in the account's comment (GECOS) field and only ever starts
servers as a marked account, so a sign-up named ``root``, ``www-data`` or the name of a person
who already has an account on the machine can never run as that account.

Examples
--------
>>> is_class_account("root")
False
>>> add_user_cmd()[:2]
['adduser', '--quiet']
"""

from __future__ import annotations

import pwd

__all__ = ["MARK", "UID_MIN", "add_user_cmd", "class_accounts", "is_class_account"]

#: The comment (GECOS) field of every account the hub creates.
MARK = "hexrules class account"

#: The lowest uid the hub starts a server as (Debian's first uid for people).
UID_MIN = 1000


def add_user_cmd() -> list[str]:
    """The command JupyterHub's LocalAuthenticator runs to create a cadet's account.

    ``USERNAME`` is replaced by the cadet's name; no password (they log in to the hub only).
    """
    return ["adduser", "--quiet", "--comment", MARK, "--disabled-password",
            "--home", "/home/USERNAME", "--shell", "/bin/bash"]


def is_class_account(name: str) -> bool:
    """Whether ``name`` is an account the hub made (marked, uid ≥ :data:`UID_MIN`)."""
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        return False
    return entry.pw_uid >= UID_MIN and entry.pw_gecos.split(",")[0] == MARK


def class_accounts() -> list[pwd.struct_passwd]:
    """Every account on this machine that the hub made."""
    return [e for e in pwd.getpwall() if is_class_account(e.pw_name)]
