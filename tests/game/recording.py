"""A surface for display tests that notes where each blit landed."""

from __future__ import annotations

import pygame


class Recording(pygame.Surface):
    """A surface that notes each blit: ``blits`` holds (the source, the rectangle it landed on), in order; ``spots``
    the rectangles alone."""

    def __init__(self, size, *flags) -> None:
        super().__init__(size, *flags)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):
        spot = super().blit(source, dest, *args, **kwargs)
        self.blits.append((source, spot))
        return spot

    @property
    def spots(self) -> list[pygame.Rect]:
        return [spot for _source, spot in self.blits]
