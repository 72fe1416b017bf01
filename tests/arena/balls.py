"""A ball where one seat decides last, for the tests of the flaw report, the keeps and the title forecast (R-BALL-2,
R-BALL-3)."""

from __future__ import annotations

from rules.model import Card
from rules.state import GameState
from tests.rules.scenario import game, set_bribes, set_cards, set_estate, start_ball


def ball_where_seat_1_decides_last(bribes: int, *cards: Card,
                                   fountains: tuple[int, int, int] = (4, 5, 7)) -> GameState:
    """3 players at the decade's first ball (R-BALL-2, order Queen holder 2, then 0, then 1): seat 2 places 7,
    seat 0 places 4, and seat 1 (5 fountains) decides last holding ``bribes`` and ``cards``; nobody else holds
    anything to hand back. 8 prestige makes seat 1 Earl; 5 leaves it Viscount (R-BALL-3, 3p supply).
    ``fountains`` (seats 0, 1, 2) sets what each places instead."""
    s = game(3)
    for seat, count in enumerate(fountains):
        set_estate(s, seat, " ".join(["w"] * count))
    for seat in range(3):
        set_cards(s, seat)
        set_bribes(s, seat, 0)
    set_bribes(s, 1, bribes)
    set_cards(s, 1, *cards)
    start_ball(s)
    assert s.decider == 1 and s.at_ball.places[2] == fountains[2] and s.at_ball.places[0] == fountains[0]
    return s
