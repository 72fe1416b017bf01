"""The look of the application: palette, pygame-gui theme and scaling.

The pygame-gui theme lives in ``game/themes/noblemen.json``.  Its font blocks
name font files as ``{fonts}/EBGaramond-Regular.ttf``; :func:`theme_dict`
replaces ``{fonts}`` with the absolute ``fonts/`` folder found through
:func:`game.ui.assets.asset_root` (so it works from source and from a bundle)
and multiplies every font size by :func:`ui_scale` of the window, so text
grows with the window.  :func:`create_manager` builds the ``UIManager``;
:func:`apply_scale` re-themes a live manager after a resize.

pygame-gui knows nothing of pixel ratios, so its manager works at the window's real pixel size, like every
hand-drawn screen: its widgets take their rects from the same layouts (device pixels) and its fonts are the
theme's sizes times :func:`ui_scale` - design scale times pixel ratio - and the text size, so a button is as
sharp as the table around it. In a high-DPI window (points over a pixel surface) the app sets the manager's
``mouse_pos_scale_factor`` so that pygame-gui maps the pointer from points to pixels itself.
"""

from __future__ import annotations

import copy
import functools
import json
import warnings
from pathlib import Path
from typing import Any

import pygame

from game.ui import assets, layout

THEME_FILE = "noblemen.json"  # in game/themes/, package data like the art and fonts

# -- palette (ART.md) -----------------------------------------------------------
PARCHMENT = pygame.Color("#F1E6CC")
PARCHMENT_LIGHT = pygame.Color("#FBF5E6")
PANEL = pygame.Color("#E4D3AE")
PANEL_DARK = pygame.Color("#D6C297")
INK = pygame.Color("#2B2118")
MUTED = pygame.Color("#6B5B45")
RULE = pygame.Color("#B9A57C")
OXBLOOD = pygame.Color("#7A1F2B")
GOLD = pygame.Color("#C9A227")
GOLD_LIGHT = pygame.Color("#E8CB6A")
GOLD_DARK = pygame.Color("#8E6F14")
ROYAL_BLUE = pygame.Color("#22406E")
#: the pointer's frame on what it is over, "the pointer is here": a thin royal-blue line on parchment, a light one on
#: a dark button (gold frames say something else: the hint's advice, a choice made)
HOVER = ROYAL_BLUE
HOVER_ON_DARK = PARCHMENT_LIGHT

#: base design height: sizes in the theme are right for a 1280x720 window
BASE_SIZE = (1280, 720)
#: a button's label grows with the text size up to this much: the screens size their buttons for it
BUTTON_TEXT_CAP = 1.2


def ui_scale(window_size: tuple[int, int]) -> float:
    """How much bigger than at 1280x720 text and widgets should be (see layout.scale_for)."""
    return layout.scale_for(window_size)


def px(value: float, scale: float) -> int:
    """A design-pixel value at ``scale``, at least 1."""
    return max(1, round(value * scale))


@functools.cache
def _raw_theme() -> dict[str, Any]:
    return json.loads((assets.asset_root() / "themes" / THEME_FILE).read_text(encoding="utf-8"))


def fonts_dir() -> Path:
    return assets.asset_root() / "fonts"


def theme_dict(window_size: tuple[int, int] = BASE_SIZE) -> dict[str, Any]:
    """The pygame-gui theme for a window of this size (font paths absolute, sizes scaled)."""
    scale = ui_scale(window_size)
    data = copy.deepcopy(_raw_theme())
    fonts = fonts_dir().as_posix()
    for name, block in data.items():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict):
            for key, value in list(font.items()):
                if key.endswith("_path") and isinstance(value, str):
                    font[key] = value.replace("{fonts}", fonts)
            if "size" in font:
                text = assets.text_scale() if name != "button" else min(assets.text_scale(), BUTTON_TEXT_CAP)
                font["size"] = str(max(8, round(float(font["size"]) * scale * text)))
        misc = block.get("misc")
        if isinstance(misc, dict):
            if "shape_corner_radius" in misc:
                misc["shape_corner_radius"] = str(px(float(misc["shape_corner_radius"]), scale))
            if "list_item_height" in misc:  # a list's lines hold text: they grow with the text size
                misc["list_item_height"] = str(px(float(misc["list_item_height"]), scale * assets.text_scale()))
            if "padding" in misc:
                x, y = (float(v) for v in misc["padding"].split(","))
                misc["padding"] = f"{px(x, scale)},{px(y, scale)}"
            if "rect_width" in misc:  # the tooltip's width, for its words at the text size
                misc["rect_width"] = str(px(float(misc["rect_width"]), scale * assets.text_scale()))
    return data


