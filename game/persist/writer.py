"""Files written off the UI thread: the autosave's fsyncs and renames never stall a frame.

A :class:`BackgroundWriter` writes with :func:`game.persist.storage.atomic_write_text` on a thread of its
own, so every guarantee of that function holds (a whole file or the previous one, never a mix). The UI
thread hands over a function making the text (from an immutable snapshot: the slow serialising runs on the
writer too); a write of the same file still waiting is replaced by the newer one, so the newest state
wins and a burst of moves costs one write. The outcome of each write, failed or not, is collected by the
UI thread with :meth:`BackgroundWriter.outcomes`; :meth:`BackgroundWriter.wait` blocks until everything
handed over is on disk (the game waits so when it closes).

The thread starts with the first write and lives until :meth:`BackgroundWriter.stop` (the autosaver stops
it when it closes); it is a daemon, so a writer nobody stopped never keeps the program alive.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from game.persist import storage


@attrs.frozen
class Outcome:
    """One finished write: ``error`` is a message fit to show (None when the file was written)."""

    path: Path
    error: str | None
    seconds: float  # making the text and writing it


def write(path: Path, make_text: Callable[[], str], keep_backup: bool) -> Outcome:
    """Make the text and write it atomically, now, on this thread; never raises."""
    start = time.perf_counter()
    try:
        storage.atomic_write_text(path, make_text(), keep_backup=keep_backup)
    except Exception as exc:  # StorageError above all; whatever it is, the game goes on and says so
        message = str(exc) if isinstance(exc, OSError) else f"{type(exc).__name__}: {exc}"
        return Outcome(path, message, time.perf_counter() - start)
    return Outcome(path, None, time.perf_counter() - start)


class BackgroundWriter:
    """Writes files on a thread of its own; for each file the newest text handed over wins."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._waiting: dict[Path, tuple[Callable[[], str], bool]] = {}
        self._outcomes: list[Outcome] = []
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._idle = threading.Event()
        self._idle.set()

    def submit(self, path: Path, make_text: Callable[[], str], *, keep_backup: bool = False) -> None:
        """Write ``make_text()`` to ``path`` soon, replacing a write of ``path`` that has not started."""
        with self._lock:
            self._waiting[path] = (make_text, keep_backup)
            self._idle.clear()
            self._stopping = False
            if self._thread is None:  # started once, then kept: starting a thread can take milliseconds
                self._thread = threading.Thread(target=self._run, name="noblemen-writer", daemon=True)
                self._thread.start()
            self._lock.notify()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._waiting:
                    self._idle.set()
                    if self._stopping:
                        self._thread = None
                        return
                    self._lock.wait()
                path = next(iter(self._waiting))
                make_text, keep_backup = self._waiting.pop(path)
            outcome = write(path, make_text, keep_backup)
            with self._lock:
                self._outcomes.append(outcome)

    def stop(self) -> None:
        """Let the thread end once the writes handed over are done (a later submit starts it again)."""
        with self._lock:
            self._stopping = True
            self._lock.notify()

    def outcomes(self) -> list[Outcome]:
        """The writes finished since the last call, oldest first."""
        with self._lock:
            done, self._outcomes = self._outcomes, []
        return done

    @property
    def busy(self) -> bool:
        return not self._idle.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every write handed over is finished; False if ``timeout`` seconds passed first."""
        return self._idle.wait(timeout)
