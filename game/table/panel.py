"""What every panel of the table is laid out and drawn from, and what a laid-out panel holds."""

from __future__ import annotations

import attrs
import pygame

from game.table.estate_draw import PlayerStyle
from game.table.targets import Region
from rules import PlayerView


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


@attrs.define(eq=False)
class PanelLayout:
    """A laid-out panel: its regions, and whatever positions its drawing reads."""

    regions: list[Region] = attrs.field(factory=list)

    def moved(self, mouse: tuple[int, int]) -> bool:
        """The pointer moved so that this layout is out of date (a card on the screen lifts under it)."""
        return False
