"""Hard's search: the playout policy plays legally, candidates are whole turns of different kinds, the
search picks a legal turn from the view only, reproducibly, and its options are checked."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from rules import Card, TileType, new_game
from rules import actions as A
from rules.arena.tournament import play_game
from rules.bots import VERSIONS, HardBot, make_bot, parse_spec
from rules.bots import search as search_module
from rules.bots.determinize import determinize
from rules.bots.evaluate import last_room
from rules.bots.rollout import PlayoutPolicy
from rules.bots.search import (
    Budget,
    Candidate,
    Playouts,
    SearchSettings,
    TurnSearch,
    candidates,
    main_kind,
    variants_of,
)
from rules.engine import apply_unchecked
from rules.flow import start_ball
from rules.invariants import check_invariants
from rules.legal import legal_actions
from rules.model import Decision
from rules.snapshot import state_to_dict
from tests.bots.test_bots import _positions
from tests.rules.scenario import (
    ball_up_to,
    end_turn_with_leisure,
    game,
    set_bribes,
    set_cards,
    set_estate,
    set_hand,
    turn,
)


@pytest.mark.parametrize("players, temper", [(3, 0.0), (4, 0.0), (5, 0.0), (4, 1.0), (5, 3.0)])
def test_the_playout_policy_only_makes_legal_moves(players, temper):
    for seed in range(2):
        policy = PlayoutPolicy(temper=temper, searcher=0, rng=random.Random(seed))
        state = new_game(["a", "b", "c", "d", "e"][:players], seed=seed + 10 * players)
        while not state.over:
            action = policy.choose(state)
            assert action in legal_actions(state), (str(action), state.step)
            apply_unchecked(state, action)
        check_invariants(state)


def _snapshot(state) -> str:
    plain = state_to_dict(state)
    del plain["history"]  # a copy made to value a move starts its own
    return json.dumps(plain)


@pytest.mark.parametrize("players, temper, trades", [(3, 0.0, False), (4, 0.0, True), (5, 2.0, True)])
def test_a_play_of_the_policy_makes_the_game_its_choices_make_step_by_step(players, temper, trades):
    """PlayoutPolicy.play hands back the copy a whole move was valued on instead of playing the move's steps again
    (playouts' speed): every state it hands back is one the same choices applied one by one pass through, in order,
    to the same end."""
    names = ["a", "b", "c", "d", "e"][:players]
    stepped = new_game(names, seed=20 + players)
    policy = PlayoutPolicy(trades=trades, temper=temper, searcher=0, rng=random.Random(players))
    passed = [_snapshot(stepped)]
    while not stepped.over:
        apply_unchecked(stepped, policy.choose(stepped))
        passed.append(_snapshot(stepped))
    state = new_game(names, seed=20 + players)
    policy = PlayoutPolicy(trades=trades, temper=temper, searcher=0, rng=random.Random(players))
    at, whole_moves = 0, 0
    while not state.over:
        before = state
        state = policy.play(state)
        whole_moves += state is not before
        at = passed.index(_snapshot(state), at + 1)  # ValueError: a state the steps never pass through
    assert at == len(passed) - 1
    assert whole_moves > 30  # most turns' moves are handed back whole


def _policy_game(seed: int, policy: PlayoutPolicy) -> tuple[list[A.Action], int]:
    """The turns' first actions of a game the policy plays for every seat, and how many of seat 0's differ from
    what the policy untempered would choose."""
    state = new_game(["a", "b", "c", "d"], seed=seed)
    firsts, unlike, turn = [], 0, None
    while not state.over:
        first = state.step == Decision.TURN and turn != (state.decade, state.round_pos)
        if first:
            turn = (state.decade, state.round_pos)
        action = policy.choose(state)
        if first:
            firsts.append(action)
            unlike += state.turn_seat == 0 and action != PlayoutPolicy().choose(state.copy(keep_history=False))
        apply_unchecked(state, action)
    return firsts, unlike


def test_tempered_the_others_in_a_playout_vary_their_moves_and_the_searcher_does_not():
    best, _ = _policy_game(4, PlayoutPolicy())
    for chance in range(3):  # the others choose at random, by the policy's rng, and the game goes elsewhere
        tempered, unlike = _policy_game(4, PlayoutPolicy(temper=1.0, searcher=0, rng=random.Random(chance)))
        assert tempered != best and not unlike  # seat 0 searches: its own moves stay the policy's best
        assert tempered == _policy_game(4, PlayoutPolicy(temper=1.0, searcher=0, rng=random.Random(chance)))[0]
    assert _policy_game(4, PlayoutPolicy(temper=0.0, searcher=0, rng=random.Random(5)))[0] == best
    assert _policy_game(4, PlayoutPolicy(temper=1.0, searcher=1, rng=random.Random(5)))[1]  # seat 0 tempered too


def test_a_tempered_policy_without_an_rng_is_refused():
    with pytest.raises(ValueError, match="rng"):
        PlayoutPolicy(temper=1.0)


def test_tempered_playouts_draw_the_others_moves_from_the_world_so_lines_stay_paired():
    search, world = _search_at_turn(8)
    tempered = TurnSearch(search.view, search.planner, SearchSettings(temper=2.0), random.Random(2), {})
    line = [A.Leisure(), A.EndTurn()]
    once, again = (tempered.playing.play_on(world, line) for _ in range(2))
    assert [p.estate.tiles for p in once.players] == [p.estate.tiles for p in again.players]
    fixed = search.playing.play_on(world, line)
    assert [p.estate.tiles for p in once.players] != [p.estate.tiles for p in fixed.players]


def test_with_rival_a_playout_is_scored_against_the_best_of_the_others():
    search, world = _search_at_turn(8)
    for seat, vp in enumerate((10, 4, 9, 2)):
        world.players[seat].vp = vp

    def scored(**options) -> float:
        return Playouts(search.seat, SearchSettings(leaf=0.0, **options), {}).result(world)

    assert search.seat == 0 and scored() == 10 - 5 and scored(rival=1.0) == 10 - 9 and scored(rival=0.5) == 10 - 7


def test_with_close_the_others_far_behind_count_less_and_those_level_or_ahead_in_full():
    search, world = _search_at_turn(8)
    for seat, vp in enumerate((30, 30, 40, 10)):
        world.players[seat].vp = vp
    playing = Playouts(search.seat, SearchSettings(leaf=0.0, close=8.0), {})
    counts = playing.closeness(world)
    assert search.seat == 0 and counts[1] == counts[2] == 1.0 and 0.15 < counts[3] < 0.16  # 2*sigmoid(-20/8)
    counted = attrs.evolve(playing, counts=counts)
    assert counted.result(world) == pytest.approx(30 - (30 + 40 + 10 * counts[3]) / 3)
    assert Playouts(search.seat, SearchSettings(leaf=0.0), {}).result(world) == 30 - 80 / 3


def test_with_close_ones_own_title_is_not_outweighed_by_the_titles_it_frees_for_players_far_behind():
    """The keep of docs/hard.md section 4: one's own +2 VP against +2 for two of three others 18 VP behind."""
    search, world = _search_at_turn(8)
    for seat, vp in enumerate((42, 24, 24, 24)):
        world.players[seat].vp = vp
    handed_back = world.copy(keep_history=False)
    for seat, gain in enumerate((2, 2, 2, 0)):
        handed_back.players[seat].vp += gain
    plain = Playouts(search.seat, SearchSettings(leaf=0.0), {})
    close = Playouts(search.seat, SearchSettings(leaf=0.0, close=8.0), {})
    close = attrs.evolve(close, counts=close.closeness(world))
    assert plain.result(handed_back) - plain.result(world) == pytest.approx(2 - 4 / 3)
    behind = close.counts[1]  # 2*sigmoid(-18/8)
    assert close.result(handed_back) - close.result(world) == pytest.approx(2 - behind * 4 / 3) and behind < 0.2


def test_a_turn_kind_looks_past_cards_and_trades():
    card, build = A.PlayCard(Card.TRIBUTE), A.BuildCastle((1, 0))
    assert main_kind([card, build, A.EndTurn()]) == (A.BuildCastle, None)
    assert main_kind([A.Leisure(), A.EndTurn()]) == (A.Leisure, None)


def test_candidates_are_the_best_line_of_each_kind():
    ranked = [
        (5.0, [A.PlaceTile(0, (1, 0)), A.FinishExpanding()]),
        (4.9, [A.PlaceTile(1, (0, 1)), A.FinishExpanding()]),  # another expand: not a new kind
        (4.0, [A.Bribe(3), A.EndTurn()]),
        (3.0, [A.Bribe(2), A.EndTurn()]),
        (2.0, [A.Leisure(), A.EndTurn()]),
    ]
    found = candidates(ranked, 5)
    assert [c.line[0] for c in found] == [A.PlaceTile(0, (1, 0)), A.Bribe(3), A.Leisure()]
    assert [c.prior for c in found] == [5.0, 4.0, 2.0]
    assert len(candidates(ranked, 2)) == 2


def test_variants_are_the_next_lines_of_the_same_kind():
    ranked = [
        (5.0, [A.PlaceTile(0, (1, 0)), A.FinishExpanding()]),
        (4.5, [A.Bribe(3), A.EndTurn()]),
        (4.9, [A.PlaceTile(1, (0, 1)), A.FinishExpanding()]),
        (4.8, [A.PlaceTile(2, (0, 1)), A.FinishExpanding()]),
    ]
    best = Candidate(ranked[0][1], 5.0)
    assert [c.line[0] for c in variants_of(best, ranked, 1)] == [A.PlaceTile(1, (0, 1))]
    assert len(variants_of(best, ranked, 5)) == 2
    assert variants_of(Candidate(ranked[1][1], 4.5), ranked, 3) == []
    assert variants_of(best, ranked, 0) == []


def test_variants_that_place_the_same_tiles_in_another_order_are_one_line():
    closing = [A.PlaceTile(TileType.GROVE, (-1, 1)), A.PlaceTile(TileType.FIELD, (1, 1)), A.EndTurn()]
    ranked = [
        (5.0, [A.PlaceTile(TileType.GROVE, (-1, 0)), A.PlaceTile(TileType.FIELD, (1, 0)), A.EndTurn()]),
        # the same tiles in another order
        (5.0, [A.PlaceTile(TileType.FIELD, (1, 0)), A.PlaceTile(TileType.GROVE, (-1, 0)), A.EndTurn()]),
        (4.9, closing),
    ]
    best = Candidate(ranked[0][1], 5.0)
    assert [c.line for c in variants_of(best, ranked, 1, distinct=True)] == [closing]
    assert [c.line for c in variants_of(best, ranked, 1)] == [ranked[1][1]]
    # a line the planner did not follow past its first action is no variant either
    assert variants_of(best, [*ranked[:2], (4.9, [A.PlaceTile(TileType.MEADOW, (0, 1))])], 1, distinct=True) == []


def test_a_budget_counts_worlds_or_seconds():
    assert Budget(samples=8).used(2) == 0.25
    assert Budget(seconds=1000.0).used(99) < 0.01


def test_seconds_are_the_searching_threads_cpu_time_capped_at_three_times_on_the_clock(monkeypatch):
    cpu, clock = [10.0], [100.0]
    monkeypatch.setattr(search_module.time, "thread_time", lambda: cpu[0])
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: clock[0])
    budget = Budget(seconds=2.0)
    cpu[0], clock[0] = 11.0, 102.0  # 1 s of CPU in 2 s of the clock: half spent, a busy computer or not
    assert budget.used(5) == pytest.approx(0.5)
    cpu[0], clock[0] = 11.0, 105.0  # the thread hardly ran: the clock says when to stop, at 3 x 2 s
    assert budget.used(5) == pytest.approx(5 / 6)
    clock[0] = 106.0
    assert budget.used(5) == pytest.approx(1.0)
    assert Budget(seconds=2.0, clock_cap=0, started=10.0, clock_started=0.0).used(5) == pytest.approx(0.5)
    assert make_bot("hard:clock=0", seed=1).clock == 0 and make_bot("hard", seed=1).clock == 3.0


