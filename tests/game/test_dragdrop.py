"""Drag and drop at the table, without a window: a press becomes a drag only past the threshold and only on a
piece that may be taken; a click arms a piece and a second one puts it down; a release drops what is carried
or clicks where the press began; a piece may drop only where the engine allows it."""

from __future__ import annotations

import pygame

from game.table.dragdrop import DRAG_THRESHOLD, DragDrop, cell_actions
from game.table.targets import INHERITED_CASTLE, BoardPiece, EstateCell, Region, ScreenTile, tile_piece
from rules import actions as A
from rules.model import TileType

FIELD = tile_piece(TileType.FIELD)
GROVE = tile_piece(TileType.GROVE)


def _tile(tile=TileType.FIELD, **kwargs) -> Region:
    return Region(pygame.Rect(0, 0, 40, 40), ScreenTile(tile), drag=tile_piece(tile), **kwargs)


def _cell(pos=(1, 0)) -> Region:
    return Region(pygame.Rect(200, 200, 40, 40), EstateCell(pos))


def test_a_press_becomes_a_drag_only_past_the_threshold():
    hand = DragDrop(armed=GROVE)
    region = _tile()
    hand.press_on((10, 10), region)
    assert hand.moved((10 + DRAG_THRESHOLD, 10)) is None and hand.dragging is None
    assert hand.moved((10 + DRAG_THRESHOLD + 1, 10)) is region
    assert hand.dragging == FIELD and hand.armed is None  # picking one up puts the armed one down
    assert hand.moved((100, 100)) is None  # already carried: nothing new


def test_a_piece_that_may_not_be_taken_ends_the_press_and_says_why():
    hand = DragDrop()
    castle = Region(pygame.Rect(0, 0, 40, 40), BoardPiece(INHERITED_CASTLE), refused="You need £6.")
    hand.press_on((10, 10), castle)
    assert hand.moved((40, 10)) is castle and hand.dragging is None
    assert hand.press is None and hand.release(castle) is None  # the press is over: no click either


def test_a_disabled_piece_is_not_carried():
    hand = DragDrop()
    hand.press_on((10, 10), _tile(enabled=False))
    assert hand.moved((40, 10)) is None and hand.dragging is None


def test_a_release_drops_what_is_carried_and_forgets_the_press():
    hand = DragDrop()
    hand.press_on((10, 10), _tile())
    hand.moved((60, 60))
    assert hand.release(_cell()) == FIELD
    assert (hand.dragging, hand.press, hand.pressed) == (None, None, None)


def test_a_release_clicks_where_the_press_began_or_anywhere_after_a_press_on_nothing():
    hand = DragDrop()
    tile, cell = _tile(), _cell()
    hand.press_on((10, 10), tile)
    assert hand.release(tile) is tile
    hand.press_on((10, 10), tile)
    assert hand.release(cell) is None  # pressed on one region, released on another
    hand.press_on((500, 500), None)
    assert hand.release(cell) is cell
    assert hand.release(cell) is None  # no press at all


def test_a_click_arms_a_piece_and_a_second_puts_it_down():
    hand = DragDrop()
    hand.toggle(FIELD)
    assert hand.armed == FIELD
    hand.toggle(GROVE)
    assert hand.armed == GROVE
    hand.toggle(GROVE)
    assert hand.armed is None


def test_what_a_click_on_a_cell_places():
    hand = DragDrop()
    assert hand.active(inheriting=False) is None
    assert hand.active(inheriting=True) == INHERITED_CASTLE
    hand.armed = GROVE
    assert hand.active(inheriting=True) == GROVE
    hand.dragging = FIELD
    assert hand.active(inheriting=False) == FIELD
    hand.clear()
    assert (hand.armed, hand.dragging) == (None, None)


def test_a_piece_drops_only_where_the_engine_allows_it():
    legal = [A.PlaceTile(TileType.FIELD, (1, 0)), A.PlaceTile(TileType.GROVE, (0, 1)), A.FinishExpanding()]
    assert cell_actions(legal, FIELD) == {(1, 0): legal[0]}
    assert cell_actions(legal, GROVE) == {(0, 1): legal[1]}
    assert cell_actions(legal, INHERITED_CASTLE) == {} and cell_actions(legal, None) == {}
    assert cell_actions([A.InheritCastle((2, 2))], INHERITED_CASTLE) == {(2, 2): A.InheritCastle((2, 2))}

