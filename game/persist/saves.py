"""Saved games on disk: the save format, its migrations, the autosave and named saves.

A save is versioned JSON (``format`` "noblemen-save", ``version`` 2)::

    {"format": "noblemen-save", "version": 2,
     "saved_at": "2025-03-01T14:05:09+01:00",          # ISO 8601, local time with offset
     "name": "Before the second ball",                 # named saves only (null for the autosave)
     "summary": {"players": [...], "decade": 2, "round": 5, "scores": [...], "over": false},
     "session": {...}}                                 # GameSession.to_dict()

The ``session`` holds the seats (names, human or computer level, colours, crests) and the engine's game record
(setup + every action); the chronicle's events are not saved but rebuilt from the record (a ``log`` in an older
file is ignored). Loading replays the record through the checked engine, so the pending
decision, each computer player's level and seed come back exactly; the ``summary`` (what the Load screen
lists without replaying anything) must agree with the replayed game.

Older files are upgraded by a registry of explicit functions, :data:`MIGRATIONS` (``version -> function``
returning the data of the next version). Version 1 is a bare engine record (format "noblemen-game", as
written by ``python -m rules simulate --save``); :func:`migrate_v1_to_v2` seats *you* (a human) in the
first seat and computer players of level "normal" in the others, with the names of the record and the
default colours and crests. A player who opens such a file wants to play it on, not to watch it finish
by itself; the first seat is the one the setup screen gives the player.

Loading never raises anything but :class:`SaveLoadError`, whose message is fit to show a player
("This save is damaged (it ends too early)."): corrupt, truncated, hand-edited, wrong-version and hostile
files (huge numbers, wrong types, deep nesting, megabytes of junk: files over :data:`MAX_BYTES` are not read)
are all refused that way.

:class:`Autosaver` writes :func:`game.persist.storage.autosave_path` after every applied action (a session
listener), atomically and keeping the previous good autosave as ``autosave.json.bak``. A failing write
(disk full, read-only folder) never raises into the game: it sets ``last_error`` and calls ``on_error``.
Named saves live in ``data_dir()/saves/``.
"""

from __future__ import annotations

import json
import os
import re
import time
import unicodedata
import weakref
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from game.i18n import N_, _, decade_and_round, ngettext
from game.persist import storage
from game.persist.settings import CRESTS, PLAYER_COLOURS, valid_name
from game.persist.writer import BackgroundWriter, Outcome, write
from rules import MAX_NAME, SAVE_FORMAT, SAVE_VERSION, SaveFormatError

if TYPE_CHECKING:  # loaded where a game is loaded: the title reads the autosave's summary without the engine
    from game.session import GameSession, SessionSnapshot

FORMAT = SAVE_FORMAT  # "noblemen-save": the engine's command line reads these saves too
VERSION = SAVE_VERSION
V1_FORMAT = "noblemen-game"
MAX_BYTES = 8 * 1024 * 1024  # no real save is near this; bigger files are refused unread
MAX_LOG = 100_000  # an older save's log (not read any more: the chronicle is rebuilt) is still checked
MAX_LOG_LINE = 1000  # characters; the chronicle's lines are under a hundred
INSTANT_INTERVAL = 0.25  # seconds between autosaves during computer moves at the "instant" speed
CLOSE_TIMEOUT = 10.0  # seconds closing the table waits for the last autosave to reach the disk
SAVES_FOLDER = "saves"
SUFFIX = ".json"
WINDOWS_DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                             *(f"lpt{i}" for i in range(10))})


