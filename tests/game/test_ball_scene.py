"""The masked ball scene: built from real games, driven by synthetic clicks, at three window sizes.

The helpers here (a seeded game played by rules.bots.simple bots, a GameSession around it, an AppContext with
a real UI manager, frames with synthetic input) are shared by the other interlude tests.
"""

from __future__ import annotations

import pygame
import pytest

from game.persist.settings import Settings
from game.shell.shutdown import quit_pygame
from game.table.overlay import Overlay
from game.ui import theme
from game.ui.scene import AppContext, SceneStack
from rules import HandBackBribe, PlacePrestige
from rules.bots.simple import GreedyPlayer
from rules.events import EventKind
from rules.flow import base_prestige, prestige_space
from rules.model import Decision

SIZES = [(1280, 720), (1920, 1080), (960, 600)]
NAMES = ["Anne", "Robert", "Mary", "Walter", "Frances"]
COLOURS = ["#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7"]
CRESTS = ["lion", "rose", "stag", "swan", "tower"]


# -- shared helpers -------------------------------------------------------------------------------------
def play(n=4, seed=1, stop=None):
    """Play a seeded game with greedy bots until ``stop(state, events)``; returns (state, last events)."""
    from rules import new_game

    state = new_game(NAMES[:n], seed)
    bots = [GreedyPlayer(seed * 10 + i) for i in range(n)]
    events: list = []
    while not state.over:
        events = state.apply(bots[state.decider].choose(state.view(state.decider), state.legal_actions()))
        if stop is not None and stop(state, events):
            return state, events
    return state, events


def make_session(state, humans=(), speed="normal"):
    from game.session import GameSession, SeatSpec

    seats = [SeatSpec(NAMES[i], "human" if i in humans else "greedy", COLOURS[i], CRESTS[i])
             for i in range(state.n)]
    return GameSession(seats, state.seed, state=state, speed=speed)


def make_ctx(size=(1280, 720), autoplay=False, speed="normal"):
    pygame.init()
    surface = pygame.display.set_mode(size)
    settings = Settings()
    settings.animation_speed = speed
    ctx = AppContext(ui=theme.create_manager(size), settings=settings, stack=SceneStack(), quit=lambda *a: None,
                     window_size=size, autoplay=autoplay)
    return ctx, surface


def frame(ctx, surface, dt=1 / 60):
    for event in pygame.event.get():
        if not ctx.ui.process_events(event):
            ctx.stack.handle_event(event)
    ctx.ui.update(dt)
    ctx.stack.update(dt)
    ctx.stack.draw(surface)
    ctx.ui.draw_ui(surface)


def frames(ctx, surface, n, dt=1 / 60, until=None):
    for _ in range(n):
        frame(ctx, surface, dt)
        if until is not None and until():
            return True
    return False


def click(ctx, surface, pos):
    """A real left click: move, press, release, through pygame's queue and the UI manager."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(ctx, surface, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(ctx, surface, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(ctx, surface, 3)


def button_for(scene, key):
    """The ball's button on the region ``key`` ("ball:bribe", "ball:place", ...)."""
    for widget, target in scene.buttons.items():
        if target.key == key:
            return widget
    raise AssertionError(f"no button {key!r}; buttons: {list(scene.buttons.values())}")


@pytest.fixture
def display():
    from game.table import estate_draw

    # fonts and rendered art from an earlier pygame.init() die with pygame.quit(): start afresh
    from game.ui import assets, widgets

    # fonts and rendered art from an earlier pygame.init() die with pygame.quit(): start afresh
    assets.clear_caches()
    widgets._gold_text.cache_clear()
    estate_draw.clear_caches()
    pygame.init()
    yield
    quit_pygame()


def at_ball_with_bribes(state, events):
    return (state.step == Decision.BALL_SPEND and state.players[state.decider].bribes > 0
            and state.ball.index >= 1)


# -- tests ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_ball_builds_updates_and_draws_through_to_the_titles(display, size):
    from game.scenes.ball import BallScene

    state, _ = play(4, 11, at_ball_with_bribes)
    session = make_session(state, speed="fast")
    ctx, surface = make_ctx(size)
    scene = BallScene(ctx, session)
    ctx.stack.push(scene)
    frames(ctx, surface, 30)
    assert ctx.stack.top is scene
    assert frames(ctx, surface, 3000, until=lambda: scene.ready)
    assert state.ball is None and state.step == Decision.TURN
    assert len(scene.titles) == state.n
    assert {seat: t for seat, (t, _vp) in scene.titles.items()} == dict(enumerate(state.ball_titles[-1]))
    assert scene.continue_button is not None
    history = len(state.history)
    frames(ctx, surface, 60)
    assert len(state.history) == history, "the game must not run on while the ball is shown"
    click(ctx, surface, scene.continue_button.rect.center)
    assert scene not in ctx.stack
    assert session.paused is False


