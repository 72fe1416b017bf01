"""A masked ball, laid out as the table is: its controls and what they are about as typed regions, and what an
overlay (:mod:`game.table.overlay`) may see of the ball and do there.

The ball's scene (``game.scenes.ball``) lays itself out as a :class:`BallFrame`: the prestige track and each of
its spaces, the title bands under it, a card per noble, and while a human decides, what is behind their screen
and the buttons that hand it back and place the marker (the targets of :mod:`game.table.targets`: "ball:space:10",
"ball:title:marquess", "ball:noble:0", "ball:item:bribe", "ball:bribe", "ball:card:inheritance", "ball:place").
Its buttons stand where their regions are, so an overlay rings exactly what the player clicks. Overlays attach to
the ball from the table (:meth:`game.table.overlay.Overlay.at_ball`) and see it through :class:`BallSight`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import attrs
import pygame

from game.table.targets import BallControl, HandBack, Region
from rules import Action, HandBackBribe, HandBackCard, PlacePrestige

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.session import GameSession
    from game.ui.scene import AppContext


@attrs.frozen(eq=False)
class BallFrame:
    """One laid-out ball: its regions in drawing order, its panels, the window and its scale."""

    regions: list[Region]
    panels: dict[str, pygame.Rect]  # "banner", "track", "cards", "bottom"
    window: pygame.Rect
    scale: float

    def find(self, key: str) -> Region | None:
        return next((r for r in reversed(self.regions) if r.key == key), None)

    def region_at(self, pos: tuple[int, int]) -> Region | None:
        return next((r for r in reversed(self.regions) if r.rect.collidepoint(pos)), None)


def ball_key(action: Action) -> str | None:
    """The key of the ball's button that takes ``action`` (None: no ball action)."""
    if isinstance(action, HandBackBribe):
        return HandBack().key
    if isinstance(action, HandBackCard):
        return HandBack(action.card).key
    if isinstance(action, PlacePrestige):
        return BallControl.PLACE.value
    return None


class BallSight(Protocol):
    """What an overlay may see of a masked ball and do there."""

    @property
    def ctx(self) -> AppContext: ...

    @property
    def session(self) -> GameSession: ...

    @property
    def is_top(self) -> bool: ...

    @property
    def titles_shown(self) -> bool:
        """The titles of this ball have all been given out and shown."""
        ...

    def human_deciding(self) -> bool:
        """A human at this screen hands back and places now (their buttons are laid out)."""
        ...

    def lay_out(self) -> BallFrame:
        """The ball laid out as it shows now."""
        ...

    def do(self, action: Action) -> bool:
        """Take the deciding human's ``action`` (a hand-back, or placing the marker), if every overlay allows it;
        a refused one is told, never raised."""
        ...

    def notice(self, message: str, seconds: float = 2.5) -> None:
        """A short message over the ball."""
        ...
