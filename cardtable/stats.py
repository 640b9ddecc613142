"""Game statistics kept between runs, in a local SQLite database.

A row per game in which a human made a move, one per seat of it and one per human
seat's result (what the window counts), and the figures of each reviewed seat's game
(:mod:`cardtable.ai.review`: its accuracy and points lost a decision).  A statistics
failure must never stop a game: :meth:`Statistics.open`, :meth:`~Statistics.begin`,
:meth:`~Statistics.mark_assisted` and :meth:`~Statistics.finish` never raise; they
keep the reason in ``last_error`` instead.  Those three write at once, for tools and
tests; the window hands its writes to :meth:`Statistics.record` instead, whose writer
thread (:mod:`cardtable.stats_writer`) retries a busy database and keeps what is not
in yet in a pending file beside it, applied first at the next open.  Open makes a
trial write (rolled back): SQLite opens a file it may not write read-only without a
word, and even takes the write lock, so only a write tells.

A file is never lost: a damaged database is moved aside into ``damaged/`` beside it
(bytes untouched, side files with it) and a new one started; one written by a newer
CardTable is only ever read, never written (not even its log folded in), and this
run's statistics are kept in memory.  A new
database is built in a temporary file and put in place whole, so a half-made
database never stands at the path.

Schema versions live in ``PRAGMA user_version``.  :data:`MIGRATIONS` holds the steps
from each version to the next; each runs in one transaction with its version number,
so an interrupted or failing step leaves the database at the version before it.

The journal is a write-ahead log (WAL): readers and the writer do not block each
other, so a game in one program window never waits while another window shows its
statistics; and with ``synchronous=NORMAL`` a commit costs no disk flush, while a
power cut can lose only the last few results, never the database (a crash of the
program loses nothing).  Writers that do meet (two windows finishing at once) wait
for each other: a direct write up to :data:`BUSY_SECONDS`, the writer thread longer.

Qt-free: the window shows what :class:`OpenProblem` says and what the queries give.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.engine import GAMES
from cardtable.engine.game import places_of
from cardtable.engine.match import HUMAN
from cardtable.engine.record import (
    leftover_temporaries,
    make_temporary,
    sync_directory,
    write_atomically,
)
from cardtable.saves import DAMAGED, set_aside

if TYPE_CHECKING:  # the writer thread is made only when something is recorded
    from cardtable.stats_writer import Recorder

BUSY_SECONDS = 2.0
"""How long a direct write (:meth:`Statistics.begin` …) or a read waits for another
window's write before it gives up."""

TRIAL_BUSY_SECONDS = 0.25
"""How long open's trial write waits for a lock: a database busy in another program
is taken as it is (being written, so writable); the writer retries its writes."""

PENDING_SUFFIX = "-pending.json"
"""The writes not yet in the database, beside it (see :mod:`cardtable.stats_writer`)."""

SIDE_FILES = ("-wal", "-journal", "-shm")
"""SQLite's files beside a database: set aside with it, so they never meet a new one."""

STALE_TEMPORARY_SECONDS = 60.0
"""A half-built new database older than this was left by an interrupted run (a
younger one may be another window's, still being built)."""

HEADER = b"SQLite format 3\x00"
HEADER_SIZE = 100
USER_VERSION_OFFSET = 60
"""Where the schema version stands in the file's header (big-endian, 4 bytes)."""

DAMAGE_CODES = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
"""SQLite's errors that mean the file itself is bad; any other (busy, read-only, full
disk) is a passing condition that must never get a file set aside."""


# --- the schema ---------------------------------------------------------------------------

Step = Callable[[sqlite3.Connection], None]


