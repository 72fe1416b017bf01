"""Readable at every size (issue: every scene fits at 960x600, 1280x720 and 1920x1080, at 100, 125 and 150 % text,
in English, German and Italian, and at pixel ratio 2): each screen is drawn through the text probe
(tests/game/text_fit.py) and must show no text cut short, clipped, over another text or a widget, no glyph
its fonts lack, and no font under the floor (12 px at 1280x720 and 100 %, and at any size at 150 %).

By default each scene runs the hardest corner of the matrix - 960x600 at 150 % in Italian (the longest words
in the least room) - and each kind of screen also at pixel ratio 2; the whole matrix (3 sizes x 3 text sizes
x 3 languages) runs with ``-m slow``. ``tools/contact_sheet.py --screens`` draws the same cases onto sheets to
look at.
"""

from __future__ import annotations

import pytest

from tests.game import fit_matrix

SMALL = (960, 600)
#: the scenes also measured at pixel ratio 2 by default (every kind of screen: hand-drawn, widgets, a dialog)
AT_RATIO_2 = ["title", "setup", "settings", "rules", "table-turn", "table-build", "ball", "game-over", "confirm"]


def _problems(results) -> dict[str, list[str]]:
    found = {}
    for measured in results:
        problems = measured.problems + measured.floor_problems()
        if problems:
            found[measured.case.label] = problems
    return found


@pytest.mark.parametrize("scene", list(fit_matrix.SCENES))
def test_every_scene_fits_at_960x600_and_150_percent(scene):
    assert _problems(fit_matrix.run(scene, SMALL, text_scales=[150], languages=["it"])) == {}


@pytest.mark.parametrize("scene", AT_RATIO_2)
def test_every_kind_of_scene_fits_at_pixel_ratio_2(scene):
    assert _problems(fit_matrix.run(scene, SMALL, text_scales=[150], languages=["it"], ratio=2)) == {}


#: cases outside the default corner where the whole matrix found something (scene, size, text size, language):
#: the ball's "Prestige" heading under the markers at 1920x1080, the game over's colour key past two rows in
#: German, a miniature's knights count past its card in the replay
FOUND_BY_THE_MATRIX = [
    ("ball", (1920, 1080), 150, "en"),
    ("game-over", SMALL, 150, "de"),
    ("replay-all", SMALL, 150, "en"),
]


@pytest.mark.parametrize(("scene", "size", "text_scale", "language"), FOUND_BY_THE_MATRIX,
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
def test_cases_the_whole_matrix_found_fit(scene, size, text_scale, language):
    assert _problems(fit_matrix.run(scene, size, text_scales=[text_scale], languages=[language])) == {}


#: the command line's largest text size (``--text-scale 200``, beyond the 150 % of Settings), where playing found
#: the decade's last card under its Continue button, the ball's title seals over their notes, the setup's
#: "Players" over the first seat's row, the screen's "Scandal cards" past its panel, a chooser's title past its
#: card, a scoring's "no VP" over the noble's name, the coach's hint over the estate's Fit button and the review's
#: decades over its graph's legend, the About book's keys and page title past the window, and the fifth noble's
#: court row under the board, a long word past the chronicle, the ball's space numbers under the markers and the
#: replay's line of words over its buttons, the expand card's four kinds squeezed into one row, the ball's Hint
#: button over the decider's total (R-BALL-2), and the closed screen's notice with a long name past its panel
#: ("again." in English, "…lo riapre." in Italian)
AT_200_PERCENT = [
    ("decade", SMALL, "de"),
    ("ball", SMALL, "de"),
    ("ball-five", SMALL, "it"),
    ("setup", (1280, 720), "en"),
    ("table-turn", SMALL, "de"),
    ("table-card", SMALL, "de"),
    ("scoring-five", SMALL, "de"),
    ("message", SMALL, "de"),
    ("table-hint", SMALL, "it"),
    ("review", SMALL, "de"),
    ("about", SMALL, "de"),
    ("about", SMALL, "it"),
    ("replay-all", SMALL, "de"),
    ("table-inheritance", (1280, 720), "de"),
    ("ball", (1920, 1080), "de"),
    ("replay", (1280, 720), "en"),
    ("table-expand", (1280, 720), "de"),
    ("ball-hint", SMALL, "de"),
    ("table-between-turns-long-names", SMALL, "en"),
    ("table-between-turns-long-names", SMALL, "de"),
    ("table-between-turns-long-names", SMALL, "it"),
]


@pytest.mark.parametrize(("scene", "size", "language"), AT_200_PERCENT,
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
def test_cases_at_the_largest_text_size_fit(scene, size, language):
    assert _problems(fit_matrix.run(scene, size, text_scales=[200], languages=[language])) == {}


#: 200 % on a scaled screen (pixel ratio 2), where the game over's money row and the guide card's title were cut
AT_200_PERCENT_RATIO_2 = [("game-over", "de"), ("tutorial-explains", "de")]


@pytest.mark.parametrize(("scene", "language"), AT_200_PERCENT_RATIO_2)
def test_cases_at_the_largest_text_size_on_a_scaled_screen_fit(scene, language):
    assert _problems(fit_matrix.run(scene, SMALL, text_scales=[200], languages=[language], ratio=2)) == {}


@pytest.mark.slow
@pytest.mark.parametrize("size", fit_matrix.SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("scene", list(fit_matrix.SCENES))
def test_every_scene_fits_everywhere(scene, size):
    assert _problems(fit_matrix.run(scene, size)) == {}


@pytest.mark.parametrize("scene", ["ball", "ball-five"])
@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_a_title_seal_and_its_words_stay_on_the_noble_s_card(scene, language, monkeypatch):
    """At 200 % in the smallest window the seal's "+1 VP" ran over the foot of a card with five lines of prestige."""
    import pygame

    from game.scenes.ball import BallScene

    drawn: list[tuple[pygame.Rect, pygame.Rect]] = []
    real = BallScene._draw_title

    def recorded(self, surface, seat, area):
        class Recording(pygame.Surface):
            def blit(self, source, dest, *rest, **kwargs):
                ink = source.get_bounding_rect(min_alpha=128)  # the letters and the picture, not their margins
                drawn.append((area, ink.move(getattr(dest, "topleft", dest))))
                return super().blit(source, dest, *rest, **kwargs)

        canvas = Recording(surface.get_size(), pygame.SRCALPHA)
        real(self, canvas, seat, area)
        surface.blit(canvas, (0, 0))

    monkeypatch.setattr(BallScene, "_draw_title", recorded)
    with fit_matrix.opened(fit_matrix.Case(scene, SMALL, 200, language)) as app:
        app.stack.top.draw(pygame.Surface(app.window.get_size()))
    assert drawn, "no title drawn: the case tests nothing"
    for area, rect in drawn:
        assert rect.bottom <= area.bottom + 1 and rect.left >= area.left - 1, (area, rect)
