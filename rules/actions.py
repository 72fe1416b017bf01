"""Atomic actions: frozen, hashable values with a readable text form and its parser.

Each compound move of the rulebook is a sequence of these ("place grove at 2,-1", "place field at 3,-1",
"finish expanding"), so the GUI maps one gesture to one action and bots search a small branching factor.
`parse_action(str(action)) == action` for every action.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

import attrs

from rules.model import Building, Card, Folly, Pos, TileType

_T = TypeVar("_T")


def _pos(p: Pos) -> str:
    return f"{p[0]},{p[1]}"


@attrs.frozen
class ChooseStartTiles:
    """R-SETUP-5: 0-3 tiles of each type, counts in TileType order."""

    counts: tuple[int, int, int, int]

    def __str__(self) -> str:
        parts = " ".join(f"{t.label}={n}" for t, n in zip(TileType, self.counts, strict=True))
        return f"start tiles {parts}"


@attrs.frozen
class KeepCard:
    card: Card

    def __str__(self) -> str:
        return f"keep {self.card.label}"


@attrs.frozen
class KeepAllWithIntrigue:
    """R-CARD-4: hand in a held Intrigue to keep all offered cards."""

    def __str__(self) -> str:
        return "keep all with intrigue"


@attrs.frozen
class PlaceTile:
    tile: TileType
    pos: Pos

    def __str__(self) -> str:
        return f"place {self.tile.label} at {_pos(self.pos)}"


@attrs.frozen
class ChooseRegion:
    """R-LAND-3: which of several completable squares forms (its top-left tile)."""

    anchor: Pos

    def __str__(self) -> str:
        return f"region at {_pos(self.anchor)}"


@attrs.frozen
class FinishExpanding:
    def __str__(self) -> str:
        return "finish expanding"


@attrs.frozen
class BuildCastle:
    pos: Pos

    def __str__(self) -> str:
        return f"build castle at {_pos(self.pos)}"


@attrs.frozen
class BuildPalace:
    """R-ACT-B3: replaces the castle at `pos`."""

    pos: Pos

    def __str__(self) -> str:
        return f"build palace at {_pos(self.pos)}"


@attrs.frozen
class BuildChapel:
    pos: Pos

    def __str__(self) -> str:
        return f"build chapel at {_pos(self.pos)}"


@attrs.frozen
class BuildFolly:
    folly: Folly
    pos: Pos

    def __str__(self) -> str:
        return f"build {self.folly.label} at {_pos(self.pos)}"


@attrs.frozen
class PlaceKnight:
    """R-ACT-B2: a knight from supply onto region `region` of seat `owner`."""

    owner: int
    region: int

    def __str__(self) -> str:
        return f"knight to {self.owner}:{self.region}"


@attrs.frozen
class MoveKnight:
    """R-ACT-B2: with no knight in supply, move one from another estate."""

    from_owner: int
    from_region: int
    owner: int
    region: int

    def __str__(self) -> str:
        return f"knight from {self.from_owner}:{self.from_region} to {self.owner}:{self.region}"


@attrs.frozen
class SkipKnight:
    def __str__(self) -> str:
        return "no knight"


@attrs.frozen
class GiveTiles:
    """R-ACT-B2: the forest owner's choice of the tiles he gives (sorted)."""

    tiles: tuple[TileType, ...]

    def __str__(self) -> str:
        return "give " + ",".join(t.label for t in self.tiles)


@attrs.frozen
class Bribe:
    count: int

    def __str__(self) -> str:
        return f"bribe {self.count}"


@attrs.frozen
class CollectTaxes:
    bribes_back: int

    def __str__(self) -> str:
        return f"collect taxes returning {self.bribes_back}"


@attrs.frozen
class AcquireLand:
    bribes_back: int

    def __str__(self) -> str:
        return f"acquire land returning {self.bribes_back}"


@attrs.frozen
class Donate:
    tile: TileType

    def __str__(self) -> str:
        return f"donate {self.tile.label}"


@attrs.frozen
class FinishDonating:
    def __str__(self) -> str:
        return "finish donating"


@attrs.frozen
class Leisure:
    def __str__(self) -> str:
        return "leisure"


@attrs.frozen
class PlayCard:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card.label}"


@attrs.frozen
class InheritCastle:
    """R-CARD-3: where the free castle goes."""

    pos: Pos

    def __str__(self) -> str:
        return f"inherit castle at {_pos(self.pos)}"


@attrs.frozen
class ReturnTile:
    """R-CARD-11: one tile into the bag for 1 VP."""

    tile: TileType

    def __str__(self) -> str:
        return f"return {self.tile.label}"


@attrs.frozen
class FinishVicar:
    def __str__(self) -> str:
        return "finish returning"


@attrs.frozen
class Trade:
    """R-TURN-3: two tiles (sorted) for one of the bag."""

    give: tuple[TileType, TileType]
    take: TileType

    def __str__(self) -> str:
        return f"trade {self.give[0].label},{self.give[1].label} for {self.take.label}"


@attrs.frozen
class EndTurn:
    def __str__(self) -> str:
        return "end turn"


@attrs.frozen
class HandBackBribe:
    def __str__(self) -> str:
        return "hand back bribe"


@attrs.frozen
class HandBackCard:
    card: Card

    def __str__(self) -> str:
        return f"hand back {self.card.label}"


@attrs.frozen
class PlacePrestige:
    def __str__(self) -> str:
        return "place prestige"


