"""The one source of legality: every action the pending decision allows, in a stable order."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from rules import actions as A
from rules import board
from rules.estate import Estate
from rules.model import TILE_TYPES, Building, Card, Decision, Folly, TileType
from rules.state import AfterCards, GameState, PlayerState

_COUNTS = range(board.START_TILE_MAX_PER_TYPE + 1)
_START_CHOICES = [A.ChooseStartTiles((a, b, c, d)) for a, b, c, d in itertools.product(_COUNTS, repeat=4)]
_GIVE_PAIRS = [(a, b) for a in TILE_TYPES for b in TILE_TYPES if a <= b]
# The actions of a turn that do not depend on the estate, made once: listing what is legal only picks them.
#: for each pair of tiles given, the trades for each other type (in TILE_TYPES order)
_TRADES = [
    ((a, b), [(c, A.Trade((a, b), c)) for c in TILE_TYPES if c != a and c != b]) for a, b in _GIVE_PAIRS
]
_BRIBES = [A.Bribe(k) for k in range(board.BRIBES_PER_ACTION + 1)]
_TAXES = [A.CollectTaxes(k) for k in range(board.BRIBES + 1)]
_LAND = [A.AcquireLand(k) for k in range(board.BRIBES + 1)]
_DONATIONS = [A.Donate(t) for t in TILE_TYPES]
_CARDS_PLAYED = {c: A.PlayCard(c) for c in Card}
_LEISURE, _END_TURN = A.Leisure(), A.EndTurn()


def legal_actions(state: GameState) -> list[A.Action]:
    actions = _BY_DECISION[state.step](state)
    if trading_allowed(state):  # R-TURN-3: at any step of the player's own turn, listed last
        actions.extend(_trades(state, state.players[state.decider]))
    return actions


def is_legal(state: GameState, action: A.Action) -> bool:
    """Whether ``action`` is among ``legal_actions(state)``, listing only the part that could hold it: equal
    actions are of one class, and only trades come from ``_trades`` (search asks this for every step of the lines
    it plays)."""
    if type(action) is A.Trade:
        return trading_allowed(state) and action in _trades(state, state.players[state.decider])
    return action in _BY_DECISION[state.step](state)


#: the steps of a turn decided by the player whose turn it is (a forest owner's GIVE_TILES is not one)
_OWN_TURN_STEPS = frozenset({
    Decision.TURN, Decision.EXPAND, Decision.CHOOSE_REGION, Decision.KNIGHT, Decision.DONATE, Decision.VICAR,
    Decision.INHERITANCE,
})


def trading_allowed(state: GameState) -> bool:
    """R-TURN-3: "any number of times during your turn": at every step the player decides in their own turn,
    keeping a chapel's scandal card included."""
    if state.step == Decision.KEEP_CARD:
        return state.after_cards == AfterCards.TURN
    return state.step in _OWN_TURN_STEPS


# -- setup and cards -----------------------------------------------------------------------------------------
def _start_tiles(state: GameState) -> list[A.Action]:
    return list(_START_CHOICES)


def _keep_card(state: GameState) -> list[A.Action]:
    actions: list[A.Action] = [A.KeepCard(c) for c in sorted(set(state.offered))]
    if Card.INTRIGUE in state.players[state.decider].cards and len(state.offered) > 1:
        actions.append(A.KeepAllWithIntrigue())  # R-CARD-4
    return actions


# -- the turn ------------------------------------------------------------------------------------------------
def _trades(state: GameState, p: PlayerState) -> list[A.Action]:
    """R-TURN-3: 2 tiles for 1 of a type the bag holds; trading for a type you give is pointless, so omitted."""
    tiles, bag = p.tiles, state.bag
    out: list[A.Action] = []
    for (a, b), trades in _TRADES:
        if (tiles[a] >= 2) if a == b else (tiles[a] and tiles[b]):
            out.extend(trade for c, trade in trades if bag[c])
    return out


def _placements(p: PlayerState) -> list[A.Action]:
    estate = p.estate
    out: list[A.Action] = []
    for t in TILE_TYPES:
        if p.tiles[t]:
            out.extend(estate.memo(_PLACEMENT_KEYS[t], _PLACEMENTS[t]))
    return out


def _placements_of(tile: TileType) -> Callable[[Estate], tuple[A.PlaceTile, ...]]:
    def placements(estate: Estate) -> tuple[A.PlaceTile, ...]:
        return tuple(A.PlaceTile(tile, pos) for pos in estate.placeable())

    return placements


#: the placements of each type of tile, remembered by the estate until it changes (a view, the planner and the
#: GUI list them many times for one estate)
_PLACEMENT_KEYS = tuple(f"placements of {t.label}" for t in TILE_TYPES)
_PLACEMENTS = tuple(_placements_of(t) for t in TILE_TYPES)


def follies_allowed(state: GameState, seat: int) -> list[Folly]:
    """R-ACT-B5: follies on the board whose regions the estate shows (knights don't matter)."""
    estate = state.players[seat].estate
    return [
        f for f in state.follies
        if all(estate.count_regions(kind) >= need for kind, need in board.FOLLY_NEEDS[f].items())
    ]


def _builds(state: GameState, seat: int, p: PlayerState) -> list[A.Action]:
    estate, money = p.estate, p.money
    out: list[A.Action] = []
    if state.castles_board and money >= state.castle_price(seat):
        out.extend(A.BuildCastle(pos) for pos in estate.castle_sites())
    if state.palaces_board and money >= state.palace_price(seat):
        out.extend(A.BuildPalace(pos) for pos in estate.positions_of(Building.CASTLE))
    if state.chapels_board and money >= state.chapel_price(seat):
        out.extend(A.BuildChapel(pos) for pos in estate.chapel_sites())
    if state.follies and money >= state.folly_price(seat):
        meadows = estate.empty_meadows()
        if meadows:
            out.extend(A.BuildFolly(f, pos) for f in follies_allowed(state, seat) for pos in meadows)
    return out


