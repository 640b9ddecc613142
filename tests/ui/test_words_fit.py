"""Words that fit: every screen, in both languages, at the smallest window the table
is made for (1024×700) and with long names, is measured — a label, a button, a list,
a cell of the score sheet, a seat's plate — against the room it has.  Text may be
shortened only where a tooltip holds the whole of it, and a number is never cut."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
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
from cardtable.ui.dialogs.new_game import SettingsDialog
from cardtable.ui.dialogs.preferences import PreferencesDialog
from cardtable.ui.i18n import install_translators
from cardtable.ui.prefs import TablePrefs
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.table.seat_plate import SeatPlate
from cardtable.ui.window.main_window import MainWindow
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


TOUCH = 1.5
"""Things may touch (a hand sits on its plate): only an overlap deeper than this, both
ways, counts."""


def card_rect(item: CardItem) -> QRectF:
    """The card's face in scene coordinates (turned with it), without its shadow."""
    w, h = item.width, item.height
    return item.mapRectToScene(QRectF(-w / 2, -h / 2, w, h))


def plate_rect(plate: SeatPlate) -> QRectF:
    w, h = plate.width, plate.height
    return plate.mapRectToScene(QRectF(-w / 2, -h / 2, w, h))


def united(rects: list[QRectF]) -> QRectF:
    out = QRectF()
    for rect in rects:
        out = out.united(rect)
    return out


def table_things(win: MainWindow) -> list[tuple[str, QRectF]]:
    """What must not cover anything else on the table, with its scene rectangle: each
    seat's plate and hand (its cards' span), the stock, each won pile with its count,
    each declaration card, and the panel shown over the cloth."""
    scene = win.scene
    things = [(f"plate {p.seat}", plate_rect(p)) for p in scene.plates if p.isVisible()]
    for seat, hand in enumerate(scene.hands):
        cards = [card_rect(i) for i in hand if i.isVisible() and i is not scene.dragged]
        if cards:
            things.append((f"hand {seat}", united(cards)))
    furniture = scene.furniture
    stock = [card_rect(i) for i in (*furniture.stock_items, furniture.turned_item)
             if i is not None and i.isVisible()]
    if furniture.stock_label is not None:
        stock.append(furniture.stock_label.sceneBoundingRect())
    if stock:
        things.append(("stock", united(stock)))
    labels = iter(furniture.pile_labels)
    for seat, pile in enumerate(furniture.pile_items):
        if pile is not None:
            things.append((f"pile {seat}", card_rect(pile).united(
                next(labels).sceneBoundingRect())))
    for seat, slot in enumerate(furniture.slot_items):
        if slot is not None and slot.isVisible():
            things.append((f"declaration {seat}", card_rect(slot)))
    for name, panel in (("panel", win.choice), ("hand-over panel", win.handover)):
        if panel.isVisible():
            corners = win.table.mapToScene(panel.geometry())
            things.append((name, corners.boundingRect()))
    return things


def overlapping(things: list[tuple[str, QRectF]]) -> list[str]:
    """Each pair of ``things`` that covers part of the other."""
    found = []
    for i, (name, rect) in enumerate(things):
        for other, rect2 in things[i + 1:]:
            common = rect.intersected(rect2)
            if common.width() > TOUCH and common.height() > TOUCH:
                found.append(f"{name} and {other} overlap by "
                             f"{common.width():.0f}×{common.height():.0f} px")
    return found


def table_overlaps(win: MainWindow) -> list[str]:
    QApplication.processEvents()
    return overlapping(table_things(win))


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
    win.sheets.show()
    sheet = win.sheets.dialog
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
    from cardtable.ui.dialogs.statistics import StatisticsDialog

    win = window(qtbot, tmp_path)
    over = played_until("clubs", {"players": 7, "deals": 5}, lambda s: s.is_over)
    win.watching.watch(over, at_end=False)
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


