"""The board column at the left of the table: the building rows with their prices (drag a building from
here onto your estate), the follies, the church and the bribes, and the court (VP, titles, the Queen)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import ClassVar

import attrs
import pygame

from game.i18n import N_, Words, _, money, ngettext
from game.table import court
from game.table.board_layout import BoardLayout, BuildingRow
from game.table.panel import PanelContext
from game.table.part import Part
from game.table.targets import (
    BOARD_BUILDINGS,
    BoardBribes,
    BoardPiece,
    ChurchColumn,
    Piece,
    Region,
    folly_piece,
)
from game.ui import assets, widgets
from game.ui.draw import (
    art,
    common_size,
    fit_text,
    fits,
    section_title,
    section_title_height,
    text,
    within,
)
from game.ui.pieces import FOLLY_ART, FOLLY_NEEDS_TEXT, TILE_ART
from game.ui.refusal_words import refusal_words
from game.ui.theme import GOLD, GOLD_DARK, INK, MUTED, PANEL, PARCHMENT_LIGHT, ROYAL_BLUE, RULE
from rules import Building, Folly, PlayerView, TileType, board, build_refusal

#: the headings of the board's four parts, by key
TITLES = Words({"buildings": N_("Buildings"), "follies": N_("Follies  {price}"), "church": N_("Church"),
                "court": N_("The court")}, price=lambda: money(board.FOLLY_PRICE))
#: each building row's tooltip: the cheapest on the board and what the viewer pays, or none left
ROW_TIPS = Words({
    "castle": N_("The cheapest castle costs {price} (you pay {mine})."),
    "chapel": N_("The cheapest chapel costs {price} (you pay {mine})."),
    "palace": N_("The cheapest palace costs {price} (you pay {mine})."),
})
NONE_LEFT = Words({"castle": N_("No castles left on the board."), "chapel": N_("No chapels left on the board."),
                   "palace": N_("No palaces left on the board.")})
ROW_NAMES = Words({"castle": N_("Castles"), "chapel": N_("Chapels"), "palace": N_("Palaces")})
CHURCH_TIPS = Words({
    TileType.FIELD: N_("Church: {donated} of {slots} field tiles donated this decade."),
    TileType.GROVE: N_("Church: {donated} of {slots} grove tiles donated this decade."),
    TileType.FOUNTAIN: N_("Church: {donated} of {slots} fountain tiles donated this decade."),
    TileType.MEADOW: N_("Church: {donated} of {slots} meadow tiles donated this decade."),
})


def layout_board(pc: PanelContext, draggable: frozenset[Piece]) -> BoardLayout:
    """``draggable``: the pieces the viewer may take from the board now."""
    lay = _laid_out(pc, draggable, court.least_row(pc.scale))
    if not court.holds(pc, lay):  # a court row of one line would leave a count out: two lines for every row
        lay = _laid_out(pc, draggable, court.stacked_row(pc.scale), stacked=True)
    return lay


#: how the board makes room for the court's rows, step by step (vp_line, compact, tight, small): the follies' VP
#: line is left out, then the building rows' second line, then the follies and the church are drawn lower (five
#: nobles in a small window at a large text size), then the headings and the building rows' names shrink
ROOM_STEPS = ((True, False, False, False), (False, False, False, False), (False, True, False, False),
              (False, True, True, False), (False, True, True, True))


def _laid_out(pc: PanelContext, draggable: frozenset[Piece], least: int, stacked: bool = False) -> BoardLayout:
    """The board laid out at the first of :data:`ROOM_STEPS` that leaves each court row ``least`` pixels."""
    s = pc.scale
    pad = round(10 * s)
    for vp_line, compact, tight, small in ROOM_STEPS:
        lay = BoardLayout(x=pc.rect.left + pad, width=pc.rect.width - 2 * pad, draggable=draggable, compact=compact,
                          tight=tight, small=small, stacked=stacked)
        y = pc.rect.top + pad
        y = _title(lay, "buildings", y, s)
        y = _layout_buildings(pc, lay, y)
        y = _title(lay, "follies", y + round(2 * s), s)
        y = _layout_follies(pc, lay, y, vp_line)
        y = _title(lay, "church", y, s)
        y = _layout_church(pc, lay, y)
        y = _title(lay, "court", y, s)
        if pc.rect.bottom - pad - y >= pc.view.state.n * least:
            break
    court.layout_court(pc, lay, y, pc.rect.bottom - pad, least)
    return lay


def _title(lay: BoardLayout, key: str, y: int, s: float) -> int:
    lay.titles.append((key, y))
    return y + section_title_height(TITLES[key], s, _title_size(lay, s))


def _title_size(lay: BoardLayout, s: float) -> int:
    """The design size of the board's headings."""
    return within(13 * s, 0) if lay.small else round(13 * s)


