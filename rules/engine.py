"""Applying actions: the checked entry point and the effect of every action.

`apply` checks the action against `legal_actions` and raises IllegalActionError without touching the
state; `apply_unchecked` is the fast path for search, for actions taken from `legal_actions`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any

from rules import actions as A
from rules import board, flow
from rules.errors import IllegalActionError
from rules.events import Cause, Event, EventKind
from rules.legal import give_choices, knight_targets, legal_actions
from rules.model import Building, Card, Decision, RegionKind, TileType, VPSource, folly_building
from rules.state import AfterCards, ExpandProgress, GameState

E = EventKind


def apply(state: GameState, action: A.Action, legal: Sequence[A.Action] | None = None) -> list[Event]:
    """Apply ``action`` if it is legal now; IllegalActionError (and the state untouched) otherwise.

    ``legal``: the state's legal actions, when the caller has just listed them for this very state (a view's
    ``legal``), so that they are not listed a second time.
    """
    if legal is None:
        legal = legal_actions(state)
    try:
        index = legal.index(action)
    except ValueError:
        raise IllegalActionError(action, state.step.value, state.decider, _why_illegal(state, action)) from None
    # Apply the engine's own instance: an equal action with fields of other types (Bribe(1.0), a plain 0 for
    # TileType.FIELD) would otherwise leak floats into the state or crash half-way through its effect.
    return apply_unchecked(state, legal[index])


def apply_unchecked(state: GameState, action: A.Action) -> list[Event]:
    events: list[Event] = []
    _EFFECTS[type(action)](state, action, events)
    state.history.append(action)
    return events


def _why_illegal(state: GameState, action: object) -> str:
    if state.step == Decision.GAME_OVER:
        return "the game is over"
    if not isinstance(action, tuple(_EFFECTS)):
        return f"{type(action).__name__} is not an action"
    kinds = sorted({type(a).__name__ for a in legal_actions(state)})
    if type(action).__name__ not in kinds:
        return "this decision allows only " + ", ".join(kinds)
    return "not allowed in this position"


# -- setup and cards -----------------------------------------------------------------------------------------
def _choose_start_tiles(state: GameState, action: A.ChooseStartTiles, events: list[Event]) -> None:
    flow.take_start_tiles(state, state.decider, action.counts, events)


def _keep_card(state: GameState, action: A.KeepCard, events: list[Event]) -> None:
    flow.keep_cards(state, state.decider, [action.card], events)


def _keep_all(state: GameState, action: A.KeepAllWithIntrigue, events: list[Event]) -> None:
    """R-CARD-4: the held Intrigue goes under the deck; all offered cards are kept."""
    p = state.players[state.decider]
    p.cards.remove(Card.INTRIGUE)
    state.deck.append(Card.INTRIGUE)
    events.append(Event(E.CARD_HANDED_BACK, state.decider, card=Card.INTRIGUE, cause=Cause.INTRIGUE))
    flow.keep_cards(state, state.decider, list(state.offered), events)


# -- A: expand the estate ------------------------------------------------------------------------------------
def _place_tile(state: GameState, action: A.PlaceTile, events: list[Event]) -> None:
    seat = state.turn_seat
    if state.step == Decision.TURN:  # the first tile starts the turn's action A
        state.action_taken = True
        state.expand = ExpandProgress(by_card=False)
        state.step = Decision.EXPAND
    p = state.players[seat]
    progress = state.expanding
    tile, pos = action.tile, action.pos
    p.tiles[tile] -= 1
    p.estate.add_tile(pos, tile)
    progress.placed += 1
    progress.last = pos
    if tile == TileType.FIELD:
        progress.fields += 1
    elif tile == TileType.GROVE:
        progress.groves += 1
    events.append(Event(E.TILE_PLACED, seat, tile=tile, pos=pos))
    squares = p.estate.completable_squares(pos)
    if len(squares) == 1:
        _form_region(state, squares[0], events)
    elif squares:  # R-LAND-3: the player chooses which square forms
        progress.region_choices = squares
        state.step = Decision.CHOOSE_REGION
        return
    _after_placement(state, events)


def _choose_region(state: GameState, action: A.ChooseRegion, events: list[Event]) -> None:
    state.expanding.region_choices = []
    state.step = Decision.EXPAND
    _form_region(state, action.anchor, events)
    _after_placement(state, events)


def _form_region(state: GameState, anchor: tuple[int, int], events: list[Event]) -> None:
    kind = state.players[state.turn_seat].estate.form_region(anchor)
    progress = state.expanding
    if kind == RegionKind.FARM:
        progress.farms += 1
    elif kind == RegionKind.FOREST:
        progress.forests += 1
    else:
        progress.gardens += 1
    events.append(Event(E.REGION_FORMED, state.turn_seat, region=kind, pos=anchor))


def _after_placement(state: GameState, events: list[Event]) -> None:
    if state.expanding.placed >= board.EXPAND_TILES:
        _finish_expanding(state, A.FinishExpanding(), events)


def _finish_expanding(state: GameState, action: A.FinishExpanding, events: list[Event]) -> None:
    """R-ACT-A2: rewards after placing; tiles are drawn only now."""
    seat = state.turn_seat
    p = state.players[seat]
    progress = state.expanding
    money = board.FIELD_MONEY * progress.fields + board.FARM_MONEY * progress.farms
    if money:
        p.money += money
        events.append(Event(E.MONEY_GAINED, seat, money, cause=Cause.EXPANDING))
    tiles = board.GROVE_TILES * progress.groves + board.FOREST_TILES * progress.forests
    flow.draw_tiles(state, seat, tiles, events, Cause.EXPANDING)
    if progress.gardens:
        flow.give_queen(state, seat, events)
    state.expand = None
    state.step = Decision.TURN


# -- B: build --------------------------------------------------------------------------------------------------
def _build(state: GameState, pos: tuple[int, int], building: Building, price: int, events: list[Event]) -> int:
    """R-ACT-B1: pay and put the building on the estate; building is the turn's action. Returns the seat."""
    seat = state.turn_seat
    p = state.players[seat]
    p.money -= price
    p.estate.put_building(pos, building)
    state.action_taken = True
    events.append(Event(E.BUILT, seat, price, building=building, pos=pos))
    return seat


