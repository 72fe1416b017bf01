"""A player's name: the one rule, wherever the name comes from (the setup screen, a save, the command line).

A module of its own, so that the title screen checks names without loading the engine.
"""

from __future__ import annotations

MAX_NAME = 40  # characters in a player's name


def check_name(name: object) -> str:
    """The one rule for a player's name, wherever it comes from: 1 to 40 printable characters.

    Returns the name unchanged, or raises ValueError saying what is wrong. Printable rules out control
    characters (NUL, escape sequences), invisible format marks and lone surrogates, so a valid name is
    always valid UTF-8 and can be drawn, logged and saved.
    """
    if not isinstance(name, str):
        raise ValueError(f"player names must be text, not {type(name).__name__}")
    if not name.strip():
        raise ValueError("player names may not be empty")
    if len(name) > MAX_NAME:
        raise ValueError(f"player names may have at most {MAX_NAME} characters, not {len(name)}")
    if not name.isprintable():
        raise ValueError(f"player names may hold only printable characters, not {name!r}")
    return name
