"""Why a move is good, in the game's terms: what the move does and what it brings at the next ball and the next
building scoring, from the mover's view only.

The move is played on one world sampled from the view (rules/bots/determinize.py, a fixed seed, so the same view
and move always give the same reasons), up to the end of the mover's part (a turn's EndTurn is left out, so a
ball or scoring it would trigger is still ahead). The engine's events and the state before and after give the
reasons: a region completed (R-ACT-A2), a folly's VP (R-ACT-B5), the Queen (R-TURN-4), money, tiles, VP, a
knight (R-ACT-B2), a castle or palace enclosed before the building scoring (R-SCORE), the title the mover's
prestige reaches at the next ball against what the others are expected to reach (R-BALL-2, R-BALL-3), a card
kept and what it plays for (R-CARD). Amounts that hang on another player's hidden screen (a knight's take) are
the rule's, never the sampled world's. A promise about the future is made only for what the position still allows
(rules/bots/evaluate.py: the building scorings, balls, tax collections, land acquisitions and turns left): no
prestige at balls once none is left, no income at taxes the mover can no longer collect, no Queen on the
queen-lock space, no tiles or squares for a game about to end.

A reason is a value, never a sentence: the game words it (game/ui/reason_words.py). ``explain(view, suggestion)``
gives the reasons of a hint with its margin; ``reasons_for(view, line)`` those of any line (the review's).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from rules import actions as A
from rules import board
from rules.bots.determinize import determinize
from rules.bots.evaluate import (
    forecast_title,
    land_left,
    later_turn,
    scorings_in_reach,
    scorings_left,
    taxes_left,
)
from rules.bots.squares import open_squares
from rules.engine import apply_unchecked
from rules.estate import EIGHT
from rules.events import Cause, Event, EventKind
from rules.flow import balls_left, base_prestige, card_prestige, queen_locked
from rules.legal import follies_allowed, legal_actions
from rules.model import Building, Card, Decision, RegionKind, TileType, Title, VPSource
from rules.observer import PlayerView
from rules.state import GameState

if TYPE_CHECKING:  # pragma: no cover - typing only
    from rules.bots.hint import Suggestion

E = EventKind
#: the world a move is explained on is sampled with this seed: the same view and move, the same reasons
WORLD_SEED = 0
#: reasons given at most for one move, the weightiest first
MOST_REASONS = 3


class Gain(enum.Enum):
    """What a move brings; the order is the order of weight in which reasons are told."""

    # a trade (R-TURN-3): what the tile taken is for; amount 1 when it is placed this turn (what the placing brings
    # is told by the reasons after it), else kept behind the screen, region the kind of square lacking only that tile
    TRADE = "trade"
    FOLLY = "folly"  # a folly built: amount = its VP (R-ACT-B5)
    TITLE = "title"  # the title reached at the next ball: title, amount = VP more than without the move
    HAND_BACK = "hand back"  # at a ball: count bribes and cards handed back for prestige; the title, amount VP
    # at a ball: nothing handed back, no better title within reach; amount the balls after this one; what is kept:
    # count bribe markers and cards scandal cards
    KEEP_FOR_LATER = "keep for later"
    # a castle or palace enclosed (building) or a chapel beside one: amount VP at each of the count scorings left
    SCORING = "scoring"
    # count regions of a kind completed (R-ACT-A2); amount the tax collections (farm), land acquisitions (forest) or
    # balls (garden) left to the mover where each brings its income again (R-ACT-D1, R-ACT-E1, R-BALL-2)
    REGION = "region"
    QUEEN = "queen"  # the Queen comes to the mover (R-TURN-4)
    FOLLY_READY = "folly ready"  # the regions a folly needs are now in the estate: amount its VP
    KNIGHT = "knight"  # a knight sent to seat's region of a kind (R-ACT-B2); amount as a region's
    PALACE = "palace"  # a palace: amount prestige at every ball (R-BALL-2), while a ball is to come
    VP = "vp"  # amount VP now, from source (and card, when a card gave them)
    # a card kept: what it plays for, while it still can (R-CARD); or count cards kept with Intrigue (R-CARD-4)
    CARD = "card"
    MONEY = "money"  # amount £ now, by cause (taxes, fields and farms, Tribute)
    TILES = "tiles"  # amount tiles now, by cause (land, groves and forests, Dowry), while a turn is left to use them
    BRIBES = "bribes"  # amount bribe markers taken, to hand back at a ball for prestige (while one is to come)
    CASTLE = "castle"  # a castle built or inherited: amount VP at each of count scorings it can still be enclosed for
    # a chapel built: a scandal card (R-ACT-B4), and amount VP at each of count scorings the open castles and palaces
    # beside it can still be enclosed for
    CHAPEL = "chapel"
    EXPAND_AGAIN = "expand again"  # Cunning Stroke: another expansion this turn (R-CARD-9)
    SQUARE = "square"  # count squares of region kind one tile short of forming (while a turn is left to form them)
    ENCLOSING = "enclosing"  # a castle or palace closer to enclosed: amount of its 8 squares now filled
    GIVE_LEAST = "give least"  # a knight's due paid in the tiles the estate needs least
    START = "start"  # starting tiles: count of them chosen, amount drawn at random (R-SETUP-5)
    POSITION = "position"  # none of the above: the best for the position by the coach's reckoning


ORDER = {gain: i for i, gain in enumerate(Gain)}


@attrs.frozen
class Reason:
    """One reason, as data: ``gain`` says what, the other fields how much and of what (only those it uses)."""

    gain: Gain
    amount: int = 0
    count: int = 0
    prestige: int = 0
    region: RegionKind | None = None
    building: Building | None = None
    title: Title | None = None
    card: Card | None = None
    cause: Cause | None = None
    source: VPSource | None = None
    seat: int = -1
    cards: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The plain form (a review's JSON): the gain and the fields it sets, enums by their labels."""
        out: dict[str, Any] = {"gain": self.gain.value}
        for field in attrs.fields(Reason)[1:]:
            value = getattr(self, field.name)
            if value != field.default:
                out[field.name] = value.name.lower() if isinstance(value, enum.Enum) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Reason:
        """From ``to_dict``; ValueError/KeyError/TypeError for anything else."""
        enums = {"region": RegionKind, "building": Building, "title": Title, "card": Card, "cause": Cause,
                 "source": VPSource}
        values: dict[str, Any] = {"gain": Gain(data["gain"])}
        for key, value in data.items():
            if key == "gain":
                continue
            if key in enums:
                values[key] = enums[key][str(value).upper()]
            elif key in ("amount", "count", "prestige", "seat", "cards") and type(value) is int:
                values[key] = value
            else:
                raise ValueError(f"not a field of a reason: {key}={value!r}")
        return cls(**values)


