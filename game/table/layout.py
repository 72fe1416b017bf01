"""The table's layout pass: every clickable region, from the view, the window size and the UI state.

:func:`layout_table` turns a :class:`Situation` into a :class:`TableFrame`: each panel's layout (its regions
and the positions its drawing reads), the chooser's, the anchors of the effects. Hit tests, hover,
tooltips and the drawing all read the frame; nothing is drawn to find out where things are. Panels are
laid out again only when what they show changes (:class:`PanelMemo`), and a frame short of time (the one in
which the turn passes changes most of them) keeps some for a frame more, as the painter keeps their pictures:
the input always lays the whole table out first, so a click never meets an older layout.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator
from typing import Any

import attrs
import pygame

from game.table.action_bar import layout_action_bar
from game.table.all_screens import Holdings, layout_all_screens
from game.table.board import layout_board
from game.table.chooser import Chooser, ChooserLayout, layout_chooser, strip_height
from game.table.chronicle import layout_chronicle
from game.table.effects import Anchors
from game.table.estate_draw import EstateGeometry, PlayerStyle
from game.table.estate_panel import EstateScene, heading_bottom, layout_estate
from game.table.estate_view import EstateCamera
from game.table.miniatures import layout_miniatures
from game.table.panel import PanelContext, PanelLayout, Pointing, same_eyes
from game.table.rects import table_rects
from game.table.screen import layout_screen
from game.table.targets import (
    BOARD_BUILDINGS,
    CourtRow,
    Miniature,
    Piece,
    Region,
    ScreenTile,
    Veil,
    folly_piece,
    tile_piece,
)
from game.table.track import layout_track
from game.ui import layout as ui_layout
from rules import (
    Action,
    Card,
    Event,
    Folly,
    MoveKnight,
    PlaceKnight,
    PlayCard,
    PlayerView,
    Pos,
    TileType,
)

#: the panels in the order they are drawn (a panel's shadow only reaches panels drawn after it)
PANELS = ("track", "board", "estate", "miniatures", "log", "screen", "actions")


@attrs.frozen(eq=False)
class Situation:
    """What the table is laid out from: the viewer's view, the window size and the UI state."""

    view: PlayerView
    version: int  # of the session: +1 whenever the game changes
    size: tuple[int, int]  # the logical window size
    styles: list[PlayerStyle]
    viewer: int
    confirmed: bool  # the viewer confirmed at the curtain
    mine: bool  # the viewer decides now
    legal: list[Action]  # the viewer's legal actions while they decide (empty otherwise)
    estate: EstateScene
    camera: EstateCamera
    chooser: Chooser | None
    selected: TileType | None  # the tile kind armed by a click
    log: list[Event]
    log_viewer: int | None  # whose private events the chronicle words (None: nobody's, at a shared screen)
    log_scroll: int
    pointed: tuple[int, tuple[Pos, ...]] | None  # what the hovered chronicle entry is about: seat, cells
    cell: Pos | None  # the cell of the estate shown large under the pointer (or the focus)
    speed: str
    can_undo: bool
    no_undo: str  # why Undo cannot take anything back now
    mouse: tuple[int, int]
    hint: str = ""  # the Hint button: "" (none), "offered", "thinking" or "ready"
    everyone: tuple[Holdings, ...] = ()  # every seat's open screen in the strip (a finished game's replay)

    def draggable(self) -> frozenset[Piece]:
        """The pieces the viewer may carry to the estate now (from the board and the screen)."""
        return frozenset(p for p in ALL_PIECES if any(p.becomes(a) for a in self.legal))

    def playable(self) -> frozenset[Card]:
        return frozenset(a.card for a in self.legal if isinstance(a, PlayCard))


#: every piece that can be carried from the board or the screen
ALL_PIECES = (*BOARD_BUILDINGS.values(), *(folly_piece(f) for f in Folly), *(tile_piece(t) for t in TileType))


@attrs.define(eq=False)
class TableFrame:
    """One laid-out table."""

    rects: ui_layout.TableLayout
    panels: dict[str, tuple[PanelContext, PanelLayout]]
    chooser: ChooserLayout | None
    veil: pygame.Rect | None  # the shade behind a modal chooser
    regions: list[Region]  # every region, in drawing order (the last is on top)
    anchors: Anchors
    geo: EstateGeometry  # the big estate's cells on the screen
    pointing: Pointing  # marked over the panels' pictures
    older: tuple[str, ...] = ()  # panels that show what they showed a frame before (laid out in a later frame)

    def region_at(self, pos: tuple[int, int]) -> Region | None:
        for r in reversed(self.regions):
            if r.rect.collidepoint(pos):
                return r
        return None


