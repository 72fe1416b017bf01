"""A line of play told as a whole turn, for the coach's words (R-TURN-1: one action A-G a turn).

The planner follows only its best few lines to the end of the turn; a line it stopped following is a card played
or a trade alone, which the search's playouts then play on. Told as advice ("Better: Play Tribute", "'Trade once'
is about as good") such a line is no move at all. :func:`whole_turn` plays it on to the end of the seat's turn
the way those playouts do, on one sampled world, so that the hint and the review name the action it comes to.
:func:`same_move` says whether two such turns are one move made two ways (a trade that changes nothing else).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules import actions as A
from rules.bots.planner import OWN_STEPS
from rules.bots.rollout import PlayoutPolicy
from rules.bots.search import SearchSettings
from rules.engine import apply
from rules.legal import legal_actions
from rules.state import GameState


def whole_turn(world: GameState, seat: int, line: Sequence[A.Action], settings: SearchSettings) -> list[A.Action]:
    """``line`` (``seat``'s actions from ``world``'s pending decision, ``world`` a sampled world of its view, which
    this changes) as far as it stays legal there, then on to the end of the seat's turn as the playouts of a
    search with ``settings`` play it on (a line drawn up on another world may hold tiles this one did not draw)."""
    out: list[A.Action] = []
    for action in line:
        if world.decider != seat or action not in legal_actions(world):
            break
        apply(world, action)
        out.append(action)
    policy = PlayoutPolicy(trades=settings.trade, sites=settings.inherit)
    while (world.decider == seat and world.turn_seat == seat and world.step in OWN_STEPS
           and not (out and isinstance(out[-1], A.EndTurn))):
        action = policy.choose(world)
        apply(world, action)
        out.append(action)
    return out


def same_move(line: Sequence[A.Action], other: Sequence[A.Action]) -> bool:
    """Whether two lines of one seat's turn make the same move: the same action, card and placements (tiles
    placed, buildings and castles sited, knights sent, tiles donated or returned), whatever their order, the trades
    (R-TURN-3) and the turn's end left aside: a trade that changes nothing else is another way of making it."""
    return Counter(_made(line)) == Counter(_made(other))


def _made(line: Sequence[A.Action]) -> list[A.Action]:
    return [a for a in line if not isinstance(a, A.Trade | A.EndTurn)]
