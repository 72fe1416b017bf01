"""The screen of the player in front, at the bottom of the table: who sits here, the tiles by kind (drag
them onto the estate), money, bribes, the taxes and land markers, and the scandal cards (click to play)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import attrs
import pygame

from game.i18n import _, ngettext
from game.i18n import money as write_money
from game.table.estate_draw import draw_crest_badge
from game.table.panel import PanelContext, PanelLayout
from game.table.part import Click, Part, PartEvent
from game.table.targets import Piece, Region, ScreenCard, ScreenInfo, ScreenItem, ScreenTile, tile_piece
from game.ui import assets, widgets
from game.ui.draw import art, badge, common_size, fit_text, smallest_size, text
from game.ui.pieces import (
    CARD_ART,
    CARD_NAMES,
    CARD_TIPS,
    CARD_TOPICS,
    TILE_ART,
    TILE_NAMES,
    TILE_TIPS,
    TITLE_ART,
    TITLE_NAMES,
    tiles_in_words,
)
from game.ui.refusal_words import refusals_in_words
from game.ui.theme import GOLD, HOVER, INK, MUTED, PANEL, RULE
from rules import Card, PlaceTile, PlayCard, TileType, board, why_not

SCREEN_FILL = pygame.Color("#E9DAB7")


@attrs.define(eq=False)
class ScreenLayout(PanelLayout):
    inner: pygame.Rect = attrs.field(factory=pygame.Rect)
    divider_x: int = 0  # the rule between who sits here and the tiles
    tiles: list[tuple[TileType, pygame.Rect]] = attrs.field(factory=list)
    purse_x: int = 0  # money, bribes and the markers
    purse_w: int = 0  # their column's width
    markers: list[pygame.Rect] = attrs.field(factory=list)  # taxes, land
    cards_x: int = 0
    cards: list[pygame.Rect] = attrs.field(factory=list)  # as drawn (the lifted one raised)
    card_step: int = 0
    base_cards: list[pygame.Rect] = attrs.field(factory=list)  # before lifting
    lifted: int | None = None  # the card under the pointer, raised a little
    draggable: frozenset[Piece] = frozenset()
    playable: frozenset[Card] = frozenset()
    selected: TileType | None = None  # the kind armed for a click on a cell
    closed: bool = False  # a public view: what is behind the screen is not shown

    def moved(self, mouse: tuple[int, int]) -> bool:
        return _card_under(self.base_cards, self.card_step, mouse) != self.lifted

    def pointed(self, mouse: tuple[int, int]) -> tuple[TileType, ...]:
        """The tile stack lit up (a draggable one under the pointer); the lifted card is the layout's."""
        return tuple(t for t, r in self.tiles if tile_piece(t) in self.draggable and r.collidepoint(mouse))


def _card_under(cards: list[pygame.Rect], step: int, mouse: tuple[int, int]) -> int | None:
    """The fanned card the pointer is on (the visible strip of a card, or all of the top one)."""
    n = len(cards)
    for k, r in enumerate(cards):
        if r.collidepoint(mouse) and (k == n - 1 or mouse[0] < r.left + step):
            return k
    return None


def layout_screen(
    pc: PanelContext, draggable: frozenset[Piece], playable: frozenset[Card], selected: TileType | None
) -> ScreenLayout:
    """``draggable``: the tiles that may be placed now; ``playable``: the cards that may be played now;
    ``selected``: the tile kind armed by a click."""
    s = pc.scale
    pad = round(12 * s)
    inner = pc.rect.inflate(-2 * pad, -2 * pad)
    lay = ScreenLayout(inner=inner, draggable=draggable, playable=playable, selected=selected,
                       closed=not pc.view.own_screen)
    me = pc.view.state.players[pc.view.seat]
    id_w = round(150 * s)
    tname = TITLE_NAMES[me.title] if me.title is not None else _("no title")
    lay.regions.append(Region(
        pygame.Rect(inner.left, inner.top, id_w, inner.height),
        ScreenInfo(ScreenItem.WHO),
        _("The screen of {name} ({title}): what is behind it is secret.").format(name=pc.names[pc.view.seat],
                                                                                 title=tname),
        topic="titles",
    ))
    if lay.closed:
        lay.divider_x = inner.left + id_w
        return lay
    lay.divider_x = max(inner.left + round(6 * s) + round(52 * s) + round(70 * s), inner.left + id_w)
    x = _layout_tiles(pc, lay, lay.divider_x + round(10 * s))
    x = _layout_purse(pc, lay, x)
    _layout_cards(pc, lay, x)
    return lay


