"""Driving the main window as a person does — a click on a card, a click on a panel
button, "Next deal" on the board, "I am Аня" on the hand-over panel — for the
whole-game and pass-and-play tests.

The person's decisions are the easy computer player's, made from the view the table
was given, with the person's own seeded generator: the games then end in a sensible
number of deals, and a seed replays the same game (the computers draw their seeds
from the match's generator).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QSettings, Qt, QTranslator
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from cardtable.ai import make_player
from cardtable.engine.actions import Action, Pass, Play
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.king_actions import Buy, Order
from cardtable.engine.match import Seat
from cardtable.engine.metamorphosis_actions import Declare
from cardtable.ui import texts
from cardtable.ui.games.king import KingPresenter
from cardtable.ui.score_sheet import TOTAL, ScoreSheet
from cardtable.ui.settings import GameSettings
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.window.main_window import MainWindow

NAMES = ("Аня", "Борис", "Вика", "Гена", "Даша", "Егор", "Жанна", "Зоя")
"""Human seats are called by these names, computers «Бот k»."""

WINDOW_SIZE = (1280, 800)


def remove_translators(app: QCoreApplication) -> None:
    """Back to the source language (English), with no catalogue installed."""
    for translator in app.findChildren(QTranslator):
        app.removeTranslator(translator)
        translator.setParent(None)


def show_window(qtbot: Any, tmp_path: Path, *, pace: str = "instant",
                size: tuple[int, int] = (1200, 800), autosave: bool = True) -> MainWindow:
    """A main window on the screen, its own settings (and autosave file) in
    ``tmp_path``, no game started yet."""
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, autosave=tmp_path / "autosave.json" if autosave else None,
                     start=False)
    win.set_pace(pace)
    win.resize(*size)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def open_window(qtbot: Any, tmp_path: Path) -> MainWindow:
    """A main window at 1280×800 with its own settings, no autosave (the record is
    not under test here), pace instant, in the source language (English: the tests
    compare texts)."""
    remove_translators(QApplication.instance())
    return show_window(qtbot, tmp_path, size=WINDOW_SIZE, autosave=False)


def seats_for(n: int, humans: Sequence[int]) -> list[Seat]:
    return [Seat(NAMES[s], "human", None) if s in humans
            else Seat(f"Бот {s}", "computer", "easy") for s in range(n)]


def game_settings(game: str, humans: Sequence[int], **options: Any) -> GameSettings:
    """``options`` must include ``players``."""
    return GameSettings(game, dict(options), seats_for(options["players"], humans))


class Person:
    """Whoever sits at a human seat: decides as the easy player would."""

    def __init__(self, game: str, seed: int) -> None:
        self.player = make_player(game, "easy")
        self.rng = random.Random(seed)

    def decide(self, view: Any) -> Action:
        return self.player.choose(view, view.legal, self.rng)


class Watch:
    """Notes whatever differs from what the test expects while the game runs, for the
    test to assert on at the end: every problem at once (the first ``limit``), not
    only the first one met."""

    limit = 20

    def __init__(self, win: MainWindow) -> None:
        self.win = win
        self.problems: list[str] = []

    def note(self, text: str) -> None:
        if len(self.problems) < self.limit:
            self.problems.append(text)


# --- waiting -------------------------------------------------------------------------------

BOARD, HANDOVER, TURN = "board", "handover", "turn"


def wait_for_table(win: MainWindow, qtbot: Any, timeout: float = 30.0) -> str:
    """Wait until the table asks something of a person: the board between deals (or
    at the end), the hand-over panel, or a human's turn with everything shown."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if win.board.isVisible():
            return BOARD
        if win.handover.isVisible() and not win.scene.busy:
            return HANDOVER
        if win.scene.turn_view is not None and not win.scene.busy:
            return TURN
        qtbot.wait(2)
    raise AssertionError("the table never asked a person for anything")


def game_over(win: MainWindow) -> bool:
    state = win.controller.state
    return win.board.isVisible() and state is not None and state.is_over


# --- clicking ------------------------------------------------------------------------------


def click(widget: Any) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton)


def card_point(win: MainWindow, item: CardItem) -> QPoint:
    """Where a card shows on the screen (its visible left strip, for a fanned hand)."""
    scene_pos = item.pos() + QPointF(-item.width * 0.38, 0)
    return win.table.mapFromScene(scene_pos)


def click_card(win: MainWindow, item: CardItem) -> None:
    QTest.mouseClick(win.table.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, card_point(win, item))


def action_label(win: MainWindow, action: Action) -> str:
    """The text of the panel button that stands for ``action``."""
    kind = type(action)
    if kind is Bid:
        return str(action.tricks)  # type: ignore[union-attr]
    if kind is Pass:
        return win.presenter.tr("Pass")
    if kind is Declare:
        return texts.declaration_name(action.value)  # type: ignore[union-attr]
    if kind is Order:
        return KingPresenter.contract_label(action.contract)  # type: ignore[union-attr]
    if kind is Buy:
        return texts.fill(KingPresenter.tr("Buy for %1"), action.price)  # type: ignore[union-attr]
    raise AssertionError(f"no button for {action!r}")


