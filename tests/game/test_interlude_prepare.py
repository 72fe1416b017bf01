"""The table prepares an interlude before it shows it (game.ui.scene.Preparation): drawn off screen a part at
a time over the frames after the move that brings it, then shown in a frame of its own, whose art and text
are all made already."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table import TableScene
from game.ui import assets, draw
from game.ui.scene import Preparation
from rules import EventKind
from tests.game.test_ball_scene import make_session, play
from tests.game.test_table_support import frames, make_app


@pytest.fixture
def app():
    application = make_app()  # the interludes are shown (the table's own tests leave them out)
    yield application
    application.stack.clear()
    pygame.quit()


def _about_to(kind: EventKind):
    """A state whose next greedy action brings ``kind``, and that action."""
    from rules import apply_unchecked
    from rules.bots.simple import GreedyPlayer

    def brings(state, _events) -> bool:
        action = GreedyPlayer(1).choose(state.view(state.decider), state.legal_actions())
        return any(e.kind == kind for e in apply_unchecked(state.copy(), action))

    state, _ = play(4, 2, brings)
    return state, GreedyPlayer(1).choose(state.view(state.decider), state.legal_actions())


@pytest.mark.parametrize(("kind", "name"), [(EventKind.BALL_STARTED, "ball"), (EventKind.GAME_ENDED, "scoring")])
def test_an_interlude_is_prepared_then_shown_in_a_frame_of_its_own_with_nothing_left_to_make(app, kind, name):
    state, action = _about_to(kind)
    session = make_session(state, humans=(state.decider,))
    table = TableScene(app.ctx, session)
    app.stack.push(table)
    frames(app, 10)
    session.apply(action)
    frames(app, 1)  # the move's own frame: the interlude is made, not yet prepared
    assert app.stack.top is table and isinstance(table.upcoming, Preparation) and not table.upcoming.done
    steps = 0
    while not table.upcoming.done:
        frames(app, 1)
        steps += 1
        assert app.stack.top is table and steps < 20
    assert steps > 1  # a part at a time
    art, text = assets._render.cache_info().misses, draw._text.cache_info().misses
    frames(app, 1)
    assert getattr(app.stack.top, "name", "") == name
    assert (assets._render.cache_info().misses, draw._text.cache_info().misses) == (art, text)
    session.close()


def test_a_part_that_fails_to_prepare_leaves_the_scene_to_be_shown_as_it_is(app, capsys):
    state, action = _about_to(EventKind.BALL_STARTED)
    session = make_session(state, humans=(state.decider,))
    table = TableScene(app.ctx, session)
    app.stack.push(table)
    frames(app, 2)
    session.apply(action)
    frames(app, 1)
    scene = table.upcoming.scene

    def broken(surface):
        raise RuntimeError("no luck")

    scene.prepare_parts = broken
    for _ in range(20):
        frames(app, 1)
        if app.stack.top is scene:
            break
    assert app.stack.top is scene
    assert "could not prepare the ball scene: no luck" in capsys.readouterr().err
    session.close()
