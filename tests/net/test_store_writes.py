"""A table server's store writes a table's own file again only when it has changed
(a table hands it over at every step), and again after a failed write."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardtable.engine import record
from cardtable.net.store import TableStore


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    counted: Counter[str] = Counter()
    real = record.write_atomically

    def counting(path: Path, data: bytes) -> None:
        counted[Path(path).name] += 1
        real(path, data)

    monkeypatch.setattr(record, "write_atomically", counting)
    return counted


def table_file(seats: int) -> dict[str, object]:
    return {"format": "cardtable-table", "code": "ABCD2345",
            "seats": [{"name": f"S{i}"} for i in range(seats)]}


def test_an_unchanged_table_file_is_written_once(tmp_path: Path,
                                                 writes: Counter[str]) -> None:
    store = TableStore(tmp_path)
    try:
        for step in range(5):
            store.save("ABCD2345", f"record {step}", table_file(2))
            assert store.flush()
        assert writes == {"ABCD2345.table.json": 1, "ABCD2345.json": 5}
        store.save("ABCD2345", None, table_file(3))  # a seat more: written again
        assert store.flush()
        assert writes["ABCD2345.table.json"] == 2
        assert record.read_file(tmp_path / "ABCD2345.table.json") == table_file(3)
        assert (tmp_path / "ABCD2345.json").read_text() == "record 4"
    finally:
        store.close()


def test_a_table_file_that_failed_is_written_at_the_next_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = record.write_atomically
    failing = {"on": True}

    def flaky(path: Path, data: bytes) -> None:
        if failing["on"]:
            raise OSError("the disk is full")
        real(path, data)

    monkeypatch.setattr(record, "write_atomically", flaky)
    store = TableStore(tmp_path)
    try:
        store.save("ABCD2345", None, table_file(2))
        assert store.flush() and store.failures == 1
        failing["on"] = False
        store.save("ABCD2345", None, table_file(2))  # the same file, handed over again
        assert store.flush()
        assert record.read_file(tmp_path / "ABCD2345.table.json") == table_file(2)
    finally:
        store.close()
