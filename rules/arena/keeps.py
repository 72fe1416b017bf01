"""What the titles a bot keeps at the balls were worth: each keep the flaw report counts, played on both ways.

    python -m rules keeps --games 100 --seats hard:iterations=8,normal,normal,normal --seed 1 [--continuations 10]
        [--jobs 2] [--json]

The games are the flaw report's (a tournament's seeds, bots and rotated seats). Wherever the first bot of
``--seats`` decides last at a ball before the last and keeps bribes or cards that would buy it a better title
(what ``missed_title_upgrades`` counts), the position is played on twice: as the bot chose, and with the cheapest
hand-backs that buy the next better title (R-BALL-2, R-BALL-3). Each seat's own bot then plays both to the end of
the game, ``continuations`` times, with fresh seeds that both lines share. A keep's worth is the seat's final VP
less the others' mean, and its share of the win, kept minus bought: above 0, keeping was right.

The flaw report says how often a bot keeps what would buy a better title; this says whether it should have.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from rules import actions as A
from rules.arena.flaws import decides_last, final_ball, keeps_better_title, title_after
from rules.arena.options import EXIT_BAD_INPUT, add_watched_games, positive_int
from rules.arena.tournament import (
    check_lineup,
    game_seed,
    lineup,
    mean_and_error,
    play_game,
    played,
    show_progress,
    win_shares,
)
from rules.bots import make_bot
from rules.bots.planner import hand_back_options
from rules.model import Decision
from rules.state import GameState

CONTINUATIONS = 10
MOST_CONTINUATIONS = 1000


def counted_keep(state: GameState, seat: int, action: A.Action) -> bool:
    """``action`` places the seat's prestige at a ball before the last where nobody can answer, keeping what
    would buy a better title (the flaw report's ``missed_title_upgrades``)."""
    return (state.step == Decision.BALL_SPEND and isinstance(action, A.PlacePrestige) and not final_ball(state)
            and decides_last(state, seat) and keeps_better_title(state, seat))


def cheapest_purchase(state: GameState, seat: int) -> tuple[int, list[A.Action]]:
    """The fewest extra prestige that buys ``seat`` a better title, and the cheapest hand-backs that bring it."""
    ball = state.at_ball
    placed = ball.base + ball.extra
    now = title_after(state, seat, placed)
    for extra, _cost, hand_backs in hand_back_options(state, seat):
        if extra and title_after(state, seat, placed + extra) > now:
            return extra, hand_backs
    raise ValueError("nothing held buys a better title")


def standing(state: GameState, seat: int) -> tuple[float, float]:
    """The seat's final VP less the others' mean, and its share of the win (R-END-2)."""
    vp = [p.vp for p in state.players]
    others = (sum(vp) - vp[seat]) / (state.n - 1)
    return vp[seat] - others, win_shares([(p.vp, p.money) for p in state.players])[seat]


def played_to_end(state: GameState, bots: list) -> GameState:
    while not state.over:
        seat = state.decider
        view = state.view(seat)
        legal = view.legal
        action = legal[0] if len(legal) == 1 else bots[seat].choose(view, list(legal))
        state.apply(action, legal)
    return state


class KeepWatch:
    """Watches a tournament game (tournament.GameWatch) and saves every counted keep of the seats of ``spec``."""

    def __init__(self, names: list[str], spec: str) -> None:
        self.names, self.spec = names, spec
        self.keeps: list[tuple[GameState, int]] = []

    def before(self, state: GameState, seat: int, action: A.Action) -> None:
        if self.names[seat] == self.spec and counted_keep(state, seat, action):
            self.keeps.append((state.copy(), seat))

    def after(self, state: GameState, events: list) -> None:
        """Nothing after a decision: a keep is seen before it is placed."""


def keep_worth(saved: GameState, seat: int, names: list[str], gseed: int, continuations: int,
               budget: float | None = None, iterations: int | None = None) -> dict[str, Any]:
    """One keep played on both ways, ``continuations`` times each, with the same bot seeds for both lines."""
    p = saved.players[seat]
    extra, hand_backs = cheapest_purchase(saved, seat)
    placed = saved.at_ball.base + saved.at_ball.extra
    lines: dict[str, list[A.Action]] = {"kept": [A.PlacePrestige()], "bought": [*hand_backs, A.PlacePrestige()]}
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in lines}
    for k in range(continuations):
        seeds = [(gseed * 31 + 7919 * (k + 1) + 101 * i) % 2**62 for i in range(len(names))]
        for name, line in lines.items():
            state = saved.copy()
            for action in line:
                state.apply(action, state.view(seat).legal)
            bots = [make_bot(spec, seed=s, budget=budget, iterations=iterations)
                    for spec, s in zip(names, seeds, strict=True)]
            results[name].append(standing(played_to_end(state, bots), seat))
    return {
        "decade": saved.decade, "ball": len(saved.ball_titles) + 1, "bribes": p.bribes,
        "cards": [c.name.lower() for c in p.cards], "extra": extra,
        "title": title_after(saved, seat, placed).name.lower(),
        "better_title": title_after(saved, seat, placed + extra).name.lower(),
        "vp": [round(kept[0] - bought[0], 3) for kept, bought in zip(results["kept"], results["bought"], strict=True)],
        "win": [round(kept[1] - bought[1], 3) for kept, bought in zip(results["kept"], results["bought"], strict=True)],
    }


