"""Every screen open at once: the replay of a finished game seen from all seats shows, in the strip where one
seat's screen stands during play, a row for each seat with what lay behind its screen at that step: the tiles
of each kind, money, bribe markers and the scandal cards by name.

The holdings are read from the replayed game state (:func:`holdings_of`); the replay offers them only once the
game is over, when nothing is secret any more. The other panels still show the public view.
"""

from __future__ import annotations

import attrs
import pygame

from game.i18n import _, and_list, ngettext, pgettext
from game.i18n import money as write_money
from game.table.estate_draw import draw_crest_badge
from game.table.panel import PanelContext, PanelLayout
from game.table.screen import SCREEN_FILL
from game.table.targets import OpenScreen, Region
from game.ui import assets, widgets
from game.ui.draw import art, fit_text, fits, smallest_size, text
from game.ui.pieces import CARD_NAMES, TILE_ART, tiles_in_words
from game.ui.theme import INK, MUTED, RULE
from rules import Card, GameState, TileType

CARD_SEPARATOR = " · "


@attrs.frozen
class Holdings:
    """What lay behind one seat's screen: tiles by kind (in :class:`TileType` order), money, bribes, cards."""

    seat: int
    tiles: tuple[int, ...]
    money: int
    bribes: int
    cards: tuple[Card, ...]


def holdings_of(state: GameState) -> tuple[Holdings, ...]:
    """Every seat's holdings in ``state`` (the replayed game, not a seat's view)."""
    return tuple(Holdings(i, tuple(p.tiles), p.money, p.bribes, tuple(p.cards)) for i, p in enumerate(state.players))


@attrs.frozen
class Row:
    """One seat's row: where its name, its tiles (one icon per kind), its money, bribes and cards go."""

    holdings: Holdings
    rect: pygame.Rect
    name: pygame.Rect
    tiles: tuple[pygame.Rect, ...]
    money: pygame.Rect
    bribes: pygame.Rect
    cards: pygame.Rect
    card_line: str  # the cards' names, as many as fit (the rest counted)


@attrs.define(eq=False)
class AllScreensLayout(PanelLayout):
    rows: list[Row] = attrs.field(factory=list)
    dividers: list[int] = attrs.field(factory=list)  # the x of the rules between the columns
    icon: int = 0
    size: int = 0  # the design size of the row's words

    def pointed(self, mouse: tuple[int, int]) -> tuple[()]:
        return ()  # nothing in the rows lights up under the pointer


