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

from game.i18n import N_, Words, _, money, ngettext, npgettext
from game.table.chooser import Chooser, Option, StartTilesChooser
from game.table.estate_draw import PlayerStyle
from game.table.targets import BOARD_BUILDINGS, Piece, folly_piece, tile_piece
from game.ui.pieces import CARD_ART, CARD_NAMES, CARD_TIPS, FOLLY_ART, FOLLY_NEEDS_TEXT, TILE_ART, TILE_NAMES
from game.ui.refusal_words import refusals_in_words
from rules import (
    AcquireLand,
    Action,
    ActionKind,
    Bribe,
    Building,
    Card,
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
    RegionKind,
    ReturnTile,
    SkipKnight,
    TileType,
    Trade,
    balls_left,
    base_prestige,
    board,
    card_prestige,
    knight_targets,
    land_income,
    land_sources,
    prestige_space,
    queen_locked,
    tax_income,
    tax_sources,
    why_not,
)


class TableMoves(Protocol):
    """What the options of a chooser do (the table scene)."""

    def do(self, action: Action) -> bool: ...

    def arm(self, piece: Piece) -> None: ...

    def close_chooser(self) -> None: ...

    def open_chooser(self, maker: ChooserMaker) -> None: ...

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
            sub=_("keep") if offered.count(a.card) == 1 else ngettext(
                "keep · you drew {count}", "keep · you drew {count}", offered.count(a.card)).format(
                count=offered.count(a.card)),
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
            KeepAllWithIntrigue(), _("Keep all three"), sub=_("hand in an Intrigue"), icon="card-intrigue", tall=True,
            tip=_("Hand in an Intrigue you hold and keep all the cards you saw."), key="keep:all",
        ))
    return Chooser(_("A scandal card"), _("Keep one of the cards; the others go under the deck."), opts, key="keep",
                   topic="cards")


#: what a knight brings from a region of each kind (R-ACT-B2): its owner's money, tiles or the Queen at once (the
#: option's label names the owner); a garden whose owner has not the Queen (or keeps her on the queen-lock space,
#: R-ROUND-3) brings its prestige at the balls to come (R-BALL-2), and nothing once none is left
KNIGHT_TAKES = Words({
    RegionKind.FARM: N_("takes {money}"),
    RegionKind.FOREST: N_("takes {tiles} tiles"),
    RegionKind.GARDEN: N_("takes the Queen"),
})
KNIGHT_AT_BALLS = N_("+{prestige} prestige at each ball")
KNIGHT_NO_BALL = N_("no ball left")
#: a region of another player, by kind; and where a knight moved from
WHOSE_REGION = Words({RegionKind.FARM: N_("{player}'s farm"), RegionKind.FOREST: N_("{player}'s forest"),
                      RegionKind.GARDEN: N_("{player}'s garden")})
FROM_REGION = Words({RegionKind.FARM: N_("from {player}'s farm"), RegionKind.FOREST: N_("from {player}'s forest"),
                     RegionKind.GARDEN: N_("from {player}'s garden")})
#: the options that name one kind of tile, a whole phrase each
PLACE_TILE = Words({TileType.FIELD: N_("Place a field"), TileType.GROVE: N_("Place a grove"),
                    TileType.FOUNTAIN: N_("Place a fountain"), TileType.MEADOW: N_("Place a meadow")})
RETURN_TILE = Words({TileType.FIELD: N_("Return a field"), TileType.GROVE: N_("Return a grove"),
                     TileType.FOUNTAIN: N_("Return a fountain"), TileType.MEADOW: N_("Return a meadow")})
DONATE_TILE = Words({TileType.FIELD: N_("Donate a field"), TileType.GROVE: N_("Donate a grove"),
                     TileType.FOUNTAIN: N_("Donate a fountain"), TileType.MEADOW: N_("Donate a meadow")})
TAKE_TILE = Words({TileType.FIELD: N_("Take a field"), TileType.GROVE: N_("Take a grove"),
                   TileType.FOUNTAIN: N_("Take a fountain"), TileType.MEADOW: N_("Take a meadow")})
#: the square a tile closes, seen from the tile (vertical, horizontal)
SQUARES = Words({("above", "left"): N_("The square above and to the left"),
                 ("above", "right"): N_("The square above and to the right"),
                 ("below", "left"): N_("The square below and to the left"),
                 ("below", "right"): N_("The square below and to the right")})
