"""Hard: plans its turn, then tests the best few whole turns by playing the game on from its view.

At the first decision of its turn Hard searches (rules/bots/search.py): its planner proposes the best few
complete turns of different kinds, and playouts of each, on many sampled determinizations of what it may see,
run on to the next ball, building scoring or (in the last decade) the end of the game, scored in VP. The
chosen turn is then played out step by step without searching again, unless something it could not know
(the tiles drawn, a card offered) makes the rest of the plan illegal; then it plans the rest afresh.
At a masked ball it races what it could hand back the same way, to the end of the ball; its start tiles,
the scandal card it keeps and the tiles a knight on its forest takes are raced too.

Hard's planner values a position relative to the others (its value minus half their mean) with its own
weights (HARD_WEIGHTS), the next ball's titles as a smooth expectation (rules/bots/outlook.py). Thinking
time: ``budget`` CPU seconds of the thinking thread a turn (default 1 s, at most 3 times that on the clock),
or a fixed number of samples a turn (``iterations``) for reproducible play; a bigger budget races more kinds
of turn and more lines of the best kind, and trusts the playouts more against the planner's score
(``widened``). Options from a bot spec (``hard:candidates=6:leaf=0.5``) set the search's settings (see
SearchSettings) for experiments; ``hard-0.1`` (rules/bots/__init__.py) is Hard with the settings of that
version.
"""

from __future__ import annotations

import functools
import math

import attrs

from rules import actions as A
from rules.bots import outlook
from rules.bots.determinize import determinize
from rules.bots.evaluate import WEIGHTS, evaluate
from rules.bots.heuristic import NormalBot
from rules.bots.outlook import OUTLOOK_WEIGHTS
from rules.bots.planner import OWN_STEPS, Planner, card_keep_value, choose_ball, choose_card
from rules.bots.search import WALL_CAP, Budget, Candidate, SearchSettings, TurnSearch
from rules.bots.spec_options import parse_options
from rules.model import Decision
from rules.observer import PlayerView
from rules.state import GameState

TURN_BUDGET = 1.0  # default seconds of thinking per turn
TURN_SHARE = 0.9  # of it for the search at the turn's start (the turn's other steps follow the plan)
BALL_SHARE = 0.5  # of it for deciding what to hand back at a ball
CHOICE_SHARE = 0.25  # of it for a scandal card kept or the tiles a knight takes
# the start tiles raced (R-SETUP-5: 0-3 of each kind, by TileType: field, fountain, grove, meadow; the rest
# drawn at random up to 12)
START_CHOICES = ((3, 3, 3, 3), (3, 3, 3, 2), (3, 3, 3, 1), (3, 3, 2, 3), (3, 2, 3, 3), (2, 3, 3, 3))
SHARE = 0.5  # Hard's planner values a position as its own minus this share of the others' mean
# Hard's evaluation: balls (prestige), the Queen and tiles weigh more than in Normal's (tuned by paired self-play
# against Normal with rules/arena/tune.py); Normal keeps WEIGHTS. Hard 0.1 stopped there; Hard values the next
# ball's titles as a smooth expectation (rules/bots/outlook.py), an Inheritance at 80% of the castle it brings
# on its best site (40% of that while it has none; a meadow laid for one is worth 1 VP more to the planner),
# and tiles beyond what the expands of half the turns left can place (``room_share``) at a quarter (in the last
# decade, those no placement can use: ``last_tiles``), and counts only the squares that can become regions side by
# side (``packed_squares``); each part is a search setting (hard-0.1 sets them off).
HARD_WEIGHTS_0_1 = {**WEIGHTS, "prestige": 0.5, "queen": 5.0, "tile": 0.5}
_BY_SETTING = {
    "outlook": OUTLOOK_WEIGHTS,
    "inherit": {"inherit_castle": 0.8, "inherit_site": 1.0},
    "reach": {"enclose_reach": 1.0},
    "packed_squares": {"square_pack": 1.0},
    "folly_site": {"folly_site": 1.0},
    "last_ball": {"last_ball": 1.0},
}


def hard_weights(settings: SearchSettings) -> dict:
    """Hard's evaluation weights with the parts its settings switch on."""
    weights = {**HARD_WEIGHTS_0_1, "tile": settings.tile_worth}
    for name, part in _BY_SETTING.items():
        if getattr(settings, name):
            weights.update(part)
    if settings.room:
        weights["tile_room"] = settings.room_share
        weights["tile_last"] = 1.0 if settings.last_tiles else 0.0
    return weights


HARD_WEIGHTS = hard_weights(SearchSettings())


def leaf_weights(weights: dict, settings: SearchSettings) -> dict:
    """What the search's playouts value their leaves with: Hard's weights, the Queen by what she is sure to bring
    (``queen_leaf``), in the first ``leaf_tiles_decades`` decades a tile at ``leaf_tiles`` times its worth to the
    planner (with ``leaf_tiles_fade`` falling to 1x through the last of them; and, with ``leaf_income``, those its
    groves and forests will bring), and an open castle's later scorings hoped for at ``leaf_hope`` times the
    planner's hope."""
    leaf = {**weights, "tile_early": settings.leaf_tiles, "tile_early_decades": settings.leaf_tiles_decades,
            "tile_early_fade": 1.0 if settings.leaf_tiles_fade else 0.0,
            "tile_early_income": 1.0 if settings.leaf_income else 0.0,
            "enclose_hope": weights["enclose_hope"] * settings.leaf_hope}
    if settings.queen_leaf:
        leaf["queen_sure"] = 1.0
    return leaf