class PanelMemo:
    """Each panel's last layout, kept while its key (what the panel shows) is the same, and the context it was
    laid out in."""

    def __init__(self) -> None:
        self.layouts: dict[str, tuple[Hashable, PanelLayout]] = {}
        self.contexts: dict[str, PanelContext] = {}

    def older(self, name: str, key: Hashable, pc: PanelContext) -> tuple[PanelContext, PanelLayout] | None:
        """The panel's last layout if it shows something other than ``key`` at ``pc``'s place and scale, with its
        own context (at the pointer now): what a frame short of time may show once more. None if there is
        none, or the pointer is over the panel (where the player looks, it is laid out at once)."""
        entry, old = self.layouts.get(name), self.contexts.get(name)
        if entry is None or old is None or entry[0] == key or pc.rect.collidepoint(pc.mouse):
            return None
        if old.rect != pc.rect or old.scale != pc.scale or entry[1].moved(pc.mouse) or not same_eyes(old, pc):
            return None
        return attrs.evolve(old, mouse=pc.mouse), entry[1]

    def panel(self, name: str, key: Hashable, pc: PanelContext,
              make: Callable[[PanelContext], PanelLayout]) -> tuple[PanelLayout, bool]:
        """The panel's layout for ``key`` in ``pc`` (see :meth:`get`), and whether it was laid out afresh (then
        ``pc`` is kept as its context, for :meth:`older`)."""
        before = self.layouts.get(name)
        lay = self.get(name, key, pc.mouse, lambda: make(pc))
        made = before is None or before[1] is not lay
        if made:
            self.contexts[name] = pc
        return lay, made

    def get(self, name: str, key: Hashable, mouse: tuple[int, int], make: Callable[[], Any]) -> Any:
        entry = self.layouts.get(name)
        if entry is not None and entry[0] == key and not entry[1].moved(mouse):
            return entry[1]
        lay = make()
        self.layouts[name] = (key, lay)
        return lay

    def clear(self) -> None:
        self.layouts.clear()
        self.contexts.clear()


#: seconds into a frame (from the table's update) after which the table lays out no more changed panels than one
#: (the others keep their layout and picture a frame longer); the input always finds the table laid out anew
LAYOUT_SECONDS = 0.002


def layout_table(sit: Situation, memo: PanelMemo, until: float | None = None) -> TableFrame:
    """The table laid out for ``sit``. Past ``until`` (``time.perf_counter``), once one panel was laid out
    afresh, a changed panel keeps its older layout where it can (:meth:`PanelMemo.older`; the frame's
    ``older``); without ``until`` everything is laid out for ``sit``."""
    rects = table_rects(sit.size)
    panels: dict[str, tuple[PanelContext, PanelLayout]] = {}
    older: list[str] = []
    for _ in _lay_out_panels(sit, rects, memo, panels, until, older):
        pass
    regions = [r for name in PANELS for r in panels[name][1].regions]
    chooser, veil = _layout_chooser(sit, rects, regions, memo)
    return TableFrame(rects, panels, chooser, veil, regions, _anchors(panels, sit.view.seat),
                      panels["estate"][1].geo, _pointing(sit), tuple(older))


def layout_in_steps(sit: Situation, memo: PanelMemo) -> Iterator[None]:
    """Lay the panels and the chooser out into ``memo``, one a step: a table being prepared spreads the work
    over frames, and :func:`layout_table` then finds them laid out."""
    rects = table_rects(sit.size)
    yield from _lay_out_panels(sit, rects, memo, {})
    _layout_chooser(sit, rects, [], memo)


