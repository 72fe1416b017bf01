"""Sound effects: one short sound per thing that happens on the table, and a click for buttons.

The effects are WAV files in ``sounds/`` under :func:`game.ui.assets.asset_root` (made by
``tools/make_sounds.py``). A :class:`SoundBoard` loads them lazily through ``pygame.mixer`` and plays them:

- ``board.attach(session)`` makes it a session listener: each batch of engine events (one applied action)
  plays at most ONE effect, the most important of the batch (:data:`EVENT_EFFECTS`, :data:`PRIORITY`) -
  except that building scoring and a new decade in one batch sound one after the other (:data:`SEQUENCE`);
- ``board.play(name)`` plays one effect by name (``"click"`` for buttons, ``"refused"`` for a refused move);
- ``board.update()`` (once a frame, from the app) silences everything at once when ``settings.sound``
  was switched off, and starts a waiting big moment when the one before it has finished.

It respects ``settings.sound`` at every call, so the setting works live. It never raises: without an
audio device (``pygame.mixer.init`` fails) it is silently disabled, and a missing or broken file is
skipped. Playing never blocks (the mixer mixes on SDL's audio thread; a file is read once, on first use).

Throttling, so the instant speed does not become a din: the same effect does not start again while it
is still sounding (at least :data:`REPEAT_GAP` seconds), no two table effects start closer than
:data:`MIN_GAP` seconds, and at most :data:`MAX_PER_SECOND` start in any one second. The big moments
(:data:`BIG`: ball, decade, scoring, game over) ignore the gap and the budget, as do the button click
and the refusal, which answer the player's own hand; but a big moment does not start while another is
still sounding (except the end of the game).
"""

from __future__ import annotations

import collections
import contextlib
import time
import wave
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rules import Event, EventKind

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.persist.settings import Settings
    from game.session import GameSession
    from game.ui.scene import AppContext

E = EventKind

#: every effect, by file stem in sounds/
EFFECTS: tuple[str, ...] = (
    "click", "tile", "build", "coins", "vp", "card", "queen", "knight", "refused",
    "title", "scoring", "decade", "ball", "game_over",
)
#: which effect an engine event sounds (kinds not listed are silent)
EVENT_EFFECTS: dict[EventKind, str] = {
    E.START_TILES_CHOSEN: "tile",
    E.TILE_PLACED: "tile",
    E.REGION_FORMED: "vp",
    E.DONATED: "tile",
    E.TRADED: "tile",
    E.TILES_RETURNED: "tile",
    E.PRESTIGE_PLACED: "tile",
    E.MONEY_GAINED: "coins",
    E.MONEY_PAID: "coins",
    E.BRIBES_TAKEN: "coins",
    E.VP_GAINED: "vp",
    E.BUILT: "build",
    E.CARD_KEPT: "card",
    E.CARD_PLAYED: "card",
    E.CARD_HANDED_BACK: "card",
    E.QUEEN_MOVED: "queen",
    E.KNIGHT_PLACED: "knight",
    E.BALL_STARTED: "ball",
    E.TITLE_AWARDED: "title",
    E.BUILDING_SCORED: "scoring",
    E.DECADE_STARTED: "decade",
    E.GAME_ENDED: "game_over",
}
#: when one action brings several events, the first of these wins
PRIORITY: tuple[str, ...] = (
    "game_over", "ball", "decade", "scoring", "title", "queen", "build", "knight", "card", "vp", "coins",
    "tile", "refused", "click",
)
#: these play however busy it is (still never two at once of the same)
ALWAYS = frozenset({"game_over", "ball", "decade", "scoring", "click", "refused"})
#: the big moments: one does not start while another still sounds (the end of the game always does)
BIG = frozenset({"game_over", "ball", "decade", "scoring"})
#: the order the table presents its scenes in: when one action brings several, each sounds in turn
SEQUENCE: tuple[str, ...] = ("ball", "scoring", "decade")
#: seconds before the same effect may start again (the big moments: not until they have finished)
REPEAT_GAP = 0.3
#: ... except these (a quick double click clicks twice)
REPEAT_GAP_OF = {"click": 0.05}
#: seconds between two table effects
MIN_GAP = 0.15
#: table effects started in any one second, at most
MAX_PER_SECOND = 4
VOLUME = 0.8
CHANNELS = 16
#: mixer format: 44.1 kHz, 16-bit signed, stereo, a small buffer for low latency
FREQUENCY, SIZE, STEREO, BUFFER = 44100, -16, 2, 512


