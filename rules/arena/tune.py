"""Weight tuning by self-play: one bot with changed evaluation weights against three Normal bots.

    python -m rules.arena.tune --games 48 --seed 5 '{"prestige": 0.5}' '{"queen": 5.0}'
    python -m rules.arena.tune --hard-weights --relative 0.5 '{}'

Each variant plays `games` games, sitting in every seat equally often, on the same game seeds as every
other variant (paired: the same deals, bags and decks). It decides with Normal's planner (fast, no search),
its weights being Normal's (or Hard's with --hard-weights) updated by the variant. Reported: the win rate and
the mean VP margin over the mean of the three others (0 for Normal itself, up to noise: about 1.5 VP at 48
games), which is a steadier measure than wins.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys

from rules.bots.evaluate import NORMAL_WEIGHTS
from rules.bots.heuristic import NormalBot
from rules.bots.planner import Planner


class VariantBot(NormalBot):
    """Normal with other weights and optionally a relative planner (own value minus a share of the others')."""

    name = "variant"

    def __init__(self, seed: int = 0, weights: dict | None = None, share: float = 0.0) -> None:
        super().__init__(seed)
        self.weights = weights or NORMAL_WEIGHTS
        self.share = share

    def rank(self, state, seat: int, legal: list):
        planner = Planner(seat, beam=self.beam, place_k=self.place_k, weights=self.weights, share=self.share,
                          one_bribe=self.one_bribe)
        return planner.search(state, 0, legal) or [(0.0, legal[0])]


def play_variant(task: tuple) -> tuple[float, float]:
    """One game: (the variant's win share, its VP minus the others' mean)."""
    from rules import new_game
    from rules.arena.tournament import game_seed, win_shares

    game, seed, weights, share = task
    gseed = game_seed(seed, game)
    hero = game % 4
    bots = [VariantBot((gseed + 101 * i) % (2**62), weights, share) if i == hero
            else NormalBot((gseed + 101 * i) % (2**62)) for i in range(4)]
    state = new_game([f"p{i}" for i in range(4)], seed=gseed)
    while not state.over:
        seat = state.decider
        view = state.view(seat)
        state.apply(bots[seat].choose(view, list(view.legal)))
    shares = win_shares([(p.vp, p.money) for p in state.players])
    vps = [p.vp for p in state.players]
    return shares[hero], vps[hero] - sum(v for i, v in enumerate(vps) if i != hero) / 3


def run_variant(changes: dict, games: int, seed: int, jobs: int = 2, base: dict | None = None,
                share: float = 0.0) -> tuple[float, float]:
    """(win rate, mean VP margin) of Normal with `base` (default Normal's weights) updated by `changes`."""
    weights = {**(base or NORMAL_WEIGHTS), **changes}
    tasks = [(g, seed, weights, share) for g in range(games)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play_variant, tasks)
    else:
        results = [play_variant(t) for t in tasks]
    return sum(r[0] for r in results) / games, sum(r[1] for r in results) / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.arena.tune", description=__doc__.split("\n")[0])
    parser.add_argument("variants", nargs="*", default=["{}"], help="JSON objects of weight changes")
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hard-weights", action="store_true", help="start from Hard's weights")
    parser.add_argument("--relative", type=float, default=0.0, help="the planner's share of the others' mean")
    args = parser.parse_args(argv)
    base = None
    if args.hard_weights:
        from rules.bots.hard import HARD_WEIGHTS

        base = HARD_WEIGHTS
    for text in args.variants:
        changes = json.loads(text)
        win, margin = run_variant(changes, args.games, args.seed, args.jobs, base, args.relative)
        print(f"{json.dumps(changes)}: win {win:.3f}, margin {margin:+.2f} VP", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