def play_keeps(task: tuple) -> dict:
    """One game and the worth of each of its counted keeps (top level, so that spawned processes can run it)."""
    index, names, seed, budget, iterations, spec, continuations = task
    watch = KeepWatch(names, spec)
    play_game((index, names, seed, budget, iterations), watch)
    gseed = game_seed(seed, index)
    return {"game": index, "keeps": [keep_worth(state, seat, names, gseed, continuations, budget, iterations)
                                     for state, seat in watch.keeps]}


def summarize(keeps: list[dict]) -> dict[str, Any]:
    """The worth of keeping over all keeps and by decade, each keep's mean over its continuations (so that the
    error counts keeps, not continuations)."""
    def part(group: list[dict]) -> dict[str, Any]:
        vp = mean_and_error([sum(k["vp"]) / len(k["vp"]) for k in group])
        win = mean_and_error([sum(k["win"]) / len(k["win"]) for k in group])
        return {"keeps": len(group), "vp": _rounded(vp), "win_share": _rounded(win)}

    decades = sorted({k["decade"] for k in keeps})
    return {**part(keeps), "by_decade": {str(d): part([k for k in keeps if k["decade"] == d]) for d in decades}}


def _rounded(pair: tuple[float, float | None] | None) -> list[float | None] | None:
    return None if pair is None else [round(value, 3) if value is not None else None for value in pair]


def run_keeps(seats: list[str], games: int, seed: int, continuations: int = CONTINUATIONS, jobs: int = 1,
              budget: float | None = None, iterations: int | None = None, progress: bool = True) -> dict[str, Any]:
    """The report: the first bot of ``seats`` watched over ``games`` tournament games."""
    players = check_lineup(seats, None)
    spec = seats[0]
    tasks = [(g, lineup(seats, players, g), seed, budget, iterations, spec, continuations) for g in range(games)]
    keeps: list[dict] = []
    if progress:
        show_progress(0, games)
    for done, result in enumerate(played(tasks, jobs, play_keeps), start=1):
        keeps.extend({"game": result["game"], **k} for k in result["keeps"])
        if progress:
            show_progress(done, games, note=f"  {len(keeps)} keep(s)")
    keeps.sort(key=lambda k: (k["game"], k["ball"]))
    return {"bot": spec, "games": games, "continuations": continuations, **summarize(keeps), "each": keeps}


def _cell(pair: list[float | None] | None, digits: int) -> str:
    if pair is None:
        return "-"
    mean, error = pair
    return f"{mean:+.{digits}f}" + ("" if error is None else f" ± {error:.{digits}f}")


def text(report: dict[str, Any]) -> str:
    lines = [f"{report['bot']}: {report['keeps']} keep(s) of a better title in {report['games']} games, each played on "
             f"both ways {report['continuations']} times (kept minus bought; above 0: keeping was right)",
             f"{'':<12}{'keeps':>6}{'VP margin':>18}{'win share':>20}"]
    rows = [("all", report), *((f"decade {d}", part) for d, part in report["by_decade"].items())]
    for label, part in rows:
        lines.append(f"{label:<12}{part['keeps']:>6}{_cell(part['vp'], 2):>18}{_cell(part['win_share'], 3):>20}")
    return "\n".join(lines)


# -- command line --------------------------------------------------------------------------------------------------
def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register `keeps` on an argparse subparsers object (``python -m rules keeps``)."""
    parser = subparsers.add_parser("keeps", help="play on both ways each title a bot kept at a ball, and report "
                                                 "what keeping was worth")
    add_watched_games(parser, "3-5 comma-separated bots, one a seat, rotated each game; the first is watched "
                              "(default hard,normal,normal,normal)")
    parser.add_argument("--continuations", type=positive_int, default=CONTINUATIONS,
                        help=f"games played on from each keep, each way (default {CONTINUATIONS})")
    parser.add_argument("--json", action="store_true", help="print the report as JSON, with every keep")
    parser.set_defaults(func=main)
    return parser


def main(args: argparse.Namespace) -> int:
    try:
        check_lineup(args.seats, None)
        if args.continuations > MOST_CONTINUATIONS:
            raise ValueError(f"at most {MOST_CONTINUATIONS} continuations, not {args.continuations}")
    except ValueError as exc:
        print(f"python -m rules keeps: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    jobs = max(1, min(args.jobs, args.games, os.cpu_count() or 1))
    report = run_keeps(args.seats, args.games, args.seed, args.continuations, jobs=jobs, budget=args.budget,
                       iterations=args.iterations, progress=not args.no_progress)
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 0
