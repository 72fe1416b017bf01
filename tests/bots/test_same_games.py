"""Speed work must change no decision: these games, seed for seed, hash to what the code before it played.

The hashes were recorded on the code before the engine and playout speed-ups (main at 9d9c61b). A change that
is meant to alter play (a bot's policy, a rule) updates them, and says so; one meant only for speed never does.
Hard's were recorded again when issue 22 changed how it plays (branch hard merged with main); hard-0.1, Hard
as it was, still plays the games recorded at 9d9c61b. Easy's and Normal's (and so the mixed games') again when
their palace fund changed their play (docs/balance.md), and Normal's again when its planner's beam came to
follow one bribe amount only (issue 29, docs/balance.md); Hard's own games and the random players' stayed.
Hard's fingerprints again when its search's leaves came to value the Queen by her sure VP (``queen_leaf``,
docs/hard.md section 2; its one game at a single world played as before), and all of Hard's when its planner came
to follow a donation to its end in the last decade (``whole_donation``, the same section). Easy's and Normal's
(and the mixed games') again when their evaluation came to value a folly's regions at 30% of its VP and the
Queen 20% more once no palace can take her (issue 29, docs/balance.md section 19). Hard's again when it came to
count only the squares that can become regions side by side and, in the last decade, the tiles held only as far as
a placement can use them (``packed_squares`` and ``last_tiles``, docs/hard.md section 5), and again when its
leaves came to count a tile double through decades I and II (``leaf_tiles``, ``room_share``, ``leaf_tiles_fade``,
the same section), where hard-0.2 plays Hard's games from before that change; and again when, in the last decade, it
came to take no land most of whose tiles it could not use (``last_land``; its game at a single world played as before).
Normal's (and the mixed games') again when it came to keep a Favour of the Vicar for its last turns (docs/balance.md
section 25); Easy's own games and Hard's stayed. Normal's (and one mixed game) again when, in the last decade, its
Vicar came to be worth no more than the tiles it holds (docs/balance.md section 26).
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
    (["easy"] * 3, "55478f0bbb22f9a8"),
    (["easy"] * 4, "6c452315fb82d86d"),
    (["easy"] * 5, "c7a4533e3d1cd5b5"),
    (["normal"] * 3, "d3c4cdf5860b7ad2"),
    (["normal"] * 4, "dc1131caf0f5c9ca"),
    (["normal"] * 5, "aacb9265c4a4c02e"),
    (["hard:iterations=1", "normal", "easy"], "80a5b044fc5bee66"),  # Hard at fixed work plays reproducibly
    (["hard-0.2:iterations=1", "normal", "easy"], "53861c24cde522de"),  # the frozen baselines
    (["hard-0.1:iterations=1", "normal", "easy"], "1ff41b7f5eb81394"),
]

# python -m rules.arena.fingerprint --games 3
FINGERPRINTS = {
    "random 3p": "647ea08d74779626",
    "random 4p": "5dff40c857408248",
    "random 5p": "671ad3b53a94eb49",
    "easy 3p": "fa383dad3e4e4c6e",
    "easy 4p": "3d94c4b3350748d6",
    "easy 5p": "557a6ec3a2dfb014",
    "normal 3p": "04a64a2feda66806",
    "normal 4p": "4316de99e0e18e39",
    "normal 5p": "4374885c835159ff",
    "hard:iterations=2 3p": "8013601128593578",
    "hard:iterations=2 4p": "e73f687a369d0242",
    "hard:iterations=2 5p": "122cbd7d635ece30",
    "hard-0.2:iterations=2 3p": "179b34526a200137",
    "hard-0.2:iterations=2 4p": "f26554853aea788e",
    "hard-0.2:iterations=2 5p": "12bfce1b85dd864a",
    "hard-0.1:iterations=2 3p": "01d009ab3cb7a2e3",
    "hard-0.1:iterations=2 4p": "38f0098271d8a622",
    "hard-0.1:iterations=2 5p": "28d9cf5de19b1c48",
}


@pytest.mark.parametrize(("seats", "expected"), GAMES, ids=lambda v: "-".join(v) if isinstance(v, list) else "")
def test_the_bots_play_the_recorded_games(seats, expected):
    assert game_hash(seats, SEED) == expected


@pytest.mark.slow
def test_three_games_of_each_bot_at_3_4_5_players_are_the_recorded_ones():
    assert fingerprints(list(BOTS), 3) == FINGERPRINTS
