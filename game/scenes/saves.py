"""Saved games in the GUI: Continue, the Load screen, the Save-as dialog.

Hooks registered here (see :mod:`game.scenes`):

``"continue_game"``  ``factory(ctx, path=Path)``  resume the autosave; if it is damaged, a dialog offers the
                     backup (``autosave.json.bak``); a finished game shows its final standings instead.
``"load_game"``      ``factory(ctx)``             the Load screen: named saves newest first with date,
                     players, decade and scores; Load, Delete (after a confirmation) and Back.

For the table: :func:`open_save_dialog(ctx, session) <open_save_dialog>` pushes the "Save the game" dialog
(bind it to a button and Ctrl+S). :func:`open_table` hands a loaded session to the table (hook ``"table"``)
with the autosaver attached, so a resumed game is saved after every action from its first moment.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import scenes
from game.i18n import N_, _, and_list, language, name_and_count, ngettext
from game.persist import saves, storage
from game.scenes import load_rows
from game.session import GameSession
from game.ui import assets, focus, layout, shortcuts, widgets
from game.ui.draw import smallest_size, veil, within
from game.ui.scene import AppContext, Scene, WidgetScene
from game.ui.theme import GOLD, GOLD_DARK, INK, MUTED, OXBLOOD, PANEL, PANEL_DARK, PARCHMENT_LIGHT, ROYAL_BLUE

EMPTY_HINT = N_("No saved games yet. During a game, press {keys} to save it under a name of your choosing.")
HINT = N_("↑ ↓  choose    Enter  load    Delete  delete    Esc  back")
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))


# -- opening the table --------------------------------------------------------------------------------
def open_table(ctx: AppContext, session: GameSession) -> Scene:
    """The table scene for ``session``, its autosaver attached (writing in the background)."""
    saves.autosaver_for(session, background=True)
    session.set_speed(ctx.settings.animation_speed)
    return scenes.create("table", ctx, session=session)


def _go_to_table(ctx: AppContext, session: GameSession, replace: Scene | None = None) -> None:
    scene = open_table(ctx, session)
    if replace is not None and ctx.stack.top is replace:
        ctx.stack.replace(scene)
    else:
        ctx.stack.push(scene)


def describe_when(moment: datetime | None, now: datetime | None = None) -> str:
    """"Today, 14:05", "Yesterday, 09:30" or "3 March 2025, 18:00" (in the language spoken)."""
    if moment is None:
        return _("date unknown")
    local = moment.astimezone()
    now = (now or datetime.now()).astimezone()
    clock = local.strftime("%H:%M")
    days = (now.date() - local.date()).days
    if days == 0:
        return _("Today, {clock}").format(clock=clock)
    if days == 1:
        return _("Yesterday, {clock}").format(clock=clock)
    return _("{day} {month} {year}, {clock}").format(day=local.day, month=_(MONTHS[local.month - 1]),
                                                      year=local.year, clock=clock)


def standings(summary: saves.Summary) -> str:
    """"Normal 1: 60, Normal 2: 56": each name and its score told apart (a name may hold digits), and held
    together where the text folds."""
    return ", ".join(widgets.unbroken(name_and_count(name, score))
                     for name, score in zip(summary.players, summary.scores, strict=False))


def _keep_or_replace(ctx: AppContext, go: Callable[[], None], **kwargs: Any) -> None:
    from game.scenes.unfinished import keep_or_replace  # it uses the Save dialog below

    keep_or_replace(ctx, go, **kwargs)


def open_file(ctx: AppContext, path: Path) -> str | None:
    """``noblemen FILE``: the save at the table, over the scene on top (the title menu), or a dialog with the
    reason it cannot be played; returns that reason (None if it opened)."""
    try:
        loaded = saves.load_file(path)
    except saves.SaveLoadError as exc:
        ctx.stack.push(widgets.MessageDialog(ctx, _("This save cannot be loaded"), exc.message))
        return exc.message
    if loaded.summary.over:
        ctx.stack.push(_finished(ctx, loaded, path))
        return _("That game is over.")
    _keep_or_replace(ctx, lambda: _go_to_table(ctx, loaded.session), incoming=loaded.session,
                     on_cancel=loaded.session.close)
    return None


# -- Continue -------------------------------------------------------------------------------------------
def continue_game(ctx: AppContext, path: Path | None = None, **_kwargs: Any) -> Scene:
    """Resume the autosave at ``path``; offer the backup if it is damaged."""
    path = Path(path) if path is not None else storage.autosave_path()
    try:
        loaded = saves.load_file(path)
    except saves.SaveLoadError as exc:
        return _offer_backup(ctx, path, exc)
    if loaded.summary.over:
        return _finished(ctx, loaded, path)
    table = open_table(ctx, loaded.session)
    from game.scenes.tutorial import offer_the_guide  # the tutorial loads only when a game is resumed

    offer_the_guide(ctx, table)
    return table


def _offer_backup(ctx: AppContext, path: Path, error: saves.SaveLoadError) -> Scene:
    backup = saves.backup_path(path)
    try:
        older = saves.load_file(backup)
    except saves.SaveLoadError:
        return widgets.MessageDialog(ctx, _("The game cannot be resumed"),
                                     _("{reason} There is no usable backup either; "
                                       "start a new game or load a named save.").format(reason=error.message))
    when = describe_when(saves.parse_time(older.saved_at))
    where = older.summary.where if not older.summary.over else _("the game's end")
    session = older.session
    resumed = False

    def use_backup() -> None:
        nonlocal resumed
        resumed = True
        if older.summary.over:
            ctx.stack.push(_finished(ctx, older, backup))
        else:
            _go_to_table(ctx, session)

    def decline() -> None:
        if not resumed:
            session.close()

    damaged = (_("The last autosave is damaged ({why}).").format(why=_(error.why)) if error.why
               else error.message)
    return widgets.ConfirmDialog(
        ctx, _("The autosave is damaged"),
        _("{damaged} The one before it ({when}, {where}) is intact. Resume from there? At most one move is "
          "lost.").format(damaged=damaged, when=when, where=where),
        yes=_("Use the backup"), no=_("Not now"), on_yes=use_backup, on_no=decline)


def _finished(ctx: AppContext, loaded: saves.Loaded, path: Path) -> Scene:
    """The final standings of the finished game saved in ``path``, with its review or replay on offer (as the
    game-over screen offers them)."""
    loaded.session.close()
    summary = loaded.summary
    best = max(summary.scores)
    winners = [n for n, s in zip(summary.players, summary.scores, strict=False) if s == best]
    if len(winners) > 1:
        who = _("{names} share the victory with {points} points").format(names=and_list(winners), points=best)
    else:
        who = _("{name} won with {points} points").format(name=winners[0], points=best)
    return widgets.ChoiceDialog(
        ctx, _("That game is over"),
        _("{who} ({standings}). Start a new game from the menu, or load a named save.")
        .format(who=who, standings=standings(summary)),
        [(_("Very well"), "quiet", None), (_("Review"), None, lambda: study(ctx, path))], default=0, cancel=0)


def study(ctx: AppContext, path: Path) -> None:
    """Offer the review or the replay of the game saved in ``path`` (the save is only read)."""
    from game.scenes.review import open_coach  # the coach's screens load when first asked for
    from game.table.replay import record_from_file

    try:
        record = record_from_file(path)
    except saves.SaveLoadError as exc:
        ctx.stack.push(widgets.MessageDialog(ctx, _("This save cannot be loaded"), exc.message))
        return
    open_coach(ctx, record)


# -- the Load screen ----------------------------------------------------------------------------------------
class LoadScene(WidgetScene):
    """Named saves, newest first: Load, Delete (confirmed) and Back."""

    name = "load"
    help_topic = "overview"

    def __init__(self, ctx: AppContext, folder: Path | None = None) -> None:
        super().__init__(ctx)
        self.folder = folder
        self.entries: list[saves.SaveInfo] = []
        self._plans: dict[tuple[Any, ...], load_rows.RowPlan] = {}
        self.selected = 0
        self.scroll = 0
        self.toast = widgets.Toast()
        self.load_button = self.delete_button = self.back_button = self.review_button = None
        self.refresh()

    # -- data ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.entries = saves.list_saves(self.folder)
        self._plans.clear()
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self._clamp_scroll()

    @property
    def current(self) -> saves.SaveInfo | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    # -- geometry -------------------------------------------------------------------------------------
    def _geometry(self) -> dict[str, Any]:
        w, h = layout.logical_size(self.ctx.window_size)
        s = layout.scale_for((w, h))
        margin = round(22 * s)
        frame = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        heading = pygame.Rect(frame.left, frame.top + round(12 * s), frame.width, round(104 * s))
        button_h = round(46 * s)
        pad = round(22 * s)
        foot_y = frame.bottom - pad - button_h - round(20 * s)
        panel_w = min(frame.width - 2 * pad, round(960 * s))
        panel = pygame.Rect((w - panel_w) // 2, heading.bottom + round(12 * s), panel_w,
                            foot_y - round(14 * s) - heading.bottom - round(12 * s))
        inner = panel.inflate(-2 * round(14 * s), -2 * round(16 * s))
        count = 4  # Back, Delete, Review, Load
        bw = min(round(190 * s), (panel_w - 2 * pad) // count)
        gap = round(18 * s)
        total = count * bw + (count - 1) * gap
        bx = (w - total) // 2
        buttons = [pygame.Rect(bx + i * (bw + gap), foot_y, bw, button_h) for i in range(count)]
        hint_y = foot_y + button_h + round(8 * s)
        return {"s": s, "frame": frame, "heading": heading, "panel": panel, "inner": inner, "buttons": buttons,
                "hint_y": hint_y}

    def _plan(self, index: int, g: dict[str, Any]) -> load_rows.RowPlan:
        """Entry ``index``'s words placed in a row of the list's width: as tall as they need at any text size."""
        key = (index, g["inner"].width, g["s"], assets.text_scale(), language())
        if key not in self._plans:
            entry = self.entries[index]
            self._plans[key] = load_rows.row_plan(entry, describe_when(entry.saved_at), g["inner"].width, g["s"])
        return self._plans[key]

    def visible(self, scroll: int | None = None) -> int:
        """How many rows from ``scroll`` (the current scroll) fit in the list; at least one."""
        g = self._geometry()
        first = self.scroll if scroll is None else scroll
        room, count = g["inner"].height, 0
        for i in range(first, len(self.entries)):
            room -= self._plan(i, g).height
            if room < 0:
                break
            count += 1
        return max(1, count)

    def _last_scroll(self) -> int:
        """The scroll that shows the last rows with the list full."""
        top = len(self.entries) - 1
        while top > 0 and top - 1 + self.visible(top - 1) >= len(self.entries):
            top -= 1
        return max(0, top)

    def row_rect(self, index: int) -> pygame.Rect | None:
        """Where entry ``index`` is drawn (None when scrolled out of view)."""
        if not 0 <= index - self.scroll < self.visible():
            return None
        g = self._geometry()
        inner = g["inner"]
        top = inner.top + sum(self._plan(i, g).height for i in range(self.scroll, index))
        return pygame.Rect(inner.left, top, inner.width, self._plan(index, g).height)

    def _clamp_scroll(self) -> None:
        if self.selected < self.scroll:
            self.scroll = self.selected
        while self.selected >= self.scroll + self.visible():
            self.scroll += 1
        self.scroll = max(0, min(self.scroll, self._last_scroll()))

    # -- lifecycle ----------------------------------------------------------------------------------------
    def resume(self) -> None:
        self.refresh()
        super().resume()

    def on_resize(self, size: tuple[int, int]) -> None:
        self._clamp_scroll()
        super().on_resize(size)

    def build_widgets(self) -> None:
        if self.ctx.ui is None:
            return
        back, delete, study, load = self._geometry()["buttons"]
        ui = self.ctx.ui
        self.back_button = self.track(widgets.button(ui, back, _("Back"), "quiet",
                                                     tooltip=_("Back to the menu (Esc)"), object_id="back"))
        self.delete_button = self.track(widgets.button(ui, delete, _("Delete"), "danger",
                                                       tooltip=_("Delete the chosen save (asks first)"),
                                                       object_id="delete"))
        self.review_button = self.track(widgets.button(ui, study, _("Review"), "quiet", object_id="review",
                                                       tooltip=_("Review the chosen game, or step through it")))
        self.load_button = self.track(widgets.button(ui, load, _("Load"), tooltip=_("Open the chosen save (Enter)"),
                                                     object_id="load"))
        self._update_buttons()

    def _update_buttons(self) -> None:
        entry = self.current
        for button, enabled in ((self.load_button, entry is not None and entry.error is None),
                                (self.review_button, entry is not None and entry.error is None),
                                (self.delete_button, entry is not None)):
            if button is None:
                continue
            if enabled and not button.is_enabled:
                button.enable()
            elif not enabled and button.is_enabled:
                button.disable()

    def controls(self) -> list[focus.Focusable]:
        """The list (its chosen row; the arrows choose another while it has the focus), then Back, Delete,
        Review and Load."""
        row = self.row_rect(self.selected) if self.entries else None
        found = [focus.Focusable("load:list", row, self.load_selected)] if row is not None else []
        buttons = (("load:back", self.back_button), ("load:delete", self.delete_button),
                   ("load:review", self.review_button), ("load:load", self.load_button))
        return found + [focus.button_control(self, key, b) for key, b in buttons if b is not None]

    def _on_list(self) -> bool:
        here = self.focused()
        return here is None or here.key == "load:list"

    # -- actions -----------------------------------------------------------------------------------------
    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(index, len(self.entries) - 1))
        self._clamp_scroll()
        self._update_buttons()

    def load_selected(self) -> None:
        entry = self.current
        if entry is None:
            return
        try:
            loaded = saves.load_file(entry.path)
        except saves.SaveLoadError as exc:
            self.ctx.stack.push(widgets.MessageDialog(self.ctx, _("This save cannot be loaded"), exc.message))
            return
        if loaded.summary.over:
            self.ctx.stack.push(_finished(self.ctx, loaded, entry.path))
            return
        _keep_or_replace(self.ctx, lambda: _go_to_table(self.ctx, loaded.session, replace=self),
                         incoming=loaded.session, on_cancel=loaded.session.close)

    def study_selected(self) -> None:
        """Review or replay the chosen save (the save is only read)."""
        if self.current is not None:
            study(self.ctx, self.current.path)

    def delete_selected(self) -> None:
        entry = self.current
        if entry is None:
            return
        path = entry.path

        def really() -> None:
            try:
                saves.delete_save(path)
            except storage.StorageError as exc:
                self.toast.show(str(exc), 6.0)
                return
            self.refresh()
            self._update_buttons()
            self.toast.show(_("“{name}” was deleted.").format(name=entry.name))

        self.ctx.stack.push(widgets.ConfirmDialog(
            self.ctx, _("Delete this save?"), _("“{name}” will be gone for good.").format(name=entry.name),
            yes=_("Delete"), no=_("Keep it"), on_yes=really, danger=True, keep_first=True))

    def back(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    # -- events -------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.load_button:
                self.load_selected()
            elif event.ui_element is self.delete_button:
                self.delete_selected()
            elif event.ui_element is self.back_button:
                self.back()
            elif event.ui_element is self.review_button:
                self.study_selected()
            else:
                return False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(self.scroll, len(self.entries)):
                rect = self.row_rect(i)
                if rect is None:
                    break
                if rect.collidepoint(event.pos):
                    again = i == self.selected and getattr(event, "clicks", 1) >= 2
                    self.select(i)
                    if again:
                        self.load_selected()
                    return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - event.y, self._last_scroll()))
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            on_list = self._on_list()
            if not (on_list and key in (pygame.K_UP, pygame.K_DOWN)) and self.handle_focus(event):
                return True
            if key in (pygame.K_DOWN, pygame.K_s):
                self.select(self.selected + 1)
            elif key in (pygame.K_UP, pygame.K_w):
                self.select(self.selected - 1)
            elif key == pygame.K_PAGEDOWN:
                self.select(self.selected + self.visible())
            elif key == pygame.K_PAGEUP:
                self.select(self.selected - self.visible())
            elif key == pygame.K_HOME:
                self.select(0)
            elif key == pygame.K_END:
                self.select(len(self.entries) - 1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.current is not None and self.current.error is None:
                    self.load_selected()
            elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
                self.delete_selected()
            elif key == pygame.K_ESCAPE:
                self.back()
            else:
                return False
            return True
        return False

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    def title(self, g: dict[str, Any]) -> tuple[pygame.Surface, pygame.Rect]:
        """The screen's title and its place: within its heading (the crown above it, the rule under it) at any
        text size."""
        s, head = g["s"], g["heading"]
        title = widgets.gold_text(_("Saved Games"), within(54 * s, (head.height - round(38 * s)) * 0.85))
        return title, title.get_rect(midtop=(head.centerx, head.top + round(26 * s)))

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        widgets.fill_parchment(surface)
        g = self._geometry()
        s = g["s"]
        widgets.ornate_frame(surface, g["frame"], s)
        head = g["heading"]
        widgets.crown(surface, (head.centerx, head.top + round(14 * s)), round(24 * s))
        title, trect = self.title(g)
        surface.blit(title, trect)
        widgets.fleuron_rule(surface, (head.centerx, trect.bottom + round(6 * s)), round(340 * s), s)
        panel = g["panel"]
        widgets.panel(surface, panel, s)
        if not self.entries:
            self._draw_empty(surface, g)
        else:
            for i in range(self.scroll, min(len(self.entries), self.scroll + self.visible())):
                self._draw_row(surface, i, self.row_rect(i), g)
            self._draw_scroll_marks(surface, g)
        widgets.blit_text(surface, _(HINT), "ui", max(11, round(12 * s)), MUTED,
                          midtop=(head.centerx, g["hint_y"]))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        g = self._geometry()
        self.toast.draw(surface, bottom=g["buttons"][0].top - round(8 * g["s"]))

    def _draw_empty(self, surface: pygame.Surface, g: dict[str, Any]) -> None:
        s, panel = g["s"], g["panel"]
        font = assets.font("italic", round(22 * s))
        lines = widgets.wrap(_(EMPTY_HINT).format(keys=shortcuts.keys("S")), font, panel.width - round(120 * s))
        y = panel.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            img = font.render(line, True, MUTED)
            surface.blit(img, img.get_rect(midtop=(panel.centerx, y)))
            y += font.get_linesize()

    def _draw_row(self, surface: pygame.Surface, index: int, rect: pygame.Rect | None, g: dict[str, Any]) -> None:
        if rect is None:
            return
        s = g["s"]
        chosen = index == self.selected
        box = rect.inflate(0, -round(6 * s))
        radius = max(2, round(5 * s))
        if chosen:
            pygame.draw.rect(surface, PARCHMENT_LIGHT, box, border_radius=radius)
            pygame.draw.rect(surface, GOLD, box, width=max(2, round(2 * s)), border_radius=radius)
            marker = pygame.Rect(box.left, box.top, max(4, round(6 * s)), box.height)
            pygame.draw.rect(surface, ROYAL_BLUE, marker, border_top_left_radius=radius,
                             border_bottom_left_radius=radius)
        elif index % 2 == 0:
            pygame.draw.rect(surface, PANEL_DARK.lerp(PANEL, 0.55), box, border_radius=radius)
        r = max(4, round(6 * s))
        for word in self._plan(index, g).words:
            x, y = box.left + word.at[0], box.top + word.at[1]
            if word.dot is not None:
                img = assets.font(word.role, word.size).render(word.text, True, word.colour)
                cy = y + img.get_height() // 2
                pygame.draw.circle(surface, pygame.Color(word.dot), (x + r, cy), r)
                pygame.draw.circle(surface, INK, (x + r, cy), r, width=1)
                text_rect = surface.blit(img, (x + 2 * r + round(6 * s), y))
                if word.crown:  # the winner's
                    widgets.crown(surface, (text_rect.right + round(15 * s), cy - round(1 * s)), round(12 * s))
            else:
                widgets.blit_text(surface, word.text, word.role, word.size, word.colour, topleft=(x, y))

    def _draw_scroll_marks(self, surface: pygame.Surface, g: dict[str, Any]) -> None:
        s, panel = g["s"], g["panel"]
        size = max(10, round(12 * s))
        if self.scroll > 0:
            widgets.blit_text(surface, ngettext("▲ {count} more", "▲ {count} more", self.scroll).format(
                count=self.scroll), "ui", size, MUTED,
                              midtop=(panel.centerx, panel.top + round(1 * s)))
        below = len(self.entries) - self.scroll - self.visible()
        if below > 0:
            widgets.blit_text(surface, ngettext("▼ {count} more", "▼ {count} more", below).format(
                count=below), "ui", size, MUTED,
                              midbottom=(panel.centerx, panel.bottom - round(1 * s)))


# -- Save as ------------------------------------------------------------------------------------------------
def default_save_name(session: GameSession) -> str:
    """"Anne's game, Decade II, round 5", shortened to a save name's limit at words, never inside one.

    With the place in the game: the first seat's whole name, else its first word; then the same without the
    place; a name too long even so is its first word alone (a player's name is no longer than a save's).
    """
    name = " ".join(session.state.names[0].split()) or _("Game")
    where = saves.summarize(session).where
    for form in (_("{name}'s game, {where}"), _("{name}'s game")):
        for who in (name, name.split()[0]):
            if len(text := form.format(name=who, where=where)) <= saves.MAX_NAME:
                return text
    return name.split()[0]


class SaveDialog(WidgetScene):
    """A modal "Save the game" card: a name, Save and Cancel. Asks before replacing a save of that name."""

    name = "save"
    transparent = True

    def __init__(self, ctx: AppContext, session: GameSession,
                 on_saved: Callable[[Path], None] | None = None, *, then: Callable[[], None] | None = None,
                 on_cancel: Callable[[], None] | None = None) -> None:
        super().__init__(ctx)
        self.session = session
        self.on_saved = on_saved
        self.then, self.on_cancel = then, on_cancel  # run once the dialog has closed, saved or not
        self.text = default_save_name(session)
        self.error: str | None = None
        self.saved_path: Path | None = None
        self.closing = 0.0
        self.entry = self.save_button = self.cancel_button = None
        self.card = pygame.Rect(0, 0, 0, 0)

    def _flow(self) -> tuple[int, int, int]:
        """From the card's top: the foot of the "Name this save" label, the top of the name's field and of the note
        under it - under the title and its rule however tall the text size makes them (at 150 % the rule ran
        through the label)."""
        s = layout.scale_for(self.ctx.window_size)
        rule = round(16 * s) + widgets.gold_text(_("Save the Game"), round(36 * s)).get_height() + round(4 * s)
        label_foot = max(round(118 * s), rule + round(8 * s) + assets.font("ui", round(16 * s)).get_height())
        entry_top = label_foot + round(4 * s)
        return label_foot, entry_top, entry_top + self._entry_height() + round(8 * s)

    def _entry_height(self) -> int:
        return round(44 * layout.scale_for(self.ctx.window_size))

    def _card(self) -> pygame.Rect:
        """580 x 300 design pixels, taller where the title, the field and two lines of a note need it."""
        s = layout.scale_for(self.ctx.window_size)
        note = 2 * assets.font("ui", round(16 * s)).get_linesize()
        height = max(round(300 * s), self._flow()[2] + note + round(12 * s) + round(42 * s) + round(24 * s))
        return layout.centered(self.ctx.window_size, round(580 * s), height)

    def keep_input(self) -> None:
        if self.entry is not None:
            self.text = self.entry.get_text()

    def build_widgets(self) -> None:
        self.card = card = self._card()
        if self.ctx.ui is None:
            return
        s = layout.scale_for(self.ctx.window_size)
        pad = round(36 * s)
        entry_rect = pygame.Rect(card.left + pad, card.top + self._flow()[1], card.width - 2 * pad,
                                 self._entry_height())
        self.entry = self.track(pygame_gui.elements.UITextEntryLine(entry_rect, manager=self.ctx.ui,
                                                                    initial_text=self.text))
        self.entry.set_text_length_limit(saves.MAX_NAME)
        self.entry.focus()
        with contextlib.suppress(AttributeError, TypeError):
            self.entry.select_range = [0, len(self.text)]  # typing replaces the suggested name
        bw, bh, gap = round(170 * s), round(42 * s), round(20 * s)
        y = card.bottom - round(24 * s) - bh
        x = card.centerx - bw - gap // 2
        self.cancel_button = self.track(widgets.button(self.ctx.ui, pygame.Rect(x, y, bw, bh), _("Cancel"), "quiet"))
        self.save_button = self.track(widgets.button(self.ctx.ui, pygame.Rect(x + bw + gap, y, bw, bh), _("Save")))
        if self.saved_path is not None:
            self._hide_inputs()

    def _hide_inputs(self) -> None:
        """Saved: the name and the buttons give way to "Saved." (they stood over it until the dialog closed)."""
        for element in (self.entry, self.cancel_button, self.save_button):
            if element is not None:
                element.hide()

    def _close(self) -> None:
        if self.ctx.stack.top is not self:
            return
        self.ctx.stack.pop()
        after = self.then if self.saved_path is not None else self.on_cancel
        if after is not None:
            after()

    def save(self, confirmed: bool = False) -> bool:
        """Save under the name typed; True when written."""
        self.keep_input()
        try:
            name = saves.clean_name(self.text)
            path = saves.named_path(name)
        except ValueError as exc:
            self.error = str(exc)
            return False
        if path.exists() and not confirmed:
            existing = saves.read_info(path)
            self.ctx.stack.push(widgets.ConfirmDialog(
                self.ctx, _("Replace this save?"), _("A save called “{name}” exists already ({when}). Replace it with "
                                                     "this game?").format(name=existing.name,
                                                                          when=describe_when(existing.saved_at)),
                yes=_("Replace"), no=_("Keep it"), danger=True, keep_first=True,
                on_yes=lambda: self.save(confirmed=True)))
            return False
        try:
            written = saves.save_named(self.session, name)
        except storage.StorageError as exc:
            self.error = str(exc)
            return False
        self.error = None
        self.saved_path = written
        self._hide_inputs()
        self.closing = 1.1
        if self.on_saved is not None:
            self.on_saved(written)
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.saved_path is not None:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self._close()
                return True
            return event.type == pygame.MOUSEBUTTONUP
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.save()
                return True
            if event.ui_element is self.cancel_button:
                self._close()
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.error = None
            return True
        if event.type == pygame.KEYDOWN:
            if self.handle_focus(event):
                return True
            if event.key == pygame.K_ESCAPE:
                self._close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)  # modal

    def controls(self) -> list[focus.Focusable]:
        """The name (typed into while it has the focus), Cancel and Save; none once saved."""
        if self.saved_path is not None:
            return []
        found = [focus.entry_control("save:name", self.entry)] if self.entry is not None else []
        buttons = (("save:cancel", self.cancel_button), ("save:save", self.save_button))
        return found + [focus.button_control(self, key, b) for key, b in buttons if b is not None]

    def default_control(self) -> str | None:
        return "save:name"

    def update(self, dt: float) -> None:
        if self.saved_path is not None:
            self.closing -= dt
            if self.closing <= 0:
                self._close()

    def draw(self, surface: pygame.Surface) -> None:
        s = layout.scale_for(self.ctx.window_size)
        veil(surface)
        card = self.card if self.card.width else self._card()
        widgets.panel(surface, card, s, fill=PARCHMENT_LIGHT)
        title = widgets.gold_text(_("Save the Game"), round(36 * s))
        trect = title.get_rect(midtop=(card.centerx, card.top + round(16 * s)))
        surface.blit(title, trect)
        widgets.fleuron_rule(surface, (card.centerx, trect.bottom + round(4 * s)), round(240 * s), s)
        pad = round(36 * s)
        if self.saved_path is not None:
            widgets.blit_text(surface, _("Saved."), "heading", round(30 * s), GOLD_DARK,
                              center=(card.centerx, card.centery + round(8 * s)))
            where = _("Find it under Load on the title screen as “{name}”.").format(name=self.text.strip())
            top, room = card.centery + round(34 * s), card.bottom - round(10 * s) - (card.centery + round(34 * s))
            size = round(18 * s)  # the note folded, smaller where a long name needs it, within the card
            for size in range(round(18 * s), smallest_size(round(18 * s)) - 1, -1):
                font = assets.font("italic", size)
                lines = widgets.wrap(where, font, card.width - 2 * pad, break_words=True)
                if len(lines) * font.get_linesize() <= room:
                    break
            for i, line in enumerate(lines[:max(1, room // font.get_linesize())]):
                widgets.blit_text(surface, line, "italic", size, MUTED,
                                  midtop=(card.centerx, top + i * font.get_linesize()))
            return
        label_foot, _entry_top, note_top = self._flow()
        widgets.blit_text(surface, _("Name this save"), "ui", round(16 * s), MUTED,
                          bottomleft=(card.left + pad, card.top + label_foot))
        if self.error:
            font = assets.font("ui", round(15 * s))
            y = card.top + note_top - round(2 * s)
            for line in widgets.wrap(self.error, font, card.width - 2 * pad)[:2]:
                surface.blit(font.render(line, True, OXBLOOD), (card.left + pad, y))
                y += font.get_linesize()
        else:
            widgets.blit_text(surface, _("Enter saves · Esc cancels"), "italic", round(16 * s), MUTED,
                              topleft=(card.left + pad, card.top + note_top))


def open_save_dialog(ctx: AppContext, session: GameSession,
                     on_saved: Callable[[Path], None] | None = None) -> SaveDialog:
    """Push the "Save the game" dialog over the current scene (the table binds this to Ctrl+S)."""
    dialog = SaveDialog(ctx, session, on_saved)
    ctx.stack.push(dialog)
    return dialog
