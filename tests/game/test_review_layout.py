"""The review's screen at a large text size in the smallest window: every costly decision can be reached (a
scrolled list, by the wheel and by keys), nothing is cut short, the graph's legend names each player readably,
and the time still to wait comes from the review's own pace."""

from __future__ import annotations

import time
import types

import pygame
import pytest

from tests.game import fit_matrix
from tests.game import test_table_support as support
from tests.game.gallery import GALLERY

SMALL = (960, 600)


def _shown_whole(app, scene) -> set[int]:
    """The decisions whose rows are drawn whole in the list now."""
    app.stack.top.draw(pygame.Surface(app.window.get_size()))
    return {index for rect, index in scene.rows if rect.height >= scene.row_height(index)}


def _key(app, key):
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    support.frames(app, 1)


@pytest.mark.parametrize("language", ["de", "it"])
def test_every_costly_decision_is_reached_by_the_wheel_and_by_keys(language):
    """At 960x600 and 150 % two of the four were shown, with no scroll and no sign that more existed."""
    app = support.make_app(SMALL, 150, language)
    try:
        scene = GALLERY["review-five"](app)
        support.frames(app, 2)
        every = {d.index for d in scene.data.costliest}
        assert len(every) >= 3
        first = _shown_whole(app, scene)
        assert first and first != every, "the case tests nothing: all rows fit"
        assert scene.scrolled_out()  # the sign that more are listed than shown
        seen = set(first)
        support.move(app, scene.list_area.center)
        for _turn in range(30):
            app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                                precise_y=-1.0))
            support.frames(app, 1)
            seen |= _shown_whole(app, scene)
        assert seen == every
        for _turn in range(30):
            _key(app, pygame.K_PAGEUP)
        assert _shown_whole(app, scene) == first
        reached = set()
        for _turn in range(len(every) + 4):  # Tab through the list: the focused row is scrolled into view
            _key(app, pygame.K_TAB)
            here = scene.focused()
            if here is not None and here.key.startswith("review:decision:"):
                index = int(here.key.rsplit(":", 1)[1])
                assert index in _shown_whole(app, scene)
                reached.add(index)
        assert reached == every
    finally:
        support.end_app(app)


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize(("size", "text_scale"), [(SMALL, 150), (SMALL, 200), ((1280, 720), 150),
                                                  ((1920, 1080), 200)])
def test_no_word_of_the_review_is_cut_short_and_the_legend_names_every_player(size, text_scale, language,
                                                                              monkeypatch):
    """The legend read "No… No… No…" (every name cut to two letters) and a row's reasons ended in "…"."""
    from game.scenes import review
    from game.ui import score_graph

    case = fit_matrix.Case("review-five", size, text_scale, language)
    drawn: list[str] = []
    for module in (review, score_graph):
        real = module.fit_text
        monkeypatch.setattr(module, "fit_text", lambda content, *rest, real=real: drawn.append(content) or
                            real(content, *rest))
    with fit_matrix.opened(case) as app:
        measured = fit_matrix.measure(app, case)
        assert measured.problems == []
        assert not [words for words in drawn if "…" in words]
        assert {f"Normal {i + 1}" for i in range(5)} <= set(drawn)


def test_the_time_left_comes_from_the_reviews_own_pace():
    """A review of 5 s was said to take "about 1 minute": no time is told before the pace is known, and a short
    wait is told in seconds' words."""
    from game.scenes import review

    assert review.wait_words(6) == "a few seconds"
    assert review.wait_words(35) == "less than a minute"
    assert review.wait_words(130) == "about 2 minutes"
    app = support.make_app(SMALL, 100, "en")
    try:
        scene = GALLERY["review-five"](app)
        scene.job = types.SimpleNamespace(fraction=0.05, cancel=lambda: None, done=False)
        scene.error, scene.started = None, time.perf_counter() - 0.3
        assert scene._time_left(0.05) is None
        scene.started = time.perf_counter() - 3.0
        assert scene._time_left(0.5) == "a few seconds left"
    finally:
        support.end_app(app)


