"""The search on every core: worker processes that play out samples for a searching
player, so that on k cores it plays about k times the playouts in the same time.

The pool is started once and kept.  Messages are plain data — the view, the legal
actions, which of them are still alive, how many samples, a seed — never a game
state: a worker deals its own samples from the view, exactly as the player would.
Each worker keeps one player per (game, level), made by the registry, and runs
:meth:`SearchPlayer.run_samples`.  A shared event stops every worker at its next
playout when a search is cancelled.

Processes start with ``spawn`` on every system (``fork`` is unsafe in a process that
runs Qt and threads), which also works in a PyInstaller bundle, whose entry script
calls ``multiprocessing.freeze_support``.  Where processes cannot start, :func:`pool`
says so with None and the players search in their own thread, as before.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from cardtable.engine.actions import Action

Chunk = tuple[list[float], list[int], int]
"""A worker's answer: totals and playout counts per action, and samples drawn."""

_POOL: SearchPool | None = None
_POOL_LOCK = threading.Lock()
_NO_PROCESSES = False
"""Set once worker processes failed to start: every later call answers None at once."""

# --- the worker's side ---------------------------------------------------------------

_CANCEL: Any = None
_ALL_STARTED: Any = None
_PLAYERS: dict[tuple[str, str], Any] = {}


def _start_worker(cancel: Any, all_started: Any) -> None:
    global _CANCEL, _ALL_STARTED
    _CANCEL = cancel
    _ALL_STARTED = all_started
    threading.Thread(target=_end_with_the_program, daemon=True).start()


def _end_with_the_program() -> None:
    """A worker whose program is gone (killed, crashed) ends too, instead of waiting
    for work forever."""
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
    _ALL_STARTED.wait(60)
    return os.getpid()


def _modules_loaded(packages: tuple[str, ...]) -> tuple[int, list[str]]:
    """This worker's id and the modules of ``packages`` it has loaded; waits at the
    barrier (up to a few seconds, so a busy worker cannot hold it up) so that every
    worker answers one such call."""
    try:
        _ALL_STARTED.wait(5)
    except threading.BrokenBarrierError:
        _ALL_STARTED.reset()
    return os.getpid(), sorted(name for name in sys.modules
                               if name.partition(".")[0] in packages)


def _player(game: str, level: str) -> Any:
    player = _PLAYERS.get((game, level))
    if player is None:
        from cardtable.ai import make_bench_player

        player = _PLAYERS[(game, level)] = make_bench_player(game, level)
    return player


def run_chunk(game: str, level: str, view: Any, legal: tuple[Action, ...],
              alive: tuple[int, ...], samples: int, seed: int, seconds: float) -> Chunk:
    """In a worker: ``samples`` samples of the view, each surviving action played out on
    every one of them (common samples), within ``seconds``."""
    import random

    player = _player(game, level)
    return player.run_samples(view, legal, alive, samples, random.Random(seed), seconds,
                              _CANCEL)


# --- the searching player's side -----------------------------------------------------


class SearchPool:
    """Worker processes for the search, and the event that stops them."""

    def __init__(self, workers: int) -> None:
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


def pool(workers: int | None = None) -> SearchPool | None:
    """The program's pool of search workers (one a core unless ``workers`` says
    otherwise), started at the first call — which waits for the workers to import the
    players, so the table calls it from its computer thread, never the GUI's; None
    where processes cannot start or there is only one core to use."""
    global _POOL, _NO_PROCESSES
    with _POOL_LOCK:
        if _POOL is not None:
            return _POOL
        count = cores() if workers is None else workers
        if count < 2 or _NO_PROCESSES:
            return None
        try:
            started = SearchPool(count)
            started.warm_up()
        except Exception:  # no processes here: every search stays in its own thread
            _NO_PROCESSES = True
            return None
        _POOL = started
        return _POOL


def shutdown() -> None:
    """Stop the workers (on quit)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is not None:
            _POOL.shutdown()
            _POOL = None
