"""Benchmarks of the application (``python -m game.shell.bench``): figures are printed, never asserted.

Each figure is a small function returning ``(name, value)`` rows; :data:`FIGURES` lists them and
:func:`main` prints them. The table's figures (its frames in CPU time of the UI thread, the interludes' first
frames, the wait after End turn against three Hard) are in :mod:`game.shell.bench_table`.

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

from game.shell import bench_table

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


#: a program that starts the game as ``python -m game --frames 1`` does and prints, once the first title frame
#: is drawn, the wall clock, its CPU time and how many modules are loaded (the exit that follows is not the
#: player's wait). The modules named on its command line import as if not installed: the test tools, which a
#: player's Python and the installers do not have (python-i18n, under pygame-gui, imports PyYAML if it is there)
FIRST_FRAME = """
import sys, time
for name in sys.argv[1:]:
    sys.modules.setdefault(name, None)  # (one that site has already loaded stays)
from game.shell import app
step = app.App.step
def first(self, dt):
    step(self, dt)
    if self.frame == 0:
        print(time.time(), time.process_time(), sum(m is not None for m in sys.modules.values()), flush=True)
app.App.step = first
app.main(['--frames', '1'])
"""


def _test_tool_modules() -> list[str]:
    """The top-level modules of the test tools installed here (build_scripts/dev_modules.py, which the installers'
    build leaves out by the same list)."""
    import importlib.util

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("dev_modules", root / "build_scripts" / "dev_modules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.test_tool_modules(root / "pyproject.toml")


def startup_figures(repeat: int = 7) -> list[Row]:
    """Wall time from starting the program to its first title-menu frame, the modules loaded then, and the peak
    memory of a whole 4-player game played through the GUI (each in a fresh process).

    A player's Python reads the game's compiled bytecode from the second start on (and the installers ship
    it), so the starts are timed with a bytecode cache that a first, untimed start fills (in a folder of its
    own: ``PYTHONPYCACHEPREFIX``, also where the environment forbids writing bytecode). That first start is
    shown too."""
    import subprocess

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        env["NOBLEMEN_CONFIG_DIR"] = str(Path(folder) / "config")
        env["NOBLEMEN_DATA_DIR"] = str(Path(folder) / "data")
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "bytecode")

        test_tools = _test_tool_modules()

        def first_frame() -> tuple[float, float, int]:
            """Milliseconds from the start to the first frame, of the CPU by then, and the modules loaded."""
            start = time.time()
            printed = subprocess.run([sys.executable, "-c", FIRST_FRAME, *test_tools], env=env, check=True,
                                     capture_output=True, text=True).stdout.split()
            return (float(printed[-3]) - start) * 1000, float(printed[-2]) * 1000, int(printed[-1])

        compiling = first_frame()
        starts = [first_frame() for _ in range(repeat)]
        rows.append(("start-up to the title menu", _ms([wall for wall, _cpu, _n in starts], 400)))
        rows.append(("  its CPU time", _ms([cpu for _wall, cpu, _n in starts])))
        rows.append(("  first start (compiling bytecode)", f"{compiling[0]:.0f} ms, CPU {compiling[1]:.0f} ms"))
        rows.append(("modules at the first title frame", f"{starts[-1][2]} (target <= 380)"))
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


#: the start-up figures come before the table's: the peak memory is the largest child process's, and the game
#: figures start Hard's worker process, whose start may count the bench process's own size
FIGURES: list[Callable[[], list[Row]]] = [save_figures, startup_figures, *bench_table.FIGURES]


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    print("Noblemen application benchmarks")
    for figure in FIGURES:
        print(f"\n{figure.__name__.replace('_', ' ')}:")
        for name, value in figure():
            print(f"  {name:<40} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
