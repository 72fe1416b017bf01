"""Where the computer players think, off the UI thread.

:class:`BotWorker` runs one ``choose(view, legal)`` of a computer player on a daemon thread. Hard searches for
about a second a turn; on a thread of the game's own process it would hold the interpreter lock while it
runs, and the UI thread would get the lock back only in turns of ``sys.getswitchinterval()`` (5 ms): a frame
would take up to twice its time. So the levels of :data:`OWN_PROCESS` think in a worker process of their
own (:class:`BotProcess`, started the "spawn" way on the first decision it gets): the player there is a
:class:`RemoteBot`, whose ``choose`` hands the process the seat's view and the legal actions (a few
kilobytes) and waits for the answer with the lock released. Closing the session ends the process, so a
search stops at once and nothing is left running. Where no process can be started, or one died, the same
player (its level and seed) decides on the thread instead, from then on.

The worker process imports only the engine and the bots (:func:`serve`), and runs at a lower priority where
the system has one, so that on a busy machine the window is served first.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from typing import Any

#: the levels that think in a worker process (the others decide in milliseconds)
OWN_PROCESS = frozenset({"hard"})
#: how much nicer than the game the worker process is (POSIX)
NICENESS = 5
#: seconds ``close`` waits for the ended worker process to be gone
REAP_SECONDS = 0.5


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
        # Thread.start() returns only once the UI thread has the interpreter lock again, and this thread would
        # keep it for up to a switch interval (5 ms) of deciding or of sending the view: hand it over at once
        time.sleep(0)
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


class ProcessGone(Exception):
    """The worker process cannot be asked: it could not be started, it died, or the session closed it."""


class BotFailed(Exception):
    """The computer player raised an error in the worker process (its text)."""


class BotProcess:
    """Computer players living in a worker process, one question at a time: ``players`` maps each seat to
    its bot spec and seed (``make_bot(spec, seed)`` builds it there)."""

    def __init__(self, players: dict[int, tuple[str, int]]) -> None:
        self.players = dict(players)
        self.broken = False  # a process could not be started or died: the players decide on threads
        self._asking = threading.Lock()  # one question at a time
        self._state = threading.Lock()  # guards the process and its connection against close
        self._process: Any = None
        self._conn: Any = None
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def alive(self) -> bool:
        process = self._process
        return process is not None and process.is_alive()

    def ask(self, seat: int, view: Any, legal: list) -> Any:
        """The answer of ``seat``'s player (on a worker thread: it waits for the process). Raises ProcessGone
        if the process cannot be asked, BotFailed if the player failed there."""
        with self._asking:
            conn = self._conn or self._start()
            try:
                conn.send((seat, view, legal))
                action, error = conn.recv()
            except (EOFError, OSError) as exc:
                raise ProcessGone(f"the computer players' process ended ({exc or type(exc).__name__})") from None
        if error is not None:
            raise BotFailed(error)
        return action

    def _start(self) -> Any:
        try:  # imported here: only a game with Hard players needs processes
            import multiprocessing

            context = multiprocessing.get_context("spawn")
            conn, theirs = context.Pipe()
            process = context.Process(target=serve, args=(theirs, self.players), name="noblemen-bots", daemon=True)
            with self._state:
                if self._closed:
                    raise ProcessGone("the session is closed")
                process.start()
                self._process, self._conn = process, conn
            theirs.close()  # the process holds its end: when it ends, ours reads the end of the stream
        except (ImportError, OSError, ValueError, RuntimeError) as exc:
            raise ProcessGone(f"no process for the computer players ({exc})") from None
        return conn

    def close(self) -> None:
        """End the process (a search under way stops at once); safe to call twice. A question waiting for
        its answer then raises ProcessGone on its thread."""
        with self._state:
            self._closed = True
            process, self._process, self._conn = self._process, None, None
        if process is not None:
            with contextlib.suppress(OSError, ValueError):
                process.kill()
                process.join(REAP_SECONDS)


class RemoteBot:
    """A computer player living in a :class:`BotProcess` (the bot protocol: ``choose(view, legal)``, called on
    a worker thread). If the process cannot be asked (and the session is not closed), a player of the same
    spec and seed decides here instead, from then on."""

    def __init__(self, host: BotProcess, seat: int, spec: str, seed: int) -> None:
        self.host, self.seat, self.spec, self.seed = host, seat, spec, seed
        self.name = spec.split(":")[0]
        self.last_seconds = 0.0
        self._local: Any = None

    def choose(self, view: Any, legal: list) -> Any:
        if not self.host.broken:
            try:
                return self.host.ask(self.seat, view, legal)
            except ProcessGone as exc:
                if self.host.closed:
                    raise
                self.host.broken = True
                print(f"noblemen: {exc}; the computer players think in the game's process", file=sys.stderr)
        if self._local is None:
            from rules.bots import make_bot

            self._local = make_bot(self.spec, self.seed)
        return self._local.choose(view, legal)


def players_for(bots: dict[int, tuple[str, str, int]]) -> tuple[dict[int, Any], BotProcess | None]:
    """The computer players of a session: ``bots`` maps each seat to (level, spec, seed). Those of the levels
    in :data:`OWN_PROCESS` live in one worker process (returned, to be closed with the session)."""
    from rules.bots import make_bot

    remote = {seat: (spec, seed) for seat, (level, spec, seed) in bots.items() if level in OWN_PROCESS}
    host = BotProcess(remote) if remote else None
    players: dict[int, Any] = {}
    for seat, (_level, spec, seed) in bots.items():
        players[seat] = RemoteBot(host, seat, spec, seed) if host is not None and seat in remote else \
            make_bot(spec, seed)
    return players, host


def serve(conn: Any, players: dict[int, tuple[str, int]]) -> None:
    """The worker process: build the players, then answer each (seat, view, legal) with (action, error text)
    until the connection closes."""
    import signal

    from rules.bots import make_bot

    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in the terminal is the game's to handle
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(NICENESS)
    bots = {seat: make_bot(spec, seed) for seat, (spec, seed) in players.items()}
    while True:
        try:
            question = conn.recv()
        except (EOFError, OSError):
            return
        seat, view, legal = question
        try:
            answer = (bots[seat].choose(view, legal), None)
        except Exception as exc:  # the game falls back to a legal action and says why
            answer = (None, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except OSError:
            return
