"""The licences a player finds beside the game: the ``licenses`` folder of every build.

Usage: ``python build_scripts/gather_licences.py DEST`` (DEST is made anew) with the Python that builds
the game (it reads pygame-gui's font licences from the installed pygame-gui).

``game/licenses/`` holds the game's licence, the third-party texts and ``README.md``, which names the art's,
sounds' and fonts' licences as ``../art/LICENSE.md`` and so on (where they lie in the source and in the
bundle's own copy of ``game/``) and pygame-gui's font licences as ``pygame_gui/data/licenses/``. Beside the
game those names lead nowhere, so DEST gets the folder's files, each of those named files under the same
path inside DEST (``art/LICENSE.md``, ``fonts/OFL.txt``, ``pygame_gui/data/licenses/...``), and a README whose
``../`` names are rewritten to match: every file it names is then inside DEST.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
NOTICES = "README.md"
#: a file or folder the README names in backticks
NAMED = re.compile(r"`([\w./+-]+)`")


def named_paths(readme: str) -> list[str]:
    """The licence texts that README.md names: the files its prose names, and the files and folders of its
    table's Text column (the prose and the last column also name files of the build, not licences)."""
    names: list[str] = []
    text_column = None
    for line in readme.splitlines():
        if not line.startswith("|"):
            names += [name for name in NAMED.findall(line) if name.endswith((".txt", ".md"))]
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if text_column is None:
            text_column = cells.index("Text")
        else:
            names += NAMED.findall(cells[text_column])
    return list(dict.fromkeys(names))


def _pygame_gui_root() -> Path:
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or spec.origin is None:
        raise SystemExit("gather_licences: pygame_gui is not installed in this Python")
    return Path(spec.origin).parent.parent


def _source(name: str) -> Path:
    """Where a path that README.md names lies (relative to game/licenses/, or pygame-gui's own)."""
    if name.startswith("pygame_gui/"):
        return _pygame_gui_root() / name
    return GAME / "licenses" / name


def gather(dest: Path) -> list[Path]:
    """Make ``dest`` the player's licences folder; returns the files in it."""
    source = GAME / "licenses"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns("__pycache__"))
    readme = (source / NOTICES).read_text(encoding="utf-8")
    for name in named_paths(readme):
        origin = _source(name)
        inside = dest / name.removeprefix("../")
        if origin.is_dir():
            shutil.copytree(origin, inside, dirs_exist_ok=True)
        elif origin.is_file() and not inside.exists():
            inside.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(origin, inside)
    (dest / NOTICES).write_text(readme.replace("`../", "`"), encoding="utf-8", newline="\n")
    return sorted(p for p in dest.rglob("*") if p.is_file())


def missing(folder: Path) -> list[str]:
    """What the README in ``folder`` names that is not inside ``folder`` (a bundle's check of itself)."""
    readme = (folder / NOTICES).read_text(encoding="utf-8")
    return [name for name in named_paths(readme) if name.startswith("../") or not (folder / name).exists()
            or (folder / name).is_dir() and not any((folder / name).iterdir())]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    dest = Path(argv[0])
    files = gather(dest)
    absent = missing(dest)
    if absent:
        print(f"gather_licences: {dest}/README.md names what is not there: {absent}", file=sys.stderr)
        return 1
    print(f"gather_licences: {len(files)} files in {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
