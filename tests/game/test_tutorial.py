"""The guided first game: a scripted learner takes every step through the real table and both masked balls with
the mouse, each step leaves the game in the state its lesson is about, the learner's estate scores at the first
building scoring, and the guide never points at a move the engine refuses; every step's words are the same on the
paths a player may take (the free moves of a step in another order); wrong moves are refused gently; Next, Show me,
Skip, Leave, Back to the guide, undo, and going on where the player stopped."""

from __future__ import annotations

import pygame
import pytest

from game.persist import saves, storage
from game.persist.settings import Settings
from game.scenes.tutorial import open_tutorial, tutorial_table
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.tutorial.guide import Guide
from game.tutorial.learner import Learner, click, drag
from game.tutorial.start import catch_up, play_others, resume_at, tutorial_session
from game.tutorial.steps import PLAYER_SEAT, STEPS, At, Step
from game.tutorial.table_guide import guide_at
from game.tutorial.targets import regions_for
from rules import (
    Building,
    Card,
    Decision,
    Folly,
    HandBackBribe,
    HandBackCard,
    PlacePrestige,
    PlaceTile,
    RegionKind,
    TileType,
    Title,
    VPSource,
    base_prestige,
    board,
    parse_action,
)
from rules.invariants import check_invariants
from tests.game.test_ball_scene import display as fresh_display
from tests.game.test_table_support import deadline

KEYS = [step.key for step in STEPS]
ME = PLAYER_SEAT
display = fresh_display  # the fixture: pygame with its fonts made afresh


def _record(app, table):
    """Every step's state and words recorded as the step first shows, waiting for the player (index -> (state
    copy, words); the end: as the last step was taken); and every frame in which the guide points at a move: the
    engine allows it, every ringed region is enabled and no ringed place lies under the card."""
    guide = guide_at(table).guide
    begun: dict = {}
    remember = guide.on_step

    def record(index: int) -> None:
        if index >= len(guide.steps):
            begun[index] = (guide.session.state.copy(), ("", ""))
        remember(index)

    guide.on_step = record
    app.checked, app.wrong, app.titles_hidden = 0, [], []
    drive = app.driver

    def check() -> None:
        top = app.stack.top
        shown = guide_at(table) if top is table else next(
            (o for o in getattr(top, "overlays", []) if hasattr(o, "guide")), None)
        if shown is not None and shown.waiting and shown.card is not None and guide.step is not None:
            begun.setdefault(guide.index, (guide.session.state.copy(), guide.words()))
            targets = shown.targets()
            if guide.expected() is not None:
                app.checked += 1
                if not any(a in guide.session.legal() for a in guide.choices()) or not all(
                        r.enabled for r in targets):
                    app.wrong.append((guide.step.key, str(guide.expected())))
            if any(shown.card.rect.colliderect(r.rect) for r in targets):
                app.wrong.append((guide.step.key, "the card covers a ringed place"))
            if guide.step.at == At.TITLES and hasattr(top, "lay_out"):  # how much of a noble's card it hides
                nobles = [r.rect for r in top.lay_out().regions if r.key.startswith("ball:noble:")]
                app.titles_hidden.append((guide.step.key, max(_share(shown.card.rect, n) for n in nobles)))
        if drive is not None:
            drive()

    app.driver = check
    return begun


def _share(card: pygame.Rect, covered: pygame.Rect) -> float:
    """How much of ``covered`` the card hides (0 to 1)."""
    over = card.clip(covered)
    return over.width * over.height / max(1, covered.width * covered.height)


def _loop(app, max_frames: int, done) -> None:
    try:
        for _ in range(max_frames):
            app.step(1 / 60)
            if not app.running or done():
                break
    finally:
        app.stack.clear()
        pygame.time.set_timer(pygame.QUIT, 0)
        quit_pygame()


