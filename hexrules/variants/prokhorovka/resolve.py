"""Adjudicating the mortar call, fire and melee inside a game (P-7, P-10…P-17, P-22, P-23).

The rule functions (:mod:`~hexrules.variants.prokhorovka.fire`, :mod:`~.mortar`,
:mod:`~.morale`) decide; these helpers read their inputs from the state (the firer's and
the target's terrain, trench and morale, the casualty die of the turn) and write their
outcomes back (losses at once for the mortars, at the phase's end for fire and melee).

>>> from hexrules.variants.prokhorovka import load_scenario, new_state
>>> s = new_state(load_scenario("cut"))
>>> def_mods(s, s.unit("SQ1"))             # hills, in the Soviet trench
(('hills', Fraction(0, 1)), ('trench', Fraction(1, 2)))
"""

from __future__ import annotations

from dataclasses import replace

from hexrules.dice import DiceSource
from hexrules.glossary import label
from hexrules.grid.square import Square
from hexrules.records import Step
from hexrules.variants.prokhorovka.checks import fire_kind, load_cost
from hexrules.variants.prokhorovka.fire import (
    Mods,
    fire_roll,
    hit_part,
    infantry_casualties,
    penetration,
)
from hexrules.variants.prokhorovka.morale import rout_roll, shift
from hexrules.variants.prokhorovka.mortar import mortar_call, mortar_vehicle
from hexrules.variants.prokhorovka.orders import MeleeAssault, MortarCall, OpenFire
from hexrules.variants.prokhorovka.record import ProkRecord
from hexrules.variants.prokhorovka.state import Pending, PState
from hexrules.variants.prokhorovka.units import PUnit

__all__ = ["casualty_die", "def_mods", "fire", "fire_mods", "melee", "mortar", "wipe"]


def casualty_die(s: PState, u: PUnit, dice: DiceSource) -> tuple[PState, PUnit, int]:
    if u.cas_die:
        return s, u, u.cas_die
    c = dice.d6("P-7", f"casualty die {u.id}")
    u = replace(u, cas_die=c)
    return s.with_units(u), u, c


def def_mods(s: PState, u: PUnit) -> Mods:
    b = s.board
    terr = b.terrain_at(u.square)
    out = [(terr, s.rules.terrain[(terr, u.arm)].defence)]
    if u.is_squad and b.has_trench(u.square):
        out.append(("trench", s.rules.trench_defence))
    return tuple(out)


def fire_mods(s: PState, u: PUnit, *, win_at_infantry: bool) -> Mods:
    b = s.board
    terr = b.terrain_at(u.square)
    out = [(terr, s.rules.terrain[(terr, u.arm)].fire)]
    if u.is_squad and b.has_trench(u.square):
        out.append(("trench", s.rules.trench_fire_win if win_at_infantry
                    else s.rules.trench_fire))
    if u.is_squad and s.rules.morale[u.morale.level].fire:
        out.append((f"morale {u.morale.level}", s.rules.morale[u.morale.level].fire))
    return tuple(out)


