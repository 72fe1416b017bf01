"""The hook the table offers to what is drawn over it and may steer it: the tutorial's guide, the coach's hint.

An :class:`Overlay` attaches to the table from above (``TableScene.attach``); the table then
- asks every overlay before it takes a player's move (:meth:`Overlay.allows`: allow only these actions),
- tells every overlay each move it took (:meth:`Overlay.done`: what was done),
- gives every overlay the window's events before its parts (:meth:`Overlay.process_event`: its own buttons),
- lets it move on each frame (:meth:`Overlay.update`) and draws it over the laid-out table
  (:meth:`Overlay.draw`: highlight these targets, the regions whose keys :func:`shows` names),
- puts its own controls first among those the keyboard's focus moves between (:meth:`Overlay.focusables`).
What an overlay may see of the table, and do there, is :class:`TableSight`. The table knows no overlay by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.table.part import TableHost
from game.table.targets import Region
from game.ui.focus import Focusable
from rules import Action

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.table.effects import Flight
    from game.table.layout import TableFrame
    from game.table.parts import TableParts
    from game.ui.scene import AppContext


class Overlay:
    """Something over the table; each hook does nothing unless the overlay says otherwise."""

    def allows(self, action: Action) -> bool:
        """May the table take ``action`` for the player now?"""
        return True

    def done(self, action: Action) -> None:
        """The table took ``action`` for the player."""

    def process_event(self, event: pygame.event.Event) -> bool:
        """An event of the window, before the table's parts see it; True if the overlay used it."""
        return False

    def update(self, dt: float) -> None:
        """A frame passed while the table is on top."""

    def focusables(self) -> list[Focusable]:
        """The overlay's own controls for the keyboard's focus (its buttons), before the table's."""
        return []

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Draw over ``frame``, the table as last laid out."""


class TableSight(TableHost, Protocol):
    """What an overlay may see of the table and do there: what a part may (:class:`TableHost`), and besides
    the application, the parts (to read), the flying pictures, whether the table is on top, its layout now and
    a notice under the estate's heading."""

    @property
    def ctx(self) -> AppContext: ...

    @property
    def parts(self) -> TableParts: ...

    @property
    def flights(self) -> list[Flight]: ...

    @property
    def overlays(self) -> list[Overlay]: ...

    @property
    def is_top(self) -> bool: ...

    def ensure_frame(self) -> TableFrame: ...

    def notice(self, message: str, seconds: float = 2.5) -> None: ...


def shows(key: str, keys: set[str]) -> bool:
    """The region named ``key`` is one of ``keys`` ("*" stands for any one part)."""
    if key in keys:
        return True
    parts = key.split(":")
    return any(len(k.split(":")) == len(parts) and all(p == "*" or p == q for p, q in zip(k.split(":"), parts,
                                                                                           strict=True))
               for k in keys if "*" in k)


def showing(frame: TableFrame, keys: set[str], action: Action | None = None) -> list[Region]:
    """The laid-out regions that show ``keys`` or, of the chooser open, the option that takes ``action``; in
    drawing order."""
    chooser = frame.chooser
    found = []
    for region in frame.regions:
        option = chooser.option(region.key) if chooser is not None else None
        if shows(region.key, keys) or (option is not None and option.action is not None and option.action == action):
            found.append(region)
    return found
