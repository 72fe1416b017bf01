"""A dialog's gold title stays inside its card at every text size, however long the language makes it."""

from __future__ import annotations

import pytest

from game import i18n
from game.i18n import _
from game.persist.settings import Settings
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.ui import assets, layout, widgets


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize("text_scale", [100, 125, 150, 200])
@pytest.mark.parametrize("size", ["960x600", "1280x720", "1920x1080"])
def test_a_long_title_fits_its_card(size, text_scale, language):
    settings = Settings()
    settings.text_scale, settings.language = text_scale, language
    app = App(build_parser().parse_args(["--size", size]), settings=settings, persist_settings=False)
    try:
        # the longest title of the game's dialogs (German: "Dieser Spielstand kann nicht geladen werden")
        dialog = widgets.MessageDialog(app.ctx, _("This save cannot be loaded"), _("Please update the game."))
        card = dialog._card()
        title = dialog._title_image(card.width)
        s = layout.scale_for(app.ctx.window_size)
        assert title.get_width() <= card.width - round(40 * s), (title.get_width(), card.width)
    finally:
        app.stack.clear()
        assets.set_text_scale(1.0)
        i18n.set_language("en")
        quit_pygame()
