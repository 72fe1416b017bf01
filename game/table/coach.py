"""The hint at the table: what Hard would do at the viewer's decision, from the viewer's view only.

With the Hints setting on, the action bar shows a Hint button while a human decides. Pressing it starts
``rules.bots.suggest`` on a daemon thread (:class:`game.ui.background.Job`) with a copy of the viewer's view;
the search stops as soon as the game moves on or the session closes, and an answer for a decision that is no
longer pending is never shown. The hint rings the regions of the suggested move on the laid-out table (its
button of the action bar, its piece on the board or the screen, its cell, its chooser option, its knight's
region) and says in one line why. Each hint asked for counts for its seat (``GameSession.hints``, saved).

:class:`Coached` is the table scene's part that holds this: the scene inherits it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, number
from game.table.targets import BOARD_BUILDINGS, Control
from game.ui import assets, widgets
from game.ui.background import Job
from game.ui.move_words import move_words
from game.ui.theme import GOLD, PARCHMENT_LIGHT
from rules import (
    Action,
    BuildFolly,
    MoveKnight,
    PlaceKnight,
    PlaceTile,
    PlayCard,
    action_kind,
    building_of,
)
from rules.bots import HINT_SAMPLES, Suggestion, suggest

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.scenes.table import TableScene
    from game.table.layout import TableFrame

HINT_KEY = Control.HINT.value


def hint_keys(action: Action) -> set[str]:
    """The keys of the table's regions that show where ``action`` is taken."""
    keys: set[str] = set()
    kind = action_kind(action)
    if kind is not None:
        keys.add(f"action:{kind.value}")
    pos = getattr(action, "pos", None)
    if pos is not None:
        keys.add(f"cell:{pos[0]},{pos[1]}")
    if isinstance(action, PlaceTile):
        keys.add(f"screen:tile:{action.tile.label}")
    elif isinstance(action, BuildFolly):
        keys.add(f"board:{action.folly.label}")
    elif (building := building_of(action)) is not None:
        keys.add(f"board:{BOARD_BUILDINGS[building].name}")
    elif isinstance(action, PlaceKnight | MoveKnight):
        keys.add(f"knight:{action.owner}:{action.region}")
    elif isinstance(action, PlayCard):
        keys.add(f"screen:card:*:{action.card.label}")  # whichever of the screen's cards it is
    return keys


def shows(key: str, keys: set[str]) -> bool:
    """The region named ``key`` is one of ``keys`` ("*" stands for any one part)."""
    if key in keys:
        return True
    parts = key.split(":")
    return any(len(k.split(":")) == len(parts) and all(p == "*" or p == q for p, q in zip(k.split(":"), parts,
                                                                                           strict=True))
               for k in keys if "*" in k)


def hint_reason(hint: Suggestion, names: Sequence[str]) -> str:
    """One line: the move, and why (the search's margin over the next best it compared)."""
    move = move_words(hint.line, names)
    if hint.margin is None or not hint.runner_up:
        return _("{move}: the planner's choice from what you can see.").format(move=move)
    other = move_words(hint.runner_up, names)
    if hint.margin < 0.05:
        return _("{move}: as good as “{other}” in the playouts; the planner prefers it.").format(
            move=move, other=other)
    # the margin is the playouts' VP plus the evaluation of what they leave on the table: an estimate
    return _("{move}: about {vp} VP better than the next best, “{other}”, by the playouts' estimate.").format(
        move=move, vp=number(hint.margin, 1), other=other)