class SaveLoadError(Exception):
    """A save could not be loaded. ``str()`` is a message fit to show a player.

    ``detail`` says more for the curious (and the log); ``unexpected`` is True when the cause was an
    exception the validation did not foresee (the tests check that this never happens).
    """

    def __init__(self, message: str, detail: str = "", *, path: Path | None = None,
                 unexpected: bool = False, why: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail
        self.path = path
        self.unexpected = unexpected
        self.why = why  # for a damaged save, what is wrong with it (a message id: "it ends too early")


def _damaged(why: str, detail: str = "", **kwargs: Any) -> SaveLoadError:
    """"This save is damaged (it ends too early).", in the language spoken."""
    return SaveLoadError(_("This save is damaged ({why}).").format(why=_(why)), detail, why=why, **kwargs)


@attrs.frozen
class Summary:
    """What a save says about its game, readable without replaying it."""

    players: tuple[str, ...]
    decade: int
    round: int
    scores: tuple[int, ...]
    over: bool

    def to_dict(self) -> dict:
        return {"players": list(self.players), "decade": self.decade, "round": self.round,
                "scores": list(self.scores), "over": self.over}

    @property
    def where(self) -> str:
        """"Decade II, round 5", "Decade II, start" (the round marker on the start arrow) or "Game over"."""
        return _("Game over") if self.over else decade_and_round(self.decade, self.round)


@attrs.frozen
class Loaded:
    """A loaded save: the session (not started), its summary and where it came from."""

    session: GameSession
    summary: Summary
    saved_at: str
    name: str | None
    version: int  # the version the file had before migration
    path: Path | None = None


@attrs.frozen
class SaveInfo:
    """One entry of the Load screen (read without replaying; ``error`` set if the file is unreadable)."""

    path: Path
    name: str
    saved_at: datetime | None
    summary: Summary | None
    colours: tuple[str, ...] = ()
    error: str | None = None

    @property
    def sort_key(self) -> float:
        if self.saved_at is not None:
            return self.saved_at.timestamp()
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0


# -- writing ---------------------------------------------------------------------------------------
def summarize(session: GameSession) -> Summary:
    state = session.state
    return Summary(tuple(state.names), state.decade, state.round_pos, tuple(p.vp for p in state.players),
                   state.over)


def now_iso() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


@attrs.frozen
class SaveSnapshot:
    """A save at one moment, copied from the session on the UI thread; made into text on any thread."""

    session: SessionSnapshot
    summary: Summary
    name: str | None
    saved_at: str

    def to_dict(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "saved_at": self.saved_at, "name": self.name,
                "summary": self.summary.to_dict(), "session": self.session.to_dict()}

    def dumps(self) -> str:
        # compact separators: a finished game's save is written in a few milliseconds
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))


def snapshot(session: GameSession, name: str | None = None, saved_at: str | None = None) -> SaveSnapshot:
    return SaveSnapshot(session.snapshot(), summarize(session), name, saved_at or now_iso())


def save_dict(session: GameSession, name: str | None = None, saved_at: str | None = None) -> dict:
    return snapshot(session, name, saved_at).to_dict()


def dumps(session: GameSession, name: str | None = None, saved_at: str | None = None) -> str:
    return snapshot(session, name, saved_at).dumps()


def write_save(path: os.PathLike[str] | str, session: GameSession, name: str | None = None, *,
               keep_backup: bool = False) -> Path:
    """Write ``session`` to ``path`` atomically. Raises :class:`game.persist.storage.StorageError`."""
    return storage.atomic_write_text(path, dumps(session, name), keep_backup=keep_backup)


# -- migrations ------------------------------------------------------------------------------------
def migrate_v1_to_v2(data: dict) -> dict:
    """A bare engine record (format "noblemen-game" 1) becomes a version 2 save.

    The first seat is a human (you), the others computer players of level "normal"; names come from
    the record, colours and crests are the defaults in seat order. The summary is that of the replayed game.
    Raises SaveLoadError if the record is bad.
    """
    from game.session import GameSession, SeatSpec  # (not at the top: see there)
    from rules import game_from_dict

    try:
        state = game_from_dict(data)
    except SaveFormatError as exc:
        raise _damaged(_why(str(exc)), str(exc)) from None
    seats = [SeatSpec(name, "human" if i == 0 else "normal", PLAYER_COLOURS[i], CRESTS[i])
             for i, name in enumerate(state.names)]
    session = GameSession(seats, state.seed, state.first_game, state=state)
    try:
        return save_dict(session, name=None, saved_at=now_iso())
    finally:
        session.close()


#: version -> function turning data of that version into data of the next one
MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: migrate_v1_to_v2}


