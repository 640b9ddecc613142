"""The main window: the table, the rule line above it, the panels on the cloth, the
menus — assembled around one :class:`GameController`.

The window holds no game logic.  It turns the controller's signals into what the
table shows (in the interface language) and the player's clicks into actions.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QFontMetrics, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from cardtable import saves
from cardtable.engine.actions import Action, Play
from cardtable.engine.game import IllegalAction, View, places_of
from cardtable.engine.match import Seat
from cardtable.ui import texts
from cardtable.ui.card_art import CardArt
from cardtable.ui.controller import GameController, Waiting
from cardtable.ui.games import GAME_ORDER, presenter_class
from cardtable.ui.games.base import GamePresenter
from cardtable.ui.i18n import current_language
from cardtable.ui.identity import APP_NAME, app_icon, app_version
from cardtable.ui.pace import PACES, pace_of
from cardtable.ui.panels import BoardPanel, Choice, ChoicePanel
from cardtable.ui.score_sheet import DEAL as DEAL_ROW
from cardtable.ui.score_sheet import ScoreSheet, ScoreSheetDialog
from cardtable.ui.settings import (
    GameSettings,
    load_pace,
    load_settings,
    save_pace,
    save_settings,
)
from cardtable.ui.settings_dialog import SettingsDialog
from cardtable.ui.table.scene import TableScene
from cardtable.ui.table.view import TableView

ENABLED_GAMES = GAME_ORDER
"""Games the table can play now."""

_INFO_STYLE = """
QFrame#infobar { background: #0f2f1d; border-bottom: 1px solid #0a2214; }
QFrame#infobar QLabel { color: #f5f0e1; }
QFrame#infobar QLabel#status { color: #ffd65c; }
"""


def autosave_location() -> Path:
    """Where the game in progress is kept between runs."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or ".") / "current-game.json"