def card_playable(state: GameState, seat: int, card: Card) -> bool:
    """R-CARD: cards with an effect in a turn; Intrigue, Blackmail and Liaison act elsewhere."""
    p = state.players[seat]
    if card == Card.INHERITANCE:
        return state.castles_board > 0 and bool(p.estate.castle_sites())  # R-CARD-3
    if card == Card.VICAR:
        return p.tile_count > 0
    return card in (Card.SECRET_MARRIAGE, Card.DOWRY, Card.CUNNING_STROKE, Card.TRIBUTE, Card.WHITEHALL)


def _turn(state: GameState) -> list[A.Action]:
    seat = state.turn_seat
    p = state.players[seat]
    out: list[A.Action] = []
    if not state.action_taken:
        out.extend(_placements(p))  # A starts with the first tile placed
        out.extend(_builds(state, seat, p))
        most = min(board.BRIBES_PER_ACTION, state.bribes_board, p.money // board.BRIBE_PRICE)
        out.extend(_BRIBES[1: most + 1])
        if not p.tax_used:
            out.extend(_TAXES[: p.bribes + 1])
        if not p.land_used:
            out.extend(_LAND[: p.bribes + 1])
        out.extend(_donations(state, p))  # F starts with the first tile donated
        out.append(_LEISURE)
    if not state.card_played:
        out.extend(_CARDS_PLAYED[c] for c in sorted(set(p.cards)) if card_playable(state, seat, c))
    if state.action_taken:
        out.append(_END_TURN)
    return out


def _expand(state: GameState) -> list[A.Action]:
    p = state.players[state.turn_seat]
    out: list[A.Action] = []
    if state.expanding.placed < board.EXPAND_TILES:
        out.extend(_placements(p))
    out.append(A.FinishExpanding())
    return out


def _choose_region(state: GameState) -> list[A.Action]:
    return [A.ChooseRegion(anchor) for anchor in state.expanding.region_choices]


def knight_targets(state: GameState, seat: int) -> list[tuple[int, int]]:
    """R-ACT-B2: completed, unoccupied regions of other players."""
    return [
        (owner, i)
        for owner, other in enumerate(state.players) if owner != seat
        for i, knight in enumerate(other.estate.knights) if knight < 0
    ]


def _knight(state: GameState) -> list[A.Action]:
    seat = state.turn_seat
    p = state.players[seat]
    targets = knight_targets(state, seat)
    out: list[A.Action]
    if p.knights_in_supply:
        out = [A.PlaceKnight(o, r) for o, r in targets]
    else:
        out = [A.MoveKnight(fo, fr, o, r) for fo, fr in p.knights for o, r in targets]
    out.append(A.SkipKnight())
    return out


def give_choices(tiles: list[int], count: int) -> list[tuple[TileType, ...]]:
    """The distinct sets of `count` tiles (sorted) that a hand of `tiles` can give."""
    if count == 1:
        return [(t,) for t in TILE_TYPES if tiles[t]]
    return [(a, b) for a, b in _GIVE_PAIRS if ((tiles[a] >= 2) if a == b else (tiles[a] and tiles[b]))]


def _give_tiles(state: GameState) -> list[A.Action]:
    p = state.players[state.decider]
    count = min(board.FOREST_TILES_GIVEN, p.tile_count)
    return [A.GiveTiles(c) for c in give_choices(p.tiles, count)]


def _donations(state: GameState, p: PlayerState) -> list[A.Action]:
    """R-ACT-F1: at most 3 tiles of each type per decade."""
    return [_DONATIONS[t] for t in TILE_TYPES if p.tiles[t] and state.church[t] < board.CHURCH_SLOTS_PER_TYPE]


def _donate(state: GameState) -> list[A.Action]:
    p = state.players[state.turn_seat]
    return [*_donations(state, p), A.FinishDonating()]


def _vicar(state: GameState) -> list[A.Action]:
    p = state.players[state.turn_seat]
    out: list[A.Action] = []
    if state.vicar_returned < board.VICAR_TILES:
        out.extend(A.ReturnTile(t) for t in TILE_TYPES if p.tiles[t])
    out.append(A.FinishVicar())
    return out


def _inheritance(state: GameState) -> list[A.Action]:
    return [A.InheritCastle(pos) for pos in state.players[state.turn_seat].estate.castle_sites()]


# -- the ball ------------------------------------------------------------------------------------------------
def _ball_spend(state: GameState) -> list[A.Action]:
    p = state.players[state.decider]
    out: list[A.Action] = [A.PlacePrestige()]
    if p.bribes:
        out.append(A.HandBackBribe())
    out.extend(A.HandBackCard(c) for c in sorted(set(p.cards)))
    return out


def _game_over(state: GameState) -> list[A.Action]:
    return []


_BY_DECISION = {
    Decision.CHOOSE_START_TILES: _start_tiles,
    Decision.KEEP_CARD: _keep_card,
    Decision.TURN: _turn,
    Decision.EXPAND: _expand,
    Decision.CHOOSE_REGION: _choose_region,
    Decision.KNIGHT: _knight,
    Decision.GIVE_TILES: _give_tiles,
    Decision.DONATE: _donate,
    Decision.VICAR: _vicar,
    Decision.INHERITANCE: _inheritance,
    Decision.BALL_SPEND: _ball_spend,
    Decision.GAME_OVER: _game_over,
}
