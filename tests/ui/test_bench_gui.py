"""``bench gui`` runs and reports its figures (their values are measured by running
the benchmark, not asserted here)."""

from __future__ import annotations

from typing import Any

from cardtable.ui import bench_gui


def test_launch_reaches_a_dealt_table() -> None:
    [seconds] = bench_gui.launch_times(1)
    assert 0 < seconds < 120


def test_frames_are_timed_during_the_trick_collect_and_a_resize(qapp: Any) -> None:
    frames, resize = bench_gui.collect_frame_times()
    assert len(frames) >= 3  # a 280 ms slide paints many frames
    assert all(f > 0 for f in frames)
    assert len(resize) == len(bench_gui.RESIZE_WIDTHS)
    assert all(step > 0 for step in resize)
