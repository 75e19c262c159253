"""The Chinese edition of messages as they are really composed (issue 17): a catalogue of bad
inputs — every loader (maps, scenarios, rule tables, glossary, the variants' files, saved
games), coordinates, orders refused in play, cards, artillery, dice — each of whose messages
must read in Chinese under ``using("zh")``, whether it was raised in that setting or in the
default one. The engine's refusals are collected broadly: in random games of every shipped
scenario, every order of a list of candidates is tried in every state, and every record of
those games is read in Chinese too.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from test_messages_zh import english_words

from hexrules import Hex, HexMap, ScriptedDice, Unit
from hexrules.errors import RulesError
from hexrules.language import using

ROOT = Path(__file__).resolve().parents[1]


def _message(call: Callable[[], object], lang: str) -> RulesError:
    with using(lang), pytest.raises(RulesError) as info:
        call()
    return info.value


def _check(call: Callable[[], object], *allowed: str) -> str:
    """The message of ``call``'s error in Chinese, raised in "both" and in "zh"; ``allowed``
    are the words of the bad input the message quotes as they were given."""
    shown = []
    for raised_in in ("both", "zh"):
        err = _message(call, raised_in)
        with using("zh"):
            text = str(err)
        words = [w for w in english_words(text) if w not in allowed]
        assert not words, (text, words)
        shown.append(text)
    return shown[0]


def _write(tmp: Path, name: str, data: object) -> Path:
    path = tmp / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


# -- maps and coordinates --------------------------------------------------------------------

def _training_json() -> dict:
    return json.loads((ROOT / "maps" / "training.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("edit", [
    lambda d: d.pop("elevation"),
    lambda d: d.update(elevation=d["elevation"][:-1]),
    lambda d: d.update(terrain=["Z" * len(d["terrain"][0])] + d["terrain"][1:]),
    lambda d: d.update(rivers=[[[0, 0], [5, 5]]]),
    lambda d: d.update(rivers="nope"),
    lambda d: d.update(roads=[[[0, 0]]]),
    lambda d: d.update(colour="red"),
    lambda d: d.update(format="something-else"),
    lambda d: d.update(name=""),
])
def test_map_file_errors_read_in_chinese(tmp_path: Path, edit: Callable[[dict], object]) -> None:
    data = _training_json()
    edit(data)
    path = _write(tmp_path, "bad.json", data)
    _check(lambda: HexMap.load(path), "colour")


def test_map_loader_and_coordinate_errors_read_in_chinese(tmp_path: Path) -> None:
    m = HexMap.load("training")
    for call in [
        lambda: HexMap.load("no-such-map"),
        lambda: HexMap.load(_write(tmp_path, "broken.json", "{not json")),
        lambda: m.parse("nonsense"),
        lambda: m.parse("4563ZZ"),
        lambda: m.parse("9999AA"),
        lambda: m.parse((500, 500)),
        lambda: m.parse(3.5),  # type: ignore[arg-type]
        lambda: Hex(1.5, 2),  # type: ignore[arg-type]
        lambda: Hex(0, 0).neighbor(9),
        lambda: HexMap.flat(0, 3),
    ]:
        _check(call)


def test_terrain_side_status_and_unit_errors_read_in_chinese() -> None:
    from hexrules import Side, Status, Terrain

    for call in [
        lambda: Terrain.parse("lava"),
        lambda: Side.parse("green"),
        lambda: Status.parse("sleepy") if hasattr(Status, "parse") else Status("sleepy"),
        lambda: Unit("", "red", Hex(0, 0)),
        lambda: Unit("R1", "red", (0, 0)),  # type: ignore[arg-type]
        lambda: Unit("R1", "red", Hex(0, 0), status=("sleepy",)),
    ]:
        _check(call)


# -- scenarios, saved games, tables, glossary ------------------------------------------------

def _duel() -> dict:
    return json.loads((ROOT / "maps" / "scenarios" / "duel.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("edit", [
    lambda d: d.pop("turns"),
    lambda d: d.update(turns="six"),
    lambda d: d.update(map="atlantis"),
    lambda d: d.update(extra=1),
    lambda d: d.update(schema_version=99),
    lambda d: d["sides"]["red"]["units"][0].update(hex="4563ZZ"),
    lambda d: d["sides"]["red"]["units"][0].update(type="submarine"),
    lambda d: d["sides"]["red"]["units"][0].update(status=["sleepy"]),
    lambda d: d["sides"]["blue"]["units"][0].update(id="R1"),
    lambda d: d["sides"]["blue"]["units"][0].update(hex="4563NE"),
    lambda d: d["objectives"][0].update(kind="capture"),
    lambda d: d["objectives"][1].update(units=["X9"]),
    lambda d: d["objectives"][0].update(hex=None),
    lambda d: d.update(objectives=[]),
    lambda d: d["victory"].update(rule="most_tanks"),
    lambda d: d.update(sides={"red": d["sides"]["red"]}),
])
def test_scenario_file_errors_read_in_chinese(tmp_path: Path,
                                              edit: Callable[[dict], object]) -> None:
    from hexrules.game import Scenario

    data = _duel()
    edit(data)
    path = _write(tmp_path, "bad.json", data)
    _check(lambda: Scenario.load(path))


def test_scenario_saved_game_table_and_glossary_errors_read_in_chinese(tmp_path: Path) -> None:
    from hexrules.game import GameState, Scenario
    from hexrules.glossary import label
    from hexrules.language import set_language
    from hexrules.tables import load_tables

    folder = tmp_path / "tables"
    shutil.copytree(ROOT / "hexrules" / "data" / "tables", folder)
    (folder / "terrain.toml").unlink()
    bad = tmp_path / "tables2"
    shutil.copytree(ROOT / "hexrules" / "data" / "tables", bad)
    text = (bad / "attack_level.toml").read_text(encoding="utf-8")
    (bad / "attack_level.toml").write_text(text.replace("[meta]", "[metadata]", 1),
                                           encoding="utf-8")
    state = GameState.from_scenario("duel", seed=1)
    saved = json.loads(state.to_json()) if hasattr(state, "to_json") else None
    calls = [
        lambda: Scenario.load("no-such-scenario"),
        lambda: Scenario.load(_write(tmp_path, "x.json", "[1, 2")),
        lambda: load_tables(folder),
        lambda: load_tables(bad),
        lambda: label("supressed"),
        lambda: set_language("fr"),
        lambda: GameState.from_scenario("duel", seed=1, dice=ScriptedDice([1])),
    ]
    if saved is not None:
        calls.append(lambda: GameState.from_json(json.dumps({**saved, "format": "x"})))
    for call in calls:
        _check(call)


# -- the engine in play: refusals, cards, artillery ------------------------------------------

def _candidates(state):  # noqa: ANN001, ANN202 - a list of orders, legal or not
    from hexrules.game import (
        CoveringFire,
        DealCard,
        DeclareFire,
        Decline,
        EndMove,
        FieldRepair,
        MovingFire,
        OpportunityFire,
        Pass,
        PlanFire,
        RapidReload,
        ShortHaltFire,
        StartMove,
        StepTo,
    )

    units = list(state.units)
    out = [Pass(), EndMove(), Decline(), PlanFire(units[0].hex), DealCard("red", "E-3"),
           DealCard("blue", "E-5")]
    for u in units:
        out += [StartMove(u.id), StartMove(u.id, march=True), StepTo(u.hex), FieldRepair(u.id),
                OpportunityFire(u.id)]
        out += [StepTo(n) for n in u.hex.neighbors()]
        for v in units:
            out += [DeclareFire(u.id, v.id), DeclareFire(u.id, v.id, "close_combat"),
                    CoveringFire(u.id, v.id), MovingFire(v.id), ShortHaltFire(v.id),
                    RapidReload(v.id)]
    return out


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if english_words(line)]


@pytest.mark.parametrize("scenario", ["duel", "meeting", "village"])
def test_every_refusal_and_record_of_random_games_reads_in_chinese(scenario: str) -> None:
    from hexrules.game import GameState, verify

    refusals: set[str] = set()
    bad: set[str] = set()
    for seed in range(3 if scenario == "duel" else 1):
        state = GameState.from_scenario(scenario, seed=seed)
        rng = random.Random(seed)
        for n in range(800):  # a random game of a shipped scenario ends well before
            if state.over:
                break
            for order in _candidates(state) if n % 6 == 0 else ():
                try:
                    verify(state, order)
                except RulesError as exc:
                    with using("zh"):
                        refusals.add(str(exc))
            state, record = state.apply(state.legal_orders().choice(rng))
            with using("zh"):
                bad.update(_lines(str(record)))
    assert len(refusals) > 30, len(refusals)
    bad.update(r for r in refusals if english_words(r))
    assert not bad, "\n".join(sorted(bad))


def test_card_and_artillery_errors_read_in_chinese() -> None:
    from hexrules import Dice
    from hexrules.artillery import FirePlan, adjudicate_mission
    from hexrules.game import DealCard, FieldRepair, GameState, Options, PlanFire

    s = GameState.from_scenario("duel", seed=2)
    m = HexMap.flat(12, 12)
    for call in [
        lambda: s.apply(FieldRepair("R1")),
        lambda: s.apply(PlanFire("4563PJ")),
        lambda: s.apply(DealCard("red", "lucky_charm")),
        lambda: GameState.new(m, [Unit("R1", "red", Hex(0, 2)), Unit("B1", "blue", Hex(8, 2))],
                              turns=2, options=Options(cards=False)).apply(
                                  DealCard("red", "E-3")),
        lambda: adjudicate_mission(m, FirePlan("red", "999", Hex(3, 5), called=1), [],
                                   dice=Dice(1)),
        lambda: FirePlan("red", "155", (3, 5), called=1),  # type: ignore[arg-type]
        lambda: adjudicate_mission(m, FirePlan("red", "155", Hex(30, 50), called=1), [],
                                   dice=Dice(1)),
        lambda: ScriptedDice([]).roll(2, "F-6", "2d6 R1→B1"),
    ]:
        _check(call)


# -- the variants ----------------------------------------------------------------------------

def test_squad_variant_errors_read_in_chinese(tmp_path: Path) -> None:
    from hexrules.variants.squad import Posture, StandingOrder, load_rules, load_scenario
    from hexrules.variants.squad.scenario import parse_scenario

    data = json.loads((ROOT / "maps" / "squad" / "lesson.json").read_text(encoding="utf-8"))
    for call in [
        lambda: load_scenario("no-such-squad-scenario"),
        lambda: load_rules(tmp_path / "none.toml"),
        lambda: parse_scenario({**data, "turns": 0}),
        lambda: parse_scenario({**data, "map": "atlantis"}),
        lambda: Posture.parse("floating"),
        lambda: StandingOrder.parse("retreat"),
    ]:
        _check(call)


def test_prokhorovka_variant_errors_read_in_chinese(tmp_path: Path) -> None:
    from hexrules.variants.prokhorovka import ProkGame, load_rules, load_scenario

    text = (ROOT / "maps" / "prokhorovka" / "cut.toml").read_text(encoding="utf-8")
    broken = _write(tmp_path, "broken.toml", text + "\n[[[")
    for call in [
        lambda: load_scenario("no-such-field"),
        lambda: load_scenario(broken),
        lambda: load_rules(tmp_path / "none.toml"),
        lambda: ProkGame.load({"format": "x"}),
    ]:
        _check(call)


def _text_nodes(html_text: str) -> list[str]:
    import html

    return [html.unescape(t) for t in re.findall(r">([^<>]+)<", f">{html_text}<")]


def test_squad_games_read_in_chinese() -> None:
    """Every record (text and HTML) and the final board of random squad games (Q-1…Q-28)."""
    from hexrules.variants.squad.play import SquadGame, random_order

    bad: set[str] = set()
    for seed in range(3):
        state = SquadGame.new("lesson", seed=seed).state
        rng = random.Random(seed)
        while not state.over:
            state, record = state.apply(random_order(state, rng))
            with using("zh"):
                bad.update(_lines(str(record)))
                bad.update(t for t in _text_nodes(record._repr_html_()) if english_words(t))
        with using("zh"):
            bad.update(t for t in _text_nodes(state._repr_html_()) if english_words(t))
    assert not bad, "\n".join(sorted(bad))


def test_squad_labels_follow_the_setting() -> None:
    from hexrules.variants.squad import load_rules

    medic = next(t for t in load_rules().types.values() if t.medic)
    assert medic.label == f"{medic.en} {medic.zh}"
    with using("zh"):
        assert medic.label == medic.zh
    with using("en"):
        assert medic.label == medic.en
