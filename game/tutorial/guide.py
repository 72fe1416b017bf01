"""The guide: which step of the tutorial the player is at, which moves it waits for, and what it says.

The guide watches one seat of a real :class:`game.session.GameSession`. While a step waits for the player's
move, the table (or, for a step at a masked ball, the ball) asks :meth:`Guide.allows` before it applies a human
action: the step's moves are let through (the guide moves on once it hears the move was taken,
:meth:`Guide.took`), anything else gets a gentle word and is not taken, so the game never leaves the path the
steps were written for. A step's first ``free`` moves may come in any order (the tiles of one expansion). A step
that only explains waits for Next. "Show me" lets the guide take the step's moves itself, one by one; Skip takes
them at once; Leave ends the guide and the game goes on as any other. An undo takes the guide back with the game.

It draws nothing: the table and the ball draw the guide (:mod:`game.tutorial.guide_card`) and give it a way to
act. What a step says is filled in from the game as it stands (:meth:`Guide.words`), so it stays true.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import N_, _, money
from game.tutorial.steps import MONEY, PLAYER_SEAT, STEPS, At, Step
from game.ui.pieces import TITLE_NAMES
from rules import Action, Decision, Event, HandBackBribe, PlacePrestige, Title, base_prestige, board, parse_action

#: seconds between two moves the guide shows ("Show me")
SHOW_PACE = 0.7

Act = Callable[[Action], bool]


def ball_move(legal: list[Action]) -> Action:
    """The choice at a masked ball the steps do not guide: hand every bribe back for prestige, then place the
    marker."""
    return HandBackBribe() if HandBackBribe() in legal else PlacePrestige()


def reached(prestige: int) -> Title:
    """The best title whose threshold ``prestige`` reaches (R-COMP-6), whoever takes it at the ball."""
    return max(t for t in Title if prestige >= board.TITLE_PRESTIGE[t])  # the titles rank as their thresholds


class Guide:
    """The tutorial's steps over one game; ``on_step(index)`` hears of every new step (settings remember it)."""

    def __init__(self, session, *, seat: int = PLAYER_SEAT, steps: tuple[Step, ...] = STEPS, start: int = 0,
                 on_step: Callable[[int], None] | None = None) -> None:
        self.session = session
        self.seat = seat
        self.steps = steps
        self.index = start
        self.taken: tuple[Action, ...] = ()  # the step's moves taken so far, in the order taken
        self.left = False
        self.word = ""  # a gentle word after a move off the path, a message id (until the next move)
        self.showing = False  # "Show me": the guide takes the step's moves itself
        self.timer = 0.0
        self.on_step = on_step
        self._start = (len(session.state.history), start, ())
        self._trail: list[tuple[int, int, tuple[Action, ...]]] = []  # (history length, step, moves) after each move
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
    def done(self) -> int:
        """How many of the step's moves were taken."""
        return len(self.taken)

    def _mine(self) -> bool:
        session = self.session
        return not session.closed and session.human_to_decide() and session.state.decider == self.seat

    def waits(self, here: At) -> bool:
        """The step waits for the player now, shown ``here`` (the table, or a ball showing its markers or, once
        given, its titles): a step at the table while the player decides there, one at a ball while the ball is
        shown (its moves once the player decides there), one about the titles once they are given."""
        step = self.step
        if step is None or self.session.closed:
            return False
        at_ball = self.session.state.step == Decision.BALL_SPEND
        if step.at == At.TABLE:
            return here == At.TABLE and self._mine() and not at_ball
        if here == At.TABLE:
            return False
        if step.at == At.TITLES:
            return here == At.TITLES
        return step.explains or (self._mine() and at_ball)

    @property
    def waiting(self) -> bool:
        """The step waits for the player at the table."""
        return self.waits(At.TABLE)

    def _left(self) -> list[Action]:
        """The moves of the step that may come next by its order: any of its free ones not yet taken, else the
        next one."""
        step = self.step
        if step is None or self.done >= len(step.moves):
            return []
        if self.done >= step.free:
            return [parse_action(step.moves[self.done])]
        left = [parse_action(text) for text in step.moves[:step.free]]
        for action in self.taken:
            left.remove(action)
        return list(dict.fromkeys(left))

    def choices(self) -> list[Action]:
        """The moves the step lets the player take now: of those that may come next, the ones the game allows
        (a tile must touch the estate, R-LAND-1)."""
        left = self._left()
        if not self._mine():
            return left
        legal = self.session.legal()
        return [action for action in left if action in legal] or left

    def expected(self) -> Action | None:
        """The move the guide itself would take next (None: the step only explains, or its moves are taken)."""
        choices = self.choices()
        return choices[0] if choices else None

    def words(self) -> tuple[str, str]:
        """The step's title and text in the player's language, its numbers and names from the game now."""
        step = self.step
        if step is None:
            return "", ""
        return _(step.title), _(step.text).format(money=money(MONEY.get(step.key, 0)), **self.facts())

    def facts(self) -> dict[str, object]:
        """What the steps' texts may name, as the game stands: the player's prestige (at a ball: what the marker
        would stand on), the title whose threshold it reaches, the player's title and what it brings, the
        thresholds, and the folly's price and VP."""
        state = self.session.state
        me = state.players[self.seat]
        prestige = base_prestige(state, self.seat)
        total = state.ball.base + state.ball.extra if state.ball is not None else prestige
        title = me.title if me.title is not None else Title.BARON
        thresholds = {t.label: board.TITLE_PRESTIGE[t] for t in Title}
        return {"prestige": prestige, "total": total, "reached": TITLE_NAMES[reached(total)],
                "title": TITLE_NAMES[title], "title_vp": board.TITLE_VP[title],
                "discount": money(state.title_discount(self.seat)), "folly_price": money(state.folly_price(self.seat)),
                "folly_vp": state.next_folly_vp(), **thresholds}

    # -- the player's moves ---------------------------------------------------------------------------------
    def allows(self, action: Action) -> bool:
        """May ``action`` be taken for the player now? A move off the path gets a gentle word."""
        step = self.step
        if step is None or not self._mine():
            return True
        if step.at == At.TITLES or (self.session.state.step == Decision.BALL_SPEND) != (step.at == At.BALL):
            return True  # the step is not about this decision
        choices = self.choices()
        if not choices:
            self.word = N_("Read this step first, then press Next.")
            return False
        if action not in choices:
            self.word = N_("Not quite: this step asks for the glowing place. Show me takes it for you.")
            return False
        self.word = ""
        self._allowed = (len(self.session.state.history), action)
        return True

    def took(self, action: Action) -> None:
        """``action`` was taken for the player: one of the step's moves, if it is the one just allowed."""
        history = self.session.state.history
        allowed, self._allowed = self._allowed, None
        if allowed is not None and len(history) == allowed[0] + 1 and history[-1] == allowed[1] == action:
            self.taken = (*self.taken, action)
            self._trail.append((len(history), self.index, self.taken))
            step = self.step
            if step is not None and self.done >= len(step.moves):
                self._next_step()

    def _on_events(self, events: list[Event]) -> None:
        history = self.session.state.history
        if len(history) < self._seen:  # an undo (some moves bring no events: the record tells)
            self._undone()
        self._seen = len(history)

    def _undone(self) -> None:
        """An undo: back to the step and moves the game is at again."""
        length = len(self.session.state.history)
        while self._trail and self._trail[-1][0] > length:
            self._trail.pop()
        _length, index, taken = self._trail[-1] if self._trail else self._start
        if index < len(self.steps) and len(taken) >= len(self.steps[index].moves) > 0:
            index, taken = index + 1, ()  # that step's moves all stand: the next one is the player's
        if (index, taken) != (self.index, self.taken):
            self.index, self.taken, self.showing, self.word = index, taken, False, ""
            if self.on_step is not None:
                self.on_step(index)

    def _next_step(self) -> None:
        self.index += 1
        self.taken = ()
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

    def skip(self, act: Act) -> None:
        """The step is taken at once (its moves through ``act``, if it has any) and the next one begins."""
        step = self.step
        if step is None:
            return
        if step.explains:
            self._next_step()
            return
        index = self.index
        while self.index == index and self._take_next(act):
            pass

    def leave(self) -> None:
        """The guide ends here; the game goes on as any other."""
        self.left = True
        self.showing = False
        self.session.remove_listener(self._on_events)

    def rejoin(self) -> None:
        """Back to the guide after leaving it, at the step where it was left (the player has not moved since)."""
        if self.left:
            self.left = False
            self._seen = len(self.session.state.history)
            self.session.add_listener(self._on_events)

    def _take_next(self, act: Act) -> bool:
        expected = self.expected()
        return expected is not None and self._mine() and expected in self.session.legal() and act(expected)

    # -- per frame ------------------------------------------------------------------------------------------
    def update(self, dt: float, here: At, act: Act) -> None:
        """Show me's pace; and a step whose moves the game no longer allows is left out, with a word (so are the
        steps of a ball once the game is past it)."""
        step = self.step
        if step is not None and step.at != At.TABLE and here == At.TABLE and self._mine() and (
                self.session.state.step != Decision.BALL_SPEND):
            self._next_step()
            self.word = N_("The game went another way, so the guide left a step out.")
            return
        if step is None or not self.waits(here):
            return
        left = self._left()
        if left and self._mine() and not any(c in self.session.legal() for c in left):
            self._next_step()
            self.word = N_("The game went another way, so the guide left a step out.")
            return
        if self.showing:
            self.timer += dt
            if self.timer >= SHOW_PACE:
                self.timer = 0.0
                self._take_next(act)
