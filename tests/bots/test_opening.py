"""Normal's opening: the start player keeps its money for a palace instead of bribing it away, and any player a
Favour of the Vicar for its last turns instead of its start tiles (docs/balance.md)."""

from __future__ import annotations

import pytest

from rules import Card, board, new_game
from rules import actions as A
from rules.bots import make_bot
from rules.bots.evaluate import NORMAL_WEIGHTS, WEIGHTS, Ctx, card_value, evaluate, queen_worth
from rules.bots.planner import Planner
from rules.model import Decision
from rules.state import GameState
from tests.rules.scenario import game, set_hand


def first_turn(players: int, seed: int, seat: int = 0, spec: str = "normal") -> tuple[GameState, list[A.Action]]:
    """The game at `seat`'s first turn (every seat played by `spec`), and what it does in that turn."""
    bots = [make_bot(spec, seed * 1009 + i) for i in range(players)]
    state = new_game([f"n{i}" for i in range(players)], seed=seed)
    while not (state.step == Decision.TURN and state.turn_seat == seat):
        state.apply(bots[state.decider].choose(state.view(state.decider), state.legal_actions()))
    return state.copy(), turn_played(state, bots, seat)


def turn_played(state: GameState, bots: list, seat: int) -> list[A.Action]:
    """What `seat` does in its turn from `state` on (played on `state`, each decision by its decider's bot)."""
    done = []
    while state.turn_seat == seat and state.step != Decision.KEEP_CARD:
        action = bots[state.decider].choose(state.view(state.decider), state.legal_actions())
        done.append(action)
        state.apply(action)
        if type(action) is A.EndTurn:
            break
    return done


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_start_player_does_not_bribe_away_its_opening_money(players, seed):
    # R-SETUP-1, R-BOARD-2: £10, and the cheapest palace on the board costs £12 (3 players) or £11 (4 players)
    start, done = first_turn(players, seed)
    assert start.players[0].money == 10 and start.palace_price(0) > 10
    assert not any(type(a) is A.Bribe for a in done), done


@pytest.mark.parametrize("players", [3, 4])
def test_without_the_palace_fund_the_planner_would_bribe(players):
    start, _ = first_turn(players, 1)
    ranked = {weights["palace_fund"]: Planner(0, weights=weights).search(start.copy(), 0, start.legal_actions())
              for weights in (WEIGHTS, NORMAL_WEIGHTS)}
    assert type(ranked[WEIGHTS["palace_fund"]][0][1]) is A.Bribe  # money priced alike: five bribes looked best
    assert type(ranked[NORMAL_WEIGHTS["palace_fund"]][0][1]) is not A.Bribe


def queen_holders_first_turn(seed: int) -> tuple[GameState, list[A.Action]]:
    """A 5-player game at the first turn of the seat that holds the Queen from the setup (R-SETUP-3)."""
    bots = [make_bot("normal", seed * 1009 + i) for i in range(5)]
    state = new_game([f"n{i}" for i in range(5)], seed=seed)
    while not (state.step == Decision.TURN and state.turn_seat == 4):
        state.apply(bots[state.decider].choose(state.view(state.decider), state.legal_actions()))
    return state, state.legal_actions()


@pytest.mark.parametrize("seed", [1, 2])
def test_the_bribe_amounts_take_one_place_of_normals_beam(seed):
    # R-ACT-C1: up to five bribes, valued nearly alike right after the bribe; an expansion (R-ACT-A1) shows its
    # worth only after its third tile. The Queen holder (R-SETUP-3, first at the ball: R-BALL-2) sees a title
    # in two bribes, and the four bribe amounts that fill the beam left the expansion unexplored.
    state, legal = queen_holders_first_turn(seed)
    assert state.queen == 4 and state.players[4].money == 14
    best = {one: Planner(4, weights=NORMAL_WEIGHTS, one_bribe=one).search(state.copy(), 0, legal)[0][1]
            for one in (False, True)}
    assert type(best[False]) is A.Bribe
    assert type(best[True]) is not A.Bribe


@pytest.mark.parametrize("seed", [1, 2])
def test_an_owned_palace_worth_more_makes_normal_build_in_its_first_turn(seed):
    # R-SETUP-2: three palaces for four seats, the cheapest £11 (R-BOARD-2); R-ACT-B3: a palace brings the Queen.
    # Normal expands first and builds later; with normal:palace_race=4 (docs/balance.md, section 18) it builds
    # at once, as Hard does.
    assert not any(type(a) is A.BuildPalace for a in first_turn(4, seed, seat=1)[1])
    assert any(type(a) is A.BuildPalace for a in first_turn(4, seed, seat=1, spec="normal:palace_race=4")[1])


