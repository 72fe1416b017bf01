"""The keyboard shortcuts answer to Ctrl, as on Windows and Linux, and to Cmd, as on a Mac (game.ui.shortcuts):
saving at the table, in its menu and in the settings, taking a step back, a decade at a time in a replay, all
selected in a name. A letter pressed with either is a shortcut's, never the action of that letter."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.settings_scene import SettingsScene
from rules import TileType
from rules import actions as A
from tests.game import test_table_support as support
from tests.game.gallery import GALLERY
from tests.game.test_keyboard_table import press
from tests.game.test_table_actions import start

app = support.app  # the fixture
MODIFIERS = pytest.mark.parametrize("mod", [pygame.KMOD_LCTRL, pygame.KMOD_LMETA], ids=["ctrl", "cmd"])


@MODIFIERS
def test_s_saves_the_game_at_the_table_and_from_its_menu(app, mod):
    table = start(app)
    press(app, pygame.K_s, mod)
    assert app.stack.top.name == "save"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    press(app, pygame.K_ESCAPE)  # the table's menu
    assert app.stack.top.name == "game-menu"
    press(app, pygame.K_s, mod)
    assert app.stack.top.name == "save"


@MODIFIERS
def test_z_takes_back_a_placed_tile(app, mod):
    table = start(app)
    s = table.session
    tile = next(t for t in TileType if s.state.players[0].tiles[t])
    target = next(a.pos for a in s.legal() if isinstance(a, A.PlaceTile) and a.tile == tile)
    before = len(s.state.history)
    support.drag(app, table.find_hot(f"screen:tile:{tile.label}").rect.center, support.cell_pos(table, target))
    assert len(s.state.history) == before + 1
    press(app, pygame.K_z)  # a plain Z is no shortcut
    assert len(s.state.history) == before + 1
    press(app, pygame.K_z, mod)
    assert len(s.state.history) == before and target not in s.state.players[0].estate.tiles


@MODIFIERS
def test_a_letter_with_the_shortcuts_key_takes_no_action(app, mod):
    """Cmd+C on a Mac (copy, by habit) opened the bribe's chooser; Ctrl+C did not."""
    table = start(app)
    press(app, pygame.K_c, mod)
    assert table.parts.chooser.opened is None
    press(app, pygame.K_c)  # the case tests something: C alone opens it
    assert table.parts.chooser.opened is not None


@MODIFIERS
def test_the_arrows_go_a_decade_at_a_time_in_a_replay(app, mod):
    scene = GALLERY["replay"](app)
    support.frames(app, 1)
    middle = scene.step
    press(app, pygame.K_RIGHT)
    next_turn = scene.step
    scene.go(middle)
    press(app, pygame.K_RIGHT, mod)
    assert scene.step == scene.replay.next_stop(middle, scene.replay.decades) != next_turn
    press(app, pygame.K_LEFT, mod)
    assert scene.step == scene.replay.previous_stop(scene.replay.next_stop(middle, scene.replay.decades),
                                                    scene.replay.decades)


@MODIFIERS
def test_s_saves_the_settings(app, mod, monkeypatch):
    saved = []
    monkeypatch.setattr(app.ctx, "save_settings", lambda: saved.append(True))
    app.stack.push(SettingsScene(app.ctx))
    support.frames(app, 1)
    press(app, pygame.K_s, mod)
    assert saved == [True]


@pytest.mark.parametrize("platform,language,written", [("win32", "en", "Ctrl+S"), ("linux", "de", "Strg+S"),
                                                       ("darwin", "en", "Cmd+S"), ("darwin", "it", "Cmd+S")])
def test_the_tips_write_the_shortcut_as_the_computer_has_it(platform, language, written, monkeypatch):
    from game import i18n
    from game.ui import shortcuts

    monkeypatch.setattr(shortcuts.sys, "platform", platform)
    i18n.set_language(language)
    assert shortcuts.keys("S") == written


@MODIFIERS
def test_a_selects_all_of_a_name_on_the_seating(app, mod):
    from game.scenes.setup import SetupScene

    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    support.frames(app, 1)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=setup.find_hot("setup:name:1").rect.center,
                                        button=1))
    for letter in "Dudley":
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    support.frames(app, 1)
    press(app, pygame.K_a, mod)
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="B"))
    support.frames(app, 1)
    assert setup.seats[1]["name"] == "B"
