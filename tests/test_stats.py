"""The statistics store: what it counts, that it survives a restart, that a damaged or
newer database is never lost or changed, that upgrades are all or nothing, and that a
failure never stops a game."""

from __future__ import annotations

import argparse
import csv
import json
import os
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import stats
from cardtable.engine.game import places_of
from cardtable.stats import OpenProblem, SeatEntry, Statistics
from cardtable.tools import bench_stats

DAY = 86_400.0
START = 1_700_000_000.0


def human(name: str = "Аня") -> SeatEntry:
    return SeatEntry(name, "human", None)


def computer(number: int, level: str = "normal") -> SeatEntry:
    return SeatEntry(f"Computer {number}", "computer", level)


def table(n: int, *humans: str) -> list[SeatEntry]:
    """``humans`` at the first seats, computers at the rest."""
    return [human(h) for h in humans] + [computer(i + 1) for i in range(n - len(humans))]


def play(store: Statistics, key: str, totals: Sequence[int] | None, *, game: str = "king",
         seats: Sequence[SeatEntry] | None = None, day: float = 0, how: str | None = None
         ) -> None:
    """A game begun on ``day``, helped ``how`` if given, finished with ``totals`` an hour
    later (left unfinished for None)."""
    seats = list(seats) if seats is not None else table(4, "Аня")
    started = START + day * DAY
    store.begin(key, game, {"players": len(seats)}, seats, started)
    if how is not None:
        store.mark_assisted(key, how)
    if totals is not None:
        store.finish(key, totals, started + 3600)
    assert store.last_error is None


def opened(path: Path) -> Statistics:
    store, problem = Statistics.open(path)
    assert problem is None
    assert store.persistent
    return store


def only(summaries: list[stats.Summary], assisted: bool = False) -> stats.Summary:
    found = [s for s in summaries if s.assisted == assisted]
    assert len(found) == 1, summaries
    return found[0]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "statistics.sqlite"


@pytest.fixture
def store(path: Path) -> Statistics:
    return opened(path)


# --- what is counted ---------------------------------------------------------------------


def test_a_new_database_is_current_and_built_whole(path: Path) -> None:
    store = opened(path)
    store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == stats.SCHEMA_VERSION >= 1
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_played_finished_won_totals_and_places(store: Statistics) -> None:
    play(store, "a", [30, 10, 0, -40], day=1)  # first
    play(store, "b", [-20, 10, 0, 10], day=2)  # fourth
    play(store, "c", [5, 10, 0, -15], day=3)  # second
    play(store, "d", None, day=4)  # unfinished
    s = only(store.summaries())
    assert (s.game, s.players, s.played, s.finished, s.won) == ("king", 4, 4, 3, 1)
    assert s.average_total == pytest.approx(5.0)
    assert s.best_total == 30
    assert s.average_place == pytest.approx((1 + 4 + 2) / 3)
    assert s.win_percent == pytest.approx(25.0)
    newest = store.recent("king", 4)[0]
    assert (newest.finished, newest.total, newest.place, newest.won) == (False, None, None,
                                                                        False)
    assert newest.date == START + 4 * DAY  # an unfinished game is dated by its start


def test_a_shared_first_place_is_a_win(store: Statistics) -> None:
    seats = table(3, "Аня", "Борис")
    play(store, "a", [12, 12, 3], seats=seats)
    assert places_of([12, 12, 3]) == [1, 1, 3]
    s = only(store.summaries())
    assert (s.played, s.won, s.average_place) == (2, 2, 1.0)
    assert all(r.won and r.place == 1 for r in store.recent("king", 3))


def test_each_table_is_counted_apart(store: Statistics) -> None:
    play(store, "a", [1, 0, 0, 0])
    play(store, "b", [1, 0, 0], seats=table(3, "Аня"))
    play(store, "c", [1, 0], game="metamorphosis", seats=table(2, "Аня"))
    play(store, "d", [0, 1, 2, 3, 4], game="clubs", seats=table(5, "Аня"))
    found = [(s.game, s.players, s.won) for s in store.summaries()]
    assert found == [("king", 3, 1), ("king", 4, 1), ("clubs", 5, 0), ("metamorphosis", 2, 1)]