def _race_of(settle: float, means: tuple[float, ...], worlds: int = 64):
    """A race of candidates whose playouts score ``means`` with the same noise on each world; the search after."""
    search, _world = _search_at_turn(8)
    search = TurnSearch(search.view, search.planner, SearchSettings(settle=settle, halving=False), random.Random(2), {})
    noise = random.Random(5)

    def fake_round(racing):
        shared = noise.gauss(0.0, 3.0)  # the world's luck, the same for every line (paired)
        for candidate, mean in zip(racing, means, strict=True):
            result = mean + shared + noise.gauss(0.0, 0.5)
            candidate.total += result
            candidate.results[search.samples] = result
            candidate.samples += 1
        search.samples += 1

    search._round = fake_round
    racing = [Candidate([A.Leisure(), A.EndTurn()], 0.0) for _ in means]
    best = search._race(racing, Budget(samples=worlds), 1.0)
    return search, racing.index(best)


def test_with_settle_a_race_stops_once_its_leader_is_clearly_ahead_on_the_same_worlds():
    search, best = _race_of(3.0, (0.0, 2.0))
    assert best == 1 and search.samples == search_module.SETTLE_WORLDS  # 2 VP ahead, the worlds' luck paired away
    search, _best = _race_of(3.0, (0.0, 0.0))  # equal: the whole budget
    assert search.samples == 64
    search, best = _race_of(0.0, (0.0, 2.0))  # off: the whole budget
    assert best == 1 and search.samples == 64


