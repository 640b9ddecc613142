"""The score sheet: its rows from whole games played by random players, and the
widget and dialog that show them (English source text; no catalogue installed)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTranslator
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from cardtable.ai import make_player
from cardtable.engine.game import places_of
from cardtable.engine.king import schedule
from cardtable.engine.match import DealLog, Match, Seat
from cardtable.tools.simulate import play_out
from cardtable.ui.dialogs.score_sheet import ScoreSheetDialog
from cardtable.ui.games import presenter_class
from cardtable.ui.games.king import contract_name
from cardtable.ui.score_sheet import (
    DEAL,
    SUBTOTAL,
    TOTAL,
    ScoreSheet,
    SheetData,
    SheetRow,
    places_text,
)

NAMES = ("Аня", "Борис", "Вика", "Григорий", "Дина", "Егор")
UI = Path(__file__).resolve().parents[2] / "cardtable" / "ui"
SHEET_SOURCES = [UI / "score_sheet.py", UI / "dialogs" / "score_sheet.py",
                 *sorted((UI / "games").glob("*.py"))]
"""Where the sheet's words are written: the widget, its window and each game's presenter."""


def sheet_rows(game: str, state: Any, names: Sequence[str],
               deals: Sequence[DealLog] | None = None) -> SheetData:
    """The game's sheet as its presenter builds it."""
    return presenter_class(game)(names).score_sheet(state, deals)


