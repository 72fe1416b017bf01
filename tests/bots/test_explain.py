"""The coach's reasons come from what a move does, in the game's terms (rules/bots/explain.py): built on
positions made for each rule, and the same for the same view and move."""

from __future__ import annotations

from rules import actions as A
from rules.actions import parse_action
from rules.bots import Gain, Reason, Suggestion, explain, reasons_for, suggest
from rules.events import Cause
from rules.model import Building, Card, Decision, RegionKind, Title, VPSource
from tests.rules.scenario import ball_up_to, game, play, set_bribes, set_cards, set_estate, set_hand, turn


def _line(*texts: str) -> list[A.Action]:
    return [parse_action(t) for t in texts]


def _gains(reasons) -> list[Gain]:
    return [r.gain for r in reasons]


def test_r_act_a2_completing_a_forest_is_the_first_reason_with_the_tiles_it_brings():
    s = game(3)
    set_estate(s, 0, "g g m\ng . .")
    set_hand(s, 0, grove=1)
    turn(s, 0)
    reasons = reasons_for(s.view(0), _line("place grove at 1,1", "finish expanding", "end turn"))
    assert reasons[0] == Reason(Gain.REGION, amount=3, count=1, region=RegionKind.FOREST)  # land: decades I-III
    assert Reason(Gain.TILES, amount=3, cause=Cause.EXPANDING) in reasons  # 1 for the grove + 2 for the forest


def test_r_act_a2_a_farm_completed_with_the_money_it_brings():
    s = game(3)
    set_estate(s, 0, "f f m\nf . .")
    set_hand(s, 0, field=1)
    turn(s, 0)
    reasons = reasons_for(s.view(0), _line("place field at 1,1", "finish expanding"))
    assert reasons[0] == Reason(Gain.REGION, amount=3, count=1, region=RegionKind.FARM)  # taxes: decades I-III
    assert Reason(Gain.MONEY, amount=3, cause=Cause.EXPANDING) in reasons  # £1 the field + £2 the farm


def test_r_score_1_enclosing_a_castle_before_the_building_scoring():
    s = game(3)
    set_estate(s, 0, "f w f\nw C w\nf w .")
    set_hand(s, 0, meadow=1)
    turn(s, 0)
    reasons = reasons_for(s.view(0), _line("place meadow at 2,2", "finish expanding", "end turn"))
    # decade I: this scoring and the two after it (R-DEC), 3 VP each for a castle without chapels
    assert reasons[0] == Reason(Gain.SCORING, amount=3, count=3, building=Building.CASTLE)


def test_r_score_1_a_chapel_beside_an_enclosed_castle_adds_to_its_score():
    s = game(3)
    s.decade = 3
    set_estate(s, 0, "f w m\nw C w\nf w f")
    s.players[0].money = 10
    turn(s, 0)
    reasons = reasons_for(s.view(0), _line("build chapel at 2,0"))
    assert Reason(Gain.SCORING, amount=1, count=1) in reasons and Reason(Gain.CHAPEL) in reasons


def test_r_ball_3_bribes_that_buy_a_title_at_the_next_ball():
    s = game(3)
    set_estate(s, 0, "w w w\nw C w")  # 5 fountains: 5 prestige
    set_cards(s, 0)
    s.players[0].money = 20
    turn(s, 0)
    reasons = reasons_for(s.view(0), _line("bribe 5", "end turn"))
    # 5 + 5 bribes = 10: Marquess (5 VP) instead of Viscount (1 VP); the bribes' VP at once (R-ACT-C1)
    assert reasons[0] == Reason(Gain.TITLE, amount=4, title=Title.MARQUESS)
    assert Reason(Gain.VP, amount=5, source=VPSource.BRIBES) in reasons


def test_r_act_b5_a_folly_worth_twelve_vp():
    s = game(3)
    set_estate(s, 0, "f f w w m\nf f w w .\ng g . . .\ng g . . .")
    s.players[0].money = 20
    turn(s, 0)
    reasons = reasons_for(s.view(0), _line("build folly-mixed at 4,0", "end turn"))
    assert reasons[0] == Reason(Gain.FOLLY, amount=12)


def test_r_act_b3_a_palace_brings_the_queen_and_prestige():
    s = game(3)
    s.players[0].money = 20
    s.queen = 2
    turn(s, 0)
    reasons = reasons_for(s.view(0), _line("build palace at 0,0", "end turn"))
    assert Reason(Gain.QUEEN) in reasons and Reason(Gain.PALACE, amount=2) in reasons


