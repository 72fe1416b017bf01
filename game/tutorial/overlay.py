"""The guide on the table: its card (the step's title and words, its buttons) and the glow on the step's target.

Laid out first (:func:`layout_card`), then drawn (:func:`draw_guide`): the card's buttons are hit-tested from
the same layout. While the guide waits for the player, everything but the step's regions is dimmed (still
readable) and those regions are ringed in gold as the coach rings a hinted move; a drag's two ends are joined by
a dotted line. The card sits where it covers neither the targets nor the chooser the step uses, and stays there
while it still does.
"""

from __future__ import annotations

import attrs
import pygame

from game.i18n import _
from game.table.targets import Region
from game.ui import assets, widgets
from game.ui.draw import common_size, draw_button, fit_text
from game.ui.theme import GOLD, INK, MUTED, OXBLOOD, PARCHMENT_LIGHT, RULE

#: how dark the dimmed table is (alpha of the ink laid over it: readable through)
DIM_ALPHA = 96
CARD_WIDTH = 400  # design px
NARROWEST = 240  # design px: the least a card's title and words are wrapped to
BODY_SIZE = 15
TITLE_SIZE = 20
BUTTON_HEIGHT = 32


@attrs.frozen
class CardLayout:
    """The guide's card: its rectangle, its wrapped lines and its buttons (name -> rectangle)."""

    rect: pygame.Rect
    title: str
    lines: tuple[str, ...]
    word: tuple[str, ...]
    counter: str
    buttons: tuple[tuple[str, str, pygame.Rect], ...]  # (name, label, rect)
    scale: float

    def button_at(self, pos: tuple[int, int]) -> str | None:
        return next((name for name, _label, rect in self.buttons if rect.collidepoint(pos)), None)


def button_labels(explains: bool, waiting: bool) -> list[tuple[str, str]]:
    """The card's buttons: Next for a step that explains, Show me and Skip for one that waits for a move."""
    labels = []
    if waiting and explains:
        labels.append(("next", _("Next")))
    elif waiting:
        labels += [("show", _("Show me")), ("skip", _("Skip"))]
    labels.append(("leave", _("Leave the guide")))
    return labels