@pytest.fixture(scope="module")
def learned(tmp_path_factory):
    """The tutorial as ``--tutorial --autoplay`` runs it: the learner takes the guide's own moves."""
    shots = tmp_path_factory.mktemp("tutorial-shots")
    app = App(build_parser().parse_args(["--tutorial", "--autoplay", "--speed", "instant", "--lang", "en",
                                         "--screenshots", str(shots)]), settings=Settings(), persist_settings=False)
    table = app.first_scene()
    app.stack.push(table)
    app.running = True
    begun = _record(app, table)
    _loop(app, 30000, lambda: False)
    return app, table, begun, shots


def _walked(order: str, tmp_path_factory):
    """The tutorial taken by a learner who takes a step's free moves in another ``order``, as a player may."""
    tmp_path_factory.mktemp(f"tutorial-{order}")
    app = App(build_parser().parse_args(["--lang", "en", "--speed", "instant"]), settings=Settings(),
              persist_settings=False)
    app.running = True
    table = tutorial_table(app.ctx, 0, "instant")
    app.stack.push(table)
    learner = Learner(table, order=order)
    app.driver = learner.tick
    begun = _record(app, table)
    _loop(app, 30000, lambda: learner.done or learner.stuck)
    return learner, table, begun


@pytest.fixture(scope="module", params=["reverse", "rotate"])
def deviated(request, tmp_path_factory):
    return request.param, *_walked(request.param, tmp_path_factory)


def _state(begun, key: str):
    """The game's state as step ``key`` showed."""
    return begun[KEYS.index(key)][0]


def _said(begun, key: str) -> str:
    """What step ``key`` said as it showed."""
    return begun[KEYS.index(key)][1][1]


def _after(begun, key: str):
    """The game's state once step ``key`` was taken (as the next step showed)."""
    return begun[KEYS.index(key) + 1][0]


def test_the_scripted_learner_takes_every_step_and_the_run_exits_0(learned, capsys):
    app, table, begun, _shots = learned
    guide = guide_at(table).guide
    assert app.exit_code == 0 and not app.running
    assert guide.finished and not guide.left
    assert sorted(begun) == list(range(len(STEPS) + 1))  # every step began, in order, none left out
    check_invariants(table.session.state)


def test_every_step_is_screenshot_the_balls_among_them(learned):
    *_rest, shots = learned
    names = sorted(p.name for p in shots.glob("*-tutorial-*.png"))
    assert [name.split("-tutorial-")[1].removesuffix(".png") for name in names] == KEYS
    assert all(name[:3].isdigit() for name in names)
    at_balls = [step.key for step in STEPS if step.at != At.TABLE]
    assert len(at_balls) >= 6 and all("ball" in key for key in at_balls)


def test_r_dec_3_the_new_decades_card_is_picked_after_its_scoring_and_decade_screens(learned):
    *_rest, shots = learned
    screens = [p.name[4:].removesuffix(".png") for p in sorted(shots.glob("*.png"))]  # NNN-<scene>.png
    pick = screens.index("tutorial-decade")  # the learner holds the Queen: the deal asks it first
    assert {"scoring", "decade"} <= set(screens[:pick]), screens


def test_the_guide_rings_only_what_is_legal_and_its_card_never_covers_it(learned):
    app, *_rest = learned
    assert app.checked > 60 and app.wrong == []


def test_the_guide_at_the_titles_hides_little_of_the_nobles_cards(learned):
    """Where the titles of a ball are shown the card goes under the nobles' cards, hiding at most their foot (it
    stood over Mary's card, her Earl and its VP, at 1280x720)."""
    app, *_rest = learned
    assert {key for key, _hidden in app.titles_hidden} == {"ball1-titles", "ball2-titles"}
    assert max(hidden for _key, hidden in app.titles_hidden) <= 0.25, app.titles_hidden


def test_r_setup_5_and_6_the_private_tile_choice_and_the_card_pick(learned):
    begun = learned[2]
    assert _after(begun, "start-tiles").players[ME].tiles == [3, 3, 3, 3]
    assert _after(begun, "keep-card").players[ME].cards == [Card.CUNNING_STROKE]


