"""Sound effects: the files (as data), the event -> effect map, the setting, the throttle, no audio device."""

from __future__ import annotations

import array
import importlib.util
import sys
import wave
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.persist.settings import Settings
from game.session import GameSession, SeatSpec
from game.shell.shutdown import quit_pygame
from game.ui import sound
from rules.events import Event, EventKind

pytestmark = pytest.mark.usefixtures("audio")  # a mixer that opens: SDL's dummy audio device

E = EventKind
ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "game" / "sounds"
FANFARES = {"ball", "game_over"}


def samples(path: Path) -> tuple[wave._wave_params, array.array]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = array.array("h", w.readframes(params.nframes))
    if sys.byteorder != "little":
        data.byteswap()
    return params, data


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def spy_board(settings: Settings | None = None) -> tuple[sound.SoundBoard, list[str], Clock]:
    """A board whose mixer call is replaced by a recorder (and a clock the test moves)."""
    clock = Clock()
    board = sound.SoundBoard(settings or Settings(), clock=clock)
    emitted: list[str] = []
    board._emit = lambda name: emitted.append(name) or True  # type: ignore[method-assign]
    return board, emitted, clock


# -- the files -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sound.EFFECTS)
def test_effect_file_is_a_clean_short_wav(name):
    path = SOUNDS / f"{name}.wav"
    assert path.is_file(), f"missing {path}"
    params, data = samples(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    seconds = len(data) / params.framerate
    assert 0.03 < seconds <= (3.0 if name in FANFARES else 1.5)
    peak = max(abs(v) for v in data) / 32768
    assert 0.1 < peak <= 0.95, f"{name}: peak {peak:.2f} (silent or clipping)"
    assert abs(sum(data) / len(data)) / 32768 < 0.005, f"{name}: DC offset"
    # faded in and out: no click at either end
    assert abs(data[0]) < 330 and abs(data[-1]) < 330
    edge = int(0.002 * params.framerate)
    assert max(abs(v) for v in data[-edge:]) < 0.05 * 32768


def test_the_folder_holds_exactly_the_effects_small_and_licensed():
    assert {p.stem for p in SOUNDS.glob("*.wav")} == set(sound.EFFECTS)
    assert sum(p.stat().st_size for p in SOUNDS.iterdir()) < 1.5 * 1024 * 1024
    licence = (SOUNDS / "LICENSE.md").read_text(encoding="utf-8")
    assert "Original sounds synthesised for this project by tools/make_sounds.py" in licence.replace("`", "")
    assert "CC0" in licence


def test_the_generator_checks_pass_on_the_committed_files():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    make_sounds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_sounds)
    assert set(make_sounds.EFFECTS) == set(sound.EFFECTS)
    problems = [p for name in sound.EFFECTS for p in make_sounds.check_file(SOUNDS / f"{name}.wav")]
    assert problems == []


def test_every_effect_loads_into_the_dummy_mixer():
    pygame.mixer.init()
    try:
        board = sound.SoundBoard(Settings())
        for name in sound.EFFECTS:
            snd = board.sound(name)
            assert snd is not None, name
            assert 0.03 < snd.get_length() <= 3.0
        assert board.available is True
    finally:
        pygame.mixer.quit()


# -- events -> effects -----------------------------------------------------------------------------------
def test_events_map_to_effects():
    assert set(sound.EVENT_EFFECTS.values()) <= set(sound.EFFECTS)
    assert set(sound.PRIORITY) == set(sound.EFFECTS)
    # every effect but the two for the player's hand is sounded by some event
    assert set(sound.EVENT_EFFECTS.values()) == set(sound.EFFECTS) - {"click", "refused"}
    assert sound.EVENT_EFFECTS[E.TILE_PLACED] == "tile"
    assert sound.EVENT_EFFECTS[E.BUILT] == "build"
    assert sound.EVENT_EFFECTS[E.MONEY_GAINED] == "coins"
    assert sound.EVENT_EFFECTS[E.VP_GAINED] == "vp"
    assert sound.EVENT_EFFECTS[E.CARD_PLAYED] == sound.EVENT_EFFECTS[E.CARD_KEPT] == "card"
    assert sound.EVENT_EFFECTS[E.QUEEN_MOVED] == "queen"
    assert sound.EVENT_EFFECTS[E.KNIGHT_PLACED] == "knight"
    assert sound.EVENT_EFFECTS[E.BALL_STARTED] == "ball"
    assert sound.EVENT_EFFECTS[E.TITLE_AWARDED] == "title"
    assert sound.EVENT_EFFECTS[E.BUILDING_SCORED] == "scoring"
    assert sound.EVENT_EFFECTS[E.DECADE_STARTED] == "decade"
    assert sound.EVENT_EFFECTS[E.GAME_ENDED] == "game_over"


