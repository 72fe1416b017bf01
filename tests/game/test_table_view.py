"""Looking around the table: other estates enlarged, pan and zoom, resizing, rules at a topic, tooltips."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.rules_scene import RulesScene
from tests.game import test_table_support as support

app = support.app  # the fixture


def test_enlarge_a_miniature_and_come_back(app):
    table = support.make_table(app, ("human", "random", "random"), seed=2)
    support.play_human_turns(app, table, support.at_turn_start)
    support.click(app, table, "mini:1")
    assert table.parts.estate.shown == 1
    assert table.find_hot("mini:0") is not None  # your own estate is now a miniature
    assert "Robert" in table.find_hot("estate:prompt").tip or table.find_hot("estate:back") is not None
    support.click(app, table, "estate:back")
    assert table.parts.estate.shown is None


def test_pan_zoom_and_fit(app):
    table = support.make_table(app, ("human", "random", "random"), seed=2)
    support.play_human_turns(app, table, support.at_turn_start)
    centre = table.ensure_frame().rects.estate.center
    support.move(app, centre)
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert not table.parts.estate.camera.auto
    cell = table.parts.estate.camera.cell
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3))
    app.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(centre[0] + 40, centre[1] + 10), rel=(40, 10), buttons=(0, 0, 1))
    )
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(centre[0] + 40, centre[1] + 10), button=3))
    ox, oy = table.parts.estate.camera.origin
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=pygame.KMOD_SHIFT, unicode="",
                                        scancode=0))  # the arrows alone move the keyboard's focus
    assert table.parts.estate.camera.origin[0] > ox and table.parts.estate.camera.cell == cell
    support.click(app, table, "estate:fit")
    assert table.parts.estate.camera.auto


def test_resize_keeps_everything_clickable(app):
    table = support.make_table(app, ("human", "random", "random"), seed=2)
    for size in ((1920, 1080), (960, 600), (1280, 720)):
        app.resize(size)
        support.frames(app, 1)
        ok = table.find_hot("start:ok")
        assert ok is not None and app.window.get_rect().contains(ok.rect)
        for key in ("action:expand", "action:end", "mini:1", "log", "track:4"):
            assert table.find_hot(key) is not None


def test_help_opens_the_rules_at_the_topic(app):
    table = support.make_table(app, ("human", "random", "random"), seed=2)
    support.play_human_turns(app, table, support.at_turn_start)
    hot = table.find_hot("action:bribe")
    support.move(app, hot.rect.center)
    assert table.help_topic == "bribe"
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    support.frames(app, 1)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.topic_id == "action-bribe"
    app.stack.pop()
    support.click(app, table, "action:help")
    assert isinstance(app.stack.top, RulesScene)


def test_tooltips_after_a_moment(app):
    table = support.make_table(app, ("human", "random", "random"), seed=2)
    support.play_human_turns(app, table, support.at_turn_start)
    hot = table.find_hot("board:castle")
    support.move(app, hot.rect.center)
    for _ in range(40):
        support.frames(app, 1)
    hover = table.parts.pointer.hover
    assert hover is not None and hover.key == "board:castle" and "castle" in hover.tip


def test_no_tooltip_is_left_where_the_pointer_was_before_the_rules_opened(app):
    """Back from the rules (F1), the tooltip of the region the pointer left does not show there: the pointer has
    moved meanwhile (it stayed over the estate, far from the pointer, until the mouse moved)."""
    table = support.make_table(app, ("human", "random", "random"), seed=2)
    support.play_human_turns(app, table, support.at_turn_start)
    support.move(app, table.find_hot("board:castle").rect.center)
    support.frames(app, 40)
    assert table.parts.pointer.tip(table.ensure_frame()) is not None
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    support.frames(app, 1)
    app.stack.pop()
    support.frames(app, 40)
    assert table.parts.pointer.tip(table.ensure_frame()) is None
    support.move(app, table.find_hot("action:bribe").rect.center)  # the pointer moves: tooltips again
    support.frames(app, 40)
    assert table.parts.pointer.tip(table.ensure_frame()) is not None


def test_keys_choose_actions_and_options(app):
    table = support.make_table(app, ("human", "random", "random"), seed=2)
    support.play_human_turns(app, table, support.at_turn_start)
    s = table.session

    def key(k):
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        support.frames(app, 1)

    key(pygame.K_c)  # C: bribe
    assert table.parts.chooser.opened is not None and table.parts.chooser.opened.key == "bribe"
    key(pygame.K_1)
    assert s.state.players[0].bribes == 1
    before = len(s.state.history)
    key(pygame.K_END)  # end the turn (computer players may move in the same frame)
    assert type(s.state.history[before]).__name__ == "EndTurn"


def test_enter_ends_the_turn_of_a_player_who_used_the_mouse_last(app):
    """Enter is the focused control's while the focus ring shows (the keys were used last), else End turn."""
    table = support.make_table(app, ("human", "random", "random"), seed=2)
    support.play_human_turns(app, table, support.at_turn_start)
    s = table.session
    support.click(app, table, "action:bribe")
    support.click(app, table, "bribe:1")
    assert s.state.players[0].bribes == 1 and not app.ctx.input.keys
    before = len(s.state.history)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    assert type(s.state.history[before]).__name__ == "EndTurn"


