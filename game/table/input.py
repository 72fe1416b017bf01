"""The table's input: the pointer (click, drag and drop, pan with the right or middle button, wheel zoom
and scroll) and the keys (A-G, 1-9 for a chooser's options, Enter, Esc, Ctrl+Z, Ctrl+S, arrows, + and -).

Every click goes to the region under the pointer in the last laid-out frame, and from there by the type
of its target (:data:`CLICKS`); the buttons of the action bar go through :data:`ACTION_HANDLERS`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.persist.storage import StorageError
from game.table.choosers import ACTION_CHOOSERS, ChooserMaker
from game.table.part import Click, Drop, Key, OpenChooser, Pan, Wheel
from game.table.reasons import TURN_ACTIONS, end_action, turn_status
from game.table.targets import (
    ActionButton,
    Control,
    ControlButton,
    EstateCell,
    KnightTarget,
    Miniature,
    Piece,
    Region,
    ScreenCard,
)
from game.ui import sound
from game.ui.refusal_words import refusal_words
from rules import ActionKind, Leisure, MoveKnight, PlaceKnight, PlayCard

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.scenes.table import TableScene

LETTER_KEYS = {getattr(pygame, f"K_{c}"): kind for kind, c in zip(TURN_ACTIONS, "abcdefg", strict=True)}


# -- the buttons ----------------------------------------------------------------------------------------------
def _opens(maker: ChooserMaker) -> Callable[[TableScene], None]:
    return lambda table: table.ask(OpenChooser(maker))


def _trade(table: TableScene) -> None:
    table.ask(OpenChooser(ACTION_CHOOSERS[ActionKind.TRADE]))


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
    table.hand.armed = None
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
    Control.FIT: lambda table: table.estate.camera.fit(),
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
}


# -- the pointer ------------------------------------------------------------------------------------------------
class TableInput:
    """Turns pygame events into the table's moves; remembers a press until its release."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

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
        table.estate.process_event(Pan(pos))
        table.pointer.mouse = pos
        started = table.hand.moved(pos)
        if started is not None and table.hand.dragging is not None:
            table.estate.shown = None
            table.pointer.close_tip()
        elif started is not None:  # a piece that cannot be taken now: why, where the hand is
            table.refuse(started.refused)
        table.pointer.moved(pos, table.frame)
        return True

    def _down(self, pos: tuple[int, int], button: int) -> bool:
        table = self.table
        table.ensure_frame()
        table.pointer.mouse = pos
        if button == 1:
            table.hand.press_on(pos, table.hot_at(pos))
            return True
        if button in (2, 3):
            if table.rects().estate.collidepoint(pos):
                table.estate.process_event(Pan(pos, start=True))
            elif button == 3:
                table.hand.armed = None
            return True
        return False

    def _up(self, pos: tuple[int, int], button: int) -> bool:
        table = self.table
        table.ensure_frame()
        if button in (2, 3):
            table.estate.process_event(Pan(None))
            return True
        if button != 1:
            return False
        released = table.hand.release(table.hot_at(pos))
        if isinstance(released, Piece):
            table.estate.process_event(Drop(released, pos, table.hot_at(pos)))
        elif released is not None:
            click(table, released)
        return True

    def _wheel(self, y: int) -> bool:
        table = self.table
        table.ensure_frame()
        mouse = table.pointer.mouse
        if table.rects().estate.collidepoint(mouse):
            table.estate.process_event(Wheel(y, mouse))
        elif table.rects().log.collidepoint(mouse):
            table.chronicle.process_event(Wheel(y, mouse))
        return True


def click(table: TableScene, h: Region) -> None:
    if isinstance(h.target, EstateCell):  # a cell takes what the hand holds
        table.estate.process_event(Click(h, held=table.active_piece()))
        return
    table.pointer.close_tip()
    if not h.enabled:
        table.refuse(h.tip)
        return
    if h.clickable:
        sound.play(table.ctx, "click")
        if not table.chooser.process_event(Click(h)):
            CLICKS[type(h.target)](table, h.target)
    elif h.drag is not None:  # click a draggable thing: arm it, then click a cell
        table.hand.toggle(h.drag)
        table.chooser.opened = None
        table.estate.shown = None
    elif h.refused:
        table.refuse(h.refused)


# -- the keys -------------------------------------------------------------------------------------------------
def key(table: TableScene, event: pygame.event.Event) -> bool:
    k, mods = event.key, event.mod
    if k == pygame.K_ESCAPE:
        if table.hand.armed is not None or (table.chooser.opened is not None and table.chooser.opened.cancel):
            table.hand.armed = None
            table.chooser.close()
        else:
            table.open_menu()
        return True
    if k in (pygame.K_z, pygame.K_u) and (mods & pygame.KMOD_CTRL or k == pygame.K_u):
        _undo(table)
        return True
    if k == pygame.K_s and mods & (pygame.KMOD_CTRL | pygame.KMOD_META) and not table.autoplay:
        table.save_as()
        return True
    if table.chooser.process_event(Key(k, mods)):  # 1-9: the chooser's options
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
    return table.estate.process_event(Key(k, mods))


def _letter(table: TableScene, kind: ActionKind) -> None:
    ok, why = turn_status(table.view, table.session.state.names).get(kind, (False, ""))
    if ok:
        table.press_action(kind)
    elif table.my_decision:
        table.refuse(why)