def test_hard_that_settles_plays_legal_games_reproducibly():
    # (at 32 worlds a turn its races are long enough to settle: 8 worlds each at least)
    games = [play_game((0, ["hard:settle=2", "normal", "normal"], 21, None, 32)) for _ in range(2)]
    assert [(g["vp"], g["actions"]) for g in games[:1]] == [(g["vp"], g["actions"]) for g in games[1:]]


def _turn_starts(count: int, seed: int):
    return [s for s in _positions(count, seed) if s.step == Decision.TURN and not s.action_taken][:4]


def test_the_search_returns_a_legal_turn_reproducibly():
    for state in _turn_starts(16, seed=5):
        seat = state.decider
        view = state.view(seat)
        bot = HardBot(seed=3, iterations=2)
        planner = bot.planner(seat)
        line = TurnSearch(view, planner, SearchSettings(), random.Random(1), bot.weights).run(
            list(view.legal), Budget(samples=2))
        again = TurnSearch(view, planner, SearchSettings(), random.Random(1), bot.weights).run(
            list(view.legal), Budget(samples=2))
        assert line == again and line[0] in view.legal


def _search_at_turn(seed: int):
    state = new_game(["a", "b", "c", "d"], seed=seed, first_game=True)
    while state.step != Decision.TURN:
        state.apply(state.legal_actions()[0])
    view = state.view(state.decider)
    search = TurnSearch(view, HardBot(seed=1).planner(view.seat), SearchSettings(), random.Random(2), {})
    return search, determinize(view, random.Random(3))


