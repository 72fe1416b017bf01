"""Every screen of the game in a typical state, for the readability check (tests/game/test_readable.py) and
for looking at them (``python -m tests.game.gallery OUT_DIR [WxH ...] [--text-scale 150]`` saves PNGs).

Each entry of :data:`GALLERY` takes an app and puts its scene on top of the stack, ready to draw.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pygame

from game import scenes
from game.i18n import _
from game.persist.settings import Settings
from game.scenes.ball import BallScene
from game.scenes.curtain import CurtainScene
from game.scenes.decade import DecadeScene
from game.scenes.game_menu import GameMenu
from game.scenes.game_over import GameOverScene
from game.scenes.saves import open_save_dialog
from game.scenes.scoring import ScoringScene
from game.scenes.table import TableScene
from game.shell.app import App, build_parser
from game.shell.shutdown import quit_pygame
from game.table.choosers import ACTION_CHOOSERS
from game.table.coach import BallCoach
from game.table.layout import PANELS
from game.ui import widgets
from rules import ActionKind, Card, Decision, EventKind, TileType
from rules import actions as A
from rules.bots.simple import GreedyPlayer
from tests.game import test_table_support as support
from tests.game.test_ball_scene import make_session, play

Setup = Callable[[App], object]


def _table(app: App, kinds=("human", "greedy", "greedy", "greedy"), seed=4, until=support.at_turn_start):
    table = support.make_table(app, kinds, seed)
    table.interludes = False
    support.play_human_turns(app, table, until)
    st = table.session.state
    me = st.players[table.viewer]
    me.money = max(me.money, 30)  # every action open: money for a building, bribes to hand back, a card
    me.bribes, st.bribes_board = me.bribes + 2, st.bribes_board - 2
    if Card.TRIBUTE in st.deck:
        support.give_card(st, table.viewer, Card.TRIBUTE)
    table.session.version += 1
    support.frames(app, 2)
    return table


def _with_chooser(kind: ActionKind) -> Setup:
    def setup(app: App):
        table = _table(app)
        table.parts.chooser.open(ACTION_CHOOSERS[kind])
        return table
    return setup


def _taxes_for_nothing(app: App):
    """The question before taxes that bring £0 are collected (the first turn: nothing to collect for)."""
    table = _with_chooser(ActionKind.TAXES)(app)
    support.click(app, table, "taxes:0")
    return table


def _start_tiles(app: App):
    table = support.make_table(app, ("human", "greedy", "greedy"), 4)
    table.interludes = False
    return table


def _keep_card(app: App):
    table = _start_tiles(app)
    support.click(app, table, "start:ok")
    support.bots_until_human(app, table)
    assert table.session.state.step == Decision.KEEP_CARD
    return table


def _vicar(app: App):
    table = _table(app)
    support.give_card(table.session.state, table.viewer, Card.VICAR)
    table.do(A.PlayCard(Card.VICAR))
    return table


def _knight(app: App):
    table = _table(app)
    st = table.session.state
    support.grant_regions(st, 1, TileType.FIELD, 1, at=(3, 3))  # regions near their castles: on the miniatures
    support.grant_regions(st, 2, TileType.GROVE, 1, at=(3, 3))
    st.players[0].estate.add_tile((0, -1), TileType.MEADOW)
    st.players[0].estate.add_tile((0, -2), TileType.MEADOW)
    st.bag[TileType.MEADOW] -= 2
    table.session.version += 1
    table.do(A.BuildCastle((0, -2)))
    assert st.step == Decision.KNIGHT
    return table


#: the longest names the QA gave, beside short ones
LONG_NAMES = ["Anne", "Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery", "Walter", "Frances"]


def _knight_moved(app: App):
    """Anne's knights are both out, on the farm and the forest of two players with long names: each option names
    two players (the label "Elisabetta Montgomery's forest", the small print "from Bartholomew Fitzwilliam-Smythe's
    farm · takes 2 tiles"), six of them."""
    names = support.NAMES
    support.NAMES = LONG_NAMES
    try:
        table = _table(app)
    finally:
        support.NAMES = names
    st = table.session.state
    for seat, tile in ((1, TileType.FIELD), (2, TileType.GROVE), (3, TileType.FIELD)):
        support.grant_regions(st, seat, tile, 2 if seat < 3 else 1, at=(3, 3))
    for owner in (1, 2):  # her two knights, on the first region of each
        st.players[owner].estate.set_knight(0, 0)
        st.players[0].knights.append((owner, 0))
    st.players[0].estate.add_tile((0, -1), TileType.MEADOW)
    st.players[0].estate.add_tile((0, -2), TileType.MEADOW)
    st.bag[TileType.MEADOW] -= 2
    table.session.version += 1
    table.do(A.BuildCastle((0, -2)))
    assert st.step == Decision.KNIGHT and not st.players[0].knights_in_supply
    return table


def _deciding(step: Decision, seed: int) -> Setup:
    """The table of a game played by random moves until ``step``, its decider at the screen (the decisions the
    action bar does not open: a donation to the church, an inheritance, the ball's spending at the table)."""
    def setup(app: App):
        import random

        from rules import new_game

        state, rng = new_game(["Anne", "Robert", "Mary", "Walter"], seed), random.Random(seed)
        while state.step != step:
            state.apply(rng.choice(state.legal_actions()))
        table = TableScene(app.ctx, make_session(state, humans=(state.decider,), speed="instant"))
        table.interludes = False
        app.stack.push(table)
        support.frames(app, 2)
        return table
    return setup


def _region(app: App):
    """A field laid between two squares of fields: which of them forms the region (Decision.CHOOSE_REGION)."""
    table = _table(app)
    st = table.session.state
    for pos in ((1, 0), (2, 0), (3, 0), (1, 1), (3, 1)):
        st.players[0].estate.add_tile(pos, TileType.FIELD)
    st.players[0].tiles[TileType.FIELD] += 1
    st.bag[TileType.FIELD] -= 6
    table.session.version += 1
    table.do(A.PlaceTile(TileType.FIELD, (2, 1)))
    assert st.step == Decision.CHOOSE_REGION
    support.frames(app, 2)
    return table


def _give_tiles(app: App):
    """Robert's knight on Anne's forest: Anne chooses the tiles she gives (Decision.GIVE_TILES)."""
    state, _events = play(4, 2, lambda s, ev: s.step == Decision.TURN and s.decider == 1 and support.at_turn_start(s))
    table = TableScene(app.ctx, make_session(state, humans=(0, 1), speed="instant"))
    table.interludes = False
    app.stack.push(table)
    support.frames(app, 2)
    st = table.session.state
    support.grant_regions(st, 0, TileType.GROVE, 1, at=(3, 3))
    st.players[1].money = 40
    for pos in ((0, -1), (0, -2)):
        st.players[1].estate.add_tile(pos, TileType.MEADOW)
    st.players[0].tiles[TileType.FIELD] += 1
    st.players[0].tiles[TileType.MEADOW] += 1
    st.bag[TileType.MEADOW] -= 3
    st.bag[TileType.FIELD] -= 1
    table.session.version += 1
    for action in (A.BuildCastle((0, -2)), A.PlaceKnight(0, 0)):
        table.session.apply(action)
    assert st.step == Decision.GIVE_TILES and st.decider == 0
    for _step in range(50):
        support.frames(app, 1)
        if isinstance(app.stack.top, CurtainScene):
            support.click_at(app, app.stack.top._button_rect().center)
    assert app.stack.top is table and table.my_decision
    return table


def _message(app: App):
    dialog = widgets.MessageDialog(app.ctx, _("This save cannot be loaded"),
                                   _("This save was made by a newer version of Noblemen (save version {version}); "
                                     "please update the game to open it.").format(version=99))
    app.stack.push(dialog)
    return dialog


def _public(app: App):
    """Two humans at one screen: Anne has just ended her turn, a computer player moves."""
    table = support.make_table(app, ("human", "greedy", "human"), 5, speed="slow")
    table.interludes = False
    greedy = GreedyPlayer(2)
    session = table.session
    for _step in support.deadline():
        support.frames(app, 1)
        if isinstance(app.stack.top, CurtainScene):
            support.click_at(app, app.stack.top._button_rect().center)
            continue
        st = session.state
        if app.stack.top is not table or not session.human_to_decide():
            continue
        if st.decider == 0 and support.at_turn_start(st) and table.my_decision:
            break
        session.apply(A.ChooseStartTiles((3, 3, 3, 3)) if st.step == Decision.CHOOSE_START_TILES
                      else greedy.choose(session.view(st.decider), session.legal()))
    table.do(A.Leisure())
    table.do(A.EndTurn())
    support.frames(app, 2)
    return table


def _public_long(app: App):
    """Between turns as :func:`_public`, the two humans with long names: Bartholomew Fitzwilliam-Smythe's screen
    stands closed with its notice."""
    names = support.NAMES
    support.NAMES = ["Bartholomew Fitzwilliam-Smythe", "Walter", "Elisabetta Montgomery", "Anne", "Frances"]
    try:
        return _public(app)
    finally:
        support.NAMES = names


def _curtain(app: App):
    session = make_session(play(3, 2, lambda s, ev: s.step == Decision.TURN)[0], humans=(0, 1))
    scene = CurtainScene(app.ctx, session, 0, on_menu=lambda: None)
    app.stack.push(scene)
    return scene


def _interlude(kind: str, seats: int = 4) -> Setup:
    def setup(app: App):
        wanted = {"ball": EventKind.BALL_STARTED, "scoring": EventKind.BUILDING_SCORED,
                  "decade": EventKind.DECADE_STARTED}.get(kind)
        state, events = play(seats, 3, (lambda s, ev: any(e.kind == wanted for e in ev)) if wanted else None)
        session = make_session(state.copy(), humans=(0,), speed="instant")
        made = {"ball": lambda: BallScene(app.ctx, session, list(events)),
                "scoring": lambda: ScoringScene(app.ctx, session, list(events)),
                "decade": lambda: DecadeScene(app.ctx, session),
                "over": lambda: GameOverScene(app.ctx, session)}[kind]()
        app.stack.push(made)
        support.play_for(app, 4.0)  # the animations have played
        return made
    return setup


def _ball_decision(app: App, both: bool = False):
    """The human's decision at the ball, with bribes or cards to hand back (``both``: bribes and a card)."""
    def humans_bribes(s, ev):
        mine = s.players[s.decider]
        return s.step == Decision.BALL_SPEND and (mine.bribes and mine.cards if both else mine.bribes or mine.cards)

    state, events = play(4, 9 if both else 3, humans_bribes)
    session = make_session(state.copy(), humans=(state.decider,), speed="instant")
    scene = BallScene(app.ctx, session, list(events))
    app.stack.push(scene)
    support.play_for(app, 4.0)
    return scene


def _ball_hint(app: App):
    """The human's decision at the ball with the Hints setting on: the ball's Hint button (over the marker's), asked:
    its ring on the button it advises and its words over the nobles' cards."""
    app.ctx.settings.hints = True
    scene = _ball_decision(app)
    scene.attach(BallCoach(scene.session, lambda: True, 2, ball=scene))
    support.frames(app, 2)
    scene.coach.ask()
    assert scene.coach.job is not None and scene.coach.job.wait(60)
    support.frames(app, 2)
    return scene


def _screen(name: str, **kwargs) -> Setup:
    def setup(app: App):
        scene = scenes.create(name, app.ctx, **kwargs)
        app.stack.push(scene)
        return scene
    return setup


def _save_dialog(app: App):
    session = make_session(play(3, 2, lambda s, ev: len(s.history) > 40)[0], humans=(0,))
    return open_save_dialog(app.ctx, session)


def _game_menu(app: App):
    session = make_session(play(3, 2, lambda s, ev: len(s.history) > 40)[0], humans=(0,))
    scene = GameMenu(app.ctx, session, on_leave=lambda: None)
    app.stack.push(scene)
    return scene


def _confirm(app: App):
    dialog = widgets.ConfirmDialog(app.ctx, _("Discard changes?"),
                                   _("Your changes to the settings have not been saved."),
                                   yes=_("Discard"), no=_("Keep editing"), danger=True)
    app.stack.push(dialog)
    return dialog


def _hint(app: App):
    app.ctx.settings.hints = True
    table = _table(app, kinds=("human", "random", "random", "random"))
    table.coach.samples = 2
    table.coach.ask()
    assert table.coach.job is not None and table.coach.job.wait(60)
    support.frames(app, 2)
    return table


def _hint_at(start: Setup) -> Setup:
    """The hint at the chooser ``start`` opens: it rings the option (on the starting tiles the step towards them)."""
    def setup(app: App):
        app.ctx.settings.hints = True
        table = start(app)
        table.coach.samples = 2
        table.coach.ask()
        assert table.coach.job is not None and table.coach.job.wait(60)
        support.frames(app, 2)
        return table
    return setup


def _hint_trade(app: App):
    """A hint that advises a trade, with the trade chooser open: the tiles to give ringed, the reason the trade's."""
    from game.table.coach import Advice
    from rules.bots import Suggestion, explain

    table = _table(app)
    view = table.session.view(table.viewer)
    trade = next(a for a in view.legal if isinstance(a, A.Trade))
    suggestion = Suggestion((trade, A.Leisure(), A.EndTurn()), "turn")
    advice = Advice(suggestion, explain(view, suggestion))
    table.coach.current = lambda: advice  # the hint found (its search is the same as any other's)
    support.click(app, table, "action:trade")
    support.frames(app, 2)
    return table


def _tutorial(key: str, wrong: bool = False) -> Setup:
    """The tutorial at step ``key`` (with the gentle word after a move off the guide's path, if ``wrong``)."""
    def setup(app: App):
        from game.scenes.tutorial import tutorial_table
        from game.tutorial.steps import STEPS
        from game.tutorial.table_guide import guide_at

        table = tutorial_table(app.ctx, [step.key for step in STEPS].index(key), "instant")
        app.stack.push(table)
        for _frame in support.deadline():
            if guide_at(table).guide.waiting:
                break
            support.frames(app, 1)
        if wrong:
            expected = guide_at(table).guide.expected()
            table.do(next(a for a in table.session.legal() if a != expected))
        support.frames(app, 2)
        return table
    return setup


_REVIEWED: dict[int, object] = {}


def _finished_record(seats: int = 3):
    from game.persist import storage
    from game.table.replay import record_of

    session = make_session(play(seats, 2)[0], humans=(0,))
    return record_of(session, storage.data_dir() / ("gallery.json" if seats == 3 else f"gallery-{seats}.json"))


def _review(seats: int = 3, name: str = "") -> Setup:
    """The review of a finished game (made once, then read from the cache beside its save like any other);
    ``name``: the players named as the computer players are by default, "Normal 1" ... (a name with digits)."""
    def setup(app: App):
        from game.scenes.review import ReviewScene
        from game.table.review_data import keep, run_review

        record = _finished_record(seats)
        if seats not in _REVIEWED:
            _REVIEWED[seats] = run_review(record, 0, 1, lambda done, total: None, lambda: False)
        keep(record, 0, _REVIEWED[seats])  # type: ignore[arg-type]
        scene = ReviewScene(app.ctx, record, seat=0, samples=1)
        assert scene.from_cache
        if name:
            scene.record = attrs.evolve(record, seats=tuple(attrs.evolve(seat, name=f"{name} {i + 1}")
                                                             for i, seat in enumerate(record.seats)))
        app.stack.push(scene)
        return scene
    return setup


def _replay(app: App):
    from game.scenes.replay import ReplayScene

    record = _finished_record()
    scene = ReplayScene(app.ctx, record, seat=0, step=len(record.actions) // 2)
    app.stack.push(scene)
    return scene


def _replay_all(app: App):
    """The replay of a finished five-player game seen from all seats, where the most scandal cards are held."""
    from game.scenes.replay import ReplayScene
    from game.ui.event_words import EVERYONE

    scene = ReplayScene(app.ctx, _finished_record(5), seat=EVERYONE)
    replay = scene.replay
    scene.go(max(replay.turns, key=lambda k: sorted((len(p.cards) for p in replay.state_at(k).players), reverse=True)))
    app.stack.push(scene)
    return scene


def _study_dialog(app: App):
    from game.scenes.review import open_coach

    open_coach(app.ctx, _finished_record())
    return app.stack.top


GALLERY: dict[str, Setup] = {
    "title": _screen("title"),
    "setup": _screen("new_game"),
    "settings": _screen("settings"),
    "rules": _screen("rules"),
    "load": _screen("load_game"),
    "table-start-tiles": _start_tiles,
    "table-keep-card": _keep_card,
    "table-turn": _table,
    **{f"table-{kind.value}": _with_chooser(kind) for kind in ACTION_CHOOSERS},
    "table-taxes-for-nothing": _taxes_for_nothing,
    "table-vicar": _vicar,
    "table-knight": _knight,
    "table-knight-moved": _knight_moved,  # both knights out: each option names two players, long names
    "table-between-turns": _public,
    "table-between-turns-long-names": _public_long,  # the closed screen's notice names a long name
    "table-region": _region,
    "table-give-tiles": _give_tiles,
    "table-donate": _deciding(Decision.DONATE, 1),
    "table-inheritance": _deciding(Decision.INHERITANCE, 4),
    "table-ball": _deciding(Decision.BALL_SPEND, 1),
    "curtain": _curtain,
    "save-dialog": _save_dialog,
    "game-menu": _game_menu,
    "confirm": _confirm,
    "message": _message,
    "ball": _interlude("ball"),
    "ball-five": _interlude("ball", seats=5),  # five cards: the narrowest
    "ball-decision": _ball_decision,
    "ball-decision-both": lambda app: _ball_decision(app, both=True),
    "ball-hint": _ball_hint,
    "scoring": _interlude("scoring"),
    "scoring-five": _interlude("scoring", seats=5),  # five panels: the narrowest
    "decade": _interlude("decade"),
    "game-over": _interlude("over"),
    "table-hint": _hint,
    "table-hint-start-tiles": _hint_at(_start_tiles),
    "table-hint-keep-card": _hint_at(_keep_card),
    "table-hint-trade": _hint_trade,
    "table-hint-church": _hint_at(_with_chooser(ActionKind.CHURCH)),
    "review": _review(),
    "review-five": _review(5, name="Normal"),  # five long names in the graph's legend
    "replay": _replay,
    "replay-all": _replay_all,
    "study-dialog": _study_dialog,
    "tutorial-welcome": _tutorial("welcome"),
    "tutorial-move": _tutorial("enclose", wrong=True),
    "tutorial-explains": _tutorial("queen"),
}


def make_app(size: tuple[int, int], text_scale: int = 100) -> App:
    args = ["--size", f"{size[0]}x{size[1]}"]
    settings = Settings()
    settings.text_scale = text_scale
    app = App(build_parser().parse_args(args), settings=settings, persist_settings=False)
    app.running = True
    return app


def show(name: str, size: tuple[int, int], text_scale: int = 100) -> tuple[App, pygame.Surface]:
    """An app at ``size`` showing the gallery's ``name``, drawn; the caller quits pygame."""
    app = make_app(size, text_scale)
    GALLERY[name](app)
    support.frames(app, 3)
    for _frame in range(len(PANELS)):  # a table short of time shows a panel or two as it was a frame or two longer
        if not any(_behind(scene) for scene in app.stack):
            break
        support.frames(app, 1)
    return app, app.window


def _behind(scene) -> bool:
    """A table scene showing a panel's older layout or picture."""
    frame, painter = getattr(scene, "frame", None), getattr(scene, "painter", None)
    return bool(getattr(frame, "older", ()) or getattr(painter, "behind", ()))


def redraw_afresh(app: App) -> None:
    """Draw one frame with every scene laid out and drawn anew (no cached panel or text picture)."""
    app.stack.on_resize(app.ctx.window_size)
    for scene in app.stack:
        painter = getattr(scene, "painter", None)
        if painter is not None:
            painter.nocache = True
    support.frames(app, 1)


def main(argv: list[str]) -> None:
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    scale = 100
    if "--text-scale" in argv:
        i = argv.index("--text-scale")
        scale = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    sized = [a for a in argv[1:] if re.fullmatch(r"\d+x\d+", a)]  # a size, not a screen named with an x
    only = [a for a in argv[1:] if a not in sized]
    sizes = [tuple(int(v) for v in a.split("x")) for a in sized] or [(1280, 720)]
    for size in sizes:
        for name in only or GALLERY:
            app, surface = show(name, size, scale)
            pygame.image.save(surface, str(out / f"{name}-{size[0]}x{size[1]}-{scale}.png"))
            support.close_app(app)
            quit_pygame()


if __name__ == "__main__":
    main(sys.argv[1:])
