"""A static evaluation of a position for one seat, in victory points (VP) and VP-equivalents.

Everything the seat owns is priced by what it will still earn given the stage of the game: money and tiles
(cheaper towards the end), the estate (fields, groves and fountains by the taxes, land and balls still to
come; regions; near-complete squares; castles and palaces by how enclosed they are and the scorings left;
chapels next to them; follies within reach), knights, the Queen, cards and bribes, the title expected at
the coming ball. The numbers are tuned by self-play (see rules/tournament.py).
"""

from __future__ import annotations

from rules import board
from rules.bots.squares import open_square_counts, packed_square_counts
from rules.engine import land_income
from rules.estate import EIGHT, Estate
from rules.flow import base_prestige, prestige_space
from rules.model import REGION_OF_TILE, TILE_TYPES, Building, Card, Decision, RegionKind, TileType, Title
from rules.state import GameState

F, W, G, M = TileType.FIELD, TileType.FOUNTAIN, TileType.GROVE, TileType.MEADOW
TRACK_TURNS = 8  # turns a player takes per decade, roughly (10 track spaces, 2 of them balls)

# Tunable weights, in VP.
WEIGHTS = {
    "money": 0.55,  # per £ while there is time to spend it
    "palace_fund": 0.0,  # money set aside for a palace is worth this much more (see NORMAL_WEIGHTS)
    "queen_keep": 0.0,  # the share the Queen is worth more while no palace can take her (see NORMAL_WEIGHTS)
    # VP an owned palace is worth more while two building scorings are to come: an option of Normal for
    # experiments, off (it did not make the 4-player seats fairer: docs/balance.md, section 18)
    "palace_race": 0.0,
    "tile": 0.45,  # per tile behind the screen
    "vicar": 2.2,  # a Favour of the Vicar held (its 4 VP for tiles once they are worth little: R-CARD-11), faded
    # 1: in the last decade a Favour of the Vicar held is worth no more than the VP the tiles behind the screen would
    # bring with it (1 each, R-CARD-11), so that giving them all away shows what it costs (see NORMAL_WEIGHTS)
    "vicar_tiles": 0.0,
    "option": 0.3,  # worth of this decade's unused tax or land action, as a share of its yield
    "prestige": 0.36,  # per prestige point per ball still to come
    "income_use": 0.75,  # share of future tax/land actions a player actually takes
    "square3": 0.45,  # share of a region's worth for 3 of 4 tiles of a square
    "square2": 0.15,
    "queen": 3.5,
    # 1: the Queen is worth only the VP her holder is sure of (queen_worth); 0: the weight above (Hard 0.1)
    "queen_sure": 0.0,
    "bribe": 0.6,
    "title_gradient": 0.2,
    "meadow_site": 0.6,
    "folly": 0.55,
    "enclose_hope": 0.6,  # a castle not yet enclosed will likely be by a later scoring
    "forecast": 1.0,  # 1: the title forecast for the coming ball (title_value) counts; 0: valued elsewhere (Hard)
    "inherit_castle": 0.0,  # > 0: an Inheritance is worth this share of the castle it brings (else a set worth)
    "inherit_site": 0.0,  # a meadow laid as the castle site an Inheritance waits for (the planner's estimate)
    "tile_room": 0.0,  # > 0: tiles beyond what this share of the turns left can place are worth little
    # 1: this decade's scoring of an open castle or palace counts only if the seat can still close it (enclosable)
    "enclose_reach": 0.0,
    # 1 (with tile_room): in the last decade, only the tiles placements can still make something of count in full
    "tile_last": 0.0,
    # 1: squares on their way to a region count only as many as can still become regions side by side (no two
    # sharing a cell: R-LAND-3); else each 2x2 window counts, and a staircase of fields was worth more than a farm
    "square_pack": 0.0,
    # 1: a folly's regions count in full only with an empty meadow to build it on (R-ACT-B5), NO_SITE of it without
    "folly_site": 0.0,
    # in the first ``tile_early_decades`` decades a tile is worth the ``tile`` weight times this (Hard's leaves: its
    # options leaf_tiles and leaf_tiles_decades)
    "tile_early": 1.0,
    "tile_early_decades": 2,
    # 1: in the last of those decades the multiple falls with the turns played, to 1 at its last turn (the tiles
    # held then are carried into the last decade, whose church fills)
    "tile_early_fade": 0.0,
    # 1: that multiple counts the tiles the estate's groves and forests will bring too; 0: the tiles in hand only
    "tile_early_income": 1.0,
    # 1: a ball's space is no turn of anybody's (R-ROUND-2), and after the last ball what is held counts only what
    # it can still bring: a bribe turns into £1 or a tile only by the last turn's action, which leaves no turn to
    # use them (R-ACT-C2), and Whitehall's Queen is locked (R-ROUND-3); a Secret Marriage still brings its 2 VP
    "last_ball": 0.0,
}