def test_a_playout_stops_when_the_next_ball_has_been_held():
    search, world = _search_at_turn(8)
    end = search.playing.play_on(world, [A.Leisure(), A.EndTurn()])
    assert len(end.ball_titles) == 1 and end.decade == 1 and end.step == Decision.TURN
    assert world.decade == 1 and not world.ball_titles and world.players[0].vp == 0  # the world is untouched


def test_in_the_last_decade_a_playout_goes_on_to_the_end():
    search, world = _search_at_turn(9)
    world.decade = 3
    assert search.playing.play_on(world, [A.Leisure(), A.EndTurn()]).over
    short = TurnSearch(search.view, search.planner, SearchSettings(to_end=False), random.Random(2), {})
    assert not short.playing.play_on(world, [A.Leisure(), A.EndTurn()]).over


def test_a_longer_horizon_plays_through_two_scorings_and_costs_two_samples_a_world():
    search, world = _search_at_turn(8)
    two = TurnSearch(search.view, search.planner, SearchSettings(horizon=2, scoring=False), random.Random(2), {})
    end = two.playing.play_on(world, [A.Leisure(), A.EndTurn()])
    assert len(end.ball_titles) == 2 and end.decade == 1  # the balls at spaces 4 and 8 (R-BOARD-1), not the scoring
    two.run(list(search.view.legal), Budget(samples=4))
    assert two.samples == 2 and two.work == 4


