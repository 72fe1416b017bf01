"""No path of the program drops an unfinished game silently: New game, Load, Play again and a save opened from
the command line ask first ("Replace it", "Cancel", "Save it first") whenever the autosave holds an
unfinished game they would replace, and never when nothing would be lost."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import scenes
from game.persist import saves, storage
from game.persist.settings import Settings
from game.scenes import unfinished
from game.scenes.game_over import GameOverScene
from game.scenes.saves import LoadScene, SaveDialog
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.session import GameSession, SeatSpec
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.ui import widgets
from tests.game.test_saves import play

SEATS = (("Anne", "#D55E00", "lion"), ("Robert", "#0072B2", "rose"), ("Mary", "#009E73", "stag"))


def session(seed: int, kinds=("human", "normal", "easy"), steps: int = 40) -> GameSession:
    made = GameSession([SeatSpec(n, k, c, cr) for (n, c, cr), k in zip(SEATS, kinds, strict=True)], seed)
    return play(made, steps, seed)


def autosave(game: GameSession) -> bytes:
    saves.write_save(storage.autosave_path(), game, keep_backup=True)
    return storage.autosave_path().read_bytes()


@pytest.fixture
def app():
    application = App(build_parser().parse_args(["--size", "1280x720"]), settings=Settings(),
                      persist_settings=False)
    application.running = True
    application.stack.push(TitleScene(application.ctx))
    yield application
    for scene in application.stack:
        if getattr(scene, "session", None) is not None:
            scene.session.close()
    application.stack.clear()
    quit_pygame()


def frames(app, n: int = 2) -> None:
    for _ in range(n):
        app.step(1 / 60)


def asked(app) -> widgets.ChoiceDialog:
    dialog = app.stack.top
    assert isinstance(dialog, widgets.ChoiceDialog) and dialog.title == unfinished.TITLE
    assert [label for label, _style, _action in dialog.choices] == ["Replace it", "Cancel", "Save it first"]
    return dialog


def answer(app, dialog: widgets.ChoiceDialog, label: str) -> None:
    index = [text for text, _style, _action in dialog.choices].index(label)
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=dialog.buttons[index]))
    frames(app)


# -- New game ------------------------------------------------------------------------------------------------
def test_new_game_asks_and_cancel_keeps_everything(app):
    before = autosave(session(1))
    app.stack.top.new_game()
    dialog = asked(app)
    assert "Anne, Robert and Mary" in dialog.message and "will be replaced" in dialog.message
    answer(app, dialog, "Cancel")
    assert isinstance(app.stack.top, TitleScene)
    assert storage.autosave_path().read_bytes() == before


def test_new_game_replace_it_opens_the_setup(app):
    autosave(session(2))
    app.stack.top.new_game()
    answer(app, asked(app), "Replace it")
    assert isinstance(app.stack.top, SetupScene)


def test_new_game_save_it_first_keeps_the_game_under_load(app):
    unfinished_game = session(3)
    autosave(unfinished_game)
    app.stack.top.new_game()
    answer(app, asked(app), "Save it first")
    dialog = app.stack.top
    assert isinstance(dialog, SaveDialog)
    assert dialog.save() and dialog.saved_path is not None
    frames(app, 90)  # the "Saved." note closes itself, then the new game's setup opens
    assert isinstance(app.stack.top, SetupScene)
    (kept,) = saves.list_saves()
    assert kept.name == dialog.text.strip()
    assert saves.load_file(kept.path).session.state.history == unfinished_game.state.history


def test_cancelling_the_save_dialog_changes_nothing(app):
    before = autosave(session(4))
    app.stack.top.new_game()
    answer(app, asked(app), "Save it first")
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app)
    assert isinstance(app.stack.top, TitleScene) and saves.list_saves() == []
    assert storage.autosave_path().read_bytes() == before


def test_save_it_first_suggests_a_free_name(app):
    game = session(5)
    autosave(game)
    from game.scenes.saves import default_save_name

    saves.save_named(session(6), default_save_name(game))  # another game took the obvious name
    app.stack.top.new_game()
    answer(app, asked(app), "Save it first")
    assert app.stack.top.text == default_save_name(game) + " (2)"


@pytest.mark.parametrize("state", ["none", "over", "damaged, no backup"])
def test_nothing_to_lose_means_no_question(app, state):
    if state == "over":
        autosave(session(7, steps=100_000))
    elif state == "damaged, no backup":
        storage.autosave_path().parent.mkdir(parents=True, exist_ok=True)
        storage.autosave_path().write_text("{", encoding="utf-8")
    app.stack.top.new_game()
    assert isinstance(app.stack.top, SetupScene)


def test_a_damaged_autosave_with_a_good_backup_is_still_asked_for(app):
    game = session(8)
    autosave(game)
    autosave(play(game, 1))  # the backup: the game one move earlier
    storage.autosave_path().write_text('{"format": "noblemen-save", "ver', encoding="utf-8")
    app.stack.top.new_game()
    answer(app, asked(app), "Save it first")
    dialog = app.stack.top
    assert dialog.save()
    frames(app, 90)
    (kept,) = saves.list_saves()
    assert saves.load_file(kept.path).session.state.history == game.state.history[:-1]


# -- Load --------------------------------------------------------------------------------------------------------
def _load(app, game: GameSession) -> LoadScene:
    saves.save_named(game, "Another game")
    load = scenes.create("load_game", app.ctx)
    app.stack.push(load)
    frames(app)
    load.load_selected()
    frames(app)
    return load


def test_load_asks_and_cancel_keeps_the_autosave(app, monkeypatch):
    before = autosave(session(9))
    load = _load(app, session(10))
    answer(app, asked(app), "Cancel")
    assert app.stack.top is load and storage.autosave_path().read_bytes() == before


def test_load_replace_it_opens_the_table_and_autosaves_the_loaded_game(app):
    autosave(session(11))
    other = session(12)
    _load(app, other)
    answer(app, asked(app), "Replace it")
    table = app.stack.top
    assert type(table).__name__ == "TableScene"
    assert saves.autosaver_for(table.session).wait()
    saved = saves.load_autosave().session.state.history  # (a computer player may have moved since)
    assert saved[:len(other.state.history)] == other.state.history


def _load_named(app, name: str) -> None:
    load = scenes.create("load_game", app.ctx)
    app.stack.push(load)
    frames(app)
    load.select(next(i for i, entry in enumerate(load.entries) if entry.name == name))
    load.load_selected()
    frames(app)


def test_loading_the_autosaved_game_itself_asks_nothing(app):
    game = session(13)
    saves.save_named(game, "Same game")
    autosave(game)  # the autosave stands where the named save does: loading it loses nothing
    _load_named(app, "Same game")
    assert type(app.stack.top).__name__ == "TableScene"


def test_loading_an_earlier_save_of_the_same_game_asks(app):
    game = session(14)
    saves.save_named(game, "Earlier")
    autosave(play(game, 5))  # the game went on after that save: loading it would lose five moves
    _load_named(app, "Earlier")
    asked(app)


# -- Play again ----------------------------------------------------------------------------------------------------
def test_play_again_asks_when_another_game_is_unfinished(app):
    before = autosave(session(15))
    finished = session(16, kinds=("normal", "easy", "normal"), steps=100_000)  # computers: never autosaved
    over = GameOverScene(app.ctx, finished)
    app.stack.push(over)
    frames(app)
    finished.seats[0].kind = "human"  # the next game has a human: it will be autosaved
    over.play_again()
    frames(app)
    answer(app, asked(app), "Cancel")
    assert app.stack.top is over and not over.finished
    assert storage.autosave_path().read_bytes() == before
    over.play_again()
    frames(app)
    answer(app, asked(app), "Replace it")
    assert type(app.stack.top).__name__ == "TableScene"


def test_a_game_of_computer_players_replaces_nothing(app):
    autosave(session(17))
    incoming = session(18, kinds=("easy", "normal", "easy"), steps=0)
    assert unfinished.unfinished(incoming) is None
    assert unfinished.unfinished(session(19, steps=0)) == storage.autosave_path()
    incoming.close()


# -- the command line ----------------------------------------------------------------------------------------------
def test_a_save_opened_from_the_command_line_asks_too(app):
    before = autosave(session(20))
    path = saves.save_named(session(21), "From the desktop")
    assert app.open_save(path) is None
    dialog = asked(app)
    answer(app, dialog, "Cancel")
    assert isinstance(app.stack.top, TitleScene) and storage.autosave_path().read_bytes() == before
