"""Safe file storage: atomic writes and the per-user data and config folders.

``atomic_write_text`` never leaves a half-written file behind: the text goes to
a temporary file in the same folder, is flushed and fsynced, and only then
replaces the target with ``os.replace`` (atomic on POSIX and Windows).  If any
step fails the previous file is untouched and a :class:`StorageError` with a
friendly message is raised.

Windows refuses to replace or delete a file that another program holds open
(an antivirus scan, the search indexer, a backup tool, the game's own reader a
moment ago): :func:`retry_locked` tries such a step again for about a second
before the error is shown.  Files are written as the bytes of their UTF-8 text,
so every system writes the same line endings (``\n``).

Every file the game reads is opened with :func:`open_regular` and every target checked with
:func:`check_target`: only a regular file (or, to write, a name not taken yet) is used; a pipe would block
the game for ever, a device never ends, a folder cannot be replaced.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, TypeVar

import platformdirs

from game.i18n import N_, _

APP_NAME = "Noblemen"
DATA_ENV = "NOBLEMEN_DATA_DIR"
CONFIG_ENV = "NOBLEMEN_CONFIG_DIR"
#: Windows, where an open file cannot be replaced or deleted (POSIX systems allow both)
WINDOWS = os.name == "nt"
#: the pauses (seconds) between the tries of a step that Windows refused because the file was open
LOCKED_PAUSES = (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4)

T = TypeVar("T")


class StorageError(OSError):
    """A file could not be written or read.  ``str()`` is fit to show a player."""

    def __init__(self, message: str, path: os.PathLike[str] | str | None = None,
                 cause: BaseException | None = None) -> None:
        err = getattr(cause, "errno", None)
        super().__init__(err, message)
        self.message = message
        self.path = None if path is None else Path(path)
        self.cause = cause

    def __str__(self) -> str:
        return self.message


class NotRegularFileError(OSError):
    """A path names something other than a regular file (a pipe, a device, a socket, a folder)."""

    def __init__(self, path: os.PathLike[str] | str, mode: int) -> None:
        super().__init__(errno.EISDIR if stat.S_ISDIR(mode) else None,
                         "it is a folder" if stat.S_ISDIR(mode) else "it is not a regular file", str(path))
        self.folder = stat.S_ISDIR(mode)


def _refuse_irregular(path: os.PathLike[str] | str, mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise NotRegularFileError(path, mode)


def open_regular(path: os.PathLike[str] | str) -> BinaryIO:
    """Open ``path`` for reading in binary if it is a regular file (a link to one counts); raises OSError
    (:class:`NotRegularFileError` for anything else).

    The kind is checked before opening, because opening a pipe blocks until someone writes to it; the file
    is opened non-blocking where the platform can (a second guard should it be swapped meanwhile) and
    checked again once open.
    """
    _refuse_irregular(path, os.stat(path).st_mode)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        _refuse_irregular(path, os.fstat(fd).st_mode)
    except OSError:
        os.close(fd)
        raise
    return open(fd, "rb")  # noqa: SIM115 - the caller closes it


def check_target(path: os.PathLike[str] | str) -> None:
    """Raise :class:`NotRegularFileError` if ``path`` exists and is not a regular file (nothing may be
    written there); a name not taken yet, or a dangling link, is fine."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return
    _refuse_irregular(path, mode)


#: what could not be done to a file, one whole sentence each (the file, its folder and the reason go in)
ACTIONS = {
    "folder": N_("Could not create the folder for {file} in {folder}: {reason}."),
    "save": N_("Could not save {file} in {folder}: {reason}."),
    "read": N_("Could not read {file} in {folder}: {reason}."),
}


def _friendly(action: str, path: Path, exc: BaseException) -> str:
    code = getattr(exc, "errno", None)
    if code == errno.ENOSPC:
        why = _("the disk is full")
    elif code in (errno.EACCES, errno.EPERM) and WINDOWS:  # Windows says so of an open file too
        why = _("permission was denied, or another program has the file open")
    elif code in (errno.EACCES, errno.EPERM):
        why = _("permission was denied")
    elif code == errno.EROFS:
        why = _("the disk is read-only")
    elif isinstance(exc, NotRegularFileError):
        why = _("it is a folder") if exc.folder else _("it is not a regular file")
    elif code == errno.EISDIR:
        why = _("it is a folder")
    elif code == errno.ENOENT:
        why = _("the folder does not exist")
    else:
        why = str(exc) or type(exc).__name__
    return _(ACTIONS[action]).format(file=path.name, folder=path.parent, reason=why)


