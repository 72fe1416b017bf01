"""The seat-balance report: what it counts per seat adds up, agrees with the simulator, and its command line."""

from __future__ import annotations

import json

import pytest

from rules import board
from rules.arena.balance import SeatTrace, play_traced, played, report_text, summarize, vp_by_decade
from rules.arena.cli import main
from rules.arena.simulate import play_game, play_many
from rules.model import Building, VPSource


@pytest.fixture(scope="module")
def traced():
    """A few 4-player games between random players, with their figures."""
    return [play_traced((["random"] * 4, seed)) for seed in range(3)]


def test_a_game_has_six_balls_and_three_scorings_in_its_rounds(traced):
    for g in traced:
        assert sum(g["queen_at_balls"]) == 6
        assert sum(g["first_before_ball"]) == sum(g["last_before_ball"]) == 6
        assert sum(g["first_before_scoring"]) == sum(g["last_before_scoring"]) == 3
        # every round space a turn can start on, in order, in each decade
        spaces = [r["round"] for r in g["rounds"] if r["decade"] == 1]
        assert spaces == [s for s in range(board.SCORING_SPACE) if s not in board.BALL_SPACES]
        assert [r["decade"] for r in g["rounds"]] == sorted(r["decade"] for r in g["rounds"])


def test_the_last_turn_before_a_ball_or_scoring_is_the_queen_holders(traced):
    # R-TURN-4, R-ROUND-2: the round marker moves when the Queen holder ends her turn
    for g in traced:
        assert g["last_before_ball"] == g["queen_at_balls"]


def test_palaces_are_counted_by_seat_and_decade():
    trace = SeatTrace(4)
    game = play_game(["greedy"] * 4, 2, observe=trace)  # greedy players build palaces whenever they can
    built = sum(map(sum, trace.palaces))
    assert built and built == sum(p.estate.count_buildings(Building.PALACE) for p in game.state.players)


def test_the_first_round_starts_with_the_start_player_and_the_setup_money(traced):
    # R-SETUP-1, R-SETUP-3: the start player begins (left of the Queen holder), with £10, the next £1 more each
    for g in traced:
        first = g["rounds"][0]
        assert (first["decade"], first["round"]) == (1, 0)
        assert first["money"] == [board.START_MONEY + s for s in range(4)] and first["vp"] == [0] * 4


def test_turns_and_queen_turns_count_every_turn_once():
    trace = SeatTrace(3)
    game = play_game(["random"] * 3, 11, observe=trace, keep_events=True)
    started = [e.seat for e in game.events if e.kind.name == "TURN_STARTED"]
    assert trace.turns == [started.count(s) for s in range(3)]
    assert sum(trace.queen_turns) == len(started)
    # the VP of each decade by source add up to each seat's VP and its breakdown
    decades = vp_by_decade(trace)
    assert len(decades) == board.DECADES
    for seat, p in enumerate(game.state.players):
        assert [sum(d[seat][src] for d in decades) for src in VPSource] == p.vp_by_source


def test_the_report_adds_up_and_agrees_with_the_simulator(traced):
    report = summarize(["random"] * 4, 0, traced)
    seats = report["per_seat"]
    assert sum(p["wins"] for p in seats) == pytest.approx(3)
    for p in seats:
        assert sum(p["vp_by_source"].values()) == pytest.approx(p["mean_vp"], abs=0.05)
        assert sum(p["vp_by_decade"]) == pytest.approx(p["mean_vp"], abs=0.05)
        lo, hi = p["ci95"]
        assert lo <= p["win_rate"] <= hi and p["fair"] == 0.25
    same = play_many(["random"] * 4, 3, 0)  # `simulate --games 3 --seed 0`: the same games
    assert [p["win_rate"] for p in seats] == pytest.approx([s["win_rate"] for s in same["seats"]], abs=1e-4)
    assert [p["mean_vp"] for p in seats] == pytest.approx([s["mean_score"] for s in same["seats"]], abs=0.01)
    assert report["largest_deviation"] == pytest.approx(max(abs(p["win_rate"] - 0.25) for p in seats), abs=1e-4)
    assert [(r["decade"], r["round"]) for r in report["timeline"]] == [(r["decade"], r["round"])
                                                                      for r in traced[0]["rounds"]]
    text = report_text(report)
    assert "largest deviation from fair" in text and "VP by source" in text


def test_ties_on_vp_are_counted_by_how_they_were_decided():
    games = [
        {"winners": [1], "vp": [50, 60, 60], "money": [0, 5, 2]},  # decided by money
        {"winners": [0, 2], "vp": [60, 50, 60], "money": [3, 0, 3]},  # shared
        {"winners": [0], "vp": [61, 50, 60], "money": [0, 0, 0]},
    ]
    for g in games:
        g.update(decades=[[[0] * len(VPSource)] * 3], turns=[1] * 3, queen_turns=[1] * 3, queen_at_balls=[0] * 3,
                 palaces=[[0] * 3] * 3,
                 first_before_ball=[0] * 3, last_before_ball=[0] * 3, first_before_scoring=[0] * 3,
                 last_before_scoring=[0] * 3, rounds=[{"decade": 1, "round": 0, "money": [10, 11, 12],
                                                        "vp": [0, 0, 0]}])
    report = summarize(["normal"] * 3, 1, games)
    assert (report["vp_ties_for_first"], report["decided_by_money"], report["shared_wins"]) == (2, 1, 1)
    assert [p["wins"] for p in report["per_seat"]] == [1.5, 1.0, 0.5]


def test_parallel_jobs_give_the_same_figures():
    one = list(played(["random"] * 3, 2, 5))
    two = list(played(["random"] * 3, 2, 5, jobs=2))
    assert one == two


def test_the_command_line_prints_json(capsys):
    assert main(["balance", "--players", "3", "--games", "2", "--seats", "random", "--seed", "4", "--json",
                 "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 3 and report["games"] == 2 and report["seats"] == ["random"] * 3
    assert {"win_rate", "ci95", "mean_vp", "vp_by_source", "queen_turns", "first_before_ball",
            "last_before_scoring", "palaces_by_decade"} <= set(report["per_seat"][0])
    assert main(["balance", "--seats", "random,greedy,random", "--games", "1", "--no-progress", "--timeline"]) == 0
    text = capsys.readouterr().out
    assert "random,greedy,random" in text
    assert any(line.startswith("3.6 ") for line in text.splitlines())  # every round, not only after the balls


@pytest.mark.parametrize("argv", [
    ["--players", "6"],
    ["--players", "2", "--seats", "normal"],
    ["--players", "4", "--seats", "normal,normal,normal"],
    ["--seats", "normal,easy"],
    ["--players", "four"],
    ["--games", "0"],
    ["--games", "1000000000"],  # capped as in simulate and tournament: it would run for ever
    ["--jobs", "0"],
    ["--seed", "-1"],
    ["--seats", "wizard"],
    ["--seats", "hard:iterations=0"],  # a bot option out of its range, refused before any game
    ["--seats", "normal:budget=4"],  # budget is Hard's option, not Normal's
], ids=" ".join)
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    try:
        code = main(["balance", *argv, "--no-progress"])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "error" in err and "Traceback" not in err
