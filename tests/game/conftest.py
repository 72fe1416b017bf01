"""Headless pygame for the GUI tests; config and data folders in tmp dirs."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
# no audio device: the game is silent (as on a machine without one), and each test's pygame starts and quits some
# 35 ms sooner than with SDL's dummy device; the tests of the sounds ask for that device (the `audio` fixture)
os.environ["SDL_AUDIODRIVER"] = "none"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    """Every test gets its own config and data folders, and an English system (whatever the machine speaks)."""
    from game import i18n

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    i18n.set_language("en")
    config = tmp_path / "config"
    data = tmp_path / "data"
    monkeypatch.setenv("NOBLEMEN_CONFIG_DIR", str(config))
    monkeypatch.setenv("NOBLEMEN_DATA_DIR", str(data))
    return config, data


@pytest.fixture(autouse=True)
def _table_laid_out_whole(monkeypatch):
    """Every frame lays the whole table out, however slow the machine (what a test reads of the table is then the
    game's now); the tests of the table's frames short of time lower the limit themselves."""
    from game.scenes import table

    monkeypatch.setattr(table, "LAYOUT_SECONDS", 3600.0)


@pytest.fixture
def audio(monkeypatch):
    """SDL's dummy audio device for this test: a mixer that opens and plays (to nowhere)."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def pygame_display():
    """An initialised pygame with a dummy display; quits afterwards."""
    import pygame

    from game.shell.shutdown import quit_pygame
    from game.ui import assets, widgets

    # fonts and rendered text from an earlier pygame.init() die with pygame.quit(): start afresh
    assets.clear_caches()
    widgets._gold_text.cache_clear()
    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    quit_pygame()
