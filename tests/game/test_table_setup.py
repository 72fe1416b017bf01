"""The new-game setup: seats, kinds, colours and crests by mouse, names by typing; Start opens the table."""

from __future__ import annotations

import pygame

from game import scenes
from game.scenes.curtain import CurtainScene
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from tests.game import test_table_support as support

app = support.app  # the fixture


def test_setup_by_mouse_and_keyboard_then_table(app):
    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    support.frames(app, 1)
    support.click_at(app, setup.find_hot("setup:count:5").rect.center)
    support.click_at(app, setup.find_hot("setup:kind:1:hard").rect.center)
    support.click_at(app, setup.find_hot("setup:kind:4:easy").rect.center)
    before = setup.seats[2]["colour"], setup.seats[2]["crest"]
    support.click_at(app, setup.find_hot("setup:colour:2").rect.center)
    support.click_at(app, setup.find_hot("setup:crest:2").rect.center)
    assert (setup.seats[2]["colour"], setup.seats[2]["crest"]) != before
    support.click_at(app, setup.find_hot("setup:name:0").rect.center)
    for _ in range(10):
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Elizabeth"))
    support.click_at(app, setup.find_hot("setup:seed").rect.center)
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="12x3"))
    support.click_at(app, setup.find_hot("setup:first").rect.center)
    specs = setup.seat_specs()
    assert [s.kind for s in specs] == ["human", "hard", "normal", "normal", "easy"]
    assert specs[0].name == "Elizabeth" and setup.seed() == 123 and setup.first_game
    assert len({s.colour for s in specs}) == 5 and len({s.crest for s in specs}) == 5
    support.click_at(app, setup.find_hot("setup:start").rect.center)
    table = app.stack.find(TableScene)
    assert table is not None and table.session.state.seed == 123 and table.session.state.first_game
    assert app.ctx.settings.last_setup["seats"][0]["name"] == "Elizabeth"
    # the next setup starts from the last one
    again = SetupScene(app.ctx)
    assert again.count == 5 and again.seats[1]["kind"] == "hard" and again.first_game


def test_new_game_hook_and_curtain_for_two_humans(app):
    scene = scenes.create("new_game", app.ctx)
    assert isinstance(scene, SetupScene)
    app.stack.push(scene)
    scene.set_kind(1, "human")
    scene.start()
    support.frames(app, 2)
    assert isinstance(app.stack.top, CurtainScene)


def test_setup_regions_come_from_the_layout_before_any_drawing(app, monkeypatch):
    def no_drawing(*_args):
        raise AssertionError("the setup's regions must not need a drawing")

    setup = SetupScene(app.ctx)
    monkeypatch.setattr(SetupScene, "draw", no_drawing)
    for size in ((960, 600), (1280, 720), (1920, 1080)):
        app.ctx.window_size = size
        window = pygame.Rect((0, 0), size)
        setup.set_count(5)
        hots = setup.hots
        assert len({h.key for h in hots}) == len(hots) == 3 + 1 + 1 + 5 * 7 + 2
        for h in hots:
            assert window.contains(h.rect), (size, h.key, h.rect)
        for i, a in enumerate(hots):  # no two regions overlap, so a click has one meaning
            for b in hots[i + 1:]:
                assert not a.rect.colliderect(b.rect), (size, a.key, b.key)
    setup.find_hot("setup:count:3").on_click()
    assert setup.count == 3 and setup.find_hot("setup:kind:3:easy") is None