def _create_schema(conn: sqlite3.Connection) -> None:
    """Version 1: the games, who sat where, and a result per human seat.

    A result repeats its game's table, assistance and date, and keeps the winning
    runs as they stand after it (see :func:`next_runs`), so that every figure the
    window shows is an aggregate read from one index in order — no join, no sort, no
    pass in Python — and stays quick at 100,000 games.  ``assists`` lists how a game
    was helped (empty: not at all); ``totals`` is every seat's, as JSON."""
    for statement in (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            options TEXT NOT NULL,
            started REAL NOT NULL,
            finished REAL,
            totals TEXT,
            assists TEXT NOT NULL DEFAULT ''
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            level TEXT,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID""",
        """CREATE TABLE results (
            game_id INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            assisted INTEGER NOT NULL DEFAULT 0,
            finished INTEGER NOT NULL DEFAULT 0,
            date REAL NOT NULL,
            total INTEGER,
            place INTEGER,
            honest_run INTEGER NOT NULL DEFAULT 0,
            helped_run INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game_id, seat),
            FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat)
        ) WITHOUT ROWID""",
        # a player's games at a table by date: the runs, a player's last games, the names
        "CREATE INDEX results_by_player ON results (name, game, players, date)",
        # everyone's last games at a table
        "CREATE INDEX results_by_table ON results (game, players, date)",
        # the summaries, everyone's and a player's: every column they read, in group order
        "CREATE INDEX results_by_group ON results "
        "(game, players, assisted, finished, total, place, honest_run, helped_run)",
        "CREATE INDEX results_by_player_group ON results "
        "(name, game, players, assisted, finished, total, place, honest_run, helped_run)",
    ):
        conn.execute(statement)


def _add_reviews(conn: sqlite3.Connection) -> None:
    """Version 2: a reviewed game's figures, one row per game and seat (a newer review
    replaces an older one).  A game is known by its key, not by ``games.id``: a game
    played elsewhere (a record opened from a file) may be reviewed too, and whether a
    game was assisted is read from ``games`` when the row is read, so help noted
    later counts.  ``date`` is the game's (when it finished, or began), ``reviewed``
    when the review was made."""
    conn.execute("""CREATE TABLE reviews (
            key TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            date REAL NOT NULL,
            reviewed REAL NOT NULL,
            accuracy REAL NOT NULL,
            average_loss REAL NOT NULL,
            decisions INTEGER NOT NULL,
            inaccuracies INTEGER NOT NULL,
            mistakes INTEGER NOT NULL,
            blunders INTEGER NOT NULL,
            PRIMARY KEY (key, seat)
        ) WITHOUT ROWID""")
    # a player's (or everyone's) last reviewed games at a table
    conn.execute("CREATE INDEX reviews_by_player ON reviews (name, game, players, date)")
    conn.execute("CREATE INDEX reviews_by_table ON reviews (game, players, date)")


MIGRATIONS: list[Step] = [_create_schema, _add_reviews]
"""Step k takes a database from version k to k+1; append, never change a step."""

SCHEMA_VERSION: int = len(MIGRATIONS)
"""The ``user_version`` of a current database."""


def _target_version() -> int:
    """Read at each call, so a test can add a step."""
    return len(MIGRATIONS)


@contextlib.contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, taken at once (so a busy database waits here, not in the
    middle); rolled back if anything in it fails."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise


def _user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection) -> None:
    """Bring the database up to the current version, one step per transaction."""
    version = _user_version(conn)
    for number in range(version, _target_version()):
        with _transaction(conn):
            MIGRATIONS[number](conn)
            conn.execute(f"PRAGMA user_version = {number + 1:d}")


Shape = dict[str, list[tuple[str, str, int, int]]]


def _shape(conn: sqlite3.Connection, tables: Sequence[str] | None = None) -> Shape:
    """Each table's columns (name, type, not null, key position)."""
    if tables is None:
        tables = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    return {table: [(str(r[1]), str(r[2]).upper(), int(r[3]), int(r[5]))
                    for r in conn.execute("SELECT * FROM pragma_table_info(?)", (table,))]
            for table in tables}


def _expected_shape(version: int) -> Shape:
    """The tables a database of ``version`` has: the steps replayed in memory."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for step in MIGRATIONS[:version]:
            step(conn)
        return _shape(conn)
    finally:
        conn.close()


# --- what the store holds and gives ---------------------------------------------------------


@dataclass(frozen=True)
class SeatEntry:
    """Who sat at a seat: a name, ``human`` or ``computer``, and a computer's level."""

    name: str
    kind: str
    level: str | None


@dataclass(frozen=True)
class OpenProblem:
    """Why the statistics are not simply the file's: ``damaged`` (set aside to
    ``moved_to`` — None if it could not be moved — and a new database started),
    ``newer`` (written by a newer CardTable; left untouched) or ``unwritable`` (the file
    or folder cannot be used; left as it is).  The last two keep this run's statistics
    in memory.  ``detail`` is the error in English."""

    kind: str
    detail: str
    moved_to: Path | None = None


@dataclass(frozen=True)
class Summary:
    """One table (game and player count), its assisted games or the others.

    Counts are of results, one per human seat of a game: a pass-and-play game of two
    people counts for each.  Totals and places are of finished games.  ``longest_run``
    is the most finished games in a row (by date, for one player) each won: among the
    unassisted results an assisted game ends a run; among the assisted ones only
    assisted games count.  Unfinished games neither end nor extend a run."""

    game: str
    players: int
    assisted: bool
    played: int
    finished: int
    won: int
    average_total: float | None
    best_total: int | None
    average_place: float | None
    longest_run: int

    @property
    def win_percent(self) -> float | None:
        """Won out of played: a game left unfinished counts as not won."""
        return 100.0 * self.won / self.played if self.played else None


@dataclass(frozen=True)
class Result:
    """One human seat's game.  ``date`` is when it finished (or started, if it never
    did); ``opponents`` are the other seats as (name, kind, level), in seat order."""

    date: float
    game: str
    players: int
    name: str
    total: int | None
    place: int | None
    won: bool
    assisted: bool
    finished: bool
    opponents: tuple[tuple[str, str, str | None], ...]
    seat: int
    """The human's seat (0-based)."""
    assists: tuple[str, ...]
    """How the game was helped (``hint``, ``undo`` …), in alphabetical order."""


@dataclass(frozen=True)
class ReviewResult:
    """One seat's reviewed game: ``accuracy`` (0–100) and ``average_loss`` (points a
    decision) over ``decisions`` weighed decisions, with the marks counted.  ``date``
    is the game's; ``assisted`` is what the statistics know of the game (False for a
    game they never saw)."""

    date: float
    game: str
    players: int
    name: str
    seat: int
    accuracy: float
    average_loss: float
    decisions: int
    inaccuracies: int
    mistakes: int
    blunders: int
    assisted: bool


