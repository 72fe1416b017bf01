"""The application: window, main loop, command line.

``main(argv)`` parses the command line (:mod:`game.shell.cli`), builds an :class:`App` and runs it;
``noblemen FILE`` opens that save at the table over the title menu.
The loop, each frame: pygame-gui ``process_events`` first, then (if the UI
did not consume it) the scene stack; ``update``; draw the scenes, then the UI,
then the top scene's ``draw_overlay``.
F1 opens the rules reference from anywhere (at the top scene's
``help_topic`` when it has one). A game controller's buttons become the keys they
stand for (:mod:`game.ui.controller`); the top scene's focus ring is drawn last,
while the player steers by keys (:mod:`game.ui.focus`).  ``--screenshots DIR`` saves a PNG each time
the top scene changes; ``--frames N`` quits after N frames. The window and its pixel ratio are
:mod:`game.shell.display`'s.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

import attrs
import pygame
import pygame_gui

from game import i18n, scenes
from game.persist import storage
from game.persist.settings import Settings, load_settings, save_settings
from game.shell import cli
from game.shell.cli import build_parser  # noqa: F401 - the options an App takes, for tests and the bench
from game.shell.display import Display, NoDisplayError, prepare
from game.shell.shutdown import quit_pygame
from game.ui import assets, controller, focus, layout, sound, theme
from game.ui.scene import AppContext, Scene, SceneStack

FPS = 60
#: seconds after the last resize before the new window size is written to the settings
RESIZE_SAVE_DELAY = 1.0
MIN_SIZE = layout.MIN_SIZE
TITLE = "Noblemen"


#: drivers that draw nowhere: SDL falls back to them when it finds no display, and then nobody sees the game
_INVISIBLE_DRIVERS = ("offscreen", "dummy")


def _check_display() -> None:
    """Raise NoDisplayError unless the window will be seen (or drawing nowhere was asked for: the tests)."""
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise NoDisplayError(str(exc)) from None
    driver = pygame.display.get_driver()
    if driver in _INVISIBLE_DRIVERS and os.environ.get("SDL_VIDEODRIVER", "").lower() != driver:
        raise NoDisplayError(f"only the {driver} video driver could be started")


def _fresh_caches() -> None:
    """Fonts opened before an earlier ``pygame.quit()`` are dead: forget them, and the texts and parchment drawn
    then. The art drawn from SVG lives on (a surface outlives the quit, and its key holds all it depends on)."""
    from game.ui import assets, draw, widgets

    assets.forget_fonts()
    draw._text.cache_clear()
    draw._fit_text.cache_clear()
    widgets._gold_text.cache_clear()
    widgets.parchment.cache_clear()
    widgets._panel_shadow.cache_clear()
    widgets._corner_image.cache_clear()


# -- the app -----------------------------------------------------------------------------
class App:
    """Owns the window, the UI manager, the scene stack and the loop."""

    _size_save_in: float | None = None  # seconds until the resized window size is saved (debounced)
    #: the level of the computer players of ``--autoplay`` (None: autoplay's own; the self-test and tests pick a
    #: faster one)
    autoplay_bot: str | None = None
    #: called at the start of every frame (``--tutorial --autoplay``: the scripted learner posts its input)
    driver: Callable[[], None] | None = None
    #: False: a frame counts as 1/FPS s without waiting for it (the self-test's game: the same frames, as fast as
    #: they are drawn)
    paced: bool = True

    def __init__(self, options: argparse.Namespace, settings: Settings | None = None,
                 notice: str | None = None, persist_settings: bool = True) -> None:
        self.options = options
        self.persist_settings = persist_settings
        if settings is None:
            settings, notice = load_settings()
        self._stored_speed = settings.animation_speed  # --speed and --text-scale are for this run only
        self._stored_text_scale = settings.text_scale
        if options.speed:
            settings.animation_speed = options.speed
        if getattr(options, "text_scale", None):
            settings.text_scale = options.text_scale
        assets.set_text_scale(settings.text_scale / 100)
        self.settings = settings
        spoken_notice = i18n.set_language(self.spoken_language())
        self._initial_window_size = settings.window_size
        self.running = False
        self.exit_code = 0
        self.frame = 0
        self.shot_count = 0
        self._shot_pending: str | None = None
        sound.pre_init()  # a low-latency mixer; without an audio device the game is simply silent
        prepare()
        pygame.init()
        _check_display()
        _fresh_caches()
        pygame.display.set_caption(TITLE)
        self._set_icon()
        fullscreen = settings.fullscreen if options.fullscreen is None else options.fullscreen
        requested = options.size or settings.window_size
        self.display = Display(forced_ratio=getattr(options, "pixel_ratio", None))
        self.window = self.display.open(requested, fullscreen)
        self.window_size = self.window.get_size()
        self.clock = pygame.time.Clock()
        self.ui = theme.create_manager(self._ui_size())
        self.ui.focused_rects = self._focused_rects  # a tooltip leaves the focused control uncovered
        self.stack = SceneStack()
        self.stack.on_change = self._top_changed
        self.ctx = AppContext(ui=self.ui, settings=settings, stack=self.stack, quit=self.quit,
                              window_size=layout.logical_size(self.window_size), options=options,
                              save_settings=self.save_settings, autoplay=bool(options.autoplay),
                              open_rules=self.open_rules, apply_display_settings=self.apply_display_settings,
                              apply_text_scale=self.apply_text_scale, apply_language=self.apply_language,
                              screenshot=self.request_screenshot)
        self.sound = sound.board(self.ctx)
        self.controllers = controller.Controllers()  # listening from the first frame on (run)
        if notice:
            self.ctx.notices.append(notice)
            self._repair_settings_file()
        if spoken_notice:
            self.ctx.notices.append(spoken_notice)
        if options.screenshots:
            options.screenshots.mkdir(parents=True, exist_ok=True)

    def _repair_settings_file(self) -> None:
        """Write the settings loaded (the bad fields at their defaults) over a damaged file, so the notice is
        shown once; a file that cannot be replaced (a folder in its place) only means it is shown again."""
        try:
            self.save_settings()
        except storage.StorageError as exc:
            print(f"noblemen: {exc}", file=sys.stderr)

    # -- window ---------------------------------------------------------------
    def _set_icon(self) -> None:
        from game.ui import assets

        icon = assets.asset_root() / "art" / "app-icon.png"
        if icon.exists():
            with contextlib.suppress(pygame.error, OSError):
                pygame.display.set_icon(pygame.image.load(str(icon)))

    def _ui_size(self) -> tuple[int, int]:
        """pygame-gui works in the logical (clamped) size; small windows just clip."""
        return layout.logical_size(self.window_size)

    def resize(self, size: tuple[int, int], *, again: bool = False) -> None:
        """The window is now ``size`` pixels: tell the UI manager and every scene (``again``: lay out anew even at
        the same size, e.g. after the pixel ratio changed)."""
        surface = self.display.current()
        if surface is not None:
            self.window = surface
            size = surface.get_size()
        if tuple(size) == tuple(self.window_size) and not again:
            return
        self.window_size = tuple(size)
        logical = self._ui_size()
        self.ctx.window_size = logical
        self.ui.set_window_resolution(logical)
        self.ui.mouse_pos_scale_factor = list(self.display.pointer_scale())
        theme.apply_scale(self.ui, logical)
        ratio = layout.pixel_ratio()
        units = (round(size[0] / ratio), round(size[1] / ratio))  # the settings keep the size in logical units
        if not self.settings.fullscreen and units[0] >= MIN_SIZE[0] and units[1] >= MIN_SIZE[1]:
            with contextlib.suppress(TypeError, ValueError):
                self.settings.window_size = units
                self._size_save_in = RESIZE_SAVE_DELAY
        self.stack.on_resize(logical)

    def toggle_fullscreen(self) -> None:
        """F11 or Alt+Enter: fullscreen or a window, remembered like the setting."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_display_settings()
        with contextlib.suppress(storage.StorageError):  # the display still changes for this session
            self.save_settings()

    def apply_text_scale(self, scale: float | None = None) -> None:
        """The text size setting changed (or ``scale``, one shown before it is saved): every scene lays its text
        out again."""
        assets.set_text_scale(self.settings.text_scale / 100 if scale is None else scale)
        self.ui.noblemen_scale = None  # re-theme the widgets' fonts too
        self.resize(self.window.get_size(), again=True)

    def apply_display_settings(self) -> None:
        """Re-open the window after the fullscreen setting changed."""
        size = self.settings.window_size
        self.window = self.display.open(size, self.settings.fullscreen)
        self.resize(self.window.get_size(), again=True)

    def spoken_language(self) -> str:
        """``--lang`` for this run, else the language chosen in Settings, else the system's (English if the game
        does not speak it)."""
        return getattr(self.options, "lang", None) or self.settings.language or i18n.system_language()

    def apply_language(self) -> None:
        """Speak the settings' language from now on: every scene re-renders its texts, widgets rebuilt."""
        notice = i18n.set_language(self.settings.language or i18n.system_language())
        if notice:
            self.ctx.notices.append(notice)
        self.stack.on_language()

    def save_settings(self) -> None:
        """Persist the settings (a --speed given on the command line is not made permanent)."""
        if not self.persist_settings:
            return
        to_save = self.settings
        if self.options.speed and self.settings.animation_speed == self.options.speed:
            to_save = attrs.evolve(to_save, animation_speed=self._stored_speed)
        if getattr(self.options, "text_scale", None) and self.settings.text_scale == self.options.text_scale:
            to_save = attrs.evolve(to_save, text_scale=self._stored_text_scale)
        save_settings(to_save)

    # -- scenes -------------------------------------------------------------
    def _top_changed(self, top: Scene | None) -> None:
        if self.options.screenshots and top is not None:
            self._shot_pending = top.name

    def request_screenshot(self, name: str) -> None:
        """Keep this frame as ``NNN-name.png`` (with ``--screenshots``)."""
        if self.options.screenshots:
            self._shot_pending = name

    def _take_screenshot(self) -> None:
        if self._shot_pending is None or not self.options.screenshots:
            return
        if self.stack.top is not None and not self.stack.top.settled:
            return  # the new scene is being prepared: the shot waits for it
        name = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in self._shot_pending)
        self.shot_count += 1
        path = Path(self.options.screenshots) / f"{self.shot_count:03d}-{name}.png"
        try:
            storage.check_target(path)  # a pipe there would block the game
            pygame.image.save(self.window, str(path))
        except (pygame.error, OSError) as exc:
            print(f"noblemen: could not save screenshot {path}: {exc}", file=sys.stderr)
        self._shot_pending = None

    def open_rules(self, topic: str | None = None) -> None:
        """Push the rules reference (unless it is already on top)."""
        scenes.wait_for_warm_up()
        from game.scenes.rules_scene import RulesScene

        top = self.stack.top
        if isinstance(top, RulesScene):
            if topic:
                top.show_topic(topic)
            return
        if topic is None and top is not None:
            topic = top.help_topic
        self.stack.push(RulesScene(self.ctx, topic=topic))

    def first_scene(self) -> Scene:
        """The scene to start with: the title menu, or with ``--autoplay`` a game of computer players.

        (``--self-test`` never gets here: ``game.__main__`` runs it before pygame starts.)
        """
        # imported here: the title menu starts without the table, the bots and the tutorial
        if getattr(self.options, "tutorial", False):
            from game.shell import tutorial_run

            return tutorial_run.tutorial_scene(self)
        if self.options.autoplay and getattr(self.options, "keyboard", False):
            from game.shell import keyboard_player

            return keyboard_player.keyboard_scene(self, self.options, self.autoplay_bot or "normal")
        if self.options.autoplay:
            from game.shell import autoplay

            return autoplay.autoplay_scene(self.ctx, self.options, bot=self.autoplay_bot or autoplay.AUTOPLAY_BOT)
        return scenes.create("title", self.ctx)

    # -- loop -----------------------------------------------------------------
    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in controller.CONTROLLER_EVENTS:
            for press in self.controllers.handle(event):
                self.handle_event(press)
            return
        mode = self.ctx.input
        mode.heard(event)
        self.ui.pointer_shown = mode.pointer
        self._dispatch(event)
        mode.pressed(event)

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit(self.exit_code)
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
            return
        if event.type == pygame.WINDOWDISPLAYCHANGED:  # another monitor, maybe another scale: lay out again
            if self.display.follow_monitor():
                self.ui.noblemen_scale = None
                self.resize(self.display.pixel_size(), again=True)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F11 or (
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT)):
            self.toggle_fullscreen()
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.sound.play("click")
        if self.ui.process_events(event):  # pygame-gui maps points to pixels itself (mouse_pos_scale_factor)
            return
        self.stack.handle_event(self.display.to_pixels(event))

    def step(self, dt: float) -> None:
        """One frame: events, update, draw."""
        if self.driver is not None:
            self.driver()
        for event in [*pygame.event.get(), *self.controllers.update(dt)]:
            self.handle_event(event)
            if not self.running:
                break
        if self.stack.empty:
            self.running = False
            return
        if self._size_save_in is not None:
            self._size_save_in -= dt
            if self._size_save_in <= 0:
                self._size_save_in = None
                self._remember_window_size()
        self.ui.update(dt)
        if self.stack.top is not None:
            self.stack.top.ring.rested += dt
        self.stack.update(dt)
        self.sound.update()
        self._sync_ui()
        surface = self.display.current() or self.window
        self.window = surface
        self.stack.draw(surface)
        self.ui.draw_ui(surface)
        self.stack.draw_overlay(surface)
        top = self.stack.top
        if self.ctx.input.keys and top is not None and top.settled:  # (a scene prepared on entry shows another's)
            focus.draw_focus(surface, top, layout.scale_for(self.ctx.window_size))
        self.display.flip()
        self._take_screenshot()

    def _focused_rects(self) -> list[pygame.Rect]:
        """Where the focused control of the top scene is, while the keys show it."""
        top = self.stack.top
        here = top.focused() if self.ctx.input.keys and top is not None and top.settled else None
        return [pygame.Rect(here.rect)] if here is not None else []

    def _sync_ui(self) -> None:
        """Widgets killed or created by the scenes since ``ui.update`` show in THIS frame.

        pygame-gui rebuilds its list of visible sprites only in ``update``; a scene that closes (or opens)
        during ``stack.update`` would otherwise leave its dead buttons drawn over the next scene for one
        frame (and the screenshot taken at a scene change would show them).
        """
        group = self.ui.get_sprite_group()
        if getattr(group, "should_update_visibility", False):
            group.should_update_visibility = False
            group.update_visibility()

    def open_save(self, path: Path) -> None:
        """``noblemen FILE``: the save at the table over the title menu, or the title saying why not."""
        from game.scenes.saves import open_file

        refusal = open_file(self.ctx, path)
        if refusal is not None:
            print(f"noblemen: {cli.printable(str(path))}: {refusal}", file=sys.stderr)

    def run(self) -> int:
        self.ctx.prepared_entries = True
        self.stack.push(self.first_scene())
        if self.options.save is not None:
            self.open_save(self.options.save)
        self.running = True
        frames = self.options.frames
        try:
            while self.running:
                if self.frame == 1:  # the first frame is shown: load the other screens meanwhile
                    scenes.warm_up_in_background()
                    self.controllers.start()  # (SDL announces the controllers already plugged in then)
                dt = self.clock.tick(FPS) / 1000.0 if self.paced else 1 / FPS
                self.step(min(dt, 0.1))
                self.frame += 1
                if frames is not None and self.frame >= frames:
                    break
        finally:
            try:
                self.stack.clear()
                self._remember_window_size()
            finally:
                self.controllers.stop()
                quit_pygame()  # the mixer first, and never hanging for good (game.shell.shutdown)
        return self.exit_code

    def _remember_window_size(self) -> None:
        """Keep the size the player dragged the window to for next time (best effort)."""
        if self.settings.window_size == self._initial_window_size or self.options.frames is not None:
            return
        try:
            self.save_settings()
            self._initial_window_size = self.settings.window_size
        except storage.StorageError as exc:
            print(f"noblemen: {exc}", file=sys.stderr)


def tidy_after_a_crash() -> None:
    """Remove what writes cut short by a kill left behind (the saves and settings themselves are whole)."""
    from game.persist import saves

    storage.remove_temp_files(storage.data_dir(), saves.saves_dir(), storage.config_dir())


def main(argv: list[str] | None = None) -> int:
    options = cli.parse(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    tidy_after_a_crash()
    try:
        app = App(options)
        return app.run()
    except storage.StorageError as exc:
        print(f"noblemen: {exc}", file=sys.stderr)
        return 1
    except NoDisplayError as exc:
        quit_pygame()
        print(f"noblemen: no window can be shown here ({cli.printable(str(exc))}); start the game on a desktop",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception:  # the last line of defence: say what happened, don't just vanish
        traceback.print_exc()
        return 1
