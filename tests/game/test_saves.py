"""Saves: round trips at random points of random games, migrations, validation, the autosaver, named saves,
and writes interrupted at every step."""

from __future__ import annotations

import errno
import json
import os
import random
from datetime import datetime, timedelta

import pytest

from game.persist import saves, storage
from game.session import GameSession, SeatSpec
from rules.bots.simple import GreedyPlayer, RandomPlayer
from rules.flow import new_game
from rules.serialize import game_to_dict, game_to_json
from tests.game.test_thinking import bot_threads, wait_until

COLOURS = ["#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7"]
CRESTS = ["lion", "rose", "stag", "swan", "tower"]
KINDS = ["human", "easy", "normal", "hard", "random", "greedy"]


#: the games the running test made (:func:`make_session`), closed when it ends
_games: list[GameSession] = []


@pytest.fixture(autouse=True)
def _no_computer_player_outlives_its_test():
    """Each move a test applies sets its game's next computer player thinking on a thread (Hard's in a process):
    the test's games are closed as quitting closes them, and their threads must end with them, not think on
    into a later test that counts the computer players' threads."""
    before = frozenset(bot_threads())
    yield
    while _games:
        _games.pop().close()
    assert wait_until(lambda: not bot_threads(before), 2.0), bot_threads(before)


def make_session(n=4, seed=3, kinds=None, rng=None):
    rng = rng or random.Random(seed)
    kinds = kinds or [rng.choice(KINDS) for _ in range(n)]
    seats = [SeatSpec(f"Noble {i}", kinds[i], COLOURS[i], CRESTS[i]) for i in range(n)]
    session = GameSession(seats, seed, first_game=rng.random() < 0.3)
    _games.append(session)
    return session


def play(session, steps, seed=0):
    """Apply ``steps`` actions chosen by seeded simple players (through the session, so the log fills)."""
    players = [GreedyPlayer(seed + i) if i % 2 else RandomPlayer(seed + i) for i in range(session.state.n)]
    for _ in range(steps):
        if session.state.over:
            break
        seat = session.state.decider
        session.apply(players[seat].choose(session.view(seat), session.legal()))
    return session


def finished(n=4, seed=7):
    return play(make_session(n, seed, ["human"] + ["normal"] * (n - 1)), 10_000, seed)


def same_session(a: GameSession, b: GameSession) -> None:
    assert game_to_dict(a.state) == game_to_dict(b.state)
    assert [s.to_dict() for s in a.seats] == [s.to_dict() for s in b.seats]
    assert a.log == b.log
    assert (a.state.step, a.state.decider, a.state.decade, a.state.round_pos) == \
           (b.state.step, b.state.decider, b.state.decade, b.state.round_pos)
    assert a.legal() == b.legal()
    assert a.state.rng.state == b.state.rng.state
    assert [p.vp for p in a.state.players] == [p.vp for p in b.state.players]
    assert {i: type(bot) for i, bot in a._bots.items()} == {i: type(bot) for i, bot in b._bots.items()}


# -- round trips --------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(8))
def test_round_trip_at_random_points(seed):
    rng = random.Random(seed)
    session = make_session(rng.choice([3, 4, 5]), seed, rng=rng)
    for _ in range(3):
        play(session, rng.randrange(0, 120), seed)
        text = saves.dumps(session, name=f"Game {seed}")
        loaded = saves.loads(text)
        same_session(session, loaded.session)
        assert loaded.name == f"Game {seed}" and loaded.version == saves.VERSION
        assert loaded.summary == saves.summarize(session)
        # a loaded game plays on exactly like the original
        play(loaded.session, 15, seed + 1)
        play(session, 15, seed + 1)
        same_session(session, loaded.session)
        loaded.session.close()


def test_round_trip_of_a_finished_game_is_marked_over(tmp_path):
    session = finished()
    assert session.over
    loaded = saves.loads(saves.dumps(session))
    assert loaded.summary.over and loaded.session.over
    assert loaded.summary.where == "Game over"
    same_session(session, loaded.session)


def test_save_file_layout():
    session = play(make_session(3, 1), 40)
    data = json.loads(saves.dumps(session, name="Mine"))
    assert set(data) == {"format", "version", "saved_at", "name", "summary", "session"}
    assert (data["format"], data["version"], data["name"]) == ("noblemen-save", 2, "Mine")
    assert datetime.fromisoformat(data["saved_at"]).tzinfo is not None
    assert set(data["summary"]) == {"players", "decade", "round", "scores", "over"}
    assert data["session"] == session.to_dict()


