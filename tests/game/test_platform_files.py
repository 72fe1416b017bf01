"""Files on Windows and macOS as well as Linux: locked files, line endings, capitals, non-ASCII user folders.

What only Windows does is simulated where it can be (``storage.WINDOWS`` switched on, ``os.replace`` raising
the PermissionError Windows raises while another program holds the file open) and checked for real by the
tests marked for Windows, which the Tests workflow runs there.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import platformdirs
import pytest

from game.persist import review_cache, saves, storage
from game.persist.settings import Settings, load_settings, save_settings
from game.session import GameSession, SeatSpec

ROOT = Path(__file__).resolve().parents[2]
#: a user folder as many players have one: accents, a space, another script
HOME = "Jörg Ünïcødé ユーザー"
windows_only = pytest.mark.skipif(sys.platform != "win32", reason="Windows only: there an open file cannot be "
                                  "replaced or deleted (simulated on every system above)")


def _session() -> GameSession:
    seats = [SeatSpec(name, kind, colour, crest) for name, kind, colour, crest in
             (("Ånne", "human", "#D55E00", "lion"), ("Zoë", "random", "#0072B2", "rose"),
              ("Jörg", "random", "#009E73", "stag"))]
    return GameSession(seats, 5)


@pytest.fixture
def windows(monkeypatch):
    """Windows' rules for open files, on this system: PermissionError is tried again, without pauses."""
    monkeypatch.setattr(storage, "WINDOWS", True)
    monkeypatch.setattr(storage, "LOCKED_PAUSES", (0.0,) * len(storage.LOCKED_PAUSES))


def _refuse(monkeypatch, function: str, times: int) -> list[str]:
    """``os.<function>`` raises Windows' PermissionError for an open file ``times`` times, then works."""
    real = getattr(os, function)
    calls: list[str] = []

    def refusing(*args, **kwargs):
        calls.append(function)
        if len(calls) <= times:
            raise PermissionError(errno.EACCES, "Access is denied")
        return real(*args, **kwargs)

    monkeypatch.setattr(storage.os, function, refusing)
    return calls


def _temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# -- a file another program holds open ------------------------------------------------------------------
def test_a_replace_refused_while_the_file_is_open_succeeds_when_it_is_closed(tmp_path, monkeypatch, windows):
    target = tmp_path / "autosave.json"
    storage.atomic_write_text(target, '{"old": 1}')
    calls = _refuse(monkeypatch, "replace", times=3)
    storage.atomic_write_text(target, '{"new": 2}', keep_backup=True)
    assert json.loads(target.read_text(encoding="utf-8")) == {"new": 2}
    assert json.loads((tmp_path / "autosave.json.bak").read_text(encoding="utf-8")) == {"old": 1}
    assert len(calls) == 3 + 2 and _temp_files(tmp_path) == []


def test_a_file_held_open_throughout_keeps_the_old_one_and_says_why(tmp_path, monkeypatch, windows):
    target = tmp_path / "settings.json"
    storage.atomic_write_text(target, '{"old": 1}')
    calls = _refuse(monkeypatch, "replace", times=100)
    with pytest.raises(storage.StorageError) as refused:
        storage.atomic_write_text(target, '{"new": 2}')
    assert "another program has the file open" in str(refused.value) and "settings.json" in str(refused.value)
    assert len(calls) == len(storage.LOCKED_PAUSES) + 1
    assert json.loads(target.read_text(encoding="utf-8")) == {"old": 1} and _temp_files(tmp_path) == []


def test_elsewhere_a_refused_replace_is_not_tried_again(tmp_path, monkeypatch):
    """On Linux and macOS an open file is replaced at once: a PermissionError there is a real one."""
    monkeypatch.setattr(storage, "WINDOWS", False)
    calls = _refuse(monkeypatch, "replace", times=1)
    with pytest.raises(storage.StorageError) as refused:
        storage.atomic_write_text(tmp_path / "a.json", "{}")
    assert calls == ["replace"] and "another program" not in str(refused.value)


def test_deleting_a_save_waits_for_a_program_that_has_it_open(tmp_path, monkeypatch, windows):
    monkeypatch.setenv(storage.DATA_ENV, str(tmp_path))
    path = saves.save_named(_session(), "Before the ball")
    real_unlink = Path.unlink
    refused: list[Path] = []

    def unlink(self, missing_ok=False):
        if self == path and not refused:
            refused.append(self)
            raise PermissionError(errno.EACCES, "The process cannot access the file", str(self))
        return real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    saves.delete_save(path)
    assert refused == [path] and not path.exists() and saves.list_saves() == []


