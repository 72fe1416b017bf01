"""Hand-drawn pieces of the look every screen shares: cached text, art at a size, buttons, tooltips,
small headings and badges, and :class:`Hot` regions for screens that draw their own controls.

The table and the setup screen are drawn by hand in the look of ART.md (no pygame-gui widgets); text and
art come back cached, so treat the Surfaces as read-only.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import pygame

from game.ui import assets
from game.ui.theme import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    HOVER,
    HOVER_ON_DARK,
    INK,
    MUTED,
    OXBLOOD,
    PANEL_DARK,
    PARCHMENT,
    PARCHMENT_LIGHT,
    ROYAL_BLUE,
    RULE,
)


class ScrollArea(pygame.Rect):
    """The clip rectangle of a scrolling view (the chronicle): the lines it cuts at its edges are cut on purpose,
    unlike text cut by any other clip (tests/game/text_fit.py reports those)."""


@attrs.define
class Hot:
    """A region of a hand-drawn screen (setup, curtain) that reacts to the mouse.

    ``key`` names it (tests and the monkey find regions by key); ``on_click`` runs on a left click;
    ``tip`` is the tooltip; a disabled region still shows its tooltip (saying why) but does nothing.
    The table's regions are typed instead (:mod:`game.table.targets`).
    """

    rect: pygame.Rect
    key: str
    tip: str = ""
    on_click: Callable[[], Any] | None = None
    enabled: bool = True


def text(content: str, role: str, size: int, colour: Any = INK) -> pygame.Surface:
    """``content`` rendered at the design ``size`` (cached: treat the Surface as read-only)."""
    if assets.is_recording():  # the readability check counts every request, cached or not
        assets.font(role, size)
    return _text(content, role, max(6, int(size)), tuple(pygame.Color(colour)), assets.text_scale())


@functools.lru_cache(maxsize=2048)
def _text(content: str, role: str, size: int, colour: tuple[int, ...], _scale: float) -> pygame.Surface:
    return assets.font(role, size).render(content, True, colour)


def within(size: float, room: float) -> int:
    """The design size for text of design ``size`` whose drawn height (times the text size) must stay within
    ``room`` pixels; never under the smallest readable size."""
    scale = assets.text_scale()
    return math.ceil(max(min(size, room / scale), min(size, assets.min_text() / scale)) - 0.01)


def fit_text(content: str, role: str, size: int, width: int, colour: Any = INK) -> pygame.Surface:
    """Text at the design ``size`` times the text size, shrunk where ``width`` is short (down to 80 % of the
    design size, never under the smallest readable size), then ellipsised (cached: treat it as read-only)."""
    if assets.is_recording():
        assets.font(role, size)
    return _fit_text(content, role, max(6, int(size)), int(width), tuple(pygame.Color(colour)), assets.text_scale())


def fits(content: str, role: str, size: int, width: int) -> bool:
    """``content`` fits ``width`` at the smallest size :func:`fit_text` may shrink design ``size`` to."""
    return assets.font(role, smallest_size(max(6, int(size)))).size(content)[0] <= width


def common_size(contents: Sequence[str], role: str, size: int, width: int) -> int:
    """The largest design size, from ``size`` down to the smallest :func:`fit_text` may shrink to, at which every
    one of ``contents`` fits ``width`` (words side by side in one size, not each shrunk on its own)."""
    smallest = smallest_size(max(6, int(size)))
    for candidate in range(max(6, int(size)), smallest, -1):
        font = assets.font(role, candidate)
        if all(font.size(content)[0] <= width for content in contents):
            return candidate
    return smallest


def fair_widths(widths: list[int], needs: list[int]) -> list[int]:
    """``widths`` changed so that each reaches its ``need`` where the others can spare it (their room beyond
    their own needs, in proportion): a long word in one language takes room from a short one beside it. The
    total stays the same, in whole pixels."""
    lack = [max(0, n - w) for w, n in zip(widths, needs, strict=True)]
    room = [max(0, w - n) for w, n in zip(widths, needs, strict=True)]
    short, spare = sum(lack), sum(room)
    if not short or not spare:
        return list(widths)
    moved = min(short, spare)
    taken = _shares(room, moved)
    given = _shares(lack, moved)
    return [w - t + g for w, t, g in zip(widths, taken, given, strict=True)]


def _shares(caps: list[int], total: int) -> list[int]:
    """``total`` (at most ``sum(caps)``) split in proportion to ``caps``, in whole numbers, none above its cap."""
    whole = sum(caps)
    out = [cap * total // whole for cap in caps]
    for i in sorted(range(len(caps)), key=lambda i: caps[i] - out[i], reverse=True)[: total - sum(out)]:
        out[i] += 1
    return out


def button_label_width(label: str, s: float, height: int) -> int:
    """The narrowest button (of ``height`` at scale ``s``) whose label :func:`draw_button` draws whole."""
    size = smallest_size(within(17 * s, height * 0.75))
    return assets.font("heading", size).size(label)[0] + round(8 * s) + 1


def smallest_size(size: int) -> int:
    """The smallest design size text of design ``size`` may shrink to and still be read."""
    scale = assets.text_scale()
    return min(size, max(math.ceil(assets.min_text() / scale), int(size * 0.8 / scale)))


def fit_parts(parts: list[str], role: str, size: int, width: int, colour: Any = INK) -> pygame.Surface:
    """Parts joined by " · ", the last ones left out while they do not fit ``width`` (the first always shows)."""
    while len(parts) > 1 and not fits(" · ".join(parts), role, size, width):
        parts = parts[:-1]
    return fit_text(" · ".join(parts), role, size, width, colour)


@functools.lru_cache(maxsize=2048)
def _fit_text(content: str, role: str, size: int, width: int, colour: tuple[int, ...],
              _scale: float) -> pygame.Surface:
    smallest = smallest_size(size)
    for s in range(size, smallest - 1, -1):
        img = assets.font(role, s).render(content, True, colour)
        if img.get_width() <= width:
            return img
    font = assets.font(role, smallest)
    while content and font.size(content + "…")[0] > width:
        content = content[:-1]
    return font.render(content + "…", True, colour)


def art(name: str, size: int | tuple[int, int], tint: str | None = None) -> pygame.Surface:
    if isinstance(size, int):
        size = (size, size)
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    try:
        return assets.image(name, (w, h), tint=tint)
    except (KeyError, ValueError, pygame.error):
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, MUTED, surf.get_rect(), 1)
        return surf


def crest_art(crest: str, size: int, colour: str) -> pygame.Surface:
    name = f"crest-{crest}"
    if name not in assets.art_names():
        name = "marker-disc"
    return art(name, size, colour)


def small_print_button_height(s: float) -> int:
    """The least height of a drawn button that shows its small print (``sub``) under its label, both at their full
    sizes (a lower one shows its label alone: the two would spill at a large text size)."""
    label = assets.font("heading", round(17 * s)).get_height()
    small = assets.font("ui", round(12 * s)).get_height()
    return label + small - round(3 * s) + 2  # as draw_button stacks them, a pixel clear of either edge


def button_label(rect: pygame.Rect, s: float, *, sub: str = "", icon_width: int = 0) -> tuple[int, int]:
    """The design size of a drawn button's label before it is fitted, and the width the label has: the button
    less its padding and its icon (the label is lower over small print, where the button shows it)."""
    room = rect.width - round(8 * s) - (icon_width + round(4 * s) if icon_width else 0)
    stacked = bool(sub) and rect.height >= small_print_button_height(s)
    return within(17 * s, rect.height * (0.55 if stacked else 0.75)), max(4, room)


def one_label_size(labelled: Iterable[tuple[str, tuple[int, int]]]) -> int | None:
    """One design size for a set of buttons' labels, each given with its button's :func:`button_label` (design
    size, room): the largest at which every label fits its own button, so that one long label is not left smaller
    than its neighbours, nor a short one larger (None: no labels)."""
    return min((common_size([label], "heading", *fit) for label, fit in labelled), default=None)


def small_print_design(rect: pygame.Rect, s: float) -> int:
    """The design size of a drawn button's small print (its sub-label, under the label) before it is fitted."""
    return within(12 * s, rect.height * 0.38)


