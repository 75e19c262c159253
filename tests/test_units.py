"""C-1 and C-3: unit counters, their type and armour class, markers and error paths."""

from __future__ import annotations

import pytest

from hexrules import Hex, Result, Side, Status, Unit
from hexrules.errors import RulesError, RulesTypeError
from hexrules.units import DAMAGE_MARKERS, DEFAULT_UNIT_TYPE


def test_C1_a_unit_is_the_tank_by_default() -> None:
    u = Unit("R1", "red", Hex(0, 0))
    assert (u.type, u.armour_class, u.armour_from_type) == ("tank", "medium", True)
    assert DEFAULT_UNIT_TYPE == "tank"
    assert repr(u) == "Unit('R1', Side.RED, Hex(0, 0))"


@pytest.mark.parametrize("unit", [
    Unit("R1", "red", Hex(0, 0)),
    Unit("R1", "red", Hex(0, 0), armour="medium"),
    Unit("B2", "blue", Hex(3, -1), status=[Status.FIRED], name="Tiger", type="heavy_tank"),
    Unit("B3", "blue", Hex(1, 1), armour="heavy", type="heavy_tank"),
], ids=["default", "explicit-armour", "other-type", "type-and-armour"])
def test_C1_repr_evaluates_back(unit: Unit) -> None:
    assert eval(repr(unit)) == unit  # noqa: S307 - the repr contract
    assert eval(repr(unit)).armour_from_type == unit.armour_from_type


def test_C1_armour_from_type_follows_the_type_through_replace() -> None:
    u = Unit("R1", "red", Hex(0, 0))
    other = u.replace(type="heavy_tank")
    assert other.armour_class is None and other.armour_from_type  # not in the default set
    assert other.replace(type="tank").armour_class == "medium"
    fixed = Unit("R1", "red", Hex(0, 0), armour="medium").replace(type="heavy_tank")
    assert fixed.armour == "medium" and not fixed.armour_from_type
    assert u.with_status(Status.FIRED).armour_from_type


def test_C1_given_armour_differs_from_armour_from_type() -> None:
    # the same in the default set, but not under an instructor's set that re-arms the tank
    assert Unit("R1", "red", Hex(0, 0)) != Unit("R1", "red", Hex(0, 0), armour="medium")


def test_C3_markers_by_name_and_alone() -> None:
    u = Unit("R1", "red", Hex(0, 0), status="suppressed")
    assert u.has(Status.SUPPRESSED) and u.has("suppressed") and not u.has("fired")
    assert Status.SUPPRESSED in DAMAGE_MARKERS


def test_side_and_enums_read_their_names() -> None:
    assert Side("红") is Side.RED and Side.parse("blue") is Side.BLUE
    assert Result("K") is Result.K and Status("fired") is Status.FIRED


