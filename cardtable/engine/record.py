"""The JSON game record (``record-format.md``): load, validate, replay and save.

Loading a record *is* replaying it through the rules engine, so a record that loads
is a game the rules allow, deal by deal and action by action.  Anything else is
refused with a :class:`RecordError` naming the deal, the action and the reason —
before anything is handed back, so a refused file is never half-loaded.  Hostile
input (huge files, deep nesting, duplicate keys, wrong types) is refused cheaply.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from cardtable.engine import get_game
from cardtable.engine.actions import Action, action_from_json, action_to_json
from cardtable.engine.game import IllegalAction, LayoutError, OptionError
from cardtable.engine.match import COMPUTER, HUMAN, LEVELS, DealLog, Match, Seat
from cardtable.engine.messages import short_repr
from cardtable.engine.names import MAX_NAME, name_problem

FORMAT = "cardtable-record"
VERSION = 1
MAX_BYTES = 16 * 1024 * 1024
"""Larger files are refused unread; a whole game's record is a few tens of kB."""
MAX_DEALS = 10_000
MAX_ACTIONS = 10_000
TOP_KEYS = {"format", "version", "game", "options", "players", "seed", "first_dealer",
            "deals", "reviews"}
REQUIRED_KEYS = ("format", "version", "game", "players", "first_dealer", "deals")


class RecordError(ValueError):
    """A record refused: ``deal`` and ``action`` are 0-based indices or ``None``.

    ``kind`` says what went wrong, for a message in the player's words: ``unreadable``
    (the file cannot be read), ``not_a_file`` (a folder, a pipe, a device, a socket:
    ``file_type`` says which, a key of :data:`FILE_TYPES` or ``other``), ``too_large``
    (over :data:`MAX_BYTES`), ``format`` (not a record, or a damaged one), ``rules``
    (a move the rules refuse) or ``newer`` (written by a newer version); ``illegal`` is
    the rules' own refusal of a ``rules`` fault, for the interface to say in words."""

    def __init__(self, error: str, deal: int | None = None, action: int | None = None,
                 kind: str = "format", illegal: IllegalAction | None = None,
                 file_type: str | None = None):
        super().__init__(error)
        self.error = error
        self.deal = deal
        self.action = action
        self.kind = kind
        self.illegal = illegal
        self.file_type = file_type

    def to_json(self) -> dict[str, Any]:
        return {"ok": False, "deal": self.deal, "action": self.action, "error": self.error}

    def __str__(self) -> str:
        where = []
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        if self.action is not None:
            where.append(f"action {self.action}")
        return f"{', '.join(where)}: {self.error}" if where else self.error


# --- reading -------------------------------------------------------------------------------


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"duplicate key {short_repr(key)}")
        out[key] = value
    return out


def _no_constants(name: str) -> Any:
    raise RecordError(f"{name} is not allowed in a record")


def parse_json(data: bytes | str) -> Any:
    """Strict JSON: no duplicate keys, no NaN/Infinity, bounded size and depth."""
    if len(data) > MAX_BYTES:
        raise RecordError(f"file too large (over {MAX_BYTES} bytes, the limit)",
                          kind="too_large")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    try:
        return json.loads(data, object_pairs_hook=_no_duplicates,
                          parse_constant=_no_constants)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("not a record: JSON nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") \
            from None
    except ValueError:  # CPython refuses integers of more than 4300 digits
        raise RecordError("not a record: a number has too many digits") from None


_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0))
"""Opening never waits (POSIX: a pipe with no writer), never takes a terminal over, and
reads bytes as they are (Windows); a flag a system lacks is left out."""

FILE_TYPES = {stat.S_IFDIR: "folder", stat.S_IFIFO: "fifo", stat.S_IFCHR: "device",
              stat.S_IFBLK: "device", stat.S_IFSOCK: "socket"}
