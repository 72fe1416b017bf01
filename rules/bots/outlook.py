"""Hard's valuation of a position for every seat at once: the static evaluation, with the next masked ball's
titles as a smooth expectation instead of one rounded forecast.

The static evaluation (rules/bots/evaluate.py) forecasts the title a seat will get at the next ball from
rounded prestige estimates: one point more or less, one bribe handed back, flips that forecast by a whole
title (2 VP and more), for the seat and for the others it passes. A search that compares positions by it
refuses a title it can buy now because its forecast of the next ball moves by more. Here each seat's
prestige at the next ball is a spread of outcomes (its estate's prestige, some growth until then, a share of
what it holds to hand back, an uncertainty that grows with the turns left before the ball), and the titles
are handed out (R-BALL-3, the table's supply) on a fixed set of scenarios drawn once: the expected title
moves a little with each point, never by a whole title. The title held now is worth its building discount
until the next ball (R-ACT-B1).
"""

from __future__ import annotations

import random
from statistics import NormalDist

from rules import board
from rules.bots.evaluate import WEIGHTS, Ctx, evaluate
from rules.flow import base_prestige, card_prestige
from rules.model import Title
from rules.state import GameState

#: the outlook's weights (Hard's carry them): the evaluation's own title forecast off; each seat's prestige at the
#: ball grows by ball_growth a turn, counts ball_hand_back of what it could hand back, and spreads by ball_spread
#: and ball_spread_turn a turn to come; a title's discount counts as money spent on discount_use buildings; a
#: bribe held, counted in the prestige already, is worth about the £1 it brings at taxes (R-ACT-C2)
OUTLOOK_WEIGHTS = {"forecast": 0.0, "ball_growth": 0.3, "ball_hand_back": 0.25, "ball_spread": 1.2,
                   "ball_spread_turn": 0.4, "discount_use": 0.5, "bribe": 0.45}
SCENARIOS = 16
#: a scenario is a standard normal deviate for each seat: each seat's column holds every stratum of the
#: normal once (a Latin hypercube), in an order of its own, the same for every position valued
_Z: list[list[float]] = []


def _scenarios() -> list[list[float]]:
    if not _Z:
        rng = random.Random(22)
        quantiles = [NormalDist().inv_cdf((i + 0.5) / SCENARIOS) for i in range(SCENARIOS)]
        columns = []
        for _seat in range(max(board.PLAYER_COUNTS)):
            column = quantiles.copy()
            rng.shuffle(column)
            columns.append(column)
        _Z.extend([columns[seat][k] for seat in range(len(columns))] for k in range(SCENARIOS))
    return _Z


_TITLES = tuple(reversed(Title))  # best first
_NEED = tuple(board.TITLE_PRESTIGE[t] for t in _TITLES)


def turns_to_ball(state: GameState) -> int:
    """Round-track spaces until the next masked ball (R-BOARD-1): about one turn each; 0 while one is held."""
    if state.ball is not None:
        return 0
    r = state.round_pos
    for space in board.BALL_SPACES:
        if r < space:
            return space - r
    return board.TRACK_LENGTH - r + board.BALL_SPACES[0]


def prestige_spread(state: GameState, weights: dict) -> tuple[list[float], list[float]]:
    """Each seat's expected prestige at the next ball and its spread: a marker already placed at a ball under
    way is certain; otherwise the estate's prestige (R-BALL-2), growth with the turns to come and a share of
    what the seat could hand back."""
    turns = turns_to_ball(state)
    growth, share = weights["ball_growth"], weights["ball_hand_back"]
    spread0, spread1 = weights["ball_spread"], weights["ball_spread_turn"]
    placed = state.ball.places if state.ball is not None else None
    means, spreads = [], []
    for seat, p in enumerate(state.players):
        if placed is not None and placed[seat] >= 0:
            means.append(float(placed[seat]))
            spreads.append(0.0)
            continue
        could = p.bribes + sum(card_prestige(c) for c in p.cards)
        means.append(base_prestige(state, seat) + growth * turns + share * could)
        spreads.append(spread0 + spread1 * turns)
    return means, spreads


def title_outlook(state: GameState, weights: dict, ctx: Ctx) -> list[float]:
    """Each seat's expected worth of the title it gets at the next ball (its VP, and its discount on
    buildings weighed by how often one is bought), and of the discount of the title it holds until then."""
    n = state.n
    use = weights["discount_use"] * ctx.m
    held = min(1.0, max(1, turns_to_ball(state)) / 3) if ctx.turns_left > 0 else 0.0
    out = [use * held * state.title_discount(s) for s in range(n)]
    if not ctx.balls_left:
        return out
    means, spreads = prestige_spread(state, weights)
    key = (use, tuple(means), tuple(spreads), tuple(state.titles_supply))
    total = _TOTALS.get(key)
    if total is None:
        if len(_TOTALS) >= TOTALS_KEPT:
            _TOTALS.clear()
        total = _TOTALS[key] = _scenario_totals(use, means, spreads, [state.titles_supply[t] for t in _TITLES])
    return [o + t / SCENARIOS for o, t in zip(out, total, strict=True)]


#: _scenario_totals by what decides them: the leaves of a search's playouts meet the same spreads again and again
#: (forgotten all at once when this many are known)
TOTALS_KEPT = 4096
_TOTALS: dict[tuple, list[float]] = {}


def _scenario_totals(use: float, means: list[float], spreads: list[float], supply0: list[int]) -> list[float]:
    """Each seat's titles' worth summed over the scenarios: the titles of the supply (best first) handed out by
    each scenario's prestige (R-BALL-3)."""
    worth = [board.TITLE_VP[t] + use * board.TITLE_DISCOUNT[t] for t in _TITLES]
    seats = range(len(means))
    total = [0.0] * len(means)
    for z in _scenarios():
        prestige = [means[s] + spreads[s] * z[s] for s in seats]
        supply = supply0.copy()
        for s in sorted(seats, key=prestige.__getitem__, reverse=True):
            have = prestige[s]
            for i, need in enumerate(_NEED):
                if supply[i] and have >= need:
                    supply[i] -= 1
                    total[s] += worth[i]
                    break
    return total


def values(state: GameState, weights: dict) -> list[float]:
    """Every seat's position in VP-equivalents: the static evaluation (its title forecast left out, as
    ``weights`` say) with the title outlook added."""
    if "discount_use" not in weights:  # weights without the outlook's: Normal's, with it
        weights = {**WEIGHTS, **weights, **OUTLOOK_WEIGHTS}
    ctx = Ctx(state, 0, weights)
    titles = title_outlook(state, weights, ctx)
    return [evaluate(state, s, weights) + titles[s] for s in range(state.n)]