def test_r_act_a2_fields_a_farm_groves_a_garden_and_a_forest(learned):
    begun = learned[2]
    before, fields = _state(begun, "fields"), _after(begun, "fields")
    assert fields.players[ME].money == before.players[ME].money + 3
    traded = _after(begun, "trade").players[ME]
    assert traded.tiles[TileType.FIELD] == 1 and traded.tiles[TileType.MEADOW] == 1  # R-TURN-3: two meadows
    farm = _after(begun, "farm").players[ME]
    assert farm.money == fields.players[ME].money + 1 + 2
    garden = _after(begun, "garden")
    assert garden.queen == ME
    assert {kind for kind, _anchor in garden.players[ME].estate.regions} == {RegionKind.FARM, RegionKind.GARDEN,
                                                                               RegionKind.FOREST}


def test_r_card_9_cunning_stroke_gives_a_second_expand(learned):
    begun = learned[2]
    played = _after(begun, "cunning-stroke")
    assert Card.CUNNING_STROKE not in played.players[ME].cards and played.step == Decision.EXPAND


def test_r_score_1_the_castle_is_enclosed_with_a_chapel_beside_it_and_scores(learned):
    begun = learned[2]
    chapel = _after(begun, "chapel").players[ME]
    assert chapel.estate.buildings[(0, 1)] == Building.CHAPEL and chapel.cards == [Card.INHERITANCE]
    scored = _after(begun, "scoring").players[ME]
    around = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
    assert all(pos in scored.estate.tiles for pos in around)
    assert scored.vp_by_source[VPSource.BUILDING_SCORING] == board.CASTLE_SCORE + board.CASTLE_CHAPEL_SCORE


def test_r_act_d1_c1_e1_taxes_bribes_and_land(learned):
    begun = learned[2]
    before, taxes = _state(begun, "taxes"), _after(begun, "taxes")
    assert taxes.players[ME].money == before.players[ME].money + 4 * 1 + 2  # four fields and a free farm
    before, bribed = _state(begun, "bribe"), _after(begun, "bribe")
    assert bribed.players[ME].bribes == 3 and bribed.players[ME].money == before.players[ME].money - 6
    before, land = _state(begun, "land"), _after(begun, "land")
    assert land.players[ME].tile_count == before.players[ME].tile_count + 4 + 2  # four groves and a free forest


def test_r_ball_both_balls_bribes_become_prestige_and_the_card_is_kept(learned):
    begun = learned[2]
    first = _after(begun, "ball1-titles")
    assert first.ball_titles[0][ME] == first.players[ME].title
    second = _after(begun, "ball2-titles").players[ME]
    assert second.bribes == 0 and second.cards == [Card.INHERITANCE]
    assert second.title == Title.MARQUESS  # 7 from the estate and 3 bribes: 10 (R-BALL-2, R-BALL-3)
    assert _state(begun, "lock").round_pos == 9


def test_r_card_3_inheritance_and_r_act_b5_a_folly(learned):
    begun = learned[2]
    inherited = _after(begun, "inheritance").players[ME]
    assert inherited.estate.buildings[(3, 0)] == Building.CASTLE and Card.INHERITANCE not in inherited.cards
    before, folly = _state(begun, "folly"), _after(begun, "folly")
    assert folly.players[ME].estate.buildings[(2, -1)] == Building.FOLLY_MIXED
    assert folly.players[ME].vp == before.players[ME].vp + board.FOLLY_VP[0]
    assert Folly.MIXED not in folly.follies


def test_the_learner_is_left_in_a_sound_position(learned):
    table = learned[1]
    state = table.session.state
    me = state.players[ME]
    assert state.decade == 2 and not state.over
    assert me.money >= 3 and me.tile_count >= 3 and not me.tax_used and not me.land_used
    assert me.vp >= max(p.vp for p in state.players)


