"""The fault probes of "never lose a move": one line per fault, saying what was done, how
many moves (or results) were lost, how many of those the person was told about, and
whether anything hung.  Run from the repository, offscreen:

    python tests/fault_probes.py [--trials N] [--only NAME,...] [--json]

The code measured is the ``cardtable`` Python imports (``PYTHONPATH`` picks an older
checkout, for a before/after comparison); what it lacks is reported "n/a" with why.
Every scenario runs in child processes with a home folder of its own, each bounded in
time; mounts and processes are undone in ``finally``.  Root is needed for the tmpfs
(else ENOSPC is injected at the write, and said) and runs the read-only cases as the
user ``nobody``, since root writes through any permission.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import importlib.util
import json
import os
import queue
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
NOBODY = 65534
SCENARIOS = ("two-copies", "mid-save", "disk-full", "read-only", "folder-in-way",
             "stats-read-only", "stats-lock", "stats-disk", "fifo-replay", "fifo-open")


@dataclass
class Row:
    scenario: str
    done: str
    lost: int | None  # None: not measured ("n/a")
    of: int
    told: int
    hung: bool
    note: str = ""

    def line(self) -> str:
        lost = "n/a" if self.lost is None else f"{self.lost}/{self.of}"
        said = "; ".join(filter(None, (self.done, self.note)))
        return (f"{self.scenario:<16} lost {lost:<7} told {self.told:<3} "
                f"hung {'YES' if self.hung else 'no '}  {said}")


def code_root() -> Path:
    """The checkout whose ``cardtable`` is measured."""
    spec = importlib.util.find_spec("cardtable")
    assert spec is not None and spec.origin is not None, "cardtable is not importable"
    return Path(spec.origin).resolve().parents[1]


def account(home: Path) -> dict[str, str]:
    """The environment of a person whose home folder is ``home`` (never the real one)."""
    for sub in ("config", "data", "cache", "runtime"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    (home / "runtime").chmod(0o700)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CARDTABLE_REPORT_HANDOVER="1",
               CARDTABLE_LANG="en", PYTHONPATH=str(code_root()), HOME=str(home),
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), XDG_RUNTIME_DIR=str(home / "runtime"))
    env.pop("CARDTABLE_BENCH_READY", None)
    return env


def as_nobody(folder: Path) -> list[str]:
    """The command prefix that runs a child as ``nobody`` when we are root (``folder``
    is given to it), else nothing."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        return []
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, NOBODY, NOBODY)
    return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]


def child(kind: str, args: list[str], env: dict[str, str], timeout: float,
          prefix: list[str] | None = None) -> tuple[dict[str, Any] | None, bool, str]:
    """Run ``kind`` of this script in a child: its ``RESULT`` (None if it printed
    none), whether it hung past ``timeout`` seconds (then killed), and why it failed."""
    command = [*(prefix or []), sys.executable, str(HERE), "--child", kind, *args]
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL, text=True, start_new_session=True) as p:
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            return None, True, f"killed after {timeout:.0f} s"
    for line in out.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:]), False, ""
    tail = [t for t in err.strip().splitlines() if t.strip()]
    return None, False, tail[-1] if tail else f"exit {p.returncode}, no result"


def result(**values: Any) -> None:
    print("RESULT " + json.dumps(values), flush=True)


def tmpfs(folder: Path, size: str) -> bool:
    """Mount a tmpfs of ``size`` on ``folder``; whether that worked."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True, timeout=30).returncode == 0


def umount(folder: Path) -> None:
    if folder.is_mount():
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, timeout=30)


def actions_of(data: dict[str, Any]) -> list[str]:
    """A record's moves, in order, each as canonical JSON (for comparing games)."""
    return [json.dumps(a, sort_keys=True) for d in data.get("deals", []) for a in d["actions"]]


def shared(one: list[str], other: list[str]) -> int:
    """How many moves two games have in common from the start."""
    return next((i for i, (a, b) in enumerate(zip(one, other, strict=False)) if a != b),
                min(len(one), len(other)))


# --- 1. two copies on one account ------------------------------------------------------


