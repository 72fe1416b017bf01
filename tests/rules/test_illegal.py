"""Illegal actions of every kind raise IllegalActionError naming the action and the decision, and leave the
state exactly as it was."""

from __future__ import annotations

import pytest

from rules import IllegalActionError
from rules import actions as A
from rules.model import Card, Decision, Folly, TileType
from rules.snapshot import state_to_dict
from tests.rules.scenario import (
    game,
    place_knight,
    play,
    run_scoring,
    set_bribes,
    set_cards,
    set_estate,
    set_hand,
)

F, W, G, M = TileType.FIELD, TileType.FOUNTAIN, TileType.GROVE, TileType.MEADOW


def _turn():
    """Seat 0 to act: estate C at 0,0 with meadows around; £8; 1 field, 1 grove; a Tribute."""
    s = game(3)
    set_estate(s, 0, "C m . m\nf f . m\nf f . .")
    set_hand(s, 0, field=1, grove=1)
    set_cards(s, 0, Card.TRIBUTE)
    s.players[0].money = 8
    return s


def _after(*texts):
    def build():
        s = _turn()
        play(s, *texts)
        return s
    return build


def _start():
    from rules import new_game

    return new_game(["A", "B", "C"], 5)


def _keep():
    s = _turn()
    set_estate(s, 0, "m . m")
    play(s, "build chapel at 0,0")
    return s


def _knight():
    s = _turn()
    set_estate(s, 1, "g g\ng g")
    set_estate(s, 2, "f f\nf f")
    place_knight(s, 1, 2, 0)
    play(s, "build castle at 3,1")
    return s


def _give():
    s = _knight()
    set_hand(s, 1, field=1, fountain=1, grove=1)
    play(s, "knight to 1:0")
    assert s.step == Decision.GIVE_TILES
    return s


def _ball():
    s = _turn()
    set_cards(s, 0, Card.DOWRY)
    set_bribes(s, 0, 0)
    s.queen = 0
    s.round_pos = 3
    play(s, "leisure", "end turn")
    assert s.step == Decision.BALL_SPEND and s.decider == 0
    return s


def _region():
    s = _turn()
    set_estate(s, 0, "f f f\nf . f\nm m m", regions=[])
    play(s, "place field at 1,1")
    assert s.step == Decision.CHOOSE_REGION
    return s


def _over():
    s = _turn()
    s.decade = 3
    run_scoring(s)
    assert s.over
    return s


def _vicar():
    s = _turn()
    set_cards(s, 0, Card.VICAR)
    play(s, "play vicar")
    return s


def _inherit():
    s = _turn()
    set_cards(s, 0, Card.INHERITANCE)
    play(s, "play inheritance")
    return s


