"""The guide as an overlay (:class:`game.table.overlay.Overlay`), wherever it is drawn: its card and buttons, the
glow on the step's targets, and the hook's answers.

:class:`GuideCard` is what the guide at the table (:mod:`game.tutorial.table_guide`) and at a masked ball
(:mod:`game.tutorial.ball_guide`) share: through the hook it allows only the step's moves (anything else gets a
gentle word), hears of every move taken, takes the pointer first over its card (its buttons), paces "Show me",
keeps tooltips off its card and the places it rings, and draws the card and the glow over the scene. Each kind
says where it is (:attr:`GuideCard.here`), how the scene takes a move (:meth:`GuideCard.act`), what the step
points at there (:meth:`GuideCard.targets`) and where its card may go (:meth:`GuideCard.layout`).
"""

from __future__ import annotations

from typing import TypeVar

import pygame

from game.i18n import _
from game.table.overlay import Overlay
from game.table.targets import Region
from game.tutorial.guide import Guide
from game.tutorial.overlay import CardLayout, Veil, draw_card, draw_glow
from game.tutorial.steps import At
from game.ui.focus import Focusable
from game.ui.scene import AppContext
from rules import Action

Frame = TypeVar("Frame")


class GuideCard(Overlay[Frame]):
    """One guide's card over one scene."""

    here: At  # where this card is shown (a ball's card says whether the ball shows its titles, see ``place``)

    def __init__(self, ctx: AppContext, guide: Guide) -> None:
        self.ctx = ctx
        self.guide = guide
        self.card: CardLayout | None = None
        self.ringed: list[Region] = []  # the targets ringed in the last frame
        self.pressed: str | None = None
        self.mouse: tuple[int, int] = (0, 0)  # where the pointer is (for the buttons' hover)
        self.placed: tuple[int, pygame.Rect] | None = None  # (step, where its card stood) in the last frame
        self.shot: int | None = None  # the step last photographed (with --screenshots)
        self.veil = Veil()  # the shade around the step's targets

    # -- what each kind says --------------------------------------------------------------------------------
    @property
    def place(self) -> At:
        """Where the card is shown now."""
        return self.here

    @property
    def on_top(self) -> bool:
        """The scene it is drawn over is on top."""
        raise NotImplementedError

    def act(self, action: Action) -> bool:
        """Take ``action`` for the player as the scene takes a move (through every overlay's hook)."""
        raise NotImplementedError

    def targets(self) -> list[Region]:
        """The regions the step points at now (none while it does not wait here)."""
        raise NotImplementedError

    def layout(self, targets: list[Region]) -> CardLayout | None:
        """The card for the step now, placed clear of ``targets`` and what the step is about."""
        raise NotImplementedError

    def say(self, message: str) -> None:
        """A short notice in the scene."""

    @property
    def waiting(self) -> bool:
        """The step waits for the player here."""
        return self.guide.waits(self.place)

    # -- the guide's buttons ----------------------------------------------------------------------------------
    def press(self, name: str) -> None:
        guide = self.guide
        if name == "next":
            guide.next()
        elif name == "show":
            guide.show_me()
        elif name == "skip":
            guide.skip(self.act)
        elif name == "leave":
            guide.leave()
            self.say(_("The guide has left; the game goes on."))

    # -- the hook -----------------------------------------------------------------------------------------------
    def allows(self, action: Action) -> bool:
        return self.guide.allows(action)

    def done(self, action: Action) -> None:
        self.guide.took(action)

    def process_event(self, event: pygame.event.Event) -> bool:
        """The card's buttons (the pointer over the card is the card's)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
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
        if self.on_top:
            self.guide.update(dt, self.place, self.act)

    def covers(self) -> list[pygame.Rect]:
        if self.card is None:
            return []
        grow = round(12 * self.card.scale)  # the rings' gold around the ringed places
        return [self.card.rect, *(region.rect.inflate(grow, grow) for region in self.ringed)]

    @property
    def kept(self) -> pygame.Rect | None:
        """Where the card of the step shown now stood in the last frame (it stays there while it may)."""
        return self.placed[1] if self.placed is not None and self.placed[0] == self.guide.index else None

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The glow on the step's targets (the rest dimmed) and the card; a screenshot once a step shows."""
        self.ringed = []
        if not self.guide.guiding or not self.on_top:
            self.card = None
            self.veil.drop()
            return
        targets = self.targets()
        self.card = self.layout(targets)
        if self.card is None:
            self.veil.drop()
            return
        self.ringed = targets
        self.placed = (self.guide.index, self.card.rect)
        draw_glow(surface, targets, self.card.scale, self.veil)
        draw_card(surface, self.card, self.mouse)
        step = self.guide.step
        if self.waiting and self.shot != self.guide.index and step is not None and (step.explains or targets):
            self.shot = self.guide.index  # once a step shows (with its glow, if it has a move)
            self.ctx.screenshot(f"tutorial-{step.key}")
