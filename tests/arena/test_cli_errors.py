"""Bad input on the command line gets one line on stderr and exit status 2, never a traceback or a hang."""

from __future__ import annotations

import json
import os
import subprocess
import sys

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
    ["tournament", "--seats", "normal:budget=4,normal,normal"],  # budget is Hard's option, not Normal's
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
    ["tournament", "--sprt", "-1e308,1e308"],  # the expected scores overflowed after the 10th game
    ["tournament", "--sprt", "0,5000"],
    ["tournament", "--games", "1000000000"],  # would run for ever and keep every result
    ["simulate", "--games", "1000000000"],
    ["tournament", "--iterations", "1000000000"],
    ["tournament", "--budget", "1", "--iterations", "4"],  # one of them would be ignored
    ["twins", "--seats", "greedy,random,random"],  # two bots compared and one other: no table of 3
    ["twins", "--seats", "greedy,random,random,random,random,random,random"],  # 6 players
    ["twins", "--seats", "hard:bogus=1,normal,normal,normal"],
    ["twins", "--games", "0"],
]
#: bad options of a bot spec, given to both commands that seat bots
BAD_OPTIONS = ["budget=abc", "budget=0", "budget=nan", "budget=inf", "budget=-2", "iterations=abc",
               "iterations=0", "iterations=1.5", "iterations=99999999", "workers=many", "workers=64",
               "candidates=0", "candidates=x", "leaf=nan", "leaf=inf", "to_end=maybe", "halving=sometimes",
               "horizon=0", "variants=-1", "prior=nan", "share=-1", "colour=red"]
BAD += [[command, "--seats", f"hard:{option},random,random"] for command in ("simulate", "tournament")
        for option in BAD_OPTIONS]


@pytest.mark.parametrize("argv", BAD, ids=" ".join)
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    try:
        code = main([*argv, "--no-progress"] if argv[0] in ("tournament", "twins") else argv)
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


@pytest.mark.parametrize("argv", [["--seat", "7"], ["--seat", "x"], ["--seat", "0", "--budget", "0"],
                                  ["--seat", "0", "--budget", "2", "--iterations", "3"],
                                  ["--seat", "0", "--iterations", "1000000000"]])
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


@pytest.mark.parametrize("argv", [["simulate", "--seed", "9" * 4001], ["tournament", "--players", "9" * 4001],
                                  ["simulate", "--seats", "x" * 4001], ["simulate", "--bogus" + "9" * 4001],
                                  ["tournament", "--seats", "hard:leaf=" + "1" * 4001]], ids=lambda a: a[1])
def test_a_huge_value_is_not_echoed_whole(capsys, argv):
    with pytest.raises(SystemExit) as done:
        main(argv)
    err = capsys.readouterr().err
    assert done.value.code == 2 and len(err) < 300 and "..." in err


# -- what is not a regular file, a reader that leaves, a full disk: one line, never a hang ---------------------------
def _rules(*argv: str, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules", *argv], stdout=stdout, stderr=subprocess.PIPE, text=True,
                          timeout=120)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("command", [["simulate", "--save"], ["replay"], ["review", "--seat", "0", "--no-progress"]])
def test_a_pipe_is_neither_read_nor_written(tmp_path, command):
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    argv = [*command, str(pipe)] if command[0] != "review" else ["review", str(pipe), *command[1:]]
    done = _rules(*argv)  # opening the pipe would wait for ever: the timeout would fail the test
    assert done.returncode in (1, 2) and "not a regular file" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_a_folder_is_not_written(tmp_path):
    done = _rules("simulate", "--seats", "random,random,random", "--save", str(tmp_path))
    assert done.returncode == 1 and "is a folder" in done.stderr and "Traceback" not in done.stderr


def test_a_reader_that_leaves_stops_the_output_quietly():
    """``simulate --log | head -1``: the reader is gone before the output is written (as surely as ``head``
    leaves before a long output ends: a short one could fit in the pipe and meet no reader leaving)."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "rules", "simulate", "--log", "--seats", "greedy,random,random"],
                              stdout=write, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert done.stderr == "" and done.returncode == 141


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_disk_is_one_line():
    with open("/dev/full", "w") as full:
        done = _rules("simulate", "--log", "--seats", "greedy,random,random", stdout=full)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == ["python -m rules: error: cannot write the output: No space left on device"]
