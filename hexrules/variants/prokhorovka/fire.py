"""Fire of the variant (P-11…P-16): hit, infantry casualties, hit part and armour.

Each function adjudicates one rule and returns a :class:`~hexrules.variants.prokhorovka.
record.ProkRecord` with its steps; the few that roll take a dice source
(:mod:`hexrules.dice`). Every quantity is an exact :class:`~fractions.Fraction`.

>>> from fractions import Fraction
>>> from hexrules.variants.prokhorovka.data import load_rules
>>> r = load_rules()
>>> split_casualties(Fraction(6, 5)), split_casualties(Fraction(12, 5))   # P-12
((1, 1), (2, 1))
>>> rec = penetration(r, r.vehicles["T-34/76"], "side", c=3, fire=((("forest", Fraction(-1, 5))),),
...                   defence=(("road", Fraction(-1, 10)),), base=100)
>>> rec["A"], rec["penetrated"]                                           # P-13
(Fraction(45, 103), True)
"""

from __future__ import annotations

from fractions import Fraction

from hexrules.dice import DiceSource
from hexrules.glossary import label
from hexrules.grid.square import Square, bearing_arc
from hexrules.records import Step
from hexrules.tables import Cell
from hexrules.variants.prokhorovka.data import Rules, VehicleType
from hexrules.variants.prokhorovka.record import ProkRecord

__all__ = ["PARTS", "Mods", "casualty_x", "fire_roll", "hit_need", "hit_part",
           "infantry_casualties", "penetration", "penetration_effect", "split_casualties"]

#: The parts a shot can hit, front first (P-14).
PARTS = ("front", "side", "rear")
#: Named modifiers, e.g. (("forest", Fraction(-1, 5)), ("trench", Fraction(1, 5))).
Mods = tuple[tuple[str, Fraction], ...]
_FILE = "prokhorovka.toml"


def _pct(f: Fraction) -> str:
    p = f * 100
    return f"{'+' if p >= 0 else '−'}{abs(p) if p.denominator != 1 else abs(p.numerator)} %"


def _one_plus(f: Fraction) -> str:
    p = _pct(f)
    return f"1 + {p[1:]}" if p[0] == "+" else f"1 − {p[1:]}"


def _mods_text(mods: Mods) -> str:
    return ", ".join(f"{k} {_pct(v)}" for k, v in mods) or "none"


def _total(mods: Mods) -> Fraction:
    return sum((v for _, v in mods), Fraction(0))


def _frac(x: Fraction) -> str:
    return f"{x}" if x.denominator == 1 else f"{x} ≈ {float(x):.2f}"


# -- P-11 -------------------------------------------------------------------------------
def hit_need(rules: Rules, kind: str, d2: int, *, long_range_bonus: bool = False) -> int | None:
    """The P-11 number (fire die ≤ it takes effect) at squared range ``d2``; ``None`` beyond
    the weapon's reach.

    ``kind`` is ``'small_arms'``, ``'anti_tank'``, ``'vehicle_infantry'`` or
    ``'vehicle_armour'``.

    >>> from hexrules.variants.prokhorovka.data import load_rules
    >>> r = load_rules()
    >>> hit_need(r, "vehicle_armour", 40 ** 2), hit_need(r, "vehicle_armour", 40 ** 2,
    ...                                                  long_range_bonus=True)
    (4, 5)
    >>> hit_need(r, "anti_tank", 11 ** 2) is None
    True
    """
    row = rules.hit[kind]
    for band, need in zip(rules.bands, row, strict=False):
        if d2 <= band * band:
            if long_range_bonus and kind == "vehicle_armour" \
                    and d2 > rules.long_range_beyond ** 2:
                need = min(rules.hit_cap, need + rules.long_range_plus)
            return need
    return None


def _band(rules: Rules, kind: str, d2: int) -> str:
    for band in rules.bands[:len(rules.hit[kind])]:
        if d2 <= band * band:
            return f"≤ {band}"
    return "beyond"


def fire_roll(rules: Rules, dice: DiceSource, kind: str, firer: str, target: str, d2: int, *,
              long_range_bonus: bool = False) -> ProkRecord:
    """Roll the firer's fire die against the P-11 number: outcome ``need``, ``die``, ``hit``.

    >>> from hexrules.dice import ScriptedDice
    >>> from hexrules.variants.prokhorovka.data import load_rules
    >>> rec = fire_roll(load_rules(), ScriptedDice([4]), "small_arms", "G1", "S1", 25 ** 2)
    >>> rec["need"], rec["hit"]
    (4, True)
    """
    need = hit_need(rules, kind, d2, long_range_bonus=long_range_bonus)
    if need is None:
        from hexrules.errors import IllegalOrderError

        raise IllegalOrderError(f"{firer} → {target}: range {d2 ** 0.5:.1f} is beyond the "
                                f"{kind.replace('_', ' ')} reach (P-11)")
    mark = dice.mark()
    die = dice.d6("P-11", f"fire die {firer}")
    hit = die <= need
    cell = Cell("P-11", f"{_FILE} hit.{kind}", _band(rules, kind, d2), "fire die ≤",
                need)
    steps = (Step("P-11", label("prok_hit"), (("range", f"{d2 ** 0.5:.1f} squares"),
                                              ("weapon", kind.replace("_", " ")),
                                              ("long-range bonus", str(long_range_bonus))),
                  cell=cell, dice=(die,), result=("takes effect" if hit else "no effect"),
                  value=hit),)
    return ProkRecord("P-11", f"{label('prok_hit')} {firer} → {target}", steps,
                      dice.since(mark), (("need", need), ("die", die), ("hit", hit)))


