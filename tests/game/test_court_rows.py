"""The court's rows on the board panel: every player's money and counts behind the screen (R-TURN-5) stay in
view at every text size in the smallest window."""

from __future__ import annotations

import pytest

from game.table import court
from game.ui.draw import fits
from tests.game import fit_matrix

#: a busy row: two-digit money, a hand of tiles, cards and bribes
BUSY = (18, 9, 2, 5)
#: a busier one, as at the end of a game: two-digit money and tiles
BUSIER = (18, 12, 2, 6)


@pytest.mark.parametrize("text_scale", [100, 150])
@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_every_court_row_keeps_all_four_counts_in_the_smallest_window(language, text_scale, monkeypatch):
    """At 960x600 a row's money and counts are words under the name while they all fit, else pictures (beside
    the name where large text leaves one line: the names then give way, one size for all, before any count is
    left out)."""
    real_rows, real_counts, real_parts = court.court_rows, court.draw_counts, court.fit_parts
    shown: list[int] = []
    monkeypatch.setattr(court, "court_rows", lambda pc, lay: [row._replace(counts=BUSY)
                                                               for row in real_rows(pc, lay)])

    def pictures(surface, room, labels, layout):
        shown.append(4 if layout.whole else 0)
        real_counts(surface, room, labels, layout)

    def words(parts, role, size, width, colour):
        shown.append(sum(fits(" · ".join(parts[:k]), role, size, width) for k in range(1, 5)))
        return real_parts(parts, role, size, width, colour)

    monkeypatch.setattr(court, "draw_counts", pictures)
    monkeypatch.setattr(court, "fit_parts", words)
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
        least = court.least_row(pc.scale) - round(2 * pc.scale)
        assert len(lay.court) == app.stack.top.session.state.n
        assert all(pc.rect.contains(row) and row.height >= least for _seat, row in lay.court)


def _five_numbered_nobles(app):
    """Five nobles named as the computer players are by default ("Normal 1" ...), one of them holding the Queen,
    their VP in two digits: the longest court rows."""
    from game.scenes.table import TableScene
    from game.session import GameSession, SeatSpec
    from tests.game import test_table_support as support

    kinds = ("human", "greedy", "greedy", "greedy", "greedy")
    session = GameSession([SeatSpec(f"Normal {i + 1}", kind, support.COLOURS[i], support.CRESTS[i])
                           for i, kind in enumerate(kinds)], 4)
    table = app.stack.push(TableScene(app.ctx, session))
    table.interludes = False
    support.play_human_turns(app, table, support.at_turn_start)
    for player in session.state.players:
        player.vp = 44
    session.version += 1
    support.frames(app, 2)
    return table


@pytest.mark.parametrize("text_scale", [150, 200])
@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_every_court_row_of_five_long_names_shows_every_count(language, text_scale, monkeypatch):
    """At 960x600 and 150 % the rows beside the Queen, or with two-digit counts, left their cards and bribes out
    (QA: Normal 4 "8 £ 11"): a row whose counts do not fit beside the name takes a second line for them."""
    real_rows, real_counts = court.court_rows, court.draw_counts
    shown: list[bool] = []
    monkeypatch.setattr(court, "court_rows", lambda pc, lay: [row._replace(counts=BUSIER)
                                                               for row in real_rows(pc, lay)])

    def pictures(surface, room, labels, layout):
        shown.append(layout.whole)
        real_counts(surface, room, labels, layout)

    monkeypatch.setattr(court, "draw_counts", pictures)
    monkeypatch.setitem(fit_matrix.SCENES, "court-five", _five_numbered_nobles)
    case = fit_matrix.Case("court-five", (960, 600), text_scale, language)
    with fit_matrix.opened(case) as app:
        state = app.stack.top.session.state
        assert state.queen is not None
        shown.clear()
        measured = fit_matrix.measure(app, case)
        assert len(shown) == state.n and all(shown)
        assert measured.problems == []


def _long_names(app):
    """The longest name the QA gave ("Bartholomew Fitzwilliam-Smythe") at the screen, in the court beside others."""
    from game.scenes.table import TableScene
    from game.session import GameSession, SeatSpec
    from tests.game import test_table_support as support

    names = ("Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery", "Normal 3", "Normal 4")
    session = GameSession([SeatSpec(name, "human" if i == 0 else "greedy", support.COLOURS[i], support.CRESTS[i])
                           for i, name in enumerate(names)], 4)
    table = app.stack.push(TableScene(app.ctx, session))
    table.interludes = False
    support.play_human_turns(app, table, support.at_turn_start)
    return table


@pytest.mark.parametrize(("size", "text_scale"), [((960, 600), 100), ((960, 600), 125), ((960, 600), 150),
                                                  ((960, 600), 200), ((1280, 720), 100)])
@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_a_long_name_is_never_cut_in_the_court_or_on_the_screen(language, size, text_scale, monkeypatch):
    """A long name in the court and on the player's screen panel was cut with "…" ("Bartholomew Fitzwilliam-…",
    "Bartholome…"): it takes two lines or a smaller size instead. At 960x600 and 100 % a court row's name over its
    counts in words was still cut ("Bartholomew Fitzwilliam-S…"): where a name does not fit its line, the court
    takes its two small lines, the name as wide as the row."""
    monkeypatch.setitem(fit_matrix.SCENES, "long-names", _long_names)
    case = fit_matrix.Case("long-names", size, text_scale, language)
    with fit_matrix.opened(case) as app:
        measured = fit_matrix.measure(app, case)
        assert [p for p in measured.problems if "Bartholomew" in p or "Elisabetta" in p] == []