@windows_only
def test_windows_replaces_a_file_once_the_program_holding_it_open_lets_go(tmp_path):
    target = tmp_path / "autosave.json"
    storage.atomic_write_text(target, '{"old": 1}')
    held = open(target, "rb")  # noqa: SIM115 - closed by the timer, as another program would
    timer = threading.Timer(0.15, held.close)
    timer.start()
    try:
        storage.atomic_write_text(target, '{"new": 2}')
    finally:
        timer.cancel()
        held.close()
    assert json.loads(target.read_text(encoding="utf-8")) == {"new": 2}


@windows_only
def test_windows_keeps_the_old_file_while_another_program_holds_it_open(tmp_path):
    target = tmp_path / "autosave.json"
    storage.atomic_write_text(target, '{"old": 1}')
    with open(target, "rb"), pytest.raises(storage.StorageError) as refused:
        storage.atomic_write_text(target, '{"new": 2}')
    assert "another program has the file open" in str(refused.value)
    assert json.loads(target.read_text(encoding="utf-8")) == {"old": 1} and _temp_files(tmp_path) == []


# -- line endings -----------------------------------------------------------------------------------------
def test_every_file_is_written_with_the_same_line_endings_on_every_system(tmp_path):
    settings = save_settings(Settings(), tmp_path / "settings.json")
    save = saves.write_save(tmp_path / "game.json", _session(), "Ånne's game")
    review = tmp_path / "game.json.review"
    assert review_cache.store(review, "key", 0, {"complete": True, "samples": 1})
    for path in (settings, save, review):
        data = path.read_bytes()
        assert b"\r" not in data and data.decode("utf-8"), path.name
    assert settings.read_bytes().count(b"\n") > 5


def test_files_edited_with_windows_line_endings_still_load(tmp_path):
    settings = tmp_path / "settings.json"
    text = Settings(sound=False).to_json()
    settings.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    loaded, notice = load_settings(settings)
    assert notice is None and loaded.sound is False
    save = saves.write_save(tmp_path / "game.json", _session(), "Edited")
    pretty = json.dumps(json.loads(save.read_bytes()), indent=1, ensure_ascii=False)
    save.write_bytes(pretty.replace("\n", "\r\n").encode("utf-8"))
    assert saves.load_file(save).session.state.history == _session().state.history


# -- capitals: the same file on Windows and macOS ------------------------------------------------------------
def test_a_save_file_in_other_capitals_is_the_same_save(tmp_path, monkeypatch):
    """A file renamed by hand to other capitals is the file of that save: on Windows and macOS a second file
    "before-the-ball.json" would be that very file, so it is never made beside it."""
    monkeypatch.setenv(storage.DATA_ENV, str(tmp_path))
    renamed = saves.saves_dir() / "Before-The-Ball.json"
    saves.write_save(renamed, _session(), "Before the ball")
    assert saves.named_path("BEFORE THE BALL") == renamed
    saves.save_named(_session(), "before the ball")
    assert [p.name for p in saves.saves_dir().iterdir()] == ["Before-The-Ball.json"]


def test_saves_whose_suffix_is_in_capitals_are_listed(tmp_path, monkeypatch):
    monkeypatch.setenv(storage.DATA_ENV, str(tmp_path))
    saves.write_save(saves.saves_dir() / "OLD GAME.JSON", _session(), "Old game")
    assert [info.name for info in saves.list_saves()] == ["Old game"]


# -- non-ASCII user folders -------------------------------------------------------------------------------
def test_saves_and_settings_live_in_a_user_folder_with_any_letters(tmp_path, monkeypatch):
    home = tmp_path / HOME
    monkeypatch.delenv(storage.DATA_ENV)
    monkeypatch.delenv(storage.CONFIG_ENV)
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, appauthor=None: str(home / "data" / app))
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda app, appauthor=None: str(home / "config" / app))
    assert storage.data_dir() == home / "data" / "Noblemen"
    session = _session()
    saves.Autosaver(session).attach()  # written at once (no background writer)
    assert saves.load_autosave().session.state.history == session.state.history
    named = saves.save_named(session, "Partie à Köln – 第一")
    save_settings(Settings(player_names=("Jörg", "Zoë", "Ælfrida", "Łucja", "Ïda", "Øyvind")))
    assert saves.load_file(named).session.state.history == session.state.history
    assert [info.name for info in saves.list_saves()] == ["Partie à Köln – 第一"]
    assert load_settings()[0].player_names[0] == "Jörg"
    leftover = storage.data_dir() / ".autosave.json.x1.tmp"
    leftover.write_bytes(b"{")
    assert storage.remove_temp_files(storage.data_dir()) == [leftover]