TIE_BREAK = 0.01  # what a £ is worth at the end: money breaks ties (R-END-2)
MEADOWS_WANTED = 3  # meadows worth holding as building sites, the estate's empty ones counted
NO_SITE = 0.4  # share of the castle an Inheritance brings while no meadow waits for it (R-CARD-3, R-ACT-B2)

# Normal's (and Easy's): money set aside for a palace, up to the cheapest printed price (£10), is worth 60% more
# until the seat owns a palace, and an owned palace keeps that worth, while two building scorings are to come: a
# palace brings the Queen and scores at each of them, and building it loses nothing of the fund. With all
# money priced alike, the start player (£10: no palace costs that little on the board at 3 or 4 players)
# spent its money on five bribes in its first turn and won the fewest games (docs/balance.md). The regions a
# folly needs are worth 30% of its VP, not 55%: at 55% they and the £12 it costs were worth more than the VP it
# brings (R-ACT-B5), so Normal built few follies and a seat that lost the palace race had no catch-up; and the
# Queen is worth 20% more while no palace can take her (docs/balance.md, section 19). A Favour of the Vicar held is
# worth 3 VP, not 2.2: at 2.2 its 4 VP tied with four tiles and Normal played it in its first turn, throwing away
# the tiles its estate grows from (docs/balance.md, section 25); kept for its last turns, in the last decade it is
# worth no more than its tiles bring: worth 3 VP with none behind the screen, the card was left unplayed at the end by
# 8-14% of the seats of 3-player games, the tiles given to the church before it (section 26). Hard and its playouts
# keep WEIGHTS.
NORMAL_WEIGHTS = {**WEIGHTS, "palace_fund": 0.6, "folly": 0.3, "queen_keep": 0.2, "vicar": 3.0, "vicar_tiles": 1.0}
FUND_TARGET = board.PALACE_PRICES[0]

_ENCLOSE = (0.12, 0.16, 0.21, 0.27, 0.34, 0.43, 0.55, 0.72, 1.0)  # by filled neighbours 0..8


class Ctx:
    """Stage-of-game quantities for one seat, computed once per evaluation."""

    __slots__ = (
        "seat", "decade", "turns_left", "turns_decade", "balls_left", "balls_after", "scorings", "tax_left",
        "land_left", "m", "t", "ti", "p", "late_bribe", "follies", "folly_vp", "w", "castles", "estate", "stage",
        "player",
    )

    def __init__(self, state: GameState, seat: int, weights: dict | None = None) -> None:
        w = self.w = weights or WEIGHTS
        p = state.players[seat]
        self.seat = seat
        over = state.step == Decision.GAME_OVER
        key = (id(w), state.decade, state.round_pos, over, state.ball is not None, p.tax_used, p.land_used)
        stage = _STAGES.get(key)
        if stage is None or stage[0] is not w:  # the weights kept with it: their id stays their own
            if len(_STAGES) >= STAGES_KEPT:
                _STAGES.clear()
            stage = _STAGES[key] = (w, *_stage(w, *key[1:]))
        (_, self.decade, self.balls_left, self.balls_after, self.turns_decade, self.turns_left, self.scorings,
         self.tax_left, self.land_left, self.m, self.t, self.ti, self.p, self.late_bribe) = stage
        self.stage = stage  # its identity stands for the numbers (and the weights) in the keys of remembered values
        self.follies = state.follies
        self.castles = state.castles_board
        self.estate = p.estate
        self.player = p
        self.folly_vp = board.FOLLY_VP[state.follies_built] if state.follies_built < len(board.FOLLY_VP) else 0

    def region_worth(self, kind: RegionKind) -> float:
        """What completing a region brings: the immediate reward and the income it will yield."""
        if kind == RegionKind.FARM:
            return board.FARM_MONEY * self.m * (1 + self.tax_left)
        if kind == RegionKind.FOREST:
            return board.FOREST_TILES * self.ti * (1 + self.land_left)
        return board.GARDEN_PRESTIGE * self.p * self.balls_left + 1.0


#: the stage of the game (Ctx's numbers) by weights, decade, round, game over, ball under way and the seat's
#: unused actions: worked out once (forgotten all at once when this many are known)
STAGES_KEPT = 4096
_STAGES: dict[tuple, tuple] = {}


