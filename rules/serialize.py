"""Saved games as JSON: the setup and every action, in text form, with a format version.

Loading replays the actions through the checked engine, so a save that is malformed, of another version,
or inconsistent with the rules (an action that was not legal at its point) is rejected with a clear
SaveFormatError; never pickle, never eval. Replaying is exact because the generator lives in the state.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from rules.actions import Action, ActionParseError, parse_action
from rules.errors import IllegalActionError, SaveFormatError
from rules.flow import new_game
from rules.save_format import SAVE_FORMAT, SAVE_VERSION
from rules.state import GameState

FORMAT = "noblemen-game"
VERSION = 1
MAX_ACTIONS = 20_000  # far beyond any real game; guards against hostile files


def game_to_dict(state: GameState) -> dict:
    return record_to_dict(state.names, state.seed, state.first_game, state.history)


def record_to_dict(names: Sequence[str], seed: int, first_game: bool, actions: Iterable[Action]) -> dict:
    """The record of a game from its setup and actions (the application copies these on its UI thread and
    writes the record on another)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "setup": {"names": list(names), "seed": seed, "first_game": first_game},
        "actions": [str(a) for a in actions],
    }


def game_to_json(state: GameState) -> str:
    return json.dumps(game_to_dict(state), ensure_ascii=False, indent=1)


def game_from_json(text: str | bytes) -> GameState:
    return game_from_dict(_parse(text))


def _parse(text: str | bytes) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise SaveFormatError(f"not a saved game: the file is not valid JSON ({_short(exc)})") from None


def record_of(data: object) -> object:
    """The engine record in a file's data: the data itself, or the record a save of the game holds.

    The game's saves (format "noblemen-save", version 2, written by ``game/persist/saves.py``) keep the
    record under ``session.game``, next to the seats, the log and a summary.
    """
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return data
    version = data.get("version")
    if version != SAVE_VERSION or isinstance(version, bool):
        raise SaveFormatError(f"the save has format version {version!r}; this game reads version {SAVE_VERSION}")
    session = data.get("session")
    if not isinstance(session, dict):
        raise SaveFormatError("the save holds no game (its 'session' is missing)")
    return session.get("game")


def read_game(text: str | bytes) -> tuple[GameState, dict]:
    """The game in a file's text (an engine record or a save of the game), replayed; and the file's data."""
    data = _parse(text)
    state = game_from_dict(record_of(data))
    assert isinstance(data, dict)  # game_from_dict refuses anything else
    return state, data


def game_from_dict(data: object) -> GameState:
    if not isinstance(data, dict):
        raise SaveFormatError("not a saved game: expected a JSON object at the top level")
    if data.get("format") != FORMAT:
        raise SaveFormatError("not a saved game of Noblemen (the 'format' field is missing or wrong)")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFormatError("the save has no valid format version")
    if version != VERSION:
        raise SaveFormatError(f"the save has format version {version}; this game reads version {VERSION}")
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise SaveFormatError("the save has no 'setup' object")
    names = setup.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveFormatError("the save's player names must be a list of texts")
    seed = setup.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFormatError("the save's seed must be an integer")
    first_game = setup.get("first_game")
    if not isinstance(first_game, bool):
        raise SaveFormatError("the save's 'first_game' must be true or false")
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveFormatError(f"the save's 'actions' must be a list of at most {MAX_ACTIONS} actions")
    try:
        state = new_game(names, seed, first_game=first_game)
    except ValueError as exc:
        raise SaveFormatError(f"the save's setup is not a valid game: {exc}") from None
    for number, text in enumerate(actions, start=1):
        try:
            state.apply(parse_action(text))
        except (ActionParseError, IllegalActionError) as exc:
            raise SaveFormatError(f"action {number} of the save cannot be replayed: {exc}") from None
    return state


def _short(exc: Exception) -> str:
    text = str(exc)
    return text if len(text) < 120 else text[:117] + "..."
