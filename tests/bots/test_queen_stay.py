"""Normal values the Queen by the chance she stays to the next ball, from who acts before it (docs/balance.md)."""

from __future__ import annotations

from rules import new_game
from rules.bots.evaluate import EASY_WEIGHTS, NORMAL_WEIGHTS, evaluate, queen_stay
from rules.model import Building, Decision
from rules.state import GameState


def last_palace(round_pos: int, rich: int | None) -> GameState:
    """4 players, seat 0 holds the Queen in its own turn, one palace (£13) left on the board; only seat `rich`
    (if any) has the money to build it, and the others have built theirs (so they are not guessed to save for one)."""
    state = new_game([f"p{i}" for i in range(4)], seed=5)
    state.step = Decision.TURN
    state.queen = state.turn_seat = state.decider = 0
    state.round_pos = round_pos
    state.palaces_board = 1
    for seat, p in enumerate(state.players):
        p.money = 20 if seat == rich else 5
        if seat:
            castle = p.estate.positions_of(Building.CASTLE)[0]
            p.estate.put_building(castle, Building.PALACE)
            p.estate.put_building((castle[0] + 2, castle[1]), Building.CASTLE)
    return state


def test_the_queen_is_worth_less_while_an_opponent_can_take_her_before_the_ball():
    # R-ACT-B3: the palace brings its builder the Queen; R-TURN-4: her holder's turn ends the round, so at round 1
    # everyone acts again before the ball on space 4 (R-ROUND-2)
    taken, kept = last_palace(1, rich=1), last_palace(1, rich=None)
    assert queen_stay(taken, 0) == 0.5 and queen_stay(kept, 0) == 1.0
    assert evaluate(taken, 0, NORMAL_WEIGHTS) < evaluate(kept, 0, NORMAL_WEIGHTS)
    assert evaluate(taken, 0, EASY_WEIGHTS) == evaluate(kept, 0, EASY_WEIGHTS)  # Easy values her alike


def test_nobody_takes_her_when_the_holders_turn_brings_the_ball():
    # R-ROUND-1, R-ROUND-2: at round 3 the holder's turn moves the marker onto the ball; the rich seat acts after it
    taken, kept = last_palace(3, rich=1), last_palace(3, rich=None)
    assert queen_stay(taken, 0) == 1.0
    assert evaluate(taken, 0, NORMAL_WEIGHTS) == evaluate(kept, 0, NORMAL_WEIGHTS)


def test_in_the_round_under_way_only_the_seats_still_to_act_can_take_her():
    # R-TURN-1: clockwise; seat 1 is in turn and seat 3 still acts before the holder (seat 0) ends round 3
    state = last_palace(3, rich=3)
    state.turn_seat = state.decider = 1
    assert queen_stay(state, 0) == 0.5
    state.players[3].money, state.players[1].money = 5, 20  # seat 1 is the one in turn: not counted again
    assert queen_stay(state, 0) == 1.0


def test_an_opponent_without_a_palace_is_taken_to_save_for_one():
    # R-TURN-5: the money behind a screen is hidden and guessed; a seat with no palace yet is counted as a buyer
    state = last_palace(1, rich=None)
    p = state.players[2].estate
    p.put_building(p.positions_of(Building.PALACE)[0], Building.CASTLE)
    assert queen_stay(state, 0) == 0.5
