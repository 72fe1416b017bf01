"""A graph of each player's expected final score through a game: one line per player in the player's colour
(the reviewed player's thicker), the decades marked below, the costliest decisions as rings on the reviewed
player's line, and a legend with each player's crest, so colour is never the only cue."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _, number, roman
from game.ui import assets
from game.ui.draw import crest_art, fit_text
from game.ui.theme import INK, MUTED, OXBLOOD

GRID = pygame.Color(107, 91, 69, 60)


def draw_score_graph(surface: pygame.Surface, rect: pygame.Rect, curve: Sequence[tuple[int, Sequence[float]]],
                     decades: Sequence[int], styles: Sequence, seat: int, marks: Sequence[int], s: float) -> None:
    """``curve``: (action index, score of each seat); ``styles``: each seat's colour, crest and name; ``marks``:
    action indices to ring on ``seat``'s line."""
    if len(curve) < 2:
        return
    # the legend's names (in as many rows as they need) and the decades' numerals take the height their text needs
    rows = _legend_rows(styles, rect.width - round(34 * s) - round(8 * s), s)
    legend_h = len(rows) * _legend_row_height(s)
    labels_h = max(round(30 * s), assets.font("heading", round(13 * s)).get_linesize() + round(8 * s))
    last = max(1, curve[-1][0])
    values = [v for _i, vs in curve for v in vs]
    low, high = min(0.0, min(values)), max(values)
    high = low + 1 if high <= low else high
    step = _nice_step((high - low) / 4)
    ticks = []
    tick = (low // step) * step
    while tick <= high + 1e-9:
        ticks.append(tick)
        tick += step
    # the scale's numbers in one size, the axis as wide as the widest ("100" was drawn smaller than "50" and "0")
    font = assets.font("ui", round(12 * s))
    axis_w = max(round(34 * s), max(font.size(number(t))[0] for t in ticks) + round(8 * s))
    plot = pygame.Rect(rect.left + axis_w, rect.top + round(6 * s), rect.width - axis_w - round(8 * s),
                       rect.height - legend_h - labels_h)

    def at(index: int, value: float) -> tuple[int, int]:
        return (plot.left + round(plot.width * index / last),
                plot.bottom - round(plot.height * (value - low) / (high - low)))

    grid = pygame.Surface(rect.size, pygame.SRCALPHA)
    for tick in ticks:
        y = at(0, tick)[1]
        if plot.top - 1 <= y <= plot.bottom + 1:
            pygame.draw.line(grid, GRID, (plot.left - rect.left, y - rect.top), (plot.right - rect.left, y - rect.top))
            label = font.render(number(tick), True, MUTED)
            surface.blit(label, label.get_rect(midright=(plot.left - round(4 * s), y)))
    surface.blit(grid, rect.topleft)
    _draw_decades(surface, plot, curve, decades, at, s)
    for other in [*(i for i in range(len(styles)) if i != seat), seat]:
        points = [at(i, vs[other]) for i, vs in curve]
        width = max(2, round((4 if other == seat else 2) * s))
        pygame.draw.lines(surface, pygame.Color(styles[other].colour), False, points, width)
    for index in marks:
        point = min(curve, key=lambda p: abs(p[0] - index))
        pygame.draw.circle(surface, OXBLOOD, at(point[0], point[1][seat]), max(4, round(6 * s)), max(2, round(2 * s)))
    _draw_legend(surface, pygame.Rect(plot.left, rect.bottom - legend_h, plot.width, legend_h), rows, styles, seat, s)


def _nice_step(raw: float) -> float:
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if raw <= step:
            return float(step)
    return 200.0


def _draw_decades(surface: pygame.Surface, plot: pygame.Rect, curve: Sequence[tuple[int, Sequence[float]]],
                  decades: Sequence[int], at, s: float) -> None:
    """A faint rule where each decade begins, its numeral under the plot."""
    starts: list[tuple[int, int]] = []
    for (index, _vs), decade in zip(curve, decades, strict=False):
        if not starts or starts[-1][1] != decade:
            starts.append((index, decade))
    ends = [i for i, _d in starts[1:]] + [curve[-1][0]]
    for (index, decade), end in zip(starts, ends, strict=True):
        x0, x1 = at(index, 0)[0], at(end, 0)[0]
        if index > 0:
            pygame.draw.line(surface, MUTED, (x0, plot.top), (x0, plot.bottom), 1)
        label = fit_text(_("Decade {decade}").format(decade=roman(decade)), "heading", round(13 * s),
                         max(8, x1 - x0 - 4), INK)
        surface.blit(label, label.get_rect(midtop=((x0 + x1) // 2, plot.bottom + round(4 * s))))


def _legend_row_height(s: float) -> int:
    return max(round(26 * s), assets.font("ui", round(13 * s)).get_linesize() + round(4 * s))


def _legend_entry_width(name: str, s: float) -> int:
    """A legend entry: the crest, a stroke of the line, the whole name, and the gap to the next."""
    return round(18 * s) + round(22 * s) + assets.font("ui", round(13 * s)).size(name)[0] + round(12 * s)


def _legend_rows(styles: Sequence, width: int, s: float) -> list[list[int]]:
    """The seats of each row of the legend: as many whole names side by side as ``width`` holds, in seat order."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, style in enumerate(styles):
        need = _legend_entry_width(style.name, s)
        if rows[-1] and used + need > width:
            rows.append([])
            used = 0
        rows[-1].append(i)
        used += need
    return rows


def _draw_legend(surface: pygame.Surface, rect: pygame.Rect, rows: list[list[int]], styles: Sequence, seat: int,
                 s: float) -> None:
    """Each player's crest, a stroke of their line and their name, row by row, each row centred."""
    size, row_h = round(18 * s), _legend_row_height(s)
    for k, row in enumerate(rows):
        widths = [_legend_entry_width(styles[i].name, s) for i in row]
        x = rect.left + max(0, (rect.width - sum(widths) + round(12 * s)) // 2)
        y = rect.top + k * row_h + row_h // 2
        for i, width in zip(row, widths, strict=True):
            style = styles[i]
            surface.blit(crest_art(style.crest, size, style.colour), (x, y - size // 2))
            pygame.draw.line(surface, pygame.Color(style.colour), (x + size + round(4 * s), y),
                             (x + size + round(18 * s), y), max(2, round((4 if i == seat else 2) * s)))
            name = fit_text(style.name, "ui", round(13 * s), rect.right - x - size - round(22 * s), INK)
            surface.blit(name, name.get_rect(midleft=(x + size + round(22 * s), y)))
            x += width
