"""A recorded game stepped through: the state after any number of its actions, the events so far, and where
its turns, balls and decades begin; and the read-only table that shows one moment of it.

:class:`Replay` replays the record once (the unchecked fast path: every action in a record was legal), keeping
a copy of the state every :data:`CHECKPOINT` actions, so any step is reached by replaying a few actions at
most. :func:`replay_situation` lays the table out for one step, as one seat saw it then: the seat's own view
(``rules.observer``), the chronicle worded for it (``Event.seen_by``), nobody deciding, no chooser, no legal move.
Once the game is over it can also lay it out seen from all seats: the public view, every seat's screen open
(read from the replayed state) and the chronicle naming every tile and card. The table's own layout pass and
painter draw it, so the replay looks exactly like the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs

from game.persist import review_cache, saves
from game.session import GameSession, SeatSpec
from game.table.all_screens import Holdings, holdings_of
from game.table.estate_draw import PlayerStyle, styles_from_seats
from game.table.estate_panel import EstateScene
from game.table.estate_view import EstateCamera
from game.table.layout import Situation
from game.ui import layout as ui_layout
from game.ui.event_words import EVERYONE
from rules import Action, Event, EventKind, GameState, PlayerView, apply_unchecked, new_game, view

CHECKPOINT = 24
#: events after which a new step of the replay begins (a turn, a ball, a decade, the end)
TURN_STOPS = frozenset({EventKind.TURN_STARTED, EventKind.BALL_STARTED, EventKind.DECADE_STARTED,
                        EventKind.GAME_ENDED})


@attrs.frozen(eq=False)
class GameRecord:
    """A game to review or replay: its seats, where it starts, its actions, its save (if any) and its key."""

    seats: tuple[SeatSpec, ...]
    start: GameState
    actions: tuple[Action, ...]
    key: str  # the hash of its record (review_cache.record_key)
    save: Path | None = None  # the file it was read from (its reviews are cached beside it)
    hints: tuple[int, ...] = ()

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def styles(self) -> list[PlayerStyle]:
        return styles_from_seats(self.seats)

    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.kind == "human"]


def record_of(session: GameSession, save: Path | None = None) -> GameRecord:
    """The record of ``session``'s game so far (``save``: the file that holds it)."""
    st = session.state
    return GameRecord(tuple(session.seats), new_game(list(st.names), st.seed, first_game=st.first_game),
                      tuple(st.history), review_cache.record_key(session.to_dict()["game"]), save,
                      tuple(session.hints))


def record_from_file(path: Path) -> GameRecord:
    """The record of the game saved in ``path``; raises :class:`game.persist.saves.SaveLoadError`."""
    loaded = saves.load_file(path)
    try:
        return record_of(loaded.session, path)
    finally:
        loaded.session.close()


class Replay:
    """The game ``actions`` make from ``start`` (``start`` is not changed)."""

    def __init__(self, start: GameState, actions: Sequence[Action]) -> None:
        self.actions = list(actions)
        state = start.copy(keep_history=False)
        self._checkpoints: list[GameState] = [state.copy(keep_history=False)]
        self._events: list[list[Event]] = []  # the events of each action
        for i, action in enumerate(self.actions):
            self._events.append(apply_unchecked(state, action))
            if (i + 1) % CHECKPOINT == 0:
                self._checkpoints.append(state.copy(keep_history=False))
        self.final = state
        self.turns = self._stops(TURN_STOPS)
        self.balls = self._stops(frozenset({EventKind.BALL_STARTED}))
        self.decades = self._stops(frozenset({EventKind.DECADE_STARTED}))

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def over(self) -> bool:
        return self.final.over

    def _stops(self, kinds: frozenset[EventKind]) -> list[int]:
        """The steps (numbers of actions applied) right after an event of ``kinds``."""
        return [i + 1 for i, events in enumerate(self._events) if any(e.kind in kinds for e in events)]

    def state_at(self, step: int) -> GameState:
        """The state after the first ``step`` actions (a fresh copy)."""
        step = max(0, min(step, len(self.actions)))
        base = min(step // CHECKPOINT, len(self._checkpoints) - 1)
        state = self._checkpoints[base].copy(keep_history=False)
        for action in self.actions[base * CHECKPOINT:step]:
            apply_unchecked(state, action)
        return state

    def events_until(self, step: int) -> list[Event]:
        return [e for events in self._events[:max(0, step)] for e in events]

    def next_stop(self, step: int, stops: Sequence[int]) -> int:
        """The first of ``stops`` after ``step`` (the end if none)."""
        return next((k for k in stops if k > step), len(self.actions))

    def previous_stop(self, step: int, stops: Sequence[int]) -> int:
        """The last of ``stops`` before ``step`` (the start if none)."""
        return next((k for k in reversed(stops) if k < step), 0)

    def decade_of(self, step: int) -> int:
        return 1 + sum(1 for k in self.decades if k <= step)


def seat_view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` could see at that moment, and nothing to decide (a replay plays nothing)."""
    return attrs.evolve(view(state, seat), legal=())


def everyone_view(state: GameState, seat: int) -> tuple[PlayerView, tuple[Holdings, ...]]:
    """A moment of a finished game seen from all seats: the public view (from ``seat``'s chair) and every
    seat's holdings, read from ``state`` (the replay offers this only once the game is over)."""
    return attrs.evolve(view(state, seat, public=True), legal=()), holdings_of(state)


def replay_situation(replay_view: PlayerView, log: list[Event], size: tuple[int, int], styles: list[PlayerStyle],
                     camera: EstateCamera, *, step: int, shown: int, mouse: tuple[int, int],
                     log_scroll: int = 0, everyone: tuple[Holdings, ...] = ()) -> Situation:
    """The read-only table at one step, seen by ``replay_view.seat`` (``shown``: the estate shown large), or
    with ``everyone``'s screens open and the chronicle naming every tile and card."""
    seat = replay_view.seat
    estate = EstateScene(seat=shown, mine=False, piece=None, dragging=False, armed=None, strip=0, is_human=False,
                         thinking=False, camera=camera.version, hovered_square=None)
    return Situation(
        view=replay_view, version=step, size=ui_layout.logical_size(size), styles=styles, viewer=seat,
        confirmed=True, mine=False, legal=[], estate=estate, camera=camera, chooser=None, selected=None, log=log,
        log_viewer=EVERYONE if everyone else seat, log_scroll=log_scroll, pointed=None, cell=None, speed="normal",
        can_undo=False, no_undo="", mouse=mouse, everyone=everyone,
    )
