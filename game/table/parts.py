"""The table's parts together: each part in the order the table draws them, the hand and the pointer.

The table scene holds one :class:`TableParts`. What the table is laid out from (:meth:`TableParts.situation`)
is the game now and each part's state; the routing (:mod:`game.table.routing`) finds in it the part that laid
out a region, or the parts under the pointer, and hands them their events.
"""

from __future__ import annotations

import attrs

from game.session import GameSession
from game.table.action_bar import ActionBarPart
from game.table.board import BoardPart
from game.table.chooser import ChooserLayout
from game.table.chooser_part import ChooserPart
from game.table.chronicle import ChroniclePart
from game.table.dragdrop import DragDrop
from game.table.estate_draw import PlayerStyle
from game.table.estate_panel import EstatePart, EstateScene
from game.table.layout import Situation, TableFrame, strip_for
from game.table.miniatures import MiniaturesPart
from game.table.part import Moment, Part, Point, TableHost
from game.table.pointer import Pointer
from game.table.reasons import TURN_ACTIONS
from game.table.screen import ScreenPart
from game.table.targets import ActionButton, EstateCell, OptionButton, Region
from game.table.track import TrackPart
from game.ui import layout as ui_layout
from game.ui.refusal_words import refusal_words
from rules import ChooseRegion


