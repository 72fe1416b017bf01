"""Hard's search: whole turns compared by playing the game on to its next scoring, many times, from its view.

At the start of its turn Hard asks its planner for the best few complete turns of different kinds (expand,
build a castle, bribe, collect taxes, ...). Then, for half of its thinking time, it samples a determinization
of its view (the hidden tiles, cards, money, bag and deck dealt at random, consistent with everything it
sees; never the real hidden state) and, on that same world for every candidate, plays the candidate turn and
then the game on with the fast playout policy for every seat, up to the next real scoring point: the end of
the next masked ball or building scoring (after a decade's second ball, its building scoring a turn later),
and in the last decade the end of the game. Each playout is scored in actual VP (its own gain against the
others') plus an evaluation of what is left on the table (money, tiles, estate, cards, the next ball's
titles as a smooth expectation: rules/bots/outlook.py) in VP-equivalents. Every candidate sees the same
worlds and the same draws, so the comparison is paired; the candidate with the best mean wins, the planner's
own score breaking near-ties.
Candidates that fall clearly behind are dropped (successive halving), so the promising ones get the samples.
The other half of the time races the best kind's next lines (other placements, sites, amounts) the same way:
a bigger budget compares more variants more closely. At a masked ball the same race decides what to hand
back: each cheapest set of bribes and cards for each extra prestige, played to the end of the ball; and the
options of other decisions (start tiles, a card kept, the tiles a knight takes) are raced like turns.
"""

from __future__ import annotations

import math
import random
import time

import attrs

from rules import actions as A
from rules import board
from rules.bots import outlook
from rules.bots.determinize import determinize
from rules.bots.evaluate import NORMAL_WEIGHTS, evaluate, last_room
from rules.bots.planner import Planner, hand_back_options
from rules.bots.rollout import PlayoutPolicy
from rules.engine import apply_unchecked, land_income
from rules.legal import is_legal
from rules.observer import PlayerView
from rules.state import GameState

#: the policy's plays a playout makes at most (a whole game has some 350 decisions): a guard against a stuck playout
PLAYOUT_CAP = 1200


