"""The invariants of DESIGN.md, checked after every action by the random-play tests and the simulator.

202 tiles, 35 cards, 20 bribes, 15/15/12/4 buildings, 2 knights a player, one Queen, money and VP never
negative, VP never decreasing (the caller passes the previous VP).
"""

from __future__ import annotations

from rules import board
from rules.model import Building
from rules.state import GameState


class InvariantError(AssertionError):
    pass


def check_invariants(state: GameState, previous_vp: list[int] | None = None) -> None:
    def fail(message: str) -> None:
        raise InvariantError(f"{message} (after {len(state.history)} actions, seed {state.seed})")

    players = state.players
    tiles = sum(state.bag) + sum(state.church) + sum(p.tile_count + len(p.estate.tiles) for p in players)
    if tiles != board.TOTAL_TILES:
        fail(f"{tiles} tiles in the game, not {board.TOTAL_TILES}")
    if min(state.bag) < 0 or min(state.church) < 0 or any(min(p.tiles) < 0 for p in players):
        fail("a negative tile count")
    cards = len(state.deck) + len(state.offered) + sum(len(p.cards) for p in players)
    if cards != board.TOTAL_CARDS:
        fail(f"{cards} scandal cards in the game, not {board.TOTAL_CARDS}")
    bribes = state.bribes_board + sum(p.bribes for p in players)
    if bribes != board.BRIBES or state.bribes_board < 0 or any(p.bribes < 0 for p in players):
        fail(f"{bribes} bribes in the game, not {board.BRIBES}")

    def built(*kinds: Building) -> int:
        return sum(1 for p in players for b in p.estate.buildings.values() if b in kinds)

    castles = state.castles_board + state.castles_supply + built(Building.CASTLE)
    chapels = state.chapels_board + state.chapels_supply + built(Building.CHAPEL)
    palaces = state.palaces_board + state.palaces_supply + built(Building.PALACE)
    follies = len(state.follies) + built(*(b for b in Building if b.is_folly))
    if (castles, chapels, palaces, follies) != (board.CASTLES, board.CHAPELS, board.PALACES, 4):
        fail(f"buildings {castles}/{chapels}/{palaces}/{follies}, not 15/15/12/4")
    if follies - len(state.follies) != state.follies_built:
        fail("the follies built do not match the folly count")
    if min(state.castles_board, state.chapels_board, state.palaces_board,
           state.castles_supply, state.chapels_supply, state.palaces_supply) < 0:
        fail("a negative building count")
    for seat, p in enumerate(players):
        if len(p.knights) > board.KNIGHTS_PER_PLAYER or len(set(p.knights)) != len(p.knights):
            fail(f"seat {seat} has {len(p.knights)} knights placed")
        for owner, region in p.knights:
            if owner == seat or players[owner].estate.knights[region] != seat:
                fail(f"seat {seat}'s knight on {owner}:{region} is not where the estate says")
        if p.money < 0 or p.vp < 0:
            fail(f"seat {seat} has negative money or VP")
        if sum(p.vp_by_source) != p.vp:
            fail(f"seat {seat}'s VP breakdown does not add up")
        if previous_vp is not None and p.vp < previous_vp[seat]:
            fail(f"seat {seat}'s VP decreased")
        for region, knight in enumerate(p.estate.knights):
            if knight >= 0 and (seat, region) not in players[knight].knights:
                fail(f"the knight on seat {seat}'s region {region} is not in seat {knight}'s list")
        if len(p.estate.region_at) != 4 * len(p.estate.regions):
            fail(f"seat {seat} has a tile in two regions")
    if not 0 <= state.queen < state.n:
        fail("the Queen is nowhere")
    if not 0 <= state.round_pos <= board.SCORING_SPACE or not 1 <= state.decade <= board.DECADES:
        fail("the round or decade marker is off the track")
