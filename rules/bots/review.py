"""A review of one seat's play in a finished or saved game, the way chess sites review a game.

The game is replayed from its start. At each of the seat's turns (and each ball where it had something to
hand back) Hard's search looks again from that seat's view at the time (never the hidden state): the turn
the seat played is raced, on the same sampled worlds, against the best turns Hard finds there (its best
turn of each kind and the variants of its favourite), and each is valued like a playout of Hard's search,
in VP and VP-equivalents. The loss of a decision is how much less the played turn scored than the best
one. A curve of each player's expected final score (their VP plus the evaluation of what they hold) follows
the game turn by turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs

from rules import actions as A
from rules.bots.determinize import determinize
from rules.bots.hard import HARD_WEIGHTS, HardBot
from rules.bots.planner import hand_back_options
from rules.bots.search import Budget, Candidate, SearchSettings, TurnSearch, candidates, variants_of
from rules.engine import apply
from rules.model import Decision
from rules.state import GameState


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

    @property
    def loss(self) -> float:
        return self.best_value - self.played_value

    def to_dict(self) -> dict:
        return {
            "index": self.index, "decade": self.decade, "round": self.round_pos, "kind": self.kind,
            "played": [str(a) for a in self.played], "suggested": [str(a) for a in self.suggested],
            "played_value": round(self.played_value, 2), "best_value": round(self.best_value, 2),
            "loss": round(self.loss, 2),
        }


@attrs.frozen
class Review:
    seat: int
    names: tuple[str, ...]
    decisions: tuple[ReviewedDecision, ...]
    curve: tuple[tuple[int, tuple[float, ...]], ...]  # (action index, expected final score of each seat)
    complete: bool = True  # False when the review was cancelled part way

    def costliest(self, count: int = 5) -> list[ReviewedDecision]:
        return sorted((d for d in self.decisions if d.loss > 0), key=lambda d: -d.loss)[:count]

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
            search = TurnSearch(state.view(seat), planner, SearchSettings(), rng, HARD_WEIGHTS)
            decisions.append(_judge(search, state, i, kind, played, budget() if budget else Budget(samples=8)))
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
           budget: Budget) -> ReviewedDecision:
    if kind == "turn":
        ranked = search.planner.lines(determinize(search.view, search.rng), 0, list(search.view.legal))
        found = candidates(ranked, search.settings.candidates)
        found += variants_of(found[0], ranked, search.settings.variants - 1)
    else:
        search.ball_only = True
        found = [Candidate([*acts, A.PlacePrestige()], -cost)
                 for _e, cost, acts in hand_back_options(determinize(search.view, search.rng), search.seat,
                                                          HARD_WEIGHTS)]
    mine = Candidate(played, 0.0)
    racing = [mine, *(c for c in found if c.line != played)]
    search.compare(racing, budget)
    best = max(racing, key=lambda c: c.mean)
    return ReviewedDecision(i, state.decade, state.round_pos, kind, tuple(played), tuple(best.line), mine.mean,
                            best.mean)