BUILDING_OPTIONS = Words({Building.CASTLE: N_("Castle"), Building.PALACE: N_("Palace"), Building.CHAPEL: N_("Chapel")})
#: a castle's gain where no other estate has a region free for its knight yet (R-ACT-B2)
NO_KNIGHT_YET = N_("no region free for a knight yet")
BUILDING_GAINS = Words({Building.CASTLE: N_("then a knight"), Building.PALACE: N_("replaces a castle · the Queen"),
                        Building.CHAPEL: N_("a scandal card")})
#: a palace's gain on the queen-lock space, where the Queen stays where she is (R-ROUND-3)
PALACE_LOCKED = N_("replaces a castle")


def knight(c: ChooserContext) -> Chooser:
    st, names = c.view.state, c.view.state.names
    opts = []
    for a in c.legal:
        if isinstance(a, PlaceKnight | MoveKnight):
            kind = st.players[a.owner].estate.regions[a.region][0]
            gain = KNIGHT_TAKES[kind]
            if kind == RegionKind.GARDEN and (st.queen != a.owner or queen_locked(st)):
                gain = _(KNIGHT_AT_BALLS) if balls_left(st) else _(KNIGHT_NO_BALL)
            sub = gain.format(money=money(board.FARM_MONEY), tiles=board.FOREST_TILES_GIVEN,
                              prestige=board.KNIGHT_PRESTIGE)
            key = f"knight-opt:{a.owner}:{a.region}"
            if isinstance(a, MoveKnight):  # (each knight out has its own move to a region)
                fk = st.players[a.from_owner].estate.regions[a.from_region][0]
                sub = FROM_REGION[fk].format(player=names[a.from_owner]) + " · " + sub
                key += f":from:{a.from_owner}:{a.from_region}"
            opts.append(c.act(a, WHOSE_REGION[kind].format(player=names[a.owner]), sub=sub, key=key, icon="knight",
                              tint=c.styles[c.view.seat].colour))
    opts.append(c.act(SkipKnight(), _("No knight"), style="quiet", key="knight:skip"))
    return Chooser(_("Send a knight"), _("Choose a region of another estate (or click it on the miniatures)."), opts,
                   key="knight", topic="knights", modal=False,
                   card_prompt=_("Choose a region of another estate."))  # (a card hides the miniatures)


def give_tiles(c: ChooserContext) -> Chooser:
    taker = c.view.state.names[c.view.state.turn_seat]
    opts = [c.act(a, " + ".join(TILE_NAMES[t] for t in a.tiles), key="give:" + ",".join(t.label for t in a.tiles))
            for a in c.legal]
    count = len(c.legal[0].tiles) if c.legal else board.FOREST_TILES_GIVEN
    return Chooser(_("{player}'s knight").format(player=taker),
                   ngettext("{player}'s knight stands on your forest: give {player} {count} tile of your choice.",
                            "{player}'s knight stands on your forest: give {player} {count} tiles of your choice.",
                            count).format(player=taker, count=count),
                   opts, key="give", topic="knights")


def vicar(c: ChooserContext) -> Chooser:
    st = c.view.state
    me = st.players[c.view.seat]
    opts = [
        c.act(a, RETURN_TILE[a.tile], sub=_("{held} held · +{vp} VP").format(held=me.tiles[a.tile], vp=board.VICAR_VP),
              icon=TILE_ART[a.tile], key=f"vicar:{a.tile.label}")
        for a in c.legal
        if isinstance(a, ReturnTile)
    ]
    opts.append(c.act(FinishVicar(), _("Done"), style="quiet", key="vicar:done"))
    return Chooser(CARD_NAMES[Card.VICAR],
                   _("Put up to {tiles} tiles into the bag, {vp} VP each ({done} so far).").format(
                       tiles=board.VICAR_TILES, vp=board.VICAR_VP, done=st.vicar_returned),
                   opts, key="vicar", topic="card-vicar", modal=False)


def region(c: ChooserContext) -> Chooser:
    expand = c.view.state.expand
    placed = expand.last if expand is not None else None
    opts = []
    for a in c.legal:
        if not isinstance(a, ChooseRegion):
            continue
        label = _("Square")
        if placed is not None:
            dx = "left" if a.anchor[0] < placed[0] else "right"
            dy = "above" if a.anchor[1] < placed[1] else "below"
            label = SQUARES[(dy, dx)]
        opts.append(c.act(a, label, key=f"region:{a.anchor[0]},{a.anchor[1]}",
                          tip=_("This square of four forms the region (highlighted on the estate).")))
    return Chooser(_("Which region forms?"), _("Your tile completes several squares; one of them forms."), opts,
                   key="region", topic="regions", modal=False)


