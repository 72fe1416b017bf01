"""Computer opponents: Easy, Normal and Hard, and the simple random and greedy players. They decide from a
player's view only.

    bot = make_bot("hard", seed=1)
    action = bot.choose(state.view(seat), state.legal_actions())

A bot is named by a spec: a level or simple player name, optionally with options after colons, e.g.
``hard:budget=4`` (four times the thinking) or ``hard:iterations=64`` (fixed work: reproducible games).
An earlier version of Hard kept as a baseline is named like a level (``hard-0.1:iterations=8``): it is Hard
with the options that select the behaviour of that version (VERSIONS), not a copy of its code.

The coach: ``suggest(view)`` is a hint from a player's view (rules/bots/hint.py); ``explain(view, suggestion)``
says why, as reasons in the game's terms and the margin (rules/bots/explain.py); ``same_move(line, other)`` says
whether two turns are one move made two ways (rules/bots/whole_turn.py); ``review_game`` reviews one seat's play in
a whole game (rules/bots/review.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rules.actions import Action
from rules.bots.explain import Explanation, Gain, Reason, explain, reasons_for
from rules.bots.hard import HardBot
from rules.bots.heuristic import EasyBot, NormalBot
from rules.bots.hint import HINT_SAMPLES, Suggestion, suggest
from rules.bots.review import (
    REVIEW_SAMPLES,
    REVIEW_SEED,
    Review,
    ReviewedDecision,
    ReviewEstimate,
    estimate_review,
    review_game,
)
from rules.bots.rollout import PlayoutPlayer
from rules.bots.search import Budget
from rules.bots.simple import GreedyPlayer, RandomPlayer
from rules.bots.spec_options import OPTIONS, clip, parse_options
from rules.bots.whole_turn import same_move
from rules.observer import PlayerView

LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
#: simple players for measuring: random, greedy, and Hard's playout policy playing on its own
PLAYERS: dict[str, type[RandomPlayer | GreedyPlayer | PlayoutPlayer]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer, "playout": PlayoutPlayer,
}
#: frozen versions of Hard, the baselines that paired tests compare a change with: the options of Hard that
#: select how that version decided (options given in a spec come on top, e.g. ``hard-0.1:iterations=8``)
# the tiles at the leaves, and the last decade's land raced whatever it draws, until hard-0.2
_LEAVES_0_2 = {"leaf_tiles": "1", "room_share": "0.5", "leaf_tiles_fade": "false", "last_land": "false"}
# every race used its whole budget, however clear its leader, until hard-0.3
_RACES_0_3 = {"settle": "0"}
VERSIONS: dict[str, dict[str, str]] = {
    # hard-0.1: Hard as issue 13 left it
    "hard-0.1": {"outlook": "false", "trade": "false", "inherit": "false", "room": "false", "scoring": "false",
                 "choices": "false", "queen_leaf": "false",
                 "whole_donation": "false", "reach": "false",
                 "last_tiles": "false", "packed_squares": "false", **_LEAVES_0_2, **_RACES_0_3},
    # hard-0.2: Hard before its leaves counted tiles double through decades I and II (issue 22, E32, E33)
    "hard-0.2": {**_LEAVES_0_2, **_RACES_0_3},
    # hard-0.3: Hard before a race stopped once its leader was clearly ahead (issue 22, E77)
    "hard-0.3": dict(_RACES_0_3),
}


class Bot(Protocol):
    """What every computer player offers: a name, a choice from a view, and how long that choice took."""

    name: str
    last_seconds: float

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


class _Adapter:
    """Wraps the simple players (random, greedy, playout) into the bot protocol."""

    def __init__(self, cls: type[RandomPlayer | GreedyPlayer | PlayoutPlayer], seed: int = 0) -> None:
        self._player = cls(seed)
        self.name: str = cls.name
        self.last_seconds = 0.0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0] if len(legal) == 1 else self._player.choose(view, list(legal))


def bot_names() -> list[str]:
    return [*LEVELS, *PLAYERS, *VERSIONS]


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"hard:budget=4"`` -> ``("hard", {"budget": "4"})``, a frozen version as Hard with its options;
    ValueError for an unknown name or a malformed, unknown or out-of-range option."""
    name, *parts = spec.strip().lower().split(":")
    if name not in LEVELS and name not in PLAYERS and name not in VERSIONS:
        raise ValueError(f"unknown bot {clip(name)!r}; choose one of {', '.join(bot_names())}")
    options: dict[str, str] = dict(VERSIONS.get(name, {}))
    if name in VERSIONS:
        name = "hard"
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ValueError(f"bot option {clip(part)!r} in {clip(spec)!r} is not of the form key=value")
        options[key.strip()] = value.strip()
    if parts and name not in OPTIONS:
        raise ValueError(f"only {' and '.join(OPTIONS)} take options, not {name!r}")
    if options:
        parse_options(options, OPTIONS[name], name)  # each option's type and range (rules/bots/spec_options.py)
    return name, options


def make_bot(spec: str, seed: int = 0, budget: float | None = None, iterations: int | None = None) -> Bot:
    """A bot by spec: a level ("easy", "normal", "hard", with options for normal and hard) or "random", "greedy"."""
    name, options = parse_spec(spec)
    if name in LEVELS:  # parse_spec let options through only for the levels that take them
        return LEVELS[name](seed=seed, budget=budget, iterations=iterations, options=options)
    return _Adapter(PLAYERS[name], seed)


__all__ = [
    "HINT_SAMPLES", "LEVELS", "REVIEW_SAMPLES", "REVIEW_SEED", "VERSIONS", "Bot", "Budget", "EasyBot",
    "Explanation", "Gain", "HardBot", "NormalBot", "Reason", "Review", "ReviewEstimate", "ReviewedDecision",
    "Suggestion", "bot_names", "estimate_review", "explain", "make_bot", "parse_spec", "reasons_for", "review_game",
    "same_move", "suggest",
]
