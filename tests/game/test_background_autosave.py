"""The autosave written off the UI thread: the frame never waits for the disk, the newest state wins, a failed
write is reported, and closing waits for the last write."""

from __future__ import annotations

import errno
import threading
import time

from game.persist import saves, storage
from game.persist.writer import BackgroundWriter
from game.shell.shutdown import quit_pygame
from tests.game.test_saves import make_session, play, same_session


def _slow_disk(monkeypatch, seconds: float) -> list[float]:
    """Every fsync takes ``seconds``; returns the list of the moments they happened."""
    real, moments = storage.os.fsync, []

    def slow(fd):
        time.sleep(seconds)
        moments.append(time.monotonic())
        return real(fd)

    monkeypatch.setattr(storage.os, "fsync", slow)
    return moments


def test_the_ui_thread_only_copies_the_game(monkeypatch):
    """No write reaches the disk from the UI thread: six moves are handed over while the disk has answered none."""
    disk, real, writers = threading.Event(), storage.os.fsync, []

    def held(fd):
        writers.append(threading.current_thread())
        disk.wait(10)  # the disk answers when the test says so
        return real(fd)

    monkeypatch.setattr(storage.os, "fsync", held)
    session = make_session(3, 4, ["human", "normal", "easy"])
    play(session, 40)
    saver = saves.Autosaver(session, background=True)
    saver.attach()
    play(session, 5)
    assert saver.saves == 0  # six writes handed over, none waited for
    disk.set()
    assert saver.wait()
    same_session(session, saves.load_autosave().session)
    assert saver.saves >= 1 and writers and threading.main_thread() not in writers


def test_the_newest_state_wins_and_a_burst_is_one_write(monkeypatch):
    gate = threading.Event()
    real = storage.atomic_write_text
    written = []

    def gated(path, text, **kwargs):
        gate.wait(5)
        written.append(text)
        return real(path, text, **kwargs)

    monkeypatch.setattr(storage, "atomic_write_text", gated)
    session = make_session(3, 5, ["human", "normal", "easy"])
    saver = saves.Autosaver(session, background=True).attach()  # the first write waits at the gate
    play(session, 30)
    gate.set()
    assert saver.wait()
    assert len(written) <= 3 < 31  # the one under way, then only the newest of the thirty
    same_session(session, saves.load_autosave().session)
    assert saver.close()


def test_a_failed_write_is_reported_and_the_next_one_retries(monkeypatch):
    session = make_session(3, 6, ["human", "normal", "easy"])
    errors: list[str] = []
    saver = saves.Autosaver(session, on_error=errors.append, background=True).attach()
    play(session, 2)
    assert saver.wait() and not errors
    good = storage.autosave_path().read_bytes()

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(storage.os, "fsync", full)
        play(session, 1)
        assert not saver.wait()
    assert errors and errors[-1].startswith("The game could not be autosaved.") and "disk is full" in errors[-1]
    assert saver.last_error and saver.dirty  # the disk is behind the game
    assert storage.autosave_path().read_bytes() == good
    assert not list(storage.autosave_path().parent.glob("*.tmp"))
    assert saver.close()  # closing writes what the failure left pending
    assert saver.last_error is None
    same_session(session, saves.load_autosave().session)


def test_closing_waits_for_the_last_write(monkeypatch):
    _slow_disk(monkeypatch, 0.15)
    session = make_session(3, 7, ["human", "normal", "easy"])
    saver = saves.Autosaver(session, background=True).attach()
    play(session, 12)
    assert saver.close()  # no wait() first: close itself waits
    same_session(session, saves.load_autosave().session)
    assert not saver.writer.busy


def test_the_writer_thread_ends_when_stopped_and_starts_again(tmp_path):
    writer = BackgroundWriter()
    for i in range(5):
        writer.submit(tmp_path / "a.json", lambda i=i: f'{{"n": {i}}}')
    writer.stop()  # the writes handed over are still done
    assert writer.wait(5)
    outcomes = writer.outcomes()
    assert outcomes and all(o.error is None for o in outcomes) and writer.outcomes() == []
    assert (tmp_path / "a.json").read_text(encoding="utf-8") == '{"n": 4}'
    deadline = time.monotonic() + 5
    while writer._thread is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert writer._thread is None and not writer.busy
    writer.submit(tmp_path / "a.json", lambda: '{"n": 5}')
    assert writer.wait(5) and (tmp_path / "a.json").read_text(encoding="utf-8") == '{"n": 5}'
    writer.stop()


def test_a_text_that_cannot_be_made_is_a_reported_failure(tmp_path):
    writer = BackgroundWriter()
    writer.submit(tmp_path / "a.json", lambda: 1 / 0)
    assert writer.wait(5)
    (outcome,) = writer.outcomes()
    assert outcome.error.startswith("ZeroDivisionError") and not (tmp_path / "a.json").exists()


def test_the_table_shows_a_failed_background_write(monkeypatch):
    from game.persist.settings import Settings
    from game.scenes.table import TableScene
    from game.shell.app import App, build_parser

    app = App(build_parser().parse_args(["--size", "1280x720"]), settings=Settings(), persist_settings=False)
    app.running = True
    try:
        session = make_session(3, 8, ["human", "normal", "normal"])
        table = TableScene(app.ctx, session)
        table.interludes = False
        app.stack.push(table)
        app.step(1 / 60)
        assert table._autosaver.writer is not None and table._autosaver.wait()

        def read_only(*_a, **_k):
            raise OSError(errno.EROFS, "Read-only file system")

        monkeypatch.setattr(storage.tempfile, "mkstemp", read_only)
        table._autosaver.save_now()
        deadline = time.monotonic() + 5
        while not table.toast.visible and time.monotonic() < deadline:
            app.step(1 / 60)
        assert table.toast.visible and "could not be autosaved" in table.toast.message
    finally:
        monkeypatch.undo()
        app.stack.clear()
        quit_pygame()
