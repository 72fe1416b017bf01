"""The version of Noblemen: one number, set in pyproject.toml, shown and used everywhere.

:func:`version` is what ``noblemen --version``, the title screen, the About screen and the self-test
print, and what the build scripts and the PyInstaller spec name the installers and stamp into the
Windows version resource and the macOS Info.plist (``python -m game.version`` prints it, and
``--numeric`` the four whole numbers those resources want).

It is read from the installed package's metadata (a wheel, an editable checkout, and a bundle, which
carries the metadata); a checkout run without being installed falls back on pyproject.toml itself.
"""

from __future__ import annotations

import functools
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

DISTRIBUTION = "noblemen"
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


@functools.cache
def version() -> str:
    """The game's version, e.g. ``"0.1.0"``."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return pyproject_version()


def pyproject_version(path: Path = PYPROJECT) -> str:
    """The version written in pyproject.toml (raises OSError or KeyError when there is none)."""
    with open(path, "rb") as f:
        return tomllib.load(f)["project"]["version"]


def numeric(text: str | None = None) -> tuple[int, int, int, int]:
    """The release numbers of a version as four whole numbers, e.g. ``"1.2rc1"`` -> ``(1, 2, 0, 0)``.

    Windows version resources and Inno Setup's VersionInfoVersion need exactly four, macOS's
    CFBundleVersion takes the first three; a pre-release or local suffix is left out.
    """
    match = re.match(r"\d+(?:\.\d+)*", version() if text is None else text)
    if match is None:
        raise ValueError(f"a version starts with a number, not {text!r}")
    a, b, c, d = ([int(p) for p in match.group(0).split(".")] + [0, 0, 0])[:4]
    return (a, b, c, d)


if __name__ == "__main__":
    print(".".join(map(str, numeric())) if "--numeric" in sys.argv[1:] else version())