@attrs.frozen
class Explanation:
    """Why a hint's move: its reasons, and, when moves were raced, how much better it scored than the runner-up
    (the playouts' VP plus the evaluation of what they held) and what the runner-up was."""

    reasons: tuple[Reason, ...]
    margin: float | None = None
    runner_up: tuple[A.Action, ...] = ()
    compared: int = 1


def explain(view: PlayerView, suggestion: Suggestion) -> Explanation:
    """The reasons for ``suggestion`` (a hint found from ``view``) and its margin over the runner-up."""
    reasons = reasons_for(view, suggestion.line)
    if suggestion.margin is None or not suggestion.runner_up or suggestion.runner_up == suggestion.line:
        return Explanation(reasons)
    return Explanation(reasons, suggestion.margin, suggestion.runner_up, suggestion.compared)


def reasons_for(view: PlayerView, line: Sequence[A.Action]) -> tuple[Reason, ...]:
    """Why ``line`` (the mover's actions from the view's pending decision) is good, the weightiest first."""
    if not line:
        return (Reason(Gain.POSITION),)
    before = determinize(view, random.Random(WORLD_SEED))
    seat = view.seat
    after, events = _played(before, seat, line)
    if before.step == Decision.BALL_SPEND:
        found = _ball_reasons(before, after, seat, line)
    else:
        found = [*_event_reasons(after, events, seat, line), *_state_reasons(before, after, seat, events)]
        found += _step_reasons(before, after, seat, line)
        found += _trade_reasons(after, seat, line)
    found.sort(key=lambda r: ORDER[r.gain])
    return tuple(found[:MOST_REASONS]) or (Reason(Gain.POSITION),)


def _played(world: GameState, seat: int, line: Sequence[A.Action]) -> tuple[GameState, list[Event]]:
    """``world`` after the mover's part of ``line`` (while it stays legal; not the turn's EndTurn nor, at a ball,
    the marker placed) and the events it made."""
    state = world.copy(keep_history=False)
    events: list[Event] = []
    for action in line:
        if isinstance(action, A.EndTurn | A.PlacePrestige) or state.decider != seat:
            break
        if action not in legal_actions(state):
            break
        events += apply_unchecked(state, action)
    return state, events