def test_one_action_sounds_its_most_important_event():
    ev = Event
    assert sound.effect_for([ev(E.TILE_PLACED, 0), ev(E.REGION_FORMED, 0), ev(E.VP_GAINED, 0, 2)]) == "vp"
    assert sound.effect_for([ev(E.MONEY_PAID, 0, 6), ev(E.BUILT, 0, 6), ev(E.VP_GAINED, 0, 3)]) == "build"
    assert sound.effect_for([ev(E.BUILDING_SCORED, 1, 4), ev(E.GAME_ENDED)]) == "game_over"
    assert sound.effect_for([ev(E.ROUND_ADVANCED), ev(E.BALL_STARTED)]) == "ball"
    assert sound.effect_for([ev(E.TURN_STARTED, 1)]) is None
    assert sound.effect_for([]) is None


def test_scoring_then_the_new_decade_sound_in_turn():
    board, emitted, clock = spy_board()
    batch = [Event(E.ROUND_ADVANCED), Event(E.BUILDING_SCORED, 0, 4), Event(E.BUILDING_SCORED, 1, 2),
             Event(E.DECADE_STARTED, amount=2)]
    assert sound.effects_for(batch) == ["scoring", "decade"]
    assert sound.effects_for([*batch, Event(E.GAME_ENDED)]) == ["game_over"]
    board.on_events(batch)
    assert emitted == ["scoring"]
    clock.now += board.length("scoring") / 2
    board.update()
    assert emitted == ["scoring"]
    clock.now += board.length("scoring")
    board.update()
    board.update()
    assert emitted == ["scoring", "decade"]


def test_a_batch_plays_one_effect():
    board, emitted, _ = spy_board()
    board.on_events([Event(E.TILE_PLACED, 0), Event(E.MONEY_GAINED, 0, 2), Event(E.QUEEN_MOVED, 0, other=1)])
    assert emitted == ["queen"]
    board.on_events([])  # an undo: silent
    board.on_events([Event(E.TURN_STARTED, 1)])
    assert emitted == ["queen"]


# -- the setting -------------------------------------------------------------------------------------------
def test_nothing_plays_with_sound_off():
    board, emitted, clock = spy_board(Settings(sound=False))
    for name in sound.EFFECTS:
        clock.now += 5
        assert board.play(name) is False
        board.on_events([Event(k) for k in sound.EVENT_EFFECTS])
    assert emitted == []
    assert list(board.played) == []


def test_turning_sound_off_silences_at_once_and_on_again_plays(monkeypatch):
    settings = Settings()
    board, emitted, clock = spy_board(settings)
    stops: list[bool] = []
    monkeypatch.setattr(board, "stop", lambda: stops.append(True) or setattr(board, "_sounding", False))
    assert board.play("ball")
    board.update()
    assert stops == []
    settings.sound = False  # what the Settings scene's Save does to the app's settings
    board.update()
    assert stops == [True]
    clock.now += 0.5
    assert not board.play("coins")
    settings.sound = True
    clock.now += 0.5
    assert board.play("coins")
    assert emitted == ["ball", "coins"]


def test_stop_without_a_mixer_is_harmless():
    board = sound.SoundBoard(Settings())
    board.stop()
    board.update()


# -- throttle ------------------------------------------------------------------------------------------------
def test_the_same_effect_does_not_stack():
    board, emitted, clock = spy_board()
    assert board.play("coins")
    assert not board.play("coins")  # same instant
    clock.now += sound.REPEAT_GAP / 2
    assert not board.play("coins")
    clock.now += sound.REPEAT_GAP
    assert board.play("coins")
    assert emitted == ["coins", "coins"]


def test_at_most_a_few_table_effects_a_second():
    board, emitted, clock = spy_board()
    names = ["tile", "coins", "vp", "card", "queen", "knight", "build", "title"]
    started = []
    for i in range(600):  # ten seconds of frames, an effect asked for every frame
        clock.now += 1 / 60
        if board.play(names[i % len(names)]):
            started.append(clock.now)
    assert started, "nothing played at all"
    for t in started:
        window = [s for s in started if t <= s < t + 1.0]
        assert len(window) <= sound.MAX_PER_SECOND
    gaps = [b - a for a, b in zip(started, started[1:], strict=False)]
    assert min(gaps) >= sound.MIN_GAP - 1e-9


def test_big_moments_and_the_players_hand_are_not_crowded_out():
    board, emitted, clock = spy_board()
    for name in ("tile", "coins", "vp", "card"):
        clock.now += sound.MIN_GAP
        board.play(name)
    assert board.play("ball")
    assert board.play("click")
    assert board.play("refused")
    assert not board.play("ball")  # ... but a fanfare never restarts over itself
    assert not board.play("decade")  # ... nor another big moment start over it
    assert board.play("game_over")  # ... except the end of the game
    clock.now += 0.06
    assert board.play("click")  # a double click clicks twice


