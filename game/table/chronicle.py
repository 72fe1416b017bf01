"""The chronicle's wording: runs of identical count lines read as one.

The session log (saved with the game, cut back by undo) keeps one line per engine event; only the
chronicle's rendering merges a run of the same player's identical count lines, e.g. four times
"Walter handed back 1 bribe (prestige)." reads "Walter handed back 4 bribes (prestige).". Lines that
carry no count ("Anne's turn.") are never merged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

#: the wording after the player's name of the count events (rules.events.Event.text)
_COUNTED = (
    re.compile(r"^(?P<pre> (?:handed back|took|drew|gave|kept)) (?P<n>\d+) (?P<noun>bribe|tile|scandal card)s?"
               r"(?P<post>(?: .*)?\.)$"),
    re.compile(r"^(?P<pre> gained) (?P<n>\d+) (?P<noun>VP)(?P<post> .*)$"),
    re.compile(r"^(?P<pre> (?:gained|paid)) £(?P<n>\d+)(?P<post>(?: .*)?\.)$"),
    re.compile(r"^(?P<pre> (?:put|donated)) (?P<n>a) (?P<noun>\w+)(?P<post> (?:into the bag|to the church)\.)$"),
)


def merged(line: str, count: int, names: Sequence[str]) -> str | None:
    """``line`` said ``count`` times, as one line; None if it carries no count to add up."""
    if count == 1:
        return line
    name = max((n for n in names if n and line.startswith(n)), key=len, default=None)
    if name is None:
        return None
    rest = line[len(name):]
    for pattern in _COUNTED:
        m = pattern.match(rest)
        if m is None:
            continue
        each = 1 if m["n"] == "a" else int(m["n"])
        total = each * count
        noun = m.groupdict().get("noun")
        if noun is None:  # money
            return f"{name}{m['pre']} £{total}{m['post']}"
        plural = "" if total == 1 or noun == "VP" else "s"
        return f"{name}{m['pre']} {total} {noun}{plural}{m['post']}"
    return None


def merged_reversed(log: Sequence[str], names: Sequence[str]) -> Iterator[str]:
    """The chronicle's entries, newest first, runs of identical count lines merged (lazy: the chronicle
    only reads as far back as it shows)."""
    i = len(log) - 1
    while i >= 0:
        line = log[i]
        j = i
        while j > 0 and log[j - 1] == line:
            j -= 1
        run = i - j + 1
        one = merged(line, run, names) if run > 1 else line
        if one is None:  # nothing to add up: every line as it is
            yield from (line for _ in range(run))
        else:
            yield one
        i = j - 1


def merged_log(log: Iterable[str], names: Sequence[str]) -> list[str]:
    """The whole chronicle, oldest first (tests, exports)."""
    out = list(merged_reversed(list(log), names))
    out.reverse()
    return out
