"""R-CARD: getting and playing scandal cards, and each of the ten cards."""

from __future__ import annotations

from rules.actions import KeepAllWithIntrigue, PlayCard
from rules.events import EventKind
from rules.invariants import check_invariants
from rules.model import Building, Card, Decision, TileType, VPSource
from tests.rules.scenario import (
    board_buildings,
    deck_top,
    game,
    legal_texts,
    play,
    run_ball,
    set_bribes,
    set_cards,
    set_estate,
    set_hand,
    turn,
)


def _chapel_ready(s, seat=0):
    set_estate(s, seat, "m . m")
    s.players[seat].money = 5


# -- getting and playing --------------------------------------------------------------------------------------
def test_r_card_1_look_at_top_3_keep_1_two_under_the_deck():
    s = game(3)
    set_cards(s, 0)
    _chapel_ready(s)
    deck_top(s, Card.DOWRY, Card.TRIBUTE, Card.LIAISON)
    play(s, "build chapel at 0,0")
    assert s.offered == [Card.DOWRY, Card.TRIBUTE, Card.LIAISON]
    keeps = {t for t in legal_texts(s) if not t.startswith("trade ")}  # R-TURN-3: trading is open too
    assert keeps == {"keep dowry", "keep tribute", "keep liaison"}
    play(s, "keep tribute")
    assert s.players[0].cards == [Card.TRIBUTE] and s.deck[-2:] == [Card.DOWRY, Card.LIAISON]
    check_invariants(s)


def test_r_card_2_one_card_per_turn_played_cards_under_the_deck():
    s = game(3)
    set_cards(s, 0, Card.TRIBUTE, Card.DOWRY)
    play(s, "play tribute")
    assert s.deck[-1] == Card.TRIBUTE
    assert not any(t.startswith("play") for t in legal_texts(s))
    play(s, "leisure")
    assert not any(t.startswith("play") for t in legal_texts(s))


def test_r_card_2_cards_without_a_turn_effect_are_not_played():
    s = game(3)
    set_cards(s, 0, Card.INTRIGUE, Card.BLACKMAIL, Card.LIAISON)
    assert not any(t.startswith("play") for t in legal_texts(s))


def test_r_card_3_inheritance_free_castle_no_knight():
    s = game(3)
    set_estate(s, 0, "C m m")
    set_estate(s, 1, "f f\nf f")  # a target a built castle would send a knight to
    set_cards(s, 0, Card.INHERITANCE)
    s.players[0].money = 0
    castles = s.castles_board
    play(s, "play inheritance")
    places = {t for t in legal_texts(s) if not t.startswith("trade ")}  # R-TURN-3: trading is open too
    assert s.step == Decision.INHERITANCE and places == {"inherit castle at 2,0"}
    play(s, "inherit castle at 2,0")
    assert s.players[0].estate.buildings[(2, 0)] == Building.CASTLE and s.castles_board == castles - 1
    assert s.step == Decision.TURN and s.players[0].money == 0 and s.players[0].knights == []
    assert not s.action_taken  # the card is not the turn's action
    check_invariants(s)


def test_r_card_3_inheritance_needs_a_castle_on_the_board_and_a_legal_meadow():
    s = game(3)
    set_cards(s, 0, Card.INHERITANCE)
    set_estate(s, 0, "C m")
    assert "play inheritance" not in legal_texts(s)  # the only meadow is beside the castle
    set_estate(s, 0, "C . m")
    assert "play inheritance" in legal_texts(s)
    board_buildings(s, 0, 3, 2)
    assert "play inheritance" not in legal_texts(s)


def test_r_card_4_intrigue_keep_all_three():
    s = game(3)
    set_cards(s, 0, Card.INTRIGUE)
    _chapel_ready(s)
    deck_top(s, Card.DOWRY, Card.TRIBUTE, Card.LIAISON)
    play(s, "build chapel at 0,0")
    assert "keep all with intrigue" in legal_texts(s)
    play(s, "keep all with intrigue")
    assert sorted(s.players[0].cards) == sorted([Card.DOWRY, Card.TRIBUTE, Card.LIAISON])
    assert s.deck[-1] == Card.INTRIGUE
    check_invariants(s)


def test_r_card_4_intrigue_must_be_held_before():
    s = game(3)
    set_cards(s, 0)
    _chapel_ready(s)
    deck_top(s, Card.INTRIGUE, Card.TRIBUTE, Card.LIAISON)
    play(s, "build chapel at 0,0")
    assert KeepAllWithIntrigue() not in s.legal_actions()


def test_r_card_4_ruling_intrigue_is_a_reaction_not_the_card_played():
    s = game(3)
    set_cards(s, 0, Card.INTRIGUE, Card.TRIBUTE)
    _chapel_ready(s)
    play(s, "play tribute")
    s.players[0].money = 5
    play(s, "build chapel at 0,0", "keep all with intrigue")  # after the turn's card: still allowed
    assert s.step == Decision.TURN
    s = game(3)
    set_cards(s, 0, Card.INTRIGUE, Card.TRIBUTE)
    _chapel_ready(s)
    play(s, "build chapel at 0,0", "keep all with intrigue")
    assert "play tribute" in legal_texts(s)  # the Intrigue was not this turn's card


