"""A player's estate: the grid of land tiles, the regions they form, buildings and knights.

Coordinates are (x, y) with y growing downwards; the starting meadow is at (0, 0). The grid is unbounded
(R-LAND-1). Each tile belongs to at most one region (R-LAND-3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rules import board
from rules.model import REGION_OF_TILE, Building, Pos, RegionKind, TileType

T = TypeVar("T")

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
EIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
SQUARE = ((0, 0), (1, 0), (0, 1), (1, 1))
#: earlier versions an estate keeps the memos of (a planned expand's three tiles and the version before them)
SINCE_KEPT = 4
#: (id of a memo, a change) -> (that memo, the memo after the change, the earlier versions then): estates that
#: change alike from one version share the next one's memo; forgotten all at once when this many are known
#: (a turn's search shares as much on a thousand; more only keeps memory and makes the collector's full pass,
#: which stops every thread, slower: 25 ms at 1,000 against 113 ms at 3,000 on a loaded machine)
NEXT_KEPT = 1000
_NEXT: dict[tuple[int, tuple], tuple[dict[str, Any], dict[str, Any], tuple]] = {}


class Estate:
    """Tiles, regions (kind and top-left anchor), the seat of the knight on each region (-1: none), buildings.

    Change an estate only through its methods (``add_tile``, ``form_region``, ``put_building``, ``set_knight``):
    they keep the memo of derived facts (counts, building sites) that search reads many times a turn, and the
    memos of a few earlier versions with the cells changed since (``memo_since``), from which a fact that only
    those cells can change is worked out again for them alone. A shared copy (``copy(shared=True)``, search's)
    has the tiles, buildings, regions, knights and frontier of the original until either changes them through
    its methods (most copies a search makes never do).
    """

    __slots__ = (
        "tiles", "buildings", "region_at", "regions", "knights", "frontier", "_memo", "_since", "_shared", "_copied",
    )

    def __init__(self) -> None:
        self.tiles: dict[Pos, TileType] = {}
        self.buildings: dict[Pos, Building] = {}
        self.region_at: dict[Pos, int] = {}
        self.regions: list[tuple[RegionKind, Pos]] = []
        self.knights: list[int] = []
        self.frontier: set[Pos] = set()
        self._memo: dict[str, Any] = {}
        # the memos of the last few earlier versions that knew anything, oldest first, each with the cells whose
        # tile or region changed between it and the next (or this version)
        self._since: tuple[tuple[dict[str, Any], tuple[Pos, ...]], ...] = ()
        self._shared = False  # the containers may be another estate's too: copied before a change
        # a copy, or copied: its versions may be other estates' too (an estate never copied, as a game played
        # without search, has no other to share them with)
        self._copied = False

    @classmethod
    def starting(cls) -> Estate:
        """R-SETUP-4: one meadow with a castle on it."""
        estate = cls()
        estate.add_tile((0, 0), TileType.MEADOW)
        estate.put_building((0, 0), Building.CASTLE)
        return estate

    def copy(self, *, shared: bool = False) -> Estate:
        other = Estate.__new__(Estate)
        other.tiles = self.tiles
        other.buildings = self.buildings
        other.region_at = self.region_at
        other.regions = self.regions
        other.knights = self.knights
        other.frontier = self.frontier
        if shared:
            other._shared = self._shared = True
        else:
            other._own()
        # The same estate, the same facts: the two share one memo until either changes (a change gives the
        # changed one a new memo), so what a search works out on its copies is known to the original too.
        other._memo = self._memo
        other._since = self._since
        other._copied = self._copied = True
        return other

    def memo(self, key: str, compute: Callable[[Estate], T]) -> T:
        """``compute(self)``, remembered until the estate changes (the result must not be modified)."""
        memo = self._memo
        if key in memo:
            return memo[key]
        value = memo[key] = compute(self)
        return value

    def memo_since(self, key: str, compute: Callable[[Estate], T],
                   update: Callable[[Estate, dict[str, Any], tuple[Pos, ...]], T]) -> T:
        """Like ``memo``; when an earlier version knew the fact, ``update(self, its memo, the cells whose tile
        or region changed since, oldest first)`` works it out from the latest such (it must find what
        ``compute`` would)."""
        memo = self._memo
        if key in memo:
            return memo[key]
        cells: tuple[Pos, ...] = ()
        for before, changed in reversed(self._since):
            cells = changed + cells
            if key in before:
                value = memo[key] = update(self, before, cells)
                return value
        value = memo[key] = compute(self)
        return value

    def _own(self) -> None:
        """Containers of this estate's own, before it changes them."""
        self.tiles = self.tiles.copy()
        self.buildings = self.buildings.copy()
        self.region_at = self.region_at.copy()
        self.regions = self.regions.copy()
        self.knights = self.knights.copy()
        self.frontier = self.frontier.copy()
        self._shared = False

    def _changed(self, change: tuple, cells: tuple[Pos, ...]) -> None:
        """The memo after ``change`` of ``cells`` (none: a building or a knight): the one an estate that made
        the same change from the same version has (the same estate again: what a search's playouts on other
        worlds and for other candidates worked out is known), else a new one; the memo before, if it knew
        anything, joins the earlier versions (else the change joins the cells changed since the latest)."""
        memo = self._memo
        copied = self._copied
        if copied:
            key = (id(memo), change)
            known = _NEXT.get(key)
            if known is not None and known[0] is memo:
                self._memo, self._since = known[1], known[2]
                return
        since = self._since
        if memo:
            since = (*since[-(SINCE_KEPT - 1):], (memo, cells))
        elif since:
            before, changed = since[-1]
            since = (*since[:-1], (before, changed + cells))
        new: dict[str, Any] = {}
        if copied:
            if len(_NEXT) >= NEXT_KEPT:
                _NEXT.clear()
            _NEXT[key] = (memo, new, since)  # the memo before kept with it: its id stays its own
        self._memo, self._since = new, since

    # -- land ---------------------------------------------------------------------------------------------
    def add_tile(self, pos: Pos, tile: TileType) -> None:
        if self._shared:
            self._own()
        self.tiles[pos] = tile
        self.frontier.discard(pos)
        x, y = pos
        for dx, dy in ORTHOGONAL:
            n = (x + dx, y + dy)
            if n not in self.tiles:
                self.frontier.add(n)
        self._changed(("tile", pos, int(tile)), (pos,))

    def placeable(self) -> tuple[Pos, ...]:
        """Empty cells touching the estate orthogonally (R-LAND-1), in a stable order."""
        return self.memo("placeable", lambda e: tuple(sorted(e.frontier)))

    def completable_squares(self, pos: Pos) -> list[Pos]:
        """Anchors of the 2x2 squares through `pos` whose 4 tiles share its type and are in no region yet."""
        tile = self.tiles.get(pos)
        if tile is None or tile == TileType.MEADOW or pos in self.region_at:
            return []
        x, y = pos
        get, region_at = self.tiles.get, self.region_at
        # each neighbour looked at once: NW, N, NE, W, E, SW, S, SE (alike: the same type, in no region)
        nw = get(c := (x - 1, y - 1)) == tile and c not in region_at
        n = get(c := (x, y - 1)) == tile and c not in region_at
        ne = get(c := (x + 1, y - 1)) == tile and c not in region_at
        w = get(c := (x - 1, y)) == tile and c not in region_at
        e = get(c := (x + 1, y)) == tile and c not in region_at
        sw = get(c := (x - 1, y + 1)) == tile and c not in region_at
        s = get(c := (x, y + 1)) == tile and c not in region_at
        se = get(c := (x + 1, y + 1)) == tile and c not in region_at
        found = []
        if nw and n and w:
            found.append((x - 1, y - 1))
        if n and ne and e:
            found.append((x, y - 1))
        if w and sw and s:
            found.append((x - 1, y))
        if e and s and se:
            found.append((x, y))
        return found

    def form_region(self, anchor: Pos) -> RegionKind:
        if self._shared:
            self._own()
        ax, ay = anchor
        kind = REGION_OF_TILE[self.tiles[anchor]]
        index = len(self.regions)
        self.regions.append((kind, anchor))
        self.knights.append(-1)
        for dx, dy in SQUARE:
            self.region_at[(ax + dx, ay + dy)] = index
        self._changed(("region", anchor), tuple((ax + dx, ay + dy) for dx, dy in SQUARE))
        return kind

    def set_knight(self, region: int, seat: int) -> None:
        """The knight of ``seat`` now stands on region ``region`` (-1: the region is free again)."""
        if self._shared:
            self._own()
        self.knights[region] = seat
        self._changed(("knight", region, seat), ())

    def tile_counts(self) -> tuple[int, int, int, int]:
        """Tiles of each type (by TileType) in the estate."""
        return self.memo("tile_counts", _tile_counts)

    def count_tiles(self, tile: TileType) -> int:
        return self.tile_counts()[tile]

    def region_counts(self, *, free_only: bool = False) -> tuple[int, int, int]:
        """Regions of each kind (by RegionKind), or only those with no knight on them."""
        return self.memo("free_regions" if free_only else "regions", lambda e: _region_counts(e, free_only))

    def count_regions(self, kind: RegionKind, *, free_only: bool = False) -> int:
        return self.region_counts(free_only=free_only)[kind]

    def region_cells(self, index: int) -> list[Pos]:
        ax, ay = self.regions[index][1]
        return [(ax + dx, ay + dy) for dx, dy in SQUARE]

    # -- buildings ----------------------------------------------------------------------------------------
    def put_building(self, pos: Pos, building: Building) -> None:
        """A building on the meadow at ``pos`` (a palace replaces the castle there)."""
        if self._shared:
            self._own()
        self.buildings[pos] = building
        self._changed(("building", pos, int(building)), ())

    def empty_meadows(self) -> tuple[Pos, ...]:
        return self.memo("meadows", lambda e: tuple(sorted(
            p for p, t in e.tiles.items() if t == TileType.MEADOW and p not in e.buildings)))

    def _near(self, pos: Pos, kinds: tuple[Building, ...]) -> bool:
        x, y = pos
        b = self.buildings
        return any(b.get((x + dx, y + dy)) in kinds for dx, dy in EIGHT)

    def castle_sites(self) -> tuple[Pos, ...]:
        """R-ACT-B2: empty meadows not adjacent (8 directions) to a castle or palace."""
        return self.memo("castle_sites", lambda e: tuple(
            p for p in e.empty_meadows() if not e._near(p, (Building.CASTLE, Building.PALACE))))

    def chapel_sites(self) -> tuple[Pos, ...]:
        """R-ACT-B4: empty meadows not adjacent (8 directions) to another chapel."""
        return self.memo("chapel_sites", lambda e: tuple(
            p for p in e.empty_meadows() if not e._near(p, (Building.CHAPEL,))))

    def count_buildings(self, building: Building) -> int:
        return self.memo("buildings", _building_counts)[building]

    def positions_of(self, building: Building) -> list[Pos]:
        return sorted(p for p, b in self.buildings.items() if b == building)

    def enclosed(self, pos: Pos) -> bool:
        """R-SCORE-1: tiles on all 8 neighbouring squares."""
        x, y = pos
        return all((x + dx, y + dy) in self.tiles for dx, dy in EIGHT)

    def chapels_around(self, pos: Pos) -> int:
        return len(self.chapel_squares(pos))

    def chapel_squares(self, pos: Pos) -> list[Pos]:
        """R-SCORE-1, R-SCORE-2: the chapels among the 8 squares around ``pos``."""
        x, y = pos
        return [(x + dx, y + dy) for dx, dy in EIGHT if self.buildings.get((x + dx, y + dy)) == Building.CHAPEL]

    def missing_squares(self) -> list[Pos]:
        """R-SCORE: the empty squares around the castles and palaces that are not enclosed yet, sorted."""
        out: set[Pos] = set()
        for (x, y), building in self.buildings.items():
            if building in (Building.CASTLE, Building.PALACE):
                out.update((x + dx, y + dy) for dx, dy in EIGHT if (x + dx, y + dy) not in self.tiles)
        return sorted(out)

    def building_score(self) -> list[tuple[Pos, Building, int]]:
        """R-SCORE: each enclosed castle/palace with the VP it earns (chapels around it included)."""
        scores: list[tuple[Pos, Building, int]] = []
        for pos, building in sorted(self.buildings.items()):
            if building == Building.CASTLE and self.enclosed(pos):
                vp = board.CASTLE_SCORE + board.CASTLE_CHAPEL_SCORE * self.chapels_around(pos)
                scores.append((pos, building, vp))
            elif building == Building.PALACE and self.enclosed(pos):
                vp = board.PALACE_SCORE + board.PALACE_CHAPEL_SCORE * self.chapels_around(pos)
                scores.append((pos, building, vp))
        return scores

    def bounds(self) -> tuple[int, int, int, int]:
        """min x, min y, max x, max y of the tiles."""
        xs = [p[0] for p in self.tiles]
        ys = [p[1] for p in self.tiles]
        return min(xs), min(ys), max(xs), max(ys)


def _tile_counts(estate: Estate) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for t in estate.tiles.values():
        counts[t] += 1
    return counts[0], counts[1], counts[2], counts[3]


def _building_counts(estate: Estate) -> tuple[int, ...]:
    counts = [0] * len(Building)
    for b in estate.buildings.values():
        counts[b] += 1
    return tuple(counts)


def _region_counts(estate: Estate, free_only: bool) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    for i, (kind, _anchor) in enumerate(estate.regions):
        if not free_only or estate.knights[i] < 0:
            counts[kind] += 1
    return counts[0], counts[1], counts[2]
