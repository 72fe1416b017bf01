"""The scripted learner: a player who does what the guide asks, with the mouse.

Once a frame (:meth:`Learner.tick`) it looks at what the guide points at and posts the pointer events a
player would make there: a click on the glowing region, a drag from a piece to its cell, a click on the card's
Next for a step that only explains; at a masked ball the same on the ball's regions (the guide goes there too),
and Continue once the guide lets the ball end. Where a step lets its moves come in any order, ``order`` says which
the learner takes: the guide's own order ("given"), always the last move offered ("reverse"), or the second one
the first time the step offers a choice and then the first ("rotate"), so the tests walk the paths a player may
take. Every region it is shown is checked first: the move it stands for
must be legal and the region enabled (``problems`` lists any that was not). It runs the tutorial in
``--tutorial --autoplay`` and in the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.table.ball_frame import BallFrame, ball_key
from game.table.overlay import TableSight
from game.tutorial.ball_guide import ball_guide_at
from game.tutorial.guide import ball_move
from game.tutorial.table_guide import TableGuide, guide_at
from game.tutorial.targets import regions_for
from rules import Action, Decision

#: frames to wait after a gesture before the next one (the app handles posted events in its next frame)
SETTLE_FRAMES = 2
#: gestures without any progress after which the learner gives up
PATIENCE = 12

Point = tuple[int, int]
#: which of a step's free moves the learner takes: the guide's own order, the last offered, the second once
ORDERS = ("given", "reverse", "rotate")


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
                 on_done: Callable[[], None] | None = None, order: str = "given") -> None:
        tutorial = guide_at(table)
        if tutorial is None:
            raise ValueError("the table has no guide to follow")
        self.table = table
        self.tutorial: TableGuide = tutorial
        self.post = post
        self.on_done = on_done
        if order not in ORDERS:
            raise ValueError(f"order must be one of {', '.join(ORDERS)}, not {order!r}")
        self.order = order
        self._varied: int | None = None  # the step in which "rotate" took the second move offered
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
        now = (guide.index, guide.done, len(self.session.state.history), id(table.ctx.stack.top),
               table.parts.chooser.opened is not None,
               table.parts.hand.armed, table.parts.chooser.trade_give, table.parts.chooser.current() is not None)
        self._idle = self._idle + 1 if now == self._progress else 0
        self._progress = now
        if self._idle >= PATIENCE:
            self.stuck = True
            self.problems.append(f"no progress at step {guide.index} ({guide.step.key if guide.step else '-'})")

    def _pick(self, choices: list[Action]) -> Action | None:
        """The move the learner takes of the step's ``choices`` (see ``order``)."""
        if not choices:
            return None
        if self.order == "reverse":
            return choices[-1]
        index = self.tutorial.guide.index
        if self.order == "rotate" and len(choices) > 1 and self._varied != index:
            self._varied = index
            return choices[1]
        return choices[0]

    def _next_gesture(self) -> list[pygame.event.Event]:
        top = self.table.ctx.stack.top
        if top is not self.table:
            if callable(getattr(top, "lay_out", None)) and isinstance(getattr(top, "overlays", None), list):
                return self._at_ball(top)
            return self._go_on(top)
        guide = self.tutorial.guide
        if not self.tutorial.waiting or self.table.flights:
            return []
        step = guide.step
        card = self.tutorial.card
        if step is None or card is None:
            return []
        if step.explains:
            return self._next(card)
        return self._move()

    @staticmethod
    def _next(card) -> list[pygame.event.Event]:
        rect = next((r for name, _label, r in card.buttons if name == "next"), None)
        return click(rect.center) if rect is not None else []

    def _move(self) -> list[pygame.event.Event]:
        expected = self._pick(self.tutorial.guide.choices())
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

    @staticmethod
    def _go_on(scene: Any) -> list[pygame.event.Event]:
        """Continue, on an interlude that shows its button (the building scoring, a new decade, a ball's end)."""
        button = getattr(scene, "continue_button", None)
        return click(button.rect.center) if button is not None and button.visible else []

    def _at_ball(self, ball: Any) -> list[pygame.event.Event]:
        """At a masked ball: what the guide asks there, else (a ball it does not guide) the guide's choice on the
        ball's buttons, and Continue once the ball may end."""
        frame: BallFrame = ball.lay_out()
        ball_guide = ball_guide_at(ball.overlays)
        if ball_guide is not None and ball_guide.guide.guiding and ball_guide.waiting:
            step = ball_guide.guide.step
            if ball_guide.card is None or step is None:
                return []
            if step.explains:
                return self._next(ball_guide.card)
            action = self._pick(ball_guide.guide.choices())
        elif ball_guide is not None and ball_guide.holds():
            return []  # the guide waits for the ball (its titles, the player's turn there)
        elif self.session.human_to_decide() and self.session.state.step == Decision.BALL_SPEND:
            action = ball_move(self.session.legal())
        else:
            return self._go_on(ball)
        if action is None or not ball.human_deciding():
            return []
        region = frame.find(ball_key(action) or "")
        if region is None:
            self.problems.append(f"the ball shows no place for {action}")
            return []
        if action not in self.session.legal() or not region.enabled:
            self.problems.append(f"the guide pointed at {region.key} for {action}, which is not possible now")
        return click(region.rect.center)
