"""A book of pages: the look and keys shared by the rules reference and the About screen.

Pages are listed on the left under the book's title, the page shown on the right in a scrolling text
box under its title and group; Back (Esc, Backspace) returns to the previous scene. ↑ ↓ (and ← →) turn
the pages, PgUp PgDn Home End scroll the text, and a link in a page opens the page it names.

A subclass says what the book holds: :meth:`BookScene.pages` (id, list label, title, group, in reading
order, in the language spoken), :meth:`BookScene.page_html` (a page in pygame-gui's HTML subset) and
:meth:`BookScene.resolve` (any name a caller or a link may use -> a page id).
"""

from __future__ import annotations

import contextlib

import attrs
import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextBox

from game.i18n import N_, _
from game.ui import assets, focus, layout, widgets
from game.ui.draw import fit_text
from game.ui.scene import AppContext, WidgetScene
from game.ui.theme import MUTED


@attrs.frozen
class Page:
    id: str
    label: str  # as listed on the left (an indent groups it under the label above)
    title: str
    group: str


class BookScene(WidgetScene):
    #: the book's name above the list of pages, and the keys line at the bottom
    book_title = N_("Book")
    hint = N_("↑ ↓  pages     PgUp PgDn  scroll     Esc  back")

    def __init__(self, ctx: AppContext, page: str | None = None) -> None:
        super().__init__(ctx)
        self._read_pages()
        self.topic_id = self.resolve(page)
        self.history: list[str] = []
        self.list: UISelectionList | None = None
        self.text_box: UITextBox | None = None
        self.back_button = None

    # -- what the book holds (subclasses) -------------------------------------------------
    def pages(self) -> list[Page]:
        raise NotImplementedError

    def page_html(self, page_id: str) -> str:
        raise NotImplementedError

    def resolve(self, name: str | None) -> str:
        """The page id for ``name``; the first page when it names none."""
        return name if name in self._pages else next(iter(self._pages))

    @property
    def page(self) -> Page:
        return self._pages[self.topic_id]

    def _read_pages(self) -> None:
        self._pages = {p.id: p for p in self.pages()}
        self._label_to_id = {p.label: p.id for p in self._pages.values()}
        self._id_to_label = {p.id: p.label for p in self._pages.values()}

    # -- lifecycle ------------------------------------------------------------------
    def on_language(self) -> None:
        self._read_pages()
        super().on_language()

    def forget_widgets(self) -> None:
        self.list = self.text_box = self.back_button = None

    def build_widgets(self) -> None:
        if self.ctx.ui is None:
            return
        lay = layout.reference_layout(self.ctx.window_size)
        self.back_button = self.track(widgets.button(self.ctx.ui, lay.back, _("Back"), "quiet",
                                                     tooltip=_("Return to where you were (Esc).")))
        self._build_list(lay)
        self._build_text(lay)

    def _build_list(self, lay: layout.ReferenceLayout) -> None:
        if self.list is not None:
            self.list.kill()
            self._widgets.remove(self.list)
        self.list = self.track(UISelectionList(
            pygame.Rect(lay.topics), list(self._label_to_id), manager=self.ctx.ui,
            default_selection=self._id_to_label[self.topic_id]))
        self._scroll_list_to_current()

    def _scroll_list_to_current(self) -> None:
        bar = getattr(self.list, "scroll_bar", None)
        if bar is None:
            return
        ids = list(self._id_to_label)
        fraction = max(0.0, (ids.index(self.topic_id) - 3) / max(1, len(ids)))
        with contextlib.suppress(AttributeError, ValueError):
            bar.set_scroll_from_start_percentage(fraction)

    def _build_text(self, lay: layout.ReferenceLayout) -> None:
        if self.text_box is not None:
            self.text_box.kill()
            self._widgets.remove(self.text_box)
        self.text_box = self.track(UITextBox(self.page_html(self.topic_id), pygame.Rect(lay.text),
                                             manager=self.ctx.ui))

    # -- navigation -----------------------------------------------------------------
    def show_topic(self, name: str, *, remember: bool = True, sync_list: bool = True) -> None:
        new = self.resolve(name)
        if new == self.topic_id:
            return
        if remember:
            self.history.append(self.topic_id)
        self.topic_id = new
        if self.ctx.ui is None or self.text_box is None:
            return
        lay = layout.reference_layout(self.ctx.window_size)
        self._build_text(lay)
        if sync_list:
            self._build_list(lay)

    def step_topic(self, step: int) -> None:
        ids = list(self._id_to_label)
        self.show_topic(ids[(ids.index(self.topic_id) + step) % len(ids)])

    def controls(self) -> list[focus.Focusable]:
        """The list of pages (the arrows go through it whatever has the focus) and Back."""
        found = [focus.Focusable("book:pages", pygame.Rect(self.list.rect))] if self.list is not None else []
        if self.back_button is not None:
            found.append(focus.button_control(self, "book:back", self.back_button))
        return found

    def back(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            page = self._label_to_id.get(event.text)
            if page:
                self.show_topic(page, sync_list=False)
            return True
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            self.show_topic(event.link_target)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.back()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key not in focus.ARROWS and self.handle_focus(event):
                return True
            return self._handle_key(event.key)
        return False

    def _handle_key(self, key: int) -> bool:
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        elif key in (pygame.K_DOWN, pygame.K_RIGHT):
            self.step_topic(1)
        elif key in (pygame.K_UP, pygame.K_LEFT):
            self.step_topic(-1)
        elif key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_HOME, pygame.K_END):
            self._scroll_text(key)
        else:
            return False
        return True

    def _scroll_text(self, key: int) -> None:
        bar = getattr(self.text_box, "scroll_bar", None)
        if bar is None:
            return
        visible = getattr(bar, "visible_percentage", 0.3) or 0.3
        current = getattr(bar, "start_percentage", 0.0)
        target = {pygame.K_PAGEDOWN: current + visible * 0.9, pygame.K_PAGEUP: current - visible * 0.9,
                  pygame.K_HOME: 0.0, pygame.K_END: 1.0 - visible}[key]
        with contextlib.suppress(AttributeError, ValueError):
            bar.set_scroll_from_start_percentage(max(0.0, min(1.0 - visible, target)))

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        widgets.fill_parchment(surface)
        lay = layout.reference_layout(self.ctx.window_size)
        s = lay.scale
        widgets.ornate_frame(surface, lay.frame, s)
        head = lay.heading
        # left: the book's title above the list of pages
        widgets.panel(surface, lay.topics.inflate(round(8 * s), round(8 * s)), s)
        left = max(lay.topics.left, lay.frame.left + round(58 * s))  # clear of the corner flourish
        widgets.crown(surface, (left + round(18 * s), head.centery + round(4 * s)), round(22 * s))
        book_x = left + round(42 * s)
        book = _gold_within(_(self.book_title), round(38 * s), lay.topics.right - book_x)
        surface.blit(book, book.get_rect(midleft=(book_x, head.centery + round(6 * s))))
        # right: group and title of the page
        page = self.page
        title = _gold_within(page.title, round(40 * s), lay.text.width)
        trect = title.get_rect(bottomleft=(lay.text.left, head.bottom + round(2 * s)))
        surface.blit(title, trect)
        widgets.blit_text(surface, page.group.upper(), "ui", round(12 * s), MUTED,
                          bottomleft=(lay.text.left + round(3 * s), trect.top + round(6 * s)))
        rule_w = lay.text.right - round(60 * s) - trect.right - round(40 * s)
        if rule_w > round(80 * s):
            rule_w = min(rule_w, round(260 * s))
            widgets.fleuron_rule(surface, (lay.text.right - round(60 * s) - rule_w // 2, trect.centery + round(4 * s)),
                                 rule_w, s)
        keys = fit_text(_(self.hint), "ui", round(12 * s), lay.footer.width, MUTED)  # a large text: smaller
        surface.blit(keys, keys.get_rect(midleft=lay.footer.midleft))


def _gold_within(content: str, size: int, width: int) -> pygame.Surface:
    """A gold heading at ``size``, smaller where ``width`` is short (a heading is large: it may give way to
    two thirds of its size, and further, down to the smallest text, only where that is still too wide)."""
    img = widgets.gold_text_within(content, size, width, max(round(size * 2 / 3), assets.min_design_size()))
    return img if img.get_width() <= width else widgets.gold_text_within(content, size, width)
