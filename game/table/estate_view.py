"""The big estate in the middle of the table: a camera (pan, zoom, fit) over game.table.estate_draw.

The camera holds still: a fit is worked out once, when asked for (Fit, Home, the start of a turn, another
estate shown, the window resized), and kept while tiles are placed, so a cell stays under the pointer
between the tiles of one expand (the squares of a region to choose are brought back into view if the
chooser's strip hides them). Outside an expand, a side chooser's strip coming or going fits the estate into
the room left. Panning or zooming by hand leaves fitting until the next fit.
"""

from __future__ import annotations

import pygame

from game.table.estate_draw import EstateGeometry, estate_geometry
from rules import Estate

MIN_CELL = 12
MAX_CELL = 160


class EstateCamera:
    """Fits the estate when asked (:meth:`fit`), then keeps that view until the next fit, pan or zoom."""

    def __init__(self) -> None:
        self.auto = True  # the view is a fit (False: panned or zoomed by hand)
        self.pending = True  # a fit waits for the next layout
        self.origin = (0.0, 0.0)  # screen position of cell (0, 0)
        self.cell = 48.0
        self.version = 0  # +1 whenever the view changes
        self._last: EstateGeometry | None = None
        self._fitted_to: pygame.Rect | None = None  # the area of the last fit

    def geometry(self, estate: Estate, rect, extra=(), max_cell: int = 96, keep_in_view=(),
                 hold: bool = False) -> EstateGeometry:
        """``extra``: cells a fit takes in besides the tiles; ``keep_in_view``: cells a new decision asks about
        (the squares a region may form on), fitted again if a side chooser's strip hides them; ``hold``: an
        action is under way (an expand): the area changing does not move the cells."""
        rect = pygame.Rect(rect)
        if self.auto and not self.pending and self._last is not None:
            hidden = any(not rect.contains(self._last.cell_rect(c)) for c in keep_in_view)
            if hidden or (not hold and rect != self._fitted_to):
                self.pending = True
                extra = [*extra, *keep_in_view]
        if self.pending:
            geo = estate_geometry(estate, rect, extra=extra, margin=0.6, max_cell=max_cell)
            self.origin, self.cell = (float(geo.origin[0]), float(geo.origin[1])), float(geo.cell)
            self.pending = False
            self._fitted_to = rect
        else:
            geo = EstateGeometry((round(self.origin[0]), round(self.origin[1])), max(MIN_CELL, round(self.cell)),
                                 estate.bounds(), rect)
        self._last = geo
        return geo

    def pan(self, dx: float, dy: float) -> None:
        self.auto = False
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)
        self.version += 1

    def zoom(self, factor: float, at: tuple[int, int]) -> None:
        self.auto = False
        new = max(MIN_CELL, min(MAX_CELL, self.cell * factor))
        wx = (at[0] - self.origin[0]) / self.cell
        wy = (at[1] - self.origin[1]) / self.cell
        self.cell = new
        self.origin = (at[0] - wx * new, at[1] - wy * new)
        self.version += 1

    def fit(self) -> None:
        """Fit the estate again at the next layout."""
        self.auto = True
        self.pending = True
        self.version += 1