"""What a path that is not a regular file is, as :attr:`RecordError.file_type` says it."""
_FILE_TYPE_WORDS = {"folder": "a folder", "fifo": "a named pipe (FIFO)", "device": "a device",
                    "socket": "a socket", "other": "not a regular file"}


def file_type_of(mode: int) -> tuple[str, str]:
    """What a path with this ``st_mode`` is that is not a regular file: its key in
    :data:`FILE_TYPES` (or ``other``) and its words ("a named pipe (FIFO)")."""
    file_type = FILE_TYPES.get(stat.S_IFMT(mode), "other")
    return file_type, _FILE_TYPE_WORDS[file_type]


def _check_regular(status: os.stat_result) -> None:
    """Refuse, before any read, what is not a regular file or is over the size limit."""
    if not stat.S_ISREG(status.st_mode):
        file_type, words = file_type_of(status.st_mode)
        raise RecordError(f"not a game file: it is {words}", kind="not_a_file",
                          file_type=file_type)
    if status.st_size > MAX_BYTES:
        raise RecordError(f"file too large ({status.st_size} bytes; the limit is {MAX_BYTES})",
                          kind="too_large")


def read_file(path: str | os.PathLike[str]) -> Any:
    """Read and parse a record file.  Only a regular file is opened, and only one of at
    most :data:`MAX_BYTES`: a named pipe would hang the read, a device never end it, a
    huge file fill the memory.  The path is checked, opened without waiting (a pipe
    swapped in meanwhile cannot hang the open) and the opened file checked again."""
    try:
        _check_regular(os.stat(path))
        fd = os.open(path, _READ_FLAGS)
        with os.fdopen(fd, "rb") as f:
            _check_regular(os.fstat(f.fileno()))
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror or exc}",
                          kind="unreadable") from None
    return parse_json(data)


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if value is None:
        return "null"
    return {int: "an integer", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def _expect(value: Any, kind: type, what: str) -> Any:
    if type(value) is not kind:
        name = {int: "an integer", str: "a string", list: "a list", dict: "an object"}[kind]
        raise RecordError(f"{what} must be {name}, not {_describe(value)}")
    return value


def _read_players(data: Any, n: int) -> list[Seat]:
    _expect(data, list, "'players'")
    if len(data) != n:
        raise RecordError(f"'players' has {len(data)} entries for {n} players")
    seats = []
    for i, p in enumerate(data):
        _expect(p, dict, f"player {i}")
        for key in p:
            if key not in ("name", "kind", "level"):
                raise RecordError(f"player {i}: unknown key {short_repr(key)}")
        name = _expect(p.get("name"), str, f"player {i} 'name'")
        if name_problem(name) is not None:
            raise RecordError(f"player {i}: a name must be 1 to {MAX_NAME} printable "
                              f"characters")
        kind = p.get("kind")
        if kind not in (HUMAN, COMPUTER):
            raise RecordError(f"player {i}: 'kind' must be 'human' or 'computer'")
        level = None
        if kind == COMPUTER:
            level = p.get("level")
            if level not in LEVELS:
                raise RecordError(f"player {i}: 'level' must be one of {', '.join(LEVELS)}")
        elif "level" in p:
            raise RecordError(f"player {i}: a human player has no 'level'")
        seats.append(Seat(name, kind, level))
    return seats


def load(data: Any) -> Match:
    """Validate a parsed record and replay it; the match is returned only if the
    whole record is valid."""
    _expect(data, dict, "a record")
    for key in data:
        if key not in TOP_KEYS:
            raise RecordError(f"unknown key {short_repr(key)}")
    for key in REQUIRED_KEYS:
        if key not in data:
            raise RecordError(f"missing key {key!r}")
    if data["format"] != FORMAT:
        raise RecordError(f"not a record: 'format' must be {FORMAT!r}")
    version = data["version"]
    if type(version) is int and version > VERSION:
        raise RecordError(f"written by a newer version of CardTable (record version "
                          f"{version}; this one reads {VERSION})", kind="newer")
    if type(version) is not int or version != VERSION:
        raise RecordError(f"unsupported version: 'version' must be the integer {VERSION}")
    try:
        game = get_game(data["game"])
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from None
    options = data.get("options", {})
    _expect(options, dict, "'options'")
    try:
        options = game.check_options(options)
    except OptionError as exc:
        raise RecordError(str(exc)) from None
    n = options["players"]
    seats = _read_players(data["players"], n)
    seed = None
    if "seed" in data:
        seed = _expect(data["seed"], int, "'seed'")
        if not -(2 ** 63) <= seed < 2 ** 64:
            raise RecordError("'seed' must be a whole number of at most 64 bits")
    first_dealer = _expect(data["first_dealer"], int, "'first_dealer'")
    if not 0 <= first_dealer < n:
        raise RecordError(f"'first_dealer' must be a seat from 0 to {n - 1}")
    deals = _expect(data["deals"], list, "'deals'")
    if len(deals) > MAX_DEALS:
        raise RecordError(f"too many deals ({len(deals)})")
    match = Match(game, game.new(options, first_dealer), seats, seed)
    for i, deal in enumerate(deals):
        _replay_deal(match, i, deal)
    match.reviews = _reviews(data.get("reviews"))
    return match


def _reviews(data: Any) -> list[dict[str, Any]]:
    """The optional ``reviews``: each an object, kept as it is.  What is not a list of
    objects is dropped, never a reason to refuse the game: a review can always be made
    again, and a newer program's review is for its reader to judge."""
    if type(data) is not list:
        return []
    return [item for item in data if type(item) is dict]


def _replay_deal(match: Match, i: int, deal: Any) -> None:
    state = match.state
    if state.is_over:
        raise RecordError("the game is already over; no more deals", i)
    if not state.needs_deal:
        raise RecordError("this deal is unfinished but another deal follows it", i - 1)
    if type(deal) is not dict:
        raise RecordError(f"a deal must be an object, not {_describe(deal)}", i)
    for key in deal:
        if key not in ("cards", "actions"):
            raise RecordError(f"unknown key {short_repr(key)} in a deal", i)
    if "cards" not in deal or "actions" not in deal:
        raise RecordError("a deal needs 'cards' and 'actions'", i)
    try:
        layout = match.game.layout_from_json(deal["cards"])
        match.deal(layout)
    except LayoutError as exc:
        raise RecordError(f"invalid deal: {exc}", i) from None
    actions = deal["actions"]
    if type(actions) is not list:
        raise RecordError("'actions' must be a list", i)
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"too many actions ({len(actions)})", i)
    for j, item in enumerate(actions):
        if type(item) is not dict:
            raise RecordError(f"an action must be an object, not {_describe(item)}", i, j)
        seat = item.get("seat")
        if type(seat) is not int:
            raise RecordError("'seat' must be an integer", i, j)
        if not 0 <= seat < state.n:
            raise RecordError(f"'seat' must be a seat from 0 to {state.n - 1}", i, j)
        try:
            action = action_from_json(item)
        except ValueError as exc:
            raise RecordError(str(exc), i, j) from None
        if state.to_move is None:
            what = "the game is over" if state.is_over else "the deal has ended"
            raise RecordError(f"{what}; no action can follow", i, j)
        if seat != state.to_move:
            raise RecordError(f"it is seat {state.to_move}'s turn, not seat {seat}'s", i, j)
        try:
            match.apply(action)
        except IllegalAction as exc:
            raise RecordError(exc.message, i, j, kind="rules", illegal=exc) from None


