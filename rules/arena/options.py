"""Checked command-line values for the headless tools: bad input gets one clear line and exit status 2.

Each function is an argparse ``type``: it returns the value or raises ``ArgumentTypeError`` with the reason,
and :class:`OneLineParser` prints that reason on a single line (no usage dump, no traceback). A value is
echoed clipped (a seed of 4,000 digits is not repeated whole). Counts of work are capped, and the cap is said:
a tool asked for a billion games would otherwise run for ever and fill the memory with their results.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from typing import NoReturn

from rules.bots.spec_options import MOST_ITERATIONS, clip

EXIT_BAD_INPUT = 2
MAX_SEED = 2**63 - 1
#: the most games one run plays (some hours of Hard; each game's result is kept until the report)
MOST_GAMES = 100_000
#: Elo differences an SPRT may test: beyond these the expected score is 0 or 1 to the last digit
MOST_ELO = 1000


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2 (a long value that argparse
    itself echoes, an unknown choice or argument, is clipped too)."""

    def error(self, message: str) -> NoReturn:
        message = re.sub(r"\S{41,}", lambda m: clip(m.group()), message)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        sys.exit(EXIT_BAD_INPUT)


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{clip(text)!r} is not a whole number") from None


def positive_int(text: str) -> int:
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {clip(text)}")
    return value


def game_count(text: str) -> int:
    value = positive_int(text)
    if value > MOST_GAMES:
        raise argparse.ArgumentTypeError(f"at most {MOST_GAMES} games a run, not {clip(text)}")
    return value


def iteration_count(text: str) -> int:
    value = positive_int(text)
    if value > MOST_ITERATIONS:
        raise argparse.ArgumentTypeError(f"at most {MOST_ITERATIONS} sampled worlds, not {clip(text)}")
    return value


def player_count(text: str) -> int:
    value = _integer(text)
    if value not in (3, 4, 5):
        raise argparse.ArgumentTypeError(f"Noblemen is played by 3, 4 or 5 players, not {clip(text)}")
    return value


def seat_number(text: str) -> int:
    value = _integer(text)
    if not 0 <= value <= 4:
        raise argparse.ArgumentTypeError(f"a seat is 0 to 4 (0 is the first player), not {clip(text)}")
    return value


def seed_number(text: str) -> int:
    value = _integer(text)
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_SEED}, not {clip(text)}")
    return value


def budget_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{clip(text)!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0 or value > 3600:
        raise argparse.ArgumentTypeError(f"a thinking time is more than 0 and at most 3600 seconds, not {clip(text)}")
    return value


def bot_list(text: str) -> list[str]:
    """Comma-separated bot specs (``hard:budget=4,normal,normal``), each checked."""
    from rules.bots import parse_spec

    seats = [s.strip().lower() for s in text.split(",") if s.strip()]
    if not seats:
        raise argparse.ArgumentTypeError("give the bots separated by commas")
    for spec in seats:
        try:
            parse_spec(spec)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return seats


def seat_list(text: str) -> list[str]:
    """3 to 5 checked bot specs: one player per seat."""
    seats = bot_list(text)
    if not 3 <= len(seats) <= 5:
        raise argparse.ArgumentTypeError(f"give 3 to 5 seats separated by commas, not {len(seats)}")
    return seats


def elo_pair(text: str) -> tuple[float, float]:
    parts = text.split(",")
    try:
        elo0, elo1 = (float(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give two Elo numbers as ELO0,ELO1, not {clip(text)!r}") from None
    if not all(math.isfinite(elo) and abs(elo) <= MOST_ELO for elo in (elo0, elo1)):
        raise argparse.ArgumentTypeError(f"Elo differences are from -{MOST_ELO} to {MOST_ELO}, not {clip(text)!r}")
    if elo1 <= elo0:
        raise argparse.ArgumentTypeError(f"ELO1 must be a number above ELO0, not {clip(text)!r}")
    return elo0, elo1


def add_watched_games(parser: argparse.ArgumentParser, seats_help: str) -> None:
    """The arguments of a tool that plays a tournament's games and watches them (flaws, keeps): how many, the bots
    in their seats, the seed, the games in parallel and Hard's thinking, and the progress bar."""
    parser.add_argument("--games", type=positive_int, default=100, help="number of games (default 100)")
    parser.add_argument("--seats", type=bot_list, default=bot_list("hard,normal,normal,normal"), help=seats_help)
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--jobs", type=positive_int, default=1, help="games in parallel processes")
    parser.add_argument("--budget", type=budget_seconds, default=None, help="Hard's seconds of thinking per turn")
    parser.add_argument("--iterations", type=positive_int, default=None,
                        help="Hard's fixed work per searched decision (reproducible games)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
