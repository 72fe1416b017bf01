"""Readable at laptop sizes: no text on any screen is drawn smaller than 12 px at 1280x720 and the default text
size. The draw helpers ask ``game.ui.assets.font`` for every text; the sizes asked for while each screen of the
gallery is laid out and drawn afresh are recorded and checked. The widgets' theme is checked the same way."""

from __future__ import annotations

import pygame
import pytest

from game.shell.shutdown import quit_pygame
from game.ui import assets, theme
from tests.game import gallery

SIZE = (1280, 720)


@pytest.fixture
def clean(monkeypatch, tmp_path):
    monkeypatch.setenv("NOBLEMEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("NOBLEMEN_CONFIG_DIR", str(tmp_path / "config"))
    yield
    quit_pygame()


@pytest.mark.parametrize("name", list(gallery.GALLERY))
def test_no_text_under_12_px_at_1280x720(clean, name):
    app = gallery.make_app(SIZE)
    gallery.GALLERY[name](app)
    with assets.recording_sizes() as sizes:
        gallery.redraw_afresh(app)
    for scene in app.stack:
        session = getattr(scene, "session", None)
        if session is not None:
            session.close()
    assert sizes, "nothing was drawn"
    small = sorted({(role, size) for role, size in sizes if size < assets.MIN_TEXT})
    assert small == [], f"{name}: text asked for under {assets.MIN_TEXT} px"


def test_the_widgets_theme_has_no_font_under_12_px():
    sizes = [int(block["font"]["size"]) for block in theme.theme_dict(SIZE).values()
             if isinstance(block, dict) and isinstance(block.get("font"), dict) and "size" in block["font"]]
    assert sizes and min(sizes) >= assets.MIN_TEXT


def test_the_text_size_scales_what_is_drawn():
    pygame.font.init()
    try:
        assets.set_text_scale(1.5)
        big = assets.font("body", 16).get_height()
        assets.set_text_scale(1.0)
        assert big > assets.font("body", 16).get_height() * 1.3
    finally:
        assets.set_text_scale(1.0)