def test_the_overlap_check_finds_what_covers_something(qtbot: Any, tmp_path: Path) -> None:
    """The deliberate bad cases: a won pile laid on a plate, a panel over a plate."""
    win = window(qtbot, tmp_path)
    match = played_until("metamorphosis", {"players": 3},
                         lambda s: s.phase == "play" and s.to_move == 0
                         and len(s.view(0).completed_tricks()) >= 3)
    win.controller.start_match(match)
    qtbot.waitUntil(lambda: not win.scene.busy, timeout=5000)
    assert table_overlaps(win) == []
    pile = next(p for p in win.scene.furniture.pile_items if p is not None)
    home = pile.pos()
    pile.setPos(win.scene.plates[1].pos())
    assert any(p.startswith("plate 1 and pile") for p in table_overlaps(win))
    pile.setPos(home)
    win.choice.show()
    win.choice.setGeometry(win.table.mapFromScene(plate_rect(win.scene.plates[2]))
                           .boundingRect())
    assert any(p.startswith("plate 2 and panel") for p in table_overlaps(win))


@pytest.mark.parametrize("scale", [1.0, 1.18], ids=["normal-cards", "large-cards"])
@pytest.mark.parametrize(("players", "when"), [
    (2, lambda s: s.phase == "declare" and s.to_move == 0),
    (3, lambda s: s.phase == "declare" and s.to_move == 0),
    (2, lambda s: s.phase == "play" and len(s.view(0).completed_tricks()) >= 5),
    (3, lambda s: s.phase == "play" and len(s.view(0).completed_tricks()) >= 5),
], ids=["2-declare", "3-declare", "2-play", "3-play"])
def test_nothing_covers_a_plate_or_a_pile(qtbot: Any, tmp_path: Path, language: str,
                                          scale: float, players: int, when: Any) -> None:
    """Метаморфоза at the smallest window: the declaration panel, the declaration
    cards, the stock and the won piles leave every plate and hand in view."""
    win = window(qtbot, tmp_path)
    win.scene.set_card_scale(scale)
    match = played_until("metamorphosis", {"players": players},
                         lambda s: s.is_over or (when(s) and s.to_move == 0))
    win.controller.start_match(match)
    qtbot.waitUntil(lambda: not win.scene.busy, timeout=5000)
    if match.state.phase == "declare":
        qtbot.waitUntil(win.choice.isVisible, timeout=5000)
    assert table_overlaps(win) == []


@pytest.mark.parametrize(("game", "players"), [
    ("king", 4), ("clubs", 3), ("clubs", 7), ("clubs", 8), ("metamorphosis", 2),
    ("metamorphosis", 3)])
def test_watching_again_every_card_in_view(qtbot: Any, tmp_path: Path, game: str,
                                           players: int) -> None:
    """Watching again, the face-up hands stand on their plates, clear of every other
    hand, plate and pile, and each card's corner shows."""
    win = window(qtbot, tmp_path)
    options = {"players": players, **({"deals": 5} if game == "clubs" else {})}
    over = played_until(game, options, lambda s: s.is_over)
    win.watching.watch(over, at_end=False)
    for step in (1, 9):
        win.replay.show(win.replay.timeline.deal_starts[0] + step)
        assert table_overlaps(win) == [], step
        for seat, hand in enumerate(win.scene.hands):
            if seat == win.scene.viewer or len(hand) < 2:
                continue
            xs = sorted({round(i.pos().x(), 1) for i in hand})
            width = hand[0].width
            # in each row the cards step by at least the share that shows a corner
            rows: dict[float, list[float]] = {}
            for item in hand:
                rows.setdefault(round(item.pos().y(), 1), []).append(item.pos().x())
            for row in rows.values():
                row.sort()
                assert all(b - a >= width * 0.4 for a, b in itertools.pairwise(row)), xs


def test_the_end_of_game_table_fits_eight_players(qtbot: Any, tmp_path: Path,
                                                  language: str) -> None:
    """Eight Трефы players at 1024×700: every column in view without scrolling
    sideways, every number whole, a shortened name or deal whole in its tooltip."""
    win = window(qtbot, tmp_path)
    over = played_until("clubs", {"players": 8, "deals": 8}, lambda s: s.is_over)
    win.controller.start_match(over)
    qtbot.waitUntil(win.board.isVisible, timeout=5000)
    QApplication.processEvents()
    table = win.board.findChild(QTableWidget)
    assert table is not None
    assert clipped(table) == []
    assert table.horizontalScrollBar().maximum() == 0
    for col in range(1, 9):
        item = table.horizontalHeaderItem(col)
        assert item is not None and item.toolTip() == win.names[col - 1]
        shown = item.text()
        assert shown == item.toolTip() or (shown.endswith("…")
                                           and item.toolTip().startswith(shown[:-1]))
