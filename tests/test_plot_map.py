"""Static maps speak the board's visual language, and their text is readable (plot_map).

The board (``hexrules_widgets.HexBoard``) draws a settlement as three small blocks of houses
and a forest as three tree crowns, in ``TERRAIN_COLOURS``; ``plot_map`` must draw the same
shapes in the same colours, and its lettering and grid labels must be big enough to read on
a projector (1280 × 720).
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from hexrules import HexMap, Terrain, line_of_sight  # noqa: E402
from hexrules.render.plots import TERRAIN_COLOURS, plot_grazes, plot_map  # noqa: E402


@pytest.fixture(scope="module")
def training() -> HexMap:
    return HexMap.load("training")


def _colours(collection) -> set[str]:
    return {to_hex(c, keep_alpha=False) for c in collection.get_facecolors()}


def test_settlement_and_forest_are_drawn_like_the_board(training: HexMap) -> None:
    ax = plot_map(training, Figure().add_subplot(), legend=False)
    n_city = sum(training.terrain_at(h) is Terrain.CITY for h in training)
    n_forest = sum(training.terrain_at(h) is Terrain.FOREST for h in training)
    by_colour = {}
    for coll in ax.collections:
        for colour in _colours(coll):
            by_colour.setdefault(colour, []).append(len(coll.get_paths()))
    assert 3 * n_city in by_colour[TERRAIN_COLOURS["city"]]  # three house blocks a hex
    assert 3 * n_forest in by_colour[TERRAIN_COLOURS["forest"]]  # three tree crowns a hex
    assert not any(coll.get_hatch() for coll in ax.collections)  # no hatching any more


def test_the_legend_names_the_symbols(training: HexMap) -> None:
    ax = plot_map(training, Figure().add_subplot())
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert Terrain.CITY.label in texts and Terrain.FOREST.label in texts
    assert "River 河流（线状水系）" in texts


def test_close_up_letters_are_readable_and_axes_read_in_km(training: HexMap) -> None:
    fig = Figure(figsize=(9, 7.5))
    corner = training.parse("4464AA")
    ax = plot_map(training, fig.add_subplot(), hexes=corner.spiral(4), labels=True,
                  km_grid=True, legend=False)
    letters = [t for t in ax.texts if len(t.get_text()) == 2]
    assert len(letters) == len(list(corner.spiral(4)))
    assert min(t.get_fontsize() for t in letters) >= 10  # was 5 pt
    squares = {t.get_text() for t in ax.texts if len(t.get_text()) == 4}
    assert squares == {"4463", "4464", "4563", "4564"}
    FigureCanvasAgg(fig).draw()
    ticks = [t.get_text() for t in ax.get_xticklabels() if t.get_text()]
    assert ticks and all(len(t) <= 5 for t in ticks), ticks  # "63.9", not "463900"


def test_square_names_cover_no_hex(training: HexMap) -> None:
    fig = Figure(figsize=(9, 7.5))
    corner = training.parse("4464AA")
    shown = list(corner.spiral(4))
    ax = plot_map(training, fig.add_subplot(), hexes=shown, labels=True, km_grid=True,
                  legend=False)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    inv = ax.transData.inverted()
    for t in ax.texts:
        if len(t.get_text()) != 4:
            continue
        (x0, y0), (x1, y1) = inv.transform(t.get_window_extent(renderer).get_points())
        for h in shown:
            for cx, cy in training.georef.corners(h):
                assert not (x0 <= cx <= x1 and y0 <= cy <= y1), (t.get_text(), h)


def test_notes_and_grazes(training: HexMap) -> None:
    c = training.parse("4563LK")
    ax = plot_map(training, Figure().add_subplot(), hexes=c.spiral(1), labels=True,
                  notes={c.neighbor(1): "1"}, legend=False)
    assert "1" in [t.get_text() for t in ax.texts]
    rec = line_of_sight(training, "4563FO", "4563CT")
    ax = plot_grazes(rec, Figure(figsize=(9, 7)).add_subplot())
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert sum(lab.startswith("Hexside 格边") for lab in labels) == len(rec.grazes) == 3
    # each grazed hexside is drawn wider than the sight line, so the line cannot hide it
    widths = sorted({round(line.get_linewidth(), 1) for line in ax.lines})
    assert widths[-1] >= 3 * widths[0]
