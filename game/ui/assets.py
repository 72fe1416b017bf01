"""Art and fonts: the one place the application gets them.

Everything is looked up under :func:`asset_root`, the ``game`` package's own folder, which holds
``art/`` (hand-written SVG), ``fonts/`` (OFL / Bitstream-Vera fonts with their licence files),
``sounds/`` and ``licenses/`` as package data. It is found with :mod:`importlib.resources`, so a source
checkout, an installed wheel and a PyInstaller bundle (whose importer answers for ``game/`` inside the
bundle) all read the same files the same way.

API
---
``asset_root() -> Path``
    The folder holding ``art/``, ``fonts/``, ``sounds/`` and ``licenses/``.
``art_names() -> list[str]``
    Every SVG name available (file name without ``.svg``), sorted.
``image(name, size, *, tint=None) -> Surface``
    ``art/<name>.svg`` rendered by SDL_image's SVG rasteriser (nanosvg) directly at ``size`` pixels,
    so it is crisp at any scale. The result is exactly ``size``: the drawing keeps its aspect ratio
    and is centred on a transparent canvas if ``size`` has another aspect ratio than its viewBox.
    Per-pixel alpha; ``convert_alpha()`` is applied when a display mode is set.
    ``tint="#D55E00"`` replaces every occurrence of the placeholder colour ``#FF00FF``
    (:data:`PLACEHOLDER`) in the SVG text before rendering: that is how player-coloured knights,
    markers and crests are made. Results are cached (bounded LRU keyed by name, size and tint), so
    the same Surface object may be returned again: copy it before drawing on it.
    An unknown name raises ``KeyError``; a malformed tint raises ``ValueError``.
``font(role, size) -> pygame.font.Font``
    Roles (:data:`FONT_ROLES`): ``"heading"`` (EB Garamond SemiBold), ``"body"`` (EB Garamond
    Regular), ``"italic"`` (EB Garamond Italic), ``"ui"`` (DejaVu Sans), ``"ui-bold"`` (DejaVu Sans
    Bold). ``size`` is the design size at the default text size: the font is ``size`` times the
    player's text size (:func:`set_text_scale`, 1.0 = 100 %), never under :data:`MIN_TEXT` px; fonts
    are cached by (role, pixel size). An unknown role raises ``KeyError``.
``set_text_scale(scale)``, ``text_scale()``
    The player's text size (Settings > Text size, ``--text-scale``); every text drawn through
    :func:`font` honours it. Caches of rendered text key on it.
``min_text()``
    The smallest font size in device pixels: :data:`MIN_TEXT` logical pixels times the pixel ratio.
``recording_sizes()``
    A context manager collecting the size, in logical pixels, of every font :func:`font` is asked for (the
    readability check: nothing under :data:`MIN_TEXT` at 1280x720 and the default text size, nothing under
    it at any window size at 150 %).

Importing this module needs no display; pygame's font module is initialised on first use of
:func:`font`.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.resources
import io
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame

from game.ui import glyphs, layout

__all__ = [
    "FONT_ROLES",
    "PLACEHOLDER",
    "art_names",
    "asset_root",
    "clear_caches",
    "font",
    "image",
    "is_recording",
    "min_text",
    "recording_sizes",
    "set_text_scale",
    "sized",
    "text_scale",
]

PLACEHOLDER = "#FF00FF"
"""The colour in the SVG art that ``image(..., tint=...)`` replaces with a player's colour."""

_FONT_FILES: dict[str, str] = {
    "heading": "EBGaramond-SemiBold.ttf",
    "body": "EBGaramond-Regular.ttf",
    "italic": "EBGaramond-Italic.ttf",
    "ui": "DejaVuSans.ttf",
    "ui-bold": "DejaVuSans-Bold.ttf",
}
FONT_ROLES: tuple[str, ...] = tuple(_FONT_FILES)

MIN_FONT_SIZE = 6
#: the smallest text, in logical pixels, a scene may draw at 1280x720 and 100 %, and at any size at 150 %
#: (tests/game/test_readable.py checks it)
MIN_TEXT = 12
IMAGE_CACHE_SIZE = 512

_PLACEHOLDER_RE = re.compile(re.escape(PLACEHOLDER), re.IGNORECASE)
_HEX_RE = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")

_fonts: dict[tuple[str, int], pygame.font.Font] = {}
_recorder: list[tuple[str, float]] | None = None


