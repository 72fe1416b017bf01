"""Every screen by keys alone: its controls in order, Tab and the arrows, Enter or Space, Esc back (the table's own
keys are in test_keyboard_table.py). Only key presses and typed text reach the window here."""

from __future__ import annotations

import pygame
import pytest

from game import scenes
from game.persist import saves
from game.scenes.game_menu import GameMenu
from game.scenes.saves import LoadScene, SaveDialog
from game.scenes.settings_scene import SettingsScene
from game.scenes.setup import SetupScene
from game.shell.keyboard_player import MOVE_KEYS, route
from game.shell.shutdown import quit_pygame
from game.ui import widgets
from tests.game import test_table_support as support
from tests.game.test_saves_scene import FakeTable, make_session, save_named_at


@pytest.fixture
def app(monkeypatch):
    application = support.make_app()
    monkeypatch.setitem(scenes._factories, "table", lambda ctx, session: FakeTable(ctx, session))
    yield application
    support.close_app(application)


def press(app, k, mod=0):
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    support.frames(app, 1)


def type_text(app, text):
    for ch in text:
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    support.frames(app, 1)


def focus_on(app, scene, key):
    here = scene.focused()
    path = route(scene.controls(), here.key if here else None, key)
    assert path is not None, f"cannot reach {key} among {[c.key for c in scene.controls()]}"
    for move in path:
        press(app, *MOVE_KEYS[move])
    assert scene.focused().key == key


def keys_of(scene):
    return [c.key for c in scene.controls() if c.enabled]


def test_a_question_starts_on_yes_and_tab_or_the_arrows_go_to_no(app):
    answers = []
    app.stack.push(widgets.ConfirmDialog(app.ctx, "Leave?", "Really?", on_yes=lambda: answers.append("yes"),
                                         on_no=lambda: answers.append("no")))
    dialog = app.stack.top
    support.frames(app, 1)
    assert keys_of(dialog) == ["dialog:no", "dialog:yes"] and dialog.focused().key == "dialog:yes"
    press(app, pygame.K_LEFT)
    assert dialog.focused().key == "dialog:no"
    press(app, pygame.K_SPACE)
    assert answers == ["no"] and dialog not in app.stack


def test_a_question_whose_yes_loses_something_starts_on_keep(app):
    """Replace a save, delete one, discard changes: Enter, Enter must not lose anything (it replaced the save)."""
    answers = []
    app.stack.push(widgets.ConfirmDialog(app.ctx, "Replace this save?", "Really?", yes="Replace", no="Keep it",
                                         on_yes=lambda: answers.append("yes"), danger=True, keep_first=True))
    dialog = app.stack.top
    support.frames(app, 1)
    assert dialog.focused().key == "dialog:no"
    press(app, pygame.K_RETURN)
    assert answers == [] and dialog not in app.stack


def test_a_choice_answers_with_the_focused_button_and_esc_cancels(app):
    answers = []
    choices = [(label, None, lambda label=label: answers.append(label)) for label in ("Cancel", "Later", "Now")]
    for keys, expected in (([pygame.K_TAB, pygame.K_RETURN], "Cancel"), ([pygame.K_ESCAPE], "Cancel"),
                           ([pygame.K_LEFT, pygame.K_RETURN], "Later")):
        app.stack.push(widgets.ChoiceDialog(app.ctx, "When?", "Pick one.", choices, default=-1, cancel=0))
        support.frames(app, 1)
        assert app.stack.top.focused().key == "choice:2"
        for k in keys:
            press(app, k)
        assert answers[-1] == expected


def test_the_game_menu_by_keys(app):
    session = make_session()
    app.stack.push(FakeTable(app.ctx, session))
    app.stack.push(GameMenu(app.ctx, session, on_leave=lambda: None))
    menu = app.stack.top
    support.frames(app, 1)
    assert keys_of(menu) == ["menu:back", "menu:save", "menu:rules", "menu:settings", "menu:leave", "menu:quit"]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert app.stack.top.name == "rules"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is menu and menu.focused().key == "menu:rules"
    press(app, pygame.K_MENU)  # a controller's Start closes it again
    assert app.stack.top.name == "table"


