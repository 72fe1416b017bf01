"""The game's pieces in words and pictures: art names, names and tooltips of tiles, buildings, follies,
scandal cards and titles (one place, so every screen calls a thing by the same name)."""

from __future__ import annotations

from rules import Building, Card, Folly, RegionKind, TileType, Title

TILE_ART = {
    TileType.FIELD: "tile-field",
    TileType.FOUNTAIN: "tile-fountain",
    TileType.GROVE: "tile-grove",
    TileType.MEADOW: "tile-meadow",
}
TILE_NAMES = {
    TileType.FIELD: "field",
    TileType.FOUNTAIN: "fountain",
    TileType.GROVE: "grove",
    TileType.MEADOW: "meadow",
}
TILE_PLURAL = {
    TileType.FIELD: "fields",
    TileType.FOUNTAIN: "fountains",
    TileType.GROVE: "groves",
    TileType.MEADOW: "meadows",
}
TILE_TIPS = {
    TileType.FIELD: "Field: £1 when placed; four in a square form a farm (+£2, taxes).",
    TileType.FOUNTAIN: "Fountain: 1 prestige at a ball; four in a square form a garden (the Queen).",
    TileType.GROVE: "Grove: 1 tile drawn when placed; four in a square form a forest (+2 tiles).",
    TileType.MEADOW: "Meadow: the only land you can build on.",
}
REGION_ART = {RegionKind.FARM: "region-farm", RegionKind.FOREST: "region-forest", RegionKind.GARDEN: "region-garden"}
BUILDING_ART = {
    Building.CASTLE: "building-castle",
    Building.PALACE: "building-palace",
    Building.CHAPEL: "building-chapel",
    Building.FOLLY_FORESTS: "folly-forests",
    Building.FOLLY_FARMS: "folly-farms",
    Building.FOLLY_GARDENS: "folly-gardens",
    Building.FOLLY_MIXED: "folly-mixed",
}
BUILDING_NAMES = {
    Building.CASTLE: "castle",
    Building.PALACE: "palace",
    Building.CHAPEL: "chapel",
    Building.FOLLY_FORESTS: "folly of the forests",
    Building.FOLLY_FARMS: "folly of the farms",
    Building.FOLLY_GARDENS: "folly of the gardens",
    Building.FOLLY_MIXED: "folly of the three",
}
FOLLY_ART = {
    Folly.FORESTS: "folly-forests",
    Folly.FARMS: "folly-farms",
    Folly.GARDENS: "folly-gardens",
    Folly.MIXED: "folly-mixed",
}
FOLLY_NEEDS_TEXT = {
    Folly.FORESTS: "2 forests",
    Folly.FARMS: "2 farms",
    Folly.GARDENS: "2 gardens",
    Folly.MIXED: "a forest, a farm and a garden",
}
CARD_ART = {c: "card-" + c.title.lower().replace(" ", "-") for c in Card}
CARD_TIPS = {
    Card.INHERITANCE: "A free castle (the cheapest on the board) on a legal meadow; no knight.",
    Card.INTRIGUE: "When you get a scandal card, hand this in to keep all three you saw.",
    Card.BLACKMAIL: "Hand back at a ball for +3 prestige.",
    Card.LIAISON: "+3 VP at the end of the game if you still hold it.",
    Card.SECRET_MARRIAGE: "Take 2 bribe markers from the board and gain 2 VP.",
    Card.DOWRY: "Draw 4 random tiles.",
    Card.CUNNING_STROKE: "One extra Expand-the-estate action this turn.",
    Card.TRIBUTE: "Take £5.",
    Card.VICAR: "Put up to 4 tiles from behind your screen into the bag, 1 VP each.",
    Card.WHITEHALL: "Take the Queen (not while the round marker is on the queen-lock space).",
}
CARD_TOPICS = {c: "card-" + c.label for c in Card}
TITLE_ART = {t: "title-" + t.label for t in Title}
TITLE_NAMES = {
    Title.DUKE: "Duke",
    Title.MARQUESS: "Marquess",
    Title.EARL: "Earl",
    Title.VISCOUNT: "Viscount",
    Title.BARON: "Baron",
}
