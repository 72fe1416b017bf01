"""Start-up: the title menu shows without loading the table, the bots, the tutorial, the review, the replay or
the engine; they load in the background afterwards, and every screen's module is there when asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from game import scenes

HEAVY = ("game.scenes.table", "game.table", "rules.bots", "game.tutorial", "game.scenes.tutorial",
         "game.scenes.review", "game.scenes.replay", "game.scenes.game_over", "game.scenes.ball",
         "game.shell.autoplay", "game.session", "rules.engine", "rules.state", "rules.serialize",
         "pygame._sdl2.controller")  # (controllers are listened to from the next frame)

FRAMES = """
import json, sys
from game.shell import app
app.main(["--frames", sys.argv[1], "--size", "960x600"])
print(json.dumps(sorted(sys.modules)))
"""


def _loaded_after(frames: int, tmp_path) -> list[str]:
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "NOBLEMEN_CONFIG_DIR": str(tmp_path / "config"), "NOBLEMEN_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.run([sys.executable, "-c", FRAMES, str(frames)], env={**os.environ, **env},
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_title_menu_loads_none_of_the_heavy_modules(tmp_path):
    loaded = _loaded_after(1, tmp_path)
    assert "game.scenes.title" in loaded
    assert [m for m in loaded if m.startswith(HEAVY)] == []


def test_controllers_are_listened_to_from_the_second_frame(tmp_path):
    assert "pygame._sdl2.controller" in _loaded_after(2, tmp_path)


def test_every_hook_names_a_factory_and_the_warm_up_loads_them_all():
    scenes.warm_up()
    for name, (module, attribute) in scenes.HOOKS.items():
        assert module in sys.modules
        assert callable(scenes.factory(name)) and scenes.factory(name) is getattr(sys.modules[module], attribute)
    assert all(m in sys.modules for m in scenes.WARM_UP_MODULES)


def test_the_background_warm_up_runs_once_and_a_screen_waits_for_it(monkeypatch):
    started = []
    monkeypatch.setattr(scenes, "_warming", None)
    monkeypatch.setattr(scenes, "warm_up", lambda: started.append(1))
    scenes.warm_up_in_background()
    scenes.warm_up_in_background()
    scenes.wait_for_warm_up()
    assert started == [1] and not scenes._warming.is_alive()
