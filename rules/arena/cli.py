"""The headless command line: simulate, replay, tournament, bench.

    python -m rules simulate --seats random,greedy,greedy,random --seed 7 [--json] [--log] [--save FILE]
    python -m rules simulate --seats greedy,random,random --games 1000
    python -m rules review FILE --seat N [--budget S | --iterations K] [--json]
    python -m rules replay FILE          (a record written by simulate --save, or a save of the game)
    python -m rules bench
    python -m rules balance --players 4 --games 1000 --seats normal --seed 1 [--jobs 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from rules.arena.balance import add_parser as add_balance
from rules.arena.log_text import event_text
from rules.arena.options import (
    EXIT_BAD_INPUT,
    OneLineParser,
    budget_seconds,
    positive_int,
    seat_list,
    seat_number,
    seed_number,
)
from rules.arena.simulate import ProgressBar, play_game, play_many
from rules.arena.tournament import add_parser as add_tournament
from rules.bots import bot_names
from rules.bots.review import review_game
from rules.bots.search import Budget
from rules.errors import SaveFormatError
from rules.flow import new_game
from rules.model import VPSource
from rules.results import Results
from rules.serialize import game_to_dict, read_game
from rules.state import GameState

MAX_FILE_BYTES = 64 * 1024 * 1024


def summary_text(result: Results, ball_titles: list) -> str:
    lines = ["Final scores:"]
    winners = set(result.winners)
    for p in sorted(result.players, key=lambda p: (-p.score, -p.money)):
        mark = "  (winner)" if p.seat in winners else ""
        lines.append(f"  {p.name:<12} {p.score:>4} VP   £{p.money:<4}{mark}")
    lines.append("")
    lines.append("Where the VP came from:")
    widths = [max(6, len(s.label)) + 2 for s in VPSource]
    lines.append("  " + f"{'':<12}" + "".join(f"{s.label:>{w}}" for s, w in zip(VPSource, widths, strict=True)))
    for p in result.players:
        cells = "".join(f"{p.breakdown[s]:>{w}}" for s, w in zip(VPSource, widths, strict=True))
        lines.append("  " + f"{p.name:<12}" + cells)
    lines.append("")
    lines.append("Titles at each ball:")
    for number, titles in enumerate(ball_titles, start=1):
        decade, half = (number + 1) // 2, "first" if number % 2 else "second"
        held = ", ".join(f"{result.players[s].name} {t.label}" for s, t in enumerate(titles) if t.label != "baron")
        lines.append(f"  decade {decade}, {half} ball: {held or 'all barons'}")
    return "\n".join(lines)


def _cmd_simulate(args: argparse.Namespace) -> int:
    if args.games > 1:
        bar = ProgressBar(args.games) if not args.json else None
        stats = play_many(args.seats, args.games, args.seed, first_game=args.first_game,
                          progress=bar.show if bar else None)
        if args.json:
            print(json.dumps(stats, indent=1))
        else:
            print(f"{stats['games']} games from seed {args.seed}:")
            for s in stats["seats"]:
                print(f"  seat {s['seat']} {s['player']:<8} wins {100 * s['win_rate']:5.1f}%   "
                      f"mean score {s['mean_score']:.1f}")
        return 0
    game = play_game(args.seats, args.seed, first_game=args.first_game, keep_events=args.log)
    result = game.result
    if args.log:
        for event in game.events:
            print(event_text(event, game.state.names))
    if args.json:
        print(json.dumps({**result.to_dict(), "seed": args.seed, "seats": args.seats}, indent=1))
    else:
        print(summary_text(result, game.state.ball_titles))
    if args.save:
        record = {**game_to_dict(game.state), "seats": args.seats, "result": result.to_dict()}
        try:
            with open(args.save, "w", encoding="utf-8") as f:
                json.dump(record, f, indent=1)
        except OSError as exc:
            print(f"error: cannot write {args.save}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    return 0


def shown(text: str) -> str:
    """Text from a file, safe to print: control and escape characters shown as escapes, not obeyed."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _refuse(message: str) -> int:
    print(shown(f"error: {message}"), file=sys.stderr)
    return EXIT_BAD_INPUT


def _read(name: str) -> tuple[GameState, dict] | str:
    """The game in a file (a simulator record or a save of the game), replayed; or why it cannot be read."""
    if os.path.exists(name) and not os.path.isfile(name) and not os.path.isdir(name):
        return f"{name} is not a file"  # reading a pipe would wait for ever
    try:
        with open(name, "rb") as f:
            text = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return f"cannot read {name}: {exc.strerror or exc}"
    if len(text) > MAX_FILE_BYTES:
        return f"{name}: too large to be a saved game"
    try:
        return read_game(text)
    except SaveFormatError as exc:
        return f"{name}: {exc}"


