"""Rectangles computed from the window size.  Pure functions, no pygame display needed.

Every function first clamps the window to :data:`MIN_SIZE` (the logical size);
drawing into a smaller real window simply clips, so odd sizes never crash.

Main entry points:

``logical_size(size)``          the size layouts are computed for
``table_layout(size)``          the 16:9 table of ART.md -> :class:`TableLayout`
``menu_layout(size, n)``        title menu: heading area + a column of ``n`` buttons
``reference_layout(size)``      rules reference: heading, topic list, text, footer
``form_layout(size, rows)``     settings: a centred panel with label/field rows
``centered(size, w, h)``        a rect of at most w x h centred in the window
"""

from __future__ import annotations

import attrs
from pygame import Rect

MIN_SIZE = (960, 600)
#: a window larger than this in either direction is laid out as if it were this big
#: (then centred) - nothing useful comes of 30000-pixel-wide buttons
MAX_SIZE = (7680, 4320)


def logical_size(size: tuple[int, int]) -> tuple[int, int]:
    """The window size clamped to [MIN_SIZE, MAX_SIZE]; garbage becomes MIN_SIZE."""
    try:
        w, h = int(size[0]), int(size[1])
    except (TypeError, ValueError, IndexError):
        return MIN_SIZE
    return (max(MIN_SIZE[0], min(MAX_SIZE[0], w)), max(MIN_SIZE[1], min(MAX_SIZE[1], h)))


def scale_for(size: tuple[int, int]) -> float:
    """Design scale (1.0 at 1280x720), from the height, limited by the width.

    Clamped to [0.85, 2.6] and rounded to steps of 0.05 (so small resizes
    don't re-theme); very tall, narrow windows don't get huge text.
    """
    w, h = logical_size(size)
    raw = max(0.85, min(2.6, min(h / 720, w / 1100)))
    return round(raw * 20) / 20


def _clamp(value: float, low: float, high: float) -> int:
    return int(max(low, min(high, value)))


