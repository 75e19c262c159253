"""The map (rules §1, M-1…M-7): hex grid, military coordinates, terrain, map files.

Maps are values; :mod:`hexrules.map.edit` makes edited copies ("what if there were a wood
here?"), each edit checked by the map-file loader's own rules.

>>> from hexrules.map import Hex, HexMap
>>> HexMap.flat(4, 3).name_of(Hex(0, 0))
'4563AA'
"""

from hexrules.map.coords import Georef
from hexrules.map.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex
from hexrules.map.hexmap import HexMap, Hexside
from hexrules.map.terrain import Terrain

__all__ = ["DIRECTIONS", "DIRECTION_NAMES", "Georef", "Hex", "HexMap", "Hexside", "Terrain"]
