"""What an estate remembers (counts, building sites) is always what a fresh look would find.

Search reads these facts many times a turn, so they are remembered until the estate changes; every change
goes through a method that forgets them (R-LAND-1, R-LAND-2, R-ACT-B2, R-ACT-B4).
"""

from __future__ import annotations

import random

from rules import new_game
from rules.estate import Estate
from rules.model import Building, RegionKind, TileType


def _fresh_facts(estate: Estate) -> tuple:
    copy = Estate()
    copy.tiles, copy.buildings = dict(estate.tiles), dict(estate.buildings)
    copy.region_at, copy.regions, copy.knights = dict(estate.region_at), list(estate.regions), list(estate.knights)
    copy.frontier = set(estate.frontier)
    return _facts(copy)


def _facts(estate: Estate) -> tuple:
    return (
        estate.tile_counts(), estate.region_counts(), estate.region_counts(free_only=True), estate.placeable(),
        estate.empty_meadows(), estate.castle_sites(), estate.chapel_sites(),
        tuple(estate.count_buildings(b) for b in Building),
    )


def test_every_change_is_seen():
    estate = Estate.starting()
    assert _facts(estate) == _fresh_facts(estate)
    estate.add_tile((1, 0), TileType.MEADOW)
    assert (1, 0) in estate.empty_meadows() and _facts(estate) == _fresh_facts(estate)
    estate.put_building((1, 0), Building.CHAPEL)
    assert estate.chapel_sites() == () and _facts(estate) == _fresh_facts(estate)
    for pos in ((0, 1), (1, 1), (0, 2), (1, 2)):
        estate.add_tile(pos, TileType.FIELD)
    estate.form_region((0, 1))
    assert estate.count_regions(RegionKind.FARM, free_only=True) == 1
    estate.set_knight(0, 2)
    assert estate.count_regions(RegionKind.FARM, free_only=True) == 0 and _facts(estate) == _fresh_facts(estate)
    estate.put_building((0, 0), Building.PALACE)
    assert estate.count_buildings(Building.PALACE) == 1 and estate.count_buildings(Building.CASTLE) == 0


def test_a_copy_remembers_the_same_and_forgets_on_its_own():
    estate = Estate.starting()
    estate.add_tile((1, 0), TileType.MEADOW)
    before = _facts(estate)
    copy = estate.copy()
    copy.add_tile((2, 0), TileType.MEADOW)
    assert _facts(estate) == before and _facts(copy) == _fresh_facts(copy) != before


def test_random_games_never_see_stale_facts():
    rng = random.Random(3)
    for seed in range(4):
        state = new_game(["a", "b", "c", "d"], seed)
        while not state.over:
            state.apply(rng.choice(state.legal_actions()))
            for p in state.players:
                assert _facts(p.estate) == _fresh_facts(p.estate)


def test_copies_that_change_alike_share_what_they_know_and_only_they():
    estate = Estate.starting()
    estate.add_tile((1, 0), TileType.FIELD)
    estate.tile_counts()
    a, b, c, d = estate.copy(), estate.copy(), estate.copy(), estate.copy()
    a.add_tile((0, 1), TileType.FIELD)
    b.add_tile((0, 1), TileType.FIELD)
    c.add_tile((0, 1), TileType.GROVE)
    d.put_building((0, 1), Building.CASTLE)  # a change at the same position with the same number as a field
    assert a.tile_counts() == (2, 0, 0, 1) and a._memo is b._memo
    assert c._memo is not a._memo and c.tile_counts() == (1, 0, 1, 1) == _fresh_facts(c)[0]
    assert d._memo is not a._memo and d.tile_counts() == (1, 0, 0, 1)


def test_copies_of_one_estate_changed_at_random_never_see_stale_facts():
    rng = random.Random(4)
    base = Estate.starting()
    for _ in range(200):
        estate = base.copy()
        for _ in range(rng.randrange(1, 12)):
            pos = rng.choice(sorted(estate.frontier)[:3])  # few choices: copies often change alike
            estate.add_tile(pos, rng.choice([TileType.FIELD, TileType.MEADOW]))
            squares = estate.completable_squares(pos)
            if squares:
                estate.form_region(squares[0])
            meadows = estate.empty_meadows()
            if meadows and rng.random() < 0.2:
                estate.put_building(meadows[0], Building.CHAPEL)
            assert _facts(estate) == _fresh_facts(estate)


def test_a_shared_copy_and_its_original_change_apart():
    estate = Estate.starting()
    estate.add_tile((1, 0), TileType.FIELD)
    before = _facts(estate), dict(estate.tiles)
    copy = estate.copy(shared=True)
    assert copy.tiles is estate.tiles  # nothing copied while neither changes
    copy.add_tile((0, 1), TileType.FIELD)
    copy.put_building((0, 0), Building.PALACE)
    assert (_facts(estate), dict(estate.tiles)) == before and estate.buildings == {(0, 0): Building.CASTLE}
    again = estate.copy(shared=True)
    estate.add_tile((2, 0), TileType.MEADOW)
    for pos in ((0, 1), (1, 1), (0, 2), (1, 2)):
        estate.add_tile(pos, TileType.GROVE)
    estate.form_region((0, 1))
    third = estate.copy(shared=True)
    estate.set_knight(0, 1)
    assert (_facts(again), dict(again.tiles)) == before and again.regions == [] and again.knights == []
    assert third.knights == [-1] and third.count_regions(RegionKind.FOREST, free_only=True) == 1
    assert _facts(estate) == _fresh_facts(estate) and _facts(copy) == _fresh_facts(copy)