@functools.cache
def asset_root() -> Path:
    """The ``game`` package's folder, holding ``art/``, ``fonts/``, ``sounds/`` and ``licenses/``.

    pygame and pygame-gui open fonts and sounds by file name, so the data must be real files: true of a
    checkout, a wheel installed by pip and a PyInstaller bundle, not of a zipped install.
    """
    root = importlib.resources.files("game")
    if not isinstance(root, Path):
        raise RuntimeError(f"Noblemen must be installed as files, not inside an archive ({root})")
    return root


@functools.cache
def _svg_paths() -> dict[str, Path]:
    art = asset_root() / "art"
    return {p.stem: p for p in sorted(art.glob("*.svg"))}


def art_names() -> list[str]:
    """Every SVG name in ``art/``, sorted."""
    return list(_svg_paths())


def _svg_path(name: str) -> Path:
    try:
        return _svg_paths()[name]
    except KeyError:
        close = [n for n in _svg_paths() if n.split("-")[0] == name.split("-")[0]][:8]
        hint = f"; similar: {', '.join(close)}" if close else ""
        raise KeyError(f"no art named {name!r} in {asset_root() / 'art'}{hint}") from None


@functools.cache
def _svg_text(name: str) -> str:
    return _svg_path(name).read_text(encoding="utf-8")


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def image(name: str, size: tuple[int, int], *, tint: str | None = None) -> pygame.Surface:
    """Render ``art/<name>.svg`` at exactly ``size`` pixels (see the module docstring)."""
    w, h = (int(v) for v in size)
    if w < 1 or h < 1:
        raise ValueError(f"image size must be positive, got {size!r}")
    if tint is not None:
        if not _HEX_RE.fullmatch(tint):
            raise ValueError(f"tint must be a hex colour like '#D55E00', got {tint!r}")
        tint = tint.upper()
    _svg_path(name)  # raise KeyError early, outside the cache
    return _render(name, w, h, tint, _display_ready())


