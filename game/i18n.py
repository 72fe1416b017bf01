"""The language the game speaks: gettext catalogs from ``game/locale``, numbers and money per language.

Code holds English message ids and asks for them through :func:`_` (plain), :func:`ngettext` (plural forms
from the catalog), :func:`pgettext` (a context for a short word that means two things) and :func:`N_`
(marks an id for extraction where it is defined; the screen translates it when it shows it). The catalogs
are kept with Babel (``make i18n``); the compiled ``.mo`` files are committed, so a checkout plays as is.

Switching the language (:func:`set_language`) changes what every later call returns; screens re-render
their texts when told (``AppContext.apply_language``). A catalog that is missing or damaged never stops the
game: it speaks English then, and :func:`set_language` returns the one-line notice that says so.
"""

from __future__ import annotations

import gettext
import locale
import os
import struct
import subprocess
import sys
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any, TypeVar

import attrs

K = TypeVar("K")

DOMAIN = "noblemen"
ENGLISH = "en"
#: the languages the game speaks, in the order Settings offers them
LANGUAGES: tuple[str, ...] = ("en", "de", "it")
#: each language's name in itself, as the Language setting shows it
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "it": "Italiano"}

# digits grouped by thousands; the sign of the pound placed as each language writes money
_GROUPING = {"en": (",", "."), "de": (".", ","), "it": (".", ",")}
_MONEY = {"en": "£{}", "de": "{} £", "it": "£{}"}
_ORDINAL = {"de": "{}.", "it": "{}º"}

#: each language's name in English: a notice that its catalog is broken is shown in English
_ENGLISH_NAMES = {"de": "German", "it": "Italian"}

_language = ENGLISH
_catalog: gettext.NullTranslations = gettext.NullTranslations()
_catalogs: dict[str, gettext.NullTranslations] = {}


def locale_dir() -> str:
    """The folder holding ``<lang>/LC_MESSAGES/noblemen.mo`` (package data of ``game``)."""
    return str(resources.files("game") / "locale")


def catalog_path(language: str) -> str:
    return os.path.join(locale_dir(), language, "LC_MESSAGES", f"{DOMAIN}.mo")


class CatalogError(Exception):
    """A language's compiled catalog is missing or cannot be read; ``str()`` says why, in English."""


def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of ``language`` (English needs none: the ids are English); raises CatalogError."""
    if language not in _catalogs:
        if language == ENGLISH:
            _catalogs[language] = gettext.NullTranslations()
        else:
            _catalogs[language] = _read_catalog(catalog_path(language))
    return _catalogs[language]


def _read_catalog(path: str) -> gettext.GNUTranslations:
    from game.persist.storage import open_regular  # storage speaks through this module: imported when needed

    try:
        with open_regular(path) as handle:
            return gettext.GNUTranslations(handle)
    except FileNotFoundError:
        raise CatalogError("it is missing") from None
    except OSError as exc:  # not a regular file, unreadable, or "bad magic number"
        raise CatalogError(exc.strerror or str(exc)) from None
    # what a truncated or corrupt catalog makes the parser raise: its tables point past the end (struct.error,
    # IndexError), its header is not text or its plural formula not one (UnicodeError, ValueError, SyntaxError)
    except (struct.error, IndexError, KeyError, UnicodeError, ValueError, SyntaxError, OverflowError,
            MemoryError, RecursionError) as exc:
        raise CatalogError(f"it is damaged ({type(exc).__name__})") from None


def set_language(language: str) -> Later | None:
    """Speak ``language`` from now on (one of :data:`LANGUAGES`; ValueError otherwise).

    If its catalog is missing or damaged the game speaks English instead, and the notice saying so is
    returned (None when all went well).
    """
    global _language, _catalog
    if language not in LANGUAGES:
        raise ValueError(f"the game speaks {', '.join(LANGUAGES)}, not {language!r}")
    try:
        _catalog = catalog(language)
    except CatalogError as exc:
        _catalog, _language = catalog(ENGLISH), ENGLISH
        return later("The {language} texts could not be loaded ({reason}), so the game speaks English.",
                     language=_ENGLISH_NAMES[language], reason=exc)
    _language = language
    return None


def language() -> str:
    """The language spoken now."""
    return _language


def _(message: str) -> str:
    """``message`` in the current language."""
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` the current language uses for ``n``."""
    return _catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English word by ``context``."""
    return _catalog.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _catalog.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (it is translated where it is shown)."""
    return message


