"""The sequential test that accepts or drops a bot change, and the Elo ladder from a round-robin."""

from __future__ import annotations

import math

import pytest

from rules.arena.ladder import bradley_terry, pair_results, rate
from rules.arena.sprt import Sprt, Verdict, elo_to_score, paired_result, score_to_elo


def test_elo_and_expected_score_are_inverse():
    assert elo_to_score(0) == 0.5
    assert elo_to_score(400) == pytest.approx(10 / 11)
    for elo in (-300, -20, 0, 35, 250):
        assert score_to_elo(elo_to_score(elo)) == pytest.approx(elo)


def test_bounds_follow_the_error_rates():
    lower, upper = Sprt(0, 10).bounds
    assert lower == pytest.approx(math.log(0.05 / 0.95)) and upper == pytest.approx(math.log(0.95 / 0.05))


def _run(elo0: float, elo1: float, pattern: list[float], limit: int = 5000) -> Sprt:
    test = Sprt(elo0, elo1)
    for i in range(limit):
        test.add(pattern[i % len(pattern)])
        if test.verdict != Verdict.CONTINUE:
            break
    return test


def test_a_clearly_better_candidate_is_accepted():
    test = _run(0, 20, [1, 1, 0, 1, 0.5])  # a score of 0.7: about +147 Elo
    assert test.verdict == Verdict.H1 and test.games < 200


def test_a_worse_candidate_is_dropped():
    test = _run(0, 20, [0, 1, 0, 0.5, 0])
    assert test.verdict == Verdict.H0


def test_an_even_match_is_not_accepted():
    test = _run(0, 40, [1, 0])
    assert test.verdict == Verdict.H0


def test_no_verdict_on_a_handful_of_games():
    test = _run(0, 20, [1], limit=5)
    assert test.verdict == Verdict.CONTINUE and test.llr == 0.0


def test_elo0_must_be_below_elo1():
    with pytest.raises(ValueError):
        Sprt(10, 10)


def test_paired_result_compares_vp_then_money():
    scores = [(50, 3), (50, 4), (49, 30)]
    assert paired_result(scores, 1, 0) == 1.0
    assert paired_result(scores, 2, 0) == 0.0
    assert paired_result([(5, 1), (5, 1)], 0, 1) == 0.5


def test_bradley_terry_recovers_a_known_gap():
    results = [("a", "b", 1.0)] * 750 + [("a", "b", 0.0)] * 250  # a scores 75%: +191 Elo
    elo = bradley_terry(["a", "b"], results)
    assert elo["a"] == 0.0
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3), abs=3)


def test_the_ladder_orders_by_strength_and_pairs_every_seat():
    games = [(["x", "y", "z"], [(30, 0), (20, 0), (10, 0)])] * 20 + [(["y", "x", "z"], [(30, 0), (20, 0), (10, 0)])]
    assert len(pair_results(games)) == 3 * len(games)
    ratings = rate(["z", "y", "x"], games, resamples=20)
    assert [r.name for r in ratings] == ["x", "y", "z"]
    assert all(r.low <= r.elo <= r.high for r in ratings)
