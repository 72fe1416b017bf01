"""R-ACT: the seven actions A-G, with the knights, the palace, the chapel and the follies."""

from __future__ import annotations

import pytest

from rules.actions import BuildCastle, BuildChapel, BuildFolly, MoveKnight, PlaceKnight
from rules.invariants import check_invariants
from rules.model import Building, Decision, Folly, TileType, Title
from tests.rules.scenario import (
    board_buildings,
    game,
    legal_texts,
    place_knight,
    play,
    run_ball,
    set_bribes,
    set_estate,
    set_hand,
    turn,
)


def _sites(s, kind) -> set:
    return {a.pos for a in s.legal_actions() if isinstance(a, kind)}


# -- A: expand ------------------------------------------------------------------------------------------------
def test_r_act_a1_up_to_three_tiles_one_after_another():
    s = game(3)
    set_hand(s, 0, meadow=5)
    play(s, "place meadow at 1,0")
    assert s.step == Decision.EXPAND and s.action_taken
    play(s, "place meadow at 2,0")
    assert "place meadow at 3,0" in legal_texts(s)  # the next one may touch the ones just placed
    play(s, "place meadow at 3,0")
    assert s.step == Decision.TURN and s.players[0].tiles[TileType.MEADOW] == 2  # the 3rd ends it
    assert not any(t.startswith("place") for t in legal_texts(s))


def test_r_act_a1_may_stop_after_one_tile():
    s = game(3)
    set_hand(s, 0, meadow=5)
    play(s, "place meadow at 1,0", "finish expanding")
    assert s.step == Decision.TURN and "end turn" in legal_texts(s)


def test_r_act_a2_money_for_fields_and_farms():
    s = game(3)
    set_estate(s, 0, "f f C\nf . .", regions=[])
    set_hand(s, 0, field=2)
    money = s.players[0].money
    play(s, "place field at 1,1", "place field at 2,1", "finish expanding")
    assert s.players[0].money == money + 2 + 2  # 2 fields, 1 farm


def test_r_act_a2_tiles_for_groves_drawn_after_placing():
    s = game(3)
    set_estate(s, 0, "g g C\ng . .", regions=[])
    set_hand(s, 0, grove=2)
    play(s, "place grove at 1,1")
    assert s.players[0].tile_count == 1  # nothing drawn yet
    play(s, "place grove at 2,1")
    assert s.players[0].tile_count == 0
    play(s, "finish expanding")
    assert s.players[0].tile_count == 2 + 2  # 2 groves, 1 forest


def test_r_act_a2_garden_gives_the_queen():
    s = game(3)
    set_estate(s, 0, "w w C\nw . .", regions=[])
    set_hand(s, 0, fountain=1)
    play(s, "place fountain at 1,1")
    assert s.queen == 2  # rewards come after placing
    play(s, "finish expanding")
    assert s.queen == 0


def test_r_act_a2_fountains_and_meadows_give_nothing():
    s = game(3)
    set_hand(s, 0, fountain=1, meadow=2)
    money, queen = s.players[0].money, s.queen
    play(s, "place fountain at 1,0", "place meadow at -1,0", "place meadow at 0,1")
    assert s.players[0].money == money and s.players[0].tile_count == 0 and s.queen == queen


# -- B: build -------------------------------------------------------------------------------------------------
def test_r_act_b1_only_buildings_on_the_board():
    s = game(3)
    set_estate(s, 0, "m m m m")
    s.players[0].money = 100
    board_buildings(s, 0, 0, 0)
    assert not any(t.startswith("build") for t in legal_texts(s))


def test_r_act_b1_pay_price_minus_discount_never_below_zero():
    s = game(3)
    set_estate(s, 0, "m . m")
    board_buildings(s, 3, 5, 2)  # the cheapest chapel costs £3
    s.players[0].title = Title.DUKE  # -£3
    s.players[0].money = 0
    play(s, "build chapel at 0,0")
    assert s.players[0].money == 0
    s = game(3)
    s.players[0].title = Title.EARL
    set_estate(s, 0, "m . m")
    s.players[0].money = 6
    play(s, "build castle at 2,0")  # £7 - £1
    assert s.players[0].money == 0


def test_r_act_b1_without_the_money_no_building():
    s = game(3)
    set_estate(s, 0, "C . m")
    s.players[0].money = 6  # castle £7, chapel £5, palace £12
    assert _sites(s, BuildCastle) == set() and _sites(s, BuildChapel) == {(2, 0)}
    assert not any(t.startswith("build palace") for t in legal_texts(s))


