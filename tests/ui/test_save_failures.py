"""A save that cannot be written is never silent, through the real window: with the
disk full (a tiny tmpfs as the data folder where the test may mount one, else the
error injected at the write), with no permission to write (injected: the tests run as
root, whom permissions do not stop) and with a folder where the save file should be.

Each scenario plays a Кинг game by clicks, saves well for a while, then breaks the
saving and plays on; it checks that the banner over the table says the folder, the
reason and exactly how many moves are not on the disk (counted from the file itself),
that the game goes on in memory, that quitting asks first (and Cancel keeps the
window), and that after the cause is gone a fresh window resumes the last good save.
:func:`run_scenario` returns what went wrong instead of stopping at the first, so the
bad cases below prove the check catches a silent, a miscounting and a forgetful
program."""

from __future__ import annotations

import abc
import contextlib
import errno
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from cardtable import saves
from cardtable.engine import record
from cardtable.ui.controller import Waiting
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import Answers, Person, game_settings, play_moves, remove_translators

BUTTONS = QMessageBox.StandardButton
AUTOSAVE = "current-game.json"
GOOD_MOVES = 3
"""The person's moves made while saving works."""
BAD_MOVES = 3
"""The person's moves made while it fails."""


def moves_in_file(path: Path) -> int:
    """The moves the autosave on the disk holds (none if there is no file)."""
    if not path.is_file():
        return 0
    return sum(len(log.actions) for log in record.load_file(path).deals)


def moves_in_memory(win: MainWindow) -> int:
    match = win.controller.match
    assert match is not None
    return sum(len(log.actions) for log in match.deals)


@contextlib.contextmanager
def tiny_disk(folder: Path) -> Iterator[bool]:
    """A 1 MB tmpfs at ``folder`` if this system lets the test mount one (True), else
    a plain folder (False: the full disk is then injected at the write)."""
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
                             capture_output=True, check=False).returncode == 0
    try:
        yield mounted
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], check=False)


def fill_up(folder: Path) -> Path:
    """Fill the file system of ``folder`` to the last byte."""
    filler = folder / "filler"
    chunk = b"\0" * 65536
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 4096, 1):
            while True:
                try:
                    if os.write(fd, chunk[:size]) == 0:
                        break
                except OSError as exc:
                    assert exc.errno == errno.ENOSPC
                    break
    finally:
        os.close(fd)
    return filler


class Fault(abc.ABC):
    """Breaks the saving and mends it again, for one scenario."""

    reason = ""
    words = ""

    def __init__(self, data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.data = data
        self.monkeypatch = monkeypatch

    def inject(self, code: int) -> None:
        """Writes into the data folder fail with ``code``; elsewhere they work."""
        real = record.write_atomically

        def refuse(path: Any, data: bytes) -> None:
            if Path(path).parent != self.data:
                return real(path, data)
            raise OSError(code, os.strerror(code), str(path))

        self.monkeypatch.setattr(record, "write_atomically", refuse)

    @abc.abstractmethod
    def start(self) -> None:
        """Put the fault in place (each kind of fault its own way)."""

    def stop(self) -> None:
        self.monkeypatch.undo()


class DiskFull(Fault):
    reason, words = saves.FULL, "the disk is full"
    real = False

    def start(self) -> None:
        if self.real:
            self.filler = fill_up(self.data)
        else:
            self.inject(errno.ENOSPC)

    def stop(self) -> None:
        if self.real:
            self.filler.unlink()
        super().stop()


class NoPermission(Fault):
    reason, words = saves.DENIED, "no permission to write there"

    def start(self) -> None:
        self.inject(errno.EACCES)


class FolderInTheWay(Fault):
    """Something (a sync tool, a person) put a folder where the save file is."""

    reason, words = saves.FOLDER_IN_THE_WAY, f"a folder named “{AUTOSAVE}” is in the way"

    def start(self) -> None:
        save = self.data / AUTOSAVE
        save.rename(self.data / "kept.json")
        (save / "photos").mkdir(parents=True)

    def stop(self) -> None:
        shutil.rmtree(self.data / AUTOSAVE)
        (self.data / "kept.json").rename(self.data / AUTOSAVE)


def new_window(qtbot: Any, tmp_path: Path, data: Path) -> MainWindow:
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, autosave=data / AUTOSAVE, start=False)
    win.set_pace("instant")
    win.resize(1200, 800)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


Sabotage = Callable[[MainWindow], None]


