"""The main window: the table, the rule line above it, the panels on the cloth, the
menus — assembled around one :class:`GameController`.

The window holds no game logic.  It turns the controller's signals into what the
table shows (in the interface language) and the player's clicks into actions.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QObject,
    QSettings,
    QStandardPaths,
    Qt,
    QTimer,
    QTranslator,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QFontMetrics,
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
    QTextDocumentFragment,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from cardtable import saves
from cardtable.engine import record
from cardtable.engine.actions import Action, Play
from cardtable.engine.game import CardPlayed, DealStarted, Event, IllegalAction, View, places_of
from cardtable.engine.match import HUMAN, Match, Seat
from cardtable.ui import game_files, texts, theme
from cardtable.ui.announcer import Announcer, event_words, table_words
from cardtable.ui.art.cache import CardArt
from cardtable.ui.controller import GameController, Now, OnDisk, Phase, Waiting
from cardtable.ui.games import GAME_ORDER, game_title, presenter_class
from cardtable.ui.games.base import GamePresenter
from cardtable.ui.i18n import current_language, install_translators
from cardtable.ui.identity import APP_NAME, app_icon, app_version, program_folder
from cardtable.ui.pace import pace_of
from cardtable.ui.panels import BoardPanel, Choice, ChoicePanel
from cardtable.ui.prefs import NEXT_DEAL_TIMED, NEXT_DEAL_WAITS, TablePrefs, load_prefs, save_prefs
from cardtable.ui.save_banner import SaveBanner, SaveWords, problem_text, quit_question
from cardtable.ui.score_rows import DEAL as DEAL_ROW
from cardtable.ui.settings import (
    GameSettings,
    display_name,
    human_default_name,
    load_pace,
    load_settings,
    save_pace,
    save_settings,
)
from cardtable.ui.sound.playback import SoundBoard
from cardtable.ui.table.panel_spot import panel_rect
from cardtable.ui.table.scene import TableScene
from cardtable.ui.table.view import TableView
from cardtable.ui.window_place import fit_on_screen

if TYPE_CHECKING:  # imported when first used: nothing of them is on the way to the table
    from cardtable.stats import OpenProblem, Statistics
    from cardtable.ui.dialogs.score_sheet import ScoreSheetDialog
    from cardtable.ui.dialogs.statistics import StatisticsDialog
    from cardtable.ui.replay import ReplayBar, ReplaySession
    from cardtable.ui.score_sheet import ScoreSheet
    from cardtable.ui.stats_keeper import StatsKeeper

ENABLED_GAMES = GAME_ORDER
"""Games the table can play now."""

def autosave_location() -> Path:
    """Where the game in progress is kept between runs."""
    base = program_folder(QStandardPaths.StandardLocation.AppDataLocation)
    return (base or Path(".")) / "current-game.json"


def statistics_location() -> Path:
    """Where the statistics database is kept."""
    return autosave_location().with_name("statistics.sqlite")


QUIT_SAVE_WAIT_S = 3.0
"""How long quitting waits for a save being written, so that it is counted: long
enough for a slow disk, short enough that a hung one does not hold the window."""

HANDOVER_KEYS_MS = 1200
"""How long the hand-over panel answers only a click: a key still held (or pressed
twice) for the move before must not show the next person's cards."""

RESULT_KEYS_MS = 1000
"""How long a deal's or the game's result answers only a click: an Enter still held
(or pressed by habit) for the last card must not start the next deal or a new game."""

GEOMETRY_KEY = "window/geometry"
"""Where the window's size, place and maximised state are kept between runs."""


class _FirstPaint(QObject):
    """Calls ``then`` once, in the turn of the event loop after ``widget`` is first
    painted: the work the first sight of the table need not wait for."""

    def __init__(self, widget: QWidget, then: Any) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self._then)
        return False


