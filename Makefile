# Each target bootstraps .venv on first use, so a fresh checkout needs only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PKG_STAMP := $(VENV)/.installed-package
UNAME_S := $(shell uname -s 2>/dev/null || echo Windows)

.PHONY: play test test-slow bench lint package test-package test-wheel clean i18n i18n-extract i18n-update i18n-compile

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

# A test that runs past 5 minutes fails with every thread's stack printed (pytest-timeout), so a hang shows where.
test: lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n auto --timeout 300

test-slow: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -m slow

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m rules bench
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m game.shell.bench

$(PKG_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,package]'
	touch $(PKG_STAMP)

# The double-clickable game for the platform make runs on (see "Building the installers" in README.md).
ifneq (,$(filter MINGW% MSYS% CYGWIN% Windows%,$(UNAME_S)))
package:
	powershell -NoProfile -ExecutionPolicy Bypass -File build_scripts/build_windows.ps1
else ifeq ($(UNAME_S),Darwin)
package: $(PKG_STAMP)
	PYTHON=$(PY) build_scripts/build_macos.sh
else
package: $(PKG_STAMP)
	PYTHON=$(PY) build_scripts/build_linux.sh
endif

# Builds the Linux bundle and runs it unpacked: its --self-test and the title menu; then the wheel (a few minutes).
test-package: $(PKG_STAMP)
	$(PY) -m pytest -q -s -m package tests/package

# Builds the wheel, installs it into a fresh virtual environment and runs `noblemen --self-test` from elsewhere.
test-wheel: $(STAMP)
	$(PY) -m pytest -q -s -m package tests/package/test_wheel.py

# Style (ruff), types of the rules engine (mypy) and, in the test suite, the import contract (tests/test_imports.py).
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy

# The words of the game (game/locale): extract the message ids from the code into the template, merge them into
# the German and Italian catalogs, compile the .mo files the game reads (committed: a checkout plays as it is;
# tests/game/test_catalogs.py fails when one of them is stale or a message is untranslated).
LOCALE := game/locale
POT := $(LOCALE)/noblemen.pot
BABEL := $(VENV)/bin/pybabel
i18n: i18n-update i18n-compile

i18n-extract: $(STAMP)
	$(BABEL) -q extract -F babel.cfg --no-location --no-wrap --sort-output --omit-header \
		-k later -c "Translators:" -o $(POT) game rules

i18n-update: i18n-extract
	$(BABEL) -q update -i $(POT) -d $(LOCALE) -D noblemen --no-wrap --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date

i18n-compile: $(STAMP)
	$(BABEL) -q compile -d $(LOCALE) -D noblemen --statistics

clean:
	rm -rf $(VENV) build dist .pytest_cache noblemen.egg-info
