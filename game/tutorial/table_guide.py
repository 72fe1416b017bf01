"""The guide at the table: an overlay (:class:`game.table.overlay.Overlay`) that attaches to the table from
above and steers it through the tutorial's steps.

Through the table's hook the guide allows only the step's move (:meth:`TableGuide.allows`; anything else gets a
gentle word), hears of every move the table took (:meth:`TableGuide.done`), takes the pointer first over its
card (its buttons), paces "Show me" and draws its card and the glow on the step's targets over the table. The
settings remember the step the player is at (``tutorial_step``), so the title menu can take them back there.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pygame

from game.i18n import _
from game.persist.storage import StorageError
from game.table.layout import TableFrame
from game.table.overlay import Overlay, TableSight
from game.table.targets import Region
from game.tutorial.guide import Guide
from game.tutorial.overlay import CardLayout, button_labels, draw_card, draw_glow, layout_card
from game.tutorial.targets import regions_for, regions_shown
from game.ui.focus import Focusable
from rules import Action


class TableGuide(Overlay):
    """One guide over one table: where it points, its card, its buttons."""

    def __init__(self, table: TableSight, guide: Guide, on_finish: Callable[[], None] | None = None) -> None:
        self.table = table
        self.guide = guide
        self.on_finish = on_finish
        self.card: CardLayout | None = None
        self.pressed: str | None = None
        self.shot: int | None = None  # the step last photographed (with --screenshots)
        guide.act = table.do
        guide.on_step = self._remember
        self._remember(guide.index)

    def _remember(self, index: int) -> None:
        """The settings keep the step the player is at (from the beginning again once the guide is done)."""
        ctx = self.table.ctx
        if not ctx.autoplay:  # a scripted run leaves the player's place alone
            ctx.settings.tutorial_step = index if index < len(self.guide.steps) else 0
            with contextlib.suppress(StorageError):
                ctx.save_settings()
        if index >= len(self.guide.steps) and self.on_finish is not None:
            self.on_finish()

    def targets(self) -> list[Region]:
        """The regions the step points at now (none while the others play)."""
        guide, step = self.guide, self.guide.step
        if step is None or not guide.waiting or not self.table.is_top:
            return []
        if step.explains:
            return regions_shown(self.table, step.show)
        expected = guide.expected()
        return regions_for(self.table, expected) if expected is not None else []

    def layout(self, targets: list[Region]) -> CardLayout | None:
        guide = self.guide
        if not guide.guiding:
            return None
        frame = self.table.ensure_frame()
        title, text = guide.words()
        waiting = guide.waiting
        if not waiting:
            text = _("The other players take their turns; the guide waits for yours.")
        counter = _("Step {number} of {total}").format(number=guide.index + 1, total=len(guide.steps))
        avoid = [r.rect for r in targets] + [r.rect for r in frame.regions if r.key == "estate:prompt"]
        if frame.chooser is not None:
            avoid.append(frame.chooser.card)
        low_x, low_y, high_x, high_y = frame.geo.bounds  # the estate's tiles
        avoid.append(frame.geo.cell_rect((low_x, low_y)).union(frame.geo.cell_rect((high_x, high_y))))
        rects = frame.rects
        step = guide.step
        labels = button_labels(step is not None and step.explains, waiting)
        areas = [rects.estate, rects.log, rects.board, rects.screen, rects.miniatures]
        word = _(guide.word) if guide.word else ""
        return layout_card((title, text, word, counter), labels, areas, avoid, rects.window, rects.scale)

    def press(self, name: str) -> None:
        guide = self.guide
        if name == "next":
            guide.next()
        elif name == "show":
            guide.show_me()
        elif name == "skip":
            guide.skip()
        elif name == "leave":
            guide.leave()
            self.table.notice(_("The guide has left; the game goes on."), 3.0)

    # -- the table's hook ---------------------------------------------------------------------------------------
    def allows(self, action: Action) -> bool:
        return self.guide.allows(action)

    def done(self, action: Action) -> None:
        self.guide.took(action)

    def process_event(self, event: pygame.event.Event) -> bool:
        """The card's buttons (the pointer over the card is the card's)."""
        card = self.card
        if card is None or not self.guide.guiding:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and card.rect.collidepoint(event.pos):
            self.pressed = card.button_at(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and card.rect.collidepoint(event.pos):
            name, pressed, self.pressed = card.button_at(event.pos), self.pressed, None
            if name is not None and name == pressed:  # released over the button it was pressed on
                self.press(name)
            return True
        return event.type == pygame.MOUSEMOTION and card.rect.collidepoint(event.pos)

    def focusables(self) -> list[Focusable]:
        """The card's buttons (Next, Show me, Skip, Leave the guide) come first for the keyboard's focus."""
        card = self.card
        if card is None or not self.guide.guiding:
            return []
        return [Focusable(f"guide:{name}", rect, lambda name=name: self.press(name)) for name, _label, rect in
                card.buttons]

    def update(self, dt: float) -> None:
        if self.table.is_top:
            self.guide.update(dt)

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        if not self.guide.guiding or not self.table.is_top:
            self.card = None
            return
        targets = self.targets()
        self.card = self.layout(targets)
        draw_glow(surface, targets, frame.rects.scale, dim=bool(targets))
        if self.card is not None:
            draw_card(surface, self.card, self.table.parts.pointer.mouse)
        step = self.guide.step
        if self.guide.waiting and self.shot != self.guide.index and step is not None and (step.explains or targets):
            self.shot = self.guide.index  # once a step shows (with its glow, if it has a move)
            self.table.ctx.screenshot(f"tutorial-{step.key}")


def guide_at(table: TableSight) -> TableGuide | None:
    """The guide attached to ``table``, if one is."""
    return next((o for o in table.overlays if isinstance(o, TableGuide)), None)
