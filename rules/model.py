"""The vocabulary of the game: kinds of tiles, regions, buildings, cards, titles and decisions."""

from __future__ import annotations

import enum


class TileType(enum.IntEnum):
    FIELD = 0
    FOUNTAIN = 1
    GROVE = 2
    MEADOW = 3

    @property
    def label(self) -> str:
        return self.name.lower()


TILE_TYPES = tuple(TileType)


class RegionKind(enum.IntEnum):
    """R-LAND-2: four tiles of one type in a square form a region."""

    FARM = 0  # fields
    GARDEN = 1  # fountains
    FOREST = 2  # groves

    @property
    def label(self) -> str:
        return self.name.lower()


REGION_OF_TILE = {
    TileType.FIELD: RegionKind.FARM,
    TileType.FOUNTAIN: RegionKind.GARDEN,
    TileType.GROVE: RegionKind.FOREST,
}


class Folly(enum.IntEnum):
    FORESTS = 0
    FARMS = 1
    GARDENS = 2
    MIXED = 3

    @property
    def label(self) -> str:
        return "folly-" + self.name.lower()


class Building(enum.IntEnum):
    """What stands on a meadow of an estate."""

    CASTLE = 0
    PALACE = 1
    CHAPEL = 2
    FOLLY_FORESTS = 3
    FOLLY_FARMS = 4
    FOLLY_GARDENS = 5
    FOLLY_MIXED = 6

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", "-")

    @property
    def is_folly(self) -> bool:
        return self >= Building.FOLLY_FORESTS


def folly_building(folly: Folly) -> Building:
    return Building(Building.FOLLY_FORESTS + folly)


class Card(enum.IntEnum):
    INHERITANCE = 0
    INTRIGUE = 1
    BLACKMAIL = 2
    LIAISON = 3
    SECRET_MARRIAGE = 4
    DOWRY = 5
    CUNNING_STROKE = 6
    TRIBUTE = 7
    VICAR = 8
    WHITEHALL = 9

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", "-")

    @property
    def title(self) -> str:
        return CARD_TITLES[self]


CARD_TITLES = {
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


class Title(enum.IntEnum):
    BARON = 0
    VISCOUNT = 1
    EARL = 2
    MARQUESS = 3
    DUKE = 4

    @property
    def label(self) -> str:
        return self.name.lower()


class Decision(enum.Enum):
    """What the state is waiting for (DESIGN: one pending decision)."""

    # Members are singletons compared by identity: hashing by identity keeps the engine's and the bots'
    # lookups by decision in C (Enum's own __hash__ is Python code that hashes the name).
    __hash__ = object.__hash__

    CHOOSE_START_TILES = "choose starting tiles"
    KEEP_CARD = "keep a scandal card"
    TURN = "take a turn step"
    EXPAND = "place tiles in the estate"
    CHOOSE_REGION = "choose which region forms"
    KNIGHT = "place a knight"
    GIVE_TILES = "give tiles to a knight"
    DONATE = "donate tiles to the church"
    VICAR = "return tiles to the bag"
    INHERITANCE = "place the inherited castle"
    BALL_SPEND = "hand back bribes and cards at the ball"
    GAME_OVER = "nothing: the game is over"


class VPSource(enum.IntEnum):
    """Where victory points came from, for the final breakdown."""

    BRIBES = 0
    FOLLIES = 1
    BALLS = 2
    BUILDING_SCORING = 3
    CHURCH = 4
    LEISURE = 5
    QUEEN = 6
    CARDS = 7
    LIAISONS = 8

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")


Pos = tuple[int, int]
