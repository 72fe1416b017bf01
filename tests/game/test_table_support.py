"""Helpers for the table tests (an app with a table, synthetic mouse input) and small checks of them."""

from __future__ import annotations

import math
import time

import pygame
import pytest

from game.persist.settings import Settings
from game.scenes.table import TableScene
from game.session import GameSession, SeatSpec
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from rules import actions as A
from rules import board
from rules.bots.simple import GreedyPlayer
from rules.model import Card, Decision, TileType

COLOURS = ["#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7"]
CRESTS = ["lion", "rose", "stag", "swan", "tower"]
NAMES = ["Anne", "Robert", "Mary", "Walter", "Frances"]


def make_app(size=(1280, 720), text_scale: int = 100, language: str = "") -> App:
    """The application at ``size`` (its settings' text size and language as given; "": the system's)."""
    settings = Settings()
    settings.text_scale, settings.language = text_scale, language
    app = App(build_parser().parse_args(["--size", f"{size[0]}x{size[1]}"]), settings=settings, persist_settings=False)
    app.running = True
    return app


def seats(kinds):
    return [SeatSpec(NAMES[i], k, COLOURS[i], CRESTS[i]) for i, k in enumerate(kinds)]


def make_table(app: App, kinds=("human", "random", "random"), seed=3, speed="instant") -> TableScene:
    session = GameSession(seats(kinds), seed, speed=speed)
    table = TableScene(app.ctx, session)
    app.stack.push(table)
    app.step(1 / 60)
    return table


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60)


def play_for(app: App, seconds: float) -> None:
    """Let the scenes' animations play for ``seconds`` in a few long frames: they go by time, not by frames (a
    frame of 1/60 s each would draw the whole scene hundreds of times)."""
    steps = max(1, math.ceil(seconds / 0.5))
    for _ in range(steps):
        app.step(seconds / steps)


def move(app: App, pos) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click_at(app: App, pos, button: int = 1) -> None:
    move(app, pos)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, 1)


def click(app: App, table, key: str) -> None:
    """Click the centre of the region named ``key`` (it must be drawn now)."""
    hot = table.find_hot(key)
    assert hot is not None, f"nothing named {key!r} on screen; have {sorted(h.key for h in table.hots)[:80]}"
    click_at(app, hot.rect.center)


def drag(app: App, start, end, steps: int = 6) -> None:
    move(app, start)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
        app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 1)


def cell_pos(table: TableScene, pos):
    table.ensure_frame()
    return table.frame.geo.cell_center(pos)


def deadline(seconds: float = 60.0):
    """A loop bound in wall-clock time: the computers think on threads, so a frame count says nothing about how
    far they got on a loaded machine. Yields until ``seconds`` have passed."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        yield


def bots_until_human(app: App, table: TableScene) -> None:
    s = table.session
    for _ in deadline():
        if s.state.over or (s.human_to_decide() and app.stack.top is table):
            return
        frames(app, 1)
    raise AssertionError(f"the human never got a decision ({s.state.step})")


def play_human_turns(app: App, table: TableScene, until, limit: int = 400) -> None:
    """Let a greedy policy play the human's decisions (not through the GUI) until ``until(state)`` holds
    at a human decision of the viewer."""
    s = table.session
    greedy = GreedyPlayer(5)
    for _ in range(limit):
        bots_until_human(app, table)
        if until(s.state):
            frames(app, 1)
            return
        seat = s.state.decider
        legal = s.legal()
        if s.state.step == Decision.CHOOSE_START_TILES:
            s.apply(A.ChooseStartTiles((3, 3, 3, 3)))
        else:
            s.apply(greedy.choose(s.view(seat), legal))
        frames(app, 1)
    raise AssertionError("the wanted moment never came")


def at_turn_start(state) -> bool:
    return state.step == Decision.TURN and not state.action_taken and not state.card_played


def give_card(state, seat: int, card: Card) -> None:
    """Move a card of this kind from the deck into the seat's hand (keeps the 35 cards)."""
    state.deck.remove(card)
    state.players[seat].cards.append(card)


def grant_regions(state, seat: int, tile: TileType, squares: int, at=(20, 20)) -> None:
    """Lay ``squares`` formed regions of ``tile`` in the estate (tiles from the bag; keeps 202 tiles)."""
    estate = state.players[seat].estate
    for k in range(squares):
        ax, ay = at[0] + 3 * k, at[1]
        for dx in (0, 1):
            for dy in (0, 1):
                state.bag[tile] -= 1
                estate.add_tile((ax + dx, ay + dy), tile)
        estate.form_region((ax, ay))


def close_app(application: App) -> None:
    """Close the games of the scenes on the app's stack (their computer players' threads and processes), then
    clear the stack."""
    for scene in application.stack:
        session = getattr(scene, "session", None)
        if session is not None:
            session.close()
    application.stack.clear()


def end_app(application: App) -> None:
    """Close ``application``'s games and pygame, and put back the text size and language a test may have set."""
    from game import i18n
    from game.ui import assets

    close_app(application)
    assets.set_text_scale(1.0)
    i18n.set_language("en")
    quit_pygame()


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setattr(TableScene, "interludes", False)  # the table alone: no ball, scoring, ... scenes
    application = make_app()
    yield application
    close_app(application)
    quit_pygame()


def test_start_tiles_and_card_through_the_gui(app):
    table = make_table(app)
    assert table.session.state.step == Decision.CHOOSE_START_TILES
    click(app, table, "start:field:-")
    click(app, table, "start:meadow:-")
    click(app, table, "start:ok")
    assert table.session.state.history[0] == A.ChooseStartTiles((2, 3, 3, 2))
    bots_until_human(app, table)
    assert table.session.state.step == Decision.KEEP_CARD
    offered = table.session.view(0).state.offered
    click(app, table, f"keep:{offered[0].label}")
    assert isinstance(table.session.state.history[3], A.KeepCard | A.KeepAllWithIntrigue)


def test_money_for_tests_is_unbounded():
    assert board.BRIBES == 20
