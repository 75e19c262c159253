"""The lessons' self-checks name the likely slip, with numbers read from the tables.

Each case is a wrong answer a cadet is likely to give in one of the lessons' exercises, and
a phrase its hint must contain. The checks live in ``lessons/_check*.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hexrules import FirePlan, HexMap, Unit, load_tables

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
sys.path.insert(0, str(LESSONS))
import _check  # noqa: E402
import _check01  # noqa: E402
import _check02  # noqa: E402
import _check03  # noqa: E402
import _check04  # noqa: E402
import _check06  # noqa: E402

sys.path.remove(str(LESSONS))

m = HexMap.load("training")
r5, b3 = Unit("R5", "red", m.parse("4563RI")), Unit("B3", "blue", m.parse("4563KE"))
plan06 = FirePlan("red", "155", m.parse("4563RN"), called=2)
CLAMP = load_tables().modifiers.clamp
BONUS = _check.sight_bonus_text()

SLIPS = [
    # lesson 01
    (_check01.check_name, ("6444BC", m, (22, 24)), "northing and easting swapped"),
    (_check01.check_name, ("4464CB", m, (22, 24)), "letters are swapped"),
    (_check01.check_name, ("4563BC", m, (22, 24)), "the 4 digits name the 1 km square"),
    (_check01.check_name, ("4464BD", m, (22, 24)), "one column off"),
    (_check01.check_distance, (7, m, "4563LK", "4563GH"), "one off"),
    (_check01.check_direction, (4, m, "4563GH", "4563FH"), "the way back"),
    (_check01.check_link, ("both", m, "4563VT", "4563WT"), "only one of them"),
    (_check01.check_link, ("road", m, "4563WS", "4563VS"), "runs along it"),
    # lesson 02
    (_check02.check_effective_height, (3, m, "4563FS"), f"L-2 adds {BONUS}"),
    (_check02.check_visible, (True, m, "4563JF", "4563QE"), "right on bare ground"),
    (_check02.check_case, ("L-3", m, "4563VS", "4563VM"), "same level"),
    (_check02.check_case, ("L-5", m, "4563VS", "4563VM"), "climb more than once"),
    # lesson 03
    (_check03.check_chart_point, ((4.87, 1), m, "4563ID", "4563MI"), "right on bare ground"),
    (_check03.check_chart_point, ((1, 2.21), m, "4563ID", "4563MI"), "swapped"),
    (_check03.check_chart_point, ((3.04, 1), m, "4563ID", "4563MI"), "LEAVES the hex"),
    (_check03.check_chart_point, ((3.87, 1), m, "4563ID", "4563MI"), "wrong end"),
    (_check03.check_chart_top, ((6.08, 2), m, "4563ID", "4563MI"), "one level above"),
    (_check03.check_chart_top, ((7, 3), m, "4563ID", "4563MI"), "range in hexes"),
    (_check03.check_blocker, ("none", m, "4563SQ", "4563LT"), "decision line 判定直线"),
    (_check03.check_blocker, ("4563MT", m, "4563SQ", "4563LT"), "below the line"),
    # lesson 04
    (_check04.check_level, (5, 12, 2), "F-4"),
    (_check04.check_level, (10, 9), "F-3 band"),
    (_check04.check_result, ("K", m, r5, b3, [2, 3, 3]), "F-7"),
    (_check04.check_shooters, (2, {1: 0.1, 2: 0.3, 3: 0.5}, 0.4), "still below"),
    (_check04.check_shooters, (3, {1: 0.1, 2: 0.45, 3: 0.5}, 0.4), "already reach"),
    # lesson 06
    (_check06.check_landing_turn, (6, 5), "one whole turn *between*"),
    (_check06.check_landing_turn, (5, 5), "never lands in the turn it is called"),
    (_check06.check_impact, ("4563RN", m, plan06, [2, 5, 6, 3]), "odd means the fire drifts"),
    (_check06.check_impact, ("4563OP", m, plan06, [2, 5, 6, 3]), "wrong direction"),
    (_check06.check_impact, ("4563OM", m, plan06, [2, 6, 6, 3]), "even lands on the planned"),
    (_check06.check_attacked_count, (19, m, "4563QN"), "stop the splinters"),
    (_check06.check_attacked_count, (1, m, "4563QN"), "landed in the open"),
    (_check06.check_risk, (4.63, m, plan06, Unit("R4", "red", m.parse("4563RK"))),
     "that is one gun"),
    (_check06.check_risk, (0.25, m, plan06, Unit("R4", "red", m.parse("4563RK"))),
     "give a percentage"),
]


@pytest.mark.parametrize(("check", "args", "phrase"), SLIPS,
                         ids=[f"{s[0].__name__}-{s[1][0]!r}" for s in SLIPS])
def test_a_likely_slip_gets_its_own_hint(check, args, phrase) -> None:
    verdict = check(*args)
    assert not verdict
    assert phrase in verdict.hint, verdict.hint
    assert "\n" not in verdict.hint


def test_lesson_04_hints_read_the_tables() -> None:
    tables = load_tables()
    v = _check04.check_level(5, 12, 2, suppressed=True, kind="moving")
    f4 = tables.height_correction.lookup(2, 12).value
    assert f"the table subtracts {f4}" in v.hint
    v = _check04.check_level(8, 12, 2, suppressed=True, kind="moving")
    assert f"moving fire {tables.modifiers.moving:+d}".replace("-", "−") in v.hint
    v = _check04.check_level(CLAMP + 1, 5, 0, card=True)
    assert f"at most {CLAMP}" in v.hint and "clamps" in v.hint
    faces = sorted(tables.combat_results.terrain_faces[m.terrain_at(b3.hex)])
    v = _check04.check_result("K", m, r5, b3, [2, 3, 3])
    assert f"a die showing {' or '.join(map(str, faces))} turns" in v.hint
    # the F-8 hint quotes the armour threshold of the target's class
    target = Unit("B5", "blue", m.parse("4563QI"))  # open ground: F-7 changes nothing
    armour = tables.combat_results.armour[tables.units.armour_of(target)]
    v = _check04.check_result("K", m, r5, target, [4, 4, 1])
    assert "F-8" in v.hint
    assert ("a 1" if armour == 1 else f"{armour} or less") in v.hint


def test_a_verdict_shows_as_html_that_wraps_between_words() -> None:
    v = _check.say(False, "a <b> hint")
    html = v._repr_html_()
    assert "word-break: normal" in html and "white-space: normal" in html
    assert "a &lt;b&gt; hint" in html and repr(v).startswith(_check.WRONG)
