"""Seat balance: the same computer player in every seat, and what each seat wins and why.

    python -m rules balance --players 4 --games 1000 --seats normal --seed 1 [--jobs 2] [--json] [--timeline]

Game g is played on seed S + g by the same players as ``python -m rules simulate --seed S --games G``, so the
two agree game for game. A win goes by the rules (R-END-2): most VP, then most money; a win still shared
counts as a fraction. Besides each seat's win rate with its Wilson interval, mean VP and VP by source, the
report gives the figures that explain a seat's result: how long it held the Queen and whether it held her at
the balls, how often it acted first or last in the rounds before a ball and before building scoring, the
palaces it built in each decade (each brings the Queen), and its money and VP at the start of every round.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
from collections.abc import Iterator

from rules import board
from rules.arena.options import EXIT_BAD_INPUT, bot_list, game_count, player_count, positive_int, seed_number
from rules.arena.simulate import ProgressBar, play_game
from rules.arena.tournament import wilson
from rules.events import Event, EventKind
from rules.model import Building, VPSource
from rules.state import GameState

E = EventKind
BEFORE_BALL = tuple(space - 1 for space in board.BALL_SPACES)  # the rounds whose end brings a ball
BEFORE_SCORING = board.SCORING_SPACE - 1  # the queen-lock round, whose end brings building scoring
ORDER_FIGURES = ("first_before_ball", "last_before_ball", "first_before_scoring", "last_before_scoring")


class SeatTrace:
    """Follows one game (the ``observe`` hook of simulate.play_game) and keeps each seat's figures.

    A round is the run of turns between two moves of the round marker (R-ROUND-1): its first turn is the
    player's left of the Queen holder, its last the Queen holder's (unless she changed hands in it).
    """

    def __init__(self, players: int) -> None:
        n = players
        self.turns = [0] * n
        self.queen_turns = [0] * n  # turns of anyone begun while this seat held the Queen
        self.queen_at_balls = [0] * n  # balls at which this seat held her (and placed prestige first)
        self.order = {name: [0] * n for name in ORDER_FIGURES}
        self.palaces = [[0] * n for _ in range(board.DECADES)]  # palaces built by each seat in each decade
        self.rounds: list[dict] = []  # each round's first turn: decade, round space, money and VP per seat
        self.decade_sources: list[list[list[int]]] = []  # VP by source per seat at the end of each decade
        self._round: tuple[int, int] | None = None
        self._seat = -1

    def __call__(self, state: GameState, events: list[Event]) -> None:
        for event in events:
            if event.kind == E.TURN_STARTED:
                self._turn_started(state, event.seat)
            elif event.kind == E.BUILT and event.building == Building.PALACE:
                self.palaces[state.decade - 1][event.seat] += 1
            elif event.kind == E.BALL_STARTED:
                self.queen_at_balls[state.queen] += 1
            elif event.kind in (E.DECADE_STARTED, E.GAME_ENDED):
                self.decade_sources.append([list(p.vp_by_source) for p in state.players])
                if event.kind == E.GAME_ENDED:
                    self._round_ended()

    def _turn_started(self, state: GameState, seat: int) -> None:
        self.turns[seat] += 1
        self.queen_turns[state.queen] += 1
        key = (state.decade, state.round_pos)
        if key != self._round:
            self._round_ended()
            self._round = key
            self._count(key[1], seat, "first")
            self.rounds.append({"decade": key[0], "round": key[1], "money": [p.money for p in state.players],
                                "vp": [p.vp for p in state.players]})
        self._seat = seat

    def _round_ended(self) -> None:
        if self._round is not None:
            self._count(self._round[1], self._seat, "last")

    def _count(self, space: int, seat: int, which: str) -> None:
        if space in BEFORE_BALL:
            self.order[f"{which}_before_ball"][seat] += 1
        elif space == BEFORE_SCORING:
            self.order[f"{which}_before_scoring"][seat] += 1


def vp_by_decade(trace: SeatTrace) -> list[list[list[int]]]:
    """VP gained in each decade by each seat, by source (VPSource order): the differences of the snapshots."""
    out = []
    before = [[0] * len(VPSource) for _ in trace.turns]
    for after in trace.decade_sources:
        out.append([[a - b for a, b in zip(seat_after, seat_before, strict=True)]
                    for seat_after, seat_before in zip(after, before, strict=True)])
        before = after
    return out


def play_traced(task: tuple[list[str], int]) -> dict:
    """One game with its seat figures (top level, so that spawned processes can run it)."""
    seats, seed = task
    trace = SeatTrace(len(seats))
    result = play_game(seats, seed, observe=trace).result
    return {
        "seed": seed,
        "winners": list(result.winners),
        "vp": [p.score for p in result.players],
        "money": [p.money for p in result.players],
        "decades": vp_by_decade(trace),
        "turns": trace.turns,
        "queen_turns": trace.queen_turns,
        "queen_at_balls": trace.queen_at_balls,
        "palaces": trace.palaces,
        **trace.order,
        "rounds": trace.rounds,
    }


def played(seats: list[str], games: int, seed: int, jobs: int = 1, progress=None) -> Iterator[dict]:
    """Each game's figures in game order (in parallel processes with ``jobs`` > 1)."""
    tasks = [(seats, seed + g) for g in range(games)]
    if jobs > 1 and games > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for done, figures in enumerate(pool.imap(play_traced, tasks), start=1):
                if progress:
                    progress(done)
                yield figures
        return
    for done, task in enumerate(tasks, start=1):
        figures = play_traced(task)
        if progress:
            progress(done)
        yield figures


