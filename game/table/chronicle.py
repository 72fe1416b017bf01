"""The chronicle at the right of the table, and its wording: runs of identical count lines read as one.

The session log (saved with the game, cut back by undo) keeps one line per engine event; only the
chronicle's rendering merges a run of the same player's identical count lines, e.g. four times
"Walter handed back 1 bribe (prestige)." reads "Walter handed back 4 bribes (prestige).". Lines that
carry no count ("Anne's turn.") are never merged.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence

import attrs
import pygame

from game.table.estate_draw import draw_crest_badge
from game.table.panel import PanelContext, PanelLayout
from game.table.targets import Chronicle, Region
from game.ui import assets, widgets
from game.ui.theme import INK, MUTED, OXBLOOD, RULE

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


# -- the chronicle panel at the right of the table --------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def _wrapped(entry: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(widgets.wrap(entry, assets.font("body", size), width))


@attrs.define(eq=False)
class ChronicleLayout(PanelLayout):
    area: pygame.Rect = attrs.field(factory=pygame.Rect)  # where the lines are
    rule_y: int = 0  # the hairline under the title
    lines: list[tuple[str, bool]] = attrs.field(factory=list)  # shown, oldest first (True: an entry's first line)
    scroll: int = 0  # lines up from the newest
    max_scroll: int = 0
    total: int = 0  # lines wrapped so far
    more: bool = False  # older entries exist beyond what was wrapped


def layout_chronicle(pc: PanelContext, log: Sequence[str], scroll: int) -> ChronicleLayout:
    """The newest lines at the bottom, ``scroll`` lines up from the end (clamped to what there is).

    Only the entries the chronicle shows are wrapped, newest first, each once (cached); the log itself is
    left as it is (it is saved and cut back by undo).
    """
    s, rect = pc.scale, pc.rect
    pad = round(10 * s)
    title = widgets.gold_text("Chronicle", round(22 * s))
    top = rect.top + round(8 * s) + title.get_height()
    area = pygame.Rect(
        rect.left + pad, top + round(4 * s), rect.width - 2 * pad, rect.bottom - pad - top - round(4 * s)
    )
    size = max(12, round(15 * s))
    visible = max(1, area.height // assets.font("body", size).get_linesize())
    width = area.width - round(8 * s)
    wrapped: list[tuple[str, bool]] = []
    need = visible + scroll + 1
    for entry in merged_reversed(log, pc.names):  # repeated count lines read as one
        lines = _wrapped(entry, size, width)
        wrapped[:0] = [(line, k == 0) for k, line in enumerate(lines)]
        if len(wrapped) >= need:
            break
    total = len(wrapped)
    more = total >= need
    max_scroll = max(0, total - visible) + (1 if more else 0)
    scroll = max(0, min(scroll, max_scroll))
    lay = ChronicleLayout(area=area, rule_y=top, scroll=scroll, max_scroll=max_scroll, total=total, more=more)
    lay.lines = wrapped[max(0, total - visible - scroll) : total - scroll] if wrapped else []
    lay.regions.append(
        Region(area, Chronicle(), "The chronicle of the game: every event in words. Scroll with the mouse wheel.")
    )
    return lay


def draw_chronicle(surface: pygame.Surface, pc: PanelContext, lay: ChronicleLayout) -> None:
    s, rect, area = pc.scale, pc.rect, lay.area
    widgets.panel(surface, rect, s)
    pad = round(10 * s)
    title = widgets.gold_text("Chronicle", round(22 * s))
    surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + round(6 * s))))
    pygame.draw.line(surface, RULE, (rect.left + pad, lay.rule_y), (rect.right - pad, lay.rule_y), 1)
    font = assets.font("body", max(12, round(15 * s)))
    lh = font.get_linesize()
    old = surface.get_clip()
    surface.set_clip(area)
    y = area.top
    for k, (line, first) in enumerate(lay.lines):
        newest = lay.scroll == 0 and k >= len(lay.lines) - 3
        colour = INK if newest else MUTED
        if line.startswith(("A masked ball", "Decade", "The game is over")):
            colour = pygame.Color(OXBLOOD)
        turn_of = next((i for i, n in enumerate(pc.names) if first and line == f"{n}'s turn."), -1)
        if turn_of >= 0:  # a new turn: a hairline, the player's crest and name in the heading face
            pygame.draw.line(surface, RULE, (area.left, y + 1), (area.right - round(6 * s), y + 1), 1)
            d = max(8, lh - round(4 * s))
            draw_crest_badge(surface, (area.left + d // 2, y + lh // 2 + 1), d, pc.styles[turn_of])
            img = assets.font("heading", max(12, round(15 * s))).render(line, True, colour)
            surface.blit(img, (area.left + d + round(4 * s), y + 1))
        else:
            img = font.render(line, True, colour)
            surface.blit(img, (area.left + (0 if first else round(8 * s)), y))
        y += lh
    surface.set_clip(old)
    if lay.max_scroll:
        visible = max(1, area.height // lh)
        frac = 1 - lay.scroll / lay.max_scroll
        bar_h = max(round(20 * s), area.height * visible // max(1, lay.total + (20 if lay.more else 0)))
        by = area.top + int((area.height - bar_h) * frac)
        pygame.draw.rect(surface, RULE, (rect.right - round(6 * s), by, round(3 * s), bar_h), border_radius=2)
