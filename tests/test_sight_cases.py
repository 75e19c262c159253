"""The worked sight cases (maps/training.cases.json): the loader, and that the file can't drift.

The lessons, the instructor demo's prepared pairs and the tests read one file written by
``scripts/find_sight_cases.py``. These tests check that the loader validates it (errors name
the file and the entry), that every case still gets its stored verdict from the library and
still shows what its kind says, and that the scanner, run now, writes exactly the file.
"""

from __future__ import annotations

import copy
import dataclasses
import fnmatch
import json
import tomllib
from pathlib import Path

import pytest
from script_support import load_module

from hexrules import HexMap, MapFormatError, line_of_sight
from hexrules.sight import SightCase, load_sight_cases
from hexrules.sight.cases import sight_cases_from_dict

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "maps" / "training.cases.json"
CASES = load_sight_cases("training")


def _scanner():
    """scripts/find_sight_cases.py as a module (scripts/ is not a package)."""
    return load_module("find_sight_cases")


KINDS = {k.id: k for k in _scanner().KINDS}


# -- the loader ------------------------------------------------------------------------------


def test_cases_are_frozen_values_in_file_order() -> None:
    doc = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert [c.id for c in CASES] == [c["id"] for c in doc["cases"]]
    case = CASES[0]
    assert isinstance(case, SightCase)
    with pytest.raises(dataclasses.FrozenInstanceError):
        case.visible = not case.visible  # type: ignore[misc]
    assert eval(repr(case), {"SightCase": SightCase}) == case
    assert case.title == f"{case.title_en} {case.title_zh}" and case.pair == (case.observer,
                                                                              case.target)


def test_a_path_loads_too_and_a_missing_file_says_where_to_look() -> None:
    assert load_sight_cases(FIXTURE) == CASES
    with pytest.raises(FileNotFoundError, match="no-such-map.cases.json"):
        load_sight_cases("no-such-map")


def test_the_fixture_ships_with_the_maps() -> None:
    """maps/*.json go into wheels (share/hexrules/maps), where HexMap.load finds them too."""
    with (ROOT / "pyproject.toml").open("rb") as fh:
        data_files = tomllib.load(fh)["tool"]["setuptools"]["data-files"]
    globs = data_files["share/hexrules/maps"]
    assert any(fnmatch.fnmatch("maps/training.cases.json", g) for g in globs)


def _doc() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def _edit(path: tuple, value: object) -> dict:
    doc = copy.deepcopy(_doc())
    node = doc
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


@pytest.mark.parametrize(("path", "value", "words"), [
    (("format",), "hexrules-map", "format: must be 'hexrules-sight-cases'"),
    (("schema_version",), 2, "schema_version: must be 1, got 2"),
    (("colour",), "red", "unknown key(s) 'colour'"),
    (("cases",), [], "cases: must be a non-empty list"),
    (("cases", 1, "visible"), "yes", "cases[1] ('l3_blocked'): visible: must be true or false"),
    (("cases", 2, "case"), "L-6", "cases[2] ('l4_visible'): case: must be one of 'L-3'"),
    (("cases", 3, "observer"), "4463bh", "cases[3] ('l4_blocked'): observer: must be a "
                                         "military coordinate"),
    (("cases", 0, "title"), {"en": "L-3 visible"}, "cases[0] ('l3_visible'): title: must be"),
    (("cases", 4, "shows"), KeyError, "cases[4] ('l4_adjacent'): missing key(s) 'shows'"),
    (("cases", 5, "colour"), "red", "cases[5] ('l5_visible'): unknown key(s) 'colour'"),
    (("cases", 6, "id"), "l3_visible", "cases[6] ('l3_visible'): id: 'l3_visible' is used "
                                       "twice"),
])
def test_bad_files_name_the_file_and_the_entry(path: tuple, value: object, words: str) -> None:
    with pytest.raises(MapFormatError) as info:
        sight_cases_from_dict(_edit(path, value), source="maps/x.cases.json")
    message = str(info.value)
    assert message.startswith("maps/x.cases.json: ") and words in message, message


def test_a_file_that_is_not_json_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.cases.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(MapFormatError, match="broken.cases.json: not valid JSON"):
        load_sight_cases(bad)


# -- the fixture cannot drift ----------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_L6_case_still_gets_its_verdict_and_shows_what_it_says(training: HexMap,
                                                               case: SightCase) -> None:
    r = line_of_sight(training, case.observer, case.target)
    assert (r.case, r.visible) == (case.case, case.visible), (
        f"{case.id} ({case.observer} → {case.target}): the library now says {r.case} "
        f"{r.verdict}; rerun scripts/find_sight_cases.py")
    kind = KINDS.get(case.id)
    assert kind is not None, f"{case.id}: no such kind in scripts/find_sight_cases.py"
    assert kind.check(r), f"{case.id}: {case.observer} → {case.target} no longer shows " \
                          f"{case.shows!r}"
    assert (case.title_en, case.title_zh, case.shows, case.prepared) == (
        kind.title_en, kind.title_zh, kind.shows, kind.prepared)


def test_the_scanner_writes_exactly_the_fixture(training: HexMap) -> None:
    scanner = _scanner()
    doc = scanner.cases_document(training, "training", scanner.scan(training))
    assert doc == _doc(), "maps/training.cases.json is stale: rerun scripts/find_sight_cases.py"
    assert [c["id"] for c in doc["cases"]] == list(KINDS), "every kind is found on the map"


def test_the_demo_has_one_prepared_pair_per_case() -> None:
    prepared = [c for c in CASES if c.prepared]
    assert len(prepared) == 6 and len({c.title for c in prepared}) == 6
    assert {c.case for c in prepared} == {"L-3", "L-4", "L-5"}
