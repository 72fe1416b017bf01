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


def test_apply_with_the_legal_actions_already_listed():
    s = game(3)
    legal = s.legal_actions()
    leisure = next(a for a in legal if str(a) == "leisure")
    s.apply(leisure, legal)
    assert s.action_taken and s.players[0].vp == 1
    with pytest.raises(IllegalActionError):
        s.apply(leisure, s.legal_actions())  # one action a turn (R-TURN-1), however the list is given
