"""Scenes prepared before they show (game.ui.scene.Preparation): the table prepares an interlude off screen a
part at a time over the frames after the move that brings it, then shows it in a frame of its own, whose art
and text are all made already; the table itself, entered, shows the screen before it until each of its
panels is drawn, one a frame."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table import TableScene
from game.shell.shutdown import quit_pygame
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
    quit_pygame()


def _entered(app, table) -> None:
    """Push ``table`` and let it be prepared (it shows the screen before it meanwhile)."""
    app.stack.push(table)
    for _ in range(30):
        frames(app, 1)
        if table.settled:
            return
    raise AssertionError("the table was not prepared in 30 frames")


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
    _entered(app, table)
    session.apply(action)
    frames(app, 1)  # the move's own frame: the interlude is made, not yet prepared
    assert app.stack.top is table and isinstance(table.queue.upcoming, Preparation) and not table.queue.upcoming.done
    steps = 0
    while not table.queue.upcoming.done:
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
    _entered(app, table)
    session.apply(action)
    frames(app, 1)
    scene = table.queue.upcoming.scene

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


def test_the_table_shows_the_screen_before_it_until_its_panels_are_drawn_then_its_first_frame_draws_none(
        app, monkeypatch, tmp_path):
    from game import scenes
    from game.session import GameSession
    from game.table import draw as table_draw
    from game.table.layout import PANELS
    from tests.game.test_table_support import seats

    app.options.screenshots = tmp_path
    app.ctx.prepared_entries = True  # as the game's own loop does
    app.stack.push(scenes.create("title", app.ctx))
    frames(app, 3)
    before = pygame.image.tobytes(app.window, "RGB")
    drawn: list[str] = []

    def counted(name, draw):
        def counting(*args):
            drawn.append(name)
            draw(*args)
        return counting

    def counted_steps(name, draw):
        def counting(*args):
            drawn.append(name)
            yield from draw(*args)
        return counting

    monkeypatch.setattr(table_draw, "PANEL_DRAWERS", {
        name: counted(name, draw) for name, draw in table_draw.PANEL_DRAWERS.items()})
    monkeypatch.setattr(table_draw, "PANEL_STEPS", {
        name: counted_steps(name, draw) for name, draw in table_draw.PANEL_STEPS.items()})
    session = GameSession(seats(("human", "greedy", "greedy")), 3)
    table = TableScene(app.ctx, session)
    app.stack.push(table)
    shots = set(tmp_path.glob("*.png"))
    in_draw = []
    own_draw = table.draw
    table.draw = lambda surface: (in_draw.append(len(drawn)), own_draw(surface), in_draw.append(len(drawn)))
    steps = 0
    while not table.settled:
        frames(app, 1)
        steps += 1
        assert steps < 40
        if not table.settled:
            assert pygame.image.tobytes(app.window, "RGB") == before  # the screen before, as it was
            assert set(tmp_path.glob("*.png")) == shots  # no screenshot of it as the table's
    assert steps > 2 and sorted(drawn) == sorted(PANELS)  # each panel drawn once, while covered
    assert in_draw[-2] == in_draw[-1]  # the table's first own frame drew no panel afresh
    assert any(p.name.endswith("-table.png") for p in set(tmp_path.glob("*.png")) - shots)
    cached = pygame.image.tobytes(app.window, "RGB")
    table.painter.nocache = True
    frames(app, 1)
    assert pygame.image.tobytes(app.window, "RGB") == cached  # and it is the table as drawn afresh
    session.close()


def test_the_queue_keeps_the_interludes_an_action_brings_in_the_order_they_show():
    from game.scenes.interludes import InterludeQueue
    from rules import Event, board

    queue = InterludeQueue()
    assert not queue
    round_end = Event(EventKind.ROUND_ADVANCED, amount=board.SCORING_SPACE)
    queue.note([Event(EventKind.TURN_STARTED, 0), round_end, Event(EventKind.BALL_STARTED),
                Event(EventKind.DECADE_STARTED)])
    assert [hook for hook, _events in queue.waiting] == ["ball", "scoring", "decade"]
    assert queue.waiting[0][1][0].kind == EventKind.BALL_STARTED  # the ball sees its events from its start on
    queue.note([Event(EventKind.GAME_ENDED)])
    assert [hook for hook, _events in queue.waiting][-1] == "over"


def test_the_table_is_laid_out_a_panel_a_step_then_found_laid_out(app):
    """Preparing the table lays out one panel a step (the first frame laid out all seven at once, some 35 ms
    on a slow machine); the frame then laid out takes every panel from the memo."""
    from game.session import GameSession
    from game.table.layout import PANELS, PanelMemo, layout_in_steps, layout_table
    from tests.game.test_table_support import seats

    session = GameSession(seats(("human", "greedy", "greedy")), 3)
    table = TableScene(app.ctx, session)
    memo = PanelMemo()
    situation = table.situation()
    steps = layout_in_steps(situation, memo)
    for count in range(1, len(PANELS) + 1):
        next(steps)
        assert len(memo.layouts) == count
    assert next(steps, "done") == "done"
    laid = {name: lay for name, (_key, lay) in memo.layouts.items()}
    frame = layout_table(situation, memo)
    assert all(frame.panels[name][1] is laid[name] for name in PANELS)
    session.close()
