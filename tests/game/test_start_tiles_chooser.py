"""The starting tiles' card (R-SETUP-5): its title, its four rows and its button inside the card at every size."""

from __future__ import annotations

import pytest

from game.ui import assets
from rules import Decision
from tests.game import test_table_support as support


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize("text_scale", [100, 150, 200])
@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
def test_the_start_tiles_card_holds_its_rows_and_button(size, text_scale, language):
    app = support.make_app(size, text_scale, language)
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
    finally:
        support.end_app(app)
