"""Noblemen's rules engine: pure Python, no pygame, no files, no clock.

    state = new_game(["Anne", "Bob", "Cecil"], seed=7)
    while not state.over:
        action = choose(state.view(state.decider), state.legal_actions())
        events = state.apply(action)
"""

from rules.actions import Action, ActionParseError, parse_action
from rules.engine import apply, apply_unchecked
from rules.errors import IllegalActionError, SaveFormatError
from rules.events import Event, EventKind
from rules.flow import new_game
from rules.legal import legal_actions
from rules.model import Building, Card, Decision, Folly, RegionKind, TileType, Title, VPSource
from rules.results import Results, results
from rules.serialize import game_from_json, game_to_json
from rules.state import GameState
from rules.view import PlayerView, view

__all__ = [
    "Action", "ActionParseError", "Building", "Card", "Decision", "Event", "EventKind", "Folly", "GameState",
    "IllegalActionError", "PlayerView", "RegionKind", "Results", "SaveFormatError", "TileType", "Title",
    "VPSource", "apply", "apply_unchecked", "game_from_json", "game_to_json", "legal_actions", "new_game",
    "parse_action", "results", "view",
]
