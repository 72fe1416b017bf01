"""Game review: the decisions that cost a player the most, with the better move, and a graph of each player's
expected final score through the game; and the small dialog that offers the review or the replay of a game.

The review runs on a daemon thread (:class:`game.ui.background.Job` around
:func:`game.table.review_data.run_review`) with a progress bar, the time still to wait (once its own pace tells
it) and Cancel (which leaves the screen and keeps nothing). Each costly decision says why, for the move played
and the better one, in the words of the hints; where they do not all fit, the list scrolls (the wheel, Page
Up/Down, and the focus moved along it), with a bar at its side saying there is more; the keys' focus stays on a
row in view (it follows the scroll), and its ring inside the list.
A finished review is kept beside the save (:mod:`game.persist.review_cache`), so opening it again is
instant; the save itself is never written. A row of the costliest decisions opens the replay at that moment,
seen by the reviewed player.
"""

from __future__ import annotations

import time

import pygame
import pygame_gui

from game.i18n import _, decade_and_round, ngettext, number
from game.scenes.replay import ReplayScene
from game.table.replay import GameRecord
from game.table.review_data import ReviewData, cached, estates_before, keep, run_review
from game.ui import assets, focus, layout, widgets
from game.ui.background import Job
from game.ui.draw import ScrollArea, fit_text, text
from game.ui.move_words import moves_apart
from game.ui.reason_words import reasons_words
from game.ui.scene import AppContext, WidgetScene
from game.ui.score_graph import draw_score_graph
from game.ui.theme import GOLD, INK, MUTED, OXBLOOD, PARCHMENT_LIGHT, ROYAL_BLUE
from rules import Estate
from rules.bots import REVIEW_SAMPLES, estimate_review

#: the pace of a review is known once this part of it is done and this many seconds went by
PACE_FRACTION, PACE_SECONDS = 0.1, 1.0


def wait_words(seconds: float) -> str:
    """"a few seconds", "less than a minute", "about 3 minutes": a time to wait, no finer than it can be known."""
    if seconds < 15:
        return _("a few seconds")
    if seconds < 50:
        return _("less than a minute")
    minutes = max(1, round(seconds / 60))
    return ngettext("about {n} minute", "about {n} minutes", minutes).format(n=minutes)


def open_coach(ctx: AppContext, record: GameRecord) -> None:
    """Ask whether to review the game or step through it (saying how long a review would take)."""
    seat = (record.humans() or [0])[0]
    size = estimate_review(record.start, record.actions, seat, samples=REVIEW_SAMPLES)
    ctx.stack.push(widgets.ChoiceDialog(
        ctx, _("Study this game"),
        ngettext("Review: the computer looks again at your {n} decision and says what it cost ({time}). Replay: "
                 "step through the game turn by turn.",
                 "Review: the computer looks again at each of your {n} decisions and shows the costliest "
                 "({time}). Replay: step through the game turn by turn.", size.decisions).format(
            n=size.decisions, time=wait_words(size.seconds)),
        [(_("Cancel"), "quiet", None), (_("Replay"), None, lambda: ctx.stack.push(ReplayScene(ctx, record, seat=seat))),
         (_("Review"), None, lambda: ctx.stack.push(ReviewScene(ctx, record, seat=seat)))],
        default=-1, cancel=0))