# -- migrations ---------------------------------------------------------------------------------------
def test_every_old_version_has_a_migration():
    assert sorted(saves.MIGRATIONS) == list(range(1, saves.VERSION))


def test_migrate_v1_to_v2_seats_you_first_and_normal_computers():
    state = new_game(["Ann", "Bob", "Cy", "Di"], 99)
    bots = [GreedyPlayer(i) for i in range(4)]
    for _ in range(60):
        state.apply(bots[state.decider].choose(state.view(state.decider), state.legal_actions()))
    v1 = json.loads(game_to_json(state))
    v2 = saves.migrate_v1_to_v2(v1)
    assert (v2["format"], v2["version"]) == ("noblemen-save", 2)
    seats = v2["session"]["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Bob", "Cy", "Di"]
    assert [s["kind"] for s in seats] == ["human", "normal", "normal", "normal"]
    assert len({s["colour"] for s in seats}) == 4 and len({s["crest"] for s in seats}) == 4
    assert v2["summary"]["scores"] == [p.vp for p in state.players]
    loaded = saves.loads(game_to_json(state))  # the loader migrates on its own
    assert loaded.version == 1
    assert loaded.session.log, "the log is rebuilt by replaying the record"
    assert game_to_dict(loaded.session.state) == game_to_dict(state)
    assert loaded.session.state.decider == state.decider


def test_v1_file_from_the_simulator_loads(tmp_path):
    from rules.arena.simulate import play_game  # noqa: F401  (the simulator writes exactly game_to_json)

    state = new_game(["A", "B", "C"], 5)
    path = tmp_path / "sim.json"
    path.write_text(game_to_json(state), encoding="utf-8")
    loaded = saves.load_file(path)
    assert loaded.version == 1 and loaded.session.seats[0].kind == "human"


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["setup"].update(seed="x"), "damaged"),
    (lambda d: d["actions"].append("dance a jig"), "moves do not follow the rules"),
    (lambda d: d.update(version=7), "newer version"),
    (lambda d: d["setup"].update(names=["A", "B"]), "damaged"),
])
def test_bad_v1_records_are_refused_kindly(mutate, message):
    data = json.loads(game_to_json(new_game(["A", "B", "C"], 5)))
    mutate(data)
    with pytest.raises(saves.SaveLoadError) as info:
        saves.loads(json.dumps(data))
    assert message in str(info.value) and not info.value.unexpected


def test_migration_chain_runs_in_order(monkeypatch):
    calls = []

    def fake(data):
        calls.append(data["version"])
        return {**data, "version": data["version"] + 1}

    monkeypatch.setattr(saves, "VERSION", 4)
    session = play(make_session(3, 2), 10)
    good = saves.save_dict(session)
    monkeypatch.setitem(saves.MIGRATIONS, 2, fake)
    monkeypatch.setitem(saves.MIGRATIONS, 3, fake)
    data, original = saves.migrate({**good, "version": 2})
    assert calls == [2, 3] and data["version"] == 4 and original == 2


