"""The About screen: reached from the title menu, every page opens, every shipped licence is in it."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.persist.settings import Settings
from game.scenes import about_text
from game.scenes.about import AboutScene
from game.scenes.title import TitleScene
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.version import version

ROOT = Path(__file__).resolve().parents[2]
LICENSES = ROOT / "game" / "licenses"
PAGES = [s.id for s in about_text.sections()]


@pytest.fixture
def app():
    application = App(build_parser().parse_args(["--size", "1280x720"]), settings=Settings(), persist_settings=False)
    application.running = True
    yield application
    application.stack.clear()
    quit_pygame()


def test_the_title_menu_opens_about(app):
    title = TitleScene(app.ctx)
    app.stack.push(title)
    about = dict(title.buttons)["about"]
    title.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=about))
    assert isinstance(app.stack.top, AboutScene) and app.stack.top.topic_id == "about"
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert app.stack.top is title


def test_the_first_page_tells_the_version_and_the_credits():
    first = about_text.sections()[0].html
    assert f"Noblemen {version()}" in first and "Dwight Sullivan" in first and "MIT" in first


@pytest.mark.parametrize("page", PAGES)
def test_every_page_opens_and_scrolls(app, page):
    scene = AboutScene(app.ctx, page=page)
    app.stack.push(scene)
    app.step(1 / 60)
    assert scene.topic_id == page and scene.text_box is not None
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def test_links_lead_to_pages():
    ids = set(PAGES)
    for section in about_text.sections():
        for target in re.findall(r"<a href='([^']+)'>", section.html):
            assert target in ids, (section.id, target)


def test_every_licence_file_is_listed_and_every_listed_file_is_there():
    listed = set(about_text.text_files())
    present = {p.name for p in LICENSES.glob("*.txt")} - {about_text.OWN_LICENCE}
    assert listed == present


def test_the_game_ships_its_own_licence_word_for_word():
    assert (LICENSES / about_text.OWN_LICENCE).read_bytes() == (ROOT / "LICENSE").read_bytes()


def test_licence_text_is_escaped_and_reflowed():
    html = about_text.text_to_html("A <b> & c\nrunning on\n\n  1. one\n  2. two\n")
    assert "&lt;b&gt; &amp; c running on" in html
    assert "1. one<br>  2. two" in html


def test_built_with_speaks_the_language_chosen():
    """What each component does is in the catalogs, so the "Built with" page is German in German."""
    from game import i18n

    assert {row["What it does here"] for row in about_text.components()} <= set(about_text.PURPOSES)
    i18n.set_language("de")
    try:
        page = next(s for s in about_text.sections() if s.id == "built-with").html
    finally:
        i18n.set_language("en")
    assert "runs the game" not in page and "where settings and saves go" not in page
