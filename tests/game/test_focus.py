"""The keyboard's focus (game.ui.focus): where Tab, Shift+Tab and the arrows go, what Enter does, where the focus
goes when its control does, when the ring shows, and how it is drawn."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.ui import focus
from game.ui.focus import Focusable, FocusRing, InputMode, Move, neighbour
from game.ui.theme import ROYAL_BLUE
from tests.game.recording import Recording


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def grid(enabled=lambda name: True, acted=None):
    """Two rows of three buttons, a b c over d e f."""
    acted = acted if acted is not None else []
    names = "abcdef"
    return [Focusable(n, pygame.Rect(100 * (i % 3), 60 * (i // 3), 80, 40), lambda n=n: acted.append(n),
                      enabled=enabled(n)) for i, n in enumerate(names)]


def test_tab_goes_along_the_list_and_round_skipping_disabled_controls():
    controls = grid(enabled=lambda n: n != "c")
    assert neighbour(controls, "b", Move.NEXT).key == "d"
    assert neighbour(controls, "f", Move.NEXT).key == "a"
    assert neighbour(controls, "a", Move.PREVIOUS).key == "f"
    assert neighbour(controls, "gone", Move.NEXT).key == "a"  # from nowhere: the first


def test_the_arrows_go_to_the_nearest_control_that_way_and_stop_at_the_edge():
    controls = grid()
    assert neighbour(controls, "a", Move.RIGHT).key == "b"
    assert neighbour(controls, "b", Move.DOWN).key == "e"
    assert neighbour(controls, "f", Move.UP).key == "c"
    assert neighbour(controls, "e", Move.LEFT).key == "d"
    assert neighbour(controls, "c", Move.RIGHT) is None
    assert neighbour(controls, "a", Move.UP) is None


def test_an_arrow_prefers_the_control_in_the_same_row():
    here = Focusable("here", pygame.Rect(0, 0, 40, 40))
    row = Focusable("row", pygame.Rect(300, 10, 40, 40))  # far, but in line
    below = Focusable("below", pygame.Rect(120, 90, 40, 40))  # nearer, but a row lower
    assert neighbour([here, row, below], "here", Move.RIGHT).key == "row"


def test_enter_and_space_act_on_the_focused_control():
    acted = []
    ring, controls = FocusRing(), grid(acted=acted)
    assert ring.handle(key(pygame.K_TAB), controls)
    assert ring.handle(key(pygame.K_RIGHT), controls)
    assert ring.handle(key(pygame.K_RETURN), controls)
    assert ring.handle(key(pygame.K_SPACE), controls)
    assert acted == ["c", "c"]
    assert not ring.handle(key(pygame.K_a), controls)
    assert not ring.handle(key(pygame.K_RIGHT, pygame.KMOD_SHIFT), controls)  # the screen's own (a pan)
    assert not ring.handle(key(pygame.K_RETURN, pygame.KMOD_ALT), controls)  # fullscreen


def test_while_the_ring_is_hidden_a_move_only_shows_it():
    acted = []
    ring, controls = FocusRing(key="b"), grid(acted=acted)
    assert ring.handle(key(pygame.K_TAB), controls, shown=False)
    assert ring.key == "b"
    assert ring.handle(key(pygame.K_RETURN), controls, shown=False)  # a menu's Enter: the focused one
    assert not ring.handle(key(pygame.K_RETURN), controls, shown=False, enter_shown_only=True)  # the table's
    assert acted == ["b"]


def test_when_the_focused_control_goes_the_focus_goes_to_the_one_used_last_else_near_where_it_was():
    ring = FocusRing()
    controls = grid()
    ring.focus("b", controls)
    ring.use(ring.current(controls))
    ring.focus("f", controls)
    ring.current(controls)
    assert ring.current([c for c in controls if c.key != "f"]).key == "b"  # used last
    ring.focus("f", controls)
    ring.current(controls)
    assert ring.current([c for c in controls if c.key not in "bcf"]).key == "e"  # nearest where it was
    assert ring.current(grid(enabled=lambda n: n == "a")).key == "a"
    assert FocusRing().current([]) is None


def test_the_focus_tooltip_shows_only_where_the_players_keys_put_it(monkeypatch):
    """A control that greys out sends the focus on by itself (the table's End turn while the computers play): the
    ring goes there, but its tooltip waits until the player's keys move the focus or use it."""
    import game.ui.draw

    tips: list[str] = []
    monkeypatch.setattr(game.ui.draw, "tooltip_card", lambda text, *a: tips.append(text) or pygame.Surface((20, 10)))
    controls = [Focusable(c.key, c.rect, c.act, c.enabled, tip=lambda k=c.key: f"about {k}") for c in grid()]
    ring = FocusRing()
    shown = list(controls)
    scene = SimpleNamespace(ring=ring, ctx=SimpleNamespace(input=InputMode(keys=True, pointer=False)),
                            focused=lambda: ring.current(shown), controls=lambda: shown)

    def tip_after_a_rest() -> str | None:
        ring.rested = focus.TIP_DELAY + 1
        tips.clear()
        focus.draw_focus(pygame.Surface((400, 200)), scene, 1.0)
        return tips[0] if tips else None

    ring.handle(key(pygame.K_TAB), shown)
    assert tip_after_a_rest() == f"about {ring.key}"
    here = ring.key
    shown[:] = [Focusable(c.key, c.rect, c.act, c.key != here, c.tip) for c in controls]  # it greys out
    assert scene.focused().key != here  # the ring goes on by itself (a frame), and rests there: no tooltip
    assert tip_after_a_rest() is None
    ring.handle(key(pygame.K_RIGHT), shown)
    assert tip_after_a_rest() == f"about {ring.key}"


def test_the_default_comes_before_the_first():
    assert FocusRing().current(grid(), default="e").key == "e"


def test_a_text_field_takes_the_typing_while_it_has_the_focus():
    log = []
    field = Focusable("name", pygame.Rect(0, 0, 10, 10), on_focus=lambda: log.append("typing"),
                      on_blur=lambda: log.append("done"))
    other = Focusable("ok", pygame.Rect(20, 0, 10, 10))
    ring = FocusRing(key="ok")
    ring.focus("name", [field, other])
    ring.focus("ok", [field, other])
    assert log == ["typing", "done"]


def test_keys_show_the_ring_a_click_hides_it_and_the_pointer_sleeps_until_the_mouse_moves():
    mode = InputMode(keys=False)
    down = key(pygame.K_TAB)
    mode.heard(down)
    assert not mode.pointer and not mode.keys  # the key is handled with the ring as it was ...
    mode.pressed(down)
    assert mode.keys  # ... then it shows
    mode.heard(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    assert not mode.pointer  # a motion that did not move (a synthesized one) wakes nothing
    mode.heard(pygame.event.Event(pygame.MOUSEMOTION, pos=(6, 5), rel=(1, 0), buttons=(0, 0, 0)))
    assert mode.pointer and mode.keys
    mode.heard(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(6, 5), button=1))
    assert not mode.keys and mode.pointer


def test_the_ring_is_royal_blue_around_the_control_and_leaves_it_alone():
    surface = pygame.Surface((200, 120))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(60, 40, 80, 40)
    focus.draw_ring(surface, rect, 1.0)
    ring_pixels = [surface.get_at((x, rect.top - 5))[:3] for x in range(rect.left, rect.right)]
    assert all(p == tuple(ROYAL_BLUE)[:3] for p in ring_pixels)
    assert all(surface.get_at((x, y))[:3] == (0, 0, 0) for x in range(rect.left, rect.right, 7)
               for y in range(rect.top, rect.bottom, 7))


@pytest.fixture
def ui(pygame_display):
    from game.ui import theme

    return theme.create_manager((1280, 720))


def test_a_pygame_gui_button_is_pressed_through_its_scene(ui):
    from game.ui import widgets
    from game.ui.scene import AppContext, Scene, SceneStack

    class Screen(Scene):
        def __init__(self, ctx):
            super().__init__(ctx)
            self.got = []

        def handle_event(self, event):
            self.got.append(event)
            return True

    screen = Screen(AppContext(ui=ui, settings=None, stack=SceneStack(), quit=lambda code=0: None))
    button = widgets.button(ui, pygame.Rect(10, 10, 100, 40), "Go", tooltip="It goes")
    control = focus.button_control(screen, "go", button)
    assert control.tip == "It goes" and control.rect == button.rect and control.enabled
    control.act()
    import pygame_gui

    assert [(e.type, e.ui_element) for e in screen.got] == [(pygame_gui.UI_BUTTON_PRESSED, button)]
    button.disable()
    assert not focus.button_control(screen, "go", button).enabled


def test_a_text_entry_takes_the_typing_only_while_focused(ui):
    from pygame_gui.elements import UITextEntryLine

    entry = UITextEntryLine(pygame.Rect(10, 10, 200, 40), manager=ui)
    control = focus.entry_control("name", entry)
    control.on_focus()
    assert entry.is_focused
    control.on_blur()
    assert not entry.is_focused


def test_widgets_see_no_pointer_while_the_keys_are_used(ui):
    from game.ui import widgets

    button = widgets.button(ui, pygame.Rect(10, 10, 100, 40), "Go", tooltip="It goes")
    pygame.mouse.set_pos((50, 30))
    ui.mouse_position = (50, 30)
    assert ui.get_mouse_position() == (50, 30)
    ui.pointer_shown = False
    assert not button.rect.collidepoint(ui.get_mouse_position())


def test_a_new_set_of_controls_starts_at_its_first():
    """A chooser opened: its first option, not the one nearest the button that opened it."""
    ring = FocusRing()
    ring.focus("f", grid())
    ring.current(grid())
    chooser = [Focusable("first", pygame.Rect(0, 0, 10, 10)), Focusable("cancel", pygame.Rect(200, 60, 80, 40))]
    assert ring.current(chooser).key == "first"


@pytest.mark.parametrize("s", [0.85, 1.5, 2.0, 3.0])
def test_the_tooltips_keep_clear_of_the_focus_ring_however_large_it_is_drawn(s, pygame_display):
    """The tooltips kept 10 px (tooltips.RING) from the focused control whatever the scale, while its ring grows with
    the scale (focus.ring_reach): in a large window, or at a pixel ratio of 2, the tooltip under the focused
    control lay over the ring's edge. Both read the ring's reach now."""
    from game.ui import tooltips

    size = (int(600 * s), int(400 * s))
    button = pygame.Rect(0, 0, int(100 * s), int(30 * s))
    button.center = (size[0] // 2, size[1] // 3)
    controls = [Focusable("b", button, tip="A word about it.")]
    ring = FocusRing()
    scene = SimpleNamespace(ring=ring, ctx=SimpleNamespace(input=InputMode(keys=True, pointer=False)),
                            focused=lambda: ring.current(controls), controls=lambda: controls)
    ring.handle(key(pygame.K_TAB), controls)
    ring.rested = focus.TIP_DELAY + 1
    canvas = Recording(size)
    focus.draw_focus(canvas, scene, s)
    drawn = canvas.spots
    reach = focus.ring_reach(s)
    assert drawn and not drawn[-1].colliderect(button.inflate(2 * reach, 2 * reach)), (drawn[-1], reach)

    tip = SimpleNamespace(rect=pygame.Rect(0, 0, int(200 * s), int(24 * s)))
    tip.set_position = lambda at: setattr(tip, "rect", pygame.Rect(at, tip.rect.size))
    pointed = button.move(0, -button.height - reach)  # the pointer's widget just above the focused one
    tooltips.place(tip, pointed, pointed.left, pygame.Rect((0, 0), size), [button], reach)
    assert not tip.rect.colliderect(button.inflate(2 * reach, 2 * reach)), (tip.rect, reach)