def button_for(win: MainWindow, action: Action) -> QPushButton:
    label = action_label(win, action)
    found = [b for b in win.choice.buttons if b.text() == label]
    assert len(found) == 1, f"one button {label!r} on the panel, found {len(found)}"
    return found[0]


class Answers:
    """Stands in for the person at the window's questions: records each box, answers
    with the next of ``replies`` (``otherwise`` when none is left)."""

    def __init__(self, win: MainWindow, *replies: Any,
                 otherwise: Any = QMessageBox.StandardButton.Ok) -> None:
        self.boxes: list[QMessageBox] = []
        self.replies = list(replies)
        self.otherwise = otherwise
        win._ask = self.ask  # type: ignore[method-assign]

    def ask(self, box: QMessageBox) -> Any:
        self.boxes.append(box)
        return self.replies.pop(0) if self.replies else self.otherwise

    @property
    def names(self) -> list[str]:
        return [box.objectName() for box in self.boxes]


def play_moves(win: MainWindow, qtbot: Any, person: Person, moves: int) -> None:
    """``person`` makes ``moves`` moves of theirs by clicks (a deal's result board is
    passed by its first button), and the table settles after the last."""
    made = 0
    while made < moves:
        wait_for_table(win, qtbot)
        if win.board.isVisible():
            win.board.buttons[0].click()
            continue
        perform(win, person.decide(win.scene.turn_view))
        made += 1
    wait_for_table(win, qtbot)


def perform(win: MainWindow, action: Action) -> None:
    """The human whose turn the table shows does ``action`` with a click, and the
    engine records exactly that action for that seat."""
    scene = win.scene
    seat = scene.turn_seat
    match = win.controller.match
    log = match.deals[-1]
    before = len(log.actions)
    if type(action) is Play:
        assert not win.choice.isVisible(), "a panel over the table while cards are to be played"
        hand = scene.hands[scene.viewer]
        item = next(i for i in hand if i.card == action.card)  # type: ignore[union-attr]
        assert item.legal and item.face_up
        click_card(win, item)
    else:
        assert win.choice.isVisible(), "no panel for a choice"
        button = button_for(win, action)
        assert button.isEnabled(), f"the button for a legal {action!r} is disabled"
        click(button)
    assert len(log.actions) > before, f"the click on {action!r} did nothing"
    assert log.actions[before] == (seat, action)


def press_next_deal(win: MainWindow, qtbot: Any) -> None:
    button = win.board.buttons[0]
    assert button.text() == win.tr("Next deal")
    click(button)
    qtbot.waitUntil(lambda: not win.board.isVisible(), timeout=3000)


def press_take_over(win: MainWindow) -> int:
    """Click "I am … — show my cards"; returns the seat that now holds the screen."""
    assert len(win.handover.buttons) == 1
    seat = win.controller.state.to_move
    assert win.handover.buttons[0].text() == texts.fill(
        win.tr("I am %1 — show my cards"), win.names[seat])
    click(win.handover.buttons[0])
    QApplication.processEvents()
    return seat


# --- a whole game ------------------------------------------------------------------------


def play(win: MainWindow, qtbot: Any, people: Person, *,
         on_turn: Callable[[Any], None] | None = None,
         on_handover: Callable[[int], None] | None = None,
         after_take_over: Callable[[int, int], None] | None = None,
         on_board: Callable[[], None] | None = None,
         until: Callable[[], bool] | None = None, max_steps: int = 5000) -> None:
    """Play on through the window until the game is over (the final board shows) or
    ``until()`` holds when the table next asks a person.  The hooks see: each decision's
    view before the click; each hand-over before the click (the seat to take over);
    each hand-over after it (the previous holder of the screen or -1, the new one);
    each board (between deals and the final one) before anything is pressed."""
    holder = -1
    for _ in range(max_steps):
        what = wait_for_table(win, qtbot)
        if what == BOARD and on_board is not None:
            on_board()
        if game_over(win) or (until is not None and until()):
            return
        if what == BOARD:
            press_next_deal(win, qtbot)
        elif what == HANDOVER:
            if on_handover is not None:
                on_handover(win.controller.state.to_move)
            previous, holder = holder, press_take_over(win)
            if after_take_over is not None:
                after_take_over(previous, holder)
        else:
            view = win.scene.turn_view
            holder = win.scene.turn_seat
            if on_turn is not None:
                on_turn(view)
            perform(win, people.decide(view))
    raise AssertionError(f"the game did not end in {max_steps} decisions")


def sheet_totals(win: MainWindow) -> list[str]:
    """The total row of the score sheet on the board, as shown."""
    sheet = win.board.findChild(ScoreSheet)
    assert sheet is not None and sheet.data is not None
    table = sheet.table
    row = next(r for r, line in enumerate(sheet.data.rows) if line.kind == TOTAL)
    return [table.item(row, col + 1).text() for col in range(len(sheet.data.columns))]
