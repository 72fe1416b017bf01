"""The table by keys alone: the focus moves between what a click would use, Enter clicks it; tiles and buildings
are picked up, carried over the estate's glowing cells with the arrows and dropped with Enter; knights are sent;
a modal chooser keeps the focus; any key closes the pointer's tooltip. Only key presses reach the window here."""

from __future__ import annotations

import pygame
import pytest

from game.scenes import table as table_scene
from game.shell.keyboard_player import MOVE_KEYS, route
from game.table.layout import PANELS
from game.table.targets import OptionButton
from game.ui.focus import Move
from game.ui.tip_rest import TOOLTIP_DELAY
from rules import actions as A
from rules.model import Building, Decision, TileType
from tests.game import test_table_support as support
from tests.game.test_table_support import at_turn_start, grant_regions, make_table, play_human_turns

app = support.app  # the fixture
ARROWS = (Move.LEFT, Move.RIGHT, Move.UP, Move.DOWN)


def press(app, k, mod=0):
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    support.frames(app, 1)


def focus_on(app, scene, key, moves=tuple(Move)):
    """Move the focus to ``key`` with the keys ``moves`` allows (Tab, Shift+Tab, the arrows)."""
    controls = [c for c in scene.controls()]
    here = scene.focused()
    path = route_with(controls, here.key if here else None, key, moves)
    assert path is not None, f"the focus cannot reach {key}; controls {[c.key for c in controls]}"
    for move in path:
        press(app, *MOVE_KEYS[move])
    assert scene.focused().key == key
    return path


def route_with(controls, start, goal, moves):
    if set(moves) == set(Move) or start == goal:
        return route(controls, start, goal)
    from collections import deque

    from game.ui.focus import neighbour

    seen, queue = {start}, deque([(start, [])])
    while queue:
        key, path = queue.popleft()
        for move in moves:
            there = neighbour(controls, key, move)
            if there is not None and there.key not in seen:
                if there.key == goal:
                    return [*path, move]
                seen.add(there.key)
                queue.append((there.key, [*path, move]))
    return None


def start(app, seed=3):
    table = make_table(app, ("human", "random", "random"), seed)
    play_human_turns(app, table, at_turn_start)
    return table


def test_a_tile_is_picked_from_the_screen_carried_with_the_arrows_and_dropped_with_enter(app):
    table = start(app)
    s = table.session
    tile = next(t for t in TileType if s.state.players[0].tiles[t])
    focus_on(app, table, f"screen:tile:{tile.label}")
    press(app, pygame.K_RETURN)
    assert table.parts.hand.armed is not None and table.parts.hand.armed.tile == tile
    keys = {c.key for c in table.controls()}
    cells = {f"cell:{a.pos[0]},{a.pos[1]}" for a in s.legal() if isinstance(a, A.PlaceTile) and a.tile == tile}
    assert keys == cells  # the cursor: only the glowing cells
    assert table.focused().key in cells  # it starts on one of them
    target = max(cells, key=lambda k: (int(k.split(",")[1]), k))  # a cell the arrows must travel to
    path = focus_on(app, table, target, ARROWS)
    assert set(path) <= set(ARROWS)
    frame = table.ensure_frame()
    assert frame.pointing.cell == tuple(int(v) for v in target[5:].split(","))
    press(app, pygame.K_RETURN)
    pos = tuple(int(v) for v in target[5:].split(","))
    assert s.state.players[0].estate.tiles.get(pos) == tile and s.state.step == Decision.EXPAND
    assert table.parts.hand.armed is None
    if s.state.players[0].tiles[tile]:
        assert table.focused().key == f"screen:tile:{tile.label}"  # back where the tile was picked


def test_esc_puts_the_piece_down_and_the_focus_goes_back_to_it(app):
    table = start(app)
    tile = next(t for t in TileType if table.session.state.players[0].tiles[t])
    focus_on(app, table, f"screen:tile:{tile.label}")
    press(app, pygame.K_SPACE)
    assert table.parts.hand.armed is not None
    press(app, pygame.K_ESCAPE)
    assert table.parts.hand.armed is None and table.ctx.stack.top is table
    assert table.focused().key == f"screen:tile:{tile.label}"


