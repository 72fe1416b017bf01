"""The Review and Replay screens: the review finds a planted blunder, can be cancelled and is kept beside the
save (opened again without searching); the replay reaches the game's final state and shows a seat only what it
could see then; both are reached from the Load and game-over screens and never change the save."""

from __future__ import annotations

import json

import attrs
import pygame
import pygame_gui
import pytest

from game import i18n
from game.persist import review_cache, saves
from game.scenes.replay import ReplayScene
from game.scenes.review import ReviewScene
from game.session import GameSession
from game.shell.shutdown import quit_pygame
from game.table.all_screens import AllScreensLayout, card_line
from game.table.replay import GameRecord, Replay, record_from_file, record_of
from game.table.review_data import ReviewData, run_review
from game.table.screen import ScreenLayout
from game.ui.draw import fits
from game.ui.event_words import EVERYONE, _fields, _persons, event_words
from game.ui.pieces import CARD_NAMES
from rules import Card, EventKind
from rules import actions as A
from rules.bots import make_bot
from rules.model import Folly
from rules.snapshot import state_to_dict
from tests.game.recording import Recording
from tests.game.test_table_support import make_app, seats
from tests.rules.scenario import game, play, set_cards, set_estate, set_hand, turn


@pytest.fixture
def app():
    application = make_app()
    yield application
    application.stack.clear()
    quit_pygame()


def _finished_session(seed=5, kinds=("human", "easy", "easy")) -> GameSession:
    session = GameSession(seats(kinds), seed)
    st = session.state
    bots = [make_bot("easy", i) for i in range(st.n)]
    while not st.over:
        session.apply(bots[st.decider].choose(session.view(st.decider), session.legal()))
    return session


def _blunder_record(tmp_path) -> GameRecord:
    """Seat 0 could build the mixed folly for 12 VP in the last round and took leisure instead."""
    start = game(3)
    start.decade, start.round_pos, start.queen = 3, 9, 2
    set_estate(start, 0, "f f w w m\nf f w w .\ng g . . .\ng g . . .")
    start.players[0].money = 20
    set_hand(start, 0)
    set_cards(start, 0)
    turn(start, 0)
    assert Folly.MIXED in start.follies
    s = start.copy()
    n = len(s.history)
    play(s, "leisure", "end turn")
    while not s.over:
        play(s, "leisure", "end turn")
    save = tmp_path / "blunder.json"
    return GameRecord(tuple(seats(("human", "easy", "easy"))), start, tuple(s.history[n:]), "blunder-key", save)


def _wait(app, scene, seconds=120, job=None):
    job = job or scene.job
    assert job is not None and job.wait(seconds)
    for _ in range(2):
        app.step(1 / 60)


def _press(app, scene, object_id):
    button = next(b for b in scene.buttons if object_id in b.object_ids[-1])
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


def test_the_review_screen_finds_the_planted_blunder_and_keeps_it_beside_the_save(app, tmp_path):
    record = _blunder_record(tmp_path)
    scene = ReviewScene(app.ctx, record, seat=0, samples=2)
    job = scene.job
    app.stack.push(scene)
    app.step(1 / 60)
    _wait(app, scene, job=job)
    assert scene.data is not None and not scene.from_cache
    worst = scene.data.costliest[0]
    assert worst.played == (A.Leisure(), A.EndTurn()) and isinstance(worst.suggested[0], A.BuildFolly)
    assert worst.loss >= 5
    assert scene.rows and scene.rows[0][1] == worst.index  # listed first, a click away from the replay
    cache = review_cache.cache_path(record.save)
    assert cache.is_file() and not record.save.exists()  # kept beside the save, the save itself untouched
    again = ReviewScene(app.ctx, record, seat=0, samples=2)
    assert again.from_cache and again.job is None and again.data == scene.data
    other_game = GameRecord(record.seats, record.start, record.actions, "another-key", record.save)
    assert ReviewScene(app.ctx, other_game, seat=0, samples=2).job is not None  # another game: no cache hit
    kept = json.loads(cache.read_text(encoding="utf-8"))
    kept["reviews"]["0"]["curve"][-1]["scores"][0] = 1e308  # the graph's grid would be drawn for ever
    cache.write_text(json.dumps(kept), encoding="utf-8")
    redone = ReviewScene(app.ctx, record, seat=0, samples=2)
    assert not redone.from_cache and redone.job is not None  # made again
    redone.close()


def test_cancel_stops_the_review_leaves_and_keeps_nothing(app, tmp_path):
    session = _finished_session()
    path = saves.save_named(session, "Long game")
    record = record_from_file(path)
    before = path.read_bytes()
    scene = ReviewScene(app.ctx, record, seat=0, samples=8)
    app.stack.push(scene)
    app.step(1 / 60)
    job = scene.job
    _press(app, scene, "cancel")
    assert app.stack.top is not scene and job.cancelled()
    assert job.wait(60)  # the search stops at its next decision
    assert not review_cache.cache_path(path).exists() and path.read_bytes() == before


