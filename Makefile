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
# 2-3 minutes on 2 cores; the class server end to end, tests/hub, about 1-2 minutes, as root
# with the hub's environment, which this installs) run too; CI runs exactly this.
test: $(STAMP) browser gis
	$(VENV)/bin/ruff check .
	@if [ "$$(id -u)" = 0 ]; then $(MAKE) --no-print-directory hub-env || echo "make test: the" \
	  "class server's environment could not be installed; tests/hub will say why it skips"; \
	else echo "make test: not root, so no class server (tests/hub skips)"; fi
	HEXRULES_SLOW=1 HEXRULES_HUB_PREFIX=$(HUB_PREFIX) $(PY) -m pytest
	$(PY) -m pytest --nbval-lax lessons -q

bench: $(STAMP)
	$(PY) benchmarks/bench_sight.py
	$(PY) benchmarks/bench_fire.py
	$(PY) benchmarks/bench_movement.py
	$(PY) benchmarks/bench_game.py
	$(PY) benchmarks/bench_artillery.py
	$(PY) benchmarks/bench_dem.py
	$(PY) benchmarks/bench_editor.py
	$(PY) benchmarks/bench_threat.py
	$(PY) benchmarks/bench_play.py
	$(PY) benchmarks/bench_player.py
	$(PY) benchmarks/bench_players.py time
	$(PY) benchmarks/bench_squad.py
	$(PY) benchmarks/bench_prokhorovka.py

clean:
	rm -rf $(VENV)

# --- The class server (deploy/README.md): JupyterHub for a whole class on one machine -------
# `sudo make hub` installs the hub's environment once (HUB_PREFIX: a venv from Debian's
# python3 with the project and JupyterHub, configurable-http-proxy from npm, the classroom
# configuration and the published lessons), then starts the hub in the background on port
# HUB_PORT; `sudo make hub-stop` stops it and every cadet's server. As root (the hub makes one
# Unix account per cadet). Debian's nodejs, npm and python3-venv are installed when missing.
HUB_PREFIX ?= /opt/hexrules-hub
HUB_STATE  ?= /var/lib/hexrules-hub
HUB_IP     ?= 0.0.0.0
HUB_PORT   ?= 8000
HUB_ARGS   ?=
HUB_VENV    = $(HUB_PREFIX)/venv
HUB_STAMP   = $(HUB_PREFIX)/.installed
HUB_SOURCES := Makefile pyproject.toml deploy/proxy/package.json deploy/lab-overrides.json \
  deploy/classhub/course.py \
  $(shell find hexrules widgets lessons docs maps config -type f -not -path '*/__pycache__/*' \
    -not -path '*/.ipynb_checkpoints/*' 2>/dev/null)
HUBCTL      = deploy/hubctl.py --prefix $(HUB_PREFIX) --state $(HUB_STATE)

.PHONY: hub hub-env hub-stop hub-status

hub-env: $(HUB_STAMP)

$(HUB_STAMP): $(HUB_SOURCES)
	@if ! command -v npm >/dev/null 2>&1 || ! /usr/bin/python3 -c 'import ensurepip, venv' \
	    >/dev/null 2>&1; then \
	  echo "make hub-env: installing Debian's nodejs, npm (configurable-http-proxy) and" \
	    "python3-venv (the hub's environment) with apt-get; once, about a minute"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  $$SUDO apt-get install -y -qq nodejs npm python3 python3-venv >/dev/null; fi
	@echo "make hub-env: installing the class server into $(HUB_PREFIX) (about a minute)"
	/usr/bin/python3 -m venv $(HUB_VENV)
	$(HUB_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(HUB_VENV)/bin/python -m pip install --quiet '.[hub]'
	mkdir -p $(HUB_PREFIX)/proxy && cp deploy/proxy/package.json $(HUB_PREFIX)/proxy/
	@# configurable-http-proxy 5 needs Node.js 20; Debian 12's nodejs is 18: take 4.6.3 there
	cd $(HUB_PREFIX)/proxy && if [ "$$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; \
	  then echo "make hub-env: Node.js $$(node --version) is older than 20:" \
	    "configurable-http-proxy 4.6.3 instead of 5.3.0"; \
	  npm pkg set dependencies.configurable-http-proxy=4.6.3 && npm pkg delete overrides; fi
	cd $(HUB_PREFIX)/proxy && npm install --quiet --no-audit --no-fund --package-lock=false
	mkdir -p $(HUB_VENV)/etc/jupyter $(HUB_VENV)/share/jupyter/voila/templates
	cp config/jupyter_server_config.py config/voila.py $(HUB_VENV)/etc/jupyter/
	cp -r config/voila/templates/hexrules $(HUB_VENV)/share/jupyter/voila/templates/
	mkdir -p $(HUB_VENV)/share/jupyter/lab/settings
	cp deploy/lab-overrides.json $(HUB_VENV)/share/jupyter/lab/settings/overrides.json
	$(HUB_VENV)/bin/python deploy/classhub/course.py publish . $(HUB_PREFIX)/share/hexrules/course
	chmod -R a+rX $(HUB_PREFIX)
	touch $(HUB_STAMP)

hub: hub-env
	@$(MAKE) --no-print-directory gis || echo "make hub: gdal-bin/poppler-utils not installed" \
	  "(lesson 09's raster comparison needs gdal_viewshed); the other lessons do not need them"
	$(HUB_VENV)/bin/python $(HUBCTL) start --ip $(HUB_IP) --port $(HUB_PORT) $(HUB_ARGS)

hub-stop:
	$(PYTHON) $(HUBCTL) stop

hub-status:
	$(PYTHON) $(HUBCTL) status --ip $(HUB_IP) --port $(HUB_PORT)
