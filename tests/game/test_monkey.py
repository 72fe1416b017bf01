"""Thousands of random clicks, drags, wheel turns and keys on the setup, table and curtain scenes."""

from __future__ import annotations

import random

import attrs
import pygame
import pytest

from game.scenes.curtain import CurtainScene
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from rules import actions as A
from rules.invariants import check_invariants
from tests.game import test_table_support as support

app = support.app  # the fixture

KEYS = [
    pygame.K_a,
    pygame.K_b,
    pygame.K_c,
    pygame.K_d,
    pygame.K_e,
    pygame.K_f,
    pygame.K_g,
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_HOME,
    pygame.K_PLUS,
    pygame.K_MINUS,
    pygame.K_u,
    pygame.K_z,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_SPACE,
    pygame.K_1,
]


def random_event(rng: random.Random, size, hots=None):
    w, h = size
    kind = rng.random()
    if hots and kind < 0.45:  # aim at something clickable half the time
        pos = rng.choice(hots).rect.center
    else:
        pos = (rng.randrange(w), rng.randrange(h))
    if kind < 0.6:
        button = rng.choice((1, 1, 1, 1, 3, 2))
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    if kind < 0.72:  # a drag
        end = (rng.randrange(w), rng.randrange(h))
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=((pos[0] + end[0]) // 2, (pos[1] + end[1]) // 2), rel=(0, 0), buttons=(1, 0, 0)
            ),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ]
    if kind < 0.8:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)]
    if kind < 0.9:
        mod = pygame.KMOD_CTRL if rng.random() < 0.1 else 0
        return [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="", scancode=0)]
    return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(("a", "Z", "7", "é", " ")))]


@attrs.frozen
class Spot:
    """A place worth clicking that is no region of the table's own: an empty cell a tile may go to now."""

    rect: pygame.Rect


def open_cells(table) -> list[Spot]:
    """Where the piece being placed may go (a chance in thousands for a click at random: the monkey would spend
    a whole run on one expansion, as a Tribute can start, however well the table behaves)."""
    if table.frame is None or table.shown_seat != table.viewer:
        return []
    cells = {a.pos for a in table.session.legal() if isinstance(a, A.PlaceTile)}
    return [Spot(table.frame.geo.cell_rect(pos)) for pos in sorted(cells)]


def keep_on(app, table):
    """Dialogs and the rules reference opened by the monkey are closed; the curtain stays in play."""
    while app.stack.top is not table and table in app.stack and not isinstance(app.stack.top, CurtainScene):
        app.stack.pop()


@pytest.mark.parametrize(
    "kinds,seed", [(("human", "random", "random", "random"), 1), (("human", "random", "human"), 2)]
)
def test_monkey_on_the_table(app, kinds, seed):
    rng = random.Random(seed)
    table = support.make_table(app, kinds, seed, speed="instant")
    session = table.session
    events = 0
    while events < 2500:
        keep_on(app, table)
        if table not in app.stack:
            break
        top = app.stack.top
        hots = getattr(top, "hots", None)
        if isinstance(top, TableScene):
            top.ensure_frame()
            hots = [*top.hots, *open_cells(top)]
        for e in random_event(rng, app.window.get_size(), hots):
            app.handle_event(e)
            events += 1
        support.frames(app, 1)
        if events % 500 < 4:
            check_invariants(session.state)
    check_invariants(session.state)
    assert len(session.state.history) > 20


def test_monkey_on_setup_and_curtain(app):
    rng = random.Random(5)
    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    for _ in range(1200):
        if app.stack.top is not setup:
            break
        for e in random_event(rng, app.window.get_size(), setup.hots):
            if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_ESCAPE) and setup.focus is None:
                continue  # leaving is tested elsewhere; keep the monkey on this screen
            if (
                e.type == pygame.MOUSEBUTTONDOWN
                and setup.hot_at(e.pos) is not None
                and setup.hot_at(e.pos).key in ("setup:start", "setup:back")
            ):
                continue
            app.handle_event(e)
        support.frames(app, 1)
        specs = setup.seat_specs()
        assert len({s.colour for s in specs}) == len(specs) and len({s.crest for s in specs}) == len(specs)
        assert all(1 <= len(s.name) <= 20 for s in specs)
    setup.start()
    support.frames(app, 2)
    assert isinstance(app.stack.top, TableScene | CurtainScene)
    table = app.stack.find(TableScene)
    curtain = CurtainScene(app.ctx, table.session, 0, on_confirm=lambda seat: None)
    app.stack.push(curtain)
    for _ in range(300):
        if app.stack.top is not curtain:
            break
        for e in random_event(rng, app.window.get_size()):
            if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_SPACE):
                continue
            if e.type in (pygame.MOUSEBUTTONUP,) and curtain._button_rect().collidepoint(e.pos):
                continue
            app.handle_event(e)
        support.frames(app, 1)
    assert app.stack.top is curtain
    support.click_at(app, curtain._button_rect().center)
    assert app.stack.top is not curtain
