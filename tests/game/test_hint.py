"""The Hint at the table and at a masked ball: offered only with the setting on and while the viewer decides;
computed off the UI thread; shown on the table's (or the ball's) own regions with why in the game's words and the
margin as a second line, never setting a move against itself; forgotten when the game moves on; counted per
seat and kept in the save."""

from __future__ import annotations

import pygame
import pytest

from game.persist import saves
from game.session import GameSession
from game.table.coach import BallCoach, _draw_reason, hint_keys, hint_words
from game.ui.move_words import move_words
from rules import actions as A
from rules.model import Decision
from tests.game import test_table_support as support
from tests.game.test_ball_scene import display as ball_display
from tests.game.test_table_support import at_turn_start, click, frames, make_table, play_human_turns

app = support.app  # the fixture
display = ball_display  # the fixture


def _table(app, hints=True):
    app.ctx.settings.hints = hints
    table = make_table(app, ("human", "random", "random"), seed=5)
    table.coach.samples = 2  # small and fixed: quick and reproducible
    play_human_turns(app, table, at_turn_start)
    return table


def _wait(app, table, limit=600):
    job = table.coach.job
    assert job is not None
    assert job.wait(60)
    frames(app, 2)


def test_no_hint_button_unless_the_setting_is_on(app):
    table = _table(app, hints=False)
    assert table.find_hot("action:hint") is None
    table.coach.ask()
    assert table.coach.job is None and table.session.hints == [0, 0, 0]


def test_a_hint_is_legal_shown_on_the_table_and_counted(app):
    table = _table(app)
    session = table.session
    click(app, table, "action:hint")
    assert table.coach.state in ("thinking", "ready")
    _wait(app, table)
    hint = table.coach.current()
    assert hint is not None and hint.action in session.legal()
    keys = {r.key for r in table.hots}
    assert hint_keys(hint.action) & keys  # something on the table shows where the move is made
    why, margin = hint_words(hint, session.state.names)
    move = move_words(hint.suggestion.line, session.state.names)
    assert why.startswith(move + " — ") and len(why) > len(move) + 4  # the move, then why in the game's words
    assert margin is None or move not in margin  # the margin never sets the move against itself
    assert table.find_hot("action:hint").enabled is False  # the hint is out: nothing more to ask
    table.coach.ask()  # asking again for the same decision costs nothing
    assert session.hints == [1, 0, 0]
    loaded = saves.loads(saves.dumps(session))
    assert loaded.session.hints == [1, 0, 0]
    loaded.session.close()


def test_the_hint_is_forgotten_when_the_game_moves_on(app):
    table = _table(app)
    session = table.session
    table.coach.ask()
    job = table.coach.job
    session.apply(session.legal()[0])  # the player moved before the hint came
    assert job.cancelled()
    assert table.coach.current() is None and table.coach.state == ""


def test_closing_the_window_stops_the_search(app):
    table = _table(app)
    table.coach.ask()
    job = table.coach.job
    table.session.close()
    assert job.cancelled()


def test_a_save_without_hints_loads_with_none_and_bad_counts_are_refused():
    from tests.game.test_table_support import seats

    session = GameSession(seats(("human", "easy", "easy")), 3)
    data = saves.save_dict(session)
    del data["session"]["hints"]
    import json

    assert saves.loads(json.dumps(data)).session.hints == [0, 0, 0]
    data["session"]["hints"] = [1, "x", 0]
    try:
        saves.loads(json.dumps(data))
    except saves.SaveLoadError:
        pass
    else:
        raise AssertionError("a wrong hint count was accepted")
    session.close()


def test_hints_at_a_ball_or_a_card_pick_are_legal_too(app):
    table = _table(app)
    session = table.session
    play_human_turns(app, table, lambda st: st.step in (Decision.BALL_SPEND, Decision.KEEP_CARD), limit=900)
    table.coach.ask()
    _wait(app, table)
    hint = table.coach.current()
    assert hint is not None and hint.action in session.legal()


