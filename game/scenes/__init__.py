"""Scene factories: how scenes find each other without importing each other.

Other modules plug in by registering a factory under a hook name::

    from game import scenes

    def _new_game(ctx, **kw):
        return SetupScene(ctx)

    scenes.register("new_game", _new_game)

Hooks the title menu and the app use (all factories take ``ctx`` first and
return a :class:`game.ui.scene.Scene`):

``"new_game"``       ``factory(ctx)``                 the game setup / new table
``"continue_game"``  ``factory(ctx, path=Path)``      resume the autosave at ``path``
``"load_game"``      ``factory(ctx)``                 choose a saved game to load
``"autoplay"``       ``factory(ctx, options=ns)``     ``--autoplay``: bots play a game
``"self_test"``      ``factory(ctx, options=ns)``     ``--self-test``: scripted check, quits with a code
``"title"``, ``"settings"``, ``"rules"``   the built-in scenes (registered below)

Optional modules listed in :data:`PLUGIN_MODULES` are imported by
:func:`load_plugins` (the app calls it at start); each registers its hooks at
import time (or defines ``register_scenes(register)``).  A module that does
not exist yet is skipped silently; one that fails to import is reported
(stderr and :data:`plugin_errors`) and skipped.
"""

from __future__ import annotations

import importlib
import importlib.util
import traceback
from collections.abc import Callable
from typing import Any

from game.ui.scene import AppContext, Scene

SceneFactory = Callable[..., Scene]

#: optional modules that add scenes (the table engineer's and the save engineer's)
PLUGIN_MODULES: tuple[str, ...] = (
    "game.scenes.table",
    "game.scenes.setup",
    "game.scenes.saves",
    "game.scenes.game_over",
)

_factories: dict[str, SceneFactory] = {}
_plugins_loaded = False


def register(name: str, factory: SceneFactory) -> SceneFactory:
    """Register (or replace) the factory for hook ``name``.  Usable as a decorator via partial."""
    _factories[name] = factory
    return factory


def unregister(name: str) -> None:
    _factories.pop(name, None)


def factory(name: str) -> SceneFactory | None:
    """The factory registered for ``name``, or None."""
    load_plugins()
    return _factories.get(name)


def available(name: str) -> bool:
    return factory(name) is not None


def create(name: str, ctx: AppContext, **kwargs: Any) -> Scene | None:
    """Build the scene for hook ``name`` (None if nobody registered it)."""
    made = factory(name)
    return None if made is None else made(ctx, **kwargs)


def module_exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def table_available() -> bool:
    """Whether the table scene module (``game.scenes.table``) exists yet."""
    return module_exists("game.scenes.table")


#: module name -> error text, for plug-ins that exist but failed to import
plugin_errors: dict[str, str] = {}


def load_plugins(force: bool = False) -> list[str]:
    """Import the optional scene modules that exist; return the names imported.

    A plug-in that fails to import is reported on stderr and in
    :data:`plugin_errors` (its hooks stay missing, so the menu says so) instead
    of taking the whole application down.
    """
    global _plugins_loaded
    if _plugins_loaded and not force:
        return []
    _plugins_loaded = True
    loaded = []
    for module in PLUGIN_MODULES:
        if not module_exists(module):
            continue
        try:
            mod = importlib.import_module(module)
            hook = getattr(mod, "register_scenes", None)
            if callable(hook):
                hook(register)
        except Exception as exc:  # a broken plug-in must not break the title menu
            traceback.print_exc()
            plugin_errors[module] = f"{type(exc).__name__}: {exc}"
            continue
        loaded.append(module)
    return loaded


# -- built-in scenes ----------------------------------------------------------------
def _title(ctx: AppContext, **kwargs: Any) -> Scene:
    from game.scenes.title import TitleScene

    return TitleScene(ctx, **kwargs)


def _settings(ctx: AppContext, **kwargs: Any) -> Scene:
    from game.scenes.settings_scene import SettingsScene

    return SettingsScene(ctx, **kwargs)


def _rules(ctx: AppContext, **kwargs: Any) -> Scene:
    from game.scenes.rules_scene import RulesScene

    return RulesScene(ctx, **kwargs)


register("title", _title)
register("settings", _settings)
register("rules", _rules)
