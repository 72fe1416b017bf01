"""The seven worked examples at the end of RULES.md, as scenario tests."""

from __future__ import annotations

from rules.events import EventKind
from rules.model import Card, RegionKind, Title, VPSource
from tests.rules.scenario import (
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
)


def test_example_expand():
    """2 fields, 2 groves, 2 fountains placed earlier; 2 groves + 1 fountain completing a forest: 4 tiles, no £."""
    s = game(3)
    set_estate(s, 0, "g g f f w w m")
    set_hand(s, 0, grove=2, fountain=1)
    money = s.players[0].money
    events = play(s, "place grove at 0,1", "place grove at 1,1", "place fountain at 5,1")
    assert [e.region for e in events if e.kind == EventKind.REGION_FORMED] == [RegionKind.FOREST]
    drawn = [e.amount for e in events if e.kind == EventKind.TILES_DRAWN]
    assert drawn == [4] and s.players[0].tile_count == 4
    assert s.players[0].money == money


def test_example_taxes():
    """7 fields, one free farm, one knight on an opponent's farm, no bribes: £11."""
    s = game(3)
    set_estate(s, 0, "f f f f f m\nf f")
    set_estate(s, 1, "f f\nf f")
    place_knight(s, 0, 1, 0)
    money = s.players[0].money
    play(s, "collect taxes returning 0")
    assert s.players[0].money - money == 11


def test_example_land():
    """7 groves, own forest occupied by an opponent's knight, no own knights on forests, 3 bribes back: 10."""
    s = game(3)
    set_estate(s, 0, "g g g g g m\ng g")
    place_knight(s, 1, 0, 0)
    set_bribes(s, 0, 3)
    set_hand(s, 0)
    play(s, "acquire land returning 3")
    assert s.players[0].tile_count == 10


def test_example_church():
    """Church holds 3 fields, 2 fountains, 2 meadows; donating 3 groves + 1 fountain: 4 VP; no more fields,
    1 more meadow."""
    s = game(3)
    s.church[:] = [3, 2, 0, 2]
    s.bag[0] -= 3
    s.bag[1] -= 2
    s.bag[3] -= 2
    set_hand(s, 0, grove=3, fountain=1, field=2, meadow=3)
    play(s, "donate grove", "donate grove", "donate grove", "donate fountain")
    assert s.players[0].vp == 4
    texts = legal_texts(s)
    assert "donate field" not in texts and "donate meadow" in texts
    play(s, "donate meadow")
    assert "donate meadow" not in legal_texts(s)


def _ball_example(hand_back: bool) -> int:
    s = game(3)
    for seat in range(3):
        set_cards(s, seat)
    set_estate(s, 0, " ".join(["w"] * 10) + " m")  # places first: 10
    set_estate(s, 1, " ".join(["w"] * 9) + " m")  # then 9
    set_estate(s, 2, "w w w P\nw w")  # 5 fountains, a free garden, a palace: 9
    set_bribes(s, 2, 1)
    set_cards(s, 2, Card.DOWRY)
    s.queen = 0
    spend = {2: ["hand back bribe", "hand back dowry"]} if hand_back else {}
    events = run_ball(s, spend=spend)
    return next(e.amount for e in events if e.kind == EventKind.PRESTIGE_PLACED and e.seat == 2)


def test_example_ball_prestige():
    """5 fountains + free garden + palace = 9; 9 and 10 taken: 8, unless he hands back 1 bribe + 1 card: 11."""
    assert _ball_example(hand_back=False) == 8
    assert _ball_example(hand_back=True) == 11


def test_example_titles():
    """4 players, prestige 11, 10, 9, 1: Marquess, Earl, Viscount, Baron."""
    s = game(4)
    for seat in range(4):
        set_cards(s, seat)
        set_hand(s, seat)
    for seat, prestige in enumerate((11, 10, 9, 1)):
        set_estate(s, seat, " ".join(["w"] * prestige + ["m"]))
    run_ball(s)
    assert [p.title for p in s.players] == [Title.MARQUESS, Title.EARL, Title.VISCOUNT, Title.BARON]


def test_example_building_scoring():
    """Castle enclosed with 1 chapel: 4; castle not enclosed: 0; palace enclosed with 2 chapels: 9;
    folly: 0; total 13."""
    s = game(3)
    set_estate(s, 0, """
        m m m m H m m . m m m . m
        m C m m m P m . m C m . 1
        m m H m m m H . m m .
    """)
    run_scoring(s)
    assert s.players[0].vp_by_source[VPSource.BUILDING_SCORING] == 13
