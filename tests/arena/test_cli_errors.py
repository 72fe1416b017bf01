"""Bad input on the command line gets one line on stderr and exit status 2, never a traceback or a hang."""

from __future__ import annotations

import json

import pytest

from rules.arena.cli import main

BAD = [
    ["simulate", "--seed", "-5"],
    ["simulate", "--seed", "99999999999999999999999"],
    ["simulate", "--seats", "random,random"],
    ["simulate", "--games", "0"],
    ["tournament", "--seats", "random,random"],
    ["tournament", "--seats", "random,random,random,random,random,random"],
    ["tournament", "--seats", "foo,bar,baz"],
    ["tournament", "--seats", "normal:budget=4,normal,normal"],  # only hard takes options
    ["tournament", "--seats", "hard:budget,normal,normal"],
    ["tournament", "--players", "2"],
    ["tournament", "--players", "6"],
    ["tournament", "--players", "0"],
    ["tournament", "--iterations", "0"],
    ["tournament", "--iterations", "-5"],
    ["tournament", "--budget", "nan"],
    ["tournament", "--budget", "-1"],
    ["tournament", "--budget", "inf"],
    ["tournament", "--jobs", "0"],
    ["tournament", "--jobs", "-3"],
    ["tournament", "--games", "0"],
    ["tournament", "--sprt", "5,1"],
    ["tournament", "--sprt", "x"],
    ["tournament", "--sprt", "0,10", "--seats", "random,random,random"],  # one bot: nothing to compare
]


@pytest.mark.parametrize("argv", BAD, ids=" ".join)
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    try:
        code = main([*argv, "--no-progress"] if argv[0] == "tournament" else argv)
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "error" in err and "Traceback" not in err


def test_jobs_are_capped_by_the_games(capsys):
    assert main(["tournament", "--games", "2", "--jobs", "64", "--seats", "random,random,greedy",
                 "--no-progress"]) == 0
    assert "2 games" in capsys.readouterr().out


def test_an_sprt_stops_when_it_decides(capsys):
    code = main(["tournament", "--games", "400", "--seats", "greedy,random,playout", "--sprt", "0,50",
                 "--seed", "3", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0 and "-> H1" in out
    assert int(out.split(" games")[0]) < 400


def test_the_ladder_prints_a_rating_for_each_bot(capsys):
    assert main(["tournament", "--ladder", "--games", "6", "--seats", "random,greedy,playout",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Elo" in out and all(name in out for name in ("random", "greedy", "playout"))


def test_review_prints_the_costliest_decisions_as_json(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["simulate", "--seats", "greedy,random,random", "--seed", "3", "--save", str(record)]) == 0
    capsys.readouterr()
    assert main(["review", str(record), "--seat", "0", "--iterations", "1", "--json", "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seat"] == 0 and report["decisions"] and report["complete"]
    losses = [d["loss"] for d in report["costliest"]]
    assert losses == sorted(losses, reverse=True) and all(loss > 0 for loss in losses)


@pytest.mark.parametrize("argv", [["--seat", "7"], ["--seat", "x"], ["--seat", "0", "--budget", "0"]])
def test_review_refuses_bad_input_in_one_line(tmp_path, capsys, argv):
    record = tmp_path / "game.json"
    main(["simulate", "--seats", "greedy,random,random", "--seed", "3", "--save", str(record)])
    capsys.readouterr()
    try:
        code = main(["review", str(record), *argv])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
