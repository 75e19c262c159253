"""Scenarios (rules §9): the file format, its validating loader, the shipped scenarios, scoring.

Tests named ``test_S9_…`` check what §9 asks of a scenario; the others name the rule the
check applies (V-1 water, V-10 both sides in a hex, V-11 stacking, C-1 unit types, C-3
markers, L-7 sight at set-up).
"""

from __future__ import annotations

import copy
import dataclasses
import fnmatch
import json
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

import hexrules
from hexrules import Hex, HexMap, Scenario, ScenarioFormatError, Score, Side, Status, Unit
from hexrules.errors import (
    MapFormatError,
    RulesError,
    RulesTypeError,
    ScenarioNotFoundError,
)
from hexrules.game import Bilingual, Objective, ObjectiveScore, SideSetup, UnitSetup, VictoryRule
from hexrules.game.scenario import SCENARIOS_DIR
from hexrules.game.scenariofile import STACK_LIMIT, stack_limit
from hexrules.glossary import label
from hexrules.records import decode, encode
from hexrules.sight import line_of_sight

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("duel", "meeting", "village")


@pytest.fixture(scope="module")
def scenarios() -> dict[str, Scenario]:
    return {name: Scenario.load(name) for name in SHIPPED}


def _doc(name: str = "duel") -> dict:
    return json.loads((SCENARIOS_DIR / f"{name}.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------
# The shipped scenarios
# ---------------------------------------------------------------------------------------
def test_S9_the_three_scenarios_ship_in_maps_scenarios() -> None:
    assert Scenario.available() == SHIPPED
    assert SCENARIOS_DIR == ROOT / "maps" / "scenarios"


@pytest.mark.parametrize("name", SHIPPED)
def test_S9_every_shipped_scenario_loads_and_round_trips_through_json(name: str) -> None:
    s = Scenario.load(name)
    assert isinstance(s, Scenario) and s.source.endswith(f"{name}.json")
    text = json.dumps(s.to_dict(), ensure_ascii=False)
    assert Scenario.from_dict(json.loads(text), source="copy") == s
    assert s.to_dict() == _doc(name)  # the file is exactly the canonical form
    # through the records codec, as in a game log
    back = decode(json.loads(json.dumps(encode(s), ensure_ascii=False)))
    assert back == s and isinstance(back, Scenario)
    assert Scenario.load(SCENARIOS_DIR / f"{name}.json") == s  # a path works too


@pytest.mark.parametrize("name", SHIPPED)
def test_S9_every_shipped_scenario_is_lesson_sized_bilingual_and_set_up_on_land(
        name: str, scenarios: dict[str, Scenario]) -> None:
    s = scenarios[name]
    assert s.map == "training" and s.hexmap().name == HexMap.load("training").name
    assert s.hexmap() is s.hexmap()  # loaded once, shared
    assert 6 <= s.turns <= 10
    sizes = [len(side.units) for side in s.sides]
    assert sizes[0] == sizes[1] and (1 if name == "duel" else 2) <= sizes[0] <= 4
    for text in (s.name, s.briefing):
        assert text.en.strip() and any("\u4e00" <= ch <= "\u9fff" for ch in text.zh)
    m = s.hexmap()
    units = s.units()
    assert list(units) == [u.id for side in s.sides for u in side.units]
    for u in units.values():
        assert u.hex in m and m.terrain_at(u.hex) is not hexrules.Terrain.WATER
        assert u.type == "tank" and u.alive
    for o in s.objectives:
        if o.kind == "hold":
            assert m.terrain_at(m.parse(o.hex)) is not hexrules.Terrain.WATER


@pytest.mark.parametrize("name", SHIPPED)
def test_L7_no_side_starts_in_sight_of_the_other(name: str,
                                                 scenarios: dict[str, Scenario]) -> None:
    """Fast path (viewshed / visible) and exact path agree: no red unit sees a blue one."""
    s = scenarios[name]
    assert s.contacts() == ()
    m, units = s.hexmap(), list(s.units().values())
    red = [u for u in units if u.side is Side.RED]
    blue = [u for u in units if u.side is Side.BLUE]
    for r in red:
        seen = hexrules.viewshed(m, r.hex)
        for b in blue:
            col, row = b.hex.to_offset()
            assert not seen[row, col]
            assert not hexrules.visible(m, b.hex, r.hex)
            assert not line_of_sight(m, r.hex, b.hex).visible, (r.id, b.id)


def test_S9_the_duel_is_symmetric_about_the_saddle(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["duel"]
    m, units = s.hexmap(), s.units()
    saddle = m.parse(s.objective("saddle").hex)
    assert [units[u].hex.distance(saddle) for u in ("R1", "B1")] == [6, 6]
    assert {m.elevation_at(u.hex) for u in units.values()} == {0}
    assert m.elevation_at(saddle) == 2  # the saddle: the ridge is 3 on either side
    assert {m.elevation_at(saddle + Hex(0, d)) for d in (-1, 1)} == {3}
    assert s.seed == 5 and s.fog_of_war


def test_S9_the_village_attack_starts_with_blue_in_the_settlement(
        scenarios: dict[str, Scenario]) -> None:
    s = scenarios["village"]
    m, units = s.hexmap(), s.units()
    for u in units.values():
        col = u.hex.to_offset()[0]
        if u.side is Side.BLUE:
            assert m.terrain_at(u.hex) is hexrules.Terrain.CITY
        else:
            assert col < 8  # west of the ridge (cols 9-10)
    assert {o.hex for o in s.objectives if o.kind == "hold"} <= {
        side_unit.hex for side_unit in s.side("blue").units}
    # the briefing's dead ground: no settlement hex of the village sees the fold north of it
    village = [h for h in m.hexes() if m.terrain_at(h) is hexrules.Terrain.CITY
               and 13 <= h.to_offset()[0] <= 17]
    assert len(village) == 8
    for fold in ("4563LN", "4563LO", "4563LP"):
        assert not any(hexrules.visible(m, h, fold) for h in village), fold


# ---------------------------------------------------------------------------------------
# Scoring on hand-made end states
# ---------------------------------------------------------------------------------------
def _end(s: Scenario, **changes: dict) -> dict[str, Unit]:
    """The start state with some units changed: ``R1={"hex": "4563PJ", "dead": True}``."""
    m, units = s.hexmap(), s.units()
    for uid, change in changes.items():
        u = units[uid]
        if "hex" in change:
            u = u.replace(hex=m.parse(change["hex"]))
        if change.get("dead"):
            u = u.with_status(Status.DESTROYED)
        units[uid] = u
    return units


def test_S9_hold_the_hex_at_the_end(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["duel"]
    score = s.score(_end(s, R1={"hex": "4563PJ"}))
    assert (score.red, score.blue, score.winner) == (2, 0, Side.RED)
    line = score.lines[0]
    assert line.objective == "saddle" and line.side is Side.RED and line.points == 2
    assert line.note == "held by Red 红方: R1"
    assert score.result == "Win 胜: Red 红方"


def test_S9_destroy_the_enemy(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["duel"]
    score = s.score(_end(s, B1={"dead": True}))
    assert (score.red, score.blue, score.winner) == (3, 0, Side.RED)
    kills = [x for x in score.lines if x.objective == "tanks"]
    assert [(x.side, x.points, x.note) for x in kills] == [
        (Side.RED, 3, "B1 destroyed, 1 × 3"), (Side.BLUE, 0, "none destroyed")]


def test_S9_nobody_scores_is_a_draw(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["duel"]
    score = s.score(s.units())
    assert (score.red, score.blue, score.winner, score.draw) == (0, 0, None, True)
    assert score.result == label("draw") == "Draw 平局"


def test_S9_a_destroyed_unit_holds_nothing_and_blocks_nothing(
        scenarios: dict[str, Scenario]) -> None:
    s = scenarios["duel"]
    # the red tank was destroyed on the saddle: it does not hold it
    score = s.score(_end(s, R1={"hex": "4563PJ", "dead": True}))
    assert (score.red, score.blue) == (0, 3) and score.lines[0].side is None
    # a destroyed blue tank on the saddle does not stop the red one holding it
    score = s.score(_end(s, R1={"hex": "4563PJ"}, B1={"hex": "4563PJ", "dead": True}))
    assert (score.red, score.blue, score.winner) == (5, 0, Side.RED)


def test_V10_a_hex_with_both_sides_in_it_is_held_by_nobody(
        scenarios: dict[str, Scenario]) -> None:
    s = scenarios["duel"]
    score = s.score(_end(s, R1={"hex": "4563PJ"}, B1={"hex": "4563PJ"}))
    assert score.draw and score.lines[0].side is None
    assert "both sides" in score.lines[0].note


def test_S9_meeting_each_side_takes_its_crossing_then_kills_decide(
        scenarios: dict[str, Scenario]) -> None:
    s = scenarios["meeting"]
    both = {"R1": {"hex": "4563PJ"}, "B1": {"hex": "4563VS"}}
    assert s.score(_end(s, **both)).draw  # 3 : 3
    score = s.score(_end(s, **both, R2={"dead": True}))
    assert (score.red, score.blue, score.winner) == (3, 4, Side.BLUE)
    score = s.score(_end(s, R1={"hex": "4563PJ"}, R2={"dead": True},
                         B1={"hex": "4563VS", "dead": True}))
    # blue loses the bridge and its leader: red 3 + 1 + 1, blue 1
    assert (score.red, score.blue, score.winner) == (5, 1, Side.RED)
    leaders = [x for x in score.lines if x.objective == "leaders"]
    assert [(x.side, x.points) for x in leaders] == [(Side.RED, 1), (Side.BLUE, 0)]


def test_S9_village_blue_starts_ahead_and_red_scores_double_for_kills(
        scenarios: dict[str, Scenario]) -> None:
    s = scenarios["village"]
    start = s.score(s.units())
    assert (start.red, start.blue, start.winner) == (0, 7, Side.BLUE)
    # red destroys B2 and takes the centre with R1; B1 and B3 still hold their hexes
    score = s.score(_end(s, B2={"dead": True}, R1={"hex": "4563OP"}))
    assert (score.red, score.blue) == (2 + 3, 2 + 2) and score.winner is Side.RED
    # one-sided destroy objectives: each scores for its own side only
    assert [(x.objective, x.side) for x in score.lines if x.kind == "destroy"] == [
        ("blue_tanks", Side.RED), ("red_tanks", Side.BLUE)]


def _variant(**changes: object) -> Scenario:
    doc = _doc("duel")
    doc.update(changes)
    return Scenario.from_dict(doc, source="variant.json")


def test_S9_a_lead_below_min_lead_is_a_draw() -> None:
    s = _variant(victory={"rule": "more_points", "min_lead": 3})
    assert s.score(_end(s, R1={"hex": "4563PJ"})).draw  # 2 : 0
    assert s.score(_end(s, B1={"dead": True})).winner is Side.RED  # 3 : 0
    assert s.victory.text == "the side with more points wins by at least 3; otherwise a draw"


def test_S9_a_hold_objective_for_one_side_scores_for_it_only() -> None:
    doc = _doc("duel")
    doc["objectives"][0]["side"] = "blue"
    s = Scenario.from_dict(doc, source="variant.json")
    score = s.score(_end(s, R1={"hex": "4563PJ"}))
    assert score.draw and score.lines[0].side is None
    assert score.lines[0].note == "held by Red 红方 (R1); only Blue 蓝方 scores it"
    assert s.score(_end(s, B1={"hex": "4563PJ"})).winner is Side.BLUE


def test_score_is_a_value_that_renders_and_round_trips(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["meeting"]
    score = s.score(_end(s, R1={"hex": "4563PJ"}, B3={"dead": True}))
    assert Score.from_dict(json.loads(json.dumps(score.to_dict(), ensure_ascii=False))) == score
    assert score == s.score(_end(s, R1={"hex": "4563PJ"}, B3={"dead": True}))
    text = str(score)
    assert text.splitlines()[0] == "Scenario 想定: Meeting engagement: the saddle and the " \
                                   "bridge 遭遇战：鞍部与桥"
    assert text.splitlines()[-1] == "Points 得分: Red 红方 4, Blue 蓝方 0 — Win 胜: Red 红方"
    assert "[saddle] Hold 控制 The saddle 鞍部 4563PJ: Red 红方 +3 (held by Red 红方: R1)" in text
    html = score._repr_html_()
    assert html.startswith("<div class='hexrules-score'>") and "Win 胜: Red 红方" in html
    assert score.points("red") == 3 + 1 and score.points(Side.BLUE) == 0


def test_a_score_reads_in_each_language_and_stays_one_value(
        scenarios: dict[str, Scenario]) -> None:
    """Issue 17: a score's lines and notes follow the language setting when drawn; the score
    computed under any setting is the same value (its notes are bilingual)."""
    import html as _html
    import re

    from test_messages_zh import english_words

    from hexrules.language import using

    s = scenarios["meeting"]
    end = _end(s, R1={"hex": "4563PJ"}, B3={"dead": True})
    score = s.score(end)
    only = _doc("duel")
    only["objectives"][0]["side"] = "blue"
    one_side = Scenario.from_dict(only, source="variant.json")
    scores = [score, one_side.score(_end(one_side, R1={"hex": "4563PJ"})),
              scenarios["duel"].score(scenarios["duel"].units()),
              s.score(_end(s, R1={"hex": "4563PJ"}, B1={"hex": "4563PJ"}))]
    for sc in scores:
        with using("zh"):
            text, page = str(sc), sc._repr_html_()
        ids = {x.objective for x in sc.lines}  # the scenario file's ids: identifiers
        nodes = [t for t in (_html.unescape(t) for t in re.findall(r">([^<>]+)<", page))
                 if t not in ids]
        assert not [line for line in text.splitlines() if english_words(line)], text
        assert not [t for t in nodes if english_words(t)], page
        with using("en"):
            assert not re.search("[\u4e00-\u9fff]", str(sc) + sc._repr_html_())
    with using("zh"):
        assert s.score(end) == score
        assert "红方控制: R1" in str(score)
        assert "只有蓝方得分" in str(scores[1]) and "双方都在此：无人控制" in str(scores[3])


def test_score_checks_its_totals_and_winner() -> None:
    line = ObjectiveScore("x", "hold", "X", Side.RED, 2, "held")
    assert Score("s", (line,), 2, 0, Side.RED).winner is Side.RED
    with pytest.raises(RulesError, match="red has 2 points in its lines, not 3"):
        Score("s", (line,), 3, 0, Side.RED)
    with pytest.raises(RulesError, match="gives red, not None"):
        Score("s", (line,), 2, 0, None)
    assert Score("s", (line,), 2, 0, None, min_lead=3).draw


@pytest.mark.parametrize(("end", "error", "words"), [
    (lambda u: [u["R1"]], RulesError,
     "score: the end state has no unit 'B1' of scenario 'Duel at the saddle': pass every "
     "unit, destroyed ones too"),
    (lambda u: [*u.values(), Unit("X9", "red", Hex(0, 0))], RulesError,
     "score: unit 'X9' is not in scenario 'Duel at the saddle' (its units: R1, B1)"),
    (lambda u: [*u.values(), u["R1"]], RulesError, "unit 'R1' appears twice"),
    (lambda u: [u["R1"].replace(side="blue"), u["B1"]], RulesError,
     "unit 'R1' is red in scenario 'Duel at the saddle', not blue"),
    (lambda u: [u["R1"].replace(hex=Hex(40, 0)), u["B1"]], RulesError,
     "unit 'R1' stands at Hex(40, 0), off the map 'training'"),
    (lambda u: [*u.values(), "B2"], RulesTypeError, "expected Unit values, got 'B2'"),
    (lambda u: 3, RulesTypeError, "expected the units"),
], ids=["missing", "unknown", "twice", "side", "off-map", "not-a-unit", "not-iterable"])
def test_score_refuses_an_end_state_that_is_not_the_scenarios(
        scenarios: dict[str, Scenario], end, error, words) -> None:
    s = scenarios["duel"]
    with pytest.raises(error) as info:
        s.score(end(s.units()))
    assert words in str(info.value)


# ---------------------------------------------------------------------------------------
# Error paths of the loader: one per error, type and message
# ---------------------------------------------------------------------------------------
def _edit(doc: dict, path: tuple, value: object) -> dict:
    doc = copy.deepcopy(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


def _stack(n: int, hex_name: str = "4563NE", side: str = "red") -> list[dict]:
    return [{"id": f"{side[0].upper()}{i}", "hex": hex_name} for i in range(1, n + 1)]


UNITS = ("sides", "red", "units")
OBJ = ("objectives",)
ERRORS = [
    # the file
    ((), [], "the top level must be a JSON object"),
    (("format",), "hexrules-map", "format: expected 'hexrules-scenario', got 'hexrules-map'"),
    (("schema_version",), 2, "schema_version: this library reads version 1, got 2"),
    (("author",), "me", "author: unknown key (known keys: briefing, cards, fog_of_war, format, "
                        "map, name, objectives, referee, schema_version, seed, setup_zones, "
                        "sides, turns, victory)"),
    (("turns",), KeyError, "turns: missing"),
    # texts
    (("name",), "Duel", "name: expected an object, got str"),
    (("name", "zh"), KeyError, "name.zh: missing"),
    (("briefing", "zh"), "A duel", "briefing.zh: must be the Chinese text, got 'A duel'"),
    (("briefing", "en"), " ", "briefing.en: expected a non-empty string, got ' '"),
    # map, turns, options
    (("map",), "no-such-map", "map: unknown map 'no-such-map': no map file"),
    (("map",), 7, "map: expected a map name such as 'training', got 7"),
    (("turns",), 0, "turns: must be 1-50, got 0"),
    (("turns",), 51, "turns: must be 1-50, got 51"),
    (("turns",), "6", "turns: expected an integer, got '6'"),
    (("turns",), True, "turns: expected an integer, got True"),
    (("fog_of_war",), "yes", "fog_of_war: must be true or false, got 'yes'"),
    (("referee",), {"strict": True}, "referee.strict: unknown key (known keys: paper_table)"),
    (("referee", "paper_table"), 0, "referee.paper_table: must be true or false, got 0"),
    (("seed",), -1, "seed: must be >= 0, got -1"),
    (("seed",), 1.5, "seed: expected an integer, got 1.5"),
    (("victory", "rule"), "most_kills", "victory.rule: unknown rule 'most_kills' (valid: "
                                        "more_points)"),
    (("victory", "min_lead"), 0, "victory.min_lead: must be >= 1, got 0"),
    (("victory", "tie"), "draw", "victory.tie: unknown key (known keys: min_lead, rule)"),
    # sides
    (("sides", "blue"), KeyError, "sides.blue: missing"),
    (("sides", "green"), {"units": []}, "sides.green: unknown key (known keys: blue, red)"),
    (("sides", "red"), [], "sides.red: expected an object, got list"),
    (("sides", "red", "units"), [], "sides.red.units: expected at least one unit, got ()"),
    (("sides", "red", "units"), {"R1": "4563NE"}, "sides.red.units: expected a list"),
    (("sides", "red", "colour"), "red", "sides.red.colour: unknown key (known keys: units)"),
    # units (C-1, C-3, V-1, V-10, V-11)
    ((*UNITS, 0, "facing"), 3, "sides.red.units[0].facing: unknown key (known keys: hex, id, "
                               "name, status, type)"),
    ((*UNITS, 0, "hex"), KeyError, "sides.red.units[0].hex: missing"),
    ((*UNITS, 0), "R1", "sides.red.units[0]: expected an object, got str"),
    ((*UNITS, 0, "id"), "1st", "sides.red.units[0].id: a unit id must be a letter, then "
                               "letters, digits, _ or -, got '1st'"),
    ((*UNITS, 0, "id"), "B1", "sides.blue.units[0].id: unit id 'B1' is used twice"),
    ((*UNITS, 0, "type"), "heavy_tank", "sides.red.units[0].type: unknown unit type "
                                        "'heavy_tank' (C-1; units.toml has 'tank')"),
    ((*UNITS, 0, "hex"), "4563zz", "sides.red.units[0].hex: expected a military coordinate "
                                   "such as '4563GH' (M-2), got '4563zz'"),
    ((*UNITS, 0, "hex"), "4563ZZ", "sides.red.units[0].hex: '4563ZZ' is not a hex of map "
                                   "'training' ('4563ZZ': square 4563 has no hex row Z"),
    ((*UNITS, 0, "hex"), "4599AA", "sides.red.units[0].hex: '4599AA' is not a hex of map "
                                   "'training' ('4599AA' names the hex at offset col 720"),
    ((*UNITS, 0, "hex"), "4463CE", "sides.red.units[0].hex: '4463CE' is a water hex (V-1: "
                                   "tanks cannot enter water)"),
    ((*UNITS, 0, "hex"), "4563RO", "sides.blue.units[0].hex: '4563RO' holds units of both "
                                   "sides at set-up (V-10: that would start a close combat)"),
    ((*UNITS,), _stack(5), "sides.red.units[4].hex: 5 red units set up on '4563NE', above "
                           "the stacking limit of 4 (V-11)"),
    ((*UNITS, 0, "status"), ["supressed"], "sides.red.units[0].status[0]: unknown status "
                                           "'supressed' (C-3; a unit may start with "
                                           "suppressed, weapon_lost, immobilised)"),
    ((*UNITS, 0, "status"), ["destroyed"], "sides.red.units[0].status: a unit may start with "
                                           "suppressed, weapon_lost, immobilised (C-3), not "
                                           "destroyed"),
    ((*UNITS, 0, "status"), "suppressed", "sides.red.units[0].status: expected a list, got "
                                          "'suppressed'"),
    ((*UNITS, 0, "name"), 1, "sides.red.units[0].name: expected a string, got 1"),
    # objectives
    (OBJ, [], "objectives: expected at least one objective, got ()"),
    (OBJ, {"saddle": 2}, "objectives: expected a list"),
    ((*OBJ, 0), "saddle", "objectives[0]: expected an object, got str"),
    ((*OBJ, 0, "kind"), "capture", "objectives[0].kind: unknown kind 'capture' (valid: hold, "
                                   "destroy)"),
    ((*OBJ, 0, "kind"), KeyError, "objectives[0].kind: missing"),
    ((*OBJ, 0, "points"), 0, "objectives[0].points: must be 1-100, got 0"),
    ((*OBJ, 0, "points"), "2", "objectives[0].points: expected an integer, got '2'"),
    ((*OBJ, 0, "hex"), KeyError, "objectives[0].hex: missing"),
    ((*OBJ, 0, "units"), "enemy", "objectives[0].units: unknown key (known keys: hex, id, "
                                  "kind, name, points, side)"),
    ((*OBJ, 0, "hex"), "4599AA", "objectives[0].hex: '4599AA' is not a hex of map 'training'"),
    ((*OBJ, 0, "hex"), "4463CE", "objectives[0].hex: '4463CE' is a water hex"),
    ((*OBJ, 0, "side"), "green", "objectives[0].side: expected 'red' or 'blue', got 'green'"),
    ((*OBJ, 0, "name", "zh"), "saddle", "objectives[0].name.zh: must be the Chinese text"),
    ((*OBJ, 1, "id"), "saddle", "objectives[1].id: objective id 'saddle' is used twice"),
    ((*OBJ, 1, "id"), "kill all", "objectives[1].id: an objective id must be a letter"),
    ((*OBJ, 1, "units"), KeyError, "objectives[1].units: missing"),
    ((*OBJ, 1, "hex"), "4563PJ", "objectives[1].hex: unknown key (known keys: id, kind, name, "
                                 "points, side, units)"),
    ((*OBJ, 1, "units"), "all", 'objectives[1].units: expected "enemy" or a non-empty list of '
                                "unit ids, got 'all'"),
    ((*OBJ, 1, "units"), ["B9"], "objectives[1].units[0]: no unit 'B9' in this scenario "
                                 "(units: R1, B1)"),
    ((*OBJ, 1, "units"), ["B1", "B1"], "objectives[1].units[1]: unit 'B1' is listed twice"),
    ((*OBJ, 1, "units"), [["B1"]], "objectives[1].units[0]: no unit ['B1'] in this scenario"),
]


def _error_id(case: tuple) -> str:
    path, value, _ = case
    return ".".join(map(str, path)) + ("-del" if value is KeyError else "")


@pytest.mark.parametrize(("path", "value", "words"), ERRORS, ids=[_error_id(c) for c in ERRORS])
def test_every_bad_entry_raises_naming_the_file_and_the_entry(path, value, words) -> None:
    doc = _doc("duel")
    doc = value if path == () else _edit(doc, path, value)
    with pytest.raises(ScenarioFormatError) as info:
        Scenario.from_dict(doc, source="duel.json")
    message = str(info.value)
    assert message.startswith("duel.json: "), message
    assert words in message, message
    assert type(info.value) is ScenarioFormatError


def test_a_destroy_objective_for_one_side_names_only_enemy_units() -> None:
    doc = _doc("duel")
    doc["objectives"][1] = {"id": "r1", "kind": "destroy", "units": ["R1"], "points": 1,
                            "side": "red", "name": {"en": "R1", "zh": "红1"}}
    with pytest.raises(ScenarioFormatError, match=r"duel.json: objectives\[1\].units\[0\]: "
                       "'R1' is a red unit: red scores for destroying enemy units only"):
        Scenario.from_dict(doc, source="duel.json")


def test_V11_the_stacking_limit_is_read_from_the_tables_when_they_give_one(monkeypatch) -> None:
    assert stack_limit() == STACK_LIMIT == 4  # V-11, while terrain.toml has no stack_limit
    doc = _edit(_doc("duel"), UNITS, _stack(4))
    assert len(Scenario.from_dict(doc).side("red").units) == 4
    import hexrules.tables

    real = hexrules.tables.default_tables()
    fake = SimpleNamespace(terrain=SimpleNamespace(stack_limit=3), units=real.units)
    monkeypatch.setattr(hexrules.tables, "default_tables", lambda: fake)
    assert stack_limit() == 3
    with pytest.raises(ScenarioFormatError, match="4 red units set up on '4563NE', above the "
                                                  r"stacking limit of 3 \(V-11\)"):
        Scenario.from_dict(doc, source="duel.json")


def test_a_unit_may_start_with_lasting_markers_and_a_name() -> None:
    doc = _doc("duel")
    doc["sides"]["red"]["units"][0].update(status=["immobilised", "suppressed"],
                                           name="Dug in 掘壕")
    s = Scenario.from_dict(doc)
    r1 = s.units()["R1"]
    assert r1.immobilised and r1.suppressed and r1.name == "Dug in 掘壕"
    assert s.to_dict()["sides"]["red"]["units"][0]["status"] == ["suppressed", "immobilised"]
    assert Scenario.from_dict(s.to_dict()) == s


def test_no_malformed_value_leaks_a_python_error() -> None:
    """Every entry of a scenario, deleted or replaced by a value of each JSON type, gives a
    ScenarioFormatError (or a valid scenario), never a KeyError, TypeError or AttributeError."""
    base = _doc("meeting")

    def paths(node: object, prefix: tuple = ()) -> list[tuple]:
        out = [prefix] if prefix else []
        if isinstance(node, dict):
            for k, v in node.items():
                out += paths(v, (*prefix, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                out += paths(v, (*prefix, i))
        return out

    tried = 0
    for path in paths(base):
        for value in (KeyError, None, 0, -1, 2.5, True, "", "x", [], [1], {}, {"x": 1}):
            if value is KeyError and isinstance(path[-1], int):
                continue
            doc = _edit(base, path, value)
            try:
                Scenario.from_dict(doc, source="m.json")
            except ScenarioFormatError as exc:
                assert str(exc).startswith("m.json: ")
            tried += 1
    assert tried > 500


def test_a_python_built_scenario_is_checked_too() -> None:
    good = Scenario.load("duel")
    kwargs = {f.name: getattr(good, f.name) for f in dataclasses.fields(good)
              if f.name not in ("source", "victory")}
    assert Scenario(**kwargs) == good
    with pytest.raises(ScenarioFormatError, match="<memory>: sides: expected the set-ups of "
                                                  "red and of blue, in that order"):
        Scenario(**{**kwargs, "sides": good.sides[::-1]})
    units = (UnitSetup("R1", "4563NE", status=frozenset({"fired"})),)
    with pytest.raises(ScenarioFormatError, match=r"sides.red.units\[0\].status: expected a "
                                                  "frozenset of Status markers"):
        Scenario(**{**kwargs, "sides": (SideSetup(Side.RED, units), good.sides[1])})
    with pytest.raises(ScenarioFormatError, match=r"objectives\[0\]: expected an Objective"):
        Scenario(**{**kwargs, "objectives": ("saddle",)})
    with pytest.raises(ScenarioFormatError, match="name: expected"):
        Scenario(**{**kwargs, "name": "Duel"})
    with pytest.raises(ScenarioFormatError, match="victory: expected a VictoryRule"):
        Scenario(**kwargs, victory="more_points")
    hold = Objective("x", "hold", Bilingual("X", "叉"), 1, hex="4563PJ", units=("R1",))
    with pytest.raises(ScenarioFormatError, match="a hold objective names a hex, not units"):
        Scenario(**{**kwargs, "objectives": (hold,)})
    kill = Objective("x", "destroy", Bilingual("X", "叉"), 1, hex="4563PJ")
    with pytest.raises(ScenarioFormatError, match="a destroy objective names units, not a hex"):
        Scenario(**{**kwargs, "objectives": (kill,)})
    for bad, words in ((dataclasses.replace(kill, hex=None, units=()), "expected \"enemy\" or a "
                        "list of unit ids, got \\(\\)"),
                       (dataclasses.replace(kill, hex=None, kind="capture"), "unknown kind"),
                       (dataclasses.replace(kill, hex=None, side="red"),
                        "side: expected 'red' or 'blue', got 'red'")):
        with pytest.raises(ScenarioFormatError, match=words):
            Scenario(**{**kwargs, "objectives": (bad,)})
    with pytest.raises(ScenarioFormatError, match=r"sides.red.units\[0\]: expected a UnitSetup"):
        Scenario(**{**kwargs, "sides": (SideSetup(Side.RED, ("R1",)), good.sides[1])})


# ---------------------------------------------------------------------------------------
# Files, maps, packaging
# ---------------------------------------------------------------------------------------
def test_a_missing_or_unreadable_file_says_where_to_look(tmp_path: Path) -> None:
    with pytest.raises(ScenarioNotFoundError, match="no-such.json .*duel, meeting, village"):
        Scenario.load("no-such")
    assert issubclass(ScenarioNotFoundError, FileNotFoundError)
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(ScenarioFormatError, match="bad.json: not valid JSON"):
        Scenario.load(bad)
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(ScenarioFormatError, match="folder.json: cannot read the scenario file"):
        Scenario.load(tmp_path / "folder.json")
    with pytest.raises(RulesTypeError, match="takes a path or a scenario name"):
        Scenario.load(3)  # type: ignore[arg-type]


def test_a_map_beside_the_scenario_is_found_by_its_relative_path(tmp_path: Path) -> None:
    HexMap.flat(6, 4, name="tiny").save(tmp_path / "tiny.json")
    doc = _doc("duel")
    doc["map"] = "tiny.json"
    doc["sides"]["red"]["units"][0]["hex"] = "4563AA"
    doc["sides"]["blue"]["units"][0]["hex"] = "4563DF"
    doc["objectives"][0]["hex"] = "4563BC"
    path = tmp_path / "tiny-duel.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    s = Scenario.load(path)
    assert s.hexmap().name == "tiny" and s.contacts() == (("R1", "B1"),)  # a flat map
    with pytest.raises(ScenarioFormatError, match="map: unknown map 'tiny.json'"):
        Scenario.from_dict(doc, source="elsewhere.json")


def test_a_map_may_be_named_by_an_absolute_path() -> None:
    doc = _doc("duel")
    doc["map"] = str(ROOT / "maps" / "training.json")
    s = Scenario.from_dict(doc, source="anywhere.json")
    assert s.hexmap().name == "Training ground 训练场" and str(s.name) == s.name.label


def test_S9_a_destroy_list_scores_for_the_enemy_of_each_listed_unit() -> None:
    doc = _doc("duel")
    doc["objectives"][1]["units"] = ["B1"]
    s = Scenario.from_dict(doc)
    score = s.score(_end(s, B1={"dead": True}))
    assert [(x.side, x.points) for x in score.lines if x.kind == "destroy"] == [(Side.RED, 3)]


def test_a_broken_map_is_reported_as_a_map_error(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{}", encoding="utf-8")
    doc = _doc("duel")
    doc["map"] = "broken.json"
    with pytest.raises(MapFormatError, match="broken.json: format"):
        Scenario.from_dict(doc, source=str(tmp_path / "s.json"))


def test_scenario_files_ship_in_the_wheel_beside_the_maps() -> None:
    """maps/scenarios/*.json go into wheels (share/hexrules/maps/scenarios), where
    Scenario.load finds them as HexMap.load finds the maps."""
    with (ROOT / "pyproject.toml").open("rb") as fh:
        setuptools = tomllib.load(fh)["tool"]["setuptools"]
    globs = setuptools["data-files"]["share/hexrules/maps/scenarios"]
    assert all(any(fnmatch.fnmatch(f"maps/scenarios/{n}.json", g) for g in globs)
               for n in SHIPPED)
    assert "hexrules.game" in setuptools["packages"]
    assert SCENARIOS_DIR == hexrules.map.hexmap.MAPS_DIR / "scenarios"


def test_the_public_api_exports_the_scenario_and_its_score() -> None:
    for name in ("Scenario", "Score", "ScenarioFormatError"):
        assert name in hexrules.__all__ and getattr(hexrules, name)
    assert issubclass(ScenarioFormatError, RulesError)
    for key, text in (("scenario", "Scenario 想定"), ("objective", "Objective 任务目标"),
                      ("hold", "Hold 控制"), ("points", "Points 得分"), ("win", "Win 胜"),
                      ("draw", "Draw 平局")):
        assert label(key) == text


def test_a_scenario_shows_itself(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["village"]
    assert repr(s) == ("<Scenario 'The attack on Lizhuang 进攻李庄': map 'training', 10 turns, "
                       "red 4 v blue 4>")
    html = s._repr_html_()
    assert html.startswith("<div class='hexrules-scenario'>")
    assert "<td>4563OP</td>" in html and "李庄" in html
    with pytest.raises(RulesError, match="has no objective 'bridge' \\(objectives: west, "
                                         "centre, south, blue_tanks, red_tanks\\)"):
        s.objective("bridge")
    assert VictoryRule().winner(1, 1) is None


def test_S9_a_game_of_a_scenario_built_in_memory_is_scored_saved_and_played_by_computers(
        ) -> None:
    """A scenario with no file (``Scenario.from_dict``, an instructor's variation of a shipped
    one) travels with its game: the game ends with its score, a saved game reopens with it,
    and the computer players and ``balance`` read its objectives from it."""
    from hexrules.game import GameState
    from hexrules.players import DefaultPlayer, RandomPlayer, balance

    d = Scenario.load("duel").to_dict()
    d["turns"] = 2
    d["name"] = {"en": "Short duel", "zh": "短对决"}
    sc = Scenario.from_dict(d)
    s = GameState.from_scenario(sc, seed=3)
    assert s.scenario == "Short duel" and s.origin.setup == sc
    players = {"red": DefaultPlayer(seed=1), "blue": RandomPlayer(seed=2)}
    while not s.over:
        s, _ = s.apply(players[s.to_act.value].decide(s.view(s.to_act), s.legal_orders()).order)
    assert s.turn == 2 and s.score is not None
    assert s.score.lines[0].title.startswith("The saddle")
    back = GameState.deserialize(s.serialize())
    assert back == s and back.score == s.score and back.origin.setup == sc
    rep = balance(sc, players, games=2, seed=4, executor="serial")
    assert rep.scenario == "Short duel" and rep.games == 2
    # a shipped scenario is still kept by its name only
    assert GameState.from_scenario("duel", seed=1).origin.setup is None
