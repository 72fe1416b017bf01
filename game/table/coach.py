"""The hint at the table and at a masked ball: what Hard would do at the viewer's decision, from the viewer's
view only, and why.

With the Hints setting on, the action bar (and a ball, while its player decides) shows a Hint button. Pressing it
starts ``rules.bots.suggest`` and ``rules.bots.explain`` on a daemon thread (:class:`game.ui.background.Job`)
with a copy of the viewer's view; the search stops as soon as the game moves on or the session closes, and an
answer for a decision that is no longer pending is never shown. The hint rings the regions of the suggested move
(its button of the action bar, its piece on the board or the screen, its cell, its chooser option, its knight's
region; in the trade chooser the tiles to give, then the one to take; on the starting tiles' chooser the button
that takes its counts a step towards the advised ones; at a ball the hand-back or the marker's button), moves the
keyboard's focus to the chooser's option or the ball's button it
rings, and says why in the game's words, from what the move does ("completes a forest: 2 tiles now and 2 more each
time you acquire land"), the margin over the next best as a second line (:mod:`game.ui.reason_words`). Each hint
asked for counts for its seat (``GameSession.hints``, saved).

:class:`Coach` holds this for one table: the table asks it for a hint, and it attaches to the table as an
overlay (:mod:`game.table.overlay`) to ring the hinted move; it brings :class:`BallCoach` to a ball the table
shows (its Hint button is the ball's own).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
import pygame

from game.i18n import _
from game.session import GameSession
from game.table.ball_frame import BallFrame, BallSight, ball_key
from game.table.chooser import start_step
from game.table.estate_panel import EstateLayout
from game.table.layout import TableFrame
from game.table.overlay import Overlay, showing
from game.table.part import TableHost
from game.table.targets import BOARD_BUILDINGS, OptionButton, Region
from game.ui import assets, widgets
from game.ui.background import Job
from game.ui.move_words import move_words
from game.ui.reason_words import margin_words, reasons_words
from game.ui.theme import GOLD, PARCHMENT, PARCHMENT_LIGHT
from rules import (
    Action,
    BuildFolly,
    ChooseStartTiles,
    Estate,
    MoveKnight,
    PlaceKnight,
    PlaceTile,
    PlayCard,
    PlayerView,
    Trade,
    action_kind,
    building_of,
)
from rules.bots import HINT_SAMPLES, Explanation, Suggestion, explain, suggest


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
    elif isinstance(action, Trade):  # the trade chooser's tiles to give (the tile to take: its option's action)
        keys.add("trade:give:" + ",".join(t.label for t in action.give))
    return keys


@attrs.frozen
class Advice:
    """A hint and why: the suggested move, and its reasons and margin in the game's terms
    (``rules.bots.explain``), both found in the background."""

    suggestion: Suggestion
    explanation: Explanation

    @property
    def action(self) -> Action:
        return self.suggestion.action


def advise(view: PlayerView, seed: int, samples: int, cancelled: Callable[[], bool]) -> Advice:
    """What Hard would do from ``view``, and why."""
    suggestion = suggest(view, seed=seed, samples=samples, cancelled=cancelled)
    return Advice(suggestion, explain(view, suggestion))


def hint_words(advice: Advice, names: Sequence[str], estate: Estate | None = None) -> tuple[str, str | None]:
    """The hint's two lines: the move and why, from what it does, in the game's words; and by how much it beat
    the next best (None: nothing was compared; a move is never set against itself; one that differs only in where
    it places, as the mover's ``estate`` shows it, says where)."""
    line = advice.suggestion.line
    why = reasons_words(advice.explanation.reasons, names, capital=False)
    return (_("{move} — {why}.").format(move=move_words(line, names), why=why),
            margin_words(advice.explanation, line, names, estate))


@attrs.define(eq=False)
class Hinting:
    """The coach's search for the pending decision of the human deciding here: the job computing it and the
    decision it belongs to. It is asked for (a Hint button or H), counts for the seat, and is forgotten once the
    player has moved. :class:`Coach` is the table's, :class:`BallCoach` a masked ball's."""

    session: GameSession
    hints_on: Callable[[], bool]  # the Hints setting
    samples: int = HINT_SAMPLES
    job: Job | None = None
    token: tuple[int, int] | None = None  # (session version, seat) the hint is for

    def deciding(self) -> PlayerView | None:
        """The view of the human deciding here now (None: nobody here decides)."""
        raise NotImplementedError

    def _now(self) -> tuple[int, int]:
        return self.session.version, self.session.state.decider

    @property
    def offered(self) -> bool:
        """A Hint button shows: the setting is on and a human decides here."""
        return bool(self.hints_on()) and self.deciding() is not None

    def ask(self) -> bool:
        """Start thinking about the pending decision (once per decision; the seat's count goes up)."""
        view = self.deciding()
        if not self.hints_on() or view is None:
            return False
        token = self._now()
        if self.token == token and self.job is not None and not self.job.cancelled():
            return False  # already asked for this decision
        self.cancel()
        session = self.session
        seed, samples, version = len(session.state.history), self.samples, session.version
        self.token, self.job = token, Job(
            lambda _progress, cancelled: advise(view, seed, samples, cancelled),
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

    def current(self) -> Advice | None:
        """The hint for the pending decision, once found (None before, after, or if the search failed)."""
        view = self.deciding()
        if self.state != "ready" or self.job is None or view is None:
            return None
        advice = self.job.result()
        return advice if isinstance(advice, Advice) and advice.action in view.legal else None

    def done(self, action: Action) -> None:
        """The player moved: the hint was for a decision that is taken now."""
        self.cancel()


@attrs.define(eq=False)
class Coach(Hinting, Overlay[TableFrame]):
    """The hint at the table: as an overlay it rings the hinted move's regions over the table and says why; at a
    masked ball the table shows, :class:`BallCoach` takes over."""

    host: TableHost = attrs.field(kw_only=True)
    box: pygame.Rect | None = None  # the words, as last drawn (a tooltip keeps off them; the rings keep theirs)

    def deciding(self) -> PlayerView | None:
        now = self.host.now()
        return now.view if now.mine else None

    def at_ball(self, ball: BallSight) -> Overlay[BallFrame] | None:
        return BallCoach(self.session, self.hints_on, self.samples, ball=ball)

    def _marked(self, advice: Advice, frame: TableFrame) -> list[Region]:
        """The laid-out regions where the hinted move is made; on the starting tiles' chooser, the button that
        takes its counts a step towards the hinted ones (Take these tiles once they are those)."""
        keys = hint_keys(advice.action)
        if isinstance(advice.action, ChooseStartTiles) and frame.chooser is not None:
            step = start_step(frame.chooser, advice.action.counts)
            keys |= {step} if step is not None else set()
        return showing(frame, keys, advice.action)

    def focus(self, frame: TableFrame) -> str | None:
        """The chooser's option the hint rings: the keys' Enter takes the advised move, as a click on the ring."""
        advice = self.current()
        if advice is None:
            return None
        return next((r.key for r in self._marked(advice, frame) if isinstance(r.target, OptionButton)), None)

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Ring the suggested move's regions and say why, over the laid-out table, clear of what the player acts on:
        the rings, the glowing cells, the estate's tiles and a chooser (beside them where they fill its place)."""
        self.box = None
        advice = self.current()
        if advice is None:
            return
        s = frame.rects.scale
        ringed = _ring(surface, self._marked(advice, frame), s)
        estate = frame.panels["estate"][1]
        drawn = estate.area if isinstance(estate, EstateLayout) else frame.rects.estate  # under its prompt
        below = drawn.top - frame.rects.estate.top + round(6 * s)
        # over a modal chooser, the words may go from the estate's top to the miniatures' foot, clear of the option
        # they ring
        area = frame.veil if frame.veil is not None else frame.rects.estate
        keep = [frame.chooser.card] if frame.chooser is not None else []
        if isinstance(estate, EstateLayout) and estate.geo is not None:
            keep += [estate.geo.cell_rect(pos).clip(estate.area) for pos in estate.cells]  # a piece carried: where
            keep += [estate.geo.estate_rect.clip(estate.area), estate.band, estate.fit]  # its tiles, what to do, Fit
        window = frame.rects.window
        spill = pygame.Rect(window.left, area.top, window.width, window.bottom - area.top)
        now = self.host.now()
        words = hint_words(advice, now.names, now.view.state.players[now.view.seat].estate)
        self.box = _draw_reason(surface, words, area, s, ringed, below, veiled=frame.veil is not None, keep=keep,
                                spill=spill, guard=[frame.rects.actions])

    def covers(self) -> list[pygame.Rect]:
        return [self.box] if self.box is not None else []


@attrs.define(eq=False)
class BallCoach(Hinting, Overlay[BallFrame]):
    """The hint at a masked ball: which bribe or card to hand back, or to place the marker now, and why (the
    prestige it brings and the title it buys); its ring on the ball's button, its words over the nobles' cards."""

    ball: BallSight = attrs.field(kw_only=True)

    def deciding(self) -> PlayerView | None:
        return self.session.view(self.session.state.decider) if self.ball.human_deciding() else None

    def focus(self, frame: BallFrame) -> str | None:
        """The ball's button the hint rings (a hand-back or the marker's): the keys' Enter takes the advice."""
        advice = self.current()
        return ball_key(advice.action) if advice is not None else None

    def draw(self, surface: pygame.Surface, frame: BallFrame) -> None:
        advice = self.current()
        key = ball_key(advice.action) if advice is not None else None
        if advice is None or key is None:
            return
        ringed = _ring(surface, [r for r in frame.regions if r.key == key], frame.scale)
        _draw_reason(surface, hint_words(advice, self.session.state.names), frame.panels["cards"], frame.scale,
                     ringed, round(46 * frame.scale))


def _ring(surface: pygame.Surface, regions: list[Region], s: float) -> list[pygame.Rect]:
    """Gold rings around ``regions``; the rings drawn."""
    width = max(2, round(3 * s))
    ringed = []
    for region in regions:
        ring = region.rect.inflate(width * 2, width * 2)
        pygame.draw.rect(surface, GOLD, ring, width, border_radius=round(5 * s))
        ringed.append(ring)
    return ringed


def _draw_reason(surface: pygame.Surface, words: tuple[str, str | None], area: pygame.Rect, s: float,
                 ringed: list[pygame.Rect], below: int, *, veiled: bool = False, keep: Sequence[pygame.Rect] = (),
                 spill: pygame.Rect | None = None, guard: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """The hint's words in an ink ribbon near the top of ``area``, ``below`` pixels under it (under its heading;
    gold-edged, as hints are), or where it covers less of the ringed places (at its foot, or just over them), and
    of ``keep`` (what the player acts on: a chooser, the glowing cells, the estate's tiles): elsewhere in ``area``
    or, where they fill it, out of it within ``spill``, clear of ``guard`` (the action bar) where it can: the move
    and why, then the margin, smaller; where it was drawn. ``veiled``: the area is a modal chooser's veil, where
    the estate's heading and corner button are hidden anyway."""
    why, margin = words
    pad = round(8 * s)
    width = area.width - round(40 * s) - 2 * pad
    # the words take half the area at most (the ringed place may be below) and stay above the estate's corner
    # button: where they need more (a large text in a small window) they take smaller sizes, down to the smallest
    # readable one, then leave the margin out, before the last line is cut
    clear = 0 if veiled else round(36 * s)  # the estate's corner button (Fit) stays clear
    size = max(12, round(14 * s))
    least = min(size, assets.min_design_size())
    while True:
        font, small = assets.font("ui", size), assets.font("italic", max(least, size - 1))
        lines = [(line, font) for line in widgets.wrap(_("Hint: {reason}").format(reason=why), font, width)]
        room = max(3, min(area.height // 2, area.height - below - clear - 2 * pad) // font.get_linesize())
        told = [(line, small) for line in widgets.wrap(margin, small, width)] if margin else []
        if len(lines) + len(told) <= room or size <= least:
            break
        size -= 1
    if len(lines) + len(told) <= room:
        lines += told
    elif len(lines) > room:
        last, last_font = lines[room - 1]
        lines = [*lines[: room - 1], (_ellipsised(last, last_font, width), last_font)]
    height = sum(f.get_linesize() for _line, f in lines)
    rect = pygame.Rect(0, 0, max(f.size(line)[0] for line, f in lines) + 2 * pad, height + 2 * pad)
    rect.midtop = (area.centerx, area.top + below)
    # the least covering of the rings, then of what is kept clear, then of the table out of the area (the first of
    # equals)
    places = _places(rect, area, clear, ringed, pad, area.top if veiled else rect.top)
    if spill is not None:
        places += _scan(rect.size, spill, pad)
    outside = _outside(area, spill) if spill is not None else []

    def cost(place: pygame.Rect) -> int:
        ring = _covered(place, ringed)
        kept = _covered(place, keep) + _covered(place, guard)
        return RING_COST * ring + KEEP_COST * kept + _covered(place, outside)

    rect = min(places, key=cost)
    draw_ribbon(surface, rect, s)
    y = rect.top + pad
    for line, f in lines:
        surface.blit(f.render(line, True, PARCHMENT_LIGHT if f is font else PARCHMENT), (rect.left + pad, y))
        y += f.get_linesize()
    return rect


def draw_ribbon(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    """The hint's ink ribbon with its gold edge, over ``rect`` (a card: what it covers is hidden)."""
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(card, (34, 64, 110, 238), card.get_rect(), border_radius=round(5 * s))
    pygame.draw.rect(card, GOLD, card.get_rect(), width=max(1, round(2 * s)), border_radius=round(5 * s))
    surface.blit(card, rect)


def _places(top: pygame.Rect, area: pygame.Rect, corner: int, rings: list[pygame.Rect], gap: int,
            ceiling: int) -> list[pygame.Rect]:
    """Where the words may go, ``top`` first: at the top of ``area`` (under its heading), at its foot (above the
    corner button), or just over the rings where that is not above ``ceiling`` (over a chooser's veil, higher than
    the top: the words of a large text may cover the option they ring both at the top and at the foot)."""
    foot = top.copy()
    foot.bottom = area.bottom - corner
    places = [top, foot]
    if rings:
        over = top.copy()
        over.bottom = min(r.top for r in rings) - gap
        places += [over] if ceiling <= over.top else []
    return places


#: what covering a pixel costs the hint's words: of a ring, of what the player acts on (a chooser, the glowing cells,
#: the estate's tiles, the action bar), of the table out of the words' own area (1)
RING_COST, KEEP_COST = 10000, 100


def _scan(size: tuple[int, int], spill: pygame.Rect, gap: int) -> list[pygame.Rect]:
    """Places of ``size`` within ``spill``: down it in steps of ``gap``, at its left, its middle and its right."""
    w, h = size
    xs = [spill.left + gap, spill.centerx - w // 2, spill.right - gap - w]
    return [pygame.Rect(x, y, w, h) for y in range(spill.top, spill.bottom - h + 1, max(1, gap)) for x in xs
            if spill.left <= x and x + w <= spill.right]


def _outside(area: pygame.Rect, spill: pygame.Rect) -> list[pygame.Rect]:
    """``spill`` but ``area``, as up to four rectangles."""
    a = area.clip(spill)
    parts = [pygame.Rect(spill.left, spill.top, spill.width, a.top - spill.top),
             pygame.Rect(spill.left, a.bottom, spill.width, spill.bottom - a.bottom),
             pygame.Rect(spill.left, a.top, a.left - spill.left, a.height),
             pygame.Rect(a.right, a.top, spill.right - a.right, a.height)]
    return [r for r in parts if r.width > 0 and r.height > 0]


def _covered(rect: pygame.Rect, rings: Sequence[pygame.Rect]) -> int:
    """How much of the rings ``rect`` would cover (pixels)."""
    return sum(rect.clip(ring).width * rect.clip(ring).height for ring in rings)


def _ellipsised(line: str, font: pygame.font.Font, width: int) -> str:
    """The last line shown of a longer reason: cut to end with "…" within ``width``."""
    while line and font.size(line + "…")[0] > width:
        line = line[:-1]
    return line + "…"