# -- what the move does ----------------------------------------------------------------------------------------
def _event_reasons(after: GameState, events: list[Event], seat: int, line: Sequence[A.Action]) -> list[Reason]:
    """What the events say the move brings, each for what it still brings in the position after it: the income a
    region or a knight promises only at the tax collections, land acquisitions and balls the mover has left, the
    tiles drawn only while the mover has a turn to use them, bribes only while a ball is to come."""
    out: list[Reason] = []
    balls, later = balls_left(after), later_turn(after, seat)
    income = {RegionKind.FARM: taxes_left(after, seat), RegionKind.FOREST: land_left(after, seat),
              RegionKind.GARDEN: balls}
    regions = [e.region for e in events if e.kind == E.REGION_FORMED and e.seat == seat and e.region is not None]
    for kind in RegionKind:
        if kind in regions and _still_brings(kind, income[kind], later):
            out.append(Reason(Gain.REGION, amount=income[kind], count=regions.count(kind), region=kind))
    if any(e.kind == E.QUEEN_MOVED and e.seat == seat for e in events):
        out.append(Reason(Gain.QUEEN))
    for e in events:
        if e.kind == E.KNIGHT_PLACED and e.seat == seat and e.region is not None:
            if _still_brings(e.region, income[e.region], later):
                out.append(Reason(Gain.KNIGHT, amount=income[e.region], region=e.region, seat=e.other))
        elif e.kind == E.BUILT and e.seat == seat and e.building == Building.CASTLE and e.pos is not None:
            scorings = scorings_in_reach(after, seat, e.pos)  # none: it scores nothing, and nothing is promised
            if scorings:
                out.append(Reason(Gain.CASTLE, amount=board.CASTLE_SCORE, count=scorings))
        elif e.kind == E.BUILT and e.seat == seat and e.building == Building.PALACE and balls:
            out.append(Reason(Gain.PALACE, amount=board.PALACE_PRESTIGE))
        elif e.kind == E.BUILT and e.seat == seat and e.building == Building.CHAPEL and e.pos is not None:
            out.append(_chapel(after, seat, e.pos))
    for cause in (Cause.TAXES, Cause.EXPANDING, Cause.TRIBUTE):
        money = sum(e.amount for e in events if e.kind == E.MONEY_GAINED and e.seat == seat and e.cause == cause)
        if money:
            out.append(Reason(Gain.MONEY, amount=money, cause=cause))
    for cause in (Cause.LAND, Cause.EXPANDING, Cause.DOWRY):
        tiles = sum(e.amount for e in events if e.kind == E.TILES_DRAWN and e.seat == seat and e.cause == cause)
        if tiles and later:  # a tile held at the game's end is worth nothing (R-END)
            out.append(Reason(Gain.TILES, amount=tiles, cause=cause))
    bribes = sum(e.amount for e in events if e.kind == E.BRIBES_TAKEN and e.seat == seat)
    if bribes and balls:
        out.append(Reason(Gain.BRIBES, amount=bribes))
    if A.PlayCard(Card.CUNNING_STROKE) in line:
        out.append(Reason(Gain.EXPAND_AGAIN, card=Card.CUNNING_STROKE))
    return out


def _still_brings(kind: RegionKind, income: int, later: bool) -> bool:
    """A region completed, or a knight sent to one, still brings something: a farm its money now (at the end it
    breaks a tie, R-END-2), a forest its tiles while the mover has a turn to use them, a garden its prestige while a
    ball is to come (the Queen it may bring is a reason of her own, never promised: R-ROUND-3)."""
    if kind == RegionKind.FARM:
        return True
    return later if kind == RegionKind.FOREST else income > 0


def _chapel(after: GameState, seat: int, pos: tuple[int, int]) -> Reason:
    """A chapel built (R-ACT-B4): its card, and what it adds to the castles and palaces beside it that are still
    open and can be enclosed for a building scoring (R-SCORE-1/2; an enclosed one's more is a scoring reason):
    amount VP at each of count scorings (the most of theirs)."""
    estate = after.players[seat].estate
    more = scorings = 0
    x, y = pos
    for dx, dy in EIGHT:
        there = (x + dx, y + dy)
        building = estate.buildings.get(there)
        if building not in (Building.CASTLE, Building.PALACE) or estate.enclosed(there):
            continue
        reach = scorings_in_reach(after, seat, there)
        if reach:
            more += board.CASTLE_CHAPEL_SCORE if building == Building.CASTLE else board.PALACE_CHAPEL_SCORE
            scorings = max(scorings, reach)
    return Reason(Gain.CHAPEL, amount=more, count=scorings)