def button_font(window_size: tuple[int, int]) -> pygame.font.Font:
    """The font of a pygame-gui button's label in a window of this size (to size a button for its words)."""
    return assets.sized("heading", _button_font_size(tuple(window_size), assets.text_scale()))


@functools.lru_cache(maxsize=16)
def _button_font_size(window_size: tuple[int, int], _text_scale: float) -> int:
    """(Worked out once for each window size and text size: the theme is a deep copy, some milliseconds, and
    layouts that size buttons ask every frame.)"""
    return int(theme_dict(window_size)["button"]["font"]["size"])


def create_manager(window_size: tuple[int, int]):
    """A ``UIManager`` themed for this window size (fonts registered and preloaded)."""
    import pygame_gui
    from pygame_gui.core import gui_font_pygame

    from game.ui.focus import pointer_aware_manager  # the focus draws in this palette

    # pygame-gui opens its fonts with the name Font of this module: the game's fonts instead, which draw what a
    # font file lacks in the fallback face (a player's name typed in another script) rather than as a box
    gui_font_pygame.Font = assets.gui_font
    manager = pointer_aware_manager(pygame_gui.UIManager)(tuple(window_size), theme_dict(window_size),
                                                          enable_live_theme_updates=False)
    manager.noblemen_scale = ui_scale(window_size)  # remembered by apply_scale
    _register_fonts(manager)
    _preload(manager, window_size)
    return manager


def _preload(manager, window_size: tuple[int, int]) -> None:
    """Preload every font the theme uses, in the styles the rules text uses."""
    wanted = set()
    for block in theme_dict(window_size).values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "name" in font and "size" in font:
            wanted.add((font["name"], int(font["size"])))
    styles = {"garamond": ("regular", "bold", "italic"), "dejavu": ("regular", "bold")}
    with warnings.catch_warnings():  # "already loaded" notices after a re-theme are harmless
        warnings.simplefilter("ignore", UserWarning)
        manager.preload_fonts([
            {"name": name, "point_size": size, "style": style}
            for name, size in sorted(wanted)
            for style in styles.get(name, ("regular",))
        ])


def _register_fonts(manager) -> None:
    fonts = fonts_dir()
    manager.add_font_paths("garamond", str(fonts / "EBGaramond-Regular.ttf"),
                           str(fonts / "EBGaramond-SemiBold.ttf"), str(fonts / "EBGaramond-Italic.ttf"),
                           str(fonts / "EBGaramond-SemiBold.ttf"))
    manager.add_font_paths("dejavu", str(fonts / "DejaVuSans.ttf"), str(fonts / "DejaVuSans-Bold.ttf"))


def apply_scale(manager, window_size: tuple[int, int]) -> bool:
    """Re-theme ``manager`` for a new window size.  Returns True if the scale changed.

    Widgets created afterwards use the new sizes; scenes rebuild theirs in
    ``on_resize``.
    """
    scale = ui_scale(window_size)
    if getattr(manager, "noblemen_scale", None) == scale:
        return False
    manager.get_theme().load_theme(theme_dict(window_size))
    manager.noblemen_scale = scale
    _preload(manager, window_size)
    manager.rebuild_all_from_changed_theme_data()
    return True
