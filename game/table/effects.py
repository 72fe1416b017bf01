"""The table's small animations: a tile flying from a player's row to the cell it was placed on, the Queen
flying to her new holder, "+£2" or "+1 VP" rising from a row of the court. They only move pictures over
the table, never the model; the blocking ones hold the computer players back until they land."""

from __future__ import annotations

import math
from collections.abc import Callable

import attrs
import pygame

from game.i18n import _, ngettext, signed_money
from game.ui.draw import art, text
from game.ui.pieces import TILE_ART
from game.ui.theme import INK, OXBLOOD, ROYAL_BLUE
from rules import Event, EventKind, Pos

E = EventKind
#: how long an effect takes at each speed of the computer players (0: none)
FX_SECONDS = {"slow": 0.9, "normal": 0.5, "fast": 0.22, "instant": 0.0}
Point = tuple[int, int]


@attrs.frozen
class Anchors:
    """Where the effects start and land, from the last laid-out frame."""

    players: dict[int, Point]  # each seat's row of the court
    tile_sources: dict[int, Point]  # where a seat's placed tiles fly from (the viewer's: their screen)
    miniatures: dict[int, Point]


class Flight:
    """A picture flying along an arc, or a floating text (``blocking=False``: it fades as it rises)."""

    def __init__(
        self,
        img: pygame.Surface,
        start: Point,
        end: Point,
        duration: float,
        *,
        blocking: bool,
        arc_h: float = 0.0,
        delay: float = 0.0,
    ) -> None:
        self.img, self.start, self.end = img, start, end
        self.duration = max(0.01, duration)
        self.t = -delay
        self.blocking = blocking
        self.arc_h = arc_h

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def draw(self, surface: pygame.Surface) -> None:
        if self.t < 0:
            return
        u = min(1.0, self.t / self.duration)
        e = 1 - (1 - u) ** 3
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - self.arc_h * math.sin(math.pi * u)
        img = self.img
        if not self.blocking and u > 0.6:
            img = img.copy()
            img.set_alpha(int(255 * (1 - (u - 0.6) / 0.4)))
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


#: what rises from the court when something is gained, by how much
FLOAT_LABELS: dict[E, Callable[[int], str]] = {
    E.MONEY_GAINED: lambda n: signed_money(n),
    E.VP_GAINED: lambda n: _("+{vp} VP").format(vp=n),
    E.BRIBES_TAKEN: lambda n: ngettext("+{n} bribe", "+{n} bribes", n).format(n=n),
    E.TILES_DRAWN: lambda n: ngettext("+{n} tile", "+{n} tiles", n).format(n=n),
}
FLOAT_ICONS = {E.MONEY_GAINED: "coin-1", E.VP_GAINED: "icon-vp", E.BRIBES_TAKEN: "bribe"}


def flights_for(
    events: list[Event],
    anchors: Anchors,
    cell_centre: Callable[[int, Pos], Point | None],
    actor: int,
    s: float,
    seconds: float,
) -> list[Flight]:
    """The effects of one batch of ``events`` just applied to ``state``; ``actor`` is the seat that moved by
    its own hand at this screen (its tiles do not fly: it dropped them itself), -1 for none."""
    out: list[Flight] = []
    for e in events:
        row = anchors.players.get(e.seat)
        if e.kind == E.TILE_PLACED and e.tile is not None and e.pos is not None:
            start = anchors.tile_sources.get(e.seat)
            end = cell_centre(e.seat, e.pos)
            if start and end and e.seat != actor:
                size = max(16, round(44 * s))
                out.append(Flight(art(TILE_ART[e.tile], size), start, end, seconds, blocking=True, arc_h=40 * s))
        elif e.kind in FLOAT_LABELS and row:
            start = (row[0], row[1])
            out.append(Flight(_float_label(e, s), start, (start[0], start[1] - 30 * s), seconds * 2.2,
                              blocking=False))
        elif e.kind == E.QUEEN_MOVED:
            start = anchors.players.get(e.other) if e.other >= 0 else None
            if row and start:
                out.append(Flight(art("queen", round(40 * s)), start, row, seconds * 1.4, blocking=True, arc_h=60 * s))
        elif e.kind == E.BUILT and row:
            out.append(Flight(art("icon-vp", round(30 * s)), row, row, seconds, blocking=False))
    return out


def _float_label(e: Event, s: float) -> pygame.Surface:
    colour = {E.VP_GAINED: OXBLOOD, E.MONEY_GAINED: ROYAL_BLUE}.get(e.kind, INK)
    img = text(FLOAT_LABELS[e.kind](e.amount), "heading", round(18 * s), colour)
    icon = FLOAT_ICONS.get(e.kind)
    if icon:
        pic = art(icon, img.get_height())
        both = pygame.Surface((pic.get_width() + img.get_width() + 2, img.get_height()), pygame.SRCALPHA)
        both.blit(pic, (0, 0))
        both.blit(img, (pic.get_width() + 2, 0))
        img = both
    return img