def _cmd_replay(args: argparse.Namespace) -> int:
    name = args.file
    read = _read(name)
    if isinstance(read, str):
        return _refuse(read)
    state, data = read
    from rules.results import results

    result = results(state)
    recorded = data.get("result")
    if recorded is not None and recorded != result.to_dict():
        return _refuse(f"{name}: the replay does not reproduce the recorded result")
    summary = data.get("summary")
    scores = summary.get("scores") if isinstance(summary, dict) else None
    if scores is not None and scores != [p.vp for p in state.players]:
        return _refuse(f"{name}: the replay does not reproduce the saved scores")
    if not state.over:
        print(shown(f"(the game in {name} is not finished: standings after {len(state.history)} actions)"))
    print("\n".join(shown(line) for line in summary_text(result, state.ball_titles).splitlines()))
    if recorded is not None or scores is not None:
        print("\nThe replay reproduces the " + ("recorded result." if recorded is not None else "saved scores."))
    return 0


def _cmd_review(args: argparse.Namespace) -> int:
    read = _read(args.file)
    if isinstance(read, str):
        return _refuse(read)
    state, _data = read
    if not 0 <= args.seat < state.n:
        return _refuse(f"{args.file}: there is no seat {args.seat} in this {state.n}-player game (0-{state.n - 1})")
    start = new_game(state.names, state.seed, first_game=state.first_game)
    if args.iterations is not None:
        iterations = args.iterations
        budget = lambda: Budget(samples=iterations)  # noqa: E731
    else:
        seconds = args.budget
        budget = lambda: Budget(seconds=seconds)  # noqa: E731
    bar = ProgressBar(len(state.history)) if not args.no_progress else None
    review = review_game(start, state.history, args.seat, budget=budget, seed=args.seed,
                         progress=(lambda done, _total: bar.show(done)) if bar else None)
    if args.json:
        print(json.dumps(review.to_dict(), indent=1))
        return 0
    print(shown(f"Review of {state.names[args.seat]} (seat {args.seat}): {len(review.decisions)} decisions"))
    for d in review.costliest(10):
        print(shown(f"  decade {d.decade} round {d.round_pos} ({d.kind}): lost {d.loss:.1f} VP - played "
                    f"{', '.join(map(str, d.played))}; better {', '.join(map(str, d.suggested))}"))
    if not review.costliest(1):
        print("  no decision cost anything measurable")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from rules.arena.bench import run

    run(quick=args.quick)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="python -m rules", description="Noblemen without a screen.")
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play whole games between computer players")
    sim.add_argument("--seats", type=seat_list, default=seat_list("greedy,random,random,random"),
                     help="3-5 players separated by commas: " + ", ".join(bot_names()))
    sim.add_argument("--seed", type=seed_number, default=1)
    sim.add_argument("--games", type=positive_int, default=1, help="play many games and report win rates")
    sim.add_argument("--first-game", action="store_true", help="everyone starts with 3 tiles of each type")
    sim.add_argument("--json", action="store_true", help="print the result as JSON")
    sim.add_argument("--log", action="store_true", help="print every event")
    sim.add_argument("--save", metavar="FILE", help="write the finished game (seed and actions) as JSON")
    sim.set_defaults(func=_cmd_simulate)

    rep = sub.add_parser("replay", help="replay a saved game, check it reproduces, print its summary")
    rep.add_argument("file")
    rep.set_defaults(func=_cmd_replay)

    rev = sub.add_parser("review", help="review one seat's play in a saved game: the costliest decisions first")
    rev.add_argument("file")
    rev.add_argument("--seat", type=seat_number, required=True, help="the seat to review (0 is the first)")
    rev.add_argument("--budget", type=budget_seconds, default=0.5, help="seconds of thinking per decision")
    rev.add_argument("--iterations", type=positive_int, default=None,
                     help="sampled worlds per decision instead (reproducible)")
    rev.add_argument("--seed", type=seed_number, default=0)
    rev.add_argument("--json", action="store_true", help="every decision, the costliest first, as JSON")
    rev.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    rev.set_defaults(func=_cmd_review)

    bench = sub.add_parser("bench", help="print speed figures")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    bench.set_defaults(func=_cmd_bench)

    add_tournament(sub)
    add_balance(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
