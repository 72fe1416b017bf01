"""A refusal is explained where it happens: at the pointer, in the engine's words (rules.why_not,
rules.build_refusal, the session's reason for Undo); dialogs show their sums."""

from __future__ import annotations

import math

from game.session import GameSession
from game.ui.refusal_words import refusal_words
from rules import actions as A
from rules.model import Decision, TileType
from tests.game import test_table_support as support
from tests.game.test_table_support import at_turn_start, drag, make_table, play_human_turns

app = support.app  # the fixture


def _start(app, seed=3):
    table = make_table(app, ("human", "random", "random"), seed)
    play_human_turns(app, table, at_turn_start)
    return table


def _near(a, b, reach=80) -> bool:
    return math.dist(a, b) < reach


def _said_at(table, pos, words: str) -> bool:
    return table.toast.visible and words in table.toast.message and table.notice_at is not None and _near(
        table.notice_at, pos)


def test_a_tile_dropped_on_a_taken_cell_says_why_at_the_pointer(app):
    table = _start(app)
    s = table.session
    tile = next(t for t in TileType if s.state.players[0].tiles[t])
    target = table.frame.geo.cell_center((0, 0))  # the starting meadow: taken
    before = len(s.state.history)
    drag(app, table.find_hot(f"screen:tile:{tile.label}").rect.center, target)
    assert len(s.state.history) == before
    assert _said_at(table, target, "already has a tile")


def test_a_building_that_cannot_be_taken_says_why_when_dragged(app):
    table = _start(app)
    s = table.session
    s.state.players[0].money = 0
    s.version += 1
    row = table.find_hot("board:castle")
    assert row.drag is None and "You need £" in row.refused
    end = (row.rect.centerx + 40, row.rect.centery)
    drag(app, row.rect.center, end)
    assert table.parts.hand.dragging is None
    assert table.toast.visible and "You need £" in table.toast.message and table.notice_at is not None
    assert "You need £" in row.tip  # the tooltip says it too


def test_a_castle_dropped_next_to_a_castle_says_why(app):
    table = _start(app)
    s = table.session
    st = s.state
    st.players[0].money = 40
    for pos in ((1, 0), (5, 5)):  # a meadow next to the castle, and one far away where a castle may go
        st.players[0].estate.add_tile(pos, TileType.MEADOW)
        st.bag[TileType.MEADOW] -= 1
    s.version += 1
    table.parts.estate.camera.fit()
    cell = support.cell_pos(table, (1, 0))
    drag(app, table.find_hot("board:castle").rect.center, cell)
    assert (1, 0) not in st.players[0].estate.buildings
    assert _said_at(table, cell, "next to a castle"), (table.toast.message, table.notice_at, cell)


def test_undo_that_is_not_possible_says_why(app):
    table = _start(app)
    s = table.session
    assert not s.can_undo()
    hot = table.find_hot("action:undo")
    assert not hot.enabled and hot.tip == refusal_words(s.undo_refusal(), s.state.names)
    support.click_at(app, hot.rect.center)
    assert _said_at(table, hot.rect.center, hot.tip)
    tribute = next((a for a in s.legal() if isinstance(a, A.PlayCard)), None)
    if tribute is not None:
        table.do(tribute)
        assert "everyone has seen it" in s.undo_refusal().text(s.state.names)


def test_undo_in_a_game_loaded_says_moves_before_it_cannot_be_taken_back(app):
    table = _start(app)
    n = len(table.session.state.history)
    loaded = GameSession.from_dict(table.session.to_dict())
    try:
        assert len(loaded.state.history) == n and not loaded.can_undo()
        assert "since the game was opened" in loaded.undo_refusal().text(loaded.state.names)
        assert "since the game was opened" not in table.session.undo_refusal().text(table.session.state.names)
    finally:
        loaded.close()


def test_the_land_dialog_shows_its_sum(app):
    table = _start(app)
    s = table.session
    support.grant_regions(s.state, 0, TileType.GROVE, 1)
    s.version += 1
    support.click(app, table, "action:land")
    chooser = table.parts.chooser.current()
    assert chooser is not None and "4 groves + 2 for the forest = 6 tiles" in chooser.prompt
    assert s.state.step == Decision.TURN


def test_an_income_of_one_part_is_not_added_up_again():
    """"£5 for 5 fields", not "£5 for 5 fields = £5" (R-ACT-D1); the sum stays where there are parts to add, or
    where it says what the part is worth ("4 groves = 4 tiles")."""
    from game.i18n import money
    from game.table.choosers import LAND_WORDS, TAX_WORDS, _tiles, income_sum
    from rules import Income

    assert income_sum([(Income.FIELDS, 5, 5)], TAX_WORDS, money, money) == "£5 for 5 fields"
    two = income_sum([(Income.FIELDS, 4, 4), (Income.FREE_FARMS, 1, 2)], TAX_WORDS, money, money)
    assert two == "£4 for 4 fields + £2 for the farm = £6"
    assert income_sum([(Income.GROVES, 4, 4)], LAND_WORDS, _tiles) == "4 groves = 4 tiles"


def test_an_action_the_engine_refuses_is_told_in_the_language_spoken(app):
    from game import i18n
    from game.ui.refusal_words import refused_in_words

    table = _start(app)
    s = table.session
    tile = next(t for t in TileType if s.state.players[0].tiles[t])
    app.settings.language = "de"
    app.apply_language()
    try:
        wrong = A.PlaceTile(tile, (0, 0))  # the starting meadow's cell, and no tile is being placed now
        assert not table.do(wrong)
        said = table.toast.message
        assert said.startswith("Nicht erlaubt: ") and "illegal action" not in said
        assert said.endswith(refused_in_words(table.view, wrong, s.state.names))
    finally:
        i18n.set_language("en")
