"""The review of a finished (or unfinished) game: how much each of one seat's decisions
cost, judged from what that seat could see at that moment — as a chess engine marks
inaccuracies, mistakes and blunders.

**What a decision is worth.**  The ``hard`` level's own search pieces judge it: its
sampler deals the cards the seat could not see in a way consistent with its view
(never the hidden cards themselves), its rollout plays each choice out, and its
evaluation reads the result.  Every evaluation of the three games is *the seat's
points minus the others' mean*; the review reports it times ``(n − 1) / n``, which is
*the seat's points minus the whole table's mean*.  A difference of that is the same as
a difference of the seat's own points wherever a deal's points all go to someone (every
deal of Кинг, every розыгрыш of Метаморфоза), and in Трефы it also counts what a choice
does to the others.  So "it cost 4 points" means 4 points of the game.

**How it is measured, in two stages, both on common samples** (every action played
out on the same deals of the unseen cards, so that their comparison is paired):

1. *Selection*: :data:`SELECT_SAMPLES` samples, every legal action played out on each;
   the best mean is the candidate better choice.  Their means and standard errors are
   the estimates a person sees for every choice.
2. *Estimate*: fresh samples, from a new pool of candidate deals (so that picking the
   best of noisy means does not inflate the cost), the candidate and the chosen action
   played out on each, in batches of :data:`ESTIMATE_SAMPLES` until the paired
   difference's standard error is below a quarter of the game's smallest mark or
   :data:`MAX_ESTIMATE_SAMPLES` are spent.  The cost is that difference (never below
   0: a chosen action found as good is the best), reported with its standard error.

**Marks** (:class:`Scale`, per game, in points): a cost at least the game's
inaccuracy, mistake or blunder figure *and* more than :data:`NOISE` standard errors is
marked so; anything else is not marked.  A forced move (one legal action) is not a
decision: it is counted apart and never weighed.

**Accuracy**: each decision scores ``100 × 2^(−cost / mistake)`` — 100 for the best
choice, 71 for an inaccuracy's worth of points at a scale where a mistake is twice
that, 50 for a mistake's worth, 25 for a blunder's — and the game's accuracy is the
mean over its decisions.  The average loss is the mean cost.

**Reproducible**: everything a decision draws comes from a generator seeded by the
review's seed, the deal and the move, and each stage of it has a new ``hard`` player
whose pool of candidate deals (drawn and weighed once a decision, as ``hard`` does) is
drawn from that generator too; a decision is weighed whole, on one of the search's
worker processes or here — so the same seed gives the same review on any number of
cores.  There is no time limit, only a cancel.

**Hindsight** (``hindsight=True``) judges the same decisions with every card known:
the ``cheater`` benchmark player's samples are the true state.  It is a different
question ("with the cards as they were"), kept apart from the fair review and never
mixed into its figures.

No Qt here: the table runs a review in a worker thread.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.actions import ACTIONS, Action, action_from_json, action_to_json
from cardtable.engine.match import ActStep, DealStep, Match

REVIEW_VERSION = 1
"""The method's version, written with every stored review: a reader that finds another
version (or a review it cannot read) ignores it and reviews again."""
MARKS = ("inaccuracy", "mistake", "blunder")
"""The marks, mildest first."""
SELECT_SAMPLES = 256
"""Samples of the selection stage (every legal action played out on each)."""
ESTIMATE_SAMPLES = 128
"""Samples of each batch of the estimate stage (two actions played out on each)."""
MAX_ESTIMATE_SAMPLES = 1024
"""The estimate stage stops here even if its standard error is still larger than wanted."""
CHUNK = 16
"""Samples a chunk: the unit of work on a worker, each with a seed of its own."""
NOISE = 2.0
"""A cost is marked only when it is more than this many standard errors."""


class ReviewCancelled(Exception):
    """The review was cancelled before it finished."""


@dataclass(frozen=True)
class Scale:
    """A game's marks in points: a cost at least ``blunder`` (and beyond the noise) is a
    blunder, at least ``mistake`` a mistake, at least ``inaccuracy`` an inaccuracy."""

    inaccuracy: float
    mistake: float
    blunder: float

    def mark(self, cost: float, stderr: float) -> str | None:
        """The mark of a decision that cost ``cost`` ± ``stderr`` points, or None."""
        if cost <= NOISE * stderr:
            return None
        for name, limit in (("blunder", self.blunder), ("mistake", self.mistake),
                            ("inaccuracy", self.inaccuracy)):
            if cost >= limit:
                return name
        return None

    def accuracy(self, cost: float) -> float:
        """One decision's accuracy, 0–100 (see the module's notes)."""
        return 100.0 * 2.0 ** (-max(0.0, cost) / self.mistake)

    def to_json(self) -> dict[str, float]:
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake,
                "blunder": self.blunder}


@dataclass(frozen=True)
class Estimate:
    """One choice's expected points (see the module's notes) and its standard error,
    from the selection stage's ``samples`` samples."""

    action: Action
    value: float
    stderr: float
    samples: int


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: deal ``deal`` (from 0), the ``move``-th action
    of that deal (from 0), taken at ``position`` of the game's history (the steps
    before it: where Watch again stands to show it)."""

    deal: int
    move: int
    position: int
    chosen: Action
    best: Action
    cost: float
    """Points lost against ``best`` on average (0 when the choice was the best)."""
    stderr: float
    """The standard error of ``cost``."""
    samples: int
    """The paired samples behind ``cost`` (0 when the choice was the best)."""
    mark: str | None
    estimates: tuple[Estimate, ...]
    """Every legal choice, best first."""

    def estimate_of(self, action: Action) -> Estimate | None:
        return next((e for e in self.estimates if e.action == action), None)


@dataclass(frozen=True)
class Review:
    """A seat's decisions in one game, judged fairly (or, with ``hindsight``, with every
    card known).  ``forced`` counts the moves that had no choice."""

    game: str
    seat: int
    seed: int
    scale: Scale
    decisions: tuple[Decision, ...]
    forced: int
    hindsight: bool = False
    version: int = REVIEW_VERSION

    @property
    def average_loss(self) -> float | None:
        """Points lost a decision on average (None: no decision to weigh)."""
        if not self.decisions:
            return None
        return sum(d.cost for d in self.decisions) / len(self.decisions)

    @property
    def accuracy(self) -> float | None:
        """The mean of the decisions' accuracies, 0–100 (None: no decision)."""
        if not self.decisions:
            return None
        return sum(self.scale.accuracy(d.cost) for d in self.decisions) / len(self.decisions)

    def marked(self) -> list[Decision]:
        """The marked decisions, costliest first."""
        return sorted((d for d in self.decisions if d.mark is not None),
                      key=lambda d: (-d.cost, d.position))

    def count(self, mark: str) -> int:
        return sum(1 for d in self.decisions if d.mark == mark)

    def to_json(self) -> dict[str, Any]:
        """The review as one JSON object: what ``review --json`` prints and what the
        record keeps (its optional ``reviews`` list)."""
        return {
            "method": self.version,
            "seat": self.seat,
            "seed": self.seed,
            "hindsight": self.hindsight,
            "scale": self.scale.to_json(),
            "accuracy": _round(self.accuracy),
            "average_loss": _round(self.average_loss),
            "forced": self.forced,
            "marks": {mark: self.count(mark) for mark in MARKS},
            "decisions": [_decision_json(d) for d in self.decisions],
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _decision_json(d: Decision) -> dict[str, Any]:
    return {
        "deal": d.deal,
        "move": d.move,
        "position": d.position,
        "choice": action_to_json(d.chosen),
        "best": action_to_json(d.best),
        "cost": _round(d.cost),
        "stderr": _round(d.stderr),
        "samples": d.samples,
        "mark": d.mark,
        "estimates": [{"action": action_to_json(e.action), "value": _round(e.value),
                       "stderr": _round(e.stderr), "samples": e.samples}
                      for e in d.estimates],
    }


# --- reading a stored review ---------------------------------------------------------------


def review_from_json(data: Any, match: Match) -> Review | None:
    """A review kept in ``match``'s record, or None when it cannot be used: another
    method's version, a seat or position that is not this game's, or anything
    malformed — the caller then reviews again.  Keys it does not know are ignored."""
    try:
        return _read_review(data, match)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def _read_review(data: Any, match: Match) -> Review | None:
    if type(data) is not dict or data.get("method") != REVIEW_VERSION:
        return None
    seat = _int(data["seat"], 0, match.n - 1)
    seed = data["seed"]
    if type(seed) is not int:
        return None
    hindsight = data.get("hindsight", False)
    if type(hindsight) is not bool:
        return None
    scale = scale_for(match.game.name, match.state.options)
    steps = match.steps()
    decisions = []
    for item in data["decisions"]:
        position = _int(item["position"], 0, len(steps) - 1)
        step = steps[position]
        chosen = _action(item["choice"])
        if not isinstance(step, ActStep) or step.seat != seat or step.action != chosen:
            return None  # a review of another game
        estimates = tuple(Estimate(_action(e["action"]), _float(e["value"]),
                                   _float(e["stderr"]), _int(e["samples"], 0, 10 ** 9))
                          for e in item["estimates"])
        cost, stderr = _float(item["cost"]), _float(item["stderr"])
        decisions.append(Decision(
            deal=_int(item["deal"], 0, 10 ** 6), move=_int(item["move"], 0, 10 ** 6),
            position=position, chosen=chosen, best=_action(item["best"]),
            cost=cost, stderr=stderr, samples=_int(item["samples"], 0, 10 ** 9),
            mark=scale.mark(cost, stderr), estimates=estimates))
    forced = _int(data.get("forced", 0), 0, 10 ** 6)
    return Review(match.game.name, seat, seed, scale, tuple(decisions), forced, hindsight)


def _action(data: Any) -> Action:
    """The action of a stored choice or estimate: its type and fields, anything else
    (an estimate's figures, a newer program's keys) left aside."""
    if type(data) is not dict:
        raise TypeError("an action is an object")
    kind = data.get("type")
    cls = ACTIONS.get(kind) if type(kind) is str else None
    if cls is None:
        raise ValueError("an action of no known type")
    return action_from_json({k: v for k, v in data.items() if k in ("type", *cls.FIELDS)})


def _int(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"a whole number from {low} to {high}")
    return value


def _float(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise ValueError("a finite number")
    return float(value)


def stored_review(match: Match, seat: int, hindsight: bool = False) -> Review | None:
    """The review of ``seat`` kept with the match's record, if there is a usable one."""
    for data in getattr(match, "reviews", ()):
        if type(data) is dict and data.get("seat") == seat \
                and data.get("hindsight", False) is hindsight:
            review = review_from_json(data, match)
            if review is not None:
                return review
    return None


def keep_review(match: Match, review: Review) -> None:
    """Keep ``review`` with the match's record, in place of an older one of the same
    seat and kind (written when the record is next saved)."""
    kept = [r for r in match.reviews
            if not (type(r) is dict and r.get("seat") == review.seat
                    and r.get("hindsight", False) is review.hindsight)]
    kept.append(review.to_json())
    match.reviews = kept


# --- reviewing --------------------------------------------------------------------------


def scale_for(game: str, options: Any) -> Scale:
    """``game``'s marks in points for these options: its ``hard`` player's
    ``review_scale(options)`` (each game says its own)."""
    from cardtable.ai import make_player

    player_class: Any = type(make_player(game, "hard"))
    inaccuracy, mistake, blunder = player_class.review_scale(options)
    return Scale(float(inaccuracy), float(mistake), float(blunder))


@dataclass
class _Task:
    """One decision to weigh: the seat's view then (and, for hindsight only, the whole
    state), its legal actions and the one it chose."""

    deal: int
    move: int
    position: int
    view: Any
    legal: tuple[Action, ...]
    chosen: int
    state: Any = None


@dataclass(frozen=True)
class _Method:
    """What weighs every decision of a review alike: the game, its scale, the seed, the
    kind of review and the factor from an evaluation to points, (n − 1) / n."""

    game: str
    scale: Scale
    seed: int
    points: float
    hindsight: bool = False


class _Readers(threading.local):
    """A thread's (or worker process's) play readers, one a game, lent to every new
    player (see :func:`_player`)."""

    def __init__(self) -> None:
        self.by_game: dict[str, Any] = {}


_READERS = _Readers()


def _player(method: _Method, task: _Task, rng: random.Random) -> Any:
    """A new player for one stage of a decision.  ``hard``'s sampler draws and weighs
    its pool of candidate deals at a decision's first sample and keeps it for the
    decision; a new player, whose first sample is drawn here from a seed of the
    decision's own, makes that pool the same wherever the stage runs.  Its play reader
    (whose answers depend on nothing but the question, and which remembers them along
    a deal) is this thread's, so that the reading is not redone at every stage."""
    from cardtable.ai import make_bench_player, make_player

    pool_seed = rng.getrandbits(64)
    if method.hindsight:
        return make_bench_player(method.game, "cheater")
    player: Any = make_player(method.game, "hard")
    sampler = player.sampler
    if getattr(sampler, "reader", None) is not None:
        sampler.reader = _READERS.by_game.setdefault(method.game, sampler.reader)
    sampler(task.view, random.Random(pool_seed))
    return player


def _rows(player: Any, method: _Method, task: _Task, indices: tuple[int, ...],
          samples: int, rng: random.Random,
          cancel: threading.Event | None) -> list[list[float]]:
    """``samples`` rows of values in points, one per sample, one value per index: in
    chunks of :data:`CHUNK` samples, each with a seed of its own (a cancel is seen
    between chunks)."""
    rows: list[list[float]] = []
    for start in range(0, samples, CHUNK):
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled
        size = min(CHUNK, samples - start)
        chunk_rng = random.Random(rng.getrandbits(64))
        if method.hindsight:
            rows += [player.sample_values(player.true_sample(task.state, chunk_rng),
                                          task.view.seat, task.legal, indices, chunk_rng)
                     for _ in range(size)]
        else:
            rows += sample_rows(player, task.view, task.legal, indices, size, chunk_rng)
    return [[v * method.points for v in row] for row in rows]


def sample_rows(player: Any, view: Any, legal: Sequence[Action], indices: Sequence[int],
                samples: int, rng: random.Random) -> list[list[float]]:
    """``samples`` samples of ``view`` dealt by ``player``'s sampler, each action of
    ``indices`` played out on every one: a row of values per sample."""
    return [player.sample_values(player.sampler(view, rng), view.seat, legal, indices, rng)
            for _ in range(samples)]


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def weigh(task: _Task, method: _Method, cancel: threading.Event | None = None) -> Decision:
    """One decision weighed (see the module's notes), in this thread or a worker
    process: everything it draws comes from the review's seed, the deal and the move,
    so it is the same wherever it runs.  The estimate stage has a new player, so its
    samples come from a pool of candidate deals of their own, apart from the one the
    selection was made on."""
    rng = random.Random(f"review:{method.seed}:{task.deal}:{task.move}")
    everyone = tuple(range(len(task.legal)))
    rows = _rows(_player(method, task, rng), method, task, everyone, SELECT_SAMPLES, rng,
                 cancel)
    stats = [_mean_and_error([row[i] for row in rows]) for i in everyone]
    # best first; a tie keeps the chosen action ahead (it was as good), then the rules' order
    order = sorted(everyone, key=lambda i: (-stats[i][0], i != task.chosen, i))
    estimates = tuple(Estimate(task.legal[i], stats[i][0], stats[i][1], len(rows))
                      for i in order)
    best = order[0]
    cost = stderr = 0.0
    samples = 0
    if best != task.chosen:
        player = _player(method, task, rng)
        diffs: list[float] = []
        target = method.scale.inaccuracy / 4
        mean = 0.0
        while len(diffs) < MAX_ESTIMATE_SAMPLES:
            more = _rows(player, method, task, (best, task.chosen), ESTIMATE_SAMPLES, rng,
                         cancel)
            diffs.extend(a - b for a, b in more)
            mean, stderr = _mean_and_error(diffs)
            if stderr <= target:
                break
        samples = len(diffs)
        if mean > 0:
            cost = mean
        else:  # measured afresh, the chosen action is as good: it was the best
            best = task.chosen
    return Decision(task.deal, task.move, task.position, task.legal[task.chosen],
                    task.legal[best], cost, stderr, samples,
                    method.scale.mark(cost, stderr), estimates)


def decisions_of(match: Match, seat: int, hindsight: bool = False) -> tuple[list[_Task], int]:
    """The seat's decisions in ``match`` (its views only; the whole state only for
    hindsight) and how many of its moves were forced."""
    game = match.game
    again = Match(game, game.new(match.state.options, match.state.first_dealer),
                  match.seats, match.seed)
    tasks: list[_Task] = []
    forced = 0
    deal = -1
    move = 0
    for position, step in enumerate(match.steps()):
        if isinstance(step, DealStep):
            deal += 1
            move = 0
        elif step.seat == seat:
            state = again.state
            legal = tuple(state.legal_actions())
            if len(legal) < 2:
                forced += 1
            else:
                tasks.append(_Task(deal, move, position, state.view(seat), legal,
                                   legal.index(step.action),
                                   state.clone() if hindsight else None))
            move += 1
        else:
            move += 1
        again.take(step)
    return tasks, forced


Progress = Callable[[int, int], None]
"""``(decisions weighed, decisions in all)``, called after each one."""

WAIT = 0.05
"""Seconds between looks at the cancel while a worker weighs a decision."""


def review_match(match: Match, seat: int, seed: int = 0, *, hindsight: bool = False,
                 pool: Any = None, progress: Progress | None = None,
                 cancel: threading.Event | None = None) -> Review:
    """Review ``seat``'s decisions in ``match`` (see the module's notes).  ``pool``: a
    :class:`cardtable.ai.parallel.SearchPool` whose workers weigh the decisions, as
    many at once as it has workers (the fair review only; None: this thread) — the
    review is the same either way.  ``cancel`` set: :class:`ReviewCancelled` soon
    after (at the next chunk here, at once with a pool)."""
    if not 0 <= seat < match.n:
        raise ValueError(f"a seat from 0 to {match.n - 1}, not {seat}")
    name = match.game.name
    method = _Method(name, scale_for(name, match.state.options), seed,
                     (match.n - 1) / match.n, hindsight)
    tasks, forced = decisions_of(match, seat, hindsight)
    if pool is not None and not hindsight:
        decisions = _on_workers(pool, tasks, method, progress, cancel)
    else:
        decisions = []
        for done, task in enumerate(tasks, 1):
            decisions.append(weigh(task, method, cancel))
            if progress is not None:
                progress(done, len(tasks))
    return Review(name, seat, seed, method.scale, tuple(decisions), forced, hindsight)


def _on_workers(pool: Any, tasks: Sequence[_Task], method: _Method,
                progress: Progress | None,
                cancel: threading.Event | None) -> list[Decision]:
    """The decisions weighed on ``pool``'s workers, no more at once than it has
    workers (so that a search sharing the pool waits for one decision at most), and
    put together in order."""
    decisions: list[Decision] = []
    running: list[Any] = []
    ahead = max(1, pool.workers)
    try:
        for done in range(len(tasks)):
            while len(running) < ahead and done + len(running) < len(tasks):
                running.append(pool.submit_review(tasks[done + len(running)], method))
            while True:
                if cancel is not None and cancel.is_set():
                    raise ReviewCancelled
                try:
                    decisions.append(running[0].result(timeout=WAIT))
                    break
                except TimeoutError:
                    continue
            running.pop(0)
            if progress is not None:
                progress(done + 1, len(tasks))
    finally:
        for future in running:
            future.cancel()
    return decisions


__all__ = ["CHUNK", "ESTIMATE_SAMPLES", "MARKS", "MAX_ESTIMATE_SAMPLES", "NOISE",
           "REVIEW_VERSION", "SELECT_SAMPLES", "Decision", "Estimate", "Review",
           "ReviewCancelled", "Scale", "decisions_of", "keep_review", "review_from_json",
           "review_match", "sample_rows", "scale_for", "stored_review", "weigh"]
