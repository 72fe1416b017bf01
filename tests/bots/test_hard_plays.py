"""What Hard's playouts and evaluation see that Hard 0.1's did not: trades that finish a region, a castle site
laid for an Inheritance, tiles that the turns left cannot place, an enclosure finished in the turn after the
decade's second ball, a castle that can no longer be closed before the scoring (``reach``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import actions as A
from rules import board, new_game
from rules.bots import HardBot, make_bot
from rules.bots.determinize import determinize
from rules.bots.evaluate import WEIGHTS, Ctx, card_value, evaluate
from rules.bots.hard import HARD_WEIGHTS, HARD_WEIGHTS_0_1
from rules.bots.rollout import PlayoutPolicy
from rules.bots.search import SearchSettings, TurnSearch
from rules.engine import apply_unchecked
from rules.model import Building, Card, Decision, TileType
from tests.rules.scenario import board_buildings, game, play, set_cards, set_estate, set_hand, turn


def _turn_played(state, policy: PlayoutPolicy, seat: int = 0) -> list[A.Action]:
    """The actions the policy plays in ``seat``'s turn (from its start to its end)."""
    played = []
    while state.decider == seat and not state.over:
        action = policy.choose(state)
        played.append(action)
        apply_unchecked(state, action)
        if isinstance(action, A.EndTurn):
            break
    return played


def _nothing_but_expanding(state, seat: int = 0) -> None:
    p = state.players[seat]
    p.money, p.tax_used, p.land_used = 0, True, True
    state.church = [3, 3, 3, 3]  # R-ACT-F1: the church is full this decade


def _square_waiting_for_a_field():
    """Seat 0's turn, a field missing from a square of three, three meadows in hand and nothing else to do."""
    state = game(3)
    set_estate(state, 0, """
        f f .
        f . m
        . . C
    """, origin=(-1, -1))
    set_hand(state, 0, meadow=3)
    set_cards(state, 0)
    _nothing_but_expanding(state)
    turn(state, 0)
    return state


def test_the_playout_policy_trades_spare_tiles_for_the_fourth_tile_of_a_square():
    state = _square_waiting_for_a_field()
    played = _turn_played(state, PlayoutPolicy())
    assert played[0] == A.Trade((TileType.MEADOW, TileType.MEADOW), TileType.FIELD)  # R-TURN-3
    assert A.PlaceTile(TileType.FIELD, (0, 0)) in played and state.players[0].estate.count_regions(0) == 1
    state2 = _square_waiting_for_a_field()
    assert not any(isinstance(a, A.Trade) for a in _turn_played(state2, PlayoutPolicy(trades=False)))


def test_holding_an_inheritance_the_policy_lays_a_castle_site_and_then_plays_it():
    state = game(3)
    set_estate(state, 0, """
        f w f
        g C g
        f w f
    """, origin=(-1, -1))  # the castle enclosed: no meadow next to it is wanted
    set_hand(state, 0, meadow=1, fountain=2, grove=1)
    set_cards(state, 0, Card.INHERITANCE)
    _nothing_but_expanding(state)
    turn(state, 0)
    assert not state.players[0].estate.castle_sites()
    played = _turn_played(state, PlayoutPolicy())
    # a meadow apart from the castle (R-ACT-B2), then the card after the action (R-TURN-2, R-CARD-3)
    assert played[0] == A.PlaceTile(TileType.MEADOW, (-2, -1)) and A.PlayCard(Card.INHERITANCE) in played
    assert state.players[0].estate.count_buildings(Building.CASTLE) == 2


def test_to_hard_an_inheritance_is_worth_a_share_of_the_castle_it_brings():
    state = game(3)

    def worth(weights: dict) -> float:
        return card_value(Card.INHERITANCE, Ctx(state, 0, weights))

    no_site = worth(HARD_WEIGHTS)
    assert no_site < worth(WEIGHTS) == 2.5  # Normal's set worth, site or not
    set_estate(state, 0, "C f m")  # a castle site at 2,0 (R-ACT-B2)
    assert worth(HARD_WEIGHTS) > 2 * no_site and worth(WEIGHTS) == 2.5
    state.decade, state.round_pos = 3, 6  # a castle built now would hardly be enclosed for the last scoring
    assert worth(HARD_WEIGHTS) < 0.5 < worth(WEIGHTS)


