"""Drawing and HTML of maps and records; imported lazily by the rules modules.

Nothing here decides a rule. :mod:`hexrules.render.plots` draws with matplotlib (imported
inside the functions); the rules modules import this package only inside their ``plot`` and
``_repr_html_`` methods.
"""