def ball(c: ChooserContext) -> Chooser:
    st = c.view.state
    me = st.players[c.view.seat]
    total = (st.ball.base + st.ball.extra) if st.ball else base_prestige(st, c.view.seat)
    space = prestige_space(st.ball.places, total) if st.ball else total  # R-BALL-2: below a taken space
    opts = [c.act(PlacePrestige(), _("Place my marker at {space}").format(space=space), key="ball:place",
                  style="gold")]
    for a in c.legal:
        if isinstance(a, HandBackBribe):
            opts.append(c.act(a, _("Hand back a bribe"), sub=_("+{prestige} prestige · {held} held").format(
                prestige=board.BRIBE_PRESTIGE, held=me.bribes), icon="bribe", key="ball:bribe"))
        elif isinstance(a, HandBackCard):
            opts.append(c.act(a, _("Hand back {card}").format(card=CARD_NAMES[a.card]),
                              sub=_("+{prestige} prestige").format(prestige=card_prestige(a.card)),
                              icon=CARD_ART[a.card], key=f"ball:card:{a.card.label}"))
    prompt = (_("Your prestige: {total}. Hand back bribes and cards for more, then place your marker.")
              if space == total else
              _("Your prestige: {total} ({total} is taken). Hand back bribes and cards for more, then place your "
                "marker."))
    return Chooser(_("The masked ball"), prompt.format(total=total), opts, key="ball", topic="ball")


def donate(c: ChooserContext, cancel: bool = False) -> Chooser:
    """The church: at the DONATE decision (Done to finish), or opened by the F button (Cancel to close)."""
    st = c.view.state
    me = st.players[c.view.seat]
    opts = []
    for t in TileType:
        a = Donate(t)
        ok = a in c.legal
        why = refusals_in_words(why_not(c.view, a), st.names)  # the engine's reason
        opts.append(c.act(a, DONATE_TILE[t], enabled=ok, icon=TILE_ART[t], key=f"donate:{t.label}",
                          sub=_("{held} held · +{vp} VP").format(held=me.tiles[t], vp=board.DONATION_VP),
                          tip=_("{vp} VP for each tile donated.").format(vp=board.DONATION_VP) if ok else why))
    if st.step == Decision.DONATE:
        opts.append(c.act(FinishDonating(), _("Done donating"), style="quiet", key="donate:done"))
    return Chooser(_("Donate to the church"),
                   _("One tile at a time, {vp} VP each; at most {slots} of each kind per decade.").format(
                       vp=board.DONATION_VP, slots=board.CHURCH_SLOTS_PER_TYPE),
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
        Option(PLACE_TILE[t], (lambda t=t: c.moves.arm(tile_piece(t))),
               sub=ngettext("{count} behind your screen", "{count} behind your screen", me.tiles[t]).format(
                   count=me.tiles[t]), icon=TILE_ART[t],
               key=f"expand:{t.label}")
        for t in TileType
        if any(isinstance(a, PlaceTile) and a.tile == t for a in c.legal)
    ]
    return Chooser(_("Expand the estate"), ngettext(
        "Drag tiles from your screen onto the glowing cells, or pick a kind here and click a cell. Up to {count} "
        "tile.",
        "Drag tiles from your screen onto the glowing cells, or pick a kind here and click a cell. Up to {count} "
        "tiles.",
        board.EXPAND_TILES).format(
                                                 count=board.EXPAND_TILES), opts, cancel=c.moves.close_chooser,
                   key="expand", topic="expand")


