"""Two bots on common random numbers: each game played by both in the same seat on the same seed."""

from __future__ import annotations

import json

import pytest

from rules.arena.cli import main
from rules.arena.tournament import lineup, play_game
from rules.arena.twins import play_twins, run_twins, summarize


def test_twins_of_one_bot_play_the_same_games():
    report = run_twins(["greedy", "greedy", "random", "random"], games=3, seed=4, progress=False)
    assert (report["games"], report["differ"], report["better"], report["worse"]) == (3, 0, 0, 0)
    assert report["margin_difference"] == 0 and report["ci95"] == [0, 0]
    assert report["wins"][0] == report["wins"][1] and report["mean_vp"][0] == report["mean_vp"][1]


def test_each_twin_plays_the_tournament_game_in_the_same_seat():
    game = play_twins((2, "greedy", "random", ["playout", "random"], 7, None, None))
    names = lineup(["greedy", "playout", "random"], 3, 2)  # rotated two seats: the first twin sits in seat 1
    assert game["seat"] == names.index("greedy") == 1
    for twin, vp in zip(("greedy", "random"), game["vp"], strict=True):
        alone = play_game((2, [twin if i == 1 else n for i, n in enumerate(names)], 7, None, None))
        assert alone["vp"][1] == vp
        others = (sum(alone["vp"]) - vp) / 2
        assert game["margin"][("greedy", "random").index(twin)] == vp - others


def test_the_report_is_the_mean_difference_with_its_interval():
    games = [{"margin": [3.0, 1.0], "vp": [70, 68], "win": [1.0, 0.0], "same": False},
             {"margin": [0.0, 0.0], "vp": [60, 60], "win": [0.0, 0.0], "same": True},
             {"margin": [-1.0, 0.0], "vp": [65, 66], "win": [0.5, 1.0], "same": False}]
    report = summarize("a", "b", games)
    assert (report["differ"], report["better"], report["worse"]) == (2, 1, 1)
    assert report["margin_difference"] == pytest.approx(1 / 3, abs=1e-4)
    low, high = report["ci95"]  # differences 2, 0, -1: standard error 0.882
    assert low == pytest.approx(1 / 3 - 1.96 * 0.8819, abs=1e-3) and high == pytest.approx(1 / 3 + 1.96 * 0.8819,
                                                                                            abs=1e-3)
    assert report["wins"] == [1.5, 1.0] and report["mean_vp"] == [65.0, 64.667]


def test_the_command_line_prints_the_report(capsys):
    assert main(["twins", "--games", "2", "--seats", "greedy,random,greedy,greedy", "--seed", "3", "--json",
                 "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["first"], report["second"], report["games"]) == ("greedy", "random", 2)
    assert len(report["each"]) == 2 and [g["game"] for g in report["each"]] == [0, 1]
    assert main(["twins", "--games", "1", "--seats", "greedy,random,random,random", "--no-progress"]) == 0
    assert "first minus second" in capsys.readouterr().out
