"""The guided first game: a scripted learner takes every step through the real table with the mouse, each step
leaves the game in the state its lesson is about, and the guide never points at a move the engine refuses;
wrong moves are refused gently; Next, Show me, Skip, Leave, undo, and going on where the player stopped."""

from __future__ import annotations

import pygame
import pytest

from game.persist import storage
from game.persist.settings import Settings
from game.scenes.tutorial import open_tutorial, tutorial_table
from game.shell.app import App, build_parser
from game.tutorial.guide import Guide
from game.tutorial.learner import click, drag
from game.tutorial.start import catch_up, play_others, tutorial_session
from game.tutorial.steps import PLAYER_SEAT, STEPS, Step
from game.tutorial.table_guide import guide_at
from game.tutorial.targets import regions_for
from rules import Building, Card, Decision, PlaceTile, RegionKind, TileType, Title, parse_action
from rules.invariants import check_invariants

KEYS = [step.key for step in STEPS]
ME = PLAYER_SEAT


def _run(argv: list[str], max_frames: int = 20000):
    """The app with ``argv``; every step's state recorded as the step begins (index -> state copy)."""
    app = App(build_parser().parse_args(argv), settings=Settings(), persist_settings=False)
    table = app.first_scene()
    app.stack.push(table)
    app.running = True
    guide = guide_at(table).guide
    begun = {guide.index: guide.session.state.copy()}
    remember = guide.on_step

    def record(index: int) -> None:
        begun[index] = guide.session.state.copy()
        remember(index)

    guide.on_step = record
    app.checked, app.wrong = 0, []
    drive = app.driver

    def check() -> None:
        """Whenever the guide points at a move: the engine allows it, and every ringed region is enabled."""
        expected = guide.expected()
        if guide.waiting and table.is_top and expected is not None:
            app.checked += 1
            if expected not in guide.session.legal() or not all(r.enabled for r in guide_at(table).targets()):
                app.wrong.append((guide.step.key, str(expected)))
        if drive is not None:
            drive()

    app.driver = check
    try:
        for _ in range(max_frames):
            app.step(1 / 60)
            if not app.running:
                break
        return app, table, begun
    finally:
        app.stack.clear()
        pygame.time.set_timer(pygame.QUIT, 0)
        pygame.quit()


@pytest.fixture(scope="module")
def learned(tmp_path_factory):
    shots = tmp_path_factory.mktemp("tutorial-shots")
    app, table, begun = _run(["--tutorial", "--autoplay", "--speed", "instant", "--lang", "en",
                              "--screenshots", str(shots)])
    return app, table, begun, shots


def _after(begun, key: str):
    """The game's state once step ``key`` was taken (as the next step began)."""
    return begun[KEYS.index(key) + 1]


def test_the_scripted_learner_takes_every_step_and_the_run_exits_0(learned):
    app, table, begun, _shots = learned
    guide = guide_at(table).guide
    assert app.exit_code == 0 and not app.running
    assert guide.finished and not guide.left
    assert sorted(begun) == list(range(len(STEPS) + 1))  # every step began, in order, none left out
    check_invariants(table.session.state)


def test_every_step_is_screenshot(learned):
    *_rest, shots = learned
    names = sorted(p.name for p in shots.glob("*-tutorial-*.png"))
    assert [name.split("-tutorial-")[1].removesuffix(".png") for name in names] == KEYS
    assert all(name[:3].isdigit() for name in names)


def test_r_setup_5_and_6_the_private_tile_choice_and_the_card_pick(learned):
    begun = learned[2]
    assert _after(begun, "start-tiles").players[ME].tiles == [3, 3, 3, 3]
    assert _after(begun, "keep-card").players[ME].cards == [Card.CUNNING_STROKE]


