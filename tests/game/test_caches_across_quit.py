"""What a new app keeps from one that quit pygame before it (each test's app does): the fonts are opened afresh,
since pygame's quit kills them; the art drawn from SVG and the parchment's texels are kept, as a surface and bytes
outlive the quit, and are drawn the same."""

from __future__ import annotations

import pygame

from game.ui import assets, widgets
from tests.game import test_table_support as support


def test_fonts_are_opened_afresh_and_draw_after_a_quit():
    app = support.make_app()
    scaled, exact = assets.font("ui", 14), assets.sized("ui", 14)
    support.end_app(app)
    app = support.make_app()
    try:
        again, exact_again = assets.font("ui", 14), assets.sized("ui", 14)
        assert again is not scaled and exact_again is not exact
        assert again.render("Anne", True, (0, 0, 0)).get_width() > 0
        assert exact_again.size("Anne")[0] > 0
    finally:
        support.end_app(app)


def test_the_art_drawn_before_a_quit_is_kept_and_still_draws():
    app = support.make_app()
    knight = assets.image("knight", (64, 64))
    pixels = pygame.image.tobytes(knight, "RGBA")
    support.end_app(app)
    app = support.make_app()
    try:
        assert assets.image("knight", (64, 64)) is knight
        app.window.fill((0, 0, 0))
        app.window.blit(knight, (0, 0))
        drawn = app.window.subsurface((0, 0, 64, 64)).copy().convert_alpha()
        assert pygame.image.tobytes(knight, "RGBA") == pixels
        assert drawn.get_at((32, 32))[:3] == knight.get_at((32, 32))[:3]  # the knight's body is opaque there
    finally:
        support.end_app(app)


def test_the_parchment_after_a_quit_is_the_same_without_its_texels_made_again():
    app = support.make_app()
    first = pygame.image.tobytes(widgets.parchment((1280, 720)), "RGB")
    made = widgets._parchment_texels.cache_info().misses
    support.end_app(app)
    app = support.make_app()
    try:
        again = widgets.parchment((1280, 720))
        assert widgets._parchment_texels.cache_info().misses == made
        assert pygame.image.tobytes(again, "RGB") == first
    finally:
        support.end_app(app)
