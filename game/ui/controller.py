"""A game controller moves the same focus as the keys (SDL's game controller API, hot-plugged).

:class:`Controllers` opens each controller SDL announces (``CONTROLLERDEVICEADDED``, also for those plugged in
before the game started) and closes it when it goes (``CONTROLLERDEVICEREMOVED``). Its buttons and its left
stick become the key presses they stand for (:data:`BUTTON_KEYS`), which every screen already understands:

    D-pad or left stick   the arrows (held: repeated)      A       Enter (act)
    LB / RB               Shift+Tab / Tab                  B       Esc (back)
    Start                 the menu (the Menu key)          Back    F1 (the rules)
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

#: controller button -> (key, modifiers) it presses
BUTTON_KEYS: dict[int, tuple[int, int]] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (pygame.K_UP, 0),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (pygame.K_DOWN, 0),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (pygame.K_LEFT, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (pygame.K_RIGHT, 0),
    pygame.CONTROLLER_BUTTON_A: (pygame.K_RETURN, 0),
    pygame.CONTROLLER_BUTTON_B: (pygame.K_ESCAPE, 0),
    pygame.CONTROLLER_BUTTON_START: (pygame.K_MENU, 0),
    pygame.CONTROLLER_BUTTON_BACK: (pygame.K_F1, 0),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (pygame.K_TAB, pygame.KMOD_SHIFT),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (pygame.K_TAB, 0),
}
#: how far (of 32767) the stick leans before it counts as an arrow, and back under which it is let go
STICK_ON, STICK_OFF = 0.55, 0.35
#: a held direction repeats after this long, then this often (seconds)
REPEAT_AFTER, REPEAT_EVERY = 0.45, 0.16
#: the stick's axes and their key (negative, positive)
STICK_AXES = {pygame.CONTROLLER_AXIS_LEFTX: (pygame.K_LEFT, pygame.K_RIGHT),
              pygame.CONTROLLER_AXIS_LEFTY: (pygame.K_UP, pygame.K_DOWN)}
CONTROLLER_EVENTS = (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED, pygame.CONTROLLERBUTTONDOWN,
                     pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION)


def key_press(key: int, mods: int = 0) -> pygame.event.Event:
    """The event of pressing ``key`` (with ``mods``), as the keyboard would send it."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mods, unicode="", scancode=0)


class Controllers:
    """The controllers plugged in, and the direction the stick holds."""

    def __init__(self) -> None:
        self.pads: dict[int, Any] = {}  # instance id -> pygame._sdl2.controller.Controller
        self.held: int | None = None  # the arrow key the stick holds
        self.axes: dict[int, float] = {}
        self.wait = 0.0  # until the held arrow repeats
        self.ready = False

    def start(self) -> None:
        """Listen to controllers (those already plugged in are announced as added)."""
        try:
            from pygame._sdl2 import controller

            controller.init()
            self.ready = True
        except (ImportError, pygame.error):  # no controller support in this SDL: the keys still work
            self.ready = False

    def stop(self) -> None:
        for pad in list(self.pads.values()):
            with contextlib.suppress(pygame.error):
                pad.quit()
        self.pads.clear()

    def handle(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        """The key presses a controller's ``event`` stands for (none for the others)."""
        t = event.type
        if t == pygame.CONTROLLERDEVICEADDED:
            self._open(event.device_index)
        elif t == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.pads.pop(event.instance_id, None)
            if pad is not None:
                with contextlib.suppress(pygame.error):
                    pad.quit()
            if not self.pads:
                self.held = None
        elif t == pygame.CONTROLLERBUTTONDOWN and event.button in BUTTON_KEYS:
            return [key_press(*BUTTON_KEYS[event.button])]
        elif t == pygame.CONTROLLERAXISMOTION and event.axis in STICK_AXES:
            return self._stick(event.axis, event.value / 32767)
        return []

    def _open(self, index: int) -> None:
        if not self.ready:
            return
        from pygame._sdl2 import controller

        with contextlib.suppress(pygame.error, ValueError):
            pad = controller.Controller(index)
            self.pads[pad.as_joystick().get_instance_id()] = pad

    def _stick(self, axis: int, value: float) -> list[pygame.event.Event]:
        self.axes[axis] = value
        lean = max(STICK_AXES, key=lambda a: abs(self.axes.get(a, 0.0)))  # the axis leant on most
        amount = self.axes.get(lean, 0.0)
        if self.held is not None and abs(amount) < STICK_OFF:
            self.held = None
            return []
        if abs(amount) < STICK_ON:
            return []
        key = STICK_AXES[lean][amount > 0]
        if key == self.held:
            return []
        self.held, self.wait = key, REPEAT_AFTER
        return [key_press(key)]

    def update(self, dt: float) -> list[pygame.event.Event]:
        """The arrow the stick holds, repeated."""
        if self.held is None:
            return []
        self.wait -= dt
        if self.wait > 0:
            return []
        self.wait = REPEAT_EVERY
        return [key_press(self.held)]
