"""R-COMP, R-BOARD and R-SETUP: components, board data and the setup."""

from __future__ import annotations

import pytest

from rules import board, new_game
from rules.actions import ChooseStartTiles, Leisure
from rules.events import EventKind
from rules.invariants import check_invariants
from rules.model import Building, Card, Decision, Folly, RegionKind, TileType, Title
from tests.rules.scenario import NAMES, game, legal_texts, play, run_ball, set_bribes, set_estate, set_hand, turn


def _all_tiles(s) -> list[int]:
    counts = [0, 0, 0, 0]
    for t in TileType:
        counts[t] += s.bag[t] + s.church[t]
        for p in s.players:
            counts[t] += p.tiles[t] + sum(1 for x in p.estate.tiles.values() if x == t)
    return counts


# -- R-COMP ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("first_game", [True, False])
def test_r_comp_1_land_tiles_202_by_type(first_game):
    s = new_game(NAMES[:4], 3, first_game=first_game)
    assert _all_tiles(s) == [62, 44, 48, 48]
    assert board.TOTAL_TILES == 202 == sum(board.TILE_COUNTS.values())


def test_r_comp_2_twenty_bribes_on_the_board():
    s = game(5)
    assert s.bribes_board == 20 and all(p.bribes == 0 for p in s.players)


def test_r_comp_2_ruling_bank_unlimited():
    s = game(3)
    s.players[0].money = 10**9
    set_estate(s, 0, "f f f f f f f f f f m")
    play(s, "collect taxes returning 0")
    assert s.players[0].money == 10**9 + 10  # the bank pays whatever it owes, however rich the player


def test_r_comp_3_thirty_five_scandal_cards():
    s = new_game(NAMES[:3], 5)
    counts = {c: s.deck.count(c) for c in Card}
    assert counts == {
        Card.INHERITANCE: 3, Card.INTRIGUE: 3, Card.BLACKMAIL: 4, Card.LIAISON: 4, Card.SECRET_MARRIAGE: 4,
        Card.DOWRY: 4, Card.CUNNING_STROKE: 4, Card.TRIBUTE: 4, Card.VICAR: 3, Card.WHITEHALL: 2,
    }
    assert len(s.deck) == 35


@pytest.mark.parametrize("n", [3, 4, 5])
def test_r_comp_4_buildings_15_15_12_and_4_follies(n):
    s = game(n)
    built = [b for p in s.players for b in p.estate.buildings.values()]
    assert s.castles_board + s.castles_supply + built.count(Building.CASTLE) == 15
    assert s.chapels_board + s.chapels_supply == 15
    assert s.palaces_board + s.palaces_supply == 12
    assert sorted(s.follies) == list(Folly)
    check_invariants(s)


def test_r_comp_5_two_knights_and_markers_per_player():
    s = game(4)
    for p in s.players:
        assert p.knights_in_supply == 2 and p.knights == []
        assert not p.tax_used and not p.land_used and p.vp == 0


def test_r_comp_6_titles_table():
    assert board.TITLE_PRESTIGE == {Title.DUKE: 14, Title.MARQUESS: 10, Title.EARL: 6, Title.VISCOUNT: 2,
                                    Title.BARON: 0}
    assert board.TITLE_VP == {Title.DUKE: 7, Title.MARQUESS: 5, Title.EARL: 3, Title.VISCOUNT: 1, Title.BARON: 0}
    assert board.TITLE_DISCOUNT == {Title.DUKE: 3, Title.MARQUESS: 2, Title.EARL: 1, Title.VISCOUNT: 0,
                                    Title.BARON: 0}


@pytest.mark.parametrize(("n", "supply"), [(3, (1, 1, 1, 1)), (4, (1, 1, 1, 2)), (5, (1, 1, 2, 3))])
def test_r_comp_6_title_supply_by_player_count(n, supply):
    s = game(n)
    duke, marquess, earl, viscount = supply
    assert s.titles_supply == [n, viscount, earl, marquess, duke]
    assert all(p.title == Title.BARON for p in s.players)