def test_what_the_steps_say_is_so(learned):
    """The facts the steps' words rest on, from the engine, on the game as each step began."""
    begun = learned[2]
    assert _state(begun, "spare").players[ME].tiles[TileType.MEADOW] == 1  # "you have one left"
    ball1 = _state(begun, "ball1-prestige")
    assert ball1.players[ME].bribes == 0 and ball1.players[ME].cards == []  # "you have none this time"
    assert ball1.queen == ME  # "you hold the Queen, so your marker went first"
    bribe = _state(begun, "bribe")
    assert base_prestige(bribe, ME) + 3 == board.TITLE_PRESTIGE[Title.MARQUESS]  # "they make 10"
    keep = _state(begun, "ball2-keep")
    total = keep.ball.base + keep.ball.extra
    assert board.TITLE_PRESTIGE[Title.MARQUESS] <= total < total + 1 < board.TITLE_PRESTIGE[Title.DUKE]
    assert "Your 10 prestige reach the threshold of Marquess" in _said(begun, "ball2-keep")
    assert _state(begun, "ball1-titles").players[ME].title == Title.VISCOUNT
    assert "You are Viscount: 1 VP" in _said(begun, "ball1-titles")
    assert _state(begun, "ball2-titles").players[ME].title == Title.MARQUESS
    assert "You are Marquess: 5 VP now" in _said(begun, "ball2-titles") and "costs you £2 less" in _said(
        begun, "ball2-titles")
    assert Card.INHERITANCE in _after(begun, "chapel").players[ME].cards
    folly = _state(begun, "folly-card").players[ME]
    assert {kind for kind, _a in folly.estate.regions} >= {RegionKind.FARM, RegionKind.GARDEN, RegionKind.FOREST}
    assert "costs you £10 and brings 12 VP" in _said(begun, "folly")


def test_a_player_who_takes_the_free_moves_in_another_order_reads_the_same_words(learned, deviated):
    """Two other paths through every step that lets its moves come in any order: the same words at every step,
    the same game at every step's beginning (the order of the moves aside), the same end."""
    main = learned[2]
    order, learner, table, begun = deviated
    assert learner.done and not learner.stuck and learner.problems == [], (order, learner.problems)
    assert sorted(begun) == sorted(main)
    for index in main:
        state, words = begun[index]
        first, said = main[index]
        where = (order, KEYS[index] if index < len(KEYS) else "end")
        assert words == said, where
        if index < len(STEPS) and STEPS[index].at == At.BALL:  # while the ball goes on: the player's estate
            mine, theirs = state.players[ME], first.players[ME]
            assert (mine.tiles, mine.money, mine.estate.tiles) == (theirs.tiles, theirs.money, theirs.estate.tiles)
            continue
        for mine, theirs in zip(state.players, first.players, strict=True):
            seen = (mine.tiles, mine.money, mine.vp, mine.title, mine.estate.tiles, mine.estate.buildings)
            assert seen == (theirs.tiles, theirs.money, theirs.vp, theirs.title, theirs.estate.tiles,
                            theirs.estate.buildings), where
        assert (state.round_pos, state.decade, state.queen) == (first.round_pos, first.decade, first.queen)
    moved = [step.key for step in STEPS if step.free > 1]
    assert len(moved) >= 5
    for key in moved:  # the path really was another one: the same moves, in another order
        mine = _after(begun, key).history[len(_state(begun, key).history):]
        theirs = _after(main, key).history[len(_state(main, key).history):]
        assert sorted(map(str, mine)) == sorted(map(str, theirs)) and mine != theirs, (order, key)


# -- single steps ---------------------------------------------------------------------------------------------
def _table_at(app, key: str):
    """The tutorial's table at step ``key``, once the computer players have played up to the player's turn."""
    table = tutorial_table(app.ctx, KEYS.index(key), "instant")
    app.stack.push(table)
    for _ in deadline():
        app.step(1 / 60)
        if guide_at(table).guide.waiting and table.is_top:
            break
    assert guide_at(table).guide.waiting
    return table


def _ball_at(app, table, key: str):
    """Play on from ``table`` to the ball's step ``key`` (the guide skips the steps before it); the ball scene."""
    guide = guide_at(table).guide
    for _ in deadline():
        app.step(1 / 60)
        top = app.stack.top
        if guide.step is not None and guide.step.key == key and top is not table and getattr(top, "overlays", None):
            ball_guide = next(o for o in top.overlays if hasattr(o, "guide"))
            if ball_guide.waiting and ball_guide.card is not None:
                return top, ball_guide
        if top is table and guide.waiting:
            guide_at(table).press("skip")
        elif top is not table and getattr(top, "overlays", None):
            shown = next(o for o in top.overlays if hasattr(o, "guide"))
            if shown.waiting and guide.step.key != key:
                shown.press("skip")
    raise AssertionError(f"the ball's step {key} did not show")


