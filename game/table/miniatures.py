"""The other estates as live miniatures under the big one: one card per seat not shown large (click to
show it large), with title, VP, the Queen and knights; where the viewer's knight may go, the regions glow."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pygame

from game.i18n import N_, Words, _, ngettext
from game.table.estate_draw import EstateGeometry, draw_crest_badge, draw_estate, estate_geometry
from game.table.panel import PanelContext, PanelLayout, Pointing
from game.table.part import Click, Part, PartEvent, ShowEstate
from game.table.targets import KnightTarget, Miniature, Region
from game.ui import assets, widgets
from game.ui.draw import art, fit_text, fits, text
from game.ui.pieces import TITLE_NAMES
from game.ui.theme import GOLD, GOLD_DARK, MUTED, PANEL, PARCHMENT_LIGHT
from rules import MoveKnight, PlaceKnight, RegionKind, board

#: a card's crest, design pixels across
CREST = 20
#: the knight's target on another estate, by the kind of region (one whole sentence each)
SEND_KNIGHT = Words({RegionKind.FARM: N_("Send your knight to {player}'s farm."),
                     RegionKind.FOREST: N_("Send your knight to {player}'s forest."),
                     RegionKind.GARDEN: N_("Send your knight to {player}'s garden.")})


@attrs.frozen(eq=False)
class MiniCard:
    seat: int
    rect: pygame.Rect
    geo: EstateGeometry  # the miniature estate inside the card
    name_size: int = 0  # the design size of its head's lines
    name_lines: tuple[str, ...] = ()  # the name (with the title beside it where both fit), folded where it is long
    title_below: bool = False  # the title at the card's foot (the name alone up top)


@attrs.define(eq=False)
class MiniaturesLayout(PanelLayout):
    cards: list[MiniCard] = attrs.field(factory=list)
    knight_targets: tuple[tuple[int, int], ...] = ()  # (owner, region) where the viewer's knight may go
    marks_below: bool = False  # every card's VP and Queen at its foot (some name would not fit beside them)

    def pointed(self, mouse: tuple[int, int]) -> tuple[int, ...]:
        return tuple(card.seat for card in self.cards if card.rect.collidepoint(mouse))  # the card lit up


def _knights_home(pc: PanelContext, seat: int) -> pygame.Surface:
    knights = len(pc.view.state.players[seat].knights)
    home = board.KNIGHTS_PER_PLAYER - knights
    return text(ngettext("knights {count} at home", "knights {count} at home", home).format(count=home), "ui",
                round(12 * pc.scale), MUTED)


def layout_miniatures(pc: PanelContext, shown: int, knight_targets: tuple[tuple[int, int], ...]) -> MiniaturesLayout:
    """A card for every seat but ``shown`` (the one shown large)."""
    s, st, rect = pc.scale, pc.view.state, pc.rect
    lay = MiniaturesLayout(knight_targets=knight_targets)
    seats = [i for i in range(st.n) if i != shown]
    if not seats:
        return lay
    gap = round(6 * s)
    w = (rect.width - gap * (len(seats) - 1)) // len(seats)
    rects = {seat: pygame.Rect(rect.left + k * (w + gap), rect.top, w, rect.height) for k, seat in enumerate(seats)}
    # the VP and the Queen at the foot of every card where some noble's name would not fit beside them: the cards
    # alike, not one of them laid out apart
    lay.marks_below = any(_marks_below(pc, seat, r) for seat, r in rects.items())
    heads = {seat: _head_lines(pc, seat, r, lay.marks_below) for seat, r in rects.items()}
    # the estates under the longest name's lines, alike on every card
    head_h = max(_head_height(s), *(round(6 * s) + _lines_height(size, lines, s) for size, lines, _below in
                                    heads.values()))
    for seat, r in rects.items():
        p = st.players[seat]
        body = pygame.Rect(
            r.left + round(6 * s),
            r.top + head_h + round(4 * s),
            r.width - round(12 * s),
            r.height - head_h - round(10 * s) - _knights_home(pc, seat).get_height(),
        )
        geo = estate_geometry(p.estate, body, margin=0.2, max_cell=round(30 * s))
        size, lines, below = heads[seat]
        lay.cards.append(MiniCard(seat, r, geo, size, tuple(lines), below))
        tname = TITLE_NAMES[p.title] if p.title is not None else "—"
        tip = (_("{name}'s estate: {tiles}, {regions}, {vp} VP, {title}, holds the Queen. Click to view it large.")
               if seat == st.queen else
               _("{name}'s estate: {tiles}, {regions}, {vp} VP, {title}. Click to view it large.")).format(
            name=pc.names[seat], vp=p.vp, title=tname,
            tiles=ngettext("{n} tile", "{n} tiles", len(p.estate.tiles)).format(n=len(p.estate.tiles)),
            regions=ngettext("{n} region", "{n} regions", len(p.estate.regions)).format(n=len(p.estate.regions)))
        lay.regions.append(Region(r, Miniature(seat), tip, clickable=True))
        for owner, region in knight_targets:
            if owner != seat:
                continue
            kind, anchor = p.estate.regions[region]
            cr = pygame.Rect(geo.cell_rect(anchor).topleft, (2 * geo.cell, 2 * geo.cell))
            tip = SEND_KNIGHT[kind].format(player=pc.names[owner])
            lay.regions.append(Region(cr, KnightTarget(owner, region), tip, clickable=True, topic="knights"))
    return lay


@attrs.define(eq=False)
class MiniaturesPart(Part):
    """The miniatures as a part: a click on one shows that estate large; a click on a glowing region sends the
    viewer's knight there. It holds no state of its own (which estate is large is the estate's)."""

    name: ClassVar[str] = "miniatures"

    def process_event(self, event: PartEvent) -> bool:
        if not isinstance(event, Click):
            return False
        target = event.region.target
        if isinstance(target, Miniature):
            self.host.ask(ShowEstate(target.seat))
        elif isinstance(target, KnightTarget):
            wanted = (target.owner, target.region)
            self.host.do(next(a for a in self.host.now().legal
                              if isinstance(a, PlaceKnight | MoveKnight) and (a.owner, a.region) == wanted))
        else:
            return False
        return True


def _head_height(s: float) -> int:
    """The height of a card's head: its name and, beside it, its VP (:func:`_draw_card`), at the text size chosen,
    so that the estate under it does not cover their letters."""
    vp_foot = round(4 * s) + assets.font("heading", round(15 * s)).get_height()
    name_foot = round(6 * s) + assets.font("heading", round(14 * s)).get_height()
    return max(round(24 * s), vp_foot, name_foot)


def draw_miniatures(surface: pygame.Surface, pc: PanelContext, lay: MiniaturesLayout) -> None:
    for card in lay.cards:
        _draw_card(surface, pc, lay, card, lay.marks_below)


def _marks(pc: PanelContext, seat: int) -> tuple[pygame.Surface, pygame.Surface | None]:
    """A card's VP and, for her holder, the Queen."""
    s, st = pc.scale, pc.view.state
    vp = text(_("{vp} VP").format(vp=st.players[seat].vp), "heading", round(15 * s), GOLD_DARK)
    return vp, art("queen", round(20 * s)) if seat == st.queen else None


