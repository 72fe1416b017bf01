"""The fast policy that plays every seat in Hard's playouts: sensible whole moves at a fraction of a millisecond.

A playout runs a game on to its next ball, building scoring or end, a hundred decisions or more, many times a
turn; the planner (a beam search over every legal step) is far too slow for that. At the start of a turn
this policy tries one good instance of each kind of action (the best placements of up to three tiles by
Normal's placement estimate, the best castle or chapel site, the largest bribe, taxes, land, the church...)
and keeps the one Normal's evaluation likes best; the steps of that move are then played without looking
again. Cards worth playing are played first; the ball and card picks use Normal's rules. It builds its
actions from the sites the engine offers (`Estate.placeable`, `castle_sites`, `follies_allowed`, ...) rather
than listing every legal action; a test checks that every action it picks is legal.
"""

from __future__ import annotations

import math
import random

from rules import actions as A
from rules import board
from rules.bots.determinize import determinize
from rules.bots.evaluate import EIGHT, WEIGHTS, Ctx, F, G, W, evaluate, expected_prestige, square_progress
from rules.bots.planner import (
    START_CHOICE,
    awaits_site,
    cell_facts,
    cell_facts_after,
    choose_ball,
    choose_card,
    church_conversion,
    enclosure_gain,
    tile_income,
)
from rules.engine import apply_unchecked
from rules.legal import card_playable, follies_allowed, knight_targets
from rules.model import REGION_OF_TILE, TILE_TYPES, Building, Card, Decision, RegionKind, TileType
from rules.observer import PlayerView
from rules.state import GameState, PlayerState

FIELD, FOUNTAIN, GROVE, MEADOW = TileType.FIELD, TileType.FOUNTAIN, TileType.GROVE, TileType.MEADOW
#: what a meadow that makes the castle site an Inheritance waits for adds to a placement's estimate (a castle)
INHERIT_SITE = 2.0
# The actions the policy tries again and again, made once (actions are values: one instance serves every state)
_LEISURE, _END_TURN, _FINISH_DONATING, _PLACE_PRESTIGE = A.Leisure(), A.EndTurn(), A.FinishDonating(), A.PlacePrestige()
_BRIBES = [A.Bribe(k) for k in range(board.BRIBES_PER_ACTION + 1)]
_TAXES = [A.CollectTaxes(k) for k in range(board.BRIBES + 1)]
_LAND = [A.AcquireLand(k) for k in range(board.BRIBES + 1)]
_DONATE = {k: A.Donate(k) for k in TILE_TYPES}
_HAND_BACK_BRIBE = A.HandBackBribe()
_HAND_BACK_CARD = {c: A.HandBackCard(c) for c in Card}
#: cards worth playing as soon as they can be (the others wait for their moment)
_ALWAYS = (Card.TRIBUTE, Card.SECRET_MARRIAGE)


