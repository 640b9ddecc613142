"""``python -m cardtable bench gui``: how fast the table starts and how smoothly it moves.

Three figures: the time from launching ``python -m cardtable`` (a new process, first
start, nothing to resume; ``--program`` times a bundle's program instead) to the
table being ready — the window up and the first deal laid out on it — as the median
of several launches, beside the same for a minimal PySide6 window (started in turn
with it, so that both see the same load) and the ratio of the two; the time between
frames while a finished trick slides to its winner at the normal pace; and how long
the window is busy with each step of a resize (laying out and painting the table at
a card size not seen before).  All run on whatever Qt platform is set (offscreen or
a display).  ``--while-review`` counts the frames while a review of a whole game runs
beside the table, as the window runs one (its samples on the table's search workers).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

READY_ENV = "CARDTABLE_BENCH_READY"
"""When set, the program prints ``ready`` once the first deal is on the table, and quits."""


MINIMAL_WINDOW = """\
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel


class Window(QLabel):
    def paintEvent(self, event):
        super().paintEvent(event)
        if not getattr(self, "painted", False):
            self.painted = True
            QTimer.singleShot(0, ready)


def ready():
    print("ready", flush=True)
    window.close()
    app.quit()


app = QApplication(sys.argv)
window = Window("ready")
window.resize(1200, 800)
window.show()
app.exec()
"""
"""The yardstick: the least a PySide6 program does to show a window (import Qt, make
the application, show a window and paint it), saying ``ready`` once it has painted,
one turn of the event loop later, as the program does once its dealt table has.
(Saying it from a timer started beside ``show()`` would be too early: that timer
fires before the first paint, fonts and all, on every platform tried.)"""


def launch_once(command: Sequence[str]) -> float:
    """Seconds from starting ``command`` to its ``ready`` line, as a first start."""
    with tempfile.TemporaryDirectory() as home:  # a first start: nothing to resume
        env = dict(os.environ, **{READY_ENV: "1", "HOME": home, "XDG_CONFIG_HOME": home,
                                  "XDG_DATA_HOME": home, "APPDATA": home})
        # An installed program has its bytecode compiled; a checkout run with
        # PYTHONDONTWRITEBYTECODE would compile every module at every start.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        start = time.perf_counter()
        proc = subprocess.Popen(list(command), env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = proc.stdout.readline() if proc.stdout else ""
        elapsed = time.perf_counter() - start
        _, err = proc.communicate(timeout=120)
    if not line.startswith("ready"):
        raise RuntimeError(f"{command[-1]} did not get ready: {err[-500:]}")
    return elapsed


def launch_times(runs: int, command: Sequence[str] | None = None) -> list[float]:
    """Seconds from starting the process (``python -m cardtable``, or ``command``:
    a bundle's program, say) to the table being ready, per run."""
    return launch_pairs(runs, command)[0]


def launch_pairs(runs: int, command: Sequence[str] | None = None,
                 yardstick: Sequence[str] | None = None) -> tuple[list[float], list[float]]:
    """Launch times of the program (as :func:`launch_times`) and of the minimal
    window (or ``yardstick``: the window frozen, to compare a bundle), started in
    turn — program, window, window, program, … — so that a load that comes and goes
    weighs on both alike; after one unmeasured start of each (the first start after a
    build reads everything from disk)."""
    program = [sys.executable, "-m", "cardtable"] if command is None else list(command)
    minimal = [sys.executable, "-c", MINIMAL_WINDOW] if yardstick is None else list(yardstick)
    launch_once(program)
    launch_once(minimal)
    times: tuple[list[float], list[float]] = ([], [])
    for run in range(runs):
        order = (0, 1) if run % 2 == 0 else (1, 0)
        for which in order:
            times[which].append(launch_once((program, minimal)[which]))
    return times


RESIZE_WIDTHS = tuple(range(1000, 1620, 40))
"""The window widths a resize passes through (height in proportion): 16 card sizes."""


def reviewed_game() -> Any:
    """A whole game of Кинг between four ``normal`` players (seed 3): what the review
    beside the table works on."""
    import random

    from cardtable.ai import make_player
    from cardtable.engine.match import Match, Seat

    seats = [Seat(f"N{i}", "computer", "normal") for i in range(4)]
    match = Match.start("king", {"players": 4}, seats, seed=3)
    players = [make_player("king", "normal") for _ in seats]
    rng = random.Random(3)
    while not match.state.is_over:
        if match.state.needs_deal:
            match.deal(match.next_layout())
            continue
        seat = match.state.to_move
        assert seat is not None
        match.apply(players[seat].choose(match.state.view(seat), match.state.legal_actions(),
                                         rng))
    return match


class ReviewBeside:
    """A review running beside the table as the window runs one: in a thread of its
    own, its samples on the table's search workers; started before the frames are
    counted, cancelled after."""

    def __init__(self, workers: Any) -> None:
        import threading

        self.cancel = threading.Event()
        self.weighed = 0
        self.started = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(workers,), daemon=True)
        self._match = reviewed_game()
        self._thread.start()

    def _run(self, workers: Any) -> None:
        from cardtable.ai.review import ReviewCancelled, review_match

        def progress(done: int, _total: int) -> None:
            self.weighed = done
            self.started.set()

        try:
            review_match(self._match, 0, seed=1, pool=workers.pool(), progress=progress,
                         cancel=self.cancel)
        except ReviewCancelled:
            pass
        finally:
            self.started.set()

    def stop(self) -> None:
        self.cancel.set()
        self._thread.join(30)


