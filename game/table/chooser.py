"""Small decision cards over the estate: "Take how many bribes?", "Keep which card?", ...

A :class:`Chooser` is a title, a line of explanation and a list of :class:`Option` buttons. A modal chooser
is a parchment card over the estate and the miniatures; a side chooser (``modal=False``: church, vicar,
knights, regions) is a strip under the estate, so the table stays clickable around it; the start-tiles
chooser has a stepper per kind of tile. Each is laid out (:func:`layout_chooser`) into a
:class:`ChooserLayout` of regions, then drawn from it (:func:`draw_chooser`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pygame

from game.i18n import N_, Words, _
from game.table.panel import PanelLayout
from game.table.targets import ChooserCard, OptionButton, Region
from game.ui import assets, widgets
from game.ui.draw import (
    art,
    button_label,
    common_size,
    draw_button,
    fair_widths,
    fit_text,
    fits,
    folded_height,
    one_label_size,
    one_small_print_size,
    small_print_button_height,
    small_print_design,
    smallest_size,
)
from game.ui.pieces import TILE_ART, TILE_NAMES, TILE_TIPS
from game.ui.theme import HOVER, INK, MUTED, PARCHMENT_LIGHT
from rules import Action, ChooseStartTiles, TileType, board

CANCEL_TIP = N_("Close this without choosing.")
#: the start chooser's confirm button (Take these tiles)
START_OK = "start:ok"
#: the start chooser's steppers, one whole phrase per kind of tile
ONE_MORE = Words({TileType.FIELD: N_("One more field."), TileType.GROVE: N_("One more grove."),
                  TileType.FOUNTAIN: N_("One more fountain."), TileType.MEADOW: N_("One more meadow.")})
ONE_FEWER = Words({TileType.FIELD: N_("One fewer field."), TileType.GROVE: N_("One fewer grove."),
                   TileType.FOUNTAIN: N_("One fewer fountain."), TileType.MEADOW: N_("One fewer meadow.")})


@attrs.define
class Option:
    label: str
    on_choose: Callable[[], Any] | None
    sub: str = ""
    enabled: bool = True
    tip: str = ""
    icon: str | None = None  # art name
    tint: str | None = None
    key: str = ""
    style: str = "primary"
    tall: bool = False  # a big picture option (cards)
    action: Action | None = None  # the engine action it takes, if it takes one (hover highlights read it)


@attrs.define(eq=False)  # one chooser is one question: compared by identity
class Chooser:
    title: str
    prompt: str
    options: list[Option]
    cancel: Callable[[], Any] | None = None  # None: the decision must be taken
    cancel_label: str = N_("Cancel")
    key: str = "chooser"
    topic: str | None = None
    modal: bool = True  # blocks the estate; False: a side strip (church, vicar) — still clickable around
    #: a side chooser's prompt where its strip does not fit under the estate and it takes a card over the estate
    #: and the miniatures ("": its prompt)
    card_prompt: str = ""

    def state(self) -> tuple[int, ...]:
        """What may change while the chooser is open (the start chooser's counts)."""
        return ()

    def focus_first(self) -> str | None:
        """The option the keyboard's focus starts on (None: the first)."""
        return None

    def cancel_option(self) -> Option:
        return Option(_(self.cancel_label), self.cancel, style="quiet", key=self.key + ":cancel", tip=_(CANCEL_TIP))


class StartTilesChooser(Chooser):
    """R-SETUP-5: 0–3 tiles of each type, with − / + steppers and a confirm button."""

    def __init__(self, on_done: Callable[[tuple[int, int, int, int]], Any], name: str) -> None:
        self.counts = [board.START_TILE_MAX_PER_TYPE] * len(TileType)
        self.on_done = on_done
        super().__init__(
            _("{name}: your starting tiles").format(name=name),
            _("Take 0 to {most} tiles of each kind behind your screen; the rest of your {total} are drawn at "
              "random.").format(most=board.START_TILE_MAX_PER_TYPE, total=board.START_TILES_TOTAL),
            [],
            key="start",
        )

    def _set(self, t: int, delta: int) -> None:
        self.counts[t] = max(0, min(board.START_TILE_MAX_PER_TYPE, self.counts[t] + delta))

    def state(self) -> tuple[int, ...]:
        return tuple(self.counts)

    def focus_first(self) -> str | None:
        """The confirm button: Enter takes the tiles shown (the steppers are a Tab away), not one fewer field."""
        return START_OK


@attrs.define(eq=False, kw_only=True)
class ChooserLayout(PanelLayout):
    """A laid-out chooser: its card, its text, and its buttons with the option each one chooses."""

    card: pygame.Rect
    title: pygame.Surface
    lines: list[str]  # the prompt, wrapped (a strip's: folded under its title, [] where it fits beside it)
    buttons: list[tuple[pygame.Rect, Option]] = attrs.field(factory=list)
    cancel: tuple[pygame.Rect, Option] | None = None  # a modal card's Cancel, under its options
    label_size: int | None = None  # its options' labels drawn in one size, the largest all fit
    sub_size: int | None = None  # and their small print ("£2 from Robert") in one size
    prompt_size: int | None = None  # the prompt's design size where it is not 17 (a large text size)
    #: a strip's labels and small print folded in lines where one would not hold them (a long name), by option
    folded: dict[str, tuple[list[str], list[str]]] = attrs.field(factory=dict)
    #: the start chooser's rows: the kind, the row, its − and + buttons
    steppers: list[tuple[TileType, pygame.Rect, pygame.Rect, pygame.Rect]] = attrs.field(factory=list)
    #: a card over the estate and the miniatures (a modal chooser's, or a side chooser's its strip would not fit)
    modal: bool = False
    icon_size: int | None = None  # its options' icons' side where it is not a card's own

    def option(self, name: str) -> Option | None:
        """The option behind the button named ``name``."""
        extra = [self.cancel] if self.cancel is not None else []
        return next((o for _r, o in self.buttons + extra if o.key == name), None)

    def add(self, rect: pygame.Rect, opt: Option, chooser: str, topic: str | None) -> None:
        self.buttons.append((rect, opt))
        self.regions.append(Region(rect, OptionButton(chooser, opt.key), opt.tip, enabled=opt.enabled,
                                   clickable=opt.on_choose is not None, topic=topic))


def option_key(chooser: Chooser, i: int, opt: Option) -> Option:
    """``opt`` with a key (options without one are named by their place in the chooser)."""
    return opt if opt.key else attrs.evolve(opt, key=f"{chooser.key}:{i}")


def layout_chooser(chooser: Chooser, area: pygame.Rect, s: float, card: bool = False) -> ChooserLayout:
    """``area``: the estate and the miniatures for a modal chooser, or a side chooser on a card (``card``: its strip
    does not fit under the estate), the strip under the estate otherwise."""
    if isinstance(chooser, StartTilesChooser):
        return _layout_start(chooser, area, s)
    if chooser.modal:
        return _layout_card(chooser, area, s)
    if card:
        return _layout_side_card(chooser, area, s)
    return _layout_strip(chooser, area, s)


def draw_chooser(surface: pygame.Surface, chooser: Chooser, lay: ChooserLayout, s: float,
                 mouse: tuple[int, int]) -> None:
    if isinstance(chooser, StartTilesChooser):
        _draw_start(surface, chooser, lay, s, mouse)
    elif lay.modal:
        _draw_card(surface, lay, s, mouse)
    else:
        _draw_strip(surface, chooser, lay, s, mouse)


# -- the modal card -------------------------------------------------------------------------------------------
#: the least height of a big picture option's picture (design px), where the window has room for it
TALL_PICTURE = 96


def _card_grid(chooser: Chooser, area: pygame.Rect, s: float) -> tuple[int, int, int, int, int, list[str], int]:
    """Columns, rows, button width and height, the height above the buttons, the wrapped prompt and its design
    size: more columns (and then lower buttons, a smaller prompt) until the options fit the height."""
    tall = any(o.tall for o in chooser.options)
    n = len(chooser.options)
    pad, gap = round(16 * s), round(8 * s)
    # options with small print under their label are as tall as the two lines need, where there is room
    floor = round(28 * s)
    least = max(floor, small_print_button_height(s)) if any(o.sub for o in chooser.options) else floor
    bh = round(150 * s) if tall else max(round(40 * s), least)
    max_w = min(area.width - 2 * pad, round(760 * s))
    if tall:
        bw = round(112 * s)
        # the words under a card grow with the text size, its picture keeps its size (at 200 % it shrank to a third)
        words = _tall_words([(bw, o) for o in chooser.options if o.tall], s)[2]
        bh = max(bh, round(TALL_PICTURE * s) + words)
        cols = max(1, min(n, (max_w - 2 * pad + gap) // (bw + gap)))
    else:
        cols = 1 if n <= 5 else 2 if n <= 12 else 3
        bw = min(round(300 * s), (max_w - 2 * pad - (cols - 1) * gap) // cols)
    prompt = round(17 * s)  # the prompt's design size
    prompt_floor = max(assets.min_design_size(), round(13 * s))
    title_h = _card_title(chooser, area, s).get_height()
    cancel_h = (round(34 * s) + gap) if chooser.cancel else 0

    def overhead(cols_: int) -> tuple[int, list[str]]:
        body_font = assets.font("body", prompt)
        width = max(bw * cols_ + gap * (cols_ - 1), round(360 * s))
        lines_ = widgets.wrap(chooser.prompt, body_font, width)
        return pad + title_h + len(lines_) * body_font.get_linesize() + gap + cancel_h + pad, lines_

    def narrower(cols_: int) -> int:
        return min(round(300 * s), (max_w - 2 * pad - (cols_ - 1) * gap) // cols_)

    def labels_fit(width: int) -> bool:
        """Every option's label, and its small print, fits a button ``width`` wide."""
        def fit(o: Option) -> bool:
            room = width - round(8 * s) - (_icon_size(s) + round(4 * s) if o.icon else 0)  # as button_label's
            small_print = not o.sub or fits(o.sub, "ui", round(12 * s), room)
            return small_print and fits(o.label, "heading", round(17 * s), room)

        return all(fit(o) for o in chooser.options)

    while True:
        rows = (n + cols - 1) // cols
        top, lines = overhead(cols)
        if top + rows * bh + (rows - 1) * gap <= area.height - round(8 * s):
            break
        wider = cols + 1
        can_widen = not tall and wider * round(150 * s) + (wider - 1) * gap <= max_w - 2 * pad and cols < n
        # another column where the labels still fit it, else lower buttons (down to their small print's height,
        # then - leaving it out - to the floor), then a smaller prompt (down to 13: many options, a large text), and
        # a column that cuts the labels last
        if can_widen and labels_fit(narrower(wider)):
            cols = wider
            bw = narrower(cols)
            continue
        if bh > floor and not tall:
            bh = max(least if bh > least else floor, bh - round(2 * s))
            continue
        if prompt > prompt_floor and not tall:
            prompt -= 1
            continue
        if can_widen:
            cols = wider
            bw = narrower(cols)
            continue
        if tall and bh > round(90 * s):
            bh -= round(6 * s)
            if bh < round(150 * s):  # (taller for a large text's words: lower first, as wide as its words were)
                bw = int(bw * 0.96)
                cols = max(1, min(n, (max_w - 2 * pad + gap) // (bw + gap)))
            continue
        break
    return cols, rows, bw, bh, top, lines, prompt


def _card_title(chooser: Chooser, area: pygame.Rect, s: float) -> pygame.Surface:
    """A modal card's title, shrunk to the widest card the area holds (a long title at a large text size)."""
    return widgets.gold_text_within(chooser.title, round(28 * s), area.width - round(8 * s) - 2 * round(16 * s))


def _layout_card(chooser: Chooser, area: pygame.Rect, s: float) -> ChooserLayout:
    cols, rows, bw, bh, top, lines, prompt = _card_grid(chooser, area, s)
    pad, gap = round(16 * s), round(8 * s)
    body_font = assets.font("body", prompt)
    title = _card_title(chooser, area, s)
    inner_w = max(cols * bw + (cols - 1) * gap, title.get_width(), max(body_font.size(line)[0] for line in lines))
    w = min(area.width - round(8 * s), inner_w + 2 * pad)
    h = min(top + rows * bh + (rows - 1) * gap, area.height - round(8 * s))
    card = pygame.Rect(0, 0, w, h)
    card.center = area.center
    lay = ChooserLayout(card=card, title=title, lines=lines, prompt_size=prompt, modal=True)
    lay.regions.append(Region(card, ChooserCard(chooser.key)))
    y = card.top + pad + title.get_height() + len(lines) * body_font.get_linesize() + gap
    cancel_h = (round(34 * s) + gap) if chooser.cancel else 0
    x0 = card.centerx - (cols * bw + (cols - 1) * gap) // 2
    for i, opt in enumerate(chooser.options):
        r = pygame.Rect(x0 + (i % cols) * (bw + gap), y + (i // cols) * (bh + gap), bw, bh)
        if r.bottom > card.bottom - pad - cancel_h + (gap if cancel_h else 0) + 2:
            break  # no room for the rest
        lay.add(r, option_key(chooser, i, opt), chooser.key, chooser.topic)
    # a card's options read as one set (German's "no bribes" was left smaller than its neighbours)
    _one_size(lay, s, _icon_size(s))
    if chooser.cancel:
        cw, ch = round(160 * s), round(30 * s)
        r = pygame.Rect(card.centerx - cw // 2, card.bottom - pad - ch, cw, ch)
        lay.cancel = (r, chooser.cancel_option())
        lay.regions.append(Region(r, OptionButton(chooser.key, lay.cancel[1].key), _(CANCEL_TIP), clickable=True))
    return lay


def _icon_size(s: float) -> int:
    """The side of an option's icon on a card's button."""
    return round(26 * s)


def _draw_card_head(surface: pygame.Surface, lay: ChooserLayout, s: float) -> None:
    """A modal card's parchment with its title and its prompt, centred."""
    card = lay.card
    widgets.panel(surface, card, s, fill=PARCHMENT_LIGHT)
    y = card.top + round(16 * s)
    surface.blit(lay.title, lay.title.get_rect(midtop=(card.centerx, y)))
    y += lay.title.get_height()
    body_font = assets.font("body", lay.prompt_size or round(17 * s))
    for line in lay.lines:
        img = body_font.render(line, True, INK)
        surface.blit(img, img.get_rect(midtop=(card.centerx, y)))
        y += body_font.get_linesize()


def _draw_card(surface: pygame.Surface, lay: ChooserLayout, s: float, mouse: tuple[int, int]) -> None:
    card = lay.card
    shadow = pygame.Surface((card.width + 12, card.height + 12), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (43, 33, 24, 70), shadow.get_rect(), border_radius=round(10 * s))
    surface.blit(shadow, (card.x - 2, card.y + 2))
    _draw_card_head(surface, lay, s)
    shape = _tall_shape([(r, opt) for r, opt in lay.buttons if opt.tall], s)
    for r, opt in lay.buttons:
        hot = r.collidepoint(mouse)
        if opt.tall:
            _draw_tall(surface, r, opt, s, hot, shape)
        else:
            icon = art(opt.icon, lay.icon_size or _icon_size(s), opt.tint) if opt.icon else None
            draw_button(surface, r, opt.label, s, enabled=opt.enabled, hover=hot, style=opt.style, sub=opt.sub,
                        icon=icon, label_size=lay.label_size, sub_size=lay.sub_size, folded=lay.folded.get(opt.key))
    if lay.cancel is not None:
        r, opt = lay.cancel
        draw_button(surface, r, opt.label, s, hover=r.collidepoint(mouse), style="quiet")


def _tall_lines(opt: Option, s: float, width: int) -> list[str]:
    """A big picture option's label: long names in two lines."""
    return widgets.wrap(opt.label, assets.font("heading", round(15 * s)), width, at_most=2)


def _tall_subs(opt: Option, s: float, width: int) -> list[str]:
    """A big picture option's small print: one line where it fits, else a line for each part between its " · ",
    folded at its spaces where it is still too wide ("keep · you drew 2" under a card too narrow for it at a large
    text size)."""
    if not opt.sub:
        return []
    size = round(12 * s)
    if fits(opt.sub, "ui", size, width):
        return [opt.sub]
    font = assets.font("ui", smallest_size(size))
    return [line for part in opt.sub.split(" · ") for line in widgets.wrap(part, font, width)]


def _tall_shape(options: list[tuple[pygame.Rect, Option]], s: float) -> tuple[int, int, int]:
    """The size of the big picture options' labels, the height of their pictures and the size of their small
    print, alike for all of them (a card whose name took two lines was drawn with a smaller picture, and a line
    shrunk alone)."""
    if not options:
        return round(15 * s), 0, round(12 * s)
    size, sub_size, words = _tall_words([(r.width, opt) for r, opt in options], s)
    height = min(r.height for r, _opt in options)
    return size, max(round(20 * s), height - words), sub_size


def _tall_words(options: list[tuple[int, Option]], s: float) -> tuple[int, int, int]:
    """The size of the big picture options' labels (each ``width`` wide) and of their small print, and the height
    both take under the picture."""
    lines = {id(opt): _tall_lines(opt, s, width) for width, opt in options}
    size = min(common_size(lines[id(opt)], "heading", round(15 * s), width) for width, opt in options)
    line_h = assets.font("heading", size).get_height() - round(2 * s)
    rows = max(len(found) for found in lines.values())
    subs = {id(opt): _tall_subs(opt, s, width) for width, opt in options}
    sub_size = min(common_size(subs[id(opt)], "ui", round(12 * s), width) for width, opt in options)
    sub_h = assets.font("ui", round(12 * s)).get_height() * max(len(found) for found in subs.values())
    return size, sub_size, rows * line_h + round(2 * s) + sub_h + round(4 * s)


def _one_size(lay: ChooserLayout, s: float, icon_width: int) -> None:
    """The options' labels, and their small print, each drawn in one size: the largest at which all fit."""
    lay.label_size, lay.sub_size = _sizes(lay.buttons, s, icon_width)


def _draw_tall(surface: pygame.Surface, r: pygame.Rect, opt: Option, s: float, hot: bool,
               shape: tuple[int, int, int]) -> None:
    if hot and opt.enabled:  # the pointer's thin frame (the hint rings its card in gold)
        pygame.draw.rect(surface, HOVER, r.inflate(4, 4), width=2, border_radius=round(8 * s))
    size, img_h, sub_size = shape
    labels = [fit_text(line, "heading", size, r.width, INK if opt.enabled else MUTED)
              for line in _tall_lines(opt, s, r.width)]
    subs = [fit_text(line, "ui", sub_size, r.width, MUTED) for line in _tall_subs(opt, s, r.width)]
    if opt.icon:
        img = art(opt.icon, (int(img_h * 0.7), img_h), opt.tint)
        if not opt.enabled:
            img = img.copy()
            img.set_alpha(110)
        surface.blit(img, img.get_rect(midtop=(r.centerx, r.top)))
    y = r.top + img_h + round(2 * s)
    for label in labels:
        surface.blit(label, label.get_rect(midtop=(r.centerx, y)))
        y += label.get_height() - round(2 * s)
    for sub in subs:
        surface.blit(sub, sub.get_rect(midtop=(r.centerx, y)))
        y += sub.get_height()


# -- the side strip -------------------------------------------------------------------------------------------
def strip_height(chooser: Chooser, s: float, width: int) -> int:
    """Height of the strip for ``chooser`` in ``width`` pixels (one to three rows of buttons, higher where a long
    name folds in them). The table asks every frame, and folding long names costs milliseconds: the last answer is
    kept for the same chooser (one question: its options do not change), scale, width and text size."""
    key = (s, width, assets.text_scale())
    if _last_strip.chooser is not chooser or _last_strip.key != key:
        plan = _strip_plan(chooser, s, width)
        _last_strip.chooser, _last_strip.key, _last_strip.height = chooser, key, plan.head + plan.height + round(10 * s)
    return _last_strip.height


@attrs.define
class _LastStrip:
    chooser: Chooser | None = None
    key: tuple = ()
    height: int = 0


_last_strip = _LastStrip()


def _strip_prompt(chooser: Chooser, s: float, width: int) -> list[str]:
    """The strip's prompt: one line beside its title where it fits there, else folded under it ([] beside)."""
    pad = round(8 * s)
    title_w = widgets.gold_text(chooser.title, round(20 * s)).get_width()
    if fits(chooser.prompt, "italic", round(15 * s), width - 3 * pad - title_w):
        return []
    return widgets.wrap(chooser.prompt, assets.font("italic", round(15 * s)), width - 2 * pad)


def _strip_metrics(chooser: Chooser, s: float, width: int) -> tuple[int, int]:
    """The height of the strip's title (with its prompt where that is folded under it) and of its buttons: they
    grow with the text size."""
    title_h = widgets.gold_text(chooser.title, round(20 * s)).get_height()
    folded = len(_strip_prompt(chooser, s, width)) * assets.font("italic", round(15 * s)).get_linesize()
    head = max(round(34 * s), title_h + round(6 * s)) + folded
    return head, round(36 * s * max(1.0, assets.text_scale()))


def _strip_rows(chooser: Chooser, s: float, width: int) -> int:
    n = max(1, len(chooser.options) + (1 if chooser.cancel else 0))
    per_row = max(1, (width - round(16 * s)) // round(150 * s))
    return min(3, (n + per_row - 1) // per_row)


#: a strip's options' labels and small print folded in lines, by option key
Folded = dict[str, tuple[list[str], list[str]]]


@attrs.frozen
class _StripPlan:
    """A side strip's buttons, from the strip's top left corner: under its head, in rows."""

    head: int
    height: int  # of the rows of buttons
    buttons: list[tuple[pygame.Rect, Option]]
    label_size: int | None
    sub_size: int | None
    folded: Folded  # empty where every label and small print fits one line


def _strip_icon(s: float) -> int:
    return round(24 * s)


def _strip_plan(chooser: Chooser, s: float, width: int) -> _StripPlan:
    """The strip's buttons in rows, alike; where a label or its small print would not fit its button in one line
    even at the smallest size (a long name), the buttons that need it take width from those that do not, then
    every label and small print folds at its spaces, at the largest sizes at which all fit, and the buttons are as
    high as their lines need. Labels shrunk to stay in a line fold too where that draws them larger in the same
    height."""
    items = _strip_items(chooser)
    pad, gap, icon = round(8 * s), round(6 * s), _strip_icon(s)
    rows = _strip_rows(chooser, s, width)
    per_row = (len(items) + rows - 1) // rows
    head, bh = _strip_metrics(chooser, s, width)
    bw = (width - 2 * pad - (per_row - 1) * gap) // max(1, per_row)
    widths = [bw] * len(items)
    small = bh >= small_print_button_height(s)  # (a lower button shows its label alone)
    if not all(_strip_whole(opt, s, bw, bh, icon) for opt in items):
        needs = [_strip_need(opt, s, icon, small) for opt in items]
        widths = [w for k in range(0, len(items), per_row)
                  for w in fair_widths(widths[k:k + per_row], needs[k:k + per_row])]
    placed = []
    x = pad
    for i, (opt, w) in enumerate(zip(items, widths, strict=True)):
        x = pad if i % per_row == 0 else x
        placed.append((pygame.Rect(x, head + (i // per_row) * (bh + round(4 * s)), w, bh), opt))
        x += w + gap
    label_size, sub_size = _sizes(placed, s, icon)
    folded: Folded = {}
    whole = all(_strip_whole(opt, s, r.width, r.height, icon) for r, opt in placed)
    if not whole or label_size is not None and label_size < round(17 * s):
        fold = _fold(placed, s, icon, small)
        # a label too long for its button folds; one shrunk to stay in a line folds too where that draws it larger
        # in the same height (a knight's "Gutshof von Robert" at 960x600 and a large text)
        if not whole or fold[3] <= bh and label_size is not None and fold[0] > label_size:
            label_size, sub_size, folded, high = fold
            if high > bh:
                placed = [(pygame.Rect(r.left, head + (r.top - head) // (bh + round(4 * s)) * (high + round(4 * s)),
                                       r.width, high), opt) for r, opt in placed]
                bh = high
    height = rows * (bh + round(4 * s))
    return _StripPlan(head, height, placed, label_size, sub_size, folded)


def _strip_room(opt: Option, s: float, width: int, icon: int) -> int:
    """The width a strip button's label has (as draw_button leaves it)."""
    return width - round(8 * s) - (icon + round(4 * s) if opt.icon else 0)


def _strip_whole(opt: Option, s: float, width: int, height: int, icon: int) -> bool:
    """The option's label, and its small print, fit a button of ``width`` and ``height`` in one line each."""
    r = pygame.Rect(0, 0, width, height)
    size, room = button_label(r, s, sub=opt.sub, icon_width=icon if opt.icon else 0)
    label = not opt.label or fits(opt.label, "heading", size, room)
    shown = opt.sub and height >= small_print_button_height(s)
    return label and (not shown or fits(opt.sub, "ui", small_print_design(r, s), room))


def _strip_need(opt: Option, s: float, icon: int, small_print: bool) -> int:
    """The width of a strip button whose label and (where shown) small print fit one line each at the smallest
    sizes."""
    label = assets.font("heading", smallest_size(round(17 * s))).size(opt.label)[0] if opt.label else 0
    small = assets.font("ui", smallest_size(round(12 * s))).size(opt.sub)[0] if opt.sub and small_print else 0
    return max(label, small) + round(8 * s) + (icon + round(4 * s) if opt.icon else 0) + 1


def _sizes(buttons: list[tuple[pygame.Rect, Option]], s: float, icon: int) -> tuple[int | None, int | None]:
    """One design size for the buttons' labels and one for their small print: the largest at which each fits."""
    plain = [(r, opt) for r, opt in buttons if not opt.tall]
    label = one_label_size((opt.label, button_label(r, s, sub=opt.sub, icon_width=icon * bool(opt.icon)))
                           for r, opt in plain if opt.label)
    return label, one_small_print_size(((opt.sub, r, icon * bool(opt.icon)) for r, opt in plain), s)


def _strip_items(chooser: Chooser) -> list[Option]:
    """A strip's options, each with its key, and its Cancel last where it has one."""
    items = [option_key(chooser, i, o) for i, o in enumerate(chooser.options)]
    return items + [chooser.cancel_option()] if chooser.cancel else items


def _folded_at(buttons: list[tuple[pygame.Rect, Option]], s: float, icon: int, small_print: bool,
               label_size: int, sub_size: int) -> Folded:
    """Each button's label and (``small_print``: where the buttons show it) small print folded at their spaces in
    the room the button leaves them, at ``label_size`` and ``sub_size``."""
    label_font, sub_font = assets.font("heading", label_size), assets.font("ui", sub_size)
    out: Folded = {}
    for r, opt in buttons:
        room = _strip_room(opt, s, r.width, icon)
        out[opt.key] = (widgets.name_lines(opt.label, label_font, room) if opt.label else [],
                        widgets.name_lines(opt.sub, sub_font, room) if opt.sub and small_print else [])
    return out


def _whole(found: Folded, options: list[Option], small_print: bool) -> bool:
    """No word of the options' labels and small print split with a hyphen in ``found``."""
    return all("".join(found[opt.key][0]).count("-") == opt.label.count("-")
               and "".join(found[opt.key][1]).count("-") == (opt.sub.count("-") if small_print else 0)
               for opt in options)


def _fold_sizes(s: float) -> Iterator[tuple[int, int]]:
    """The sizes folded labels and small print are tried at, largest first: the labels' down to the smallest
    readable, the small print's alongside."""
    top_label, top_sub = round(17 * s), round(12 * s)
    least_sub = smallest_size(top_sub)
    for label_size in range(top_label, smallest_size(top_label) - 1, -1):
        yield label_size, max(least_sub, min(top_sub, round(label_size * 12 / 17)))


def _fold(buttons: list[tuple[pygame.Rect, Option]], s: float, icon: int,
          small_print: bool) -> tuple[int, int, Folded, int]:
    """Every button's label and (where the buttons show it) small print folded at their spaces (a long name): one
    size for the labels and one for the small print, the largest at which every button holds its lines without a
    word split; at the smallest sizes, the height the lines need (the buttons grow to it). Returns the sizes, the
    lines and that height."""
    height = min(r.height for r, _opt in buttons) - round(4 * s)
    options = [opt for _r, opt in buttons]
    for label_size, sub_size in _fold_sizes(s):
        found = _folded_at(buttons, s, icon, small_print, label_size, sub_size)
        if _whole(found, options, small_print) and all(folded_height(lines, label_size, sub_size, s) <= height
                                                       for lines in found.values()):
            return label_size, sub_size, found, height + round(4 * s)
    found = _folded_at(buttons, s, icon, small_print, label_size, sub_size)
    need = max(folded_height(lines, label_size, sub_size, s) for lines in found.values())
    return label_size, sub_size, found, max(height, need) + round(4 * s)


def _layout_strip(chooser: Chooser, rect: pygame.Rect, s: float) -> ChooserLayout:
    """Title and prompt on one line, the buttons below."""
    lay = ChooserLayout(card=pygame.Rect(rect), title=widgets.gold_text(chooser.title, round(20 * s)),
                        lines=_strip_prompt(chooser, s, rect.width))
    lay.regions.append(Region(lay.card, ChooserCard(chooser.key)))
    plan = _strip_plan(chooser, s, rect.width)
    for r, opt in plan.buttons:
        lay.add(r.move(rect.topleft), opt, chooser.key, chooser.topic)
    lay.label_size, lay.sub_size, lay.folded = plan.label_size, plan.sub_size, plan.folded
    return lay


def _layout_side_card(chooser: Chooser, area: pygame.Rect, s: float) -> ChooserLayout:
    """A side chooser whose strip the estate cannot hold under its heading (many options that name long names, at a
    large text size): a card over the estate and the miniatures as a modal chooser's, its options in rows as the
    strip's, their words folded at their spaces. As many to a row as draw the largest words that fit the card
    (then the lowest rows); the prompt smaller where no rows fit under it (not under the readable size)."""
    pad, gap, icon = round(16 * s), round(8 * s), _icon_size(s)
    width = min(area.width - round(8 * s), round(760 * s))
    title = widgets.gold_text_within(chooser.title, round(20 * s), width - 2 * pad)  # (as the strip's)
    words = chooser.card_prompt or chooser.prompt
    items = _strip_items(chooser)
    least = max(assets.min_design_size(), round(13 * s))
    for prompt in range(round(17 * s), least - 1, -1):
        body_font = assets.font("body", prompt)
        lines = widgets.wrap(words, body_font, width - 2 * pad)
        top = pad + title.get_height() + len(lines) * body_font.get_linesize() + gap
        room = area.height - round(8 * s) - top - pad
        plans = [_card_rows(items, s, width - 2 * pad, k, icon, room) for k in range(1, min(len(items), 4) + 1)]
        fitting = [plan for plan in plans if plan.height <= room]
        if fitting:
            break
    def whole(plan: _StripPlan) -> bool:
        return _whole(plan.folded, items, True)

    # every word whole first (a narrow button splits a long one at the smallest sizes), then the largest words
    plan = (max(fitting, key=lambda p: (whole(p), p.label_size, p.sub_size, -p.height)) if fitting
            else min(plans, key=lambda p: (not whole(p), p.height)))
    card = pygame.Rect(0, 0, width, min(top + plan.height + pad, area.height - round(8 * s)))
    card.center = area.center
    lay = ChooserLayout(card=card, title=title, lines=lines, prompt_size=prompt, modal=True, icon_size=icon)
    lay.regions.append(Region(card, ChooserCard(chooser.key)))
    for r, opt in plan.buttons:
        lay.add(r.move(card.left + pad, card.top + top), opt, chooser.key, chooser.topic)
    lay.label_size, lay.sub_size, lay.folded = plan.label_size, plan.sub_size, plan.folded
    return lay


def _card_rows(items: list[Option], s: float, width: int, per_row: int, icon: int, room: int) -> _StripPlan:
    """A side chooser's options on a card, ``per_row`` to a row ``width`` wide (the buttons that need it taking width
    from those that do not, as a strip's): every label and small print folded at its spaces, at the largest sizes
    at which the rows, each as high as its own lines need, stand within ``room`` (else at the smallest)."""
    gap, step = round(6 * s), round(4 * s)
    bw = (width - (per_row - 1) * gap) // per_row
    needs = [_strip_need(opt, s, icon, True) for opt in items]
    widths = [w for k in range(0, len(items), per_row)
              for w in fair_widths([bw] * len(items[k:k + per_row]), needs[k:k + per_row])]
    x = 0
    flat = []
    for i, w in enumerate(widths):
        x = 0 if i % per_row == 0 else x
        flat.append(pygame.Rect(x, 0, w, 0))
        x += w + gap
    buttons = list(zip(flat, items, strict=True))
    for label_size, sub_size in _fold_sizes(s):
        found = _folded_at(buttons, s, icon, True, label_size, sub_size)
        heights = [max(round(28 * s), round(6 * s) + max(folded_height(found[opt.key], label_size, sub_size, s)
                                                           for opt in items[k:k + per_row]))
                   for k in range(0, len(items), per_row)]
        if _whole(found, items, True) and sum(heights) + (len(heights) - 1) * step <= room:
            break
    placed, y = [], 0
    for row, high in enumerate(heights):
        placed += [(pygame.Rect(r.left, y, r.width, high), opt)
                   for r, opt in buttons[row * per_row:(row + 1) * per_row]]
        y += high + step
    return _StripPlan(0, y - step, placed, label_size, sub_size, found)


def _draw_strip(surface: pygame.Surface, chooser: Chooser, lay: ChooserLayout, s: float,
                mouse: tuple[int, int]) -> None:
    rect = lay.card
    widgets.panel(surface, rect, s, fill=PARCHMENT_LIGHT)
    pad = round(8 * s)
    surface.blit(lay.title, (rect.left + pad, rect.top + round(4 * s)))
    if not lay.lines:  # the prompt fits beside the title
        px = rect.left + 2 * pad + lay.title.get_width()
        prompt = fit_text(chooser.prompt, "italic", round(15 * s), rect.right - pad - px, MUTED)
        surface.blit(prompt, prompt.get_rect(midleft=(px, rect.top + round(4 * s) + lay.title.get_height() // 2)))
    y = rect.top + round(4 * s) + lay.title.get_height()
    for line in lay.lines:
        img = widgets.text(line, "italic", round(15 * s), MUTED)
        surface.blit(img, (rect.left + pad, y))
        y += assets.font("italic", round(15 * s)).get_linesize()
    for r, opt in lay.buttons:
        icon = art(opt.icon, _strip_icon(s), opt.tint) if opt.icon else None
        draw_button(surface, r, opt.label, s, enabled=opt.enabled, hover=r.collidepoint(mouse), style=opt.style,
                    sub=opt.sub, icon=icon, label_size=lay.label_size, sub_size=lay.sub_size,
                    folded=lay.folded.get(opt.key))


# -- the starting tiles -------------------------------------------------------------------------------------
def _layout_start(chooser: StartTilesChooser, area: pygame.Rect, s: float) -> ChooserLayout:
    pad = round(16 * s)
    w = min(area.width - round(8 * s), round(520 * s))
    title = widgets.gold_text_within(chooser.title, round(26 * s), w - 2 * pad)
    bw, bh = round(260 * s), max(round(40 * s), small_print_button_height(s))
    foot = bh + round(16 * s) + pad
    # a row as tall as its design or its tile's name needs; where a large text in a small window leaves the four
    # rows less, the prompt takes a smaller size first (never under the readable one), then the rows give way
    wanted = max(round(46 * s), assets.font("heading", round(19 * s)).get_height() + round(4 * s))
    least = assets.min_design_size()
    prompt_size = round(17 * s)
    while True:
        body_font = assets.font("body", prompt_size)
        lines = widgets.wrap(chooser.prompt, body_font, w - 2 * pad)
        above = pad + title.get_height() + len(lines) * body_font.get_linesize()
        if above + 4 * wanted + foot <= area.height - 8 or prompt_size <= least:
            break
        prompt_size -= 1
    row_h = max(round(24 * s), min(wanted, (area.height - 8 - above - foot) // 4))
    card = pygame.Rect(0, 0, w, min(above + 4 * row_h + foot, area.height - 8))
    card.center = area.center
    lay = ChooserLayout(card=card, title=title, lines=lines, prompt_size=prompt_size, modal=True)
    lay.regions.append(Region(card, ChooserCard(chooser.key)))
    y = card.top + above
    b = min(round(34 * s), row_h - round(4 * s))
    for t in TileType:
        row = pygame.Rect(card.left + pad, y, card.width - 2 * pad, row_h)
        info = pygame.Rect(row.left, row.top, row_h + round(150 * s), row_h)
        lay.regions.append(Region(info, OptionButton(chooser.key, f"start:info:{t.label}"), TILE_TIPS[t]))
        minus = pygame.Rect(row.right - 3 * b - round(20 * s), row.centery - b // 2, b, b)
        plus = pygame.Rect(row.right - b, row.centery - b // 2, b, b)
        lay.steppers.append((t, row, minus, plus))
        for rect, label, delta in ((minus, "−", -1), (plus, "+", 1)):
            ok = 0 <= chooser.counts[t] + delta <= board.START_TILE_MAX_PER_TYPE
            step = Option(label, (lambda t=t, d=delta: chooser._set(t, d)), enabled=ok, style="quiet",
                          tip=(ONE_MORE if delta > 0 else ONE_FEWER)[t],
                          key=f"start:{t.label}:{'+' if delta > 0 else '-'}")
            lay.add(rect, step, chooser.key, None)
        y += row_h
    total = sum(chooser.counts)
    counts = (chooser.counts[0], chooser.counts[1], chooser.counts[2], chooser.counts[3])
    ok = Option(_("Take these tiles"), lambda: chooser.on_done(tuple(chooser.counts)), key=START_OK,
                sub=_("{chosen} chosen, {drawn} drawn").format(chosen=total, drawn=board.START_TILES_TOTAL - total),
                tip=_("Put these tiles behind your screen and draw the rest."), action=ChooseStartTiles(counts))
    lay.add(pygame.Rect(card.centerx - bw // 2, y + round(8 * s), bw, bh), ok, chooser.key, None)
    return lay


def start_step(lay: ChooserLayout, counts: tuple[int, ...]) -> str | None:
    """On a laid-out start chooser, the button that takes its counts one step towards ``counts``: the − or + of the
    first kind that differs, or Take these tiles once they are ``counts`` (None: not a start chooser)."""
    ok = lay.option(START_OK)
    if ok is None or not isinstance(ok.action, ChooseStartTiles):
        return None
    for t in TileType:
        have, want = ok.action.counts[t], counts[t]
        if have != want:
            return f"start:{t.label}:{'+' if want > have else '-'}"
    return START_OK


def _draw_start(surface: pygame.Surface, chooser: StartTilesChooser, lay: ChooserLayout, s: float,
                mouse: tuple[int, int]) -> None:
    _draw_card_head(surface, lay, s)
    buttons = dict((o.key, (r, o)) for r, o in lay.buttons)
    for t, row, minus, plus in lay.steppers:
        row_h = row.height
        icon = art(TILE_ART[t], row_h - round(8 * s))
        surface.blit(icon, icon.get_rect(midleft=(row.left, row.centery)))
        name = fit_text(TILE_NAMES[t].capitalize(), "heading", round(19 * s), round(140 * s))
        surface.blit(name, name.get_rect(midleft=(row.left + row_h + round(6 * s), row.centery)))
        for sign in "-+":
            r, opt = buttons[f"start:{t.label}:{sign}"]
            draw_button(surface, r, opt.label, s, enabled=opt.enabled, hover=r.collidepoint(mouse), style="quiet")
        num = fit_text(str(chooser.counts[t]), "heading", round(24 * s), minus.width)
        surface.blit(num, num.get_rect(center=((minus.right + plus.left) // 2, row.centery)))
    r, opt = buttons[START_OK]
    draw_button(surface, r, opt.label, s, sub=opt.sub, hover=r.collidepoint(mouse))
