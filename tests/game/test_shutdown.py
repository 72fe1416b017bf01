"""Quitting never hangs: the game and the tests quit pygame through ``game.shell.shutdown.quit_pygame``, which
halts the sounds and closes the mixer before ``pygame.quit()`` (quitting while a sound ends could deadlock
inside SDL_mixer), and ends the process if SDL still does not return."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from game.persist.settings import Settings
from game.shell import shutdown
from game.shell.app import App, build_parser

pytestmark = pytest.mark.usefixtures("audio")  # a mixer that opens: SDL's dummy audio device

ROOT = Path(__file__).resolve().parents[2]


def test_the_game_closes_the_mixer_before_it_quits_pygame(monkeypatch):
    seen: list[tuple[object, bool]] = []  # (mixer state, a channel busy) when pygame.quit() starts
    real_quit = pygame.quit

    def spying_quit() -> None:
        init = pygame.mixer.get_init()
        seen.append((init, init is not None and pygame.mixer.get_busy()))
        real_quit()

    app = App(build_parser().parse_args(["--size", "1280x720", "--frames", "2"]), settings=Settings(),
              persist_settings=False)
    assert app.sound.play("ball")  # almost three seconds: still sounding when the two frames are over
    assert pygame.mixer.get_busy()
    monkeypatch.setattr(pygame, "quit", spying_quit)
    app.run()
    assert seen == [(None, False)]


def test_closing_the_mixer_needs_none():
    shutdown.quit_pygame()  # nothing started: harmless
    pygame.init()
    shutdown.quit_pygame()
    assert pygame.mixer.get_init() is None and not pygame.get_init()


def test_quitting_without_a_stderr(monkeypatch):  # a windowed build on Windows has none
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "__stderr__", None)
    pygame.init()
    shutdown.quit_pygame()
    assert not pygame.get_init()


def test_a_quit_that_never_returns_ends_the_process():
    script = textwrap.dedent("""
        import time
        import pygame
        from game.shell import shutdown

        shutdown.QUIT_DEADLINE = 0.5
        pygame.quit = lambda: time.sleep(600)  # SDL stuck for good
        shutdown.quit_pygame()
        print("returned")
    """)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 1 and "returned" not in done.stdout
    assert "Timeout" in done.stderr and "quit_pygame" in done.stderr  # every thread's traceback, for a report


def _pygame_quit_calls(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [f"{path.relative_to(ROOT).as_posix()}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "quit"
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "pygame"]


def test_nothing_else_calls_pygame_quit():
    own = ROOT / "game" / "shell" / "shutdown.py"
    files = [p for folder in ("game", "tests", "tools") for p in sorted((ROOT / folder).rglob("*.py")) if p != own]
    assert [call for path in files for call in _pygame_quit_calls(path)] == []
    assert _pygame_quit_calls(own)  # (the search finds calls)
