"""Widgets of a scene that closes (or opens) during ``update`` are gone (or drawn) in that same frame."""

from __future__ import annotations

import pygame

from game.shell.shutdown import quit_pygame
from game.ui import widgets
from game.ui.scene import Scene
from tests.game.test_table_support import make_app

BACKDROP = (10, 200, 30)
RECT = pygame.Rect(100, 100, 240, 60)


class Backdrop(Scene):
    name = "backdrop"

    def draw(self, surface):
        surface.fill(BACKDROP)


class WithButton(Scene):
    """Creates a button on enter, kills it on exit/pause; pops itself in update when told."""

    name = "with-button"
    transparent = True

    then = None

    def enter(self):
        self.track(widgets.button(self.ctx.ui, RECT, "Continue"))

    def pause(self):
        self.kill_widgets()

    def exit(self):
        self.kill_widgets()

    def update(self, dt):
        if self.then == "pop":
            self.then = None
            self.ctx.stack.pop()


class Opener(Scene):
    """Pushes the button scene during its update (as the table pushes the ball)."""

    name = "opener"
    transparent = True

    def update(self, dt):
        self.ctx.stack.push(WithButton(self.ctx))


def _button_drawn(app) -> bool:
    return tuple(app.window.get_at(RECT.center))[:3] != BACKDROP


def test_a_scene_popped_in_update_leaves_no_ghost_button():
    app = make_app()
    app.stack.push(Backdrop(app.ctx))
    top = app.stack.push(WithButton(app.ctx))
    app.step(1 / 60)
    assert _button_drawn(app)
    top.then = "pop"
    app.step(1 / 60)  # the scene closes during update: its button must not be drawn in this frame
    assert not _button_drawn(app)
    quit_pygame()


def test_a_button_created_in_update_is_drawn_in_the_same_frame():
    app = make_app()
    app.stack.push(Backdrop(app.ctx))
    app.step(1 / 60)
    assert not _button_drawn(app)
    app.stack.push(Opener(app.ctx))
    app.step(1 / 60)  # the new scene's button is in the frame (and so in the screenshot of the change)
    assert _button_drawn(app)
    quit_pygame()
