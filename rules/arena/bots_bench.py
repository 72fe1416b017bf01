"""Figures for `make bench`: how long each level takes to decide, and how fast Hard searches.

Times are CPU seconds of the deciding thread: one core's figures, whatever else the machine is doing. The
positions come from a recorded game (``bench_game.json``, four Normal players on seed 7), not from a game played
afresh, so that a change to a bot's play does not change the positions the bench measures: figures of two
versions compare like with like. A change to the rules that the record no longer replays under needs a new
record (``python -m rules.arena.bots_bench --record``).

    from rules.arena.bots_bench import bot_bench
    for name, value in bot_bench().items(): print(name, value)
"""

from __future__ import annotations

import json
import sys
import time
from importlib import resources
from pathlib import Path

from rules import Decision, apply_unchecked, new_game
from rules.bots import HardBot, make_bot
from rules.bots.rollout import PlayoutPolicy
from rules.serialize import game_from_dict, game_to_json
from rules.state import GameState

BENCH_GAME = "bench_game.json"


def bench_game() -> GameState:
    """The recorded game the bench's positions are taken from, replayed through the checked engine."""
    return game_from_dict(json.loads(resources.files("rules.arena").joinpath(BENCH_GAME).read_text("utf-8")))


def sample_positions(count: int = 24) -> list:
    """Views of real decisions (more than one legal action), every fifth of the recorded game's."""
    played = bench_game()
    state = new_game(played.names, played.seed, first_game=played.first_game)
    views = []
    every = 0
    for action in played.history:
        view = state.view(state.decider)
        if len(view.legal) > 1:
            every += 1
            if every % 5 == 0:
                views.append(view)
        state.apply(action)
    step = max(1, len(views) // count)
    return views[::step][:count]


def record_bench_game(seed: int = 7) -> str:
    """A new record for the bench: four Normal players on ``seed``, as JSON."""
    bots = [make_bot("normal", seed=seed + i) for i in range(4)]
    state = new_game(["a", "b", "c", "d"], seed=seed)
    while not state.over:
        view = state.view(state.decider)
        state.apply(bots[state.decider].choose(view, list(view.legal)))
    return game_to_json(state)


def bot_bench(positions: int = 24, hard_turns: int = 8, seed: int = 7) -> dict[str, float]:
    """Decision times of Easy and Normal; Hard's thinking per turn at its default budget, its samples and
    playouts per second (those of decades I and II play to the next ball or building scoring, those of decade
    III to the end of the game); the playout policy's speed."""
    views = sample_positions(positions)
    figures: dict[str, float] = {"positions": float(len(views))}
    for level in ("easy", "normal"):
        bot = make_bot(level, seed=1)
        times = []
        for view in views:
            started = time.thread_time()
            bot.choose(view, list(view.legal))
            times.append(time.thread_time() - started)
        figures[f"{level}_decision_ms_mean"] = 1000 * sum(times) / len(times)
        figures[f"{level}_decision_ms_max"] = 1000 * max(times)
    figures.update(_hard_figures(views, hard_turns))
    figures.update(_playout_figures(games=4, seed=seed))
    return figures


def _hard_figures(views: list, turns: int) -> dict[str, float]:
    """Hard at the start of its turns (where it searches), at its default budget of a second a turn."""
    starts = [v for v in views if v.state.step == Decision.TURN and not v.state.action_taken][:turns]
    bot = HardBot(seed=1)
    times = []
    by_horizon = {"to_scoring": [0, 0.0], "to_end": [0, 0.0]}  # playouts and CPU seconds
    for view in starts:
        playouts = bot.total_playouts
        started = time.thread_time()
        bot.choose(view, list(view.legal))
        times.append(time.thread_time() - started)
        tally = by_horizon["to_end" if view.state.decade == 3 else "to_scoring"]
        tally[0] += bot.total_playouts - playouts
        tally[1] += times[-1]
    seconds = max(sum(times), 1e-9)
    return {
        "hard_turn_start_s_mean": sum(times) / max(1, len(times)),
        "hard_samples_per_turn": bot.total_samples / max(1, len(times)),
        "hard_samples_per_second": bot.total_samples / seconds,
        "hard_playouts_per_second": bot.total_playouts / seconds,
        **{f"hard_playouts_per_second_{name}": count / max(cpu, 1e-9) for name, (count, cpu) in by_horizon.items()},
        **_fixed_work_figures(starts),
    }


def _fixed_work_figures(starts: list, iterations: int = 32) -> dict[str, float]:
    """Hard's playouts per CPU second at a fixed amount of work a turn: the same playouts however busy the
    machine is (at a time budget a busy machine leaves fewer worlds a turn, over which the planning before
    them weighs more)."""
    bot = HardBot(seed=1, iterations=iterations)
    started = time.thread_time()
    for view in starts:
        bot.choose(view, list(view.legal))
    return {f"hard_playouts_per_second_{iterations}_worlds": bot.total_playouts / (time.thread_time() - started)}


def _playout_figures(games: int, seed: int) -> dict[str, float]:
    """The playout policy playing whole 4-player games: microseconds per decision, its choice and the engine's
    unchecked apply of it together (a playout does both)."""
    policy = PlayoutPolicy()
    decisions = 0
    started = time.thread_time()
    for g in range(games):
        state = new_game(["a", "b", "c", "d"], seed=seed + g)
        while not state.over:
            apply_unchecked(state, policy.choose(state))
            decisions += 1
    return {"playout_policy_us_per_decision": 1e6 * (time.thread_time() - started) / decisions}


if __name__ == "__main__":
    if sys.argv[1:] == ["--record"]:
        Path(__file__).with_name(BENCH_GAME).write_text(record_bench_game() + "\n", encoding="utf-8")
    else:
        for name, value in bot_bench().items():
            print(f"{name:40} {value:10.2f}")
