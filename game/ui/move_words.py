"""A move in words: a player's whole turn (or the hand-backs at a ball, or one step) as the coach names it,
"Expand: 2 groves and a field; play Dowry", in the language spoken."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import _, and_list, ngettext
from game.ui.event_words import tile_words, tiles_in_words
from game.ui.pieces import CARD_NAMES, FOLLY_NEEDS_TEXT
from rules import (
    AcquireLand,
    Action,
    Bribe,
    BuildCastle,
    BuildChapel,
    BuildFolly,
    BuildPalace,
    ChooseRegion,
    ChooseStartTiles,
    CollectTaxes,
    Donate,
    EndTurn,
    FinishDonating,
    FinishExpanding,
    FinishVicar,
    GiveTiles,
    HandBackBribe,
    HandBackCard,
    InheritCastle,
    KeepAllWithIntrigue,
    KeepCard,
    Leisure,
    MoveKnight,
    PlaceKnight,
    PlacePrestige,
    PlaceTile,
    PlayCard,
    ReturnTile,
    SkipKnight,
    TileType,
    Trade,
)


def move_words(line: Sequence[Action], names: Sequence[str] = ()) -> str:
    """The move ``line`` makes, in a short phrase, its parts in the order they are played (the tiles placed
    in one go, the tiles donated, the hand-backs at a ball, the trades each told once, where the first is); the first
    letter upper case."""
    parts: list[str] = []
    placed = [a.tile for a in line if isinstance(a, PlaceTile)]
    donated = [a.tile for a in line if isinstance(a, Donate)]
    trades = [a for a in line if isinstance(a, Trade)]
    told: set[type] = set()
    for a in line:
        kind = type(a)
        if kind in told:
            continue
        if isinstance(a, PlaceTile):
            parts.append(_("expand: {tiles}").format(tiles=tiles_in_words(placed)))
        elif isinstance(a, Donate):
            parts.append(_("donate {tiles} to the church").format(tiles=tiles_in_words(donated)))
        elif isinstance(a, HandBackBribe | HandBackCard | PlacePrestige):
            parts.append(_hand_backs(line))
            told.update({HandBackBribe, HandBackCard, PlacePrestige})
        elif isinstance(a, Trade):  # each told: what it gives and what it takes (R-TURN-3)
            parts += [_("trade {given} for {taken}").format(given=tiles_in_words(t.give),
                                                             taken=tiles_in_words([t.take])) for t in trades]
        elif isinstance(a, FinishExpanding) and not placed:  # the tiles placed before: the step still to take
            parts.append(_("finish the expansion"))
        elif isinstance(a, PlayCard):
            parts.append(_("play {card}").format(card=CARD_NAMES[a.card]))
            continue  # each card played is told
        elif _one(a):
            parts.append(_one(a))
        told.add(kind)
    if not parts:
        parts = [_("End the turn")] if any(isinstance(a, EndTurn) for a in line) else [_step(line[0], names)]
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def _one(a: Action) -> str:
    if isinstance(a, BuildCastle):
        return _("build a castle")
    if isinstance(a, BuildPalace):
        return _("build a palace")
    if isinstance(a, BuildChapel):
        return _("build a chapel")
    if isinstance(a, BuildFolly):
        return _("build the folly of {needs}").format(needs=FOLLY_NEEDS_TEXT[a.folly])
    if isinstance(a, Bribe):
        return ngettext("bribe once", "bribe {n} times", a.count).format(n=a.count)
    if isinstance(a, CollectTaxes):
        return _("collect taxes")
    if isinstance(a, AcquireLand):
        return _("acquire land")
    if isinstance(a, Leisure):
        return _("leisure")
    return ""


def _hand_backs(line: Sequence[Action]) -> str:
    bribes = sum(isinstance(a, HandBackBribe) for a in line)
    cards = [CARD_NAMES[a.card] for a in line if isinstance(a, HandBackCard)]
    if not bribes and not cards:
        return _("hand back nothing at the ball")
    given = ([ngettext("a bribe", "{n} bribes", bribes).format(n=bribes)] if bribes else []) + cards
    return _("hand back {things} at the ball").format(things=", ".join(given))


def _step(a: Action, names: Sequence[str]) -> str:
    """One step outside a turn's main action."""
    if isinstance(a, KeepCard):
        return _("keep {card}").format(card=CARD_NAMES[a.card])
    if isinstance(a, KeepAllWithIntrigue):
        return _("keep all three cards with Intrigue")
    if isinstance(a, PlaceKnight | MoveKnight):
        owner = names[a.owner] if a.owner < len(names) else "?"
        return _("send your knight to {player}'s estate").format(player=owner)
    if isinstance(a, SkipKnight):
        return _("send no knight")
    if isinstance(a, GiveTiles):
        return _("give {tiles}").format(tiles=tiles_in_words(a.tiles))
    if isinstance(a, ReturnTile):
        return _("return {tiles} to the bag").format(tiles=tiles_in_words([a.tile]))
    if isinstance(a, InheritCastle):
        return _("place the inherited castle")
    if isinstance(a, ChooseStartTiles):
        taken = [tile_words(t, n) for t, n in zip(TileType, a.counts, strict=True) if n]
        if not taken:
            return _("draw all your starting tiles at random")
        return _("take {tiles} to start").format(tiles=and_list(taken))
    if isinstance(a, ChooseRegion):
        return _("choose this region")
    if isinstance(a, FinishExpanding | FinishDonating | FinishVicar):
        return _("finish this step")
    return _("hand back nothing at the ball") if isinstance(a, PlacePrestige) else _("this move")