def _build_castle(state: GameState, action: A.BuildCastle, events: list[Event]) -> None:
    """R-ACT-B2: the cheapest castle, then the optional knight if there is a region to send it to."""
    seat = _build(state, action.pos, Building.CASTLE, state.castle_price(state.turn_seat), events)
    state.castles_board -= 1
    if knight_targets(state, seat):
        state.step = Decision.KNIGHT


def _build_palace(state: GameState, action: A.BuildPalace, events: list[Event]) -> None:
    """R-ACT-B3: replaces a castle, which goes back to the supply; the builder takes the Queen."""
    seat = _build(state, action.pos, Building.PALACE, state.palace_price(state.turn_seat), events)
    state.palaces_board -= 1
    state.castles_supply += 1
    flow.give_queen(state, seat, events)


def _build_chapel(state: GameState, action: A.BuildChapel, events: list[Event]) -> None:
    """R-ACT-B4: the reward is a scandal card."""
    seat = _build(state, action.pos, Building.CHAPEL, state.chapel_price(state.turn_seat), events)
    state.chapels_board -= 1
    flow.start_card_picks(state, [seat], AfterCards.TURN, events)


def _build_folly(state: GameState, action: A.BuildFolly, events: list[Event]) -> None:
    """R-ACT-B5: 12/10/8/6 VP for the 1st/2nd/3rd/4th folly of the game."""
    building = folly_building(action.folly)
    seat = _build(state, action.pos, building, state.folly_price(state.turn_seat), events)
    state.follies.remove(action.folly)
    vp = state.next_folly_vp()
    state.follies_built += 1
    state.players[seat].gain_vp(vp, VPSource.FOLLIES)
    events.append(Event(E.VP_GAINED, seat, vp, cause=Cause.FOLLY))


# -- knights (R-ACT-B2) ----------------------------------------------------------------------------------------
def _place_knight(state: GameState, action: A.PlaceKnight, events: list[Event]) -> None:
    _knight_arrives(state, action.owner, action.region, events)


def _move_knight(state: GameState, action: A.MoveKnight, events: list[Event]) -> None:
    p = state.players[state.turn_seat]
    p.knights.remove((action.from_owner, action.from_region))
    state.players[action.from_owner].estate.set_knight(action.from_region, -1)
    _knight_arrives(state, action.owner, action.region, events)


def _skip_knight(state: GameState, action: A.SkipKnight, events: list[Event]) -> None:
    state.step = Decision.TURN


