"""Shared fixtures: the training map and a few generated maps for exhaustive checks."""

from __future__ import annotations

import os

import matplotlib
import numpy as np
import pytest

from hexrules import HexMap

matplotlib.use("Agg")
os.environ.setdefault("MPLBACKEND", "Agg")


@pytest.fixture(scope="session")
def training() -> HexMap:
    return HexMap.load("training")


def random_map(rows: int, cols: int, seed: int, levels: int = 4) -> HexMap:
    rng = np.random.default_rng(seed)
    return HexMap(
        name=f"random-{seed}",
        elevation=rng.integers(0, levels, (rows, cols)),
        terrain=rng.choice([0, 0, 0, 1, 2], (rows, cols)),
    )


def hills_map(rows: int, cols: int) -> HexMap:
    r, c = np.mgrid[0:rows, 0:cols]
    z = 3 * np.sin(r / 3.0) + 3 * np.cos(c / 4.0) + 0.15 * (r + c)
    elevation = np.round(z - z.min()).astype(int)
    terrain = np.where((r * 7 + c * 3) % 11 == 0, 2, 0)
    return HexMap(name="smooth hills", elevation=elevation, terrain=terrain)


@pytest.fixture(scope="session")
def test_maps(training: HexMap) -> list[HexMap]:
    """Four maps for the fast path = exact path check: random, flat, smooth hills, training."""
    return [
        random_map(14, 16, seed=7),
        HexMap.flat(15, 14, level=2),
        hills_map(15, 15),
        training,
    ]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", default=False,
                     help="also run the tests marked slow (e.g. 1,000 random games a scenario)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` run only with ``--run-slow`` or ``HEXRULES_SLOW=1``."""
    if config.getoption("--run-slow") or os.environ.get("HEXRULES_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow or HEXRULES_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
