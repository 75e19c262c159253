"""The evaluation's odds of a close combat (V-10): who is left in the hex, and at what cost.

Close combat goes in rounds until one side is left: each round a d6 decides who fires first,
that side's units each fire one close-combat shot (F-12) at an enemy in the hex, then the
other side's survivors fire back. :func:`melee_odds` follows those rounds exactly as a
Markov chain over how many units of each side can still fight, with each shot putting a unit
out of the fight (destroyed or weapon lost, F-10) with the chance of one close-combat shot
of :meth:`Board.close_shot <hexrules.players.board.Board.close_shot>` — the adjudication's
own odds. Damage that does not put a unit out is not carried from round to round (**an
estimate of the evaluation**, not a rule).

Examples
--------
>>> w, lost_a, lost_b = melee_odds(1, 1, 0.671, 0.671)
>>> round(w, 3)                                  # one against one: a coin toss
0.5
>>> round(melee_odds(2, 1, 0.671, 0.671)[0], 3)  # two against one
0.924
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

__all__ = ["melee_odds", "out_chance"]

#: Rounds followed before the rest of the chance is left undecided (a stalemate).
ROUNDS = 40


def _volley(shooters: int, targets: int, p: float) -> list[float]:
    """Chance that a volley of ``shooters`` shots puts 0, 1, … ``targets`` units out (the
    shooters spread over the units still fighting: a kill beyond the last is wasted)."""
    out = [0.0] * (targets + 1)
    for k in range(shooters + 1):
        q = comb(shooters, k) * p ** k * (1 - p) ** (shooters - k)
        out[min(k, targets)] += q
    return out


@lru_cache(maxsize=4096)
def melee_odds(a: int, b: int, pa: float, pb: float) -> tuple[float, float, float]:
    """(P(side A is left in the hex), expected units A loses, expected units B loses) of a
    close combat of ``a`` units against ``b``, each shot of A putting a B unit out with
    chance ``pa`` and each of B an A unit with ``pb``.

    >>> melee_odds(0, 2, 0.5, 0.5), melee_odds(2, 0, 0.5, 0.5)
    ((0.0, 0.0, 0.0), (1.0, 0.0, 0.0))
    """
    if a <= 0:
        return 0.0, 0.0, 0.0
    if b <= 0:
        return 1.0, 0.0, 0.0
    dist = {(a, b): 1.0}
    ended: dict[tuple[int, int], float] = {}
    for _ in range(ROUNDS):
        nxt: dict[tuple[int, int], float] = {}
        for (x, y), q in dist.items():
            # a d6: A fires first, then B's survivors; or the other way round
            for ky, qy in enumerate(_volley(x, y, pa)):
                for kx, qx in enumerate(_volley(y - ky, x, pb)):
                    key = (x - kx, y - ky)
                    nxt[key] = nxt.get(key, 0.0) + 0.5 * q * qy * qx
            for kx, qx in enumerate(_volley(y, x, pb)):
                for ky, qy in enumerate(_volley(x - kx, y, pa)):
                    key = (x - kx, y - ky)
                    nxt[key] = nxt.get(key, 0.0) + 0.5 * q * qx * qy
        dist = {}
        for (x, y), q in nxt.items():
            if x == 0 or y == 0:
                ended[(x, y)] = ended.get((x, y), 0.0) + q
            else:
                dist[(x, y)] = q
        if sum(dist.values()) < 1e-12:
            break
    for k, q in dist.items():  # undecided after ROUNDS rounds: where it stands
        ended[k] = ended.get(k, 0.0) + q
    win = sum(q for (x, y), q in ended.items() if y == 0 and x > 0)
    lost_a = sum(q * (a - x) for (x, _), q in ended.items())
    lost_b = sum(q * (b - y) for (_, y), q in ended.items())
    return win, lost_a, lost_b


def out_chance(shot: object, start: int = 0) -> float:
    """The chance that one shot (result probabilities, :func:`~.board.compose` order) puts a
    unit in damage state ``start`` out of the fight: destroyed or weapon lost.

    >>> import numpy as np
    >>> round(out_chance(np.array([0.0, 0.306, 0.0, 0.023, 0.671])), 3)
    0.671
    """
    from hexrules.players.board import D_BIT, W_BIT, compose

    d = compose([shot], start)  # type: ignore[list-item]
    return float(sum(d[s] for s in range(d.shape[-1]) if s & (D_BIT | W_BIT) and
                     not start & (D_BIT | W_BIT)))
