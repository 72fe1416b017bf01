"""The title menu: New game, Tutorial, Continue, Load, Rules, Settings, About, Quit; the version in the corner."""

from __future__ import annotations

import traceback
from collections.abc import Callable

import pygame
import pygame_gui

from game import scenes
from game.i18n import N_, _
from game.persist import storage
from game.ui import assets, focus, layout, widgets
from game.ui.draw import fit_text, fits
from game.ui.scene import AppContext, WidgetScene
from game.ui.theme import MUTED
from game.version import version

SUBTITLE = N_("Estates, scandals and masked balls at the court of the Queen")
CREDIT = N_("After the board game by Dwight Sullivan (2012)  ·  a digital edition for 3–5 players")
HINT = N_("Tab ↑ ↓  choose    Enter  select    F1  rules    Esc  quit")
#: the name's least height (design px) before a subtitle at a large text size gives way; the frame's corners' width
LOGO_LEAST, CORNER = 52, 64
VERSION_GAP = 24  # design px at least between the version and the key hints beside it


def _can_continue() -> bool:
    """An autosave of an unfinished game exists (a finished game's autosave is kept, not offered)."""
    try:
        from game.persist import saves
    except ImportError:  # pragma: no cover - the saves module is part of the game
        return storage.autosave_path().is_file()
    return saves.can_continue()


