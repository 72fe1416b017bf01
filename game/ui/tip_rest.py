"""When a tooltip under the pointer shows, and where: once the pointer has rested on a thing for a moment, at the
spot where it came to rest, as pygame-gui's own tooltips do. A tooltip that followed every twitch of the pointer
would jitter over the very thing it explains."""

from __future__ import annotations

from collections.abc import Hashable

import attrs

#: seconds the pointer rests on a thing before its tooltip shows
TOOLTIP_DELAY = 0.45

Point = tuple[int, int]


@attrs.define
class TipRest:
    """What the pointer rests on (any key that names it, None: nothing), for how long, and where its tooltip is."""

    key: Hashable | None = None
    seconds: float = 0.0
    anchor: Point | None = None  # where its tooltip first showed: it stays there while the pointer stays on the thing

    def over(self, key: Hashable | None) -> None:
        """The pointer is over ``key`` now; onto something else, the wait starts again."""
        if key != self.key:
            self.key, self.seconds, self.anchor = key, 0.0, None

    def tick(self, dt: float) -> None:
        self.seconds += dt

    def spot(self, at: Point) -> Point | None:
        """Where the tooltip of the thing rested on shows, the pointer being at ``at`` (None: nothing, or not yet)."""
        if self.key is None or self.seconds < TOOLTIP_DELAY:
            return None
        if self.anchor is None:
            self.anchor = at
        return self.anchor