class TableCoach:
    """The hint for one table: the job computing it and the decision it belongs to."""

    def __init__(self, table: TableScene, samples: int = HINT_SAMPLES) -> None:
        self.table = table
        self.samples = samples
        self.job: Job | None = None
        self.token: tuple[int, int] | None = None  # (session version, seat) the hint is for

    def _now(self) -> tuple[int, int]:
        session = self.table.session
        return session.version, session.state.decider

    @property
    def offered(self) -> bool:
        """A Hint button shows: the setting is on and the viewer decides."""
        return bool(self.table.ctx.settings.hints) and self.table.my_decision

    def ask(self) -> bool:
        """Start thinking about the pending decision (once per decision; the seat's count goes up)."""
        if not self.offered:
            return False
        token = self._now()
        if self.token == token and self.job is not None and not self.job.cancelled():
            return False  # already asked for this decision
        self.cancel()
        session = self.table.session
        view, seed, samples = self.table.view, len(session.state.history), self.samples
        version = session.version
        self.token, self.job = token, Job(
            lambda _progress, cancelled: suggest(view, seed=seed, samples=samples, cancelled=cancelled),
            name="noblemen-hint", stop=lambda: session.closed or session.version != version)
        session.hints[token[1]] += 1
        return True

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = self.token = None

    @property
    def state(self) -> str:
        """"" (no hint for this decision), "thinking" or "ready"."""
        if self.job is None or self.token != self._now() or not self.offered:
            return ""
        return "ready" if self.job.done else "thinking"

    def current(self) -> Suggestion | None:
        """The hint for the pending decision, once found (None before, after, or if the search failed)."""
        if self.state != "ready" or self.job is None:
            return None
        hint = self.job.result()
        return hint if isinstance(hint, Suggestion) and hint.action in self.table.legal() else None

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Ring the suggested move's regions and say why, over the laid-out table."""
        hint = self.current()
        if hint is None:
            return
        s = frame.rects.scale
        keys = hint_keys(hint.action)
        chooser = frame.chooser
        width = max(2, round(3 * s))
        ringed: list[pygame.Rect] = []
        for region in frame.regions:
            option = chooser.option(region.key) if chooser is not None else None
            if shows(region.key, keys) or (option is not None and option.action is not None
                                      and option.action == hint.action):
                ring = region.rect.inflate(width * 2, width * 2)
                pygame.draw.rect(surface, GOLD, ring, width, border_radius=round(5 * s))
                ringed.append(ring)
        _draw_reason(surface, hint_reason(hint, self.table.session.state.names), frame.rects.estate, s, ringed)


def _draw_reason(surface: pygame.Surface, reason: str, estate: pygame.Rect, s: float,
                 ringed: list[pygame.Rect]) -> pygame.Rect:
    """The hint's line in an ink ribbon at the top of the estate (gold-edged, as hints are), or at its foot
    where it would cover less of the ringed places; where it was drawn."""
    font = assets.font("ui", max(12, round(14 * s)))
    pad = round(8 * s)
    width = estate.width - round(40 * s) - 2 * pad
    lines = widgets.wrap(_("Hint: {reason}").format(reason=reason), font, width)
    lh = font.get_linesize()
    room = max(3, estate.height // 2 // lh)  # the upper half of the estate at most: the ringed cell may be below
    if len(lines) > room:
        lines = [*lines[: room - 1], _ellipsised(lines[room - 1], font, width)]
    rect = pygame.Rect(0, 0, max(font.size(line)[0] for line in lines) + 2 * pad, lh * len(lines) + 2 * pad)
    rect.midtop = (estate.centerx, estate.top + round(46 * s))  # under the estate's heading
    foot = rect.copy()
    foot.midbottom = (estate.centerx, estate.bottom - round(36 * s))  # above the estate's corner button
    if _covered(rect, ringed) > _covered(foot, ringed):
        rect = foot
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(card, (34, 64, 110, 238), card.get_rect(), border_radius=round(5 * s))
    pygame.draw.rect(card, GOLD, card.get_rect(), width=max(1, round(2 * s)), border_radius=round(5 * s))
    for i, line in enumerate(lines):
        card.blit(font.render(line, True, PARCHMENT_LIGHT), (pad, pad + i * lh))
    surface.blit(card, rect)
    return rect


def _covered(rect: pygame.Rect, rings: list[pygame.Rect]) -> int:
    """How much of the rings ``rect`` would cover (pixels)."""
    return sum(rect.clip(ring).width * rect.clip(ring).height for ring in rings)


def _ellipsised(line: str, font: pygame.font.Font, width: int) -> str:
    """The last line shown of a longer reason: cut to end with "…" within ``width``."""
    while line and font.size(line + "…")[0] > width:
        line = line[:-1]
    return line + "…"


class Coached:
    """The table scene's hint: ``coach`` (made on first use), ``ask_hint`` and the overlay drawing it."""

    @property
    def coach(self) -> TableCoach:
        made = self.__dict__.get("_coach")
        if made is None:
            made = self.__dict__["_coach"] = TableCoach(self)  # type: ignore[arg-type]
        return made

    def ask_hint(self) -> None:
        self.coach.ask()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        frame = getattr(self, "frame", None)
        if frame is not None:
            self.coach.draw(surface, frame)
