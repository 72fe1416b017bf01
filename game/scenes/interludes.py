"""The scenes of the table's interludes: the masked ball, the building scoring, the decade and the game over.

:func:`interlude` makes the scene of one and begins its preparation (the table shows it once prepared); the ball's
and the scoring's modules load in the background after the title shows (game.scenes.WARM_UP_MODULES).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

import attrs

from game.scenes.decade import DecadeScene
from game.scenes.game_over import GameOverScene
from game.session import GameSession
from game.table.layout import TableFrame
from game.table.overlay import Overlay
from game.ui.scene import AppContext, Preparation, Scene
from rules import Event, EventKind, board

#: seconds a frame spends preparing the next interlude (one part of it at least; a part may take 10 ms)
PREPARE_SECONDS = 0.004


def interlude(ctx: AppContext, session: GameSession, hook: str, events: list[Event],
              overlays: Sequence[Overlay[TableFrame]] = ()) -> Preparation | None:
    """The scene of the interlude ``hook`` ("ball", "scoring", "decade" or "over") that ``events`` brought, with
    what the table's ``overlays`` bring to a ball (the guide, the coach), its preparation begun; None if it
    cannot be made (an interlude must never stop the game: why is printed)."""
    from game.scenes.ball import BallScene
    from game.scenes.scoring import ScoringScene

    def ball() -> Scene:
        scene = BallScene(ctx, session, events)
        for overlay in overlays:
            extra = overlay.at_ball(scene)
            if extra is not None:
                scene.attach(extra)
        return scene

    makers: dict[str, Callable[[], Scene]] = {
        "ball": ball,
        "scoring": lambda: ScoringScene(ctx, session, events),
        "decade": lambda: DecadeScene(ctx, session),
        "over": lambda: GameOverScene(ctx, session)}
    try:
        return Preparation(makers[hook](), ctx.window_size)
    except Exception as exc:
        print(f"noblemen: could not show the {'game-over' if hook == 'over' else hook} scene: {exc}", file=sys.stderr)
        return None


@attrs.define
class InterludeQueue:
    """The interludes the session's events brought, in order, as (hook, events); the first is prepared off screen
    a part a frame (PREPARE_SECONDS) before it shows, so that no frame of its own is slow."""

    waiting: list[tuple[str, list[Event]]] = attrs.Factory(list)
    upcoming: Preparation | None = None  # the first's scene, being prepared

    def __bool__(self) -> bool:
        return bool(self.waiting)

    @property
    def preparing(self) -> bool:
        """The first's scene is being prepared (a part a frame)."""
        return self.upcoming is not None and not self.upcoming.done

    def add(self, hook: str, events: list[Event] | None = None) -> None:
        self.waiting.append((hook, events or []))

    def note(self, events: list[Event]) -> None:
        """Queue the interludes that ``events`` (one applied action's) bring."""
        kinds = [e.kind for e in events]
        if EventKind.BALL_STARTED in kinds:
            self.add("ball", events[kinds.index(EventKind.BALL_STARTED):])
        if EventKind.BUILDING_SCORED in kinds or any(
                e.kind == EventKind.ROUND_ADVANCED and e.amount == board.SCORING_SPACE for e in events):
            self.add("scoring", list(events))
        if EventKind.DECADE_STARTED in kinds:
            self.add("decade")
        if EventKind.GAME_ENDED in kinds:
            self.add("over")

    def next_to_show(self, ctx: AppContext, session: GameSession, overlays: Sequence[Overlay[TableFrame]],
                     blocking: bool, prepare: bool = True) -> tuple[str, Scene | None] | None:
        """The next interlude once the moves before it have landed (not ``blocking``) and its scene is prepared
        (None meanwhile): its hook and its scene (None if it could not be made, or ``prepare`` is off)."""
        if not self.waiting:
            return None
        if prepare and self.upcoming is None:
            self.upcoming = interlude(ctx, session, *self.waiting[0], overlays)
            if self.upcoming is not None:
                return None  # the frame that brought it showed the move: prepare from the next one on
        if self.upcoming is not None and not self.upcoming.done:
            self.upcoming.advance(PREPARE_SECONDS)
            return None  # shown in a frame of its own
        if blocking:
            return None
        hook, _events = self.waiting.pop(0)
        scene = self.upcoming.scene if self.upcoming is not None else None
        self.upcoming = None
        return hook, scene
