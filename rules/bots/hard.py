"""Hard: plans its turn, then tests the best few whole turns by playing the game on from its view.

At the first decision of its turn Hard searches (rules/bots/search.py): its planner proposes the best few
complete turns of different kinds, and playouts of each, on many sampled determinizations of what it may see,
run on to the next ball, building scoring or (in the last decade) the end of the game, scored in VP. The
chosen turn is then played out step by step without searching again, unless something it could not know
(the tiles drawn, a card offered) makes the rest of the plan illegal; then it plans the rest afresh.
At a masked ball it races what it could hand back the same way, to the end of the ball. Its other
decisions outside its own turn (scandal-card picks, tiles a knight takes) use the planner's rules on a
determinization, with Hard's weights.

Hard's planner values a position relative to the others (its evaluation minus half their mean) with its own
weights (HARD_WEIGHTS). Thinking time: ``budget`` seconds a turn (default 1 s), or a fixed number of samples
a turn (``iterations``) for reproducible play; a bigger budget races more kinds of turn and more lines of the
best kind, and trusts the playouts more against the planner's score (``widened``); ``workers`` shares the
worlds with worker processes (rules/bots/parallel.py, an experiment). Options from a bot spec
(``hard:candidates=6:leaf=0.5``) set the search's settings (see SearchSettings) for experiments.
"""

from __future__ import annotations

import math

import attrs

from rules import actions as A
from rules.bots.determinize import determinize
from rules.bots.evaluate import WEIGHTS
from rules.bots.heuristic import NormalBot
from rules.bots.planner import OWN_STEPS, Planner, choose_ball, choose_card
from rules.bots.search import Budget, SearchSettings, TurnSearch
from rules.bots.spec_options import parse_options
from rules.model import Decision
from rules.view import PlayerView

TURN_BUDGET = 1.0  # default seconds of thinking per turn
TURN_SHARE = 0.9  # of it for the search at the turn's start (the turn's other steps follow the plan)
BALL_SHARE = 0.5  # of it for deciding what to hand back at a ball
SHARE = 0.5  # Hard's planner values a position as its own minus this share of the others' mean
# Hard's evaluation: balls (prestige), the Queen and tiles weigh more than in Normal's (tuned by paired self-play
# against Normal with rules/arena/tune.py); Normal keeps WEIGHTS.
HARD_WEIGHTS = {**WEIGHTS, "prestige": 0.5, "queen": 5.0, "tile": 0.5}
# A bigger budget looks at more moves: at 8 sampled worlds a turn Hard races 5 kinds of turn and 4 lines of
# the best kind; at 4x that, 8 kinds and 12 lines (more worlds on the same few moves did not play better,
# more moves did: see the README's figures). A time budget counts as worlds at about this many a second.
BASE_WORLDS = 8
WIDEST = 2.0  # log2 of 4x: no wider beyond it
WORLDS_PER_SECOND = 32
# With more worlds the playouts' means are surer, so the planner's own score weighs less in the choice: the
# prior loses this much per doubling (0.25 at 8 worlds, 0.1 at 32; at 32 worlds against three Hard at 8,
# prior 0.1 won 36.5% of 348 games, 0.25 won 33% of 192; see the README).
PRIOR_FADE = 0.075


