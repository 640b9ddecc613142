"""The search on every core: worker processes that play out samples for a searching
player, so that on k cores it plays about k times the playouts in the same time.

A :class:`SearchWorkers` is the pool's owner's handle: the table's controller holds
one, starts it at the first search that wants it and shuts it down when the table
closes; a benchmark or the self-check holds its own.  Messages are plain data — the view, the legal
actions, which of them are still alive, how many samples, a seed — never a game
state: a worker deals its own samples from the view, exactly as the player would.
Each worker keeps one player per (game, level), made by the registry, and runs
:meth:`SearchPlayer.run_samples`.  A shared event stops every worker at its next
playout when a search is cancelled.

Processes start with ``spawn`` on every system (``fork`` is unsafe in a process that
runs Qt and threads), which also works in a PyInstaller bundle, whose entry script
calls ``multiprocessing.freeze_support``.  Where processes cannot start,
:meth:`SearchWorkers.pool` says so with None and the players search in their own thread, as before.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.engine.actions import Action

if TYPE_CHECKING:  # the table holds its workers from the start: processes load late
    from concurrent.futures import Future

Chunk = tuple[list[float], list[int], int]
"""A worker's answer: totals and playout counts per action, and samples drawn."""

# --- the worker's side ---------------------------------------------------------------


@dataclass
class _Worker:
    """What a worker process keeps between calls: the event that cancels a search,
    the barrier of the warm-up, and one player per (game, level)."""

    cancel: Any
    all_started: Any
    players: dict[tuple[str, str], Any] = field(default_factory=dict)


_WORKER: _Worker | None = None
"""This process's worker state, set by the pool's initializer (None outside a worker)."""


WORKER_NICENESS = 5
"""How much lower a worker's priority is than the table's: on a busy machine the
window's painting and resizing go first, the search (or a review) takes what is left."""


def _start_worker(cancel: Any, all_started: Any) -> None:
    global _WORKER
    _WORKER = _Worker(cancel, all_started)
    _lower_priority()


def _lower_priority() -> None:
    """This process behind the table (see :data:`WORKER_NICENESS`); where it cannot be
    done, the worker runs as it is."""
    if sys.platform == "win32":
        import ctypes

        below_normal = 0x4000  # BELOW_NORMAL_PRIORITY_CLASS
        kernel = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
        kernel.SetPriorityClass(kernel.GetCurrentProcess(), below_normal)
        return
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    threading.Thread(target=_end_with_the_program, daemon=True).start()


def _worker() -> _Worker:
    if _WORKER is None:
        raise RuntimeError("called outside a search worker")
    return _WORKER


def _end_with_the_program() -> None:
    """A worker whose program is gone (killed, crashed) ends too, instead of waiting
    for work forever."""
    import multiprocessing
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    if parent is not None:
        wait([parent.sentinel])
        os._exit(0)


def _import_players() -> int:
    """Warm-up: import every level's module, then wait at the barrier until every
    worker has (so that each of the pool's warm-up calls runs in a worker of its own)."""
    from cardtable.ai import GAMES, available_levels

    for game in GAMES:
        available_levels(game)
    _worker().all_started.wait(60)
    return os.getpid()


def _modules_loaded(packages: tuple[str, ...]) -> tuple[int, list[str]]:
    """This worker's id and the modules of ``packages`` it has loaded; waits at the
    barrier (up to a few seconds, so a busy worker cannot hold it up) so that every
    worker answers one such call."""
    barrier = _worker().all_started
    try:
        barrier.wait(5)
    except threading.BrokenBarrierError:
        barrier.reset()
    return os.getpid(), sorted(name for name in sys.modules
                               if name.partition(".")[0] in packages)


def _player(game: str, level: str) -> Any:
    players = _worker().players
    player = players.get((game, level))
    if player is None:
        from cardtable.ai import make_bench_player

        player = players[(game, level)] = make_bench_player(game, level)
    return player