def test_late_in_the_last_decade_tiles_the_turns_cannot_place_are_worth_little_to_hard():
    state = game(3)
    state.decade, state.round_pos = 3, 7

    def worth(weights: dict, tiles: int) -> float:
        set_hand(state, 0, field=tiles)
        return evaluate(state, 0, weights)

    hard = worth(HARD_WEIGHTS, 14) - worth(HARD_WEIGHTS, 6)
    assert 0 < hard < 0.5 * (worth(HARD_WEIGHTS_0_1, 14) - worth(HARD_WEIGHTS_0_1, 6))
    assert worth(WEIGHTS, 14) > worth(WEIGHTS, 6)  # Normal's evaluation is as it was


def _closed_castle_in_the_last_decade(**hand: int):
    """Decade III, round 1 (a ball at 4 and 8 to come): seat 0's castle closed, three empty meadows as building
    sites, no square to finish; ``hand`` behind its screen, its taxes and land taken, no money."""
    state = game(4)
    set_estate(state, 0, """
        g m f
        w C m
        m m m
    """)
    set_hand(state, 0, **hand)
    set_cards(state, 0)
    p = state.players[0]
    p.money, p.tax_used, p.land_used = 0, True, True
    state.decade, state.round_pos = 3, 1
    turn(state, 0)
    return state


def test_in_the_last_decade_tiles_no_placement_can_use_are_worth_little_to_hard():
    """With ``last_tiles``, 6 fields that no square, castle or site waits for are worth a quarter of their weight
    in the last decade, where kept they score nothing (R-END) and given they are VP only once given (R-ACT-F1);
    6 fountains are worth more while a ball is to come (placed, R-BALL-2), but less than placed. Without it (Hard
    before it, hard-0.1) the fields count in full, and so they do before the last decade."""
    last = HARD_WEIGHTS
    plain = make_bot("hard:iterations=1:last_tiles=false", seed=1).weights

    def worth(weights: dict, decade: int = 3, round_pos: int = 1, **hand: int) -> float:
        values = []
        for held in (hand, {}):
            state = _closed_castle_in_the_last_decade(**held)
            state.decade, state.round_pos = decade, round_pos
            values.append(evaluate(state, 0, weights))
        return values[0] - values[1]

    assert worth(last, field=6) == pytest.approx(0.25 * worth(plain, field=6))
    assert worth(last, field=6) * 2 < worth(last, fountain=6) < worth(plain, fountain=6)
    assert worth(last, round_pos=9, fountain=6) == pytest.approx(worth(last, round_pos=9, field=6))  # balls held
    assert worth(last, decade=2, field=6) == pytest.approx(worth(plain, decade=2, field=6))
    assert not make_bot("hard-0.1:iterations=1", seed=1).settings.last_tiles  # the frozen baseline as it was


def test_in_the_last_decade_hards_planner_trades_spare_tiles_for_fountains_an_expand_places():
    """With ``last_tiles``, while a ball is to come, the planner's expands trade two spare tiles for a fountain
    and place it (R-TURN-3, R-ACT-A1: a prestige at each ball left, R-BALL-2), never a fountain the expand has
    no tile left to place; without it (hard-0.1) Hard trades only for a square's fourth tile or the church."""
    def traded(spec: str) -> list[list[A.Action]]:
        state = _closed_castle_in_the_last_decade(field=4, grove=2, meadow=4)
        lines = make_bot(spec, seed=1).planner(0).lines(state, 0)
        return [line for _v, line in lines if any(isinstance(a, A.Trade) for a in line)]

    lines = traded("hard:iterations=1")
    assert lines and all(isinstance(line[0], A.PlaceTile) for line in lines)  # trades within an expand only
    for line in lines:
        fountains = [a for a in line if isinstance(a, A.Trade) and a.take == TileType.FOUNTAIN]
        placed = [a for a in line if isinstance(a, A.PlaceTile) and a.tile == TileType.FOUNTAIN]
        assert fountains and len(fountains) == len(placed)  # each fountain traded for is placed
    assert not traded("hard:iterations=1:last_tiles=false")


