"""Computer opponents: Easy, Normal and Hard. They decide from a player's view only.

    bot = make_bot("hard", seed=1)
    action = bot.choose(state.view(seat), state.legal_actions())

Protocol: a class with `__init__(seed=0, budget=None, iterations=None)` and `choose(view, legal) -> action`.
"""

from __future__ import annotations

from rules.bots.hard import HardBot
from rules.bots.heuristic import EasyBot, NormalBot
from rules.players import PLAYERS

LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


class _Adapter:
    """Wraps the simple players of rules.players (random, greedy) into the bot protocol."""

    def __init__(self, cls, seed: int = 0, budget: float | None = None, iterations: int | None = None) -> None:
        self._player = cls(seed)
        self.name = cls.name
        self.last_seconds = 0.0

    def choose(self, view, legal):
        return legal[0] if len(legal) == 1 else self._player.choose(view, list(legal))


def bot_names() -> list[str]:
    return [*LEVELS, *PLAYERS]


def make_bot(name: str, seed: int = 0, budget: float | None = None, iterations: int | None = None):
    """A bot by level name ("easy", "normal", "hard") or simple player name ("random", "greedy")."""
    key = name.strip().lower()
    if key in LEVELS:
        return LEVELS[key](seed=seed, budget=budget, iterations=iterations)
    if key in PLAYERS:
        return _Adapter(PLAYERS[key], seed, budget, iterations)
    raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(bot_names())}")


__all__ = ["LEVELS", "EasyBot", "HardBot", "NormalBot", "bot_names", "make_bot"]
