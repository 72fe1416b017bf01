"""A monkey at the whole game: random clicks, drags, wheel turns, keys and letters (test_monkey's), window events
(closing it too) and window sizes, from the title screen or another screen of the gallery on, through whatever
screens they lead to - where test_monkey keeps to the table, the seating and the curtain. Whatever a player does,
the game answers without an error. Short runs are part of the suite; longer ones are behind the slow marker
(``make test-slow``)."""

from __future__ import annotations

import random

import pygame
import pytest

from tests.game.fit_matrix import Case, opened
from tests.game.test_monkey import random_event

WINDOW_EVENTS = (pygame.QUIT, pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
                 pygame.WINDOWRESTORED, pygame.WINDOWLEAVE)
SIZES = ((960, 600), (1280, 720), (1920, 1080), (800, 500), (1024, 768), (2560, 1080))
#: screens of the gallery the monkey starts at besides the title, which its clicks seldom reach from there (the
#: guided game, a replay, a masked ball, the curtain of pass-and-play, the end of a game, a review, the settings)
STARTS = ("tutorial-welcome", "replay", "ball", "curtain", "game-over", "review", "settings", "table-ball")
#: those of them a short run in make test starts at (the suite's time: all of them in the slow runs)
SHORT_STARTS = ("tutorial-welcome", "ball", "game-over", "review")


def _events(rng: random.Random, app) -> list[pygame.event.Event]:
    """What a restless player might do next: mostly test_monkey's inputs, aimed at what the screen shows half the
    time; now and then a window event or a new window size."""
    r = rng.random()
    if r < 0.01:
        return [pygame.event.Event(rng.choice(WINDOW_EVENTS))]
    if r < 0.02:
        width, height = rng.choice(SIZES)
        return [pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height, size=(width, height))]
    return random_event(rng, app.window.get_size(), getattr(app.stack.top, "hots", None))


def _in_points(event: pygame.event.Event, ratio: int) -> pygame.event.Event:
    """``event``, aimed in the window's pixels, as a high-DPI window reports it: in points."""
    if ratio == 1 or not hasattr(event, "pos"):
        return event
    moved = dict(event.dict)
    moved["pos"] = (event.pos[0] // ratio, event.pos[1] // ratio)
    if "rel" in moved:
        moved["rel"] = (event.rel[0] // ratio, event.rel[1] // ratio)
    return pygame.event.Event(event.type, moved)


def play_monkey(seed: int, steps: int, start: str = "title", ratio: int | None = None) -> set[str]:
    """``steps`` random inputs from the gallery's screen ``start`` (the title) on, the game started again
    whenever it was quit, each followed by a few frames; the names of the screens seen. Any error the game meets is
    raised. The window has ``ratio`` pixels a point (by default 2, as a high-DPI window, in one run in three)."""
    rng = random.Random(seed)
    ratio = ratio or rng.choice((1, 1, 2))
    text_scale, language = rng.choice((100, 125, 150)), rng.choice(("en", "de", "it"))
    case = Case(start, rng.choice(SIZES[:3]), text_scale, language, ratio)
    seen: set[str] = set()
    with opened(case) as app:  # (closed afterwards: its games, pygame, the text size, language and pixel ratio)
        for _step in range(steps):
            for event in _events(rng, app):
                app.handle_event(_in_points(event, ratio))
            for _frame in range(rng.choice((1, 1, 2, 5, 20))):
                app.step(rng.choice((1 / 60, 1 / 60, 0.1)))
            if app.stack.empty or not app.running:  # quit: start it again
                app.running = True
                app.stack.push(app.first_scene())
                app.step(1 / 60)
            seen.add(getattr(app.stack.top, "name", type(app.stack.top).__name__))
    return seen


def test_a_monkey_meets_no_error_from_the_title_on():
    seen = play_monkey(7, 150)
    assert len(seen) >= 3, f"the case tests little: the monkey saw only {sorted(seen)}"


@pytest.mark.parametrize("start", SHORT_STARTS)
def test_a_monkey_meets_no_error_from_another_screen_on(start):
    play_monkey(11, 30, start, ratio=2)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 120))
def test_a_long_monkey_meets_no_error_from_the_title_on(seed):
    play_monkey(seed, 1500)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200, 203))
@pytest.mark.parametrize("start", STARTS)
def test_a_long_monkey_meets_no_error_from_another_screen_on(start, seed):
    play_monkey(seed, 600, start)
