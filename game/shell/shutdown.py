"""Quitting pygame, for the game and its tests alike: the mixer first, and never waiting forever.

``quit_pygame()`` replaces every ``pygame.quit()``: it closes the mixer before the rest
(:func:`game.ui.sound.close_mixer` says why: quitting while a sound ends could deadlock inside SDL_mixer), and
if SDL still does not return - an audio or video driver that never lets go, as in pygame-ce's issue #344 - the
process ends after :data:`QUIT_DEADLINE` seconds with exit status 1 and every thread's traceback on stderr,
instead of leaving a frozen window that must be killed. By then nothing is lost: the game quits pygame only
after its scenes have closed, which waits for the last autosave, and after the settings are written.

The deadline is faulthandler's watchdog, a C thread that needs no GIL: it fires even while the main thread is
stuck inside SDL holding the GIL, where a Python thread, a timer or a signal handler would wait forever too.
(It replaces any other pending ``faulthandler.dump_traceback_later``, e.g. pytest's ``faulthandler_timeout``.)
"""

from __future__ import annotations

import faulthandler
import os
import sys
from typing import IO, Any

import pygame

from game.ui import sound

#: seconds quitting may take before the process is ended (a healthy quit takes well under one)
QUIT_DEADLINE = 10.0

_devnull: IO[Any] | None = None


def quit_pygame() -> None:
    """Close the mixer, then pygame; end the process if that hangs for :data:`QUIT_DEADLINE` seconds."""
    faulthandler.dump_traceback_later(QUIT_DEADLINE, exit=True, file=_report_stream())
    try:
        sound.close_mixer()
        pygame.quit()
    finally:
        faulthandler.cancel_dump_traceback_later()


def _report_stream() -> IO[Any]:
    """Where the watchdog writes the tracebacks: stderr, or nowhere when there is no real one (a windowed
    build has none; a test capturing output has one without a file descriptor)."""
    global _devnull
    for stream in (sys.stderr, sys.__stderr__):
        try:
            if stream is not None and stream.fileno() >= 0:
                return stream
        except (OSError, ValueError):  # io.UnsupportedOperation is both
            continue
    if _devnull is None:
        _devnull = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - kept open for the watchdog
    return _devnull
