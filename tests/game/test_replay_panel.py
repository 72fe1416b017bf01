"""The replay's panel: its line of words stays clear of the focus ring around the step buttons under it."""

from __future__ import annotations

import pygame
import pytest

from game.ui import focus, layout
from tests.game import test_table_support as support
from tests.game.gallery import GALLERY
from tests.game.recording import Recording


@pytest.mark.parametrize(("size", "text_scale"), [((1280, 720), 100), ((960, 600), 150), ((1920, 1080), 200)])
def test_the_focus_ring_on_a_step_button_leaves_the_line_of_words_whole(size, text_scale):
    """The ring on « Decade cut the descenders of "Replay · …" (QA, 1280x720)."""
    app = support.make_app(size, text_scale, "en")
    try:
        scene = GALLERY["replay"](app)
        _panel, head, steps, _lower = scene._controls()
        canvas = pygame.Surface(app.window.get_size(), pygame.SRCALPHA)
        focus.draw_ring(canvas, steps[0], layout.scale_for(size))
        ring = canvas.get_bounding_rect()
        assert ring.top >= head.bottom, (ring, head)
    finally:
        support.end_app(app)


@pytest.mark.parametrize("text_scale", [150, 200])
@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_whose_view_holds_a_long_name(text_scale, language, monkeypatch):
    """At 960x600 and 200 % "Bartholomew Fitzwilliam-Smythe" alone was wider than the whose-view button and cut:
    its first name then, the whole name in the tooltip."""
    from tests.game import fit_matrix, test_ball_scene

    monkeypatch.setattr(test_ball_scene, "NAMES", ["Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery",
                                                   "Normal 3", "Normal 4", "Normal 5"])
    case = fit_matrix.Case("replay", (960, 600), text_scale, language)
    with fit_matrix.opened(case) as app:
        assert [p for p in fit_matrix.measure(app, case).problems if "Barth" in p] == []


@pytest.mark.parametrize("text_scale", [150, 200])
@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_every_screens_row_holds_a_long_name(text_scale, language, monkeypatch):
    """Seen by all seats at 960x600, the rows of every player's screen cut "Bartholomew Fitzwilliam-Smythe" in a
    column of 124 design px: the names' column is as wide as the longest name needs."""
    from tests.game import fit_matrix, test_ball_scene

    monkeypatch.setattr(test_ball_scene, "NAMES", ["Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery",
                                                   "Normal 3", "Normal 4", "Normal 5"])
    case = fit_matrix.Case("replay-all", (960, 600), text_scale, language)
    with fit_matrix.opened(case) as app:
        measured = fit_matrix.measure(app, case)
        assert [p for p in measured.problems if "Bartholomew" in p] == []


@pytest.mark.parametrize(("size", "text_scale"), [((960, 600), 200), ((960, 600), 150), ((1280, 720), 200)])
@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_the_estates_heading_keeps_the_panels_margin(size, text_scale, language, monkeypatch):
    """Seen by "Bartholomew Fitzwilliam-Smythe" at 960x600, 200 %, the gold heading of his estate ran to the panel's
    edge and under it (QA), the decider's crest out of sight. The heading and the crest keep the panel's margin:
    the heading smaller, else in two lines broken at its spaces, every word whole."""
    from game.table import estate_panel
    from game.ui import widgets
    from tests.game import fit_matrix, test_ball_scene

    monkeypatch.setattr(test_ball_scene, "NAMES", ["Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery",
                                                   "Normal 3", "Normal 4", "Normal 5"])
    with fit_matrix.opened(fit_matrix.Case("replay", size, text_scale, language)) as app:
        pc, lay = app.stack.top.ensure_frame().panels["estate"]
        title = estate_panel.estate_title(pc.view, lay.scene)
        assert "Bartholomew" in title
        golds: dict[int, str] = {}
        real_gold = widgets.gold_text

        def gold(content, size, *rest):
            img = real_gold(content, size, *rest)
            golds[id(img)] = content
            return img

        crests: list[tuple[str, pygame.Rect]] = []
        monkeypatch.setattr(widgets, "gold_text", gold)
        monkeypatch.setattr(estate_panel, "draw_crest_badge", lambda surface, centre, d, style: crests.append(
            ("crest", pygame.Rect(centre[0] - d // 2, centre[1] - d // 2, d, d))))
        canvas = Recording(app.window.get_size())
        estate_panel.draw_estate_panel(canvas, pc, lay)
        drawn = [(golds[id(source)], spot) for source, spot in canvas.blits if id(source) in golds] + crests
        heading = [(words, rect) for words, rect in drawn if words == "crest" or words in title]
        lines = "".join(words for words, _rect in heading if words != "crest")
        assert lines.replace(" ", "") == title.replace(" ", ""), heading  # whole, no word split
        assert any(words == "crest" for words, _rect in heading)
        margin = round(6 * pc.scale)
        for words, rect in heading:
            assert lay.band.left + margin <= rect.left and rect.right <= lay.band.right - margin, (words, rect,
                                                                                                 lay.band)
            assert lay.band.contains(rect), (words, rect, lay.band)
