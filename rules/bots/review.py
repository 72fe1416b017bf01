"""A review of one seat's play in a finished or saved game, the way chess sites review a game.

The game is replayed from its start. At each of the seat's turns (and each ball where it had something to
hand back) Hard's search looks again from that seat's view at the time (never the hidden state): the turn
the seat played is raced, on the same sampled worlds, against the best turns Hard finds there (its best
turn of each kind and the variants of its favourite), and each is valued like a playout of Hard's search,
in VP and VP-equivalents. The best of the race is then played again against the played turn on fresh worlds,
and the loss of the decision is how much less the played turn scored there: measured on the worlds that chose
the best, the loss would carry the luck that made it look best (the maximum of several noisy means is biased
upwards by about one and a half of their standard errors; see the README). Each decision also says why, in the
game's terms, for the move played and the better one (rules/bots/explain.py). A curve of each player's
expected final score (their VP plus the evaluation of what they hold) follows the game turn by turn.

The same start, actions, seat, seed and a budget of fixed work (``Budget(samples=...)``) give the same review,
wherever it runs: the Review screen and ``python -m rules review`` both use REVIEW_SAMPLES and REVIEW_SEED.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

import attrs

from rules import actions as A
from rules.bots.determinize import determinize
from rules.bots.explain import Reason, reasons_for
from rules.bots.hard import HARD_WEIGHTS, HardBot
from rules.bots.planner import hand_back_options
from rules.bots.search import Budget, Candidate, Playouts, SearchSettings, TurnSearch, candidates, variants_of
from rules.bots.whole_turn import whole_turn
from rules.engine import apply
from rules.model import Decision
from rules.state import GameState

#: worlds each decision's moves are played on, by default (the screen and the command line alike)
REVIEW_SAMPLES = 8
#: the seed of the sampled worlds, by default
REVIEW_SEED = 0
#: moves a turn's race plays on each world, about: the kinds of turn, the variants of the best, the one played,
#: and the two played again to measure the loss; a ball's race is smaller
TURN_LINES = 11
BALL_LINES = 5


@attrs.frozen
class ReviewedDecision:
    """One decision of the seat: where it starts in the game's actions, what was played and what is better."""

    index: int
    decade: int
    round_pos: int
    kind: str  # "turn" or "ball"
    played: tuple[A.Action, ...]
    suggested: tuple[A.Action, ...]
    played_value: float
    best_value: float
    played_reasons: tuple[Reason, ...] = ()
    suggested_reasons: tuple[Reason, ...] = ()

    @property
    def loss(self) -> float:
        return self.best_value - self.played_value

    def to_dict(self) -> dict:
        return {
            "index": self.index, "decade": self.decade, "round": self.round_pos, "kind": self.kind,
            "played": [str(a) for a in self.played], "suggested": [str(a) for a in self.suggested],
            "played_value": round(self.played_value, 2), "best_value": round(self.best_value, 2),
            "loss": round(self.loss, 2), "played_reasons": [r.to_dict() for r in self.played_reasons],
            "suggested_reasons": [r.to_dict() for r in self.suggested_reasons],
        }


@attrs.frozen
class Review:
    seat: int
    names: tuple[str, ...]
    decisions: tuple[ReviewedDecision, ...]
    curve: tuple[tuple[int, tuple[float, ...]], ...]  # (action index, expected final score of each seat)
    complete: bool = True  # False when the review was cancelled part way

    def costliest(self, count: int = 5) -> list[ReviewedDecision]:
        """The decisions that lost the most, the biggest loss first (equal losses in the game's order), as the
        values are kept (rounded to 2 decimals): the same order from a review and from its plain form."""
        lost = [d for d in self.decisions if round(d.loss, 2) > 0]
        return sorted(lost, key=lambda d: (-round(d.loss, 2), d.index))[:count]

    def to_dict(self) -> dict:
        return {
            "seat": self.seat, "name": self.names[self.seat], "complete": self.complete,
            "decisions": [d.to_dict() for d in self.decisions],
            "costliest": [d.to_dict() for d in self.costliest()],
            "curve": [{"index": i, "scores": [round(v, 1) for v in values]} for i, values in self.curve],
        }


def review_game(
    start: GameState, actions: Sequence[A.Action], seat: int, *, budget: Callable[[], Budget] | None = None,
    seed: int = 0, progress: Callable[[int, int], None] | None = None, cancelled: Callable[[], bool] | None = None,
) -> Review:
    """Review ``seat``'s play in the game that ``actions`` make from ``start`` (a fresh copy is replayed).

    ``budget()`` gives each decision's budget; ``progress(done, total)`` is told after each action;
    ``cancelled()`` is asked between decisions and stops the review (the part done is returned)."""
    if not 0 <= seat < start.n:
        raise ValueError(f"no seat {seat} in a {start.n}-player game")
    budget = budget or (lambda: Budget(samples=REVIEW_SAMPLES))
    state = start.copy()
    rng = random.Random(seed)
    hard = HardBot(seed=seed)
    planner = hard.planner(seat)
    decisions: list[ReviewedDecision] = []
    curve: list[tuple[int, tuple[float, ...]]] = []
    i = 0
    while i < len(actions):
        if cancelled is not None and cancelled():
            return Review(seat, tuple(state.names), tuple(decisions), tuple(curve), complete=False)
        if state.step == Decision.TURN and not state.action_taken and state.turn_seat == state.decider:
            curve.append((i, tuple(hard.values(state))))
        found = _decision_at(state, actions, i, seat)
        if found is not None:
            kind, played = found
            search = TurnSearch(state.view(seat), planner, SearchSettings(even_leaf=True), rng, HARD_WEIGHTS)
            decisions.append(_judge(search, state, i, kind, played, budget))
        apply(state, actions[i])
        i += 1
        if progress is not None:
            progress(i, len(actions))
    curve.append((i, tuple(float(p.vp) for p in state.players) if state.over else
                  tuple(hard.values(state))))
    return Review(seat, tuple(state.names), tuple(decisions), tuple(curve))


