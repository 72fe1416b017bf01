"""The faint line around each tile of an estate (game/table/estate_draw.py), drawn from a layer as large as the
tiles: along the tiles' own edges, never along the edge of the clip that cuts them."""

from __future__ import annotations

import pygame

from game.table.estate_draw import EstateGeometry, draw_estate
from rules import Estate, TileType


def _drawn(estate: Estate, geo: EstateGeometry, grid: bool) -> pygame.Surface:
    surface = pygame.Surface((400, 300))
    surface.fill((200, 180, 150))
    draw_estate(surface, estate, geo, shadow=False, grid=grid)
    return surface


def test_the_lines_follow_the_tiles_edges_and_not_the_clip_that_cuts_them(pygame_display):
    estate = Estate()
    for x in range(3):
        for y in range(3):
            estate.add_tile((x, y), TileType.FIELD if (x + y) % 2 else TileType.MEADOW)
    # cells of 40 px from (90, 70): the clip's top (108) and left (128) edges leave two pixels of the first row
    # and column, where pygame outlines a rectangle cut by the layer's edge along that edge
    clip = pygame.Rect(128, 108, 200, 150)
    geo = EstateGeometry(origin=(90, 70), cell=40, bounds=(0, 0, 2, 2), clip=clip)
    lined, bare = _drawn(estate, geo, grid=True), _drawn(estate, geo, grid=False)
    # along the clip's edges, away from the tiles' own edges that cross them (each tile's first and last pixel)
    across = [x for x in range(clip.left, 90 + 3 * 40) if (x - 90) % 40 not in (0, 39)]
    down = [y for y in range(clip.top, 70 + 3 * 40) if (y - 70) % 40 not in (0, 39)]
    assert [lined.get_at((x, clip.top)) for x in across] == [bare.get_at((x, clip.top)) for x in across]
    assert [lined.get_at((clip.left, y)) for y in down] == [bare.get_at((clip.left, y)) for y in down]
    edge = 70 + 40  # the top edge of the second row of tiles, inside the clip
    assert all(lined.get_at((x, edge)) != bare.get_at((x, edge)) for x in (150, 185))