def file_version(data: Any) -> int:
    """The save version of parsed JSON ``data`` (raises SaveLoadError if it is not a save at all)."""
    if not isinstance(data, dict):
        raise SaveLoadError(_("This file is not a Noblemen save."), "the top level is not a JSON object")
    fmt = data.get("format")
    version = data.get("version")
    if fmt == V1_FORMAT:
        if version != 1:
            raise SaveLoadError(_newer(version) if _is_int(version) and 1 < version <= 999 else
                                _damaged(N_("its version is unknown")).message, f"noblemen-game version {version!r}")
        return 1
    if fmt != FORMAT:
        raise SaveLoadError(_("This file is not a Noblemen save."), f"format {_clip(fmt)!r}")
    if not _is_int(version) or not 2 <= version <= 999:
        raise _damaged(N_("its version is unknown"), f"version {_clip(version)!r}")
    if version > VERSION:
        raise SaveLoadError(_newer(version), f"version {version}")
    return version


def migrate(data: dict) -> tuple[dict, int]:
    """Upgrade ``data`` to the current version; return (data, original version)."""
    original = version = file_version(data)
    while version < VERSION:
        data = MIGRATIONS[version](data)
        new_version = file_version(data)
        if new_version <= version:  # a migration must make progress
            raise _damaged(N_("it could not be upgraded"), f"stuck at version {version}")
        version = new_version
    return data, original


# -- reading ---------------------------------------------------------------------------------------
def parse(raw: str | bytes) -> Any:
    """Parse JSON text, with the size cap and friendly errors."""
    if len(raw) > MAX_BYTES:
        raise SaveLoadError(_("This file is too large to be a Noblemen save."), f"{len(raw)} bytes")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _damaged(N_("it is not readable text"), "not UTF-8") from None
    if not raw.strip():
        raise _damaged(N_("the file is empty"), "empty")
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(raw.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise _damaged(N_("it ends too early"), str(exc)) from None
        raise _damaged(N_("it is not a well-formed save file"), str(exc)) from None
    except RecursionError:
        raise _damaged(N_("it is nested too deeply to be a save"), "RecursionError") from None
    except (ValueError, MemoryError) as exc:  # e.g. an integer with thousands of digits
        raise _damaged(N_("it holds values no save has"), _clip(str(exc))) from None


def loads(raw: str | bytes, *, path: Path | None = None) -> Loaded:
    """Load a save from its text; raises only :class:`SaveLoadError`."""
    try:
        return _loads(raw, path)
    except SaveLoadError as exc:
        if exc.path is None:
            exc.path = path
        raise
    except RecursionError:
        raise _damaged(N_("it is nested too deeply to be a save"), "RecursionError",
                            path=path) from None
    except Exception as exc:  # the last line of defence: a player sees a message, never a traceback
        raise _damaged(N_("it could not be read"), f"{type(exc).__name__}: {_clip(str(exc))}",
                            path=path, unexpected=True) from exc


def _loads(raw: str | bytes, path: Path | None) -> Loaded:
    from game.session import GameSession  # (not at the top: see there)

    data, original = migrate(parse(raw))
    saved_at = data.get("saved_at")
    if not isinstance(saved_at, str) or parse_time(saved_at) is None:
        raise _damaged(N_("its date is missing or wrong"), f"saved_at {_clip(saved_at)!r}")
    name = data.get("name")
    if name is not None and not valid_name(name):
        raise _damaged(N_("its name is not valid"), f"name {_clip(name)!r}")
    summary = parse_summary(data.get("summary"))
    session_data = data.get("session")
    _check_session_shape(session_data)
    try:
        session = GameSession.from_dict(session_data)
    except SaveFormatError as exc:
        raise _damaged(_why(str(exc)), str(exc)) from None
    except ValueError as exc:
        raise _damaged(N_("its players are not valid"), _clip(str(exc))) from None
    actual = summarize(session)
    if actual != summary:
        session.close()
        raise _damaged(N_("its summary does not match the game"),
                       f"summary {summary.to_dict()} but the game gives {actual.to_dict()}")
    return Loaded(session, summary, saved_at, name, original, path)


def parse_summary(data: Any) -> Summary:
    bad = _damaged(N_("its summary is missing or wrong"))
    if not isinstance(data, dict):
        raise bad
    players, decade, rnd, scores, over = (data.get(k) for k in ("players", "decade", "round", "scores", "over"))
    if not (isinstance(players, list) and 3 <= len(players) <= 5 and all(valid_name(p) for p in players)):
        raise bad
    if not (isinstance(scores, list) and len(scores) == len(players)
            and all(_is_int(v) and 0 <= v < 10_000 for v in scores)):
        raise bad
    if not (_is_int(decade) and 1 <= decade <= 9 and _is_int(rnd) and 0 <= rnd <= 99 and isinstance(over, bool)):
        raise bad
    return Summary(tuple(players), decade, rnd, tuple(scores), over)


def _check_session_shape(data: Any) -> None:
    """Type checks GameSession.from_dict does not make (it assumes hashable, sized values)."""
    bad = _damaged(N_("its game record is missing or wrong"))
    if not isinstance(data, dict):
        raise bad
    if not isinstance(data.get("speed", "normal"), str):
        raise bad
    log = data.get("log", [])
    if not isinstance(log, list) or len(log) > MAX_LOG or not all(_log_line(line) for line in log):
        raise _damaged(N_("its game log is wrong"))
    game = data.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("actions"), list):
        raise bad
    if not all(isinstance(a, str) and len(a) < 200 for a in game["actions"]):
        raise _damaged(N_("one of its moves is not valid"))


