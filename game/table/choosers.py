"""Every chooser of the table, built from the viewer's view and legal actions.

:data:`DECISION_CHOOSERS` holds the chooser each pending decision opens by itself (keyed by
``rules.Decision``, as ``rules.legal`` dispatches); :data:`ACTION_CHOOSERS` the chooser each button of the
action bar opens (keyed by ``rules.ActionKind``). An option either takes an engine action or arms a piece;
what it does goes through :class:`TableMoves` (the table scene).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import attrs

from game.table.chooser import Chooser, Option, StartTilesChooser
from game.table.estate_draw import PlayerStyle
from game.table.targets import BOARD_BUILDINGS, Piece, folly_piece, tile_piece
from game.ui.pieces import CARD_ART, CARD_NAMES, CARD_TIPS, FOLLY_ART, FOLLY_NEEDS_TEXT, TILE_ART, TILE_NAMES
from rules import (
    AcquireLand,
    Action,
    ActionKind,
    Bribe,
    Building,
    ChooseRegion,
    ChooseStartTiles,
    CollectTaxes,
    Decision,
    Donate,
    FinishDonating,
    FinishVicar,
    Folly,
    HandBackBribe,
    HandBackCard,
    Income,
    KeepAllWithIntrigue,
    KeepCard,
    MoveKnight,
    PlaceKnight,
    PlacePrestige,
    PlaceTile,
    PlayCard,
    PlayerView,
    ReturnTile,
    SkipKnight,
    TileType,
    Trade,
    base_prestige,
    board,
    card_prestige,
    land_income,
    land_sources,
    prestige_space,
    tax_income,
    tax_sources,
    why_not,
)


class TableMoves(Protocol):
    """What the options of a chooser do (the table scene)."""

    def do(self, action: Action) -> bool: ...

    def arm(self, piece: Piece) -> None: ...

    def close_chooser(self) -> None: ...

    def pick_give(self, give: tuple[TileType, ...]) -> None: ...


@attrs.frozen(eq=False)
class ChooserContext:
    """What a chooser is built from: the viewer's view and legal actions while they decide."""

    moves: TableMoves
    view: PlayerView
    legal: list[Action]
    styles: list[PlayerStyle]
    trade_give: tuple[TileType, ...] | None = None  # the two tiles chosen in the first step of a trade

    def act(self, action: Action, label: str, **kwargs) -> Option:
        """An option that takes ``action``."""
        return Option(label, lambda: self.moves.do(action), action=action, **kwargs)


ChooserMaker = Callable[[ChooserContext], Chooser | None]


# -- the decisions ------------------------------------------------------------------------------------------
def start_tiles(c: ChooserContext) -> Chooser:
    return StartTilesChooser(lambda counts: c.moves.do(ChooseStartTiles(counts)), c.view.state.names[c.view.seat])


def keep_card(c: ChooserContext) -> Chooser:
    offered = c.view.state.offered
    opts = [
        c.act(
            a,
            CARD_NAMES[a.card],
            sub="keep" if offered.count(a.card) == 1 else f"keep · you drew {offered.count(a.card)}",
            tip=f"{CARD_NAMES[a.card]}: {CARD_TIPS[a.card]}",
            icon=CARD_ART[a.card],
            tall=True,
            key=f"keep:{a.card.label}",
        )
        for a in c.legal
        if isinstance(a, KeepCard)
    ]
    if any(isinstance(a, KeepAllWithIntrigue) for a in c.legal):
        opts.append(c.act(
            KeepAllWithIntrigue(), "Keep all three", sub="hand in an Intrigue", icon="card-intrigue", tall=True,
            tip="Hand in an Intrigue you hold and keep all the cards you saw.", key="keep:all",
        ))
    return Chooser("A scandal card", "Keep one of the cards; the others go under the deck.", opts, key="keep",
                   topic="cards")


#: what a knight brings from a region of each kind (R-ACT-B2)
KNIGHT_GAIN = {
    "farm": f"£{board.FARM_MONEY} from him",
    "forest": f"{board.FOREST_TILES_GIVEN} of his tiles",
    "garden": "the Queen, if he has her",
}


