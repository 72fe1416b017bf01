"""What every panel of the table is laid out and drawn from, and what a laid-out panel holds."""

from __future__ import annotations

from collections.abc import Hashable

import attrs
import pygame

from game.table.estate_draw import PlayerStyle
from game.table.targets import Region
from rules import PlayerView, Pos


@attrs.define(frozen=True, eq=False)
class PanelContext:
    """One panel's rectangle and scale, and the one view it shows (never the full state).

    ``mouse`` is where the pointer is, for hover highlights; a layout never depends on it (except where a
    panel says so, see :meth:`PanelLayout.moved`).
    """

    rect: pygame.Rect
    scale: float
    view: PlayerView
    names: list[str]
    styles: list[PlayerStyle]
    mouse: tuple[int, int] = (0, 0)


def same_eyes(a: PanelContext, b: PanelContext) -> bool:
    """Both show what the same seat may know (its own screen open in both, or in neither): a panel laid out or
    drawn for one may show for the other a frame longer; never across a change of whose secrets may show."""
    return a.view.seat == b.view.seat and a.view.own_screen == b.view.own_screen


@attrs.frozen
class Pointing:
    """What the player points at, marked over the panels' pictures: it changes with every move of the pointer,
    and a mark drawn over a kept picture costs far less than the panel drawn afresh."""

    seat: int = -1  # the seat a hovered chronicle entry is about (-1: none)
    cells: tuple[Pos, ...] = ()  # the cells of the estate shown large that it is about
    cell: Pos | None = None  # the cell of the estate shown large under the pointer


@attrs.define(eq=False)
class PanelLayout:
    """A laid-out panel: its regions, and whatever positions its drawing reads."""

    regions: list[Region] = attrs.field(factory=list)

    def moved(self, mouse: tuple[int, int]) -> bool:
        """The pointer moved so that this layout is out of date (a card on the screen lifts under it)."""
        return False

    def pointed(self, mouse: tuple[int, int]) -> Hashable:
        """What the pointer changes in this panel's picture: two places with the same answer draw the same
        pixels, so the painter keeps the picture while it stays the same. By default the regions under the
        pointer; a panel that highlights less says so, and is drawn again less often."""
        return tuple(i for i, r in enumerate(self.regions) if r.rect.collidepoint(mouse))
