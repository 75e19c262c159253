"""The fast path (compiled walk) gives exactly the exact path's verdicts (L-1…L-7)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexrules import CoordinateError, Hex, HexMap, OffMapError, line_of_sight
from hexrules.sight.fast import FastSight, fast_sight, viewshed, visibility_matrix, visible


@pytest.mark.parametrize("index", [0, 1, 2, 3], ids=["random", "flat", "hills", "training"])
def test_fast_path_equals_exact_path_on_every_pair(test_maps: list[HexMap], index: int) -> None:
    m = test_maps[index]
    hexes = list(m.hexes())
    matrix = visibility_matrix(m)
    assert np.array_equal(matrix, matrix.T)  # L-7
    mismatches = []
    for i, a in enumerate(hexes):
        for j in range(i + 1, len(hexes)):
            exact = line_of_sight(m, a, hexes[j]).visible
            if matrix[i, j] != exact:
                mismatches.append((a, hexes[j], exact))
    assert not mismatches, mismatches[:5]


def test_viewshed_and_single_pairs_agree_with_matrix(training: HexMap) -> None:
    fs = fast_sight(training)
    hexes = list(training.hexes())
    matrix = fs.matrix()
    for i in range(0, len(hexes), 97):
        vs = fs.viewshed(hexes[i]).ravel()
        assert np.array_equal(vs, matrix[i])
        for j in range(0, len(hexes), 31):
            assert fs.visible(hexes[i], hexes[j]) == matrix[i, j]
    a = training.name_of(hexes[5])
    assert viewshed(training, a).shape == (training.rows, training.cols)
    assert visible(training, a, a)


def test_fast_path_on_a_larger_map_samples() -> None:
    rng = np.random.default_rng(11)
    m = HexMap(name="big", elevation=rng.integers(0, 6, (40, 45)),
               terrain=rng.choice([0, 0, 1, 2], (40, 45)))
    fs = FastSight(m)
    hexes = list(m.hexes())
    for _ in range(3000):
        a, b = (hexes[k] for k in rng.integers(0, len(hexes), 2))
        assert fs.visible(a, b) == line_of_sight(m, a, b).visible


def test_fast_path_rejects_off_map(training: HexMap) -> None:
    from hexrules import OffMapError

    with pytest.raises(OffMapError):
        visible(training, Hex(0, 0), Hex.from_offset(31, 0))


def test_fast_path_on_a_100x100_map_long_lines() -> None:
    """Long lines have large common denominators: sample pairs far apart on 100 × 100."""
    rng = np.random.default_rng(5)
    m = HexMap(name="big", elevation=rng.integers(0, 9, (100, 100)),
               terrain=rng.choice([0, 0, 0, 1, 2], (100, 100)))
    fs = FastSight(m)
    for _ in range(150):
        (c1, r1), (c2, r2) = rng.integers(0, 100, (2, 2))
        a, b = Hex.from_offset(int(c1), int(r1)), Hex.from_offset(int(c2), int(r2))
        assert fs.visible(a, b) == line_of_sight(m, a, b).visible, (a, b)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_fast_path_equals_exact_path_on_generated_maps(data: st.DataObject) -> None:
    rows = data.draw(st.integers(1, 9), label="rows")
    cols = data.draw(st.integers(1, 9), label="cols")
    levels = data.draw(st.integers(1, 8), label="levels")
    cells = st.lists(st.integers(0, levels - 1), min_size=rows * cols, max_size=rows * cols)
    elevation = np.array(data.draw(cells, label="elevation")).reshape(rows, cols)
    codes = st.lists(st.sampled_from([0, 0, 1, 2, 3]), min_size=rows * cols,
                     max_size=rows * cols)
    terrain = np.array(data.draw(codes, label="terrain")).reshape(rows, cols)
    m = HexMap(name="generated", elevation=elevation, terrain=terrain)
    hexes = list(m.hexes())
    matrix = FastSight(m).matrix()
    for i, a in enumerate(hexes):
        for j, b in enumerate(hexes):
            assert matrix[i, j] == line_of_sight(m, a, b).visible, (a, b)


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda m: viewshed(m, "zz"), CoordinateError, "malformed military coordinate"),
    (lambda m: visible(m, "4563AA", (99, 99)), OffMapError, "off the map"),
    (lambda m: FastSight("training"), TypeError, "needs a HexMap"),
    (lambda m: viewshed("training", "4563AA"), TypeError, "needs a HexMap"),
    (lambda m: visibility_matrix(3), TypeError, "needs a HexMap"),
    (lambda m: FastSight(m).visible("4563AA", "4563AB"), TypeError, "takes Hex values"),
    (lambda m: FastSight(m).viewshed(Hex(99, 99)), OffMapError, "off the map"),
])
def test_fast_path_errors(training, call, error, words) -> None:
    with pytest.raises(error, match=words):
        call(training)