@pytest.fixture
def app():
    a = App(build_parser().parse_args(["--lang", "en", "--speed", "instant"]), settings=Settings(),
            persist_settings=False)
    a.running = True
    yield a
    a.stack.clear()
    quit_pygame()


def test_a_wrong_move_gets_a_gentle_word_and_changes_nothing(app):
    table = _table_at(app, "fields")
    guide = guide_at(table).guide
    history = len(table.session.state.history)
    off_path = PlaceTile(TileType.FIELD, (0, 1))
    assert off_path in table.session.legal()
    assert not table.do(off_path)
    assert len(table.session.state.history) == history and guide.word
    meadow = regions_for(table, PlaceTile(TileType.MEADOW, (0, 1)))  # a drag of the wrong tile, by mouse
    for event in drag(meadow[0].rect.center, meadow[1].rect.center):
        app.handle_event(event)
    assert len(table.session.state.history) == history and (guide.index, guide.done) == (KEYS.index("fields"), 0)
    right = regions_for(table, guide.expected())
    for event in drag(right[0].rect.center, right[1].rect.center):
        app.handle_event(event)
    assert guide.done == 1 and guide.word == ""
    assert guide.choices() == [parse_action("place field at 2,0"), parse_action("place field at 1,1")]
    assert table.do(parse_action("place field at 1,1"))  # either of the two, in any order, now both touch
    assert guide.choices() == [parse_action("place field at 2,0")]


def test_at_the_ball_the_guide_keeps_the_player_to_its_path(app):
    table = _table_at(app, "bribe")
    ball, ball_guide = _ball_at(app, table, "ball2-bribes")
    guide = ball_guide.guide
    assert ball.holding() and not ball.may_leave  # the guide holds the ball open
    assert {r.key for r in ball_guide.targets()} == {"ball:bribe"}
    assert not ball.do(PlacePrestige()) and guide.word  # bribes left: not yet
    assert not ball.do(HandBackCard(Card.INHERITANCE))
    place = ball.lay_out().find("ball:place")
    for event in click(place.rect.center):  # by mouse: the ball's button, refused the same way
        app.handle_event(event)
    app.step(1 / 60)
    assert table.session.state.players[ME].bribes == 3 and table.session.state.step == Decision.BALL_SPEND
    bribe = ball.lay_out().find("ball:bribe")
    for event in click(bribe.rect.center):
        app.handle_event(event)
    app.step(1 / 60)
    assert table.session.state.players[ME].bribes == 2 and guide.done == 1 and guide.word == ""
    ball_guide.press("skip")
    assert guide.step.key == "ball2-keep" and table.session.state.players[ME].bribes == 0
    assert ball.do(HandBackBribe()) is False


def test_next_show_me_and_skip(app):
    table = _table_at(app, "welcome")
    guide, tutorial = guide_at(table).guide, guide_at(table)
    app.step(1 / 60)
    nxt = next(r for name, _label, r in tutorial.card.buttons if name == "next")
    for event in click(nxt.center):
        app.handle_event(event)
    assert guide.step.key == "start-tiles"
    tutorial.press("show")
    for _ in deadline():
        app.step(1 / 60)
        if guide.step.key != "start-tiles" and guide.waiting:
            break
    assert guide.step.key == "keep-card" and table.session.state.players[ME].tiles == [3, 3, 3, 3]
    tutorial.press("skip")
    assert guide.step.key == "fields" and table.session.state.players[ME].cards == [Card.CUNNING_STROKE]


