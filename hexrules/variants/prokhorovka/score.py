"""The end of a game (P-24): who holds the farm, the score, the winner.

The winner is the side with more units in the farm's squares after the last turn; failing
that, the higher score (a tank destroyed 5, disabled 2, a man killed 1, wounded ½, scored by
the enemy); failing that, a draw. A vehicle scores by its final state.

>>> from hexrules.variants.prokhorovka import load_scenario, new_state
>>> result(new_state(load_scenario("cut")))["winner"]
'draw'
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from hexrules.records import Step
from hexrules.variants.prokhorovka.record import ProkRecord

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.variants.prokhorovka.state import PState

__all__ = ["final_record", "result"]


def result(s: PState) -> dict[str, object]:
    """Farm holders, scores and the winner of ``s`` (as if the game ended now)."""
    sc = s.rules.score
    farm = {"german": 0, "soviet": 0}
    points = {"german": Fraction(0), "soviet": Fraction(0)}
    for u in s.units:
        if u.on_map and u.square in s.scenario.farm:
            farm[u.side] += 1
        foe = "soviet" if u.side == "german" else "german"
        if u.is_squad:
            points[foe] += u.killed * sc["killed"] + u.wounded * sc["wounded"]
        elif u.destroyed:
            points[foe] += sc["destroyed"]
        elif u.no_fire or u.no_move:
            points[foe] += sc["disabled"]
    if farm["german"] != farm["soviet"]:
        winner, why = max(farm, key=farm.__getitem__), "farm"
    elif points["german"] != points["soviet"]:
        winner, why = max(points, key=points.__getitem__), "score"
    else:
        winner, why = "draw", "equal"
    return {"farm": farm, "points": points, "winner": winner, "by": why}


def final_record(s: PState) -> ProkRecord:
    """The P-24 record of the end of the game."""
    r = result(s)
    f, p = r["farm"], r["points"]
    step = Step("P-24", "Result 结果",
                (("units in the farm", f"German {f['german']}, Soviet {f['soviet']}"),
                 ("score", f"German {p['german']}, Soviet {p['soviet']}")),
                result=f"{r['winner']} ({r['by']})", value=str(r["winner"]))
    return ProkRecord("P-24", "Result 结果", (step,), (), (("winner", r["winner"]),
                                                          ("by", r["by"])))
