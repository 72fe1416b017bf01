"""The hint at the table: what Hard would do at the viewer's decision, from the viewer's view only.

With the Hints setting on, the action bar shows a Hint button while a human decides. Pressing it starts
``rules.bots.suggest`` on a daemon thread (:class:`game.ui.background.Job`) with a copy of the viewer's view;
the search stops as soon as the game moves on or the session closes, and an answer for a decision that is no
longer pending is never shown. The hint rings the regions of the suggested move on the laid-out table (its
button of the action bar, its piece on the board or the screen, its cell, its chooser option, its knight's
region) and says in one line why. Each hint asked for counts for its seat (``GameSession.hints``, saved).

:class:`Coach` holds this for one table: the table asks it for a hint, and it attaches to the table as an
overlay (:mod:`game.table.overlay`) to ring the hinted move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs
import pygame

from game.i18n import _, number
from game.session import GameSession
from game.table.overlay import Overlay, showing
from game.table.part import TableHost
from game.table.targets import BOARD_BUILDINGS
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
    from game.table.layout import TableFrame


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


@attrs.define(eq=False)
class Coach(Overlay):
    """The hint for one table: the job computing it and the decision it belongs to. It is asked for by the
    table (the Hint button or H), and as an overlay it rings the hinted move's regions over the table and
    forgets the hint once the player has moved."""

    host: TableHost
    session: GameSession
    hints_on: Callable[[], bool]  # the Hints setting
    samples: int = HINT_SAMPLES
    job: Job | None = None
    token: tuple[int, int] | None = None  # (session version, seat) the hint is for

    def _now(self) -> tuple[int, int]:
        return self.session.version, self.session.state.decider

    @property
    def offered(self) -> bool:
        """A Hint button shows: the setting is on and the viewer decides."""
        return bool(self.hints_on()) and self.host.now().mine

    def ask(self) -> bool:
        """Start thinking about the pending decision (once per decision; the seat's count goes up)."""
        if not self.offered:
            return False
        token = self._now()
        if self.token == token and self.job is not None and not self.job.cancelled():
            return False  # already asked for this decision
        self.cancel()
        session = self.session
        view, seed, samples = self.host.now().view, len(session.state.history), self.samples
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
        return hint if isinstance(hint, Suggestion) and hint.action in self.host.now().legal else None

    # -- the overlay --------------------------------------------------------------------------------------------
    def done(self, action: Action) -> None:
        """The player moved: the hint was for a decision that is taken now."""
        self.cancel()

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Ring the suggested move's regions and say why, over the laid-out table."""
        hint = self.current()
        if hint is None:
            return
        s = frame.rects.scale
        width = max(2, round(3 * s))
        ringed: list[pygame.Rect] = []
        for region in showing(frame, hint_keys(hint.action), hint.action):
            ring = region.rect.inflate(width * 2, width * 2)
            pygame.draw.rect(surface, GOLD, ring, width, border_radius=round(5 * s))
            ringed.append(ring)
        _draw_reason(surface, hint_reason(hint, self.host.now().names), frame.rects.estate, s, ringed)


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
