"""The Load screen, the Save dialog and Continue, driven by synthetic clicks and keys (headless)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pygame
import pytest

from game import scenes
from game.persist import saves, storage
from game.persist.settings import Settings
from game.scenes import saves as save_scenes
from game.scenes.title import TitleScene
from game.session import GameSession, SeatSpec
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.ui import assets, widgets
from game.ui.scene import Scene
from rules.bots.simple import GreedyPlayer
from tests.game.test_table_support import close_app, deadline

COLOURS = ["#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7"]
CRESTS = ["lion", "rose", "stag", "swan", "tower"]


def make_session(names=("Anne", "Bob", "Cy"), seed=1, steps=30):
    session = GameSession([SeatSpec(n, "human" if i == 0 else "normal", COLOURS[i], CRESTS[i])
                           for i, n in enumerate(names)], seed)
    bots = [GreedyPlayer(i) for i in range(len(names))]
    for _ in range(steps):
        if session.over:
            break
        seat = session.state.decider
        session.apply(bots[seat].choose(session.view(seat), session.legal()))
    return session


def save_named_at(session, name, hours_ago):
    path = saves.save_named(session, name)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["saved_at"] = (datetime.now().astimezone() - timedelta(hours=hours_ago)).isoformat(timespec="seconds")
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


class FakeTable(Scene):
    name = "table"

    def __init__(self, ctx, session):
        super().__init__(ctx)
        self.session = session


@pytest.fixture
def app(monkeypatch):
    application = App(build_parser().parse_args(["--size", "1280x720"]), settings=Settings(),
                      persist_settings=False)
    application.running = True
    monkeypatch.setitem(scenes._factories, "table", lambda ctx, session: FakeTable(ctx, session))
    yield application
    close_app(application)
    quit_pygame()


def frames(app, n=2):
    for _ in range(n):
        app.step(1 / 60)


def click(app, pos):
    """A real left click through the app (pygame-gui sees it first, then the scenes)."""
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.ui.update(0.01)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)  # the UI_BUTTON_PRESSED events it posted reach the scene


def click_button(app, button):
    click(app, button.rect.center)


def key(app, k, mod=0):
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    frames(app, 1)


def test_hooks_are_registered():
    assert scenes.factory("continue_game") is save_scenes.continue_game
    assert scenes.available("load_game")


def test_load_scene_lists_newest_first_and_loads_by_click(app):
    old = make_session(seed=1, steps=20)
    new = make_session(("Dora", "Eli", "Fay", "Gus"), seed=2, steps=60)
    save_named_at(old, "Old game", 30)
    save_named_at(new, "New game", 1)
    title = app.stack.push(TitleScene(app.ctx))
    frames(app)
    title.load_game()
    frames(app)
    load = app.stack.top
    assert isinstance(load, save_scenes.LoadScene)
    assert [e.name for e in load.entries] == ["New game", "Old game"]
    assert load.entries[0].summary.players == ("Dora", "Eli", "Fay", "Gus")
    click(app, load.row_rect(1).center)
    assert load.selected == 1
    click_button(app, load.load_button)
    table = app.stack.top
    assert isinstance(table, FakeTable)
    assert saves.save_dict(table.session)["session"]["game"] == saves.save_dict(old)["session"]["game"]
    assert list(app.stack)[0] is title and len(app.stack) == 2  # Load was replaced by the table
    # the loaded game is now the autosave, so Continue resumes it
    assert saves.autosaver_for(table.session).wait()  # written in the background
    assert saves.load_autosave().session.state.history == old.state.history
    assert saves.can_continue()


def test_keyboard_navigation_and_escape(app):
    for i in range(12):  # more than fit: scrolling
        save_named_at(make_session(seed=i, steps=3), f"Game {i:02d}", i)
    load = app.stack.push(save_scenes.LoadScene(app.ctx))
    frames(app)
    assert load.entries[0].name == "Game 00"
    key(app, pygame.K_END)
    assert load.selected == 11 and load.scroll > 0 and load.row_rect(11) is not None
    key(app, pygame.K_HOME)
    assert load.selected == 0 and load.scroll == 0
    key(app, pygame.K_DOWN)
    assert load.selected == 1
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, FakeTable)
    app.stack.pop()


def test_delete_asks_first(app):
    keep = save_named_at(make_session(seed=3), "Keep me", 2)
    gone = save_named_at(make_session(seed=4), "Delete me", 1)
    load = app.stack.push(save_scenes.LoadScene(app.ctx))
    frames(app)
    assert load.current.name == "Delete me"
    click_button(app, load.delete_button)
    dialog = app.stack.top
    assert isinstance(dialog, widgets.ConfirmDialog) and "Delete me" in dialog.message
    click_button(app, dialog.no_button)  # "Keep it"
    assert app.stack.top is load and gone.exists()
    click_button(app, load.delete_button)
    click_button(app, app.stack.top.yes_button)
    assert app.stack.top is load and not gone.exists() and keep.exists()
    assert [e.name for e in load.entries] == ["Keep me"]
    click_button(app, load.delete_button)
    key(app, pygame.K_RETURN)  # Enter keeps it (the keys start on Keep it)
    assert [e.name for e in load.entries] == ["Keep me"]
    click_button(app, load.delete_button)
    key(app, pygame.K_y)  # Y deletes
    assert load.entries == [] and not load.load_button.is_enabled and not load.delete_button.is_enabled
    click_button(app, load.back_button)
    assert app.stack.empty or not isinstance(app.stack.top, save_scenes.LoadScene)


def test_damaged_save_shows_a_friendly_error(app):
    saves.saves_dir().mkdir(parents=True)
    (saves.saves_dir() / "broken.json").write_text('{"format": "noblemen-save", "version": 2, "sav',
                                                   encoding="utf-8")
    load = app.stack.push(save_scenes.LoadScene(app.ctx))
    frames(app)
    assert load.current.error == "This save is damaged (it ends too early)."
    assert not load.load_button.is_enabled
    # a save that looks fine in the list but does not replay
    good = save_named_at(make_session(seed=5), "Looks fine", 0)
    data = json.loads(good.read_text(encoding="utf-8"))
    data["session"]["game"]["actions"][2] = "end turn"
    good.write_text(json.dumps(data), encoding="utf-8")
    load.refresh()
    load.select([e.name for e in load.entries].index("Looks fine"))
    frames(app)
    click_button(app, load.load_button)
    dialog = app.stack.top
    assert isinstance(dialog, widgets.MessageDialog)
    assert dialog.message == "This save is damaged (its moves do not follow the rules)."
    click_button(app, dialog.yes_button)
    assert app.stack.top is load


def test_continue_resumes_exactly(app):
    session = make_session(seed=6, steps=45)
    saves.Autosaver(session).attach()
    scene = scenes.create("continue_game", app.ctx, path=storage.autosave_path())
    assert isinstance(scene, FakeTable)
    resumed = scene.session
    assert resumed.state.history == session.state.history
    assert (resumed.state.step, resumed.state.decider) == (session.state.step, session.state.decider)
    assert resumed.log == session.log
    assert [s.kind for s in resumed.seats] == [s.kind for s in session.seats]
    assert saves.autosaver_for(resumed).attached
    resumed.close()


def test_title_continue_offers_the_backup_when_the_autosave_is_damaged(app):
    session = make_session(seed=7, steps=10)
    saves.Autosaver(session).attach()
    session.apply(session.legal()[0]) if not session.over else None
    storage.autosave_path().write_text('{"format": "noblemen-save", "ver', encoding="utf-8")
    title = app.stack.push(TitleScene(app.ctx))
    frames(app)
    title.continue_game()
    frames(app)
    dialog = app.stack.top
    assert isinstance(dialog, widgets.ConfirmDialog) and dialog.title == "The autosave is damaged"
    assert "The last autosave is damaged (it ends too early)" in dialog.message
    click_button(app, dialog.yes_button)
    table = app.stack.top
    assert isinstance(table, FakeTable)
    assert table.session.state.history == session.state.history[:-1]
    # resuming rewrote a good autosave
    assert saves.autosaver_for(table.session).wait()  # written in the background
    assert saves.load_autosave().session.state.history == table.session.state.history


def test_continue_with_nothing_usable_says_so(app):
    storage.autosave_path().parent.mkdir(parents=True)
    storage.autosave_path().write_text("junk", encoding="utf-8")
    scene = save_scenes.continue_game(app.ctx, path=storage.autosave_path())
    assert isinstance(scene, widgets.MessageDialog)
    assert "no usable backup" in scene.message


def test_continue_of_a_finished_game_shows_the_result(app):
    session = make_session(seed=8, steps=10_000)
    assert session.over
    saves.Autosaver(session).attach()
    assert not saves.can_continue()
    scene = save_scenes.continue_game(app.ctx, path=storage.autosave_path())
    assert isinstance(scene, widgets.ChoiceDialog) and scene.title == "That game is over"
    assert str(max(p.vp for p in session.state.players)) in scene.message


def test_a_finished_game_opened_tells_each_score_apart_from_a_name_and_offers_its_review(app):
    """Names with digits ran into the scores ("Normal 1 60 Normal 2 56"); the game-over screen offers the review
    or the replay, and so does the notice that the game opened is over."""
    session = make_session(("Normal 1", "Normal 2", "Normal 3"), seed=8, steps=10_000)
    assert session.over
    path = saves.save_named(session, "Finished")
    save_scenes.open_file(app.ctx, path)
    notice = app.stack.top
    assert isinstance(notice, widgets.ChoiceDialog) and notice.title == "That game is over"
    for player in session.state.players:  # each name held to its score: no line ends inside "Normal 1: 60"
        assert widgets.unbroken(f"{player.name}: {player.vp}") in notice.message
    frames(app)
    click_button(app, next(b for b in notice.buttons if b.text == "Review"))
    study = app.stack.top
    assert isinstance(study, widgets.ChoiceDialog) and study.title == "Study this game"
    click_button(app, next(b for b in study.buttons if b.text == "Replay"))
    assert app.stack.top.name == "replay"


# -- the Save dialog ----------------------------------------------------------------------------------
def test_save_dialog_saves_under_a_name_and_asks_before_replacing(app):
    session = make_session(seed=10, steps=25)
    saved = []
    app.stack.push(FakeTable(app.ctx, session))
    dialog = save_scenes.open_save_dialog(app.ctx, session, on_saved=saved.append)
    frames(app)
    assert dialog.entry.get_text() == save_scenes.default_save_name(session)
    dialog.entry.set_text("Before the ball")
    click_button(app, dialog.save_button)
    assert saved and saved[0].name == "before-the-ball.json"
    assert saves.load_file(saved[0]).name == "Before the ball"
    frames(app)
    hidden = (dialog.entry, dialog.cancel_button, dialog.save_button)
    assert not any(w.visible for w in hidden) and dialog.controls() == []  # "Saved." alone, not under the name
    frames(app, 90)  # the "Saved." note closes itself
    assert isinstance(app.stack.top, FakeTable)
    # the same name again: confirm first
    dialog = save_scenes.open_save_dialog(app.ctx, session, on_saved=saved.append)
    frames(app)
    dialog.entry.set_text("before the ball")
    key(app, pygame.K_RETURN)
    confirm = app.stack.top
    assert isinstance(confirm, widgets.ConfirmDialog) and "Replace" in confirm.title
    assert confirm.keep_first  # Enter, Enter keeps the save that was there
    click_button(app, confirm.yes_button)
    assert len(saved) == 2 and app.stack.top is dialog
    key(app, pygame.K_ESCAPE)  # any key closes the note
    assert isinstance(app.stack.top, FakeTable)


def test_save_dialog_reports_bad_names_and_write_errors(app, monkeypatch):
    session = make_session(seed=11, steps=5)
    dialog = save_scenes.open_save_dialog(app.ctx, session)
    frames(app)
    dialog.entry.set_text("   ")
    click_button(app, dialog.save_button)
    assert dialog.error == "A save needs a name." and app.stack.top is dialog

    def broken(*_a, **_k):
        raise storage.StorageError("Could not save x.json in /saves: the disk is full.")

    monkeypatch.setattr(saves.storage, "atomic_write_text", broken)
    dialog.entry.set_text("Good name")
    click_button(app, dialog.save_button)
    assert "disk is full" in dialog.error and app.stack.top is dialog
    frames(app)
    click_button(app, dialog.cancel_button)
    assert app.stack.top is not dialog


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (3840, 2160), (1000, 1600)])
def test_scenes_draw_at_many_sizes(size):
    application = App(build_parser().parse_args(["--size", f"{size[0]}x{size[1]}"]), settings=Settings(),
                      persist_settings=False)
    application.running = True
    try:
        for i in range(4):
            save_named_at(make_session(seed=i, steps=10 * i), f"A rather long name for save {i}", i)
        load = application.stack.push(save_scenes.LoadScene(application.ctx))
        frames(application)
        for i in range(len(load.entries)):
            rect = load.row_rect(i)
            assert rect is None or load._geometry()["panel"].contains(rect)
        session = make_session(seed=3, steps=3)
        save_scenes.open_save_dialog(application.ctx, session)
        frames(application)
        application.resize((size[0] + 10, size[1] + 10))
        frames(application)
        session.close()
    finally:
        application.stack.clear()
        quit_pygame()


def test_describe_when():
    now = datetime(2025, 3, 5, 12, 0).astimezone()
    assert save_scenes.describe_when(now - timedelta(hours=1), now) == "Today, 11:00"
    assert save_scenes.describe_when(now - timedelta(days=1), now).startswith("Yesterday")
    assert save_scenes.describe_when(now - timedelta(days=40), now).endswith("2025, 12:00")
    assert save_scenes.describe_when(None) == "date unknown"


def test_title_continue_is_disabled_once_the_game_is_over(app):
    session = make_session(seed=12, steps=10_000)
    saves.Autosaver(session).attach()
    title = app.stack.push(TitleScene(app.ctx))
    frames(app)
    button = dict(title.buttons)["continue"]
    assert not button.is_enabled and storage.autosave_path().is_file()
    unfinished = make_session(seed=13, steps=20)
    saves.Autosaver(unfinished).attach()
    title.resume()
    assert dict(title.buttons)["continue"].is_enabled


# -- settings persistence --------------------------------------------------------------------------------
def test_settings_window_size_saved_after_resizing_settles():
    from game.persist.settings import load_settings, settings_path

    application = App(build_parser().parse_args(["--size", "1280x720"]), settings=Settings(),
                      persist_settings=True)
    application.running = True
    try:
        application.stack.push(TitleScene(application.ctx))
        pygame.display.set_mode((1400, 820), pygame.RESIZABLE)
        application.resize((1400, 820))
        application.step(0.5)
        assert not settings_path().exists()  # debounced: not while the player is still dragging
        application.step(0.6)
        assert load_settings()[0].window_size == (1400, 820)
    finally:
        application.stack.clear()
        quit_pygame()


def test_damaged_settings_reset_with_a_notice():
    from game.persist.settings import load_settings, settings_path

    settings_path().parent.mkdir(parents=True)
    settings_path().write_text('{"window_size": [1400, ', encoding="utf-8")
    settings, notice = load_settings()
    assert settings == Settings() and "damaged" in notice
    application = App(build_parser().parse_args([]), notice=notice, settings=settings, persist_settings=False)
    try:
        title = application.stack.push(TitleScene(application.ctx))
        assert title.toast.visible and "damaged" in title.toast.message
    finally:
        application.stack.clear()
        quit_pygame()


# -- with the real table ------------------------------------------------------------------------------------
def test_continue_opens_the_real_table_and_it_keeps_autosaving():
    application = App(build_parser().parse_args(["--size", "1280x720", "--speed", "instant"]),
                      settings=Settings(), persist_settings=False)
    application.running = True
    try:
        session = make_session(("Anne", "Bob", "Cy", "Di"), seed=14, steps=6)
        session.close()
        saves.write_save(storage.autosave_path(), session)
        table = scenes.create("continue_game", application.ctx, path=storage.autosave_path())
        assert type(table).__name__ == "TableScene"
        application.stack.push(table)
        resumed = table.session
        assert resumed.state.history == session.state.history and resumed.log == session.log
        saver = saves.autosaver_for(resumed)
        before = saver.saves
        for _ in deadline():  # the computer players move; every move is autosaved
            application.step(1 / 60)
            if len(resumed.state.history) >= len(session.state.history) + 3 or (
                    resumed.human_to_decide() and len(resumed.state.history) > len(session.state.history)):
                break
        moved = len(resumed.state.history) - len(session.state.history)
        saver.wait()  # the writes handed to the background writer reach the disk
        assert moved > 0 and (saver.saves > before or saver.dirty)  # instant speed coalesces bot moves
        if not saver.dirty:
            assert saves.load_autosave().session.state.history == resumed.state.history
        application.stack.clear()  # quitting saves too
        assert saves.load_autosave().session.state.history == resumed.state.history
    finally:
        application.stack.clear()
        quit_pygame()


def test_the_save_dialogs_label_stands_under_the_titles_rule_at_a_large_text_size(monkeypatch):
    """At 150 % the title is taller: the field and its label move down with it (the rule ran through the label)."""
    from game.ui import widgets
    from tests.game import fit_matrix

    case = fit_matrix.Case("save-dialog", (960, 600), 150, "de")
    with fit_matrix.opened(case) as app:
        rules, labels = [], []
        rule, blit_text = widgets.fleuron_rule, widgets.blit_text

        def ruled(surface, centre, *rest, **kw):
            rules.append(centre[1])
            return rule(surface, centre, *rest, **kw)

        def text(surface, content, *rest, **kw):
            drawn = blit_text(surface, content, *rest, **kw)
            labels.append((content, drawn))
            return drawn

        monkeypatch.setattr(widgets, "fleuron_rule", ruled)
        monkeypatch.setattr(widgets, "blit_text", text)
        dialog = app.stack.top
        dialog.draw(app.window)
        label = next(rect for content, rect in labels if content == "Name des Spielstands")
        assert rules and label.top > rules[-1] + 2
        assert label.bottom <= dialog.entry.rect.top


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize("text_scale", [100, 150, 200])
@pytest.mark.parametrize("size", ["960x600", "1280x720", "1920x1080"])
def test_the_load_screens_title_stays_above_its_list(size, text_scale, language):
    """The title and the rule under it end above the list's panel at every text size (at 150% and more the
    panel covered the title's lower half)."""
    settings = Settings()
    settings.text_scale, settings.language = text_scale, language
    application = App(build_parser().parse_args(["--size", size]), settings=settings, persist_settings=False)
    try:
        load = application.stack.push(save_scenes.LoadScene(application.ctx))
        g = load._geometry()
        _title, rect = load.title(g)
        assert rect.bottom + round(6 * g["s"]) < g["panel"].top, (rect, g["panel"])
    finally:
        close_app(application)
        from game import i18n
        from game.ui import assets

        assets.set_text_scale(1.0)
        i18n.set_language("en")
        quit_pygame()


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize("text_scale", [150, 200])
def test_load_rows_are_as_tall_as_their_words(text_scale, language):
    """At 960x600 with large text each row's words (a long name, every player and score) stay inside the row's
    box, whole (no "…"), and the list scrolls to the last row (the second line fell over the next row, cut)."""
    settings = Settings()
    settings.text_scale, settings.language = text_scale, language
    save_named_at(make_session(("Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery", "Normal 3", "Normal 4"),
                               seed=3, steps=60), "Bartholomew Fitzwilliam-Smythe's game", 1)
    for i in range(4):
        save_named_at(make_session(seed=10 + i, steps=20 * i), f"A rather long name for save {i}", 2 + i)
    application = App(build_parser().parse_args(["--size", "960x600"]), settings=settings, persist_settings=False)
    try:
        load = application.stack.push(save_scenes.LoadScene(application.ctx))
        frames(application)
        g = load._geometry()
        seen = set()
        for index in range(len(load.entries)):
            load.select(index)
            rect = load.row_rect(index)
            assert rect is not None and g["inner"].contains(rect)
            box = rect.inflate(0, -round(6 * g["s"]))
            words = load._plan(index, g).words
            assert any(w.dot for w in words) and not any("…" in w.text for w in words)
            for w in words:
                width, height = assets.font(w.role, w.size).size(w.text)
                extra = 2 * max(4, round(6 * g["s"])) + round(6 * g["s"]) if w.dot else 0
                assert box.contains(pygame.Rect(box.left + w.at[0], box.top + w.at[1], width + extra, height)), w
            seen.update(w.text for w in words)
            for other in range(load.scroll, load.scroll + load.visible()):
                if other != index:
                    assert not rect.colliderect(load.row_rect(other))
        assert {"Bartholomew Fitzwilliam-Smythe: 5", "Elisabetta Montgomery: 1"} <= seen  # a score apart from a name
    finally:
        close_app(application)
        from game import i18n

        assets.set_text_scale(1.0)
        i18n.set_language("en")
        quit_pygame()


def test_the_replace_question_keeps_each_name_with_the_number_that_ends_it(app):
    """ "Your game with Normal 1, Normal / 2 and ..." folded read as a count; each name stays whole."""
    from game.scenes.unfinished import keep_or_replace

    saves.write_save(storage.autosave_path(), make_session(("Normal 1", "Normal 2", "Normal 3"), steps=10))
    keep_or_replace(app.ctx, lambda: None)
    question = app.stack.top
    assert isinstance(question, widgets.ChoiceDialog)
    for name in ("Normal 1", "Normal 2", "Normal 3"):
        assert widgets.numbered_name(name) in question.message