def _name_x(pc: PanelContext, rect: pygame.Rect) -> int:
    """Where a card's name starts: right of its crest."""
    return rect.left + round(12 * pc.scale) + round(CREST * pc.scale)


def _name_room(pc: PanelContext, seat: int, rect: pygame.Rect, marks_beside: bool) -> int:
    """The width a card's name has: to the card's edge, or to its VP and Queen where they stand beside it."""
    s = pc.scale
    marks = 0
    if marks_beside:
        vp, queen = _marks(pc, seat)
        marks = vp.get_width() + round(3 * s) + (queen.get_width() + round(2 * s) if queen is not None else 0)
    return max(10, rect.right - round(8 * s) - marks - _name_x(pc, rect))


def _marks_below(pc: PanelContext, seat: int, rect: pygame.Rect) -> bool:
    """Whether the card's name would not fit beside its VP and Queen (a narrow card)."""
    return not fits(pc.names[seat], "heading", round(14 * pc.scale), _name_room(pc, seat, rect, marks_beside=True))


def _head_lines(pc: PanelContext, seat: int, rect: pygame.Rect, marks_below: bool) -> tuple[int, list[str], bool]:
    """A card's head: the name and its title on one line where both fit at full size; else the name alone (the
    title moves to the foot of the card), smaller where it is long, and folded at its spaces where even the
    smallest size would not hold it in one line (never cut). Returns the design size, the lines, and whether the
    title goes below."""
    s, p = pc.scale, pc.view.state.players[seat]
    room = _name_room(pc, seat, rect, marks_beside=not marks_below)
    tname = TITLE_NAMES[p.title] if p.title is not None else "—"
    both = f"{pc.names[seat]} · {tname}"
    if text(both, "heading", round(14 * s)).get_width() <= room:
        return round(14 * s), [both], False
    size, lines, _whole = widgets.name_block(pc.names[seat], round(14 * s), room)
    return size, lines, True


