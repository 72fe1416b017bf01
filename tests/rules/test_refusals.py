"""Why a turn choice is refused (rules.refusal), the ball's prestige sources and the title a total earns.

The explanations are checked against the legality they explain: a choice is refused exactly when no legal
action of its kind exists, in every position of many random games.
"""

from __future__ import annotations

import random

import pytest

from rules import ActionKind, Card, PrestigeSource, Title, Why, action_kind, refusals, view
from rules.flow import base_prestige, prestige_sources, title_for
from tests.rules.scenario import board_buildings, game, place_knight, play, set_bribes, set_cards, set_estate, set_hand


def _whys(s, seat=0) -> dict[ActionKind, set[Why]]:
    return {kind: {r.why for r in rs} for kind, rs in refusals(view(s, seat)).items()}


def test_refusals_name_exactly_the_kinds_without_a_legal_action():
    rng = random.Random(5)
    for seed in range(6):
        from rules import new_game

        s = new_game(["Anne", "Bob", "Cecil", "Dora"], seed)
        while not s.over:
            seat = s.decider
            v = view(s, seat)
            refused = refusals(v)
            allowed = {action_kind(a) for a in v.legal} - {None}
            assert set(refused) == set(ActionKind) - allowed
            assert all(refused.values())
            s.apply(rng.choice(s.legal_actions()))


def test_other_players_decision_is_named():
    s = game(3)
    rs = refusals(view(s, 1))
    (r,) = rs[ActionKind.LEISURE]
    assert r.why == Why.OTHERS_DECISION and r.seat == 0
    assert r.text(s.names) == "It is Anne's decision (take a turn step)."


def test_r_turn_1_one_action_a_turn():
    s = game(3)
    play(s, "leisure")
    whys = _whys(s)
    assert whys[ActionKind.BRIBE] == {Why.ACTION_TAKEN}
    assert ActionKind.END not in whys


def test_r_act_b1_build_refused_for_money_with_the_price():
    s = game(3)
    s.players[0].money = 2
    rs = refusals(view(s, 0))[ActionKind.BUILD]
    prices = {r.why: r.price for r in rs}
    assert prices[Why.CASTLE_PRICE] == s.castle_price(0)
    assert prices[Why.CHAPEL_PRICE] == s.chapel_price(0)
    assert f"£{s.castle_price(0)}" in rs[0].text(s.names)


def test_r_act_b2_b4_no_site_for_a_castle_or_chapel():
    s = game(3)
    set_estate(s, 0, "C f f\nf f f")  # no empty meadow at all
    board_buildings(s, s.castles_board, s.chapels_board, 0)  # and no palace to replace the castle with
    s.players[0].money = 20
    whys = _whys(s)[ActionKind.BUILD]
    assert Why.CASTLE_NEEDS_MEADOW in whys and Why.CHAPEL_NEEDS_MEADOW in whys


def test_r_act_b2_b4_meadows_too_near_for_a_castle_or_chapel():
    s = game(3)
    set_estate(s, 0, "m C m\nm H m")  # empty meadows, each next to the castle and to the chapel
    board_buildings(s, s.castles_board, s.chapels_board, 0)
    s.players[0].money = 20
    whys = _whys(s)[ActionKind.BUILD]
    assert Why.NO_CASTLE_SITE in whys and Why.NO_CHAPEL_SITE in whys


def test_r_act_b2_no_castle_left_on_the_board():
    s = game(3)
    board_buildings(s, 0, s.chapels_board, s.palaces_board)
    s.players[0].money = 0
    assert Why.NO_CASTLE_ON_BOARD in _whys(s)[ActionKind.BUILD]


def test_r_act_b5_folly_needs_its_regions():
    s = game(3)
    s.players[0].money = 30
    set_estate(s, 0, "C m")
    whys = _whys(s)
    assert ActionKind.BUILD not in whys  # castles and chapels can be built
    set_estate(s, 0, "C f f\nf f f")
    board_buildings(s, s.castles_board, s.chapels_board, 0)
    assert Why.NO_FOLLY_REGIONS in _whys(s)[ActionKind.BUILD]


