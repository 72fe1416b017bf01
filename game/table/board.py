"""The board column at the left of the table: the building rows with their prices (drag a building from
here onto your estate), the follies, the church and the bribes, and the court (VP, titles, the Queen)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import ClassVar, NamedTuple

import attrs
import pygame

from game.i18n import N_, Words, _, money, ngettext, npgettext
from game.table.estate_draw import draw_crest_badge
from game.table.panel import PanelContext, PanelLayout, Pointing
from game.table.part import Part
from game.table.targets import (
    BOARD_BUILDINGS,
    BoardBribes,
    BoardPiece,
    ChurchColumn,
    CourtRow,
    Piece,
    Region,
    folly_piece,
)
from game.ui import assets, widgets
from game.ui.draw import (
    art,
    common_size,
    fit_parts,
    fit_text,
    fits,
    section_title,
    section_title_height,
    smallest_size,
    text,
    within,
)
from game.ui.pieces import FOLLY_ART, FOLLY_NEEDS_TEXT, TILE_ART, TITLE_NAMES
from game.ui.refusal_words import refusal_words
from game.ui.theme import GOLD, GOLD_DARK, INK, MUTED, OXBLOOD, PANEL, PARCHMENT_LIGHT, ROYAL_BLUE, RULE
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


@attrs.frozen
class BuildingRow:
    """One row of the board's buildings: its spaces and prices, how many are left, what the viewer pays."""

    piece: Piece
    kind: str  # "castle", "chapel", "palace"
    prices: tuple[int, ...]
    on_board: int
    my_price: int
    y: int


@attrs.define(eq=False)
class BoardLayout(PanelLayout):
    x: int = 0
    width: int = 0
    titles: list[tuple[str, int]] = attrs.field(factory=list)  # section headings and their y
    slot: int = 0
    rows: list[BuildingRow] = attrs.field(factory=list)
    follies: list[tuple[pygame.Rect, Piece]] = attrs.field(factory=list)
    vp_line_y: int = 0  # -1: the follies' VP line is left out
    compact: bool = False  # a building row is its name alone (what one pays is in its tooltip): the court needs room
    tight: bool = False  # the follies and the church drawn lower too (five nobles in a small window, a large text)
    church_y: int = 0
    church_cell: int = 0
    church_col: int = 0
    bribes_x: int = 0
    court: list[tuple[int, pygame.Rect]] = attrs.field(factory=list)  # seat, row
    draggable: frozenset[Piece] = frozenset()

    def pointed(self, mouse: tuple[int, int]) -> tuple[()]:
        return ()  # nothing on the board lights up under the pointer (its tooltips are drawn over the table)


def layout_board(pc: PanelContext, draggable: frozenset[Piece]) -> BoardLayout:
    """``draggable``: the pieces the viewer may take from the board now."""
    s = pc.scale
    pad = round(10 * s)
    # where the court's rows need the room, the follies' VP line is left out, then the building rows' second line,
    # and then the follies and the church are drawn lower (five nobles in a small window at a large text size)
    for vp_line, compact, tight in ((True, False, False), (False, False, False), (False, True, False),
                                    (False, True, True)):
        lay = BoardLayout(x=pc.rect.left + pad, width=pc.rect.width - 2 * pad, draggable=draggable, compact=compact,
                          tight=tight)
        y = pc.rect.top + pad
        y = _title(lay, "buildings", y, s)
        y = _layout_buildings(pc, lay, y)
        y = _title(lay, "follies", y + round(2 * s), s)
        y = _layout_follies(pc, lay, y, vp_line)
        y = _title(lay, "church", y, s)
        y = _layout_church(pc, lay, y)
        y = _title(lay, "court", y, s)
        if pc.rect.bottom - pad - y >= pc.view.state.n * _least_court_row(s):
            break
    _layout_court(pc, lay, y, pc.rect.bottom - pad)
    return lay


def _least_court_row(s: float) -> int:
    """The lowest court row: a name at the smallest readable size."""
    return assets.font("heading", within(15 * s, 0)).get_linesize() + round(2 * s)


def _title(lay: BoardLayout, key: str, y: int, s: float) -> int:
    lay.titles.append((key, y))
    return y + section_title_height(TITLES[key], s)


def _building_rows(view: PlayerView) -> list[tuple[Building, tuple[int, ...], int, int]]:
    st = view.state
    return [
        (Building.CASTLE, board.CASTLE_PRICES, st.castles_board, st.castle_price(view.seat) if st.castles_board else 0),
        (Building.CHAPEL, board.CHAPEL_PRICES, st.chapels_board, st.chapel_price(view.seat) if st.chapels_board else 0),
        (Building.PALACE, board.PALACE_PRICES, st.palaces_board, st.palace_price(view.seat) if st.palaces_board else 0),
    ]


