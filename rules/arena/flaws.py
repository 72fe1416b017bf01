"""The flaw report: what a strong player would notice in a bot's play, counted over many games.

    python -m rules flaws --games 100 --seats hard:iterations=8,normal,normal,normal --seed 1 [--jobs 2] [--json]
    python -m rules flaws --games 1000 --seats A,B,normal,normal --sprt 0,30 --seed 1 [--jobs 2] [--json]

The games are a tournament's (the same seeds, bots and rotated seats as ``tournament`` with the same
arguments, ``--sprt`` too: a change is judged by its paired results and its flaws from the same games),
watched decision by decision. For each bot spec, over all its seats:

- ``missed_title_upgrades``: of the balls before the last at which the bot decided last (every player after
  it in the ball's order has nothing to hand back, so nobody can answer), the share at which it kept bribes
  or cards that would have bought a better title (R-BALL-2, R-BALL-3); a Liaison is not counted as one to
  hand back (it is worth 3 VP at the end, more than the next title's 2); ``missed_at_final_ball`` likewise
  at the last ball;
- ``missed_plain_upgrades``: of the same balls, the share at which it kept bribes that alone, at most one
  for each VP the better title brings (R-BALL-4), would have bought a better title without raising any other
  player's title (the cascade down the prestige order, R-BALL-3): the keeps that have no reason of their own
  (a card kept has uses, and a title that frees a lower one for the others may cost them more than it gains);
- ``kept_at_final_ball``: of the last balls, wherever the bot decides in the ball's order, the share at which it
  kept bribes or cards that would have bought a better title had the players after it placed their base
  prestige: after that ball a bribe turns into £1 or a tile only by the last turn's action (R-ACT-C2) and
  Whitehall's Queen is locked (R-ROUND-3), so most of what is kept there is lost;
- ``dead_inheritance``: the share of games it ends holding an Inheritance (R-CARD-3) it never played;
- ``tiles_left_mean`` and ``tiles_left_10plus``: tiles behind its screen at the end (worth nothing then),
  their mean and the share of games ending with 10 or more;
- ``unenclosed_at_scoring``: the share of its castles and palaces without tiles on all 8 squares around them
  at the building scorings (R-SCORE); ``unenclosed_no_knight``: the share of them open and not built for a
  knight's reward (R-ACT-B2: a castle is also the only way to send a knight, whose garden brings prestige at
  every ball after it), so that castles that served as a knight's way in are told from castles left unused;
- ``money_left_mean``; ``cards_left_unplayed``: scandal cards held at the end, Liaisons (which score then,
  R-END-1) left out, a game's mean; ``castles_built_mean`` (inherited ones included);
- ``vp_by_source``: a game's mean VP from each source (balls, follies, Queen, building scoring, ...).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Generator
from typing import Any

import attrs

from rules import actions as A
from rules import board
from rules.arena.options import EXIT_BAD_INPUT, add_watched_games, elo_pair
from rules.arena.sprt import Sprt, Verdict
from rules.arena.tournament import add_paired, check_lineup, lineup, play_game, played, show_progress, sprt_pair
from rules.events import Event, EventKind
from rules.flow import base_prestige, card_prestige, prestige_space, title_for
from rules.model import Building, Card, Decision, Pos, Title, VPSource
from rules.state import GameState

BALLS = 2 * board.DECADES  # two a decade (R-BOARD-1)
TILES_MANY = 10


@attrs.define
class SeatFlaws:
    """What one seat did in one game that the report counts."""

    balls_last: int = 0  # balls before the last where it decided last
    balls_missed: int = 0  # ... and kept what would have bought a better title
    balls_plain_missed: int = 0  # ... with bribes alone, cheaply, lifting no other title
    final_ball_last: int = 0
    final_ball_missed: int = 0
    final_balls: int = 0  # last balls, wherever it decided in the order
    final_ball_kept: int = 0  # ... and kept what would have bought a better title
    buildings_scored: int = 0  # castles and palaces standing at building scorings
    unenclosed: int = 0  # ... of them not enclosed
    unenclosed_no_knight: int = 0  # ... and not built for a knight's reward
    castles_built: int = 0
    tiles_left: int = 0
    money_left: int = 0
    cards_left: int = 0  # Liaisons left out
    dead_inheritance: bool = False
    vp_by_source: list[int] = attrs.Factory(lambda: [0] * len(VPSource))


def titles_after(state: GameState, seat: int, total: int) -> list[Title]:
    """Every seat's title at the ball under way if ``seat`` places ``total`` prestige now and every player
    after it places its base prestige (R-BALL-2, R-BALL-3)."""
    ball = state.at_ball
    places = ball.places.copy()
    places[seat] = prestige_space(places, total)
    for other in ball.order[ball.index + 1:]:
        places[other] = prestige_space(places, base_prestige(state, other))
    supply = state.titles_supply.copy()
    titles = [Title.BARON] * state.n
    for s in sorted(ball.order, key=lambda s: -places[s]):
        titles[s] = title_for(places[s], supply)
        supply[titles[s]] -= 1
    return titles


def title_after(state: GameState, seat: int, total: int) -> Title:
    """The title ``seat`` gets at the ball under way if it places ``total`` prestige now (see titles_after)."""
    return titles_after(state, seat, total)[seat]


def plain_upgrade(state: GameState, seat: int, placed: int) -> bool:
    """Some of the bribes ``seat`` still holds, at most one for each VP gained (R-BALL-4), would buy it a better
    title than ``placed`` prestige does, and no other player's title would rise by it (R-BALL-3)."""
    now = titles_after(state, seat, placed)
    for bribes in range(1, state.players[seat].bribes + 1):
        then = titles_after(state, seat, placed + bribes)
        gain = board.TITLE_VP[then[seat]] - board.TITLE_VP[now[seat]]
        if then[seat] > now[seat] and bribes <= gain and all(
                then[s] <= now[s] for s in range(state.n) if s != seat):
            return True
    return False


