"""A small scenario builder: positions built directly, so that each rule can be tested on its own.

    s = game(3)                                   # first-game setup done, seat 0 to act, decade 1
    set_estate(s, 0, '''
        f f g
        f f C
    ''')                                          # the farm forms by itself (regions="auto")
    set_hand(s, 0, grove=2, field=1)
    s.players[0].money = 9
    play(s, "build castle at 1,0")

Every helper keeps the game's totals (202 tiles, 35 cards, 20 bribes, 15/15/12/4 buildings) by moving things
between the bag, the deck, the board, the supply and the players, so `check_invariants` holds in a scenario.
"""

from __future__ import annotations

from rules.actions import parse_action
from rules.estate import Estate
from rules.flow import new_game, start_turn
from rules.model import TILE_TYPES, Building, Card, Decision, Folly, TileType
from rules.state import GameState

NAMES = ["Anne", "Bob", "Cecil", "Dora", "Edmund"]

TILE_CODES = {"f": TileType.FIELD, "w": TileType.FOUNTAIN, "g": TileType.GROVE, "m": TileType.MEADOW}
# Buildings stand on meadows: C castle, P palace, H chapel (House of God), 1-4 the follies.
BUILDING_CODES = {
    "C": Building.CASTLE, "P": Building.PALACE, "H": Building.CHAPEL,
    "1": Building.FOLLY_FORESTS, "2": Building.FOLLY_FARMS, "3": Building.FOLLY_GARDENS, "4": Building.FOLLY_MIXED,
}
TILE_KW = {"field": TileType.FIELD, "fountain": TileType.FOUNTAIN, "grove": TileType.GROVE, "meadow": TileType.MEADOW}


def game(n: int = 3, seed: int = 1) -> GameState:
    """A first-game setup with every card pick done: seat 0 takes its turn, decade 1, round marker on start."""
    s = new_game(NAMES[:n], seed, first_game=True)
    while s.step == Decision.KEEP_CARD:
        s.apply(s.legal_actions()[0])
    assert s.step == Decision.TURN and s.turn_seat == 0
    return s


def play(s: GameState, *texts: str) -> list:
    """Apply actions by their text form, checked; returns all events."""
    events = []
    for text in texts:
        events.extend(s.apply(parse_action(text)))
    return events


