"""Game over's "Play again" starts a new game with the same seats (the play_again hook)."""

from __future__ import annotations

from game import scenes
from game.scenes.game_over import GameOverScene
from game.scenes.table import TableScene
from rules.bots.simple import GreedyPlayer
from tests.game.test_table_support import frames, make_app, seats


def test_play_again_starts_a_new_game_with_the_same_seats():
    app = make_app()
    assert scenes.available("play_again")
    from game.session import GameSession

    session = GameSession(seats(("human", "easy", "normal")), 5, speed="instant")
    bots = [GreedyPlayer(i) for i in range(3)]
    while not session.over:
        seat = session.state.decider
        session.apply(bots[seat].choose(session.view(seat), session.legal()))
    over = GameOverScene(app.ctx, session)
    app.stack.push(over)
    frames(app, 2)
    over.play_again()
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableScene)
    new = table.session
    assert new is not session and not new.over
    assert [s.to_dict() for s in new.seats] == [s.to_dict() for s in session.seats]
    assert len(new.state.history) < 5
    app.stack.clear()
