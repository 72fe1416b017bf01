"""Why an action of the turn is not allowed: the explanation that goes with `rules.legal`.

The table greys a button and says why; the reason is decided here, beside the legality it explains, so the
two change together. A refusal is a value (what is missing, and the price where money is short) whose
``text`` is the English sentence. The templates are message ids marked with :func:`N_` (a no-op: the engine
never translates); the game's catalogs translate them and the game formats them in the player's language.
"""

from __future__ import annotations

import enum

import attrs

from rules import actions as A
from rules import board
from rules.estate import EIGHT, Estate
from rules.legal import follies_allowed, trading_allowed
from rules.model import Building, Decision, Folly, RegionKind, TileType
from rules.observer import PlayerView
from rules.state import GameState


class ActionKind(enum.Enum):
    """The turn's choices as a player sees them: the actions A-G, a scandal card, a trade, ending the turn."""

    EXPAND = "expand"
    BUILD = "build"
    BRIBE = "bribe"
    TAXES = "taxes"
    LAND = "land"
    CHURCH = "church"
    LEISURE = "leisure"
    CARD = "card"
    TRADE = "trade"
    END = "end"


#: the seven actions of R-TURN-1, in the rulebook's order A-G
TURN_ACTIONS = (
    ActionKind.EXPAND, ActionKind.BUILD, ActionKind.BRIBE, ActionKind.TAXES, ActionKind.LAND, ActionKind.CHURCH,
    ActionKind.LEISURE,
)

_KIND_OF_ACTION: dict[type, ActionKind] = {
    A.PlaceTile: ActionKind.EXPAND,
    A.BuildCastle: ActionKind.BUILD,
    A.BuildPalace: ActionKind.BUILD,
    A.BuildChapel: ActionKind.BUILD,
    A.BuildFolly: ActionKind.BUILD,
    A.Bribe: ActionKind.BRIBE,
    A.CollectTaxes: ActionKind.TAXES,
    A.AcquireLand: ActionKind.LAND,
    A.Donate: ActionKind.CHURCH,
    A.Leisure: ActionKind.LEISURE,
    A.PlayCard: ActionKind.CARD,
    A.Trade: ActionKind.TRADE,
    A.EndTurn: ActionKind.END,
}


def action_kind(action: A.Action) -> ActionKind | None:
    """Which of the turn's choices ``action`` starts (None for the steps inside one, such as a chooser's)."""
    return _KIND_OF_ACTION.get(type(action))


def N_(message: str) -> str:
    """Mark ``message`` as a message id of the game's catalogs (Babel extracts it); returns it unchanged."""
    return message