def decides_last(state: GameState, seat: int) -> bool:
    """Nobody after ``seat`` at this ball can hand anything back: its choice settles the titles."""
    ball = state.at_ball
    players = state.players
    return all(not players[s].bribes and not players[s].cards for s in ball.order[ball.index + 1:])


def final_ball(state: GameState) -> bool:
    """The ball under way is the game's last."""
    return len(state.ball_titles) == BALLS - 1


def keeps_better_title(state: GameState, seat: int) -> bool:
    """``seat``, placing its prestige now, keeps bribes or cards that would buy it a better title (a Liaison,
    worth 3 VP at the end, is not counted as one to hand back)."""
    p, ball = state.players[seat], state.at_ball
    placed = ball.base + ball.extra
    kept = p.bribes + sum(card_prestige(c) for c in p.cards if c != Card.LIAISON)
    return title_after(state, seat, placed + kept) > title_after(state, seat, placed)


class FlawWatch:
    """Watches one game (see tournament.GameWatch) and keeps a SeatFlaws for every seat."""

    def __init__(self, players: int) -> None:
        self.seats = [SeatFlaws() for _ in range(players)]
        self._castle: list[Pos | None] = [None] * players  # each seat's castle built last, until its knight goes
        self._sent_knight: list[set[Pos]] = [set() for _ in range(players)]  # castles built for a knight's reward

    def before(self, state: GameState, seat: int, action: A.Action) -> None:
        if state.step != Decision.BALL_SPEND or not isinstance(action, A.PlacePrestige):
            return
        final = final_ball(state)
        last = decides_last(state, seat)
        if not (final or last):
            return
        ball = state.at_ball
        placed = ball.base + ball.extra
        missed = keeps_better_title(state, seat)
        flaws = self.seats[seat]
        if final:
            flaws.final_balls += 1
            flaws.final_ball_kept += missed
            flaws.final_ball_last += last
            flaws.final_ball_missed += last and missed
        else:  # decided last
            flaws.balls_last += 1
            flaws.balls_missed += missed
            flaws.balls_plain_missed += plain_upgrade(state, seat, placed)

    def after(self, state: GameState, events: list[Event]) -> None:
        for event in events:
            if event.kind == EventKind.BUILT and event.building == Building.CASTLE:
                self.seats[event.seat].castles_built += 1
                self._castle[event.seat] = event.pos
            elif event.kind == EventKind.KNIGHT_PLACED and (castle := self._castle[event.seat]) is not None:
                self._sent_knight[event.seat].add(castle)
                self._castle[event.seat] = None
            elif event.kind == EventKind.ROUND_ADVANCED and event.amount == board.SCORING_SPACE:
                self._scoring(state)
        if state.over:
            self._end(state)

    def _scoring(self, state: GameState) -> None:
        """At a building scoring (the estates stand as they were scored: the decade's end changes none)."""
        for flaws, p, sent in zip(self.seats, state.players, self._sent_knight, strict=True):
            estate = p.estate
            for pos, building in estate.buildings.items():
                if building in (Building.CASTLE, Building.PALACE):
                    flaws.buildings_scored += 1
                    unenclosed = not estate.enclosed(pos)
                    flaws.unenclosed += unenclosed
                    flaws.unenclosed_no_knight += unenclosed and pos not in sent

    def _end(self, state: GameState) -> None:
        for flaws, p in zip(self.seats, state.players, strict=True):
            flaws.tiles_left = p.tile_count
            flaws.money_left = p.money
            flaws.cards_left = sum(1 for c in p.cards if c != Card.LIAISON)
            flaws.dead_inheritance = Card.INHERITANCE in p.cards
            flaws.vp_by_source = list(p.vp_by_source)


