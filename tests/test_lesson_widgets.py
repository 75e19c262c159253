"""The lessons' widgets, Python side (no browser): the hex inspector and the solution reveal.

Set a value or call a handler, then assert what the widgets hold. Every expected fact comes
from the map (``name_of``, ``elevation_at``, ``has_road`` …): the widgets decide nothing.
"""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from hexrules_widgets import HexInspector, Reveal  # noqa: E402

from hexrules import DIRECTION_NAMES, HexMap  # noqa: E402


@pytest.fixture(scope="module")
def training() -> HexMap:
    return HexMap.load("training")


@pytest.fixture
def inspector(training: HexMap) -> HexInspector:
    return HexInspector(training, start="4563VS")


def _marked(ins: HexInspector) -> list[str]:
    return [f["properties"]["name"] for f in ins.board.overlays["inspected"].data["features"]]


def test_the_inspected_hex_is_outlined_on_the_board(inspector: HexInspector) -> None:
    assert _marked(inspector) == ["4563VS"]
    inspector.board.click(inspector.hexmap.parse("4563GH"))
    assert _marked(inspector) == ["4563GH"]
    style = inspector.board.overlays["inspected"].data["features"][0]["properties"]["style"]
    assert style["weight"] >= 3 and style["fillOpacity"] == 0


def test_details_come_from_the_map(inspector: HexInspector, training: HexMap) -> None:
    h = training.parse("4563VS")
    text = inspector.details.value
    level = training.elevation_at(h)
    assert "4563VS" in text and f"{level} ({level * training.metres_per_level:g} m)" in text
    assert training.terrain_at(h).label in text
    rows = inspector.neighbours(h)
    assert [r[0] for r in rows] == list(DIRECTION_NAMES)
    for _, n, on, road, river in rows:
        assert on == (n in training)
        if on:
            assert road == training.has_road(h, n) and river == training.has_river(h, n)
            assert training.name_of(n) in text
    # the bridge: road and river between 4563VS and 4563WS
    south = next(r for r in rows if r[1] == training.parse("4563WS"))
    assert south[3] and south[4]


def test_typing_a_name_inspects_it(inspector: HexInspector) -> None:
    inspector.pick.value = "4563gh"  # a complete name inspects it at once
    assert inspector.hexmap.name_of(inspector.hex) == "4563GH"
    assert inspector.pick.value == "4563GH" and _marked(inspector) == ["4563GH"]
    inspector.pick.value = "4563L"  # incomplete: nothing happens yet
    assert inspector.hexmap.name_of(inspector.hex) == "4563GH"
    inspector.pick.value = "4563LK"
    inspector.show_button.click()
    assert inspector.hexmap.name_of(inspector.hex) == "4563LK"


def test_a_bad_name_says_why_and_changes_nothing(inspector: HexInspector) -> None:
    inspector.select("4599AA")
    assert "4599AA" in inspector.message.value
    assert inspector.hexmap.name_of(inspector.hex) == "4563VS"
    inspector.select("4563GH")
    assert inspector.message.value == ""


def test_the_close_up_is_a_readable_png(inspector: HexInspector) -> None:
    import io

    from matplotlib.image import imread

    png = inspector.close_up.value
    assert png[1:4] == b"PNG"
    height, width = imread(io.BytesIO(png)).shape[:2]
    assert width >= 420 and height >= 380  # not a 200 px thumbnail


def test_the_show_button_is_a_real_button(inspector: HexInspector) -> None:
    assert inspector.show_button.layout.min_width == "7em"


def test_reveal_holds_its_text_on_the_python_side_until_pressed() -> None:
    secret = "answer_1 = **4464BC**"
    r = Reveal(secret, title="Exercise 1")
    state = {k: v for w in (r, r.button, r.output, *r.children) for k, v in w.get_state().items()}
    assert secret not in repr(state) and "4464BC" not in repr(state)
    assert r.output.outputs == () and not r.shown
    r.button.click()
    assert r.shown and r.output.outputs[0]["data"]["text/markdown"] == secret
    assert r.button.description.startswith("Hide")
    r.button.click()
    assert not r.shown and r.output.outputs == ()


@pytest.mark.parametrize("module", ["hexrules_widgets.inspector", "hexrules_widgets.reveal",
                                    "hexrules_widgets.panels", "hexrules_widgets.sight_chart",
                                    "hexrules_widgets.explorer"])
def test_the_widgets_examples_run(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module),
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted and not result.failed


def test_reveal_needs_a_text() -> None:
    with pytest.raises(ValueError, match="needs the text"):
        Reveal("  ")
