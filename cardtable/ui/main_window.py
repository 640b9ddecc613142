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
    QCloseEvent,
    QFontMetrics,
    QGuiApplication,
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
from cardtable.engine.match import HUMAN, Match, Seat
from cardtable.ui import game_files, texts, theme
from cardtable.ui.announcer import Announcer
from cardtable.ui.card_art import CardArt
from cardtable.ui.controller import GameController
from cardtable.ui.game_file_questions import FileQuestions
from cardtable.ui.games import GAME_ORDER, presenter_class
from cardtable.ui.games.base import GamePresenter
from cardtable.ui.i18n import current_language, install_translators
from cardtable.ui.identity import APP_NAME, app_icon, app_version, program_folder
from cardtable.ui.pace import pace_of
from cardtable.ui.prefs import TablePrefs, load_prefs, save_prefs
from cardtable.ui.save_banner import SaveBanner
from cardtable.ui.score_rows import DEAL as DEAL_ROW
from cardtable.ui.score_rows import SheetData
from cardtable.ui.settings import (
    GameSettings,
    display_name,
    human_default_name,
    load_pace,
    load_settings,
    save_pace,
    save_settings,
)
from cardtable.ui.sound import SoundBoard
from cardtable.ui.table.scene import TableScene
from cardtable.ui.table.view import TableView
from cardtable.ui.table_flow import TableFlow
from cardtable.ui.window_menus import WindowMenus
from cardtable.ui.window_place import fit_on_screen