class StatisticsError(Exception):
    """A query, the reset or the export failed; the message says why, in English."""


class _Refused(Exception):
    """The database at the path cannot be used as it is (see :class:`OpenProblem`)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


def _error_text(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")
    return str(exc) or type(exc).__name__


def _is_damage(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in DAMAGE_CODES


# --- opening ------------------------------------------------------------------------------


def _connect(target: str) -> sqlite3.Connection:
    """A connection in autocommit mode (the transactions are explicit), waiting
    :data:`BUSY_SECONDS` for another window's write."""
    conn = sqlite3.connect(target, timeout=BUSY_SECONDS, isolation_level=None,
                           check_same_thread=False)  # the store's lock serialises its use
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _in_memory() -> sqlite3.Connection:
    """This run's statistics when the file cannot hold them.  Even a step that fails
    here must not stop the program: the database then stays at the step before."""
    conn = _connect(":memory:")
    with contextlib.suppress(Exception):
        migrate(conn)
    return conn


def _remove_stale_temporaries(path: Path) -> None:
    """Half-built new databases of interrupted runs, and SQLite's files beside them."""
    prefix = f".{path.name}."
    with contextlib.suppress(OSError):
        sides = [p for p in path.parent.iterdir() if p.name.startswith(prefix)
                 and p.name.endswith(tuple(".tmp" + s for s in SIDE_FILES))]
        for leftover in [*leftover_temporaries(path), *sides]:
            with contextlib.suppress(OSError):
                if time.time() - leftover.stat().st_mtime > STALE_TEMPORARY_SECONDS:
                    leftover.unlink()


def _create(path: Path, now: float | None) -> None:
    """Build a new, current database beside ``path`` and put it there whole.  If
    another window put one there first, that one stays.  Side files without their
    database are set aside first: SQLite would replay them into the new one."""
    for suffix in SIDE_FILES:
        orphan = Path(str(path) + suffix)
        if orphan.exists():
            set_aside(orphan, DAMAGED, now)
    fd, name = make_temporary(path)  # named by this process: no other copy removes it
    os.close(fd)
    tmp = Path(name)
    try:
        conn = _connect(name)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            migrate(conn)
        finally:
            conn.close()
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)  # fails if a database appeared meanwhile: that one stays
        except FileExistsError:
            pass
        except OSError:  # no hard links on this file system
            if not path.exists():
                os.replace(tmp, path)
        sync_directory(path.parent)
    finally:
        for leftover in (tmp, *(Path(name + s) for s in SIDE_FILES)):
            with contextlib.suppress(OSError):
                leftover.unlink()


def _read_header(path: Path) -> int:
    """The schema version in the file's header, read without SQLite (so a newer
    database is not even opened); a file that is plainly no database is refused."""
    with open(path, "rb") as f:
        header = f.read(HEADER_SIZE)
    if not header:
        raise _Refused(DAMAGED, "the file is empty")
    if not header.startswith(HEADER):
        raise _Refused(DAMAGED, "not an SQLite database")
    if len(header) < HEADER_SIZE:
        raise _Refused(DAMAGED, f"truncated: {len(header)} bytes")
    return int.from_bytes(header[USER_VERSION_OFFSET:USER_VERSION_OFFSET + 4], "big",
                          signed=True)


def _newer_text(version: int) -> str:
    return (f"written by a newer version of CardTable (statistics schema {version}; "
            f"this one reads {_target_version()})")


def _inspect(conn: sqlite3.Connection) -> int:
    """The database's schema version, after refusing a newer database, a damaged one
    and one whose tables are not ours."""
    version = _user_version(conn)  # through the log: may be newer than the header's
    if version > _target_version():
        raise _Refused("newer", _newer_text(version))
    problems = [str(row[0]) for row in conn.execute("PRAGMA quick_check")]
    if problems != ["ok"]:
        raise _Refused(DAMAGED, "quick_check: " + "; ".join(problems[:5]))
    if version <= 0:
        raise _Refused(DAMAGED, "not a CardTable statistics database (schema version "
                                f"{version})")
    expected = _expected_shape(version)
    found = _shape(conn, list(expected))
    for table, columns in expected.items():
        if found[table] != columns:
            what = "missing" if not found[table] else "of the wrong shape"
            raise _Refused(DAMAGED, f"table {table!r} is {what} for schema version {version}")
    return version


def _inspect_read_only(path: Path) -> bool:
    """Inspect the database without the right to write it, so that a newer one is left
    as it is — its log included, which a writer would fold into the file on closing.
    False if SQLite cannot read it so (a log to recover, say): then a writer must."""
    try:
        conn = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True,
                               timeout=BUSY_SECONDS)
    except sqlite3.Error as exc:
        if _is_damage(exc):
            raise _Refused(DAMAGED, str(exc)) from None
        return False
    try:
        _inspect(conn)
        return True
    except sqlite3.Error as exc:
        if _is_damage(exc):
            raise _Refused(DAMAGED, str(exc)) from None
        return False
    finally:
        conn.close()


