"""The dice steps of artillery, each written once (A-2…A-7).

Two dice steps decide everything chance decides in artillery, and each comes in two forms,
like :func:`~hexrules.combat.fire.roll_shot` / :func:`~hexrules.combat.fire.shot_outcome` of
direct fire: a function returning the decisions as a small value, and a worded version
building the record's :class:`~hexrules.records.Step` values from them.

* one gun's fire: :func:`roll_impact` (abnormal delay A-2, drift check A-3, direction and
  distance A-4), worded by :func:`impact_steps`;
* one unit attacked by one gun (or one impact marker, A-8): :func:`roll_strike` (2d6 on the
  result table at the gun's level, the terrain correction on K only, the armour d6; A-7),
  worded by :func:`strike_outcome`.

Between them, :func:`zone_status` says whether a gun landing in one hex attacks another, and
on which ring (A-5, no dice), and :func:`zone` lists a gun's whole zone with the reason for
every hex left out. The adjudication (:mod:`hexrules.artillery.adjudicate`), the exact odds
and the Monte Carlo (:mod:`hexrules.artillery.odds`) all call these functions, so they cannot
drift apart.

Dice order per gun (A-2 [decision]): the abnormal-delay d6 always; the drift d6 only for a
gun that arrived and may land on target (a barrel gun not suppressed); the direction and the
distance d6 only when the fire drifts; then, unit by unit, 2d6 and the armour d6 only when a
K survives the terrain correction. No die is rolled for nothing.

Examples
--------
>>> from hexrules import Hex, ScriptedDice, load_tables
>>> imp = roll_impact(Hex(5, 5), always_drifts=False, dice=ScriptedDice([2, 3, 2, 4]))
>>> imp.drifted, imp.direction, imp.distance, imp.impact
(True, 2, 4, Hex(9, 5))
>>> s = roll_strike(7, Terrain.OPEN, 2, tables=load_tables(), dice=ScriptedDice([2, 3, 5]))
>>> s.table, s.armour_die, s.result
(Result.K, 5, Result.K)
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from hexrules.artillery.plan import CANCEL_FACE, FirePlan, drift_path
from hexrules.combat.fire import roll_results_table  # the one table roll (F-6…F-8, A-7)
from hexrules.dice import DiceSource
from hexrules.glossary import label
from hexrules.map.hexgrid import DIRECTION_NAMES, Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.records import Step, register
from hexrules.tables import Cell, TableSet
from hexrules.units import Result

__all__ = [
    "SPLINTER_STOPPERS",
    "ImpactDice",
    "StrikeDice",
    "ZoneHex",
    "impact_steps",
    "place_name",
    "ring_label",
    "roll_impact",
    "roll_strike",
    "strike_outcome",
    "zone",
    "zone_status",
]

#: Terrain that stops splinters (A-5, M-5): settlement 居民地 and forest 丛林地.
SPLINTER_STOPPERS = frozenset({Terrain.CITY, Terrain.FOREST})

#: The glossary term of each ring (A-5).
_RING_TERMS = ("impact_hex", "adjacent_hex", "ring_2")


def ring_label(ring: int) -> str:
    """Bilingual name of a ring (A-5).

    >>> ring_label(0), ring_label(2)
    ('Impact hex 弹着格', 'Hex two away (ring 2) 间隔格')
    """
    return label(_RING_TERMS[ring])


def place_name(hexmap: HexMap, h: Hex) -> str:
    """The military name of ``h`` (M-2), or ``'off-map Hex(q, r)'``.

    >>> from hexrules import HexMap
    >>> place_name(HexMap.flat(3, 3), Hex(0, 0)), place_name(HexMap.flat(3, 3), Hex(9, 0))
    ('4563AA', 'off-map Hex(9, 0)')
    """
    return hexmap.name_of(h) if h in hexmap else f"off-map {h!r}"


# ---------------------------------------------------------------------------------------
# One gun's fire
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ImpactDice:
    """What the dice decided for one gun's fire (A-2, A-3, A-4). No map is involved.

    ``delay_die`` is the abnormal-delay d6 (A-2); ``drift_die`` the drift-check d6 (A-3,
    ``None``: not rolled — cancelled, or the gun always drifts); ``direction`` and
    ``distance`` the A-4 dice (``None``: no drift); ``impact`` the final impact hex (``None``:
    cancelled; it may be off the map, which A-4 calls lost).
    """

    target: Hex
    delay_die: int
    drift_die: int | None
    direction: int | None
    distance: int | None
    impact: Hex | None

    @property
    def cancelled(self) -> bool:
        """The fire did not arrive (A-2)."""
        return self.impact is None

    @property
    def drifted(self) -> bool:
        """The fire drifted (A-3, A-4)."""
        return self.direction is not None

    @property
    def path(self) -> tuple[Hex, ...]:
        """The hexes the marker passed, from the planned hex to the impact (A-4).

        ``(target,)`` when the fire landed on target, ``()`` when it was cancelled.
        """
        if self.cancelled:
            return ()
        if not self.drifted:
            return (self.target,)
        return drift_path(self.target, self.direction, self.distance)  # type: ignore[arg-type]


def roll_impact(target: Hex, *, always_drifts: bool, dice: DiceSource, who: str = "gun",
                cancel_face: int = CANCEL_FACE
                ) -> ImpactDice:
    """The decisions of one gun's fire (A-2, A-3, A-4), rolling ``dice`` in the A-2 order.

    Parameters
    ----------
    target : Hex
        The planned impact hex.
    always_drifts : bool
        Rocket artillery or suppressed barrel artillery: no drift die, it drifts (A-3).
    dice : DiceSource
    who : str
        Names the gun in each roll's purpose (``'red 155 gun 3'``).
    cancel_face : int
        The A-2 face that cancels (``[battery] cancel_face`` of artillery.toml; 0: none).

    Examples
    --------
    >>> from hexrules import ScriptedDice
    >>> roll_impact(Hex(0, 0), always_drifts=False, dice=ScriptedDice([6])).cancelled
    True
    >>> roll_impact(Hex(0, 0), always_drifts=False, dice=ScriptedDice([1, 4])).impact
    Hex(0, 0)
    >>> roll_impact(Hex(0, 0), always_drifts=True, dice=ScriptedDice([1, 5, 2])).impact
    Hex(-2, 0)
    """
    delay = dice.d6("A-2", f"abnormal delay, {who}")
    if delay == cancel_face:
        return ImpactDice(target, delay, None, None, None, None)
    check = None
    if not always_drifts:
        check = dice.d6("A-3", f"drift check, {who}")
        if check % 2 == 0:
            return ImpactDice(target, delay, check, None, None, target)
    direction = dice.d6("A-4", f"drift direction, {who}")
    distance = dice.d6("A-4", f"drift distance, {who}")
    path = drift_path(target, direction, distance)
    return ImpactDice(target, delay, check, direction, distance, path[-1])


def impact_steps(hexmap: HexMap, plan: FirePlan, number: int, imp: ImpactDice,
                 cancel_face: int = CANCEL_FACE) -> list[Step]:
    """The A-2, A-3 and A-4 steps of one gun, worded from :func:`roll_impact`'s decisions.

    Examples
    --------
    >>> from hexrules import HexMap, ScriptedDice
    >>> m = HexMap.flat(10, 10)
    >>> plan = FirePlan("red", "155", Hex(3, 3), called=1)
    >>> imp = roll_impact(plan.target, always_drifts=False, dice=ScriptedDice([4, 1, 2, 1]))
    >>> [(s.rule, s.result) for s in impact_steps(m, plan, 1, imp)]
    [('A-2', 'Fire arrives 火力到达'), ('A-3', 'Drift 偏移'), ('A-4', 'impact hex 弹着格 4563DF')]
    """
    gun = (("gun 火炮", f"{plan.gun} no. {number}"),)
    arrived = not imp.cancelled
    steps = [Step(
        "A-2", label("abnormal_delay"), gun, dice=(imp.delay_die,),
        result=label("fire_arrives" if arrived else "fire_cancelled"), value=arrived,
        note=(f"d6 {imp.delay_die}: only a {cancel_face} cancels" if arrived else
              f"d6 {imp.delay_die}: the fire does not arrive, its impact marker is removed"),
    )]
    if not arrived:
        return steps
    kind = label("rocket_artillery" if plan.rocket else "barrel_artillery")
    inputs = (("artillery 火炮类型", kind), ("suppressed 压制", "yes 是" if plan.suppressed
                                             else "no 否"))
    if imp.drift_die is None:
        why = ("rocket artillery always drifts" if plan.rocket else
               "suppressed barrel artillery always drifts")
        steps.append(Step("A-3", label("drift_check"), inputs, result=label("drift"),
                          value=True, note=f"{why}: no die rolled"))
    else:
        odd = imp.drift_die % 2 == 1
        steps.append(Step(
            "A-3", label("drift_check"), inputs, dice=(imp.drift_die,),
            result=label("drift" if odd else "on_target"), value=odd,
            note=f"d6 {imp.drift_die}: {'odd drifts' if odd else 'even lands on the planned hex'}",
        ))
    if not imp.drifted:
        return steps
    path = imp.path
    impact = path[-1]
    on_map = impact in hexmap
    steps.append(Step(
        "A-4", label("drift"),
        ((label("drift_direction"), DIRECTION_NAMES[imp.direction - 1]),  # type: ignore[operator]
         (label("drift_distance"), f"{imp.distance} hexes 格")),
        dice=(imp.direction, imp.distance),  # type: ignore[arg-type]
        result=(f"impact hex 弹着格 {hexmap.name_of(impact)}" if on_map else label("fire_lost")),
        value=on_map,
        note="path 偏移路径: " + " → ".join(place_name(hexmap, h) for h in path) + (
            "" if on_map else "; the fire is lost and attacks nothing, not even hexes of its "
            "rings 1-2 on the map [project ruling]"),
    ))
    return steps


# ---------------------------------------------------------------------------------------
# Zones: A-5 (no dice)
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ZoneHex:
    """One on-map hex of a gun's zone (A-5): its ring, whether it is attacked, and why.

    Attributes
    ----------
    hex : Hex
    name : str
        Its military name (M-2).
    ring : int
        0 the impact hex, 1 adjacent, 2 two away.
    terrain : Terrain
    attacked : bool
    reason : str
        Why it is attacked or left out (settlement and forest stop splinters).
    """

    hex: Hex
    name: str
    ring: int
    terrain: Terrain
    attacked: bool
    reason: str


def zone_status(hexmap: HexMap, impact: Hex, h: Hex) -> tuple[int | None, str]:
    """Whether fire landing in ``impact`` attacks hex ``h``, on which ring, and why (A-5).

    Returns ``(ring, reason)`` with ``ring`` 0, 1 or 2 when ``h`` is attacked, ``None`` when
    it is not. Settlement and forest stop splinters: fire landing in one attacks only its
    impact hex, and fire landing in the open (or in water, [project ruling]: only settlement
    and forest stop splinters) does not attack settlement or forest hexes in rings 1–2. Each
    hex is judged by its own terrain: a forest in ring 1 does not shelter the ring-2 hex
    behind it ([project ruling]: A-5 names no line of fire). Both hexes must be on the map.

    Examples
    --------
    >>> m = HexMap.load("training")
    >>> zone_status(m, m.parse((14, 13)), m.parse((14, 13)))   # the village: impact hex only
    (0, 'Impact hex 弹着格')
    >>> zone_status(m, m.parse((14, 13)), m.parse((13, 13)))[0] is None
    True
    >>> zone_status(m, m.parse((12, 13)), m.parse((14, 13)))
    (None, 'Settlement 居民地 stops splinters: not attacked from ring 2 (A-5)')
    """
    ring = impact.distance(h)
    if ring > 2:
        return None, "beyond ring 2 (A-5)"
    if ring == 0:
        return 0, ring_label(0)
    cells = hexmap.cells  # cached per map: (elevation, terrain, height, name)
    landed = cells[impact][1] if impact in cells else hexmap.terrain_at(impact)
    if landed in SPLINTER_STOPPERS:
        return None, (f"fire landed in {landed.label}: it attacks only its impact hex (A-5)")
    here = cells[h][1] if h in cells else hexmap.terrain_at(h)
    if here in SPLINTER_STOPPERS:
        return None, f"{here.label} stops splinters: not attacked from ring {ring} (A-5)"
    return ring, ring_label(ring)


def zone(hexmap: HexMap, impact: Hex) -> tuple[ZoneHex, ...]:
    """Every on-map hex of rings 0–2 around ``impact``, attacked or left out, and why (A-5).

    In :meth:`Hex.spiral <hexrules.map.hexgrid.Hex.spiral>` order: the impact hex, then ring
    1 and ring 2, each from the west clockwise; the adjudication attacks them in this order
    ([project ruling]). Hexes off the map are not listed.

    Examples
    --------
    >>> z = zone(HexMap.flat(10, 10), Hex(3, 3))
    >>> len(z), [h.ring for h in z][:8], all(h.attacked for h in z)
    (19, [0, 1, 1, 1, 1, 1, 1, 2], True)
    >>> len(zone(HexMap.flat(10, 10), Hex(0, 0)))     # a corner: most of the zone is off the map
    7
    """
    memo = _ZONES.get(hexmap)
    if memo is None:
        memo = _ZONES[hexmap] = {}
    hit = memo.get(impact)
    if hit is not None:
        return hit
    cells = hexmap.cells
    out = []
    for h in impact.spiral(2):
        if h in cells:
            ring, reason = zone_status(hexmap, impact, h)
            out.append(ZoneHex(h, cells[h][3], impact.distance(h), cells[h][1],
                               ring is not None, reason))
    if len(memo) >= 4096:
        memo.clear()
    memo[impact] = result = tuple(out)
    return result


#: The zones computed, per map (a zone is a value of the map and the impact hex; games and
#: the odds ask for the same ones again and again).
_ZONES: weakref.WeakKeyDictionary[HexMap, dict[Hex, tuple[ZoneHex, ...]]] = (
    weakref.WeakKeyDictionary())


# ---------------------------------------------------------------------------------------
# One unit attacked: A-7 (and A-8, which uses the same dice step)
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StrikeDice:
    """What the dice decided for one unit attacked by one gun (A-7; no words).

    ``dice`` are the 2d6 faces (empty when the level is ≤ 0 and no dice are rolled),
    ``table`` the result the table gave, ``terrain_faces`` the F-7 faces of the unit's
    terrain (``None``: no correction there), ``after_terrain`` the result after the terrain
    correction (K only), ``armour_die`` the armour d6 (``None``: not rolled), ``result``
    the final result.
    """

    level: int
    dice: tuple[int, ...]
    table: Result | None
    terrain_faces: frozenset[int] | None
    after_terrain: Result
    armour_die: int | None
    armour_value: int
    result: Result


def roll_strike(level: int, terrain: Terrain, armour_value: int, *, tables: TableSet,
                dice: DiceSource, rule: str = "A-7", who: str = "") -> StrikeDice:
    """The decisions of A-7 for one unit at the gun's ``level``, rolling ``dice``.

    2d6 on the artillery combat result table (the F-6 table, [house value]); the terrain
    correction with the same dice, by F-7's dice rule for the unit's ``terrain``, on K only;
    then, when a K still stands, a new d6 ≤ ``armour_value`` (the gun's A-7 value for the
    unit's armour class) turns it into S. W and I are not corrected. A level ≤ 0 rolls
    nothing and has no effect. ``rule`` is the rule the rolls are logged under (``'A-8'`` for
    a unit entering a hex with impact markers).

    This is the one place these rules are decided: :func:`strike_outcome` words it, and the
    exact odds enumerate the dice through it.

    Examples
    --------
    >>> from hexrules import ScriptedDice, load_tables
    >>> t = load_tables()
    >>> roll_strike(7, Terrain.FOREST, 2, tables=t, dice=ScriptedDice([3, 2])).result
    Result.S
    >>> roll_strike(7, Terrain.FOREST, 2, tables=t, dice=ScriptedDice([1, 1])).result  # W stands
    Result.W
    """
    return StrikeDice(*roll_results_table(level, terrain, armour_value,
                                          lambda r: r is Result.K, tables=tables, dice=dice,
                                          rules=(rule, rule), who=who))


def strike_outcome(level: int, terrain: Terrain, gun: str, armour: str, *, tables: TableSet,
                   dice: DiceSource, rule: str = "A-7", who: str = ""
                   ) -> tuple[list[Step], StrikeDice]:
    """A-7 for one unit, worded: the steps (table, terrain, armour) and the decisions.

    The decisions are :func:`roll_strike`'s; this adds the table cells and the words.
    ``gun`` is the gun id (its A-7 armour value for the unit's ``armour`` class is used).

    Examples
    --------
    >>> from hexrules import ScriptedDice, load_tables
    >>> steps, s = strike_outcome(7, Terrain.CITY, "155", "medium", tables=load_tables(),
    ...                           dice=ScriptedDice([2, 3]))
    >>> [(st.title, st.result) for st in steps][1]
    ('Terrain correction 地形修正', 'S Suppressed 压制')
    """
    art, crt = tables.artillery, tables.combat_results
    value = art.guns[gun].armour[armour]
    s = roll_strike(level, terrain, value, tables=tables, dice=dice, rule=rule, who=who)
    title = label("artillery_result_table")
    if s.table is None:
        return [Step(rule, title, (("attack level 攻击等级", str(level)),),
                     result=Result.NONE.label, value=Result.NONE,
                     note="level ≤ 0: no effect, no dice rolled")], s
    d, table = s.dice, s.table
    steps = [Step(
        rule, title, (("attack level 攻击等级", str(s.level)), (label("dice_sum"), str(sum(d)))),
        crt.lookup(s.level, sum(d)), d, result=f"{table.code} {table.label}", value=table,
        note="the F-6 table [house value]",
    )]
    t_in = (("unit's hex 所在地形", terrain.label),)
    new = s.after_terrain
    if table is not Result.K:
        steps.append(Step(rule, label("terrain_correction"), t_in, dice=d, result=table.label,
                          value=table, note="applies only to K (A-7)"))
    elif s.terrain_faces is not None:
        shown = ", ".join(map(str, sorted(s.terrain_faces)))
        steps.append(Step(
            rule, label("terrain_correction"), t_in,
            Cell("F-7", crt.meta.name, terrain.label, f"faces 点数 {shown}", new), d,
            result=f"{new.code} {new.label}", value=new,
            note=(f"F-7 dice rule on K: a die shows {shown}, K → S" if new is not table
                  else f"F-7 dice rule on K: no die shows {shown}, K stands"),
        ))
    else:
        steps.append(Step(rule, label("terrain_correction"), t_in, dice=d, result=table.label,
                          value=table, note=f"no correction in {terrain.label}"))
    if s.armour_die is not None:
        a, final = s.armour_die, s.result
        steps.append(Step(
            rule, label("armour_correction"), (("armour 装甲", armour), ("gun 火炮", gun)),
            Cell("A-7", art.meta.name, gun, f"{armour}: d6 ≤ {value}", final), (a,),
            result=f"{final.code} {final.label}", value=final,
            note=(f"d6 {a} ≤ {value}: K → S" if a <= value else f"d6 {a} > {value}: K stands"),
        ))
    else:
        steps.append(Step(rule, label("armour_correction"), (), result=new.label, value=new,
                          note="applies only to K: no die rolled"))
    return steps, s


register(ZoneHex)