class RecordingTranslator(QTranslator):
    """Records every lookup and translates nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, str]] = []

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        self.calls.append((context, source))
        return ""

    def isEmpty(self) -> bool:
        return False


# Every test starts and ends with no catalogue installed: the English source.
pytestmark = pytest.mark.usefixtures("no_translators")


def play(game: str, options: dict[str, Any], seed: int,
         max_deals: int | None = None) -> Match:
    """A game between random players, to its end or ``max_deals`` deals."""
    n = options["players"]
    match = Match.start(game, options, [Seat(NAMES[i]) for i in range(n)], seed=seed)
    return play_out(match, [make_player(game, "random") for _ in range(n)], max_deals)


def rows_of(data: SheetData, kind: str) -> list[SheetRow]:
    return [row for row in data.rows if row.kind == kind]


def sum_rows(rows: list[SheetRow]) -> tuple[int, ...]:
    return tuple(sum(col) for col in zip(*(row.scores for row in rows), strict=True))


# --- the rows ------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    {"players": 4},
    {"players": 3, "length": "short", "stage2": "positive"},
    {"players": 4, "stage2": "hvalenki_reverse_eralash", "boys": "jacks_kings"},
])
def test_king_sheet_of_a_finished_game(options: dict[str, Any]) -> None:
    match = play("king", options, seed=21)
    state = match.state
    assert state.is_over
    names = NAMES[:state.n]
    data = sheet_rows("king", state, names, match.deals)
    deals = rows_of(data, DEAL)
    assert data.columns == names
    assert len(deals) == len(schedule(state.options)) == len(state.deal_scores)
    assert [row.scores for row in deals] == [tuple(s) for s in state.deal_scores]
    # Subtotals follow their stage and add up its deals.
    stage_rows: list[SheetRow] = []
    subtotals = []
    for row in data.rows:
        if row.kind == DEAL:
            stage_rows.append(row)
        elif row.kind == SUBTOTAL:
            assert row.scores == sum_rows(stage_rows)
            subtotals.append(row)
            stage_rows = []
    assert [row.label for row in subtotals] == ["Penalty stage", "Positive stage"]
    assert data.rows[-1].kind == TOTAL and data.rows[-1].label == "Total"
    assert data.rows[-1].scores == tuple(state.totals) == sum_rows(subtotals)
    assert sum(data.rows[-1].scores) == 0
    assert data.zero_sum
    assert data.current is None
    assert data.places == tuple(places_of(state.totals))
    assert data.title == "King" and data.label_header == "Deal"


def test_king_sheet_lists_the_whole_game_from_the_start() -> None:
    match = Match.start("king", {"players": 4}, [Seat(n) for n in NAMES[:4]], seed=3,
                        first_dealer=2)
    data = sheet_rows("king", match.state, NAMES[:4], match.deals)
    deals = rows_of(data, DEAL)
    assert len(deals) == 15
    assert all(row.scores is None for row in deals)
    assert [row.scores for row in rows_of(data, SUBTOTAL)] == [None, None]
    assert data.rows[-1].scores == (0, 0, 0, 0)
    assert data.current == 0
    assert data.places is None
    assert deals[0].label == "1. No tricks"
    assert deals[6].label == "7. Eralash (all at once)"
    # The orderer of a хвалёнка is the forehand: known for every deal in advance.
    for i, row in enumerate(deals[7:], start=7):
        forehand = (2 + i + 1) % 4
        assert row.label == f"{i + 1}. Khvalyonka: {NAMES[forehand]}"


def test_king_sheet_in_the_middle_of_a_game() -> None:
    match = play("king", {"players": 4}, seed=5, max_deals=9)
    match.deal()
    state = match.state
    players = [make_player("king", "random") for _ in range(4)]
    while state.phase != "play":
        match.apply(players[state.to_move].choose(state.view(state.to_move),
                                                  state.legal_actions(), match.rng))
    data = sheet_rows("king", state, NAMES[:4], match.deals)
    deals = rows_of(data, DEAL)
    assert [row.scores is not None for row in deals] == [True] * 9 + [False] * 6
    current = data.rows[data.current]
    assert current is deals[9]
    # The contract being played is on the current row; the earlier хвалёнки show
    # theirs from the log.
    assert current.label.endswith(contract_name(state.contract))
    assert all(" — " in row.label for row in deals[7:9])
    penalty, positive = rows_of(data, SUBTOTAL)
    assert penalty.scores == sum_rows(deals[:7])
    assert positive.scores == sum_rows(deals[7:9])
    assert data.rows[-1].scores == tuple(state.totals)


def test_clubs_sheet() -> None:
    match = play("clubs", {"players": 5}, seed=8, max_deals=4)
    state = match.state
    data = sheet_rows("clubs", state, NAMES[:5], match.deals)
    deals = rows_of(data, DEAL)
    assert [row.scores for row in deals] == [tuple(s) for s in state.deal_scores]
    assert data.rows[-1].kind == TOTAL
    assert data.rows[-1].label == "Total (to 100)"
    assert data.rows[-1].scores == tuple(state.totals)
    assert not data.zero_sum
    for i, row in enumerate(deals):
        # Only the declarer scores in an auction; the log gives his contract.
        declarer = next(seat for seat, pts in enumerate(row.scores) if pts)
        assert row.label.startswith(f"Deal {i + 1} — {NAMES[declarer]}, contract ")
    without_log = sheet_rows("clubs", state, NAMES[:5])
    assert rows_of(without_log, DEAL)[0].label.startswith("Deal 1 — ")


def test_clubs_sheet_shows_the_deal_in_progress() -> None:
    match = play("clubs", {"players": 4, "bidding": "everyone"}, seed=9, max_deals=2)
    match.deal()
    data = sheet_rows("clubs", match.state, NAMES[:4], match.deals)
    assert data.current == 2
    assert data.rows[2] == SheetRow("Deal 3", None, DEAL)
    assert [row.label for row in data.rows[:2]] == ["Deal 1", "Deal 2"]


def test_metamorphosis_sheet() -> None:
    match = play("metamorphosis", {"players": 3, "partii": 3}, seed=10)
    state = match.state
    assert state.is_over
    data = sheet_rows("metamorphosis", state, NAMES[:3])
    assert [row.label for row in data.rows] == ["Game 1", "Game 2", "Game 3", "Total"]
    assert [row.scores for row in rows_of(data, DEAL)] == [tuple(s) for s in state.deal_scores]
    assert data.rows[-1].scores == tuple(state.totals) == sum_rows(rows_of(data, DEAL))
    assert data.places == tuple(places_of(state.totals))
    assert data.title == "Metamorphosis" and data.label_header == "Game"
    fresh = Match.start("metamorphosis", {"players": 2, "partii": 2}, [Seat("a"), Seat("b")],
                        seed=1)
    start = sheet_rows("metamorphosis", fresh.state, ("a", "b"))
    assert [row.scores for row in start.rows] == [None, None, (0, 0)]
    assert start.current == 0


def test_sheet_refuses_wrong_input() -> None:
    state = Match.start("king", {"players": 4}, [Seat(n) for n in NAMES[:4]], seed=1).state
    with pytest.raises(ValueError):
        sheet_rows("king", state, NAMES[:3])
    with pytest.raises(ValueError):
        sheet_rows("poker", state, NAMES[:4])


def test_places_line_shares_places() -> None:
    data = SheetData(columns=("A", "B", "C", "D"), rows=(), places=(1, 2, 2, 4))
    assert places_text(data) == "Places: 1 — A · 2 — B, C · 4 — D"
    assert places_text(SheetData(columns=("A",), rows=())) == ""


def test_every_sheet_string_can_be_extracted(qapp: QApplication, tmp_path: Path) -> None:
    """Each label is a literal in a translate call, so the catalogue gets it."""
    lupdate = shutil.which("pyside6-lupdate", path=str(Path(sys.executable).parent))
    lupdate = lupdate or shutil.which("pyside6-lupdate")
    assert lupdate, "pyside6-lupdate not found; it comes with PySide6"
    recorder = RecordingTranslator()
    qapp.installTranslator(recorder)
    try:
        king = play("king", {"players": 4}, seed=2)
        sheet_rows("king", king.state, NAMES[:4], king.deals)
        for game, options in (("clubs", {"players": 4}),
                              ("clubs", {"players": 4, "bidding": "everyone"})):
            match = play(game, options, seed=3, max_deals=2)
            sheet_rows(game, match.state, NAMES[:4], match.deals)
            sheet_rows(game, match.state, NAMES[:4])
        meta = play("metamorphosis", {"players": 2}, seed=4)
        data = sheet_rows("metamorphosis", meta.state, NAMES[:2])
        places_text(data)
        dialog = ScoreSheetDialog(data, None)
        dialog.deleteLater()
    finally:
        qapp.removeTranslator(recorder)
    out = tmp_path / "sheet.ts"
    subprocess.run([lupdate, "-silent", "-locations", "none",
                    *map(str, SHEET_SOURCES), "-ts", str(out)], check=True)
    extracted = {(context.findtext("name"), message.findtext("source"))
                 for context in ET.parse(out).getroot().iter("context")
                 for message in context.iter("message")}
    used = {call for call in recorder.calls if call[0] == "ScoreSheet"}
    assert used
    assert used <= extracted, sorted(used - extracted)


# --- the widget and the dialog -----------------------------------------------------------


@pytest.fixture(scope="module")
def finished_king() -> SheetData:
    match = play("king", {"players": 4}, seed=7)
    return sheet_rows("king", match.state, NAMES[:4], match.deals)


def test_sheet_widget_shows_every_row_read_only(qtbot, finished_king: SheetData) -> None:
    sheet = ScoreSheet()
    qtbot.addWidget(sheet)
    sheet.set_data(finished_king, None)
    table = sheet.table
    assert table.rowCount() == len(finished_king.rows)
    assert table.columnCount() == 1 + 4 + 1
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headers == ["Deal", *NAMES[:4], "Σ"]
    for r, row in enumerate(finished_king.rows):
        assert table.item(r, 0).text() == row.label
        for c in range(table.columnCount()):
            flags = table.item(r, c).flags()
            assert not flags & Qt.ItemFlag.ItemIsEditable
            assert not flags & Qt.ItemFlag.ItemIsSelectable
        strong = row.kind != DEAL
        assert table.item(r, 1).font().bold() == strong
    total = len(finished_king.rows) - 1
    assert [table.item(total, c).text().replace("−", "-") for c in range(1, 5)] == [
        str(v) for v in finished_king.rows[-1].scores]
    assert table.item(total, 5).text() == "0 ✓"
    assert table.alternatingRowColors()
    assert sheet.places_label.isVisibleTo(sheet)
    assert sheet.places_label.text().startswith("Places: 1 — ")


def test_negative_numbers_and_the_current_row_stand_out(qtbot) -> None:
    data = SheetData(columns=("A", "B"), title="T", rows=(
        SheetRow("1", (-4, 4)), SheetRow("2", (0, 0)), SheetRow("3", None),
        SheetRow("Total", (-4, 4), TOTAL)), zero_sum=True, current=2)
    sheet = ScoreSheet()
    qtbot.addWidget(sheet)
    sheet.set_data(data, data.current)
    table = sheet.table
    negative = table.item(0, 1)
    positive = table.item(0, 2)
    assert negative.text() == "−4" and positive.text() == "4"
    assert negative.foreground().color() != positive.foreground().color()
    assert negative.foreground().color() != table.palette().text().color()
    tinted = table.item(2, 0).background().color()
    assert tinted.isValid() and tinted != QColor(table.item(1, 0).background().color())
    assert table.item(2, 1).text() == ""
    assert not sheet.places_label.isVisibleTo(sheet)
    # Player columns are equally wide and wide enough for their names.
    assert table.columnWidth(1) == table.columnWidth(2)


def test_sheet_is_sized_to_show_the_game(qtbot, finished_king: SheetData) -> None:
    dialog = ScoreSheetDialog(finished_king, None)
    qtbot.addWidget(dialog)
    hint = dialog.sheet.sizeHint()
    table = dialog.sheet.table
    columns = sum(table.horizontalHeader().sectionSizeHint(c)
                  for c in range(table.columnCount()))
    assert hint.width() >= columns
    assert hint.height() >= len(finished_king.rows) * table.verticalHeader().defaultSectionSize()
    assert not dialog.grab().isNull()


def test_dialog_opens_and_closes_with_escape(qtbot, finished_king: SheetData) -> None:
    dialog = ScoreSheetDialog(finished_king, None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.windowTitle() == "Score sheet — King"
    assert dialog.heading.text() == "King"
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Close) is not None
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_dialog_closes_with_its_button(qtbot, finished_king: SheetData) -> None:
    dialog = ScoreSheetDialog(finished_king, 3)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Close),
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_dialog_refreshes_in_place(qtbot, finished_king: SheetData) -> None:
    dialog = ScoreSheetDialog(finished_king, None)
    qtbot.addWidget(dialog)
    size = dialog.size()
    smaller = SheetData(finished_king.columns, finished_king.rows[:3], "King", "Deal",
                        zero_sum=True, current=1)
    dialog.set_data(smaller, smaller.current)
    assert dialog.sheet.table.rowCount() == 3
    assert dialog.size() == size
