"""The game session: bots off the UI thread, pacing, close, saves, undo."""

from __future__ import annotations

import threading
import time

import pytest

from game.session import GameSession, SeatSpec
from rules import actions as A
from rules.errors import IllegalActionError, SaveFormatError
from rules.events import EventKind
from rules.final_result import results
from rules.invariants import check_invariants
from rules.model import Decision
from tests.game.test_thinking import wait_until

COLOURS = ["#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7"]
CRESTS = ["lion", "rose", "stag", "swan", "tower"]


def seats(kinds):
    return [SeatSpec(f"P{i}", k, COLOURS[i], CRESTS[i]) for i, k in enumerate(kinds)]


def run_bots(session, limit=20000):
    steps = 0
    while not session.state.over and not session.human_to_decide() and steps < limit:
        session.update(0.02)
        steps += 1
    return steps


def test_bots_think_off_the_ui_thread():
    seen = []

    class Spy:
        def choose(self, view, legal):
            seen.append(threading.current_thread() is threading.main_thread())
            assert view.seat == view.state.decider or view.legal
            return legal[0]

    s = GameSession(seats(["random"] * 3), seed=5, speed="instant")
    s._bots = {i: Spy() for i in range(3)}
    for _ in range(50):
        s.update(0.02)
    assert seen and not any(seen)
    s.close()


def test_full_bot_game_matches_engine():
    s = GameSession(seats(["random", "greedy", "random", "greedy"]), seed=11, speed="instant")
    run_bots(s)
    assert s.state.over
    check_invariants(s.state)
    assert results(s.state).scores == tuple(p.vp for p in s.state.players)
    assert s.log and s.log[-1].kind == EventKind.GAME_ENDED
    s.close()


def test_pacing_waits_at_normal_speed():
    s = GameSession(seats(["random"] * 3), seed=3, speed="normal")
    assert wait_until(lambda: bool(s.update(0.0)))  # the first answer: applied once it comes
    assert len(s.state.history) == 1
    time.sleep(0.05)
    assert s.update(0.0) == []  # too soon after the last action (the next answer may be in)
    n = len(s.state.history)
    s.update(0.01)
    s.update(0.01)
    assert len(s.state.history) <= n + 1
    s.close()


def test_close_while_thinking_returns_promptly():
    release = threading.Event()

    class Slow:
        def choose(self, view, legal):
            release.wait(10)
            return legal[0]

    s = GameSession(seats(["hard"] * 3), seed=1, speed="instant")
    s._bots = {i: Slow() for i in range(3)}
    s.update(0.02)
    assert s.thinking()
    t = time.perf_counter()
    s.close()
    s.close()
    assert time.perf_counter() - t < 2.0  # the thinking thread is stuck for 10 s
    history = len(s.state.history)
    release.set()
    time.sleep(0.05)
    s.update(0.02)
    assert len(s.state.history) == history


def test_human_apply_and_illegal():
    s = GameSession(seats(["human", "random", "random"]), seed=2)
    assert s.human_to_decide()
    with pytest.raises(IllegalActionError):
        s.apply(A.Leisure())
    got = []
    s.add_listener(got.append)
    s.apply(A.ChooseStartTiles((3, 3, 3, 3)))
    assert got and s.log
    s.close()


def test_json_round_trip():
    s = GameSession(seats(["human", "easy", "normal", "hard"]), seed=9, speed="instant")
    s.apply(A.ChooseStartTiles((1, 2, 3, 0)))
    run_bots(s, 200)
    text = s.to_json()
    t = GameSession.from_json(text)
    assert t.to_json() == text
    assert [x.kind for x in t.seats] == ["human", "easy", "normal", "hard"]
    assert t.state.history == s.state.history
    with pytest.raises(SaveFormatError):
        GameSession.from_json("{}")
    with pytest.raises(SaveFormatError):
        GameSession.from_json("not json")
    s.close()
    t.close()


def _to_human_turn(s):
    while not s.state.over:
        run_bots(s)
        if s.state.step == Decision.TURN and s.human_to_decide():
            return
        s.apply(s.legal()[0] if s.state.step != Decision.CHOOSE_START_TILES else A.ChooseStartTiles((3, 3, 3, 3)))


def test_undo_placements_but_not_draws():
    s = GameSession(seats(["human", "random", "random"]), seed=4, speed="instant")
    _to_human_turn(s)
    assert not s.can_undo()
    before = s.to_json()
    place = next(a for a in s.legal() if isinstance(a, A.PlaceTile))
    s.apply(place)
    assert s.can_undo()
    assert s.undo()
    assert s.to_json() == before
    s.apply(place)
    s.apply(A.FinishExpanding())
    assert not s.can_undo()
    s.close()


def test_undo_several_steps_and_not_past_a_draw():
    s = GameSession(seats(["human", "random", "random"]), seed=6, speed="instant")
    _to_human_turn(s)
    snapshots = [s.to_json()]
    for _ in range(2):
        place = next(a for a in s.legal() if isinstance(a, A.PlaceTile) and a.tile.name != "GROVE")
        s.apply(place)
        snapshots.append(s.to_json())
    trade = next((a for a in s.legal() if isinstance(a, A.Trade)), None)
    if trade is not None:
        s.apply(trade)
        snapshots.append(s.to_json())
    while s.can_undo():
        snapshots.pop()
        assert s.undo()
        assert s.to_json() == snapshots[-1]
    assert len(snapshots) == 1
    # a bot's move ends undo for good
    s.apply(A.Leisure())
    s.apply(A.EndTurn())
    run_bots(s)
    assert not s.can_undo() and not s.undo()
    s.close()