def test_the_review_draws_at_every_size(app, tmp_path):
    record = _blunder_record(tmp_path)
    for size in ((960, 600), (1920, 1080)):
        app.ctx.window_size = size
        scene = ReviewScene(app.ctx, record, seat=0, samples=1)
        app.stack.push(scene)
        surface = pygame.Surface(size)
        scene.draw(surface)  # in progress (the first time) or from the cache
        if scene.job is not None:
            _wait(app, scene, job=scene.job)
        scene.draw(surface)
        assert scene.data is not None and scene.rows
        app.stack.pop()


def test_the_replay_reaches_the_games_final_state():
    session = _finished_session(seed=8)
    record = record_of(session)
    replay = Replay(record.start, record.actions)
    final = state_to_dict(replay.state_at(len(replay)))
    expected = state_to_dict(session.state)
    final.pop("history"), expected.pop("history")
    assert final == expected and replay.over
    assert replay.turns and replay.balls and len(replay.decades) == 2
    middle = replay.state_at(len(replay) // 2)
    again = record.start.copy()
    for action in record.actions[: len(replay) // 2]:
        again.apply(action)
    assert state_to_dict(middle) == {**state_to_dict(again), "history": state_to_dict(middle)["history"]}


def test_the_replay_steps_by_turn_ball_and_decade(app):
    session = _finished_session(seed=9)
    scene = ReplayScene(app.ctx, record_of(session))
    app.stack.push(scene)
    r = scene.replay
    scene.forward(r.turns)
    assert scene.step == r.turns[0]
    scene.forward(r.balls)
    assert scene.step == r.balls[0]
    scene.forward(r.decades)
    assert scene.step == r.decades[0]
    scene.back(r.turns)
    assert scene.step == max(k for k in r.turns if k < r.decades[0])
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0))
    assert scene.step == len(r)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0))
    assert scene.step == 0
    app.step(1 / 60)


def test_the_replays_controls_are_laid_out_anew_only_for_another_window_or_text_size(app, monkeypatch):
    from game.scenes import replay as replay_scene
    from game.ui import assets

    laid = []
    real = replay_scene.table_rects
    monkeypatch.setattr(replay_scene, "table_rects", lambda size: laid.append(size) or real(size))
    scene = ReplayScene(app.ctx, record_of(_finished_session(seed=9)))
    app.stack.push(scene)  # its buttons laid out
    app.step(1 / 60)
    app.step(1 / 60)
    scene.forward(scene.replay.turns)  # another step: the same controls
    app.step(1 / 60)
    assert len(laid) == 1
    pygame.display.set_mode((1600, 900))
    app.resize((1600, 900))
    app.step(1 / 60)
    assert laid[1:] == [(1600, 900)]
    try:
        assets.set_text_scale(1.5)
        app.step(1 / 60)
        assert len(laid) == 3
    finally:
        assets.set_text_scale(1.0)


def _private_words(replay: Replay, step: int, seat: int, names) -> set[str]:
    """What the chronicle would say of the events up to ``step`` if it told ``seat`` another's secrets (the tiles
    drawn, the cards kept), where that differs from what ``seat`` may read."""
    out = set()
    events = replay.events_until(step)
    allowed = {event_words(e, names, seat) for e in events}  # what it reads of its own events may look alike
    for e in events:
        if not e.private or seat in e.knowers():
            continue
        persons = _persons(e)
        template = persons[2] if e.other == seat and len(persons) > 2 else persons[1]
        mine = event_words(e, names, seat)
        for leaky in (template.format(**_fields(e, names, 1)), *(event_words(e, names, k) for k in e.knowers())):
            if leaky != mine and leaky not in allowed:
                out.add(leaky)
    return out


def test_a_seats_replay_shows_only_what_it_could_see(app):
    session = _finished_session(seed=11, kinds=("human", "human", "easy"))
    session_state = session.state
    record = record_of(session)
    scene = ReplayScene(app.ctx, record, seat=0)
    app.stack.push(scene)
    names = record.names
    checked = leaks = 0
    for step in scene.replay.turns[::3]:
        scene.go(step)
        frame = scene.ensure_frame()
        shown = frame.panels["track"][0].view
        state = scene.replay.state_at(step)
        assert shown.seat == 0 and shown.own_screen and not shown.legal
        assert shown.to_dict()["state"] == scene.view().to_dict()["state"]
        for other in (1, 2):
            p = shown.state.players[other]
            assert (p.tiles, p.money, p.bribes, p.cards) == ([0, 0, 0, 0], 0, 0, [])
        assert shown.state.bag == [0, 0, 0, 0] and shown.state.deck == []
        assert shown.state.players[0].tiles == state.players[0].tiles  # its own screen, as it was
        lines = " ".join(line.text for line in frame.panels["log"][1].lines)
        secrets = _private_words(scene.replay, step, 0, names)
        assert [w for w in secrets if w in lines] == []
        leaks += len(secrets)
        checked += 1
    assert checked >= 5 and leaks > 0 and session_state.over  # there were secrets to keep


