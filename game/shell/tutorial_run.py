"""``python -m game --tutorial``: the guided first game at once; with ``--autoplay`` the scripted learner
(:mod:`game.tutorial.learner`) takes every step with the mouse, then the application exits.

The run prints a line as each step begins and ends with ``tutorial done: N steps; first building scoring: X VP``
(the learner's VP at the first building scoring). With ``--screenshots DIR`` each step is kept as
``NNN-tutorial-<step>.png`` (the guide asks for it when the step first shows; the steps at a masked ball are
named ``ball...``). The run exits with status 0 once the guide's last step is taken, with status 1 and the
reason if the learner was shown a move that was not legal, or could not go on.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import pygame

from game.scenes.tutorial import tutorial_table
from game.tutorial.learner import Learner
from game.ui.scene import Scene
from rules import Event, EventKind, VPSource

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.shell.app import App

QUIT_AFTER_SECONDS = 1.0


def tutorial_scene(app: App) -> Scene:
    """The tutorial's table; with ``--autoplay``, the learner set to drive it."""
    ctx, options = app.ctx, app.options
    speed = options.speed or ctx.settings.animation_speed
    table = tutorial_table(ctx, 0, speed)
    if not options.autoplay:
        return table
    learner = Learner(table)
    guide = learner.tutorial.guide
    steps = guide.steps
    scoring: list[int] = []  # the learner's VP at the first building scoring, once it has been held

    def heard(events: list[Event]) -> None:
        if not scoring and any(e.kind == EventKind.DECADE_STARTED for e in events):
            scoring.append(learner.session.state.players[guide.seat].vp_by_source[VPSource.BUILDING_SCORING])

    def begun(index: int) -> None:
        if index < len(steps):
            print(f"step {index + 1}/{len(steps)} {steps[index].key}", flush=True)

    remember = guide.on_step

    def on_step(index: int) -> None:
        if remember is not None:
            remember(index)
        begun(index)

    def finish() -> None:
        learner.session.remove_listener(heard)
        if learner.problems:
            print("noblemen: the tutorial went wrong: " + "; ".join(learner.problems), file=sys.stderr)
            app.quit(1)
            return
        vp = f"{scoring[0]} VP" if scoring else "not reached"
        print(f"tutorial done: {len(steps)} steps; first building scoring: {vp}", flush=True)
        pygame.time.set_timer(pygame.QUIT, int(QUIT_AFTER_SECONDS * 1000), loops=1)

    def drive() -> None:
        learner.tick()
        if learner.stuck:
            finish()

    guide.on_step = on_step
    learner.session.add_listener(heard)
    learner.on_done = finish
    app.driver = drive
    print(f"noblemen: the tutorial, taken by the scripted learner, speed {speed}", flush=True)
    begun(guide.index)
    return table