def data_dir() -> Path:
    """Where saves live (``NOBLEMEN_DATA_DIR`` overrides). Not created here."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """Where settings live (``NOBLEMEN_CONFIG_DIR`` overrides). Not created here."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def retry_locked(step: Callable[[], T]) -> T:
    """``step()``; on Windows tried again for about a second while it raises PermissionError (the file is
    open in another program for a moment), then the last error is raised."""
    for pause in LOCKED_PAUSES if WINDOWS else ():
        try:
            return step()
        except PermissionError:
            time.sleep(pause)
    return step()


def _fsync_dir(folder: Path) -> None:
    """fsync a directory so the rename itself is durable (POSIX only)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on directories; the data is safe anyway
    finally:
        os.close(fd)


def atomic_write_text(path: os.PathLike[str] | str, text: str, *, keep_backup: bool = False,
                      encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` atomically; return the path.

    With ``keep_backup=True`` the previous file (if any) is kept as
    ``<name>.bak`` (written before the target is replaced, so at every
    moment at least one good copy exists).
    Raises :class:`StorageError`; the existing file is never corrupted.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(_friendly("folder", target, exc), target, exc) from exc
    data = text.encode(encoding)
    tmp_name: str | None = None
    try:
        check_target(target)
        fd, made = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
        tmp_name = made
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_backup and target.exists():
            backup = target.with_name(target.name + ".bak")
            _copy_atomic(target, backup)
        retry_locked(lambda: os.replace(made, target))
        tmp_name = None
    except StorageError:
        raise
    except OSError as exc:
        raise StorageError(_friendly("save", target, exc), target, exc) from exc
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
    _fsync_dir(folder)
    return target


def _copy_atomic(source: Path, dest: Path) -> None:
    """Copy ``source`` to ``dest`` through a temporary file (used for backups)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent)
    try:
        with os.fdopen(fd, "wb") as out, open_regular(source) as src:
            shutil.copyfileobj(src, out)
            out.flush()
            os.fsync(out.fileno())
        retry_locked(lambda: os.replace(tmp, dest))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_text(path: os.PathLike[str] | str, *, encoding: str = "utf-8", limit: int | None = None) -> str:
    """Read a text file, raising :class:`StorageError` with a friendly message.

    With ``limit``, a file of more than ``limit`` bytes is refused without reading it all.
    """
    target = Path(path)
    try:
        with open_regular(target) as handle:
            data = handle.read(-1 if limit is None else limit + 1)
    except OSError as exc:
        raise StorageError(_friendly("read", target, exc), target, exc) from exc
    if limit is not None and len(data) > limit:
        raise StorageError(_("{file} is larger than {size} KiB.").format(file=target.name, size=limit // 1024), target)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise StorageError(_("{file} is not a text file (it may be damaged).").format(file=target.name), target,
                           exc) from exc


#: what a write cut short leaves behind: the first step of ``atomic_write_text`` (``.<name>.<random>.tmp``)
TEMP_FILES = ".*.json*.tmp"


def remove_temp_files(*folders: Path) -> list[Path]:
    """Remove the temporary files of writes that a crash or a kill cut short; returns what was removed.

    Called at start-up. Such a file is never the only copy of anything (the target is replaced only
    after the temporary file is complete). A second copy of the game writing at this very moment
    would see one write fail, say so, and succeed on the next move.
    """
    removed = []
    for folder in folders:
        try:
            found = [p for p in folder.glob(TEMP_FILES) if p.is_file()]
        except OSError:
            continue
        for path in found:
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path)
    return removed


def autosave_path() -> Path:
    """The autosave the title menu's Continue looks for."""
    return data_dir() / "autosave.json"