def test_a_move_in_words_tells_its_parts_in_order():
    from game.ui.move_words import move_words
    from rules.model import Card, TileType

    line = [A.BuildPalace((0, 0)), A.PlayCard(Card.CUNNING_STROKE), A.PlaceTile(TileType.FOUNTAIN, (1, 0)),
            A.PlaceTile(TileType.FOUNTAIN, (2, 0)), A.FinishExpanding(), A.EndTurn()]
    assert move_words(line) == "Build a palace; play Cunning Stroke; expand: 2 fountains"
    ball = [A.HandBackBribe(), A.HandBackBribe(), A.HandBackCard(Card.BLACKMAIL), A.PlacePrestige()]
    assert move_words(ball) == "Hand back 2 bribes, Blackmail at the ball"
    assert move_words([A.EndTurn()]) == "End the turn"
    assert move_words([A.ChooseStartTiles((3, 0, 3, 2))]) == "Take 3 fields, 3 groves and 2 meadows to start"
    assert move_words([A.ChooseStartTiles((0, 0, 0, 0))]) == "Draw all your starting tiles at random"


def test_r_turn_3_a_move_with_trades_says_what_each_gives_and_takes():
    """'Trade once; play Inheritance; leisure' did not say what the trade changes: 2 tiles given for 1 of the
    player's choice (R-TURN-3)."""
    from game.ui.move_words import move_words
    from rules.model import Card, TileType

    m, f, g, w = TileType.MEADOW, TileType.FIELD, TileType.GROVE, TileType.FOUNTAIN
    once = [A.Trade((m, m), f), A.PlayCard(Card.INHERITANCE), A.InheritCastle((3, 0)), A.Leisure(), A.EndTurn()]
    assert move_words(once) == "Trade 2 meadows for a field; play Inheritance; leisure"
    twice = [A.Trade((m, m), f), A.Trade((g, m), w), A.Leisure(), A.EndTurn()]
    assert move_words(twice) == "Trade 2 meadows for a field; trade a grove and a meadow for a fountain; leisure"
    # mid-turn, the tiles placed already: the trade and the step still to take, not a trade alone
    rest = [A.Trade((g, m), f), A.FinishExpanding(), A.EndTurn()]
    assert move_words(rest) == "Trade a grove and a meadow for a field; finish the expansion"


def test_the_hint_rings_a_card_on_the_screen_and_the_button_of_its_action():
    from game.table.overlay import shows
    from rules.model import Card

    keys = hint_keys(A.PlayCard(Card.DOWRY))
    assert "action:card" in keys and shows("screen:card:1:dowry", keys) and not shows("screen:card:1:tribute", keys)
    assert hint_keys(A.BuildChapel((2, -1))) == {"action:build", "cell:2,-1", "board:chapel"}


def test_the_reason_moves_off_the_ringed_cells_and_a_long_one_is_cut(app):
    surface = pygame.Surface((960, 600))
    estate = pygame.Rect(240, 66, 510, 276)
    words = ("Expand: a field — completes a farm: £2 now and £2 more at each tax collection.", None)
    top = _draw_reason(surface, words, estate, 1.0, [], 46)
    assert top.top < estate.centery  # nothing ringed there: under the estate's heading
    ring = pygame.Rect(top.centerx - 20, top.centery - 10, 40, 40)
    foot = _draw_reason(surface, words, estate, 1.0, [ring], 46)
    assert foot.bottom > estate.centery and not foot.colliderect(ring) and estate.contains(foot)
    second = _draw_reason(surface, (words[0], "About 1.5 VP better than “Leisure”."), estate, 1.0, [], 46)
    assert second.height > top.height  # the margin on a line of its own
    long = _draw_reason(surface, (" ".join(["word"] * 400), "margin"), estate, 1.5, [], 69)
    assert estate.contains(long) and long.height <= estate.height // 2 + 40  # the upper half, give or take the padding


