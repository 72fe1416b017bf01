"""The round track across the top of the table: the decade in words, the spaces start to 10, the dials
of the three decades."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pygame

from game.i18n import N_, Words, _, roman
from game.table.panel import PanelContext, PanelLayout
from game.table.part import Part
from game.table.targets import Region, TrackDecade, TrackSpace
from game.ui import widgets
from game.ui.draw import art, fit_text, text
from game.ui.theme import GOLD, GOLD_DARK, INK, MUTED, OXBLOOD, PANEL, PARCHMENT_LIGHT, RULE
from rules import board

SPACE_TIPS = Words({
    0: N_("Start of the decade."),
    4: N_("Masked ball: titles are returned and given out again by prestige."),
    8: N_("Masked ball: titles are returned and given out again by prestige."),
    9: N_("Queen-lock: while the marker stands here nobody can take the Queen."),
    10: N_("Building scoring: enclosed castles and palaces score; then the decade ends."),
})


def _space_icon(pos: int) -> str | None:
    if pos == 0:
        return "icon-start"
    if pos in board.BALL_SPACES:
        return "icon-ball"
    if pos == board.QUEEN_LOCK_SPACE:
        return "icon-queen-lock"
    if pos == board.SCORING_SPACE:
        return "icon-scoring"
    return None


@attrs.define(eq=False)
class TrackLayout(PanelLayout):
    dials_x: int = 0  # left of the decade dials
    dials_w: int = 0
    line: tuple[float, float] = (0.0, 0.0)  # the rule joining the spaces, left and right
    radius: int = 0
    spaces: list[int] = attrs.field(factory=list)  # the centre x of each space

    def pointed(self, mouse: tuple[int, int]) -> tuple[()]:
        return ()  # nothing on the track lights up under the pointer


def layout_track(pc: PanelContext) -> TrackLayout:
    rect, s, st = pc.rect, pc.scale, pc.view.state
    pad = round(12 * s)
    left_w = round(150 * s)
    dec_w = round(150 * s)
    dx0 = rect.right - pad - dec_w
    lay = TrackLayout(dials_x=dx0, dials_w=dec_w)
    lay.regions.append(Region(
        pygame.Rect(rect.left, rect.top, left_w, rect.height),
        TrackDecade(),
        _("Decade {decade} of {decades}. The round marker moves at the end of the Queen holder's turn.").format(
            decade=roman(st.decade), decades=roman(board.DECADES)),
        topic="queen",
    ))
    lay.regions.append(Region(
        pygame.Rect(dx0, rect.top, dec_w, rect.height),
        TrackDecade(dials=True),
        _("The game lasts three decades; each ends with building scoring."),
        topic="decade",
    ))
    x0 = rect.left + left_w + pad
    x1 = dx0 - pad
    n = board.TRACK_LENGTH + 1
    step = (x1 - x0) / n
    r = int(min(step * 0.36, rect.height * 0.36))
    cy = rect.centery
    lay.line = (x0 + step / 2, x1 - step / 2)
    lay.radius = r
    for pos in range(n):
        cx = int(x0 + step * (pos + 0.5))
        lay.spaces.append(cx)
        label = _("Start") if pos == 0 else _("Space {number}").format(number=pos)
        here = " " + _("The round marker is here.") if pos == st.round_pos else ""
        tip = f"{label}. {SPACE_TIPS.get(pos, _('An ordinary round.'))}" + here
        topic = "ball" if pos in board.BALL_SPACES else "scoring" if pos == board.SCORING_SPACE else "queen"
        lay.regions.append(Region(pygame.Rect(cx - r, cy - r, 2 * r, 2 * r), TrackSpace(pos), tip, topic=topic))
    return lay


@attrs.define(eq=False)
class TrackPart(Part):
    """The round track as a part. It takes no input of its own: its spaces and dials explain themselves in
    tooltips."""

    name: ClassVar[str] = "track"


def draw_track(surface: pygame.Surface, pc: PanelContext, lay: TrackLayout) -> None:
    rect, s, st = pc.rect, pc.scale, pc.view.state
    widgets.panel(surface, rect, s)
    pad = round(12 * s)
    room = round(150 * s) - pad
    size = round(26 * s)
    decade = _("Decade {decade}").format(decade=roman(st.decade))
    where = (_("round marker on start") if st.round_pos == 0 else
             _("round marker on {space}").format(space=st.round_pos))
    sub = fit_text(where, "italic", round(14 * s), room, MUTED)
    inside = rect.height - round(8 * s)  # within the panel's frame
    head = widgets.gold_text(decade, size)
    # a large text size or a long word: the decade as big as the corner allows with the round marker's line under it
    while (head.get_width() > room or head.get_height() + sub.get_height() - round(8 * s) > inside) and size > 14:
        size -= 2
        head = widgets.gold_text(decade, size)
    lines = head.get_height() + sub.get_height() - round(8 * s)
    if lines > inside:  # no room for both: the decade alone (the tooltip says the rest)
        surface.blit(head, head.get_rect(midleft=(rect.left + pad, rect.centery)))
    else:
        top = rect.centery - lines // 2
        surface.blit(head, (rect.left + pad, top))
        surface.blit(sub, (rect.left + pad + round(2 * s), top + head.get_height() - round(8 * s)))
    _draw_dials(surface, pc, lay)
    cy = rect.centery
    pygame.draw.line(surface, RULE, (lay.line[0], cy), (lay.line[1], cy), max(2, round(3 * s)))
    for pos, cx in enumerate(lay.spaces):
        _draw_space(surface, s, pos, (cx, cy), lay.radius, pos == st.round_pos)


def _draw_dials(surface: pygame.Surface, pc: PanelContext, lay: TrackLayout) -> None:
    s, decade = pc.scale, pc.view.state.decade
    for i in range(1, 4):
        c = (lay.dials_x + round((i - 0.5) * lay.dials_w / 3), pc.rect.centery)
        r = round(17 * s)
        if i == decade:
            pygame.draw.circle(surface, OXBLOOD, c, r)
            pygame.draw.circle(surface, GOLD, c, r, max(2, round(2 * s)))
            img = text(roman(i), "heading", round(19 * s), PARCHMENT_LIGHT)
        else:
            pygame.draw.circle(surface, PARCHMENT_LIGHT if i > decade else PANEL, c, r)
            pygame.draw.circle(surface, MUTED, c, r, 1)
            img = text(roman(i), "heading", round(17 * s), MUTED)
        surface.blit(img, img.get_rect(center=c))


def _draw_space(surface: pygame.Surface, s: float, pos: int, centre: tuple[int, int], r: int, here: bool) -> None:
    cx, cy = centre
    special = _space_icon(pos)
    fill = PARCHMENT_LIGHT
    if pos in board.BALL_SPACES:
        fill = pygame.Color("#EAD3D2")
    elif pos == board.SCORING_SPACE:
        fill = pygame.Color("#F3E3A8")
    if here:
        glow = pygame.Surface((4 * r, 4 * r), pygame.SRCALPHA)
        for k in range(6, 0, -1):
            pygame.draw.circle(glow, (201, 162, 39, 18 * (7 - k)), (2 * r, 2 * r), r + k * max(1, round(1.5 * s)))
        surface.blit(glow, (cx - 2 * r, cy - 2 * r))
    pygame.draw.circle(surface, fill, (cx, cy), r)
    pygame.draw.circle(surface, GOLD_DARK if here else MUTED, (cx, cy), r, max(1, round((3 if here else 1.2) * s)))
    if special:
        img = art(special, int(r * 1.45))
        surface.blit(img, img.get_rect(center=(cx, cy)))
        if pos != 0:  # the space's number on a small disc at its foot
            num = text(str(pos), "ui-bold", round(12 * s), INK)
            spot = num.get_rect(center=(cx + int(r * 0.78), cy + int(r * 0.72)))
            pygame.draw.ellipse(surface, fill, spot.inflate(round(4 * s), 0))
            surface.blit(num, spot)
    else:
        num = text(str(pos), "heading", round(20 * s), INK)
        surface.blit(num, num.get_rect(center=(cx, cy)))
    if here:  # the round marker: an oxblood pennant above the space
        tip = (cx, cy - r - round(1 * s))
        pts = [tip, (cx - round(6 * s), tip[1] - round(9 * s)), (cx + round(6 * s), tip[1] - round(9 * s))]
        pygame.draw.polygon(surface, OXBLOOD, pts)
        pygame.draw.polygon(surface, GOLD, pts, 1)