def _knight_arrives(state: GameState, owner: int, region: int, events: list[Event]) -> None:
    """The owner of the region pays: farm £2, forest 2 tiles of his choice, garden the Queen."""
    seat = state.turn_seat
    victim = state.players[owner]
    victim.estate.set_knight(region, seat)
    state.players[seat].knights.append((owner, region))
    kind, anchor = victim.estate.regions[region]
    events.append(Event(E.KNIGHT_PLACED, seat, other=owner, region=kind, pos=anchor))
    state.step = Decision.TURN
    if kind == RegionKind.FARM:
        paid = min(board.FARM_MONEY, victim.money)
        victim.money -= paid
        state.players[seat].money += paid
        if paid:
            events.append(Event(E.MONEY_GAINED, seat, paid, other=owner, cause=Cause.KNIGHT))
    elif kind == RegionKind.FOREST:
        count = min(board.FOREST_TILES_GIVEN, victim.tile_count)
        choices = give_choices(victim.tiles, count) if count else []
        if len(choices) == 1:
            _give(state, owner, choices[0], events)
        elif choices:  # the owner chooses which tiles he gives
            state.step, state.decider, state.knight_giver = Decision.GIVE_TILES, owner, owner
    elif victim is state.players[state.queen]:
        flow.give_queen(state, seat, events)


def _give(state: GameState, owner: int, tiles: tuple[TileType, ...], events: list[Event]) -> None:
    giver, taker = state.players[owner].tiles, state.players[state.turn_seat].tiles
    for t in tiles:
        giver[t] -= 1
        taker[t] += 1
    events.append(Event(E.TILES_GIVEN, owner, len(tiles), other=state.turn_seat, tiles=tuple(tiles)))


def _give_tiles(state: GameState, action: A.GiveTiles, events: list[Event]) -> None:
    _give(state, state.knight_giver, action.tiles, events)
    state.knight_giver = -1
    state.step, state.decider = Decision.TURN, state.turn_seat


# -- C-G: the other actions ------------------------------------------------------------------------------------
def _bribe(state: GameState, action: A.Bribe, events: list[Event]) -> None:
    """R-ACT-C1: £2 and 1 VP per bribe."""
    seat = state.turn_seat
    p = state.players[seat]
    p.money -= board.BRIBE_PRICE * action.count
    p.bribes += action.count
    state.bribes_board -= action.count
    p.gain_vp(board.BRIBE_VP * action.count, VPSource.BRIBES)
    state.action_taken = True
    events.append(Event(E.BRIBES_TAKEN, seat, action.count))
    events.append(Event(E.VP_GAINED, seat, board.BRIBE_VP * action.count, cause=Cause.BRIBES))


def _return_bribes(state: GameState, count: int, why: Cause, events: list[Event]) -> None:
    """R-ACT-C2: bribes handed back go to the board."""
    if count:
        state.players[state.turn_seat].bribes -= count
        state.bribes_board += count
        events.append(Event(E.BRIBES_RETURNED, state.turn_seat, count, cause=why))


def knights_on(state: GameState, seat: int, kind: RegionKind) -> int:
    """How many of `seat`'s knights stand on other players' regions of `kind`."""
    return sum(1 for owner, r in state.players[seat].knights if state.players[owner].estate.regions[r][0] == kind)


class Income(enum.Enum):
    """Where the money of Collect taxes (R-ACT-D1) and the tiles of Acquire land (R-ACT-E1) come from."""

    FIELDS = "fields"
    FREE_FARMS = "free farms"
    KNIGHTS_ON_FARMS = "knights on farms"
    GROVES = "groves"
    FREE_FORESTS = "free forests"
    KNIGHTS_ON_FORESTS = "knights on forests"
    BRIBES = "bribes handed back"


def tax_sources(state: GameState, seat: int, bribes_back: int) -> list[tuple[Income, int, int]]:
    """R-ACT-D1: (source, count, £) of each part of the taxes: £1 per field, £2 per free farm and per knight on
    another player's farm, £1 per bribe handed back."""
    estate = state.players[seat].estate
    farms = estate.count_regions(RegionKind.FARM, free_only=True)
    knights = knights_on(state, seat, RegionKind.FARM)
    fields = estate.count_tiles(TileType.FIELD)
    return [
        (Income.FIELDS, fields, board.FIELD_MONEY * fields),
        (Income.FREE_FARMS, farms, board.FARM_MONEY * farms),
        (Income.KNIGHTS_ON_FARMS, knights, board.FARM_MONEY * knights),
        (Income.BRIBES, bribes_back, board.BRIBE_BACK_MONEY * bribes_back),
    ]