def _log_line(line: Any) -> bool:
    """A line the chronicle can draw: text of printable characters (a NUL or a lone surrogate cannot be)."""
    return isinstance(line, str) and len(line) <= MAX_LOG_LINE and line.isprintable()


def read_bytes(path: os.PathLike[str] | str) -> bytes:
    """Read at most MAX_BYTES (+1 to notice bigger files); raises SaveLoadError."""
    target = Path(path)
    try:
        with storage.open_regular(target) as handle:
            return handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SaveLoadError(_("This save no longer exists."), str(target), path=target) from None
    except storage.NotRegularFileError as exc:  # a pipe would block the game for ever, a device never end
        message = _("This is a folder, not a save.") if exc.folder else _("This is not a save file.")
        raise SaveLoadError(message, str(target), path=target) from None
    except OSError as exc:
        raise SaveLoadError(_("This save could not be read ({reason}).").format(reason=exc.strerror or exc), str(exc),
                            path=target) from None


def load_file(path: os.PathLike[str] | str) -> Loaded:
    """Load the save at ``path``; raises only :class:`SaveLoadError`."""
    target = Path(path)
    return loads(read_bytes(target), path=target)


# -- the autosave ------------------------------------------------------------------------------------
def backup_path(path: Path | None = None) -> Path:
    target = storage.autosave_path() if path is None else Path(path)
    return target.with_name(target.name + ".bak")


def autosave_info(path: Path | None = None) -> SaveInfo | None:
    """The autosave's entry (None if there is none): Continue is offered when it exists and is not over."""
    target = storage.autosave_path() if path is None else Path(path)
    if not target.is_file():
        return None
    return read_info(target)


def can_continue(path: Path | None = None) -> bool:
    """An autosave of an unfinished game exists (a damaged one counts: Continue then offers the backup)."""
    info = autosave_info(path)
    return info is not None and (info.summary is None or not info.summary.over)