def test_r_act_b2_castle_not_adjacent_to_castle_or_palace():
    s = game(3)
    set_estate(s, 0, """
        C m m m P
        m m m m m
    """)
    s.players[0].money = 50
    assert _sites(s, BuildCastle) == {(2, 0), (2, 1)}  # not beside, nor diagonally beside C or P


def test_r_act_b2_castle_only_on_an_empty_meadow():
    s = game(3)
    set_estate(s, 0, "H . f . m . g . w")
    s.players[0].money = 50
    assert _sites(s, BuildCastle) == {(4, 0)}


def _knight_scene(victim_estate: str):
    """Seat 0 can build a castle; seat 1 owns the pictured estate with one region."""
    s = game(3)
    set_estate(s, 0, "m . m")
    set_hand(s, 0)
    s.players[0].money = 7
    set_estate(s, 1, victim_estate)
    return s


def test_r_act_b2_knight_on_farm_pays_2():
    s = _knight_scene("f f\nf f")
    play(s, "build castle at 2,0")
    assert s.step == Decision.KNIGHT and legal_texts(s) == {"knight to 1:0", "no knight"}
    money1 = s.players[1].money
    play(s, "knight to 1:0")
    assert s.players[0].money == 2 and s.players[1].money == money1 - 2
    assert s.players[1].estate.knights == [0] and s.players[0].knights == [(1, 0)]
    assert s.step == Decision.TURN
    check_invariants(s)


def test_r_act_b2_knight_on_farm_takes_all_he_has_if_less():
    s = _knight_scene("f f\nf f")
    s.players[1].money = 1
    play(s, "build castle at 2,0", "knight to 1:0")
    assert s.players[0].money == 1 and s.players[1].money == 0


def test_r_act_b2_knight_on_forest_victim_chooses_tiles():
    s = _knight_scene("g g\ng g")
    set_hand(s, 1, field=1, fountain=2, meadow=1)
    play(s, "build castle at 2,0", "knight to 1:0")
    assert s.step == Decision.GIVE_TILES and s.decider == 1  # the owner decides
    assert legal_texts(s) == {"give field,fountain", "give field,meadow", "give fountain,fountain",
                              "give fountain,meadow"}
    play(s, "give fountain,meadow")
    assert s.players[1].tiles == [1, 1, 0, 0] and s.players[0].tiles == [0, 1, 0, 1]
    assert s.step == Decision.TURN and s.decider == 0
    check_invariants(s)


def test_r_act_b2_knight_on_forest_fewer_tiles_if_fewer():
    s = _knight_scene("g g\ng g")
    set_hand(s, 1, grove=1)
    play(s, "build castle at 2,0", "knight to 1:0")
    assert s.step == Decision.TURN and s.players[0].tiles == [0, 0, 1, 0] and s.players[1].tile_count == 0
    s = _knight_scene("g g\ng g")
    set_hand(s, 1)
    play(s, "build castle at 2,0", "knight to 1:0")
    assert s.step == Decision.TURN and s.players[0].tile_count == 0


def test_r_act_b2_knight_on_garden_takes_queen_only_if_victim_holds_her():
    s = _knight_scene("w w\nw w")
    s.queen = 1
    play(s, "build castle at 2,0", "knight to 1:0")
    assert s.queen == 0
    s = _knight_scene("w w\nw w")
    assert s.queen == 2
    play(s, "build castle at 2,0", "knight to 1:0")
    assert s.queen == 2  # seat 1 does not hold her: nothing


def test_r_act_b2_knight_only_on_unoccupied_regions_of_other_players():
    s = game(3)
    set_estate(s, 0, "f f m . m\nf f")  # an own farm: never a target
    s.players[0].money = 7
    set_estate(s, 1, "g g w w\ng g w w")
    set_estate(s, 2, "f f f . m\nf f f")  # one farm; the other 2 fields are in no region
    place_knight(s, 2, 1, 0)  # seat 2's knight on seat 1's forest
    play(s, "build castle at 4,0")
    targets = {(a.owner, a.region) for a in s.legal_actions() if isinstance(a, PlaceKnight)}
    assert targets == {(1, 1), (2, 0)}


def test_r_act_b2_no_knight_step_without_targets():
    s = game(3)
    set_estate(s, 0, "f f m . m\nf f")
    s.players[0].money = 7
    play(s, "build castle at 4,0")
    assert s.step == Decision.TURN


def test_r_act_b2_knight_is_optional():
    s = _knight_scene("f f\nf f")
    money1 = s.players[1].money
    play(s, "build castle at 2,0", "no knight")
    assert s.step == Decision.TURN and s.players[0].knights == [] and s.players[1].money == money1


