"""Benchmarks of the table (part of ``make bench``): its frames, the interludes' first frames and the wait
after End turn. Figures are printed, never asserted.

A frame's figure is the CPU time of the UI thread (``time.thread_time`` around one frame): the machines the
figures are taken on are shared, and what a frame costs the UI thread does not depend on what else runs
there. Targets at 1920x1080: p95 <= 8 ms in every case, and no frame over 33 ms when a scene is entered.

- the table on screen in a mid-game position: still, the pointer sweeping it, a tile dragged over the estate;
- a game of one (scripted) human against three Hard at normal speed, run at 60 frames a second in real
  time: the frames while a computer player thinks, while computer moves animate, and those in which the
  turn passes (every panel is drawn afresh then); and the turn wait, the wall time from the human's End
  turn to their next decision (the table's or the ball's: the interludes continue by themselves, as in
  autoplay);
- the first frame of the ball, the building scoring, the decade and the game over (each first shown in a
  fresh window, as early in a game), and the slowest of its first second of frames.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

Row = tuple[str, str]
SIZE = (1920, 1080)
#: targets at 1920x1080 (milliseconds of the UI thread's CPU time)
FRAME_P95 = 8.0
SCENE_ENTRY = 33.0
SEED = 2024


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _app(size: tuple[int, int] = SIZE, autoplay: bool = False, ratio: int = 1) -> Any:
    """An application window of ``size`` (headless; ``ratio`` pixels a point, as on a high-DPI screen), the loop
    not started: the bench steps it."""
    from game import scenes
    from game.persist.settings import Settings
    from game.shell.app import App, build_parser

    scaled = ["--pixel-ratio", str(ratio)] if ratio != 1 else []
    app = App(build_parser().parse_args(["--size", f"{size[0]}x{size[1]}", *scaled]), settings=Settings(),
              persist_settings=False)
    app.running = True
    app.ctx.prepared_entries = True  # as in the game's own loop
    app.ctx.autoplay = autoplay  # the interludes continue by themselves
    scenes.warm_up()  # as the game does in the background once the title shows
    return app


def _cpu_frame(app: Any, dt: float = 1 / 60) -> float:
    """One frame of ``app``; the UI thread's CPU milliseconds it took."""
    start = time.thread_time()
    app.step(dt)
    return (time.thread_time() - start) * 1000


def _spread(samples: list[float], target: float | None = FRAME_P95) -> str:
    if not samples:
        return "no frames"
    ordered = sorted(samples)
    p95 = ordered[math.ceil(0.95 * len(ordered)) - 1]  # the nearest rank: never under the median
    text = f"median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms ({len(ordered)})"
    if target is not None:
        text += f" (p95 target <= {target:g}: {'ok' if p95 <= target else 'OVER'})"
    return text


def _seats(kinds: tuple[str, ...], human: int = 0) -> list:
    """Seat ``human`` a human, the others computer players of ``kinds`` in turn."""
    from game.persist.settings import CRESTS, DEFAULT_NAMES, PLAYER_COLOURS
    from game.session import SeatSpec

    bots = iter(kinds)
    return [SeatSpec(DEFAULT_NAMES[i], "human" if i == human else next(bots), PLAYER_COLOURS[i], CRESTS[i])
            for i in range(len(kinds) + 1)]


def _greedy_history(players: int = 4, seed: int = SEED) -> list:
    """The actions of a whole game played by seeded greedy players."""
    from game.persist.settings import DEFAULT_NAMES
    from rules import apply_unchecked, legal_actions, new_game, view
    from rules.bots import make_bot

    state = new_game(list(DEFAULT_NAMES[:players]), seed)
    bots = [make_bot("greedy", seed + i) for i in range(players)]
    while not state.over:
        seat = state.decider
        apply_unchecked(state, bots[seat].choose(view(state, seat), legal_actions(state)))
    return list(state.history)


def _replayed(history: list, count: int, seed: int = SEED) -> Any:
    """The state after the first ``count`` actions of ``history``."""
    from game.persist.settings import DEFAULT_NAMES
    from rules import apply_unchecked, new_game

    state = new_game(list(DEFAULT_NAMES[:4]), seed)
    for action in history[:count]:
        apply_unchecked(state, action)
    return state


