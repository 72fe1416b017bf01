"""Sharp on scaled screens (issue: Windows display scaling and Retina): one notion of scale - layouts in logical
units, drawn at the pixel ratio - ``--pixel-ratio``, DPI awareness, pointer positions from points to pixels."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.persist.settings import Settings
from game.shell import display
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.ui import layout
from rules import actions as A
from rules.model import TileType
from tests.game import test_table_support as support

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _plain_ratio():
    yield
    layout.set_pixel_ratio(1.0)
    quit_pygame()


def _app(size=(960, 600), ratio: float | None = None, *more: str) -> App:
    args = ["--size", f"{size[0]}x{size[1]}", *(["--pixel-ratio", f"{ratio:g}"] if ratio else []), *more]
    app = App(build_parser().parse_args(args), settings=Settings(), persist_settings=False)
    app.running = True
    return app


@pytest.mark.parametrize("bad", ["0.5", "4", "two", "nan"])
def test_the_command_line_refuses_a_pixel_ratio_out_of_range(bad):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--pixel-ratio", bad])


def test_at_ratio_2_the_window_has_twice_the_pixels_and_the_same_layout_doubled():
    plain = layout.table_layout((960, 600))
    app = _app((960, 600), 2)
    assert app.window.get_size() == (1920, 1200) and layout.pixel_ratio() == 2
    assert app.ctx.window_size == (1920, 1200) and layout.units(app.ctx.window_size) == (960, 600)
    doubled = layout.table_layout(app.ctx.window_size)
    for name, rect in plain.regions().items():
        assert doubled.regions()[name] == pygame.Rect(rect.x * 2, rect.y * 2, rect.w * 2, rect.h * 2), name
    assert doubled.scale == plain.scale * 2
    app.stack.clear()


def test_text_at_ratio_2_is_rasterised_at_twice_the_pixels(pygame_display):
    from game.ui import assets

    one = assets.font("body", round(16 * layout.scale_for((960, 600)))).get_height()
    layout.set_pixel_ratio(2)
    two = assets.font("body", round(16 * layout.scale_for((1920, 1200)))).get_height()
    assert abs(two - 2 * one) <= 2


def test_a_screenshot_at_ratio_2_is_1920x1200(tmp_path):
    app = _app((960, 600), 2, "--screenshots", str(tmp_path), "--frames", "3")
    app.run()
    shots = sorted(tmp_path.glob("*.png"))
    assert shots and pygame.image.load(str(shots[0])).get_size() == (1920, 1200)


def test_at_ratio_2_a_drag_lands_where_it_was_aimed_and_a_click_hits_its_button():
    app = _app((960, 600), 2)
    table = support.make_table(app)
    support.play_human_turns(app, table, support.at_turn_start)
    s = table.session
    me = s.state.players[0]
    tile = next(t for t in TileType if me.tiles[t])
    target = next(a.pos for a in s.legal() if isinstance(a, A.PlaceTile) and a.tile == tile)
    source = table.find_hot(f"screen:tile:{tile.label}").rect.center
    assert source[0] > 960 or source[1] > 600  # in the window's pixels, beyond the logical size
    support.drag(app, source, support.cell_pos(table, target))
    assert s.state.players[0].estate.tiles.get(target) == tile
    taken = len(s.state.history)
    support.click(app, table, "action:end")  # "Done placing": a button hit at the window's pixels
    assert len(s.state.history) == taken + 1
    app.stack.clear()


class _PointsWindow:
    """A high-DPI window as macOS makes it: 480x300 points over a 960x600-pixel surface."""

    size = (480, 300)


def test_in_a_high_dpi_window_pointer_positions_are_mapped_from_points_to_pixels():
    shown = display.Display(high_dpi=True)
    shown.window = _PointsWindow()  # type: ignore[assignment]
    shown.surface = pygame.Surface((960, 600))
    assert shown.pointer_scale() == (2.0, 2.0)
    moved = shown.to_pixels(pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 50), rel=(3, -2), buttons=(0, 0, 0)))
    assert moved.pos == (200, 100) and moved.rel == (6, -4)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert shown.to_pixels(key) is key


def test_a_plain_window_takes_pointer_positions_as_they_are():
    shown = display.Display(forced_ratio=2)
    assert not shown.high_dpi and shown.pointer_scale() == (1.0, 1.0)


def test_windows_is_told_the_game_is_per_monitor_dpi_aware_before_the_display_starts(monkeypatch):
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    display.prepare()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    monkeypatch.setenv("SDL_WINDOWS_DPI_AWARENESS", "system")  # the player's own choice is kept
    display.prepare()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "system"


def test_the_windows_executable_declares_per_monitor_v2_dpi_awareness():
    manifest = (ROOT / "build_scripts" / "noblemen.manifest").read_text(encoding="utf-8")
    assert "PerMonitorV2" in manifest and "true/pm" in manifest
    spec = (ROOT / "build_scripts" / "noblemen.spec").read_text(encoding="utf-8")
    assert 'manifest=str(ROOT / "build_scripts" / "noblemen.manifest")' in spec


def test_the_settings_keep_the_window_size_in_logical_units():
    app = _app((960, 600), 2)
    pygame.display.set_mode((2400, 1500), pygame.RESIZABLE)
    app.resize((2400, 1500))
    assert app.settings.window_size == (1200, 750)
    app.stack.clear()
