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

from game.i18n import _
from game.table.estate_draw import draw_crest_badge, styles_from_seats
from game.ui import layout, widgets
from game.ui.draw import Hot, draw_button, text
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
        self.drawn_private = False  # tests: must stay False

    @property
    def player_name(self) -> str:
        return self.session.seats[self.seat].name

    def confirm(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()
        if self.on_confirm is not None:
            self.on_confirm(self.seat)

    def _button_rect(self) -> pygame.Rect:
        w, h = layout.logical_size(self.ctx.window_size)
        s = layout.scale_for((w, h))
        bw, bh = round(300 * s), round(54 * s)
        return pygame.Rect((w - bw) // 2, int(h * 0.66), bw, bh)

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
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.confirm()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_menu()
            return True
        return event.type == pygame.KEYDOWN

    def update(self, dt: float) -> None:
        # the session may not move on behind the curtain: a human is about to decide
        pass

    def draw(self, surface: pygame.Surface) -> None:
        widgets.fill_parchment(surface)
        w, h = layout.logical_size(self.ctx.window_size)
        s = layout.scale_for((w, h))
        frame = pygame.Rect(round(22 * s), round(22 * s), w - round(44 * s), h - round(44 * s))
        widgets.ornate_frame(surface, frame, s)
        cx = w // 2
        widgets.crown(surface, (cx, int(h * 0.16)), round(36 * s))
        state = self.session.state
        head = widgets.gold_text(_("Pass the screen"), round(54 * s))
        surface.blit(head, head.get_rect(midtop=(cx, int(h * 0.2))))
        widgets.fleuron_rule(surface, (cx, int(h * 0.2) + head.get_height() + round(10 * s)), round(360 * s), s)
        draw_crest_badge(surface, (cx, int(h * 0.47)), round(96 * s), self.styles[self.seat])
        line = text(_("{name}, it is your decision.").format(name=self.player_name), "heading", round(30 * s))
        surface.blit(line, line.get_rect(midtop=(cx, int(h * 0.47) + round(56 * s))))
        decade = ("I", "II", "III")[state.decade - 1]
        sub = text(_("Decade {decade} · the others look away while you play.").format(decade=decade), "italic",
                   round(18 * s), MUTED)
        surface.blit(sub, sub.get_rect(midtop=(cx, int(h * 0.47) + round(96 * s))))
        r = self._button_rect()
        draw_button(surface, r, _("I am {name}").format(name=self.player_name), s, hover=r.collidepoint(self.mouse))
        self.hots = [Hot(r, "curtain:confirm", _("Only {name} should click this.").format(name=self.player_name),
                         self.confirm)]
        if self.on_menu is not None:
            menu = self._menu_rect()
            draw_button(surface, menu, _("Menu"), s, style="quiet", hover=menu.collidepoint(self.mouse))
            self.hots.append(Hot(menu, "curtain:menu", _("Save, rules, settings or leave, without showing anyone's "
                                                         "estate (Esc)."), self.open_menu))
