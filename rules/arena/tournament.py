"""Bot tournaments: many games with rotated seats, win rates with confidence intervals, thinking times.

    python -m rules tournament --games 200 --seats hard,normal,normal,normal --seed 1 [--json] [--jobs 2]

Every bot sits in every position equally often (the lineup rotates one seat per game); in a sequential test
the two bots compared also swap seats every round of rotations, so each plays just before the other as often
(who acts just before whom decides, for one, who can take the Queen from whom). A shared win counts
as a fraction of a win (R-END-2). Games run in parallel processes with `jobs` > 1 (spawn-safe). Thinking
time is measured per turn (all consecutive decisions of one seat together) in CPU seconds of the thread that
decides, so that the figures are those of one core whatever else the machine is doing.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING, Protocol

import attrs

from rules.arena import ladder
from rules.arena.options import (
    EXIT_BAD_INPUT,
    bot_list,
    budget_seconds,
    elo_pair,
    game_count,
    iteration_count,
    player_count,
    positive_int,
    seed_number,
)
from rules.arena.sprt import Sprt, Verdict, paired_result

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.events import Event
    from rules.state import GameState

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of `wins` out of `n` (fractional wins allowed)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_and_error(values: list[float]) -> tuple[float, float | None] | None:
    """The mean and its standard error (None without values; the error None with one value)."""
    if not values:
        return None
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, None
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation; 0 for no values."""
    if not values:
        return 0.0
    xs = sorted(values)
    k = (len(xs) - 1) * q / 100
    lo, hi = math.floor(k), math.ceil(k)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def win_shares(scores: list[tuple[int, int]]) -> list[float]:
    """R-END-2: (VP, money) per seat -> the share of the win each seat gets."""
    best = max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    return [1 / len(winners) if i in winners else 0.0 for i in range(len(scores))]