def knight(c: ChooserContext) -> Chooser:
    st, names = c.view.state, c.view.state.names
    opts = []
    for a in c.legal:
        if isinstance(a, PlaceKnight | MoveKnight):
            kind = st.players[a.owner].estate.regions[a.region][0]
            sub = KNIGHT_GAIN[kind.label]
            if isinstance(a, MoveKnight):
                fk = st.players[a.from_owner].estate.regions[a.from_region][0]
                sub = f"from {names[a.from_owner]}'s {fk.label} · " + sub
            opts.append(c.act(a, f"{names[a.owner]}'s {kind.label}", sub=sub, key=f"knight-opt:{a.owner}:{a.region}",
                              icon="knight", tint=c.styles[c.view.seat].colour))
    opts.append(c.act(SkipKnight(), "No knight", style="quiet", key="knight:skip"))
    return Chooser("Send a knight", "Choose a region of another estate (or click it on the miniatures).", opts,
                   key="knight", topic="knights", modal=False)


def give_tiles(c: ChooserContext) -> Chooser:
    taker = c.view.state.names[c.view.state.turn_seat]
    opts = [c.act(a, " + ".join(TILE_NAMES[t] for t in a.tiles), key="give:" + ",".join(t.label for t in a.tiles))
            for a in c.legal]
    count = len(c.legal[0].tiles) if c.legal else board.FOREST_TILES_GIVEN
    return Chooser(f"{taker}'s knight",
                   f"{taker}'s knight stands on your forest: give {taker} {count} tiles of your choice.",
                   opts, key="give", topic="knights")


def vicar(c: ChooserContext) -> Chooser:
    st = c.view.state
    me = st.players[c.view.seat]
    opts = [
        c.act(a, f"Return a {TILE_NAMES[a.tile]}", sub=f"{me.tiles[a.tile]} behind the screen · +{board.VICAR_VP} VP",
              icon=TILE_ART[a.tile], key=f"vicar:{a.tile.label}")
        for a in c.legal
        if isinstance(a, ReturnTile)
    ]
    opts.append(c.act(FinishVicar(), "Done", style="quiet", key="vicar:done"))
    return Chooser("Favour of the Vicar",
                   f"Put up to {board.VICAR_TILES} tiles into the bag, {board.VICAR_VP} VP each "
                   f"({st.vicar_returned} so far).",
                   opts, key="vicar", topic="card-vicar", modal=False)


def region(c: ChooserContext) -> Chooser:
    expand = c.view.state.expand
    placed = expand.last if expand is not None else None
    opts = []
    for a in c.legal:
        if not isinstance(a, ChooseRegion):
            continue
        label = "Square"
        if placed is not None:
            dx = "left" if a.anchor[0] < placed[0] else "right"
            dy = "above" if a.anchor[1] < placed[1] else "below"
            label = f"The square {dy} and to the {dx}"
        opts.append(c.act(a, label, key=f"region:{a.anchor[0]},{a.anchor[1]}",
                          tip="This square of four forms the region (highlighted on the estate)."))
    return Chooser("Which region forms?", "Your tile completes several squares; one of them forms.", opts,
                   key="region", topic="regions", modal=False)


def ball(c: ChooserContext) -> Chooser:
    st = c.view.state
    me = st.players[c.view.seat]
    total = (st.ball.base + st.ball.extra) if st.ball else base_prestige(st, c.view.seat)
    space = prestige_space(st.ball.places, total) if st.ball else total  # R-BALL-2: below a taken space
    opts = [c.act(PlacePrestige(), f"Place my marker at {space}", key="ball:place", style="gold")]
    for a in c.legal:
        if isinstance(a, HandBackBribe):
            opts.append(c.act(a, "Hand back a bribe", sub=f"+{board.BRIBE_PRESTIGE} prestige · {me.bribes} held",
                              icon="bribe", key="ball:bribe"))
        elif isinstance(a, HandBackCard):
            opts.append(c.act(a, f"Hand back {CARD_NAMES[a.card]}", sub=f"+{card_prestige(a.card)} prestige",
                              icon=CARD_ART[a.card], key=f"ball:card:{a.card.label}"))
    taken = f" ({total} is taken)" if space != total else ""
    return Chooser("The masked ball",
                   f"Your prestige: {total}{taken}. Hand back bribes and cards for more, then place your marker.",
                   opts, key="ball", topic="ball")