def _decision_at(state: GameState, actions: Sequence[A.Action], i: int,
                 seat: int) -> tuple[str, list[A.Action]] | None:
    """If ``seat`` starts a turn or a ball's hand-backs at action ``i``: which, and the actions it played."""
    if state.decider != seat:
        return None
    if state.step == Decision.TURN and not state.action_taken and not state.card_played:
        own = (Decision.TURN, Decision.EXPAND, Decision.CHOOSE_REGION, Decision.KNIGHT, Decision.DONATE,
               Decision.VICAR, Decision.INHERITANCE)
        return "turn", _played(state, actions, i, seat, own, A.EndTurn)
    if state.step == Decision.BALL_SPEND and (i == 0 or not isinstance(actions[i - 1], A.HandBackBribe |
                                                                        A.HandBackCard)):
        return "ball", _played(state, actions, i, seat, (Decision.BALL_SPEND,), A.PlacePrestige)
    return None


def _played(state: GameState, actions: Sequence[A.Action], i: int, seat: int, steps: tuple[Decision, ...],
            last: type) -> list[A.Action]:
    """The seat's own actions from ``i`` until ``last`` (or until someone else must decide)."""
    probe = state.copy(keep_history=False)
    out: list[A.Action] = []
    for action in actions[i:]:
        if probe.decider != seat or probe.step not in steps:
            break
        out.append(action)
        apply(probe, action)
        if isinstance(action, last):
            break
    return out


def _judge(search: TurnSearch, state: GameState, i: int, kind: str, played: list[A.Action],
           budget: Callable[[], Budget]) -> ReviewedDecision:
    if kind == "turn":
        ranked = search.planner.lines(determinize(search.view, search.rng), 0, list(search.view.legal))
        found = candidates(ranked, search.settings.candidates)
        found += variants_of(found[0], ranked, search.settings.variants - 1, search.settings.distinct)
    else:
        search.ball_only = True
        found = [Candidate([*acts, A.PlacePrestige()], -cost)
                 for _e, cost, acts in hand_back_options(determinize(search.view, search.rng), search.seat,
                                                          HARD_WEIGHTS)]
    mine = Candidate(played, 0.0)
    racing = [mine, *(c for c in found if c.line != played)]
    search.compare(racing, budget())
    best = max(racing, key=lambda c: c.mean)
    view = search.view
    reasons = reasons_for(view, played)
    if best is mine:
        return ReviewedDecision(i, state.decade, state.round_pos, kind, tuple(played), tuple(played), mine.mean,
                                mine.mean, reasons, reasons)
    # the loss measured afresh: the race's worlds chose the best, and its lead there is partly their luck
    measure = TurnSearch(view, search.planner, search.settings, search.rng, search.weights)
    measure.ball_only = search.ball_only
    again = [Candidate(played, 0.0), Candidate(best.line, 0.0)]
    measure.compare(again, budget())
    # a line the planner stopped following (a card, a trade) is told on to the end of its turn, with its action
    suggested = (whole_turn(determinize(view, search.rng), search.seat, best.line, search.settings) if kind == "turn"
                 else best.line)
    return ReviewedDecision(i, state.decade, state.round_pos, kind, tuple(played), tuple(suggested), again[0].mean,
                            again[1].mean, reasons, reasons_for(view, suggested))


@attrs.frozen
class ReviewEstimate:
    """How big a review is: the seat's decisions to judge, and about how many seconds they take here."""

    decisions: int
    seconds: float


def estimate_review(start: GameState, actions: Sequence[A.Action], seat: int, *, samples: int = REVIEW_SAMPLES,
                    seconds: float | None = None) -> ReviewEstimate:
    """The decisions ``review_game`` will judge and the time it will take on this machine, now: with a time
    budget of ``seconds`` a decision, that many each; with ``samples`` worlds, timed by planning and playing a
    line at three of the seat's turns (early, middle, late: later playouts run to the game's end)."""
    if not 0 <= seat < start.n:
        raise ValueError(f"no seat {seat} in a {start.n}-player game")
    state = start.copy(keep_history=False)
    turns: list[tuple[GameState, list[A.Action]]] = []
    balls = 0
    for i, action in enumerate(actions):
        found = _decision_at(state, actions, i, seat)
        if found is not None and found[0] == "turn":
            turns.append((state.copy(keep_history=False), found[1]))
        elif found is not None:
            balls += 1
        apply(state, action)
    count = len(turns) + balls
    if seconds is not None:
        return ReviewEstimate(count, count * seconds)
    if not turns:
        return ReviewEstimate(count, 0.0)
    picks = [turns[0], turns[len(turns) // 2], turns[-1]]
    planner = HardBot().planner(seat)
    playing = Playouts(seat, SearchSettings(), HARD_WEIGHTS)
    rng = random.Random(REVIEW_SEED)
    started = time.perf_counter()
    plan_time = play_time = 0.0
    for turn_state, played in picks:
        view = turn_state.view(seat)
        planner.lines(determinize(view, rng), 0, list(view.legal))
        planned = time.perf_counter()
        playing.play_on(determinize(view, rng), played)
        done = time.perf_counter()
        plan_time += planned - started
        play_time += done - planned
        started = done
    plan, play = plan_time / len(picks), play_time / len(picks)
    # a ball's playouts end with the ball: they cost a small part of a turn's (a tenth is generous)
    total = len(turns) * (plan + samples * TURN_LINES * play) + balls * samples * BALL_LINES * play / 10
    return ReviewEstimate(count, total)
