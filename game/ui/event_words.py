"""The engine's typed events in a player's words: the chronicle's lines and the ball's captions.

Each sentence is a whole template per kind of event (and cause), in two persons: the viewer's own deeds
read "You drew 2 groves and a field.", another player's "Anne drew 3 tiles.". An event is first reduced to
what the viewer may know (``Event.seen_by``); ``viewer`` None words it for everyone at a shared screen.
Templates are whole sentences with named fields, ready for a message catalog.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ui.draw import roman
from game.ui.pieces import CARD_NAMES, TITLE_NAMES
from rules import Building, Card, Cause, Event, EventKind, RegionKind, TileType, board

E = EventKind

TILE_WORDS = {  # one, several
    TileType.FIELD: ("a field", "{n} fields"),
    TileType.FOUNTAIN: ("a fountain", "{n} fountains"),
    TileType.GROVE: ("a grove", "{n} groves"),
    TileType.MEADOW: ("a meadow", "{n} meadows"),
}
REGION_WORDS = {RegionKind.FARM: "farm", RegionKind.FOREST: "forest", RegionKind.GARDEN: "garden"}
BUILDING_WORDS = {
    Building.CASTLE: "castle", Building.PALACE: "palace", Building.CHAPEL: "chapel",
    Building.FOLLY_FORESTS: "folly", Building.FOLLY_FARMS: "folly", Building.FOLLY_GARDENS: "folly",
    Building.FOLLY_MIXED: "folly",
}
COUNTED = {  # one, several
    "tile": ("a tile", "{n} tiles"),
    "bribe": ("a bribe", "{n} bribes"),
    "card": ("a scandal card", "{n} scandal cards"),
}

#: (kind, cause) -> (the viewer's own, another player's); (kind, None) when the cause changes nothing
TEMPLATES: dict[tuple[EventKind, Cause | None], tuple[str, str]] = {
    (E.SETUP_DONE, None): ("The game is set up.", "The game is set up."),
    (E.START_TILES_CHOSEN, None): ("You chose your starting tiles.", "{who} chose starting tiles."),
    (E.TURN_STARTED, None): ("Your turn.", "{who}'s turn."),
    (E.TILE_PLACED, None): ("You placed {tile}.", "{who} placed {tile}."),
    (E.REGION_FORMED, None): ("You completed a {region}.", "{who} completed a {region}."),
    (E.TILES_DRAWN, Cause.START): ("You drew {tiles} to start.", "{who} drew {tiles} to start."),
    (E.TILES_DRAWN, Cause.EXPANDING): ("Your groves and forests brought {tiles}.",
                                       "{who}'s groves and forests brought {tiles}."),
    (E.TILES_DRAWN, Cause.LAND): ("You acquired land: {tiles}.", "{who} acquired land: {tiles}."),
    (E.TILES_DRAWN, Cause.DOWRY): ("Dowry brought you {tiles}.", "Dowry brought {who} {tiles}."),
    (E.MONEY_GAINED, Cause.EXPANDING): ("Your fields and farms earned £{n}.",
                                        "{who}'s fields and farms earned £{n}."),
    (E.MONEY_GAINED, Cause.TAXES): ("You collected £{n} in taxes.", "{who} collected £{n} in taxes."),
    (E.MONEY_GAINED, Cause.KNIGHT): ("Your knight took £{n} from {other}.",
                                     "{who}'s knight took £{n} from {other}."),
    (E.MONEY_GAINED, Cause.TRIBUTE): ("Tribute: you took £{n}.", "Tribute: {who} took £{n}."),
    (E.MONEY_PAID, None): ("You paid £{n}.", "{who} paid £{n}."),
    (E.VP_GAINED, Cause.FOLLY): ("Your folly is worth {n} VP.", "{who}'s folly is worth {n} VP."),
    (E.VP_GAINED, Cause.BRIBES): ("The bribes are worth {n} VP to you.", "The bribes are worth {n} VP to {who}."),
    (E.VP_GAINED, Cause.LEISURE): ("Leisure: you gained {n} VP.", "Leisure: {who} gained {n} VP."),
    (E.VP_GAINED, Cause.QUEEN): ("The Queen gave you {n} VP.", "The Queen gave {who} {n} VP."),
    (E.VP_GAINED, Cause.SECRET_MARRIAGE): ("Secret Marriage: you gained {n} VP.",
                                           "Secret Marriage: {who} gained {n} VP."),
    (E.VP_GAINED, Cause.LIAISONS): ("Your Liaison cards are worth {n} VP.",
                                    "{who}'s Liaison cards are worth {n} VP."),
    (E.VP_GAINED, None): ("You gained {n} VP.", "{who} gained {n} VP."),
    (E.QUEEN_MOVED, None): ("You take the Queen from {other}.", "{who} takes the Queen from {other}."),
    (E.QUEEN_LOCKED, None): ("The queen-lock: the Queen stays with {other}, not with you.",
                             "The queen-lock: the Queen stays with {other}, not with {who}."),
    (E.BUILT, Cause.INHERITANCE): ("You inherited a castle.", "{who} inherited a castle."),
    (E.BUILT, None): ("You built a {building} for £{n}.", "{who} built a {building} for £{n}."),
    (E.KNIGHT_PLACED, None): ("You sent a knight to {whose} {region}.",
                              "{who} sent a knight to {whose} {region}."),
    (E.TILES_GIVEN, None): ("You gave {tiles} to {other}.", "{who} gave {tiles} to {other}."),
    (E.BRIBES_TAKEN, Cause.SECRET_MARRIAGE): ("Secret Marriage: you took {bribes}.",
                                              "Secret Marriage: {who} took {bribes}."),
    (E.BRIBES_TAKEN, None): ("You took {bribes}.", "{who} took {bribes}."),
    (E.BRIBES_RETURNED, Cause.TAXES): ("You handed back {bribes} for taxes.",
                                       "{who} handed back {bribes} for taxes."),
    (E.BRIBES_RETURNED, Cause.LAND): ("You handed back {bribes} for land.", "{who} handed back {bribes} for land."),
    (E.BRIBES_RETURNED, Cause.PRESTIGE): ("You handed back {bribes}: +{n} prestige.",
                                          "{who} handed back {bribes}: +{n} prestige."),
    (E.DONATED, None): ("You donated {tile} to the church.", "{who} donated {tile} to the church."),
    (E.TRADED, None): ("You traded {tiles} for {tile}.", "{who} traded {tiles} for {tile}."),
    (E.CARD_KEPT, None): ("You kept {cards}.", "{who} kept {cards}."),
    (E.CARD_PLAYED, None): ("You played {card}.", "{who} played {card}."),
    (E.CARD_HANDED_BACK, Cause.INTRIGUE): ("You handed in Intrigue to keep every card you saw.",
                                           "{who} handed in Intrigue to keep every card seen."),
    (E.CARD_HANDED_BACK, None): ("You handed back {cards}: +{n} prestige.",
                                 "{who} handed back {cards}: +{n} prestige."),
    (E.TILES_RETURNED, None): ("You put {tile} into the bag.", "{who} put {tile} into the bag."),
    (E.ROUND_ADVANCED, None): ("The round marker moves to {space}.", "The round marker moves to {space}."),
    (E.BALL_STARTED, None): ("A masked ball begins: everyone returns their title.",
                             "A masked ball begins: everyone returns their title."),
    (E.PRESTIGE_PLACED, None): ("You place your prestige marker on {n}.",
                                "{who} places the prestige marker on {n}."),
    (E.TITLE_AWARDED, None): ("You become {title} (+{n} VP).", "{who} becomes {title} (+{n} VP)."),
    (E.BUILDING_SCORED, None): ("Your {building} scores {n} VP.", "{who}'s {building} scores {n} VP."),
    (E.DECADE_STARTED, None): ("Decade {decade} begins.", "Decade {decade} begins."),
    (E.GAME_ENDED, None): ("The game is over: {winners} won.", "The game is over: {winners} won."),
}
#: the round track's spaces in words
SPACE_WORDS = {0: "the start", board.QUEEN_LOCK_SPACE: "{n}, the queen-lock",
               board.SCORING_SPACE: "{n}, building scoring", **{b: "{n}, a masked ball" for b in board.BALL_SPACES}}
YOU, YOUR = "you", "your"


def counted(noun: str, n: int) -> str:
    one, several = COUNTED[noun]
    return one if n == 1 else several.format(n=n)


def tiles_in_words(tiles: Sequence[TileType]) -> str:
    """(GROVE, GROVE, FIELD) -> "2 groves and a field"."""
    parts = []
    for t in TileType:
        n = list(tiles).count(t)
        if n:
            one, several = TILE_WORDS[t]
            parts.append(one if n == 1 else several.format(n=n))
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def cards_in_words(cards: Sequence[Card]) -> str:
    names = [CARD_NAMES[c] for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def event_words(e: Event, names: Sequence[str], viewer: int | None, count: int = 1) -> str:
    """``e`` (``count`` events of its kind merged into one, see the chronicle) as ``viewer`` may read it."""
    e = e.seen_by(viewer)
    template = TEMPLATES.get((e.kind, e.cause)) or TEMPLATES[(e.kind, None)]
    mine = viewer is not None and e.seat == viewer
    return template[0 if mine else 1].format(**_fields(e, names, viewer, count))


def _name(seat: int, names: Sequence[str], viewer: int | None) -> str:
    if viewer is not None and seat == viewer:
        return YOU
    return names[seat] if 0 <= seat < len(names) else ""


def _fields(e: Event, names: Sequence[str], viewer: int | None, count: int) -> dict[str, str | int]:
    n = e.amount
    tile = ""
    if e.tile is not None:
        tile = TILE_WORDS[e.tile][0] if count == 1 else TILE_WORDS[e.tile][1].format(n=count)
    if e.tiles:
        tiles = tiles_in_words(e.tiles)
    else:
        tiles = counted("tile", n if e.kind != E.TRADED else board.TRADE_GIVE)
    if e.cards:
        cards = cards_in_words(e.cards)
    elif e.card is not None:
        cards = CARD_NAMES[e.card]
    else:
        cards = counted("card", n if e.kind == E.CARD_KEPT else count)
    other = _name(e.other, names, viewer)
    whose = YOUR if viewer is not None and e.other == viewer else f"{other}'s"
    winners = [_name(s, names, viewer) for s in e.seats]
    return {
        "who": names[e.seat] if 0 <= e.seat < len(names) else "", "other": other, "whose": whose, "n": n,
        "tile": tile, "tiles": tiles, "cards": cards, "bribes": counted("bribe", n),
        "card": CARD_NAMES[e.card] if e.card is not None else counted("card", 1),
        "region": REGION_WORDS[e.region] if e.region is not None else "",
        "building": BUILDING_WORDS[e.building] if e.building is not None else "",
        "title": TITLE_NAMES[e.title] if e.title is not None else "",
        "space": SPACE_WORDS.get(n, "{n}").format(n=n), "decade": roman(n),
        "winners": " and ".join(winners) if winners else "",
    }
