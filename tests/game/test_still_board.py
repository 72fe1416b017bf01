"""The board holds still under the player's hand: the big estate is fitted when asked (Fit, Home) or when a
turn starts, never between the tiles of one expand, so a cell stays where it was when the next drag begins."""

from __future__ import annotations

from rules import actions as A
from rules.model import Decision, TileType
from tests.game import test_table_support as support
from tests.game.test_table_support import at_turn_start, drag, make_table, play_human_turns

app = support.app  # the fixture


def _cells(table) -> tuple:
    table.ensure_frame()
    geo = table.frame.geo
    return geo.origin, geo.cell


def test_cells_stay_put_between_the_tiles_of_one_expand(app):
    table = make_table(app, ("human", "random", "random"), seed=3)
    play_human_turns(app, table, at_turn_start)
    s = table.session
    before = _cells(table)
    seen = [before]
    for _ in range(3):  # up to three tiles, each dropped where the cell was drawn before the last drop
        if s.state.step == Decision.CHOOSE_REGION:
            support.click(app, table, next(h.key for h in table.hots if h.key.startswith("region:")))
            seen.append(_cells(table))
        placements = [a for a in s.legal() if isinstance(a, A.PlaceTile)]
        if not placements:
            break
        # the cell farthest out: the one a re-fit would move most
        target = max(placements, key=lambda a: abs(a.pos[0]) + abs(a.pos[1]))
        cell = table.frame.geo.cell_center(target.pos)
        drag(app, table.find_hot(f"screen:tile:{target.tile.label}").rect.center, cell)
        assert s.state.players[0].estate.tiles.get(target.pos) == target.tile, "the tile landed off its cell"
        seen.append(_cells(table))
    assert len(seen) >= 3 and all(geo == before for geo in seen)


def test_fit_and_the_next_turn_fit_the_estate_again(app):
    table = make_table(app, ("human", "random", "random"), seed=3)
    play_human_turns(app, table, at_turn_start)
    s = table.session
    tile = next(t for t in TileType if s.state.players[0].tiles[t])
    target = next(a for a in s.legal() if isinstance(a, A.PlaceTile) and a.tile == tile)
    version = table.parts.estate.camera.version
    drag(app, table.find_hot(f"screen:tile:{tile.label}").rect.center, table.frame.geo.cell_center(target.pos))
    assert table.parts.estate.camera.version == version  # placing moved nothing
    support.click(app, table, "estate:fit")
    assert table.parts.estate.camera.version > version and table.parts.estate.camera.pending is False
    version = table.parts.estate.camera.version
    if s.state.step == Decision.CHOOSE_REGION:
        support.click(app, table, next(h.key for h in table.hots if h.key.startswith("region:")))
    support.click(app, table, "action:end")  # Done placing
    support.click(app, table, "action:end")  # End turn: the next turn starts
    assert table.parts.estate.camera.version > version
