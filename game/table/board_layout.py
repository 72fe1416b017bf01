"""Where the board's parts lie in its panel (the buildings' rows, the follies, the church, the court's rows): the
layout that game.table.board works out and draws, and game.table.court lays its rows into."""

from __future__ import annotations

import attrs
import pygame

from game.table.panel import PanelLayout
from game.table.targets import Piece


@attrs.frozen
class BuildingRow:
    """One row of the board's buildings: its spaces and prices, how many are left, what the viewer pays."""

    piece: Piece
    kind: str  # "castle", "chapel", "palace"
    prices: tuple[int, ...]
    on_board: int
    my_price: int
    y: int


@attrs.define(eq=False)
class BoardLayout(PanelLayout):
    x: int = 0
    width: int = 0
    titles: list[tuple[str, int]] = attrs.field(factory=list)  # section headings and their y
    slot: int = 0
    rows: list[BuildingRow] = attrs.field(factory=list)
    follies: list[tuple[pygame.Rect, Piece]] = attrs.field(factory=list)
    vp_line_y: int = 0  # -1: the follies' VP line is left out
    compact: bool = False  # a building row is its name alone (what one pays is in its tooltip): the court needs room
    tight: bool = False  # the follies and the church drawn lower too (five nobles in a small window, a large text)
    small: bool = False  # the headings at the smallest readable size, a building row's name within its spaces
    stacked: bool = False  # the court's rows in two small lines (game.table.court)
    church_y: int = 0
    church_cell: int = 0
    church_col: int = 0
    bribes_x: int = 0
    court: list[tuple[int, pygame.Rect]] = attrs.field(factory=list)  # seat, row
    draggable: frozenset[Piece] = frozenset()

    def pointed(self, mouse: tuple[int, int]) -> tuple[()]:
        return ()  # nothing on the board lights up under the pointer (its tooltips are drawn over the table)
