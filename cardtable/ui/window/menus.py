"""The window's menus and their actions (with their keys), named in the interface
language by :meth:`WindowMenus.name_menus` so that a change of language names them
again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence

Key = QKeySequence.StandardKey

if TYPE_CHECKING:
    from cardtable.ui.network.play_online import PlayOnline
    from cardtable.ui.window.main_window import MainWindow

translate = QCoreApplication.translate
"""Words in the window's translation context: ``translate("MainWindow", text)``."""


class WindowMenus(QObject):
    """The Game and Help menus: the actions are the window's (its keys work with the
    menu closed), their slots the window's and its parts'."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def _action(self, text: str, slot: Any, shortcut: Any = None) -> QAction:
        action = QAction(text, self)
        if isinstance(shortcut, QKeySequence.StandardKey):
            action.setShortcuts(QKeySequence.keyBindings(shortcut))
        elif shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.window.addAction(action)
        return action

    def build(self) -> None:
        """The actions and menus; their words are set by :meth:`_name_menus`, so that a
        change of language can set them again."""
        self.new_action = self._action("", self.window.new_game_dialog, Key.New)
        self.again_action = self._action("", self.window.play_again, "Ctrl+Shift+N")
        self.restart_action = self._action("", self.window.restart_deal, "Ctrl+R")
        self.open_action = self._action("", self.window.files.open_dialog, Key.Open)
        self.save_action = self._action("", self.window.files.save_as, Key.Save)
        self.undo_action = self._action("", self.window.undo, Key.Undo)
        self.redo_action = self._action("", self.window.redo, Key.Redo)
        self.replay_action = self._action("", self.window.replay_current, "Ctrl+P")
        self.review_action = self._action("", self.window.reviews.start)
        self.review_action.setEnabled(False)
        self.sheet_action = self._action("", self.window.sheets.show, "Ctrl+T")
        self.last_trick_action = self._action("", self.window.show_last_trick, "Ctrl+L")
        self.stats_action = self._action("", self.window.statistics.show)
        self.stats_action.setEnabled(self.window.statistics.path is not None)
        self.settings_action = self._action("", self.window.preferences_dialog,
                                            Key.Preferences)
        if not self.settings_action.shortcuts():
            self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.quit_action = self._action("", self.window.close, Key.Quit)
        if not self.quit_action.shortcuts():
            self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.hint_action = self._action("", self.window.flow.ask_hint, QKeySequence("H"))
        self.hint_action.setEnabled(False)
        self.help_action = self._action("", self.window.show_help, Key.HelpContents)
        if not self.help_action.shortcuts():
            self.help_action.setShortcut(QKeySequence("F1"))
        self.about_action = self._action("", self.window.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

        self.host_action = self._action("", lambda: self._online().host())
        self.join_action = self._action("", lambda: self._online().join())
        self.host_again_action = self._action("", lambda: self._online().host_again())

        self.game_menu = game_menu = self.window.menuBar().addMenu("")
        for action in (self.new_action, self.again_action, self.restart_action):
            game_menu.addAction(action)
        self.online_menu = game_menu.addMenu("")
        self.online_menu.addAction(self.host_action)
        self.online_menu.addAction(self.join_action)
        self.online_menu.addAction(self.host_again_action)
        game_menu.addSeparator()
        game_menu.addAction(self.open_action)
        self.recent_menu = game_menu.addMenu("")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        game_menu.addAction(self.save_action)
        game_menu.addSeparator()
        game_menu.addAction(self.undo_action)
        game_menu.addAction(self.redo_action)
        game_menu.addAction(self.replay_action)
        game_menu.addAction(self.review_action)
        game_menu.addSeparator()
        game_menu.addAction(self.sheet_action)
        game_menu.addAction(self.last_trick_action)
        game_menu.addAction(self.hint_action)
        game_menu.addAction(self.stats_action)
        game_menu.addSeparator()
        game_menu.addAction(self.settings_action)
        game_menu.addSeparator()
        game_menu.addAction(self.quit_action)
        self.help_menu = help_menu = self.window.menuBar().addMenu("")
        help_menu.addAction(self.help_action)
        help_menu.addAction(self.about_action)
        self.name_menus()

    def name_menus(self) -> None:
        """Every menu's and action's words in the interface language."""
        words = (
            (self.new_action, translate("MainWindow", "&New game…")),
            (self.again_action, translate("MainWindow", "Play &again with the same settings")),
            (self.restart_action, translate("MainWindow", "&Restart deal")),
            (self.open_action, translate("MainWindow", "&Open…")),
            (self.save_action, translate("MainWindow", "&Save as…")),
            (self.undo_action, translate("MainWindow", "&Undo move")),
            (self.redo_action, translate("MainWindow", "Re&do move")),
            (self.replay_action, translate("MainWindow", "&Watch this game again")),
            (self.review_action, translate("MainWindow", "Re&view decisions…")),
            (self.sheet_action, translate("MainWindow", "&Score sheet")),
            (self.last_trick_action, translate("MainWindow", "&Last trick")),
            (self.stats_action, translate("MainWindow", "Stat&istics")),
            (self.settings_action, translate("MainWindow", "Se&ttings…")),
            (self.quit_action, translate("MainWindow", "&Quit")),
            (self.hint_action, translate("MainWindow", "&Hint")),
            (self.help_action, translate("MainWindow", "&Rules and how to play")),
            (self.about_action, translate("MainWindow", "&About CardTable")),
        )
        for action, text in words:
            action.setText(text)
        self.hint_action.setToolTip(translate(
                "MainWindow", "What the strongest computer player would do now"))
        self.review_action.setToolTip(translate(
                "MainWindow", "How much each of your decisions in this game cost, as a chess "
                              "engine marks inaccuracies, mistakes and blunders"))
        self.online_menu.setTitle(translate("MainWindow", "Play &online"))
        self.host_action.setText(translate("MainWindow", "&Host a table…"))
        self.join_action.setText(translate("MainWindow", "&Join a table…"))
        self.host_again_action.setText(translate("MainWindow", "Host the &last table again"))
        self.game_menu.setTitle(translate("MainWindow", "&Game"))
        self.recent_menu.setTitle(translate("MainWindow", "Open &recent"))
        self.help_menu.setTitle(translate("MainWindow", "&Help"))

    def _online(self) -> PlayOnline:
        """Hosting and joining network tables (loaded when first asked for)."""
        from cardtable.ui.network.play_online import PlayOnline

        online = self.window.findChild(PlayOnline)
        return online if online is not None else PlayOnline(self.window)

    def _fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        paths = self.window.recent.paths()
        for number, path in enumerate(paths, 1):
            action = menu.addAction(f"&{number} {path.name}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.window.files.open_path(p))
        if not paths:
            empty = menu.addAction(translate("MainWindow", "No recent games"))
            empty.setEnabled(False)
        menu.addSeparator()
        clear = menu.addAction(translate("MainWindow", "&Clear the list"), self.window.recent.clear)
        clear.setEnabled(bool(paths))
