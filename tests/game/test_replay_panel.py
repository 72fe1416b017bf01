"""The replay's panel: its line of words stays clear of the focus ring around the step buttons under it."""

from __future__ import annotations

import pygame
import pytest

from game.ui import focus, layout
from tests.game import test_table_support as support
from tests.game.gallery import GALLERY


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
