"""``python -m rules replay`` reads engine records and the game's own saves; bad files get one line and exit 2,
and text from a file never reaches the terminal raw."""

from __future__ import annotations

import json
import os

import pytest

from game.persist import saves
from game.session import GameSession, SeatSpec
from rules import game_to_json
from rules.arena.cli import main, shown
from rules.bots.simple import GreedyPlayer
from rules.flow import new_game

SEATS = (("Anne", "#D55E00", "lion"), ("Robert", "#0072B2", "rose"), ("Mary", "#009E73", "stag"))


def _game_save(tmp_path, steps: int) -> tuple:
    session = GameSession([SeatSpec(n, "human" if i == 0 else "normal", c, k)
                           for i, (n, c, k) in enumerate(SEATS)], 11)
    bots = [GreedyPlayer(i) for i in range(3)]
    for _ in range(steps):
        if session.over:
            break
        seat = session.state.decider
        session.apply(bots[seat].choose(session.view(seat), session.legal()))
    path = saves.write_save(tmp_path / "game.json", session, "Before the ball")
    session.close()
    return path, session


@pytest.mark.parametrize("steps", [40, 100_000], ids=["unfinished", "finished"])
def test_replay_reads_the_games_own_saves(tmp_path, capsys, steps):
    path, session = _game_save(tmp_path, steps)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name, _c, _k in SEATS)
    assert "The replay reproduces the saved scores." in out
    assert ("not finished" in out) == (not session.over)


def test_a_save_whose_scores_were_edited_is_refused(tmp_path, capsys):
    path, _session = _game_save(tmp_path, 60)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["summary"]["scores"][0] += 5
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "does not reproduce the saved scores" in capsys.readouterr().err


def _bad_files(tmp_path) -> list:
    path, _session = _game_save(tmp_path, 20)
    data = json.loads(path.read_text(encoding="utf-8"))
    files = {
        "newer": {**data, "version": 3},
        "no session": {**data, "session": None},
        "hostile name": json.loads(json.dumps(data).replace('"Robert"', '"Rob\\u001b[2Jert"')),
        "surrogate": json.loads(json.dumps(data).replace('"Mary"', '"\\ud800"')),
        "bad move": json.loads(json.dumps(data).replace('"end turn"', '"fly to the moon"', 1)),
    }
    out = []
    for name, content in files.items():
        target = tmp_path / f"{name}.json"
        target.write_text(json.dumps(content), encoding="utf-8")
        out.append(target)
    for name, text in {"nested": "[" * 100_000, "empty": "", "binary": "\xff\xfe\x00"}.items():
        target = tmp_path / f"{name}.json"
        target.write_text(text, encoding="latin-1")
        out.append(target)
    out += [tmp_path / "missing.json", tmp_path]
    return out


@pytest.mark.skipif(os.name != "posix", reason="named pipes (FIFOs) and control characters in file names are "
                    "POSIX only (Windows allows neither)")
def test_a_pipe_and_an_escape_in_a_file_name_are_one_line_and_exit_2(tmp_path, capsys):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    red = tmp_path / "\x1b[31mred.json"
    red.write_text("{", encoding="utf-8")
    for path in (fifo, red):
        assert main(["replay", str(path)]) == 2, path
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and err.startswith("error:") and "Traceback" not in err
        assert all(ch.isprintable() for ch in err.strip()), err


def test_bad_files_are_one_line_and_exit_2(tmp_path, capsys):
    for path in _bad_files(tmp_path):
        assert main(["replay", str(path)]) == 2, path
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and err.startswith("error:") and "Traceback" not in err
        assert all(ch.isprintable() for ch in err.strip()), err  # no escape sequence reaches the terminal


def test_an_engine_record_still_replays(tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_text(game_to_json(new_game(["A", "B", "C"], 4)), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "not finished" in capsys.readouterr().out


def test_text_from_a_file_is_made_visible():
    assert shown("Anne\x1b[2J\x00\u202e") == "Anne\\x1b[2J\\x00\\u202e"
    assert shown("Партия 1 · £5") == "Партия 1 · £5"
