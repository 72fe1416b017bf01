"""Small shared drawing helpers in the look of ART.md, and themed buttons.

Drawing (pure, cached where costly):
  ``parchment(size)``                    a mottled parchment background Surface, cached per size
  ``panel(surface, rect, scale)``        a darker parchment card with ink border and gold hairline
  ``ornate_frame(surface, rect, scale)`` a double rule with gold corner ornaments
  ``fleuron_rule(surface, centre, width, scale)``  a tapered rule with a central lozenge
  ``crown(surface, centre, height)``     a small gold crown
  ``gold_text(text, size)``              a gold-leaf heading Surface (EB Garamond)
  ``text(text, role, size, colour)``     plain text Surface via game.ui.assets
  ``blit_text(surface, text, role, size, colour, anchor=..., **pos)``
  ``wrap(text, font, width)``            word wrap into lines
Widgets (pygame-gui, UI manager passed explicitly):
  ``button(manager, rect, text, style=None, tooltip=None)`` style None | "quiet" | "danger" | "toggle_on"
  ``label(manager, rect, text, style=None)``
Helpers: :class:`Toast` (a short message fading out), :class:`ConfirmDialog`, :class:`MessageDialog`
and :class:`ChoiceDialog` (modal scenes drawn over the scene below).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import _
from game.ui import assets, draw, focus, layout
from game.ui.draw import fair_widths
from game.ui.scene import AppContext, WidgetScene
from game.ui.theme import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    MUTED,
    PANEL,
    PARCHMENT,
    PARCHMENT_LIGHT,
    button_font,
)


# -- text ------------------------------------------------------------------------
def text(content: str, role: str, size: int, colour: Any = INK) -> pygame.Surface:
    """``content`` rendered in font ``role`` at ``size`` px (antialiased)."""
    return assets.font(role, max(6, int(size))).render(content, True, colour)


def blit_text(surface: pygame.Surface, content: str, role: str, size: int, colour: Any = INK,
              **anchor: Any) -> pygame.Rect:
    """Draw text positioned like ``Rect`` keywords, e.g. ``center=(x, y)`` or ``topleft=...``."""
    img = text(content, role, size, colour)
    rect = img.get_rect(**anchor)
    surface.blit(img, rect)
    return rect


def wrap(content: str, font: pygame.font.Font, width: int, break_words: bool = False,
         at_most: int | None = None, first: int | None = None) -> list[str]:
    """Greedy word wrap; paragraphs split on newlines; never returns an empty list. Lines break at plain spaces
    only: a no-break space (see :func:`unbroken`) holds its words together. ``break_words``: a word wider
    than ``width`` (a long German word in a narrow column at a large text size) is split with a hyphen.
    ``at_most``: the lines past that many joined to the last (a card's name, a title in two lines at most).
    ``first``: the first line's room where it is narrower than the others' (a crest before it); a first word too
    wide for it, that the others' hold, starts the next line whole (the first is left empty), never split."""
    lines: list[str] = []
    for para in content.split("\n"):
        words = _glued([word for word in para.split(" ") if word])
        if break_words:
            words = [piece for word in words for piece in _hyphenated(word, font, width)]
        line = ""
        for word in words:
            room = first if first is not None and not lines else width
            candidate = f"{line} {word}".strip()
            if not line and room < font.size(word)[0] <= width:
                lines.append("")  # (a crest alone before the word, whole on the next line)
                line = word
            elif not line or font.size(candidate)[0] <= room:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    if at_most is not None and len(lines) > at_most:
        lines = [*lines[:at_most - 1], " ".join(lines[at_most - 1:])]
    return lines or [""]


def name_lines(name: str, font: pygame.font.Font, width: int) -> list[str]:
    """A player's name in lines of ``width``, whole: broken at its spaces (a number kept with the word before it),
    then after its hyphens ("Fitzwilliam-" / "Smythe"), a part still too wide split with a hyphen (never cut with
    "…")."""
    pieces: list[tuple[str, str]] = []  # (glue before it, piece)
    for word in _numbers_held(name.split()):
        parts = [part for part in word.replace("-", "-\n").split("\n") if part]
        for k, part in enumerate(parts):
            for j, piece in enumerate(_hyphenated(part, font, width)):
                pieces.append(("" if k or j else " ", piece))
    lines: list[str] = []
    for glue, piece in pieces:
        if lines and font.size(lines[-1] + glue + piece)[0] <= width:
            lines[-1] += glue + piece
        else:
            lines.append(piece)
    return lines or [""]


def name_block(name: str, design: int, width: int, fold_under: int = 0) -> tuple[int, list[str], bool]:
    """A name in ``width`` at the largest heading size, down to the smallest readable one, at which it takes one
    line, else two broken at spaces and hyphens only; else at the smallest, in as many lines as it needs. Returns
    the size, the lines, and whether they are the two lines at most, each word whole. ``fold_under``: no single
    line under this design size, two larger lines instead (a heading)."""
    sizes = range(design, draw.smallest_size(design) - 1, -1)
    for size in sizes:
        if size >= fold_under and assets.font("heading", size).size(name)[0] <= width:
            return size, [name], True
    size = design
    for size in sizes:
        lines = name_lines(name, assets.font("heading", size), width)
        if len(lines) <= 2 and "".join(lines).count("-") == name.count("-"):  # no word split inside
            return size, lines, True
    return size, name_lines(name, assets.font("heading", size), width), False


def unbroken(text: str) -> str:
    """``text`` with no-break spaces, so that :func:`wrap` never splits it ("Normal 1: 60" in a list of scores,
    where a line ending in "Normal" would leave "1: 60" to read as another's score)."""
    return text.replace(" ", "\u00a0")


def numbered_name(name: str) -> str:
    """``name`` with a no-break space before each number in it ("Normal 3"), so that :func:`wrap` keeps a number
    with the word before it; a long name still folds at its other spaces."""
    return " ".join(_numbers_held(name.split(" ")))


def _numbers_held(words: list[str]) -> list[str]:
    """``words`` with each number joined to the word before it by a no-break space ("Normal 3" read apart from
    its number as a count of 3)."""
    out: list[str] = []
    for word in words:
        if word.isdigit() and out:
            out[-1] = f"{out[-1]}\u00a0{word}"
        else:
            out.append(word)
    return out


def _glued(words: list[str]) -> list[str]:
    """``words`` with a number and the word after it as one ("12 VP.", "(+1 SP)", "7 £", "6 Plättchen"), and an
    equals sign with what it equals, so that a line never ends between them."""
    out: list[str] = []
    for word in words:
        if out and (out[-1].lstrip("(+−-£").isdigit() or out[-1] == "="):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


#: a word split with a hyphen leaves at least this many letters on each line where it can
SPLIT_LETTERS = 3


def _hyphenated(word: str, font: pygame.font.Font, width: int) -> list[str]:
    """``word`` in pieces that each fit ``width``, every piece but the last ending in a hyphen: after a hyphen of its
    own where the piece before it fits ("Fitzwilliam-" / "Smythe's", never "Fitzwilliam--" / "Smythe's" nor
    "Fitzwilliam-Sm-" / "ythe's"), else as long a piece as fits that leaves the next line a few letters
    ("Montgom-" / "ery.", not "Montgomer-" / "y.")."""
    pieces = []
    while font.size(word)[0] > width and len(word) > 2:
        own = [k + 1 for k, c in enumerate(word[:-1]) if c == "-" and font.size(word[:k + 1])[0] <= width]
        if own:
            cut = own[-1]
            pieces.append(word[:cut])
        else:
            cut = len(word) - 1
            while cut > 1 and font.size(word[:cut] + "-")[0] > width:
                cut -= 1
            while cut > SPLIT_LETTERS and sum(c.isalpha() for c in word[cut:]) < SPLIT_LETTERS:
                cut -= 1
            pieces.append(word[:cut] + "-")
        word = word[cut:]
    return [*pieces, word]


def gold_text_within(content: str, size: int, width: int, least: int | None = None) -> pygame.Surface:
    """A gold heading at ``size``, smaller where it would be wider than ``width`` (a long language, a large text),
    never under ``least`` (the readable size unless given): each step to the size its width says, at least one
    smaller."""
    least = assets.min_design_size() if least is None else least
    img = gold_text(content, size)
    while img.get_width() > width and size > least:
        size = max(least, min(size - 1, int(size * width / img.get_width())))
        img = gold_text(content, size)
    return img


def gold_text(content: str, size: int, role: str = "heading") -> pygame.Surface:
    """A gold-leaf heading: a vertical gold gradient with a dark-gold edge and a soft ink shadow (cached)."""
    if assets.is_recording():
        assets.font(role, size)
    return _gold_text(content, max(6, int(size)), role, assets.text_scale())


@functools.lru_cache(maxsize=32)
def _gold_text(content: str, size: int, role: str, _scale: float) -> pygame.Surface:
    font = assets.font(role, size)
    mask = font.render(content, True, (255, 255, 255))
    w, h = mask.get_size()
    edge = max(1, size // 40)
    drop = max(1, size // 22)
    out = pygame.Surface((w + 2 * edge + drop, h + 2 * edge + drop), pygame.SRCALPHA)
    shadow = font.render(content, True, INK)
    shadow.set_alpha(70)
    out.blit(shadow, (edge + drop, edge + drop))
    rim = font.render(content, True, GOLD_DARK)
    for dx in (-edge, 0, edge):
        for dy in (-edge, 0, edge):
            if dx or dy:
                out.blit(rim, (edge + dx, edge + dy))
    gradient = pygame.Surface((w, h), pygame.SRCALPHA)
    stops = (GOLD_LIGHT, GOLD, GOLD_DARK)
    for y in range(h):
        t = y / max(1, h - 1)
        a, b, u = (stops[0], stops[1], t / 0.55) if t < 0.55 else (stops[1], stops[2], (t - 0.55) / 0.45)
        pygame.draw.line(gradient, a.lerp(b, min(1.0, u)), (0, y), (w, y))
    gradient.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(gradient, (edge, edge))
    return out


# -- parchment -------------------------------------------------------------------
@functools.lru_cache(maxsize=4)
def _parchment_texels(sw: int, sh: int) -> tuple[bytes, object]:
    """The small mottled parchment's pixels in RGB, row by row, and the random state after them (the fibres go on
    from it). Plain bytes, so they outlive a pygame quit that kills the surfaces made from them (each test's app)."""
    rng = random.Random(1589)
    r, g, b = PARCHMENT.r, PARCHMENT.g, PARCHMENT.b
    texels = bytearray()  # built whole, as a pixel set one by one costs a call
    for y in range(sh):
        dy = (y + 0.5) / sh - 0.5
        for x in range(sw):
            dx = (x + 0.5) / sw - 0.5
            vignette = 1.0 - 0.22 * min(1.0, (dx * dx + dy * dy) * 2.6) ** 1.6
            mottle = 1.0 + (-0.025 + 0.05 * rng.random())  # rng.uniform(-0.025, 0.025), without its call
            f = vignette * mottle
            texels += bytes((min(255, int(r * f)), min(255, int(g * f)), min(255, int(b * f * 0.995))))
    return bytes(texels), rng.getstate()


@functools.lru_cache(maxsize=4)
def parchment(size: tuple[int, int]) -> pygame.Surface:
    """A warm, mottled parchment with a soft vignette, exactly ``size`` (cached)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    sw, sh = 96, max(8, round(96 * min(4.0, h / w)))
    texels, state = _parchment_texels(sw, sh)
    rng = random.Random()
    rng.setstate(state)
    small = pygame.Surface((sw, sh))
    small.blit(pygame.image.frombuffer(texels, (sw, sh), "RGB"), (0, 0))
    big = pygame.transform.smoothscale(small, (w, h)) if (w, h) != (sw, sh) else small
    # a few faint fibres
    fibres = pygame.Surface((w, h), pygame.SRCALPHA)
    for _fibre in range(min(400, (w * h) // 6000)):
        x, y = rng.randrange(w), rng.randrange(h)
        length = rng.randint(8, 40)
        angle = rng.uniform(-0.4, 0.4)
        end = (x + length * math.cos(angle), y + length * math.sin(angle))
        pygame.draw.line(fibres, (120, 95, 60, rng.randint(10, 22)), (x, y), end)
    big.blit(fibres, (0, 0))
    return big


def fill_parchment(surface: pygame.Surface) -> None:
    surface.blit(parchment(surface.get_size()), (0, 0))


def panel(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0, *,
          fill: Any = PANEL, border: Any = MUTED, hairline: Any = GOLD, shadow: bool = True) -> None:
    """A parchment card: soft drop shadow, fill, ink border, inner gold hairline."""
    rect = pygame.Rect(rect)
    if rect.width < 4 or rect.height < 4:
        return
    radius = max(2, round(6 * scale))
    if shadow:
        off = max(2, round(4 * scale))
        surface.blit(_panel_shadow(rect.size, off, radius), (rect.x - off // 2, rect.y - off // 2))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect, width=max(1, round(1.5 * scale)), border_radius=radius)
    inset = max(3, round(5 * scale))
    inner = rect.inflate(-2 * inset, -2 * inset)
    if inner.width > 4 and inner.height > 4:
        pygame.draw.rect(surface, hairline, inner, width=1, border_radius=max(1, radius - inset // 2))


@functools.lru_cache(maxsize=64)
def _panel_shadow(size: tuple[int, int], off: int, radius: int) -> pygame.Surface:
    """A panel's soft drop shadow (cached per size: the table draws the same panels every frame)."""
    sh = pygame.Surface((size[0] + off * 2, size[1] + off * 2), pygame.SRCALPHA)
    pygame.draw.rect(sh, (43, 33, 24, 40), sh.get_rect().inflate(-off, -off).move(off // 2, off // 2),
                     border_radius=radius + off)
    return sh


def _lozenge(surface: pygame.Surface, centre: tuple[float, float], r: float, colour: Any,
             outline: Any | None = None) -> None:
    cx, cy = centre
    points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    pygame.draw.polygon(surface, colour, points)
    if outline is not None:
        pygame.draw.polygon(surface, outline, points, width=1)


def ornate_frame(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0) -> None:
    """A court-document border: outer ink rule, inner gold rule, ink flourishes in the corners.

    Uses ``art/frame-corner.svg`` (mirrored) when present, drawn lozenges otherwise.
    """
    rect = pygame.Rect(rect)
    if rect.width < 20 or rect.height < 20:
        return
    corner_size = max(24, round(64 * scale))
    gap = max(3, round(corner_size * 0.07))
    pygame.draw.rect(surface, INK, rect, width=max(1, round(2 * scale)))
    inner = rect.inflate(-2 * gap, -2 * gap)
    pygame.draw.rect(surface, GOLD_DARK, inner, width=max(1, round(1 * scale)))
    corner = _corner_image(corner_size)
    if corner is not None:
        c = corner.get_width()
        off = round(c * 0.06)
        for flip_x, flip_y in ((False, False), (True, False), (False, True), (True, True)):
            img = pygame.transform.flip(corner, flip_x, flip_y)
            x = rect.right - c + off if flip_x else rect.left - off
            y = rect.bottom - c + off if flip_y else rect.top - off
            surface.blit(img, (x, y))
    else:
        r = max(4, round(9 * scale))
        for cx, cy in ((inner.left, inner.top), (inner.right - 1, inner.top), (inner.left, inner.bottom - 1),
                       (inner.right - 1, inner.bottom - 1)):
            _lozenge(surface, (cx, cy), r, PARCHMENT_LIGHT, GOLD_DARK)
            _lozenge(surface, (cx, cy), r * 0.45, GOLD)
    r = max(4, round(9 * scale))
    for c in ((rect.centerx, rect.top + gap // 2), (rect.centerx, rect.bottom - 1 - gap // 2),
              (rect.left + gap // 2, rect.centery), (rect.right - 1 - gap // 2, rect.centery)):
        _lozenge(surface, c, r * 0.6, GOLD, INK)


@functools.lru_cache(maxsize=8)
def _corner_image(size: int) -> pygame.Surface | None:
    try:
        return assets.image("frame-corner", (size, size))
    except (KeyError, ValueError, pygame.error):
        return None


def fleuron_rule(surface: pygame.Surface, centre: tuple[int, int], width: int, scale: float = 1.0,
                 colour: Any = GOLD_DARK) -> None:
    """A horizontal rule tapering from the centre, with a lozenge and two dots in the middle."""
    cx, cy = centre
    half = max(10, width // 2)
    r = max(3, round(6 * scale))
    thick = max(1.0, 2.2 * scale)
    for sgn in (-1, 1):
        start = cx + sgn * (r * 2.6)
        end = cx + sgn * half
        pygame.draw.polygon(surface, colour, [(start, cy - thick), (end, cy), (start, cy + thick)])
        pygame.draw.circle(surface, colour, (cx + sgn * r * 1.7, cy), max(1, round(1.8 * scale)))
    _lozenge(surface, (cx, cy), r, GOLD, colour)


def crown(surface: pygame.Surface, centre: tuple[int, int], height: int) -> pygame.Rect:
    """A small gold crown (five points with pearls on a jewelled band)."""
    h = max(8, int(height))
    w = int(h * 1.5)
    cx, cy = centre
    left, top = cx - w // 2, cy - h // 2
    band_h = max(3, h // 4)
    band = pygame.Rect(left, top + h - band_h, w, band_h)
    peaks = []
    for i in range(5):
        x = left + i * w / 4
        peaks.append((x, top + (h * 0.18 if i % 2 == 0 else h * 0.38)))
    body = [(left, band.top)] + [p for i, p in enumerate(peaks) for p in (
        [p] if i == 0 else [(left + (i - 0.5) * w / 4, top + h * 0.6), p])] + [(left + w, band.top)]
    pygame.draw.polygon(surface, GOLD, body)
    pygame.draw.polygon(surface, GOLD_DARK, body, width=max(1, h // 24))
    pygame.draw.rect(surface, GOLD, band)
    pygame.draw.rect(surface, GOLD_DARK, band, width=max(1, h // 24))
    pr = max(2, h // 12)
    for x, y in peaks:
        pygame.draw.circle(surface, PARCHMENT_LIGHT, (x, y), pr)
        pygame.draw.circle(surface, GOLD_DARK, (x, y), pr, width=1)
    for i, col in enumerate(((122, 31, 43), (34, 64, 110), (122, 31, 43))):
        pygame.draw.circle(surface, col, (left + w * (0.25 + 0.25 * i), band.centery), max(1, band_h // 3))
    return pygame.Rect(left, top, w, h)


# -- pygame-gui widgets ----------------------------------------------------------
def _object_id(style: str | None, object_id: str | None = None):
    from pygame_gui.core import ObjectID

    return ObjectID(object_id=f"#{object_id}" if object_id else None,
                    class_id=f"@{style}" if style else None)


def button(manager, rect: pygame.Rect, label_text: str, style: str | None = None,
           tooltip: str | None = None, object_id: str | None = None, container=None):
    """A themed ``UIButton``; ``style`` None (royal blue) | "quiet" | "danger" | "toggle_on"."""
    from pygame_gui.elements import UIButton

    return UIButton(pygame.Rect(rect), label_text, manager=manager, container=container,
                    tool_tip_text=tooltip, object_id=_object_id(style, object_id))


def label_width(window_size: tuple[int, int], label_text: str) -> int:
    """The width a pygame-gui button needs for ``label_text``: its label in the theme's button font, with room at
    either side."""
    return button_font(window_size).size(label_text)[0] + round(28 * layout.scale_for(window_size))


def button_row(window_size: tuple[int, int], labels: list[str], area: pygame.Rect, least: int,
               gap: int) -> list[pygame.Rect]:
    """A row of buttons centred in ``area``, each at least ``least`` wide and as wide as its label needs; a row
    wider than ``area`` shares it, the longer labels taking what the shorter ones spare."""
    needs = [max(least, label_width(window_size, text)) for text in labels]
    room = area.width - gap * (len(labels) - 1)
    widths = needs if sum(needs) <= room else fair_widths([room // len(labels)] * len(labels), needs)
    x = area.centerx - (sum(widths) + gap * (len(labels) - 1)) // 2
    rects = []
    for width in widths:
        rects.append(pygame.Rect(x, area.top, width, area.height))
        x += width + gap
    return rects


def label(manager, rect: pygame.Rect, label_text: str, style: str | None = None, container=None):
    from pygame_gui.elements import UILabel

    return UILabel(pygame.Rect(rect), label_text, manager=manager, container=container,
                   object_id=_object_id(style))


# -- toast -----------------------------------------------------------------------
class Toast:
    """A short message shown near the bottom of the window, fading out."""

    def __init__(self) -> None:
        self.message: str | None = None
        self.remaining = 0.0
        self.duration = 0.0

    def show(self, message: str, seconds: float = 4.0) -> None:
        self.message, self.remaining, self.duration = message, seconds, seconds

    def update(self, dt: float) -> None:
        if self.message is not None:
            self.remaining -= dt
            if self.remaining <= 0:
                self.message = None

    @property
    def visible(self) -> bool:
        return self.message is not None

    def draw(self, surface: pygame.Surface, bottom: int | None = None, top: int | None = None) -> None:
        """Draw centred horizontally, ending at ``bottom`` or starting at ``top`` (default: near the bottom)."""
        if self.message is None:
            return
        sw, sh = surface.get_size()
        s = layout.scale_for((sw, sh))
        size = round(17 * s)
        font = assets.font("ui", size)
        lines = wrap(self.message, font, min(sw - 40, round(720 * s)))
        line_h = font.get_linesize()
        pad = round(14 * s)
        w = max(font.size(line)[0] for line in lines) + 2 * pad
        h = line_h * len(lines) + 2 * pad
        lw, lh = layout.logical_size((sw, sh))
        y = top if top is not None else (bottom if bottom is not None else lh - round(40 * s)) - h
        card = pygame.Surface((w, h), pygame.SRCALPHA)
        alpha = 255 if self.remaining > 0.6 else int(255 * max(0.0, self.remaining) / 0.6)
        pygame.draw.rect(card, (43, 33, 24, 235), card.get_rect(), border_radius=round(6 * s))
        pygame.draw.rect(card, GOLD, card.get_rect(), width=1, border_radius=round(6 * s))
        for i, line in enumerate(lines):
            card.blit(font.render(line, True, PARCHMENT), (pad, pad + i * line_h))
        card.set_alpha(alpha)
        surface.blit(card, ((lw - w) // 2, y))


# -- modal dialogs -----------------------------------------------------------------
class ConfirmDialog(WidgetScene):
    """A modal question over the scene below.  Enter (or Space) answers with the focused button, at first the
    yes (the no where yes loses something for good: ``keep_first``); Y = yes, Esc/N = no; Tab and the arrows move
    between the buttons.

    ``on_yes``/``on_no`` run after the dialog has popped itself.
    """

    name = "confirm"
    transparent = True

    def __init__(self, ctx: AppContext, title: str, message: str, *, yes: str | None = None, no: str | None = None,
                 on_yes: Callable[[], None] | None = None, on_no: Callable[[], None] | None = None,
                 danger: bool = False, keep_first: bool = False) -> None:
        super().__init__(ctx)
        self.title, self.message = title, message
        self.yes_text, self.no_text = yes or _("Yes"), no or _("No")
        self.on_yes, self.on_no = on_yes, on_no
        self.danger = danger
        self.keep_first = keep_first  # Enter, Enter must not delete or overwrite what the player had
        self.yes_button = self.no_button = None
        self.card = pygame.Rect(0, 0, 0, 0)

    #: the narrowest button of the row, in design pixels (a short label keeps a button easy to hit)
    button_width = 170

    def labels(self) -> list[str]:
        """The buttons' labels, left to right (top to bottom when they do not fit side by side)."""
        return [self.no_text, self.yes_text]

    def _button_widths(self) -> list[int]:
        """Each button's width: its label's with room either side, at least :attr:`button_width`."""
        s = layout.scale_for(self.ctx.window_size)
        return [max(round(self.button_width * s), label_width(self.ctx.window_size, text)) for text in self.labels()]

    def _row_width(self) -> int:
        s = layout.scale_for(self.ctx.window_size)
        widths = self._button_widths()
        return sum(widths) + round(16 * s) * (len(widths) - 1)

    def _card_width(self) -> int:
        """540 design pixels, wider for a row of long labels, never wider than the window allows."""
        s = layout.scale_for(self.ctx.window_size)
        most = layout.logical_size(self.ctx.window_size)[0] - round(60 * s)
        return min(most, max(round(540 * s), self._row_width() + round(48 * s)))

    def _stacked(self, width: int) -> bool:
        """The buttons stand one above the other: side by side they would not fit a card this wide."""
        return self._row_width() > width - round(48 * layout.scale_for(self.ctx.window_size))

    def _button_height(self) -> int:
        s = layout.scale_for(self.ctx.window_size)
        return round(42 * s)

    def _buttons_height(self, width: int) -> int:
        s = layout.scale_for(self.ctx.window_size)
        rows = len(self.labels()) if self._stacked(width) else 1
        return rows * self._button_height() + (rows - 1) * round(10 * s)

    def _card(self) -> pygame.Rect:
        """The dialog card, sized to its title, message and buttons."""
        s = layout.scale_for(self.ctx.window_size)
        width = self._card_width()
        font = assets.font("body", round(20 * s))
        lines = len(wrap(self.message, font, width - round(60 * s)))
        height = (round(16 * s) + self._title_image(width).get_height() + round(6 * s)
                  + lines * font.get_linesize() + round(26 * s) + self._buttons_height(width) + round(24 * s))
        return layout.centered(self.ctx.window_size, width, height)

    def button_rects(self, card: pygame.Rect) -> list[pygame.Rect]:
        """Where the buttons go at the foot of ``card``: a centred row, or a column of equal buttons."""
        s = layout.scale_for(self.ctx.window_size)
        widths, bh = self._button_widths(), self._button_height()
        top = card.bottom - round(24 * s) - self._buttons_height(card.width)
        if self._stacked(card.width):
            bw = min(max(widths), card.width - round(48 * s))
            return [pygame.Rect(card.centerx - bw // 2, top + i * (bh + round(10 * s)), bw, bh)
                    for i in range(len(widths))]
        gap = round(16 * s)
        x = card.centerx - self._row_width() // 2
        rects = []
        for width in widths:
            rects.append(pygame.Rect(x, top, width, bh))
            x += width + gap
        return rects

    def _title_image(self, width: int) -> pygame.Surface:
        """The title in gold, smaller when a long one (German words are long) would not fit the card."""
        s = layout.scale_for(self.ctx.window_size)
        return gold_text_within(self.title, round(34 * s), width - round(40 * s))

    def build_widgets(self) -> None:
        if self.ctx.ui is None:
            return
        self.card = card = self._card()
        no, yes = self.button_rects(card)
        self.no_button = self.track(button(self.ctx.ui, no, self.no_text, "quiet"))
        self.yes_button = self.track(button(self.ctx.ui, yes, self.yes_text, "danger" if self.danger else None))

    def controls(self) -> list[focus.Focusable]:
        pairs = (("dialog:no", self.no_button), ("dialog:yes", self.yes_button))
        return [focus.button_control(self, key, b) for key, b in pairs if b is not None]

    def default_control(self) -> str | None:
        return "dialog:no" if self.keep_first else "dialog:yes"

    def _close(self, answer: bool) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()
        callback = self.on_yes if answer else self.on_no
        if callback is not None:
            callback()

    def handle_event(self, event: pygame.event.Event) -> bool:
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.yes_button:
                self._close(True)
                return True
            if event.ui_element is self.no_button:
                self._close(False)
                return True
        if event.type == pygame.KEYDOWN:
            if self.handle_focus(event):
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self._close(True)
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self._close(False)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # modal

    def draw(self, surface: pygame.Surface) -> None:
        s = layout.scale_for(self.ctx.window_size)
        draw.veil(surface)
        card = self.card if self.card.width else self._card()
        panel(surface, card, s, fill=PARCHMENT_LIGHT)
        title = self._title_image(card.width)
        surface.blit(title, title.get_rect(midtop=(card.centerx, card.top + round(16 * s))))
        font = assets.font("body", round(20 * s))
        y = card.top + round(16 * s) + title.get_height() + round(6 * s)
        for line in wrap(self.message, font, card.width - round(60 * s)):
            img = font.render(line, True, INK)
            surface.blit(img, img.get_rect(midtop=(card.centerx, y)))
            y += font.get_linesize()


class MessageDialog(ConfirmDialog):
    """A modal notice with a single OK button."""

    name = "message"

    def __init__(self, ctx: AppContext, title: str, message: str, ok: str | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        super().__init__(ctx, title, message, yes=ok or _("Very well"), on_yes=on_close, on_no=on_close)

    button_width = 190

    def labels(self) -> list[str]:
        return [self.yes_text]

    def build_widgets(self) -> None:
        if self.ctx.ui is None:
            return
        self.card = card = self._card()
        self.yes_button = self.track(button(self.ctx.ui, self.button_rects(card)[0], self.yes_text))



class ChoiceDialog(ConfirmDialog):
    """A modal question with several answers, each ``(label, style, action)``, in a row left to right.

    Enter picks the focused answer, at first ``choices[default]``; Esc ``choices[cancel]`` (the answer that
    changes nothing); each action runs after the dialog has popped itself.
    """

    name = "choice"

    def __init__(self, ctx: AppContext, title: str, message: str,
                 choices: list[tuple[str, str | None, Callable[[], None] | None]], *,
                 default: int = -1, cancel: int = 0) -> None:
        super().__init__(ctx, title, message)
        self.choices = choices
        self.default, self.cancel = default % len(choices), cancel % len(choices)
        self.buttons: list[Any] = []

    button_width = 150

    def labels(self) -> list[str]:
        return [label for label, _style, _action in self.choices]

    def build_widgets(self) -> None:
        if self.ctx.ui is None:
            return
        self.card = card = self._card()
        self.buttons = [self.track(button(self.ctx.ui, rect, text, style)) for rect, (text, style, _action)
                        in zip(self.button_rects(card), self.choices, strict=True)]

    def controls(self) -> list[focus.Focusable]:
        return [focus.button_control(self, f"choice:{i}", b) for i, b in enumerate(self.buttons)]

    def default_control(self) -> str | None:
        return f"choice:{self.default}"

    def choose(self, index: int) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()
        action = self.choices[index][2]
        if action is not None:
            action()

    def handle_event(self, event: pygame.event.Event) -> bool:
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons.index(event.ui_element))
            return True
        if event.type == pygame.KEYDOWN:
            if self.handle_focus(event):
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose(self.default)
            elif event.key == pygame.K_ESCAPE:
                self.choose(self.cancel)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # modal
