"""Real copies of the program on one account, for the one-copy tests
(:mod:`ui.test_single_instance`) and the two-copies probe (run as ``python
tests/single_instance_probe.py``).

Each :class:`Program` is ``python -m cardtable`` offscreen, with its home and XDG
folders in a folder of the test's own (so it never meets the person's own program),
and ``CARDTABLE_REPORT_HANDOVER`` set: the program prints ``serving`` once it answers
later starts and ``handed over PATH`` for each start it takes.  Every wait is
bounded; a program still running at the end is killed.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WAIT_S = 120.0
"""The longest any one wait goes on (a start on a loaded machine takes seconds)."""


def account(home: Path) -> dict[str, str]:
    """The environment of a person whose home folder is ``home``."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CARDTABLE_REPORT_HANDOVER="1",
               PYTHONPATH=str(ROOT), HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"),
               XDG_RUNTIME_DIR=str(home / "runtime"), APPDATA=str(home / "appdata"),
               LOCALAPPDATA=str(home / "localappdata"))
    env.pop("CARDTABLE_BENCH_READY", None)
    (home / "runtime").mkdir(parents=True, exist_ok=True, mode=0o700)
    return env


def data_folder(home: Path) -> Path:
    """Where the program of the person at ``home`` keeps its game (Linux)."""
    return home / "data" / "CardTable"


