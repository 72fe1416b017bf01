"""Building scoring and decade interludes: built from real games at three window sizes."""

from __future__ import annotations

import pytest

from rules.events import EventKind
from tests.game.test_ball_scene import SIZES, click, display, frames, make_ctx, make_session, play  # noqa: F401


def at_scoring(which):
    count = [0]

    def stop(state, events):
        if any(e.kind == EventKind.BUILDING_SCORED for e in events):
            count[0] += 1
            return count[0] == which
        return False

    return stop


@pytest.mark.parametrize("size", SIZES)
def test_scoring_scene_shows_every_scored_building_and_continues(display, size):  # noqa: F811
    from game.scenes.scoring import ScoringScene

    state, events = play(5, 7, at_scoring(3))
    scored = [e for e in events if e.kind == EventKind.BUILDING_SCORED]
    assert scored
    session = make_session(state, speed="fast")
    ctx, surface = make_ctx(size)
    scene = ScoringScene(ctx, session, scored)
    ctx.stack.push(scene)
    frames(ctx, surface, 5)
    assert not scene.ready
    assert frames(ctx, surface, 600, until=lambda: scene.ready)
    frames(ctx, surface, 3)
    # what the scene shows agrees with the engine: the events and Estate.building_score()
    for seat, p in enumerate(state.players):
        engine = sorted((pos, b, vp) for pos, b, vp in p.estate.building_score())
        assert sorted((pos, b, vp) for pos, b, vp, _c in scene.scores[seat]) == engine
        assert scene.totals[seat] == sum(e.amount for e in scored if e.seat == seat)
        assert scene.shown_total(seat) == scene.totals[seat]
    assert scene.continue_button is not None
    click(ctx, surface, scene.continue_button.rect.center)
    assert scene not in ctx.stack


def test_scoring_without_events_and_with_nothing_to_score(display):  # noqa: F811
    from game.scenes.scoring import ScoringScene

    state, _ = play(3, 3, lambda s, ev: s.decade == 2)
    session = make_session(state, speed="instant")
    ctx, surface = make_ctx((1280, 720), speed="instant")
    scene = ScoringScene(ctx, session)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 120, until=lambda: scene not in ctx.stack), "instant speed continues by itself"


def test_scoring_autoplay_continues_by_itself(display):  # noqa: F811
    from game.scenes.scoring import ScoringScene

    state, events = play(4, 20, at_scoring(1))
    session = make_session(state, speed="normal")
    ctx, surface = make_ctx((1280, 720), autoplay=True)
    scene = ScoringScene(ctx, session, events)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 900, dt=1 / 30, until=lambda: scene not in ctx.stack)


@pytest.mark.parametrize("size", SIZES)
def test_decade_scene_tells_what_happens_and_continues(display, size):  # noqa: F811
    import pygame

    from game.scenes.decade import DecadeScene

    state, _ = play(4, 6, lambda s, ev: any(e.kind == EventKind.DECADE_STARTED for e in ev))
    session = make_session(state, speed="normal")
    ctx, surface = make_ctx(size)
    scene = DecadeScene(ctx, session)
    ctx.stack.push(scene)
    assert scene.decade == 2
    headings = [h for _i, h, _t in scene.items]
    assert headings[0] == "The board is refilled" and "scandal card" in headings[3]
    starter = state.names[(state.queen + 1) % state.n]
    assert starter in scene.items[-1][2]
    assert frames(ctx, surface, 600, until=lambda: scene.ready)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frames(ctx, surface, 2)
    assert scene not in ctx.stack


