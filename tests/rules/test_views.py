"""Views (R-TURN-5): a seat sees its own screen and the public board, never other screens, the bag's contents,
the deck's order, the generator or the seed; of the other screens only what a player can count (the number of
tiles, bribes and cards, and the money, every pound of which is paid in the open)."""

from __future__ import annotations

import random

import pytest

from rules import apply_unchecked, board, new_game
from rules.events import Cause
from rules.events import EventKind as E
from rules.model import Card, Decision
from tests.rules.scenario import NAMES, game, play, set_cards, set_estate


def _positions(count: int = 60):
    """Positions of random games, each with its generator for the changes."""
    out = []
    for seed in range(count):
        n = 3 + seed % 3
        rnd = random.Random(seed)
        s = new_game(NAMES[:n], seed, first_game=seed % 2 == 0)
        for _ in range(rnd.randrange(1, 500)):
            if s.over:
                break
            apply_unchecked(s, rnd.choice(s.legal_actions()))
        out.append((s, rnd))
    return out


def _hide_differently(s, seat: int, rnd: random.Random):
    """The same public facts and counts, every secret of the others (and of the bag, deck, generator and seed)
    changed."""
    t = s.copy()
    for other, p in enumerate(t.players):
        if other == seat:
            continue
        total = p.tile_count
        p.tiles = [0, 0, 0, 0]
        for _ in range(total):
            p.tiles[rnd.randrange(4)] += 1
        p.cards = [rnd.choice(list(Card)) for _ in p.cards]
    if t.decider != seat:
        t.offered = [rnd.choice(list(Card)) for _ in t.offered]
    size = t.bag_size()
    kinds = [k for k in range(4) if t.bag[k]]
    if kinds:  # same size, same types present (a trade may only name a type the bag holds)
        t.bag = [1 if k in kinds else 0 for k in range(4)]
        for _ in range(size - len(kinds)):
            t.bag[rnd.choice(kinds)] += 1
    rnd.shuffle(t.deck)
    t.rng.state = rnd.getrandbits(64)
    t.seed = rnd.getrandbits(62)
    return t


def test_views_do_not_depend_on_anything_hidden():
    for s, rnd in _positions():
        for seat in range(s.n):
            assert s.view(seat).to_dict() == _hide_differently(s, seat, rnd).view(seat).to_dict()


def _count_money(ledger: list[int], event) -> None:
    """What a player who watches the table adds to or takes from the count of ``event.seat``'s money."""
    if event.kind == E.MONEY_GAINED:
        ledger[event.seat] += event.amount
        if event.cause == Cause.KNIGHT:  # the owner of the farm paid it (R-ACT-B2)
            ledger[event.other] -= event.amount
    elif event.kind == E.BUILT:
        ledger[event.seat] -= event.amount
    elif event.kind == E.BRIBES_TAKEN and event.cause != Cause.SECRET_MARRIAGE:
        ledger[event.seat] -= board.BRIBE_PRICE * event.amount


@pytest.mark.parametrize("seed", range(12))
def test_the_money_counts_are_what_the_open_payments_add_up_to(seed):
    """R-TURN-5 hides the money, but R-SETUP-1's start money and every income and price are paid in the open:
    counting the public events gives every screen's money, which is all the view tells of it."""
    rnd = random.Random(seed)
    s = new_game(NAMES[: 3 + seed % 3], seed, first_game=seed % 2 == 0)
    ledger = [board.START_MONEY + seat for seat in range(s.n)]
    while not s.over:
        for event in apply_unchecked(s, rnd.choice(s.legal_actions())):
            _count_money(ledger, event.seen_by(None))
        assert list(s.view(0).money_counts) == ledger == [p.money for p in s.players]


def test_view_hides_other_screens_keeps_own_screen():
    s = game(4)
    set_cards(s, 2, Card.LIAISON, Card.DOWRY)
    s.players[2].bribes, s.bribes_board = 3, 17
    v = s.view(0)
    other = v.state.players[2]
    assert (other.tiles, other.money, other.bribes, other.cards) == ([0, 0, 0, 0], 0, 0, [])
    assert (v.tile_counts[2], v.bribe_counts[2], v.card_counts[2]) == (12, 3, 2)
    assert v.money_counts[2] == s.players[2].money  # counted, not shown: the screen's money is 0
    me = v.me
    assert (me.tiles, me.money, me.cards) == (s.players[0].tiles, s.players[0].money, s.players[0].cards)
    assert v.state.bribes_board == 17  # the board is public


def test_view_hides_bag_deck_rng_seed_and_history():
    s = game(3)
    v = s.view(1)
    assert v.state.bag == [0, 0, 0, 0] and v.bag_size == s.bag_size()
    assert v.state.deck == [] and v.deck_size == len(s.deck)
    assert v.state.rng.state != s.rng.state and v.state.history == []
    # with the real seed, new_game() would deal the deck (and the draws from the bag) again
    dealt = new_game(list(s.names), v.state.seed, first_game=True).deck
    assert dealt != new_game(list(s.names), s.seed, first_game=True).deck


def test_view_shows_public_things():
    s = game(3)
    set_estate(s, 1, "f f C\nf f .")
    s.queen = 1
    s.players[1].vp = 5
    v = s.view(0)
    assert v.state.players[1].estate.tiles == s.players[1].estate.tiles
    assert v.state.players[1].estate.regions == s.players[1].estate.regions
    assert (v.state.queen, v.state.players[1].vp, v.state.players[1].title) == (1, 5, s.players[1].title)
    assert (v.state.round_pos, v.state.decade, v.state.church) == (s.round_pos, s.decade, s.church)


def test_offered_cards_only_for_the_one_who_picks():
    s = game(3)
    set_estate(s, 0, "m . m")
    s.players[0].money = 5
    play(s, "build chapel at 0,0")
    assert s.step == Decision.KEEP_CARD
    assert s.view(0).state.offered == s.offered and s.view(1).state.offered == []


def test_legal_actions_only_for_the_decider():
    s = game(3)
    assert list(s.view(0).legal) == s.legal_actions() and s.view(1).legal == ()


def test_view_of_a_missing_seat():
    s = game(3)
    with pytest.raises(ValueError):
        s.view(3)


def test_views_do_not_share_state_with_the_game():
    s = game(3)
    v = s.view(0)
    v.state.players[0].tiles[0] += 5
    v.state.players[1].estate.tiles[(9, 9)] = 0
    v.state.names.append("Zed")
    assert s.players[0].tiles[0] == 3 and (9, 9) not in s.players[1].estate.tiles and len(s.names) == 3
