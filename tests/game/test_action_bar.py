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


@pytest.mark.parametrize(("size", "language", "text_scale"), [
    ((960, 600), "de", 150), ((1280, 720), "de", 100), ((1920, 1080), "it", 200), ((1280, 720), "en", 100),
])
def test_play_card_trade_undo_and_end_turn_are_labelled_in_one_size_that_fits_each(size, language, text_scale):
    """The row under the letters: its four labels in one size (Karte was drawn large beside a shrunk Rückgängig)."""
    from game.ui.draw import button_label, smallest_size

    app = support.make_app(size, text_scale, language)
    try:
        table = support.make_table(app, ("human", "random", "random"))
        pc, lay = table.ensure_frame().panels["actions"]
        row = [b for b in lay.buttons if b.rect.top == lay.buttons[0].rect.top]
        assert len(row) == 4 and len({b.label_size for b in row}) == 1
        for b in row:
            design, room = button_label(b.rect, pc.scale)
            fits = assets.font("heading", b.label_size).size(b.label)[0] <= room
            assert fits or b.label_size == smallest_size(design)  # (the smallest readable: then cut)
        below = [b for b in lay.buttons if b.rect.top > row[0].rect.bottom and b.label != "?"][:2]  # speed, Menu
        assert len(below) == 2 and below[0].label_size is not None and len({b.label_size for b in below}) == 1
    finally:
        support.end_app(app)


@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_a_long_deciders_name_is_never_cut_on_the_bar(language, monkeypatch):
    """At 960x600 and 200 %, while "Bartholomew Fitzwilliam-Smythe" decides, the bar's line read "Bartholomew
    Fitzwilliam-Smyt…": a name too long for the line is told by its first word there (the estate's prompt names it
    whole), never cut short."""
    from tests.game import fit_matrix
    from tests.game import test_table_support as support

    monkeypatch.setattr(support, "NAMES", ["Anne", "Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery",
                                           "Walter", "Frances"])
    case = fit_matrix.Case("table-between-turns", (960, 600), 200, language)
    with fit_matrix.opened(case) as app:
        state = app.stack.top.session.state
        assert state.names[state.decider] == "Bartholomew Fitzwilliam-Smythe"
        assert [p for p in fit_matrix.measure(app, case).problems if "Bartholomew" in p] == []
