"""The flaw report: titles left on the table at a ball decided last, castles unenclosed at scoring, what is
left at the end, and the report per bot spec on the command line."""

from __future__ import annotations

import json
import random

import pytest

from rules.actions import parse_action
from rules.arena.cli import main
from rules.arena.flaws import FlawWatch, run_flaws
from rules.arena.sprt import Sprt
from rules.model import Card, Title
from tests.arena.balls import ball_where_seat_1_decides_last
from tests.rules.scenario import (
    game,
    run_scoring,
    set_bribes,
    set_cards,
    set_estate,
    set_hand,
    turn,
)


def _watched(s, watch: FlawWatch, *texts: str) -> None:
    for text in texts:
        action = parse_action(text)
        watch.before(s, s.decider, action)
        watch.after(s, s.apply(action))


def test_keeping_the_bribes_that_buy_a_better_title_is_a_miss():
    s = ball_where_seat_1_decides_last(3)
    watch = FlawWatch(3)
    _watched(s, watch, "place prestige")
    assert (watch.seats[1].balls_last, watch.seats[1].balls_missed) == (1, 1)
    assert s.ball_titles[-1][1] == Title.VISCOUNT


def test_handing_them_back_is_not():
    s = ball_where_seat_1_decides_last(3)
    watch = FlawWatch(3)
    _watched(s, watch, "hand back bribe", "hand back bribe", "hand back bribe", "place prestige")
    assert (watch.seats[1].balls_last, watch.seats[1].balls_missed) == (1, 0)
    assert s.ball_titles[-1][1] == Title.EARL


def test_too_few_to_buy_the_next_title_is_no_miss_and_a_liaison_is_not_for_sale():
    for bribes, cards in ((2, ()), (0, (Card.LIAISON, Card.LIAISON, Card.LIAISON))):
        s = ball_where_seat_1_decides_last(bribes, *cards)
        watch = FlawWatch(3)
        _watched(s, watch, "place prestige")
        assert (watch.seats[1].balls_last, watch.seats[1].balls_missed) == (1, 0)


def _plain_missed(s) -> tuple[int, int, int]:
    watch = FlawWatch(3)
    _watched(s, watch, "place prestige")
    flaws = watch.seats[1]
    return flaws.balls_last, flaws.balls_missed, flaws.balls_plain_missed


def test_one_bribe_kept_for_a_title_two_vp_better_that_lifts_nobody_is_a_plain_miss():
    # seat 2 places 11 (Marquess), seat 0 places 1 (Baron whatever happens); seat 1 at 5 is Viscount, one bribe
    # more makes it Earl (R-BALL-3), +2 VP (R-BALL-4), and the Viscount it frees is out of seat 0's reach
    s = ball_where_seat_1_decides_last(1, fountains=(1, 5, 11))
    assert _plain_missed(s) == (1, 1, 1)


def test_a_keep_is_not_plain_when_the_hand_back_would_lift_another_title_or_needs_cards_or_costs_more():
    # seat 0 at 4 would take the Viscount seat 1 frees (R-BALL-3's order of prestige)
    assert _plain_missed(ball_where_seat_1_decides_last(1, fountains=(4, 5, 11))) == (1, 1, 0)
    # a card buys it, not a bribe (cards have uses of their own, R-CARD-3..12)
    assert _plain_missed(ball_where_seat_1_decides_last(0, Card.DOWRY, fountains=(1, 5, 11))) == (1, 1, 0)
    # three bribes for the Earl's +2 VP (and seat 2 falls from Earl to Viscount)
    assert _plain_missed(ball_where_seat_1_decides_last(3)) == (1, 1, 0)


def test_at_the_last_ball_it_counts_apart():
    s = ball_where_seat_1_decides_last(0, Card.BLACKMAIL)  # +3: 8, Earl
    s.ball_titles = [[Title.BARON] * 3 for _ in range(5)]  # five balls held: this is the sixth and last
    watch = FlawWatch(3)
    _watched(s, watch, "place prestige")
    flaws = watch.seats[1]
    assert (flaws.balls_last, flaws.final_ball_last, flaws.final_ball_missed) == (0, 1, 1)


def test_at_the_last_ball_a_keep_counts_wherever_the_seat_decides():
    # seat 0 (4 fountains) decides before seat 1, who still holds bribes: no ball decided last, but at the last
    # ball a kept Blackmail that would lift seat 0 to 7 (space 6: seat 2 is on 7), Viscount instead of Baron,
    # counts (R-BALL-2, R-BALL-3, R-ACT-C2)
    s = ball_where_seat_1_decides_last(3)
    s.ball_titles = [[Title.BARON] * 3 for _ in range(5)]
    s.at_ball.index -= 1
    s.decider = 0
    s.at_ball.places[0] = -1
    s.at_ball.base = 4
    set_cards(s, 0, Card.BLACKMAIL)
    watch = FlawWatch(3)
    _watched(s, watch, "place prestige")
    flaws = watch.seats[0]
    assert (flaws.final_balls, flaws.final_ball_kept, flaws.final_ball_last) == (1, 1, 0)
    _watched(s, watch, "hand back bribe", "hand back bribe", "hand back bribe", "place prestige")
    assert (watch.seats[1].final_balls, watch.seats[1].final_ball_kept, watch.seats[1].final_ball_last) == (1, 0, 1)


