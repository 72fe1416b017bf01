"""Render every SVG in art/ at several sizes onto one PNG contact sheet, to look at the art; or, with
``--screens``, the game's screens across window sizes, text sizes, languages and pixel ratios.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/contact_sheet.py [--out PATH] [--sizes 24,64,160]
        [--only GLOB ...] [--columns N] [--tints]
    SDL_VIDEODRIVER=dummy .venv/bin/python tools/contact_sheet.py --screens [--out DIR] [--scenes GLOB ...]
        [--window-sizes 960x600,1280x720,1920x1080] [--text-scales 100,150] [--langs en,de,it]
        [--pixel-ratio R] [--thumb PX] [--columns N] [--keep]

``--screens`` writes one sheet per window size, text size, language (and ratio) into DIR (default
screenshots/screens), each screen labelled with its smallest text and what the fit probe found (also listed
in DIR/problems.txt, and the exit status is 1 if anything was found); see tools/screen_sheet.py.

Each cell shows one piece at each size (the largest side equals the size; cards and plaques keep
their aspect ratio) over parchment, with its name in the UI font. ``--tints`` adds, for the
player-coloured pieces (those using the #FF00FF placeholder), one row per player colour.
A piece that renders fully transparent is reported on stderr and the exit status is 1.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402
import screen_sheet  # noqa: E402  (beside this file)

from game.ui import assets  # noqa: E402

PARCHMENT = (241, 230, 204)
PANEL = (228, 211, 174)
INK = (43, 33, 24)
PLAYER_COLOURS = ["#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7"]
_VIEWBOX_RE = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')


def aspect(name: str) -> float:
    """Width / height of the SVG's viewBox (1.0 if it has none)."""
    text = (assets.asset_root() / "art" / f"{name}.svg").read_text(encoding="utf-8")
    m = _VIEWBOX_RE.search(text)
    return float(m.group(1)) / float(m.group(2)) if m else 1.0


def fit(size: int, ratio: float) -> tuple[int, int]:
    return (size, max(1, round(size / ratio))) if ratio >= 1 else (max(1, round(size * ratio)), size)


def is_blank(surface: pygame.Surface) -> bool:
    return surface.get_bounding_rect(min_alpha=1).width == 0


def draw_cell(name: str, sizes: list[int], tint: str | None, label: str) -> tuple[pygame.Surface, bool]:
    pad = 8
    ratio = aspect(name)
    shots = [assets.image(name, fit(s, ratio), tint=tint) for s in sizes]
    label_font = assets.font("ui", 12)
    text = label_font.render(label, True, INK)
    width = max(sum(s.get_width() for s in shots) + pad * (len(shots) + 1), text.get_width() + 2 * pad)
    height = max(s.get_height() for s in shots) + text.get_height() + 3 * pad
    cell = pygame.Surface((width, height), pygame.SRCALPHA)
    cell.fill(PARCHMENT)
    pygame.draw.rect(cell, PANEL, cell.get_rect(), 1)
    x = pad
    for shot in shots:
        cell.blit(shot, (x, pad + (height - text.get_height() - 3 * pad - shot.get_height())))
        x += shot.get_width() + pad
    cell.blit(text, (pad, height - text.get_height() - pad))
    return cell, any(is_blank(s) for s in shots)


def build_sheet(names: list[str], sizes: list[int], columns: int, tints: bool) -> tuple[pygame.Surface, list]:
    jobs: list[tuple[str, str | None, str]] = [(n, None, n) for n in names]
    if tints:
        tinted = [n for n in names if assets.PLACEHOLDER.lower() in
                  (assets.asset_root() / "art" / f"{n}.svg").read_text(encoding="utf-8").lower()]
        jobs += [(n, c, f"{n} {c}") for c in PLAYER_COLOURS for n in tinted]
    cells, blank = [], []
    for name, tint, label in jobs:
        cell, is_empty = draw_cell(name, sizes, tint, label)
        cells.append(cell)
        if is_empty:
            blank.append(label)
    col_w = max(c.get_width() for c in cells)
    rows = [cells[i:i + columns] for i in range(0, len(cells), columns)]
    row_h = [max(c.get_height() for c in row) for row in rows]
    sheet = pygame.Surface((col_w * min(columns, len(cells)), sum(row_h)))
    sheet.fill(PARCHMENT)
    y = 0
    for row, h in zip(rows, row_h, strict=True):
        for i, cell in enumerate(row):
            sheet.blit(cell, (i * col_w, y))
        y += h
    return sheet, blank


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="screenshots/contact_sheet.png")
    parser.add_argument("--sizes", default="24,64,160")
    parser.add_argument("--only", nargs="*", default=None, help="glob patterns of names to include")
    parser.add_argument("--columns", type=int, default=6)
    parser.add_argument("--tints", action="store_true", help="add player-colour variants")
    parser.add_argument("--screens", action="store_true", help="sheets of the game's screens instead of the art")
    screen_sheet.add_arguments(parser)
    args = parser.parse_args(argv)
    if args.screens:
        return screen_sheet.main(args)

    pygame.font.init()
    names = assets.art_names()
    if args.only:
        names = [n for n in names if any(fnmatch.fnmatch(n, p) for p in args.only)]
    if not names:
        print("no art matched", file=sys.stderr)
        return 1
    sizes = [int(s) for s in args.sizes.split(",")]
    sheet, blank = build_sheet(names, sizes, args.columns, args.tints)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    print(f"{out}: {len(names)} pieces, {sheet.get_width()}x{sheet.get_height()} px")
    for label in blank:
        print(f"BLANK: {label} rendered nothing", file=sys.stderr)
    return 1 if blank else 0


if __name__ == "__main__":
    raise SystemExit(main())