def _open_file(path: Path, now: float | None) -> sqlite3.Connection:
    """A checked, current connection to the database at ``path``, made first if there
    is none; :class:`_Refused` says why not."""
    if not os.path.lexists(path):
        _create(path, now)
    version = _read_header(path)
    if version > _target_version():
        raise _Refused("newer", _newer_text(version))
    inspected = _inspect_read_only(path)
    conn = _connect(str(path))
    try:
        version = _user_version(conn) if inspected else _inspect(conn)
        try:
            migrate(conn)
        except Exception as exc:  # the step's transaction is rolled back: still ``version``
            raise _Refused("unwritable", f"could not upgrade the statistics from schema "
                                         f"{version} to {_target_version()}: "
                                         f"{_error_text(exc)}") from None
        _check_writable(conn)
        conn.execute("PRAGMA synchronous = NORMAL")
    except sqlite3.Error as exc:
        conn.close()
        if _is_damage(exc):
            raise _Refused(DAMAGED, str(exc)) from None
        raise
    except BaseException:
        conn.close()
        raise
    return conn


def is_busy(exc: BaseException) -> bool:
    """Another connection holds the lock (it passes; the write may be tried again)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _check_writable(conn: sqlite3.Connection) -> None:
    """A trial write, rolled back: a file (or its folder) that cannot be written fails
    here with SQLite's read-only error.  A lock held elsewhere is waited for only
    briefly and then taken as no refusal."""
    conn.execute(f"PRAGMA busy_timeout = {round(TRIAL_BUSY_SECONDS * 1000):d}")
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(f"PRAGMA user_version = {_user_version(conn):d}")
        finally:
            conn.execute("ROLLBACK")
    except sqlite3.Error as exc:
        if not is_busy(exc):
            raise
    finally:
        conn.execute(f"PRAGMA busy_timeout = {round(BUSY_SECONDS * 1000):d}")


def _set_aside_with_side_files(path: Path, now: float | None) -> Path:
    moved = set_aside(path, DAMAGED, now)
    for suffix in SIDE_FILES:
        side = Path(str(path) + suffix)
        if side.exists():
            os.replace(side, Path(str(moved) + suffix))
    sync_directory(path.parent)
    sync_directory(moved.parent)
    return moved


# --- the store ----------------------------------------------------------------------------


SUMMARY_SQL = """
SELECT game, players, assisted, count(*), sum(finished), coalesce(sum(place = 1), 0),
       avg(total), max(total), avg(place),
       max(CASE WHEN assisted THEN helped_run ELSE honest_run END)
FROM results {where}
GROUP BY game, players, assisted
"""

PREVIOUS_RUNS_SQL = """
SELECT honest_run, helped_run FROM results
WHERE name = ? AND game = ? AND players = ? AND finished AND (date, game_id, seat) < (?, ?, ?)
ORDER BY date DESC, game_id DESC, seat DESC LIMIT 1
"""

LATER_RESULTS_SQL = """
SELECT game_id, seat, assisted, place FROM results
WHERE name = ? AND game = ? AND players = ? AND finished AND (date, game_id, seat) >= (?, ?, ?)
ORDER BY date, game_id, seat
"""
"""A run goes by date, one player at one table; a result's runs follow from the one
before it, so a change is carried from the changed result on."""

RECENT_SQL = """
SELECT r.game_id, r.date, r.seat, r.name, r.total, r.place, g.assists, r.finished
FROM results r JOIN games g ON g.id = r.game_id
WHERE r.game = ? AND r.players = ? {player}
ORDER BY r.date DESC, r.game_id DESC, r.seat DESC
LIMIT ?
"""
"""The index's order read backwards (the seats of a game are put in order after)."""

REVIEWS_SQL = """
SELECT v.date, v.name, v.seat, v.accuracy, v.average_loss, v.decisions, v.inaccuracies,
       v.mistakes, v.blunders, coalesce(g.assists, '') != ''
FROM reviews v LEFT JOIN games g ON g.key = v.key
WHERE v.game = ? AND v.players = ? {player}
ORDER BY v.date DESC, v.key DESC, v.seat DESC
LIMIT ?
"""
"""A table's last reviewed games, newest first: an index read backwards."""

EXPORT_SQL = """
SELECT r.game_id, g.started, g.finished, r.game, r.players, g.assists, g.options, r.seat,
       r.name, r.total, r.place, v.accuracy, v.average_loss
FROM results r JOIN games g ON g.id = r.game_id
LEFT JOIN reviews v ON v.key = g.key AND v.seat = r.seat
ORDER BY r.date, r.game_id, r.seat
"""

