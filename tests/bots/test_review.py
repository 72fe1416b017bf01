"""The review of a game: it finds a planted blunder, names the better move, leaves good play alone, and
looks only at what the seat could see."""

from __future__ import annotations

from rules import actions as A
from rules.bots.review import review_game
from rules.bots.search import Budget
from rules.model import Decision, Folly
from tests.rules.scenario import game, play, set_cards, set_estate, set_hand, turn


def _last_round_with_a_folly_to_build():
    """Decade III, the last round (queen-lock space): seat 0 could build the mixed folly for 12 VP (R-ACT-B5)."""
    s = game(3)
    s.decade, s.round_pos, s.queen = 3, 9, 2
    set_estate(s, 0, "f f w w m\nf f w w .\ng g . . .\ng g . . .")  # a farm, a garden and a forest
    s.players[0].money = 20
    set_hand(s, 0)  # no tiles: the church cannot beat the folly
    set_cards(s, 0)
    turn(s, 0)
    return s


def _finish(s, first: list[str]) -> list[A.Action]:
    """Play ``first`` for seat 0, then leisure for everyone to the end of the game; the actions played."""
    start = len(s.history)
    play(s, *first)
    while not s.over:
        play(s, "leisure", "end turn")
    return s.history[start:]


def test_a_planted_blunder_is_the_costliest_decision():
    start = _last_round_with_a_folly_to_build()
    assert Folly.MIXED in start.follies
    actions = _finish(start.copy(), ["leisure", "end turn"])
    review = review_game(start, actions, 0, budget=lambda: Budget(samples=2))
    assert review.complete and len(review.decisions) == 1
    worst = review.costliest(1)[0]
    assert worst.played == (A.Leisure(), A.EndTurn())
    assert isinstance(worst.suggested[0], A.BuildFolly)
    assert worst.loss >= 5  # 12 VP for the folly against 1 for leisure, the money left worth little now


def test_good_play_costs_nothing():
    start = _last_round_with_a_folly_to_build()
    actions = _finish(start.copy(), ["build folly-mixed at 4,0", "end turn"])
    review = review_game(start, actions, 0, budget=lambda: Budget(samples=2))
    assert [d.loss < 1.0 for d in review.decisions] == [True]


def test_a_review_replays_the_game_to_its_end_and_can_be_cancelled():
    start = _last_round_with_a_folly_to_build()
    actions = _finish(start.copy(), ["leisure", "end turn"])
    seen: list[int] = []
    review = review_game(start, actions, 1, budget=lambda: Budget(samples=1), progress=lambda d, t: seen.append(d))
    assert seen[-1] == len(actions) and review.curve[-1][1] == tuple(float(p.vp) for p in _ended(start, actions))
    stopped = review_game(start, actions, 0, budget=lambda: Budget(samples=1), cancelled=lambda: True)
    assert not stopped.complete and stopped.decisions == ()


def _ended(start, actions):
    s = start.copy()
    for a in actions:
        s.apply(a)
    assert s.step == Decision.GAME_OVER
    return s.players


def test_the_estimate_counts_the_decisions_the_review_judges_and_times_them():
    from rules.bots.review import estimate_review

    start = _last_round_with_a_folly_to_build()
    actions = _finish(start.copy(), ["leisure", "end turn"])
    review = review_game(start, actions, 0, budget=lambda: Budget(samples=1))
    size = estimate_review(start, actions, 0, samples=1)
    assert size.decisions == len(review.decisions) == 1 and size.seconds > 0
    assert estimate_review(start, actions, 0, seconds=2.0).seconds == 2.0


