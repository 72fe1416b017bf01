"""game.ui.assets: every SVG renders crisply at the asked size, tinting works, fonts load."""

from __future__ import annotations

import importlib.resources
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import game  # noqa: E402
from game.ui import assets  # noqa: E402

NAMES = assets.art_names()

REQUIRED = [
    "tile-field", "tile-grove", "tile-fountain", "tile-meadow", "region-farm", "region-forest",
    "region-garden", "building-castle", "building-palace", "building-chapel", "folly-forests",
    "folly-farms", "folly-gardens", "folly-mixed", "queen", "knight", "marker-disc", "crest-lion",
    "crest-rose", "crest-stag", "crest-swan", "crest-tower", "coin-1", "coin-5", "coin-10", "bribe",
    "screen", "tax-marker", "land-marker", "card-back", "card-inheritance", "card-intrigue",
    "card-blackmail", "card-liaison", "card-secret-marriage", "card-dowry", "card-cunning-stroke",
    "card-tribute", "card-favour-of-the-vicar", "card-whitehall", "title-duke", "title-marquess",
    "title-earl", "title-viscount", "title-baron", "icon-ball", "icon-queen-lock", "icon-scoring",
    "icon-start", "icon-vp", "icon-prestige", "icon-church", "parchment", "frame-corner", "app-icon",
    "crest-falcon",
]

TINTED = [
    "knight", "marker-disc", "crest-lion", "crest-rose", "crest-stag", "crest-swan", "crest-tower",
    "crest-falcon",
]

# Elements nanosvg (SDL_image's SVG renderer) ignores or gets wrong: the art must not rely on them.
UNSUPPORTED = {"text", "filter", "pattern", "use", "clipPath", "mask", "style", "image", "foreignObject"}


def test_every_required_piece_exists():
    assert sorted(set(REQUIRED) - set(NAMES)) == []


@pytest.mark.parametrize("name", NAMES)
def test_svg_is_plain_nanosvg_markup(name):
    root = ET.parse(assets.asset_root() / "art" / f"{name}.svg").getroot()
    assert root.get("viewBox"), f"{name} has no viewBox"
    used = {el.tag.rsplit("}", 1)[-1] for el in root.iter()}
    assert not used & UNSUPPORTED, f"{name} uses {sorted(used & UNSUPPORTED)}"
    assert not any("class" in el.attrib for el in root.iter()), f"{name} uses CSS classes"


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("size", [(24, 24), (64, 64), (70, 100), (101, 37)])
def test_every_svg_renders_at_exactly_the_asked_size(name, size):
    surface = assets.image(name, size)
    assert surface.get_size() == size
    assert surface.get_flags() & pygame.SRCALPHA
    assert surface.get_bounding_rect(min_alpha=1).width > 0, f"{name} rendered nothing at {size}"


def _colour_count(surface: pygame.Surface, rgb: tuple[int, int, int], tol: int = 8) -> int:
    w, h = surface.get_size()
    count = 0
    for x in range(w):
        for y in range(h):
            c = surface.get_at((x, y))
            if c.a > 250 and all(abs(a - b) <= tol for a, b in zip((c.r, c.g, c.b), rgb, strict=True)):
                count += 1
    return count


def test_tint_replaces_the_placeholder_on_the_knight():
    plain = assets.image("knight", (64, 64))
    tinted = assets.image("knight", (64, 64), tint="#0072B2")
    assert _colour_count(plain, (255, 0, 255)) > 100
    assert _colour_count(tinted, (255, 0, 255), tol=40) == 0
    assert _colour_count(tinted, (0x00, 0x72, 0xB2)) > 100


@pytest.mark.parametrize("name", TINTED)
def test_player_pieces_use_the_placeholder(name):
    text = (assets.asset_root() / "art" / f"{name}.svg").read_text(encoding="utf-8")
    assert assets.PLACEHOLDER.lower() in text.lower()
    tinted = assets.image(name, (48, 48), tint="#D55E00")
    assert _colour_count(tinted, (0xD5, 0x5E, 0x00)) > 20


def test_tint_is_case_insensitive_and_cached():
    a = assets.image("crest-rose", (40, 40), tint="#d55e00")
    b = assets.image("crest-rose", (40, 40), tint="#D55E00")
    assert a is b
    assert assets.image("crest-rose", (40, 40)) is not a


def test_bad_tint_and_size_are_rejected():
    with pytest.raises(ValueError):
        assets.image("knight", (32, 32), tint="blue")
    with pytest.raises(ValueError):
        assets.image("knight", (0, 32))


def test_unknown_name_raises_key_error():
    with pytest.raises(KeyError, match="no-such-piece"):
        assets.image("no-such-piece", (32, 32))


@pytest.mark.parametrize("role", ["heading", "body", "italic", "ui", "ui-bold"])
def test_fonts_load_for_every_role(role):
    f = assets.font(role, 18)
    assert isinstance(f, pygame.font.Font)
    text = f.render("Duchess of Whitehall £12 – “Ball”", True, (0, 0, 0))
    assert text.get_width() > 50
    assert assets.font(role, 18) is f


def test_a_font_remembers_the_sizes_it_measured_a_bounded_number(monkeypatch):
    font = assets.sized("ui", 17)
    for text in ("The court", "Ælfgifu’s 王 estate", ""):  # a name with a letter the face lacks, too
        assert font.size(text) == font._measure(text)
        assert font.size(text) == font.size(text) and text in font._sizes
    monkeypatch.setattr(assets, "MEASURED", 3)
    for k in range(10):
        font.size("x" * k)
    assert 0 < len(font._sizes) <= 3


def test_font_sizes_are_clamped_and_roles_checked():
    assert assets.font("body", 1) is assets.font("body", 6)
    with pytest.raises(KeyError):
        assets.font("gothic", 12)


def test_fonts_have_their_licences_beside_them():
    fonts = assets.asset_root() / "fonts"
    assert (fonts / "OFL.txt").is_file()
    assert (fonts / "LICENSE-DejaVu.txt").is_file()
    assert (assets.asset_root() / "art" / "LICENSE.md").is_file()


def test_asset_root_is_where_importlib_resources_finds_the_game_package(monkeypatch, tmp_path):
    """One lookup for a checkout, a wheel and a PyInstaller bundle (whose importer answers for game/)."""
    assert assets.asset_root() == importlib.resources.files("game")
    monkeypatch.setattr(importlib.resources, "files", lambda package: tmp_path / package)
    assets.asset_root.cache_clear()
    try:
        assert assets.asset_root() == tmp_path / "game"
    finally:
        monkeypatch.undo()
        assets.asset_root.cache_clear()


def test_every_asset_folder_is_inside_the_game_package():
    package = Path(game.__file__).resolve().parent
    for folder in ("art", "fonts", "sounds", "themes", "licenses"):
        assert (assets.asset_root() / folder).is_dir(), folder
        assert (package / folder).is_dir(), folder


def test_module_imports_without_a_display():
    code = (
        "import pygame, game.ui.assets as a\n"
        "assert not pygame.display.get_init()\n"
        "assert a.image('knight', (16, 16)).get_size() == (16, 16)\n"
        "assert not pygame.display.get_init()\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["SDL_VIDEODRIVER"] = "dummy"
    root = str(Path(game.__file__).resolve().parents[1])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    result = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