# -- P-12 -------------------------------------------------------------------------------
def split_casualties(x: Fraction) -> tuple[int, int]:
    """P-12: (killed, wounded) of an exact effect ``x``: killed = x rounded half up, and one
    wounded if x's fractional part is strictly between 0 and ½.

    >>> split_casualties(Fraction(5, 6)), split_casualties(Fraction(5, 2)), split_casualties(2)
    ((1, 0), (3, 0), (2, 0))
    """
    x = Fraction(x)
    whole, frac = divmod(x, 1)
    killed = int(whole) + (1 if frac >= Fraction(1, 2) else 0)
    return killed, (1 if 0 < frac < Fraction(1, 2) else 0)


def casualty_x(percent: int, c: int, *, die_mod: int = 0, k: int = 1, fire: Mods = (),
               defence: Mods = ()) -> Fraction:
    """P-12's exact x = k × percent % × max(0, 1 + c + die_mod) × (1 + fire) ÷ (1 + defence).

    >>> casualty_x(20, 4, fire=(("forest", Fraction(-1, 10)), ("high", Fraction(7, 20))),
    ...            defence=(("trench", Fraction(1, 2)),))
    Fraction(5, 6)
    """
    factor = max(0, 1 + c + die_mod)
    return (k * Fraction(percent, 100) * factor * (1 + _total(fire)) / (1 + _total(defence)))


def infantry_casualties(rules: Rules, *, c: int, mode: str, target: str, firer: str = "",
                        die_mod: int = 0, k: int = 1, fire: Mods = (), defence: Mods = (),
                        percent: int | None = None) -> ProkRecord:
    """P-12 (and P-17 for ``mode='mortar'``): the killed and wounded of one fire.

    ``mode`` is ``'normal'`` (B), ``'win'`` (D) or ``'mortar'`` (k rounds at 60 %). Outcome
    ``x``, ``killed``, ``wounded``.

    >>> from hexrules.variants.prokhorovka.data import load_rules
    >>> rec = infantry_casualties(load_rules(), c=2, mode="win", target="S1",
    ...                           defence=(("road", Fraction(-1, 2)),))
    >>> rec["x"], rec["killed"], rec["wounded"]
    (Fraction(12, 5), 2, 1)
    """
    if percent is None:
        percent = {"normal": rules.normal_percent, "win": rules.win_percent,
                   "mortar": rules.mortar_damage}[mode]
    x = casualty_x(percent, c, die_mod=die_mod, k=k, fire=fire, defence=defence)
    killed, wounded = split_casualties(x)
    name = {"normal": "B", "win": "D", "mortar": f"{k} round(s) ×"}[mode]
    rule = "P-17" if mode == "mortar" else "P-12"
    factor = max(0, 1 + c + die_mod)
    steps = (
        Step(rule, label("prok_casualties"),
             (("formula", f"{name} {percent} % × (1 + c{'' if not die_mod else f' {die_mod:+d}'})"),
              ("casualty die c", str(c)), ("factor", str(factor)),
              ("firer's fire modifiers", _mods_text(fire)),
              ("target's defence modifiers", _mods_text(defence))),
             dice=(c,), result=f"x = {_frac(x)}", value=x,
             note=f"x = {k if k != 1 else ''}{'×' if k != 1 else ''}{percent}/100 × {factor} × "
                  f"({_one_plus(_total(fire))}) ÷ ({_one_plus(_total(defence))})"),
        Step("P-12", f"{label('prok_killed')} / {label('prok_wounded')}",
             (("x", _frac(x)),), result=f"{killed} killed, {wounded} wounded", value=killed,
             note="rounded half up; a fractional part strictly between 0 and ½ is one wounded"),
    )
    return ProkRecord(rule, f"{label('prok_casualties')} {firer + ' → ' if firer else ''}{target}",
                      steps, (), (("x", x), ("killed", killed), ("wounded", wounded)))


