"""The engine's API: copy(), checked apply on odd inputs, events, results mid-game."""

from __future__ import annotations

import pytest

from rules import IllegalActionError
from rules.snapshot import state_to_dict
from tests.rules.scenario import game


def test_copy_is_independent_of_the_original():
    s = game(3)
    before = state_to_dict(s)
    c = s.copy()
    c.names.append("Zed")  # the names list too: a view's or a search's copy may be edited
    c.players[0].estate.tiles[(5, 5)] = 0
    c.players[1].tiles[0] += 3
    c.deck.pop()
    c.rng.next64()
    assert state_to_dict(s) == before
    assert state_to_dict(s.copy()) == before


def test_copy_has_every_field():
    """GameState.copy and PlayerState.copy set their fields one by one: a field added to either must be copied."""
    import attrs

    from rules.state import GameState, PlayerState

    s = game(4)
    for keep_history in (True, False):
        c = s.copy(keep_history=keep_history)
        for field in attrs.fields(GameState):
            if field.name != "history":
                assert getattr(c, field.name) == getattr(s, field.name) or field.name in ("rng", "players"), field.name
        for p, q in zip(s.players, c.players, strict=True):
            for field in attrs.fields(PlayerState):
                assert getattr(q, field.name) == getattr(p, field.name) or field.name == "estate", field.name


def test_apply_with_the_legal_actions_already_listed():
    s = game(3)
    legal = s.legal_actions()
    leisure = next(a for a in legal if str(a) == "leisure")
    s.apply(leisure, legal)
    assert s.action_taken and s.players[0].vp == 1
    with pytest.raises(IllegalActionError):
        s.apply(leisure, s.legal_actions())  # one action a turn (R-TURN-1), however the list is given


def test_is_legal_agrees_with_the_legal_actions():
    """is_legal (search's test of a line's next step) answers as a look-up in legal_actions, for the actions legal
    now and those legal earlier (trades, placements, builds... of other steps and states) alike."""
    import random

    from rules import apply_unchecked
    from rules.legal import is_legal, legal_actions

    rnd = random.Random(3)
    for n in (3, 4):
        s = game(n)
        seen: list = []
        while not s.over:
            legal = legal_actions(s)
            seen = (seen + legal)[-400:]
            for action in {*seen}:
                assert is_legal(s, action) == (action in legal), action
            apply_unchecked(s, rnd.choice(legal))