CSV_COLUMNS = ("started", "finished", "game", "players", "seat", "player", "total", "place",
               "won", "assisted", "assisted_by", "opponents", "options", "review_accuracy",
               "review_average_loss")

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A cell a spreadsheet would run as a formula; a name so begun is exported with a
leading apostrophe."""


def _game_order(game: str) -> int:
    order = list(GAMES)
    return order.index(game) if game in order else len(order)


def _assists(text: str) -> tuple[str, ...]:
    return tuple(word for word in text.split(",") if word)


def _iso(timestamp: float | None) -> str:
    if timestamp is None:
        return ""
    return datetime.fromtimestamp(timestamp).astimezone().isoformat(timespec="seconds")


def _cell(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _opponent_text(name: str, kind: str, level: str | None) -> str:
    return f"{name} ({kind}, {level})" if level else f"{name} ({kind})"


Entry = dict[str, Any]
"""One write as plain JSON (so a pending file can keep it): ``write`` says which —
``begin``, ``assisted``, ``finish`` or ``review`` — and the other keys are its
arguments."""


def begin_entry(key: str, game: str, options: Mapping[str, Any], seats: Sequence[SeatEntry],
                started: float) -> Entry:
    """A game in which a human has made a first move (see :meth:`Statistics.begin`)."""
    return {"write": "begin", "key": str(key), "game": str(game),
            "options": json.dumps(dict(options), sort_keys=True, ensure_ascii=False,
                                  default=str),
            "seats": [[str(s.name), str(s.kind), None if s.level is None else str(s.level)]
                      for s in seats],
            "started": float(started)}


def assisted_entry(key: str, how: str) -> Entry:
    """A game helped (see :meth:`Statistics.mark_assisted`)."""
    return {"write": "assisted", "key": str(key),
            "how": str(how).replace(",", " ").strip() or "assisted"}


def finish_entry(key: str, totals: Sequence[int], finished: float) -> Entry:
    """A game's final totals (see :meth:`Statistics.finish`)."""
    return {"write": "finish", "key": str(key), "totals": [int(t) for t in totals],
            "finished": float(finished)}


REVIEW_MARKS = ("inaccuracy", "mistake", "blunder")
"""The review's marks, in the order an entry counts them."""


def review_entry(key: str, seat: int, name: str, game: str, players: int, date: float,
                 reviewed: float, accuracy: float, average_loss: float, decisions: int,
                 marks: Mapping[str, int]) -> Entry:
    """A seat's reviewed game (see :meth:`Statistics.review`): ``marks`` counts the
    ``inaccuracy``, ``mistake`` and ``blunder`` marks; ``date`` is used when the
    statistics do not know the game."""
    return {"write": "review", "key": str(key), "seat": int(seat), "name": str(name),
            "game": str(game), "players": int(players), "date": float(date),
            "reviewed": float(reviewed), "accuracy": float(accuracy),
            "average_loss": float(average_loss), "decisions": int(decisions),
            "marks": [int(marks.get(mark, 0)) for mark in REVIEW_MARKS]}


def _write_begin(conn: sqlite3.Connection, entry: Entry) -> None:
    rows = [(i, str(name), str(kind), None if level is None else str(level))
            for i, (name, kind, level) in enumerate(entry["seats"])]
    game = str(entry["game"])
    cursor = conn.execute(
        "INSERT OR IGNORE INTO games (key, game, players, options, started) "
        "VALUES (?, ?, ?, ?, ?)",
        (str(entry["key"]), game, len(rows), str(entry["options"]), float(entry["started"])))
    if cursor.rowcount != 1:  # begun before: left as it is
        return
    game_id = cursor.lastrowid
    conn.executemany("INSERT INTO seats (game_id, seat, name, kind, level) "
                     "VALUES (?, ?, ?, ?, ?)", [(game_id, *row) for row in rows])
    conn.executemany(
        "INSERT INTO results (game_id, seat, name, game, players, date) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, i, name, game, len(rows), float(entry["started"]))
         for i, name, kind, _ in rows if kind == HUMAN])


def _write_assisted(conn: sqlite3.Connection, entry: Entry) -> None:
    word = str(entry["how"])
    row = conn.execute("SELECT id, assists FROM games WHERE key = ?",
                       (str(entry["key"]),)).fetchone()
    if row is None or word in _assists(row[1]):  # each hint need not write
        return
    words = ",".join(sorted(set(_assists(row[1])) | {word}))
    conn.execute("UPDATE games SET assists = ? WHERE id = ?", (words, row[0]))
    conn.execute("UPDATE results SET assisted = 1 WHERE game_id = ?", (row[0],))
    _rerun_game(conn, row[0])


def _write_finish(conn: sqlite3.Connection, entry: Entry) -> None:
    scores = [int(t) for t in entry["totals"]]
    row = conn.execute("SELECT id, players, finished FROM games WHERE key = ?",
                       (str(entry["key"]),)).fetchone()
    if row is None or row[2] is not None:  # never begun, or finished before
        return
    game_id, players, _ = row
    if len(scores) != players:
        raise StatisticsError(f"{len(scores)} totals for {players} players")
    finished = float(entry["finished"])
    conn.execute("UPDATE games SET finished = ?, totals = ? WHERE id = ?",
                 (finished, json.dumps(scores), game_id))
    conn.executemany(
        "UPDATE results SET finished = 1, date = ?, total = ?, place = ? "
        "WHERE game_id = ? AND seat = ?",
        [(finished, total, place, game_id, seat)
         for seat, (total, place) in enumerate(zip(scores, places_of(scores), strict=True))])
    conn.execute("UPDATE reviews SET date = ? WHERE key = ?", (finished, str(entry["key"])))
    _rerun_game(conn, game_id)