def _building_rows(view: PlayerView) -> list[tuple[Building, tuple[int, ...], int, int]]:
    st = view.state
    return [
        (Building.CASTLE, board.CASTLE_PRICES, st.castles_board, st.castle_price(view.seat) if st.castles_board else 0),
        (Building.CHAPEL, board.CHAPEL_PRICES, st.chapels_board, st.chapel_price(view.seat) if st.chapels_board else 0),
        (Building.PALACE, board.PALACE_PRICES, st.palaces_board, st.palace_price(view.seat) if st.palaces_board else 0),
    ]


def _row_height(s: float, slot: int, compact: bool = False, small: bool = False) -> int:
    """A building row: its spaces, or its name over what you pay (its name alone, ``compact``) if the text is
    taller; its spaces alone where the name is ``small``."""
    if small:
        return slot
    lines = assets.font("heading", round(15 * s)).get_linesize()
    if not compact:
        lines += assets.font("ui", round(12 * s)).get_linesize() - round(4 * s)
    return max(slot, lines)


def _layout_buildings(pc: PanelContext, lay: BoardLayout, y: int) -> int:
    s = pc.scale
    lay.slot = max(18, min(round(34 * s), int(lay.width / 5.9), int(pc.rect.height * 0.07)))
    row_h = _row_height(s, lay.slot, lay.compact, lay.small)
    for building, prices, on_board, my_price in _building_rows(pc.view):
        piece = BOARD_BUILDINGS[building]
        kind = building.label
        lay.rows.append(BuildingRow(piece, kind, prices, on_board, my_price, y))
        tip = (
            ROW_TIPS[kind].format(price=money(board.cheapest_price(prices, on_board)), mine=money(my_price))
            if on_board
            else NONE_LEFT[kind]
        )
        can = piece in lay.draggable
        row_rect = pygame.Rect(lay.x, y, lay.width, row_h)
        if can:
            tip += " " + (_("Drag it onto a glowing castle of your estate to build it.") if building == Building.PALACE
                          else _("Drag it onto a glowing meadow of your estate to build it."))
            lay.regions.append(Region(row_rect, BoardPiece(piece), tip, drag=piece, topic="build"))
        else:
            why = _why_not(pc, building)
            lay.regions.append(Region(row_rect, BoardPiece(piece), lambda tip=tip, why=why: f"{tip} {why()}",
                                      topic="build", refused=why))
        y += row_h + round(5 * s)
    return y


def _layout_follies(pc: PanelContext, lay: BoardLayout, y: int, vp_line: bool) -> int:
    """The four follies in a row, and under them the VP line (``vp_line``: where there is room; each folly's
    tooltip says what the next one scores); lower where the layout is tight."""
    s, st = pc.scale, pc.view.state
    fw = (lay.width - 3 * round(4 * s)) // 4
    fh = max(20, min(round(40 * s), int(pc.rect.height * 0.075)))
    if lay.tight:
        fh = min(fh, max(16, round(20 * s)))
    next_vp = st.next_folly_vp()
    for i, f in enumerate(board.FOLLY_NEEDS):
        r = pygame.Rect(lay.x + i * (fw + round(4 * s)), y, fw, fh)
        piece = folly_piece(f)
        lay.follies.append((r, piece))
        tip = (
            _("Folly: needs {regions} in your estate; {price} less your title's discount; the next folly built "
              "scores {vp} VP.").format(regions=FOLLY_NEEDS_TEXT[f], price=money(board.FOLLY_PRICE), vp=next_vp)
            if f in st.follies
            else _("This folly has been built.")
        )
        can = piece in lay.draggable
        if can:
            tip += " " + _("Drag it onto an empty meadow of your estate.")
            lay.regions.append(Region(r, BoardPiece(piece), tip, drag=piece, topic="build"))
            continue
        why = _why_not(pc, f)
        words: str | Callable[[], str] = (lambda tip=tip, why=why: f"{tip} {why()}") if f in st.follies else tip
        lay.regions.append(Region(r, BoardPiece(piece), words, topic="build", refused=why))
    y += fh + round(1 * s)
    if not vp_line:
        lay.vp_line_y = -1
        return y + round(3 * s)
    lay.vp_line_y = y
    return y + _vp_line(pc, lay).get_height() + round(3 * s)