def test_leave_the_guide_play_on_and_come_back(app):
    table = _table_at(app, "fields")
    app.step(1 / 60)
    tutorial = guide_at(table)
    assert tutorial.menu_entries() == []  # while it guides, the menu offers nothing more
    leave = next(r for name, _label, r in tutorial.card.buttons if name == "leave")
    for event in click(leave.center):
        app.handle_event(event)
    assert tutorial.guide.left and app.settings.tutorial_step == KEYS.index("fields")
    [(label, _tip, back)] = tutorial.menu_entries()
    assert label == "Back to the guide"
    back()  # nothing moved since: the guide takes up its step again
    assert tutorial.guide.guiding and tutorial.guide.step.key == "fields"
    tutorial.press("leave")
    off_path = PlaceTile(TileType.MEADOW, (0, 1))
    assert table.do(off_path)  # any legal move now
    assert table.session.state.players[ME].estate.tiles[(0, 1)] == TileType.MEADOW
    [(_label, _tip, back)] = tutorial.menu_entries()
    back()  # the player moved: the tutorial's game again, at that step, once they agree
    dialog = app.stack.top
    assert dialog.name == "choice"
    dialog.choose(1)
    again = app.stack.top
    assert again is not table and guide_at(again).guide.step.key == "fields"
    assert (0, 1) not in again.session.state.players[ME].estate.tiles


def test_the_shade_around_a_steps_targets_is_let_go_when_the_guide_is_left(app):
    table = _table_at(app, "fields")
    app.step(1 / 60)
    tutorial = guide_at(table)
    assert tutorial.ringed and tutorial.veil.kept  # a window-sized layer, 33 MB at 3840x2160
    tutorial.press("leave")
    app.step(1 / 60)
    assert not tutorial.veil.kept


def test_the_table_menu_offers_back_to_the_guide(app):
    table = _table_at(app, "fields")
    guide_at(table).press("leave")
    table.open_menu()
    menu = app.stack.top
    assert [label for _key, label, *_rest in menu._entries()][:2] == ["Back to the game", "Back to the guide"]
    menu._entries()[1][4]()
    assert app.stack.top is table and guide_at(table).guide.guiding


def test_undo_takes_the_guide_back(app):
    table = _table_at(app, "fields")
    guide = guide_at(table).guide
    assert table.do(guide.expected()) and table.do(parse_action("place field at 1,1"))  # not in the given order
    assert guide.done == 2
    assert table.session.undo()
    assert guide.done == 1 and guide.step.key == "fields" and len(guide.choices()) == 2


def test_undo_of_a_steps_last_move_takes_the_guide_back_to_that_step(app):
    table = _table_at(app, "trade")
    guide = guide_at(table).guide
    assert table.do(guide.expected()) and guide.step.key == "farm"  # the trade was the step's only move
    assert table.do(guide.expected()) and guide.done == 1  # the farm's field
    assert table.session.undo() and (guide.step.key, guide.done) == ("farm", 0)
    assert table.session.undo() and (guide.step.key, guide.done) == ("trade", 0)
    assert guide.expected() in table.session.legal()


def test_catching_up_reaches_the_game_the_learner_played(learned):
    begun = learned[2]
    for key in ("trade", "chapel", "lock", "folly"):
        session = tutorial_session(Settings(), "instant")
        assert catch_up(session, KEYS.index(key)) == KEYS.index(key)
        assert session.state.history == _state(begun, key).history[: len(session.state.history)]
        session.close()


def test_a_step_at_a_ball_goes_on_from_the_step_that_led_to_the_ball():
    assert resume_at(KEYS.index("ball1-titles")) == KEYS.index("enclose")
    assert resume_at(KEYS.index("ball2-keep")) == KEYS.index("bribe")
    assert resume_at(KEYS.index("chapel")) == KEYS.index("chapel")


def test_a_step_whose_move_the_game_refuses_is_left_out_with_a_word():
    session = tutorial_session(Settings(), "instant")
    odd = (STEPS[1], STEPS[2], Step("odd", "t", "x", moves=("build palace at 0,0",)), STEPS[3])
    guide = Guide(session, steps=odd, start=2)
    catch_up(session, 2, odd)
    assert play_others(session) and guide.waiting
    guide.update(0.1, At.TABLE, session.apply)
    assert guide.step.key == "fields" and guide.word  # a palace costs more than she has (R-ACT-B1)
    session.close()