@attrs.define
class BotStats:
    name: str
    games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    turn_seconds: list[float] = attrs.Factory(list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def mean_turn_seconds(self) -> float:
        return sum(self.turn_seconds) / len(self.turn_seconds) if self.turn_seconds else 0.0

    @property
    def median_turn_seconds(self) -> float:
        return percentile(self.turn_seconds, 50)

    @property
    def p99_turn_seconds(self) -> float:
        return percentile(self.turn_seconds, 99)

    def to_dict(self) -> dict:
        lo, hi = self.ci95
        return {
            "games": self.games,
            "wins": round(self.wins, 4),
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(self.mean_score, 3),
            "mean_turn_seconds": round(self.mean_turn_seconds, 5),
            "median_turn_seconds": round(self.median_turn_seconds, 5),
            "p99_turn_seconds": round(self.p99_turn_seconds, 5),
        }


@attrs.define
class TournamentResult:
    seats: list[str]
    games: int
    seed: int
    bots: dict[str, BotStats]
    seconds: float = 0.0
    played: list[dict] = attrs.Factory(list)  # each game's record, in game order

    def to_dict(self) -> dict:
        return {name: stats.to_dict() for name, stats in self.bots.items()}

    def table(self) -> str:
        lines = [
            f"{self.games} games, seats {','.join(self.seats)}, seed {self.seed}, {self.seconds:.1f} s",
            f"{'bot':<10} {'games':>6} {'wins':>8} {'win rate':>9} {'95% CI':>16} {'score':>7} "
            f"{'median s':>9} {'p99 s':>8}",
        ]
        for name, s in self.bots.items():
            lo, hi = s.ci95
            lines.append(
                f"{name:<10} {s.games:>6} {s.wins:>8.2f} {s.win_rate:>9.3f} {f'[{lo:.3f}, {hi:.3f}]':>16} "
                f"{s.mean_score:>7.2f} {s.median_turn_seconds:>9.4f} {s.p99_turn_seconds:>8.4f}"
            )
        return "\n".join(lines)


def lineup(seats: list[str], players: int, game: int, pair: tuple[str, str] | None = None) -> list[str]:
    """The bots in seat order for game number `game`: the lineup rotated by one seat per game. The two bots of a
    test's ``pair`` also swap seats every ``players`` games, so that each plays just before the other as often
    (the rotation alone keeps the order they are listed in)."""
    if pair is not None and (game // players) % 2:
        a, b = pair
        seats = [b if name == a else a if name == b else name for name in seats]
    full = [seats[i % len(seats)] for i in range(players)]
    r = game % players
    return full[r:] + full[:r]


def game_seed(seed: int, game: int) -> int:
    return (seed * 1_000_003 + game * 7919 + 17) % (2**62)


class GameWatch(Protocol):
    """Something that looks at every decision of a game as it is played (the flaw report)."""

    def before(self, state: GameState, seat: int, action: Action) -> None: ...

    def after(self, state: GameState, events: list[Event]) -> None: ...


def play_game(task: tuple, watch: GameWatch | None = None) -> dict:
    """One game (top level, so spawned processes can run it): scores, win shares, thinking times per turn;
    ``watch`` sees each decision before and after it is applied."""
    index, names, seed, budget, iterations = task
    from rules import MAX_NAME, new_game
    from rules.bots import make_bot

    gseed = game_seed(seed, index)
    bots = [make_bot(name, seed=(gseed + 101 * i) % (2**62), budget=budget, iterations=iterations)
            for i, name in enumerate(names)]
    # a spec with many options is clipped to fit the engine's name rule (the names are labels only)
    state = new_game([f"{name[:MAX_NAME - 4]}-{i}" for i, name in enumerate(names)], seed=gseed)
    turns: list[list[float]] = [[] for _ in names]
    last, run = -1, 0.0
    while not state.over:
        seat = state.decider
        view = state.view(seat)
        legal = view.legal
        started = time.thread_time()
        action = bots[seat].choose(view, list(legal))
        spent = time.thread_time() - started
        if watch is not None:
            watch.before(state, seat, action)
        events = state.apply(action, legal)  # checked against the view's legal actions: an illegal one raises
        if watch is not None:
            watch.after(state, events)
        if seat != last:
            if last >= 0:
                turns[last].append(run)
            last, run = seat, 0.0
        run += spent
    if last >= 0:
        turns[last].append(run)
    scores = [(p.vp, p.money) for p in state.players]
    return {"index": index, "names": names, "vp": [s[0] for s in scores], "money": [s[1] for s in scores],
            "shares": win_shares(scores), "turns": turns, "actions": len(state.history)}


def show_progress(done: int, total: int, width: int = 30, note: str = "") -> None:
    filled = width * done // total if total else width
    sys.stderr.write(f"\r[{'#' * filled}{'-' * (width - filled)}] {done}/{total}{note}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def played(tasks: list[tuple], jobs: int, play: Callable[[tuple], dict] = play_game) -> Iterator[dict]:
    """The games' results as they finish (in parallel processes with ``jobs`` > 1), each played by ``play``
    (a top-level function, so that spawned processes can run it); stop early by closing."""
    if jobs > 1 and len(tasks) > 1:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            yield from pool.imap_unordered(play, tasks)
    else:
        for task in tasks:
            yield play(task)


def check_lineup(seats: list[str], players: int | None) -> int:
    """The number of players, after checking it and every bot spec (ValueError with the reason otherwise)."""
    from rules.bots import parse_spec

    players = len(seats) if players is None else players
    if players not in (3, 4, 5):
        raise ValueError(f"Noblemen is played by 3, 4 or 5 players, not {players}")
    if len(seats) > players:
        raise ValueError(f"{len(seats)} seats for a game of {players} players")
    for name in set(seats):
        parse_spec(name)  # unknown names fail now, not in a worker
    return players


def run_tournament(
    seats: list[str], games: int, seed: int, jobs: int = 1, budget: float | None = None,
    players: int | None = None, progress: bool = True, iterations: int | None = None,
    sprt: Sprt | None = None,
) -> TournamentResult:
    """Play `games` games of `players` seats (default: one per entry of `seats`), seats rotated each game.

    With ``sprt``, the first two different bots of the lineup are compared game by game, and the tournament
    stops as soon as the test decides (``games`` is then the most it plays).
    """
    players = check_lineup(seats, players)
    pair = sprt_pair(seats) if sprt is not None else None
    tasks = [(g, lineup(seats, players, g, pair), seed, budget, iterations) for g in range(games)]
    stats: dict[str, BotStats] = {}
    for name in dict.fromkeys(lineup(seats, players, 0)):
        stats[name] = BotStats(name)
    started = time.perf_counter()
    results: list[dict] = []
    if progress:
        show_progress(0, games)
    games_played = played(tasks, jobs)
    for result in games_played:
        results.append(result)
        if sprt is not None and pair is not None:
            add_paired(sprt, pair, result)
        if progress:  # with a test, its standing so far
            show_progress(len(results), games, note=sprt.note() if sprt is not None else "")
        if sprt is not None and sprt.verdict != Verdict.CONTINUE:
            break
    if isinstance(games_played, Generator):
        games_played.close()  # stops the pool at once when the test decided early
    if progress and len(results) < games:
        sys.stderr.write("\n")
    results.sort(key=lambda r: r["index"])
    for r in results:
        for seat, name in enumerate(r["names"]):
            s = stats[name]
            s.games += 1
            s.wins += r["shares"][seat]
            s.score_sum += r["vp"][seat]
            s.turn_seconds.extend(r["turns"][seat])
    return TournamentResult(list(seats), len(results), seed, stats, time.perf_counter() - started, results)


def add_paired(sprt: Sprt, pair: tuple[str, str], result: dict) -> None:
    """The first of ``pair`` against the second in one game's ``result`` (VP, then money: R-END-2)."""
    names = result["names"]
    scores = list(zip(result["vp"], result["money"], strict=True))
    sprt.add(paired_result(scores, names.index(pair[0]), names.index(pair[1])))


def sprt_pair(seats: list[str]) -> tuple[str, str]:
    """The candidate and the baseline of an SPRT: the first two different bots, each in exactly one seat."""
    distinct = list(dict.fromkeys(seats))
    if len(distinct) < 2:
        raise ValueError("an SPRT compares two different bots: give at least two in --seats")
    a, b = distinct[:2]
    if seats.count(a) != 1 or seats.count(b) != 1:
        raise ValueError(f"an SPRT needs {a!r} and {b!r} in one seat each")
    return a, b


# -- command line --------------------------------------------------------------------------------------------------
def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register `tournament` on an argparse subparsers object (the CLI's `python -m rules tournament`)."""
    parser = subparsers.add_parser("tournament", help="play bots against each other and report win rates")
    _arguments(parser)
    parser.set_defaults(func=main)
    return parser


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=game_count, default=100, help="number of games (default 100)")
    parser.add_argument("--seats", type=bot_list, default=None,
                        help="comma-separated bots: easy, normal, hard, random, greedy, playout; options after "
                             "colons, e.g. hard:budget=4 (default hard,normal,normal,normal)")
    parser.add_argument("--players", type=player_count, default=None, help="players per game (default: one per seat)")
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--jobs", type=positive_int, default=1,
                        help="games in parallel processes (at most one per game and per CPU)")
    work = parser.add_mutually_exclusive_group()
    work.add_argument("--budget", type=budget_seconds, default=None, help="Hard's seconds of thinking per turn")
    work.add_argument("--iterations", type=iteration_count, default=None,
                      help="Hard's fixed work per searched decision (reproducible games)")
    parser.add_argument("--sprt", type=elo_pair, default=None, metavar="ELO0,ELO1",
                        help="a sequential test of the first two bots of --seats: stop when the first is shown "
                             "better than the second by ELO1 Elo, or not better than by ELO0")
    parser.add_argument("--ladder", action="store_true",
                        help="rate the bots in Elo from one round-robin (default seats random,easy,normal,hard)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def main(args: argparse.Namespace) -> int:
    default = "random,easy,normal,hard" if args.ladder else "hard,normal,normal,normal"
    seats = args.seats or bot_list(default)
    try:
        players = check_lineup(seats, args.players)
        sprt = Sprt(*args.sprt) if args.sprt else None
        if sprt is not None:
            sprt_pair(seats)
    except ValueError as exc:
        print(f"python -m rules tournament: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    jobs = max(1, min(args.jobs, args.games, os.cpu_count() or 1))
    result = run_tournament(
        seats, args.games, args.seed, jobs=jobs, budget=args.budget, players=players,
        progress=not args.no_progress, iterations=args.iterations, sprt=sprt,
    )
    ratings = ladder.rate(list(result.bots), [(r["names"], list(zip(r["vp"], r["money"], strict=True)))
                                               for r in result.played]) if args.ladder else None
    if args.json:
        report: dict = result.to_dict()
        if sprt is not None:
            report["sprt"] = sprt.to_dict()
        if ratings is not None:
            report["ladder"] = {r.name: {"elo": round(r.elo, 1), "ci95": [round(r.low, 1), round(r.high, 1)]}
                                for r in ratings}
        print(json.dumps(report, indent=2))
    else:
        print(result.table())
        if sprt is not None:
            print(sprt.summary())
        if ratings is not None:
            print(ladder.table(ratings))
    return 0


if __name__ == "__main__":
    _parser = argparse.ArgumentParser(prog="python -m rules.arena.tournament")
    _arguments(_parser)
    sys.exit(main(_parser.parse_args()))
