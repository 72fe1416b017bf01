"""Options of Hard's evaluation (docs/hard.md section 5): from the reading of its games, squares counted only as
many as can become regions side by side (``packed_squares``), a folly's regions counted in full only with an
empty meadow to build it on (``folly_site``) and what is held after the last ball counted by what it can still
bring (``last_ball``); from the leaf's calibration by playouts to the end, a tile worth more
in the search's leaves before the last decade (``leaf_tiles``; ``leaf_income``: the tiles to come too, or those in
hand only) and an open castle's later scorings hoped for less (``leaf_hope``)."""

from __future__ import annotations

import pytest

from rules.bots import HardBot, make_bot
from rules.bots.evaluate import NO_SITE, TIE_BREAK, Ctx, card_value, evaluate
from rules.bots.hard import HARD_WEIGHTS
from rules.bots.squares import open_squares, packed_squares
from rules.model import Card
from tests.bots.test_search import last_ball_first_in_order
from tests.rules.scenario import game, set_estate, set_hand

STAIRCASE = """
f f . .
. f f .
. . f f
"""
# the same six fields with the farm completed first (the reading's game on seed 5713, decade III)
FARM_AND_TWO = """
. f . .
. f f f
. . f f
"""


def test_r_land_3_a_staircase_of_fields_holds_two_squares_of_three_not_four():
    estate = set_estate(game(), 0, STAIRCASE)
    assert open_squares(estate)[0][0] == 4  # every 2x2 window holding 3 fields
    assert packed_squares(estate) == ((2, 0, 0, 0), (0, 0, 0, 0))  # at most two can become farms side by side


def test_r_land_3_squares_sharing_a_cell_count_once_whichever_is_found_first():
    for picture in ("f f\nf .\n. f", "f . .\nf f f"):  # two squares of 3 waiting for the same cell; an L
        estate = set_estate(game(), 0, picture)
        assert packed_squares(estate)[0][0] == 1, picture


def _value(picture: str, weights: dict) -> float:
    """The estate's worth with nothing behind the screen (tiles held would fill the staircase's squares)."""
    state = game()
    state.decade = 3
    set_estate(state, 0, picture + "\nm . . .")  # a meadow, as every estate starts with one
    set_hand(state, 0)
    return evaluate(state, 0, weights)


def test_r_land_3_with_packed_squares_completing_the_farm_is_worth_more_than_the_staircase():
    plain = {**HARD_WEIGHTS, "square_pack": 0.0}  # Hard before packed_squares (hard-0.1 too)
    assert _value(FARM_AND_TWO, HARD_WEIGHTS) > _value(STAIRCASE, HARD_WEIGHTS)
    assert _value(STAIRCASE, plain) > _value(FARM_AND_TWO, plain)  # the phantom squares the option ends


# a forest, a farm and a garden: the mixed folly's regions (R-ACT-B5); the meadow carries a palace
REGIONS = """
g g f f w w
g g f f w w
P . . . . .
"""


def _folly_reach(weights: dict, meadow: bool) -> float:
    state = game()
    set_estate(state, 0, REGIONS + ("\n. m . . . ." if meadow else ""))
    without = {**weights, "folly": 0.0}
    return evaluate(state, 0, weights) - evaluate(state, 0, without)


def test_r_act_b5_with_folly_site_a_follys_regions_count_in_full_only_with_an_empty_meadow_to_build_on():
    site = {**HARD_WEIGHTS, "folly_site": 1.0}
    assert _folly_reach(site, meadow=True) > 5  # 0.55 of the first folly's 12 VP
    assert abs(_folly_reach(site, meadow=False) - NO_SITE * _folly_reach(site, meadow=True)) < 1e-9
    assert _folly_reach(HARD_WEIGHTS, meadow=False) == _folly_reach(HARD_WEIGHTS, meadow=True)


def test_the_options_set_hards_weights_packed_squares_on_and_folly_site_off_by_default():
    assert HARD_WEIGHTS["square_pack"] == 1.0 and HARD_WEIGHTS["folly_site"] == 0.0
    bot = HardBot(iterations=8, options={"packed_squares": "false", "folly_site": "true"})
    assert bot.weights["square_pack"] == bot.leaf_weights["square_pack"] == 0.0
    assert bot.weights["folly_site"] == bot.leaf_weights["folly_site"] == 1.0
    assert make_bot("hard-0.1:iterations=8").weights["square_pack"] == 0.0  # the frozen baseline as it was