class MainWindow(QMainWindow):
    def __init__(self, qsettings: QSettings | None = None, autosave: Path | None = None,
                 start: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)

        self.setWindowTitle(APP_NAME)
        self.setWindowIcon(app_icon())
        self.setMinimumSize(800, 560)
        self.resize(1200, 800)
        self.qs = qsettings if qsettings is not None else QSettings()
        self.settings: GameSettings = load_settings(self.qs)
        self.art = CardArt(russian=current_language() == "ru",
                           four_colour=self.qs.value("cards/four_colour", "false") == "true")
        self.controller = GameController(self)
        self.controller.autosave_path = autosave
        self.scene = TableScene(self.art, self)
        self.table = TableView(self.scene, self)
        self.names: list[str] = []
        self.game = ""
        self.presenter: GamePresenter[Any] = presenter_class(GAME_ORDER[0])([])
        """The game on the table, in words (replaced when a game starts)."""
        self._last_view: View | None = None
        self._sheet_dialog: ScoreSheetDialog | None = None
        self._save_notice: QMessageBox | None = None
        self._rules_dialog: Any = None
        self._build_central()
        self.choice = ChoicePanel(self.table.viewport())
        self.board = BoardPanel(self.table.viewport())
        self.handover = ChoicePanel(self.table.viewport())
        self.handover.setProperty("opaque", "true")
        """Pass-and-play: «pass the computer to Аня» over a table with every hand hidden."""
        self._build_menus()
        self._connect()
        self.set_pace(load_pace(self.qs))
        if start:
            QTimer.singleShot(0, self.start_first_game)

    # --- building ----------------------------------------------------------------------------

    def _build_central(self) -> None:
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        bar = QFrame(central)
        bar.setObjectName("infobar")
        bar.setStyleSheet(_INFO_STYLE)
        row = QHBoxLayout(bar)
        row.setContentsMargins(14, 6, 14, 6)
        self.rule_label = QLabel(bar)
        self.rule_label.setObjectName("rule")
        self.rule_label.setTextFormat(Qt.TextFormat.RichText)
        self.rule_label.setWordWrap(True)
        self.status_label = QLabel(bar)
        self.status_label.setObjectName("status")
        self.status_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(self.rule_label, 3)
        row.addWidget(self.status_label, 2)
        self.info_bar = bar
        self.status_label.setWordWrap(True)
        self._fit_info_bar(1200)
        layout.addWidget(bar)
        layout.addWidget(self.table, 1)
        self.setCentralWidget(central)

    def _action(self, text: str, slot: Any, shortcut: Any = None) -> QAction:
        action = QAction(text, self)
        if isinstance(shortcut, QKeySequence.StandardKey):
            action.setShortcuts(QKeySequence.keyBindings(shortcut))
        elif shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        self.new_action = self._action(self.tr("&New game…"), self.new_game_dialog,
                                       QKeySequence.StandardKey.New)
        self.again_action = self._action(self.tr("Play &again with the same settings"),
                                         self.play_again, "Ctrl+Shift+N")
        self.restart_action = self._action(self.tr("&Restart deal"), self.restart_deal, "Ctrl+R")
        self.sheet_action = self._action(self.tr("&Score sheet"), self.show_score_sheet, "Ctrl+T")
        self.last_trick_action = self._action(self.tr("&Last trick"), self.show_last_trick,
                                              "Ctrl+L")
        self.settings_action = self._action(self.tr("Se&ttings…"), self.preferences_dialog,
                                            QKeySequence.StandardKey.Preferences)
        if not self.settings_action.shortcuts():
            self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.quit_action = self._action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        if not self.quit_action.shortcuts():
            self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.hint_action = self._action(self.tr("&Hint"), self.ask_hint, QKeySequence("H"))
        self.hint_action.setEnabled(False)
        self.hint_action.setToolTip(self.tr("What the strongest computer player would do now"))
        self.help_action = self._action(self.tr("&Rules and how to play"), self.show_help,
                                        QKeySequence.StandardKey.HelpContents)
        if not self.help_action.shortcuts():
            self.help_action.setShortcut(QKeySequence("F1"))
        self.about_action = self._action(self.tr("&About CardTable"), self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

        game_menu = self.menuBar().addMenu(self.tr("&Game"))
        for action in (self.new_action, self.again_action, self.restart_action):
            game_menu.addAction(action)
        game_menu.addSeparator()
        game_menu.addAction(self.sheet_action)
        game_menu.addAction(self.last_trick_action)
        game_menu.addAction(self.hint_action)
        game_menu.addSeparator()
        game_menu.addAction(self.settings_action)
        game_menu.addSeparator()
        game_menu.addAction(self.quit_action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.addAction(self.help_action)
        help_menu.addAction(self.about_action)

    def _connect(self) -> None:
        c = self.controller
        c.gameStarted.connect(self._on_game_started)
        c.stepped.connect(self.scene.show_step)
        c.humanToMove.connect(self.scene.show_turn)
        c.computerThinking.connect(self.scene.show_thinking)
        c.dealFinished.connect(lambda view: self.scene.after_shown(
            lambda: self._show_deal_board(view)))
        c.gameFinished.connect(lambda view: self.scene.after_shown(
            lambda: self._show_game_over(view)))
        c.handOver.connect(lambda seat: self.scene.after_shown(
            lambda: self._show_hand_over(seat)))
        c.viewerChanged.connect(self._on_viewer_changed)
        c.hintReady.connect(self._show_hint)
        c.stepped.connect(lambda *_: self.hint_action.setEnabled(False))
        self.handover.chosen.connect(self._taken_over)
        c.refused.connect(self._on_refused)
        c.failed.connect(lambda message: self.status_label.setText(message))
        self.scene.playRequested.connect(self._submit)
        self.scene.turnShown.connect(self._on_turn_shown)
        self.scene.synced.connect(self._on_synced)
        self.choice.chosen.connect(self._on_choice)

    # --- starting games ----------------------------------------------------------------------

    def start_first_game(self) -> None:
        """Resume the game left unfinished last time, else start one at once with the
        remembered settings (a newcomer sees a table, not a form).  A save that cannot
        be resumed is kept aside, never lost, and the player is told where."""
        path = self.controller.autosave_path
        if path is not None:
            found = saves.resume(path)
            if found.match is not None:
                self.controller.start_match(found.match)
                return
            if found.problem is not None:
                self._tell_save_kept(found)
        self.start_game(self.settings)

    def _tell_save_kept(self, found: saves.Resumed) -> None:
        """Say once, without stopping the program, why the saved game was not resumed
        and where its file is now."""
        where = str(found.moved_to) if found.moved_to is not None \
            else str(self.controller.autosave_path)
        if found.problem == "newer":
            text = texts.fill(self.tr(
                "The game saved when CardTable last closed was written by a newer version "
                "of CardTable, which this version cannot read. The file was kept "
                "unchanged:\n%1"), where)
        else:
            reasons = {
                "unreadable": self.tr("the file could not be read"),
                "rules": self.tr("a move in it breaks the rules, so the file is damaged"),
            }
            reason = reasons.get(found.problem or "",
                                 self.tr("the file is damaged or is not a CardTable game"))
            text = texts.fill(self.tr(
                "The game saved when CardTable last closed could not be resumed: %1.\n\n"
                "The file was kept, not deleted:\n%2"), reason, where)
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Saved game not resumed"), text,
                          QMessageBox.StandardButton.Ok, self)
        box.setDetailedText(found.detail)
        box.setObjectName("saveKept")
        box.open()
        self._save_notice = box

    def start_game(self, settings: GameSettings, seed: int | None = None) -> None:
        self.settings = settings
        self.board.hide()
        self.choice.hide()
        self.handover.hide()
        self.controller.new_game(settings.game, settings.options, settings.seats, seed=seed)

    def new_game_dialog(self) -> None:
        dialog = SettingsDialog(self.settings, ENABLED_GAMES, self, pace=load_pace(self.qs))
        if dialog.exec() == QDialog.DialogCode.Accepted:
            settings = dialog.result_settings()
            save_settings(self.qs, settings)
            save_pace(self.qs, dialog.result_pace())
            self.set_pace(dialog.result_pace())
            self.start_game(settings)

    def play_again(self) -> None:
        self.start_game(self.settings)

    def restart_deal(self) -> None:
        if self.controller.restart_deal():
            self.board.hide()
            self.choice.hide()
        else:
            self.status_label.setText(self.tr("There is no deal in progress to restart."))

    def set_pace(self, key: str) -> None:
        pace = pace_of(key)
        self.controller.set_pace(pace.key)
        self.scene.set_pace(pace)

    # --- the controller's news ---------------------------------------------------------------

    def _on_game_started(self, payload: tuple[list[Seat], int, str]) -> None:
        seats, viewer, game = payload
        self.names = [s.name for s in seats]
        self.game = game
        self.presenter = presenter_class(game)(self.names)
        self.board.hide()
        self.choice.hide()
        self.handover.hide()
        self.scene.start_game(self.presenter, viewer)
        self.scene.concealed = self.controller.concealed
        for plate in self.scene.plates:
            plate.dealer_mark = self.tr("D")
            plate.dealer_tip = self.tr("The dealer of this deal")
        self.rule_label.setText("")
        self.status_label.setText("")

    def _show_hand_over(self, seat: int) -> None:
        """Hide every hand and wait for ``seat``'s player to sit at the screen."""
        if self.controller.waiting != Waiting.HANDOVER:
            return
        self.choice.hide()
        self.scene.conceal(self.controller.table_view())
        name = self.names[seat]
        self.handover.show_choices(
            texts.fill(self.tr("Pass the computer to %1"), name),
            texts.fill(self.tr("Everyone else, please look away. %1, click when you are "
                               "ready: your cards will be shown."), name),
            [Choice(texts.fill(self.tr("I am %1 — show my cards"), name), seat, accent=True)],
            1, self._panel_font_px())
        for button in self.handover.buttons:  # a click, never a stray Space or Enter
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clearFocus()
        self.table.setFocus()
        self.status_label.setText(texts.fill(self.tr("%1's turn — pass the computer"), name))
        self._place_panels()

    def _taken_over(self, seat: object) -> None:
        self.handover.hide()
        self.controller.take_over()

    def _on_viewer_changed(self, seat: int, view: View) -> None:
        self.scene.set_viewer(seat, view)

    def _on_synced(self, view: View) -> None:
        self._last_view = view
        self.rule_label.setText(self.presenter.rule_html(view))
        if self.scene.turn_view is None:
            seat = view.to_move
            players = self.controller.players
            computer = seat is not None and seat < len(players) and players[seat] is not None
            if seat is not None and computer and view.phase not in ("over", "deal"):
                self.status_label.setText(texts.fill(self.tr("%1 is thinking…"),
                                                     self.names[seat]))
            elif not self.handover.isVisible():
                self.status_label.setText("")  # a person's turn is said when it is shown

    def ask_hint(self) -> None:
        if self.scene.turn_view is None or not self.controller.request_hint():
            return
        self.hint_action.setEnabled(False)
        self.status_label.setText(self.tr("Thinking about a hint…"))

    def _show_hint(self, seat: int, action: Action) -> None:
        view = self.scene.turn_view
        if view is None or seat != self.scene.turn_seat:
            return
        text = texts.fill(self.tr("Hint: %1"), self.presenter.hint_text(view, action))
        if type(action) is Play:
            self.scene.suggest(action.card)
        else:
            self.choice.suggest(action)
        self.scene.say(seat, text)
        self.status_label.setText(text)
        self.hint_action.setEnabled(True)

    def _on_turn_shown(self, seat: int, view: View) -> None:
        self._last_view = view
        self.hint_action.setEnabled(True)
        name = self.names[seat]
        plays = [a for a in view.legal if type(a).__name__ == "Play"]
        self.choice.hide()
        several = sum(1 for s in self.controller.players if s is None) > 1
        if plays:
            self.status_label.setText(
                texts.fill(self.tr("%1, your turn: play a card"), name) if several
                else self.tr("Your turn: play a card"))
            self.status_label.setToolTip(self.tr(
                "Click a card, drag it to the middle, or pick it with ← → and press Enter"))
            self.table.setFocus()
            return
        title, subtitle, choices, columns = self.presenter.panel(view)
        self.status_label.setText(texts.fill(self.tr("%1, your turn"), name) if several
                                  else self.tr("Your turn"))
        font_px = max(13, min(30, int(self.scene.geom.card_w * 0.13)))
        self.choice.show_choices(title, subtitle, choices, columns, font_px)
        self._place_panels()

    def _on_choice(self, action: Action) -> None:
        self.choice.hide()
        self.scene.end_turn_marks()
        if not self.controller.submit(action) and self._last_view is not None \
                and self.controller.waiting == Waiting.HUMAN:
            self._on_turn_shown(self.controller.state.to_move, self.controller.view_of_mover())

    def _submit(self, action: Action) -> None:
        self.controller.submit(action)

    def _on_refused(self, seat: int, exc: IllegalAction) -> None:
        self.scene.show_refusal(texts.illegal_reason(exc))

    def _sheet_data(self) -> Any:
        match = self.controller.match
        assert match is not None
        return self.presenter.score_sheet(match.state, match.deals)

    def _sheet_widget(self) -> ScoreSheet:
        """The sheet for the board between deals: the deal just played is marked."""
        sheet = ScoreSheet()
        data = self._sheet_data()
        scored = [i for i, row in enumerate(data.rows)
                  if row.kind == DEAL_ROW and row.scores is not None]
        sheet.set_data(data, scored[-1] if scored else None)
        return sheet

    def _show_deal_board(self, view: View) -> None:
        self.choice.hide()
        if self.controller.concealed:  # the score is for everyone; the last hand is not
            self.scene.conceal(view)
        self.scene.hide_bubbles()
        scores = view.deal_scores[-1]
        parts = [f"{name} {texts.signed(s, plus=True)}" for name, s in zip(self.names, scores,
                                                                            strict=True)]
        title = self.presenter.deal_over_title(view)
        self.board.set_content(title, " · ".join(parts), self._sheet_widget(),
                               [(self.tr("Next deal"), self._next_deal)],
                               self._panel_font_px())
        self.status_label.setText(self.tr("Press Enter or click “Next deal” to go on."))
        self._place_panels()

    def _next_deal(self) -> None:
        self.board.hide()
        self.controller.next_deal()

    def _show_game_over(self, view: View) -> None:
        self.choice.hide()
        if self.controller.concealed:  # the score is for everyone; the last hand is not
            self.scene.conceal(view)
        self.scene.hide_bubbles()
        totals = list(view.totals)
        places = places_of(totals)
        order = sorted(range(len(totals)), key=lambda s: (places[s], s))
        winners = [self.names[s] for s in order if places[s] == 1]
        if len(winners) == 1:
            title = texts.fill(self.tr("Game over — %1 wins"), winners[0])
        else:
            title = texts.fill(self.tr("Game over — shared win: %1"), ", ".join(winners))
        self.board.set_content(title, "", self._sheet_widget(),
                               [(self.tr("Play again"), self.play_again),
                                (self.tr("New game…"), self.new_game_dialog),
                                (self.tr("Close"), self.board.hide)],
                               self._panel_font_px())
        self.status_label.setText(texts.game_over_text())
        self._place_panels()

    def _panel_font_px(self) -> int:
        return max(13, min(30, int(self.scene.geom.card_w * 0.12)))

    def _place_panels(self) -> None:
        vp = self.table.viewport().size()
        for panel in (self.choice, self.handover):
            if panel.isVisible():
                panel.adjustSize()
                size = panel.sizeHint()
                w = min(size.width(), vp.width() - 20)
                panel.resize(w, size.height())
                cx, cy = self.scene.geom.centre
                panel.move(int(cx - w / 2), int(max(8, cy - size.height() / 2)))
        if self.board.isVisible():
            w = min(vp.width() - 24, max(600, int(vp.width() * 0.7)))
            h = min(vp.height() - 16, max(560, int(vp.height() * 0.85)))
            self.board.resize(w, h)
            self.board.move((vp.width() - w) // 2, (vp.height() - h) // 2)

    def _fit_info_bar(self, width: int) -> None:
        """Text that grows with the window, in a bar whose height never changes with
        what it says (two lines always fit), so the table below never jumps."""
        px = max(13, min(28, round(width / 85)))
        font = self.rule_label.font()
        font.setPixelSize(px)
        self.rule_label.setFont(font)
        self.status_label.setFont(font)
        lines = QFontMetrics(font).lineSpacing() * 2
        self.info_bar.setFixedHeight(lines + 14)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_info_bar(self.width())
        QTimer.singleShot(0, self._place_panels)

    # --- menus -------------------------------------------------------------------------------

    def show_score_sheet(self) -> None:
        if self.controller.state is None:
            return
        data = self._sheet_data()
        if self._sheet_dialog is None:
            self._sheet_dialog = ScoreSheetDialog(data, data.current, self)
        else:
            self._sheet_dialog.set_data(data, data.current)
        self._sheet_dialog.show()
        self._sheet_dialog.raise_()
        self._sheet_dialog.activateWindow()

    def show_last_trick(self) -> None:
        view = self.controller.view()
        if view is None or not self.scene.show_last_trick(
                view, self.presenter.last_trick_caption(view)):
            self.scene.show_note(self.tr("No trick has been played in this deal yet."))

    def preferences_dialog(self) -> None:
        dialog = PreferencesDialog(load_pace(self.qs), self.art.four_colour, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            pace, four = dialog.values()
            save_pace(self.qs, pace)
            self.qs.setValue("cards/four_colour", "true" if four else "false")
            self.set_pace(pace)
            self.art.set_four_colour(four)
            self.scene.update()

    def show_help(self) -> None:
        """The rules of the game on the table (F1), with how to play here; one window,
        kept open beside the table and turned to the game now played."""
        from cardtable.ui.rules_dialog import RulesDialog

        game = self.game or self.settings.game
        if self._rules_dialog is None:
            self._rules_dialog = RulesDialog(game, self)
        self._rules_dialog.show_game(game)

    def show_about(self) -> None:

        box = QMessageBox(self)
        box.setWindowTitle(self.tr("About CardTable"))
        box.setIconPixmap(app_icon().pixmap(64, 64))
        box.setText(f"{APP_NAME} {app_version()}".strip())
        box.setInformativeText(self.tr("A card table for three Russian trick-taking games: "
                                  "King, Clubs and Metamorphosis.\n\n"
                                  "All card art is made by the project."))
        box.exec()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.controller.stop()
        with contextlib.suppress(Exception):
            self.qs.sync()
        super().closeEvent(event)


class PreferencesDialog(QDialog):
    """The table's own settings: the pace and the four-colour suits."""

    def __init__(self, pace: str, four_colour: bool, parent: QWidget | None = None) -> None:
        from PySide6.QtWidgets import QCheckBox, QComboBox

        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        form = QFormLayout()
        self.pace = QComboBox(self)
        names = {"instant": self.tr("Instant"), "fast": self.tr("Fast"),
                 "normal": self.tr("Normal"), "slow": self.tr("Slow")}
        for key in PACES:
            self.pace.addItem(names[key], key)
        self.pace.setCurrentIndex(max(0, self.pace.findData(pace)))
        form.addRow(self.tr("Pace of play:"), self.pace)
        note = QLabel(self.tr("How fast cards move and how long the computer players take."), self)
        note.setWordWrap(True)
        form.addRow("", note)
        self.four = QCheckBox(self.tr("Four-colour suits (♠ black, ♥ red, ♦ blue, ♣ green)"), self)
        self.four.setChecked(four_colour)
        form.addRow("", self.four)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def values(self) -> tuple[str, bool]:
        return str(self.pace.currentData()), self.four.isChecked()