def _state_reasons(before: GameState, after: GameState, seat: int, events: list[Event]) -> list[Reason]:
    """What the move changes for the mover that the events do not say: VP by source, the building scoring,
    the title at the next ball, follies within reach, squares about to form, castles closer to enclosed."""
    out: list[Reason] = []
    old, new = before.players[seat], after.players[seat]
    for source in VPSource:
        gained = new.vp_by_source[source] - old.vp_by_source[source]
        if gained <= 0:
            continue
        if source == VPSource.FOLLIES:
            out.append(Reason(Gain.FOLLY, amount=gained))
        else:
            card = _card_played(events, seat) if source == VPSource.CARDS else None
            out.append(Reason(Gain.VP, amount=gained, source=source, card=card))
    out += _scoring(before, after, seat)
    title = _title_change(before, after, seat)
    if title is not None:
        out.append(title)
    if not later_turn(after, seat):  # a folly within reach or a square near complete needs a turn to come
        return out
    ready = [f for f in follies_allowed(after, seat) if f not in follies_allowed(before, seat)]
    if ready and not any(r.gain == Gain.FOLLY for r in out):
        out.append(Reason(Gain.FOLLY_READY, amount=after.next_folly_vp()))
    out += _squares(before, after, seat)
    return out


def _card_played(events: list[Event], seat: int) -> Card | None:
    return next((e.card for e in events if e.kind == E.CARD_PLAYED and e.seat == seat), None)


def _scoring(before: GameState, after: GameState, seat: int) -> list[Reason]:
    """R-SCORE: a castle or palace newly enclosed (its VP at each scoring left), else a chapel or palace that adds
    to an enclosed one's score; else a castle or palace closer to enclosed."""
    old = {pos: (b, vp) for pos, b, vp in before.players[seat].estate.building_score()}
    new = {pos: (b, vp) for pos, b, vp in after.players[seat].estate.building_score()}
    scorings = scorings_left(after)
    out = [Reason(Gain.SCORING, amount=vp, count=scorings, building=b) for pos, (b, vp) in new.items()
           if pos not in old]
    more = sum(vp - old[pos][1] for pos, (_b, vp) in new.items() if pos in old)
    if more > 0:
        out.append(Reason(Gain.SCORING, amount=more, count=scorings))
    if out:
        return out
    estate_before, estate = before.players[seat].estate, after.players[seat].estate
    for pos, building in sorted(estate.buildings.items()):
        if building not in (Building.CASTLE, Building.PALACE) or estate.enclosed(pos):
            continue
        filled = _filled(estate.tiles, pos)
        # closer to enclosed only says something while a scoring can still count it
        if filled > _filled(estate_before.tiles, pos) and scorings_in_reach(after, seat, pos):
            out.append(Reason(Gain.ENCLOSING, amount=filled, building=building))
    return out[:1]


def _filled(tiles: dict, pos: tuple[int, int]) -> int:
    x, y = pos
    return sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy) and (x + dx, y + dy) in tiles)


def _squares(before: GameState, after: GameState, seat: int) -> list[Reason]:
    """Squares of each kind that now wait for one tile only (R-LAND-2), more than before."""
    old = before.players[seat].estate.memo("open_squares", open_squares)[0]
    new = after.players[seat].estate.memo("open_squares", open_squares)[0]
    out = []
    for tile, kind in ((0, RegionKind.FARM), (2, RegionKind.FOREST), (1, RegionKind.GARDEN)):
        if new[tile] > old[tile]:
            out.append(Reason(Gain.SQUARE, count=new[tile] - old[tile], region=kind))
    return out


#: the region a tile completes (a meadow completes none)
REGION_OF = {TileType.FIELD: RegionKind.FARM, TileType.GROVE: RegionKind.FOREST, TileType.FOUNTAIN: RegionKind.GARDEN}


def _trade_reasons(after: GameState, seat: int, line: Sequence[A.Action]) -> list[Reason]:
    """R-TURN-3: what each trade's tile is for: placed this turn, or kept behind the screen (for a square of the
    estate that lacks only that tile) while a turn is left to place it; a tile traded for and given to the church
    is told by the donation."""
    threes = after.players[seat].estate.memo("open_squares", open_squares)[0]
    out: list[Reason] = []
    for i, trade in enumerate(line):
        if not isinstance(trade, A.Trade):
            continue
        rest = line[i + 1:]
        kind = REGION_OF.get(trade.take)
        if any(isinstance(a, A.PlaceTile) and a.tile == trade.take for a in rest):
            reason = Reason(Gain.TRADE, amount=1)
        elif any(isinstance(a, A.Donate) and a.tile == trade.take for a in rest) or not later_turn(after, seat):
            continue  # a tile kept when no turn is left to place it is worth nothing (R-END)
        else:
            reason = Reason(Gain.TRADE, region=kind if kind is not None and threes[trade.take] > 0 else None)
        if reason not in out:
            out.append(reason)
    return out


