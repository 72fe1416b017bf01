"""The guide: which step of the tutorial the player is at, which move it waits for, and what it says.

The guide watches one seat of a real :class:`game.session.GameSession`. While a step waits for the player's
move, the table asks :meth:`Guide.allows` before it applies a human action: the expected one is let through
(and the guide moves on once the table says it took it, :meth:`Guide.took`), anything else gets a gentle word
and is not taken, so the game never leaves the path the steps were written for. A step that only explains waits
for Next. "Show me" lets the guide take the step's moves itself, one by one; Skip takes them at once; Leave
ends the guide and the game goes on as any other. An undo takes the guide back with the game.

It draws nothing: the table draws the guide (:mod:`game.tutorial.overlay`) and gives it a way to act.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import N_, _, money
from game.table.choosers import WHOSE_REGION
from game.tutorial.steps import MONEY, PLAYER_SEAT, STEPS, Step
from rules import Action, Decision, Event, HandBackBribe, PlaceKnight, PlacePrestige, parse_action

#: seconds between two moves the guide shows ("Show me")
SHOW_PACE = 0.7


def ball_move(legal: list[Action]) -> Action:
    """The tutorial's choice at a masked ball: hand every bribe back for prestige, then place the marker."""
    return HandBackBribe() if HandBackBribe() in legal else PlacePrestige()


class Guide:
    """The tutorial's steps over one game; ``on_step(index)`` hears of every new step (settings remember it)."""

    def __init__(self, session, *, seat: int = PLAYER_SEAT, steps: tuple[Step, ...] = STEPS, start: int = 0,
                 on_step: Callable[[int], None] | None = None) -> None:
        self.session = session
        self.seat = seat
        self.steps = steps
        self.index = start
        self.done = 0  # moves of the step taken
        self.left = False
        self.word = ""  # a gentle word after a move off the path, a message id (until the next move)
        self.showing = False  # "Show me": the guide takes the step's moves itself
        self.timer = 0.0
        self.on_step = on_step
        self.act: Callable[[Action], bool] = session.apply  # the table gives its own ``do``
        self._start = (len(session.state.history), start, 0)
        self._trail: list[tuple[int, int, int]] = []  # (history length, step, moves taken) after each move
        self._allowed: tuple[int, Action] | None = None
        self._seen = len(session.state.history)
        session.add_listener(self._on_events)

    # -- where the guide is ---------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def guiding(self) -> bool:
        return not self.left and not self.finished

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.guiding else None

    @property
    def waiting(self) -> bool:
        """The player decides now at the table (the ball's decisions are taken in the ball's own scene)."""
        st = self.session.state
        return (self.guiding and not self.session.closed and self.session.human_to_decide()
                and st.decider == self.seat and st.step != Decision.BALL_SPEND)

    def expected(self) -> Action | None:
        """The move the step waits for now (None: the step only explains)."""
        step = self.step
        if step is None or self.done >= len(step.moves):
            return None
        return parse_action(step.moves[self.done])

    def words(self) -> tuple[str, str]:
        """The step's title and text in the player's language."""
        step = self.step
        if step is None:
            return "", ""
        values = {"money": money(MONEY.get(step.key, 0)), "region": self._knight_region(step)}
        return _(step.title), _(step.text).format(**values)

    def _knight_region(self, step: Step) -> str:
        """Whose region, and of which kind, the step's knight goes to ("Mary's farm")."""
        state = self.session.state
        for text in step.moves:
            action = parse_action(text)
            if isinstance(action, PlaceKnight):
                kind = state.players[action.owner].estate.regions[action.region][0]
                return WHOSE_REGION[kind].format(player=state.names[action.owner])
        return ""

    # -- the player's moves ---------------------------------------------------------------------------------
    def allows(self, action: Action) -> bool:
        """May the table take ``action`` for the player now? A move off the path gets a gentle word."""
        if not self.guiding or not self.waiting:
            return True
        expected = self.expected()
        if expected is None:
            self.word = N_("Read this step first, then press Next.")
            return False
        if action != expected:
            self.word = N_("Not quite: this step asks for the glowing place. Show me takes it for you.")
            return False
        self.word = ""
        self._allowed = (len(self.session.state.history), action)
        return True

    def took(self, action: Action) -> None:
        """The table took ``action`` for the player: the step's move, if it is the one just allowed."""
        history = self.session.state.history
        allowed, self._allowed = self._allowed, None
        if allowed is not None and len(history) == allowed[0] + 1 and history[-1] == allowed[1] == action:
            self.done += 1
            self._trail.append((len(history), self.index, self.done))
            step = self.step
            if step is not None and self.done >= len(step.moves):
                self._next_step()

    def _on_events(self, events: list[Event]) -> None:
        history = self.session.state.history
        if len(history) < self._seen:  # an undo (some moves bring no events: the record tells)
            self._undone()
        self._seen = len(history)

    def _undone(self) -> None:
        """An undo: back to the step and move the game is at again."""
        length = len(self.session.state.history)
        while self._trail and self._trail[-1][0] > length:
            self._trail.pop()
        _length, index, done = self._trail[-1] if self._trail else self._start
        if index < len(self.steps) and done >= len(self.steps[index].moves) > 0:
            index, done = index + 1, 0  # that step's moves all stand: the next one is the player's
        if (index, done) != (self.index, self.done):
            self.index, self.done, self.showing, self.word = index, done, False, ""
            if self.on_step is not None:
                self.on_step(index)

    def _next_step(self) -> None:
        self.index += 1
        self.done = 0
        self.showing = False
        self.word = ""
        self.timer = 0.0
        if self.on_step is not None:
            self.on_step(self.index)

    # -- the guide's buttons --------------------------------------------------------------------------------
    def next(self) -> None:
        """Next: an explaining step is read."""
        step = self.step
        if step is not None and step.explains:
            self._next_step()

    def show_me(self) -> None:
        """The guide takes this step's moves itself, one by one."""
        if self.expected() is not None:
            self.showing, self.timer = True, SHOW_PACE / 2

    def skip(self) -> None:
        """The step is taken at once (its moves, if it has any) and the next one begins."""
        step = self.step
        if step is None:
            return
        if step.explains:
            self._next_step()
            return
        index = self.index
        while self.index == index and self.waiting and self._take_next():
            pass

    def leave(self) -> None:
        """The guide ends here; the game goes on as any other."""
        self.left = True
        self.showing = False
        self.session.remove_listener(self._on_events)

    def _take_next(self) -> bool:
        expected = self.expected()
        return expected is not None and expected in self.session.legal() and self.act(expected)

    # -- per frame ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Show me's pace; and a step whose move the game no longer allows is left out, with a word."""
        if not self.waiting:
            return
        expected = self.expected()
        if expected is not None and expected not in self.session.legal():
            self._next_step()
            self.word = N_("The game went another way, so the guide left a step out.")
            return
        if self.showing:
            self.timer += dt
            if self.timer >= SHOW_PACE:
                self.timer = 0.0
                self._take_next()
