"""The big estate in the middle of the table: a camera (pan, zoom, auto-fit) over game.table.estate_draw."""

from __future__ import annotations

import pygame

from game.table.estate_draw import EstateGeometry, estate_geometry
from rules import Estate

MIN_CELL = 12
MAX_CELL = 160


class EstateCamera:
    """Auto-fits the estate until the player pans or zooms; Home (or a double click) fits again."""

    def __init__(self) -> None:
        self.auto = True
        self.origin = (0.0, 0.0)  # manual mode: screen position of cell (0, 0)
        self.cell = 48.0
        self._last: EstateGeometry | None = None

    def geometry(self, estate: Estate, rect: pygame.Rect, extra=(), max_cell: int = 96) -> EstateGeometry:
        rect = pygame.Rect(rect)
        if self.auto:
            geo = estate_geometry(estate, rect, extra=extra, margin=0.6, max_cell=max_cell)
        else:
            xs = [p[0] for p in estate.tiles] or [0]
            ys = [p[1] for p in estate.tiles] or [0]
            geo = EstateGeometry(
                (round(self.origin[0]), round(self.origin[1])),
                max(MIN_CELL, round(self.cell)),
                (min(xs), min(ys), max(xs), max(ys)),
                rect,
            )
        self._last = geo
        return geo

    def _manual(self) -> None:
        if self.auto and self._last is not None:
            self.origin = (float(self._last.origin[0]), float(self._last.origin[1]))
            self.cell = float(self._last.cell)
        self.auto = False

    def pan(self, dx: float, dy: float) -> None:
        self._manual()
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)

    def zoom(self, factor: float, at: tuple[int, int]) -> None:
        self._manual()
        new = max(MIN_CELL, min(MAX_CELL, self.cell * factor))
        wx = (at[0] - self.origin[0]) / self.cell
        wy = (at[1] - self.origin[1]) / self.cell
        self.cell = new
        self.origin = (at[0] - wx * new, at[1] - wy * new)

    def fit(self) -> None:
        self.auto = True
