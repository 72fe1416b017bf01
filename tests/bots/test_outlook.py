"""Hard values the next ball's titles as a smooth expectation: no whole title won or lost by one point, so
that a title it can buy now is not refused for a forecast of the next ball."""

from __future__ import annotations

import pytest

from rules.bots import make_bot, outlook
from rules.bots.evaluate import Ctx, title_value
from rules.bots.hard import HARD_WEIGHTS, HARD_WEIGHTS_0_1
from rules.model import Card, Decision
from tests.arena.balls import ball_where_seat_1_decides_last
from tests.rules.scenario import game, set_estate


def _titles_won(spec: str, bribes: int, *cards: Card) -> str:
    state = ball_where_seat_1_decides_last(bribes, *cards)
    bot = make_bot(spec, seed=3)
    while state.step == Decision.BALL_SPEND and state.decider == 1:
        view = state.view(1)
        state.apply(bot.choose(view, list(view.legal)))
    return state.ball_titles[-1][1].label


@pytest.mark.parametrize(("bribes", "cards"), [(3, ()), (5, ()), (2, (Card.BLACKMAIL,))])
def test_deciding_last_hard_buys_the_better_title(bribes, cards):
    # R-BALL-2, R-BALL-3: 8 prestige makes it Earl (+3 VP) instead of Viscount (+1 VP), and nobody can answer
    assert _titles_won("hard:iterations=8", bribes, *cards) == "earl"
    assert _titles_won("hard-0.1:iterations=8", bribes, *cards) == "viscount"  # it kept them for its forecast


def test_a_point_of_prestige_moves_the_expected_title_by_less_than_a_title():
    state = game(4)
    outlooks, forecasts = [], []
    for fountains in range(1, 15):  # R-BALL-2: one prestige each
        set_estate(state, 0, " ".join(["w"] * fountains))
        ctx = Ctx(state, 0, HARD_WEIGHTS)
        outlooks.append(outlook.title_outlook(state, HARD_WEIGHTS, ctx)[0])
        forecasts.append(title_value(state, 0, Ctx(state, 0, HARD_WEIGHTS_0_1)))
    steps = [b - a for a, b in zip(outlooks, outlooks[1:], strict=False)]
    assert all(0 <= step < 1.0 for step in steps) and outlooks[-1] - outlooks[0] > 2.0
    assert max(b - a for a, b in zip(forecasts, forecasts[1:], strict=False)) >= 2.0  # the forecast's jumps


def test_a_marker_placed_at_a_ball_under_way_is_certain():
    state = ball_where_seat_1_decides_last(1)
    means, spreads = outlook.prestige_spread(state, HARD_WEIGHTS)
    assert (means[2], spreads[2]) == (7.0, 0.0) and (means[0], spreads[0]) == (4.0, 0.0)
    assert spreads[1] > 0
