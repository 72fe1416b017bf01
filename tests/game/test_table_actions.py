"""A human seat plays a whole turn of every kind through the table's own mouse handling (headless)."""

from __future__ import annotations

from rules import actions as A
from rules.invariants import check_invariants
from rules.model import Building, Card, Decision, Folly, TileType
from tests.game import test_table_support as support
from tests.game.test_table_support import (
    at_turn_start,
    bots_until_human,
    cell_pos,
    click,
    click_at,
    drag,
    give_card,
    grant_regions,
    make_table,
    play_human_turns,
)

app = support.app  # the fixture


def kinds_since(state, start):
    return [type(a) for a in state.history[start:]]


def end_turn(app, table):
    n = len(table.session.state.history)
    click(app, table, "action:end")
    assert table.session.state.history[n] == A.EndTurn()


def start(app, seed=3, kinds=("human", "random", "random")):
    table = make_table(app, kinds, seed)
    play_human_turns(app, table, at_turn_start)
    return table


def test_a_expand_by_drag_and_drop(app):
    table = start(app)
    s = table.session
    n = len(s.state.history)
    me = s.state.players[0]
    tile = next(t for t in TileType if me.tiles[t])
    target = next(a.pos for a in s.legal() if isinstance(a, A.PlaceTile) and a.tile == tile)
    src = table.find_hot(f"screen:tile:{tile.label}").rect.center
    drag(app, src, cell_pos(table, target))
    assert s.state.players[0].estate.tiles.get(target) == tile
    assert s.state.step == Decision.EXPAND
    # a second tile by click-to-arm, then click a cell
    tile2 = next(t for t in TileType if s.state.players[0].tiles[t])
    click(app, table, f"screen:tile:{tile2.label}")
    target2 = next(a.pos for a in s.legal() if isinstance(a, A.PlaceTile) and a.tile == tile2)
    click_at(app, cell_pos(table, target2))
    if s.state.step == Decision.CHOOSE_REGION:
        click(app, table, next(h.key for h in table.hots if h.key.startswith("region:")))
    assert s.state.players[0].estate.tiles.get(target2) == tile2
    click(app, table, "action:end")  # Done placing
    assert A.FinishExpanding in kinds_since(s.state, n)
    end_turn(app, table)
    assert A.EndTurn in kinds_since(s.state, n)
    check_invariants(s.state)


def test_a_tile_dragged_while_the_expand_card_is_open_goes_under_it_onto_the_estate(app):
    table = start(app)
    s = table.session
    click(app, table, "action:expand")
    assert table.parts.chooser.current() is not None and table.parts.chooser.current().key == "expand"
    me = s.state.players[0]
    tile = next(t for t in TileType if me.tiles[t])
    target = next(a.pos for a in s.legal() if isinstance(a, A.PlaceTile) and a.tile == tile)
    drag(app, table.find_hot(f"screen:tile:{tile.label}").rect.center, cell_pos(table, target))
    assert s.state.players[0].estate.tiles.get(target) == tile  # the card gave way to the tile carried
    assert table.parts.chooser.current() is None


def test_b_castle_with_knight_then_palace_and_chapel(app):
    table = start(app)
    s = table.session
    st = s.state
    me = st.players[0]
    me.money += 40
    grant_regions(st, 1, TileType.FIELD, 1)  # a farm on Robert's estate for the knight
    me.estate.add_tile((3, 0), TileType.MEADOW)  # a castle site far from the first castle
    st.bag[TileType.MEADOW] -= 1
    s.version += 1
    n = len(st.history)
    click(app, table, "action:build")
    click(app, table, "build:castle")
    click_at(app, cell_pos(table, (3, 0)))
    assert s.state.players[0].estate.buildings.get((3, 0)) == Building.CASTLE
    assert s.state.step == Decision.KNIGHT
    target = next(h.key for h in table.hots if h.key.startswith("knight:1:"))
    click(app, table, target)
    assert A.PlaceKnight in kinds_since(s.state, n)
    assert s.state.players[0].knights
    end_turn(app, table)
    # next turn: a palace dragged from the board onto the castle
    play_human_turns(app, table, at_turn_start)
    n = len(s.state.history)
    drag(app, table.find_hot("board:palace").rect.center, cell_pos(table, (0, 0)))
    assert s.state.players[0].estate.buildings.get((0, 0)) == Building.PALACE
    end_turn(app, table)
    # and a chapel
    play_human_turns(app, table, at_turn_start)
    st = s.state
    st.players[0].estate.add_tile((-3, 0), TileType.MEADOW)
    st.bag[TileType.MEADOW] -= 1
    s.version += 1
    # the estate grew behind the table's back: fit it in view again (the board holds still)
    table.parts.estate.camera.fit()
    click(app, table, "action:build")
    click(app, table, "build:chapel")
    click_at(app, cell_pos(table, (-3, 0)))
    assert s.state.players[0].estate.buildings.get((-3, 0)) == Building.CHAPEL
    if s.state.step == Decision.KEEP_CARD:  # the chapel's scandal card
        click(app, table, next(h.key for h in table.hots if h.key.startswith("keep:")))
    end_turn(app, table)
    check_invariants(s.state)