@pytest.mark.parametrize(("size", "text_scale", "language"), [((1280, 720), 200, "it"), (SMALL, 150, "it")])
def test_the_keys_focus_follows_the_scroll_and_its_ring_stays_in_the_list(size, text_scale, language):
    """Page Down scrolled the list away from the focused row: its ring lay flat over the list's top text, and
    Enter opened the replay at the row no longer shown (Decade I while Decade III was listed)."""
    from game.scenes.replay import ReplayScene
    from game.ui import focus, layout

    app = support.make_app(size, text_scale, language)
    try:
        scene = GALLERY["review-five"](app)
        support.frames(app, 2)
        reach = focus.ring_reach(layout.scale_for(app.window.get_size()))
        _key(app, pygame.K_TAB)
        for key in (pygame.K_PAGEDOWN, pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            _key(app, key)
            _shown_whole(app, scene)
            here = scene.focused()
            assert here is not None and here.key.startswith("review:decision:"), here
            assert here.rect.height > 0 and scene.list_area.contains(here.rect.inflate(2 * reach, 2 * reach))
        index = int(scene.focused().key.rsplit(":", 1)[1])
        assert index != scene.data.costliest[0].index, "the case tests nothing: the first row is still in view"
        assert index in _shown_whole(app, scene)
        _key(app, pygame.K_RETURN)
        assert isinstance(app.stack.top, ReplayScene) and app.stack.top.step == index  # the row shown, not one gone
    finally:
        support.end_app(app)


def test_a_played_and_a_better_move_that_read_alike_say_where_each_places():
    """'Played: Expand: 3 fields (…)' and 'Better: Expand: 3 fields (…)': the row did not say where the fields go."""
    import attrs

    from rules import actions as A
    from rules.model import TileType

    app = support.make_app(SMALL, 100, "en")
    try:
        scene = GALLERY["review-five"](app)
        support.frames(app, 2)
        worst = scene.data.costliest[0]
        cells = sorted(scene.estates[worst.index].tiles)
        (x0, _y0), (x1, _y1) = cells[0], cells[-1]
        f = TileType.FIELD
        played = (A.PlaceTile(f, (x0 - 1, cells[0][1])), A.FinishExpanding(), A.EndTurn())
        better = (A.PlaceTile(f, (x1 + 1, cells[-1][1])), A.FinishExpanding(), A.EndTurn())
        lines = scene._row_lines(attrs.evolve(worst, played=played, suggested=better), 2000, 1.0)
        said = [" ".join(part) for part in lines]
        assert said[0].split(" (")[0].removeprefix("Played: ") != said[1].split(" (")[0].removeprefix("Better: ")
        assert "estate" in said[0] and "estate" in said[1], said
    finally:
        support.end_app(app)


@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_the_subtitle_keeps_a_name_with_the_number_that_ends_it(language, monkeypatch):
    """ "... from what Normal / 1 could see then" (German: "was Normal / 1 damals sehen konnte") read as a count."""
    from game.scenes import review

    app = support.make_app(SMALL, 200, language)
    try:
        scene = GALLERY["review-five"](app)
        support.frames(app, 2)
        lines: list[str] = []
        real = review.widgets.wrap
        monkeypatch.setattr(review.widgets, "wrap", lambda *a, **k: lines.extend(real(*a, **k)) or real(*a, **k))
        name = scene.record.names[scene.seat]
        assert name.split()[-1].isdigit()
        for width in range(300, 900, 20):
            lines.clear()
            scene._heading(width)
            assert lines and not any(line.endswith(name.split()[0]) for line in lines), (width, lines)
    finally:
        support.end_app(app)


@pytest.mark.parametrize("key", [None, pygame.K_PAGEDOWN], ids=["wheel", "page-down"])
def test_a_row_nearly_as_tall_as_the_list_is_not_stepped_over(key, monkeypatch):
    """A row a few pixels shorter than the list is whole only within those pixels of scroll: a notch of the wheel
    (three lines) or a page stepped over them, and the row was never shown whole. The scroll stops there."""
    from game.ui import assets, layout

    app = support.make_app(SMALL, 150, "en")
    try:
        scene = GALLERY["review-five"](app)
        support.frames(app, 2)
        tall = scene.data.costliest[1].index
        lines = {"n": 1}
        monkeypatch.setattr(scene, "_row_lines", lambda d, width, s: (
            ["Played"] * (lines["n"] if d.index == tall else 1), ["Better"] * (lines["n"] if d.index == tall else 1)))
        room = scene.list_area.height
        while True:  # the tallest the row can be with its ring in the list
            lines["n"] += 1
            _shown_whole(app, scene)
            top, bottom = scene._ringed(tall)
            if bottom - top > room:
                lines["n"] -= 1
                _shown_whole(app, scene)
                break
        top, bottom = scene._ringed(tall)
        step = 3 * assets.font("ui", round(15 * layout.scale_for(SMALL))).get_linesize()  # a notch, as scrolled
        assert room - (bottom - top) < step, "the case tests nothing: the row is whole over a notch's scroll"
        support.move(app, scene.list_area.center)
        seen = set()
        for _turn in range(40):
            if key is None:
                app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                                    precise_y=-1.0))
                support.frames(app, 1)
            else:
                _key(app, key)
            seen |= _shown_whole(app, scene)
        assert tall in seen
    finally:
        support.end_app(app)


def test_the_keys_and_the_wheel_scroll_nothing_while_the_review_is_worked_out(monkeypatch):
    """Page Down (or the wheel) pressed while the review was still being made ended the game with an error: the
    scroll looked for the list's rows before there were any."""
    import threading

    from game.scenes import review
    from tests.game.gallery import _finished_record

    release = threading.Event()

    def slow_review(record, seat, samples, progress, cancelled):
        release.wait(30)
        return None

    monkeypatch.setattr(review, "cached", lambda record, seat, samples: None)
    monkeypatch.setattr(review, "run_review", slow_review)
    app = support.make_app(SMALL, 150, "en")
    try:
        scene = review.ReviewScene(app.ctx, _finished_record(), seat=0, samples=1)
        app.stack.push(scene)
        support.frames(app, 2)
        assert scene.data is None and scene.job is not None, "the case tests nothing: the review is there"
        support.move(app, scene.list_area.center if scene.list_area.width else (480, 300))
        for key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            _key(app, key)
        app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                            precise_y=-1.0))
        support.frames(app, 1)
        assert app.stack.top is scene and scene.scroll == 0
    finally:
        release.set()
        support.end_app(app)
