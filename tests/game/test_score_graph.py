"""The review's graph of every player's VP over the game."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.ui import assets, score_graph


@pytest.mark.parametrize("text_scale", [1.0, 1.5, 2.0])
def test_the_scales_numbers_are_one_size(pygame_display, text_scale):
    """At 960x600 and 200 % (de) the scale's "100" was drawn much smaller than "50" and "0": the numbers share
    one size, the axis as wide as the widest."""
    curve = [(0, (0, 0, 0)), (40, (30, 60, 20)), (80, (70, 104, 50))]
    styles = [SimpleNamespace(name=name, colour=colour, crest=crest) for name, colour, crest in
              (("Anne", "#D55E00", "lion"), ("Bob", "#0072B2", "rose"), ("Cy", "#009E73", "stag"))]
    drawn: list[tuple[str, int]] = []
    real = score_graph.number

    def number(value):
        words = real(value)
        drawn.append(words)
        return words

    heights: dict[str, int] = {}

    class Recording(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            spot = super().blit(source, dest, *args, **kwargs)
            if drawn and drawn[-1] not in heights and getattr(source, "get_height", None):
                heights[drawn[-1]] = source.get_height()
            return spot

    assets.set_text_scale(text_scale)
    try:
        score_graph.number = number
        score_graph.draw_score_graph(Recording((600, 300)), pygame.Rect(10, 10, 360, 200), curve, [0, 40, 80],
                                     styles, 0, [], 0.62)
    finally:
        score_graph.number = real
        assets.set_text_scale(1.0)
    assert {"0", "50", "100"} <= set(heights) and len(set(heights.values())) == 1, heights
