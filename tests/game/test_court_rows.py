"""The court's rows on the board panel: every player's money and counts behind the screen (R-TURN-5) stay in
view at every text size in the smallest window."""

from __future__ import annotations

import pytest

from game.table import board
from game.ui.draw import fits
from tests.game import fit_matrix

#: a busy row: two-digit money, a hand of tiles, cards and bribes
BUSY = (18, 9, 2, 5)


@pytest.mark.parametrize("text_scale", [100, 150])
@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_every_court_row_keeps_all_four_counts_in_the_smallest_window(language, text_scale, monkeypatch):
    """At 960x600 a row's money and counts are words under the name while they all fit, else pictures (beside
    the name where large text leaves one line: the names then give way, one size for all, before any count is
    left out)."""
    real_rows, real_counts, real_parts = board._court_rows, board._draw_counts, board.fit_parts
    shown: list[int] = []
    monkeypatch.setattr(board, "_court_rows", lambda pc, lay: [row._replace(counts=BUSY)
                                                               for row in real_rows(pc, lay)])

    def pictures(surface, room, labels, layout):
        shown.append(4 if layout.whole else 0)
        real_counts(surface, room, labels, layout)

    def words(parts, role, size, width, colour):
        shown.append(sum(fits(" · ".join(parts[:k]), role, size, width) for k in range(1, 5)))
        return real_parts(parts, role, size, width, colour)

    monkeypatch.setattr(board, "_draw_counts", pictures)
    monkeypatch.setattr(board, "fit_parts", words)
    case = fit_matrix.Case("table-turn", (960, 600), text_scale, language)
    with fit_matrix.opened(case) as app:
        shown.clear()
        fit_matrix.measure(app, case)
        assert len(shown) == app.stack.top.session.state.n
        assert set(shown) == {4}


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_at_the_largest_text_every_court_row_stays_on_the_board(language, size):
    """At 200% (the command line's largest text) a court row keeps a name's line inside the board panel: the
    follies' VP line gives way, then the building rows' second line (what one pays: in their tooltips)."""
    case = fit_matrix.Case("table-turn", size, 200, language)
    with fit_matrix.opened(case) as app:
        pc, lay = app.stack.top.ensure_frame().panels["board"]
        least = board._least_court_row(pc.scale) - round(2 * pc.scale)
        assert len(lay.court) == app.stack.top.session.state.n
        assert all(pc.rect.contains(row) and row.height >= least for _seat, row in lay.court)