def _mean(values: list[float], games: int) -> float:
    return sum(values) / games if games else 0.0


def summarize(seats: list[str], seed: int, games: list[dict]) -> dict:
    """The report of a run: per seat its wins, VP by source and decade, and the Queen and turn-order figures;
    the mean money and VP of every seat at the start of each round."""
    n, count = len(seats), len(games)
    wins = [0.0] * n
    vp_ties = by_money = shared = 0
    for g in games:
        for w in g["winners"]:
            wins[w] += 1 / len(g["winners"])
        top = max(g["vp"])
        if g["vp"].count(top) > 1:
            vp_ties += 1
            if len(g["winners"]) > 1:
                shared += 1
            else:
                by_money += 1
    per_seat: list[dict] = []
    for s in range(n):
        lo, hi = wilson(wins[s], count)
        decades = [[sum(g["decades"][d][s][src] for g in games) / count for src in VPSource]
                   for d in range(len(games[0]["decades"]))] if count else []
        per_seat.append({
            "seat": s + 1,
            "bot": seats[s],
            "start_money": games[0]["rounds"][0]["money"][s] if count else 0,
            "wins": round(wins[s], 4),
            "win_rate": round(wins[s] / count, 4) if count else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "fair": round(1 / n, 4),
            "mean_vp": round(_mean([g["vp"][s] for g in games], count), 2),
            "vp_by_source": {src.label: round(sum(d[src] for d in decades), 2) for src in VPSource},
            "vp_by_decade": [round(sum(d), 2) for d in decades],
            "vp_by_decade_and_source": [{src.label: round(d[src], 2) for src in VPSource} for d in decades],
            "final_money": round(_mean([g["money"][s] for g in games], count), 2),
            "turns": round(_mean([g["turns"][s] for g in games], count), 2),
            "queen_turns": round(_mean([g["queen_turns"][s] for g in games], count), 2),
            "queen_at_balls": round(_mean([g["queen_at_balls"][s] for g in games], count), 3),
            "palaces_by_decade": [round(_mean([g["palaces"][d][s] for g in games], count), 3)
                                  for d in range(board.DECADES)],
            **{name: round(_mean([g[name][s] for g in games], count), 3) for name in ORDER_FIGURES},
        })
    rounds: dict[tuple[int, int], list] = {}
    for g in games:
        for r in g["rounds"]:
            row = rounds.setdefault((r["decade"], r["round"]), [[0] * n, [0] * n, 0])
            row[0] = [a + b for a, b in zip(row[0], r["money"], strict=True)]
            row[1] = [a + b for a, b in zip(row[1], r["vp"], strict=True)]
            row[2] += 1
    timeline = [{"decade": d, "round": r, "money": [round(m / k, 2) for m in money],
                 "vp": [round(v / k, 2) for v in vp]}
                for (d, r), (money, vp, k) in sorted(rounds.items())]
    deviation = max((abs(p["win_rate"] - 1 / n) for p in per_seat), default=0.0)
    return {
        "players": n, "games": count, "seed": seed, "seats": seats,
        "vp_ties_for_first": vp_ties, "decided_by_money": by_money, "shared_wins": shared,
        "largest_deviation": round(deviation, 4),
        "per_seat": per_seat,
        "timeline": timeline,
    }


# -- the text report --------------------------------------------------------------------------------------------
SOURCE_HEADS = {VPSource.BUILDING_SCORING: "building", VPSource.LIAISONS: "liaison"}


def _lineup(seats: list[str]) -> str:
    return f"{seats[0]} in every seat" if len(set(seats)) == 1 else ",".join(seats)


