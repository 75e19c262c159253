"""Variants of the game that reuse the shared machinery (map, sight, dice, records).

Each variant is a subpackage that adds only what differs from the main game:
:mod:`hexrules.variants.squad` is the squad-level infantry variant (docs/rules.md,
Appendix A); :mod:`hexrules.variants.prokhorovka` is the Prokhorovka 1943 square-grid
variant (Appendix B), on the square grid of :mod:`hexrules.grid`.
"""