UNIT_ERRORS = [
    # id, call, error, words
    ("C1_id_not_a_string", lambda: Unit(1, "red", Hex(0, 0)), RulesTypeError,
     "a unit id must be a string, got 1"),
    ("C1_id_empty", lambda: Unit(" ", "red", Hex(0, 0)), RulesError,
     "a unit id must be a non-empty string"),
    ("C1_side_unknown", lambda: Unit("R1", "green", Hex(0, 0)), RulesError,
     "unknown side 'green': use 'red' (红方) or 'blue' (蓝方)"),
    ("C1_side_not_a_string", lambda: Unit("R1", 1, Hex(0, 0)), RulesTypeError,
     "a side is a Side or a string"),
    ("C1_hex_offset_tuple", lambda: Unit("R1", "red", (3, 4)), RulesTypeError,
     "unit 'R1': hex must be a Hex, got (3, 4) (for offset col, row use Hex.from_offset(3, 4))"),
    ("C3_status_unknown", lambda: Unit("R1", "red", Hex(0, 0), status=["supressed"]),
     RulesError, "unknown status 'supressed' (C-3); valid: fired"),
    ("C3_status_not_iterable", lambda: Unit("R1", "red", Hex(0, 0), status=5), RulesTypeError,
     "status must be an iterable of Status markers, got 5"),
    ("C3_status_item_number", lambda: Unit("R1", "red", Hex(0, 0), status=[1]), RulesTypeError,
     "a status marker is a Status or its name, got 1"),
    ("C1_name_not_a_string", lambda: Unit("R1", "red", Hex(0, 0), name=7), RulesTypeError,
     "unit 'R1': name must be a string"),
    ("C1_type_not_a_string", lambda: Unit("R1", "red", Hex(0, 0), type=None), RulesTypeError,
     "unit 'R1': type must be a string (a unit type of units.toml (C-1), like 'tank')"),
    ("C1_type_not_an_identifier", lambda: Unit("R1", "red", Hex(0, 0), type="heavy tank"),
     RulesError, "unit 'R1': type 'heavy tank' is not a valid name"),
    ("F8_armour_not_a_string", lambda: Unit("R1", "red", Hex(0, 0), armour=1), RulesTypeError,
     "unit 'R1': armour must be a string (an armour class of units.toml (F-8, A-7)"),
    ("F8_armour_empty", lambda: Unit("R1", "red", Hex(0, 0), armour=""), RulesError,
     "unit 'R1': armour '' is not a valid name"),
    ("C1_replace_unknown_field", lambda: Unit("R1", "red", Hex(0, 0)).replace(colour="x"),
     RulesTypeError, "Unit has no field 'colour': its fields are id, side, hex, status, "
     "armour, name, type"),
    ("C1_replace_bad_hex", lambda: Unit("R1", "red", Hex(0, 0)).replace(hex="4563AA"),
     RulesTypeError, "hex must be a Hex, got '4563AA'"),
    ("C3_with_status_unknown", lambda: Unit("R1", "red", Hex(0, 0)).with_status("x"),
     RulesError, "unknown status 'x' (C-3)"),
    ("C3_without_status_number", lambda: Unit("R1", "red", Hex(0, 0)).without_status(3),
     RulesTypeError, "a status marker is a Status or its name, got 3"),
    ("C3_has_unknown", lambda: Unit("R1", "red", Hex(0, 0)).has("fire"), RulesError,
     "unknown status 'fire' (C-3)"),
    ("C3_status_enum_unknown", lambda: Status("x"), RulesError, "unknown status 'x' (C-3)"),
    ("F6_result_code_unknown", lambda: Result.from_code("X"), RulesError,
     "unknown result code 'X' (F-6): use '.' no effect"),
    ("F6_result_code_number", lambda: Result.from_code(4), RulesTypeError,
     "a result code is a one-letter string like 'K', got 4"),
    ("F6_result_enum_unknown", lambda: Result("Z"), RulesError, "unknown result code 'Z'"),
    ("C1_side_enum_unknown", lambda: Side("green"), RulesError, "unknown side 'green'"),
    ("C1_side_parse_none", lambda: Side.parse(None), RulesTypeError,
     "a side is a Side or a string 'red' (红方) or 'blue' (蓝方), got None"),
]


@pytest.mark.parametrize(("call", "error", "words"), [c[1:] for c in UNIT_ERRORS],
                         ids=[c[0] for c in UNIT_ERRORS])
def test_unit_errors_name_the_input(call, error, words) -> None:
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value), str(info.value)
    if error is RulesTypeError:
        assert isinstance(info.value, TypeError)


def test_C1_armour_classes_of_the_default_set() -> None:
    from hexrules.units import ARMOUR_CLASSES

    assert ARMOUR_CLASSES == ("medium",)
    with pytest.raises(AttributeError, match="no attribute 'ARMOR_CLASSES'"):
        from hexrules import units

        units.ARMOR_CLASSES  # noqa: B018 - module __getattr__ keeps the normal error
