"""A hint is a legal move, found from the player's view only: what the player cannot see (another screen, the
bag, the deck, the generator) does not change it; and a planted best move is found, with its margin."""

from __future__ import annotations

import random

import pytest

from rules import actions as A
from rules.bots import make_bot, suggest
from rules.model import Card, Decision, TileType
from rules.rng import Rng
from tests.rules.scenario import game, set_cards, set_estate, set_hand, turn


def _states(seed: int, count: int):
    """Copies of a game played by Normal bots, at ``count`` of the decisions along the way."""
    s = game(3, seed)
    bots = [make_bot("normal", i) for i in range(3)]
    out = []
    step = 0
    while not s.over and len(out) < count:
        if step % 37 == 0 or (s.step == Decision.TURN and not s.action_taken and step % 5 == 0):
            out.append(s.copy())
        s.apply(bots[s.decider].choose(s.view(s.decider), s.legal_actions()))
        step += 1
    return out


@pytest.mark.parametrize("seed", [2, 3])
def test_a_hint_is_a_legal_action_of_the_deciding_player(seed):
    for s in _states(seed, 8):
        hint = suggest(s.view(s.decider), seed=1, samples=2)
        assert hint.action in s.legal_actions()
        assert hint.kind in ("turn", "ball", "step")


def test_a_seat_with_nothing_to_decide_gets_no_hint():
    s = game(3)
    with pytest.raises(ValueError):
        suggest(s.view(1), samples=1)


def _hide_differently(s, seat: int):
    """The same game as ``seat`` sees it, with what it cannot see changed: another screen's tiles swapped with
    the bag's, the deck reshuffled and the generator reseeded."""
    other = s.copy()
    them = (seat + 1) % other.n
    tiles, bag = other.players[them].tiles, other.bag
    give = next(t for t in TileType if tiles[t] > 0)
    take = next(t for t in TileType if t != give and bag[t] > 0)
    tiles[give] -= 1
    bag[give] += 1
    bag[take] -= 1
    tiles[take] += 1
    random.Random(7).shuffle(other.deck)
    other.rng = Rng(12345)
    assert other.players[them].tiles != s.players[them].tiles and sum(other.players[them].tiles) == sum(
        s.players[them].tiles)
    return other


@pytest.mark.parametrize("seed", [4, 5])
def test_a_hint_depends_only_on_the_view(seed):
    checked = 0
    for s in _states(seed, 6):
        seat = s.decider
        if s.step != Decision.TURN or s.action_taken:
            continue
        other = _hide_differently(s, seat)
        assert other.view(seat).to_dict() == s.view(seat).to_dict()  # the seat sees the very same table
        assert suggest(other.view(seat), seed=3, samples=3) == suggest(s.view(seat), seed=3, samples=3)
        checked += 1
    assert checked >= 2


def test_the_hint_finds_the_folly_worth_twelve_vp_and_says_by_how_much():
    s = game(3)
    s.decade, s.round_pos, s.queen = 3, 9, 2
    set_estate(s, 0, "f f w w m\nf f w w .\ng g . . .\ng g . . .")
    s.players[0].money = 20
    set_hand(s, 0)
    set_cards(s, 0)
    turn(s, 0)
    hint = suggest(s.view(0), samples=2)
    assert hint.kind == "turn" and isinstance(hint.action, A.BuildFolly)
    assert hint.margin is not None and hint.margin >= 5 and hint.runner_up and hint.compared >= 2


def test_a_cancelled_hint_stops_after_one_world():
    s = _states(6, 3)[-1]
    calls = []
    suggest(s.view(s.decider), samples=50, cancelled=lambda: calls.append(1) or True)
    assert len(calls) <= 2


@pytest.mark.parametrize("seed", [2, 5])
def test_r_turn_1_the_move_hinted_at_a_turns_start_and_the_one_it_beat_each_hold_an_action(seed):
    """A line the planner stopped following (a card or a trade alone) is no move (R-TURN-1: one action a turn): the
    hint tells its move and the runner-up to the end of the turn ('“Play Tribute” is about as good' was said)."""
    from rules.refusal import ActionKind, action_kind

    def actions(line) -> set:
        return {action_kind(a) for a in line} - {ActionKind.CARD, ActionKind.TRADE, ActionKind.END, None}

    checked = 0
    for s in _states(seed, 14):
        if s.step != Decision.TURN or s.action_taken:
            continue
        hint = suggest(s.view(s.decider), seed=1, samples=2)
        assert len(actions(hint.line)) == 1, hint.line
        assert not hint.runner_up or len(actions(hint.runner_up)) == 1, hint.runner_up
        checked += 1
    assert checked >= 5


