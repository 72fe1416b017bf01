"""The tooltips of pygame-gui's widgets: as wide as their words (folded at the theme's width where they are long),
and placed beside what they explain where they cover neither it nor the control the keys are on.

pygame-gui makes every tooltip as wide as its theme says (320 design pixels: a box twice as wide as "Die
Regelübersicht (F1).") and puts it under the pointer, over whatever lies below the widget (on the title menu,
the focused Continue under Tutorial). :func:`fitted` makes it again as wide as its widest line; :func:`place`
tries under the widget, beside it (right, then left) and over it, and keeps the first spot that leaves the
widget and the focused control (``avoid``) uncovered within the window, clear of the scene's other controls
where one is (on the title menu, the pointer's tooltip over Tutorial lay over New game). The focused control's own
tooltip (drawn by game.ui.focus) takes one of the same :func:`spots` clear of the other controls, or one slid on
past those in its way (:func:`clear_spot`), else the one over the fewest. Where either could only go on past other
controls or over them, game.ui.focus makes it again as wide as the room beside the widget (:func:`side_room`) and
keeps that one if it lies there, clear of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

#: pixels a tooltip keeps from what it explains (and from the focused control's ring, drawn around it)
GAP = 4


def fitted(tip: Any, make: Callable[[int], Any]) -> Any:
    """``tip`` as wide as its widest line: made again by ``make(width)`` where it is wider than that."""
    block = tip.text_block
    if block is None:
        return tip
    rows = block.text_box_layout.layout_rows
    margin = tip.rect.width - block.text_box_layout.layout_rect.width  # padding, border and shadow
    width = max((row.width for row in rows), default=0) + margin + 2  # (2: no fold at a rounded pixel)
    if width >= tip.rect.width:
        return tip
    tip.kill()
    return make(width)


def spots(size: tuple[int, int], target: pygame.Rect, x: int) -> list[pygame.Rect]:
    """Where a tooltip of ``size`` explaining ``target`` may go, in the order tried: under it (from ``x``), right of
    it, left of it, over it."""
    w, h = size
    middle = target.centery - h // 2
    return [pygame.Rect(corner, size) for corner in ((x, target.bottom + GAP), (target.right + GAP, middle),
                                                     (target.left - GAP - w, middle), (x, target.top - GAP - h))]


def clear_spot(size: tuple[int, int], target: pygame.Rect, x: int, window: pygame.Rect,
               others: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """Where a tooltip of ``size`` explaining ``target`` covers none of ``others`` within ``window``: the first of its
    :func:`spots` that does, else the nearest of them slid on away from ``target`` past the others in its way where
    they are no larger than ``target`` (over the button above a column's second one, not over that button; not past
    a panel), a quarter of the window at most (further, it would no longer read as the target's); None where none
    does."""
    found: list[tuple[int, int, pygame.Rect]] = []
    reach = window.height // 4
    for order, spot in enumerate(spots(size, target, x)):
        rect, moved = pygame.Rect(spot), 0
        across = order in (1, 2)  # slid sideways: widths compared, else heights
        while window.contains(rect) and moved <= reach:
            hit = [o for o in others if rect.colliderect(o)]
            if not hit:
                found.append((moved, order, rect))
                break
            if any((o.width if across else o.height) > (target.width if across else target.height) for o in hit):
                break  # not past something larger than what it explains
            before = rect.topleft
            if order == 0:  # under: below the lowest in the way
                rect.top = max(o.bottom for o in hit) + GAP
            elif order == 1:  # right of them
                rect.left = max(o.right for o in hit) + GAP
            elif order == 2:  # left of them
                rect.right = min(o.left for o in hit) - GAP
            else:  # over them
                rect.bottom = min(o.top for o in hit) - GAP
            moved += abs(rect.left - before[0]) + abs(rect.top - before[1])
    return min(found, key=lambda f: (f[0], f[1]))[2] if found else None


def place(tip: Any, target: pygame.Rect, pointer_x: int, window: pygame.Rect, avoid: Sequence[pygame.Rect],
          ring: int, others: Sequence[pygame.Rect] = ()) -> bool:
    """Move ``tip`` (explaining the widget at ``target``) where it lies in ``window`` and covers neither ``target``
    nor any of ``avoid`` with the focus ring ``ring`` pixels around it (game.ui.focus.ring_reach): clear of the
    scene's ``others`` controls too where it can be (:func:`clear_spot`, its spots as far from ``target`` as a ring
    would reach, so that beside a column it clears the ring of the focused one), else the first of its
    :func:`spots` clear of ``target`` and ``avoid`` only; where none is, it stays where pygame-gui put it. True where
    it lies next to ``target`` (not slid on past other controls) and over none of them."""
    x = max(window.left, min(pointer_x, window.right - tip.rect.width))
    clear = [pygame.Rect(target), *(pygame.Rect(r).inflate(2 * (ring + GAP), 2 * (ring + GAP)) for r in avoid)]
    rest = [pygame.Rect(r) for r in others if pygame.Rect(r) != target]
    if rest:  # (the focused control with its ring is as large as ``target`` with one: a tooltip may go past it)
        ringed = [pygame.Rect(r).inflate(2 * ring, 2 * ring) for r in avoid]
        near = pygame.Rect(target).inflate(2 * ring, 2 * ring)
        spot = clear_spot(tip.rect.size, near, x, window, [*ringed, *rest])
        if spot is not None:
            tip.set_position(spot.topleft)
            return spot in spots(tip.rect.size, near, x)
    for rect in spots(tip.rect.size, target, x):
        if window.contains(rect) and not any(rect.colliderect(r) for r in clear):
            tip.set_position(rect.topleft)
            return not any(rect.colliderect(r) for r in rest)
    return False


def worth_folding(width: int, side: int) -> bool:
    """A tooltip ``width`` wide is made again as wide as the ``side`` room beside its widget: narrower, at most about
    twice as many lines."""
    return width // 2 <= side < width


def side_room(target: pygame.Rect, window: pygame.Rect, ring: int) -> int:
    """The width a tooltip has beside ``target`` (right or left of it, clear of a focus ring ``ring`` around it)."""
    return max(window.right - (target.right + ring + GAP), target.left - ring - GAP - window.left)