@attrs.frozen
class SearchSettings:
    """How Hard searches; each field can be set from a bot spec (``hard:candidates=6``) for experiments."""

    candidates: int = 5  # whole turns compared
    to_end: bool = True  # in the last decade, play on to the end of the game
    leaf: float = 1.0  # weight of the evaluation of what is left at the horizon, against actual VP
    share: float = 1.0  # the others' mean VP and evaluation count this much against one's own
    prior: float = 0.25  # weight of the planner's own score in the final choice
    halving: bool = True  # drop the weaker half of the candidates as the samples come in
    variants: int = 4  # lines of the best kind of turn compared in the second half of the search
    ball: bool = True  # search what to hand back at a ball (else the planner's rule)
    # scoring points (balls, building scorings) a playout plays through before the last decade; a world costs this many
    horizon: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    # the next ball's titles valued as a smooth expectation (rules/bots/outlook.py), not one rounded forecast
    outlook: bool = True
    trade: bool = True  # the playout policy trades two spare tiles for the one a square waits for
    inherit: bool = True  # an Inheritance without a castle site is worth less, and a meadow laid for one more
    room: bool = True  # tiles beyond what the turns left can place are worth little
    # the share of the turns left whose expands count as room for tiles: 0.3 (0.5 until hard-0.2), so that fewer tiles
    # are held where the leaves count them double (leaf_tiles; docs/hard.md section 5)
    room_share: float = 0.3
    # what a tile behind the screen is worth to Hard's evaluation (VP-equivalents, fading at the game's end): an
    # experiment (with packed_squares, 0.4 left as many tiles as 0.5 and placed fewer: docs/hard.md section 5)
    tile_worth: float = attrs.field(default=0.5, validator=attrs.validators.ge(0.0))
    scoring: bool = True  # a playout that ends with a decade's second ball plays on to its building scoring
    choices: bool = True  # the start tiles, a card kept and the tiles a knight takes are raced in playouts too
    # the others' money as counted from the open payments, not guessed (tried, not kept: docs/hard.md section 4)
    count_money: bool = False
    # the search's leaves value the Queen by the VP her holder is sure of (rules/bots/evaluate.py queen_worth); the
    # planner keeps Hard's weight
    queen_leaf: bool = True
    # at a ball, the planner's cost of what is handed back weighs as each line's prior, though the leaf already
    # values what is kept and the prior has no part for the title it buys (off: the playouts alone choose)
    ball_prior: bool = True
    # in the last decade the planner follows a donation at the turn's start to its end, so that its line is
    # proposed and scored as the whole gift (docs/hard.md section 2)
    whole_donation: bool = True
    # this decade's scoring of an open castle or palace is valued only if the tiles held (or the land action's) and
    # the expands left can still close it (rules/bots/evaluate.py unreachable_enclosures; tried, not kept: 0.052
    # castles left open against 0.082, but 3.37 tiles left against 3.00 and -23 Elo [-63, +16] over 300 paired
    # games; docs/hard.md section 2)
    reach: bool = False
    # in the last decade the tiles held count in full only as far as placements can still make something of them
    # (squares, fountains before a ball, a castle's gaps, building sites; the rest, worth nothing at the end unless
    # given, a quarter), and the planner trades two of the rest for a fountain while a ball is to come (alone it
    # gained nothing; with packed_squares, which takes more land, it is kept: docs/hard.md section 5)
    last_tiles: bool = True
    # the others in a playout pick their turn's move by a softmax of the playout policy's values at this
    # temperature (VP-equivalents; 0: its best move, one fixed model of them), so that more worlds average over
    # plausible replies (rules/bots/rollout.py)
    temper: float = attrs.field(default=0.0, validator=attrs.validators.ge(0.0))
    # the others count against one's own as this blend of their best (1) and their mean (0): a game is won
    # against the best of them, a noisier measure that more worlds can afford (the blend in only the playouts that
    # reach the game's end lost at 8 worlds, -31 Elo [-74, +11], and was removed: docs/hard.md section 5)
    rival: float = attrs.field(default=0.0, validator=[attrs.validators.ge(0.0), attrs.validators.le(1.0)])
    # the others count against one's own by how close they stand at the sampled world's start: level or ahead in
    # full, trailing by d VP-equivalents 2*sigmoid(-d/close) of it (0: all in full), so that gains of players far
    # behind, e.g. the titles one's own title frees for them at a ball, do not outweigh one's own sure VP
    close: float = attrs.field(default=0.0, validator=attrs.validators.ge(0.0))
    # the horizon counted from before the line, so that every line is valued at the same point: the review's (a
    # line that ends the decade with its End turn was valued after the next decade's scoring, the same turn left
    # to the playouts at this one's: 8 VP apart for one move); tried for Hard's play and not kept (docs/hard.md)
    even_leaf: bool = False
    # the others in a playout value their moves by Normal's weights (NORMAL_WEIGHTS: folly regions 0.3, money kept
    # for a palace, the Queen while no palace can take her), as the Normal players at the table do; else by Hard's
    # (off: +9 Elo at 8 worlds over 600 paired games, undecided; at a second H0 at 768, -2 [-26, +23])
    others_normal: bool = False
    # Hard's evaluation counts only the squares that can become regions side by side (evaluate.py square_pack;
    # kept with last_tiles: docs/hard.md section 5)
    packed_squares: bool = True
    # Hard's evaluation counts a folly's regions in full only with an empty meadow to build it on (folly_site)
    folly_site: bool = False
    # the search's leaves before the last decade value a tile (behind the screen, or one a forest or a knight will
    # bring) at this multiple of tile_worth, the planner at tile_worth: by playouts to the end of the game a tile held
    # at a ball or building scoring of decades I-II was worth some 1.6-1.8 VP, where the leaf counted 0.6; counted so
    # in the last decade's leaves too, Hard kept more tiles to the end; at 2, not weaker at a second a turn, but it
    # left 2.36 tiles to Hard's 1.83 over 360 paired games; 2 (1 until hard-0.2) with room_share=0.3 and
    # leaf_tiles_fade: stronger than hard-0.2, with as few tiles left (E32, docs/hard.md section 5)
    leaf_tiles: float = attrs.field(default=2.0, validator=attrs.validators.ge(0.0))
    # the decades from the first whose leaves count tiles at leaf_tiles: 2 (decades I and II) or 1 (decade I only,
    # so that the tiles held for decade II are not carried on into the last decade, whose church fills); 1 with
    # leaf_tiles=2 at 8 worlds: +1.7 Elo [-20, +23] when its sequential test rejected it (docs/hard.md section 5)
    leaf_tiles_decades: int = attrs.field(default=2, validator=[attrs.validators.ge(1), attrs.validators.le(2)])
    # with leaf_tiles, the last of those decades' leaves count the multiple less with every turn played, down to the
    # planner's worth at its last turn, so that the tiles held for them are not carried into the last decade (off
    # until hard-0.2)
    leaf_tiles_fade: bool = True
    # with leaf_tiles, the multiple counts the tiles the estate's groves and forests will bring too (else the
    # tiles in hand only; an experiment: docs/hard.md section 5)
    leaf_income: bool = True
    # the search's leaves count the later scorings hoped for of an open castle or palace (evaluate.py
    # scorings_worth, enclose_hope) at this multiple of the planner's hope: by playouts to the end of the game an
    # open castle given at a ball or building scoring of decades I-II was worth some 0 to 0.7 VP, where the leaf
    # counted 1.4 to 3.8; at 0, +7.8 Elo [-9, +24] at 8 worlds when the sequential test rejected it after 1700
    # paired games (docs/hard.md section 5)
    leaf_hope: float = attrs.field(default=1.0, validator=[attrs.validators.ge(0.0), attrs.validators.le(1.0)])
    # in the last decade the land action is not raced when the seat could make something of fewer than half the
    # tiles it would draw (evaluate.py last_room): the playouts valued a grown estate's land there by a few VP, and
    # the tiles drawn were kept to the end (off until hard-0.2; docs/hard.md section 5, D16-D18, E34)
    last_land: bool = True
    # a ball's space counts as no turn, and after the last ball bribes and cards count only what they can still
    # bring (evaluate.py, the weight last_ball): the last ball's hand-backs priced a bribe at money two turns from
    # the end and Whitehall at a third of its worth, and kept what would have bought a better title
    last_ball: bool = False
    # the variants raced are lines that end differently, and only lines the planner followed: its lines hold one
    # for each first action, so the same tiles placed in another order come back as several lines and take the
    # race's places from placements that close a castle or make another square (which the playouts may value
    # more); at 8 worlds -13 Elo [-46, +20] in 428 paired games, -66 without the second condition (tried, not kept:
    # docs/hard.md section 5)
    distinct: bool = False
    # a race stops once its leader is ahead of every other by more than this many standard errors of their paired
    # difference (at least SETTLE_WORLDS worlds each; 0: every race uses its whole budget), so that a clear choice
    # does not keep the player waiting (0 until hard-0.3; at the shipped second a median 0.39 s of thinking a turn
    # against 0.90 s, and +63 Elo [+19, +108] in 240 paired games: docs/hard.md section 5, E77; 2 against 3:
    # -5 Elo [-39, +29] in 400 paired games, undecided, E81; at 5 players against hard-0.3: -13 Elo [-42, +16] in
    # 560 paired games, undecided, E82)
    settle: float = attrs.field(default=3.0, validator=attrs.validators.ge(0.0))


