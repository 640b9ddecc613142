"""The save benchmark runs and prints every figure, at tiny sizes (how fast saving
is, is measured by running ``bench saves``, not asserted here)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from cardtable.tools import bench_saves
from cardtable.tools.bench_saves import Table

TINY = {"tables": (Table("king", {"players": 3}), Table("clubs", {"players": 2}),
                   Table("metamorphosis", {"players": 2})),
        "long_deals": (2, 3), "open_deals": 4, "runs": 2, "max_saves": 6}


def test_every_figure_is_there_and_positive(tmp_path: Path) -> None:
    rows = bench_saves.figures(tmp_path, **TINY)
    saves = [r for r in rows if r["what"] == "autosave"]
    assert [(r["game"], r["players"]) for r in saves] == [
        ("king", 3), ("clubs", 2), ("metamorphosis", 2), ("clubs", 2), ("clubs", 2)]
    assert [r["stage"] for r in saves[3:]] == ["deal 3 (after 2 deals)",
                                               "deal 4 (after 3 deals)"]
    for row in saves:
        assert row["saves"] == 6
        for key in ("kB", "table_ms_median", "table_ms_p95", "save_ms_median", "save_ms_p95",
                    "dumps_ms_median", "dumps_ms_p95"):
            assert isinstance(row[key], float) and row[key] > 0, (key, row)
        assert row["save_ms_p95"] >= row["save_ms_median"]
    assert saves[4]["kB"] > saves[3]["kB"]  # a longer game, a larger file
    (opened,) = [r for r in rows if r["what"] == "open"]
    assert (opened["deals"], opened["runs"]) == (4, 2)
    assert opened["kB"] > 0 and opened["load_ms_median"] > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing left behind


@pytest.mark.parametrize("as_json", [False, True])
def test_the_command_prints_the_figures(as_json: bool, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    real_figures = bench_saves.figures
    monkeypatch.setattr(bench_saves, "figures", lambda folder: real_figures(
        folder, TINY["tables"], (2,), 3, 2, max_saves=4))
    assert bench_saves.main(argparse.Namespace(json=as_json, dir=str(tmp_path))) == 0
    out = capsys.readouterr().out
    if as_json:
        rows = [json.loads(line) for line in out.splitlines()]
        assert [r["what"] for r in rows] == ["autosave"] * 4 + ["open"]
        assert all(r["save_ms_median"] > 0 and r["dumps_ms_p95"] > 0
                   and r["table_ms_median"] > 0 for r in rows[:4])
        assert rows[4]["load_ms_median"] > 0 and rows[4]["kB"] > 0
    else:
        assert out.count("   table ") == 4 and out.count("   writer ") == 4 \
            and out.count("from scratch ") == 4
        assert "deal 3 (after 2 deals)" in out
        assert "3 deals" in out and "Opening a record" in out
    assert list(tmp_path.iterdir()) == []  # the temporary folder is gone


def test_the_folder_is_on_a_disk_not_in_memory(tmp_path: Path) -> None:
    with bench_saves.disk_folder(tmp_path) as folder:
        assert folder.parent == tmp_path and folder.is_dir()
    assert not folder.exists()
    with bench_saves.disk_folder() as folder:
        assert bench_saves.filesystem_of(folder) not in bench_saves.RAM_FILESYSTEMS
