"""The coach's reasons in the player's words: every kind worded in every language, counts through the catalogs'
plural forms, and the margin line never naming the move it is about."""

from __future__ import annotations

import pytest

from game import i18n
from game.ui.reason_words import hint_lines, margin_words, reason_words, reasons_words
from rules import actions as A
from rules.bots import Explanation, Gain, Reason, Suggestion, explain
from rules.events import Cause
from rules.model import Building, Card, RegionKind, TileType, Title, VPSource
from tests.rules.scenario import NAMES, game, set_cards, set_estate, turn

EXAMPLES = [
    Reason(Gain.FOLLY, amount=12), Reason(Gain.TITLE, amount=2, title=Title.EARL),
    Reason(Gain.HAND_BACK, amount=2, count=1, prestige=1, title=Title.MARQUESS),
    Reason(Gain.HAND_BACK, count=1, prestige=1, title=Title.EARL), Reason(Gain.KEEP_FOR_LATER, amount=2, count=3),
    *(Reason(Gain.KEEP_FOR_LATER, amount=a, count=b, cards=c) for a in (0, 2) for b, c in ((1, 0), (0, 2), (2, 1))),
    Reason(Gain.SCORING, amount=4, count=3, building=Building.CASTLE),
    Reason(Gain.SCORING, amount=5, count=1, building=Building.PALACE), Reason(Gain.SCORING, amount=1, count=2),
    *(Reason(Gain.REGION, amount=a, count=c, region=k) for k in RegionKind for c in (1, 2) for a in (0, 2)),
    Reason(Gain.QUEEN), Reason(Gain.FOLLY_READY, amount=10),
    *(Reason(Gain.KNIGHT, amount=a, region=k, seat=1) for k in RegionKind for a in (0, 2)),
    Reason(Gain.PALACE, amount=2), *(Reason(Gain.VP, amount=3, source=s) for s in VPSource),
    Reason(Gain.VP, amount=2, source=VPSource.CARDS, card=Card.SECRET_MARRIAGE),
    *(Reason(Gain.CARD, card=c) for c in Card), Reason(Gain.CARD, count=3),
    *(Reason(Gain.MONEY, amount=5, cause=c) for c in (Cause.TAXES, Cause.EXPANDING, Cause.TRIBUTE)),
    *(Reason(Gain.TILES, amount=n, cause=c) for c in (Cause.LAND, Cause.EXPANDING, Cause.DOWRY) for n in (1, 4)),
    Reason(Gain.BRIBES, amount=1), Reason(Gain.BRIBES, amount=5), Reason(Gain.CASTLE, amount=3, count=2),
    Reason(Gain.CASTLE, amount=3, count=1), Reason(Gain.CHAPEL), Reason(Gain.CHAPEL, amount=1, count=1),
    Reason(Gain.CHAPEL, amount=3, count=2),
    Reason(Gain.EXPAND_AGAIN), *(Reason(Gain.SQUARE, count=c, region=k) for k in RegionKind for c in (1, 2)),
    Reason(Gain.ENCLOSING, amount=6, building=Building.CASTLE),
    Reason(Gain.ENCLOSING, amount=7, building=Building.PALACE),
    Reason(Gain.GIVE_LEAST, count=2), Reason(Gain.START, count=12), Reason(Gain.START, count=11, amount=1),
    Reason(Gain.START, amount=12), Reason(Gain.POSITION), Reason(Gain.TRADE, amount=1),
    *(Reason(Gain.TRADE, region=k) for k in (*RegionKind, None)),
]


@pytest.fixture(params=i18n.LANGUAGES)
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_every_kind_of_reason_is_worded_in_every_language(language):
    assert {r.gain for r in EXAMPLES} == set(Gain)
    for reason in EXAMPLES:
        words = reason_words(reason, NAMES)
        assert words and "{" not in words, (reason, words)
    assert "Bob" in reason_words(Reason(Gain.KNIGHT, region=RegionKind.FARM, seat=1), NAMES)


def test_a_count_takes_the_languages_plural(language):
    one = reason_words(Reason(Gain.TILES, amount=1, cause=Cause.LAND), NAMES)
    four = reason_words(Reason(Gain.TILES, amount=4, cause=Cause.LAND), NAMES)
    if language != "de":  # German "Plättchen" is the same in both numbers
        assert one.replace("1", "") != four.replace("4", "")


