"""The computer opponents: legal play at every level, determinism, no peeking, determinization."""

from __future__ import annotations

import random
import time

import pytest

from rules import actions as A
from rules import new_game
from rules.bots import LEVELS, make_bot
from rules.bots.determinize import determinize, unseen_cards, unseen_tiles
from rules.bots.evaluate import Ctx, card_value
from rules.bots.planner import choose_card
from rules.bots.simple import RandomPlayer
from rules.invariants import check_invariants
from rules.model import Card, Decision
from tests.rules.scenario import game


def play(names: list[str], seed: int, iterations: int = 1, check_every: bool = False) -> list:
    """A full game between bots; every action goes through the checked apply (illegal ones raise)."""
    bots = [make_bot(name, seed=seed * 10 + i, iterations=iterations) for i, name in enumerate(names)]
    state = new_game([f"{name}{i}" for i, name in enumerate(names)], seed=seed)
    while not state.over:
        seat = state.decider
        view = state.view(seat)
        action = bots[seat].choose(view, list(view.legal))
        previous = [p.vp for p in state.players]
        state.apply(action)
        if check_every:
            check_invariants(state, previous)
    check_invariants(state)
    return state.history


def _mixed_lineups(count: int, rng: random.Random, with_hard: bool = False) -> list[list[str]]:
    pool = ["easy", "normal", "random", "greedy"] + (["hard"] if with_hard else [])
    return [[rng.choice(pool) for _ in range(rng.choice((3, 4, 5)))] for _ in range(count)]


def test_heuristic_levels_play_full_games_of_3_4_5_players():
    rng = random.Random(11)
    lineups = [["easy", "normal", "easy"], ["normal", "easy", "normal", "easy"],
               ["easy", "normal", "random", "normal", "easy"]]
    lineups += _mixed_lineups(25, rng)
    for i, names in enumerate(lineups):
        play(names, seed=100 + i, check_every=i < 3)


def test_hard_plays_full_games_with_a_tiny_budget():
    play(["hard", "normal", "easy"], seed=5)
    play(["easy", "random", "normal", "greedy", "hard"], seed=6)


def test_same_seed_and_iterations_give_the_same_game():
    names = ["hard", "normal", "easy"]
    assert play(names, seed=21) == play(names, seed=21)


def test_make_bot_knows_every_level_and_the_simple_players():
    for name in ["easy", "normal", "hard", "random", "greedy", "Hard "]:
        assert hasattr(make_bot(name, seed=1), "choose")
    assert set(LEVELS) == {"easy", "normal", "hard"}
    with pytest.raises(ValueError):
        make_bot("grandmaster")


@pytest.mark.parametrize("name", ["easy", "normal", "hard", "random", "greedy"])
def test_a_single_legal_action_returns_at_once(name):
    state = new_game(["a", "b", "c"], seed=3)
    action = state.legal_actions()[0]
    bot = make_bot(name, seed=1, budget=5.0)
    started = time.perf_counter()
    assert bot.choose(None, [action]) is action  # the view is not even looked at
    assert time.perf_counter() - started < 1.0  # a search would take the whole 5 s budget


# -- hidden information ----------------------------------------------------------------------------------------
def _positions(count: int, seed: int):
    """States reached by random play where a seat decides, a variety of pending decisions."""
    rng = random.Random(seed)
    player = RandomPlayer(seed)
    out = []
    for g in range(count):
        state = new_game(["a", "b", "c", "d"][: 3 + g % 3], seed=seed + g)
        steps = rng.randrange(20, 400)
        for _ in range(steps):
            if state.over:
                break
            state.apply(player.choose(state.view(state.decider), state.legal_actions()))
        if not state.over:
            out.append(state)
    return out


def _scramble_hidden(state, seat: int, rng: random.Random):
    """Another state that differs from `state` only in what `seat` cannot see (counts, the money too, kept)."""
    other = state.copy()
    for s, p in enumerate(other.players):
        if s == seat:
            continue
        pool = other.bag
        for t in range(4):  # swap this screen's tiles with the bag, type by type, keeping the count
            pool[t] += p.tiles[t]
            p.tiles[t] = 0
        need = state.players[s].tile_count
        for _ in range(need):
            choices = [t for t in range(4) if pool[t]]
            t = rng.choice(choices)
            pool[t] -= 1
            p.tiles[t] += 1
    cards = other.deck + [c for s, p in enumerate(other.players) if s != seat for c in p.cards]
    rng.shuffle(cards)
    for s, p in enumerate(other.players):
        if s != seat:
            k = len(p.cards)
            p.cards, cards = cards[:k], cards[k:]
    other.deck = cards
    other.rng.state = rng.getrandbits(63)
    return other