class Program:
    """One ``python -m cardtable`` whose output lines are gathered as they come."""

    def __init__(self, home: Path, *args: str) -> None:
        self.lines: list[str] = []
        self._new: queue.Queue[str | None] = queue.Queue()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", *args], env=account(home),
            cwd=str(home), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, text=True, encoding="utf-8", errors="replace")
        threading.Thread(target=self._gather, daemon=True).start()

    def _gather(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._new.put(line.rstrip("\n"))
        self._new.put(None)

    def says(self, wanted: str, seconds: float = WAIT_S) -> bool:
        """Whether the program prints a line starting with ``wanted`` (already or
        within ``seconds``; never once it has ended)."""
        deadline = time.monotonic() + seconds
        while not any(line.startswith(wanted) for line in self.lines):
            try:
                line = self._new.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return False
            if line is None:
                self._new.put(None)
                return any(line.startswith(wanted) for line in self.lines)
            self.lines.append(line)
        return True

    def ended(self, seconds: float = WAIT_S) -> int | None:
        """Its exit code once it ends within ``seconds``, else ``None``."""
        try:
            return self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return None

    def running(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        if self.running():
            self.process.send_signal(getattr(signal, "SIGKILL", signal.SIGTERM))
        self.process.wait(timeout=WAIT_S)

    def stop(self) -> None:
        """End it as a person closing the window would (SIGTERM), killed if it lingers."""
        if self.running():
            self.process.terminate()
            if self.ended(30) is None:
                self.kill()


def second_start(home: Path, *args: str) -> tuple[int | None, Program]:
    """Start the program again: its exit code once it ends, or ``None`` if it ran on
    as a copy of its own (said ``serving``; it is then stopped)."""
    second = Program(home, *args)
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        code = second.ended(0.2)
        if code is not None:
            second.says("", 0)  # gather what it printed
            return code, second
        if second.says("serving", 0):
            second.stop()
            return None, second
    second.stop()
    return None, second


def lock_owner(home: Path) -> int | None:
    """The process id the lock file names (Qt's format: the pid on the first line)."""
    try:
        return int((data_folder(home) / "cardtable.lock").read_text().split("\n")[0])
    except (OSError, ValueError):
        return None


def one_copy_failures(first: Program, home: Path, code: int | None,
                      second: Program) -> list[str]:
    """What is wrong after a second start on the account of ``first``: it must have
    ended with 0 without serving, and ``first`` must still run and hold the lock."""
    failures = []
    if code is None:
        failures.append("the second start ran on as a copy of its own")
    elif code != 0:
        failures.append(f"the second start ended with {code}: {second.lines[-3:]}")
    if not first.running():
        failures.append("the first copy is gone")
    if lock_owner(home) != first.process.pid:
        failures.append(f"the lock names {lock_owner(home)}, not the first copy")
    return failures


def saved_seed(home: Path) -> int | None:
    """The seed of the game in the program's autosave, if one is there."""
    try:
        seed = json.loads((data_folder(home) / "current-game.json").read_text())["seed"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return seed if isinstance(seed, int) else None


def game_file(path: Path, seed: int) -> Path:
    """A Трефы game for one person and two computers, dealt, not played, at ``path``."""
    from cardtable.engine import record
    from cardtable.engine.match import Match, Seat

    seats = [Seat("Аня", "human", None), Seat("Бот 1", "computer", "easy"),
             Seat("Бот 2", "computer", "easy")]
    match = Match.start("clubs", {"players": 3}, seats, seed=seed)
    match.deal()
    record.save(match, path)
    return path


def opened_failures(first: Program, home: Path, path: Path, seed: int,
                    seconds: float = WAIT_S) -> list[str]:
    """What is wrong if ``first`` was to open ``path`` (the game dealt with ``seed``):
    it must say it took it, and its autosave must then hold that game."""
    if not first.says(f"handed over {path}", seconds):
        return [f"the first copy did not take {path}: {first.lines[-3:]}"]
    deadline = time.monotonic() + seconds
    while saved_seed(home) != seed:
        if time.monotonic() > deadline:
            return [f"the first copy's autosave holds game {saved_seed(home)}, not {seed}"]
        time.sleep(0.05)
    return []


# --- what a client may send: the garbage a running copy must shrug off ----------------


def garbage(rng: random.Random, limit: int) -> bytes:
    """One message no start would send: random bytes, JSON of the wrong shape or
    version, a relative path, half a line, or a line longer than ``limit``."""
    kind = rng.randrange(9)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
    if kind == 1:
        return b"x" * (limit + rng.randrange(1, 5000))
    if kind == 2:
        return b"[" * 100_000 + b"\n"
    if kind == 3:
        return json.dumps({"v": 2, "open": "/games/a.json"}).encode() + b"\n"
    if kind == 4:
        return json.dumps({"v": 1, "open": rng.choice(
            [5, [], {}, "", "relative.json", "/a\u0000b", True])}).encode() + b"\n"
    if kind == 5:
        return json.dumps(rng.choice([[1], "s", 3, None, {"open": "/a"}])).encode() + b"\n"
    if kind == 6:
        return b'{"v": 1, "open": "/a'  # half a line, never finished
    if kind == 7:
        return b"\xff\xfe" + b"\n"
    return b""  # a connection that says nothing


def main() -> int:
    """The two-copies probe: a second start on one account while the first runs, in a
    fresh home per trial; it works on programs without the one-copy lock too (it
    waits for the first copy's autosave, and calls a second start that still runs
    after ``--grace`` seconds a copy of its own).  Two copies keep their games in one
    file, and the one that saves last discards the other's moves."""
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--trials", type=int, default=4)
    parser.add_argument("--grace", type=float, default=20.0)
    args = parser.parse_args()
    both = 0
    for trial in range(args.trials):
        with tempfile.TemporaryDirectory(prefix="cardtable-two-") as folder:
            home = Path(folder)
            first = Program(home)
            second: Program | None = None
            try:
                deadline = time.monotonic() + WAIT_S
                while saved_seed(home) is None and time.monotonic() < deadline:
                    time.sleep(0.1)
                seed_before = saved_seed(home)
                second = Program(home)
                code = second.ended(args.grace)
                both += code is None
                outcome = "ran beside the first" if code is None else f"ended ({code})"
                print(f"trial {trial}: the second start {outcome}; the first still runs: "
                      f"{first.running()}; autosave game {seed_before} -> "
                      f"{saved_seed(home)}", flush=True)
            finally:
                first.stop()
                if second is not None:
                    second.stop()
    print(f"two copies ran at once in {both} of {args.trials} trials")
    return 0


if __name__ == "__main__":
    sys.exit(main())
