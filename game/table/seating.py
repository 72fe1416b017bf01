"""Who sits in front of the screen, and what of theirs it may show.

With one human the viewer is always that human. With several at one screen (pass-and-play) the viewer
changes only through the hand-off curtain, and from the moment the viewer's part is over (their turn ended,
their decision taken) until the next curtain nothing private of any seat may show: the screen may be passed
on at any moment. With no human (autoplay) the table follows whose turn it is.
"""

from __future__ import annotations

from game.session import GameSession
from rules import Decision, GameState

#: the steps of a turn: decided by the player whose turn it is, or by a forest owner giving them tiles
TURN_STEPS = frozenset({
    Decision.TURN, Decision.EXPAND, Decision.CHOOSE_REGION, Decision.KNIGHT, Decision.GIVE_TILES, Decision.DONATE,
    Decision.VICAR, Decision.INHERITANCE,
})


def wanted_viewer(session: GameSession, viewer: int) -> int:
    """The seat that should sit in front of the screen now (``viewer``: the one who does)."""
    humans = session.human_seats()
    if not humans:  # a game of computer players: follow whose turn it is
        return session.state.turn_seat if not session.state.over else viewer
    if len(humans) == 1:
        return humans[0]
    if session.human_to_decide():
        return session.state.decider
    return viewer


def viewer_active(state: GameState, viewer: int) -> bool:
    """The viewer decides, or their own turn is under way (while a forest owner gives them tiles)."""
    return state.decider == viewer or (state.turn_seat == viewer and state.step in TURN_STEPS)


def public_only(session: GameSession, viewer: int, confirmed: bool) -> bool:
    """Several humans share the screen and the viewer's part is over, or they have not said who they are:
    nothing private of any seat may show."""
    return len(session.human_seats()) > 1 and not (confirmed and viewer_active(session.state, viewer))
