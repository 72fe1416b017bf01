"""Tooltips drawn by the scenes themselves (the table, the seating, the replay): after the pointer has rested a
moment, at the spot where it came to rest; they stay there while the pointer moves over the same thing, step aside
when the pointer moves under them, and wait again on the next thing."""

from __future__ import annotations

import pygame

from game.scenes import replay as replay_scene
from game.scenes import table as table_scene
from game.ui.draw import draw_tooltip
from game.ui.tip_rest import TOOLTIP_DELAY, TipRest
from tests.game import test_table_support as support
from tests.game.gallery import GALLERY

app = support.app  # the fixture

WAIT = round(TOOLTIP_DELAY * 60) + 3  # frames past the delay


def test_the_tip_waits_then_stays_where_the_pointer_came_to_rest():
    rest = TipRest()
    rest.over("castle")
    rest.tick(TOOLTIP_DELAY / 2)
    assert rest.spot((10, 10)) is None  # not yet
    rest.tick(TOOLTIP_DELAY)
    assert rest.spot((10, 10)) == (10, 10)
    rest.over("castle")
    assert rest.spot((40, 12)) == (10, 10)  # the same thing: the same spot
    rest.over("chapel")
    assert rest.spot((60, 12)) is None  # another thing: wait again
    rest.tick(TOOLTIP_DELAY)
    assert rest.spot((61, 12)) == (61, 12)
    rest.over(None)
    rest.tick(TOOLTIP_DELAY)
    assert rest.spot((62, 12)) is None  # nothing there


def test_the_card_keeps_off_the_pointer_wherever_it_moves(pygame_display):
    surface = pygame.Surface((800, 600))
    first = draw_tooltip(surface, "A castle: £6.", (300, 300), 1.0)
    assert first is not None and first.left > 300 and first.top > 300  # below and right, as before
    under = draw_tooltip(surface, "A castle: £6.", (300, 300), 1.0, pointer=first.center)
    assert under is not None and not under.collidepoint(first.center)
    assert draw_tooltip(surface, "A castle: £6.", (300, 300), 1.0, pointer=(301, 302)) == first  # a twitch


def _recorded(monkeypatch, module) -> list[tuple]:
    drawn: list[tuple] = []
    real = module.draw_tooltip

    def record(surface, tip, pos, s, avoid=(), pointer=None):
        rect = real(surface, tip, pos, s, avoid, pointer)
        drawn.append((pos, rect))
        return rect

    monkeypatch.setattr(module, "draw_tooltip", record)
    return drawn


def test_the_tables_tooltip_holds_still_while_the_pointer_moves_over_its_region(app, monkeypatch):
    drawn = _recorded(monkeypatch, table_scene)
    table = support.make_table(app, ("human", "random", "random"), seed=2)
    support.play_human_turns(app, table, support.at_turn_start)
    castle = table.find_hot("board:castle").rect
    support.move(app, castle.center)
    support.frames(app, 2)
    assert drawn == []  # not at once
    support.frames(app, WAIT)
    assert drawn and drawn[-1][0] == castle.center
    spot = drawn[-1][1]
    for dx in (-3, 2, 4):  # the pointer wanders inside the castle's cell
        support.move(app, (castle.centerx + dx, castle.centery + 1))
        support.frames(app, 1)
        assert drawn[-1] == (castle.center, spot)
    support.move(app, table.find_hot("action:bribe").rect.center)  # onto another thing: it waits again
    drawn.clear()
    support.frames(app, 2)
    assert drawn == []


def test_the_replays_tooltip_waits_for_the_pointer_to_rest(monkeypatch):
    drawn = _recorded(monkeypatch, replay_scene)
    app = support.make_app((1280, 720), 100, "en")
    try:
        scene = GALLERY["replay"](app)
        support.frames(app, 1)
        region = next(r for r in scene.ensure_frame().regions if r.tip and r.rect.width < 300)
        support.move(app, region.rect.center)
        support.frames(app, 2)
        assert drawn == []
        support.frames(app, WAIT)
        assert drawn and drawn[-1][0] == region.rect.center and drawn[-1][1] is not None
    finally:
        support.end_app(app)


def test_the_seatings_tooltip_waits_and_holds_still(app, monkeypatch):
    from game.scenes import setup as setup_scene

    drawn = _recorded(monkeypatch, setup_scene)
    setup = setup_scene.SetupScene(app.ctx)
    app.stack.push(setup)
    support.frames(app, 1)
    hard = setup.find_hot("setup:kind:1:hard").rect
    support.move(app, hard.center)
    support.frames(app, 2)
    assert drawn == []
    support.frames(app, WAIT)
    assert drawn and drawn[-1][0] == hard.center
    support.move(app, (hard.centerx + 3, hard.centery))
    support.frames(app, 1)
    assert drawn[-1][0] == hard.center
