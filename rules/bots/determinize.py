"""Sampling the hidden information of a view: a full, consistent game state a bot may search.

What a seat cannot see: the tiles and cards behind the other screens (the view counts them, and the bribes and
the money), the bag's contents, the deck's order, the cards someone else is looking at, and the generator.
`determinize` deals the unseen tiles and cards at random (respecting every count the view shows), guesses the
others' money from their estates (`guess_money`; or gives them the money the view counted, an experiment of
Hard's not kept: docs/hard.md section 4), shuffles the deck and seeds a fresh generator from the bot's own
`random.Random`.
"""

from __future__ import annotations

import random

from rules import board
from rules.model import TILE_TYPES, Card, RegionKind, TileType
from rules.observer import PlayerView
from rules.rng import Rng
from rules.state import GameState


def unseen_tiles(view: PlayerView) -> list[int]:
    """Tiles by type that are behind other screens or in the bag, as far as `view.seat` can tell."""
    s = view.state
    counts = [board.TILE_COUNTS[t] for t in TILE_TYPES]
    for t in TILE_TYPES:
        counts[t] -= s.church[t] + view.me.tiles[t]
    for p in s.players:
        for tile in p.estate.tiles.values():
            counts[tile] -= 1
    return counts


def unseen_cards(view: PlayerView) -> list[Card]:
    """The scandal cards `view.seat` cannot see: other hands, the deck and cards offered to someone else."""
    counts = dict(board.CARD_COUNTS)
    for card in view.me.cards:
        counts[card] -= 1
    for card in view.state.offered:
        counts[card] -= 1
    return [card for card, count in counts.items() for _ in range(count)]


def _deal(pool: list[int], count: int, rng: random.Random) -> list[int]:
    """`count` tiles drawn without replacement from the counts in `pool` (which is reduced)."""
    hand = [0, 0, 0, 0]
    for _ in range(count):
        total = pool[0] + pool[1] + pool[2] + pool[3]
        if total <= 0:
            break
        r = rng.randrange(total)
        t = 0
        while r >= pool[t]:
            r -= pool[t]
            t += 1
        pool[t] -= 1
        hand[t] += 1
    return hand


def guess_money(state: GameState, seat: int, rng: random.Random) -> int:
    """A plausible amount of money for a hidden screen: income the estate produces, with some spread."""
    estate = state.players[seat].estate
    base = 4 + estate.count_tiles(TileType.FIELD) // 2 + 2 * estate.count_regions(RegionKind.FARM)
    if state.decade == 1 and state.round_pos == 0:
        base = board.START_MONEY + seat
    return max(0, base + rng.randint(-3, 3))


def determinize(view: PlayerView, rng: random.Random, *, count_money: bool = False) -> GameState:
    """A full game state consistent with everything `view` shows, the hidden parts sampled with `rng`;
    ``count_money``: the others' money as the view counted it, not guessed."""
    state = view.state.copy(keep_history=False)
    me = view.seat
    pool = unseen_tiles(view)
    for seat, p in enumerate(state.players):
        if seat == me:
            continue
        p.tiles = _deal(pool, view.tile_counts[seat], rng)
        p.bribes = view.bribe_counts[seat]
        p.money = view.money_counts[seat] if count_money else guess_money(state, seat, rng)
    state.bag = pool  # what is left is in the bag
    cards = unseen_cards(view)
    rng.shuffle(cards)
    hidden_offer = board.TOTAL_CARDS - view.deck_size - sum(view.card_counts) - len(state.offered)
    if hidden_offer > 0:  # someone else is looking at cards this seat cannot see
        state.offered = cards[:hidden_offer]
        del cards[:hidden_offer]
    for seat, p in enumerate(state.players):
        if seat != me:
            p.cards = cards[: view.card_counts[seat]]
            del cards[: view.card_counts[seat]]
    state.deck = cards
    state.rng = Rng(rng.getrandbits(63))
    return state
