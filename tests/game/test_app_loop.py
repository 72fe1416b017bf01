"""The app's loop: a frame's time is the clock's (paced, at most 60 a second), or a 60th of a second without
waiting for it (unpaced, as the self-test plays its game: the same frames, as fast as they are drawn)."""

from __future__ import annotations

import pytest

from game.persist.settings import Settings
from game.shell.app import FPS, App, build_parser


class SlowClock:
    """A clock whose every frame took half a second; it records the frame rate each tick waited for."""

    def __init__(self) -> None:
        self.asked: list[tuple] = []

    def tick(self, *framerate) -> int:
        self.asked.append(framerate)
        return 500


@pytest.mark.parametrize("paced", [True, False])
def test_a_frame_lasts_what_the_clock_says_or_a_sixtieth_unpaced(paced, monkeypatch):
    app = App(build_parser().parse_args(["--size", "1280x720", "--frames", "4"]), settings=Settings(),
              persist_settings=False)
    app.paced = paced
    app.clock = SlowClock()
    steps: list[float] = []
    real_step = app.step
    monkeypatch.setattr(app, "step", lambda dt: (steps.append(dt), real_step(dt)))
    assert app.run() == 0
    assert len(steps) == 4
    if paced:  # waits for the frame rate; a slow frame counts as at most a tenth of a second
        assert app.clock.asked == [(FPS,)] * 4 and steps == [0.1] * 4
    else:  # never waits; every frame is a 60th of a second, however long it took
        assert app.clock.asked == [] and steps == [1 / FPS] * 4
