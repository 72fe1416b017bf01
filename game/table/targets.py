"""What the mouse can point at on the table: small typed targets, the regions that carry them, and the
pieces a player carries to a cell of the estate.

The layout pass (:mod:`game.table.layout`) lays out one :class:`Region` per target; input, hover, tooltips
and the monkey test all go through those regions. Each target has a stable text ``key`` ("action:church",
"cell:2,-1", "donate:field"): tests and the monkey look regions up by it, the code dispatches on the type.
A masked ball, shown over the table, lays out its own targets ("ball:bribe", "ball:space:10") the same way
(:mod:`game.table.ball_frame`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import attrs
import pygame

from game.ui.pieces import FOLLY_ART, TILE_ART
from rules import (
    Action,
    ActionKind,
    BuildCastle,
    BuildChapel,
    BuildFolly,
    Building,
    BuildPalace,
    Card,
    Folly,
    InheritCastle,
    PlaceTile,
    Pos,
    TileType,
    Title,
)


# -- pieces -----------------------------------------------------------------------------------------------
@attrs.frozen
class Piece:
    """Something the player puts on a cell of the estate (dragged, or armed by a click): a tile from the
    screen, a building from the board, or the castle an Inheritance gives.

    ``action`` is the type of action it becomes on a cell; ``tile`` and ``folly`` say which one.
    """

    action: type[Action]
    tile: TileType | None = None
    folly: Folly | None = None

    def becomes(self, action: Action) -> bool:
        """Dropping this piece can take ``action``."""
        if type(action) is not self.action:
            return False
        if isinstance(action, PlaceTile):
            return action.tile == self.tile
        if isinstance(action, BuildFolly):
            return action.folly == self.folly
        return True

    def at(self, pos: Pos) -> Action:
        """The action this piece dropped on ``pos`` would be (legal or not)."""
        if self.tile is not None:
            return PlaceTile(self.tile, pos)
        if self.folly is not None:
            return BuildFolly(self.folly, pos)
        return self.action(pos)  # type: ignore[call-arg]

    @property
    def name(self) -> str:
        """Which piece, in the engine's English words (keys and prompts look it up): "field", "castle", ..."""
        if self.tile is not None:
            return self.tile.label
        return _PIECE_NAMES[self.action]

    @property
    def art(self) -> str:
        if self.tile is not None:
            return TILE_ART[self.tile]
        if self.folly is not None:
            return FOLLY_ART[self.folly]
        return _PIECE_ART[self.action]


def tile_piece(tile: TileType) -> Piece:
    return Piece(PlaceTile, tile=tile)


def folly_piece(folly: Folly) -> Piece:
    return Piece(BuildFolly, folly=folly)


#: the castle, chapel and palace rows of the board, in the board's order, as pieces
BOARD_BUILDINGS: dict[Building, Piece] = {
    Building.CASTLE: Piece(BuildCastle),
    Building.CHAPEL: Piece(BuildChapel),
    Building.PALACE: Piece(BuildPalace),
}
INHERITED_CASTLE = Piece(InheritCastle)
_PIECE_NAMES: dict[type, str] = {
    BuildCastle: "castle", BuildPalace: "palace", BuildChapel: "chapel", BuildFolly: "folly", InheritCastle: "inherit",
}
_PIECE_ART: dict[type, str] = {
    BuildCastle: "building-castle", BuildPalace: "building-palace", BuildChapel: "building-chapel",
    InheritCastle: "building-castle",
}


# -- targets ------------------------------------------------------------------------------------------------
class Control(enum.Enum):
    """The table's own commands (not moves of the game): its buttons, and Save as (Ctrl+S); the value is the
    button's key."""

    UNDO = "action:undo"
    HELP = "action:help"
    MENU = "action:menu"
    SPEED = "action:speed"
    HINT = "action:hint"
    FIT = "estate:fit"
    BACK = "estate:back"
    SAVE = "action:save"


@attrs.frozen
class ActionButton:
    """A turn choice of the action bar: A-G, play a card, trade, end the turn."""

    kind: ActionKind

    @property
    def key(self) -> str:
        return f"action:{self.kind.value}"


@attrs.frozen
class ControlButton:
    control: Control

    @property
    def key(self) -> str:
        return self.control.value


@attrs.frozen
class TrackSpace:
    pos: int

    @property
    def key(self) -> str:
        return f"track:{self.pos}"


@attrs.frozen
class TrackDecade:
    """The decade in words at the left of the track (``dials``: the I II III dials at its right)."""

    dials: bool = False

    @property
    def key(self) -> str:
        return "track:decades" if self.dials else "track:decade"


@attrs.frozen
class BoardPiece:
    """A building row or a folly of the board (dragged from here when it can be built)."""

    piece: Piece

    @property
    def key(self) -> str:
        label = self.piece.folly.label if self.piece.folly is not None else self.piece.name
        return f"board:{label}"


@attrs.frozen
class ChurchColumn:
    tile: TileType

    @property
    def key(self) -> str:
        return f"board:church:{self.tile.label}"


@attrs.frozen
class BoardBribes:
    @property
    def key(self) -> str:
        return "board:bribes"


@attrs.frozen
class CourtRow:
    """A player's row of the court on the board (VP, title, the Queen, prestige at a ball)."""

    seat: int

    @property
    def key(self) -> str:
        return f"board:player:{self.seat}"


class ScreenItem(enum.Enum):
    """The things on the screen of the player in front that only explain themselves."""

    WHO = "who"
    MONEY = "money"
    BRIBES = "bribes"
    TAXES = "taxes-marker"
    LAND = "land-marker"