def build(c: ChooserContext) -> Chooser:
    st, seat = c.view.state, c.view.seat
    prices = {Building.CASTLE: st.castle_price, Building.PALACE: st.palace_price, Building.CHAPEL: st.chapel_price}
    opts = []
    palace = False  # a palace replaces a castle (R-ACT-B3): where one is offered the prompt says where it goes
    for building in (Building.CASTLE, Building.PALACE, Building.CHAPEL):
        piece = BOARD_BUILDINGS[building]
        if any(type(a) is piece.action for a in c.legal):
            palace = palace or building == Building.PALACE
            lonely = building == Building.CASTLE and not knight_targets(st, seat)
            gain = _(NO_KNIGHT_YET) if lonely else BUILDING_GAINS[building]
            if building == Building.PALACE and queen_locked(st):
                gain = _(PALACE_LOCKED)
            opts.append(Option(BUILDING_OPTIONS[building], (lambda piece=piece: c.moves.arm(piece)),
                               sub=f"{money(prices[building](seat))} · {gain}", icon=piece.art,
                               key=f"build:{building.label}"))
    for f in Folly:
        piece = folly_piece(f)
        if any(piece.becomes(a) for a in c.legal):
            opts.append(Option(_("Folly ({regions})").format(regions=FOLLY_NEEDS_TEXT[f]),
                               (lambda piece=piece: c.moves.arm(piece)),
                               sub=_("{price} · VP").format(price=money(st.folly_price(seat))), icon=FOLLY_ART[f],
                               key=f"build:{f.label}"))
    prompt = (_("Choose a building, then click a glowing cell of your estate: a meadow, or a castle for a palace.")
              if palace else _("Choose a building, then click a glowing meadow of your estate."))
    return Chooser(_("Build"), prompt, opts, cancel=c.moves.close_chooser, key="build", topic="build")


def bribe(c: ChooserContext) -> Chooser:
    opts = [
        c.act(a, ngettext("{n} bribe", "{n} bribes", a.count).format(n=a.count),
              sub=_("{price} · +{vp} VP").format(price=money(board.BRIBE_PRICE * a.count), vp=a.count * board.BRIBE_VP),
              icon="bribe", key=f"bribe:{a.count}")
        for a in c.legal
        if isinstance(a, Bribe)
    ]
    return Chooser(_("Bribe the royal family"), _("{price} and {vp} VP for each bribe marker.").format(
        price=money(board.BRIBE_PRICE), vp=board.BRIBE_VP), opts, cancel=c.moves.close_chooser, key="bribe",
        topic="bribe")


def _bribes_back(n: int) -> str:
    if n == 0:
        return _("Hand back no bribes")
    return ngettext("Hand back {n} bribe", "Hand back {n} bribes", n).format(n=n)


#: each part of the taxes and of Acquire land in words (by how many), with its amount
TAX_WORDS: dict[Income, Callable[[int], str]] = {
    Income.FIELDS: lambda n: ngettext("{amount} for a field", "{amount} for {count} fields", n),
    Income.FREE_FARMS: lambda n: ngettext("{amount} for the farm", "{amount} for {count} farms", n),
    Income.KNIGHTS_ON_FARMS: lambda n: ngettext("{amount} for your knight on a farm",
                                                "{amount} for your knights on farms", n),
    Income.BRIBES: lambda n: ngettext("{amount} for a bribe", "{amount} for {count} bribes", n),
}
LAND_WORDS: dict[Income, Callable[[int], str]] = {
    Income.GROVES: lambda n: npgettext("income", "a grove", "{count} groves", n),
    Income.FREE_FORESTS: lambda n: ngettext("{amount} for the forest", "{amount} for {count} forests", n),
    Income.KNIGHTS_ON_FORESTS: lambda n: ngettext("{amount} for your knight on a forest",
                                                  "{amount} for your knights on forests", n),
    Income.BRIBES: lambda n: ngettext("{amount} for a bribe", "{amount} for {count} bribes", n),
}


def _tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


def income_sum(sources: list[tuple[Income, int, int]], words: dict[Income, Callable[[int], str]],
               total: Callable[[int], str], amount: Callable[[int], str] = str) -> str:
    """"4 groves + 2 for the forest = 6 tiles": the engine's parts of an income, added up in words ("£5 for 5
    fields" alone, where the one part says its amount)."""
    parts = [words[source](count).format(count=count, amount=amount(value))
             for source, count, value in sources if count]
    whole = total(sum(a for _s, _c, a in sources))
    if len(parts) == 1 and whole in parts[0]:
        return parts[0]
    return (" + ".join(parts) or _("nothing")) + " = " + whole


