"""Hard: determinized search over the bot's candidate moves, with Normal-guided lookahead.

For a decision of its own turn, Hard asks a wide-beam planner for the few most promising actions. Then,
until the time budget (or the iteration count) is spent, it samples a determinization of its view (the
hidden tiles, cards, money, bag and deck dealt at random, consistent with what it sees) and, on that same
sample for every candidate: applies the candidate, finishes its own turn with a quick planner, lets every
other player take their next turn with the same quick planner, and scores the position it reaches when
it is about to move again (its evaluation minus half the others' mean). The candidate with the best mean
over the samples is played (every candidate sees the same samples and playout seeds: a paired comparison).
Micro-steps (where a tile goes, which region forms, what to donate or return) and placements are left to the
planner at once. Other decisions (starting tiles, cards, the ball, giving tiles) use Normal's rules on a
determinization.

Hard's planner values a position relative to the others (its evaluation minus half their mean) and with its
own weights (HARD_WEIGHTS: prestige and the Queen weigh more), found by paired self-play against Normal
(rules/bots/tune.py). Measured: the search itself overturns the planner's first choice in only a few
percent of positions, so Hard's edge over Normal comes from the relative, re-weighted planner.

Budget: `budget` seconds per searched decision; by default about 1 s of thinking per turn (the first
decision of a turn gets most of it). `iterations` fixes the number of samples for reproducible play.
"""

from __future__ import annotations

import time

from rules import actions as A
from rules.bots.determinize import determinize
from rules.bots.evaluate import WEIGHTS, relative
from rules.bots.heuristic import NormalBot
from rules.bots.planner import OWN_STEPS, Planner, choose_ball, choose_card
from rules.engine import apply_unchecked
from rules.legal import legal_actions
from rules.model import Decision
from rules.view import PlayerView

TURN_BUDGET = 1.0  # default seconds of thinking per turn
FIRST_SHARE = 0.55  # of the turn budget for the turn's first decision
LATER_SHARE = 0.15
MAX_CANDIDATES = 6
ROLLOUT_CAP = 60  # decisions simulated after the candidate, at most
OPPONENT_TURNS = True  # simulate the others' next turns too (else stop when the own turn ends)
SHARE = 0.5  # Hard's planner values a position as its own minus this share of the others' mean
# Hard's evaluation: balls (prestige), the Queen and tiles weigh more than in Normal's (tuned by paired self-play
# against Normal with rules/bots/tune.py); Normal keeps WEIGHTS.
HARD_WEIGHTS = {**WEIGHTS, "prestige": 0.5, "queen": 5.0, "tile": 0.5}
# micro-steps the planner decides at once: where a tile goes, which region forms, what to donate or return
QUICK_STEPS = frozenset({Decision.EXPAND, Decision.CHOOSE_REGION, Decision.DONATE, Decision.VICAR})


