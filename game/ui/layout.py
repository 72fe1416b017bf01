"""Rectangles computed from the window size, and the one notion of scale.  No pygame display needed.

Scale, in one place (every screen draws through it):

- **Logical units** are the window's size as the player sees it, independent of the screen's density: a
  1280x720 window is 1280x720 units on a plain screen, on a Retina screen and on Windows at 150 %.
  Layouts are designed in units; :data:`MIN_SIZE` and :data:`MAX_SIZE` are in units.
- The **pixel ratio** (:func:`pixel_ratio`) is how many device pixels one unit takes: 1 on a plain screen,
  2 on Retina, 1.5 on Windows at 150 % display scaling; ``--pixel-ratio`` forces it for a run.
- Everything is **drawn in device pixels** (the window surface's real pixels, so text and art are crisp):
  a layout is computed in units and multiplied by the ratio; :func:`scale_for` returns the design scale of
  the logical size times the ratio, so a length of ``d`` design pixels is drawn ``d * scale_for(size)``
  pixels. Fonts are rasterised at that pixel size and SVG art rendered at it (and cached per size, so per
  ratio). The player's Text size (:func:`game.ui.assets.set_text_scale`) multiplies text on top.

Every function takes the window size in device pixels and first clamps its logical size to
:data:`MIN_SIZE`; drawing into a smaller real window simply clips, so odd sizes never crash.

Main entry points:

``pixel_ratio()``, ``set_pixel_ratio(r)``  device pixels per logical unit
``text_scale()``, ``set_text_scale(t)``    the player's Text size (``game.ui.assets`` sets it)
``units(size)``                 the logical size (units) of a window of ``size`` pixels, clamped
``logical_size(size)``          the size layouts are computed for, in pixels (``units`` times the ratio)
``table_layout(size)``          the 16:9 table of ART.md -> :class:`TableLayout`
``menu_layout(size, n)``        title menu: heading area + a column of ``n`` buttons
``reference_layout(size)``      rules reference: heading, topic list, text, footer
``form_layout(size, rows)``     settings: a centred panel with label/field rows
``centered(size, w, h)``        a rect of at most w x h centred in the window
``column(heights, top, bottom, gap)``  the tops of items stacked in a centred column, gaps shrinking to fit
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
from pygame import Rect

#: the smallest and largest window laid out, in logical units (a larger window is laid out as if it were this
#: big, then centred - nothing useful comes of 30000-pixel-wide buttons)
MIN_SIZE = (960, 600)
MAX_SIZE = (7680, 4320)
#: the pixel ratios the game draws at (``--pixel-ratio`` takes the same range)
RATIO_RANGE = (1.0, 3.0)

_ratio = 1.0
_text = 1.0


def text_scale() -> float:
    """The player's Text size (1.0 = 100 %): fonts are this much larger; layouts make room for them."""
    return _text


def set_text_scale(scale: float) -> None:
    global _text
    _text = max(0.5, min(3.0, float(scale)))


def pixel_ratio() -> float:
    """Device pixels per logical unit (1 on a plain screen, 2 on Retina)."""
    return _ratio


def set_pixel_ratio(ratio: float) -> None:
    """Draw at ``ratio`` device pixels per unit from now on (clamped to :data:`RATIO_RANGE`, in steps of 1/20)."""
    global _ratio
    _ratio = round(max(RATIO_RANGE[0], min(RATIO_RANGE[1], float(ratio))) * 20) / 20


def units(size: tuple[int, int]) -> tuple[int, int]:
    """The logical size of a window of ``size`` device pixels, clamped to [MIN_SIZE, MAX_SIZE]; garbage becomes
    MIN_SIZE."""
    try:
        w, h = round(int(size[0]) / _ratio), round(int(size[1]) / _ratio)
    except (TypeError, ValueError, IndexError):
        return MIN_SIZE
    return (max(MIN_SIZE[0], min(MAX_SIZE[0], w)), max(MIN_SIZE[1], min(MAX_SIZE[1], h)))


def logical_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size layouts are computed for, in device pixels: the window's clamped logical size times the ratio."""
    w, h = units(size)
    return (round(w * _ratio), round(h * _ratio))


def _design_scale(w: int, h: int) -> float:
    """Design scale of a logical size (1.0 at 1280x720), from the height, limited by the width.

    Clamped to [0.85, 2.6] and rounded to steps of 0.05 (so small resizes don't re-theme); very tall, narrow
    windows don't get huge text.
    """
    raw = max(0.85, min(2.6, min(h / 720, w / 1100)))
    return round(raw * 20) / 20


def scale_for(size: tuple[int, int]) -> float:
    """Device pixels per design pixel in a window of ``size`` device pixels: the design scale of its logical
    size times the pixel ratio."""
    return _design_scale(*units(size)) * _ratio


def to_pixels(rect: Rect, ratio: float) -> Rect:
    """A rect in units as device pixels (edges rounded, so rects that touch in units still touch)."""
    left, top = round(rect.left * ratio), round(rect.top * ratio)
    return Rect(left, top, round(rect.right * ratio) - left, round(rect.bottom * ratio) - top)


_Layout = TypeVar("_Layout")


def _scaled(value: Any, ratio: float) -> Any:
    if isinstance(value, Rect):
        return to_pixels(value, ratio)
    if isinstance(value, tuple):
        return tuple(_scaled(v, ratio) for v in value)
    return value