def _layout_tiles(pc: PanelContext, lay: ScreenLayout, x: int) -> int:
    s, inner = pc.scale, lay.inner
    me = pc.view.state.players[pc.view.seat]
    tile = min(round(58 * s), inner.height - round(24 * s))
    for t in TileType:
        r = pygame.Rect(x, inner.top + round(4 * s), tile, tile)
        lay.tiles.append((t, r))
        n = me.tiles[t]
        piece = tile_piece(t)
        can = piece in lay.draggable
        tip = _("{tiles} behind your screen.").format(tiles=tiles_in_words(n, t)) + " " + TILE_TIPS[t]
        if can:
            tip += " " + _("Drag one onto a glowing cell of your estate (or click it, then click a cell).")
            lay.regions.append(Region(r, ScreenTile(t), tip, drag=piece, topic="expand"))
        else:
            lay.regions.append(Region(r, ScreenTile(t), tip, topic="expand", refused=_why_not(pc, t)))
        x += tile + round(12 * s)
    return x + round(4 * s)


def _why_not(pc: PanelContext, tile: TileType) -> Callable[[], str]:
    """Why the viewer cannot place a ``tile`` now (the engine's reason, for a cell it could go to), worded when
    first read."""

    def words() -> str:
        estate = pc.view.state.players[pc.view.seat].estate
        cell = estate.placeable()[0] if estate.placeable() else (0, 0)
        return refusals_in_words(why_not(pc.view, PlaceTile(tile, cell)), pc.names)

    return words


def _layout_purse(pc: PanelContext, lay: ScreenLayout, x: int) -> int:
    s, inner = pc.scale, lay.inner
    me = pc.view.state.players[pc.view.seat]
    x += round(10 * s)
    lay.purse_x = x
    # as wide as the sum of money or the bribes beside their pictures (_draw_purse) are at the text size, while
    # a scandal card keeps its room beside it (the sum shrinks a little where it must)
    need = max(round(38 * s) + assets.font("heading", round(26 * s)).size(write_money(me.money))[0],
               round(36 * s) + assets.font("heading", round(20 * s)).size(f"× {me.bribes}")[0])
    col_w = max(round(96 * s), min(need, inner.right - x - round(22 * s) - _card_size(inner, s)[0]))
    lay.purse_w = col_w
    money = pygame.Rect(x, inner.top, col_w, round(40 * s))
    lay.regions.append(Region(money, ScreenInfo(ScreenItem.MONEY),
                              _("{money} behind your screen.").format(money=write_money(me.money))))
    lay.regions.append(Region(
        pygame.Rect(x, inner.top + round(44 * s), col_w, round(34 * s)),
        ScreenInfo(ScreenItem.BRIBES),
        ngettext("{count} bribe marker: hand them back for {money} at taxes, {tiles} tile at land, {prestige} "
                 "prestige at a ball.",
                 "{count} bribe markers: hand them back for {money} at taxes, {tiles} tile at land, {prestige} "
                 "prestige at a ball.", me.bribes).format(
            count=me.bribes, money=write_money(board.BRIBE_BACK_MONEY), tiles=board.BRIBE_BACK_TILES,
            prestige=board.BRIBE_PRESTIGE),
        topic="bribe",
    ))
    my = inner.bottom - round(26 * s)
    markers = (
        (me.tax_used, ScreenItem.TAXES, "taxes",
         _("Taxes: already used this decade (the marker lies in front of your screen)."),
         _("Taxes: still available this decade.")),
        (me.land_used, ScreenItem.LAND, "land",
         _("Land: already used this decade (the marker lies in front of your screen)."),
         _("Land: still available this decade.")),
    )
    for i, (used, item, topic, used_tip, free_tip) in enumerate(markers):
        mr = pygame.Rect(x + i * round(34 * s), my, round(28 * s), round(28 * s))
        lay.markers.append(mr)
        lay.regions.append(Region(mr, ScreenInfo(item), used_tip if used else free_tip, topic=topic))
    return x + col_w + round(6 * s)


#: a scandal card's width to its height
CARD_SHAPE = 0.7


#: cards this much smaller or less stand side by side rather than fanned, one over the next
SIDE_BY_SIDE = 0.8


def _card_size(inner: pygame.Rect, s: float) -> tuple[int, int]:
    """A scandal card's width and the height of its row on the screen."""
    ch = inner.height - round(18 * s)
    return int(ch * CARD_SHAPE), ch