def test_hard_follows_its_plan_through_the_turn():
    bot = make_bot("hard", seed=4, iterations=2)
    state = new_game(["a", "b", "c"], seed=4, first_game=True)
    searched = 0
    while not state.over and state.history.count(A.EndTurn()) < 12:
        seat = state.decider
        view = state.view(seat)
        if seat == 0:
            before = bot.total_samples
            action = bot.choose(view, list(view.legal))
            searched += bot.total_samples > before and view.state.step not in (Decision.KEEP_CARD, Decision.BALL_SPEND)
        else:
            action = view.legal[0]
        state.apply(action)
    turns = state.history.count(A.EndTurn())
    assert 0 < searched <= turns // 3 + 1  # one search a turn of its own, not one a decision


@pytest.mark.parametrize("spec", ["hard:candidates=3", "hard:leaf=0.5:share=0.7", "hard:halving=false",
                                  "hard:budget=0.5", "hard:iterations=4"])
def test_hard_options_from_a_spec(spec):
    assert make_bot(spec, seed=1).name == "hard"


@pytest.mark.parametrize("spec", ["hard:depth=3", "hard:candidates=many", "hard:budget=-1", "hard:budget=nan",
                                  "hard:iterations=0", "hard:horizon=0", "hard:workers=2",
                                  "hard:clock=-1", "hard:clock=soon"])
def test_bad_hard_options_are_refused(spec):
    with pytest.raises(ValueError):
        make_bot(spec, seed=1)


@pytest.mark.parametrize(("spec", "kinds", "lines", "prior"), [
    ("hard:iterations=2", 5, 4, 0.25), ("hard:iterations=8", 5, 4, 0.25), ("hard:iterations=16", 7, 8, 0.175),
    ("hard:iterations=32", 8, 12, 0.1), ("hard:iterations=128", 8, 12, 0.1), ("hard:budget=0.25", 5, 4, 0.25),
    ("hard", 8, 12, 0.1), ("hard:iterations=32:candidates=5", 5, 12, 0.1), ("hard:iterations=32:variants=2", 8, 2, 0.1),
    ("hard:iterations=32:prior=0.3", 8, 12, 0.3),
])
def test_a_bigger_budget_races_more_lines_and_trusts_the_playouts_more(spec, kinds, lines, prior):
    settings = make_bot(spec, seed=1).settings
    assert (settings.candidates, settings.variants, settings.prior) == (kinds, lines, prior)


def _at_a_ball(seed: int):
    """A 4-player position at a masked ball where seat 1, holding bribes and cards, decides (R-BALL-2)."""
    s = game(4, seed=seed)
    set_bribes(s, 1, 3)
    set_cards(s, 1, Card.BLACKMAIL, Card.LIAISON)
    start_ball(s, [])
    while s.decider != 1:
        s.apply(A.PlacePrestige())
    assert s.step == Decision.BALL_SPEND
    return s