def play_watched(task: tuple) -> dict:
    """One tournament game with its flaws per seat (top level, so that spawned processes can run it)."""
    watch = FlawWatch(len(task[1]))
    result = play_game(task, watch)
    result["flaws"] = [attrs.asdict(f) for f in watch.seats]
    return result


def _share(count: float, total: float) -> float | None:
    return round(count / total, 4) if total else None


def summarize(seat_games: list[dict], wins: float) -> dict[str, Any]:
    """The report of one bot spec from the SeatFlaws (as dicts) of all its seats."""
    games = len(seat_games)

    def total(key: str) -> float:
        return sum(f[key] for f in seat_games)

    return {
        "games": games,
        "win_rate": _share(wins, games),
        "missed_title_upgrades": _share(total("balls_missed"), total("balls_last")),
        "missed_plain_upgrades": _share(total("balls_plain_missed"), total("balls_last")),
        "balls_decided_last": int(total("balls_last")),
        "missed_at_final_ball": _share(total("final_ball_missed"), total("final_ball_last")),
        "kept_at_final_ball": _share(total("final_ball_kept"), total("final_balls")),
        "dead_inheritance": _share(total("dead_inheritance"), games),
        "tiles_left_mean": _share(total("tiles_left"), games),
        "tiles_left_10plus": _share(sum(1 for f in seat_games if f["tiles_left"] >= TILES_MANY), games),
        "unenclosed_at_scoring": _share(total("unenclosed"), total("buildings_scored")),
        "unenclosed_no_knight": _share(total("unenclosed_no_knight"), total("buildings_scored")),
        "money_left_mean": _share(total("money_left"), games),
        "cards_left_unplayed": _share(total("cards_left"), games),
        "castles_built_mean": _share(total("castles_built"), games),
        "vp_by_source": {source.label.replace(" ", "_"): _share(sum(f["vp_by_source"][source] for f in seat_games),
                                                                 games) for source in VPSource},
        "vp_mean": _share(sum(sum(f["vp_by_source"]) for f in seat_games), games),
    }


def run_flaws(seats: list[str], games: int, seed: int, jobs: int = 1, budget: float | None = None,
              iterations: int | None = None, progress: bool = True, sprt: Sprt | None = None,
              ) -> dict[str, dict[str, Any]]:
    """Play ``games`` tournament games (seats rotated) and report each bot spec's flaws. With ``sprt``, the
    first two different bots are compared game by game as ``tournament`` does, and the games stop as soon as
    the test decides (``games`` is then the most played)."""
    players = check_lineup(seats, None)
    pair = sprt_pair(seats) if sprt is not None else None
    tasks = [(g, lineup(seats, players, g, pair), seed, budget, iterations) for g in range(games)]
    by_bot: dict[str, list[dict]] = {name: [] for name in dict.fromkeys(seats)}
    wins = dict.fromkeys(by_bot, 0.0)
    if progress:
        show_progress(0, games)
    games_played = played(tasks, jobs, play_watched)
    for done, result in enumerate(games_played, start=1):
        for seat, name in enumerate(result["names"]):
            by_bot[name].append(result["flaws"][seat])
            wins[name] += result["shares"][seat]
        if sprt is not None and pair is not None:
            add_paired(sprt, pair, result)
        if progress:
            show_progress(done, games, note=sprt.note() if sprt is not None else "")
        if sprt is not None and sprt.verdict != Verdict.CONTINUE:
            break
    if isinstance(games_played, Generator):
        games_played.close()  # stops the pool at once when the test decided early
    if progress and sprt is not None and sprt.games < games:
        sys.stderr.write("\n")
    return {name: summarize(seat_games, wins[name]) for name, seat_games in by_bot.items()}