def _lay_out_panels(sit: Situation, rects: ui_layout.TableLayout, memo: PanelMemo,
                    panels: dict[str, tuple[PanelContext, PanelLayout]], until: float | None = None,
                    older: list[str] | None = None) -> Iterator[None]:
    """Each panel into ``panels`` in drawing order, from ``memo`` while what it shows is the same; a step each.
    Past ``until``, once one was laid out afresh, the changed ones keep their older layout where they can (their
    names into ``older``)."""
    s = rects.scale
    base = (sit.version, sit.size, sit.viewer, sit.confirmed, sit.mine)
    names = sit.view.state.names
    draggable = sit.draggable()
    fresh = 0  # panels laid out afresh in this pass

    def panel(name: str, key: Hashable, make: Callable[[PanelContext], PanelLayout]) -> None:
        nonlocal fresh
        pc = PanelContext(getattr(rects, name), s, sit.view, names, sit.styles, sit.mouse)
        if fresh and until is not None and older is not None and time.perf_counter() > until:
            kept = memo.older(name, key, pc)
            if kept is not None:
                panels[name] = kept
                older.append(name)
                return
        lay, made = memo.panel(name, key, pc, make)
        fresh += made
        panels[name] = (pc, lay)

    board_pieces = frozenset(p for p in draggable if p.tile is None)
    tile_pieces = frozenset(p for p in draggable if p.tile is not None)
    knights = _knight_targets(sit.legal)
    playable = sit.playable()
    # the track shows only the decade and the round marker: kept when the turn passes without moving it
    panel("track", (sit.size, s, sit.view.state.decade, sit.view.state.round_pos), layout_track)
    yield
    panel("board", (base, board_pieces), lambda pc: layout_board(pc, board_pieces))
    yield
    panel("estate", (base, sit.estate), lambda pc: layout_estate(pc, sit.estate, sit.camera, sit.legal))
    yield
    panel("miniatures", (base, sit.estate.seat, knights), lambda pc: layout_miniatures(pc, sit.estate.seat, knights))
    yield
    log_key = (base, len(sit.log), sit.log[-1] if sit.log else None, sit.log_scroll, tuple(names), sit.log_viewer)
    panel("log", log_key, lambda pc: layout_chronicle(pc, sit.log, sit.log_scroll, sit.log_viewer))
    yield
    if sit.everyone:
        panel("screen", (base, sit.everyone), lambda pc: layout_all_screens(pc, sit.everyone))
    else:
        panel("screen", (base, tile_pieces, playable, sit.selected),
              lambda pc: layout_screen(pc, tile_pieces, playable, sit.selected))
    yield
    panel("actions", (base, sit.speed, sit.can_undo, sit.no_undo, sit.hint),
          lambda pc: layout_action_bar(pc, sit.mine, sit.can_undo, sit.speed, sit.no_undo, sit.hint))
    yield


def _pointing(sit: Situation) -> Pointing:
    if sit.pointed is None:
        return Pointing(cell=sit.cell)
    seat, cells = sit.pointed
    return Pointing(seat, cells if seat == sit.estate.seat else (), sit.cell)


def _knight_targets(legal: list[Action]) -> tuple[tuple[int, int], ...]:
    """(owner, region) of each region the viewer's knight may go to, in the order of the legal actions."""
    targets: dict[tuple[int, int], None] = {}
    for a in legal:
        if isinstance(a, PlaceKnight | MoveKnight):
            targets.setdefault((a.owner, a.region), None)
    return tuple(targets)


def _layout_chooser(
    sit: Situation, rects: ui_layout.TableLayout, regions: list[Region], memo: PanelMemo
) -> tuple[ChooserLayout | None, pygame.Rect | None]:
    chooser = sit.chooser
    if chooser is None:
        return None, None
    s = rects.scale
    veil = None
    card = chooser.modal or not sit.estate.strip  # (a side chooser whose strip the estate cannot hold: a card)
    if card:
        area = rects.estate.union(rects.miniatures).inflate(-round(12 * s), -round(12 * s))
        veil = rects.estate.union(rects.miniatures)
        regions.append(Region(veil, Veil()))
    else:
        inner = rects.estate.inflate(-round(12 * s), -round(12 * s))
        area = pygame.Rect(inner.left, inner.bottom - sit.estate.strip, inner.width, sit.estate.strip)
    key = (chooser, chooser.state(), tuple(area), s, card)
    lay = memo.get("chooser", key, sit.mouse, lambda: layout_chooser(chooser, area, s, card))
    regions.extend(lay.regions)
    return lay, veil


def strip_for(chooser: Chooser | None, size: tuple[int, int], view: PlayerView, estate: EstateScene) -> int:
    """The height of the strip a side chooser takes under the estate shown as ``estate``: 0 where there is none, or
    where the estate cannot hold it under its heading (many options that name long names, at a large text size):
    the chooser then takes a card over the estate and the miniatures."""
    if chooser is None or chooser.modal:
        return 0
    rects = table_rects(size)
    s = rects.scale
    inner = rects.estate.inflate(-round(12 * s), -round(12 * s))
    height = strip_height(chooser, s, inner.width)
    return height if inner.bottom - height >= heading_bottom(rects.estate, s, view, estate) else 0


def _anchors(panels: dict[str, tuple[PanelContext, PanelLayout]], viewer: int) -> Anchors:
    players: dict[int, tuple[int, int]] = {}
    minis: dict[int, tuple[int, int]] = {}
    for r in panels["board"][1].regions:
        if isinstance(r.target, CourtRow):
            players[r.target.seat] = r.rect.center
    sources = dict(players)
    screen_tiles = [r for r in panels["screen"][1].regions if isinstance(r.target, ScreenTile)]
    if screen_tiles:
        sources[viewer] = screen_tiles[0].rect.center
    for r in panels["miniatures"][1].regions:
        if isinstance(r.target, Miniature):
            minis[r.target.seat] = r.rect.center
    return Anchors(players, sources, minis)
