"""The keyboard shortcuts' modifier: Ctrl, as on Windows and Linux, or Cmd, as on macOS. Either works on every
system, so that a player's habit is understood wherever they play (on macOS, Ctrl with the arrows switches desktops
before the game hears it, and Cmd+S is how a Mac saves)."""

from __future__ import annotations

import sys

import pygame

from game.i18n import _

#: Ctrl or Cmd (SDL's "meta" is the Cmd key on a Mac, the Windows key elsewhere)
MODS = pygame.KMOD_CTRL | pygame.KMOD_META


def held(mods: int) -> bool:
    """Ctrl or Cmd is held in ``mods`` (a key event's ``mod``)."""
    return bool(mods & MODS)


def pressed(event: pygame.event.Event, key: int) -> bool:
    """``event`` presses Ctrl+``key`` or Cmd+``key``."""
    return event.type == pygame.KEYDOWN and event.key == key and held(getattr(event, "mod", 0))


def keys(key: str) -> str:
    """How the shortcut of ``key`` is written on this computer, in the language spoken: "Cmd+S" on a Mac,
    "Ctrl+S" elsewhere ("Strg+S" in German)."""
    if sys.platform == "darwin":
        return _("Cmd+{key}").format(key=key)
    return _("Ctrl+{key}").format(key=key)