def test_human_hands_back_a_bribe_and_places_the_marker_by_clicking(display):
    from game.scenes.ball import BallScene

    state, _ = play(4, 11, at_ball_with_bribes)
    seat = state.decider
    session = make_session(state, humans=(seat,), speed="fast")
    ctx, surface = make_ctx((1280, 720))
    seen: list = []
    session.add_listener(seen.extend)
    scene = BallScene(ctx, session)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 600, until=lambda: scene.show_private())
    bribes = state.players[seat].bribes
    base = state.ball.base
    assert base == base_prestige(state, seat)
    click(ctx, surface, button_for(scene, "ball:bribe").rect.center)
    assert state.players[seat].bribes == bribes - 1
    assert state.ball.extra == 1
    assert any(e.kind == EventKind.BRIBES_RETURNED and e.seat == seat for e in seen)
    places = list(state.ball.places)
    expected = prestige_space(places, base + 1)
    assert scene.landing() == (base + 1, expected)
    assert f"at {expected}" in button_for(scene, "ball:place").text
    click(ctx, surface, button_for(scene, "ball:place").rect.center)
    placed = [e for e in seen if e.kind == EventKind.PRESTIGE_PLACED and e.seat == seat]
    assert placed and placed[0].amount == expected
    assert state.step != Decision.BALL_SPEND or state.decider != seat


@pytest.mark.parametrize("size", SIZES)
def test_the_ball_is_laid_out_as_regions_and_its_buttons_stand_on_them(display, size):
    from game.scenes.ball import BallScene

    state, _ = play(4, 11, at_ball_with_bribes)
    seat = state.decider
    session = make_session(state, humans=(seat,), speed="fast")
    ctx, surface = make_ctx(size)
    scene = BallScene(ctx, session)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 600, until=lambda: scene.show_private())
    frames(ctx, surface, 2)
    frame = scene.lay_out()
    keys = {region.key for region in frame.regions}
    assert {"ball:track", "ball:titles", "ball:space:0", "ball:space:10", "ball:title:marquess", "ball:item:bribe",
            "ball:bribe", "ball:place"} <= keys
    assert {f"ball:noble:{s}" for s in range(state.n)} <= keys
    assert {f"ball:card:{card.label}" for card in state.players[seat].cards} <= keys
    for widget, target in scene.buttons.items():  # each button where its region is
        assert widget.rect == frame.find(target.key).rect
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(region.rect) for region in frame.regions)


class Steering(Overlay):
    """An overlay of the ball that lets only the marker be placed, hears what was taken and holds the ball."""

    def __init__(self):
        self.taken, self.drawn, self.hold = [], [], True

    def allows(self, action):
        return action == PlacePrestige()

    def done(self, action):
        self.taken.append(action)

    def draw(self, surface, frame):
        self.drawn.append(frame)

    def holds(self):
        return self.hold


def test_an_overlay_steers_the_ball_through_its_hook(display):
    from game.scenes.ball import BallScene

    state, _ = play(4, 11, at_ball_with_bribes)
    seat = state.decider
    session = make_session(state, humans=(seat,), speed="fast")
    ctx, surface = make_ctx((1280, 720))
    scene = BallScene(ctx, session)
    steering = Steering()
    scene.attach(steering)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 600, until=lambda: scene.show_private())
    bribes = state.players[seat].bribes
    click(ctx, surface, button_for(scene, "ball:bribe").rect.center)
    assert state.players[seat].bribes == bribes and not scene.do(HandBackBribe())  # refused by the overlay
    click(ctx, surface, button_for(scene, "ball:place").rect.center)
    assert steering.taken == [PlacePrestige()]
    scene.draw_overlay(surface)
    assert steering.drawn and steering.drawn[-1].find("ball:track") is not None
    assert frames(ctx, surface, 3000, until=lambda: scene.ready)
    frames(ctx, surface, 5)
    assert not scene.may_leave and scene.continue_button is None  # held open
    steering.hold = False
    frames(ctx, surface, 2)
    assert scene.may_leave and scene.continue_button is not None


