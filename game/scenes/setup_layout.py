"""Where everything on the new-game screen sits, worked out from the window size before anything is drawn.

The setup scene draws from this layout and finds its clickable regions in it, so a click is judged against
the same rectangles the player sees, whether or not a frame has been drawn yet.
"""

from __future__ import annotations

import attrs
import pygame

from game.i18n import _
from game.ui import assets, layout, widgets
from game.ui.draw import text

SEATS = 5  # rows shown: the largest table
KIND_COUNT = 4  # human, easy, normal, hard


@attrs.frozen
class SeatRow:
    """One seat's row: the crest badge (centre and diameter), the colour swatch, the name field and the
    four buttons for who plays it."""

    rect: pygame.Rect
    crest_centre: tuple[int, int]
    crest_size: int
    swatch: pygame.Rect
    name: pygame.Rect
    kinds: tuple[pygame.Rect, ...]

    @property
    def crest(self) -> pygame.Rect:
        d = self.crest_size
        return pygame.Rect(self.crest_centre[0] - d // 2, self.crest_centre[1] - d // 2, d, d)


@attrs.frozen
class SetupLayout:
    scale: float
    frame: pygame.Rect
    heading_top: int
    subheading_top: int
    card: pygame.Rect
    players_label: tuple[int, int]
    counts: tuple[pygame.Rect, ...]  # 3, 4 and 5 players
    first_game: pygame.Rect
    seed_label: tuple[int, int]
    seed_field: pygame.Rect
    rows: tuple[SeatRow, ...]
    start: pygame.Rect
    back: pygame.Rect
    hint: tuple[str, ...]  # the help's lines at the card's foot, each whole
    hint_size: int


def heading_sizes(s: float) -> tuple[int, int]:
    return round(50 * s), round(19 * s)


def players_label(s: float) -> pygame.Surface:
    """The "Players" label of the options' line (its height sets where the seat rows start)."""
    return text(_("Players"), "heading", round(20 * s))


def hint_text() -> str:
    return _("Click a crest or a colour to change it, and a name to type. Easy, Normal and Hard are computer "
             "players. Each player's private start (tiles, a scandal card) is chosen at the table.")


def setup_layout(window_size: tuple[int, int]) -> SetupLayout:
    w, h = layout.logical_size(window_size)
    s = layout.scale_for((w, h))
    frame = pygame.Rect(round(22 * s), round(22 * s), w - round(44 * s), h - round(44 * s))
    head_size, sub_size = heading_sizes(s)
    head_h = widgets.gold_text(_("A new game"), head_size).get_height()
    sub_h = text(_("Seat the nobles of the court"), "italic", sub_size).get_height()
    heading_top = frame.top + round(14 * s)
    y = frame.top + round(24 * s) + head_h + sub_h
    panel_w = min(frame.width - round(60 * s), round(980 * s))
    card = pygame.Rect(w // 2 - panel_w // 2, y, panel_w, frame.bottom - y - round(84 * s))
    options = _options(card, s)
    pad = round(16 * s)
    # the seat rows start under the options' line, lower where its labels are taller than its buttons (a large text)
    labels_bottom = options["players_label"][1] + players_label(s).get_height()
    top = max(card.top + pad + round(48 * s), labels_bottom + round(4 * s))
    # the help at the card's foot takes the lines it needs (three or more at a large text) and the rows share the
    # rest, down to what a row needs; where even then the help has no room, its last line that fits ends in "…"
    hint_size = max(assets.min_design_size(), round(15 * s))
    hint_font = assets.font("italic", hint_size)
    hint = widgets.wrap(hint_text(), hint_font, card.width - 2 * pad)
    hint_h = max(round(44 * s), len(hint) * hint_font.get_linesize() + round(8 * s))
    row_h = max(round(44 * s), min(round(64 * s), (card.bottom - pad - hint_h - top) // SEATS))
    # where the rows leave too little room, the help takes a smaller size (down to two thirds of its own, never under
    # the smallest readable size) before it is cut short
    for smaller in range(hint_size - 1, max(assets.min_design_size(), round(hint_size * 2 / 3)) - 1, -1):
        if len(hint) * hint_font.get_linesize() <= card.bottom - pad - top - SEATS * row_h:
            break
        hint_size, hint_font = smaller, assets.font("italic", smaller)
        hint = widgets.wrap(hint_text(), hint_font, card.width - 2 * pad)
    room = max(1, (card.bottom - pad - top - SEATS * row_h) // hint_font.get_linesize())
    if len(hint) > room:
        last = hint[room - 1]
        while " " in last and hint_font.size(last + " …")[0] > card.width - 2 * pad:
            last = last.rsplit(" ", 1)[0]
        hint = [*hint[:room - 1], last + " …"]
    rows = tuple(
        _seat_row(pygame.Rect(card.left + pad, top + i * row_h, card.width - 2 * pad, row_h - round(6 * s)), s)
        for i in range(SEATS)
    )
    bw, bh = round(220 * s), round(46 * s)
    by = frame.bottom - round(66 * s)
    return SetupLayout(
        scale=s, frame=frame, heading_top=heading_top, subheading_top=heading_top + head_h, card=card,
        **options, rows=rows,
        start=pygame.Rect(frame.centerx + round(10 * s), by, bw, bh),
        back=pygame.Rect(frame.centerx - round(10 * s) - bw, by, bw, bh),
        hint=tuple(hint), hint_size=hint_size,
    )


def _options(card: pygame.Rect, s: float) -> dict:
    """The number of players, first-game tiles and the seed, on one line at the top of the card."""
    pad = round(16 * s)
    x0, y0 = card.left + pad, card.top + pad
    label_w = players_label(s).get_width()
    bx = x0 + max(round(110 * s), label_w + round(12 * s))
    counts = tuple(pygame.Rect(bx + k * round(52 * s), y0, round(46 * s), round(32 * s)) for k in range(3))
    first = pygame.Rect(bx + round(180 * s), y0, round(220 * s), round(32 * s))
    sx = first.right + round(20 * s)
    seed = text(_("Seed"), "heading", round(18 * s))
    field_x = sx + seed.get_width() + round(8 * s)
    middle = y0 + round(32 * s) // 2  # the labels level with the buttons beside them (at a large text they sat lower)
    return {
        "players_label": (x0, middle - players_label(s).get_height() // 2), "counts": counts, "first_game": first,
        "seed_label": (sx, middle - seed.get_height() // 2),
        "seed_field": pygame.Rect(field_x, y0, card.right - pad - field_x, round(32 * s)),
    }


def _seat_row(r: pygame.Rect, s: float) -> SeatRow:
    d = r.height - round(10 * s)
    centre = (r.left + round(8 * s) + d // 2, r.centery)
    swatch = pygame.Rect(centre[0] + d // 2 + round(8 * s), r.centery - round(13 * s), round(26 * s), round(26 * s))
    nx = swatch.right + round(10 * s)
    kinds_w = round(KIND_COUNT * 92 * s)
    name = pygame.Rect(nx, r.centery - round(16 * s), r.right - round(10 * s) - kinds_w - nx - round(12 * s),
                       round(32 * s))
    kx = r.right - round(10 * s) - kinds_w
    kinds = tuple(pygame.Rect(kx + k * round(92 * s), r.centery - round(16 * s), round(86 * s), round(32 * s))
                  for k in range(KIND_COUNT))
    return SeatRow(r, centre, d, swatch, name, kinds)
