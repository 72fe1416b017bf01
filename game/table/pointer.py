"""The pointer over the table: where it is, what it hovers, and whose tooltip may show."""

from __future__ import annotations

import attrs

from game.table.layout import TableFrame
from game.table.targets import Region
from game.ui.tip_rest import Point, TipRest


@attrs.define(eq=False)
class Pointer:
    mouse: Point = (0, 0)
    hover: Region | None = None  # the region under the pointer (in the last laid-out table)
    rest: TipRest = attrs.Factory(TipRest)  # how long the pointer has rested on that region, and its tooltip's spot
    tip_closed: str | None = None  # the region whose tooltip was closed by using it (until the pointer moves on)

    def moved(self, at: Point, frame: TableFrame) -> None:
        self.mouse = at
        self._over(frame.region_at(at))

    def close_tip(self) -> None:
        """The tooltip under the pointer closes once its region is used."""
        self.tip_closed = self.hover.key if self.hover is not None else None

    def tip(self, frame: TableFrame) -> Region | None:
        """The region under the pointer in ``frame`` (a new layout's own) whose tooltip may show now; it shows at
        ``rest.anchor``."""
        region = self._over(frame.region_at(self.mouse))
        if region is None or region.key != self.tip_closed:
            self.tip_closed = None
        if region is not None and region.tip and self.tip_closed is None and self.rest.spot(self.mouse) is not None:
            return region
        return None

    @property
    def spot(self) -> Point:
        """Where the tooltip that :meth:`tip` gave shows: where the pointer came to rest on its region."""
        return self.rest.anchor or self.mouse

    def _over(self, region: Region | None) -> Region | None:
        self.hover = region
        self.rest.over(region.key if region is not None else None)
        return region