def _stage(w: dict, d: int, r: int, over: bool, ball: bool, tax_used: bool, land_used: bool) -> tuple:
    later = board.DECADES - d
    balls_ahead = balls_now = 0  # balls still ahead on the track; and with the one under way
    for b in board.BALL_SPACES:
        if r < b:
            balls_ahead += 1
            balls_now += 1
        elif r == b and ball:
            balls_now += 1
    balls_left = 0 if over else balls_now + 2 * later
    balls_after = max(0, balls_left - 1)
    left_in_decade = max(0, board.QUEEN_LOCK_SPACE - r) - balls_ahead + 1
    if ball and w["last_ball"]:  # the ball under way holds the marker on its space, where nobody takes a turn
        left_in_decade -= 1
    turns_decade = 0 if over else left_in_decade
    turns_left = 0 if over else left_in_decade + TRACK_TURNS * later
    scorings = 0 if over else later + (1 if r < board.SCORING_SPACE else 0)
    use = w["income_use"]
    # the unused action of this decade is only an option: taking it must look worth it
    option = w["option"] * min(1.0, left_in_decade / 3)
    tax_left = 0 if over else use * later + (0 if tax_used else option)
    land_left = 0 if over else use * later + (0 if land_used else option)
    fade = min(1.0, turns_left / 4)
    m = w["money"] * fade + TIE_BREAK
    # what a bribe is worth once no ball is left: £1 at a tax action (R-ACT-C2), unless only the last turn is left
    late_bribe = TIE_BREAK if w["last_ball"] and turns_left <= 1 else m
    early = w["tile_early"] if d <= w["tile_early_decades"] else 1.0
    if w["tile_early_fade"] and d == w["tile_early_decades"]:
        early = 1.0 + (early - 1.0) * min(1.0, (left_in_decade - 1) / (TRACK_TURNS - 1))
    t = w["tile"] * fade * early
    ti = t if w["tile_early_income"] else w["tile"] * fade  # a tile the land action will bring
    return (d, balls_left, balls_after, turns_decade, turns_left, scorings, tax_left, land_left, m, t, ti,
            w["prestige"], late_bribe)


# -- the estate ------------------------------------------------------------------------------------------------
def square_progress(estate: Estate, ctx: Ctx) -> tuple[float, list[int]]:
    """Bonus for squares on their way to a region, and how many 3-of-4 squares wait for each tile type."""
    if ctx.w["square_pack"]:
        threes, twos = packed_square_counts(estate)
    else:
        threes, twos = open_square_counts(estate)
    bonus = 0.0
    for tile in (F, W, G):
        if threes[tile] or twos[tile]:
            worth = ctx.region_worth(REGION_OF_TILE[tile])
            bonus += (ctx.w["square3"] * threes[tile] + ctx.w["square2"] * twos[tile]) * worth
    return bonus, list(threes)


def _scoring_buildings(estate: Estate) -> tuple[tuple[Building, int, int], ...]:
    """(castle or palace, filled neighbours, chapels among them) for each building that building scoring counts."""
    out = []
    tiles, buildings = estate.tiles, estate.buildings
    for (x, y), b in buildings.items():
        if b != Building.CASTLE and b != Building.PALACE:
            continue
        filled = chapels = 0
        for dx, dy in EIGHT:
            c = (x + dx, y + dy)
            if c in tiles:
                filled += 1
            if buildings.get(c) == Building.CHAPEL:
                chapels += 1
        out.append((b, filled, chapels))
    return tuple(out)


def building_value(estate: Estate, ctx: Ctx) -> float:
    value = 0.0
    for b, filled, chapels in estate.memo("scoring_buildings", _scoring_buildings):
        if b != Building.CASTLE:
            value += board.PALACE_PRESTIGE * ctx.p * ctx.balls_after
        value += scorings_worth(enclosed_score(b, chapels), filled, ctx)
    return value


def enclosed_score(b: Building, chapels: int) -> int:
    """What a castle or palace with ``chapels`` chapels around it scores when enclosed (R-SCORE-1/2)."""
    if b == Building.CASTLE:
        return board.CASTLE_SCORE + board.CASTLE_CHAPEL_SCORE * chapels
    return board.PALACE_SCORE + board.PALACE_CHAPEL_SCORE * chapels


def scorings_worth(score: int, filled: int, ctx: Ctx) -> float:
    """What a castle or palace scoring ``score`` when enclosed, ``filled`` of its 8 squares filled, will bring
    at the building scorings left (R-SCORE)."""
    if filled == 8:
        return score * ctx.scorings
    # this decade's scoring only if there is time to close it; later ones likely
    now = _closed_in_time(filled, ctx) if ctx.scorings else 0.0
    later = max(0, ctx.scorings - 1)
    chance = _ENCLOSE[filled]
    hope = ctx.w["enclose_hope"]
    return score * chance * now + score * (hope + (1 - hope) * chance) * later


