"""Benchmarks of the application (``python -m game.shell.bench``): figures are printed, never asserted.

Each figure is a small function returning ``(name, value)`` rows; :data:`FIGURES` lists them and
:func:`main` prints them. Add GUI figures the same way.

Save figures use a late-game save: a finished 4-player game played by seeded greedy players. Targets:
the UI thread's share of an autosave (copying the game for the background writer) within 1 ms, so saving
never stalls a frame; the write itself (serialise + atomic write with fsync and the .bak copy) is shown
as it comes; loading (read, parse, validate, replay through the checked engine) within 50 ms.
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
    from game.persist.settings import CRESTS, DEFAULT_NAMES, PLAYER_COLOURS
    from game.session import GameSession, SeatSpec
    from rules.bots import make_bot

    seats = [SeatSpec(DEFAULT_NAMES[i], "human" if i == 0 else "normal", PLAYER_COLOURS[i], CRESTS[i])
             for i in range(players)]
    session = GameSession(seats, seed)
    bots = [make_bot("greedy", seed + i) for i in range(players)]
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
    from game.persist import saves

    session = _finished_session()
    rows: list[Row] = [("late-game save", f"{len(session.state.history)} actions, "
                                          f"{len(session.log)} log lines, "
                                          f"{len(saves.dumps(session)) / 1024:.1f} KiB")]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "autosave.json"
        saver = saves.Autosaver(session, path, background=True)
        rows.append(("serialise (dumps)", _ms(_timed(lambda: saves.dumps(session), repeat))))
        ui_thread, writes = _autosave_times(saver, repeat)
        rows.append(("autosave, UI thread's share", _ms(ui_thread, 1)))
        rows.append(("autosave write (background)", _ms(writes)))
        rows.append(("load (read, validate, replay)", _ms(_timed(lambda: saves.load_file(path), repeat), 50)))
        rows.append(("Load screen entry (no replay)", _ms(_timed(lambda: saves.read_info(path), repeat))))
        if saver.last_error:
            rows.append(("autosave error", saver.last_error))
    session.close()
    return rows


def _autosave_times(saver, repeat: int) -> tuple[list[float], list[float]]:
    """Milliseconds the UI thread spends on each autosave (copying the game, handing it over), and each
    write on the background writer (serialise, atomic write with fsync and the .bak copy)."""
    ui_thread, writes = [], []
    for _ in range(repeat + 1):
        start = time.perf_counter()
        saver.save_now()
        ui_thread.append((time.perf_counter() - start) * 1000)
        saver.wait()  # one write at a time: each is measured whole, none coalesced
        writes.append(saver.last_duration * 1000)
    return ui_thread[1:], writes[1:]  # the first warmed the caches


def _mid_game_session(players: int = 4, seed: int = 2024):
    """Seat 0 (a human) to decide, halfway through a greedy game: the same position every frame."""
    from game.persist.settings import CRESTS, DEFAULT_NAMES, PLAYER_COLOURS
    from game.session import GameSession, SeatSpec
    from rules import apply_unchecked, new_game

    finished = _finished_session(players, seed)
    history = finished.state.history
    finished.close()
    state = new_game(finished.state.names, seed)
    for number, action in enumerate(history):
        # from halfway on, stop at the human's turn: no computer player moves while the frames are timed
        if number >= len(history) // 2 and state.decider == 0 and state.step.name == "TURN":
            break
        apply_unchecked(state, action)
    seats = [SeatSpec(DEFAULT_NAMES[i], "human" if i == 0 else "normal", PLAYER_COLOURS[i], CRESTS[i])
             for i in range(players)]
    return GameSession(seats, seed, state=state)


def frame_figures(frames: int = 240) -> list[Row]:
    """Frame time with the table on screen in a mid-game position (software rendering)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.persist.settings import Settings
    from game.scenes.table import TableScene
    from game.shell.app import App, build_parser

    rows: list[Row] = []
    for size in ((1280, 720), (1920, 1080)):
        app = App(build_parser().parse_args(["--size", f"{size[0]}x{size[1]}"]), settings=Settings(),
                  persist_settings=False)
        app.running = True
        session = _mid_game_session()
        app.stack.push(TableScene(app.ctx, session))
        for _ in range(30):  # warm the art and text caches
            app.step(1 / 60)
        target = " (targets 8 / 16 ms)" if size == (1920, 1080) else ""
        for moving in (False, True):
            samples = []
            for frame in range(frames):
                if moving:  # sweep the pointer over the whole table: hover highlights and tooltips redraw
                    x = (frame * 37) % size[0]
                    y = (frame * 53) % size[1]
                    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                                         buttons=(0, 0, 0)))
                start = time.perf_counter()
                app.step(1 / 60)
                samples.append((time.perf_counter() - start) * 1000)
            samples.sort()
            p95 = samples[int(0.95 * (len(samples) - 1))]
            what = "mouse moving" if moving else "still"
            rows.append((f"table frame {size[0]}x{size[1]}, {what}",
                         f"median {statistics.median(samples):.1f} ms, p95 {p95:.1f} ms{target}"))
        app.stack.clear()
        session.close()
        pygame.quit()
    return rows


#: a program that starts the game, stops after its first frame and prints how many modules were loaded then
MODULES_AT_TITLE = "import sys; from game.shell import app; app.main(['--frames', '1']); print(len(sys.modules))"


def startup_figures(repeat: int = 5) -> list[Row]:
    """Wall time from starting the program to its first title-menu frame, and the peak memory of a
    whole 4-player game played through the GUI (each in a fresh process)."""
    import subprocess

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        env["NOBLEMEN_CONFIG_DIR"] = str(Path(folder) / "config")
        env["NOBLEMEN_DATA_DIR"] = str(Path(folder) / "data")
        samples = []
        for _ in range(repeat):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "game", "--frames", "1"], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            samples.append((time.perf_counter() - start) * 1000)
        rows.append(("start-up to the title menu", _ms(samples, 400)))
        counted = subprocess.run([sys.executable, "-c", MODULES_AT_TITLE], env=env, check=True, capture_output=True,
                                 text=True).stdout.split()
        rows.append(("modules at the first title frame", f"{counted[-1]} (target <= 380)"))
        subprocess.run([sys.executable, "-m", "game", "--autoplay", "--seats", "4", "--speed", "instant"],
                       env=env, check=True, stdout=subprocess.DEVNULL)
    peak_mib = _peak_child_memory_mib()
    rows.append(("peak memory, whole 4p game in the GUI",
                 "not measured on Windows" if peak_mib is None else f"{peak_mib:.0f} MiB (target <= 300 MiB)"))
    return rows


def _peak_child_memory_mib() -> float | None:
    """The largest resident memory of the finished child processes; None where the system does not say
    (Windows has no ``resource`` module)."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)  # bytes on macOS, KiB on Linux


FIGURES: list[Callable[[], list[Row]]] = [save_figures, frame_figures, startup_figures]


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