class MainWindow(QMainWindow):
    def __init__(self, qsettings: QSettings | None = None, autosave: Path | None = None,
                 start: bool = True, parent: QWidget | None = None,
                 open_file: Path | None = None, statistics: Path | None = None) -> None:
        super().__init__(parent)

        self.setWindowTitle(APP_NAME)
        self.setWindowIcon(app_icon())
        self.setMinimumSize(800, 560)
        self.resize(1200, 800)
        self.qs = qsettings if qsettings is not None else QSettings()
        self.settings: GameSettings = load_settings(self.qs)
        self.prefs = load_prefs(self.qs)
        """The table's own settings (Ctrl+,)."""
        theme.set_current(theme.resolve(self.prefs.theme))
        self.art = CardArt(russian=current_language() == "ru",
                           four_colour=self.prefs.four_colour,
                           high_contrast=self.prefs.high_contrast,
                           back_style=self.prefs.back_style)
        self.sound = SoundBoard(self)
        self.sound.volume = self.prefs.volume / 100
        self.sound.muted = self.prefs.muted
        self._turn_steps = 0
        self.controller = GameController(self)
        self.controller.autosave_path = autosave
        self.controller.shared_undo = self.prefs.shared_undo
        self.recent = game_files.RecentFiles(self.qs)
        self.replay: ReplaySession | None = None
        """Watching a game again (the game in progress waits in the controller)."""
        self._replay_pace = "normal"
        self._statistics_path = statistics
        self.stats: Statistics | None = None
        """The statistics' store, opened by :meth:`statistics_store` once the table
        has been painted (creating it is no part of the wait for the table)."""
        self.stats_keeper: StatsKeeper | None = None
        if statistics is not None:
            from cardtable.ui.stats_keeper import StatsKeeper

            self.stats_keeper = StatsKeeper(self.statistics_store, self.controller, self)
            # a result neither recorded nor kept for later: said where saving problems are
            self.stats_keeper.problem.connect(lambda text: self.show_note(text, "statistics"))
        self._stats_dialog: StatisticsDialog | None = None
        self.scene = TableScene(self.art, self)
        self.scene.card_scale = self.prefs.card_scale
        self.table = TableView(self.scene, self)
        self.names: list[str] = []
        self.game = ""
        self.presenter: GamePresenter[Any] = presenter_class(GAME_ORDER[0])([])
        """The game on the table, in words (replaced when a game starts)."""
        self._last_view: View | None = None
        self._sheet_dialog: ScoreSheetDialog | None = None
        self._save_notice: QMessageBox | None = None
        self._saved_elsewhere: tuple[Path, OnDisk] | None = None
        """The last Save as: the file and what it holds (for the banner and the
        question on quitting)."""
        self._rules_dialog: Any = None
        self._build_central()
        self.announcer = Announcer(self.table)
        """What a screen reader hears of the table (the cards are drawn, not widgets)."""
        self.announcer.name(self.tr("Card table"))
        self.choice = ChoicePanel(self.table.viewport())
        self.board = BoardPanel(self.table.viewport())
        self.handover = ChoicePanel(self.table.viewport())
        self.handover.setProperty("opaque", "true")
        """Pass-and-play: «pass the computer to Аня» over a table with every hand hidden."""
        self._handover_timer = QTimer(self)
        self._handover_timer.setSingleShot(True)
        self._handover_timer.timeout.connect(self._handover_keys)
        self._handover_seat = -1
        self._next_deal_timer = QTimer(self)
        self._next_deal_timer.setSingleShot(True)
        self._next_deal_timer.timeout.connect(self._next_deal)
        """Settings ▸ Next deal: the next deal starts by itself after a pause."""
        self._only_card_turn: View | None = None
        """The turn whose only card is being played by itself (Settings)."""
        self.table.escape = self.board.press_escape
        self._build_menus()
        self._connect()
        self.set_pace(self.prefs.pace)
        self._restore_geometry()
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):  # Qt 6.5: the desktop went dark or light
            hints.colorSchemeChanged.connect(lambda *_: self._apply_theme())
        self._first_painted = False
        self._after_first_paint_jobs: list[Callable[[], object]] = []
        _FirstPaint(self.table.viewport(), self._after_first_paint)
        if start:
            QTimer.singleShot(0, lambda: self._first_start(open_file))

    # --- building ----------------------------------------------------------------------------

    def _build_central(self) -> None:
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        bar = QFrame(central)
        bar.setObjectName("infobar")
        bar.setStyleSheet(theme.current().info_css)
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
        self._bar_px = 14
        self.status_label.setWordWrap(True)
        self._fit_info_bar(1200)
        layout.addWidget(bar)
        self.save_banner = SaveBanner(central)
        """Over the table while the game cannot be saved (and for other problems)."""
        layout.addWidget(self.save_banner)
        layout.addWidget(self.table, 1)
        self._central_layout = layout
        self._replay_bar: ReplayBar | None = None
        self.setCentralWidget(central)

    @property
    def replay_bar(self) -> ReplayBar:
        """The bar under the table while a game is watched again, made when first
        needed (in the words and colours of that moment)."""
        if self._replay_bar is None:
            from cardtable.ui.replay import ReplayBar

            self._replay_bar = ReplayBar(self.centralWidget())
            self._replay_bar.hide()
            self._central_layout.addWidget(self._replay_bar)
        return self._replay_bar

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
        """The actions and menus; their words are set by :meth:`_name_menus`, so that a
        change of language can set them again."""
        self.new_action = self._action("", self.new_game_dialog, QKeySequence.StandardKey.New)
        self.again_action = self._action("", self.play_again, "Ctrl+Shift+N")
        self.restart_action = self._action("", self.restart_deal, "Ctrl+R")
        self.open_action = self._action("", self.open_dialog, QKeySequence.StandardKey.Open)
        self.save_action = self._action("", self.save_as, QKeySequence.StandardKey.Save)
        self.undo_action = self._action("", self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action("", self.redo, QKeySequence.StandardKey.Redo)
        self.replay_action = self._action("", self.replay_current, "Ctrl+P")
        self.sheet_action = self._action("", self.show_score_sheet, "Ctrl+T")
        self.last_trick_action = self._action("", self.show_last_trick, "Ctrl+L")
        self.stats_action = self._action("", self.show_statistics)
        self.stats_action.setEnabled(self._statistics_path is not None)
        self.settings_action = self._action("", self.preferences_dialog,
                                            QKeySequence.StandardKey.Preferences)
        if not self.settings_action.shortcuts():
            self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.quit_action = self._action("", self.close, QKeySequence.StandardKey.Quit)
        if not self.quit_action.shortcuts():
            self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.hint_action = self._action("", self.ask_hint, QKeySequence("H"))
        self.hint_action.setEnabled(False)
        self.help_action = self._action("", self.show_help, QKeySequence.StandardKey.HelpContents)
        if not self.help_action.shortcuts():
            self.help_action.setShortcut(QKeySequence("F1"))
        self.about_action = self._action("", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

        self.game_menu = game_menu = self.menuBar().addMenu("")
        for action in (self.new_action, self.again_action, self.restart_action):
            game_menu.addAction(action)
        game_menu.addSeparator()
        game_menu.addAction(self.open_action)
        self.recent_menu = game_menu.addMenu("")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        game_menu.addAction(self.save_action)
        game_menu.addSeparator()
        game_menu.addAction(self.undo_action)
        game_menu.addAction(self.redo_action)
        game_menu.addAction(self.replay_action)
        game_menu.addSeparator()
        game_menu.addAction(self.sheet_action)
        game_menu.addAction(self.last_trick_action)
        game_menu.addAction(self.hint_action)
        game_menu.addAction(self.stats_action)
        game_menu.addSeparator()
        game_menu.addAction(self.settings_action)
        game_menu.addSeparator()
        game_menu.addAction(self.quit_action)
        self.help_menu = help_menu = self.menuBar().addMenu("")
        help_menu.addAction(self.help_action)
        help_menu.addAction(self.about_action)
        self._name_menus()

    def _name_menus(self) -> None:
        """Every menu's and action's words in the interface language."""
        words = (
            (self.new_action, self.tr("&New game…")),
            (self.again_action, self.tr("Play &again with the same settings")),
            (self.restart_action, self.tr("&Restart deal")),
            (self.open_action, self.tr("&Open…")),
            (self.save_action, self.tr("&Save as…")),
            (self.undo_action, self.tr("&Undo move")),
            (self.redo_action, self.tr("Re&do move")),
            (self.replay_action, self.tr("&Watch this game again")),
            (self.sheet_action, self.tr("&Score sheet")),
            (self.last_trick_action, self.tr("&Last trick")),
            (self.stats_action, self.tr("Stat&istics")),
            (self.settings_action, self.tr("Se&ttings…")),
            (self.quit_action, self.tr("&Quit")),
            (self.hint_action, self.tr("&Hint")),
            (self.help_action, self.tr("&Rules and how to play")),
            (self.about_action, self.tr("&About CardTable")),
        )
        for action, text in words:
            action.setText(text)
        self.hint_action.setToolTip(self.tr("What the strongest computer player would do now"))
        self.game_menu.setTitle(self.tr("&Game"))
        self.recent_menu.setTitle(self.tr("Open &recent"))
        self.help_menu.setTitle(self.tr("&Help"))

    # --- the interface language ----------------------------------------------------------

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on (``""``: the system's), at once: every word on
        the table, the menus and the card indices; the game goes on where it stands."""
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        for translator in app.findChildren(QTranslator):
            app.removeTranslator(translator)
            translator.deleteLater()
        install_translators(app, language or None)
        self._name_menus()
        if self._replay_bar is not None:
            self._replay_bar.name_controls()
        self.save_banner.name_controls()
        self._show_save_problem()
        self.art.set_language(current_language() == "ru")
        for dialog in (self._rules_dialog, self._sheet_dialog, self._stats_dialog):
            if dialog is not None:  # made again, in the new words, when next opened
                dialog.close()
                dialog.deleteLater()
        self._rules_dialog = self._sheet_dialog = self._stats_dialog = None
        self._reword_table()

    def _reword_table(self) -> None:
        """Say again what the table shows, in the interface language."""
        match = self.replay.timeline.match if self.replay is not None \
            else self.controller.match
        if match is None:
            return
        self.names = [display_name(s.name) for s in match.seats]
        self.presenter = presenter_class(match.game.name)(self.names, self._you(match.seats))
        self.scene.presenter = self.presenter
        self.scene.shown_badge = self.presenter.shown_badge()
        self._mark_dealer_plates()
        self.scene.names = list(self.names)
        for plate, name in zip(self.scene.plates, self.names, strict=True):
            plate.name = name
            plate.update()
        if self.replay is not None:
            self.replay.reword(self.presenter)
            return
        view = self.controller.table_view()
        if view is None:
            return
        self.scene.show_step([], view)  # the plates, the piles' tips
        self._set_rule(self.presenter.rule_html(view))
        if self.handover.isVisible() and self.controller.state.to_move is not None:
            self._show_hand_over(self.controller.state.to_move)
        elif self.board.isVisible():
            if self.controller.state.is_over:
                self._show_game_over(view)
            else:
                self._show_deal_board(view)
        elif self.scene.turn_view is not None and self.scene.turn_seat is not None:
            self._on_turn_shown(self.scene.turn_seat, self.scene.turn_view)
        else:
            self._on_synced(view)

    def _connect(self) -> None:
        c = self.controller
        c.gameStarted.connect(self._on_game_started)
        c.stepped.connect(self.scene.show_step)
        c.nowChanged.connect(self.scene.show_now)
        self.scene.nowShown.connect(self._on_now_shown)
        self.scene.enterWithoutCard.connect(self._say_what_to_do)
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
        c.saveProblem.connect(self._on_save_problem)
        c.saveRestored.connect(self._on_save_restored)
        self.save_banner.saveAsRequested.connect(self.save_as)
        self.save_banner.retryRequested.connect(c.save_now)
        for signal in (c.gameStarted, c.stepped, c.humanToMove, c.dealFinished,
                       c.gameFinished, c.handOver, c.computerThinking):
            signal.connect(self._update_game_actions)
        self.scene.playRequested.connect(self._submit)
        self.scene.eventShown.connect(self._say_event)
        self.scene.eventShown.connect(self._sound_of)
        self.scene.trickCollecting.connect(lambda _anim: self.sound.play("collect"))
        self.scene.turnShown.connect(self._chime_turn)
        self.scene.cardSelected.connect(
            lambda card: self.announcer.say(texts.card_words(card)))
        self.scene.turnShown.connect(self._on_turn_shown)
        self.scene.synced.connect(self._on_synced)
        self.choice.chosen.connect(self._on_choice)

    # --- starting games ----------------------------------------------------------------------

    def _first_start(self, open_file: Path | None) -> None:
        """Resume or start a game, then open the file the program was started with."""
        self.start_first_game()
        if open_file is not None:
            self.open_path(open_file)

    def start_first_game(self) -> None:
        """Resume the game left unfinished last time, else start one at once with the
        remembered settings (a newcomer sees a table, not a form).  A save that cannot
        be resumed is kept aside, never lost, and the player is told where."""
        path = self.controller.autosave_path
        if path is not None:
            found = saves.resume(path)
            if found.match is not None:
                self.controller.start_match(found.match, on_disk=True)
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
                saves.NOT_A_FILE: self.tr("it is not a file but a pipe, a socket or a device"),
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

    def _tell_stats_problem(self, problem: OpenProblem) -> None:
        """Say once, without stopping the program, what was wrong with the statistics
        file and where it is now."""
        if problem.kind == "damaged" and problem.moved_to is not None:
            text = texts.fill(self.tr(
                "The statistics file was damaged, so new statistics were started. The old "
                "file was kept, not deleted:\n%1"), str(problem.moved_to))
        elif problem.kind == "newer":
            text = self.tr("The statistics were written by a newer version of CardTable. "
                           "They were left untouched; this version keeps its statistics "
                           "for this run only.")
        else:
            text = self.tr("The statistics file cannot be used, so statistics are kept "
                           "for this run only.")
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Statistics"), text,
                          QMessageBox.StandardButton.Ok, self)
        box.setDetailedText(problem.detail)
        box.setObjectName("statsProblem")
        box.open()
        self._stats_notice = box

    def _after_first_paint(self) -> None:
        """What the first sight of the table need not wait for (nothing, once the
        window has closed)."""
        self._first_painted = True
        jobs, self._after_first_paint_jobs = self._after_first_paint_jobs, []
        if not self.isVisible():
            return
        if self._statistics_path is not None:
            self.statistics_store()
        for job in jobs:
            job()

    def when_first_painted(self, job: Callable[[], object]) -> None:
        """Run ``job`` once the table has first been painted (at once if it has):
        for work of the program's that the first sight of the table need not wait
        for."""
        if self._first_painted:
            job()
        else:
            self._after_first_paint_jobs.append(job)

    def statistics_store(self) -> Statistics | None:
        """The statistics' store (None when the window keeps none), opened at the
        first call; what was wrong with its file, if anything, is said then."""
        if self.stats is None and self._statistics_path is not None:
            from cardtable.stats import Statistics

            self.stats, problem = Statistics.open(self._statistics_path)
            if problem is not None:
                self._tell_stats_problem(problem)
        return self.stats

    def show_statistics(self) -> None:
        """Game ▸ Statistics: the table just played chosen first."""
        stats = self.statistics_store()
        if stats is None:
            return
        match = self.controller.match
        game, players = (match.game.name, match.n) if match is not None else (None, None)
        if self._stats_dialog is None:
            from cardtable.ui.dialogs.statistics import StatisticsDialog

            self._stats_dialog = StatisticsDialog(stats, self, game, players, self.qs)
        else:
            self._stats_dialog.refresh()
        self._stats_dialog.show()
        self._stats_dialog.raise_()
        self._stats_dialog.activateWindow()

    def start_game(self, settings: GameSettings, seed: int | None = None) -> None:
        self._leave_replay(resume=False)
        self.settings = settings
        self.board.hide()
        self.choice.hide()
        self.handover.hide()
        self.controller.new_game(settings.game, settings.options, settings.seats, seed=seed)

    def new_game_dialog(self) -> None:
        from cardtable.ui.dialogs.new_game import SettingsDialog

        dialog = SettingsDialog(self.settings, ENABLED_GAMES, self, pace=load_pace(self.qs))
        if dialog.exec() == QDialog.DialogCode.Accepted:
            settings = dialog.result_settings()
            save_settings(self.qs, settings)
            save_pace(self.qs, dialog.result_pace())
            self.prefs = dataclasses.replace(self.prefs, pace=dialog.result_pace())
            self.set_pace(dialog.result_pace())
            if self.confirm_leaving_game():
                self.start_game(settings)

    def play_again(self) -> None:
        if self.confirm_leaving_game():
            self.start_game(self.settings)

    def restart_deal(self) -> None:
        """Play the deal again (Ctrl+R).  In pass-and-play it follows undo's rule —
        off unless Settings allows it — and asks first: it takes back the other
        people's moves too."""
        c = self.controller
        if self.replay is not None:
            return
        if c.shared and not c.shared_undo:
            self.status_label.setText(self.tr(
                "Restarting a deal is off when several people play at this screen, as "
                "undo is (Settings)."))
            return
        if not c.can_restart():
            self.status_label.setText(self.tr("There is no deal in progress to restart."))
            return
        if c.shared and c.moves_in_deal() and not self._confirm_restart(c.moves_in_deal()):
            return
        if c.restart_deal():
            self.board.hide()
            self.choice.hide()

    def _confirm_restart(self, moves: int) -> bool:
        """Ask before a restart takes back the people's moves in this deal."""
        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Restart deal"),
                          self.tr("Restart this deal? %n move(s) the players made in it "
                                  "will be taken back.", "", moves),
                          buttons.Yes | buttons.Cancel, self)
        box.setObjectName("restartDeal")
        box.button(buttons.Yes).setText(self.tr("Restart"))
        box.setDefaultButton(buttons.Cancel)
        box.setEscapeButton(buttons.Cancel)
        return self._ask(box) == buttons.Yes

    def set_pace(self, key: str) -> None:
        pace = pace_of(key)
        self.controller.set_pace(pace.key)
        self.scene.set_pace(pace)

    # --- game files ------------------------------------------------------------------------

    def _human_has_played(self) -> bool:
        """Whether a person has made a move in the unfinished game on the table."""
        match = self.controller.match
        return match is not None and not match.state.is_over and any(
            match.seats[seat].kind == HUMAN for log in match.deals for seat, _ in log.actions)

    def confirm_leaving_game(self) -> bool:
        """Before the game in progress is put away for another, ask whether to save it
        (once a person has played in it); False if the person would rather stay."""
        if not self._human_has_played():
            return True
        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Game in progress"),
                          self.tr("The game in progress will be closed. Do you want to save "
                                  "it first?"),
                          buttons.Save | buttons.Discard | buttons.Cancel, self)
        box.setObjectName("leaveGame")
        box.button(buttons.Discard).setText(texts.dont_save_text())
        return self._save_or_not(box)

    def _save_or_not(self, box: QMessageBox) -> bool:
        """Ask ``box`` (Save, Discard, Cancel; saving the default, Esc cancels):
        whether to go on — saved as the person chose, or not saved."""
        buttons = QMessageBox.StandardButton
        box.setDefaultButton(buttons.Save)
        box.setEscapeButton(buttons.Cancel)
        answer = self._ask(box)
        if answer == buttons.Save:
            return self.save_as()
        return answer == buttons.Discard

    def _ask(self, box: QMessageBox) -> int:
        """Show a question and wait for the answer (tests answer in its place)."""
        return box.exec()

    def _documents(self) -> str:
        """Where the file dialogs open: the folder used last, else the documents."""
        return self.recent.folder()

    def _choose_file(self, saving: bool, suggested: str) -> str:
        """The file dialog: a game file to save to (``suggested`` the path offered) or
        to open (``suggested`` the folder); '' if none."""
        folder, name = ((str(Path(suggested).parent), Path(suggested).name) if saving
                        else (suggested, ""))
        title = self.tr("Save the game as") if saving else self.tr("Open a game")
        return game_files.chosen_file(game_files.make_file_dialog(
            self, title, game_files.filter_text(), saving=saving, folder=folder, name=name,
            suffix=game_files.SUFFIX))

    def save_as(self) -> bool:
        """Save the game on the table as a game file (Ctrl+S)."""
        match = self.controller.match
        if match is None or self.replay is not None:
            return False
        suggested = str(Path(self._documents())
                        / game_files.default_name(game_title(match.game.name)))
        chosen = self._choose_file(True, suggested)
        return bool(chosen) and self.save_to(game_files.with_suffix(chosen))

    def save_to(self, path: Path) -> bool:
        """Write the game's record to ``path`` at once and whole (never half a file)."""
        match = self.controller.match
        if match is None:
            return False
        try:
            record.save(match, path)
        except OSError as exc:
            QMessageBox.warning(self, self.tr("Not saved"), texts.fill(
                self.tr("The game could not be saved to “%1”: %2."), str(path),
                exc.strerror or str(exc)))
            return False
        self.recent.add(path)
        self.status_label.setText(texts.fill(self.tr("Saved as “%1”."), path.name))
        self._saved_elsewhere = (path, OnDisk.of(match))
        self._show_save_problem()
        return True

    def open_dialog(self) -> None:
        """Open a game file (Ctrl+O)."""
        chosen = self._choose_file(False, self._documents())
        if chosen:
            self.open_path(Path(chosen))

    def open_path(self, path: Path) -> bool:
        """Open a game file: a game in progress goes on where it stopped, a finished one
        is watched again.  A file that cannot be opened is said so, and nothing else
        changes."""
        try:
            match = record.load_file(path)
        except record.RecordError as exc:
            if not path.exists():
                self.recent.remove(path)
            box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Cannot open the game"),
                              game_files.cannot_open_text(path, exc),
                              QMessageBox.StandardButton.Ok, self)
            box.setObjectName("cannotOpen")
            box.setDetailedText(game_files.cannot_open_detail(exc))
            self._ask(box)
            return False
        if match.state.is_over:
            self.recent.add(path)
            self.watch(match, at_end=True)
            return True
        if not self.confirm_leaving_game():
            return False
        self.recent.add(path)
        self._leave_replay(resume=False)
        self.controller.start_match(match)
        return True

    def _fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        paths = self.recent.paths()
        for number, path in enumerate(paths, 1):
            action = menu.addAction(f"&{number} {path.name}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if not paths:
            empty = menu.addAction(self.tr("No recent games"))
            empty.setEnabled(False)
        menu.addSeparator()
        clear = menu.addAction(self.tr("&Clear the list"), self.recent.clear)
        clear.setEnabled(bool(paths))

    # --- undo, redo, watching again -----------------------------------------------------------

    def undo(self) -> None:
        if self.replay is not None:
            return
        if not self.controller.undo():
            self.status_label.setText(
                self.tr("Undo is off when several people play at this screen (Settings).")
                if self.controller.shared and not self.controller.shared_undo
                else self.tr("There is no move of yours to take back."))

    def redo(self) -> None:
        if self.replay is None and not self.controller.redo():
            self.status_label.setText(self.tr("There is nothing to redo."))

    def _update_game_actions(self, *_: object) -> None:
        c = self.controller
        watching = self.replay is not None
        self.undo_action.setEnabled(not watching and c.can_undo())
        self.redo_action.setEnabled(not watching and c.can_redo())
        self.save_action.setEnabled(not watching and c.match is not None)
        self.replay_action.setEnabled(not watching and self._can_watch_current())
        self.restart_action.setEnabled(not watching and (not c.shared or c.shared_undo))

    def _can_watch_current(self) -> bool:
        """The game on the table can be watched again — but not an unfinished one that
        several people share: watching shows every hand."""
        match = self.controller.match
        return match is not None and bool(match.deals) \
            and (match.state.is_over or not self.controller.shared)

    def replay_current(self) -> None:
        """Watch the game on the table again from its first deal."""
        match = self.controller.match
        if match is None or self.replay is not None or not self._can_watch_current():
            return
        if not match.state.is_over:
            self.controller.assisted.emit("takeover")  # every hand is shown
        self.watch(match.prefix(match.step_count), at_end=False, own=True)

    def watch(self, match: Match, at_end: bool, own: bool = False) -> None:
        """Watch ``match`` again with every hand face up, from its first deal or from
        its end; ``own`` says it is the game of the controller (taking over then goes
        back in it, the rest kept as after an undo)."""
        self._leave_replay(resume=False)
        self.controller.pause()
        for panel in (self.board, self.choice, self.handover):
            panel.hide()
        names = [display_name(s.name) for s in match.seats]
        humans = [i for i, s in enumerate(match.seats) if s.kind == HUMAN]
        viewer = humans[0] if humans else 0
        self.names = names
        self.game = match.game.name
        self.presenter = presenter_class(match.game.name)(names, self._you(match.seats))
        self.scene.start_game(self.presenter, viewer)
        self._mark_dealer_plates()
        self.scene.set_pace(pace_of(self._replay_pace))
        from cardtable.ui.replay import ReplaySession

        session = ReplaySession(match, self.scene, self.presenter, viewer,
                                self.replay_bar, self)
        session.moved.connect(self._on_replay_moved)
        session.closed.connect(lambda: self._leave_replay(resume=True))
        session.takeOver.connect(lambda taken: self._take_over(taken, own))
        session.sheetRequested.connect(self.show_score_sheet)
        self.replay = session
        self.replay_bar.show()
        self._update_game_actions()
        session.show(session.timeline.length if at_end else session.first)
        self.table.setFocus()

    def _on_replay_moved(self) -> None:
        session = self.replay
        if session is None:
            return
        timeline = session.timeline
        state = timeline.state
        view = state.view(session.viewer)
        self._set_rule(self.presenter.rule_html(view))
        text = self.tr("Watching the game again")
        if (state.needs_deal or state.is_over) and state.deal_scores:
            scores = " · ".join(f"{name} {texts.signed(score, plus=True)}" for name, score
                                in zip(self.names, state.deal_scores[-1], strict=True))
            text = texts.fill(self.tr("%1 — scored: %2"), text, scores)
        self.status_label.setText(text)
        self.status_label.setToolTip(self.tr(
            "← → a move, PgUp PgDn a deal, Space plays and pauses, Esc closes"))
        if self._sheet_dialog is not None and self._sheet_dialog.isVisible():
            data = self._sheet_data()
            self._sheet_dialog.set_data(data, data.current)

    def _leave_replay(self, resume: bool) -> None:
        """Back to the table; with ``resume`` the game in progress goes on (or, with
        none, a new one starts)."""
        session = self.replay
        if session is None:
            return
        self._replay_pace = session.pace.key
        self.replay = None
        session.dispose()
        session.deleteLater()
        self.replay_bar.hide()
        self.scene.open_faces = None
        self.scene.set_pace(pace_of(self.prefs.pace))
        self.status_label.setToolTip("")
        self._update_game_actions()
        if resume:
            if self.controller.match is not None:
                self.controller.resume()
            else:
                self.start_game(self.settings)

    def _take_over(self, match: Match, own: bool) -> None:
        """Play on from a position of a game watched again: the seats as they were (a
        game of computers alone gets a person at the bottom seat)."""
        session = self.replay
        if session is None or (not own and not self.confirm_leaving_game()):
            return
        future = session.timeline.steps[session.timeline.position:] if own else []
        if not any(seat.kind == HUMAN for seat in match.seats):
            match.seats[session.viewer] = Seat(human_default_name(), HUMAN, None)
            future = []
        if self.stats_keeper is not None and not own:
            self.stats_keeper.salt = f"taken over {time.time()}"
        self.controller.assisted.emit("takeover")
        self._leave_replay(resume=False)
        self.controller.start_match(match, future)

    # --- the controller's news ---------------------------------------------------------------

    def _on_game_started(self, payload: tuple[list[Seat], int, str]) -> None:
        seats, viewer, game = payload
        self.names = [display_name(s.name) for s in seats]
        self.game = game
        self.presenter = presenter_class(game)(self.names, self._you(seats))
        self.board.hide()
        self.choice.hide()
        self.handover.hide()
        self.scene.start_game(self.presenter, viewer)
        self.scene.concealed = self.controller.concealed
        self._mark_dealer_plates()
        self.rule_label.setText("")
        self.status_label.setText("")

    @staticmethod
    def _you(seats: list[Seat]) -> int | None:
        """The seat the sentences call "you": the one person playing at this screen."""
        humans = [i for i, s in enumerate(seats) if s.kind == HUMAN]
        return humans[0] if len(humans) == 1 else None

    def _mark_dealer_plates(self) -> None:
        for plate in self.scene.plates:
            plate.dealer_mark = self.tr("D")
            plate.dealer_tip = self.tr("The dealer of this deal")

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
        for button in self.handover.buttons:  # never a stray Space or Enter of the last
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # move: the keys come a moment later
            button.clearFocus()
        self.table.setFocus()
        self._handover_seat = seat
        self._handover_timer.start(HANDOVER_KEYS_MS)
        self.status_label.setText(texts.fill(self.tr("Next: %1 — pass the computer"), name))
        self.announcer.say(texts.fill(self.tr("Pass the computer to %1"), name), urgent=True)
        self._place_panels()

    def _handover_keys(self) -> None:
        """The hand-over's button takes the keys once the last move's keys are done."""
        seat = self._handover_seat
        if not self.handover.isVisible() or self.controller.waiting != Waiting.HANDOVER \
                or self.controller.state.to_move != seat:
            return
        for button in self.handover.buttons:
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _taken_over(self, seat: object) -> None:
        self.handover.hide()
        self.controller.take_over()

    def _on_viewer_changed(self, seat: int, view: View) -> None:
        self.scene.set_viewer(seat, view)

    def _say_event(self, event: Event) -> None:
        """Say what the table is showing now, for a screen reader."""
        self.announcer.say(event_words(event, self.names, self.presenter.you,
                                       self.presenter.announce(event)))

    def _chime_turn(self, *_: object) -> None:
        """The turn comes back to the person after others have played: a chime (not
        for each of several decisions in a row)."""
        match = self.controller.match
        steps = match.step_count if match is not None else 0
        if steps - self._turn_steps > 1:
            self.sound.play("turn")
        self._turn_steps = steps

    def _sound_of(self, event: Event) -> None:
        """A card's sound as it moves (none at the instant pace: a burst, not a game)."""
        if self.scene.pace.anim_ms == 0:
            return
        if isinstance(event, DealStarted):
            self.sound.play("deal")
        elif isinstance(event, CardPlayed):
            self.sound.play("play")

    def _on_synced(self, view: View) -> None:
        self.announcer.describe(table_words(view, self.names, self.presenter.you,
                                            self.scene.concealed))
        if self.replay is not None:
            return  # the replay says where it is itself
        self._last_view = view
        self._set_rule(self.presenter.rule_html(view))
        marks = self._trick_marks_words()
        if marks:
            self.announcer.describe(f"{self.table.accessibleDescription()} {marks}")

    def _trick_marks_words(self) -> str:
        """The marks on the trick in words: whose card led it and whose wins so far."""
        lead, win = self.scene.trick_marks()
        if lead is None or win is None:
            return ""
        cards = {seat: item.card for seat, item in self.scene.trick}
        lead_card, win_card = cards.get(lead), cards.get(win)
        if lead_card is None or win_card is None:
            return ""
        return texts.fill(self.tr("Led by %1 (%2). Winning so far: %3 (%4)."),
                          self._seat_words(lead), texts.card_words(lead_card),
                          self._seat_words(win), texts.card_words(win_card))

    def _seat_words(self, seat: int) -> str:
        return self.tr("you") if seat == self.presenter.you else self.names[seat]

    def _on_now_shown(self, now: Now) -> None:
        """The status line says what the table shows now, in the frame that lights
        (or unlights) the plates: a person's turn is said by :meth:`_on_turn_shown`,
        run in the same frame."""
        if self.replay is not None:
            return
        self.status_label.setToolTip("")
        if now.phase == Phase.THINKING and now.seat is not None:
            self.status_label.setText(texts.fill(self.tr("%1 is thinking…"),
                                                 self.names[now.seat]))
        elif now.phase == Phase.GATHERING and now.seat is not None:
            self.status_label.setText(
                self.tr("You take the trick") if now.seat == self.presenter.you
                else texts.fill(self.tr("%1 takes the trick"), self.names[now.seat]))
        elif now.phase == Phase.DEALING:
            self.status_label.setText(self.tr("Dealing…"))

    def _say_what_to_do(self) -> None:
        """Enter at the person's turn with no card picked and no card to choose."""
        self.status_label.setText(self.tr(
            "Pick a card with ← → and press Enter, click it, or press H for a hint."))
        self.announcer.say(self.status_label.text())

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
            if self.prefs.play_only_card and len(view.legal) == 1:
                self._play_only_card(view)
            self.announcer.say(self.status_label.text())
            self.status_label.setToolTip(self.tr(
                "Click a card, drag it to the middle, or pick it with ← → and press Enter"))
            self.table.setFocus()
            return
        title, subtitle, choices, columns = self.presenter.panel(view)
        self.status_label.setText(texts.fill(self.tr("%1, your turn"), name) if several
                                  else self.tr("Your turn"))
        self.announcer.say(f"{self.status_label.text()}: {title}")
        font_px = max(13, min(30, int(self.scene.geom.card_w * 0.13)))
        self.choice.show_choices(title, subtitle, choices, columns, font_px)
        self._place_panels()

    def _play_only_card(self, view: View) -> None:
        """Settings ▸ the only card played by itself: after the pace's pause, so the
        person sees whose turn it was and which card went."""
        self._only_card_turn = view
        self.status_label.setText(self.tr("Your only playable card goes by itself."))

        def play() -> None:
            if self._only_card_turn is view and self.scene.turn_view is view \
                    and self.controller.waiting == Waiting.HUMAN:
                self._only_card_turn = None
                self.controller.submit(view.legal[0])
        QTimer.singleShot(self.scene.pace.move_ms, self, play)

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
        match = self.replay.timeline.match if self.replay is not None \
            else self.controller.match
        assert match is not None
        return self.presenter.score_sheet(match.state, match.deals)

    def _sheet_widget(self) -> ScoreSheet:
        """The sheet for the board between deals: the deal just played is marked."""
        from cardtable.ui.score_sheet import ScoreSheet

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
        scores = self.presenter.deal_over_scores(view)
        title = self.presenter.deal_over_title(view)
        alone = not self.controller.humans
        mode = self.prefs.next_deal
        if alone and mode != NEXT_DEAL_WAITS:
            self.board.hide()  # a game of computers alone plays through unattended
            QTimer.singleShot(0, self, self._next_deal)
            return
        self.board.set_content(title, scores, self._sheet_widget(),
                               [(self.tr("Next deal"), self._next_deal)],
                               self._panel_font_px(), keys_after_ms=RESULT_KEYS_MS,
                               escape=self._next_deal)
        if mode == NEXT_DEAL_TIMED:
            self._next_deal_timer.start(self.prefs.next_deal_s * 1000)
            self.status_label.setText(texts.fill(self.tr(
                "The next deal starts by itself in %1 s; press Enter or click “Next deal” "
                "to start it now."), self.prefs.next_deal_s))
        else:
            self.status_label.setText(self.tr("Press Enter or click “Next deal” to go on."))
        self.announcer.say(f"{title}. {scores}")
        self._place_panels()

    def _next_deal(self) -> None:
        self._next_deal_timer.stop()
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
        you = self.presenter.you
        if len(winners) == 1 and you is not None and places[you] == 1:
            title = self.tr("Game over — you win")
        elif len(winners) == 1:
            title = texts.fill(self.tr("Game over — %1 wins"), winners[0])
        else:
            title = texts.fill(self.tr("Game over — shared win: %1"), ", ".join(winners))
        self.board.set_content(title, "", self._sheet_widget(),
                               [(self.tr("Play again"), self.play_again),
                                (self.tr("Watch again"), self.replay_current),
                                (self.tr("New game…"), self.new_game_dialog),
                                (self.tr("Close"), self.board.hide)],
                               self._panel_font_px(), keys_after_ms=RESULT_KEYS_MS,
                               escape=self.board.hide)
        self.status_label.setText(texts.game_over_text())
        self.announcer.say(title, urgent=True)
        self.sound.play("game_over")
        self._place_panels()

    def _panel_font_px(self) -> int:
        return max(13, min(30, int(self.scene.geom.card_w * 0.12)))

    def _place_panels(self) -> None:
        vp = self.table.viewport().size()
        for panel in (self.choice, self.handover):
            if panel is self.choice and panel.isVisible():
                # clear of plates, hands, piles and declaration cards (scene px = view px)
                panel.setGeometry(panel_rect(panel, self.scene))
                continue
            if panel.isVisible():
                panel.adjustSize()
                cx, cy = self.scene.geom.centre
                room = self._room_between_plates(cy, panel.sizeHint().height())
                while panel.sizeHint().width() > room and panel.columns > 1:
                    panel.set_columns(panel.columns - 1)  # narrower: the plates show
                size = panel.sizeHint()
                w = min(size.width(), vp.width() - 20)
                panel.resize(w, size.height())
                y = cy - size.height() / 2
                if panel is self.handover:
                    # over the hand, face down the while, leaving the trick in view
                    hand_y = self.scene.geom.seats[0].hand[1]
                    y = min(vp.height() - size.height() - 8, hand_y - size.height() / 2)
                panel.move(int(cx - w / 2), int(max(8, y)))
        if self.board.isVisible():
            share = 0.7 if len(self.names) <= 5 else 0.92  # six to eight columns need room
            w = min(vp.width() - 24, max(600, int(vp.width() * share)))
            h = min(vp.height() - 16, max(560, int(vp.height() * 0.85)))
            self.board.resize(w, h)
            self.board.move((vp.width() - w) // 2, (vp.height() - h) // 2)

    def _room_between_plates(self, cy: float, height: float) -> float:
        """How wide a panel centred on the table may be without covering a seat's plate
        beside it (the plates at the sides whose height it would share)."""
        g = self.scene.geom
        cx = g.centre[0]
        pw, ph = g.plate_size
        room = g.width - 20
        for place in g.seats[1:]:
            x, y = place.plate
            if abs(y - cy) < (ph + height) / 2 and abs(x - cx) > pw / 2:
                room = min(room, 2 * (abs(x - cx) - pw / 2) - 16)
        return room

    def _set_rule(self, html: str) -> None:
        """The line above the table: in the bar's two lines, its type a little smaller
        if it must; where even that is not enough, the whole of it in the tooltip."""
        label = self.rule_label
        label.setText(html)
        font = label.font()
        font.setPixelSize(self._bar_px)
        label.setFont(font)
        room = self.info_bar.height() - 10  # the bar's margins, a pixel or two to spare
        px = self._bar_px
        while label.heightForWidth(max(1, label.width())) > room and px > max(11, self._bar_px - 4):
            px -= 1
            font.setPixelSize(px)
            label.setFont(font)
        fits = label.heightForWidth(max(1, label.width())) <= room
        label.setToolTip("" if fits else QTextDocumentFragment.fromHtml(html).toPlainText())

    def _fit_info_bar(self, width: int) -> None:
        """Text that grows with the window, in a bar whose height never changes with
        what it says (two lines always fit), so the table below never jumps."""
        px = max(13, min(28, round(width / 85)))
        self._bar_px = px
        font = self.rule_label.font()
        font.setPixelSize(px)
        self.rule_label.setFont(font)
        self.status_label.setFont(font)
        lines = QFontMetrics(font).lineSpacing() * 2
        self.info_bar.setFixedHeight(lines + 14)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_info_bar(self.width())
        # once the layouts have the new size; the window as context: a window closed
        # meanwhile is not called
        QTimer.singleShot(0, self, self._after_resize)

    def _after_resize(self) -> None:
        if self.rule_label.text():
            self._set_rule(self.rule_label.text())
        self._place_panels()

    # --- menus -------------------------------------------------------------------------------

    def show_score_sheet(self) -> None:
        if self.controller.state is None and self.replay is None:
            return
        data = self._sheet_data()
        if self._sheet_dialog is None:
            from cardtable.ui.dialogs.score_sheet import ScoreSheetDialog

            self._sheet_dialog = ScoreSheetDialog(data, data.current, self)
        else:
            self._sheet_dialog.set_data(data, data.current)
        self._sheet_dialog.show()
        self._sheet_dialog.raise_()
        self._sheet_dialog.activateWindow()

    def show_last_trick(self) -> None:
        session = self.replay
        view = session.timeline.state.view(session.viewer) if session is not None \
            else self.controller.view()
        if view is None:
            return
        if self.scene.show_last_trick(view, self.presenter.last_trick_caption(view)):
            return
        said = self.presenter.last_round(view)  # before any trick: the buying round
        if said is None or not self.scene.show_round(*said):
            self.scene.show_note(self.tr("No trick has been played in this deal yet."))

    def preferences_dialog(self) -> None:
        from cardtable.ui.dialogs.preferences import PreferencesDialog

        dialog = PreferencesDialog(self.prefs, self, sound_available=self.sound.available)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.apply_prefs(dialog.result_prefs())

    def apply_prefs(self, prefs: TablePrefs) -> None:
        """Keep and apply the table's settings, at once and with the game going on."""
        old, self.prefs = self.prefs, prefs
        save_prefs(self.qs, prefs)
        self.set_pace(prefs.pace)
        self.controller.shared_undo = prefs.shared_undo
        self._update_game_actions()
        self.sound.volume = prefs.volume / 100
        self.sound.muted = prefs.muted
        self.art.set_four_colour(prefs.four_colour)
        self.art.set_high_contrast(prefs.high_contrast)
        self.art.set_back_style(prefs.back_style)
        self.scene.set_card_scale(prefs.card_scale)
        if prefs.theme != old.theme:
            self._apply_theme()
        if prefs.language != old.language:
            self.set_language(prefs.language)
        self.scene.update()
        self._place_panels()

    def _apply_theme(self) -> None:
        """Draw everything in the theme the settings (or the desktop) now ask for."""
        theme.set_current(theme.resolve(self.prefs.theme))
        colours = theme.current()
        theme.restyle(self.info_bar, colours.info_css)
        self.save_banner.apply_theme()
        for panel in (self.choice, self.board, self.handover):
            theme.restyle(panel, colours.panel_css)
        if self._replay_bar is not None:
            self._replay_bar.apply_theme()
        self.scene.apply_theme()
        for item in self.scene.items():
            item.update()

    def show_help(self) -> None:
        """The rules of the game on the table (F1), with how to play here; one window,
        kept open beside the table and turned to the game now played."""
        from cardtable.ui.dialogs.rules import RulesDialog

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

    # --- a game that cannot be saved -----------------------------------------------------------

    def _elsewhere(self) -> tuple[str, int | None]:
        """Where Save as last put the game on the table, and how many of its moves
        are not in that file (None: the file holds another game)."""
        if self._saved_elsewhere is None:
            return "", None
        path, held = self._saved_elsewhere
        return str(path), self.controller.moves_beyond(held)

    def _on_save_problem(self, problem: saves.SaveProblem) -> None:
        first = not self.save_banner.problem_shown
        self._show_save_problem()
        if first:
            self.announcer.say(self.save_banner.message.text(), urgent=True)

    def _show_save_problem(self) -> None:
        """The banner in words for the problem and the count as they are now."""
        problem = self.controller.save_problem
        if problem is None:
            return
        where, behind = self._elsewhere()
        self.save_banner.show_problem(problem_text(
            problem, self.controller.unsaved_moves(), where if behind is not None else "",
            behind or 0))

    def _on_save_restored(self) -> None:
        if self.save_banner.problem_shown:
            self.save_banner.clear_problem()
            self.status_label.setText(self.tr("The game is being saved again."))

    def show_note(self, text: str, key: str = "note") -> None:
        """Show a problem other than saving — already in words — in the banner over
        the table until the person closes it (the statistics' problems, say)."""
        self.save_banner.show_note(key, text)
        self.announcer.say(text, urgent=True)

    def _may_quit(self) -> bool:
        """Quitting would lose moves that are not on the disk: ask first.  A save
        still being written is waited for (a while) so that it counts."""
        c = self.controller
        c.flush_autosave(QUIT_SAVE_WAIT_S)
        problem, unsaved = c.save_problem, c.unsaved_moves()
        if problem is None or unsaved == 0 or self._elsewhere()[1] == 0:
            return True
        self._show_save_problem()
        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Moves not saved"),
                          quit_question(problem, unsaved),
                          buttons.Save | buttons.Discard | buttons.Cancel, self)
        box.setObjectName("quitUnsaved")
        box.button(buttons.Save).setText(SaveWords.tr("Save as…"))
        box.button(buttons.Discard).setText(SaveWords.tr("Quit without saving"))
        return self._save_or_not(box)

    def _restore_geometry(self) -> None:
        """The size, place and maximised state of the last run — brought onto the
        screen there is now: a smaller screen, or one unplugged, never leaves the
        window off it or larger than it."""
        try:
            saved = self.qs.value(GEOMETRY_KEY, None)
        except Exception:
            saved = None
        if not isinstance(saved, QByteArray) or not self.restoreGeometry(saved):
            return
        fit_on_screen(self)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.controller.closed and not self._may_quit():
            event.ignore()
            return
        with contextlib.suppress(Exception):
            self.qs.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.controller.stop()
        if self.stats is not None:
            self.stats.close()
        with contextlib.suppress(Exception):
            self.qs.sync()
        super().closeEvent(event)
