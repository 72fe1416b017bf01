"""Where the guide points: the laid-out regions of the table (:mod:`game.table.targets`) that take a move.

:func:`regions_for` answers with the region of the next gesture the move needs, as the table stands now: the
chooser's option that takes it, the button that opens that chooser, or, for a piece, where it is picked up and
the cell it is dropped on (the drag's two ends; once the piece is carried or armed, or for the castle an
Inheritance gives, only the cell). The guide
rings those regions, the scripted learner clicks and drags on them, and hit-testing stays the table's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.table.chooser import START_OK, StartTilesChooser
from game.table.overlay import TableSight, shows
from game.table.targets import (
    BOARD_BUILDINGS,
    INHERITED_CASTLE,
    Control,
    EstateCell,
    OptionButton,
    Region,
    folly_piece,
    tile_piece,
)
from rules import (
    Action,
    BuildFolly,
    ChooseStartTiles,
    InheritCastle,
    MoveKnight,
    PlaceKnight,
    PlaceTile,
    PlayCard,
    TileType,
    Trade,
    action_kind,
    building_of,
)

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.table.layout import TableFrame
    from game.table.targets import Piece



def _piece(action: Action) -> Piece | None:
    """What is carried to a cell for ``action`` (None: it is not placed on the estate)."""
    if isinstance(action, PlaceTile):
        return tile_piece(action.tile)
    if isinstance(action, BuildFolly):
        return folly_piece(action.folly)
    if isinstance(action, InheritCastle):
        return INHERITED_CASTLE  # held from the moment the card is played: a click on the cell places it
    building = building_of(action)
    return BOARD_BUILDINGS[building] if building is not None else None


def _find(frame: TableFrame, key: str) -> Region | None:
    """The region named ``key`` ("*" stands for any one part), the one drawn last first (as the pointer finds it)."""
    return next((r for r in reversed(frame.regions) if shows(r.key, {key})), None)


def _option(frame: TableFrame, action: Action) -> Region | None:
    """The laid-out chooser option that takes ``action``."""
    chooser = frame.chooser
    if chooser is None:
        return None
    for region in reversed(frame.regions):
        if isinstance(region.target, OptionButton):
            option = chooser.option(region.key)
            if option is not None and option.action == action:
                return region
    return None


def _start_tiles(table: TableSight, action: ChooseStartTiles) -> str:
    """The start chooser's + or − that brings it nearer to ``action``'s counts, or its confirm button."""
    chooser = table.parts.chooser.current()
    counts = chooser.counts if isinstance(chooser, StartTilesChooser) else list(action.counts)
    for tile, have, want in zip(TileType, counts, action.counts, strict=True):
        if have != want:
            return f"start:{tile.label}:{'+' if want > have else '-'}"
    return START_OK


def _keys(table: TableSight, action: Action) -> list[str]:
    """The keys of the regions of the next gesture ``action`` needs (no chooser option takes it)."""
    if isinstance(action, ChooseStartTiles):
        return [_start_tiles(table, action)]
    if isinstance(action, Trade):
        chooser = table.parts.chooser.current()
        if chooser is not None and chooser.key == "trade" and table.parts.chooser.trade_give is None:
            return ["trade:give:" + ",".join(t.label for t in action.give)]
        return ["action:trade"]
    piece = _piece(action)
    if piece is not None:
        pos = getattr(action, "pos", (0, 0))  # every piece's action names its cell
        cell = f"cell:{pos[0]},{pos[1]}"
        carried = table.parts.hand.active(table.now().inheriting)
        if carried is not None and carried.becomes(action):
            return [cell]
        source = f"screen:tile:{piece.name}" if isinstance(action, PlaceTile) else (
            f"board:{action.folly.label}" if isinstance(action, BuildFolly) else f"board:{piece.name}")
        return [source, cell]
    if isinstance(action, PlayCard):
        return [f"screen:card:*:{action.card.label}"]
    if isinstance(action, PlaceKnight | MoveKnight):
        return [f"knight:{action.owner}:{action.region}"]
    kind = action_kind(action)
    return [f"action:{kind.value}"] if kind is not None else []


def regions_for(table: TableSight, action: Action) -> list[Region]:
    """The regions of the next gesture ``action`` needs on the table as it is laid out now (in gesture order:
    a drag's start, then its end); empty if the table does not show them."""
    frame = table.ensure_frame()
    option = _option(frame, action)
    if option is not None:
        return [option]
    if _piece(action) is not None and table.parts.estate.shown is not None:
        keys = [Control.BACK.value]  # pieces go on your own estate: back to it first
    else:
        keys = _keys(table, action)
    found = [_find(frame, key) or _cell(frame, key) for key in keys]
    return [r for r in found if r is not None]


def _cell(frame: TableFrame, key: str) -> Region | None:
    """The region of the estate's cell named ``key`` where the table lays out none yet (an empty cell glows,
    and becomes a region, only once its piece is picked up)."""
    if not key.startswith("cell:"):
        return None
    x, y = (int(v) for v in key.removeprefix("cell:").split(","))
    area = getattr(frame.panels["estate"][1], "area", frame.rects.estate)  # the estate's drawn cells
    rect = frame.geo.cell_rect((x, y)).clip(area)
    return Region(rect, EstateCell((x, y))) if rect.width > 0 and rect.height > 0 else None


def regions_shown(table: TableSight, keys: tuple[str, ...]) -> list[Region]:
    """The regions an explaining step points at."""
    frame = table.ensure_frame()
    found = [_find(frame, key) for key in keys]
    return [r for r in found if r is not None]
