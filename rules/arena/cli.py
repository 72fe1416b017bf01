"""The headless command line: simulate, replay, tournament, bench.

    python -m rules simulate --seats random,greedy,greedy,random --seed 7 [--json] [--log] [--save FILE]
    python -m rules simulate --seats greedy,random,random --games 1000
    python -m rules replay FILE
    python -m rules bench
"""

from __future__ import annotations

import argparse
import json
import sys

from rules.arena.options import EXIT_BAD_INPUT, OneLineParser, positive_int, seat_list, seed_number
from rules.arena.simulate import ProgressBar, play_game, play_many
from rules.arena.tournament import add_parser as add_tournament
from rules.bots import bot_names
from rules.errors import SaveFormatError
from rules.model import VPSource
from rules.results import Results
from rules.serialize import game_from_json, game_to_dict


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
            print(event.text(game.state.names))
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


def _cmd_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, "rb") as f:
            text = f.read(64 * 1024 * 1024 + 1)
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        state = game_from_json(text)
        record = json.loads(text)
    except SaveFormatError as exc:
        print(f"error: {args.file}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    from rules.results import results

    result = results(state)
    recorded = record.get("result")
    if recorded is not None and recorded != result.to_dict():
        print(f"error: {args.file}: the replay does not reproduce the recorded result", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not state.over:
        print(f"(the game in {args.file} is not finished: standings after {len(state.history)} actions)")
    print(summary_text(result, state.ball_titles))
    if recorded is not None:
        print("\nThe replay reproduces the recorded result.")
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

    bench = sub.add_parser("bench", help="print speed figures")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    bench.set_defaults(func=_cmd_bench)

    add_tournament(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
