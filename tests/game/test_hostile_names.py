"""A name the game cannot seat (a NUL byte, a lone surrogate, an escape sequence, ...) is refused by every
loader with the usual clear line: saves (each place a name is kept), engine records, settings and the
remembered setup. The screens that read them never crash."""

from __future__ import annotations

import json
import os
import sys

import pytest

from game import scenes
from game.persist import saves, settings, storage
from game.persist.settings import Settings, load_settings
from game.scenes import saves as save_scenes
from game.scenes.setup import SetupScene
from game.session import GameSession, SeatSpec
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.ui import widgets
from rules import game_to_dict, new_game

HOSTILE = ["Ann\x00e", "\ud800", "\x1b[2J", "\u202eevil", "", "   ", "W" * 41]
KINDS = ("human", "normal", "easy")


def _seats(names=("Anne", "Bob", "Cy")):
    colours, crests = ("#D55E00", "#0072B2", "#009E73"), ("lion", "rose", "stag")
    return [SeatSpec(name, KINDS[i], colours[i], crests[i]) for i, name in enumerate(names)]


def _save_data() -> dict:
    session = GameSession(_seats(), 4)
    try:
        return json.loads(saves.dumps(session))
    finally:
        session.close()


def _write(path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")  # ASCII escapes: a lone surrogate survives


def _with_name(where: str, name: str) -> dict:
    data = _save_data()
    if where == "summary":
        data["summary"]["players"][1] = name
    elif where == "seat":
        data["session"]["seats"][1]["name"] = name
    elif where == "record":
        data["session"]["game"]["setup"]["names"][1] = name
    else:
        data["name"] = name
    return data


@pytest.mark.parametrize("where", ["summary", "seat", "record", "save name"])
@pytest.mark.parametrize("name", HOSTILE, ids=repr)
def test_a_save_with_a_hostile_name_is_refused_plainly(tmp_path, where, name):
    path = tmp_path / "bad.json"
    _write(path, _with_name(where, name))
    with pytest.raises(saves.SaveLoadError) as info:
        saves.load_file(path)
    assert info.value.message.startswith("This save is damaged") and not info.value.unexpected
    entry = saves.read_info(path)  # the Load screen's entry: a readable name, or the reason
    assert entry.name.isprintable() and (entry.error is not None or entry.summary is not None)


@pytest.mark.parametrize("name", HOSTILE, ids=repr)
def test_an_engine_record_with_a_hostile_name_is_refused(tmp_path, name):
    record = game_to_dict(new_game(["Anne", "Bob", "Cy"], 3))
    record["setup"]["names"][0] = name
    path = tmp_path / "record.json"
    _write(path, record)
    with pytest.raises(saves.SaveLoadError, match="damaged") as info:
        saves.load_file(path)
    assert not info.value.unexpected


@pytest.mark.parametrize("name", HOSTILE, ids=repr)
def test_a_session_never_seats_a_hostile_name(name):
    with pytest.raises(ValueError, match="player names"):
        GameSession(_seats(("Anne", name, "Cy")), 1)


@pytest.mark.parametrize("name", HOSTILE, ids=repr)
def test_hostile_names_in_the_settings_are_reset_with_a_notice(tmp_path, name):
    path = tmp_path / "settings.json"
    data = Settings().to_dict()
    data["player_names"][2] = name
    _write(path, data)
    loaded, notice = load_settings(path)
    assert loaded.player_names == Settings().player_names and "player names" in notice
    data = Settings().to_dict()
    data["last_setup"] = {"seats": [{"name": n, "kind": "human"} for n in ("Anne", name, "Cy")]}
    _write(path, data)
    loaded, notice = load_settings(path)
    assert loaded.last_setup == {} and "last setup" in notice


def test_the_setup_never_takes_a_hostile_remembered_name(pygame_display):
    st = Settings()
    object.__setattr__(st, "last_setup", {"seats": [{"name": "Ann\x00e"}, {"name": "\ud800"}, {"name": "Cy"}]})
    from game.ui.scene import AppContext, SceneStack

    ctx = AppContext(ui=None, settings=st, stack=SceneStack(), quit=lambda *_: None, window_size=(1280, 720))
    specs = SetupScene(ctx).seat_specs()
    assert [s.name for s in specs][2] == "Cy" and all(s.name.isprintable() and s.name for s in specs)
    GameSession(specs, 1).close()


# -- the screens ----------------------------------------------------------------------------------------------
@pytest.fixture
def app():
    application = App(build_parser().parse_args(["--size", "1280x720"]), settings=Settings(),
                      persist_settings=False)
    application.running = True
    yield application
    application.stack.clear()
    quit_pygame()


def _frames(app, n=3):
    for _ in range(n):
        app.step(1 / 60)


def test_the_load_screen_lists_hostile_files_without_crashing(app):
    folder = saves.saves_dir()
    for i, name in enumerate(HOSTILE):
        for where in ("summary", "seat", "save name"):
            _write(folder / f"{where.replace(' ', '-')}-{i}.json", _with_name(where, name))
    app.stack.push(scenes.create("title", app.ctx))
    load = scenes.create("load_game", app.ctx)
    app.stack.push(load)
    _frames(app)
    assert len(load.entries) == 3 * len(HOSTILE)
    assert all(entry.name.isprintable() for entry in load.entries)
    hostile = list(range(len(load.entries)))
    for i in hostile:  # each is refused with the reason, and the list stays
        load.select(i)
        load.load_selected()
        _frames(app)
        top = app.stack.top
        assert isinstance(top, widgets.MessageDialog) and top.message.startswith("This save is damaged")
        app.stack.pop()
        _frames(app)
    assert app.stack.top is load


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="only Linux file systems take a file name that "
                    "is not valid UTF-8 (Windows' and macOS's refuse one)")