def mortar(s: PState, order: MortarCall, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    rules, b = s.rules, s.board
    call = f"company {order.company}"
    rec = mortar_call(rules, dice, order.aim, b.grid, call=call)
    parts.append(rec)
    s = replace(s, calls_used=s.calls_used | {order.company})
    for sq, k in rec["impacts"]:
        u = s.occupant.get(sq)
        if u is None:
            continue
        if not u.is_squad:
            r = mortar_vehicle(rules, rules.vehicles[u.type], k, defence=def_mods(s, u),
                               target=u.id)
            parts.append(r)
            if r["effect"] == "destroyed":
                s = s.with_units(replace(u, destroyed=True, crew=0))
                s = wipe(s, u.id, parts)
            else:
                s = s.with_units(replace(u, stunned=s.turn))
            continue
        s, u, c = casualty_die(s, u, dice)
        r = infantry_casualties(rules, c=c, mode="mortar", k=k, target=u.id,
                                defence=def_mods(s, u))
        parts.append(replace(r, rolls=()))
        killed = min(r["killed"], u.men)
        wounded = min(r["wounded"], u.men - killed)
        u = replace(u, men=u.men - killed - wounded, killed=u.killed + killed,
                    wounded=u.wounded + wounded,
                    hit_this_turn=u.hit_this_turn or killed + wounded > 0)
        s = s.with_units(u)
        if u.men == 0:
            s = wipe(s, u.id, parts)
    # rolls of the whole call belong to the order's record
    parts[parts.index(rec)] = replace(rec, rolls=())
    return s


def wipe(s: PState, uid: str, parts: list[ProkRecord]) -> PState:
    """A unit wiped out (P-22): the friendly squads next to it lose a level at the turn's end."""
    u = s.unit(uid)
    near = [n for n in s.units if n.side == u.side and n.is_squad and n.on_map
            and n.id != uid and max(abs(n.square.col - u.square.col),
                                    abs(n.square.row - u.square.row)) == 1]
    s = s.with_units(*(replace(n, neighbours_lost=n.neighbours_lost + 1) for n in near),
                     wiped=s.wiped + (uid,))
    parts.append(ProkRecord("P-22", f"{label('prok_wiped_out')} {uid}", (
        Step("P-22", label("prok_wiped_out"), (("unit", uid), ("square", str(u.square))),
             result=f"neighbours: {', '.join(n.id for n in near) or 'none'}",
             value=len(near), note="each friendly squad next to it drops a level at the end "
                                   "of the turn"),), (), (("unit", uid),)))
    return s


# -- fire -------------------------------------------------------------------------------
def fire(s: PState, order: OpenFire, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    rules = s.rules
    u, t = s.unit(order.unit), s.unit(order.target)
    support = (u.side, t.id) in s.declared
    activity = ("support" if support else "attack") if u.is_squad else "hold"
    cost = load_cost(s, u, order.mode)
    u = replace(u, loads=u.loads - cost, declared=True, activity=activity,
                fired_at=u.fired_at + (t.id,))
    s = s.with_units(u, declared=s.declared + ((u.side, t.id),))
    kind = fire_kind(u, t)
    vt = None if u.is_squad else rules.vehicles[u.type]
    d2 = u.square.distance2(t.square)
    mode = label("prok_fire_to_win") if order.mode == "win" else label("prok_normal_fire")
    head = Step("P-10", mode, (("firer", u.id), ("target", t.id),
                               ("basic loads spent", str(cost))),
                result=(f"{'support' if support else 'attack'} (P-22)" if u.is_squad
                        else "declared"), value=order.mode)
    hit = fire_roll(rules, dice, kind, u.id, t.id, d2,
                    long_range_bonus=bool(vt and vt.long_range_bonus))
    steps = [head, *hit.steps]
    outcome: list[tuple[str, object]] = [("hit", hit["hit"])]
    if hit["hit"]:
        s, t, c = casualty_die(s, t, dice)
        if t.is_squad:
            die_mod = rules.morale[u.morale.level].die if u.is_squad else 0
            r = infantry_casualties(rules, c=c, mode=order.mode, target=t.id, firer=u.id,
                                    die_mod=die_mod,
                                    fire=fire_mods(s, u, win_at_infantry=order.mode == "win"),
                                    defence=def_mods(s, t))
            steps += r.steps
            outcome += [("killed", r["killed"]), ("wounded", r["wounded"])]
            s = replace(s, pending=s.pending + (Pending(t.id, r["killed"], r["wounded"],
                                                         "", u.id),))
        else:
            part, pstep = hit_part(rules.vehicles[t.type], t.square, t.facing, u.square)
            already = t.penetrated or any(p.target == t.id and p.effect for p in s.pending)
            base = rules.anti_tank_base if u.is_squad else vt.base
            r = penetration(rules, rules.vehicles[t.type], part, c=c, base=base,
                            fire=fire_mods(s, u, win_at_infantry=False),
                            defence=def_mods(s, t), already=already, target=t.id,
                            firer=u.id, part_step=pstep)
            steps += r.steps
            outcome += [("part", part), ("penetrated", r["penetrated"])]
            if r["penetrated"]:
                s = replace(s, pending=s.pending + (Pending(t.id, 0, 0, r["effect"], u.id),))
    parts.append(ProkRecord("P-10", f"{mode} {u.id} → {t.id}", tuple(steps), (),
                            tuple(outcome)))
    return s


def _retreat(s: PState, u: PUnit, away: Square, n: int) -> tuple[PState, list[Square]]:
    """P-23 [project ruling]: a routed squad retreats straight away from the enemy it met
    (the direction from the enemy's square to its own); where that square is taken or
    cannot be entered, it steps to the free neighbour farthest from the enemy (ties: the
    first clockwise from north), and only farther; it stops when there is none."""
    b = s.board
    path = []
    sq = u.square
    dc, dr = sq.col - away.col, sq.row - away.row
    occ = {k for k, v in s.occupant.items() if v.id != u.id}

    def free(nb: Square) -> bool:
        return b.grid.contains(nb) and nb not in occ and b.can_enter(nb, "infantry")

    for _ in range(n):
        best = Square(sq.col + dc, sq.row + dr)
        if not free(best):
            best = None
            for nb in sq.neighbours():
                if free(nb) and nb.distance2(away) > sq.distance2(away) and (
                        best is None or nb.distance2(away) > best.distance2(away)):
                    best = nb
        if best is None:
            break
        sq = best
        path.append(sq)
    return s.with_units(replace(s.unit(u.id), square=sq, moved=True)), path


def melee(s: PState, order: MeleeAssault, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    rules = s.rules
    a, d = s.unit(order.unit), s.unit(order.target)
    s = s.with_units(replace(a, declared=True, activity="hold"))
    a = s.unit(a.id)
    ra = rout_roll(rules, dice, a.id, a.morale.level)
    rd = rout_roll(rules, dice, d.id, d.morale.level)
    steps = [Step("P-23", label("prok_melee"), (("assaulter", a.id), ("defender", d.id)),
                  result="both roll for rout"), *ra.steps, *rd.steps]
    a_sq, d_sq = a.square, d.square
    for routed, who, foe_sq in ((ra["routed"], a, d_sq), (rd["routed"], d, a_sq)):
        if routed:
            who = s.unit(who.id)
            level = shift(who.morale.level, -1)
            s = s.with_units(replace(who, morale=replace(who.morale, level=level)))
            n = dice.d6("P-23", f"retreat d6 {who.id}")
            s, path = _retreat(s, s.unit(who.id), foe_sq, n)
            steps.append(Step("P-23", f"{label('prok_rout')} {who.id}", dice=(n,),
                              result=f"drops to {label('prok_' + level)}; retreats "
                                     f"{len(path)} of {n} squares to {s.unit(who.id).square}",
                              value=len(path),
                              note="straight away from the enemy, else the free neighbour "
                                   "farthest from it [project ruling]"))
    if not ra["routed"] and not rd["routed"]:
        for f, t in ((a, d), (d, a)):
            f, t = s.unit(f.id), s.unit(t.id)
            s, t, c = casualty_die(s, t, dice)
            r = infantry_casualties(rules, c=c, mode="normal", target=t.id, firer=f.id,
                                    die_mod=rules.morale[f.morale.level].die,
                                    fire=fire_mods(s, f, win_at_infantry=False),
                                    defence=def_mods(s, t))
            steps += r.steps
            s = replace(s, pending=s.pending + (Pending(t.id, r["killed"], r["wounded"], "",
                                                         f.id),))
    elif rd["routed"] and not ra["routed"] and order.take and s.unit(d.id).square != d_sq:
        s = s.with_units(replace(s.unit(a.id), square=d_sq, moved=True))
        steps.append(Step("P-23", label("prok_melee"), result=f"{a.id} takes {d_sq}",
                          value=True))
    parts.append(ProkRecord("P-23", f"{label('prok_melee')} {a.id} → {d.id}", tuple(steps), (),
                            (("assaulter routed", ra["routed"]),
                             ("defender routed", rd["routed"]))))
    return s


