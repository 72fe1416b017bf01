"""Reviews of saved games, kept beside the save (``<save>.review``) so that opening one again is instant.

The file holds the reviews of one game, one per seat, under the hash of the game's record (its setup and
every action): a save that goes on, or another game written to the same file, has another hash, and its old
reviews are ignored and replaced. The save itself is never written. A cache that cannot be read or written
only means the review is computed again; so does one whose review is not one the screen can show (checked
like a save: numbers finite and within a game's reach, a score for each seat, moves within the game).

    {"format": "noblemen-review", "version": 4, "key": "<sha256 of the record>",
     "reviews": {"0": {... Review.to_dict(), "samples": 8, "decades": [...]}}}
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Any

from game.persist.storage import StorageError, atomic_write_text, read_text

FORMAT = "noblemen-review"
#: 2: every better line a whole turn with its action (R-TURN-1), each move valued at the same point; the reviews
#: kept before (version 1) could tell a card alone as the better move, and are made again. 3: a reason promises only
#: what the position still allows (balls, tax collections, land acquisitions, scorings and turns left); those kept
#: before could promise prestige at balls that never came, and are made again. 4: what is kept at a ball counts bribe
#: markers and cards apart, and a trade says what its tile is for; those kept before told cards that were never held
#: and a trade without its reason
VERSION = 4
SUFFIX = ".review"
MAX_BYTES = 4 * 1024 * 1024
#: no expected score of a real game comes near this many VP (a bigger one would stretch the graph for ever)
MAX_SCORE = 10_000
MAX_DECADE = 10
MAX_ROUND = 99


def cache_path(save: Path) -> Path:
    """Where the reviews of the game saved in ``save`` are kept."""
    return save.with_name(save.name + SUFFIX)


def record_key(record: dict) -> str:
    """The hash of a game's record (``GameSession.to_dict()["game"]``): the same game, the same key."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _read(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(read_text(path, limit=MAX_BYTES))
    except (StorageError, OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        return None
    return data


def load(path: Path, key: str, seat: int, samples: int, *, seats: int, actions: int) -> dict[str, Any] | None:
    """The cached review of ``seat`` for the game ``key`` (of ``seats`` players and ``actions`` actions) made
    with ``samples`` worlds a decision, if there is one and it is valid."""
    data = _read(path)
    if data is None or data.get("key") != key or not isinstance(data.get("reviews"), dict):
        return None
    review = data["reviews"].get(str(seat))
    if not isinstance(review, dict) or review.get("samples") != samples or review.get("complete") is not True:
        return None
    return review if valid(review, seats, actions) else None


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _score(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value) \
        and abs(value) <= MAX_SCORE


def _decision(entry: Any, actions: int) -> bool:
    return (isinstance(entry, dict) and _whole(entry.get("index"), 0, actions - 1)
            and _whole(entry.get("decade"), 1, MAX_DECADE) and _whole(entry.get("round"), 0, MAX_ROUND)
            and _score(entry.get("loss"))
            and all(isinstance(entry.get(moves), list) and all(isinstance(m, str) for m in entry[moves])
                    for moves in ("played", "suggested")))


def valid(review: dict[str, Any], seats: int, actions: int) -> bool:
    """Whether ``review`` is one the Review screen can show for a game of ``seats`` and ``actions``."""
    curve, decades = review.get("curve"), review.get("decades")
    if not (isinstance(curve, list) and isinstance(decades, list) and len(curve) == len(decades)):
        return False
    if not all(isinstance(p, dict) and _whole(p.get("index"), 0, actions) and isinstance(p.get("scores"), list)
               and len(p["scores"]) == seats and all(_score(v) for v in p["scores"]) for p in curve):
        return False
    return (all(_whole(d, 1, MAX_DECADE) for d in decades)
            and all(isinstance(review.get(part), list) and all(_decision(d, actions) for d in review[part])
                    for part in ("decisions", "costliest")))


def store(path: Path, key: str, seat: int, review: dict[str, Any]) -> bool:
    """Keep ``review`` (a complete one) for ``seat``; False if it could not be written (nothing else happens)."""
    data = _read(path)
    reviews = data["reviews"] if data is not None and data.get("key") == key and isinstance(
        data.get("reviews"), dict) else {}
    reviews[str(seat)] = review
    text = json.dumps({"format": FORMAT, "version": VERSION, "key": key, "reviews": reviews}, ensure_ascii=False)
    try:
        atomic_write_text(path, text)
    except (StorageError, OSError):
        return False
    return True
