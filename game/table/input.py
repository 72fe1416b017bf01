"""The table's input: the pointer (click, drag and drop, pan with the right or middle button, wheel zoom
and scroll) and the keys (A-G, 1-9 for a chooser's options, Enter, Esc, Ctrl+Z, Ctrl+S, arrows, + and -).

Every click goes to the region under the pointer in the last laid-out frame, and from there by the type
of its target (:data:`CLICKS`); the buttons of the action bar go through :data:`ACTION_HANDLERS`.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.persist.storage import StorageError
from game.table.choosers import ACTION_CHOOSERS, ChooserMaker
from game.table.reasons import TURN_ACTIONS, end_action, turn_status
from game.table.targets import (
    ActionButton,
    Control,
    ControlButton,
    EstateCell,
    KnightTarget,
    Miniature,
    OptionButton,
    Region,
    ScreenCard,
)
from game.ui import sound
from game.ui.refusal_words import refusal_words
from rules import ActionKind, ChooseRegion, Decision, Leisure, MoveKnight, PlaceKnight, PlayCard

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.scenes.table import TableScene

DRAG_THRESHOLD = 6
PAN_STEP = 40
ARROWS = {pygame.K_LEFT: (PAN_STEP, 0), pygame.K_RIGHT: (-PAN_STEP, 0), pygame.K_UP: (0, PAN_STEP),
          pygame.K_DOWN: (0, -PAN_STEP)}
DIGITS = {getattr(pygame, f"K_{d}"): d for d in range(1, 10)}
LETTER_KEYS = {getattr(pygame, f"K_{c}"): kind for kind, c in zip(TURN_ACTIONS, "abcdefg", strict=True)}


# -- the buttons ----------------------------------------------------------------------------------------------
def _opens(maker: ChooserMaker) -> Callable[[TableScene], None]:
    return lambda table: table.open_chooser(maker)


def _trade(table: TableScene) -> None:
    table.trade_give = None
    table.open_chooser(ACTION_CHOOSERS[ActionKind.TRADE])


#: what each button of the action bar does (A-G, Play card, Trade, End)
ACTION_HANDLERS: dict[ActionKind, Callable[[TableScene], None]] = {
    **{kind: _opens(maker) for kind, maker in ACTION_CHOOSERS.items()},
    ActionKind.TRADE: _trade,
    ActionKind.LEISURE: lambda table: table.do(Leisure()),
    ActionKind.END: lambda table: table.do(end_action(table.session.state.step)),
}


def _undo(table: TableScene) -> None:
    if not table.my_decision:
        return
    table.armed = None
    if table.session.undo():
        table.notice(_("Taken back."), 1.5)
    else:
        table.refuse(refusal_words(table.session.undo_refusal(), table.session.state.names))


def cycle_speed(table: TableScene) -> None:
    """The speed button: the next speed, for this game and in the settings."""
    order = ("slow", "normal", "fast", "instant")
    speed = order[(order.index(table.session.speed) + 1) % len(order)]
    table.session.set_speed(speed)
    table.ctx.settings.animation_speed = speed
    with contextlib.suppress(StorageError):  # the speed still applies to this game
        table.ctx.save_settings()


#: what the table's own buttons do
CONTROL_HANDLERS: dict[Control, Callable[[TableScene], None]] = {
    Control.UNDO: _undo,
    Control.HELP: lambda table: table.ctx.open_rules(table.help_topic),
    Control.MENU: lambda table: table.open_menu(),
    Control.SPEED: lambda table: cycle_speed(table),
    Control.HINT: lambda table: table.ask_hint(),
    Control.FIT: lambda table: table.camera.fit(),
    Control.BACK: lambda table: table.pick_estate(table.viewer),
}


def _send_knight(table: TableScene, target: KnightTarget) -> None:
    wanted = (target.owner, target.region)
    action = next(a for a in table.legal() if isinstance(a, PlaceKnight | MoveKnight) and (a.owner, a.region) == wanted)
    table.do(action)


#: what a click on a region does, by the type of its target (cells are dropped on, see :func:`_click_cell`)
CLICKS: dict[type, Callable[[TableScene, Any], None]] = {
    ActionButton: lambda table, t: table.press_action(t.kind),
    ControlButton: lambda table, t: CONTROL_HANDLERS[t.control](table),
    Miniature: lambda table, t: table.pick_estate(t.seat),
    KnightTarget: _send_knight,
    ScreenCard: lambda table, t: table.do(PlayCard(t.card)),
    OptionButton: lambda table, t: table.frame.chooser.option(t.name).on_choose(),
}


# -- the pointer ------------------------------------------------------------------------------------------------
class TableInput:
    """Turns pygame events into the table's moves; remembers a press until its release."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.press: tuple[int, int] | None = None
        self.press_region: Region | None = None
        self.panning: tuple[int, int] | None = None

    def reset(self) -> None:
        self.press = None
        self.panning = None

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
            return key(self.table, event)
        return False

    def _motion(self, pos: tuple[int, int]) -> bool:
        table = self.table
        table.ensure_frame()
        if self.panning is not None:
            table.camera.pan(pos[0] - self.panning[0], pos[1] - self.panning[1])
            self.panning = pos
        table.mouse = pos
        pressed = self.press_region
        if (
            self.press is not None
            and table.dragging is None
            and pressed is not None
            and math.dist(pos, self.press) > DRAG_THRESHOLD
        ):
            if pressed.drag is not None and pressed.enabled:
                table.dragging = pressed.drag
                table.armed = None
                table.shown = None
                table.close_tip()
            elif pressed.refused:  # a piece that cannot be taken now: why, where the hand is
                table.refuse(pressed.refused)
                self.press = self.press_region = None
        h = table.hot_at(pos)
        if h is not table.hover:
            table.hover = h
            table.hover_time = 0.0
        return True

    def _down(self, pos: tuple[int, int], button: int) -> bool:
        table = self.table
        table.ensure_frame()
        table.mouse = pos
        if button == 1:
            self.press = pos
            self.press_region = table.hot_at(pos)
            return True
        if button in (2, 3):
            if table.rects().estate.collidepoint(pos):
                self.panning = pos
            elif button == 3:
                table.armed = None
            return True
        return False

    def _up(self, pos: tuple[int, int], button: int) -> bool:
        table = self.table
        table.ensure_frame()
        if button in (2, 3):
            self.panning = None
            return True
        if button != 1:
            return False
        piece, table.dragging = table.dragging, None
        pressed, self.press = self.press, None
        press_region, self.press_region = self.press_region, None
        if piece is not None:
            self._drop(piece, pos)
            return True
        if pressed is None:
            return True
        h = table.hot_at(pos)
        if h is None or (press_region is not None and h.key != press_region.key):
            return True
        click(table, h)
        return True

    def _drop(self, piece, pos: tuple[int, int]) -> None:
        table = self.table
        h = table.hot_at(pos)
        if h is not None and isinstance(h.target, EstateCell):
            action = table.cell_actions(piece).get(h.target.pos)
            if action is not None:
                table.do(action)
            else:
                table.refuse(table.why_not_here(piece, h.target.pos))
            return
        if table.frame is not None and table.frame.panels["estate"][1].area.collidepoint(pos):
            table.refuse(_("Drop it on one of the glowing cells."))

    def _wheel(self, y: int) -> bool:
        table = self.table
        table.ensure_frame()
        if table.rects().estate.collidepoint(table.mouse):
            table.camera.zoom(1.15**y, table.mouse)
        elif table.rects().log.collidepoint(table.mouse):
            table.log_scroll = max(0, table.log_scroll + y * 2)
        return True