def test_r_act_a2_fields_pay_a_farm_pays_groves_draw_a_garden_brings_the_queen(learned):
    begun = learned[2]
    before, fields = begun[KEYS.index("fields")], _after(begun, "fields")
    assert fields.players[ME].money == before.players[ME].money + 3
    assert [fields.players[ME].estate.tiles.get(p) for p in ((1, 0), (2, 0), (1, 1))] == [TileType.FIELD] * 3
    traded = _after(begun, "trade").players[ME]
    assert traded.tiles[TileType.FIELD] == 1  # R-TURN-3: a grove and a meadow became a field
    farm = _after(begun, "farm").players[ME]
    assert farm.money == fields.players[ME].money + 1 + 2
    assert RegionKind.FARM in [kind for kind, _anchor in farm.estate.regions]
    assert farm.tile_count == 3 + 2 + 2  # three fountains and two meadows left, two tiles drawn for the groves
    garden = _after(begun, "garden")
    assert garden.queen == ME
    assert RegionKind.GARDEN in [kind for kind, _anchor in garden.players[ME].estate.regions]


def test_r_card_9_cunning_stroke_gives_a_second_expand(learned):
    begun = learned[2]
    played = _after(begun, "cunning-stroke")
    assert Card.CUNNING_STROKE not in played.players[ME].cards and played.step == Decision.EXPAND


def test_r_act_b4_and_b2_a_chapel_brings_a_card_a_castle_a_knight(learned):
    begun = learned[2]
    chapel = _after(begun, "chapel").players[ME]
    assert chapel.estate.buildings[(0, -1)] == Building.CHAPEL and chapel.cards == [Card.INHERITANCE]
    castle = _after(begun, "castle").players[ME]
    assert castle.estate.buildings[(3, 0)] == Building.CASTLE
    knight = _after(begun, "knight")
    assert knight.players[ME].knights == [(2, 0)] and knight.players[2].estate.knights[0] == ME


def test_r_act_d1_c1_f1_taxes_bribes_and_the_church(learned):
    begun = learned[2]
    before, taxes = begun[KEYS.index("taxes")], _after(begun, "taxes")
    assert taxes.players[ME].tax_used
    assert taxes.players[ME].money == before.players[ME].money + 4 * 1 + 2  # four fields and a free farm
    before, bribed = begun[KEYS.index("bribe")], _after(begun, "bribe")
    assert bribed.players[ME].bribes == 5 and bribed.players[ME].money == before.players[ME].money - 10
    donated = _after(begun, "church")
    assert donated.church[TileType.GROVE] >= 1


def test_r_ball_and_r_round_3_titles_then_the_lock(learned):
    begun = learned[2]
    titled = _after(begun, "titles")  # it explains, once the ball is over
    assert titled.players[ME].title not in (None, Title.BARON)  # the bribes handed back became prestige
    assert titled.players[ME].bribes == 0
    assert begun[KEYS.index("lock")].round_pos == 9


def test_r_score_the_decade_ends_and_the_game_goes_on(learned):
    table = learned[1]
    state = table.session.state
    assert state.decade == 2 and not state.over
    assert table.session.human_to_decide()  # the player's own card pick of the new decade, unguided


def _table_at(app, key: str):
    """The tutorial's table at step ``key``, once the computer players have played up to the player's turn."""
    table = tutorial_table(app.ctx, KEYS.index(key), "instant")
    app.stack.push(table)
    for _ in range(600):
        app.step(1 / 60)
        if guide_at(table).guide.waiting and table.is_top:
            break
    assert guide_at(table).guide.waiting
    return table


@pytest.fixture
def app():
    a = App(build_parser().parse_args(["--lang", "en", "--speed", "instant"]), settings=Settings(),
            persist_settings=False)
    a.running = True
    yield a
    a.stack.clear()
    pygame.quit()


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


def test_the_guide_rings_only_what_is_legal_at_every_step(learned):
    app, table, _begun, _shots = learned
    assert app.checked > 40 and app.wrong == []


def test_next_show_me_and_skip(app):
    table = _table_at(app, "welcome")
    guide, tutorial = guide_at(table).guide, guide_at(table)
    app.step(1 / 60)
    nxt = next(r for name, _label, r in tutorial.card.buttons if name == "next")
    for event in click(nxt.center):
        app.handle_event(event)
    assert guide.step.key == "start-tiles"
    tutorial.press("show")
    for _ in range(600):
        app.step(1 / 60)
        if guide.step.key != "start-tiles" and guide.waiting:
            break
    assert guide.step.key == "keep-card" and table.session.state.players[ME].tiles == [3, 3, 3, 3]
    tutorial.press("skip")
    assert guide.step.key == "fields" and table.session.state.players[ME].cards == [Card.CUNNING_STROKE]


