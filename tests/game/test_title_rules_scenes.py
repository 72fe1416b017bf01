"""Title, settings and rules scenes build and draw at many sizes; the app loop works headless."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import scenes
from game.persist.settings import Settings, load_settings
from game.scenes import rules_text
from game.scenes.rules_scene import RulesScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.title import TitleScene
from game.shell.app import App, build_parser, main
from game.shell.shutdown import quit_pygame
from game.ui import assets, layout, theme
from game.ui.scene import Scene

SIZES = [(960, 600), (1280, 720), (1920, 1080), (1000, 1600), (2560, 600), (1, 1), (700, 500)]
LAYOUT_SIZES = [(960, 600), (1280, 720), (1920, 1080), (3840, 2160), (1000, 1600), (2560, 600)]
REPO = Path(__file__).resolve().parents[2]


def make_app(size=(1280, 720), *args):
    options = build_parser().parse_args(["--size", f"{size[0]}x{size[1]}", *args])
    return App(options, settings=Settings(), persist_settings=False)


@pytest.fixture
def app():
    application = make_app()
    application.running = True
    yield application
    application.stack.clear()
    quit_pygame()


def frame(app, n=2):
    for _ in range(n):
        app.step(1 / 60)


def press(app, key, mod=0):
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def click(app, scene, button):
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


# -- layout -------------------------------------------------------------------------
@pytest.mark.parametrize("size", LAYOUT_SIZES + [(1, 1), (100000, 50)])
def test_table_layout_rects_inside_and_disjoint(size):
    lay = layout.table_layout(size)
    window = lay.window
    rects = lay.regions()
    for name, rect in rects.items():
        assert rect.width > 0 and rect.height > 0, name
        assert window.contains(rect), (name, rect, window)
    names = list(rects)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not rects[a].colliderect(rects[b]), (a, b, rects[a], rects[b])


@pytest.mark.parametrize("size", LAYOUT_SIZES)
def test_table_layout_proportions(size):
    lay = layout.table_layout(size)
    assert lay.estate.width > lay.board.width * 0.8
    assert lay.estate.height > lay.miniatures.height
    assert lay.track.width >= lay.window.width * 0.9
    assert lay.board.width >= 200 and lay.log.width >= 180


@pytest.mark.parametrize("size", LAYOUT_SIZES)
def test_menu_reference_form_layouts(size):
    w, h = layout.logical_size(size)
    window = pygame.Rect(0, 0, w, h)
    menu = layout.menu_layout(size, 6)
    assert all(window.contains(b) for b in menu.buttons)
    assert all(a.bottom <= b.top for a, b in zip(menu.buttons, menu.buttons[1:], strict=False))
    assert menu.buttons[0].top >= menu.heading.top and menu.buttons[-1].bottom <= menu.footer.top
    ref = layout.reference_layout(size)
    assert not ref.topics.colliderect(ref.text)
    assert window.contains(ref.text) and window.contains(ref.topics) and window.contains(ref.back)
    form = layout.form_layout(size, 6, 3)
    assert all(form.panel.contains(f) and form.panel.contains(lbl) for lbl, f in form.rows)
    assert all(window.contains(b) for b in form.buttons)


@pytest.mark.parametrize("size", LAYOUT_SIZES)
def test_the_title_menus_buttons_keep_room_for_their_labels_at_any_text_size(size, pygame_display):
    """The buttons' labels stop growing at 120% of the text size (their font is capped); at 150% and 200% (the
    command line's) the heading and the footer take more room, but not from the buttons. A button keeps at least
    90% of its label font's height: the face leaves room above and below its letters (seen at 1920x1080: 45 px
    buttons show labels of a 50 px font whole, 40 px ones cut their tops and tails)."""
    try:
        for text in (1.0, 1.5, 2.0):
            layout.set_text_scale(text)
            label_size = int(theme.theme_dict(size)["button"]["font"]["size"])
            font_h = pygame.font.Font(assets.font_path("heading"), label_size).get_height()  # (pygame restarts here)
            assert layout.menu_layout(size, 8).buttons[0].height >= 0.9 * font_h, text
    finally:
        layout.set_text_scale(1.0)


def test_the_title_credit_stays_clear_of_the_frames_corners(pygame_display):
    """Shrunk a little where it is too wide, folded where that is not enough: never wider than its room."""
    from game.scenes.title import TitleScene

    surface = pygame.Surface((960, 600))
    for width in (1200, 700, 300):
        area = TitleScene._draw_credit(surface, (480, 400), 34, width)
        assert 0 < area.width <= width and area.top == 400


def test_logical_size_clamps_garbage():
    assert layout.logical_size((1, 1)) == layout.MIN_SIZE
    assert layout.logical_size(None) == layout.MIN_SIZE
    assert layout.logical_size((99999, 99999)) == layout.MAX_SIZE


# -- rules text -----------------------------------------------------------------------
def test_required_topics_exist():
    required = {"overview", "setup", "turn", "action-expand", "action-build", "action-bribe", "action-taxes",
                "action-land", "action-church", "action-leisure", "knights", "regions", "cards", "trading",
                "queen", "ball", "scoring", "decade", "end", "rulings",
                "card-inheritance", "card-intrigue", "card-blackmail", "card-liaison", "card-secret-marriage",
                "card-dowry", "card-cunning-stroke", "card-tribute", "card-vicar", "card-whitehall"}
    assert required <= set(rules_text.TOPIC_IDS)
    assert len(set(rules_text.TOPIC_IDS)) == len(rules_text.TOPIC_IDS)


def test_every_link_and_alias_resolves():
    for topic in rules_text.TOPICS:
        for target in rules_text.links(topic):
            assert target in rules_text.TOPIC_IDS, (topic.id, target)
        html = rules_text.to_html(topic)
        assert "**" not in html and "](" not in html
    for alias, target in rules_text.ALIASES.items():
        assert target in rules_text.TOPIC_IDS, alias
    assert rules_text.resolve("B") == "action-build"
    assert rules_text.resolve("dowry") == "card-dowry"
    assert rules_text.resolve("no-such-topic") == "overview"


def test_every_ruling_of_rules_md_is_mentioned():
    text = rules_text.plain_text(rules_text.get("rulings")).lower()
    for phrase in ("unlimited", "one region per tile", "discount", "space 0", "automatic", "reaction"):
        assert phrase in text


@pytest.mark.parametrize("topic", rules_text.TOPIC_IDS)
def test_every_topic_opens_and_draws(app, topic):
    scene = RulesScene(app.ctx, topic=topic)
    app.stack.push(scene)
    frame(app, 1)
    assert scene.topic_id == topic
    assert scene.text_box is not None


# -- scenes at many sizes ---------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("factory", ["title", "rules", "settings"])
def test_scenes_build_and_draw_at_size(size, factory):
    application = make_app(size)
    application.running = True
    try:
        application.stack.push(TitleScene(application.ctx))
        if factory != "title":
            application.stack.push(scenes.create(factory, application.ctx))
        frame(application, 2)
        application.resize((1600, 900))
        frame(application, 1)
    finally:
        application.stack.clear()
        quit_pygame()


def test_resize_to_odd_sizes_never_crashes(app):
    app.stack.push(TitleScene(app.ctx))
    app.stack.push(RulesScene(app.ctx, topic="ball"))
    for size in [(1, 1), (20000, 300), (300, 20000), (960, 600), (4000, 2250)]:
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
        frame(app, 1)
    assert app.ctx.window_size[0] >= layout.MIN_SIZE[0]


# -- title --------------------------------------------------------------------------------
def test_title_continue_disabled_without_autosave(app):
    title = TitleScene(app.ctx)
    app.stack.push(title)
    buttons = dict(title.buttons)
    assert not buttons["continue"].is_enabled
    assert buttons["new"].is_enabled


def test_title_continue_enabled_with_autosave(app, _isolated_dirs):
    _, data = _isolated_dirs
    data.mkdir(parents=True)
    (data / "autosave.json").write_text("{}")
    title = TitleScene(app.ctx)
    app.stack.push(title)
    assert dict(title.buttons)["continue"].is_enabled


def test_new_game_hook_is_used(app, monkeypatch):
    made = []

    class Table(Scene):
        name = "table"

    def factory(ctx):
        made.append(ctx)
        return Table(ctx)

    monkeypatch.setitem(scenes._factories, "new_game", factory)
    title = TitleScene(app.ctx)
    app.stack.push(title)
    click(app, title, dict(title.buttons)["new"])
    assert made == [app.ctx] and app.stack.top.name == "table"


def test_failing_hook_is_reported(app, monkeypatch):
    def broken(ctx):
        raise RuntimeError("boom")

    monkeypatch.setitem(scenes._factories, "new_game", broken)
    title = TitleScene(app.ctx)
    app.stack.push(title)
    title.activate("new")
    assert app.stack.top is title and "boom" in title.toast.message


def test_title_keyboard_navigation_and_escape(app):
    title = TitleScene(app.ctx)
    app.stack.push(title)
    assert title.focused().key == "new"
    press(app, pygame.K_DOWN)
    assert title.focused().key == "tutorial"
    press(app, pygame.K_DOWN)  # Continue is disabled: skipped
    assert title.focused().key == "load"
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert title.focused().key == "new"
    press(app, pygame.K_UP)  # the arrows stop at the top
    assert title.focused().key == "new"
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # Tab goes round
    assert title.focused().key == "quit"
    press(app, pygame.K_TAB)
    for _ in range(3):
        press(app, pygame.K_DOWN)
    assert title.focused().key == "rules"
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    press(app, pygame.K_ESCAPE)  # asks first
    assert app.stack.top.name == "confirm" and app.running
    press(app, pygame.K_ESCAPE)  # "Stay"
    assert app.stack.top is title and app.running
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)  # "Leave"
    assert not app.running


def test_title_fills_and_focuses_continue_while_a_game_waits(app, monkeypatch):
    """One filled button, the one a player most likely wants, and the keys start on it: Enter resumes the game."""
    from game.scenes import title as title_module

    monkeypatch.setattr(title_module, "_can_continue", lambda: True)
    title = TitleScene(app.ctx)
    app.stack.push(title)
    filled = [key for key, _text, _action, style, _tip in title.entries if style is None]
    assert filled == ["continue"]
    assert title.focused().key == "continue"
    resumed = []
    monkeypatch.setattr(title, "continue_game", lambda: resumed.append(True))
    title.entries = title._entries()
    press(app, pygame.K_RETURN)
    assert resumed
    monkeypatch.setattr(title_module, "_can_continue", lambda: False)
    title.build_widgets()
    assert [key for key, _text, _action, style, _tip in title.entries if style is None] == ["new"]


def test_title_shows_settings_notice_once(app):
    app.ctx.notices.append("Your settings file was damaged, so the defaults are used again.")
    title = TitleScene(app.ctx)
    app.stack.push(title)
    assert title.toast.visible and "damaged" in title.toast.message
    assert app.ctx.notices == []


# -- F1 and the rules scene ---------------------------------------------------------------
def test_f1_opens_rules_once(app):
    title = TitleScene(app.ctx)
    app.stack.push(title)
    press(app, pygame.K_F1)
    assert isinstance(app.stack.top, RulesScene)
    depth = len(app.stack)
    press(app, pygame.K_F1)
    assert len(app.stack) == depth
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is title


def test_f1_uses_help_topic(app):
    class Table(Scene):
        name = "table"
        help_topic = "card-dowry"

    app.stack.push(Table(app.ctx))
    press(app, pygame.K_F1)
    assert app.stack.top.topic_id == "card-dowry"


def test_rules_navigation(app):
    rules = RulesScene(app.ctx, topic="card-dowry")
    app.stack.push(rules)
    press(app, pygame.K_DOWN)
    assert rules.topic_id == "card-cunning-stroke"
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert rules.topic_id == "card-secret-marriage"
    rules.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="queen",
                                          ui_element=rules.text_box))
    assert rules.topic_id == "queen"
    label = rules._id_to_label["scoring"]
    rules.handle_event(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, text=label,
                                          ui_element=rules.list))
    assert rules.topic_id == "scoring"
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_END)
    frame(app, 1)
    click(app, rules, rules.back_button)
    assert app.stack.empty


def test_rules_widgets_cleaned_up_on_pause_and_exit(app):
    ui = app.ui
    before = len(ui.get_sprite_group().sprites())
    rules = RulesScene(app.ctx)
    app.stack.push(rules)
    assert len(ui.get_sprite_group().sprites()) > before
    app.stack.push(TitleScene(app.ctx))
    app.stack.pop()
    app.stack.pop()
    frame(app, 1)
    assert len(ui.get_sprite_group().sprites()) <= before + 1


# -- settings scene -------------------------------------------------------------------------
def test_settings_scene_edits_and_saves(_isolated_dirs):
    application = make_app()
    application.persist_settings = True
    application.running = True
    try:
        scene = SettingsScene(application.ctx)
        application.stack.push(TitleScene(application.ctx))
        application.stack.push(scene)
        fast = dict(scene.choice_buttons["speed"])["fast"]
        click(application, scene, fast)
        off = dict(scene.choice_buttons["sound"])[False]
        click(application, scene, off)
        scene.entries[0].set_text("Elizabeth")
        assert scene.dirty
        click(application, scene, scene.save_button)
        assert isinstance(application.stack.top, TitleScene)
        saved, notice = load_settings()
        assert notice is None
        assert saved.animation_speed == "fast" and saved.sound is False
        assert saved.player_names[0] == "Elizabeth"
        assert application.ctx.settings.animation_speed == "fast"
    finally:
        application.stack.clear()
        quit_pygame()


def test_settings_back_discards_after_confirmation(app):
    scene = SettingsScene(app.ctx)
    app.stack.push(scene)
    click(app, scene, dict(scene.choice_buttons["speed"])["slow"])
    press(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "confirm"
    press(app, pygame.K_RETURN)  # the keys start on Keep editing
    assert app.stack.top is scene
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_y)  # Discard
    assert app.stack.empty
    assert app.ctx.settings.animation_speed == "normal"


def test_settings_rejects_empty_and_duplicate_names(app):
    scene = SettingsScene(app.ctx)
    app.stack.push(scene)
    scene.entries[1].set_text("   ")
    assert not scene.save()
    scene.entries[1].set_text("anne")
    assert not scene.save()
    assert app.stack.top is scene


def test_settings_restore_defaults(app):
    app.ctx.settings.animation_speed = "instant"
    scene = SettingsScene(app.ctx)
    app.stack.push(scene)
    scene.restore_defaults()
    assert scene.work.animation_speed == "normal"


# -- app / command line ------------------------------------------------------------------------
def test_screenshots_on_every_scene_change(tmp_path):
    shots = tmp_path / "shots"
    application = make_app((960, 600), "--screenshots", str(shots))
    application.running = True
    try:
        application.stack.push(TitleScene(application.ctx))
        frame(application, 1)
        press(application, pygame.K_F1)
        frame(application, 1)
        press(application, pygame.K_ESCAPE)
        frame(application, 1)
    finally:
        application.stack.clear()
        quit_pygame()
    assert sorted(p.name for p in shots.iterdir()) == ["001-title.png", "002-rules.png", "003-title.png"]


def test_main_runs_frames_in_process():
    assert main(["--frames", "3", "--size", "1000x640"]) == 0


def test_parser_rejects_bad_values():
    parser = build_parser()
    for bad in (["--size", "big"], ["--size", "0x5"], ["--seats", "9"], ["--speed", "warp"], ["--frames", "-1"]):
        with pytest.raises(SystemExit):
            parser.parse_args(bad)
    ns = parser.parse_args(["--size", "1600x900", "--seats", "4", "--speed", "fast", "--frames", "5"])
    assert ns.size == (1600, 900) and ns.seats == 4 and ns.speed == "fast" and ns.frames == 5


def test_python_m_game_frames_exits_0(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               NOBLEMEN_CONFIG_DIR=str(tmp_path / "c"), NOBLEMEN_DATA_DIR=str(tmp_path / "d"))
    result = subprocess.run([sys.executable, "-m", "game", "--frames", "5"], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_corrupt_settings_notice_reaches_title(_isolated_dirs):
    config, _ = _isolated_dirs
    config.mkdir(parents=True)
    (config / "settings.json").write_text("{oops")
    options = build_parser().parse_args(["--frames", "2"])
    application = App(options)
    try:
        assert application.ctx.notices
        application.stack.push(TitleScene(application.ctx))
        assert application.stack.top.toast.visible
    finally:
        application.stack.clear()
        quit_pygame()


def test_fullscreen_toggle_and_back(app):
    app.stack.push(TitleScene(app.ctx))
    app.settings.fullscreen = True
    app.ctx.apply_display_settings()
    frame(app, 1)
    app.settings.fullscreen = False
    app.ctx.apply_display_settings()
    frame(app, 1)
    assert app.ctx.window_size[0] >= layout.MIN_SIZE[0]


def test_window_size_remembered_on_exit(_isolated_dirs):
    application = make_app((1280, 720))
    application.persist_settings = True
    application.stack.push(TitleScene(application.ctx))
    application.settings.window_size = (1400, 800)
    application.running = False
    application.stack.clear()
    application._remember_window_size()
    quit_pygame()
    assert load_settings()[0].window_size == (1400, 800)


def test_cli_speed_is_not_saved(_isolated_dirs):
    application = make_app((1280, 720), "--speed", "instant")
    application.persist_settings = True
    try:
        assert application.settings.animation_speed == "instant"
        application.save_settings()
        assert load_settings()[0].animation_speed == "normal"
    finally:
        quit_pygame()
