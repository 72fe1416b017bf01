"""Speed work must change no decision: these games, seed for seed, hash to what the code before it played.

The hashes were recorded on the code before the engine and playout speed-ups (main at 9d9c61b). A change that
is meant to alter play (a bot's policy, a rule) updates them, and says so; one meant only for speed never does.
`python -m rules.arena.fingerprint` prints the larger set the slow test checks.
"""

from __future__ import annotations

import pytest

from rules.arena.fingerprint import BOTS, fingerprints, game_hash

SEED = 1
GAMES = [
    (["random"] * 3, "9cc2e062437de472"),  # random players see every legal action in the engine's order
    (["random"] * 4, "63cf12c632ed8fbd"),
    (["random"] * 5, "8d06045063c738f3"),
    (["easy"] * 3, "234c2193dd6ad5fe"),
    (["easy"] * 4, "513ad3703d130111"),
    (["easy"] * 5, "abe0540974bfff8f"),
    (["normal"] * 3, "c9bfe14c0c7dbab9"),
    (["normal"] * 4, "c70cbbd5607973ed"),
    (["normal"] * 5, "f784dfe307f084fc"),
    (["hard:iterations=1", "normal", "easy"], "b8e5e42eede513b0"),  # Hard at fixed work plays reproducibly
]

# python -m rules.arena.fingerprint --games 3
FINGERPRINTS = {
    "random 3p": "647ea08d74779626",
    "random 4p": "5dff40c857408248",
    "random 5p": "671ad3b53a94eb49",
    "easy 3p": "bd6c9cd2e52e3a82",
    "easy 4p": "07894f3d05a39444",
    "easy 5p": "63c9d2fe07c5bee4",
    "normal 3p": "807706209c712aa3",
    "normal 4p": "6754f68d4b04a5e2",
    "normal 5p": "bf3802f51fa74491",
    "hard:iterations=2 3p": "01d009ab3cb7a2e3",
    "hard:iterations=2 4p": "38f0098271d8a622",
    "hard:iterations=2 5p": "28d9cf5de19b1c48",
}


@pytest.mark.parametrize(("seats", "expected"), GAMES, ids=lambda v: "-".join(v) if isinstance(v, list) else "")
def test_the_bots_play_the_recorded_games(seats, expected):
    assert game_hash(seats, SEED) == expected


@pytest.mark.slow
def test_three_games_of_each_bot_at_3_4_5_players_are_the_recorded_ones():
    assert fingerprints(list(BOTS), 3) == FINGERPRINTS