def taxes(c: ChooserContext) -> Chooser:
    st, seat = c.view.state, c.view.seat
    opts = [c.act(a, _bribes_back(a.bribes_back),
                  sub=_("you get {money}").format(money=money(tax_income(st, seat, a.bribes_back))),
                  tip=income_sum(tax_sources(st, seat, a.bribes_back), TAX_WORDS, money, money) + ".",
                  key=f"taxes:{a.bribes_back}")
            for a in c.legal if isinstance(a, CollectTaxes)]
    # taxes that bring nothing (the engine's sum) spend the once-a-decade action only when that is confirmed
    opts = [attrs.evolve(o, on_choose=lambda a=o.action: c.moves.open_chooser(lambda c2: _taxes_for_nothing(c2, a)))
            if isinstance(o.action, CollectTaxes) and tax_income(st, seat, o.action.bribes_back) == 0 else o
            for o in opts]
    base = income_sum(tax_sources(st, seat, 0), TAX_WORDS, money, money)
    return Chooser(_("Collect taxes"), _("{income}. Each bribe you hand back adds {money}.").format(
        income=base, money=money(board.BRIBE_BACK_MONEY)), opts, cancel=c.moves.close_chooser, key="taxes",
        topic="taxes")


def _taxes_for_nothing(c: ChooserContext, action: CollectTaxes) -> Chooser:
    """Taxes that bring £0 cost the action all the same (once a decade): said before it is spent."""
    spend = c.act(action, _("Spend the action"), sub=_("you get {money}").format(money=money(0)),
                  key="taxes-nothing:spend", style="quiet")
    return Chooser(_("Collect taxes"), _("Collect taxes brings you nothing now. Spend the action anyway? "
                                         "It cannot be taken again this decade."), [spend],
                   cancel=lambda: c.moves.open_chooser(taxes), cancel_label=N_("Keep my action"),
                   key="taxes-nothing", topic="taxes")


def land(c: ChooserContext) -> Chooser:
    st, seat = c.view.state, c.view.seat
    opts = [c.act(a, _bribes_back(a.bribes_back),
                  sub=_("you draw {tiles}").format(tiles=_tiles(land_income(st, seat, a.bribes_back))),
                  tip=income_sum(land_sources(st, seat, a.bribes_back), LAND_WORDS, _tiles) + ".",
                  key=f"land:{a.bribes_back}")
            for a in c.legal if isinstance(a, AcquireLand)]
    base = income_sum(land_sources(st, seat, 0), LAND_WORDS, _tiles)
    return Chooser(_("Acquire land"), _("{income}. Each bribe you hand back adds {tiles}.").format(
        income=base, tiles=_tiles(board.BRIBE_BACK_TILES)), opts, cancel=c.moves.close_chooser, key="land",
        topic="land")


def card(c: ChooserContext) -> Chooser:
    opts = [
        c.act(a, CARD_NAMES[a.card], sub=_("play"), tip=f"{CARD_NAMES[a.card]}: {CARD_TIPS[a.card]}",
              icon=CARD_ART[a.card], tall=True, key=f"play:{a.card.label}")
        for a in c.legal
        if isinstance(a, PlayCard)
    ]
    return Chooser(_("Play a scandal card"), _("At most one card per turn, before or after your action."), opts,
                   cancel=c.moves.close_chooser, key="card", topic="cards")


def trade(c: ChooserContext) -> Chooser:
    """Two steps: which two tiles to give, then which tile to take."""
    trades = [a for a in c.legal if isinstance(a, Trade)]
    if c.trade_give is None:
        opts = [
            Option(" + ".join(TILE_NAMES[t] for t in g), (lambda g=g: c.moves.pick_give(g)), sub=_("give these two"),
                   key="trade:give:" + ",".join(t.label for t in g))
            for g in sorted({a.give for a in trades})
        ]
        prompt = ngettext("Give {count} tile from behind your screen for 1 tile of your choice from the bag.",
                          "Give {count} tiles from behind your screen for 1 tile of your choice from the bag.",
                          board.TRADE_GIVE).format(
            count=board.TRADE_GIVE)
    else:
        opts = [c.act(a, TAKE_TILE[a.take], icon=TILE_ART[a.take], key=f"trade:take:{a.take.label}")
                for a in trades if a.give == c.trade_give]
        prompt = _("You give {tiles}. Which tile do you take from the bag?").format(
            tiles=" + ".join(TILE_NAMES[t] for t in c.trade_give))
    return Chooser(_("Trade"), prompt, opts, cancel=c.moves.close_chooser, key="trade", topic="trading")


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
