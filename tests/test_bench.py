"""The engine benchmark runs and reports every figure (speed itself is not asserted:
it is measured by running the benchmark, not by the test suite)."""

from __future__ import annotations

import argparse

from cardtable.tools import bench_engine


def test_engine_benchmark_reports_each_game_setting(capsys) -> None:  # type: ignore[no-untyped-def]
    rows = bench_engine.engine_figures(seconds=0.01)
    king = [(r["players"], r["what"]) for r in rows if r["game"] == "king"]
    assert king == [
        (p, w) for p in (4, 3) for w in ("stage-1 deal «взятки»", "stage-1 deal «ералаш»",
                                         "хвалёнка (order, buying, play)", "whole game")
    ]
    clubs = [(r["players"], r["what"]) for r in rows if r["game"] == "clubs"]
    assert {p for p, _ in clubs} == {2, 4, 5, 6, 8}
    assert ("deal (everyone bids, play)" in {w for _, w in clubs})
    meta = [(r["players"], r["what"]) for r in rows if r["game"] == "metamorphosis"]
    assert {p for p, _ in meta} == {2, 3} and len(meta) == 4
    assert len(rows) == len(king) + len(clubs) + len(meta)
    assert all(isinstance(r["per_second"], (int, float)) and r["per_second"] > 0
               for r in rows)
    assert bench_engine.main(argparse.Namespace(what="engine", seconds=0.01, json=False)) == 0
    out = capsys.readouterr().out
    assert "deals/s" in out and "games/s" in out