def test_private_data_waits_behind_a_curtain_with_two_humans(display):
    from game.scenes.ball import BallScene

    state, _ = play(4, 11, at_ball_with_bribes)
    seat = state.decider
    other = (seat + 1) % state.n
    session = make_session(state, humans=(seat, other), speed="fast")
    ctx, surface = make_ctx((1280, 720))
    scene = BallScene(ctx, session)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 600, until=lambda: scene.human_deciding())
    frames(ctx, surface, 2)
    assert scene.needs_curtain() and not scene.show_private()
    assert {target.key for target in scene.buttons.values()} == {"ball:curtain"}
    assert button_for(scene, "ball:curtain").text == f"I am {NAMES[seat]}"
    click(ctx, surface, button_for(scene, "ball:curtain").rect.center)
    assert scene.show_private()
    assert "ball:place" in {target.key for target in scene.buttons.values()}


def test_autoplay_plays_the_ball_and_continues_by_itself(display):
    from game.scenes.ball import BallScene

    stop = []

    def started(state, events):
        if any(e.kind == EventKind.BALL_STARTED for e in events):
            stop.extend(events)
            return True
        return False

    state, events = play(3, 4, started)
    session = make_session(state, speed="fast")
    ctx, surface = make_ctx((1280, 720), autoplay=True)
    scene = BallScene(ctx, session, events)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 3000, dt=1 / 30, until=lambda: scene not in ctx.stack)
    assert state.ball is None
    assert state.ball_titles


def test_instant_speed_continues_without_a_click(display):
    from game.scenes.ball import BallScene

    state, events = play(3, 4, lambda s, ev: any(e.kind == EventKind.BALL_STARTED for e in ev))
    session = make_session(state, speed="instant")
    ctx, surface = make_ctx((1280, 720), speed="instant")
    scene = BallScene(ctx, session, events)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 600, until=lambda: scene not in ctx.stack)


def test_ball_already_over_shows_the_outcome_from_the_events(display):
    """The table may push the scene after the whole ball happened in one go: the events tell it."""
    from game.scenes.ball import BallScene

    collected: list = []

    def ball_over(state, events):
        if any(e.kind == EventKind.BALL_STARTED for e in events):
            collected.clear()
        collected.extend(events)
        return any(e.kind == EventKind.TITLE_AWARDED for e in events)

    state, _ = play(4, 2, ball_over)
    session = make_session(state, speed="fast")
    ctx, surface = make_ctx((1280, 720))
    scene = BallScene(ctx, session, collected)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 2000, until=lambda: scene.ready)
    assert {seat: t for seat, (t, _vp) in scene.titles.items()} == dict(enumerate(state.ball_titles[-1]))
    placed = {e.seat: e.amount for e in collected if e.kind == EventKind.PRESTIGE_PLACED}
    assert scene.places == placed


def test_prestige_sources_sum_to_the_engines_base_prestige():
    from game.scenes.ball import prestige_sources

    state, _ = play(5, 7, lambda s, ev: s.decade == 3 and s.round_pos >= 6)
    for seat in range(state.n):
        assert sum(points for *_rest, points in prestige_sources(state, seat)) == base_prestige(state, seat)


