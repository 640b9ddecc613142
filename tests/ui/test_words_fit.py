"""Words that fit: every screen, in both languages, at the smallest window the table
is made for (1024×700) and with long names, is measured — a label, a button, a list,
a cell of the score sheet, a seat's plate — against the room it has.  Text may be
shortened only where a tooltip holds the whole of it, and a number is never cut."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLabel,
    QTableWidget,
    QWidget,
)

from cardtable.ai import make_player
from cardtable.engine.match import Match, Seat
from cardtable.ui.i18n import install_translators
from cardtable.ui.main_window import MainWindow
from cardtable.ui.prefs import TablePrefs
from cardtable.ui.prefs_dialog import PreferencesDialog
from cardtable.ui.settings_dialog import SettingsDialog
from ui.gui_driver import remove_translators, show_window, wait_for_table

SMALLEST = (1024, 700)
LONG = ("Александра-Мария", "Konstantinopolis", "Вильгельмина Ива", "Maximiliano Ruiz",
        "Евлампия Петрова", "Bartholomew King", "Серафима Звонкая", "Aurelio Fontana")
"""Sixteen characters each: the longest names the tests give."""
NUMBER = re.compile(r"[−+-]?\d+")
FIGURE = re.compile(r"[−+-]?\d[\d,.\u00a0\u202f ]*%?")
"""A number as a table shows it: signed, grouped, with decimals or a per cent."""


def clipped(root: QWidget) -> list[str]:
    """What of ``root``'s visible widgets shows less text than it holds, without a
    tooltip holding it all (a number must never be cut at all)."""
    found = []
    for widget in (root, *root.findChildren(QWidget)):
        if not widget.isVisible() or widget.width() <= 0:
            continue
        where = f"{type(widget).__name__} {widget.objectName()!r}"
        if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
            if widget.wordWrap():
                need = widget.heightForWidth(widget.width())
                if need > widget.height() + 2 and not widget.toolTip():
                    found.append(f"{where}: {widget.text()!r} needs {need} px of height, "
                                 f"has {widget.height()}")
            elif widget.sizeHint().width() > widget.width() + 2 and not widget.toolTip():
                found.append(f"{where}: {widget.text()!r} needs {widget.sizeHint().width()} "
                             f"px, has {widget.width()}")
        elif isinstance(widget, QAbstractButton) and widget.text():
            if widget.sizeHint().width() > widget.width() + 2:
                found.append(f"{where}: {widget.text()!r} needs {widget.sizeHint().width()} "
                             f"px, has {widget.width()}")
        elif isinstance(widget, QComboBox) and widget.currentText():
            need = widget.fontMetrics().horizontalAdvance(widget.currentText()) + 28
            if need > widget.width() + 2:
                found.append(f"{where}: {widget.currentText()!r} needs {need} px, "
                             f"has {widget.width()}")
        elif isinstance(widget, QTableWidget):
            found += clipped_cells(widget, where)
    return found


def clipped_cells(table: QTableWidget, where: str) -> list[str]:
    found = []
    for row in range(table.rowCount()):
        for col in range(table.columnCount()):
            item = table.item(row, col)
            if item is None or not item.text():
                continue
            metrics = QFontMetrics(item.font())
            need = metrics.horizontalAdvance(item.text()) + 6  # the cell's own margins
            if need <= table.columnWidth(col):
                continue
            if FIGURE.fullmatch(item.text().replace(" ✓", "")):
                found.append(f"{where} cell ({row}, {col}): the number {item.text()!r} is cut")
            elif item.toolTip() != item.text():
                found.append(f"{where} cell ({row}, {col}): {item.text()!r} needs {need} px, "
                             f"has {table.columnWidth(col)}, and no tooltip")
    return found


def clipped_plates(win: MainWindow) -> list[str]:
    found = []
    for plate in win.scene.plates:
        full, shown = plate.full_lines(), plate.fitted_lines()
        for whole, part in zip(full, shown, strict=True):
            if whole == part:
                continue
            if whole not in plate.toolTip():
                found.append(f"plate {plate.seat}: {part!r} shortened from {whole!r} "
                             f"with no tooltip")
            for number in NUMBER.findall(part.replace("…", " ")):
                if number not in NUMBER.findall(whole):
                    found.append(f"plate {plate.seat}: a number is cut in {part!r}")
    return found


def everything_fits(win: MainWindow) -> list[str]:
    QApplication.processEvents()
    return clipped(win) + clipped_plates(win)


@pytest.fixture(params=["en", "ru"])
def language(request: Any, qapp: QApplication) -> Iterator[str]:
    remove_translators(qapp)
    install_translators(qapp, request.param)
    yield request.param
    remove_translators(qapp)
    install_translators(qapp, "en")
    remove_translators(qapp)


def seats(n: int) -> list[Seat]:
    return [Seat(LONG[0], "human", None), *(Seat(LONG[i], "computer", "easy")
                                            for i in range(1, n))]


def played_until(game: str, options: dict[str, Any], done: Any, seed: int = 3) -> Match:
    """A game played by computers (the person's seat too) until ``done(state)``."""
    n = options["players"]
    match = Match.start(game, options, seats(n), seed=seed)
    player = make_player(game, "easy")
    rng = random.Random(seed)
    while not done(match.state):
        if match.state.needs_deal:
            match.deal(match.next_layout())
        else:
            state = match.state
            match.apply(player.choose(state.view(state.to_move), state.legal_actions(), rng))
    return match


def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    win = show_window(qtbot, tmp_path, size=SMALLEST, autosave=False)
    qtbot.waitUntil(lambda: win.width() == SMALLEST[0], timeout=3000)
    return win


def test_the_check_finds_cut_words(qtbot: Any) -> None:
    """The deliberate bad cases: a label too narrow for its words, a number cut in a
    cell, a shortened cell with no tooltip."""
    holder = QWidget()
    qtbot.addWidget(holder)
    label = QLabel("a sentence much too long for its room", holder)
    label.setFixedWidth(60)
    holder.show()
    assert len(clipped(holder)) == 1
    label.setToolTip(label.text())
    assert clipped(holder) == []
    table = QTableWidget(1, 2, holder)
    table.setColumnWidth(0, 20)
    table.setColumnWidth(1, 20)
    from PySide6.QtWidgets import QTableWidgetItem

    table.setItem(0, 0, QTableWidgetItem("−1234"))
    table.setItem(0, 1, QTableWidgetItem("Хвалёнка: Konstantinopolis"))
    table.show()
    problems = clipped_cells(table, "table")
    assert len(problems) == 2 and "is cut" in problems[0] and "no tooltip" in problems[1]


@pytest.mark.parametrize(("game", "options", "when"), [
    ("king", {"players": 4}, lambda s: s.phase == "order" and s.to_move == 0),
    ("king", {"players": 4}, lambda s: s.phase == "buyer_order"),
    ("king", {"players": 3}, lambda s: s.deal_index >= 2 and s.phase == "play"),
    ("clubs", {"players": 8}, lambda s: s.phase == "auction" and s.to_move == 0),
    ("clubs", {"players": 7}, lambda s: s.deal_index >= 4 and s.phase == "play"),
    ("metamorphosis", {"players": 3}, lambda s: s.phase == "declare" and s.to_move == 0),
    ("metamorphosis", {"players": 3},
     lambda s: s.phase == "play" and len(s.view(0).completed_tricks()) >= 3),
    ("metamorphosis", {"players": 2}, lambda s: s.phase == "play"),
], ids=["king-order", "king-bought", "king-3", "clubs-8-auction", "clubs-7-play",
        "meta-declare", "meta-3-play", "meta-2-play"])
def test_every_table_fits(qtbot: Any, tmp_path: Path, language: str, game: str,
                          options: dict[str, Any], when: Any) -> None:
    win = window(qtbot, tmp_path)
    match = played_until(game, options, lambda s: s.is_over or when(s))
    win.controller.start_match(match)
    qtbot.waitUntil(lambda: not win.scene.busy, timeout=5000)
    assert everything_fits(win) == []
    win.show_score_sheet()
    sheet = win._sheet_dialog
    assert sheet is not None
    QApplication.processEvents()
    assert clipped(sheet) == []


def test_the_boards_fit(qtbot: Any, tmp_path: Path, language: str) -> None:
    win = window(qtbot, tmp_path)
    for game, options in (("clubs", {"players": 7}), ("king", {"players": 4}),
                          ("metamorphosis", {"players": 3})):
        match = played_until(game, options, lambda s: s.is_over or (
            s.needs_deal and s.deal_index >= 2))
        if not match.state.is_over:
            match.deals[-1].actions.pop()  # the deal's last card still to play: a person
            match = match.prefix(match.step_count - 1)
        win.controller.start_match(match)
        wait_for_table(win, qtbot)
        if not win.board.isVisible():
            state = win.controller.state
            win.controller.submit(state.legal_actions()[0])
            wait_for_table(win, qtbot)
        assert everything_fits(win) == [], game
    over = played_until("king", {"players": 3, "length": "short"}, lambda s: s.is_over)
    win.controller.start_match(over)
    qtbot.waitUntil(win.board.isVisible, timeout=5000)
    assert everything_fits(win) == []


def test_the_dialogs_fit(qtbot: Any, tmp_path: Path, language: str) -> None:
    win = window(qtbot, tmp_path)
    dialogs: list[QWidget] = [SettingsDialog(win.settings, ["king", "clubs", "metamorphosis"],
                                             win),
                              PreferencesDialog(TablePrefs(), win)]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        QApplication.processEvents()
        assert clipped(dialog) == [], type(dialog).__name__


def test_the_buying_round_can_be_looked_at_again(qtbot: Any, tmp_path: Path) -> None:
    """Before the first trick of a хвалёнка, Last trick (Ctrl+L) lays out the buying
    round: each offer and pass under its seat's name, the buyer's in gold."""
    remove_translators(QApplication.instance())
    win = window(qtbot, tmp_path)
    match = played_until("king", {"players": 4},
                         lambda s: s.phase in ("buyer_order", "play")
                         and bool(s.view(0).offers) and not s.view(0).tricks)
    win.controller.start_match(match)
    qtbot.waitUntil(lambda: not win.scene.busy, timeout=5000)
    win.show_last_trick()
    texts = [item.text() for item in win.scene._peek if hasattr(item, "text")]
    view = match.state.view(0)
    assert texts[0] == "The buying round"
    assert len(texts) == 1 + len(view.offers)
    for (seat, price), line in zip(view.offers, texts[1:], strict=True):
        assert line.startswith(f"{win.names[seat]}: ")
        assert line.endswith("Pass" if price is None else f"Buy for {price}")


def test_watching_again_and_the_statistics_fit(qtbot: Any, tmp_path: Path,
                                              language: str) -> None:
    from cardtable.stats import SeatEntry, Statistics
    from cardtable.ui.stats_dialog import StatisticsDialog

    win = window(qtbot, tmp_path)
    over = played_until("clubs", {"players": 7, "deals": 5}, lambda s: s.is_over)
    win.watch(over, at_end=False)
    win.replay.show(win.replay.timeline.deal_starts[2] + 9)
    assert everything_fits(win) == []
    store, _ = Statistics.open(tmp_path / "statistics.sqlite")
    for k, (game, n) in enumerate((("king", 4), ("clubs", 7), ("metamorphosis", 3))):
        seats_ = [SeatEntry(LONG[0], "human", None),
                  *(SeatEntry(LONG[i], "computer", "hard") for i in range(1, n))]
        store.begin(f"g{k}", game, {"players": n}, seats_, 1.7e9 + k)
        store.finish(f"g{k}", [-1234, *range(n - 1)], 1.7e9 + k + 60)
    dialog = StatisticsDialog(store, win, "clubs", 7)
    qtbot.addWidget(dialog)
    dialog.resize(*SMALLEST)
    dialog.show()
    QApplication.processEvents()
    assert clipped(dialog) == []
    store.close()