def _places(area: pygame.Rect, size: tuple[int, int], pad: int) -> list[pygame.Rect]:
    """Where the card may go in ``area``: its corners, then the middle of its top and bottom."""
    w, h = size
    inner = area.inflate(-2 * pad, -2 * pad)
    spots = [inner.topleft, (inner.right - w, inner.top), (inner.left, inner.bottom - h),
             (inner.right - w, inner.bottom - h), (inner.centerx - w // 2, inner.top),
             (inner.centerx - w // 2, inner.bottom - h)]
    return [pygame.Rect(x, y, w, h) for x, y in spots]


def _overlap(rect: pygame.Rect, avoid: list[pygame.Rect]) -> int:
    return sum(rect.clip(a).width * rect.clip(a).height for a in avoid)


def layout_card(texts: tuple[str, str, str, str], labels: list[tuple[str, str]], areas: list[pygame.Rect],
                avoid: list[pygame.Rect], window: pygame.Rect, s: float,
                prefer: pygame.Rect | None = None, targets: tuple[pygame.Rect, ...] = ()) -> CardLayout:
    """The card for the step's ``texts`` (title, text, gentle word, counter), placed in the first of ``areas``
    where it covers least of ``targets`` (what the step asks the player to press or drag), then least of
    ``avoid``; where it stood (``prefer``) while it still fits there and covers none of either (a card does not
    jump away from the pointer reaching for its button)."""
    title, text, word, counter = texts
    pad = round(12 * s)
    # wider at a larger text size (as many words a line), never wider than the window; where the wide card
    # would cover a target, the usual one (more lines) is tried too, and the narrowest (as wide as its buttons)
    # only where it covers less of the targets than both
    wide = min(round(CARD_WIDTH * s * max(1.0, 0.8 * assets.text_scale())), window.width - 2 * pad)
    normal = min(round(CARD_WIDTH * s), wide)
    narrow = min(max(_buttons_width(labels, s) + 2 * pad, round(NARROWEST * s)), normal)
    shapes = [_shape(texts, width, s) for width in dict.fromkeys((wide, normal, narrow))]
    candidates = [(r, shape) for shape in shapes for area in areas
                  for r in _places(area, (shape.width, shape.height), pad) if window.contains(r)]

    def cost(place: pygame.Rect) -> tuple[int, int]:
        # on a small window every place may cover something: never the step's targets while another does not
        return _overlap(place, list(targets)), _overlap(place, avoid)

    def rank(candidate: tuple[pygame.Rect, _Shape]) -> tuple[int, bool, int, bool]:
        (on_targets, on_avoided), width = cost(candidate[0]), candidate[1].width
        return on_targets, width < normal, on_avoided, width != wide

    if candidates:
        rect, shape = min(candidates, key=rank)
    else:
        shape = shapes[0]
        rect = pygame.Rect(pad, pad, shape.width, shape.height)
    if prefer is not None and prefer.size == rect.size and window.contains(prefer) and cost(prefer) == (0, 0):
        rect = pygame.Rect(prefer)
    return CardLayout(rect, title, shape.lines, shape.words, counter,
                      _buttons(rect, labels, round(BUTTON_HEIGHT * s), pad, s), s)


@attrs.frozen
class _Shape:
    """The card's words wrapped to one width, and the height they make it."""

    width: int
    height: int
    lines: tuple[str, ...]
    words: tuple[str, ...]


def _shape(texts: tuple[str, str, str, str], width: int, s: float) -> _Shape:
    title, text, word, counter = texts
    pad = round(12 * s)
    body = assets.font("body", round(BODY_SIZE * s))
    lines = tuple(widgets.wrap(text, body, width - 2 * pad))
    words = tuple(widgets.wrap(word, assets.font("italic", round(BODY_SIZE * s)), width - 2 * pad)) if word else ()
    lines_of_title, above = _title_lines(title, counter, width, s)
    title_h = (assets.font("heading", round(TITLE_SIZE * s)).get_linesize() * len(lines_of_title)
               + (_counter(counter, width, s).get_height() if above else 0))
    height = (pad + title_h + round(4 * s) + body.get_linesize() * (len(lines) + len(words)) + round(10 * s)
              + round(BUTTON_HEIGHT * s) + pad)
    return _Shape(width, height, lines, words)


def _title_lines(title: str, counter: str, width: int, s: float) -> tuple[list[str], bool]:
    """The card's title beside its step counter, folded to a second line where it is longer; where even two lines
    beside it are too few (a narrow card at a large text size), under the counter across the card's width. The
    lines, and whether the counter stands above them."""
    font = assets.font("heading", round(TITLE_SIZE * s))
    lines = widgets.wrap(title, font, _title_room(counter, width, s, above=False))
    above = len(lines) > 2
    if above:
        lines = widgets.wrap(title, font, _title_room(counter, width, s, above=True), at_most=2)
    return lines, above


def _title_room(counter: str, width: int, s: float, above: bool) -> int:
    """The title's width: beside the step counter, or the card's where the counter stands above it."""
    pad = round(12 * s)
    return width - 2 * pad if above else width - 3 * pad - _counter(counter, width, s).get_width()


def _counter(counter: str, width: int, s: float) -> pygame.Surface:
    return fit_text(counter, "ui", round(12 * s), width // 2, MUTED)


def _button_widths(labels: list[tuple[str, str]], s: float) -> list[int]:
    """The card's buttons, each as wide as its words."""
    font = assets.font("heading", round(17 * s))
    return [font.size(label)[0] + round(22 * s) for _name, label in labels]


def _buttons_width(labels: list[tuple[str, str]], s: float) -> int:
    """The width of the card's row of buttons."""
    return sum(_button_widths(labels, s)) + round(8 * s) * (len(labels) - 1)


def _buttons(card: pygame.Rect, labels: list[tuple[str, str]], h: int, pad: int,
             s: float) -> tuple[tuple[str, str, pygame.Rect], ...]:
    """The buttons in a row at the bottom of the card, each as wide as its words (the row fits the card)."""
    gap = round(8 * s)
    widths = _button_widths(labels, s)
    room = card.width - 2 * pad - gap * (len(labels) - 1)
    if sum(widths) > room:
        widths = [max(1, w * room // sum(widths)) for w in widths]
    x, y = card.left + pad, card.bottom - pad - h
    out = []
    for (name, label), w in zip(labels, widths, strict=True):
        out.append((name, label, pygame.Rect(x, y, w, h)))
        x += w + gap
    return tuple(out)


class Veil:
    """The shade over the whole window with clear holes, kept while a step shows (it is the same frame after
    frame, and a window-sized layer made anew each frame cost a large window several milliseconds) and dropped
    when no step shows (at 3840x2160 it holds 33 MB)."""

    def __init__(self) -> None:
        self._made: tuple[tuple[int, int], tuple[tuple[int, int, int, int], ...], pygame.Surface] | None = None

    def over(self, size: tuple[int, int], holes: tuple[tuple[int, int, int, int], ...]) -> pygame.Surface:
        """The shade of a window of ``size`` with ``holes`` left clear."""
        if self._made is None or self._made[:2] != (size, holes):
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((30, 22, 14, DIM_ALPHA))
            for hole in holes:
                veil.fill((0, 0, 0, 0), hole)
            self._made = (size, holes, veil)
        return self._made[2]

    @property
    def kept(self) -> bool:
        return self._made is not None

    def drop(self) -> None:
        self._made = None


def draw_glow(surface: pygame.Surface, targets: list[Region], s: float, veil: Veil) -> None:
    """Dim the table around ``targets`` (if there are any: a step with no move dims nothing), ring them in gold,
    and join a drag's two ends."""
    grow = round(5 * s)
    rings = [region.rect.inflate(2 * grow, 2 * grow) for region in targets]
    if rings:
        surface.blit(veil.over(surface.get_size(), tuple(tuple(ring) for ring in rings)), (0, 0))
    else:
        veil.drop()
    width = max(2, round(3 * s))
    for ring in rings:
        pygame.draw.rect(surface, GOLD, ring, width, border_radius=round(6 * s))
    if len(targets) == 2:
        _dotted(surface, targets[0].rect.center, targets[1].rect.center, s)


def _dotted(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], s: float) -> None:
    """A dotted gold line from ``a`` to ``b`` (where a piece is dragged), ending in a bigger dot."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    step = 14 * s
    n = int(length // step)
    for i in range(1, n):
        t = i / n
        pygame.draw.circle(surface, GOLD, (round(a[0] + dx * t), round(a[1] + dy * t)), max(2, round(2.5 * s)))
    pygame.draw.circle(surface, GOLD, b, max(3, round(5 * s)), max(1, round(2 * s)))


def draw_card(surface: pygame.Surface, card: CardLayout, mouse: tuple[int, int]) -> None:
    """The guide's card: parchment, gold-edged, its title, words, gentle word and buttons."""
    s = card.scale
    rect = card.rect
    pad = round(12 * s)
    pygame.draw.rect(surface, (43, 33, 24, 70), rect.move(0, round(3 * s)), border_radius=round(8 * s))
    pygame.draw.rect(surface, PARCHMENT_LIGHT, rect, border_radius=round(8 * s))
    pygame.draw.rect(surface, GOLD, rect, max(2, round(2 * s)), border_radius=round(8 * s))
    head = assets.font("heading", round(TITLE_SIZE * s))
    counter = _counter(card.counter, rect.width, s)
    surface.blit(counter, counter.get_rect(topright=(rect.right - pad, rect.top + pad)))
    lines, above = _title_lines(card.title, card.counter, rect.width, s)
    y = rect.top + pad + (counter.get_height() if above else 0)
    room = _title_room(card.counter, rect.width, s, above)
    size = common_size(lines, "heading", round(TITLE_SIZE * s), room)  # a folded title's lines alike
    for line in lines:
        title = fit_text(line, "heading", size, room, INK)
        surface.blit(title, (rect.left + pad, y))
        y += head.get_linesize()
    y += round(4 * s)
    pygame.draw.line(surface, RULE, (rect.left + pad, y - round(3 * s)), (rect.right - pad, y - round(3 * s)))
    body = assets.font("body", round(BODY_SIZE * s))
    for line in card.lines:
        surface.blit(body.render(line, True, INK), (rect.left + pad, y))
        y += body.get_linesize()
    italic = assets.font("italic", round(BODY_SIZE * s))
    for line in card.word:
        surface.blit(italic.render(line, True, OXBLOOD), (rect.left + pad, y))
        y += body.get_linesize()
    for name, label, r in card.buttons:
        style = "quiet" if name in ("leave", "skip") else "primary"
        draw_button(surface, r, label, s, style=style, hover=r.collidepoint(mouse))