def test_the_decade_is_laid_out_anew_only_for_another_window_text_size_or_words(display, monkeypatch):  # noqa: F811
    import pygame

    from game import i18n
    from game.scenes.decade import DecadeScene
    from game.ui import assets

    state, _ = play(4, 6, lambda s, ev: any(e.kind == EventKind.DECADE_STARTED for e in ev))
    ctx, surface = make_ctx((1280, 720))
    scene = DecadeScene(ctx, make_session(state))
    laid = []
    real = DecadeScene._layout
    monkeypatch.setattr(DecadeScene, "_layout", lambda self, *args: laid.append(ctx.window_size) or real(self, *args))
    scene.draw(surface)
    scene.draw(surface)
    assert laid == [(1280, 720)]  # two frames, one layout
    ctx.window_size = (1920, 1080)
    surface = pygame.display.set_mode(ctx.window_size)
    scene.draw(surface)
    assert len(laid) == 2
    try:
        assets.set_text_scale(1.5)
        scene.draw(surface)
        assert len(laid) == 3
        i18n.set_language("de")
        scene.on_language()
        scene.draw(surface)
        scene.draw(surface)
        assert len(laid) == 4
    finally:
        assets.set_text_scale(1.0)
        i18n.set_language("en")


def test_instant_speed_waits_for_a_human_at_the_table(display):  # noqa: F811
    """The instant speed is for computer moves: a player always sees their own scoring, and continues."""
    import pygame

    from game.scenes.scoring import ScoringScene

    state, _ = play(3, 3, lambda s, ev: s.decade == 2)
    session = make_session(state, humans=(0,), speed="instant")
    ctx, surface = make_ctx((1280, 720), speed="instant")
    scene = ScoringScene(ctx, session)
    ctx.stack.push(scene)
    assert not frames(ctx, surface, 240, until=lambda: scene not in ctx.stack), "it waited for the player"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert frames(ctx, surface, 30, until=lambda: scene not in ctx.stack)


@pytest.mark.parametrize("text_scale", [100, 200])
def test_each_buildings_vp_stays_within_its_gold_disc(monkeypatch, text_scale):
    """R-SCORE: the "+5" on a scored building's disc fits the disc at any text size (at 200 % it spilled over the
    castle)."""
    import pygame

    from game.scenes import scoring
    from tests.game import test_table_support as support
    from tests.game.gallery import GALLERY

    app = support.make_app((1920, 1080), text_scale, "it")
    try:
        scene = GALLERY["scoring"](app)
        support.play_for(app, 2.5)  # the discs grown
        discs, labels = [], []
        real_circle, real_fit = scoring.pygame.draw.circle, scoring.fit_text
        monkeypatch.setattr(scoring.pygame.draw, "circle", lambda surface, colour, centre, radius, *rest, **kw: (
            discs.append(radius) if colour == scoring.GOLD else None) or real_circle(surface, colour, centre, radius,
                                                                                   *rest, **kw))
        monkeypatch.setattr(scoring, "fit_text", lambda content, *rest: (  # each "+N" with the disc drawn before it
            labels.append((real_fit(content, *rest), discs[-1])) or labels[-1][0]) if content.startswith("+")
            else real_fit(content, *rest))
        scene.draw(pygame.Surface(app.ctx.window_size))
        assert labels
        assert all(label.get_height() <= 2 * radius and label.get_width() <= 2 * radius
                   for label, radius in labels), [(label.get_size(), radius) for label, radius in labels]
    finally:
        support.end_app(app)


@pytest.mark.parametrize("text_scale", [150, 200])
@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_a_long_name_is_never_cut_at_the_building_scoring(text_scale, language, monkeypatch):
    """At 960x600 "Bartholomew Fitzwilliam-Smythe" was cut beside its crest: it takes two lines under the colour's
    stripe, the VP under it where it stands under the name."""
    from tests.game import fit_matrix, test_ball_scene

    monkeypatch.setattr(test_ball_scene, "NAMES", ["Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery",
                                                   "Normal 3", "Normal 4", "Normal 5"])
    case = fit_matrix.Case("scoring", (960, 600), text_scale, language)
    with fit_matrix.opened(case) as app:
        assert fit_matrix.measure(app, case).problems == []
