"""The table's chooser as a part: which chooser is open, and the clicks and keys that reach its options.

A chooser is open because a button opened it (:attr:`ChooserPart.opened`, made again by its maker when the
language changes) or because the pending decision opens one by itself (made once per decision, from
:data:`game.table.choosers.DECISION_CHOOSERS`). Its options act through the part (:class:`TableMoves`): a move
goes to the table, an armed piece to the hand, a trade's first step stays here (the tiles given).
"""

from __future__ import annotations

from typing import ClassVar

import attrs
import pygame

from game.table import choosers
from game.table.chooser import Chooser, ChooserLayout
from game.table.choosers import DECISION_CHOOSERS, ChooserContext, ChooserMaker
from game.table.estate_draw import PlayerStyle
from game.table.part import Click, Hold, Key, Part, PartEvent
from game.table.targets import OptionButton, Piece
from rules import Action, Decision, TileType

#: the keys 1-9 choose the chooser's enabled options, in order
DIGITS = {getattr(pygame, f"K_{d}"): d for d in range(1, 10)}


@attrs.define(eq=False)
class ChooserPart(Part):
    """The chooser open over the estate (or in the strip under it), and the tiles a trade gives."""

    name: ClassVar[str] = "chooser"
    styles: list[PlayerStyle] = attrs.field(factory=list)
    opened: Chooser | None = None  # opened from a button
    maker: ChooserMaker | None = None  # what made ``opened`` (it is made again in another language)
    auto: tuple[tuple[Decision, int, int], Chooser] | None = None  # opened by the pending decision itself
    trade_give: tuple[TileType, ...] | None = None  # the two tiles chosen in a trade's first step

    # -- which chooser is open ------------------------------------------------------------------------------
    def current(self) -> Chooser | None:
        """The chooser a button opened, else the one the pending decision opens by itself."""
        if self.opened is not None:
            return self.opened
        now = self.host.now()
        if not now.mine:
            return None
        if self.auto is not None and self.auto[0] == now.decision:
            return self.auto[1]
        maker = DECISION_CHOOSERS.get(now.step)
        made = maker(self._context()) if maker is not None else None
        self.auto = (now.decision, made) if made is not None else None
        return made

    def open(self, maker: ChooserMaker) -> None:
        """A button's chooser (a trade begins with the tiles to give)."""
        self.trade_give = None
        self._open(maker)

    def _open(self, maker: ChooserMaker) -> None:
        self.opened, self.maker = maker(self._context()), maker

    def close(self) -> None:
        self.opened = None
        self.trade_give = None

    def clear(self) -> None:
        """No chooser open, not even the decision's own until it is made again (the screen is passed on)."""
        self.opened = self.auto = self.trade_give = None

    def relabel(self) -> None:
        """The language changed: every chooser says its words anew."""
        self.auto = None
        if self.opened is not None and self.maker is not None:
            self.opened = self.maker(self._context())

    def _context(self) -> ChooserContext:
        now = self.host.now()
        return ChooserContext(self, now.view, now.legal, self.styles, self.trade_give)

    # -- what its options do (:class:`game.table.choosers.TableMoves`) --------------------------------------
    def do(self, action: Action) -> bool:
        return self.host.do(action)

    def arm(self, piece: Piece) -> None:
        self.opened = None
        self.host.ask(Hold(piece))

    def close_chooser(self) -> None:
        self.close()

    def open_chooser(self, maker: ChooserMaker) -> None:
        """One chooser leads to another (the taxes that bring nothing ask first, and go back)."""
        self.open(maker)

    def pick_give(self, give: tuple[TileType, ...]) -> None:
        """The first step of a trade: the two tiles given; the chooser asks which one to take."""
        self.trade_give = give
        self._open(choosers.trade)

    # -- events ---------------------------------------------------------------------------------------------
    def process_event(self, event: PartEvent) -> bool:
        if isinstance(event, Click) and isinstance(event.region.target, OptionButton):
            option = self.lay.option(event.region.target.name) if isinstance(self.lay, ChooserLayout) else None
            if option is not None and option.on_choose is not None:
                option.on_choose()
            return True
        if isinstance(event, Key) and event.key in DIGITS and self.host.now().mine:
            self._choose(DIGITS[event.key])
            return True
        return False

    def _choose(self, number: int) -> None:
        """1-9: the chooser's enabled options, in order."""
        chooser = self.current()
        options = [o for o in chooser.options if o.enabled and o.on_choose] if chooser is not None else []
        if number <= len(options):
            options[number - 1].on_choose()
