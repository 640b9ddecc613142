"""The autosave keeps the order of games: a save of a finished game never lands after
the next game's save, and the finished game's file is removed before the next game's
first save lands — even when the writer is still busy with the old game's last save
as the new game starts (the writer is held back on purpose here)."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable import saves
from cardtable.engine import record
from cardtable.engine.match import Match, Seat

REMOVAL = "removal"
WAIT = 30.0
"""Seconds to wait for the writer thread before giving up (never reached unless the
saver hangs): a guard, not a timing assertion."""


def save_text(seed: int, label: str) -> str:
    """A real record of a Кинг game with ``seed``, tagged with ``label`` (a key the
    loader ignores) so that the fake disk can tell the saves apart."""
    match = Match.start("king", {"players": 3}, [Seat(f"S{i}") for i in range(3)],
                        seed=seed)
    match.deal()
    data = json.loads(record.dumps(match))
    data["label"] = label
    return json.dumps(data)


class SlowDisk:
    """Stands in for the writes of :mod:`saves`: writes for real, notes what landed in
    order, and holds back the write of ``held`` until :meth:`release`."""

    def __init__(self, held: str) -> None:
        self.held = held
        self.landed: list[str] = []
        self.writing_held = threading.Event()
        self._go = threading.Event()
        self._lock = threading.Condition()
        self._real_write = record.write_atomically
        self._real_discard = saves.discard

    def write(self, path: str | os.PathLike[str], data: bytes) -> None:
        label = json.loads(data)["label"]
        if label == self.held:
            self.writing_held.set()
            assert self._go.wait(WAIT), "the held write was never released"
        self._real_write(path, data)
        with self._lock:
            self.landed.append(label)
            self._lock.notify_all()

    def discard(self, path: Path) -> None:
        self._real_discard(path)
        with self._lock:
            self.landed.append(REMOVAL)
            self._lock.notify_all()

    def wait_landed(self, label: str) -> bool:
        """Wait until the write of ``label`` has landed (a guard against a hang, not a
        timing assertion)."""
        with self._lock:
            return self._lock.wait_for(lambda: label in self.landed, WAIT)

    def release(self) -> None:
        self._go.set()


@pytest.fixture
def slow_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowDisk]:
    disk = SlowDisk(held="old game, last save")
    monkeypatch.setattr(record, "write_atomically", disk.write)
    monkeypatch.setattr(saves, "discard", disk.discard)
    yield disk
    disk.release()  # never leave a writer thread waiting


def order_problems(handed: list[str], landed: list[str]) -> list[str]:
    """How ``landed`` (what reached the disk, in order) breaks the promise for the jobs
    ``handed`` over in that order: each landed job came after the one before it, no
    removal was dropped (a newer save may only replace a save still waiting), and the
    last job handed over is the last on the disk."""
    problems = []
    position = -1
    for job in landed:
        here = handed.index(job)
        if here < position:
            problems.append(f"«{job}» landed after «{handed[position]}», which was handed "
                            f"over later")
        position = max(position, here)
    for i, job in enumerate(handed):
        if job == REMOVAL and REMOVAL not in landed and i < len(handed) - 1:
            problems.append(f"the finished game's file was not removed before "
                            f"«{handed[i + 1]}»")
    if landed[-1:] != handed[-1:]:
        problems.append(f"the disk ends with «{landed[-1] if landed else None}», not with "
                        f"the last job handed over, «{handed[-1]}»")
    return problems


def play_two_games(old: saves.BackgroundSaver, new: saves.BackgroundSaver,
                   disk: SlowDisk, new_writer_first: bool = False) -> list[str]:
    """The old game's last save (held back by the disk), its end, then the new game's
    first save while the old one is still being written; what was handed over.
    ``new_writer_first``: the new game has a writer of its own, which is let finish
    before the old write goes on (as a loaded machine may schedule them)."""
    old.save(save_text(1, "old game, last save"))
    assert disk.writing_held.wait(WAIT)
    old.remove()  # the old game is over
    new.save(save_text(2, "new game, first save"))  # the next game begins
    if new_writer_first:
        assert disk.wait_landed("new game, first save")
    disk.release()
    assert old.flush(WAIT) and new.flush(WAIT)
    return ["old game, last save", REMOVAL, "new game, first save"]


def test_a_finished_game_is_removed_before_the_next_games_save_lands(
        tmp_path: Path, slow_disk: SlowDisk) -> None:
    path = tmp_path / "current-game.json"
    saver = saves.BackgroundSaver(path)
    handed = play_two_games(saver, saver, slow_disk)
    saver.close()
    assert order_problems(handed, slow_disk.landed) == []
    assert slow_disk.landed == handed
    assert json.loads(path.read_text("utf-8"))["seed"] == 2


# --- the check can fail ------------------------------------------------------------------


def test_a_writer_for_each_game_is_caught_landing_the_old_save_last(
        tmp_path: Path, slow_disk: SlowDisk) -> None:
    """A program that gave each game its own writer: the old game's held-back save
    lands after the new game's, and its removal then takes the new game's file."""
    path = tmp_path / "current-game.json"
    old, new = saves.BackgroundSaver(path), saves.BackgroundSaver(path)
    handed = play_two_games(old, new, slow_disk, new_writer_first=True)
    old.close()
    new.close()
    assert slow_disk.landed == ["new game, first save", "old game, last save", REMOVAL]
    assert order_problems(handed, slow_disk.landed) == [
        "«old game, last save» landed after «new game, first save», which was handed over "
        "later",
        "«removal» landed after «new game, first save», which was handed over later",
        "the disk ends with «removal», not with the last job handed over, «new game, first "
        "save»"]
    assert not path.exists()  # the new game's save is lost


def test_a_removal_dropped_for_the_next_save_is_caught() -> None:
    """What a writer that let the next game's save replace a waiting removal does."""
    handed = ["old game, last save", REMOVAL, "new game, first save"]
    assert order_problems(handed, ["old game, last save", "new game, first save"]) == [
        "the finished game's file was not removed before «new game, first save»"]


def test_newer_saves_of_one_game_still_replace_those_waiting(
        tmp_path: Path, slow_disk: SlowDisk) -> None:
    """Only the newest text matters: saves handed over while the writer is busy
    replace each other, and a removal replaces the saves of its game still waiting;
    but a save never replaces a removal."""
    path = tmp_path / "current-game.json"
    saver = saves.BackgroundSaver(path)
    saver.save(save_text(1, "old game, last save"))
    assert slow_disk.writing_held.wait(WAIT)
    for k in range(5):
        saver.save(save_text(2, f"new game, save {k}"))
    saver.remove()
    saver.save(save_text(3, "third game, first save"))
    saver.save(save_text(3, "third game, second save"))
    slow_disk.release()
    saver.close()
    assert slow_disk.landed == ["old game, last save", REMOVAL, "third game, second save"]
    assert json.loads(path.read_text("utf-8"))["seed"] == 3
