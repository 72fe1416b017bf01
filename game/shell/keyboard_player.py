"""``python -m game --autoplay --keyboard``: a whole game in which seat 1 is a human who plays by the keys alone.

The :class:`KeyboardPlayer` decides as a player would - it asks a computer player, from its own seat's view,
what to do - and then finds the key presses that do it through the keyboard's focus only: the controls the
screen on top lists (:meth:`game.ui.scene.Scene.controls`), the control a key moves the focus to
(:func:`game.ui.focus.neighbour`), and the control the move is made on (at the table the region a click would
use, :func:`game.tutorial.targets.regions_for`). It posts key presses (and, for the seed, the typed digits) to
the window's queue, never a mouse event and never a move to the engine. It sets up the game by keys too (the
number of players, each seat's kind, the seed), presses Continue at every interlude, plays its masked balls
and leaves the game-over screen for the title menu, where the run ends with status 0.

A move the keys cannot reach is a bug of the keyboard support: the run then stops with status 1, naming the
move, the screen and the controls it offered.
"""

from __future__ import annotations

import sys
from collections import Counter, deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.scenes.ball import BallScene
from game.scenes.decade import InterludeScene
from game.scenes.game_over import GameOverScene
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.session import GameSession, make_player
from game.table.reasons import end_action
from game.table.targets import BallButton, BallControl, HandBack, Region
from game.tutorial.targets import regions_for
from game.ui import widgets
from game.ui.focus import Focusable, Move, neighbour
from game.ui.scene import AppContext, Scene
from rules import Action, HandBackBribe, HandBackCard, PlacePrestige

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.shell.app import App

#: frames to let the window handle what was pressed before looking again
SETTLE_FRAMES = 2
#: gestures in a row that change nothing before the player gives up
PATIENCE = 40
#: frames the player's decision may wait with nothing on the screen to press before the player gives up
WAIT_LIMIT = 3600
#: the key each focus move is
MOVE_KEYS: dict[Move, tuple[int, int]] = {
    Move.NEXT: (pygame.K_TAB, 0), Move.PREVIOUS: (pygame.K_TAB, pygame.KMOD_SHIFT), Move.LEFT: (pygame.K_LEFT, 0),
    Move.RIGHT: (pygame.K_RIGHT, 0), Move.UP: (pygame.K_UP, 0), Move.DOWN: (pygame.K_DOWN, 0),
}
QUIT_AFTER_SECONDS = 1.0


class Stuck(Exception):
    """The keys cannot do what the player wants: a bug of the keyboard support."""


def key_events(key: int, mods: int = 0, text: str = "") -> list[pygame.event.Event]:
    """What the keyboard sends for one press of ``key`` (``text``: the character it types, if any)."""
    down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mods, unicode=text, scancode=0)
    events = [down]
    if text:
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=mods, unicode=text, scancode=0))
    return events


def route(controls: list[Focusable], start: str | None, goal: str) -> list[Move] | None:
    """The fewest focus moves (Tab, Shift+Tab, arrows) from the control ``start`` to ``goal`` (None: none reach
    it), found with the focus model's own :func:`neighbour`."""
    if start == goal:
        return []
    seen = {start}
    queue: deque[tuple[str | None, list[Move]]] = deque([(start, [])])
    while queue:
        key, path = queue.popleft()
        for move in Move:
            there = neighbour(controls, key, move)
            if there is None or there.key in seen:
                continue
            if there.key == goal:
                return [*path, move]
            seen.add(there.key)
            queue.append((there.key, [*path, move]))
    return None


class KeyboardSetupScene(SetupScene):
    """The new-game screen of a keyboard run: filled in by the player's keys; Begin starts the game without
    remembering this setup in the settings."""

    def __init__(self, ctx: AppContext, on_start: Callable[[GameSession], None]) -> None:
        super().__init__(ctx)
        self.on_start = on_start
        self.seed_text = ""

    def start(self) -> None:
        session = GameSession(self.seat_specs(), self.seed(), self.first_game, speed=self.ctx.settings.animation_speed)
        self.on_start(session)


