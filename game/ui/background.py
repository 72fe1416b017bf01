"""Long work off the UI thread (a hint, a game's review): one function on a daemon thread, its progress, its
result or error, and a cancel that the function asks about between steps.

    job = Job(lambda progress, cancelled: review_game(..., progress=progress, cancelled=cancelled))
    ...each frame: job.fraction, job.done, job.result()

The thread is a daemon: closing the window never waits for it. A cancelled job's result is never used.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

Work = Callable[[Callable[[int, int], None], Callable[[], bool]], Any]


class Job:
    """``work(progress, cancelled)`` running on a daemon thread."""

    def __init__(self, work: Work, *, name: str = "noblemen-job", stop: Callable[[], bool] | None = None) -> None:
        self._work = work
        self._stop = stop  # another reason to stop (the turn moved on, the session closed)
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._result: Any = None
        self.error: BaseException | None = None
        self.done_steps = 0
        self.total_steps = 0
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self._result = self._work(self._progress, self.cancelled)
        except BaseException as exc:  # reported to the UI thread
            self.error = exc
        finally:
            self._done.set()

    def _progress(self, done: int, total: int) -> None:
        self.done_steps, self.total_steps = done, total

    def cancelled(self) -> bool:
        """Asked by the work between its steps."""
        return self._cancel.is_set() or (self._stop is not None and self._stop())

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def fraction(self) -> float:
        """How much of the work is done, 0 to 1."""
        return min(1.0, self.done_steps / self.total_steps) if self.total_steps else 0.0

    def wait(self, timeout: float) -> bool:
        return self._done.wait(timeout)

    def result(self) -> Any:
        """The work's answer once done and not cancelled (None otherwise, or if it failed)."""
        if not self.done or self.cancelled() or self.error is not None:
            return None
        return self._result