class Autosaver:
    """Writes the session to the autosave after every applied action (and on :meth:`save_now`).

    ``on_error(message)`` is called when a write fails (``last_error`` keeps the message until a write
    succeeds); ``on_saved(path)`` after every good write. ``min_interval`` (seconds, default 0: every
    action) lets a fast game coalesce writes; :meth:`flush` writes what is pending.

    At the "instant" speed, a run of computer moves is written at most every :data:`INSTANT_INTERVAL`
    seconds; the moment a human must decide or the game ends, the state is written whatever the interval,
    and :meth:`close` writes what is pending.

    With ``background=True`` (the table's autosaver) the UI thread only copies the session (well under a
    millisecond) and a :class:`game.persist.writer.BackgroundWriter` serialises and
    writes it: the newest state wins, :meth:`poll` (each frame) reports finished writes to ``on_saved``
    and ``on_error``, and :meth:`close` waits for the last write. Without it every write happens at once.
    """

    def __init__(self, session: GameSession, path: os.PathLike[str] | str | None = None, *,
                 on_error: Callable[[str], None] | None = None, on_saved: Callable[[Path], None] | None = None,
                 min_interval: float = 0.0, clock: Callable[[], float] = time.monotonic,
                 background: bool = False) -> None:
        self.session = session
        self.path = Path(path) if path is not None else storage.autosave_path()
        self.on_error = on_error
        self.on_saved = on_saved
        self.min_interval = min_interval
        self.clock = clock
        self.writer = BackgroundWriter() if background else None
        self.last_error: str | None = None
        self.last_saved: float | None = None  # clock() of the last write (handed to the writer)
        self.last_duration = 0.0  # seconds the last finished write took
        self.saves = 0
        self.dirty = False
        self.attached = False

    def attach(self, save_now: bool = True) -> Autosaver:
        """Listen to the session; by default write at once (a new or resumed game is saved from the start).

        An autosaver attached earlier to the same session is detached (the last one attached wins).
        """
        previous = _registry.get(self.session)
        if previous is not None and previous is not self:
            previous.detach()
        self.session.add_listener(self._on_events)
        self.attached = True
        _registry[self.session] = self
        if save_now:
            self.save_now()
        return self

    def detach(self) -> None:
        self.session.remove_listener(self._on_events)
        self.attached = False
        if self.writer is not None:
            self.writer.stop()  # after the writes already handed over
        if _registry.get(self.session) is self:
            del _registry[self.session]

    def close(self, timeout: float = CLOSE_TIMEOUT) -> bool:
        """Save what is pending (on quit / leaving the table), wait for the writes, stop listening.

        True when the autosave on disk is the game as it is now.
        """
        ok = self.save_now() if (self.dirty or self.last_saved is None) else True
        if self.writer is not None:
            ok = self.wait(timeout)
        self.detach()
        return ok

    def wait(self, timeout: float = CLOSE_TIMEOUT) -> bool:
        """Wait for the background writes and report them; True when the last one reached the disk."""
        finished = self.writer is None or self.writer.wait(timeout)
        self.poll()
        return finished and self.last_error is None

    def _on_events(self, _events: list) -> None:
        self.dirty = True
        interval = self.min_interval
        session = self.session
        if session.speed == "instant":
            interval = max(interval, INSTANT_INTERVAL)
        if interval > 0 and (session.human_to_decide() or session.over):
            interval = 0.0  # the player is about to act (or the game is over): be exact now
        if interval <= 0 or self.last_saved is None or self.clock() - self.last_saved >= interval:
            self.save_now()

    def flush(self) -> bool:
        """Write if something is pending (call once a frame when ``min_interval`` > 0)."""
        return self.save_now() if self.dirty else True

    def save_now(self) -> bool:
        """Write the autosave (or hand it to the writer); never raises. False if a write failed."""
        saved = snapshot(self.session)
        self.dirty = False
        self.last_saved = self.clock()
        if self.writer is not None:
            self.writer.submit(self.path, saved.dumps, keep_backup=True)
            return self.last_error is None
        self._report(write(self.path, saved.dumps, keep_backup=True))
        return self.last_error is None

    def poll(self) -> bool:
        """Report the background writes finished since the last call (each frame); False if one failed."""
        outcomes = self.writer.outcomes() if self.writer is not None else []
        for outcome in outcomes:
            self._report(outcome)
        return all(outcome.error is None for outcome in outcomes)

    def _report(self, outcome: Outcome) -> None:
        self.last_duration = outcome.seconds
        if outcome.error is not None:
            self.dirty = True  # the game on disk is older than the game: try again with the next write
            self.last_error = _("The game could not be autosaved. {reason}").format(reason=outcome.error)
            if self.on_error is not None:
                self.on_error(self.last_error)
            return
        self.last_error = None
        self.saves += 1
        if self.on_saved is not None:
            self.on_saved(outcome.path)


