"""How the table's events reach its parts: the pointer's gestures and the keys, turned into the parts' own
events (:data:`game.table.part.PartEvent`) and handed to the part they concern.

- a left click goes to the part that laid out the region it was released on (a cell takes what the hand
  holds); a click on a piece arms it, a disabled region says why it can't be used;
- a drag is the hand's (:class:`game.table.dragdrop.DragDrop`); its drop, like the wheel and the right or
  middle button's pan, goes to the parts under the pointer, the top one first, until one takes it;
- a key goes to the parts that take keys (the action bar, the chooser, the estate) until one takes it; Esc
  puts down what is held or closes the chooser, else it opens the menu (the Menu key, a controller's Start,
  opens it at once). Any key closes the pointer's tooltip. The keyboard's focus (the table scene's ring) takes
  Tab, the arrows and Enter first (:meth:`Router.controls`): Enter is a :meth:`Router.click` on the focused
  region.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pygame

from game.table.layout import TableFrame
from game.table.part import Click, Drop, Key, Pan, PartEvent, Point, TableHost, Wheel
from game.table.parts import TableParts
from game.table.targets import ActionButton, Control, EstateCell, Piece, Region
from game.ui.focus import Focusable, FocusRing
from rules import ActionKind


@attrs.define(eq=False)
class Router:
    parts: TableParts
    host: TableHost
    lay_out: Callable[[], TableFrame]  # the table laid out for what it shows now
    play: Callable[[str], None]  # a sound (a button's click)
    ring: FocusRing = attrs.field(factory=FocusRing)  # the keyboard's focus over the table
    keys: Callable[[], bool] = lambda: True  # the player steers by keys (the ring shows)
    above: Callable[[], list[Focusable]] = list  # what is drawn over the table offers the focus first
    pointed: Callable[[], str | None] = lambda: None  # the region what is drawn over the table points the focus to

    def handle(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if t == pygame.MOUSEBUTTONDOWN:
            return self._down(event.pos, event.button)
        if t == pygame.MOUSEBUTTONUP:
            return self._up(event.pos, event.button)
        if t == pygame.MOUSEWHEEL:
            return self._wheel(event.y)
        if t == pygame.KEYDOWN:
            return self._focus_key(event) or self._key(event.key, event.mod)
        return False

    def _to_parts_under(self, at: Point, event: PartEvent) -> bool:
        return any(part.process_event(event) for part in self.parts.under(at))

    # -- the pointer --------------------------------------------------------------------------------------------
    def _motion(self, at: Point) -> bool:
        frame, parts = self.lay_out(), self.parts
        parts.estate.process_event(Pan(at))
        parts.pointer.mouse = at
        started = parts.hand.moved(at)
        if started is not None and parts.hand.dragging is not None:
            parts.chooser.close()  # a button's card gives way to the piece carried (as to one picked on it)
            parts.estate.show_own()  # a piece goes to the viewer's own estate
            parts.pointer.close_tip()
        elif started is not None:  # a piece that cannot be taken now: why, where the hand is
            self.host.refuse(started.refused)
        parts.pointer.moved(at, frame)
        return True

    def _down(self, at: Point, button: int) -> bool:
        frame, parts = self.lay_out(), self.parts
        parts.pointer.mouse = at
        if button == 1:
            parts.hand.press_on(at, frame.region_at(at))
            return True
        if button in (2, 3):
            if not self._to_parts_under(at, Pan(at, start=True)) and button == 3:
                parts.hand.armed = None  # a right click off the estate puts down what is held
            return True
        return False

    def _up(self, at: Point, button: int) -> bool:
        frame, parts = self.lay_out(), self.parts
        if button in (2, 3):
            parts.estate.process_event(Pan(None))
            return True
        if button != 1:
            return False
        over = frame.region_at(at)
        released = parts.hand.release(over)
        if isinstance(released, Piece):
            self._to_parts_under(at, Drop(released, at, over))
        elif released is not None:
            self.click(released)
        return True

    def _wheel(self, steps: int) -> bool:
        self.lay_out()
        at = self.parts.pointer.mouse
        self._to_parts_under(at, Wheel(steps, at))
        return True

    def controls(self) -> list[Focusable]:
        """What the keyboard's focus moves between: the buttons of what is drawn over the table, then the parts'
        regions in Tab order (Enter on one is a click). A chooser that opened, a piece taken in hand or the viewer's
        turn come takes the focus (unless an overlay offers buttons: the guide speaks first), and so does the region
        an overlay points to, each time it points to another."""
        now = self.host.now()
        inheriting = now.inheriting
        above = self.above()
        controls = above + [Focusable(r.key, r.rect, lambda r=r: self.click(r), tip=lambda r=r: r.tip)
                            for r in self.parts.focusables(inheriting)]
        state = now.view.state
        turn = (state.decade, state.round_pos, state.turn_seat) if now.mine else None  # a seat's turn, once a round
        start = self.parts.new_start(inheriting, turn)
        if start is not None and not above:
            self.ring.focus(start, controls)
        self.ring.follow(self.pointed(), controls)  # e.g. the option a hint rings: Enter takes the move advised
        return controls

    def default(self) -> str | None:
        """Where the focus goes when its control is gone: with a piece in hand, the cursor's first cell; else End
        turn while it can be used (the action taken, its button greys out: what is left is to end the turn)."""
        return self.parts.cursor_start(self.host.now().inheriting) or ActionButton(ActionKind.END).key

    def _focus_key(self, event: pygame.event.Event) -> bool:
        self.parts.pointer.close_tip()
        self.lay_out()
        return self.ring.handle(event, self.controls(), shown=self.keys(), default=self.default(),
                                enter_shown_only=True)

    def click(self, region: Region) -> None:
        """A left click on ``region`` (or Enter on it while it has the keyboard's focus)."""
        parts = self.parts
        if isinstance(region.target, EstateCell):  # a cell takes what the hand holds
            parts.estate.process_event(Click(region, held=parts.hand.active(self.host.now().inheriting)))
            return
        parts.pointer.close_tip()
        if not region.enabled:
            self.host.refuse(region.tip)
        elif region.clickable:
            self.play("click")
            owner = parts.owner(region)
            if owner is not None:
                owner.process_event(Click(region))
        elif region.drag is not None:  # a piece: armed by a click (a second one puts it down), then a cell
            parts.hand.toggle(region.drag)
            parts.chooser.close()
            parts.estate.show_own()
        elif region.refused:
            self.host.refuse(region.refused)

    # -- the keys -------------------------------------------------------------------------------------------------
    def _key(self, k: int, mods: int) -> bool:
        parts = self.parts
        if k == pygame.K_MENU:
            self.host.ask(Control.MENU)
            return True
        if k == pygame.K_ESCAPE:
            opened = parts.chooser.opened
            if parts.hand.armed is not None or (opened is not None and opened.cancel):
                parts.hand.armed = None
                parts.chooser.close()
            else:
                self.host.ask(Control.MENU)
            return True
        key = Key(k, mods)
        return any(part.process_event(key) for part in (parts.actions, parts.chooser, parts.estate))
