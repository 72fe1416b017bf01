"""Benchmarks of the application (``python -m game.bench``): figures are printed, never asserted.

Each figure is a small function returning ``(name, value)`` rows; :data:`FIGURES` lists them and
:func:`main` prints them. Add GUI figures the same way.

Save figures use a late-game save: a finished 4-player game played by seeded greedy players. Targets:
an autosave (serialise + atomic write with fsync and the .bak copy) within 20 ms, loading (read, parse,
validate, replay through the checked engine) within 50 ms.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

Row = tuple[str, str]


def _finished_session(players: int = 4, seed: int = 2024):
    from game.session import GameSession, SeatSpec
    from game.settings import CRESTS, DEFAULT_NAMES, PLAYER_COLOURS
    from rules.players import GreedyPlayer

    seats = [SeatSpec(DEFAULT_NAMES[i], "human" if i == 0 else "normal", PLAYER_COLOURS[i], CRESTS[i])
             for i in range(players)]
    session = GameSession(seats, seed)
    bots = [GreedyPlayer(seed + i) for i in range(players)]
    while not session.over:
        seat = session.state.decider
        session.apply(bots[seat].choose(session.view(seat), session.legal()))
    return session


def _timed(fn: Callable[[], object], repeat: int) -> list[float]:
    fn()  # warm up (imports, caches)
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def _ms(samples: list[float], target: float | None = None) -> str:
    text = f"median {statistics.median(samples):.1f} ms, max {max(samples):.1f} ms"
    if target is not None:
        text += f" (target <= {target:g} ms: {'ok' if statistics.median(samples) <= target else 'OVER'})"
    return text


def save_figures(repeat: int = 30) -> list[Row]:
    """Autosave and load times of a finished 4-player game."""
    from game import saves

    session = _finished_session()
    rows: list[Row] = [("late-game save", f"{len(session.state.history)} actions, "
                                          f"{len(session.log)} log lines, "
                                          f"{len(saves.dumps(session)) / 1024:.1f} KiB")]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "autosave.json"
        saver = saves.Autosaver(session, path)
        rows.append(("serialise (dumps)", _ms(_timed(lambda: saves.dumps(session), repeat))))
        rows.append(("autosave (atomic, fsync, .bak)", _ms(_timed(saver.save_now, repeat), 20)))
        rows.append(("load (read, validate, replay)", _ms(_timed(lambda: saves.load_file(path), repeat), 50)))
        rows.append(("Load screen entry (no replay)", _ms(_timed(lambda: saves.read_info(path), repeat))))
        if saver.last_error:
            rows.append(("autosave error", saver.last_error))
    session.close()
    return rows


FIGURES: list[Callable[[], list[Row]]] = [save_figures]


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    print("Noblemen application benchmarks")
    for figure in FIGURES:
        print(f"\n{figure.__name__.replace('_', ' ')}:")
        for name, value in figure():
            print(f"  {name:<34} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