def centered(size: tuple[int, int], width: int, height: int) -> Rect:
    """A rect at most ``width`` x ``height`` centred in the (logical) window."""
    w, h = logical_size(size)
    rw, rh = max(1, min(width, w)), max(1, min(height, h))
    return Rect((w - rw) // 2, (h - rh) // 2, rw, rh)


@attrs.frozen
class TableLayout:
    """The table regions (ART.md "The table at 16:9").

    ``track``       round track strip across the top
    ``board``       left column: building rows, church, bribes, VP and prestige tracks
    ``estate``      centre: the estate of the player in front of the screen
    ``miniatures``  centre bottom: the other estates as live miniatures
    ``log``         right column: game log
    ``screen``      bottom left: the screen of the player in front
    ``actions``     bottom right: actions A–G
    ``gutter``      spacing used between regions (px); ``scale`` the design scale
    """

    window: Rect
    track: Rect
    board: Rect
    estate: Rect
    miniatures: Rect
    log: Rect
    screen: Rect
    actions: Rect
    gutter: int
    scale: float

    def regions(self) -> dict[str, Rect]:
        return {name: getattr(self, name)
                for name in ("track", "board", "estate", "miniatures", "log", "screen", "actions")}


def table_layout(size: tuple[int, int]) -> TableLayout:
    """Lay out the table for a window of ``size`` (see :class:`TableLayout`)."""
    w, h = logical_size(size)
    s = scale_for((w, h))
    g = max(4, round(6 * s))
    # a very wide window keeps 16:9-ish proportions for the columns' share of width
    track_h = _clamp(h * 0.085, 48, 120 * s)
    bottom_h = _clamp(h * 0.2, 120, 260 * s)
    board_w = _clamp(w * 0.24, 230, 560 * s)
    log_w = _clamp(w * 0.18, 200, 440 * s)
    # never let the side columns eat the centre
    centre_min = max(300, int(w * 0.4))
    excess = board_w + log_w + centre_min + 4 * g - w
    if excess > 0:
        board_w -= excess // 2
        log_w -= excess - excess // 2
    top = g + track_h + g
    mid_h = h - top - bottom_h - 2 * g
    track = Rect(g, g, w - 2 * g, track_h)
    board = Rect(g, top, board_w, mid_h)
    log = Rect(w - g - log_w, top, log_w, mid_h)
    centre_x = board.right + g
    centre_w = log.left - g - centre_x
    mini_h = _clamp(mid_h * 0.3, 90, 320 * s)
    estate = Rect(centre_x, top, centre_w, mid_h - mini_h - g)
    miniatures = Rect(centre_x, estate.bottom + g, centre_w, mini_h)
    bottom_y = top + mid_h + g
    actions_w = _clamp(w * 0.28, 260, 640 * s)
    screen = Rect(g, bottom_y, w - 3 * g - actions_w, bottom_h)
    actions = Rect(screen.right + g, bottom_y, actions_w, bottom_h)
    return TableLayout(window=Rect(0, 0, w, h), track=track, board=board, estate=estate,
                       miniatures=miniatures, log=log, screen=screen, actions=actions,
                       gutter=g, scale=s)


@attrs.frozen
class MenuLayout:
    """Title screen: ``frame`` (ornamented border), ``heading`` (name + ornament),
    ``buttons`` (one rect per menu entry, top to bottom), ``footer`` (credits line)."""

    frame: Rect
    heading: Rect
    buttons: tuple[Rect, ...]
    footer: Rect
    scale: float


def menu_layout(size: tuple[int, int], count: int) -> MenuLayout:
    w, h = logical_size(size)
    s = scale_for((w, h))
    margin = round(22 * s)
    frame = Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    footer_h = round(40 * s)
    footer = Rect(frame.left, frame.bottom - footer_h - round(14 * s), frame.width, footer_h)
    count = max(1, count)
    gap = round(10 * s)
    # the heading (crown, name, subtitle, rule) needs about 250 design px; keep it and the
    # buttons together as one block, centred when the window is tall
    heading_h = min(int(h * 0.36), round(250 * s) + max(0, int((h - 720 * s) * 0.05)))
    space_top = frame.top + round(10 * s)
    space_h = footer.top - round(8 * s) - space_top
    button_h = max(28, min(round(48 * s), (space_h - heading_h - gap * count) // count))
    total_buttons = button_h * count + gap * (count - 1)
    block = heading_h + round(8 * s) + total_buttons
    top = space_top + max(0, (space_h - block) // 2)
    heading = Rect(frame.left, top, frame.width, heading_h)
    button_w = min(round(320 * s), frame.width - 2 * margin)
    y = heading.bottom + round(8 * s)
    x = (w - button_w) // 2
    buttons = tuple(Rect(x, y + i * (button_h + gap), button_w, button_h) for i in range(count))
    return MenuLayout(frame=frame, heading=heading, buttons=buttons, footer=footer, scale=s)


@attrs.frozen
class ReferenceLayout:
    """Rules reference: ``heading`` strip, ``topics`` list on the left, ``text`` on the right,
    ``back`` button and ``footer`` hint line at the bottom."""

    frame: Rect
    heading: Rect
    topics: Rect
    text: Rect
    back: Rect
    footer: Rect
    scale: float


def reference_layout(size: tuple[int, int]) -> ReferenceLayout:
    w, h = logical_size(size)
    s = scale_for((w, h))
    margin = round(22 * s)
    pad = round(18 * s)
    frame = Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    heading = Rect(frame.left + pad, frame.top + round(12 * s), frame.width - 2 * pad, round(60 * s))
    bottom_h = round(46 * s)
    bottom_y = frame.bottom - pad - bottom_h
    body_top = heading.bottom + round(12 * s)
    body_h = bottom_y - round(12 * s) - body_top
    topics_w = _clamp(frame.width * 0.27, 220, 420 * s)
    topics = Rect(frame.left + pad, body_top, topics_w, body_h)
    text_x = topics.right + pad
    text = Rect(text_x, body_top, frame.right - pad - text_x, body_h)
    back = Rect(frame.left + pad, bottom_y, min(round(180 * s), topics_w), bottom_h)
    footer = Rect(back.right + pad, bottom_y, frame.right - pad - back.right - pad, bottom_h)
    return ReferenceLayout(frame=frame, heading=heading, topics=topics, text=text, back=back,
                           footer=footer, scale=s)


@attrs.frozen
class FormLayout:
    """Settings form: ``frame``, ``heading``, ``panel`` (parchment card), one (label, field)
    pair per row, and a row of ``buttons`` at the bottom (left to right)."""

    frame: Rect
    heading: Rect
    panel: Rect
    rows: tuple[tuple[Rect, Rect], ...]
    buttons: tuple[Rect, ...]
    scale: float


def form_layout(size: tuple[int, int], rows: int, buttons: int = 3) -> FormLayout:
    w, h = logical_size(size)
    s = scale_for((w, h))
    margin = round(22 * s)
    frame = Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    heading = Rect(frame.left, frame.top + round(10 * s), frame.width, round(70 * s))
    button_h = round(44 * s)
    pad = round(22 * s)
    panel_w = min(frame.width - 2 * pad, round(900 * s))
    panel_top = heading.bottom + round(6 * s)
    panel_bottom = frame.bottom - pad - button_h - round(14 * s)
    panel = Rect((w - panel_w) // 2, panel_top, panel_w, panel_bottom - panel_top)
    rows = max(1, rows)
    row_gap = round(10 * s)
    avail = panel.height - 2 * pad
    row_h = max(26, min(round(46 * s), (avail - row_gap * (rows - 1)) // rows))
    total = rows * row_h + (rows - 1) * row_gap
    # shrink the card around its rows, centred in the space it had
    fitted_h = min(panel.height, total + 2 * pad + round(16 * s))
    panel = Rect(panel.left, panel.top + (panel.height - fitted_h) // 2, panel.width, fitted_h)
    label_w = int(panel.width * 0.34)
    inner_x = panel.left + pad
    field_x = inner_x + label_w + pad
    field_w = panel.right - pad - field_x
    y0 = panel.top + max(pad // 2, (panel.height - total) // 2)
    row_rects = tuple(
        (Rect(inner_x, y0 + i * (row_h + row_gap), label_w, row_h),
         Rect(field_x, y0 + i * (row_h + row_gap), field_w, row_h))
        for i in range(rows)
    )
    buttons = max(1, buttons)
    bw = min(round(200 * s), (panel.width - (buttons - 1) * pad) // buttons)
    total_w = buttons * bw + (buttons - 1) * pad
    bx = (w - total_w) // 2
    by = panel.bottom + round(14 * s)
    button_rects = tuple(Rect(bx + i * (bw + pad), by, bw, button_h) for i in range(buttons))
    return FormLayout(frame=frame, heading=heading, panel=panel, rows=row_rects, buttons=button_rects,
                      scale=s)