if TYPE_CHECKING:  # imported when first used: nothing of them is on the way to the table
    from cardtable.stats import Statistics
    from cardtable.ui.replay import ReplayBar, ReplaySession
    from cardtable.ui.score_sheet import ScoreSheet, ScoreSheetDialog
    from cardtable.ui.stats_dialog import StatisticsDialog
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
        self._sheet_dialog: ScoreSheetDialog | None = None
        self._rules_dialog: Any = None
        self._build_central()
        self.announcer = Announcer(self.table)
        """What a screen reader hears of the table (the cards are drawn, not widgets)."""
        self.announcer.name(self.tr("Card table"))
        self.flow = TableFlow(self)
        """Turns the controller's news into what the table and its panels show."""
        self.choice, self.board, self.handover = self.flow.choice, self.flow.board, \
            self.flow.handover
        self.table.escape = self.board.press_escape
        self.files = FileQuestions(self)
        """The questions about game files: open, save, leave a game, quit."""
        self.menus = WindowMenus(self)
        self.menus.build()
        self.flow.connect_signals()
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

    @property
    def names(self) -> list[str]:
        """The names at the table, as shown."""
        return self.flow.names

    @property
    def presenter(self) -> GamePresenter[Any]:
        """The game on the table, in words."""
        return self.flow.presenter

    @property
    def game(self) -> str:
        """The game on the table (its engine's name), '' before one."""
        return self.flow.game

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
        self.menus.name_menus()
        if self._replay_bar is not None:
            self._replay_bar.name_controls()
        self.save_banner.name_controls()
        self.files.show_save_problem()
        self.art.set_language(current_language() == "ru")
        for dialog in (self._rules_dialog, self._sheet_dialog, self._stats_dialog):
            if dialog is not None:  # made again, in the new words, when next opened
                dialog.close()
                dialog.deleteLater()
        self._rules_dialog = self._sheet_dialog = self._stats_dialog = None
        self.flow.reword_table()

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
                self.files.tell_save_kept(found)
        self.start_game(self.settings)

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
                self.files.tell_stats_problem(problem)
        return self.stats

    def show_statistics(self) -> None:
        """Game ▸ Statistics: the table just played chosen first."""
        stats = self.statistics_store()
        if stats is None:
            return
        game = self.controller.game_name()
        players = len(self.controller.seats()) if game is not None else None
        if self._stats_dialog is None:
            from cardtable.ui.stats_dialog import StatisticsDialog

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
        from cardtable.ui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, ENABLED_GAMES, self, pace=load_pace(self.qs))
        if dialog.exec() == QDialog.DialogCode.Accepted:
            settings = dialog.result_settings()
            save_settings(self.qs, settings)
            save_pace(self.qs, dialog.result_pace())
            self.prefs = dataclasses.replace(self.prefs, pace=dialog.result_pace())
            self.set_pace(dialog.result_pace())
            if self.files.confirm_leaving_game():
                self.start_game(settings)

    def play_again(self) -> None:
        if self.files.confirm_leaving_game():
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
        if c.shared and c.moves_in_deal() and not self.files.confirm_restart(c.moves_in_deal()):
            return
        if c.restart_deal():
            self.board.hide()
            self.choice.hide()

    def set_pace(self, key: str) -> None:
        pace = pace_of(key)
        self.controller.set_pace(pace.key)
        self.scene.set_pace(pace)

    # --- game files ------------------------------------------------------------------------

    def _ask(self, box: QMessageBox) -> int:
        """Show a question and wait for the answer (tests answer in its place)."""
        return box.exec()

    def _choose_file(self, saving: bool, suggested: str) -> str:
        """The file dialog: a game file to save to (``suggested`` the path offered) or
        to open (``suggested`` the folder); '' if none."""
        folder, name = ((str(Path(suggested).parent), Path(suggested).name) if saving
                        else (suggested, ""))
        title = self.tr("Save the game as") if saving else self.tr("Open a game")
        return game_files.chosen_file(game_files.make_file_dialog(
            self, title, game_files.filter_text(), saving=saving, folder=folder, name=name,
            suffix=game_files.SUFFIX))

    def open_path(self, path: Path) -> bool:
        """Open a game file (see :meth:`FileQuestions.open_path`)."""
        return self.files.open_path(path)

    def save_to(self, path: Path) -> bool:
        """Save the game on the table to ``path`` (see :meth:`FileQuestions.save_to`)."""
        return self.files.save_to(path)

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
        self.menus.undo_action.setEnabled(not watching and c.can_undo())
        self.menus.redo_action.setEnabled(not watching and c.can_redo())
        self.menus.save_action.setEnabled(not watching and c.has_game)
        self.menus.replay_action.setEnabled(not watching and self._can_watch_current())
        self.menus.restart_action.setEnabled(not watching and (not c.shared or c.shared_undo))

    def _can_watch_current(self) -> bool:
        """The game on the table can be watched again — but not an unfinished one that
        several people share: watching shows every hand."""
        return self.controller.can_watch()

    def replay_current(self) -> None:
        """Watch the game on the table again from its first deal."""
        match = self.controller.copy_to_watch()
        if match is None or self.replay is not None or not self._can_watch_current():
            return
        if not self.controller.is_over:
            self.controller.assisted.emit("takeover")  # every hand is shown
        self.watch(match, at_end=False, own=True)

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
        self.flow.names = names
        self.flow.game = match.game.name
        self.flow.presenter = presenter_class(match.game.name)(names, self.flow.you_of(match.seats))
        self.scene.start_game(self.flow.presenter, viewer)
        self.flow.mark_dealer_plates()
        self.scene.set_pace(pace_of(self._replay_pace))
        from cardtable.ui.replay import ReplaySession

        session = ReplaySession(match, self.scene, self.flow.presenter, viewer,
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
        self._set_rule(self.flow.presenter.rule_html(view))
        text = self.tr("Watching the game again")
        if (state.needs_deal or state.is_over) and state.deal_scores:
            scores = " · ".join(f"{name} {texts.signed(score, plus=True)}" for name, score
                                in zip(self.flow.names, state.deal_scores[-1], strict=True))
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
            if self.controller.has_game:
                self.controller.resume()
            else:
                self.start_game(self.settings)

    def _take_over(self, match: Match, own: bool) -> None:
        """Play on from a position of a game watched again: the seats as they were (a
        game of computers alone gets a person at the bottom seat)."""
        session = self.replay
        if session is None or (not own and not self.files.confirm_leaving_game()):
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

    def _sheet_data(self) -> SheetData:
        if self.replay is not None:
            match = self.replay.timeline.match
            return self.flow.presenter.score_sheet(match.state, match.deals)
        data = self.controller.score_sheet(self.flow.presenter)
        assert data is not None, "the sheet is shown only with a game on the table"
        return data

    def _sheet_widget(self) -> ScoreSheet:
        """The sheet for the board between deals: the deal just played is marked."""
        from cardtable.ui.score_sheet import ScoreSheet

        sheet = ScoreSheet()
        data = self._sheet_data()
        scored = [i for i, row in enumerate(data.rows)
                  if row.kind == DEAL_ROW and row.scores is not None]
        sheet.set_data(data, scored[-1] if scored else None)
        return sheet

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
        self.flow.place_panels()

    # --- menus -------------------------------------------------------------------------------

    def show_score_sheet(self) -> None:
        if not self.controller.has_game and self.replay is None:
            return
        data = self._sheet_data()
        if self._sheet_dialog is None:
            from cardtable.ui.score_sheet import ScoreSheetDialog

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
        if self.scene.show_last_trick(view, self.flow.presenter.last_trick_caption(view)):
            return
        said = self.flow.presenter.last_round(view)  # before any trick: the buying round
        if said is None or not self.scene.show_round(*said):
            self.scene.show_note(self.tr("No trick has been played in this deal yet."))

    def preferences_dialog(self) -> None:
        from cardtable.ui.prefs_dialog import PreferencesDialog

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
        self.flow.place_panels()

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
        from cardtable.ui.rules_dialog import RulesDialog

        game = self.flow.game or self.settings.game
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

    def _on_save_problem(self, problem: saves.SaveProblem) -> None:
        first = not self.save_banner.problem_shown
        self.files.show_save_problem()
        if first:
            self.announcer.say(self.save_banner.message.text(), urgent=True)

    def _on_save_restored(self) -> None:
        if self.save_banner.problem_shown:
            self.save_banner.clear_problem()
            self.status_label.setText(self.tr("The game is being saved again."))

    def show_note(self, text: str, key: str = "note") -> None:
        """Show a problem other than saving — already in words — in the banner over
        the table until the person closes it (the statistics' problems, say)."""
        self.save_banner.show_note(key, text)
        self.announcer.say(text, urgent=True)

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
        if not self.controller.closed and not self.files.may_quit():
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
