"""The scenes of the table's interludes: the masked ball, the building scoring, the decade and the game over.

:func:`interlude` makes the scene of one and begins its preparation (the table shows it once prepared); the ball's
and the scoring's modules load in the background after the title shows (game.scenes.WARM_UP_MODULES).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from game.scenes.decade import DecadeScene
from game.scenes.game_over import GameOverScene
from game.session import GameSession
from game.table.layout import TableFrame
from game.table.overlay import Overlay
from game.ui.scene import AppContext, Preparation, Scene
from rules import Event


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
