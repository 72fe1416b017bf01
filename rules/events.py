"""Typed events produced by applying actions: for the game log, animations and tests.

An event carries only what every player may know (the kinds of drawn tiles and kept cards are not in it),
so any log can be shown to anyone.
"""

from __future__ import annotations

import enum

import attrs


class EventKind(enum.Enum):
    SETUP_DONE = "setup done"
    START_TILES_CHOSEN = "start tiles chosen"
    TURN_STARTED = "turn started"
    TILE_PLACED = "tile placed"
    REGION_FORMED = "region formed"
    TILES_DRAWN = "tiles drawn"
    MONEY_GAINED = "money gained"
    MONEY_PAID = "money paid"
    VP_GAINED = "VP gained"
    QUEEN_MOVED = "Queen moved"
    QUEEN_LOCKED = "Queen stays (queen-lock)"
    BUILT = "building built"
    KNIGHT_PLACED = "knight placed"
    TILES_GIVEN = "tiles given"
    BRIBES_TAKEN = "bribes taken"
    BRIBES_RETURNED = "bribes handed back"
    DONATED = "tile donated"
    TRADED = "tiles traded"
    CARD_KEPT = "card kept"
    CARD_PLAYED = "card played"
    CARD_HANDED_BACK = "card handed back"
    TILES_RETURNED = "tile returned to the bag"
    ROUND_ADVANCED = "round marker advanced"
    BALL_STARTED = "masked ball"
    PRESTIGE_PLACED = "prestige placed"
    TITLE_AWARDED = "title awarded"
    BUILDING_SCORED = "building scored"
    DECADE_STARTED = "decade started"
    GAME_ENDED = "game over"


_ROMAN = {"1": "I", "2": "II", "3": "III"}  # decades as the board prints them


@attrs.frozen
class Event:
    """`seat` acts or gains; `other` is the second seat involved (victim, previous Queen holder)."""

    kind: EventKind
    seat: int = -1
    amount: int = 0
    detail: str = ""
    other: int = -1

    def text(self, names: list[str]) -> str:
        who = names[self.seat] if 0 <= self.seat < len(names) else ""
        other = names[self.other] if 0 <= self.other < len(names) else ""
        n, d = self.amount, self.detail
        k = EventKind
        s = "" if n == 1 else "s"
        texts = {
            k.SETUP_DONE: "The game is set up.",
            k.START_TILES_CHOSEN: f"{who} chose starting tiles.",
            k.TURN_STARTED: f"{who}'s turn.",
            k.TILE_PLACED: f"{who} placed a {d}.",
            k.REGION_FORMED: f"{who} completed a {d}.",
            k.TILES_DRAWN: f"{who} drew {n} tile{s}{' (' + d + ')' if d else ''}.",
            k.MONEY_GAINED: f"{who} gained £{n}{' (' + d + ')' if d else ''}.",
            k.MONEY_PAID: f"{who} paid £{n}{' for ' + d if d else ''}.",
            k.VP_GAINED: f"{who} gained {n} VP ({d}).",
            k.QUEEN_MOVED: f"{who} takes the Queen" + (f" from {other}." if other else "."),
            k.QUEEN_LOCKED: f"The Queen stays with {other} (queen-lock); {who} does not get her.",
            k.BUILT: f"{who} built a {d} for £{n}.",
            k.KNIGHT_PLACED: f"{who} sent a knight to {other}'s {d}.",
            k.TILES_GIVEN: f"{who} gave {n} tile{s} to {other}.",
            k.BRIBES_TAKEN: f"{who} took {n} bribe{s}.",
            k.BRIBES_RETURNED: f"{who} handed back {n} bribe{s}{' (' + d + ')' if d else ''}.",
            k.DONATED: f"{who} donated a {d} to the church.",
            k.TRADED: f"{who} traded 2 tiles for a {d}.",
            k.CARD_KEPT: f"{who} kept {n} scandal card{s}.",
            k.CARD_PLAYED: f"{who} played {d}.",
            k.CARD_HANDED_BACK: f"{who} handed back {d}.",
            k.TILES_RETURNED: f"{who} put a {d} into the bag.",
            k.ROUND_ADVANCED: f"The round marker moves to {d}.",
            k.BALL_STARTED: "A masked ball begins: everyone returns their title.",
            k.PRESTIGE_PLACED: f"{who} places prestige at {n}.",
            k.TITLE_AWARDED: f"{who} becomes {d} (+{n} VP).",
            k.BUILDING_SCORED: f"{who}'s {d} scores {n} VP.",
            k.DECADE_STARTED: f"Decade {_ROMAN.get(d, d)} begins.",
            k.GAME_ENDED: f"The game is over. {d}",
        }
        return texts[self.kind]
