"""The table's per-panel picture caches: a cached frame is pixel for pixel the frame drawn afresh."""

from __future__ import annotations

import attrs
import pygame
import pytest

from game.scenes import table as table_scene
from game.scenes.replay import ReplayScene
from game.session import GameSession
from game.table.chronicle import reference
from game.table.draw import PANEL_DRAWERS
from game.table.layout import PANELS, PanelMemo, layout_table
from game.table.replay import record_of
from game.table.targets import ChronicleEntry
from game.ui import widgets
from rules.bots import make_bot
from tests.game import test_table_support as support
from tests.game.test_table_support import at_turn_start, click, frames, make_table, move, play_human_turns

app = support.app  # the fixture


def _frame(app, table, fresh: bool) -> bytes:
    table.painter.nocache = fresh
    table.parts.pointer.rest.seconds = 0.0  # no tooltip in either frame
    frames(app, 1)
    table.painter.nocache = False
    return pygame.image.tobytes(app.window, "RGB")


def _assert_cache_exact(app, table, where: str) -> None:
    frames(app, 1)  # let the caches catch up with the hover (and a slow machine's frames with the model)
    _catch_up(app, table)
    cached = _frame(app, table, fresh=False)
    fresh = _frame(app, table, fresh=True)
    assert cached == fresh, f"the cached table differs from a fresh drawing ({where})"


@pytest.mark.parametrize("paint_seconds", [table_scene.PAINT_SECONDS, -1.0], ids=["quick", "slow machine"])
def test_cached_frames_equal_fresh_frames_while_hovering_and_acting(app, monkeypatch, paint_seconds):
    monkeypatch.setattr(table_scene, "PAINT_SECONDS", paint_seconds)  # (slow: one changed panel a frame)
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    table.ensure_frame()
    keys = ["action:expand", "action:end", "action:menu", "screen:money", "mini:1", "log", "estate:fit"]
    keys += [h.key for h in table.hots if h.key.startswith(("screen:tile:", "screen:card:", "board:", "cell:"))][:12]
    for key in keys:
        hot = table.find_hot(key)
        if hot is None:
            continue
        move(app, hot.rect.center)
        _assert_cache_exact(app, table, f"mouse over {key}")
    move(app, (2, 2))
    _assert_cache_exact(app, table, "mouse over nothing")
    click(app, table, "action:expand")  # a chooser over the table, then an armed tile
    _assert_cache_exact(app, table, "expand chooser")
    table.parts.estate.camera.pan(30, 10)
    _assert_cache_exact(app, table, "camera panned")
    click(app, table, "mini:1")
    _assert_cache_exact(app, table, "another estate shown large")


def _catch_up(app, table) -> int:
    """Frames until no panel shows an older picture than its layout (how many)."""
    for count in range(len(PANELS) + 1):
        if not table.painter.behind:
            return count
        frames(app, 1)
    raise AssertionError(f"panels still behind after {len(PANELS)} frames: {table.painter.behind}")


def test_a_cached_panel_redraws_when_the_model_changes(app):
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    before = dict(table.painter.pictures)
    table.session.apply(next(a for a in table.session.legal() if type(a).__name__ == "Leisure"))
    frames(app, 1)
    _catch_up(app, table)
    assert all(table.painter.pictures[name].pixels is not before[name].pixels for name in ("screen", "log", "actions"))
    _assert_cache_exact(app, table, "after an action")


def test_the_track_is_laid_out_again_only_when_the_decade_or_the_round_marker_moves(app):
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    frames(app, 1)
    track = table.memo.layouts["track"]
    state = table.session.state
    where = (state.decade, state.round_pos)
    table.session.apply(next(a for a in table.session.legal() if type(a).__name__ == "Leisure"))
    frames(app, 1)
    assert table.memo.layouts["track"] is track and (state.decade, state.round_pos) == where
    while (table.session.state.decade, table.session.state.round_pos) == where:
        table.session.apply(table.session.legal()[-1])
    frames(app, 1)
    assert table.memo.layouts["track"] is not track
    _assert_cache_exact(app, table, "the round marker moved")


