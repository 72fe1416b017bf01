"""Interludes between turns: the shared base of the ball, scoring and decade scenes, and the decade scene.

:class:`InterludeScene` is a full-window scene shown over the table that continues with a "Continue"
button (Enter / Space too), or by itself after a short moment in autoplay and, at the "instant" speed,
when no human sits at the table (a player always sees their own ball, scoring and decade).
Subclasses build their own widgets in :meth:`build_widgets`, say when they are ready to continue
(:attr:`ready`), and draw.

:class:`DecadeScene` ("Decade II begins") is pushed by the table on DECADE_STARTED: it tells what the
new decade brings (R-DEC): the board refilled, the church emptied into the bag, tax and land markers back,
a scandal card for everyone, who starts.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

import attrs
import pygame
import pygame_gui

from game.i18n import N_, _, ngettext, ordinal, roman  # noqa: F401 - ordinal: the ball and game over number places with it
from game.table import estate_draw
from game.ui import anim, assets, focus, layout, widgets
from game.ui.draw import fit_text, within
from game.ui.scene import AppContext, Scene
from game.ui.theme import GOLD, GOLD_DARK, INK, MUTED, OXBLOOD, PARCHMENT, PARCHMENT_LIGHT
from rules import board

#: seconds (normal speed) an interlude waits before continuing by itself in autoplay
AUTO_SECONDS = 2.6
#: at the "instant" speed: a short moment, not scaled to zero
INSTANT_SECONDS = 0.6


def interlude_frame(window_size: tuple[int, int], s: float, banner_height: int = 62) -> tuple[pygame.Rect, pygame.Rect]:
    """An interlude's room inside its margin, and the banner across its top (``s``: the window's scale)."""
    w, h = window_size
    m = round(26 * s)
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    return inner, pygame.Rect(inner.left + round(30 * s), inner.top, inner.width - round(60 * s),
                              round(banner_height * s))


class InterludeScene(Scene):
    """Base of the full-window interludes (see the module docstring)."""

    name = "interlude"
    continue_text = N_("Continue")

    def __init__(self, ctx: AppContext, session) -> None:
        super().__init__(ctx)
        self.session = session
        self.styles = estate_draw.styles_from_seats(session.seats)
        self.continue_button = None
        self.auto_timer = 0.0
        self.finished = False
        self.toast = widgets.Toast()
        self._widget_key: object = None

    # -- settings ---------------------------------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    @property
    def speed(self) -> str:
        return self.session.speed

    @property
    def autoplay(self) -> bool:
        """Continue by itself: an autoplay run (not ``--autoplay --keyboard``, whose player presses the keys)."""
        return self.ctx.autoplay and not getattr(self.ctx.options, "keyboard", False)

    @property
    def auto_continue(self) -> bool:
        """Continue without a click: autoplay, or the instant speed in a game of computer players only (the
        instant speed is for computer moves: a human is never rushed past their own results)."""
        return self.autoplay or (self.speed == "instant" and not self.session.human_seats())

    @property
    def auto_delay(self) -> float:
        return INSTANT_SECONDS if self.speed == "instant" else max(INSTANT_SECONDS,
                                                                   anim.scaled(AUTO_SECONDS, self.speed))

    @property
    def ready(self) -> bool:
        """Whether the scene has shown all it shows (subclasses: after their animations)."""
        return True

    def holding(self) -> bool:
        """Something over the scene holds it open (a ball's guide with more to say)."""
        return False

    @property
    def may_leave(self) -> bool:
        """Whether the scene may be left now: it is ready and nothing holds it."""
        return self.ready and not self.holding()

    @property
    def scale(self) -> float:
        return layout.scale_for(self.ctx.window_size)

    def style(self, seat: int) -> estate_draw.PlayerStyle:
        if 0 <= seat < len(self.styles):
            return self.styles[seat]
        return estate_draw.DEFAULT_STYLES[seat % len(estate_draw.DEFAULT_STYLES)]

    def seat_name(self, seat: int) -> str:
        return self.state.names[seat]

    # -- lifecycle --------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh_widgets(force=True)

    def resume(self) -> None:
        self.refresh_widgets(force=True)

    def pause(self) -> None:
        self.kill_widgets()
        self.continue_button = None

    def exit(self) -> None:
        self.kill_widgets()
        self.continue_button = None

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.is_top:
            self.refresh_widgets(force=True)

    def preparation(self, surface: pygame.Surface) -> Iterator[None]:
        """The backdrop, the widgets (built once and removed: pygame-gui keeps the shapes it drew for them), the
        heavy parts (:meth:`prepare_parts`), then the whole scene, on ``surface``, a part at a time."""
        self.draw_backdrop(surface)
        yield
        if self.ctx.ui is not None:
            self.refresh_widgets(force=True)
            self.kill_widgets()
            self.continue_button = None
            yield
        yield from self.prepare_parts(surface)
        self.draw(surface)

    def prepare_parts(self, surface: pygame.Surface) -> Iterator[None]:
        """Subclasses: draw the parts that are slow the first time on ``surface``, yielding after each."""
        return iter(())

    def widget_key(self) -> object:
        """What the widgets depend on; when it changes they are rebuilt."""
        return (self.may_leave,)

    def refresh_widgets(self, force: bool = False) -> None:
        key = (self.ctx.window_size, self.widget_key())
        if not force and key == self._widget_key:
            return
        self._widget_key = key
        self.kill_widgets()
        self.continue_button = None
        if self.ctx.ui is None:
            return
        self.build_widgets()

    def build_widgets(self) -> None:
        """Create widgets (the default: the Continue button once the scene may be left)."""
        if self.may_leave:
            self.continue_button = self.track(widgets.button(
                self.ctx.ui, self.continue_rect(), _(self.continue_text), tooltip=_("Enter or Space")))

    def controls(self) -> list[focus.Focusable]:
        return [focus.button_control(self, "continue", self.continue_button)] if self.continue_button else []

    def continue_rect(self) -> pygame.Rect:
        w, h = self.ctx.window_size
        s = self.scale
        bw, bh = round(220 * s), round(46 * s)
        return pygame.Rect((w - bw) // 2, h - round(24 * s) - bh, bw, bh)

    # -- continuing -------------------------------------------------------------------------------------
    def finish(self) -> None:
        """Leave the interlude (pop it)."""
        if self.finished:
            return
        self.finished = True
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.continue_button is not None and event.ui_element is self.continue_button:
                self.finish()
                return True
            return self.on_button(event.ui_element)
        if event.type == pygame.KEYDOWN:
            if self.handle_focus(event):
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.may_leave:
                    self.finish()
                elif not self.ready:
                    self.skip()
                return True
            if event.key == pygame.K_ESCAPE and self.may_leave:
                self.finish()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.ready:
            self.skip()
        return False

    def on_button(self, element) -> bool:
        return False

    def skip(self) -> None:
        """Hurry the animations to their end (click or key while they play)."""

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        self.advance(dt)
        if self.finished:
            return
        self.refresh_widgets()
        if self.may_leave and self.auto_continue:
            self.auto_timer += dt
            if self.auto_timer >= self.auto_delay:
                self.finish()
        else:
            self.auto_timer = 0.0

    def advance(self, dt: float) -> None:
        """Subclasses: animations and the session."""

    # -- drawing helpers ------------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> pygame.Rect:
        """Parchment and an ornate frame; returns the frame's inner rect."""
        widgets.fill_parchment(surface)
        w, h = self.ctx.window_size
        s = self.scale
        m = round(10 * s)
        frame = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        widgets.ornate_frame(surface, frame, s)
        return frame.inflate(-round(16 * s), -round(16 * s))

    def draw_banner(self, surface: pygame.Surface, rect: pygame.Rect, title: str, subtitle: str = "",
                    icon: str | None = "icon-ball", colour=OXBLOOD) -> None:
        """An oxblood ribbon with a gold-leaf title, icons at both ends and an italic subtitle."""
        s = self.scale
        rect = pygame.Rect(rect)
        notch = rect.height // 3
        pts = [(rect.left, rect.top), (rect.right, rect.top), (rect.right - notch, rect.centery),
               (rect.right, rect.bottom), (rect.left, rect.bottom), (rect.left + notch, rect.centery)]
        offset = round(3 * s)
        sh = pygame.Surface((rect.width + offset + 1, rect.height + offset + 1), pygame.SRCALPHA)  # the shadow's box
        pygame.draw.polygon(sh, (43, 33, 24, 60), [(x - rect.left + offset, y - rect.top + offset) for x, y in pts])
        surface.blit(sh, rect.topleft)
        pygame.draw.polygon(surface, colour, pts)
        inner = [(x, y) for x, y in pts]
        pygame.draw.polygon(surface, GOLD, inner, width=max(1, round(2 * s)))
        band = rect.inflate(-notch * 2 - round(12 * s), -round(10 * s))
        pygame.draw.line(surface, GOLD_DARK, band.topleft, band.topright, max(1, round(s)))
        pygame.draw.line(surface, GOLD_DARK, band.bottomleft, band.bottomright, max(1, round(s)))
        title_size = within(40 * s, rect.height * (0.5 if subtitle else 0.62))
        img = widgets.gold_text(title, title_size)
        sub = None
        if subtitle:
            size = within(17 * s, rect.height * 0.3)
            sub = fit_text(subtitle, "italic", size, rect.width - 2 * notch - round(40 * s), PARCHMENT)
        total = img.get_height() + (sub.get_height() - round(4 * s) if sub else 0)
        y = rect.centery - total // 2
        surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        if sub is not None:
            surface.blit(sub, sub.get_rect(midtop=(rect.centerx, y + img.get_height() - round(6 * s))))
        if icon:
            size = round(rect.height * 0.78)
            try:
                pic = assets.image(icon, (size, size))
            except KeyError:
                pic = None
            if pic is not None:
                half = max(img.get_width(), sub.get_width() if sub else 0) // 2
                gap = round(28 * s)
                surface.blit(pic, pic.get_rect(midright=(rect.centerx - half - gap, rect.centery)))
                surface.blit(pygame.transform.flip(pic, True, False),
                             pic.get_rect(midleft=(rect.centerx + half + gap, rect.centery)))

    def draw_hint(self, surface: pygame.Surface, text: str) -> None:
        w, h = self.ctx.window_size
        s = self.scale
        widgets.blit_text(surface, text, "italic", round(15 * s), MUTED,
                          midbottom=(w // 2, h - round(10 * s)))

    def draw_continue_note(self, surface: pygame.Surface) -> None:
        """Under the Continue button: the key hint, or that the scene goes on by itself."""
        if self.may_leave and self.auto_continue:
            left = max(0.0, self.auto_delay - self.auto_timer)
            self.draw_hint(surface, _("Continuing by itself in {seconds} s…").format(seconds=f"{left:.0f}")
                           if left >= 1 else _("Continuing…"))


# -- the decade -----------------------------------------------------------------------------------------------
#: the decade's cards' heading and body design sizes, largest first: the first whose cards fit is taken
ROW_SIZES = ((26, 17), (23, 16), (21, 15), (19, 14), (17, 13), (15, 12))
#: smaller still, for a window too small for the text size once the banner is compact
SMALL_ROW_SIZES = ((14, 11), (13, 10), (12, 9), (11, 8))
#: the banner's design height with its subtitle, and without it where the cards need the room
BANNER_HEIGHT, COMPACT_BANNER_HEIGHT = 84, 62

@attrs.frozen
class DecadeRow:
    """An item of the decade's news as laid out: its card's height, its heading's and lines' sizes, its lines."""

    height: int
    heading: int
    body: int
    lines: list[str]


@attrs.frozen
class DecadeLayout:
    """The decade's banner (``compact``: without its subtitle), the room of its cards (``top`` to ``bottom``) and
    their rows."""

    banner: pygame.Rect
    compact: bool
    top: int
    bottom: int
    rows: list[DecadeRow]


#: the decade's layout and each item's card (where it comes to rest) with its row
DecadeCards = tuple[DecadeLayout, list[tuple[pygame.Rect, DecadeRow]]]


class DecadeScene(InterludeScene):
    """"Decade II begins": what the new decade brings (R-DEC)."""

    name = "decade"
    help_topic = "decade"

    def __init__(self, ctx: AppContext, session) -> None:
        super().__init__(ctx, session)
        state = self.state
        self.decade = state.decade
        self.items = self._items()
        self.reveal = anim.Sequence(speed=self.speed)
        self.shown = 0
        self.tweens: list[anim.Tween] = []
        self._laid: tuple[Hashable, DecadeCards] | None = None  # the cards as last laid out, and for what
        for _item in self.items:
            t = anim.Tween(0.0, 1.0, 0.35, ease=anim.ease_out_cubic, speed=self.speed)
            self.tweens.append(t)
            self.reveal.wait(0.12)
            self.reveal.add(t)

    def _items(self) -> list[tuple[str, str, str]]:
        """(icon, heading, text) for each thing that happens, in the rulebook's order (R-DEC)."""
        state = self.state
        n = state.n
        castles, chapels, palaces = board.board_buildings(n)
        starter = (state.queen + 1) % n
        queen = state.queen
        first_pick = ", ".join(state.names[(queen + i) % n] for i in range(n))
        refill = _("Castles, chapels and palaces return to the board from the supply, up to "
                   "{castles} / {chapels} / {palaces}. Follies are not replaced.").format(
                       castles=castles, chapels=chapels, palaces=palaces)
        supply = _("On the board now: {castles} castles, {chapels} chapels, {palaces} palaces.").format(
            castles=state.castles_board, chapels=state.chapels_board, palaces=state.palaces_board)
        return [
            ("building-castle", _("The board is refilled"), f"{refill} {supply}"),
            ("icon-church", _("The church is emptied"),
             _("Every tile donated last decade goes back into the bag; the church takes 3 of each kind again.")),
            ("tax-marker", _("Tax and land markers return"),
             _("Each noble may collect taxes and acquire land once more this decade.")),
            ("card-back", _("A scandal card for everyone"),
             _("Each looks at the top three cards and keeps one, the Queen holder first: {names}.").format(
                 names=first_pick)),
            ("icon-start", _("The round marker goes back to the start"),
             _("{starter} begins, sitting to the left of {queen}, who holds the Queen.").format(
                 starter=state.names[starter], queen=state.names[queen])),
        ]

    def on_language(self) -> None:
        self.items = self._items()
        super().on_language()

    @property
    def ready(self) -> bool:
        return self.reveal.done

    def advance(self, dt: float) -> None:
        self.reveal.update(dt)

    def skip(self) -> None:
        self.reveal.finish()

    def _rows(self, width: int, room: int, sizes: tuple[tuple[int, int], ...] = ROW_SIZES) -> list[DecadeRow]:
        """Each item's heading and lines folded to a card ``width`` wide, the first of ``sizes`` (heading and body
        design sizes, largest first) whose cards fit ``room`` together, never under the smallest readable size;
        the last of them if none does."""
        s = self.scale
        least = assets.min_design_size()
        text_x = round(12 * s) + round(66 * s) + round(18 * s)
        for heading, body in sizes:
            head_size, body_size = max(least, round(heading * s)), max(least, round(body * s))
            font = assets.font("body", body_size)
            head_h = assets.font("heading", head_size).get_linesize()
            rows = []
            for _icon, _heading, words in self.items:
                lines = widgets.wrap(words, font, width - text_x - round(16 * s))
                height = max(round(66 * s) + round(18 * s), head_h + len(lines) * font.get_linesize() + round(12 * s))
                rows.append(DecadeRow(height, head_size, body_size, lines))
            if self._fits(rows, room):
                break
        return rows

    def _fits(self, rows: list[DecadeRow], room: int) -> bool:
        return sum(r.height for r in rows) + round(4 * self.scale) * (len(rows) - 1) <= room

    def _layout(self, inner: pygame.Rect, card_w: int) -> DecadeLayout:
        """The banner, the room of the cards between it and the Continue button, and their rows. Where the cards do
        not fit under the full banner even in the smaller sizes (a large text size in a small window), the banner
        drops its subtitle and the cards go down to the smallest sizes."""
        s = self.scale
        bottom = self.continue_rect().top - round(12 * s)
        banner = pygame.Rect(inner.left + round(40 * s), inner.top + round(8 * s),
                             inner.width - round(80 * s), round(BANNER_HEIGHT * s))
        top = banner.bottom + round(16 * s)
        rows = self._rows(card_w, bottom - top)
        if self._fits(rows, bottom - top):
            return DecadeLayout(banner, False, top, bottom, rows)
        banner.height = round(COMPACT_BANNER_HEIGHT * s)
        top = banner.bottom + round(8 * s)
        return DecadeLayout(banner, True, top, bottom, self._rows(card_w, bottom - top, ROW_SIZES + SMALL_ROW_SIZES))

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, icon: str, heading: str, row: DecadeRow,
                  shown: float) -> None:
        """One item's card: its picture on a gold-rimmed disc, its heading and lines, faded in to ``shown``."""
        s = self.scale
        card = pygame.Surface(rect.size, pygame.SRCALPHA)
        widgets.panel(card, card.get_rect(), s, fill=PARCHMENT_LIGHT, shadow=False)
        size = min(round(66 * s), rect.height - round(18 * s))
        disc = pygame.Rect(round(12 * s), (rect.height - size) // 2, size, size)
        pygame.draw.circle(card, (228, 211, 174), disc.center, size // 2 + round(3 * s))
        pygame.draw.circle(card, GOLD, disc.center, size // 2 + round(3 * s), width=max(1, round(1.5 * s)))
        pic = assets.image(icon, (round(size * 0.78), round(size * 0.78)))
        card.blit(pic, pic.get_rect(center=disc.center))
        tx = round(12 * s) + round(66 * s) + round(18 * s)
        head = widgets.text(heading, "heading", row.heading, OXBLOOD)
        body = assets.font("body", row.body)
        ty = (rect.height - head.get_height() - len(row.lines) * body.get_linesize()) // 2
        card.blit(head, (tx, ty))
        ty += head.get_height()
        for line in row.lines:
            card.blit(body.render(line, True, INK), (tx, ty))
            ty += body.get_linesize()
        card.set_alpha(round(255 * shown))
        surface.blit(card, rect)

    def _cards(self, inner: pygame.Rect) -> DecadeCards:
        """The layout and each item's card (where it comes to rest) with its row, inside the frame's ``inner``
        room and above the Continue button. Every frame draws them: they are worked out again only when the window,
        its pixel ratio, the text size or the words change."""
        key = (tuple(inner), self.ctx.window_size, layout.pixel_ratio(), assets.text_scale(), tuple(self.items))
        if self._laid is None or self._laid[0] != key:
            self._laid = key, self._place_cards(inner)
        return self._laid[1]

    def _place_cards(self, inner: pygame.Rect) -> DecadeCards:
        s = self.scale
        card_w = min(round(860 * s * max(1.0, assets.text_scale() * 0.9)), inner.width - round(40 * s))
        lay = self._layout(inner, card_w)
        top, bottom, rows = lay.top, lay.bottom, lay.rows
        row_gap = max(round(4 * s), min(round(10 * s), (bottom - top - sum(r.height for r in rows)) // len(rows)))
        total = sum(r.height for r in rows) + (len(rows) - 1) * row_gap
        y = top + max(0, (bottom - top - total) // 2)
        x = (self.ctx.window_size[0] - card_w) // 2
        out = []
        for row in rows:
            out.append((pygame.Rect(x, y, card_w, row.height), row))
            y += row.height + row_gap
        return lay, out

    def draw(self, surface: pygame.Surface) -> None:
        inner = self.draw_backdrop(surface)
        s = self.scale
        lay, cards = self._cards(inner)
        count = board.DECADES
        nth = {1: ngettext("the first of {count} decade", "the first of {count} decades", count),
               2: ngettext("the second of {count} decade", "the second of {count} decades", count),
               3: ngettext("the third of {count} decade — the last", "the third of {count} decades — the last",
                           count)}[min(self.decade, 3)]
        self.draw_banner(surface, lay.banner, _("Decade {decade} begins").format(decade=roman(self.decade)),
                         "" if lay.compact else nth.format(count=count), icon="queen", colour=OXBLOOD)
        for i, ((icon, heading, _text), (rect, row)) in enumerate(zip(self.items, cards, strict=True)):
            t = self.tweens[i].value
            if t > 0:
                self._draw_row(surface, rect.move(round((1 - t) * 40 * s), 0), icon, heading, row, t)
        self.draw_continue_note(surface)
