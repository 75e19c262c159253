"""Detection 侦察结算 (Q-13), lighting 点亮 (Q-14) and actual distance 实际距离 (Q-17).

O detects T when sight is clear (L-1…L-7, from O's own hex to T's), ``d ≤ R′`` and
``d ≤ D′``: ``d`` is the distance from O's front hex to T, ``R′`` O's detection range plus
its arc modifier (Q-8), ``D′`` T's detectability plus its posture (Q-7) and terrain (Q-3)
modifiers, −1 if T's hex has cover: both must reach (Q-13 **[decision]**). Two teams light
each other up when sight is clear and
either actual distance (front hex to the other, +2 for the other's cover, a **[house value]**,
Q-17) is at most 4; lighting shows more than detection (Q-14 **[decision]**).

Examples
--------
>>> from hexrules.map import Hex, HexMap
>>> from hexrules.variants.squad import SquadGround, Team
>>> g = SquadGround(HexMap.flat(30, 10))
>>> o = Team("B1", "blue", "three_man", Hex(2, 4), facing=2)
>>> t = Team("R1", "red", "three_man", Hex(18, 4), posture="upright")
>>> rec = detect(g, o, t)
>>> rec.detected, rec.lit, rec.rules
(True, False, ('L-1', 'Q-8', 'Q-13'))
>>> print(rec.steps[-1])
[Q-13] Detection check 侦察结算 | d 15; R′ 15; D′ 17 | → detected 发现 | (d ≤ R′ and d ≤ D′)
"""

from __future__ import annotations

from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.records import Step
from hexrules.variants.squad.ground import SquadGround
from hexrules.variants.squad.records import DetectionRecord
from hexrules.variants.squad.teams import Arc, Team, arc_of, front_hex, hex_name

__all__ = ["actual_distance", "detect", "detectability", "detection_range", "lights_up"]


def detection_range(ground: SquadGround, observer: Team, target: Hex) -> tuple[int, Arc]:
    """R′ = R + the arc modifier of ``target`` (Q-8), and the arc."""
    arc = arc_of(observer, target)
    return observer.type(ground.rules).detection + ground.rules.arc[arc.value], arc


def detectability(ground: SquadGround, target: Team) -> int:
    """D′ = D + posture + terrain, −1 on cover (Q-13, Q-3, Q-7)."""
    r = ground.rules
    d = target.type(r).detectability + r.postures[target.posture.value].detectability
    d += ground.terrain(target.hex).detectability
    if ground.has_cover(target.hex):
        d += r.cover_detectability
    return d


def actual_distance(ground: SquadGround, attacker: Team, target: Hex) -> int:
    """Front hex to ``target``, + the cover bonus if ``target`` has cover (Q-17).

    >>> from hexrules.map import Hex, HexMap
    >>> from hexrules.variants.squad import SquadGround, Team
    >>> g = SquadGround(HexMap.flat(20, 5), cover=frozenset({Hex(10, 2)}))
    >>> actual_distance(g, Team("B1", "blue", "three_man", Hex(0, 2), facing=2), Hex(10, 2))
    11
    """
    d = front_hex(attacker).distance(target)
    return d + (ground.rules.cover_distance if ground.has_cover(target) else 0)


def lights_up(ground: SquadGround, a: Team, b: Team) -> bool:
    """Whether ``a`` and ``b`` light each other up (Q-14): sight and an actual distance ≤ 4."""
    near = ground.rules.reveal_distance
    if actual_distance(ground, a, b.hex) > near and actual_distance(ground, b, a.hex) > near:
        return False
    return ground.sees(a.hex, b.hex)


def detect(ground: SquadGround, observer: Team, target: Team) -> DetectionRecord:
    """Whether ``observer`` detects ``target`` (Q-13) or they light up (Q-14), with steps.

    Sight (L-…) is checked first; a blocked line ends the check.
    """
    r = ground.rules
    steps: list[Step] = []
    on, tn = hex_name(observer.hex), hex_name(target.hex)
    seen = ground.sees(observer.hex, target.hex)
    steps.append(Step("L-1", label("line_of_sight"), (("from", on), ("to", tn)),
                      result="clear 通视" if seen else "blocked 不通视", value=seen,
                      note="traced hex to hex, as in the main game (L-1…L-7)"))
    if not seen:
        return DetectionRecord(observer.id, target.id, False, False, tuple(steps))
    near = r.reveal_distance
    ad_o = actual_distance(ground, observer, target.hex)
    ad_t = actual_distance(ground, target, observer.hex)
    lit = ad_o <= near or ad_t <= near
    if lit:
        steps.append(Step("Q-14", label("lighting"),
                          ((f"actual distance {observer.id}→{target.id}", str(ad_o)),
                           (f"actual distance {target.id}→{observer.id}", str(ad_t))),
                          result="lit up 点亮: full status shown", value=True,
                          note=f"one of them ≤ {near}"))
        return DetectionRecord(observer.id, target.id, True, True, tuple(steps))
    rr, arc = detection_range(ground, observer, target.hex)
    steps.append(Step("Q-8", label("facing"), (("arc", arc.value),
                                             ("R", str(observer.type(r).detection)),
                                             ("arc modifier", f"{r.arc[arc.value]:+d}")),
                      modifier=r.arc[arc.value], result=f"R′ {rr}", value=rr))
    dd = detectability(ground, target)
    terr = ground.terrain(target.hex)
    steps.append(Step("Q-13", label("detectability"),
                      (("D", str(target.type(r).detectability)),
                       (f"posture {target.posture.value}",
                        f"{r.postures[target.posture.value].detectability:+d}"),
                       (f"terrain {terr.key}", f"{terr.detectability:+d}"),
                       ("cover", f"{r.cover_detectability:+d}" if ground.has_cover(target.hex)
                        else "none")),
                      result=f"D′ {dd}", value=dd))
    d = front_hex(observer).distance(target.hex)
    ok = d <= rr and d <= dd
    why = "d ≤ R′ and d ≤ D′" if ok else ("d > R′" if d > rr else "d > D′")
    steps.append(Step("Q-13", label("detection_check"),
                      (("d", str(d)), ("R′", str(rr)), ("D′", str(dd))),
                      result="detected 发现" if ok else "not detected 未发现", value=ok,
                      note=why))
    return DetectionRecord(observer.id, target.id, ok, False, tuple(steps))
