"""R-LAND and R-TURN: placing land, regions, the bag, and the shape of a turn."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.actions import PlaceTile
from rules.estate import Estate
from rules.events import EventKind
from rules.invariants import check_invariants
from rules.model import REGION_OF_TILE, Card, Decision, RegionKind, TileType
from rules.state import AfterCards
from tests.rules.scenario import (
    game,
    legal_texts,
    play,
    set_bag,
    set_cards,
    set_estate,
    set_hand,
    turn,
)


# -- R-LAND ---------------------------------------------------------------------------------------------------
def test_r_land_1_tile_must_touch_orthogonally():
    s = game(3)
    set_estate(s, 0, "m f")
    set_hand(s, 0, field=1)
    sites = {a.pos for a in s.legal_actions() if isinstance(a, PlaceTile)}
    assert sites == {(-1, 0), (2, 0), (0, -1), (1, -1), (0, 1), (1, 1)}
    assert (2, 1) not in sites  # diagonal only
    assert (5, 5) not in sites


def test_r_land_1_any_type_anywhere_on_an_unbounded_grid():
    s = game(3)
    set_estate(s, 0, "m", origin=(90_000, -90_000))
    set_hand(s, 0, meadow=1, fountain=1, field=1)
    play(s, "place meadow at 90001,-90000", "place fountain at 90001,-89999", "place field at 90002,-89999")
    assert s.players[0].estate.tiles[(90_002, -89_999)] == TileType.FIELD
    check_invariants(s)


def test_r_land_2_four_of_a_type_in_a_square_form_a_region():
    for code, kind in (("f", RegionKind.FARM), ("g", RegionKind.FOREST), ("w", RegionKind.GARDEN)):
        s = game(3)
        set_estate(s, 0, f"{code} {code}\n{code} .", regions=[])
        set_hand(s, 0, **{TileType({"f": 0, "w": 1, "g": 2}[code]).label: 1})
        play(s, f"place {TileType({'f': 0, 'w': 1, 'g': 2}[code]).label} at 1,1")
        assert s.players[0].estate.regions == [(kind, (0, 0))]


def test_r_land_2_meadows_and_other_shapes_form_nothing():
    s = game(3)
    set_estate(s, 0, "m m\nm .\nf f f", regions=[])
    set_hand(s, 0, meadow=1, field=1)
    play(s, "place meadow at 1,1", "place field at 3,2", "finish expanding")
    assert s.players[0].estate.regions == []


def test_r_land_3_tile_in_at_most_one_region():
    s = game(3)
    set_estate(s, 0, """
        f f f
        f f f
    """)  # one farm at 0,0; the squares at 1,0 share tiles with it
    assert len(s.players[0].estate.regions) == 1
    set_hand(s, 0, field=2)
    play(s, "place field at 3,0")
    assert len(s.players[0].estate.regions) == 1  # 2,0 3,0 2,1 3,1 lacks 3,1
    play(s, "place field at 3,1")
    assert s.players[0].estate.regions[1] == (RegionKind.FARM, (2, 0))
    assert len(s.players[0].estate.region_at) == 8


def test_r_land_3_ruling_player_chooses_region_when_several_squares_complete():
    s = game(3)
    set_estate(s, 0, """
        g g g
        g . g
    """, regions=[])
    set_hand(s, 0, grove=1)
    play(s, "place grove at 1,1")
    assert s.step == Decision.CHOOSE_REGION
    assert legal_texts(s) == {"region at 0,0", "region at 1,0"}
    play(s, "region at 1,0")
    estate = s.players[0].estate
    assert estate.regions == [(RegionKind.FOREST, (1, 0))]  # one region per placed tile
    assert (0, 0) not in estate.region_at
    assert s.step == Decision.EXPAND  # placing goes on
    check_invariants(s)


def test_r_land_3_ruling_one_region_per_placed_tile_even_with_four_squares():
    s = game(3)
    set_estate(s, 0, """
        f f f
        f . f
        f f f
    """, regions=[])
    set_hand(s, 0, field=1)
    s.players[0].money = 0
    play(s, "place field at 1,1")
    assert legal_texts(s) == {"region at 0,0", "region at 1,0", "region at 0,1", "region at 1,1"}
    play(s, "region at 1,1", "finish expanding")
    assert len(s.players[0].estate.regions) == 1
    assert s.players[0].money == 1 + 2  # one field, one farm


def test_r_land_4_bag_runs_out_rest_is_lost():
    s = game(3)
    set_estate(s, 0, "g g g m")
    set_bag(s, meadow=2)
    events = play(s, "acquire land returning 0")  # 3 groves: 3 tiles owed, 2 in the bag
    assert s.bag == [0, 0, 0, 0]
    assert s.players[0].tiles[TileType.MEADOW] == 3 + 2
    drawn = [e for e in events if e.kind == EventKind.TILES_DRAWN]
    assert drawn[0].amount == 2


def test_r_land_4_draws_are_random_and_seeded():
    results = set()
    for seed in range(5):
        s = game(3, seed=seed)
        set_estate(s, 0, "g g g g g g m", regions=[])
        before = list(s.players[0].tiles)
        play(s, "acquire land returning 0")
        results.add(tuple(a - b for a, b in zip(s.players[0].tiles, before, strict=True)))
        again = game(3, seed=seed)
        set_estate(again, 0, "g g g g g g m", regions=[])
        play(again, "acquire land returning 0")
        assert again.players[0].tiles == s.players[0].tiles  # same seed, same draw
    assert len(results) > 1


# -- R-TURN ---------------------------------------------------------------------------------------------------
def test_r_turn_1_exactly_one_action_then_clockwise():
    s = game(4)
    assert "end turn" not in legal_texts(s)  # no action yet
    play(s, "leisure")
    texts = legal_texts(s)
    assert "leisure" not in texts and "bribe 1" not in texts and "collect taxes returning 0" not in texts
    assert "end turn" in texts
    play(s, "end turn")
    assert s.turn_seat == 1 and s.decider == 1
    for _seat in (1, 2):
        play(s, "leisure", "end turn")
    assert s.turn_seat == 3


def test_r_turn_2_at_most_one_card_before_or_after_the_action():
    s = game(3)
    set_cards(s, 0, Card.TRIBUTE, Card.TRIBUTE)
    play(s, "play tribute")
    assert "play tribute" not in legal_texts(s)
    play(s, "leisure")
    assert "play tribute" not in legal_texts(s)
    play(s, "end turn")
    turn(s, 0)
    play(s, "leisure")
    assert "play tribute" in legal_texts(s)  # after the action
    play(s, "play tribute")
    assert "play tribute" not in legal_texts(s)


def test_r_turn_3_trade_two_for_one_from_the_bag_any_number_of_times():
    s = game(3)
    set_hand(s, 0, field=4, grove=1)
    bag = list(s.bag)
    play(s, "trade field,field for fountain", "trade field,grove for meadow")
    assert s.players[0].tiles == [1, 1, 0, 1]
    assert s.bag == [bag[0] + 3, bag[1] - 1, bag[2] + 1, bag[3] - 1]
    check_invariants(s)


def test_r_turn_3_only_types_in_the_bag():
    s = game(3)
    set_hand(s, 0, field=2)
    s.bag[TileType.FOUNTAIN] = 0  # breaks the tile total; no invariants here
    texts = legal_texts(s)
    assert "trade field,field for fountain" not in texts
    assert "trade field,field for grove" in texts


def test_r_turn_3_trade_during_expanding_and_donating():
    s = game(3)
    set_hand(s, 0, field=3)
    play(s, "place field at 1,0", "trade field,field for grove", "place grove at -1,0", "finish expanding")
    assert s.players[0].tile_count == 1  # the grove's random tile
    turn(s, 0)
    set_hand(s, 0, field=3)
    play(s, "donate field", "trade field,field for grove", "donate grove", "finish donating")
    assert s.church[TileType.GROVE] == 1


def _trades(s) -> set[str]:
    return {t for t in legal_texts(s) if t.startswith("trade ")}


def test_r_turn_3_trade_while_choosing_a_region_and_sending_a_knight():
    s = game(3)
    set_estate(s, 0, "f f f\nf . f")
    set_hand(s, 0, field=1, grove=2)
    play(s, "place field at 1,1")
    assert s.step == Decision.CHOOSE_REGION and "trade grove,grove for fountain" in _trades(s)
    play(s, "trade grove,grove for fountain")
    assert s.step == Decision.CHOOSE_REGION and s.players[0].tiles[TileType.FOUNTAIN] == 1
    s = game(3)
    set_estate(s, 0, "m m m")
    set_estate(s, 1, "g g\ng g")  # a forest for the knight
    set_hand(s, 0, field=2)
    s.players[0].money = 20
    play(s, "build castle at 2,0")
    assert s.step == Decision.KNIGHT and "trade field,field for grove" in _trades(s)
    play(s, "trade field,field for grove")
    assert s.step == Decision.KNIGHT


def test_r_turn_3_trade_while_a_card_is_played_or_a_chapels_card_kept():
    s = game(3)
    set_estate(s, 0, "C m m")
    set_cards(s, 0, Card.INHERITANCE, Card.VICAR)
    play(s, "play inheritance")
    assert s.step == Decision.INHERITANCE and _trades(s)
    play(s, "inherit castle at 2,0", "leisure", "end turn")
    turn(s, 0)
    play(s, "play vicar", "return field")
    assert s.step == Decision.VICAR and _trades(s)
    s = game(3)
    set_estate(s, 0, "m . m")
    s.players[0].money = 5
    play(s, "build chapel at 0,0")
    assert s.step == Decision.KEEP_CARD and _trades(s)


def test_r_turn_3_no_trade_outside_your_own_turn():
    s = game(3)
    set_estate(s, 0, "m m m")
    set_estate(s, 1, "g g\ng g")
    set_hand(s, 1, field=1, meadow=2)  # the forest owner chooses which 2 tiles he gives
    s.players[0].money = 20
    play(s, "build castle at 2,0", "knight to 1:0")
    assert s.step == Decision.GIVE_TILES and s.decider == 1 and not _trades(s)
    s = game(3)
    assert s.step == Decision.TURN and _trades(s)
    s.after_cards = AfterCards.DECADE
    s.step, s.offered = Decision.KEEP_CARD, [Card.DOWRY]  # a new decade's card: not in a turn
    assert not _trades(s)


def test_r_turn_4_queen_holder_gains_1_vp_and_advances_the_round():
    s = game(3)
    assert s.queen == 2
    play(s, "leisure", "end turn")
    assert (s.players[0].vp, s.round_pos) == (1, 0)  # not the Queen holder
    play(s, "leisure", "end turn", "leisure")
    assert s.round_pos == 0
    play(s, "end turn")
    assert s.players[2].vp == 2 and s.round_pos == 1
    assert s.turn_seat == 0


def test_r_turn_5_screens_are_hidden_in_views():
    s = game(3)
    set_cards(s, 1, Card.LIAISON)
    v = s.view(0)
    assert v.state.players[1].tiles == [0, 0, 0, 0] and v.state.players[1].cards == []
    assert v.state.players[1].money == 0 and v.state.bag == [0, 0, 0, 0] and v.state.deck == []
    assert v.state.players[1].estate.tiles == s.players[1].estate.tiles  # estates are public
    assert v.state.queen == s.queen and v.state.players[1].vp == s.players[1].vp
    assert v.card_counts[1] == 1 and v.tile_counts[1] == 12
    assert v.state.players[0].tiles == s.players[0].tiles  # the own screen


@given(st.lists(st.tuples(st.sampled_from([TileType.FIELD, TileType.GROVE, TileType.FOUNTAIN, TileType.MEADOW]),
                          st.integers(0, 200)), min_size=1, max_size=60))
def test_r_land_3_property_regions_are_disjoint_same_type_squares(placements):
    """Any sequence of placements: regions are 2x2 squares of one non-meadow type, no tile in two of them,
    and no complete square of region-free tiles of one type is left that a placement should have formed."""
    estate = Estate.starting()
    for tile, pick in placements:
        sites = estate.placeable()
        pos = sites[pick % len(sites)]
        estate.add_tile(pos, tile)
        squares = estate.completable_squares(pos)
        if squares:
            estate.form_region(squares[pick % len(squares)])
        assert estate.completable_squares(pos) == []
    cells = [c for i in range(len(estate.regions)) for c in estate.region_cells(i)]
    assert len(cells) == len(set(cells)) == len(estate.region_at)
    for i, (kind, _) in enumerate(estate.regions):
        assert {REGION_OF_TILE[estate.tiles[c]] for c in estate.region_cells(i)} == {kind}
