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

Tests put a stand-in screen behind a hook with :func:`register` (or by patching :data:`_factories`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ui.scene import AppContext, Scene

SceneFactory = Callable[..., Scene]


_factories: dict[str, SceneFactory] = {}


def register(name: str, made: SceneFactory) -> SceneFactory:
    """Put ``made`` behind hook ``name`` (replacing the screen there: tests use it for stand-ins)."""
    _factories[name] = made
    return made


def available(name: str) -> bool:
    return name in _factories


def factory(name: str) -> SceneFactory:
    """The factory of hook ``name`` (KeyError for an unknown hook)."""
    return _factories[name]


def create(name: str, ctx: AppContext, **kwargs: Any) -> Scene:
    """Build the scene of hook ``name``."""
    return _factories[name](ctx, **kwargs)


# The menus load when first opened (start-up stays quick); the screens of a game load with this module.
def _title(ctx: AppContext, **kwargs: Any) -> Scene:
    from game.scenes.title import TitleScene

    return TitleScene(ctx, **kwargs)


def _settings(ctx: AppContext, **kwargs: Any) -> Scene:
    from game.scenes.settings_scene import SettingsScene

    return SettingsScene(ctx, **kwargs)


def _rules(ctx: AppContext, **kwargs: Any) -> Scene:
    from game.scenes.rules_scene import RulesScene

    return RulesScene(ctx, **kwargs)


def _about(ctx: AppContext, **kwargs: Any) -> Scene:
    from game.scenes.about import AboutScene

    return AboutScene(ctx, **kwargs)


def _register_screens() -> None:
    # imported here, not at the top: the screens import this module for create()
    from game.scenes import game_over, saves, setup, table

    _factories.update({
        "title": _title,
        "settings": _settings,
        "rules": _rules,
        "about": _about,
        "new_game": setup.new_game,
        "play_again": setup.play_again,
        "table": table.TableScene,
        "continue_game": saves.continue_game,
        "load_game": saves.LoadScene,
        "game_over": game_over.GameOverScene,
    })


_register_screens()
