"""Military hex coordinates (rules M-2) and the metric layout of a map.

A map is placed on a projected coordinate system (a UTM zone, say) by a :class:`Georef`: the
easting and northing in metres of the centre of the top-left hex (offset col 0, row 0) and
the EPSG code of the CRS. Hex centres are 50 m apart (M-1); rows run north to south.

A hex's military name is ``NNEEXY`` (M-2): ``NN`` and ``EE`` are the kilometre northing and
easting (mod 100) of the 1 km grid square that holds the hex centre, northing first; ``X``
numbers the hex rows inside that square from the top (A = the top row whose centre lies in
the square) and ``Y`` the hexes of that row from the left **[decision]**. A square's bottom
and left edges belong to it, its top and right edges to the next square.

Examples
--------
>>> from hexrules.map.hexgrid import Hex
>>> g = Georef(easting=463_020, northing=4_545_975, epsg=32650)
>>> g.name(Hex.from_offset(0, 0))
'4563AA'
>>> g.name(Hex.from_offset(7, 0))
'4563AH'
>>> g.parse('4563AH').to_offset()
(7, 0)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from hexrules.errors import CoordinateError, CoordinateTypeError
from hexrules.map.hexgrid import Hex, _require_hex

__all__ = ["HEX_METRES", "ROW_METRES", "Georef", "MILITARY_RE"]

#: Centre-to-centre distance of two adjacent hexes, in metres (M-1).
HEX_METRES = 50
#: North-south distance between two hex rows, in metres (50·√3/2 ≈ 43.3).
ROW_METRES = HEX_METRES * math.sqrt(3) / 2

#: A military coordinate: 2 digits northing, 2 digits easting, row letter, column letter.
MILITARY_RE = re.compile(r"^(\d{2})(\d{2})([A-Z])([A-Z])$")

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True, slots=True)
class Georef:
    """Where a map lies: the metric position of hex (col 0, row 0) in a projected CRS.

    Parameters
    ----------
    easting, northing : float
        Metres, of the centre of the top-left hex (offset col 0, row 0).
    epsg : int
        EPSG code of the projected CRS the metres are in (e.g. 32650 = UTM zone 50N).

    Raises
    ------
    CoordinateTypeError
        If a value is not a number (``epsg``: not an integer).
    CoordinateError
        If ``easting`` or ``northing`` is not finite or ``epsg`` is not positive.

    Examples
    --------
    >>> Georef(463_020, 4_545_975, 32650).centre(Hex(0, 0))
    (463020.0, 4545975.0)
    """

    easting: float
    northing: float
    epsg: int = 32650

    def __post_init__(self) -> None:
        for name in ("easting", "northing"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise CoordinateTypeError(
                    f"Georef.{name} must be a number of metres, got {value!r}"
                )
            if not math.isfinite(value):
                raise CoordinateError(f"Georef.{name} must be finite, got {value!r}")
        if isinstance(self.epsg, bool) or not isinstance(self.epsg, int):
            raise CoordinateTypeError(
                f"Georef.epsg must be a positive EPSG code (an integer), got {self.epsg!r}"
            )
        if self.epsg <= 0:
            raise CoordinateError(f"Georef.epsg must be a positive EPSG code, got {self.epsg!r}")

    # -- metric layout ----------------------------------------------------------------
    def centre(self, h: Hex) -> tuple[float, float]:
        """``(easting, northing)`` in metres of the centre of ``h``.

        >>> Georef(463_020, 4_545_975, 32650).centre(Hex.from_offset(1, 1))
        (463095.0, 4545931.698729811)
        """
        _require_hex(h, "Georef.centre")
        col, row = h.to_offset()
        x = self.easting + HEX_METRES * (col + 0.5 * (row & 1))
        y = self.northing - ROW_METRES * row
        return float(x), float(y)

    def lattice_point(self, x: float, y: float) -> tuple[float, float]:
        """Metres of a point given in the lattice frame (hex centres at ``(2q + r, 3r)``).

        >>> g = Georef(0, 0, 32650)
        >>> g.lattice_point(*Hex(1, 0).lattice())
        (50.0, 0.0)
        """
        _require_numbers("Georef.lattice_point", x=x, y=y)
        return float(self.easting + x * HEX_METRES / 2), float(self.northing - y * ROW_METRES / 3)

    def hex_at(self, easting: float, northing: float) -> Hex:
        """The hex whose area holds the point ``(easting, northing)`` in metres.

        >>> g = Georef(463_020, 4_545_975, 32650)
        >>> g.hex_at(463_020 + 60, 4_545_975 - 5).to_offset()
        (1, 0)
        >>> g.hex_at("463080", 4_545_970)
        Traceback (most recent call last):
        ...
        hexrules.errors.CoordinateTypeError: Georef.hex_at needs finite numbers of metres, got \
