"""An Elo-style rating of several bots from one round-robin of multi-player games.

Every game compares each pair of bots at the table (more VP wins, money breaks a tie; R-END-2), so a
4-player game gives six paired results. The ratings are the Bradley-Terry maximum-likelihood strengths of
those results, in Elo points, found by the minorisation-maximisation iteration; one virtual draw between
every pair keeps a bot that always wins or always loses at a finite rating. The first bot is anchored at 0.
A 95% interval for each rating comes from re-rating bootstrap resamples of the games.
"""

from __future__ import annotations

import math
import random
from itertools import combinations

import attrs

from rules.arena.sprt import paired_result

PRIOR_DRAWS = 1.0


@attrs.define
class Rating:
    name: str
    elo: float
    low: float
    high: float
    games: int


def pair_results(games: list[tuple[list[str], list[tuple[int, int]]]]) -> list[tuple[str, str, float]]:
    """(bot a, bot b, a's result) for every pair of different bots in each game (names, (VP, money) by seat)."""
    out = []
    for names, scores in games:
        for a, b in combinations(range(len(names)), 2):
            if names[a] != names[b]:
                out.append((names[a], names[b], paired_result(scores, a, b)))
    return out


def bradley_terry(names: list[str], results: list[tuple[str, str, float]], rounds: int = 500) -> dict[str, float]:
    """Elo ratings (the first name at 0) that best explain ``results``, with a virtual draw per pair."""
    index = {n: i for i, n in enumerate(names)}
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]  # wins[i][j]: i's score against j
    for a, b, r in results:
        i, j = index[a], index[b]
        wins[i][j] += r
        wins[j][i] += 1 - r
    for i, j in combinations(range(k), 2):
        wins[i][j] += PRIOR_DRAWS / 2
        wins[j][i] += PRIOR_DRAWS / 2
    strength = [1.0] * k
    for _ in range(rounds):
        new = []
        for i in range(k):
            won = sum(wins[i])
            denom = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j]) for j in range(k) if j != i)
            new.append(won / denom if denom else strength[i])
        top = new[0]
        strength = [s / top for s in new]
    return {n: 400 * math.log10(strength[index[n]]) for n in names}


def rate(names: list[str], games: list[tuple[list[str], list[tuple[int, int]]]], *, resamples: int = 200,
         seed: int = 0) -> list[Rating]:
    """The ratings of ``names`` with 95% bootstrap intervals, strongest first."""
    best = bradley_terry(names, pair_results(games))
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(resamples if len(games) > 1 else 0):
        picked = [games[rng.randrange(len(games))] for _ in games]
        for n, elo in bradley_terry(names, pair_results(picked), rounds=200).items():
            samples[n].append(elo)
    counts = {n: sum(names_in.count(n) for names_in, _ in games) for n in names}
    out = []
    for n in names:
        xs = sorted(samples[n])
        low = xs[int(0.025 * (len(xs) - 1))] if xs else -math.inf
        high = xs[int(0.975 * (len(xs) - 1))] if xs else math.inf
        out.append(Rating(n, best[n], low, high, counts[n]))
    return sorted(out, key=lambda r: -r.elo)


def table(ratings: list[Rating]) -> str:
    lines = [f"{'bot':<24} {'Elo':>7} {'95% interval':>18} {'games':>6}"]
    for r in ratings:
        lines.append(f"{r.name:<24} {r.elo:>+7.0f} {f'[{r.low:+.0f}, {r.high:+.0f}]':>18} {r.games:>6}")
    return "\n".join(lines)
