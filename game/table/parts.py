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
from game.table.screen import ScreenPart
from game.table.targets import EstateCell, OptionButton, Region
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
                  hint: str) -> Situation:
        """What the table is laid out from now: the game as the viewer sees it, and the state of each part
        (``hint``: the Hint button's state)."""
        piece = self.hand.active(now.inheriting)
        chooser = self.chooser.current()
        hover = self.pointer.hover
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
            strip=strip_for(chooser, now.size), is_human=session.is_human(shown), thinking=session.thinking(),
            camera=camera.version, hovered_cell=hovered.pos if isinstance(hovered, EstateCell) else None,
            hovered_square=square, marked=pointed[1] if pointed is not None and pointed[0] == shown else (),
        )
        view = now.view
        return Situation(
            view=view, version=session.version, size=ui_layout.logical_size(now.size), styles=styles,
            viewer=now.viewer, confirmed=confirmed, mine=now.mine, legal=now.legal, estate=estate, camera=camera,
            chooser=chooser, selected=piece.tile if piece is not None else None, log=session.log,
            log_viewer=now.viewer if view.own_screen else None, log_scroll=self.chronicle.scroll, pointed=pointed,
            speed=session.speed, can_undo=session.can_undo(),
            no_undo=refusal_words(session.undo_refusal(), session.state.names), mouse=self.pointer.mouse, hint=hint,
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

    def under(self, at: Point) -> list[Part]:
        """The parts at ``at``, the one drawn on top first."""
        return [part for part in reversed(self.drawn) if part.rect is not None and part.rect.collidepoint(at)]

    def clear(self) -> None:
        """Nothing in hand and no chooser open (the screen may be passed on)."""
        self.hand.clear()
        self.chooser.clear()
