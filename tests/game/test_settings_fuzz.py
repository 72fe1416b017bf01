"""Every field of the settings with values of every wrong kind: the game starts, names the reset setting in
its notice, and writes a valid file over the damaged one."""

from __future__ import annotations

import json
import math

import attrs
import pytest

from game import i18n
from game.persist.settings import Settings, load_settings, settings_path

FIELDS = [field.name for field in attrs.fields(Settings)]


def _deep(levels: int) -> list:
    nested: list = []
    for _ in range(levels):
        nested = [nested]
    return nested


#: one of each JSON kind, and the extremes of each: huge, negative, NaN-like, empty, nested
WRONG = {
    "null": None, "true": True, "false": False, "zero": 0, "negative": -1, "huge int": 10**400,
    "huge float": 1e308, "negative huge": -1e308, "nan": math.nan, "infinity": math.inf,
    "empty text": "", "text": "yes", "long text": "x" * 100_000, "NaN text": "NaN",
    "empty list": [], "list": [1, "2", None], "empty object": {}, "object": {"a": {"b": [1, {"c": None}]}},
    "nested": _deep(500), "nested object": {"seats": [{"name": {"x": 1}}]},
}


def _accepted(key: str, value: object) -> bool:
    check = attrs.fields_dict(Settings)[key].metadata.get("check")
    if check is None:  # test_every_setting_has_its_check_and_its_name says so
        return False
    try:
        check(value)
    except (TypeError, ValueError):
        return False
    return True


def _write(data: dict) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps(data), encoding="utf-8")  # NaN and Infinity as JSON's readers take them


CASES = [(key, kind) for key in FIELDS for kind, value in WRONG.items() if not _accepted(key, value)]


def test_every_setting_has_its_check_and_its_name():
    """A field added without them (not through ``_setting``) could not be loaded or named in the notice."""
    for field in attrs.fields(Settings):
        assert callable(field.metadata.get("check")) and field.metadata.get("name"), field.name


def test_every_field_has_enough_wrong_values():
    for key in FIELDS:
        assert sum(1 for k, _kind in CASES if k == key) >= 5, key


@pytest.mark.parametrize(("key", "kind"), CASES, ids=[f"{key}-{kind}" for key, kind in CASES])
def test_a_wrong_value_resets_that_setting_with_a_notice_naming_it(key, kind):
    good = Settings(animation_speed="fast", sound=False, tutorial_step=3)
    _write({**good.to_dict(), key: WRONG[kind]})
    settings, notice = load_settings()
    assert getattr(settings, key) == getattr(Settings(), key)
    name = attrs.fields_dict(Settings)[key].metadata["name"]
    for language in i18n.LANGUAGES:  # the notice names the setting in every language it may be shown in
        i18n.set_language(language)
        assert notice is not None and i18n._(name) in str(notice)
    i18n.set_language("en")
    for other in ("animation_speed", "sound", "tutorial_step"):  # the good fields survive
        if other != key:
            assert getattr(settings, other) == getattr(good, other)


@pytest.mark.parametrize("key", FIELDS)
def test_the_game_starts_with_the_notice_and_rewrites_a_valid_file(key):
    from game.shell import cli
    from game.shell.app import App

    kinds = [kind for k, kind in CASES if k == key]
    good = Settings(sound=False, tutorial_step=3)
    _write({**good.to_dict(), key: WRONG[kinds[len(key) % len(kinds)]]})
    app = App(cli.parse(["--frames", "1"]))
    assert len(app.ctx.notices) == 1 and str(app.ctx.notices[0])
    assert app.run() == 0
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert Settings.from_dict(data) == (attrs.evolve(good, **{key: getattr(Settings(), key)}), [])


def test_a_wrong_hints_value_does_not_stop_the_game(tmp_path):
    """The report's case, as a player meets it: the game is started with the file in place."""
    import os
    import subprocess
    import sys

    _write({"hints": "yes"})
    done = subprocess.run([sys.executable, "-m", "game", "--frames", "2"], capture_output=True, text=True,
                          env=dict(os.environ), timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert load_settings() == (Settings(), None)