def test_a_narrow_title_band_keeps_the_titles_name(display, monkeypatch):
    """At the smallest window a band drops its plaque, then shortens its count, before the title's name."""
    from game.scenes import ball
    from game.ui import widgets
    from game.ui.pieces import TITLE_NAMES
    from rules.model import Title

    state, _ = play(4, 11, at_ball_with_bribes)
    ctx, _surface = make_ctx((960, 600))
    scene = ball.BallScene(ctx, make_session(state, speed="fast"))
    made: dict[int, tuple[str, pygame.Surface]] = {}
    real = widgets.text

    def text(content, *args, **kwargs):
        img = real(content, *args, **kwargs)
        made[id(img)] = (content, img)
        return img

    class Recording(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            shown.append(made.get(id(source), ("", None))[0])
            return super().blit(source, dest, *args, **kwargs)

    monkeypatch.setattr(widgets, "text", text)
    name = TITLE_NAMES[Title.VISCOUNT]
    for width, wanted in ((300, f"{name} 2+"), (150, f"{name} 2+"), (110, name), (40, "×")):
        shown: list[str] = []
        band = pygame.Rect(0, 0, width, 24)
        form, size = scene._band_fit([(Title.VISCOUNT, 2, band)])
        scene._draw_band(Recording((400, 30)), band, scene._band_forms(band, Title.VISCOUNT, 2, size)[form])
        assert any(words.startswith(wanted) for words in shown), (width, shown)


def test_continuing_a_game_saved_during_a_ball_goes_on_at_the_ball(tmp_path):
    """The ball was shown as the table's small chooser, and its titles were never shown."""
    from game import scenes
    from game.persist import saves, storage
    from game.scenes.ball import BallScene
    from game.scenes.table import TableScene
    from tests.game.test_table_support import frames as app_frames
    from tests.game.test_table_support import make_app

    state, _ = play(3, 4, lambda s, ev: s.step == Decision.BALL_SPEND and s.decider == 0)
    saves.Autosaver(make_session(state, humans=(0,), speed="instant")).attach()
    app = make_app()
    try:
        app.stack.push(scenes.create("title", app.ctx))
        table = scenes.create("continue_game", app.ctx, path=storage.autosave_path())
        assert isinstance(table, TableScene)
        app.stack.push(table)
        for _ in range(30):  # the ball is prepared a few frames, then shown
            app_frames(app, 1)
            if app.stack.top is not table:
                break
        ball = app.stack.top
        assert isinstance(ball, BallScene) and ball.phase == "ball"
        session = table.session
        while session.state.ball is not None:  # the human hands nothing back; the others decide on their own
            if session.human_to_decide():
                session.apply(PlacePrestige())
            app_frames(app, 5)
        for _ in range(900):  # the markers hop and the titles are given at the normal speed
            if ball.ready:
                break
            app_frames(app, 1)
        assert app.stack.top is ball and ball.phase == "titles"  # the ball's results, then Continue
    finally:
        app.stack.clear()
        quit_pygame()


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize("text_scale", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("size", SIZES)
def test_the_deciders_sums_stay_inside_the_decision_panel(display, size, text_scale, language):
    """The heading and the three lines under it (from the estate, handed back, the total) end above the decision
    panel's foot at every size and text size (at 200% in a 960x600 window the total ran past it)."""
    from game import i18n
    from game.scenes.ball import BallScene
    from game.ui import assets

    state, _ = play(4, 11, at_ball_with_bribes)
    session = make_session(state, humans=(state.decider,), speed="fast")
    i18n.set_language(language)
    assets.set_text_scale(text_scale)
    try:
        ctx, _surface = make_ctx(size)
        scene = BallScene(ctx, session)
        bottom = scene._layout()["bottom"]
        s = scene.scale
        size_ = scene.sums_size(bottom)
        head = assets.font("heading", round(24 * s)).get_height()
        line = assets.font("body", size_).get_linesize() - round(2 * s)
        assert bottom.top + round(10 * s) + head + 3 * line <= bottom.bottom - round(4 * s)
        assert round(size_ * text_scale) >= assets.min_text()  # never below the readable size
    finally:
        assets.set_text_scale(1.0)
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "it"])
def test_what_may_be_handed_back_is_labelled_in_one_size_clear_of_the_buttons_focus_ring(monkeypatch, language):
    """The decision panel's labels ("Bribe · +1", "Blackmail · +3") in one size (a long Italian name was drawn
    smaller than its neighbour), and their foot clear of the ring the keys draw around a Hand back button."""
    from game.scenes import ball
    from game.ui import assets
    from tests.game import test_table_support as support
    from tests.game.gallery import GALLERY

    app = support.make_app((1280, 720), 125, language)
    try:
        scene = GALLERY["ball-decision-both"](app)
        drawn = []
        real = ball.fit_text
        monkeypatch.setattr(ball, "fit_text", lambda content, role, size, *rest: drawn.append((content, role, size))
                            or real(content, role, size, *rest))
        scene.draw(pygame.Surface(app.ctx.window_size))
        labels = list(scene.item_labels(scene.session.view(scene.state.decider).me).values())
        sizes = {size for content, role, size in drawn if role == "ui" and any(content in label for label in labels)}
        assert len(sizes) == 1, drawn
        s, bottom = scene.scale, scene._layout()["bottom"]
        x0, x1 = scene._items_span(bottom)
        slot_w = scene._slot_w(x1 - x0, labels)
        lines = max(len(scene.item_label_lines(label, slot_w - round(6 * s))) for label in labels)
        foot = (bottom.top + round(10 * s) + scene.item_art_h(bottom, labels, slot_w) + round(2 * s)
                + lines * assets.font("ui", round(13 * s)).get_linesize())
        ring = max(3, round(4 * s)) + max(2, round(3 * s)) + 1  # game.ui.focus.draw_ring's reach
        assert foot <= bottom.bottom - round(16 * s) - round(34 * s) - ring
    finally:
        support.end_app(app)


