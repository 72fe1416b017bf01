"""Atomic writes: an interrupted write never damages the existing file."""

from __future__ import annotations

import json
import os
import stat
import sys

import pytest

from game.persist import storage
from game.persist.storage import StorageError, atomic_write_text, data_dir

OLD = json.dumps({"version": 1, "value": "old"})
NEW = json.dumps({"version": 1, "value": "new"})


def test_write_and_overwrite(tmp_path):
    target = tmp_path / "save.json"
    atomic_write_text(target, OLD)
    atomic_write_text(target, NEW)
    assert json.loads(target.read_text())["value"] == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temp files left


def test_creates_missing_folder(tmp_path):
    target = tmp_path / "a" / "b" / "save.json"
    atomic_write_text(target, OLD)
    assert target.read_text() == OLD


def test_keep_backup(tmp_path):
    target = tmp_path / "save.json"
    atomic_write_text(target, OLD, keep_backup=True)
    assert not (tmp_path / "save.json.bak").exists()
    atomic_write_text(target, NEW, keep_backup=True)
    assert target.read_text() == NEW
    assert (tmp_path / "save.json.bak").read_text() == OLD


def _fail(*args, **kwargs):
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("step", ["write", "fsync", "replace", "mkstemp", "fdopen"])
@pytest.mark.parametrize("keep_backup", [False, True])
def test_interrupted_write_keeps_old_file(tmp_path, monkeypatch, step, keep_backup):
    target = tmp_path / "save.json"
    atomic_write_text(target, OLD)
    with monkeypatch.context() as m:
        _interrupt(m, step, target, keep_backup)
    assert json.loads(target.read_text())["value"] == "old"
    leftovers = {p.name for p in tmp_path.iterdir()} - {"save.json", "save.json.bak"}
    assert leftovers == set()
    if keep_backup and (tmp_path / "save.json.bak").exists():
        assert json.loads((tmp_path / "save.json.bak").read_text())["value"] == "old"


def _interrupt(monkeypatch, step, target, keep_backup):
    if step == "write":
        real_fdopen = os.fdopen

        class FailingHandle:
            def __init__(self, handle):
                self.handle = handle

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()

            def write(self, data):
                self.handle.write(data[: len(data) // 2])  # a torn write, then the disk fills
                _fail()

            def __getattr__(self, name):
                return getattr(self.handle, name)

        monkeypatch.setattr(storage.os, "fdopen", lambda fd, mode: FailingHandle(real_fdopen(fd, mode)))
    elif step == "mkstemp":
        monkeypatch.setattr(storage.tempfile, "mkstemp", _fail)
    else:
        monkeypatch.setattr(storage.os, step, _fail)
    with pytest.raises(StorageError) as info:
        atomic_write_text(target, NEW, keep_backup=keep_backup)
    assert "disk is full" in str(info.value)
    assert isinstance(info.value, OSError)


def test_directory_fsync_failure_is_harmless(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    real_fsync = os.fsync
    calls = []

    def fsync(fd):
        calls.append(fd)
        if len(calls) > 1:  # the directory fsync
            raise OSError(22, "Invalid argument")
        real_fsync(fd)

    with monkeypatch.context() as m:
        m.setattr(storage.os, "fsync", fsync)
        atomic_write_text(target, NEW)
    assert target.read_text() == NEW


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_read_only_folder_raises_storage_error(tmp_path):
    if os.geteuid() == 0:
        # root ignores permission bits; simulate the kernel's answer instead
        pytest.skip("running as root: covered by test_read_only_simulated")
    folder = tmp_path / "ro"
    folder.mkdir()
    target = folder / "save.json"
    target.write_text(OLD)
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        with pytest.raises(StorageError, match="permission was denied"):
            atomic_write_text(target, NEW)
        assert target.read_text() == OLD
    finally:
        folder.chmod(stat.S_IRWXU)


def test_read_only_simulated(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    atomic_write_text(target, OLD)

    def read_only(*args, **kwargs):
        raise OSError(30, "Read-only file system")

    with monkeypatch.context() as m:
        m.setattr(storage.tempfile, "mkstemp", read_only)
        with pytest.raises(StorageError, match="read-only"):
            atomic_write_text(target, NEW)
    assert target.read_text() == OLD


def test_read_text_errors(tmp_path):
    with pytest.raises(StorageError, match="does not exist"):
        storage.read_text(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe\x00garbage\xff")
    with pytest.raises(StorageError, match="damaged"):
        storage.read_text(bad)


def test_data_dir_override(tmp_path, monkeypatch):
    monkeypatch.setenv("NOBLEMEN_DATA_DIR", str(tmp_path / "d"))
    assert data_dir() == tmp_path / "d"
    assert storage.autosave_path() == tmp_path / "d" / "autosave.json"
    with monkeypatch.context() as m:
        m.delenv("NOBLEMEN_DATA_DIR")
        assert "Noblemen" in str(data_dir())


def test_folder_that_is_a_file_raises_storage_error(tmp_path):
    blocker = tmp_path / "notadir"
    blocker.write_text("I am a file")
    with pytest.raises(StorageError):
        atomic_write_text(blocker / "save.json", NEW)
    assert blocker.read_text() == "I am a file"


# -- tidying after a crash ----------------------------------------------------------------------------------
def test_temp_files_of_cut_short_writes_are_removed_and_nothing_else(tmp_path):
    data, saves_folder, config = tmp_path / "d", tmp_path / "d" / "saves", tmp_path / "c"
    for folder in (data, saves_folder, config):
        folder.mkdir(parents=True, exist_ok=True)
    temps = [data / ".autosave.json.k2j4h1.tmp", data / ".autosave.json.bak.x9z.tmp",
             saves_folder / ".before-the-ball.json.a1b2.tmp", config / ".settings.json.qq.tmp"]
    keep = [data / "autosave.json", data / "autosave.json.bak", saves_folder / "before-the-ball.json",
            config / "settings.json", data / "notes.tmp", data / ".hidden.txt", data / "autosave.json.tmp"]
    for path in temps + keep:
        path.write_text("{}", encoding="utf-8")
    assert sorted(storage.remove_temp_files(data, saves_folder, config, tmp_path / "missing")) == sorted(temps)
    assert all(p.exists() for p in keep) and not any(p.exists() for p in temps)


@pytest.mark.skipif(os.name != "posix", reason="kills itself with SIGKILL")
def test_a_write_killed_midway_is_tidied_at_the_next_start(_isolated_dirs):
    import subprocess
    import sys

    _config, data = _isolated_dirs
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    killer = ("import os, signal\n"
              "from game.persist import storage\n"
              "storage.atomic_write_text(storage.autosave_path(), '{\"good\": 1}')\n"
              "storage.os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"
              "storage.atomic_write_text(storage.autosave_path(), '{\"newer\": 2}', keep_backup=True)\n")
    done = subprocess.run([sys.executable, "-c", killer], env=env, timeout=60)
    assert done.returncode == -9
    left = list(data.glob(".autosave.json.*.tmp"))
    assert left  # the kill left the new text in a temporary file
    assert (data / "autosave.json").read_text(encoding="utf-8") == '{"good": 1}'
    done = subprocess.run([sys.executable, "-m", "game", "--frames", "1"], env=env, timeout=120,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert not list(data.glob(".autosave.json*.tmp"))
    assert (data / "autosave.json").read_text(encoding="utf-8") == '{"good": 1}'
