"""The game's pieces in words and pictures: art names, names and tooltips of tiles, follies,
scandal cards and titles (one place, so every screen calls a thing by the same name).

The names are the publisher's (game/locale/glossary.csv); the tables are :class:`game.i18n.Words`, read in
the language spoken when they are read.
"""

from __future__ import annotations

from game.i18n import N_, Words, money, ngettext
from rules import Card, Folly, TileType, Title, board

TILE_ART = {
    TileType.FIELD: "tile-field",
    TileType.FOUNTAIN: "tile-fountain",
    TileType.GROVE: "tile-grove",
    TileType.MEADOW: "tile-meadow",
}
TILE_NAMES = Words({
    TileType.FIELD: N_("field"),
    TileType.FOUNTAIN: N_("fountain"),
    TileType.GROVE: N_("grove"),
    TileType.MEADOW: N_("meadow"),
})
TILE_TIPS = Words({
    TileType.FIELD: N_("Field: {field_money} when placed; four in a square form a farm (+{farm_money}, taxes)."),
    TileType.FOUNTAIN: N_("Fountain: 1 prestige at a ball; four in a square form a garden (the Queen)."),
    TileType.GROVE: N_("Grove: {grove_tiles} tile drawn when placed; four in a square form a forest "
                       "(+{forest_tiles} tiles)."),
    TileType.MEADOW: N_("Meadow: the only land you can build on."),
}, field_money=lambda: money(board.FIELD_MONEY), farm_money=lambda: money(board.FARM_MONEY),
   grove_tiles=board.GROVE_TILES, forest_tiles=board.FOREST_TILES)


def tiles_in_words(n: int, tile: TileType) -> str:
    """"3 field tiles", "1 meadow tile" in the language spoken."""
    words = {
        TileType.FIELD: ngettext("{n} field tile", "{n} field tiles", n),
        TileType.FOUNTAIN: ngettext("{n} fountain tile", "{n} fountain tiles", n),
        TileType.GROVE: ngettext("{n} grove tile", "{n} grove tiles", n),
        TileType.MEADOW: ngettext("{n} meadow tile", "{n} meadow tiles", n),
    }
    return words[tile].format(n=n)
FOLLY_ART = {
    Folly.FORESTS: "folly-forests",
    Folly.FARMS: "folly-farms",
    Folly.GARDENS: "folly-gardens",
    Folly.MIXED: "folly-mixed",
}


#: what each folly needs in the estate (board.FOLLY_NEEDS in words, one whole phrase each)
FOLLY_NEEDS_TEXT = Words({
    Folly.FORESTS: N_("2 forests"),
    Folly.FARMS: N_("2 farms"),
    Folly.GARDENS: N_("2 gardens"),
    Folly.MIXED: N_("a forest, a farm and a garden"),
})
CARD_ART = {c: "card-" + c.title.lower().replace(" ", "-") for c in Card}
#: the cards' printed names (the engine's Card.title is the English one)
CARD_NAMES = Words({
    Card.INHERITANCE: N_("Inheritance"),
    Card.INTRIGUE: N_("Intrigue"),
    Card.BLACKMAIL: N_("Blackmail"),
    Card.LIAISON: N_("Liaison"),
    Card.SECRET_MARRIAGE: N_("Secret Marriage"),
    Card.DOWRY: N_("Dowry"),
    Card.CUNNING_STROKE: N_("Cunning Stroke"),
    Card.TRIBUTE: N_("Tribute"),
    Card.VICAR: N_("Favour of the Vicar"),
    Card.WHITEHALL: N_("Whitehall"),
})
CARD_TIPS = Words({
    Card.INHERITANCE: N_("A free castle (the cheapest on the board) on a legal meadow; no knight."),
    Card.INTRIGUE: N_("When you get a scandal card, hand this in to keep all three you saw."),
    Card.BLACKMAIL: N_("Hand back at a ball for +{blackmail} prestige."),
    Card.LIAISON: N_("+{liaison} VP at the end of the game if you still hold it."),
    Card.SECRET_MARRIAGE: N_("Take 2 bribe markers from the board and gain 2 VP."),
    Card.DOWRY: N_("Draw 4 random tiles."),
    Card.CUNNING_STROKE: N_("One extra Expand-the-estate action this turn."),
    Card.TRIBUTE: N_("Take {tribute}."),
    Card.VICAR: N_("Put up to {vicar_tiles} tiles from behind your screen into the bag, {vicar_vp} VP each."),
    Card.WHITEHALL: N_("Take the Queen (not while the round marker is on the queen-lock space)."),
}, blackmail=board.BLACKMAIL_PRESTIGE, liaison=board.LIAISON_VP, tribute=lambda: money(board.TRIBUTE_MONEY),
   vicar_tiles=board.VICAR_TILES, vicar_vp=board.VICAR_VP)
CARD_TOPICS = {c: "card-" + c.label for c in Card}
TITLE_ART = {t: "title-" + t.label for t in Title}
TITLE_NAMES = Words({
    Title.DUKE: N_("Duke"),
    Title.MARQUESS: N_("Marquess"),
    Title.EARL: N_("Earl"),
    Title.VISCOUNT: N_("Viscount"),
    Title.BARON: N_("Baron"),
})
