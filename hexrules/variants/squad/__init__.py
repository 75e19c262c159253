"""The squad-level infantry variant (docs/rules.md, Appendix A, Q-1…Q-28).

It adds only what differs from the main game and reuses the rest: the hex grid and line of
sight (:mod:`hexrules.map`, :mod:`hexrules.sight`), the dice (:mod:`hexrules.dice`), the
record steps and their JSON codec (:mod:`hexrules.records`) and exact chance
(:mod:`hexrules.chance`).

* :mod:`~hexrules.variants.squad.rules` — the numbers as a validated data file (Q-3…Q-24);
* :mod:`~hexrules.variants.squad.teams` — teams, postures, standing orders, facing, arcs;
* :mod:`~hexrules.variants.squad.ground` — the map with vegetation and cover overlays;
* :mod:`~hexrules.variants.squad.detection` — detection, lighting, actual distance;
* :mod:`~hexrules.variants.squad.attack` — the attack formula, roll, result, suppression,
  and the exact odds;
* :mod:`~hexrules.variants.squad.records` — the records of all of these;
* :mod:`~hexrules.variants.squad.plans` — the orders: deployment, action and attack plans;
* :mod:`~hexrules.variants.squad.scenario` — scenarios as data (``maps/squad/*.json``);
* :mod:`~hexrules.variants.squad.state`, :mod:`~hexrules.variants.squad.engine`,
  :mod:`~hexrules.variants.squad.movement` — the game: a frozen state, verify / can /
  apply, the movement phase with detection after every step, the attack phase, save, load
  and replay (:func:`hexrules.replay.replay`);
* :mod:`~hexrules.variants.squad.view` — each side's view (fog of war);
* :mod:`~hexrules.variants.squad.play` — legal actions, random orders, :class:`SquadGame`;
* :mod:`~hexrules.variants.squad.players` — computer players through the shared protocol
  (:class:`~hexrules.players.Player`): :class:`RandomSquadPlayer`, :class:`ObjectivePlayer`,
  the described legal orders :func:`legal_plans`, and :func:`~.players.play`.

The settlements this variant relies on (docs/rules.md, Appendix A), and where each lives:

* **[decision]** Q-1 the hex grid, Q-2 distance as M-1's hex count (``teams``, ``ground``);
  loss = theoretical − current defence, killed at 0 (``teams``); Q-6 a medic heals one unit
  at distance 1, capped at theoretical defence (``plans``, ``engine``); Q-8 facing, and the
  front-hex measure deciding the arc (``teams``, ``detection``); one attack per unit per
  phase, and the standing orders' moves (``plans``, ``movement``); an unaffordable action
  ends the unit's actions (``movement``); Q-13 both the range and the detectability must
  reach, Q-14 lighting shows more than detection, Q-15 fire reveals (``detection``,
  ``view``); Q-19 exact fractions, only A rounded, Q-21 opening fire keeps the lower of two
  dice (``attack``); Q-23 suppression flips back at the end of the turn (``teams``,
  ``engine``); Q-25 the side that did not just act resolves first, attacks use the phase's
  start state and losses apply together (``engine``); Q-28 the lesson scenario
  (``maps/squad/lesson.json``).
* **[house value]** Q-1 10 m a hex; Q-7 a posture change and Q-8 a turn cost 1 AP; Q-17 the
  cover's +2 on actual distance; Q-22 the attack result table; Q-24 the moving penalty
  ×½ — all in ``data/squad.toml`` (marked ``house value`` there), for an instructor to
  replace.

Examples
--------
>>> from hexrules.map import Hex, HexMap
>>> g = SquadGround(HexMap.flat(20, 6))
>>> b = Team("B1", "blue", "three_man", Hex(1, 3), facing=2)
>>> r = Team("R1", "red", "two_man", Hex(12, 3), posture="upright")
>>> detect(g, b, r).detected
True
"""

from hexrules.variants.squad.attack import (
    AttackOdds,
    actual_attack,
    actual_defence,
    attack_odds,
    attack_value,
    eligible,
    loss_of,
    range_factor,
    resolve_attack,
    roll_result,
    take_loss,
)
from hexrules.variants.squad.detection import (
    actual_distance,
    detect,
    detectability,
    detection_range,
    lights_up,
)
from hexrules.variants.squad.ground import SquadGround
from hexrules.variants.squad.plans import (
    ActionPlan,
    Attack,
    AttackPlan,
    ChangePosture,
    Deployment,
    Heal,
    Override,
    Placement,
    StepAction,
    TeamPlan,
    TurnAction,
)
from hexrules.variants.squad.play import (  # noqa: I001
    SquadGame,
    legal_actions,
    play_random,
    random_order,
    random_plan,
    team_actions,
)
from hexrules.variants.squad.players import (
    ObjectivePlayer,
    PlanSpace,
    RandomSquadPlayer,
    legal_plans,
)
from hexrules.variants.squad.records import AttackRecord, DetectionRecord, HealRecord, SquadEvent
from hexrules.variants.squad.rules import (
    RULES_FILE,
    PostureInfo,
    SquadRules,
    TeamType,
    TerrainInfo,
    load_rules,
)
from hexrules.variants.squad.scenario import SquadScenario, load_scenario, practice
from hexrules.variants.squad.state import SquadPhase, SquadRecord, SquadState
from hexrules.variants.squad.teams import (
    Arc,
    Posture,
    StandingOrder,
    Team,
    arc_by_angle,
    arc_of,
    front_hex,
    hex_name,
    hex_order,
    parse_hex_name,
)
from hexrules.variants.squad.view import KnownTeam, SquadView, view

__all__ = [
    "ActionPlan", "Attack", "AttackPlan", "ChangePosture", "Deployment", "Heal", "KnownTeam",
    "Override",
    "Placement", "SquadGame", "SquadPhase", "SquadRecord", "SquadScenario", "SquadState",
    "SquadView", "StepAction", "TeamPlan", "TurnAction", "legal_actions", "load_scenario",
    "ObjectivePlayer", "PlanSpace", "legal_plans",
    "play_random", "practice", "random_order", "random_plan", "RandomSquadPlayer",
    "team_actions", "view",
    "RULES_FILE", "Arc", "AttackOdds", "AttackRecord", "DetectionRecord", "HealRecord",
    "Posture", "PostureInfo", "SquadEvent", "SquadGround", "SquadRules", "StandingOrder",
    "Team", "TeamType", "TerrainInfo", "actual_attack", "actual_defence", "actual_distance",
    "arc_by_angle", "arc_of", "attack_odds", "attack_value", "detect", "detectability",
    "detection_range", "eligible", "front_hex", "hex_name", "hex_order", "lights_up",
    "load_rules", "loss_of", "parse_hex_name", "range_factor", "resolve_attack",
    "roll_result", "take_loss",
]
