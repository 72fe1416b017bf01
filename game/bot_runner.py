"""Computer players for the GUI: one factory, and a worker that thinks off the UI thread.

``make_player(kind, seed)`` checks the kind against the seat kinds the game offers and builds the bot
with ``rules.bots.make_bot``.

``BotWorker`` runs ``bot.choose(view, legal)`` on a daemon thread. The UI thread polls
:meth:`BotWorker.result`; a worker can be abandoned at any time (the thread is a daemon and its answer
is simply discarded), so closing the window while a bot thinks never hangs.
"""

from __future__ import annotations

import threading
import time
from typing import Any

BOT_KINDS: tuple[str, ...] = ("easy", "normal", "hard", "random", "greedy")


def make_player(kind: str, seed: int, budget: float | None = None) -> Any:
    """A computer player of level ``kind`` with the protocol ``choose(view, legal) -> action``."""
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown computer player {kind!r}; choose one of {', '.join(BOT_KINDS)}")
    from rules.bots import make_bot

    return make_bot(kind, seed, budget)


class BotWorker:
    """One decision being thought about on a daemon thread.

    ``token`` identifies the state the decision belongs to: the session discards a result whose token
    no longer matches (the state moved on: undo, load, close).
    """

    def __init__(self, bot: Any, view: Any, legal: list, token: int) -> None:
        self.token = token
        self.seat = view.seat
        self.started = time.monotonic()
        self._bot = bot
        self._view = view
        self._legal = list(legal)
        self._done = threading.Event()
        self._action: Any = None
        self._error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name=f"noblemen-bot-{self.seat}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self._action = self._bot.choose(self._view, self._legal)
        except BaseException as exc:  # reported to the UI thread, which falls back to a legal action
            self._error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float) -> bool:
        return self._done.wait(timeout)

    def result(self) -> tuple[Any, BaseException | None]:
        """(action, error) once done; the action is None if the bot failed."""
        return self._action, self._error