def test_r_act_b2_move_a_knight_when_none_in_supply():
    s = game(3)
    set_estate(s, 0, "m . m . m")
    s.players[0].money = 100
    set_estate(s, 1, "f f g g\nf f g g")
    set_estate(s, 2, "w w\nw w")
    place_knight(s, 0, 1, 0)
    place_knight(s, 0, 1, 1)
    s.queen = 2
    play(s, "build castle at 2,0")
    moves = {a for a in s.legal_actions() if isinstance(a, MoveKnight)}
    assert moves == {MoveKnight(1, 0, 2, 0), MoveKnight(1, 1, 2, 0)}
    assert not any(isinstance(a, PlaceKnight) for a in s.legal_actions())
    play(s, "knight from 1:1 to 2:0")
    assert s.players[1].estate.knights == [0, -1] and s.players[2].estate.knights == [0]
    assert sorted(s.players[0].knights) == [(1, 0), (2, 0)] and s.queen == 0
    check_invariants(s)


def test_r_act_b3_palace_replaces_a_castle_which_goes_to_the_supply():
    s = game(3)
    set_estate(s, 0, "C . m")
    s.players[0].money = 12
    board_castles, supply = s.castles_board, s.castles_supply
    assert legal_texts(s) >= {"build palace at 0,0"} and "build palace at 2,0" not in legal_texts(s)
    play(s, "build palace at 0,0")
    assert s.players[0].estate.buildings == {(0, 0): Building.PALACE}
    assert s.castles_supply == supply + 1 and s.castles_board == board_castles
    assert s.players[0].money == 0 and s.queen == 0
    check_invariants(s)


def test_r_act_b3_palace_needs_a_castle():
    s = game(3)
    set_estate(s, 0, "m m")
    s.players[0].money = 50
    assert not any(t.startswith("build palace") for t in legal_texts(s))


def test_r_act_b4_chapel_not_adjacent_to_another_chapel_and_gives_a_card():
    s = game(3)
    set_estate(s, 0, """
        H m m m C
        m m m m m
    """)
    s.players[0].money = 50
    assert _sites(s, BuildChapel) == {(2, 0), (3, 0), (2, 1), (3, 1), (4, 1)}  # beside a castle is fine
    top3 = s.deck[:3]
    play(s, "build chapel at 3,0")
    assert s.step == Decision.KEEP_CARD and s.decider == 0 and s.offered == top3
    play(s, f"keep {top3[0].label}")
    assert s.step == Decision.TURN and top3[0] in s.players[0].cards


@pytest.mark.parametrize(("picture", "allowed"), [
    ("g g g g m\ng g g g", {Folly.FORESTS}),
    ("f f f f m\nf f f f", {Folly.FARMS}),
    ("w w w w m\nw w w w", {Folly.GARDENS}),
    ("g g f f w w m\ng g f f w w", {Folly.MIXED}),
    ("g g f f m\ng g f f", set()),
    ("g g g m\ng g g", set()),
])
def test_r_act_b5_folly_needs_the_regions_it_shows(picture, allowed):
    s = game(3)
    set_estate(s, 0, picture)
    s.players[0].money = 12
    assert {a.folly for a in s.legal_actions() if isinstance(a, BuildFolly)} == allowed


def test_r_act_b5_folly_on_any_empty_meadow_knights_do_not_matter():
    s = game(3)
    set_estate(s, 0, "g g g g C m\ng g g g H m")
    place_knight(s, 1, 0, 0)
    place_knight(s, 2, 0, 1)
    s.players[0].money = 12
    assert {a.pos for a in s.legal_actions() if isinstance(a, BuildFolly)} == {(5, 0), (5, 1)}


def test_r_act_b5_follies_give_12_10_8_6_vp():
    s = game(4)
    pictures = ["g g g g m\ng g g g", "f f f f m\nf f f f", "w w w w m\nw w w w", "g g f f w w m\ng g f f w w"]
    vps = []
    for seat, picture in enumerate(pictures):
        set_estate(s, seat, picture)
    for seat, picture in enumerate(pictures):
        turn(s, seat)
        s.players[seat].money = 12
        meadow = (len(picture.split("\n")[0].split()) - 1, 0)
        folly = next(a for a in s.legal_actions() if isinstance(a, BuildFolly) and a.pos == meadow)
        vp = s.players[seat].vp
        s.apply(folly)
        vps.append(s.players[seat].vp - vp)
        assert s.players[seat].money == 0
    assert vps == [12, 10, 8, 6] and s.follies == []
    check_invariants(s)


def test_r_act_b5_ruling_folly_discount():
    s = game(3)
    set_estate(s, 0, "g g g g m\ng g g g")
    s.players[0].title = Title.MARQUESS
    s.players[0].money = 10
    play(s, "build folly-forests at 4,0")
    assert s.players[0].money == 0