def _closed_in_time(filled: int, ctx: Ctx) -> float:
    """How likely the turns left in the decade close a building with ``filled`` of its 8 squares filled."""
    return min(1.0, ctx.turns_decade / max(1, 8 - filled))


def unreachable_enclosures(state: GameState, seat: int, ctx: Ctx) -> float:
    """What building_value counts for this decade's scoring of the seat's open castles and palaces that it can no
    longer close before that scoring (R-SCORE-1/2; see closable_this_decade). building_value alone hopes for them by
    the turns left, whatever the seat holds: a castle built late with no tiles to close it counted as if it might
    still score, and the land or tiles that would close it counted for nothing towards it."""
    lost = 0.0
    for b, filled, chapels in state.players[seat].estate.memo("scoring_buildings", _scoring_buildings):
        if filled < 8 and not closable_this_decade(state, seat, ctx, 8 - filled):
            lost += enclosed_score(b, chapels) * _ENCLOSE[filled] * _closed_in_time(filled, ctx)  # scorings_worth's now
    return lost


def closable_this_decade(state: GameState, seat: int, ctx: Ctx, missing: int) -> bool:
    """Whether the seat can still fill ``missing`` of a building's squares before this decade's building scoring:
    tiles enough behind its screen, or with its land action's if it is unused (R-ACT-E1, a turn of its own), and
    expands enough left to place them (R-ACT-A1, 3 tiles each: this turn's tiles still to place, 3 a turn to come)."""
    p = state.players[seat]
    own_turn = state.turn_seat == seat
    turns = ctx.turns_decade - (1 if own_turn and state.action_taken else 0)
    now = board.EXPAND_TILES - state.expand.placed if own_turn and state.expand is not None else 0
    if p.tile_count >= missing and now + board.EXPAND_TILES * turns >= missing:
        return True
    return (not p.land_used and turns > 0 and now + board.EXPAND_TILES * (turns - 1) >= missing
            and p.tile_count + land_income(state, seat, p.bribes) >= missing)


def scorings_in_reach(state: GameState, seat: int, pos: tuple[int, int]) -> int:
    """How many of the building scorings still to come can score the seat's castle or palace at ``pos`` (R-SCORE,
    R-ROUND-4): each of them once it is enclosed; else those of the later decades, and this decade's only while
    the seat can still close it in time (closable_this_decade). 0 when none can."""
    left = scorings_left(state)
    x, y = pos
    missing = sum(1 for dx, dy in EIGHT if (x + dx, y + dy) not in state.players[seat].estate.tiles)
    this_decade = 1 if left and state.round_pos < board.SCORING_SPACE else 0
    if not missing or (this_decade and closable_this_decade(state, seat, Ctx(state, seat), missing)):
        return left
    return left - this_decade


def scorings_left(state: GameState) -> int:
    """The building scorings still to come: this decade's until the marker reaches its space (R-ROUND-4), and
    one for each decade after it (R-ROUND-1)."""
    return Ctx(state, 0).scorings  # (the same for every seat)


def later_turn(state: GameState, seat: int) -> bool:
    """Whether the seat gets a turn after the one under way: every seat does until the last decade's queen-lock
    round, whose turns end with the Queen holder's and the last building scoring (R-ROUND-3, R-ROUND-4, R-END)."""
    if state.step == Decision.GAME_OVER:
        return False
    return state.decade < board.DECADES or _turn_ahead_this_decade(state, seat)


def _turn_ahead_this_decade(state: GameState, seat: int) -> bool:
    """Whether the seat gets a turn this decade after the one under way: before the queen-lock round every seat
    does (the marker stops on that space for one round of turns); on it, those after the turn's seat up to the
    Queen holder, whose turn ends the round (R-TURN-4, R-ROUND-3)."""
    if state.round_pos < board.QUEEN_LOCK_SPACE:
        return True
    n = state.n
    return 0 < (seat - state.turn_seat) % n <= (state.queen - state.turn_seat) % n


def taxes_left(state: GameState, seat: int) -> int:
    """How many times the seat can still collect taxes (R-ACT-D1, once a decade): this decade's if its marker is
    still behind its screen and it has a turn left with its action to take, and one in each decade after."""
    return _once_a_decade_left(state, seat, state.players[seat].tax_used)


def land_left(state: GameState, seat: int) -> int:
    """How many times the seat can still acquire land (R-ACT-E1, once a decade), as ``taxes_left``."""
    return _once_a_decade_left(state, seat, state.players[seat].land_used)