def collect_frame_times(while_review: bool = False) -> tuple[list[float], list[float], int]:
    """Milliseconds between frames painted while a trick is collected (normal pace),
    milliseconds the window is busy with each step of a resize, and — with
    ``while_review`` — the decisions a review beside the table weighed meanwhile."""
    from PySide6.QtCore import (
        QEvent,
        QObject,
        QSequentialAnimationGroup,
        QSettings,
    )
    from PySide6.QtWidgets import QApplication

    from cardtable.engine.actions import Play
    from cardtable.engine.match import Seat
    from cardtable.ui.settings import GameSettings
    from cardtable.ui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0]])
    stamps: list[float] = []
    recording = [False]
    sliding = [False]
    """True from the moment the trick starts to slide until it has arrived."""

    class PaintClock(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            if recording[0] and sliding[0] and event.type() == QEvent.Type.Paint:
                stamps.append(time.perf_counter())
            return False

    with tempfile.TemporaryDirectory() as tmp:
        qs = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(qsettings=qs, start=False)
        window.resize(1280, 800)
        window.show()
        clock = PaintClock()
        window.table.viewport().installEventFilter(clock)
        seats = [Seat("You", "human", None)] + [Seat(f"C{i}", "computer", "easy")
                                                for i in range(1, 4)]
        window.set_pace("instant")
        window.start_game(GameSettings("king", {"players": 4}, seats), seed=1)
        scene = window.scene

        def follow(anim: QSequentialAnimationGroup) -> None:
            if recording[0]:
                # the pause comes first; the slide is the animation after it
                anim.currentAnimationChanged.connect(
                    lambda current: sliding.__setitem__(0, current is not None
                                                        and anim.indexOfAnimation(current) > 0))
                anim.finished.connect(lambda: sliding.__setitem__(0, False))

        scene.trickCollecting.connect(follow)

        def settle() -> None:
            deadline = time.monotonic() + 10
            while (scene.busy or scene.turn_view is None) and time.monotonic() < deadline:
                app.processEvents()

        settle()
        beside = None
        if while_review:
            beside = ReviewBeside(window.controller.search_workers)
            while not beside.started.is_set():  # the workers started and weighing
                app.processEvents()
                time.sleep(0.01)
        # play to the last card of a trick, then measure its collection at normal pace
        while True:
            view = scene.turn_view
            if view is None:
                raise RuntimeError("the table never gave the human a turn")
            plays = [a for a in view.legal if type(a) is Play]
            if len(view.trick) == 3:
                window.set_pace("normal")
                recording[0] = True
                window.controller.submit(plays[0])
                start = time.perf_counter()
                while time.perf_counter() - start < 2.5:
                    app.processEvents()
                    time.sleep(0.001)
                recording[0] = False
                break
            window.controller.submit(plays[0])
            settle()
        settle()
        window.set_pace("instant")
        steps = []
        for width in RESIZE_WIDTHS:
            start = time.perf_counter()
            window.resize(width, width * 5 // 8)
            app.processEvents()
            window.table.viewport().repaint()  # the table painted at its new size
            steps.append((time.perf_counter() - start) * 1000)
        weighed = 0
        if beside is not None:
            weighed = beside.weighed
            beside.stop()
        window.controller.stop()
        window.close()
    return [(b - a) * 1000 for a, b in itertools.pairwise(stamps)], steps, weighed


def launch_rows(launches: list[float], minimal: list[float]) -> dict[str, object]:
    """The launch figures: both medians, every run, and the ratio of the medians."""
    median, yardstick = statistics.median(launches), statistics.median(minimal)
    return {"launch_median_s": round(median, 3),
            "launch_runs_s": [round(t, 3) for t in launches],
            "minimal_window_median_s": round(yardstick, 3),
            "minimal_window_runs_s": [round(t, 3) for t in minimal],
            "launch_ratio": round(median / yardstick, 2)}


def launch_text(what: str, rows: dict[str, object], runs: int,
                yardstick: str | None = None) -> str:
    window = "A minimal PySide6 window" if yardstick is None else \
        f"A minimal PySide6 window, frozen ({yardstick})"
    return (f"Launch to table ready ({what}, cold, median of {runs}): "
            f"{rows['launch_median_s']} s  (runs: {rows['launch_runs_s']})\n"
            f"{window}, started in turn with it: "
            f"{rows['minimal_window_median_s']} s  (runs: {rows['minimal_window_runs_s']})\n"
            f"Ratio: {rows['launch_ratio']}×  (Qt platform: "
            f"{os.environ.get('QT_QPA_PLATFORM', 'default')})")


def main(args: argparse.Namespace) -> int:
    runs = args.runs
    program = getattr(args, "program", None)
    yardstick = getattr(args, "yardstick", None)
    launches, minimal = launch_pairs(runs, None if program is None else [str(program)],
                                     None if yardstick is None else [str(yardstick)])
    launch = launch_rows(launches, minimal)
    if program is not None or yardstick is not None or args.launch_only:
        # (the frames are the same Qt's whatever started it)
        if args.json:
            print(json.dumps({**launch, "program": str(program or "python -m cardtable"),
                              "yardstick": str(yardstick or "python -c MINIMAL_WINDOW")}))
        else:
            print(launch_text(str(program or "python -m cardtable"), launch, runs,
                              None if yardstick is None else str(yardstick)))
        return 0
    while_review = bool(getattr(args, "while_review", False))
    frames, resize, weighed = collect_frame_times(while_review)
    moving = frames
    rows = {
        **launch,
        "collect_frames": len(moving),
        "frame_ms_median": round(statistics.median(moving), 1) if moving else None,
        "frame_ms_max": round(max(moving), 1) if moving else None,
        "fps": round(1000 / statistics.mean(moving), 1) if moving else None,
        "resize_steps": len(resize),
        "resize_ms_median": round(statistics.median(resize), 1) if resize else None,
        "resize_ms_max": round(max(resize), 1) if resize else None,
        "platform": os.environ.get("QT_QPA_PLATFORM", "default"),
    }
    if while_review:
        rows["review_decisions_weighed_meanwhile"] = weighed
    if args.json:
        print(json.dumps(rows))
        return 0
    print(launch_text("python -m cardtable", launch, runs))
    print(f"Trick-collect animation: {rows['collect_frames']} frames, median "
          f"{rows['frame_ms_median']} ms, longest {rows['frame_ms_max']} ms, "
          f"{rows['fps']} frames/s  (Qt platform: {rows['platform']})"
          + (f", while a review beside the table weighed {weighed} decisions"
             if while_review else ""))
    print(f"Resize through {rows['resize_steps']} card sizes: each step median "
          f"{rows['resize_ms_median']} ms, longest {rows['resize_ms_max']} ms")
    return 0