def test_bots_cannot_see_hidden_information():
    rng = random.Random(4)
    for state in _positions(12, seed=40):
        seat = state.decider
        if state.step == Decision.KEEP_CARD:
            continue  # the offered cards are the decider's own to see
        other = _scramble_hidden(state, seat, rng)
        check_invariants(other)
        assert state.view(seat).to_dict() == other.view(seat).to_dict()
        for name in ["easy", "normal", "hard"]:
            a = make_bot(name, seed=9, iterations=1).choose(state.view(seat), state.legal_actions())
            b = make_bot(name, seed=9, iterations=1).choose(other.view(seat), other.legal_actions())
            assert a == b, (name, str(a), str(b))


def test_determinize_gives_the_others_the_money_the_view_counted_if_asked():
    rng = random.Random(9)
    for state in _positions(20, seed=90):
        for seat in range(state.n):
            world = determinize(state.view(seat), rng, count_money=True)
            assert [p.money for p in world.players] == [p.money for p in state.players]


def test_determinize_yields_consistent_states():
    rng = random.Random(8)
    for state in _positions(40, seed=80):
        for seat in range(state.n):
            view = state.view(seat)
            world = determinize(view, rng)
            check_invariants(world)
            me, real = world.players[seat], state.players[seat]
            assert me.tiles == real.tiles and me.money == real.money and me.cards == real.cards
            for s, p in enumerate(world.players):
                assert p.tile_count == state.players[s].tile_count
                assert len(p.cards) == len(state.players[s].cards)
                assert p.bribes == state.players[s].bribes
                assert p.estate.tiles == state.players[s].estate.tiles
            assert world.bag_size() == state.bag_size()
            assert len(world.deck) == len(state.deck)
            assert len(world.offered) == len(state.offered)
            if seat == state.decider:
                assert world.legal_actions() == state.legal_actions()
            # it can be played on
            if not world.over:
                world.apply(world.legal_actions()[0])


def test_unseen_pools_count_what_the_seat_cannot_see():
    state = new_game(["a", "b", "c"], seed=2, first_game=True)
    view = state.view(1)
    assert sum(unseen_tiles(view)) == state.bag_size() + sum(p.tile_count for s, p in enumerate(state.players)
                                                             if s != 1)
    cards = unseen_cards(view)
    assert len(cards) == 35 - len(view.me.cards) - len(view.state.offered)
    assert all(isinstance(c, Card) for c in cards)


# -- many games (opt in) ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_thousand_mixed_games_without_an_illegal_action():
    rng = random.Random(1000)
    for i, names in enumerate(_mixed_lineups(1000, rng)):
        if i % 50 == 0:
            names = [*names[:-1], "hard"]
        play(names, seed=5000 + i)


def test_an_inheritance_is_not_kept_once_no_castle_can_come_of_it():
    """R-CARD-3: without a castle on the board the card cannot be played, so a bot keeps another card."""
    state = game(4, seed=3)
    offer = [A.KeepCard(Card.INHERITANCE), A.KeepCard(Card.INTRIGUE)]
    assert choose_card(state, 0, offer) == A.KeepCard(Card.INHERITANCE)
    state.castles_board = 0
    assert card_value(Card.INHERITANCE, Ctx(state, 0)) == 0.0
    assert choose_card(state, 0, offer) == A.KeepCard(Card.INTRIGUE)


def test_in_the_last_decade_an_inheritance_without_a_site_gives_way_to_a_card_that_plays_at_once():
    """R-CARD-3 needs a legal meadow; late in the game there is little time to lay one first."""
    state = game(4, seed=3)
    offer = [A.KeepCard(Card.INHERITANCE), A.KeepCard(Card.VICAR)]
    assert not state.players[0].estate.castle_sites()
    assert choose_card(state, 0, offer) == A.KeepCard(Card.INHERITANCE)  # decade I: a meadow will come
    state.decade = 3
    assert choose_card(state, 0, offer) == A.KeepCard(Card.VICAR)

