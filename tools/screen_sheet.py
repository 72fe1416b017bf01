"""Contact sheets of the game's screens across the fit matrix (``tools/contact_sheet.py --screens``).

Every chosen scene (tests/game/fit_matrix.py) at every chosen window size, text size, language and pixel ratio
is drawn through the text probe; one sheet per (size, text size, language, ratio) puts the scenes side by side,
each labelled, with what the probe found under it in red. ``--keep`` also saves every screen at full size.
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
from collections import defaultdict
from pathlib import Path

import pygame

from tests.game import fit_matrix

LABEL_INK = (43, 33, 24)
PROBLEM_INK = (160, 20, 30)
SHEET = (228, 211, 174)
LABEL_FONT_SIZE = 15


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenes", nargs="*", default=None, help="glob patterns of scene names (default: all)")
    parser.add_argument("--window-sizes", default="960x600,1280x720,1920x1080")
    parser.add_argument("--text-scales", default="100,150")
    parser.add_argument("--langs", default="en,de,it")
    parser.add_argument("--pixel-ratio", type=float, default=1.0)
    parser.add_argument("--thumb", type=int, default=640, help="width of each screen on the sheet")
    parser.add_argument("--keep", action="store_true", help="also save every screen at full size")


def _label(font: pygame.font.Font, lines: list[tuple[str, tuple[int, int, int]]], width: int) -> pygame.Surface:
    rendered = [font.render(text[:140], True, colour) for text, colour in lines]
    surface = pygame.Surface((width, sum(r.get_height() for r in rendered) + 6))
    surface.fill(SHEET)
    y = 3
    for img in rendered:
        surface.blit(img, (4, y))
        y += img.get_height()
    return surface


def _sheet(cells: list[pygame.Surface], columns: int) -> pygame.Surface:
    col_w = max(c.get_width() for c in cells) + 12
    rows = [cells[i:i + columns] for i in range(0, len(cells), columns)]
    heights = [max(c.get_height() for c in row) + 12 for row in rows]
    sheet = pygame.Surface((col_w * min(columns, len(cells)), sum(heights)))
    sheet.fill(SHEET)
    y = 0
    for row, h in zip(rows, heights, strict=True):
        for i, cell in enumerate(row):
            sheet.blit(cell, (i * col_w + 6, y + 6))
        y += h
    return sheet


def main(args: argparse.Namespace) -> int:
    names = [n for n in fit_matrix.SCENES if not args.scenes or any(fnmatch.fnmatch(n, p) for p in args.scenes)]
    if not names:
        print("no scene matched", file=sys.stderr)
        return 1
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.window_sizes.split(",")]
    scales = [int(v) for v in args.text_scales.split(",")]
    langs = args.langs.split(",")
    out = Path(args.out if args.out != "screenshots/contact_sheet.png" else "screenshots/screens")
    out.mkdir(parents=True, exist_ok=True)
    cells: dict[tuple, list[pygame.Surface]] = defaultdict(list)
    report = []
    for size in sizes:
        for name in names:
            for measured in fit_matrix.run(name, size, scales, langs, args.pixel_ratio):
                case = measured.case
                problems = measured.problems + measured.floor_problems()
                report += [f"{case.label}: {p}" for p in problems]
                for p in problems:
                    print(f"{case.label}: {p}")
                screen = measured.screen
                if args.keep:
                    pygame.image.save(screen, str(out / f"{case.label.replace(' ', '-')}.png"))
                thumb_h = round(screen.get_height() * args.thumb / screen.get_width())
                thumb = pygame.transform.smoothscale(screen, (args.thumb, thumb_h))
                pygame.font.init()
                font = pygame.font.SysFont("dejavusans", LABEL_FONT_SIZE)
                label = _label(font, [(f"{name}  (smallest text {measured.smallest:.1f} px)", LABEL_INK)]
                               + [(p, PROBLEM_INK) for p in problems[:4]], args.thumb)
                cell = pygame.Surface((args.thumb, thumb_h + label.get_height()))
                cell.blit(thumb, (0, 0))
                cell.blit(label, (0, thumb_h))
                cells[(size, case.text_scale, case.language)].append(cell)
    for (size, scale, lang), group in cells.items():
        ratio = f"-x{args.pixel_ratio:g}" if args.pixel_ratio != 1 else ""
        path = out / f"screens-{size[0]}x{size[1]}-{scale}-{lang}{ratio}.png"
        pygame.init()
        pygame.image.save(_sheet(group, args.columns), str(path))
        print(f"{path}: {len(group)} screens")
    (out / "problems.txt").write_text("\n".join(report) + "\n", encoding="utf-8")
    return 1 if report else 0
