"""A player's estate: the grid of land tiles, the regions they form, buildings and knights.

Coordinates are (x, y) with y growing downwards; the starting meadow is at (0, 0). The grid is unbounded
(R-LAND-1). Each tile belongs to at most one region (R-LAND-3).
"""

from __future__ import annotations

from rules import board
from rules.model import REGION_OF_TILE, Building, Pos, RegionKind, TileType

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
EIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
SQUARE = ((0, 0), (1, 0), (0, 1), (1, 1))


class Estate:
    """Tiles, regions (kind and top-left anchor), the seat of the knight on each region (-1: none), buildings."""

    __slots__ = ("tiles", "buildings", "region_at", "regions", "knights", "frontier")

    def __init__(self) -> None:
        self.tiles: dict[Pos, TileType] = {}
        self.buildings: dict[Pos, Building] = {}
        self.region_at: dict[Pos, int] = {}
        self.regions: list[tuple[RegionKind, Pos]] = []
        self.knights: list[int] = []
        self.frontier: set[Pos] = set()

    @classmethod
    def starting(cls) -> Estate:
        """R-SETUP-4: one meadow with a castle on it."""
        estate = cls()
        estate.add_tile((0, 0), TileType.MEADOW)
        estate.buildings[(0, 0)] = Building.CASTLE
        return estate

    def copy(self) -> Estate:
        other = Estate.__new__(Estate)
        other.tiles = self.tiles.copy()
        other.buildings = self.buildings.copy()
        other.region_at = self.region_at.copy()
        other.regions = self.regions.copy()
        other.knights = self.knights.copy()
        other.frontier = self.frontier.copy()
        return other

    # -- land ---------------------------------------------------------------------------------------------
    def add_tile(self, pos: Pos, tile: TileType) -> None:
        self.tiles[pos] = tile
        self.frontier.discard(pos)
        x, y = pos
        for dx, dy in ORTHOGONAL:
            n = (x + dx, y + dy)
            if n not in self.tiles:
                self.frontier.add(n)

    def placeable(self) -> list[Pos]:
        """Empty cells touching the estate orthogonally (R-LAND-1), in a stable order."""
        return sorted(self.frontier)

    def completable_squares(self, pos: Pos) -> list[Pos]:
        """Anchors of the 2x2 squares through `pos` whose 4 tiles share its type and are in no region yet."""
        tile = self.tiles.get(pos)
        if tile is None or tile == TileType.MEADOW or pos in self.region_at:
            return []
        x, y = pos
        found = []
        for ax, ay in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            cells = [(ax + dx, ay + dy) for dx, dy in SQUARE]
            if all(self.tiles.get(c) == tile and c not in self.region_at for c in cells):
                found.append((ax, ay))
        return found

    def form_region(self, anchor: Pos) -> RegionKind:
        ax, ay = anchor
        kind = REGION_OF_TILE[self.tiles[anchor]]
        index = len(self.regions)
        self.regions.append((kind, anchor))
        self.knights.append(-1)
        for dx, dy in SQUARE:
            self.region_at[(ax + dx, ay + dy)] = index
        return kind

    def count_tiles(self, tile: TileType) -> int:
        return sum(1 for t in self.tiles.values() if t == tile)

    def count_regions(self, kind: RegionKind, *, free_only: bool = False) -> int:
        return sum(
            1
            for i, (k, _) in enumerate(self.regions)
            if k == kind and (not free_only or self.knights[i] < 0)
        )

    def region_cells(self, index: int) -> list[Pos]:
        ax, ay = self.regions[index][1]
        return [(ax + dx, ay + dy) for dx, dy in SQUARE]

    # -- buildings ----------------------------------------------------------------------------------------
    def empty_meadows(self) -> list[Pos]:
        return sorted(p for p, t in self.tiles.items() if t == TileType.MEADOW and p not in self.buildings)

    def _near(self, pos: Pos, kinds: tuple[Building, ...]) -> bool:
        x, y = pos
        b = self.buildings
        return any(b.get((x + dx, y + dy)) in kinds for dx, dy in EIGHT)

    def castle_sites(self) -> list[Pos]:
        """R-ACT-B2: empty meadows not adjacent (8 directions) to a castle or palace."""
        return [p for p in self.empty_meadows() if not self._near(p, (Building.CASTLE, Building.PALACE))]

    def chapel_sites(self) -> list[Pos]:
        """R-ACT-B4: empty meadows not adjacent (8 directions) to another chapel."""
        return [p for p in self.empty_meadows() if not self._near(p, (Building.CHAPEL,))]

    def positions_of(self, building: Building) -> list[Pos]:
        return sorted(p for p, b in self.buildings.items() if b == building)

    def enclosed(self, pos: Pos) -> bool:
        """R-SCORE-1: tiles on all 8 neighbouring squares."""
        x, y = pos
        return all((x + dx, y + dy) in self.tiles for dx, dy in EIGHT)

    def chapels_around(self, pos: Pos) -> int:
        x, y = pos
        return sum(1 for dx, dy in EIGHT if self.buildings.get((x + dx, y + dy)) == Building.CHAPEL)

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
