"""The game-over scene shows the engine's results: ranking, winners, the VP breakdown, money, titles."""

from __future__ import annotations

import pytest

from rules.final_result import results
from rules.model import VPSource
from tests.game.recording import Recording
from tests.game.test_ball_scene import SIZES, click, display, frames, make_ctx, make_session, play  # noqa: F401


@pytest.mark.parametrize(("size", "n", "seed"), [(SIZES[0], 4, 20), (SIZES[1], 3, 5), (SIZES[2], 5, 7)])
def test_game_over_shows_the_engines_breakdown(display, size, n, seed):  # noqa: F811
    from game.scenes.game_over import GameOverScene

    state, _ = play(n, seed)
    assert state.over
    session = make_session(state)
    ctx, surface = make_ctx(size)
    scene = GameOverScene(ctx, session)
    ctx.stack.push(scene)
    frames(ctx, surface, 90)
    expected = results(state)
    assert scene.results == expected
    shown = scene.breakdown()
    for p in expected.players:
        assert shown[p.seat] == p.breakdown
        assert sum(shown[p.seat].values()) == p.score
    assert scene.sources() == list(VPSource)
    assert scene.winners == expected.winners
    assert [seat for _place, seat in scene.ranking][0] in expected.winners
    best = state.names[expected.winners[0]]
    assert best in scene.headline()


def test_ranking_shares_places_and_breaks_ties_by_money():
    from rules.final_result import PlayerResult, Results

    def player(seat, score, money):
        return PlayerResult(seat, f"P{seat}", score, money, {s: 0 for s in VPSource}, ())

    res = Results((player(0, 30, 5), player(1, 31, 0), player(2, 30, 5), player(3, 30, 9)), (1,))
    assert res.ranking() == [(1, 1), (2, 3), (3, 0), (3, 2)]


def test_shared_win_headline(display):  # noqa: F811
    from game.scenes.game_over import GameOverScene

    state, _ = play(3, 5)
    session = make_session(_shared_win(state))
    ctx, surface = make_ctx((1280, 720))
    scene = GameOverScene(ctx, session)
    ctx.stack.push(scene)
    frames(ctx, surface, 5)
    assert set(scene.winners) >= {0, 1}
    assert "share the victory" in scene.headline()
    assert "share the win" in scene.tie_note()


def test_title_menu_returns_to_the_title(display):  # noqa: F811
    from game.scenes.game_over import GameOverScene
    from game.scenes.title import TitleScene

    state, _ = play(3, 5)
    session = make_session(state)
    ctx, surface = make_ctx((1280, 720))
    scene = GameOverScene(ctx, session)
    ctx.stack.push(scene)
    frames(ctx, surface, 3)
    click(ctx, surface, scene.title_button.rect.center)
    assert isinstance(ctx.stack.top, TitleScene)
    assert session.closed
    ctx.stack.clear()


def test_play_again_uses_the_hook(display):  # noqa: F811
    from game import scenes
    from game.scenes.game_over import GameOverScene
    from game.ui.scene import Scene

    made = []

    class NewTable(Scene):
        name = "new-table"

    def hook(ctx, session=None, **kw):
        made.append(session)
        return NewTable(ctx)

    state, _ = play(3, 5)
    session = make_session(state)
    ctx, surface = make_ctx((1280, 720))
    saved = scenes.factory("play_again")
    scenes.register("play_again", hook)
    try:
        scene = GameOverScene(ctx, session)
        ctx.stack.push(scene)
        frames(ctx, surface, 3)
        click(ctx, surface, scene.play_again_button.rect.center)
    finally:
        scenes.register("play_again", saved)
    assert made == [session]
    assert isinstance(ctx.stack.top, NewTable)


def test_autoplay_leaves_the_game_over_by_itself(display):  # noqa: F811
    from game.scenes.game_over import GameOverScene

    state, _ = play(3, 5)
    session = make_session(state, speed="fast")
    ctx, surface = make_ctx((1280, 720), autoplay=True)
    scene = GameOverScene(ctx, session)
    ctx.stack.push(scene)
    assert frames(ctx, surface, 600, dt=1 / 30, until=lambda: scene not in ctx.stack)


