"""Tutorial on the title menu: a guided first game at the table (:mod:`game.tutorial`).

:func:`open_tutorial` starts it, or, when the player stopped in the middle last time, asks whether to go on
from that step or start again (a step at a masked ball goes on from the table's step that led to the ball). The
tutorial's game is autosaved like any other: an unfinished game of another kind is not replaced without asking,
while the tutorial's own game (the same game, further on or not as far) simply goes on from the step.
:func:`tutorial_table` builds the table with the guide; its menu's "Back to the guide" comes back here when the
player has moved since leaving the guide (:func:`back_to_the_guide`). A tutorial's game resumed with Continue
(its guide unfinished) offers the same in its menu (:func:`offer_the_guide`).
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _
from game.scenes.table import TableScene
from game.scenes.unfinished import keep_or_replace
from game.session import GameSession
from game.tutorial.guide import Guide
from game.tutorial.start import catch_up, resume_at, tutorial_session
from game.tutorial.steps import STEPS
from game.tutorial.table_guide import TableGuide
from game.ui import widgets
from game.ui.scene import AppContext


def tutorial_table(ctx: AppContext, step: int = 0, speed: str | None = None,
                   on_finish: Callable[[], None] | None = None, session: GameSession | None = None) -> TableScene:
    """The tutorial's game at the table, with the guide at ``step`` (the moves before it taken again, unless
    ``session`` already holds them)."""
    if session is None:
        session = tutorial_session(ctx.settings, speed)
        step = catch_up(session, step)
    table = TableScene(ctx, session)
    table.attach(TableGuide(table, Guide(session, start=step), on_finish,
                            on_back=lambda index: back_to_the_guide(ctx, index)))
    return table


def _start(ctx: AppContext, step: int) -> None:
    session = tutorial_session(ctx.settings)
    reached = catch_up(session, resume_at(step))

    def go() -> None:
        ctx.stack.push(tutorial_table(ctx, reached, session=session))

    keep_or_replace(ctx, go, incoming=session, same_game=True, on_cancel=session.close)


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


def back_to_the_guide(ctx: AppContext, step: int) -> None:
    """The table's "Back to the guide" after the player moved on their own: the tutorial's game taken again up to
    ``step`` (or the table's step before a ball), replacing the game played since the guide was left."""
    def go() -> None:
        ctx.stack.replace(tutorial_table(ctx, resume_at(step)))  # the table the menu was opened over

    ctx.stack.push(widgets.ChoiceDialog(
        ctx, _("Back to the guide"),
        _("The guide goes on at step {number} of {total}, in the tutorial's game as it was then: the moves made "
          "since you left it are taken back.").format(number=resume_at(step) + 1, total=len(STEPS)),
        [(_("Cancel"), "quiet", None), (_("Back to the guide"), None, go)]))


def offer_the_guide(ctx: AppContext, table: TableScene) -> None:
    """``table`` resumes the autosave: when that is the tutorial's own game and its guide was left unfinished,
    the table's menu offers Back to the guide (at the step where the player stopped, the game taken again)."""
    stopped = ctx.settings.tutorial_step
    if not 0 < stopped < len(STEPS) or not _is_the_tutorials(ctx, table.session):
        return
    guide = Guide(table.session, start=stopped)
    guide.leave()
    left = TableGuide(table, guide, on_back=lambda index: back_to_the_guide(ctx, index))
    left.strayed = True  # whatever was played since, the guide's game is taken again
    table.attach(left)


def _is_the_tutorials(ctx: AppContext, session: GameSession) -> bool:
    """``session`` is the tutorial's game: set up as it is, with the player at its seat."""
    tutorial = tutorial_session(ctx.settings)
    try:
        same = session.to_dict()["game"]["setup"] == tutorial.to_dict()["game"]["setup"]
        return same and [seat.kind for seat in session.seats] == [seat.kind for seat in tutorial.seats]
    finally:
        tutorial.close()
