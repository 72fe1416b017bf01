"""--autoplay plays a whole game through the GUI and prints the engine's result (3, 4 and 5 players)."""

from __future__ import annotations

import re

import pygame
import pytest

from game.persist.settings import Settings
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from rules.final_result import results
from rules.invariants import check_invariants


def run_autoplay(argv, bot="greedy", max_frames=20000, dt=1 / 60):
    app = App(build_parser().parse_args(argv), settings=Settings(), persist_settings=False)
    app.autoplay_bot = bot
    first = app.first_scene()
    assert first is not None
    app.stack.push(first)
    app.running = True
    seen = []
    try:
        for _ in range(max_frames):
            app.step(dt)
            top = app.stack.top
            if top is not None and (not seen or seen[-1] != top.name):
                seen.append(top.name)
            if not app.running:
                break
        session = first.session
        return app, session, seen
    finally:
        app.stack.clear()
        pygame.time.set_timer(pygame.QUIT, 0)
        quit_pygame()


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_autoplay_ends_with_the_engine_result(seats, capsys):
    app, session, seen = run_autoplay(  # frames of a tenth of a second: the result is the game's, not the frames'
        ["--autoplay", "--seats", str(seats), "--speed", "instant", "--seed", str(40 + seats)], dt=0.1
    )
    assert not app.running and app.exit_code == 0
    assert session is not None and session.state.over
    check_invariants(session.state)
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("Final scores:"))
    printed = [int(v) for v in re.findall(r" (\d+)(?:,|\.)", line.split(". Winner")[0] + ".")]
    assert tuple(printed) == results(session.state).scores
    assert len(session.state.names) == seats
    assert "table" in seen and "setup" in seen


def test_autoplay_screenshots_show_every_scene(tmp_path):
    app, session, seen = run_autoplay(
        ["--autoplay", "--seats", "3", "--speed", "instant", "--seed", "9", "--screenshots", str(tmp_path)]
    )
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    kinds = {re.sub(r"^\d+-", "", n)[:-4] for n in names}
    assert {"setup", "table"} <= kinds
    assert sum(1 for n in names if n.endswith("-table.png")) >= 4  # the table at several moments
    for wanted in ("ball", "decade", "scoring", "game-over"):
        assert wanted in kinds, (wanted, kinds)


@pytest.mark.parametrize("lang", ["de", "it"])
def test_autoplay_plays_a_whole_game_in_german_and_italian(lang, tmp_path):
    from game import i18n

    app, session, seen = run_autoplay(["--autoplay", "--lang", lang, "--seats", "3", "--speed", "instant", "--seed",
                                       "11", "--screenshots", str(tmp_path)], bot="random")
    assert i18n.language() == lang and app.exit_code == 0 and session.state.over
    assert {"table", "ball", "scoring", "decade", "game-over"} <= set(seen)
    assert len(list(tmp_path.glob("*.png"))) >= 5
