"""``bench gui`` runs and reports its figures (their values are measured by running
the benchmark, not asserted here)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.tools import bench_gui


def test_launch_reaches_a_dealt_table() -> None:
    [seconds] = bench_gui.launch_times(1)
    assert 0 < seconds < 120


def test_frames_are_timed_during_the_trick_collect_and_a_resize(qapp: Any) -> None:
    frames, resize, weighed = bench_gui.collect_frame_times()
    assert len(frames) >= 3  # a 280 ms slide paints many frames
    assert all(f > 0 for f in frames)
    assert len(resize) == len(bench_gui.RESIZE_WIDTHS)
    assert all(step > 0 for step in resize)
    assert weighed == 0


def test_the_frames_can_be_timed_while_a_review_runs_beside(qapp: Any) -> None:
    """The review really runs meanwhile (a review that failed at once would weigh
    nothing): the figures compare the frames with and without it."""
    frames, _resize, weighed = bench_gui.collect_frame_times(while_review=True)
    assert len(frames) >= 3
    assert weighed >= 1


def test_the_program_and_a_minimal_window_are_started_in_turn() -> None:
    program, minimal = bench_gui.launch_pairs(2)
    assert len(program) == len(minimal) == 2
    assert all(0 < t < 120 for t in program + minimal)


def test_a_yardstick_given_is_started_in_place_of_the_minimal_window(tmp_path: Path) -> None:
    """A bundle is compared with the minimal window frozen the same way: the program
    given as the yardstick is the one started beside it (here a stand-in that leaves a
    mark), and the figures say so."""
    marks = tmp_path / "started"
    stand_in = [sys.executable, "-c",
                f"import pathlib; p = pathlib.Path({str(marks)!r}); "
                "p.write_text(p.read_text() + 'x' if p.exists() else 'x'); print('ready')"]
    program, yardstick = bench_gui.launch_pairs(2, yardstick=stand_in)
    assert len(program) == len(yardstick) == 2
    assert marks.read_text() == "xxx"  # one unmeasured start, then two measured
    rows = bench_gui.launch_rows(program, yardstick)
    assert "frozen (dist/MinimalWindow/MinimalWindow)" in bench_gui.launch_text(
        "dist/CardTable/CardTable", rows, 2, "dist/MinimalWindow/MinimalWindow")


def test_the_launch_figures_give_the_ratio_of_the_medians() -> None:
    rows = bench_gui.launch_rows([0.3, 0.5, 0.4], [0.2, 0.1, 0.3])
    assert rows["launch_median_s"] == 0.4 and rows["minimal_window_median_s"] == 0.2
    assert rows["launch_ratio"] == 2.0
    text = bench_gui.launch_text("python -m cardtable", rows, 3)
    assert "Ratio: 2.0×" in text and "minimal PySide6 window" in text


def test_the_memory_of_the_process_tree_is_summed() -> None:
    """``bench memory``'s figures: this test's own process tree, once."""
    from cardtable.tools import bench_memory

    tree = bench_memory.process_tree(os.getpid())
    assert tree[0] == os.getpid()
    rss, pss = bench_memory.rss_pss_kib(os.getpid())
    assert 0 < pss <= rss
    assert bench_memory.rss_pss_kib(2 ** 22 + 1) == (0, 0)  # no such process


def test_bench_memory_samples_a_game_of_hard_computers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.tools import bench_memory

    monkeypatch.setattr(bench_memory, "WARM_UP_S", 3.0)
    samples = bench_memory.sample_tree([sys.executable, "-m", "cardtable"], 1.5)
    assert samples
    processes, rss, pss = samples[-1]
    assert processes >= 1 and 0 < pss <= rss