@attrs.define(eq=False)
class TableParts:
    track: TrackPart
    board: BoardPart
    estate: EstatePart  # whose estate is shown large, and the camera over it
    miniatures: MiniaturesPart
    chronicle: ChroniclePart  # how far the chronicle is scrolled back
    screen: ScreenPart
    actions: ActionBarPart
    chooser: ChooserPart  # the chooser open over the estate
    hand: DragDrop = attrs.field(factory=DragDrop)  # what is armed, what is dragged
    pointer: Pointer = attrs.field(factory=Pointer)  # where it is, what it hovers
    focus_context: tuple = attrs.field(default=(), init=False)  # the chooser, the piece in hand, the turn, last seen

    @classmethod
    def for_table(cls, host: TableHost, styles: list[PlayerStyle]) -> TableParts:
        return cls(TrackPart(host), BoardPart(host), EstatePart(host), MiniaturesPart(host), ChroniclePart(host),
                   ScreenPart(host), ActionBarPart(host), ChooserPart(host, styles))

    @property
    def drawn(self) -> tuple[Part, ...]:
        """Every part, in the order the table draws them (the chooser over the rest)."""
        return (self.track, self.board, self.estate, self.miniatures, self.chronicle, self.screen, self.actions,
                self.chooser)

    def situation(self, now: Moment, session: GameSession, styles: list[PlayerStyle], *, confirmed: bool,
                  hint: str, at: tuple[Point, Region | None] | None = None, keys: bool = False) -> Situation:
        """What the table is laid out from now: the game as the viewer sees it, and the state of each part
        (``hint``: the Hint button's state; ``at``: where the player points and what is there, when not the
        pointer: the focused control while they steer by keys; ``keys``: they steer by keys)."""
        piece = self.hand.active(now.inheriting)
        chooser = self.chooser.current()
        mouse, hover = at if at is not None else (self.pointer.mouse, self.pointer.hover)
        hovered = hover.target if hover is not None else None
        square = None  # a region's square, while the pointer is on the option that forms it
        if isinstance(hovered, OptionButton) and isinstance(self.chooser.lay, ChooserLayout):
            option = self.chooser.lay.option(hovered.name)
            if option is not None and isinstance(option.action, ChooseRegion):
                square = option.action.anchor
        pointed = self.chronicle.pointed(hover, session.log)
        shown = self.estate.shown_seat(now.viewer)
        camera = self.estate.camera
        estate = EstateScene(
            seat=shown, mine=now.mine, piece=piece, dragging=self.hand.dragging is not None, armed=self.hand.armed,
            strip=0, is_human=session.is_human(shown), thinking=session.thinking(),
            camera=camera.version, hovered_square=square, keys=keys,
        )
        estate = attrs.evolve(estate, strip=strip_for(chooser, now.size, now.view, estate))
        view = now.view
        return Situation(
            view=view, version=session.version, size=ui_layout.logical_size(now.size), styles=styles,
            viewer=now.viewer, confirmed=confirmed, mine=now.mine, legal=now.legal, estate=estate, camera=camera,
            chooser=chooser, selected=piece.tile if piece is not None else None, log=session.log,
            log_viewer=now.viewer if view.own_screen else None, log_scroll=self.chronicle.scroll, pointed=pointed,
            cell=hovered.pos if isinstance(hovered, EstateCell) else None,
            speed=session.speed, can_undo=session.can_undo(),
            no_undo=refusal_words(session.undo_refusal(), session.state.names), mouse=mouse, hint=hint,
        )

    def place(self, frame: TableFrame | None) -> None:
        """The table was laid out (None: it will be laid out afresh): each part learns where it is."""
        for part in self.drawn[:-1]:
            pc, lay = frame.panels[part.name] if frame is not None else (None, None)
            part.place(pc.rect if pc is not None else None, lay)
        laid = frame.chooser if frame is not None else None
        self.chooser.place(laid.card if laid is not None else None, laid)

    def owner(self, region: Region) -> Part | None:
        """The part that laid ``region`` out."""
        return next((part for part in reversed(self.drawn) if part.owns(region)), None)

    def focusables(self, inheriting: bool) -> list[Region]:
        """The regions the keyboard's focus moves between now, in Tab order: the glowing cells while a piece is in
        hand (the cursor); a modal chooser's options while it is open; else the side chooser's, then the action
        bar's, the screen's, the board's, the miniatures' and the estate's."""
        if self.hand.active(inheriting) is not None:
            cells = self.estate.cursor()
            if cells:
                return cells
        chooser = self.chooser.current()
        if chooser is not None and (chooser.modal or isinstance(self.chooser.lay, ChooserLayout)
                                    and self.chooser.lay.modal):  # (a side chooser on a card too)
            return self.chooser.focusables()
        order = (self.chooser, self.actions, self.screen, self.board, self.miniatures, self.estate)
        return [region for part in order for region in part.focusables()]

    def cursor_start(self, inheriting: bool) -> str | None:
        """With a piece in hand, where the keyboard's cursor starts: the glowing cell nearest the estate's middle."""
        start = self.estate.cursor_start() if self.hand.active(inheriting) is not None else None
        return start.key if start is not None else None

    def new_start(self, inheriting: bool, turn: tuple | None) -> str | None:
        """Where the keyboard's focus starts when a chooser opened, a piece came into hand or a turn of the viewer's
        began (``turn``: which, while the viewer decides) since last asked: the chooser's first option or the one
        it names (a side chooser's too: the decision asks there), the cursor's first cell, the first action letter
        that can be used."""
        chooser = self.chooser.current()
        held = self.hand.active(inheriting)
        context = (id(chooser) if chooser is not None else None, held, turn)
        if context == self.focus_context:
            return None
        came = turn is not None and turn != (self.focus_context[2] if self.focus_context else None)
        if held is not None:
            start = self.cursor_start(inheriting)
        elif chooser is not None:
            options = [r for r in self.chooser.focusables() if isinstance(r.target, OptionButton)]
            if not options or options[0].target.chooser != chooser.key:
                return None  # laid out for another chooser: ask again once this one is
            first = chooser.focus_first()
            start = first if any(r.key == first for r in options) else options[0].key
        elif came:
            start = next((r.key for r in self.actions.focusables() if r.enabled and isinstance(r.target, ActionButton)
                          and r.target.kind in TURN_ACTIONS), None)
            if start is None:
                return None  # the action bar still shows the turn before (a frame short of time): ask again
        else:
            start = None
        self.focus_context = context
        return start

    def pointing(self, frame: TableFrame | None, focused: str | None, pointer: bool) -> tuple[Point, Region | None]:
        """Where the player points and what is there: the pointer (``pointer``: it is used), or the region of
        ``frame`` named ``focused`` (the keyboard's focus: it looks hovered, a piece in hand shows over a cell)."""
        if pointer or frame is None:
            return self.pointer.mouse, self.pointer.hover
        region = next((r for r in reversed(frame.regions) if r.key == focused), None)
        return (region.rect.center, region) if region is not None else ((-1, -1), None)

    def under(self, at: Point) -> list[Part]:
        """The parts at ``at``, the one drawn on top first."""
        return [part for part in reversed(self.drawn) if part.rect is not None and part.rect.collidepoint(at)]

    def clear(self) -> None:
        """Nothing in hand and no chooser open (the screen may be passed on)."""
        self.hand.clear()
        self.chooser.clear()