def test_over_a_chooser_the_reason_goes_just_over_the_ringed_option_where_top_and_foot_cover_it(app):
    """On the starting tiles at 1280x720, 200 %, the words at the top and at the foot of the estate both lay over
    the − they rang: over a chooser's veil they may go higher than the estate's heading, just over the ring."""
    surface = pygame.Surface((1280, 720))
    veil = pygame.Rect(320, 75, 715, 445)
    words = (" ".join(["word"] * 400), "margin")  # as tall as the words may be: half the area
    height = _draw_reason(surface, words, veil, 1.0, [], 60, veiled=True).height
    ring = pygame.Rect(795, veil.top + height + 10, 44, 44)
    assert ring.colliderect(pygame.Rect(veil.left, veil.top + 60, veil.width, height))  # the top covers it
    assert ring.colliderect(pygame.Rect(veil.left, veil.bottom - height, veil.width, height))  # and so does the foot
    over = _draw_reason(surface, words, veil, 1.0, [ring], 60, veiled=True)
    assert not over.colliderect(ring) and veil.contains(over)
    estate = pygame.Rect(320, 75, 715, 330)  # no veil: the estate's heading stays clear
    assert _draw_reason(surface, words, estate, 1.0, [ring], 60).top >= estate.top + 60


def test_a_hint_count_past_the_limit_is_saved_at_the_limit_and_loads():
    """One limit on both sides: a count the game saves is one it loads (the autosave loaded no more)."""
    import json

    from game.session import MAX_HINTS
    from tests.game.test_table_support import seats

    session = GameSession(seats(("human", "easy", "easy")), 3)
    session.hints[0] = MAX_HINTS + 5
    data = saves.save_dict(session)
    assert data["session"]["hints"][0] == MAX_HINTS
    assert saves.loads(json.dumps(data)).session.hints == [MAX_HINTS, 0, 0]
    data["session"]["hints"][0] = MAX_HINTS + 1
    with pytest.raises(saves.SaveLoadError) as refused:
        saves.loads(json.dumps(data))
    assert "hint counts" in str(refused.value) and "players" not in str(refused.value)
    session.close()


def _coached_ball(state, seat: int):
    """The ball scene of ``state`` with ``seat`` at the screen and hints on, up to that seat's decision: the
    session, the scene, its context and surface."""
    from game.scenes.ball import BallScene
    from tests.game.test_ball_scene import frames, make_ctx, make_session

    session = make_session(state, humans=(seat,), speed="fast")
    ctx, surface = make_ctx((1280, 720))
    ctx.settings.hints = True
    scene = BallScene(ctx, session)
    scene.attach(BallCoach(session, lambda: bool(ctx.settings.hints), 2, ball=scene))
    ctx.stack.push(scene)
    assert frames(ctx, surface, 600, until=lambda: scene.show_private())
    frames(ctx, surface, 2)
    return session, scene, ctx, surface


def test_a_hint_at_a_ball_rings_a_hand_back_and_says_what_it_buys(display):
    """The ball's own Hint button (and H): the coach rings the hand-back or the marker's button and says why."""
    from tests.game.test_ball_scene import at_ball_with_bribes, click, frames, play

    state, _ = play(4, 11, at_ball_with_bribes)
    seat = state.decider
    session, scene, ctx, surface = _coached_ball(state, seat)
    button = scene.lay_out().find("ball:hint")
    assert button is not None and button.enabled
    click(ctx, surface, button.rect.center)
    assert session.hints[seat] == 1 and scene.coach.job is not None and scene.coach.job.wait(60)
    frames(ctx, surface, 2)
    advice = scene.coach.current()
    assert advice is not None and advice.action in session.legal()
    why, _margin = hint_words(advice, session.state.names)
    assert "prestige" in why or "ball" in why
    assert not scene.lay_out().find("ball:hint").enabled  # the hint is out: nothing more to ask
    scene.draw(surface)
    scene.draw_overlay(surface)  # the ring on the ball's button, the words over the nobles' cards
    session.apply(session.legal()[0])
    assert scene.coach.current() is None


