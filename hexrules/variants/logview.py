"""What a side may read of a variant's log and of the enemy computer's reasoning (fog of war):
the words test both variants share.

A variant's view says what a side knows of the *state*; its ``public_log`` (squad:
:func:`hexrules.variants.squad.logview.public_log`, Prokhorovka:
:func:`hexrules.variants.prokhorovka.logview.public_log`) says what it may read of the
*records* that led there. Both test a text against the *hidden words*: the ids of the enemy
units the side does not see now and the names of the places where they stand, as whole words
(:func:`hexrules.game.logview.names`, shared with the tank game).

>>> mentions("B4 moves to 3815", {"B4"}), mentions("B45 waits", {"B4"})
(True, False)
>>> decision_public("blue", "red", "R1 → 2015", {"B4"}), decision_public(
...     "blue", "red", "B4 → 2015", {"B4"})
(True, False)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

__all__ = ["decision_public", "mentions"]


@functools.lru_cache(maxsize=64)
def _pattern(words: frozenset[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")


def mentions(text: str, hidden: Iterable[str]) -> bool:
    """Whether ``text`` names any of the ``hidden`` words (whole words only, as
    :func:`hexrules.game.logview.names` reads them; one pass for all the words)."""
    words = frozenset(hidden)
    return bool(words) and _pattern(words).search(text) is not None


def decision_public(by: object, side: object, text: str, hidden: Iterable[str]) -> bool:
    """Whether ``side`` may read a decision of ``by``'s computer whose rendering is ``text``:
    always its own side's, the enemy's only if it names nothing hidden."""
    return by == side or not mentions(text, hidden)