def test_queen_keep_values_the_queen_more_only_once_no_palace_can_take_her():
    # R-ACT-B3: each palace built takes the Queen; with none left on the board (R-DEC-1 refills only at a new
    # decade) her holder keeps her unless a garden, a knight or Whitehall takes her.
    bots = [make_bot("normal", 7 * 1009 + i) for i in range(4)]
    state = new_game([f"n{i}" for i in range(4)], seed=7)
    plain = {**NORMAL_WEIGHTS, "queen_keep": 0.0}
    kept = {**NORMAL_WEIGHTS, "queen_keep": 0.5}
    seen = set()
    while len(seen) < 2 and not state.over:
        holder = state.queen
        gain = evaluate(state, holder, kept) - evaluate(state, holder, plain)
        seen.add(bool(state.palaces_board))
        if state.palaces_board:
            assert gain == 0
        else:
            assert gain == pytest.approx(0.5 * queen_worth(state, Ctx(state, holder, plain)))
        state.apply(bots[state.decider].choose(state.view(state.decider), state.legal_actions()))
    assert seen == {True, False}


@pytest.mark.parametrize("seed", [901001, 901002])
def test_regions_worth_less_than_the_folly_make_building_it_worth_its_vp(seed):
    # R-ACT-B5: a folly costs £12 and brings 12/10/8/6 VP. Valued at 55% of the folly's VP, the regions it needs
    # and the money were worth more than building it (docs/balance.md, section 19); at 30% building gains. The
    # position: the game Normal played before section 19 (and before section 25's Vicar).
    bots = [make_bot("normal:folly=0.55:queen_keep=0:vicar=2.2", seed * 1009 + i) for i in range(4)]
    state = new_game([f"n{i}" for i in range(4)], seed=seed)
    while not (state.step == Decision.TURN and any(type(a) is A.BuildFolly for a in state.legal_actions())):
        state.apply(bots[state.decider].choose(state.view(state.decider), state.legal_actions()))
    seat = state.decider
    built = state.copy()
    built.apply(next(a for a in state.legal_actions() if type(a) is A.BuildFolly))
    assert built.players[seat].vp - state.players[seat].vp == board.FOLLY_VP[0]

    def gain(share: float) -> float:
        weights = {**NORMAL_WEIGHTS, "folly": share}
        return evaluate(built, seat, weights) - evaluate(state, seat, weights)

    assert gain(0.55) < 0 < gain(0.3)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_normal_keeps_a_favour_of_the_vicar_for_its_last_turns(seed):
    """R-CARD-11: four tiles for 4 VP is a good trade once the tiles are worth little, not in the first turn, when
    the estate grows from them (docs/balance.md, section 25). At the old weight (2.2) Normal played it at once."""
    state, _ = first_turn(4, seed)
    bots = [make_bot("normal", seed * 1009 + i) for i in range(4)]

    def played_by(spec: str) -> list[A.Action]:
        seat = state.turn_seat
        return turn_played(state.copy(), [*bots[:seat], make_bot(spec, 1), *bots[seat + 1:]], seat)

    vicar = A.PlayCard(Card.VICAR)
    state.players[0].cards = [Card.VICAR]
    assert vicar not in played_by("normal")
    assert vicar in played_by("normal:vicar=2.2")
    while not (state.step == Decision.TURN and state.decade == board.DECADES
               and state.round_pos == board.QUEEN_LOCK_SPACE and state.players[state.turn_seat].tile_count > 0):
        state.apply(bots[state.decider].choose(state.view(state.decider), state.legal_actions()))
    state.players[state.turn_seat].cards = [Card.VICAR]
    assert vicar in played_by("normal")


def test_in_the_last_decade_normal_values_a_vicar_by_the_tiles_it_can_put_into_the_bag():
    """R-CARD-11: 1 VP a tile, at most 4. Kept for the last turns, a Favour of the Vicar with nothing behind the
    screen brings nothing, so giving the last tiles to the church shows what it costs (docs/balance.md, section
    26); before the last decade tiles still come. Easy and Hard (WEIGHTS) value the card alike whatever is held."""
    state = game(3)
    state.round_pos = 2
    for decade, tiles, normal in ((board.DECADES, 0, 0.0), (board.DECADES, 2, 2.0), (board.DECADES, 8, 3.0),
                                  (board.DECADES - 1, 0, 3.0)):
        state.decade = decade
        set_hand(state, 0, field=tiles)
        assert card_value(Card.VICAR, Ctx(state, 0, NORMAL_WEIGHTS)) == pytest.approx(normal)
        assert card_value(Card.VICAR, Ctx(state, 0, WEIGHTS)) == pytest.approx(WEIGHTS["vicar"])
    assert make_bot("easy", 1).weights["vicar_tiles"] == WEIGHTS["vicar_tiles"] == 0.0
    assert make_bot("normal:vicar_tiles=0", 1).weights["vicar_tiles"] == 0.0
