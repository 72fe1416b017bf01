"""Figures for `make bench`: how long each level takes to decide, and how fast Hard searches.

Times are CPU seconds of the deciding thread: one core's figures, whatever else the machine is doing; only
Hard's worlds per second of the clock, alone and with its worker processes, need an idle machine.

    from rules.arena.bots_bench import bot_bench
    for name, value in bot_bench().items(): print(name, value)
"""

from __future__ import annotations

import time

from rules import Decision, apply_unchecked, new_game
from rules.bots import HardBot, make_bot
from rules.bots.parallel import default_workers
from rules.bots.rollout import PlayoutPolicy


def sample_positions(count: int = 24, seed: int = 7) -> list:
    """Views of real decisions (more than one legal action) from a game between Normal bots."""
    bots = [make_bot("normal", seed=seed + i) for i in range(4)]
    state = new_game(["a", "b", "c", "d"], seed=seed)
    views = []
    every = 0
    while not state.over:
        seat = state.decider
        view = state.view(seat)
        if len(view.legal) > 1:
            every += 1
            if every % 5 == 0:
                views.append(view)
        state.apply(bots[seat].choose(view, list(view.legal)))
    step = max(1, len(views) // count)
    return views[::step][:count]


def bot_bench(positions: int = 24, hard_turns: int = 8, seed: int = 7) -> dict[str, float]:
    """Decision times of Easy and Normal; Hard's thinking per turn at its default budget, its samples and
    playouts per second; the playout policy's speed."""
    views = sample_positions(positions, seed)
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
    bot = HardBot(seed=1, options={"workers": "0"})  # one core's figures
    times = []
    for view in starts:
        started = time.thread_time()
        bot.choose(view, list(view.legal))
        times.append(time.thread_time() - started)
    seconds = max(sum(times), 1e-9)
    return {
        "hard_turn_start_s_mean": sum(times) / max(1, len(times)),
        "hard_samples_per_turn": bot.total_samples / max(1, len(times)),
        "hard_samples_per_second": bot.total_samples / seconds,
        "hard_playouts_per_second": bot.total_playouts / seconds,
        **_fixed_work_figures(starts),
        **_worker_figures(starts),
    }


def _fixed_work_figures(starts: list, iterations: int = 32) -> dict[str, float]:
    """Hard's playouts per CPU second at a fixed amount of work a turn: the same playouts however busy the
    machine is (at a time budget a busy machine leaves fewer worlds a turn, over which the planning before
    them weighs more)."""
    bot = HardBot(seed=1, iterations=iterations, options={"workers": "0"})
    started = time.thread_time()
    for view in starts:
        bot.choose(view, list(view.legal))
    return {f"hard_playouts_per_second_{iterations}_worlds": bot.total_playouts / (time.thread_time() - started)}


def _worker_figures(starts: list) -> dict[str, float]:
    """Hard's sampled worlds per second of the clock at its default budget, alone and with the worker
    processes it uses on this machine (both need idle cores to mean anything)."""
    workers = default_workers()
    if not workers or not starts:
        return {}
    out = {}
    for count in (0, workers):
        options = {"workers": str(count)}
        HardBot(seed=2, options=options).choose(starts[0], list(starts[0].legal))  # the pool starts unmeasured
        bot = HardBot(seed=1, options=options)
        started = time.perf_counter()
        for view in starts:
            bot.choose(view, list(view.legal))
        out[f"hard_worlds_per_wall_s_{count}_workers"] = bot.total_samples / (time.perf_counter() - started)
    return out


def _playout_figures(games: int, seed: int) -> dict[str, float]:
    """The playout policy playing whole 4-player games: microseconds per decision."""
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
    for name, value in bot_bench().items():
        print(f"{name:32} {value:10.2f}")