def test_no_hint_at_a_ball_unless_the_setting_is_on(display):
    from game.scenes.ball import BallScene
    from tests.game.test_ball_scene import at_ball_with_bribes, frames, make_ctx, make_session, play

    state, _ = play(4, 11, at_ball_with_bribes)
    session = make_session(state, humans=(state.decider,), speed="fast")
    ctx, surface = make_ctx((1280, 720))
    scene = BallScene(ctx, session)
    scene.attach(BallCoach(session, lambda: bool(ctx.settings.hints), 2, ball=scene))
    ctx.stack.push(scene)
    assert frames(ctx, surface, 600, until=lambda: scene.show_private())
    assert scene.lay_out().find("ball:hint") is None and not scene.coach.ask()


def _press(app, key):
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    frames(app, 1)


def test_the_starting_tiles_hint_names_them_rings_each_step_to_them_and_the_keys_follow(app):
    """R-SETUP-5: the hint says which tiles to take (it said 'Choose these starting tiles' and rang nothing), rings
    the − or + that brings the chooser's counts a step nearer, then Take these tiles, and the keys' focus is there
    each time: Enter after Enter takes the tiles advised."""
    from game.table.chooser import START_OK

    app.ctx.settings.hints = True
    table = make_table(app, ("human", "random", "random"), seed=5)
    table.coach.samples = 2
    frames(app, 2)
    session = table.session
    assert session.state.step == Decision.CHOOSE_START_TILES and session.state.decider == 0
    table.coach.ask()
    _wait(app, table)
    advice = table.coach.current()
    assert isinstance(advice.action, A.ChooseStartTiles) and advice.action.counts != (3, 3, 3, 3)
    why, margin = hint_words(advice, session.state.names)
    assert why.startswith("Take ") and "meadow" in why and margin is not None, (why, margin)
    for _step in range(13):
        marked = table.coach.focus(table.frame)
        assert marked is not None and table.focused().key == marked
        _press(app, pygame.K_RETURN)
        if marked == START_OK:
            break
    assert advice.action in session.state.history


def test_the_hint_on_a_card_pick_takes_the_keys_focus_to_the_card_it_rings(app):
    """The hint rang Tribute while the focus stayed on Inheritance, so Enter kept the card advised against; the
    player may still move the focus on."""
    from game.table.targets import OptionButton

    table = _table(app)
    play_human_turns(app, table, lambda st: st.step == Decision.KEEP_CARD and st.decider == 0, limit=900)
    options = [c.key for c in table.controls() if isinstance(table.find_hot(c.key).target, OptionButton)]
    table.coach.ask()
    assert table.coach.job is not None and table.coach.job.wait(60)
    advice = table.coach.current()
    ringed = table.coach.focus(table.frame)
    assert ringed in options and table.frame.chooser.option(ringed).action == advice.action
    table.ring.focus(next(key for key in options if key != ringed))  # where the keys stood when the hint came
    frames(app, 2)
    assert table.focused().key == ringed
    _press(app, pygame.K_TAB)
    assert table.focused().key != ringed  # moved on by the player, it stays where they put it
    table.ring.focus(ringed)
    _press(app, pygame.K_RETURN)
    assert advice.action in table.session.state.history


def test_r_ball_2_the_hint_at_a_ball_takes_the_keys_focus_to_the_hand_back_it_rings(display):
    """The hint rang the bribe's Hand back (10 prestige: Marquess, not Earl) while the keys' focus stayed on the
    marker's button, so Enter placed the marker without it; after the hint, Enter hands the bribe back."""
    from game.table.ball_frame import ball_key
    from game.table.targets import BallControl
    from tests.bots.test_explain import _at_ball_with_one_bribe
    from tests.game.test_ball_scene import frames

    def press(key) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        frames(ctx, surface, 2)

    state = _at_ball_with_one_bribe()
    state.history = []  # a position built for the rule, not played: no record to replay
    session, scene, ctx, surface = _coached_ball(state, 0)
    assert scene.focused().key == BallControl.PLACE.value  # where the keys' focus starts
    press(pygame.K_h)
    assert scene.coach.job is not None and scene.coach.job.wait(60)
    frames(ctx, surface, 2)
    advice = scene.coach.current()
    assert isinstance(advice.action, A.HandBackBribe), advice.action
    assert scene.focused().key == ball_key(advice.action)
    press(pygame.K_RETURN)
    assert A.HandBackBribe() in session.state.history and session.state.ball.extra == 1


