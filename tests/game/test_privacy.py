"""Pass-and-play privacy: the table draws only the view of the human in front of the screen, and the
curtain draws nothing private."""

from __future__ import annotations

import pytest

from game.scenes import table as table_scene
from game.scenes.curtain import CurtainScene
from game.scenes.table import TableScene
from game.table.estate_panel import estate_title
from rules.bots.simple import GreedyPlayer
from rules.model import Decision
from tests.game import test_table_support as support

app = support.app  # the fixture

HUMANS = (0, 2)


def test_two_humans_never_see_each_other(app, monkeypatch):
    table = support.make_table(app, ("human", "random", "human"), seed=11)
    session = table.session
    table.drawn_views = []
    # every view the table asks for while drawing, with who was in front of the screen then
    asked: list[tuple[int, int]] = []
    real_view = session.view

    def spy(seat):
        v = real_view(seat)
        if drawing["on"]:
            asked.append((seat, table.viewer))
        return v

    drawing = {"on": False}
    real_draw = TableScene.draw

    def draw(self, surface):
        drawing["on"] = True
        try:
            real_draw(self, surface)
        finally:
            drawing["on"] = False

    monkeypatch.setattr(session, "view", spy)
    monkeypatch.setattr(TableScene, "draw", draw)
    curtain_draws = {"n": 0, "private": 0}
    real_curtain_draw = CurtainScene.draw

    def curtain_draw(self, surface):
        drawing_before = len(asked)
        curtain_draws["n"] += 1
        real_curtain_draw(self, surface)
        curtain_draws["private"] += len(asked) - drawing_before

    monkeypatch.setattr(CurtainScene, "draw", curtain_draw)
    greedy = GreedyPlayer(1)
    handoffs = 0
    for _ in range(400):
        if session.state.over or session.state.decade > 1:
            break
        support.frames(app, 1)
        top = app.stack.top
        if isinstance(top, CurtainScene):
            # nothing private under the curtain: the table is not drawn at all
            n = len(table.drawn_views)
            support.frames(app, 2)
            assert len(table.drawn_views) == n
            support.click_at(app, top._button_rect().center)
            handoffs += 1
            continue
        if top is not table or not session.human_to_decide():
            continue
        seat = session.state.decider
        assert table.viewer == seat, "a human decides while another human's screen is shown"
        if session.state.step == Decision.CHOOSE_START_TILES:
            support.click(app, table, "start:ok")
        else:
            session.apply(greedy.choose(session.view(seat), session.legal()))
    assert handoffs >= 3
    assert curtain_draws["n"] > 0 and curtain_draws["private"] == 0
    # every view the table drew was the view of the human in front of the screen
    assert table.drawn_views
    assert all(v.seat in HUMANS for v in table.drawn_views)
    assert all(seat == viewer for seat, viewer in asked)
    # and a view hides the other human's screen
    v = session.view(0)
    other = v.state.players[2]
    assert other.tiles == [0, 0, 0, 0] and other.money == 0 and other.cards == [] and other.bribes == 0


def test_the_screen_panel_shows_the_viewers_own_money(app):
    table = support.make_table(app, ("human", "random", "human"), seed=12)
    session = table.session
    for _ in support.deadline():
        support.frames(app, 1)
        top = app.stack.top
        if isinstance(top, CurtainScene):
            support.click_at(app, top._button_rect().center)
            continue
        if top is table and session.human_to_decide():
            if session.state.step == Decision.CHOOSE_START_TILES:
                support.click(app, table, "start:ok")
            elif session.state.step == Decision.KEEP_CARD:
                support.click(app, table, next(h.key for h in table.hots if h.key.startswith("keep:")))
            elif session.state.step == Decision.TURN:
                break
    me = session.state.players[table.viewer]
    assert table.find_hot("screen:money").tip.startswith(f"£{me.money} ")
    assert session.state.names[table.viewer] in table.find_hot("screen:who").tip
    # every pound is paid in the open (R-TURN-5, rules/observer.py): the court says what each player has, as a
    # player who keeps count knows it, and the bots know no more
    for seat, p in enumerate(session.state.players):
        assert f"behind the screen: £{p.money}, " in table.find_hot(f"board:player:{seat}").tip