def test_meadows_beyond_the_sites_a_player_needs_are_worth_little_to_hard():
    state = game(3)

    def worth(weights: dict, meadows: int) -> float:
        set_hand(state, 0, meadow=meadows)
        return evaluate(state, 0, weights)

    assert worth(HARD_WEIGHTS, 8) - worth(HARD_WEIGHTS, 3) < 0.5 * (worth(WEIGHTS, 8) - worth(WEIGHTS, 3))
    assert worth(HARD_WEIGHTS, 3) - worth(HARD_WEIGHTS, 1) > 0.5  # the first ones are sites (R-ACT-B)


def test_after_the_decades_second_ball_a_playout_plays_on_to_its_building_scoring():
    state = game(4)
    board_buildings(state, 4, 4, 3)
    state.round_pos = 5
    turn(state, (state.queen + 1) % 4)
    view = state.view(state.decider)
    bot = HardBot(seed=1)
    ends = {}
    for scoring in (True, False):
        search = TurnSearch(view, bot.planner(view.seat), SearchSettings(scoring=scoring), random.Random(2),
                            bot.weights)
        ends[scoring] = search.playing.play_on(determinize(view, random.Random(3)), [A.Leisure(), A.EndTurn()])
    assert ends[False].round_pos == 9 and ends[False].decade == 1  # the ball at 8 held (R-BOARD-1)
    assert ends[True].decade == 2 and ends[True].step in (Decision.KEEP_CARD, Decision.TURN)  # scored


def test_hard_races_its_start_tiles_the_card_it_keeps_and_the_tiles_a_knight_takes():
    searched: dict[str, set] = {}
    for spec in ("hard:iterations=4", "hard-0.1:iterations=4"):
        bot = make_bot(spec, seed=2)
        state = new_game(["a", "b", "c"], seed=3)
        found = searched[spec] = set()
        while state.step in (Decision.CHOOSE_START_TILES, Decision.KEEP_CARD):
            view = state.view(state.decider)
            before = bot.total_samples
            state.apply(bot.choose(view, list(view.legal)))
            found.add((state.history[-1].__class__, bot.total_samples > before))
        state = game(3)
        set_estate(state, 1, """
            g g
            g g
            . C
        """, origin=(-1, -2))  # a forest (R-LAND-2)
        set_hand(state, 1, field=2, meadow=1, grove=1)
        set_estate(state, 0, "C f m")
        state.players[0].money = 20
        turn(state, 0)
        play(state, "build castle at 2,0", "knight to 1:0")  # R-ACT-B2: the forest's owner gives 2 tiles
        view = state.view(1)
        before = bot.total_samples
        assert bot.choose(view, list(view.legal)) in view.legal
        found.add((A.GiveTiles, bot.total_samples > before))
    assert searched["hard:iterations=4"] == {(A.ChooseStartTiles, True), (A.KeepCard, True), (A.GiveTiles, True)}
    assert not any(raced for _kind, raced in searched["hard-0.1:iterations=4"])  # Hard 0.1 used its rules


def _church_full_of_meadows_at_the_end():
    """Decade III, the last turn (the queen-lock space, R-BOARD-1): the church takes no more meadows this decade
    but still fields (R-ACT-F1); seat 0 holds 4 meadows, nothing else, and cannot build."""
    state = game(3)
    state.decade, state.round_pos = 3, 9
    state.church = [0, 3, 3, 3]
    set_hand(state, 0, meadow=4)
    set_cards(state, 0)
    p = state.players[0]
    p.money, p.tax_used, p.land_used = 0, True, True
    turn(state, 0)
    return state


def test_at_the_end_spare_tiles_are_traded_for_a_kind_the_church_takes_and_given():
    state = _church_full_of_meadows_at_the_end()
    played = _turn_played(state, PlayoutPolicy())
    trade = A.Trade((TileType.MEADOW, TileType.MEADOW), TileType.FIELD)  # R-TURN-3
    assert played.count(trade) == 2 and played.count(A.Donate(TileType.FIELD)) == 2
    assert state.players[0].tile_count == 0 and state.players[0].vp == 2
    lines = HardBot(seed=1).planner(0).lines(_church_full_of_meadows_at_the_end(), 0)
    assert lines[0][1][:2] == [trade, A.Donate(TileType.FIELD)]  # Hard's planner sees it as well


