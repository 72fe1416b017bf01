"""Tutorial on the title menu: a guided first game at the table (:mod:`game.tutorial`).

:func:`open_tutorial` starts it, or, when the player stopped in the middle last time, asks whether to go on
from that step or start again; either way an unfinished game in the autosave is not replaced without asking
(the tutorial's game is autosaved like any other). :func:`tutorial_table` builds the table with the guide.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _
from game.scenes.table import TableScene
from game.scenes.unfinished import keep_or_replace
from game.tutorial.guide import Guide
from game.tutorial.start import catch_up, tutorial_session
from game.tutorial.steps import STEPS
from game.tutorial.table_guide import TableGuide
from game.ui import widgets
from game.ui.scene import AppContext


def tutorial_table(ctx: AppContext, step: int = 0, speed: str | None = None,
                   on_finish: Callable[[], None] | None = None) -> TableScene:
    """The tutorial's game at the table, with the guide at ``step`` (the moves before it taken again)."""
    session = tutorial_session(ctx.settings, speed)
    reached = catch_up(session, step)
    table = TableScene(ctx, session)
    table.attach(TableGuide(table, Guide(session, start=reached), on_finish))
    return table


def _start(ctx: AppContext, step: int) -> None:
    def go() -> None:
        ctx.stack.push(tutorial_table(ctx, step))

    keep_or_replace(ctx, go)


def open_tutorial(ctx: AppContext) -> None:
    """The title menu's Tutorial: from the beginning, or from where the player stopped."""
    stopped = ctx.settings.tutorial_step
    if not 0 < stopped < len(STEPS):
        _start(ctx, 0)
        return
    ctx.stack.push(widgets.ChoiceDialog(
        ctx, _("The tutorial"),
        _("You stopped at step {number} of {total}. Go on from there, or begin again?").format(
            number=stopped + 1, total=len(STEPS)),
        [(_("Cancel"), "quiet", None), (_("Begin again"), "quiet", lambda: _start(ctx, 0)),
         (_("Go on"), None, lambda: _start(ctx, stopped))]))