def test_a_castle_from_the_board_and_its_knight_by_keys(app):
    table = start(app)
    s = table.session
    st = s.state
    st.players[0].money += 40
    grant_regions(st, 1, TileType.FIELD, 1, at=(3, 3))  # a farm on Robert's estate, near enough to show
    st.players[0].estate.add_tile((0, -1), TileType.MEADOW)
    st.players[0].estate.add_tile((0, -2), TileType.MEADOW)
    st.bag[TileType.MEADOW] -= 2
    s.version += 1
    table.parts.estate.camera.fit()
    support.frames(app, 1)
    focus_on(app, table, "board:castle")
    press(app, pygame.K_RETURN)
    assert table.parts.hand.armed is not None
    focus_on(app, table, "cell:0,-2", ARROWS)
    press(app, pygame.K_RETURN)
    assert s.state.players[0].estate.buildings.get((0, -2)) == Building.CASTLE
    assert s.state.step == Decision.KNIGHT
    strip = table.parts.chooser.current()
    assert strip is not None and not strip.modal
    first = next(r for r in table.parts.chooser.focusables() if isinstance(r.target, OptionButton))
    assert table.focused().key == first.key  # the decision's own chooser takes the focus
    target = next(c.key for c in table.controls() if c.key.startswith("knight:1:"))
    focus_on(app, table, target)
    press(app, pygame.K_RETURN)
    assert isinstance(s.state.history[-1], A.PlaceKnight) and s.state.players[0].knights


def test_a_chooser_keeps_the_focus_until_it_closes(app):
    table = start(app)
    focus_on(app, table, "action:bribe")
    press(app, pygame.K_RETURN)
    keys = [c.key for c in table.controls()]
    assert keys and all(k.startswith("bribe:") for k in keys)  # the options and Cancel, nothing under the veil
    assert table.focused().key == keys[0]
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert table.focused().key == keys[-1]
    press(app, pygame.K_RETURN)  # Cancel
    assert table.parts.chooser.opened is None
    assert table.focused().key == "action:bribe"


def test_enter_on_a_greyed_button_says_why_where_the_focus_is(app):
    table = start(app)
    focus_on(app, table, "action:bribe")
    press(app, pygame.K_RETURN)
    press(app, pygame.K_1)  # a bribe: the action is taken
    assert table.parts.chooser.opened is None
    assert not any(c.key == "action:expand" for c in table.controls())  # greyed now: the focus skips it
    press(app, pygame.K_a)  # its letter says why
    assert table.toast.visible and table.notice_at == table.pointing()[0]


def test_any_key_closes_the_pointers_tooltip_and_its_hover(app):
    table = start(app)
    end = table.find_hot("action:end")
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=end.rect.center, rel=(3, 0), buttons=(0, 0, 0)))
    for _ in range(int(TOOLTIP_DELAY * 60) + 5):
        support.frames(app, 1)
    assert table.parts.pointer.tip(table.ensure_frame()) is not None
    assert table.pointing()[0] == end.rect.center
    press(app, pygame.K_LSHIFT)  # not even a key the table uses
    assert not app.ctx.input.pointer
    assert table.parts.pointer.tip(table.ensure_frame()) is None
    assert table.pointing()[0] != end.rect.center  # no hover left where the pointer rests
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=end.rect.center, rel=(2, 0), buttons=(0, 0, 0)))
    assert app.ctx.input.pointer and table.pointing()[0] == end.rect.center


def test_shift_and_the_arrows_pan_the_estate_the_arrows_alone_move_the_focus(app):
    table = start(app)
    origin = table.parts.estate.camera.origin
    press(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert table.parts.estate.camera.origin != origin
    moved = table.parts.estate.camera.origin
    press(app, pygame.K_RIGHT)
    assert table.parts.estate.camera.origin == moved


def test_the_menu_key_opens_the_tables_menu(app):
    table = start(app)
    press(app, pygame.K_MENU)
    assert app.stack.top.name == "game-menu"
    press(app, pygame.K_MENU)
    assert app.stack.top is table


def test_the_tutorials_card_buttons_come_first(app):
    from game.scenes.tutorial import tutorial_table

    table = tutorial_table(app.ctx, 0, "instant")
    app.stack.push(table)
    support.frames(app, 2)
    guide = table.overlays[-1].guide
    assert guide.step.explains and table.controls()[0].key == "guide:next"
    index = guide.index
    assert table.focused().key == "guide:next"
    press(app, pygame.K_RETURN)
    assert guide.index == index + 1


def test_a_pressed_buttons_highlight_does_not_stick_after_esc(app):
    table = start(app)
    menu = table.find_hot("action:menu").rect.center
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=menu, rel=(4, 0), buttons=(0, 0, 0)))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu, button=1))
    assert table.parts.hand.press is not None and table.pointing()[0] == menu
    press(app, pygame.K_ESCAPE)  # the menu, while the button is still held down
    assert app.stack.top.name == "game-menu"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    assert table.parts.hand.press is None  # the press is forgotten ...
    assert table.pointing()[0] != menu  # ... and nothing looks hovered where the pointer rests


