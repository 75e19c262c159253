"""pytest in ``lessons/``: nbval runs the notebooks; the doctests of the ``_check*.py`` helpers
run too (``--doctest-modules``).

The lessons' jupytext sources (``NN_*.py``, ``instructor_demo.py``) are the notebooks' text,
not modules: importing them for doctests would run every lesson a second time, outside a
kernel. tests/test_lessons_sources.py checks that they match the notebooks.
"""

collect_ignore_glob = ["[0-9][0-9]_*.py", "instructor_demo*.py"]  # both editions (NN_*.zh.py)
