"""The engine's typed events in a player's words: the chronicle's lines and the ball's captions.

Each sentence is a whole message of the catalogs per kind of event (and cause, region, building or space),
in up to three persons: the viewer's own deeds ("You drew 2 groves and a field."), another player's
("Anne drew 3 tiles."), and another player's deed done to the viewer ("Robert gave 2 meadows to you."). An
event is first reduced to what the viewer may know (``Event.seen_by``); ``viewer`` None words it for
everyone at a shared screen; :data:`EVERYONE` for an all-seeing reader (the replay of a finished game seen
from all seats: every tile and card named, every deed in the third person). The counted phrases that go into
a sentence ("a field", "2 groves") are the objects of its verb, and each language's catalog words them so.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import N_, _, and_list, money, ngettext, roman
from game.ui.pieces import CARD_NAMES, TITLE_NAMES
from rules import Building, Card, Cause, Event, EventKind, RegionKind, TileType, board

E = EventKind
#: the viewer who may know everything: a finished game's replay seen from all seats (no seat's number)
EVERYONE = -2

#: (kind, cause) -> (the viewer's own, another player's[, another player's done to the viewer]); (kind, None)
#: when the cause changes nothing. Message ids: translated when worded.
TEMPLATES: dict[tuple[EventKind, Cause | None], tuple[str, ...]] = {
    (E.SETUP_DONE, None): (N_("The game is set up."), N_("The game is set up.")),
    (E.START_TILES_CHOSEN, None): (N_("You chose your starting tiles."), N_("{who} chose starting tiles.")),
    (E.TURN_STARTED, None): (N_("Your turn."), N_("{who}'s turn.")),
    (E.TILE_PLACED, None): (N_("You placed {tile}."), N_("{who} placed {tile}.")),
    (E.TILES_DRAWN, Cause.START): (N_("You drew {tiles} to start."), N_("{who} drew {tiles} to start.")),
    (E.TILES_DRAWN, Cause.EXPANDING): (N_("Your groves and forests brought {tiles}."),
                                       N_("{who}'s groves and forests brought {tiles}.")),
    (E.TILES_DRAWN, Cause.LAND): (N_("You acquired land: {tiles}."), N_("{who} acquired land: {tiles}.")),
    (E.TILES_DRAWN, Cause.DOWRY): (N_("Dowry brought you {tiles}."), N_("Dowry brought {who} {tiles}.")),
    (E.MONEY_GAINED, Cause.EXPANDING): (N_("Your fields and farms earned {money}."),
                                        N_("{who}'s fields and farms earned {money}.")),
    (E.MONEY_GAINED, Cause.TAXES): (N_("You collected {money} in taxes."), N_("{who} collected {money} in taxes.")),
    (E.MONEY_GAINED, Cause.KNIGHT): (N_("Your knight took {money} from {other}."),
                                     N_("{who}'s knight took {money} from {other}."),
                                     N_("{who}'s knight took {money} from you.")),
    (E.MONEY_GAINED, Cause.TRIBUTE): (N_("Tribute: you took {money}."), N_("Tribute: {who} took {money}.")),
    (E.MONEY_PAID, None): (N_("You paid {money}."), N_("{who} paid {money}.")),
    (E.VP_GAINED, Cause.FOLLY): (N_("Your folly is worth {vp} VP."), N_("{who}'s folly is worth {vp} VP.")),
    (E.VP_GAINED, Cause.BRIBES): (N_("The bribes are worth {vp} VP to you."),
                                  N_("The bribes are worth {vp} VP to {who}.")),
    (E.VP_GAINED, Cause.LEISURE): (N_("Leisure: you gained {vp} VP."), N_("Leisure: {who} gained {vp} VP.")),
    (E.VP_GAINED, Cause.QUEEN): (N_("The Queen gave you {vp} VP."), N_("The Queen gave {who} {vp} VP.")),
    (E.VP_GAINED, Cause.SECRET_MARRIAGE): (N_("Secret Marriage: you gained {vp} VP."),
                                           N_("Secret Marriage: {who} gained {vp} VP.")),
    (E.VP_GAINED, None): (N_("You gained {vp} VP."), N_("{who} gained {vp} VP.")),
    (E.QUEEN_MOVED, None): (N_("You take the Queen from {other}."), N_("{who} takes the Queen from {other}."),
                            N_("{who} takes the Queen from you.")),
    (E.QUEEN_LOCKED, None): (N_("The queen-lock: the Queen stays with {other}, not with you."),
                             N_("The queen-lock: the Queen stays with {other}, not with {who}."),
                             N_("The queen-lock: the Queen stays with you, not with {who}.")),
    (E.BUILT, Cause.INHERITANCE): (N_("You inherited a castle."), N_("{who} inherited a castle.")),
    (E.TILES_GIVEN, None): (N_("You gave {tiles} to {other}."), N_("{who} gave {tiles} to {other}."),
                            N_("{who} gave {tiles} to you.")),
    (E.BRIBES_TAKEN, Cause.SECRET_MARRIAGE): (N_("Secret Marriage: you took {bribes}."),
                                              N_("Secret Marriage: {who} took {bribes}.")),
    (E.BRIBES_TAKEN, None): (N_("You took {bribes}."), N_("{who} took {bribes}.")),
    (E.BRIBES_RETURNED, Cause.TAXES): (N_("You handed back {bribes} for taxes."),
                                       N_("{who} handed back {bribes} for taxes.")),
    (E.BRIBES_RETURNED, Cause.LAND): (N_("You handed back {bribes} for land."),
                                      N_("{who} handed back {bribes} for land.")),
    (E.BRIBES_RETURNED, Cause.PRESTIGE): (N_("You handed back {bribes}: +{prestige} prestige."),
                                          N_("{who} handed back {bribes}: +{prestige} prestige.")),
    (E.DONATED, None): (N_("You donated {tile} to the church."), N_("{who} donated {tile} to the church.")),
    (E.TRADED, None): (N_("You traded {tiles} for {tile}."), N_("{who} traded {tiles} for {tile}.")),
    (E.CARD_KEPT, None): (N_("You kept {cards}."), N_("{who} kept {cards}.")),
    (E.CARD_PLAYED, None): (N_("You played {card}."), N_("{who} played {card}.")),
    (E.CARD_HANDED_BACK, Cause.INTRIGUE): (N_("You handed in Intrigue to keep every card you saw."),
                                           N_("{who} handed in Intrigue to keep every card seen.")),
    (E.CARD_HANDED_BACK, None): (N_("You handed back {cards}: +{prestige} prestige."),
                                 N_("{who} handed back {cards}: +{prestige} prestige.")),
    (E.TILES_RETURNED, None): (N_("You put {tile} into the bag."), N_("{who} put {tile} into the bag.")),
    (E.BALL_STARTED, None): (N_("A masked ball begins: everyone returns their title."),
                             N_("A masked ball begins: everyone returns their title.")),
    (E.PRESTIGE_PLACED, None): (N_("You place your prestige marker on {space}."),
                                N_("{who} places the prestige marker on {space}.")),
    (E.TITLE_AWARDED, None): (N_("You become {title} (+{vp} VP)."), N_("{who} becomes {title} (+{vp} VP).")),
    (E.DECADE_STARTED, None): (N_("Decade {decade} begins."), N_("Decade {decade} begins.")),
}
#: the events that name a region, a building or a space: a whole sentence for each
REGION_FORMED = {
    RegionKind.FARM: (N_("You completed a farm."), N_("{who} completed a farm.")),
    RegionKind.FOREST: (N_("You completed a forest."), N_("{who} completed a forest.")),
    RegionKind.GARDEN: (N_("You completed a garden."), N_("{who} completed a garden.")),
}
KNIGHT_PLACED = {
    RegionKind.FARM: (N_("You sent a knight to {other}'s farm."), N_("{who} sent a knight to {other}'s farm."),
                      N_("{who} sent a knight to your farm.")),
    RegionKind.FOREST: (N_("You sent a knight to {other}'s forest."), N_("{who} sent a knight to {other}'s forest."),
                        N_("{who} sent a knight to your forest.")),
    RegionKind.GARDEN: (N_("You sent a knight to {other}'s garden."), N_("{who} sent a knight to {other}'s garden."),
                        N_("{who} sent a knight to your garden.")),
}
BUILT = {
    "castle": (N_("You built a castle for {money}."), N_("{who} built a castle for {money}.")),
    "palace": (N_("You built a palace for {money}."), N_("{who} built a palace for {money}.")),
    "chapel": (N_("You built a chapel for {money}."), N_("{who} built a chapel for {money}.")),
    "folly": (N_("You built a folly for {money}."), N_("{who} built a folly for {money}.")),
}
BUILDING_SCORED = {
    "castle": (N_("Your castle scores {vp} VP."), N_("{who}'s castle scores {vp} VP.")),
    "palace": (N_("Your palace scores {vp} VP."), N_("{who}'s palace scores {vp} VP.")),
}
ROUND_ADVANCED = {
    "start": N_("The round marker moves to the start."),
    "ball": N_("The round marker moves to {space}, a masked ball."),
    "lock": N_("The round marker moves to {space}, the queen-lock."),
    "scoring": N_("The round marker moves to {space}, building scoring."),
    "round": N_("The round marker moves to {space}."),
}


def tile_words(tile: TileType, n: int) -> str:
    """"a field", "3 fields": so many tiles of one kind, as the object of a sentence."""
    words = {
        TileType.FIELD: ngettext("a field", "{n} fields", n),
        TileType.FOUNTAIN: ngettext("a fountain", "{n} fountains", n),
        TileType.GROVE: ngettext("a grove", "{n} groves", n),
        TileType.MEADOW: ngettext("a meadow", "{n} meadows", n),
    }
    return words[tile].format(n=n)


def tiles_in_words(tiles: Sequence[TileType]) -> str:
    """(GROVE, GROVE, FIELD) -> "a field and 2 groves"."""
    return and_list([tile_words(t, list(tiles).count(t)) for t in TileType if t in tiles])


def cards_in_words(cards: Sequence[Card]) -> str:
    return and_list([CARD_NAMES[c] for c in cards])


def _counted_tiles(n: int) -> str:
    return ngettext("a tile", "{n} tiles", n).format(n=n)


def _counted_bribes(n: int) -> str:
    return ngettext("a bribe", "{n} bribes", n).format(n=n)


def _counted_cards(n: int) -> str:
    return ngettext("a scandal card", "{n} scandal cards", n).format(n=n)


def event_words(e: Event, names: Sequence[str], viewer: int | None, count: int = 1) -> str:
    """``e`` (``count`` events of its kind merged into one, see the chronicle) as ``viewer`` may read it."""
    if viewer != EVERYONE:
        e = e.seen_by(viewer)
    if e.kind == E.GAME_ENDED:
        return _game_over(e, names, viewer)
    if e.kind == E.ROUND_ADVANCED:
        return _(ROUND_ADVANCED[_space(e.amount)]).format(space=e.amount)
    if e.kind == E.VP_GAINED and e.cause == Cause.LIAISONS:
        return _liaisons(e, names, viewer)
    persons = _persons(e)
    if viewer is not None and e.seat == viewer:
        template = persons[0]
    elif viewer is not None and e.other == viewer and len(persons) > 2:
        template = persons[2]
    else:
        template = persons[1]
    return _(template).format(**_fields(e, names, count))


def _liaisons(e: Event, names: Sequence[str], viewer: int | None) -> str:
    """The Liaison cards' VP at the game's end (R-END-1), counted: "Anne's 2 Liaison cards are worth 6 VP"."""
    n = max(1, e.amount // board.LIAISON_VP)
    if viewer is not None and e.seat == viewer:
        words = ngettext("Your Liaison card is worth {vp} VP.", "Your {n} Liaison cards are worth {vp} VP.", n)
    else:
        words = ngettext("{who}'s Liaison card is worth {vp} VP.", "{who}'s {n} Liaison cards are worth {vp} VP.", n)
    return words.format(who=names[e.seat] if 0 <= e.seat < len(names) else "", n=n, vp=e.amount)


def _persons(e: Event) -> tuple[str, ...]:
    """The templates of ``e``: the specific ones of its region, building or space, else by kind and cause."""
    if e.kind == E.REGION_FORMED and e.region is not None:
        return REGION_FORMED[e.region]
    if e.kind == E.KNIGHT_PLACED and e.region is not None:
        return KNIGHT_PLACED[e.region]
    if e.kind == E.BUILT and e.cause != Cause.INHERITANCE and e.building is not None:
        return BUILT[_building(e.building)]
    if e.kind == E.BUILDING_SCORED and e.building is not None:
        return BUILDING_SCORED[_building(e.building)]
    return TEMPLATES.get((e.kind, e.cause)) or TEMPLATES[(e.kind, None)]


def _building(building: Building) -> str:
    return "folly" if building.is_folly else building.label


def _space(n: int) -> str:
    if n == 0:
        return "start"
    if n in board.BALL_SPACES:
        return "ball"
    if n == board.QUEEN_LOCK_SPACE:
        return "lock"
    return "scoring" if n == board.SCORING_SPACE else "round"


def _game_over(e: Event, names: Sequence[str], viewer: int | None) -> str:
    winners = [names[s] for s in e.seats if 0 <= s < len(names) and s != viewer]
    if viewer is not None and viewer in e.seats:
        if not winners:
            return _("The game is over: you won.")
        return _("The game is over: you and {others} won.").format(others=and_list(winners))
    return ngettext("The game is over: {winners} won.", "The game is over: {winners} won.", len(winners)).format(
        winners=and_list(winners))


def _fields(e: Event, names: Sequence[str], count: int) -> dict[str, str | int]:
    n = e.amount
    tile = tile_words(e.tile, count) if e.tile is not None else ""
    if e.tiles:
        tiles = tiles_in_words(e.tiles)
    else:
        tiles = _counted_tiles(n if e.kind != E.TRADED else board.TRADE_GIVE)
    if e.cards:
        cards = cards_in_words(e.cards)
    elif e.card is not None:
        cards = CARD_NAMES[e.card]
    else:
        cards = _counted_cards(n if e.kind == E.CARD_KEPT else count)
    return {
        "who": names[e.seat] if 0 <= e.seat < len(names) else "",
        "other": names[e.other] if 0 <= e.other < len(names) else "", "vp": n, "prestige": n, "space": n,
        "money": money(n),
        "tile": tile, "tiles": tiles, "cards": cards, "bribes": _counted_bribes(n),
        "card": CARD_NAMES[e.card] if e.card is not None else _counted_cards(1),
        "title": TITLE_NAMES[e.title] if e.title is not None else "", "decade": roman(n),
    }
