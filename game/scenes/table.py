"""The game table (ART.md's 16:9 layout): everything a player sees and does during a game.

The scene only conducts; its parts live in :mod:`game.table`: the layout pass (``layout``) lays out every
panel and chooser from the view, the window size and the UI state; the input (``input``) acts on the
regions of that frame; the drawing (``draw``) reads it; the choosers (``choosers``) are built per decision
and per button; the effects (``effects``) fly pictures over the table.

The table draws from ONE view: ``session.view(self.viewer)``, the seat in front of the screen, or only what
everyone may know (``session.public_view``) between the viewer's part and the next hand-off curtain
(:mod:`game.table.seating`, :mod:`game.scenes.curtain`).
Human decisions become engine actions through ``session.apply``; computer players run through
``session.update`` (paced, off the UI thread). The interludes (ball, building scoring, decade, game over)
are pushed when their events arrive.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pygame

from game import scenes
from game.i18n import _
from game.persist import saves
from game.scenes.curtain import CurtainScene
from game.scenes.decade import DecadeScene
from game.scenes.game_menu import GameMenu
from game.scenes.game_over import GameOverScene
from game.scenes.saves import open_save_dialog
from game.session import GameSession
from game.table import choosers, coach, seating
from game.table import draw as table_draw
from game.table.chooser import Chooser
from game.table.choosers import DECISION_CHOOSERS, ChooserContext, ChooserMaker
from game.table.effects import FX_SECONDS, Flight, flights_for
from game.table.estate_draw import styles_from_seats
from game.table.estate_panel import TOPIC_OF_STEP
from game.table.estate_view import EstateCamera
from game.table.input import ACTION_HANDLERS, TableInput
from game.table.layout import PanelMemo, Situation, TableFrame, layout_table, situation_of
from game.table.targets import INHERITED_CASTLE, Piece, Region, cell_actions
from game.tutorial.table_guide import Guided
from game.ui import layout, sound, widgets
from game.ui.draw import draw_tooltip
from game.ui.refusal_words import refusals_in_words, refused_in_words
from game.ui.scene import AppContext, Scene
from rules import (
    Action,
    ActionKind,
    Decision,
    Event,
    EventKind,
    IllegalActionError,
    PlayerView,
    Pos,
    Results,
    TileType,
    board,
    results,
    why_not,
)

E = EventKind
TOOLTIP_DELAY = 0.45


class TableScene(Guided, coach.Coached, Scene):
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
        self.shown: int | None = None  # another seat's estate shown large (None: the viewer's)
        self.camera = EstateCamera()
        self.input = TableInput(self)
        self.mouse = (0, 0)
        self.hover: Region | None = None
        self.hover_time = 0.0
        self.dragging: Piece | None = None  # carried by a drag
        self.armed: Piece | None = None  # chosen by a click, waiting for a cell
        self.chooser: Chooser | None = None  # opened from a button
        self.chooser_maker: ChooserMaker | None = None  # made again in another language
        self._auto_chooser: tuple[tuple, Chooser] | None = None  # opened by the pending decision itself
        self.trade_give: tuple[TileType, ...] | None = None
        self.log_scroll = 0
        self.flights: list[Flight] = []
        self.queue: list[tuple[str, list[Event]]] = []  # interludes waiting to be shown
        self.toast = widgets.Toast()
        self.notice_at: tuple[int, int] | None = None  # where the last notice points (None: under the heading)
        self.tip_closed: str | None = None  # the region whose tooltip was closed by using it
        self.styles = styles_from_seats(session.seats)
        self.drawn_views: list[PlayerView] | None = None  # tests: record every view drawn
        self.frame: TableFrame | None = None
        self.memo = PanelMemo()
        self.painter = table_draw.TablePainter()
        self._autosaver: saves.Autosaver | None = None
        self._finished = False
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
            self.queue.append(("over", []))
        elif self.session.state.ball is not None and not self.queue:  # a game saved during a ball goes on there
            self.queue.append(("ball", []))
        self._check_curtain()

    def resume(self) -> None:
        speed = self.ctx.settings.animation_speed
        if speed != self.session.speed:  # changed in Settings from the table's menu
            self.session.set_speed(speed)
        self._forget_layout()
        if len(self.session.human_seats()) <= 1:  # back from an interlude: show whose turn it is now
            self.viewer = self.wanted_viewer()
        self.dragging = None
        self.input.reset()

    def exit(self) -> None:
        self.session.remove_listener(self._on_events)
        sound.board(self.ctx).detach(self.session)
        if self._autosaver is not None:
            self._autosaver.close()
        if not self._finished:
            self.session.close()

    def on_language(self) -> None:  # the choosers say their words anew; the rest is laid out afresh
        self._auto_chooser = None
        if self.chooser is not None and self.chooser_maker is not None:
            self.chooser = self.chooser_maker(self._chooser_context())
        super().on_language()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.camera.fit()
        self._forget_layout()

    def _forget_layout(self) -> None:
        self.frame = None
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
            self._clear_interaction()
        if not self.session.human_to_decide() or (want == self.viewer and self.confirmed) or not self.is_top:
            return
        self.confirmed = False
        self._clear_interaction()
        self.ctx.stack.push(CurtainScene(self.ctx, self.session, want, on_confirm=self._confirm_viewer,
                                         on_menu=self.open_menu))

    def _confirm_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.confirmed = True
        self.shown = None
        self.camera.fit()

    @property
    def public_only(self) -> bool:
        return seating.public_only(self.session, self.viewer, self.confirmed)

    def _clear_interaction(self) -> None:
        self.chooser = self._auto_chooser = self.armed = self.dragging = self.trade_give = None

    @property
    def view(self) -> PlayerView:
        if self.public_only:
            return self.session.public_view(self.viewer)
        return self.session.view(self.viewer)

    @property
    def my_decision(self) -> bool:
        s = self.session
        return s.human_to_decide() and s.state.decider == self.viewer and self.confirmed and not self.autoplay

    @property
    def help_topic(self) -> str:
        if self.hover is not None and self.hover.topic:
            return self.hover.topic
        return TOPIC_OF_STEP.get(self.session.state.step, "overview")

    @property
    def shown_seat(self) -> int:
        return self.viewer if self.shown is None else self.shown

    # -- events from the session --------------------------------------------------------------------------
    def _on_events(self, events: list[Event]) -> None:
        if not events:  # an undo
            self._clear_interaction()
            return
        kinds = [e.kind for e in events]
        if E.TURN_STARTED in kinds:
            self.camera.fit()  # between turns: an action's cells never move under the pointer
        if E.BALL_STARTED in kinds:
            self.queue.append(("ball", events[kinds.index(E.BALL_STARTED) :]))
        if E.BUILDING_SCORED in kinds or any(e.kind == E.ROUND_ADVANCED and e.amount == board.SCORING_SPACE
                                              for e in events):
            self.queue.append(("scoring", list(events)))
        if E.DECADE_STARTED in kinds:
            self.queue.append(("decade", []))
        if E.GAME_ENDED in kinds:
            self.queue.append(("over", []))
        if self.queue:
            self.session.paused = True
        if self.is_top:  # what happens under another scene (the ball) is not replayed afterwards
            self._animate(events)
        self.log_scroll = 0
        if self.chooser is not None and not self.my_decision:
            self.chooser = None
        if not self.session.human_to_decide():
            self.armed = None

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
        self.toast.update(dt)
        self.hover_time += dt
        if self._autosaver is not None:
            self._autosaver.poll()  # a failed background write is shown at once
        for f in self.flights:
            f.t += dt
        self.flights = [f for f in self.flights if not f.done]
        blocking = any(f.blocking for f in self.flights)
        if self.queue:
            if not blocking:
                self._present_next()
            return
        self._check_curtain()
        if not self.is_top:
            return
        self.session.paused = blocking
        self.guide_update(dt)
        if not self.session.state.over:
            self.session.update(dt)
            self._check_curtain()
        if self.queue and not any(f.blocking for f in self.flights):
            self._present_next()

    def _present_next(self) -> None:
        if not self.is_top or not self.queue:
            return
        hook, events = self.queue.pop(0)
        if hook == "over":
            self._game_over()
            return
        if not self.queue:
            self.session.paused = False
        if not self.interludes:
            return
        from game.scenes.ball import BallScene  # the interludes load when first shown: start-up stays quick
        from game.scenes.scoring import ScoringScene

        try:
            if hook == "ball":
                scene: Scene = BallScene(self.ctx, self.session, events)
            elif hook == "scoring":
                scene = ScoringScene(self.ctx, self.session, events)
            else:
                scene = DecadeScene(self.ctx, self.session)
        except Exception as exc:  # an interlude must never stop the game
            print(f"noblemen: could not show the {hook} scene: {exc}", file=sys.stderr)
            return
        self.ctx.stack.push(scene)

    def _game_over(self) -> None:
        if self.on_game_over is not None:
            self.on_game_over(results(self.session.state))
        self.session.paused = False
        if not self.interludes:
            return
        try:
            scene = GameOverScene(self.ctx, self.session)
        except Exception as exc:
            print(f"noblemen: could not show the game-over scene: {exc}", file=sys.stderr)
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
        if not self.my_decision or not self.guide_allows(action):  # a tutorial's guide keeps to its path
            return False
        try:
            self.session.apply(action)
        except IllegalActionError as exc:
            self.last_error = str(exc)
            why = refused_in_words(self.view, action, self.session.state.names)
            self.refuse(_("Not allowed: {reason}").format(reason=why))
            return False
        self.chooser = self.armed = self.trade_give = None
        return True

    # -- telling the player ---------------------------------------------------------------------------------
    def notice(self, message: str, seconds: float = 2.5, at: tuple[int, int] | None = None) -> None:
        """A short message: at ``at`` (where the pointer was), or under the estate's heading."""
        self.toast.show(message, seconds)
        self.notice_at = at

    def refuse(self, why: str) -> None:
        """Something the player tried is not possible: why, at the pointer, with the refusal's sound."""
        if why:
            self.notice(why, max(2.5, len(why) / 18), at=self.mouse)
        sound.play(self.ctx, "refused")

    def why_not_here(self, piece: Piece, pos: Pos) -> str:
        """Why ``piece`` cannot go on the estate's cell ``pos`` now (the engine's reason)."""
        return refusals_in_words(why_not(self.view, piece.at(pos)), self.session.state.names)

    def close_tip(self) -> None:
        """The tooltip under the pointer closes once its region is used (until the pointer moves on)."""
        self.tip_closed = self.hover.key if self.hover is not None else None

    def legal(self) -> list[Action]:
        return list(self.view.legal) if self.my_decision else []

    def cell_actions(self, piece: Piece | None) -> dict[Pos, Action]:
        """Estate cell -> the action dropping ``piece`` there would take."""
        return cell_actions(self.legal(), piece)

    def active_piece(self) -> Piece | None:
        """What a click on a cell would place: the dragged or armed piece, or the inherited castle."""
        if self.dragging is not None:
            return self.dragging
        if self.armed is not None:
            return self.armed
        if self.my_decision and self.session.state.step == Decision.INHERITANCE:
            return INHERITED_CASTLE
        return None

    # -- the choosers and the buttons ---------------------------------------------------------------------
    def current_chooser(self) -> Chooser | None:
        """The chooser a button opened, else the one the pending decision opens by itself."""
        if self.chooser is not None:
            return self.chooser
        if not self.my_decision:
            return None
        st = self.session.state
        key = (st.step, st.decider, len(st.history))
        if self._auto_chooser is not None and self._auto_chooser[0] == key:
            return self._auto_chooser[1]
        maker = DECISION_CHOOSERS.get(st.step)
        made = maker(self._chooser_context()) if maker is not None else None
        self._auto_chooser = (key, made) if made is not None else None
        return made

    def _chooser_context(self) -> ChooserContext:
        return ChooserContext(self, self.view, self.legal(), self.styles, self.trade_give)

    def open_chooser(self, maker: ChooserMaker) -> None:
        self.chooser, self.chooser_maker = maker(self._chooser_context()), maker

    def close_chooser(self) -> None:
        self.chooser = None
        self.trade_give = None

    def press_action(self, kind: ActionKind) -> None:
        """A button of the action bar (or its letter)."""
        if not self.my_decision:
            return
        self.armed = None
        ACTION_HANDLERS[kind](self)

    def arm(self, piece: Piece) -> None:
        self.armed = piece
        self.chooser = None
        self.shown = None  # placing happens on your own estate

    def pick_give(self, give: tuple[TileType, ...]) -> None:
        """The first step of a trade: the two tiles given; the chooser asks which one to take."""
        self.trade_give = give
        self.open_chooser(choosers.trade)

    def pick_estate(self, seat: int) -> None:
        self.shown = None if seat == self.viewer else seat
        self.camera.fit()

    def save_as(self) -> None:
        if not self.autoplay:
            open_save_dialog(self.ctx, self.session, on_saved=lambda _path: self.notice(_("Saved."), 2.0))

    def open_menu(self) -> None:
        if self.autoplay:
            self.ctx.quit()
            return
        self.ctx.stack.push(GameMenu(self.ctx, self.session, on_leave=self._leave))

    # -- layout and input ---------------------------------------------------------------------------------
    def rects(self) -> layout.TableLayout:
        return layout.table_layout(self.ctx.window_size)

    def situation(self) -> Situation:
        """What the table is laid out from now."""
        return situation_of(self)

    def ensure_frame(self) -> TableFrame:
        """Lay the table out for what it shows now."""
        self.frame = layout_table(self.situation(), self.memo)
        return self.frame

    @property
    def hots(self) -> list[Region]:
        """The regions of the last frame (tests and the monkey pick from them)."""
        return self.frame.regions if self.frame is not None else []

    def hot_at(self, pos: tuple[int, int]) -> Region | None:
        return self.frame.region_at(pos) if self.frame is not None else None

    def find_hot(self, key: str) -> Region | None:
        """The region whose target's key is ``key`` (e.g. "action:church"), laid out now."""
        self.ensure_frame()
        return next((r for r in reversed(self.hots) if r.key == key), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.confirmed and len(self.session.human_seats()) > 1:
            return False
        return self.guide_event(event) or self.input.handle(event)

    # -- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        widgets.fill_parchment(surface)
        frame = self.ensure_frame()
        if self.drawn_views is not None:
            self.drawn_views.append(frame.panels["track"][0].view)
        s = frame.rects.scale
        self.log_scroll = min(self.log_scroll, frame.panels["log"][1].max_scroll)
        self.painter.paint_panels(surface, frame, self.mouse)
        chooser = self.current_chooser()
        if chooser is not None:
            table_draw.draw_chooser_over(surface, frame, chooser, self.mouse)
        table_draw.draw_flights(surface, self.flights)
        if self.dragging is not None:
            table_draw.draw_dragged(surface, self.dragging, self.mouse, s)
        h = self.hot_at(self.mouse)
        if h is not self.hover:
            self.hover = h
        if h is None or h.key != self.tip_closed:
            self.tip_closed = None
        if h is not None and h.tip and self.hover_time >= TOOLTIP_DELAY and self.dragging is None \
                and self.input.press is None and self.tip_closed is None and not self.toast.visible:
            draw_tooltip(surface, h.tip, self.mouse, s)
        table_draw.draw_notice(surface, self.toast, frame.rects.estate, s, self.notice_at)