def test_r_act_d1_taxes_collected():
    s = game(3)
    set_estate(s, 0, "f f m\nf f f")
    turn(s, 0)
    assert reasons_for(s.view(0), _line("collect taxes returning 0", "end turn")) == (
        Reason(Gain.MONEY, amount=7, cause=Cause.TAXES),)  # 5 fields + a free farm


def test_r_card_1_a_card_kept_is_told_by_what_it_plays_for():
    s = game(3)
    s.players[0].money = 10
    turn(s, 0)
    set_estate(s, 0, "m m m")
    play(s, "build chapel at 2,0")
    assert s.step == Decision.KEEP_CARD
    card = s.offered[0]
    assert reasons_for(s.view(0), [A.KeepCard(card)]) == (Reason(Gain.CARD, card=card),)


def _at_ball_with_one_bribe():
    """Seat 0 decides at a masked ball: 9 fountains and no garden (Earl), one bribe to hand back for a tenth
    prestige."""
    s = game(3)
    set_estate(s, 0, "w f w f w\nf w f w w\nw f w f w")
    set_cards(s, 0)
    set_bribes(s, 0, 1)
    s.queen = 2
    ball_up_to(s, 0)
    assert s.step == Decision.BALL_SPEND
    return s


def test_r_ball_2_a_bribe_handed_back_at_the_ball_buys_marquess():
    s = _at_ball_with_one_bribe()
    reasons = reasons_for(s.view(0), _line("hand back bribe", "place prestige"))
    # 9 -> 10 prestige: Marquess (5 VP) instead of Earl (3 VP), R-BALL-3, R-BALL-4
    assert reasons == (Reason(Gain.HAND_BACK, amount=2, count=1, prestige=1, title=Title.MARQUESS),)


def test_the_hint_at_a_ball_says_the_prestige_and_the_title_its_hand_backs_reach():
    s = _at_ball_with_one_bribe()
    hint = suggest(s.view(0), samples=2)
    assert hint.kind == "ball"
    handed = sum(isinstance(a, A.HandBackBribe) for a in hint.line)
    assert hint.prestige == 9 + handed
    assert hint.title == (Title.MARQUESS if handed else Title.EARL)


def test_nothing_handed_back_when_no_better_title_is_within_reach():
    s = _at_ball_with_one_bribe()
    s.titles_supply[Title.MARQUESS] = 0
    s.titles_supply[Title.DUKE] = 0
    reasons = reasons_for(s.view(0), _line("place prestige"))
    assert reasons == (Reason(Gain.KEEP_FOR_LATER, amount=5, count=1, title=Title.EARL),)


def test_r_ball_2_what_is_kept_at_a_ball_counts_bribes_and_cards_apart():
    """'keeps its 3 bribes and cards' was said with no card held: the bribe markers and the cards are told apart."""
    s = _at_ball_with_one_bribe()
    s.titles_supply[Title.MARQUESS] = 0
    s.titles_supply[Title.DUKE] = 0
    s.players[0].cards = [Card.LIAISON]
    reasons = reasons_for(s.view(0), _line("place prestige"))
    assert reasons == (Reason(Gain.KEEP_FOR_LATER, amount=5, count=1, cards=1, title=Title.EARL),)
    assert Reason.from_dict(reasons[0].to_dict()) == reasons[0]


def test_the_same_view_and_move_give_the_same_reasons_and_a_round_trip_as_data():
    s = game(3)
    set_estate(s, 0, "g g m\ng . .")
    set_hand(s, 0, grove=1, field=2)
    set_cards(s, 0, Card.TRIBUTE)
    turn(s, 0)
    line = _line("play tribute", "place grove at 1,1", "place field at 2,1", "finish expanding", "end turn")
    first = reasons_for(s.view(0), line)
    assert first == reasons_for(s.view(0), line)
    assert all(Reason.from_dict(r.to_dict()) == r for r in first)
    assert Reason(Gain.MONEY, amount=5, cause=Cause.TRIBUTE) in first or len(first) == 3


def test_a_suggestion_is_never_explained_against_itself():
    s = game(3)
    turn(s, 0)
    line = (A.Leisure(), A.EndTurn())
    explained = explain(s.view(0), Suggestion(line, "turn", 0.0, line, 2))
    assert explained.margin is None and explained.runner_up == ()
    other = explain(s.view(0), Suggestion(line, "turn", 1.5, (A.Bribe(1), A.EndTurn()), 3))
    assert other.margin == 1.5 and other.runner_up == (A.Bribe(1), A.EndTurn()) and other.compared == 3