def test_a_change_is_drawn_over_a_few_frames_the_panel_under_the_pointer_at_once(app, monkeypatch):
    """With no time to spare, the frame that brings a change draws only the panel under the pointer afresh, and
    each frame after it one changed panel more, in drawing order: the others show their last picture until
    their turn, then the frame is the fresh one."""
    monkeypatch.setattr(table_scene, "PAINT_SECONDS", -1.0)
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    move(app, table.find_hot("log").rect.center)
    frames(app, 1)
    _catch_up(app, table)
    table.session.apply(next(a for a in table.session.legal() if type(a).__name__ == "Leisure"))
    frames(app, 1)
    behind = list(table.painter.behind)
    # all but the pointed one and the track, whose decade and round marker stayed
    assert "log" not in behind and "track" not in behind and len(behind) == len(PANELS) - 2
    frames(app, 1)
    assert table.painter.behind == behind[1:]  # the first in drawing order caught up
    assert _catch_up(app, table) == len(behind) - 1
    _assert_cache_exact(app, table, "after a change drawn over several frames")


def test_while_a_scene_is_prepared_over_the_table_a_frame_short_of_time_draws_nothing_that_can_wait(app, monkeypatch):
    """A frame catching up draws a panel afresh, but not in a hurry: while the scene about to cover the table is
    prepared in the same frames, the table shows its last pictures."""
    monkeypatch.setattr(table_scene, "PAINT_SECONDS", -1.0)
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    move(app, (table.find_hot("action:end").rect.right + 4, 2))
    frames(app, 1)
    _catch_up(app, table)
    table.session.apply(next(a for a in table.session.legal() if type(a).__name__ == "Leisure"))
    frames(app, 1)
    behind = list(table.painter.behind)
    assert behind
    frame, version, past = table.ensure_frame(), table.session.version, 0.0
    table.painter.paint_panels(app.window, frame, (2, 2), version, past, hurry=True)
    assert table.painter.behind == behind
    table.painter.paint_panels(app.window, frame, (2, 2), version, past)
    assert table.painter.behind == behind[1:]


def test_a_frame_short_of_time_lays_out_one_changed_panel_and_the_input_finds_the_table_laid_out(app, monkeypatch):
    """With no time to spare, the frame that brings a change lays out one changed panel afresh, the first in
    drawing order, and the others show their older layout (and picture) a frame longer; each frame after it lays
    out one more. Any input lays the whole table out first, and the table caught up is the one laid out afresh."""
    monkeypatch.setattr(table_scene, "LAYOUT_SECONDS", -1.0)
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    move(app, (table.find_hot("action:end").rect.right + 4, 2))  # over no panel's regions that lift
    frames(app, len(PANELS) + 1)
    _catch_up(app, table)
    assert not table.frame.older
    table.session.apply(next(a for a in table.session.legal() if type(a).__name__ == "Leisure"))
    frames(app, 1)
    older = list(table.frame.older)
    # all but the track (its decade and round marker stayed) and the first changed one, the board
    assert older == [name for name in PANELS if name not in ("track", "board")]
    assert all(table.frame.panels[name][1] is table.memo.layouts[name][1] for name in older)  # as they were
    frames(app, 1)
    assert list(table.frame.older) == older[1:]
    move(app, (3, 3))
    assert not table.frame.older
    fresh = layout_table(table.situation(), PanelMemo())
    assert [(r.key, tuple(r.rect), r.enabled) for r in table.frame.regions] == [
        (r.key, tuple(r.rect), r.enabled) for r in fresh.regions]
    _assert_cache_exact(app, table, "after a change laid out over several frames")


