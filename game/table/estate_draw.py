"""Draw a player's estate: tiles, formed regions with their symbol, buildings, knights.

Reusable by every scene (the table, the miniatures, the building-scoring screen)::

    geo = estate_geometry(estate, rect)                   # fit the estate into rect (cell size chosen)
    geo = estate_geometry(estate, rect, cell=48)          # or at a given scale (centred, may clip)
    draw_estate(surface, estate, geo, players=styles,     # styles[seat] = PlayerStyle(colour, crest)
                highlights={(0, 0): GOLD}, dim={(1, 0)})
    geo.cell_rect((2, -1))  -> pygame.Rect               # for hit-testing and overlays

Tiles carry a quarter of their region symbol in one corner (ART.md); in a formed region each tile is
turned so the quarters meet, and the whole symbol (``region-*`` art) is drawn at the region's centre,
with a knight (helmet in the owner's colour, crest badge) beside it when one stands there.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs
import pygame

from game.ui import assets
from game.ui.theme import GOLD, GOLD_DARK, INK, PARCHMENT_LIGHT
from rules import Building, Estate, Pos, RegionKind, TileType

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.session import SeatSpec

#: largest cell drawn when fitting (px); smaller estates do not grow absurdly
MAX_CELL = 96
MIN_CELL = 6
GRID_LINE = (43, 33, 24, 60)  # the faint ink around each tile


@attrs.frozen
class PlayerStyle:
    colour: str  # "#D55E00"
    crest: str  # "lion"
    name: str = ""


DEFAULT_STYLES: tuple[PlayerStyle, ...] = (
    PlayerStyle("#D55E00", "lion"), PlayerStyle("#0072B2", "rose"), PlayerStyle("#009E73", "stag"),
    PlayerStyle("#E69F00", "swan"), PlayerStyle("#CC79A7", "tower"),
)


def styles_from_seats(seats: Sequence[SeatSpec]) -> list[PlayerStyle]:
    """The PlayerStyle of each seat (``session.seats``)."""
    return [PlayerStyle(s.colour, s.crest, s.name) for s in seats]


def crest_art(crest: str) -> str:
    """The art name of a crest, falling back to the lion when there is no drawing for it."""
    name = f"crest-{crest}"
    return name if name in assets.art_names() else "crest-lion"


def building_art(building: Building) -> str:
    return building.label if building.is_folly else f"building-{building.label}"


@attrs.frozen
class EstateGeometry:
    """Where each cell of an estate lands on screen."""

    origin: tuple[int, int]  # screen position of cell (0, 0)'s top-left corner
    cell: int
    bounds: tuple[int, int, int, int]  # min x, min y, max x, max y of the tiles
    clip: pygame.Rect

    def cell_rect(self, pos: Pos) -> pygame.Rect:
        return pygame.Rect(self.origin[0] + pos[0] * self.cell, self.origin[1] + pos[1] * self.cell,
                           self.cell, self.cell)

    def cell_center(self, pos: Pos) -> tuple[int, int]:
        return self.cell_rect(pos).center

    def corner(self, pos: Pos) -> tuple[int, int]:
        """Screen position of the top-left corner of cell ``pos`` (the centre of a region anchored at
        ``pos - (1, 1)``... use :meth:`region_center` for regions)."""
        return (self.origin[0] + pos[0] * self.cell, self.origin[1] + pos[1] * self.cell)

    def region_center(self, anchor: Pos) -> tuple[int, int]:
        return self.corner((anchor[0] + 1, anchor[1] + 1))

    @property
    def estate_rect(self) -> pygame.Rect:
        x0, y0, x1, y1 = self.bounds
        return pygame.Rect(self.origin[0] + x0 * self.cell, self.origin[1] + y0 * self.cell,
                           (x1 - x0 + 1) * self.cell, (y1 - y0 + 1) * self.cell)


def estate_geometry(estate: Estate, rect: pygame.Rect, *, cell: int | None = None, margin: float = 0.35,
                    max_cell: int = MAX_CELL, extra: Iterable[Pos] = ()) -> EstateGeometry:
    """Centre ``estate`` in ``rect``; ``cell`` None fits it (with ``margin`` cells of air around).

    ``extra`` positions (e.g. the frontier when placing tiles) are included in the fitted bounds.
    """
    rect = pygame.Rect(rect)
    cells = list(estate.tiles) + list(extra)
    if cells:
        xs, ys = [p[0] for p in cells], [p[1] for p in cells]
        bounds = (min(xs), min(ys), max(xs), max(ys))
    else:
        bounds = (0, 0, 0, 0)
    cols, rows = bounds[2] - bounds[0] + 1, bounds[3] - bounds[1] + 1
    if cell is None:
        cell = int(min(rect.width / (cols + 2 * margin), rect.height / (rows + 2 * margin), max_cell))
    cell = max(MIN_CELL, int(cell))
    width, height = cols * cell, rows * cell
    ox = rect.x + (rect.width - width) // 2 - bounds[0] * cell
    oy = rect.y + (rect.height - height) // 2 - bounds[1] * cell
    return EstateGeometry((ox, oy), cell, bounds, rect)


# -- cached art --------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=256)
def _tile(tile: TileType, size: int, angle: int) -> pygame.Surface:
    img = assets.image(f"tile-{tile.label}", (size, size))
    if angle:
        img = pygame.transform.rotate(img, angle)
    return img


def warm_up(estate: Estate, cell: int) -> Iterator[None]:
    """Load the art :func:`draw_estate` needs for ``estate`` at ``cell`` px, an image a step: drawn the first
    time at a new size each costs milliseconds, so a scene about to show an estate prepares them over frames."""
    for tile in sorted(set(estate.tiles.values())):
        assets.image(f"tile-{tile.label}", (cell, cell))
        yield
    size = _building_size(cell)
    for building in sorted(set(estate.buildings.values())):
        assets.image(building_art(building), (size, size))
        yield


def _building_size(cell: int) -> int:
    """A building's picture on a cell of ``cell`` px."""
    return max(4, int(cell * 0.92))


