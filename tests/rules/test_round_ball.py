"""R-ROUND, R-BALL, R-SCORE, R-DEC and R-END: the round track, balls, scoring, decades and the end."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules import results
from rules.arena.log_text import event_text
from rules.events import EventKind
from rules.flow import prestige_space
from rules.invariants import check_invariants
from rules.model import Building, Card, Decision, Folly, TileType, Title, VPSource
from tests.rules.scenario import (
    board_buildings,
    end_turn_with_leisure,
    finish_card_picks,
    game,
    legal_texts,
    place_knight,
    play,
    run_ball,
    run_scoring,
    set_bribes,
    set_cards,
    set_estate,
    set_hand,
    turn,
)


def _placed(events) -> dict[int, int]:
    return {e.seat: e.amount for e in events if e.kind == EventKind.PRESTIGE_PLACED}


def _placing_order(events) -> list[int]:
    return [e.seat for e in events if e.kind == EventKind.PRESTIGE_PLACED]


# -- R-ROUND --------------------------------------------------------------------------------------------------
def test_r_round_1_three_decades_marker_moves_only_at_queen_holders_turn_end():
    s = game(4)
    s.queen = 1
    end_turn_with_leisure(s)
    assert s.round_pos == 0  # seat 0 does not hold her
    end_turn_with_leisure(s)
    assert s.round_pos == 1 and s.turn_seat == 2  # seat 1 does: the marker moves, seat 2 goes on
    s.decade = 3
    run_scoring(s)
    assert s.over and s.decade == 3


def test_r_round_1_taking_the_queen_ends_the_round_with_the_takers_turn():
    """R-ROUND-1, R-TURN-4, R-SETUP-3: the start player takes the Queen from the seat on its right in its first
    turn, so the first round ends with that turn and the two others have lost their turn of it: over the first
    two rounds the start player takes two turns and the others one each (docs/balance.md, section 22)."""
    s = game(3)
    assert s.queen == 2 and s.turn_seat == 0
    set_cards(s, 0, Card.WHITEHALL)
    turns = []
    while s.round_pos < 2:
        turns.append(s.turn_seat)
        if s.turn_seat == 0 and s.queen != 0:
            play(s, "play whitehall")
        end_turn_with_leisure(s)
    assert turns == [0, 1, 2, 0] and s.queen == 0


def test_r_round_2_ball_happens_at_once():
    s = game(3)
    turn(s, 2)
    s.round_pos = 3
    events = end_turn_with_leisure(s)
    kinds = [e.kind for e in events]
    assert kinds.index(EventKind.ROUND_ADVANCED) + 1 == kinds.index(EventKind.BALL_STARTED)
    assert s.round_pos == 4 and s.step == Decision.BALL_SPEND and s.ball is not None


def test_r_round_3_queen_lock_palace_garden_knight_whitehall_allowed_but_queen_stays():
    def locked():
        s = game(3)
        s.round_pos = 9
        return s

    s = locked()
    set_estate(s, 0, "C")
    s.players[0].money = 12
    play(s, "build palace at 0,0")
    assert s.queen == 2 and s.players[0].estate.buildings[(0, 0)] == Building.PALACE
    s = locked()
    set_estate(s, 0, "w w m\nw .", regions=[])
    set_hand(s, 0, fountain=1)
    play(s, "place fountain at 1,1", "finish expanding")
    assert s.queen == 2 and len(s.players[0].estate.regions) == 1
    s = locked()
    set_estate(s, 0, "m . m")
    set_hand(s, 0)
    s.players[0].money = 7
    set_estate(s, 2, "w w\nw w")
    play(s, "build castle at 2,0", "knight to 2:0")
    assert s.queen == 2 and s.players[2].estate.knights == [0]
    s = locked()
    set_cards(s, 0, Card.WHITEHALL)
    events = play(s, "play whitehall")
    assert s.queen == 2 and any(e.kind == EventKind.QUEEN_LOCKED for e in events)
    s.round_pos = 8
    turn(s, 0)
    set_cards(s, 0, Card.WHITEHALL)
    play(s, "play whitehall")
    assert s.queen == 0  # off the lock space she moves again


def test_r_round_4_building_scoring_then_the_decade_ends():
    s = game(3)
    set_estate(s, 0, "m m m\nm C m\nm m m")
    events = run_scoring(s)
    kinds = [e.kind for e in events]
    assert kinds.index(EventKind.BUILDING_SCORED) < kinds.index(EventKind.DECADE_STARTED)
    assert s.decade == 2 and s.round_pos == 0
    assert s.players[0].vp_by_source[VPSource.BUILDING_SCORING] == 3


# -- R-BALL ---------------------------------------------------------------------------------------------------
def test_r_ball_1_everyone_returns_their_title():
    s = game(3)
    for p in s.players:
        p.title = Title.EARL
    set_bribes(s, 1, 1)
    turn(s, s.queen)
    s.round_pos = 3
    end_turn_with_leisure(s)
    assert s.step == Decision.BALL_SPEND
    assert all(p.title is None for p in s.players)


def test_r_ball_2_prestige_fountains_gardens_knights_palaces():
    s = game(3)
    set_estate(s, 0, "w w w w P w\nw w w w . w")  # 10 fountains, garden 0 free, garden 1 occupied, 1 palace
    set_estate(s, 1, "w w\nw w")
    set_estate(s, 2, "w w\nw w")
    place_knight(s, 1, 0, 1)
    place_knight(s, 0, 1, 0)  # seat 0's knight on a garden of seat 1
    place_knight(s, 2, 0, 0)  # ... and seat 2's knight on seat 0's other garden: only one garden stays free
    events = run_ball(s)
    assert _placed(events)[0] == 10 + 0 + 2 + 2
    assert _placed(events)[1] == 4 + 0 + 2  # his garden is occupied; his knight is on seat 0's
    assert _placed(events)[2] == 4 + 2 + 2  # ... and his knight on seat 0's garden


def test_r_ball_2_order_from_the_queen_holder_and_sequential_collisions():
    s = game(5)
    for seat in range(5):
        set_estate(s, seat, "w w w m")  # 3 prestige each
        set_cards(s, seat)
    s.queen = 3
    events = run_ball(s)
    assert _placing_order(events) == [3, 4, 0, 1, 2]
    assert _placed(events) == {3: 3, 4: 2, 0: 1, 1: 0, 2: 0}


def test_r_ball_2_hand_back_knowing_the_markers_already_placed():
    s = game(3)
    set_estate(s, 0, "w w w w w m")
    set_estate(s, 1, "w w w w w m")
    set_estate(s, 2, "m")
    for seat in range(3):
        set_cards(s, seat)
    set_bribes(s, 1, 2)
    set_cards(s, 1, Card.BLACKMAIL, Card.TRIBUTE)
    s.queen = 0
    turn(s, 0)
    s.round_pos = 3
    end_turn_with_leisure(s)  # seat 0 has nothing to hand back: placed at 5 at once
    assert s.step == Decision.BALL_SPEND and s.decider == 1
    assert s.ball.places[0] == 5 and s.ball.base == 5
    assert legal_texts(s) == {"place prestige", "hand back bribe", "hand back blackmail", "hand back tribute"}
    deck = len(s.deck)
    events = play(s, "hand back blackmail", "hand back tribute", "hand back bribe", "place prestige")
    assert _placed(events)[1] == 5 + 3 + 1 + 1
    assert s.deck[deck:] == [Card.BLACKMAIL, Card.TRIBUTE]  # under the deck
    assert s.players[1].bribes == 1 and s.bribes_board == 19
    check_invariants(s)


def test_r_ball_2_ruling_space_zero_holds_several_markers():
    s = game(4)
    for seat in range(4):
        set_estate(s, seat, "m")
        set_cards(s, seat)
    set_estate(s, 1, "w m")
    events = run_ball(s)
    assert _placed(events) == {0: 0, 1: 1, 2: 0, 3: 0}
    assert [p.title for p in s.players] == [Title.BARON] * 4


def test_r_ball_3_titles_by_prestige_highest_first():
    s = game(3)
    set_estate(s, 0, "w w w m")
    set_estate(s, 1, " ".join(["w"] * 15) + " m")
    set_estate(s, 2, " ".join(["w"] * 7) + " m")
    for seat in range(3):
        set_cards(s, seat)
    run_ball(s)
    assert [p.title for p in s.players] == [Title.VISCOUNT, Title.DUKE, Title.EARL]


def test_r_ball_3_ruling_best_title_automatic():
    s = game(3)
    set_estate(s, 0, " ".join(["w"] * 12) + " m")
    set_estate(s, 1, " ".join(["w"] * 11) + " m")
    set_estate(s, 2, " ".join(["w"] * 10) + " m")
    for seat in range(3):
        set_cards(s, seat)
    events = run_ball(s)
    # 12 takes the Marquess (no Duke at 12); 11 finds the Marquess gone and takes the Earl; 10 the Viscount
    assert [p.title for p in s.players] == [Title.MARQUESS, Title.EARL, Title.VISCOUNT]
    assert not any(e.kind == EventKind.TITLE_AWARDED and e.seat < 0 for e in events)
    assert s.step != Decision.BALL_SPEND  # nobody is asked which title


def test_r_ball_4_vp_for_titles():
    s = game(5)
    for seat in range(5):
        set_hand(s, seat)
        set_cards(s, seat)
    for seat, fountains in enumerate((14, 10, 6, 2, 0)):
        set_estate(s, seat, " ".join(["w"] * fountains + ["m"]))
    s.queen = 4
    before = [p.vp for p in s.players]
    run_ball(s)
    assert [p.vp - v for p, v in zip(s.players, before, strict=True)] == [7, 5, 3, 1, 0 + 2]  # +1 leisure +1 Queen
    assert [p.vp_by_source[VPSource.BALLS] for p in s.players] == [7, 5, 3, 1, 0]


def test_r_ball_5_prestige_markers_back_to_zero():
    s = game(3)
    for seat in range(3):
        set_estate(s, seat, "w w w w w m")
        set_cards(s, seat)
    first = _placed(run_ball(s))
    assert s.ball is None
    second = _placed(run_ball(s))
    assert first == second  # nothing of the first ball blocks a space in the second


def test_r_ball_6_round_advances_left_of_queen_starts():
    s = game(4)
    for seat in range(4):
        set_cards(s, seat)
    s.queen = 2
    turn(s, 2)
    s.round_pos = 7
    events = end_turn_with_leisure(s)
    assert s.round_pos == 9 and s.turn_seat == 3  # ball at 8, then 9
    assert [e.amount for e in events if e.kind == EventKind.ROUND_ADVANCED] == [8, 9]  # the ball, the queen-lock


# -- R-SCORE --------------------------------------------------------------------------------------------------
def test_r_score_1_enclosed_castle_3_plus_1_per_chapel():
    s = game(3)
    set_estate(s, 0, """
        H f H
        g C m
        m w m
    """)
    run_scoring(s)
    assert s.players[0].vp_by_source[VPSource.BUILDING_SCORING] == 3 + 2


def test_r_score_1_castle_not_enclosed_scores_nothing():
    s = game(3)
    set_estate(s, 0, """
        H f H
        g C m
        m w .
    """)
    run_scoring(s)
    assert s.players[0].vp_by_source[VPSource.BUILDING_SCORING] == 0


def test_r_score_2_enclosed_palace_5_plus_2_per_chapel():
    s = game(3)
    set_estate(s, 0, """
        H f f
        g P m
        m w H
    """)
    run_scoring(s)
    assert s.players[0].vp_by_source[VPSource.BUILDING_SCORING] == 5 + 4


def test_r_score_3_follies_and_chapels_nothing_shared_chapel_counts_twice():
    s = game(3)
    set_estate(s, 0, """
        m m m m m
        m C H C m
        m m m m m
    """)
    set_estate(s, 1, """
        m m m
        m 1 m
        m m m
    """)
    run_scoring(s)
    assert s.players[0].vp_by_source[VPSource.BUILDING_SCORING] == 4 + 4
    assert s.players[1].vp_by_source[VPSource.BUILDING_SCORING] == 0


# -- R-DEC ------------------------------------------------------------------------------------------------------
def test_r_dec_1_refill_most_expensive_spaces_follies_not_refilled():
    s = game(4)
    board_buildings(s, 1, 0, 2)
    set_estate(s, 3, "g g f f w w 4\ng g f f w w")  # the mixed folly, built
    run_scoring(s)
    assert (s.castles_board, s.chapels_board, s.palaces_board) == (4, 4, 3)
    assert (s.castle_price(0), s.chapel_price(0), s.palace_price(0)) == (6, 4, 11)
    assert Folly.MIXED not in s.follies and len(s.follies) == 3


def test_r_dec_1_short_supply_fills_the_most_expensive_spaces():
    s = game(3)
    board_buildings(s, 0, 1, 0)
    s.castles_supply, s.chapels_supply, s.palaces_supply = 1, 0, 1  # breaks the totals: no invariants
    run_scoring(s)
    assert (s.castles_board, s.chapels_board, s.palaces_board) == (1, 1, 1)
    assert (s.castle_price(0), s.chapel_price(0), s.palace_price(0)) == (9, 7, 13)
    assert (s.castles_supply, s.chapels_supply, s.palaces_supply) == (0, 0, 0)


def test_r_dec_2_church_tiles_to_the_bag_markers_behind_screens():
    s = game(3)
    set_hand(s, 0, field=3, grove=1)
    play(s, "donate field", "donate field", "donate grove", "finish donating", "end turn")
    play(s, "collect taxes returning 0", "end turn")
    play(s, "acquire land returning 0", "end turn")
    bag = list(s.bag)
    run_scoring(s)
    assert s.church == [0, 0, 0, 0]
    assert s.bag[TileType.FIELD] == bag[TileType.FIELD] + 2 and s.bag[TileType.GROVE] == bag[TileType.GROVE] + 1
    assert not any(p.tax_used or p.land_used for p in s.players)
    check_invariants(s)


def test_r_dec_3_one_card_each_queen_holder_first():
    s = game(4)
    s.queen = 2
    cards = [len(p.cards) for p in s.players]
    run_scoring(s)
    order = []
    while s.step == Decision.KEEP_CARD:
        order.append(s.decider)
        assert len(s.offered) == 3
        s.apply(s.legal_actions()[0])
    assert order == [2, 3, 0, 1]
    assert [len(p.cards) for p in s.players] == [c + 1 for c in cards]


def test_r_dec_4_decade_plus_one_round_to_start_left_of_queen_starts():
    s = game(4)
    s.queen = 2
    events = run_scoring(s)
    finish_card_picks(s)
    assert (s.decade, s.round_pos) == (2, 0)
    assert s.step == Decision.TURN and s.turn_seat == 3
    assert any(e.kind == EventKind.DECADE_STARTED and e.amount == 2 for e in events)


# -- R-END ------------------------------------------------------------------------------------------------------
def test_r_end_1_three_vp_per_liaison_held():
    s = game(3)
    set_cards(s, 0, Card.LIAISON, Card.LIAISON, Card.TRIBUTE)
    set_cards(s, 1, Card.LIAISON)
    set_cards(s, 2)
    s.decade = 3
    run_scoring(s)
    assert s.over
    assert [p.vp_by_source[VPSource.LIAISONS] for p in s.players] == [6, 3, 0]


def test_r_end_1_liaisons_count_only_at_the_end():
    s = game(3)
    set_cards(s, 0, Card.LIAISON)
    run_scoring(s)  # decade 1 ends
    assert s.players[0].vp_by_source[VPSource.LIAISONS] == 0


def test_r_end_2_most_vp_wins_then_money_then_shared():
    s = game(4)
    for p, (vp, money) in zip(s.players, [(20, 3), (20, 5), (19, 50), (20, 5)], strict=True):
        p.vp = p.vp_by_source[VPSource.LEISURE] = vp
        p.money = money
    for seat in range(4):
        set_cards(s, seat)
    s.decade = 3
    s.queen = 2  # the Queen holder's last turn gives her leisure + Queen VP: 21
    events = run_scoring(s)
    assert s.over
    assert results(s).winners == (2,)
    s = game(4)
    for p, (vp, money) in zip(s.players, [(20, 3), (20, 5), (19, 50), (20, 5)], strict=True):
        p.vp = p.vp_by_source[VPSource.LEISURE] = vp
        p.money = money
    assert results(s).winners == (1, 3)  # tied on VP and money: they share
    s.players[3].money = 4
    assert results(s).winners == (1,)
    ended = [e for e in events if e.kind == EventKind.GAME_ENDED]
    assert len(ended) == 1 and "Cecil" in event_text(ended[0], s.names)


@given(st.lists(st.integers(0, 30), min_size=3, max_size=5))
def test_r_ball_2_property_next_lower_free_space(totals):
    """Markers placed one after another: each on its total or the highest free space below; 0 is shared."""
    places: list[int] = []
    for total in totals:
        space = prestige_space(places, total)
        assert 0 <= space <= total
        assert space == 0 or space not in places
        assert all(s in places for s in range(space + 1, total + 1))
        places.append(space)
