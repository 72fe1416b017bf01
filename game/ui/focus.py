"""Keyboard focus, one model for every screen (and for a game controller, which presses the same keys).

A screen lists its controls in Tab order (:meth:`game.ui.scene.Scene.controls`: :class:`Focusable` values, each
a key, a rectangle and what Enter does); its :class:`FocusRing` remembers which one has the focus. Tab and
Shift+Tab move along the list, the arrows to the nearest control in that direction, Enter or Space activate the
focused one (:meth:`FocusRing.handle`); Esc is each screen's own "back". The ring is drawn the same way on every
screen (:func:`draw_ring`: royal blue, ART.md's colour of focus) while the player steers by keys
(:class:`InputMode`); a mouse click hides it, the next key shows it again where it was.

pygame-gui's buttons take no keys of their own: a focused ``UIButton`` is pressed by handing its scene the event
a click would have sent (:func:`button_control`), so each screen keeps one place where its buttons act.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import pygame

from game.ui import assets, layout, tooltips
from game.ui.theme import PARCHMENT_LIGHT, ROYAL_BLUE

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.ui.scene import Scene

#: seconds the focus rests on a control before its tooltip shows
TIP_DELAY = 0.8
#: how many controls used the ring remembers, to go back to when the focused one goes away
REMEMBERED = 12


class Move(enum.Enum):
    """Where a key moves the focus."""

    NEXT = "next"
    PREVIOUS = "previous"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"


ARROWS = {pygame.K_LEFT: Move.LEFT, pygame.K_RIGHT: Move.RIGHT, pygame.K_UP: Move.UP, pygame.K_DOWN: Move.DOWN}
DIRECTIONS = {Move.LEFT: (-1, 0), Move.RIGHT: (1, 0), Move.UP: (0, -1), Move.DOWN: (0, 1)}
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def move_of(event: pygame.event.Event) -> Move | None:
    """The focus move a key press asks for: Tab, Shift+Tab or an arrow (with Shift, Ctrl or Alt an arrow is
    the screen's own, e.g. panning the estate)."""
    if event.type != pygame.KEYDOWN:
        return None
    mods = getattr(event, "mod", 0)
    if event.key == pygame.K_TAB and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return Move.PREVIOUS if mods & pygame.KMOD_SHIFT else Move.NEXT
    if event.key in ARROWS and not mods & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return ARROWS[event.key]
    return None


def activates(event: pygame.event.Event) -> bool:
    """Enter or Space (without Alt: Alt+Enter is fullscreen)."""
    return event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS and not getattr(event, "mod", 0) & \
        pygame.KMOD_ALT


@attrs.define(eq=False)
class Focusable:
    """A control the focus can rest on.

    ``act`` is what Enter or Space does (None: nothing, e.g. a text field, which takes the typing while it has
    the focus: ``on_focus`` and ``on_blur`` start and stop that). ``tip`` shows after the focus rested on it (a
    function that words it, if wording it takes time: it is read only then).
    """

    key: str
    rect: pygame.Rect
    act: Callable[[], Any] | None = None
    enabled: bool = True
    tip: str | Callable[[], str] = ""
    on_focus: Callable[[], Any] | None = None
    on_blur: Callable[[], Any] | None = None


def neighbour(controls: Sequence[Focusable], key: str | None, move: Move) -> Focusable | None:
    """The enabled control the focus goes to from the one named ``key`` by ``move`` (None: it stays).

    Tab order wraps around; an arrow goes to the nearest control whose centre lies that way: one in line with
    it (in the same row, or column) if there is one, else the nearest of the others.
    """
    usable = [c for c in controls if c.enabled]
    if not usable:
        return None
    here = next((c for c in usable if c.key == key), None)
    if here is None:
        return usable[0]
    if move in (Move.NEXT, Move.PREVIOUS):
        step = 1 if move == Move.NEXT else -1
        return usable[(usable.index(here) + step) % len(usable)]
    dx, dy = DIRECTIONS[move]
    best, best_cost = None, (True, 0.0)
    for c in usable:
        if c is here:
            continue
        along = (c.rect.centerx - here.rect.centerx) * dx + (c.rect.centery - here.rect.centery) * dy
        if along <= 0:
            continue
        if dx:
            across = abs(c.rect.centery - here.rect.centery)
            lined_up = c.rect.top < here.rect.bottom and here.rect.top < c.rect.bottom
        else:
            across = abs(c.rect.centerx - here.rect.centerx)
            lined_up = c.rect.left < here.rect.right and here.rect.left < c.rect.right
        cost = (not lined_up, along + across * (0.25 if lined_up else 2.0))
        if best is None or cost < best_cost:
            best, best_cost = c, cost
    return best


@attrs.define(eq=False)
class FocusRing:
    """Which control of a screen has the focus (by key), the controls last used by it, and where it was."""

    key: str | None = None
    used: list[str] = attrs.field(factory=list)  # the keys of the controls Enter used, the latest last
    at: pygame.Rect | None = None  # where the focused control was when last seen
    seen: frozenset[str] = frozenset()  # the keys of the controls last seen
    rested: float = 0.0  # seconds since the focus last moved
    # the player's keys put the focus where it is (its tooltip may show); not when it went by itself, e.g. from a
    # button that greyed out while the computers play
    chosen: bool = False
    pointed: str | None = None  # the control something drawn over the screen last pointed the focus to (follow)

    def current(self, controls: Sequence[Focusable], default: str | None = None) -> Focusable | None:
        """The focused control among ``controls``. When the focused one is gone (or disabled) the focus goes to
        the control used last that is there, else to ``default``, else - if some of the controls were there
        before (one of a row went) - to the one nearest where it was, else (a new set: a chooser opened) to the
        first."""
        usable = {c.key: c for c in controls if c.enabled}
        found = usable.get(self.key) if self.key is not None else None
        if found is None:
            back = next((usable[k] for k in [*reversed(self.used), default] if k in usable), None)
            nearby = self.seen.intersection(usable)
            found = back or (self._nearest(list(usable.values())) if nearby else next(iter(usable.values()), None))
            if found is not None:
                self.key, self.rested, self.chosen = found.key, 0.0, False
        if found is not None:
            self.at = pygame.Rect(found.rect)
        self.seen = frozenset(usable)
        return found

    def _nearest(self, usable: list[Focusable]) -> Focusable | None:
        if not usable or self.at is None:
            return usable[0] if usable else None
        x, y = self.at.center
        return min(usable, key=lambda c: (c.rect.centerx - x) ** 2 + (c.rect.centery - y) ** 2)

    def focus(self, key: str, controls: Sequence[Focusable] = ()) -> None:
        """Put the focus on the control named ``key`` (``controls``: the screen's, told of the change)."""
        if key == self.key:
            return
        old = next((c for c in controls if c.key == self.key), None)
        new = next((c for c in controls if c.key == key), None)
        self.key, self.rested, self.chosen = key, 0.0, False
        if old is not None and old.on_blur is not None:
            old.on_blur()
        if new is not None and new.on_focus is not None:
            new.on_focus()

    def follow(self, key: str | None, controls: Sequence[Focusable]) -> None:
        """What is drawn over the screen points the focus to the control ``key`` (e.g. the option a hint rings, so
        that Enter takes the move advised): the focus goes there each time it points to another one that is there
        and usable, and the player may move it on."""
        if key is not None and key != self.pointed and any(c.key == key and c.enabled for c in controls):
            self.focus(key, controls)
        self.pointed = key

    def use(self, control: Focusable) -> None:
        """Enter (or Space) on ``control``."""
        self.used = [k for k in self.used if k != control.key][-(REMEMBERED - 1):] + [control.key]
        self.rested, self.chosen = 0.0, True
        if control.act is not None:
            control.act()

    def move(self, controls: Sequence[Focusable], move: Move) -> Focusable | None:
        here = self.current(controls)
        there = neighbour(controls, here.key if here is not None else None, move)
        if there is not None:
            self.focus(there.key, controls)
            self.chosen = True
        return there

    def handle(self, event: pygame.event.Event, controls: Sequence[Focusable], *, shown: bool = True,
               default: str | None = None, enter_shown_only: bool = False) -> bool:
        """Tab, Shift+Tab, an arrow, Enter or Space for ``controls``; True if the key was used.

        While the ring is hidden (``shown`` False: the mouse was used last) a move only shows it where it is;
        with ``enter_shown_only`` Enter and Space are then left to the screen (the table's Enter ends the turn).
        """
        move = move_of(event)
        if move is not None:
            if not any(c.enabled for c in controls):
                return False
            self.current(controls, default)
            if shown:
                self.move(controls, move)
            self.rested, self.chosen = 0.0, True
            return True
        if activates(event) and (shown or not enter_shown_only):
            here = self.current(controls, default)
            if here is None:
                return False
            self.use(here)
            return True
        return False


@attrs.define
class InputMode:
    """How the player steers now: ``keys`` (the focus ring shows: from a key press or the controller until a
    mouse click) and ``pointer`` (the pointer's hover and tooltips show: until a key press, and again once the
    mouse moves)."""

    keys: bool = True
    pointer: bool = True

    def heard(self, event: pygame.event.Event) -> None:
        """Before ``event`` is handled (a key press shows the ring once it was handled: :meth:`pressed`)."""
        if event.type == pygame.KEYDOWN:
            self.pointer = False
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.keys, self.pointer = False, True
        elif event.type == pygame.MOUSEMOTION and any(getattr(event, "rel", (0, 0))):
            self.pointer = True

    def pressed(self, event: pygame.event.Event) -> None:
        """After ``event`` was handled."""
        if event.type == pygame.KEYDOWN:
            self.keys = True


# -- drawing ----------------------------------------------------------------------------------------------------
def ring_reach(s: float) -> int:
    """How far the focus ring reaches out of what it rings (what stands closer is partly covered by it)."""
    return max(2, round(3 * s)) + max(3, round(4 * s)) + 1


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    """The focus ring around ``rect`` (:func:`ring_reach` out of it): royal blue with a light edge, a little apart
    from what it rings (so it shows on a royal-blue button and on oxblood alike)."""
    width = max(3, round(4 * s))
    gap = max(2, round(3 * s))
    ring = pygame.Rect(rect).inflate(2 * (gap + width), 2 * (gap + width))
    radius = max(4, round(8 * s))
    pygame.draw.rect(surface, PARCHMENT_LIGHT, ring.inflate(2, 2), width=width + 2, border_radius=radius + 1)
    pygame.draw.rect(surface, ROYAL_BLUE, ring, width=width, border_radius=radius)


def draw_focus(surface: pygame.Surface, scene: Scene, s: float) -> None:
    """The scene's focus ring, and - once the focus rested where the player's keys put it (not while the pointer
    shows its own tooltips) - the focused control's tooltip."""
    here = scene.focused()
    if here is None:
        return
    draw_ring(surface, here.rect, s)
    if not scene.ring.chosen or scene.ring.rested < TIP_DELAY or scene.ctx.input.pointer:
        return
    tip = here.tip if isinstance(here.tip, str) else here.tip()
    if not tip:
        return
    # as wide as the pointer's tooltips, beside the control and clear of its neighbours where it can be (folded to
    # the room beside it where only that keeps it next to it, as the pointer's)
    window = surface.get_rect().inflate(-8, -8)
    reach = ring_reach(s)  # clear of the ring drawn around it
    ringed = here.rect.inflate(2 * reach, 2 * reach)
    others = [c.rect for c in scene.controls() if c.key != here.key]
    card = _card(tip, s, surface.get_width() - 8, assets.text_scale())
    rect, beside = _tip_spot(card.get_size(), ringed, window, others)
    side = tooltips.side_room(here.rect, window, reach)
    if not beside and tooltips.worth_folding(card.get_width(), side):
        narrow = _card(tip, s, side, assets.text_scale())
        spot, beside = _tip_spot(narrow.get_size(), ringed, window, others)
        if beside:
            card, rect = narrow, spot
    if rect is not None:
        surface.blit(card, rect)


@functools.lru_cache(maxsize=8)
def _card(tip: str, s: float, widest: int, _text_scale: float) -> pygame.Surface:
    """The keys' tooltip card (drawn every frame while it shows: made once; the text size is part of the key)."""
    from game.ui.draw import tooltip_card  # draw builds on the theme as this module does

    return tooltip_card(tip, s, widest)


def _tip_spot(size: tuple[int, int], ringed: pygame.Rect, window: pygame.Rect,
              others: list[pygame.Rect]) -> tuple[pygame.Rect | None, bool]:
    """Where the keys' tooltip of ``size`` goes for the control ``ringed`` (with its ring), and whether that is next
    to it and over none of the ``others``: clear of them (slid on past them where need be), else the spot beside it
    over the fewest."""
    x = max(window.left, min(ringed.left, window.right - size[0]))
    near = tooltips.spots(size, ringed, x)
    rect = tooltips.clear_spot(size, ringed, x, window, others)
    if rect is not None:
        return rect, rect in near
    return min((r for r in near if window.contains(r)), key=lambda r: sum(r.colliderect(o) for o in others),
               default=None), False


# -- pygame-gui widgets as controls -----------------------------------------------------------------------------
def press_button(scene: Scene, button: Any) -> None:
    """Press a pygame-gui button as a click would: its scene gets the event the click sends (and the click's
    sound plays)."""
    import pygame_gui

    from game.ui import sound

    sound.play(scene.ctx, "click")
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button, mouse_button=1,
                                          ui_object_id=getattr(button, "most_specific_combined_id", "")))