def one_small_print_size(buttons: Iterable[tuple[str, pygame.Rect, int]], s: float) -> int | None:
    """One design size for a set of buttons' small print, each given as (small print, button, icon width): the
    largest at which each fits its own button ("£2 from Robert" was larger than "2 tiles from Mary" beside it;
    None: no small print)."""
    return min((common_size([sub], "ui", small_print_design(rect, s),
                            button_label(rect, s, sub=sub, icon_width=icon_width)[1])
                for sub, rect, icon_width in buttons if sub), default=None)


def draw_button(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    s: float,
    *,
    enabled: bool = True,
    hover: bool = False,
    style: str = "primary",
    sub: str = "",
    selected: bool = False,
    icon: pygame.Surface | None = None,
    label_size: int | None = None,
    sub_size: int | None = None,
    folded: tuple[Sequence[str], Sequence[str]] | None = None,
) -> None:
    """A drawn button: royal blue (primary), parchment (quiet) or oxblood (danger); greyed if disabled; lighter under
    the pointer, edged in its hover colour (theme.HOVER: never gold, the hint's ring).
    ``label_size`` and ``sub_size`` cap the label's and the small print's design sizes (buttons of one set drawn
    alike: :func:`one_label_size`, :func:`one_small_print_size`). ``folded``: the label and the small print in
    lines (a long name folded at its spaces), drawn at ``label_size`` and ``sub_size`` one under the other
    (:func:`folded_height` high)."""
    rect = pygame.Rect(rect)
    radius = max(3, round(5 * s))
    if not enabled:
        fill, border, colour = pygame.Color("#E2D6BA"), pygame.Color("#B9A98A"), pygame.Color("#9A8B72")
    elif style == "quiet":
        fill = pygame.Color("#EFE3C6") if hover else PARCHMENT_LIGHT
        border, colour = (GOLD if selected else HOVER if hover else MUTED), INK
    elif style == "danger":
        fill = pygame.Color("#8E2A37") if hover else OXBLOOD
        border, colour = (HOVER_ON_DARK if hover else pygame.Color("#4A1018")), PARCHMENT
    elif style == "gold":
        fill = GOLD_LIGHT if hover else GOLD
        border, colour = GOLD_DARK, INK
    else:
        fill = pygame.Color("#2C5289") if hover else ROYAL_BLUE
        border, colour = (GOLD if selected else HOVER_ON_DARK if hover else pygame.Color("#15294A")), PARCHMENT
    if enabled:
        shadow = rect.move(0, max(1, round(2 * s)))
        pygame.draw.rect(
            surface,
            (43, 33, 24, 60) if surface.get_flags() & pygame.SRCALPHA else PANEL_DARK,
            shadow,
            border_radius=radius,
        )
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect, width=max(1, round((2.2 if selected else 1.4) * s)), border_radius=radius)
    if selected:
        pygame.draw.rect(surface, GOLD, rect.inflate(-4, -4), width=1, border_radius=radius)
    inner = rect.inflate(-round(8 * s), -round(4 * s))
    x = inner.left
    if icon is not None:
        if not enabled:
            icon = icon.copy()
            icon.set_alpha(110)
        ir = icon.get_rect(midleft=(inner.left, rect.centery))
        if not label and not sub and folded is None:
            ir.center = rect.center
        surface.blit(icon, ir)
        x = ir.right + round(4 * s)
    size, avail = button_label(rect, s, sub=sub, icon_width=icon.get_width() if icon is not None else 0)
    size = min(size, label_size or size)
    if folded is not None:
        _draw_folded(surface, folded, (x + avail // 2, rect.centery), avail, label_size or size,
                     sub_size or small_print_design(rect, s), s, colour)
    elif sub and rect.height >= small_print_button_height(s):  # the label over the small print (else the label)
        main = fit_text(label, "heading", size, avail, colour)
        small_size = small_print_design(rect, s)
        small = fit_text(sub, "ui", min(small_size, sub_size or small_size), avail, colour)
        total = main.get_height() + small.get_height() - round(3 * s)
        # a little up: the label's box has room above its letters, the small print's descenders none below
        top = rect.centery - total // 2 - max(1, round(s))
        cx = x + avail // 2
        surface.blit(main, main.get_rect(midtop=(cx, top)))
        surface.blit(small, small.get_rect(midtop=(cx, top + main.get_height() - round(3 * s))))
    elif label:
        main = fit_text(label, "heading", size, avail, colour)
        surface.blit(main, main.get_rect(center=(x + avail // 2, rect.centery)))


def folded_height(folded: tuple[Sequence[str], Sequence[str]], label_size: int, sub_size: int, s: float) -> int:
    """How high a button's label and small print in lines stand (:func:`draw_button`'s ``folded``)."""
    label, small = folded
    label_h, small_h = assets.font("heading", label_size).get_height(), assets.font("ui", sub_size).get_height()
    height = len(label) * label_h - max(0, len(label) - 1) * round(2 * s)
    height += len(small) * small_h - max(0, len(small) - 1) * round(1 * s)
    return height - (round(3 * s) if label and small else 0)


def _draw_folded(surface: pygame.Surface, folded: tuple[Sequence[str], Sequence[str]], centre: tuple[int, int],
                 width: int, label_size: int, sub_size: int, s: float, colour: Any) -> None:
    """A button's label and small print in lines, centred on ``centre``, the lines stacked as
    :func:`folded_height` counts them."""
    label, small = folded
    y = centre[1] - folded_height(folded, label_size, sub_size, s) // 2 - max(1, round(s))
    for line in label:
        img = fit_text(line, "heading", label_size, width, colour)
        surface.blit(img, img.get_rect(midtop=(centre[0], y)))
        y += img.get_height() - round(2 * s)
    if label:
        y += round(2 * s) - round(3 * s)
    for line in small:
        img = fit_text(line, "ui", sub_size, width, colour)
        surface.blit(img, img.get_rect(midtop=(centre[0], y)))
        y += img.get_height() - round(1 * s)


def draw_tooltip(surface: pygame.Surface, tip: str, pos: tuple[int, int], s: float,
                 avoid: Sequence[pygame.Rect] = (), pointer: tuple[int, int] | None = None) -> pygame.Rect | None:
    """A small ink card with parchment text near ``pos`` (where the pointer came to rest), kept inside the window:
    below and right of it, or on another side where it would cover something in ``avoid`` or the pointer, which
    is at ``pointer`` now (at ``pos`` if not given); not drawn (None) where every side would."""
    at = pos if pointer is None else pointer
    avoid = [*avoid, pygame.Rect(at[0], at[1], round(10 * s), round(14 * s))]  # most of the arrow, at the scale
    card = tooltip_card(tip, s, surface.get_width() - 8)
    w, h = card.get_size()
    sw, sh = surface.get_size()
    right, left = min(pos[0] + round(16 * s), sw - w - 4), pos[0] - w - round(8 * s)
    below, above = pos[1] + round(20 * s), pos[1] - h - round(8 * s)
    if below + h > sh - 4:
        below = above
    spots = [(right, below), (right, above), (left, below), (left, above)]
    places = [pygame.Rect(max(4, x), max(4, y), w, h) for x, y in spots]
    rect = next((r for r in places if not any(r.colliderect(a) for a in avoid)), None)
    if rect is None:
        return None
    surface.blit(card, rect)
    return rect


#: how much a modal dialog's veil darkens the screen behind it (0-255)
DIALOG_VEIL = 110


def veil(surface: pygame.Surface, area: pygame.Rect | None = None, alpha: int = DIALOG_VEIL) -> None:
    """Shade ``area`` of ``surface`` (all of it by default) in the ink's colour: the screen behind a modal
    dialog, or the table behind a chooser."""
    area = surface.get_rect() if area is None else area
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((INK.r, INK.g, INK.b, alpha))
    surface.blit(shade, area)


def tooltip_card(tip: str, s: float, widest: int) -> pygame.Surface:
    """A tooltip's small ink card with parchment text, as wide as its words, folded at the width the widgets'
    tooltips fold at (the theme's, which grows with the text size), never wider than ``widest``."""
    from game.ui.widgets import wrap  # widgets builds on this module

    font = assets.font("ui", max(11, round(13 * s)))
    pad = round(8 * s)
    lines = wrap(tip, font, min(round(320 * s * assets.text_scale()), widest) - 2 * pad)
    line_h = font.get_linesize()
    card = pygame.Surface((max(font.size(line)[0] for line in lines) + 2 * pad, line_h * len(lines) + 2 * pad),
                          pygame.SRCALPHA)
    pygame.draw.rect(card, (INK.r, INK.g, INK.b, 238), card.get_rect(), border_radius=round(5 * s))
    pygame.draw.rect(card, GOLD, card.get_rect(), width=1, border_radius=round(5 * s))
    for i, line in enumerate(lines):
        card.blit(font.render(line, True, PARCHMENT), (pad, pad + i * line_h))
    return card


def section_title(surface: pygame.Surface, label: str, x: int, y: int, width: int, s: float,
                  size: int | None = None) -> int:
    """A small-caps heading with a gold hairline (``size``: its design size, if not the usual); returns the y
    below it."""
    img = text(label.upper(), "heading", size or round(13 * s), MUTED)
    surface.blit(img, (x, y))
    ly = y + img.get_height() // 2
    pygame.draw.line(surface, RULE, (x + img.get_width() + round(6 * s), ly), (x + width, ly), 1)
    return y + section_title_height(label, s, size)


def section_title_height(label: str, s: float, size: int | None = None) -> int:
    """How much height :func:`section_title` takes (for layouts that place what follows it)."""
    return text(label.upper(), "heading", size or round(13 * s), MUTED).get_height() + round(2 * s)


def badge(
    surface: pygame.Surface, centre: tuple[int, int], value: str, s: float, *, fill: Any = INK, colour: Any = PARCHMENT
) -> None:
    """A small round count badge."""
    img = text(value, "ui-bold", round(12 * s), colour)
    r = max(img.get_width(), img.get_height()) // 2 + round(3 * s)
    pygame.draw.circle(surface, fill, centre, r)
    pygame.draw.circle(surface, GOLD, centre, r, 1)
    surface.blit(img, img.get_rect(center=centre))
