"""The court's rows on the board panel: every player's money and counts behind the screen (R-TURN-5) stay in
view at the largest text in the smallest window."""

from __future__ import annotations

import pytest

from game.table import board
from tests.game import fit_matrix

#: a busy row: two-digit money, a hand of tiles, cards and bribes
WIDE_LABELS = ["£18", "9", "2", "5"]


@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_every_court_row_keeps_all_four_counts_where_they_fold_beside_the_name(language, monkeypatch):
    """At 960x600 and 150 % a row has room for one line: the money and the counts fold beside the name as
    pictures. The names give way (one size for all of them) before any count is left out."""
    real_rows, real_counts = board._court_rows, board._draw_counts
    drawn: list[bool] = []
    monkeypatch.setattr(board, "_court_rows", lambda pc, lay: [row._replace(labels=WIDE_LABELS)
                                                               for row in real_rows(pc, lay)])

    def counts(surface, room, labels, layout):
        drawn.append(layout.whole)
        real_counts(surface, room, labels, layout)

    monkeypatch.setattr(board, "_draw_counts", counts)
    with fit_matrix.opened(fit_matrix.Case("table-turn", (960, 600), 150, language)) as app:
        fit_matrix.measure(app, fit_matrix.Case("table-turn", (960, 600), 150, language))
        assert drawn, "the rows fold at this size"
        assert all(drawn)