# A bigger budget looks at more moves: at 8 sampled worlds a turn Hard races 5 kinds of turn and 4 lines of
# the best kind; at 4x that, 8 kinds and 12 lines (more worlds on the same few moves did not play better,
# more moves did: docs/hard.md section 1). A time budget widens as if it played this many worlds a second, so
# that a second races at the widest; it plays far more (a median of 150-490 a turn search in real games, which the
# planner's 3-22 lines cannot use: docs/hard.md section 1). The planner offers at most 8 lines of one kind, so from
# 16 worlds on the variants raced are all it has (12 is a cap it does not reach: `variants=8` plays as the default).
BASE_WORLDS = 8
WIDEST = 2.0  # log2 of 4x: no wider beyond it
WORLDS_PER_SECOND = 32
# With more worlds the playouts' means are surer, so the planner's own score weighs less in the choice: the
# prior loses this much per doubling (0.25 at 8 worlds, 0.1 at 32; Hard 0.1 at 32 worlds against three of itself
# at 8 won 36.5% of 348 games with prior 0.1, 33% of 192 with 0.25; on positions of a later Hard the weight made no
# difference within the noise: docs/hard.md section 1).
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
        # the clock may run this many times a budget of seconds (its CPU time of the thinking thread); 0: no
        # limit, to measure the thinking of an idle computer on a busy one
        self.clock: float = values.pop("clock", WALL_CAP)
        super().__init__(seed, budget, iterations)
        # the rest are fields of SearchSettings
        self.settings = widened(SearchSettings(**values), self._worlds(), fixed=set(values))
        self.weights: dict = hard_weights(self.settings)
        self.leaf_weights = leaf_weights(self.weights, self.settings)
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
        values = functools.partial(outlook.values, weights=self.weights) if self.settings.outlook else None
        return Planner(seat, beam=self.beam, place_k=self.place_k, weights=self.weights, share=SHARE, values=values,
                       whole_donation=self.settings.whole_donation)

    def values(self, state: GameState) -> list[float]:
        """Every seat's position in VP-equivalents, as Hard values it."""
        if self.settings.outlook:
            return outlook.values(state, self.weights)
        return [evaluate(state, s, self.weights) for s in range(state.n)]

    def rank(self, state, seat: int, legal: list):
        ranked = self.planner(seat).search(state, 0, legal)
        return ranked or [(0.0, legal[0])]

    # -- deciding --------------------------------------------------------------------------------------------
    def _choose(self, view: PlayerView, legal: list) -> A.Action:
        state, seat = view.state, view.seat
        step = state.step
        if step == Decision.CHOOSE_START_TILES:
            if self.settings.choices:
                return self._raced(view, [(0.0, A.ChooseStartTiles(c)) for c in START_CHOICES], TURN_SHARE)
            return self.start_tiles(legal)
        if step == Decision.BALL_SPEND and self.settings.ball:
            return self._at_ball(view, legal)
        if step not in OWN_STEPS or state.turn_seat != seat:
            world = self._world(view)
            if step in (Decision.KEEP_CARD, Decision.GIVE_TILES) and self.settings.choices:
                return self._raced(view, self._choices(world, seat, legal), CHOICE_SHARE)
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
        search = TurnSearch(view, self.planner(view.seat), self.settings, self.rng, self.leaf_weights)
        line = search.run_ball(self._budget(BALL_SHARE))
        self._note(search)
        self._plan_turn, self._plan = ball, line[1:]
        return line[0] if line[0] in legal else A.PlacePrestige()

    def _choices(self, world: GameState, seat: int, legal: list) -> list[tuple[float, A.Action]]:
        """The options of a card kept (R-CARD-1, R-CARD-4) or of the tiles a knight takes (R-ACT-B2), each
        with the planner's value of it (a trade, allowed while keeping a chapel's card, is the turn's
        business)."""
        if world.step == Decision.KEEP_CARD:
            return [(card_keep_value(world, seat, a, self.weights), a) for a in legal
                    if isinstance(a, A.KeepCard | A.KeepAllWithIntrigue)]
        return self.rank(world, seat, legal)

    def _raced(self, view: PlayerView, options: list[tuple[float, A.Action]], share: float) -> A.Action:
        """The option that scores best in playouts on sampled worlds (the planner's value breaking near-ties)."""
        racing = [Candidate([action], prior) for prior, action in options if action in view.legal]
        if len(racing) == 1:
            return racing[0].line[0]
        search = TurnSearch(view, self.planner(view.seat), self.settings, self.rng, self.leaf_weights)
        best = search.run_choice(racing, self._budget(share))
        self._note(search)
        return best.line[0]

    def _budget(self, share: float) -> Budget:
        """A share of a turn's thinking: fixed work (``iterations`` worlds) or time."""
        if self.iterations is not None:
            return Budget(samples=max(1, round(self.iterations * share)))
        return Budget(seconds=(self.budget or TURN_BUDGET) * share, clock_cap=self.clock)

    def _note(self, search: TurnSearch) -> None:
        self.total_samples += search.samples
        self.total_playouts += search.playouts

    def _world(self, view: PlayerView) -> GameState:
        return determinize(view, self.rng, count_money=self.settings.count_money)

    def _replan(self, view: PlayerView, legal: list) -> list[A.Action]:
        """The rest of a turn whose plan no longer fits (new tiles, a card): the planner's best line."""
        lines = self.planner(view.seat).lines(self._world(view), 0, legal)
        return lines[0][1] if lines else [legal[0]]

    def _search(self, view: PlayerView, legal: list) -> list[A.Action]:
        search = TurnSearch(view, self.planner(view.seat), self.settings, self.rng, self.leaf_weights)
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
