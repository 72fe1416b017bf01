"""Why an action of the turn is not allowed: the explanation that goes with `rules.legal`.

The table greys a button and says why; the reason is decided here, beside the legality it explains, so the
two change together. A refusal is a value (what is missing, and the price where money is short) whose
``text`` is the English sentence; a translated table formats the same template from its catalog.
"""

from __future__ import annotations

import enum

import attrs

from rules import actions as A
from rules import board
from rules.legal import follies_allowed, trading_allowed
from rules.model import Building, Decision
from rules.state import GameState
from rules.view import PlayerView


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


class Why(enum.Enum):
    """Every reason a turn choice can be refused; the value is the English sentence (a format template)."""

    GAME_OVER = "The game is over."
    OTHERS_DECISION = "It is {player}'s decision ({decision})."
    FINISH_STEP_FIRST = "First {decision}."
    ACTION_TAKEN = "You have already taken your action this turn (one of A–G per turn)."
    NO_TILES_TO_PLACE = "You have no tiles behind your screen to place."
    NO_CASTLE_ON_BOARD = "No castles are left on the board."
    CASTLE_PRICE = "You need £{price} for the cheapest castle."
    NO_CASTLE_SITE = "No empty meadow away from your castles and palaces for a castle."
    PALACE_PRICE = "You need £{price} for a palace."
    NO_CASTLE_TO_REPLACE = "A palace replaces one of your castles; you have none."
    CHAPEL_PRICE = "You need £{price} for a chapel."
    NO_CHAPEL_SITE = "No empty meadow away from your chapels for a chapel."
    NO_FOLLY_REGIONS = "No folly whose regions your estate shows."
    FOLLY_PRICE = "You need £{price} for a folly."
    NO_FOLLY_MEADOW = "A folly needs an empty meadow."
    NOTHING_TO_BUILD = "Nothing can be built now."
    NO_BRIBES_ON_BOARD = "No bribes are left on the board."
    BRIBE_PRICE = "You need £{price} for a bribe."
    TAXES_USED = "Taxes were already collected this decade."
    TAXES_NOT_NOW = "You cannot collect taxes now."
    LAND_USED = "Land was already acquired this decade."
    LAND_NOT_NOW = "You cannot acquire land now."
    LEISURE_NOT_NOW = "You cannot take leisure now."
    NO_TILES_TO_DONATE = "You have no tiles to donate."
    CHURCH_FULL = "The church takes no more tiles of the kinds you hold this decade."
    CARD_PLAYED = "You have already played a scandal card this turn."
    NO_CARDS = "You hold no scandal cards."
    NO_PLAYABLE_CARD = "None of your cards can be played now (Intrigue, Blackmail and Liaison act elsewhere)."
    TRADE_NEEDS_TILES = "You need 2 tiles behind your screen to trade."
    BAG_HAS_NO_OTHER_KIND = "The bag holds no tile of another kind."
    ACTION_BEFORE_END = "Take one action (A–G) before you end your turn."


@attrs.frozen
class Refusal:
    """One reason a choice is refused: ``why``, with the price or the deciding player and decision it names."""

    why: Why
    price: int = 0
    seat: int = -1
    decision: Decision | None = None

    def text(self, names: list[str]) -> str:
        """The English sentence, naming the deciding player by ``names``."""
        player = names[self.seat] if 0 <= self.seat < len(names) else "another player"
        decision = self.decision.value if self.decision is not None else ""
        return self.why.value.format(price=self.price, player=player, decision=decision)


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
            out.append(Refusal(Why.NO_CASTLE_SITE))
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
            out.append(Refusal(Why.NO_CHAPEL_SITE))
    if state.follies:
        if not follies_allowed(state, seat):
            out.append(Refusal(Why.NO_FOLLY_REGIONS))
        elif me.money < state.folly_price(seat):
            out.append(Refusal(Why.FOLLY_PRICE, price=state.folly_price(seat)))
        elif not estate.empty_meadows():
            out.append(Refusal(Why.NO_FOLLY_MEADOW))
    return tuple(out) or (Refusal(Why.NOTHING_TO_BUILD),)
