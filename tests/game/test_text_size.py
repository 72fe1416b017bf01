"""The Text size setting (100/125/150 %, remembered; ``--text-scale`` for one run) and F11 / Alt+Enter."""

from __future__ import annotations

import pygame
import pytest

from game.persist.settings import Settings, load_settings
from game.scenes.settings_scene import SettingsScene
from game.scenes.title import TitleScene
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.ui import assets
from tests.game.test_title_rules_scenes import click, make_app


@pytest.fixture(autouse=True)
def _default_text_size():
    yield
    assets.set_text_scale(1.0)
    quit_pygame()


def test_the_setting_is_checked_and_remembered(_isolated_dirs):
    assert Settings().text_scale == 100
    settings, problems = Settings.from_dict({"text_scale": 500})
    assert settings.text_scale == 100 and problems
    assert Settings.from_dict({"text_scale": 125})[0].text_scale == 125


def test_text_size_chosen_in_settings_applies_at_once_and_is_saved(_isolated_dirs):
    application = make_app()
    application.persist_settings = True
    application.running = True
    application.stack.push(TitleScene(application.ctx))
    scene = SettingsScene(application.ctx)
    application.stack.push(scene)
    click(application, scene, dict(scene.choice_buttons["text"])[150])
    click(application, scene, scene.save_button)
    assert assets.text_scale() == 1.5
    assert load_settings()[0].text_scale == 150
    application.stack.clear()


def test_a_text_size_chosen_shows_at_once_and_back_without_saving_returns_to_the_one_before(_isolated_dirs):
    """As a language chosen is spoken at once (the size showed only once saved, the language at once)."""
    application = make_app()
    application.running = True
    application.stack.push(TitleScene(application.ctx))
    scene = SettingsScene(application.ctx)
    application.stack.push(scene)
    click(application, scene, dict(scene.choice_buttons["text"])[150])
    assert assets.text_scale() == 1.5 and scene.choice_buttons["text"]  # shown, the screen laid out in it
    scene.back()  # changed: it asks first
    dialog = application.stack.top
    click(application, dialog, dialog.yes_button)  # Discard
    assert scene not in application.stack
    assert assets.text_scale() == 1.0 and application.settings.text_scale == 100
    application.stack.clear()


def test_the_command_line_text_size_is_for_this_run_only(_isolated_dirs):
    application = make_app((1280, 720), "--text-scale", "125")
    application.persist_settings = True
    assert application.settings.text_scale == 125 and assets.text_scale() == 1.25
    application.save_settings()
    assert load_settings()[0].text_scale == 100


@pytest.mark.parametrize("bad", ["20", "900", "big"])
def test_the_command_line_refuses_a_text_size_out_of_range(bad):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--text-scale", bad])


def test_f11_and_alt_enter_toggle_fullscreen():
    application = App(build_parser().parse_args(["--size", "1280x720"]), settings=Settings(), persist_settings=False)
    application.running = True
    application.stack.push(TitleScene(application.ctx))
    application.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    assert application.settings.fullscreen
    application.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT,
                                                unicode="\r", scancode=0))
    assert not application.settings.fullscreen
    application.stack.clear()



@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize("text_scale", [100, 150, 200])
@pytest.mark.parametrize("size", ["960x600", "1280x720"])
def test_the_settings_title_ends_above_the_panel(size, text_scale, language, monkeypatch):
    """At 960x600 and 200 % the descender of "Settings" crossed the panel's top line."""
    from game.i18n import _
    from game.scenes import settings_scene
    from tests.game import fit_matrix

    case = fit_matrix.Case("settings", tuple(int(v) for v in size.split("x")), text_scale, language)
    with fit_matrix.opened(case) as app:
        scene = app.stack.top
        titles, inks = [], []
        real = settings_scene.widgets.gold_text
        monkeypatch.setattr(settings_scene.widgets, "gold_text", lambda content, *rest: (
            titles.append(real(content, *rest)) or titles[-1]) if content == _("Settings") else real(content, *rest))

        class Recording(pygame.Surface):
            def blit(self, source, dest, *args, **kwargs):
                spot = super().blit(source, dest, *args, **kwargs)
                if titles and source is titles[-1]:
                    inks.append(source.get_bounding_rect().move(spot.topleft))
                return spot

        scene.draw(Recording(app.ctx.window_size))
        panel = scene._layout().panel
        assert inks and inks[-1].bottom + 2 <= panel.top, (inks, panel)
