"""The rules reference: topics on the left, the text on the right.

Open it at a topic from anywhere: ``RulesScene(ctx, topic="card-dowry")`` (ids
and aliases in :mod:`game.scenes.rules_text`), or press F1 (the app opens it at the
top scene's ``help_topic``).  Back / Esc returns to the previous scene.
"""

from __future__ import annotations

import contextlib

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextBox

from game.scenes import rules_text
from game.ui import layout, widgets
from game.ui.scene import AppContext, WidgetScene
from game.ui.theme import MUTED

INDENT = "      "
HINT = "↑ ↓  topics     PgUp PgDn  scroll     links open related topics     Esc  back"


class RulesScene(WidgetScene):
    name = "rules"
    help_topic = "overview"

    def __init__(self, ctx: AppContext, topic: str | None = None) -> None:
        super().__init__(ctx)
        self.topic_id = rules_text.resolve(topic)
        self.history: list[str] = []
        self.list: UISelectionList | None = None
        self.text_box: UITextBox | None = None
        self.back_button = None
        self._label_to_id: dict[str, str] = {}
        self._id_to_label: dict[str, str] = {}
        for group, topics in rules_text.groups():
            for t in topics:
                label = t.title if group in ("The game", "The court", "This edition", "Estates") or \
                    t.id == "cards" else INDENT + t.title
                self._label_to_id[label] = t.id
                self._id_to_label[t.id] = label

    @property
    def topic(self) -> rules_text.Topic:
        return rules_text.get(self.topic_id)

    # -- lifecycle ------------------------------------------------------------------
    def forget_widgets(self) -> None:
        self.list = self.text_box = self.back_button = None

    def build_widgets(self) -> None:
        if self.ctx.ui is None:
            return
        lay = layout.reference_layout(self.ctx.window_size)
        self.back_button = self.track(widgets.button(self.ctx.ui, lay.back, "Back", "quiet",
                                                     tooltip="Return to where you were (Esc)."))
        self._build_list(lay)
        self._build_text(lay)

    def _list_rect(self, lay: layout.ReferenceLayout) -> pygame.Rect:
        return pygame.Rect(lay.topics)

    def _build_list(self, lay: layout.ReferenceLayout) -> None:
        if self.list is not None:
            self.list.kill()
            self._widgets.remove(self.list)
        labels = list(self._label_to_id)
        self.list = self.track(UISelectionList(
            self._list_rect(lay), labels, manager=self.ctx.ui,
            default_selection=self._id_to_label[self.topic_id]))
        self._scroll_list_to_current()

    def _scroll_list_to_current(self) -> None:
        bar = getattr(self.list, "scroll_bar", None)
        if bar is None:
            return
        ids = list(self._id_to_label)
        index = ids.index(self.topic_id)
        fraction = max(0.0, (index - 3) / max(1, len(ids)))
        with contextlib.suppress(AttributeError, ValueError):
            bar.set_scroll_from_start_percentage(fraction)

    def _text_rect(self, lay: layout.ReferenceLayout) -> pygame.Rect:
        return pygame.Rect(lay.text)

    def _build_text(self, lay: layout.ReferenceLayout) -> None:
        if self.text_box is not None:
            self.text_box.kill()
            self._widgets.remove(self.text_box)
        self.text_box = self.track(UITextBox(rules_text.to_html(self.topic), self._text_rect(lay),
                                             manager=self.ctx.ui))

    # -- navigation -----------------------------------------------------------------
    def show_topic(self, topic: str, *, remember: bool = True, sync_list: bool = True) -> None:
        new = rules_text.resolve(topic)
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
        index = (ids.index(self.topic_id) + step) % len(ids)
        self.show_topic(ids[index])

    def back(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            topic = self._label_to_id.get(event.text)
            if topic:
                self.show_topic(topic, sync_list=False)
            return True
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            self.show_topic(event.link_target)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.back()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return True
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT):
                self.step_topic(1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self.step_topic(-1)
                return True
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_HOME, pygame.K_END):
                self._scroll_text(event.key)
                return True
        return False

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
        # left: the book's title above the topic list
        widgets.panel(surface, lay.topics.inflate(round(8 * s), round(8 * s)), s)
        left = max(lay.topics.left, lay.frame.left + round(58 * s))  # clear of the corner flourish
        widgets.crown(surface, (left + round(18 * s), head.centery + round(4 * s)), round(22 * s))
        book = widgets.gold_text("The Rules", round(38 * s))
        surface.blit(book, book.get_rect(midleft=(left + round(42 * s), head.centery + round(6 * s))))
        # right: group and title of the topic
        topic = self.topic
        title = widgets.gold_text(topic.title, round(40 * s))
        trect = title.get_rect(bottomleft=(lay.text.left, head.bottom + round(2 * s)))
        surface.blit(title, trect)
        widgets.blit_text(surface, topic.group.upper(), "ui", round(12 * s), MUTED,
                          bottomleft=(lay.text.left + round(3 * s), trect.top + round(6 * s)))
        rule_w = lay.text.right - round(60 * s) - trect.right - round(40 * s)
        if rule_w > round(80 * s):
            rule_w = min(rule_w, round(260 * s))
            widgets.fleuron_rule(surface, (lay.text.right - round(60 * s) - rule_w // 2, trect.centery + round(4 * s)),
                                 rule_w, s)
        widgets.blit_text(surface, HINT, "ui", round(12 * s), MUTED, midleft=lay.footer.midleft)
