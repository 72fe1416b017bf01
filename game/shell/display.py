"""The window at the display's real pixels, and the pixel ratio it is drawn at (see :mod:`game.ui.layout`).

How each system gets crisp pixels:

- **Windows**: :func:`prepare` declares the process per-monitor (v2) DPI aware before the video system starts
  (the hint ``SDL_WINDOWS_DPI_AWARENESS``; the installer's executable also carries it in its manifest), so
  Windows no longer stretches the window as a bitmap and one window coordinate is one pixel. The ratio is
  the window's monitor DPI / 96 (``GetDpiForWindow``); the window is made ratio times its logical size, so
  it keeps the physical size it had when Windows stretched it, and is made so again when it moves to a
  monitor of another scale.
- **macOS** and **Wayland**: the window is created allowing high DPI (``pygame.Window(allow_high_dpi=True)``),
  so its coordinates are points and its surface is in pixels; the ratio is the surface's width over the
  window's. Pointer positions arrive in points: :meth:`Display.to_pixels` maps them.
- Elsewhere (X11, the dummy driver) one coordinate is one pixel, ratio 1.
- ``--pixel-ratio R`` draws at ratio R in a plain window R times the logical size, on every system: what a
  scaled screen shows, for tests and screenshots.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings

import pygame

from game.ui import layout

#: the DPI Windows calls 100 %
WINDOWS_BASE_DPI = 96


class NoDisplayError(Exception):
    """No window can be shown (no display, or no video driver works); ``str()`` says why."""


def prepare() -> None:
    """Before the video system starts: per-monitor v2 DPI awareness on Windows (SDL reads its hints from the
    environment; a value the player set is kept)."""
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def _wants_high_dpi_window() -> bool:
    """macOS and Wayland draw a plain window at half the pixels and upscale it: they need a high-DPI window."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    return sys.platform == "darwin" or driver == "wayland" or (
        sys.platform.startswith("linux") and driver == "" and bool(os.environ.get("WAYLAND_DISPLAY"))
        and not os.environ.get("DISPLAY"))


def _windows_ratio() -> float | None:
    """The window's monitor scale on Windows (None elsewhere, or when Windows does not say)."""
    if sys.platform != "win32":
        return None
    try:
        import ctypes

        hwnd = pygame.display.get_wm_info().get("window")
        dpi = ctypes.windll.user32.GetDpiForWindow(hwnd) if hwnd else 0  # type: ignore[attr-defined]
    except (AttributeError, OSError, pygame.error):
        return None
    return dpi / WINDOWS_BASE_DPI if dpi else None


