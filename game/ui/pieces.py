"""The game's pieces in words and pictures: art names, names and tooltips of tiles, follies,
scandal cards and titles (one place, so every screen calls a thing by the same name)."""

from __future__ import annotations

from rules import Card, Folly, RegionKind, TileType, Title, board

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
TILE_TIPS = {
    TileType.FIELD: f"Field: £{board.FIELD_MONEY} when placed; four in a square form a farm (+£{board.FARM_MONEY}, "
    "taxes).",
    TileType.FOUNTAIN: "Fountain: 1 prestige at a ball; four in a square form a garden (the Queen).",
    TileType.GROVE: f"Grove: {board.GROVE_TILES} tile drawn when placed; four in a square form a forest "
    f"(+{board.FOREST_TILES} tiles).",
    TileType.MEADOW: "Meadow: the only land you can build on.",
}
FOLLY_ART = {
    Folly.FORESTS: "folly-forests",
    Folly.FARMS: "folly-farms",
    Folly.GARDENS: "folly-gardens",
    Folly.MIXED: "folly-mixed",
}


def _regions_in_words(needs: dict[RegionKind, int]) -> str:
    """{FOREST: 2} -> "2 forests"; {FOREST: 1, FARM: 1, GARDEN: 1} -> "a forest, a farm and a garden"."""
    parts = [f"{n} {kind.label}s" if n > 1 else f"a {kind.label}" for kind, n in needs.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


#: what each folly needs in the estate (board.FOLLY_NEEDS in words)
FOLLY_NEEDS_TEXT = {folly: _regions_in_words(needs) for folly, needs in board.FOLLY_NEEDS.items()}
CARD_ART = {c: "card-" + c.title.lower().replace(" ", "-") for c in Card}
CARD_NAMES = {
    Card.INHERITANCE: "Inheritance",
    Card.INTRIGUE: "Intrigue",
    Card.BLACKMAIL: "Blackmail",
    Card.LIAISON: "Liaison",
    Card.SECRET_MARRIAGE: "Secret Marriage",
    Card.DOWRY: "Dowry",
    Card.CUNNING_STROKE: "Cunning Stroke",
    Card.TRIBUTE: "Tribute",
    Card.VICAR: "Favour of the Vicar",
    Card.WHITEHALL: "Whitehall",
}
CARD_TIPS = {
    Card.INHERITANCE: "A free castle (the cheapest on the board) on a legal meadow; no knight.",
    Card.INTRIGUE: "When you get a scandal card, hand this in to keep all three you saw.",
    Card.BLACKMAIL: f"Hand back at a ball for +{board.BLACKMAIL_PRESTIGE} prestige.",
    Card.LIAISON: f"+{board.LIAISON_VP} VP at the end of the game if you still hold it.",
    Card.SECRET_MARRIAGE: "Take 2 bribe markers from the board and gain 2 VP.",
    Card.DOWRY: "Draw 4 random tiles.",
    Card.CUNNING_STROKE: "One extra Expand-the-estate action this turn.",
    Card.TRIBUTE: "Take £5.",
    Card.VICAR: f"Put up to {board.VICAR_TILES} tiles from behind your screen into the bag, {board.VICAR_VP} VP each.",
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