class HardBot(NormalBot):
    name = "hard"
    beam = (6, 3, 2, 2, 1, 1, 1)
    place_k = 8

    def __init__(self, seed: int = 0, budget: float | None = None, iterations: int | None = None,
                 options: dict[str, str] | None = None) -> None:
        values = parse_options(options or {})  # each checked (rules/bots/spec_options.py): ValueError names a bad one
        budget = values.pop("budget", budget)
        iterations = values.pop("iterations", iterations)
        # worker processes that share the worlds (an experiment: on a 2-core machine they were not faster)
        self.workers: int = values.pop("workers", 0)
        super().__init__(seed, budget, iterations)
        # the rest are fields of SearchSettings
        self.settings = widened(SearchSettings(**values), self._worlds(), fixed=set(values))
        self.weights: dict = HARD_WEIGHTS
        self._plan: list[A.Action] = []
        self._plan_turn: tuple[int, int, int] | None = None
        self.total_samples = 0
        self.total_playouts = 0

    def _worlds(self) -> float:
        """The sampled worlds a turn's budget stands for."""
        if self.iterations is not None:
            return self.iterations
        return (self.budget or TURN_BUDGET) * WORLDS_PER_SECOND

    def planner(self, seat: int) -> Planner:
        return Planner(seat, beam=self.beam, place_k=self.place_k, weights=self.weights, share=SHARE)

    def rank(self, state, seat: int, legal: list):
        ranked = self.planner(seat).search(state, 0, legal)
        return ranked or [(0.0, legal[0])]

    # -- deciding --------------------------------------------------------------------------------------------
    def _choose(self, view: PlayerView, legal: list) -> A.Action:
        state, seat = view.state, view.seat
        step = state.step
        if step == Decision.CHOOSE_START_TILES:
            return self.start_tiles(legal)
        if step == Decision.BALL_SPEND and self.settings.ball:
            return self._at_ball(view, legal)
        if step not in OWN_STEPS or state.turn_seat != seat:
            world = determinize(view, self.rng)
            if step == Decision.KEEP_CARD:
                return choose_card(world, seat, legal, self.weights)
            if step == Decision.BALL_SPEND:
                return choose_ball(world, seat, legal, self.weights)
            return self.rank(world, seat, legal)[0][1]
        turn = (state.decade, state.round_pos, state.turn_seat)
        if turn == self._plan_turn and self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        fresh = turn != self._plan_turn and step == Decision.TURN and not state.action_taken
        self._plan_turn = turn
        line = self._search(view, legal) if fresh else self._replan(view, legal)
        self._plan = line[1:]
        return line[0]

    def _at_ball(self, view: PlayerView, legal: list) -> A.Action:
        """The hand-backs chosen at the ball's first decision, then followed (nothing new is learnt meanwhile)."""
        ball = (view.state.decade, view.state.round_pos, -1)
        if ball == self._plan_turn and self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        search = TurnSearch(view, self.planner(view.seat), self.settings, self.rng, self.weights, self.workers)
        line = search.run_ball(self._budget(BALL_SHARE))
        self._note(search)
        self._plan_turn, self._plan = ball, line[1:]
        return line[0] if line[0] in legal else A.PlacePrestige()

    def _budget(self, share: float) -> Budget:
        """A share of a turn's thinking: fixed work (``iterations`` worlds) or time."""
        if self.iterations is not None:
            return Budget(samples=max(1, round(self.iterations * share)))
        return Budget(seconds=(self.budget or TURN_BUDGET) * share)

    def _note(self, search: TurnSearch) -> None:
        self.total_samples += search.samples
        self.total_playouts += search.playouts

    def _replan(self, view: PlayerView, legal: list) -> list[A.Action]:
        """The rest of a turn whose plan no longer fits (new tiles, a card): the planner's best line."""
        lines = self.planner(view.seat).lines(determinize(view, self.rng), 0, legal)
        return lines[0][1] if lines else [legal[0]]

    def _search(self, view: PlayerView, legal: list) -> list[A.Action]:
        search = TurnSearch(view, self.planner(view.seat), self.settings, self.rng, self.weights, self.workers)
        line = search.run(legal, self._budget(TURN_SHARE))
        self._note(search)
        return line


def widened(settings: SearchSettings, worlds: float, fixed: set[str]) -> SearchSettings:
    """``settings`` with the kinds of turn and lines raced grown with the budget, and the planner's score
    trusted less against the playouts (options a spec sets stay)."""
    widen = min(WIDEST, max(0.0, math.log2(worlds / BASE_WORLDS)))
    candidates = settings.candidates if "candidates" in fixed else settings.candidates + round(1.5 * widen)
    variants = settings.variants if "variants" in fixed else round(settings.variants * (1 + widen))
    prior = settings.prior if "prior" in fixed else round(settings.prior - PRIOR_FADE * widen, 3)
    return attrs.evolve(settings, candidates=candidates, variants=variants, prior=prior)
