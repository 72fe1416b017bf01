"""The end of the game (R-END): the ranking, the winners, and where every VP came from.

The table replaces itself with ``GameOverScene(ctx, session)`` on GAME_ENDED; from then on this scene owns
the session (it closes it when leaving). Everything shown comes from ``rules.results(state)``:
scores, the breakdown by :class:`rules.model.VPSource`, money (the tie-break) and the title taken at each
ball. Shared wins are shown as such.

Buttons: "Review" offers the review or the replay of this game; "Play again" calls the ``"play_again"`` scene
hook (``factory(ctx, session=session)``, a new game with the same setup) when someone registered it, else
returns to the title; "Title menu" returns to the title. The default (Enter) is Review, and Esc is the Title
menu: neither destroys anything, while a new game replaces the finished one in the autosave, so that it
could no longer be reviewed. In autoplay the scene goes back to the title by itself after a moment.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame

from game import scenes
from game.i18n import N_, Words, _, and_list, money, name_and_count
from game.persist import storage
from game.scenes.decade import InterludeScene, interlude_frame, ordinal
from game.scenes.review import open_coach
from game.scenes.unfinished import keep_or_replace
from game.table import estate_draw
from game.table.replay import record_of
from game.ui import anim, assets, focus, widgets
from game.ui.draw import common_size, fit_text, fits, smallest_size, within
from game.ui.pieces import TITLE_NAMES
from game.ui.theme import GOLD, GOLD_DARK, INK, MUTED, OXBLOOD, PANEL, PARCHMENT_LIGHT
from rules import Title, VPSource, board, results

SOURCE_NAMES = Words({
    VPSource.BRIBES: N_("Bribes"), VPSource.FOLLIES: N_("Follies"), VPSource.BALLS: N_("Balls"),
    VPSource.BUILDING_SCORING: N_("Building scoring"), VPSource.CHURCH: N_("Church"), VPSource.LEISURE: N_("Leisure"),
    VPSource.QUEEN: N_("The Queen"), VPSource.CARDS: N_("Scandal cards"), VPSource.LIAISONS: N_("Liaisons"),
})
SOURCE_ART = {
    VPSource.BRIBES: "bribe", VPSource.FOLLIES: "folly-mixed", VPSource.BALLS: "icon-ball",
    VPSource.BUILDING_SCORING: "icon-scoring", VPSource.CHURCH: "icon-church", VPSource.LEISURE: "tile-meadow",
    VPSource.QUEEN: "queen", VPSource.CARDS: "card-secret-marriage", VPSource.LIAISONS: "card-liaison",
}
#: segment colours of the stacked bars: the game's inks, told apart by brightness as well as hue
SOURCE_COLOURS = {
    VPSource.BRIBES: pygame.Color("#7A1F2B"), VPSource.FOLLIES: pygame.Color("#C9A227"),
    VPSource.BALLS: pygame.Color("#B0506A"), VPSource.BUILDING_SCORING: pygame.Color("#22406E"),
    VPSource.CHURCH: pygame.Color("#8C7B62"), VPSource.LEISURE: pygame.Color("#8DBF5A"),
    VPSource.QUEEN: pygame.Color("#E8CB6A"), VPSource.CARDS: pygame.Color("#2F5D3A"),
    VPSource.LIAISONS: pygame.Color("#4F8FBF"),
}
LEGEND_NAMES = Words({VPSource.BUILDING_SCORING: N_("Buildings"), VPSource.CARDS: N_("Cards")})


def _source_label(source: VPSource, size: int, room: int) -> str:
    """The source's name in the table, its short name from the legend where the long one is too wide."""
    name = SOURCE_NAMES[source]
    return name if fits(name, "ui", size, room) else LEGEND_NAMES.get(source, name)


def title_letter(title: Title) -> str:
    """The title's initial in the language spoken (D M E V B; Italian D M C V B), as the table marks balls."""
    return TITLE_NAMES[title][:1]