def _write_review(conn: sqlite3.Connection, entry: Entry) -> None:
    """Keep a review's figures; one made earlier than the one kept is left out (two
    windows, or a pending write applied late).  A game the statistics know takes its
    date from them."""
    key, seat, players = str(entry["key"]), int(entry["seat"]), int(entry["players"])
    accuracy, loss = float(entry["accuracy"]), float(entry["average_loss"])
    marks = [int(m) for m in entry["marks"]]
    decisions = int(entry["decisions"])
    if not (0 <= seat < players and 0.0 <= accuracy <= 100.0 and loss >= 0.0
            and decisions > 0 and len(marks) == len(REVIEW_MARKS)
            and all(m >= 0 for m in marks) and sum(marks) <= decisions):
        raise StatisticsError(f"not a review's figures: {entry!r}")
    known = conn.execute("SELECT coalesce(finished, started) FROM games WHERE key = ?",
                         (key,)).fetchone()
    date = float(known[0]) if known is not None else float(entry["date"])
    conn.execute(
        "INSERT INTO reviews (key, seat, name, game, players, date, reviewed, accuracy, "
        "average_loss, decisions, inaccuracies, mistakes, blunders) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (key, seat) DO UPDATE SET name = excluded.name, date = excluded.date, "
        "reviewed = excluded.reviewed, accuracy = excluded.accuracy, "
        "average_loss = excluded.average_loss, decisions = excluded.decisions, "
        "inaccuracies = excluded.inaccuracies, mistakes = excluded.mistakes, "
        "blunders = excluded.blunders WHERE excluded.reviewed >= reviews.reviewed",
        (key, seat, str(entry["name"]), str(entry["game"]), players, date,
         float(entry["reviewed"]), accuracy, loss, decisions, *marks))


WRITES: dict[str, Callable[[sqlite3.Connection, Entry], None]] = {
    "begin": _write_begin, "assisted": _write_assisted, "finish": _write_finish,
    "review": _write_review}


def needs_writing(entry: Entry) -> bool:
    """False for a game without a human seat: it is not recorded, and takes no lock."""
    return entry.get("write") != "begin" or any(
        isinstance(seat, list) and len(seat) == 3 and seat[1] == HUMAN
        for seat in entry.get("seats", ()))


def apply_entry(conn: sqlite3.Connection, entry: Entry) -> None:
    """One write in a transaction of its own.  Applying it twice changes nothing (a
    game begun before, a help known, a game finished before are left as they are), so a
    pending write may be applied again after a crash.  Raises ``KeyError``,
    ``TypeError``, ``ValueError`` or :class:`StatisticsError` for a malformed entry,
    ``sqlite3.Error`` when the database fails."""
    write = WRITES[str(entry["write"])]
    if not needs_writing(entry):
        return
    with _transaction(conn):
        write(conn, entry)


def pending_path_of(database: Path) -> Path:
    return database.with_name(database.name + PENDING_SUFFIX)


