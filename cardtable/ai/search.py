"""The game-agnostic search behind the ``hard`` and ``cheater`` levels.

Determinized search (perfect-information Monte Carlo): a per-game *sampler* deals the
cards the seat cannot see in a way consistent with its view, a per-game *rollout*
policy plays the deal out on that full state, and each legal action's value is the
mean over such playouts of an *evaluation* at the horizon (by default the end of the
deal).

How the fixed playout budget is spread: **sequential halving** (Karnin, Koren, Somekh
2013) over the legal actions, with **common samples**.  The budget is cut into
⌈log2 actions⌉ rounds; in each round every surviving action is played out on the same
fresh samples, then the worse half (by mean over all its samples so far) is dropped.
Why this rather than a flat split or UCB:

* the budget is a fixed number of playouts, so a seed reproduces the decision and the
  time is predictable; sequential halving is the fixed-budget best-arm method, where
  UCB's exploration constant would have to match each game's score scale (−40 for the
  king of hearts in 3-player Кинг, ±10 in Трефы);
* clearly bad actions stop eating playouts after the first round, so the two or three
  real candidates get most of the budget;
* actions that survive together have been tried on exactly the same deals, so their
  comparison is paired and much less noisy than independent samples would allow.

The search never deals a new deal with the default horizon, and nothing in the inner
loop costs more than ``state.clone()``, the rollout's moves and a deadline check.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import wait
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from cardtable.ai.base import Player
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, GameState

StateT = TypeVar("StateT", bound=GameState)
"""The state class of one game's search: what its sampler deals and its rollout,
evaluation and horizon read."""

Sampler = Callable[[Any, random.Random], StateT]
"""``(view, rng) -> state``: a full state (a clone the search may mutate) consistent with
everything the view shows, at the same decision point: ``state.to_move`` is the view's
seat and ``state.legal_actions()`` equals the legal actions the seat has now."""

def state_at_deal(game: Game, view: Any) -> GameState:
    """A new state of ``game`` standing at the view's deal (:meth:`Game.at_deal`): a
    sampler starts here and adds what the view shows of the deal itself."""
    return game.at_deal(view)


Rollout = Callable[[StateT, random.Random], Action]
"""A fast move policy on the full state (it runs inside a sample, so it may look at
every card), used to play out the rest of the deal."""

Evaluate = Callable[[StateT, int], float]
"""The value for ``seat`` of a state at the end of the rollout horizon."""

Horizon = Callable[[StateT], bool]
"""True when a playout should stop and be evaluated."""


def deal_value(state: GameState, seat: int) -> float:
    """The default evaluation: ``seat``'s score for the deal just finished minus the mean
    of the other seats' scores for it (a zero-sum view of a deal in every game)."""
    row = state.deal_scores[-1]
    mine = row[seat]
    return mine - (sum(row) - mine) / (len(row) - 1)


def random_rollout(state: GameState, rng: random.Random) -> Action:
    """The simplest rollout policy: a uniformly random legal action."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


@dataclass(frozen=True)
class SearchStats:
    """What the last search did: playouts run, samples drawn, seconds spent, and whether
    it stopped early (cancelled or out of time)."""

    playouts: int
    samples: int
    seconds: float
    stopped_early: bool


_GRACE = 0.25
"""Seconds a stopped search waits for its workers' last playouts."""


class _Stop(Exception):
    """Raised inside the search loop when it is cancelled or out of time."""


