"""The tooltips of the buttons (pygame-gui's): as wide as their words (folded within a sensible width where they
are long), and placed where they cover neither the control the keys are on nor the one under the pointer."""

from __future__ import annotations

import pygame
import pytest

from game import scenes
from game.scenes import title as title_scene
from game.ui import theme, tooltips
from tests.game import test_table_support as support
from tests.game.recording import Recording

DELAY_FRAMES = 60  # a second of frames: past the tooltips' delay


def _hover(app, button):
    pygame.mouse.set_pos(button.rect.center)  # where pygame-gui looks for the pointer
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(1, 1), buttons=(0, 0, 0)))
    support.frames(app, DELAY_FRAMES)
    assert button.tool_tip is not None, "no tooltip opened"
    return button.tool_tip


def _words_width(tip) -> int:
    """The widest line of a tooltip's words."""
    return max(row.width for row in tip.text_block.text_box_layout.layout_rows)


@pytest.fixture
def title(monkeypatch):
    monkeypatch.setattr(title_scene, "_can_continue", lambda: True)  # a game waits: the keys start on Continue
    app = support.make_app((1280, 720), 100, "de")
    scene = app.stack.push(scenes.create("title", app.ctx))
    support.frames(app, 2)
    yield app, scene, dict(scene.buttons)
    support.end_app(app)


def test_a_short_tooltip_is_as_wide_as_its_words_and_a_long_one_folds(title):
    """"Die Regelübersicht (F1)." sat in a box about twice its width."""
    app, _scene, buttons = title
    short = _hover(app, buttons["load"])
    margin = short.rect.width - short.text_block.text_box_layout.layout_rect.width  # padding, border, shadow
    assert short.rect.width <= _words_width(short) + margin + 4
    long = _hover(app, buttons["tutorial"])
    widest = int(theme.theme_dict(app.ctx.window_size)["tool_tip"]["misc"]["rect_width"])
    assert long.rect.width <= widest and len(long.text_block.text_box_layout.layout_rows) >= 2


def test_a_tooltip_covers_neither_the_focused_control_nor_the_pointed_one(title):
    """At start-up the pointer rests on Tutorial, and its tooltip covered Continue, where the keys start."""
    app, scene, buttons = title
    focused = scene.focused()
    assert focused is not None and focused.key == "continue" and app.ctx.input.keys
    for key in ("tutorial", "new", "load"):
        tip = _hover(app, buttons[key])
        assert not tip.rect.colliderect(focused.rect.inflate(8, 8)), key
        assert not tip.rect.colliderect(buttons[key].rect), key
        assert pygame.Rect((0, 0), app.ctx.window_size).contains(tip.rect)



