"""Computer opponents: Easy, Normal and Hard, and the simple random and greedy players. They decide from a
player's view only.

    bot = make_bot("hard", seed=1)
    action = bot.choose(state.view(seat), state.legal_actions())
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rules.actions import Action
from rules.bots.hard import HardBot
from rules.bots.heuristic import EasyBot, NormalBot
from rules.bots.simple import PLAYERS, GreedyPlayer, RandomPlayer
from rules.view import PlayerView

LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


class Bot(Protocol):
    """What every computer player offers: a name, a choice from a view, and how long that choice took."""

    name: str
    last_seconds: float

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


class _Adapter:
    """Wraps the simple players of rules.bots.simple (random, greedy) into the bot protocol."""

    def __init__(self, cls: type[RandomPlayer | GreedyPlayer], seed: int = 0) -> None:
        self._player = cls(seed)
        self.name: str = cls.name
        self.last_seconds = 0.0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0] if len(legal) == 1 else self._player.choose(view, list(legal))


def bot_names() -> list[str]:
    return [*LEVELS, *PLAYERS]


def make_bot(name: str, seed: int = 0, budget: float | None = None, iterations: int | None = None) -> Bot:
    """A bot by level name ("easy", "normal", "hard") or simple player name ("random", "greedy")."""
    key = name.strip().lower()
    if key in LEVELS:
        return LEVELS[key](seed=seed, budget=budget, iterations=iterations)
    if key in PLAYERS:
        return _Adapter(PLAYERS[key], seed)
    raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(bot_names())}")


__all__ = ["LEVELS", "Bot", "EasyBot", "HardBot", "NormalBot", "bot_names", "make_bot"]
