"""Playing whole games headless: one game with a summary, or many with win rates."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import attrs

from rules.bots import make_bot
from rules.engine import apply
from rules.events import Event
from rules.final_result import Results, results
from rules.flow import new_game
from rules.names import MAX_NAME
from rules.state import GameState


@attrs.define
class PlayedGame:
    state: GameState
    seats: list[str]
    events: list[Event]
    decisions: int

    @property
    def result(self) -> Results:
        return results(self.state)


def seat_names(seats: list[str]) -> list[str]:
    """"Greedy 1", "Hard:budget=4 2", ...: a long bot spec is clipped to fit the engine's name rule."""
    return [f"{kind.capitalize()[:MAX_NAME - 4]} {i + 1}" for i, kind in enumerate(seats)]


def play_game(seats: list[str], seed: int, *, first_game: bool = False, keep_events: bool = False,
              observe: Callable[[GameState, list[Event]], None] | None = None) -> PlayedGame:
    """A whole game between the named players; seat i's player gets its own seed derived from `seed`.

    ``observe(state, events)`` is called after every decision with the state and that decision's events.
    """
    if not 3 <= len(seats) <= 5:
        raise ValueError(f"Noblemen needs 3 to 5 seats, not {len(seats)}")
    players = [make_bot(kind, seed * 1009 + i) for i, kind in enumerate(seats)]
    state = new_game(seat_names(seats), seed, first_game=first_game)
    events: list[Event] = []
    decisions = 0
    while not state.over:
        seat = state.decider
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else players[seat].choose(state.view(seat), legal)
        new = apply(state, action, legal)
        decisions += 1
        if observe is not None:
            observe(state, new)
        if keep_events:
            events.extend(new)
    return PlayedGame(state, list(seats), events, decisions)


class ProgressBar:
    """A plain-text bar on stderr: `[#####-----] 50/100 0:12`."""

    def __init__(self, total: int, stream=sys.stderr, width: int = 30) -> None:
        self.total, self.stream, self.width = total, stream, width
        self.start = self._last = time.perf_counter()

    def show(self, done: int) -> None:
        now = time.perf_counter()
        if done < self.total and now - self._last < 0.2:  # redraw at most 5 times a second
            return
        self._last = now
        filled = self.width * done // max(1, self.total)
        elapsed = int(now - self.start)
        self.stream.write(f"\r[{'#' * filled}{'-' * (self.width - filled)}] {done}/{self.total} "
                          f"{elapsed // 60}:{elapsed % 60:02d}")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def play_many(seats: list[str], games: int, seed: int, *, first_game: bool = False,
              progress: Callable[[int], None] | None = None) -> dict:
    """Win rates (a shared win counts as a fraction) and mean scores per seat position."""
    wins = [0.0] * len(seats)
    totals = [0] * len(seats)
    for g in range(games):
        result = play_game(seats, seed + g, first_game=first_game).result
        for w in result.winners:
            wins[w] += 1 / len(result.winners)
        for i, p in enumerate(result.players):
            totals[i] += p.score
        if progress:
            progress(g + 1)
    return {
        "games": games,
        "seats": [
            {"seat": i + 1, "player": kind, "win_rate": wins[i] / games, "mean_score": totals[i] / games}
            for i, kind in enumerate(seats)
        ],
    }