def _layout_cards(pc: PanelContext, lay: ScreenLayout, x: int) -> None:
    s, inner = pc.scale, lay.inner
    cards = pc.view.state.players[pc.view.seat].cards
    x += round(10 * s)
    lay.cards_x = x
    cw, ch = _card_size(inner, s)
    avail = inner.right - x
    n = len(cards)
    edge = round(14 * s)  # what shows of a card under the next one, at least
    room = avail - edge * max(0, n - 1)
    if 0 < room < cw:  # a large text size left less room than the cards need: smaller cards
        cw, ch = room, int(room / CARD_SHAPE)
    gap = round(6 * s)
    side_by_side = (avail - gap * max(0, n - 1)) // max(1, n)
    if SIDE_BY_SIDE * cw <= side_by_side < cw:  # a little smaller, every name shows whole ("Cunnin" under "Tribute")
        cw, ch = side_by_side, int(side_by_side / CARD_SHAPE)
    step = cw + gap
    if n > 1 and n * step > avail:
        step = max(edge, (avail - cw) // (n - 1))
    lay.card_step = step
    lay.base_cards = [pygame.Rect(x + k * step, inner.top, cw, ch - round(2 * s)) for k in range(n)]
    lay.lifted = _card_under(lay.base_cards, step, pc.mouse)
    for k, card in enumerate(cards):
        r = lay.base_cards[k]
        if k == lay.lifted:
            r = r.move(0, -round(6 * s))
        lay.cards.append(r)
        ok = card in lay.playable
        hit = pygame.Rect(r.left, r.top, step if k < n - 1 else cw, r.height)
        tip = f"{CARD_NAMES[card]}: {CARD_TIPS[card]}" + (" " + _("Click to play it now.") if ok else "")
        lay.regions.append(Region(hit, ScreenCard(k, card), tip, clickable=ok, topic=CARD_TOPICS[card]))


@attrs.define(eq=False)
class ScreenPart(Part):
    """The screen as a part: a click on a scandal card plays it. Its tiles are picked up by the hand (a drag, or
    a click that arms one); the rest explains itself in tooltips. It holds no state of its own."""

    name: ClassVar[str] = "screen"

    def process_event(self, event: PartEvent) -> bool:
        if isinstance(event, Click) and isinstance(event.region.target, ScreenCard):
            self.host.do(PlayCard(event.region.target.card))
            return True
        return False


# -- drawing --------------------------------------------------------------------------------------------------
def draw_screen(surface: pygame.Surface, pc: PanelContext, lay: ScreenLayout) -> None:
    s, inner = pc.scale, lay.inner
    me = pc.view.state.players[pc.view.seat]
    widgets.panel(surface, pc.rect, s, fill=SCREEN_FILL)
    id_w = round(150 * s)
    crest_d, size, lines = _identity(pc.names[pc.view.seat], s, id_w, min(round(52 * s), inner.height // 2))
    draw_crest_badge(surface, (inner.left + crest_d // 2, inner.top + crest_d // 2), crest_d, pc.styles[pc.view.seat])
    y = inner.top
    for line in lines:  # a long name in lines of whole parts at a smaller size, never cut
        name = text(line, "heading", size)
        surface.blit(name, (inner.left + crest_d + round(6 * s), y))
        y += name.get_height() - round(2 * s)
    tname = TITLE_NAMES[me.title] if me.title is not None else _("no title")
    room = id_w - crest_d - round(6 * s)
    for line in widgets.wrap(tname, assets.font("italic", round(15 * s)), room):  # "kein Adelstitel": two lines
        tl = fit_text(line, "italic", round(15 * s), room, MUTED)
        surface.blit(tl, (inner.left + crest_d + round(6 * s), y))
        y += tl.get_height() - round(3 * s)
    if me.title is not None:  # under the crest, or under the name and title where they reach lower
        plaque = art(TITLE_ART[me.title], (round(70 * s), round(30 * s)))
        surface.blit(plaque, (inner.left, max(inner.top + crest_d + round(8 * s), y + round(4 * s))))
    pygame.draw.line(surface, RULE, (lay.divider_x, inner.top), (lay.divider_x, inner.bottom), 1)
    if lay.closed:
        _draw_closed(surface, pc, lay)
        return
    # the four kinds' names in one size, the size the longest fits under its tile (not each shrunk alone)
    names_size = common_size([TILE_NAMES[t] for t, _r in lay.tiles], "ui", round(12 * s),
                             lay.tiles[0][1].width + round(10 * s))
    for t, r in lay.tiles:
        _draw_tile_stack(surface, pc, lay, t, r, names_size)
    x = lay.tiles[-1][1].right + round(12 * s) + round(4 * s)
    pygame.draw.line(surface, RULE, (x, inner.top), (x, inner.bottom), 1)
    _draw_purse(surface, pc, lay)
    x = lay.cards_x - round(10 * s)
    pygame.draw.line(surface, RULE, (x, inner.top), (x, inner.bottom), 1)
    _draw_cards(surface, pc, lay)


def _identity(name: str, s: float, width: int, crest: int) -> tuple[int, int, list[str]]:
    """The crest's diameter, the name's size and lines beside it: the largest crest and size at which the name
    takes two lines at most with its words whole (a long name: a smaller crest and size), never cut."""
    for crest_d in (crest, min(crest, round(38 * s)), min(crest, round(28 * s))):
        size, lines, whole = widgets.name_block(name, round(22 * s), width - crest_d - round(4 * s))
        if whole:
            break
    return crest_d, size, lines


def _draw_closed(surface: pygame.Surface, pc: PanelContext, lay: ScreenLayout) -> None:
    """A public view: the screen stands closed; nothing behind it shows."""
    s, inner = pc.scale, lay.inner
    room = pygame.Rect(lay.divider_x + round(10 * s), inner.top, inner.right - lay.divider_x - round(10 * s),
                       inner.height)
    head_size, heads, note_size, notes = _closed_words(pc.names[pc.view.seat], s, room.size)
    lines = [text(line, "heading", head_size, INK) for line in heads]
    lines += [text(line, "italic", note_size, MUTED) for line in notes]
    y = room.centery - sum(line.get_height() for line in lines) // 2
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(room.centerx, y)))
        y += line.get_height()


def _closed_words(name: str, s: float, room: tuple[int, int]) -> tuple[int, list[str], int, list[str]]:
    """The closed screen's heading and notice in ``room`` (width, height), each with its design size: the heading in
    one line as large as it fits (down to its smallest readable size), else folded at its spaces; the notice in
    as many lines as it needs, at the largest size, down to the readable one, at which the two stand within the
    room's height (a long name at a large text size in a small window: "again." ran past the panel)."""
    width, height = room
    head = _("{name}'s screen is closed").format(name=name)
    note = _("Nothing private shows until the next player says who they are. {name}: your next turn opens "
             "it again.").format(name=name)
    design = round(20 * s)
    head_size = next((size for size in range(design, smallest_size(design) - 1, -1)
                      if assets.font("heading", size).size(head)[0] <= width), smallest_size(design))
    heads = widgets.wrap(head, assets.font("heading", head_size), width, break_words=True)
    above = len(heads) * assets.font("heading", head_size).get_height()
    design = round(15 * s)
    for note_size in range(design, smallest_size(design) - 1, -1):
        font = assets.font("italic", note_size)
        notes = widgets.wrap(note, font, width, break_words=True)
        if above + len(notes) * font.get_height() <= height:
            break
    return head_size, heads, note_size, notes


def _draw_tile_stack(surface: pygame.Surface, pc: PanelContext, lay: ScreenLayout, t: TileType, r: pygame.Rect,
                     names_size: int) -> None:
    s = pc.scale
    n = pc.view.state.players[pc.view.seat].tiles[t]
    tile = r.width
    if n:
        for k in range(min(3, n) - 1, -1, -1):
            surface.blit(art(TILE_ART[t], tile), r.move(k * round(3 * s), -k * round(3 * s)))
    else:
        pygame.draw.rect(surface, PANEL, r, border_radius=round(3 * s))
        pygame.draw.rect(surface, RULE, r, 1, border_radius=round(3 * s))
        ghost = art(TILE_ART[t], tile).copy()
        ghost.set_alpha(50)
        surface.blit(ghost, r)
    if lay.selected == t:
        pygame.draw.rect(surface, GOLD, r.inflate(6, 6), max(2, round(3 * s)), border_radius=round(4 * s))
    elif tile_piece(t) in lay.draggable and r.collidepoint(pc.mouse):
        pygame.draw.rect(surface, HOVER, r.inflate(4, 4), 2, border_radius=round(4 * s))
    badge(surface, (r.right - round(2 * s), r.top + round(4 * s)), str(n), s)
    lab = fit_text(TILE_NAMES[t], "ui", names_size, tile + round(10 * s), INK if n else MUTED)
    surface.blit(lab, lab.get_rect(midtop=(r.centerx, r.bottom + round(2 * s))))


def _draw_purse(surface: pygame.Surface, pc: PanelContext, lay: ScreenLayout) -> None:
    s, inner, x = pc.scale, lay.inner, lay.purse_x
    me = pc.view.state.players[pc.view.seat]
    coin = art("coin-10" if me.money >= 10 else "coin-5" if me.money >= 5 else "coin-1", round(34 * s))
    surface.blit(coin, (x, inner.top + round(4 * s)))
    m = fit_text(write_money(me.money), "heading", round(26 * s), lay.purse_w - round(38 * s), INK)
    surface.blit(m, (x + coin.get_width() + round(4 * s), inner.top + round(2 * s)))
    purse = art("bribe", round(32 * s))
    by = inner.top + round(44 * s)
    surface.blit(purse, (x, by))
    b = text(f"× {me.bribes}", "heading", round(20 * s), INK)
    surface.blit(b, (x + purse.get_width() + round(4 * s), by + round(3 * s)))
    for mr, used, name in zip(lay.markers, (me.tax_used, me.land_used), ("tax-marker", "land-marker"), strict=True):
        img = art(name, mr.height).copy()
        img.set_alpha(90 if used else 255)
        surface.blit(img, mr)


def _draw_cards(surface: pygame.Surface, pc: PanelContext, lay: ScreenLayout) -> None:
    s, inner = pc.scale, lay.inner
    cards = pc.view.state.players[pc.view.seat].cards
    font = assets.font("italic", round(12 * s))
    room = inner.right - lay.cards_x
    lines = widgets.wrap(_("Scandal cards") if cards else _("No scandal cards"), font, room)
    # under the cards on one line where it fits, else left out (the cards say what they are)
    if not cards or (len(lines) == 1 and font.size(lines[0])[0] <= room):
        y = inner.bottom + round(2 * s) - len(lines) * font.get_linesize()
        for line in lines:  # a word longer than the room is shrunk to it
            surface.blit(fit_text(line, "italic", round(12 * s), room, MUTED), (lay.cards_x, y))
            y += font.get_linesize()
    order = sorted(range(len(cards)), key=lambda k: k == lay.lifted)  # the lifted card over its neighbours
    for card, r in ((cards[k], lay.cards[k]) for k in order):
        surface.blit(art(CARD_ART[card], r.size), r)
        if card in lay.playable:
            pygame.draw.rect(surface, GOLD, r.inflate(3, 3), max(1, round(2 * s)), border_radius=round(4 * s))
        draw_card_name(surface, CARD_NAMES[card], r, s)


def draw_card_name(surface: pygame.Surface, name: str, card: pygame.Rect, s: float) -> None:
    """The card's name on its ribbon, whole and on the card: in one or two lines, in a smaller face where it needs
    one (never under the smallest readable size), a word longer than the card broken with a hyphen, the ribbon as
    tall as the lines."""
    notch = round(4 * s)
    ribbon_w = card.width - round(2 * s)
    # the words between the ribbon's notches, a little clear of them ("Relazione" touched both)
    size, lines = card_name_lines(name, ribbon_w - 2 * notch - round(4 * s), round(13 * s))
    font = assets.font("heading", size)
    line_h = font.get_linesize() - round(2 * s)
    ribbon = pygame.Rect(0, 0, ribbon_w, line_h * len(lines) + round(4 * s))
    ribbon.center = (card.centerx, card.top + round(card.height * 0.79))
    ribbon.bottom = min(ribbon.bottom, card.bottom - round(3 * s))
    points = [ribbon.topleft, ribbon.topright, (ribbon.right - notch, ribbon.centery), ribbon.bottomright,
              ribbon.bottomleft, (ribbon.left + notch, ribbon.centery)]
    pygame.draw.polygon(surface, (228, 211, 174), points)
    pygame.draw.polygon(surface, MUTED, points, 1)
    y = ribbon.top + round(2 * s)
    for line in lines:
        img = text(line, "heading", size, INK)
        surface.blit(img, img.get_rect(midtop=(ribbon.centerx, y)))
        y += line_h


def card_name_lines(name: str, width: int, size: int) -> tuple[int, list[str]]:
    """The design size and the lines (at most two) of a card's ``name`` within ``width``: the largest size from
    ``size`` down whose lines fit, else the smallest readable one with an overlong word broken by a hyphen."""
    least = assets.min_design_size()
    for candidate in range(size, least - 1, -1):
        font = assets.font("heading", candidate)
        lines = widgets.wrap(name, font, width)
        if len(lines) <= 2 and all(font.size(line)[0] <= width for line in lines):
            return candidate, lines
    font = assets.font("heading", min(size, least))
    return min(size, least), widgets.wrap(name, font, width, break_words=True, at_most=2)
