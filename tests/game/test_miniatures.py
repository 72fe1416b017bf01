"""The miniatures: each other seat's estate drawn small under its name and VP, never over their letters."""

from __future__ import annotations

import pytest

from game.table.miniatures import _head_height
from game.ui import assets
from rules.model import TileType
from tests.game import test_table_support as support


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
