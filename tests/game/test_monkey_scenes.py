"""The monkey in every other scene: random clicks, drags, wheel turns, keys and typing on the title menu,
settings, rules, saved games, the table's menu, the masked ball, building scoring, a new decade and the
game's end. Whatever a scene does with them (close itself, open another), nothing raises and the game
stays valid."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game import scenes
from game.persist import saves
from game.scenes.ball import BallScene
from game.scenes.decade import DecadeScene
from game.scenes.game_menu import GameMenu
from game.scenes.game_over import GameOverScene
from game.scenes.scoring import ScoringScene
from rules.events import EventKind
from rules.invariants import check_invariants
from tests.game import test_table_support as support
from tests.game.test_ball_scene import make_session, play
from tests.game.test_monkey import random_event

app = support.app  # the fixture


def _at(kind: EventKind, seed: int = 3):
    """A state just after the event `kind` first happened in a seeded greedy game, with its events."""
    state, events = play(4, seed, lambda s, ev: any(e.kind == kind for e in ev))
    return state, events


def _factories() -> dict[str, Callable]:
    ball_state, ball_events = _at(EventKind.BALL_STARTED)
    scoring_state, scoring_events = _at(EventKind.BUILDING_SCORED)
    decade_state, _ = _at(EventKind.DECADE_STARTED)
    over_state, _ = play(4, 3)

    def session(state, humans=(0,)):
        return make_session(state.copy(), humans=humans, speed="instant")

    return {
        "title": lambda ctx: scenes.create("title", ctx),
        "settings": lambda ctx: scenes.create("settings", ctx),
        "rules": lambda ctx: scenes.create("rules", ctx),
        "load": lambda ctx: scenes.create("load_game", ctx),
        "game-menu": lambda ctx: GameMenu(ctx, session(ball_state), on_leave=lambda: None),
        "ball": lambda ctx: BallScene(ctx, session(ball_state), list(ball_events)),
        "scoring": lambda ctx: ScoringScene(ctx, session(scoring_state), list(scoring_events)),
        "decade": lambda ctx: DecadeScene(ctx, session(decade_state)),
        "game-over": lambda ctx: GameOverScene(ctx, session(over_state)),
    }


FACTORIES = _factories()


@pytest.mark.parametrize("name", list(FACTORIES))
def test_monkey_in_every_scene(app, name):
    finished = play(4, 5)[0]
    saves.save_named(make_session(finished), "A finished game")  # something for the Load screen
    rng = random.Random(hash(name) % 1000)
    events = 0
    scene = None
    while events < 600:
        if scene is None or app.stack.top is not scene:  # it closed or opened another: start afresh
            app.stack.clear()
            scene = FACTORIES[name](app.ctx)
            app.stack.push(scene)
            app.running = True
        hots = getattr(scene, "hots", None)
        for event in random_event(rng, app.window.get_size(), hots):
            app.handle_event(event)
            events += 1
        support.frames(app, 1)
        session = getattr(scene, "session", None)
        if session is not None:
            check_invariants(session.state)
    app.stack.clear()
