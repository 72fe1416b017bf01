"""One version everywhere: pyproject.toml, the metadata, --version, the title screen and the self-test."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
import pytest

from game import version as version_module
from game.persist.settings import Settings
from game.scenes.title import TitleScene
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.version import numeric, pyproject_version, version

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_is_the_one_in_pyproject():
    written = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert version() == pyproject_version() == written


def test_the_metadata_is_read_as_the_import_system_reads_it():
    assert version_module.installed_version() == importlib.metadata.version("noblemen")


def test_the_first_installed_metadata_on_the_path_counts(tmp_path):
    first, second, broken = tmp_path / "first", tmp_path / "second", tmp_path / "broken"
    for folder, text in ((first, "Name: noblemen\nVersion: 2.0\n\nVersion: 9\n"),
                         (second, "Name: noblemen\nVersion: 1.0\n"), (broken, "Name: noblemen\n")):
        (folder / "Noblemen-x.dist-info").mkdir(parents=True)
        (folder / "Noblemen-x.dist-info" / "METADATA").write_text(text, encoding="utf-8")
    (tmp_path / "not-a-folder.zip").write_bytes(b"PK")
    path = [str(tmp_path / "not-a-folder.zip"), str(tmp_path / "missing"), str(broken), str(first), str(second)]
    assert version_module.installed_version(path) == "2.0"
    assert version_module.installed_version([str(tmp_path / "missing")]) is None


def test_a_bundle_built_from_a_checkout_reads_the_egg_info_it_carries(tmp_path):
    """PyInstaller's copy_metadata takes the .egg-info a setuptools build leaves in the checkout, when that is
    first on the path: the installed game read only .dist-info folders and stopped at its start."""
    (tmp_path / "noblemen.egg-info").mkdir()
    (tmp_path / "noblemen.egg-info" / "PKG-INFO").write_text("Name: noblemen\nVersion: 3.1\n", encoding="utf-8")
    (tmp_path / "noblemen_extra.egg-info").mkdir()  # another distribution's folder is not the game's
    (tmp_path / "noblemen_extra.egg-info" / "PKG-INFO").write_text("Version: 9\n", encoding="utf-8")
    assert version_module.installed_version([str(tmp_path)]) == "3.1"


def test_a_checkout_that_is_not_installed_reads_pyproject(monkeypatch):
    monkeypatch.setattr(version_module, "installed_version", lambda: None)
    version.cache_clear()
    try:
        assert version() == pyproject_version()
    finally:
        monkeypatch.undo()
        version.cache_clear()


@pytest.mark.parametrize(("text", "numbers"), [("0.1.0", (0, 1, 0, 0)), ("2", (2, 0, 0, 0)),
                                               ("1.2rc1", (1, 2, 0, 0)), ("1.2.3.4.5", (1, 2, 3, 4)),
                                               ("3.0.1+local", (3, 0, 1, 0))])
def test_numeric_versions_for_windows_and_macos(text, numbers):
    assert numeric(text) == numbers
    with pytest.raises(ValueError):
        numeric("dev")


@pytest.mark.parametrize("command", [["-m", "game", "--version"], ["-m", "game.version"]])
def test_version_on_the_command_line(command, tmp_path):
    proc = subprocess.run([sys.executable, *command], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() in (f"noblemen {version()}", version())


def _title_texts(monkeypatch, cli: list[str]) -> tuple[list[tuple[str, dict, pygame.Rect]], pygame.Rect]:
    """What the title's first frame writes with widgets.blit_text (the words, where they were asked to go, where they
    went) in an app started with ``cli``, and the window's rect."""
    from game.ui import widgets

    drawn = []
    app = App(build_parser().parse_args(cli), settings=Settings(), persist_settings=False)
    try:
        real = widgets.blit_text

        def spy(surface, content, *args, **kwargs):
            rect = real(surface, content, *args, **kwargs)
            drawn.append((content, kwargs, rect))
            return rect

        monkeypatch.setattr(widgets, "blit_text", spy)
        app.running = True
        app.stack.push(TitleScene(app.ctx))
        app.step(1 / 60)
        return drawn, app.window.get_rect()
    finally:
        app.stack.clear()
        quit_pygame()


def test_the_title_screen_shows_the_version(monkeypatch):
    drawn, window = _title_texts(monkeypatch, ["--size", "1280x720"])
    shown = [kw for content, kw, _rect in drawn if content == f"Version {version()}"]
    assert shown and window.contains(pygame.Rect(shown[0]["bottomright"], (0, 0)))


@pytest.mark.parametrize("lang", ["en", "de", "it"])
@pytest.mark.parametrize(("size", "scale"), [((960, 600), 100), ((1280, 720), 150), ((1920, 1080), 200)])
def test_the_version_keeps_apart_from_the_key_hints(monkeypatch, lang, size, scale):
    """Beside the hints line only with a gap (at 1920x1080, 200 %, German it ran on from "Esc beenden"), else in
    the frame's top corner."""
    cli = ["--size", f"{size[0]}x{size[1]}", "--lang", lang, "--text-scale", str(scale)]
    drawn, window = _title_texts(monkeypatch, cli)
    version_rect = next(rect for content, _kw, rect in drawn if content.endswith(version()))
    hints = next(rect for content, _kw, rect in drawn if content.startswith("Tab"))
    assert window.contains(version_rect)
    if version_rect.top >= hints.top:  # beside the hints
        assert version_rect.left - hints.right >= 12 or hints.left - version_rect.right >= 12
    else:
        assert version_rect.bottom <= hints.top