class KeyboardPlayer:
    """Seat 1's player, at the keyboard of ``app``: :meth:`tick` once a frame."""

    def __init__(self, app: App, *, seats: int, seed: int, level: str,
                 post: Callable[[pygame.event.Event], Any] | None = None) -> None:
        self.app = app
        self.seats, self.seed, self.level = seats, seed, level
        self.post = post or pygame.event.post  # the window's queue, as the keyboard's presses arrive
        self.advisor = make_player(level, seed)
        self.session: GameSession | None = None
        self.wait = 0
        self.presses = 0
        self.idle = 0
        self.waited = 0  # frames the player's decision waited with nothing to press
        self.seen: tuple = ()
        self.decided: tuple[tuple, Action] | None = None  # the decision thought about, and the move chosen
        self.moves: Counter[str] = Counter()  # the moves decided, by kind
        self.typed = False  # the seed was typed
        self.photographed: set[str] = set()  # the kinds of control photographed with the focus on them
        self.finished = False  # the game-over screen was left for the title menu
        self.problem: str | None = None

    # -- each frame ----------------------------------------------------------------------------------------------
    def tick(self) -> None:
        if self.finished or self.problem is not None:
            return
        if self.wait > 0:
            self.wait -= 1
            return
        top = self.app.stack.top
        try:
            goal = self._goal(top)
            if goal is None:
                self._wait_for(top)
                return
            self.waited = 0
            self._watch(top)
            goal()
        except Stuck as exc:
            self.problem = str(exc)
            return
        self.wait = SETTLE_FRAMES

    def _watch(self, top: Scene | None) -> None:
        """Give up after :data:`PATIENCE` gestures that changed nothing."""
        session = self.session
        now = (id(top), len(session.state.history) if session is not None else -1, top.ring.key if top else None,
               getattr(top, "confirmed", None), self._hand(top))
        self.idle = self.idle + 1 if now == self.seen else 0
        self.seen = now
        if self.idle >= PATIENCE:
            raise Stuck(f"{PATIENCE} key presses changed nothing on {self._where(top)}")

    def _wait_for(self, top: Scene | None) -> None:
        """Nothing to press: fine while the others play or a scene shows, not while the player's decision waits."""
        session = self.session
        waiting = session is not None and session.human_to_decide() and not session.state.over
        self.waited = self.waited + 1 if waiting else 0
        if self.waited >= WAIT_LIMIT:
            raise Stuck(f"the player's decision ({session.state.step.name}) waited {WAIT_LIMIT} frames on "
                        f"{self._where(top)} with nothing to press")

    @staticmethod
    def _hand(top: Scene | None) -> tuple:
        if not isinstance(top, TableScene):
            return ()
        parts = top.parts
        return parts.hand.armed, parts.chooser.opened is not None, parts.chooser.trade_give

    # -- what to do on the screen on top ---------------------------------------------------------------------------
    def _goal(self, top: Scene | None) -> Callable[[], None] | None:
        """The next gesture on ``top`` (None: nothing to do now)."""
        if isinstance(top, KeyboardSetupScene):
            return self._set_up(top)
        if isinstance(top, TableScene):
            return self._at_table(top)
        if isinstance(top, BallScene):
            return self._at_ball(top)
        if isinstance(top, GameOverScene):
            return lambda: self._activate(top, "over:title")
        if isinstance(top, InterludeScene):
            return (lambda: self._activate(top, "continue")) if top.ready and top.controls() else None
        if isinstance(top, widgets.ConfirmDialog) and type(top) is widgets.ConfirmDialog:
            return lambda: self._activate(top, "dialog:yes")  # the player's own move asks to be confirmed
        if top is not None and top.name == "title" and self.session is not None:
            return self._done
        raise Stuck(f"the keyboard player did not expect {self._where(top)}")

    def _set_up(self, setup: KeyboardSetupScene) -> Callable[[], None]:
        if setup.count != self.seats:
            return lambda: self._activate(setup, f"setup:count:{self.seats}")
        for seat in range(self.seats):
            kind = "human" if seat == 0 else self.level
            if setup.seats[seat]["kind"] != kind:
                return lambda seat=seat, kind=kind: self._activate(setup, f"setup:kind:{seat}:{kind}")
        if not self.typed:
            return lambda: self._type_seed(setup)
        return lambda: self._activate(setup, "setup:start")

    def _type_seed(self, setup: KeyboardSetupScene) -> None:
        if setup.focus != ("seed", 0):  # focusing the seed's field starts the typing
            self._focus(setup, "setup:seed")
            return
        for digit in str(self.seed):
            self._press(getattr(pygame, f"K_{digit}"), text=digit)
        self._press(pygame.K_RETURN)
        self.typed = True

    def _at_table(self, table: TableScene) -> Callable[[], None] | None:
        session = table.session
        if not table.my_decision or table.flights:
            return None
        action = self._decide(session)
        regions = regions_for(table, action) or self._more_regions(table, action)
        if not regions:
            raise Stuck(f"no control takes {action} at the table ({session.state.step.name})")
        target = regions[0]
        controls = table.controls()
        if not any(c.key == target.key for c in controls):
            if target.key.startswith("cell:") and table.parts.estate.camera.auto is False:
                return lambda: self._press(pygame.K_HOME)  # the cell is out of view: fit the estate
            raise Stuck(f"{action} needs {target.key}, which the keys cannot reach at the table "
                        f"({session.state.step.name}); the focus moves between {[c.key for c in controls]}")
        return lambda: self._activate(table, target.key)

    @staticmethod
    def _more_regions(table: TableScene, action: Action) -> list[Region]:
        """Where the moves the guide's targets leave out are made: the End button's (Finish, Done), and the cell
        of the piece the table puts in hand by itself (the castle an Inheritance gives)."""
        if action == end_action(table.session.state.step):
            key = "action:end"
        elif table.parts.hand.active(table.now().inheriting) is not None and hasattr(action, "pos"):
            key = "cell:{},{}".format(*action.pos)
        else:
            return []
        return [r for r in table.ensure_frame().regions if r.key == key]

    def _at_ball(self, ball: BallScene) -> Callable[[], None] | None:
        if ball.ready and ball.controls():
            return lambda: self._activate(ball, "continue")
        if ball.needs_curtain():
            return lambda: self._activate(ball, BallButton(BallControl.CURTAIN).key)
        if not ball.show_private() or not ball.controls():
            return None
        action = self._decide(ball.session)
        if isinstance(action, HandBackCard | HandBackBribe):
            key = HandBack(action.card if isinstance(action, HandBackCard) else None).key
        elif isinstance(action, PlacePrestige):
            key = BallButton(BallControl.PLACE).key
        else:
            raise Stuck(f"the ball offers no button for {action}")
        return lambda: self._activate(ball, key)

    def _decide(self, session: GameSession) -> Action:
        """What the player does at the pending decision (thought about once per decision)."""
        state = session.state
        decision = (len(state.history), state.step, state.decider)
        if self.decided is None or self.decided[0] != decision:
            view = session.view(state.decider)
            self.decided = (decision, self.advisor.choose(view, list(view.legal)))
            self.moves[type(self.decided[1]).__name__] += 1
        return self.decided[1]

    def _done(self) -> None:
        self.finished = True

    # -- keys ------------------------------------------------------------------------------------------------------
    def _activate(self, scene: Scene, key: str) -> None:
        """Move the focus to the control ``key`` of ``scene``, or, when it is there, press Enter (with
        ``--screenshots``, a control of a kind not seen before is photographed with the focus on it first)."""
        here = scene.focused()
        if here is None or here.key != key:
            self._focus(scene, key)
            return
        kind = f"{scene.name}-" + "-".join(p for p in key.split(":") if not any(ch.isdigit() for ch in p))
        if self.app.options.screenshots and kind not in self.photographed:
            self.photographed.add(kind)
            self.app.request_screenshot(f"keys-{kind}")
            return
        self._press(pygame.K_RETURN)

    def _focus(self, scene: Scene, key: str) -> None:
        controls = scene.controls()
        if not any(c.key == key and c.enabled for c in controls):
            raise Stuck(f"no control {key} to focus on {self._where(scene)}; it offers "
                        f"{[c.key for c in controls if c.enabled]}")
        here = scene.focused()
        moves = route(controls, here.key if here is not None else None, key)
        if moves is None:
            raise Stuck(f"the focus cannot reach {key} from {here.key if here else None} on {self._where(scene)}")
        for move in moves:
            self._press(*MOVE_KEYS[move])

    def _press(self, key: int, mods: int = 0, text: str = "") -> None:
        for event in key_events(key, mods, text):
            self.post(event)
        self.presses += 1

    @staticmethod
    def _where(scene: Scene | None) -> str:
        return f"the {scene.name} screen" if scene is not None else "no screen"