class SearchPlayer(Generic[StateT]):
    """Determinized search: sample hidden cards consistent with the view, try each legal
    action over the samples with playouts, pick the best mean.

    ``playouts`` fixes the work (so a seed reproduces the decision); ``max_seconds`` is
    only a safety cap, lowered by the caller's ``budget``.  ``horizon`` defaults to the
    end of the current deal; a custom one may run past it (a new deal is then dealt at
    random) and should come with an ``evaluate`` that reads the state it stops at.
    ``fallback`` answers when the search is stopped before any playout finished.
    """

    def __init__(self, sampler: Sampler[StateT], rollout: Rollout[StateT], *,
                 playouts: int = 1000, max_seconds: float = 0.9,
                 evaluate: Evaluate[StateT] | None = None,
                 horizon: Horizon[StateT] | None = None,
                 fallback: Player | None = None) -> None:
        if playouts < 1:
            raise ValueError("playouts must be at least 1")
        if not max_seconds > 0:
            raise ValueError("max_seconds must be more than 0")
        self.sampler = sampler
        self.rollout = rollout
        self.playouts = playouts
        self.max_seconds = max_seconds
        self.evaluate: Evaluate[StateT] = evaluate if evaluate is not None else deal_value
        self.horizon = horizon
        self.fallback = fallback
        self.last_stats: SearchStats | None = None
        self._cancelled = threading.Event()
        self._stop_event: Any = None
        """A worker's: the pool's event that stops every worker's playouts at once."""
        self.pool: Any = None
        """A :class:`cardtable.ai.parallel.SearchPool` to spread the samples over, or
        None: everything in this thread (see :meth:`use_pool`)."""
        self.registry_key: tuple[str, str] | None = None
        """(game, level) as the registry made it: how a worker makes the same player."""

    def use_pool(self, pool: Any) -> None:
        """Search with ``pool``'s workers from now on (None: alone again), with as many
        times the playouts as there are workers — the same time per decision."""
        workers = 1 if self.pool is None else self.pool.workers
        self._scale_playouts(pool.workers if pool is not None else 1, workers)
        self.pool = pool

    def _scale_playouts(self, new: int, old: int) -> None:
        self.playouts = max(1, self.playouts * new // old)

    # --- the Player protocol ---------------------------------------------------------

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        return self.evaluate_actions(view, legal, rng, budget)[0][0]

    def evaluate_actions(self, view: Any, legal: Sequence[Action], rng: random.Random,
                         budget: float | None = None) -> list[tuple[Action, float, int]]:
        """(action, mean value, playouts) for every legal action, best first (the GUI's
        hint uses this).  Actions dropped early have fewer playouts; the first one is
        what :meth:`choose` plays.  A forced move is not searched (0 playouts)."""
        if len(legal) == 1:
            return [(legal[0], 0.0, 0)]
        sampler = self.sampler
        return self._search(lambda: sampler(view, rng), view.seat, legal, rng, budget,
                            lambda: view, shared_view=view)

    def cancel(self) -> None:
        """Stop the search in progress (from any thread): ``choose`` then returns its
        best action so far at the next playout boundary.  Every search starts afresh,
        so a cancel sent before a search begins does not reach it."""
        self._cancelled.set()

    # --- the search ------------------------------------------------------------------

    def _search(self, new_sample: Callable[[], StateT], seat: int,
                legal: Sequence[Action], rng: random.Random, budget: float | None,
                view_of: Callable[[], Any], shared_view: Any = None,
                ) -> list[tuple[Action, float, int]]:
        """``shared_view``: the view the samples come from, when workers may deal
        them too (never the true state: the cheater searches alone)."""
        self._cancelled.clear()
        pool = self.pool if shared_view is not None and self.registry_key else None
        if pool is not None:
            pool.cancel.clear()
        start = time.perf_counter()
        cap = self.max_seconds if budget is None else min(self.max_seconds, budget)
        deadline = start + cap
        n_actions = len(legal)
        totals = [0.0] * n_actions
        counts = [0] * n_actions
        rounds_reached = [0] * n_actions
        alive = list(range(n_actions))
        rounds = max(1, math.ceil(math.log2(n_actions)))
        samples = 0
        stopped = False
        try:
            for r in range(rounds):
                for i in alive:
                    rounds_reached[i] = r + 1
                left = self.playouts - sum(counts)
                per_action = max(1, left // (rounds - r) // len(alive))
                if pool is not None:
                    drawn, complete = self._parallel_round(pool, shared_view, legal, alive,
                                                           per_action, rng, totals, counts,
                                                           deadline)
                    samples += drawn
                    if not complete:
                        raise _Stop  # cancelled, or out of time
                else:
                    for _ in range(per_action):
                        self._check(deadline)  # before sampling, which may take a while
                        self._playout_sample(new_sample(), seat, legal, alive, rng,
                                             totals, counts, deadline)
                        samples += 1
                if r < rounds - 1:
                    keep = (len(alive) + 1) // 2
                    alive = sorted(alive, key=lambda i: -totals[i] / counts[i])[:keep]
        except _Stop:
            stopped = True
        self.last_stats = SearchStats(sum(counts), samples, time.perf_counter() - start,
                                      stopped)
        if not any(counts):
            if self.fallback is not None:
                choice = self.fallback.choose(view_of(), legal, rng, budget)
            else:
                choice = legal[0]
            return [(a, 0.0, 0) for a in sorted(legal, key=lambda a: a != choice)]

        def rank(i: int) -> tuple[int, float, int]:
            mean = totals[i] / counts[i] if counts[i] else -math.inf
            return (-rounds_reached[i], -mean, i)

        return [(legal[i], totals[i] / counts[i] if counts[i] else 0.0, counts[i])
                for i in sorted(range(n_actions), key=rank)]

    def _playout_sample(self, sample: StateT, seat: int, legal: Sequence[Action],
                        alive: list[int], rng: random.Random, totals: list[float],
                        counts: list[int], deadline: float) -> None:
        """Play every surviving action once on ``sample`` (the last one on the sample
        itself, which the sampler handed over to be mutated)."""
        rollout = self.rollout
        evaluate = self.evaluate
        horizon = self.horizon
        check = self._check
        last = len(alive) - 1
        for k, i in enumerate(alive):
            if k:
                check(deadline)
            # cast: every state class's clone() returns its own class (GameState.clone is
            # only typed as returning the base class)
            state = sample if k == last else cast(StateT, sample.clone())
            state.apply(legal[i])
            if horizon is None:
                while state.to_move is not None:
                    state.apply(rollout(state, rng))
            else:
                self._play_to_horizon(state, horizon, rng)
            totals[i] += evaluate(state, seat)
            counts[i] += 1

    def sample_values(self, sample: StateT, seat: int, legal: Sequence[Action],
                      indices: Sequence[int], rng: random.Random) -> list[float]:
        """The value for ``seat`` of each action of ``indices`` played out once on
        ``sample`` (the last one on the sample itself): what a review pairs, action
        against action on the same cards.  No deadline: a review's work is fixed."""
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        self._playout_sample(sample, seat, legal, list(indices), rng, totals, counts,
                             math.inf)
        return [totals[i] for i in indices]

    def _parallel_round(self, pool: Any, view: Any, legal: Sequence[Action],
                        alive: list[int], samples: int, rng: random.Random,
                        totals: list[float], counts: list[int],
                        deadline: float) -> tuple[int, bool]:
        """One round of the halving on the workers: the samples split between them,
        each chunk with a seed of its own drawn here (so a seed still reproduces the
        decision when time does not cut it short).  Returns the samples drawn and
        whether the round is complete (not cancelled, not out of time)."""
        assert self.registry_key is not None
        game, level = self.registry_key
        share, extra = divmod(samples, pool.workers)
        sizes = [share + (i < extra) for i in range(pool.workers)]
        seconds = max(0.0, deadline - time.perf_counter())
        futures = [pool.submit(game, level, view, legal, alive, size, rng.getrandbits(64),
                               seconds) for size in sizes if size]
        drawn = 0
        stopping = False
        for future in futures:  # in order, so that the sums are the same every time
            while not future.done():
                if not stopping and (self._cancelled.is_set()
                                     or time.perf_counter() > deadline):
                    pool.cancel.set()  # every worker stops at its next playout
                    stopping = True
                if stopping and time.perf_counter() > deadline + _GRACE:
                    break  # a worker that does not answer: go on without it
                wait([future], timeout=0.005)
            if not future.done() or future.exception() is not None:
                stopping = True
                continue
            chunk_totals, chunk_counts, chunk_samples = future.result()
            for i in alive:  # what a stopped worker played still counts
                totals[i] += chunk_totals[i]
                counts[i] += chunk_counts[i]
            drawn += chunk_samples
        return drawn, not stopping and drawn == samples

    def run_samples(self, view: Any, legal: Sequence[Action], alive: Sequence[int],
                    samples: int, rng: random.Random, seconds: float,
                    stop: Any = None) -> tuple[list[float], list[int], int]:
        """A worker's share of a round: ``samples`` samples of ``view``, every action in
        ``alive`` played out on each, within ``seconds`` or until ``stop`` is set.
        Returns the totals and counts per action and the samples drawn."""
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        deadline = time.perf_counter() + seconds
        self._stop_event = stop
        drawn = 0
        try:
            for _ in range(samples):
                self._check(deadline)
                self._playout_sample(self.sampler(view, rng), view.seat, legal, list(alive),
                                     rng, totals, counts, deadline)
                drawn += 1
        except _Stop:
            pass
        finally:
            self._stop_event = None
        return totals, counts, drawn

    def _check(self, deadline: float) -> None:
        stop = self._stop_event
        if self._cancelled.is_set() or time.perf_counter() > deadline or (
                stop is not None and stop.is_set()):
            raise _Stop

    def _play_to_horizon(self, state: StateT, horizon: Horizon[StateT],
                         rng: random.Random) -> None:
        rollout = self.rollout
        while not horizon(state):
            if state.to_move is not None:
                state.apply(rollout(state, rng))
            elif state.needs_deal:
                state.deal(state.random_layout(rng))
            else:
                return  # the game is over


class CheaterPlayer(SearchPlayer[StateT]):
    """Benchmark-only ceiling: the same search, but its 'sample' is the true state.

    Only the strength benchmark calls :meth:`choose_seeing_all`; given a mere view
    (``choose``) it searches over samples like the ``hard`` level it is built from."""

    omniscient = True

    def choose_seeing_all(self, state: StateT, seat: int, legal: Sequence[Action],
                          rng: random.Random, budget: float | None = None) -> Action:
        return self.evaluate_actions_seeing_all(state, seat, legal, rng, budget)[0][0]

    def evaluate_actions_seeing_all(self, state: StateT, seat: int,
                                    legal: Sequence[Action], rng: random.Random,
                                    budget: float | None = None,
                                    ) -> list[tuple[Action, float, int]]:
        """:meth:`evaluate_actions` with every card known: each sample is
        :meth:`true_sample` of ``state`` (left untouched), so playouts differ only by the
        rollout's chances."""
        if len(legal) == 1:
            return [(legal[0], 0.0, 0)]
        return self._search(lambda: self.true_sample(state, rng), seat, legal, rng, budget,
                            lambda: state.view(seat))

    def true_sample(self, state: StateT, rng: random.Random) -> StateT:
        """One 'sample' of the true state: a copy the search may mutate.  A game whose
        sampler stamps its samples (a rollout seed, say) overrides this to stamp too."""
        # cast: every state class's clone() returns its own class (see _playout_sample)
        return cast(StateT, state.clone())
