"""Turn planning on a (determinized) state: a narrow beam search over the seat's own consecutive decisions.

A turn is a chain of atomic actions (a card, trades, the action with its steps such as three PlaceTile and
FinishExpanding, a knight, EndTurn). The planner scores every child by the static evaluation, keeps the
best few at each depth and follows them until the seat stops deciding or ends its turn. Tile placements are
pre-ranked by a cheap local estimate, so only the promising ones are applied and evaluated in full.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules import actions as A
from rules import board
from rules.bots.evaluate import (
    EIGHT,
    WEIGHTS,
    Ctx,
    card_value,
    evaluate,
    expected_prestige,
    forecast_titles,
    relative,
    square_progress,
)
from rules.bots.squares import square_tiles
from rules.engine import apply_unchecked
from rules.estate import Estate
from rules.legal import legal_actions
from rules.model import REGION_OF_TILE, TILE_TYPES, Building, Card, Decision, Pos, TileType
from rules.state import GameState

OWN_STEPS = frozenset({
    Decision.TURN, Decision.EXPAND, Decision.CHOOSE_REGION, Decision.KNIGHT, Decision.DONATE, Decision.VICAR,
    Decision.INHERITANCE,
})
M = TileType.MEADOW


def _open_squares_at(square_tiles: dict[Pos, TileType], pos: Pos) -> list[tuple[TileType | None, int]]:
    """For each 2x2 square through the empty cell ``pos`` that a tile there could still complete: the type of
    its tiles (None if it is empty) and how many of its other three cells hold one."""
    x, y = pos
    get = square_tiles.get
    nw, n, ne = get((x - 1, y - 1)), get((x, y - 1)), get((x + 1, y - 1))
    w, e = get((x - 1, y)), get((x + 1, y))
    sw, s, se = get((x - 1, y + 1)), get((x, y + 1)), get((x + 1, y + 1))
    out: list[tuple[TileType | None, int]] = []
    # the other three cells of the squares anchored at (x-1, y-1), (x, y-1), (x-1, y) and (x, y)
    for others in ((nw, n, w), (n, ne, e), (w, sw, s), (e, s, se)):
        kind, same = None, 0
        for there in others:
            if there is None:
                continue
            if there == M or (kind is not None and there != kind):
                break
            kind, same = there, same + 1
        else:
            out.append((kind, same))
    return out


def square_delta(squares: list[tuple[TileType | None, int]], tile: TileType, ctx: Ctx) -> tuple[float, float]:
    """The progress of the open squares through a cell (see square_progress) with ``tile`` placed there and
    before: the squares of its type grow (a fourth tile forms the region), those of another type are blocked."""
    square3, square2 = ctx.w["square3"], ctx.w["square2"]
    before = after = 0.0
    for kind, same in squares:
        if kind is not None and same >= 2:
            before += (square3 if same == 3 else square2) * ctx.region_worth(REGION_OF_TILE[kind])
        if tile != M and (kind is None or kind == tile) and same >= 1:
            worth = ctx.region_worth(REGION_OF_TILE[tile])
            after += worth if same == 3 else (square3 if same == 2 else square2) * worth
    return after, before


def _enclosure(estate: Estate) -> dict[Pos, tuple[int, int]]:
    """(building score, filled neighbours) of each castle and palace, by position."""
    tiles = estate.tiles
    return {
        (x, y): (3 if b == Building.CASTLE else 5, sum(1 for ex, ey in EIGHT if (x + ex, y + ey) in tiles))
        for (x, y), b in estate.buildings.items() if b == Building.CASTLE or b == Building.PALACE
    }


def _castles_near(estate: Estate) -> dict[Pos, list[tuple[int, int]]]:
    """For each cell next to a castle or palace: (score, filled neighbours) of each, in EIGHT order from it."""
    around = _enclosure(estate)
    near: dict[Pos, list[tuple[int, int]]] = {}
    for dx, dy in EIGHT:  # direction by direction, so that each cell's list is in EIGHT order
        for (x, y), facts in around.items():
            near.setdefault((x - dx, y - dy), []).append(facts)
    return near


def _cell_facts(estate: Estate) -> dict[Pos, tuple[list[tuple[TileType | None, int]], list[tuple[int, int]]]]:
    """For each cell a tile may go to: its open squares, and (score, filled neighbours) of each castle or palace
    next to it. What a placement there is worth follows from these and the stage of the game."""
    near = _castles_near(estate)
    tiles = square_tiles(estate)
    return {cell: (_open_squares_at(tiles, cell), near.get(cell, [])) for cell in estate.placeable()}


def cell_facts(estate: Estate) -> dict[Pos, tuple[list[tuple[TileType | None, int]], list[tuple[int, int]]]]:
    return estate.memo("cells", _cell_facts)


def cell_facts_after(
    estate: Estate, before: dict[Pos, tuple[list[tuple[TileType | None, int]], list[tuple[int, int]]]], pos: Pos,
) -> dict[Pos, tuple[list[tuple[TileType | None, int]], list[tuple[int, int]]]]:
    """``cell_facts(estate)`` right after a tile was placed at ``pos`` (and maybe a region formed through it),
    from the facts ``before`` it: only the cells within two of ``pos`` can differ (the squares through its
    neighbours and the region's tiles, the castles next to it)."""
    px, py = pos

    def update(estate: Estate) -> dict[Pos, tuple[list[tuple[TileType | None, int]], list[tuple[int, int]]]]:
        near = _castles_near(estate)
        tiles = square_tiles(estate)
        return {
            cell: before[cell] if abs(cell[0] - px) > 2 or abs(cell[1] - py) > 2
            else (_open_squares_at(tiles, cell), near.get(cell, []))
            for cell in estate.placeable()
        }

    return estate.memo("cells", update)


def enclosure_gain(castles: list[tuple[int, int]], ctx: Ctx) -> float:
    """What a tile adds to the castles and palaces around its cell by enclosing them further."""
    value = 0.0
    for score, filled in castles:
        value += score * (0.3 + 0.25 * (filled + 1)) * max(1, ctx.scorings) * 0.5  # the new tile is one
    return value


def tile_income(tile: TileType, near_castle: bool, ctx: Ctx) -> float:
    """What a placed tile yields by its type: taxes for a field, land for a grove, prestige for a fountain,
    a building site for a meadow (less of one next to a castle or palace)."""
    if tile == TileType.FIELD:
        return ctx.m * ctx.tax_left
    if tile == TileType.GROVE:
        return ctx.t * ctx.land_left
    if tile == TileType.FOUNTAIN:
        return ctx.p * ctx.balls_after
    if ctx.turns_left <= 1:
        return 0.0
    return ctx.w["meadow_site"] * (0.3 if near_castle else 1.0)


def placement_delta(state: GameState, seat: int, tile: TileType, pos: Pos, ctx: Ctx) -> float:
    """A cheap local estimate of what placing `tile` at `pos` adds to the estate."""
    squares, castles = cell_facts(state.players[seat].estate)[pos]
    value = tile_income(tile, bool(castles), ctx) + enclosure_gain(castles, ctx)
    if tile == M and not castles and ctx.w["inherit_site"] and awaits_site(state, seat):
        value += ctx.w["inherit_site"]
    after, before = square_delta(squares, tile, ctx)
    return value + after - before


def church_conversion(tiles: list[int], church: list[int], bag: list[int]) -> A.Trade | None:
    """Two tiles of kinds the church takes no more of this decade for one of a kind it still takes and that
    the seat holds none of (R-TURN-3, R-ACT-F1): at the end of the game a tile left over is worth nothing, a
    tile donated 1 VP."""
    slots = board.CHURCH_SLOTS_PER_TYPE
    take = next((k for k in TILE_TYPES if church[k] < slots and not tiles[k] and bag[k]), None)
    if take is None:
        return None
    given = _two_most_plentiful([k for k in TILE_TYPES if church[k] >= slots for _ in range(tiles[k])], tiles)
    return A.Trade(given, take) if given else None


def _two_most_plentiful(spare: Sequence[TileType], tiles: list[int]) -> tuple[TileType, TileType] | None:
    """The two tiles to give in a trade (R-TURN-3) from ``spare``, those of the kinds held most first."""
    if len(spare) < board.TRADE_GIVE:
        return None
    a, b = sorted(sorted(spare, key=lambda k: -tiles[k])[:board.TRADE_GIVE])
    return a, b


def fountain_trade(tiles: list[int], need: list[int], bag: list[int]) -> A.Trade | None:
    """Two tiles no square waits for, of the most plentiful kinds, for a fountain (R-TURN-3): placed before a
    ball it brings a prestige there (R-BALL-2), where in the last decade a tile kept to the end brings nothing."""
    if not bag[TileType.FOUNTAIN]:
        return None
    spare = [k for k in TILE_TYPES if k != TileType.FOUNTAIN for _ in range(max(0, tiles[k] - need[k]))]
    given = _two_most_plentiful(spare, tiles)
    return A.Trade(given, TileType.FOUNTAIN) if given else None


def awaits_site(state: GameState, seat: int) -> bool:
    """The seat holds an Inheritance it cannot play for want of a castle site (R-CARD-3), a castle being left."""
    p = state.players[seat]
    return Card.INHERITANCE in p.cards and state.castles_board > 0 and not p.estate.castle_sites()


class Planner:
    """Plans the seat's own decisions with a beam search; `noise` perturbs the root scores (Easy)."""

    def __init__(
        self, seat: int, *, beam: tuple[int, ...] = (4, 2, 2, 1, 1, 1, 1), place_k: int = 6,
        weights: dict | None = None, noise: float = 0.0, rng: random.Random | None = None, share: float = 0.0,
        values: Callable[[GameState], list[float]] | None = None, one_bribe: bool = False,
        whole_donation: bool = False,
    ) -> None:
        self.seat = seat
        self.one_bribe = one_bribe  # the beam follows one bribe amount only (Normal, Easy: see _followed)
        # in the last decade the beam follows a donation at the turn's start, beyond its width (see _followed)
        self.whole_donation = whole_donation
        self.share = share  # > 0: value = own evaluation - share * the others' mean (Hard)
        self.values = values  # every seat's value of a position at once, instead of the evaluation (Hard)
        self.beam = beam
        self.place_k = place_k
        self.weights = weights or WEIGHTS
        self.noise = noise
        self.rng = rng or random.Random(0)

    def value(self, state: GameState) -> float:
        if self.values is not None:
            values = self.values(state)
            mine = values[self.seat]
            return mine - self.share * (sum(values) - mine) / (len(values) - 1)
        if self.share:
            return relative(state, self.seat, self.weights, self.share)
        return evaluate(state, self.seat, self.weights)

    def children(self, state: GameState, legal: list) -> list:
        seat = self.seat
        places: list[A.PlaceTile] = []
        trades: list[A.Trade] = []
        out: list = []
        for a in legal:
            if type(a) is A.PlaceTile:
                places.append(a)
            elif type(a) is A.Trade:
                trades.append(a)
            else:
                out.append(a)
        p = state.players[seat]
        if places:
            ctx = Ctx(state, seat, self.weights)
            _, need = square_progress(p.estate, ctx)
            scored = []
            for a in places:
                d = placement_delta(state, seat, a.tile, a.pos, ctx)
                if need[a.tile] and p.tiles[a.tile] <= need[a.tile]:
                    d -= 0.1  # keep the last tile a square waits for unless this is that square
                scored.append((d, a))
            scored.sort(key=lambda x: -x[0])
            out.extend(a for _, a in scored[: self.place_k])
            if self.weights["tile_last"] and state.decade == board.DECADES and ctx.balls_left:
                # the best fountain too: the local estimate leaves out its prestige at the coming ball (the
                # outlook's), so a meadow's site value ranks above it, and a fountain traded for is never placed
                placed = next((a for _, a in scored if a.tile == TileType.FOUNTAIN), None)
                if placed is not None and placed not in out:
                    out.append(placed)
        if trades:
            ctx = Ctx(state, seat, self.weights)
            _, need = square_progress(p.estate, ctx)
            chosen: dict[TileType, A.Trade] = {}
            for a in trades:
                if need[a.take] and not p.tiles[a.take] and a.give[0] != TileType.MEADOW:
                    spare = p.tiles[a.give[0]] + p.tiles[a.give[1]] - need[a.give[0]] - need[a.give[1]]
                    old = chosen.get(a.take)
                    if old is None or spare > p.tiles[old.give[0]] + p.tiles[old.give[1]]:
                        chosen[a.take] = a
            out.extend(chosen.values())
            donating = state.step == Decision.DONATE or (state.step == Decision.TURN and not state.action_taken)
            if self.weights["tile_room"] and state.decade == board.DECADES and donating:
                conversion = church_conversion(p.tiles, state.church, state.bag)
                # the table's trades: a sampled world's bag may hold a tile that is behind another screen
                if conversion is not None and conversion not in out and conversion in trades:
                    out.append(conversion)
            # while an expand can still place the fountain (R-ACT-A1): traded earlier, it may never be placed
            placing = (state.step == Decision.EXPAND and state.expand is not None
                       and board.EXPAND_TILES - state.expand.placed > p.tiles[TileType.FOUNTAIN])
            if self.weights["tile_last"] and state.decade == board.DECADES and ctx.balls_left and placing:
                fountain = fountain_trade(p.tiles, need, state.bag)
                if fountain is not None and fountain not in out and fountain in trades:
                    out.append(fountain)
        return out

    def _followed(self, kids: list[tuple[float, list[A.Action], GameState | None]], width: int) -> range | list[int]:
        """The places in the sorted `kids` of those the beam follows deeper: the best `width`. With `one_bribe`,
        the bribe amounts (up to five, valued nearly alike right after the bribe) fill one place of the beam,
        not all: otherwise they can leave no place for an expansion, whose worth shows only once its three
        tiles are placed (R-ACT-A1, R-ACT-C1)."""
        if not self.one_bribe:
            return range(min(width, len(kids)))
        followed: list[int] = []
        bribe = False
        for i, (_v, line, _child) in enumerate(kids):
            if len(followed) >= width:
                break
            if type(line[0]) is A.Bribe:
                if bribe:
                    continue
                bribe = True
            followed.append(i)
        return followed

    def _own(self, state: GameState) -> bool:
        return state.decider == self.seat and state.turn_seat == self.seat and state.step in OWN_STEPS

    def search(self, state: GameState, depth: int = 0, legal: list | None = None) -> list[tuple[float, A.Action]]:
        """Children of `state` as (value, action), best first; the best few valued by searching deeper."""
        return [(v, line[0]) for v, line in self.lines(state, depth, legal)]

    def lines(self, state: GameState, depth: int = 0, legal: list | None = None) -> list[tuple[float, list[A.Action]]]:
        """Like `search`, with each child's best line of play through the rest of the seat's turn (as far as
        the beam followed it)."""
        if legal is None:
            legal = legal_actions(state)
        kids: list[tuple[float, list[A.Action], GameState | None]] = []
        for a in self.children(state, legal):
            if type(a) is A.EndTurn:
                v = self.value(state) + (board.QUEEN_VP if state.queen == self.seat else 0)
                kids.append((v, [a], None))
                continue
            after = state.copy(keep_history=False)
            apply_unchecked(after, a)
            kids.append((self.value(after), [a], after))
        kids.sort(key=lambda k: -k[0])
        width = self.beam[depth] if depth < len(self.beam) else 0
        followed = list(self._followed(kids, width))
        if depth == 0 and self.whole_donation and state.decade == board.DECADES:
            # a donation is worth its tiles' VP only once they are all given (R-ACT-F1): valued after its first
            # tile it ranks below the expands and is never followed, and its line's score, the search's prior,
            # undervalues it by up to a VP-equivalent a tile; where a tile kept is worth nothing at the end
            # (R-END), that kept Hard from giving what the church still took
            donation = next((i for i, kid in enumerate(kids) if type(kid[1][0]) is A.Donate), None)
            if donation is not None and donation not in followed:
                followed.append(donation)
        for i in followed:
            _v, line, child = kids[i]
            if child is not None and self._own(child):
                sub = self.lines(child, depth + 1)
                if sub:
                    kids[i] = (sub[0][0], line + sub[0][1], child)
        ranked = [(v, line) for v, line, _child in kids]
        if depth == 0 and self.noise:
            ranked = [(v + self.rng.gauss(0.0, self.noise), line) for v, line in ranked]
        ranked.sort(key=lambda k: -k[0])
        return ranked


# -- decisions outside the turn --------------------------------------------------------------------------------
def card_keep_value(state: GameState, seat: int, action: A.Action, weights: dict | None = None,
                    ctx: Ctx | None = None) -> float:
    """What keeping a card offered is worth (R-CARD-1), or all of them for an Intrigue (R-CARD-4)."""
    ctx = ctx or Ctx(state, seat, weights)
    if type(action) is A.KeepCard:
        return card_value(action.card, ctx)
    return sum(card_value(c, ctx) for c in state.offered) - card_value(Card.INTRIGUE, ctx) - 0.3


def choose_card(state: GameState, seat: int, legal: list, weights: dict | None = None) -> A.Action:
    ctx = Ctx(state, seat, weights)
    best, best_v = legal[0], -1e9
    for a in legal:
        if type(a) is not A.KeepCard and type(a) is not A.KeepAllWithIntrigue:
            continue  # a trade (R-TURN-3 allows one here) is the turn's business, not the card's
        v = card_keep_value(state, seat, a, ctx=ctx)
        if v > best_v:
            best, best_v = a, v
    return best


def hand_back_options(state: GameState, seat: int, weights: dict | None = None) -> list[tuple[int, float, list]]:
    """(extra prestige, cost, hand-backs) for each extra prestige the seat can reach at the ball: the cheapest
    set of bribes and cards for it (a knapsack), the biggest single step first."""
    cost, picks = _hand_back_costs(_hand_back_items(state, seat, weights))
    return [(e, c, _hand_backs(picks[e])) for e, c in enumerate(cost) if c < _INF]


_INF = float("inf")


def _hand_back_items(state: GameState, seat: int, weights: dict | None) -> tuple[tuple[int, float, A.Action], ...]:
    """What the seat can hand back at a ball: (prestige it gives, what it costs, the action) for each bribe and
    card, in the order they are held."""
    ctx = Ctx(state, seat, weights)
    p = state.players[seat]
    last = ctx.balls_after == 0
    bribe_cost = ctx.late_bribe if last else ctx.w["bribe"]
    items: list[tuple[int, float, A.Action]] = [(1, bribe_cost, _HAND_BACK_BRIBE)] * p.bribes
    for card in p.cards:
        if card == Card.BLACKMAIL:
            items.append((board.BLACKMAIL_PRESTIGE, 0.0 if last else 1.6, _HAND_BACK_CARD[card]))
        else:
            items.append((1, card_value(card, ctx) + 0.05, _HAND_BACK_CARD[card]))
    return tuple(items)


def _hand_back_costs(items: tuple[tuple[int, float, A.Action], ...]) -> tuple[list[float], list]:
    """hand_back_options' knapsack over ``items``: the cheapest cost of each extra prestige (inf: out of reach)
    and its set, as a chain (the set it extends, gain, action; None: the empty set). Remembered by the items,
    all it depends on, as a playout's ball asks again at every step of every seat (not to be modified)."""
    known = _COSTS.get(items)
    if known is not None:
        return known
    top = sum(g for g, _, _ in items)
    cost = [0.0] + [_INF] * top
    picks: list = [None] * (top + 1)
    for gain, c, act in items:
        for e in range(top, gain - 1, -1):
            if cost[e - gain] + c < cost[e]:
                cost[e] = cost[e - gain] + c
                picks[e] = (picks[e - gain], gain, act)
    if len(_COSTS) >= COSTS_KEPT:
        _COSTS.clear()
    _COSTS[items] = cost, picks
    return cost, picks


#: _hand_back_costs' tables by their items (forgotten all at once when this many are known)
COSTS_KEPT = 1024
_COSTS: dict[tuple, tuple[list[float], list]] = {}


def _hand_backs(chain) -> list[A.Action]:
    """A set of the knapsack as actions, the biggest gain first (equal gains in the order the set was built)."""
    picked: list[tuple[int, A.Action]] = []
    while chain is not None:
        chain, gain, act = chain
        picked.append((gain, act))
    picked.reverse()
    return [act for _, act in sorted(picked, key=_gain, reverse=True)]  # stable


def _gain(item: tuple[int, A.Action]) -> int:
    return item[0]


_HAND_BACK_BRIBE = A.HandBackBribe()
_HAND_BACK_CARD = {card: A.HandBackCard(card) for card in Card}


def choose_ball(state: GameState, seat: int, legal: list, weights: dict | None = None) -> A.Action:
    """Hand back the cheapest set of bribes and cards that buys the best title, or nothing."""
    ball = state.at_ball
    # the others still to place their markers (forecast_title knows the places of the rest)
    others = {s: expected_prestige(state, s) for s, place in enumerate(ball.places) if place < 0 and s != seat}
    current = ball.base + ball.extra
    best, best_v = None, -float("inf")
    costs, picks = _hand_back_costs(_hand_back_items(state, seat, weights))
    reachable = [e for e, cost in enumerate(costs) if cost != _INF]
    titles = forecast_titles(state, seat, [current + e for e in reachable], others)
    for e, title in zip(reachable, titles, strict=True):
        v = board.TITLE_VP[title] + 0.5 * board.TITLE_DISCOUNT[title] - costs[e]
        if v > best_v + 1e-9:
            best, best_v = picks[e], v
    if best is None:  # nothing, or the empty set, is best
        return A.PlacePrestige()
    best = _hand_backs(best)  # only the chosen set is sorted
    # the biggest single step of the chosen set first
    return best[0] if best[0] in legal else A.PlacePrestige()


START_CHOICE = A.ChooseStartTiles((3, 3, 3, 3))
