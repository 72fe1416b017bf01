"""Where and when the computer players think (game.thinking, game.session): ahead while the table is paused,
Hard in a worker process; the same game whichever way, and nothing left running once a game is closed."""

from __future__ import annotations

import pickle
import threading
import time

import pytest

from game import thinking
from game.session import GameSession, SeatSpec
from game.shell.shutdown import quit_pygame
from rules import actions as A
from tests.game.test_table_support import deadline

COLOURS = ["#D55E00", "#0072B2", "#009E73", "#E69F00"]
CRESTS = ["lion", "rose", "stag", "swan"]
#: Hard with fixed work, so that a game repeats exactly
QUICK_HARD = {"hard": "hard:iterations=2"}


def seats(kinds):
    return [SeatSpec(f"P{i}", k, COLOURS[i], CRESTS[i]) for i, k in enumerate(kinds)]


def bot_threads(besides: frozenset[threading.Thread] = frozenset()) -> list[threading.Thread]:
    """The computer players' threads alive, but ``besides`` (those of games other tests of this worker left to end
    by themselves: a test of its own game's threads looks at those alone)."""
    return [t for t in threading.enumerate() if t.name.startswith("noblemen-bot") and t not in besides]


def wait_until(condition, seconds: float = 30.0) -> bool:
    for _ in deadline(seconds):
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def play(session: GameSession, actions: int, paused=lambda step: False) -> list:
    """Let the computer players take ``actions`` actions, the session paused at the steps ``paused`` says."""
    for step in range(100_000):
        if len(session.state.history) >= actions or session.state.over:
            break
        session.paused = paused(step)
        session.update(0.02)
        if session.paused:
            time.sleep(0.001)
    return list(session.state.history[:actions])


def test_a_computer_player_thinks_while_paused_and_its_choice_waits_for_the_pause_to_end():
    asked = threading.Event()
    release = threading.Event()

    class Spy:
        def choose(self, view, legal):
            asked.set()
            release.wait(10)
            return legal[0]

    s = GameSession(seats(["random"] * 3), seed=5, speed="instant")
    s._bots = {i: Spy() for i in range(3)}
    s.paused = True
    s.update(0.02)
    assert asked.wait(5) and s.thinking()  # thinking although paused
    release.set()
    assert wait_until(lambda: not s.thinking())
    for _ in range(5):
        assert s.update(0.02) == [] and s.state.history == []  # the answer waits
    s.paused = False
    assert s.update(0.02) and len(s.state.history) >= 1
    s.close()


def test_the_next_player_starts_thinking_as_soon_as_an_action_is_applied():
    """A move applied while the table will animate it (paused, no update): the next decision is already being
    thought about, from the view of the seat that decides."""
    asked = []

    class Spy:
        def choose(self, view, legal):
            asked.append(view.seat)
            return legal[0]

    s = GameSession(seats(["human", "random", "random"]), seed=2, speed="normal")
    s._bots = {1: Spy(), 2: Spy()}
    s.paused = True
    s.apply(A.ChooseStartTiles((3, 3, 3, 3)))
    assert s.state.decider != 0
    assert wait_until(lambda: asked == [s.state.decider], 5.0)
    assert len(s.state.history) == 1
    s.close()