def legal_texts(s: GameState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def turn(s: GameState, seat: int) -> None:
    """Start `seat`'s turn: nothing done yet."""
    start_turn(s, seat, [])


def end_turn_with_leisure(s: GameState) -> list:
    return play(s, "leisure", "end turn")


def run_ball(s: GameState, spend: dict[int, list[str]] | None = None) -> list:
    """Hold a masked ball now: the Queen holder takes leisure and ends the turn with the round marker on 3.
    `spend[seat]`: what that seat hands back (action texts) before its marker goes down. Returns the events.
    """
    spend = spend or {}
    events = start_ball(s)
    while s.step == Decision.BALL_SPEND:
        events.extend(play(s, *spend.get(s.decider, []), "place prestige"))
    return events


def start_ball(s: GameState) -> list:
    """Start a masked ball now: the Queen holder takes leisure and ends the turn with the round marker on 3
    (R-ROUND-2). Returns the events."""
    turn(s, s.queen)
    s.round_pos = 3
    return end_turn_with_leisure(s)


def ball_up_to(s: GameState, seat: int) -> None:
    """Start a masked ball now and let every seat before ``seat`` place its base prestige (R-BALL-2)."""
    start_ball(s)
    while s.decider != seat:
        play(s, "place prestige")


def run_scoring(s: GameState) -> list:
    """Reach the building-scoring space now: the Queen holder ends a turn with the round marker on 9.
    The decade ends too (card picks for the next decade wait, or the game ends after decade 3)."""
    turn(s, s.queen)
    s.round_pos = 9
    return end_turn_with_leisure(s)


def finish_card_picks(s: GameState) -> None:
    """Keep the first card offered until nobody has a card to pick."""
    while s.step == Decision.KEEP_CARD:
        s.apply(s.legal_actions()[0])


# -- estates ------------------------------------------------------------------------------------------------
def _return_building(s: GameState, b: Building) -> None:
    if b == Building.CASTLE:
        s.castles_supply += 1
    elif b == Building.CHAPEL:
        s.chapels_supply += 1
    elif b == Building.PALACE:
        s.palaces_supply += 1
    else:
        s.follies.append(_folly_of(b))
        s.follies.sort()
        s.follies_built -= 1


def _folly_of(b: Building) -> Folly:
    return Folly(b - Building.FOLLY_FORESTS)


def _take_building(s: GameState, b: Building) -> None:
    if b == Building.CASTLE:
        s.castles_supply -= 1
    elif b == Building.CHAPEL:
        s.chapels_supply -= 1
    elif b == Building.PALACE:
        s.palaces_supply -= 1
    else:
        s.follies.remove(_folly_of(b))
        s.follies_built += 1
    assert min(s.castles_supply, s.chapels_supply, s.palaces_supply) >= 0, "the supply ran out"


def set_estate(s: GameState, seat: int, picture: str, *, origin: tuple[int, int] = (0, 0),
               regions: str | list[tuple[int, int]] = "auto") -> Estate:
    """Replace `seat`'s estate by a picture: rows of tokens f field, w fountain, g grove, m meadow,
    C/P/H a castle/palace/chapel on a meadow, 1-4 a folly on a meadow, `.` no tile. The first token of the
    first row is at `origin` (x grows right, y down). `regions`: the anchors (top-left) to form, or "auto"
    to form every same-type square, row by row, each tile in at most one region.
    """
    old = s.players[seat].estate
    assert not any(k >= 0 for k in old.knights), "set the estate before placing knights on it"
    for t in old.tiles.values():
        s.bag[t] += 1
    for b in old.buildings.values():
        _return_building(s, b)
    estate = Estate()
    ox, oy = origin
    rows = [r.split() for r in picture.strip("\n").splitlines() if r.strip()]
    for y, row in enumerate(rows):
        for x, token in enumerate(row):
            if token == ".":
                continue
            pos = (ox + x, oy + y)
            tile = TILE_CODES.get(token, TileType.MEADOW)
            estate.add_tile(pos, tile)
            s.bag[tile] -= 1
            if token in BUILDING_CODES:
                estate.put_building(pos, BUILDING_CODES[token])
                _take_building(s, BUILDING_CODES[token])
    for t in s.bag:
        assert t >= 0, "the bag ran out of a tile type"
    if regions == "auto":
        for pos in sorted(estate.tiles, key=lambda p: (p[1], p[0])):
            squares = estate.completable_squares(pos)
            if pos in squares:  # `pos` as the top-left corner
                estate.form_region(pos)
    else:
        for anchor in regions:
            estate.form_region(anchor)
    s.players[seat].estate = estate
    return estate


def place_knight(s: GameState, seat: int, owner: int, region: int) -> None:
    """Put one of `seat`'s knights on `owner`'s region number `region`."""
    assert s.players[seat].knights_in_supply > 0 and s.players[owner].estate.knights[region] < 0
    s.players[owner].estate.set_knight(region, seat)
    s.players[seat].knights.append((owner, region))


# -- screens: tiles, money, bribes, cards -----------------------------------------------------------------------
def set_hand(s: GameState, seat: int, **counts: int) -> None:
    """Tiles behind `seat`'s screen, e.g. set_hand(s, 0, field=2, grove=1); types not named: none."""
    tiles = s.players[seat].tiles
    for t in TILE_TYPES:
        s.bag[t] += tiles[t]
        tiles[t] = 0
    for name, count in counts.items():
        t = TILE_KW[name]
        tiles[t] = count
        s.bag[t] -= count
        assert s.bag[t] >= 0, "the bag ran out of a tile type"


def set_bag(s: GameState, **counts: int) -> None:
    """The bag's exact contents. Breaks the 202-tile total: don't check invariants after it."""
    s.bag[:] = [0, 0, 0, 0]
    for name, count in counts.items():
        s.bag[TILE_KW[name]] = count


def set_bribes(s: GameState, seat: int, count: int) -> None:
    p = s.players[seat]
    s.bribes_board += p.bribes - count
    p.bribes = count
    assert s.bribes_board >= 0


def set_cards(s: GameState, seat: int, *cards: Card) -> None:
    """`seat` holds exactly `cards` (taken from the deck; the old ones go under the deck)."""
    p = s.players[seat]
    s.deck.extend(p.cards)
    p.cards = []
    for c in cards:
        s.deck.remove(c)
        p.cards.append(c)


def deck_top(s: GameState, *cards: Card) -> None:
    """Put `cards` on top of the deck, in this order (taken from further down the deck)."""
    for c in cards:
        s.deck.remove(c)
    s.deck[:0] = list(cards)


def give_all_cards_of(s: GameState, card: Card, seat: int) -> None:
    """Move every copy of `card` still in the deck to `seat`."""
    while card in s.deck:
        s.deck.remove(card)
        s.players[seat].cards.append(card)


def board_buildings(s: GameState, castles: int, chapels: int, palaces: int) -> None:
    """How many castles, chapels and palaces stand on the board (the rest goes to or comes from the supply)."""
    s.castles_supply += s.castles_board - castles
    s.chapels_supply += s.chapels_board - chapels
    s.palaces_supply += s.palaces_board - palaces
    s.castles_board, s.chapels_board, s.palaces_board = castles, chapels, palaces
    assert min(s.castles_supply, s.chapels_supply, s.palaces_supply) >= 0


def tiles_of(s: GameState, seat: int) -> dict[str, int]:
    return {t.label: s.players[seat].tiles[t] for t in TILE_TYPES if s.players[seat].tiles[t]}
