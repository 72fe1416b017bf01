"""The headless command line: simulate, replay, review, tournament, flaws, keeps, twins, bench.

    python -m rules simulate --seats random,greedy,greedy,random --seed 7 [--json] [--log] [--save FILE]
    python -m rules simulate --seats greedy,random,random --games 1000
    python -m rules review FILE --seat N [--iterations K | --budget S] [--json]
    python -m rules replay FILE          (a record written by simulate --save, or a save of the game)
    python -m rules flaws --games 100 --seats hard,normal,normal,normal [--json]   (see rules/arena/flaws.py)
    python -m rules keeps --games 100 --seats hard,normal,normal,normal [--json]   (see rules/arena/keeps.py)
    python -m rules twins --games 400 --seats A,B,normal,normal,normal [--json]   (see rules/arena/twins.py)
    python -m rules bench
    python -m rules balance --players 4 --games 1000 --seats normal --seed 1 [--jobs 2] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import sys

from rules.arena.balance import add_parser as add_balance
from rules.arena.files import NotAFileError, open_to_read, open_to_write
from rules.arena.flaws import add_parser as add_flaws
from rules.arena.keeps import add_parser as add_keeps
from rules.arena.log_text import event_text
from rules.arena.options import (
    EXIT_BAD_INPUT,
    OneLineParser,
    budget_seconds,
    game_count,
    iteration_count,
    seat_list,
    seat_number,
    seed_number,
)
from rules.arena.simulate import ProgressBar, play_game, play_many
from rules.arena.tournament import add_parser as add_tournament
from rules.arena.twins import add_parser as add_twins
from rules.bots import bot_names
from rules.bots.explain import Reason
from rules.bots.review import REVIEW_SAMPLES, REVIEW_SEED, estimate_review, review_game
from rules.bots.search import Budget
from rules.errors import SaveFormatError
from rules.final_result import Results
from rules.flow import new_game
from rules.model import VPSource
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
            with open_to_write(args.save) as f:
                json.dump(record, f, indent=1)
        except OSError as exc:
            print(shown(f"error: cannot write {args.save}: {_reason(exc)}"), file=sys.stderr)
            return 1
    return 0


def shown(text: str) -> str:
    """Text from a file, safe to print: control and escape characters shown as escapes, not obeyed."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _reason(exc: OSError) -> str:
    return str(exc) if isinstance(exc, NotAFileError) else exc.strerror or str(exc)


def _refuse(message: str) -> int:
    print(shown(f"error: {message}"), file=sys.stderr)
    return EXIT_BAD_INPUT


def _read(name: str) -> tuple[GameState, dict] | str:
    """The game in a file (a simulator record or a save of the game), replayed; or why it cannot be read."""
    try:
        with open_to_read(name) as f:
            text = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return f"cannot read {name}: {_reason(exc)}"
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
    from rules.final_result import results

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
    if args.budget is not None and args.iterations is None:
        half = args.budget / 2  # the race and the loss measured afresh share a decision's time
        budget = lambda: Budget(seconds=half)  # noqa: E731
        size = estimate_review(start, state.history, args.seat, seconds=args.budget)
    else:
        iterations = args.iterations or REVIEW_SAMPLES
        budget = lambda: Budget(samples=iterations)  # noqa: E731
        size = estimate_review(start, state.history, args.seat, samples=iterations)
    minutes = max(1, round(size.seconds / 60))
    print(shown(f"Reviewing {size.decisions} decisions of {state.names[args.seat]} (seat {args.seat}): about "
                f"{minutes} minute{'s' if minutes > 1 else ''}."), file=sys.stderr)
    bar = ProgressBar(len(state.history)) if not args.no_progress else None
    review = review_game(start, state.history, args.seat, budget=budget, seed=args.seed,
                         progress=(lambda done, _total: bar.show(done)) if bar else None)
    if args.json:
        print(json.dumps(review.to_dict(), indent=1))
        return 0
    print(shown(f"Review of {state.names[args.seat]} (seat {args.seat}): {len(review.decisions)} decisions"))
    for d in review.costliest(10):
        print(shown(f"  decade {d.decade} round {d.round_pos} ({d.kind}): lost {d.loss:.1f} VP - played "
                    f"{', '.join(map(str, d.played))} ({reasons_text(d.played_reasons)}); better "
                    f"{', '.join(map(str, d.suggested))} ({reasons_text(d.suggested_reasons)})"))
    if not review.costliest(1):
        print("  no decision cost anything measurable")
    return 0


def reasons_text(reasons: tuple[Reason, ...]) -> str:
    """The reasons as data in short English: "region count 1 region forest; tiles amount 3 cause expanding"."""
    parts = []
    for reason in reasons:
        fields = reason.to_dict()
        gain = fields.pop("gain")
        parts.append(" ".join([gain, *(f"{key} {value}" for key, value in fields.items())]))
    return "; ".join(parts) or "no reason found"


