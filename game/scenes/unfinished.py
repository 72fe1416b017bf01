"""Never drop an unfinished game without asking.

The autosave holds the game in progress. A new game, a loaded save, Play again or a save opened from the
command line would replace it, so :func:`keep_or_replace` asks first, unless nothing would be lost (no
autosave, a finished game, a game of computer players only, which is never autosaved, or a game that
goes on from the autosave's)::

    Replace your unfinished game?
    Your game with Anne, Robert and Mary (decade 2, round 5) will be replaced.
    Save it first to find it under Load.
    [ Replace it ]  [ Cancel ]  [ Save it first ]

"Save it first" opens the Save dialog for that game with a free name suggested; once it is saved the
new game starts, and cancelling the Save dialog changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.i18n import N_, _, and_list
from game.persist import saves, storage
from game.scenes.saves import SaveDialog, default_save_name
from game.session import GameSession
from game.ui import widgets
from game.ui.scene import AppContext

TITLE = N_("Replace your unfinished game?")


def unfinished(incoming: GameSession | None = None, *, same_game: bool = False) -> Path | None:
    """The file of the unfinished game that starting ``incoming`` (None: a game not yet set up) would
    replace: the autosave, or its backup when the autosave is damaged (Continue offers it then). With
    ``same_game``, ``incoming`` is a game taken again from its start (the tutorial's): the autosave is no other
    game when it is that game, whether further on or not as far."""
    if incoming is not None and not incoming.human_seats():
        return None  # the table does not autosave a game of computer players
    path = storage.autosave_path()
    info = saves.autosave_info(path)
    if info is not None and info.error is not None:
        path = saves.backup_path(path)
        info = saves.autosave_info(path)
    if info is None or info.error is not None or (info.summary is not None and info.summary.over):
        return None
    if incoming is not None and _goes_on_from(path, incoming, either_way=same_game):
        return None
    return path


def _goes_on_from(path: Path, incoming: GameSession, *, either_way: bool = False) -> bool:
    """``incoming`` holds every move of the game in ``path`` (the same game, as far or further on); with
    ``either_way`` also when the game in ``path`` holds every move of ``incoming`` (the same game, further on)."""
    try:
        record = saves.parse(saves.read_bytes(path))["session"]["game"]
        setup, actions = record["setup"], record["actions"]
    except (saves.SaveLoadError, KeyError, TypeError):
        return False
    mine = incoming.to_dict()["game"]
    if setup != mine["setup"] or not isinstance(actions, list):
        return False
    ours = mine["actions"]
    return ours[:len(actions)] == actions or (either_way and actions[:len(ours)] == ours)


def keep_or_replace(ctx: AppContext, go: Callable[[], None], *, incoming: GameSession | None = None,
                    same_game: bool = False, on_cancel: Callable[[], None] | None = None) -> None:
    """Run ``go`` (which starts a game the table will autosave) now, or once the player has chosen (``same_game``:
    see :func:`unfinished`)."""
    path = unfinished(incoming, same_game=same_game)
    if path is None:
        go()
        return
    summary = saves.read_info(path).summary
    game = _("Your unfinished game") if summary is None else \
        _("Your game with {players} ({where})").format(
            players=and_list([widgets.numbered_name(name) for name in summary.players]), where=summary.where)
    ctx.stack.push(widgets.ChoiceDialog(
        ctx, _(TITLE), _("{game} will be replaced. Save it first to find it under Load.").format(game=game),
        [(_("Replace it"), "danger", go), (_("Cancel"), "quiet", on_cancel),
         (_("Save it first"), None, lambda: save_first(ctx, path, go, on_cancel))],
        default=-1, cancel=1))


def save_first(ctx: AppContext, path: Path, go: Callable[[], None],
               on_cancel: Callable[[], None] | None = None) -> None:
    """The Save dialog for the game in ``path``; ``go`` once it is saved, ``on_cancel`` if it is not."""
    try:
        loaded = saves.load_file(path)
    except saves.SaveLoadError as exc:
        ctx.stack.push(widgets.MessageDialog(ctx, _("The game cannot be saved"), exc.message, on_close=on_cancel))
        return
    session = loaded.session

    def closed(then: Callable[[], None] | None) -> Callable[[], None]:
        def run() -> None:
            session.close()
            if then is not None:
                then()
        return run

    dialog = SaveDialog(ctx, session, then=closed(go), on_cancel=closed(on_cancel))
    dialog.text = saves.free_name(default_save_name(session))
    ctx.stack.push(dialog)