def keyboard_scene(app: App, options: Any, bot: str) -> Scene:
    """The new-game screen, with a :class:`KeyboardPlayer` set to drive the whole run from it."""
    seats = options.seats or 4
    seed = options.seed if options.seed is not None else 1
    level = bot if bot in ("easy", "normal", "hard") else "easy"
    ctx = app.ctx
    player = KeyboardPlayer(app, seats=seats, seed=seed, level=level)

    def begin(session: GameSession) -> None:
        player.session = session
        ctx.stack.replace(TableScene(ctx, session, on_game_over=_scores))

    def drive() -> None:
        player.tick()
        if player.problem is not None:
            print(f"noblemen: the keyboard player is stuck: {player.problem}", file=sys.stderr, flush=True)
            app.quit(1)
        elif player.finished:
            moves = ", ".join(f"{kind} {count}" for kind, count in sorted(player.moves.items()))
            print(f"Keyboard game done: {sum(player.moves.values())} moves by {player.presses} key presses, no mouse "
                  f"({moves}).", flush=True)
            app.driver = None
            pygame.time.set_timer(pygame.QUIT, int(QUIT_AFTER_SECONDS * 1000), loops=1)

    app.driver = drive
    print(f"noblemen: a keyboard game, {seats} seats (seat 1 at the keys, the others {level}), seed {seed}",
          flush=True)
    return KeyboardSetupScene(ctx, begin)


def _scores(res: Any) -> None:
    line = "Final scores: " + ", ".join(f"{p.name} {p.score}" for p in res.players)
    winners = " and ".join(res.players[w].name for w in res.winners)
    print(line + f". Winner: {winners}.", flush=True)