class PlayoutPolicy:
    """Chooses for every seat in a playout. It remembers the rest of a whole move it chose (a trade and the
    tiles of an expand, the tiles given to the church) so that the following steps of the turn need no new
    search (``play``, as a playout uses it, takes the copy the move was valued on instead). ``trades``: an
    expand may start by trading two spare tiles for the one a square waits for (R-TURN-3); ``sites``: a player
    holding an Inheritance with no castle site lays a meadow for one (and trades for the meadow). Hard 0.1's
    policy did neither. ``temper`` (with ``rng``): every seat but
    ``searcher`` picks its turn's move at random among the kinds it tries, by a softmax of their values at
    that temperature in VP-equivalents (0: always the best), so that playouts face a spread of plausible
    replies rather than one fixed opponent. ``others``: the weights every seat but ``searcher`` values its moves by
    (None: Hard's, WEIGHTS)."""

    def __init__(self, *, trades: bool = True, sites: bool = True, temper: float = 0.0, searcher: int = -1,
                 rng: random.Random | None = None, others: dict | None = None) -> None:
        self._rest: list[A.Action] = []
        self._seat = -1
        self._turn_at = (0, 0)  # the decade and round of the turn the rest belongs to
        self.trades = trades
        self.sites = sites
        if temper and rng is None:
            raise ValueError("a tempered playout policy needs the rng it draws the others' moves from")
        self.temper = temper
        self.searcher = searcher
        self.rng = rng if temper else None  # only a tempered policy draws: an rng means tempered
        self.others = others

    def choose(self, state: GameState) -> A.Action:
        step = state.step
        if step == Decision.TURN:
            return self._turn(state)[0]
        if step in (Decision.EXPAND, Decision.DONATE) and self._seat == state.turn_seat and self._rest:
            action = self._rest.pop(0)
            if _still_fits(state, action):
                return action
            self._rest = []
        if step == Decision.EXPAND:
            return _expand(state, self._site_bonus(state, state.turn_seat), self._weights(state.turn_seat))
        if step == Decision.KEEP_CARD:
            return _keep_card(state, self._weights(state.decider))
        if step == Decision.BALL_SPEND:
            return _ball(state, self._weights(state.decider))
        return _BY_DECISION[step](state)

    def play(self, state: GameState) -> GameState:
        """The game after this policy's next decision: ``state`` with it applied, or, where a turn's whole move
        was played on a copy to value it, that copy (the state its steps would make, so they are not played
        again; ``state`` is then left as it was)."""
        if state.step == Decision.TURN:
            action, after = self._turn(state)
            if after is not None:
                self._rest = []
                return after
        else:
            action = self.choose(state)
        apply_unchecked(state, action)
        return state

    def _weights(self, seat: int) -> dict | None:
        """The weights ``seat`` values its moves by (None: WEIGHTS)."""
        return self.others if seat != self.searcher else None

    def _site_bonus(self, state: GameState, seat: int) -> float:
        return INHERIT_SITE if self.sites and awaits_site(state, seat) else 0.0

    def _turn(self, state: GameState) -> tuple[A.Action, GameState | None]:
        """The turn's next action, and with a whole move chosen the state after all of it (None for leisure)."""
        seat = state.turn_seat
        p = state.players[seat]
        if self._rest and self._seat == seat and self._turn_at == (state.decade, state.round_pos):
            action = self._rest.pop(0)  # the expand after a trade
            if not state.action_taken and _still_fits(state, action):
                return action, None
            self._rest = []
        weights = self._weights(seat)
        if not state.card_played and p.cards:
            card = _card_to_play(state, seat, p, Ctx(state, seat, weights))
            if card is not None:
                return A.PlayCard(card), None
        if state.action_taken:
            return _END_TURN, None
        valued = _valued_moves(state, self.trades, self._site_bonus(state, seat), weights)
        if self.rng is not None and seat != self.searcher:
            _, move, after = _tempered(valued, self.temper, self.rng)
        else:
            _, move, after = _best(valued)
        self._seat, self._rest, self._turn_at = seat, move[1:], (state.decade, state.round_pos)
        return move[0], after


def _still_fits(state: GameState, action: A.Action) -> bool:
    p = state.players[state.turn_seat]
    if isinstance(action, A.PlaceTile):
        return (state.step in (Decision.EXPAND, Decision.TURN) and p.tiles[action.tile] > 0
                and action.pos in p.estate.frontier)
    if isinstance(action, A.Donate):
        return p.tiles[action.tile] > 0 and state.church[action.tile] < board.CHURCH_SLOTS_PER_TYPE
    if isinstance(action, A.Trade):
        a, b = action.give
        return (p.tiles[a] >= 2 if a == b else p.tiles[a] > 0 and p.tiles[b] > 0) and state.bag[action.take] > 0
    return isinstance(action, A.FinishDonating)


# -- the turn ------------------------------------------------------------------------------------------------
def _card_to_play(state: GameState, seat: int, p: PlayerState, ctx: Ctx) -> Card | None:
    for card in sorted(set(p.cards)):
        if not card_playable(state, seat, card):
            continue
        if card in _ALWAYS:
            return card
        if card == Card.DOWRY and ctx.turns_left > 1 and state.bag_size() > 0:
            return card
        if card == Card.WHITEHALL and state.queen != seat and state.round_pos != board.QUEEN_LOCK_SPACE:
            return card
        if card == Card.INHERITANCE and ctx.scorings:
            return card
        if card == Card.CUNNING_STROKE and p.tile_count >= 2:
            return card
        if card == Card.VICAR and ctx.t < 1.0 and p.tile_count >= 2:
            return card
    return None


#: a move valued: its value, its actions, and the state after them (None for leisure, not played out)
Valued = tuple[float, list[A.Action], GameState | None]