class Display:
    """Opens the window for a logical size and says how its pixels relate to its units and to the pointer.

    ``forced_ratio`` (``--pixel-ratio``) draws at that ratio in a plain window; ``high_dpi`` chooses the
    high-DPI window (points, with a pixel surface) - by default on macOS and Wayland.
    """

    def __init__(self, forced_ratio: float | None = None, high_dpi: bool | None = None) -> None:
        self.forced_ratio = forced_ratio
        self.high_dpi = _wants_high_dpi_window() if high_dpi is None else high_dpi
        if forced_ratio is not None:
            self.high_dpi = False
        self.window: pygame.Window | None = None  # the high-DPI window, when there is one
        self.surface: pygame.Surface | None = None

    # -- opening --------------------------------------------------------------
    def open(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        """The window for ``size`` logical units (the desktop when ``fullscreen``); sets the pixel ratio."""
        w, h = (max(1, min(int(v), cap)) for v, cap in zip(size, layout.MAX_SIZE, strict=True))
        if self.high_dpi:
            self.surface = self._open_high_dpi((w, h), fullscreen)
        else:
            self.surface = self._open_plain((w, h), fullscreen)
        self._enforce_minimum()
        return self.surface

    def _open_plain(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        ratio = self.forced_ratio or 1.0
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        wanted = (0, 0) if fullscreen else _times(size, ratio)  # (0, 0): the desktop, exactly
        try:
            surface = pygame.display.set_mode(wanted, flags)
        except pygame.error:
            try:
                surface = pygame.display.set_mode(_times(layout.MIN_SIZE, ratio), pygame.RESIZABLE)
            except pygame.error as exc:
                raise NoDisplayError(str(exc)) from None
        layout.set_pixel_ratio(ratio)
        system = _windows_ratio() if self.forced_ratio is None else None
        if system is not None and system != 1.0:
            layout.set_pixel_ratio(system)
            if not fullscreen:  # the same physical size as the stretched window had, in real pixels
                surface = pygame.display.set_mode(_times(size, layout.pixel_ratio()), flags)
        return surface

    def _open_high_dpi(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if self.window is None:
            self.window = pygame.Window("Noblemen", size, resizable=True, allow_high_dpi=True)
        if fullscreen:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            self.window.size = size
        self.window.show()
        self.measure()
        return self.window.get_surface()

    def measure(self) -> bool:
        """Read the ratio again (the window moved to another monitor, or was resized); True if it changed."""
        before = layout.pixel_ratio()
        if self.forced_ratio is not None:
            layout.set_pixel_ratio(self.forced_ratio)
        elif self.window is not None:
            self.surface = self.window.get_surface()
            layout.set_pixel_ratio(self.surface.get_width() / max(1, self.window.size[0]))
        else:
            system = _windows_ratio()
            if system is not None:
                layout.set_pixel_ratio(system)
        return layout.pixel_ratio() != before

    def follow_monitor(self) -> bool:
        """The window moved to another monitor: measure its scale again and, where the window is in pixels,
        give it the same logical size at the new ratio. True if the ratio changed (lay everything out again)."""
        units = layout.units(self.pixel_size())
        if not self.measure():
            return False
        if self.window is None and self.forced_ratio is None and not self.is_fullscreen():
            self.surface = pygame.display.set_mode(_times(units, layout.pixel_ratio()), pygame.RESIZABLE)
        return True

    def _enforce_minimum(self) -> None:
        """Ask the window system for a minimum size (layouts also clamp, so this is a nicety)."""
        minimum = layout.MIN_SIZE if self.window is not None else _times(layout.MIN_SIZE, layout.pixel_ratio())
        try:
            window = self.window
            if window is None:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    window = pygame.Window.from_display_module()
            window.minimum_size = minimum
        except (AttributeError, pygame.error, ValueError):
            pass

    # -- each frame -----------------------------------------------------------
    def current(self) -> pygame.Surface | None:
        """The surface to draw on now (a resize replaces it)."""
        if self.window is not None:
            self.surface = self.window.get_surface()
        else:
            self.surface = pygame.display.get_surface() or self.surface
        return self.surface

    def flip(self) -> None:
        if self.window is not None:
            self.window.flip()
        else:
            pygame.display.flip()

    def pixel_size(self) -> tuple[int, int]:
        surface = self.current()
        return surface.get_size() if surface is not None else (0, 0)

    def is_fullscreen(self) -> bool:
        with contextlib.suppress(pygame.error):
            return bool(pygame.display.is_fullscreen()) if self.window is None else False
        return False

    def pointer_scale(self) -> tuple[float, float]:
        """Pixels per window coordinate: above 1 only in a high-DPI window, whose pointer positions are points."""
        if self.window is None or self.surface is None:
            return (1.0, 1.0)
        ww, wh = self.window.size
        return (self.surface.get_width() / max(1, ww), self.surface.get_height() / max(1, wh))

    def to_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with its pointer position (and motion) in pixels, for the scenes."""
        fx, fy = self.pointer_scale()
        if (fx, fy) == (1.0, 1.0) or not hasattr(event, "pos"):
            return event
        moved = dict(event.dict)
        moved["pos"] = (round(event.pos[0] * fx), round(event.pos[1] * fy))
        if hasattr(event, "rel"):
            moved["rel"] = (round(event.rel[0] * fx), round(event.rel[1] * fy))
        return pygame.event.Event(event.type, moved)


def _times(size: tuple[int, int], ratio: float) -> tuple[int, int]:
    return (round(size[0] * ratio), round(size[1] * ratio))