def test_r_card_3_a_hint_once_the_action_is_done_tells_the_rest_of_the_turn_and_why():
    """After the turn's action (leisure), playing Inheritance is the card and the castle it places (R-CARD-3), so
    its reasons are the castle's; and the rest of the turn is raced against ending it. The hint was the card alone,
    with no reason ('the strongest for your position')."""
    from rules.bots import Gain, Reason, explain
    from tests.rules.scenario import play

    s = game(3)
    set_estate(s, 0, "C f f m")
    set_hand(s, 0, field=4, grove=3)
    set_cards(s, 0, Card.INHERITANCE)
    turn(s, 0)
    play(s, "leisure")
    hint = suggest(s.view(0), samples=2)
    assert hint.line[0] == A.PlayCard(Card.INHERITANCE) and isinstance(hint.line[-1], A.EndTurn)
    assert any(isinstance(a, A.InheritCastle) for a in hint.line), hint.line
    assert hint.runner_up == (A.EndTurn(),) and hint.compared == 2
    assert Reason(Gain.CASTLE, amount=3, count=3) in explain(s.view(0), hint).reasons


def test_r_setup_5_the_starting_tiles_hint_races_hards_choices_and_says_what_they_leave_to_chance():
    """The hint at the starting tiles is one of the choices Hard races, with its margin over the next best of them,
    and the reason says how many of the 12 are drawn at random (it was 'the strongest for your position')."""
    from rules.bots import Gain, Reason, explain
    from rules.bots.hard import START_CHOICES
    from rules.flow import new_game

    s = new_game(["Anne", "Bob", "Cat"], 5)
    assert s.step == Decision.CHOOSE_START_TILES
    hint = suggest(s.view(s.decider), samples=2)
    assert isinstance(hint.action, A.ChooseStartTiles) and hint.action.counts in START_CHOICES
    assert hint.margin is not None and hint.compared == len(START_CHOICES) and hint.runner_up != hint.line
    chosen = sum(hint.action.counts)
    assert explain(s.view(s.decider), hint).reasons == (Reason(Gain.START, count=chosen, amount=12 - chosen),)


_INHERIT = (A.PlayCard(Card.INHERITANCE), A.InheritCastle((3, 0)))
_TRADE = A.Trade((TileType.MEADOW, TileType.MEADOW), TileType.FIELD)


def test_r_turn_3_a_trade_that_changes_nothing_else_makes_the_same_move():
    """'Leisure; play Inheritance' and 'Trade once; play Inheritance; leisure' are one move (R-TURN-1: one action; a
    trade, R-TURN-3, at any time): the same action, card and castle site; another site, or another action, is
    another move."""
    from rules.bots import same_move

    leisure = (A.Leisure(), *_INHERIT, A.EndTurn())
    traded = (_TRADE, *_INHERIT, A.Leisure(), A.EndTurn())
    assert same_move(leisure, traded) and same_move(traded, leisure)
    assert not same_move(leisure, (A.Leisure(), A.PlayCard(Card.INHERITANCE), A.InheritCastle((4, 0)), A.EndTurn()))
    assert not same_move(leisure, (_TRADE, *_INHERIT, A.Bribe(1), A.EndTurn()))
    assert not same_move((A.PlaceTile(TileType.FIELD, (1, 1)), A.FinishExpanding()),
                         (_TRADE, A.PlaceTile(TileType.FIELD, (2, 1)), A.FinishExpanding()))


class _Raced:
    """A search whose race gives each line a set mean (the playouts' VP)."""

    def __init__(self, means: dict) -> None:
        self.means = means

    def compare(self, racing, budget) -> None:
        for candidate in racing:
            candidate.total, candidate.samples = self.means[tuple(candidate.line)], 1

    def score(self, candidate) -> float:
        return candidate.mean


def test_r_turn_1_the_runner_up_a_hint_names_is_another_move_not_the_same_made_with_a_trade():
    """The hint said '“Trade once; play Inheritance; leisure” is about as good' of 'Leisure; play Inheritance': the
    next best that is another move is the one set against it, with its margin."""
    from rules.bots.hint import _raced
    from rules.bots.search import Budget, Candidate

    leisure = (A.Leisure(), *_INHERIT, A.EndTurn())
    traded = (_TRADE, *_INHERIT, A.Leisure(), A.EndTurn())
    bribe = (A.Bribe(2), *_INHERIT, A.EndTurn())
    search = _Raced({leisure: 5.0, traded: 4.99, bribe: 3.5})
    hint = _raced(search, [Candidate(list(line), 0.0) for line in (leisure, traded, bribe)], Budget(samples=1), "turn")
    assert hint.line == leisure and hint.runner_up == bribe and hint.margin == pytest.approx(1.5)
    alone = _Raced({leisure: 5.0, traded: 4.99})  # nothing else raced: the same move made another way, unnamed
    hint = _raced(alone, [Candidate(list(line), 0.0) for line in (leisure, traded)], Budget(samples=1), "turn")
    assert hint.runner_up == traded and hint.margin == pytest.approx(0.01)