def test_what_a_tile_behind_the_screen_is_worth_to_hard_is_an_option_and_hard_0_1s_stays():
    assert HARD_WEIGHTS["tile"] == 0.5
    assert HardBot(iterations=8, options={"tile_worth": "0.4"}).weights["tile"] == 0.4
    assert make_bot("hard-0.1:iterations=8").weights["tile"] == 0.5


def _held_tile_worth(weights: dict, decade: int = 1, round_pos: int = 0) -> float:
    """What one more grove behind the screen adds to seat 0's evaluation in ``decade`` at ``round_pos``."""
    state = game()
    state.decade = decade
    state.round_pos = round_pos
    set_hand(state, 0, grove=1)
    more = state.copy()
    set_hand(more, 0, grove=2)
    return evaluate(more, 0, weights) - evaluate(state, 0, weights)


def test_leaf_tiles_values_a_held_tile_at_a_multiple_in_the_searchs_leaves_before_the_last_decade():
    bot = HardBot(iterations=8, options={"leaf_tiles": "2", "leaf_tiles_fade": "false"})
    for decade in (1, 2):
        assert _held_tile_worth(bot.leaf_weights, decade) == pytest.approx(2 * _held_tile_worth(bot.weights, decade))
        assert _held_tile_worth(bot.weights, decade) > 0
    assert _held_tile_worth(bot.leaf_weights, 3) == _held_tile_worth(bot.weights, 3) > 0  # the planner's worth
    assert bot.weights == HardBot(iterations=8).weights  # the planner's weights are Hard's
    plain = HardBot(iterations=8, options={"leaf_tiles": "1"})
    assert _held_tile_worth(plain.leaf_weights) == _held_tile_worth(plain.weights)


def _estate_gain(weights: dict, decade: int, picture: str, other: str) -> float:
    """What seat 0's estate drawn as ``picture`` is worth more than one drawn as ``other`` at the start of
    ``decade`` (set_estate's pictures)."""
    states = game(), game()
    for state, drawn in zip(states, (picture, other), strict=True):
        state.decade = decade
        set_estate(state, 0, drawn)
    return evaluate(states[0], 0, weights) - evaluate(states[1], 0, weights)


def _forest_worth(weights: dict, decade: int) -> float:
    """What a forest adds over the same four groves in a row: the tiles its land actions will bring (R-ACT-E1: 2 a
    forest besides 1 a grove)."""
    return _estate_gain(weights, decade, "g g\ng g", "g g g g")


def test_leaf_income_false_keeps_the_leaves_multiple_to_the_tiles_in_hand():
    counted = HardBot(iterations=8, options={"leaf_tiles": "2"})
    in_hand = HardBot(iterations=8, options={"leaf_tiles": "2", "leaf_income": "false"})
    for decade in (1, 2):
        planner = _forest_worth(counted.weights, decade)
        assert _forest_worth(counted.leaf_weights, decade) > planner > 0  # its land draws at twice their worth
        assert _forest_worth(in_hand.leaf_weights, decade) == pytest.approx(planner)
        assert _held_tile_worth(in_hand.leaf_weights, decade) == pytest.approx(2 * _held_tile_worth(in_hand.weights,
                                                                                                    decade))


def test_leaf_tiles_decades_limits_the_multiple_to_the_leaves_of_the_first_decades():
    first_only = HardBot(iterations=8, options={"leaf_tiles": "2", "leaf_tiles_decades": "1"})
    assert _held_tile_worth(first_only.leaf_weights, 1) == pytest.approx(2 * _held_tile_worth(first_only.weights, 1))
    for decade in (2, 3):  # decade II's leaves, and the last's, count a tile as the planner does
        assert _held_tile_worth(first_only.leaf_weights, decade) == _held_tile_worth(first_only.weights, decade) > 0
    with pytest.raises(ValueError, match="leaf_tiles_decades"):
        make_bot("hard:leaf_tiles_decades=3")


