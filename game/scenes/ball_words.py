"""The ball's cards in words: each prestige source counted, and what a player handed back."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _, ngettext
from game.ui.pieces import CARD_NAMES
from rules import Card, PrestigeSource

#: the art of each R-BALL-2 prestige source
SOURCE_ART = {
    PrestigeSource.FOUNTAINS: "tile-fountain",
    PrestigeSource.FREE_GARDENS: "region-garden",
    PrestigeSource.KNIGHTS_ON_GARDENS: "knight",
    PrestigeSource.PALACES: "building-palace",
}
#: each source counted in words, and shorter for a narrow card
SOURCE_WORDS: dict[PrestigeSource, Callable[[int], str]] = {
    PrestigeSource.FOUNTAINS: lambda n: ngettext("{n} fountain", "{n} fountains", n),
    PrestigeSource.FREE_GARDENS: lambda n: ngettext("{n} free garden", "{n} free gardens", n),
    PrestigeSource.KNIGHTS_ON_GARDENS: lambda n: ngettext("{n} knight on a garden", "{n} knights on gardens", n),
    PrestigeSource.PALACES: lambda n: ngettext("{n} palace", "{n} palaces", n),
}
SOURCE_SHORT: dict[PrestigeSource, Callable[[int], str]] = {
    **SOURCE_WORDS,
    PrestigeSource.FREE_GARDENS: lambda n: ngettext("{n} garden", "{n} gardens", n),
    PrestigeSource.KNIGHTS_ON_GARDENS: lambda n: ngettext("{n} knight", "{n} knights", n),
}


#: what a player handed back at this ball, as the card shows it: a bribe, a card (by name or unseen), or
#: an amount seen only on the track (a ball met half-way)
BRIBE, A_CARD, HANDED = "bribe", "card", "handed"


def handed_words(what: object, count: int) -> str:
    """"2 bribes", "Blackmail ×2": one kind of thing handed back, so many times."""
    if what == BRIBE:
        return ngettext("{n} bribe", "{n} bribes", count).format(n=count)
    label = CARD_NAMES[what] if isinstance(what, Card) else _("a scandal card") if what == A_CARD else _("handed back")
    return f"{label} ×{count}" if count > 1 else label