def _first(history: list, found: Callable[[Any, Any], bool], start: int = 0, seed: int = SEED) -> int:
    """The index of the first action of ``history`` from ``start`` on for which ``found(state, action)``
    (the state before it)."""
    from rules import apply_unchecked

    state = _replayed(history, start, seed)
    for number in range(start, len(history)):
        if found(state, history[number]):
            return number
        apply_unchecked(state, history[number])
    raise ValueError("no such moment in the game")


# -- the table on screen, nobody moving -------------------------------------------------------------------
def still_figures(frames: int = 240) -> list[Row]:
    """The table in a mid-game position with the human to place a tile: still, the pointer sweeping the
    table (hover highlights and tooltips redraw), a tile dragged over the estate."""
    _headless()
    import pygame

    from game.scenes.table import TableScene
    from game.session import GameSession
    from game.shell.shutdown import quit_pygame
    from game.table.targets import ScreenTile
    from rules import Decision, PlaceTile, legal_actions

    history = _greedy_history()
    count = _first(history, lambda state, _action: state.decider == 0 and state.step == Decision.EXPAND and any(
        isinstance(a, PlaceTile) for a in legal_actions(state)), start=len(history) // 2)
    session = GameSession(_seats(("normal",) * 3), SEED, state=_replayed(history, count))
    rows: list[Row] = []
    for size, ratio in (((1280, 720), 1), (SIZE, 1), (SIZE, 2)):
        app = _app(size, ratio=ratio)
        table = TableScene(app.ctx, session)
        app.stack.push(table)
        for _ in range(30):  # warm the art and text caches
            app.step(1 / 60)
        w, h = app.window.get_size()
        label = f"table {w}x{h}" + (f" ({size[0]}x{size[1]} at {ratio} pixels a point)" if ratio > 1 else "")
        target = FRAME_P95 if (size, ratio) == (SIZE, 1) else None
        rows.append((f"{label}, still", _spread([_cpu_frame(app) for _ in range(frames)], target)))
        samples = []
        for frame in range(frames):  # sweep the pointer over the whole table
            _post(pygame.MOUSEMOTION, pos=((frame * 37) % w, (frame * 53) % h), rel=(0, 0), buttons=(0, 0, 0))
            samples.append(_cpu_frame(app))
        rows.append((f"{label}, pointer moving", _spread(samples, target)))
        if size == SIZE:
            tile = next(r for r in table.hots if isinstance(r.target, ScreenTile) and r.drag is not None)
            rows.append((f"{label}, dragging a tile", _spread(list(_drag(app, table, tile.rect.center, frames)),
                                                                target)))
        app.stack.clear()
        quit_pygame()
    session.close()
    return rows


def _post(kind: int, **fields: Any) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, **fields))


def _drag(app: Any, table: Any, start: tuple[int, int], frames: int) -> Iterator[float]:
    """CPU ms of each frame while a piece pressed at ``start`` is carried round the estate."""
    import math

    import pygame

    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(1 / 60)
    estate = table.frame.rects.estate
    for frame in range(frames):
        angle = frame / 20
        at = (round(estate.centerx + estate.width * 0.35 * math.cos(angle)),
              round(estate.centery + estate.height * 0.35 * math.sin(angle)))
        _post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
        yield _cpu_frame(app)
    _post(pygame.MOUSEBUTTONUP, pos=estate.topleft, button=1)  # let go off the cells
    app.step(1 / 60)


# -- a game against three Hard -------------------------------------------------------------------------------
class _Human:
    """Seat 0's player, scripted: decides at once (as Normal would) wherever the game asks it to."""

    def __init__(self, app: Any, table: Any, seed: int = SEED) -> None:
        from rules.bots import make_bot

        self.app, self.table, self.session = app, table, table.session
        self.bot = make_bot("normal", seed)

    def deciding(self) -> bool:
        """The game waits for the human now (at the table, or at the ball)."""
        top, session = self.app.stack.top, self.session
        if not session.human_to_decide():
            return False
        if top is self.table:
            return self.table.my_decision
        return getattr(top, "name", "") == "ball" and top.human_deciding()

    def decide(self) -> Any:
        session = self.session
        action = self.bot.choose(session.view(0), session.legal())
        if self.app.stack.top is self.table:
            self.table.do(action)
        else:
            session.apply(action)
        return action