def test_leaf_tiles_fade_takes_the_multiple_down_through_the_last_decade_it_counts_in():
    fading = HardBot(iterations=8, options={"leaf_tiles": "2", "leaf_tiles_fade": "true"})
    planner = [_held_tile_worth(fading.weights, 2, r) for r in (0, 5, 9)]
    leaf = [_held_tile_worth(fading.leaf_weights, 2, r) for r in (0, 5, 9)]
    assert leaf[0] == pytest.approx(2 * planner[0])  # decade II's start: the whole multiple
    assert planner[1] < leaf[1] < 2 * planner[1]  # falling with the turns played
    assert leaf[2] == pytest.approx(planner[2])  # its last turn (the queen-lock space): the planner's
    assert _held_tile_worth(fading.leaf_weights, 1, 8) == pytest.approx(2 * _held_tile_worth(fading.weights, 1, 8))
    first_only = HardBot(iterations=8, options={"leaf_tiles": "2", "leaf_tiles_decades": "1", "leaf_tiles_fade": "1"})
    assert _held_tile_worth(first_only.leaf_weights, 1, 5) < 2 * _held_tile_worth(first_only.weights, 1, 5)


def _open_castle_worth(weights: dict, decade: int) -> float:
    """What a castle on the meadow of seat 0's start row, its squares around it all but two empty, adds to seat
    0's evaluation (R-SCORE-1: it scores only when enclosed)."""
    return _estate_gain(weights, decade, "f C f", "f m f")


def test_leaf_hope_counts_an_open_castles_hoped_for_later_scorings_at_a_multiple_in_the_searchs_leaves():
    plain, none, half = (HardBot(iterations=8, options={"leaf_tiles": "1", **options}) for options in
                         ({}, {"leaf_hope": "0"}, {"leaf_hope": "0.5"}))  # tiles at the leaves at the planner's worth
    for decade in (1, 2):  # later scorings to hope for: the leaves count less of them, the planner as before
        full = _open_castle_worth(plain.weights, decade)
        assert _open_castle_worth(plain.leaf_weights, decade) == full
        assert 0 < _open_castle_worth(none.leaf_weights, decade) < full
        dropped = full - _open_castle_worth(none.leaf_weights, decade)
        assert full - _open_castle_worth(half.leaf_weights, decade) == pytest.approx(dropped / 2)
        assert _open_castle_worth(none.weights, decade) == full
    # in the last decade no later scoring is left to hope for
    assert _open_castle_worth(none.leaf_weights, 3) == pytest.approx(_open_castle_worth(plain.weights, 3))
    assert make_bot("hard-0.1:iterations=8").leaf_weights["enclose_hope"] == HARD_WEIGHTS["enclose_hope"]


def test_r_round_2_with_last_ball_the_last_balls_space_is_no_turn_and_what_it_leaves_is_worth_what_it_brings():
    state = last_ball_first_in_order()
    before, after = (Ctx(state, 0, make_bot(spec).weights) for spec in ("hard", "hard:last_ball=true"))
    assert (before.turns_left, after.turns_left) == (2, 1)  # the queen-lock's turn alone (R-ROUND-3)
    assert before.late_bribe == before.m > 0.1 and after.late_bribe == TIE_BREAK  # R-ACT-C2, R-END-2
    assert card_value(Card.WHITEHALL, before) > 0.5 and card_value(Card.WHITEHALL, after) == 0.0  # R-ROUND-3
    assert card_value(Card.SECRET_MARRIAGE, after) == 2.0  # its 2 VP in the last turn (R-CARD-7)
    assert card_value(Card.LIAISON, after) == card_value(Card.LIAISON, before) == 3.0  # R-END-1


def test_r_round_2_before_the_last_decade_last_ball_changes_only_what_counts_the_decades_turns():
    state = last_ball_first_in_order()
    state.decade = 2
    before, after = (Ctx(state, 0, make_bot(spec).weights) for spec in ("hard", "hard:last_ball=true"))
    assert (before.turns_decade, after.turns_decade) == (2, 1) and after.turns_left == before.turns_left - 1 > 8
    assert after.late_bribe == before.late_bribe
    for card in Card:  # an Inheritance's castle has one turn less to be closed for this decade's scoring
        if card == Card.INHERITANCE:
            assert card_value(card, after) < card_value(card, before)
        else:
            assert card_value(card, after) == card_value(card, before)
