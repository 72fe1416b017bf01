"""The options a bot spec may give (``hard:budget=4:leaf=0.5``), each with its type and its range.

One table per level, :data:`HARD_OPTIONS` and :data:`NORMAL_OPTIONS`, says what every option of that bot is:
the spec's parser checks a spec with it before any game starts (a bad option is one clear line, never a
traceback in a worker), and the bot reads its options through it. Every field of
:class:`rules.bots.search.SearchSettings` is an option of Hard of the same name; a field added there needs its
entry here (tests/bots/test_spec_options.py says so), until then it cannot be set from a spec.
"""

from __future__ import annotations

import math
from typing import Any

import attrs

#: the words a spec may write a yes/no option with
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")
#: the most worlds a turn may be given (64 is already some seconds a turn)
MOST_ITERATIONS = 10_000


@attrs.frozen
class Option:
    """An option's type (bool, int or float) and its range: ``low`` to ``high`` (``low`` itself excluded when
    ``above``)."""

    kind: type
    low: float = 0
    high: float = 1
    above: bool = False

    def parse(self, name: str, text: str) -> Any:
        """The value ``text`` stands for; ValueError with a one-line reason if it is not one of this option's."""
        if self.kind is bool:
            word = text.strip().lower()
            if word not in TRUE_WORDS + FALSE_WORDS:
                raise ValueError(f"option {name}={clip(text)} is not yes or no ({', '.join(TRUE_WORDS)} "
                                 f"or {', '.join(FALSE_WORDS)})")
            return word in TRUE_WORDS
        try:
            value = self.kind(text)
        except ValueError:
            kind = "whole number" if self.kind is int else "number"
            raise ValueError(f"option {name}={clip(text)} is not a {kind}") from None
        low_ok = value > self.low if self.above else value >= self.low
        if not (math.isfinite(value) and low_ok and value <= self.high):
            raise ValueError(f"option {name} must be {self.range_text()}, not {clip(text)}")
        return value

    def range_text(self) -> str:
        if self.kind is bool:
            return "yes or no"
        low = f"more than {self.low:g}" if self.above else f"from {self.low:g}"
        return f"{low} {'and at most' if self.above else 'to'} {self.high:g}"


HARD_OPTIONS: dict[str, Option] = {
    # how much Hard thinks (rules/bots/hard.py)
    "budget": Option(float, 0, 3600, above=True),  # seconds a turn
    "iterations": Option(int, 1, MOST_ITERATIONS),  # sampled worlds a turn: fixed work, reproducible games
    "clock": Option(float, 0, 100),  # the multiple of a budget of CPU seconds the clock may run (0: no limit)
    # the fields of SearchSettings (rules/bots/search.py)
    "candidates": Option(int, 1, 50),
    "to_end": Option(bool),
    "leaf": Option(float, 0, 100),
    "share": Option(float, 0, 100),
    "prior": Option(float, 0, 100),
    "halving": Option(bool),
    "variants": Option(int, 0, 50),
    "ball": Option(bool),
    "horizon": Option(int, 1, 20),
    "outlook": Option(bool),
    "trade": Option(bool),
    "inherit": Option(bool),
    "room": Option(bool),
    "room_share": Option(float, 0, 1, above=True),
    "tile_worth": Option(float, 0, 5),
    "scoring": Option(bool),
    "choices": Option(bool),
    "count_money": Option(bool),
    "queen_leaf": Option(bool),
    "ball_prior": Option(bool),
    "whole_donation": Option(bool),
    "reach": Option(bool),
    "last_tiles": Option(bool),
    "temper": Option(float, 0, 100),
    "rival": Option(float, 0, 1),
    "close": Option(float, 0, 100),
    "even_leaf": Option(bool),
    "others_normal": Option(bool),
    "packed_squares": Option(bool),
    "folly_site": Option(bool),
    "leaf_tiles": Option(float, 0, 10),
    "leaf_tiles_decades": Option(int, 1, 2),
    "leaf_tiles_fade": Option(bool),
    "leaf_income": Option(bool),
    "leaf_hope": Option(float, 0, 1),
    "last_land": Option(bool),
    "last_ball": Option(bool),
    "distinct": Option(bool),
    "settle": Option(float, 0, 10),
}


#: Normal's options, for experiments (docs/balance.md, sections 18 and 19): weights of its evaluation
#: (rules/bots/evaluate.py, NORMAL_WEIGHTS) a spec may change; Easy and Hard take none of them
NORMAL_OPTIONS: dict[str, Option] = {
    "queen": Option(float, 0, 20),  # VP-equivalents holding the Queen is worth to her holder (Normal's: 3.5)
    "palace_race": Option(float, 0, 20),  # VP an owned palace is worth more while two building scorings are to come
    "queen_keep": Option(float, 0, 5),  # the share the Queen is worth more while no palace can take her (Normal's: 0.2)
    "folly": Option(float, 0, 2),  # the share of a folly's VP its regions in the estate are worth (Normal's: 0.3)
    "vicar": Option(float, 0, 4),  # VP-equivalents a Favour of the Vicar held is worth (Normal's: 3)
    "vicar_tiles": Option(float, 0, 1),  # 1: in the last decade no more than the tiles held bring (Normal's: 1)
}

#: the options of each bot that takes any
OPTIONS = {"hard": HARD_OPTIONS, "normal": NORMAL_OPTIONS}


def parse_options(options: dict[str, str], table: dict[str, Option] = HARD_OPTIONS,
                  bot: str = "hard") -> dict[str, Any]:
    """``options`` as values, each checked against ``table``; ValueError names the first bad one."""
    values = {}
    for name, text in options.items():
        option = table.get(name)
        if option is None:
            raise ValueError(f"unknown option {clip(name)!r} for {bot}; choose from {', '.join(table)}")
        values[name] = option.parse(name, text)
    return values


def clip(text: str, limit: int = 40) -> str:
    """A value as an error message may echo it: a 4,000-digit number is not repeated whole."""
    return text if len(text) <= limit else f"{text[:limit - 3]}..."