# -- validation -----------------------------------------------------------------------------------------
def _good():
    return json.loads(saves.dumps(play(make_session(4, 5, ["human", "easy", "normal", "hard"]), 80)))


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["summary"].update(scores=[99, 0, 0, 0]), "summary does not match"),
    (lambda d: d["summary"].update(decade=3), "summary does not match"),
    (lambda d: d["summary"].update(players=["X", "B", "C", "D"]), "summary does not match"),
    (lambda d: d["summary"].update(over=True), "summary does not match"),
    (lambda d: d["summary"].update(scores="lots"), "summary is missing or wrong"),
    (lambda d: d.pop("summary"), "summary is missing or wrong"),
    (lambda d: d.update(saved_at="yesterday"), "date"),
    (lambda d: d.update(name=["x"]), "name"),
    (lambda d: d.update(version=3), "newer version"),
    (lambda d: d.update(version="2"), "version is unknown"),
    (lambda d: d.update(format="chess"), "not a Noblemen save"),
    (lambda d: d["session"].update(speed=["fast"]), "game record"),
    (lambda d: d["session"].update(log={"a": 1}), "log"),
    (lambda d: d["session"]["seats"][1].update(kind="godlike"), "players are not valid"),
    (lambda d: d["session"]["seats"].pop(), "players are not valid"),
    (lambda d: d["session"]["game"]["actions"].insert(3, "end turn"), "moves do not follow the rules"),
    (lambda d: d["session"]["game"]["actions"].append(12), "moves"),
    (lambda d: d["session"]["game"]["setup"].update(seed=2**80), "setup"),
    (lambda d: d["session"]["game"]["setup"].update(seed=-1), "setup"),
    (lambda d: d["session"]["game"]["setup"].update(seed=True), "setup"),
    (lambda d: d["summary"].update(decade=10**300), "summary is missing or wrong"),
    (lambda d: d["session"]["game"]["setup"].update(seed="HUGE"), "values no save has"),
])
def test_inconsistent_or_hand_edited_saves_are_refused(mutate, message):
    data = _good()
    mutate(data)
    text = json.dumps(data).replace('"HUGE"', "9" * 5000)  # an integer Python refuses to parse
    with pytest.raises(saves.SaveLoadError) as info:
        saves.loads(text)
    assert message in str(info.value), str(info.value)
    assert not info.value.unexpected


def test_friendly_messages_for_broken_files(tmp_path):
    text = saves.dumps(play(make_session(3, 1), 30))
    cases = {
        text[: len(text) // 2]: "ends too early",
        text[:-1]: "ends too early",
        "": "empty",
        "\xff\xfe": "not a well-formed",
        "[" * 200_000: "nested too deeply",
        "[]": "not a Noblemen save",
        "null": "not a Noblemen save",
        '{"format": "noblemen-save", "version": 2}': "date",
    }
    for raw, message in cases.items():
        with pytest.raises(saves.SaveLoadError) as info:
            saves.loads(raw)
        assert message in str(info.value), (raw[:40], str(info.value))
    with pytest.raises(saves.SaveLoadError, match="not readable text"):
        saves.loads(b"\xff\xfe\x00garbage")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (saves.MAX_BYTES + 10))
    with pytest.raises(saves.SaveLoadError, match="too large"):
        saves.load_file(big)
    with pytest.raises(saves.SaveLoadError, match="no longer exists"):
        saves.load_file(tmp_path / "missing.json")
    with pytest.raises(saves.SaveLoadError, match="folder"):
        saves.load_file(tmp_path)


# -- the autosaver ----------------------------------------------------------------------------------
def test_autosaver_saves_after_every_action_and_keeps_a_backup():
    session = make_session(3, 4, ["human", "normal", "easy"])
    saver = saves.Autosaver(session).attach()
    path = storage.autosave_path()
    assert path.is_file() and saver.saves == 1
    assert saves.load_autosave().summary == saves.summarize(session)
    play(session, 5)
    assert saver.saves == 6
    same_session(session, saves.load_autosave().session)
    backup = saves.load_file(saves.backup_path())
    assert len(backup.session.state.history) == len(session.state.history) - 1
    assert saves.can_continue()
    saver.detach()
    play(session, 3)
    assert saver.saves == 6


def test_autosaver_failure_is_reported_not_raised(monkeypatch):
    session = make_session(3, 4, ["human", "normal", "easy"])
    errors = []
    saver = saves.Autosaver(session, on_error=errors.append).attach()
    play(session, 3)
    good = storage.autosave_path().read_text(encoding="utf-8")

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(storage.os, "fsync", full)
        play(session, 2)  # must not raise
    assert saver.last_error and "disk is full" in saver.last_error
    assert len(errors) == 2 and errors[0].startswith("The game could not be autosaved.")
    assert storage.autosave_path().read_text(encoding="utf-8") == good  # untouched
    assert not [p for p in storage.autosave_path().parent.iterdir() if p.suffix == ".tmp"]
    play(session, 1)
    assert saver.last_error is None
    same_session(session, saves.load_autosave().session)


def test_autosaver_in_a_read_only_folder(tmp_path):
    if os.name != "posix" or os.geteuid() == 0:
        pytest.skip("needs POSIX permissions and a non-root user")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        saver = saves.Autosaver(make_session(3, 1), folder / "autosave.json").attach()
        assert saver.last_error and "permission" in saver.last_error
    finally:
        folder.chmod(0o700)