class Copy:
    """A real start (``main()`` of the GUI) whose person plays when told on stdin."""

    def __init__(self, env: dict[str, str]) -> None:
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.p = subprocess.Popen([sys.executable, str(HERE), "--child", "copy"], env=env,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, start_new_session=True)
        threading.Thread(target=self._gather, daemon=True).start()
        self.final: dict[str, Any] | None = None

    def _gather(self) -> None:
        assert self.p.stdout is not None
        for line in self.p.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def wait_for(self, word: str, seconds: float = 90) -> bool:
        """Whether it says ``word`` before it ends and within ``seconds``."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return False
            if line is None:
                self.lines.put(None)
                return False
            if line.startswith("final "):
                self.final = json.loads(line[6:])
            if line.startswith(word):
                return True
        return False

    def tell(self, command: str) -> None:
        if self.p.poll() is None and self.p.stdin is not None:
            self.p.stdin.write(command + "\n")
            self.p.stdin.flush()

    def end(self) -> None:
        if self.p.poll() is None:
            os.killpg(self.p.pid, signal.SIGKILL)
        self.p.wait(30)


def two_copies(trials: int) -> Row:
    lost = total = handed = told = 0
    hung = False
    for _ in range(trials):
        with tempfile.TemporaryDirectory(prefix="probe-two-") as folder:
            env = account(Path(folder))
            first, second = Copy(env), None
            try:
                hung |= not first.wait_for("ready")
                first.tell("play 4")
                hung |= not first.wait_for("idle")
                second = Copy(env)
                started = second.wait_for("ready", 60)
                handed += not started and second.p.wait(30) == 0
                if started:
                    second.tell("play 4")
                    hung |= not second.wait_for("idle")
                first.tell("play 4")
                hung |= not first.wait_for("idle")
                for copy in (first, second) if started else (first,):
                    copy.tell("quit")  # the first quits first: the second saves last
                    hung |= not copy.wait_for("final")
                saved = Path(folder, "data", "CardTable", "current-game.json")
                disk = actions_of(json.loads(saved.read_text())) if saved.exists() else []
                games = [c.final or {} for c in (first, second) if c is not None]
                mine = [g.get("actions", []) for g in games] + [[]]
                total += len(mine[0]) + len(mine[1]) - shared(mine[0], mine[1])
                for game, actions in zip(games, mine, strict=False):
                    gone = len(actions) - shared(actions, disk)
                    lost += gone
                    told += gone if game.get("banner") else 0
            finally:
                first.end()
                if second is not None:
                    second.end()
    return Row("two-copies", f"{trials} trials: a first copy plays 4 moves, a second starts, "
               "each plays 4 more, both quit; moves of both games not on disk", lost, total,
               told, hung,
               f"the second start handed over and ended in {handed} of {trials}")


def child_copy() -> None:
    """The real entry point, with a person who plays ``play N`` moves and then quits."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from cardtable.engine import record
    from cardtable.ui import app as gui
    from cardtable.ui.controller import Waiting
    from cardtable.ui.window.main_window import MainWindow

    app = QApplication(["cardtable", "-platform", "offscreen"])
    MainWindow._ask = lambda self, box: QMessageBox.StandardButton.Discard  # type: ignore
    commands: queue.Queue[str] = queue.Queue()
    def read() -> None:
        for line in sys.stdin:
            commands.put(line.strip())

    threading.Thread(target=read, daemon=True).start()
    rng = random.Random(os.getpid())
    state = {"left": 0, "ready": False}

    def tick() -> None:
        win = next((w for w in app.topLevelWidgets() if isinstance(w, MainWindow)), None)
        c = win.controller if win is not None else None
        if win is None or c is None or c.match is None:
            return
        if not state["ready"]:
            win.set_pace("instant")
            state["ready"] = True
            print("ready", flush=True)
        command = "" if commands.empty() else commands.get()
        if command == "quit":
            banner = getattr(win, "save_banner", None)
            print("final " + json.dumps({"actions": actions_of(record.to_json(c.match)),
                                         "banner": bool(banner and banner.isVisible())}),
                  flush=True)
            win.close()
            app.quit()
        elif command.startswith("play "):
            state["left"] += int(command.split()[1])
        if state["left"] and c.waiting == Waiting.HUMAN:
            view = c.view_of_mover()
            c.submit(rng.choice(list(view.legal)))
            state["left"] -= 1
            if not state["left"]:
                print("idle", flush=True)
        elif c.waiting == Waiting.NEXT_DEAL:
            c.next_deal()

    ticker = QTimer()
    ticker.timeout.connect(tick)
    ticker.start(20)
    sys.exit(gui.main([]))


