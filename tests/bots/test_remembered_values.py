"""What is remembered for each stage of the game and set of weights (the stage's numbers; an estate's worth and
the playout policy's next placement, with the estate; a ball's hand-back table and title forecasts) is what a
fresh look finds at that stage with those weights."""

from __future__ import annotations

import random

from rules import Decision, apply_unchecked, new_game
from rules.bots import evaluate, planner
from rules.bots.evaluate import (
    NORMAL_WEIGHTS,
    WEIGHTS,
    Ctx,
    _estate_value,
    estate_value,
    forecast_title,
    forecast_titles,
)
from rules.bots.hard import HARD_WEIGHTS
from rules.bots.rollout import PlayoutPolicy, _best_placement, _placement, _placement_tables
from tests.bots.test_square_facts import _fresh  # the same estate, its facts not yet worked out


def _positions(players: list[str], seeds: range):
    """Every position of whole games the playout policy plays on ``seeds`` (one state, moved on between yields:
    what a test changes in it stays for the rest of the game)."""
    policy = PlayoutPolicy()
    for seed in seeds:
        state = new_game(players, seed)
        while not state.over:
            apply_unchecked(state, policy.choose(state))
            yield state


def test_an_estate_valued_again_is_worth_what_a_fresh_look_finds():
    rng = random.Random(6)
    differ = 0
    for state in _positions(["a", "b", "c", "d"], range(3)):
        seat = rng.randrange(state.n)
        p = state.players[seat]
        for weights in (WEIGHTS, NORMAL_WEIGHTS, HARD_WEIGHTS, {**WEIGHTS, "folly": 2.0}):
            ctx = Ctx(state, seat, weights)
            found = estate_value(state, seat, ctx)
            assert found == estate_value(state, seat, ctx) == _estate_value(_fresh(p.estate), ctx)
        p.tax_used = not p.tax_used  # another stage for the same estate
        other = estate_value(state, seat, Ctx(state, seat))
        p.tax_used = not p.tax_used
        differ += other != estate_value(state, seat, Ctx(state, seat))
    assert differ > 100


def test_a_placement_looked_for_again_is_the_one_a_fresh_look_finds():
    differ = 0
    for state in _positions(["a", "b", "c", "d"], range(3)):
        seat = state.turn_seat
        p = state.players[seat]
        ctx = Ctx(state, seat)
        for bonus in (0.0, 2.0):
            found = _best_placement(state, seat, p, ctx, bonus)
            assert found == _best_placement(state, seat, p, ctx, bonus)
            p.estate = _fresh(p.estate)
            assert found == _placement(p, ctx, bonus, (ctx.w, *_placement_tables(ctx)))
        if p.tile_count and p.tiles[0]:
            p.tiles[0] -= 1  # other kinds held
            differ += _best_placement(state, seat, p, ctx) != found
            p.tiles[0] += 1
    assert differ > 20


def test_the_stage_of_the_game_known_already_is_the_one_worked_out_afresh():
    fields = [f for f in Ctx.__slots__ if f not in ("follies", "estate", "w", "stage")]  # stage: the numbers kept
    stages = set()
    for state in _positions(["a", "b", "c"], range(2, 3)):
        for weights in (WEIGHTS, HARD_WEIGHTS):
            known = Ctx(state, state.decider, weights)
            remembered = dict(evaluate._STAGES)
            evaluate._STAGES.clear()
            fresh = Ctx(state, state.decider, weights)
            evaluate._STAGES.update(remembered)
            assert [getattr(known, f) for f in fields] == [getattr(fresh, f) for f in fields]
            stages.add(tuple(getattr(known, f) for f in fields))
    assert len(stages) > 50


def test_a_hand_back_table_known_already_is_the_one_worked_out_afresh():
    tables = set()
    for state in _positions(["a", "b", "c", "d"], range(4)):
        if state.step != Decision.BALL_SPEND:
            continue
        for weights in (WEIGHTS, HARD_WEIGHTS):
            items = planner._hand_back_items(state, state.decider, weights)
            known = planner._hand_back_costs(items)
            remembered = dict(planner._COSTS)
            planner._COSTS.clear()
            assert planner._hand_back_costs(items) == known
            planner._COSTS.update(remembered)
            tables.add(items)
    assert len(tables) > 20


def test_title_forecasts_for_several_prestiges_are_each_one_s_forecast():
    forecasts = 0
    for state in _positions(["a", "b", "c", "d"], range(2)):
        for seat in range(state.n):
            others = {s: evaluate.expected_prestige(state, s) for s in range(state.n) if s != seat}
            for given in (None, others):
                titles = forecast_titles(state, seat, list(range(12)), given)
                evaluate._FORECASTS.clear()
                assert titles == [forecast_title(state, seat, mine, given) for mine in range(12)]
                forecasts += 1
    assert forecasts > 1000