def _once_a_decade_left(state: GameState, seat: int, used: bool) -> int:
    if state.step == Decision.GAME_OVER:
        return 0
    acting_now = state.turn_seat == seat and not state.action_taken and state.step == Decision.TURN
    this_decade = not used and (acting_now or _turn_ahead_this_decade(state, seat))
    return int(this_decade) + board.DECADES - state.decade


#: each folly's regions (kind, count) and how many regions that makes
_FOLLY_NEEDS = {f: (tuple(needs.items()), sum(needs.values())) for f, needs in board.FOLLY_NEEDS.items()}


def estate_value(state: GameState, seat: int, ctx: Ctx) -> tuple[float, list[int]]:
    """What the seat's estate is worth at ctx's stage of the game, and how many tiles of each type its squares
    wait for (not to be modified): remembered with the estate for each stage and set of weights, as the
    same estate is valued again and again at one stage (in the moves a turn tries, on the worlds sampled)."""
    estate = state.players[seat].estate
    stage = ctx.stage
    key = (id(stage), ctx.folly_vp, *ctx.follies)
    known = estate.memo("values", _no_values)
    value = known.get(key)
    if value is not None and value[0] is stage:  # the stage kept with it: its id stays its own
        return value[1], value[2]
    est, need = _estate_value(estate, ctx)
    known[key] = (stage, est, need)
    return est, need


def _no_values(estate: Estate) -> dict:
    return {}


def _estate_value(estate: Estate, ctx: Ctx) -> tuple[float, list[int]]:
    counts = estate.tile_counts()
    value = 0.0
    value += counts[F] * ctx.m * ctx.tax_left
    value += counts[G] * ctx.ti * ctx.land_left
    value += counts[W] * ctx.p * ctx.balls_after
    regions = [0, 0, 0]
    for i, (kind, _) in enumerate(estate.regions):
        regions[kind] += 1
        if estate.knights[i] >= 0:
            continue
        if kind == RegionKind.FARM:
            value += board.FARM_MONEY * ctx.m * ctx.tax_left
        elif kind == RegionKind.FOREST:
            value += board.FOREST_TILES * ctx.ti * ctx.land_left
        else:
            value += board.GARDEN_PRESTIGE * ctx.p * ctx.balls_after
    bonus, need = square_progress(estate, ctx)
    value += bonus
    value += building_value(estate, ctx)
    # follies within reach
    if ctx.follies and ctx.turns_left > 0:
        best = 0.0
        for folly in ctx.follies:
            needs, total = _FOLLY_NEEDS[folly]
            have = 0
            for k, n in needs:
                have += min(regions[k], n)
            best = max(best, (have / total) ** 2)
        if ctx.w["folly_site"] and not estate.empty_meadows():
            best *= NO_SITE
        value += ctx.w["folly"] * ctx.folly_vp * best
    # room to build
    meadows = estate.empty_meadows()
    if meadows and ctx.turns_left > 1:
        sites = len(estate.castle_sites())
        value += ctx.w["meadow_site"] * (min(sites, 2) + 0.3 * min(len(meadows), 3))
    else:
        need[M] += 1
    return value, need


# -- hand, cards, titles ---------------------------------------------------------------------------------------
def card_value(card: Card, ctx: Ctx) -> float:
    if card == Card.LIAISON:
        return board.LIAISON_VP
    if ctx.turns_left <= 0:
        return 0.0
    fade = min(1.0, ctx.turns_left / 3)
    if card == Card.BLACKMAIL:
        return 1.6 if ctx.balls_left else 0.0
    if card == Card.TRIBUTE:
        return board.TRIBUTE_MONEY * ctx.m * 0.9
    if card == Card.DOWRY:
        return board.DOWRY_TILES * ctx.t * 0.9
    if card == Card.SECRET_MARRIAGE:
        return max(2.6 * fade, board.SECRET_MARRIAGE_VP * ctx.w["last_ball"])
    if card == Card.CUNNING_STROKE:
        return 2.0 * fade
    if card == Card.INHERITANCE:  # worthless once no castle is left to inherit (R-CARD-3)
        if not ctx.castles:
            return 0.0
        sites = ctx.estate.castle_sites()
        share = ctx.w["inherit_castle"]
        if share:  # a share of the castle it brings on the best site; less while a meadow must be laid for one
            tiles = ctx.estate.tiles
            filled = max((sum(1 for dx, dy in EIGHT if (x + dx, y + dy) in tiles) for x, y in sites), default=1)
            return share * (1.0 if sites else NO_SITE) * scorings_worth(board.CASTLE_SCORE, filled, ctx)
        # without a site, a meadow must be laid apart from the castles first (R-ACT-B2); in the last decade
        # there is little time for it
        return 2.5 * fade if ctx.decade < board.DECADES or sites else 1.0 * fade
    if card == Card.VICAR:
        if ctx.w["vicar_tiles"] and ctx.decade == board.DECADES:
            return min(ctx.w["vicar"] * fade, float(ctx.player.tile_count))  # the weight is at most 4 (R-CARD-11)
        return ctx.w["vicar"] * fade
    if card == Card.WHITEHALL:
        if ctx.w["last_ball"] and ctx.turns_left <= 1:  # only the last decade's queen-lock turn is left
            return 0.0
        return 1.2 * fade
    return 0.8 * fade  # Intrigue


