"""The starting tiles' card (R-SETUP-5): its title, its four rows and its button inside the card at every size."""

from __future__ import annotations

import pytest

from game import i18n
from game.persist.settings import Settings
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.ui import assets
from rules import Decision
from tests.game import test_table_support as support


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize("text_scale", [100, 150, 200])
@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
def test_the_start_tiles_card_holds_its_rows_and_button(size, text_scale, language):
    settings = Settings()
    settings.text_scale, settings.language = text_scale, language
    app = App(build_parser().parse_args(["--size", f"{size[0]}x{size[1]}"]), settings=settings, persist_settings=False)
    app.running = True
    try:
        table = support.make_table(app, ("human", "random", "random"))
        assert table.session.state.step == Decision.CHOOSE_START_TILES
        lay = table.ensure_frame().chooser
        assert lay is not None and lay.steppers, "no start chooser: this case tests nothing"
        card = lay.card
        assert lay.title.get_width() <= card.width
        for _tile, row, minus, plus in lay.steppers:
            assert card.contains(row) and card.contains(minus) and card.contains(plus)
        for rect, _option in lay.buttons:
            assert card.contains(rect), (rect, card)
        rows = [row for _t, row, _m, _p in lay.steppers]
        assert all(a.bottom <= b.top for a, b in zip(rows[:-1], rows[1:], strict=True))  # one under the other
        ok = next(rect for rect, option in lay.buttons if option.key == "start:ok")
        assert rows[-1].bottom <= ok.top
        if getattr(lay, "prompt_size", None) is not None:
            assert round(lay.prompt_size * text_scale / 100) >= assets.min_text()
        table.session.close()
    finally:
        app.stack.clear()
        assets.set_text_scale(1.0)
        i18n.set_language("en")
        quit_pygame()
