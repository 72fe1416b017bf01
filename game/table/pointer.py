"""The pointer over the table: where it is, what it hovers, and whose tooltip may show."""

from __future__ import annotations

import attrs

from game.table.layout import TableFrame
from game.table.targets import Region

#: seconds the pointer rests on a region before its tooltip shows
TOOLTIP_DELAY = 0.45

Point = tuple[int, int]


@attrs.define(eq=False)
class Pointer:
    mouse: Point = (0, 0)
    hover: Region | None = None  # the region under the pointer (in the last laid-out table)
    hover_time: float = 0.0  # seconds since the pointer came onto it
    tip_closed: str | None = None  # the region whose tooltip was closed by using it (until the pointer moves on)

    def moved(self, at: Point, frame: TableFrame) -> None:
        self.mouse = at
        region = frame.region_at(at)
        if region is not self.hover:
            self.hover, self.hover_time = region, 0.0

    def close_tip(self) -> None:
        """The tooltip under the pointer closes once its region is used."""
        self.tip_closed = self.hover.key if self.hover is not None else None

    def tip(self, frame: TableFrame) -> Region | None:
        """The region under the pointer in ``frame`` (a new layout's own) whose tooltip may show now."""
        region = frame.region_at(self.mouse)
        self.hover = region
        if region is None or region.key != self.tip_closed:
            self.tip_closed = None
        if region is not None and region.tip and self.hover_time >= TOOLTIP_DELAY and self.tip_closed is None:
            return region
        return None