def _inheriting(decade: int, round_pos: int, *, tiles: int) -> tuple:
    """Seat 0 holds Inheritance, a bare meadow three squares from its castle and ``tiles`` fields; the reasons of
    playing it there with leisure."""
    s = game(3)
    s.decade, s.round_pos, s.queen = decade, round_pos, 2
    set_estate(s, 0, "C f f m")
    set_hand(s, 0, field=tiles)
    set_cards(s, 0, Card.INHERITANCE)
    turn(s, 0)
    return reasons_for(s.view(0), _line("play inheritance", "inherit castle at 3,0", "leisure", "end turn"))


def test_r_score_1_a_castle_that_cannot_be_enclosed_before_the_last_scoring_promises_no_vp():
    """The queen-lock turn of decade III (R-ROUND-3, R-ROUND-4): the building scoring that follows is the last, and
    a castle inherited on a bare meadow cannot be closed in before it (R-CARD-3, R-SCORE-1): it was said to bring
    '3 VP at each building scoring once it is enclosed'."""
    reasons = _inheriting(3, 9, tiles=8)
    assert Gain.CASTLE not in _gains(reasons), reasons
    assert Reason(Gain.VP, amount=1, source=VPSource.LEISURE) in reasons


def test_r_score_1_a_new_castle_counts_only_the_scorings_it_can_still_be_enclosed_for():
    """Decade III with turns and tiles enough to close it: the one scoring left; decade II without the tiles: only
    decade III's; decade I with them: all three (R-SCORE-1, R-ROUND-1)."""
    assert Reason(Gain.CASTLE, amount=3, count=1) in _inheriting(3, 3, tiles=8)
    assert Reason(Gain.CASTLE, amount=3, count=1) in _inheriting(2, 7, tiles=0)
    assert Reason(Gain.CASTLE, amount=3, count=3) in _inheriting(1, 1, tiles=8)


def test_r_score_1_closing_in_a_castle_that_no_scoring_can_count_is_no_reason():
    """On the last turn before the last scoring, a tile beside a castle that stays open is not 'closing it in'."""
    s = game(3)
    s.decade, s.round_pos, s.queen = 3, 9, 2
    set_estate(s, 0, "f . .\n. C m\n. . .")
    set_hand(s, 0, field=3)
    turn(s, 0)
    line = _line("place field at 1,0", "finish expanding", "end turn")
    assert Gain.ENCLOSING not in _gains(reasons_for(s.view(0), line))
    s.decade = 2
    assert Reason(Gain.ENCLOSING, amount=3, building=Building.CASTLE) in reasons_for(s.view(0), line)


# -- a promise about the future only for what the position still allows --------------------------------------------
def _last_turn(s) -> None:
    """Seat 0's turn on the queen-lock space of decade III, seat 2 holding the Queen: seat 0 gets no later turn,
    no ball and one building scoring are to come (R-ROUND-3, R-ROUND-4)."""
    s.decade, s.round_pos, s.queen = 3, 9, 2
    turn(s, 0)


def test_r_ball_2_a_palace_promises_prestige_only_while_a_ball_is_to_come():
    """After the last ball of the game a palace was said to bring '+2 prestige at every ball'; and the Queen it
    brings stays where she is on the queen-lock space (R-ROUND-3)."""
    s = game(3)
    s.players[0].money = 20
    _last_turn(s)
    reasons = reasons_for(s.view(0), _line("build palace at 0,0", "end turn"))
    assert Gain.PALACE not in _gains(reasons) and Gain.QUEEN not in _gains(reasons), reasons
    s.round_pos = 5  # the second ball of decade III is still to come
    assert Reason(Gain.PALACE, amount=2) in reasons_for(s.view(0), _line("build palace at 0,0", "end turn"))


def _completing(tile: str) -> tuple:
    """A 3-player game with seat 0 one ``tile`` short of a square (its region formed at 1,1), and the line that
    places it and ends the turn."""
    s = game(3)
    letter = {"field": "f", "fountain": "w", "grove": "g"}[tile]
    set_estate(s, 0, f"{letter} {letter} m\n{letter} . .")
    set_hand(s, 0, **{tile: 1})
    return s, _line(f"place {tile} at 1,1", "finish expanding", "end turn")


