"""The new-game screen's help at the card's foot: whole where the text size lets it, never over the rows."""

from __future__ import annotations

import pytest

from game import i18n
from game.scenes.setup_layout import SEATS, setup_layout
from game.ui import assets


@pytest.fixture
def display(pygame_display):
    yield
    assets.set_text_scale(1.0)
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize("text_scale", [1.0, 1.25, 1.5, 2.0])
@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
def test_the_help_fits_under_the_seats(display, size, text_scale, language):
    i18n.set_language(language)
    assets.set_text_scale(text_scale)
    lay = setup_layout(size)
    s = lay.scale
    font = assets.font("italic", lay.hint_size)
    hint_top = lay.card.bottom - round(8 * s) - len(lay.hint) * font.get_linesize()
    assert hint_top >= lay.rows[SEATS - 1].rect.bottom  # under the last seat's row (its "Seat 5: empty")
    assert all(font.size(line)[0] <= lay.card.width - round(32 * s) for line in lay.hint)
    assert round(lay.hint_size * text_scale) >= assets.min_text()
    if text_scale <= 1.5:  # every size a player can choose in the settings: the help is whole
        assert not lay.hint[-1].endswith("…"), lay.hint


@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_the_kinds_of_player_are_labelled_in_one_size(monkeypatch, language):
    """Human, Easy, Normal and Hard side by side in one size (the size the longest fits), not each shrunk alone;
    found once a frame for all the rows."""
    import pygame

    from game.scenes import setup
    from tests.game import test_table_support as support

    app = support.make_app((960, 600), 150, language)
    try:
        drawn = []
        real = setup.draw_button
        def recorded(surface, rect, label, s, **kw):
            drawn.append((label, kw.get("label_size")))
            real(surface, rect, label, s, **kw)

        monkeypatch.setattr(setup, "draw_button", recorded)
        found = []
        real_size = setup.common_size
        monkeypatch.setattr(setup, "common_size", lambda *args: found.append(args) or real_size(*args))
        scene = setup.SetupScene(app.ctx)
        app.stack.push(scene)
        scene.set_count(5)
        scene.draw(pygame.Surface(app.ctx.window_size))
        kinds = {setup.KIND_LABELS[kind] for kind in setup.KINDS}
        sizes = {size for label, size in drawn if label in kinds}
        assert len([label for label, _size in drawn if label in kinds]) == 4 * 5
        assert len(sizes) == 1 and None not in sizes
        assert len(found) == 1
    finally:
        support.end_app(app)


@pytest.mark.parametrize("text_scale", [100, 150, 200])
def test_a_name_stays_inside_its_field_at_every_text_size(monkeypatch, text_scale):
    """The names and the seed are drawn within their fields' height (at 200 % they ran over its edges), and the
    whole selected name is marked inside the field."""
    import pygame

    from game.scenes import setup
    from tests.game import test_table_support as support

    app = support.make_app((1280, 720), text_scale, "de")
    try:
        drawn = []
        real = setup.fit_text
        monkeypatch.setattr(setup, "fit_text", lambda *args: drawn.append(real(*args)) or drawn[-1])
        scene = setup.SetupScene(app.ctx)
        app.stack.push(scene)
        scene._focus("name", 1)
        surface = pygame.Surface(app.ctx.window_size)
        scene.draw(surface)
        lay = setup.setup_layout(app.ctx.window_size)
        fields = [lay.seed_field] + [row.name for row in lay.rows[: scene.count]]
        heights = [img.get_height() for img in drawn[: len(fields)]]
        assert all(h <= field.height for h, field in zip(heights, fields, strict=True)), (heights, fields)
        field = lay.rows[1].name
        assert surface.get_at((field.left + 12, field.top - 1)) != setup.ROYAL_BLUE  # the mark stays inside
    finally:
        support.end_app(app)


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize("text_scale", [1.0, 1.5, 2.0])
def test_the_options_labels_are_level_with_their_buttons(display, text_scale, language):
    """At 960x600 and 200 % "Players" and "Seed" sat lower than the buttons beside them: each label's middle is
    the buttons' middle, and it stays in the card."""
    from game.scenes.setup_layout import players_label
    from game.ui.draw import text

    i18n.set_language(language)
    assets.set_text_scale(text_scale)
    lay = setup_layout((960, 600))
    s = lay.scale
    middle = lay.counts[0].centery
    for label, (_x, y) in ((players_label(s), lay.players_label),
                           (text(i18n._("Seed"), "heading", round(18 * s)), lay.seed_label)):
        assert abs(y + label.get_height() // 2 - middle) <= 1
        assert lay.card.top <= y