CASES = [
    # (why, position, action)
    ("wrong decision", _turn, A.ChooseStartTiles((0, 0, 0, 0))),
    ("more than 3 of a type", _start, A.ChooseStartTiles((4, 0, 0, 0))),
    ("card not offered", _keep, A.KeepCard(Card.WHITEHALL)),
    ("keep outside a pick", _turn, A.KeepCard(Card.TRIBUTE)),
    ("no Intrigue held", _keep, A.KeepAllWithIntrigue()),
    ("not adjacent", _turn, A.PlaceTile(F, (5, 5))),
    ("diagonal only", _turn, A.PlaceTile(F, (2, -1))),
    ("occupied cell", _turn, A.PlaceTile(F, (1, 0))),
    ("tile not held", _turn, A.PlaceTile(W, (4, 0))),
    ("a 4th tile", _after("place field at -1,0", "place grove at -2,0", "finish expanding"), A.PlaceTile(F, (4, 0))),
    ("placing during a pick", _keep, A.PlaceTile(F, (4, 0))),
    ("no region to choose", _turn, A.ChooseRegion((0, 1))),
    ("not one of the squares", _region, A.ChooseRegion((5, 5))),
    ("not expanding", _turn, A.FinishExpanding()),
    ("castle beside a castle", _turn, A.BuildCastle((1, 0))),
    ("castle on a field", _turn, A.BuildCastle((0, 1))),
    ("castle on a building", _turn, A.BuildCastle((0, 0))),
    ("castle unaffordable", _after("play tribute"), A.BuildCastle((9, 9))),
    ("palace unaffordable", _turn, A.BuildPalace((0, 0))),
    ("palace not on a castle", _turn, A.BuildPalace((1, 0))),
    ("chapel beside a chapel", _after(), A.BuildChapel((1, 0))),
    ("folly without regions", _turn, A.BuildFolly(Folly.GARDENS, (3, 0))),
    ("knight outside the reward", _turn, A.PlaceKnight(2, 0)),
    ("knight on an own region", _knight, A.PlaceKnight(0, 0)),
    ("knight on an occupied region", _knight, A.PlaceKnight(2, 0)),
    ("knight on a missing region", _knight, A.PlaceKnight(1, 7)),
    ("move with knights in supply", _knight, A.MoveKnight(2, 0, 1, 0)),
    ("no knight outside the reward", _turn, A.SkipKnight()),
    ("give tiles not held", _give, A.GiveTiles((M, M))),
    ("give only one of two", _give, A.GiveTiles((F,))),
    ("turn player acts while the victim gives", _give, A.EndTurn()),
    ("give outside a knight", _turn, A.GiveTiles((F, G))),
    ("six bribes", _turn, A.Bribe(6)),
    ("unaffordable bribes", _turn, A.Bribe(5)),
    ("zero bribes", _turn, A.Bribe(0)),
    ("second tax in a decade", _after("collect taxes returning 0", "end turn", "leisure", "end turn", "leisure",
                                      "end turn"), A.CollectTaxes(0)),
    ("returning bribes not held", _turn, A.CollectTaxes(1)),
    ("second land in a decade", _after("acquire land returning 0", "end turn", "leisure", "end turn", "leisure",
                                       "end turn"), A.AcquireLand(0)),
    ("donate a tile not held", _turn, A.Donate(M)),
    ("donate to a full church type", _after("play tribute"), A.Donate(F)),
    ("finish donating outside", _turn, A.FinishDonating()),
    ("second action", _after("leisure"), A.Leisure()),
    ("second card", _after("play tribute"), A.PlayCard(Card.TRIBUTE)),
    ("card not held", _turn, A.PlayCard(Card.DOWRY)),
    ("card without a turn effect", _after("play tribute"), A.PlayCard(Card.LIAISON)),
    ("inherit without the card", _turn, A.InheritCastle((3, 0))),
    ("inherit beside a castle", _inherit, A.InheritCastle((1, 0))),
    ("return without the card", _turn, A.ReturnTile(F)),
    ("return a tile not held", _vicar, A.ReturnTile(W)),
    ("finish returning outside", _turn, A.FinishVicar()),
    ("trade for a type not in the bag", _turn, A.Trade((F, G), W)),
    ("trade tiles not held", _turn, A.Trade((W, W), F)),
    ("end turn before the action", _turn, A.EndTurn()),
    ("hand back at a turn", _turn, A.HandBackBribe()),
    ("hand back bribes not held", _ball, A.HandBackBribe()),
    ("hand back a card not held", _ball, A.HandBackCard(Card.BLACKMAIL)),
    ("prestige outside a ball", _turn, A.PlacePrestige()),
    ("turn action at a ball", _ball, A.Leisure()),
    ("game over", _over, A.Leisure()),
]


def _prepare(why, build):
    s = build()
    if why == "trade for a type not in the bag":
        s.bag[W] = 0
    if why == "chapel beside a chapel":
        set_estate(s, 0, "H m . m")  # 3,0 is fine
    if why == "donate to a full church type":
        s.church[F] = 3
    if why == "castle unaffordable":
        set_estate(s, 0, "m", origin=(9, 9))
        s.players[0].money = 6
    return s


@pytest.mark.parametrize(("why", "build", "action"), CASES, ids=[c[0] for c in CASES])
def test_illegal_action_raises_and_leaves_state_untouched(why, build, action):
    s = _prepare(why, build)
    before = state_to_dict(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply(action)
    message = str(info.value)
    assert str(action) in message and s.step.value in message
    assert info.value.action == action and info.value.decision == s.step.value
    assert state_to_dict(s) == before


def test_every_action_class_has_an_illegal_case():
    assert {type(a) for _, _, a in CASES} == set(A.Action.__args__)


@pytest.mark.parametrize("thing", [None, "leisure", 42, object(), A.Leisure, (A.Leisure(),), [A.EndTurn()]],
                         ids=["none", "text", "int", "object", "class", "tuple", "list"])
def test_non_actions_raise_illegal_action_error(thing):
    s = _turn()
    before = state_to_dict(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply(thing)
    assert "not an action" in str(info.value)
    assert state_to_dict(s) == before


def test_illegal_action_error_is_a_value_error():
    assert issubclass(IllegalActionError, ValueError)


def test_action_with_fields_of_the_wrong_type_raises_illegal_action_error():
    s = _turn()
    before = state_to_dict(s)
    for odd in (A.PlaceTile(7, (1, 0)), A.KeepCard("tribute"), A.Bribe("1"), A.PlayCard(99)):
        with pytest.raises(IllegalActionError):
            s.apply(odd)
    assert state_to_dict(s) == before


def test_an_equal_action_of_other_types_is_applied_as_the_legal_one():
    from rules import game_from_json, game_to_json

    s = game(3)  # a real game, no edits: the save can be replayed
    s.apply(A.Bribe(1.0))  # equal to Bribe(1)
    assert type(s.players[0].money) is int and type(s.players[0].bribes) is int
    assert type(s.history[-1].count) is int
    s.apply(A.EndTurn())
    s.apply(A.PlaceTile(0, (1.0, 0)))  # seat 1: a field (0 == TileType.FIELD)
    assert s.players[1].estate.tiles[(1, 0)] is TileType.FIELD
    assert str(s.history[-1]) == "place field at 1,0"
    assert state_to_dict(game_from_json(game_to_json(s))) == state_to_dict(s)