def test_at_a_ball_hard_hands_back_a_whole_set_then_places_its_marker():
    state = _at_a_ball(6)
    view = state.view(1)
    search = TurnSearch(view, HardBot(seed=1).planner(1), SearchSettings(), random.Random(5), HardBot().weights)
    line = search.run_ball(Budget(samples=3))
    assert line[-1] == A.PlacePrestige() and line[0] in view.legal
    assert all(isinstance(a, A.HandBackBribe | A.HandBackCard) for a in line[:-1])
    bot = make_bot("hard", seed=2, iterations=2)
    while state.step == Decision.BALL_SPEND and state.decider == 1:
        v = state.view(1)
        state.apply(bot.choose(v, list(v.legal)))
    assert state.ball is None or state.at_ball.places[1] >= 0  # its marker is down


def _fountains_and_empty_hands(s, fountains: tuple[int, ...]) -> None:
    """Each seat's estate is that many single fountains (its base prestige, R-BALL-2), and nothing is behind its
    screen."""
    for seat, count in enumerate(fountains):
        set_estate(s, seat, " ".join(["w"] * count))
        set_cards(s, seat)
        set_bribes(s, seat, 0)
        set_hand(s, seat)


def _ball_where_a_bribe_buys_the_duke_and_frees_two_titles():
    """4 players at a masked ball, the Queen holder 1 first (R-BALL-2): seats 1, 2, 3 place 11, 7 and 3 (single
    fountains), then seat 0 (13) decides last with one bribe. Kept: seat 0 Marquess, 1 Earl, 2 and 3 Viscount;
    handed back (14): seat 0 Duke, which leaves the Marquess to seat 1 and the Earl to seat 2 (R-BALL-3)."""
    s = game(4)
    _fountains_and_empty_hands(s, (13, 11, 7, 3))
    set_bribes(s, 0, 1)
    s.queen = 1
    ball_up_to(s, 0)
    return s


def test_without_the_ball_prior_the_playouts_alone_choose_what_to_hand_back():
    # The Duke's 2 VP (R-BALL-4) less the others' 4 VP shared by three and a kept bribe valued at 0.7 leaves the
    # hand-back ahead by less than the prior's 0.25 x 0.7: counted again in the prior, the bribe is kept.
    view = _ball_where_a_bribe_buys_the_duke_and_frees_two_titles().view(0)
    weights = {**HardBot().weights, "bribe": 0.7}
    handed = {}
    for ball_prior in (True, False):
        search = TurnSearch(view, HardBot(seed=1).planner(0), SearchSettings(ball_prior=ball_prior),
                            random.Random(3), weights)
        handed[ball_prior] = search.run_ball(Budget(samples=8)).count(A.HandBackBribe())
    assert handed == {True: 0, False: 1}


def last_ball_first_in_order():
    """4 players at the last ball (decade III, round space 8), the Queen holder 0 first (R-BALL-2) with 9
    fountains, 4 bribes, a Blackmail, a Whitehall and a Liaison; then seats 1, 2, 3 with 9, 8 and 14 fountains,
    seat 3 holding 3 bribes and a card the others cannot see (R-TURN-5). The Blackmail alone (12) makes seat 0
    Marquess; everything but the Liaison (17) makes it Duke unless seat 3 hands back all it has (18)."""
    s = game(4)
    s.decade = 3
    _fountains_and_empty_hands(s, (9, 9, 8, 14))
    set_bribes(s, 0, 4)
    set_cards(s, 0, Card.BLACKMAIL, Card.WHITEHALL, Card.LIAISON)
    set_bribes(s, 3, 3)
    set_cards(s, 3, Card.INHERITANCE)
    s.queen = 0
    turn(s, 0)
    s.round_pos = 7
    end_turn_with_leisure(s)  # the marker moves onto the last ball's space
    assert s.step == Decision.BALL_SPEND and s.decider == 0 and s.round_pos == 8
    return s


