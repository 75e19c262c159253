"""Off-board artillery (炮兵火力, rules §6, A-1…A-8; docs/rules.md).

Pure functions the game engine calls; none reads or changes game state.

* :mod:`~hexrules.artillery.plan` — the fire plan as a value (:class:`FirePlan`, A-1), its
  checks (:func:`verify_fire_plan`, :func:`can_fire_plan`) and drift geometry
  (:func:`drift`, A-4);
* :mod:`~hexrules.artillery.steps` — the dice steps, each written once: one gun's fire
  (:func:`roll_impact`, A-2…A-4), the zones (:func:`zone`, A-5), one unit attacked
  (:func:`roll_strike`, A-7);
* :mod:`~hexrules.artillery.adjudicate` — :func:`adjudicate_gun`, :func:`adjudicate_mission`,
  :func:`impact_markers` and :func:`adjudicate_entry` (A-8);
* :mod:`~hexrules.artillery.record` — the records (:class:`GunRecord`,
  :class:`ArtilleryRecord`, :class:`MarkerEntryRecord`);
* :mod:`~hexrules.artillery.odds` — exact odds enumerated from the same dice steps
  (:func:`impact_distribution`, :func:`mission_odds`) and a Monte Carlo.

>>> from hexrules import Hex, HexMap
>>> odds = impact_distribution(HexMap.flat(20, 20), Hex(10, 10))
>>> odds.cancelled, odds.hexes[Hex(10, 10)], odds.total
(Fraction(1, 6), Fraction(5, 12), Fraction(1, 1))
"""

from hexrules.artillery.adjudicate import (
    adjudicate_entry,
    adjudicate_gun,
    adjudicate_mission,
    impact_markers,
)
from hexrules.artillery.odds import (
    ImpactOdds,
    MissionOdds,
    attack_odds,
    entry_odds,
    gun_result_distribution,
    impact_distribution,
    mission_odds,
    simulate_impacts,
    simulate_mission,
    strike_distribution,
)
from hexrules.artillery.plan import (
    BATTERY_GUNS,
    NORMAL_DELAY,
    FirePlan,
    can_fire_plan,
    drift,
    drift_path,
    verify_fire_plan,
)
from hexrules.artillery.record import (
    ArtilleryRecord,
    ArtilleryStrike,
    GunRecord,
    ImpactMarker,
    MarkerEntryRecord,
)
from hexrules.artillery.steps import (
    ImpactDice,
    StrikeDice,
    ZoneHex,
    roll_impact,
    roll_strike,
    zone,
    zone_status,
)

__all__ = [
    "BATTERY_GUNS",
    "NORMAL_DELAY",
    "ArtilleryRecord",
    "ArtilleryStrike",
    "FirePlan",
    "GunRecord",
    "ImpactDice",
    "ImpactMarker",
    "ImpactOdds",
    "MarkerEntryRecord",
    "MissionOdds",
    "StrikeDice",
    "ZoneHex",
    "adjudicate_entry",
    "adjudicate_gun",
    "adjudicate_mission",
    "attack_odds",
    "can_fire_plan",
    "drift",
    "drift_path",
    "entry_odds",
    "gun_result_distribution",
    "impact_distribution",
    "impact_markers",
    "mission_odds",
    "roll_impact",
    "roll_strike",
    "simulate_impacts",
    "simulate_mission",
    "strike_distribution",
    "verify_fire_plan",
    "zone",
    "zone_status",
]