easting='463080'
        """
        _require_numbers("Georef.hex_at", easting=easting, northing=northing)
        x = (easting - self.easting) * 2 / HEX_METRES
        y = (self.northing - northing) * 3 / ROW_METRES
        fr = y / 3
        return Hex.round((x - fr) / 2, fr)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of ``h`` in metres, clockwise from the north vertex.

        >>> corners = Georef(0, 0, 32650).corners(Hex(0, 0))
        >>> [(round(x, 1), round(y, 1)) for x, y in corners]
        [(0.0, 28.9), (25.0, 14.4), (25.0, -14.4), (0.0, -28.9), (-25.0, -14.4), (-25.0, 14.4)]
        """
        _require_hex(h, "Georef.corners")
        cx, cy = self.centre(h)
        half = HEX_METRES / 2
        radius = HEX_METRES / math.sqrt(3)  # centre to corner
        return [
            (cx, cy + radius),
            (cx + half, cy + radius / 2),
            (cx + half, cy - radius / 2),
            (cx, cy - radius),
            (cx - half, cy - radius / 2),
            (cx - half, cy + radius / 2),
        ]

    def hexside_points(self, a: Hex, b: Hex) -> list[tuple[float, float]]:
        """The two end points, in metres, of the hexside between adjacent ``a`` and ``b``.

        Raises :class:`~hexrules.errors.CoordinateError` if they are not adjacent.

        >>> Georef(463_020, 4_545_975, 32650).hexside_points(Hex(0, 0), Hex(1, 0))
        [(463045.0, 4545989.43375673), (463045.0, 4545960.56624327)]
        """
        _require_hex(a, "Georef.hexside_points")
        return [self.lattice_point(x, y) for x, y in a.side_corners(b)]

    # -- military coordinates (M-2) -------------------------------------------------
    def _first_row_in_square(self, north_km: int) -> int:
        """Index of the top hex row whose centre lies in the square ``north_km``."""
        top = (north_km + 1) * 1000
        return math.floor((self.northing - top) / ROW_METRES) + 1

    def _first_col_in_square(self, east_km: int, row: int) -> int:
        """Offset column of the leftmost hex of ``row`` whose centre lies in ``east_km``."""
        left = Fraction(east_km * 1000)
        shift = Fraction(self.easting) + Fraction(HEX_METRES, 2) * (row & 1)
        return math.ceil((left - shift) / HEX_METRES)

    def _row_centre(self, row: int) -> float:
        return self.northing - ROW_METRES * row

    def _col_centre(self, col: int, row: int) -> Fraction:
        return Fraction(self.easting) + HEX_METRES * col + Fraction(HEX_METRES, 2) * (row & 1)

    def name(self, h: Hex) -> str:
        """The military coordinate ``NNEEXY`` of ``h`` (M-2).

        >>> Georef(463_020, 4_545_975, 32650).name(Hex.from_offset(20, 0))
        '4564AA'
        """
        _require_hex(h, "Georef.name")
        col, row = h.to_offset()
        north_km = math.floor(self._row_centre(row) / 1000)
        east_km = math.floor(self._col_centre(col, row) / 1000)
        row_idx = row - self._first_row_in_square(north_km)
        col_idx = col - self._first_col_in_square(east_km, row)
        if not (0 <= row_idx < 26 and 0 <= col_idx < 26):  # pragma: no cover - geometry
            raise CoordinateError(
                f"{h!r} has no letters in its square (row {row_idx}, col {col_idx})"
            )
        return f"{north_km % 100:02d}{east_km % 100:02d}{_LETTERS[row_idx]}{_LETTERS[col_idx]}"

    def parse(self, name: str) -> Hex:
        """The hex named ``name`` (``NNEEXY``, M-2), whether or not a map holds it.

        The kilometre values are taken mod 100 nearest this georeference's origin.

        Raises
        ------
        CoordinateError
            If ``name`` is malformed, or its letters run past the hexes of its square.

        Examples
        --------
        >>> g = Georef(463_020, 4_545_975, 32650)
        >>> g.parse('4563ab').to_offset()
        (1, 0)
        >>> g.parse('45-63')
        Traceback (most recent call last):
        ...
        hexrules.errors.CoordinateError: malformed military coordinate '45-63': ...
        """
        if not isinstance(name, str):
            raise CoordinateTypeError(
                f"a military coordinate is a string like '4563GH', got {name!r}"
            )
        m = MILITARY_RE.match(name.strip().upper())
        if m is None:
            raise CoordinateError(
                f"malformed military coordinate {name!r}: expected 4 digits (northing km, "
                "easting km) then 2 letters (row, column), e.g. '4563GH' (M-2)"
            )
        nn, ee, row_letter, col_letter = m.groups()
        north_km = _nearest_km(int(nn), self.northing)
        east_km = _nearest_km(int(ee), self.easting)
        row = self._first_row_in_square(north_km) + _LETTERS.index(row_letter)
        if self._row_centre(row) < north_km * 1000:
            raise CoordinateError(
                f"{name!r}: square {nn}{ee} has no hex row {row_letter} (M-2: rows are lettered "
                "from the top of the 1 km square)"
            )
        col = self._first_col_in_square(east_km, row) + _LETTERS.index(col_letter)
        if self._col_centre(col, row) >= (east_km + 1) * 1000:
            raise CoordinateError(
                f"{name!r}: row {row_letter} of square {nn}{ee} has no hex column {col_letter} "
                "(M-2: 20 hexes per row in a 1 km square)"
            )
        return Hex.from_offset(col, row)


def _require_numbers(where: str, **values: object) -> None:
    """Finite numbers (numpy ones too); a string, a bool, ``None`` or NaN is refused."""
    for key, v in values.items():
        try:
            ok = not isinstance(v, bool | str) and math.isfinite(float(v))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise CoordinateTypeError(f"{where} needs finite numbers of metres, got {key}={v!r}")


def _nearest_km(mod100: int, reference_m: float) -> int:
    """The kilometre value congruent to ``mod100`` (mod 100) nearest ``reference_m``."""
    ref_km = reference_m / 1000
    return mod100 + 100 * round((ref_km - mod100) / 100)
