"""The guide at the table: an overlay (:class:`game.table.overlay.Overlay`) that attaches to the table from
above and steers it through the tutorial's steps (:class:`game.tutorial.guide_card.GuideCard`).

Its card keeps clear of the step's targets, of what the step talks about, of the chooser it uses and of the
estate's tiles. When the table shows a masked ball, the guide goes with it (:meth:`TableGuide.at_ball`). Once
the player has left the guide, the table's menu offers "Back to the guide" while the guided game is unfinished:
the guide takes up its step again, or, if the player has moved since, the tutorial's game is taken again up to
that step (``on_back``, given by the screen that built the table). The settings remember the step the player is
at (``tutorial_step``), so the title menu can take them back there.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from game.i18n import _
from game.persist.storage import StorageError
from game.table.ball_frame import BallFrame, BallSight
from game.table.layout import TableFrame
from game.table.overlay import MenuEntry, Overlay, TableSight, shows
from game.table.targets import Region
from game.tutorial.ball_guide import BallGuide
from game.tutorial.guide import Guide
from game.tutorial.guide_card import GuideCard
from game.tutorial.overlay import CardLayout, button_labels, layout_card
from game.tutorial.steps import At
from game.tutorial.targets import regions_for, regions_shown
from rules import Action


class TableGuide(GuideCard[TableFrame]):
    """One guide over one table: where it points, its card, its buttons."""

    here = At.TABLE

    def __init__(self, table: TableSight, guide: Guide, on_finish: Callable[[], None] | None = None,
                 on_back: Callable[[int], None] | None = None) -> None:
        super().__init__(table.ctx, guide)
        self.table = table
        self.on_finish = on_finish
        self.on_back = on_back
        self.strayed = False  # the player moved after leaving the guide
        guide.on_step = self._remember
        self._remember(guide.index)

    def _remember(self, index: int) -> None:
        """The settings keep the step the player is at (from the beginning again once the guide is done)."""
        ctx = self.ctx
        if not ctx.autoplay:  # a scripted run leaves the player's place alone
            ctx.settings.tutorial_step = index if index < len(self.guide.steps) else 0
            with contextlib.suppress(StorageError):
                ctx.save_settings()
        if index >= len(self.guide.steps) and self.on_finish is not None:
            self.on_finish()

    # -- the card over the table ----------------------------------------------------------------------------
    @property
    def on_top(self) -> bool:
        return self.table.is_top

    @property
    def waiting(self) -> bool:
        """The step waits for the player at the table, once the interludes the last moves brought are shown."""
        return super().waiting and not self.table.interlude_waiting

    def act(self, action: Action) -> bool:
        return self.table.do(action)

    def say(self, message: str) -> None:
        self.table.notice(message, 3.0)

    def targets(self) -> list[Region]:
        guide, step = self.guide, self.guide.step
        if step is None or not self.waiting or not self.table.is_top:
            return []
        if step.explains:
            return regions_shown(self.table, step.show)
        found: dict[str, Region] = {}
        for action in guide.choices():
            for region in regions_for(self.table, action):
                found.setdefault(region.key, region)
        return list(found.values())

    def layout(self, targets: list[Region]) -> CardLayout | None:
        guide = self.guide
        step = guide.step
        if step is None:
            return None
        frame = self.table.ensure_frame()
        title, text = guide.words()
        waiting = self.waiting
        if not waiting:
            text = _("The other players take their turns; the guide waits for yours.")
        counter = _("Step {number} of {total}").format(number=guide.index + 1, total=len(guide.steps))
        avoid = [r.rect for r in targets] + [r.rect for r in frame.regions
                                             if r.key == "estate:prompt" or shows(r.key, set(step.about))]
        keep_free = [r.rect for r in targets]
        if frame.chooser is not None:
            avoid.append(frame.chooser.card)
            # its buttons are the player's next press, also while the card only explains; the start tiles' rows
            # (each kind's picture and name beside its - and +) are what the press chooses
            keep_free += [rect for rect, _option in frame.chooser.buttons]
            keep_free += [row for _kind, row, _minus, _plus in frame.chooser.steppers]
        low_x, low_y, high_x, high_y = frame.geo.bounds  # the estate's tiles
        avoid.append(frame.geo.cell_rect((low_x, low_y)).union(frame.geo.cell_rect((high_x, high_y))))
        rects = frame.rects
        labels = button_labels(step.explains, waiting)
        areas = [rects.estate, rects.log, rects.board, rects.screen, rects.miniatures]
        word = _(guide.word) if guide.word else ""
        return layout_card((title, text, word, counter), labels, areas, avoid, rects.window, rects.scale, self.kept,
                           targets=tuple(keep_free))

    # -- the table's hook -------------------------------------------------------------------------------------
    def done(self, action: Action) -> None:
        if self.guide.left:
            self.strayed = True
        super().done(action)

    def at_ball(self, ball: BallSight) -> Overlay[BallFrame] | None:
        """The guide goes with the game to a masked ball (and still hears the player's moves there once left)."""
        return BallGuide(ball, self.guide, self.done) if not self.guide.finished else None

    def menu_entries(self) -> list[MenuEntry]:
        guide = self.guide
        if not guide.left or guide.finished or self.table.now().view.state.over:
            return []
        if self.strayed and self.on_back is None:
            return []
        return [(_("Back to the guide"), _("The guide takes you back to the step where you left it."), self.back)]

    def back(self) -> None:
        """Back to the guide: at its step again, or in the tutorial's game taken again up to that step if the
        player has moved since leaving it."""
        if not self.strayed:
            self.guide.rejoin()
            self.say(_("The guide is back."))
        elif self.on_back is not None:
            self.on_back(self.guide.index)


def guide_at(table: TableSight) -> TableGuide | None:
    """The guide attached to ``table``, if one is."""
    return next((o for o in table.overlays if isinstance(o, TableGuide)), None)