def _why_not(pc: PanelContext, piece: Building | Folly) -> Callable[[], str]:
    """Why the viewer cannot take ``piece`` from the board now (the engine's reason), worded when first read."""

    @functools.cache
    def words() -> str:
        refusal = build_refusal(pc.view, piece)
        return refusal_words(refusal, pc.names) if refusal is not None else ""

    return words


def _vp_line(pc: PanelContext, lay: BoardLayout) -> pygame.Surface:
    built = pc.view.state.follies_built
    values = " · ".join((f"{v}" if k >= built else f"({v})") for k, v in enumerate(board.FOLLY_VP))
    return fit_text(_("next folly: {values} VP").format(values=values), "ui", round(12 * pc.scale), lay.width, MUTED)


def _layout_church(pc: PanelContext, lay: BoardLayout, y: int) -> int:
    s, st = pc.scale, pc.view.state
    cw = round(lay.width * 0.62)
    cell = max(10, min(round(17 * s), (cw - round(8 * s)) // 4 // 3 - 1, int(pc.rect.height * 0.034)))
    lay.church_y, lay.church_cell, lay.church_col = y, cell, cw // 4
    for t in TileType:
        lay.regions.append(Region(
            pygame.Rect(lay.x + t * lay.church_col, y, lay.church_col, cell),
            ChurchColumn(t),
            CHURCH_TIPS[t].format(donated=st.church[t], slots=board.CHURCH_SLOTS_PER_TYPE),
            topic="church",
        ))
    lay.bribes_x = bx = lay.x + cw + round(4 * s)
    purse, purse_y = _bribes_purse(lay, s)
    lay.regions.append(Region(
        pygame.Rect(bx, purse_y, pc.rect.right - bx, purse),
        BoardBribes(),
        ngettext("{count} bribe marker on the board ({price} and {vp} VP each).",
                 "{count} bribe markers on the board ({price} and {vp} VP each).", st.bribes_board).format(
            count=st.bribes_board, price=money(board.BRIBE_PRICE), vp=board.BRIBE_VP),
        topic="bribe",
    ))
    return y + (max(cell, purse_y + purse - y) + round(2 * s) if lay.tight else max(cell, round(20 * s)) + round(6 * s))


def _bribes_purse(lay: BoardLayout, s: float) -> tuple[int, int]:
    """The size and top of the board's bribe purse beside the church: as tall as the church's row where the layout
    is tight (else it would reach into the court's heading)."""
    if lay.tight:
        size = lay.church_cell + round(4 * s)
        return size, lay.church_y - round(2 * s)
    return round(26 * s), lay.church_y - round(6 * s)


@attrs.define(eq=False)
class BoardPart(Part):
    """The board as a part. It takes no input of its own: its buildings and follies are picked up by the hand (a
    drag, or a click that arms one), everything else on it explains itself in a tooltip."""

    name: ClassVar[str] = "board"


# -- drawing --------------------------------------------------------------------------------------------------
def draw_board(surface: pygame.Surface, pc: PanelContext, lay: BoardLayout) -> None:
    for _step in draw_board_in_steps(surface, pc, lay):
        pass


def draw_board_in_steps(surface: pygame.Surface, pc: PanelContext, lay: BoardLayout) -> Iterator[None]:
    """The board, a section a step: drawn the first time (its pictures and words not yet in the caches), it is
    the slowest panel, and a table being prepared draws a step a frame."""
    s = pc.scale
    widgets.panel(surface, pc.rect, s)
    titles, size = dict(lay.titles), _title_size(lay, s)
    section_title(surface, TITLES["buildings"], lay.x, titles["buildings"], lay.width, s, size)
    for row in lay.rows:
        _draw_building_row(surface, pc, lay, row)
    yield
    section_title(surface, TITLES["follies"], lay.x, titles["follies"], lay.width, s, size)
    for r, piece in lay.follies:
        img = art(FOLLY_ART[piece.folly], (r.width, r.height))
        if piece.folly not in pc.view.state.follies:
            img = img.copy()
            img.set_alpha(60)
        surface.blit(img, r)
        if piece in lay.draggable:
            pygame.draw.rect(surface, ROYAL_BLUE, r.inflate(2, 2), 1, border_radius=round(3 * s))
    if lay.vp_line_y >= 0:
        surface.blit(_vp_line(pc, lay), (lay.x, lay.vp_line_y))
    section_title(surface, TITLES["church"], lay.x, titles["church"], lay.width, s, size)
    _draw_church(surface, pc, lay)
    yield
    section_title(surface, TITLES["court"], lay.x, titles["court"], lay.width, s, size)
    yield from court.draw_court(surface, pc, lay)


def _draw_building_row(surface: pygame.Surface, pc: PanelContext, lay: BoardLayout, row: BuildingRow) -> None:
    s, slot, x = pc.scale, lay.slot, lay.x
    row_h = _row_height(s, slot, lay.compact, lay.small)
    y = row.y + (row_h - slot) // 2  # the spaces, centred on the row
    first = len(row.prices) - row.on_board  # index of the cheapest occupied space
    for i, price in enumerate(row.prices):
        r = pygame.Rect(x + i * (slot + round(3 * s)), y, slot, slot)
        filled = i >= first
        pygame.draw.rect(surface, PARCHMENT_LIGHT if filled else PANEL, r, border_radius=round(3 * s))
        cheapest = filled and i == first
        width = max(1, round((2.5 if cheapest else 1) * s))
        pygame.draw.rect(surface, GOLD if cheapest else RULE, r, width, border_radius=round(3 * s))
        role = "ui-bold" if cheapest else "ui"
        words = money(price) if fits(money(price), role, round(12 * s), slot) else str(price)  # the row says £
        p = fit_text(words, role, round(12 * s), slot, INK if filled else MUTED)
        if filled:  # the building above its price
            img = art(row.piece.art, max(8, slot - p.get_height()))
            surface.blit(img, img.get_rect(midtop=(r.centerx, r.top + round(1 * s))))
        surface.blit(p, p.get_rect(midbottom=(r.centerx, r.bottom + round(1 * s))))
    label_x = x + 5 * (slot + round(3 * s)) + round(2 * s)
    room = pc.rect.right - round(10 * s) - label_x
    names = [ROW_NAMES[kind] for kind in ROW_NAMES]
    size = within(15 * s, slot) if lay.small else round(15 * s)  # small: within the spaces' height
    lab = fit_text(ROW_NAMES[row.kind], "heading", common_size(names, "heading", size, room), room)
    if lay.compact:
        surface.blit(lab, lab.get_rect(midleft=(label_x, row.y + row_h // 2)))
    else:
        _draw_row_words(surface, pc, row, lab, (label_x, row.y), room, row_h)
    if row.piece in lay.draggable:
        row_rect = pygame.Rect(x, row.y, lay.width, row_h)
        pygame.draw.rect(surface, ROYAL_BLUE, row_rect.inflate(4, 4), 1, border_radius=round(4 * s))


def _draw_row_words(surface: pygame.Surface, pc: PanelContext, row: BuildingRow, lab: pygame.Surface,
                    at: tuple[int, int], room: int, row_h: int) -> None:
    """A building row's name over what the viewer pays (or that none are left)."""
    s = pc.scale
    label_x, y = at
    surface.blit(lab, (label_x, y - round(2 * s)))
    sub = ((_("you pay {price}").format(price=money(row.my_price)) if room >= round(90 * s) else money(row.my_price))
           if row.on_board else _("none left"))
    subimg = fit_text(sub, "ui", round(12 * s), room, MUTED)
    surface.blit(subimg, (label_x, y + row_h - subimg.get_height()))


def _draw_church(surface: pygame.Surface, pc: PanelContext, lay: BoardLayout) -> None:
    s, st = pc.scale, pc.view.state
    cell, y = lay.church_cell, lay.church_y
    for t in TileType:
        cx = lay.x + t * lay.church_col
        ghost = art(TILE_ART[t], cell).copy()
        ghost.set_alpha(45)
        for k in range(board.CHURCH_SLOTS_PER_TYPE):
            r = pygame.Rect(cx + k * (cell + 1), y, cell, cell)
            if k < st.church[t]:
                surface.blit(art(TILE_ART[t], cell), r)
                pygame.draw.rect(surface, GOLD_DARK, r, 1)
            else:
                pygame.draw.rect(surface, PARCHMENT_LIGHT, r)
                surface.blit(ghost, r)
                pygame.draw.rect(surface, RULE, r, 1)
    size, top = _bribes_purse(lay, s)
    purse = art("bribe", size)
    surface.blit(purse, (lay.bribes_x, top))
    btxt = text(f"× {st.bribes_board}", "heading", within(17 * s, size), INK)
    surface.blit(btxt, btxt.get_rect(midleft=(lay.bribes_x + purse.get_width() + round(2 * s), top + size // 2)))