def test_r_act_c1_bribes_need_money_or_markers():
    s = game(3)
    s.players[0].money = 1
    assert _whys(s)[ActionKind.BRIBE] == {Why.BRIBE_PRICE}
    s.players[0].money = 10
    set_bribes(s, 0, 20)
    assert _whys(s)[ActionKind.BRIBE] == {Why.NO_BRIBES_ON_BOARD}


def test_r_act_d_e_once_a_decade():
    s = game(3)
    s.players[0].tax_used = True
    s.players[0].land_used = True
    whys = _whys(s)
    assert whys[ActionKind.TAXES] == {Why.TAXES_USED}
    assert whys[ActionKind.LAND] == {Why.LAND_USED}


def test_r_act_f1_church_needs_tiles():
    s = game(3)
    set_hand(s, 0)
    whys = _whys(s)
    assert whys[ActionKind.CHURCH] == {Why.NO_TILES_TO_DONATE}
    assert whys[ActionKind.EXPAND] == {Why.NO_TILES_TO_PLACE}
    assert whys[ActionKind.TRADE] == {Why.TRADE_NEEDS_TILES}


def test_r_turn_2_one_card_a_turn_and_cards_that_act_elsewhere():
    s = game(3)
    set_cards(s, 0, Card.LIAISON)
    assert _whys(s)[ActionKind.CARD] == {Why.NO_PLAYABLE_CARD}
    set_cards(s, 0)
    assert _whys(s)[ActionKind.CARD] == {Why.NO_CARDS}
    set_cards(s, 0, Card.TRIBUTE, Card.TRIBUTE)
    play(s, "play tribute")
    assert _whys(s)[ActionKind.CARD] == {Why.CARD_PLAYED}


def test_r_ball_2_prestige_sources_sum_to_the_base():
    s = game(4)
    set_estate(s, 0, "w w w\nw w m\nP w w")  # a garden and 3 more fountains, a palace
    set_estate(s, 1, "w w\nw w")
    place_knight(s, 0, 1, 0)
    sources = {source: (count, prestige) for source, count, prestige in prestige_sources(s, 0)}
    assert sources[PrestigeSource.FOUNTAINS] == (7, 7)
    assert sources[PrestigeSource.FREE_GARDENS] == (1, 2)
    assert sources[PrestigeSource.KNIGHTS_ON_GARDENS] == (1, 2)
    assert sources[PrestigeSource.PALACES] == (1, 2)
    assert base_prestige(s, 0) == 13


@pytest.mark.parametrize(
    ("prestige", "supply", "title"),
    [
        (14, [4, 2, 1, 1, 1], Title.DUKE),
        (14, [4, 2, 1, 1, 0], Title.MARQUESS),  # the Duke is taken: the next title the total reaches
        (9, [4, 2, 1, 1, 1], Title.EARL),
        (1, [4, 2, 1, 1, 1], Title.BARON),
        (6, [4, 0, 0, 1, 1], Title.BARON),  # no Earl nor Viscount left
    ],
)
def test_r_ball_3_the_best_title_still_available(prestige, supply, title):
    assert title_for(prestige, supply) == title


# -- one piece, one cell (rules.why_not, rules.build_refusal) ----------------------------------------------------
def _builds(action, piece) -> bool:
    from rules import Building, Folly
    from rules import actions as A

    if isinstance(piece, Folly):
        return isinstance(action, A.BuildFolly) and action.folly is piece
    rows = {Building.CASTLE: A.BuildCastle, Building.PALACE: A.BuildPalace, Building.CHAPEL: A.BuildChapel}
    return type(action) is rows[piece]