def _eight_tiles_in_the_last_decade():
    """Decade III, round 1: seat 0 holds 8 tiles (2 of each kind), the church takes all of them (R-ACT-F1), a
    forest brings 2 tiles a land action (R-ACT-E1), £4."""
    state = game(4)
    set_estate(state, 0, """
        g g f f
        g g f f
        w w C m
        w w . .
    """, origin=(-1, -1))
    set_hand(state, 0, field=2, fountain=2, grove=2, meadow=2)
    set_cards(state, 0)
    state.players[0].money = 4
    state.decade, state.round_pos = 3, 1
    turn(state, 0)
    return state


def test_with_less_room_for_tiles_hard_takes_no_land_it_cannot_place_in_the_last_decade():
    """Counting 30% of the turns left as expands (not half), Hard gives tiles to the church at 1 VP each rather
    than take more land (R-ACT-E1, R-ACT-F1)."""
    firsts = {}
    plain = "hard:iterations=4:whole_donation=false:last_tiles=false"  # the donation and the tiles as before
    for share in ("0.3", "0.5"):
        view = _eight_tiles_in_the_last_decade().view(0)
        firsts[share] = make_bot(f"{plain}:room_share={share}", seed=1).choose(view, list(view.legal))
    assert not isinstance(firsts["0.3"], A.AcquireLand)
    assert isinstance(firsts["0.5"], A.AcquireLand)


def test_hards_search_values_the_queen_at_its_leaves_only_by_the_vp_her_holder_is_sure_of():
    """By playouts to the end, holding the Queen where the next player may take her was worth -2.3 to +1.8 VP
    (docs/hard.md), not the 5 VP of Hard's weight: the search's leaves count only her holder's sure VP on the
    queen-lock space (R-ROUND-3, R-TURN-4), while the planner, which proposes the lines, keeps the weight."""
    bot = make_bot("hard:iterations=1", seed=1)
    assert bot.weights["queen"] == HARD_WEIGHTS_0_1["queen"] and not bot.weights["queen_sure"]
    state = game(4)
    state.decade = 2

    def worth(round_pos: int, weights: dict) -> float:
        state.round_pos = round_pos
        values = []
        for holder in (1, 2):  # seat 1 holds her, then seat 2
            state.queen = holder
            values.append(evaluate(state, 1, weights))
        return values[0] - values[1]

    for round_pos in (0, 5, 7):  # a decade's start, after its first ball, late in it
        assert worth(round_pos, bot.leaf_weights) == pytest.approx(0.0)
        assert worth(round_pos, bot.weights) == pytest.approx(5.0, abs=0.5)
    assert worth(board.QUEEN_LOCK_SPACE, bot.leaf_weights) == pytest.approx(1.0)
    assert not make_bot("hard-0.1:iterations=1", seed=1).settings.queen_leaf  # the frozen baseline as it was


def test_with_whole_donations_hard_plans_and_makes_the_whole_gift_in_the_last_decade():
    """Valued after its first tile, a donation ranks below the expands, is not followed, and its line is one tile
    (the search's prior for it 1 VP where the church takes 8, R-ACT-F1); followed to its end it is the planner's
    best line, and Hard gives the 8 tiles (in any order) rather than take more land (as it did before, tiles
    counted in full: ``last_tiles`` off)."""
    gift = Counter(A.Donate(k) for k in TileType for _ in range(2))
    before = "hard:iterations=4:whole_donation=false:last_tiles=false:room_share=0.5"  # hard-0.2's room for tiles
    for spec, donates in (("hard:iterations=4", True), (before, False)):
        bot = make_bot(spec, seed=1)
        state = _eight_tiles_in_the_last_decade()
        lines = bot.planner(0).lines(state, 0)
        donation = next(line for _value, line in lines if isinstance(line[0], A.Donate))
        assert (Counter(donation) == gift) is donates
        assert (Counter(lines[0][1]) == gift) is donates
        view = state.view(0)
        first = bot.choose(view, list(view.legal))
        assert isinstance(first, A.Donate if donates else A.AcquireLand)
    assert not make_bot("hard-0.1:iterations=1", seed=1).settings.whole_donation  # the frozen baseline as it was


