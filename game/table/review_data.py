"""A game's review as the Review screen shows it, and the work that makes it (off the UI thread).

:func:`run_review` reviews one seat's play with ``rules.bots.review_game`` (Hard's search looks again at each
of the seat's decisions from that seat's view at the time) and adds what the screen needs: the decade of each
point of the curve. :class:`ReviewData` reads that plain form (the same one the cache beside the save keeps:
:mod:`game.persist.review_cache`), parsing the moves and their reasons back into values so the screen can word
them. The review is made with the same worlds and seed as ``python -m rules review`` by default, so both rank
the same decisions first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from game.persist import review_cache
from game.table.replay import GameRecord, Replay
from rules import Action, Estate, parse_action
from rules.bots import REVIEW_SEED, Budget, Reason, review_game


@attrs.frozen
class Costly:
    """One of the costliest decisions: where it starts (action index), when, what was played, what is better."""

    index: int
    decade: int
    round_pos: int
    played: tuple[Action, ...]
    suggested: tuple[Action, ...]
    loss: float
    played_reasons: tuple[Reason, ...] = ()
    suggested_reasons: tuple[Reason, ...] = ()


@attrs.frozen
class ReviewData:
    seat: int
    decisions: int
    costliest: tuple[Costly, ...]
    curve: tuple[tuple[int, tuple[float, ...]], ...]  # (action index, expected final score of each seat)
    decades: tuple[int, ...]  # the decade at each point of the curve

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ReviewData:
        """From ``Review.to_dict()`` with the screen's additions; ValueError/KeyError/TypeError if malformed (a
        review kept before reasons were given lacks them: it is made again)."""
        costly = tuple(
            Costly(int(d["index"]), int(d["decade"]), int(d["round"]),
                   tuple(parse_action(a) for a in d["played"]), tuple(parse_action(a) for a in d["suggested"]),
                   float(d["loss"]), tuple(Reason.from_dict(r) for r in d["played_reasons"]),
                   tuple(Reason.from_dict(r) for r in d["suggested_reasons"]))
            for d in data["costliest"])
        curve = tuple((int(p["index"]), tuple(float(v) for v in p["scores"])) for p in data["curve"])
        decades = tuple(int(d) for d in data["decades"])
        if len(decades) != len(curve):
            raise ValueError("a decade for each point of the curve")
        return cls(int(data["seat"]), len(data["decisions"]), costly, curve, decades)


def run_review(record: GameRecord, seat: int, samples: int, progress: Callable[[int, int], None],
               cancelled: Callable[[], bool]) -> dict[str, Any] | None:
    """Review ``seat``'s play in ``record`` (None if cancelled); the plain form the cache keeps."""
    review = review_game(record.start, record.actions, seat, budget=lambda: Budget(samples=samples),
                         seed=REVIEW_SEED, progress=progress, cancelled=cancelled)
    if not review.complete or cancelled():
        return None
    data = review.to_dict()
    replay = Replay(record.start, record.actions)
    data["samples"] = samples
    data["decades"] = [replay.decade_of(index) for index, _scores in review.curve]
    return data


def estates_before(record: GameRecord, data: ReviewData) -> dict[int, Estate]:
    """The reviewed seat's estate at each costly decision: where the moves played and better place their tiles is
    told as it shows them."""
    replay = Replay(record.start, record.actions)
    return {d.index: replay.state_at(d.index).players[data.seat].estate for d in data.costliest}


def cached(record: GameRecord, seat: int, samples: int) -> ReviewData | None:
    """The review kept beside the record's save, if it is there and readable."""
    if record.save is None:
        return None
    data = review_cache.load(review_cache.cache_path(record.save), record.key, seat, samples,
                             seats=len(record.seats), actions=len(record.actions))
    if data is None:
        return None
    try:
        return ReviewData.from_dict(data)
    except (KeyError, TypeError, ValueError):
        return None


def keep(record: GameRecord, seat: int, data: dict[str, Any]) -> bool:
    """Keep a finished review beside the record's save (nothing happens for a game that has none)."""
    if record.save is None:
        return False
    return review_cache.store(review_cache.cache_path(record.save), record.key, seat, data)