def _valued_moves(state: GameState, trades: bool = False, site_bonus: float = 0.0,
                  weights: dict | None = None) -> list[Valued]:
    """Each kind of action (A-G) the turn's seat can take, tried as one whole move, with the value the evaluation
    (by ``weights``) gives its result and that result; leisure first."""
    seat = state.turn_seat
    p = state.players[seat]
    ctx = Ctx(state, seat, weights)
    # the others' prestige at the coming ball, as it is after any of the seat's moves (none changes theirs)
    others = {s: expected_prestige(state, s) for s in range(state.n) if s != seat}
    out: list[Valued] = [(evaluate(state, seat, weights, others_prestige=others) + board.LEISURE_VP, [_LEISURE], None)]
    for move, bonus, played in _moves(state, seat, p, ctx, trades, site_bonus):
        after = played
        if after is None:
            after = state.copy(keep_history=False, only_seat=seat)
            for action in move:
                apply_unchecked(after, action)
        out.append((evaluate(after, seat, weights, others_prestige=others) + bonus, move, after))
    return out


def _best(valued: list[Valued]) -> Valued:
    """The move valued highest (the first of equals)."""
    best = valued[0]
    for entry in valued[1:]:
        if entry[0] > best[0]:
            best = entry
    return best


def _tempered(valued: list[Valued], temper: float, rng: random.Random) -> Valued:
    """A move drawn with the weight exp(value / temper), the values taken from the best's."""
    top = max(entry[0] for entry in valued)
    weights = [math.exp((entry[0] - top) / temper) for entry in valued]
    draw = rng.random() * sum(weights)
    for weight, entry in zip(weights, valued, strict=True):
        draw -= weight
        if draw < 0:
            return entry
    return valued[-1]