def hand_value(tiles: list[int], need: list[int], ctx: Ctx) -> float:
    value = 0.0
    n = 0
    for t in _TILE_INDICES:  # (plain ints and no min(): evaluated for every move a playout's turn tries)
        k = tiles[t]
        if not k:
            continue
        wanted = k if k <= need[t] else need[t]
        value += wanted * 0.5 * ctx.t
        n += k
    room = ctx.w["tile_room"]
    if room:
        # an expand places 3 tiles (R-ACT-A1): what the turns left cannot place is worth a quarter, and so are
        # meadows beyond the few a castle, a chapel and a folly need as sites (R-ACT-B)
        sites = _sites_wanted(ctx.estate)
        spare_meadows = max(0, tiles[M] - sites)
        placeable = board.EXPAND_TILES * room * ctx.turns_left
        if ctx.w["tile_last"] and ctx.decade == board.DECADES:
            # a tile kept to the end scores nothing (R-END) and one given is 1 VP once given (R-ACT-F1): in the
            # last decade a tile is worth its weight only where a placement can still make something of it
            usable = min(n, placeable, _last_uses(tiles, need, sites, ctx))
        else:
            usable = min(n - spare_meadows, placeable, 12)
        return value + ctx.t * (usable + 0.25 * (n - usable))
    value += ctx.t * (n + 0.0 if n <= 12 else 12 + 0.5 * (n - 12))
    return value


_TILE_INDICES = tuple(int(t) for t in TILE_TYPES)


def _last_uses(tiles: list[int], need: list[int], sites: int, ctx: Ctx) -> float:
    """The tiles that placements can still make something of in the last decade: those squares wait for, the
    fountains while a ball is to come (R-BALL-2; half of them: one held brings nothing until an expand places
    it, so that placing it beats keeping it), the squares that still close the castles and palaces (R-SCORE)
    and the meadows wanted as building sites; any other tile placed then earns nothing."""
    squares = sum(min(tiles[k], need[k]) for k in (F, W, G))
    fountains = 0.5 * tiles[W] if ctx.balls_left else 0.0
    gaps = _gaps(ctx.estate)
    return squares + fountains + gaps + min(tiles[M], sites)


def _sites_wanted(estate: Estate) -> int:
    """Meadows beyond the estate's empty ones that a castle, a chapel and a folly want as sites (R-ACT-B)."""
    return max(0, MEADOWS_WANTED - len(estate.empty_meadows()))


def _gaps(estate: Estate) -> int:
    """The empty squares around the estate's castles and palaces (R-SCORE-1/2)."""
    return sum(8 - filled for _b, filled, _c in estate.memo("scoring_buildings", _scoring_buildings))


CHURCH_SHARE = 0.5  # of the church's room left to the seat in the last decade: the others give to it too


def last_room(state: GameState, seat: int, weights: dict) -> float:
    """How many tiles beyond those it holds the seat can still make something of in the last decade, after a turn
    spent taking them: its share of the church's room (R-ACT-F1; the others give too), and what the expands of
    the turns left can place of the tiles its squares wait for, the gaps around its castles and palaces
    (R-SCORE), the meadows wanted as building sites and an expand's fountains while a ball is to come (R-BALL-2).
    A tile beyond them, drawn by a land action, is kept to the end for nothing (R-END)."""
    ctx = Ctx(state, seat, weights)
    p = state.players[seat]
    _, need = square_progress(p.estate, ctx)
    church = sum(board.CHURCH_SLOTS_PER_TYPE - given for given in state.church)
    fountains = board.EXPAND_TILES if ctx.balls_left else 0
    placeable = board.EXPAND_TILES * max(0, ctx.turns_left - 1)
    uses = sum(need) + _gaps(p.estate) + _sites_wanted(p.estate) + fountains
    return CHURCH_SHARE * church + min(uses, placeable) - p.tile_count


