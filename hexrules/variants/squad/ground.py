"""The ground of the squad variant (Q-1, Q-3): the main game's hex map plus two overlays.

The squad terrains are read from a plain :class:`~hexrules.map.HexMap`, so line of sight is
the main game's (L-1…L-7, with L-2's +1 level for woods and buildings):

=================  =========================================
squad terrain      map
=================  =========================================
open 开阔地          open hex (``.``) not in ``vegetation``
low vegetation      open hex listed in ``vegetation``
woods 树林          forest hex (``F``)
building 建筑       settlement hex (``C``)
water 水域          water hex (``W``)
=================  =========================================

**[project ruling]** Low vegetation does not raise sight (Q-3: "—"), so it is an overlay on
open hexes rather than a fifth map terrain; cover markers (掩体) are a second overlay. Cover is
a yes/no property: a building, or a hex with a marker (Q-3).

Examples
--------
>>> from hexrules.map import HexMap, Hex
>>> g = SquadGround(HexMap.flat(6, 4), vegetation=frozenset({Hex(1, 1)}),
...                 cover=frozenset({Hex(2, 2)}))
>>> g.terrain(Hex(1, 1)).key, g.has_cover(Hex(2, 2)), g.has_cover(Hex(1, 1))
('vegetation', True, False)
>>> g.sees(Hex(0, 0), Hex(4, 0))
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hexrules.errors import OffMapError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.sight.exact import SightRecord, line_of_sight
from hexrules.variants.squad.rules import SquadRules, TerrainInfo, load_rules

__all__ = ["SquadGround"]

_BY_MAP = {Terrain.OPEN: "open", Terrain.FOREST: "woods", Terrain.CITY: "building",
           Terrain.WATER: "water"}


@dataclass(frozen=True, eq=False)
class SquadGround:
    """A hex map with low-vegetation and cover overlays, and the variant's numbers."""

    hexmap: HexMap
    vegetation: frozenset[Hex] = frozenset()
    cover: frozenset[Hex] = frozenset()
    rules: SquadRules = field(default_factory=load_rules)
    _sight: dict[tuple[Hex, Hex], bool] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for what in ("vegetation", "cover"):
            for h in getattr(self, what):
                if h not in self.hexmap:
                    raise OffMapError(f"{what}: {h!r} is not on map {self.hexmap.name!r}")

    def terrain(self, h: Hex) -> TerrainInfo:
        """The squad terrain of ``h`` (Q-3)."""
        t = _BY_MAP[self.hexmap.terrain_at(h)]
        if t == "open" and h in self.vegetation:
            t = "vegetation"
        return self.rules.terrains[t]

    def has_cover(self, h: Hex) -> bool:
        """Whether ``h`` gives cover (掩体): a building or a cover marker (Q-3)."""
        return h in self.cover or self.terrain(h).cover

    def passable(self, h: Hex) -> bool:
        """Whether a team may stand in ``h``: on the map and not water (Q-3)."""
        return h in self.hexmap and self.terrain(h).passable

    def sees(self, a: Hex, b: Hex) -> bool:
        """Line of sight from hex ``a`` to hex ``b`` (L-1…L-7 of the main game; cached).

        It asks the main game's compiled fast path (:func:`hexrules.sight.fast_sight`), whose
        verdicts agree with the exact :func:`~hexrules.sight.line_of_sight` (tested there);
        :meth:`sight_record` gives the explained line.
        """
        key = (a, b) if (a.r, a.q) <= (b.r, b.q) else (b, a)  # L-7: sight is symmetric
        hit = self._sight.get(key)
        if hit is None:
            from hexrules.sight.fast import fast_sight

            hit = bool(fast_sight(self.hexmap).visible(key[0], key[1]))
            self._sight[key] = hit
        return hit

    def sight_record(self, a: Hex, b: Hex) -> SightRecord:
        """The explained sight line from ``a`` to ``b`` (:func:`~hexrules.sight.line_of_sight`)."""
        return line_of_sight(self.hexmap, a, b)
