"""``python -m cardtable bench saves``: what the autosave costs, and how long a long
record takes to open.

The window saves the game in progress whenever a person must decide.  What the table
pays for it, on its own thread, is the record's text — only the head and the deal in
progress encoded anew (:class:`record.RecordText`) — handed to the writer thread
(:class:`saves.BackgroundSaver`); the writer then puts it on the disk
(:func:`record.write_atomically`: write, fsync, rename, fsync of the folder).  Here
the game is saved after *every* action of whole games (an upper bound on what the
table does), each part timed: the table's part, the writer's (timed here on its own,
in a temporary folder on a real disk — not a RAM-backed one, where fsync costs
nothing), and, for comparison, the whole record encoded from scratch
(:func:`record.dumps`), as every save did before.  A Трефы game of two players has no end of its
own, so it shows how the cost grows with the length of a game: the saves during the
deal after the 200th and after the 500th.  Opening is :func:`record.load_file` of a
500-deal record — reading it is replaying it through the rules.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable import saves
from cardtable.ai import make_player
from cardtable.engine import record
from cardtable.engine.match import Match, Seat
from cardtable.tools.simulate import play_out

AUTOSAVE = "current-game.json"


@dataclass(frozen=True)
class Table:
    """A game whose every action is followed by a timed save."""

    game: str
    options: dict[str, Any]
    level: str = "normal"
    """Whole games are played by the program's default computers: they end in a
    sensible number of deals (easy ones take hundreds of deals to reach the Трефы
    target, random ones may never reach it)."""

    @property
    def players(self) -> int:
        return int(self.options["players"])


TABLES: tuple[Table, ...] = (
    Table("king", {"players": 4}),
    Table("clubs", {"players": 4}),
    Table("metamorphosis", {"players": 3}),
)
LONG_DEALS: tuple[int, ...] = (200, 500)
"""The long Трефы game of two players is timed in the deal after these many."""
OPEN_DEALS = 500
OPEN_RUNS = 5


def _seats(level: str, n: int) -> list[Seat]:
    return [Seat(f"{level} {i + 1}", "computer", level) for i in range(n)]


def _ms(seconds: float) -> float:
    return seconds * 1000.0


def _p95(values: Sequence[float]) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def _timed_saves(match: Match, path: Path, times: dict[str, list[float]],
                 text: record.RecordText, saver: saves.BackgroundSaver) -> None:
    """One autosave of ``match`` as the controller makes it (the table's part), the
    writer's part on its own, and the whole record encoded from scratch."""
    start = time.perf_counter()
    data = text.dumps(match)
    saver.save(data)
    handed = time.perf_counter()
    saver.flush()
    written = time.perf_counter()
    record.write_atomically(path, data.encode("utf-8"))
    done = time.perf_counter()
    record.dumps(match)
    times["table"].append(_ms(handed - start))
    times["save"].append(_ms(done - written))
    times["dumps"].append(_ms(time.perf_counter() - done))


def _play_timed(match: Match, level: str, path: Path, max_saves: int | None,
                deals: int | None = None) -> dict[str, list[float]]:
    """Play on (to the end, or to the end of ``deals`` more deals), a save after every
    action; at most ``max_saves`` saves are timed (the first ones)."""
    times: dict[str, list[float]] = {"table": [], "save": [], "dumps": []}
    text = record.RecordText()
    saver = saves.BackgroundSaver(path.with_name("background-" + path.name))
    player = make_player(match.game.name, level)
    state = match.state
    dealt = 0
    while not state.is_over and (max_saves is None or len(times["save"]) < max_saves):
        if state.needs_deal:
            if deals is not None and dealt == deals:
                break
            match.deal()
            dealt += 1
            continue
        seat = state.to_move
        assert seat is not None
        match.apply(player.choose(state.view(seat), state.legal_actions(), match.rng))
        _timed_saves(match, path, times, text, saver)
    saver.close()
    saver.path.unlink(missing_ok=True)
    return times


def _row(game: str, players: int, stage: str, times: dict[str, list[float]],
         path: Path) -> dict[str, Any]:
    table, save, dumps = times["table"], times["save"], times["dumps"]
    if not save:
        raise ValueError(f"{game}: no action was played, so nothing was timed")
    return {"what": "autosave", "game": game, "players": players, "stage": stage,
            "saves": len(save), "kB": round(path.stat().st_size / 1024, 1),
            "table_ms_median": round(statistics.median(table), 3),
            "table_ms_p95": round(_p95(table), 3),
            "save_ms_median": round(statistics.median(save), 3),
            "save_ms_p95": round(_p95(save), 3),
            "dumps_ms_median": round(statistics.median(dumps), 3),
            "dumps_ms_p95": round(_p95(dumps), 3)}


def long_clubs(deals: int, seed: int) -> Match:
    """A Трефы game of two random players after ``deals`` whole deals (no deal limit:
    the option allows at most 200, and two players never reach the target)."""
    match = Match.start("clubs", {"players": 2}, _seats("random", 2), seed=seed)
    play_out(match, [make_player("clubs", "random")] * 2, max_deals=deals)
    if match.state.is_over or match.state.deal_index != deals:
        raise RuntimeError(f"the long Трефы game ended after {match.state.deal_index} deals")
    return match


def autosave_figures(folder: Path, tables: Sequence[Table] = TABLES,
                     long_deals: Sequence[int] = LONG_DEALS, seed: int = 1,
                     max_saves: int | None = None) -> list[dict[str, Any]]:
    """A row per table (whole games) and per length of the long Трефы game."""
    path = folder / AUTOSAVE
    rows = []
    for table in tables:
        match = Match.start(table.game, table.options, _seats(table.level, table.players),
                            seed=seed)
        times = _play_timed(match, table.level, path, max_saves)
        stage = "whole game" if match.state.is_over else "start of a game"
        rows.append(_row(table.game, table.players, stage, times, path))
    for deals in long_deals:
        match = long_clubs(deals, seed)
        times = _play_timed(match, "random", path, max_saves, deals=1)
        rows.append(_row("clubs", 2, f"deal {deals + 1} (after {deals} deals)", times, path))
    path.unlink(missing_ok=True)
    return rows


def open_figure(folder: Path, deals: int = OPEN_DEALS, runs: int = OPEN_RUNS,
                seed: int = 1) -> dict[str, Any]:
    """The median time of :func:`record.load_file` of a ``deals``-deal Трефы record."""
    path = folder / f"clubs-{deals}-deals.json"
    record.save(long_clubs(deals, seed), path)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        record.load_file(path)
        times.append(_ms(time.perf_counter() - start))
    size = path.stat().st_size
    path.unlink()
    return {"what": "open", "game": "clubs", "players": 2, "deals": deals, "runs": runs,
            "kB": round(size / 1024, 1), "load_ms_median": round(statistics.median(times), 3)}


# --- where to write --------------------------------------------------------------------------

RAM_FILESYSTEMS = ("tmpfs", "ramfs")


def filesystem_of(path: Path) -> str | None:
    """The kind of filesystem ``path`` is on (Linux: from the mount table), else None."""
    try:
        mounts = Path("/proc/self/mounts").read_text().splitlines()
    except OSError:
        return None
    target = str(path.resolve())
    best, kind = "", None
    for line in mounts:
        fields = line.split()
        if len(fields) < 3:
            continue
        point = fields[1].replace("\\040", " ")
        inside = target == point or target.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best):
            best, kind = point, fields[2]
    return kind


