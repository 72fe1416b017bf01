# ruff: noqa: E501  (prose: one paragraph per line reads and diffs better)
"""What the About screen shows: the version, the credits, and every licence the game ships.

The licences are read from the package data (``game/licenses/``, ``game/fonts/``, ``game/art/``,
``game/sounds/``, and pygame-gui's own ``data/licenses/`` for its fonts), so what a player reads is the
very text that travels with their copy. ``game/licenses/README.md`` is the list of third-party
components: its table becomes the "Built with" page, and each licence text there gets a page of its own.
"""

from __future__ import annotations

import html
import importlib.resources
import re
from pathlib import Path

import attrs

from game.i18n import N_, _
from game.scenes import rules_text
from game.ui.assets import asset_root
from game.version import version

GROUP_GAME = "Noblemen"
GROUP_TEXTS = N_("Licence texts")
NOTICES = "README.md"  # in game/licenses/
OWN_LICENCE = "Noblemen.txt"

#: what each component of game/licenses/README.md does here, and the licence names that hold words (the
#: "Built with" page shows them in the language spoken; a row missing here is shown in English)
PURPOSES = (
    N_("runs the game"),
    N_("window, drawing, sound, fonts"),
    N_("the layer under pygame-ce"),
    N_("draws the fonts"),
    N_("shapes text"),
    N_("compressed fonts"),
    N_("PNG images (the window icon)"),
    N_("compression"),
    N_("JPEG images (loaded by SDL_image)"),
    N_("TIFF images (loaded by SDL_image)"),
    N_("WebP images (loaded by SDL_image)"),
    N_("Ogg Vorbis sound (loaded by SDL_mixer)"),
    N_("Opus sound (loaded by SDL_mixer)"),
    N_("FLAC sound (loaded by SDL_mixer)"),
    N_("WavPack sound (loaded by SDL_mixer)"),
    N_("tracker music (loaded by SDL_mixer)"),
    N_("MP3 sound (loaded by SDL_mixer)"),
    N_("MIDI music (loaded by SDL_mixer on Linux and macOS)"),
    N_("Python's ctypes"),
    N_("Python's bz2"),
    N_("Python's lzma"),
    N_("Python's XML parser"),
    N_("Python's decimal module"),
    N_("buttons, lists, text boxes; its Noto Sans and Fira Code fonts"),
    N_("pygame-gui's translations"),
    N_("the game's data classes"),
    N_("where settings and saves go"),
)
LICENCE_WORDS = (
    N_("libpng licence"),
    N_("libtiff licence"),
    N_("MIT, parts LGPL 2.1"),
    N_("bzip2 licence (BSD-like)"),
    N_("public domain"),
    N_("MIT; fonts SIL OFL 1.1"),
)


@attrs.frozen
class Section:
    id: str
    title: str
    group: str
    html: str


CREDITS = N_("""
**Noblemen {version}**, a digital edition of the board game by Dwight Sullivan (2012) for 3 to 5 players: Elizabethan nobles, estates, scandals and masked balls.

**Made by** the Noblemen developers: the rules engine, the computer players, the table, the art and the sounds were all made for this edition.

- **Art and sounds:** drawn and synthesised for this edition, given to the public domain ([CC0](art-and-sounds)).
- **Type:** EB Garamond by Georg Duffner and Octavio Pardo ([SIL Open Font Licence](eb-garamond)); DejaVu Sans by the DejaVu fonts team, after Bitstream Vera ([Bitstream Vera licence](dejavu-sans)).
- **Built with** Python, pygame-ce on SDL, pygame-gui, attrs and platformdirs: see [Built with](built-with).

**Licence:** the game is free software under the [MIT licence](licence): you may use, copy, change and share it.
""")


def _credits() -> str:
    body = _(CREDITS).format(version=version())
    return rules_text.to_html(rules_text.Topic("about", "About", GROUP_GAME, body))


# -- plain licence texts -----------------------------------------------------------------
_LIST_ITEM = re.compile(r"^\s*(?:[-*•o]\s|\d+[.)]\s|\([a-z0-9]+\)\s|[A-Za-z][.)]\s)")


