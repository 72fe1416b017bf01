"""A part of the table, and the one small door between the parts and the table that holds them.

Each part (the track, the board, the estate, the miniatures, the chronicle, the screen, the action bar, the
chooser) keeps its own state in one object and handles the events that concern it, as a pygame-gui element
does: :meth:`Part.process_event` takes a typed event (:data:`PartEvent`) that the table routed to it, the part
under the pointer or with the focus; :attr:`Part.lay` is where it was laid out last (its rectangle and its
regions). What a part may ask of the table is :class:`TableHost` and nothing more: the game as the viewer sees
it now (:class:`Moment`), a move for the engine, a request (:data:`Request`: a chooser to open, a piece to hold,
an estate to show, one of the table's own commands), or a refusal said at the pointer. No part sees the scene.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

import attrs
import pygame

from game.table.choosers import ChooserMaker
from game.table.panel import PanelLayout
from game.table.rects import table_rects
from game.table.targets import Control, Piece, Region
from game.ui import layout as ui_layout
from rules import Action, Decision, PlayerView

Point = tuple[int, int]


@attrs.frozen(eq=False)
class Moment:
    """What the parts read of the game now: the viewer's view and, while they decide, their legal moves."""

    view: PlayerView
    viewer: int  # the seat in front of the screen
    mine: bool  # the viewer decides now (confirmed at the curtain, not an autoplay run)
    legal: list[Action]  # the viewer's legal actions while they decide (empty otherwise)
    taken: int  # how many actions the game has taken: with the step and the decider it names the decision
    size: tuple[int, int]  # the window

    @property
    def step(self) -> Decision:
        return self.view.state.step

    @property
    def names(self) -> list[str]:
        return self.view.state.names

    @property
    def decision(self) -> tuple[Decision, int, int]:
        """The pending decision, told apart from the one before it even when both are of the same kind."""
        return self.step, self.view.state.decider, self.taken

    @property
    def inheriting(self) -> bool:
        """The viewer places the castle an Inheritance gave: a click on a cell places it."""
        return self.mine and self.step == Decision.INHERITANCE

    @property
    def rects(self) -> ui_layout.TableLayout:
        """The table's panels in the window now."""
        return table_rects(self.size)


# -- what a part may ask of the table -----------------------------------------------------------------------
@attrs.frozen
class OpenChooser:
    """Open the chooser ``maker`` builds (a button of the action bar)."""

    maker: ChooserMaker


@attrs.frozen
class Hold:
    """Hold ``piece`` for a click on a cell (None: put down what is held)."""

    piece: Piece | None


@attrs.frozen
class ShowEstate:
    """Show ``seat``'s estate large (the viewer's own: their estate again)."""

    seat: int


#: what a part may ask the table to do besides a move; a :class:`Control` is one of the table's own commands
Request = OpenChooser | Hold | ShowEstate | Control


class TableHost(Protocol):
    """What a part may ask of the table that holds it: the whole door, four names."""

    def now(self) -> Moment:
        """The game as the viewer sees it now."""
        ...

    def do(self, action: Action) -> bool:
        """Take ``action`` for the viewer; a refused one is told at the pointer, never raised."""
        ...

    def ask(self, request: Request) -> None:
        """Have the table do ``request``."""
        ...

    def refuse(self, why: str) -> None:
        """Something the player tried is not possible: say ``why`` at the pointer."""
        ...


# -- the events the table routes to a part ------------------------------------------------------------------
@attrs.frozen
class Click:
    """A left click: released on the region it was pressed on. On a cell, ``held`` is what the click places."""

    region: Region
    held: Piece | None = None


@attrs.frozen
class Drop:
    """A carried piece let go at ``at`` (over ``region``, if any)."""

    piece: Piece
    at: Point
    region: Region | None


@attrs.frozen
class Wheel:
    """The mouse wheel turned ``steps`` (up is positive) with the pointer at ``at``."""

    steps: int
    at: Point


@attrs.frozen
class Pan:
    """The right or middle button: pressed at ``at`` (``start``), moved to ``at``, or let go (``at`` None)."""

    at: Point | None
    start: bool = False


@attrs.frozen
class Key:
    key: int
    mods: int


PartEvent = Click | Drop | Wheel | Pan | Key


@attrs.define(eq=False)
class Part:
    """One part of the table: its state (in the subclass), where it was laid out, and its events.

    ``name`` is its panel in the laid-out table (:data:`game.table.layout.PANELS`, or "chooser").
    """

    name: ClassVar[str]
    host: TableHost
    rect: pygame.Rect | None = attrs.field(default=None, init=False)  # where it was laid out last
    lay: PanelLayout | None = attrs.field(default=None, init=False)  # its regions, and what its drawing reads

    def place(self, rect: pygame.Rect | None, lay: PanelLayout | None) -> None:
        """The table was laid out: this part is at ``rect``, laid out as ``lay``."""
        self.rect, self.lay = rect, lay

    def owns(self, region: Region) -> bool:
        """``region`` is one this part laid out."""
        return self.lay is not None and any(r is region for r in self.lay.regions)

    def process_event(self, event: PartEvent) -> bool:
        """Handle ``event`` if it concerns this part; True when it was used."""
        return False
