"""The table's per-panel picture caches: a cached frame is pixel for pixel the frame drawn afresh."""

from __future__ import annotations

import pygame

from tests.game import test_table_support as support
from tests.game.test_table_support import at_turn_start, click, frames, make_table, move, play_human_turns

app = support.app  # the fixture


def _frame(app, table, fresh: bool) -> bytes:
    table.painter.nocache = fresh
    table.parts.pointer.hover_time = 0.0  # no tooltip in either frame
    frames(app, 1)
    table.painter.nocache = False
    return pygame.image.tobytes(app.window, "RGB")


def _assert_cache_exact(app, table, where: str) -> None:
    frames(app, 1)  # let the caches catch up with the hover
    cached = _frame(app, table, fresh=False)
    fresh = _frame(app, table, fresh=True)
    assert cached == fresh, f"the cached table differs from a fresh drawing ({where})"


def test_cached_frames_equal_fresh_frames_while_hovering_and_acting(app):
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    table.ensure_frame()
    keys = ["action:expand", "action:end", "action:menu", "screen:money", "mini:1", "log", "estate:fit"]
    keys += [h.key for h in table.hots if h.key.startswith(("screen:tile:", "screen:card:", "board:", "cell:"))][:12]
    for key in keys:
        hot = table.find_hot(key)
        if hot is None:
            continue
        move(app, hot.rect.center)
        _assert_cache_exact(app, table, f"mouse over {key}")
    move(app, (2, 2))
    _assert_cache_exact(app, table, "mouse over nothing")
    click(app, table, "action:expand")  # a chooser over the table, then an armed tile
    _assert_cache_exact(app, table, "expand chooser")
    table.parts.estate.camera.pan(30, 10)
    _assert_cache_exact(app, table, "camera panned")
    click(app, table, "mini:1")
    _assert_cache_exact(app, table, "another estate shown large")


def test_a_cached_panel_redraws_when_the_model_changes(app):
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    before = dict(table.painter.pictures)
    table.session.apply(next(a for a in table.session.legal() if type(a).__name__ == "Leisure"))
    frames(app, 1)
    assert all(table.painter.pictures[name].pixels is not before[name].pixels for name in ("screen", "log", "actions"))
    _assert_cache_exact(app, table, "after an action")
