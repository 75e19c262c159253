"""Rule tables as data (M-5, L-2, C-1, F-3…F-8, V-1…V-3, A-6, A-7): values and the loader."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from hexrules.errors import TableFormatError
from hexrules.map.terrain import Terrain
from hexrules.tables import (
    DEFAULT_TABLES_DIR,
    FILES,
    STATUSES,
    Cell,
    TableMeta,
    TableSet,
    load_tables,
)
from hexrules.units import ARMOUR_CLASSES, Result

BAD = Path(__file__).parent / "data" / "bad_tables"
ALT = DEFAULT_TABLES_DIR.parent / "tables_alt_example"


@pytest.fixture
def tables():
    return load_tables()


def test_F3_attack_level_bands(tables):
    got = {r: tables.attack_level.lookup(r).value for r in (1, 8, 9, 18, 30, 31, 40, 41, 50)}
    assert got == {1: 10, 8: 10, 9: 9, 18: 9, 30: 9, 31: 8, 40: 8, 41: 7, 50: 7}
    assert tables.attack_level.lookup(51) is None
    assert tables.attack_level.lookup(18).row == "9–30"


def test_F4_height_correction_matches_rules(tables):
    rules_md = {
        1: [5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0],
        3: [7, 6, 5, 5, 5, 4, 3, 3, 2, 2, 2, 1, 1],
        8: [9, 8, 8, 7, 6, 6, 6, 5, 5, 5, 4, 4, 3],
    }
    ranges = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 18, 25]
    for delta, row in rules_md.items():
        assert [tables.height_correction.lookup(delta, r).value for r in ranges] == row


def test_F4_rows_above_8_use_8_and_no_correction_beyond_30(tables):
    hc = tables.height_correction
    assert hc.lookup(12, 4).value == hc.lookup(8, 4).value == 7
    assert "12 → 8" in hc.lookup(12, 4).row
    assert hc.lookup(5, 31) is None
    assert hc.lookup(0, 3) is None
    assert hc.lookup(-2, 3).value == hc.lookup(2, 3).value


def test_F6_table_shape_and_codes(tables):
    crt = tables.combat_results
    assert crt.levels == tuple(range(1, 12))
    assert sorted(crt.rows) == list(range(2, 13))
    assert all(len(row) == 11 for row in crt.rows.values())
    assert crt.lookup(9, 5).value is Result.K  # the worked example (F-11)
    assert crt.codes.shape == (13, 12)
    assert not crt.codes.flags.writeable


def test_F7_F8_data(tables):
    crt = tables.combat_results
    assert crt.terrain_faces[Terrain.CITY] == {2}
    assert crt.terrain_faces[Terrain.FOREST] == {3, 4}
    assert crt.terrain_faces[Terrain.OPEN] == crt.terrain_faces[Terrain.WATER] == frozenset()
    assert crt.armour["medium"] == 1
    assert dict(crt.armour) == {"medium": 1}


def test_M5_L2_V1_terrain_data(tables):
    t = tables.terrain
    assert [t[k].code for k in Terrain] == [".", "C", "F", "W"]
    assert [t[k].label for k in Terrain] == ["Open 开阔地", "Settlement 居民地", "Forest 丛林地",
                                             "Water 面状水系"]
    assert [t[k].sight_bonus for k in Terrain] == [0, 1, 1, 0]  # L-2
    assert [t[k].entry_cost for k in Terrain] == [1, 3, 2, None]  # V-1
    assert not t[Terrain.WATER].enterable and t["open"].enterable
    assert t.meta.rule == "M-5" and t.meta.status == "from the source"
    assert t.cell("water", "entry_cost").value == "impassable"


def test_V1_V2_V3_step_costs_are_exact(tables):
    t = tables.terrain
    assert t.river_crossing_cost == 3  # V-1 [decision]: the step costs max(terrain, 3)
    assert t.road_step_cost == 1  # V-2
    assert t.march_step_cost == Fraction(1, 2) and isinstance(t.march_step_cost, Fraction)
    assert 2 * t.march_step_cost == 1  # V-3: 2 hexes per point, exactly
    assert t.movement_cell("river_crossing_cost").rule == "V-1"


def test_V9_V11_short_halt_cost_and_stacking_limit_are_data(tables):
    t = tables.terrain
    assert t.short_halt_cost == 3  # V-9: needs at least 3 points left
    assert t.stacking_limit == 4  # V-11
    assert t.movement_cell("short_halt_cost") == Cell("V-9", t.meta.name, "movement",
                                                      "short_halt_cost", 3)
    assert t.movement_cell("stacking_limit").rule == "V-11"
    alt = load_tables(ALT).terrain
    assert (alt.short_halt_cost, alt.stacking_limit) == (3, 4)


def test_M5_terrain_enum_reads_the_default_data(tables):
    for k in Terrain:
        assert k.label == tables.terrain[k].label and k.code == tables.terrain[k].code
        assert k.sight_bonus == tables.terrain[k].sight_bonus
        assert Terrain.from_code(k.code) is k


def test_C1_the_tank_and_armour_classes(tables):
    tank = tables.units.types["tank"]
    assert (tank.movement, tank.armour, tank.gun, tank.label) == (5, "medium", "85 mm gun",
                                                                  "Tank 坦克")
    assert list(tables.units.armour_classes) == ["medium"] == list(ARMOUR_CLASSES)
    assert tables.units.armour_classes["medium"].label == "Medium armour 中型装甲"


def test_F5_modifiers_are_data(tables):
    m = tables.modifiers
    assert (m.suppressed, m.moving, m.short_halt, m.card_bonus) == (-3, -1, -3, 2)
    assert m.clamp == tables.combat_results.max_level == 11
    assert m.cell("suppressed") == Cell("F-5", m.meta.name, "suppressed (C-3)", "modifier", -3)


def test_public_names_still_import():
    assert TableMeta and TableSet and Cell


def test_A6_A7_house_values(tables):
    guns = tables.artillery.guns
    assert guns["155"].levels == (7, 4, 2) and guns["155"].armour["medium"] == 2
    assert guns["122"].levels == (6, 3, 1) and guns["122"].armour["medium"] == 3
    assert tables.artillery.meta.status == "house value"


def test_every_file_cites_its_rule_and_status(tables):
    for folder in (DEFAULT_TABLES_DIR, ALT):
        for name, rule in FILES.items():
            text = (folder / name).read_text(encoding="utf-8")
            assert text.startswith("#") and rule in text.split("\n\n")[0]
            assert any(f"[{s}" in text for s in ("reconstructed", "house value", "from the source"))
    assert [m.status for m in tables.metas] == [
        "from the source", "from the source", "reconstructed", "from the source",
        "from the source", "reconstructed", "house value"]
    assert [m.rule for m in tables.metas] == list(FILES.values())
    assert all(m.status in STATUSES for m in tables.metas)


def test_decisions_are_marked_in_the_terrain_header():
    header = (DEFAULT_TABLES_DIR / "terrain.toml").read_text(encoding="utf-8").split("[meta]")[0]
    assert "[decision: the step costs max(terrain cost, 3)]" in header
    assert "cannot be entered [decision]" in header


def test_loader_is_cached_and_default(tables):
    assert load_tables() is tables
    assert tables.is_default


def test_alternative_set_loads_and_differs(tables):
    alt = load_tables(ALT)
    assert not alt.is_default
    assert alt.attack_level.bands != tables.attack_level.bands or (
        alt.combat_results.rows != tables.combat_results.rows)
    # its heavy tank: a unit type and armour class the default set does not have
    assert alt.units.types["heavy_tank"].armour == "heavy"
    assert alt.combat_results.armour["heavy"] == 3
    assert {g.armour["heavy"] for g in alt.artillery.guns.values()} == {3, 4}


def test_copied_folder_loads(tmp_path):
    shutil.copytree(DEFAULT_TABLES_DIR, tmp_path / "mine")
    mine = load_tables(tmp_path / "mine")
    assert mine.attack_level.lookup(18).value == 9
    assert mine.folder == (tmp_path / "mine").resolve()


# -- bad files: each names file, table, row and column --------------------------------
CASES = [
    # fixture, replaces, table, row, column, words in the problem
    ("height_short_row.toml", "height_correction.toml", "F-4", "row 3", "column -", "13 values"),
    ("height_gap.toml", "height_correction.toml", "F-4", "row columns", "column 12 (16–20)",
     "gap"),
    ("height_negative.toml", "height_correction.toml", "F-4", "row 8", "column 2", "out of range"),
    ("results_bad_code.toml", "combat_results.toml", "F-6", "row 5", "column level 8",
     "unknown result code 'X'"),
    ("results_missing_row.toml", "combat_results.toml", "F-6", "row 9", "column -", "missing"),
    ("results_armour_7.toml", "combat_results.toml", "F-6", "row armour_correction",
     "column medium", "out of range"),
    ("attack_overlap.toml", "attack_level.toml", "F-3", "row band 3", "column from", "overlaps"),
    ("attack_level_too_high.toml", "attack_level.toml", "F-3", "row band 1", "column level",
     "out of range"),
    ("attack_not_toml.toml", "attack_level.toml", "F-3", "row -", "column -", "not valid TOML"),
    ("artillery_bad_status.toml", "artillery.toml", "A-6", "row meta", "column status",
     "'guess'"),
    ("artillery_two_rings.toml", "artillery.toml", "A-6", "row gun 2", "column levels",
     "3 levels"),
    ("artillery_bad_delay.toml", "artillery.toml", "A-6", "row battery", "column delay",
     "out of range"),
    ("results_stray_row_13.toml", "combat_results.toml", "F-6", "row 13", "column -",
     "unexpected row 13: rows run 2-12"),
    ("units_undeclared_armour.toml", "units.toml", "C-1", "row unit_type.tank",
     "column armour", "armour class 'heavy' is not declared"),
]


@pytest.mark.parametrize(("fixture", "replaces", "table", "row", "column", "words"), CASES,
                         ids=[c[0] for c in CASES])
def test_bad_table_raises_with_file_table_row_column(tmp_path, fixture, replaces, table, row,
                                                      column, words):
    folder = tmp_path / "set"
    shutil.copytree(DEFAULT_TABLES_DIR, folder)
    shutil.copy(BAD / fixture, folder / replaces)
    with pytest.raises(TableFormatError) as info:
        load_tables(folder)
    msg = str(info.value)
    assert str(folder.resolve() / replaces) in msg
    assert f"table {table!r}" in msg
    assert f"{row}," in msg
    assert column in msg
    assert words in msg
    assert info.value.file == str(folder.resolve() / replaces)
    assert info.value.table == table


def test_missing_file_is_named(tmp_path):
    folder = tmp_path / "set"
    shutil.copytree(DEFAULT_TABLES_DIR, folder)
    (folder / "artillery.toml").unlink()
    with pytest.raises(TableFormatError, match=r"artillery\.toml.*file missing"):
        load_tables(folder)


def test_unknown_key_is_refused(tmp_path):
    folder = tmp_path / "set"
    shutil.copytree(DEFAULT_TABLES_DIR, folder)
    p = folder / "attack_level.toml"
    p.write_text(p.read_text(encoding="utf-8").replace("level = 7", "level = 7\nlevle = 3"),
                 encoding="utf-8")
    with pytest.raises(TableFormatError, match=r"row band 4, column levle: unknown key"):
        load_tables(folder)


def test_editing_a_file_reloads(tmp_path):
    folder = tmp_path / "set"
    shutil.copytree(DEFAULT_TABLES_DIR, folder)
    first = load_tables(folder)
    p = folder / "attack_level.toml"
    import os
    p.write_text(p.read_text(encoding="utf-8").replace("level = 9", "level = 8"),
                 encoding="utf-8")
    st = p.stat()
    os.utime(p, (st.st_atime, st.st_mtime + 5))
    assert load_tables(folder).attack_level.lookup(18).value == 8
    assert first.attack_level.lookup(18).value == 9


# -- cross-references and new files: each mutation of the default set names file and entry ---
def _mutated(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "set"
    shutil.copytree(DEFAULT_TABLES_DIR, folder)
    p = folder / name
    text = p.read_text(encoding="utf-8")
    assert old in text, (name, old)
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


HEAVY_UNIT = '''
[unit_type.heavy_tank]
name = "Heavy tank"
name_zh = "重型坦克"
gun = "122 mm gun"
gun_zh = "122毫米坦克炮"
movement = 4
armour = "heavy"
'''
HEAVY_CLASS = '''[armour.heavy]
name = "Heavy armour"
name_zh = "重型装甲"

[unit_type.tank]'''

MUTATIONS = [
    # id, file, old, new, row, column, words in the problem
    ("F6_stray_row_13", "combat_results.toml", '"12" = ". I I I I I I I I I I"',
     '"12" = ". I I I I I I I I I I"\n"13" = ". . . . . . . . . . ."', "row 13", "column -",
     "unexpected row 13: rows run 2-12"),
    ("F6_row_key_02_twice", "combat_results.toml", '"2"  =', '"02" =', "row 02", "column -",
     "integers in quotes"),
    ("F6_stray_level_column", "combat_results.toml", "levels = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]",
     "levels = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", "row 2", "column -", "expected 12 codes"),
    ("F7_unknown_terrain", "combat_results.toml", "forest = [3, 4]", "forest = [3, 4]\nswamp = [1]",
     "row terrain_correction", "column swamp", "unknown terrain type 'swamp': terrain.toml has"),
    ("F7_missing_terrain", "combat_results.toml", "water = []\n", "", "row terrain_correction",
     "column water", "one entry per terrain type of terrain.toml"),
    ("F8_unknown_armour_class", "combat_results.toml", "medium = 1", "medium = 1\n\"13\" = 1",
     "row armour_correction", "column 13", "unknown armour class '13': units.toml [armour]"),
    ("F8_missing_class_used_by_a_unit_type", "units.toml", "[unit_type.tank]",
     HEAVY_CLASS, "row armour_correction", "column heavy",
     "missing the value for armour class 'heavy' (declared in units.toml [armour])"),
    ("A7_unknown_armour_class", "artillery.toml", "armour = { medium = 2 }",
     "armour = { medium = 2, heavy = 1 }", "row gun 1 armour", "column heavy",
     "unknown armour class 'heavy'"),
    ("C1_unit_type_armour_not_declared", "units.toml", 'armour = "medium"', 'armour = "heavy"',
     "row unit_type.tank", "column armour", "armour class 'heavy' is not declared"),
    ("C1_unit_type_name_not_identifier", "units.toml", "[unit_type.tank]",
     '[unit_type."heavy tank"]', "row unit_type.heavy tank", "column -", "identifiers"),
    ("C1_movement_zero", "units.toml", "movement = 5", "movement = 0", "row unit_type.tank",
     "column movement", "out of range"),
    ("C1_unknown_key", "units.toml", "movement = 5", "movement = 5\nspeed = 5",
     "row unit_type.tank", "column speed", "unknown key"),
    ("C1_no_armour_classes", "units.toml", '[armour.medium]\nname = "Medium armour"\n'
     'name_zh = "中型装甲"\n', "", "row -", "column armour", "missing"),
    ("M5_unknown_terrain_type", "terrain.toml", "[terrain.water]", "[terrain.swamp]",
     "row terrain.swamp", "column -", "the map format (M-5) has exactly"),
    ("M5_duplicate_code", "terrain.toml", 'code = "F"', 'code = "C"', "row terrain.forest",
     "column code", "'C' is already the code of 'city'"),
    ("M5_code_two_characters", "terrain.toml", 'code = "F"', 'code = "FF"',
     "row terrain.forest", "column code", "one character"),
    ("L2_sight_bonus_negative", "terrain.toml", "sight_bonus = 1", "sight_bonus = -1",
     "row terrain.city", "column sight_bonus", "out of range"),
    ("V1_entry_cost_word", "terrain.toml", 'entry_cost = "impassable"', 'entry_cost = "no"',
     "row terrain.water", "column entry_cost", 'or "impassable"'),
    ("V1_river_cost_missing", "terrain.toml", "river_crossing_cost = 3", "",
     "row movement", "column river_crossing_cost", "missing"),
    ("V3_march_cost_not_a_fraction", "terrain.toml", 'march_step_cost = "1/2"',
     'march_step_cost = 0.5', "row movement", "column march_step_cost", 'like "1/2"'),
    ("V3_march_cost_divides_by_zero", "terrain.toml", 'march_step_cost = "1/2"',
     'march_step_cost = "1/0"', "row movement", "column march_step_cost", 'like "1/2"'),
    ("V9_short_halt_cost_missing", "terrain.toml", "short_halt_cost = 3", "",
     "row movement", "column short_halt_cost", "missing"),
    ("V9_short_halt_cost_zero", "terrain.toml", "short_halt_cost = 3", "short_halt_cost = 0",
     "row movement", "column short_halt_cost", "0 is out of range: expected 1-99"),
    ("V9_short_halt_cost_a_fraction", "terrain.toml", "short_halt_cost = 3",
     'short_halt_cost = "5/2"', "row movement", "column short_halt_cost",
     "expected an integer 1-99, got '5/2'"),
    ("V11_stacking_limit_missing", "terrain.toml", "stacking_limit = 4", "",
     "row movement", "column stacking_limit", "missing"),
    ("V11_stacking_limit_zero", "terrain.toml", "stacking_limit = 4", "stacking_limit = 0",
     "row movement", "column stacking_limit", "0 is out of range: expected 1-99"),
    ("V11_stacking_limit_a_word", "terrain.toml", "stacking_limit = 4",
     'stacking_limit = "four"', "row movement", "column stacking_limit",
     "expected an integer 1-99, got 'four'"),
    ("V11_unknown_movement_key", "terrain.toml", "stacking_limit = 4",
     "stacking_limit = 4\nstack_limit = 4", "row movement", "column stack_limit",
     "unknown key"),
    ("F5_penalty_written_positive", "modifiers.toml", "suppressed = -3", "suppressed = 3",
     "row modifiers", "column suppressed", "a penalty: write it <= 0"),
    ("F5_bonus_written_negative", "modifiers.toml", "card_bonus = 2", "card_bonus = -2",
     "row modifiers", "column card_bonus", "a bonus: write it >= 0"),
    ("F5_beyond_the_clamp", "modifiers.toml", "short_halt = -3", "short_halt = -12",
     "row modifiers", "column short_halt", "out of range: expected -11-0"),
    ("F5_unknown_modifier", "modifiers.toml", "card_bonus = 2", "card_bonus = 2\nnight = -1",
     "row modifiers", "column night", "unknown key"),
    ("F5_wrong_rule", "modifiers.toml", 'rule = "F-5"', 'rule = "F-6"', "row meta",
     "column rule", "this file holds rule F-5"),
]


#: The file an error names when it is not the edited one (a cross-reference).
BLAME = {"F8_missing_class_used_by_a_unit_type": "combat_results.toml"}


@pytest.mark.parametrize(("case", "name", "old", "new", "row", "column", "words"), MUTATIONS,
                         ids=[c[0] for c in MUTATIONS])
def test_mutated_table_names_file_and_entry(tmp_path, case, name, old, new, row, column,
                                            words):
    folder = _mutated(tmp_path, name, old, new)
    with pytest.raises(TableFormatError) as info:
        load_tables(folder)
    msg = str(info.value)
    blamed = BLAME.get(case, name)
    assert msg.startswith(f"{folder.resolve() / blamed}: table {FILES[blamed]!r}, {row},"), msg
    assert column in msg and words in msg, msg
    assert info.value.file == str(folder.resolve() / blamed)
    assert info.value.table == FILES[blamed]


def test_F8_A7_a_new_unit_type_needs_thresholds_everywhere(tmp_path):
    """A heavy tank added to units.toml alone is refused until F-8 and A-7 know its armour."""
    folder = _mutated(tmp_path, "units.toml", "[unit_type.tank]", HEAVY_CLASS)
    units = folder / "units.toml"
    units.write_text(units.read_text(encoding="utf-8") + HEAVY_UNIT, encoding="utf-8")
    with pytest.raises(TableFormatError, match=r"combat_results\.toml.*column heavy: missing the "
                       r"value for armour class 'heavy' \(used by unit type 'heavy_tank'"):
        load_tables(folder)
    crt = folder / "combat_results.toml"
    crt.write_text(crt.read_text(encoding="utf-8").replace("medium = 1", "medium = 1\nheavy = 3"),
                   encoding="utf-8")
    with pytest.raises(TableFormatError, match=r"artillery\.toml.*row gun 1 armour, column "
                                               r"heavy: missing"):
        load_tables(folder)
    art = folder / "artillery.toml"
    text = art.read_text(encoding="utf-8")
    text = text.replace("medium = 2 }", "medium = 2, heavy = 3 }")
    art.write_text(text.replace("medium = 3 }", "medium = 3, heavy = 4 }"), encoding="utf-8")
    mine = load_tables(folder)
    assert mine.units.types["heavy_tank"].armour == "heavy"
    assert mine.artillery.guns["122"].armour["heavy"] == 4


def test_load_tables_folder_of_wrong_type():
    from hexrules.errors import RulesTypeError

    with pytest.raises(RulesTypeError, match="load_tables takes a folder") as info:
        load_tables(42)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)


# -- look-ups outside a table: the project's errors, naming the rule and file ---------------
def _lookups():
    from hexrules.map.hexgrid import Hex
    from hexrules.units import Unit

    t = load_tables()
    return [
        # id, call, error class name, words
        ("F3_range_not_an_integer", lambda: t.attack_level.lookup("18"), "RulesTypeError",
         "F-3: a range in hexes must be an integer, got '18'"),
        ("F3_negative_range", lambda: t.attack_level.lookup(-2), "TableLookupError",
         "F-3: a range is a number of hexes >= 0"),
        ("F4_delta_not_an_integer", lambda: t.height_correction.lookup(1.5, 3),
         "RulesTypeError", "F-4: a height difference"),
        ("F4_negative_range", lambda: t.height_correction.lookup(2, -1), "TableLookupError",
         "F-4: a range is a number of hexes >= 0"),
        ("F6_level_above_the_table", lambda: t.combat_results.lookup(12, 7), "TableLookupError",
         "F-6 (combat_results.toml): no cell for level 12, dice sum 7: levels run 1-11"),
        ("F6_dice_sum_13", lambda: t.combat_results.lookup(9, 13), "TableLookupError",
         "dice sums 2-12"),
        ("F6_level_not_an_integer", lambda: t.combat_results.lookup("9", 5), "RulesTypeError",
         "F-6: an attack level must be an integer"),
        ("F6_rows_unknown_dice_sum", lambda: t.combat_results.rows[13], "TableKeyError",
         "combat_results.toml [rows] (F-6): no dice sum 13 (known: 2, 3"),
        ("F7_faces_not_a_terrain", lambda: t.combat_results.terrain_faces["city"],
         "TableKeyError", "[terrain_correction] (F-7): no terrain type 'city'"),
        ("F8_unknown_armour_class", lambda: t.combat_results.armour["heavy"], "TableKeyError",
         "combat_results.toml [armour_correction] (F-8): no armour class 'heavy' (known: "
         "'medium')"),
        ("A6_unknown_gun", lambda: t.artillery.lookup("105", 0), "TableKeyError",
         "artillery.toml (A-6): no gun '105' (known: '155', '122')"),
        ("A6_ring_3", lambda: t.artillery.lookup("155", 3), "TableLookupError",
         "ring 3 does not exist: a gun attacks rings 0, 1, 2 (A-5)"),
        ("A6_ring_not_an_integer", lambda: t.artillery.lookup("155", "0"), "RulesTypeError",
         "A-6: a ring is an integer"),
        ("A7_unknown_armour_class", lambda: t.artillery.guns["155"].armour["heavy"],
         "TableKeyError", "gun '155' armour (A-7): no armour class 'heavy'"),
        ("M5_unknown_terrain_name", lambda: t.terrain["swamp"], "TableKeyError",
         "terrain.toml (M-5): no terrain type 'swamp' (known: 'open', 'city', 'forest', "
         "'water')"),
        ("M5_unknown_code", lambda: t.terrain.from_code("X"), "MapFormatError",
         "unknown terrain code 'X': use '.' open, 'C' settlement, 'F' forest, 'W' water"),
        ("M5_code_not_a_string", lambda: t.terrain.from_code(1), "RulesTypeError",
         "a terrain code is a one-character string"),
        ("L2_V1_unknown_column", lambda: t.terrain.cell(Terrain.CITY, "cost"),
         "TableLookupError", "use 'sight_bonus' (L-2) or 'entry_cost' (V-1)"),
        ("V1_V3_unknown_movement_cost", lambda: t.terrain.movement_cell("bridge_cost"),
         "TableLookupError", "terrain.toml [movement] has no 'bridge_cost'"),
        ("C1_unknown_unit_type", lambda: t.units.type_of(Unit("R1", "red", Hex(0, 0),
                                                              type="scout")),
         "TableLookupError", "unit 'R1': unit type 'scout' is not in"),
        ("C1_units_toml_named", lambda: t.units.type_of(Unit("R1", "red", Hex(0, 0),
                                                             type="scout")),
         "TableLookupError", "units.toml (C-1); its types: 'tank'"),
        ("C1_type_of_not_a_unit", lambda: t.units.type_of("tank"), "RulesTypeError",
         "expected a Unit, got str"),
        ("F8_explicit_armour_not_declared",
         lambda: t.units.armour_of(Unit("R1", "red", Hex(0, 0), armour="heavy")),
         "TableLookupError", "armour class 'heavy' is not declared in"),
        ("F8_armour_of_unknown_type",
         lambda: t.units.armour_of(Unit("R1", "red", Hex(0, 0), type="heavy_tank")),
         "TableLookupError", "unit type 'heavy_tank' is not in"),
        ("C1_types_unknown_key", lambda: t.units.types["scout"], "TableKeyError",
         "units.toml (C-1): no unit type 'scout'"),
        ("F5_unknown_modifier", lambda: t.modifiers.cell("night"), "TableLookupError",
         "F-5 (modifiers.toml): no modifier 'night': use 'suppressed', 'moving', "
         "'short_halt', 'card_bonus'"),
    ]


LOOKUPS = _lookups()


@pytest.mark.parametrize(("call", "error", "words"), [c[1:] for c in LOOKUPS],
                         ids=[c[0] for c in LOOKUPS])
def test_lookup_outside_a_table_raises_the_projects_error(call, error, words):
    import hexrules.errors as errors

    with pytest.raises(getattr(errors, error)) as info:
        call()
    assert isinstance(info.value, errors.RulesError)
    assert words in str(info.value), str(info.value)
    if error == "RulesTypeError":
        assert isinstance(info.value, TypeError)


def test_C1_armour_of_resolves_the_type_in_the_set_in_use():
    from hexrules.map.hexgrid import Hex
    from hexrules.units import Unit

    alt = load_tables(ALT)
    heavy = Unit("B1", "blue", Hex(0, 0), type="heavy_tank")
    assert heavy.armour is None and heavy.armour_from_type  # unknown to the default set
    assert alt.units.armour_of(heavy) == "heavy"
    assert alt.units.armour_of(Unit("B2", "blue", Hex(0, 0))) == "medium"
    assert alt.units.armour_of(Unit("B3", "blue", Hex(0, 0), armour="heavy")) == "heavy"
    assert alt.units.type_of(heavy).movement == 4


def test_mappings_are_read_only_and_get_still_works(tables):
    crt = tables.combat_results
    assert crt.armour.get("heavy") is None and "heavy" not in crt.armour
    with pytest.raises(TypeError):
        crt.armour["medium"] = 2  # type: ignore[index]
    assert crt.rows == dict(crt.rows)


def test_package_data_ships_every_table_file():
    import tomllib

    root = DEFAULT_TABLES_DIR.parents[1]  # the hexrules package
    with (root.parent / "pyproject.toml").open("rb") as fh:
        patterns = tomllib.load(fh)["tool"]["setuptools"]["package-data"]["hexrules"]
    shipped = {p for pattern in patterns for p in root.glob(pattern)}
    for folder in (DEFAULT_TABLES_DIR, ALT):
        assert {folder / name for name in FILES} <= shipped
        assert {p.name for p in folder.glob("*.toml")} == set(FILES)  # no stray file