def test_the_reasons_of_both_moves_come_with_a_decision_and_its_plain_form():
    from rules.bots import Gain

    start = _last_round_with_a_folly_to_build()
    actions = _finish(start.copy(), ["leisure", "end turn"])
    worst = review_game(start, actions, 0, budget=lambda: Budget(samples=2)).costliest(1)[0]
    assert worst.suggested_reasons[0].gain == Gain.FOLLY and worst.suggested_reasons[0].amount == 12
    assert [r.gain for r in worst.played_reasons] == [Gain.VP]  # leisure: +1 VP (R-ACT-G1)
    plain = worst.to_dict()
    assert plain["suggested_reasons"][0] == {"gain": "folly", "amount": 12}


def _whole(line: list[A.Action]) -> list[A.Action]:
    """``line`` told to the end of seat 0's turn on a sampled world of the folly position, Tribute in hand."""
    import random

    from rules.bots.determinize import determinize
    from rules.bots.search import SearchSettings
    from rules.bots.whole_turn import whole_turn
    from rules.model import Card

    s = _last_round_with_a_folly_to_build()
    set_cards(s, 0, Card.TRIBUTE)
    return whole_turn(determinize(s.view(0), random.Random(1)), 0, line, SearchSettings())


def _one_action(line: list[A.Action]) -> bool:
    """The line holds exactly one kind of the actions A-G (R-TURN-1), cards and trades aside."""
    from rules.refusal import ActionKind, action_kind

    kinds = {action_kind(a) for a in line} - {ActionKind.CARD, ActionKind.TRADE, ActionKind.END, None}
    return len(kinds) == 1


def test_r_turn_1_a_suggested_line_the_planner_stopped_following_is_told_with_the_turns_action():
    """A line that is a card alone ("Better: play Tribute") breaks R-TURN-1 as advice: the suggestion goes on to
    the end of the turn as the search's playouts played it on, with one of the actions A-G."""
    from rules.model import Card

    line = _whole([A.PlayCard(Card.TRIBUTE)])
    assert line[0] == A.PlayCard(Card.TRIBUTE) and isinstance(line[-1], A.EndTurn)
    assert _one_action(line), line
    assert _whole([A.Leisure(), A.EndTurn()]) == [A.Leisure(), A.EndTurn()]  # whole already


def test_r_turn_1_a_line_whose_next_step_the_sampled_world_refuses_is_still_told_with_an_action():
    """A line drawn up on another world may go on with tiles this one did not draw: it is told as far as it fits
    and then played on to the end of the turn (it was left at the card, 'Better: Play Tribute')."""
    from rules.model import Card, TileType

    line = _whole([A.PlayCard(Card.TRIBUTE), A.PlaceTile(TileType.GROVE, (9, 9))])
    assert line[0] == A.PlayCard(Card.TRIBUTE) and isinstance(line[-1], A.EndTurn)
    assert _one_action(line), line


def test_r_score_a_line_that_ends_the_decade_is_valued_where_the_same_move_left_open_is():
    """The review and the hints value every line at the same point (``even_leaf``): a turn whose End turn ends
    the decade (the Queen's holder on round 9, R-ROUND-1, R-SCORE) and the same turn left for the playouts to end
    get one value (the whole one was valued after the next decade's scoring: some 8 VP apart for one move)."""
    import random

    from rules.bots.hard import HARD_WEIGHTS, HardBot
    from rules.bots.search import Candidate, SearchSettings, TurnSearch

    s = game(3)
    s.decade, s.round_pos, s.queen = 2, 9, 0
    turn(s, 0)
    view = s.view(0)
    means = {}
    for even in (False, True):
        search = TurnSearch(view, HardBot().planner(0), SearchSettings(even_leaf=even), random.Random(3),
                            HARD_WEIGHTS)
        lines = [Candidate([A.Leisure(), A.EndTurn()], 0.0), Candidate([A.Leisure()], 0.0)]
        search.compare(lines, Budget(samples=4))
        means[even] = [c.mean for c in lines]
    assert abs(means[True][0] - means[True][1]) < 1e-9
    assert abs(means[False][0] - means[False][1]) > 0.5  # (valued a scoring apart without it)