def test_instant_speed_game_is_throttled():
    """A whole game of computer players at the instant speed, attached like the table attaches it."""
    clock = Clock()
    board = sound.SoundBoard(Settings(), clock=clock)
    emitted: list[tuple[float, str]] = []
    board._emit = lambda name: emitted.append((clock.now, name)) or True  # type: ignore[method-assign]
    seats = [SeatSpec(name=n, kind="random", colour=c, crest=k)
             for n, c, k in (("Anne", "#D55E00", "lion"), ("Robert", "#0072B2", "rose"), ("Mary", "#009E73", "stag"))]
    session = GameSession(seats, 5, speed="instant")
    board.attach(session)
    board.attach(session)  # twice is harmless
    wanted: list[str] = []  # what each batch would sound unthrottled
    session.add_listener(lambda events: wanted.append(sound.effect_for(events)))
    try:
        for _ in range(60 * 120):
            clock.now += 1 / 60
            session.update(1 / 60)
            if session.state.over:
                break
        assert session.state.over
    finally:
        session.close()
    table_effects = [(t, n) for t, n in emitted if n not in sound.ALWAYS]
    asked = [n for n in wanted if n is not None]
    assert len(asked) > 50 and 3 <= len(emitted) < len(asked) / 10, "far fewer sounds than things happening"
    big = [(t, n) for t, n in emitted if n in sound.BIG and n != "game_over"]
    for (t1, n1), (t2, _) in zip(big, big[1:], strict=False):
        assert t2 - t1 >= board.length(n1) - 1e-9, "big moments overlap"
    for t, _ in table_effects:
        assert len([1 for s, _ in table_effects if t <= s < t + 1.0]) <= sound.MAX_PER_SECOND
    for (t1, n1), (t2, n2) in zip(emitted, emitted[1:], strict=False):
        if n1 == n2:
            assert t2 - t1 >= sound.REPEAT_GAP - 1e-9
    assert "game_over" in [n for _, n in emitted]


# -- no audio device --------------------------------------------------------------------------------------------
def test_no_audio_device_means_silence_not_an_exception(monkeypatch):
    def broken(*_a, **_k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "pre_init", broken)
    board = sound.SoundBoard(Settings())
    assert board.play("click") is False
    board.on_events([Event(E.BALL_STARTED)])
    board.update()
    board.stop()
    assert board.available is False
    assert board.sound("ball") is None
    sound.pre_init()  # also harmless


def test_a_missing_file_is_skipped(tmp_path):
    pygame.mixer.init()
    try:
        board = sound.SoundBoard(Settings(), folder=tmp_path)
        assert board.play("tile") is False
    finally:
        pygame.mixer.quit()


# -- hooked into the app --------------------------------------------------------------------------------------------
def test_the_app_and_table_use_one_board(monkeypatch):
    from game.scenes.table import TableScene
    from tests.game.test_table_support import make_app, make_table

    monkeypatch.setattr(TableScene, "interludes", False)
    app = make_app()
    try:
        board = app.ctx.sound
        assert isinstance(board, sound.SoundBoard) and board is app.sound
        assert sound.board(app.ctx) is board
        assert board.settings is app.settings
        table = make_table(app, ("human", "random", "random"))
        assert board.on_events in table.session._listeners
        # a pygame-gui button press clicks
        app.handle_event(pygame.event.Event(pygame.USEREVENT, {}))
        app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": None}))
        assert "click" in board.played
        session = table.session
        app.stack.clear()
        assert board.on_events not in session._listeners
    finally:
        app.stack.clear()
        quit_pygame()


def test_switching_sound_off_in_the_settings_scene_silences_the_app(monkeypatch):
    from game.scenes.settings_scene import SettingsScene
    from game.scenes.title import TitleScene
    from tests.game.test_title_rules_scenes import make_app

    def click(app, _scene, button):  # through the app, as a real press arrives
        app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))

    app = make_app()
    app.running = True
    try:
        board = app.sound
        stops: list[bool] = []
        real_stop = board.stop
        monkeypatch.setattr(board, "stop", lambda: stops.append(True) or real_stop())
        scene = SettingsScene(app.ctx)
        app.stack.push(TitleScene(app.ctx))
        app.stack.push(scene)
        click(app, scene, dict(scene.choice_buttons["sound"])[False])
        assert "click" in board.played  # still on until saved
        board._last.clear()
        click(app, scene, scene.save_button)
        app.step(1 / 60)
        assert app.settings.sound is False and not board.enabled
        assert stops, "what was sounding was not silenced"
        heard = len(board.played)
        app.handle_event(pygame.event.Event(pygame.USEREVENT, {}))
        assert board.play("ball") is False and board.play("click") is False
        assert len(board.played) == heard
    finally:
        app.stack.clear()
        quit_pygame()