def report_text(report: dict, *, timeline: bool = False) -> str:
    n, games, seed = report["players"], report["games"], report["seed"]
    seats = report["per_seat"]
    width = max(len(p["bot"]) for p in seats) + 2
    lines = [
        f"Seat balance: {games} game{'s' if games != 1 else ''} of {n} players, {_lineup(report['seats'])}, "
        f"seeds {seed}-{seed + games - 1}",
        f"A tie on VP goes to the most money (R-END-2), a win still shared counts as a fraction: "
        f"{report['vp_ties_for_first']} ties on VP for first, {report['decided_by_money']} decided by money, "
        f"{report['shared_wins']} shared.",
        "",
        f"{'seat':<5}{'bot':<{width}}{'£ start':>8}{'win rate':>10}{'95% interval':>16}{'fair':>7}{'mean VP':>9}"
        f"{'VP per decade':>20}",
    ]
    for p in seats:
        lo, hi = p["ci95"]
        decades = " / ".join(f"{v:.1f}" for v in p["vp_by_decade"])
        lines.append(f"{p['seat']:<5}{p['bot']:<{width}}{p['start_money']:>8}{100 * p['win_rate']:>9.1f}%"
                     f"{f'{100 * lo:.1f}-{100 * hi:.1f}%':>16}{100 * p['fair']:>6.1f}%{p['mean_vp']:>9.1f}"
                     f"{decades:>20}")
    worst = max(seats, key=lambda p: abs(p["win_rate"] - p["fair"]))
    lines.append(f"largest deviation from fair: {100 * report['largest_deviation']:.1f} points (seat {worst['seat']})")
    lines += ["", "VP by source (mean per game):"]
    heads = [SOURCE_HEADS.get(src, src.label) for src in VPSource]
    lines.append(f"{'seat':<5}" + "".join(f"{h:>9}" for h in heads))
    for p in seats:
        lines.append(f"{p['seat']:<5}" + "".join(f"{p['vp_by_source'][src.label]:>9.2f}" for src in VPSource))
    lines += [
        "",
        "The Queen and the order of play (mean per game; 6 balls, 6 rounds before a ball, 3 before scoring):",
        f"{'seat':<5}{'turns':>7}{'Queen held':>12}{'at balls':>10}{'before a ball':>16}{'before scoring':>17}"
        f"{'palaces built':>20}",
        f"{'':<5}{'':>7}{'(turns)':>12}{'':>10}{'first':>9}{'last':>7}{'first':>10}{'last':>7}"
        f"{'per decade':>20}",
    ]
    for p in seats:
        lines.append(f"{p['seat']:<5}{p['turns']:>7.1f}{p['queen_turns']:>12.1f}{p['queen_at_balls']:>10.2f}"
                     f"{p['first_before_ball']:>9.2f}{p['last_before_ball']:>7.2f}"
                     f"{p['first_before_scoring']:>10.2f}{p['last_before_scoring']:>7.2f}"
                     f"{' / '.join(f'{v:.2f}' for v in p['palaces_by_decade']):>20}")
    rows = report["timeline"]
    if not timeline:  # the start of each decade and the rounds after its balls
        rows = [r for r in rows if r["round"] == 0 or r["round"] - 1 in board.BALL_SPACES]
    lines += ["", "Money and VP at the start of " + ("every round" if timeline else "each decade and after each ball")
              + " (mean per seat):"]
    lines.append(f"{'decade.round':<14}{'£ by seat':>{7 * n}}{'VP by seat':>{7 * n}}")
    for r in rows:
        money = "".join(f"{m:>7.1f}" for m in r["money"])
        vp = "".join(f"{v:>7.1f}" for v in r["vp"])
        lines.append(f"{r['decade']}.{r['round']:<12}{money}{vp}")
    lines.append(f"{'end':<14}" + "".join(f"{p['final_money']:>7.1f}" for p in seats)
                 + "".join(f"{p['mean_vp']:>7.1f}" for p in seats))
    return "\n".join(lines)


# -- command line ---------------------------------------------------------------------------------------------------
def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register `balance` on an argparse subparsers object (the CLI's `python -m rules balance`)."""
    parser = subparsers.add_parser("balance", help="equal bots in fixed seats: win rate and VP by source per seat")
    parser.add_argument("--players", type=player_count, default=None,
                        help="3, 4 or 5 (default: one per bot in --seats, or 4)")
    parser.add_argument("--seats", type=bot_list, default=None,
                        help="one bot for every seat (default normal), or one per seat separated by commas; "
                             "options after colons, e.g. hard:iterations=4")
    parser.add_argument("--games", type=game_count, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=seed_number, default=1, help="game g is played on seed SEED + g")
    parser.add_argument("--jobs", type=positive_int, default=1,
                        help="games in parallel processes (at most one per game and per CPU)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--timeline", action="store_true", help="money and VP at the start of every round")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.set_defaults(func=main)
    return parser


def lineup(seats: list[str] | None, players: int | None) -> list[str]:
    """One bot spec per seat from --seats and --players (ValueError with the reason when they disagree)."""
    seats = seats or ["normal"]
    if players is None:
        players = len(seats) if len(seats) > 1 else 4
    if players not in board.PLAYER_COUNTS:
        raise ValueError(f"Noblemen is played by 3, 4 or 5 players, not {players}")
    if len(seats) == 1:
        return seats * players
    if len(seats) != players:
        raise ValueError(f"give one bot for every seat or one per seat: {len(seats)} bots for {players} players")
    return seats


def main(args: argparse.Namespace) -> int:
    try:
        seats = lineup(args.seats, args.players)
    except ValueError as exc:
        print(f"python -m rules balance: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    jobs = max(1, min(args.jobs, args.games, os.cpu_count() or 1))
    bar = None if args.no_progress else ProgressBar(args.games)
    games = list(played(seats, args.games, args.seed, jobs, bar.show if bar else None))
    report = summarize(seats, args.seed, games)
    print(json.dumps(report, indent=1) if args.json else report_text(report, timeline=args.timeline))
    return 0
