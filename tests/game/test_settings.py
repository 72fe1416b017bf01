"""Settings: round trip, validation, damaged files."""

from __future__ import annotations

import json

import pytest

from game.persist.settings import (
    CRESTS,
    PLAYER_COLOURS,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)


def test_defaults_when_missing():
    settings, notice = load_settings()
    assert settings == Settings()
    assert notice is None


def test_round_trip():
    s = Settings(window_size=(1600, 900), fullscreen=True, animation_speed="fast", sound=False,
                 player_names=("A", "B", "C", "D", "E", "F"), last_setup={"seats": 4, "bots": ["easy"]})
    path = save_settings(s)
    assert path == settings_path()
    loaded, notice = load_settings()
    assert notice is None
    assert loaded == s


def test_config_dir_override(_isolated_dirs):
    config, _ = _isolated_dirs
    save_settings(Settings())
    assert (config / "settings.json").exists()


def test_defaults_use_okabe_ito_and_crests():
    s = Settings()
    assert s.player_colours[:5] == ("#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7")
    assert len(s.player_names) == len(s.player_colours) == len(s.player_crests) == 6
    assert set(s.player_crests) == set(CRESTS)
    assert s.player_colours == PLAYER_COLOURS


@pytest.mark.parametrize("content", ["{not json", "", "[1, 2, 3]", "null", "\"text\"", "42"])
def test_corrupt_file_resets_with_notice(content):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(content)
    settings, notice = load_settings()
    assert settings == Settings()
    assert notice and "default" in notice


def test_binary_garbage_resets_with_notice():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(b"\x89PNG\xff\xfe\x00\x00")
    settings, notice = load_settings()
    assert settings == Settings()
    assert notice


@pytest.mark.parametrize(
    "key,value",
    [
        ("window_size", "big"),
        ("window_size", [10, 10]),
        ("window_size", [1280]),
        ("window_size", [True, 700]),
        ("window_size", [1e9, 700]),
        ("fullscreen", "yes"),
        ("fullscreen", 1),
        ("animation_speed", "ludicrous"),
        ("animation_speed", 3),
        ("sound", None),
        ("player_names", ["a"] * 5),
        ("player_names", ["a", "b", "c", "d", "e", 6]),
        ("player_names", ["a", "b", "c", "d", "e", ""]),
        ("player_names", ["a", "b", "c", "d", "e", "x" * 200]),
        ("player_colours", ["red"] * 6),
        ("player_colours", ["#D55E00"] * 6),
        ("player_crests", ["dragon", "rose", "stag", "swan", "tower", "falcon"]),
        ("last_setup", [1, 2]),
    ],
)
def test_wrong_typed_field_resets_that_field(key, value):
    good = Settings(animation_speed="fast", sound=False).to_dict()
    good[key] = value
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps(good))
    settings, notice = load_settings()
    assert getattr(settings, key) == getattr(Settings(), key)
    assert notice and key.replace("_", " ") in notice
    # the other, valid fields survive
    if key != "animation_speed":
        assert settings.animation_speed == "fast"


def test_unknown_keys_ignored():
    data = Settings(sound=False).to_dict()
    data["future_option"] = {"x": 1}
    data["version"] = 99
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps(data))
    settings, notice = load_settings()
    assert notice is None
    assert settings.sound is False


def test_assigning_bad_value_raises():
    s = Settings()
    with pytest.raises(ValueError):
        s.animation_speed = "warp"
    with pytest.raises(TypeError):
        s.fullscreen = "no"
    s.animation_speed = "slow"
    assert s.animation_seconds > Settings().animation_seconds


def test_names_normalised():
    settings, problems = Settings.from_dict({"player_names": ["  Anne  Boleyn ", "b", "c", "d", "e", "f"]})
    assert not problems
    assert settings.player_names[0] == "Anne Boleyn"


def test_unreadable_file_resets(monkeypatch):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().mkdir()  # a folder where the file should be: reading fails
    settings, notice = load_settings()
    assert settings == Settings()
    assert notice


def test_save_failure_leaves_old_file(monkeypatch):
    from game.persist import storage

    save_settings(Settings(sound=False))

    def fail(*a, **k):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(storage.os, "replace", fail)
        with pytest.raises(storage.StorageError):
            save_settings(Settings(sound=True))
    assert load_settings()[0].sound is False


# -- hostile files: the game always starts, with the defaults and the notice ---------------------------------
@pytest.mark.parametrize("text", [
    "[" * 100_000,  # nested far deeper than any parser allows
    "[" * 100_000 + "]" * 100_000,
    '{"player_names": ' + "[" * 50_000 + "]" * 50_000 + "}",
    '{"window_size": [1' + "0" * 5000 + ", 720]}",  # a number longer than Python parses
    '{"sound": NaN, "fullscreen": Infinity}',
    "\ufeff{}",  # a byte-order mark
], ids=["open", "closed", "nested field", "long number", "nan", "bom"])
def test_hostile_settings_text_resets_with_the_notice(text):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(text, encoding="utf-8")
    settings, notice = load_settings()
    assert settings == Settings() and notice


def test_bad_bytes_reset_with_the_notice():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(b"\xff\xfe\x00{" * 100)
    settings, notice = load_settings()
    assert settings == Settings() and "could not be read" in notice


def test_a_huge_settings_file_is_not_read(monkeypatch):
    import time

    from game.persist import settings as settings_module

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    with open(settings_path(), "wb") as handle:  # a sparse 200 MB file: quick to make, slow to parse
        handle.truncate(200 * 1024 * 1024)
    start = time.perf_counter()
    settings, notice = load_settings()
    assert time.perf_counter() - start < 1.0
    assert settings == Settings() and f"larger than {settings_module.MAX_BYTES // 1024} KiB" in notice


def test_the_app_starts_with_nested_settings(tmp_path):
    import os
    import subprocess
    import sys

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("[" * 100_000, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "game", "--frames", "2"], capture_output=True, text=True,
                          env=dict(os.environ), timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert load_settings() == (Settings(), None)  # the damaged file is replaced by a valid one


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes here")
def test_settings_file_as_a_pipe_is_not_opened():
    """Opening a pipe for reading blocks until someone writes: the game would never start."""
    import os

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(settings_path())
    settings, notice = load_settings()
    assert settings == Settings() and "not a regular file" in notice


def test_settings_file_as_a_folder_says_so():
    settings_path().mkdir(parents=True)
    settings, notice = load_settings()
    assert settings == Settings() and "it is a folder" in notice


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_the_game_starts_with_a_pipe_or_a_folder_for_settings(kind):
    """Neither is opened nor replaced: the game starts with the defaults, says so, and says it cannot save."""
    import os
    import subprocess
    import sys

    if kind == "pipe" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(settings_path()) if kind == "pipe" else settings_path().mkdir()
    done = subprocess.run([sys.executable, "-m", "game", "--frames", "2"], capture_output=True, text=True,
                          env=dict(os.environ), timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    said = [line for line in done.stderr.splitlines() if line.startswith("noblemen:")]
    assert len(said) == 1 and "settings.json" in said[0] and ("folder" in said[0] or "regular file" in said[0])
    assert settings_path().is_dir() if kind == "folder" else settings_path().is_fifo()