def game_figures(turns: int = 8, kinds: tuple[str, ...] = ("hard",) * 3, speed: str = "normal") -> list[Row]:
    """One human (scripted, instant) against three Hard at normal speed for ``turns`` of the human's turns,
    at 60 frames a second in real time: the turn wait, the frames by what happens in them, and the UI thread's
    share of the computer players (the session's update and thinking ahead, with the table's reaction to
    each move applied). In the frames while a computer thinks, the CPU time the game's other threads took
    is time the UI thread could not run Python (the interpreter lock is one)."""
    _headless()
    import pygame

    from game.scenes.table import TableScene
    from game.session import GameSession
    from game.shell.shutdown import quit_pygame
    from rules import EndTurn, EventKind

    app = _app(autoplay=True)
    session = GameSession(_seats(kinds), SEED, speed=speed)
    table = TableScene(app.ctx, session)
    app.stack.push(table)
    human = _Human(app, table)
    share = _Share(session)
    clock = pygame.time.Clock()
    thinking: list[float] = []
    others: list[float] = []
    moving: list[float] = []
    turned: list[float] = []
    shares: list[float] = []
    reactions: list[float] = []
    waits: list[float] = []
    ended: float | None = None
    started = shown_turns = 0  # turns started so far (at instant speed all the computers' turns may pass in one frame)

    def count_turns(events: list[Any]) -> None:
        nonlocal started
        started += sum(e.kind == EventKind.TURN_STARTED for e in events)

    session.add_listener(count_turns)
    app.step(1 / 60)  # the table's first frame is the scene figures'
    clock.tick()
    for _ in range(60 * 60 * turns):  # a guard: a minute a round
        if human.deciding():
            if ended is not None:
                waits.append(time.perf_counter() - ended)
                ended = None
                if len(waits) >= turns:
                    break
            if isinstance(human.decide(), EndTurn):
                ended = time.perf_counter()
            continue
        busy = session.thinking()
        share.spent = share.shown = 0.0
        everyone = time.process_time()
        ms = _cpu_frame(app, min(clock.tick(60) / 1000, 0.1))
        other = max(0.0, (time.process_time() - everyone) * 1000 - ms)
        if app.stack.top is table and not session.human_to_decide():
            shares.append(share.spent * 1000)
            if share.shown:
                reactions.append(share.shown * 1000)
        if app.stack.top is table and started != shown_turns:
            turned.append(ms)  # to the human too: their options show
        elif app.stack.top is table and not session.human_to_decide():
            if busy:
                thinking.append(ms)
                others.append(other)
            else:
                moving.append(ms)
        shown_turns = started
    session.close()
    app.stack.clear()
    quit_pygame()
    label = f"{len(kinds)} {kinds[0].capitalize()}, {speed}"
    wait = (f"median {statistics.median(waits):.2f} s, mean {statistics.mean(waits):.2f} s over {len(waits)} turns"
            if waits else "no turn ended")
    return [(f"turn wait ({label})", wait),
            ("frames while a computer thinks", _spread(thinking)),
            ("  other threads' CPU in those frames", _spread(others, None)),
            ("frames while computer moves show", _spread(moving)),
            ("frames in which the turn passes", _spread(turned)),
            ("UI thread's share of the computers", _spread(shares, None) + " a frame (target < 1 ms)"),
            ("  the table's reaction to a move", _spread(reactions, None))]


class _Share:
    """Counts the UI thread's CPU time in the session's ``update`` and ``think_ahead`` (where there is one):
    the engine applying the computer players' moves and their thinking started, but not the listeners the
    session tells of each move (the table's reaction: its effects and sounds), counted in ``shown``."""

    def __init__(self, session: Any) -> None:
        self.spent = self.shown = 0.0
        self._depth = 0
        for name in ("update", "think_ahead"):
            if hasattr(session, name):
                setattr(session, name, self._timed(getattr(session, name), counted=True))
        session._record = self._timed(session._record, counted=False)

    def _timed(self, call: Callable[..., Any], counted: bool) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            self._depth += 1
            start = time.thread_time()
            try:
                return call(*args, **kwargs)
            finally:
                self._depth -= 1
                took = time.thread_time() - start
                if not counted:
                    self.shown += took
                    self.spent -= took  # (inside an update, which counts it whole)
                elif self._depth == 0:  # the outermost call: think_ahead runs inside update too
                    self.spent += took
        return timed