def load_file(path: str | os.PathLike[str]) -> Match:
    """Read, validate and replay a record file."""
    return load(read_file(path))


# --- results and writing -------------------------------------------------------------------


def summary(match: Match) -> dict[str, Any]:
    """The ``replay`` answer for a valid record."""
    state = match.state
    return {
        "ok": True,
        "game": match.game.name,
        "finished": state.is_over,
        "totals": list(state.totals),
        "deal_scores": [list(row) for row in state.deal_scores],
    }


def _head(match: Match) -> dict[str, Any]:
    """The record's keys before its deals."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.name,
        "options": dict(match.state.options),
        "players": [s.to_json() for s in match.seats],
    }
    if match.seed is not None:
        out["seed"] = match.seed
    out["first_dealer"] = match.state.first_dealer
    return out


def _deal_json(match: Match, log: DealLog) -> dict[str, Any]:
    return {
        "cards": match.game.layout_to_json(log.layout),
        "actions": [{"seat": seat, **action_to_json(a)} for seat, a in log.actions],
    }


def to_json(match: Match) -> dict[str, Any]:
    """The record of a match so far (the last deal may be unfinished)."""
    out = _head(match)
    out["deals"] = [_deal_json(match, d) for d in match.deals]
    if match.reviews:
        out["reviews"] = match.reviews
    return out


def dumps(match: Match) -> str:
    """The record as JSON text, one action per line so that diffs stay readable."""
    return json.dumps(to_json(match), ensure_ascii=False, indent=1) + "\n"


class RecordText:
    """:func:`dumps` of one growing game, again and again (the autosave, and a table
    server at every step of every table): the text of each deal is kept once the deal
    is over, and of the deal in progress the cards and each action are encoded once —
    a long game costs no more to save than a short one, and a step little more than
    its own action."""

    def __init__(self) -> None:
        self._kept: list[tuple[DealLog, int, str]] = []
        """Per deal: its log (held, so that it is known by identity), how many actions
        it had, and its text."""
        self._head: tuple[dict[str, Any], str] | None = None
        self._cards: tuple[Any, str] | None = None
        """The layout of the deal last encoded (by identity) and its text."""
        self._actions: dict[tuple[int, Action], str] = {}
        """An action's text, by seat and action (a game has only so many of them)."""

    def dumps(self, match: Match) -> str:
        fields = _head(match)
        if self._head is None or self._head[0] != fields:
            self._head = (fields, json.dumps(fields, ensure_ascii=False, indent=1))
        head = self._head[1]
        parts = []
        for i, log in enumerate(match.deals):
            kept = self._kept[i] if i < len(self._kept) else None
            if kept is None or kept[0] is not log or kept[1] != len(log.actions):
                text = self._deal_text(match, log)
                kept = (log, len(log.actions), "  " + text.replace("\n", "\n  "))
                del self._kept[i:]
                self._kept.append(kept)
            parts.append(kept[2])
        del self._kept[len(match.deals):]
        deals = "[\n" + ",\n".join(parts) + "\n ]" if parts else "[]"
        reviews = ""
        if match.reviews:  # rare and written whole: a game's reviews are made once
            text = json.dumps(match.reviews, ensure_ascii=False, indent=1)
            reviews = ',\n "reviews": ' + text.replace("\n", "\n ")
        return f'{head[:-2]},\n "deals": {deals}{reviews}\n}}\n'

    def _deal_text(self, match: Match, log: DealLog) -> str:
        """``json.dumps(_deal_json(match, log), ensure_ascii=False, indent=1)``, from
        the pieces kept (a nested value's lines are its own text's, indented)."""
        if self._cards is None or self._cards[0] is not log.layout:
            cards = json.dumps(match.game.layout_to_json(log.layout), ensure_ascii=False,
                               indent=1)
            self._cards = (log.layout, cards.replace("\n", "\n "))
        actions = []
        for seat, action in log.actions:
            text = self._actions.get((seat, action))
            if text is None:
                text = json.dumps({"seat": seat, **action_to_json(action)},
                                  ensure_ascii=False, indent=1)
                text = self._actions[seat, action] = "  " + text.replace("\n", "\n  ")
            actions.append(text)
        listed = "[\n" + ",\n".join(actions) + "\n ]" if actions else "[]"
        return f'{{\n "cards": {self._cards[1]},\n "actions": {listed}\n}}'