def _points(lay, rect: pygame.Rect) -> list[tuple[int, int]]:
    """Places to point at in a panel: inside each region's corners and centre, just outside it, and a grid."""
    points = [(x, y) for x in range(rect.left + 1, rect.right, max(1, rect.width // 9))
              for y in range(rect.top + 1, rect.bottom, max(1, rect.height // 5))]
    for region in lay.regions:
        r = region.rect
        points += [r.center, (r.left, r.top), (r.right - 1, r.bottom - 1), (r.left - 1, r.centery)]
    return [p for p in dict.fromkeys(points) if rect.collidepoint(p)]


def _drawn(app, name: str, pc, lay, mouse: tuple[int, int]) -> bytes:
    surface = pygame.Surface(app.window.get_size())
    PANEL_DRAWERS[name](surface, attrs.evolve(pc, mouse=mouse), lay)
    return pygame.image.tobytes(surface.subsurface(pc.rect), "RGB")


@pytest.mark.parametrize("moment", ["turn start", "a tile in hand"])
def test_a_panel_draws_alike_wherever_the_pointer_changes_nothing_in_it(app, moment):
    """The painter keeps a panel's picture while :meth:`PanelLayout.pointed` says the same: so wherever it says
    the same, the panel drawn afresh is the same, and where a highlight differs, so does the answer."""
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    if moment == "a tile in hand":
        click(app, table, "action:expand")
        frames(app, 2)
    frame = table.ensure_frame()
    lit = 0  # panels whose picture the pointer changed somewhere
    for name in PANELS:
        pc, lay = frame.panels[name]
        pictures: dict[object, bytes] = {}
        for mouse in _points(lay, pc.rect):
            if lay.moved(mouse):  # a new layout there (a card lifts), not a highlight
                continue
            picture = _drawn(app, name, pc, lay, mouse)
            assert pictures.setdefault(lay.pointed(mouse), picture) == picture, f"{name} at {mouse}"
        lit += len(set(pictures.values())) > 1
    assert lit >= 2  # the action bar's buttons and the screen's tiles or the chronicle's lines


def test_the_backdrop_is_composed_again_only_where_a_picture_changed(app, monkeypatch):
    """The pictures lie on a backdrop of the parchment: a frame in which nothing changed leaves it as it is, a
    hover that changes one panel's picture draws the parchment and that panel again in its place only, and a
    window of another size gets a backdrop of its size; each pixel for pixel the table drawn afresh."""
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    move(app, (2, 2))
    frames(app, 2)
    _catch_up(app, table)
    fill = widgets.fill_parchment
    parchment: list[pygame.Rect] = []  # where the parchment was drawn (its clip)
    monkeypatch.setattr(widgets, "fill_parchment", lambda surface: (parchment.append(surface.get_clip()),
                                                                     fill(surface)))
    shown = dict(table.painter.shown)
    assert set(shown) == set(PANELS)
    frames(app, 1)
    assert parchment == [] and all(table.painter.shown[name] is shown[name] for name in PANELS)
    move(app, table.find_hot("action:end").rect.center)
    frames(app, 1)
    assert parchment == [shown["actions"].area]
    assert table.painter.shown["actions"] is not shown["actions"]
    assert all(table.painter.shown[name] is shown[name] for name in PANELS if name != "actions")
    _assert_cache_exact(app, table, "mouse over End turn")
    pygame.display.set_mode((1600, 900))
    app.resize((1600, 900))
    frames(app, 2)
    assert table.painter.shown["board"].area.right > shown["board"].area.right  # (at 1600x900)
    _assert_cache_exact(app, table, "the window made larger")


def test_a_chronicle_entry_under_the_pointer_is_lit_over_the_kept_picture(app):
    """Moving along the chronicle lights each entry under the pointer without drawing the panel again (at
    3840x2160 that cost some 10 ms at every entry crossed), pixel for pixel as drawn afresh."""
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    move(app, (2, 2))
    frames(app, 2)
    _catch_up(app, table)
    kept = table.painter.shown["log"]
    lines = [r for r in table.hots if isinstance(r.target, ChronicleEntry)]
    assert len({line.target.index for line in lines}) >= 2
    for line in lines:
        move(app, (line.rect.right - 3, line.rect.centery))
        frames(app, 1)
        assert table.painter.shown["log"] is kept
        assert tuple(app.window.get_at((line.rect.right - 3, line.rect.centery)))[:3] == (228, 214, 180)
    _assert_cache_exact(app, table, "mouse over the chronicle's last entry")


def _replay_frame(app, scene, fresh: bool) -> bytes:
    scene.painter.nocache = fresh
    frames(app, 1)
    scene.painter.nocache = False
    return pygame.image.tobytes(app.window, "RGB")


def test_the_replays_table_is_pixel_for_pixel_the_table_drawn_afresh(app):
    """The replay draws its table through a painter of its own: at a turn, a ball and a decade, seen by one seat
    and with every seat's screen open."""
    session = GameSession(support.seats(("human", "easy", "easy")), 5)
    bots = [make_bot("easy", seat) for seat in range(session.state.n)]
    while not session.state.over:
        session.apply(bots[session.state.decider].choose(session.view(session.state.decider), session.legal()))
    scene = ReplayScene(app.ctx, record_of(session), seat=0)
    app.stack.push(scene)
    frames(app, 2)
    replay = scene.replay
    for where, steps in (("a turn", replay.turns), ("a ball", replay.balls), ("a decade", replay.decades)):
        scene.forward(steps)
        frames(app, 1)
        assert _replay_frame(app, scene, fresh=False) == _replay_frame(app, scene, fresh=True), where
    while not scene.everyone:
        scene.next_seat()
    frames(app, 1)
    assert _replay_frame(app, scene, fresh=False) == _replay_frame(app, scene, fresh=True), "every screen open"


def test_a_chronicle_lines_cell_out_of_the_estates_view_is_not_marked_over_the_panels_around(app):
    """Hovering a line of the chronicle rings the cells it is about; a cell zoomed out of the estate's view is not
    ringed over the miniatures or the chronicle (the marks go over the whole table now, clipped to their panel)."""
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, lambda state: at_turn_start(state) and len(state.players[0].estate.tiles) > 14)
    frames(app, 2)
    log = table.session.log
    line = next(h for h in table.ensure_frame().regions if isinstance(h.target, ChronicleEntry)
                and reference(log[h.target.index])[0] == 0 and reference(log[h.target.index])[1])
    cell = reference(log[line.target.index])[1][0]
    view = table.frame.panels["estate"][0].rect
    for _ in range(12):  # zoom in at the estate's top edge, above the cell, until the cell is out of view
        if not view.contains(table.ensure_frame().panels["estate"][1].geo.cell_rect(cell)):
            break
        table.parts.estate.camera.zoom(1.25, (table.frame.panels["estate"][1].geo.cell_rect(cell).centerx, view.top))
        frames(app, 1)
    area = table.ensure_frame().panels["estate"][1].area
    assert not area.contains(table.frame.panels["estate"][1].geo.cell_rect(cell))
    move(app, (2, 2))
    _catch_up(app, table)
    away = pygame.image.tobytes(app.window.subsurface(table.frame.panels["miniatures"][0].rect), "RGB")
    move(app, line.rect.center)
    frames(app, 1)
    assert table.frame.pointing.cells  # the line points at cells
    _assert_cache_exact(app, table, "a chronicle line pointing out of the estate's view")
    assert pygame.image.tobytes(app.window.subsurface(table.frame.panels["miniatures"][0].rect), "RGB") == away


def test_what_a_panel_draws_past_its_area_does_not_stay_on_the_backdrop(app, monkeypatch):
    """The backdrop is kept from frame to frame, so a panel is drawn on it clipped to its area: a stray pixel
    would otherwise stay there after the panel moved on."""
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    play_human_turns(app, table, at_turn_start)
    frames(app, 1)
    stray = pygame.Rect(2, 2, 6, 6)  # the top left corner of the window, outside the action bar's area
    assert not table.painter.shown["actions"].area.colliderect(stray)
    draw_bar = PANEL_DRAWERS["actions"]

    def draw_past(surface, pc, lay):
        draw_bar(surface, pc, lay)
        surface.fill((255, 0, 0), stray)

    monkeypatch.setitem(PANEL_DRAWERS, "actions", draw_past)
    move(app, table.find_hot("action:end").rect.center)  # the bar is drawn afresh with the button lit
    frames(app, 1)
    assert table.painter.shown["actions"].layout is table.frame.panels["actions"][1]
    assert app.window.get_at(stray.center)[:3] != (255, 0, 0)