@pytest.mark.parametrize("last_ball, handed_back", [(False, 1), (True, 6)])
def test_r_act_c2_with_last_ball_hard_hands_back_at_the_last_ball_what_nothing_after_it_can_use(last_ball, handed_back):
    # Without last_ball the bribes were priced at money two turns from the end and Whitehall at a third of its
    # worth (the ball's space counted as a turn): about the Duke's 2 VP, which seat 3 might still outbid. After
    # the last ball a bribe can only become £1 or a tile by the last turn's action (R-ACT-C2), and Whitehall's
    # Queen is locked (R-ROUND-3): all but the Liaison (3 VP at the end, R-END-1) goes to the ball.
    view = last_ball_first_in_order().view(0)
    bot = make_bot(f"hard:last_ball={str(last_ball).lower()}", seed=1)
    for seed in range(3):
        search = TurnSearch(view, bot.planner(0), bot.settings, random.Random(seed), bot.leaf_weights)
        line = search.run_ball(Budget(samples=16))
        assert len(line) - 1 == handed_back and line[-1] == A.PlacePrestige()
        assert A.HandBackCard(Card.LIAISON) not in line


def test_a_frozen_version_is_hard_with_its_options_and_takes_more():
    assert parse_spec("hard-0.1") == ("hard", VERSIONS["hard-0.1"])
    assert parse_spec("hard-0.1:iterations=8") == ("hard", {**VERSIONS["hard-0.1"], "iterations": "8"})
    assert make_bot("hard-0.1:iterations=8", seed=1).iterations == 8
    with pytest.raises(ValueError):
        parse_spec("hard-0.0")


def test_hard_0_2_values_tiles_as_hard_did_before_their_double_worth_at_the_leaves_and_the_last_land():
    """Hard's leaves count a tile at twice its worth through decades I and II, fading through decade II, with
    less room for tiles, and in the last decade it takes no land most of whose tiles it could not use (issue 22,
    E32, E33); hard-0.2 (and hard-0.1) keep the settings from before."""
    def tiles(spec):
        settings = make_bot(spec, seed=1).settings
        return settings.leaf_tiles, settings.room_share, settings.leaf_tiles_fade, settings.last_land
    assert tiles("hard") == (2.0, 0.3, True, True)
    assert tiles("hard-0.2") == tiles("hard-0.1") == (1.0, 0.5, False, False)
    assert tiles("hard-0.2:leaf_tiles=3") == (3.0, 0.5, False, False)  # options on top, as for any frozen version


def test_hard_stops_a_settled_race_where_the_frozen_versions_race_to_the_end():
    """Hard's races stop once their leader is 3 paired standard errors ahead of every other (issue 22, E77);
    hard-0.3, hard-0.2 and hard-0.1 race every candidate to its budget, as those versions did."""
    assert make_bot("hard", seed=1).settings.settle == 3.0
    for version in ("hard-0.3", "hard-0.2", "hard-0.1"):
        assert make_bot(version, seed=1).settings.settle == 0.0
    assert make_bot("hard-0.3:settle=2", seed=1).settings.settle == 2.0


def test_others_normal_values_the_other_seats_moves_by_normals_weights(monkeypatch):
    """`others_normal`: in a playout every seat but the searcher values its turn's moves by NORMAL_WEIGHTS, as the
    Normal players at the table do; the searcher's own by Hard's (None: WEIGHTS)."""
    from rules.bots import rollout
    from rules.bots.evaluate import NORMAL_WEIGHTS

    state = new_game(["a", "b", "c", "d"], seed=5)
    policy = PlayoutPolicy()
    while state.step != Decision.TURN:
        apply_unchecked(state, policy.choose(state))
    seen: list[tuple[int, object]] = []
    real = rollout._valued_moves

    def spy(state, trades=False, site_bonus=0.0, weights=None):
        seen.append((state.turn_seat, weights))
        return real(state, trades, site_bonus, weights)

    monkeypatch.setattr(rollout, "_valued_moves", spy)
    searcher = state.turn_seat
    for others_normal, others in ((True, NORMAL_WEIGHTS), (False, None)):
        seen.clear()
        Playouts(searcher, SearchSettings(others_normal=others_normal), {}).play_on(state, [])
        assert {seat for seat, _w in seen} == set(range(4))
        assert all(w is (None if seat == searcher else others) for seat, w in seen), seen


