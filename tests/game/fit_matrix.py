"""Every screen at every size, text size and language, measured: the fit matrix (tests/game/test_fit_matrix.py)
and the screens contact sheet (``tools/contact_sheet.py --screens``).

Each case sets a scene up in an app of its window size, pixel ratio, text size and language (:func:`opened`, as
a player who chose them in Settings would see it), and :func:`measure` draws one frame through the
:class:`~tests.game.text_fit.TextProbe` and lists what does not fit, with the smallest font drawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import attrs
import pygame

from game import i18n, scenes
from game.persist import saves, storage
from game.scenes.unfinished import keep_or_replace
from game.shell.app import App
from game.shell.shutdown import quit_pygame
from game.ui import assets, layout
from tests.game import gallery
from tests.game import test_table_support as support
from tests.game.test_ball_scene import make_session, play
from tests.game.text_fit import TextProbe

SIZES = [(960, 600), (1280, 720), (1920, 1080)]
TEXT_SCALES = [100, 125, 150]
LANGUAGES = ["en", "de", "it"]
#: the text floor (ISSUE: readable at every size): no font under MIN_TEXT logical pixels at 1280x720 and 100 %,
#: nor at any window size at 150 %
FLOOR_SIZE, FLOOR_SCALE = (1280, 720), 150

_UNFINISHED: list = []


def unfinished_game():
    """A game in its second decade, Anne at the screen: what the autosave holds while a game is played."""
    if not _UNFINISHED:
        _UNFINISHED.append(play(4, 5, lambda state, events: state.decade == 2)[0])
    return _UNFINISHED[0].copy()


def _replace_dialog(app: App):
    saves.write_save(storage.autosave_path(), make_session(unfinished_game(), humans=(0,)))
    app.stack.push(scenes.create("title", app.ctx))
    keep_or_replace(app.ctx, lambda: None)


def _quit_dialog(app: App):
    title = app.stack.push(scenes.create("title", app.ctx))
    title.confirm_quit()


def _rules_topic(topic: str):
    def setup(app: App):
        book = app.stack.push(scenes.create("rules", app.ctx))
        book.show_topic(topic)
        return book
    return setup


#: the scenes of the matrix: the gallery's, the About screen, the dialogs of the title, and the rules' longest topic
SCENES = {
    **gallery.GALLERY,
    "about": lambda app: app.stack.push(scenes.create("about", app.ctx)),
    "quit-dialog": _quit_dialog,
    "replace-dialog": _replace_dialog,
}
@attrs.frozen
class Case:
    scene: str
    size: tuple[int, int]
    text_scale: int
    language: str
    ratio: float = 1.0

    @property
    def label(self) -> str:
        ratio = f" x{self.ratio:g}" if self.ratio != 1 else ""
        return f"{self.scene} {self.size[0]}x{self.size[1]} {self.text_scale}% {self.language}{ratio}"


@attrs.define
class Measured:
    case: Case
    problems: list[str]
    smallest: float  # the smallest font drawn, in logical pixels
    screen: pygame.Surface

    def floor_problems(self) -> list[str]:
        """The text floor, where it applies to this case."""
        applies = self.case.text_scale >= FLOOR_SCALE or (
            self.case.size == FLOOR_SIZE and self.case.text_scale == 100)
        if applies and self.smallest < assets.MIN_TEXT - 0.01:
            return [f"text of {self.smallest:.1f} px (under {assets.MIN_TEXT})"]
        return []


def make_app(case: Case) -> App:
    """An app whose window is the case's size in logical units at its pixel ratio, text size and language."""
    from game.persist.settings import Settings
    from game.shell.app import build_parser

    settings = Settings()
    settings.text_scale = case.text_scale
    settings.language = case.language
    args = ["--size", f"{case.size[0]}x{case.size[1]}"]
    if case.ratio != 1:
        args += ["--pixel-ratio", f"{case.ratio:g}"]
    app = App(build_parser().parse_args(args), settings=settings, persist_settings=False)
    app.running = True
    return app


@contextmanager
def opened(case: Case) -> Iterator[App]:
    """An app showing the case's scene; closed (sessions stopped, pygame quit) afterwards."""
    app = make_app(case)
    try:
        SCENES[case.scene](app)
        support.frames(app, 3)
        yield app
    finally:
        for shown in app.stack:
            session = getattr(shown, "session", None)
            if session is not None:
                session.close()
        app.stack.clear()
        assets.set_text_scale(1.0)
        layout.set_pixel_ratio(1.0)
        i18n.set_language("en")
        quit_pygame()


def measure(app: App, case: Case) -> Measured:
    with TextProbe(app.window.get_size()) as probe:
        screen = probe.draw(app)
        probe.check(app.ui)
        smallest = min((size for _role, size in probe.sizes), default=float("inf"))
    return Measured(case, sorted(set(probe.problems + outside_panels(app))), smallest, screen)


def outside_panels(app: App) -> list[str]:
    """What a table (or a replay) lays out past the panel it belongs to (a court row pushed out of the board):
    the panel would cut it, or it would lie over its neighbour."""
    found = []
    for scene in app.stack:
        panels = getattr(getattr(scene, "frame", None), "panels", None) or {}
        for name, (pc, lay) in panels.items():
            for region in lay.regions:
                if region.rect.width and not pc.rect.inflate(2, 2).contains(region.rect):
                    found.append(f"{type(region.target).__name__} {tuple(region.rect)} out of the {name} panel "
                                 f"{tuple(pc.rect)}")
    return found


def run(scene: str, size: tuple[int, int], text_scales=TEXT_SCALES, languages=LANGUAGES,
        ratio: float = 1.0) -> Iterator[Measured]:
    """Every text size and language of ``scene`` at ``size``, measured."""
    for text_scale in text_scales:
        for language in languages:
            case = Case(scene, size, text_scale, language, ratio)
            with opened(case) as app:
                yield measure(app, case)
