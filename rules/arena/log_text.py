"""The command line's words for the engine's typed events (``python -m rules simulate --log``).

A plain English line per event, from an all-seeing log (the simulator shows every private detail; the
application words the same events for one player in its own chronicle).
"""

from __future__ import annotations

from rules import board
from rules.events import Cause, Event, EventKind
from rules.model import TileType

E = EventKind
_ROMAN = {1: "I", 2: "II", 3: "III"}  # decades as the board prints them
_CAUSES = {
    Cause.START: "start", Cause.EXPANDING: "expanding", Cause.KNIGHT: "knight", Cause.FOLLY: "folly",
    Cause.BRIBES: "bribes", Cause.TAXES: "taxes", Cause.LAND: "land", Cause.LEISURE: "leisure",
    Cause.QUEEN: "the Queen", Cause.PRESTIGE: "prestige", Cause.INTRIGUE: "Intrigue",
    Cause.INHERITANCE: "Inheritance", Cause.SECRET_MARRIAGE: "Secret Marriage", Cause.DOWRY: "Dowry",
    Cause.TRIBUTE: "Tribute", Cause.LIAISONS: "Liaison cards",
}


def _tiles(tiles: tuple[TileType, ...]) -> str:
    counts = {t: tiles.count(t) for t in dict.fromkeys(tiles)}
    return ", ".join(f"{n} {t.label}{'s' if n > 1 else ''}" for t, n in counts.items())


def _space(pos: int) -> str:
    if pos == 0:
        return "start"
    if pos in board.BALL_SPACES:
        return f"{pos} (ball)"
    if pos == board.QUEEN_LOCK_SPACE:
        return f"{pos} (queen-lock)"
    if pos == board.SCORING_SPACE:
        return f"{pos} (building scoring)"
    return str(pos)


def event_text(e: Event, names: list[str]) -> str:
    """``e`` in one line of English."""
    who = names[e.seat] if 0 <= e.seat < len(names) else ""
    other = names[e.other] if 0 <= e.other < len(names) else ""
    n = e.amount
    s = "" if n == 1 else "s"
    why = f" ({_CAUSES[e.cause]})" if e.cause is not None else ""
    at = f" at {e.pos[0]},{e.pos[1]}" if e.pos is not None else ""
    tile = e.tile.label if e.tile is not None else ""
    building = e.building.label if e.building is not None else "building"  # (a castle is 0: test for None)
    region = e.region.label if e.region is not None else "region"
    card = e.card.title if e.card is not None else (e.cards[0].title if e.cards else "a scandal card")
    texts = {
        E.SETUP_DONE: lambda: "The game is set up.",
        E.START_TILES_CHOSEN: lambda: f"{who} chose starting tiles.",
        E.TURN_STARTED: lambda: f"{who}'s turn.",
        E.TILE_PLACED: lambda: f"{who} placed a {tile}{at}.",
        E.REGION_FORMED: lambda: f"{who} completed a {region}{at}.",
        E.TILES_DRAWN: lambda: f"{who} drew {n} tile{s}{why}" + (f": {_tiles(e.tiles)}." if e.tiles else "."),
        E.MONEY_GAINED: lambda: f"{who} gained £{n}{why}.",
        E.MONEY_PAID: lambda: f"{who} paid £{n}.",
        E.VP_GAINED: lambda: f"{who} gained {n} VP{why}.",
        E.QUEEN_MOVED: lambda: f"{who} takes the Queen" + (f" from {other}." if other else "."),
        E.QUEEN_LOCKED: lambda: f"The Queen stays with {other} (queen-lock); {who} does not get her.",
        E.BUILT: lambda: f"{who} built a {building}{at} for £{n}{why}.",
        E.KNIGHT_PLACED: lambda: f"{who} sent a knight to {other}'s {region}.",
        E.TILES_GIVEN: lambda: f"{who} gave {n} tile{s} to {other}" + (f": {_tiles(e.tiles)}." if e.tiles else "."),
        E.BRIBES_TAKEN: lambda: f"{who} took {n} bribe{s}{why}.",
        E.BRIBES_RETURNED: lambda: f"{who} handed back {n} bribe{s}{why}.",
        E.DONATED: lambda: f"{who} donated a {tile} to the church.",
        E.TRADED: lambda: f"{who} traded " + (_tiles(e.tiles) if e.tiles else "2 tiles") + f" for a {tile}.",
        E.CARD_KEPT: lambda: f"{who} kept {n} scandal card{s}"
        + (f": {', '.join(c.title for c in e.cards)}." if e.cards else "."),
        E.CARD_PLAYED: lambda: f"{who} played {card}.",
        E.CARD_HANDED_BACK: lambda: f"{who} handed back {card}{why}" + (f", +{n} prestige." if n else "."),
        E.TILES_RETURNED: lambda: f"{who} put a {tile} into the bag.",
        E.ROUND_ADVANCED: lambda: f"The round marker moves to {_space(n)}.",
        E.BALL_STARTED: lambda: "A masked ball begins: everyone returns their title.",
        E.PRESTIGE_PLACED: lambda: f"{who} places prestige at {n}.",
        E.TITLE_AWARDED: lambda: f"{who} becomes {e.title.label if e.title is not None else 'baron'} (+{n} VP).",
        E.BUILDING_SCORED: lambda: f"{who}'s {building}{at} scores {n} VP.",
        E.DECADE_STARTED: lambda: f"Decade {_ROMAN.get(n, str(n))} begins.",
        E.GAME_ENDED: lambda: "The game is over. " + " and ".join(names[x] for x in e.seats) + " won.",
    }
    return texts[e.kind]()