def test_the_title_starts_it_or_goes_on_where_the_player_stopped_without_asking(app):
    app.settings.tutorial_step = 0
    open_tutorial(app.ctx)
    top = app.stack.top
    assert top.name == "table" and guide_at(top).guide.index == 0
    for _ in range(30):
        app.step(1 / 60)
    app.stack.clear()  # the tutorial's game is in the autosave now
    assert storage.autosave_path().is_file()
    app.settings.tutorial_step = KEYS.index("chapel")
    open_tutorial(app.ctx)
    app.stack.top.choose(2)  # Go on: the autosave is the tutorial's own game, nothing to ask
    table = app.stack.top
    assert table.name == "table" and guide_at(table).guide.step.key == "chapel"
    assert table.session.state.players[ME].estate.tiles.get((0, 1)) == TileType.MEADOW
    for _ in range(30):
        app.step(1 / 60)
    app.stack.clear()
    open_tutorial(app.ctx)
    app.stack.top.choose(1)  # Begin again: the same game, from its start
    assert app.stack.top.name == "table" and guide_at(app.stack.top).guide.index == 0


def test_another_unfinished_game_is_not_replaced_without_asking(app):
    from game.session import GameSession, SeatSpec

    other = GameSession([SeatSpec("Anne", "human", "#D55E00", "lion"), SeatSpec("Bob", "easy", "#0072B2", "rose"),
                         SeatSpec("Cy", "easy", "#009E73", "stag")], 5)
    saves.write_save(storage.autosave_path(), other)
    app.settings.tutorial_step = 0
    open_tutorial(app.ctx)
    assert app.stack.top.name == "choice"


def test_after_the_last_step_it_is_an_ordinary_autosaved_game(app):
    table = _table_at(app, "done")
    guide = guide_at(table).guide
    guide_at(table).press("next")
    assert guide.finished and app.settings.tutorial_step == 0
    keep = next(a for a in table.session.legal())
    assert table.do(keep)
    table.exit()
    assert storage.autosave_path().is_file()


def test_every_move_of_the_steps_is_an_action_and_every_lesson_is_taught():
    for step in STEPS:
        for text in step.moves:
            parse_action(text)
        assert step.free <= len(step.moves)
    kinds = {type(parse_action(t)).__name__ for step in STEPS for t in step.moves}
    assert {"ChooseStartTiles", "KeepCard", "PlaceTile", "Trade", "PlayCard", "BuildChapel", "InheritCastle",
            "BuildFolly", "CollectTaxes", "AcquireLand", "Bribe", "HandBackBribe", "PlacePrestige",
            "EndTurn"} <= kinds
    assert 20 <= len(STEPS) <= 32


def test_tooltips_keep_off_the_guides_card_and_the_ringed_places(app, monkeypatch):
    import game.scenes.table as table_scene
    from game.ui.tip_rest import TOOLTIP_DELAY

    drawn = []

    def record(surface, tip, pos, s, avoid=(), pointer=None):
        rect = original(surface, tip, pos, s, avoid, pointer)
        drawn.append((pos, rect, list(avoid)))
        return rect

    original = table_scene.draw_tooltip
    monkeypatch.setattr(table_scene, "draw_tooltip", record)
    table = _table_at(app, "fields")
    app.step(1 / 60)
    card = guide_at(table).card.rect
    frame = table.ensure_frame()
    under = next(r for r in frame.regions if r.tip and card.colliderect(r.rect))  # a region partly under the card
    near = next(r for r in frame.regions if r.tip and not card.colliderect(r.rect) and r.rect.width < 200)
    for region, over_card in ((under, True), (near, False)):
        drawn.clear()
        pos = region.rect.center if not over_card else card.clip(region.rect).center
        app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        for _ in range(round(TOOLTIP_DELAY * 60) + 5):
            app.step(1 / 60)
        if over_card:
            assert drawn == []  # the pointer is on the card: the card's own
        else:
            assert drawn and all(rect is None or not rect.colliderect(card) for _pos, rect, _avoid in drawn)
            assert all(card in avoid for _pos, _rect, avoid in drawn)


