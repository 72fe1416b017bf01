"""The miniatures: each other seat's estate drawn small under its name and VP, never over their letters."""

from __future__ import annotations

import pytest

from game.table.miniatures import _head_height
from game.ui import assets
from rules.model import TileType
from tests.game import test_table_support as support
from tests.game.recording import Recording


@pytest.mark.parametrize(("size", "text_scale"), [((960, 600), 200), ((960, 600), 100), ((1280, 720), 200),
                                                  ((1920, 1080), 150)])
def test_the_estate_on_a_miniature_stays_under_its_name_and_vp(size, text_scale):
    app = support.make_app(size, text_scale)
    try:
        table = support.make_table(app, ("human", "random", "random", "random"))
        for seat in (1, 2, 3):  # estates three rows tall, as they are within a few turns: they fill the card
            support.grant_regions(table.session.state, seat, TileType.FIELD, 1, at=(0, 1))
        support.play_human_turns(app, table, support.at_turn_start)
        pc, lay = table.ensure_frame().panels["miniatures"]
        s = pc.scale
        name_foot = round(6 * s) + assets.font("heading", round(14 * s)).get_height()
        vp_foot = round(4 * s) + assets.font("heading", round(15 * s)).get_height()
        assert _head_height(s) >= max(name_foot, vp_foot)
        for card in lay.cards:
            estate = pc.view.state.players[card.seat].estate
            tops = [card.geo.cell_rect(cell).top for cell in estate.tiles]
            assert min(tops) >= card.rect.top + max(name_foot, vp_foot), (card.seat, min(tops), card.rect)
    finally:
        support.end_app(app)


@pytest.mark.parametrize(("size", "text_scale", "language"), [((960, 600), 200, "de"), ((960, 600), 100, "en"),
                                                              ((1280, 720), 150, "it")])
def test_the_miniatures_are_laid_out_alike(monkeypatch, size, text_scale, language):
    """Where one noble's name does not fit beside the VP, every card has its VP at the foot (Frances alone had
    hers there, four cards laid out two ways)."""
    from game.table import miniatures

    app = support.make_app(size, text_scale, language)
    try:
        table = support.make_table(app, ("human", "random", "random", "random", "random"))
        pc, lay = table.ensure_frame().panels["miniatures"]
        placed = []
        real = miniatures._draw_marks
        def recorded(surface, vp, queen, corner, s, edge):
            placed.append(edge)
            return real(surface, vp, queen, corner, s, edge)

        monkeypatch.setattr(miniatures, "_draw_marks", recorded)
        miniatures.draw_miniatures(app.window, pc, lay)
        assert len(placed) == len(lay.cards) == 4 and len(set(placed)) == 1, placed
        if size == (960, 600) and text_scale == 200:
            assert placed[0] == "bottom"  # (the case that had the cards two ways)
    finally:
        support.end_app(app)


#: the longest names the QA gave, and numbered ones
QA_NAMES = ["Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery", "Normal 3", "Normal 4", "Normal 5"]


@pytest.mark.parametrize(("size", "text_scale"), [((960, 600), 200), ((960, 600), 150), ((1280, 720), 200)])
@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_a_long_name_on_a_miniature_is_folded_never_cut(monkeypatch, language, size, text_scale):
    """The five-player replay seen by all seats at 960x600, 200 %: "Elisabetta Montgomery" was cut to "Elisabetta
    Mont…" on her miniature (QA). A name too long for one line even at the smallest size folds at its spaces; the
    estate stays under its lines."""

    from game.table import miniatures
    from game.ui.draw import fits
    from tests.game import fit_matrix, test_ball_scene

    monkeypatch.setattr(test_ball_scene, "NAMES", QA_NAMES)
    with fit_matrix.opened(fit_matrix.Case("replay-all", size, text_scale, language)) as app:
        pc, lay = app.stack.top.ensure_frame().panels["miniatures"]
        texts: dict[int, str] = {}
        real = miniatures.fit_text

        def recorded(content, role, size, width, *rest):
            assert fits(content, role, size, width), content  # whole, never cut with "…"
            img = real(content, role, size, width, *rest)
            texts[id(img)] = content
            return img

        monkeypatch.setattr(miniatures, "fit_text", recorded)
        canvas = Recording(app.window.get_size())
        miniatures.draw_miniatures(canvas, pc, lay)
        placed = [(texts[id(source)], spot) for source, spot in canvas.blits if id(source) in texts]
        assert len(lay.cards) == 4
        for card in lay.cards:
            name = pc.names[card.seat]
            lines = [(words.split(" · ")[0], rect) for words, rect in placed  # (with its title, where both fit)
                     if card.rect.contains(rect) and (words in name or words.startswith(f"{name} · "))]
            assert "".join(words for words, _rect in lines).replace(" ", "") == name.replace(" ", ""), (name, lines)
            foot = max(rect.bottom for _words, rect in lines)
            tops = [card.geo.cell_rect(cell).top for cell in pc.view.state.players[card.seat].estate.tiles]
            assert min(tops) >= foot - round(2 * pc.scale), (name, min(tops), foot)  # (the letters' box, not ink)