@contextmanager
def disk_folder(where: Path | None = None) -> Iterator[Path]:
    """A temporary folder on a real disk: in ``where`` if given, else the system's
    temporary folder unless that lives in memory, else beside the user's caches."""
    parent = where
    if parent is None:
        parent = Path(tempfile.gettempdir())
        if filesystem_of(parent) in RAM_FILESYSTEMS:
            cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
            parent = Path(cache)
    parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-", dir=parent) as folder:
        yield Path(folder)


# --- the command -----------------------------------------------------------------------------


def figures(folder: Path, tables: Sequence[Table] = TABLES,
            long_deals: Sequence[int] = LONG_DEALS, open_deals: int = OPEN_DEALS,
            runs: int = OPEN_RUNS, max_saves: int | None = None) -> list[dict[str, Any]]:
    rows = autosave_figures(folder, tables, long_deals, max_saves=max_saves)
    rows.append(open_figure(folder, open_deals, runs))
    return rows


def report(rows: Sequence[dict[str, Any]], folder: Path, as_json: bool) -> None:
    if as_json:
        for row in rows:
            print(json.dumps(row, ensure_ascii=False))
        return
    kind = filesystem_of(folder) or "unknown filesystem"
    print(f"Autosave after every action, ms (median / 95th percentile): the table's part "
          f"(the text, handed to the writer thread); the writer's (write, fsync, rename, "
          f"folder fsync, in {folder}, {kind}); the whole record encoded from scratch:")
    for row in (r for r in rows if r["what"] == "autosave"):
        print(f"  {row['game']:<13} {row['players']} players  {row['stage']:<26} "
              f"{row['saves']:>5} saves, {row['kB']:>7.1f} kB   "
              f"table {row['table_ms_median']:6.2f} / {row['table_ms_p95']:6.2f}   "
              f"writer {row['save_ms_median']:6.2f} / {row['save_ms_p95']:6.2f}   "
              f"from scratch {row['dumps_ms_median']:6.2f} / {row['dumps_ms_p95']:6.2f}")
    for row in (r for r in rows if r["what"] == "open"):
        print(f"Opening a record (record.load_file, median of {row['runs']} runs):")
        print(f"  {row['game']:<13} {row['players']} players  {row['deals']} deals, "
              f"{row['kB']:.1f} kB: {row['load_ms_median']:.1f} ms")


def main(args: argparse.Namespace) -> int:
    """Print every figure (``args.json``: one JSON object a line).  An ``args.dir``, if
    the command line gives one, is where the temporary folder is made."""
    where = getattr(args, "dir", None)
    with disk_folder(Path(where) if where else None) as folder:
        rows = figures(folder)
        report(rows, folder, bool(args.json))
    sys.stdout.flush()
    return 0
