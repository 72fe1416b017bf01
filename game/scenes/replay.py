"""Replay: step through a finished or saved game turn by turn, as one seat saw it.

The table is drawn by its own layout pass and painter from :func:`game.table.replay.replay_situation`: the
seat's view at that step (nothing else: other screens, the bag and the deck stay hidden), the chronicle up to
that step worded for that seat. Controls over the action bar step back and forth by turn, by ball and by
decade (keys: ← →, Page Up / Page Down, Home / End, and Ctrl+← → by decade). While a game is unfinished only a
human seat's view can be chosen; once it is over, every seat's, and "All seats": every screen open in the
strip and the chronicle naming every tile and card. The saved game is never changed.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame
import pygame_gui

from game.i18n import _, decade_and_round
from game.table.draw import TablePainter
from game.table.estate_view import EstateCamera
from game.table.layout import PanelMemo, TableFrame, layout_table
from game.table.rects import table_rects
from game.table.replay import GameRecord, Replay, everyone_view, replay_situation, seat_view
from game.table.targets import Control, ControlButton, Miniature
from game.ui import assets, focus, layout, shortcuts, widgets
from game.ui.draw import draw_tooltip, fit_text, within
from game.ui.event_words import EVERYONE
from game.ui.scene import AppContext, WidgetScene
from game.ui.theme import INK
from game.ui.tip_rest import TipRest

#: the replay's panel over the action bar, its line of words, its six step buttons and its seat and Back buttons
Controls = tuple[pygame.Rect, pygame.Rect, list[pygame.Rect], list[pygame.Rect]]


class ReplayScene(WidgetScene):
    name = "replay"
    help_topic = "overview"

    def __init__(self, ctx: AppContext, record: GameRecord, *, seat: int | None = None, step: int = 0) -> None:
        super().__init__(ctx)
        self.record = record
        self.replay = Replay(record.start, record.actions)
        self.seats = self.allowed_seats()
        #: the seat choices: each allowed seat, then every seat at once (EVERYONE) once the game is over
        self.choices = self.seats + ([EVERYONE] if self.replay.over else [])
        self.seat = seat if seat in self.choices else self.seats[0]
        self.shown: int | None = None  # another seat's estate shown large
        self.step = max(0, min(step, len(self.replay)))
        self.camera = EstateCamera()
        self.memo = PanelMemo()
        self.painter = TablePainter()
        self.mouse = (0, 0)
        self.rest = TipRest()  # the region under the pointer (its key), and its tooltip's wait and spot
        self.frame: TableFrame | None = None
        self.buttons: dict[object, str] = {}
        self._at: tuple[int, int] | None = None  # (step, seat) of the cached state and events
        self._state_view = None
        self._holdings: tuple = ()  # every seat's holdings at the step (seen from all seats)
        self._log: list = []
        self._placed: tuple[Hashable, Controls] | None = None  # the controls as last laid out, and for what

    def allowed_seats(self) -> list[int]:
        """Every seat once the game is over; while it is not, the humans' only (each sees only their own)."""
        everyone = list(range(len(self.record.seats)))
        if self.replay.over:
            return everyone
        return self.record.humans() or everyone

    # -- moving --------------------------------------------------------------------------------------------
    def go(self, step: int) -> None:
        self.step = max(0, min(step, len(self.replay)))
        self.camera.fit()

    def forward(self, stops: list[int]) -> None:
        self.go(self.replay.next_stop(self.step, stops))

    def back(self, stops: list[int]) -> None:
        self.go(self.replay.previous_stop(self.step, stops))

    @property
    def everyone(self) -> bool:
        """Seen from all seats (a finished game only)."""
        return self.seat == EVERYONE

    @property
    def home(self) -> int:
        """The seat whose chair the table is seen from: the chosen seat, or the first when all are."""
        return self.seats[0] if self.everyone else self.seat

    def next_seat(self) -> None:
        i = self.choices.index(self.seat)
        self.seat = self.choices[(i + 1) % len(self.choices)]
        self.shown = None
        self.camera.fit()
        self._rebuild()

    def close(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    # -- what is shown ---------------------------------------------------------------------------------------
    def view(self):
        """The seat's view at the step, or the public one and every seat's holdings (made once per step and
        choice)."""
        if self._at != (self.step, self.seat):
            state = self.replay.state_at(self.step)
            if self.everyone:
                self._state_view, self._holdings = everyone_view(state, self.home)
            else:
                self._state_view, self._holdings = seat_view(state, self.seat), ()
            self._log = self.replay.events_until(self.step)
            self._at = (self.step, self.seat)
        return self._state_view

    def ensure_frame(self) -> TableFrame:
        v = self.view()
        shown = self.home if self.shown is None else self.shown
        sit = replay_situation(v, self._log, self.ctx.window_size, self.record.styles, self.camera, step=self.step,
                               shown=shown, mouse=self.mouse, everyone=self._holdings)
        self.frame = layout_table(sit, self.memo)
        return self.frame

    def where(self) -> str:
        st = self.view().state
        total = len(self.replay)
        if self.step >= total and self.replay.over:
            return _("Replay · the end of the game · {step}/{total}").format(step=self.step, total=total)
        return _("Replay · {when} · {step}/{total}").format(when=decade_and_round(st.decade, st.round_pos),
                                                            step=self.step, total=total)

    # -- widgets ----------------------------------------------------------------------------------------------
    def _controls(self) -> Controls:
        """The panel over the action bar: its line of words, its six step buttons (back on the first row, on
        on the second) and its seat and Back buttons. Every frame draws the panel: it is worked out again only
        when the window, its pixel ratio or the text size change."""
        key = (self.ctx.window_size, layout.pixel_ratio(), assets.text_scale())
        if self._placed is None or self._placed[0] != key:
            self._placed = key, self._place_controls()
        return self._placed[1]

    def _place_controls(self) -> Controls:
        rects = table_rects(self.ctx.window_size)
        s = rects.scale
        pad, gap = round(8 * s), round(4 * s)
        inner = rects.actions.inflate(-2 * pad, -2 * pad)
        # the line of words as tall as its text (a large text size), the buttons sharing the rest
        head_h = max(round(22 * s), assets.font("heading", _where_size(rects.actions, s)).get_linesize())
        head = pygame.Rect(inner.left, inner.top, inner.width, head_h)
        below = max(gap, focus.ring_reach(s))  # the focus ring on a button of the first row leaves the words whole
        row_h = (inner.bottom - head.bottom - below - 2 * gap) // 3
        weights = (1.2, 1.0, 1.0)  # by decade, ball, turn: the longest word gets the widest button
        widths = [int((inner.width - 2 * gap) * w / sum(weights)) for w in weights]
        lefts = [inner.left, inner.left + widths[0] + gap, inner.left + widths[0] + widths[1] + 2 * gap]
        steps = [pygame.Rect(lefts[i % 3], head.bottom + below + (i // 3) * (row_h + gap), widths[i % 3], row_h)
                 for i in range(6)]
        y = head.bottom + below + 2 * (row_h + gap)
        seat_w = widths[0] + widths[1] + gap
        lower = [pygame.Rect(inner.left, y, seat_w, row_h), pygame.Rect(inner.left + seat_w + gap, y,
                                                                        inner.width - seat_w - gap, row_h)]
        return rects.actions, head, steps, lower

    def build_widgets(self) -> None:
        if self.ctx.ui is None:
            return
        _panel, _head, steps, lower = self._controls()
        r = self.replay
        decade_back = _("Back to the start of the decade ({keys})").format(keys=shortcuts.keys("←"))
        decade_on = _("On to the next decade ({keys})").format(keys=shortcuts.keys("→"))
        moves = [
            (_("« Decade"), lambda: self.back(r.decades), decade_back),
            (_("‹ Ball"), lambda: self.back(r.balls), _("Back to the last ball (Page Up)")),
            (_("‹ Turn"), lambda: self.back(r.turns), _("One turn back (←)")),
            (_("Decade »"), lambda: self.forward(r.decades), decade_on),
            (_("Ball ›"), lambda: self.forward(r.balls), _("On to the next ball (Page Down)")),
            (_("Turn ›"), lambda: self.forward(r.turns), _("One turn on (→)")),
        ]
        self.buttons = {}
        for rect, (label, act, tip) in zip(steps, moves, strict=True):
            self.buttons[self.track(widgets.button(self.ctx.ui, rect, label, "quiet", tooltip=tip))] = act
        if self.everyone:
            seat_label = _("All seats")
            seat_tip = _("Every player's screen open, every card named: the game is over.")
        else:
            name = self.record.names[self.seat]
            seat_label = _("Seen by {name}").format(name=name)
            seat_tip = _("Whose view: only what that player could see then.")
            if widgets.label_width(self.ctx.window_size, seat_label) > lower[0].width:  # the name alone, else its
                # first word (a long name in a small window): the tooltip says whose view it is
                short = name if widgets.label_width(self.ctx.window_size, name) <= lower[0].width else name.split()[0]
                seat_label, seat_tip = short, f"{seat_label}. {seat_tip}"
        seat_button = self.track(widgets.button(self.ctx.ui, lower[0], seat_label, None, tooltip=seat_tip))
        if len(self.choices) < 2:
            seat_button.disable()
        self.buttons[seat_button] = self.next_seat
        self.buttons[self.track(widgets.button(self.ctx.ui, lower[1], _("Back"), "quiet",
                                               tooltip=_("Leave the replay (Esc)")))] = self.close

    def controls(self) -> list[focus.Focusable]:
        """The steps back and on, whose view, and Back (← and → step through turns whatever has the focus)."""
        return [focus.button_control(self, f"replay:{i}", b) for i, b in enumerate(self.buttons)]

    def _rebuild(self) -> None:
        if self.is_top:
            self.drop_widgets()
            self.build_widgets()

    # -- events ---------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.rest.tick(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element]()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        hot = self.frame.region_at(pos) if self.frame is not None else None
        if hot is None:
            return False
        target = hot.target
        if isinstance(target, Miniature):
            self.shown = None if target.seat == self.home else target.seat
        elif isinstance(target, ControlButton) and target.control in (Control.BACK, Control.FIT):
            self.shown = None if target.control == Control.BACK else self.shown
        else:
            return False
        self.camera.fit()
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        r, k, ctrl = self.replay, event.key, shortcuts.held(event.mod)
        if k not in (pygame.K_LEFT, pygame.K_RIGHT) and self.handle_focus(event):
            return True
        keys = {
            pygame.K_ESCAPE: self.close, pygame.K_HOME: lambda: self.go(0), pygame.K_END: lambda: self.go(len(r)),
            pygame.K_PAGEUP: lambda: self.back(r.balls), pygame.K_PAGEDOWN: lambda: self.forward(r.balls),
            pygame.K_LEFT: (lambda: self.back(r.decades)) if ctrl else (lambda: self.back(r.turns)),
            pygame.K_RIGHT: (lambda: self.forward(r.decades)) if ctrl else (lambda: self.forward(r.turns)),
        }
        if k in keys:
            keys[k]()
            return True
        return False

    def on_resize(self, size: tuple[int, int]) -> None:
        self.memo.clear()
        self.painter.clear()
        self.camera.fit()
        super().on_resize(size)

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        frame = self.ensure_frame()
        self.painter.paint_panels(surface, frame, self.mouse)
        s = frame.rects.scale
        panel, head, _steps, _lower = self._controls()
        widgets.panel(surface, panel, s)
        where = fit_text(self.where(), "heading", _where_size(panel, s), head.width, INK)
        surface.blit(where, where.get_rect(midleft=head.midleft))
        hot = frame.region_at(self.mouse)
        if hot is not None and (not hot.tip or panel.collidepoint(self.mouse)):
            hot = None
        self.rest.over(hot.key if hot is not None else None)
        spot = self.rest.spot(self.mouse)
        if hot is not None and spot is not None:
            draw_tooltip(surface, hot.tip, spot, s, pointer=self.mouse)


def _where_size(panel: pygame.Rect, s: float) -> int:
    """The design size of the replay panel's line of words: at most a fifth of the panel's height when drawn."""
    return within(16 * s, panel.height / 5)