def test_a_file_name_that_is_not_utf8_is_listed_with_a_question_mark(app):
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with open(os.fsencode(folder) + b"/\xff\xfe-game.json", "wb") as handle:
        handle.write(json.dumps(_save_data()).encode())
    app.stack.push(scenes.create("title", app.ctx))
    load = scenes.create("load_game", app.ctx)
    app.stack.push(load)
    _frames(app)
    assert [entry.name.isprintable() and "?" in entry.name for entry in load.entries] == [True]


@pytest.mark.parametrize("name", ["Ann\x00e", "\ud800"], ids=repr)
def test_continue_with_a_hostile_autosave_shows_a_reason(app, name):
    _write(storage.autosave_path(), _with_name("seat", name))
    app.stack.push(scenes.create("title", app.ctx))
    app.stack.push(save_scenes.continue_game(app.ctx, storage.autosave_path()))
    _frames(app)
    assert isinstance(app.stack.top, widgets.MessageDialog) and "damaged" in app.stack.top.message


def test_settings_names_follow_the_engine_rule():
    assert settings.MAX_NAME_LENGTH == 40
    with pytest.raises(ValueError):
        Settings(player_names=("A", "B", "C", "D", "E", "F\x00"))


@pytest.mark.parametrize("line", ["Anne took\x00 2 bribes", "\ud800", "x" * 5000], ids=["nul", "surrogate", "long"])
def test_a_log_line_the_chronicle_cannot_draw_is_refused(tmp_path, line):
    data = _save_data()
    data["session"]["log"] = [line]
    path = tmp_path / "log.json"
    _write(path, data)
    with pytest.raises(saves.SaveLoadError, match="game log") as info:
        saves.load_file(path)
    assert not info.value.unexpected


# -- whatever the loader accepts, the screens can show ------------------------------------------------------------
HOSTILE_TEXT = ["\x00", "\ud800", "", "x" * 5000, "\u202e", "nonsense", "\x1b[2J", "🙂", "#GGGGGG", "#d55e00"]


def test_every_save_the_loader_accepts_can_be_shown(app, tmp_path):
    """Each text value of a save replaced by hostile text: the file is refused, or the Load screen and the
    table draw it."""
    from tests.game.test_saves_fuzz import _paths, _set, base_texts

    v2, _v1 = base_texts()
    base = json.loads(v2)
    texts = [p for p in _paths(base) if p and isinstance(_get(base, p), str)]
    shown = 0
    for path in texts:
        for text in HOSTILE_TEXT:
            data = _set(json.loads(v2), path, text)
            target = saves.saves_dir() / "mutant.json"
            _write(target, data)
            try:
                loaded = saves.load_file(target)
            except saves.SaveLoadError as exc:
                assert not exc.unexpected, (path, text, exc.detail)
                continue
            shown += 1
            load = scenes.create("load_game", app.ctx)
            app.stack.push(load)
            _frames(app, 1)
            table = scenes.create("table", app.ctx, session=loaded.session)
            table.interludes = False
            app.stack.push(table)
            _frames(app, 2)
            app.stack.clear()
            loaded.session.close()
    assert shown  # some harmless changes (the log's words, the colour's case) load


def _get(root, path):
    for key in path:
        root = root[key]
    return root
