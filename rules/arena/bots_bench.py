"""Figures for `make bench`: how long each level takes to decide, and how fast Hard searches.

    from rules.arena.bots_bench import bot_bench
    for name, value in bot_bench().items(): print(name, value)
"""

from __future__ import annotations

import time

from rules import new_game
from rules.bots import HardBot, make_bot


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


def bot_bench(positions: int = 24, hard_budget: float = 0.2, seed: int = 7) -> dict[str, float]:
    """Mean and max decision time per level over the same positions; Hard's samples and playouts per second."""
    views = sample_positions(positions, seed)
    figures: dict[str, float] = {"positions": float(len(views))}
    for level in ("easy", "normal", "hard"):
        bot = HardBot(seed=1, budget=hard_budget) if level == "hard" else make_bot(level, seed=1)
        times = []
        for view in views:
            started = time.perf_counter()
            bot.choose(view, list(view.legal))
            times.append(time.perf_counter() - started)
        figures[f"{level}_decision_ms_mean"] = 1000 * sum(times) / len(times)
        figures[f"{level}_decision_ms_max"] = 1000 * max(times)
        if isinstance(bot, HardBot):
            seconds = max(bot.total_search_seconds, 1e-9)
            figures["hard_samples_per_second"] = bot.total_samples / seconds
            figures["hard_playouts_per_second"] = bot.total_playouts / seconds
    return figures


if __name__ == "__main__":
    for name, value in bot_bench().items():
        print(f"{name:32} {value:10.2f}")