def click(table: TableScene, h: Region) -> None:
    if isinstance(h.target, EstateCell):
        _click_cell(table, h.target.pos)
        return
    table.close_tip()
    if not h.enabled:
        table.refuse(h.tip)
        return
    if h.clickable:
        sound.play(table.ctx, "click")
        CLICKS[type(h.target)](table, h.target)
    elif h.drag is not None:  # click a draggable thing: arm it, then click a cell
        table.armed = None if table.armed == h.drag else h.drag
        table.chooser = None
        table.shown = None
    elif h.refused:
        table.refuse(h.refused)


def _click_cell(table: TableScene, pos: tuple[int, int]) -> None:
    if table.my_decision and table.session.state.step == Decision.CHOOSE_REGION:
        squares = [
            a
            for a in table.legal()
            if isinstance(a, ChooseRegion) and 0 <= pos[0] - a.anchor[0] <= 1 and 0 <= pos[1] - a.anchor[1] <= 1
        ]
        if len(squares) == 1:
            table.do(squares[0])
        elif squares:
            table.refuse(_("This tile is in several squares: choose one below."))
        return
    piece = table.active_piece()
    action = table.cell_actions(piece).get(pos)
    if action is not None:
        table.do(action)
    elif piece is not None and table.my_decision:
        table.refuse(table.why_not_here(piece, pos))


# -- the keys -------------------------------------------------------------------------------------------------
def key(table: TableScene, event: pygame.event.Event) -> bool:
    k, mods = event.key, event.mod
    if k == pygame.K_ESCAPE:
        if table.armed is not None or (table.chooser is not None and table.chooser.cancel):
            table.armed = None
            table.close_chooser()
        else:
            table.open_menu()
        return True
    if k in (pygame.K_z, pygame.K_u) and (mods & pygame.KMOD_CTRL or k == pygame.K_u):
        _undo(table)
        return True
    if k == pygame.K_s and mods & (pygame.KMOD_CTRL | pygame.KMOD_META) and not table.autoplay:
        table.save_as()
        return True
    if k in DIGITS and table.my_decision:
        _choose_option(table, DIGITS[k])
        return True
    if k == pygame.K_h and not mods & pygame.KMOD_CTRL:
        table.ask_hint()
        return True
    if k in LETTER_KEYS and not mods & pygame.KMOD_CTRL:
        _letter(table, LETTER_KEYS[k])
        return True
    if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        action = end_action(table.session.state.step)
        if table.my_decision and action in table.legal():
            table.do(action)
        return True
    if k == pygame.K_QUESTION or (k == pygame.K_SLASH and mods & pygame.KMOD_SHIFT):
        table.ctx.open_rules(table.help_topic)
        return True
    return _camera_key(table, k)


def _camera_key(table: TableScene, k: int) -> bool:
    """Home fits the estate, the arrows pan it, + and - zoom it."""
    centre = table.rects().estate.center
    if k == pygame.K_HOME:
        table.camera.fit()
    elif k in ARROWS:
        table.camera.pan(*ARROWS[k])
    elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        table.camera.zoom(1.2, centre)
    elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
        table.camera.zoom(1 / 1.2, centre)
    else:
        return False
    return True


def _choose_option(table: TableScene, number: int) -> None:
    """1-9: the chooser's enabled options, in order."""
    chooser = table.current_chooser()
    options = [o for o in chooser.options if o.enabled and o.on_choose] if chooser is not None else []
    if number <= len(options):
        options[number - 1].on_choose()


def _letter(table: TableScene, kind: ActionKind) -> None:
    ok, why = turn_status(table.view, table.session.state.names).get(kind, (False, ""))
    if ok:
        table.press_action(kind)
    elif table.my_decision:
        table.refuse(why)