def seal_layout(count: int, per: int, room: tuple[int, int], scale: float) -> tuple[int, int, int, int]:
    """Rows, columns, the seal's size in pixels and its letter's design size for ``count`` titles in ``room``:
    one row, or where that is narrow one row per ball of the decade (``per``); a seal always holds a readable
    letter, so where the room is short the seals reach into the row's margins."""
    width, height = room
    least = math.ceil(assets.min_text() * 1.25)
    d = min(height - 2, (width - 2) // count)
    rows = 1
    stacked = min((height - 2) // per, (width - 2) // -(-count // per))
    if count > per and (d < max(round(16 * scale), least) or stacked > d):  # rows where they make larger seals
        rows, d = per, stacked
    d = max(least, d)
    # d is in pixels: the letter fits its seal, and never under the readable size
    return rows, -(-count // rows), d, within(max(d * 0.6, assets.MIN_TEXT), d * 0.75)


def note_lines(note: str, heading: pygame.Rect, panel: pygame.Rect,
               s: float) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """The tie-break's note, each line with its place: beside the ranking's heading where it fits there, else
    (a large text, a long language) folded under the heading, within the panel."""
    pad = round(14 * s)
    size = round(14 * s)
    beside = panel.right - pad - heading.right - round(12 * s)
    if fits(note, "italic", size, beside):
        img = fit_text(note, "italic", size, beside, MUTED)
        return [(img, img.get_rect(topright=(panel.right - pad, panel.top + round(14 * s))))]
    font = assets.font("italic", size)
    placed = []
    y = heading.bottom
    for line in widgets.wrap(note, font, panel.width - 2 * pad):
        img = fit_text(line, "italic", size, panel.width - 2 * pad, MUTED)
        placed.append((img, img.get_rect(topleft=(panel.left + pad, y))))
        y += font.get_linesize()
    return placed


class GameOverScene(InterludeScene):
    name = "game-over"
    help_topic = "end"

    def __init__(self, ctx, session) -> None:
        super().__init__(ctx, session)
        self.results = results(self.state)
        self.ranking = self.results.ranking()
        self.review_button = self.play_again_button = self.title_button = None
        self.grow = anim.Tween(0.0, 1.0, 1.2, ease=anim.ease_out_cubic, delay=0.2, speed=self.speed)

    # -- data -------------------------------------------------------------------------------------------------
    def breakdown(self) -> dict[int, dict[VPSource, int]]:
        """What the table shows: VP by source for each seat (``rules.results``)."""
        return {p.seat: dict(p.breakdown) for p in self.results.players}

    def sources(self) -> list[VPSource]:
        """Every source, in the engine's order (rows of the table)."""
        return list(VPSource)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.results.winners

    def headline(self) -> str:
        names = [self.seat_name(s) for s in self.winners]
        score = self.results.players[self.winners[0]].score
        if len(names) == 1:
            return _("{name} wins with {vp} VP").format(name=names[0], vp=score)
        return _("{names} share the victory with {vp} VP").format(names=and_list(names), vp=score)

    def tie_note(self) -> str:
        """Explain the tie-break when money decided between equal VP."""
        top = self.results.players[self.winners[0]].score
        tied = [p for p in self.results.players if p.score == top]
        if len(tied) > 1 and len(self.winners) < len(tied):
            if len(self.winners) > 1:
                return _("Equal VP at the top: money decides; equal money, they share the win.")
            return _("Equal VP at the top: the most money breaks the tie.")
        if len(self.winners) > 1:
            return _("Equal VP and equal money: they share the win.")
        return ""

    # -- widgets ----------------------------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        return True

    @property
    def auto_continue(self) -> bool:
        return self.autoplay  # a human wants to read the result, even at the instant speed

    def widget_key(self) -> object:
        return ("over",)

    def build_widgets(self) -> None:
        s = self.scale
        w, h = self.ctx.window_size
        bw, bh, gap = round(210 * s), round(46 * s), round(22 * s)
        y = h - round(24 * s) - bh
        x = w // 2 - bw // 2
        self.review_button = self.track(widgets.button(  # the coach: review or replay this game
            self.ctx.ui, pygame.Rect(x - bw - gap, y, bw, bh), _("Review"), object_id="review",
            tooltip=_("See your costliest decisions, or step through the game again.")))
        tip = _("A new game with the same nobles and seats.")
        self.play_again_button = self.track(widgets.button(self.ctx.ui, pygame.Rect(x, y, bw, bh), _("Play again"),
                                                           "quiet", tooltip=tip, object_id="play_again"))
        self.title_button = self.track(widgets.button(self.ctx.ui, pygame.Rect(x + bw + gap, y, bw, bh),
                                                      _("Title menu"), "quiet", object_id="title_menu"))
        self.continue_button = None

    def controls(self) -> list[focus.Focusable]:
        pairs = (("over:review", self.review_button), ("over:again", self.play_again_button),
                 ("over:title", self.title_button))
        return [focus.button_control(self, key, b) for key, b in pairs if b is not None]

    def default_control(self) -> str | None:
        return "over:review"  # the default (drawn as the primary button): it destroys nothing

    def on_button(self, element) -> bool:
        if element is self.play_again_button:
            self.play_again()
            return True
        if element is self.title_button:
            self.to_title()
            return True
        if element is self.review_button:
            self.study()
            return True
        return False

    def study(self) -> None:
        """Offer the review or the replay of this game (the coach)."""
        autosaved = storage.autosave_path() if self.session.human_seats() else None  # the table saved it there
        open_coach(self.ctx, record_of(self.session, autosaved))

    def finish(self) -> None:  # Enter / autoplay
        if self.autoplay:
            self.to_title()
        else:
            self.study()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.ready:
            self.to_title()
            return True
        return super().handle_event(event)

    def _close_session(self) -> None:
        self.session.close()

    def play_again(self) -> None:
        if self.finished:
            return
        try:
            scene = scenes.create("play_again", self.ctx, session=self.session)
        except Exception as exc:  # never strand the player on this screen
            self.toast.show(_("A new game could not start: {reason}").format(reason=exc), 6.0)
            return
        incoming = getattr(scene, "session", None)

        def go() -> None:
            self.finished = True
            self._close_session()
            self._show(scene)

        # the autosave may hold another, unfinished game (a game of computer players is never autosaved)
        keep_or_replace(self.ctx, go, incoming=incoming, on_cancel=incoming.close if incoming else None)

    def to_title(self) -> None:
        if self.finished:
            return
        self.finished = True
        self._close_session()
        self._to_title_now()

    def _to_title_now(self) -> None:
        from game.scenes.title import TitleScene

        stack = self.ctx.stack
        below = stack.find(TitleScene)
        if below is not None and below is not self:
            stack.pop_to(below)
            return
        title = scenes.create("title", self.ctx)
        stack.clear()
        stack.push(title)

    def _show(self, scene) -> None:
        from game.scenes.title import TitleScene

        stack = self.ctx.stack
        below = stack.find(TitleScene)
        if below is not None and below is not self:
            stack.pop_to(below)
            stack.push(scene)
        elif self in stack:
            stack.replace(scene)
        else:
            stack.push(scene)

    def advance(self, dt: float) -> None:
        self.grow.update(dt)

    def skip(self) -> None:
        self.grow.finish()

    # -- layout -----------------------------------------------------------------------------------------------
    def _layout(self) -> dict[str, pygame.Rect]:
        w, h = self.ctx.window_size
        s = self.scale
        inner, banner = interlude_frame(self.ctx.window_size, s, 66)
        bottom = h - round(24 * s) - round(46 * s) - round(14 * s)
        body = pygame.Rect(inner.left, banner.bottom + round(14 * s), inner.width,
                           bottom - banner.bottom - round(14 * s))
        left_w = int(body.width * 0.44)
        ranking_rect = pygame.Rect(body.left, body.top, left_w, body.height)
        table = pygame.Rect(ranking_rect.right + round(14 * s), body.top, body.right - ranking_rect.right
                            - round(14 * s), body.height)
        return {"banner": banner, "ranking": ranking_rect, "table": table}

    # -- drawing ---------------------------------------------------------------------------------------------------
    def prepare_parts(self, surface: pygame.Surface) -> Iterator[None]:
        lay = self._layout()
        yield from self._ranking_steps(surface, lay["ranking"])
        yield
        yield from self._table_steps(surface, lay["table"])
        yield

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        lay = self._layout()
        self.draw_banner(surface, lay["banner"], _("The Court Has Spoken"), self.headline(), icon="icon-vp")
        self._draw_ranking(surface, lay["ranking"])
        self._draw_table(surface, lay["table"])
        self._draw_hints(surface)
        self.toast.draw(surface)

    def _draw_hints(self, surface: pygame.Surface) -> None:
        """How many hints each player asked for (only when someone did), left of the buttons."""
        hints = self.session.hints
        if not any(hints):
            return
        s = self.scale
        w, h = self.ctx.window_size
        room = w // 2 - round(210 * s) * 3 // 2 - round(22 * s) - round(60 * s)
        counts = ", ".join(widgets.unbroken(name_and_count(self.seat_name(i), n))
                           for i, n in enumerate(hints) if self.session.is_human(i) or n)
        words = _("Hints asked: {counts}").format(counts=counts)
        middle = h - round(24 * s) - round(23 * s)
        # two lines at most beside the buttons, upwards from their middle (clear of the frame's corner), at the
        # largest size at which they stay under the ranking's panel (a large text in a small window crossed its
        # border)
        above = middle - self._layout()["ranking"].bottom - round(4 * s)
        design = round(15 * s)
        for size in range(design, smallest_size(design) - 1, -1):
            font = assets.font("italic", size)
            lines = widgets.wrap(words, font, max(40, room), at_most=2)
            if (len(lines) - 1) * font.get_linesize() + font.get_height() // 2 <= above:
                break
        size = common_size(lines, "italic", size, max(40, room))  # both lines alike
        step = assets.font("italic", size).get_linesize()
        for i, line in enumerate(lines):
            img = fit_text(line, "italic", size, max(40, room), INK)
            y = middle - (len(lines) - 1 - i) * step
            surface.blit(img, img.get_rect(midleft=(round(44 * s), round(y))))

    def _draw_ranking(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        for _step in self._ranking_steps(surface, rect):
            pass

    def _ranking_steps(self, surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
        """The ranking drawn a noble a step (the first drawing renders its text for the first time: prepared over
        frames)."""
        s = self.scale
        widgets.panel(surface, rect, s, fill=PARCHMENT_LIGHT)
        pad = round(14 * s)
        title = widgets.blit_text(surface, _("Final ranking"), "heading", round(22 * s), OXBLOOD,
                                  topleft=(rect.left + pad, rect.top + round(8 * s)))
        head_h = max(round(30 * s), title.height)
        note = self.tie_note()
        placed = note_lines(note, title, rect, s) if note else []
        for img, at in placed:
            surface.blit(img, at)
        if placed and placed[0][1].top >= title.bottom:  # folded under the heading: the ranking starts below it
            head_h = placed[-1][1].bottom + round(4 * s) - rect.top - round(10 * s)
        n = len(self.ranking)
        top = rect.top + round(10 * s) + head_h
        legend_w = rect.width - 2 * pad
        legend_h = round(6 * s) + self._legend_line_h() * (len(self._legend_rows(legend_w)) + 1)
        row_h = (rect.bottom - pad - legend_h - top) // n
        best = max(1, max(p.score for p in self.results.players))
        grow = self.grow.value
        for i, (place, seat) in enumerate(self.ranking):
            p = self.results.players[seat]
            row = pygame.Rect(rect.left + pad, top + i * row_h, rect.width - 2 * pad, row_h - round(6 * s))
            winner = seat in self.winners
            if winner:
                glow = pygame.Surface(row.size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (201, 162, 39, 55), glow.get_rect(), border_radius=round(8 * s))
                surface.blit(glow, row)
                pygame.draw.rect(surface, GOLD, row, width=max(1, round(2 * s)), border_radius=round(8 * s))
            style = self.style(seat)
            # place
            place_size = within(30 * s, row.height * 0.5)
            px_ = row.left + round(22 * s)
            place_img = fit_text(ordinal(place), "heading", place_size, round(44 * s), OXBLOOD if winner else MUTED)
            surface.blit(place_img, place_img.get_rect(center=(px_, row.top + row.height * 0.36)))
            badge = round(min(38 * s, row.height * 0.55))
            bx = px_ + round(26 * s) + badge // 2
            by = row.top + round(row.height * 0.36)
            estate_draw.draw_crest_badge(surface, (bx, by), badge, style)
            if winner:
                widgets.crown(surface, (bx, by - badge // 2 - round(2 * s)), max(8, round(badge * 0.42)))
            name_x = bx + badge // 2 + round(10 * s)
            score = widgets.gold_text(_("{vp} VP").format(vp=p.score), within(28 * s, row.height * 0.42))
            purse = widgets.text(money(p.money), "heading", within(18 * s, row.height * 0.3), INK)
            right = row.right - round(10 * s)
            surface.blit(score, score.get_rect(midright=(right, by)))
            surface.blit(purse, purse.get_rect(midright=(right - score.get_width() - round(16 * s), by)))
            name_room = right - score.get_width() - purse.get_width() - round(36 * s) - name_x
            size, lines = self._name_lines(seat, within(24 * s, row.height * 0.38), name_room,
                                           round(row.height * 0.6))
            step = assets.font("heading", size).get_linesize() - round(2 * s)
            for k, line in enumerate(lines):  # a long name in two lines, centred on the crest's middle
                name = widgets.text(line, "heading", size, INK)
                surface.blit(name, name.get_rect(midleft=(name_x, round(by + (k - (len(lines) - 1) / 2) * step))))
            # the stacked bar
            bar = pygame.Rect(name_x, row.top + round(row.height * 0.68), right - name_x,
                              max(6, round(row.height * 0.2)))
            pygame.draw.rect(surface, PANEL, bar, border_radius=round(3 * s))
            x = float(bar.left)
            for source in VPSource:
                vp = p.breakdown[source]
                if vp <= 0:
                    continue
                width = bar.width * vp / best * grow
                seg = pygame.Rect(round(x), bar.top, max(1, round(x + width) - round(x)), bar.height)
                pygame.draw.rect(surface, SOURCE_COLOURS[source], seg)
                tone = INK if SOURCE_COLOURS[source].hsla[2] > 55 else PARCHMENT_LIGHT
                label = widgets.text(str(vp), "ui-bold", round(12 * s), tone)
                if seg.width >= label.get_width() + round(6 * s) and bar.height >= label.get_height() - 2:
                    surface.blit(label, label.get_rect(center=seg.center))
                x += width
            pygame.draw.rect(surface, INK, bar, width=1, border_radius=round(3 * s))
            yield
        # legend
        ly = rect.bottom - pad - legend_h + round(6 * s)
        self._draw_legend(surface, pygame.Rect(rect.left + pad, ly, legend_w, legend_h - round(6 * s)))

    def _legend_line_h(self) -> int:
        return round(56 * self.scale) // 3

    def _legend_rows(self, width: int) -> list[list[VPSource]]:
        """The colours' key in rows ``width`` wide, each entry as wide as its word (German words are long, and at
        a large text size two rows may not hold them all)."""
        s = self.scale
        font = assets.font("ui", within(12 * s, self._legend_line_h()))
        rows: list[list[VPSource]] = [[]]
        x = 0
        for source in VPSource:
            entry = round(12 * s) + round(5 * s) + font.size(LEGEND_NAMES.get(source, SOURCE_NAMES[source]))[0]
            if rows[-1] and x + entry > width:
                rows.append([])
                x = 0
            rows[-1].append(source)
            x += entry + round(12 * s)
        return rows

    def _draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The colours' key (:meth:`_legend_rows`), then the letters of the titles per ball on a line of their own."""
        s = self.scale
        line_h = self._legend_line_h()
        rows = self._legend_rows(rect.width)
        size = within(12 * s, line_h)
        letters = " · ".join(f"{title_letter(t)} {TITLE_NAMES[t]}" for t in reversed(Title))
        key = _("Titles per ball:") + "  " + letters
        img = fit_text(key if fits(key, "ui", size, rect.width) else letters, "ui", size, rect.width, MUTED)
        surface.blit(img, (rect.left, rect.top + len(rows) * line_h + (line_h - img.get_height()) // 2))
        sw = round(12 * s)
        for i, row in enumerate(rows):
            x = rect.left
            for source in row:
                sq = pygame.Rect(x, rect.top + i * line_h + (line_h - sw) // 2, sw, sw)
                pygame.draw.rect(surface, SOURCE_COLOURS[source], sq, border_radius=round(2 * s))
                pygame.draw.rect(surface, INK, sq, width=1, border_radius=round(2 * s))
                label = fit_text(LEGEND_NAMES.get(source, SOURCE_NAMES[source]), "ui", size,
                                 rect.right - sq.right - round(5 * s), INK)
                surface.blit(label, label.get_rect(midleft=(sq.right + round(5 * s), sq.centery)))
                x = sq.right + round(5 * s) + label.get_width() + round(12 * s)

    def _draw_table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        for _step in self._table_steps(surface, rect):
            pass

    def _table_steps(self, surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
        """The table of VP by source drawn a few rows a step (prepared over frames, as the ranking)."""
        s = self.scale
        widgets.panel(surface, rect, s, fill=PARCHMENT_LIGHT)
        pad = round(14 * s)
        seats = [seat for _place, seat in self.ranking]
        breakdown = self.breakdown()
        label_w = round(min(170 * s, rect.width * 0.34))
        col_w = (rect.width - 2 * pad - label_w) / len(seats)
        rows = [*self.sources(), "total", "money", "titles"]
        head_h, badge = self._head_height(seats, col_w)
        row_h, tall = self._row_heights(rect.height - 2 * pad - head_h, len(rows), col_w, seats)
        x0 = rect.left + pad + label_w
        y0 = rect.top + pad + head_h
        self._draw_heads(surface, seats, x0, col_w, rect.top + pad, head_h - badge)
        heading = fit_text(_("Victory points by source"), "heading", round(17 * s), label_w, OXBLOOD)
        surface.blit(heading, heading.get_rect(bottomleft=(rect.left + pad, y0 - round(6 * s))))
        label_room = label_w - round(18 * s)
        body_size = within(15 * s, row_h * 0.55)
        font = assets.font("ui", body_size)
        bold = assets.font("ui-bold", body_size)
        icon = max(8, round(min(20 * s, row_h * 0.8)))
        for i, row in enumerate(rows):
            y = y0 + i * row_h
            r = pygame.Rect(rect.left + pad, round(y), rect.width - 2 * pad,
                            round(row_h * (tall if row == "titles" else 1)))
            if i % 2 == 0 and row not in ("total",):
                pygame.draw.rect(surface, (241, 230, 204), r)
            if row == "total":  # its ground, a gold rule over it as wide as the row
                pygame.draw.rect(surface, (236, 222, 184), r)
                pygame.draw.rect(surface, GOLD_DARK, (r.left, r.top, r.width, max(1, round(2 * s))))
            cy = r.centery
            if isinstance(row, VPSource):
                pygame.draw.rect(surface, SOURCE_COLOURS[row], pygame.Rect(r.left, r.top + 2, round(4 * s),
                                                                            r.height - 4))
                pic = assets.image(SOURCE_ART[row], (icon, icon))
                surface.blit(pic, pic.get_rect(midleft=(r.left + round(9 * s), cy)))
                label = fit_text(_source_label(row, body_size, label_room - icon), "ui", body_size, label_room - icon,
                                 INK)
                surface.blit(label, label.get_rect(midleft=(r.left + round(14 * s) + icon, cy)))
                for j, seat in enumerate(seats):
                    vp = breakdown[seat][row]
                    cx = round(x0 + (j + 0.5) * col_w)
                    img = font.render(str(vp) if vp else "–", True, INK if vp else MUTED)
                    surface.blit(img, img.get_rect(center=(cx, cy)))
            elif row == "total":
                label = fit_text(_("Total"), "ui-bold", body_size, x0 - r.left - round(18 * s) - icon, INK)
                surface.blit(label, label.get_rect(midleft=(r.left + round(14 * s) + icon, cy)))
                for j, seat in enumerate(seats):
                    cx = round(x0 + (j + 0.5) * col_w)
                    score = self.results.players[seat].score
                    img = (widgets.gold_text(str(score), within(20 * s, row_h * 0.8)) if seat in self.winners
                           else bold.render(str(score), True, INK))
                    surface.blit(img, img.get_rect(center=(cx, cy)))
            elif row == "money":
                pic = assets.image("coin-5", (icon, icon))
                surface.blit(pic, pic.get_rect(midleft=(r.left + round(9 * s), cy)))
                words = _("Money (tie-break)")  # the tie-break left out where it does not fit
                words = words if fits(words, "ui", body_size, label_room - icon) else _("Money")
                label = fit_text(words, "ui", body_size, label_room - icon, INK)
                surface.blit(label, label.get_rect(midleft=(r.left + round(14 * s) + icon, cy)))
                for j, seat in enumerate(seats):
                    cx = round(x0 + (j + 0.5) * col_w)
                    img = font.render(money(self.results.players[seat].money), True, INK)
                    surface.blit(img, img.get_rect(center=(cx, cy)))
            else:  # titles per ball
                pic = assets.image("title-duke", (round(icon * 1.6), icon))
                surface.blit(pic, pic.get_rect(midleft=(r.left + round(4 * s), cy)))
                label = fit_text(_("Titles per ball"), "ui", body_size, label_room - round(icon * 1.6), INK)
                surface.blit(label, label.get_rect(midleft=(r.left + round(10 * s) + round(icon * 1.6), cy)))
                for j, seat in enumerate(seats):
                    self._draw_titles(surface, seat, pygame.Rect(round(x0 + j * col_w) + 2, r.top,
                                                                 round(col_w) - 4, r.height))
            if i % 3 == 2:
                yield
        # column rules
        for j in range(1, len(seats)):
            x = round(x0 + j * col_w)
            pygame.draw.line(surface, (214, 196, 151), (x, y0), (x, rect.bottom - pad))

    def _head_height(self, seats: list[int], col_w: float) -> tuple[int, int]:
        """How high the columns' heads are (a crest over a name, a long name in two lines), and the crests."""
        s = self.scale
        badge = round(min(26 * s, col_w * 0.4))
        two = any(not fits(self.seat_name(seat), "heading", max(13, within(15 * s, col_w * 0.2)), round(col_w) - 4)
                  for seat in seats)
        lines = 2 if two else 1
        return max(round(44 * s), badge + assets.font("heading", round(15 * s)).get_height() * lines), badge

    def _row_heights(self, room: int, count: int, col_w: float, seats: list[int]) -> tuple[float, float]:
        """The table's rows' height in ``room`` and how many of them the titles' row takes: a row and a half, or as
        tall as two rows of seals each as large as the rows' text where they would be smaller (a large text)."""
        s = self.scale
        most = max(len(self.results.players[seat].titles) for seat in seats)
        for tall in (1.4, 2.4):
            row_h = room / (count - 1 + tall)
            seal = seal_layout(most, len(board.BALL_SPACES), (round(col_w) - 4, round(row_h * tall)), s)[2] \
                if most else 0
            if seal >= assets.font("ui", within(15 * s, row_h * 0.55)).get_height():
                break
        return row_h, tall

    def _draw_heads(self, surface: pygame.Surface, seats: list[int], x0: int, col_w: float, top: int,
                    height: int) -> None:
        """The crest and name at the head of each column (``height`` high)."""
        s = self.scale
        for j, seat in enumerate(seats):
            cx = round(x0 + (j + 0.5) * col_w)
            badge = round(min(26 * s, col_w * 0.4))
            estate_draw.draw_crest_badge(surface, (cx, top + badge // 2), badge, self.style(seat))
            size, lines = self._name_lines(seat, max(13, within(15 * s, col_w * 0.2)), round(col_w) - 4, height)
            y = top + badge
            for line in lines:  # a long name in two lines under its crest
                name = widgets.text(line, "heading", size, INK)
                y = surface.blit(name, name.get_rect(midtop=(cx, y))).bottom - round(3 * s)

    def _name_lines(self, seat: int, design: int, width: int, height: int) -> tuple[int, list[str]]:
        """A noble's name in ``width``: one line, else two broken at spaces and hyphens, at the largest size down
        to the smallest readable one at which they fit ``height`` too; never cut."""
        name = self.seat_name(seat)
        for size in range(design, smallest_size(design) - 1, -1):
            size, lines, whole = widgets.name_block(name, size, width)
            if whole and len(lines) * assets.font("heading", size).get_linesize() <= height:
                return size, lines
        return size, lines

    def _draw_titles(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """One small lettered seal per ball (D M E V B), gold for the high ranks."""
        titles = self.results.players[seat].titles
        if not titles:
            widgets.blit_text(surface, "–", "ui", round(12 * self.scale), MUTED, center=rect.center)
            return
        per = len(board.BALL_SPACES)
        rows, cols, d, font_size = seal_layout(len(titles), per, rect.size, self.scale)
        x = rect.centerx - (cols * d) // 2
        y = rect.centery - (rows * d) // 2
        for k, title in enumerate(titles):
            col, row = (k // per, k % per) if rows > 1 else (k, 0)
            c = (x + col * d + d // 2, y + row * d + d // 2)
            fill = {Title.DUKE: GOLD, Title.MARQUESS: GOLD, Title.EARL: OXBLOOD}.get(title, PANEL)
            pygame.draw.circle(surface, fill, c, d // 2 - 1)
            pygame.draw.circle(surface, GOLD_DARK, c, d // 2 - 1, width=1)
            tone = PARCHMENT_LIGHT if title == Title.EARL else INK
            widgets.blit_text(surface, title_letter(title), "ui-bold", font_size, tone, center=c)