# Rotation (counter-clockwise degrees) that turns the art's top-left symbol quarter towards the
# centre of the region, for each cell of the 2x2 square (dx, dy from the anchor).
_QUARTER_ANGLE = {(0, 0): 180, (1, 0): 90, (0, 1): -90, (1, 1): 0}


@functools.lru_cache(maxsize=64)
def _glow(size: tuple[int, int], colour: tuple[int, int, int, int], width: int) -> pygame.Surface:
    """A soft rounded outline glow used for highlights."""
    w, h = size
    surf = pygame.Surface((w + 4 * width, h + 4 * width), pygame.SRCALPHA)
    r, g, b, _a = colour
    for i in range(width, 0, -1):
        alpha = int(200 * (1 - i / (width + 1)) ** 1.5)
        pygame.draw.rect(surf, (r, g, b, alpha), pygame.Rect(2 * width - i, 2 * width - i, w + 2 * i, h + 2 * i),
                         width=2, border_radius=max(2, i + 2))
    return surf


def clear_caches() -> None:
    """Forget rotated tiles and glows (e.g. after pygame was re-initialised)."""
    _tile.cache_clear()
    _glow.cache_clear()


def _colour(value) -> pygame.Color:
    return pygame.Color(value)


# -- drawing -------------------------------------------------------------------------------------------
def draw_estate(surface: pygame.Surface, estate: Estate, geo: EstateGeometry, *,
                players: Sequence[PlayerStyle] = DEFAULT_STYLES,
                highlights: Mapping[Pos, object] | None = None,
                dim: Iterable[Pos] = (), show_knights: bool = True, shadow: bool = True,
                grid: bool = True) -> None:
    """Draw ``estate`` with geometry ``geo`` onto ``surface`` (clipped to ``geo.clip``).

    ``players[seat]`` gives the colour and crest of the knight standing on a region.
    ``highlights`` maps cells to a colour: a glowing outline is drawn around each (buildings to
    score, a legal placement). ``dim`` cells are veiled (not relevant right now).
    """
    c = geo.cell
    old_clip = surface.get_clip()
    surface.set_clip(geo.clip.clip(old_clip) if old_clip else geo.clip)
    try:
        if shadow and estate.tiles:
            _draw_shadow(surface, estate, geo)
        in_region: dict[Pos, tuple[int, int]] = {}
        for index, (_kind, (ax, ay)) in enumerate(estate.regions):
            for dx, dy in _QUARTER_ANGLE:
                in_region[(ax + dx, ay + dy)] = (index, _QUARTER_ANGLE[(dx, dy)])
        for pos, tile in estate.tiles.items():
            angle = in_region[pos][1] if pos in in_region else 0
            surface.blit(_tile(tile, c, angle), geo.cell_rect(pos))
        if grid and c >= 14 and estate.tiles:
            _draw_grid_lines(surface, estate, geo)
        # regions: the whole symbol at the centre, a gold outline around the square
        for index, (kind, anchor) in enumerate(estate.regions):
            _draw_region(surface, geo, index, kind, anchor, estate, players, show_knights)
        for pos, building in estate.buildings.items():
            r = geo.cell_rect(pos)
            size = _building_size(c)
            img = assets.image(building_art(building), (size, size))
            surface.blit(img, img.get_rect(center=(r.centerx, r.centery - c * 0.02)))
        dim = list(dim)
        if dim:
            veil = pygame.Surface((c, c), pygame.SRCALPHA)
            veil.fill((241, 230, 204, 105))
            for pos in dim:
                surface.blit(veil, geo.cell_rect(pos))
        if highlights:
            width = max(3, c // 9)
            for pos, colour in highlights.items():
                col = _colour(colour)
                r = geo.cell_rect(pos)
                glow = _glow((r.width, r.height), (col.r, col.g, col.b, 255), width)
                surface.blit(glow, (r.x - 2 * width, r.y - 2 * width))
                pygame.draw.rect(surface, col, r.inflate(2, 2), width=max(2, c // 14),
                                 border_radius=max(2, c // 10))
    finally:
        surface.set_clip(old_clip)


def _draw_grid_lines(surface: pygame.Surface, estate: Estate, geo: EstateGeometry) -> None:
    """A faint ink line around each tile, laid over the tiles from a layer as large as they are where they show
    (a layer of the whole window cost a large window more than the rest of the estate). The layer reaches a pixel
    past the clip: pygame outlines a tile that the layer's edge leaves two pixels of along that edge, out of sight
    there."""
    cells = [geo.cell_rect(pos) for pos in estate.tiles]
    area = cells[0].unionall(cells[1:]).clip(surface.get_clip().inflate(2, 2))
    if area.width <= 0 or area.height <= 0:
        return
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    for rect in cells:
        pygame.draw.rect(layer, GRID_LINE, rect.move(-area.x, -area.y), width=1)
    surface.blit(layer, area)


def _draw_shadow(surface: pygame.Surface, estate: Estate, geo: EstateGeometry) -> None:
    c = geo.cell
    off = max(2, c // 10)
    er = geo.estate_rect
    sh = pygame.Surface((er.width + 2 * off, er.height + 2 * off), pygame.SRCALPHA)
    for pos in estate.tiles:
        r = geo.cell_rect(pos).move(-er.x + off, -er.y + off)
        pygame.draw.rect(sh, (43, 33, 24, 55), r)
    surface.blit(sh, (er.x, er.y))


def _draw_region(surface: pygame.Surface, geo: EstateGeometry, index: int, kind: RegionKind, anchor: Pos,
                 estate: Estate, players: Sequence[PlayerStyle], show_knights: bool) -> None:
    c = geo.cell
    ax, ay = anchor
    square = pygame.Rect(geo.cell_rect(anchor).topleft, (2 * c, 2 * c))
    pygame.draw.rect(surface, GOLD_DARK, square, width=max(1, c // 24))
    cx, cy = geo.region_center(anchor)
    size = max(6, int(c * 0.95))
    symbol = assets.image(f"region-{kind.label}", (size, size))
    surface.blit(symbol, symbol.get_rect(center=(cx, cy)))
    seat = estate.knights[index] if index < len(estate.knights) else -1
    if show_knights and seat >= 0:
        style = players[seat] if seat < len(players) else DEFAULT_STYLES[seat % len(DEFAULT_STYLES)]
        draw_knight(surface, (cx + int(c * 0.55), cy + int(c * 0.35)), int(c * 0.85), style)


def draw_knight(surface: pygame.Surface, center: tuple[int, int], size: int, style: PlayerStyle) -> None:
    """A knight's helmet in the player's colour with the crest on a small badge."""
    size = max(8, int(size))
    x, y = center
    shadow = pygame.Rect(0, 0, int(size * 0.7), max(2, size // 6))
    shadow.center = (x, y + int(size * 0.45))
    sh = pygame.Surface(shadow.size, pygame.SRCALPHA)
    pygame.draw.ellipse(sh, (43, 33, 24, 90), sh.get_rect())
    surface.blit(sh, shadow)
    img = assets.image("knight", (size, size), tint=style.colour)
    surface.blit(img, img.get_rect(center=(x, y)))
    badge = max(6, int(size * 0.42))
    bx, by = x + int(size * 0.32), y - int(size * 0.3)
    pygame.draw.circle(surface, PARCHMENT_LIGHT, (bx, by), badge // 2 + 1)
    pygame.draw.circle(surface, INK, (bx, by), badge // 2 + 1, width=max(1, badge // 12))
    crest = assets.image(crest_art(style.crest), (int(badge * 0.8), int(badge * 0.8)), tint=style.colour)
    surface.blit(crest, crest.get_rect(center=(bx, by)))


def draw_marker(surface: pygame.Surface, center: tuple[int, int], size: int, style: PlayerStyle, *,
                lifted: float = 0.0) -> pygame.Rect:
    """A player's marker disc (VP / prestige) with the crest on it; ``lifted`` px raises it (hop)."""
    size = max(8, int(size))
    x, y = center
    if lifted > 0:
        sh = pygame.Surface((int(size * 0.9), max(2, size // 4)), pygame.SRCALPHA)
        pygame.draw.ellipse(sh, (43, 33, 24, 70), sh.get_rect())
        surface.blit(sh, sh.get_rect(center=(x, y + int(size * 0.35))))
    y -= int(lifted)
    disc = assets.image("marker-disc", (size, size), tint=style.colour)
    rect = disc.get_rect(center=(x, y))
    surface.blit(disc, rect)
    crest_size = int(size * 0.52)
    crest = assets.image(crest_art(style.crest), (crest_size, crest_size), tint="#FBF5E6")
    surface.blit(crest, crest.get_rect(center=(x, y - int(size * 0.08))))
    return rect


def draw_crest_badge(surface: pygame.Surface, center: tuple[int, int], size: int, style: PlayerStyle) -> None:
    """The crest in the player's colour on a parchment roundel with a gold rim."""
    size = max(8, int(size))
    r = size // 2
    pygame.draw.circle(surface, PARCHMENT_LIGHT, center, r)
    pygame.draw.circle(surface, GOLD, center, r, width=max(1, size // 14))
    pygame.draw.circle(surface, INK, center, r, width=1)
    crest = assets.image(crest_art(style.crest), (int(size * 0.72), int(size * 0.72)), tint=style.colour)
    surface.blit(crest, crest.get_rect(center=center))