@pytest.mark.parametrize(("size", "language"), [((1280, 720), "en"), ((1280, 720), "de"), ((960, 600), "it")])
def test_the_title_bands_above_the_baron_show_alike(size, language):
    """Every band from the Viscount up shows the same parts in one size (at 125 % the Marquess lost its plaque
    beside an Earl with one, and "none left" stood beside "×1")."""
    from game.scenes.ball import BallScene
    from rules import Title
    from tests.game import test_table_support as support
    from tests.game.gallery import GALLERY

    app = support.make_app(size, 125, language)
    try:
        scene = GALLERY["ball"](app)
        asked, shown = [], []  # the size of each band's forms asked for; what each band drew, at that size
        forms = scene._band_forms
        scene._band_forms = lambda band, title, start, size: asked.append((title, size)) or forms(band, title,
                                                                                                  start, size)
        scene._draw_band = lambda surface, band, parts: shown.append((asked[-1], len(parts)))
        BallScene._draw_track(scene, pygame.Surface(app.ctx.window_size), scene._layout()["track"])
        above_baron = [(size, parts) for (title, size), parts in shown if title != Title.BARON]
        assert len(above_baron) == 4 and len(set(above_baron)) == 1, shown
    finally:
        support.end_app(app)


def test_who_considers_is_said_once_the_markers_before_theirs_have_moved(display, monkeypatch):
    """R-BALL-2: the line under the cards names the decider only once the markers placed before theirs have
    moved (it said "Mary considers…" while Robert, before her, still waited to place)."""
    from game.scenes import ball
    from rules.events import Event

    state, _ = play(4, 11, at_ball_with_bribes)
    ctx, _surface = make_ctx((1280, 720))
    scene = ball.BallScene(ctx, make_session(state, speed="normal"))
    said = []
    real = ball.widgets.blit_text
    monkeypatch.setattr(ball.widgets, "blit_text", lambda surface, content, *rest, **kw: said.append(content)
                        or real(surface, content, *rest, **kw))
    bottom = scene._layout()["bottom"]
    earlier = state.ball.order[state.ball.index - 1]
    scene.step = None
    scene.queue.append(Event(EventKind.PRESTIGE_PLACED, earlier, state.ball.places[earlier]))
    scene._draw_bottom(pygame.Surface(ctx.window_size), bottom)
    assert not any("considers" in words for words in said), said
    scene.queue.clear()
    scene._draw_bottom(pygame.Surface(ctx.window_size), bottom)
    assert any("considers" in words for words in said), said


def test_the_rule_under_the_ranks_of_a_ball_stays_under_them_at_a_large_text_size(monkeypatch):
    """At 200 % the ranks ("Visconte: Mary · ...") stand taller than their room: the rule under them went through
    them."""
    from game.scenes import ball
    from tests.game import test_table_support as support
    from tests.game.gallery import GALLERY

    app = support.make_app((1920, 1080), 200, "it")
    try:
        scene = GALLERY["ball"](app)
        assert scene.ready
        ranks, rules = [], []
        real_text, real_rule = ball.widgets.text, ball.widgets.fleuron_rule
        monkeypatch.setattr(ball.widgets, "text", lambda content, *rest: (
            ranks.append(real_text(content, *rest)) or ranks[-1]) if "·" in content else real_text(content, *rest))
        monkeypatch.setattr(ball.widgets, "fleuron_rule", lambda surface, centre, *rest: rules.append(centre[1])
                            or real_rule(surface, centre, *rest))
        placed = []

        class Recording(pygame.Surface):
            def blit(self, source, dest, *args, **kwargs):
                spot = super().blit(source, dest, *args, **kwargs)
                if ranks and source is ranks[-1]:
                    placed.append(spot)
                return spot

        bottom = scene._layout()["bottom"]
        scene._draw_bottom(Recording(app.ctx.window_size), bottom)
        assert placed and rules and rules[-1] > placed[-1].bottom, (placed, rules)
    finally:
        support.end_app(app)