def test_the_palace_is_told_to_go_on_a_castle(app):
    """R-ACT-B3: a palace replaces one of the builder's castles; the build card and the board's palace row say so
    (they sent it to a glowing meadow, where castles, chapels and follies go)."""
    table = start(app)
    s = table.session
    s.state.players[0].money += 40
    s.version += 1
    support.frames(app, 2)
    assert "castle" in table.find_hot("board:palace").tip and "meadow" not in table.find_hot("board:palace").tip
    assert "meadow" in table.find_hot("board:castle").tip
    click(app, table, "action:build")
    chooser = table.parts.chooser.current()
    assert any(option.key == "build:palace" for option in chooser.options)
    assert "a castle for a palace" in chooser.prompt


def test_r_act_b2_the_castle_and_its_knight_promise_only_what_they_bring(app):
    """Without a free region on another estate the castle brings no knight; a knight's garden brings the Queen only
    from her holder, else its prestige at the balls (the card said "then a knight" and "the Queen, if he has
    her")."""
    table = start(app)
    s = table.session
    st = s.state
    st.players[0].money += 40
    st.players[0].estate.add_tile((3, 0), TileType.MEADOW)
    st.bag[TileType.MEADOW] -= 1
    s.version += 1
    click(app, table, "action:build")
    castle = next(o for o in table.parts.chooser.current().options if o.key == "build:castle")
    assert "no region free for a knight" in castle.sub
    click(app, table, "build:castle")  # puts the card away; the regions come, and the card is asked again
    table.parts.hand.armed = None
    grant_regions(st, 1, TileType.FOUNTAIN, 1)  # a garden for Robert
    grant_regions(st, 2, TileType.FOUNTAIN, 1)  # and one for Mary, who holds the Queen
    st.queen = 2
    s.version += 1
    click(app, table, "action:build")
    castle = next(o for o in table.parts.chooser.current().options if o.key == "build:castle")
    assert "then a knight" in castle.sub
    click(app, table, "build:castle")
    table.parts.estate.camera.fit()
    click_at(app, cell_pos(table, (3, 0)))
    assert s.state.step == Decision.KNIGHT
    subs = {o.key: o.sub for o in table.parts.chooser.current().options}
    assert "takes the Queen" in subs["knight-opt:2:0"] and "Queen" not in subs["knight-opt:1:0"], subs
    assert "prestige at each ball" in subs["knight-opt:1:0"]


def test_r_round_3_r_ball_2_the_choosers_promise_no_queen_on_the_queen_lock_space_and_no_ball_once_none_is_left():
    """On the queen-lock space of decade III a knight on the Queen holder's garden was 'the Queen from Mary' and a
    palace 'replaces a castle · the Queen': she stays where she is; and no ball is left for a garden's prestige."""
    from types import SimpleNamespace

    from game.table.choosers import ChooserContext, build, knight
    from tests.rules.scenario import game, play, set_estate, turn

    s = game(3)
    s.decade, s.round_pos, s.queen = 3, 9, 2
    set_estate(s, 1, "w w m\nw w .")
    set_estate(s, 2, "w w m\nw w .")
    set_estate(s, 0, "C f f m")
    s.players[0].money = 30
    turn(s, 0)
    styles = [SimpleNamespace(colour=(0, 0, 0))] * 3

    def subs(make) -> dict:
        moves = SimpleNamespace(close_chooser=lambda: None)
        return {o.key: o.sub for o in make(ChooserContext(moves, s.view(0), s.legal_actions(), styles)).options}

    assert "Queen" not in subs(build)["build:palace"]
    play(s, "build castle at 3,0")
    assert s.step == Decision.KNIGHT
    knights = subs(knight)
    assert "Queen" not in knights["knight-opt:2:0"] and "no ball left" in knights["knight-opt:2:0"], knights
    s.round_pos = 5  # the second ball of decade III to come, the Queen free to move
    knights = subs(knight)
    assert "takes the Queen" in knights["knight-opt:2:0"] and "prestige at each ball" in knights["knight-opt:1:0"]


