"""Reviews of saved games, kept beside the save (``<save>.review``) so that opening one again is instant.

The file holds the reviews of one game, one per seat, under the hash of the game's record (its setup and
every action): a save that goes on, or another game written to the same file, has another hash, and its old
reviews are ignored and replaced. The save itself is never written. A cache that cannot be read or written
only means the review is computed again.

    {"format": "noblemen-review", "version": 1, "key": "<sha256 of the record>",
     "reviews": {"0": {... Review.to_dict(), "samples": 8, "decades": [...]}}}
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from game.persist.storage import StorageError, atomic_write_text, read_text

FORMAT = "noblemen-review"
VERSION = 1
SUFFIX = ".review"
MAX_BYTES = 4 * 1024 * 1024


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


def load(path: Path, key: str, seat: int, samples: int) -> dict[str, Any] | None:
    """The cached review of ``seat`` for the game ``key`` made with ``samples`` worlds a decision, if any."""
    data = _read(path)
    if data is None or data.get("key") != key or not isinstance(data.get("reviews"), dict):
        return None
    review = data["reviews"].get(str(seat))
    if not isinstance(review, dict) or review.get("samples") != samples or not review.get("complete"):
        return None
    return review


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