def test_autosaver_marks_the_finished_game_over():
    session = make_session(3, 8, ["human", "normal", "normal"])
    saves.Autosaver(session).attach()
    play(session, 10_000)
    assert session.over
    info = saves.autosave_info()
    assert info.summary.over and not saves.can_continue()
    assert saves.load_autosave().session.over


def test_autosaver_coalesces_with_min_interval_and_flushes():
    now = [0.0]
    session = make_session(3, 2, ["easy", "normal", "normal"])  # no human: nothing forces a write
    saver = saves.Autosaver(session, min_interval=1.0, clock=lambda: now[0]).attach()
    play(session, 5)
    assert saver.saves == 1 and saver.dirty
    assert saver.flush() and saver.saves == 2 and not saver.dirty
    now[0] = 5.0
    play(session, 1)
    assert saver.saves == 3
    play(session, 1)
    assert saver.close() and saver.saves == 4 and not saver.attached


def test_autosaver_for_is_idempotent():
    session = make_session(3, 2)
    first = saves.autosaver_for(session)
    errors = []
    assert saves.autosaver_for(session, on_error=errors.append) is first
    assert first.on_error is not None
    play(session, 2)
    assert first.saves == 3


# -- writes interrupted at every step ------------------------------------------------------------
class Killed(BaseException):
    """The process dies here (not an OSError: nothing in the writer may catch it)."""


class _StepOS:
    """``os`` for game.persist.storage, dying at step ``k`` of write/flush/fsync/replace."""

    def __init__(self, k):
        self.k, self.count = k, 0

    def tick(self):
        self.count += 1
        if self.count == self.k:
            raise Killed(self.count)

    def __getattr__(self, name):
        return getattr(os, name)

    def fsync(self, fd):
        self.tick()
        return os.fsync(fd)

    def replace(self, a, b):
        self.tick()
        return os.replace(a, b)

    def fdopen(self, fd, *args, **kwargs):
        handle = os.fdopen(fd, *args, **kwargs)
        step = self

        class Wrapped:
            def __enter__(self):
                return self

            def __exit__(self, *exc):
                handle.close()

            def write(self, data):
                step.tick()
                return handle.write(data)

            def flush(self):
                step.tick()
                return handle.flush()

            def fileno(self):
                return handle.fileno()

        return Wrapped()


def test_kill_at_every_step_leaves_old_or_new_loadable(monkeypatch):
    session = play(make_session(4, 6, ["human", "normal", "hard", "easy"]), 50)
    texts = []
    for _ in range(3):  # the save before the old one (the old backup), the old one, the new one
        texts.append(saves.dumps(session))
        play(session, 1)
    histories = [saves.loads(t).session.state.history for t in texts]
    new_session = saves.loads(texts[2]).session
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    backup = saves.backup_path()
    k = 1
    while True:
        path.write_text(texts[1], encoding="utf-8")
        backup.write_text(texts[0], encoding="utf-8")
        monkeypatch.setattr(storage, "os", _StepOS(k))
        try:
            saves.write_save(path, new_session, keep_backup=True)
            completed = True
        except Killed:
            completed = False
        finally:
            monkeypatch.setattr(storage, "os", os)
        current = saves.load_file(path).session.state.history
        assert current in histories[1:], k
        assert saves.load_file(backup).session.state.history in histories[:2], k
        if completed:
            assert current == histories[2]
            assert saves.load_file(backup).session.state.history == histories[1]
            break
        k += 1
    # write, flush, fsync of the new file; flush/fsync of the backup copy, its replace; the final replace
    assert k >= 6


