"""The table's menu: back to the game, save as, rules, settings (speed applies at once), leave."""

from __future__ import annotations

import pygame
import pygame_gui

from game.scenes.game_menu import GameMenu
from game.scenes.table import TableScene
from tests.game.test_table_support import frames, make_app, make_table


def _press(app, menu: GameMenu, label: str) -> None:
    button = next(b for b in menu.buttons if b.text == label)
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    frames(app, 1)


def _open_menu(app, table: TableScene) -> GameMenu:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    frames(app, 1)
    menu = app.stack.top
    assert isinstance(menu, GameMenu)
    return menu


def test_escape_opens_the_menu_and_back_returns_to_the_game():
    app = make_app()
    table = make_table(app)
    menu = _open_menu(app, table)
    _press(app, menu, "Back to the game")
    assert app.stack.top is table
    app.stack.clear()


def test_settings_from_the_menu_change_the_running_speed():
    app = make_app()
    table = make_table(app, speed="normal")
    app.ctx.settings.animation_speed = "normal"
    menu = _open_menu(app, table)
    _press(app, menu, "Settings")
    assert app.stack.top.name != "game-menu"
    app.ctx.settings.animation_speed = "fast"
    app.stack.pop()  # back to the menu
    _press(app, app.stack.top, "Back to the game")
    assert table.session.speed == "fast"
    app.stack.clear()


def test_save_as_opens_the_save_dialog():
    app = make_app()
    table = make_table(app)
    menu = _open_menu(app, table)
    _press(app, menu, "Save as…")
    assert app.stack.top is not menu and app.stack.top is not table
    app.stack.clear()


def test_quit_ends_the_application_and_the_game_waits_for_continue(tmp_path, monkeypatch):
    monkeypatch.setenv("NOBLEMEN_DATA_DIR", str(tmp_path))
    app = make_app()
    app.ctx.autoplay = False
    table = make_table(app, ("human", "random", "random"))
    table.enter()  # (the autosave of a game with a human)
    menu = _open_menu(app, table)
    _press(app, menu, "Quit Noblemen")
    assert not app.running and app.exit_code == 0
    app.stack.clear()  # as the application does once its loop ends: the table's autosave is written
    assert list(tmp_path.rglob("autosave*.json"))


def test_leave_returns_to_the_title_and_closes_the_session():
    app = make_app()
    table = make_table(app)
    menu = _open_menu(app, table)
    _press(app, menu, "Leave the table")
    assert app.stack.top.name == "title"
    assert table.session.closed
    app.stack.clear()
