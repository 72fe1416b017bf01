"""Which of the turn's buttons are usable, and in words why not (derived from the legal actions).

Pure: takes the viewer's :class:`rules.PlayerView` (and the names), returns ``{key: (enabled, text)}``
for the keys ``expand build bribe taxes land church leisure card trade end``.
"""

from __future__ import annotations

from rules import actions as A
from rules import board
from rules.legal import follies_allowed
from rules.model import Building, Card, Decision
from rules.view import PlayerView

ACTION_KEYS = ("expand", "build", "bribe", "taxes", "land", "church", "leisure")
LETTERS = dict(zip(ACTION_KEYS, "ABCDEFG", strict=True))
TITLES = {
    "expand": "Expand",
    "build": "Build",
    "bribe": "Bribe",
    "taxes": "Taxes",
    "land": "Land",
    "church": "Church",
    "leisure": "Leisure",
}
DESCRIPTIONS = {
    "expand": "A · Expand the estate: place up to 3 tiles from behind your screen (drag them onto the estate).",
    "build": "B · Build one building: a castle, palace, chapel or folly.",
    "bribe": "C · Bribe the royal family: up to 5 bribe markers, £2 and 1 VP each.",
    "taxes": "D · Collect taxes (once a decade): £1 per field, £2 per free farm and per knight on a farm.",
    "land": "E · Acquire land (once a decade): 1 tile per grove, 2 per free forest and per knight on a forest.",
    "church": "F · Donate tiles to the church: 1 VP each; at most 3 of each kind per decade.",
    "leisure": "G · Leisure: do nothing and gain 1 VP.",
    "card": "Play one scandal card this turn (before or after your action).",
    "trade": "Trade 2 tiles from behind your screen for 1 tile of your choice from the bag.",
    "end": "End your turn.",
}
KIND_OF = {
    A.PlaceTile: "expand",
    A.BuildCastle: "build",
    A.BuildPalace: "build",
    A.BuildChapel: "build",
    A.BuildFolly: "build",
    A.Bribe: "bribe",
    A.CollectTaxes: "taxes",
    A.AcquireLand: "land",
    A.Donate: "church",
    A.Leisure: "leisure",
    A.PlayCard: "card",
    A.Trade: "trade",
    A.EndTurn: "end",
}


def _build_reason(view: PlayerView) -> str:
    st = view.state
    seat = view.seat
    me = st.players[seat]
    estate = me.estate
    parts = []
    meadows = estate.empty_meadows()
    if st.castles_board:
        price = st.castle_price(seat)
        if me.money < price:
            parts.append(f"You need £{price} for the cheapest castle.")
        elif not estate.castle_sites():
            parts.append("No empty meadow away from your castles and palaces for a castle.")
    else:
        parts.append("No castles are left on the board.")
    if st.palaces_board:
        price = st.palace_price(seat)
        if me.money < price:
            parts.append(f"You need £{price} for a palace.")
        elif not estate.positions_of(Building.CASTLE):
            parts.append("A palace replaces one of your castles; you have none.")
    if st.chapels_board:
        price = st.chapel_price(seat)
        if me.money < price:
            parts.append(f"You need £{price} for a chapel.")
        elif not estate.chapel_sites():
            parts.append("No empty meadow away from your chapels for a chapel.")
    if st.follies:
        if not follies_allowed(st, seat):
            parts.append("No folly whose regions your estate shows.")
        elif me.money < st.folly_price(seat):
            parts.append(f"You need £{st.folly_price(seat)} for a folly.")
        elif not meadows:
            parts.append("A folly needs an empty meadow.")
    return " ".join(parts) or "Nothing can be built now."


def turn_status(view: PlayerView, names: list[str]) -> dict[str, tuple[bool, str]]:
    st = view.state
    seat = view.seat
    me = st.players[seat]
    kinds: set[str] = set()
    for a in view.legal:
        k = KIND_OF.get(type(a))
        if k:
            kinds.add(k)
    out: dict[str, tuple[bool, str]] = {}
    mine = st.decider == seat and not st.over
    if st.over:
        why = "The game is over."
    elif not mine:
        who = names[st.decider] if 0 <= st.decider < len(names) else "another player"
        why = f"It is {who}'s decision ({st.step.value})."
    elif st.step != Decision.TURN:
        why = f"First {st.step.value}."
    else:
        why = ""
    for key in (*ACTION_KEYS, "card", "trade", "end"):
        if key in kinds:
            out[key] = (True, DESCRIPTIONS[key])
            continue
        if why:
            out[key] = (False, why)
            continue
        if key in ACTION_KEYS and st.action_taken:
            out[key] = (False, "You have already taken your action this turn (one of A–G per turn).")
            continue
        reason = {
            "expand": "You have no tiles behind your screen to place.",
            "build": _build_reason(view) if key == "build" else "",
            "bribe": (
                "No bribes are left on the board."
                if not st.bribes_board
                else f"You need £{board.BRIBE_PRICE} for a bribe."
            ),
            "taxes": "Taxes were already collected this decade." if me.tax_used else "You cannot collect taxes now.",
            "land": "Land was already acquired this decade." if me.land_used else "You cannot acquire land now.",
            "church": (
                "You have no tiles to donate."
                if not me.tile_count
                else "The church takes no more tiles of the kinds you hold this decade."
            ),
            "leisure": "You cannot take leisure now.",
            "card": (
                "You have already played a scandal card this turn."
                if st.card_played
                else "You hold no scandal cards."
                if not me.cards
                else "None of your cards can be played now (Intrigue, Blackmail and Liaison act elsewhere)."
            ),
            "trade": (
                "You need 2 tiles behind your screen to trade."
                if me.tile_count < board.TRADE_GIVE
                else "The bag holds no tile of another kind."
            ),
            "end": "Take one action (A–G) before you end your turn.",
        }[key]
        out[key] = (False, reason)
    return out


def card_value_at_ball(card: Card) -> int:
    return board.BLACKMAIL_PRESTIGE if card == Card.BLACKMAIL else 1