REVIEW_FIELDS = """\
The report (--json): the reviewed seat ("seat", "name"), "complete", every decision of that seat in the
game's order ("decisions"), the five that lost the most ("costliest", the biggest loss first, equal losses in
the game's order: the order the Review screen shows for the same save, seat, seed and iterations) and the
curve of each player's expected final score ("curve").

Each decision:
  index          where it starts among the game's actions (0 is the first)
  decade, round  when: the decade (1-3) and the round marker's space (0-10)
  kind           "turn" (a whole turn) or "ball" (what was handed back at a masked ball)
  played         the actions the seat took, in the text form of saves and replays
  suggested      the best move Hard's search found from the seat's view at the time (the played one if none
                 beat it)
  played_value, best_value
                 each move's mean result on sampled worlds, played on to the next ball or building scoring
                 (in the last decade to the end): the seat's VP plus the evaluation of what it then holds
                 (money, tiles, estate, cards, bribes, the Queen, the expected title) in VP-equivalents, minus
                 the other players' mean of the same. The two are measured on fresh worlds, after the race
                 that chose the best move: on the race's own worlds the best would look better by its luck.
  loss           best_value - played_value, in VP-equivalents (negative: the played move did better)
  played_reasons, suggested_reasons
                 why each move is good, in the game's terms, as data: "gain" says what (region, title,
                 scoring, folly, queen, money, tiles, vp, knight, card, hand back, ...), the other fields how
                 much and of what (amount: VP, pounds or tiles as the gain says; count; prestige; region;
                 building; title; card; cause; source; seat: another player's seat)

Each point of the curve: "index" (the action it follows) and "scores" (each seat's expected final score: VP
plus the evaluation of what is held, the VP at the end of a finished game).

The review is reproducible with --iterations (fixed work); --budget (seconds) depends on the machine's speed.
"""


def _cmd_bench(args: argparse.Namespace) -> int:
    from rules.arena.bench import run

    run(quick=args.quick)
    return 0


#: the name the command line is run by: the installed script, unless ``python -m rules`` passes its own
PROG = "noblemen-cli"


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    parser = OneLineParser(prog=prog, description="Noblemen without a screen.")
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play whole games between computer players")
    sim.add_argument("--seats", type=seat_list, default=seat_list("greedy,random,random,random"),
                     help="3-5 players separated by commas: " + ", ".join(bot_names()))
    sim.add_argument("--seed", type=seed_number, default=1)
    sim.add_argument("--games", type=game_count, default=1, help="play many games and report win rates")
    sim.add_argument("--first-game", action="store_true", help="everyone starts with 3 tiles of each type")
    sim.add_argument("--json", action="store_true", help="print the result as JSON")
    sim.add_argument("--log", action="store_true", help="print every event")
    sim.add_argument("--save", metavar="FILE", help="write the finished game (seed and actions) as JSON")
    sim.set_defaults(func=_cmd_simulate)

    rep = sub.add_parser("replay", help="replay a saved game, check it reproduces, print its summary")
    rep.add_argument("file")
    rep.set_defaults(func=_cmd_replay)

    rev = sub.add_parser("review", help="review one seat's play in a saved game: the costliest decisions first",
                         description="Review one seat's play in a saved game, as the game's Review screen does: "
                                     "the costliest decisions first, with the better move and why.",
                         epilog=REVIEW_FIELDS, formatter_class=argparse.RawDescriptionHelpFormatter)
    rev.add_argument("file")
    rev.add_argument("--seat", type=seat_number, required=True, help="the seat to review (0 is the first)")
    work = rev.add_mutually_exclusive_group()
    work.add_argument("--iterations", type=iteration_count, default=None,
                      help=f"sampled worlds per decision (default {REVIEW_SAMPLES}, as the Review screen)")
    work.add_argument("--budget", type=budget_seconds, default=None,
                      help="seconds of thinking per decision instead of a number of worlds (not reproducible)")
    rev.add_argument("--seed", type=seed_number, default=REVIEW_SEED,
                     help=f"the seed of the sampled worlds (default {REVIEW_SEED}, as the Review screen)")
    rev.add_argument("--json", action="store_true", help="the whole report as JSON (its fields below)")
    rev.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    rev.set_defaults(func=_cmd_review)

    bench = sub.add_parser("bench", help="print speed figures")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    bench.set_defaults(func=_cmd_bench)

    add_tournament(sub)
    add_flaws(sub)
    add_keeps(sub)
    add_twins(sub)
    add_balance(sub)
    return parser


#: the status of a command whose reader left (``| head -1``), as a shell reports one stopped by SIGPIPE
EXIT_READER_LEFT = 128 + 13
#: what writing the output can meet besides a reader that left: a full disk or quota, a file too big, a dead device
_OUTPUT_ERRORS = {getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO") if hasattr(errno, name)}


def _drop_unwritten_output() -> None:
    """Point standard output at nothing, so the text it could not write is not tried again at exit."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):
        return
    with contextlib.suppress(OSError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), fd)


def main(argv: list[str] | None = None, prog: str = PROG) -> int:
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    try:
        code = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_unwritten_output()
        return EXIT_READER_LEFT
    except OSError as exc:
        if exc.errno not in _OUTPUT_ERRORS:
            raise
        _drop_unwritten_output()
        print(f"{parser.prog}: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
