"""Drag and drop at the table, in one place: what is armed, what is carried, and where it may drop.

A piece (a tile from the screen, a building from the board, the castle an Inheritance gives) reaches a cell of
the estate in one of two ways: dragged there (pressed on its region, carried past :data:`DRAG_THRESHOLD` pixels,
let go over the cell), or armed by a click and then placed by a click on the cell. :class:`DragDrop` holds that
state and decides each step of the gesture from the regions of the laid-out table; it never draws and needs no
window. Where a piece may drop comes from the engine's legal actions (:func:`cell_actions`).
"""

from __future__ import annotations

import math

import attrs

from game.table.targets import INHERITED_CASTLE, Piece, Region
from rules import Action, Pos

#: how far (pixels) a press moves before it is a drag rather than a click
DRAG_THRESHOLD = 6

Point = tuple[int, int]


def cell_actions(legal: list[Action], piece: Piece | None) -> dict[Pos, Action]:
    """Where ``piece`` may drop: estate cell -> the action dropping it there takes."""
    if piece is None:
        return {}
    return {a.pos: a for a in legal if piece.becomes(a)}


@attrs.define(eq=False)
class DragDrop:
    """The player's hand over the table."""

    armed: Piece | None = None  # chosen by a click, waiting for a cell
    dragging: Piece | None = None  # carried by a drag
    press: Point | None = None  # where the left button went down, until it comes up
    pressed: Region | None = None  # the region it went down on

    def press_on(self, at: Point, region: Region | None) -> None:
        self.press, self.pressed = at, region

    def moved(self, at: Point) -> Region | None:
        """The pointer moved while the button is down. Once past the threshold, the pressed region's piece is
        carried if it may be taken (the armed one is put down); if it may not, the press ends there. Returns
        the pressed region when either happened (its ``refused`` says why not), else None."""
        region = self.pressed
        if self.press is None or self.dragging is not None or region is None or \
                math.dist(at, self.press) <= DRAG_THRESHOLD:
            return None
        if region.drag is not None and region.enabled:
            self.dragging, self.armed = region.drag, None
            return region
        if region.refused:
            self.press = self.pressed = None
            return region
        return None

    def release(self, over: Region | None) -> Piece | Region | None:
        """The button came up over ``over``: the piece that was carried (it drops there), else the region the
        release clicks (``over``, if the press began on it or on no region), else None."""
        piece, self.dragging = self.dragging, None
        press, self.press = self.press, None
        pressed, self.pressed = self.pressed, None
        if piece is not None:
            return piece
        if press is None or over is None or (pressed is not None and over.key != pressed.key):
            return None
        return over

    def toggle(self, piece: Piece) -> None:
        """A click on a piece arms it; a second click puts it down."""
        self.armed = None if self.armed == piece else piece

    def active(self, inheriting: bool) -> Piece | None:
        """What a click on a cell would place: the carried or armed piece, or the castle being inherited."""
        if self.dragging is not None:
            return self.dragging
        if self.armed is not None:
            return self.armed
        return INHERITED_CASTLE if inheriting else None

    def clear(self) -> None:
        """Nothing in hand (the game moved on, or the screen is passed on)."""
        self.armed = self.dragging = None

    def cancel_press(self) -> None:
        """Forget a press and what it carries (the table was covered by another scene meanwhile)."""
        self.dragging = self.press = None
