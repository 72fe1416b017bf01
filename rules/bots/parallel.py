"""Root parallelism for Hard's search (``hard:workers=N``, an experiment the game does not use): the
sampled worlds of each round are played on worker processes too.

The worlds of a search are independent (each is a determinization of the same view, and every candidate is
played on it), so a round of several worlds can be shared: the searching thread plays the first share and
each worker process another, and the results are the same as alone. Python threads would not help (the
playouts hold the interpreter), hence processes, started the "spawn" way. One pool serves every Hard player
of the program and is started on first use (the interpreter stops it at exit); if processes cannot be
started or a worker dies, the search carries on alone and the pool is not tried again. On the project's
2-core machine it did not play more worlds a second than one process (``make bench`` prints both), so Hard
thinks on one core by default.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

    from rules import actions as A
    from rules.bots.search import Playouts
    from rules.state import GameState

MOST_WORKERS = 3  # beyond 4 worlds a round the search gains little (a turn races some 8 worlds per kind)

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_broken = False


def default_workers() -> int:
    """Worker processes a machine has room for: one fewer than the cores."""
    return max(0, min(MOST_WORKERS, (os.cpu_count() or 1) - 1))


def score_worlds(playing: Playouts, worlds: list[GameState], lines: list[list[A.Action]],
                 workers: int) -> list[list[float]]:
    """Every line's result on every world (in order): the first share of the worlds here, the other shares on
    workers when there are any, else here too. The results are the same either way."""
    pool = _get_pool(workers) if workers and len(worlds) > 1 else None
    shares = _shares(worlds, 1 + workers) if pool is not None else [worlds]
    futures: list[Future] = []
    if pool is not None:
        try:
            futures = [pool.submit(playing.scores_of, share, lines) for share in shares[1:]]
        except RuntimeError:  # the pool was shut down or broke
            _give_up()
    out = playing.scores_of(shares[0], lines)
    for i, share in enumerate(shares[1:]):
        done = _collect(futures[i]) if i < len(futures) else None
        out.extend(done if done is not None else playing.scores_of(share, lines))
    return out


def _shares(worlds: list[GameState], parts: int) -> list[list[GameState]]:
    """``worlds`` in ``parts`` consecutive runs as even as can be (the first the longest)."""
    size, extra = divmod(len(worlds), parts)
    out, start = [], 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        if end > start:
            out.append(worlds[start:end])
        start = end
    return out


def _collect(future: Future) -> list[list[float]] | None:
    try:
        return future.result()
    except Exception:  # a worker died (BrokenProcessPool) or could not run: play that world here instead
        _give_up()
        return None


def _get_pool(workers: int) -> ProcessPoolExecutor | None:
    global _pool
    with _lock:
        if _broken:
            return None
        if _pool is None:
            try:  # imported here: the installed game leaves process pools out (PyInstaller spec)
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                _pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
            except (ImportError, OSError, ValueError):
                _give_up_locked()
        return _pool


def _give_up() -> None:
    with _lock:
        _give_up_locked()


def _give_up_locked() -> None:
    global _pool, _broken
    _broken = True
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None