def test_r_ball_2_what_is_kept_at_a_ball_is_worded_for_what_was_held(language):
    """'keeps its 3 bribes and cards' was said with no card held: bribe markers alone, cards alone and both read
    apart, each in the language's plural."""
    for later in (0, 2):
        bribes = reason_words(Reason(Gain.KEEP_FOR_LATER, amount=later, count=3), NAMES)
        cards = reason_words(Reason(Gain.KEEP_FOR_LATER, amount=later, cards=3), NAMES)
        both = reason_words(Reason(Gain.KEEP_FOR_LATER, amount=later, count=2, cards=1), NAMES)
        assert len({bribes, cards, both}) == 3
        assert "3" in bribes and "3" in cards and "2" in both and "1" in both
    if language == "en":
        assert reason_words(Reason(Gain.KEEP_FOR_LATER, amount=2, count=3), NAMES).startswith(
            "keeps your 3 bribe markers for a later ball")
        assert reason_words(Reason(Gain.KEEP_FOR_LATER, count=2, cards=1), NAMES).startswith(
            "keeps your 2 bribe markers and 1 card:")
        assert reason_words(Reason(Gain.KEEP_FOR_LATER, cards=1), NAMES).startswith("keeps your card:")


def test_the_margin_never_names_the_move_it_is_about():
    line = (A.PlayCard(Card.VICAR), A.ReturnTile(0), A.FinishVicar(), A.EndTurn())
    other = (A.PlayCard(Card.VICAR), A.ReturnTile(1), A.FinishVicar(), A.EndTurn())  # the same in words
    same = margin_words(Explanation((), 0.01, other, 3), line, NAMES)
    assert same is not None and "“" not in same
    better = margin_words(Explanation((), 2.5, (A.Leisure(), A.EndTurn()), 3), line, NAMES)
    assert better is not None and "2.5" in better and "Leisure" in better
    assert margin_words(Explanation(()), line, NAMES) is None


def test_the_hint_lines_from_a_view_and_a_suggestion():
    s = game(3)
    set_estate(s, 0, "f f m\nf . .")
    set_cards(s, 0)
    s.players[0].tiles = [1, 0, 0, 0]
    s.bag[0] -= 1
    turn(s, 0)
    line = (A.PlaceTile(0, (1, 1)), A.FinishExpanding(), A.EndTurn())
    first, second = hint_lines(s.view(0), Suggestion(line, "turn", 1.5, (A.Leisure(), A.EndTurn()), 4), NAMES)
    assert first.startswith("Completes a farm: £2 now") and "£3" in first
    assert second is not None and "1.5" in second
    assert reasons_words([Reason(Gain.POSITION)], NAMES)[0].isupper()


def test_r_card_1_a_card_kept_is_named_once_by_the_move_and_its_reason_says_what_it_plays_for(language):
    """'Keep Tribute — keeps Tribute, which plays for £5' said the card twice."""
    from game.table.coach import Advice, hint_words
    from game.ui.pieces import CARD_NAMES

    for card in Card:
        suggestion = Suggestion((A.KeepCard(card),), "step")
        why, _margin = hint_words(Advice(suggestion, Explanation((Reason(Gain.CARD, card=card),))), NAMES)
        assert why.count(CARD_NAMES[card]) == 1, why
    keep_all = Suggestion((A.KeepAllWithIntrigue(),), "step")
    why, _margin = hint_words(Advice(keep_all, Explanation((Reason(Gain.CARD, count=3),))), NAMES)
    assert why.count(CARD_NAMES[Card.INTRIGUE]) == 1 and "3" in why, why


def test_r_round_3_r_ball_2_a_promise_of_the_future_is_worded_only_for_what_is_left(language):
    """With no collection or ball left a region or a knight says what it brings now and nothing 'at each tax
    collection'; a garden or a knight on one never promises the Queen (she may be locked, R-ROUND-3: she is a
    reason of her own when she comes); at the last ball nothing is kept 'for a later ball'."""
    for kind in (RegionKind.FARM, RegionKind.FOREST):
        now = reason_words(Reason(Gain.REGION, count=1, region=kind), NAMES)
        later = reason_words(Reason(Gain.REGION, amount=1, count=1, region=kind), NAMES)
        assert later.startswith(now) and len(later) > len(now), (now, later)
        knight_now = reason_words(Reason(Gain.KNIGHT, region=kind, seat=1), NAMES)
        knight_later = reason_words(Reason(Gain.KNIGHT, amount=1, region=kind, seat=1), NAMES)
        assert knight_later.startswith(knight_now) and len(knight_later) > len(knight_now)
    queen = {"en": "Queen", "de": "Königin", "it": "Regina"}[language]
    for reason in (Reason(Gain.REGION, amount=2, count=1, region=RegionKind.GARDEN),
                   Reason(Gain.KNIGHT, amount=2, region=RegionKind.GARDEN, seat=1)):
        assert queen not in reason_words(reason, NAMES), reason
    last = reason_words(Reason(Gain.KEEP_FOR_LATER, count=1), NAMES)
    assert last != reason_words(Reason(Gain.KEEP_FOR_LATER, amount=1, count=1), NAMES)
    card_only = reason_words(Reason(Gain.CHAPEL), NAMES)
    assert reason_words(Reason(Gain.CHAPEL, amount=1, count=2), NAMES).startswith(card_only)