def test_the_player_after_a_waiting_answer_thinks_on_the_state_that_answer_brings():
    """An answer waits for the pause to end; meanwhile the next player is asked, once, with the view of the
    state after that answer (the same as after it is applied); and so on, one decision ahead."""
    asked: list[tuple[int, int]] = []  # (seat asked, actions applied by then)
    seen: list = []

    class Spy:
        def choose(self, view, legal):
            asked.append((view.seat, len(s.state.history)))
            seen.append((view.seat, pickle.dumps(view.state), tuple(legal)))
            return legal[0]

    s = GameSession(seats(["random"] * 3), seed=5, speed="normal")
    s._bots = {i: Spy() for i in range(3)}
    s.paused = True
    s.update(0.0)
    assert wait_until(lambda: len(asked) == 1 and not s.thinking())
    s.update(0.0)  # its answer waits: the next player thinks on the state it brings
    assert wait_until(lambda: len(asked) == 2) and asked[1][1] == 0
    seat, state, legal = seen[1]
    s.paused = False
    s.update(0.0)
    assert len(s.state.history) == 1
    assert s.state.decider == seat and tuple(s.legal()) == legal and pickle.dumps(s.view(seat).state) == state
    for _ in range(3):
        s.update(1.0)
        time.sleep(0.05)
    assert len(s.state.history) >= 3
    assert len(set(seen)) == len(seen)  # each decision asked once
    # the k-th decision asked one ahead: once the answer before it came (its thread may run only after that answer
    # is applied, never later)
    assert asked[0][1] == 0 and all(k - 1 <= n <= k for k, (_, n) in enumerate(asked) if k)
    s.close()


@pytest.mark.parametrize("seed", [3, 8])
def test_the_same_game_with_think_ahead_in_a_process_as_without_on_threads(seed, monkeypatch):
    """Fixed seeds, Hard with fixed work: thinking ahead while paused, in a worker process, plays exactly the
    game played without pauses, every player on a thread."""
    kinds = ["hard", "normal", "hard"]
    ahead = GameSession(seats(kinds), seed, speed="instant", specs=QUICK_HARD)
    got = play(ahead, 60, paused=lambda step: step % 5 < 3)
    assert ahead._process is not None and ahead._process.alive and not ahead._process.broken
    ahead.close()
    monkeypatch.setattr(thinking, "OWN_PROCESS", frozenset())
    plain = GameSession(seats(kinds), seed, speed="instant", specs=QUICK_HARD)
    assert plain._process is None
    assert play(plain, 60) == got and len(got) == 60
    plain.close()


def test_hard_thinks_in_another_process_and_closing_stops_it_at_once():
    before = frozenset(bot_threads())
    s = GameSession(seats(["hard", "hard", "hard"]), seed=4, speed="instant", specs={"hard": "hard:budget=60"})
    s.update(0.02)
    assert wait_until(lambda: s._process is not None and s._process.alive)
    assert s.thinking()
    time.sleep(0.2)  # well into a search of a minute
    t = time.perf_counter()
    s.close()
    s.close()
    assert time.perf_counter() - t < 2.0
    assert not s._process.alive
    assert wait_until(lambda: not bot_threads(before), 5.0), bot_threads(before)
    assert s.update(0.02) == [] and s.state.history == []


def test_a_dead_process_leaves_its_players_deciding_on_threads(capsys):
    s = GameSession(seats(["hard", "normal", "hard"]), seed=6, speed="instant", specs=QUICK_HARD)
    play(s, 5)
    assert wait_until(lambda: s._process.alive)
    s._process._process.kill()
    got = play(s, 40)
    assert len(got) == 40 and s._process.broken and s.last_bot_error is None
    assert "think in the game's process" in capsys.readouterr().err
    s.close()


def test_quitting_the_game_while_hard_thinks_in_its_process_leaves_nothing_running():
    import pygame

    from game.scenes.table import TableScene
    from tests.game.test_table_support import frames, make_app

    before = frozenset(bot_threads())
    app = make_app()
    session = GameSession(seats(["hard", "hard", "hard"]), seed=2, speed="normal", specs={"hard": "hard:budget=60"})
    app.stack.push(TableScene(app.ctx, session))
    try:
        assert wait_until(lambda: (frames(app, 1), session.thinking() and session._process.alive)[1])
        t = time.perf_counter()
        app.handle_event(pygame.event.Event(pygame.QUIT))
        app.stack.clear()
        assert not app.running and session.closed and time.perf_counter() - t < 2.0
        assert not session._process.alive
        assert wait_until(lambda: not bot_threads(before), 5.0), bot_threads(before)
    finally:
        app.stack.clear()
        quit_pygame()