def test_b_folly(app):
    table = start(app)
    s = table.session
    st = s.state
    st.players[0].money += 20
    grant_regions(st, 0, TileType.GROVE, 2)
    st.players[0].estate.add_tile((5, 5), TileType.MEADOW)
    st.bag[TileType.MEADOW] -= 1
    s.version += 1
    # the estate grew behind the table's back: fit it in view again (the board holds still)
    table.parts.estate.camera.fit()
    click(app, table, "action:build")
    click(app, table, "build:folly-forests")
    click_at(app, cell_pos(table, (5, 5)))
    assert s.state.players[0].estate.buildings.get((5, 5)) == Building.FOLLY_FORESTS
    assert Folly.FORESTS not in s.state.follies
    end_turn(app, table)


def test_c_bribe_d_taxes_e_land(app):
    table = start(app)
    s = table.session
    click(app, table, "action:bribe")
    click(app, table, "bribe:2")
    assert s.state.players[0].bribes == 2
    end_turn(app, table)
    play_human_turns(app, table, at_turn_start)
    money = s.state.players[0].money
    click(app, table, "action:taxes")
    click(app, table, "taxes:1")
    assert s.state.players[0].tax_used and s.state.players[0].money >= money + 1
    end_turn(app, table)
    play_human_turns(app, table, lambda st: at_turn_start(st) and not st.players[0].land_used)
    click(app, table, "action:land")
    click(app, table, next(h.key for h in table.hots if h.key.startswith("land:")))
    assert s.state.players[0].land_used
    end_turn(app, table)
    check_invariants(s.state)


def test_f_church_g_leisure_card_and_trade(app):
    table = start(app)
    s = table.session
    me = s.state.players[0]
    t = next(t for t in TileType if me.tiles[t])
    vp = me.vp
    click(app, table, "action:church")
    click(app, table, f"donate:{t.label}")
    assert s.state.step == Decision.DONATE
    click(app, table, "donate:done")
    assert s.state.players[0].vp == vp + 1
    end_turn(app, table)
    # leisure, a card (Tribute) and a trade in one turn
    play_human_turns(app, table, at_turn_start)
    give_card(s.state, 0, Card.TRIBUTE)
    s.version += 1
    money = s.state.players[0].money
    tribute = next(h.key for h in (table.find_hot("action:card") and table.hots) if h.key.endswith(":tribute"))
    click(app, table, tribute)
    assert s.state.players[0].money == money + 5 and s.state.card_played
    click(app, table, "action:leisure")
    assert s.state.action_taken
    click(app, table, "action:trade")
    give = next(h.key for h in table.hots if h.key.startswith("trade:give:"))
    click(app, table, give)
    take = next(h.key for h in table.hots if h.key.startswith("trade:take:"))
    before = s.state.players[0].tile_count
    click(app, table, take)
    assert s.state.players[0].tile_count == before - 1
    end_turn(app, table)
    check_invariants(s.state)


def test_cards_vicar_and_inheritance(app):
    table = start(app)
    s = table.session
    st = s.state
    give_card(st, 0, Card.VICAR)
    s.version += 1
    click(app, table, "action:card")
    click(app, table, "play:vicar")
    assert s.state.step == Decision.VICAR
    click(app, table, next(h.key for h in table.hots if h.key.startswith("vicar:") and h.key != "vicar:done"))
    click(app, table, "vicar:done")
    assert s.state.step == Decision.TURN
    click(app, table, "action:leisure")
    end_turn(app, table)
    play_human_turns(app, table, at_turn_start)
    st = s.state
    give_card(st, 0, Card.INHERITANCE)
    st.players[0].estate.add_tile((0, 3), TileType.MEADOW)
    st.bag[TileType.MEADOW] -= 1
    s.version += 1
    # the estate grew behind the table's back: fit it in view again (the board holds still)
    table.parts.estate.camera.fit()
    click(app, table, "action:card")
    click(app, table, "play:inheritance")
    assert s.state.step == Decision.INHERITANCE
    click_at(app, cell_pos(table, (0, 3)))
    assert s.state.players[0].estate.buildings.get((0, 3)) == Building.CASTLE
    check_invariants(s.state)


def test_disabled_buttons_say_why(app):
    table = start(app)
    s = table.session
    click(app, table, "action:leisure")
    hot = table.find_hot("action:bribe")
    assert not hot.enabled and "already taken your action" in hot.tip
    end_hot = table.find_hot("action:end")
    assert end_hot.enabled
    end_turn(app, table)
    bots_until_human(app, table)
    if s.state.players[0].tax_used:
        assert "already collected" in table.find_hot("action:taxes").tip


def test_undo_a_placed_tile(app):
    table = start(app)
    s = table.session
    me = s.state.players[0]
    tile = next(t for t in TileType if me.tiles[t])
    target = next(a.pos for a in s.legal() if isinstance(a, A.PlaceTile) and a.tile == tile)
    before = len(s.state.history)
    drag(app, table.find_hot(f"screen:tile:{tile.label}").rect.center, cell_pos(table, target))
    assert len(s.state.history) == before + 1
    click(app, table, "action:undo")
    assert len(s.state.history) == before
    assert target not in s.state.players[0].estate.tiles