def layout_all_screens(pc: PanelContext, holdings: tuple[Holdings, ...]) -> AllScreensLayout:
    """A row for each seat, as tall as the strip allows, its columns as wide as the scale."""
    s = pc.scale
    pad = round(8 * s)
    inner = pc.rect.inflate(-2 * pad, -2 * pad)
    row_h = inner.height // max(1, len(holdings))
    icon = max(8, min(row_h - round(4 * s), round(24 * s)))
    lay = AllScreensLayout(icon=icon, size=round(14 * s))
    gap, tile_w = round(8 * s), icon + round(24 * s)
    # the names' column as wide as the longest name needs at its smallest size (a long name is never cut), while
    # the cards' column keeps room for the longest card's name held (or "none" where none is)
    d = min(row_h - round(2 * s), round(24 * s))
    font = assets.font("heading", smallest_size(lay.size + round(1 * s)))
    need = d + round(6 * s) + max((font.size(pc.names[h.seat])[0] for h in holdings), default=0) + gap + 1
    words = assets.font("body", smallest_size(lay.size))
    shown = [CARD_NAMES[c] for h in holdings for c in h.cards] or [pgettext("scandal cards", "none")]
    rest = len(TileType) * tile_w + gap + 2 * icon + round(86 * s) + gap + max(words.size(w)[0] for w in shown)
    name_w = max(round(124 * s), min(need, inner.width - rest))
    money_x = inner.left + name_w + len(TileType) * tile_w + gap
    bribes_x = money_x + icon + round(50 * s)
    cards_x = bribes_x + icon + round(36 * s) + gap
    lay.dividers = [inner.left + name_w - gap // 2, money_x - gap // 2, cards_x - gap // 2]
    for k, h in enumerate(holdings):
        r = pygame.Rect(inner.left, inner.top + k * row_h, inner.width, row_h)
        tiles = tuple(pygame.Rect(inner.left + name_w + i * tile_w, r.centery - icon // 2, icon, icon)
                      for i in range(len(TileType)))
        cards = pygame.Rect(cards_x, r.top, inner.right - cards_x, row_h)
        row = Row(h, r, pygame.Rect(r.left, r.top, name_w - gap, row_h), tiles,
                  pygame.Rect(money_x, r.top, bribes_x - money_x, row_h),
                  pygame.Rect(bribes_x, r.top, cards_x - gap - bribes_x, row_h), cards,
                  card_line(h.cards, lay.size, cards.width))
        lay.rows.append(row)
        lay.regions.append(Region(r, OpenScreen(h.seat), screen_words(h, pc.names[h.seat]), topic="cards"))
    return lay


def card_line(cards: tuple[Card, ...], size: int, width: int) -> str:
    """The cards' names in a line of ``width``: every one, or as many as fit and how many more there are."""
    names = [CARD_NAMES[c] for c in cards]
    if not names:  # in a narrow column (long names in a small window), the short word
        return _("No scandal cards") if fits(_("No scandal cards"), "italic", size, width) else pgettext(
            "scandal cards", "none")
    line = CARD_SEPARATOR.join(names)
    shown = len(names)
    while shown > 1 and not fits(line, "body", size, width):
        shown -= 1
        line = CARD_SEPARATOR.join(names[:shown]) + " " + ngettext(
            "and {count} more", "and {count} more", len(names) - shown).format(count=len(names) - shown)
    return line


def screen_words(h: Holdings, name: str) -> str:
    """Everything behind the screen, in words (the row's tooltip)."""
    tiles = and_list([tiles_in_words(n, t) for t, n in zip(TileType, h.tiles, strict=True) if n]) or _("no tiles")
    return _("Behind {name}'s screen at this step: {tiles}; {money}; {bribes}; scandal cards: {cards}.").format(
        name=name, tiles=tiles, money=write_money(h.money),
        bribes=ngettext("{n} bribe", "{n} bribes", h.bribes).format(n=h.bribes),
        cards=and_list([CARD_NAMES[c] for c in h.cards]) or _("none"))


# -- drawing --------------------------------------------------------------------------------------------------
def draw_all_screens(surface: pygame.Surface, pc: PanelContext, lay: AllScreensLayout) -> None:
    s = pc.scale
    widgets.panel(surface, pc.rect, s, fill=SCREEN_FILL)
    if not lay.rows:
        return
    top, bottom = lay.rows[0].rect.top, lay.rows[-1].rect.bottom
    for x in lay.dividers:
        pygame.draw.line(surface, RULE, (x, top), (x, bottom), 1)
    for k, row in enumerate(lay.rows):
        if k:
            pygame.draw.line(surface, RULE, (row.rect.left, row.rect.top), (row.rect.right, row.rect.top), 1)
        _draw_row(surface, pc, lay, row)


def _draw_row(surface: pygame.Surface, pc: PanelContext, lay: AllScreensLayout, row: Row) -> None:
    s, h, icon = pc.scale, row.holdings, lay.icon
    d = min(row.rect.height - round(2 * s), round(24 * s))
    draw_crest_badge(surface, (row.name.left + d // 2, row.rect.centery), d, pc.styles[h.seat])
    name = fit_text(pc.names[h.seat], "heading", lay.size + round(1 * s), row.name.width - d - round(6 * s), INK)
    surface.blit(name, name.get_rect(midleft=(row.name.left + d + round(6 * s), row.rect.centery)))
    for t, r, n in zip(TileType, row.tiles, h.tiles, strict=True):
        img = art(TILE_ART[t], icon)
        if not n:
            img = img.copy()
            img.set_alpha(60)
        surface.blit(img, r)
        _count(surface, str(n), r, lay.size, INK if n else MUTED, s)
    coin = art("coin-10" if h.money >= 10 else "coin-5" if h.money >= 5 else "coin-1", icon)
    coin_r = coin.get_rect(midleft=(row.money.left, row.rect.centery))
    surface.blit(coin, coin_r)
    _count(surface, write_money(h.money), coin_r, lay.size, INK, s)
    purse = art("bribe", icon)
    purse_r = purse.get_rect(midleft=(row.bribes.left, row.rect.centery))
    surface.blit(purse, purse_r)
    _count(surface, f"× {h.bribes}", purse_r, lay.size, INK if h.bribes else MUTED, s)
    role, colour = ("body", INK) if h.cards else ("italic", MUTED)
    words = fit_text(row.card_line, role, lay.size, row.cards.width, colour)
    surface.blit(words, words.get_rect(midleft=(row.cards.left, row.rect.centery)))


def _count(surface: pygame.Surface, words: str, icon: pygame.Rect, size: int, colour: object, s: float) -> None:
    """A number just right of its icon."""
    img = text(words, "heading", size, colour)
    surface.blit(img, img.get_rect(midleft=(icon.right + round(3 * s), icon.centery)))