def sounds_dir() -> Path:
    from game.ui import assets

    return assets.asset_root() / "sounds"


def pre_init() -> None:
    """Ask for a low-latency mixer; call before ``pygame.init()`` (harmless if audio is missing)."""
    with contextlib.suppress(pygame.error, AttributeError):
        pygame.mixer.pre_init(FREQUENCY, SIZE, STEREO, BUFFER)


def effect_for(events: Iterable[Event]) -> str | None:
    """The one effect a batch of events sounds, or None."""
    names = {EVENT_EFFECTS[e.kind] for e in events if e.kind in EVENT_EFFECTS}
    for name in PRIORITY:
        if name in names:
            return name
    return None


def effects_for(events: Iterable[Event]) -> list[str]:
    """What a batch sounds, in order: its most important effect, or its big moments one after another
    (building scoring, then the new decade) as the table shows their scenes; the end of the game alone."""
    events = list(events)
    first = effect_for(events)
    if first is None or first not in SEQUENCE:
        return [] if first is None else [first]
    names = {EVENT_EFFECTS.get(e.kind) for e in events}
    return [n for n in SEQUENCE if n in names]


class SoundBoard:
    """Plays the effects for one app (see the module docstring).  ``clock`` is for tests."""

    def __init__(self, settings: Settings, *, folder: Path | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.folder = folder
        self.clock = clock
        self.available: bool | None = None  # None: not tried yet; False: no audio device
        self._sounds: dict[str, Any] = {}  # name -> pygame.mixer.Sound, or None when it would not load
        self._last: dict[str, float] = {}  # name -> when it last started
        self._length: dict[str, float] = {}
        self._recent: collections.deque[float] = collections.deque()  # start times of table effects
        self._last_table = -1e9
        self._sounding = False
        self._next: list[str] = []  # big moments waiting for the one sounding now to finish
        self._next_at = 0.0
        self.played: collections.deque[str] = collections.deque(maxlen=64)  # what started, newest last
        with contextlib.suppress(AttributeError, TypeError):
            pygame.register_quit(self._forget)

    # -- state ----------------------------------------------------------------------------------
    @property
    def enabled(self) -> bool:
        return bool(self.settings.sound)

    def _forget(self) -> None:
        """pygame quit: the loaded sounds are dead; try the mixer afresh next time."""
        self._sounds.clear()
        self.available = None
        self._sounding = False

    def _ready(self) -> bool:
        if self.available is False:
            return False
        try:
            if pygame.mixer.get_init() is None:
                pre_init()
                pygame.mixer.init()
            pygame.mixer.set_num_channels(max(CHANNELS, pygame.mixer.get_num_channels()))
        except (pygame.error, AttributeError, NotImplementedError, OSError):
            self.available = False
            return False
        self.available = pygame.mixer.get_init() is not None
        return self.available

    def sound(self, name: str) -> Any:
        """The loaded ``pygame.mixer.Sound`` for ``name`` (None if it cannot be loaded)."""
        if name not in self._sounds:
            snd = None
            if self._ready():
                path = (self.folder or sounds_dir()) / f"{name}.wav"
                try:
                    snd = pygame.mixer.Sound(str(path))
                    snd.set_volume(VOLUME)
                except (pygame.error, FileNotFoundError, OSError):
                    snd = None
            self._sounds[name] = snd
        return self._sounds[name]

    def length(self, name: str) -> float:
        """Seconds ``name`` lasts (from the WAV header; 0 if the file cannot be read)."""
        if name not in self._length:
            try:
                with wave.open(str((self.folder or sounds_dir()) / f"{name}.wav"), "rb") as w:
                    self._length[name] = w.getnframes() / float(w.getframerate())
            except (OSError, EOFError, wave.Error, ZeroDivisionError):
                self._length[name] = 0.0
        return self._length[name]

    # -- playing ----------------------------------------------------------------------------------
    def allowed(self, name: str, now: float) -> bool:
        """Would ``name`` start now (the throttle)?"""
        gap = REPEAT_GAP_OF.get(name, REPEAT_GAP)
        if name in BIG:
            gap = max(gap, self.length(name))
        if now - self._last.get(name, -1e9) < gap:
            return False
        if name in BIG and name != "game_over" and any(
            now - self._last.get(other, -1e9) < self.length(other) for other in BIG
        ):
            return False
        if name in ALWAYS:
            return True
        while self._recent and now - self._recent[0] >= 1.0:
            self._recent.popleft()
        return now - self._last_table >= MIN_GAP and len(self._recent) < MAX_PER_SECOND

    def play(self, name: str) -> bool:
        """Play an effect unless sound is off or the throttle says no.  True if it started."""
        try:
            if not self.enabled or name not in EFFECTS:
                return False
            now = self.clock()
            if not self.allowed(name, now):
                return False
            if not self._emit(name):
                return False
            self._last[name] = now
            if name not in ALWAYS:
                self._recent.append(now)
                self._last_table = now
            self.played.append(name)
            self._sounding = True
            return True
        except Exception:  # a sound must never stop the game
            return False

    def _emit(self, name: str) -> bool:
        """Start the sound on a free channel (the one call that reaches the mixer)."""
        snd = self.sound(name)
        if snd is None:
            return False
        snd.play()
        return True

    def on_events(self, events: list[Event]) -> None:
        """Session listener: the batch of one applied action sounds its most important effect."""
        if not events or not self.enabled:
            return
        names = effects_for(events)
        if names and self.play(names[0]) and len(names) > 1:
            self._next = names[1:]
            self._next_at = self.clock() + self.length(names[0])

    def update(self) -> None:
        """Once a frame: sound switched off -> silence at once; a waiting big moment's turn -> play it."""
        if self._sounding and not self.enabled:
            self.stop()
        if self._next and self.clock() >= self._next_at:
            name = self._next.pop(0)
            if self.play(name) and self._next:
                self._next_at = self.clock() + self.length(name)

    def stop(self) -> None:
        self._sounding = False
        self._next = []
        with contextlib.suppress(pygame.error, AttributeError):
            if pygame.mixer.get_init() is not None:
                pygame.mixer.stop()

    # -- sessions -------------------------------------------------------------------------------------
    def attach(self, session: GameSession) -> SoundBoard:
        """Sound the events of ``session``; attaching twice is harmless."""
        session.add_listener(self.on_events)
        return self

    def detach(self, session: GameSession) -> None:
        with contextlib.suppress(Exception):
            session.remove_listener(self.on_events)


def close_mixer() -> None:
    """Halt every channel, then close the mixer (never raises); ``game.shell.shutdown`` calls it before
    ``pygame.quit()``.

    Why: pygame-ce's ``mixer.quit()`` (reached from ``pygame.quit()`` too) first unhooks its channel-finished
    callback through SDL_mixer while holding the GIL, and SDL_mixer takes the audio lock for that. SDL's audio
    thread holds that lock while it mixes and, when a sound ends just then, waits inside pygame's callback for the
    GIL: each waits for the other forever (a frozen window; a test teardown hung so). ``mixer.stop()`` halts the
    channels with the GIL released, so afterwards no sound can end on the audio thread and the unhooking only
    waits for one mixing pass.
    """
    with contextlib.suppress(pygame.error, AttributeError):
        if pygame.mixer.get_init() is not None:
            pygame.mixer.stop()
            pygame.mixer.quit()


def board(ctx: AppContext) -> SoundBoard:
    """The app's sound board (made on first use, kept in ``ctx.sound``)."""
    if ctx.sound is None:
        ctx.sound = SoundBoard(ctx.settings)
    return ctx.sound


def play(ctx: AppContext, name: str) -> None:
    """Play ``name`` on the app's board; for one-line hooks in scenes.  Never raises."""
    with contextlib.suppress(Exception):
        board(ctx).play(name)
