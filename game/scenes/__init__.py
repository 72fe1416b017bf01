"""The screens, and how they find each other by name without importing each other at load time.

Each hook names a factory that builds a :class:`game.ui.scene.Scene`; every factory takes ``ctx`` first::

    scene = scenes.create("title", ctx)

``"title"``, ``"settings"``, ``"rules"``, ``"about"``   the menus (``rules`` takes ``topic=``)
``"new_game"``       ``factory(ctx)``                   the game setup
``"play_again"``     ``factory(ctx, session=...)``      the setup filled in as ``session`` was seated
``"table"``          ``factory(ctx, session=...)``      the game table
``"continue_game"``  ``factory(ctx, path=Path)``        resume the autosave at ``path``
``"load_game"``      ``factory(ctx)``                   choose a saved game to load
``"game_over"``      ``factory(ctx, session=...)``      the final standings of a finished game

A screen's module is imported when its scene is first made, so the title menu starts without the table, the
bots, the tutorial, the review or the replay; :func:`warm_up` imports the rest afterwards, in the background.
Tests put a stand-in screen behind a hook with :func:`register` (or by patching :data:`_factories`).
"""

from __future__ import annotations

import contextlib
import importlib
import threading
from collections.abc import Callable
from typing import Any

from game.ui.scene import AppContext, Scene

SceneFactory = Callable[..., Scene]

#: hook -> (module, name of the factory in it); the module loads when the hook's factory is first asked for
HOOKS: dict[str, tuple[str, str]] = {
    "title": ("game.scenes.title", "TitleScene"),
    "settings": ("game.scenes.settings_scene", "SettingsScene"),
    "rules": ("game.scenes.rules_scene", "RulesScene"),
    "about": ("game.scenes.about", "AboutScene"),
    "new_game": ("game.scenes.setup", "new_game"),
    "play_again": ("game.scenes.setup", "play_again"),
    "table": ("game.scenes.table", "TableScene"),
    "continue_game": ("game.scenes.saves", "continue_game"),
    "load_game": ("game.scenes.saves", "LoadScene"),
    "game_over": ("game.scenes.game_over", "GameOverScene"),
}

#: what a game needs beyond the hooks' modules, warmed up after the title shows (each imports its own needs)
WARM_UP_MODULES = ("game.scenes.review", "game.scenes.replay", "game.scenes.tutorial", "game.tutorial.learner")

_factories: dict[str, SceneFactory] = {}  # the factories asked for so far, and the tests' stand-ins
_warming: threading.Thread | None = None  # the background warm-up, once started


def register(name: str, made: SceneFactory) -> SceneFactory:
    """Put ``made`` behind hook ``name`` (replacing the screen there: tests use it for stand-ins)."""
    _factories[name] = made
    return made


def available(name: str) -> bool:
    return name in _factories or name in HOOKS


def factory(name: str) -> SceneFactory:
    """The factory of hook ``name``, importing its module the first time (KeyError for an unknown hook)."""
    made = _factories.get(name)
    if made is None:
        module, attribute = HOOKS[name]
        wait_for_warm_up()  # one thread imports the screens at a time: their modules import each other
        made = _factories[name] = getattr(importlib.import_module(module), attribute)
    return made


def create(name: str, ctx: AppContext, **kwargs: Any) -> Scene:
    """Build the scene of hook ``name``."""
    return factory(name)(ctx, **kwargs)


def warm_up() -> None:
    """Import every screen's module, so that no screen pays for its imports when it is first entered."""
    for module in [module for module, _ in HOOKS.values()] + list(WARM_UP_MODULES):
        importlib.import_module(module)


def warm_up_in_background() -> None:
    """:func:`warm_up` on a thread of its own, once: the title menu's frames go on meanwhile. Safe: the modules
    only define things when imported (nothing touches the display)."""
    global _warming
    if _warming is None:
        _warming = threading.Thread(target=_warm_up_quietly, name="warm-up", daemon=True)
        _warming.start()


def _warm_up_quietly() -> None:
    # a module that fails to load fails again, with its reason, when its screen is entered
    with contextlib.suppress(Exception):
        warm_up()


def wait_for_warm_up() -> None:
    """Until the background warm-up is over (any import of a screen's module on the UI thread waits for it)."""
    if _warming is not None and _warming is not threading.current_thread():
        _warming.join()