def test_r_comp_6_five_players_all_rich_in_prestige_share_the_supply():
    s = game(5)
    for seat in range(5):
        set_hand(s, seat)  # all fountains back into the bag
    set_estate(s, 0, " ".join(["w"] * 14) + " m")
    set_estate(s, 1, " ".join(["w"] * 13) + " m")
    set_estate(s, 2, " ".join(["w"] * 12) + " m")
    set_estate(s, 3, "w m")
    set_estate(s, 4, "m")
    set_bribes(s, 3, 10)
    set_bribes(s, 4, 10)
    run_ball(s, spend={3: ["hand back bribe"] * 10, 4: ["hand back bribe"] * 10})  # 11 and 10 prestige
    titles = [p.title for p in s.players]  # 14, 13, 12, 11, 10: every one could be a Marquess at least
    assert titles == [Title.DUKE, Title.MARQUESS, Title.EARL, Title.EARL, Title.VISCOUNT]


# -- R-BOARD --------------------------------------------------------------------------------------------------
def _drive(s, counts):
    """Play leisure-only turns to the end, recording each track space reached and what happened there."""
    seen = []
    while not s.over:
        actions = s.legal_actions()
        choice = next((a for a in actions if isinstance(a, Leisure)), actions[0])
        if s.step == Decision.TURN and s.action_taken:
            choice = next(a for a in actions if str(a) == "end turn")
        for e in s.apply(choice):
            seen.append((s.decade, e.kind, e.amount))
            counts[e.kind] = counts.get(e.kind, 0) + 1
    return seen


@pytest.mark.parametrize("n", [3, 4, 5])
def test_r_board_1_round_track_balls_queen_lock_and_scoring(n):
    s = game(n)
    counts: dict = {}
    seen = _drive(s, counts)
    spaces = [d for _, k, d in seen if k == EventKind.ROUND_ADVANCED]
    one_decade = list(range(1, 11))  # the balls on 4 and 8, the queen-lock on 9, building scoring on 10
    assert spaces == one_decade * 3
    assert counts[EventKind.BALL_STARTED] == 6
    kinds = [k for _, k, _ in seen]
    for i, (_, k, d) in enumerate(seen):
        if k == EventKind.ROUND_ADVANCED and d in board.BALL_SPACES:
            assert kinds[i + 1] == EventKind.BALL_STARTED
    assert [d for _, k, d in seen if k == EventKind.DECADE_STARTED] == [2, 3]


def test_r_board_2_price_rows_cheapest_taken_first():
    s = game(3)
    assert (s.castles_board, s.chapels_board, s.palaces_board) == (3, 3, 2)
    assert (s.castle_price(0), s.chapel_price(0), s.palace_price(0)) == (7, 5, 12)  # most expensive spaces
    set_estate(s, 0, "m m m m m m m")
    s.players[0].money = 100
    play(s, "build castle at 0,0", "end turn")
    assert s.players[0].money == 93 and s.castles_board == 2 and s.castle_price(1) == 8
    turn(s, 0)
    play(s, "build castle at 2,0")
    assert s.players[0].money == 85 and s.castle_price(1) == 9
    assert board.CASTLE_PRICES == (5, 6, 7, 8, 9) and board.CHAPEL_PRICES == (3, 4, 5, 6, 7)
    assert board.PALACE_PRICES == (10, 11, 12, 13)


def test_r_board_3_follies_needs_price_and_vp():
    assert board.FOLLY_PRICE == 12 and board.FOLLY_VP == (12, 10, 8, 6)
    assert board.FOLLY_NEEDS[Folly.FORESTS] == {RegionKind.FOREST: 2}
    assert board.FOLLY_NEEDS[Folly.FARMS] == {RegionKind.FARM: 2}
    assert board.FOLLY_NEEDS[Folly.GARDENS] == {RegionKind.GARDEN: 2}
    assert board.FOLLY_NEEDS[Folly.MIXED] == {RegionKind.FOREST: 1, RegionKind.FARM: 1, RegionKind.GARDEN: 1}


def test_r_board_4_church_three_slots_per_type():
    s = game(3)
    set_hand(s, 0, field=5, grove=1)
    play(s, "donate field", "donate field", "donate field")
    assert "donate field" not in legal_texts(s) and "donate grove" in legal_texts(s)
    assert s.church == [3, 0, 0, 0]


def test_r_board_5_vp_and_prestige_unbounded():
    s = game(3)
    s.players[0].vp = 10_000
    s.players[0].vp_by_source[0] = 10_000
    set_estate(s, 0, " ".join(["w"] * 30) + " P P P P P")  # 30 fountains and 5 palaces: prestige 40
    events = run_ball(s)
    placed = {e.seat: e.amount for e in events if e.kind == EventKind.PRESTIGE_PLACED}
    assert placed[0] == 40 and s.players[0].title == Title.DUKE and s.players[0].vp == 10_007