def test_the_game_runs_from_a_folder_and_a_temp_folder_with_any_letters(tmp_path):
    """The self-test (every font, sound, picture, the theme and a whole game) of a copy of the game installed
    under a user folder with accents and another script, as pip or the installers put it on Windows."""
    home = tmp_path / HOME
    for package in ("game", "rules"):
        shutil.copytree(ROOT / package, home / "site" / package, ignore=shutil.ignore_patterns("__pycache__"))
    temp = home / "Temp"
    temp.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(PYTHONPATH=str(home / "site"), TMPDIR=str(temp), TEMP=str(temp), TMP=str(temp),
               NOBLEMEN_DATA_DIR=str(home / "data"), NOBLEMEN_CONFIG_DIR=str(home / "config"))
    code = "import game, sys; from game.__main__ import main; print(game.__file__); sys.exit(main(['--self-test']))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=home, env=env, capture_output=True,
                          encoding="utf-8", errors="replace", timeout=300)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-4000:]
    assert Path(proc.stdout.splitlines()[0]).resolve() == (home / "site" / "game" / "__init__.py").resolve()
    assert "noblemen self-test OK (source)" in proc.stdout, output[-4000:]


def test_names_a_legacy_code_page_cannot_hold_never_stop_the_game(tmp_path):
    """Windows writes redirected output in its code page (cp1252): a player called Łucja must not crash
    ``noblemen --autoplay > log.txt``; what cp1252 cannot hold is written as an escape."""
    config = tmp_path / "config"
    save_settings(Settings(player_names=("Łucja", "Zoë", "Ōta", "Anne", "Mary", "Philip")), config / "settings.json")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONUTF8", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(PYTHONIOENCODING="cp1252", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               NOBLEMEN_CONFIG_DIR=str(config), NOBLEMEN_DATA_DIR=str(tmp_path / "data"))
    # the game as a program (its arguments from the command line), its app unpaced and with the quickest players
    # (as the self-test plays): the output is what matters here, not the pace
    code = ("import sys; from game.shell.app import App; App.paced = False; App.autoplay_bot = 'random'; "
            "from game.__main__ import main; "
            "sys.argv[1:] = ['--autoplay', '--seats', '3', '--speed', 'instant', '--seed', '1']; sys.exit(main())")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, encoding="cp1252",
                          errors="replace", timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    scores = next(line for line in proc.stdout.splitlines() if line.startswith("Final scores:"))
    assert "\\u0141ucja" in scores and "Zoë" in scores


def test_the_benchmark_measures_memory_where_the_system_can(monkeypatch):
    """``make bench`` on Windows (no ``resource`` module) says so; macOS counts bytes where Linux counts KiB."""
    from types import SimpleNamespace

    from game.shell import bench

    monkeypatch.setitem(sys.modules, "resource", None)  # as on Windows: importing it fails
    assert bench._peak_child_memory_mib() is None
    usage = SimpleNamespace(ru_maxrss=200 * 1024 * 1024)
    monkeypatch.setitem(sys.modules, "resource", SimpleNamespace(RUSAGE_CHILDREN=-1, getrusage=lambda who: usage))
    monkeypatch.setattr(sys, "platform", "darwin")
    assert bench._peak_child_memory_mib() == 200


def test_macos_languages_are_read_from_defaults_as_utf8(monkeypatch):
    """On a Mac the system's languages come from ``defaults``, whose output is read as UTF-8 whatever the
    locale says (a text pipe without an encoding would follow the locale)."""
    from types import SimpleNamespace

    from game import i18n

    asked: list[dict] = []

    def defaults(command, **kwargs):
        asked.append(kwargs)
        return SimpleNamespace(stdout='(\n    "de-AT",\n    "it-IT",\n    "en-GB"\n)\n')

    monkeypatch.setattr(i18n.subprocess, "run", defaults)
    assert i18n.system_languages({}, "darwin") == ["de-AT", "it-IT", "en-GB"]
    assert i18n.system_language({}, "darwin") == "de"
    assert asked[0].get("encoding") == "utf-8" and not asked[0].get("text")