def run_chunk(game: str, level: str, view: Any, legal: tuple[Action, ...],
              alive: tuple[int, ...], samples: int, seed: int, seconds: float) -> Chunk:
    """In a worker: ``samples`` samples of the view, each surviving action played out on
    every one of them (common samples), within ``seconds``."""
    import random

    player = _player(game, level)
    return player.run_samples(view, legal, alive, samples, random.Random(seed), seconds,
                              _worker().cancel)


def run_review(task: Any, method: Any) -> Any:
    """In a worker: one decision of a review weighed
    (:func:`cardtable.ai.review.weigh`) — the seat's view then, never the game's state."""
    from cardtable.ai.review import weigh

    return weigh(task, method)


# --- the searching player's side -----------------------------------------------------


class SearchPool:
    """Worker processes for the search, and the event that stops them."""

    def __init__(self, workers: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("spawn")
        self.workers = workers
        self.pids: list[int] = []
        """The workers' process ids, once :meth:`warm_up` has run."""
        self.cancel = context.Event()
        self._executor = ProcessPoolExecutor(workers, mp_context=context,
                                             initializer=_start_worker,
                                             initargs=(self.cancel, context.Barrier(workers)))

    def submit(self, game: str, level: str, view: Any, legal: Sequence[Action],
               alive: Sequence[int], samples: int, seed: int,
               seconds: float) -> Future[Chunk]:
        return self._executor.submit(run_chunk, game, level, view, tuple(legal),
                                     tuple(alive), samples, seed, seconds)

    def submit_review(self, task: Any, method: Any) -> Future[Any]:
        """One decision of a fair review to weigh (:mod:`cardtable.ai.review`)."""
        if task.state is not None:
            raise ValueError("a worker is sent a seat's view, never a game state")
        return self._executor.submit(run_review, task, method)

    def warm_up(self) -> None:
        """Start every worker now and have it import the players, not at the first
        search."""
        self.pids = sorted({future.result() for future in
                            [self._executor.submit(_import_players)
                             for _ in range(self.workers)]})

    def modules_loaded(self, packages: Sequence[str]) -> dict[int, list[str]]:
        """Which modules of ``packages`` each worker has loaded, by process id (every
        worker when none is busy)."""
        wanted = tuple(packages)
        answers = [future.result(60) for future in
                   [self._executor.submit(_modules_loaded, wanted)
                    for _ in range(self.workers)]]
        return dict(answers)

    def shutdown(self) -> None:
        self.cancel.set()
        self._executor.shutdown(wait=False, cancel_futures=True)


def cores() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every system
        return max(1, os.cpu_count() or 1)


class SearchWorkers:
    """The search's worker processes as their owner holds them: one a core unless
    ``workers`` says otherwise, started at the first :meth:`pool` and stopped by
    :meth:`shutdown`, after which no search starts them again."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers
        self._lock = threading.Lock()
        self._pool: SearchPool | None = None
        self._unavailable = False
        """Set once processes failed to start (or the owner shut them down): every
        later call answers None at once."""
        self.pool_class: Any = SearchPool
        """What starts the processes (a test puts one here that cannot)."""

    def pool(self) -> SearchPool | None:
        """The started pool, started now if it is not yet — which waits for the
        workers to import the players, so the table calls it from its computer
        thread, never the GUI's; None where processes cannot start, there is only one
        core to use, or the owner has shut the workers down."""
        with self._lock:
            if self._pool is not None:
                return self._pool
            count = cores() if self.workers is None else self.workers
            if count < 2 or self._unavailable:
                return None
            try:
                started = self.pool_class(count)
                started.warm_up()
            except Exception:  # no processes here: every search stays in its own thread
                self._unavailable = True
                return None
            self._pool = started
            return started

    @property
    def started(self) -> SearchPool | None:
        """The pool if it has been started (without starting it)."""
        return self._pool

    def shutdown(self) -> None:
        """Stop the workers (the owner is done with them); a later :meth:`pool`
        answers None."""
        with self._lock:
            self._unavailable = True
            if self._pool is not None:
                self._pool.shutdown()
                self._pool = None