#: (title, prestige it needs) from the highest down to the Viscount; the Baron needs none
_TITLES_DOWN = tuple((t, board.TITLE_PRESTIGE[t]) for t in reversed(Title) if t != Title.BARON)


def _title_for(places: list[int], seat: int, supply: list[int], order: tuple[int, ...]) -> Title:
    ranking = sorted(order, key=places.__getitem__, reverse=True)  # stable: ties keep the ball order
    supply = supply.copy()
    for s in ranking:
        prestige = places[s]
        title = _BARON
        for t, needed in _TITLES_DOWN:
            if prestige >= needed and supply[t] > 0:
                title = t
                break
        if s == seat:
            return title
        supply[title] -= 1
    return _BARON


_BARON = Title.BARON


def expected_prestige(state: GameState, seat: int, public_only: bool = True) -> float:
    """Prestige a seat may reach at the coming ball: its base and a share of what it can hand back."""
    p = state.players[seat]
    base = base_prestige(state, seat)
    if public_only:
        return base + 0.6 * (p.bribes + len(p.cards))
    return base + p.bribes + 3 * p.cards.count(Card.BLACKMAIL)


#: by player count and the Queen's seat: the order of the seats at a ball (R-BALL-2)
_BALL_ORDERS = {n: tuple(tuple((q + i) % n for i in range(n)) for q in range(n)) for n in board.PLAYER_COUNTS}


def forecast_title(state: GameState, seat: int, mine: float, others: dict[int, float] | None = None) -> Title:
    """The title `seat` gets with prestige `mine` at a ball, the others estimated (or known when placed):
    remembered by what decides it, as the moves a turn tries and the worlds sampled meet the same ball again and
    again."""
    key = _forecast_key(state, seat, others)
    slot = len(key) - len(state.players) + seat
    if key[slot] is None:
        key[slot] = int(mine)
    return _remembered_forecast(state, seat, key)


def forecast_titles(state: GameState, seat: int, prestiges: list[int], others: dict[int, float] | None = None
                    ) -> list[Title]:
    """forecast_title for each of ``prestiges`` of `seat`, the others' estimates worked out once."""
    key = _forecast_key(state, seat, others)
    slot = len(key) - len(state.players) + seat
    if key[slot] is not None:  # placed already: its prestige is its space's
        return [_remembered_forecast(state, seat, key)] * len(prestiges)
    titles = []
    for mine in prestiges:
        key[slot] = int(mine)
        titles.append(_remembered_forecast(state, seat, key))
    return titles


def _forecast_key(state: GameState, seat: int, others: dict[int, float] | None) -> list:
    """What decides a title forecast, flat (hashed faster): seat, Queen, titles supply, then each seat's marker as
    it comes to place it: its prestige (None for `seat`'s while not placed), or -1 - its space if placed already."""
    ball = state.ball
    if ball is None and others:  # before the ball: the markers' part is the others' estimates alone
        global _LAST_MARKERS
        given, for_seat, markers = _LAST_MARKERS
        if given is not others or for_seat != seat:  # the moves of a turn ask with the same estimates
            markers = tuple(None if s == seat else int(round(others[s])) for s in range(len(state.players)))
            _LAST_MARKERS = (others, seat, markers)
        return [seat, state.queen, *state.titles_supply, *markers]
    places = ball.places if ball is not None else _NOBODY_PLACED[len(state.players)]
    key: list = [seat, state.queen, *state.titles_supply]
    for s, place in enumerate(places):
        if place >= 0:
            key.append(-1 - place)
        elif s == seat:
            key.append(None)
        else:
            key.append(int(round(others[s] if others else expected_prestige(state, s))))
    return key


#: the markers' part of the last key made from given estimates of the others (kept with them: their id stays theirs)
_LAST_MARKERS: tuple[dict | None, int, tuple] = (None, -1, ())


def _remembered_forecast(state: GameState, seat: int, key: list) -> Title:
    found = tuple(key)
    title = _FORECASTS.get(found)
    if title is None:
        if len(_FORECASTS) >= FORECASTS_KEPT:
            _FORECASTS.clear()
        n = len(state.players)
        places = state.ball.places if state.ball is not None else _NOBODY_PLACED[n]
        title = _FORECASTS[found] = _forecast(state, seat, places, key[-n:])
    return title


#: forecast_title's by what decides it (forgotten all at once when this many are known)
FORECASTS_KEPT = 4096
_FORECASTS: dict[tuple, Title] = {}
_NOBODY_PLACED = {n: (-1,) * n for n in board.PLAYER_COUNTS}


