"""The version of Noblemen: one number, set in pyproject.toml, shown and used everywhere.

:func:`version` is what ``noblemen --version``, the title screen, the About screen and the self-test
print, and what the build scripts and the PyInstaller spec name the installers and stamp into the
Windows version resource and the macOS Info.plist (``python -m game.version`` prints it, and
``--numeric`` the four whole numbers those resources want).

It is read from the installed package's metadata (a wheel, an editable checkout, and a bundle, which
carries the metadata); a checkout run without being installed falls back on pyproject.toml itself.
The metadata's Version line is read directly: ``importlib.metadata`` loads the e-mail parser and some thirty
modules, and the title screen shows the version on its first frame.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from pathlib import Path

DISTRIBUTION = "noblemen"
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


@functools.cache
def version() -> str:
    """The game's version, e.g. ``"0.1.0"``."""
    return installed_version() or pyproject_version()


def installed_version(path: list[str] | None = None) -> str | None:
    """The version in the metadata of the package installed on ``path`` (``sys.path``), the first one found
    as the import system would; None when the game is not installed."""
    prefix = DISTRIBUTION + "-"
    for entry in sys.path if path is None else path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:  # not a folder (a zip on the path), or gone
            continue
        for name in names:
            if name.lower().startswith(prefix) and name.endswith(".dist-info"):
                found = _metadata_version(Path(entry or ".", name, "METADATA"))
                if found:
                    return found
    return None


def _metadata_version(metadata: Path) -> str | None:
    try:
        with open(metadata, encoding="utf-8") as f:
            for line in f:
                if not line.strip():  # the headers end at the first empty line
                    break
                if line.startswith("Version:"):
                    return line.partition(":")[2].strip() or None
    except (OSError, UnicodeDecodeError):
        pass
    return None


def pyproject_version(path: Path = PYPROJECT) -> str:
    """The version written in pyproject.toml (raises OSError or KeyError when there is none)."""
    import tomllib  # only a checkout that is not installed reads it

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
