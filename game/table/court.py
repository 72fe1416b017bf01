"""The court on the board panel: a row for each noble in seat order, with the crest, the name, what is behind
the screen (R-TURN-5: money, tiles, scandal cards, bribes), and at the right the VP, the Queen and the prestige
placed at a ball under way.

A row says the same facts at every window and text size; only how it says them changes:

- ``lines``: the name (and the title beside it) over the counts in words, or as pictures where words are too long;
- ``folded``: one line, the counts as pictures beside the name, the names one size (they give way first);
- ``stacked``: where one line cannot hold a name and all its counts (a long name, the Queen, two-digit counts at
  a large text size in a small window), two small lines: the name and the marks, then the counts under the name,
  as wide as the row. The board makes the room for it (:func:`holds` tells it to).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.i18n import _, money, ngettext, npgettext
from game.table.estate_draw import draw_crest_badge
from game.table.panel import PanelContext, Pointing
from game.table.targets import CourtRow, Region
from game.ui import assets
from game.ui.draw import art, fit_parts, fit_text, fits, smallest_size, text, within
from game.ui.pieces import TITLE_NAMES
from game.ui.theme import GOLD, GOLD_DARK, MUTED, OXBLOOD, PARCHMENT_LIGHT, ROYAL_BLUE
from rules import PlayerView, board

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.table.board_layout import BoardLayout


def least_row(s: float) -> int:
    """The lowest court row: a name at the smallest readable size."""
    return assets.font("heading", within(15 * s, 0)).get_linesize() + round(2 * s)


def stacked_row(s: float) -> int:
    """The lowest court row of two lines: a name at the smallest readable size, its counts under it."""
    return assets.font("heading", within(15 * s, 0)).get_ascent() + round(1 * s) + _counts_line(s) + round(2 * s)


def _counts_line(s: float) -> int:
    """The height of a line of counts as pictures at the smallest readable size."""
    return assets.font("ui", within(12 * s, 0)).get_height()


def layout_court(pc: PanelContext, lay: BoardLayout, y: int, bottom: int, least: int) -> None:
    """The rows from ``y`` to ``bottom``, each at least ``least`` high, as high as two lines of words need at most."""
    s, view = pc.scale, pc.view
    st = view.state
    lines = assets.font("heading", round(15 * s)).get_linesize() + assets.font("body", round(13 * s)).get_linesize()
    row_h = max(least, min(max(round(40 * s), lines + round(2 * s)), (bottom - y) // max(1, st.n)))
    for i in range(st.n):  # in seat order, as they sit: a row never moves during the game
        r = pygame.Rect(lay.x, y, lay.width, row_h - round(2 * s))
        lay.court.append((i, r))
        tip = court_tip(pc, i)
        lay.regions.append(Region(r, CourtRow(i), tip, topic="ball"))
        y += row_h


def court_tip(pc: PanelContext, i: int) -> str:
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
    prestige = ball_place(view, i)
    if prestige is not None:
        tip += " " + _("Prestige at this ball: {prestige}.").format(prestige=prestige)
    return tip


def ball_place(view: PlayerView, seat: int) -> int | None:
    """Where ``seat`` placed its prestige marker at the ball under way (None: not placed, or no ball)."""
    ball = view.state.ball
    if ball is not None and seat < len(ball.places) and ball.places[seat] >= 0:
        return ball.places[seat]
    return None


class CourtLine(NamedTuple):
    """What a court row shows, measured before any row is drawn (their names share one size)."""

    seat: int
    rect: pygame.Rect
    badge: int  # the crest's diameter
    marks: list[tuple[pygame.Surface, pygame.Rect]]  # at the right: VP, the Queen, the prestige placed at a ball
    name_x: int
    text_right: int  # where the marks begin
    counts: tuple[int, int, int, int]  # behind the screen (R-TURN-5): money, tiles, cards, bribes
    first_line: bool = False  # a stacked row's marks beside its name (its counts as wide as the row)
    second_line: bool = False  # a stacked row's marks beside its counts (its name as wide as the row)

    @property
    def labels(self) -> list[str]:
        return [money(self.counts[0]), *(str(n) for n in self.counts[1:])]


def court_rows(pc: PanelContext, lay: BoardLayout) -> list[CourtLine]:
    """Each row's parts, measured. The marks stand in the middle of a row; in a stacked row whose counts would
    reach under them, beside the name on its first line; in one whose name would not fit beside them at the
    smallest readable size (a long name), beside the counts on its second line."""
    s, view = pc.scale, pc.view
    rows = []
    for i, r in lay.court:
        badge_d = min(r.height - round(4 * s), round(30 * s))
        name_x = r.left + badge_d + round(7 * s)
        counts = (view.money_counts[i], view.tile_counts[i], view.card_counts[i], view.bribe_counts[i])
        marks, right = _marks(pc, i, r)
        row = CourtLine(i, r, badge_d, marks, name_x, right, counts)
        if lay.stacked and not count_layout(_stacked_counts_room(row, s), row.labels, s).whole:
            slack = _stacked_slack(r, s)
            marks, right = _marks(pc, i, pygame.Rect(r.left, r.top + slack, r.width,
                                                     r.height - 2 * slack - _counts_line(s)))
            row = row._replace(marks=marks, text_right=right, first_line=True)
        elif lay.stacked and not fits(pc.names[i], "heading", smallest_size(_stacked_design(r, s)),
                                      row.text_right - row.name_x):
            room = _stacked_counts_room(row, s)
            marks, right = _marks(pc, i, pygame.Rect(r.left, room.top, r.width, room.height))
            below = row._replace(marks=marks, text_right=right, second_line=True)
            if count_layout(_stacked_counts_room(below, s), row.labels, s).whole:
                row = below
        rows.append(row)
    return rows


def _marks(pc: PanelContext, i: int, band: pygame.Rect) -> tuple[list[tuple[pygame.Surface, pygame.Rect]], int]:
    """Seat ``i``'s marks at the right of ``band``, from the right: VP, the Queen, the prestige placed at a ball;
    and where they begin."""
    s, view = pc.scale, pc.view
    st = view.state
    vp = text(str(st.players[i].vp), "heading", within(21 * s, band.height / 1.3), GOLD_DARK)
    vp_rect = vp.get_rect(midright=(band.right - round(4 * s), band.centery))
    vp_icon = art("icon-vp", min(round(18 * s), band.height))
    vp_icon_rect = vp_icon.get_rect(midright=(vp_rect.left - round(1 * s), band.centery))
    marks = [(vp, vp_rect), (vp_icon, vp_icon_rect)]
    right = vp_icon_rect.left - round(4 * s)
    if i == st.queen:
        q = art("queen", min(round(22 * s), band.height))
        marks.append((q, q.get_rect(midright=(right, band.centery))))
        right = marks[-1][1].left - round(2 * s)
    prestige = ball_place(view, i)
    if prestige is not None:
        pr = text(f"✦{prestige}", "ui-bold", round(12 * s), OXBLOOD)
        marks.append((pr, pr.get_rect(midright=(right, band.centery))))
        right = marks[-1][1].left - round(3 * s)
    return marks, right


def _stacked_slack(r: pygame.Rect, s: float) -> int:
    """The room above and below a stacked row's two lines (they stand in its middle)."""
    return max(0, (r.height - stacked_row(s) + round(2 * s)) // 2)


def _stacked_counts_room(row: CourtLine, s: float) -> pygame.Rect:
    """Where a stacked row's counts go: its second line, under the name, up to the marks (as wide as the row
    where the marks stand beside the name)."""
    r = row.rect
    right = r.right - round(4 * s) if row.first_line else row.text_right
    return pygame.Rect(row.name_x, r.bottom - _stacked_slack(r, s) - _counts_line(s), right - row.name_x,
                       _counts_line(s))


def _stacked_name_room(row: CourtLine, s: float) -> int:
    """How wide a stacked row's name may be: up to the marks, or the row's end where they stand on the counts'
    line."""
    return (row.rect.right - round(4 * s) if row.second_line else row.text_right) - row.name_x


def _stacked_design(r: pygame.Rect, s: float) -> int:
    """The design size of a stacked row's name: as large as its line holds."""
    return within(15 * s, (r.height - 2 * _stacked_slack(r, s) - _counts_line(s) - round(1 * s)) / 1.05)


def _two_lines(s: float, row_h: int) -> bool:
    """A row this high holds a name over a line of words at their full sizes."""
    return (assets.font("heading", round(15 * s)).get_height() + assets.font("body", round(13 * s)).get_height()
            - round(1 * s) <= row_h)


def holds(pc: PanelContext, lay: BoardLayout) -> bool:
    """Every row of ``lay`` shows its name whole and all its counts, in words under its name or as pictures beside
    it (else the board lays the court out stacked, where a long name may take the row's width)."""
    s = pc.scale
    rows = court_rows(pc, lay)
    if not rows:
        return True
    if _two_lines(s, rows[0].rect.height):
        line_h = assets.font("body", round(13 * s)).get_height()
        return all(fits(pc.names[row.seat], "heading", round(15 * s), row.text_right - row.name_x)
                   and (fits(" · ".join(_count_words(row)), "body", round(13 * s), row.text_right - row.name_x)
                        or count_layout(pygame.Rect(0, 0, row.text_right - row.name_x, line_h), row.labels, s).whole)
                   for row in rows)
    size = _folded_name_size(pc, rows)
    return all(fits(pc.names[row.seat], "heading", size, row.text_right - row.name_x)
               and count_layout(_counts_room(pc, row, size), row.labels, s).whole for row in rows)


def draw_court(surface: pygame.Surface, pc: PanelContext, lay: BoardLayout) -> Iterator[None]:
    """The court's rows, a step each."""
    s = pc.scale
    rows = court_rows(pc, lay)
    if not rows:
        return
    if lay.stacked:
        size = _stacked_name_size(pc, rows)
        for row in rows:
            yield
            _draw_stacked_row(surface, pc, row, size)
        return
    folded = None if _two_lines(s, rows[0].rect.height) else _folded_name_size(pc, rows)
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
        if all(count_layout(_counts_room(pc, row, size), row.labels, s).whole for row in rows):
            break
    return size


def _counts_room(pc: PanelContext, row: CourtLine, name_size: int) -> pygame.Rect:
    """The room right of a row's name, at ``name_size``, for its folded counts (none where the name alone takes the
    row: a folded name is never cut)."""
    left = row.name_x + assets.font("heading", name_size).size(pc.names[row.seat])[0] + round(6 * pc.scale)
    return pygame.Rect(left, row.rect.top, row.text_right - left, row.rect.height)


def _stacked_name_size(pc: PanelContext, rows: list[CourtLine]) -> int:
    """The size of every name of stacked rows: the largest, down to the smallest readable one, at which each fits
    its row's first line (beside its marks, or the row's width where they stand on the second)."""
    s = pc.scale
    design = _stacked_design(rows[0].rect, s)
    size = design
    for size in range(design, smallest_size(design) - 1, -1):
        if all(fits(pc.names[row.seat], "heading", size, _stacked_name_room(row, s)) for row in rows):
            break
    return size


def _draw_frame(surface: pygame.Surface, pc: PanelContext, row: CourtLine) -> None:
    """A row's ground (the viewer's lighter, the decider's framed), its crest and its marks."""
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


def _draw_stacked_row(surface: pygame.Surface, pc: PanelContext, row: CourtLine, size: int) -> None:
    """A row in two small lines: the name (the marks beside it), then the counts as pictures under it."""
    s = pc.scale
    _draw_frame(surface, pc, row)
    room = _stacked_counts_room(row, s)
    name = fit_text(pc.names[row.seat], "heading", size, max(10, _stacked_name_room(row, s)))
    # the name's baseline just over the counts (its descenders may reach their line, whose digits stand lower)
    surface.blit(name, (row.name_x, room.top - round(1 * s) - assets.font("heading", size).get_ascent()))
    draw_counts(surface, room, row.labels, count_layout(room, row.labels, s))


def _count_words(row: CourtLine) -> list[str]:
    """A row's money and counts in short words (a narrow row)."""
    _money, tiles, cards, bribes = row.counts
    return [row.labels[0], npgettext("short", "{n} tile", "{n} tiles", tiles).format(n=tiles),
            npgettext("short", "{n} card", "{n} cards", cards).format(n=cards),
            npgettext("short", "{n} bribe", "{n} bribes", bribes).format(n=bribes)]


def _draw_court_row(surface: pygame.Surface, pc: PanelContext, row: CourtLine, folded: int | None) -> None:
    """A court row: its crest, name, counts and marks; on one line at ``folded`` (the name's size) if given."""
    s, view = pc.scale, pc.view
    st = view.state
    i, r = row.seat, row.rect
    _draw_frame(surface, pc, row)
    nx, width = row.name_x, max(10, row.text_right - row.name_x)
    if folded is not None:  # large text: one line, the counts folded beside the name as pictures (the tooltip
        # says the title)
        name_img = fit_text(pc.names[i], "heading", folded, width)
        surface.blit(name_img, name_img.get_rect(midleft=(nx, r.centery)))
        room = _counts_room(pc, row, folded)
        draw_counts(surface, room, row.labels, count_layout(room, row.labels, s))
        return
    p = st.players[i]
    tname = TITLE_NAMES[p.title] if p.title is not None else _("(title returned)")
    name_img = fit_text(pc.names[i], "heading", round(15 * s), width)
    words = _count_words(row)
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
        draw_counts(surface, room, row.labels, count_layout(room, row.labels, s))
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


def count_layout(room: pygame.Rect, labels: list[str], s: float) -> CountLayout:
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


def draw_counts(surface: pygame.Surface, room: pygame.Rect, labels: list[str], layout: CountLayout) -> None:
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