def test_r_turn_3_a_hinted_trade_rings_the_tiles_to_give_then_the_tile_to_take_and_the_keys_follow(app):
    """'Trade once — groves and forests bring 1 tile' rang the Trade button only: in the trade chooser nothing was
    ringed, neither the two tiles to give nor the tile to take."""
    from game.table.coach import Advice
    from rules.bots import Explanation, Gain, Reason, Suggestion

    table = _table(app)
    s = table.session
    trade = next(a for a in s.state.legal_actions() if isinstance(a, A.Trade))
    advice = Advice(Suggestion((trade, A.Leisure(), A.EndTurn()), "turn"), Explanation((Reason(Gain.TRADE),)))
    table.coach.current = lambda: advice  # the hint found (its search is tested elsewhere)
    give = "trade:give:" + ",".join(t.label for t in trade.give)
    assert {"action:trade", give} <= hint_keys(trade)
    assert "action:trade" in [r.key for r in table.coach._marked(advice, table.frame)]
    click(app, table, "action:trade")
    app.ctx.input.keys = True  # the player goes on by keys
    assert table.coach.focus(table.frame) == give and table.focused().key == give
    _press(app, pygame.K_RETURN)
    take = table.coach.focus(table.frame)
    assert take == f"trade:take:{trade.take.label}" and table.focused().key == take
    _press(app, pygame.K_RETURN)
    assert trade in s.state.history


def _box_and_keep(table, drawn):
    """The hint's words as last drawn, and what they must leave clear: the rings, the chooser's card, the estate's
    tiles and its glowing cells."""
    from game.table.estate_panel import EstateLayout

    frame = table.frame
    table.draw_overlay(pygame.Surface(frame.rects.window.size))
    box = drawn[-1]
    keep = [r.rect for r in table.coach._marked(table.coach.current(), frame)]
    keep += [frame.chooser.card] if frame.chooser is not None else []
    estate = frame.panels["estate"][1]
    if isinstance(estate, EstateLayout) and estate.geo is not None:
        keep += [estate.geo.cell_rect(pos).clip(estate.area) for pos in estate.cells]
        keep.append(estate.geo.estate_rect.clip(estate.area))
    return box, [rect for rect in keep if rect.width and rect.height]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_hints_words_leave_the_chooser_the_estate_and_the_glowing_cells_clear(language, monkeypatch):
    """At 960x600, 200 % the words covered the starting tiles' lower rows and Take these tiles, then, after the −
    pressed as hinted, the upper rows; with the church's chooser open half the estate; while a tile was carried,
    the top row of glowing cells."""
    from game.table import coach
    from tests.game.gallery import GALLERY

    drawn: list[pygame.Rect] = []
    real = coach._draw_reason
    monkeypatch.setattr(coach, "_draw_reason", lambda *args, **kw: drawn.append(real(*args, **kw)) or drawn[-1])
    for size, screen in (((960, 600), "table-hint-start-tiles"), ((1280, 720), "table-hint-church"),
                         ((960, 600), "table-hint")):
        app = support.make_app(size, 200, language)
        try:
            table = GALLERY[screen](app)
            frames(app, 2)
            if screen == "table-hint-start-tiles":
                box, keep = _box_and_keep(table, drawn)
                assert not box.collidelistall(keep), (screen, box, keep)
                app.ctx.input.keys = True
                _press(app, pygame.K_RETURN)  # the − the hint rings
                frames(app, 2)
            if screen == "table-hint":
                tile = next(r.key for r in table.frame.regions if r.key.startswith("screen:tile:"))
                click(app, table, tile)  # carried: the cells it may go to glow
                frames(app, 2)
                assert table.frame.panels["estate"][1].cells
            box, keep = _box_and_keep(table, drawn)
            assert table.frame.rects.window.contains(box)
            assert not box.collidelistall(keep), (screen, box, keep)
        finally:
            support.end_app(app)