def test_choose_region_by_clicking_a_highlighted_square(app):
    table = start(app)
    s = table.session
    st = s.state
    estate = st.players[0].estate
    for pos in ((0, 1), (0, 2), (0, 3), (1, 3), (2, 2), (2, 3)):
        estate.add_tile(pos, TileType.FIELD)
        st.bag[TileType.FIELD] -= 1
    st.players[0].tiles[TileType.FIELD] = max(1, st.players[0].tiles[TileType.FIELD])
    s.version += 1
    # the estate grew behind the table's back: fit it in view again (the board holds still)
    table.parts.estate.camera.fit()
    drag(app, table.find_hot("screen:tile:field").rect.center, cell_pos(table, (1, 2)))
    assert s.state.step == Decision.CHOOSE_REGION
    assert {h.key for h in table.hots} >= {"region:0,2", "region:1,2"}
    click_at(app, cell_pos(table, (2, 2)))  # only in the square anchored at (1, 2)
    assert s.state.history[-1] == A.ChooseRegion((1, 2))
    assert estate is s.state.players[0].estate and len(s.state.players[0].estate.regions) == 1


def test_forest_owner_gives_tiles_after_the_curtain(app):
    from game.scenes.curtain import CurtainScene

    table = make_table(app, ("human", "human", "random"), seed=4)
    s = table.session
    for _ in support.deadline():  # both humans through their start with the curtain in between
        support.frames(app, 1)
        top = app.stack.top
        if isinstance(top, CurtainScene):
            click_at(app, top._button_rect().center)
        elif top is table and s.human_to_decide():
            if s.state.step == Decision.TURN and s.state.decider == 0:
                break
            if s.state.step == Decision.CHOOSE_START_TILES:
                click(app, table, "start:ok")
            else:
                click(app, table, next(h.key for h in table.hots if h.key.startswith("keep:")))
    else:
        raise AssertionError(f"the first turn never came ({s.state.step}, seat {s.state.decider})")
    st = s.state
    grant_regions(st, 1, TileType.GROVE, 1)
    st.players[0].money += 20
    st.players[0].estate.add_tile((3, 0), TileType.MEADOW)
    st.bag[TileType.MEADOW] -= 1
    s.version += 1
    s.apply(A.BuildCastle((3, 0)))
    s.apply(A.PlaceKnight(1, 0))
    assert s.state.step == Decision.GIVE_TILES and s.state.decider == 1
    support.frames(app, 2)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and curtain.seat == 1
    click_at(app, curtain._button_rect().center)
    give = next(h.key for h in table.hots if h.key.startswith("give:"))
    click(app, table, give)
    assert isinstance(s.state.history[-1], A.GiveTiles)


def test_taxes_that_bring_nothing_ask_first(app):
    """R-ACT-D1: with no field, farm, knight on a farm or bribe the taxes bring £0; spending the action on them
    is asked about (the engine says what they bring), and keeping the action is the way back."""
    from rules import tax_income

    table = start(app)
    s = table.session
    assert tax_income(s.state, 0, 0) == 0 and s.state.players[0].bribes == 0
    history = len(s.state.history)
    click(app, table, "action:taxes")
    click(app, table, "taxes:0")
    assert len(s.state.history) == history and not s.state.players[0].tax_used  # not spent yet
    assert "brings you nothing" in table.parts.chooser.opened.prompt
    click(app, table, "taxes-nothing:cancel")  # keep the action: back to the taxes
    opened = table.parts.chooser.opened
    assert opened is not None and opened.key == "taxes" and not s.state.players[0].tax_used
    click(app, table, "taxes:0")
    click(app, table, "taxes-nothing:spend")
    assert s.state.players[0].tax_used and s.state.history[history] == A.CollectTaxes(0)


def test_r_act_b2_each_move_of_a_knight_moves_the_knight_it_names(app):
    """Both of Anne's knights out, each option moves one of them: the two moves to one region bore one name, so a
    click on "from Elisabetta Montgomery's forest" moved the knight on Bartholomew Fitzwilliam-Smythe's farm (and a
    strip that folds its words drew one knight's lines on both buttons)."""
    from tests.game.gallery import _knight_moved

    table = _knight_moved(app)
    frame = table.ensure_frame()
    moves = [(r, o) for r, o in frame.chooser.buttons if isinstance(o.action, A.MoveKnight)]
    assert len(moves) == 6 and len({o.key for _r, o in moves}) == 6
    history = table.session.state.history
    rect = next(r for r, o in moves if o.action == A.MoveKnight(2, 0, 1, 1))
    n = len(history)
    click_at(app, rect.center)
    assert history[n] == A.MoveKnight(2, 0, 1, 1)
