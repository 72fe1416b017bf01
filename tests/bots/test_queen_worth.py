"""Normal values the Queen by how long she will stay with her holder (docs/balance.md, section 11)."""

from __future__ import annotations

import pytest

from rules import board, new_game
from rules.bots.evaluate import EASY_WEIGHTS, NORMAL_WEIGHTS, WEIGHTS, evaluate
from rules.bots.hard import HARD_WEIGHTS


def queen_worth_over_easy(palaces_on_board: int) -> float:
    """Normal's value of the Queen holder's position minus Easy's, at the start of a 4-player game (the holder
    is the last seat, R-SETUP-3) with this many palaces on the board."""
    state = new_game([f"n{i}" for i in range(4)], seed=3)
    state.palaces_board = palaces_on_board
    holder = state.queen
    assert holder == 3
    return evaluate(state, holder, NORMAL_WEIGHTS) - evaluate(state, holder, EASY_WEIGHTS)


def test_a_palace_left_on_the_board_makes_the_queen_worth_less():
    # R-ACT-B3: the next palace built takes her; R-SETUP-2: 3 palaces on the board at 4 players
    assert queen_worth_over_easy(3) == pytest.approx(-NORMAL_WEIGHTS["queen_contest"] * WEIGHTS["queen"])


def test_with_no_palace_left_the_queen_is_worth_more():
    assert queen_worth_over_easy(0) == pytest.approx(NORMAL_WEIGHTS["queen_keep"] * WEIGHTS["queen"])


def test_easy_and_hard_keep_the_queen_at_one_worth():
    # Easy plays the tutorial's game and Hard its own recorded games (tests/bots/test_same_games.py)
    for weights in (EASY_WEIGHTS, HARD_WEIGHTS):
        assert weights["queen_contest"] == weights["queen_keep"] == 0.0


def test_at_the_queen_lock_space_no_palace_takes_her():
    # R-ROUND-3: on the queen-lock space nobody can take the Queen, palaces left on the board or not
    state = new_game([f"n{i}" for i in range(4)], seed=3)
    state.round_pos = board.QUEEN_LOCK_SPACE
    assert state.palaces_board
    mine = evaluate(state, state.queen, NORMAL_WEIGHTS) - evaluate(state, state.queen, EASY_WEIGHTS)
    assert mine == pytest.approx(0.0)
