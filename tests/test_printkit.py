"""The print-and-play kit (hexrules.render.printkit): each PDF is rendered, its pages counted
(poppler's pdfinfo) and its text read back (pdftotext), so the coordinates printed on every
sheet of the board are the map's, at true scale."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hexrules import HexMap, load_tables
from hexrules.glossary import term
from hexrules.render.printkit import board_tiles, main, print_kit
from hexrules.render.sheets import MARKERS
from hexrules.tables import DEFAULT_TABLES_DIR

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="pdftotext missing: `make gis` installs poppler-utils")

NAME = re.compile(r"\b\d{4}[A-Z]{2}\b")
MM = 72 / 25.4  # PDF points per millimetre


def _pages(pdf: Path) -> int:
    out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)", out.stdout, re.M).group(1))


def _text(pdf: Path, page: int | None = None) -> str:
    args = ["pdftotext", "-q"] + (["-f", str(page), "-l", str(page)] if page else [])
    return subprocess.run([*args, str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


def _words(pdf: Path, page: int) -> list[tuple[str, float, float]]:
    """Words of a page with the centre of their box, in points from the top-left."""
    html = subprocess.run(["pdftotext", "-q", "-bbox", "-f", str(page), "-l", str(page),
                           str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    out = []
    for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                         r'yMax="([\d.]+)">([^<]+)</word>', html):
        x0, y0, x1, y1 = map(float, m.groups()[:4])
        out.append((m.group(5), (x0 + x1) / 2, (y0 + y1) / 2))
    return out


@pytest.fixture(scope="module")
def small() -> HexMap:
    """A 26 × 12 piece of the training map: two A3 sheets at 1:2500."""
    m = HexMap.load("training")
    d = m.to_dict()
    d["cols"], d["rows"] = 26, 12
    d["elevation"] = [row[:26] for row in d["elevation"][:12]]
    d["terrain"] = [row[:26] for row in d["terrain"][:12]]
    keep = lambda s: all(c < 26 and r < 12 for c, r in s)  # noqa: E731
    d["rivers"] = [s for s in d["rivers"] if keep(s)]
    d["roads"] = []
    return HexMap.from_dict(d, source="training piece")


@pytest.fixture(scope="module")
def kit(small: HexMap, tmp_path_factory):
    return print_kit(small, tmp_path_factory.mktemp("kit"))


def test_the_kit_writes_four_pdfs_with_their_page_counts(kit) -> None:
    assert set(kit.paths) == {"board", "counters", "chart", "reference"}
    for kind, path in kit.paths.items():
        assert _pages(path) == kit.pages[kind], kind
    assert kit.pages == {"board": 2, "counters": 1, "chart": 1, "reference": 1}
    info = subprocess.run(["pdfinfo", str(kit.paths["board"])], capture_output=True,
                          text=True, check=True).stdout
    assert "(A3)" in info


def test_every_sheet_shows_the_coordinates_of_its_hexes(kit, small: HexMap) -> None:
    seen: set[str] = set()
    for page, tile in enumerate(kit.tiles, 1):
        names = set(NAME.findall(_text(kit.paths["board"], page)))
        assert names == {small.name_of(h) for h in tile.hexes}, page
        seen |= names
    assert seen == {small.name_of(h) for h in small.hexes()}  # every hex on some sheet
    a, b = kit.tiles[0], kit.tiles[1]
    assert set(a.hexes) & set(b.hexes), "neighbouring sheets overlap"
    text = _text(kit.paths["board"], 1)
    assert "sheet 1 of 2" in text and "east 2" in text and "1:2500" in text


def test_the_board_is_at_true_scale(kit, small: HexMap) -> None:
    """Labels of hexes 10 columns apart stand 10 × 20 mm apart on the paper (1:2500)."""
    words = {w: (x, y) for w, x, y in _words(kit.paths["board"], 1)}
    row = [small.name_of(small.parse((c, 4))) for c in range(small.cols)]
    present = [n for n in row if n in words]
    a, b = present[0], present[-1]
    cols = row.index(b) - row.index(a)
    assert cols >= 8
    dx = words[b][0] - words[a][0]
    assert abs(dx - cols * 20 * MM) < 0.5
    assert abs(words[b][1] - words[a][1]) < 0.5


def test_counters_carry_the_glossary_labels_and_the_unit_types(kit) -> None:
    text = _text(kit.paths["counters"])
    for key in MARKERS:
        assert term(key).en in text and term(key).zh in text, key
    t = load_tables().units.types["tank"]
    assert f"{t.name} {t.name_zh}" in text
    for uid in ("R1", "R12", "B1", "B12"):
        assert re.search(rf"\b{uid}\b", text), uid
    assert "弹着" in text


def test_the_chart_sheet_is_the_observation_measurement_chart(kit) -> None:
    text = _text(kit.paths["chart"])
    assert text.count(term("chart").zh) == 2 and "(L-5)" in text
    assert term("observer").zh in text and term("change_value").zh in text


def test_the_reference_card_prints_the_loaded_tables(kit, tmp_path: Path) -> None:
    text = _text(kit.paths["reference"])
    for rule in ("F-3", "F-4", "F-6", "T-1", "T-2", "T-3", "T-4", "T-5"):
        assert rule in text, rule
    assert "1–8" in text and "46–60" not in text and "the library's tables" in text
    alt = print_kit(HexMap.flat(4, 4, name="tiny"), tmp_path,
                    tables=DEFAULT_TABLES_DIR.parent / "tables_alt_example")
    alt_text = _text(alt.paths["reference"])
    assert "46–60" in alt_text and "tables_alt_example" in alt_text


def test_the_command_writes_the_kit(tmp_path: Path, capsys) -> None:
    HexMap.flat(10, 8, name="tiny").save(tmp_path / "tiny.json")
    assert main([str(tmp_path / "tiny.json"), str(tmp_path), "--paper", "A4"]) == 0
    out = capsys.readouterr().out
    assert "board.pdf  1 page" in out and (tmp_path / "reference.pdf").exists()
    assert main(["no-such-map", str(tmp_path)]) == 2


def test_sheet_counts_follow_the_map_size() -> None:
    m = HexMap.load("training")
    assert len(board_tiles(m)) == 6 and len(board_tiles(m, scale=5000)) == 1
    with pytest.raises(ValueError, match="paper must be one of 'A3', 'A4'"):
        board_tiles(m, paper="Letter")


@pytest.mark.slow
def test_the_real_terrain_map_prints(tmp_path: Path) -> None:
    m = HexMap.load("jacksboro")
    kit = print_kit(m, tmp_path)
    assert _pages(kit.paths["board"]) == kit.pages["board"] == 8
    seen = set()
    for page in range(1, 9):
        seen |= set(NAME.findall(_text(kit.paths["board"], page)))
    assert seen == {m.name_of(h) for h in m.hexes()}
