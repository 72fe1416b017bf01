"""Player settings, stored as JSON in the per-user config folder.

``load_settings()`` never fails: a missing file gives the defaults; a damaged,
unreadable or wrong-typed file gives defaults (for the bad fields, or all of
them when the file is not a JSON object) plus a notice string that the title
menu shows once.  Unknown keys are ignored.  ``save_settings()`` writes
atomically (see :mod:`game.persist.storage`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from game.i18n import LANGUAGES, N_, Later, _, later
from game.persist.storage import StorageError, atomic_write_text, config_dir, read_text
from rules import MAX_NAME, check_name

SETTINGS_FILE = "settings.json"
FORMAT_VERSION = 1
MAX_BYTES = 256 * 1024  # real settings are about 1 KiB; a bigger file is not read at all
DAMAGED = later("Your settings file was damaged, so the defaults are used again.")

SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
#: the speeds as Settings and the table name them (message ids: the screens translate them)
SPEED_NAMES: dict[str, str] = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
#: seconds an animation step takes at each speed (the table scene may use these)
SPEED_SECONDS: dict[str, float] = {"slow": 0.9, "normal": 0.45, "fast": 0.18, "instant": 0.0}

#: the text sizes Settings offers, in percent of the design size; the command line may ask for any in the range
TEXT_SCALES: tuple[int, ...] = (100, 125, 150)
TEXT_SCALE_RANGE = (75, 200)

MIN_WINDOW = (960, 600)
MAX_WINDOW = (16384, 16384)
MAX_SEATS = 6
MAX_NAME_LENGTH = MAX_NAME  # the engine's rule for a player's name (rules.check_name)

#: Okabe–Ito colours (ART.md), colour-blind safe; the sixth is Okabe–Ito sky blue.
PLAYER_COLOURS: tuple[str, ...] = ("#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9")
PLAYER_COLOUR_NAMES: dict[str, str] = {  # message ids: the screens translate them
    "#D55E00": N_("vermillion"), "#0072B2": N_("blue"), "#009E73": N_("bluish green"),
    "#E69F00": N_("orange"), "#CC79A7": N_("reddish purple"), "#56B4E9": N_("sky blue"),
}
#: crest shapes (ART.md); every player has one so colour is never the only cue
CRESTS: tuple[str, ...] = ("lion", "rose", "stag", "swan", "tower", "falcon")
DEFAULT_NAMES: tuple[str, ...] = ("Anne", "Robert", "Mary", "Walter", "Frances", "Philip")

_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


def valid_name(value: Any) -> bool:
    """The engine's rule for a player's name (``rules.check_name``); a save's own name keeps it too."""
    try:
        check_name(value)
    except ValueError:
        return False
    return True


# -- field checks: return the normalised value or raise ValueError/TypeError -----
def _check_size(value: Any) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError("window_size must be [width, height]")
    w, h = value
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (w, h)):
        raise TypeError("window_size must hold integers")
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise ValueError(f"window_size {w}x{h} is out of range")
    return (w, h)


def _check_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("expected true or false")
    return value


def _check_speed(value: Any) -> str:
    if not isinstance(value, str) or value not in SPEEDS:
        raise ValueError(f"animation_speed must be one of {', '.join(SPEEDS)}")
    return value


