# Each target bootstraps .venv on first use, so a fresh checkout needs only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PKG_STAMP := $(VENV)/.installed-package
UNAME_S := $(shell uname -s 2>/dev/null || echo Windows)

.PHONY: play test test-slow bench lint package test-package test-wheel clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n auto

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

clean:
	rm -rf $(VENV) build dist .pytest_cache noblemen.egg-info