def test_r_card_4_intrigue_at_a_new_decade_pick():
    from tests.rules.scenario import run_scoring

    s = game(3)
    set_cards(s, 1, Card.INTRIGUE)
    s.queen = 1
    run_scoring(s)
    assert s.step == Decision.KEEP_CARD and s.decider == 1
    play(s, "keep all with intrigue")
    assert len(s.players[1].cards) == 3


def test_r_card_5_blackmail_3_prestige_any_number_at_once():
    s = game(3)
    for seat in range(3):
        set_cards(s, seat)
        set_estate(s, seat, "m")
    set_cards(s, 0, Card.BLACKMAIL, Card.BLACKMAIL, Card.LIAISON)
    events = run_ball(s, spend={0: ["hand back blackmail", "hand back blackmail", "hand back liaison"]})
    placed = {e.seat: e.amount for e in events if e.kind == EventKind.PRESTIGE_PLACED}
    assert placed[0] == 3 + 3 + 1


def test_r_card_6_liaison_held_3_vp_at_the_end_not_playable():
    from tests.rules.scenario import run_scoring

    s = game(3)
    set_cards(s, 2, Card.LIAISON, Card.LIAISON, Card.LIAISON)
    turn(s, 2)
    assert "play liaison" not in legal_texts(s)
    s.decade = 3
    run_scoring(s)
    assert s.players[2].vp_by_source[VPSource.LIAISONS] == 9


def test_r_card_7_secret_marriage_two_bribes_two_vp_regardless():
    s = game(3)
    set_cards(s, 0, Card.SECRET_MARRIAGE)
    play(s, "play secret-marriage")
    assert (s.players[0].bribes, s.bribes_board, s.players[0].vp) == (2, 18, 2)
    assert s.players[0].vp_by_source[VPSource.CARDS] == 2
    s = game(3)
    set_bribes(s, 1, 19)
    set_cards(s, 0, Card.SECRET_MARRIAGE)
    play(s, "play secret-marriage")
    assert (s.players[0].bribes, s.bribes_board, s.players[0].vp) == (1, 0, 2)
    s = game(3)
    set_bribes(s, 1, 20)
    set_cards(s, 0, Card.SECRET_MARRIAGE)
    play(s, "play secret-marriage")
    assert (s.players[0].bribes, s.players[0].vp) == (0, 2)
    check_invariants(s)


def test_r_card_8_dowry_four_random_tiles():
    s = game(3)
    set_cards(s, 0, Card.DOWRY)
    set_hand(s, 0)
    play(s, "play dowry")
    assert s.players[0].tile_count == 4
    check_invariants(s)


def test_r_card_9_cunning_stroke_extra_expand_also_after_action_a():
    s = game(3)
    set_cards(s, 0, Card.CUNNING_STROKE)
    set_hand(s, 0, field=6)
    money = s.players[0].money
    play(s, "place field at 1,0", "place field at 2,0", "place field at 3,0")
    assert s.step == Decision.TURN and s.action_taken
    play(s, "play cunning-stroke")
    assert s.step == Decision.EXPAND
    play(s, "place field at 4,0", "place field at 5,0", "place field at 6,0")
    assert s.step == Decision.TURN and s.players[0].money == money + 6
    assert s.players[0].tiles[TileType.FIELD] == 0


def test_r_card_9_cunning_stroke_is_not_the_turns_action():
    s = game(3)
    set_cards(s, 0, Card.CUNNING_STROKE)
    set_hand(s, 0, meadow=4)
    play(s, "play cunning-stroke", "place meadow at 1,0", "finish expanding")
    assert not s.action_taken and "end turn" not in legal_texts(s)
    play(s, "place meadow at 2,0", "finish expanding", "end turn")
    assert s.turn_seat == 1


def test_r_card_10_tribute_five_pounds():
    s = game(3)
    set_cards(s, 0, Card.TRIBUTE)
    money = s.players[0].money
    play(s, "play tribute")
    assert s.players[0].money == money + 5


def test_r_card_11_favour_of_the_vicar_up_to_4_tiles_1_vp_each():
    s = game(3)
    set_cards(s, 0, Card.VICAR)
    set_hand(s, 0, field=3, grove=3)
    bag = list(s.bag)
    play(s, "play vicar", "return field", "return grove", "return field", "return grove")
    assert s.step == Decision.TURN  # four: done
    assert s.players[0].tiles == [1, 0, 1, 0] and s.players[0].vp == 4
    assert s.bag == [bag[0] + 2, bag[1], bag[2] + 2, bag[3]]
    s = game(3)
    set_cards(s, 0, Card.VICAR)
    set_hand(s, 0, field=3)
    play(s, "play vicar", "return field", "finish returning")
    assert s.players[0].vp == 1 and s.players[0].tiles == [2, 0, 0, 0]
    set_hand(s, 1)
    turn(s, 1)
    set_cards(s, 1, Card.VICAR)
    assert PlayCard(Card.VICAR) not in s.legal_actions()  # nothing to return


def test_r_card_12_whitehall_takes_the_queen():
    s = game(3)
    set_cards(s, 0, Card.WHITEHALL)
    play(s, "play whitehall")
    assert s.queen == 0
    play(s, "leisure", "end turn")
    assert s.round_pos == 1 and s.players[0].vp_by_source[VPSource.QUEEN] == 1