#: the fewest worlds each candidate of a race has played before the race may stop early (settle)
SETTLE_WORLDS = 8


@attrs.define
class Candidate:
    """A whole turn: its actions (as far as the planner followed them), the planner's score, the playouts'."""

    line: list[A.Action]
    prior: float
    total: float = 0.0
    samples: int = 0
    results: dict[int, float] = attrs.field(factory=dict)  # by the search's world (settle pairs them)

    @property
    def mean(self) -> float:
        return self.total / self.samples if self.samples else 0.0


def main_kind(line: list[A.Action]) -> tuple[type, object]:
    """What kind of turn a line is: its first action that is not a card or a trade (by type and building)."""
    for action in line:
        if not isinstance(action, A.PlayCard | A.Trade):
            return type(action), None
    return type(line[0]), getattr(line[0], "card", None)


def outcome(line: list[A.Action]) -> tuple[frozenset[A.Action], tuple[A.Action, ...]]:
    """What a line leaves behind, whatever the order of its placements: the tiles it places (each on a square of
    its own) and its other actions in their order."""
    placed = frozenset(a for a in line if type(a) is A.PlaceTile)
    return placed, tuple(a for a in line if type(a) is not A.PlaceTile)


def variants_of(best: Candidate, ranked: list[tuple[float, list[A.Action]]], count: int,
                distinct: bool = False) -> list[Candidate]:
    """The next best lines of the same kind of turn as ``best`` (other placements, sites, amounts); with
    ``distinct``, one line for each outcome (a line placing ``best``'s tiles in another order is no variant), and
    only lines the planner followed past their first action (the rest of a line it did not follow would be the
    playout policy's in the race, and the planner's in the game)."""
    kind = main_kind(best.line)
    same = [(value, line) for value, line in ranked if main_kind(line) == kind and line != best.line]
    if distinct:
        ends, kept = {outcome(best.line)}, []
        for value, line in same:
            if len(line) > 1 and outcome(line) not in ends:
                ends.add(outcome(line))
                kept.append((value, line))
        same = kept
    return [Candidate(line, value) for value, line in same[:count]]