def test_settings_by_keys_choices_names_and_buttons(app):
    settings = SettingsScene(app.ctx)
    app.stack.push(settings)
    support.frames(app, 1)
    keys = keys_of(settings)
    assert keys[0].startswith("settings:speed:") and keys[-3:] == ["settings:defaults", "settings:back",
                                                                    "settings:save"]
    focus_on(app, settings, "settings:sound:False")
    press(app, pygame.K_RETURN)
    assert settings.work.sound is False and settings.focused().key == "settings:sound:False"
    focus_on(app, settings, "settings:name:1")
    entry = settings.entries[1]
    assert entry.is_focused
    type_text(app, "x")
    assert entry.get_text().endswith("x")
    press(app, pygame.K_TAB)
    assert not entry.is_focused
    type_text(app, "y")
    assert not entry.get_text().endswith("y")
    press(app, pygame.K_ESCAPE)  # changed: asks first
    assert app.stack.top.name == "confirm"


def test_the_save_dialog_types_the_name_then_saves_by_keys(app):
    session = make_session()
    app.stack.push(FakeTable(app.ctx, session))
    app.stack.push(SaveDialog(app.ctx, session))
    dialog = app.stack.top
    support.frames(app, 1)
    assert dialog.focused().key == "save:name" and dialog.entry.is_focused
    for _ in range(60):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Keys only")
    press(app, pygame.K_TAB)
    assert dialog.focused().key == "save:cancel" and not dialog.entry.is_focused
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert dialog.saved_path is not None and saves.read_info(dialog.saved_path).name == "Keys only"


def test_load_the_list_then_its_buttons(app):
    save_named_at(make_session(seed=1), "Older", 30)
    save_named_at(make_session(seed=2), "Newer", 1)
    load = LoadScene(app.ctx)
    app.stack.push(load)
    support.frames(app, 1)
    assert keys_of(load) == ["load:list", "load:back", "load:delete", "load:review", "load:load"]
    assert load.focused().key == "load:list"
    press(app, pygame.K_DOWN)  # the list takes the arrows while it has the focus
    assert load.selected == 1 and load.focused().key == "load:list"
    press(app, pygame.K_TAB)
    press(app, pygame.K_RIGHT)
    assert load.focused().key == "load:delete"
    press(app, pygame.K_RETURN)
    assert app.stack.top.name == "confirm" and "Older" in app.stack.top.message
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_UP)  # from the buttons back up to the list
    assert load.focused().key == "load:list"


def test_the_new_game_screen_by_keys_counts_kinds_names_and_the_seed(app):
    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    support.frames(app, 1)
    assert setup.focused().key == "setup:start"  # Enter begins, as it always did
    focus_on(app, setup, "setup:count:5")
    press(app, pygame.K_RETURN)
    assert setup.count == 5
    focus_on(app, setup, "setup:kind:4:hard")
    press(app, pygame.K_SPACE)
    assert setup.seats[4]["kind"] == "hard"
    focus_on(app, setup, "setup:name:1")
    assert setup.focus == ("name", 1)  # a name takes the typing while it has the focus
    press(app, pygame.K_BACKSPACE)
    type_text(app, "Z")
    assert setup.seats[1]["name"].endswith("Z")
    press(app, pygame.K_TAB)
    assert setup.focus is None and setup.focused().key.startswith("setup:kind:1:")
    focus_on(app, setup, "setup:seed")
    type_text(app, "42")
    press(app, pygame.K_RETURN)
    assert setup.seed_text == "42" and setup.focus is None
    press(app, pygame.K_ESCAPE)
    assert setup not in app.stack


def test_a_name_or_seed_entered_is_selected_so_that_what_is_typed_replaces_it(app):
    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    support.frames(app, 1)
    given = setup.seats[1]["name"]
    row = setup.find_hot("setup:name:1").rect
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1))
    type_text(app, "Dudley")
    assert given and setup.seats[1]["name"] == "Dudley"  # not the given name and the typed one run together
    type_text(app, " of Leicester")
    assert setup.seats[1]["name"] == "Dudley of Leicester"  # once typing, it adds on
    press(app, pygame.K_a, pygame.KMOD_CTRL)
    type_text(app, "Bess")
    assert setup.seats[1]["name"] == "Bess"
    press(app, pygame.K_DELETE)  # nothing after the caret at the end: Delete leaves it
    assert setup.seats[1]["name"] == "Bess"
    press(app, pygame.K_RETURN)  # on to the next name, selected in its turn: Backspace clears it
    assert setup.focus == ("name", 2)
    press(app, pygame.K_BACKSPACE)
    assert setup.seats[2]["name"] == ""
    focus_on(app, setup, "setup:seed")
    type_text(app, "42")
    focus_on(app, setup, "setup:start")
    focus_on(app, setup, "setup:seed")
    type_text(app, "x")  # a key the seed does not take leaves it, selected or not
    assert setup.seed_text == "42"
    type_text(app, "7")
    assert setup.seed_text == "7"


