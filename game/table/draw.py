"""Drawing the table from a laid-out frame: the panels through their picture caches, then the chooser, the
flying effects, the dragged piece, the last notice and the tooltip. Drawing reads the frame; it never
changes the model nor decides where anything is."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator

import attrs
import pygame

from game.table.action_bar import draw_action_bar
from game.table.all_screens import AllScreensLayout, draw_all_screens
from game.table.board import draw_board, draw_board_in_steps
from game.table.chooser import Chooser, draw_chooser
from game.table.chronicle import draw_chronicle, mark_chronicle
from game.table.court import mark_board
from game.table.effects import Flight
from game.table.estate_panel import draw_estate_panel, mark_estate
from game.table.layout import PANELS, TableFrame
from game.table.miniatures import draw_miniatures, mark_miniatures
from game.table.panel import PanelContext, PanelLayout, Pointing, same_eyes
from game.table.screen import draw_screen
from game.table.targets import Piece
from game.table.track import draw_track
from game.ui import assets, widgets
from game.ui.draw import art, veil
from game.ui.theme import PARCHMENT_LIGHT

PANEL_DRAWERS: dict[str, Callable[[pygame.Surface, PanelContext, PanelLayout], None]] = {
    "track": draw_track,
    "board": draw_board,
    "estate": draw_estate_panel,
    "miniatures": draw_miniatures,
    "log": draw_chronicle,
    "screen": draw_screen,
    "actions": draw_action_bar,
}

#: the panels drawn in steps where a table is prepared (the slowest to draw first)
PANEL_STEPS: dict[str, Callable[[pygame.Surface, PanelContext, PanelLayout], Iterator[None]]] = {
    "board": draw_board_in_steps,
}

#: what is marked over a panel's picture, kept or fresh: where the player points
PANEL_MARKS: dict[str, Callable[[pygame.Surface, PanelContext, PanelLayout, Pointing], None]] = {
    "board": mark_board,
    "estate": mark_estate,
    "miniatures": mark_miniatures,
    "log": mark_chronicle,
}


@attrs.define(eq=False)
class Picture:
    """A panel's pixels (with its drop shadow), valid while its layout and what the pointer changes in it
    (:meth:`PanelLayout.pointed`) are the same."""

    layout: PanelLayout
    area: pygame.Rect
    pixels: pygame.Surface
    pointed: Hashable
    context: PanelContext  # what it was drawn from: whose eyes (game.table.panel.same_eyes)


#: seconds into a frame (from the table's update) by which the painter stops drawing changed panels afresh (the
#: others a frame or two later)
PAINT_SECONDS = 0.003
#: how much a modal chooser's veil darkens the estate and the miniatures under it (lighter than a dialog's)
CHOOSER_VEIL = 70


class TablePainter:
    """Draws the panels through per-panel picture caches: a panel is redrawn only when its layout changed
    (what it shows: the model, the seat in front, the camera, ...) or the pointer changed what it highlights
    (:meth:`PanelLayout.pointed`); what the player points at elsewhere is marked over the pictures
    (:data:`PANEL_MARKS`). ``nocache`` draws everything afresh (tests compare both).

    The pictures are composed on a backdrop, the parchment with each panel's picture in drawing order, drawn
    again only where a picture changed: a frame copies it to the screen whole instead of the parchment and every
    picture (most of a frame's time while nothing on the table changes), and marks over it.

    A change of the model lays out every panel anew, and drawing them all afresh would cost one frame some
    8 ms at 1920x1080. So the table gives a time (``until``) after which a frame draws no more panels afresh,
    in drawing order, nor starts one whose last drawing took longer than is left (``costs``); the others show
    their last picture one or two frames longer (``behind`` names them). The
    frame that brings a change may draw none when laying it out used its time; a frame catching up draws at
    least one, so the pictures catch up within a frame for each panel. A panel under the pointer, or with no
    picture of the same place, is drawn at once."""

    def __init__(self) -> None:
        self.pictures: dict[str, Picture] = {}
        self.nocache = False
        self.behind: list[str] = []  # panels showing an older picture than their layout, after the last frame
        self.costs: dict[str, float] = {}  # seconds each panel's last drawing afresh took
        self._version = 0  # of the model, in the last frame
        self._backdrop: pygame.Surface | None = None
        self.shown: dict[str, Picture] = {}  # the picture of each panel on the backdrop
        self._copy_seconds = 0.0  # the backdrop's last copy to the screen took

    def clear(self) -> None:
        self.pictures.clear()
        self.behind = []

    def paint_panels(self, surface: pygame.Surface, frame: TableFrame, mouse: tuple[int, int],
                     version: int = 0, until: float | None = None, hurry: bool = False) -> None:
        """Draw the parchment and the panels. A frame that shows a new ``version`` of the model (or catches up
        with one) draws none more afresh that would end past ``until`` (``time.perf_counter``; as long as its last
        drawing took), once it drew one if it is catching up (not when it is in a ``hurry``: a scene about to cover
        the table is prepared in it); what the pointer alone changes is drawn at once, as is everything when
        ``until`` is None."""
        if self.nocache:
            self._paint_afresh(surface, frame, mouse)
            return
        catching_up = bool(self.behind)
        spread = until is not None and (version != self._version or catching_up)
        self._version = version
        drew = False  # a panel was drawn afresh for a new layout
        self.behind = []
        areas = {name: _area(surface, frame, name) for name in PANELS}
        backdrop = self._backdrop_for(surface, areas)
        changed: list[pygame.Rect] = []  # where the backdrop was drawn anew in this frame
        marked: dict[str, PanelLayout] = {}  # where each panel's marks go: where its picture has them
        for name in PANELS:
            pc, lay = frame.panels[name]
            area = areas[name]
            done_at = time.perf_counter() + self.costs.get(name, 0.0) + self._copy_seconds  # the copy follows
            late = spread and until is not None and done_at > until
            older = self._older(name, pc, lay, area, mouse) if late and (drew or hurry or not catching_up) else None
            if older is not None:
                self.behind.append(name)
            picture = older or self._kept(name, lay, area, mouse)
            if picture is None:
                before = self.pictures.get(name)
                backdrop.set_clip(area)  # what a panel drew past its area would stay on the backdrop
                self._restore(backdrop, name, area)
                picture = self._draw_afresh(backdrop, name, pc, lay, area, mouse)
                backdrop.set_clip(None)
                drew = drew or before is None or before.layout is not lay
                redrawn = True
            else:  # the picture goes on the backdrop unless it is there, uncovered
                redrawn = self.shown.get(name) is not picture or area.collidelist(changed) >= 0
                if redrawn:
                    backdrop.blit(picture.pixels, area)
            if redrawn:
                changed.append(area)
                if picture is None:  # a panel with no room has no picture
                    self.shown.pop(name, None)
                else:
                    self.shown[name] = picture
            marked[name] = lay if picture is None else picture.layout
        started = time.perf_counter()
        surface.blit(backdrop, (0, 0))
        self._copy_seconds = time.perf_counter() - started
        for name, mark in PANEL_MARKS.items():
            mark(surface, frame.panels[name][0], marked[name], frame.pointing)

    def prepare(self, surface: pygame.Surface, frame: TableFrame, mouse: tuple[int, int]) -> Iterator[None]:
        """Draw each panel on ``surface`` and keep its picture, one a step or in its steps (a table about to be
        shown)."""
        for name in PANELS:
            pc, lay = frame.panels[name]
            area = _area(surface, frame, name)
            if name in PANEL_STEPS:
                yield from PANEL_STEPS[name](surface, pc, lay)
                self._keep(surface, name, pc, lay, area, mouse)
            elif (picture := self._kept(name, lay, area, mouse)) is not None:
                surface.blit(picture.pixels, area)
            else:
                self._draw_afresh(surface, name, pc, lay, area, mouse)
            if name in PANEL_MARKS:
                PANEL_MARKS[name](surface, pc, lay, frame.pointing)
            yield

    def _paint_afresh(self, surface: pygame.Surface, frame: TableFrame, mouse: tuple[int, int]) -> None:
        """Every panel drawn afresh over the parchment, straight on ``surface``, and its marks after it."""
        widgets.fill_parchment(surface)
        for name in PANELS:
            pc, lay = frame.panels[name]
            self._draw_afresh(surface, name, pc, lay, _area(surface, frame, name), mouse)
            if name in PANEL_MARKS:
                PANEL_MARKS[name](surface, pc, lay, frame.pointing)

    def _backdrop_for(self, surface: pygame.Surface, areas: dict[str, pygame.Rect]) -> pygame.Surface:
        """The backdrop for ``surface``: the parchment alone when it is new, or a panel's place changed."""
        backdrop = self._backdrop
        if backdrop is None or backdrop.get_size() != surface.get_size():
            backdrop = self._backdrop = pygame.Surface(surface.get_size(), 0, surface)
            self.shown = {}
        elif any(picture.area != areas[name] for name, picture in self.shown.items()):
            self.shown = {}
        if not self.shown:
            widgets.fill_parchment(backdrop)
        return backdrop

    def _restore(self, backdrop: pygame.Surface, name: str, area: pygame.Rect) -> None:
        """The backdrop in ``area`` (its clip) as it is under panel ``name``: the parchment and the panels before
        it."""
        widgets.fill_parchment(backdrop)
        for earlier in PANELS[:PANELS.index(name)]:
            shown = self.shown.get(earlier)
            if shown is not None and shown.area.colliderect(area):
                backdrop.blit(shown.pixels, shown.area)

    def _older(self, name: str, pc: PanelContext, lay: PanelLayout, area: pygame.Rect,
               mouse: tuple[int, int]) -> Picture | None:
        """The panel's picture of an older layout, to show a frame longer, if it is of the same place, for the same
        eyes (a screen passed on shows nothing of the player before), and the pointer is not over the panel (where
        the player looks, it is drawn at once); None if not."""
        old = self.pictures.get(name)
        if old is None or old.layout is lay or old.area != area or pc.rect.collidepoint(mouse):
            return None
        return old if same_eyes(old.context, pc) else None

    def _kept(self, name: str, lay: PanelLayout, area: pygame.Rect, mouse: tuple[int, int]) -> Picture | None:
        """The panel's picture if it is of this layout, place and highlights."""
        old = self.pictures.get(name)
        if old is not None and old.layout is lay and old.area == area and old.pointed == lay.pointed(mouse):
            return old
        return None

    def _draw_afresh(self, surface: pygame.Surface, name: str, pc: PanelContext, lay: PanelLayout,
                     area: pygame.Rect, mouse: tuple[int, int]) -> Picture | None:
        """Draw a panel and keep it as its picture (None where the panel has no room)."""
        started = time.perf_counter()
        if isinstance(lay, AllScreensLayout):  # the screen strip with every screen open
            draw_all_screens(surface, pc, lay)
        else:
            PANEL_DRAWERS[name](surface, pc, lay)
        picture = self._keep(surface, name, pc, lay, area, mouse)
        self.costs[name] = time.perf_counter() - started
        return picture

    def _keep(self, surface: pygame.Surface, name: str, pc: PanelContext, lay: PanelLayout, area: pygame.Rect,
              mouse: tuple[int, int]) -> Picture | None:
        """Keep the panel just drawn as its picture (None where the panel has no room)."""
        if area.width <= 0 or area.height <= 0:
            return None
        picture = self.pictures[name] = Picture(lay, area, surface.subsurface(area).copy(), lay.pointed(mouse), pc)
        return picture


def _area(surface: pygame.Surface, frame: TableFrame, name: str) -> pygame.Rect:
    """Where panel ``name``'s picture goes: its rect and its drop shadow. Panels are drawn in an order where a
    panel's shadow margin only reaches panels drawn after it, so a cached picture never covers a newer
    neighbour (the gutter above and left is kept too for the first panel, the track, whose markers stand out
    above it)."""
    pc = frame.panels[name][0]
    s, rect = pc.scale, pc.rect
    lead = frame.rects.gutter if name == "track" else 0
    margin = max(3, round(4 * s)) * 2 + 2  # the drop shadow reaches 1.5 x its offset right and down
    area = pygame.Rect(rect.x - lead, rect.y - lead, rect.width + margin + lead, rect.height + margin + lead)
    return area.clip(surface.get_rect())


def draw_chooser_over(surface: pygame.Surface, frame: TableFrame, chooser: Chooser, mouse: tuple[int, int]) -> None:
    """The chooser over the estate; a modal one shades the estate and the miniatures first."""
    if frame.chooser is None:
        return
    if frame.veil is not None:
        veil(surface, frame.veil, CHOOSER_VEIL)
    draw_chooser(surface, chooser, frame.chooser, frame.rects.scale, mouse)


def draw_flights(surface: pygame.Surface, flights: list[Flight]) -> None:
    for f in flights:
        f.draw(surface)


def draw_dragged(surface: pygame.Surface, piece: Piece, mouse: tuple[int, int], s: float) -> None:
    """The piece being dragged, under the pointer."""
    img = art(piece.art, round(52 * s)).copy()
    img.set_alpha(220)
    surface.blit(img, img.get_rect(center=mouse))


def draw_notice(surface: pygame.Surface, toast: widgets.Toast, estate: pygame.Rect, s: float,
                at: tuple[int, int] | None = None) -> None:
    """The last short message: by the pointer ``at`` (why what the player tried is not possible), else an ink
    ribbon under the estate's heading."""
    if toast.message is None:
        return
    font = assets.font("ui", max(11, round(13 * s)))
    width = estate.width - round(40 * s)
    lines = widgets.wrap(toast.message, font, width)[:3]
    pad = round(8 * s)
    lh = font.get_linesize()
    w = max(font.size(line)[0] for line in lines) + 2 * pad
    h = lh * len(lines) + 2 * pad
    rect = pygame.Rect(0, 0, w, h)
    rect.midtop = (estate.centerx, estate.top + round(46 * s))
    if at is not None:  # just above the pointer, inside the window
        rect.midbottom = (at[0], at[1] - round(14 * s))
        if rect.top < 4:
            rect.top = at[1] + round(24 * s)
        rect.clamp_ip(surface.get_rect().inflate(-8, -8))
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    alpha = 235 if toast.remaining > 0.5 else int(235 * max(0.0, toast.remaining) / 0.5)
    pygame.draw.rect(card, (43, 33, 24, alpha), card.get_rect(), border_radius=round(5 * s))
    pygame.draw.rect(card, (201, 162, 39, alpha), card.get_rect(), width=1, border_radius=round(5 * s))
    for i, line in enumerate(lines):
        img = font.render(line, True, PARCHMENT_LIGHT)
        img.set_alpha(alpha)
        card.blit(img, img.get_rect(midtop=(w // 2, pad + i * lh)))
    surface.blit(card, rect)