# -- named saves -------------------------------------------------------------------------------------
def test_named_saves_list_newest_first_and_delete():
    session = play(make_session(3, 1, ["human", "normal", "easy"]), 20)
    a = saves.save_named(session, "  Before   the ball ")
    play(session, 20)
    b = saves.save_named(session, "Après le bal!")
    assert a.name == "before-the-ball.json" and b.name == "apres-le-bal.json"
    # make a older than b whatever the clock resolution
    data = json.loads(a.read_text(encoding="utf-8"))
    data["saved_at"] = (datetime.now().astimezone() - timedelta(hours=1)).isoformat(timespec="seconds")
    a.write_text(json.dumps(data), encoding="utf-8")
    (saves.saves_dir() / "broken.json").write_text("{not json", encoding="utf-8")
    (saves.saves_dir() / ".autosave.json.x.tmp").write_text("junk", encoding="utf-8")
    infos = saves.list_saves()
    names = [i.name for i in infos]
    assert names[:2] == ["Après le bal!", "Before the ball"] or names.index("Après le bal!") < names.index(
        "Before the ball")
    broken = next(i for i in infos if i.path.name == "broken.json")
    assert broken.error and "damaged" in broken.error and broken.summary is None
    good = next(i for i in infos if i.name == "Before the ball")
    assert good.summary.players == tuple(session.state.names) and len(good.colours) == 3
    assert saves.load_file(b).name == "Après le bal!"
    saves.delete_save(a)
    assert "Before the ball" not in [i.name for i in saves.list_saves()]


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "bell\x07"])
def test_bad_save_names(name):
    with pytest.raises(ValueError):
        saves.clean_name(name)


def test_slug_of_names_without_ascii():
    assert saves.slug("伯爵") .startswith("save-")
    assert saves.slug("伯爵") != saves.slug("公爵")


def test_list_saves_without_folder():
    assert saves.list_saves() == []


def test_autosaver_on_a_read_only_disk(monkeypatch):
    session = make_session(3, 1, ["human", "normal", "easy"])
    saver = saves.Autosaver(session).attach()
    good = storage.autosave_path().read_bytes()

    def read_only(*_a, **_k):
        raise OSError(errno.EROFS, "Read-only file system")

    with monkeypatch.context() as patch:
        patch.setattr(storage.tempfile, "mkstemp", read_only)
        play(session, 1)
        assert not saver.close()
    assert "read-only" in saver.last_error
    assert storage.autosave_path().read_bytes() == good


def test_instant_speed_coalesces_computer_moves_but_saves_for_the_human():
    now = [0.0]
    session = make_session(3, 9, ["human", "normal", "normal"])
    session.set_speed("instant")
    saver = saves.Autosaver(session, clock=lambda: now[0]).attach()
    bots = [RandomPlayer(1), GreedyPlayer(2), GreedyPlayer(3)]
    bot_moves = 0
    for _ in range(400):
        if session.over:
            break
        seat = session.state.decider
        session.apply(bots[seat].choose(session.view(seat), session.legal()))
        if session.human_to_decide() or session.over:
            # whenever the human is to decide, the autosave is exactly the game
            assert not saver.dirty
            assert saves.load_autosave().session.state.history == session.state.history
        elif seat != 0:
            bot_moves += 1
    assert bot_moves > 20 and saver.saves < 400 // 2
    session.set_speed("normal")


@pytest.mark.parametrize("beside", [".review", ".bak"])
def test_deleting_a_save_with_a_folder_beside_it_deletes_the_save(beside):
    """Only the save's own files go: a folder where its review cache or backup would be is left alone."""
    path = saves.save_named(play(make_session(3, 1, ["human", "normal", "easy"]), 5), "Odd neighbours")
    folder = path.with_name(path.name + beside)
    folder.mkdir()
    saves.delete_save(path)
    assert not path.exists() and folder.is_dir()
    assert all(info.path != path for info in saves.list_saves())


def test_a_save_says_where_its_game_is_with_the_decade_as_the_board_writes_it():
    """The Load list and the default save name say "Decade II", as the table does (they said "Decade 2")."""
    assert saves.Summary(("Anne", "Bob", "Cy"), 2, 5, (3, 4, 5), False).where == "Decade II, round 5"
    assert saves.Summary(("Anne", "Bob", "Cy"), 3, 0, (3, 4, 5), False).where == "Decade III, start"


def test_the_replay_says_start_where_the_track_does():
    """The replay's heading (and the review's decisions) said "round 0" while the round marker stood on the start
    arrow."""
    from game.i18n import decade_and_round
    from tests.game import test_table_support as support
    from tests.game.gallery import GALLERY

    assert decade_and_round(1, 0) == "Decade I, start" and decade_and_round(2, 7) == "Decade II, round 7"
    app = support.make_app()
    try:
        scene = GALLERY["replay"](app)
        scene.go(0)
        assert "Decade I, start" in scene.where() and "round 0" not in scene.where()
    finally:
        support.end_app(app)