_registry: weakref.WeakKeyDictionary[GameSession, Autosaver] = weakref.WeakKeyDictionary()


def autosaver_for(session: GameSession, **kwargs: Any) -> Autosaver:
    """The session's attached autosaver, attaching a new one if it has none (safe to call twice)."""
    existing = _registry.get(session)
    if existing is not None and existing.attached:
        for key in ("on_error", "on_saved"):
            if kwargs.get(key) is not None:
                setattr(existing, key, kwargs[key])
        return existing
    return Autosaver(session, **kwargs).attach()


def load_autosave(path: Path | None = None) -> Loaded:
    return load_file(storage.autosave_path() if path is None else path)


# -- named saves ---------------------------------------------------------------------------------------
def saves_dir() -> Path:
    return storage.data_dir() / SAVES_FOLDER


def clean_name(name: str) -> str:
    """Collapse spaces; raise ValueError with a friendly message if the name cannot be used."""
    if not isinstance(name, str):
        raise ValueError(_("A save needs a name."))
    name = " ".join(name.split())
    if not name:
        raise ValueError(_("A save needs a name."))
    if len(name) > MAX_NAME:
        raise ValueError(ngettext("A save's name may have at most {count} character.",
                                  "A save's name may have at most {count} characters.", MAX_NAME).format(
                                      count=MAX_NAME))
    if not valid_name(name):
        raise ValueError(_("A save's name may not hold control characters."))
    return name


def slug(name: str) -> str:
    """A file name for ``name``: ASCII letters, digits and dashes ("Before the ball!" -> before-the-ball).

    Different names may share a slug ("Партия 1" and "Игра 1" both give "1"): :func:`named_path` keeps
    them in different files.
    """
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:48]
    if not text:  # a name with no ASCII letters at all: keep it apart by its code points
        text = "save-" + "-".join(f"{ord(c):x}" for c in name[:8])
    if text in WINDOWS_DEVICES:  # "con.json" cannot be created on Windows
        text = "save-" + text
    return text


def named_path(name: str) -> Path:
    """The file of the save called ``name``: the file already holding that name (in any capitals), else
    a free file named after it ("before-the-ball.json", then "before-the-ball-2.json", ...). A file name in
    other capitals is the same file on Windows and macOS, so it counts as taken here too."""
    name = clean_name(name)
    folder = saves_dir()
    base = slug(name)
    taken = re.compile(re.escape(base) + r"(-\d+)?" + re.escape(SUFFIX), re.IGNORECASE)
    try:
        siblings = sorted(p for p in folder.iterdir() if taken.fullmatch(p.name))
    except OSError:  # no folder yet
        siblings = []
    for path in siblings:
        if read_info(path).name.casefold() == name.casefold():
            return path
    number = 1
    while (path := folder / (base + (f"-{number}" if number > 1 else "") + SUFFIX)).exists():
        number += 1
    return path


def free_name(name: str) -> str:
    """``name``, or "name (2)", "name (3)", ... : a name no save has yet (a long one shortened at a word to make
    room for the number, never inside one where it has words)."""
    name = clean_name(name)
    number = 1
    candidate = name
    while named_path(candidate).exists():
        number += 1
        suffix = f" ({number})"
        room = MAX_NAME - len(suffix)
        short = name[: room + 1].rsplit(" ", 1)[0] if len(name) > room and " " in name[: room + 1] else name[:room]
        candidate = short.rstrip(" ,;:") + suffix
    return candidate


def save_named(session: GameSession, name: str) -> Path:
    """Save ``session`` as ``name`` in the saves folder (replacing a save of that name).

    Raises ValueError for a bad name and :class:`game.persist.storage.StorageError` if it cannot be written.
    """
    name = clean_name(name)
    return write_save(named_path(name), session, name)


