"""A game controller moves the same focus as the keys (synthesized SDL controller events; no hardware here)."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.title import TitleScene
from game.ui import controller
from game.ui.controller import Controllers
from tests.game.test_table_support import make_app


def button(b, instance=0):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=b)


def stick(axis, value, instance=0):
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=instance, axis=axis, value=value)


def keys_of(events):
    return [(e.key, e.mod) for e in events]


def test_the_buttons_are_the_keys_they_stand_for():
    pads = Controllers()
    assert keys_of(pads.handle(button(pygame.CONTROLLER_BUTTON_A))) == [(pygame.K_RETURN, 0)]
    assert keys_of(pads.handle(button(pygame.CONTROLLER_BUTTON_B))) == [(pygame.K_ESCAPE, 0)]
    assert keys_of(pads.handle(button(pygame.CONTROLLER_BUTTON_START))) == [(pygame.K_MENU, 0)]
    assert keys_of(pads.handle(button(pygame.CONTROLLER_BUTTON_DPAD_DOWN))) == [(pygame.K_DOWN, 0)]
    assert keys_of(pads.handle(button(pygame.CONTROLLER_BUTTON_LEFTSHOULDER))) == [(pygame.K_TAB,
                                                                                    pygame.KMOD_SHIFT)]
    assert pads.handle(button(pygame.CONTROLLER_BUTTON_GUIDE)) == []
    assert pads.handle(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0,
                                          button=pygame.CONTROLLER_BUTTON_A)) == []


def test_the_stick_leans_to_an_arrow_repeats_it_while_held_and_lets_go():
    pads = Controllers()
    assert pads.handle(stick(pygame.CONTROLLER_AXIS_LEFTX, 8000)) == []  # a little lean is no arrow
    assert keys_of(pads.handle(stick(pygame.CONTROLLER_AXIS_LEFTX, 30000))) == [(pygame.K_RIGHT, 0)]
    assert pads.handle(stick(pygame.CONTROLLER_AXIS_LEFTX, 31000)) == []  # still the same lean
    assert pads.update(0.2) == []
    assert keys_of(pads.update(controller.REPEAT_AFTER)) == [(pygame.K_RIGHT, 0)]
    assert keys_of(pads.update(controller.REPEAT_EVERY)) == [(pygame.K_RIGHT, 0)]
    assert pads.handle(stick(pygame.CONTROLLER_AXIS_LEFTX, 1000)) == []  # back to the middle
    assert pads.update(1.0) == []
    assert keys_of(pads.handle(stick(pygame.CONTROLLER_AXIS_LEFTY, -32768))) == [(pygame.K_UP, 0)]


def test_a_controller_plugged_in_and_out_is_opened_and_closed(pygame_display):
    pads = Controllers()
    pads.start()
    assert pads.ready
    opened = []

    class Pad:
        def __init__(self, index):
            opened.append(index)

        def as_joystick(self):
            return self

        def get_instance_id(self):
            return 7

        def quit(self):
            opened.append("closed")

    from pygame._sdl2 import controller as sdl_controller

    real = sdl_controller.Controller
    sdl_controller.Controller = Pad
    try:
        pads.handle(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    finally:
        sdl_controller.Controller = real
    assert opened == [0] and list(pads.pads) == [7]
    pads.handle(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
    assert opened == [0, "closed"] and pads.pads == {}
    pads.handle(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=3))  # no such device: no harm
    assert pads.pads == {}
    pads.stop()


@pytest.fixture
def app():
    application = make_app()
    yield application
    application.stack.clear()


def test_a_controller_steers_the_title_menu_like_the_keys(app):
    title = TitleScene(app.ctx)
    app.stack.push(title)
    app.ctx.input.keys = False  # the mouse was used last
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    app.handle_event(button(pygame.CONTROLLER_BUTTON_DPAD_DOWN))  # shows the ring where it is
    assert app.ctx.input.keys and title.focused().key == "new"
    for _ in range(2):
        app.handle_event(button(pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    assert title.focused().key == "load"
    app.handle_event(button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER))
    app.handle_event(button(pygame.CONTROLLER_BUTTON_A))
    assert app.stack.top.name == "rules"
    app.handle_event(button(pygame.CONTROLLER_BUTTON_B))
    assert app.stack.top is title


def test_a_key_closes_a_widgets_tooltip_and_its_hover(app):
    title = TitleScene(app.ctx)
    app.stack.push(title)
    button = dict(title.buttons)["load"]
    pygame.mouse.set_pos(button.rect.center)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(3, 0), buttons=(0, 0, 0)))
    for _ in range(100):  # past pygame-gui's tooltip delay
        app.step(1 / 60)
    assert button.hovered and button.tool_tip is not None
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert not button.hovered and button.tool_tip is None
