"""Normal and Easy: the static evaluation with a short beam search over the bot's own turn.

Both decide from the view only: they sample one determinization of the hidden information (so that a
planned Expand draws plausible tiles), plan on it, and play the first action of the best plan. Easy plans
more shortsightedly, adds noise to its scores and now and then takes a merely decent move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from rules import actions as A
from rules.bots.determinize import determinize
from rules.bots.evaluate import NORMAL_WEIGHTS, WEIGHTS
from rules.bots.planner import START_CHOICE, Planner, choose_ball, choose_card
from rules.bots.spec_options import NORMAL_OPTIONS, parse_options
from rules.model import Decision
from rules.observer import PlayerView


class NormalBot:
    name = "normal"
    beam: tuple[int, ...] = (4, 2, 2, 1, 1, 1, 1)
    place_k = 6
    noise = 0.0
    blunder = 0.0  # chance of taking one of the next-best moves instead of the best
    one_bribe = True  # the planner's beam follows one bribe amount only (rules/bots/planner.py)
    base_weights = NORMAL_WEIGHTS

    def __init__(self, seed: int = 0, budget: float | None = None, iterations: int | None = None,
                 options: dict[str, str] | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = budget  # unused: the heuristic levels do not search against the clock
        self.iterations = iterations
        changed = parse_options(options or {}, NORMAL_OPTIONS, "normal")  # weights a spec sets (normal:palace_race=0)
        self.weights: dict = {**self.base_weights, **changed} if changed else self.base_weights
        self.last_seconds = 0.0

    def start_tiles(self, legal: list) -> A.Action:
        return START_CHOICE if START_CHOICE in legal else legal[-1]

    def choose(self, view: PlayerView, legal: Sequence[A.Action]) -> A.Action:
        if len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        try:
            return self._choose(view, list(legal))
        finally:
            self.last_seconds = time.perf_counter() - started

    def _choose(self, view: PlayerView, legal: list) -> A.Action:
        step = view.state.step
        if step == Decision.CHOOSE_START_TILES:
            return self.start_tiles(legal)
        state = determinize(view, self.rng)
        seat = view.seat
        if step == Decision.KEEP_CARD:
            return choose_card(state, seat, legal, self.weights)
        if step == Decision.BALL_SPEND:
            return choose_ball(state, seat, legal, self.weights)
        ranked = self.rank(state, seat, legal)
        return self.pick(ranked)

    def rank(self, state, seat: int, legal: list) -> list[tuple[float, A.Action]]:
        planner = Planner(seat, beam=self.beam, place_k=self.place_k, weights=self.weights, noise=self.noise,
                          rng=self.rng, one_bribe=self.one_bribe)
        ranked = planner.search(state, 0, legal)
        return ranked or [(0.0, legal[0])]

    def pick(self, ranked: list[tuple[float, A.Action]]) -> A.Action:
        if self.blunder and len(ranked) > 1 and self.rng.random() < self.blunder:
            return ranked[self.rng.randrange(1, min(4, len(ranked)))][1]
        return ranked[0][1]


class EasyBot(NormalBot):
    """The Normal heuristic, shortsighted and noisy: a beginner can beat it."""

    name = "easy"
    beam = (2, 1, 1, 1, 1)
    place_k = 4
    noise = 1.2
    blunder = 0.12
    one_bribe = False  # a beginner's beam as it was (the tutorial's game, game/tutorial/steps.py, is against Easy)
    # and a beginner's habit: a Favour of the Vicar played at once, as Normal did before docs/balance.md section 25
    base_weights = {**NORMAL_WEIGHTS, "vicar": WEIGHTS["vicar"], "vicar_tiles": WEIGHTS["vicar_tiles"]}
    _STARTS = ((3, 3, 3, 3), (3, 3, 3, 0), (3, 2, 2, 2), (2, 3, 2, 3), (3, 3, 2, 1))

    def start_tiles(self, legal: list) -> A.Action:
        choice = A.ChooseStartTiles(self._STARTS[self.rng.randrange(len(self._STARTS))])
        return choice if choice in legal else legal[-1]