@attrs.frozen
class Later:
    """A message made before it is shown (a notice at start-up, a reason kept by a screen): translated, with
    ``values`` put into its placeholders, each time it is shown, so it follows a change of language."""

    message: str
    values: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return _(self.message).format(**{key: str(value) for key, value in self.values})

    def __contains__(self, part: str) -> bool:
        return part in str(self)


def later(message: str, **values: Any) -> Later:
    """``message`` (marked for extraction) to translate when it is shown, with ``values`` for its placeholders."""
    return Later(message, tuple(values.items()))


class Words(Mapping[K, str]):
    """A table of message ids (marked with :func:`N_`) whose values are read in the current language, with
    ``values`` put into their placeholders (a callable value is called each time: money is written as the
    language spoken writes it)."""

    def __init__(self, ids: Mapping[K, str], **values: Any) -> None:
        self.ids = dict(ids)
        self.values = values

    def __getitem__(self, key: K) -> str:
        text = _(self.ids[key])
        if not self.values:
            return text
        return text.format(**{name: value() if callable(value) else value for name, value in self.values.items()})

    def __iter__(self) -> Iterator[K]:
        return iter(self.ids)

    def __len__(self) -> int:
        return len(self.ids)


def and_list(items: list[str] | tuple[str, ...]) -> str:
    """"Anne, Robert and Mary" in the language spoken."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def name_and_count(name: str, count: int) -> str:
    """"Normal 1: 14": a player's name and a count of theirs (a score, hints asked), the two told apart where the
    name ends in a number."""
    return ngettext("{name}: {count}", "{name}: {count}", count).format(name=name, count=count)


# -- numbers and money -----------------------------------------------------------------------
def number(value: int | float, decimals: int = 0) -> str:
    """``value`` with the current language's thousands separator and decimal mark (1,234.5 / 1.234,5)."""
    group, point = _GROUPING[_language]
    text = f"{abs(value):,.{decimals}f}".replace(",", "\x00").replace(".", point).replace("\x00", group)
    return ("−" if value < 0 else "") + text


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd (German 1., Italian 1º)."""
    if _language != ENGLISH:
        return _ORDINAL[_language].format(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def roman(n: int) -> str:
    """A decade (or a seat's place) as the board writes it: I, II, III."""
    return ROMAN.get(n, str(n))


def decade_and_round(decade: int, round_pos: int) -> str:
    """"Decade II, round 5", or "Decade II, start" while the round marker is on the start arrow (as the track
    says it)."""
    if round_pos:
        return _("Decade {decade}, round {round}").format(decade=roman(decade), round=round_pos)
    return _("Decade {decade}, start").format(decade=roman(decade))


def money(amount: int) -> str:
    """An amount of pounds as the current language writes it (£12 in English and Italian, 12 £ in German)."""
    return _MONEY[_language].format(number(amount))


def signed_money(amount: int) -> str:
    """A change of money: +£2, −£3 (German +2 £)."""
    return ("+" if amount >= 0 else "−") + money(abs(amount))


# -- the system's language --------------------------------------------------------------------
def _macos_languages() -> list[str]:
    try:
        out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True, encoding="utf-8",
                             timeout=2, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [part.strip(' "\n(),') for part in out.split(",") if part.strip(' "\n(),')]


def _windows_languages() -> list[str]:
    try:
        import ctypes

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return []
    return [locale.windows_locale.get(lcid, "")]


def system_languages(environ: dict[str, str] | None = None, platform: str | None = None) -> list[str]:
    """The user's languages as the system names them, most wanted first (``de_AT.UTF-8``, ``it``, ...)."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    found: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        found += [part for part in environ.get(var, "").split(":") if part]
    if platform == "win32":
        found += _windows_languages()
    elif platform == "darwin":
        found += _macos_languages()
    if not found:
        found.append(locale.getlocale()[0] or "")
    return found


def system_language(environ: dict[str, str] | None = None, platform: str | None = None) -> str:
    """The first of the system's languages the game speaks; English when it speaks none of them."""
    for name in system_languages(environ, platform):
        code = name.replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in ("c", "posix"):
            continue
        if code in LANGUAGES:
            return code
    return ENGLISH
