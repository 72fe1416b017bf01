"""The modal chooser's card: its options' buttons in columns and rows that keep every option and every label
whole, small print under a label where the button has room for both."""

from __future__ import annotations

import attrs

from game.table import chooser
from game.ui.draw import fits
from tests.game import fit_matrix


def test_eight_options_with_small_print_keep_their_labels_whole_in_a_small_window():
    """Land with seven bribes at 960x600, 150 %, German: eight long labels each with small print. A third column
    would cut every label; the buttons are lowered instead and leave the small print out (the prompt says it)."""
    with fit_matrix.opened(fit_matrix.Case("table-land", (960, 600), 150, "de")) as app:
        table = app.stack.top
        frame = table.ensure_frame()
        land = table.parts.chooser.current()
        s = frame.rects.scale
        area = frame.rects.estate.union(frame.rects.miniatures).inflate(-round(12 * s), -round(12 * s))
        option = land.options[0]
        land.options = [attrs.evolve(option, label=f"{n} Bestechungsmarker abgeben", sub=f"du ziehst {n + 3} Plättchen")
                        for n in range(8)]
        lay = chooser.layout_chooser(land, area, s)
        assert len(lay.buttons) == 8
        for rect, shown in lay.buttons:
            assert fits(shown.label, "heading", round(17 * s), rect.width - round(8 * s) - round(28 * s)), shown.label
