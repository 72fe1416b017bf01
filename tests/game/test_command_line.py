"""The game's command line: bad input gets one line and exit status 2 (never a traceback or a hang), and
``noblemen FILE`` opens a save at the table or shows why it cannot over the title menu."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.persist import saves, storage
from game.persist.settings import Settings
from game.scenes.title import TitleScene
from game.shell import cli
from game.shell.app import App, main
from game.shell.shutdown import quit_pygame
from game.ui import widgets
from tests.game.test_saves import make_session, play

REPO = Path(__file__).resolve().parents[2]

BAD = [
    ["--size", "big"], ["--size", "0x5"], ["--size", "1x2x3"], ["--size", "99999x99999"], ["--size", "-5x3"],
    ["--size", "1280x"], ["--size", "9" * 5000 + "x1"],
    ["--seats", "9"], ["--seats", "2"], ["--seats", "x"], ["--seats", "3.5"],
    ["--speed", "warp"], ["--speed", ""],
    ["--frames", "-1"], ["--frames", "1e3"], ["--frames", "nan"], ["--frames", str(10**12)],
    ["--seed", "-5"], ["--seed", "99999999999999999999999"], ["--seed", "seven"],
    ["--bogus"], ["--self-test", "--seed", "-1"], ["a.json", "b.json"],
    ["--autoplay", "game.json"], ["--self-test", "game.json"],
    ["--keyboard"], ["--keyboard", "--tutorial", "--autoplay"],  # a keyboard game is an --autoplay run
    ["--size", "\x1b[31mred"],
    ["--lang", "9" * 4001], ["--speed", "w" * 4001], ["--bogus" + "9" * 4001],  # argparse's own messages, cut too
]


@pytest.mark.parametrize("argv", BAD, ids=lambda argv: " ".join(argv)[:40])
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main([*argv, "--frames", "1"] if "--frames" not in argv else argv)
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("noblemen: error:") and "Traceback" not in err
    assert err.strip().isprintable() and len(err) < 300


def test_a_screenshot_folder_that_cannot_be_made(tmp_path, capsys):
    a_file = tmp_path / "file"
    a_file.write_text("x", encoding="utf-8")
    for folder in (a_file, a_file / "inside"):
        with pytest.raises(SystemExit) as info:
            main(["--screenshots", str(folder), "--frames", "1"])
        assert info.value.code == 2 and "cannot keep screenshots" in capsys.readouterr().err


def test_good_values_pass():
    options = cli.parse(["--size", "1600×900", "--seats", "5", "--seed", "0", "--frames", "0", "x.json"])
    assert options.size == (1600, 900) and options.seats == 5 and options.seed == 0 and options.frames == 0
    assert options.save == Path("x.json")


def _env(tmp_path) -> dict:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                NOBLEMEN_CONFIG_DIR=str(tmp_path / "c"), NOBLEMEN_DATA_DIR=str(tmp_path / "d"))


@pytest.mark.parametrize("argv", [["--seats", "9"], ["--self-test", "--seed", "x"], ["--size", "0x0"]])
def test_python_m_game_answers_bad_input_in_one_line(tmp_path, argv):
    done = subprocess.run([sys.executable, "-m", "game", *argv], cwd=REPO, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr


# -- opening a save ---------------------------------------------------------------------------------------------
def _files(tmp_path) -> dict[str, Path]:
    session = play(make_session(3, 4, ["human", "normal", "easy"]), 30)
    good = saves.write_save(tmp_path / "good.json", session)
    finished = saves.write_save(tmp_path / "over.json", play(make_session(3, 7, ["human", "normal", "easy"]),
                                                               100_000))
    data = json.loads(good.read_text(encoding="utf-8"))
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(data).replace('"Noble 1"', '"Nob\\u0000le"'), encoding="utf-8")
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000, encoding="utf-8")
    files = {"good": good, "over": finished, "hostile": hostile, "nested": nested,
             "missing": tmp_path / "missing.json", "folder": tmp_path}
    return files


def _pipe(tmp_path) -> Path:
    """A named pipe (reading one would wait for ever), where the system makes them."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("named pipes (FIFOs) are made on POSIX systems only")
    os.mkfifo(tmp_path / "pipe.json")
    return tmp_path / "pipe.json"


def test_a_named_pipe_is_refused_in_one_line_and_exits_0(tmp_path, capsys):
    pipe = _pipe(tmp_path)
    assert main([str(pipe), "--frames", "3", "--size", "1000x640"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"noblemen: {pipe}:") and len(err.strip().splitlines()) == 1, err


def test_every_kind_of_file_runs_frames_and_exits_0(tmp_path, capsys):
    for kind, path in _files(tmp_path).items():
        assert main([str(path), "--frames", "3", "--size", "1000x640"]) == 0, kind
        err = capsys.readouterr().err
        assert "Traceback" not in err
        if kind == "good":
            assert err == ""
            assert saves.load_autosave().session.state.history[:30] == saves.load_file(path).session.state.history
        else:
            assert err.startswith(f"noblemen: {path}:") and len(err.strip().splitlines()) == 1, err


def test_python_m_game_file_frames(tmp_path):
    files = _files(tmp_path)
    for kind in ("good", "hostile"):
        done = subprocess.run([sys.executable, "-m", "game", str(files[kind]), "--frames", "5"], cwd=REPO,
                              env=_env(tmp_path), capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert (kind == "good") == (done.stderr == "")


@pytest.fixture
def app():
    application = App(cli.parse(["--size", "1280x720"]), settings=Settings(), persist_settings=False)
    application.running = True
    application.stack.push(TitleScene(application.ctx))
    yield application
    for scene in application.stack:
        if getattr(scene, "session", None) is not None:
            scene.session.close()
    application.stack.clear()
    quit_pygame()


def test_a_good_save_opens_at_the_table(app, tmp_path):
    path = _files(tmp_path)["good"]
    app.open_save(path)
    table = app.stack.top
    assert type(table).__name__ == "TableScene" and isinstance(list(app.stack)[0], TitleScene)
    assert table.session.state.history == saves.load_file(path).session.state.history


@pytest.mark.parametrize("kind", ["hostile", "nested", "missing", "folder", "pipe", "over"])
def test_a_refused_save_shows_why_over_the_title(app, tmp_path, kind, capsys):
    files = _files(tmp_path)
    if kind == "pipe":
        files["pipe"] = _pipe(tmp_path)
    app.open_save(files[kind])
    dialog = app.stack.top
    assert isinstance(dialog, widgets.ConfirmDialog) and isinstance(list(app.stack)[0], TitleScene)
    assert dialog.message in capsys.readouterr().err or kind == "over"
    assert not storage.autosave_path().exists()  # nothing was replaced


def _start(env_changes: dict, drop: tuple = ()) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in drop} | env_changes
    return subprocess.run([sys.executable, "-m", "game", "--frames", "2"], capture_output=True, text=True,
                          env=env, timeout=120)


def test_no_video_driver_is_one_line():
    done = _start({"SDL_VIDEODRIVER": "nosuchdriver"})
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert [line for line in done.stderr.splitlines() if line.startswith("noblemen:")] == [
        "noblemen: no window can be shown here (nosuchdriver not available); start the game on a desktop"]


@pytest.mark.skipif(sys.platform != "linux", reason="a display is found without DISPLAY elsewhere")
def test_no_display_is_one_line_not_a_game_nobody_sees():
    """Without a display SDL draws off screen: the game would run, unseen, until killed."""
    done = _start({}, drop=("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "noblemen: no window can be shown here" in done.stderr
