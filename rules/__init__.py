"""Noblemen's rules engine: pure Python, no pygame, no files, no clock.

    state = new_game(["Anne", "Bob", "Cecil"], seed=7)
    while not state.over:
        action = choose(state.view(state.decider), state.legal_actions())
        events = state.apply(action)

This module is the one door into the rules for the application: everything it needs is exported here
(``rules.board`` holds the board's numbers). The computer players live in ``rules.bots`` and the headless
tools (command line, simulator, tournament, benchmarks) in ``rules.arena``; importing ``rules`` loads neither.

Each name loads its module on first use (PEP 562), so that the title screen checks a player's name and reads a
save's summary without loading the engine; ``from rules import X`` works as with any package.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: the module of ``rules`` that defines each public name
_HOMES: dict[str, tuple[str, ...]] = {
    "actions": ("AcquireLand", "Action", "ActionParseError", "Bribe", "BuildCastle", "BuildChapel", "BuildFolly",
                "BuildPalace", "ChooseRegion", "ChooseStartTiles", "CollectTaxes", "Donate", "EndTurn",
                "FinishDonating", "FinishExpanding", "FinishVicar", "GiveTiles", "HandBackBribe", "HandBackCard",
                "InheritCastle", "KeepAllWithIntrigue", "KeepCard", "Leisure", "MoveKnight", "PlaceKnight",
                "PlacePrestige", "PlaceTile", "PlayCard", "ReturnTile", "SkipKnight", "Trade", "building_of",
                "parse_action"),
    "engine": ("Income", "apply", "apply_unchecked", "land_income", "land_sources", "tax_income", "tax_sources"),
    "errors": ("IllegalActionError", "SaveFormatError"),
    "estate": ("EIGHT", "Estate"),
    "events": ("Cause", "Event", "EventKind"),
    "final_result": ("PlayerResult", "Results", "results"),
    "flow": ("PrestigeSource", "ball_order", "balls_left", "base_prestige", "card_prestige", "new_game",
             "prestige_sources", "prestige_space", "queen_locked"),
    "legal": ("follies_allowed", "knight_targets", "legal_actions"),
    "model": ("Building", "Card", "Decision", "Folly", "Pos", "RegionKind", "TileType", "Title", "VPSource"),
    "names": ("MAX_NAME", "check_name"),
    "observer": ("PlayerView", "view"),
    "refusal": ("ActionKind", "Refusal", "Why", "action_kind", "build_refusal", "refusals", "why_not"),
    "save_format": ("SAVE_FORMAT", "SAVE_VERSION"),
    "serialize": ("game_from_dict", "game_from_json", "game_to_dict", "game_to_json", "record_to_dict"),
    "state": ("GameState", "PlayerState"),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}
__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    """A public name, loading its module the first time it is asked for."""
    module = _MODULE_OF.get(name)
    if module is None:  # also how `from rules import board` finds a submodule
        raise AttributeError(f"module 'rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"rules.{module}"), name)
    globals()[name] = value  # later lookups find it without calling this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | _MODULE_OF.keys())


if TYPE_CHECKING:  # the same names for the type checker, which does not run __getattr__
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
    from rules.final_result import PlayerResult, Results, results
    from rules.flow import (
        PrestigeSource,
        ball_order,
        balls_left,
        base_prestige,
        card_prestige,
        new_game,
        prestige_sources,
        prestige_space,
        queen_locked,
    )
    from rules.legal import follies_allowed, knight_targets, legal_actions
    from rules.model import Building, Card, Decision, Folly, Pos, RegionKind, TileType, Title, VPSource
    from rules.names import MAX_NAME, check_name
    from rules.observer import PlayerView, view
    from rules.refusal import ActionKind, Refusal, Why, action_kind, build_refusal, refusals, why_not
    from rules.save_format import SAVE_FORMAT, SAVE_VERSION
    from rules.serialize import game_from_dict, game_from_json, game_to_dict, game_to_json, record_to_dict
    from rules.state import GameState, PlayerState