ROWS = (
    ("games", "games"), ("win_rate", "win rate"), ("vp_mean", "mean VP"),
    ("missed_title_upgrades", "missed title upgrades"), ("missed_plain_upgrades", "missed plain upgrades"),
    ("balls_decided_last", "  balls decided last"),
    ("missed_at_final_ball", "  missed at the final ball"),
    ("kept_at_final_ball", "kept at the final ball"), ("dead_inheritance", "dead Inheritance"),
    ("tiles_left_mean", "tiles left, mean"), ("tiles_left_10plus", "tiles left 10+"),
    ("unenclosed_at_scoring", "unenclosed at scoring"), ("unenclosed_no_knight", "  not built for a knight"),
    ("money_left_mean", "money left, mean"),
    ("cards_left_unplayed", "cards left unplayed"), ("castles_built_mean", "castles built, mean"),
)


def table(report: dict[str, dict[str, Any]]) -> str:
    """The report as a text table: a row per figure, a column per bot spec."""
    names = list(report)
    width = max(12, *(len(n) + 2 for n in names))
    lines = [f"{'':<28}" + "".join(f"{n:>{width}}" for n in names)]

    def cell(value: Any) -> str:
        return "-" if value is None else f"{value:.3f}" if isinstance(value, float) else str(value)

    for key, label in ROWS:
        lines.append(f"{label:<28}" + "".join(f"{cell(report[n][key]):>{width}}" for n in names))
    lines.append("VP by source, a game's mean:")
    for source in report[names[0]]["vp_by_source"]:
        label = f"  {source.replace('_', ' ')}"
        lines.append(f"{label:<28}" + "".join(f"{cell(report[n]['vp_by_source'][source]):>{width}}"
                                              for n in names))
    return "\n".join(lines)


# -- command line --------------------------------------------------------------------------------------------------
def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register `flaws` on an argparse subparsers object (``python -m rules flaws``)."""
    parser = subparsers.add_parser("flaws", help="play bots against each other and report their flaws of play")
    add_watched_games(parser, "3-5 comma-separated bots, one a seat, rotated each game (default hard,normal,normal,"
                              "normal)")
    parser.add_argument("--sprt", type=elo_pair, default=None, metavar="ELO0,ELO1",
                        help="a sequential test of the first two bots of --seats, as tournament --sprt: stop when "
                             "the first is shown better than the second by ELO1 Elo, or not better than by ELO0")
    parser.add_argument("--json", action="store_true",
                        help="print the report as JSON, keyed by the bot spec (and the test under \"sprt\", "
                             "with its paired results in the order played)")
    parser.set_defaults(func=main)
    return parser


def main(args: argparse.Namespace) -> int:
    try:
        check_lineup(args.seats, None)
        sprt = Sprt(*args.sprt) if args.sprt else None
        if sprt is not None:
            sprt_pair(args.seats)
    except ValueError as exc:
        print(f"python -m rules flaws: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    jobs = max(1, min(args.jobs, args.games, os.cpu_count() or 1))
    report = run_flaws(args.seats, args.games, args.seed, jobs=jobs, budget=args.budget,
                       iterations=args.iterations, progress=not args.no_progress, sprt=sprt)
    if args.json:
        print(json.dumps({**report, "sprt": sprt.to_dict()} if sprt is not None else report, indent=2))
    else:
        print(table(report))
        if sprt is not None:
            print(sprt.summary())
    return 0
