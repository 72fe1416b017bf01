"""A game being played in the application: the state, the seats, the log, the computer players.

The :class:`GameSession` owns the :class:`rules.GameState` on the UI thread. Scenes read ``state`` (never
change it) and draw from :meth:`GameSession.view` of the seat in front of the screen. Human decisions
go through :meth:`GameSession.apply`; computer players think off the UI thread (:mod:`game.thinking`: Hard
in a worker process, the others on daemon threads; they get only their seat's view and the legal actions)
and their choices are applied on the UI thread by :meth:`GameSession.update`, paced by the speed.

A computer player starts thinking as soon as the decision is its own, even while the session is
``paused`` (the table animating a move, an interlude waiting): the state cannot change meanwhile, so the
answer is still current when the pause ends, and only then is it applied.

Listeners (``add_listener``) are called with the events of every applied action, human or bot, and with
an empty list after an undo (so scenes refresh). ``log`` keeps every event of the game, typed and with
its private parts (each screen shows an event only as its viewer may see it, ``Event.seen_by``); it is
not saved: it is the events of replaying the record, rebuilt so when a session is loaded.

``make_player(kind, seed)`` builds a computer player with ``rules.bots.make_bot``; a decision being thought
about can be abandoned at any time (its answer is then discarded), so closing the window while a bot thinks
never hangs.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable
from typing import Any

import attrs

from game.thinking import BotProcess, BotWorker, players_for
from rules import (
    Bribe,
    BuildCastle,
    BuildFolly,
    BuildPalace,
    ChooseRegion,
    ChooseStartTiles,
    CollectTaxes,
    Decision,
    Donate,
    EndTurn,
    Event,
    EventKind,
    FinishDonating,
    FinishExpanding,
    FinishVicar,
    GameState,
    HandBackBribe,
    HandBackCard,
    IllegalActionError,
    InheritCastle,
    KeepAllWithIntrigue,
    KeepCard,
    Leisure,
    PlacePrestige,
    PlaceTile,
    PlayCard,
    PlayerView,
    Refusal,
    ReturnTile,
    SaveFormatError,
    SkipKnight,
    Trade,
    Why,
    apply_unchecked,
    check_name,
    game_from_dict,
    legal_actions,
    new_game,
    record_to_dict,
    view,
)


def replay_events(state: GameState) -> list[Event]:
    """The events of ``state``'s game so far, by replaying its record (every action in it was legal)."""
    if not state.history:
        return []
    replay = new_game(list(state.names), state.seed, first_game=state.first_game)
    events: list[Event] = []
    for action in state.history:
        events.extend(apply_unchecked(replay, action))
    return events


#: the most hints a seat's count holds: a save keeps at most this many, and one with more is refused
MAX_HINTS = 99_999


def _hints_from(value: Any, seats: int) -> list[int]:
    """The hints each seat asked for, from a save (none in a save from before hints)."""
    if value is None:
        return [0] * seats
    if not (isinstance(value, list) and len(value) == seats
            and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_HINTS for n in value)):
        raise SaveFormatError(f"the hint counts must be one for each seat, from 0 to {MAX_HINTS}")
    return list(value)


# -- computer players: one factory, and a worker that thinks off the UI thread -------------------------
BOT_KINDS: tuple[str, ...] = ("easy", "normal", "hard", "random", "greedy")


def make_player(kind: str, seed: int, budget: float | None = None) -> Any:
    """A computer player of level ``kind`` with the protocol ``choose(view, legal) -> action``."""
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown computer player {kind!r}; choose one of {', '.join(BOT_KINDS)}")
    from rules.bots import make_bot

    return make_bot(kind, seed, budget)


SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
#: seconds between two computer decisions at each speed
BOT_DELAY: dict[str, float] = {"slow": 1.1, "normal": 0.55, "fast": 0.2, "instant": 0.0}
#: at "instant", how long one frame may spend applying computer decisions (keeps 60 fps)
INSTANT_BUDGET = 0.012
#: events after which update() stops for the frame so a scene can react (push the ball, scoring ...)
STOP_KINDS = frozenset(
    {EventKind.BALL_STARTED, EventKind.BUILDING_SCORED, EventKind.DECADE_STARTED, EventKind.GAME_ENDED}
)
SESSION_FORMAT = "noblemen-session"
SESSION_VERSION = 1
KINDS: tuple[str, ...] = ("human", *BOT_KINDS)
#: actions that reveal nothing new and may be taken back while they are the human's own
_UNDOABLE = (
    PlaceTile,
    ChooseRegion,
    Trade,
    Donate,
    FinishDonating,
    Bribe,
    CollectTaxes,
    Leisure,
    BuildCastle,
    BuildPalace,
    BuildFolly,
    InheritCastle,
    ReturnTile,
    FinishVicar,
)


#: steps that show little on the table follow the previous one sooner
_QUICK = (
    EndTurn,
    FinishExpanding,
    FinishDonating,
    FinishVicar,
    ChooseStartTiles,
    KeepCard,
    KeepAllWithIntrigue,
    SkipKnight,
    HandBackBribe,
    HandBackCard,
    PlacePrestige,
)


def _undo_stop(human: bool, action, revealed: bool) -> Why:
    """Why the steps up to ``action`` can no longer be taken back."""
    if human and isinstance(action, PlayCard):
        return Why.UNDO_CARD_PLAYED  # everyone has seen the card
    if human and revealed:
        return Why.UNDO_REVEALED
    return Why.UNDO_TURN_OVER


def _pace(action) -> float:
    """The share of the speed's delay to wait before applying a computer player's ``action``."""
    return 0.35 if isinstance(action, _QUICK) else 1.0


@attrs.frozen
class Ahead:
    """A decision thought about before the one before it was applied: the session at ``version`` with ``action``
    applied brings it."""

    version: int
    action: Any
    worker: BotWorker

    def brought_by(self, version: int, action: Any) -> bool:
        return version == self.version and action == self.action


@attrs.define
class SeatSpec:
    name: str
    kind: str  # "human", or a bot level: "easy" | "normal" | "hard" (also "random", "greedy")
    colour: str  # "#D55E00"
    crest: str  # "lion" | "rose" | "stag" | "swan" | "tower"

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "colour": self.colour, "crest": self.crest}

    @classmethod
    def from_dict(cls, data: Any) -> SeatSpec:
        if not isinstance(data, dict):
            raise SaveFormatError("a seat must be an object")
        values = [data.get(k) for k in ("name", "kind", "colour", "crest")]
        if not all(isinstance(v, str) and 0 < len(v) <= 40 for v in values):
            raise SaveFormatError("a seat needs a name, kind, colour and crest as text")
        if values[1] not in KINDS:
            raise SaveFormatError(f"unknown player kind {values[1]!r}")
        if not re.fullmatch(r"#[0-9A-Fa-f]{6}", values[2]):
            raise SaveFormatError("a seat's colour must look like #RRGGBB")  # it tints every piece
        return cls(*values)


@attrs.frozen
class SessionSnapshot:
    """A session at one moment, immutable: safe to turn into a save's data on another thread."""

    seats: tuple[dict, ...]
    names: tuple[str, ...]
    seed: int
    first_game: bool
    actions: tuple  # the engine's actions are frozen values (the log is not saved: it is rebuilt from them)
    speed: str
    hints: tuple[int, ...] = ()  # hints asked for, per seat

    def to_dict(self) -> dict:
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "seats": [dict(seat) for seat in self.seats],
            "game": record_to_dict(self.names, self.seed, self.first_game, self.actions),
            "speed": self.speed,
            "hints": list(self.hints),
        }


