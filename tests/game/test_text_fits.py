"""German words are long: every scene, in every language, at 1280x720 and at the smallest window (960x600),
draws its texts inside their boxes (tests/game/text_fit.py says what is checked).

``NOBLEMEN_SHOTS=DIR pytest tests/game/test_text_fits.py`` also saves each screen as a PNG to look at.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game import i18n, scenes
from game.persist import saves
from game.scenes import rules_text
from game.scenes.curtain import CurtainScene
from game.scenes.decade import DecadeScene
from game.scenes.game_menu import GameMenu
from game.scenes.game_over import GameOverScene
from game.scenes.saves import SaveDialog
from game.scenes.scoring import ScoringScene
from game.scenes.unfinished import keep_or_replace
from rules.events import EventKind
from tests.game import test_table_support as support
from tests.game.test_ball_scene import make_session, play
from tests.game.text_fit import TextProbe, save_shot

SIZES = [(1280, 720), (960, 600)]
LANGUAGES = list(i18n.LANGUAGES)


def _at(kind: EventKind, seed: int = 3):
    return play(4, seed, lambda s, ev: any(e.kind == kind for e in ev))


def _session(state, humans=(0,)):
    return make_session(state.copy(), humans=humans, speed="instant")


def _scenes() -> dict[str, Callable]:
    scoring_state, scoring_events = _at(EventKind.BUILDING_SCORED)
    decade_state, _ = _at(EventKind.DECADE_STARTED)
    middle, _ = _at(EventKind.BALL_STARTED)
    over_state, _ = play(4, 3)

    def push(ctx, scene):
        ctx.stack.push(scene)

    def replace_dialog(ctx):
        from game.persist import storage

        saves.write_save(storage.autosave_path(), _session(middle))
        keep_or_replace(ctx, lambda: None)

    return {
        "title": lambda ctx: push(ctx, scenes.create("title", ctx)),
        "quit-dialog": lambda ctx: (push(ctx, scenes.create("title", ctx)), ctx.stack.top.confirm_quit()),
        "settings": lambda ctx: push(ctx, scenes.create("settings", ctx)),
        "about": lambda ctx: push(ctx, scenes.create("about", ctx)),
        "setup": lambda ctx: push(ctx, scenes.create("new_game", ctx)),
        "load": lambda ctx: push(ctx, scenes.create("load_game", ctx)),
        "save-dialog": lambda ctx: push(ctx, SaveDialog(ctx, _session(middle))),
        "replace-dialog": replace_dialog,
        "game-menu": lambda ctx: push(ctx, GameMenu(ctx, _session(middle), on_leave=lambda: None)),
        "curtain": lambda ctx: push(ctx, CurtainScene(ctx, _session(middle, humans=(0, 1)), 1)),
        "decade": lambda ctx: push(ctx, DecadeScene(ctx, _session(decade_state))),
        "scoring": lambda ctx: push(ctx, ScoringScene(ctx, _session(scoring_state), list(scoring_events))),
        "game-over": lambda ctx: push(ctx, GameOverScene(ctx, _session(over_state))),
    }


SCENES = _scenes()
FINISHED = play(4, 5)[0]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized_app(request):
    app = support.make_app(request.param)
    saves.save_named(make_session(FINISHED.copy()), "Before the second ball, third decade")
    yield app
    app.stack.clear()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(SCENES))
def test_every_text_fits_its_box(sized_app, name, lang):
    i18n.set_language(lang)
    app = sized_app
    with TextProbe(app.window.get_size()) as probe:
        SCENES[name](app.ctx)
        support.frames(app, 40)  # the interludes reveal their parts (instant speed)
        probe.buttons(app.ui)
        save_shot(app.window, f"{name}-{lang}-{app.window.get_width()}")
    assert probe.problems == [], name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_topic_of_the_rules_fits(sized_app, lang):
    i18n.set_language(lang)
    app = sized_app
    with TextProbe(app.window.get_size()) as probe:
        book = app.stack.push(scenes.create("rules", app.ctx))
        for topic in rules_text.TOPIC_IDS:
            book.show_topic(topic)
            support.frames(app, 1)
            probe.buttons(app.ui)
            save_shot(app.window, f"rules-{topic}-{lang}-{app.window.get_width()}")
    assert probe.problems == []