@pytest.mark.parametrize(("size", "text_scale"), [((1280, 720), 100), ((960, 600), 150), ((1920, 1080), 150)])
@pytest.mark.parametrize("stacked", [(0, 0), (0, 0, 0), (1, 1, 2)])
def test_the_prestige_heading_stays_clear_of_a_stack_of_markers(size, text_scale, stacked):
    """Two nobles' markers on 0 covered the word "Prestige" over the track (QA, a pass-and-play ball)."""
    from game.i18n import _
    from game.ui import widgets
    from game.ui.theme import MUTED
    from tests.game import fit_matrix

    case = fit_matrix.Case("ball", size, text_scale, "en")
    with fit_matrix.opened(case) as app:
        ball = app.stack.top
        ball.places = dict(zip(ball.order, stacked, strict=False))
        track = ball._layout()["track"]
        words = widgets.text(_("Prestige"), "heading", round(16 * ball.scale), MUTED)
        heading = words.get_bounding_rect().move(ball.heading_x(track, words.get_width()),
                                                 track.top + round(6 * ball.scale))
        half = ball._marker_size(track) // 2
        for seat, space in ball.places.items():
            x, y = ball._marker_pos(track, seat, space)
            marker = pygame.Rect(x - half, y - half, 2 * half, 2 * half).inflate(-4, -4)  # touching is no cover
            assert not heading.colliderect(marker), (seat, space)
        assert fit_matrix.measure(app, case).problems == []


@pytest.mark.parametrize("name", ["Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery"])
@pytest.mark.parametrize(("size", "text_scale"), [((1280, 720), 1.0), ((960, 600), 2.0)])
def test_the_curtains_button_holds_a_long_name(display, name, size, text_scale):
    """The curtain's "I am <name>" button is as wide as its words (it cut "I am Bartholomew Fitzwillian" at both
    ends at 1280x720, 100 %), or says the name alone where the window is too narrow for both."""
    from game.scenes.ball import BallScene
    from game.session import GameSession, SeatSpec
    from game.ui import assets

    state, _ = play(4, 11, at_ball_with_bribes)
    seat = state.decider
    state.names[seat] = name
    humans = (seat, (seat + 1) % state.n)
    session = GameSession([SeatSpec(state.names[i], "human" if i in humans else "greedy", COLOURS[i], CRESTS[i])
                           for i in range(state.n)], state.seed, state=state, speed="fast")
    assets.set_text_scale(text_scale)
    try:
        ctx, surface = make_ctx(size)
        scene = BallScene(ctx, session)
        ctx.stack.push(scene)
        assert frames(ctx, surface, 600, until=lambda: scene.human_deciding())
        frames(ctx, surface, 2)
        button = button_for(scene, "ball:curtain")
        assert name in button.text
        assert button.font.size(button.text)[0] <= button.rect.width - 12
        assert surface.get_rect().contains(button.rect)
    finally:
        assets.set_text_scale(1.0)
        session.close()


@pytest.mark.parametrize(("size", "text_scale"), [((960, 600), 150), ((960, 600), 200), ((1280, 720), 100)])
def test_the_prestige_heading_stays_clear_of_the_deciders_preview_marker(size, text_scale):
    """While a human decides, one marker placed on 0 and the decider's preview marker over it covered "Pr" of
    "Prestige" (QA): the preview counts in the stack the heading moves clear of."""
    from game.i18n import _
    from game.ui import widgets
    from game.ui.theme import MUTED
    from tests.game import fit_matrix

    case = fit_matrix.Case("ball-decision", size, text_scale, "en")
    with fit_matrix.opened(case) as app:
        ball = app.stack.top
        assert ball.show_private()
        decider = ball.state.decider
        other = next(seat for seat in ball.order if seat != decider)
        ball.places = {other: 0}
        ball.landing = lambda: (0, 0)
        track = ball._layout()["track"]
        words = widgets.text(_("Prestige"), "heading", round(16 * ball.scale), MUTED)
        heading = words.get_bounding_rect().move(ball.heading_x(track, words.get_width()),
                                                 track.top + round(6 * ball.scale))
        half = ball._marker_size(track) // 2
        for seat in (other, decider):
            x, y = ball._marker_pos(track, seat, 0)
            assert not heading.colliderect(pygame.Rect(x - half, y - half, 2 * half, 2 * half).inflate(-4, -4)), seat