def _shows_private(view) -> bool:
    """Anything behind any screen is in the view (a public view has every screen closed and emptied)."""
    return view.own_screen or bool(view.legal) or any(
        p.tiles != [0, 0, 0, 0] or p.money or p.bribes or p.cards for p in view.state.players)


def _to_the_viewers_turn(app, table, seat: int) -> None:
    """Play both humans' decisions (through the session) until ``seat`` may take its turn at the table."""
    session = table.session
    greedy = GreedyPlayer(3)
    for _ in support.deadline():
        support.frames(app, 1)
        top = app.stack.top
        if isinstance(top, CurtainScene):
            support.click_at(app, top._button_rect().center)
            continue
        if top is not table or not session.human_to_decide():
            continue
        st = session.state
        if st.decider == seat and st.step == Decision.TURN and not st.action_taken and table.my_decision:
            return
        if st.step == Decision.CHOOSE_START_TILES:
            support.click(app, table, "start:ok")
        else:
            session.apply(greedy.choose(session.view(st.decider), session.legal()))
    raise AssertionError("the human's turn never came")


@pytest.mark.parametrize("short_of_time", [False, True], ids=["laid out whole", "frames short of time"])
def test_nothing_private_shows_from_a_humans_end_turn_to_the_next_curtain(app, monkeypatch, short_of_time):
    if short_of_time:  # panels that keep their layout a frame longer keep none laid out for other eyes
        monkeypatch.setattr(table_scene, "LAYOUT_SECONDS", -1.0)
    table = support.make_table(app, ("human", "random", "human"), seed=5, speed="normal")
    _to_the_viewers_turn(app, table, 0)
    table.drawn_views = []
    support.frames(app, 1)
    assert table.drawn_views and _shows_private(table.drawn_views[-1])  # Anne's own turn: her screen is open
    table.do(next(a for a in table.legal() if str(a) == "leisure"))
    table.do(next(a for a in table.legal() if str(a) == "end turn"))
    table.drawn_views = []
    for _ in range(2000):
        support.frames(app, 1)
        if isinstance(app.stack.top, CurtainScene):
            break
        assert table.frame.panels["screen"][1].closed  # the screen panel shows nothing behind it
        assert table.painter.pictures["screen"].layout.closed  # nor does its picture (none older shows)
        sit = table.situation()
        assert sit.log_viewer is None  # the chronicle words nobody's secrets
        assert estate_title(sit.view, sit.estate) == "Anne's estate"
    else:
        raise AssertionError("the next human's curtain never came")
    assert len(table.drawn_views) > 10, "the computer player's turn was drawn"
    assert not any(_shows_private(v) for v in table.drawn_views)
    assert app.stack.top.seat == 2
    support.click_at(app, app.stack.top._button_rect().center)
    support.frames(app, 1)
    assert table.viewer == 2 and _shows_private(table.drawn_views[-1])  # Mary's screen opens after her curtain


def _at_the_curtain(app):
    table = support.make_table(app, ("human", "random", "human"), seed=11)
    for _ in support.deadline():
        support.frames(app, 1)
        if isinstance(app.stack.top, CurtainScene):
            return table, app.stack.top
    raise AssertionError("no curtain came")


def test_the_menu_opens_from_the_curtain_without_showing_anyone(app, monkeypatch):
    """Esc or the Menu button: save, rules, settings or leave while the screen is being passed."""
    import pygame

    from game.scenes.game_menu import GameMenu

    table, curtain = _at_the_curtain(app)
    table_draws = {"n": 0}
    real_draw = TableScene.draw
    monkeypatch.setattr(TableScene, "draw", lambda self, surface: (table_draws.__setitem__("n", table_draws["n"] + 1),
                                                                   real_draw(self, surface)))
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    support.frames(app, 3)
    assert isinstance(app.stack.top, GameMenu) and curtain in app.stack
    assert table_draws["n"] == 0  # the curtain still covers the table
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    support.frames(app, 2)
    assert app.stack.top is curtain  # back to the curtain, not to anyone's screen
    support.click_at(app, curtain._menu_rect().center)
    support.frames(app, 2)
    assert isinstance(app.stack.top, GameMenu) and table_draws["n"] == 0