def _check_text_scale(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("text_scale must be a whole number of percent")
    if not TEXT_SCALE_RANGE[0] <= value <= TEXT_SCALE_RANGE[1]:
        raise ValueError(f"text_scale must be from {TEXT_SCALE_RANGE[0]} to {TEXT_SCALE_RANGE[1]} percent")
    return value


def _check_language(value: Any) -> str:
    if not isinstance(value, str) or value not in ("", *LANGUAGES):
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)} (or empty: the system's)")
    return value


def _check_names(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or len(value) != MAX_SEATS:
        raise TypeError(f"player_names must be a list of {MAX_SEATS} names")
    names = []
    for name in value:
        if not isinstance(name, str):
            raise TypeError("player names must be text")
        names.append(check_name(" ".join(name.split())))  # the engine's rule; ValueError says why
    return tuple(names)


def _check_colours(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or len(value) != MAX_SEATS:
        raise TypeError(f"player_colours must be a list of {MAX_SEATS} colours")
    out = []
    for colour in value:
        if not isinstance(colour, str) or not _HEX.match(colour):
            raise ValueError("player colours must look like #RRGGBB")
        out.append(colour.upper())
    if len(set(out)) != len(out):
        raise ValueError("player colours must differ")
    return tuple(out)


def _check_crests(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or len(value) != MAX_SEATS:
        raise TypeError(f"player_crests must be a list of {MAX_SEATS} crests")
    if not all(isinstance(c, str) and c in CRESTS for c in value):
        raise ValueError(f"player crests must be among {', '.join(CRESTS)}")
    if len(set(value)) != len(value):
        raise ValueError("player crests must differ")
    return tuple(value)


def _check_setup(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise TypeError("last_setup must be an object")
    seats = value.get("seats")
    for seat in seats if isinstance(seats, list) else []:
        if isinstance(seat, dict) and "name" in seat:
            check_name(seat["name"])  # a remembered name must be one the game can seat
    # must survive a JSON round trip (plain data only)
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError, RecursionError) as exc:
        raise TypeError("last_setup must hold plain JSON data") from exc


#: how many steps a tutorial may have at most (the step to resume at is a number below it)
MAX_TUTORIAL_STEPS = 100


def _check_tutorial_step(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("tutorial_step must be a whole number")
    if not 0 <= value < MAX_TUTORIAL_STEPS:
        raise ValueError(f"tutorial_step must be from 0 to {MAX_TUTORIAL_STEPS - 1}")
    return value


def _setting(check: Callable[[Any], Any], name: str, **kwargs: Any) -> Any:
    """A field of :class:`Settings`: its default, its check and its name as a player knows it (a message id,
    for the notice that names reset settings) are given in one place, so no field lacks one."""

    def validate(_inst: Any, attribute: attrs.Attribute, value: Any) -> None:
        try:
            check(value)
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"{attribute.name}: {exc}") from None

    return attrs.field(validator=validate, metadata={"check": check, "name": name}, **kwargs)


@attrs.define(on_setattr=attrs.setters.validate)
class Settings:
    """Everything the player can change.  Assigning a bad value raises."""

    window_size: tuple[int, int] = _setting(_check_size, N_("window size"), default=(1280, 720), converter=tuple)
    fullscreen: bool = _setting(_check_bool, N_("fullscreen"), default=False)
    animation_speed: str = _setting(_check_speed, N_("animation speed"), default="normal")
    sound: bool = _setting(_check_bool, N_("sound"), default=True)
    hints: bool = _setting(_check_bool, N_("hints"), default=False)  # the table's Hint button
    text_scale: int = _setting(_check_text_scale, N_("text size"), default=100)  # percent
    #: "en", "de" or "it"; empty until the player chooses: the system's language is spoken then
    language: str = _setting(_check_language, N_("language"), default="")
    player_names: tuple[str, ...] = _setting(_check_names, N_("player names"), default=DEFAULT_NAMES,
                                             converter=tuple)
    player_colours: tuple[str, ...] = _setting(_check_colours, N_("player colours"), default=PLAYER_COLOURS,
                                               converter=tuple)
    player_crests: tuple[str, ...] = _setting(_check_crests, N_("player crests"), default=CRESTS,
                                              converter=tuple)
    last_setup: dict[str, Any] = _setting(_check_setup, N_("last setup"), factory=dict)
    #: the tutorial's step where the player stopped (0: start it from the beginning)
    tutorial_step: int = _setting(_check_tutorial_step, N_("tutorial step"), default=0)

    @property
    def animation_seconds(self) -> float:
        return SPEED_SECONDS[self.animation_speed]

    def to_dict(self) -> dict[str, Any]:
        values = {field.name: getattr(self, field.name) for field in attrs.fields(Settings)}
        return {"version": FORMAT_VERSION,
                **{key: list(value) if isinstance(value, tuple) else value for key, value in values.items()}}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> tuple[Settings, list[str]]:
        """Build settings from loaded JSON.  Returns (settings, problems).

        Bad fields take their default value and are named in ``problems``;
        unknown keys are ignored.  Never raises for bad input.
        """
        if not isinstance(data, dict):
            return cls(), ["the settings file does not hold a settings object"]
        kwargs: dict[str, Any] = {}
        problems: list[str] = []
        for field in attrs.fields(cls):
            key = field.name
            if key not in data:
                continue
            try:
                kwargs[key] = field.metadata["check"](data[key])
            except (TypeError, ValueError) as exc:
                problems.append(f"{key}: {exc}")
        return cls(**kwargs), problems


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


class _Fields:
    """The names of the settings that were reset, in the language the notice is shown in."""

    def __init__(self, keys: list[str]) -> None:
        self.keys = keys

    def __str__(self) -> str:
        names = {field.name: field.metadata["name"] for field in attrs.fields(Settings)}
        return ", ".join(_(names[key]) for key in self.keys)


def load_settings(path: Path | str | None = None) -> tuple[Settings, Later | None]:
    """Load settings; return (settings, notice or None); the notice is translated when shown.  Never raises."""
    target = Path(path) if path is not None else settings_path()
    try:
        text = read_text(target, limit=MAX_BYTES)
    except StorageError as exc:
        if isinstance(exc.cause, FileNotFoundError):  # a first run
            return Settings(), None
        return Settings(), later("Your settings could not be read ({reason}) and were reset to the defaults.",
                                 reason=exc)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError, MemoryError):  # bad JSON or numbers, nested too deep, out of memory
        return Settings(), DAMAGED
    settings, problems = Settings.from_dict(data)
    if problems:
        if not isinstance(data, dict):
            return settings, DAMAGED
        keys = sorted({p.split(":", 1)[0] for p in problems})
        return settings, later("Some settings were invalid and were reset to their defaults ({fields}).",
                               fields=_Fields(keys))
    return settings, None


def save_settings(settings: Settings, path: Path | str | None = None) -> Path:
    """Write settings atomically.  Raises :class:`game.persist.storage.StorageError`."""
    target = Path(path) if path is not None else settings_path()
    return atomic_write_text(target, settings.to_json(), keep_backup=False)
