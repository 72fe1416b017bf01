"""What one seat may know (R-TURN-5): the DESIGN's observer.

A view holds a redacted copy of the state: the seat's own screen is intact; every other screen is emptied
(tiles, money, bribes, cards) with only the number of tiles, bribes and cards and the money left as counts;
the bag's contents, the deck's order, the generator and the seed are blanked for everyone. Bots decide from
views only.

The money behind a screen is a count like the tiles: every pound comes from the bank or goes to it in the open
(the start money, each income, each price and each knight's farm payment), so a player who keeps count knows
it, and the view keeps that count for everyone.

``view(state, seat, public=True)`` is what everyone may know, seen from ``seat``'s place: its screen is closed
too (``own_screen`` False) and it decides nothing. A screen shared by several players shows that between
their turns.
"""

from __future__ import annotations

import attrs

from rules.legal import legal_actions
from rules.model import Decision
from rules.rng import Rng
from rules.state import GameState


@attrs.frozen(eq=False)
class PlayerView:
    seat: int
    state: GameState  # redacted: see the module docstring
    tile_counts: tuple[int, ...]
    bribe_counts: tuple[int, ...]
    money_counts: tuple[int, ...]  # counted from the open payments (module docstring)
    card_counts: tuple[int, ...]
    bag_size: int
    deck_size: int
    legal: tuple  # the seat's legal actions if it must decide now, else empty
    own_screen: bool = True  # the seat's own screen is in the view (False: a public view)

    @property
    def me(self):
        return self.state.players[self.seat]

    def to_dict(self) -> dict:
        """A canonical plain form, for comparing views in tests."""
        from rules.snapshot import state_to_dict

        return {
            "seat": self.seat,
            "state": state_to_dict(self.state),
            "tile_counts": list(self.tile_counts),
            "bribe_counts": list(self.bribe_counts),
            "money_counts": list(self.money_counts),
            "card_counts": list(self.card_counts),
            "bag_size": self.bag_size,
            "deck_size": self.deck_size,
            "legal": [str(a) for a in self.legal],
            "own_screen": self.own_screen,
        }


def view(state: GameState, seat: int, *, public: bool = False) -> PlayerView:
    """What ``seat`` may know; ``public``: only what everyone may know (its own screen closed too)."""
    if not 0 <= seat < state.n:
        raise ValueError(f"no seat {seat} in a {state.n}-player game")
    mine = state.decider == seat and not public
    legal = tuple(legal_actions(state)) if mine and state.step != Decision.GAME_OVER else ()
    redacted = state.copy(keep_history=False, shared_estates=False)
    for other, p in enumerate(redacted.players):
        if other != seat or public:
            p.tiles = [0, 0, 0, 0]
            p.money = 0
            p.bribes = 0
            p.cards = []
    if not mine:
        redacted.offered = []  # the cards someone else is looking at
    redacted.bag = [0, 0, 0, 0]
    redacted.deck = []
    redacted.rng = Rng(0)
    redacted.seed = 0  # the seed would deal the deck and the bag's draws again
    return PlayerView(
        seat,
        redacted,
        tuple(p.tile_count for p in state.players),
        tuple(p.bribes for p in state.players),
        tuple(p.money for p in state.players),
        tuple(len(p.cards) for p in state.players),
        state.bag_size(),
        len(state.deck),
        legal,
        not public,
    )