def test_r_ball_2_r_round_3_a_garden_promises_neither_the_queen_nor_prestige_that_cannot_come():
    """On the last turn a garden was 'the Queen, and 2 prestige at every ball': she cannot be taken there and no
    ball follows; earlier in decade III its prestige at the ball left is its reason, the Queen her own."""
    s, line = _completing("fountain")
    _last_turn(s)
    assert not {Gain.REGION, Gain.QUEEN} & set(_gains(reasons_for(s.view(0), line)))
    s.round_pos = 5
    reasons = reasons_for(s.view(0), line)
    assert Reason(Gain.REGION, amount=1, count=1, region=RegionKind.GARDEN) in reasons
    assert Reason(Gain.QUEEN) in reasons


def test_r_act_d1_a_farm_promises_money_at_taxes_only_while_the_mover_can_collect_them():
    """Decade III with the tax marker in front of the screen: the farm's £2 now, no more 'at each tax collection'."""
    s, line = _completing("field")
    s.decade, s.round_pos = 3, 3
    s.players[0].tax_used = True
    turn(s, 0)
    assert Reason(Gain.REGION, amount=0, count=1, region=RegionKind.FARM) in reasons_for(s.view(0), line)
    s.players[0].tax_used = False  # the tax action of decade III is still the seat's, on a turn to come
    assert Reason(Gain.REGION, amount=1, count=1, region=RegionKind.FARM) in reasons_for(s.view(0), line)


def test_r_act_e1_r_end_a_forest_on_the_last_turn_brings_tiles_worth_nothing_and_no_land_to_come():
    """The game ends after the queen-lock round of decade III: tiles drawn then are held at the end for nothing,
    and no land is acquired again; earlier, without the land action, only the tiles now."""
    s, line = _completing("grove")
    _last_turn(s)
    assert not {Gain.REGION, Gain.TILES} & set(_gains(reasons_for(s.view(0), line)))
    s.round_pos = 3
    s.players[0].land_used = True
    reasons = reasons_for(s.view(0), line)
    assert Reason(Gain.REGION, amount=0, count=1, region=RegionKind.FOREST) in reasons
    assert Reason(Gain.TILES, amount=3, cause=Cause.EXPANDING) in reasons


def _knight_on(region: str, **stage) -> tuple:
    """Seat 1 owns a completed region (f farm, w garden); seat 0 builds a castle and sends its knight there."""
    s = game(3)
    s.decade, s.round_pos, s.queen = stage.get("decade", 1), stage.get("round_pos", 0), 1
    set_estate(s, 1, f"{region} {region} m\n{region} {region} .")
    set_estate(s, 0, "m f f m")
    s.players[0].money = 20
    s.players[0].tax_used = stage.get("tax_used", False)
    turn(s, 0)
    return reasons_for(s.view(0), _line("build castle at 3,0", "knight to 1:0", "end turn"))


def test_r_act_b2_a_knight_promises_only_what_the_position_allows():
    """A knight on a garden was 'their Queen if they hold her, and 2 prestige at every ball' on the queen-lock space
    of decade III (R-ROUND-3: she stays; no ball follows); a knight on a farm, the tax action of the last decade
    taken, brings its £2 now only (R-ACT-D1)."""
    assert Gain.KNIGHT not in _gains(_knight_on("w", decade=3, round_pos=9)), "nothing left to bring"
    assert Gain.QUEEN not in _gains(_knight_on("w", decade=3, round_pos=9))
    assert Reason(Gain.KNIGHT, amount=6, region=RegionKind.GARDEN, seat=1) in _knight_on("w")  # decade I: 6 balls
    assert Reason(Gain.KNIGHT, amount=0, region=RegionKind.FARM, seat=1) in _knight_on("f", decade=3, round_pos=3,
                                                                                       tax_used=True)


def test_r_score_1_r_act_b4_a_chapel_promises_vp_only_for_a_castle_that_can_still_be_enclosed():
    """On the last turn a chapel beside an open castle was '+1 VP to each enclosed castle beside it at the building
    scoring': the castle cannot be closed in before it; in decade I the chapel adds 1 VP at decade II's and III's."""
    s = game(3)
    set_estate(s, 0, "C m . .")
    s.players[0].money = 20
    _last_turn(s)
    line = _line("build chapel at 1,0")
    assert Reason(Gain.CHAPEL) in reasons_for(s.view(0), line)
    s.decade = 1
    assert Reason(Gain.CHAPEL, amount=1, count=2) in reasons_for(s.view(0), line)


