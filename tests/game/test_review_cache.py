"""The reviews kept beside a save are checked like a save: a cache with the right key but numbers the screen
cannot draw (NaN, infinities, huge values, a short score list) is ignored and the review made again."""

from __future__ import annotations

import copy
import json
import math

import pytest

from game.persist import review_cache

SEATS, ACTIONS, SAMPLES, KEY = 3, 40, 8, "key"


def _review() -> dict:
    decision = {"index": 7, "decade": 1, "round": 2, "kind": "turn", "played": ["leisure"], "suggested": ["end"],
                "played_value": 30.0, "best_value": 31.5, "loss": 1.5}
    return {"seat": 0, "name": "Anne", "complete": True, "samples": SAMPLES, "decisions": [decision],
            "costliest": [decision],
            "curve": [{"index": i, "scores": [20.0 + i, 18.5, 19]} for i in (0, 20, 40)], "decades": [1, 2, 3]}


def _bad(path: str, value: object):
    def change(review: dict) -> None:
        *parents, last = path.split(".")
        target = review
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return change


def _short_scores(review: dict) -> None:
    for point in review["curve"]:
        point["scores"] = point["scores"][:2]


BAD = {
    "nan": _bad("curve.1.scores.0", math.nan), "inf": _bad("curve.1.scores.1", math.inf),
    "-inf": _bad("curve.0.scores.2", -math.inf), "1e308": _bad("curve.2.scores.0", 1e308),
    "-1e308": _bad("curve.2.scores.0", -1e308), "short score list": _short_scores,
    "one short list": _bad("curve.1.scores", [1.0]), "score as text": _bad("curve.1.scores.0", "3"),
    "no decades": _bad("decades", []), "decade 0": _bad("decades.0", 0),
    "index past the game": _bad("curve.2.index", 41),
    "loss nan": _bad("costliest.0.loss", math.nan), "decision past the game": _bad("decisions.0.index", 40),
    "moves not text": _bad("costliest.0.played", [1]), "not complete": _bad("complete", "yes"),
    "curve not a list": _bad("curve", {"0": 1}),
}


def _write(path, review: dict) -> None:
    data = {"format": review_cache.FORMAT, "version": review_cache.VERSION, "key": KEY, "reviews": {"0": review}}
    path.write_text(json.dumps(data), encoding="utf-8")  # NaN and Infinity written as JSON readers take them


def _load(path):
    return review_cache.load(path, KEY, 0, SAMPLES, seats=SEATS, actions=ACTIONS)


def test_a_good_review_is_loaded(tmp_path):
    path = tmp_path / "game.json.review"
    _write(path, _review())
    assert _load(path) == _review()


@pytest.mark.parametrize("kind", list(BAD))
def test_a_review_the_screen_cannot_show_is_ignored(tmp_path, kind):
    path = tmp_path / "game.json.review"
    review = copy.deepcopy(_review())
    BAD[kind](review)
    _write(path, review)
    assert _load(path) is None


def test_r_turn_1_a_review_kept_before_better_lines_were_whole_turns_is_made_again(tmp_path):
    """Version 1 could keep 'Better: Play Secret Marriage', a turn without its action (R-TURN-1)."""
    path = tmp_path / "game.json.review"
    data = {"format": review_cache.FORMAT, "version": 1, "key": KEY, "reviews": {"0": _review()}}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _load(path) is None


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes here")
def test_a_cache_that_is_a_pipe_is_not_opened(tmp_path):
    import os

    path = tmp_path / "game.json.review"
    os.mkfifo(path)
    assert _load(path) is None
    assert not review_cache.store(path, KEY, 0, _review())  # nor written through
