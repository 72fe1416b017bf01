"""Fingerprints of whole games between bots: a hash of every action played. A change made for speed must
leave them as they were, seed for seed (tests/bots/test_same_games.py holds the recorded ones).

    python -m rules.arena.fingerprint [--games K] [--bots SPEC,SPEC,...]   (the bots of BOTS unless given)
"""

from __future__ import annotations

import argparse
import hashlib
import json

from rules.arena.simulate import play_game

PLAYER_COUNTS = (3, 4, 5)
BOTS = ("random", "easy", "normal", "hard:iterations=2", "hard-0.2:iterations=2", "hard-0.1:iterations=2")


def game_hash(seats: list[str], seed: int) -> str:
    """The first 16 hex digits of the SHA-256 of the game's actions in their text form, one a line."""
    history = play_game(seats, seed).state.history
    return hashlib.sha256("\n".join(map(str, history)).encode()).hexdigest()[:16]


def fingerprint(bot: str, players: int, games: int, first_seed: int = 1) -> str:
    """One hash over ``games`` games of ``players`` seats all played by ``bot`` (seeds from ``first_seed``)."""
    digest = hashlib.sha256()
    for seed in range(first_seed, first_seed + games):
        digest.update(game_hash([bot] * players, seed).encode())
    return digest.hexdigest()[:16]


def fingerprints(bots: list[str], games: int) -> dict[str, str]:
    """``{"normal 4p": hash, ...}`` for every bot at 3, 4 and 5 players."""
    return {f"{bot} {n}p": fingerprint(bot, n, games) for bot in bots for n in PLAYER_COUNTS}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per bot and player count (default 3)")
    parser.add_argument("--bots", default=",".join(BOTS), help="comma-separated bot specs")
    args = parser.parse_args(argv)
    print(json.dumps(fingerprints(args.bots.split(","), args.games), indent=1))


if __name__ == "__main__":
    main()
