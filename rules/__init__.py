"""Noblemen's rules engine: pure Python, no pygame, no files, no clock.

    state = new_game(["Anne", "Bob", "Cecil"], seed=7)
    while not state.over:
        action = choose(state.view(state.decider), state.legal_actions())
        events = state.apply(action)

This module is the one door into the rules for the application: everything it needs is exported here
(``rules.board`` holds the board's numbers). The computer players live in ``rules.bots`` and the headless
tools (command line, simulator, tournament, benchmarks) in ``rules.arena``; importing ``rules`` loads neither.
"""

from rules.actions import (
    AcquireLand,
    Action,
    ActionParseError,
    Bribe,
    BuildCastle,
    BuildChapel,
    BuildFolly,
    BuildPalace,
    ChooseRegion,
    ChooseStartTiles,
    CollectTaxes,
    Donate,
    EndTurn,
    FinishDonating,
    FinishExpanding,
    FinishVicar,
    GiveTiles,
    HandBackBribe,
    HandBackCard,
    InheritCastle,
    KeepAllWithIntrigue,
    KeepCard,
    Leisure,
    MoveKnight,
    PlaceKnight,
    PlacePrestige,
    PlaceTile,
    PlayCard,
    ReturnTile,
    SkipKnight,
    Trade,
    building_of,
    parse_action,
)
from rules.engine import Income, apply, apply_unchecked, land_income, land_sources, tax_income, tax_sources
from rules.errors import IllegalActionError, SaveFormatError
from rules.estate import EIGHT, Estate
from rules.events import Cause, Event, EventKind
from rules.flow import (
    MAX_NAME,
    PrestigeSource,
    ball_order,
    base_prestige,
    card_prestige,
    check_name,
    new_game,
    prestige_sources,
    prestige_space,
)
from rules.legal import follies_allowed, legal_actions
from rules.model import Building, Card, Decision, Folly, Pos, RegionKind, TileType, Title, VPSource
from rules.refusals import ActionKind, Refusal, Why, action_kind, build_refusal, refusals, why_not
from rules.results import PlayerResult, Results, results
from rules.serialize import (
    SAVE_FORMAT,
    SAVE_VERSION,
    game_from_dict,
    game_from_json,
    game_to_dict,
    game_to_json,
    record_to_dict,
)
from rules.state import GameState, PlayerState
from rules.view import PlayerView, view

__all__ = [
    "AcquireLand", "Action", "ActionKind", "ActionParseError", "Bribe", "BuildCastle", "BuildChapel", "BuildFolly",
    "BuildPalace", "Building", "Card", "Cause", "ChooseRegion", "ChooseStartTiles", "CollectTaxes", "Decision",
    "Donate", "EIGHT", "EndTurn", "Estate", "Event", "EventKind", "FinishDonating", "FinishExpanding", "FinishVicar",
    "Folly", "GameState", "GiveTiles", "HandBackBribe", "HandBackCard", "IllegalActionError", "Income",
    "InheritCastle", "KeepAllWithIntrigue", "KeepCard", "Leisure", "MAX_NAME", "MoveKnight", "PlaceKnight",
    "PlacePrestige", "PlaceTile", "PlayCard", "PlayerResult", "PlayerState", "PlayerView", "Pos", "PrestigeSource",
    "Refusal", "RegionKind", "Results", "ReturnTile", "SAVE_FORMAT", "SAVE_VERSION", "SaveFormatError", "SkipKnight",
    "TileType", "Title", "Trade", "VPSource", "Why", "action_kind", "apply", "apply_unchecked", "ball_order",
    "base_prestige", "build_refusal", "building_of", "card_prestige", "check_name", "follies_allowed", "game_from_dict",
    "game_from_json", "game_to_dict", "game_to_json", "land_income", "land_sources", "legal_actions", "new_game",
    "parse_action", "prestige_sources", "prestige_space", "record_to_dict", "refusals", "results", "tax_income",
    "tax_sources", "view", "why_not",
]