def _forecast(state: GameState, seat: int, placed: list[int] | tuple[int, ...], totals: list[int]) -> Title:
    """The markers still to come placed in the ball's order, each with its total, and the titles handed out."""
    order = _BALL_ORDERS[len(placed)][state.queen]
    places = list(placed)
    for s in order:
        if places[s] < 0:
            places[s] = prestige_space(places, totals[s])
    return _title_for(places, seat, state.titles_supply, order)


def title_value(state: GameState, seat: int, ctx: Ctx, others: dict[int, float] | None = None) -> float:
    if not ctx.balls_left:
        return 0.0
    mine = expected_prestige(state, seat, public_only=False)
    title = forecast_title(state, seat, mine, others)
    return board.TITLE_VP[title] + ctx.w["title_gradient"] * min(mine, 16)


# -- the whole position ----------------------------------------------------------------------------------------
def evaluate(state: GameState, seat: int, weights: dict | None = None, *,
             others_prestige: dict[int, float] | None = None) -> float:
    """The seat's position in VP-equivalents (its own; see `relative` for one against the others).
    ``others_prestige``: the others' expected_prestige, where the caller knows it (else worked out)."""
    ctx = Ctx(state, seat, weights)
    p = state.players[seat]
    value = float(p.vp) + p.money * ctx.m
    fund = ctx.w["palace_fund"]
    if fund and ctx.scorings > 1:
        if p.estate.count_buildings(Building.PALACE):
            value += fund * ctx.m * FUND_TARGET
        elif state.palaces_board and p.estate.count_buildings(Building.CASTLE):
            value += fund * ctx.m * min(p.money, FUND_TARGET)
    race = ctx.w["palace_race"]
    if race and ctx.scorings > 1 and p.estate.count_buildings(Building.PALACE):
        value += race
    est, need = estate_value(state, seat, ctx)
    value += est
    if ctx.w["enclose_reach"] and ctx.scorings and ctx.turns_decade:
        value -= ctx.w["enclose_reach"] * unreachable_enclosures(state, seat, ctx)
    value += hand_value(p.tiles, need, ctx)
    value += sum(card_value(c, ctx) for c in p.cards)
    value += p.bribes * (ctx.w["bribe"] if ctx.balls_left else ctx.late_bribe)
    if ctx.w["forecast"]:
        value += title_value(state, seat, ctx, others_prestige)
    # knights on other estates
    for owner, region in p.knights:
        kind = state.players[owner].estate.regions[region][0]
        if kind == RegionKind.FARM:
            value += board.FARM_MONEY * ctx.m * ctx.tax_left
        elif kind == RegionKind.FOREST:
            value += board.FOREST_TILES * ctx.ti * ctx.land_left
        else:
            value += board.KNIGHT_PRESTIGE * ctx.p * ctx.balls_after
    if state.queen == seat:
        value += queen_worth(state, ctx)
    # rewards of an expand in progress (paid when it finishes)
    if state.expand is not None and state.turn_seat == seat:
        e = state.expand
        value += (e.fields + board.FARM_MONEY * e.farms) * ctx.m + (e.groves + board.FOREST_TILES * e.forests) * ctx.t
        if e.gardens and state.queen != seat and state.round_pos != board.QUEEN_LOCK_SPACE:
            value += queen_worth(state, ctx)
    if state.step == Decision.KEEP_CARD and state.decider == seat and state.offered:
        value += max(card_value(c, ctx) for c in state.offered)
    return value


def queen_worth(state: GameState, ctx: Ctx) -> float:
    """What holding the Queen is still worth to her holder beyond the turn under way (R-TURN-4: 1 VP a turn).

    By the weight while turns are left; or (``queen_sure``) only the VP she is sure to bring: her holder's turn
    on the queen-lock space, where nobody can take her (R-ROUND-3). Anywhere else the next player may take her,
    and by playouts to the end of the game holding her there was worth about nothing (-1.5 to +0.5 VP in decades
    II and III, +1.9 in the middle of decade I; docs/hard.md), where the weight gave her 5 VP."""
    if ctx.turns_left <= 0:
        return 0.0
    if ctx.w["queen_sure"]:
        return float(board.QUEEN_VP) if state.round_pos == board.QUEEN_LOCK_SPACE else 0.0
    worth = ctx.w["queen"] * min(1.0, ctx.turns_left / 3)
    return worth * (1.0 + ctx.w["queen_keep"]) if not state.palaces_board else worth


def relative(state: GameState, seat: int, weights: dict | None = None, share: float = 0.5) -> float:
    """The seat's evaluation minus `share` times the mean of the others' (for search)."""
    mine = evaluate(state, seat, weights)
    others = [evaluate(state, s, weights) for s in range(state.n) if s != seat]
    return mine - share * sum(others) / len(others)
