"""Tournament statistics: Wilson intervals, shared wins, rotation, the JSON report."""

from __future__ import annotations

import argparse
import json

import pytest

from rules.arena.sprt import Sprt
from rules.arena.tournament import add_parser, lineup, main, percentile, run_tournament, wilson, win_shares


def test_wilson_interval_known_values():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_shared_wins_count_as_fractions():
    assert win_shares([(10, 3), (10, 3), (9, 20)]) == [0.5, 0.5, 0.0]
    assert win_shares([(10, 3), (10, 4), (9, 20)]) == [0.0, 1.0, 0.0]  # money breaks the tie
    assert win_shares([(5, 1)] * 4) == [0.25] * 4


def test_seats_rotate_so_each_bot_sits_everywhere():
    seats = ["hard", "normal", "normal", "normal"]
    first = [lineup(seats, 4, g)[0] for g in range(4)]
    assert sorted(first) == sorted(seats)
    assert lineup(["easy", "random"], 3, 0) == ["easy", "random", "easy"]


def test_the_two_bots_of_a_test_each_play_just_before_the_other_as_often():
    seats = ["hard", "normal:folly=0.5", "normal", "normal"]
    pair = ("hard", "normal:folly=0.5")
    before = []
    for g in range(8):
        names = lineup(seats, 4, g, pair)
        assert sorted(names) == sorted(seats)
        before.append((names.index(pair[0]) + 1) % 4 == names.index(pair[1]))
    assert before == [True] * 4 + [False] * 4
    assert lineup(seats, 4, 4, pair) == ["normal:folly=0.5", "hard", "normal", "normal"]


def test_a_tournament_with_a_test_plays_the_swapped_lineups():
    result = run_tournament(["greedy", "random", "playout"], games=6, seed=1, progress=False, sprt=Sprt(0, 50))
    follows = [(r["names"].index("greedy") + 1) % 3 == r["names"].index("random") for r in result.played]
    assert follows == [True] * 3 + [False] * 3


def test_percentile():
    assert percentile([], 99) == 0.0
    assert percentile([1.0, 2.0, 3.0], 50) == 2.0
    assert percentile(list(map(float, range(101))), 99) == pytest.approx(99.0)


def test_a_small_tournament_adds_up():
    result = run_tournament(["random", "greedy", "random"], games=3, seed=1, progress=False)
    stats = result.bots
    assert stats["random"].games == 6 and stats["greedy"].games == 3
    assert sum(s.wins for s in stats.values()) == pytest.approx(3.0)
    lo, hi = stats["greedy"].ci95
    assert 0.0 <= lo <= stats["greedy"].win_rate <= hi <= 1.0


def test_the_command_line_prints_json(capsys):
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers())
    args = parser.parse_args(["tournament", "--games", "2", "--seats", "random,random,greedy", "--json",
                              "--no-progress"])
    assert args.func(args) == 0 and args.func is main
    report = json.loads(capsys.readouterr().out)
    for name in ("random", "greedy"):
        assert {"games", "wins", "win_rate", "ci95", "mean_score", "mean_turn_seconds",
                "p99_turn_seconds"} <= set(report[name])


def test_parallel_jobs_give_the_same_results():
    one = run_tournament(["random", "greedy", "random"], games=4, seed=3, progress=False)
    two = run_tournament(["random", "greedy", "random"], games=4, seed=3, jobs=2, progress=False)
    assert {k: (v.wins, v.score_sum) for k, v in one.bots.items()} == \
        {k: (v.wins, v.score_sum) for k, v in two.bots.items()}
