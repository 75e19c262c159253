"""Direct fire and close combat (rules §4, F-1…F-12; docs/rules.md).

* :mod:`~hexrules.combat.orders` — the declaration as a value (:class:`FireOrder`);
* :mod:`~hexrules.combat.declare` — checking it (:func:`verify_fire`, :func:`can_fire`);
* :mod:`~hexrules.combat.fire` — adjudicating it (:func:`adjudicate_fire`, :class:`FireRecord`);
* :mod:`~hexrules.combat.damage` — how a result lands (F-10) and the E-4 step-down;
* :mod:`~hexrules.combat.odds` — exact odds from the adjudication itself, and Monte Carlo.

>>> from hexrules.combat import FireKind
>>> FireKind.parse("moving").rule
'V-8'
"""

from hexrules.combat.damage import accumulate, apply_result, state_label, step_down
from hexrules.combat.declare import can_fire, verify_fire
from hexrules.combat.fire import adjudicate_fire, final_attack_level
from hexrules.combat.odds import (
    FireOdds,
    final_state_distribution,
    fire_odds,
    shot_distribution,
    simulate_fire,
    simulate_shots,
    table_odds,
)
from hexrules.combat.orders import FireKind, FireOrder
from hexrules.combat.record import FireRecord, Shot

__all__ = [
    "FireKind",
    "FireOdds",
    "FireOrder",
    "FireRecord",
    "Shot",
    "accumulate",
    "adjudicate_fire",
    "apply_result",
    "can_fire",
    "final_attack_level",
    "final_state_distribution",
    "fire_odds",
    "shot_distribution",
    "simulate_fire",
    "simulate_shots",
    "state_label",
    "step_down",
    "table_odds",
    "verify_fire",
]
