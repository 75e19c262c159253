"""The fast path (compiled walk) gives exactly the exact path's verdicts (L-1…L-7)."""

from __future__ import annotations

import numpy as np
import pytest

from hexrules import Hex, HexMap, line_of_sight
from hexrules.fastlos import FastSight, fast_sight, viewshed, visibility_matrix, visible


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