def test_the_card_stays_where_it_stood_while_it_covers_nothing_it_must_not(display):
    from game.tutorial.overlay import layout_card

    window, area = pygame.Rect(0, 0, 1280, 720), pygame.Rect(0, 0, 1280, 720)
    texts, labels = ("Title", "Some words.", "", "Step 1 of 2"), [("next", "Next")]
    first = layout_card(texts, labels, [area], [], window, 1.0)
    elsewhere = first.rect.move(300, 200)
    assert layout_card(texts, labels, [area], [], window, 1.0, prefer=elsewhere).rect == elsewhere
    moved = layout_card(texts, labels, [area], [elsewhere.inflate(-10, -10)], window, 1.0, prefer=elsewhere)
    assert not moved.rect.colliderect(elsewhere.inflate(-10, -10))  # a ringed place came under it: it moves


def test_where_every_place_covers_something_the_card_leaves_the_steps_target_free(display):
    """A small window at a large text size: the chooser fills the middle, so the card covers part of it, but
    not the button the step asks for (the start tiles' Take at 960x600 and 150%)."""
    from game.tutorial.overlay import layout_card

    window = pygame.Rect(0, 0, 960, 600)
    chooser = pygame.Rect(275, 70, 440, 370)
    take = pygame.Rect(380, 375, 230, 50)  # at the chooser's foot, where the lowest corners of the card reach
    texts, labels = ("Title", "Words " * 40, "", "Step 2 of 30"), [("show", "Show me"), ("skip", "Skip")]
    card = layout_card(texts, labels, [window], [chooser, take], window, 1.0, targets=(take,)).rect
    assert card.colliderect(chooser)  # nowhere is free of it
    assert not card.colliderect(take)
    blind = layout_card(texts, labels, [window], [chooser, take], window, 1.0).rect
    assert blind.colliderect(take)  # without being told the target, the least covered place is on the button


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_the_welcome_card_leaves_the_start_tiles_rows_and_buttons_free_on_a_small_window(lang):
    """The first step only explains, but the start tiles' chooser is already open under it: at 960x600 and the
    largest text no card of the usual widths is clear of it, so the card is narrowed where that keeps its Take and
    every row (each kind's picture and name, its - and +) free."""
    app = App(build_parser().parse_args(["--lang", lang, "--speed", "instant", "--size", "960x600",
                                         "--text-scale", "150"]), settings=Settings(), persist_settings=False)
    app.running = True
    try:
        table = _table_at(app, "welcome")
        app.step(1 / 60)
        card, chooser = guide_at(table).card.rect, table.ensure_frame().chooser
        buttons = [rect for rect, _option in chooser.buttons]
        rows = [row for _kind, row, _minus, _plus in chooser.steppers]
        assert len(buttons) == 9 and len(rows) == 4
        assert not [r for r in buttons + rows if card.colliderect(r)]
    finally:
        app.stack.clear()
        quit_pygame()


def test_the_tutorials_game_resumed_with_continue_offers_back_to_the_guide(app):
    from game.scenes.saves import continue_game

    session = tutorial_session(app.settings, "instant")
    catch_up(session, KEYS.index("chapel"))
    saves.write_save(storage.autosave_path(), session)
    session.close()
    app.settings.tutorial_step = KEYS.index("taxes")
    table = continue_game(app.ctx)
    app.stack.push(table)
    [(label, _tip, back)] = guide_at(table).menu_entries()
    assert label == "Back to the guide" and guide_at(table).guide.left
    back()
    app.stack.top.choose(1)
    again = app.stack.top
    assert again is not table and guide_at(again).guide.guiding and guide_at(again).guide.step.key == "taxes"


def test_another_game_resumed_with_continue_has_no_guide(app):
    from game.scenes.saves import continue_game
    from game.session import GameSession, SeatSpec

    other = GameSession([SeatSpec("Anne", "human", "#D55E00", "lion"), SeatSpec("Bob", "easy", "#0072B2", "rose"),
                         SeatSpec("Cy", "easy", "#009E73", "stag")], 5)
    saves.write_save(storage.autosave_path(), other)
    app.settings.tutorial_step = KEYS.index("taxes")
    table = continue_game(app.ctx)
    assert guide_at(table) is None
    table.session.close()
