"""The hook the table (and a masked ball shown over it) offers to what is drawn over it and may steer it: the
tutorial's guide, the coach's hint.

An :class:`Overlay` attaches to the table from above (``TableScene.attach``); the table then
- asks every overlay before it takes a player's move (:meth:`Overlay.allows`: allow only these actions),
- tells every overlay each move it took (:meth:`Overlay.done`: what was done),
- gives every overlay the window's events before its parts (:meth:`Overlay.process_event`: its own buttons),
- lets it move on each frame (:meth:`Overlay.update`) and draws it over the laid-out table
  (:meth:`Overlay.draw`: highlight these targets, the regions whose keys :func:`shows` names), and draws its
  tooltips clear of what the overlays keep for themselves (:meth:`Overlay.covers`: a card, the ringed places);
- adds the overlays' entries to its menu (:meth:`Overlay.menu_entries`);
- and when it shows a masked ball, attaches to the ball whatever each overlay brings there
  (:meth:`Overlay.at_ball`). The ball offers the same hook over its own laid-out regions
  (:mod:`game.table.ball_frame`), and an overlay may hold the ball open (:meth:`Overlay.holds`);
- puts its own controls first among those the keyboard's focus moves between (:meth:`Overlay.focusables`), and
  moves the focus to the region an overlay points it to (:meth:`Overlay.focus`: the option a hint rings; at a ball
  the button it rings), each time it points to another (:func:`pointed`, ``FocusRing.follow``).
What an overlay may see of the table, and do there, is :class:`TableSight`. The table knows no overlay by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import pygame

from game.table.part import TableHost
from game.table.targets import Region
from game.ui.focus import Focusable
from rules import Action

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.table.ball_frame import BallFrame, BallSight
    from game.table.effects import Flight
    from game.table.layout import TableFrame
    from game.table.parts import TableParts
    from game.ui.scene import AppContext

#: what an overlay is drawn over: the laid-out table, or a laid-out masked ball
Frame = TypeVar("Frame")
#: an entry an overlay adds to the table's menu: its label, its tooltip, what it does
MenuEntry = tuple[str, str, Callable[[], None]]


class Overlay(Generic[Frame]):
    """Something over the table or a ball; each hook does nothing unless the overlay says otherwise."""

    def allows(self, action: Action) -> bool:
        """May the player's ``action`` be taken now?"""
        return True

    def done(self, action: Action) -> None:
        """The player's ``action`` was taken."""

    def process_event(self, event: pygame.event.Event) -> bool:
        """An event of the window, before the scene's own parts see it; True if the overlay used it."""
        return False

    def update(self, dt: float) -> None:
        """A frame passed while the scene is on top."""

    def focusables(self) -> list[Focusable]:
        """The overlay's own controls for the keyboard's focus (its buttons), before the scene's."""
        return []

    def focus(self, frame: Frame) -> str | None:
        """The region of ``frame`` the keyboard's focus should go to (None: wherever it is): it goes there each
        time this names another one, and the player may move it on."""
        return None

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """Draw over ``frame``, the scene as last laid out."""

    def covers(self) -> list[pygame.Rect]:
        """What the overlay drew that no tooltip may cover (its card, the places it rings)."""
        return []

    def holds(self) -> bool:
        """A ball this overlay is attached to may not end yet (its guide has more to say there)."""
        return False

    def menu_entries(self) -> list[MenuEntry]:
        """What the overlay adds to the table's menu now."""
        return []

    def at_ball(self, ball: BallSight) -> Overlay[BallFrame] | None:
        """What this overlay of the table brings to ``ball``, a masked ball shown over it (None: nothing)."""
        return None


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
    def overlays(self) -> list[Overlay[TableFrame]]: ...

    @property
    def is_top(self) -> bool: ...

    @property
    def interlude_waiting(self) -> bool:
        """A ball, building scoring, decade or game over the last moves brought waits to be shown."""
        ...

    def ensure_frame(self) -> TableFrame: ...

    def notice(self, message: str, seconds: float = 2.5) -> None: ...


def pointed(overlays: Sequence[Overlay[Frame]], frame: Frame | None) -> str | None:
    """The region the first of ``overlays`` that points the keyboard's focus somewhere points it to, over ``frame``
    (None: nowhere, or nothing laid out yet)."""
    if frame is None:
        return None
    return next((key for overlay in overlays if (key := overlay.focus(frame)) is not None), None)


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