def in_pixels(compute: Callable[..., _Layout]) -> Callable[..., _Layout]:
    """A layout computed in logical units for a window of ``size`` device pixels, returned in device pixels:
    its rects (and tuples of them) times the ratio, its ``scale`` the device pixels per design pixel, its
    ``gutter`` in pixels."""

    @functools.wraps(compute)
    def at_ratio(size: tuple[int, int], *args: Any, **kwargs: Any) -> _Layout:
        laid = compute(units(size), *args, **kwargs)
        if _ratio == 1.0:
            return laid
        changes = {f.name: _scaled(getattr(laid, f.name), _ratio) for f in attrs.fields(type(laid))}
        if "scale" in changes:
            changes["scale"] = laid.scale * _ratio  # type: ignore[attr-defined]
        if "gutter" in changes:
            changes["gutter"] = round(laid.gutter * _ratio)  # type: ignore[attr-defined]
        return attrs.evolve(laid, **changes)  # type: ignore[misc]

    return at_ratio


def _clamp(value: float, low: float, high: float) -> int:
    return int(max(low, min(high, value)))


def centered(size: tuple[int, int], width: int, height: int) -> Rect:
    """A rect at most ``width`` x ``height`` centred in the (logical) window."""
    w, h = logical_size(size)
    rw, rh = max(1, min(width, w)), max(1, min(height, h))
    return Rect((w - rw) // 2, (h - rh) // 2, rw, rh)


def column(heights: list[int], top: int, bottom: int, gap: int) -> list[int]:
    """The tops of items of ``heights`` stacked in a column centred between ``top`` and ``bottom``, ``gap``
    apart, or closer where the room is short (never overlapping while the items themselves fit)."""
    room = bottom - top - sum(heights)
    gaps = max(0, len(heights) - 1)
    gap = max(0, min(gap, room // gaps)) if gaps else 0
    y = top + max(0, (room - gap * gaps) // 2)
    tops = []
    for height in heights:
        tops.append(y)
        y += height + gap
    return tops


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


@in_pixels
def table_layout(size: tuple[int, int], actions_min: int = 0) -> TableLayout:
    """Lay out the table for a window of ``size`` (see :class:`TableLayout`); ``actions_min``: the width, in
    units, the action bar's words need (it takes up to 42 % of the window for them)."""
    w, h = size  # in units (see in_pixels)
    s = _design_scale(w, h)
    t = _text
    g = max(4, round(6 * s))
    # a very wide window keeps 16:9-ish proportions for the columns' share of width; the bottom row (the
    # screen's counts, the action bar's three rows of words) grows with the text size
    track_h = _clamp(h * 0.085, 48, 120 * s)
    bottom_h = _clamp(h * 0.2 * (1 + 0.3 * (t - 1)), 120, 260 * s * t)
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
    actions_w = max(_clamp(w * 0.28 * (1 + 0.3 * (t - 1)), 260, 640 * s), min(actions_min, int(w * 0.42)))
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


@in_pixels
def menu_layout(size: tuple[int, int], count: int) -> MenuLayout:
    w, h = size  # in units (see in_pixels)
    s = _design_scale(w, h)
    t = _text
    margin = round(22 * s)
    frame = Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    # the credit line over the key hints, each a line of text at the text size
    footer_h = round(44 * s * t)
    footer = Rect(frame.left, frame.bottom - footer_h - round(10 * s), frame.width, footer_h)
    count = max(1, count)
    gap = round(10 * s)
    # the heading (crown, name, subtitle, rule) needs about 250 design px, the subtitle's share growing with the
    # text size; keep it and the buttons together as one block, centred when the window is tall
    heading_h = min(int(h * 0.4), round((220 + 30 * t) * s) + max(0, int((h - 720 * s) * 0.05)))
    space_top = frame.top + round(10 * s)
    space_h = footer.top - round(8 * s) - space_top
    # the labels grow with the text size up to 1.2, and in a large window with its scale
    smallest_button = round(28 * max(1.0, min(t, 1.2)) * max(1.0, 0.9 * s))
    heading_h = min(heading_h, space_h - round(8 * s) - smallest_button * count - gap * (count - 1))
    button_h = max(smallest_button, min(round(48 * s), (space_h - heading_h - gap * count) // count))
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


@in_pixels
def reference_layout(size: tuple[int, int]) -> ReferenceLayout:
    w, h = size  # in units (see in_pixels)
    s = _design_scale(w, h)
    t = _text
    margin = round(22 * s)
    pad = round(18 * s)
    frame = Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    # the heading holds the page's title (gold, at the text size) over its group's small capitals
    heading = Rect(frame.left + pad, frame.top + round(12 * s), frame.width - 2 * pad, round(60 * s * max(1.0, t)))
    bottom_h = round(46 * s)
    bottom_y = frame.bottom - pad - bottom_h
    body_top = heading.bottom + round(12 * s)
    body_h = bottom_y - round(12 * s) - body_top
    # the topics' names grow with the text size: so does their column
    topics_w = _clamp(frame.width * (0.27 + 0.2 * (t - 1)), 220, 420 * s * t)
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


@in_pixels
def form_layout(size: tuple[int, int], rows: int, buttons: int = 3) -> FormLayout:
    w, h = size  # in units (see in_pixels)
    s = _design_scale(w, h)
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
