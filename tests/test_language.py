"""The language setting (issue 17): records, refusals and charts in "both", "zh" and "en"."""

from __future__ import annotations

import re

import pytest

from hexrules import Hex, HexMap, ScriptedDice, Unit, line_of_sight
from hexrules.combat import adjudicate_fire
from hexrules.errors import RulesError, TableFormatError
from hexrules.game import Game, Pass, StartMove
from hexrules.language import localize, localize_html, using
from hexrules.messages import parse

CJK = re.compile(r"[\u4e00-\u9fff]")
#: English words a Chinese rendering may keep: rule IDs, results, dice and order names.
ENGLISH_KEPT = re.compile(r"\b(?:[A-Z]-\d+|[KWIS]|d6|2d6|[A-Z][a-z]+[A-Z]\w*|Decline)\b")


def _fire():
    m = HexMap.flat(30, 5)
    r1 = Unit("R1", "red", Hex.from_offset(0, 2))
    b1 = Unit("B1", "blue", Hex.from_offset(18, 2))
    return adjudicate_fire(m, r1, b1, dice=ScriptedDice([2, 3, 4]))


def _english_words(text: str) -> list[str]:
    text = re.sub(r"\b[0-9]{4}[A-Z]{2}\b|\b[RB]\d\b", "", text)  # hexes, units
    return [w for w in re.findall(r"[A-Za-z]{3,}", ENGLISH_KEPT.sub("", text))
            if w not in ("open", "entry_cost")]


def test_fire_record_in_each_language() -> None:
    rec = _fire()
    both = str(rec)
    assert "Standard attack level 标准攻击等级" in both and "Shot 1 第1次射击" in both
    with using("en"):
        en = str(rec)
        html_en = rec._repr_html_()
    with using("zh"):
        zh = str(rec)
        html_zh = rec._repr_html_()
    assert not CJK.search(en) and "Standard attack level 9" in en
    assert "第1次射击" in zh and "标准攻击等级 9" in zh and "歼灭" in zh
    assert not _english_words(zh), _english_words(zh)
    assert not CJK.search(re.sub(r"<[^>]+>", "", html_en))
    assert "歼灭" in html_zh and "Destroyed" not in html_zh
    assert str(rec) == both  # the setting is restored; the record itself never changed
    assert _fire() == rec


def test_sight_record_in_each_language() -> None:
    m = HexMap.load("training")
    rec = line_of_sight(m, "4563KC", "4563KE")
    assert rec.explain().endswith("level 0 (L-3)") if hasattr(rec, "explain") else True
    with using("zh"):
        zh = str(rec)
    with using("en"):
        en = str(rec)
    assert "通视 — L-3 同一高程: 双方都在高程等级0" in zh
    assert "Visible — L-3 same level: both units on level 0" in en and not CJK.search(en)
    assert not _english_words(zh), _english_words(zh)


def test_move_refusal_in_each_language() -> None:
    g = Game.new(HexMap.flat(10, 5), [Unit("R1", "red", Hex(0, 2)),
                                      Unit("B1", "blue", Hex(8, 2))], turns=3)
    g.apply(Pass())
    g.apply(Pass())
    idle = "B1" if g.state.to_act.value == "red" else "R1"
    with pytest.raises(RulesError) as info:
        g.apply(StartMove(idle))
    both = str(info.value)
    assert re.search(r"is (Red 红方|Blue 蓝方), but (Red 红方|Blue 蓝方) is to act", both)
    with using("zh"):
        assert re.fullmatch(rf"{idle}属于(红方|蓝方)，现在是(红方|蓝方)行动 \(T-3\)",
                            str(info.value))
    with using("en"):
        assert re.search(r"is (Red|Blue), but (Red|Blue) is to act \(T-3\)", str(info.value))


def test_chart_in_each_language() -> None:
    from matplotlib.figure import Figure

    from hexrules.render.chart import plot_chart

    rec = line_of_sight(HexMap.load("training"), "4563KC", "4564GD")
    texts = {}
    for lang in ("both", "zh", "en"):
        with using(lang):
            ax = plot_chart(rec, Figure().add_subplot())
        texts[lang] = " ".join(t.get_text() for t in ax.figure.findobj(
            lambda a: hasattr(a, "get_text")) if isinstance(t.get_text(), str))
    assert "观察测量表" in texts["both"] and "Observation-measurement chart" in texts["both"]
    assert "观察测量表" in texts["zh"] and "Observation-measurement" not in texts["zh"]
    assert "Observation-measurement chart" in texts["en"] and not CJK.search(texts["en"])


def test_localize_keeps_both_unchanged_and_the_phrase_table_is_validated() -> None:
    s = "R1 Fired 射击; range 距离 18 hexes 格"
    assert localize(s, lang="both") == s and localize_html(f"<b>{s}</b>", lang="both")
    assert localize(s, lang="en") == "R1 Fired; range 18 hexes"
    with pytest.raises(TableFormatError, match="zh must use the fields"):
        parse({"phrase": [{"en": "{n} hexes", "zh": "格"}]})
    with pytest.raises(TableFormatError, match="exactly the fields"):
        parse({"phrase": [{"en": "x", "zh": "叉", "de": "x"}]})


def test_artillery_record_and_game_state_in_chinese() -> None:
    from hexrules import Dice
    from hexrules.artillery import FirePlan, adjudicate_mission
    from hexrules.game import GameState

    m = HexMap.flat(12, 12)
    rec = adjudicate_mission(m, FirePlan("red", "155", Hex(3, 5), called=1),
                             [Unit("B1", "blue", Hex(3, 5))], dice=Dice(3))
    both = str(rec)
    with using("zh"):
        zh = str(rec)
    assert str(rec) == both and "Normal delay 正常延迟" in both
    assert "正常延迟" in zh and "第3回合到达" in zh and "Normal delay" not in zh
    s = GameState.from_scenario("duel", seed=2)
    with using("zh"):
        assert str(s).startswith("第1/6回合 直瞄射击阶段")
    with using("en"):
        assert not CJK.search(str(s))


def test_records_made_in_any_setting_are_the_same_value() -> None:
    rec = _fire()
    sight = line_of_sight(HexMap.load("training"), "4563KC", "4564GD")
    for lang in ("zh", "en"):
        with using(lang):
            assert _fire() == rec
            again = line_of_sight(HexMap.load("training"), "4563KC", "4564GD")
            assert again == sight
            assert again.verdict == "Blocked 不通视"  # the value; shown in the setting
            assert CJK.search(str(again)) if lang == "zh" else not CJK.search(str(again))
    g = Game.new(HexMap.flat(10, 5), [Unit("R1", "red", Hex(0, 2)),
                                      Unit("B1", "blue", Hex(8, 2))], turns=3)
    with using("zh"):
        rec = g.apply(Pass())
    assert "Direct-fire phase 直瞄射击阶段" in str(rec)