def test_leave_the_guide_and_play_on(app):
    table = _table_at(app, "fields")
    app.step(1 / 60)
    tutorial = guide_at(table)
    leave = next(r for name, _label, r in tutorial.card.buttons if name == "leave")
    for event in click(leave.center):
        app.handle_event(event)
    assert tutorial.guide.left and app.settings.tutorial_step == KEYS.index("fields")
    off_path = PlaceTile(TileType.MEADOW, (0, 1))
    assert table.do(off_path)  # any legal move now
    assert table.session.state.players[ME].estate.tiles[(0, 1)] == TileType.MEADOW


def test_undo_takes_the_guide_back(app):
    table = _table_at(app, "fields")
    guide = guide_at(table).guide
    assert table.do(guide.expected())
    assert guide.done == 1
    assert table.session.undo()
    assert guide.done == 0 and guide.step.key == "fields"


def test_undo_of_a_steps_last_move_takes_the_guide_back_to_that_step(app):
    table = _table_at(app, "trade")
    guide = guide_at(table).guide
    assert table.do(guide.expected()) and guide.step.key == "farm"  # the trade was the step's only move
    assert table.do(guide.expected()) and guide.done == 1  # the farm's first field
    assert table.session.undo() and (guide.step.key, guide.done) == ("farm", 0)
    assert table.session.undo() and (guide.step.key, guide.done) == ("trade", 0)
    assert guide.expected() in table.session.legal()


def test_catching_up_reaches_the_game_the_learner_played(learned):
    begun = learned[2]
    for key in ("trade", "knight", "church"):
        session = tutorial_session(Settings(), "instant")
        assert catch_up(session, KEYS.index(key)) == KEYS.index(key)
        assert session.state.history == begun[KEYS.index(key)].history[: len(session.state.history)]
        session.close()


def test_a_step_whose_move_the_game_refuses_is_left_out_with_a_word():
    session = tutorial_session(Settings(), "instant")
    odd = (STEPS[1], STEPS[2], Step("odd", "t", "x", moves=("build palace at 0,0",)), STEPS[3])
    guide = Guide(session, steps=odd, start=2)
    catch_up(session, 2, odd)
    assert play_others(session) and guide.waiting
    guide.update(0.1)
    assert guide.step.key == "fields" and guide.word  # a palace costs more than she has (R-ACT-B1)
    session.close()


def test_the_title_starts_it_or_goes_on_where_the_player_stopped(app):
    app.settings.tutorial_step = 0
    open_tutorial(app.ctx)
    top = app.stack.top
    assert top.name == "table" and guide_at(top).guide.index == 0
    app.stack.clear()
    app.settings.tutorial_step = KEYS.index("chapel")
    open_tutorial(app.ctx)
    dialog = app.stack.top
    assert dialog.name == "choice"
    dialog.choose(2)  # Go on
    if app.stack.top.name == "choice":  # the first tutorial's game was autosaved: replace it
        app.stack.top.choose(0)
    table = app.stack.top
    assert guide_at(table).guide.step.key == "chapel"
    assert table.session.state.players[ME].estate.tiles.get((0, -1)) == TileType.MEADOW
    app.stack.clear()
    open_tutorial(app.ctx)
    app.stack.top.choose(1)  # Begin again
    if app.stack.top.name == "choice":
        app.stack.top.choose(0)
    assert guide_at(app.stack.top).guide.index == 0


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
    kinds = {type(parse_action(t)).__name__ for step in STEPS for t in step.moves}
    assert {"ChooseStartTiles", "KeepCard", "PlaceTile", "Trade", "PlayCard", "BuildChapel", "BuildCastle",
            "PlaceKnight", "CollectTaxes", "Bribe", "Donate", "EndTurn"} <= kinds
    assert 15 <= len(STEPS) <= 25