class Why(enum.Enum):
    """Every reason a turn choice can be refused; the value is the English sentence (a format template)."""

    GAME_OVER = N_("The game is over.")
    OTHERS_DECISION = N_("It is {player}'s decision ({decision}).")
    FINISH_STEP_FIRST = N_("First {decision}.")
    ACTION_TAKEN = N_("You have already taken your action this turn (one of A–G per turn).")
    NO_TILES_TO_PLACE = N_("You have no tiles behind your screen to place.")
    NO_CASTLE_ON_BOARD = N_("No castles are left on the board.")
    CASTLE_PRICE = N_("You need {price} for the cheapest castle.")
    NO_CASTLE_SITE = N_("No empty meadow away from your castles and palaces for a castle.")
    CASTLE_NEEDS_MEADOW = N_("A castle needs an empty meadow in your estate.")
    PALACE_PRICE = N_("You need {price} for a palace.")
    NO_CASTLE_TO_REPLACE = N_("A palace replaces one of your castles; you have none.")
    CHAPEL_PRICE = N_("You need {price} for a chapel.")
    NO_CHAPEL_SITE = N_("No empty meadow away from your chapels for a chapel.")
    CHAPEL_NEEDS_MEADOW = N_("A chapel needs an empty meadow in your estate.")
    NO_FOLLY_REGIONS = N_("No folly whose regions your estate shows.")
    FOLLY_PRICE = N_("You need {price} for a folly.")
    NO_FOLLY_MEADOW = N_("A folly needs an empty meadow.")
    NOTHING_TO_BUILD = N_("Nothing can be built now.")
    NO_BRIBES_ON_BOARD = N_("No bribes are left on the board.")
    BRIBE_PRICE = N_("You need {price} for a bribe.")
    TAXES_USED = N_("Taxes were already collected this decade.")
    TAXES_NOT_NOW = N_("You cannot collect taxes now.")
    LAND_USED = N_("Land was already acquired this decade.")
    LAND_NOT_NOW = N_("You cannot acquire land now.")
    LEISURE_NOT_NOW = N_("You cannot take leisure now.")
    NO_TILES_TO_DONATE = N_("You have no tiles to donate.")
    CHURCH_FULL = N_("The church takes no more tiles of the kinds you hold this decade.")
    CARD_PLAYED = N_("You have already played a scandal card this turn.")
    NO_CARDS = N_("You hold no scandal cards.")
    NO_PLAYABLE_CARD = N_("None of your cards can be played now (Intrigue, Blackmail and Liaison act elsewhere).")
    TRADE_NEEDS_TILES = N_("You need 2 tiles behind your screen to trade.")
    BAG_HAS_NO_OTHER_KIND = N_("The bag holds no tile of another kind.")
    ACTION_BEFORE_END = N_("Take one action (A–G) before you end your turn.")
    # where a tile or a building cannot go (R-LAND-1, R-ACT-A1, R-ACT-B)
    NO_TILE_OF_KIND = N_("You have no {tile} behind your screen.")
    CELL_TAKEN = N_("That square of your estate already has a tile.")
    NOT_TOUCHING = N_("A new tile must touch your estate along a side, not only at a corner.")
    EXPAND_DONE = N_("You have placed {limit} tiles: one expansion places no more.")
    NOT_A_MEADOW = N_("Buildings stand on meadows of your estate.")
    MEADOW_TAKEN = N_("Something already stands on that meadow.")
    NEAR_CASTLE = N_("A castle may not stand next to a castle or a palace, not even corner to corner.")
    NEAR_CHAPEL = N_("A chapel may not stand next to another chapel, not even corner to corner.")
    NOT_A_CASTLE = N_("A palace replaces one of your castles: put it on a castle.")
    NO_PALACE_ON_BOARD = N_("No palaces are left on the board.")
    NO_CHAPEL_ON_BOARD = N_("No chapels are left on the board.")
    FOLLY_BUILT = N_("That folly has been built already.")
    FOLLY_NEEDS = N_("This folly needs {regions} in your estate.")
    CHURCH_KIND_FULL = N_("The church already holds {limit} {tile} tiles this decade.")
    NOT_AT_THIS_STEP = N_("Not now: first {decision}.")
    # taking back (the table's Undo): only your own steps that showed nothing new
    NOTHING_TO_UNDO = N_("Nothing to take back: you have not moved since the last thing that cannot be undone.")
    UNDO_REVEALED = N_("That cannot be taken back: it showed something new (drawn tiles, scandal cards, a knight's "
                       "pay).")
    UNDO_CARD_PLAYED = N_("A scandal card played cannot be taken back: everyone has seen it.")
    UNDO_TURN_OVER = N_("That cannot be taken back: the game has moved on since.")
    UNDO_BEFORE_LOAD = N_("Nothing to take back since the game was opened: moves made before it cannot be undone.")


@attrs.frozen
class Refusal:
    """One reason a choice is refused: ``why``, with what it names: the price, the deciding player and
    decision, a kind of tile, a count, the folly whose regions are missing."""

    why: Why
    price: int = 0
    seat: int = -1
    decision: Decision | None = None
    tile: TileType | None = None
    count: int = 0
    folly: Folly | None = None

    def text(self, names: list[str]) -> str:
        """The English sentence, naming the deciding player by ``names``."""
        player = names[self.seat] if 0 <= self.seat < len(names) else "another player"
        decision = self.decision.value if self.decision is not None else ""
        tile = self.tile.label if self.tile is not None else ""
        regions = _regions(board.FOLLY_NEEDS[self.folly]) if self.folly is not None else ""
        return self.why.value.format(price=f"£{self.price}", player=player, decision=decision, tile=tile,
                                     limit=self.count, regions=regions)