def test_a_game_without_a_human_is_not_recorded(store: Statistics) -> None:
    store.begin("bots", "king", {"players": 3}, table(3), START)
    store.finish("bots", [1, 2, 3], START + 1)
    assert store.summaries() == [] and store.players() == [] and store.game_count() == 0
    assert store.last_error is None


def test_begin_and_finish_are_idempotent(store: Statistics) -> None:
    play(store, "a", [10, 0, 0, 0])
    store.begin("a", "clubs", {"players": 2}, table(2, "Борис"), START + 99)  # a key seen
    store.finish("a", [0, 0, 0, 50], START + 99)  # finished already
    assert store.recent("king", 4)[0].total == 10
    assert [(s.game, s.played, s.won) for s in store.summaries()] == [("king", 1, 1)]
    assert store.players() == ["Аня"]


def test_unknown_keys_are_ignored(store: Statistics) -> None:
    store.mark_assisted("nobody", "undo")
    store.finish("nobody", [1, 2, 3], START)
    assert store.last_error is None and store.game_count() == 0


def test_wrong_totals_leave_the_game_unfinished(store: Statistics) -> None:
    play(store, "a", None)
    store.finish("a", [1, 2, 3], START)  # three totals for four players
    assert store.last_error is not None and "3 totals for 4 players" in store.last_error
    assert only(store.summaries()).finished == 0
    store.finish("a", [1, 2, 3, 4], START)  # the right ones are still taken
    assert only(store.summaries()).finished == 1


# --- assistance, runs, several people ----------------------------------------------------------


def test_assisted_games_are_counted_apart(store: Statistics) -> None:
    play(store, "honest", [10, 0, 0, 0], day=1)
    play(store, "undone", [10, 0, 0, 0], day=2, how="undo")
    play(store, "hinted", [0, 10, 0, 0], day=3, how="hint")
    store.mark_assisted("hinted", "undo")  # twice helped: counted once, both ways kept
    honest, helped = only(store.summaries()), only(store.summaries(), assisted=True)
    assert (honest.played, honest.won) == (1, 1)
    assert (helped.played, helped.finished, helped.won) == (2, 2, 1)
    recent = store.recent("king", 4)
    assert [(r.assisted, r.assists) for r in recent] == [
        (True, ("hint", "undo")), (True, ("undo",)), (False, ())]


def test_help_after_the_end_moves_the_game(store: Statistics) -> None:
    play(store, "a", [10, 0, 0, 0])
    store.mark_assisted("a", "takeover")
    assert [s.assisted for s in store.summaries()] == [True]


@pytest.mark.parametrize(("outcomes", "honest_run", "helped_run"), [
    ("WWLWWW", 3, 0),
    ("WW-W", 3, 0),  # an unfinished game neither ends nor extends a run
    ("WWwWW", 2, 1),  # an assisted win ends an unassisted run
    ("wwLww", 0, 4),  # among the assisted, only assisted games count
    ("LLL", 0, 0),
])
def test_the_longest_winning_run(store: Statistics, outcomes: str, honest_run: int,
                                 helped_run: int) -> None:
    """W/L an unassisted win/loss, w/l assisted ones, - unfinished.  The games are
    recorded newest first: a run goes by date, not by the order of recording."""
    for day, outcome in reversed(list(enumerate(outcomes))):
        totals = None if outcome == "-" else [10, 0, 0, 0] if outcome in "Ww" \
            else [0, 10, 0, 0]
        play(store, f"g{day}", totals, day=day, how="hint" if outcome in "wl" else None)
    runs = {s.assisted: s.longest_run for s in store.summaries()}
    assert runs.get(False, 0) == honest_run
    assert runs.get(True, 0) == helped_run


