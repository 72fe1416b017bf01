"""The estate's 2x2 squares on their way to a region (R-LAND-2, R-LAND-3), as the evaluation counts them: how many
of each tile type hold 3 of their 4 tiles and how many 2 (``open_squares``), or only as many as can become regions
side by side (``packed_squares``, an option of Hard). A search asks for them on thousands of versions of an estate a
turn, so each is remembered with the estate and worked out from an earlier version's, around the changed cells only
(``Estate.memo_since``).
"""

from __future__ import annotations

from rules.estate import Estate
from rules.model import TileType

M = TileType.MEADOW


def _square_tiles(estate: Estate) -> dict[tuple[int, int], TileType]:
    """Each tile as the 2x2 squares through it see it: a tile of a region blocks them as a meadow does."""
    region_at = estate.region_at
    return {c: M if c in region_at else t for c, t in estate.tiles.items()}


def _square_tiles_since(estate: Estate, before: dict, cells: tuple[tuple[int, int], ...]) -> dict:
    """``_square_tiles`` from an earlier version's, given the cells changed since (in the same order: a new
    tile comes last in both)."""
    if not cells:
        return before["square_tiles"]
    out = before["square_tiles"].copy()
    tiles, region_at = estate.tiles, estate.region_at
    for c in cells:
        out[c] = M if c in region_at else tiles[c]
    return out


def square_tiles(estate: Estate) -> dict[tuple[int, int], TileType]:
    """The estate's tiles as squares see them (see _square_tiles), remembered until the estate changes."""
    return estate.memo_since("square_tiles", _square_tiles, _square_tiles_since)


def _square_count(get, ax: int, ay: int) -> tuple[int, int]:
    """The tile type of the square anchored at (ax, ay) and how many of its cells hold it, if all its tiles
    are of that one type and no meadow (a region's tiles count as meadows); else (-1, 0)."""
    kind, same = -1, 0
    for c in ((ax, ay), (ax + 1, ay), (ax, ay + 1), (ax + 1, ay + 1)):
        there = get(c)
        if there is None:
            continue
        if there == M or (same and there != kind):
            return -1, 0
        kind, same = there, same + 1
    return kind, same


def _anchors_around(cells: tuple[tuple[int, int], ...]) -> set[tuple[int, int]]:
    """The top-left corners of the 2x2 squares holding any of ``cells``, each once (a set: a cell changed twice,
    laid and then in a region, is looked at once)."""
    return {(x + dx, y + dy) for x, y in cells for dx in (-1, 0) for dy in (-1, 0)}


def _open_squares_since(estate: Estate, before: dict, cells: tuple[tuple[int, int], ...]):
    """``open_squares`` from an earlier version's: only the squares through the changed cells are counted
    again (what they counted before taken off, what they count now added)."""
    now = square_tiles(estate)  # known with the open squares: a later version's update reads both
    if not cells:
        return before["open_squares"]
    anchors = _anchors_around(cells)
    threes, twos = (list(counts) for counts in before["open_squares"])
    for get, sign in ((before["square_tiles"].get, -1), (now.get, 1)):
        for ax, ay in anchors:
            kind, same = _square_count(get, ax, ay)
            if same == 3:
                threes[kind] += sign
            elif same == 2:
                twos[kind] += sign
    return tuple(threes), tuple(twos)


def open_squares(estate: Estate) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How many unblocked squares of each tile type hold 3 of their 4 tiles, and how many hold 2."""
    tiles = square_tiles(estate)
    get = tiles.get
    seen: set[tuple[int, int]] = set()  # a square holding two types is blocked whichever it is looked at from
    threes = [0, 0, 0, 0]
    twos = [0, 0, 0, 0]
    for (x, y), tile in tiles.items():
        if tile == M:
            continue
        for ax, ay in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            if (ax, ay) in seen:
                continue
            seen.add((ax, ay))
            same = 0
            for c in ((ax, ay), (ax + 1, ay), (ax, ay + 1), (ax + 1, ay + 1)):
                there = get(c)
                if there is None:
                    continue
                if there != tile:
                    same = -1
                    break
                same += 1
            if same == 3:
                threes[tile] += 1
            elif same == 2:
                twos[tile] += 1
    return tuple(threes), tuple(twos)


def open_square_counts(estate: Estate) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``open_squares(estate)``, remembered until the estate changes and then worked out from the earlier one."""
    return estate.memo_since("open_squares", open_squares, _open_squares_since)


def _tile_order(estate: Estate) -> dict[tuple[int, int], int]:
    """Each tile's place in the order the estate's tiles were laid (none is ever taken away)."""
    return {c: i for i, c in enumerate(estate.tiles)}


