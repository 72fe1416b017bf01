"""The game's command line: every value checked, bad input answered with one line and exit status 2.

    noblemen [FILE] [--version] [--size WxH] [--fullscreen | --windowed] [--speed SPEED] [--text-scale PERCENT]
             [--pixel-ratio R] [--lang en|de|it]
             [--frames N]
             [--autoplay [--seats N] [--seed N]] [--tutorial [--autoplay]] [--screenshots DIR] [--self-test [--seed N]]

Each ``type`` function returns the value or raises ``ArgumentTypeError`` with the reason; the parser
prints it on a single line (no usage dump, no traceback). :func:`check` looks at what only makes
sense together and at the screenshot folder.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import NoReturn

from game.i18n import LANGUAGES
from game.persist.settings import SPEEDS, TEXT_SCALE_RANGE, TEXT_SCALES
from game.ui import layout
from game.version import version

EXIT_BAD_INPUT = 2
MAX_SEED = 2**63 - 1
MAX_FRAMES = 10**9  # more than six months at 60 frames a second


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        # a long value argparse itself echoes (an unknown choice or argument) is cut as the checks here cut theirs
        message = re.sub(r"\S{41,}", lambda m: m.group()[:39] + "…", message)
        sys.stderr.write(f"{self.prog}: error: {printable(message)}\n")
        sys.exit(EXIT_BAD_INPUT)


def printable(text: str) -> str:
    """``text`` with control and escape characters shown as escapes, so a terminal shows it as it is."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def _whole(text: str, what: str) -> int:
    try:
        return int(text.strip(), 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} is a whole number, not {_shown(text)}") from None


def window_size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT like 1280x720, got {_shown(text)}")
    w, h = (_whole(part, "a window's width and height") for part in parts)
    max_w, max_h = layout.MAX_SIZE
    if not (1 <= w <= max_w and 1 <= h <= max_h):
        raise argparse.ArgumentTypeError(f"a window is 1x1 to {max_w}x{max_h}, not {_shown(text)}")
    return (w, h)


def frame_count(text: str) -> int:
    value = _whole(text, "a number of frames")
    if not 0 <= value <= MAX_FRAMES:
        raise argparse.ArgumentTypeError(f"a number of frames is 0 to {MAX_FRAMES}, not {_shown(text)}")
    return value


def seat_count(text: str) -> int:
    value = _whole(text, "a number of players")
    if not 3 <= value <= 5:
        raise argparse.ArgumentTypeError(f"Noblemen is played by 3, 4 or 5 players, not {_shown(text)}")
    return value


def seed_number(text: str) -> int:
    value = _whole(text, "a seed")
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_SEED}, not {_shown(text)}")
    return value


def text_scale(text: str) -> int:
    value = _whole(text.strip().rstrip("%"), "a text size in percent")
    low, high = TEXT_SCALE_RANGE
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"a text size is {low} to {high} percent, not {_shown(text)}")
    return value


def pixel_ratio(text: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"a pixel ratio is a number like 2 or 1.5, not {_shown(text)}") from None
    low, high = layout.RATIO_RANGE
    if not low <= value <= high:  # (NaN fails this too)
        raise argparse.ArgumentTypeError(f"a pixel ratio is {low:g} to {high:g}, not {_shown(text)}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="noblemen", description="Noblemen - a digital edition of the board game.")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    p.add_argument("save", nargs="?", type=Path, metavar="FILE", help="open this saved game at the table")
    p.add_argument("--size", type=window_size, metavar="WxH", help="window size, e.g. 1600x900")
    p.add_argument("--fullscreen", action="store_true", default=None, help="start in fullscreen")
    p.add_argument("--windowed", dest="fullscreen", action="store_false", help="start in a window")
    p.add_argument("--autoplay", action="store_true", help="computer players play a whole game")
    p.add_argument("--tutorial", action="store_true",
                   help="start the guided first game (with --autoplay a scripted learner takes every step)")
    p.add_argument("--seats", type=seat_count, metavar="N", help="number of players for --autoplay (3-5)")
    p.add_argument("--speed", choices=SPEEDS, help="how fast computer players move")
    p.add_argument("--text-scale", type=text_scale, metavar="PERCENT",
                   help=f"text size in percent for this run ({TEXT_SCALE_RANGE[0]}-{TEXT_SCALE_RANGE[1]}; Settings "
                   "offers " + "/".join(str(v) for v in TEXT_SCALES) + ")")
    p.add_argument("--pixel-ratio", type=pixel_ratio, metavar="R",
                   help="draw as a screen with R pixels per point does (1-3; e.g. 2 for Retina): the window is R "
                   "times the size in pixels, text and art R times as sharp")
    p.add_argument("--lang", choices=LANGUAGES, help="the game's language for this run (en, de or it)")
    p.add_argument("--screenshots", type=Path, metavar="DIR",
                   help="save a PNG each time the screen changes (NNN-<scene>.png)")
    p.add_argument("--self-test", action="store_true", help="run the built-in GUI self test and quit")
    p.add_argument("--frames", type=frame_count, metavar="N", help="quit after N frames (for tests)")
    p.add_argument("--seed", type=seed_number, help="random seed for --autoplay / --self-test")
    return p


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The checked options (exits with status 2 and one line on bad input)."""
    parser = build_parser()
    options = parser.parse_args(argv)
    if options.save is not None and (options.autoplay or options.self_test or options.tutorial):
        parser.error("a saved game is opened on its own, not with --autoplay, --tutorial or --self-test")
    if options.screenshots is not None and not options.self_test:
        try:
            options.screenshots.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            parser.error(f"cannot keep screenshots in {options.screenshots}: {exc.strerror or exc}")
        if not os.access(options.screenshots, os.W_OK):
            parser.error(f"cannot keep screenshots in {options.screenshots}: permission denied")
    return options