@functools.lru_cache(maxsize=IMAGE_CACHE_SIZE)
def _render(name: str, w: int, h: int, tint: str | None, convert: bool) -> pygame.Surface:
    text = _svg_text(name)
    if tint is not None:
        text = _PLACEHOLDER_RE.sub(tint, text)
    drawn = pygame.image.load_sized_svg(io.BytesIO(text.encode("utf-8")), (w, h))
    if drawn.get_size() != (w, h):
        canvas = pygame.Surface((w, h), pygame.SRCALPHA)
        canvas.blit(drawn, ((w - drawn.get_width()) // 2, (h - drawn.get_height()) // 2))
        drawn = canvas
    return drawn.convert_alpha() if convert else drawn


def set_text_scale(scale: float) -> None:
    """The player's text size (1.0 = 100 %)."""
    layout.set_text_scale(scale)


def text_scale() -> float:
    return layout.text_scale()


def min_text() -> float:
    """The smallest font size in device pixels (:data:`MIN_TEXT` logical pixels at the pixel ratio)."""
    return MIN_TEXT * layout.pixel_ratio()


def min_design_size() -> int:
    """The smallest design size whose text is still drawn at :func:`min_text` pixels (at a large text size, far
    under the designs' own sizes)."""
    return math.ceil(min_text() / layout.text_scale())


def is_recording() -> bool:
    """A readability check is collecting the sizes asked for (cached text asks the font too, then)."""
    return _recorder is not None


@contextlib.contextmanager
def recording_sizes() -> Iterator[list[tuple[str, float]]]:
    """Collect (role, size in logical pixels at the text size) of every font asked for inside the block."""
    global _recorder
    outer, _recorder = _recorder, []
    try:
        yield _recorder
    finally:
        _recorder = outer


def font(role: str, size: int) -> pygame.font.Font:
    """The font for ``role`` at the design ``size`` times the text size, cached."""
    if role not in _FONT_FILES:
        raise KeyError(f"unknown font role {role!r}; roles are {', '.join(FONT_ROLES)}")
    size = max(MIN_FONT_SIZE, round(int(size) * layout.text_scale()))
    if _recorder is not None:
        _recorder.append((role, size / layout.pixel_ratio()))
    key = (role, size)
    _revive_fonts()
    cached = _fonts.get(key)
    if cached is None:
        cached = Font(role, size)
        _fonts[key] = cached
    return cached


def _revive_fonts() -> None:
    """Fonts made before a pygame.quit() are dead: forget them and start pygame's fonts again."""
    if not pygame.font.get_init():
        _fonts.clear()
        pygame.font.init()


def font_path(role: str) -> Path:
    """The file of the font of ``role``."""
    return asset_root() / "fonts" / _FONT_FILES[role]


#: the face a character missing from a role's font is drawn in (DejaVu Sans covers far more than EB Garamond)
FALLBACK_ROLE = {"heading": "ui-bold", "body": "ui", "italic": "ui", "ui": "ui", "ui-bold": "ui-bold"}
#: shown for a character no font of the game has (visible, unlike the box a font draws for it)
SUBSTITUTE = "\ufffd"


#: the role of each font file (pygame-gui's theme names the files)
_ROLE_OF_FILE = {file: role for role, file in _FONT_FILES.items()}


def gui_font(file: Any, size: int) -> pygame.font.Font:
    """A font pygame-gui opens for its widgets (labels, lists, the text typed into a field): one of the game's
    font files opens as that role's :class:`Font`, which draws a character the file lacks in the fallback face (a
    name typed in another script), never as a box; any other file as pygame opens it."""
    role = _ROLE_OF_FILE.get(Path(file).name) if isinstance(file, str | Path) else None
    return Font(role, int(size)) if role is not None else pygame.font.Font(file, size)


#: the texts a font remembers the size of, at most (then it starts afresh)
MEASURED = 4096


class Font(pygame.font.Font):
    """A role's font that never draws the box: a character it lacks (a name's letter from another script, a
    symbol) is drawn in the fallback face, and one that face lacks too as :data:`SUBSTITUTE`."""

    def __init__(self, role: str, size: int) -> None:
        super().__init__(str(font_path(role)), size)
        self.role = role
        self.pixel_size = size
        self._has = _characters(role)
        self._sizes: dict[str, tuple[int, int]] = {}  # measured texts: a layout measures the same words again

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]] | None:
        """``text`` cut into pieces and the font each is drawn in; None when this font has every character."""
        if self._has.issuperset(text):  # (every text measured or drawn passes here: the quick test first)
            return None
        fallback_role = FALLBACK_ROLE[self.role]
        fallback = sized(fallback_role, self.pixel_size)
        pieces: list[tuple[pygame.font.Font, str]] = []
        for ch in text:
            if ord(ch) in glyphs.coverage(font_path(self.role)):
                face: pygame.font.Font = self
            elif ord(ch) in glyphs.coverage(font_path(fallback_role)):
                face = fallback
            else:
                face, ch = fallback, SUBSTITUTE
            if pieces and pieces[-1][0] is face:
                pieces[-1] = (face, pieces[-1][1] + ch)
            else:
                pieces.append((face, ch))
        return pieces

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        known = self._sizes.get(text)
        if known is None:
            if len(self._sizes) >= MEASURED:
                self._sizes.clear()
            known = self._sizes[text] = self._measure(text)
        return known

    def _measure(self, text: str) -> tuple[int, int]:
        pieces = self.runs(text)
        if pieces is None:
            return super().size(text)
        sizes = [pygame.font.Font.size(face, piece) for face, piece in pieces]  # each face has its piece's glyphs
        return (sum(w for w, _h in sizes), max(self.get_height(), *(h for _w, h in sizes)))

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):  # type: ignore[override]
        pieces = self.runs(str(text)) if text else None
        if pieces is None:
            return super().render(text, antialias, color, bgcolor, wraplength)
        drawn = [(pygame.font.Font.render(face, piece, antialias, color, bgcolor), face) for face, piece in pieces]
        width = sum(img.get_width() for img, _face in drawn)
        height = max(self.get_height(), *(img.get_height() for img, _face in drawn))
        line = pygame.Surface((width, height), pygame.SRCALPHA)
        if bgcolor is not None:
            line.fill(bgcolor)
        x = 0
        for img, face in drawn:  # on one baseline
            line.blit(img, (x, self.get_ascent() - face.get_ascent()))
            x += img.get_width()
        return line


@functools.cache
def _characters(role: str) -> frozenset[str]:
    """The characters the font of ``role`` has a glyph for, and the line breaks and tabs (never drawn)."""
    return frozenset(map(chr, glyphs.coverage(font_path(role)))) | frozenset("\n\t\r")


def sized(role: str, size: int) -> pygame.font.Font:
    """The font of ``role`` at exactly ``size`` pixels (no text scale), cached with the others: the size a
    pygame-gui theme gives its widgets, to measure their labels."""
    key = (role, size)
    _revive_fonts()
    if key not in _fonts:
        _fonts[key] = Font(role, size)
    return _fonts[key]


def forget_fonts() -> None:
    """Fonts opened before a pygame.quit() are dead (the art drawn before it lives on: a surface outlives the quit)."""
    _fonts.clear()


def clear_caches() -> None:
    """Forget rendered images, fonts and the art listing (e.g. after art files changed)."""
    _render.cache_clear()
    _svg_text.cache_clear()
    _svg_paths.cache_clear()
    _fonts.clear()
