"""The fast policy that plays every seat in Hard's playouts: sensible moves at a few dozen microseconds each.

A playout runs a game on to its next ball, building scoring or end, a hundred decisions or more, many times a
turn; the planner (a beam search that copies and evaluates a state per child) is a hundred times too slow
for that. This policy values each kind of move directly from the position, with the stage-of-game prices of
`rules.bots.evaluate.Ctx` (what a pound, a tile, a point of prestige are still worth), and builds its action
from the same sites the engine offers (`Estate.frontier`, `castle_sites`, `follies_allowed`, ...) instead of
listing every legal action. A test checks that every action it picks is legal.
"""

from __future__ import annotations

import random

from rules import actions as A
from rules import board
from rules.bots.determinize import determinize
from rules.bots.evaluate import _ENCLOSE, EIGHT, WEIGHTS, Ctx
from rules.bots.planner import START_CHOICE, choose_ball, choose_card
from rules.engine import land_income, tax_income
from rules.legal import card_playable, follies_allowed, knight_targets
from rules.model import REGION_OF_TILE, TILE_TYPES, Building, Card, Decision, RegionKind, TileType
from rules.state import GameState, PlayerState
from rules.view import PlayerView

MEADOW = TileType.MEADOW
#: the share of a region's worth that one more tile of its square brings, by tiles already in the square
SQUARE_STEP = (0.04, 0.12, 0.3, 0.55)
#: cards worth playing as soon as they can be (the others wait for their moment)
_ALWAYS = (Card.TRIBUTE, Card.SECRET_MARRIAGE)


def rollout_action(state: GameState) -> A.Action:
    """The fast policy's choice for whoever decides in ``state`` (a full, determinized state)."""
    return _BY_DECISION[state.step](state)


# -- the turn ------------------------------------------------------------------------------------------------
def _turn(state: GameState) -> A.Action:
    seat = state.turn_seat
    p = state.players[seat]
    ctx = Ctx(state, seat)
    if not state.card_played and p.cards:
        card = _card_to_play(state, seat, p, ctx)
        if card is not None:
            return A.PlayCard(card)
    if not state.action_taken:
        return _best_action(state, seat, p, ctx)
    return A.EndTurn()


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


def _best_action(state: GameState, seat: int, p: PlayerState, ctx: Ctx) -> A.Action:
    best: A.Action = A.Leisure()
    best_v = float(board.LEISURE_VP)
    for value, action in _options(state, seat, p, ctx):
        if value > best_v:
            best, best_v = action, value
    return best