# -- C: bribes ----------------------------------------------------------------------------------------------------
def test_r_act_c1_up_to_5_bribes_2_pounds_and_1_vp_each():
    s = game(3)
    s.players[0].money = 100
    assert {t for t in legal_texts(s) if t.startswith("bribe")} == {f"bribe {k}" for k in range(1, 6)}
    play(s, "bribe 5")
    assert (s.players[0].money, s.players[0].vp, s.players[0].bribes, s.bribes_board) == (90, 5, 5, 15)


def test_r_act_c1_not_more_than_money_or_board():
    s = game(3)
    s.players[0].money = 5
    assert {t for t in legal_texts(s) if t.startswith("bribe")} == {"bribe 1", "bribe 2"}
    s.players[0].money = 100
    set_bribes(s, 1, 17)
    assert {t for t in legal_texts(s) if t.startswith("bribe")} == {"bribe 1", "bribe 2", "bribe 3"}
    set_bribes(s, 1, 20)
    assert not any(t.startswith("bribe") for t in legal_texts(s))


def test_r_act_c2_bribes_handed_back_for_money_tiles_prestige():
    s = game(3)
    set_estate(s, 0, "m")
    set_bribes(s, 0, 6)
    money = s.players[0].money
    play(s, "collect taxes returning 2", "end turn")
    assert s.players[0].money == money + 2 and s.bribes_board == 16
    turn(s, 0)
    tiles = s.players[0].tile_count
    play(s, "acquire land returning 3")
    assert s.players[0].tile_count == tiles + 3 and s.bribes_board == 19
    events = run_ball(s, spend={0: ["hand back bribe"]})
    assert [e.amount for e in events if e.kind.name == "PRESTIGE_PLACED" and e.seat == 0] == [1]
    assert s.bribes_board == 20 and s.players[0].bribes == 0


# -- D, E: taxes and land -------------------------------------------------------------------------------------------
def test_r_act_d1_taxes():
    s = game(3)
    set_estate(s, 0, "f f f f f m\nf f . f f")  # 2 farms and one field alone: 9 fields
    set_estate(s, 1, "f f\nf f")
    set_estate(s, 2, "f f\nf f")
    place_knight(s, 1, 0, 1)  # an opponent's knight on one of seat 0's farms
    place_knight(s, 0, 1, 0)
    place_knight(s, 0, 2, 0)
    set_bribes(s, 0, 2)
    money = s.players[0].money
    play(s, "collect taxes returning 1")
    assert s.players[0].money == money + 9 + 2 + 2 * 2 + 1
    assert s.players[0].tax_used


def test_r_act_d1_taxes_once_per_decade():
    s = game(3)
    play(s, "collect taxes returning 0", "end turn")
    turn(s, 0)
    assert not any(t.startswith("collect taxes") for t in legal_texts(s))
    assert "acquire land returning 0" in legal_texts(s)


def test_r_act_e1_acquire_land():
    s = game(3)
    set_estate(s, 0, "g g g g g m\ng g . g g")
    set_estate(s, 1, "g g\ng g")
    set_estate(s, 2, "f f\nf f")
    place_knight(s, 2, 0, 0)
    place_knight(s, 0, 1, 0)
    place_knight(s, 0, 2, 0)  # a knight on a farm brings no tiles
    set_bribes(s, 0, 1)
    tiles = s.players[0].tile_count
    play(s, "acquire land returning 1")
    assert s.players[0].tile_count == tiles + 9 + 2 + 2 + 1
    assert s.players[0].land_used


def test_r_act_e1_land_once_per_decade():
    s = game(3)
    play(s, "acquire land returning 0", "end turn")
    turn(s, 0)
    assert not any(t.startswith("acquire land") for t in legal_texts(s))


# -- F, G ----------------------------------------------------------------------------------------------------------
def test_r_act_f1_donate_any_number_1_vp_each_3_per_type_per_decade():
    s = game(3)
    set_hand(s, 0, field=4, grove=2, meadow=1)
    play(s, "donate field", "donate grove", "donate field", "donate meadow", "donate field")
    assert "donate field" not in legal_texts(s)
    play(s, "donate grove", "finish donating")
    assert s.players[0].vp == 6 and s.church == [3, 0, 2, 1] and s.players[0].tiles == [1, 0, 0, 0]
    play(s, "end turn")
    turn(s, 0)
    assert "donate field" not in legal_texts(s)  # the church stays full this decade
    check_invariants(s)


def test_r_act_g1_leisure_1_vp():
    s = game(3)
    play(s, "leisure")
    assert s.players[0].vp == 1 and s.action_taken