# -- P-14 -------------------------------------------------------------------------------
def hit_part(vtype: VehicleType, target: Square, facing: int, firer: Square) -> tuple[str, Step]:
    """P-14: the part a shot from ``firer`` hits on a ``vtype`` in ``target`` facing
    ``facing`` (0 N … 7 NW), with its step.

    On an exact 45° or 135° line the thicker plate is hit; if equal, the more forward part.

    >>> from hexrules.variants.prokhorovka.data import load_rules
    >>> tiger = load_rules().vehicles["Tiger I"]
    >>> hit_part(tiger, Square(5, 5), 2, Square(9, 5))[0], hit_part(tiger, Square(5, 5), 2,
    ...                                                            Square(5, 9))[0]
    ('front', 'side')
    >>> hit_part(tiger, Square(5, 5), 2, Square(7, 3))[0]     # exactly 45°: front 100 > side 80
    'front'
    """
    arc = bearing_arc(target, facing, firer)
    if "|" in arc:
        a, b = arc.split("|")
        part = a if vtype.plate(a) >= vtype.plate(b) else b
        line = f"exactly on the {'45' if a == 'front' else '135'}° line"
        why = (f"{line}: {a} {vtype.plate(a)} mm, {b} {vtype.plate(b)} mm → the thicker plate"
               if vtype.plate(a) != vtype.plate(b) else
               f"{line}: {a} {vtype.plate(a)} mm, {b} {vtype.plate(b)} mm → the more forward "
               "plate")
    else:
        part, why = arc, "front within 45°, rear beyond 135°, side between (exact bearing)"
    dc, dr = firer.col - target.col, firer.row - target.row
    step = Step("P-14", f"{label('prok_' + part)} hit",
                (("bearing from target", f"({dc:+d}, {dr:+d})"),
                 ("target facing", "N NE E SE S SW W NW".split()[facing])),
                result=f"{part} ({vtype.plate(part)} mm)", value=part, note=why)
    return part, step


# -- P-13, P-15, P-16 --------------------------------------------------------------------
def penetration_effect(part: str, already: bool) -> str:
    """P-16: ``'destroyed'``, ``'cannot fire'`` or ``'cannot move'``; a second penetration of
    any part destroys.

    >>> penetration_effect("side", False), penetration_effect("rear", True)
    ('cannot fire', 'destroyed')
    """
    if already or part == "front":
        return "destroyed"
    return "cannot fire" if part == "side" else "cannot move"


def penetration(rules: Rules, vtype: VehicleType, part: str, *, c: int, base: int,
                fire: Mods = (), defence: Mods = (), already: bool = False,
                target: str = "", firer: str = "", part_step: Step | None = None) -> ProkRecord:
    """P-13: A = T′ ÷ ((base + c) × (1 + fire)), T′ = plate × (1 + defence); A ≤ 1
    penetrates (P-16 effect). Outcome ``part``, ``plate``, ``A``, ``penetrated``, ``effect``.

    >>> from hexrules.variants.prokhorovka.data import load_rules
    >>> r = load_rules()
    >>> rec = penetration(r, r.vehicles["Tiger I"], "front", c=6, base=100,
    ...                   defence=(("forest", Fraction(1, 10)),))
    >>> rec["A"], rec["penetrated"]
    (Fraction(55, 53), False)
    """
    plate = vtype.plate(part)
    t = plate * (1 + _total(defence))
    a = t / ((base + c) * (1 + _total(fire)))
    pen = a <= 1
    effect = penetration_effect(part, already) if pen else "none"
    crew = {"destroyed": "all the crew", "cannot fire": "the commander and the gunner",
            "cannot move": "the driver", "none": "none"}[effect]
    steps = () if part_step is None else (part_step,)
    steps += (
        Step("P-15", label("prok_armour"), (("vehicle", vtype.name), ("part", part)),
             cell=Cell("P-15", f"{_FILE} vehicle.{vtype.name}", vtype.name, part, plate),
             result=f"{plate} mm", value=plate),
        Step("P-13", label("prok_armour"),
             (("T′ = plate × (1 + defence)", f"{plate} × ({_one_plus(_total(defence))}) = "
                                              f"{_frac(t)}"),
              ("target's defence modifiers", _mods_text(defence)),
              ("firer's fire modifiers", _mods_text(fire)),
              ("casualty die c", str(c)), ("base", str(base))),
             dice=(c,), result=f"A = {_frac(a)} → "
                               f"{label('prok_penetrated') if pen else label('prok_ricochet')}",
             value=pen, note=f"A = {_frac(t)} ÷ (({base} + {c}) × ({_one_plus(_total(fire))})); "
                             f"A ≤ 1 penetrates"),
    )
    if pen:
        steps += (Step("P-16", label("prok_penetrated"), (("part", part),
                                                          ("penetrated before", str(already))),
                       result=f"{effect}; crew lost: {crew}", value=effect),)
    return ProkRecord("P-13", f"{label('prok_armour')} {firer + ' → ' if firer else ''}{target}",
                      steps, (), (("part", part), ("plate", plate), ("A", a),
                                  ("penetrated", pen), ("effect", effect)))