def _options(state: GameState, seat: int, p: PlayerState, ctx: Ctx) -> list[tuple[float, A.Action]]:
    """(value, first action) of each action A-F this seat can take, in VP-equivalents."""
    out: list[tuple[float, A.Action]] = []
    m, t = ctx.m, ctx.t
    count = min(board.BRIBES_PER_ACTION, state.bribes_board, p.money // board.BRIBE_PRICE)
    if count:
        hold = ctx.w["bribe"] if ctx.balls_left else 0.0
        out.append((count * (1 + hold - board.BRIBE_PRICE * m), A.Bribe(count)))
    back = p.bribes if not ctx.balls_left else 0  # after the last ball a bribe is only worth its £1 or tile
    if not p.tax_used:
        out.append((tax_income(state, seat, back) * m, A.CollectTaxes(back)))
    if not p.land_used:
        tiles = min(land_income(state, seat, back), state.bag_size())
        out.append((tiles * t, A.AcquireLand(back)))
    church = [min(p.tiles[k], board.CHURCH_SLOTS_PER_TYPE - state.church[k]) for k in TILE_TYPES]
    if sum(church) and t < 1.0:
        kind = max(TILE_TYPES, key=lambda k: (church[k], p.tiles[k]))
        out.append((sum(church) * (1.0 - t), A.Donate(kind)))
    out.extend(_builds(state, seat, p, ctx))
    if p.tile_count:
        placed = _best_placement(state, seat, p, ctx)
        if placed is not None:
            value, action = placed
            out.append((value * min(3, p.tile_count), action))  # about as good again for the next tiles
    return out


def _builds(state: GameState, seat: int, p: PlayerState, ctx: Ctx) -> list[tuple[float, A.Action]]:
    out: list[tuple[float, A.Action]] = []
    estate = p.estate
    money, m = p.money, ctx.m
    if state.castles_board and money >= state.castle_price(seat):
        site = _castle_site(estate)
        if site is not None:
            knight = _best_knight(state, seat, ctx)[0] if p.knights_in_supply else 0.0
            value = _building_hope(estate, site, board.CASTLE_SCORE, ctx) + max(0.0, knight)
            out.append((value - state.castle_price(seat) * m, A.BuildCastle(site)))
    if state.chapels_board and money >= state.chapel_price(seat):
        site = _chapel_site(estate)
        if site is not None:
            value = 2.0 * min(1.0, ctx.turns_left / 3) + _chapel_neighbours(estate, site) * ctx.scorings * 0.6
            out.append((value - state.chapel_price(seat) * m, A.BuildChapel(site)))
    if state.palaces_board and money >= state.palace_price(seat):
        castles = estate.positions_of(Building.CASTLE)
        if castles:
            pos = max(castles, key=lambda c: _filled(estate, c))
            value = 2 * ctx.p * ctx.balls_after + _building_hope(estate, pos, 2, ctx)
            if state.queen != seat and state.round_pos != board.QUEEN_LOCK_SPACE:
                value += ctx.w["queen"] * min(1.0, ctx.turns_left / 3)
            out.append((value - state.palace_price(seat) * m, A.BuildPalace(pos)))
    if state.follies and money >= state.folly_price(seat):
        meadows = estate.empty_meadows()
        allowed = follies_allowed(state, seat)
        if meadows and allowed:
            out.append((ctx.folly_vp - state.folly_price(seat) * m, A.BuildFolly(allowed[0], meadows[0])))
    return out


# -- the estate ------------------------------------------------------------------------------------------------
def _filled(estate, pos) -> int:
    x, y = pos
    tiles = estate.tiles
    return sum(1 for dx, dy in EIGHT if (x + dx, y + dy) in tiles)


def _building_hope(estate, pos, score: int, ctx: Ctx) -> float:
    """What a castle or palace at ``pos`` may still earn at building scorings (by how enclosed it is)."""
    return score * ctx.scorings * _ENCLOSE[_filled(estate, pos)]


def _castle_site(estate):
    sites = estate.castle_sites()
    return max(sites, key=lambda s: _filled(estate, s)) if sites else None


def _chapel_site(estate):
    sites = estate.chapel_sites()
    return max(sites, key=lambda s: (_chapel_neighbours(estate, s), _filled(estate, s))) if sites else None


def _chapel_neighbours(estate, pos) -> int:
    x, y = pos
    buildings = estate.buildings
    return sum(1 for dx, dy in EIGHT if buildings.get((x + dx, y + dy)) in (Building.CASTLE, Building.PALACE))


def _tile_values(ctx: Ctx) -> list[float]:
    """What a tile of each type is worth in the estate (by the income still to come), its place in hand lost."""
    return [
        ctx.m * (1 + ctx.tax_left) - ctx.t,  # a field pays £1 now and in every tax collection
        ctx.p * ctx.balls_after - ctx.t,  # a fountain: prestige at every ball
        ctx.t * (1 + ctx.land_left) - ctx.t,  # a grove draws a tile now and at every land action
        (ctx.w["meadow_site"] * 0.5 if ctx.turns_left > 1 else 0.0) - ctx.t,
    ]


def _region_worth(ctx: Ctx) -> list[float]:
    return [ctx.region_worth(REGION_OF_TILE[k]) if k != MEADOW else 0.0 for k in TILE_TYPES]


def _best_placement(state: GameState, seat: int, p: PlayerState, ctx: Ctx) -> tuple[float, A.PlaceTile] | None:
    """The most valuable tile to place next and where, by a local estimate (squares, enclosure, income)."""
    estate = p.estate
    tiles, region_at, buildings = estate.tiles, estate.region_at, estate.buildings
    base = _tile_values(ctx)
    worth = _region_worth(ctx)
    kinds = [k for k in TILE_TYPES if p.tiles[k]]
    best: tuple[float, A.PlaceTile] | None = None
    for cell in estate.frontier:
        x, y = cell
        enclose = 0.0
        for dx, dy in EIGHT:
            b = buildings.get((x + dx, y + dy))
            if b == Building.CASTLE or b == Building.PALACE:
                filled = _filled(estate, (x + dx, y + dy))
                score = board.CASTLE_SCORE if b == Building.CASTLE else board.PALACE_SCORE
                enclose += score * max(1, ctx.scorings) * (_ENCLOSE[min(8, filled + 1)] - _ENCLOSE[filled])
        for kind in kinds:
            value = base[kind] + enclose
            if kind != MEADOW:
                for ax, ay in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
                    same = 0
                    for c in ((ax, ay), (ax + 1, ay), (ax, ay + 1), (ax + 1, ay + 1)):
                        if c == cell:
                            continue
                        there = tiles.get(c)
                        if there is None:
                            continue
                        if there != kind or c in region_at:
                            same = -1
                            break
                        same += 1
                    if same >= 0:
                        value += SQUARE_STEP[same] * worth[kind]
            if best is None or value > best[0]:
                best = (value, A.PlaceTile(kind, cell))
    return best


def _expand(state: GameState) -> A.Action:
    seat = state.turn_seat
    p = state.players[seat]
    if state.expanding.placed < board.EXPAND_TILES and p.tile_count:
        placed = _best_placement(state, seat, p, Ctx(state, seat))
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


def _keep_card(state: GameState) -> A.Action:
    seat = state.decider
    keep_all = Card.INTRIGUE in state.players[seat].cards and len(state.offered) > 1
    legal: list[A.Action] = [A.KeepCard(c) for c in sorted(set(state.offered))]
    if keep_all:
        legal.append(A.KeepAllWithIntrigue())
    return choose_card(state, seat, legal, WEIGHTS)


def _ball(state: GameState) -> A.Action:
    seat = state.decider
    p = state.players[seat]
    legal: list[A.Action] = [A.PlacePrestige()]
    if p.bribes:
        legal.append(A.HandBackBribe())
    legal.extend(A.HandBackCard(c) for c in sorted(set(p.cards)))
    return choose_ball(state, seat, legal, WEIGHTS)


def _start_tiles(state: GameState) -> A.Action:
    return START_CHOICE


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
    Decision.BALL_SPEND: _ball,
}


class PlayoutPlayer:
    """The playout policy as a player of its own, on a sampled determinization of its view (for measuring)."""

    name = "playout"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: list) -> A.Action:
        action = rollout_action(determinize(view, self._rng))
        return action if action in legal else legal[0]
