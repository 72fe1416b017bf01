"""The action bar's letters A-G keep their room when their words go under them (a long word, a large text), and
the words stay between the letters and the next row of buttons."""

from __future__ import annotations

import pytest

from game.ui import assets
from tests.game import test_table_support as support


@pytest.mark.parametrize(("size", "language", "text_scale"), [
    ((1920, 1080), "it", 150), ((1920, 1080), "de", 150), ((960, 600), "it", 150), ((1280, 720), "de", 200),
])
def test_the_letters_keep_half_their_row_and_the_words_go_under_them(size, language, text_scale):
    app = support.make_app(size, text_scale, language)
    try:
        table = support.make_table(app, ("human", "random", "random"))
        pc, lay = table.ensure_frame().panels["actions"]
        assert lay.captions, "the words fit inside the letters: this case tests nothing"
        row = int((pc.rect.height - 2 * round(8 * pc.scale)) * 0.46)  # the letters' row, as laid out
        smallest = assets.min_text() / assets.text_scale()
        second_row = min(b.rect.top for b in lay.buttons if b.rect.top > pc.rect.top + row // 2)
        for (kind, letter, _ok), (caption_kind, span, _word) in zip(lay.letters, lay.captions, strict=True):
            assert kind == caption_kind and letter.height >= row // 3
            assert letter.height >= row // 2 or lay.caption_size <= smallest + 1  # smaller words first
            assert letter.bottom <= span.top and span.bottom <= second_row  # the words between the rows
        assert lay.caption_size >= smallest - 1
    finally:
        support.end_app(app)