@pytest.mark.parametrize("key", ["RETURN", "KP_ENTER", "SPACE", "ESCAPE"])
def test_no_key_on_the_game_over_screen_replaces_the_finished_game(display, key):  # noqa: F811
    """Enter started Play again at once, and the new game took the finished one's place in the autosave."""
    import pygame

    from game import scenes
    from game.scenes.game_over import GameOverScene
    from game.scenes.title import TitleScene
    from game.ui import widgets

    started = []
    state, _ = play(3, 5)
    session = make_session(state)
    ctx, surface = make_ctx((1280, 720))
    saved = scenes.factory("play_again")
    scenes.register("play_again", lambda ctx, session=None, **kw: started.append(session))
    try:
        ctx.stack.push(TitleScene(ctx))
        scene = GameOverScene(ctx, session)
        ctx.stack.push(scene)
        frames(ctx, surface, 3)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, f"K_{key}"), mod=0, unicode=""))
        frames(ctx, surface, 3)
    finally:
        scenes.register("play_again", saved)
    assert not started
    if key == "ESCAPE":  # back to the title menu; the finished game stays in the autosave
        assert isinstance(ctx.stack.top, TitleScene)
    else:  # the default is Review: the choice of reviewing or replaying this game
        assert isinstance(ctx.stack.top, widgets.ChoiceDialog) and scene in ctx.stack and not session.closed
    ctx.stack.clear()