def _last_decade_turn(estate: str, church_full: bool, **hand: int):
    """Seat 0's turn in the last decade, the church full or empty, before the decade's balls."""
    s = game(3)
    s.decade = 3
    set_estate(s, 0, estate)
    set_hand(s, 0, **hand)
    if church_full:
        for kind in range(4):
            s.bag[kind] -= 3
            s.church[kind] = 3
    view = s.view(0)
    bot = HardBot(seed=1, iterations=2)
    search = TurnSearch(view, bot.planner(0), SearchSettings(last_land=True), random.Random(2), bot.weights)
    return s, search


GROVES = "g g g g m m m"  # 4 groves (4 tiles of land: R-ACT-E1), no square waiting, no castle, three sites
FORESTS = "g g g g m m m\ng g g g"  # 8 groves in 2 forests (8 + 4 tiles of land)
PLENTY = {"field": 6, "fountain": 6, "grove": 6, "meadow": 6}


def test_r_act_f1_in_the_last_decade_the_room_for_more_tiles_counts_half_the_church_and_an_expands_fountains():
    full, search = _last_decade_turn(GROVES, True, **PLENTY)
    # no church room, squares, gaps or sites: an expand's fountains before the balls to come, less the 24 held
    assert last_room(full, 0, search.planner.weights) == 3 - 24
    empty, _ = _last_decade_turn(GROVES, False, **PLENTY)
    assert last_room(empty, 0, search.planner.weights) == 12 / 2 + 3 - 24  # the others give to the church too


def test_r_score_1_in_the_last_decade_the_room_for_more_tiles_is_what_the_expands_left_can_place():
    state, search = _last_decade_turn("g g g g m C m", True)
    # 6 gaps around the castle, a third site wanted and an expand's fountains: 10 tiles
    assert last_room(state, 0, search.planner.weights) == 10
    state.round_pos = 7  # two turns left before the scoring, one of them spent on the land (R-BOARD-1)
    assert last_room(state, 0, search.planner.weights) == 3


def _land_lines(ranked) -> int:
    return sum(main_kind(line)[0] is A.AcquireLand for _v, line in ranked)


@pytest.mark.parametrize("estate, church_full, hand", [
    (GROVES, True, PLENTY), (GROVES, False, PLENTY), (FORESTS, True, {})])
def test_with_last_land_the_land_is_not_raced_when_most_of_its_tiles_would_be_kept_for_nothing(
        estate, church_full, hand):
    state, search = _last_decade_turn(estate, church_full, **hand)
    ranked = search.planner.lines(state, 0, list(search.view.legal))
    kept = search._without_idle_land(state, ranked)
    assert _land_lines(ranked) and not _land_lines(kept)
    assert len(kept) == len(ranked) - _land_lines(ranked)
    line = search.run(list(search.view.legal), Budget(samples=2))
    assert main_kind(line)[0] is not A.AcquireLand


@pytest.mark.parametrize("estate, church_full, hand", [
    (GROVES, False, {"field": 1, "grove": 1}), (FORESTS, False, {}), (GROVES, True, {})])
def test_with_last_land_the_land_is_raced_while_half_its_tiles_can_still_be_used(estate, church_full, hand):
    state, search = _last_decade_turn(estate, church_full, **hand)
    ranked = search.planner.lines(state, 0, list(search.view.legal))
    assert _land_lines(ranked) and search._without_idle_land(state, ranked) == ranked