def _moves(state: GameState, seat: int, p: PlayerState, ctx: Ctx, trades: bool = False,
           site_bonus: float = 0.0) -> list[tuple[list[A.Action], float, GameState | None]]:
    """One good instance of each kind of action this seat can take, as the actions that make it up, with what
    the evaluation would miss (the knight a castle sends) and the state after them where working the move
    out played it already (an expand; else None); with ``trades`` also an expand after a trade."""
    out: list[tuple[list[A.Action], float, GameState | None]] = []
    count = min(board.BRIBES_PER_ACTION, state.bribes_board, p.money // board.BRIBE_PRICE)
    if count:
        out.append(([_BRIBES[count]], 0.0, None))
    back = p.bribes if not ctx.balls_left else 0  # after the last ball a bribe is only worth its £1 or tile
    if not p.tax_used:
        out.append(([_TAXES[back]], 0.0, None))
    if not p.land_used and state.bag_size():
        out.append(([_LAND[back]], 0.0, None))
    donations = _donations(state, p, trades)
    if donations:
        out.append((donations, 0.0, None))
    out.extend((move, bonus, None) for move, bonus in _builds(state, seat, p, ctx))
    if p.tile_count:
        expand, after = _placements(state.copy(keep_history=False, only_seat=seat), seat, ctx, site_bonus)
        if expand:
            out.append((expand, 0.0, after))
    trade = _trade(state, seat, p, ctx, site_bonus > 0) if trades else None
    if trade is not None:
        trial = state.copy(keep_history=False, only_seat=seat)
        apply_unchecked(trial, trade)
        expand, after = _placements(trial, seat, ctx, site_bonus)
        if expand:
            out.append(([trade, *expand], 0.0, after))
    return out


def _trade(state: GameState, seat: int, p: PlayerState, ctx: Ctx, site: bool) -> A.Trade | None:
    """Two tiles the seat can spare for one it holds none of and the bag still has (R-TURN-3): the fourth tile
    of a square of three (the best region first), else a meadow for the castle site an Inheritance waits for."""
    if p.tile_count < 2:
        return None
    tiles = p.tiles
    _, need = square_progress(p.estate, ctx)
    wanted = [t for t in (FIELD, FOUNTAIN, GROVE) if need[t] and not tiles[t] and state.bag[t]]
    if wanted:
        take = max(wanted, key=lambda t: ctx.region_worth(REGION_OF_TILE[t]))
    elif site and not tiles[MEADOW] and state.bag[MEADOW]:
        take = MEADOW
    else:
        return None
    spare = tiles.copy()
    give: list[TileType] = []
    for _ in range(board.TRADE_GIVE):  # the most plentiful first, tiles other squares wait for last
        kind = max((k for k in TILE_TYPES if k != take and spare[k]), key=lambda k: (spare[k] > need[k], spare[k]))
        spare[kind] -= 1
        give.append(kind)
    return A.Trade((give[0], give[1]) if give[0] <= give[1] else (give[1], give[0]), take)


def _donations(state: GameState, p: PlayerState, convert: bool = False) -> list[A.Action]:
    """Every tile the church still takes, the most plentiful kinds first (R-ACT-F1); with ``convert``, in the
    last decade, then tiles it takes no more traded two for one it takes, and given too."""
    tiles, church = p.tiles.copy(), state.church.copy()
    out: list[A.Action] = []
    for kind in sorted(TILE_TYPES, key=lambda k: -tiles[k]):
        count = min(tiles[kind], board.CHURCH_SLOTS_PER_TYPE - church[kind])
        out.extend([_DONATE[kind]] * count)
        tiles[kind] -= count
        church[kind] += count
    if convert and state.decade == board.DECADES:
        bag = state.bag.copy()
        while (trade := church_conversion(tiles, church, bag)) is not None:
            for kind in trade.give:
                tiles[kind] -= 1
                bag[kind] += 1
            bag[trade.take] -= 1
            church[trade.take] += 1
            out.extend((trade, _DONATE[trade.take]))
    return [*out, _FINISH_DONATING] if out else []


def _builds(state: GameState, seat: int, p: PlayerState, ctx: Ctx) -> list[tuple[list[A.Action], float]]:
    out: list[tuple[list[A.Action], float]] = []
    estate = p.estate
    money = p.money
    if state.castles_board and money >= state.castle_price(seat):
        site = _castle_site(estate)
        if site is not None:
            knight = _best_knight(state, seat, ctx)[0] if p.knights_in_supply else 0.0
            out.append(([A.BuildCastle(site)], knight))
    if state.chapels_board and money >= state.chapel_price(seat):
        site = _chapel_site(estate)
        if site is not None:
            out.append(([A.BuildChapel(site)], 0.0))
    if state.palaces_board and money >= state.palace_price(seat):
        site = estate.memo("palace site", _palace_site)
        if site is not None:
            out.append(([A.BuildPalace(site)], 0.0))
    if state.follies and money >= state.folly_price(seat):
        meadows = estate.empty_meadows()
        allowed = follies_allowed(state, seat)
        if meadows and allowed:
            out.append(([A.BuildFolly(allowed[0], meadows[0])], 0.0))
    return out


def _placements(trial: GameState, seat: int, ctx: Ctx, site_bonus: float = 0.0) -> tuple[list[A.Action], GameState]:
    """Up to three tiles placed one after another where each does the most, on ``trial`` (a copy it changes):
    the placements and ``trial`` with them played."""
    p = trial.players[seat]
    out: list[A.Action] = []
    for _ in range(board.EXPAND_TILES):
        if not p.tile_count:
            break
        placed = _best_placement(trial, seat, p, ctx, site_bonus)
        if placed is None:
            break
        out.append(placed[1])
        before = cell_facts(p.estate)
        apply_unchecked(trial, placed[1])
        if site_bonus and not awaits_site(trial, seat):
            site_bonus = 0.0  # one site is enough
        if trial.step != Decision.EXPAND:  # a choice of region (or the third tile ended the expand)
            break
        cell_facts_after(p.estate, before, placed[1].pos)  # the next placement's facts, mostly as they were
    return out, trial


# -- the estate ------------------------------------------------------------------------------------------------
def _filled(estate, pos) -> int:
    x, y = pos
    tiles = estate.tiles
    return sum(1 for dx, dy in EIGHT if (x + dx, y + dy) in tiles)


def _castle_site(estate):
    return estate.memo("castle site", _best_castle_site)


def _best_castle_site(estate):
    sites = estate.castle_sites()
    return max(sites, key=lambda s: _filled(estate, s)) if sites else None


def _chapel_site(estate):
    return estate.memo("chapel site", _best_chapel_site)


def _best_chapel_site(estate):
    sites = estate.chapel_sites()
    return max(sites, key=lambda s: (_chapel_neighbours(estate, s), _filled(estate, s))) if sites else None


def _palace_site(estate):
    castles = estate.positions_of(Building.CASTLE)
    return max(castles, key=lambda c: _filled(estate, c)) if castles else None


def _chapel_neighbours(estate, pos) -> int:
    x, y = pos
    buildings = estate.buildings
    return sum(1 for dx, dy in EIGHT if buildings.get((x + dx, y + dy)) in (Building.CASTLE, Building.PALACE))


def _best_placement(state: GameState, seat: int, p: PlayerState, ctx: Ctx,
                    site_bonus: float = 0.0) -> tuple[float, A.PlaceTile] | None:
    """The tile to place next and where, by Normal's placement estimate (income, squares, enclosure), and
    ``site_bonus`` for a meadow that makes a castle site (R-ACT-B2); remembered with the estate for the stage
    of the game, the kinds of tile held and the bonus (the same estate at the same stage on other worlds)."""
    tiles = p.tiles
    stage = ctx.stage
    key = (id(stage), tiles[0] > 0, tiles[1] > 0, tiles[2] > 0, tiles[3] > 0, site_bonus)
    known = p.estate.memo("placements", _nothing_known)
    found = known.get(key)
    if found is not None and found[0] is stage:  # the stage kept with it: its id stays its own
        return found[1]
    w = ctx.w
    numbers = (id(w), ctx.m, ctx.t, ctx.p, ctx.tax_left, ctx.land_left, ctx.balls_left, ctx.balls_after, ctx.turns_left,
               ctx.scorings)
    tables = _TABLES.get(numbers)
    if tables is None or tables[0] is not w:
        if len(_TABLES) >= TABLES_KEPT:
            _TABLES.clear()
        tables = _TABLES[numbers] = (w, *_placement_tables(ctx))
    placed = _placement(p, ctx, site_bonus, tables)
    known[key] = (stage, placed)
    return placed


#: _placement_tables by the stage of the game's numbers they use (forgotten all at once when this many are known)
TABLES_KEPT = 1024
_TABLES: dict[tuple, tuple] = {}


def _placement_tables(ctx: Ctx) -> tuple[dict, dict, dict]:
    """square_delta and tile_income taken apart, the same sums in the same order: what only the stage of the
    game decides, worked out once for it, not for every cell and kind: each kind's income (away from and next
    to a castle), what the squares of each type hold and what a tile adds to them, by the tiles in them."""
    income = {k: (tile_income(k, False, ctx), tile_income(k, True, ctx)) for k in TILE_TYPES}
    square3, square2 = ctx.w["square3"], ctx.w["square2"]
    worth = {k: ctx.region_worth(REGION_OF_TILE[k]) for k in (F, W, G)}
    held = {k: (0.0, 0.0, square2 * worth[k], square3 * worth[k]) for k in (F, W, G)}
    grown = {k: (0.0, square2 * worth[k], square3 * worth[k], worth[k]) for k in (F, W, G)}
    return income, held, grown


def _nothing_known(estate) -> dict:
    return {}


def _placement(p: PlayerState, ctx: Ctx, site_bonus: float, tables: tuple) -> tuple[float, A.PlaceTile] | None:
    kinds = [k for k in TILE_TYPES if p.tiles[k]]
    if not kinds:
        return None
    _, income, held, grown = tables
    best_value, best_kind, best_cell = 0.0, kinds[0], (0, 0)
    found = False
    for cell, (squares, castles) in cell_facts(p.estate).items():
        enclose = enclosure_gain(castles, ctx)
        before = 0.0
        for kind, same in squares:
            if kind is not None and same >= 2:
                before += held[kind][same]
        near = bool(castles)
        for tile in kinds:
            after = 0.0
            if tile != MEADOW:
                grow = grown[tile]
                for kind, same in squares:
                    if (kind is None or kind == tile) and same >= 1:
                        after += grow[same]
            value = income[tile][near] + enclose + after - before
            if site_bonus and tile == MEADOW and not near:
                value += site_bonus
            if not found or value > best_value:
                best_value, best_kind, best_cell, found = value, tile, cell, True
    return (best_value, A.PlaceTile(best_kind, best_cell)) if found else None


def _expand(state: GameState, site_bonus: float = 0.0, weights: dict | None = None) -> A.Action:
    seat = state.turn_seat
    p = state.players[seat]
    if state.expanding.placed < board.EXPAND_TILES and p.tile_count:
        placed = _best_placement(state, seat, p, Ctx(state, seat, weights), site_bonus)
        if placed is not None and placed[0] > 0:
            return placed[1]
    return A.FinishExpanding()


def _choose_region(state: GameState) -> A.Action:
    return A.ChooseRegion(state.expanding.region_choices[0])


def _best_knight(state: GameState, seat: int, ctx: Ctx) -> tuple[float, tuple[int, int] | None]:
    """The most valuable free region of another player for a knight of ``seat`` (value, (owner, region))."""
    best: tuple[float, tuple[int, int] | None] = (0.0, None)
    for owner, region in knight_targets(state, seat):
        victim = state.players[owner]
        kind = victim.estate.regions[region][0]
        if kind == RegionKind.FARM:
            value = board.FARM_MONEY * ctx.m * (1 + ctx.tax_left)
        elif kind == RegionKind.FOREST:
            value = board.FOREST_TILES * ctx.t * (1 + ctx.land_left)
        else:
            value = board.KNIGHT_PRESTIGE * ctx.p * ctx.balls_after
            if state.queen == owner and state.round_pos != board.QUEEN_LOCK_SPACE:
                value += ctx.w["queen"] * min(1.0, ctx.turns_left / 3)
        if value > best[0]:
            best = (value, (owner, region))
    return best


def _knight(state: GameState) -> A.Action:
    seat = state.turn_seat
    p = state.players[seat]
    value, target = _best_knight(state, seat, Ctx(state, seat))
    if target is None:
        return A.SkipKnight()
    if p.knights_in_supply:
        return A.PlaceKnight(*target)
    return A.MoveKnight(*p.knights[0], *target) if value > 1.0 else A.SkipKnight()


def _give_tiles(state: GameState) -> A.Action:
    """The forest owner gives what he has most of, meadows first."""
    tiles = state.players[state.decider].tiles.copy()
    count = min(board.FOREST_TILES_GIVEN, sum(tiles))
    given: list[TileType] = []
    for _ in range(count):
        kind = max(TILE_TYPES, key=lambda k: (tiles[k] > 0, k == MEADOW, tiles[k]))
        tiles[kind] -= 1
        given.append(kind)
    return A.GiveTiles(tuple(sorted(given)))


def _donate(state: GameState) -> A.Action:
    p = state.players[state.turn_seat]
    open_kinds = [k for k in TILE_TYPES if p.tiles[k] and state.church[k] < board.CHURCH_SLOTS_PER_TYPE]
    if open_kinds and Ctx(state, state.turn_seat).t < 1.0:
        return A.Donate(max(open_kinds, key=lambda k: p.tiles[k]))
    return A.FinishDonating()


def _vicar(state: GameState) -> A.Action:
    p = state.players[state.turn_seat]
    if state.vicar_returned < board.VICAR_TILES and p.tile_count:
        return A.ReturnTile(max(TILE_TYPES, key=lambda k: p.tiles[k]))
    return A.FinishVicar()


def _inheritance(state: GameState) -> A.Action:
    site = _castle_site(state.players[state.turn_seat].estate)
    assert site is not None  # the card is playable only with a site (R-CARD-3)
    return A.InheritCastle(site)


def _keep_card(state: GameState, weights: dict | None = None) -> A.Action:
    seat = state.decider
    keep_all = Card.INTRIGUE in state.players[seat].cards and len(state.offered) > 1
    legal: list[A.Action] = [A.KeepCard(c) for c in sorted(set(state.offered))]
    if keep_all:
        legal.append(A.KeepAllWithIntrigue())
    return choose_card(state, seat, legal, weights or WEIGHTS)


def _ball(state: GameState, weights: dict | None = None) -> A.Action:
    seat = state.decider
    p = state.players[seat]
    legal: list[A.Action] = [_PLACE_PRESTIGE]
    if p.bribes:
        legal.append(_HAND_BACK_BRIBE)
    legal.extend(_HAND_BACK_CARD[c] for c in sorted(set(p.cards)))
    return choose_ball(state, seat, legal, weights or WEIGHTS)


def _start_tiles(state: GameState) -> A.Action:
    return START_CHOICE


_BY_DECISION = {
    Decision.CHOOSE_START_TILES: _start_tiles,
    Decision.CHOOSE_REGION: _choose_region,
    Decision.KNIGHT: _knight,
    Decision.GIVE_TILES: _give_tiles,
    Decision.DONATE: _donate,
    Decision.VICAR: _vicar,
    Decision.INHERITANCE: _inheritance,
}


class PlayoutPlayer:
    """The playout policy as a player of its own, on a sampled determinization of its view (for measuring)."""

    name = "playout"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._policy = PlayoutPolicy()

    def choose(self, view: PlayerView, legal: list) -> A.Action:
        action = self._policy.choose(determinize(view, self._rng))
        return action if action in legal else legal[0]
