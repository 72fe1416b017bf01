"""The bots bench measures fixed positions: those of a recorded game, whatever the bots now play."""

import json

import pytest

import rules.arena.bots_bench as bots_bench
from rules.serialize import game_from_dict


def test_the_positions_come_from_the_record_not_from_the_bots_play(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_bots(*args: object, **kwargs: object) -> None:
        raise AssertionError("the positions must not depend on a bot's play")

    monkeypatch.setattr(bots_bench, "make_bot", no_bots)
    views = bots_bench.sample_positions(24)
    assert len(views) == 24
    assert all(len(view.legal) > 1 for view in views)
    played = bots_bench.bench_game()
    assert played.over and len(played.history) > 200
    # every decade is measured: Hard's playouts of decades I and II stop at a scoring, those of decade III at the end
    assert {view.state.decade for view in views} == {1, 2, 3}


def test_the_same_positions_every_time() -> None:
    first = [(v.state.decade, v.state.round_pos, v.seat, len(v.legal)) for v in bots_bench.sample_positions()]
    again = [(v.state.decade, v.state.round_pos, v.seat, len(v.legal)) for v in bots_bench.sample_positions()]
    assert first == again


def test_a_new_record_is_a_whole_game_the_engine_replays() -> None:
    state = game_from_dict(json.loads(bots_bench.record_bench_game(seed=3)))
    assert state.over and state.n == 4
