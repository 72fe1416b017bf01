# Each target bootstraps .venv on first use, so a fresh checkout needs only Python 3.11+ and make.
# `make play` installs the game and what it needs to run; `make test` (and lint, bench, i18n) adds the
# test tools; `make package` adds PyInstaller.
#
# Windows (GNU make from Chocolatey, winget, Scoop, Git Bash or MSYS2): the environment's Python is
# .venv\Scripts\python.exe and the default Python is the launcher, `py -3`. The recipes use no sh-only
# syntax (no `VAR=value command`, touch, rm or single quotes), so they run the same whether make hands
# them to sh or to cmd.exe (which takes no / in a program's path: hence the quoted backslashes, which sh
# keeps as they are); tests/package/test_makefile.py checks both branches with `make -n`.
VENV := .venv
ifeq ($(OS),Windows_NT)
PYTHON ?= py -3
PY := "$(VENV)\Scripts\python.exe"
else
PYTHON ?= python3
PY := $(VENV)/bin/python
endif
GAME_STAMP := $(VENV)/.installed-game
STAMP := $(VENV)/.installed
PKG_STAMP := $(VENV)/.installed-package
TOUCH = $(PY) -c "import pathlib; pathlib.Path('$@').touch()"

.PHONY: play test test-slow bench lint package test-package test-wheel clean i18n i18n-extract i18n-update i18n-compile

# The game and the libraries it needs to run (pygame-ce, pygame-gui, attrs, platformdirs): no test tools.
$(GAME_STAMP): pyproject.toml
	@echo make: creating the Python environment $(VENV) with $(PYTHON), once - the first run takes a minute or two
	$(PYTHON) -m venv $(VENV)
	@echo make: updating pip in $(VENV) ...
	$(PY) -m pip install --quiet --upgrade pip
	@echo make: installing Noblemen and what it needs - pygame-ce, pygame-gui, attrs, platformdirs ...
	$(PY) -m pip install --progress-bar on -e .
	$(TOUCH)

# ... and the tools of make test, lint, bench and i18n (pytest, hypothesis, ruff, mypy, Babel, ...).
$(STAMP): $(GAME_STAMP) pyproject.toml
	@echo make: installing the test tools into $(VENV) - pytest, hypothesis, ruff, mypy, Babel ...
	$(PY) -m pip install --progress-bar on -e ".[test]"
	$(TOUCH)

play: $(GAME_STAMP)
	@echo make: starting Noblemen
	$(PY) -m game

# Every test and benchmark runs headless. pytest runs with -X warn_default_encoding: a text file the game
# opens without an explicit encoding then fails its test (pyproject.toml makes that EncodingWarning an error),
# so a bug that only Windows' code page would show shows everywhere.
test test-slow bench test-package test-wheel: export SDL_VIDEODRIVER := dummy
test test-slow bench test-package test-wheel: export SDL_AUDIODRIVER := dummy
PYTEST := $(PY) -X warn_default_encoding -m pytest

# A test that runs past 5 minutes fails with every thread's stack printed (pytest-timeout), so a hang shows where.
test: lint
	$(PYTEST) -q -n auto --timeout 300

test-slow: $(STAMP)
	$(PYTEST) -q -m slow

bench: $(STAMP)
	$(PY) -m rules bench
	$(PY) -m game.shell.bench

$(PKG_STAMP): $(STAMP)
	@echo make: installing PyInstaller into $(VENV) ...
	$(PY) -m pip install --progress-bar on -e ".[test,package]"
	$(TOUCH)

# The double-clickable game for the platform make runs on (see "Building the installers" in README.md).
ifeq ($(OS),Windows_NT)
package: $(PKG_STAMP)
	powershell -NoProfile -ExecutionPolicy Bypass -File build_scripts/build_windows.ps1 -Python $(PY)
else ifeq ($(shell uname -s),Darwin)
package: $(PKG_STAMP)
	PYTHON=$(PY) build_scripts/build_macos.sh
else
package: $(PKG_STAMP)
	PYTHON=$(PY) build_scripts/build_linux.sh
endif

# Builds the Linux bundle and runs it unpacked: its --self-test and the title menu; then the wheel (a few minutes).
test-package: $(PKG_STAMP)
	$(PYTEST) -q -s -m package tests/package

# Builds the wheel, installs it into a fresh virtual environment and runs `noblemen --self-test` from elsewhere.
test-wheel: $(STAMP)
	$(PYTEST) -q -s -m package tests/package/test_wheel.py

# Style (ruff), types of the rules engine (mypy) and, in the test suite, the import contract (tests/test_imports.py).
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy

# The words of the game (game/locale): extract the message ids from the code into the template, merge them into
# the German and Italian catalogs, compile the .mo files the game reads (committed: a checkout plays as it is;
# tests/game/test_catalogs.py fails when one of them is stale or a message is untranslated).
LOCALE := game/locale
POT := $(LOCALE)/noblemen.pot
BABEL := $(PY) -m babel.messages.frontend
i18n: i18n-update i18n-compile

i18n-extract: $(STAMP)
	$(BABEL) -q extract -F babel.cfg --no-location --no-wrap --sort-output --omit-header -k later -c "Translators:" -o $(POT) game rules

i18n-update: i18n-extract
	$(BABEL) -q update -i $(POT) -d $(LOCALE) -D noblemen --no-wrap --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date

i18n-compile: $(STAMP)
	$(BABEL) -q compile -d $(LOCALE) -D noblemen --statistics

clean:
	$(PYTHON) -c "import shutil; [shutil.rmtree(p, ignore_errors=True) for p in ('$(VENV)', 'build', 'dist', '.pytest_cache', 'noblemen.egg-info')]"
