"""The game table (ART.md's 16:9 layout): everything a player sees and does during a game.

The scene only conducts; its parts live in :mod:`game.table` (:class:`game.table.parts.TableParts`), each
with its own state and its own events. The scene lays the table out from the parts' state and the game now
(``layout``), routes each event to the part it concerns (``routing``), carries out what a part asks of it
through the small door :class:`game.table.part.TableHost` (a move for the engine, a chooser to open, a piece
to hold, an estate to show, one of its own commands), and draws the laid-out table (``draw``); the effects
(``effects``) fly pictures over it.

The table draws from ONE view: ``session.view(self.viewer)``, the seat in front of the screen, or only what
everyone may know (``session.public_view``) between the viewer's part and the next hand-off curtain
(:mod:`game.table.seating`, :mod:`game.scenes.curtain`).
Human decisions become engine actions through ``session.apply``; computer players run through
``session.update`` (paced, off the UI thread). The interludes (ball, building scoring, decade, game over)
are pushed when their events arrive.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

import pygame

from game import scenes
from game.i18n import _
from game.persist import saves
from game.persist.storage import StorageError
from game.scenes.curtain import CurtainScene
from game.scenes.game_menu import GameMenu
from game.scenes.interludes import PREPARE_SECONDS, InterludeQueue
from game.scenes.saves import open_save_dialog
from game.session import GameSession
from game.table import draw as table_draw
from game.table import seating
from game.table.coach import Coach
from game.table.draw import PAINT_SECONDS
from game.table.effects import FX_SECONDS, Flight, flights_for
from game.table.estate_draw import styles_from_seats
from game.table.estate_panel import TOPIC_OF_STEP
from game.table.layout import LAYOUT_SECONDS, PanelMemo, Situation, TableFrame, layout_in_steps, layout_table
from game.table.overlay import Overlay, pointed
from game.table.part import Hold, Moment, OpenChooser, Request, ShowEstate
from game.table.parts import TableParts
from game.table.routing import Router
from game.table.targets import Control, Region
from game.ui import layout, sound, widgets
from game.ui.draw import draw_tooltip
from game.ui.focus import Focusable
from game.ui.refusal_words import refusal_words, refused_in_words
from game.ui.scene import AppContext, Cover, Scene
from rules import (
    Action,
    Event,
    EventKind,
    IllegalActionError,
    PlayerView,
    Pos,
    Results,
    results,
)

E = EventKind


class TableScene(Scene):
    name = "table"
    #: push the ball, scoring, decade and game-over interludes on their events (tests of the table alone
    #: turn them off)
    interludes = True

    def __init__(
        self,
        ctx: AppContext,
        session: GameSession,
        *,
        autoplay: bool = False,
        viewer: int | None = None,
        on_game_over: Callable[[Results], None] | None = None,
    ) -> None:
        super().__init__(ctx)
        self.session = session
        self.autoplay = autoplay
        self.on_game_over = on_game_over
        humans = session.human_seats()
        self.viewer: int = viewer if viewer is not None else (humans[0] if humans else session.state.decider)
        self.confirmed = len(humans) <= 1 or viewer is not None  # the viewer confirmed at the curtain
        self.styles = styles_from_seats(session.seats)
        self.parts = TableParts.for_table(self, self.styles)
        self.router = Router(self.parts, self, self.ensure_frame, lambda name: sound.play(self.ctx, name), self.ring,
                             lambda: self.ctx.input.keys, lambda: [c for o in self.overlays for c in o.focusables()],
                             lambda: pointed(self.overlays, self.frame))
        self.coach = Coach(session, lambda: bool(ctx.settings.hints), host=self)
        self.overlays: list[Overlay[TableFrame]] = [self.coach]  # drawn over the table, in this order (see attach)
        #: the table's own commands (its buttons, Ctrl+S), which only the scene can carry out
        self.commands: dict[Control, Callable[[], object]] = {
            Control.UNDO: self._undo, Control.HELP: lambda: self.ctx.open_rules(self.help_topic),
            Control.MENU: self.open_menu, Control.SPEED: self._next_speed, Control.HINT: self.coach.ask,
            Control.SAVE: self.save_as}
        self.flights: list[Flight] = []
        self.queue = InterludeQueue()  # interludes waiting to be shown
        self.toast = widgets.Toast()
        self.notice_at: tuple[int, int] | None = None  # where the last notice points (None: under the heading)
        self.drawn_views: list[PlayerView] | None = None  # tests: record every view drawn
        self.frame: TableFrame | None = None
        self.memo = PanelMemo()
        self.painter = table_draw.TablePainter()
        self._autosaver: saves.Autosaver | None = None
        self._finished = False
        self._frame_started = 0.0  # when this frame's update began (time.perf_counter)
        self._cover: Cover | None = None  # the screen it came over, while the table is prepared on entry
        self.last_error: str | None = None
        session.add_listener(self._on_events)
        session.set_speed(session.speed)

    # -- lifecycle ----------------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.session.human_seats() and not (self.autoplay or self.ctx.autoplay):  # an autoplay run keeps none
            self._autosaver = saves.autosaver_for(self.session, on_error=lambda msg: self.toast.show(msg, 6.0),
                                                  background=True)
        sound.board(self.ctx).attach(self.session)  # every applied action sounds (if sound is on)
        if self.session.state.over and not self.queue:
            self.queue.add("over")
        elif self.session.state.ball is not None and not self.queue:  # a game saved during a ball goes on there
            self.queue.add("ball")
        self._cover = Cover.over(self)  # (every panel drawn at once, the first frame would take ~70 ms)
        self._check_curtain()

    def pause(self) -> None:
        self._cover = None  # a scene over the table: it shows as it is

    @property
    def settled(self) -> bool:
        return self._cover is None

    def preparation(self, surface: pygame.Surface) -> Iterator[None]:
        """Laid out and each panel drawn over the parchment (as in a frame) and kept by the painter, a panel a
        step."""
        yield from layout_in_steps(self.situation(), self.memo)
        frame = self.ensure_frame()
        widgets.fill_parchment(surface)
        yield
        yield from self.painter.prepare(surface, frame, self.parts.pointer.mouse)

    def resume(self) -> None:
        speed = self.ctx.settings.animation_speed
        if speed != self.session.speed:  # changed in Settings from the table's menu
            self.session.set_speed(speed)
        self._forget_layout()
        if len(self.session.human_seats()) <= 1:  # back from an interlude: show whose turn it is now
            self.viewer = self.wanted_viewer()
        self.parts.hand.cancel_press()
        self.parts.estate.panning = None
        self.parts.pointer.close_tip()  # the pointer has moved meanwhile: no tooltip left where it was

    def exit(self) -> None:
        self.session.remove_listener(self._on_events)
        sound.board(self.ctx).detach(self.session)
        if self._autosaver is not None:
            self._autosaver.close()
        if not self._finished:
            self.session.close()

    def on_language(self) -> None:  # the choosers say their words anew; the rest is laid out afresh
        self.parts.chooser.relabel()
        super().on_language()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.parts.estate.camera.fit()
        self._forget_layout()

    def _forget_layout(self) -> None:
        self.frame = None
        self.parts.place(None)
        self.memo.clear()
        self.painter.clear()

    # -- which seat is in front of the screen (game.table.seating) ----------------------------------------
    def wanted_viewer(self) -> int:
        return seating.wanted_viewer(self.session, self.viewer)

    def _check_curtain(self) -> None:
        """Pass-and-play: once the viewer's part is over, only public things show; a human's decision waits
        behind the curtain until they say who they are."""
        want = self.wanted_viewer()
        if len(self.session.human_seats()) <= 1:
            self.viewer, self.confirmed = want, True
            return
        if self.confirmed and not seating.viewer_active(self.session.state, self.viewer):
            self.confirmed = False  # the screen may be passed on now
            self.parts.clear()
        if not self.session.human_to_decide() or (want == self.viewer and self.confirmed) or not self.is_top:
            return
        self.confirmed = False
        self.parts.clear()
        self.ctx.stack.push(CurtainScene(self.ctx, self.session, want, on_confirm=self._confirm_viewer,
                                         on_menu=self.open_menu))

    def _confirm_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.confirmed = True
        self.parts.estate.show(seat, seat)

    @property
    def public_only(self) -> bool:
        return seating.public_only(self.session, self.viewer, self.confirmed)

    @property
    def view(self) -> PlayerView:
        if self.public_only:
            return self.session.public_view(self.viewer)
        return self.session.view(self.viewer)

    @property
    def interlude_waiting(self) -> bool:
        return bool(self.queue)

    @property
    def my_decision(self) -> bool:
        """The viewer decides now, once the interludes the last moves brought are shown (R-DEC-3's card too)."""
        s = self.session
        return (s.human_to_decide() and s.state.decider == self.viewer and self.confirmed and not self.autoplay
                and not self.interlude_waiting)

    @property
    def help_topic(self) -> str:
        hover = self.parts.pointer.hover
        if hover is not None and hover.topic:
            return hover.topic
        return TOPIC_OF_STEP.get(self.session.state.step, "overview")

    @property
    def shown_seat(self) -> int:
        return self.parts.estate.shown_seat(self.viewer)

    # -- events from the session --------------------------------------------------------------------------
    def _on_events(self, events: list[Event]) -> None:
        if not events:  # an undo
            self.parts.clear()
            return
        if any(e.kind == E.TURN_STARTED for e in events):
            self.parts.estate.camera.fit()  # between turns: an action's cells never move under the pointer
        self.queue.note(events)
        if self.queue:
            self.session.paused = True
        if self.is_top:  # what happens under another scene (the ball) is not replayed afterwards
            self._animate(events)
        self.parts.chronicle.scroll = 0
        if not self.my_decision:
            self.parts.chooser.opened = None
        if not self.session.human_to_decide():
            self.parts.hand.armed = None

    def _animate(self, events: list[Event]) -> None:
        seconds = FX_SECONDS.get(self.session.speed, 0.5)
        if seconds <= 0 or self.frame is None:
            return
        actor = self.viewer if self.session.is_human(self.viewer) else -1  # their own drops do not fly
        s = layout.scale_for(self.ctx.window_size)
        self.flights += flights_for(events, self.frame.anchors, self._cell_centre, actor, s, seconds)

    def _cell_centre(self, seat: int, pos: Pos) -> tuple[int, int] | None:
        if self.frame is not None and seat == self.shown_seat:
            return self.frame.geo.cell_center(pos)
        return self.frame.anchors.miniatures.get(seat) if self.frame is not None else None

    # -- per frame ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._frame_started = time.perf_counter()
        if self._cover is not None:  # entering: the screen before shows until the table is prepared
            if self._cover.advance(PREPARE_SECONDS):
                self._cover = None
            self.session.think_ahead()
            return
        self.toast.update(dt)
        self.parts.pointer.rest.tick(dt)
        if self._autosaver is not None:
            self._autosaver.poll()  # a failed background write is shown at once
        for f in self.flights:
            f.t += dt
        self.flights = [f for f in self.flights if not f.done]
        blocking = any(f.blocking for f in self.flights)
        self.session.think_ahead()  # also while an interlude waits to be shown (a game loaded at a ball)
        if self.queue:
            self._present_next(blocking)
            return
        self._check_curtain()
        if not self.is_top:
            return
        self.session.paused = blocking
        for overlay in self.overlays:
            overlay.update(dt)
        if not self.session.state.over:
            self.session.update(dt)
            self._check_curtain()
        if self.queue:
            self._present_next(any(f.blocking for f in self.flights))

    def _present_next(self, blocking: bool) -> None:
        """Show the next interlude once the moves before it have landed and it is prepared (game.scenes.interludes)."""
        if not self.is_top:
            return
        shown = self.queue.next_to_show(self.ctx, self.session, self.overlays, blocking, self.interludes)
        if shown is None:
            return
        hook, scene = shown
        if hook == "over":
            self._game_over(scene)
            return
        if not self.queue:
            self.session.paused = False
        if scene is not None:
            self.ctx.stack.push(scene)

    def _game_over(self, scene: Scene | None) -> None:
        if self.on_game_over is not None:
            self.on_game_over(results(self.session.state))
        self.session.paused = False
        if scene is None:
            return
        self._finished = True  # the game-over scene owns the session now
        self.ctx.stack.replace(scene)

    def _leave(self) -> None:
        self.session.close()
        if self._autosaver is not None:
            self._autosaver.flush()
        title = scenes.create("title", self.ctx)
        self.ctx.stack.clear()
        self.ctx.stack.push(title)

    # -- applying -----------------------------------------------------------------------------------------
    def do(self, action: Action) -> bool:
        """Apply a human action; a refused one is shown, never raised."""
        if not self.my_decision or not all(overlay.allows(action) for overlay in self.overlays):
            return False  # an overlay may keep the player to a path
        try:
            self.session.apply(action)
        except IllegalActionError as exc:
            self.last_error = str(exc)
            why = refused_in_words(self.view, action, self.session.state.names)
            self.refuse(_("Not allowed: {reason}").format(reason=why))
            return False
        self.parts.chooser.close()
        self.parts.hand.armed = None
        for overlay in self.overlays:
            overlay.done(action)
        return True

    # -- telling the player ---------------------------------------------------------------------------------
    def notice(self, message: str, seconds: float = 2.5, at: tuple[int, int] | None = None) -> None:
        """A short message: at ``at`` (where the pointer was), or under the estate's heading."""
        self.toast.show(message, seconds)
        self.notice_at = at

    def refuse(self, why: str) -> None:
        """Something the player tried is not possible: why, at the pointer (or the focus), with the refusal's
        sound."""
        if why:
            self.notice(why, max(2.5, len(why) / 18), at=self.pointing()[0])
        sound.play(self.ctx, "refused")

    def legal(self) -> list[Action]:
        return list(self.view.legal) if self.my_decision else []

    def now(self) -> Moment:
        """The game as the viewer sees it now (what the table's parts read)."""
        return Moment(self.view, self.viewer, self.my_decision, self.legal(), len(self.session.state.history),
                      self.ctx.window_size)

    def ask(self, request: Request) -> None:
        """Carry out what a part asks of the table."""
        parts = self.parts
        if isinstance(request, OpenChooser):
            parts.chooser.open(request.maker)
        elif isinstance(request, Hold):
            parts.hand.armed = request.piece
            if request.piece is not None:
                parts.estate.show_own()  # placing happens on your own estate
        elif isinstance(request, ShowEstate):
            parts.estate.show(request.seat, self.viewer)
        elif request in self.commands:
            self.commands[request]()

    # -- the table's own commands -----------------------------------------------------------------------------
    def _undo(self) -> None:
        if not self.my_decision:
            return
        self.parts.hand.armed = None
        if self.session.undo():
            self.notice(_("Taken back."), 1.5)
        else:
            self.refuse(refusal_words(self.session.undo_refusal(), self.session.state.names))

    def _next_speed(self) -> None:
        """The speed button: the next speed, for this game and in the settings."""
        order = ("slow", "normal", "fast", "instant")
        speed = order[(order.index(self.session.speed) + 1) % len(order)]
        self.session.set_speed(speed)
        self.ctx.settings.animation_speed = speed
        with contextlib.suppress(StorageError):  # the speed still applies to this game
            self.ctx.save_settings()

    def save_as(self) -> None:
        if not self.autoplay:
            open_save_dialog(self.ctx, self.session, on_saved=lambda _path: self.notice(_("Saved."), 2.0))

    def open_menu(self) -> None:
        if self.autoplay:
            self.ctx.quit()
            return
        extra = [entry for overlay in self.overlays for entry in overlay.menu_entries()]
        self.ctx.stack.push(GameMenu(self.ctx, self.session, on_leave=self._leave, extra=extra))

    # -- layout and input ---------------------------------------------------------------------------------
    def situation(self) -> Situation:
        """What the table is laid out from now."""
        hint = (self.coach.state or "offered") if self.coach.offered else ""
        return self.parts.situation(self.now(), self.session, self.styles, confirmed=self.confirmed, hint=hint,
                                    at=self.pointing(), keys=self.ctx.input.keys)

    def pointing(self) -> tuple[tuple[int, int], Region | None]:
        """Where the player points and what is there: the pointer, or the focus while they steer by keys."""
        return self.parts.pointing(self.frame, self.ring.key, self.ctx.input.pointer)

    def controls(self) -> list[Focusable]:
        if self.frame is None:
            self.ensure_frame()
        return self.router.controls()  # as drawn (a key press lays the table out anew before it moves the focus)

    def default_control(self) -> str | None:
        return self.router.default()

    def ensure_frame(self, until: float | None = None) -> TableFrame:
        """Lay the table out as the game is now (past ``until`` a panel may wait a frame); each part learns where."""
        self.frame = layout_table(self.situation(), self.memo, until)
        self.parts.place(self.frame)
        return self.frame

    @property
    def hots(self) -> list[Region]:
        """The regions of the last frame (tests and the monkey pick from them)."""
        return self.frame.regions if self.frame is not None else []

    def find_hot(self, key: str) -> Region | None:
        """The region whose target's key is ``key`` (e.g. "action:church"), laid out now."""
        self.ensure_frame()
        return next((r for r in reversed(self.hots) if r.key == key), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.confirmed and len(self.session.human_seats()) > 1:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.parts.pointer.mouse = event.pos  # whoever takes the motion, the pointer is there
        return any(overlay.process_event(event) for overlay in self.overlays) or self.router.handle(event)

    def attach(self, overlay: Overlay[TableFrame]) -> None:
        """``overlay`` is drawn over the table from now on and steers it through the table's hook
        (:mod:`game.table.overlay`): it may refuse moves, hears of those taken, takes events first."""
        self.overlays.append(overlay)

    # -- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self._cover is not None:
            self._cover.draw(surface)
            return
        frame = self.ensure_frame(self._frame_started + LAYOUT_SECONDS)
        if self.drawn_views is not None:
            self.drawn_views.append(frame.panels["track"][0].view)
        s = frame.rects.scale
        parts = self.parts
        parts.chronicle.keep_in_range()
        mouse = self.pointing()[0]
        self.painter.paint_panels(surface, frame, mouse, self.session.version, self._frame_started + PAINT_SECONDS,
                                  hurry=self.queue.preparing)
        chooser = parts.chooser.current()
        if chooser is not None:
            table_draw.draw_chooser_over(surface, frame, chooser, mouse)
        table_draw.draw_flights(surface, self.flights)
        hand = parts.hand
        if hand.dragging is not None:
            table_draw.draw_dragged(surface, hand.dragging, mouse, s)
        table_draw.draw_notice(surface, self.toast, frame.rects.estate, s, self.notice_at)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The overlays over the laid-out table, then the tooltip under the pointer, clear of what they keep."""
        if self._cover is not None:
            return
        frame = self.frame if self.frame is not None else self.ensure_frame()
        for overlay in self.overlays:
            overlay.draw(surface, frame)
        parts, pointer = self.parts, self.parts.pointer
        tip = pointer.tip(frame) if self.ctx.input.pointer else None  # the focus's tip is the app's
        if tip is None or parts.hand.dragging is not None or parts.hand.press is not None or self.toast.visible:
            return
        kept = [rect for overlay in self.overlays for rect in overlay.covers()]
        if not any(rect.collidepoint(pointer.mouse) for rect in kept):  # over a card: the card's own
            draw_tooltip(surface, tip.tip, pointer.spot, frame.rects.scale, avoid=kept, pointer=pointer.mouse)
