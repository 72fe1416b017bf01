"""``python -m game --autoplay --seats 4 --speed instant --screenshots DIR``: computer players play a game
through the real GUI, then the application exits printing the final scores.

The flow: the setup scene (filled in for N computer players, starting by itself) → the table (with the
real presentation scenes pushed on their events; they continue by themselves in autoplay) → the final
scores printed (they equal ``rules.results.results(session.state)``) → quit with code 0. The framework's
``--screenshots`` saves a PNG whenever the top scene changes; the table also asks for one at several
moments of each decade.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.scenes.setup import SetupScene
from game.ui.scene import AppContext, Scene

#: the level of the computer players in autoplay (ctx.extras["autoplay_bot"] overrides it)
AUTOPLAY_BOT = "normal"
#: table screenshots at these round-marker spaces of each decade
SHOT_ROUNDS = (2, 6, 9)
QUIT_AFTER_SECONDS = 1.5


def request_screenshot(ctx: AppContext, scene: Scene) -> None:
    """Ask the app for a screenshot of ``scene`` (the framework shoots when told the top changed)."""
    on_change = getattr(ctx.stack, "on_change", None)
    if callable(on_change) and ctx.stack.top is scene:
        on_change(scene)


class AutoSetupScene(SetupScene):
    """The setup screen for N computer players; it begins the game by itself after a moment."""

    name = "setup"

    def __init__(self, ctx: AppContext, seats: int, seed: int, speed: str, bot: str) -> None:
        super().__init__(ctx)
        self.count = seats
        for i in range(5):
            self.seats[i]["kind"] = bot if bot in ("easy", "normal", "hard") else "normal"
        self._bot = bot
        self.seed_text = str(seed)
        self.speed = speed
        self.timer = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        self.timer += dt
        if self.timer >= 0.25 and self.is_top:
            self.start()

    def start(self) -> None:
        from game.scenes.table import TableScene
        from game.session import GameSession

        specs = self.seat_specs()
        for spec in specs:
            spec.kind = self._bot
        session = GameSession(specs, int(self.seed_text), False, speed=self.speed)
        self.ctx.stack.replace(TableScene(self.ctx, session, autoplay=True))


def autoplay_scene(ctx: AppContext, options: Any = None) -> Scene:
    options = options if options is not None else ctx.options
    seats = getattr(options, "seats", None) or 4
    seed = getattr(options, "seed", None)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    speed = getattr(options, "speed", None) or getattr(ctx.settings, "animation_speed", "fast")
    bot = ctx.extras.get("autoplay_bot", AUTOPLAY_BOT)
    ctx.extras["autoplay_done"] = _finish
    print(f"noblemen: autoplay with {seats} computer players ({bot}), seed {seed}, speed {speed}", flush=True)
    return AutoSetupScene(ctx, seats, seed, speed, bot)


def _finish(_results) -> None:
    """The game is over: leave after the last screens had a moment to show (and be photographed)."""
    pygame.time.set_timer(pygame.QUIT, int(QUIT_AFTER_SECONDS * 1000), loops=1)