# --- 2. a second copy starting while the first is mid-save -----------------------------


def mid_save(trials: int, sabotage: bool) -> Row:
    lost = 0
    hung = False
    for _ in range(trials):
        with tempfile.TemporaryDirectory(prefix="probe-mid-") as folder:
            env = account(Path(folder))
            path, flag = Path(folder, "current-game.json"), Path(folder, "writing")
            writer = subprocess.Popen([sys.executable, str(HERE), "--child", "slow-writer",
                                       str(path), str(flag)], env=env, text=True,
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            try:
                deadline = time.monotonic() + 60
                while not flag.exists() and time.monotonic() < deadline:
                    time.sleep(0.01)
                _, stuck, _ = child("second-start", [str(path), str(int(sabotage))], env, 60)
                out = writer.communicate(timeout=60)[0].strip()
                lost += not (out == "saved" and path.read_bytes() == b'{"new": true}')
                hung |= stuck
            except subprocess.TimeoutExpired:
                hung = True
            finally:
                writer.kill()
                writer.wait(30)
    return Row("mid-save", f"{trials} trials: a save held 1.5 s mid-write while a second "
               "process resumes as every start does (saves.resume)", lost, trials, 0, hung,
               "deliberately broken: the second deletes every temporary" if sabotage else "")


def child_slow_writer(path: str, flag: str) -> None:
    from cardtable.engine import record

    real = os.fsync

    def slow(fd: Any) -> None:
        Path(flag).touch()
        time.sleep(1.5)
        real(fd)

    os.fsync = slow  # the record module's own
    try:
        record.write_atomically(path, b'{"new": true}')
        print("saved")
    except OSError as exc:
        print("failed:", exc.strerror)


def child_second_start(path: str, sabotage: str) -> None:
    from cardtable import saves

    if sabotage == "1":
        for leftover in Path(path).parent.glob(f".{Path(path).name}.*.tmp"):
            leftover.unlink()
    saves.resume(Path(path))
    result(done=True)


# --- 3. saves that fail: a full disk, a read-only folder, a folder in the way ----------


def failing_saves(fault: str, trials: int) -> Row:
    lost = total = told = banners = status = 0
    hung, notes = False, set()
    for trial in range(trials):
        with tempfile.TemporaryDirectory(prefix="probe-save-") as folder:
            base = Path(folder)
            env, data = account(base), base / "data" / "CardTable"
            data.mkdir(parents=True)
            how = fault
            try:
                if fault == "disk-full":
                    how = "tmpfs" if tmpfs(data, "2m") else "inject"
                    notes.add("a 2 MB tmpfs" if how == "tmpfs" else "ENOSPC injected (no tmpfs)")
                prefix = as_nobody(base) if fault == "read-only" else []
                if fault == "read-only":
                    notes.add("as nobody" if prefix else "as this user")
                found, stuck, why = child("saves", [str(data), how, str(trial)], env, 240,
                                          prefix)
            finally:
                umount(data)
            hung |= stuck
            if found is None:
                return Row(fault, "saves fail after 4 of 12 moves", None, 0, 0, hung,
                           f"n/a: {why}")
            lost += found["played"] - found["resumed"]
            total += found["played"] - found["before_fault"]
            told += min(found["told"], found["played"] - found["resumed"])
            banners += found["banner"]
            status += found["status"]
    done = {"disk-full": "the data folder fills", "read-only": "the data folder made "
            "read-only", "folder-in-way": "a folder put where the save goes"}[fault]
    notes |= {f"banner in {banners} of {trials}", f"{status} status-line failure messages"}
    return Row(fault, f"{trials} trials: {done} after 4 of 12 moves, quit (without saving "
               "if asked), fault undone, start again", lost, total, told, hung,
               "; ".join(sorted(notes)))


def child_saves(data_arg: str, how: str, seed_arg: str) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QMessageBox

    from cardtable.engine import record
    from cardtable.engine.match import Seat
    from cardtable.ui.controller import Waiting
    from cardtable.ui.settings import GameSettings
    from cardtable.ui.window.main_window import MainWindow

    data, seed = Path(data_arg), int(seed_arg)
    save, aside = data / "current-game.json", data.parent / "kept.json"
    app = QApplication.instance() or QApplication(["probe"])

    def pump(done: Callable[[], bool], limit: float = 60) -> None:
        end = time.monotonic() + limit
        while not done():
            app.processEvents()
            time.sleep(0.001)
            if time.monotonic() > end:
                raise SystemExit("the game did not come to the person's turn")

    def window() -> MainWindow:
        qs = QSettings(str(data.parent / "settings.ini"), QSettings.Format.IniFormat)
        w = MainWindow(qsettings=qs, autosave=save, start=False)
        w.set_pace("instant")
        w.show()
        return w

    def fault(on: bool) -> None:
        if how == "tmpfs" and on:
            fill(data / "filler")
        elif how == "tmpfs":
            (data / "filler").unlink()
        elif how == "inject":
            record.write_atomically = injected if on else real_write  # type: ignore
        elif how == "read-only":
            data.chmod(0o555 if on else 0o755)
        elif on:  # folder-in-way
            save.rename(aside)
            save.mkdir()
        else:
            save.rmdir()
            aside.rename(save)

    real_write = record.write_atomically

    def injected(path: Any, payload: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    win = window()
    c = win.controller
    statuses: list[str] = []
    c.failed.connect(statuses.append)
    seats = [Seat("Аня", "human", None)] + [Seat(f"Бот {i}", "computer", "easy")
                                             for i in (1, 2, 3)]
    win.start_game(GameSettings("king", {"players": 4}, seats), seed=seed)
    rng = random.Random(seed)
    before_fault = 0
    for move in range(12):
        pump(lambda: c.waiting in (Waiting.HUMAN, Waiting.NEXT_DEAL))
        while c.waiting == Waiting.NEXT_DEAL:
            c.next_deal()
            pump(lambda: c.waiting in (Waiting.HUMAN, Waiting.NEXT_DEAL))
        if move == 4:
            c.flush_autosave()
            before_fault = moves(c.match)
            fault(True)
        view = c.view_of_mover()
        c.submit(rng.choice(list(view.legal)))
    pump(lambda: c.waiting in (Waiting.HUMAN, Waiting.NEXT_DEAL))
    played = moves(c.match)
    banner = getattr(win, "save_banner", None)
    shown = bool(banner is not None and banner.isVisible())
    asked: list[str] = []
    win._ask = lambda box: asked.append(box.text()) or QMessageBox.StandardButton.Discard  # type: ignore
    win.close()
    app.processEvents()
    fault(False)
    again = window()
    again.start_first_game()
    m = again.controller.match
    resumed = moves(m) if m is not None and m.seed == seed else 0
    count = re.search(r"(\d+) moves?\b", asked[0]) if asked else None
    result(played=played, before_fault=before_fault, resumed=resumed, banner=shown,
           told=int(count[1]) if count else 0, status=len(statuses))
    again.controller.stop()


def moves(match: Any) -> int:
    return sum(len(deal.actions) for deal in match.deals)


def fill(path: Path) -> None:
    """Fill the file system of ``path`` to the last byte."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while os.write(fd, b"\0" * size):
                    pass
    finally:
        os.close(fd)


# --- 4. statistics ---------------------------------------------------------------------


def statistics(fault: str) -> Row:
    games = {"stats-read-only": 3, "stats-lock": 2, "stats-disk": 4}[fault]
    with tempfile.TemporaryDirectory(prefix="probe-stats-") as folder:
        base = Path(folder)
        env, data = account(base / "home"), base / "stats"
        data.mkdir()
        prefix: list[str] = []
        try:
            if fault == "stats-disk" and not tmpfs(data, "1m"):
                return Row(fault, "the disk fills after start", None, games, 0, False,
                           "n/a: no tmpfs can be mounted (not root)")
            _, _, why = child("stats-count", [str(data)], env, 60)  # creates the database
            if fault == "stats-read-only":
                prefix = as_nobody(base)
                os.chown(data / "statistics.sqlite", 0, 0)
                (data / "statistics.sqlite").chmod(0o644 if prefix else 0o444)
            ran, hung, why = child("stats", [str(data), fault, str(games)], env, 120, prefix)
            for side in ("-wal", "-shm"):  # the other user's; the pending file stays
                Path(f"{data / 'statistics.sqlite'}{side}").unlink(missing_ok=True)
            (data / "statistics.sqlite").chmod(0o644)  # the person puts it right
            if fault == "stats-disk":
                (data / "filler").unlink(missing_ok=True)
            counted, _, why2 = child("stats-count", [str(data)], env, 90)
        finally:
            umount(data)
    if ran is None or counted is None:
        return Row(fault, f"{games} games", None, games, 0, hung, f"n/a: {why or why2}")
    lost = games - counted["finished"]
    done = {"stats-read-only": "a database the program may not write"
            + (" (as nobody)" if prefix else ""),
            "stats-lock": "another process holds the database 8 s",
            "stats-disk": "a 1 MB tmpfs filled after start"}[fault]
    return Row(fault, f"{games} games; {done}; next start counts", lost, games,
               lost if ran["told"] else 0, hung,
               f"told {ran['told'] or 'nothing'}; the window waited up to "
               f"{max(ran['stalls_ms'])} ms")


def child_stats(folder: str, fault: str, games_arg: str) -> None:
    from types import SimpleNamespace

    from PySide6.QtCore import QCoreApplication, QObject, Signal

    import cardtable.ui.stats_keeper as sk
    from cardtable.stats import Statistics

    class Controller(QObject):
        humanActed = Signal(int)
        assisted = Signal(str)
        gameFinished = Signal(object)
        match: Any = None

    app = QCoreApplication.instance() or QCoreApplication(["probe"])
    path = Path(folder) / "statistics.sqlite"
    def key(match: Any, salt: str = "") -> str:
        return f"game-{match.number}"  # the probe's games are numbered, not dealt

    sk.game_key = key
    stats, problem = Statistics.open(path)
    told = [f"at open: {problem.kind}"] if problem is not None else []
    ctl = Controller()
    keeper = sk.StatsKeeper(lambda: stats, ctl)  # type: ignore[arg-type]
    if hasattr(keeper, "problem"):
        keeper.problem.connect(lambda text: told.append("a result may be lost"))
    if fault == "stats-disk":
        fill(Path(folder) / "filler")
    holder = subprocess.Popen(  # another process, after the program has opened the store
        [sys.executable, "-c", "import sqlite3,sys,time\n"
         "c=sqlite3.connect(sys.argv[1], isolation_level=None)\n"
         "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True)\n"
         "time.sleep(8); c.execute('COMMIT')", str(path)],
        stdout=subprocess.PIPE, text=True) if fault == "stats-lock" else None
    assert holder is None or (holder.stdout and holder.stdout.readline() == "locked\n")
    seats = [SimpleNamespace(name="Аня", kind="human", level=None),
             SimpleNamespace(name="Бот", kind="computer", level="normal")]
    stalls = []
    for n in range(int(games_arg)):
        ctl.match = SimpleNamespace(number=n, seats=seats, game=SimpleNamespace(name="king"),
                                    deals=[1], state=SimpleNamespace(
                                        options={"players": 2}, totals=[5, -5]))
        for emit in (lambda: ctl.humanActed.emit(0), lambda: ctl.gameFinished.emit(None)):
            t = time.perf_counter()
            emit()
            stalls.append(round((time.perf_counter() - t) * 1000))
            end = time.monotonic() + (1.0 if fault == "stats-lock" else 0.1)
            while time.monotonic() < end:
                app.processEvents()
                time.sleep(0.02)
    for _ in range(20):
        app.processEvents()
        time.sleep(0.01)
    stats.close()
    app.processEvents()
    if holder is not None:
        holder.wait(30)
    result(told=", ".join(dict.fromkeys(told)), stalls_ms=stalls)


def child_stats_count(folder: str) -> None:
    from cardtable.stats import Statistics

    path = Path(folder) / "statistics.sqlite"
    stats, _ = Statistics.open(path)
    if hasattr(stats, "settle"):
        stats.settle(40.0)  # the pending results an earlier run kept
    stats.close()
    with sqlite3.connect(path) as conn:
        finished = conn.execute("SELECT count(*) FROM games WHERE finished IS NOT NULL")
        result(finished=finished.fetchone()[0])


# --- 5. a FIFO named as a game file ----------------------------------------------------


def fifo(where: str) -> Row:
    limit = 15.0 if where == "replay" else 30.0
    with tempfile.TemporaryDirectory(prefix="probe-fifo-") as folder:
        env, pipe = account(Path(folder)), Path(folder, "game.cardtable.json")
        os.mkfifo(pipe)
        t = time.monotonic()
        if where == "replay":
            command = [sys.executable, "-m", "cardtable", "replay", str(pipe)]
            try:
                done = subprocess.run(command, env=env, capture_output=True, text=True,
                                      timeout=limit, stdin=subprocess.DEVNULL)
                said, hung = (done.stdout + done.stderr).strip().splitlines()[-1:], False
            except subprocess.TimeoutExpired:
                said, hung = [], True
            seconds = time.monotonic() - t
        else:
            found, hung, why = child("open", [str(pipe)], env, limit)
            seconds = found["seconds"] if found else time.monotonic() - t
            said = [found["said"]] if found else [why]
    answer = f"hung, killed after {limit:.0f} s" if hung else \
        f"answered in {seconds:.1f} s: {said[0][:90] if said else 'nothing'}"
    return Row(f"fifo-{where}", "a FIFO named to " + ("`cardtable replay`" if where ==
               "replay" else "Open (MainWindow.open_path)"), 0, 0, int(bool(said)) if not hung
               else 0, hung, answer)


def child_open(pipe: str) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QMessageBox

    app = QApplication(["probe"])
    from cardtable.ui.window.main_window import MainWindow

    ini = Path(os.environ["HOME"]) / "s.ini"
    win = MainWindow(qsettings=QSettings(str(ini), QSettings.Format.IniFormat),
                     autosave=None, start=False)
    shown: list[str] = []
    win._ask = lambda box: shown.append(box.text()) or QMessageBox.StandardButton.Ok  # type: ignore
    t = time.monotonic()
    win.open_path(Path(pipe))
    result(seconds=time.monotonic() - t, said=shown[0].split("\n")[0] if shown else "")
    app.quit()


CHILDREN: dict[str, Callable[..., None]] = {
    "copy": child_copy, "slow-writer": child_slow_writer, "second-start": child_second_start,
    "saves": child_saves, "stats": child_stats, "stats-count": child_stats_count,
    "open": child_open}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=2, help="trials of scenarios 1-3")
    parser.add_argument("--only", default=",".join(SCENARIOS),
                        help="scenarios to run, comma-separated: " + ", ".join(SCENARIOS))
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--sabotage", action="store_true",
                        help="mid-save only: a second copy that deletes every temporary")
    args = parser.parse_args(argv)
    chosen = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = set(chosen) - set(SCENARIOS)
    if unknown:
        parser.error(f"unknown scenarios: {', '.join(sorted(unknown))}")
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    runs: dict[str, Callable[[], Row]] = {
        "two-copies": lambda: two_copies(args.trials),
        "mid-save": lambda: mid_save(args.trials, args.sabotage),
        "disk-full": lambda: failing_saves("disk-full", args.trials),
        "read-only": lambda: failing_saves("read-only", args.trials),
        "folder-in-way": lambda: failing_saves("folder-in-way", args.trials),
        "fifo-replay": lambda: fifo("replay"), "fifo-open": lambda: fifo("open"),
        **{s: functools.partial(statistics, s) for s in SCENARIOS if "stats" in s}}
    if not args.json:
        print(f"code measured: {code_root()}", flush=True)
    for name in (s for s in SCENARIOS if s in chosen):
        try:
            row = runs[name]()
        except Exception as exc:  # a probe that breaks says so and the others run on
            row = Row(name, "", None, 0, 0, False, f"n/a: {type(exc).__name__}: {exc}")
        print(json.dumps(asdict(row)) if args.json else row.line(), flush=True)
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        CHILDREN[sys.argv[2]](*sys.argv[3:])
        sys.exit(0)
    sys.exit(main())