def test_a_decisions_own_chooser_takes_the_focus_when_it_opens(app):
    table = start(app)
    s = table.session
    focus_on(app, table, "action:church")
    press(app, pygame.K_RETURN)
    strip = table.parts.chooser.current()
    assert strip is not None and not strip.modal  # a side chooser: the table around it stays in reach
    first = next(r for r in table.parts.chooser.focusables() if isinstance(r.target, OptionButton))
    assert table.focused().key == first.key  # not the button nearest the one pressed
    press(app, pygame.K_RETURN)
    assert s.state.step == Decision.DONATE  # the decision's own chooser now
    first = next(r for r in table.parts.chooser.focusables() if isinstance(r.target, OptionButton))
    assert table.focused().key == first.key


@pytest.mark.parametrize("short_of_time", [False, True], ids=["laid out whole", "a frame short of time"])
def test_once_the_action_is_taken_the_focus_goes_to_end_turn_and_at_the_next_turn_to_the_first_letter(
        app, monkeypatch, short_of_time):
    """The focused A-G button greys out with the action taken: the focus goes to End turn, not to whatever is
    nearest, so that Enter ends the turn; when the turn comes back, the focus is on the first letter."""
    if short_of_time:  # (the action bar may show the computers' turn a frame after the turn came)
        monkeypatch.setattr(table_scene, "LAYOUT_SECONDS", -1.0)
    table = start(app)
    support.frames(app, len(PANELS))  # every panel laid out for the turn
    focus_on(app, table, "action:expand")
    press(app, pygame.K_g)  # Leisure by its letter
    assert table.session.state.action_taken and table.focused().key == "action:end"
    played = len(table.session.state.history)
    press(app, pygame.K_RETURN)
    # the turn passed (the computers may already have played theirs within that frame)
    assert table.session.state.history[played] == A.EndTurn()
    table.ring.used.clear()  # (the letter used before is not what brings the focus back)
    support.bots_until_human(app, table)
    support.frames(app, len(PANELS))  # every panel laid out for the turn
    assert not table.frame.older
    assert table.focused().key == "action:expand"  # the turn came back: the first letter, not what was nearest


def test_a_turn_that_comes_before_the_action_bar_shows_it_gets_the_first_letter_once_it_does(app, monkeypatch):
    """A frame short of time may show the action bar of the turn before when the viewer's turn comes: the focus
    is asked for again then, and goes to the first letter as soon as the bar shows the turn."""
    table = start(app)
    support.frames(app, len(PANELS))  # every panel laid out for the turn
    parts = table.parts
    turn = ("a turn", "not seen before")
    with monkeypatch.context() as patch:  # the bar as it was laid out for the turn before: no letter to use
        patch.setattr(type(parts.actions), "focusables", lambda _bar: [])
        assert parts.new_start(False, turn) is None
    assert parts.new_start(False, turn) == "action:expand"
    assert parts.new_start(False, turn) is None  # asked again in the same turn: the focus stays where it went


def test_the_starting_tiles_card_starts_the_keys_on_its_confirm_button(app):
    """R-SETUP-5's card: Enter takes the tiles shown; the steppers are a key away (Enter on the first one took a
    field off)."""
    table = make_table(app, ("human", "random", "random"))
    s = table.session
    assert s.state.step == Decision.CHOOSE_START_TILES and s.state.decider == 0
    support.frames(app, 2)
    assert table.focused().key == "start:ok"
    press(app, pygame.K_RETURN)  # the first key shows the ring
    press(app, pygame.K_RETURN)
    assert s.state.history[0] == A.ChooseStartTiles((3, 3, 3, 3))  # three of each, as the card showed
