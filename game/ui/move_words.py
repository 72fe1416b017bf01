"""A move in words: a player's whole turn (or the hand-backs at a ball, or one step) as the coach names it,
"Expand: 2 groves and a field; play Dowry", in the language spoken; two moves that read alike but place their tiles
or buildings elsewhere say where each does ("…, at the top left of your estate")."""

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
    Estate,
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
from rules.bots import same_move


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


def moves_apart(line: Sequence[Action], other: Sequence[Action], estate: Estate | None,
                names: Sequence[str] = ()) -> tuple[str, str]:
    """The words of two moves of one decision; where they read the same but are not the same move (tiles placed or
    buildings sited elsewhere), each says where, as the mover's ``estate`` shows it before them."""
    mine, theirs = move_words(line, names), move_words(other, names)
    if mine != theirs or estate is None or same_move(line, other):
        return mine, theirs
    apart = _where_apart(_sites(line), _sites(other), estate)
    if apart is None:
        return mine, theirs
    return (_("{move}, {where}").format(move=mine, where=apart[0]),
            _("{move}, {where}").format(move=theirs, where=apart[1]))


def _sites(line: Sequence[Action]) -> list[tuple[int, int]]:
    return [a.pos for a in line if isinstance(a, PlaceTile | BuildCastle | BuildChapel | BuildPalace | BuildFolly
                                              | InheritCastle)]


def _where_apart(mine: list[tuple[int, int]], theirs: list[tuple[int, int]],
                 estate: Estate) -> tuple[str, str] | None:
    """Where the cells one move uses and the other does not lie: in which part of the estate (its thirds across and
    down, as shown), or, both in the same part, which lies further which way."""
    only_mine = [p for p in mine if p not in theirs]
    only_theirs = [p for p in theirs if p not in mine]
    if not only_mine or not only_theirs:
        return None
    here, there = _centre(only_mine), _centre(only_theirs)
    cells = list(estate.tiles) or [(0, 0)]
    xs, ys = [x for x, _y in cells], [y for _x, y in cells]
    part_here = (_third(here[0], min(xs), max(xs)), _third(here[1], min(ys), max(ys)))
    part_there = (_third(there[0], min(xs), max(xs)), _third(there[1], min(ys), max(ys)))
    if part_here != part_there:
        return _part(*part_here), _part(*part_there)
    dx, dy = there[0] - here[0], there[1] - here[1]
    if dx == dy == 0:
        return None
    if abs(dx) >= abs(dy):
        return (_("further left"), _("further right")) if dx > 0 else (_("further right"), _("further left"))
    return (_("higher up"), _("lower down")) if dy > 0 else (_("lower down"), _("higher up"))


def _centre(cells: list[tuple[int, int]]) -> tuple[float, float]:
    return sum(x for x, _y in cells) / len(cells), sum(y for _x, y in cells) / len(cells)


def _third(value: float, low: int, high: int) -> int:
    """0, 1 or 2: in the first, middle or last third of the cells from ``low`` to ``high`` (beyond them: the
    nearer third)."""
    share = (value - low + 0.5) / (high - low + 1)
    return 0 if share < 1 / 3 else 2 if share > 2 / 3 else 1


def _part(across: int, down: int) -> str:
    """A part of the estate as shown (y grows down)."""
    words = {
        (0, 0): _("at the top left of your estate"), (1, 0): _("at the top of your estate"),
        (2, 0): _("at the top right of your estate"), (0, 1): _("on the left of your estate"),
        (1, 1): _("in the middle of your estate"), (2, 1): _("on the right of your estate"),
        (0, 2): _("at the bottom left of your estate"), (1, 2): _("at the bottom of your estate"),
        (2, 2): _("at the bottom right of your estate"),
    }
    return words[(across, down)]