# -- the next ball -----------------------------------------------------------------------------------------------
def _ball_ahead(state: GameState) -> bool:
    """A masked ball is still to come this decade (or is under way)."""
    return state.ball is not None or state.round_pos < max(board.BALL_SPACES)


def _expected(state: GameState, seat: int) -> int:
    """The prestige the mover can reach at the next ball: the base and all it could hand back (R-BALL-2)."""
    p = state.players[seat]
    return base_prestige(state, seat) + p.bribes * board.BRIBE_PRESTIGE + sum(card_prestige(c) for c in p.cards
                                                                                if c == Card.BLACKMAIL)


def _title_change(before: GameState, after: GameState, seat: int) -> Reason | None:
    """The better title the move lets the mover reach at the next ball, with the VP it adds (R-BALL-3, R-BALL-4)."""
    if not _ball_ahead(before):
        return None
    old = forecast_title(before, seat, _expected(before, seat))
    new = forecast_title(after, seat, _expected(after, seat))
    if new <= old:
        return None
    return Reason(Gain.TITLE, amount=board.TITLE_VP[new] - board.TITLE_VP[old], title=new)


def ball_outlook(state: GameState, seat: int, line: Sequence[A.Action]) -> tuple[int, Title]:
    """At a ball, ``seat`` deciding: the prestige its marker goes to with ``line``'s hand-backs, and the title
    that prestige is expected to take (the markers placed are known, the others' are estimated)."""
    ball = state.at_ball
    prestige = ball.base + ball.extra
    for action in line:
        if isinstance(action, A.HandBackBribe):
            prestige += board.BRIBE_PRESTIGE
        elif isinstance(action, A.HandBackCard):
            prestige += card_prestige(action.card)
    return prestige, forecast_title(state, seat, prestige)


def _ball_reasons(before: GameState, after: GameState, seat: int, line: Sequence[A.Action]) -> list[Reason]:
    """R-BALL-2..4: what the hand-backs buy at this ball, or why nothing is handed back."""
    bribes = sum(isinstance(a, A.HandBackBribe) for a in line)
    cards = sum(isinstance(a, A.HandBackCard) for a in line)
    prestige, title = ball_outlook(before, seat, line)
    _base, plain = ball_outlook(before, seat, ())
    if bribes or cards:
        gained = prestige - before.at_ball.base - before.at_ball.extra
        return [Reason(Gain.HAND_BACK, amount=board.TITLE_VP[title] - board.TITLE_VP[plain], count=bribes + cards,
                       prestige=gained, title=title)]
    p = before.players[seat]
    return [Reason(Gain.KEEP_FOR_LATER, amount=balls_left(before) - 1, count=p.bribes, cards=len(p.cards),
                   title=title)]


# -- other decisions -----------------------------------------------------------------------------------------------
def _step_reasons(before: GameState, after: GameState, seat: int, line: Sequence[A.Action]) -> list[Reason]:
    first = line[0]
    if isinstance(first, A.KeepCard):
        return [Reason(Gain.CARD, card=first.card)] if card_of_use(after, seat, first.card) else []
    if isinstance(first, A.KeepAllWithIntrigue):
        return [Reason(Gain.CARD, count=len(before.offered))]
    if isinstance(first, A.GiveTiles):
        return [Reason(Gain.GIVE_LEAST, count=len(first.tiles))]
    if isinstance(first, A.ChooseStartTiles):
        chosen = sum(first.counts)
        return [Reason(Gain.START, count=chosen, amount=board.START_TILES_TOTAL - chosen)]
    return []


def card_of_use(state: GameState, seat: int, card: Card) -> bool:
    """Whether a card the seat holds can still bring what it is kept for (R-CARD): Liaison at the game's end; Blackmail
    while a ball is to come (R-CARD-5); Intrigue at a card pick to come (a chapel in a turn to come, a new decade:
    R-CARD-4); any other when played, in this turn if its card is still to play or in one to come (R-TURN-2), and
    Inheritance while a castle is on the board or a new decade refills it (R-CARD-3, R-DEC-1), Whitehall off the
    queen-lock space (R-ROUND-3)."""
    if card == Card.LIAISON:
        return True
    if card == Card.BLACKMAIL:
        return balls_left(state) > 0
    later = later_turn(state, seat)
    if card == Card.INTRIGUE:
        return later
    playing_now = state.turn_seat == seat and state.step == Decision.TURN and not state.card_played
    if not (later or playing_now):
        return False
    if card == Card.INHERITANCE:
        return state.castles_board > 0 or state.decade < board.DECADES
    return card != Card.WHITEHALL or later or not queen_locked(state)
