"""The chronicle at the right of the table: the game's events in the viewer's words, newest at the bottom.

The session log keeps every engine event (typed, with private parts); the chronicle words each one as the
viewer may know it (:mod:`game.ui.event_words`; ``viewer`` None at a shared screen, during a hand-off), and
reads a run of the same player's identical count events as one entry: four bribes handed back one by one
read "Walter handed back 4 bribes: +4 prestige.". Hovering an entry points at what it is about
(:func:`reference`): a cell, a region or a player. Its part (:class:`ChroniclePart`) keeps how far it is
scrolled back.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import ClassVar

import attrs
import pygame

from game import i18n
from game.i18n import _
from game.table.estate_draw import draw_crest_badge
from game.table.panel import PanelContext, PanelLayout, Pointing
from game.table.part import Part, PartEvent, Wheel
from game.table.targets import Chronicle, ChronicleEntry, Region
from game.ui import assets, widgets
from game.ui.draw import ScrollArea
from game.ui.event_words import event_words
from game.ui.theme import INK, MUTED, OXBLOOD, RULE
from rules import Event, EventKind, Pos

E = EventKind
#: events whose runs read as one entry, their amounts (and private tiles or cards) added up
MERGING = frozenset({
    E.TILES_DRAWN, E.MONEY_GAINED, E.VP_GAINED, E.BRIBES_TAKEN, E.BRIBES_RETURNED, E.DONATED, E.CARD_KEPT,
    E.CARD_HANDED_BACK, E.TILES_RETURNED,
})
#: the events that open a new part of the game, in oxblood
HEADLINES = frozenset({E.BALL_STARTED, E.DECADE_STARTED, E.GAME_ENDED})


@attrs.frozen
class Entry:
    """One line of the chronicle: ``count`` events merged into ``event``, the first at ``index`` of the log."""

    event: Event
    count: int
    index: int


#: what two events of a run share (their amounts, tiles and cards add up)
_RUN_FIELDS = tuple(name for name in Event._fields if name not in ("amount", "tiles", "cards"))


def _same(a: Event, b: Event) -> bool:
    return a.kind in MERGING and all(getattr(a, name) == getattr(b, name) for name in _RUN_FIELDS)


def entries_reversed(log: Sequence[Event]) -> Iterator[Entry]:
    """The chronicle's entries, newest first, runs merged (lazy: the chronicle reads only as far back as it
    shows)."""
    i = len(log) - 1
    while i >= 0:
        last = log[i]
        j = i
        while j > 0 and _same(log[j - 1], last):
            j -= 1
        run = log[j:i + 1]
        event = last if len(run) == 1 else last._replace(
            amount=sum(e.amount for e in run), tiles=tuple(t for e in run for t in e.tiles),
            cards=tuple(c for e in run for c in e.cards))
        yield Entry(event, len(run), j)
        i = j - 1


def entries(log: Sequence[Event]) -> list[Entry]:
    """The whole chronicle, oldest first (tests)."""
    out = list(entries_reversed(log))
    out.reverse()
    return out


def reference(e: Event) -> tuple[int, tuple[Pos, ...]]:
    """What an event is about on the table: (whose estate or court row, the cells on that estate)."""
    if e.kind in (E.TILE_PLACED, E.BUILT, E.BUILDING_SCORED) and e.pos is not None:
        return e.seat, (e.pos,)
    if e.kind in (E.REGION_FORMED, E.KNIGHT_PLACED) and e.pos is not None:
        x, y = e.pos
        owner = e.other if e.kind == E.KNIGHT_PLACED else e.seat
        return owner, ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
    return e.seat, ()


# -- the chronicle panel at the right of the table --------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def _worded(event: Event, names: tuple[str, ...], viewer: int | None, count: int, _language: str) -> str:
    """An entry in words, made once per language (every change of the game lays the chronicle out anew); a name
    that ends in a number keeps it ("Normal 3's turn" folded after "Normal" read as a count of 3)."""
    return event_words(event, tuple(widgets.numbered_name(name) for name in names), viewer, count)


def _wrapped(entry: str, size: int, width: int, role: str = "body", first: int | None = None) -> tuple[str, ...]:
    """``entry`` in lines of ``width`` (``first``: the first line's room, where a crest stands before it)."""
    return _wrapped_at(entry, size, width, assets.text_scale(), role, first)


@functools.lru_cache(maxsize=4096)
def _wrapped_at(entry: str, size: int, width: int, _scale: float, role: str, first: int | None) -> tuple[str, ...]:
    return tuple(widgets.wrap(entry, assets.font(role, size), width, break_words=True, first=first))


def crest_side(line_h: int, s: float) -> int:
    """The side of the crest before a new turn's line."""
    return max(8, line_h - round(4 * s))


def heading_indent(line_h: int, s: float) -> int:
    """Where a new turn's first line starts: after its crest."""
    return crest_side(line_h, s) + round(4 * s)


def hanging_indent(line_h: int, s: float) -> int:
    """How far an entry's second and later lines stand in from its first: half a line's height, so that where one
    entry ends and the next begins shows at the largest text size too."""
    return max(round(8 * s), line_h // 2)


@attrs.frozen
class Line:
    text: str
    first: bool  # an entry's first line
    entry: Entry


@attrs.define(eq=False)
class ChronicleLayout(PanelLayout):
    area: pygame.Rect = attrs.field(factory=pygame.Rect)  # where the lines are
    rule_y: int = 0  # the hairline under the title
    lines: list[Line] = attrs.field(factory=list)  # shown, oldest first
    scroll: int = 0  # lines up from the newest
    max_scroll: int = 0
    total: int = 0  # lines wrapped so far
    more: bool = False  # older entries exist beyond what was wrapped
    line_h: int = 0

    def pointed(self, mouse: tuple[int, int]) -> None:
        """The picture never changes with the pointer: the entry under it is lit over it (mark_chronicle)."""
        return None


def text_size(s: float) -> int:
    return max(12, round(15 * s))


def layout_chronicle(pc: PanelContext, log: Sequence[Event], scroll: int, viewer: int | None) -> ChronicleLayout:
    """The newest lines at the bottom, ``scroll`` lines up from the end (clamped to what there is), worded for
    ``viewer``. Only the entries the chronicle shows are wrapped, newest first, each once (cached)."""
    s, rect = pc.scale, pc.rect
    pad = round(10 * s)
    title = widgets.gold_text(_("Chronicle"), round(22 * s))
    top = rect.top + round(8 * s) + title.get_height()
    area = pygame.Rect(
        rect.left + pad, top + round(4 * s), rect.width - 2 * pad, rect.bottom - pad - top - round(4 * s)
    )
    size = text_size(s)
    line_h = assets.font("body", size).get_linesize()
    visible = max(1, area.height // line_h)
    width, hang, head = area.width - round(4 * s), hanging_indent(line_h, s), heading_indent(line_h, s)
    wrapped: list[Line] = []
    need = visible + scroll + 1
    for entry in entries_reversed(log):
        words = _worded(entry.event, tuple(pc.names), viewer, entry.count, i18n.language())
        # the first line after the crest (a new turn's, in the heading face) or whole, the others under a hanging
        # indent: a long name in the narrow column folds whole rather than split beside the crest
        heading = entry.event.kind == E.TURN_STARTED
        lines = _wrapped(words, size, width - hang, "heading" if heading else "body",
                         first=width - head if heading else width)
        wrapped[:0] = [Line(line, k == 0, entry) for k, line in enumerate(lines)]
        if len(wrapped) >= need:
            break
    total = len(wrapped)
    more = total >= need
    max_scroll = max(0, total - visible) + (1 if more else 0)
    scroll = max(0, min(scroll, max_scroll))
    lay = ChronicleLayout(area=area, rule_y=top, scroll=scroll, max_scroll=max_scroll, total=total, more=more,
                          line_h=line_h)
    lay.lines = wrapped[max(0, total - visible - scroll) : total - scroll] if wrapped else []
    lay.regions.append(
        Region(area, Chronicle(), _("The chronicle of the game: every event in words. Scroll with the mouse wheel."))
    )
    for k, line in enumerate(lay.lines):  # each line points at what its entry is about
        row = pygame.Rect(area.left, area.top + k * line_h, area.width, line_h)
        lay.regions.append(Region(row, ChronicleEntry(line.entry.index), "", topic=None))
    return lay


def draw_chronicle(surface: pygame.Surface, pc: PanelContext, lay: ChronicleLayout) -> None:
    s, rect, area = pc.scale, pc.rect, lay.area
    widgets.panel(surface, rect, s)
    pad = round(10 * s)
    title = widgets.gold_text(_("Chronicle"), round(22 * s))
    surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + round(6 * s))))
    pygame.draw.line(surface, RULE, (rect.left + pad, lay.rule_y), (rect.right - pad, lay.rule_y), 1)
    old = surface.get_clip()
    surface.set_clip(ScrollArea(area))
    for k, line in enumerate(lay.lines):
        _draw_line(surface, pc, lay, k, line, lit=False)
    surface.set_clip(old)
    if lay.max_scroll:
        visible = max(1, area.height // lay.line_h)
        frac = 1 - lay.scroll / lay.max_scroll
        bar_h = max(round(20 * s), area.height * visible // max(1, lay.total + (20 if lay.more else 0)))
        by = area.top + int((area.height - bar_h) * frac)
        pygame.draw.rect(surface, RULE, (rect.right - round(6 * s), by, round(3 * s), bar_h), border_radius=2)


def mark_chronicle(surface: pygame.Surface, pc: PanelContext, lay: ChronicleLayout, _pointing: Pointing) -> None:
    """Over the chronicle's picture: the entry under the pointer lit up, all its lines (a few lines drawn again
    where the whole panel would cost a large window some 10 ms at every entry the pointer crosses)."""
    pointed = pointed_entry(lay, pc.mouse)
    if pointed is None:
        return
    old = surface.get_clip()
    surface.set_clip(ScrollArea(lay.area))
    for k, line in enumerate(lay.lines):
        if line.entry == pointed:
            _draw_line(surface, pc, lay, k, line, lit=True)
    surface.set_clip(old)


def _draw_line(surface: pygame.Surface, pc: PanelContext, lay: ChronicleLayout, k: int, line: Line, *,
               lit: bool) -> None:
    """Line ``k`` of the chronicle: the newest three in ink, headlines in oxblood, the rest muted; ``lit``: on
    a band, in ink (its entry is pointed at)."""
    s, area, lh = pc.scale, lay.area, lay.line_h
    y = area.top + k * lh
    e = line.entry.event
    newest = lay.scroll == 0 and k >= len(lay.lines) - 3
    colour = pygame.Color(OXBLOOD) if e.kind in HEADLINES else (INK if newest else MUTED)
    if lit:
        pygame.draw.rect(surface, (228, 214, 180), (area.left, y, area.width, lh), border_radius=round(3 * s))
        colour = INK
    indent = 0 if line.first else hanging_indent(lh, s)
    if e.kind == E.TURN_STARTED:  # a new turn in the heading face; on its first line a hairline and the crest
        if line.first:
            pygame.draw.line(surface, RULE, (area.left, y + 1), (area.right - round(6 * s), y + 1), 1)
            d = crest_side(lh, s)
            draw_crest_badge(surface, (area.left + d // 2, y + lh // 2 + 1), d, pc.styles[e.seat])
            indent = heading_indent(lh, s)
        img = assets.font("heading", text_size(s)).render(line.text, True, colour)
        surface.blit(img, (area.left + indent, y + 1))
    else:
        surface.blit(assets.font("body", text_size(s)).render(line.text, True, colour), (area.left + indent, y))


def pointed_entry(lay: ChronicleLayout, mouse: tuple[int, int]) -> Entry | None:
    """The entry of the line under the pointer."""
    if not lay.area.collidepoint(mouse) or not lay.line_h:
        return None
    k = (mouse[1] - lay.area.top) // lay.line_h
    return lay.lines[k].entry if 0 <= k < len(lay.lines) else None


@attrs.define(eq=False)
class ChroniclePart(Part):
    """The chronicle as a part: how far it is scrolled back (the wheel over it; the newest lines again when
    events arrive), and what its hovered entry is about on the table."""

    name: ClassVar[str] = "log"
    scroll: int = 0  # lines up from the newest

    def process_event(self, event: PartEvent) -> bool:
        if isinstance(event, Wheel):
            self.scroll = max(0, self.scroll + event.steps * 2)
            return True
        return False

    def keep_in_range(self) -> None:
        """No further back than the chronicle goes (as last laid out)."""
        if isinstance(self.lay, ChronicleLayout):
            self.scroll = min(self.scroll, self.lay.max_scroll)

    @staticmethod
    def pointed(hovered: Region | None, log: Sequence[Event]) -> tuple[int, tuple[Pos, ...]] | None:
        """What the entry under the pointer is about (whose row or estate, which cells); None off its entries."""
        target = hovered.target if hovered is not None else None
        if isinstance(target, ChronicleEntry) and target.index < len(log):
            return reference(log[target.index])
        return None
