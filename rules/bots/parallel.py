"""Root parallelism for Hard's search: the sampled worlds of each round are played on worker processes too.

The worlds of a search are independent (each is a determinization of the same view, and every candidate is
played on it), so a round of several worlds can be shared: the searching thread plays one and each worker
process another. Python threads would not help (the playouts hold the interpreter), hence processes, started
the "spawn" way, which works the same on Windows, macOS and Linux and in the installed game (game/__main__.py
calls ``freeze_support``). One pool serves every Hard player of the program and is started on first use (the
interpreter stops it at exit); if processes cannot be started or a worker dies, the search carries on alone and
the pool is not tried again.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules import actions as A
    from rules.bots.search import Playouts
    from rules.state import GameState

MOST_WORKERS = 3  # beyond 4 worlds a round the search gains little (a turn races some 8 worlds per kind)

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_broken = False


def default_workers() -> int:
    """Worker processes for a search against the clock: one fewer than the cores (the table needs one)."""
    return max(0, min(MOST_WORKERS, (os.cpu_count() or 1) - 1))


def score_worlds(playing: Playouts, worlds: list[GameState], lines: list[list[A.Action]],
                 workers: int) -> list[list[float]]:
    """Every line's result on every world (in order): the first world here, the others on workers when there
    are any, else here too. The results are the same either way."""
    pool = _get_pool(workers) if workers and len(worlds) > 1 else None
    futures: list[Future] = []
    if pool is not None:
        try:
            futures = [pool.submit(playing.scores, world, lines) for world in worlds[1:]]
        except RuntimeError:  # the pool was shut down or broke
            _give_up()
    out = [playing.scores(worlds[0], lines)]
    for i, world in enumerate(worlds[1:]):
        done = _collect(futures[i]) if i < len(futures) else None
        out.append(done if done is not None else playing.scores(world, lines))
    return out


def _collect(future: Future) -> list[float] | None:
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
            try:
                import multiprocessing

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


def workers_agree() -> bool:
    """Whether a worker process starts and plays a world exactly as this process does (the game's self-test
    asks, so that an installed copy that cannot start one is noticed)."""
    from rules import actions as A
    from rules import new_game
    from rules.bots.evaluate import WEIGHTS
    from rules.bots.search import Playouts, SearchSettings
    from rules.model import Decision

    world = new_game(["a", "b", "c"], seed=1)
    while world.step != Decision.TURN:
        world.apply(world.legal_actions()[0])
    playing = Playouts(world.decider, SearchSettings(), WEIGHTS)
    lines: list[list[A.Action]] = [[A.Leisure(), A.EndTurn()], [A.CollectTaxes(0), A.EndTurn()]]
    pool = _get_pool(1)
    if pool is None:
        return False
    try:
        return bool(pool.submit(playing.scores, world, lines).result(timeout=120) == playing.scores(world, lines))
    except Exception:
        return False
