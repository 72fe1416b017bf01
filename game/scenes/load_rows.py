"""The Load screen's rows laid out before they are drawn (game.scenes.saves): each save's name, date, place in the
game and every player's score, in as many lines as they take at the text size, so that a row is as tall as its
words and nothing is cut."""

from __future__ import annotations

from typing import Any

import attrs

from game.i18n import _, name_and_count
from game.persist import saves
from game.ui import assets, widgets
from game.ui.theme import GOLD_DARK, INK, MUTED, OXBLOOD, ROYAL_BLUE


@attrs.frozen
class Word:
    """A piece of a Load row's words: its text and where it goes from the row's box's top left; ``dot``: a
    player's colour drawn before it, ``crown``: the winner's crown after it."""

    text: str
    role: str
    size: int
    colour: Any
    at: tuple[int, int]
    dot: str | None = None
    crown: bool = False


@attrs.frozen
class RowPlan:
    words: tuple[Word, ...]
    height: int  # the row's, with the gap to the next


def row_plan(entry: saves.SaveInfo, when: str, width: int, s: float) -> RowPlan:
    """A Load row's words placed in ``width`` (``when``: the date it was saved, in words): the name (in lines of
    whole words) with the date on its right, then the place in the game and each player's score, in as many lines
    as they take; nothing is cut."""
    pad, gap = round(20 * s), round(18 * s)
    right = width - pad
    words: list[Word] = []
    when_size, name_size, small = round(18 * s), round(25 * s), round(16 * s)
    when_w = assets.font("italic", when_size).size(when)[0]
    name_font = assets.font("heading", name_size)
    y = round(5 * s)
    words.append(Word(when, "italic", when_size, MUTED, (right - when_w, y + round(4 * s))))
    for line in widgets.wrap(entry.name, name_font, right - when_w - gap - pad, break_words=True):
        words.append(Word(line, "heading", name_size, INK, (pad, y)))
        y += name_font.get_linesize()
    y += round(2 * s)
    font = assets.font("ui", small)
    if entry.error is not None or entry.summary is None:
        message = entry.error or _("An older game record: its details show once it is loaded.")
        for line in widgets.wrap(message, font, right - pad, break_words=True):
            words.append(Word(line, "ui", small, OXBLOOD if entry.error else MUTED, (pad, y)))
            y += font.get_linesize()
    else:
        summary = entry.summary
        words.append(Word(summary.where, "ui", small, OXBLOOD if summary.over else ROYAL_BLUE, (pad, y)))
        x = pad + font.size(summary.where)[0] + round(22 * s)
        best = max(summary.scores) if summary.over else None
        dot = 2 * max(4, round(6 * s)) + round(6 * s)
        for i, (name, score) in enumerate(zip(summary.players, summary.scores, strict=False)):
            # "Normal 1: 14", not "Normal 1 14": a name may end in a number
            label = name_and_count(name, score)
            crown = score == best
            need = dot + font.size(label)[0] + (round(24 * s) if crown else 0)
            if x > pad and x + need > right:  # the next line
                x, y = pad, y + font.get_linesize()
            colour = entry.colours[i] if i < len(entry.colours) else "#6B5B45"
            words.append(Word(label, "ui", small, GOLD_DARK if crown else INK, (x, y), dot=colour, crown=crown))
            x += need + gap
        y += font.get_linesize()
    return RowPlan(tuple(words), max(round(66 * s), y + round(5 * s) + round(6 * s)))