class TitleScene(WidgetScene):
    name = "title"
    help_topic = "overview"

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.toast = widgets.Toast()
        self.buttons: list[tuple[str, pygame_gui.elements.UIButton]] = []
        self.entries: list[tuple[str, str, Callable[[], None], str | None, str]] = []

    # -- menu -------------------------------------------------------------------
    def _entries(self) -> list[tuple[str, str, Callable[[], None], str | None, str]]:
        """(key, label, action, style, tooltip) for each button; Continue only if an autosave exists. The one
        filled button is what a player most likely wants: Continue while a game waits, else New game."""
        has_autosave = _can_continue()
        return [
            ("new", _("New game"), self.new_game, "quiet" if has_autosave else None,
             _("Seat three to five nobles and begin a game.")),
            ("tutorial", _("Tutorial"), self.open_tutorial, "quiet",
             _("Learn by playing: a guide leads you through your first decade against two computer players.")),
            ("continue", _("Continue"), self.continue_game, None if has_autosave else "quiet",
             _("Resume the game you were playing.") if has_autosave else _("There is no game in progress.")),
            ("load", _("Load"), self.load_game, "quiet", _("Open a saved game.")),
            ("rules", _("Rules"), self.open_rules, "quiet", _("The rules of Noblemen, by topic (F1 anywhere).")),
            ("settings", _("Settings"), self.open_settings, "quiet",
             _("Animation speed, fullscreen, sound, language, names.")),
            ("about", _("About"), self.open_about, "quiet", _("The version, the credits and the licences.")),
            ("quit", _("Quit"), self.confirm_quit, "quiet", _("Leave the court.")),
        ]

    def enter(self) -> None:
        super().enter()
        if self.ctx.notices:
            self.toast.show(" ".join(str(notice) for notice in self.ctx.notices), 8.0)
            self.ctx.notices.clear()

    def forget_widgets(self) -> None:
        self.buttons = []

    def build_widgets(self) -> None:
        self.entries = self._entries()
        self.buttons = []
        if self.ctx.ui is None:
            return
        lay = layout.menu_layout(self.ctx.window_size, len(self.entries))
        has_autosave = _can_continue()
        for (key, text, _action, style, tip), rect in zip(self.entries, lay.buttons, strict=True):
            b = self.track(widgets.button(self.ctx.ui, rect, text, style, tooltip=tip, object_id=key))
            if key == "continue" and not has_autosave:
                b.disable()
            self.buttons.append((key, b))

    def controls(self) -> list[focus.Focusable]:
        return [focus.button_control(self, key, b) for key, b in self.buttons]

    def default_control(self) -> str | None:
        """The keys start on the filled button: Continue while a game waits (Enter resumes it), else New game."""
        return next((key for key, _text, _action, style, _tip in self.entries if style is None), None)

    def activate(self, key: str) -> None:
        for k, _text, action, _style, _tip in self.entries:
            if k == key:
                action()
                return

    # -- actions ------------------------------------------------------------------
    def _open_hook(self, hook: str, what: str, **kwargs) -> None:
        try:
            scene = scenes.create(hook, self.ctx, **kwargs)
        except Exception as exc:  # show the problem, keep the menu alive
            traceback.print_exc()
            self.toast.show(_("{what} failed: {reason}").format(what=what, reason=exc), 6.0)
            return
        self.ctx.stack.push(scene)

    def new_game(self) -> None:
        scenes.wait_for_warm_up()
        from game.scenes.unfinished import keep_or_replace

        keep_or_replace(self.ctx, lambda: self._open_hook("new_game", _("A new game")))

    def continue_game(self) -> None:
        path = storage.autosave_path()
        if not path.is_file():
            self.toast.show(_("There is no game in progress to continue."))
            return
        self._open_hook("continue_game", _("Continuing"), path=path)

    def open_tutorial(self) -> None:
        scenes.wait_for_warm_up()
        from game.scenes.tutorial import open_tutorial

        open_tutorial(self.ctx)

    def load_game(self) -> None:
        self._open_hook("load_game", _("Loading a game"))

    def open_rules(self) -> None:
        self.ctx.stack.push(scenes.create("rules", self.ctx))

    def open_settings(self) -> None:
        self.ctx.stack.push(scenes.create("settings", self.ctx))

    def open_about(self) -> None:
        self.ctx.stack.push(scenes.create("about", self.ctx))

    def confirm_quit(self) -> None:
        self.ctx.stack.push(widgets.ConfirmDialog(
            self.ctx, _("Leave the court?"), _("The game will close. Your settings are kept."),
            yes=_("Leave"), no=_("Stay"), on_yes=self.ctx.quit, danger=True))

    # -- events -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons:
                if event.ui_element is b:
                    self.activate(key)
                    return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_s, pygame.K_w):  # the menu's own keys for down and up
                self.ring.move(self.controls(), focus.Move.DOWN if event.key == pygame.K_s else focus.Move.UP)
                return True
            if self.handle_focus(event):
                return True
            if event.key == pygame.K_ESCAPE:
                self.confirm_quit()
                return True
        return False

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        widgets.fill_parchment(surface)
        lay = layout.menu_layout(self.ctx.window_size, max(1, len(self.entries)))
        s = lay.scale
        widgets.ornate_frame(surface, lay.frame, s)
        self._draw_heraldry(surface, lay)
        head = lay.heading
        cx = head.centerx
        # the crown, the name (a logo: it keeps its size whatever the text size) and the subtitle share the
        # heading: the name gives way to a larger subtitle, down to a size that still reads as a name, and then
        # the subtitle gives way
        room = head.height - round(46 * s) - round(28 * s)
        sub_size = round(24 * s)
        while sub_size > 12 and room - assets.font("italic", sub_size).get_height() < round(LOGO_LEAST * s):
            sub_size -= 1
        sub_h = assets.font("italic", sub_size).get_height()
        logo = min(round(104 * s), round((room - sub_h) / 1.2)) / assets.text_scale()
        widgets.crown(surface, (cx, head.top + round(30 * s)), round(34 * s))
        title = widgets.gold_text("Noblemen", max(1, round(logo)))
        title_rect = title.get_rect(midtop=(cx, head.top + round(46 * s)))
        surface.blit(title, title_rect)
        inner = lay.frame.width - 2 * round(CORNER * s)  # clear of the frame's corners
        sub = fit_text(_(SUBTITLE), "italic", sub_size, inner, MUTED)
        sub_rect = surface.blit(sub, sub.get_rect(midtop=(cx, title_rect.bottom + round(2 * s))))
        widgets.fleuron_rule(surface, (cx, min(sub_rect.bottom + round(20 * s), lay.buttons[0].top - round(8 * s))),
                             round(420 * s), s)
        credit = self._draw_credit(surface, (cx, lay.footer.top), round(17 * s), inner)
        hints = widgets.blit_text(surface, _(HINT), "ui", max(11, round(12 * s)), MUTED, midtop=(cx, credit.bottom))
        words = _("Version {version}").format(version=version())
        size = max(11, round(12 * s))
        corner = widgets.text(words, "ui", size, MUTED).get_rect(
            bottomright=(lay.frame.right - round(60 * s), hints.bottom))
        apart = corner.inflate(2 * round(VERSION_GAP * s), 0)  # set off from the hints, not run on from them
        if apart.colliderect(hints) or apart.colliderect(credit):  # no room beside the hints: the top corner
            corner.topright = (lay.frame.right - round(60 * s), lay.frame.top + round(12 * s))
        widgets.blit_text(surface, words, "ui", size, MUTED, bottomright=corner.bottomright)
        if not self.buttons:  # paused under a dialog: widgets are gone, draw their likeness
            self._draw_ghost_buttons(surface, lay)

    @staticmethod
    def _draw_credit(surface: pygame.Surface, midtop: tuple[int, int], size: int, width: int) -> pygame.Rect:
        """The credit line, shrunk a little where it is too wide, else folded (a large text size, a long
        language): never over the frame's corners."""
        words = _(CREDIT)
        if fits(words, "italic", size, width):
            img = fit_text(words, "italic", size, width, MUTED)
            return surface.blit(img, img.get_rect(midtop=midtop))
        area = pygame.Rect(midtop, (0, 0))
        for line in widgets.wrap(words, assets.font("italic", size), width):
            area.union_ip(widgets.blit_text(surface, line, "italic", size, MUTED, midtop=(midtop[0], area.bottom)))
        return area

    def _draw_ghost_buttons(self, surface: pygame.Surface, lay: layout.MenuLayout) -> None:
        s = lay.scale
        entries = self.entries or self._entries()
        for (_key, text, _action, style, _tip), rect in zip(entries, lay.buttons, strict=False):
            primary = style is None
            fill = (34, 64, 110) if primary else (228, 211, 174)
            ink = (241, 230, 204) if primary else (43, 33, 24)
            pygame.draw.rect(surface, fill, rect, border_radius=round(6 * s))
            pygame.draw.rect(surface, MUTED, rect, width=2, border_radius=round(6 * s))
            widgets.blit_text(surface, text, "heading", round(21 * s), ink, center=rect.center)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        lay = layout.menu_layout(self.ctx.window_size, max(1, len(self.entries)))
        self.toast.draw(surface, top=lay.frame.top + round(14 * lay.scale))

    def _draw_heraldry(self, surface: pygame.Surface, lay: layout.MenuLayout) -> None:
        """Two columns of the game's pieces flanking the menu, drawn from the SVG art if present."""
        s = lay.scale
        names = set(assets.art_names())
        left = [n for n in ("building-castle", "building-chapel", "building-palace") if n in names]
        right = [n for n in ("queen", "knight", "region-garden") if n in names]
        if not left and not right:
            return
        buttons = lay.buttons
        top = buttons[0].top
        bottom = buttons[-1].bottom
        step_h = (bottom - top) / 3
        size = max(20, min(round(80 * s), round(step_h / 1.5)))
        gap_x = round(150 * s)
        for column, x in ((left, buttons[0].left - gap_x), (right, buttons[0].right + gap_x)):
            if not column:
                continue
            step = (bottom - top) / len(column)
            for i, name in enumerate(column):
                try:
                    img = assets.image(name, (size, size),
                                       tint="#22406E" if name == "knight" else None)
                except (KeyError, ValueError, pygame.error):
                    continue
                rect = img.get_rect(center=(x, round(top + step * (i + 0.5))))
                halo = pygame.Rect(0, 0, round(size * 1.3), round(size * 1.3))
                halo.center = rect.center
                pygame.draw.ellipse(surface, (228, 211, 174), halo)
                pygame.draw.ellipse(surface, (201, 162, 39), halo, width=max(1, round(1.5 * s)))
                surface.blit(img, rect)