def test_the_curtain_by_keys(app):
    from game.scenes.curtain import CurtainScene

    opened, confirmed = [], []
    app.stack.push(CurtainScene(app.ctx, make_session(), 0, on_confirm=confirmed.append,
                                on_menu=lambda: opened.append(True)))
    curtain = app.stack.top
    assert keys_of(curtain) == ["curtain:confirm", "curtain:menu"]
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert opened == [True] and not confirmed
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert confirmed == [0]


def test_the_rules_list_then_back(app):
    app.ctx.open_rules("ball")
    book = app.stack.top
    support.frames(app, 1)
    topic = book.topic_id
    press(app, pygame.K_DOWN)  # the arrows go through the topics whatever has the focus
    assert book.topic_id != topic
    press(app, pygame.K_TAB)
    assert book.focused().key == "book:back"
    press(app, pygame.K_RETURN)
    assert book not in app.stack


def test_the_ball_by_keys_hand_back_then_place_the_marker():
    from game.scenes.ball import BallScene
    from rules.model import Decision
    from tests.game.test_ball_scene import at_ball_with_bribes, frames, make_ctx, make_session, play

    state, _ = play(4, 11, at_ball_with_bribes)
    seat = state.decider
    session = make_session(state, humans=(seat,), speed="fast")
    ctx, surface = make_ctx((1280, 720))
    scene = BallScene(ctx, session)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 600, until=lambda: scene.show_private() and scene.controls())

    def key(k, mod=0):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        frames(ctx, surface, 2)

    keys = keys_of(scene)
    assert keys[0] == "ball:bribe" and keys[-1] == "ball:place" and scene.focused().key == "ball:place"
    bribes = state.players[seat].bribes
    key(pygame.K_TAB)  # round to the first: the bribes
    assert scene.focused().key == "ball:bribe"
    key(pygame.K_RETURN)
    assert state.players[seat].bribes == bribes - 1 and state.ball.extra == 1
    key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focused().key == "ball:place"
    key(pygame.K_SPACE)
    assert state.step != Decision.BALL_SPEND or state.decider != seat
    assert frames(ctx, surface, 3000, until=lambda: scene.ready and scene.controls())
    assert keys_of(scene) == ["continue"]
    key(pygame.K_RETURN)
    assert scene not in ctx.stack


def test_game_over_starts_on_review_and_tab_reaches_the_title_menu(app):
    from game.scenes.game_over import GameOverScene
    from tests.game.test_ball_scene import make_session as ball_session
    from tests.game.test_ball_scene import play

    state, _ = play(3, 5)
    app.stack.push(scenes.create("title", app.ctx))
    app.stack.push(GameOverScene(app.ctx, ball_session(state, humans=(0,))))
    over = app.stack.top
    support.frames(app, 2)
    assert keys_of(over) == ["over:review", "over:again", "over:title"] and over.focused().key == "over:review"
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert app.stack.top.name == "title"


def test_the_balls_curtain_by_keys_then_the_private_buttons():
    from game.scenes.ball import BallScene
    from tests.game.test_ball_scene import at_ball_with_bribes, frames, make_ctx, make_session, play

    state, _ = play(4, 11, at_ball_with_bribes)
    seat = state.decider
    session = make_session(state, humans=(seat, (seat + 1) % state.n), speed="fast")
    ctx, surface = make_ctx((1280, 720))
    scene = BallScene(ctx, session)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 600, until=lambda: scene.needs_curtain() and scene.controls())
    assert keys_of(scene) == ["ball:curtain"] and scene.focused().key == "ball:curtain"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    frames(ctx, surface, 2)
    assert scene.show_private() and scene.focused().key == "ball:place"


def test_the_guided_ball_by_keys_the_guides_buttons_first():
    from game.shell.app import App, build_parser
    from tests.game.test_tutorial import ME, _ball_at, _table_at

    app = App(build_parser().parse_args(["--lang", "en", "--speed", "instant"]), settings=support.Settings(),
              persist_settings=False)
    app.running = True
    try:
        table = _table_at(app, "bribe")
        ball, _ball_guide = _ball_at(app, table, "ball2-bribes")
        support.frames(app, 2)
        keys = keys_of(ball)
        assert keys[0].startswith("guide:") and "ball:bribe" in keys and ball.focused().key == keys[0]
        bribes = table.session.state.players[ME].bribes
        focus_on(app, ball, "ball:bribe")
        press(app, pygame.K_RETURN)
        assert table.session.state.players[ME].bribes == bribes - 1
    finally:
        app.stack.clear()
        quit_pygame()