def test_everyone_and_one_player(store: Statistics) -> None:
    """Аня's run of wins is broken by the pass-and-play game that Борис wins; he
    wins on, alone: everyone's longest run is the best one person's, not a count of
    everyone's wins in a row."""
    play(store, "a1", [9, 0, 0, 0], seats=table(4, "Аня"), day=1)
    play(store, "both", [0, 9, 0, 0], seats=table(4, "Аня", "Борис"), day=2)
    play(store, "a2", [9, 0, 0, 0], seats=table(4, "Аня"), day=3)
    play(store, "a3", [9, 0, 0, 0], seats=table(4, "Аня"), day=4)
    play(store, "b1", [9, 0, 0, 0], seats=table(4, "Борис"), day=5)
    play(store, "b2", [9, 0, 0, 0], seats=table(4, "Борис"), day=6)
    everyone = only(store.summaries())
    assert (everyone.played, everyone.won, everyone.longest_run) == (7, 6, 3)
    anya = only(store.summaries("Аня"))
    assert (anya.played, anya.won, anya.longest_run) == (4, 3, 2)
    boris = only(store.summaries("Борис"))
    assert (boris.played, boris.won, boris.longest_run) == (3, 3, 3)
    assert store.players() == ["Аня", "Борис"]
    assert store.summaries("Нет такого") == []


def test_pass_and_play_gives_a_result_for_each_person(store: Statistics) -> None:
    seats = [human("Аня"), computer(1, "hard"), human("Борис"), computer(2, "easy")]
    play(store, "a", [5, 1, 7, 0], seats=seats)
    results = store.recent("king", 4)
    assert [(r.name, r.seat, r.place) for r in results] == [("Аня", 0, 2), ("Борис", 2, 1)]
    assert results[0].opponents == (("Computer 1", "computer", "hard"),
                                    ("Борис", "human", None),
                                    ("Computer 2", "computer", "easy"))
    assert [o[0] for o in results[1].opponents] == ["Аня", "Computer 1", "Computer 2"]
    assert [r.name for r in store.recent("king", 4, player="Борис")] == ["Борис"]


def test_recent_is_newest_first_and_limited(store: Statistics) -> None:
    for day in range(25):
        play(store, f"g{day}", [day, 0, 0, 0], day=day)
    play(store, "other table", [1, 0, 0], seats=table(3, "Аня"), day=30)
    recent = store.recent("king", 4)
    assert [r.total for r in recent] == list(range(24, 4, -1))
    assert [r.total for r in store.recent("king", 4, limit=3)] == [24, 23, 22]
    assert store.recent("clubs", 4) == []


# --- between runs, reset, export ------------------------------------------------------------


def test_statistics_survive_a_restart(path: Path) -> None:
    store = opened(path)
    play(store, "a", [10, 0, 0, 0], day=1)
    play(store, "b", [0, 10, 0, 0], day=2, how="undo")
    play(store, "c", None, day=3)
    before = (store.summaries(), store.recent("king", 4), store.players())
    store.close()
    again = opened(path)
    assert (again.summaries(), again.recent("king", 4), again.players()) == before
    again.finish("c", [1, 0, 0, 0], START + 4 * DAY)  # a game resumed after the restart
    assert only(again.summaries()).finished == 2


def test_two_windows_share_the_database(path: Path) -> None:
    one, two = opened(path), opened(path)
    play(one, "from one", [1, 0, 0, 0], day=1)
    play(two, "from two", [1, 0, 0, 0], day=2)
    assert only(one.summaries()).played == only(two.summaries()).played == 2