@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize(("size", "text_scale"), [((960, 600), 200), ((1280, 720), 100), ((1920, 1080), 150)])
def test_the_pointers_tooltip_on_the_title_covers_no_other_button(monkeypatch, language, size, text_scale):
    """The pointer over Tutorial opened its tooltip over New game (under it lay Continue, where the keys were, and
    beside it the tooltip touched Continue's ring): it goes beside the column now, clear of every other button and
    of the focus ring, and next to its own button (at 960x600 and 200 % Load's slid on over the heading, past the
    buttons above it: it folds to the room beside the column now)."""
    from game.ui import focus, layout

    monkeypatch.setattr(title_scene, "_can_continue", lambda: True)
    app = support.make_app(size, text_scale, language)
    try:
        scene = app.stack.push(scenes.create("title", app.ctx))
        support.frames(app, 2)
        focused = scene.focused()
        assert focused is not None and focused.key == "continue" and app.ctx.input.keys
        reach = focus.ring_reach(layout.scale_for(app.ctx.window_size))
        window = pygame.Rect((0, 0), app.ctx.window_size)
        for key, button in scene.buttons:
            tip = _hover(app, button)
            covered = [k for k, other in scene.buttons if k != key and tip.rect.colliderect(other.rect)]
            assert covered == [], (key, covered, tip.rect)
            assert window.contains(tip.rect), key
            if key != "continue":
                assert not tip.rect.colliderect(focused.rect.inflate(2 * reach, 2 * reach)), key
            near = 2 * (reach + tooltips.GAP + 1)
            assert tip.rect.inflate(near, near).colliderect(button.rect), (key, tip.rect, button.rect)
            tip.kill()
    finally:
        support.end_app(app)


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize(("size", "text_scale"), [((960, 600), 200), ((1920, 1080), 100)])
def test_the_keys_tooltip_is_as_wide_as_the_pointers_and_clear_of_the_focus(monkeypatch, language, size, text_scale):
    """At 960x600 and 200 % the focused Tutorial's tooltip folded into a column about 185 px wide, five lines over
    Continue, Load, Rules and Settings, where the pointer's is about 460 px wide: the keys' tooltip folds at the
    pointer's width, clear of the focused control's ring, and of the other buttons where there is room."""
    from game.ui import focus, layout

    monkeypatch.setattr(title_scene, "_can_continue", lambda: True)
    app = support.make_app(size, text_scale, language)
    try:
        scene = app.stack.push(scenes.create("title", app.ctx))
        support.frames(app, 2)
        pointer = _hover(app, dict(scene.buttons)["tutorial"])
        pointer_width = pointer.rect.width
        pointer.kill()
        for _ in range(len(scene.controls())):  # the arrows up to Tutorial (the keys start on Continue)
            if scene.focused().key == "tutorial":
                break
            scene.ring.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""),
                              scene.controls(), shown=True, default=scene.default_control())
        app.ctx.input.pointer = False
        here = scene.focused()
        assert here is not None and here.key == "tutorial"
        scene.ring.rested = focus.TIP_DELAY + 1
        canvas = Recording(app.ctx.window_size)
        focus.draw_focus(canvas, scene, layout.scale_for(app.ctx.window_size))
        drawn = canvas.spots
        assert drawn, "no tooltip for the keys"
        card = drawn[-1]
        assert card.width >= pointer_width * 0.8, (card, pointer_width)
        assert pygame.Rect((0, 0), app.ctx.window_size).contains(card)
        assert not card.colliderect(here.rect.inflate(16, 16))  # the ring around it
        if size == (1920, 1080):  # room beside the buttons' column: clear of them all
            assert not any(card.colliderect(c.rect) for c in scene.controls()), card
    finally:
        support.end_app(app)


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize(("size", "text_scale"), [((960, 600), 200), ((1280, 720), 200), ((1920, 1080), 150)])
def test_the_keys_tooltip_on_the_title_covers_no_other_button(monkeypatch, language, size, text_scale):
    """At 960x600 and 200 % the focused Tutorial's tooltip lay over New game, the button above it (QA), and Rules'
    over Settings and About: the tooltip goes beside the column, folded to the room there where it must be, clear of
    the focus ring and within the window."""
    from game.ui import focus, layout

    monkeypatch.setattr(title_scene, "_can_continue", lambda: True)
    app = support.make_app(size, text_scale, language)
    try:
        scene = app.stack.push(scenes.create("title", app.ctx))
        support.frames(app, 2)
        app.ctx.input.pointer = False
        s = layout.scale_for(app.ctx.window_size)
        window = pygame.Rect((0, 0), app.ctx.window_size)
        for control in scene.controls():
            scene.ring.focus(control.key, scene.controls())
            scene.ring.chosen, scene.ring.rested = True, focus.TIP_DELAY + 1
            canvas = Recording(app.ctx.window_size)
            focus.draw_focus(canvas, scene, s)
            drawn = canvas.spots
            assert drawn, control.key
            card = drawn[-1]
            reach = focus.ring_reach(s)
            assert window.contains(card) and not card.colliderect(control.rect.inflate(2 * reach, 2 * reach))
            covered = [other.key for other in scene.controls() if other.key != control.key
                       and card.colliderect(other.rect)]
            assert covered == [], (control.key, covered)
            near = 2 * (reach + tooltips.GAP + 1)  # next to it, not slid on past others (folded to the room beside)
            assert card.inflate(near, near).colliderect(control.rect), (control.key, card, control.rect)
    finally:
        support.end_app(app)


def test_a_tooltip_over_another_control_is_not_said_to_lie_clear_beside_its_own():
    """place() said True for its last resort too, a spot clear of the widget and the focus but over another button,
    so the tooltip folded to the room beside a widget was kept there over a button: True only where it covers none."""
    from types import SimpleNamespace

    from game.ui import tooltips

    target = pygame.Rect(150, 130, 100, 30)
    around = [target.move(0, -40), target.move(0, 40), target.move(-110, 0), target.move(110, 0)]  # a cross
    window = pygame.Rect(40, 85, 320, 120)  # no room to go on past the buttons around it: only over one
    tip = SimpleNamespace(rect=pygame.Rect(0, 0, 120, 36))
    tip.set_position = lambda at: setattr(tip, "rect", pygame.Rect(at, tip.rect.size))
    assert tooltips.place(tip, target, target.left, window, [], 4, around) is False
    assert window.contains(tip.rect) and not tip.rect.colliderect(target)
    alone = SimpleNamespace(rect=pygame.Rect(0, 0, 120, 36))
    alone.set_position = lambda at: setattr(alone, "rect", pygame.Rect(at, alone.rect.size))
    assert tooltips.place(alone, target, target.left, window, [], 4, []) is True
