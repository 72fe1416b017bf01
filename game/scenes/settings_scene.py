"""Settings: how fast computer players move, fullscreen, sound, hints at the table, the text size, the language
and the default player names.

Edits a working copy; Save writes it (atomically) and applies it, Back leaves
without saving (asking first when something changed). A language chosen is spoken at once, so the
player reads the screen in it, and a text size is shown at once; Back without saving returns to the language
and the text size before.
"""

from __future__ import annotations

import contextlib

import attrs
import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game import i18n
from game.i18n import N_, _
from game.persist.settings import MAX_NAME_LENGTH, MAX_SEATS, SPEED_NAMES, SPEEDS, TEXT_SCALES, Settings
from game.persist.storage import StorageError
from game.ui import assets, focus, layout, shortcuts, widgets
from game.ui.draw import fit_text, within
from game.ui.scene import AppContext, WidgetScene
from game.ui.theme import INK, MUTED, OXBLOOD

ROWS = ("speed", "display", "sound", "hints", "text", "language", "names0", "names1", "names2")
LABELS = {
    "speed": (N_("Computer moves"), N_("Instant skips their animations")),
    "display": (N_("Display"), N_("Fullscreen uses the whole screen")),
    "sound": (N_("Sound"), N_("Sound effects and button clicks")),
    "hints": (N_("Hints"), N_("A Hint button at the table, counted")),
    "text": (N_("Text size"), N_("Larger text on every screen")),
    "language": (N_("Language"), N_("The language of every screen")),
    "names0": (N_("Default names"), N_("Offered when a new game is set up")),
}
CHOICES = {
    "speed": [(speed, SPEED_NAMES[speed]) for speed in SPEEDS],
    "display": [(False, N_("Window")), (True, N_("Fullscreen"))],
    "sound": [(True, N_("On")), (False, N_("Off"))],
    "hints": [(True, N_("On")), (False, N_("Off"))],
    "text": [(percent, f"{percent} %") for percent in TEXT_SCALES],  # a number: not translated
    "language": list(i18n.LANGUAGE_NAMES.items()),  # each in its own language, never translated
}
FIELD = {"speed": "animation_speed", "display": "fullscreen", "sound": "sound", "hints": "hints",
         "text": "text_scale", "language": "language"}
NAME_ROW = ROWS.index("names0")


