"""Every number printed on the board or fixed by the components (R-COMP, R-BOARD, R-SETUP).

The round track and price rows are reconstructed (see RULES.md, "Board data"): a player who owns the
printed board corrects them here and nowhere else.
"""

from __future__ import annotations

from rules.model import Card, Folly, RegionKind, TileType, Title

PLAYER_COUNTS = (3, 4, 5)

# R-COMP-1
TILE_COUNTS = {TileType.FIELD: 62, TileType.FOUNTAIN: 44, TileType.GROVE: 48, TileType.MEADOW: 48}
TOTAL_TILES = 202

# R-COMP-2
BRIBES = 20
BRIBE_PRICE = 2
BRIBES_PER_ACTION = 5

# R-COMP-3
CARD_COUNTS = {
    Card.INHERITANCE: 3,
    Card.INTRIGUE: 3,
    Card.BLACKMAIL: 4,
    Card.LIAISON: 4,
    Card.SECRET_MARRIAGE: 4,
    Card.DOWRY: 4,
    Card.CUNNING_STROKE: 4,
    Card.TRIBUTE: 4,
    Card.VICAR: 3,
    Card.WHITEHALL: 2,
}
TOTAL_CARDS = 35
CARDS_OFFERED = 3  # R-CARD-1: look at the top 3, keep 1

# R-COMP-4
CASTLES = 15
CHAPELS = 15
PALACES = 12
KNIGHTS_PER_PLAYER = 2  # R-COMP-5

# R-BOARD-2: price rows, cheapest first. The board's buildings always fill the most expensive spaces.
CASTLE_PRICES = (5, 6, 7, 8, 9)
CHAPEL_PRICES = (3, 4, 5, 6, 7)
PALACE_PRICES = (10, 11, 12, 13)

# R-SETUP-2 / R-DEC-1: castles, chapels, palaces on the board per player count.
BOARD_BUILDINGS = {3: (3, 3, 2), 4: (4, 4, 3), 5: (5, 5, 4)}

# R-BOARD-3
FOLLY_PRICE = 12
FOLLY_VP = (12, 10, 8, 6)
FOLLY_NEEDS = {
    Folly.FORESTS: {RegionKind.FOREST: 2},
    Folly.FARMS: {RegionKind.FARM: 2},
    Folly.GARDENS: {RegionKind.GARDEN: 2},
    Folly.MIXED: {RegionKind.FOREST: 1, RegionKind.FARM: 1, RegionKind.GARDEN: 1},
}

# R-BOARD-4
CHURCH_SLOTS_PER_TYPE = 3

# R-BOARD-1: the round track. Position 0 is the start arrow.
TRACK_LENGTH = 10
BALL_SPACES = (4, 8)
QUEEN_LOCK_SPACE = 9
SCORING_SPACE = 10
DECADES = 3

# R-SETUP-1
START_MONEY = 10
START_TILE_MAX_PER_TYPE = 3
START_TILES_TOTAL = 12
FIRST_GAME_TILES_PER_TYPE = 3

# R-COMP-6: prestige needed, VP at a ball, building discount.
TITLE_PRESTIGE = {Title.DUKE: 14, Title.MARQUESS: 10, Title.EARL: 6, Title.VISCOUNT: 2, Title.BARON: 0}
TITLE_VP = {Title.DUKE: 7, Title.MARQUESS: 5, Title.EARL: 3, Title.VISCOUNT: 1, Title.BARON: 0}
TITLE_DISCOUNT = {Title.DUKE: 3, Title.MARQUESS: 2, Title.EARL: 1, Title.VISCOUNT: 0, Title.BARON: 0}
# Titles in supply besides one Baron per player (Duke, Marquess, Earl, Viscount).
TITLE_SUPPLY = {3: (1, 1, 1, 1), 4: (1, 1, 1, 2), 5: (1, 1, 2, 3)}

# R-ACT / R-BALL rewards
FIELD_MONEY = 1  # per field placed (A) and per field in the estate at taxes (D)
GROVE_TILES = 1  # per grove placed (A) and per grove in the estate at land (E)
FARM_MONEY = 2  # per farm completed (A), per free farm or knight on a farm (D, B2)
FOREST_TILES = 2  # per forest completed (A), per free forest or knight on a forest (E, B2)
FOREST_TILES_GIVEN = 2  # R-ACT-B2: forest owner gives 2 tiles
GARDEN_PRESTIGE = 2
PALACE_PRESTIGE = 2
KNIGHT_PRESTIGE = 2
BLACKMAIL_PRESTIGE = 3
CASTLE_SCORE, CASTLE_CHAPEL_SCORE = 3, 1  # R-SCORE-1
PALACE_SCORE, PALACE_CHAPEL_SCORE = 5, 2  # R-SCORE-2
LIAISON_VP = 3  # R-END-1
SECRET_MARRIAGE_BRIBES, SECRET_MARRIAGE_VP = 2, 2  # R-CARD-7
DOWRY_TILES = 4  # R-CARD-8
TRIBUTE_MONEY = 5  # R-CARD-10
VICAR_TILES = 4  # R-CARD-11
LEISURE_VP = 1
DONATION_VP = 1  # R-ACT-F1: per tile donated to the church
VICAR_VP = 1  # R-CARD-11: per tile returned to the bag
BRIBE_VP = 1  # R-ACT-C1: per bribe taken
BRIBE_BACK_MONEY = 1  # R-ACT-C2: per bribe handed back at taxes
BRIBE_BACK_TILES = 1  # R-ACT-C2: per bribe handed back at land
BRIBE_PRESTIGE = 1  # R-ACT-C2, R-BALL-2: per bribe handed back at a ball
CARD_PRESTIGE = 1  # R-BALL-2: per scandal card other than Blackmail handed back at a ball
QUEEN_VP = 1  # R-TURN-4
TRADE_GIVE = 2  # R-TURN-3
EXPAND_TILES = 3  # R-ACT-A1


def board_buildings(players: int) -> tuple[int, int, int]:
    """Castles, chapels and palaces the board holds at setup and after a refill (R-SETUP-2, R-DEC-1)."""
    return BOARD_BUILDINGS[players]


def cheapest_price(prices: tuple[int, ...], on_board: int) -> int:
    """Price of the cheapest building of a row holding `on_board` buildings on its most expensive spaces."""
    if not 0 < on_board <= len(prices):
        raise ValueError(f"no price: the row holds {on_board} of {len(prices)} buildings")
    return prices[len(prices) - on_board]