def _castle_with_three_squares_open(tiles: int = 0, land_used: bool = True, round_pos: int = 7):
    """Decade II: seat 0's castle with 3 of its 8 squares empty (R-SCORE-1), 4 groves (R-ACT-E1: a land action
    brings 4 tiles), ``tiles`` fields behind its screen, taxes collected, no money, seat 0 to play."""
    state = game(4)
    set_estate(state, 0, """
        g g f w
        g g f m
        w C f m
        . . . m
    """, origin=(-1, -1), regions=[])
    set_hand(state, 0, field=tiles)
    set_cards(state, 0)
    p = state.players[0]
    p.money, p.tax_used, p.land_used = 0, True, land_used
    state.decade, state.round_pos = 2, round_pos
    turn(state, 0)
    return state


def test_with_reach_an_open_castle_counts_for_this_scoring_only_if_the_seat_can_still_close_it():
    """An open castle scores at the decade's building scoring only once its 8 squares hold tiles (R-SCORE-1):
    with ``reach`` Hard's evaluation counts that scoring only if the tiles held, or a land action's (R-ACT-E1,
    a turn), and the expands left (R-ACT-A1, 3 tiles each) can close it; otherwise its value is as it was."""
    reach = make_bot("hard:iterations=1:reach=true", seed=1).weights
    plain = make_bot("hard:iterations=1", seed=1).weights

    def lost(**position) -> float:
        state = _castle_with_three_squares_open(**position)
        return evaluate(state, 0, plain) - evaluate(state, 0, reach)

    assert lost() > 0.5  # no tiles, the land action taken: it cannot score this decade
    assert lost(tiles=3) == pytest.approx(0.0)  # one expand closes it
    assert lost(land_used=False) == pytest.approx(0.0)  # land now, an expand in its last turn
    assert lost(land_used=False, round_pos=board.QUEEN_LOCK_SPACE) > 0.3  # one turn: land or an expand, not both
    assert lost(tiles=3, round_pos=board.QUEEN_LOCK_SPACE) == pytest.approx(0.0)
    assert not WEIGHTS["enclose_reach"] and not make_bot("hard-0.1:iterations=1", seed=1).settings.reach


def test_with_reach_hards_planner_takes_the_land_that_closes_its_castle_before_the_scoring():
    """Two turns before the scoring with no tiles, the land action now and an expand next close the castle
    (R-ACT-E1, R-ACT-A1, R-SCORE-1); bribes now leave it open. Counting the enclosure by the turns left alone,
    the planner valued the castle alike either way and chose the bribes."""
    for spec, land in (("hard:iterations=1:reach=true", True), ("hard:iterations=1", False)):
        state = _castle_with_three_squares_open(land_used=False)
        state.players[0].money = 8
        best = make_bot(spec, seed=1).planner(0).lines(state, 0)[0][1]
        assert isinstance(best[0], A.AcquireLand) is land
        assert isinstance(best[0], A.Bribe) is not land


def test_hard_offers_no_conversion_that_the_bag_cannot_pay():
    """Hard plans on sampled worlds, and a world may put into the bag a fountain that is behind another screen:
    the church conversion it proposes must still be a trade the table allows (R-TURN-3: the tile taken comes
    from the bag). Here the church takes only fountains (R-ACT-F1) and every fountain is behind seat 1's screen."""
    state = _church_full_of_meadows_at_the_end()
    state.church = [3, 0, 3, 3]
    set_hand(state, 1)
    set_hand(state, 1, fountain=state.bag[TileType.FOUNTAIN])
    legal = state.legal_actions()
    assert not any(isinstance(a, A.Trade) and a.take == TileType.FOUNTAIN for a in legal)
    for seed in range(4):
        assert make_bot("hard:iterations=4", seed).choose(state.view(0), legal) in legal