class ReviewScene(WidgetScene):
    name = "review"
    help_topic = "overview"

    def __init__(self, ctx: AppContext, record: GameRecord, *, seat: int = 0, samples: int = REVIEW_SAMPLES) -> None:
        super().__init__(ctx)
        self.record = record
        self.samples = samples
        self.seat = seat
        self.data: ReviewData | None = None
        self.estates: dict[int, Estate] = {}  # the seat's estate at each costly decision (where its moves place)
        self.job: Job | None = None
        self.error: str | None = None
        self.from_cache = False
        self.started = 0.0  # when it started (time.perf_counter)
        self.buttons: dict[object, object] = {}
        self.rows: list[tuple[pygame.Rect, int]] = []  # the part of each costly decision's row in view, its index
        self.list_area = pygame.Rect(0, 0, 0, 0)  # where the costly decisions are listed (scrolled within it)
        self.scroll = 0  # pixels of the list scrolled out at its top
        self.spans: dict[int, tuple[int, int]] = {}  # each decision's row in the list: its top, its height
        self.content = 0  # the height of the whole list (as last drawn)
        self.mouse = (-1, -1)
        self.start()

    # -- the work -----------------------------------------------------------------------------------------
    def start(self) -> None:
        """Show the seat's review: from the cache, or computed in the background."""
        if self.job is not None:
            self.job.cancel()
        self.job, self.error = None, None
        self.data = cached(self.record, self.seat, self.samples)
        self.estates = estates_before(self.record, self.data) if self.data is not None else {}
        self.from_cache = self.data is not None
        self.scroll, self.spans = 0, {}
        if self.data is None:
            record, seat, samples = self.record, self.seat, self.samples
            self.started = time.perf_counter()
            self.job = Job(lambda progress, cancelled: run_review(record, seat, samples, progress, cancelled),
                           name="noblemen-review")

    def update(self, dt: float) -> None:
        job = self.job
        if job is None or not job.done:
            return
        self.job = None
        result = job.result()
        if job.error is not None or result is None:
            self.error = _("The review could not be made.") if job.error is not None else None
            return
        keep(self.record, self.seat, result)
        self.data = ReviewData.from_dict(result)
        self.estates = estates_before(self.record, self.data)
        self._rebuild()

    def cancel(self) -> None:
        """Stop the review and leave (nothing is kept)."""
        if self.job is not None:
            self.job.cancel()
        self.close()

    def close(self) -> None:
        if self.job is not None:
            self.job.cancel()
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def exit(self) -> None:
        if self.job is not None:
            self.job.cancel()
        super().exit()

    def next_seat(self) -> None:
        self.seat = (self.seat + 1) % len(self.record.seats)
        self.start()
        self._rebuild()

    def replay_at(self, index: int) -> None:
        self.ctx.stack.push(ReplayScene(self.ctx, self.record, seat=self.seat, step=index))

    # -- geometry and widgets --------------------------------------------------------------------------------
    def _layout(self) -> dict[str, pygame.Rect]:
        w, h = layout.logical_size(self.ctx.window_size)
        s = layout.scale_for((w, h))
        m = round(22 * s)
        title, lines = self._heading(w - 2 * m)
        heading = pygame.Rect(m, m, w - 2 * m, title.get_height() + sum(line.get_height() for line in lines))
        bh = round(44 * s)
        foot = pygame.Rect(m, h - m - bh, w - 2 * m, bh)
        body = pygame.Rect(m, heading.bottom + round(10 * s), w - 2 * m, foot.top - heading.bottom - round(22 * s))
        left = pygame.Rect(body.left, body.top, int(body.width * min(0.56, 0.46 * assets.text_scale())), body.height)
        right = pygame.Rect(left.right + round(14 * s), body.top, body.right - left.right - round(14 * s), body.height)
        return {"heading": heading, "foot": foot, "body": body, "left": left, "right": right}

    def _heading(self, width: int) -> tuple[pygame.Surface, list[pygame.Surface]]:
        """The review's title, and the line under it saying whose search looked again (folded where long)."""
        s = layout.scale_for(self.ctx.window_size)
        name = self.record.names[self.seat]
        title = fit_text(_("Review of {name}'s play").format(name=name), "heading", round(32 * s), width, OXBLOOD)
        sub = _("Hard's search looked again at each decision, from what {name} could see then.").format(
            name=widgets.numbered_name(name))  # "Normal / 1" folded read as a count
        lines = widgets.wrap(sub, assets.font("italic", round(15 * s)), width)
        return title, [fit_text(line, "italic", round(15 * s), width, MUTED) for line in lines]

    def build_widgets(self) -> None:
        if self.ctx.ui is None:
            return
        foot = self._layout()["foot"]
        s = layout.scale_for(self.ctx.window_size)
        labels = [_("Next player"), _("Replay"), _("Back")]
        rects = widgets.button_row(self.ctx.window_size, labels, foot, round(210 * s), round(16 * s))
        self.buttons = {}
        if self.job is not None:
            cancel = self.track(widgets.button(self.ctx.ui, rects[1], _("Cancel"), "quiet",
                                               tooltip=_("Stop the review (Esc)"), object_id="cancel"))
            self.buttons[cancel] = self.cancel
            return
        person = self.track(widgets.button(self.ctx.ui, rects[0], labels[0], "quiet",
                                           tooltip=_("Review another player's decisions")))
        self.buttons[person] = self.next_seat
        replay = self.track(widgets.button(self.ctx.ui, rects[1], labels[1], None,
                                           tooltip=_("Step through the game turn by turn")))
        self.buttons[replay] = lambda: self.replay_at(0)
        self.buttons[self.track(widgets.button(self.ctx.ui, rects[2], labels[2], "quiet", tooltip=_("Esc"),
                                               object_id="back"))] = self.close

    def controls(self) -> list[focus.Focusable]:
        """The decisions listed (each opens the replay there), then the buttons."""
        inner = self.list_area.inflate(0, -2 * focus.ring_reach(layout.scale_for(self.ctx.window_size)))
        # (clipped where the list's edge would cut through its ring)
        found = [focus.Focusable(f"review:decision:{index}", rect.clip(inner),
                                 lambda index=index: self.replay_at(index)) for rect, index in self.rows]
        return found + [focus.button_control(self, f"review:button:{i}", b) for i, b in enumerate(self.buttons)]

    def _rebuild(self) -> None:
        if self.is_top:
            self.drop_widgets()
            self.build_widgets()

    # -- events -----------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element]()  # type: ignore[operator]
            return True
        if event.type == pygame.KEYDOWN and self.handle_focus(event):
            self._show_focused()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._scroll_by(self.list_area.height * 4 // 5 * (1 if event.key == pygame.K_PAGEDOWN else -1))
            return True
        if event.type == pygame.MOUSEWHEEL and self.list_area.collidepoint(self.mouse):
            s = layout.scale_for(self.ctx.window_size)
            self._scroll_by(-event.y * 3 * assets.font("ui", round(15 * s)).get_linesize())  # three lines a notch
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    self.replay_at(index)
                    return True
        return False

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        widgets.fill_parchment(surface)
        lay = self._layout()
        s = layout.scale_for(self.ctx.window_size)
        title, lines = self._heading(lay["heading"].width)
        surface.blit(title, title.get_rect(midtop=lay["heading"].midtop))
        y = lay["heading"].top + title.get_height()
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(lay["heading"].centerx, y)))
            y += line.get_height()
        if self.data is None:
            self._draw_progress(surface, lay["body"], s)
            return
        self._draw_costliest(surface, lay["left"], s)
        self._draw_graph(surface, lay["right"], s)

    def _draw_progress(self, surface: pygame.Surface, body: pygame.Rect, s: float) -> None:
        self.rows = []
        width = min(body.width, round(560 * s))
        fraction = self.job.fraction if self.job is not None else 0.0
        text = self.error or _("Reviewing the game… {percent} %").format(percent=round(100 * fraction))
        words = fit_text(text, "heading", round(20 * s), width - round(32 * s), INK)
        time_left = self._time_left(fraction) if self.error is None else None
        left = fit_text(time_left, "italic", round(14 * s), width - round(32 * s), MUTED) if time_left else None
        # as tall as its lines and the bar under them need (at a large text size the time line sat under the bar)
        lines_h = words.get_height() + (left.get_height() + round(2 * s) if left is not None else 0)
        card = pygame.Rect(0, 0, width, max(round(130 * s), round(18 * s) + lines_h + round(12 * s) + round(46 * s)))
        card.center = body.center
        widgets.panel(surface, card, s, fill=PARCHMENT_LIGHT)
        surface.blit(words, words.get_rect(midtop=(card.centerx, card.top + round(18 * s))))
        if left is not None:
            surface.blit(left, left.get_rect(midtop=(card.centerx, card.top + round(20 * s) + words.get_height())))
        bar = pygame.Rect(card.left + round(24 * s), card.bottom - round(46 * s), card.width - round(48 * s),
                          round(22 * s))
        pygame.draw.rect(surface, (228, 211, 174), bar, border_radius=round(6 * s))
        done = bar.copy()
        done.width = round(bar.width * fraction)
        if done.width > 0:
            pygame.draw.rect(surface, ROYAL_BLUE, done, border_radius=round(6 * s))
        pygame.draw.rect(surface, GOLD, bar, max(1, round(2 * s)), border_radius=round(6 * s))

    def _time_left(self, fraction: float) -> str | None:
        """The time still to wait, from the review's own pace; None until the pace is known (a tenth done, a
        second gone: an estimate made before the start was off by a factor of ten)."""
        elapsed = time.perf_counter() - self.started
        if fraction < PACE_FRACTION or elapsed < PACE_SECONDS:
            return None
        return _("{time} left").format(time=wait_words(elapsed * (1 - fraction) / fraction))

    def _draw_costliest(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        data = self.data
        assert data is not None
        pad = round(14 * s)
        head = _headed_panel(surface, rect, _("The costliest decisions"), s)
        count = ngettext("{n} decision reviewed", "{n} decisions reviewed", data.decisions).format(n=data.decisions)
        note = fit_text(count, "italic", round(13 * s), rect.width - 2 * pad, MUTED)
        top = rect.top + round(14 * s) + head.get_height()
        surface.blit(note, (rect.left + pad, top))
        top += note.get_height() + round(6 * s)
        self.rows = []
        if not data.costliest:
            calm = fit_text(_("No decision cost anything measurable."), "body", round(16 * s), rect.width - 2 * pad)
            surface.blit(calm, (rect.left + pad, top + round(10 * s)))
            return
        area = self.list_area = pygame.Rect(rect.left + pad, top, rect.width - 2 * pad, rect.bottom - pad - top)
        # the rows stand a focus ring's reach in from the list's edges (so the ring of a whole row stays in the list),
        # and from the scroll bar's lane where the rows do not all fit
        reach, bar = focus.ring_reach(s), round(16 * s)
        width = area.width - 2 * reach
        if self._lay_rows(width, s) > area.height:
            width = area.width - reach - bar
        total = self.content = self._lay_rows(width, s)
        self.scroll = max(0, min(self.scroll, total - area.height))
        old = surface.get_clip()
        surface.set_clip(ScrollArea(area))
        for d in data.costliest:
            y, height = self.spans[d.index]
            row = pygame.Rect(area.left + reach, area.top + y - self.scroll, width, height - round(4 * s))
            self._draw_row(surface, row, d, s)
            shown = row.clip(area)  # where the focus and a click find it (a row out of view: at the list's edge)
            if not shown.height:
                shown = pygame.Rect(row.left, area.top if row.bottom <= area.top else area.bottom, row.width, 0)
            self.rows.append((shown, d.index))
        surface.set_clip(old)
        if total > area.height:  # a bar at the side: there is more than is shown, and how far down this is
            thumb = max(round(24 * s), area.height * area.height // total)
            y = area.top + (area.height - thumb) * self.scroll // (total - area.height)
            lane = pygame.Rect(area.right - round(6 * s), area.top, round(6 * s), area.height)
            pygame.draw.rect(surface, (228, 211, 174), lane, border_radius=round(3 * s))
            pygame.draw.rect(surface, MUTED, (lane.left, y, lane.width, thumb), border_radius=round(3 * s))

    def _row_lines(self, d, width: int, s: float) -> tuple[list[str], list[str]]:
        """A costly decision's words folded to ``width``: what was played and why, what is better and why."""
        names = self.record.names
        font = assets.font("ui", round(15 * s))
        # the weightiest reason of the move played, the two weightiest of the better one; where they place, when
        # that is all their words would tell apart
        moves = moves_apart(d.played, d.suggested, self.estates.get(d.index), names)
        played = _("Played: {move} ({why})").format(move=moves[0],
                                                    why=reasons_words(d.played_reasons[:1], names, capital=False))
        better = _("Better: {move} ({why})").format(move=moves[1],
                                                    why=reasons_words(d.suggested_reasons[:2], names, capital=False))
        return widgets.wrap(played, font, width, break_words=True), widgets.wrap(better, font, width, break_words=True)

    def _lay_rows(self, width: int, s: float) -> int:
        """Each costly decision's row at ``width`` (:attr:`spans`: as tall as its words); the list's height (a focus
        ring's reach above the first row and below the last)."""
        assert self.data is not None
        reach = focus.ring_reach(s)
        y = reach
        heading = max(assets.font("heading", round(15 * s) + k).get_height() for k in (1, 2))  # when, and the loss
        line = assets.font("ui", round(15 * s)).get_linesize()
        for d in self.data.costliest:
            played, better = self._row_lines(d, width - round(16 * s), s)
            height = heading + line * (len(played) + len(better)) + round(6 * s) + round(4 * s)
            self.spans[d.index] = (y, height)
            y += height
        return y + reach

    def row_height(self, index: int) -> int:
        """The height of a costly decision's row, all of it in view."""
        return self.spans[index][1] - round(4 * layout.scale_for(self.ctx.window_size))

    def scrolled_out(self) -> bool:
        """Some of the costly decisions are out of the list's view."""
        return any(rect.height < self.row_height(index) for rect, index in self.rows)

    def _scroll_by(self, pixels: int) -> None:
        """Scroll the list, stopping where a row passed over would be wholly in view (a tall row is whole only
        within a few pixels of scroll, which a notch of the wheel or a page could step over); the keys' focus, on
        a row the scroll takes out of view, goes to the nearest row in view (Enter opened the replay at a row no
        longer shown, and its ring lay flat over the list's edge). While the review is being worked out there is no
        list to scroll."""
        if self.data is None:
            return
        target = max(0, min(self.scroll + pixels, self.content - self.list_area.height))
        self.scroll = self._stop_at_whole_row(self.scroll, target)
        here = self.focused()
        if here is None or not here.key.startswith("review:decision:"):
            return
        index = int(here.key.rsplit(":", 1)[1])
        shown = self._in_view()
        if shown and index not in shown:
            target = shown[0] if self.spans[index][0] < self.scroll else shown[-1]
            self.ring.focus(f"review:decision:{target}", self.controls())

    def _stop_at_whole_row(self, start: int, target: int) -> int:
        """``target``, or the scroll nearest to it at which the first row passed over on the way from ``start``
        is wholly in view (with its ring), where no such scroll lies at ``start`` or ``target`` themselves."""
        assert self.data is not None
        room = self.list_area.height
        down = target > start
        stops = []
        for d in self.data.costliest:
            if d.index not in self.spans:
                continue
            top, bottom = self._ringed(d.index)
            low, high = bottom - room, top  # the scrolls at which the row is whole
            if low > high or low <= start <= high or low <= target <= high:
                continue  # taller than the view, or whole where the scroll starts or ends
            if (start < low and high < target) if down else (target < low and high < start):
                stops.append(high if down else low)
        if not stops:
            return target
        return min(stops) if down else max(stops)

    def _ringed(self, index: int) -> tuple[int, int]:
        """Where a decision's row and its focus ring reach in the list: top, bottom."""
        reach = focus.ring_reach(layout.scale_for(self.ctx.window_size))
        top = self.spans[index][0]
        return top - reach, top + self.row_height(index) + reach

    def _in_view(self) -> list[int]:
        """The decisions whose rows (with their rings) are wholly in the list's view, top first; else the one that
        fills most of it (taller than the view)."""
        assert self.data is not None
        low, high = self.scroll, self.scroll + self.list_area.height
        order = [d.index for d in self.data.costliest if d.index in self.spans]
        whole = [i for i in order if low <= self._ringed(i)[0] and self._ringed(i)[1] <= high]
        if whole or not order:
            return whole
        return [max(order, key=lambda i: min(high, self._ringed(i)[1]) - max(low, self._ringed(i)[0]))]

    def _show_focused(self) -> None:
        """Scroll the list so that the focused decision's row is in view (its top, where it is taller)."""
        here = self.focused()
        if here is None or not here.key.startswith("review:decision:"):
            return
        top, bottom = self._ringed(int(here.key.rsplit(":", 1)[1]))
        room = self.list_area.height
        if top < self.scroll or bottom - top > room:
            self.scroll = max(0, top)
        elif bottom > self.scroll + room:
            self.scroll = bottom - room

    def _draw_row(self, surface: pygame.Surface, row: pygame.Rect, d, s: float) -> None:
        if row.collidepoint(self.mouse) and self.list_area.collidepoint(self.mouse):  # a click opens the replay
            glow = pygame.Surface(row.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (201, 162, 39, 60), glow.get_rect(), border_radius=round(6 * s))
            surface.blit(glow, row)
        pygame.draw.rect(surface, (185, 169, 138), row, 1, border_radius=round(6 * s))
        inner = row.inflate(-round(16 * s), -round(6 * s))
        size = round(15 * s)
        loss = text(_("−{vp} VP").format(vp=number(d.loss, 1)), "heading", size + 2, OXBLOOD)
        when = decade_and_round(d.decade, d.round_pos)
        when_img = fit_text(when, "heading", size + 1, inner.width - loss.get_width() - round(10 * s), INK)
        surface.blit(when_img, when_img.get_rect(topleft=inner.topleft))
        surface.blit(loss, loss.get_rect(topright=inner.topright))
        font = assets.font("ui", size)
        y = inner.top + max(when_img.get_height(), loss.get_height())
        played, better = self._row_lines(d, inner.width, s)
        for colour, lines in ((MUTED, played), (INK, better)):
            for line in lines:
                surface.blit(text(line, "ui", size, colour), (inner.left, y))
                y += font.get_linesize()

    def _draw_graph(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        data = self.data
        assert data is not None
        pad = round(14 * s)
        head = _headed_panel(surface, rect, _("Expected final score"), s)
        plot = pygame.Rect(rect.left + pad, rect.top + round(16 * s) + head.get_height(), rect.width - 2 * pad,
                           rect.height - head.get_height() - round(16 * s) - pad)
        draw_score_graph(surface, plot, data.curve, data.decades, self.record.styles, self.seat,
                         [d.index for d in data.costliest], s)


def _headed_panel(surface: pygame.Surface, rect: pygame.Rect, heading: str, s: float) -> pygame.Surface:
    """A light panel with its heading at the top left; the heading drawn (for the room it takes)."""
    widgets.panel(surface, rect, s, fill=PARCHMENT_LIGHT)
    pad = round(14 * s)
    head = fit_text(heading, "heading", round(22 * s), rect.width - 2 * pad, OXBLOOD)
    surface.blit(head, (rect.left + pad, rect.top + round(8 * s)))
    return head
