"""Rule tables as data (F-3, F-4, F-6…F-8, A-6, A-7): values and the validating loader."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hexrules.errors import TableFormatError
from hexrules.map.terrain import Terrain
from hexrules.tables import DEFAULT_TABLES_DIR, FILES, STATUSES, load_tables
from hexrules.units import Result

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
    assert crt.armour["medium"] == 1


def test_A6_A7_house_values(tables):
    guns = tables.artillery.guns
    assert guns["155"].levels == (7, 4, 2) and guns["155"].armour["medium"] == 2
    assert guns["122"].levels == (6, 3, 1) and guns["122"].armour["medium"] == 3
    assert tables.artillery.meta.status == "house value"


def test_every_file_cites_its_rule_and_status(tables):
    for name, rule in FILES.items():
        text = (DEFAULT_TABLES_DIR / name).read_text(encoding="utf-8")
        first = text.splitlines()[0]
        assert first.startswith("#") and rule in first
        assert "[reconstructed]" in text or "[house value]" in text or "[from the source]" in text
    metas = [tables.attack_level.meta, tables.height_correction.meta,
             tables.combat_results.meta, tables.artillery.meta]
    assert [m.status for m in metas] == [
        "reconstructed", "from the source", "reconstructed", "house value"]
    assert all(m.status in STATUSES for m in metas)


def test_loader_is_cached_and_default(tables):
    assert load_tables() is tables
    assert tables.is_default


def test_alternative_set_loads_and_differs(tables):
    alt = load_tables(ALT)
    assert not alt.is_default
    assert alt.attack_level.bands != tables.attack_level.bands or (
        alt.combat_results.rows != tables.combat_results.rows)


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
