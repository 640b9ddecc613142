"""Reviewed games in the statistics: an old database gains the table, a newer review
replaces an older one, a game the statistics never saw is kept too, the trend reads
oldest first and is bounded, and a review written while the disk is full waits in the
pending file rather than being lost."""

from __future__ import annotations

import csv
import sqlite3
from pathlib import Path

import pytest
from test_stats_writer import WAIT, Disk, pending_of, wait_until

from cardtable import stats
from cardtable.stats import SeatEntry, Statistics, review_entry
from cardtable.stats_writer import read_pending

START = 1_700_000_000.0
DAY = 86_400.0
SEATS = [SeatEntry("Аня", "human", None), SeatEntry("Computer 1", "computer", "normal"),
         SeatEntry("Computer 2", "computer", "normal"), SeatEntry("Computer 3", "computer",
                                                                   "normal")]
MARKS = {"inaccuracy": 2, "mistake": 1, "blunder": 0}


def opened(path: Path) -> Statistics:
    store, problem = Statistics.open(path)
    assert problem is None, problem
    return store


def play(store: Statistics, key: str, day: float, how: str | None = None,
         finished: bool = True) -> None:
    started = START + day * DAY
    store.begin(key, "king", {"players": 4}, SEATS, started)
    if how is not None:
        store.mark_assisted(key, how)
    if finished:
        store.finish(key, [10, 0, -5, -5], started + 3600)
    assert store.last_error is None


def review(store: Statistics, key: str, accuracy: float, *, seat: int = 0,
           name: str = "Аня", day: float = 0, reviewed: float | None = None,
           game: str = "king", players: int = 4, loss: float = 1.5) -> None:
    store.review(key, seat, name, game, players, START + day * DAY,
                 START + 100 * DAY if reviewed is None else reviewed, accuracy, loss, 30,
                 MARKS)
    assert store.last_error is None


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "statistics.sqlite"


@pytest.fixture
def store(path: Path) -> Statistics:
    return opened(path)


def user_version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


# --- the schema ------------------------------------------------------------------------------


def version_1(path: Path) -> None:
    """Make the database at ``path`` what version 1 left: its games, no reviews."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript("DROP TABLE reviews; PRAGMA user_version = 1;")
    assert stats._shape(conn) == stats._expected_shape(1)
    conn.close()


def test_a_version_1_database_gains_the_reviews_and_keeps_its_games(path: Path) -> None:
    old = opened(path)
    play(old, "a", 1)
    before = old.summaries()
    old.close()
    version_1(path)
    assert user_version(path) == 1
    store = opened(path)
    assert user_version(path) == stats.SCHEMA_VERSION == 2
    assert store.summaries() == before
    assert stats._shape(store._db()) == stats._expected_shape(2)  # checked at every open
    review(store, "a", 80.0)
    assert [r.accuracy for r in store.reviews("king", 4)] == [80.0]
    store.close()
    assert opened(path).reviews("king", 4)[0].date == START + DAY + 3600


def test_a_reviews_table_of_the_wrong_shape_is_refused(path: Path) -> None:
    """The shape check covers the new table: a version-2 file without its columns is
    set aside as damaged, not written into."""
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path)
    stats.MIGRATIONS[0](conn)
    conn.executescript("CREATE TABLE reviews (key TEXT); PRAGMA user_version = 2;")
    conn.close()
    store, problem = Statistics.open(path)
    assert problem is not None and problem.kind == "damaged" and "reviews" in problem.detail
    store.close()


# --- what is kept --------------------------------------------------------------------------


def test_a_newer_review_replaces_the_older(store: Statistics) -> None:
    play(store, "a", 1)
    review(store, "a", 60.0, reviewed=START + 10 * DAY)
    review(store, "a", 75.0, reviewed=START + 11 * DAY, loss=0.5)
    review(store, "a", 10.0, reviewed=START + 9 * DAY)  # made before the one kept: late
    (kept,) = store.reviews("king", 4)
    assert (kept.accuracy, kept.average_loss) == (75.0, 0.5)
    assert (kept.decisions, kept.inaccuracies, kept.mistakes, kept.blunders) == (30, 2, 1, 0)
    review(store, "a", 90.0, seat=1, name="Computer 1")  # another seat: a row of its own
    assert len(store.reviews("king", 4)) == 2


def test_a_game_the_statistics_never_saw_is_kept_with_its_own_date(store: Statistics) -> None:
    review(store, "elsewhere", 55.0, day=3)
    (kept,) = store.reviews("king", 4)
    assert (kept.date, kept.assisted, kept.name) == (START + 3 * DAY, False, "Аня")


def test_assisted_is_what_the_games_say_even_after_the_review(store: Statistics) -> None:
    play(store, "helped", 1, how="hint")
    play(store, "own", 2)
    review(store, "helped", 50.0)
    review(store, "own", 70.0)
    assert [(r.accuracy, r.assisted) for r in store.reviews("king", 4)] == [
        (50.0, True), (70.0, False)]
    store.mark_assisted("own", "undo")  # help noted after the review
    assert [r.assisted for r in store.reviews("king", 4)] == [True, True]


def test_a_game_finished_after_its_review_takes_the_finished_date(store: Statistics) -> None:
    play(store, "a", 1, finished=False)
    review(store, "a", 60.0)
    assert store.reviews("king", 4)[0].date == START + DAY
    store.finish("a", [1, 2, 3, -6], START + 2 * DAY)
    assert store.reviews("king", 4)[0].date == START + 2 * DAY


def test_the_trend_is_oldest_first_bounded_and_per_player_and_table(store: Statistics) -> None:
    for i in range(25):  # reviewed in a shuffled order: the games' dates order the trend
        day = (i * 7) % 25
        review(store, f"g{day}", float(day), day=day)
    review(store, "b1", 99.0, name="Борис", day=30)
    review(store, "m1", 99.0, game="metamorphosis", day=30)
    review(store, "k3", 99.0, players=3, seat=2, day=30)
    mine = store.reviews("king", 4, 20, "Аня")
    assert [r.accuracy for r in mine] == [float(d) for d in range(5, 25)]
    assert [r.accuracy for r in store.reviews("king", 4, 3)] == [23.0, 24.0, 99.0]
    assert [r.name for r in store.reviews("king", 4, 3)] == ["Аня", "Аня", "Борис"]
    assert store.reviews("clubs", 4) == []


def test_a_trend_in_the_wrong_order_fails_the_check(store: Statistics) -> None:
    """The order check above can fail: the query's rows as read are newest first."""
    for day in range(3):
        review(store, f"g{day}", float(day), day=day)
    rows = store._query(stats.REVIEWS_SQL.format(player=""), ("king", 4, 20))
    assert [row[3] for row in rows] == [2.0, 1.0, 0.0]
    assert [r.accuracy for r in store.reviews("king", 4)] != [row[3] for row in rows]