class HardBot(NormalBot):
    name = "hard"
    beam = (6, 3, 2, 2, 1, 1, 1)
    place_k = 8

    def __init__(self, seed: int = 0, budget: float | None = None, iterations: int | None = None,
                 options: dict[str, str] | None = None) -> None:
        super().__init__(seed, budget, iterations)
        self._turn_key: tuple | None = None
        self._turn_spent = 0.0
        self.last_iterations = 0
        self.total_iterations = 0
        self.total_search_seconds = 0.0
        self.total_playouts = 0
        self.weights = HARD_WEIGHTS

    def rank(self, state, seat: int, legal: list):
        planner = Planner(seat, beam=self.beam, place_k=self.place_k, weights=self.weights, share=SHARE)
        ranked = planner.search(state, 0, legal)
        return ranked or [(0.0, legal[0])]

    # -- the clock -------------------------------------------------------------------------------------------
    def _allowance(self, view: PlayerView) -> float:
        if self.budget is not None:
            return self.budget
        s = view.state
        key = (s.decade, s.round_pos, s.turn_seat)
        if key != self._turn_key:
            self._turn_key, self._turn_spent = key, 0.0
            return TURN_BUDGET * FIRST_SHARE
        return max(0.0, min(TURN_BUDGET * LATER_SHARE, TURN_BUDGET - self._turn_spent))

    # -- deciding --------------------------------------------------------------------------------------------
    def _choose(self, view: PlayerView, legal: list):
        step = view.state.step
        if step == Decision.CHOOSE_START_TILES:
            return self.start_tiles(legal)
        seat = view.seat
        if step not in OWN_STEPS or view.state.turn_seat != seat:
            state = determinize(view, self.rng)
            if step == Decision.KEEP_CARD:
                return choose_card(state, seat, legal, self.weights)
            if step == Decision.BALL_SPEND:
                return choose_ball(state, seat, legal, self.weights)
            return self.rank(state, seat, legal)[0][1]
        if step in QUICK_STEPS:
            return self.rank(determinize(view, self.rng), seat, legal)[0][1]
        started = time.perf_counter()
        allowance = self._allowance(view)
        try:
            return self._search(view, legal, started, allowance)
        finally:
            spent = time.perf_counter() - started
            self._turn_spent += spent
            self.total_search_seconds += spent

    def _search(self, view: PlayerView, legal: list, started: float, allowance: float):
        seat = view.seat
        state = determinize(view, self.rng)
        ranked = self.rank(state, seat, legal)
        candidates = []
        for _, action in ranked:
            if action not in candidates:
                candidates.append(action)
            if len(candidates) >= MAX_CANDIDATES:
                break
        if len(candidates) == 1 or all(type(a) is A.PlaceTile for a in candidates):
            return candidates[0]  # a placement: the planner's choice
        prior = {a: v for v, a in reversed(ranked)}
        totals = dict.fromkeys(candidates, 0.0)
        samples = 0
        limit = self.iterations
        deadline = started + allowance
        while True:
            if limit is not None:
                if samples >= limit:
                    break
            elif samples >= 1 and time.perf_counter() >= deadline:
                break
            world = determinize(view, self.rng)
            for action in candidates:
                totals[action] += self._playout(world, seat, action)
            samples += 1
            self.total_playouts += len(candidates)
            if limit is None and time.perf_counter() >= deadline:
                break
        self.last_iterations = samples
        self.total_iterations += samples
        # the planner's own score breaks near-ties and steadies the choice with few samples
        base = max(prior.values())
        return max(candidates, key=lambda a: totals[a] / samples + 0.25 * (prior[a] - base))

    def _playout(self, world, seat: int, action) -> float:
        state = world.copy(keep_history=False)
        apply_unchecked(state, action)
        quick: dict[int, Planner] = {}
        for _ in range(ROLLOUT_CAP):
            if state.step == Decision.GAME_OVER:
                break
            decider = state.decider
            if not OPPONENT_TURNS and (decider != seat or state.turn_seat != seat):
                break
            if decider == seat and state.step == Decision.TURN and state.turn_seat == seat \
                    and not state.action_taken:
                break  # our next turn: stop here
            legal = legal_actions(state)
            if len(legal) == 1:
                apply_unchecked(state, legal[0])
                continue
            if state.step == Decision.KEEP_CARD:
                a = choose_card(state, decider, legal, self.weights)
            elif state.step == Decision.BALL_SPEND:
                a = choose_ball(state, decider, legal, self.weights)
            elif state.step == Decision.CHOOSE_START_TILES:
                a = legal[-1]
            else:
                planner = quick.get(decider)
                if planner is None:  # the others are modelled with Normal's evaluation
                    planner = quick[decider] = Planner(decider, beam=(1, 1, 1, 1), place_k=3,
                                                       weights=self.weights if decider == seat else None)
                a = planner.search(state, 0, legal)[0][1]
            apply_unchecked(state, a)
        return relative(state, seat, self.weights)