class GameSession:
    """Owns the GameState on the UI thread; computer players think off the UI thread."""

    def __init__(
        self,
        seats: list[SeatSpec],
        seed: int,
        first_game: bool = False,
        *,
        state: GameState | None = None,
        speed: str = "normal",
        specs: dict[str, str] | None = None,
    ) -> None:
        """``specs``: the bot spec a level stands for (tests and the bench: ``{"hard": "hard:iterations=8"}``
        for games that repeat exactly); by default each level is itself."""
        self.seats: list[SeatSpec] = list(seats)
        for seat in self.seats:
            if seat.kind not in KINDS:
                raise ValueError(f"unknown player kind {seat.kind!r}")
            check_name(seat.name)  # the names at the table, which may differ from the record's
        if state is None:
            state = new_game([s.name for s in self.seats], seed, first_game=first_game)
        elif len(state.players) != len(self.seats):
            raise ValueError("the state and the seats disagree on the number of players")
        self.state: GameState = state
        self.seed = state.seed
        self.first_game = state.first_game
        self.log: list[Event] = replay_events(state)
        self.paused = False
        self.speed = "normal"
        self.set_speed(speed)
        self.version = 0  # +1 whenever the state changes; stale bot answers are discarded
        self._listeners: list[Callable[[list[Event]], None]] = []
        specs = specs or {}
        self._bots: dict[int, Any]
        self._process: BotProcess | None  # where Hard thinks (game.thinking)
        self._bots, self._process = players_for({
            i: (s.kind, specs.get(s.kind, s.kind), (state.seed * 31 + i * 7919) & 0x7FFFFFFF)
            for i, s in enumerate(self.seats)
            if s.kind != "human"
        })
        self._worker: BotWorker | None = None
        self._ahead: Ahead | None = None  # the decision after the worker's answer, being thought about already
        self._since_apply = 1e9  # seconds since the last applied action (pacing)
        self._closed = False
        self._undo_floor = len(state.history)  # history before this index cannot be undone
        self._undo_marks: list[int] = []  # log lengths before each undoable step
        # why the steps before the floor cannot be taken back (a game loaded or continued keeps no undo)
        self._undo_stop = Why.UNDO_BEFORE_LOAD if state.history else Why.NOTHING_TO_UNDO
        self._view_cache: dict[tuple[int, bool], tuple[int, PlayerView]] = {}
        self.last_bot_error: BaseException | None = None
        self.hints: list[int] = [0] * len(self.seats)  # hints asked for, per seat (saved)

    # -- seats -------------------------------------------------------------------------------------
    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == "human"

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def decider(self) -> int:
        return self.state.decider

    @property
    def over(self) -> bool:
        return self.state.over

    def human_to_decide(self) -> bool:
        """The pending decision belongs to a human seat."""
        return not self.state.over and self.is_human(self.state.decider)

    # -- the rules ---------------------------------------------------------------------------------
    def legal(self) -> list:
        return legal_actions(self.state)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know."""
        return self._cached_view(seat, False)

    def public_view(self, seat: int) -> PlayerView:
        """What everyone may know, seen from ``seat``'s place (its screen closed: a shared screen between turns)."""
        return self._cached_view(seat, True)

    def _cached_view(self, seat: int, public: bool) -> PlayerView:
        cached = self._view_cache.get((seat, public))
        if cached is not None and cached[0] == self.version:
            return cached[1]
        v = view(self.state, seat, public=public)
        self._view_cache[(seat, public)] = (self.version, v)
        return v

    def apply(self, action) -> list[Event]:
        """Apply ``action`` (checked) on the UI thread; raises IllegalActionError and changes nothing."""
        if self._closed:
            raise RuntimeError("the session is closed")
        seat = self.state.decider
        human = self.is_human(seat)
        log_before = len(self.log)
        history_before = len(self.state.history)
        rng_before = self.state.rng.state
        events = self.state.apply(action)  # raises IllegalActionError, state unchanged
        self._changed(action)
        # undo bookkeeping: only the human's own steps that revealed nothing new
        revealed = (
            self.state.rng.state != rng_before
            or self.state.offered
            or any(e.kind in (EventKind.TILES_DRAWN, EventKind.CARD_KEPT, EventKind.TILES_GIVEN) for e in events)
        )
        if human and isinstance(action, _UNDOABLE) and not revealed and self.state.decider == seat:
            self._undo_marks.append(log_before)
            if history_before < self._undo_floor:
                self._undo_floor = history_before
        else:
            self._undo_floor = len(self.state.history)
            self._undo_marks.clear()
            self._undo_stop = _undo_stop(human, action, bool(revealed))
        self._record(events)
        return events

    def _record(self, events: list[Event]) -> None:
        self.log.extend(events)
        for fn in list(self._listeners):
            fn(events)

    def _changed(self, action: Any = None) -> None:
        """The state changed (by ``action``, None for an undo): what was being thought about is stale, unless it
        is the decision ``action`` was known to bring (see :meth:`think_ahead`)."""
        self.version += 1
        self._since_apply = 0.0
        ahead, self._ahead = self._ahead, None
        self._worker = ahead.worker if ahead is not None and ahead.brought_by(self.version - 1, action) else None
        self.think_ahead()

    # -- listeners ---------------------------------------------------------------------------------
    def add_listener(self, fn: Callable[[list[Event]], None]) -> None:
        if fn not in self._listeners:
            self._listeners.append(fn)

    def remove_listener(self, fn: Callable[[list[Event]], None]) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)

    # -- computer players --------------------------------------------------------------------------
    def set_speed(self, speed: str) -> None:
        if speed not in BOT_DELAY:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}")
        self.speed = speed

    def thinking(self) -> bool:
        """A computer player is thinking about the pending decision."""
        return self._worker is not None and not self._worker.done

    def _bot_to_decide(self) -> bool:
        return not self._closed and not self.state.over and self.state.decider in self._bots

    def think_ahead(self) -> None:
        """Let the computer player to decide start thinking now, paused or not: while the table animates or an
        interlude waits the state cannot change, so its choice will still be current; it is applied only once
        the pause is over (:meth:`update`). And once its choice is made but waits (the pause, the pacing), the
        player who decides after it starts thinking too, on the state that choice will bring: nothing else can
        happen before it is applied, and the engine is deterministic (its randomness is in the state). Called
        after every change, and by the table each frame."""
        worker = self._worker
        if worker is None:
            if self._bot_to_decide():
                self._start_worker()
        elif self._ahead is None and worker.done and worker.token == self.version:
            self._ahead = self._next_worker(worker)

    def _next_worker(self, worker: BotWorker) -> Ahead | None:
        """The decision after ``worker``'s answer, being thought about; None if a human takes it (or none)."""
        action, error = worker.result()
        if error is not None or action not in self.legal():
            return None
        after = self.state.copy()
        apply_unchecked(after, action)
        seat = after.decider
        if after.over or seat not in self._bots:
            return None
        return Ahead(self.version, action,
                     BotWorker(self._bots[seat], view(after, seat), legal_actions(after), self.version + 1))

    def _start_worker(self) -> None:
        seat = self.state.decider
        self._worker = BotWorker(self._bots[seat], self.view(seat), self.legal(), self.version)

    def _take_result(self) -> list[Event] | None:
        """Apply the worker's answer if it is ready and still current; None if nothing was applied."""
        worker = self._worker
        if worker is None or not worker.done:
            return None
        self._worker = None
        if worker.token != self.version or worker.seat != self.state.decider:
            return None  # the state moved on
        action, error = worker.result()
        legal = self.legal()
        if error is not None or action not in legal:
            self.last_bot_error = error or IllegalActionError(
                action, self.state.step.value, worker.seat, "the computer player chose an illegal action"
            )
            print(
                f"noblemen: computer player {worker.seat} failed ({self.last_bot_error}); "
                "taking its first legal action",
                file=sys.stderr,
            )
            action = legal[0]
        return self.apply(action)

    def update(self, dt: float) -> list[Event]:
        """Per frame: start computer thinking, apply ready choices after the pacing delay (not while paused)."""
        self._since_apply += max(0.0, dt)
        applied: list[Event] = []
        if self._closed:
            return applied
        deadline = time.perf_counter() + INSTANT_BUDGET
        self.think_ahead()
        while not self.paused and self._bot_to_decide():
            if self._worker is None:  # a stale answer was dropped
                self._start_worker()
            worker = self._worker
            if self.speed == "instant":
                worker.wait(max(0.0, deadline - time.perf_counter()))
            if not worker.done or self._since_apply < BOT_DELAY[self.speed] * _pace(worker.result()[0]):
                break
            events = self._take_result()
            if events is None:
                continue
            applied.extend(events)
            if self.speed != "instant" or time.perf_counter() >= deadline:
                break
            if any(e.kind in STOP_KINDS for e in events):
                break
        return applied

    # -- undo --------------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return (
            not self._closed
            and bool(self._undo_marks)
            and len(self.state.history) > self._undo_floor
            and self.human_to_decide()
        )

    def undo_refusal(self) -> Refusal:
        """Why Undo cannot take anything back now (the engine's words)."""
        if not self.human_to_decide():
            return Refusal(Why.OTHERS_DECISION, seat=self.state.decider, decision=self.state.step)
        return Refusal(self._undo_stop)

    def undo(self) -> bool:
        """Take back the human's last step if it revealed nothing (replays the game without it)."""
        if not self.can_undo():
            return False
        history = self.state.history[:-1]
        state = new_game(list(self.state.names), self.state.seed, first_game=self.state.first_game)
        for action in history:  # every one was legal when it was played: the fast path replays them
            apply_unchecked(state, action)
        self.state = state
        del self.log[self._undo_marks.pop() :]
        self._changed()
        for fn in list(self._listeners):
            fn([])
        return True

    # -- saves -------------------------------------------------------------------------------------
    def snapshot(self) -> SessionSnapshot:
        """What a save holds, copied in microseconds (the autosave's writer turns it into text)."""
        state = self.state
        return SessionSnapshot(tuple(s.to_dict() for s in self.seats), tuple(state.names), state.seed,
                               state.first_game, tuple(state.history), self.speed,
                               tuple(min(n, MAX_HINTS) for n in self.hints))

    def to_dict(self) -> dict:
        return self.snapshot().to_dict()

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameSession:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise SaveFormatError("not a saved game: the file is not valid JSON") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> GameSession:
        if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
            raise SaveFormatError("not a saved Noblemen session")
        if data.get("version") != SESSION_VERSION:
            raise SaveFormatError(
                f"the session has version {data.get('version')!r}; this game reads version {SESSION_VERSION}"
            )
        seats = data.get("seats")
        if not isinstance(seats, list):
            raise SaveFormatError("the session has no seats")
        specs = [SeatSpec.from_dict(s) for s in seats]
        state = game_from_dict(data.get("game"))
        if len(specs) != state.n:
            raise SaveFormatError("the session's seats do not match its game")
        speed = data.get("speed", "normal")
        if speed not in BOT_DELAY:
            speed = "normal"
        session = cls(specs, state.seed, state.first_game, state=state, speed=speed)
        session.hints = _hints_from(data.get("hints"), len(specs))
        return session

    # -- the end -----------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop computer players: Hard's process is ended (its search stops at once); a thread of the other
        levels is abandoned (a few milliseconds of thinking). Safe to call twice."""
        self._closed = True
        self._worker = self._ahead = None
        self._listeners.clear()
        if self._process is not None:
            self._process.close()

    @property
    def closed(self) -> bool:
        return self._closed

    def pending(self) -> Decision:
        return self.state.step
