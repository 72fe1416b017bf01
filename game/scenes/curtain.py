"""The hand-off curtain for pass-and-play: nothing private is drawn until the named player says so.

``CurtainScene(ctx, session, seat, on_confirm)`` covers the whole window (it is not transparent, so the
table below is not drawn at all). It shows only public things: whose turn it is, their crest, the decade
and round. "I am Anne" (click, Enter or Space) calls ``on_confirm(seat)`` and pops the curtain. "Menu" (or
Esc) calls ``on_menu()``: the table's menu (save, rules, settings, leave) opens over the curtain, so nobody's
screen is shown on the way.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, roman
from game.table.estate_draw import draw_crest_badge, styles_from_seats
from game.ui import assets, layout, widgets
from game.ui.draw import Hot, draw_button, text
from game.ui.focus import Focusable
from game.ui.scene import AppContext, Scene
from game.ui.theme import MUTED


class CurtainScene(Scene):
    name = "curtain"
    transparent = False

    def __init__(self, ctx: AppContext, session, seat: int, on_confirm: Callable[[int], None] | None = None,
                 on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(ctx)
        self.session = session
        self.seat = seat
        self.on_confirm = on_confirm
        self.on_menu = on_menu
        self.hots: list[Hot] = []
        self.mouse = (0, 0)
        self.styles = styles_from_seats(session.seats)

    @property
    def player_name(self) -> str:
        return self.session.seats[self.seat].name

    def confirm(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()
        if self.on_confirm is not None:
            self.on_confirm(self.seat)

    def _button_rect(self) -> pygame.Rect:
        return self._places()[-1]

    def _lines(self, width: int) -> tuple[list[pygame.Surface], list[pygame.Surface]]:
        """Whose decision it is, and the line under it in italics, each folded to ``width`` where it is longer."""
        s = layout.scale_for(self.ctx.window_size)
        name = _("{name}, it is your decision.").format(name=self.player_name)
        decade = roman(self.session.state.decade)
        sub = _("Decade {decade} · the others look away while you play.").format(decade=decade)
        big, small = assets.font("heading", round(30 * s)), assets.font("italic", round(18 * s))
        return ([text(line, "heading", round(30 * s)) for line in widgets.wrap(name, big, width)],
                [text(line, "italic", round(18 * s), MUTED) for line in widgets.wrap(sub, small, width)])

    def _heading(self) -> pygame.Surface:
        return widgets.gold_text(_("Pass the screen"), round(54 * layout.scale_for(self.ctx.window_size)))

    def _places(self) -> list[pygame.Rect]:
        """The column from the crown down to the button: crown, heading, rule, crest, the lines, the button,
        centred in the frame, closer together where the text is large."""
        w, h = layout.logical_size(self.ctx.window_size)
        s = layout.scale_for(self.ctx.window_size)
        names, subs = self._lines(w - round(160 * s))
        bw, bh = round(300 * s), round(54 * s)
        sizes = [(round(54 * s), round(36 * s)), self._heading().get_size(), (round(360 * s), round(12 * s)),
                 (round(96 * s), round(96 * s)), (w, sum(i.get_height() for i in names)),
                 (w, sum(i.get_height() for i in subs)), (bw, bh)]
        tops = layout.column([height for _w, height in sizes], round(70 * s), h - round(50 * s), round(22 * s))
        return [pygame.Rect((w - width) // 2, top, width, height) for (width, height), top in zip(sizes, tops,
                                                                                                 strict=True)]

    def _menu_rect(self) -> pygame.Rect:
        w, _h = layout.logical_size(self.ctx.window_size)
        s = layout.scale_for(self.ctx.window_size)
        bw, bh = round(150 * s), round(42 * s)
        return pygame.Rect(w - round(100 * s) - bw, round(40 * s), bw, bh)  # inside the frame's corner ornament

    def open_menu(self) -> None:
        if self.on_menu is not None and self.ctx.stack.top is self:
            self.on_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._button_rect().collidepoint(event.pos):
                self.confirm()
            elif self.on_menu is not None and self._menu_rect().collidepoint(event.pos):
                self.open_menu()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return True
        if event.type == pygame.KEYDOWN and self.handle_focus(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_MENU):
            self.open_menu()
            return True
        return event.type == pygame.KEYDOWN

    def controls(self) -> list[Focusable]:
        """"I am ...", then the Menu."""
        found = [Focusable("curtain:confirm", self._button_rect(), self.confirm)]
        if self.on_menu is not None:
            found.append(Focusable("curtain:menu", self._menu_rect(), self.open_menu))
        return found

    def update(self, dt: float) -> None:
        # the session may not move on behind the curtain: a human is about to decide
        pass

    def draw(self, surface: pygame.Surface) -> None:
        widgets.fill_parchment(surface)
        w, h = layout.logical_size(self.ctx.window_size)
        s = layout.scale_for((w, h))
        frame = pygame.Rect(round(22 * s), round(22 * s), w - round(44 * s), h - round(44 * s))
        widgets.ornate_frame(surface, frame, s)
        crown, heading, rule, crest, names, subs, _button = self._places()
        widgets.crown(surface, crown.center, crown.height)
        head = self._heading()
        surface.blit(head, heading)
        widgets.fleuron_rule(surface, rule.center, rule.width, s)
        draw_crest_badge(surface, crest.center, crest.height, self.styles[self.seat])
        for lines, rect in zip(self._lines(w - round(160 * s)), (names, subs), strict=True):
            y = rect.top
            for line in lines:
                surface.blit(line, line.get_rect(midtop=(rect.centerx, y)))
                y += line.get_height()
        r = self._button_rect()
        hover = self.ctx.input.pointer and r.collidepoint(self.mouse)  # no hover while steered by keys
        draw_button(surface, r, _("I am {name}").format(name=self.player_name), s, hover=hover)
        self.hots = [Hot(r, "curtain:confirm", _("Only {name} should click this.").format(name=self.player_name),
                         self.confirm)]
        if self.on_menu is not None:
            menu = self._menu_rect()
            draw_button(surface, menu, _("Menu"), s, style="quiet",
                        hover=self.ctx.input.pointer and menu.collidepoint(self.mouse))
            self.hots.append(Hot(menu, "curtain:menu", _("Save, rules, settings or leave, without showing anyone's "
                                                         "estate (Esc)."), self.open_menu))
