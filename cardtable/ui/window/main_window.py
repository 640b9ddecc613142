"""The main window: the table, the rule line above it, the panels on the cloth, the
menus — assembled around one :class:`GameController`.

The window holds no game logic.  It turns the controller's signals into what the
table shows (in the interface language) and the player's clicks into actions.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QByteArray,
    QSettings,
    QStandardPaths,
    QTimer,
    QTranslator,
)
from PySide6.QtGui import (
    QCloseEvent,
    QGuiApplication,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from cardtable import saves
from cardtable.ui import game_files, theme
from cardtable.ui.announcer import Announcer
from cardtable.ui.art.cache import CardArt
from cardtable.ui.controller import GameController
from cardtable.ui.games import GAME_ORDER
from cardtable.ui.games.base import GamePresenter
from cardtable.ui.i18n import current_language, install_translators
from cardtable.ui.identity import APP_NAME, app_icon, app_version, program_folder
from cardtable.ui.pace import pace_of
from cardtable.ui.prefs import TablePrefs, load_prefs, save_prefs
from cardtable.ui.review.run_flow import ReviewFlow
from cardtable.ui.settings import (
    GameSettings,
    load_pace,
    load_settings,
    save_pace,
    save_settings,
)
from cardtable.ui.sound.playback import SoundBoard
from cardtable.ui.table.scene import TableScene
from cardtable.ui.table.view import TableView
from cardtable.ui.window.file_questions import FileQuestions
from cardtable.ui.window.first_paint import FirstPaint
from cardtable.ui.window.info_bar import InfoBar
from cardtable.ui.window.kept_dialogs import let_go
from cardtable.ui.window.menus import WindowMenus
from cardtable.ui.window.place import fit_on_screen
from cardtable.ui.window.replay_flow import ReplayFlow
from cardtable.ui.window.score_sheets import ScoreSheets
from cardtable.ui.window.statistics import WindowStatistics
from cardtable.ui.window.table_flow import TableFlow

if TYPE_CHECKING:  # imported when first used: nothing of them is on the way to the table
    from PySide6.QtWidgets import QMessageBox

    from cardtable.stats import Statistics
    from cardtable.ui.replay import ReplayBar, ReplaySession
    from cardtable.ui.save_banner import SaveBanner
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


class MainWindow(QMainWindow):
    def __init__(self, qsettings: QSettings | None = None, autosave: Path | None = None,
                 start: bool = True, parent: QWidget | None = None,
                 open_file: Path | None = None, statistics: Path | None = None,
                 controller: GameController | None = None) -> None:
        super().__init__(parent)

        self.setWindowTitle(APP_NAME)
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
        self.controller = controller or GameController(self)
        """The table's one authority: a game here, or one held by a table server."""
        self.controller.setParent(self)
        self.controller.autosave_path = autosave
        self.controller.shared_undo = self.prefs.shared_undo
        self.recent = game_files.RecentFiles(self.qs)
        self.watching = ReplayFlow(self)
        """Watching a game again (the game in progress waits in the controller)."""
        self.scene = TableScene(self.art, self)
        self.scene.card_scale = self.prefs.card_scale
        self.table = TableView(self.scene, self)
        self.sheets = ScoreSheets(self)
        """The score sheet in its window and on the board."""
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
        self.statistics = WindowStatistics(self, statistics)
        """The store, the keeper of each game's result, the Statistics window."""
        self.files = FileQuestions(self)
        """The questions about game files: open, save, leave a game, quit."""
        self.reviews = ReviewFlow(self)
        """Game ▸ Review: a game's decisions reviewed beside play, and kept with it."""
        self.menus = WindowMenus(self)
        self.menus.build()
        self.flow.connect_signals()
        self.set_pace(self.prefs.pace)
        self._restore_geometry()
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):  # Qt 6.5: the desktop went dark or light
            hints.colorSchemeChanged.connect(lambda *_: self._apply_theme())
        self.first_paint = FirstPaint(self.table.viewport(), self)
        # the icon (Qt's SVG icon engine, loaded to read it) need not hold up the table
        self.first_paint.when_painted(lambda: self.setWindowIcon(app_icon()))
        self.sound.hold()  # the first deal's sound: once the dealt table is on the screen
        self.first_paint.when_painted(self.sound.release)
        if statistics is not None:
            self.first_paint.when_painted(self.statistics.open)
        if start:
            QTimer.singleShot(0, lambda: self._first_start(open_file))

    @property
    def stats(self) -> Statistics | None:
        """The statistics' store, once opened (after the table's first paint)."""
        return self.statistics.store

    @property
    def stats_keeper(self) -> StatsKeeper | None:
        return self.statistics.keeper

    def when_first_painted(self, job: Callable[[], object]) -> None:
        """Run ``job`` once the table has first been painted (at once if it has)."""
        self.first_paint.when_painted(job)

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
        self.info_bar = InfoBar(central)
        """The rule line and the status line above the table."""
        self.rule_label, self.status_label = self.info_bar.rule, self.info_bar.status
        layout.addWidget(self.info_bar)
        self._save_banner: SaveBanner | None = None
        layout.addWidget(self.table, 1)
        self.central_layout = layout
        self.setCentralWidget(central)

    @property
    def save_banner(self) -> SaveBanner:
        """Over the table while the game cannot be saved (and for other problems):
        made, hidden, the first time there is something to say."""
        if self._save_banner is None:
            from cardtable.ui.save_banner import SaveBanner

            banner = SaveBanner(self.centralWidget())
            self.central_layout.insertWidget(self.central_layout.indexOf(self.info_bar) + 1,
                                             banner)
            banner.saveAsRequested.connect(self.files.save_as)
            banner.retryRequested.connect(self.controller.save_now)
            self._save_banner = banner
        return self._save_banner

    @property
    def replay_bar(self) -> ReplayBar:
        """The bar under the table while a game is watched again."""
        return self.watching.bar

    @property
    def replay(self) -> ReplaySession | None:
        """The game watched again now, if one is (the game in progress waits)."""
        return self.watching.session

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
        self.watching.name_controls()
        self.reviews.name_controls()
        if self._save_banner is not None:
            self._save_banner.name_controls()
        self.files.show_save_problem()
        self.art.set_language(current_language() == "ru")
        self.statistics.forget_dialog()
        self.sheets.forget_dialog()
        let_go(self._rules_dialog)  # made again, in the new words, when next opened
        self._rules_dialog = None
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

    def start_game(self, settings: GameSettings, seed: int | None = None) -> None:
        self.watching.leave(resume=False)
        self.reviews.forget()
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
        from cardtable.ui.file_dialog import chosen_file, make_file_dialog

        return chosen_file(make_file_dialog(
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

    def update_game_actions(self, *_: object) -> None:
        c = self.controller
        watching = self.replay is not None
        self.menus.undo_action.setEnabled(not watching and c.can_undo())
        self.menus.redo_action.setEnabled(not watching and c.can_redo())
        self.menus.save_action.setEnabled(not watching and c.has_game)
        self.menus.replay_action.setEnabled(not watching and c.can_watch())
        self.menus.restart_action.setEnabled(not watching and (not c.shared or c.shared_undo))
        self.menus.review_action.setEnabled(self.reviews.can_review())

    def replay_current(self) -> None:
        """Watch the game on the table again from its first deal."""
        self.watching.watch_current()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.info_bar.fit(self.width())
        # once the layouts have the new size; the window as context: a window closed
        # meanwhile is not called
        QTimer.singleShot(0, self, self._after_resize)

    def _after_resize(self) -> None:
        self.info_bar.refit_rule()
        self.flow.place_panels()

    # --- menus -------------------------------------------------------------------------------

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
        self.update_game_actions()
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
        if self._save_banner is not None:
            self._save_banner.apply_theme()
        for panel in (self.choice, self.board, self.handover):
            theme.restyle(panel, colours.panel_css)
        self.watching.apply_theme()
        self.reviews.apply_theme()
        self.scene.apply_theme()
        for item in self.scene.items():
            item.update()

    def show_help(self) -> None:
        """The rules of the game on the table (F1), with how to play here; one window,
        kept open beside the table and turned to the game now played."""
        from cardtable.ui.dialogs.rules import RulesDialog

        game = self.flow.game or self.settings.game
        if self._rules_dialog is None:
            self._rules_dialog = RulesDialog(game, self)
        self._rules_dialog.show_game(game)

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

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
        if self._save_banner is not None and self._save_banner.problem_shown:
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
        self.reviews.shutdown()  # its thread ends before the worker processes do
        self.controller.stop()
        self.statistics.close()
        with contextlib.suppress(Exception):
            self.qs.sync()
        super().closeEvent(event)
