"""The placement estimate's facts about each free cell, updated after a tile is placed, are what a fresh look
finds: the cells further than two from the tile keep theirs, the others are worked out again."""

from __future__ import annotations

import random

from rules.bots.planner import _cell_facts, cell_facts, cell_facts_after
from rules.estate import Estate
from rules.model import Building, TileType


def test_facts_after_a_placement_are_those_of_a_fresh_look():
    rng = random.Random(5)
    changed = 0
    for _ in range(60):
        estate = Estate.starting()
        for _ in range(rng.randrange(5, 40)):
            before = cell_facts(estate)
            pos = rng.choice(sorted(estate.frontier))
            estate.add_tile(pos, rng.choice([TileType.FIELD, TileType.FIELD, TileType.GROVE, TileType.MEADOW]))
            squares = estate.completable_squares(pos)
            if squares:
                estate.form_region(squares[0])
            updated = cell_facts_after(estate, before, pos)
            fresh = _cell_facts(estate)
            assert list(updated.items()) == list(fresh.items())
            changed += sum(1 for cell, facts in fresh.items() if cell in before and before[cell] != facts)
            meadows = estate.empty_meadows()
            if meadows and rng.random() < 0.3:  # castles and palaces next to the cells, enclosed step by step
                estate.put_building(rng.choice(meadows), rng.choice([Building.CASTLE, Building.PALACE]))
    assert changed > 100  # the placements did change what the cells around them offer