def _lines_height(size: int, lines: list[str], s: float) -> int:
    """How high a card's head lines stand."""
    return len(lines) * assets.font("heading", size).get_height() - (len(lines) - 1) * round(2 * s)


def mark_miniatures(surface: pygame.Surface, pc: PanelContext, lay: MiniaturesLayout, pointing: Pointing) -> None:
    """Over the miniatures' picture: the card of the seat a hovered line of the chronicle is about."""
    for card in lay.cards:
        if card.seat == pointing.seat:
            pygame.draw.rect(surface, GOLD, card.rect, max(2, round(3 * pc.scale)), border_radius=round(6 * pc.scale))


def _draw_card(surface: pygame.Surface, pc: PanelContext, lay: MiniaturesLayout, card: MiniCard,
               marks_below: bool) -> None:
    s, st, r, seat = pc.scale, pc.view.state, card.rect, card.seat
    p = st.players[seat]
    widgets.panel(surface, r, s, fill=PARCHMENT_LIGHT if r.collidepoint(pc.mouse) else PANEL, shadow=True)
    crest_d = round(CREST * s)
    centre = (r.left + round(8 * s) + crest_d // 2, r.top + round(6 * s) + crest_d // 2)
    draw_crest_badge(surface, centre, crest_d, pc.styles[seat])
    nx = _name_x(pc, r)
    vp, queen = _marks(pc, seat)
    tname = TITLE_NAMES[p.title] if p.title is not None else "—"
    room = _name_room(pc, seat, r, marks_beside=not marks_below)
    if not marks_below:
        _draw_marks(surface, vp, queen, (r.right - round(8 * s), r.top + round(4 * s)), s, "top")
    y = r.top + round(6 * s)
    for line in card.name_lines:
        nm = fit_text(line, "heading", card.name_size, room)
        surface.blit(nm, (nx, y))
        y += nm.get_height() - round(2 * s)
    title_below = card.title_below
    highlights = {}
    for owner, region in lay.knight_targets:
        if owner == seat:
            for cell in p.estate.region_cells(region):
                highlights[cell] = GOLD
    draw_estate(surface, p.estate, card.geo, players=pc.styles, highlights=highlights or None, shadow=False,
                grid=False)
    kn = _knights_home(pc, seat)
    kx, ky = r.left + round(8 * s), r.bottom - kn.get_height() - round(5 * s)
    ksize = max(10, kn.get_height() + round(2 * s))
    for k in range(board.KNIGHTS_PER_PLAYER):
        helmet = art("knight", ksize, pc.styles[seat].colour)
        if k >= board.KNIGHTS_PER_PLAYER - len(p.knights):
            helmet = helmet.copy()
            helmet.set_alpha(70)  # out on another estate
        surface.blit(helmet, (kx, ky - round(2 * s)))
        kx += ksize
    foot_right = r.right - round(8 * s)
    if marks_below:
        foot_right = _draw_marks(surface, vp, queen, (foot_right, ky + kn.get_height()), s, "bottom")
    home = board.KNIGHTS_PER_PLAYER - len(p.knights)
    words = ngettext("{count} at home", "{count} at home", home).format(count=home)
    left = kx + round(3 * s)
    if fits(words, "ui", round(12 * s), foot_right - left):  # else the helmets alone say it
        kn = fit_text(words, "ui", round(12 * s), foot_right - left, MUTED)
        surface.blit(kn, (left, ky))
        left += kn.get_width() + round(6 * s)
    # the title at the foot where it fits whole (not with five seats in the smallest window: the court and the
    # tooltip name it)
    foot = foot_right - left
    if title_below and p.title is not None and fits(tname, "italic", round(12 * s), foot):
        tl = fit_text(tname, "italic", round(12 * s), foot, MUTED)
        surface.blit(tl, tl.get_rect(bottomright=(foot_right, ky + kn.get_height())))


def _draw_marks(surface: pygame.Surface, vp: pygame.Surface, queen: pygame.Surface | None, corner: tuple[int, int],
                s: float, edge: str) -> int:
    """The VP and, left of it, the Queen, their ``edge`` ("top" or "bottom") right corner at ``corner``; returns
    the x left of them."""
    anchor = "topright" if edge == "top" else "bottomright"
    vr = vp.get_rect(**{anchor: corner})
    surface.blit(vp, vr)
    right = vr.left - round(3 * s)
    if queen is not None:
        qr = queen.get_rect(**{anchor: (right, corner[1])})
        surface.blit(queen, qr)
        right = qr.left - round(2 * s)
    return right
