"""The table's menu (Esc or the Menu button): back to the game, what the table's overlays add (Back to the guide,
while a guided game's guide was left), save under a name, the rules, the settings, leave the table or quit. The
game is autosaved all along, so leaving or quitting loses nothing."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import scenes
from game.i18n import _
from game.ui import focus, layout, shortcuts, widgets
from game.ui.draw import veil
from game.ui.scene import AppContext, WidgetScene
from game.ui.theme import PARCHMENT_LIGHT


class GameMenu(WidgetScene):
    name = "game-menu"
    transparent = True

    def __init__(self, ctx: AppContext, session, *, on_leave: Callable[[], None],
                 extra: list[tuple[str, str, Callable[[], None]]] | None = None) -> None:
        super().__init__(ctx)
        self.session = session
        self.on_leave = on_leave
        self.extra = extra or []  # (label, tooltip, what it does): what is drawn over the table adds, after Back
        self.card = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[object, Callable[[], None]] = {}
        self.keys: dict[str, object] = {}  # each entry's key -> its button

    # The entries, in order: key, label, style, tooltip, what it does.
    def _entries(self) -> list[tuple[str, str, str | None, str, Callable[[], None]]]:
        return [
            ("menu:back", _("Back to the game"), None, _("Close this menu (Esc)."), self._close),
            *[(f"menu:extra:{i}", label, "quiet", tip, self._then(action))
              for i, (label, tip, action) in enumerate(self.extra)],
            ("menu:save", _("Save as…"), "quiet",
             _("Keep this game under a name of your choosing ({keys}).").format(keys=shortcuts.keys("S")),
             self._save_as),
            ("menu:rules", _("Rules"), "quiet", _("The rules reference (F1)."), self._rules),
            ("menu:settings", _("Settings"), "quiet", _("Speed, display, sound, language and default names."),
             self._settings),
            ("menu:leave", _("Leave the table"), "danger", _("Back to the title menu; Continue resumes this game."),
             self._leave),
            ("menu:quit", _("Quit Noblemen"), "quiet", _("Close the game; Continue on the title resumes it."),
             self.ctx.quit),
        ]

    def build_widgets(self) -> None:
        if self.ctx.ui is None:
            return
        s = layout.scale_for(self.ctx.window_size)
        entries = self._entries()
        bw, bh, gap = round(300 * s), round(44 * s), round(12 * s)
        heading = widgets.gold_text(_("The Game"), round(36 * s)).get_height()
        height = round(24 * s) + heading + round(18 * s) + len(entries) * (bh + gap) + round(14 * s)
        self.card = layout.centered(self.ctx.window_size, bw + round(80 * s), height)
        y = self.card.top + round(24 * s) + heading + round(18 * s)
        self.buttons, self.keys = {}, {}
        for key, text, style, tip, action in entries:
            rect = pygame.Rect(self.card.centerx - bw // 2, y, bw, bh)
            b = self.track(widgets.button(self.ctx.ui, rect, text, style, tooltip=tip))
            self.buttons[b], self.keys[key] = action, b
            y += bh + gap

    def controls(self) -> list[focus.Focusable]:
        return [focus.button_control(self, key, b) for key, b in self.keys.items()]

    def handle_event(self, event: pygame.event.Event) -> bool:
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element]()
            return True
        if event.type == pygame.KEYDOWN:
            if self.handle_focus(event):
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_MENU):  # Esc, or the controller's Start again
                self._close()
            elif shortcuts.pressed(event, pygame.K_s):
                self._save_as()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # modal

    def draw(self, surface: pygame.Surface) -> None:
        s = layout.scale_for(self.ctx.window_size)
        veil(surface)
        widgets.panel(surface, self.card, s, fill=PARCHMENT_LIGHT)
        title = widgets.gold_text(_("The Game"), round(36 * s))
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.top + round(20 * s))))

    # -- the entries -----------------------------------------------------------------------------------------
    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        """An added entry: the menu closes, then ``action``."""
        def run() -> None:
            self._close()
            action()
        return run

    def _close(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def _save_as(self) -> None:
        from game.scenes.saves import open_save_dialog

        self._close()
        open_save_dialog(self.ctx, self.session)

    def _rules(self) -> None:
        self.ctx.open_rules(None)

    def _settings(self) -> None:
        scene = scenes.create("settings", self.ctx)
        if scene is not None:
            self.ctx.stack.push(scene)

    def _leave(self) -> None:
        self._close()
        self.on_leave()