def test_why_not_explains_exactly_the_actions_that_are_not_legal():
    rng = random.Random(8)
    from rules import Building, Donate, Folly, PlaceTile, TileType, build_refusal, new_game, why_not
    from rules import actions as A

    for seed in range(4):
        s = new_game(["Anne", "Bob", "Cecil"], seed)
        while not s.over:
            v = view(s, s.decider)
            estate = s.players[s.decider].estate
            cells = set(estate.tiles) | set(estate.placeable())
            tries = [PlaceTile(t, c) for t in TileType for c in cells]
            tries += [A.BuildCastle(c) for c in cells] + [A.BuildChapel(c) for c in cells]
            tries += [A.BuildPalace(c) for c in cells] + [A.BuildFolly(Folly.MIXED, c) for c in cells]
            tries += [Donate(t) for t in TileType]
            for a in tries:
                assert bool(why_not(v, a)) == (a not in v.legal), a
            for piece in (Building.CASTLE, Building.PALACE, Building.CHAPEL, *Folly):
                assert (build_refusal(v, piece) is None) == any(_builds(a, piece) for a in v.legal), piece
            s.apply(rng.choice(s.legal_actions()))


def test_r_land_1_a_tile_dropped_where_it_cannot_go_says_why():
    from rules import PlaceTile, TileType, why_not

    s = game(3)
    set_estate(s, 0, "m f")
    set_hand(s, 0, field=1)
    v = view(s, 0)
    assert [r.why for r in why_not(v, PlaceTile(TileType.FIELD, (1, 0)))] == [Why.CELL_TAKEN]
    assert [r.why for r in why_not(v, PlaceTile(TileType.FIELD, (2, 2)))] == [Why.NOT_TOUCHING]
    (r,) = why_not(v, PlaceTile(TileType.GROVE, (2, 0)))
    assert r.why == Why.NO_TILE_OF_KIND and r.text(s.names) == "You have no grove behind your screen."
    assert why_not(v, PlaceTile(TileType.FIELD, (2, 0))) == ()


def test_r_act_b_a_building_dropped_where_it_cannot_go_says_why():
    from rules import actions as A
    from rules import why_not

    s = game(3)
    set_estate(s, 0, "C m m . m\nf m H\n. . m")
    s.players[0].money = 50
    v = view(s, 0)
    assert why_not(v, A.BuildCastle((1, 0)))[0].why == Why.NEAR_CASTLE
    assert why_not(v, A.BuildCastle((0, 1)))[0].why == Why.NOT_A_MEADOW
    assert why_not(v, A.BuildCastle((0, 0)))[0].why == Why.MEADOW_TAKEN
    assert why_not(v, A.BuildChapel((1, 1)))[0].why == Why.NEAR_CHAPEL
    assert why_not(v, A.BuildPalace((2, 0)))[0].why == Why.NOT_A_CASTLE
    assert why_not(v, A.BuildCastle((2, 2))) == ()


def test_r_act_b5_a_folly_says_which_regions_it_needs():
    from rules import Folly, build_refusal

    s = game(3)
    s.players[0].money = 50
    r = build_refusal(view(s, 0), Folly.MIXED)
    assert r.why == Why.FOLLY_NEEDS
    assert r.text(s.names) == "This folly needs a forest, a farm and a garden in your estate."
    assert build_refusal(view(s, 1), Folly.MIXED).why == Why.OTHERS_DECISION


def test_r_act_f1_a_kind_of_tile_the_church_refuses_says_why():
    from rules import Donate, TileType, why_not

    s = game(3)
    set_hand(s, 0, field=1)
    s.church[TileType.FIELD] = 3
    s.bag[TileType.FIELD] -= 3
    v = view(s, 0)
    (r,) = why_not(v, Donate(TileType.FIELD))
    assert r.why == Why.CHURCH_KIND_FULL and r.text(s.names) == "The church already holds 3 field tiles this decade."
    assert why_not(v, Donate(TileType.GROVE))[0].why == Why.NO_TILE_OF_KIND


def test_r_turn_3_a_trade_refused_inside_a_step_says_why():
    s = game(3)
    set_cards(s, 0, Card.VICAR)
    set_hand(s, 0, field=2)
    play(s, "play vicar", "return field")
    assert _whys(s)[ActionKind.TRADE] == {Why.TRADE_NEEDS_TILES}