def test_a_tooltip_keeps_off_the_hints_words_and_still_shows_over_a_ringed_button(monkeypatch):
    """The words are the hint's own card: the pointer over them shows no tooltip, and a tooltip keeps off them; a
    ringed button keeps its tooltip (why a greyed one cannot be used)."""
    from game.scenes import table as table_scene
    from tests.game.gallery import GALLERY

    app = support.make_app((1280, 720), 100, "en")
    try:
        table = GALLERY["table-hint"](app)
        frames(app, 2)
        tips: list[tuple] = []
        monkeypatch.setattr(table_scene, "draw_tooltip",
                            lambda surface, tip, at, s, avoid=(), pointer=None: tips.append((tip, list(avoid))) or True)
        surface = pygame.Surface(app.window.get_size())
        app.ctx.input.pointer = True
        ringed = next(r for r in table.coach._marked(table.coach.current(), table.frame)
                      if r.key.startswith("action:"))
        table.parts.pointer.moved(ringed.rect.center, table.frame)
        table.parts.pointer.rest.seconds = 10.0  # rested there
        table.draw_overlay(surface)
        box = table.coach.box
        assert box is not None and tips and box in tips[-1][1]
        tips.clear()
        table.parts.pointer.moved(box.center, table.frame)
        table.parts.pointer.rest.seconds = 10.0
        table.draw_overlay(surface)
        assert not tips
    finally:
        support.end_app(app)


def _edge_colours(surface: pygame.Surface, rect: pygame.Rect, reach: int) -> set[tuple[int, int, int]]:
    """The colours drawn in the band ``reach`` pixels wide around ``rect`` (where a frame or a ring stands)."""
    band = rect.inflate(2 * reach, 2 * reach)
    return {tuple(surface.get_at((x, y)))[:3] for x in range(band.left, band.right)
            for y in range(band.top, band.bottom) if not rect.collidepoint(x, y)}


@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_the_pointers_frame_on_a_card_is_not_the_hints_gold_ring(language):
    """On the scandal-card chooser the hint's ring and the pointer's frame were both gold: two cards looked framed
    (QA). The pointer's frame is a thin royal-blue line, "the pointer is here"; the hint's ring stays gold."""
    from game.ui.theme import GOLD, HOVER
    from tests.game import fit_matrix

    with fit_matrix.opened(fit_matrix.Case("table-hint-keep-card", (960, 600), 200, language)) as app:
        table = app.stack.top
        advice = table.coach.current()
        assert advice is not None
        cards = [(r, opt) for r, opt in table.frame.chooser.buttons if opt.tall]
        ringed = next(r for r, opt in cards if opt.action == advice.action)
        pointed = next(r for r, opt in cards if opt.action != advice.action)
        support.move(app, pointed.center)
        frames(app, 2)
        reach = round(6 * table.frame.rects.scale)
        gold, hover = tuple(GOLD)[:3], tuple(HOVER)[:3]
        assert gold in _edge_colours(app.window, ringed, reach)
        assert hover in _edge_colours(app.window, pointed, reach)
        assert gold not in _edge_colours(app.window, pointed, reach)


@pytest.mark.parametrize("style", ["primary", "quiet", "danger"])
def test_a_button_under_the_pointer_is_not_edged_in_the_hints_gold(style, pygame_display):
    """The hint rings buttons in gold (an option, an action); a button under the pointer was edged in gold too: its
    edge is its hover colour now, gold only for a choice made (selected)."""
    from game.ui.draw import draw_button
    from game.ui.theme import GOLD

    rect = pygame.Rect(10, 10, 120, 40)
    for selected in (False, True):
        surface = pygame.Surface((140, 60))
        draw_button(surface, rect, "", 1.0, hover=True, style=style, selected=selected)
        gold = tuple(GOLD)[:3] in {tuple(surface.get_at((x, y)))[:3] for x in range(140) for y in range(60)}
        assert gold == selected, (style, selected)