def _unfinished_session() -> GameSession:
    """Two humans and an Easy player, 60 decisions into their game."""
    session = GameSession(seats(("human", "easy", "human")), 4)
    st = session.state
    bots = [make_bot("easy", i) for i in range(3)]
    for _ in range(60):
        session.apply(bots[st.decider].choose(session.view(st.decider), session.legal()))
    return session


def test_an_unfinished_games_replay_offers_only_the_humans_views(app):
    session = _unfinished_session()
    scene = ReplayScene(app.ctx, record_of(session), seat=1)
    assert scene.seats == [0, 2] and scene.seat == 0
    scene.next_seat()
    assert scene.seat == 2
    finished = ReplayScene(app.ctx, record_of(_finished_session()), seat=1)
    assert finished.seats == [0, 1, 2] and finished.seat == 1


def _seat_label(app, scene) -> str:
    app.step(1 / 60)  # the widgets of the choice made
    return next(b.text for b, act in scene.buttons.items() if act == scene.next_seat)


def test_all_seats_is_offered_only_once_the_game_is_over(app):
    session = _unfinished_session()
    unfinished = ReplayScene(app.ctx, record_of(session), seat=EVERYONE)
    app.stack.push(unfinished)
    assert unfinished.choices == [0, 2] and unfinished.seat == 0 and not unfinished.everyone
    for _ in range(4):
        unfinished.next_seat()
        assert not unfinished.everyone and _seat_label(app, unfinished) != "All seats"
    assert not isinstance(unfinished.ensure_frame().panels["screen"][1], AllScreensLayout)
    app.stack.pop()
    finished = ReplayScene(app.ctx, record_of(_finished_session()), seat=1)
    app.stack.push(finished)
    assert finished.choices == [0, 1, 2, EVERYONE] and _seat_label(app, finished) == "Seen by Robert"
    finished.next_seat()
    finished.next_seat()
    assert finished.everyone and _seat_label(app, finished) == "All seats"
    assert isinstance(finished.ensure_frame().panels["screen"][1], AllScreensLayout)
    finished.next_seat()  # round again to one seat: its own screen only
    assert finished.seat == 0 and _seat_label(app, finished) == "Seen by Anne"
    frame = finished.ensure_frame()
    assert isinstance(frame.panels["screen"][1], ScreenLayout) and frame.panels["screen"][0].view.seat == 0


def test_all_seats_shows_every_seats_holdings_and_names_every_card(app):
    session = _finished_session(seed=11, kinds=("human", "easy", "easy"))
    record = record_of(session)
    scene = ReplayScene(app.ctx, record, seat=EVERYONE)
    app.stack.push(scene)
    names, replay = record.names, scene.replay
    kept_by_others = 0
    for step in replay.turns[::4] + [len(replay)]:
        scene.go(step)
        frame = scene.ensure_frame()
        state = replay.state_at(step)
        shown = frame.panels["track"][0].view
        assert not shown.own_screen and all(p.cards == [] for p in shown.state.players)  # the board: public
        lay = frame.panels["screen"][1]
        assert isinstance(lay, AllScreensLayout) and [r.holdings.seat for r in lay.rows] == [0, 1, 2]
        for row, region, p in zip(lay.rows, lay.regions, state.players, strict=True):
            h = row.holdings
            assert (list(h.tiles), h.money, h.bribes, list(h.cards)) == (p.tiles, p.money, p.bribes, p.cards)
            assert all(CARD_NAMES[c] in row.card_line and CARD_NAMES[c] in region.tip for c in p.cards)
        lines = " ".join(line.text for line in frame.panels["log"][1].lines)
        for line in frame.panels["log"][1].lines:
            e = line.entry.event
            if line.first and e.kind == EventKind.CARD_KEPT and e.seat != 0:  # another seat's secret, named
                kept_by_others += 1
                assert all(CARD_NAMES[c] in lines for c in e.cards) and e.cards
    assert kept_by_others > 0
    for e in replay.events_until(len(replay)):
        if e.private:  # every private event is worded whole, in the third person
            assert event_words(e, names, EVERYONE) == i18n._(_persons(e)[1]).format(**_fields(e, names, 1))
            assert event_words(e, names, EVERYONE) != event_words(e, names, None)