def land_sources(state: GameState, seat: int, bribes_back: int) -> list[tuple[Income, int, int]]:
    """R-ACT-E1: (source, count, tiles) of each part of Acquire land: 1 tile per grove, 2 per free forest and
    per knight on another player's forest, 1 per bribe handed back."""
    estate = state.players[seat].estate
    forests = estate.count_regions(RegionKind.FOREST, free_only=True)
    knights = knights_on(state, seat, RegionKind.FOREST)
    groves = estate.count_tiles(TileType.GROVE)
    return [
        (Income.GROVES, groves, board.GROVE_TILES * groves),
        (Income.FREE_FORESTS, forests, board.FOREST_TILES * forests),
        (Income.KNIGHTS_ON_FORESTS, knights, board.FOREST_TILES * knights),
        (Income.BRIBES, bribes_back, board.BRIBE_BACK_TILES * bribes_back),
    ]


def tax_income(state: GameState, seat: int, bribes_back: int) -> int:
    """R-ACT-D1 (the sum of tax_sources)."""
    return sum(amount for _source, _count, amount in tax_sources(state, seat, bribes_back))


def land_income(state: GameState, seat: int, bribes_back: int) -> int:
    """R-ACT-E1 (the sum of land_sources)."""
    return sum(amount for _source, _count, amount in land_sources(state, seat, bribes_back))


def _collect_taxes(state: GameState, action: A.CollectTaxes, events: list[Event]) -> None:
    seat = state.turn_seat
    income = tax_income(state, seat, action.bribes_back)
    _return_bribes(state, action.bribes_back, Cause.TAXES, events)
    p = state.players[seat]
    p.money += income
    p.tax_used = True
    state.action_taken = True
    events.append(Event(E.MONEY_GAINED, seat, income, cause=Cause.TAXES))


def _acquire_land(state: GameState, action: A.AcquireLand, events: list[Event]) -> None:
    seat = state.turn_seat
    count = land_income(state, seat, action.bribes_back)
    _return_bribes(state, action.bribes_back, Cause.LAND, events)
    state.players[seat].land_used = True
    state.action_taken = True
    flow.draw_tiles(state, seat, count, events, Cause.LAND)


def _donate(state: GameState, action: A.Donate, events: list[Event]) -> None:
    """R-ACT-F1: 1 VP per tile; the first tile starts the turn's action F."""
    seat = state.turn_seat
    if state.step == Decision.TURN:
        state.action_taken = True
        state.step = Decision.DONATE
    p = state.players[seat]
    p.tiles[action.tile] -= 1
    state.church[action.tile] += 1
    p.gain_vp(board.DONATION_VP, VPSource.CHURCH)
    events.append(Event(E.DONATED, seat, 1, tile=action.tile))


def _finish_donating(state: GameState, action: A.FinishDonating, events: list[Event]) -> None:
    state.step = Decision.TURN


def _leisure(state: GameState, action: A.Leisure, events: list[Event]) -> None:
    seat = state.turn_seat
    state.players[seat].gain_vp(board.LEISURE_VP, VPSource.LEISURE)
    state.action_taken = True
    events.append(Event(E.VP_GAINED, seat, board.LEISURE_VP, cause=Cause.LEISURE))


def _trade(state: GameState, action: A.Trade, events: list[Event]) -> None:
    """R-TURN-3: the type taken must be in the bag before the two given go in."""
    p = state.players[state.turn_seat]
    state.bag[action.take] -= 1
    for t in action.give:
        p.tiles[t] -= 1
        state.bag[t] += 1
    p.tiles[action.take] += 1
    events.append(Event(E.TRADED, state.turn_seat, tile=action.take, tiles=tuple(action.give)))


def _end_turn(state: GameState, action: A.EndTurn, events: list[Event]) -> None:
    flow.end_turn(state, events)


