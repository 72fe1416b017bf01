"""Which characters a font file has glyphs for, read from its ``cmap`` table (TrueType/OpenType).

pygame's fonts draw a box (the font's .notdef glyph) for a character the font lacks and do not say so, so the
game reads the fonts' character maps itself: :func:`coverage` is the set of code points a file maps to a glyph
(formats 4 and 12 of the cmap, which every Unicode font has), :func:`missing` the characters of a text it
lacks. :mod:`game.ui.assets` draws those in a font that has them, or as a visible substitute.
"""

from __future__ import annotations

import functools
import struct
from pathlib import Path

#: (platform, encoding) of the Unicode cmap subtables, best first: full Unicode, then the Basic Plane
_UNICODE_TABLES = ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


@functools.cache
def coverage(path: Path) -> frozenset[int]:
    """The code points ``path`` maps to a glyph (other than glyph 0, the .notdef box)."""
    data = path.read_bytes()
    tables = {tag: offset for tag, offset in _table_directory(data)}
    if b"cmap" not in tables:
        raise ValueError(f"{path.name} has no character map")
    cmap = tables[b"cmap"]
    _version, count = struct.unpack_from(">HH", data, cmap)
    subtables = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap + offset
    for key in _UNICODE_TABLES:
        if key in subtables:
            start = subtables[key]
            kind = struct.unpack_from(">H", data, start)[0]
            if kind == 12:
                return _format12(data, start)
            if kind == 4:
                return _format4(data, start)
    raise ValueError(f"{path.name} has no Unicode character map of format 4 or 12")


def missing(path: Path, text: str) -> set[str]:
    """The characters of ``text`` the font at ``path`` has no glyph for (line breaks and tabs aside)."""
    have = coverage(path)
    return {ch for ch in text if ord(ch) not in have and ch not in "\n\t\r"}


def _table_directory(data: bytes) -> list[tuple[bytes, int]]:
    count = struct.unpack_from(">H", data, 4)[0]
    return [(data[12 + 16 * i:16 + 16 * i], struct.unpack_from(">I", data, 20 + 16 * i)[0]) for i in range(count)]


def _format4(data: bytes, start: int) -> frozenset[int]:
    """Segments of the Basic Plane: [start, end] code points with a delta or an offset into a glyph array."""
    segments = struct.unpack_from(">H", data, start + 6)[0] // 2
    ends_at = start + 14
    starts_at = ends_at + 2 * segments + 2
    deltas_at = starts_at + 2 * segments
    offsets_at = deltas_at + 2 * segments
    found = set()
    for i in range(segments):
        end = struct.unpack_from(">H", data, ends_at + 2 * i)[0]
        first = struct.unpack_from(">H", data, starts_at + 2 * i)[0]
        delta = struct.unpack_from(">h", data, deltas_at + 2 * i)[0]
        range_offset = struct.unpack_from(">H", data, offsets_at + 2 * i)[0]
        for code in range(first, end + 1):
            if code == 0xFFFF:
                continue
            if range_offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                at = offsets_at + 2 * i + range_offset + 2 * (code - first)
                glyph = struct.unpack_from(">H", data, at)[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                found.add(code)
    return frozenset(found)


def _format12(data: bytes, start: int) -> frozenset[int]:
    """Groups of consecutive code points mapped to consecutive glyphs (any plane)."""
    groups = struct.unpack_from(">I", data, start + 12)[0]
    found = set()
    for i in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * i)
        found.update(range(first if glyph else first + 1, last + 1))
    return frozenset(found)
