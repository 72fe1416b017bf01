"""The scripted learner: a player who does what the guide asks, with the mouse.

Once a frame (:meth:`Learner.tick`) it looks at what the guide points at and posts the pointer events a
player would make there: a click on the one glowing region, a drag from the first to the second (a piece to its
cell), a click on the card's Next for a step that only explains; at a masked ball, a click on the ball's button
for the guide's choice (:func:`game.tutorial.guide.ball_move`). Every region it is shown is checked first: the
move it stands for must be legal and the region enabled (``problems`` lists any that was not). It runs the
tutorial in ``--tutorial --autoplay`` and in the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.table.overlay import TableSight
from game.tutorial.guide import ball_move
from game.tutorial.table_guide import TableGuide, guide_at
from game.tutorial.targets import regions_for
from rules import Decision, HandBackBribe, HandBackCard, PlacePrestige

#: frames to wait after a gesture before the next one (the app handles posted events in its next frame)
SETTLE_FRAMES = 2
#: gestures without any progress after which the learner gives up
PATIENCE = 12

Point = tuple[int, int]


def _event(kind: int, pos: Point, **extra: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, **extra)


def click(pos: Point) -> list[pygame.event.Event]:
    """The events of a left click at ``pos``."""
    return [_event(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(0, 0, 0)),
            _event(pygame.MOUSEBUTTONDOWN, pos, button=1), _event(pygame.MOUSEBUTTONUP, pos, button=1)]


def drag(start: Point, end: Point) -> list[pygame.event.Event]:
    """The events of dragging with the left button from ``start`` to ``end``."""
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    return [_event(pygame.MOUSEMOTION, start, rel=(0, 0), buttons=(0, 0, 0)),
            _event(pygame.MOUSEBUTTONDOWN, start, button=1),
            _event(pygame.MOUSEMOTION, mid, rel=(mid[0] - start[0], mid[1] - start[1]), buttons=(1, 0, 0)),
            _event(pygame.MOUSEMOTION, end, rel=(end[0] - mid[0], end[1] - mid[1]), buttons=(1, 0, 0)),
            _event(pygame.MOUSEBUTTONUP, end, button=1)]


class Learner:
    """Takes the guide's steps at ``table`` through ``post`` (the app's event queue by default)."""

    def __init__(self, table: TableSight, post: Callable[[pygame.event.Event], Any] = pygame.event.post,
                 on_done: Callable[[], None] | None = None) -> None:
        tutorial = guide_at(table)
        if tutorial is None:
            raise ValueError("the table has no guide to follow")
        self.table = table
        self.tutorial: TableGuide = tutorial
        self.post = post
        self.on_done = on_done
        self.wait = 0
        self.problems: list[str] = []
        self.gestures = 0
        self.stuck = False
        self._progress: tuple = ()
        self._idle = 0
        self.done = False

    @property
    def session(self):
        return self.tutorial.guide.session

    def tick(self) -> None:
        """One frame: the next gesture, if the game waits for the player and the last one has been handled."""
        if self.done or self.stuck:
            return
        if self.tutorial.guide.finished or self.tutorial.guide.left:
            self.done = True
            if self.on_done is not None:
                self.on_done()
            return
        if self.wait > 0:
            self.wait -= 1
            return
        events = self._next_gesture()
        if not events:
            return
        self._watch()
        for event in events:
            self.post(event)
        self.gestures += 1
        self.wait = SETTLE_FRAMES

    def _watch(self) -> None:
        """Give up after :data:`PATIENCE` gestures that changed nothing."""
        table, guide = self.table, self.tutorial.guide
        now = (guide.index, guide.done, len(self.session.state.history), table.parts.chooser.opened is not None,
               table.parts.hand.armed, table.parts.chooser.trade_give, table.parts.chooser.current() is not None)
        self._idle = self._idle + 1 if now == self._progress else 0
        self._progress = now
        if self._idle >= PATIENCE:
            self.stuck = True
            self.problems.append(f"no progress at step {guide.index} ({guide.step.key if guide.step else '-'})")

    def _next_gesture(self) -> list[pygame.event.Event]:
        top = self.table.ctx.stack.top
        state = self.session.state
        if top is not self.table:
            if self.session.human_to_decide() and state.step == Decision.BALL_SPEND:
                return self._ball(top)
            return []
        guide = self.tutorial.guide
        if not guide.waiting or self.table.flights:
            return []
        step = guide.step
        card = self.tutorial.card
        if step is None or card is None:
            return []
        if step.explains:
            rect = next((r for name, _label, r in card.buttons if name == "next"), None)
            return click(rect.center) if rect is not None else []
        return self._move()

    def _move(self) -> list[pygame.event.Event]:
        expected = self.tutorial.guide.expected()
        if expected is None:
            return []
        regions = regions_for(self.table, expected)
        if expected not in self.session.legal():
            self.problems.append(f"the guide pointed at {expected}, which is not legal now")
        for region in regions:
            if not region.enabled:
                self.problems.append(f"the guide pointed at {region.key}, which is disabled now")
        if len(regions) == 2:
            return drag(regions[0].rect.center, regions[1].rect.center)
        if len(regions) == 1:
            return click(regions[0].rect.center)
        self.problems.append(f"the guide shows no place for {expected}")
        return []

    def _ball(self, scene: Any) -> list[pygame.event.Event]:
        """The masked ball's own button for the guide's choice (its scene's buttons: element -> key)."""
        buttons = getattr(scene, "buttons", None)
        if not isinstance(buttons, dict):
            return []
        action = ball_move(self.session.legal())
        want = "place" if isinstance(action, PlacePrestige) else "bribe" if isinstance(action, HandBackBribe) else (
            action.card if isinstance(action, HandBackCard) else None)
        element = next((e for e, key in buttons.items() if key == want), None)
        if element is None or not element.is_enabled:
            return []
        return click(element.rect.center)
