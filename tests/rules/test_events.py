"""Events are typed data (no sentences), and what is secret behind a screen (R-TURN-5) reaches only the players
who may know it: ``Event.seen_by``."""

from __future__ import annotations

import random

from rules import Cause, Event, EventKind, RegionKind, TileType, new_game
from rules.arena.log_text import event_text
from rules.model import Building, Card
from tests.rules.scenario import deck_top, game, play, run_ball, set_bribes, set_cards, set_estate, set_hand

E = EventKind


def test_r_turn_5_tiles_drawn_are_known_to_the_drawer_only():
    s = game(3)
    set_hand(s, 0)
    set_estate(s, 0, "g g m")
    events = play(s, "acquire land returning 0")
    drawn = next(e for e in events if e.kind == E.TILES_DRAWN)
    assert drawn.cause == Cause.LAND and drawn.amount == 2 and len(drawn.tiles) == 2
    assert sorted(drawn.tiles) == sorted(t for t in TileType for _ in range(s.players[0].tiles[t]))
    assert drawn.seen_by(0) == drawn
    assert drawn.seen_by(1).tiles == () and drawn.seen_by(1).amount == 2
    assert drawn.seen_by(None).tiles == ()


def test_r_turn_5_given_tiles_are_known_to_giver_and_receiver():
    given = Event(E.TILES_GIVEN, 1, 2, other=0, tiles=(TileType.FIELD, TileType.GROVE))
    assert given.seen_by(0).tiles == given.seen_by(1).tiles == (TileType.FIELD, TileType.GROVE)
    assert given.seen_by(2).tiles == ()


def test_r_turn_5_kept_cards_stay_secret():
    s = game(3)
    set_estate(s, 0, "m m m")
    s.players[0].money = 20
    deck_top(s, Card.TRIBUTE, Card.DOWRY, Card.LIAISON)
    events = play(s, "build chapel at 2,0", "keep tribute")
    kept = next(e for e in events if e.kind == E.CARD_KEPT)
    assert kept.cards == (Card.TRIBUTE,) and kept.seen_by(0).cards == (Card.TRIBUTE,)
    assert kept.seen_by(1).cards == () and kept.seen_by(1).amount == 1


def test_r_ball_2_a_card_handed_back_is_named_only_when_it_must_be_shown():
    s = game(3)
    for seat in range(3):
        set_cards(s, seat)
    s.queen = 0
    set_cards(s, 0, Card.BLACKMAIL, Card.VICAR)
    set_bribes(s, 0, 1)
    events = run_ball(s, {0: ["hand back blackmail", "hand back vicar", "hand back bribe"]})
    handed = [e for e in events if e.kind == E.CARD_HANDED_BACK]
    assert [(e.card, e.cards, e.amount) for e in handed] == [(Card.BLACKMAIL, (), 3), (None, (Card.VICAR,), 1)]
    assert handed[0].seen_by(1).card == Card.BLACKMAIL  # +3: everyone sees it
    assert handed[1].seen_by(1).cards == () and handed[1].seen_by(0).cards == (Card.VICAR,)
    bribe = next(e for e in events if e.kind == E.BRIBES_RETURNED)
    assert (bribe.amount, bribe.cause) == (1, Cause.PRESTIGE)


def test_events_say_what_and_where_in_types_not_words():
    s = game(3)
    set_hand(s, 0, field=1)
    events = play(s, "place field at 1,0")
    assert events[0] == Event(E.TILE_PLACED, 0, tile=TileType.FIELD, pos=(1, 0))
    s = game(3)
    set_estate(s, 0, "m m m")
    s.players[0].money = 20
    price = s.castle_price(0)
    events = play(s, "build castle at 2,0")
    assert events[0] == Event(E.BUILT, 0, price, building=Building.CASTLE, pos=(2, 0))
    region = Event(E.REGION_FORMED, 0, region=RegionKind.FARM, pos=(0, 0))
    assert region.region == RegionKind.FARM


def test_every_event_of_random_games_reads_in_the_command_lines_words():
    rng = random.Random(4)
    kinds = set()
    for seed in range(3):
        s = new_game(["Anne", "Bob", "Cecil", "Dora"], seed)
        while not s.over:
            for e in s.apply(rng.choice(s.legal_actions())):
                kinds.add(e.kind)
                line = event_text(e, s.names)
                assert line and "None" not in line, e
                assert "{" not in line
    assert len(kinds) > 20


def test_the_log_names_the_first_of_each_kind_too():
    """Castle, farm and baron are the first members of their enums (value 0): the log names them all the same."""
    names = ["Anne", "Bob", "Cecil"]
    assert event_text(Event(EventKind.BUILT, 0, 5, building=Building.CASTLE, pos=(1, 0)), names) == \
        "Anne built a castle at 1,0 for £5."
    assert event_text(Event(EventKind.REGION_FORMED, 1, region=RegionKind.FARM, pos=(0, 1)), names) == \
        "Bob completed a farm at 0,1."
    assert event_text(Event(EventKind.KNIGHT_PLACED, 2, other=0, region=RegionKind.FARM), names) == \
        "Cecil sent a knight to Anne's farm."
    assert event_text(Event(EventKind.BUILDING_SCORED, 0, 3, building=Building.CASTLE, pos=(1, 0)), names) == \
        "Anne's castle at 1,0 scores 3 VP."