def _row_height(s: float, slot: int, compact: bool = False) -> int:
    """A building row: its spaces, or its name over what you pay (its name alone, ``compact``) if the text is
    taller."""
    lines = assets.font("heading", round(15 * s)).get_linesize()
    if not compact:
        lines += assets.font("ui", round(12 * s)).get_linesize() - round(4 * s)
    return max(slot, lines)


def _layout_buildings(pc: PanelContext, lay: BoardLayout, y: int) -> int:
    s = pc.scale
    lay.slot = max(18, min(round(34 * s), int(lay.width / 5.9), int(pc.rect.height * 0.07)))
    row_h = _row_height(s, lay.slot, lay.compact)
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


def _layout_court(pc: PanelContext, lay: BoardLayout, y: int, bottom: int) -> None:
    s, view = pc.scale, pc.view
    st = view.state
    lines = assets.font("heading", round(15 * s)).get_linesize() + assets.font("body", round(13 * s)).get_linesize()
    row_h = max(_least_court_row(s), min(max(round(40 * s), lines + round(2 * s)), (bottom - y) // max(1, st.n)))
    for i in range(st.n):  # in seat order, as they sit: a row never moves during the game
        r = pygame.Rect(lay.x, y, lay.width, row_h - round(2 * s))
        lay.court.append((i, r))
        tip = _court_tip(pc, i)
        lay.regions.append(Region(r, CourtRow(i), tip, topic="ball"))
        y += row_h


def _court_tip(pc: PanelContext, i: int) -> str:
    """What the court row of seat ``i`` says when hovered: its VP and title, what is behind its screen."""
    view = pc.view
    st, p = view.state, view.state.players[i]
    tname = TITLE_NAMES[p.title] if p.title is not None else _("(title returned)")
    parts = [_("{name}: {vp} VP, {title}").format(name=pc.names[i], vp=p.vp, title=tname)]
    if i == st.queen:
        parts.append(_("holds the Queen"))
    parts.append(_("behind the screen: {money}, {tiles}, {cards}, {bribes}").format(
        money=money(view.money_counts[i]),
        tiles=ngettext("{n} tile", "{n} tiles", view.tile_counts[i]).format(n=view.tile_counts[i]),
        cards=ngettext("{n} scandal card", "{n} scandal cards", view.card_counts[i]).format(n=view.card_counts[i]),
        bribes=ngettext("{n} bribe", "{n} bribes", view.bribe_counts[i]).format(n=view.bribe_counts[i])))
    parts.append(_("knights placed: {placed} of {knights}").format(placed=len(p.knights),
                                                                   knights=board.KNIGHTS_PER_PLAYER))
    if p.tax_used:
        parts.append(_("taxes collected"))
    if p.land_used:
        parts.append(_("land acquired"))
    tip = "; ".join(parts) + "."
    prestige = _ball_place(view, i)
    if prestige is not None:
        tip += " " + _("Prestige at this ball: {prestige}.").format(prestige=prestige)
    return tip


def _ball_place(view: PlayerView, seat: int) -> int | None:
    """Where ``seat`` placed its prestige marker at the ball under way (None: not placed, or no ball)."""
    ball = view.state.ball
    if ball is not None and seat < len(ball.places) and ball.places[seat] >= 0:
        return ball.places[seat]
    return None


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
    titles = dict(lay.titles)
    section_title(surface, TITLES["buildings"], lay.x, titles["buildings"], lay.width, s)
    for row in lay.rows:
        _draw_building_row(surface, pc, lay, row)
    yield
    section_title(surface, TITLES["follies"], lay.x, titles["follies"], lay.width, s)
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
    section_title(surface, TITLES["church"], lay.x, titles["church"], lay.width, s)
    _draw_church(surface, pc, lay)
    yield
    section_title(surface, TITLES["court"], lay.x, titles["court"], lay.width, s)
    yield from _draw_court(surface, pc, lay)


def _draw_building_row(surface: pygame.Surface, pc: PanelContext, lay: BoardLayout, row: BuildingRow) -> None:
    s, slot, x = pc.scale, lay.slot, lay.x
    row_h = _row_height(s, slot, lay.compact)
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
    lab = fit_text(ROW_NAMES[row.kind], "heading", common_size(names, "heading", round(15 * s), room), room)
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


class CourtLine(NamedTuple):
    """What a court row shows, measured before any row is drawn (their names share one size)."""

    seat: int
    rect: pygame.Rect
    badge: int  # the crest's diameter
    marks: list[tuple[pygame.Surface, pygame.Rect]]  # at the right: VP, the Queen, the prestige placed at a ball
    name_x: int
    text_right: int  # where the marks begin
    counts: tuple[int, int, int, int]  # behind the screen (R-TURN-5): money, tiles, cards, bribes

    @property
    def labels(self) -> list[str]:
        return [money(self.counts[0]), *(str(n) for n in self.counts[1:])]


def _court_rows(pc: PanelContext, lay: BoardLayout) -> list[CourtLine]:
    s, view = pc.scale, pc.view
    st = view.state
    rows = []
    for i, r in lay.court:
        badge_d = min(r.height - round(4 * s), round(30 * s))
        vp = text(str(st.players[i].vp), "heading", within(21 * s, r.height / 1.3), GOLD_DARK)
        vp_rect = vp.get_rect(midright=(r.right - round(4 * s), r.centery))
        vp_icon = art("icon-vp", round(18 * s))
        vp_icon_rect = vp_icon.get_rect(midright=(vp_rect.left - round(1 * s), r.centery))
        marks = [(vp, vp_rect), (vp_icon, vp_icon_rect)]
        right = vp_icon_rect.left - round(4 * s)
        if i == st.queen:
            q = art("queen", round(22 * s))
            marks.append((q, q.get_rect(midright=(right, r.centery))))
            right = marks[-1][1].left - round(2 * s)
        prestige = _ball_place(view, i)
        if prestige is not None:
            pr = text(f"✦{prestige}", "ui-bold", round(12 * s), OXBLOOD)
            marks.append((pr, pr.get_rect(midright=(right, r.centery))))
            right = marks[-1][1].left - round(3 * s)
        counts = (view.money_counts[i], view.tile_counts[i], view.card_counts[i], view.bribe_counts[i])
        rows.append(CourtLine(i, r, badge_d, marks, r.left + badge_d + round(7 * s), right, counts))
    return rows


def _draw_court(surface: pygame.Surface, pc: PanelContext, lay: BoardLayout) -> Iterator[None]:
    """The court's rows, a step each."""
    s = pc.scale
    rows = _court_rows(pc, lay)
    if not rows:
        return
    row_h = rows[0].rect.height
    two_lines = (assets.font("heading", round(15 * s)).get_height() + assets.font("body", round(13 * s)).get_height()
                 - round(1 * s) <= row_h)
    folded = None if two_lines else _folded_name_size(pc, rows)
    for row in rows:
        yield
        _draw_court_row(surface, pc, row, folded)


def mark_board(surface: pygame.Surface, pc: PanelContext, lay: BoardLayout, pointing: Pointing) -> None:
    """Over the board's picture: the court row of the seat a hovered line of the chronicle is about."""
    s = pc.scale
    for seat, r in lay.court:
        if seat == pointing.seat:
            pygame.draw.rect(surface, GOLD, r.inflate(round(4 * s), round(2 * s)), max(2, round(2 * s)),
                             border_radius=round(5 * s))


def _folded_name_size(pc: PanelContext, rows: list[CourtLine]) -> int:
    """Where large text leaves a court row one line: the size of every name, the largest at which each row's
    counts fit beside it (a name gives way before a count is dropped), down to the smallest readable size."""
    s = pc.scale
    heading = within(15 * s, rows[0].rect.height / 1.3)
    size = heading
    for size in range(heading, smallest_size(heading) - 1, -1):
        if all(_count_layout(_counts_room(pc, row, size), row.labels, s).whole for row in rows):
            break
    return size


def _counts_room(pc: PanelContext, row: CourtLine, name_size: int) -> pygame.Rect:
    """The room right of a row's name, at ``name_size``, for its folded counts."""
    name = fit_text(pc.names[row.seat], "heading", name_size, max(10, row.text_right - row.name_x))
    left = row.name_x + name.get_width() + round(6 * pc.scale)
    return pygame.Rect(left, row.rect.top, row.text_right - left, row.rect.height)


def _draw_court_row(surface: pygame.Surface, pc: PanelContext, row: CourtLine, folded: int | None) -> None:
    """A court row: its crest, name, counts and marks; on one line at ``folded`` (the name's size) if given."""
    s, view = pc.scale, pc.view
    st = view.state
    i, r = row.seat, row.rect
    if i == view.seat:
        pygame.draw.rect(surface, PARCHMENT_LIGHT, r, border_radius=round(4 * s))
    if i == st.decider and not st.over:
        pygame.draw.rect(surface, ROYAL_BLUE, r, max(1, round(1.5 * s)), border_radius=round(4 * s))
    draw_crest_badge(surface, (r.left + row.badge // 2 + round(2 * s), r.centery), row.badge, pc.styles[i])
    for img, rect in row.marks:
        surface.blit(img, rect)
    nx, width = row.name_x, max(10, row.text_right - row.name_x)
    if folded is not None:  # large text: one line, the counts folded beside the name as pictures (the tooltip
        # says the title)
        name_img = fit_text(pc.names[i], "heading", folded, width)
        surface.blit(name_img, name_img.get_rect(midleft=(nx, r.centery)))
        room = _counts_room(pc, row, folded)
        _draw_counts(surface, room, row.labels, _count_layout(room, row.labels, s))
        return
    p = st.players[i]
    tname = TITLE_NAMES[p.title] if p.title is not None else _("(title returned)")
    _money, tiles, cards, bribes = row.counts
    counts = [npgettext("short", "{n} tile", "{n} tiles", tiles).format(n=tiles),  # a narrow row: short words
              npgettext("short", "{n} card", "{n} cards", cards).format(n=cards),
              npgettext("short", "{n} bribe", "{n} bribes", bribes).format(n=bribes)]
    name_img = fit_text(pc.names[i], "heading", round(15 * s), width)
    words = [row.labels[0], *counts]
    line_h = assets.font("body", round(13 * s)).get_height()
    top = r.centery - (name_img.get_height() + line_h) // 2  # the two lines apart: no descender touches
    surface.blit(name_img, (nx, top))
    # the title beside the name where it fits there (on the baseline of the name), else after the counts
    title_img = text(tname, "body", round(13 * s), MUTED)
    title_x = nx + name_img.get_width() + round(6 * s)
    beside = title_x + title_img.get_width() <= nx + width
    if beside:
        rise = assets.font("heading", round(15 * s)).get_ascent() - assets.font("body", round(13 * s)).get_ascent()
        surface.blit(title_img, (title_x, top + rise))
    second = top + name_img.get_height() - round(1 * s)
    if not fits(" · ".join(words), "body", round(13 * s), width):  # the counts as pictures rather than lose one
        room = pygame.Rect(nx, second, width, line_h)
        _draw_counts(surface, room, row.labels, _count_layout(room, row.labels, s))
        return
    # the counts first (the money as every player can count it), the title if it is not beside the name and
    # there is room: it is on the screen and in the tooltip
    surface.blit(fit_parts(words if beside else [*words, tname], "body", round(13 * s), width, MUTED), (nx, second))


#: the pictures of a court row's counts where they fold beside the name: tiles behind the screen, scandal
#: cards, bribes (the money comes first, written as money: a coin's picture would show its own value)
COUNT_ART = ("screen", "card-back", "bribe")


class CountLayout(NamedTuple):
    """How a court row's folded counts are drawn: text and picture sizes, each count's width, the gap between."""

    size: int
    icon: int
    widths: list[int]
    gap: int
    whole: bool  # all of them fit


def _count_layout(room: pygame.Rect, labels: list[str], s: float) -> CountLayout:
    """The counts in ``room`` as large as all of them then fit, down to the smallest readable size."""
    gap = round(2 * s)
    design = within(12 * s, room.height / 1.3)
    for size in range(design, smallest_size(design) - 1, -1):
        icon = min(room.height, round(size * assets.text_scale() * 1.05))
        widths = [assets.font("ui", size).size(label)[0] + (icon if i else 0) for i, label in enumerate(labels)]
        whole = sum(widths) + gap * (len(widths) - 1) <= room.width
        if whole:
            break
    return CountLayout(size, icon, widths, gap, whole)


def _draw_counts(surface: pygame.Surface, room: pygame.Rect, labels: list[str], layout: CountLayout) -> None:
    """The money, then each count as its picture and number, left to right in ``room``: as many as fit whole."""
    x = room.left
    for name, label, width in zip((None, *COUNT_ART), labels, layout.widths, strict=True):
        if x + width > room.right:
            return
        if name:
            surface.blit(art(name, layout.icon), (x, room.centery - layout.icon // 2))
        digits = text(label, "ui", layout.size, MUTED)
        surface.blit(digits, digits.get_rect(midright=(x + width, room.centery)))
        x += width + layout.gap