def test_closing_the_window_while_a_computer_thinks(app):
    import threading
    import time

    release = threading.Event()

    class Slow:
        def choose(self, view, legal):
            release.wait(30)
            return legal[0]

    from game.scenes.table import TableScene
    from game.session import GameSession

    session = GameSession(support.seats(("random", "random", "human")), 2, speed="instant")
    session._bots = {0: Slow(), 1: Slow()}
    table = TableScene(app.ctx, session)
    app.stack.push(table)
    support.frames(app, 3)
    assert table.session.thinking()
    t = time.perf_counter()
    app.handle_event(pygame.event.Event(pygame.QUIT))
    app.stack.clear()
    assert not app.running and time.perf_counter() - t < 3.0  # the thinking thread is stuck for 30 s
    assert table.session.closed
    release.set()


@pytest.mark.parametrize("size, text_scale", [((1280, 720), 100), ((960, 600), 100)])  # two-line rows
def test_the_court_names_every_nobles_title_with_the_queen_and_two_figures_of_money(monkeypatch, size, text_scale):
    """Each court row says its noble's title (beside the name where the counts below leave no room for it: it
    was dropped from the row of the Queen's holder with £10 or more)."""
    from game.table import court
    from game.ui import draw
    from game.ui.pieces import TITLE_NAMES
    from rules.model import Title

    app = support.make_app(size, text_scale)
    table = support.make_table(app, ("human", "random", "random", "random"))
    st = table.session.state
    for i, p in enumerate(st.players):
        p.money, p.bribes, p.title = 10 + i, 12, Title.VISCOUNT
    st.queen = 2
    table.session.version += 1
    titles = []  # each title drawn: alone beside a name, or among the parts of a row's line that fit it
    real_text, real_parts = court.text, court.fit_parts

    def parts_drawn(parts, role, size, width, *rest):
        while len(parts) > 1 and not draw.fits(" · ".join(parts), role, size, width):
            parts = parts[:-1]  # as fit_parts leaves them out
        titles.extend(parts)
        return real_parts(parts, role, size, width, *rest)

    monkeypatch.setattr(court, "text", lambda content, *args: titles.append(content) or real_text(content, *args))
    monkeypatch.setattr(court, "fit_parts", parts_drawn)
    table.painter.clear()
    table.memo.clear()
    try:
        support.frames(app, 1)
        assert titles.count(TITLE_NAMES[Title.VISCOUNT]) == 4
    finally:
        support.end_app(app)


@pytest.mark.parametrize(("size", "language", "text_scale"), [
    ((960, 600), "de", 150), ((1280, 720), "en", 150), ((960, 600), "it", 125), ((1920, 1080), "de", 200),
])
def test_the_decade_and_the_round_markers_line_stay_inside_the_tracks_frame(monkeypatch, size, language, text_scale):
    """The corner of the round track says the decade and where the marker is, within the panel's frame (at 150 %
    the line sat on the frame; in German at 960x600 it was left out)."""
    from game.table import track

    app = support.make_app(size, text_scale, language)
    try:
        table = support.make_table(app, ("human", "random", "random"))
        pc, lay = table.ensure_frame().panels["track"]
        made = {}
        real = track.fit_text
        monkeypatch.setattr(track, "fit_text", lambda *args: made.setdefault("sub", real(*args)))
        placed = []

        class Recording(pygame.Surface):
            def blit(self, source, dest, *args, **kwargs):
                if source is made.get("sub"):
                    placed.append(source.get_rect(topleft=dest if isinstance(dest, tuple) else dest.topleft))
                return super().blit(source, dest, *args, **kwargs)

        track.draw_track(Recording(app.ctx.window_size), pc, lay)
        assert len(placed) == 1 and placed[0].bottom <= pc.rect.bottom - round(4 * pc.scale), (placed, pc.rect)
    finally:
        support.end_app(app)
