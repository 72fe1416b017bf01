"""Speed figures of the engine, printed by `make bench` (never asserted in tests), in CPU seconds of the
measuring thread: one core's figures, whatever else the machine is doing.

Targets (issue: rules engine): a full 4-player game between random players in under 40 ms on one core
(>= 25 games/s), copy() under 50 µs.
"""

from __future__ import annotations

import random
import statistics
import time

from rules.arena.bots_bench import bot_bench
from rules.engine import apply, apply_unchecked
from rules.flow import new_game
from rules.serialize import game_from_json, game_to_json
from rules.state import GameState


def _random_game(players: int, seed: int, *, checked: bool) -> tuple[GameState, int]:
    rng = random.Random(seed)
    state = new_game([f"P{i}" for i in range(players)], seed)
    decisions = 0
    while not state.over:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if checked:
            apply(state, action, legal)  # checked against the list just made, as a bot's move is
        else:
            apply_unchecked(state, action)
        decisions += 1
    return state, decisions


def _time_per_call(fn, repeat: int) -> float:
    start = time.thread_time()
    for _ in range(repeat):
        fn()
    return (time.thread_time() - start) / repeat


def engine_figures(games: int = 60) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    mid_states: list[GameState] = []
    for players in (3, 4, 5):
        decisions = []
        start = time.thread_time()
        for g in range(games):
            state, d = _random_game(players, g, checked=True)
            decisions.append(d)
        elapsed = time.thread_time() - start
        rows.append((f"{players}p random games/s (checked apply)", f"{games / elapsed:.1f}  "
                     f"({1000 * elapsed / games:.1f} ms/game)"))
        start = time.thread_time()
        for g in range(games):
            _random_game(players, g, checked=False)
        elapsed = time.thread_time() - start
        rows.append((f"{players}p random games/s (unchecked)", f"{games / elapsed:.1f}  "
                     f"({1000 * elapsed / games:.1f} ms/game)"))
        rows.append((f"{players}p mean decisions per game", f"{statistics.mean(decisions):.0f}"))
        # a mid-game position for the per-call figures: replay half of a game
        full, _ = _random_game(players, 999, checked=True)
        mid = new_game(full.names, full.seed)
        for action in full.history[: len(full.history) // 2]:
            apply_unchecked(mid, action)
        for action in full.history[len(full.history) // 2:]:  # stop at a turn's first step: the widest choice
            if mid.step.name == "TURN" and not mid.action_taken:
                break
            apply_unchecked(mid, action)
        mid_states.append(mid)
    state4 = mid_states[1]
    rows.append(("copy() mid-game 4p", f"{1e6 * _time_per_call(state4.copy, 3000):.1f} µs"))
    rows.append(("copy(keep_history=False) 4p",
                 f"{1e6 * _time_per_call(lambda: state4.copy(keep_history=False), 3000):.1f} µs"))
    rows.append(("legal_actions() mid-game 4p", f"{1e6 * _time_per_call(state4.legal_actions, 3000):.1f} µs "
                 f"({len(state4.legal_actions())} actions)"))
    rows.append(("view(seat) mid-game 4p", f"{1e6 * _time_per_call(lambda: state4.view(0), 2000):.1f} µs"))
    late, _ = _random_game(4, 1234, checked=True)
    text = game_to_json(late)
    rows.append(("save to JSON, finished 4p game", f"{1000 * _time_per_call(lambda: game_to_json(late), 50):.2f} ms "
                 f"({len(text) // 1024} KiB)"))
    rows.append(("load (replay) finished 4p game", f"{1000 * _time_per_call(lambda: game_from_json(text), 10):.1f} ms"))
    return rows


def run(quick: bool = False) -> None:
    print("Noblemen engine benchmark (one core)")
    rows = engine_figures(games=15 if quick else 60)
    figures = bot_bench()
    rows.extend((f"bots: {name.replace('_', ' ')}", f"{value:.1f}") for name, value in figures.items())
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")
