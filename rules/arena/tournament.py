"""Bot tournaments: many games with rotated seats, win rates with confidence intervals, thinking times.

    python -m rules tournament --games 200 --seats hard,normal,normal,normal --seed 1 [--json] [--jobs 2]

Every bot sits in every position equally often (the lineup rotates one seat per game). A shared win counts
as a fraction of a win (R-END-2). Games run in parallel processes with `jobs` > 1 (spawn-safe). Thinking
time is measured per turn: all consecutive decisions of one seat together.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time

import attrs

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

    def to_dict(self) -> dict:
        return {name: stats.to_dict() for name, stats in self.bots.items()}

    def table(self) -> str:
        lines = [
            f"{self.games} games, seats {','.join(self.seats)}, seed {self.seed}, {self.seconds:.1f} s",
            f"{'bot':<10} {'games':>6} {'wins':>8} {'win rate':>9} {'95% CI':>16} {'score':>7} "
            f"{'turn s':>8} {'p99 s':>8}",
        ]
        for name, s in self.bots.items():
            lo, hi = s.ci95
            lines.append(
                f"{name:<10} {s.games:>6} {s.wins:>8.2f} {s.win_rate:>9.3f} {f'[{lo:.3f}, {hi:.3f}]':>16} "
                f"{s.mean_score:>7.2f} {s.mean_turn_seconds:>8.4f} {s.p99_turn_seconds:>8.4f}"
            )
        return "\n".join(lines)


def lineup(seats: list[str], players: int, game: int) -> list[str]:
    """The bots in seat order for game number `game`: the lineup rotated by one seat per game."""
    full = [seats[i % len(seats)] for i in range(players)]
    r = game % players
    return full[r:] + full[:r]


def game_seed(seed: int, game: int) -> int:
    return (seed * 1_000_003 + game * 7919 + 17) % (2**62)


def play_game(task: tuple) -> dict:
    """One game (top level, so spawned processes can run it): scores, win shares, thinking times per turn."""
    index, names, seed, budget, iterations = task
    from rules import new_game
    from rules.bots import make_bot

    gseed = game_seed(seed, index)
    bots = [make_bot(name, seed=(gseed + 101 * i) % (2**62), budget=budget, iterations=iterations)
            for i, name in enumerate(names)]
    state = new_game([f"{name}-{i}" for i, name in enumerate(names)], seed=gseed)
    turns: list[list[float]] = [[] for _ in names]
    last, run = -1, 0.0
    while not state.over:
        seat = state.decider
        view = state.view(seat)
        legal = view.legal
        started = time.perf_counter()
        action = bots[seat].choose(view, list(legal))
        spent = time.perf_counter() - started
        state.apply(action)  # checked: a bot's illegal action raises
        if seat != last:
            if last >= 0:
                turns[last].append(run)
            last, run = seat, 0.0
        run += spent
    if last >= 0:
        turns[last].append(run)
    scores = [(p.vp, p.money) for p in state.players]
    return {"index": index, "names": names, "vp": [s[0] for s in scores], "shares": win_shares(scores),
            "turns": turns, "actions": len(state.history)}


def _progress(done: int, total: int, width: int = 30) -> None:
    filled = width * done // total if total else width
    sys.stderr.write(f"\r[{'#' * filled}{'-' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run_tournament(
    seats: list[str], games: int, seed: int, jobs: int = 1, budget: float | None = None,
    players: int | None = None, progress: bool = True, iterations: int | None = None,
) -> TournamentResult:
    """Play `games` games of `players` seats (default: one per entry of `seats`), seats rotated each game."""
    from rules.bots import make_bot

    players = players or len(seats)
    if players not in (3, 4, 5):
        raise ValueError(f"Noblemen is played by 3, 4 or 5 players, not {players}")
    for name in set(seats):
        make_bot(name)  # unknown names fail now, not in a worker
    tasks = [(g, lineup(seats, players, g), seed, budget, iterations) for g in range(games)]
    stats: dict[str, BotStats] = {}
    for name in dict.fromkeys(lineup(seats, players, 0)):
        stats[name] = BotStats(name)
    started = time.perf_counter()
    results: list[dict] = []
    if progress:
        _progress(0, games)
    if jobs > 1 and games > 1:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            for result in pool.imap_unordered(play_game, tasks):
                results.append(result)
                if progress:
                    _progress(len(results), games)
    else:
        for task in tasks:
            results.append(play_game(task))
            if progress:
                _progress(len(results), games)
    results.sort(key=lambda r: r["index"])
    for r in results:
        for seat, name in enumerate(r["names"]):
            s = stats[name]
            s.games += 1
            s.wins += r["shares"][seat]
            s.score_sum += r["vp"][seat]
            s.turn_seconds.extend(r["turns"][seat])
    return TournamentResult(list(seats), games, seed, stats, time.perf_counter() - started)


# -- command line --------------------------------------------------------------------------------------------------
def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register `tournament` on an argparse subparsers object (the CLI's `python -m rules tournament`)."""
    parser = subparsers.add_parser("tournament", help="play bots against each other and report win rates")
    _arguments(parser)
    parser.set_defaults(func=main)
    return parser


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seats", default="hard,normal,normal,normal",
                        help="comma-separated bots: easy, normal, hard, random, greedy")
    parser.add_argument("--players", type=int, default=None, help="players per game (default: one per seat)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games in parallel processes")
    parser.add_argument("--budget", type=float, default=None, help="Hard's seconds per decision")
    parser.add_argument("--iterations", type=int, default=None, help="Hard's iterations per decision")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def main(args: argparse.Namespace) -> int:
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    result = run_tournament(
        seats, args.games, args.seed, jobs=args.jobs, budget=args.budget, players=args.players,
        progress=not getattr(args, "no_progress", False), iterations=getattr(args, "iterations", None),
    )
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result.table())
    return 0


if __name__ == "__main__":
    _parser = argparse.ArgumentParser(prog="python -m rules.arena.tournament")
    _arguments(_parser)
    sys.exit(main(_parser.parse_args()))