Action = (
    ChooseStartTiles | KeepCard | KeepAllWithIntrigue | PlaceTile | ChooseRegion | FinishExpanding
    | BuildCastle | BuildPalace | BuildChapel | BuildFolly | PlaceKnight | MoveKnight | SkipKnight
    | GiveTiles | Bribe | CollectTaxes | AcquireLand | Donate | FinishDonating | Leisure | PlayCard
    | InheritCastle | ReturnTile | FinishVicar | Trade | EndTurn | HandBackBribe | HandBackCard
    | PlacePrestige
)


class ActionParseError(ValueError):
    """Text that is not the text form of any action."""


_TILES = {t.label: t for t in TileType}
_CARDS = {c.label: c for c in Card}
_FOLLIES = {f.label: f for f in Folly}
_NUM = r"(-?\d{1,6})"
_POS = _NUM + "," + _NUM
_WORD = r"([a-z-]+)"

_SIMPLE: dict[str, Action] = {
    "keep all with intrigue": KeepAllWithIntrigue(),
    "finish expanding": FinishExpanding(),
    "no knight": SkipKnight(),
    "finish donating": FinishDonating(),
    "leisure": Leisure(),
    "finish returning": FinishVicar(),
    "end turn": EndTurn(),
    "hand back bribe": HandBackBribe(),
    "place prestige": PlacePrestige(),
}


_BUILDING_OF = {BuildCastle: Building.CASTLE, BuildPalace: Building.PALACE, BuildChapel: Building.CHAPEL}


def building_of(action: Action) -> Building | None:
    """The building a castle, palace or chapel action builds (None for any other action, follies included)."""
    return _BUILDING_OF.get(type(action))


def _lookup(table: dict[str, _T], word: str, text: str) -> _T:
    try:
        return table[word]
    except KeyError:
        raise ActionParseError(f"unknown name {word!r} in action {text!r}") from None


def _p(m: re.Match, i: int) -> Pos:
    return (int(m.group(i)), int(m.group(i + 1)))


_PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str], str], Action]]] = [
    (re.compile(r"start tiles field=(\d) fountain=(\d) grove=(\d) meadow=(\d)"),
     lambda m, t: ChooseStartTiles((int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4))))),
    (re.compile(r"keep " + _WORD), lambda m, t: KeepCard(_lookup(_CARDS, m.group(1), t))),
    (re.compile(r"place " + _WORD + " at " + _POS), lambda m, t: PlaceTile(_lookup(_TILES, m.group(1), t), _p(m, 2))),
    (re.compile(r"region at " + _POS), lambda m, t: ChooseRegion(_p(m, 1))),
    (re.compile(r"build castle at " + _POS), lambda m, t: BuildCastle(_p(m, 1))),
    (re.compile(r"build palace at " + _POS), lambda m, t: BuildPalace(_p(m, 1))),
    (re.compile(r"build chapel at " + _POS), lambda m, t: BuildChapel(_p(m, 1))),
    (re.compile(r"build (folly-[a-z]+) at " + _POS),
     lambda m, t: BuildFolly(_lookup(_FOLLIES, m.group(1), t), _p(m, 2))),
    (re.compile(r"knight to (\d):(\d{1,3})"), lambda m, t: PlaceKnight(int(m.group(1)), int(m.group(2)))),
    (re.compile(r"knight from (\d):(\d{1,3}) to (\d):(\d{1,3})"),
     lambda m, t: MoveKnight(*(int(m.group(i)) for i in range(1, 5)))),
    (re.compile(r"give ([a-z]+(?:,[a-z]+)?)"),
     lambda m, t: GiveTiles(tuple(_lookup(_TILES, w, t) for w in m.group(1).split(",")))),
    (re.compile(r"bribe (\d{1,2})"), lambda m, t: Bribe(int(m.group(1)))),
    (re.compile(r"collect taxes returning (\d{1,2})"), lambda m, t: CollectTaxes(int(m.group(1)))),
    (re.compile(r"acquire land returning (\d{1,2})"), lambda m, t: AcquireLand(int(m.group(1)))),
    (re.compile(r"donate " + _WORD), lambda m, t: Donate(_lookup(_TILES, m.group(1), t))),
    (re.compile(r"play " + _WORD), lambda m, t: PlayCard(_lookup(_CARDS, m.group(1), t))),
    (re.compile(r"inherit castle at " + _POS), lambda m, t: InheritCastle(_p(m, 1))),
    (re.compile(r"return " + _WORD), lambda m, t: ReturnTile(_lookup(_TILES, m.group(1), t))),
    (re.compile(r"trade ([a-z]+),([a-z]+) for ([a-z]+)"),
     lambda m, t: Trade((_lookup(_TILES, m.group(1), t), _lookup(_TILES, m.group(2), t)),
                        _lookup(_TILES, m.group(3), t))),
    (re.compile(r"hand back " + _WORD), lambda m, t: HandBackCard(_lookup(_CARDS, m.group(1), t))),
]


def parse_action(text: str) -> Action:
    """The action whose text form is `text`; ActionParseError otherwise."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action must be text, not {type(text).__name__}")
    if len(text) > 80:
        raise ActionParseError(f"action text too long ({len(text)} characters)")
    if text in _SIMPLE:
        return _SIMPLE[text]
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return build(m, text)
    raise ActionParseError(f"not an action: {text!r}")
