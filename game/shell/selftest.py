"""``noblemen --self-test``: check that this copy of the game works, without a screen, and say so.

Meant for the installers (CI runs it inside every freshly built bundle) and for players who report a
problem ("does ``Noblemen --self-test`` say OK?"). It works the same from source
(``python -m game --self-test``) and inside a PyInstaller bundle.

:func:`run` uses SDL's dummy video and audio drivers, and temporary data and config folders, so it
opens no window, plays no sound and never touches the player's settings or saves. It checks, in order:

1. every SVG in ``art/`` renders (``game.ui.assets.image``) at a small size and is not blank, a tinted
   crest renders, and the app icon PNG loads;
2. every font role (``game.ui.assets.FONT_ROLES``) loads and renders text;
3. every sound effect (``game.ui.sound.EFFECTS``) is in ``sounds/``, and every WAV there loads into the mixer
   (on the dummy audio driver) and is not empty;
4. the pygame-gui theme (``game.ui.theme.create_manager``) loads - which also loads pygame-gui's own
   default theme and fonts from its package data - and draws a themed button;
5. every licence the About screen shows (the game's, its art's and fonts', every third-party text named
   in ``game/licenses/README.md``) is there and reads;
6. every language's catalog (``game/locale``) loads and translates;
7. every screen's module loads (the game loads them only when first entered, so a bundle missing one would
   otherwise fail only then);
8. every computer player level is built and makes a first decision (short thinking budget), Hard also in a
   worker process (game.thinking: a bundle must be able to start one);
9. a short game: a whole game of 3 computer players through the GUI at speed "instant" (``--autoplay``,
   asking it for the fastest bot, "random").

It speaks the language of ``--lang``, else the system's. On success it prints one line starting
``noblemen self-test OK (<how>)`` (those words stay as they are, for scripts; <how> is how this copy was
installed: ``bundle``, ``wheel`` or ``source``, see :func:`installed_as`) with the version and the timings and
returns 0; on any failure it prints the traceback and a last line
``noblemen self-test FAILED (<step>) in Noblemen <version>: <reason>`` and returns 1. A windowed Windows
build has no stdout: there the report goes to the console of the
terminal that started it (``start /wait Noblemen.exe --self-test`` in cmd), and in any build also to
the file named by the environment variable ``NOBLEMEN_SELFTEST_LOG`` when it is set (CI reads it).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata
import io
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from game import i18n
from game.i18n import _, ngettext
from game.version import DISTRIBUTION, version

#: the quickest computer player (a whole 3-player game takes a few hundredths of a second)
FASTEST_BOT = "random"
SEATS = 3
#: the window the self test lays out for (the dummy driver has no real screen)
WINDOW = (1280, 720)
#: art is rendered this big: small is quick and still exercises the SVG rasteriser
ART_SIZE = (48, 48)
#: the GUI game is abandoned (and the test fails) after this many frames (~3 minutes at 60 fps)
MAX_GAME_FRAMES = 60 * 180
_DRIVER_VARS = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")
LOG_ENV = "NOBLEMEN_SELFTEST_LOG"


class SelfTestError(Exception):
    """A check failed; the message says which and why."""


@contextlib.contextmanager
def _isolated_environment() -> Iterator[None]:
    """Dummy SDL drivers and throw-away data/config folders, restored afterwards."""
    from game.persist import storage  # no pygame import: storage is platformdirs + os

    names = (*_DRIVER_VARS, storage.DATA_ENV, storage.CONFIG_ENV, "PYGAME_HIDE_SUPPORT_PROMPT")
    saved = {name: os.environ.get(name) for name in names}
    # ignore_cleanup_errors: on Windows a file still open (an autosave in flight) must not fail the test
    with tempfile.TemporaryDirectory(prefix="noblemen-selftest-", ignore_cleanup_errors=True) as tmp:
        for name in _DRIVER_VARS:
            os.environ[name] = "dummy"
        os.environ[storage.DATA_ENV] = os.path.join(tmp, "data")
        os.environ[storage.CONFIG_ENV] = os.path.join(tmp, "config")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        try:
            yield
        finally:
            from game.shell.shutdown import quit_pygame

            quit_pygame()  # release fonts and files inside tmp before it is removed (Windows)
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def _open_display():
    import pygame

    if pygame.display.get_init() and pygame.display.get_driver() != "dummy":
        pygame.display.quit()  # started earlier with a real driver: restart on the dummy one
    pygame.init()
    driver = pygame.display.get_driver()
    if driver != "dummy":
        raise SelfTestError(_("SDL chose the {driver} video driver instead of 'dummy'").format(driver=repr(driver)))
    return pygame.display.set_mode(WINDOW)


def check_art() -> str:
    """Every art name renders at a small size and is not blank; a tint works; the app icon loads."""
    import pygame

    from game.ui import assets

    names = assets.art_names()
    if not names:
        raise SelfTestError(_("no SVG art found in {folder}").format(folder=assets.asset_root() / "art"))
    for name in names:
        surface = assets.image(name, ART_SIZE)
        if surface.get_size() != ART_SIZE:
            raise SelfTestError(_("art {name} rendered at {size}, not {wanted}").format(
                name=repr(name), size=surface.get_size(), wanted=ART_SIZE))
        if pygame.mask.from_surface(surface).count() == 0:
            raise SelfTestError(_("art {name} rendered blank (fully transparent)").format(name=repr(name)))
    crests = [n for n in names if n.startswith("crest-")]
    if crests:
        assets.image(crests[0], ART_SIZE, tint="#0072B2")
    icon = assets.asset_root() / "art" / "app-icon.png"
    if not icon.is_file():
        raise SelfTestError(_("the app icon {file} is missing").format(file=icon))
    pygame.image.load(str(icon))
    return ngettext("{count} picture", "{count} pictures", len(names)).format(count=len(names))


def check_fonts() -> str:
    """Every font role loads and renders a word."""
    from game.ui import assets

    for role in assets.FONT_ROLES:
        text = assets.font(role, 18).render("Noblemen 3–5", True, (0, 0, 0))
        if text.get_width() < 10:
            raise SelfTestError(_("font role {role} rendered nothing").format(role=repr(role)))
    count = len(assets.FONT_ROLES)
    return ngettext("{count} font", "{count} fonts", count).format(count=count)


def check_sounds() -> str:
    """Every effect the game plays is there, and every WAV in sounds/ loads into the mixer."""
    import pygame

    from game.ui import sound

    folder = sound.sounds_dir()
    missing = [name for name in sound.EFFECTS if not (folder / f"{name}.wav").is_file()]
    if missing:
        raise SelfTestError(_("sound effects missing from {folder}: {names}").format(folder=folder,
                                                                                     names=", ".join(missing)))
    try:
        if pygame.mixer.get_init() is None:
            pygame.mixer.init()
    except pygame.error as exc:
        raise SelfTestError(_("the mixer does not start on the dummy audio driver: {reason}").format(reason=exc)) \
            from None
    files = sorted(folder.glob("*.wav"))
    for path in files:
        try:
            length = pygame.mixer.Sound(str(path)).get_length()
        except pygame.error as exc:
            raise SelfTestError(_("sound {file} does not load: {reason}").format(file=path.name, reason=exc)) from None
        if length <= 0:
            raise SelfTestError(_("sound {file} is empty").format(file=path.name))
    return ngettext("{count} sound", "{count} sounds", len(files)).format(count=len(files))


def check_theme() -> str:
    """The pygame-gui theme (ours on top of pygame-gui's default) loads; a themed button draws."""
    import pygame
    import pygame_gui

    from game.ui import theme

    missing = [
        value
        for block in theme.theme_dict(WINDOW).values() if isinstance(block, dict)
        for key, value in (block.get("font") or {}).items()
        if key.endswith("_path") and not os.path.isfile(value)
    ]
    if missing:
        raise SelfTestError(_("the theme names font files that are missing: {files}").format(
            files=", ".join(sorted(set(missing)))))
    manager = theme.create_manager(WINDOW)
    button = pygame_gui.elements.UIButton(pygame.Rect(10, 10, 200, 50), "New game", manager=manager)
    manager.update(0.016)
    manager.draw_ui(pygame.display.get_surface())
    button.kill()
    return _("the theme")


def check_licences() -> str:
    """Every page of the About screen, each licence the game ships, reads (game.scenes.about_text)."""
    from game.scenes import about_text

    pages = about_text.sections()
    empty = [page.id for page in pages if not page.html.strip()]
    if empty:
        raise SelfTestError(_("licence pages with no text: {pages}").format(pages=", ".join(empty)))
    return ngettext("{count} licence page", "{count} licence pages", len(pages)).format(count=len(pages))


def check_catalogs() -> str:
    """Every language's catalog loads, and translates (German and Italian: a message comes back changed)."""
    spoken = i18n.language()
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            if lang != i18n.ENGLISH and i18n._("New game") == "New game":
                raise SelfTestError(_("the {language} catalog translates nothing").format(
                    language=i18n.LANGUAGE_NAMES[lang]))
    except OSError as exc:
        raise SelfTestError(_("a catalog of game/locale is missing: {reason}").format(reason=exc)) from None
    finally:
        i18n.set_language(spoken)
    count = len(i18n.LANGUAGES)
    return ngettext("{count} language", "{count} languages", count).format(count=count)


def check_screens() -> str:
    """Every screen's module loads (they load when first entered in a game; here all of them, now)."""
    from game import scenes

    scenes.warm_up()
    count = len(scenes.HOOKS)
    return ngettext("{count} screen", "{count} screens", count).format(count=count)


def _parse(args: list[str]) -> argparse.Namespace:
    from game.shell.app import build_parser

    return build_parser().parse_args(args)


def check_bots(seed: int) -> str:
    """Every computer player level the game offers is built and makes a (quick) first decision; Hard makes one
    in a worker process too, as it does in a game (the installed game must be able to start one)."""
    from game.session import BOT_KINDS, make_player
    from game.thinking import BotProcess, ProcessGone
    from rules import new_game

    state = new_game([f"Noble {i + 1}" for i in range(SEATS)], seed)
    seat = state.decider
    view, legal = state.view(seat), state.legal_actions()
    chosen = [(kind, make_player(kind, seed, budget=0.05).choose(view, legal)) for kind in BOT_KINDS]
    process = BotProcess({seat: ("hard:budget=0.05", seed)})
    try:
        chosen.append(("hard", process.ask(seat, view, legal)))
    except ProcessGone as exc:
        raise SelfTestError(_("Hard cannot think in a worker process: {reason}").format(reason=str(exc))) from None
    finally:
        process.close()
    for kind, action in chosen:
        if action not in legal:
            raise SelfTestError(_("the {kind} computer player chose an illegal action {action}").format(
                kind=repr(kind), action=repr(action)))
    count = len(BOT_KINDS)
    return ngettext("{count} computer player, Hard in a worker process too",
                    "{count} computer players, Hard in a worker process too", count).format(count=count)


def _new_app(options: argparse.Namespace):
    from game.persist.settings import Settings
    from game.shell.app import App

    return App(options, settings=Settings(), persist_settings=False)


def play_gui_game(seed: int) -> str:
    """A whole ``--autoplay`` game of 3 computer players at speed instant, through the real app loop, unpaced
    (every frame counts as a 60th of a second, drawn as fast as the computer can)."""
    from game.scenes.table import TableScene

    options = _parse(["--autoplay", "--seats", str(SEATS), "--speed", "instant", "--windowed",
                      "--size", f"{WINDOW[0]}x{WINDOW[1]}", "--seed", str(seed),
                      "--frames", str(MAX_GAME_FRAMES), "--lang", i18n.language()])
    app = _new_app(options)
    seen: list[str] = []
    sessions: list = []
    app_on_change = app.stack.on_change

    def on_change(top) -> None:
        if top is not None:
            seen.append(top.name)
            if isinstance(top, TableScene) and all(s is not top.session for s in sessions):
                sessions.append(top.session)
        if app_on_change is not None:
            app_on_change(top)

    app.stack.on_change = on_change
    app.autoplay_bot = FASTEST_BOT
    app.paced = False
    chatter = io.StringIO()  # autoplay prints its progress and the scores: keep the report to one line
    try:
        with contextlib.redirect_stdout(chatter):
            code = app.run()
    except Exception as exc:
        raise SelfTestError(_("--autoplay crashed: {reason}").format(reason=repr(exc)) + "\n" + chatter.getvalue()) \
            from exc
    scenes_seen = ", ".join(seen) or "-"
    if code != 0:
        raise SelfTestError(_("--autoplay ended with exit status {code} (scenes: {scenes})").format(
            code=code, scenes=scenes_seen) + "\n" + chatter.getvalue())
    if app.frame >= MAX_GAME_FRAMES:
        raise SelfTestError(_("--autoplay did not finish within {frames} frames (scenes: {scenes})").format(
            frames=MAX_GAME_FRAMES, scenes=scenes_seen))
    if sessions and not any(s.over for s in sessions):
        raise SelfTestError(_("--autoplay quit before the game was over (scenes: {scenes})").format(
            scenes=scenes_seen))
    failed = [s.last_bot_error for s in sessions if s.last_bot_error is not None]
    if failed:
        raise SelfTestError(_("a computer player failed during --autoplay: {reason}").format(reason=repr(failed[0])))
    kinds = sorted({seat.kind for session in sessions for seat in session.seats})
    bots = "/".join(kinds) or "computer"
    return ngettext("a whole game of {count} {bots} player through the GUI in {frames} frames",
                    "a whole game of {count} {bots} players through the GUI in {frames} frames", SEATS).format(
        count=SEATS, bots=bots, frames=app.frame)


def installed_as() -> str:
    """How this copy of the game was installed: "bundle" (a PyInstaller build), "wheel" (pip installed the
    package's files: an installed distribution's RECORD lists this very file) or "source" (a checkout, run as
    it is or installed editable: its files stay in the checkout, which no RECORD lists)."""
    if getattr(sys, "frozen", False):
        return "bundle"
    here = Path(__file__).resolve()
    for dist in importlib.metadata.distributions(name=DISTRIBUTION):
        if dist.read_text("RECORD") is None:  # a checkout's own egg-info lists its sources instead
            continue
        listed = (f for f in dist.files or [] if f.name == here.name and f.parent.name == here.parent.name)
        if any(Path(str(f.locate())).resolve() == here for f in listed):
            return "wheel"
    return "source"


class _Report(io.StringIO):
    """Collects the report; :meth:`flush_to` writes it to stdout (if any) and the log file (if asked)."""

    def flush_to(self, out: TextIO | None) -> None:
        text = self.getvalue()
        if out is not None:
            out.write(text)
            out.flush()
        log = os.environ.get(LOG_ENV)
        if log:
            from game.persist import storage

            with contextlib.suppress(OSError):
                storage.check_target(log)  # a pipe there would block the self-test
                with open(log, "a", encoding="utf-8") as f:
                    f.write(text)


def _console() -> TextIO | None:
    """stdout; in a windowed Windows build (no stdout) the console of the terminal that started it."""
    if sys.stdout is not None:
        return sys.stdout
    if sys.platform == "win32":
        try:
            import ctypes

            if ctypes.windll.kernel32.AttachConsole(-1):  # ATTACH_PARENT_PROCESS: `start /wait` from cmd
                return open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
        except (AttributeError, OSError):
            pass
    return None


def run(seed: int | None = None, *, out: TextIO | None = None, lang: str | None = None) -> int:
    """Run every check in ``lang`` (else the system's language); print one OK line (0) or the reason for the
    failure (1)."""
    out = _console() if out is None else out
    i18n.set_language(lang or i18n.system_language())
    report = _Report()
    code = _run(seed, report)
    report.flush_to(out)
    return code


def _run(seed: int | None, out: TextIO) -> int:
    seed = 1 if seed is None else seed
    started = time.perf_counter()
    timings: list[str] = []
    done: list[str] = []
    step = "start"

    def timed(name: str, check: Callable[[], str]) -> None:
        nonlocal step
        step = name
        t0 = time.perf_counter()
        done.append(check())
        timings.append(f"{name} {time.perf_counter() - t0:.2f}s")

    try:
        with _isolated_environment():
            step = "display"
            t0 = time.perf_counter()
            _open_display()
            timings.append(f"init {time.perf_counter() - t0:.2f}s")
            timed("art", check_art)
            timed("fonts", check_fonts)
            timed("sounds", check_sounds)
            timed("theme", check_theme)
            timed("licences", check_licences)
            timed("catalogs", check_catalogs)
            timed("screens", check_screens)
            timed("bots", lambda: check_bots(seed))
            timed("game", lambda: play_gui_game(seed))
    except Exception as exc:  # report any failure, whatever it is
        traceback.print_exc(file=out)
        reason = str(exc) or type(exc).__name__
        print(f"noblemen self-test FAILED ({step}) in Noblemen {version()}: {reason}", file=out, flush=True)
        return 1
    total = time.perf_counter() - started
    print(f"noblemen self-test OK ({installed_as()}): Noblemen {version()}, {', '.join(done)}; {', '.join(timings)}; "
          f"total {total:.2f}s", file=out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(run())