def test_a_seat_that_others_can_still_answer_does_not_decide_last():
    s = ball_where_seat_1_decides_last(3)
    s.at_ball.index -= 1  # back to seat 0's decision, with seat 1 still to come holding bribes
    s.decider = 0
    s.at_ball.places[0] = -1
    set_bribes(s, 0, 2)
    watch = FlawWatch(3)
    _watched(s, watch, "place prestige")
    assert watch.seats[0].balls_last == 0


@pytest.mark.parametrize("knight", ["knight to 1:0", "no knight"])
def test_castles_and_palaces_not_enclosed_at_a_building_scoring_are_counted(knight):
    s = game(3)
    set_estate(s, 0, """
        f f f . .
        f C f f f
        f f f m f
        . . f f .
    """)  # the castle at 1,1 is enclosed; a castle built at 3,2 would not be (4,3 is empty)
    set_estate(s, 1, "w w C\nw w .")  # a garden for a knight (R-ACT-B2) and an open castle
    set_hand(s, 0)
    s.players[0].money = 20
    watch = FlawWatch(3)
    turn(s, 0)
    _watched(s, watch, "build castle at 3,2", knight)
    watch.after(s, run_scoring(s))
    assert (watch.seats[0].buildings_scored, watch.seats[0].unenclosed) == (2, 1)
    assert watch.seats[0].unenclosed_no_knight == (knight == "no knight")
    assert watch.seats[0].castles_built == 1
    flaws = watch.seats[1]  # its starting castle alone, open (and never a knight's way in)
    assert (flaws.buildings_scored, flaws.unenclosed, flaws.unenclosed_no_knight) == (1, 1, 1)


def test_what_is_left_at_the_end_is_read_from_the_last_state():
    s = game(3)
    rng = random.Random(2)
    watch = FlawWatch(3)
    while not s.over:
        action = rng.choice(s.legal_actions())
        watch.before(s, s.decider, action)
        watch.after(s, s.apply(action))
    for flaws, p in zip(watch.seats, s.players, strict=True):
        assert flaws.tiles_left == p.tile_count and flaws.money_left == p.money
        assert flaws.cards_left == len([c for c in p.cards if c != Card.LIAISON])
        assert flaws.dead_inheritance == (Card.INHERITANCE in p.cards)
        assert sum(flaws.vp_by_source) == p.vp


def test_the_report_is_keyed_by_bot_spec_with_every_figure():
    report = run_flaws(["greedy", "random", "random"], games=3, seed=4, progress=False)
    assert list(report) == ["greedy", "random"]
    assert report["greedy"]["games"] == 3 and report["random"]["games"] == 6
    for figures in report.values():
        for key in ("dead_inheritance", "tiles_left_10plus", "unenclosed_at_scoring", "win_rate"):
            assert 0.0 <= figures[key] <= 1.0
        assert figures["tiles_left_mean"] >= 0 and figures["money_left_mean"] >= 0
        assert sum(figures["vp_by_source"].values()) == pytest.approx(figures["vp_mean"], abs=0.01)
        assert {"balls", "follies", "queen", "building_scoring", "church", "bribes"} <= set(figures["vp_by_source"])
    assert sum(f["win_rate"] * f["games"] for f in report.values()) == pytest.approx(3.0)


def test_the_command_line_prints_the_report(capsys):
    assert main(["flaws", "--games", "2", "--seats", "greedy,random,playout", "--seed", "3", "--json",
                 "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"greedy", "random", "playout"}
    assert {"missed_title_upgrades", "missed_plain_upgrades", "dead_inheritance", "tiles_left_mean",
            "tiles_left_10plus", "unenclosed_at_scoring", "unenclosed_no_knight", "money_left_mean",
            "cards_left_unplayed", "vp_by_source"} <= set(report["greedy"])
    assert main(["flaws", "--games", "1", "--seats", "greedy,random,random", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "missed title upgrades" in out and "missed plain upgrades" in out


def test_with_a_test_the_flaws_come_from_the_games_it_played_and_it_stops_when_it_decides(capsys):
    assert main(["flaws", "--games", "400", "--seats", "greedy,random,playout", "--sprt", "0,50", "--seed", "3",
                 "--json", "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    test = report.pop("sprt")
    assert test["verdict"] == "H1" and test["games"] < 400  # greedy is far stronger than random
    assert report["greedy"]["games"] == report["random"]["games"] == test["games"]
    results = test["results"]  # in the order played, so that runs on other seeds can be summed
    assert len(results) == test["games"] and set(results) <= {0.0, 0.5, 1.0}
    assert (results.count(1.0), results.count(0.5), results.count(0.0)) == (test["wins"], test["draws"],
                                                                          test["losses"])
    test_run = Sprt(0, 50)  # (never decided on fewer than MIN_GAMES games)
    watched = run_flaws(["greedy", "random", "playout"], games=6, seed=1, progress=False, sprt=test_run)
    assert watched["greedy"]["games"] == test_run.games == len(test_run.results) == 6
    assert main(["flaws", "--games", "12", "--seats", "greedy,random,playout", "--sprt", "0,50",
                 "--no-progress"]) == 0
    assert "W/D/L" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--seats", "random,random"], ["--seats", "nobody,random,random"],
                                  ["--games", "0"], ["--jobs", "0"], ["--seed", "-1"],
                                  ["--sprt", "0,30", "--seats", "random,random,greedy"], ["--sprt", "30,0"]])
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    try:
        code = main(["flaws", *argv, "--no-progress"])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