def candidates(ranked: list[tuple[float, list[A.Action]]], count: int) -> list[Candidate]:
    """The best line of each kind of turn, best first, at most ``count`` of them."""
    seen: set[tuple[type, object]] = set()
    out: list[Candidate] = []
    for value, line in ranked:
        kind = main_kind(line)
        if kind in seen:
            continue
        seen.add(kind)
        out.append(Candidate(line, value))
        if len(out) >= count:
            break
    return out


class TurnSearch:
    """One search over whole turns for the seat of a view; ``run`` returns the chosen line."""

    def __init__(self, view: PlayerView, planner: Planner, settings: SearchSettings, rng: random.Random,
                 weights: dict) -> None:
        self.view = view
        self.seat = view.seat
        self.settings = settings
        self.rng = rng
        self.weights = weights
        self.planner = planner
        self.samples = 0
        self.playouts = 0
        self.ball_only = False  # playouts end with the ball in progress (see run_ball)

    def world(self) -> GameState:
        """A sampled world of the view, the others' money counted or guessed as the settings say."""
        return determinize(self.view, self.rng, count_money=self.settings.count_money)

    def run(self, legal: list[A.Action], budget: Budget) -> list[A.Action]:
        """The best whole turn the budget can find: first the best kind of turn (the planner's best line of
        each kind raced against each other), then, with what is left, the best variant of that kind (its next
        best lines, e.g. other placements or sites). A bigger budget looks at more variants, more closely."""
        planned = self.world()
        ranked = self.planner.lines(planned, 0, legal)
        if self.settings.last_land and planned.decade == board.DECADES:
            ranked = self._without_idle_land(planned, ranked)
        kinds = candidates(ranked, self.settings.candidates)
        has_variants = self.settings.variants > 1 and len(ranked) > len(kinds)
        best = kinds[0] if len(kinds) == 1 else self._race(kinds, budget, 0.5 if has_variants else 1.0)
        variants = variants_of(best, ranked, self.settings.variants - 1, self.settings.distinct)
        if variants:  # a fresh race on new worlds, the kind's best line included, so that all are compared alike
            best = self._race([Candidate(best.line, best.prior), *variants], budget, 1.0)
        elif len(kinds) > 1 and budget.used(self.work) < 1.0:
            best = self._race(kinds, budget, 1.0)
        return best.line

    def _without_idle_land(self, world: GameState, ranked: list[tuple[float, list[A.Action]]]
                           ) -> list[tuple[float, list[A.Action]]]:
        """``ranked`` without its land lines when most of the tiles they draw would be kept for nothing
        (last_land)."""
        if 2 * last_room(world, self.seat, self.planner.weights) >= land_income(world, self.seat, 0):
            return ranked
        kept = [(v, line) for v, line in ranked if main_kind(line)[0] is not A.AcquireLand]
        return kept or ranked

    def run_ball(self, budget: Budget) -> list[A.Action]:
        """What to hand back at a masked ball (R-BALL-2): for each extra prestige the seat can reach, its
        cheapest set of bribes and cards, each played on sampled worlds to the end of the ball (the others
        spending as the playout policy does, the titles given) and scored like a turn's playout."""
        self.ball_only = True
        options = hand_back_options(self.world(), self.seat, self.weights)
        weigh = self.settings.ball_prior
        racing = [Candidate([*acts, A.PlacePrestige()], -cost if weigh else 0.0) for _extra, cost, acts in options]
        if len(racing) == 1:
            return racing[0].line
        return self._race(racing, budget, 1.0).line

    def run_choice(self, racing: list[Candidate], budget: Budget) -> Candidate:
        """The best of a decision's options (a card kept, the tiles a knight takes, the start tiles), each
        played on the same sampled worlds to the horizon."""
        return self._race(racing, budget, 1.0)

    def compare(self, racing: list[Candidate], budget: Budget) -> None:
        """Play every candidate on the same sampled worlds for the whole budget, none dropped (a review)."""
        while budget.used(self.work) < 1.0 or not self.samples:
            self._round(racing)

    def _race(self, racing: list[Candidate], budget: Budget, until: float) -> Candidate:
        """Play every candidate on the same sampled worlds until ``until`` of the budget is used (at least one
        world), dropping the weaker half at 4, 8, 16, ... worlds; the best one then."""
        alive = list(racing)
        halve_at = 4
        first = True
        while first or budget.used(self.work) < until:
            first = False
            halving = self.settings.halving and len(alive) > 2
            self._round(alive)
            if budget.used(self.work) >= until or (self.settings.settle and self._settled(alive)):
                break
            if halving and min(c.samples for c in alive) >= halve_at:
                alive.sort(key=self.score, reverse=True)
                alive = alive[: max(2, (len(alive) + 1) // 2)]
                halve_at *= 2
        return max(alive, key=self.score)

    def _settled(self, alive: list[Candidate]) -> bool:
        """The best of ``alive`` is ahead of each other by more than ``settle`` standard errors of their paired
        difference on the worlds both played."""
        if len(alive) < 2:
            return False
        best = max(alive, key=self.score)
        for other in alive:
            if other is best:
                continue
            diffs = [best.results[world] - value for world, value in other.results.items() if world in best.results]
            n = len(diffs)
            if n < SETTLE_WORLDS:
                return False
            mean = sum(diffs) / n
            error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
            gap = self.score(best) - self.score(other)
            if gap <= 0 or gap <= self.settings.settle * error:
                return False
        return True

    def _round(self, racing: list[Candidate]) -> None:
        """Play every candidate on the next sampled world."""
        world = self.world()
        playing = self.playing
        if self.settings.close:
            playing = attrs.evolve(playing, counts=playing.closeness(world))
        for candidate in racing:
            result = playing.result(playing.play_on(world, candidate.line))
            candidate.total += result
            candidate.results[self.samples] = result
            candidate.samples += 1
        self.samples += 1
        self.playouts += len(racing)

    @property
    def playing(self) -> Playouts:
        """How this search plays and scores a line on a world."""
        return Playouts(self.seat, self.settings, self.weights, self.ball_only)

    @property
    def _world_cost(self) -> int:
        return 1 if self.ball_only else self.settings.horizon

    @property
    def work(self) -> int:
        """The budget's samples spent: a world played through two scoring points costs two."""
        return self.samples * self._world_cost

    def score(self, candidate: Candidate) -> float:
        return candidate.mean + self.settings.prior * candidate.prior


@attrs.frozen
class Playouts:
    """How a search plays lines on a sampled world and scores them for its seat."""

    seat: int
    settings: SearchSettings
    weights: dict
    ball_only: bool = False  # playouts end with the ball in progress (see TurnSearch.run_ball)
    counts: tuple[float, ...] | None = None  # how much each seat counts against the searcher's (None: all in full)

    def play_on(self, world: GameState, line: list[A.Action]) -> GameState:
        """A copy of ``world`` with ``line`` played (while it stays legal) and then the game on to the horizon:
        the next ball or building scoring held (or the next ``horizon`` of them), or in the last decade the end
        of the game."""
        state = world.copy(keep_history=False)
        seat = self.seat
        for action in line:
            if state.decider != seat or not is_legal(state, action):
                break
            apply_unchecked(state, action)
        settings = self.settings
        counted = world if settings.even_leaf else state  # where the horizon is counted from
        balls, decade = len(counted.ball_titles), counted.decade
        last_decade = settings.to_end and decade == 3 and not self.ball_only
        # the others' random picks come from the world, so that every line played on it meets the same ones
        chance = random.Random(world.rng.state) if settings.temper else None
        policy = PlayoutPolicy(trades=settings.trade, sites=settings.inherit, temper=settings.temper, searcher=seat,
                               rng=chance, others=NORMAL_WEIGHTS if settings.others_normal else None)
        horizon = settings.horizon
        for _ in range(PLAYOUT_CAP):
            if state.over or (self.ball_only and state.ball is None):
                break
            # the balls or building scorings of the horizon have been held; but after a decade's second ball the
            # building scoring is a turn each away (R-BOARD-1): an enclosure finished then counts
            held = not last_decade and len(state.ball_titles) - balls + state.decade - decade >= horizon
            if held and not (settings.scoring and state.round_pos == board.QUEEN_LOCK_SPACE and not self.ball_only):
                break
            state = policy.play(state)
        return state

    def values(self, state: GameState) -> list[float]:
        """Every seat's VP and the evaluation of the rest (its ``leaf`` share)."""
        leaf = self.settings.leaf
        if not leaf:
            return [float(p.vp) for p in state.players]
        if self.settings.outlook:
            valued = outlook.values(state, self.weights)
        else:
            valued = [evaluate(state, s, self.weights) for s in range(state.n)]
        return [p.vp + leaf * (v - p.vp) for p, v in zip(state.players, valued, strict=True)]

    def closeness(self, state: GameState) -> tuple[float, ...]:
        """How much each seat counts against the searcher's by where it stands in ``state`` (SearchSettings.close)."""
        values = self.values(state)
        mine, temperature = values[self.seat], self.settings.close
        return tuple(1.0 if v >= mine else 2.0 / (1.0 + math.exp(min(50.0, (mine - v) / temperature)))
                     for v in values)

    def result(self, state: GameState) -> float:
        """The seat's VP and the evaluation of the rest, against the others' mean (each counted as ``counts``)."""
        seat, share = self.seat, self.settings.share
        values = self.values(state)
        counts = self.counts or (1.0,) * state.n
        others = [v * counts[s] for s, v in enumerate(values) if s != seat]
        rival = self.settings.rival
        against = sum(others) / len(others)
        if rival:
            against += rival * (max(others) - against)
        return values[seat] - share * against


#: a budget of seconds is spent after this many times its seconds of the clock, whatever the CPU time
WALL_CAP = 3.0


@attrs.define
class Budget:
    """How much a search may do: a number of sampled worlds (fixed work, reproducible for a seed) or seconds of
    CPU time of the thread that searches, so that a busy computer does not make the search shallower; the
    clock caps it at WALL_CAP times the seconds (on a computer too busy to give it the time, it plays on)."""

    samples: int | None = None
    seconds: float | None = None
    clock_cap: float = WALL_CAP  # 0: no limit on the clock
    started: float = attrs.field(factory=lambda: time.thread_time())
    clock_started: float = attrs.field(factory=lambda: time.perf_counter())

    def used(self, samples: int) -> float:
        """The share of the budget used after ``samples`` worlds (1.0 or more: spent)."""
        if self.samples is not None:
            return samples / self.samples
        assert self.seconds is not None, "a budget has samples or seconds"
        cpu = (time.thread_time() - self.started) / self.seconds
        if not self.clock_cap:
            return cpu
        return max(cpu, (time.perf_counter() - self.clock_started) / (self.clock_cap * self.seconds))
