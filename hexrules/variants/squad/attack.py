"""Attack resolution 攻击结算 (Q-16…Q-24): the formula, the roll, the result, suppression.

All of it is exact (:class:`~fractions.Fraction`); only A is rounded (Q-18, Q-19
**[decision]**). Opening fire rolls two dice and keeps the lower (Q-21 **[decision]**); the
result table is a **[house value]** (Q-22, ``data/squad.toml``). The roll and
the result table are one function, :func:`roll_result`, which :func:`resolve_attack` calls
with the game's dice and :func:`attack_odds` with :func:`hexrules.chance.outcomes`, so the
odds shown before rolling come from the adjudication itself.

Examples
--------
The worked example of Q-26:

>>> from hexrules.map import Hex, HexMap
>>> from hexrules.dice import ScriptedDice
>>> from hexrules.variants.squad import SquadGround, Team
>>> g = SquadGround(HexMap.flat(30, 12), cover=frozenset({Hex(12, 5)}))
>>> x = Team("X", "blue", "three_man", Hex(2, 5), facing=2, posture="concealed")
>>> y = Team("Y", "blue", "three_man", Hex(6, 4), facing=3, defence=2)
>>> t = Team("T", "red", "three_man", Hex(12, 5), defence=2)
>>> [actual_distance(g, u, t.hex) for u in (x, y)]
[11, 8]
>>> rec = resolve_attack(g, (x, y), t, ScriptedDice([5, 2]), opens_fire=True, turn=1)
>>> rec.total, rec.a, rec.die, rec.hit, rec.loss, rec.suppressed
(Fraction(208, 33), 3, 2, True, 1, True)
>>> attack_odds(g, (x, y), t, opens_fire=True).hit
Fraction(3, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hexrules.chance import outcomes
from hexrules.dice import DiceSource
from hexrules.glossary import label
from hexrules.records import Effect, Step
from hexrules.tables import Cell
from hexrules.variants.squad.detection import actual_distance
from hexrules.variants.squad.ground import SquadGround
from hexrules.variants.squad.records import AttackRecord
from hexrules.variants.squad.rules import SquadRules
from hexrules.variants.squad.teams import Team

__all__ = ["AttackOdds", "actual_attack", "actual_defence", "attack_odds", "attack_value",
           "eligible", "loss_of", "range_factor", "resolve_attack", "roll_result", "take_loss"]


def _f(x: Fraction) -> str:
    return str(x) if x.denominator == 1 else f"{x} ≈ {float(x):.2f}"


def actual_attack(rules: SquadRules, team: Team, *, triggered: bool = False) -> Fraction:
    """(theoretical attack + posture modifier) × current ÷ theoretical defence (Q-18),
    × the engage-on-sight penalty for a triggered attack (Q-24).

    >>> from hexrules.map import Hex
    >>> from hexrules.variants.squad import Team, load_rules
    >>> actual_attack(load_rules(), Team("Y", "blue", "three_man", Hex(0, 0), defence=2))
    Fraction(8, 3)
    """
    t = team.type(rules)
    value = Fraction(t.attack + rules.postures[team.posture.value].attack) * \
        Fraction(int(team.defence or 0), t.defence)
    return value * rules.engage_penalty if triggered else value


def range_factor(rules: SquadRules, distance: int) -> Fraction:
    """c = 1 up to an actual distance of 8, else 8 ÷ actual distance (Q-19).

    >>> from hexrules.variants.squad import load_rules
    >>> range_factor(load_rules(), 8), range_factor(load_rules(), 11)
    (Fraction(1, 1), Fraction(8, 11))
    """
    return Fraction(1) if distance <= rules.full_range else Fraction(rules.full_range, distance)


def actual_defence(rules: SquadRules, target: Team) -> int:
    """Current defence + posture defence modifier (Q-20)."""
    return int(target.defence or 0) + rules.postures[target.posture.value].defence


def attack_value(total: Fraction, defence: int) -> int:
    """A = ⌊total ÷ actual defence⌋, at least 1 (Q-20).

    >>> attack_value(Fraction(208, 33), 2), attack_value(Fraction(0), 3)
    (3, 1)
    """
    return max(1, int((total / defence).__floor__()))


def loss_of(a: int, b: int) -> int:
    """The attack result table (Q-22): a hit (B ≤ A) removes 1 + ⌊(A − B) ÷ 6⌋ points.

    >>> loss_of(3, 2), loss_of(6, 1), loss_of(13, 1)
    (1, 1, 3)
    """
    return 1 + (a - b) // 6


def roll_result(dice: DiceSource, a: int, opens_fire: bool, purpose: str
                ) -> tuple[tuple[int, ...], int, int]:
    """Roll for an attack of value ``a`` (Q-21) and read the result (Q-22).

    One d6, or two keeping the lower when the attack opens fire. Returns the faces, the kept
    die B and the loss (0 for a miss).
    """
    faces = dice.roll(2 if opens_fire else 1, "Q-21", purpose)
    b = min(faces)
    return faces, b, loss_of(a, b) if b <= a else 0


def take_loss(rules: SquadRules, team: Team, loss: int, flip_turn: int
              ) -> tuple[Team, list[Step]]:
    """The team after losing ``loss`` defence points, and the Q-23 step.

    It is suppressed when its losses reach half its theoretical defence (2 × losses ≥
    theoretical, exactly), unless killed; the flip-back turn is the later of the old and
    ``flip_turn`` (the turn at whose end it flips back).
    """
    theo = team.type(rules).defence
    new = max(0, int(team.defence or 0) - loss)
    after = team.but(defence=new)
    losses = theo - new
    if new == 0:
        return after, [Step("Q-4", label("killed"), (("defence", f"{new}/{theo}"),),
                            result="killed 阵亡: removed at the end of the turn", value=True)]
    if 2 * losses >= theo:
        until = flip_turn if team.suppressed_until is None else max(team.suppressed_until,
                                                                    flip_turn)
        after = after.but(suppressed_until=until)
        return after, [Step("Q-23", label("suppressed"),
                            (("defence", f"{new}/{theo}"), ("losses", f"2×{losses} ≥ {theo}")),
                            result=f"suppressed 压制 until the end of turn {until}",
                            value=True)]
    return after, [Step("Q-23", label("suppressed"),
                        (("defence", f"{new}/{theo}"), ("losses", f"2×{losses} < {theo}")),
                        result="not suppressed", value=False)]


def eligible(ground: SquadGround, attacker: Team, target: Team, *, detected: bool
             ) -> tuple[bool, str]:
    """Whether ``attacker`` may take part in an attack on ``target`` (Q-16), and why not."""
    if attacker.killed:
        return False, "killed 阵亡"
    if attacker.suppressed:
        return False, "suppressed 压制"
    if not detected:
        return False, "target not detected by its side"
    if not ground.sees(attacker.hex, target.hex):
        return False, "no line of sight 不通视"
    ad = actual_distance(ground, attacker, target.hex)
    rng = attacker.type(ground.rules).attack_range
    if ad > rng:
        return False, f"actual distance {ad} > attack range {rng}"
    return True, ""


def _formula(ground: SquadGround, attackers: Sequence[Team], target: Team, triggered: bool
             ) -> tuple[Fraction, int, int, list[Step]]:
    r = ground.rules
    steps: list[Step] = []
    total = Fraction(0)
    for u in attackers:
        t = u.type(r)
        aa = actual_attack(r, u, triggered=triggered)
        pm = r.postures[u.posture.value].attack
        inputs = [("attack", str(t.attack)), (f"posture {u.posture.value}", f"{pm:+d}"),
                  ("defence", f"{u.defence}/{t.defence}")]
        if triggered:
            inputs.append(("engage on sight (Q-24)", f"× {r.engage_penalty}"))
        steps.append(Step("Q-18", f"{label('actual_attack')} {u.id}", tuple(inputs),
                          result=_f(aa), value=aa))
        ad = actual_distance(ground, u, target.hex)
        c = range_factor(r, ad)
        cover = ground.has_cover(target.hex)
        steps.append(Step("Q-17", f"{label('actual_distance')} {u.id}",
                          (("front hex to target", str(ad - (r.cover_distance if cover else 0))),
                           ("cover", f"+{r.cover_distance}" if cover else "none")),
                          result=str(ad), value=ad))
        steps.append(Step("Q-19", f"{label('range_factor')} {u.id}",
                          (("actual distance", str(ad)),),
                          result=f"c = {_f(c)}; contributes {_f(aa * c)}", value=c,
                          note=f"c = 1 up to {r.full_range}, else {r.full_range} ÷ distance"))
        total += aa * c
    dfn = actual_defence(r, target)
    a = attack_value(total, dfn)
    steps.append(Step("Q-20", f"{label('total_attack')} and A",
                      (("total", _f(total)), ("actual defence 实际防御值", str(dfn))),
                      result=f"A = {a}", value=a, note="⌊total ÷ actual defence⌋, at least 1"))
    return total, dfn, a, steps


def resolve_attack(ground: SquadGround, attackers: Sequence[Team], target: Team,
                   dice: DiceSource, *, opens_fire: bool, turn: int, kind: str = "planned",
                   detected: bool = True, flip_turn: int | None = None,
                   apply_loss: bool = True) -> AttackRecord:
    """Resolve one attack of ``attackers`` on ``target`` (Q-16…Q-23).

    Parameters
    ----------
    opens_fire : bool
        Whether the attack opens fire (Q-21): the caller knows the turn's history.
    kind : str
        ``'triggered'`` (Q-24: the penalty applies) or ``'planned'`` (Q-25).
    detected : bool
        Whether the attackers' side has the target detected (Q-16).
    flip_turn : int
        The turn at whose end a suppression it causes flips back (Q-23); ``turn`` if not
        given (a loss in the movement phase).
    apply_loss : bool
        ``False`` in the attack phase, where losses apply together at its end (Q-25).
    """
    r = ground.rules
    steps: list[Step] = []
    if target.killed:
        steps.append(Step("Q-16", "Who may attack 攻击资格", (("target", target.id),),
                          result="cancelled: the target is killed 阵亡", value=False))
        return AttackRecord(kind, (), tuple(u.id for u in attackers), target.id, None, None,
                            opens_fire, None, False, 0, False, False, tuple(steps))
    ok: list[Team] = []
    dropped: list[str] = []
    for u in attackers:
        good, why = eligible(ground, u, target, detected=detected)
        steps.append(Step("Q-16", f"Who may attack 攻击资格 {u.id}", (("target", target.id),),
                          result="takes part" if good else f"drops out: {why}", value=good))
        (ok.append(u) if good else dropped.append(u.id))
    if not ok:
        return AttackRecord(kind, (), tuple(dropped), target.id, None, None, opens_fire, None,
                            False, 0, False, False, tuple(steps))
    total, dfn, a, formula = _formula(ground, ok, target, kind == "triggered")
    steps.extend(formula)
    mark = dice.mark()
    purpose = f"{'+'.join(u.id for u in ok)}→{target.id}"
    faces, b, loss = roll_result(dice, a, opens_fire, purpose)
    rolls = dice.since(mark)
    loss = min(loss, int(target.defence or 0))  # [project ruling] never below 0
    steps.append(Step("Q-21", label("battlefield_initiative"),
                      (("opens fire 主动开火", "yes: two dice, keep the lower" if opens_fire
                        else "no: one die"), ("A", str(a))),
                      dice=faces, result=f"B = {b}: {'hit 有效' if b <= a else 'miss 无效'}",
                      value=b <= a))
    if b > a:
        return AttackRecord(kind, tuple(u.id for u in ok), tuple(dropped), target.id, total, a,
                            opens_fire, b, False, 0, False, False, tuple(steps), rolls)
    steps.append(Step("Q-22", label("attack_result_table"), (("A", str(a)), ("B", str(b))),
                      cell=Cell("Q-22", "1 + ⌊(A − B) ÷ 6⌋", str(a), str(b), loss),
                      result=f"−{loss} defence", value=loss))
    if not apply_loss:
        steps.append(Step("Q-25", label("attack_phase"), (),
                          result="the loss applies at the end of the phase", value=loss))
        return AttackRecord(kind, tuple(u.id for u in ok), tuple(dropped), target.id, total, a,
                            opens_fire, b, True, loss, False, False, tuple(steps), rolls)
    after, more = take_loss(r, target, loss, turn if flip_turn is None else flip_turn)
    steps.extend(more)
    return AttackRecord(kind, tuple(u.id for u in ok), tuple(dropped), target.id, total, a,
                        opens_fire, b, True, loss, more[0].rule == "Q-23" and more[0].value is True,
                        after.killed, tuple(steps), rolls, (Effect(target, after),))


@dataclass(frozen=True)
class AttackOdds:
    """The exact odds of an attack before rolling: A, and the chance of each loss."""

    a: int | None
    opens_fire: bool
    losses: dict[int, Fraction]

    @property
    def hit(self) -> Fraction:
        """The chance of a hit (any loss)."""
        return 1 - self.losses.get(0, Fraction(0))


def attack_odds(ground: SquadGround, attackers: Sequence[Team], target: Team, *,
                opens_fire: bool, kind: str = "planned", detected: bool = True) -> AttackOdds:
    """The exact odds of :func:`resolve_attack`, enumerated through the same roll code.

    >>> from hexrules.map import Hex, HexMap
    >>> from hexrules.variants.squad import SquadGround, Team
    >>> g = SquadGround(HexMap.flat(20, 5))
    >>> a = Team("B1", "blue", "three_man", Hex(0, 2), facing=2)
    >>> t = Team("R1", "red", "three_man", Hex(6, 2))
    >>> o = attack_odds(g, [a], t, opens_fire=False)
    >>> o.a, o.hit, attack_odds(g, [a], t, opens_fire=True).hit
    (1, Fraction(1, 6), Fraction(11, 36))
    """
    ok = [u for u in attackers if eligible(ground, u, target, detected=detected)[0]]
    if target.killed or not ok:
        return AttackOdds(None, opens_fire, {0: Fraction(1)})
    _, dfn, a, _ = _formula(ground, ok, target, kind == "triggered")
    cap = int(target.defence or 0)
    dist = outcomes(lambda d: min(cap, roll_result(d, a, opens_fire, "odds")[2]))
    return AttackOdds(a, opens_fire, dict(sorted(dist.items())))