class Statistics:
    """The statistics store; open it with :meth:`open`.

    One connection serves the window's reads and the direct writes, under a lock (the
    writer thread uses it only for statistics kept in memory; for a file it has its
    own)."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None,
                 pending_path: Path | None = None) -> None:
        self._conn: sqlite3.Connection | None = conn
        self._lock = threading.RLock()
        self.path = path
        """The database file; None when this run's statistics are kept in memory."""
        self.pending_path = pending_path
        """Where writes not yet in the database file are kept: beside it, also when
        this run's statistics are kept in memory because the file could not be
        written (the next start applies them); None for a newer CardTable's file."""
        self.last_error: str | None = None
        """The last failure of a write that must not raise, in English."""
        self._recorder: Recorder | None = None

    # --- opening and closing -----------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, now: float | None = None) -> tuple[Statistics, OpenProblem | None]:
        """The store at ``path`` and what was wrong with the file found there, if
        anything (see the module); ``now`` stamps a file set aside.  Never raises.
        Writes left pending by an earlier run are applied first, by the writer thread."""
        store, problem = cls._open(Path(path), now)
        if store.pending_path is not None:
            with contextlib.suppress(OSError):
                if store.pending_path.exists():
                    store.recorder()  # it reads the pending file before anything else
        return store, problem

    @classmethod
    def _open(cls, path: Path, now: float | None) -> tuple[Statistics, OpenProblem | None]:
        pending = pending_path_of(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _remove_stale_temporaries(path)
            _remove_stale_temporaries(pending)
            return cls(_open_file(path, now), path, pending), None
        except _Refused as refused:
            if refused.kind != DAMAGED:
                return cls._fallback(refused.kind, refused.detail,
                                     pending=None if refused.kind == "newer" else pending)
            return cls._start_again(path, refused.detail, now)
        except (OSError, sqlite3.Error) as exc:
            return cls._fallback("unwritable", _error_text(exc), pending=pending)
        except Exception as exc:  # the last guard: statistics never stop the program
            return cls._fallback("unwritable", f"{type(exc).__name__}: {_error_text(exc)}",
                                 pending=pending)

    @classmethod
    def _fallback(cls, kind: str, detail: str, moved_to: Path | None = None,
                  pending: Path | None = None) -> tuple[Statistics, OpenProblem]:
        return cls(_in_memory(), None, pending), OpenProblem(kind, detail, moved_to)

    @classmethod
    def _start_again(cls, path: Path, detail: str, now: float | None
                     ) -> tuple[Statistics, OpenProblem]:
        """Set the damaged file aside and begin a new database where it was."""
        pending = pending_path_of(path)
        try:
            moved = _set_aside_with_side_files(path, now)
        except OSError as exc:
            return cls._fallback(DAMAGED, f"{detail}; it could not be moved: "
                                          f"{_error_text(exc)}", pending=pending)
        try:
            return (cls(_open_file(path, now), path, pending),
                    OpenProblem(DAMAGED, detail, moved))
        except (_Refused, OSError, sqlite3.Error) as exc:
            return cls._fallback(DAMAGED, f"{detail}; a new database could not be made: "
                                          f"{_error_text(exc)}", moved, pending)

    def close(self) -> None:
        """Stop the writer thread (briefly: what is not in goes to the pending file),
        then the connection."""
        if self._recorder is not None:
            self._recorder.close()
        with self._lock:
            if self._conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.close()
                self._conn = None

    @property
    def persistent(self) -> bool:
        """Whether the statistics outlive this run."""
        return self.path is not None

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StatisticsError("the statistics are closed")
        return self._conn

    def writer_connection(self) -> sqlite3.Connection:
        """A connection of its own to the database file, for the writer thread."""
        if self.path is None:
            raise StatisticsError("the statistics are kept in memory")
        conn = _connect(str(self.path))
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    # --- recording through the writer thread ---------------------------------------------------

    def recorder(self) -> Recorder:
        """The writer thread, started at the first call."""
        if self._recorder is None:
            from cardtable.stats_writer import Recorder

            self._recorder = Recorder(self)
        return self._recorder

    def record(self, entry: Entry) -> None:
        """Hand a write (:func:`begin_entry` …) to the writer thread; returns at once."""
        if needs_writing(entry):
            self.recorder().put(entry)

    def settle(self, timeout: float) -> int:
        """Wait up to ``timeout`` seconds for the writes handed over so far; how many are
        still not in the database (0 when all are, or none were handed over)."""
        return 0 if self._recorder is None else self._recorder.settle(timeout)

    def apply(self, entry: Entry) -> None:
        """Write one entry now through this store's connection; raises as
        :func:`apply_entry` does."""
        with self._lock:
            apply_entry(self._db(), entry)

    # --- direct writes -------------------------------------------------------------------------

    def _quietly(self, make: Callable[[], Entry]) -> None:
        """Make and apply a write that must never stop a game; a failure is kept in
        ``last_error``."""
        try:
            self.apply(make())
            self.last_error = None
        except Exception as exc:
            self.last_error = f"{type(exc).__name__}: {_error_text(exc)}"

    def begin(self, key: str, game: str, options: Mapping[str, Any], seats: Sequence[SeatEntry],
              started: float) -> None:
        """Record a game in which a human has made a first move.  A key recorded before
        is left as it is; a game without a human seat is not recorded."""
        self._quietly(lambda: begin_entry(key, game, options, seats, started))

    def mark_assisted(self, key: str, how: str) -> None:
        """Mark a game as helped (``undo``, ``hint``, ``takeover``); an unknown key is
        ignored."""
        self._quietly(lambda: assisted_entry(key, how))

    def finish(self, key: str, totals: Sequence[int], finished: float) -> None:
        """Record the final totals (higher is better); places follow by competition
        ranking.  A game finished before, or never begun, is left as it is."""
        self._quietly(lambda: finish_entry(key, totals, finished))

    def review(self, key: str, seat: int, name: str, game: str, players: int, date: float,
               reviewed: float, accuracy: float, average_loss: float, decisions: int,
               marks: Mapping[str, int]) -> None:
        """Keep a review's figures for the game ``key`` at ``seat`` (see
        :func:`review_entry`), in place of an earlier review of the same."""
        self._quietly(lambda: review_entry(key, seat, name, game, players, date, reviewed,
                                           accuracy, average_loss, decisions, marks))

    # --- reading ------------------------------------------------------------------------------

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            with self._lock:
                return self._db().execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise StatisticsError(_error_text(exc)) from None

    def summaries(self, player: str | None = None) -> list[Summary]:
        """One summary per game, player count and assistance that has games, in the
        game chooser's order; of ``player``'s results, or of every human seat's."""
        where, params = ("WHERE name = ?", (player,)) if player is not None else ("", ())
        out = [Summary(game, players, bool(assisted), played, finished, won, average, best,
                       place, int(run or 0))
               for game, players, assisted, played, finished, won, average, best, place, run
               in self._query(SUMMARY_SQL.format(where=where), params)]
        out.sort(key=lambda s: (_game_order(s.game), s.game, s.players, s.assisted))
        return out

    def recent(self, game: str, players: int, limit: int = 20,
               player: str | None = None) -> list[Result]:
        """The latest ``limit`` results at this table, newest first, assisted ones
        included and marked."""
        where, params = ("AND r.name = ?", (player,)) if player is not None else ("", ())
        rows = self._query(RECENT_SQL.format(player=where), (game, players, *params, limit))
        rows.sort(key=lambda row: (-row[1], -row[0], row[2]))
        seats = self._seats_of(sorted({row[0] for row in rows}))
        return [Result(date, game, players, name, total, place, place == 1, bool(assists),
                       bool(finished), tuple(s for i, s in seats.get(game_id, []) if i != seat),
                       seat, _assists(assists))
                for game_id, date, seat, name, total, place, assists, finished in rows]

    def reviews(self, game: str, players: int, limit: int = 20,
                player: str | None = None) -> list[ReviewResult]:
        """The latest ``limit`` reviewed games at this table (of ``player``, or of
        every reviewed seat), oldest first: a trend reads left to right."""
        where, params = ("AND v.name = ?", (player,)) if player is not None else ("", ())
        rows = self._query(REVIEWS_SQL.format(player=where), (game, players, *params, limit))
        return [ReviewResult(float(date), game, players, name, int(seat), float(accuracy),
                             float(loss), int(decisions), int(inaccuracies), int(mistakes),
                             int(blunders), bool(assisted))
                for date, name, seat, accuracy, loss, decisions, inaccuracies, mistakes,
                blunders, assisted in reversed(rows)]

    def _seats_of(self, ids: Sequence[int]
                  ) -> dict[int, list[tuple[int, tuple[str, str, str | None]]]]:
        """Who sat where in each of these games, in seat order."""
        out: dict[int, list[tuple[int, tuple[str, str, str | None]]]] = {}
        for start in range(0, len(ids), 500):  # well under SQLite's limit of parameters
            chunk = ids[start:start + 500]
            for game_id, seat, name, kind, level in self._query(
                    "SELECT game_id, seat, name, kind, level FROM seats "
                    f"WHERE game_id IN ({','.join('?' * len(chunk))}) ORDER BY game_id, seat",
                    chunk):
                out.setdefault(game_id, []).append((seat, (name, kind, level)))
        return out

    def players(self) -> list[str]:
        """The names that sat at human seats, most games first."""
        return [row[0] for row in self._query(
            "SELECT name FROM results GROUP BY name ORDER BY count(*) DESC, name")]

    def game_count(self) -> int:
        """How many games are recorded (each once, whatever its human seats)."""
        return int(self._query("SELECT count(*) FROM games")[0][0])

    # --- reset and export -------------------------------------------------------------------

    def reset(self) -> None:
        """Delete every game (the window asks first)."""
        try:
            with self._lock:
                conn = self._db()
                with _transaction(conn):
                    for table in ("reviews", "results", "seats", "games"):
                        conn.execute(f"DELETE FROM {table}")
        except sqlite3.Error as exc:
            raise StatisticsError(_error_text(exc)) from None

    def export_csv(self, path: Path) -> int:
        """Write one row per human seat per game (with its review's accuracy and average
        loss, if it was reviewed), oldest first, to ``path`` (UTF-8 with
        a byte-order mark, so spreadsheets read Cyrillic names), whole or not at all;
        returns the rows.  Raises ``OSError`` or :class:`StatisticsError`."""
        rows = self._query(EXPORT_SQL)
        seats = self._seats_of(sorted({row[0] for row in rows}))
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\r\n")
        writer.writerow(CSV_COLUMNS)
        for (game_id, started, finished, game, players, assists, options, seat, name, total,
             place, accuracy, loss) in rows:
            opponents = "; ".join(_opponent_text(*s) for i, s in seats.get(game_id, [])
                                  if i != seat)
            writer.writerow([
                _iso(started), _iso(finished), game, players, seat + 1, _cell(name),
                "" if total is None else total, "" if place is None else place,
                int(place == 1), int(bool(assists)), " ".join(_assists(assists)),
                _cell(opponents), options,
                "" if accuracy is None else f"{accuracy:.1f}",
                "" if loss is None else f"{loss:.2f}"])
        write_atomically(Path(path), buffer.getvalue().encode("utf-8-sig"))
        return len(rows)


def next_runs(honest: int, helped: int, assisted: bool, won: bool) -> tuple[int, int]:
    """The winning runs after a finished game, from those before it: the unassisted
    run counts unassisted wins and ends with any other game (an assisted win too); the
    assisted run counts assisted wins and ends with an assisted loss, unassisted games
    leaving it as it is.  Unfinished games are no part of either."""
    if assisted:
        return 0, helped + 1 if won else 0
    return honest + 1 if won else 0, helped


def _rerun(conn: sqlite3.Connection, name: str, game: str, players: int,
           since: tuple[float, int, int]) -> None:
    """Work out the runs of ``name``'s results at this table again from the result
    ``since`` (date, game, seat) on: usually just that one, the newest."""
    table = (name, game, players)
    before = conn.execute(PREVIOUS_RUNS_SQL, (*table, *since)).fetchone()
    honest, helped = before if before is not None else (0, 0)
    updates = []
    for game_id, seat, assisted, place in conn.execute(LATER_RESULTS_SQL, (*table, *since)):
        honest, helped = next_runs(honest, helped, bool(assisted), place == 1)
        updates.append((honest, helped, game_id, seat))
    conn.executemany("UPDATE results SET honest_run = ?, helped_run = ? "
                     "WHERE game_id = ? AND seat = ?", updates)


def _rerun_game(conn: sqlite3.Connection, game_id: int) -> None:
    """The runs again after a finished game changed, for each of its human seats."""
    for name, game, players, date, seat in conn.execute(
            "SELECT name, game, players, date, seat FROM results "
            "WHERE game_id = ? AND finished", (game_id,)).fetchall():
        _rerun(conn, name, game, players, (date, game_id, seat))
