"""``python -m game --autoplay --seats 4 --speed instant --screenshots DIR``: computer players play a game
through the real GUI, then the application exits printing the final scores.

The flow: the setup scene (filled in for N computer players, starting by itself) → the table (with the
real presentation scenes pushed on their events; they continue by themselves in autoplay) → the final
scores printed (they equal ``rules.results(session.state)``) → quit with code 0. The app's
``--screenshots`` saves a PNG whenever the top scene changes; autoplay also asks for one of the table at
several moments of each decade.
"""

from __future__ import annotations

import argparse
import random

import pygame

from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.session import GameSession
from game.ui.scene import AppContext
from rules import EventKind, Results

#: the level of the computer players in autoplay (``App.autoplay_bot`` overrides it)
AUTOPLAY_BOT = "normal"
#: table screenshots at these round-marker spaces of each decade
SHOT_ROUNDS = (2, 6, 9)
QUIT_AFTER_SECONDS = 1.5


class AutoSetupScene(SetupScene):
    """The setup screen for N computer players; it begins the game by itself after a moment.

    ``session`` is the game it started (None before), for the self-test and tests to check.
    """

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
        self.session: GameSession | None = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.timer += dt
        if self.timer >= 0.25 and self.is_top:
            self.start()

    def start(self) -> None:
        specs = self.seat_specs()
        for spec in specs:
            spec.kind = self._bot
        session = GameSession(specs, int(self.seed_text), False, speed=self.speed)
        table = TableScene(self.ctx, session, autoplay=True, on_game_over=_finish)
        session.add_listener(lambda events: _photograph(self.ctx, table, events))
        self.session = session
        self.ctx.stack.replace(table)


def autoplay_scene(ctx: AppContext, options: argparse.Namespace, bot: str = AUTOPLAY_BOT) -> AutoSetupScene:
    seats = options.seats or 4
    seed = options.seed
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    speed = options.speed or ctx.settings.animation_speed
    print(f"noblemen: autoplay with {seats} computer players ({bot}), seed {seed}, speed {speed}", flush=True)
    return AutoSetupScene(ctx, seats, seed, speed, bot)


def _photograph(ctx: AppContext, table: TableScene, events: list) -> None:
    """At the rounds of :data:`SHOT_ROUNDS` ask the app for a screenshot of the table (the app shoots
    when told the top scene changed)."""
    if not any(e.kind == EventKind.ROUND_ADVANCED for e in events):
        return
    on_change = ctx.stack.on_change
    if table.session.state.round_pos in SHOT_ROUNDS and ctx.stack.top is table and on_change is not None:
        on_change(table)


def _finish(res: Results) -> None:
    """The game is over: print the scores, then leave after the last screens had a moment to show (and
    be photographed)."""
    line = "Final scores: " + ", ".join(f"{p.name} {p.score}" for p in res.players)
    winners = " and ".join(res.players[w].name for w in res.winners)
    print(line + f". Winner: {winners}.", flush=True)
    pygame.time.set_timer(pygame.QUIT, int(QUIT_AFTER_SECONDS * 1000), loops=1)