def donate(c: ChooserContext, cancel: bool = False) -> Chooser:
    """The church: at the DONATE decision (Done to finish), or opened by the F button (Cancel to close)."""
    st = c.view.state
    me = st.players[c.view.seat]
    opts = []
    for t in TileType:
        a = Donate(t)
        ok = a in c.legal
        why = " ".join(r.text(st.names) for r in why_not(c.view, a))  # the engine's reason
        opts.append(c.act(a, f"Donate a {TILE_NAMES[t]}", enabled=ok, icon=TILE_ART[t], key=f"donate:{t.label}",
                          sub=f"{me.tiles[t]} held · church {st.church[t]}/{board.CHURCH_SLOTS_PER_TYPE} · "
                          f"+{board.DONATION_VP} VP",
                          tip=f"{board.DONATION_VP} VP for each tile donated." if ok else why))
    if st.step == Decision.DONATE:
        opts.append(c.act(FinishDonating(), "Done donating", style="quiet", key="donate:done"))
    return Chooser("Donate to the church",
                   f"One tile at a time, {board.DONATION_VP} VP each; at most {board.CHURCH_SLOTS_PER_TYPE} of "
                   "each kind per decade.",
                   opts, cancel=c.moves.close_chooser if cancel else None, key="donate", topic="church", modal=False)


DECISION_CHOOSERS: dict[Decision, ChooserMaker] = {
    Decision.CHOOSE_START_TILES: start_tiles,
    Decision.KEEP_CARD: keep_card,
    Decision.KNIGHT: knight,
    Decision.GIVE_TILES: give_tiles,
    Decision.DONATE: donate,
    Decision.VICAR: vicar,
    Decision.CHOOSE_REGION: region,
    Decision.BALL_SPEND: ball,
}


# -- the buttons of the action bar ----------------------------------------------------------------------------
def expand(c: ChooserContext) -> Chooser:
    me = c.view.state.players[c.view.seat]
    opts = [
        Option(f"Place a {TILE_NAMES[t]}", (lambda t=t: c.moves.arm(tile_piece(t))),
               sub=f"{me.tiles[t]} behind your screen", icon=TILE_ART[t], key=f"expand:{t.label}")
        for t in TileType
        if any(isinstance(a, PlaceTile) and a.tile == t for a in c.legal)
    ]
    return Chooser("Expand the estate", "Drag tiles from your screen onto the glowing cells, or pick a kind here "
                   f"and click a cell. Up to {board.EXPAND_TILES} tiles.", opts, cancel=c.moves.close_chooser,
                   key="expand", topic="expand")


def build(c: ChooserContext) -> Chooser:
    st, seat = c.view.state, c.view.seat
    prices = {Building.CASTLE: st.castle_price, Building.PALACE: st.palace_price, Building.CHAPEL: st.chapel_price}
    gains = {Building.CASTLE: "then a knight", Building.PALACE: "replaces a castle · the Queen",
             Building.CHAPEL: "a scandal card"}
    opts = []
    for building in (Building.CASTLE, Building.PALACE, Building.CHAPEL):
        piece = BOARD_BUILDINGS[building]
        if any(type(a) is piece.action for a in c.legal):
            opts.append(Option(building.label.capitalize(), (lambda piece=piece: c.moves.arm(piece)),
                               sub=f"£{prices[building](seat)} · {gains[building]}", icon=piece.art,
                               key=f"build:{building.label}"))
    for f in Folly:
        piece = folly_piece(f)
        if any(piece.becomes(a) for a in c.legal):
            opts.append(Option(f"Folly ({FOLLY_NEEDS_TEXT[f]})", (lambda piece=piece: c.moves.arm(piece)),
                               sub=f"£{st.folly_price(seat)} · VP", icon=FOLLY_ART[f], key=f"build:{f.label}"))
    return Chooser("Build", "Choose a building, then click a glowing meadow of your estate.", opts,
                   cancel=c.moves.close_chooser, key="build", topic="build")


def bribe(c: ChooserContext) -> Chooser:
    opts = [
        c.act(a, f"{a.count} bribe{'s' if a.count > 1 else ''}", sub=f"£{board.BRIBE_PRICE * a.count} · +{a.count} VP",
              icon="bribe", key=f"bribe:{a.count}")
        for a in c.legal
        if isinstance(a, Bribe)
    ]
    return Chooser("Bribe the royal family", f"£{board.BRIBE_PRICE} and {board.BRIBE_VP} VP for each bribe marker.",
                   opts, cancel=c.moves.close_chooser, key="bribe", topic="bribe")


def _bribes_back(n: int) -> str:
    return "Hand back no bribes" if n == 0 else f"Hand back {n} bribe" + ("s" if n > 1 else "")


#: each part of the taxes and of Acquire land in words (one, several), and the total
TAX_WORDS = {
    Income.FIELDS: ("£{amount} for a field", "£{amount} for {count} fields"),
    Income.FREE_FARMS: ("£{amount} for the farm", "£{amount} for {count} farms"),
    Income.KNIGHTS_ON_FARMS: ("£{amount} for your knight on a farm", "£{amount} for your knights on farms"),
    Income.BRIBES: ("£{amount} for a bribe", "£{amount} for {count} bribes"),
}
LAND_WORDS = {
    Income.GROVES: ("a grove", "{count} groves"),
    Income.FREE_FORESTS: ("{amount} for the forest", "{amount} for {count} forests"),
    Income.KNIGHTS_ON_FORESTS: ("{amount} for your knight on a forest", "{amount} for your knights on forests"),
    Income.BRIBES: ("{amount} for a bribe", "{amount} for {count} bribes"),
}


