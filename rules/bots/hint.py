"""A hint: what Hard would do at a player's decision, from that player's view only, and by how much.

At the first decision of a turn the planner's best line of each kind of turn (expand, build, bribe, taxes,
...) is raced on the same sampled worlds, like Hard's search (rules/bots/search.py), and the hint is the best
of them, with the runner-up and how many VP (and VP-equivalents) its playouts scored more; so is what is left of
a turn once its action or its card is done (a card still to play, a trade, or ending it). The steps of an action
under way get the planner's line on to the end of the turn. Each line is told as a whole turn
(rules/bots/whole_turn.py), so that its reasons are those of all it does, and the runner-up named is another move
(the same action, card and placements with a trade that changes nothing else are one move made two ways). At a
masked ball the cheapest hand-backs for each extra prestige are raced the same way, and the suggestion says the
prestige its hand-backs reach and the title that is expected to take, and the starting tiles Hard chooses between
are raced too. Any other decision (a scandal card to keep, the tiles a knight takes) gets Hard's choice, without a
margin. rules/bots/explain.py says why, in the game's terms.

The search sees only ``view`` (the hidden tiles, cards, bag and deck sampled afresh on each world), so the
hint never depends on anything the player could not know; with a fixed ``samples`` and ``seed`` it is
reproducible. ``cancelled()``, asked between worlds, cuts the race short (the hint is then discarded).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

from rules import actions as A
from rules.bots.determinize import determinize
from rules.bots.explain import ball_outlook
from rules.bots.hard import HARD_WEIGHTS, START_CHOICES, HardBot
from rules.bots.planner import OWN_STEPS, hand_back_options
from rules.bots.search import Budget, Candidate, SearchSettings, TurnSearch, candidates
from rules.bots.whole_turn import same_move, whole_turn
from rules.model import Decision, Title
from rules.observer import PlayerView

HINT_SAMPLES = 12  # worlds each candidate is played on, by default


@attrs.frozen
class Suggestion:
    """The suggested line (its first action is the one to take now) and, when candidates were raced, the
    runner-up and the margin (mean VP of the suggestion's playouts minus the runner-up's)."""

    line: tuple[A.Action, ...]
    kind: str  # "turn" (a whole turn was searched), "ball" (hand-backs at a ball) or "step" (any other)
    margin: float | None = None
    runner_up: tuple[A.Action, ...] = ()
    compared: int = 1  # how many lines were raced
    # at a ball: the prestige the line's hand-backs bring the marker to, and the title it is expected to take
    prestige: int | None = None
    title: Title | None = None

    @property
    def action(self) -> A.Action:
        return self.line[0]


@attrs.define
class StoppableBudget(Budget):
    """A budget that is spent at once when ``cancelled()`` says so."""

    cancelled: Callable[[], bool] | None = None

    def used(self, samples: int) -> float:
        if self.cancelled is not None and self.cancelled():
            return 1.0
        return super().used(samples)


def suggest(view: PlayerView, *, seed: int = 0, samples: int = HINT_SAMPLES,
            cancelled: Callable[[], bool] | None = None) -> Suggestion:
    """What ``view.seat`` should do at its pending decision; ValueError if it has none."""
    legal = list(view.legal)
    if not legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    if len(legal) == 1:
        return Suggestion((legal[0],), "step")
    rng = random.Random(seed)
    bot = HardBot(seed=seed, iterations=samples)
    st = view.state
    own_turn = st.step in OWN_STEPS and st.turn_seat == view.seat
    budget = StoppableBudget(samples=samples, cancelled=cancelled)
    # every line valued at the same point, as in the review (a line ending the decade is no longer valued later)
    search = TurnSearch(view, bot.planner(view.seat), SearchSettings(even_leaf=True), rng, HARD_WEIGHTS)
    if own_turn:
        ranked = search.planner.lines(determinize(view, rng), 0, legal)
        if not ranked:
            return Suggestion((legal[0],), "step")
        whole = _whole_turn(search)
        if st.step != Decision.TURN:  # a step of the action under way: the planner's way on to the turn's end
            return Suggestion(whole(tuple(ranked[0][1])), "step")
        # the turn's start, or what is left of it once its action or card is done: each kind of line raced
        racing = candidates(ranked, search.settings.candidates)
        return _raced(search, racing, budget, "turn", whole)
    if st.step == Decision.BALL_SPEND:
        search.ball_only = True
        world = determinize(view, rng)
        options = hand_back_options(world, view.seat, HARD_WEIGHTS)
        racing = [Candidate([*acts, A.PlacePrestige()], -cost) for _extra, cost, acts in options]
        racing = [c for c in racing if c.line[0] in legal]
        if racing:
            chosen = _raced(search, racing, budget, "ball")
            prestige, title = ball_outlook(world, view.seat, chosen.line)
            return attrs.evolve(chosen, prestige=prestige, title=title)
    if st.step == Decision.CHOOSE_START_TILES:  # the choices Hard races (R-SETUP-5), with the margin of the best
        racing = [Candidate([A.ChooseStartTiles(c)], 0.0) for c in START_CHOICES if A.ChooseStartTiles(c) in legal]
        if racing:
            return _raced(search, racing, budget, "step")
    action = bot.choose(view, legal)
    return Suggestion((action,), "step")


def _whole_turn(search: TurnSearch) -> Callable[[tuple[A.Action, ...]], tuple[A.Action, ...]]:
    """A line told to the end of the turn, with its action (a line the planner stopped following, a card or a trade
    alone, is no move: R-TURN-1)."""
    def whole(line: tuple[A.Action, ...]) -> tuple[A.Action, ...]:
        return tuple(whole_turn(search.world(), search.seat, line, search.settings))

    return whole


def _raced(search: TurnSearch, racing: list[Candidate], budget: Budget, kind: str,
           told: Callable[[tuple[A.Action, ...]], tuple[A.Action, ...]] = tuple) -> Suggestion:
    """The best of ``racing`` and its margin over the runner-up, each line as ``told`` (a turn's to its end): the
    runner-up is the best of the others that is another move (``same_move``: a trade that changes nothing else
    makes the same move), unless every other is the same move made another way."""
    if len(racing) == 1:
        return Suggestion(told(tuple(racing[0].line)), kind)
    search.compare(racing, budget)
    best = max(racing, key=search.score)  # as Hard chooses: the playouts' mean, the planner's score a little
    line = told(tuple(best.line))
    others = [(told(tuple(c.line)), c) for c in sorted(racing, key=lambda c: c.mean, reverse=True) if c is not best]
    other, second = next(((o, c) for o, c in others if not same_move(o, line)), others[0])
    return Suggestion(line, kind, best.mean - second.mean, other, len(racing))
