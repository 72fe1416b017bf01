"""The files the command line reads and writes: only regular files (or, to write, a name not taken yet).

Opening a pipe blocks until someone is at its other end, a device never ends, a folder cannot be written:
each is refused with one clear line instead. The kind is checked before opening, and the file is opened
non-blocking where the platform can (a second guard, should the name be swapped meanwhile) and checked
again once open.
"""

from __future__ import annotations

import contextlib
import os
import stat
from typing import IO

_NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class NotAFileError(OSError):
    """The name is taken by something other than a regular file; ``str()`` says what."""


def _check(name: str, mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise NotAFileError(f"{name} is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise NotAFileError(f"{name} is not a regular file")


def _opened(name: str, fd: int) -> int:
    """``fd`` once it is known to be a regular file's (closed otherwise)."""
    try:
        _check(name, os.fstat(fd).st_mode)
    except OSError:
        os.close(fd)
        raise
    return fd


def open_to_read(name: str) -> IO[bytes]:
    """``name`` opened to read in binary; OSError (NotAFileError for a pipe, a device or a folder) otherwise."""
    _check(name, os.stat(name).st_mode)
    return open(_opened(name, os.open(name, os.O_RDONLY | _NONBLOCK)), "rb")  # noqa: SIM115 - the caller closes it


def open_to_write(name: str) -> IO[str]:
    """``name`` opened to write text (created, or emptied if it is a regular file); OSError otherwise."""
    with contextlib.suppress(FileNotFoundError):
        _check(name, os.stat(name).st_mode)
    fd = _opened(name, os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NONBLOCK, 0o666))
    return open(fd, "w", encoding="utf-8", newline="\n")  # noqa: SIM115 - the caller closes it (\n on every system)
