"""``--autoplay --keyboard``: seat 1 plays a whole game by key presses alone, to the game-over screen and the
title menu, exit status 0; the long runs (every size and language the issue names) are behind the slow marker."""

from __future__ import annotations

import re

import pygame
import pytest

from game.persist.settings import Settings
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from rules.final_result import results
from rules.invariants import check_invariants

MOUSE = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL}


def keyboard_game(argv, monkeypatch, bot="easy", max_frames=200_000):
    """Run ``--autoplay --keyboard`` in this process, without the frame clock; returns the app, the game's session,
    the names of the screens it went through and the kinds of events the window handled."""
    posted: list[int] = []
    real_post = pygame.event.post
    monkeypatch.setattr(pygame.event, "post", lambda event: (posted.append(event.type), real_post(event))[1])
    app = App(build_parser().parse_args(["--autoplay", "--keyboard", *argv]), settings=Settings(),
              persist_settings=False)
    app.autoplay_bot = bot
    handled: list[int] = []
    real_handle = app.handle_event
    app.handle_event = lambda event: (handled.append(event.type), real_handle(event))[1]
    first = app.first_scene()
    app.stack.push(first)
    app.running = True
    seen: list[str] = []
    session = None
    try:
        for _ in range(max_frames):
            app.step(1 / 60)
            top = app.stack.top
            session = getattr(top, "session", session)
            if top is not None and (not seen or seen[-1] != top.name):
                seen.append(top.name)
            if not app.running:
                break
        return app, session, seen, set(posted) | set(handled)
    finally:
        app.stack.clear()
        pygame.time.set_timer(pygame.QUIT, 0)
        quit_pygame()


def check_the_whole_game(app, session, seen, kinds, out, seats):
    assert not app.running and app.exit_code == 0, out
    assert session is not None and session.state.over and len(session.state.names) == seats
    check_invariants(session.state)
    assert not kinds & MOUSE  # not one mouse event, posted or handled
    assert {"setup", "table", "ball", "scoring", "decade", "game-over", "title"} <= set(seen)
    assert session.is_human(0) and not any(session.is_human(seat) for seat in range(1, seats))
    line = next(x for x in out.splitlines() if x.startswith("Final scores:"))
    printed = [int(v) for v in re.findall(r" (\d+)(?:,|\.)", line.split(". Winner")[0] + ".")]
    assert tuple(printed) == results(session.state).scores
    done = next(x for x in out.splitlines() if x.startswith("Keyboard game done:"))
    assert "no mouse" in done and "EndTurn" in done and "PlacePrestige" in done


def test_seat_one_plays_a_whole_game_by_keys_alone(monkeypatch, capsys):
    app, session, seen, kinds = keyboard_game(["--seats", "3", "--speed", "instant", "--seed", "5"], monkeypatch)
    check_the_whole_game(app, session, seen, kinds, capsys.readouterr().out, 3)
    assert session.state.seed == 5  # typed into the setup's seed by keys


@pytest.mark.slow
@pytest.mark.parametrize("argv, seats", [
    (["--size", "1280x720", "--lang", "en", "--seats", "4", "--seed", "101"], 4),
    (["--size", "960x600", "--text-scale", "150", "--lang", "de", "--seats", "5", "--seed", "102"], 5),
    (["--size", "1920x1080", "--lang", "it", "--seats", "4", "--seed", "103"], 4),
])
def test_whole_keyboard_games_at_every_size_and_language(argv, seats, monkeypatch, capsys):
    app, session, seen, kinds = keyboard_game([*argv, "--speed", "instant"], monkeypatch, bot="normal")
    check_the_whole_game(app, session, seen, kinds, capsys.readouterr().out, seats)


def test_a_move_the_keys_cannot_reach_stops_the_run_naming_it(monkeypatch, capsys):
    from game.table.parts import TableParts

    monkeypatch.setattr(TableParts, "focusables", lambda self, inheriting: [])  # the table offers no control
    app, session, seen, kinds = keyboard_game(["--seats", "3", "--speed", "instant", "--seed", "5"], monkeypatch,
                                              max_frames=20_000)
    err = capsys.readouterr().err
    assert app.exit_code == 1 and "the keyboard player is stuck" in err and "the keys cannot reach" in err