def save(match: Match, path: str | os.PathLike[str]) -> None:
    """Write the record atomically: a crash mid-write leaves the old file intact."""
    write_atomically(path, dumps(match).encode("utf-8"))


def write_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: a temporary file beside it (see
    :func:`make_temporary`), flushed to the disk, then renamed over it (and the folder
    synced)."""
    target = Path(path)
    fd, tmp = make_temporary(target)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    sync_directory(target.parent)


def sync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX); where a folder cannot be opened
    for this (Windows), the rename is already as durable as the system makes it."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def make_temporary(target: Path) -> tuple[int, str]:
    """A new temporary file beside ``target``, open (descriptor and name, as
    :func:`tempfile.mkstemp` gives them), named ``.<name>.<pid>.<random>.tmp``: unique,
    and with the writer's process id, so that :func:`leftover_temporaries` can tell a
    save in progress in another copy of the program from one a crash left behind."""
    return tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp",
                            dir=target.parent)


OLD_TEMPORARY_SECONDS = 60
"""A temporary named without its writer's process id (by an earlier version) is left
over once it is this old: a save takes milliseconds."""
ORPHAN_TEMPORARY_SECONDS = 60 * 60
"""A temporary whose writer's process id is in use is left over once it is this old:
the id has then been given to another program (or, on Windows, where whether a process
still runs is not asked, its writer has ended)."""
_ASK_THE_SYSTEM = os.name == "posix"
"""Whether :func:`process_running` can ask the system (Windows would need its API)."""
_RANDOM = "[a-z0-9_]+"  # the letters tempfile.mkstemp draws from
_NAMED_BY_PID = re.compile(rf"(\d+)\.{_RANDOM}")
_NAMED_OLD = re.compile(_RANDOM)


def leftover_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """The temporary files that interrupted saves of ``path`` left beside it — never
    the one a save going on now is writing, in this program or another copy of it.

    A temporary (named as :func:`make_temporary` names them) is left over when its
    writer is no longer running (POSIX asks the system), or when it is older than
    :data:`ORPHAN_TEMPORARY_SECONDS`; one named the old way (``.<name>.<random>.tmp``,
    no process id) when it is older than :data:`OLD_TEMPORARY_SECONDS`."""
    target = Path(path)
    prefix = f".{target.name}."
    try:
        names = [p for p in target.parent.iterdir()
                 if p.name.startswith(prefix) and p.name.endswith(".tmp")]
    except OSError:
        return []
    now = time.time()
    found = []
    for p in names:
        middle = p.name[len(prefix):-len(".tmp")]
        by_pid = _NAMED_BY_PID.fullmatch(middle)
        if by_pid is None and _NAMED_OLD.fullmatch(middle) is None:
            continue  # not ours: another file's temporary, or a name of the person's
        try:
            status = p.lstat()
        except OSError:
            continue  # gone meanwhile: its save has ended
        if not stat.S_ISREG(status.st_mode):
            continue
        age = now - status.st_mtime
        if by_pid is None:
            left = age > OLD_TEMPORARY_SECONDS
        else:
            left = age > ORPHAN_TEMPORARY_SECONDS or not process_running(int(by_pid[1]))
        if left:
            found.append(p)
    return sorted(found)


def process_running(pid: int) -> bool:
    """Whether process ``pid`` is running.  POSIX asks the system (signal 0, which
    sends nothing); elsewhere every process is taken to be running, so a temporary is
    left over by its age alone."""
    if not _ASK_THE_SYSTEM:
        return True
    if pid <= 0:  # 0 and -1 would ask about process groups
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except OSError:  # PermissionError: it runs, as another user; others: assume it runs
        return True
    return True