def button_control(scene: Scene, key: str, button: Any) -> Focusable:
    """A pygame-gui ``UIButton`` of ``scene`` as a control."""
    return Focusable(key, pygame.Rect(button.rect), lambda: press_button(scene, button), enabled=button.is_enabled,
                     tip=_plain(getattr(button, "tool_tip_text", None) or ""))


def entry_control(key: str, entry: Any) -> Focusable:
    """A pygame-gui text field as a control: it takes the typing while it has the focus."""
    manager = entry.ui_manager

    def type_in() -> None:
        manager.set_focus_set(entry)
        entry.edit_position = len(entry.get_text())  # typing goes on at the end
        entry.cursor_has_moved_recently = True

    def blur() -> None:
        manager.set_focus_set(None)
        entry.unfocus()

    return Focusable(key, pygame.Rect(entry.rect), on_focus=type_in, on_blur=blur, enabled=entry.is_enabled)


def _plain(tip: str) -> str:
    """A pygame-gui tooltip's text without its markup."""
    return tip.replace("<br>", " ")


@functools.cache
def pointer_aware_manager(manager_class: type) -> type:
    """``manager_class`` (pygame-gui's ``UIManager``) whose widgets see no pointer while ``pointer_shown`` is
    False: nothing is hovered and no tooltip opens while the player steers by keys."""

    class PointerAwareManager(manager_class):  # type: ignore[misc, valid-type]
        pointer_shown = True
        #: where the focused control is, if the keys show it (the app tells): a tooltip leaves it uncovered
        focused_rects: Callable[[], list[pygame.Rect]] = staticmethod(list)

        def get_mouse_position(self) -> tuple[int, int]:
            return super().get_mouse_position() if self.pointer_shown else (-(10**6), -(10**6))

        def create_tool_tip(self, text, position, hover_distance, parent_element, object_id, *, wrap_width=None,
                            text_kwargs=None):
            """A tooltip as wide as its words, beside what it explains and clear of the focused control (folded
            narrower where that is what puts it beside it, not over the controls after it)."""
            def make(width):
                return super(PointerAwareManager, self).create_tool_tip(
                    text, position, hover_distance, parent_element, object_id, wrap_width=width,
                    text_kwargs=text_kwargs)

            tip = tooltips.fitted(make(wrap_width), make)
            if parent_element is None:
                return tip
            window = self.get_root_container().get_rect()
            ring = ring_reach(layout.scale_for(window.size))
            target, pointer_x = parent_element.rect, int(position[0])
            from pygame_gui.elements import UIButton

            focused = self.focused_rects()
            buttons = [e.rect for e in self.get_sprite_group().sprites()  # the other buttons shown
                       if isinstance(e, UIButton) and e.visible and e is not parent_element]

            def place(made) -> bool:
                return tooltips.place(made, target, pointer_x, window, focused, ring, buttons)

            if place(tip):
                return tip
            side = tooltips.side_room(target, window, ring)
            if tooltips.worth_folding(tip.rect.width, side):
                narrow = tooltips.fitted(make(side), make)
                if place(narrow):
                    tip.kill()
                    return narrow
                narrow.kill()
            return tip

    return PointerAwareManager