def income_sum(sources: list[tuple[Income, int, int]], words: dict[Income, tuple[str, str]], total: str) -> str:
    """"4 groves + 2 for the forest = 6 tiles": the engine's parts of an income, added up in words."""
    parts = [words[source][0 if count == 1 else 1].format(count=count, amount=amount)
             for source, count, amount in sources if count]
    return (" + ".join(parts) or "nothing") + " = " + total.format(sum(a for _s, _c, a in sources))


def taxes(c: ChooserContext) -> Chooser:
    st, seat = c.view.state, c.view.seat
    opts = [c.act(a, _bribes_back(a.bribes_back), sub=f"you get £{tax_income(st, seat, a.bribes_back)}",
                  tip=income_sum(tax_sources(st, seat, a.bribes_back), TAX_WORDS, "£{}") + ".",
                  key=f"taxes:{a.bribes_back}")
            for a in c.legal if isinstance(a, CollectTaxes)]
    base = income_sum(tax_sources(st, seat, 0), TAX_WORDS, "£{}")
    return Chooser("Collect taxes", f"{base}. Each bribe you hand back adds £{board.BRIBE_BACK_MONEY}.", opts,
                   cancel=c.moves.close_chooser, key="taxes", topic="taxes")


def land(c: ChooserContext) -> Chooser:
    st, seat = c.view.state, c.view.seat
    opts = [c.act(a, _bribes_back(a.bribes_back), sub=f"you draw {land_income(st, seat, a.bribes_back)} tiles",
                  tip=income_sum(land_sources(st, seat, a.bribes_back), LAND_WORDS, "{} tiles") + ".",
                  key=f"land:{a.bribes_back}")
            for a in c.legal if isinstance(a, AcquireLand)]
    base = income_sum(land_sources(st, seat, 0), LAND_WORDS, "{} tiles")
    return Chooser("Acquire land", f"{base}. Each bribe you hand back adds {board.BRIBE_BACK_TILES} tile.", opts,
                   cancel=c.moves.close_chooser, key="land", topic="land")


def card(c: ChooserContext) -> Chooser:
    opts = [
        c.act(a, CARD_NAMES[a.card], sub="play", tip=f"{CARD_NAMES[a.card]}: {CARD_TIPS[a.card]}",
              icon=CARD_ART[a.card], tall=True, key=f"play:{a.card.label}")
        for a in c.legal
        if isinstance(a, PlayCard)
    ]
    return Chooser("Play a scandal card", "At most one card per turn, before or after your action.", opts,
                   cancel=c.moves.close_chooser, key="card", topic="cards")


def trade(c: ChooserContext) -> Chooser:
    """Two steps: which two tiles to give, then which tile to take."""
    trades = [a for a in c.legal if isinstance(a, Trade)]
    if c.trade_give is None:
        opts = [
            Option(" + ".join(TILE_NAMES[t] for t in g), (lambda g=g: c.moves.pick_give(g)), sub="give these two",
                   key="trade:give:" + ",".join(t.label for t in g))
            for g in sorted({a.give for a in trades})
        ]
        prompt = f"Give {board.TRADE_GIVE} tiles from behind your screen for 1 tile of your choice from the bag."
    else:
        opts = [c.act(a, f"Take a {TILE_NAMES[a.take]}", icon=TILE_ART[a.take], key=f"trade:take:{a.take.label}")
                for a in trades if a.give == c.trade_give]
        prompt = f"You give {' + '.join(TILE_NAMES[t] for t in c.trade_give)}. Which tile do you take from the bag?"
    return Chooser("Trade", prompt, opts, cancel=c.moves.close_chooser, key="trade", topic="trading")


def church(c: ChooserContext) -> Chooser:
    return donate(c, cancel=True)


ACTION_CHOOSERS: dict[ActionKind, ChooserMaker] = {
    ActionKind.EXPAND: expand,
    ActionKind.BUILD: build,
    ActionKind.BRIBE: bribe,
    ActionKind.TAXES: taxes,
    ActionKind.LAND: land,
    ActionKind.CHURCH: church,
    ActionKind.CARD: card,
    ActionKind.TRADE: trade,
}