def run_scenario(qtbot: Any, tmp_path: Path, fault: Fault,
                 sabotage: Sabotage | None = None) -> list[str]:
    """Play, break the saving, play on, quit, mend, start again: what went wrong."""
    problems: list[str] = []
    data = fault.data
    save = data / AUTOSAVE
    win = new_window(qtbot, tmp_path, data)
    if sabotage is not None:
        sabotage(win)
    win.start_game(game_settings("king", [0], players=4), seed=11)
    person = Person("king", 5)
    play_moves(win, qtbot, person, GOOD_MOVES)
    win.controller.flush_autosave()
    good = record.load_file(save).steps()
    if win.save_banner.isVisible():
        problems.append("a banner while saving works")

    fault.start()
    play_moves(win, qtbot, person, BAD_MOVES)
    win.controller.flush_autosave()
    qtbot.wait(10)  # the writer's news, through the event loop
    lost = moves_in_memory(win) - moves_in_file(save)
    if lost <= 0:
        problems.append(f"the fault lost nothing ({lost}): the scenario proves nothing")
    banner = win.save_banner.message.text()
    if not win.save_banner.isVisible():
        problems.append("no banner over the table")
    for needed in (str(data), fault.words, f"{lost} moves of this game would be lost"):
        if needed not in banner:
            problems.append(f"the banner does not say {needed!r}: {banner!r}")
    if win.controller.save_problem is None \
            or win.controller.save_problem.reason != fault.reason:
        problems.append(f"the problem is {win.controller.save_problem!r}")
    before = moves_in_memory(win)
    play_moves(win, qtbot, person, 1)
    if moves_in_memory(win) <= before or win.controller.waiting != Waiting.HUMAN:
        problems.append("the game did not go on in memory")
    win.controller.flush_autosave()
    lost = moves_in_memory(win) - moves_in_file(save)

    answers = Answers(win, BUTTONS.Cancel, BUTTONS.Discard, otherwise=BUTTONS.Cancel)
    win.close()
    if not win.isVisible():
        problems.append("the window closed although the person chose Cancel")
    if [box.objectName() for box in answers.boxes] != ["quitUnsaved"]:
        problems.append(f"quitting asked {[b.objectName() for b in answers.boxes]}")
    else:
        question = answers.boxes[0].text()
        for needed in (f"{lost} moves of the game in progress would be lost", fault.words):
            if needed not in question:
                problems.append(f"the question does not say {needed!r}: {question!r}")
    win.close()
    if win.isVisible():
        problems.append("the window stayed open after “Quit without saving”")
    fault.stop()

    again = new_window(qtbot, tmp_path, data)
    again.start_first_game()
    match = again.controller.match
    if match is None or match.steps() != good:
        problems.append("the next start did not resume the last good save")
    again.controller.flush_autosave()
    qtbot.wait(10)
    if again.save_banner.isVisible():
        problems.append("a banner after the cause was mended")
    again.close()
    return problems


@pytest.fixture(autouse=True)
def english(qapp: QApplication) -> None:
    remove_translators(qapp)


def test_a_full_disk_is_said_counted_and_asked_about(qtbot: Any, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    with tiny_disk(tmp_path / "data") as mounted:
        fault = DiskFull(tmp_path / "data", monkeypatch)
        fault.real = mounted
        assert run_scenario(qtbot, tmp_path, fault) == []


def test_no_permission_is_said_counted_and_asked_about(qtbot: Any, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "data").mkdir()
    assert run_scenario(qtbot, tmp_path, NoPermission(tmp_path / "data", monkeypatch)) == []


def test_a_folder_in_the_way_is_said_counted_and_asked_about(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "data").mkdir()
    assert run_scenario(qtbot, tmp_path, FolderInTheWay(tmp_path / "data", monkeypatch)) == []


def silent(win: MainWindow) -> None:
    """The old program: a failure goes by without a word."""
    win.controller.saveProblem.disconnect(win._on_save_problem)


def miscounting(win: MainWindow) -> None:
    """Claims every move is on the disk."""
    win.controller.unsaved_moves = lambda: 0  # type: ignore[method-assign]


def forgetful(win: MainWindow) -> None:
    """Throws the game away on quitting (as if a failed save had dropped it)."""
    real = win.controller.stop

    def stop() -> None:
        real()
        (win.controller.autosave_path or Path()).unlink(missing_ok=True)

    win.controller.stop = stop  # type: ignore[method-assign]


@pytest.mark.parametrize("sabotage", [silent, miscounting, forgetful],
                         ids=["silent", "miscounting", "forgetful"])
def test_the_check_catches_a_bad_program(qtbot: Any, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch,
                                         sabotage: Sabotage) -> None:
    (tmp_path / "data").mkdir()
    problems = run_scenario(qtbot, tmp_path, NoPermission(tmp_path / "data", monkeypatch),
                            sabotage)
    assert problems, "a bad program passed the check"


def test_save_as_from_the_banner_puts_the_game_elsewhere(qtbot: Any, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The banner's "Save as…" writes the game to another file; the banner then says
    where, and stays (the autosave still fails); quitting asks nothing while that
    file holds the game as it stands, and asks again after one more move."""
    (tmp_path / "data").mkdir()
    win = new_window(qtbot, tmp_path, tmp_path / "data")
    win.start_game(game_settings("king", [0], players=4), seed=11)
    person = Person("king", 5)
    NoPermission(tmp_path / "data", monkeypatch).start()
    play_moves(win, qtbot, person, 2)
    win.controller.flush_autosave()
    qtbot.waitUntil(win.save_banner.isVisible)
    elsewhere = tmp_path / "elsewhere.cardtable.json"
    win._choose_file = lambda saving, suggested: str(elsewhere)  # type: ignore[method-assign]
    win.save_banner.save_as.click()
    assert record.load_file(elsewhere).steps() == win.controller.match.steps()
    assert win.save_banner.isVisible()
    assert f"The game as it stands was saved as “{elsewhere}”" in win.save_banner.message.text()
    play_moves(win, qtbot, person, 1)
    win.controller.flush_autosave()
    qtbot.waitUntil(lambda: "move ago" in win.save_banner.message.text()
                    or "moves ago" in win.save_banner.message.text())
    answers = Answers(win, BUTTONS.Cancel, otherwise=BUTTONS.Cancel)
    win.close()
    assert [box.objectName() for box in answers.boxes] == ["quitUnsaved"] and win.isVisible()
    win.save_to(elsewhere)
    answers.boxes.clear()
    win.close()
    assert answers.boxes == [] and not win.isVisible()