@pytest.mark.parametrize("text_scale", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("scale", [0.62, 0.83, 1.25])
def test_the_title_seals_each_hold_a_readable_letter(display, text_scale, scale):  # noqa: F811
    """Six balls' titles in a column of the table, at the layout scales of 960x600, 1280x720 and 1920x1080 and
    in every room a column's row may give them: the letter drawn fits inside its seal at every text size, and
    is never below the readable size."""
    from game.scenes.game_over import seal_layout
    from game.ui import assets

    assets.set_text_scale(text_scale)
    try:
        for width in range(60, 241, 7):
            for height in range(18, 61, 3):
                rows, cols, d, size = seal_layout(6, 2, (width, height), scale)
                assert rows * cols >= 6
                letter = assets.font("ui-bold", size)
                for initial in "DMECVB":
                    assert letter.size(initial)[0] <= d - 2 and letter.get_ascent() <= d  # inside the seal
                # the readable size (tests/game/test_readable.py)
                assert round(size * text_scale) >= assets.min_text(), (width, height, d, size)
    finally:
        assets.set_text_scale(1.0)


def _shared_win(state):
    """``state`` with its first two players level in VP and money at the top: they share the win."""
    a, b = state.players[0], state.players[1]
    b.vp, b.money = a.vp, a.money
    b.vp_by_source = list(a.vp_by_source)
    top = max(p.vp for p in state.players)
    if a.vp < top:
        for p in (a, b):
            p.vp_by_source[VPSource.LEISURE] += top - p.vp
            p.vp = top
    return state


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize("text_scale", [1.0, 2.0])
@pytest.mark.parametrize("size", SIZES)
def test_the_tie_note_stays_inside_the_ranking_and_off_its_heading(display, size, text_scale, language):  # noqa: F811
    """The note on a shared win sits beside the ranking's heading where it fits, else folded under it: never
    over the heading, never past the panel's edges (in German at 200% it ran over both at 960x600)."""
    import pygame

    from game import i18n
    from game.scenes.game_over import GameOverScene, note_lines
    from game.ui import assets, widgets

    state, _ = play(3, 5)
    i18n.set_language(language)
    assets.set_text_scale(text_scale)
    try:
        ctx, surface = make_ctx(size)
        scene = GameOverScene(ctx, make_session(_shared_win(state)))
        note = scene.tie_note()
        assert note, "no shared win: this case tests nothing"
        panel = scene._layout()["ranking"]
        s = scene.scale
        heading = widgets.blit_text(pygame.Surface(size), i18n._("Final ranking"), "heading", round(22 * s), "black",
                                    topleft=(panel.left + round(14 * s), panel.top + round(8 * s)))
        placed = note_lines(note, heading, panel, s)
        for img, at in placed:
            assert panel.contains(at), (at, panel)
            assert not at.colliderect(heading), (at, heading)
            assert img.get_width() <= at.width
    finally:
        assets.set_text_scale(1.0)
        i18n.set_language("en")


def test_the_hints_asked_are_told_whole_with_each_count_beside_its_name(monkeypatch):
    """Italian at 1280x720: "Suggerimenti chiesti: Normal…" was cut before any count, and "Normal 1 2" read
    as one name; now "Name: count", folded in two lines left of the buttons."""
    import pygame

    from game.scenes import game_over
    from game.ui.draw import fits
    from tests.game import test_table_support as support
    from tests.game.gallery import GALLERY

    app = support.make_app((1280, 720), 100, "it")
    try:
        scene = GALLERY["game-over"](app)
        scene.session.hints[:] = [2, 1, 3][: len(scene.session.hints)] + [0] * max(0, len(scene.session.hints) - 3)
        drawn = []
        real = game_over.fit_text
        monkeypatch.setattr(game_over, "fit_text", lambda content, role, size, width, *rest: drawn.append(
            (content, role, size, width)) or real(content, role, size, width, *rest))
        scene._draw_hints(pygame.Surface(app.ctx.window_size))
        assert 1 <= len(drawn) <= 2 and all(fits(*line) for line in drawn), drawn  # none cut short
        said = " ".join(content for content, *_rest in drawn).replace("\u00a0", " ")  # a name and its count unbroken
        for i, n in enumerate(scene.session.hints):
            if n:
                assert f"{scene.seat_name(i)}: {n}" in said, said
    finally:
        support.end_app(app)


@pytest.mark.parametrize("size", [(1280, 720), (960, 600), (1920, 1080)])
def test_the_gold_rule_over_the_total_spans_its_row_and_no_further(size, monkeypatch):
    """A 1-2 px gold tick stood past the right end of the Liaisons row (the rule over Total, drawn under the
    Total row's fill, showed only its last pixel)."""
    import pygame

    from game.scenes import game_over
    from game.ui.theme import GOLD_DARK
    from tests.game import fit_matrix

    totals: list[pygame.Rect] = []
    real = game_over.pygame.draw.rect

    def recorded(surface, colour, rect, *rest, **kwargs):
        if tuple(pygame.Color(colour))[:3] == (236, 222, 184):  # the Total row's fill
            totals.append(pygame.Rect(rect))
        return real(surface, colour, rect, *rest, **kwargs)

    monkeypatch.setattr(game_over.pygame.draw, "rect", recorded)
    case = fit_matrix.Case("game-over", size, 100, "en")
    with fit_matrix.opened(case) as app:
        totals.clear()
        screen = fit_matrix.measure(app, case).screen
    row = totals[-1]
    gold = pygame.Color(GOLD_DARK)
    assert screen.get_at((row.centerx, row.top))[:3] == gold[:3]  # the rule shows over the row
    for x in range(row.right, row.right + 3):
        for y in range(row.top - 3, row.top + 3):
            assert screen.get_at((x, y))[:3] != gold[:3], (x, y)


def test_the_title_seals_take_the_rows_that_make_them_largest(display):  # noqa: F811
    """At 960x600 and 200 % six titles stood in one row of seals with letters about 8 px high, where two rows of
    three had room for larger ones: the seals take the layout that makes them largest."""
    from game.scenes.game_over import seal_layout
    from game.ui import assets

    assets.set_text_scale(2.0)
    try:
        for width in range(60, 241, 7):
            for height in range(18, 61, 3):
                rows, cols, d, _size = seal_layout(6, 2, (width, height), 0.85)
                one_row = min(height - 2, (width - 2) // 6)
                two_rows = min((height - 2) // 2, (width - 2) // 3)
                assert d >= max(one_row, two_rows), (width, height, rows, d)
    finally:
        assets.set_text_scale(1.0)


@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_the_hints_asked_stay_under_the_ranking_at_a_large_text(language):
    """At 960x600 and 200 % "Hints asked: Normal 1: 1" started on the ranking panel's bottom border: its lines
    stay between the panel and the buttons' middle, each name beside its count."""

    from tests.game import test_table_support as support
    from tests.game.gallery import GALLERY

    app = support.make_app((960, 600), 200, language)
    try:
        scene = GALLERY["game-over"](app)
        scene.session.hints[:] = [1, 2] + [0] * (len(scene.session.hints) - 2)
        canvas = Recording(app.ctx.window_size)
        scene._draw_hints(canvas)
        blits = canvas.spots
        bottom = scene._layout()["ranking"].bottom
        assert blits and all(spot.top >= bottom for spot in blits), (blits, bottom)
    finally:
        support.end_app(app)


@pytest.mark.parametrize("text_scale", [150, 200])
@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_a_long_name_is_never_cut_at_the_end_of_the_game(text_scale, language, monkeypatch):
    """At 960x600 "Bartholomew Fitzwilliam-Smythe" was cut at the head of its column and ran over the VP in the
    ranking: it takes two lines, or a smaller size, and no name is split between its word and its number."""
    from tests.game import fit_matrix, test_ball_scene

    monkeypatch.setattr(test_ball_scene, "NAMES", ["Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery",
                                                   "Normal 3", "Normal 4", "Normal 5"])
    case = fit_matrix.Case("game-over", (960, 600), text_scale, language)
    with fit_matrix.opened(case) as app:
        measured = fit_matrix.measure(app, case)
        assert [p for p in measured.problems if any(n in p for n in ("Barth", "Elisab", "Normal"))] == []