def read_info(path: Path) -> SaveInfo:
    """A Load-screen entry for ``path``: parses the JSON but replays nothing (fast)."""
    fallback_name = _file_label(path)
    try:
        data = parse(read_bytes(path))
        version = file_version(data)
        if version == 1:  # an engine record: summarise it cheaply from its setup
            setup = data.get("setup") if isinstance(data.get("setup"), dict) else {}
            names = setup.get("names")
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise _damaged(N_("its players are missing"))
            return SaveInfo(path, fallback_name, _mtime(path), None, error=None)
        summary = parse_summary(data.get("summary"))
        name = data.get("name")
        name = name if valid_name(name) else fallback_name
        saved_at = parse_time(data.get("saved_at")) if isinstance(data.get("saved_at"), str) else None
        return SaveInfo(path, name, saved_at, summary, _colours(data))
    except SaveLoadError as exc:
        return SaveInfo(path, fallback_name, _mtime(path), None, error=exc.message)
    except Exception:  # never let one odd file break the list
        return SaveInfo(path, fallback_name, _mtime(path), None, error=_damaged(N_("it could not be read")).message)


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Named saves, newest first."""
    folder = saves_dir() if folder is None else Path(folder)
    try:
        paths = [p for p in folder.iterdir() if p.suffix.lower() == SUFFIX and p.is_file()
                 and not p.name.startswith(".")]
    except OSError:
        return []
    infos = [read_info(p) for p in paths]
    infos.sort(key=lambda info: (info.sort_key, info.name), reverse=True)
    return infos


def delete_save(path: os.PathLike[str] | str) -> None:
    """Delete a save, its backup and its reviews (review_cache). Raises StorageError with a friendly message.

    Something else where the backup or the reviews would be (a folder) is not the save's and is left alone.
    """
    target = Path(path)
    try:
        storage.retry_locked(lambda: target.unlink(missing_ok=True))
        for beside in (backup_path(target), target.with_name(target.name + ".review")):  # (its reviews)
            if beside.is_file():
                storage.retry_locked(lambda beside=beside: beside.unlink(missing_ok=True))
    except OSError as exc:
        raise storage.StorageError(_("Could not delete {file}: {reason}.").format(file=target.name,
                                   reason=exc.strerror or exc), target, exc) from exc


# -- helpers -------------------------------------------------------------------------------------------
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _file_label(path: Path) -> str:
    """A file's name shown as a save's name: spaces for dashes, "?" for what cannot be drawn (a file name
    that is not valid UTF-8 arrives holding lone surrogates)."""
    text = "".join(c if c.isprintable() else "?" for c in path.stem.replace("-", " "))[:MAX_NAME]
    return text if text.strip() else "?"


def parse_time(text: Any) -> datetime | None:
    if not isinstance(text, str) or len(text) > 64:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return moment


def _mtime(path: Path) -> datetime | None:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    except (OSError, ValueError, OverflowError):
        return None


def _colours(data: dict) -> tuple[str, ...]:
    session = data.get("session")
    seats = session.get("seats") if isinstance(session, dict) else None
    if not isinstance(seats, list):
        return ()
    out = []
    for seat in seats:
        colour = seat.get("colour") if isinstance(seat, dict) else None
        out.append(colour if isinstance(colour, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", colour) else "#6B5B45")
    return tuple(out)


def _newer(version: Any) -> str:
    return _("This save was made by a newer version of Noblemen (save version {version}); "
             "please update the game to open it.").format(version=version)


def _why(text: str) -> str:
    """A short reason from an engine message ("action 12 of the save cannot be replayed: ...")."""
    if "cannot be replayed" in text:
        return N_("its moves do not follow the rules")
    if "hint" in text:
        return N_("its hint counts are not valid")
    if "seat" in text or "player" in text or "names" in text:
        return N_("its players are not valid")
    if "seed" in text or "setup" in text or "first_game" in text:
        return N_("its setup is not valid")
    return N_("its game record is wrong")


def _clip(value: Any, limit: int = 80) -> str:
    try:
        text = repr(value) if not isinstance(value, str) else value
    except Exception:  # pragma: no cover - repr of plain JSON data does not fail
        text = "?"
    return text if len(text) <= limit else text[: limit - 3] + "..."
