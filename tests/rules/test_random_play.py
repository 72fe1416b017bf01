"""Tier 3: seeded random play. Every action is followed by the invariants of DESIGN.md; at random points the
JSON round trip, copy() independence and the text form of actions are checked; every game is replayed."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import actions as A
from rules import apply_unchecked, game_from_json, game_to_json, new_game, parse_action
from rules.events import EventKind
from rules.invariants import check_invariants
from rules.model import Building, Card, Decision, Folly, TileType, Title, VPSource
from rules.snapshot import state_to_dict
from tests.rules.scenario import NAMES, game, place_knight, set_estate, set_hand

ACTION_CLASSES = [t for t in A.Action.__args__]  # every kind of action


def _placement_score(s, a: A.PlaceTile) -> tuple[int, int]:
    """(squares this tile would complete, tiles of its type around it)."""
    estate = s.players[s.turn_seat].estate
    tiles = estate.tiles
    x, y = a.pos
    squares = 0
    if a.tile != TileType.MEADOW:
        for ax, ay in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            cells = [(ax + dx, ay + dy) for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)) if (ax + dx, ay + dy) != a.pos]
            squares += all(tiles.get(c) == a.tile and c not in estate.region_at for c in cells)
    alike = sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if tiles.get((x + dx, y + dy)) == a.tile)
    return squares, alike


def _choose(rnd: random.Random, s, legal: list, policy: int):
    """0: uniform over actions; 1: uniform over kinds of action first (reaches rare kinds far more often);
    2: kinds first, and tiles placed beside tiles of their type (forms regions, so knights and follies)."""
    if policy == 0:
        return rnd.choice(legal)
    kinds: dict[type, list] = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    options = kinds[rnd.choice(list(kinds))]
    if policy == 2:
        keen = [k for k in (A.BuildFolly, A.PlaceKnight, A.MoveKnight, A.BuildCastle, A.PlaceTile) if k in kinds]
        if keen and rnd.random() < 0.7:
            options = kinds[keen[0]]
    if policy == 2 and isinstance(options[0], A.PlaceTile):
        scores = {a: _placement_score(s, a) for a in options}
        best = max(scores.values())
        options = [a for a in options if scores[a] == best]
    return rnd.choice(options)


def _check_copy(s) -> None:
    before = state_to_dict(s)
    c = s.copy()
    assert state_to_dict(c) == before
    p = c.players[0]
    p.money += 7
    p.tiles[0] += 1
    p.cards.append(Card.TRIBUTE)
    p.knights.append((1, 0))
    p.estate.add_tile((999, 999), TileType.MEADOW)
    p.estate.knights.append(2)
    p.vp_by_source[0] += 1
    c.bag[0] += 1
    c.deck.append(Card.DOWRY)
    c.church[1] += 1
    c.follies.clear()
    c.titles_supply[0] += 1
    c.offered.append(Card.LIAISON)
    c.card_queue.append(0)
    c.history.append(A.Leisure())
    c.names.append("Zed")
    c.rng.next64()
    if c.expand is not None:
        c.expand.placed += 1
        c.expand.region_choices.append((5, 5))
    if c.ball is not None:
        c.ball.places[0] += 3
        c.ball.order.append(0)
    c.ball_titles.append([])
    assert state_to_dict(s) == before


def _check_round_trip(s) -> None:
    loaded = game_from_json(game_to_json(s))
    assert state_to_dict(loaded) == state_to_dict(s)


def _check_texts(legal) -> None:
    for a in legal:
        assert parse_action(str(a)) == a


def play_random_game(n: int, seed: int, *, first_game: bool, policy: int, checks: bool = True,
                     kinds: Counter | None = None, decisions: Counter | None = None, start=None) -> object:
    """`start`: a built position to play on from (no JSON round trips then: its history is not the game's)."""
    rnd = random.Random(seed * 7 + n)
    s = new_game(NAMES[:n], seed, first_game=first_game) if start is None else start
    checks = checks and start is None
    vp = [p.vp for p in s.players]
    round_trips = {rnd.randrange(400) for _ in range(2)}
    copies = {rnd.randrange(400) for _ in range(3)}
    while not s.over:
        legal = s.legal_actions()
        assert legal, f"no legal action at {s.step} (seed {seed})"
        a = _choose(rnd, s, legal, policy)
        if kinds is not None:
            kinds[type(a)] += 1
            decisions[s.step] += 1
        if checks and rnd.random() < 0.1:
            _check_texts(legal)
            s.apply(a)  # the checked path on a sample
        else:
            apply_unchecked(s, a)
        check_invariants(s, vp)
        vp = [p.vp for p in s.players]
        if checks and len(s.history) in round_trips:
            _check_round_trip(s)
        if checks and len(s.history) in copies:
            _check_copy(s)
    assert s.legal_actions() == []
    return s


def _replay(s):
    r = new_game(list(s.names), s.seed, first_game=s.first_game)
    for a in s.history:
        apply_unchecked(r, a)
    return r


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games(n):
    kinds: Counter = Counter()
    decisions: Counter = Counter()
    for seed in range(100):
        s = play_random_game(n, seed, first_game=seed % 2 == 0, policy=seed % 3,
                             kinds=kinds, decisions=decisions)
        assert state_to_dict(_replay(s)) == state_to_dict(s)  # replay determinism
        if seed % 10 == 0:
            _check_round_trip(s)
    assert decisions[Decision.TURN] > 0
    if n == 4:  # random play from the start reaches nearly every kind of action
        assert set(ACTION_CLASSES) - set(kinds) <= {A.ChooseRegion, A.MoveKnight}
        assert set(Decision) - set(decisions) <= {Decision.GAME_OVER, Decision.CHOOSE_REGION}


def _rich_position(n: int, seed: int):
    """Every estate holds regions of each kind, L-shapes a tile away from two squares, castles and meadows;
    every player has one knight out already."""
    s = game(n, seed)
    for seat in range(n):
        set_hand(s, seat)
    for seat in range(n):
        set_estate(s, seat, """
            f f g g w w m
            f f g g w w C
            f f f g g . m
            f . f g . . .
        """)  # a field at 1,3 completes two squares; a grove at 4,3 one
        set_hand(s, seat, field=2, grove=2, fountain=1, meadow=2)
        s.players[seat].money = 30
    for seat in range(n):
        place_knight(s, seat, (seat + 1) % n, seat % 3)
    return s


def test_random_play_from_rich_positions():
    kinds: Counter = Counter()
    decisions: Counter = Counter()
    for seed in range(60):
        n = 3 + seed % 3
        play_random_game(n, seed, first_game=True, policy=2, kinds=kinds, decisions=decisions,
                         start=_rich_position(n, seed))
    assert set(ACTION_CLASSES) - set(kinds) <= {A.ChooseStartTiles}
    assert set(Decision) - set(decisions) == {Decision.GAME_OVER, Decision.CHOOSE_START_TILES}


def test_random_play_same_seed_same_game():
    a = play_random_game(4, 12345, first_game=False, policy=2, checks=False)
    b = play_random_game(4, 12345, first_game=False, policy=2, checks=False)
    assert state_to_dict(a) == state_to_dict(b)
    c = play_random_game(4, 12346, first_game=False, policy=2, checks=False)
    assert state_to_dict(a) != state_to_dict(c)


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_many(n):
    for seed in range(1000, 2700):
        s = play_random_game(n, seed, first_game=seed % 2 == 0, policy=seed % 3, checks=seed % 5 == 0)
        if seed % 50 == 0:
            assert state_to_dict(_replay(s)) == state_to_dict(s)


# -- the text form of actions (hypothesis) ---------------------------------------------------------------------
coord = st.integers(-999_999, 999_999)
pos = st.tuples(coord, coord)
tiles = st.sampled_from(list(TileType))
cards = st.sampled_from(list(Card))
seat = st.integers(0, 9)
region = st.integers(0, 999)
small = st.integers(0, 99)

ACTIONS = st.one_of(
    st.builds(A.ChooseStartTiles, st.tuples(*[st.integers(0, 9)] * 4)),
    st.builds(A.KeepCard, cards),
    st.just(A.KeepAllWithIntrigue()),
    st.builds(A.PlaceTile, tiles, pos),
    st.builds(A.ChooseRegion, pos),
    st.just(A.FinishExpanding()),
    st.builds(A.BuildCastle, pos),
    st.builds(A.BuildPalace, pos),
    st.builds(A.BuildChapel, pos),
    st.builds(A.BuildFolly, st.sampled_from(list(Folly)), pos),
    st.builds(A.PlaceKnight, seat, region),
    st.builds(A.MoveKnight, seat, region, seat, region),
    st.just(A.SkipKnight()),
    st.builds(A.GiveTiles, st.lists(tiles, min_size=1, max_size=2).map(tuple)),
    st.builds(A.Bribe, small),
    st.builds(A.CollectTaxes, small),
    st.builds(A.AcquireLand, small),
    st.builds(A.Donate, tiles),
    st.just(A.FinishDonating()),
    st.just(A.Leisure()),
    st.builds(A.PlayCard, cards),
    st.builds(A.InheritCastle, pos),
    st.builds(A.ReturnTile, tiles),
    st.just(A.FinishVicar()),
    st.builds(A.Trade, st.tuples(tiles, tiles), tiles),
    st.just(A.EndTurn()),
    st.just(A.HandBackBribe()),
    st.builds(A.HandBackCard, cards),
    st.just(A.PlacePrestige()),
)


@given(ACTIONS)
def test_action_text_round_trip(action):
    assert parse_action(str(action)) == action


def test_action_strategy_covers_every_kind():
    import typing

    assert len(typing.get_args(A.Action)) == len(ACTION_CLASSES) == 29


@given(st.text(max_size=90))
def test_parse_action_rejects_or_round_trips_any_text(text):
    try:
        action = parse_action(text)
    except A.ActionParseError:
        return
    assert parse_action(str(action)) == action


# -- an independent oracle for the scoring rules, checked on every action of random games -------------------------
def _kind_at(s, owner: int, region: int) -> int:
    return int(s.players[owner].estate.regions[region][0])


def _oracle_income(s, seat: int, tile: TileType, kind: int) -> int:
    """R-ACT-D1 / R-ACT-E1 without the bribes: tiles of a type, free regions, knights on others' regions."""
    e = s.players[seat].estate
    tiles = sum(1 for t in e.tiles.values() if t == tile)
    free = sum(1 for i, (k, _) in enumerate(e.regions) if int(k) == kind and e.knights[i] == -1)
    knights = sum(1 for owner, r in s.players[seat].knights if _kind_at(s, owner, r) == kind)
    return tiles + 2 * free + 2 * knights


def _oracle_building_score(e) -> int:
    """R-SCORE-1/2/3."""
    total = 0
    for (x, y), b in e.buildings.items():
        around = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        if int(b) not in (0, 1) or not all(c in e.tiles for c in around):
            continue
        chapels = sum(1 for c in around if e.buildings.get(c) == 2)
        total += 3 + chapels if int(b) == 0 else 5 + 2 * chapels
    return total


def _oracle_prestige(s, seat: int) -> int:
    """R-BALL-2 before hand-backs: fountains, free gardens, knights on others' gardens, palaces."""
    e = s.players[seat].estate
    palaces = sum(1 for b in e.buildings.values() if b == Building.PALACE)
    return _oracle_income(s, seat, TileType.FOUNTAIN, 1) + 2 * palaces


def _oracle_titles(n: int, placed: dict[int, int]) -> dict[int, Title]:
    """R-BALL-3 with the supply of R-COMP-6."""
    supply = {Title.DUKE: 1, Title.MARQUESS: 1, Title.EARL: {3: 1, 4: 1, 5: 2}[n],
              Title.VISCOUNT: {3: 1, 4: 2, 5: 3}[n], Title.BARON: n}
    need = {Title.DUKE: 14, Title.MARQUESS: 10, Title.EARL: 6, Title.VISCOUNT: 2, Title.BARON: 0}
    out = {}
    for seat in sorted(placed, key=lambda x: -placed[x]):
        title = next(t for t in sorted(Title, reverse=True) if supply[t] and placed[seat] >= need[t])
        supply[title] -= 1
        out[seat] = title
    return out


def _check_against_oracle(before, s, a, events) -> None:
    seat = before.turn_seat
    p0, p1 = before.players[seat], s.players[seat]
    if isinstance(a, A.CollectTaxes):
        assert p1.money - p0.money == _oracle_income(before, seat, TileType.FIELD, 0) + a.bribes_back
    elif isinstance(a, A.AcquireLand):
        owed = _oracle_income(before, seat, TileType.GROVE, 2) + a.bribes_back
        assert p1.tile_count - p0.tile_count == min(owed, before.bag_size())
    elif isinstance(a, A.Bribe):
        assert (p0.money - p1.money, p1.vp - p0.vp, p1.bribes - p0.bribes) == (2 * a.count, a.count, a.count)
    elif isinstance(a, A.BuildFolly):
        assert p1.vp - p0.vp == (12, 10, 8, 6)[before.follies_built]
    if s.decade != before.decade or (s.over and not before.over):
        for q0, q1 in zip(before.players, s.players, strict=True):
            gained = q1.vp_by_source[VPSource.BUILDING_SCORING] - q0.vp_by_source[VPSource.BUILDING_SCORING]
            assert gained == _oracle_building_score(q0.estate)
    for e in events:
        if e.kind == EventKind.BALL_STARTED:
            _BALL.clear()
        elif e.kind == EventKind.PRESTIGE_PLACED:
            spent = before.ball.extra if before.ball is not None and before.decider == e.seat else 0
            total = _oracle_prestige(before, e.seat) + spent
            assert e.amount <= total and (e.amount == 0 or e.amount not in _BALL.values())
            assert all(x in _BALL.values() for x in range(e.amount + 1, total + 1))
            _BALL[e.seat] = e.amount
    if len(s.ball_titles) > len(before.ball_titles):
        expected = _oracle_titles(s.n, _BALL)
        assert {seat: t for seat, t in enumerate(s.ball_titles[-1])} == expected


_BALL: dict[int, int] = {}  # the markers of the ball in progress


def test_random_play_against_an_oracle():
    for seed in range(45):
        n = 3 + seed % 3
        start = _rich_position(n, seed) if seed % 2 else None
        rnd = random.Random(seed)
        s = start if start is not None else new_game(NAMES[:n], seed, first_game=seed % 4 == 0)
        while not s.over:
            a = _choose(rnd, s, s.legal_actions(), 2)
            before = s.copy(keep_history=False)
            events = apply_unchecked(s, a)
            _check_against_oracle(before, s, a, events)
