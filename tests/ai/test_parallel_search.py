"""The search on several cores: worker processes deal and play out samples from the
view (plain data only), a seed reproduces a fixed-playout decision, a cancel stops at
once, and where processes cannot start the search stays in its thread."""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from cardtable.ai import make_player, parallel
from cardtable.ai.positions import positions
from cardtable.engine.game import GameState
from cardtable.tools import bench_search


@pytest.fixture(scope="module")
def pool() -> Iterator[parallel.SearchPool]:
    owner = parallel.SearchWorkers(2)
    started = owner.pool()
    assert started is not None, "worker processes could not start"
    yield started
    owner.shutdown()


def spot(game: str, n: int, index: int = 0) -> tuple[Any, tuple[Any, ...]]:
    return list(positions(game, n))[index]


def pooled(game: str, pool: parallel.SearchPool, playouts: int = 600) -> Any:
    player: Any = make_player(game, "hard")
    player.use_pool(pool)
    player.playouts = playouts
    if hasattr(player, "base_playouts"):
        player.base_playouts = playouts
    player.max_seconds = 1e6  # only the playout count decides
    return player


@pytest.mark.parametrize(("game", "n"), bench_search.TABLES)
def test_a_seed_reproduces_a_decision_on_the_workers(pool: parallel.SearchPool, game: str,
                                                     n: int) -> None:
    view, legal = spot(game, n)
    player = pooled(game, pool)
    first = player.evaluate_actions(view, legal, random.Random(9))
    # the halving's rounds divide the playouts as evenly as they can
    assert player.last_stats.playouts >= 590 and not player.last_stats.stopped_early
    assert player.evaluate_actions(view, legal, random.Random(9)) == first
    assert first[0][0] in legal


def test_workers_are_sent_plain_data_only(pool: parallel.SearchPool,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[tuple[Any, ...]] = []
    submit = pool.submit

    def recording(*args: Any) -> Any:
        sent.append(args)
        return submit(*args)

    monkeypatch.setattr(pool, "submit", recording)
    view, legal = spot("king", 4)
    pooled("king", pool).evaluate_actions(view, legal, random.Random(1))
    assert sent
    for game, level, sent_view, sent_legal, alive, samples, seed, seconds in sent:
        assert (game, level) == ("king", "hard") and sent_view == view
        assert set(sent_legal) <= set(legal) and seconds > 0
        assert not isinstance(sent_view, GameState)
        assert all(type(x) is int for x in (*alive, samples, seed))


def test_two_workers_share_the_samples_and_play_twice_the_playouts(
        pool: parallel.SearchPool) -> None:
    player: Any = make_player("clubs", "hard")
    alone = player.playouts
    player.use_pool(pool)
    assert player.playouts == 2 * alone  # the same time per decision, on two cores
    player.use_pool(None)
    assert player.playouts == alone and player.pool is None
    meta: Any = make_player("metamorphosis", "hard")
    base = meta.base_playouts
    meta.use_pool(pool)
    assert meta.base_playouts == 2 * base


def test_a_cancel_stops_the_workers_at_once(pool: parallel.SearchPool) -> None:
    view, legal = spot("king", 4)
    player = pooled("king", pool, playouts=10**8)
    answer: list[Any] = []
    thread = threading.Thread(target=lambda: answer.append(
        player.choose(view, legal, random.Random(2))))
    thread.start()
    time.sleep(0.5)
    cancelled = time.perf_counter()
    player.cancel()
    thread.join(5)
    assert not thread.is_alive()
    assert time.perf_counter() - cancelled < 0.5
    assert answer and answer[0] in legal and player.last_stats.stopped_early
    # the pool is ready for the next search at once
    player.playouts = 300
    assert player.choose(view, legal, random.Random(3)) in legal
    assert not player.last_stats.stopped_early


def test_without_processes_the_search_stays_in_its_thread() -> None:
    assert parallel.SearchWorkers(1).pool() is None  # one core: nothing to spread over
    starts: list[int] = []

    def no_processes(workers: int) -> Any:
        starts.append(workers)
        raise OSError("processes are not allowed here")

    owner = parallel.SearchWorkers(2)
    owner.pool_class = no_processes
    assert owner.pool() is None
    assert owner.pool() is None and starts == [2]  # tried once, not at every search
    player: Any = make_player("king", "hard")
    player.use_pool(owner.pool())
    player.playouts = 200
    view, legal = spot("king", 4)
    assert player.choose(view, legal, random.Random(4)) in legal


def test_the_owner_starts_the_workers_once_and_stops_them_for_good() -> None:
    owner = parallel.SearchWorkers(2)
    assert owner.started is None  # nothing starts before a search asks
    started = owner.pool()
    assert started is not None and owner.pool() is started and owner.started is started
    pids = started.pids
    owner.shutdown()
    assert owner.started is None and owner.pool() is None  # not started again after
    for pid in pids:
        for _ in range(100):
            if not alive(pid):
                break
            time.sleep(0.05)
        assert not alive(pid)


def test_bench_search_reports_every_game_and_worker_count() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert bench_search.main(argparse.Namespace(seconds=0.05, json=True)) == 0
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    workers = sorted({1, parallel.cores()})
    assert [(r["game"], r["workers"]) for r in rows] == [
        (game, k) for k in workers for game, _ in bench_search.TABLES]
    assert all(r["playouts_per_second"] > 0 for r in rows)


def test_the_workers_end_when_the_program_is_killed(tmp_path: Path) -> None:
    """A killed or crashed program must not leave its search workers behind."""
    script = ("import sys\n"
              "from cardtable.ai import parallel\n"
              "if __name__ == '__main__':\n"
              "    pool = parallel.SearchWorkers(2).pool()\n"
              "    print(*pool.pids, flush=True)\n"
              "    sys.stdin.read()\n")
    (tmp_path / "program.py").write_text(script)
    program = subprocess.Popen([sys.executable, str(tmp_path / "program.py")],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    pids = [int(p) for p in program.stdout.readline().split()]  # type: ignore[union-attr]
    assert len(pids) == 2 and all(alive(pid) for pid in pids)
    program.kill()
    program.wait()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in pids), "search workers outlived their program"


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie awaiting its reaper does not)."""
    if sys.platform == "win32":  # os.kill would end the process there
        listed = subprocess.run(["tasklist", "/FI", f"PID eq {pid}", "/NH"],
                                capture_output=True, text=True).stdout
        return str(pid) in listed.split()
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except OSError:  # no /proc (macOS): a zombie there is reaped at once
        return True


def test_the_workers_run_behind_the_table(pool: parallel.SearchPool) -> None:
    """A worker's priority is lower than the program's, so that on a busy machine the
    window paints first (a search or a review takes what is left)."""
    mine = os.nice(0)
    theirs = {pool._executor.submit(os.nice, 0).result(30) for _ in range(4)}
    assert theirs == {min(19, mine + parallel.WORKER_NICENESS)}