def _flows(lines: list[str]) -> bool:
    """A paragraph of running text (re-wrapped to the box), not a list, a heading or a table."""
    indents = {len(line) - len(line.lstrip()) for line in lines}
    return len(lines) > 1 and len(indents) == 1 and not any(_LIST_ITEM.match(line) for line in lines[1:])


def text_to_html(text: str) -> str:
    """A licence file as pygame-gui HTML: running paragraphs re-flowed, everything else line by line."""
    out = []
    for para in re.split(r"\n\s*\n", text.strip("\n")):
        lines = [line.rstrip() for line in para.split("\n")]
        if _flows(lines):
            out.append(html.escape(" ".join(line.strip() for line in lines), quote=False))
        else:
            out.append("<br>".join(html.escape(line, quote=False) for line in lines))
    return "<br><br>".join(out)


def _read(path) -> str:
    return path.read_text(encoding="utf-8")


# -- the list of third-party components (game/licenses/README.md) ----------------------------
def licence_dir() -> Path:
    return asset_root() / "licenses"


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def components() -> list[dict[str, str]]:
    """The rows of the components table in game/licenses/README.md, by column heading."""
    lines = [line for line in _read(licence_dir() / NOTICES).splitlines() if line.startswith("|")]
    head = _cells(lines[0])
    return [dict(zip(head, _cells(line), strict=True)) for line in lines[2:]]


def text_files() -> list[str]:
    """Every licence text file the components table names (e.g. ``LGPL-2.1.txt``)."""
    names = [n for row in components() for n in re.findall(r"`([\w.+-]+\.txt)`", row["Text"])]
    return sorted(set(names), key=names.index)


def _built_with() -> str:
    rows = []
    for row in components():
        texts = re.findall(r"`([\w.+-]+)\.txt`", row["Text"])
        links = ", ".join(f"<a href='{_page_id(name)}'>{html.escape(name)}</a>" for name in texts)
        rows.append(f"  •  <b>{html.escape(row['Component'])}</b>: {html.escape(_(row['What it does here']))}. "
                    f"{html.escape(_(row['Licence']))}{': ' + links if links else ''}")
    intro = _("The ready-made builds of Noblemen carry Python and these libraries, each under its own licence. "
              "Installed with pip, the game uses the copies pip installed, which carry their own licences.")
    lgpl = _("The libraries under the GNU LGPL are separate files in every build, which you may replace with your "
             "own build of the same version; their source code is at the addresses in the file licenses/README.md "
             "inside the game's folder.")
    return f"{html.escape(intro)}<br><br>{'<br>'.join(rows)}<br><br>{html.escape(lgpl)}"


def _page_id(stem: str) -> str:
    return "text-" + stem.lower()


def _gui_font_licences() -> str:
    folder = importlib.resources.files("pygame_gui.data") / "licenses"
    texts = [_read(folder / name) for name in sorted(p.name for p in folder.iterdir() if p.name.endswith(".txt"))]
    return "<br><br>".join(text_to_html(t) for t in texts)


def sections() -> list[Section]:
    """Every page of the About screen, in reading order, in the language spoken (the licences as written)."""
    fonts = asset_root() / "fonts"
    pages = [
        Section("about", _("About Noblemen"), GROUP_GAME, _credits()),
        Section("licence", _("Licence"), GROUP_GAME, text_to_html(_read(licence_dir() / OWN_LICENCE))),
        Section("art-and-sounds", _("Art and sounds"), GROUP_GAME,
                text_to_html(_read(asset_root() / "art" / "LICENSE.md") + "\n\n"
                             + _read(asset_root() / "sounds" / "LICENSE.md"))),
        Section("eb-garamond", "EB Garamond", _("Fonts"), text_to_html(_read(fonts / "OFL.txt"))),
        Section("dejavu-sans", "DejaVu Sans", _("Fonts"), text_to_html(_read(fonts / "LICENSE-DejaVu.txt"))),
        Section("gui-fonts", "Noto Sans, Fira Code", _("Fonts"), _gui_font_licences()),
        Section("built-with", _("Built with"), _("Third-party software"), _built_with()),
    ]
    pages += [Section(_page_id(Path(name).stem), Path(name).stem, _(GROUP_TEXTS),
                      text_to_html(_read(licence_dir() / name)))
              for name in text_files()]
    return pages