# -- scandal cards played in a turn (R-CARD) -----------------------------------------------------------------
def _play_card(state: GameState, action: A.PlayCard, events: list[Event]) -> None:
    seat = state.turn_seat
    p = state.players[seat]
    card = action.card
    p.cards.remove(card)
    state.deck.append(card)  # R-CARD-2: under the deck
    state.card_played = True
    events.append(Event(E.CARD_PLAYED, seat, card=card))
    if card == Card.INHERITANCE:
        state.step = Decision.INHERITANCE
    elif card == Card.SECRET_MARRIAGE:
        taken = min(board.SECRET_MARRIAGE_BRIBES, state.bribes_board)
        state.bribes_board -= taken
        p.bribes += taken
        p.gain_vp(board.SECRET_MARRIAGE_VP, VPSource.CARDS)
        if taken:
            events.append(Event(E.BRIBES_TAKEN, seat, taken, cause=Cause.SECRET_MARRIAGE))
        events.append(Event(E.VP_GAINED, seat, board.SECRET_MARRIAGE_VP, cause=Cause.SECRET_MARRIAGE))
    elif card == Card.DOWRY:
        flow.draw_tiles(state, seat, board.DOWRY_TILES, events, Cause.DOWRY)
    elif card == Card.CUNNING_STROKE:
        state.expand = ExpandProgress(by_card=True)
        state.step = Decision.EXPAND
    elif card == Card.TRIBUTE:
        p.money += board.TRIBUTE_MONEY
        events.append(Event(E.MONEY_GAINED, seat, board.TRIBUTE_MONEY, cause=Cause.TRIBUTE))
    elif card == Card.VICAR:
        state.vicar_returned = 0
        state.step = Decision.VICAR
    elif card == Card.WHITEHALL:
        flow.give_queen(state, seat, events)


def _inherit_castle(state: GameState, action: A.InheritCastle, events: list[Event]) -> None:
    """R-CARD-3: a free castle, no knight."""
    seat = state.turn_seat
    state.castles_board -= 1
    state.players[seat].estate.put_building(action.pos, Building.CASTLE)
    events.append(Event(E.BUILT, seat, 0, building=Building.CASTLE, pos=action.pos, cause=Cause.INHERITANCE))
    state.step = Decision.TURN


def _return_tile(state: GameState, action: A.ReturnTile, events: list[Event]) -> None:
    """R-CARD-11: up to 4 tiles into the bag, 1 VP each."""
    seat = state.turn_seat
    p = state.players[seat]
    p.tiles[action.tile] -= 1
    state.bag[action.tile] += 1
    p.gain_vp(board.VICAR_VP, VPSource.CARDS)
    state.vicar_returned += 1
    events.append(Event(E.TILES_RETURNED, seat, 1, tile=action.tile))
    if state.vicar_returned >= board.VICAR_TILES or not p.tile_count:
        state.step = Decision.TURN


def _finish_vicar(state: GameState, action: A.FinishVicar, events: list[Event]) -> None:
    state.step = Decision.TURN


# -- the ball (R-BALL-2) -------------------------------------------------------------------------------------
def _hand_back_bribe(state: GameState, action: A.HandBackBribe, events: list[Event]) -> None:
    seat = state.decider
    state.players[seat].bribes -= 1
    state.bribes_board += 1
    state.at_ball.extra += board.BRIBE_PRESTIGE
    events.append(Event(E.BRIBES_RETURNED, seat, 1, cause=Cause.PRESTIGE))


def _hand_back_card(state: GameState, action: A.HandBackCard, events: list[Event]) -> None:
    seat = state.decider
    state.players[seat].cards.remove(action.card)
    state.deck.append(action.card)
    prestige = flow.card_prestige(action.card)
    state.at_ball.extra += prestige
    events.append(flow.card_handed_back(seat, action.card, prestige))


def _place_prestige(state: GameState, action: A.PlacePrestige, events: list[Event]) -> None:
    flow.place_prestige(state, events)
    flow.next_ball_player(state, events)


_EFFECTS: dict[type, Callable[[GameState, Any, list[Event]], None]] = {
    A.ChooseStartTiles: _choose_start_tiles,
    A.KeepCard: _keep_card,
    A.KeepAllWithIntrigue: _keep_all,
    A.PlaceTile: _place_tile,
    A.ChooseRegion: _choose_region,
    A.FinishExpanding: _finish_expanding,
    A.BuildCastle: _build_castle,
    A.BuildPalace: _build_palace,
    A.BuildChapel: _build_chapel,
    A.BuildFolly: _build_folly,
    A.PlaceKnight: _place_knight,
    A.MoveKnight: _move_knight,
    A.SkipKnight: _skip_knight,
    A.GiveTiles: _give_tiles,
    A.Bribe: _bribe,
    A.CollectTaxes: _collect_taxes,
    A.AcquireLand: _acquire_land,
    A.Donate: _donate,
    A.FinishDonating: _finish_donating,
    A.Leisure: _leisure,
    A.PlayCard: _play_card,
    A.InheritCastle: _inherit_castle,
    A.ReturnTile: _return_tile,
    A.FinishVicar: _finish_vicar,
    A.Trade: _trade,
    A.EndTurn: _end_turn,
    A.HandBackBribe: _hand_back_bribe,
    A.HandBackCard: _hand_back_card,
    A.PlacePrestige: _place_prestige,
}