@pytest.mark.parametrize(("player", "params", "index"), [
    ("", ("king", 4, 20), "INDEX reviews_by_table (game=? AND players=?)"),
    ("AND v.name = ?", ("king", 4, "Аня", 20),
     "INDEX reviews_by_player (name=? AND game=? AND players=?)"),
])
def test_the_trend_reads_an_index_in_order(store: Statistics, player: str,
                                           params: tuple[object, ...], index: str) -> None:
    plan = " | ".join(str(row[3]) for row in store._db().execute(
        "EXPLAIN QUERY PLAN " + stats.REVIEWS_SQL.format(player=player), params))
    assert index in plan and "TEMP B-TREE" not in plan


@pytest.mark.parametrize("bad", [{"accuracy": 101.0}, {"seat": 4}, {"decisions": 0},
                                 {"average_loss": -1.0}, {"marks": [40, 0, 0]}])
def test_a_malformed_review_is_refused(store: Statistics, bad: dict[str, object]) -> None:
    entry = review_entry("a", 0, "Аня", "king", 4, START, START, 80.0, 1.0, 30, MARKS)
    with pytest.raises(stats.StatisticsError):
        store.apply({**entry, **bad})
    store.apply(entry)  # the same, well formed, goes in
    assert len(store.reviews("king", 4)) == 1


def test_reset_deletes_the_reviews(store: Statistics) -> None:
    play(store, "a", 1)
    review(store, "a", 60.0)
    review(store, "elsewhere", 60.0)
    store.reset()
    assert store.reviews("king", 4) == []


def test_the_export_carries_the_review_figures(store: Statistics, tmp_path: Path) -> None:
    play(store, "a", 1)
    play(store, "b", 2)
    review(store, "a", 71.25, loss=0.875)
    target = tmp_path / "out.csv"
    assert store.export_csv(target) == 2
    with open(target, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["review_accuracy"], r["review_average_loss"]) for r in rows] == [
        ("71.2", "0.88"), ("", "")]


# --- through the writer thread ----------------------------------------------------------------


def test_a_review_recorded_on_a_full_disk_is_kept_pending_then_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cardtable.stats_writer.PATIENCE_SECONDS", 0.4)
    monkeypatch.setattr("cardtable.stats_writer.RETRY_SECONDS", 3600.0)
    disk = Disk(tmp_path, monkeypatch, spare_pending=True)
    path = disk.path
    store = opened(path)
    disk.fill()
    entry = review_entry("a", 0, "Аня", "king", 4, START, START + DAY, 64.0, 2.0, 12, MARKS)
    store.record(entry)
    wait_until(lambda: read_pending(pending_of(path)) == [entry], "kept pending")
    store.close()
    disk.free()
    again = opened(path)
    assert again.settle(WAIT) == 0
    assert [(r.accuracy, r.decisions) for r in again.reviews("king", 4)] == [(64.0, 12)]
    again.close()
    assert not pending_of(path).exists()