def test_r_turn_3_a_move_made_with_a_trade_that_changes_nothing_else_is_never_named_against_itself():
    """'“Trade once; play Inheritance; leisure” is about as good' was said of 'Leisure; play Inheritance': the same
    action, card and castle site, told in other words (R-TURN-1, R-TURN-3)."""
    inherit = (A.PlayCard(Card.INHERITANCE), A.InheritCastle((3, 0)))
    line = (A.Leisure(), *inherit, A.EndTurn())
    traded = (A.Trade((TileType.MEADOW, TileType.MEADOW), TileType.FIELD), *inherit, A.Leisure(), A.EndTurn())
    even = margin_words(Explanation((), 0.01, traded, 4), line, NAMES)
    assert even == "Other ways of making this move are about as good, by the coach's reckoning.", even
    better = margin_words(Explanation((), 1.2, traded, 4), line, NAMES)
    assert better is not None and "“" not in better and "1.2" in better
    elsewhere = (A.Leisure(), A.PlayCard(Card.INHERITANCE), A.InheritCastle((5, 0)), A.EndTurn())
    assert "“" in margin_words(Explanation((), 0.01, (A.Bribe(1), *inherit, A.EndTurn()), 4), line, NAMES)
    assert margin_words(Explanation((), 0.01, elsewhere, 4), line, NAMES) == even  # other site, same words


def test_r_act_c2_after_the_last_ball_a_bribe_hint_promises_no_ball():
    """QA, decade III round 9 after the second ball: 'Bribe 3 times — +3 VP for the bribes now; 3 bribe markers to
    hand back at a ball for prestige'; no ball is left in the game (R-ROUND-3, R-BALL-2)."""
    from game.table.coach import Advice, hint_words

    s = game(3)
    s.players[0].money = 20
    s.decade, s.round_pos = 3, 9
    turn(s, 0)
    line = (A.Bribe(3), A.EndTurn())
    view = s.view(0)
    why, _margin = hint_words(Advice(Suggestion(line, "turn"), explain(view, Suggestion(line, "turn"))), NAMES)
    assert why == "Bribe 3 times — +3 VP for the bribes now.", why


def test_two_moves_that_read_alike_say_where_each_places(language):
    """'Played: Expand: 3 fields …' and 'Better: Expand: 3 fields …' did not say where the fields go: moves that
    differ only in where they place say in which part of the estate, or which lies further which way."""
    from game.ui.move_words import move_words, moves_apart
    from rules.model import TileType

    s = game(3)
    set_estate(s, 0, "m m m m m\nm m m m m\nm m m m m")  # x 0..4, y 0..2 as shown
    estate = s.players[0].estate
    f = TileType.FIELD
    left = [A.PlaceTile(f, (-1, 0)), A.PlaceTile(f, (-1, 1)), A.FinishExpanding(), A.EndTurn()]
    right = [A.PlaceTile(f, (5, 1)), A.PlaceTile(f, (5, 2)), A.FinishExpanding(), A.EndTurn()]
    assert move_words(left) == move_words(right)
    here, there = moves_apart(left, right, estate)
    assert here != there and here.startswith(move_words(left)) and there.startswith(move_words(right))
    assert moves_apart(left, left, estate) == (move_words(left),) * 2  # the same move: nothing to tell apart
    near = [A.PlaceTile(f, (-1, 2)), A.PlaceTile(f, (-1, 1)), A.FinishExpanding(), A.EndTurn()]
    assert len(set(moves_apart(left, near, estate))) == 2  # the same part: which lies higher
    leisure = [A.Leisure(), A.EndTurn()]
    assert moves_apart(left, leisure, estate) == (move_words(left), move_words(leisure))
    if language == "en":
        assert (here, there) == ("Expand: 2 fields, on the left of your estate",
                                 "Expand: 2 fields, on the right of your estate")
    margin = margin_words(Explanation((), 2.0, tuple(right), 3), left, NAMES, estate)
    assert margin is not None and there in margin
