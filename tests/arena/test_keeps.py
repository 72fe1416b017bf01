"""What a kept title was worth: the keeps the flaw report counts, each played on both ways to the end of the game
(R-BALL-2, R-BALL-3), and the report on the command line."""

from __future__ import annotations

import json

import pytest

from rules import actions as A
from rules.arena.cli import main
from rules.arena.keeps import cheapest_purchase, counted_keep, keep_worth, summarize
from rules.model import Card, Title
from tests.arena.balls import ball_where_seat_1_decides_last


def test_a_keep_is_counted_where_the_flaw_report_counts_a_missed_title():
    s = ball_where_seat_1_decides_last(3)
    assert counted_keep(s, 1, A.PlacePrestige())
    assert not counted_keep(s, 1, A.HandBackBribe())
    assert not counted_keep(ball_where_seat_1_decides_last(2), 1, A.PlacePrestige())  # 7 buys nothing better
    assert not counted_keep(ball_where_seat_1_decides_last(0, Card.LIAISON, Card.LIAISON, Card.LIAISON), 1,
                            A.PlacePrestige())  # Liaisons are worth more kept (R-CARD-6)


def test_the_title_is_bought_with_the_fewest_prestige_that_buys_it():
    extra, hand_backs = cheapest_purchase(ball_where_seat_1_decides_last(5), 1)
    assert (extra, hand_backs) == (3, [A.HandBackBribe()] * 3)  # 8 makes it Earl; 6 and 7 leave it Viscount
    extra, hand_backs = cheapest_purchase(ball_where_seat_1_decides_last(3, Card.BLACKMAIL), 1)
    assert (extra, hand_backs) == (3, [A.HandBackCard(Card.BLACKMAIL)])  # a Blackmail is +3 at once (R-CARD-5)


def test_a_keep_is_played_on_both_ways_with_the_same_seeds():
    s = ball_where_seat_1_decides_last(3)
    names = ["greedy", "random", "greedy"]
    worth = keep_worth(s, 1, names, gseed=5, continuations=3)
    assert (worth["title"], worth["better_title"]) == (Title.VISCOUNT.name.lower(), Title.EARL.name.lower())
    assert (worth["bribes"], worth["extra"], worth["decade"], worth["ball"]) == (3, 3, 1, 1)
    assert len(worth["vp"]) == len(worth["win"]) == 3
    assert all(-1.0 <= w <= 1.0 for w in worth["win"])
    assert keep_worth(s, 1, names, gseed=5, continuations=3) == worth  # the same seeds, the same games
    assert s.decider == 1 and s.players[1].bribes == 3  # the position itself is left as it was


def test_the_summary_counts_keeps_not_continuations():
    keeps = [{"decade": 1, "vp": [2.0, 4.0], "win": [0.0, 1.0]}, {"decade": 2, "vp": [-1.0, -1.0], "win": [0.0, 0.0]}]
    report = summarize(keeps)
    assert report["keeps"] == 2 and report["vp"][0] == pytest.approx(1.0) and report["win_share"][0] == 0.25
    assert report["vp"][1] == pytest.approx(2.0)  # the standard error of the two keeps' means, 3 and -1
    assert report["by_decade"]["1"] == {"keeps": 1, "vp": [3.0, None], "win_share": [0.5, None]}
    assert summarize([]) == {"keeps": 0, "vp": None, "win_share": None, "by_decade": {}}


def test_the_command_line_prints_the_report(capsys):
    assert main(["keeps", "--games", "2", "--seats", "greedy,random,playout", "--seed", "3", "--continuations", "1",
                 "--json", "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["bot"], report["games"], report["continuations"]) == ("greedy", 2, 1)
    assert report["keeps"] == len(report["each"]) and set(report) >= {"vp", "win_share", "by_decade"}
    assert main(["keeps", "--games", "1", "--seats", "greedy,random,random", "--no-progress"]) == 0
    assert "keeping was right" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--continuations", "0"], ["--continuations", "5000"], ["--seats", "hard"],
                                  ["--seats", "hard:bogus=1,normal,normal"]])
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        code = main(["keeps", *argv, "--no-progress"])
        raise SystemExit(code)
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "error" in err
