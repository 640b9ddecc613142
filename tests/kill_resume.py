"""Kill the real program at random moments during play and check that the game in
progress always resumes, with nothing lost that it had said was saved.

One *trial* is one kill: :mod:`kill_driver` (the real window, played by a stand-in)
runs on a folder for a random time — sometimes only a few milliseconds, so that some
kills land inside a save — and gets ``SIGKILL``.  Then the folder must hold what the
driver said: the save resumes (nothing moved to ``damaged/``), with at least the
deals and actions of the last ``saved`` line, it replays, and no temporary file is
left; no file at all only once the game had ended.  The next trial starts the driver
again on the same folder: it must resume that very game at that very point, and play
on; after a few kills a new folder and another game.

Run as a script for a long run (it prints ``trials N, failures F``, the failures one
a line, and how many kills landed inside a save)::

    python tests/kill_resume.py --trials 300 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardtable import saves  # noqa: E402
from cardtable.engine import record  # noqa: E402
from cardtable.engine.match import Match  # noqa: E402

DRIVER = Path(__file__).resolve().with_name("kill_driver.py")
AUTOSAVE = "current-game.json"
GAMES = ("king", "clubs", "metamorphosis")
PLAYERS = {"king": (3, 4), "clubs": (2, 3, 4, 5, 6), "metamorphosis": (2, 3)}
START_TIMEOUT = 60.0
"""Seconds the driver may take to open the window on a loaded machine."""

SIGKILL: int | None = getattr(signal, "SIGKILL", None)
"""None where the system has no SIGKILL (Windows): the test cannot run there."""


def progress(match: Match) -> tuple[int, int, int | None]:
    """(deals, actions, seed) of a match, as the driver prints them."""
    return len(match.deals), sum(len(d.actions) for d in match.deals), match.seed


# --- what the driver said ------------------------------------------------------------------


@dataclass
class Expect:
    """What the folder must hold, from the driver's lines so far.  ``seed`` is the
    game last saved (None: nothing saved yet), ``ended`` whether it has ended since
    (its file may then be gone), ``later`` a game started after it and not saved yet.

    The writer thread may still be busy with a game's last save when the next game
    starts, so ``saved`` of the game in progress can follow ``started`` of the next:
    that save keeps ``later`` in mind.  What may never come is a save of a game after
    its end, or after a save of a newer game."""

    seed: int | None = None
    deals: int = 0
    actions: int = 0
    ended: bool = False
    later: int | None = None

    def hear(self, line: str) -> str | None:
        """Take in one line of the driver; a problem it shows by itself, if any."""
        word, *rest = line.split() or [""]
        if word == "failed":
            return f"the program reported a failure: {line[len('failed '):]}"
        if word not in ("resumed", "saved", "over", "started"):
            return None
        try:
            numbers = [int(x) for x in rest]
            if len(numbers) != (1 if word == "started" else 3):
                raise ValueError(line)
        except ValueError:
            return f"the driver said something the check cannot read: «{line}»"
        if word == "started":
            self.later = numbers[0]
            return None
        seed, deals, actions = numbers
        if word == "over":
            if seed == self.seed:
                self.ended = True
            return None
        problem = None
        if word == "saved" and self.seed is not None and seed != self.later:
            if seed != self.seed:
                problem = f"saved another game (seed {seed}) than the one in progress"
            elif self.ended:
                problem = f"saved the game of seed {seed} after its end had removed its file"
            elif deals < self.deals or actions < self.actions:
                problem = (f"a save went back from {self.deals} deals, {self.actions} "
                           f"actions to {deals}, {actions}")
            else:  # the game in progress, perhaps its last save after the next began
                self.deals, self.actions = deals, actions
                return None
        # a resume, the first save, a save of the game started since, or a problem (go
        # on from what the driver says it saved)
        self.seed, self.deals, self.actions = seed, deals, actions
        self.ended, self.later = False, None
        return problem


@dataclass
class Disk:
    """What the folder held after a kill; ``seed`` None for no game."""

    seed: int | None = None
    deals: int = 0
    actions: int = 0

    def line(self) -> str:
        """The line the driver must print when it resumes this."""
        if self.seed is None:
            return "fresh none"
        return f"resumed {self.seed} {self.deals} {self.actions}"


@dataclass
class Finding:
    disk: Disk
    problems: list[str] = field(default_factory=list)
    inside_save: bool = False
    """A temporary file of a save was there: the kill landed inside a save."""
    ahead: bool = False
    """The disk held more than the driver had said: killed after a save, before its line."""


def check_folder(folder: Path, expect: Expect) -> Finding:
    """Resume the game in ``folder`` as the program does at start and check it
    against what the driver said."""
    path = folder / AUTOSAVE
    finding = Finding(Disk(), inside_save=bool(record.leftover_temporaries(path)))
    problems = finding.problems
    found = saves.resume(path)
    if found.problem is not None:
        problems.append(f"the save did not resume ({found.problem}: {found.detail}); "
                        f"kept at {found.moved_to}")
    for folder_name in (saves.DAMAGED, saves.NEWER):
        if (folder / folder_name).exists():
            problems.append(f"something was moved into {folder_name}/")
    if record.leftover_temporaries(path):
        problems.append("temporary files were left after resuming")
    if found.match is None:
        if expect.seed is not None and not expect.ended and found.problem is None:
            problems.append(f"the saved game is gone, though it had not ended (last "
                            f"saved: {expect.deals} deals, {expect.actions} actions)")
        return finding
    deals, actions, seed = progress(found.match)
    finding.disk = Disk(seed, deals, actions)
    if seed == expect.seed:
        if deals < expect.deals or actions < expect.actions:
            problems.append(f"lost progress: {deals} deals, {actions} actions on disk, "
                            f"{expect.deals} deals, {expect.actions} actions said saved")
        finding.ahead = actions > expect.actions
    elif seed != expect.later:
        problems.append(f"a game that was never played here is on disk (seed {seed})")
    try:
        again = record.load_file(path)
    except record.RecordError as exc:
        problems.append(f"the resumed file does not replay: {exc}")
    else:
        text = record.to_json(again)
        if text != record.to_json(found.match):
            problems.append("the file replays to another game than the one resumed")
        elif record.summary(record.load(json.loads(json.dumps(text)))) != \
                record.summary(again):
            problems.append("the game written out again does not load to the same totals")
    return finding


# --- running the driver ----------------------------------------------------------------------


class Run:
    """One run of the driver, its lines gathered as they come."""

    def __init__(self, command: list[str], stderr_path: Path) -> None:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
        self.started = time.monotonic()
        self._stderr = stderr_path.open("wb")
        self.proc = subprocess.Popen(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=self._stderr,
                                     text=True, encoding="utf-8")
        self.stderr_path = stderr_path
        self.lines: list[str] = []
        self._news = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if not line.endswith("\n"):
                break  # cut by the kill (the driver writes each line whole, but still)
            with self._news:
                self.lines.append(line[:-1])
                self._news.notify_all()
        with self._news:
            self._news.notify_all()

    def wait_for(self, ready: Callable[[list[str]], bool], timeout: float) -> bool:
        """Wait until ``ready(lines)`` holds (True), the driver ends or time is up."""
        deadline = time.monotonic() + timeout
        with self._news:
            while not ready(self.lines):
                left = deadline - time.monotonic()
                if left <= 0 or not self._reader.is_alive():
                    return ready(self.lines)
                self._news.wait(min(left, 0.1))
        return True

    def kill(self) -> bool:
        """SIGKILL the driver; False if it had already ended by itself."""
        alive = self.proc.poll() is None
        if alive:
            assert SIGKILL is not None
            os.kill(self.proc.pid, SIGKILL)
        self.proc.wait()
        self._reader.join(timeout=10)
        self._stderr.close()
        return alive

    def stderr_tail(self) -> str:
        """The end of what the driver wrote to stderr (a traceback's last lines), on
        one line."""
        lines = [line.strip() for line in
                 self.stderr_path.read_text("utf-8", errors="replace").splitlines()
                 if line.strip()]
        return " | ".join(lines[-3:]) if lines else "(nothing on stderr)"


def _ready(lines: list[str]) -> bool:
    return any(line.startswith(("resumed", "fresh")) for line in lines)


def _ready_after(saves: int) -> Callable[[list[str]], bool]:
    """The window is up and has said ``saves`` saves."""
    return lambda lines: _ready(lines) and \
        sum(line.startswith("saved") for line in lines) >= saves


@dataclass
class Plan:
    """When to kill: ``after_launch`` seconds after the start, or else ``delay``
    seconds after the window is up and ``saves`` saves have been said."""

    after_launch: float | None = None
    saves: int = 0
    delay: float = 0.0

    def __str__(self) -> str:
        if self.after_launch is not None:
            return f"{self.after_launch * 1000:.0f} ms after the start"
        return f"{self.delay * 1000:.0f} ms after {self.saves} saves"


def random_plan(rng: random.Random) -> Plan:
    """Random moments: now and then during start-up; mostly during play, often a
    few milliseconds after a save (the next one is then being written)."""
    roll = rng.random()
    if roll < 0.1:
        return Plan(after_launch=rng.uniform(0.0, 1.5))
    if roll < 0.5:
        return Plan(saves=rng.randrange(1, 20), delay=rng.uniform(0.0, 0.03))
    if roll < 0.8:
        return Plan(delay=rng.uniform(0.0, 0.5))
    return Plan(delay=rng.uniform(0.5, 2.5))


@dataclass
class Report:
    trials: int = 0
    failures: list[str] = field(default_factory=list)
    inside_save: int = 0
    ahead: int = 0
    resumed: int = 0
    """Restarts that resumed a game (and were checked to be at the point on disk)."""
    games_ended: int = 0

    def lines(self) -> list[str]:
        return [f"trials {self.trials}, failures {len(self.failures)}",
                *self.failures,
                f"kills inside a save (a temporary file was there): {self.inside_save}",
                f"kills after a save, before it was said (disk ahead): {self.ahead}",
                f"restarts that resumed the game at the point on disk: {self.resumed}",
                f"games that ended during the runs: {self.games_ended}"]


def run_trials(trials: int, seed: int, root: Path, *, kills_per_game: int = 5,
               games: tuple[str, ...] = GAMES, sabotage: str | None = None,
               plan: Callable[[random.Random], Plan] = random_plan,
               max_seconds: float = 120.0, python: str = sys.executable) -> Report:
    """Kill the driver ``trials`` times, ``kills_per_game`` times on each folder, the
    games taken in turn; every kill is checked as the module says."""
    if SIGKILL is None:
        raise RuntimeError("this system has no SIGKILL")
    rng = random.Random(seed)
    report = Report()
    folder = root
    expect, disk = Expect(), Disk()
    options: list[str] = []
    for trial in range(trials):
        if trial % kills_per_game == 0:
            game = games[(trial // kills_per_game) % len(games)]
            players = rng.choice(PLAYERS[game])
            folder = root / f"game-{trial // kills_per_game:04d}"
            folder.mkdir(parents=True)
            expect, disk = Expect(), Disk()
            options = ["--game", game, "--players", str(players),
                       "--humans", "2" if rng.random() < 0.2 else "1",
                       "--level", rng.choice(("easy", "random")),
                       "--person", rng.choice(("easy", "random"))]
        when = plan(rng)
        command = [python, str(DRIVER), "--data", str(folder),
                   "--seed", str(rng.randrange(2**32)), "--max-seconds", str(max_seconds),
                   *options, *(["--sabotage", sabotage] if sabotage else [])]
        run = Run(command, folder / f"stderr-{trial}.txt")
        try:
            if when.after_launch is not None:
                time.sleep(when.after_launch)
            else:
                run.wait_for(_ready_after(when.saves), START_TIMEOUT)
                time.sleep(when.delay)
        finally:
            killed = run.kill()
        where = f"trial {trial} ({' '.join(options[1:4:2])}p, killed {when})"
        problems = [] if killed else [f"the program ended by itself: {run.stderr_tail()}"]
        first = next((line for line in run.lines if line.startswith(("resumed", "fresh"))),
                     None)
        if first is not None:
            if first != disk.line():
                problems.append(f"started with «{first}» where the disk held «{disk.line()}»")
            elif first.startswith("resumed"):
                report.resumed += 1
        for line in run.lines:
            problem = expect.hear(line)
            if problem is not None:
                problems.append(problem)
            report.games_ended += line.startswith("over")
        finding = check_folder(folder, expect)
        problems += finding.problems
        report.trials += 1
        report.inside_save += finding.inside_save
        report.ahead += finding.ahead
        report.failures += [f"{where}: {p}" for p in problems]
        disk = finding.disk
        if finding.problems:  # go on from what is there now, not from what was said
            expect = Expect(disk.seed, disk.deals, disk.actions)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Kill the program at random moments "
                                                 "and check the autosave resumes.")
    parser.add_argument("--trials", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kills-per-game", type=int, default=5)
    parser.add_argument("--data", type=Path,
                        help="keep the folders here (default: a temporary folder)")
    args = parser.parse_args(argv)
    if SIGKILL is None:
        print("skipped: this system has no SIGKILL, which the test needs")
        return 0
    with tempfile.TemporaryDirectory(prefix="kill-resume-") as temporary:
        root = args.data if args.data is not None else Path(temporary)
        report = run_trials(args.trials, args.seed, root,
                            kills_per_game=args.kills_per_game)
    for line in report.lines():
        print(line)
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
