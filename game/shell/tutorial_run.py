"""``python -m game --tutorial``: the guided first game at once; with ``--autoplay`` the scripted learner
(:mod:`game.tutorial.learner`) takes every step with the mouse, then the application exits.

With ``--screenshots DIR`` each step is kept as ``NNN-tutorial-<step>.png`` (the guide asks for it when the
step first shows). The run exits with status 0 once the guide's last step is taken, with status 1 and the
reason if the learner was shown a move that was not legal, or could not go on.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import pygame

from game.scenes.tutorial import tutorial_table
from game.tutorial.learner import Learner
from game.ui.scene import Scene

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

    def finish() -> None:
        if learner.problems:
            print("noblemen: the tutorial went wrong: " + "; ".join(learner.problems), file=sys.stderr)
            app.quit(1)
            return
        steps = learner.tutorial.guide.steps
        print(f"Tutorial: all {len(steps)} steps taken ({learner.gestures} gestures).", flush=True)
        pygame.time.set_timer(pygame.QUIT, int(QUIT_AFTER_SECONDS * 1000), loops=1)

    def drive() -> None:
        learner.tick()
        if learner.stuck:
            finish()

    learner.on_done = finish
    app.driver = drive
    print(f"noblemen: the tutorial, taken by the scripted learner, speed {speed}", flush=True)
    return table