def test_an_open_screens_cards_fit_their_line_and_count_the_rest(app):
    many = (Card.SECRET_MARRIAGE, Card.CUNNING_STROKE, Card.VICAR, Card.INHERITANCE, Card.WHITEHALL)
    whole = card_line(many, 14, 2000)
    assert all(CARD_NAMES[c] in whole for c in many) and "more" not in whole
    short = card_line(many, 14, 300)
    assert fits(short, "body", 14, 300) and short.endswith("more")
    assert CARD_NAMES[many[0]] in short and CARD_NAMES[many[-1]] not in short
    assert card_line((), 14, 300) == "No scandal cards"


def test_review_is_offered_on_the_load_screen_and_reads_the_save_only(app):
    from game.scenes.saves import LoadScene

    session = _finished_session()
    path = saves.save_named(session, "Done")
    before = path.read_bytes()
    load = LoadScene(app.ctx)
    app.stack.push(load)
    app.step(1 / 60)
    assert load.review_button is not None and load.review_button.is_enabled
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=load.review_button))
    dialog = app.stack.top
    assert dialog.name == "choice"
    dialog.choose(1)  # Replay
    assert isinstance(app.stack.top, ReplayScene)
    assert app.stack.top.replay.over and path.read_bytes() == before


def test_the_command_line_and_the_screen_rank_the_same_decisions_for_the_same_save(tmp_path, capsys):
    import json

    from rules.arena import cli

    session = _finished_session(seed=6)
    path = saves.save_named(session, "Ranked twice")
    assert cli.main(["review", str(path), "--seat", "1", "--iterations", "2", "--json", "--no-progress"]) == 0
    headless = json.loads(capsys.readouterr().out)
    screen = run_review(record_from_file(path), 1, 2, lambda done, total: None, lambda: False)
    assert screen is not None and len(headless["costliest"]) >= 3

    def ranked(data):
        return [(d["index"], d["played"], d["suggested"], d["loss"], d["suggested_reasons"]) for d in
                data["costliest"]]

    assert ranked(headless) == ranked(screen)
    shown = ReviewData.from_dict(screen)
    assert [d.index for d in shown.costliest] == [d["index"] for d in headless["costliest"]]


@pytest.mark.parametrize(("size", "text_scale", "language"), [((960, 600), 150, "de"), ((1280, 720), 100, "en")])
def test_the_replays_seat_button_holds_its_words(size, text_scale, language):
    """"Gesehen von Normal 1" ran past its button at 960x600, 150 %: the name alone there, the tooltip says whose
    view it is."""
    from game.ui import widgets
    from tests.game import test_table_support as support
    from tests.game.gallery import GALLERY

    app = support.make_app(size, text_scale, language)
    try:
        scene = GALLERY["replay"](app)
        seats = tuple(attrs.evolve(seat, name=f"Normal {i + 1}") for i, seat in enumerate(scene.record.seats))
        scene.record = attrs.evolve(scene.record, seats=seats)
        scene.drop_widgets()
        scene.build_widgets()
        support.frames(app, 1)
        seat = next(b for b, act in scene.buttons.items() if act == scene.next_seat)
        assert widgets.label_width(app.ctx.window_size, seat.text) <= seat.rect.width + 1, seat.text
        assert scene.record.names[scene.seat] in seat.text
    finally:
        support.end_app(app)


@pytest.mark.parametrize(("size", "text_scale", "language"), [((960, 600), 150, "de"), ((1280, 720), 100, "en")])
def test_the_reviews_progress_card_keeps_its_time_line_over_the_bar(monkeypatch, size, text_scale, language):
    """"noch etwa 1 Minute" sat under the progress bar at 150 %: the card grows with its lines."""
    import time
    import types

    import pygame

    from game.scenes import review
    from game.ui import layout
    from tests.game import test_table_support as support
    from tests.game.gallery import GALLERY

    app = support.make_app(size, text_scale, language)
    try:
        scene = GALLERY["review"](app)
        scene.job = types.SimpleNamespace(fraction=0.2, cancel=lambda: None, done=False)
        scene.error, scene.started = None, time.perf_counter() - 60.0  # its pace known: a time still to wait
        lines, bars = [], []
        real_fit, real_rect = review.fit_text, review.pygame.draw.rect
        monkeypatch.setattr(review, "fit_text", lambda content, *rest: lines.append(real_fit(content, *rest))
                            or lines[-1])
        monkeypatch.setattr(review.pygame.draw, "rect", lambda surface, colour, rect, *rest, **kw: (
            bars.append(pygame.Rect(rect)) if colour == review.GOLD else None) or real_rect(surface, colour, rect,
                                                                                              *rest, **kw))
        canvas = Recording(app.ctx.window_size)
        scene._draw_progress(canvas, scene._layout()["body"], layout.scale_for(size))
        placed = [spot for source, spot in canvas.blits if any(source is line for line in lines)]
        assert len(placed) == 2 and bars and placed[-1].bottom <= bars[-1].top, (placed, bars)
    finally:
        support.end_app(app)