def _regions(needs: dict[RegionKind, int]) -> str:
    parts = [f"{n} {kind.label}s" if n > 1 else f"a {kind.label}" for kind, n in needs.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def refusals(view: PlayerView) -> dict[ActionKind, tuple[Refusal, ...]]:
    """For each turn choice the view's seat cannot make now, why not (choices it can make are absent).

    Reads only what the seat may know: its own screen, public things and its legal actions.
    """
    state, seat = view.state, view.seat
    allowed = {action_kind(a) for a in view.legal}
    out: dict[ActionKind, tuple[Refusal, ...]] = {}
    blanket = _blanket(state, seat)
    for kind in ActionKind:
        if kind in allowed:
            continue
        if kind == ActionKind.TRADE and state.decider == seat and trading_allowed(state):
            out[kind] = _refusals_in_turn(state, seat, kind)  # R-TURN-3: open at every step of the turn
        elif blanket is not None:
            out[kind] = (blanket,)
        elif kind in TURN_ACTIONS and state.action_taken:
            out[kind] = (Refusal(Why.ACTION_TAKEN),)
        else:
            out[kind] = _refusals_in_turn(state, seat, kind)
    return out


def _blanket(state: GameState, seat: int) -> Refusal | None:
    """A reason that refuses every choice at once: the game is over, or someone or something else comes first."""
    if state.over:
        return Refusal(Why.GAME_OVER)
    if state.decider != seat:
        return Refusal(Why.OTHERS_DECISION, seat=state.decider, decision=state.step)
    if state.step != Decision.TURN:
        return Refusal(Why.FINISH_STEP_FIRST, decision=state.step)
    return None


def _refusals_in_turn(state: GameState, seat: int, kind: ActionKind) -> tuple[Refusal, ...]:
    me = state.players[seat]
    if kind == ActionKind.BUILD:
        return _build_refusals(state, seat)
    if kind == ActionKind.EXPAND:
        return (Refusal(Why.NO_TILES_TO_PLACE),)
    if kind == ActionKind.BRIBE:
        if not state.bribes_board:
            return (Refusal(Why.NO_BRIBES_ON_BOARD),)
        return (Refusal(Why.BRIBE_PRICE, price=board.BRIBE_PRICE),)
    if kind == ActionKind.TAXES:
        return (Refusal(Why.TAXES_USED if me.tax_used else Why.TAXES_NOT_NOW),)
    if kind == ActionKind.LAND:
        return (Refusal(Why.LAND_USED if me.land_used else Why.LAND_NOT_NOW),)
    if kind == ActionKind.CHURCH:
        return (Refusal(Why.CHURCH_FULL if me.tile_count else Why.NO_TILES_TO_DONATE),)
    if kind == ActionKind.CARD:
        if state.card_played:
            return (Refusal(Why.CARD_PLAYED),)
        if not me.cards:
            return (Refusal(Why.NO_CARDS),)
        return (Refusal(Why.NO_PLAYABLE_CARD),)
    if kind == ActionKind.TRADE:
        if me.tile_count < board.TRADE_GIVE:
            return (Refusal(Why.TRADE_NEEDS_TILES),)
        return (Refusal(Why.BAG_HAS_NO_OTHER_KIND),)
    if kind == ActionKind.END:
        return (Refusal(Why.ACTION_BEFORE_END),)
    return (Refusal(Why.LEISURE_NOT_NOW),)


def _build_refusals(state: GameState, seat: int) -> tuple[Refusal, ...]:
    """R-ACT-B1..B5: for each kind of building on the board, what stops this seat building it."""
    me = state.players[seat]
    estate = me.estate
    out: list[Refusal] = []
    if state.castles_board:
        price = state.castle_price(seat)
        if me.money < price:
            out.append(Refusal(Why.CASTLE_PRICE, price=price))
        elif not estate.castle_sites():
            out.append(Refusal(_no_site(estate, Why.NO_CASTLE_SITE)))
    else:
        out.append(Refusal(Why.NO_CASTLE_ON_BOARD))
    if state.palaces_board:
        price = state.palace_price(seat)
        if me.money < price:
            out.append(Refusal(Why.PALACE_PRICE, price=price))
        elif not estate.positions_of(Building.CASTLE):
            out.append(Refusal(Why.NO_CASTLE_TO_REPLACE))
    if state.chapels_board:
        price = state.chapel_price(seat)
        if me.money < price:
            out.append(Refusal(Why.CHAPEL_PRICE, price=price))
        elif not estate.chapel_sites():
            out.append(Refusal(_no_site(estate, Why.NO_CHAPEL_SITE)))
    if state.follies:
        if not follies_allowed(state, seat):
            out.append(Refusal(Why.NO_FOLLY_REGIONS))
        elif me.money < state.folly_price(seat):
            out.append(Refusal(Why.FOLLY_PRICE, price=state.folly_price(seat)))
        elif not estate.empty_meadows():
            out.append(Refusal(Why.NO_FOLLY_MEADOW))
    return tuple(out) or (Refusal(Why.NOTHING_TO_BUILD),)


def _no_site(estate: Estate, why: Why) -> Why:
    """``why`` a castle or chapel has no site, said plainly where the estate has no empty meadow at all (a player
    without a chapel is not told of meadows away from their chapels)."""
    if estate.empty_meadows() or why not in _NEEDS_MEADOW:
        return why
    return _NEEDS_MEADOW[why]


_NEEDS_MEADOW = {Why.NO_CASTLE_SITE: Why.CASTLE_NEEDS_MEADOW, Why.NO_CHAPEL_SITE: Why.CHAPEL_NEEDS_MEADOW}


# -- one piece, one cell: why a building cannot be taken, a tile or building cannot go where it was dropped --------
def build_refusal(view: PlayerView, piece: Building | Folly) -> Refusal | None:
    """Why the view's seat cannot take ``piece`` (a castle, palace or chapel row, or a folly) from the board
    now; None if it can."""
    state, seat = view.state, view.seat
    if any(_builds(a, piece) for a in view.legal):
        return None
    blanket = _blanket(state, seat)
    if blanket is not None:
        return blanket
    if state.action_taken:
        return Refusal(Why.ACTION_TAKEN)
    return _piece_refusal(state, seat, piece) or Refusal(Why.NOTHING_TO_BUILD)


def _builds(action: A.Action, piece: Building | Folly) -> bool:
    if isinstance(action, A.BuildFolly):
        return action.folly == piece and isinstance(piece, Folly)
    return A.building_of(action) == piece and isinstance(piece, Building)


def _piece_refusal(state: GameState, seat: int, piece: Building | Folly) -> Refusal | None:
    """R-ACT-B1..B5 for one kind of building: none on the board, the price, no place for it."""
    me, estate = state.players[seat], state.players[seat].estate
    if isinstance(piece, Folly):
        if piece not in state.follies:
            return Refusal(Why.FOLLY_BUILT)
        if piece not in follies_allowed(state, seat):
            return Refusal(Why.FOLLY_NEEDS, folly=piece)
        if me.money < state.folly_price(seat):
            return Refusal(Why.FOLLY_PRICE, price=state.folly_price(seat))
        return None if estate.empty_meadows() else Refusal(Why.NO_FOLLY_MEADOW)
    rows = {
        Building.CASTLE: (state.castles_board, Why.NO_CASTLE_ON_BOARD, state.castle_price, Why.CASTLE_PRICE,
                          estate.castle_sites, Why.NO_CASTLE_SITE),
        Building.PALACE: (state.palaces_board, Why.NO_PALACE_ON_BOARD, state.palace_price, Why.PALACE_PRICE,
                          lambda: estate.positions_of(Building.CASTLE), Why.NO_CASTLE_TO_REPLACE),
        Building.CHAPEL: (state.chapels_board, Why.NO_CHAPEL_ON_BOARD, state.chapel_price, Why.CHAPEL_PRICE,
                          estate.chapel_sites, Why.NO_CHAPEL_SITE),
    }
    on_board, none_left, price_of, short, sites, no_site = rows[piece]
    no_site = _no_site(estate, no_site)
    if not on_board:
        return Refusal(none_left)
    if me.money < price_of(seat):
        return Refusal(short, price=price_of(seat))
    return None if sites() else Refusal(no_site)


def why_not(view: PlayerView, action: A.Action) -> tuple[Refusal, ...]:
    """Why the view's seat cannot take ``action`` now (empty if it can): a tile or a building dropped on a cell
    of the estate, a kind of tile given to the church, or any choice of the turn."""
    if action in view.legal:
        return ()
    state, seat = view.state, view.seat
    blanket = _blanket(state, seat)
    if blanket is not None and blanket.why != Why.FINISH_STEP_FIRST:
        return (blanket,)
    if isinstance(action, A.PlaceTile):
        return (_place_refusal(state, seat, action),)
    if isinstance(action, A.BuildCastle | A.BuildPalace | A.BuildChapel | A.BuildFolly | A.InheritCastle):
        return (_site_refusal(view, action),)
    if isinstance(action, A.Donate):
        return (_donate_refusal(state, seat, action.tile),)
    kind = action_kind(action)
    refused = refusals(view).get(kind, ()) if kind is not None else ()
    return refused or (Refusal(Why.NOT_AT_THIS_STEP, decision=state.step),)


def _place_refusal(state: GameState, seat: int, action: A.PlaceTile) -> Refusal:
    """R-ACT-A1, R-LAND-1."""
    if state.step == Decision.TURN and state.action_taken:
        return Refusal(Why.ACTION_TAKEN)
    if state.step == Decision.EXPAND and state.expanding.placed >= board.EXPAND_TILES:
        return Refusal(Why.EXPAND_DONE, count=board.EXPAND_TILES)
    if state.step not in (Decision.TURN, Decision.EXPAND):
        return Refusal(Why.NOT_AT_THIS_STEP, decision=state.step)
    estate = state.players[seat].estate
    if not state.players[seat].tiles[action.tile]:
        return Refusal(Why.NO_TILE_OF_KIND, tile=action.tile)
    if action.pos in estate.tiles:
        return Refusal(Why.CELL_TAKEN)
    return Refusal(Why.NOT_TOUCHING)


_SiteAction = A.BuildCastle | A.BuildPalace | A.BuildChapel | A.BuildFolly | A.InheritCastle


def _site_refusal(view: PlayerView, action: _SiteAction) -> Refusal:
    """R-ACT-B1..B5, R-CARD-3: the building itself, then the meadow it was put on."""
    state, seat = view.state, view.seat
    inherited = isinstance(action, A.InheritCastle)
    piece: Building | Folly = action.folly if isinstance(action, A.BuildFolly) else (
        A.building_of(action) or Building.CASTLE)
    if inherited != (state.step == Decision.INHERITANCE):
        return Refusal(Why.NOT_AT_THIS_STEP, decision=state.step)
    if not inherited:
        refused = build_refusal(view, piece)
        if refused is not None:
            return refused
    estate, pos = state.players[seat].estate, action.pos
    if piece == Building.PALACE:
        return Refusal(Why.NOT_A_CASTLE)
    if estate.tiles.get(pos) != TileType.MEADOW:
        return Refusal(Why.NOT_A_MEADOW)
    if pos in estate.buildings:
        return Refusal(Why.MEADOW_TAKEN)
    near = {estate.buildings.get((pos[0] + dx, pos[1] + dy)) for dx, dy in EIGHT}
    if piece == Building.CASTLE and near & {Building.CASTLE, Building.PALACE}:
        return Refusal(Why.NEAR_CASTLE)
    return Refusal(Why.NEAR_CHAPEL)


def _donate_refusal(state: GameState, seat: int, tile: TileType) -> Refusal:
    """R-ACT-F1: at most 3 tiles of each kind per decade."""
    if state.step == Decision.TURN and state.action_taken:
        return Refusal(Why.ACTION_TAKEN)
    if state.step not in (Decision.TURN, Decision.DONATE):
        return Refusal(Why.NOT_AT_THIS_STEP, decision=state.step)
    if not state.players[seat].tiles[tile]:
        return Refusal(Why.NO_TILE_OF_KIND, tile=tile)
    return Refusal(Why.CHURCH_KIND_FULL, count=board.CHURCH_SLOTS_PER_TYPE, tile=tile)