def _tile_order_since(estate: Estate, before: dict, cells: tuple[tuple[int, int], ...]) -> dict:
    """``_tile_order`` from an earlier version's: the changed cells with no place yet are the tiles laid since,
    oldest first."""
    order = before["tile_order"]
    if all(c in order for c in cells):
        return order
    order = order.copy()
    for c in cells:
        if c not in order:
            order[c] = len(order)
    return order


def _packing_candidate(get, order: dict, ax: int, ay: int) -> tuple[int, tuple[int, int], int, tuple] | None:
    """(tiles held, rank, tile type, cells) of the square anchored at (ax, ay) if it holds 2 or 3 of its 4 tiles,
    all of one type and in no region; else None. The rank is where a look over the tiles in the order they were
    laid first meets the square: the earliest of its tiles, then which of that tile's four squares it is."""
    kind, same = _square_count(get, ax, ay)
    if same != 2 and same != 3:
        return None
    cells = ((ax, ay), (ax + 1, ay), (ax, ay + 1), (ax + 1, ay + 1))
    first, (x, y) = min((order[c], c) for c in cells if c in order)
    return same, (first, 3 - (x - ax) - 2 * (y - ay)), kind, cells


def _packing_candidates(estate: Estate) -> dict[tuple[int, int], tuple]:
    """Every square ``packed_squares`` chooses among, by anchor (see ``_packing_candidate``)."""
    tiles = square_tiles(estate)
    get = tiles.get
    order = estate.memo_since("tile_order", _tile_order, _tile_order_since)
    found: dict = {}
    for (x, y), tile in tiles.items():
        if tile == M:
            continue  # every square through it is blocked
        for ax, ay in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            if (ax, ay) not in found:
                found[(ax, ay)] = _packing_candidate(get, order, ax, ay)
    return {anchor: square for anchor, square in found.items() if square is not None}


def _packing_candidates_since(estate: Estate, before: dict, cells: tuple[tuple[int, int], ...]) -> dict:
    """``_packing_candidates`` from an earlier version's: only the squares through the changed cells are looked at
    again."""
    if not cells:
        return before["packing_candidates"]
    get = square_tiles(estate).get
    order = estate.memo_since("tile_order", _tile_order, _tile_order_since)
    found = before["packing_candidates"].copy()
    for ax, ay in _anchors_around(cells):
        square = _packing_candidate(get, order, ax, ay)
        if square is None:
            found.pop((ax, ay), None)
        else:
            found[(ax, ay)] = square
    return found


def _packed(candidates: dict[tuple[int, int], tuple]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The squares of 3, then those of 2, chosen so that no two share a cell (see ``packed_squares``)."""
    taken: set[tuple[int, int]] = set()
    counts = ([0, 0, 0, 0], [0, 0, 0, 0])
    for wanted, counted in ((3, counts[0]), (2, counts[1])):
        squares = [square for square in candidates.values() if square[0] == wanted and taken.isdisjoint(square[3])]
        sharing: dict[tuple[int, int], int] = {}  # cell: how many of these squares hold it
        for square in squares:
            for c in square[3]:
                sharing[c] = sharing.get(c, 0) + 1
        if len(sharing) == 4 * len(squares):  # no cell shared: every square counts
            for square in squares:
                counted[square[2]] += 1
            taken.update(sharing)
            continue
        # fewest shared cells first, then by rank (never equal: the rest of a tuple is never compared)
        for _, _, kind, cells in sorted((sum(sharing[c] for c in cells), rank, kind, cells)
                                        for _, rank, kind, cells in squares):
            if taken.isdisjoint(cells):
                counted[kind] += 1
                taken.update(cells)
    return tuple(counts[0]), tuple(counts[1])


def packed_squares(estate: Estate) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``open_squares`` counting only squares that can become regions side by side: a tile belongs to one region
    at most (R-LAND-3), so of the squares sharing a cell (the one a square waits for included) fewest count. The
    squares holding 3 of their 4 tiles are chosen first, then those holding 2 among the cells left; each time the
    square that shares cells with the fewest others first, ties in the order the tiles were laid (a staircase of 6
    fields holds two squares of 3, not four)."""
    return _packed(_packing_candidates(estate))


def packed_square_counts(estate: Estate) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``packed_squares(estate)``, remembered until the estate changes; the squares it chooses among are worked
    out from an earlier version's."""
    return estate.memo("packed_squares", lambda e: _packed(
        e.memo_since("packing_candidates", _packing_candidates, _packing_candidates_since)))
