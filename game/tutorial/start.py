"""The tutorial's game: its seats, its session, and catching up to the step where the player stopped.

The game is a real :class:`game.session.GameSession`: the player's seat and two computer players of
:data:`game.tutorial.steps.OPPONENT_KIND`, with the player's names, colours and crests from the settings and
the tutorial's fixed seed. Taking the steps' moves again from the start (:func:`catch_up`) leads to the same
game as the first time, because the computer players decide from the seed and what they see.
"""

from __future__ import annotations

from game.persist.settings import Settings
from game.session import GameSession, SeatSpec
from game.tutorial.guide import ball_move
from game.tutorial.steps import OPPONENT_KIND, PLAYER_SEAT, SEATS, SEED, STEPS, At, Step
from rules import Action, Decision, parse_action

#: how many times :func:`catch_up` lets the computer players think between two of the player's moves, at most
MAX_OTHERS = 5000


def tutorial_seats(settings: Settings) -> list[SeatSpec]:
    """The player and the computer players, named and coloured as in the settings."""
    return [
        SeatSpec(settings.player_names[i], "human" if i == PLAYER_SEAT else OPPONENT_KIND,
                 settings.player_colours[i], settings.player_crests[i])
        for i in range(SEATS)
    ]


def tutorial_session(settings: Settings, speed: str | None = None) -> GameSession:
    """A new game of the tutorial."""
    return GameSession(tutorial_seats(settings), SEED, False, speed=speed or settings.animation_speed)


def play_others(session: GameSession, expected: Action | None = None) -> bool:
    """The computer players until the player decides at the table, or at a masked ball where ``expected`` is
    the player's next move (at a ball the steps do not guide, the player hands back bribes and places the marker,
    :func:`game.tutorial.guide.ball_move`); False if the game ended first."""
    for _ in range(MAX_OTHERS):
        st = session.state
        if st.over:
            return False
        if session.human_to_decide():
            if st.step != Decision.BALL_SPEND or (expected is not None and expected in session.legal()):
                return True
            session.apply(ball_move(session.legal()))
        else:
            session.update(1.0)
    return False


def catch_up(session: GameSession, upto: int, steps: tuple[Step, ...] = STEPS) -> int:
    """Take the moves of ``steps[:upto]`` (and the computer players' between them) on ``session``; the step
    reached: ``upto``, or the first step whose move the game did not allow."""
    speed = session.speed
    session.set_speed("instant")
    try:
        for index, step in enumerate(steps[:upto]):
            for text in step.moves:
                action = parse_action(text)
                if not play_others(session, action) or action not in session.legal():
                    return index
                session.apply(action)
        return min(upto, len(steps))
    finally:
        session.set_speed(speed)


def resume_at(stopped: int, steps: tuple[Step, ...] = STEPS) -> int:
    """Where a guide stopped at step ``stopped`` goes on: that step, or for a step at a masked ball the table's
    step that led to the ball (the ball is shown again from its start)."""
    index = min(max(stopped, 0), len(steps))
    while 0 < index < len(steps) and steps[index].at != At.TABLE:
        index -= 1
    return index