def test_r_act_c2_bribes_promise_no_prestige_once_no_ball_is_to_come():
    """Bribes taken after the last ball: their VP now, never 'to hand back at a ball for prestige'."""
    s = game(3)
    s.players[0].money = 20
    s.decade, s.round_pos = 3, 9
    turn(s, 0)
    reasons = reasons_for(s.view(0), _line("bribe 2", "end turn"))
    assert Gain.BRIBES not in _gains(reasons) and Reason(Gain.VP, amount=2, source=VPSource.BRIBES) in reasons


def test_r_card_5_a_blackmail_kept_promises_prestige_only_while_a_ball_is_to_come():
    s = game(3)
    s.decade, s.round_pos = 3, 9
    turn(s, 0)
    assert reasons_for(s.view(0), [A.KeepCard(Card.BLACKMAIL)]) == (Reason(Gain.POSITION),)
    assert reasons_for(s.view(0), [A.KeepCard(Card.LIAISON)]) == (Reason(Gain.CARD, card=Card.LIAISON),)


def test_r_ball_2_nothing_is_kept_for_a_later_ball_at_the_last_one():
    """At the second ball of decade III no ball follows: 'keeps its bribe or card for a later ball' was said."""
    s = _at_ball_with_one_bribe()
    s.titles_supply[Title.MARQUESS] = 0
    s.titles_supply[Title.DUKE] = 0
    assert reasons_for(s.view(0), _line("place prestige")) == (
        Reason(Gain.KEEP_FOR_LATER, amount=5, count=1, title=Title.EARL),)  # decade I's first ball: 5 more
    s.decade, s.round_pos = 3, 8
    assert reasons_for(s.view(0), _line("place prestige")) == (
        Reason(Gain.KEEP_FOR_LATER, count=1, title=Title.EARL),)


def test_r_land_2_squares_and_follies_within_reach_are_no_reason_on_the_last_turn():
    s = game(3)
    set_estate(s, 0, "f f m\n. . .")
    set_hand(s, 0, field=1)
    _last_turn(s)
    line = _line("place field at 0,1", "finish expanding", "end turn")
    assert Gain.SQUARE not in _gains(reasons_for(s.view(0), line))
    s.round_pos = 3
    assert Reason(Gain.SQUARE, count=1, region=RegionKind.FARM) in reasons_for(s.view(0), line)


def test_r_round_3_on_the_last_queen_lock_round_only_the_seats_up_to_the_queen_holder_have_a_turn_left():
    """Seat 0 plays on the queen-lock space of decade III, seat 2 holds the Queen: seats 1 and 2 still play (and
    collect taxes if they have not), seat 0 does not; in decade II everyone plays on (R-ROUND-1, R-ACT-D1)."""
    from rules.bots.evaluate import land_left, later_turn, taxes_left
    from rules.flow import balls_left

    s = game(3)
    _last_turn(s)
    assert [later_turn(s, seat) for seat in range(3)] == [False, True, True]
    assert [taxes_left(s, seat) for seat in range(3)] == [1, 1, 1]  # seat 0: this turn's action
    s.players[0].tax_used = s.players[1].land_used = True
    assert taxes_left(s, 0) == 0 and land_left(s, 1) == 0 and land_left(s, 2) == 1
    assert balls_left(s) == 0
    s.queen = 0  # the Queen holder's turn ends the round: nobody plays after it
    assert [later_turn(s, seat) for seat in range(3)] == [False, False, False]
    s.decade = 2
    assert all(later_turn(s, seat) for seat in range(3)) and taxes_left(s, 0) == 1 and balls_left(s) == 2


def test_r_turn_3_a_trade_says_what_the_tile_taken_is_for():
    """'Trade once — groves and forests bring 1 tile': the reason was the expansion's, never the trade's."""
    s = game(3)
    set_estate(s, 0, "f f m\nf . .")
    s.players[0].tiles = [0, 0, 1, 1]
    turn(s, 0)
    kept = _line("trade grove,meadow for field", "leisure", "end turn")
    assert reasons_for(s.view(0), kept)[0] == Reason(Gain.TRADE, region=RegionKind.FARM)  # a farm lacks one field
    placed = _line("trade grove,meadow for field", "place field at 1,1", "finish expanding", "end turn")
    assert reasons_for(s.view(0), placed)[0] == Reason(Gain.TRADE, amount=1)
    _last_turn(s)
    assert Gain.TRADE not in _gains(reasons_for(s.view(0), kept))  # no turn left to place it: it is worth nothing