# -- R-SETUP --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5])
def test_r_setup_1_money_and_clockwise_seats(n):
    s = new_game(NAMES[:n], 9, first_game=True)
    assert [p.money for p in s.players] == [10 + i for i in range(n)]
    s = game(n)
    order = []
    for _ in range(n):
        order.append(s.turn_seat)
        play(s, "leisure", "end turn")
    assert order == list(range(n))


@pytest.mark.parametrize(("n", "on_board"), [(3, (3, 3, 2)), (4, (4, 4, 3)), (5, (5, 5, 4))])
def test_r_setup_2_board_buildings_and_supply(n, on_board):
    s = new_game(NAMES[:n], 1)
    assert (s.castles_board, s.chapels_board, s.palaces_board) == on_board
    assert (s.castles_supply, s.chapels_supply, s.palaces_supply) == (15 - on_board[0] - n, 15 - on_board[1],
                                                                      12 - on_board[2])
    assert len(s.follies) == 4
    # the most expensive spaces: the cheapest castle costs 9, 8, 7... as the board holds 1, 2, 3...
    assert s.castle_price(0) == board.CASTLE_PRICES[5 - on_board[0]]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_r_setup_3_last_player_holds_the_queen(n):
    assert new_game(NAMES[:n], 2).queen == n - 1


def test_r_setup_4_estate_is_one_meadow_with_a_castle():
    s = new_game(NAMES[:4], 2)
    for p in s.players:
        assert p.estate.tiles == {(0, 0): TileType.MEADOW}
        assert p.estate.buildings == {(0, 0): Building.CASTLE}
    assert s.castles_supply == 15 - 4 - 4
    assert s.bag[TileType.MEADOW] == 48 - 4


def test_r_setup_5_choose_up_to_three_of_each_then_draw_to_twelve():
    s = new_game(NAMES[:3], 11)
    assert s.step == Decision.CHOOSE_START_TILES and s.decider == 0
    assert len(s.legal_actions()) == 4**4  # 0-3 of each of the 4 types
    assert ChooseStartTiles((4, 0, 0, 0)) not in s.legal_actions()
    choices = [(3, 3, 3, 3), (0, 0, 0, 0), (3, 0, 2, 1)]
    for seat, counts in enumerate(choices):
        assert s.decider == seat
        s.apply(ChooseStartTiles(counts))
    for p, counts in zip(s.players, choices, strict=True):
        assert p.tile_count == 12
        assert all(p.tiles[t] >= counts[t] for t in TileType)
    assert s.step == Decision.KEEP_CARD
    check_invariants(s)


def test_r_setup_5_draw_is_random_from_the_bag():
    hands = set()
    for seed in range(6):
        s = new_game(NAMES[:3], seed)
        for _ in range(3):
            s.apply(ChooseStartTiles((0, 0, 0, 0)))
        hands.add(tuple(s.players[0].tiles))
    assert len(hands) > 1


def test_r_setup_5_first_game_three_of_each_no_draw():
    s = new_game(NAMES[:5], 4, first_game=True)
    assert all(p.tiles == [3, 3, 3, 3] for p in s.players)
    assert s.bag == [62 - 15, 44 - 15, 48 - 15, 48 - 15 - 5]
    assert s.step == Decision.KEEP_CARD


def test_r_setup_6_three_cards_keep_one_two_under_the_deck_start_player_first():
    s = new_game(NAMES[:3], 8, first_game=True)
    for seat in range(3):
        assert s.step == Decision.KEEP_CARD and s.decider == seat
        top3 = s.offered[:]
        assert len(top3) == 3
        keep = top3[1]
        s.apply(s.legal_actions()[[str(a) for a in s.legal_actions()].index(f"keep {keep.label}")])
        rest = top3[:]
        rest.remove(keep)
        assert s.deck[-2:] == rest  # under the deck
        assert s.players[seat].cards == [keep]
    assert s.step == Decision.TURN and s.turn_seat == 0
    assert all(p.title == Title.BARON and p.knights_in_supply == 2 for p in s.players)
    assert (s.round_pos, s.decade) == (0, 1)
    assert not any(p.tax_used or p.land_used for p in s.players)

