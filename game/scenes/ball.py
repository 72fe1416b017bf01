"""The masked ball (R-BALL), shown, not skipped.

The table pushes ``BallScene(ctx, session, events)`` when a BALL_STARTED event arrives, with the events that
came with it (markers placed at once for players with nothing to hand back, perhaps the whole ball).

What the scene shows, in the rulebook's order:
  * the prestige track 0..20+ with the title thresholds (Viscount 2, Earl 6, Marquess 10, Duke 14) and how
    many of each title the court has to give;
  * one card per noble in ball order (the Queen holder first, clockwise) listing their prestige sources:
    fountains, free gardens, knights on others' gardens, palaces; what they hand back; where their marker
    landed;
  * markers hopping onto the track one by one;
  * when a human decides (``state.step == BALL_SPEND``): their screen's bribes and scandal cards, buttons
    to hand each back (engine actions through ``session.apply``), and "Place my marker at N" with N the
    space it will land on after collisions (``rules.flow.prestige_space``). With several humans at one
    screen, a curtain hides the private part until that human confirms "I am <name>";
  * then the titles in prestige order with their VP, and Continue.

The scene lays itself out as typed regions (:meth:`BallScene.lay_out`, :mod:`game.table.ball_frame`): its
buttons stand where their regions are, and what is drawn over the ball (the tutorial's guide, the coach's hint)
attaches through the same hook as at the table (:mod:`game.table.overlay`): it may allow only some hand-backs,
hears of each one taken, takes events first, draws over the laid-out ball and may hold the ball open.

Computer players' decisions arrive through ``session.update(dt)``, called every frame while the ball is
running; the session is held (``session.paused``) while an animation plays and once the ball is over, so
nothing beyond the ball happens while this scene is up. The previous ``paused`` value is restored on exit.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Iterator

import pygame

from game.i18n import _, ngettext, roman
from game.scenes.ball_layout import THRESHOLDS, BallLayout
from game.scenes.ball_words import A_CARD, BRIBE, HANDED, SOURCE_ART, SOURCE_SHORT, SOURCE_WORDS, handed_words
from game.scenes.decade import InterludeScene, ordinal
from game.table import estate_draw
from game.table.ball_frame import BallFrame
from game.table.coach import BallCoach
from game.table.overlay import Overlay, pointed
from game.table.targets import BallButton, BallControl, HandBack
from game.ui import anim, assets, focus, widgets
from game.ui.draw import common_size, fit_text, fits, within
from game.ui.event_words import event_words
from game.ui.pieces import TITLE_NAMES
from game.ui.refusal_words import refused_in_words
from game.ui.theme import GOLD, GOLD_DARK, INK, MUTED, OXBLOOD, PANEL, PARCHMENT, PARCHMENT_LIGHT
from rules import (
    Action,
    Card,
    Decision,
    Event,
    EventKind,
    HandBackBribe,
    HandBackCard,
    IllegalActionError,
    PlacePrestige,
    PrestigeSource,
    Title,
    ball_order,
    base_prestige,
    board,
    prestige_space,
)
from rules import prestige_sources as rules_prestige_sources

E = EventKind
#: seconds (normal speed) of each step of the ball
HOP_SECONDS = 0.8
HAND_BACK_SECONDS = 0.5
TITLE_SECONDS = 0.7


def card_art(card: Card) -> str:
    return "card-" + card.title.lower().replace(" ", "-")


def prestige_sources(state, seat: int) -> list[tuple[str, PrestigeSource, int, int]]:
    """(art, source, count, prestige) for each R-BALL-2 source of ``seat``, as the engine counts them."""
    return [(SOURCE_ART[source], source, count, prestige)
            for source, count, prestige in rules_prestige_sources(state, seat)]


class BallScene(BallLayout, InterludeScene):
    name = "ball"
    help_topic = "ball"

    def __init__(self, ctx, session, events: list[Event] | None = None) -> None:
        super().__init__(ctx, session)
        state = self.state
        n = state.n
        self.decade = state.decade
        self.which = 1 if state.round_pos <= board.BALL_SPACES[0] else 2
        self.order = ball_order(state)
        self.queen = self.order[0]
        self.base = {seat: base_prestige(state, seat) for seat in range(n)}
        self.sources = {seat: prestige_sources(state, seat) for seat in range(n)}
        self.supply = list(state.titles_supply)
        # what is shown (it trails the engine while animations play)
        self.places: dict[int, int] = {}
        self.handed: dict[int, list[tuple[str, int]]] = {seat: [] for seat in range(n)}  # (what, prestige)
        self.titles: dict[int, tuple[Title, int]] = {}
        self.rank: list[int] = []
        self.queue: deque[Event] = deque()
        self.step: tuple[str, int, anim.Tween, Event] | None = None
        self.confirmed: int | None = None  # the human who passed the curtain for the current decision
        self.buttons: dict[object, object] = {}
        self.overlays: list[Overlay[BallFrame]] = []  # drawn over the ball, in this order (see attach)
        self.coach: BallCoach | None = None  # the hint, when the table brought its coach along
        self._was_paused = session.paused
        self._listening = False
        self._ended = False
        self._initial(events)

    # -- events ---------------------------------------------------------------------------------------------
    def _initial(self, events: list[Event] | None) -> None:
        if events:
            start = max((i for i, e in enumerate(events) if e.kind == E.BALL_STARTED), default=-1)
            self.queue.extend(events[start + 1:])
            return
        state = self.state
        ball = state.ball
        if ball is not None:  # nobody told us: the markers already placed
            for seat in ball.order[:ball.index]:
                if ball.places[seat] >= 0:
                    if ball.places[seat] > self.base[seat]:  # handed back at least this much
                        self.handed[seat].append((HANDED, ball.places[seat] - self.base[seat]))
                    self.queue.append(Event(E.PRESTIGE_PLACED, seat, ball.places[seat]))
        elif state.ball_titles:  # the ball is over already: its titles, best first
            titles = state.ball_titles[-1]
            for seat in sorted(self.order, key=lambda s: -titles[s]):
                t = titles[seat]
                self.queue.append(Event(E.TITLE_AWARDED, seat, board.TITLE_VP[t], title=t))

    def _listen(self, events: list[Event]) -> None:
        self.queue.extend(events)
        if any(e.kind in (E.TITLE_AWARDED, E.PRESTIGE_PLACED) for e in events) or self.state.ball is None:
            self.session.paused = True  # stop the session from running on while we show this

    @property
    def ball_running(self) -> bool:
        return self.state.ball is not None and self.state.step == Decision.BALL_SPEND

    @property
    def busy(self) -> bool:
        return self.step is not None or bool(self.queue)

    @property
    def ready(self) -> bool:
        return not self.busy and not self.ball_running

    @property
    def phase(self) -> str:
        if self.titles or (not self.ball_running and not self.busy):
            return "titles"
        return "ball"

    @property
    def titles_shown(self) -> bool:
        """The ball's titles have all been given out and shown."""
        return bool(self.titles) and self.ready

    def holding(self) -> bool:
        return any(overlay.holds() for overlay in self.overlays)

    def attach(self, overlay: Overlay[BallFrame]) -> None:
        """``overlay`` is drawn over the ball from now on and steers it through the hook of
        :mod:`game.table.overlay`: it may refuse a hand-back, hears of those taken, takes events first."""
        self.overlays.append(overlay)
        if isinstance(overlay, BallCoach):
            self.coach = overlay

    def hint_state(self) -> str:
        """The Hint button's state: "" (none), "offered", "thinking" or "ready"."""
        coach = self.coach
        return (coach.state or "offered") if coach is not None and coach.offered else ""

    def _next(self) -> None:
        """Start showing the next queued event that has something to show."""
        while self.queue and self.step is None:
            e = self.queue.popleft()
            if e.kind == E.PRESTIGE_PLACED:
                self.step = ("hop", e.seat, anim.Tween(0.0, 1.0, HOP_SECONDS, ease=anim.ease_in_out_quad,
                                                         speed=self.speed), e)
            elif e.kind in (E.BRIBES_RETURNED, E.CARD_HANDED_BACK):
                self.step = ("hand", e.seat, anim.Tween(0.0, 1.0, HAND_BACK_SECONDS, ease=anim.ease_out_cubic,
                                                          speed=self.speed), e)
            elif e.kind == E.TITLE_AWARDED:
                self.step = ("title", e.seat, anim.Tween(0.0, 1.0, TITLE_SECONDS, ease=anim.ease_out_back,
                                                           speed=self.speed), e)
            if self.step is not None and self.step[2].done:
                self._land()

    def _land(self) -> None:
        """The current step's animation ended: it becomes part of what is shown."""
        kind, seat, _tween, e = self.step
        self.step = None
        if kind == "hop":
            self.places[seat] = e.amount
        elif kind == "hand":
            if e.kind == E.BRIBES_RETURNED:
                self.handed[seat].append((BRIBE, e.amount))
            else:
                seen = e.seen_by(self.viewer)
                card = seen.card if seen.card is not None else (seen.cards[0] if seen.cards else None)
                self.handed[seat].append((card if card is not None else A_CARD, e.amount))
        elif kind == "title" and e.title is not None:
            self.titles[seat] = (e.title, e.amount)
            self.rank.append(seat)

    def advance(self, dt: float) -> None:
        if not self._listening and not self.finished:
            self.session.add_listener(self._listen)
            self._listening = True
        left = dt
        for _step in range(64):  # several instant steps may finish in one frame
            self._next()
            if self.step is None:
                break
            left = self.step[2].update(left)
            if not self.step[2].done:
                break
            self._land()
        if not self.busy and self.ball_running:
            self.session.paused = False
            self.session.update(dt)  # computer players' decisions arrive through the listener
        else:
            self.session.paused = True
        if self.confirmed is not None and self.confirmed != self.state.decider:
            self.confirmed = None
        if self.is_top:
            for overlay in self.overlays:
                overlay.update(dt)

    def skip(self) -> None:
        for _step in range(256):
            if self.step is None and not self.queue:
                break
            self._next()
            if self.step is not None:
                self.step[2].finish()
                self._land()

    def exit(self) -> None:
        super().exit()
        if self._listening:
            self.session.remove_listener(self._listen)
            self._listening = False
        with contextlib.suppress(AttributeError):
            self.session.paused = self._was_paused

    # -- the human's decision ----------------------------------------------------------------------------------
    def _blocking(self) -> bool:
        """Something other than the decider's own hand-backs is still being shown."""
        hand = (E.BRIBES_RETURNED, E.CARD_HANDED_BACK)
        if self.step is not None and not (self.step[0] == "hand" and self.step[1] == self.state.decider):
            return True
        return any(e.kind not in hand or e.seat != self.state.decider for e in self.queue)

    def human_deciding(self) -> bool:
        return self.ball_running and not self._blocking() and self.session.is_human(self.state.decider)

    def needs_curtain(self) -> bool:
        return self.human_deciding() and len(self.session.human_seats()) > 1 and self.confirmed != self.state.decider

    def show_private(self) -> bool:
        return self.human_deciding() and not self.needs_curtain()

    @property
    def viewer(self) -> int | None:
        """Whose private things the shared parts of the ball may name: the one human's (None with several)."""
        humans = self.session.human_seats()
        return humans[0] if len(humans) == 1 else None

    def landing(self) -> tuple[int, int]:
        """(total prestige, space the decider's marker lands on) if placed now."""
        ball = self.state.ball
        total = ball.base + ball.extra
        return total, prestige_space(ball.places, total)

    def widget_key(self) -> object:
        state = self.state
        if self.show_private():
            me = self.session.view(state.decider).me
            return ("decide", state.decider, me.bribes, tuple(sorted(me.cards)), state.ball.extra,
                    tuple(state.ball.places), self.hint_state())
        if self.needs_curtain():
            return ("curtain", state.decider)
        return ("wait", self.ready, self.may_leave)

    def build_widgets(self) -> None:
        """The buttons, each where the layout put its region (:meth:`lay_out`)."""
        self.buttons = {}
        ui = self.ctx.ui
        for region in self.lay_out().regions:
            target = region.target
            if isinstance(target, HandBack):
                b = widgets.button(ui, region.rect, _("Hand back"), "quiet", tooltip=region.tip)
                if not region.enabled:
                    b.disable()
            elif isinstance(target, BallButton) and target.control == BallControl.PLACE:
                b = widgets.button(ui, region.rect, self.place_label(), tooltip=region.tip)
            elif isinstance(target, BallButton) and target.control == BallControl.HINT:
                label = _("Thinking…") if self.hint_state() == "thinking" else _("Hint")
                b = widgets.button(ui, region.rect, label, "quiet", tooltip=region.tip)
                if not region.enabled:
                    b.disable()
            elif isinstance(target, BallButton) and target.control == BallControl.CURTAIN:
                b = widgets.button(ui, region.rect, self.curtain_label(region.rect.width)[0], tooltip=region.tip)
            elif isinstance(target, BallButton) and target.control == BallControl.CONTINUE:
                super().build_widgets()
                continue
            else:
                continue
            self.buttons[self.track(b)] = target

    def controls(self) -> list[focus.Focusable]:
        """The overlays' buttons, then the ball's by their regions' keys: what may be handed back, left to right,
        then the marker's, the focus on the one an overlay points to (a hint's); the curtain's "I am ..."; Continue."""
        overlays = [control for overlay in self.overlays for control in overlay.focusables()]
        if self.continue_button is not None:
            return overlays + super().controls()
        found = [focus.button_control(self, target.key, b) for b, target in self.buttons.items()]
        controls = overlays + sorted(found, key=lambda c: (c.key == BallControl.PLACE.value, c.rect.x))
        self.ring.follow(pointed(self.overlays, self.lay_out() if self.overlays else None), controls)
        return controls

    def default_control(self) -> str | None:
        """An overlay's first button (the guide speaks first), else the marker's or the curtain's."""
        above = [control for overlay in self.overlays for control in overlay.focusables()]
        return above[0].key if above else (BallControl.PLACE if self.show_private() else BallControl.CURTAIN).value

    def on_button(self, element) -> bool:
        target = self.buttons.get(element)
        if target is None:
            return False
        if isinstance(target, BallButton) and target.control == BallControl.CURTAIN:
            self.confirmed = self.state.decider
            return True
        if isinstance(target, BallButton) and target.control == BallControl.HINT:
            if self.coach is not None:
                self.coach.ask()
        elif isinstance(target, HandBack):
            self.do(HandBackBribe() if target.card is None else HandBackCard(target.card))
        elif isinstance(target, BallButton) and target.control == BallControl.PLACE:
            self.do(PlacePrestige())
        return True

    def do(self, action: Action) -> bool:
        """Take the deciding human's ``action`` if every overlay allows it; a refused one is told, never raised."""
        if not self.show_private() or not all(overlay.allows(action) for overlay in self.overlays):
            return False
        try:
            self.session.apply(action)
        except IllegalActionError:
            self.toast.show(refused_in_words(self.session.view(self.state.decider), action, self.state.names))
            return False
        for overlay in self.overlays:
            overlay.done(action)
        return True

    def notice(self, message: str, seconds: float = 2.5) -> None:
        self.toast.show(message, seconds)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if any(overlay.process_event(event) for overlay in self.overlays):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and self.coach is not None:
            return self.coach.ask() or True
        if event.type == pygame.KEYDOWN and (self.needs_curtain() or self.human_deciding()) and \
                self.handle_focus(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.needs_curtain():
                return True  # a deliberate click on "I am ..." only
            if self.human_deciding():
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.human_deciding():
            return False
        return super().handle_event(event)

    # -- drawing --------------------------------------------------------------------------------------------------
    def prepare_parts(self, surface: pygame.Surface) -> Iterator[None]:
        lay = self._layout()
        for part, rect in ((self._draw_track, lay["track"]), (self._draw_cards, lay["cards"]),
                           (self._draw_bottom, lay["bottom"])):
            part(surface, rect)
            yield

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        lay = self._layout()
        which = (_("Decade {decade} · the first ball · titles are won anew by prestige") if self.which == 1 else
                 _("Decade {decade} · the second ball · titles are won anew by prestige"))
        self.draw_banner(surface, lay["banner"], _("A Masked Ball"), which.format(decade=roman(self.decade)))
        self._draw_track(surface, lay["track"])
        self._draw_cards(surface, lay["cards"])
        self._draw_bottom(surface, lay["bottom"])
        self._draw_moving(surface, lay)
        self.toast.draw(surface, bottom=lay["bottom"].top)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.overlays:
            frame = self.lay_out()
            for overlay in self.overlays:
                overlay.draw(surface, frame)

    # the prestige track
    def _draw_track(self, surface: pygame.Surface, track: pygame.Rect) -> None:
        s = self.scale
        widgets.panel(surface, track, s, fill=PANEL)
        rects = self._space_rects(track)
        # title bands under the spaces: the titles above the Baron's drawn alike (the Baron's band is the narrowest)
        bands = self._bands(track)
        common = self._band_fit([b for b in bands if b[0] != Title.BARON])
        for i, (title, start, band) in enumerate(bands):
            shade = (122, 31, 43, 30 + 22 * i)
            tint = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(tint, shade, tint.get_rect(), border_radius=round(4 * s))
            surface.blit(tint, band)
            form, size = self._band_fit([(title, start, band)]) if title == Title.BARON else common
            self._draw_band(surface, band, self._band_forms(band, title, start, size)[form])
        # the spaces
        preview = self.landing()[1] if self.show_private() else None
        # the numbers within their spaces at any text size (the widest, "20", as wide as a space allows)
        num_size = common_size([str(len(rects) - 1)], "heading", within(22 * s, rects[0].height * 0.75),
                               rects[0].width - round(4 * s))
        for i, r in enumerate(rects):
            threshold = any(start == i for _t, start in THRESHOLDS)
            fill = PARCHMENT_LIGHT if i not in self.places.values() else (235, 222, 190)
            pygame.draw.rect(surface, fill, r, border_radius=round(5 * s))
            pygame.draw.rect(surface, GOLD_DARK if threshold else MUTED, r,
                             width=max(1, round((2.5 if threshold else 1) * s)), border_radius=round(5 * s))
            if i == preview:
                pygame.draw.rect(surface, OXBLOOD, r.inflate(round(6 * s), round(6 * s)),
                                 width=max(2, round(3 * s)), border_radius=round(7 * s))
            colour = OXBLOOD if threshold else INK
            widgets.blit_text(surface, str(i), "heading", num_size, colour, center=r.center)
        heading = widgets.text(_("Prestige"), "heading", round(16 * s), MUTED)
        surface.blit(heading, (self.heading_x(track, heading.get_width()), track.top + round(6 * s)))
        # markers at rest
        size = self._marker_size(track)
        moving = self.step[1] if self.step is not None and self.step[0] == "hop" else None
        for space in sorted(set(self.places.values())):
            for seat in [x for x in self.order if self.places.get(x) == space]:
                if seat == moving:
                    continue
                estate_draw.draw_marker(surface, self._marker_pos(track, seat, space), size, self.style(seat))
        if preview is not None:
            ghost = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
            estate_draw.draw_marker(ghost, (size, size), size, self.style(self.state.decider))
            ghost.set_alpha(120)
            x, y = self._marker_pos(track, self.state.decider, preview)
            surface.blit(ghost, (x - size, y - size))

    def _draw_band(self, surface: pygame.Surface, band: pygame.Rect, parts: list[pygame.Surface]) -> None:
        """A title's band under its spaces, showing ``parts`` side by side."""
        x = band.centerx - self._band_width(parts) // 2
        for part in parts:
            surface.blit(part, part.get_rect(midleft=(x, band.centery)))
            x += part.get_width() + round(6 * self.scale)

    # the nobles
    def _draw_cards(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        s = self.scale
        deciding = self.state.decider if self.ball_running and not self._blocking() else None
        for i, (seat, rect) in enumerate(zip(self.order, self._card_rects(area), strict=True)):
            style = self.style(seat)
            active = seat == deciding
            widgets.panel(surface, rect, s, fill=PARCHMENT_LIGHT if active else PANEL,
                          border=OXBLOOD if active else MUTED, hairline=GOLD)
            stripe = pygame.Rect(rect.left + round(6 * s), rect.top + round(6 * s), rect.width - round(12 * s),
                                 round(4 * s))
            pygame.draw.rect(surface, pygame.Color(style.colour), stripe, border_radius=round(2 * s))
            pad = round(12 * s)
            x = rect.left + pad
            y = rect.top + round(14 * s)
            badge = round(34 * s)
            if seat not in self.places and not (self.step and self.step[0] == "hop" and self.step[1] == seat):
                estate_draw.draw_marker(surface, (x + badge // 2, y + badge // 2), badge, style)
            else:
                estate_draw.draw_crest_badge(surface, (x + badge // 2, y + badge // 2), badge, style)
            # the name's drawn height at most a seventh of the card's: at a large text size the rest needs the room
            name_size = within(max(15, round(min(22 * s, rect.width * 0.11))), rect.height * 0.14)
            max_name = rect.right - pad - (x + badge + round(8 * s)) - (round(24 * s) if seat == self.queen else 0)
            size, lines, _whole = widgets.name_block(self.seat_name(seat), name_size, max_name)
            top = y - round(2 * s)
            for line in lines:  # a long name in two lines at a smaller size, never cut
                name = widgets.text(line, "heading", size, INK)
                surface.blit(name, (x + badge + round(8 * s), top))
                top += name.get_height() - round(4 * s)
            # "... · the Queen" where it fits the card (else the Queen's picture in its corner says it)
            place = _("{place} to place").format(place=ordinal(i + 1))
            sub_x, sub_room = x + badge + round(8 * s), rect.right - pad - (x + badge + round(8 * s))
            queen_sub = _("{place} to place · the Queen").format(place=ordinal(i + 1))
            sub = queen_sub if seat == self.queen and fits(queen_sub, "italic", round(13 * s), sub_room) else place
            sub_img = fit_text(sub, "italic", round(13 * s), sub_room, MUTED)
            sub_rect = surface.blit(sub_img, (sub_x, top))
            if seat == self.queen:
                q = round(26 * s)
                surface.blit(assets.image("queen", (q, q)), (rect.right - pad - q, y))
            y = max(y + badge, sub_rect.bottom) + round(6 * s)
            self._draw_sources(surface, seat, pygame.Rect(x, y, rect.width - 2 * pad, rect.bottom - y - pad))

    def _draw_sources(self, surface: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        s = self.scale
        line_h = round(min(21 * s, area.height / 8.2))
        icon = max(8, line_h - round(3 * s))
        size = within(14 * s, line_h * 0.72)
        font = assets.font("ui", size)
        y = area.top
        for art, source, count, points in self.sources[seat]:
            colour = INK if count else MUTED
            tint = self.style(seat).colour if art == "knight" else None
            pic = assets.image(art, (icon, icon), tint=tint)
            if not count:
                pic = pic.copy()
                pic.set_alpha(90)
            surface.blit(pic, (area.left, y + (line_h - icon) // 2))
            pts = font.render(f"{points}", True, colour)
            room = area.width - icon - round(6 * s) - pts.get_width() - round(6 * s)
            text = font.render(SOURCE_WORDS[source](count).format(n=count), True, colour)
            if text.get_width() > room:
                text = font.render(SOURCE_SHORT[source](count).format(n=count), True, colour)
            surface.blit(text, (area.left + icon + round(6 * s), y + (line_h - text.get_height()) // 2))
            surface.blit(pts, pts.get_rect(midright=(area.right, y + line_h // 2)))
            y += line_h
        handed = self.handed[seat]
        live = self.ball_running and self.state.decider == seat and not self._blocking()
        extra = sum(p for _l, p in handed)
        if handed:
            labels = {}
            for label, _p in handed:
                labels[label] = labels.get(label, 0) + 1
            text = ", ".join(handed_words(what, c) for what, c in labels.items())
            pic = assets.image("bribe", (icon, icon))
            surface.blit(pic, (area.left, y + (line_h - icon) // 2))
            body = font.render(text, True, OXBLOOD)
            maxw = area.width - icon - round(6 * s) - round(30 * s)
            if body.get_width() > maxw:
                body = font.render(ngettext("{count} handed back", "{count} handed back", len(handed)).format(
                    count=len(handed)), True, OXBLOOD)
            surface.blit(body, (area.left + icon + round(6 * s), y + (line_h - body.get_height()) // 2))
            pts = font.render(f"+{extra}", True, OXBLOOD)
            surface.blit(pts, pts.get_rect(midright=(area.right, y + line_h // 2)))
            y += line_h
        # the rule and the total
        y += round(3 * s)
        pygame.draw.line(surface, GOLD_DARK, (area.left, y), (area.right, y), max(1, round(s)))
        y += round(4 * s)
        total = self.base[seat] + extra
        big = within(24 * s, line_h * 1.2)
        if seat in self.titles:
            self._draw_title(surface, seat, pygame.Rect(area.left, y, area.width, area.bottom - y))
            return
        label = widgets.text(_("Prestige"), "body", within(17 * s, line_h * 0.9), INK)
        surface.blit(label, (area.left, y))
        value = widgets.text(str(total), "heading", big, INK)
        surface.blit(value, value.get_rect(topright=(area.right, y - round(3 * s))))
        y += max(label.get_height(), value.get_height())
        if seat in self.places:
            place = self.places[seat]
            note = (_("marker on {place} ({total} taken)") if place != total else _("marker on {place}")).format(
                place=place, total=total)
            colour = INK
        elif live:
            note = _("is deciding…")
            colour = OXBLOOD
        elif self.step is not None and self.step[1] == seat and self.step[0] == "hop":
            note = _("places the marker…")
            colour = OXBLOOD
        else:
            note = _("waits to place")
            colour = MUTED
        widgets.blit_text(surface, note, "italic", within(15 * s, line_h * 0.8), colour, topleft=(area.left, y))

    def _draw_title(self, surface: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        s = self.scale
        title, vp = self.titles[seat]
        t = 1.0
        if self.step is not None and self.step[0] == "title" and self.step[1] == seat:
            t = self.step[2].eased
        rank = self.rank.index(seat) + 1 if seat in self.rank else 0
        note = None
        if rank:  # under the seal, where the card has room for it once the seal's words are readable
            place = self.places.get(seat)
            words = (_("{rank} in prestige · on {place}") if place is not None else _("{rank} in prestige")).format(
                rank=ordinal(rank), place=place)
            note = fit_text(words, "italic", round(13 * s), area.width, MUTED)
        for foot in (note, None):  # with the note where the seal's words and it fit, else without it
            h = max(10, min(area.height - (foot.get_height() + round(2 * s) if foot else 0), round(46 * s)))
            name = widgets.text(TITLE_NAMES[title], "heading", within(22 * s, h * 0.55), OXBLOOD)
            vp_img = widgets.gold_text(_("+{vp} VP").format(vp=vp), within(22 * s, h * 0.5))
            words_h = max(round(h * 0.48), name.get_height() - round(6 * s)) + vp_img.get_height()
            if foot is None or words_h + foot.get_height() <= area.height:
                break
        note = foot
        if words_h > area.height:  # a short card at a large text size: the seal's words sized to its height
            name = widgets.text(TITLE_NAMES[title], "heading", within(22 * s, area.height * 0.4), OXBLOOD)
            vp_img = widgets.gold_text(_("+{vp} VP").format(vp=vp), within(22 * s, area.height * 0.4))
        w = round(h * 1.9)
        scale_t = max(0.05, t)
        plaque = assets.image(f"title-{title.label}", (max(1, round(w * scale_t)), max(1, round(h * scale_t))))
        surface.blit(plaque, plaque.get_rect(midleft=(area.left, area.top + h // 2)))
        tx = area.left + w + round(8 * s)
        surface.blit(name, (tx, area.top))
        vp_rect = surface.blit(vp_img, (tx, area.top + max(round(h * 0.48), name.get_height() - round(6 * s))))
        if note is not None:
            surface.blit(note, (area.left, max(area.top + h + round(2 * s), vp_rect.bottom)))

    # the bottom panel
    def _draw_bottom(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.scale
        if self.show_private():
            self._draw_decision(surface, rect)
            return
        if self.needs_curtain():
            self._draw_curtain(surface, rect)
            return
        cx = rect.centerx
        if self.ready:
            ranking = [seat for seat in self.rank]
            rule_y = rect.top + round(44 * s)
            if ranking:
                parts = [f"{TITLE_NAMES[self.titles[x][0]]}: {self.seat_name(x)}" for x in ranking]
                line = "   ·   ".join(parts)
                size = round(18 * s)
                img = widgets.text(line, "body", size, INK)
                if img.get_width() > rect.width:
                    img = widgets.text(line, "body", round(size * rect.width / img.get_width()), INK)
                spot = surface.blit(img, img.get_rect(midtop=(cx, rect.top + round(8 * s))))
                rule_y = max(rule_y, spot.bottom + round(9 * s))  # under the ranks at a large text size
            widgets.fleuron_rule(surface, (cx, rule_y), round(360 * s), s)
            self.draw_continue_note(surface)
            return
        text = ""
        if self.step is not None:
            text = event_words(self.step[3], self.state.names, self.viewer)
        elif self.ball_running and not self.busy:  # (not while the markers before the decider's still move)
            seat = self.state.decider
            text = _("{name} considers what to hand back…").format(name=self.seat_name(seat))
        if text:
            widgets.blit_text(surface, text, "italic", round(22 * s), INK, center=(cx, rect.top + round(40 * s)))
        if self.ball_running and not self.busy and self.session.thinking():
            dots = "·" * (1 + int(pygame.time.get_ticks() / 350) % 3)
            widgets.blit_text(surface, dots, "heading", round(30 * s), OXBLOOD, center=(cx, rect.top + round(76 * s)))

    def _draw_curtain(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.scale
        curtain = rect.inflate(-round(60 * s), 0)
        pygame.draw.rect(surface, OXBLOOD, curtain, border_radius=round(8 * s))
        # folds
        folds = pygame.Surface(curtain.size, pygame.SRCALPHA)
        step = max(8, round(26 * s))
        for x in range(0, curtain.width, step):
            pygame.draw.line(folds, (0, 0, 0, 40), (x, 0), (x, curtain.height), max(1, round(6 * s)))
            pygame.draw.line(folds, (255, 255, 255, 18), (x + step // 2, 0), (x + step // 2, curtain.height),
                             max(1, round(3 * s)))
        surface.blit(folds, curtain)
        pygame.draw.rect(surface, GOLD, curtain, width=max(2, round(3 * s)), border_radius=round(8 * s))
        # the heading (smaller for a long name, a large text), and the line under it where it fits above the
        # button (the button's tooltip says it too)
        width, top = curtain.width - round(40 * s), curtain.top + round(10 * s)
        name = self.seat_name(self.state.decider)
        head = widgets.gold_text_within(_("Pass the screen to {name}").format(name=name), round(30 * s), width)
        surface.blit(head, head.get_rect(midtop=(curtain.centerx, top)))
        note = _("The others look away: bribes and scandal cards are about to be shown.")
        y = top + head.get_height()
        if fits(note, "italic", round(16 * s), width):
            line = fit_text(note, "italic", round(16 * s), width, PARCHMENT)
            if y + line.get_height() <= rect.bottom - round(63 * s):
                surface.blit(line, line.get_rect(midtop=(curtain.centerx, y)))

    def _draw_decision(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.scale
        seat = self.state.decider
        view = self.session.view(seat)
        me = view.me
        widgets.panel(surface, rect, s, fill=PARCHMENT_LIGHT, border=OXBLOOD, hairline=GOLD)
        left, _items, right = self._decision_columns(rect)
        x, y = left.left, rect.top + round(10 * s)
        head = fit_text(self.decision_heading(), "heading", round(24 * s), left.width, OXBLOOD)
        surface.blit(head, (x, y))
        y += head.get_height()
        size = self.sums_size(rect)
        font = assets.font("body", size)
        for line, colour in self.sums():
            surface.blit(fit_text(line, "body", size, left.width, colour), (x, y))
            y += font.get_linesize() - round(2 * s)
        # the items behind the screen
        x0, x1 = self._items_span(rect)
        labels = self.item_labels(me)
        items = list(labels)
        slot_w = self._slot_w(x1 - x0, list(labels.values()))
        art_h = self.item_art_h(rect, list(labels.values()), slot_w)
        if not items:
            widgets.blit_text(surface, _("Nothing behind your screen to hand back."), "italic", round(17 * s), MUTED,
                              center=((x0 + x1) // 2, rect.centery))
        # each item's label folds to two lines where one is too narrow (the pictures a line shorter)
        font, room = assets.font("ui", round(13 * s)), slot_w - round(6 * s)
        folded = {key: self.item_label_lines(label, room) for key, label in labels.items()}
        # the labels in one size, the largest at which each line fits (not each shrunk on its own)
        label_size = common_size([line for lines in folded.values() for line in lines], "ui", round(13 * s), room)
        for i, key in enumerate(items):
            cx = x0 + i * slot_w + slot_w // 2
            top = rect.top + round(10 * s)
            if key == "bribe":
                size = min(art_h, slot_w - round(30 * s))
                pic = assets.image("bribe", (size, size))
                surface.blit(pic, pic.get_rect(midtop=(cx, top)))
                count = me.bribes
            else:
                ch = art_h
                cw = round(ch * 0.68)
                pic = assets.image(card_art(key), (cw, ch))
                surface.blit(pic, pic.get_rect(midtop=(cx, top)))
                count = me.cards.count(key)
            if count > 1:
                r = round(13 * s)
                centre = (cx + round(min(slot_w * 0.3, art_h * 0.4)), top + r)
                pygame.draw.circle(surface, OXBLOOD, centre, r)
                pygame.draw.circle(surface, GOLD, centre, r, width=max(1, round(1.5 * s)))
                widgets.blit_text(surface, f"×{count}", "ui-bold", round(12 * s), PARCHMENT_LIGHT, center=centre)
            for k, line in enumerate(folded[key]):
                name = fit_text(line, "ui", label_size, room, INK)
                surface.blit(name, name.get_rect(midtop=(cx, top + art_h + round(2 * s) + k * font.get_linesize())))
        self._draw_help(surface, right, self.help_foot(rect))

    def _draw_help(self, surface: pygame.Surface, column: pygame.Rect, bottom: int) -> None:
        """What handing back means, over the place button, folded to its column: the worth of each kind of item
        is left out where the room is short (each item's label and its button's tooltip say it too), then the
        rest (the place button's tooltip says it)."""
        s = self.scale
        font = assets.font("italic", round(14 * s))
        fine = _("Blackmail +{blackmail}, every other card +{card}, a bribe +{bribe}").format(
            blackmail=board.BLACKMAIL_PRESTIGE, card=board.CARD_PRESTIGE, bribe=board.BRIBE_PRESTIGE)
        paragraphs = [_("Handing back is final. Then place your marker."), fine]
        top = column.top + round(10 * s)
        while paragraphs:
            lines = [line for paragraph in paragraphs for line in widgets.wrap(paragraph, font, column.width)]
            if top + len(lines) * font.get_linesize() <= bottom - round(6 * s):
                break
            paragraphs.pop()
        else:
            return
        for i, line in enumerate(lines):
            widgets.blit_text(surface, line, "italic", round(14 * s), MUTED,
                              topright=(column.right, top + i * font.get_linesize()))

    def _draw_moving(self, surface: pygame.Surface, lay: dict[str, pygame.Rect]) -> None:
        if self.step is None:
            return
        kind, seat, tween, e = self.step
        s = self.scale
        if kind == "hop":
            track = lay["track"]
            start = self._card_anchor(seat)
            end = self._marker_pos(track, seat, e.amount)
            t = tween.eased
            x, y = anim.lerp(start, end, t)
            lift = anim.arc(tween.progress, round(60 * s))
            size = round(anim.lerp(34 * s, self._marker_size(track), t))
            estate_draw.draw_marker(surface, (round(x), round(y)), size, self.style(seat), lifted=lift)
        elif kind == "hand":
            rect = self._card_rects(lay["cards"])[self.order.index(seat)]
            img = widgets.gold_text(f"+{e.amount}", round(34 * s))
            img = img.copy()
            img.set_alpha(round(255 * (1 - tween.progress ** 3)))
            y = rect.centery - round(40 * s * tween.eased)
            surface.blit(img, img.get_rect(center=(rect.centerx, y)))