@attrs.frozen
class ScreenInfo:
    item: ScreenItem

    @property
    def key(self) -> str:
        return f"screen:{self.item.value}"


@attrs.frozen
class ScreenTile:
    tile: TileType

    @property
    def key(self) -> str:
        return f"screen:tile:{self.tile.label}"


@attrs.frozen
class ScreenCard:
    index: int
    card: Card

    @property
    def key(self) -> str:
        return f"screen:card:{self.index}:{self.card.label}"


@attrs.frozen
class OpenScreen:
    """One seat's row of the open screens (the replay of a finished game, seen from all seats)."""

    seat: int

    @property
    def key(self) -> str:
        return f"screen:open:{self.seat}"


@attrs.frozen
class EstateCell:
    pos: Pos

    @property
    def key(self) -> str:
        return f"cell:{self.pos[0]},{self.pos[1]}"


@attrs.frozen
class Prompt:
    """The band above the big estate: whose estate, and what to do now."""

    @property
    def key(self) -> str:
        return "estate:prompt"


@attrs.frozen
class Miniature:
    seat: int

    @property
    def key(self) -> str:
        return f"mini:{self.seat}"


@attrs.frozen
class KnightTarget:
    """A region of another estate (on its miniature) where the knight may go."""

    owner: int
    region: int

    @property
    def key(self) -> str:
        return f"knight:{self.owner}:{self.region}"


@attrs.frozen
class Chronicle:
    @property
    def key(self) -> str:
        return "log"


@attrs.frozen
class ChronicleEntry:
    """One entry of the chronicle (``index``: its first event in the log); hovering it points at what it is
    about on the table."""

    index: int

    @property
    def key(self) -> str:
        return f"log:{self.index}"


@attrs.frozen
class Veil:
    """The shade behind a modal chooser: it swallows clicks meant for the table below."""

    @property
    def key(self) -> str:
        return "veil"


@attrs.frozen
class ChooserCard:
    chooser: str

    @property
    def key(self) -> str:
        return f"chooser:{self.chooser}"


@attrs.frozen
class OptionButton:
    """One option of a chooser; ``name`` is the option's own key ("keep:tribute", "start:ok")."""

    chooser: str
    name: str

    @property
    def key(self) -> str:
        return self.name


# -- at a masked ball (game.table.ball_frame): what the ball's scene lays out ----------------------------------
@attrs.frozen
class PrestigeSpace:
    """A space of the ball's prestige track (``None``: the whole track)."""

    space: int | None = None

    @property
    def key(self) -> str:
        return "ball:track" if self.space is None else f"ball:space:{self.space}"


@attrs.frozen
class TitleBand:
    """A title's band under the prestige track, from its threshold on (``None``: all the bands)."""

    title: Title | None = None

    @property
    def key(self) -> str:
        return "ball:titles" if self.title is None else f"ball:title:{self.title.label}"


@attrs.frozen
class Noble:
    """A noble's card at the ball: where their prestige comes from, what they hand back, their marker, title."""

    seat: int

    @property
    def key(self) -> str:
        return f"ball:noble:{self.seat}"


@attrs.frozen
class BallItem:
    """Something behind the deciding player's screen that may be handed back: the bribes, or a card."""

    card: Card | None = None  # None: the bribes

    @property
    def key(self) -> str:
        return "ball:item:bribe" if self.card is None else f"ball:item:{self.card.label}"


class BallControl(enum.Enum):
    """The ball's buttons besides the hand-backs; the value is the key."""

    PLACE = "ball:place"
    CONTINUE = "ball:continue"
    CURTAIN = "ball:curtain"
    HINT = "ball:hint"


@attrs.frozen
class HandBack:
    """The button that hands back the bribe (``card`` None) or a card at the ball."""

    card: Card | None = None

    @property
    def key(self) -> str:
        return "ball:bribe" if self.card is None else f"ball:card:{self.card.label}"


@attrs.frozen
class BallButton:
    control: BallControl

    @property
    def key(self) -> str:
        return self.control.value


Target = (
    ActionButton | ControlButton | TrackSpace | TrackDecade | BoardPiece | ChurchColumn | BoardBribes | CourtRow
    | ScreenInfo | ScreenTile | ScreenCard | OpenScreen | EstateCell | Prompt | Miniature | KnightTarget | Chronicle
    | ChronicleEntry | Veil | ChooserCard | OptionButton | PrestigeSpace | TitleBand | Noble | BallItem | HandBack
    | BallButton
)


@attrs.define(eq=False)
class Region:
    """Where a target is on the screen, and how it reacts.

    ``tip`` is the tooltip; a disabled region still shows it (saying why) but does nothing; ``clickable``
    regions act on a left click; ``drag`` is the piece picked up when a drag starts here; ``refused`` says
    (from the engine) why a piece here cannot be picked up now, at the pointer when one tries; ``topic`` is
    the rules topic F1 opens at. ``tip`` and ``refused`` may be given as functions that word them: asking the
    engine why not takes time that a layout made at every change of the game need not spend until someone
    points there (they are worded once, when first read).
    """

    rect: pygame.Rect
    target: Target
    _tip: str | Callable[[], str] = ""
    enabled: bool = True
    clickable: bool = False
    drag: Piece | None = None
    topic: str | None = None
    _refused: str | Callable[[], str] = ""

    @property
    def tip(self) -> str:
        if not isinstance(self._tip, str):
            self._tip = self._tip()
        return self._tip

    @property
    def refused(self) -> str:
        if not isinstance(self._refused, str):
            self._refused = self._refused()
        return self._refused

    @property
    def key(self) -> str:
        return self.target.key
