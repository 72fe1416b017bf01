"""The squares on their way to a region, worked out again only around the cells changed since an earlier
version of the estate knew them, are what a fresh look finds (R-LAND-2, R-LAND-3), those that can become
regions side by side (Hard's ``packed_squares``) included."""

from __future__ import annotations

import random

from rules.bots.squares import (
    _square_tiles,
    open_square_counts,
    open_squares,
    packed_square_counts,
    packed_squares,
    square_tiles,
)
from rules.estate import Estate
from rules.model import Building, TileType


def _fresh(estate: Estate) -> Estate:
    fresh = Estate()
    fresh.tiles, fresh.buildings = dict(estate.tiles), dict(estate.buildings)
    fresh.region_at, fresh.regions, fresh.knights = dict(estate.region_at), list(estate.regions), list(estate.knights)
    fresh.frontier = set(estate.frontier)
    return fresh


def _look(estate: Estate, rng: random.Random) -> int:
    """Check the square facts of this version (sometimes not at all, sometimes the open squares alone)."""
    if rng.random() < 0.3:
        return 0  # facts not looked at in this version: the next one goes on from an earlier one
    fresh = _fresh(estate)
    if rng.random() < 0.5:
        assert list(square_tiles(estate).items()) == list(_square_tiles(fresh).items())
    assert open_square_counts(estate) == open_squares(fresh)
    if rng.random() < 0.5:
        assert packed_square_counts(estate) == packed_squares(fresh)
    return bool(estate._since)


def test_square_facts_worked_out_since_an_earlier_version_are_those_of_a_fresh_look():
    rng = random.Random(8)
    updated = 0
    for _ in range(60):
        estate = Estate.starting()
        for _ in range(rng.randrange(5, 40)):
            if rng.random() < 0.2:
                estate = estate.copy()  # a copy goes on from what the original knew
            pos = rng.choice(sorted(estate.frontier))
            estate.add_tile(pos, rng.choice([TileType.FIELD, TileType.FIELD, TileType.GROVE, TileType.FOUNTAIN,
                                             TileType.MEADOW]))
            updated += _look(estate, rng)
            squares = estate.completable_squares(pos)
            if squares:
                estate.form_region(rng.choice(squares))
                updated += _look(estate, rng)
            meadows = estate.empty_meadows()
            if meadows and rng.random() < 0.2:  # a change of no tile
                estate.put_building(rng.choice(meadows), rng.choice([Building.CASTLE, Building.CHAPEL]))
                updated += _look(estate, rng)
    assert updated > 500
