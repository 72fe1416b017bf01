"""Shared pieces of the table: hit regions, drawn buttons, tooltips, text helpers and piece art.

Everything on the table is drawn by hand in the look of ART.md (no pygame-gui widgets), so each drawn
thing that reacts to the mouse registers a :class:`Hot` region while it is drawn. The table scene keeps
the list of the last frame's regions for hit tests, hover and tooltips.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs
import pygame

from game.ui import assets
from game.ui.theme import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    MUTED,
    OXBLOOD,
    PANEL,
    PANEL_DARK,
    PARCHMENT,
    PARCHMENT_LIGHT,
    ROYAL_BLUE,
    RULE,
)
from rules import Building, Card, Folly, RegionKind, TileType, Title

__all__ = [
    "GOLD",
    "GOLD_DARK",
    "GOLD_LIGHT",
    "INK",
    "MUTED",
    "OXBLOOD",
    "PANEL",
    "PANEL_DARK",
    "PARCHMENT",
    "PARCHMENT_LIGHT",
    "ROYAL_BLUE",
    "RULE",
    "Hot",
    "art",
    "draw_button",
    "fit_text",
    "text",
]

TILE_ART = {
    TileType.FIELD: "tile-field",
    TileType.FOUNTAIN: "tile-fountain",
    TileType.GROVE: "tile-grove",
    TileType.MEADOW: "tile-meadow",
}
TILE_NAMES = {
    TileType.FIELD: "field",
    TileType.FOUNTAIN: "fountain",
    TileType.GROVE: "grove",
    TileType.MEADOW: "meadow",
}
TILE_PLURAL = {
    TileType.FIELD: "fields",
    TileType.FOUNTAIN: "fountains",
    TileType.GROVE: "groves",
    TileType.MEADOW: "meadows",
}
TILE_TIPS = {
    TileType.FIELD: "Field: £1 when placed; four in a square form a farm (+£2, taxes).",
    TileType.FOUNTAIN: "Fountain: 1 prestige at a ball; four in a square form a garden (the Queen).",
    TileType.GROVE: "Grove: 1 tile drawn when placed; four in a square form a forest (+2 tiles).",
    TileType.MEADOW: "Meadow: the only land you can build on.",
}
REGION_ART = {RegionKind.FARM: "region-farm", RegionKind.FOREST: "region-forest", RegionKind.GARDEN: "region-garden"}
BUILDING_ART = {
    Building.CASTLE: "building-castle",
    Building.PALACE: "building-palace",
    Building.CHAPEL: "building-chapel",
    Building.FOLLY_FORESTS: "folly-forests",
    Building.FOLLY_FARMS: "folly-farms",
    Building.FOLLY_GARDENS: "folly-gardens",
    Building.FOLLY_MIXED: "folly-mixed",
}
BUILDING_NAMES = {
    Building.CASTLE: "castle",
    Building.PALACE: "palace",
    Building.CHAPEL: "chapel",
    Building.FOLLY_FORESTS: "folly of the forests",
    Building.FOLLY_FARMS: "folly of the farms",
    Building.FOLLY_GARDENS: "folly of the gardens",
    Building.FOLLY_MIXED: "folly of the three",
}
FOLLY_ART = {
    Folly.FORESTS: "folly-forests",
    Folly.FARMS: "folly-farms",
    Folly.GARDENS: "folly-gardens",
    Folly.MIXED: "folly-mixed",
}
FOLLY_NEEDS_TEXT = {
    Folly.FORESTS: "2 forests",
    Folly.FARMS: "2 farms",
    Folly.GARDENS: "2 gardens",
    Folly.MIXED: "a forest, a farm and a garden",
}
CARD_ART = {c: "card-" + c.title.lower().replace(" ", "-") for c in Card}
CARD_TIPS = {
    Card.INHERITANCE: "A free castle (the cheapest on the board) on a legal meadow; no knight.",
    Card.INTRIGUE: "When you get a scandal card, hand this in to keep all three you saw.",
    Card.BLACKMAIL: "Hand back at a ball for +3 prestige.",
    Card.LIAISON: "+3 VP at the end of the game if you still hold it.",
    Card.SECRET_MARRIAGE: "Take 2 bribe markers from the board and gain 2 VP.",
    Card.DOWRY: "Draw 4 random tiles.",
    Card.CUNNING_STROKE: "One extra Expand-the-estate action this turn.",
    Card.TRIBUTE: "Take £5.",
    Card.VICAR: "Put up to 4 tiles from behind your screen into the bag, 1 VP each.",
    Card.WHITEHALL: "Take the Queen (not while the round marker is on the queen-lock space).",
}
CARD_TOPICS = {c: "card-" + c.label for c in Card}
TITLE_ART = {t: "title-" + t.label for t in Title}
TITLE_NAMES = {
    Title.DUKE: "Duke",
    Title.MARQUESS: "Marquess",
    Title.EARL: "Earl",
    Title.VISCOUNT: "Viscount",
    Title.BARON: "Baron",
}


@attrs.define
class Hot:
    """A region of the screen that reacts to the mouse.

    ``key`` names it (tests and the monkey find regions by key); ``on_click`` runs on a left click;
    ``drag`` is a payload picked up when a drag starts here; ``tip`` is the tooltip; a disabled region
    still shows its tooltip (saying why) but does nothing.
    """

    rect: pygame.Rect
    key: str
    tip: str = ""
    on_click: Callable[[], Any] | None = None
    enabled: bool = True
    drag: Any = None
    topic: str | None = None  # rules topic for F1 / "?"
    payload: Any = None  # e.g. the estate cell or region under the mouse


def text(content: str, role: str, size: int, colour: Any = INK) -> pygame.Surface:
    """``content`` rendered (cached: treat the Surface as read-only)."""
    return _text(content, role, max(6, int(size)), tuple(pygame.Color(colour)))


@functools.lru_cache(maxsize=2048)
def _text(content: str, role: str, size: int, colour: tuple[int, ...]) -> pygame.Surface:
    return assets.font(role, size).render(content, True, colour)


def fit_text(content: str, role: str, size: int, width: int, colour: Any = INK) -> pygame.Surface:
    """Text shrunk (down to 60 %) and then ellipsised to fit ``width`` (cached: treat it as read-only)."""
    return _fit_text(content, role, max(6, int(size)), int(width), tuple(pygame.Color(colour)))


@functools.lru_cache(maxsize=2048)
def _fit_text(content: str, role: str, size: int, width: int, colour: tuple[int, ...]) -> pygame.Surface:
    for s in range(size, max(6, int(size * 0.6)) - 1, -1):
        img = assets.font(role, s).render(content, True, colour)
        if img.get_width() <= width:
            return img
    font = assets.font(role, max(6, int(size * 0.6)))
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
) -> None:
    """A drawn button: royal blue (primary), parchment (quiet) or oxblood (danger); greyed if disabled."""
    rect = pygame.Rect(rect)
    radius = max(3, round(5 * s))
    if not enabled:
        fill, border, colour = pygame.Color("#E2D6BA"), pygame.Color("#B9A98A"), pygame.Color("#9A8B72")
    elif style == "quiet":
        fill = pygame.Color("#EFE3C6") if hover else PARCHMENT_LIGHT
        border, colour = (GOLD if hover or selected else MUTED), INK
    elif style == "danger":
        fill = pygame.Color("#8E2A37") if hover else OXBLOOD
        border, colour = (GOLD if hover else pygame.Color("#4A1018")), PARCHMENT
    elif style == "gold":
        fill = GOLD_LIGHT if hover else GOLD
        border, colour = GOLD_DARK, INK
    else:
        fill = pygame.Color("#2C5289") if hover else ROYAL_BLUE
        border, colour = (GOLD if hover or selected else pygame.Color("#15294A")), PARCHMENT
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
        if not label and not sub:
            ir.center = rect.center
        surface.blit(icon, ir)
        x = ir.right + round(4 * s)
    avail = max(4, inner.right - x)
    if sub:
        main = fit_text(label, "heading", round(17 * s), avail, colour)
        small = fit_text(sub, "ui", round(10.5 * s), avail, colour)
        total = main.get_height() + small.get_height() - round(3 * s)
        top = rect.centery - total // 2
        cx = x + avail // 2
        surface.blit(main, main.get_rect(midtop=(cx, top)))
        surface.blit(small, small.get_rect(midtop=(cx, top + main.get_height() - round(3 * s))))
    elif label:
        main = fit_text(label, "heading", round(17 * s), avail, colour)
        surface.blit(main, main.get_rect(center=(x + avail // 2, rect.centery)))


def draw_tooltip(surface: pygame.Surface, tip: str, pos: tuple[int, int], s: float) -> pygame.Rect:
    """A small ink card with parchment text near ``pos``, kept inside the window."""
    from game.ui.widgets import wrap

    font = assets.font("ui", max(11, round(13 * s)))
    width = round(300 * s)
    lines = wrap(tip, font, width)
    pad = round(8 * s)
    line_h = font.get_linesize()
    w = max(font.size(line)[0] for line in lines) + 2 * pad
    h = line_h * len(lines) + 2 * pad
    sw, sh = surface.get_size()
    x = min(pos[0] + round(16 * s), sw - w - 4)
    y = pos[1] + round(20 * s)
    if y + h > sh - 4:
        y = pos[1] - h - round(8 * s)
    rect = pygame.Rect(max(4, x), max(4, y), w, h)
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(card, (43, 33, 24, 238), card.get_rect(), border_radius=round(5 * s))
    pygame.draw.rect(card, GOLD, card.get_rect(), width=1, border_radius=round(5 * s))
    for i, line in enumerate(lines):
        card.blit(font.render(line, True, PARCHMENT), (pad, pad + i * line_h))
    surface.blit(card, rect)
    return rect


def section_title(surface: pygame.Surface, label: str, x: int, y: int, width: int, s: float) -> int:
    """A small-caps heading with a gold hairline; returns the y below it."""
    img = text(label.upper(), "heading", round(13 * s), MUTED)
    surface.blit(img, (x, y))
    ly = y + img.get_height() // 2
    pygame.draw.line(surface, RULE, (x + img.get_width() + round(6 * s), ly), (x + width, ly), 1)
    return y + img.get_height() + round(2 * s)


def badge(
    surface: pygame.Surface, centre: tuple[int, int], value: str, s: float, *, fill: Any = INK, colour: Any = PARCHMENT
) -> None:
    """A small round count badge."""
    img = text(value, "ui-bold", round(11 * s), colour)
    r = max(img.get_width(), img.get_height()) // 2 + round(3 * s)
    pygame.draw.circle(surface, fill, centre, r)
    pygame.draw.circle(surface, GOLD, centre, r, 1)
    surface.blit(img, img.get_rect(center=centre))


def roman(n: int) -> str:
    return {1: "I", 2: "II", 3: "III"}.get(n, str(n))
