"""Variants of the game that reuse the shared machinery (dice, records, grids) and add only
what differs: :mod:`hexrules.variants.prokhorovka` (Appendix B, square grid)."""
