"""Two versions of a bot on common random numbers: each game played twice, once by each, on the same seed.

    python -m rules twins --games 400 --seats hard:iterations=32:last_ball=true,hard:iterations=32,normal,normal,normal
        --seed 1 [--jobs 2] [--json]

The first two bots of ``--seats`` are the twins, the rest the other players (2 to 4 of them). Game g is a tournament
game (its seed, the lineup rotated a seat a game) played twice: with the first twin in its seat, then with the second
in the same seat, every other seat the same bot on the same seed. At fixed work (``hard:iterations=N``) the two games
are then the same up to the first decision the twins take differently, so an option that changes few decisions is
measured on those alone, without the noise of the rest of the game (400 games of Hard at 32 worlds gave an interval of
±0.16 VP a game, where the paired test of ``flaws --sprt`` needs thousands). Reported: the games that differ, the mean
difference of the first twin's VP less the others' mean (first minus second, with its 95% interval over the games),
the games it did better and worse, each twin's wins and mean VP.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from rules.arena.options import EXIT_BAD_INPUT, add_watched_games, bot_list
from rules.arena.tournament import Z95, check_lineup, lineup, mean_and_error, play_game, played, show_progress

#: Hard against the Hard before its tiles counted double at the leaves, at fixed work so that the twins' games agree
DEFAULT_SEATS = "hard:iterations=8,hard-0.2:iterations=8,normal,normal,normal"


def play_twins(task: tuple) -> dict:
    """One game played by each twin in the same seat (top level, so spawned processes can run it)."""
    index, first, second, others, seed, budget, iterations = task
    names = lineup([first, *others], len(others) + 1, index)
    seat = names.index(first)
    results = [play_game((index, [twin if i == seat else n for i, n in enumerate(names)], seed, budget, iterations))
               for twin in (first, second)]
    margins = [r["vp"][seat] - (sum(r["vp"]) - r["vp"][seat]) / len(others) for r in results]
    return {"game": index, "seat": seat, "vp": [r["vp"][seat] for r in results],
            "margin": margins, "win": [r["shares"][seat] for r in results],
            "same": results[0]["vp"] == results[1]["vp"] and results[0]["actions"] == results[1]["actions"]}


def summarize(first: str, second: str, games: list[dict]) -> dict[str, Any]:
    """The report over the games played by both twins."""
    n = len(games)
    diffs = [g["margin"][0] - g["margin"][1] for g in games]
    mean, error = mean_and_error(diffs) or (0.0, None)
    half = Z95 * (error or 0.0)  # one game has no spread to measure
    return {"first": first, "second": second, "games": n, "differ": sum(not g["same"] for g in games),
            "better": sum(d > 0 for d in diffs), "worse": sum(d < 0 for d in diffs),
            "margin_difference": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "wins": [sum(g["win"][i] for g in games) for i in (0, 1)],
            "mean_vp": [round(sum(g["vp"][i] for g in games) / n, 3) for i in (0, 1)]}


def check_twins(seats: list[str]) -> None:
    """ValueError with the reason unless ``seats`` is two bots compared and a table's 2 to 4 others."""
    if len(seats) < 4:
        raise ValueError(f"give the two bots compared and 2 to 4 others, not {len(seats)} bots")
    for twin in seats[:2]:
        check_lineup([twin, *seats[2:]], None)


def run_twins(seats: list[str], games: int, seed: int, jobs: int = 1, budget: float | None = None,
              iterations: int | None = None, progress: bool = True) -> dict[str, Any]:
    """The report for the twins ``seats[0]`` and ``seats[1]`` with ``seats[2:]`` beside them."""
    check_twins(seats)
    first, second, others = seats[0], seats[1], seats[2:]
    tasks = [(g, first, second, others, seed, budget, iterations) for g in range(games)]
    results = []
    if progress:
        show_progress(0, games)
    for done, result in enumerate(played(tasks, jobs, play_twins), start=1):
        results.append(result)
        if progress:
            show_progress(done, games, note=f"  {sum(not r['same'] for r in results)} differ")
    results.sort(key=lambda r: r["game"])
    return {**summarize(first, second, results), "each": results}


def text(report: dict[str, Any]) -> str:
    low, high = report["ci95"]
    return "\n".join([
        f"{report['first']} against {report['second']}: {report['games']} games, each played by both in the same "
        f"seat on the same seed",
        f"  games that differ: {report['differ']} ({report['better']} better for the first, {report['worse']} worse)",
        f"  VP less the others' mean, first minus second: {report['margin_difference']:+.3f} a game "
        f"[{low:+.3f}, {high:+.3f}]",
        f"  wins {report['wins'][0]:g} and {report['wins'][1]:g}, mean VP {report['mean_vp'][0]:.2f} and "
        f"{report['mean_vp'][1]:.2f}"])


# -- command line --------------------------------------------------------------------------------------------------
def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register `twins` on an argparse subparsers object (``python -m rules twins``)."""
    parser = subparsers.add_parser("twins", help="play each game twice, by each of two bots in the same seat on the "
                                                 "same seed, and report the difference")
    add_watched_games(parser, f"the two bots compared, then the 2-4 others, comma-separated (default {DEFAULT_SEATS})")
    parser.add_argument("--json", action="store_true", help="print the report as JSON, with every game")
    parser.set_defaults(func=main, seats=bot_list(DEFAULT_SEATS))
    return parser


def main(args: argparse.Namespace) -> int:
    try:
        check_twins(args.seats)
    except ValueError as exc:
        print(f"python -m rules twins: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    jobs = max(1, min(args.jobs, args.games, os.cpu_count() or 1))
    report = run_twins(args.seats, args.games, args.seed, jobs=jobs, budget=args.budget, iterations=args.iterations,
                       progress=not args.no_progress)
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 0
