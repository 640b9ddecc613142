"""``review``: weigh one seat's decisions in a game record, as a chess engine marks a
game (the review itself is :mod:`cardtable.ai.review`)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from cardtable.commands.common import print_json

if TYPE_CHECKING:
    from cardtable.ai.review import Review
    from cardtable.engine.match import Match


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "review", help="weigh one seat's decisions in a game record",
        description="Weigh every decision of one seat (a person's or a computer's) from "
                    "what that seat could see then, with the hard level's sampling: the "
                    "points each one cost against the best choice, with its standard "
                    "error, marked inaccuracy, mistake or blunder, and the game's "
                    "accuracy.  The same seed gives the same output.")
    p.add_argument("record", metavar="RECORD.json", help="the record file ('-' for stdin)")
    p.add_argument("--seat", type=int, required=True, metavar="N",
                   help="the seat to review, from 0")
    p.add_argument("--seed", type=int, default=0, help="the review's seed (default 0)")
    p.add_argument("--json", action="store_true",
                   help="one JSON object: the game and the review, every decision's "
                        "choices and estimates")
    p.add_argument("--hindsight", action="store_true",
                   help="judge with every card known instead (a different question: "
                        "a fair decision can lose to the cards)")
    p.add_argument("--workers", type=workers, metavar="W",
                   help="search worker processes (default: one a core; 1: in this "
                        "process); the review is the same with any number")
    p.set_defaults(run=run, subparser=p)


def workers(text: str) -> int:
    """A number of worker processes: a whole number from 1 to 64."""
    from cardtable.engine.messages import short_repr

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {short_repr(text)}") from None
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError("must be from 1 to 64")
    return value


def run(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.subparser
    from cardtable.engine.record import RecordError

    try:
        match = _load(args.record)
    except RecordError as exc:  # as ``replay`` says it
        print_json(exc.to_json())
        return 1
    if not 0 <= args.seat < match.n:
        parser.error(f"--seat must be from 0 to {match.n - 1}: the game has {match.n} "
                     f"players")
    try:
        review = _review(match, args)
    except KeyboardInterrupt:
        print("review: interrupted", file=sys.stderr)
        return 130
    if args.json:
        print_json({"game": match.game.name, **review.to_json()})
    else:
        sys.stdout.write(table(match, review))
    return 0


def _load(path: str) -> Match:
    from cardtable.engine.record import MAX_BYTES, RecordError, load, parse_json, read_file

    if path == "-":
        if sys.stdin is None:
            raise RecordError("no standard input to read the record from")
        return load(parse_json(sys.stdin.buffer.read(MAX_BYTES + 1)))
    return load(read_file(path))


def _review(match: Match, args: argparse.Namespace) -> Review:
    """The review, on the search's worker processes (the fair one), which are shut
    down after it; progress on stderr when it is a terminal."""
    from cardtable.ai.parallel import SearchWorkers
    from cardtable.ai.review import review_match

    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\rreview: {done}/{total} decisions")
        sys.stderr.flush()

    terminal = sys.stderr is not None and sys.stderr.isatty()
    owner = SearchWorkers(args.workers)
    try:
        pool = None if args.hindsight else owner.pool()
        return review_match(match, args.seat, args.seed, hindsight=args.hindsight,
                            pool=pool, progress=progress if terminal else None)
    finally:
        owner.shutdown()
        if terminal:
            sys.stderr.write("\n")


def table(match: Match, review: Review) -> str:
    """The review for people: a line a decision (deals and moves counted from 1), then
    the game's figures."""
    seat = match.seats[review.seat]
    kind = "with every card known (hindsight)" if review.hindsight else \
        "from what the seat could see"
    lines = [f"Review of seat {review.seat} ({seat.name}) in {match.game.name}, "
             f"{kind}; seed {review.seed}",
             f"{'deal':>4} {'move':>4}  {'choice':<16} {'best':<16} "
             f"{'cost ± stderr':>15}  mark"]
    for d in review.decisions:
        cost = f"{d.cost:.2f} ± {d.stderr:.2f}" if d.samples else f"{d.cost:.2f}"
        best = "" if d.best == d.chosen else str(d.best)
        lines.append(f"{d.deal + 1:>4} {d.move + 1:>4}  {d.chosen!s:<16} {best:<16} "
                     f"{cost:>15}  {d.mark or ''}".rstrip())
    lines.append(f"{len(review.decisions)} decisions weighed, {review.forced} forced "
                 f"moves not counted")
    if review.accuracy is not None and review.average_loss is not None:
        lines.append(f"accuracy {review.accuracy:.1f} %, average loss "
                     f"{review.average_loss:.2f} points a decision; "
                     f"{review.count('inaccuracy')} inaccuracies, "
                     f"{review.count('mistake')} mistakes, {review.count('blunder')} "
                     f"blunders")
    return "\n".join(lines) + "\n"
