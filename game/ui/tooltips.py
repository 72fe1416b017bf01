"""The tooltips of pygame-gui's widgets: as wide as their words (folded at the theme's width where they are long),
and placed beside what they explain where they cover neither it nor the control the keys are on.

pygame-gui makes every tooltip as wide as its theme says (320 design pixels: a box twice as wide as "Die
Regelübersicht (F1).") and puts it under the pointer, over whatever lies below the widget (on the title menu,
the focused Continue under Tutorial). :func:`fitted` makes it again as wide as its widest line; :func:`place`
tries under the widget, beside it (right, then left) and over it, and keeps the first spot that leaves the
widget and the focused control (``avoid``) uncovered within the window. The focused control's own tooltip (drawn
by game.ui.focus) takes one of the same :func:`spots`, the first clear of the other controls, else the one over the
fewest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

#: pixels a tooltip keeps from what it explains and from the focused control (its ring is drawn around it)
GAP = 4
RING = 10


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


def place(tip: Any, target: pygame.Rect, pointer_x: int, window: pygame.Rect, avoid: Sequence[pygame.Rect]) -> None:
    """Move ``tip`` (explaining the widget at ``target``) to the first of its :func:`spots` that lies in ``window``
    and covers neither ``target`` nor any of ``avoid``; where none does, it stays where pygame-gui put it."""
    x = max(window.left, min(pointer_x, window.right - tip.rect.width))
    clear = [pygame.Rect(target), *(pygame.Rect(r).inflate(2 * RING, 2 * RING) for r in avoid)]
    for rect in spots(tip.rect.size, target, x):
        if window.contains(rect) and not any(rect.colliderect(r) for r in clear):
            tip.set_position(rect.topleft)
            return
