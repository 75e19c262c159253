# hexrules: two commands a new user needs (see README).
#   make lab   - set everything up and open the lessons in JupyterLab
#   make test  - set everything up and run the whole test suite (ruff, doctests, pytest,
#                nbval on every lesson, real-browser tests)
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed
LAB_ARGS ?=
VOILA_ARGS ?=
# The classroom configuration in config/ (idle-kernel culling for both servers; Voila's
# offline template and the front-end extensions it loads): see the README's Widgets section.
JUPYTER_CLASSROOM = JUPYTER_CONFIG_PATH=$(CURDIR)/config JUPYTER_PATH=$(CURDIR)/config

.PHONY: lab test setup browser gis voila bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

# Debian's Chromium and a small CJK font for the browser tests (never a Playwright browser
# download). Skipped when both are already there.
browser:
	@if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi wenquanyi; then \
	  echo "make browser: installing Debian's chromium and fonts-wqy-microhei (a CJK font) with" \
	    "apt-get for the real-browser tests (tests/browser); once, this can take a few minutes"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  $$SUDO apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null; fi

# Debian's gdal-bin (gdal_viewshed: the raster viewshed that hexrules.mapmaking.compare and
# lesson 09 compare the hex rule with) and poppler-utils (pdftotext, pdftoppm: the print
# kit's tests read its PDFs). Skipped when both are already there.
gis:
	@if ! command -v gdal_viewshed >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1; then \
	  echo "make gis: installing Debian's gdal-bin (gdal_viewshed) and poppler-utils" \
	    "(pdftotext, pdftoppm) with apt-get for the terrain comparison and the print kit;" \
	    "once, this can take a minute"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  $$SUDO apt-get install -y -qq gdal-bin poppler-utils >/dev/null; fi

# Serves the repository root (the file browser reaches maps/, hexrules/data/tables/ and
# docs/) and opens the lessons' index.
lab: $(STAMP)
	@$(MAKE) --no-print-directory gis || echo "make lab: gdal-bin/poppler-utils not installed" \
	  "(lesson 09's raster comparison needs gdal_viewshed); the other lessons do not need them"
	$(JUPYTER_CLASSROOM) $(VENV)/bin/jupyter lab --ServerApp.root_dir=. lessons/00_index.ipynb \
	  $$( [ "$$(id -u)" = 0 ] && echo --allow-root ) $(LAB_ARGS)

voila: $(STAMP)
	$(JUPYTER_CLASSROOM) $(VENV)/bin/voila lessons/instructor_demo.ipynb $(VOILA_ARGS)

# HEXRULES_SLOW=1: the exhaustive checks marked slow (1,000 random games a scenario, about
# 2-3 minutes on 2 cores) run too; CI runs exactly this.
test: $(STAMP) browser gis
	$(VENV)/bin/ruff check .
	HEXRULES_SLOW=1 $(PY) -m pytest
	$(PY) -m pytest --nbval-lax lessons -q

bench: $(STAMP)
	$(PY) benchmarks/bench_sight.py
	$(PY) benchmarks/bench_fire.py
	$(PY) benchmarks/bench_movement.py
	$(PY) benchmarks/bench_game.py
	$(PY) benchmarks/bench_artillery.py
	$(PY) benchmarks/bench_dem.py

clean:
	rm -rf $(VENV)