# -- the interludes' first frames ------------------------------------------------------------------------------
def _brings(name: str, events: list) -> bool:
    """Whether ``events`` bring the interlude ``name`` (as the table decides, game.scenes.table)."""
    from rules import EventKind, board

    kinds = {e.kind for e in events}
    if name == "scoring":
        return EventKind.BUILDING_SCORED in kinds or any(
            e.kind == EventKind.ROUND_ADVANCED and e.amount == board.SCORING_SPACE for e in events)
    return {"ball": EventKind.BALL_STARTED, "decade": EventKind.DECADE_STARTED,
            "game-over": EventKind.GAME_ENDED}[name] in kinds


def scene_figures(frames: int = 60) -> list[Row]:
    """For each interlude, in a fresh window: the table shown for a second with the human to decide, then
    the human's action that brings the interlude; the frame that enters it, and the slowest of its next
    ``frames`` frames (the computer players' decisions at the ball included)."""
    _headless()

    from game.scenes.table import TableScene
    from game.session import GameSession
    from game.shell.shutdown import quit_pygame
    from rules import apply_unchecked

    history = _greedy_history()
    rows: list[Row] = [("table: first frame", _table_entry(frames))]
    for name in ("ball", "scoring", "decade", "game-over"):
        index = _first(history, lambda state, action, n=name: _brings(n, apply_unchecked(state.copy(), action)))
        state = _replayed(history, index)
        session = GameSession(_seats(("normal",) * 3, human=state.decider), SEED, state=state)
        app = _app(autoplay=True)
        table = TableScene(app.ctx, session)
        app.stack.push(table)
        for _ in range(60):
            app.step(1 / 60)
        session.apply(history[index])
        before: list[float] = []  # from the action on, until the interlude shows (while it is prepared)
        entry, later = None, []
        for _ in range(frames + 900):  # the decade and the game over follow a scoring that waits 2.6 s
            top = app.stack.top
            ms = _cpu_frame(app)
            if entry is None and getattr(app.stack.top, "name", "") == name:
                entry = ms
            elif entry is None and top is table:
                before.append(ms)
            elif entry is None:  # the scoring shown before the decade or the game over
                before.clear()
            else:
                later.append(ms)
                if len(later) >= frames:
                    break
        session.close()
        app.stack.clear()
        quit_pygame()
        label = f"{name.replace('-', ' ')}: first frame"
        if entry is None:
            rows.append((label, "not entered"))
            continue
        worst = max([entry, *before, *later])
        rows.append((label, f"{entry:.1f} ms; the {len(before)} table frames before it: max "
                            f"{max(before, default=0):.1f} ms; its next {len(later)}: max {max(later, default=0):.1f} "
                            f"ms (target <= {SCENE_ENTRY:g}: {'ok' if worst <= SCENE_ENTRY else 'OVER'})"))
    return rows


def _table_entry(frames: int) -> str:
    """The setup screen shown for a second, then Start (four seats, a human and three Normal): the frame that
    enters the table and the slowest of its next ``frames``."""

    from game import scenes
    from game.shell.shutdown import quit_pygame

    app = _app()
    setup = scenes.create("new_game", app.ctx)
    app.stack.push(setup)
    for _ in range(60):
        app.step(1 / 60)
    setup.start()  # type: ignore[attr-defined]
    entry = _cpu_frame(app)
    later = [_cpu_frame(app) for _ in range(frames)]
    name = getattr(app.stack.top, "name", "")
    session = getattr(app.stack.top, "session", None)
    if session is not None:
        session.close()
    app.stack.clear()
    quit_pygame()
    worst = max(entry, *later)
    return (f"{entry:.1f} ms ({name}); its next {len(later)}: max {max(later):.1f} ms "
            f"(target <= {SCENE_ENTRY:g}: {'ok' if worst <= SCENE_ENTRY else 'OVER'})")


FIGURES: list[Callable[[], list[Row]]] = [still_figures, scene_figures, game_figures]
