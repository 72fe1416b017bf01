"""The scenes of the table's interludes: the masked ball, the building scoring, the decade and the game over.

:func:`interlude` makes the scene of one (the table prepares and shows it, game.scenes.table); the ball's
and the scoring's modules load in the background after the title shows (game.scenes.WARM_UP_MODULES).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from game.scenes.decade import DecadeScene
from game.scenes.game_over import GameOverScene
from game.session import GameSession
from game.ui.scene import AppContext, Scene
from rules import Event


def interlude(ctx: AppContext, session: GameSession, hook: str, events: list[Event]) -> Scene | None:
    """The scene of the interlude ``hook`` ("ball", "scoring", "decade" or "over") that ``events`` brought; None
    if it cannot be made (an interlude must never stop the game: why is printed)."""
    from game.scenes.ball import BallScene
    from game.scenes.scoring import ScoringScene

    makers: dict[str, Callable[[], Scene]] = {
        "ball": lambda: BallScene(ctx, session, events),
        "scoring": lambda: ScoringScene(ctx, session, events),
        "decade": lambda: DecadeScene(ctx, session),
        "over": lambda: GameOverScene(ctx, session)}
    try:
        return makers[hook]()
    except Exception as exc:
        print(f"noblemen: could not show the {'game-over' if hook == 'over' else hook} scene: {exc}", file=sys.stderr)
        return None
