"""Analyses built on the rules: what a position means, computed exactly from the rule code.

* :mod:`~hexrules.analysis.threat` — the threat map (:func:`threat_map`): for each hex, the
  exact probability that a unit stopping there would be destroyed (or damaged) by the enemy
  units that can see it (see the *Threat map* ruling in docs/rules.md).

>>> from hexrules import Hex, HexMap, Unit
>>> from hexrules.analysis import threat_map
>>> threat = threat_map([Unit("B1", "blue", Hex(0, 1))], HexMap.flat(20, 3), "red")
>>> threat[Hex(18, 1)]
Fraction(5, 9)
"""

from hexrules.analysis.threat import THREAT_KINDS, Threat, threat_map, threat_of

__all__ = ["THREAT_KINDS", "Threat", "threat_map", "threat_of"]