def test_a_busy_database_is_waited_for_then_given_up_quietly(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "BUSY_SECONDS", 0.2)
    store = opened(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another window in the middle of a write
    start = time.monotonic()
    store.begin("a", "king", {"players": 4}, table(4, "Аня"), START)
    assert time.monotonic() - start >= 0.15
    assert store.last_error is not None and "locked" in store.last_error
    other.execute("ROLLBACK")
    play(store, "a", [1, 0, 0, 0])
    assert only(store.summaries()).won == 1


def test_reset_deletes_everything(path: Path) -> None:
    store = opened(path)
    play(store, "a", [10, 0, 0, 0])
    play(store, "b", [10, 0, 0, 0], how="hint")
    store.reset()
    assert (store.summaries(), store.recent("king", 4), store.players()) == ([], [], [])
    store.close()
    assert opened(path).game_count() == 0


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


def test_export_csv(store: Statistics, tmp_path: Path) -> None:
    play(store, "a", [10, 4, 10, -2], seats=[human("Аня"), computer(1, "hard"),
                                             human("=Борис"), computer(2, "easy")], day=1)
    play(store, "b", None, day=2, how="undo")
    target = tmp_path / "out.csv"
    assert store.export_csv(target) == 3
    assert target.read_bytes().startswith(b"\xef\xbb\xbf")  # spreadsheets then read UTF-8
    rows = read_csv(target)
    assert list(rows[0]) == list(stats.CSV_COLUMNS)
    first, second, third = rows
    assert (first["game"], first["players"], first["seat"], first["player"]) == (
        "king", "4", "1", "Аня")
    assert (first["total"], first["place"], first["won"], first["assisted"]) == (
        "10", "1", "1", "0")
    assert first["opponents"] == ("Computer 1 (computer, hard); =Борис (human); "
                                  "Computer 2 (computer, easy)")
    assert second["player"] == "'=Борис"  # never a formula in a spreadsheet
    assert second["opponents"].startswith("Аня (human); Computer 1")
    assert (second["place"], second["won"]) == ("1", "1")  # a shared first place
    assert (third["finished"], third["total"], third["place"], third["won"]) == (
        "", "", "", "0")
    assert (third["assisted"], third["assisted_by"]) == ("1", "undo")
    assert first["started"].startswith(time.strftime("%Y-%m-%d",
                                                     time.localtime(START + DAY)))


def test_an_export_that_fails_leaves_no_half_file(store: Statistics, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    play(store, "a", [10, 0, 0, 0])
    target = tmp_path / "out.csv"
    target.write_bytes(b"the previous export")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(stats.os, "fsync", full_disk)
    with pytest.raises(OSError):
        store.export_csv(target)
    assert target.read_bytes() == b"the previous export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "out.csv"]
    with pytest.raises(OSError):
        store.export_csv(tmp_path / "no such folder" / "out.csv")


# --- damaged, newer, unwritable ---------------------------------------------------------------


def database_bytes(tmp_path: Path) -> bytes:
    """A real statistics database with a few hundred games, checkpointed into one file."""
    source = tmp_path / "source" / "statistics.sqlite"
    store = opened(source)
    for i in range(300):
        play(store, f"g{i}", [i % 7, 3, 2, 1], day=i)
    store.close()
    return source.read_bytes()


def wrong_shape(tmp_path: Path) -> bytes:
    """An SQLite database at our schema version whose ``results`` lacks columns."""
    source = tmp_path / "shape.sqlite"
    conn = sqlite3.connect(source)
    stats.MIGRATIONS[0](conn)
    conn.executescript("DROP TABLE results; CREATE TABLE results (game_id INTEGER);"
                       f"PRAGMA user_version = {stats.SCHEMA_VERSION};")
    conn.close()
    return source.read_bytes()


def foreign(tmp_path: Path) -> bytes:
    """Another program's SQLite database (schema version 0)."""
    source = tmp_path / "foreign.sqlite"
    conn = sqlite3.connect(source)
    conn.executescript("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('x');")
    conn.close()
    return source.read_bytes()


BAD_DATABASES = {
    "garbage": lambda tmp: bytes(range(256)) * 16,
    "empty": lambda tmp: b"",
    "header only": lambda tmp: database_bytes(tmp)[:60],
    "truncated": lambda tmp: (lambda data: data[:len(data) // 2])(database_bytes(tmp)),
    "a damaged page": lambda tmp: (lambda data: data[:8192] + b"\xff" * 4096 + data[12288:])(
        database_bytes(tmp)),
    "wrong shape": wrong_shape,
    "another program's": foreign,
}


def assert_kept(path: Path, content: bytes, problem: OpenProblem | None) -> None:
    """The promise: the damaged file is gone from the path the new database takes, and
    every byte of it is in ``damaged/`` beside it."""
    assert problem is not None and problem.kind == "damaged" and problem.detail
    assert problem.moved_to is not None and problem.moved_to.parent == path.parent / "damaged"
    assert problem.moved_to.read_bytes() == content
    assert not path.exists() or path.read_bytes() != content


def test_the_promise_check_catches_a_lost_or_changed_file(tmp_path: Path) -> None:
    """Deliberately bad outcomes, each of which the check above must refuse."""
    path = tmp_path / "statistics.sqlite"
    path.write_bytes(b"x")  # left where the new database would overwrite it
    with pytest.raises(AssertionError):
        assert_kept(path, b"x", OpenProblem("damaged", "bad", None))
    moved = tmp_path / "damaged" / "0-statistics.sqlite"
    moved.parent.mkdir()
    moved.write_bytes(b"x")
    with pytest.raises(AssertionError):  # moved, but also still in the way
        assert_kept(path, b"x", OpenProblem("damaged", "bad", moved))
    path.unlink()
    moved.write_bytes(b"y")  # moved, but rewritten
    with pytest.raises(AssertionError):
        assert_kept(path, b"x", OpenProblem("damaged", "bad", moved))
    with pytest.raises(AssertionError):  # not told
        assert_kept(path, b"x", None)


@pytest.mark.parametrize("kind", sorted(BAD_DATABASES))
def test_a_damaged_database_is_kept_aside_and_a_new_one_started(tmp_path: Path,
                                                                 kind: str) -> None:
    path = tmp_path / "data" / "statistics.sqlite"
    content = BAD_DATABASES[kind](tmp_path)
    path.parent.mkdir()
    path.write_bytes(content)
    store, problem = Statistics.open(path, now=0)
    assert_kept(path, content, problem)
    assert store.persistent and store.summaries() == []
    play(store, "after", [1, 0, 0, 0])
    store.close()
    assert only(opened(path).summaries()).played == 1


def test_side_files_go_with_a_damaged_database(path: Path) -> None:
    path.parent.mkdir()
    path.write_bytes(b"garbage" * 100)
    Path(f"{path}-wal").write_bytes(b"log")
    Path(f"{path}-journal").write_bytes(b"journal")
    store, problem = Statistics.open(path)
    assert problem is not None and problem.moved_to is not None
    assert Path(f"{problem.moved_to}-wal").read_bytes() == b"log"
    assert Path(f"{problem.moved_to}-journal").read_bytes() == b"journal"
    assert store.persistent and not Path(f"{path}-journal").exists()


def test_a_write_cut_off_by_a_crash_is_rolled_back_not_set_aside(tmp_path: Path) -> None:
    """A journal left by a crash mid-write (here in the rollback-journal mode another
    build might use) is SQLite's to recover: the reader that cannot recover it hands
    over to a writer that does, and nothing is set aside."""
    path = tmp_path / "data" / "statistics.sqlite"
    store = opened(path)
    for i in range(200):
        play(store, f"g{i}", [i % 5, 2, 1, 0], day=i)
    before = store.summaries()
    store.close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = DELETE")
    committed = path.read_bytes()
    conn.execute("PRAGMA cache_size = 1")  # changed pages go to the file before the commit
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("UPDATE results SET total = total + 1000")
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for p in path.parent.iterdir():  # the files as a crash leaves them
        (crashed / p.name).write_bytes(p.read_bytes())
    conn.execute("ROLLBACK")
    conn.close()
    crashed_path = crashed / path.name
    assert crashed_path.read_bytes() != committed
    assert Path(f"{crashed_path}-journal").exists()
    store, problem = Statistics.open(crashed_path)
    assert problem is None and store.persistent
    assert store.summaries() == before
    assert not (crashed / "damaged").exists()


def test_a_log_without_its_database_is_kept_aside(path: Path) -> None:
    """SQLite would replay a stray log into the new database."""
    path.parent.mkdir()
    Path(f"{path}-wal").write_bytes(b"stray log")
    store, problem = Statistics.open(path)
    assert problem is None and store.persistent
    assert [p.read_bytes() for p in (path.parent / "damaged").iterdir()] == [b"stray log"]


def test_a_damaged_database_that_cannot_be_moved_stays(path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path.parent.mkdir()
    path.write_bytes(b"garbage" * 100)

    def refuse(*args: object) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(stats, "set_aside", refuse)
    store, problem = Statistics.open(path)
    assert problem is not None and (problem.kind, problem.moved_to) == ("damaged", None)
    assert "could not be moved" in problem.detail
    assert path.read_bytes() == b"garbage" * 100
    assert not store.persistent
    play(store, "a", [1, 0, 0, 0])  # this run's games are still counted
    assert only(store.summaries()).won == 1


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*")
            if p.is_file()}


def assert_untouched(folder: Path, before: dict[str, bytes]) -> None:
    """The promise for a newer database: no file changed, added or removed."""
    assert snapshot(folder) == before


def test_the_untouched_check_catches_a_change(tmp_path: Path) -> None:
    (tmp_path / "a").write_bytes(b"1")
    before = snapshot(tmp_path)
    (tmp_path / "a").write_bytes(b"2")
    with pytest.raises(AssertionError):
        assert_untouched(tmp_path, before)
    (tmp_path / "a").write_bytes(b"1")
    (tmp_path / "a-shm").write_bytes(b"")  # a side file made beside it
    with pytest.raises(AssertionError):
        assert_untouched(tmp_path, before)


def newer_database(path: Path, in_the_log: bool = False) -> None:
    """A database a newer CardTable wrote: one more schema version.  ``in_the_log``:
    the version is raised by a transaction still in the write-ahead log (the newer
    program stopped before a checkpoint)."""
    store = opened(path)
    play(store, "a", [1, 0, 0, 0])
    store.close()
    conn = sqlite3.connect(path, isolation_level=None)
    if in_the_log:
        conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute(f"PRAGMA user_version = {stats.SCHEMA_VERSION + 1}")
    conn.execute("CREATE TABLE from_the_future (x)")
    if in_the_log:  # keep the log: copy the files aside while this connection is open
        saved = {p: p.read_bytes() for p in path.parent.iterdir()}
        conn.close()
        for p in path.parent.iterdir():
            p.unlink()
        for p, data in saved.items():
            p.write_bytes(data)
    else:
        conn.close()


@pytest.mark.parametrize("in_the_log", [False, True], ids=["in the file", "in the log"])
def test_a_newer_database_is_left_untouched(path: Path, in_the_log: bool) -> None:
    newer_database(path, in_the_log)
    assert in_the_log == Path(f"{path}-wal").exists()
    before = snapshot(path.parent)
    store, problem = Statistics.open(path)
    assert problem is not None and (problem.kind, problem.moved_to) == ("newer", None)
    assert "newer version" in problem.detail
    assert not store.persistent
    play(store, "this run", [0, 5, 0, 0])  # kept in memory meanwhile
    assert only(store.summaries()).played == 1
    store.close()
    if in_the_log:  # reading the log, SQLite rebuilds its index of it (no data there)
        before.pop(f"{path.name}-shm")
        Path(f"{path}-shm").unlink()
    assert_untouched(path.parent, before)


def test_an_unwritable_folder_keeps_statistics_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_bytes(b"a file where the folder should be")
    store, problem = Statistics.open(blocker / "statistics.sqlite")
    assert problem is not None and problem.kind == "unwritable" and problem.detail
    assert not store.persistent
    play(store, "a", [1, 0, 0, 0])
    assert only(store.summaries()).won == 1
    assert blocker.read_bytes() == b"a file where the folder should be"


def test_stale_leftovers_of_a_new_database_are_removed(path: Path) -> None:
    path.parent.mkdir()
    stale = path.parent / f".{path.name}.abc.tmp"
    stale_log = path.parent / f".{path.name}.abc.tmp-wal"
    young = path.parent / f".{path.name}.def.tmp"
    other = path.parent / "notes.tmp"
    for p in (stale, stale_log, young, other):
        p.write_bytes(b"")
    for p in (stale, stale_log, other):
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    opened(path)
    assert not stale.exists() and not stale_log.exists()
    assert young.exists() and other.exists()  # another window's, and not ours


# --- never stopping a game --------------------------------------------------------------------


def test_recording_never_raises(store: Statistics) -> None:
    store.begin("a", "king", {"players": 1}, [object()], START)  # type: ignore[list-item]
    assert store.last_error is not None
    store.begin("b", "king", {"players": 4}, table(4, "Аня"), START)
    store.finish("b", ["ten", 0, 0, 0], START)  # type: ignore[list-item]
    assert store.last_error is not None
    store.close()
    store.begin("c", "king", {"players": 4}, table(4, "Аня"), START)
    store.mark_assisted("b", "undo")
    store.finish("b", [1, 0, 0, 0], START)
    assert store.last_error is not None and "closed" in store.last_error
    with pytest.raises(stats.StatisticsError):
        store.summaries()


def test_a_database_damaged_while_open_fails_the_query_not_the_game(path: Path) -> None:
    store = opened(path)
    play(store, "a", [1, 0, 0, 0])
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("DROP TABLE results")
    other.close()
    with pytest.raises(stats.StatisticsError, match="no such table"):
        store.summaries()
    store.begin("b", "king", {"players": 4}, table(4, "Аня"), START)  # the game goes on
    assert store.last_error is not None and "no such table" in store.last_error
    store.close()
    again, problem = Statistics.open(path)  # next time: set aside, a new one started
    assert problem is not None and problem.kind == "damaged" and "results" in problem.detail
    assert again.persistent


# --- upgrades -------------------------------------------------------------------------------


def add_notes(conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE games ADD COLUMN notes TEXT NOT NULL DEFAULT 'upgraded'")


def fail_halfway(conn: sqlite3.Connection) -> None:
    add_notes(conn)
    raise RuntimeError("the step fails after changing the schema")


def user_version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def test_an_upgrade_keeps_the_data(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = opened(path)
    play(store, "a", [10, 0, 0, 0])
    before = store.summaries()
    store.close()
    monkeypatch.setattr(stats, "MIGRATIONS", [*stats.MIGRATIONS, add_notes])
    store = opened(path)
    assert user_version(path) == stats.SCHEMA_VERSION + 1
    assert store.summaries() == before
    assert store._db().execute("SELECT notes FROM games").fetchall() == [("upgraded",)]
    play(store, "b", [10, 0, 0, 0])
    assert only(store.summaries()).won == 2


def test_a_failing_upgrade_leaves_the_old_version(path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    store = opened(path)
    play(store, "a", [10, 0, 0, 0])
    before = store.summaries()
    store.close()
    with monkeypatch.context() as patch:
        patch.setattr(stats, "MIGRATIONS", [*stats.MIGRATIONS, fail_halfway])
        store, problem = Statistics.open(path)
        assert problem is not None and problem.kind == "unwritable"
        assert "the step fails" in problem.detail and problem.moved_to is None
        assert not store.persistent
        store.close()
    assert user_version(path) == stats.SCHEMA_VERSION
    conn = sqlite3.connect(path)
    assert "notes" not in [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    conn.close()
    assert opened(path).summaries() == before


def test_a_first_upgrade_that_fails_still_rolls_back(tmp_path: Path) -> None:
    """The check of the mechanism itself: without its transaction, the step's change
    would stay behind although the version did not move."""
    conn = sqlite3.connect(tmp_path / "x.sqlite", isolation_level=None)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    with pytest.raises(RuntimeError), stats._transaction(conn):
        fail_halfway(conn)
        conn.execute("PRAGMA user_version = 2")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert [r[1] for r in conn.execute("PRAGMA table_info(games)")] == ["id"]
    conn.execute("BEGIN")
    add_notes(conn)  # outside our transaction helper the change would simply stay
    conn.execute("COMMIT")
    assert [r[1] for r in conn.execute("PRAGMA table_info(games)")] == ["id", "notes"]


# --- speed ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("sql", "params", "index"), [
    (stats.SUMMARY_SQL.format(where=""), (), "SCAN results USING COVERING INDEX results_by_group"),
    (stats.SUMMARY_SQL.format(where="WHERE name = ?"), ("Аня",),
     "COVERING INDEX results_by_player_group (name=?)"),
    (stats.RECENT_SQL.format(player=""), ("king", 4, 20),
     "INDEX results_by_table (game=? AND players=?)"),
    (stats.RECENT_SQL.format(player="AND r.name = ?"), ("king", 4, "Аня", 20),
     "INDEX results_by_player (name=? AND game=? AND players=?)"),
    (stats.PREVIOUS_RUNS_SQL, ("Аня", "king", 4, START, 1, 0),
     "INDEX results_by_player (name=? AND game=? AND players=? AND (date,game_id,seat)<"),
    (stats.LATER_RESULTS_SQL, ("Аня", "king", 4, START, 1, 0),
     "INDEX results_by_player (name=? AND game=? AND players=? AND (date,game_id,seat)>"),
])
def test_the_queries_read_an_index_in_order(store: Statistics, sql: str,
                                            params: tuple[object, ...], index: str) -> None:
    """What keeps the window quick at 100,000 games: no scan of a table, no sort of
    every result (see ``python -m cardtable bench stats`` for the times)."""
    plan = " | ".join(str(row[3]) for row in store._db().execute(
        "EXPLAIN QUERY PLAN " + sql, params))
    assert index in plan
    assert "TEMP B-TREE" not in plan


def test_the_plan_check_catches_a_scan(store: Statistics) -> None:
    """The check above can fail: a query no index serves shows a scan and a sort."""
    plan = " | ".join(str(row[3]) for row in store._db().execute(
        "EXPLAIN QUERY PLAN SELECT * FROM results WHERE total > 3 ORDER BY place"))
    assert "COVERING INDEX" not in plan and "TEMP B-TREE" in plan


# --- the runs kept with each result against the rule, on random histories ----------------------


def expected_summaries(history: list[tuple[str, str, int, float, bool, int | None]],
                       player: str | None) -> dict[tuple[str, int, bool], tuple[int, ...]]:
    """The figures straight from their definition: (name, game, players, date,
    assisted, place or None) per result."""
    out: dict[tuple[str, int, bool], list[int]] = {}
    for name, game, players, _, assisted, place in history:
        if player is None or name == player:
            tally = out.setdefault((game, players, assisted), [0, 0, 0, 0])
            tally[0] += 1
            tally[1] += place is not None
            tally[2] += place == 1
    people = {h[0] for h in history if player is None or h[0] == player}
    for name in people:
        for key in list(out):
            game, players, assisted = key
            ordered = sorted((h for h in history if h[0] == name and h[1:3] == (game, players)
                              and h[5] is not None), key=lambda h: h[3])
            best = run = 0
            for *_, helped, place in ordered:
                if assisted:
                    run = (run + 1 if place == 1 else 0) if helped else run
                else:
                    run = run + 1 if place == 1 and not helped else 0
                best = max(best, run)
            out[key][3] = max(out[key][3], best)
    return {k: tuple(v) for k, v in out.items()}


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(
    st.sampled_from([("king", 3), ("metamorphosis", 2)]),
    st.lists(st.sampled_from(["Аня", "Борис"]), min_size=1, max_size=2, unique=True),
    st.integers(0, 50),  # the day it finishes (out of order, as two windows may)
    st.sampled_from(["none", "before", "after"]),  # help, and when
    st.booleans(),  # finished
    st.integers(0, 2),  # the winning seat; seat 0 ties with it when 1
), max_size=14))
def test_the_runs_follow_the_rule(tmp_path_factory: pytest.TempPathFactory,
                                  games: list[Any]) -> None:
    store = opened(tmp_path_factory.mktemp("runs") / "statistics.sqlite")
    history = []
    for number, ((game, n), humans, day, help_, finished, winner) in enumerate(games):
        key = f"g{number}"
        seats = table(n, *humans)
        store.begin(key, game, {"players": n}, seats, START)
        if help_ == "before":
            store.mark_assisted(key, "hint")
        totals = [0] * n
        totals[winner % n] = 10
        if winner == 1:
            totals[0] = 10
        if finished:
            store.finish(key, totals, START + day * DAY + number)
        if help_ == "after":
            store.mark_assisted(key, "undo")
        assert store.last_error is None
        places = places_of(totals)
        for seat, name in enumerate(humans):
            history.append((name, game, n, START + day * DAY + number, help_ != "none",
                            places[seat] if finished else None))
    for player in (None, "Аня", "Борис"):
        found = {(s.game, s.players, s.assisted): (s.played, s.finished, s.won, s.longest_run)
                 for s in store.summaries(player)}
        assert found == expected_summaries(history, player)
    store.close()


def test_the_benchmark_reports_each_query(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_stats.main(argparse.Namespace(json=True, games=60, repeats=3)) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    whats = [row["what"] for row in rows]
    assert whats[0] == "insert per finished game"
    assert any(w.startswith("summaries, everyone") for w in whats)
    assert any(w.startswith("recent 20, ") for w in whats)
    assert "player list" in whats and whats[-1].startswith("open")
    for row in rows:
        assert row["games"] == 60 and 0 <= row["median_ms"] <= row["p95_ms"]
