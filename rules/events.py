"""Typed events produced by applying actions: for the chronicle, animations, sounds and tests.

An event is data, never a sentence: what happened (``kind``), who (``seat``, ``other``), how much
(``amount``) and to what (``tile``, ``region``, ``building``, ``card``, ``title``, ``pos``), and why
(``cause``). Each reader words it in its own language (the application's chronicle, the command line's
``--log`` in ``rules.arena``).

Most of an event is public. Its private part is in ``tiles`` (the kinds drawn, given or traded away) and
``cards`` (the cards kept, or a card handed back at a ball other than a Blackmail, which must be shown for
its +3): only the players in :meth:`Event.knowers` may know it. :meth:`Event.seen_by` gives the event as one
seat may know it; whatever shows an event to a player goes through it.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from rules.model import Building, Card, Pos, RegionKind, TileType, Title


class EventKind(enum.Enum):
    SETUP_DONE = "setup done"
    START_TILES_CHOSEN = "start tiles chosen"
    TURN_STARTED = "turn started"
    TILE_PLACED = "tile placed"
    REGION_FORMED = "region formed"
    TILES_DRAWN = "tiles drawn"
    MONEY_GAINED = "money gained"
    MONEY_PAID = "money paid"
    VP_GAINED = "VP gained"
    QUEEN_MOVED = "Queen moved"
    QUEEN_LOCKED = "Queen stays (queen-lock)"
    BUILT = "building built"
    KNIGHT_PLACED = "knight placed"
    TILES_GIVEN = "tiles given"
    BRIBES_TAKEN = "bribes taken"
    BRIBES_RETURNED = "bribes handed back"
    DONATED = "tile donated"
    TRADED = "tiles traded"
    CARD_KEPT = "card kept"
    CARD_PLAYED = "card played"
    CARD_HANDED_BACK = "card handed back"
    TILES_RETURNED = "tile returned to the bag"
    ROUND_ADVANCED = "round marker advanced"
    BALL_STARTED = "masked ball"
    PRESTIGE_PLACED = "prestige placed"
    TITLE_AWARDED = "title awarded"
    BUILDING_SCORED = "building scored"
    DECADE_STARTED = "decade started"
    GAME_ENDED = "game over"


class Cause(enum.Enum):
    """Why tiles, money, bribes, VP or prestige came or went."""

    START = "start"  # R-SETUP-5: drawing up to 12 tiles
    EXPANDING = "expanding"  # R-ACT-A2
    KNIGHT = "knight"  # R-ACT-B2: a knight on a farm
    FOLLY = "folly"  # R-ACT-B5
    BRIBES = "bribes"  # R-ACT-C1
    TAXES = "taxes"  # R-ACT-D1 (bribes handed back for £1)
    LAND = "land"  # R-ACT-E1 (bribes handed back for a tile)
    LEISURE = "leisure"  # R-ACT-G1
    QUEEN = "queen"  # R-TURN-4
    PRESTIGE = "prestige"  # R-BALL-2: handed back at a ball
    INTRIGUE = "intrigue"  # R-CARD-4: handed in to keep all the cards seen
    INHERITANCE = "inheritance"  # R-CARD-3: a free castle
    SECRET_MARRIAGE = "secret marriage"  # R-CARD-7
    DOWRY = "dowry"  # R-CARD-8
    TRIBUTE = "tribute"  # R-CARD-10
    LIAISONS = "liaisons"  # R-END-1


# A named tuple: immutable like a frozen attrs class, and built three times faster (the engine makes some
# hundred a playout of the computer players' search, which throws them away).
class Event(NamedTuple):
    """``seat`` acts or gains; ``other`` is the second seat involved (the estate's owner, the giver's
    receiver, the previous Queen holder). ``pos`` is where on ``seat``'s estate (or, for a knight, on
    ``other``'s). ``amount`` counts (tiles, £, VP, prestige, a bought building's price), or is the
    round track's space (ROUND_ADVANCED) and the decade (DECADE_STARTED). ``seats``: the winners."""

    kind: EventKind
    seat: int = -1
    amount: int = 0
    other: int = -1
    cause: Cause | None = None
    tile: TileType | None = None
    region: RegionKind | None = None
    building: Building | None = None
    card: Card | None = None
    title: Title | None = None
    pos: Pos | None = None
    seats: tuple[int, ...] = ()
    tiles: tuple[TileType, ...] = ()  # private (see the module docstring)
    cards: tuple[Card, ...] = ()  # private

    @property
    def private(self) -> bool:
        """The event carries something only its knowers may know."""
        return bool(self.tiles or self.cards)

    def knowers(self) -> tuple[int, ...]:
        """The seats that may know the private part: the actor, and the receiver of given tiles."""
        if self.kind == EventKind.TILES_GIVEN:
            return (self.seat, self.other)
        return (self.seat,)

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` may know it; ``None``: as everyone may know it (a shared screen)."""
        if not self.private or (seat is not None and seat in self.knowers()):
            return self
        return self._replace(tiles=(), cards=())