class SettingsScene(WidgetScene):
    name = "settings"
    help_topic = "overview"

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.original = ctx.settings
        self.work: Settings = attrs.evolve(ctx.settings)
        self.choice_buttons: dict[str, list[tuple[object, pygame_gui.elements.UIButton]]] = {}
        self.entries: list[UITextEntryLine] = []
        self.save_button = self.back_button = self.defaults_button = None
        self.toast = widgets.Toast()
        self.error: str | None = None
        self.spoken_before = i18n.language()  # spoken again if the player leaves without saving
        self.scale_before = assets.text_scale()  # shown again if the player leaves without saving

    # -- lifecycle ----------------------------------------------------------------
    def keep_input(self) -> None:
        self._read_names()

    def forget_widgets(self) -> None:
        self.choice_buttons = {}
        self.entries = []

    def _layout(self) -> layout.FormLayout:
        return layout.form_layout(self.ctx.window_size, len(ROWS), buttons=3)

    def build_widgets(self) -> None:
        if self.ctx.ui is None:
            return
        lay = self._layout()
        s = lay.scale
        for key, (_label, field) in zip(ROWS, lay.rows, strict=True):
            if key in CHOICES:
                self._build_choices(key, field, s)
        self._build_names(lay, s)
        b_defaults, b_back, b_save = lay.buttons
        self.defaults_button = self.track(widgets.button(self.ctx.ui, b_defaults, _("Restore defaults"), "quiet",
                                                         tooltip=_("Put every setting back as it was at first.")))
        self.back_button = self.track(widgets.button(self.ctx.ui, b_back, _("Back"), "quiet",
                                                     tooltip=_("Leave without saving (Esc).")))
        keep = _("Keep these settings ({keys}).").format(keys=shortcuts.keys("S"))
        self.save_button = self.track(widgets.button(self.ctx.ui, b_save, _("Save"), None, tooltip=keep))

    def _build_choices(self, key: str, field: pygame.Rect, s: float) -> None:
        choices = CHOICES[key]
        gap = round(8 * s)
        width = (field.width - gap * (len(choices) - 1)) // len(choices)
        current = i18n.language() if key == "language" else getattr(self.work, FIELD[key])
        row = []
        for i, (value, text) in enumerate(choices):
            rect = pygame.Rect(field.left + i * (width + gap), field.top, width, field.height)
            style = None if value == current else "quiet"
            label = text if key == "language" else _(text)
            row.append((value, self.track(widgets.button(self.ctx.ui, rect, label, style))))
        self.choice_buttons[key] = row

    def _name_rects(self, lay: layout.FormLayout) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """(crest, entry) rects for the six names: three rows of two."""
        s = lay.scale
        out = []
        for r in range(3):
            field = lay.rows[NAME_ROW + r][1]
            gap = round(16 * s)
            half = (field.width - gap) // 2
            for c in range(2):
                cell = pygame.Rect(field.left + c * (half + gap), field.top, half, field.height)
                crest = pygame.Rect(cell.left, cell.top, cell.height, cell.height)
                entry = pygame.Rect(crest.right + round(8 * s), cell.top,
                                    cell.width - crest.width - round(8 * s), cell.height)
                out.append((crest, entry))
        return out

    def _build_names(self, lay: layout.FormLayout, s: float) -> None:
        self.entries = []
        for i, (_crest, rect) in enumerate(self._name_rects(lay)):
            entry = self.track(UITextEntryLine(rect, manager=self.ctx.ui, initial_text=self.work.player_names[i]))
            entry.set_text_length_limit(MAX_NAME_LENGTH)
            self.entries.append(entry)

    def controls(self) -> list[focus.Focusable]:
        """Each row's choices left to right, the names, then Restore defaults, Back and Save."""
        found = [focus.button_control(self, f"settings:{key}:{value}", b)
                 for key, row in self.choice_buttons.items() for value, b in row]
        found += [focus.entry_control(f"settings:name:{i}", entry) for i, entry in enumerate(self.entries)]
        buttons = (("settings:defaults", self.defaults_button), ("settings:back", self.back_button),
                   ("settings:save", self.save_button))
        return found + [focus.button_control(self, key, b) for key, b in buttons if b is not None]

    # -- model ---------------------------------------------------------------------------
    def _read_names(self) -> list[str]:
        names = [" ".join(e.get_text().split()) for e in self.entries]
        if len(names) == MAX_SEATS and all(names):
            with contextlib.suppress(TypeError, ValueError):
                self.work.player_names = tuple(names)
        return names

    @property
    def dirty(self) -> bool:
        self._read_names()
        return self.work != self.original

    def choose(self, key: str, value: object) -> None:
        setattr(self.work, FIELD[key], value)
        if key == "language":
            notice = i18n.set_language(str(value))  # this screen speaks it at once; the others when it is saved
            if notice:  # its texts are missing or damaged: English is spoken, and the player is told why
                self.toast.show(str(notice), 6.0)
        if key == "text":  # shown at once, as a language chosen is spoken at once
            self.keep_input()
            self.ctx.apply_text_scale(int(value) / 100)
        self._rebuild_keep_names()

    def _rebuild_keep_names(self) -> None:
        self.keep_input()
        self.drop_widgets()
        self.build_widgets()

    def restore_defaults(self) -> None:
        defaults = Settings()
        self.work = attrs.evolve(defaults, window_size=self.work.window_size, last_setup=self.work.last_setup)
        i18n.set_language(i18n.system_language())
        self.keep_input()
        self.ctx.apply_text_scale(self.work.text_scale / 100)
        self.drop_widgets()
        self.build_widgets()

    def save(self) -> bool:
        names = self._read_names()
        if not all(names):
            self.error = _("Every noble needs a name.")
            self.toast.show(self.error)
            return False
        if len(set(n.lower() for n in names)) != len(names):
            self.error = _("Two nobles may not share a name.")
            self.toast.show(self.error)
            return False
        display_changed = self.work.fullscreen != self.original.fullscreen
        text_changed = self.work.text_scale != self.original.text_scale
        language_changed = self.work.language != self.original.language or i18n.language() != self.spoken_before
        for field in attrs.fields(Settings):
            setattr(self.original, field.name, getattr(self.work, field.name))
        try:
            self.ctx.save_settings()
        except StorageError as exc:
            self.error = _("Settings are used but could not be saved: {reason}").format(reason=exc)
            self.toast.show(self.error, 6.0)
            return False
        self.error = None
        if display_changed:
            self.ctx.apply_display_settings()
        if text_changed:
            self.ctx.apply_text_scale()
        self.scale_before = assets.text_scale()
        if language_changed:
            self.spoken_before = i18n.language()
            self.ctx.apply_language()
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()
        return True

    def back(self) -> None:
        if not self.dirty:
            self.ctx.stack.pop()
            return
        self.ctx.stack.push(widgets.ConfirmDialog(
            self.ctx, _("Discard changes?"), _("Your changes to the settings have not been saved."),
            yes=_("Discard"), no=_("Keep editing"), on_yes=self._leave, danger=True, keep_first=True))

    def _leave(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def exit(self) -> None:
        i18n.set_language(self.spoken_before)  # a language chosen but not saved is not kept
        super().exit()
        if assets.text_scale() != self.scale_before:  # nor a text size
            self.ctx.apply_text_scale(self.scale_before)

    # -- events --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = event.ui_element
            if element is self.save_button:
                self.save()
                return True
            if element is self.back_button:
                self.back()
                return True
            if element is self.defaults_button:
                self.restore_defaults()
                return True
            for key, row in self.choice_buttons.items():
                for value, b in row:
                    if element is b:
                        self.choose(key, value)
                        return True
            return False
        if event.type == pygame.KEYDOWN:
            if self.handle_focus(event):
                return True
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if shortcuts.pressed(event, pygame.K_s):
                self.save()
                return True
        return False

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    # -- drawing -----------------------------------------------------------------------------
    def title(self, lay: layout.FormLayout) -> tuple[pygame.Surface, pygame.Rect]:
        """The screen's title and its place: at the largest size at which it and the rule under it end above the
        panel (at 200 % the "g" reached over the panel's line)."""
        s = lay.scale
        size = within(56 * s, lay.heading.height * 0.8)
        while True:
            title = widgets.gold_text(_("Settings"), size)
            trect = title.get_rect(midtop=(lay.heading.centerx, lay.heading.top))
            if trect.bottom + round(8 * s) <= lay.panel.top or size <= assets.min_design_size():
                return title, trect
            size -= 1

    def draw(self, surface: pygame.Surface) -> None:
        widgets.fill_parchment(surface)
        lay = self._layout()
        s = lay.scale
        widgets.ornate_frame(surface, lay.frame, s)
        title, trect = self.title(lay)
        surface.blit(title, trect)
        widgets.fleuron_rule(surface, (lay.heading.centerx, trect.bottom + round(4 * s)), round(320 * s), s)
        widgets.panel(surface, lay.panel, s)
        for key, (label_rect, _field) in zip(ROWS, lay.rows, strict=True):
            if key not in LABELS:
                continue
            title_text, hint = (_(part) for part in LABELS[key])
            size = within(21 * s, label_rect.height * 0.62)
            hint_size = within(13 * s, label_rect.height * 0.42)
            head = fit_text(title_text, "heading", size, label_rect.width, INK)
            note = fit_text(hint, "ui", hint_size, label_rect.width, MUTED)
            top = label_rect.centery - (head.get_height() + note.get_height() - 2) // 2
            surface.blit(head, (label_rect.left, top))
            surface.blit(note, (label_rect.left, top + head.get_height() - 2))
        for i, (crest_rect, _entry) in enumerate(self._name_rects(lay)):
            self._draw_crest(surface, crest_rect, i)
        if self.error:
            widgets.blit_text(surface, self.error, "italic", round(17 * s), OXBLOOD,
                              midbottom=(lay.panel.centerx, lay.panel.bottom - round(8 * s)))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        lay = self._layout()
        self.toast.draw(surface, bottom=lay.buttons[0].top - round(10 * lay.scale))

    def _draw_crest(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        colour = self.work.player_colours[seat]
        crest = self.work.player_crests[seat]
        pygame.draw.circle(surface, colour, rect.center, rect.width // 2)
        pygame.draw.circle(surface, INK, rect.center, rect.width // 2, width=max(1, rect.width // 20))
        inner = rect.inflate(-rect.width // 3, -rect.height // 3)
        try:
            img = assets.image(f"crest-{crest}", inner.size, tint="#F1E6CC")
            surface.blit(img, inner)
        except (KeyError, ValueError, pygame.error):
            widgets.blit_text(surface, crest[:1].upper(), "heading", inner.height, (241, 230, 204),
                              center=rect.center)
